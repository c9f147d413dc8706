/*
 * loa_eval.h - Lines of Action knowledge for the AI: the evaluation
 * (after Winands' MIA and MC-LOA) and move priors, on the bitboards of
 * loa.c, without allocation.  Used by loa.c's evaluate and priors hooks.
 */
#ifndef QUARTET_LOA_EVAL_H
#define QUARTET_LOA_EVAL_H

#include "game.h"

#include <stdint.h>

/* The features, each the side to move's value minus the opponent's. */
enum {
    LOA_EVAL_CONCENTRATION, /* average distance to the centre of mass beyond the least */
    LOA_EVAL_CENTRALISATION, /* average square value, the centre best */
    LOA_EVAL_COM,            /* centre of mass's distance from the board's centre */
    LOA_EVAL_QUADS,          /* Euler number from 2x2 quads: groups less holes */
    LOA_EVAL_MOBILITY,       /* moves, captures counted double and moves to the edge half */
    LOA_EVAL_CONNECTEDNESS,  /* average number of own neighbours */
    LOA_EVAL_GROUPS,         /* 8-connected components */
    LOA_EVAL_BLOCKED,        /* pieces that cannot move */
    LOA_EVAL_WALLS,          /* enemy edge pieces fenced in by own pieces */
    LOA_EVAL_NFEATURES
};

/* The features of a position (not over) for side (0 or 1) to move;
 * count: the pieces on each line (loa_tables.h), or NULL to count them. */
void loa_eval_features(const uint64_t pieces[2], int side, const uint8_t *count, double *f);
/* The weighted sum of the features: the logit of the expected score. */
double loa_eval_score(const uint64_t pieces[2], int side, const uint8_t *count);
/* The expected score in (0,1) for side to move; colour-flipping the
 * position gives the complement. */
double loa_eval_expect(const uint64_t pieces[2], int side, const uint8_t *count);
/* The simpler evaluation MCTS scores its cut playouts with: concentration
 * around the centre of mass's nearest square and groups, with a bonus for
 * the move; it plays better there than the full one (docs/STRENGTH.md). */
double loa_eval_playout(const uint64_t pieces[2], int side);
/* Priors in (0,1) for moves (legal, loa.c's codes) of side to move: the
 * playout evaluation of the position each leads to, for the mover (what
 * MCTS took before it asked the game for priors; any other tried so far
 * lost every game, docs/STRENGTH.md). */
void loa_eval_priors(const uint64_t pieces[2], int side, const qmove *moves, int n, float *out);

#endif
