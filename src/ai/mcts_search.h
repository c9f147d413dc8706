/*
 * mcts_search.h - one MCTS search over a tree (mcts_tree.h) by a worker.
 */
#ifndef QUARTET_MCTS_SEARCH_H
#define QUARTET_MCTS_SEARCH_H

#include "ai/mcts.h"
#include "ai/mcts_tree.h"

#include <stdatomic.h>

/* Search g (unchanged) and choose a move for the side to move, with
 * nworkers threads over one tree: the calling one with workers[0], the
 * others with workers[1..] (fewer if a thread cannot be had).  The search
 * ends at the first of: the iteration or time limit, *stop becoming
 * non-zero, or the root's value being proven (a win: unless a shorter win
 * may still be found among the moves not proven yet).  With p->reuse the tree of
 * the last search is kept when g is its root plus moves (while the pool is
 * at most half full); a fixed seed and budget still give the same result
 * for the same sequence of searches with one thread. */
qmove mcts_search_run(mcts_tree *t, mcts_worker *const *workers, int nworkers, const game *g,
                      const mcts_params *p, atomic_int *stop, mcts_result *out);

#endif
