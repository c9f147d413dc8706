/*
 * mcts_policy.h - what MCTS knows of a position besides the tree: the
 * playout (the game's own hook or uniformly random moves, with the
 * evaluation cut-offs of MC-LOA) and the prior of a new node.  Playout
 * improvements (RAVE's move lists, smarter policies) belong here.
 */
#ifndef QUARTET_MCTS_POLICY_H
#define QUARTET_MCTS_POLICY_H

#include "ai/mcts.h"
#include "ai/mcts_tree.h"

/* Play on from g (changed); the first player's score.  With an evaluation
 * the playout is judged every p->cutoff plies (a sure evaluation ends it
 * as a win or loss) and ends after p->eval_plies plies with the evaluation
 * as its score; without one it runs to the end or to p->max_plies (a
 * draw). */
double mcts_policy_playout(mcts_worker *w, game *g, const mcts_params *p);
/* The prior of the position g for the player who moved into it (mover),
 * from the game's evaluation; only called when the game has one. */
float mcts_policy_prior(const game *g, int mover);

#endif
