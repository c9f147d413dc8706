/*
 * searcher.h - the interface every searcher implements, and the registry.
 *
 * A searcher (random, mcts, ...) is a table of operations, like game_ops
 * for games.  It declares its settings as a table; the engine facade
 * (engine.c) parses, checks, prints and documents every setting from that
 * table alone, and hands the searcher the values already checked.  A
 * searcher never parses text.
 *
 * A game may tune a searcher's defaults (game_ops.ai_defaults); the user's
 * own settings override them.
 */
#ifndef QUARTET_SEARCHER_H
#define QUARTET_SEARCHER_H

#include "ai/engine.h"
#include "game.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum searcher_type {
    SEARCHER_INT,    /* whole number in min..max */
    SEARCHER_FLOAT,  /* number in fmin..fmax */
    SEARCHER_BOOL,   /* 0 or 1 */
    SEARCHER_CHOICE  /* one of choices[]; the value is its index */
};

typedef struct searcher_setting {
    const char *name;
    enum searcher_type type;
    long long min, max, def;     /* INT; BOOL and CHOICE use def only */
    double fmin, fmax, fdef;     /* FLOAT */
    const char *const *choices;  /* CHOICE: NULL-terminated */
    const char *help;            /* one line: what it does */
} searcher_setting;

/* A setting's value: i for INT, BOOL and CHOICE, f for FLOAT. */
typedef union searcher_value {
    long long i;
    double f;
} searcher_value;

#define SEARCHER_MAX_SETTINGS 24

/* One search: the settings (in the order of the searcher's table), what
 * the front end asks for, and where to report. */
typedef struct searcher_run {
    const searcher_value *set;
    int64_t budget_ms;          /* the front end's time for this move (0: none) */
    int analyze;                /* no iteration or time limit: until *stop */
    atomic_int *stop;           /* non-zero: return as soon as possible */
    engine_progress_fn progress; /* NULL: no reports */
    void *progress_arg;
    int progress_ms;
    int level_holds;            /* the user chose a level below the top: budget_ms caps it */
} searcher_run;

typedef struct searcher_ops {
    const char *name;                  /* registry key: "mcts" */
    const char *summary;               /* one line for help */
    const searcher_setting *settings;  /* terminated by name == NULL */
    /* NULL with a message when out of memory. */
    void *(*create)(char *err, size_t errlen);
    void (*destroy)(void *self);
    /* The settings changed (each is in its range): take what must be taken
     * at once (a new random seed, the memory for the tree), the rest is
     * read at the next search.  0, or -1 with a message to refuse them
     * (then the old ones stay).  NULL: nothing to take. */
    int (*configure)(void *self, const searcher_value *set, char *err, size_t errlen);
    /* Choose a move for the side to move in g (unchanged); QMOVE_NONE
     * when the game is over.  Fills rep (never NULL) and reports through
     * run->progress, the last time with final set. */
    qmove (*choose)(void *self, const game *g, const searcher_run *run, engine_report *rep);
    /* 1 when a candidate's visits tell how settled the choice is, so the
     * facade may stop a timed search early once the leader cannot be
     * caught (MCTS); alpha-beta's node counts do not. */
    int early_stop;
    /* What level (1..ENGINE_LEVEL_MAX) gives with these settings, for
     * people choosing one: its budget and its share of moves at random.
     * NULL: the searcher has no levels. */
    void (*level_text)(const searcher_value *set, int level, char *buf, size_t len);
} searcher_ops;

/* Every searcher, NULL-terminated; the first is the strongest ("ai"). */
extern const searcher_ops *const searcher_registry[];
/* By name, case-insensitive ("ai" is the strongest); NULL if unknown. */
const searcher_ops *searcher_find(const char *name);

/* The index of a named setting in ops->settings, or -1. */
int searcher_setting_index(const searcher_ops *ops, const char *name);
/* Parse value for setting s into *out: 0, or -1 with a message. */
int searcher_parse(const searcher_setting *s, const char *value, searcher_value *out,
                   char *err, size_t errlen);
/* The value as text ("0.7", "5", "1", a choice's name). */
void searcher_value_text(const searcher_setting *s, searcher_value v, char *buf, size_t len);
/* A memory setting of mb MB: 0, or -1 with a message when the machine
 * has less. */
int searcher_check_memory(long long mb, char *err, size_t errlen);
/* Every setting's default. */
void searcher_defaults(const searcher_ops *ops, searcher_value *out);
/* 1 when this search is given time that replaces its level's budget and
 * slips: a time per move (the setting ms, given as ms_setting), or the
 * front end's time (a clock) unless the user chose a level below the top,
 * which a clock only cuts short.  Levels are for people: a beginner's
 * level stays one with a clock running; with no level chosen, or level 10,
 * the time is used. */
int searcher_time_replaces_level(const searcher_run *run, long long ms_setting);
/* Help lines for the settings of every searcher. */
void searcher_help(char *buf, size_t len);

/* The random searcher, MCTS and alpha-beta. */
extern const searcher_ops random_searcher;
extern const searcher_ops mcts_searcher;
extern const searcher_ops alphabeta_searcher;

#endif
