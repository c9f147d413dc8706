/*
 * solver.h - the value of a position and of every move from it, proven
 * with pns.h: for each move, whether it wins, draws or loses for the
 * player making it; root moves are shared out among worker threads (each
 * with its own table), while the calling thread reports progress.
 */
#ifndef QUARTET_SOLVER_H
#define QUARTET_SOLVER_H

#include "ai/pns.h"
#include "game.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define SOLVER_MAX_THREADS 64

/* Values for the player making the move (or to move at the root). */
enum solver_value { SOLVER_UNKNOWN = 0, SOLVER_WIN, SOLVER_DRAW, SOLVER_LOSS };

typedef struct solver_progress {
    int64_t ms;
    uint64_t nodes;
    uint32_t pn, dn;      /* of the proof the first busy worker is on */
    int moves_done, moves;
    size_t memory_bytes;
    double tt_fill;       /* 0..1 over all tables */
} solver_progress;

typedef struct solver_params {
    size_t memory_mb;     /* shared by the threads' tables */
    int64_t ms;           /* whole run (0: no limit) */
    uint64_t nodes;       /* per thread (0: no limit) */
    uint64_t order_seed;  /* 0: the game's move order */
    int threads;          /* 1..SOLVER_MAX_THREADS */
    int first;            /* stop at the first winning move */
    int replies;          /* also list the opponent's winning replies to each move */
    atomic_int *stop;     /* set by another thread: end soon, what is left
                             unknown (NULL: never) */
    int64_t progress_ms;  /* between progress calls (0: none) */
    void (*progress)(void *ctx, const solver_progress *p);
    void *ctx;
} solver_params;

typedef struct solver_move {
    qmove move;
    char text[GAME_MOVE_TEXT_MAX];
    int value;            /* enum solver_value, for the player making it */
    int same_as;          /* an earlier move to a symmetric position whose
                             value this one shares, or -1 */
    int nreplies;         /* with replies: the opponent's winning answers */
    char (*reply)[GAME_MOVE_TEXT_MAX];
} solver_move;

typedef struct solver_result {
    int value;            /* for the player to move */
    int to_move;
    int nmoves;
    solver_move *moves;   /* in the game's move order */
    uint64_t nodes;
    int64_t ms;
    size_t memory_bytes;
    char why[128];        /* when a value is unknown: the limit that ended it */
} solver_result;

/* Solve every move of g (unchanged).  0, or -1 with a message (bad
 * parameters, no memory, a finished game). */
int solver_run(const game *g, const solver_params *p, solver_result *out, char *err,
               size_t errlen);
void solver_result_free(solver_result *r);

const char *solver_value_name(int value); /* "win", "draw", "loss", "unknown" */

/* Write the proof of the root value (as solved into r) to path: a win or
 * loss as one claim, a draw as two.  Uses one table of memory_mb. 0, or
 * -1 with a message. */
int solver_write_proof(const game *g, const solver_result *r, const solver_params *p,
                       const char *path, char *err, size_t errlen);

#endif
