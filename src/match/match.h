/*
 * match.h - the match runner behind `quartet match`: engines speaking the
 * project's GTP play scheduled games against each other while the runner
 * referees every move with its own game object (game.h), keeps the
 * clocks, writes an append-only results log that an interrupted match
 * resumes from, and reports the statistics of stats.h.
 *
 * The command line is documented in main.c (quartet help match) and the
 * log format and formulas in docs/MATCHES.md.
 */
#ifndef QUARTET_MATCH_H
#define QUARTET_MATCH_H

#include <stddef.h>
#include <stdint.h>

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

/* Parse "ms=1000", "60+0.5", "60" or "iterations=2000".  0, or -1 with a
 * message in err. */
int match_parse_tc(const char *text, match_tc *out, char *err, size_t errlen);
/* Canonical text of a time control ("ms=1000", "60+0.5", "none"). */
void match_tc_text(const match_tc *tc, char *buf, size_t len);

/* `quartet match ...` (argv[0] is "match").  Exit status: 0 finished,
 * 1 an engine could not be run, 2 bad command line, 130 interrupted. */
int match_main(int argc, char **argv);

#endif
