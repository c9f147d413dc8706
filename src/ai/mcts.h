/*
 * mcts.h - Monte Carlo Tree Search for any game behind game.h: what one
 * search is asked (mcts_params) and what it found (mcts_result).  The
 * searcher's entry and settings are in mcts.c; the tree, the search loop
 * and the playout policy in mcts_tree.c, mcts_search.c, mcts_policy.c.
 *
 * UCT over a node pool allocated once, with a score-bounds solver (MCTS-
 * Solver extended to draws): proven wins, losses and draws propagate
 * through the tree and the final choice never walks into a proven loss.
 * A proven node knows its proof's length, so the search plays the
 * shortest win it has proven (and looks on for a shorter one while its
 * budget lasts) and, when every move is lost, the longest loss.  A search
 * that can afford it first tries the root's moves for a win in two by
 * brute force (mcts_tree_win_in_two).
 * Playouts use the game's own playout hook when it has one, else uniformly
 * random legal moves; a game with an evaluate hook gets evaluation
 * cut-offs as in MC-LOA and priors.  The side to move is read from the
 * game at every node, so turns of several moves by one player need no
 * care.
 */
#ifndef QUARTET_MCTS_H
#define QUARTET_MCTS_H

#include "ai/engine.h"
#include "game.h"

#include <stddef.h>
#include <stdint.h>

typedef struct mcts_params {
    uint64_t iterations; /* stop after this many (0: no limit) */
    int64_t ms;          /* stop after this many milliseconds (0: no limit) */
    uint64_t seed;       /* with the iteration limit alone (and one thread) the search is reproducible */
    double c;            /* UCT exploration constant */
    /* with the game's evaluation: */
    int cutoff;          /* judge the playout every this many plies (0: never) */
    int eval_plies;      /* end it after this many plies, scored by the evaluation (0: never) */
    int max_plies;       /* playout length cap; then the evaluation (or a draw) scores it */
    double prior;        /* weight of a new node's prior (the game's priors hook,
                            else its evaluation), in visits (0: none) */
    int rave;            /* RAVE's equivalence parameter: visits at which the
                            real and all-moves-as-first means weigh the same (0: off) */
    int reuse;           /* start from the last search's subtree when g follows it */
    int expand;          /* visits a leaf takes (each a playout) before it grows children */
    engine_progress_fn progress; /* NULL: no reports */
    void *progress_arg;
    int progress_ms;     /* between reports (<= 0: only the final one) */
} mcts_params;

typedef struct mcts_result {
    qmove move;          /* QMOVE_NONE when the game is over */
    double value;        /* expected score for the side to move, 0..1 */
    int proven;          /* 1 when value is a proven game value */
    int forced;          /* 1 when every other move is a proven loss (or there is no other) */
    int plies;           /* when the value is proven: moves to the end along the proof,
                            the winner taking the shortest way, the loser the longest */
    uint64_t iterations;
    uint64_t nodes;      /* tree nodes in use at the end */
    uint64_t reused;     /* visits the root had from earlier searches */
    uint32_t visits;     /* visits of the chosen move */
    double win_rate;     /* its mean score for the side to move */
    int64_t ms;
    int npv;
    qmove pv[ENGINE_PV_MAX]; /* principal variation, starting with move */
} mcts_result;

#endif
