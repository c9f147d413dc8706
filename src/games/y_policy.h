/*
 * y_policy.h - Y knowledge for the search: the playout policy and the
 * priors of moves (game_ops.policy_playout and game_ops.priors).
 */
#ifndef QUARTET_Y_POLICY_H
#define QUARTET_Y_POLICY_H

#include "game.h"

struct rng;

/* Build the policy's tables (once, from any thread). */
void y_policy_init(void);

/* Play on from g, a standard game (the variants play out in y_vplay.c),
 * with the knowledge of y_policy.c: take a winning cell next to the
 * mover's last stone, block one next to the opponent's last stone,
 * restore a bridge or a second-row edge template the opponent's last
 * stone intruded into, else a uniformly random empty cell.  Stops at
 * the end of the game or after max_plies moves; every move played goes to
 * trace (when not NULL) and their number to *ntrace.  Returns the result
 * (RESULT_NONE when cut).  Uncut, g ends finished and without history, as
 * if set by text. */
int y_policy_playout(game *g, struct rng *r, int max_plies, qmove *trace, int *ntrace);

/* out[i] in [0,1]: how promising moves[i] is for the player to move
 * (0.5 when nothing is known). */
void y_policy_priors(const game *g, const qmove *moves, int n, float *out);

#endif
