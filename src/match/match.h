/*
 * match.h - the match runner behind `quartet match`: engines speaking the
 * project's GTP play scheduled games against each other while the runner
 * referees every move, keeps the clocks, writes an append-only results log
 * that an interrupted match resumes from, and reports the statistics of
 * stats.h.
 *
 * The runner is split by concern, all in src/match/:
 *   match.c      the schedule, one worker thread per concurrent game, main
 *   matchargs.c  the command line and time controls
 *   gtpclient.c  engine processes and GTP answers
 *   referee.c    one game between two engines
 *   openings.c   openings from a file or random plies
 *   matchlog.c   the results log, resume, SGF records
 *   report.c     tables, progress and the SPRT from the results
 * This header holds what they share: the match's configuration and
 * results.  The command line is documented in main.c (quartet help match),
 * the log format and formulas in docs/MATCHES.md.
 */
#ifndef QUARTET_MATCH_H
#define QUARTET_MATCH_H

#include "game.h"
#include "match/stats.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MATCH_MAX_PLAYERS 64

/* Exit statuses of `quartet match`. */
enum {
    MATCH_EXIT_OK = 0,           /* finished, or stopped by the SPRT */
    MATCH_EXIT_ENGINE = 1,       /* an engine cannot be run */
    MATCH_EXIT_USAGE = 2,        /* bad command line or input files */
    MATCH_EXIT_WRITE = 3,        /* the log or a record could not be written */
    MATCH_EXIT_INTERRUPTED = 130 /* SIGINT or SIGTERM */
};

/* A time control as given to -tc. */
enum match_tc_kind {
    MATCH_TC_NONE = 0,  /* no clock: engines use their own settings */
    MATCH_TC_MOVE,      /* ms=N: a fixed time per turn */
    MATCH_TC_CLOCK,     /* BASE+INC seconds: a clock with an increment */
    MATCH_TC_ITERATIONS /* iterations=N: a search budget, no clock */
};

typedef struct match_tc {
    enum match_tc_kind kind;
    int64_t move_ms;   /* MATCH_TC_MOVE */
    int64_t base_ms;   /* MATCH_TC_CLOCK */
    int64_t inc_ms;
    long iterations;   /* MATCH_TC_ITERATIONS */
} match_tc;

typedef struct match_player {
    char name[64];
    int builtin;          /* our own `quartet gtp` */
    char kind[16];        /* built-in: "ai" or a searcher's name */
    char settings[256];   /* built-in: "name=value ..." */
    int has_seed;
    uint64_t seed;
    char cmd[1024];       /* external: a shell command line */
    int start_failures;   /* consecutive failed starts (under the lock) */
    int ever_started;
} match_player;

typedef struct match_opening {
    int is_position;
    char *text;           /* position text, or move tokens separated by spaces */
} match_opening;

/* One scheduled game. */
typedef struct match_game {
    int first, second;    /* player indices */
    int encounter, round; /* round: game number within the encounter */
    int opening;
    int done;             /* finished and logged */
    int result;           /* enum game_result, when done */
} match_game;

/* One played game as the log and the records keep it. */
typedef struct match_played {
    int result;           /* enum game_result */
    char off_how;         /* an off-board end as record.h has it: 'R', 'T', 'F' or 0 */
    char reason[320];
    char *moves;          /* malloc'd: turns separated by spaces, stones by commas */
    char *times;          /* malloc'd: milliseconds per turn, spaces */
    int turns;
} match_played;

enum match_schedule { MATCH_SCHEDULE_MATCH, MATCH_SCHEDULE_GAUNTLET, MATCH_SCHEDULE_ROUNDROBIN };

typedef struct match {
    /* configuration */
    game *proto;          /* options and start position of every game */
    match_player players[MATCH_MAX_PLAYERS];
    int nplayers;
    int schedule_kind;    /* enum match_schedule */
    int games;            /* per encounter */
    int (*encounters)[2];
    int nencounters;
    match_opening *openings;
    int nopenings;
    int opening_start;    /* -opening-start: the book's opening played first, from 1 */
    char openings_desc[600];
    uint64_t seed;
    int random_plies;
    match_tc tc;
    int64_t margin_ms, timeout_ms;
    int max_plies;
    int concurrency;
    int report_every;
    int debug;
    int use_sprt;
    stats_sprt sprt;
    const char *log_path, *sgf_path, *openings_path;
    int sgf_is_dir, resume;
    char exe[4096];       /* this program, for built-in players */

    /* the schedule and what happened */
    match_game *sched;
    int total, next, done_before, done_now;
    int64_t started_ms;
    int log_fd;
    FILE *sgf_file;
    int stop;             /* no more games: SPRT decided, or a failure below */
    int engine_failed;    /* an engine cannot be started */
    int write_failed;     /* the log or a record could not be written */
    int sprt_result;
    atomic_int *interrupted; /* set by SIGINT/SIGTERM, read by every thread */
    pthread_mutex_t lock;
} match;

/* `quartet match ...` (argv[0] is "match").  Exit status: MATCH_EXIT_*. */
int match_main(int argc, char **argv);
/* Everything match_main does before the first game, into m (cleared
 * first): the arguments, the openings, the schedule, the log (resumed
 * with -resume) and the records' file or folder.  MATCH_EXIT_OK, or the
 * exit status with the error printed.  match_release frees what it made
 * either way. */
int match_prepare(match *m, int argc, char **argv);
void match_release(match *m);

#endif
