/*
 * mcts_amaf.h - all-moves-as-first statistics for RAVE.
 *
 * After an iteration, every child of a node on the path whose move was
 * played later in that iteration (further down the path or in the
 * playout) by the player to move at the node counts the iteration's score
 * in its AMAF statistics.  Moves are game-private codes, so the moves of
 * one iteration are kept in the worker by code: an array for the small
 * codes most games use, a small hash table for the rest (both reset by a
 * generation count, never cleared).  No game needs a hook for it.
 *
 * Who played a playout move is known from the alternation of the players
 * where turns are one move; where they can hold several (Y's multi-stone
 * variants), the playout marks the second player's moves in the trace
 * (GAME_TRACE_SECOND).
 */
#ifndef QUARTET_MCTS_AMAF_H
#define QUARTET_MCTS_AMAF_H

#include "ai/mcts_tree.h"

/* Record the iteration's moves: the tree's moves along w->path[0..depth]
 * (each by the side to move at its node), then the w->ntrace playout moves
 * of w->trace, the first by the side to move at the leaf, then alternating
 * (or by their marks when t->marked_trace). */
void mcts_amaf_record(const mcts_tree *t, mcts_worker *w, int depth);
/* Add score (for the first player) to the AMAF statistics of the children
 * of the path's nodes (mcts_amaf_record first). */
void mcts_amaf_update(mcts_tree *t, mcts_worker *w, int depth, double score);

#endif
