/*
 * think.h - the computer's whole turn, chosen in a worker thread so that a
 * front end (GTP, a web server) stays responsive and can stop it.
 *
 * A turn is every move the side to move makes before the other side moves
 * (one move in most games, several stones in Y's multi-stone variants).  A
 * time budget is shared out over the turn's steps: a step that will be
 * followed by another of the same turn gets half of what is left.
 */
#ifndef QUARTET_THINK_H
#define QUARTET_THINK_H

#include "ai/engine.h"
#include "game.h"

typedef struct think_turn {
    qmove *moves;    /* the turn, in order */
    char **notes;    /* per move: the engine's report on one line */
    int n;
    char *text;      /* canonical tokens, comma-joined ("h2,j4") */
    int64_t ms;      /* time spent */
    int stopped;     /* think_stop() was called */
    uint64_t iterations; /* over the turn's searches */
    uint64_t reused;     /* root visits the first step kept from the search before */
} think_turn;

void think_turn_free(think_turn *t);

typedef struct think think;

/* Start choosing the turn of the side to move in g (g is copied and may
 * change afterwards; e must not be used by anyone else until think_join).
 * budget_ms: time for the whole turn, 0 = the engine's own settings.
 * done(arg) is called from the worker when it finishes (e.g. to wake a
 * poll loop).  NULL with err when the thread cannot start. */
think *think_start(engine *e, const game *g, int64_t budget_ms, void (*done)(void *),
                   void *arg, char *err, size_t errlen);
/* Analysis: search g until think_stop (engine_analyze, which reports
 * progress as engine_set_progress asked); the turn holds the best move,
 * not played. */
think *think_analyze(engine *e, const game *g, void (*done)(void *), void *arg, char *err,
                     size_t errlen);
/* Pondering: engine_ponder on g (the opponent to move) until think_stop;
 * the turn holds the opponent's best move, not played. */
think *think_ponder(engine *e, const game *g, char *err, size_t errlen);
/* Ask the search to finish now with what it has; any thread. */
void think_stop(think *t);
/* Wait for the end; returns the turn (caller frees) and frees t. */
think_turn *think_join(think *t);

#endif
