/*
 * y_policy.h - Y knowledge for the search: the playout policy and the
 * priors of moves (game_ops.policy_playout and game_ops.priors).
 */
#ifndef QUARTET_Y_POLICY_H
#define QUARTET_Y_POLICY_H

#include "game.h"

#include <stdint.h>

struct rng;
struct y_game;

/* Build the policy's tables (once, from any thread). */
void y_policy_init(void);

/* Play on from g, a standard game (the variants play out in y_vplay.c),
 * with the knowledge of y_policy.c: restore a bridge or a second-row edge
 * template the opponent's last stone intruded into, else a uniformly
 * random empty cell, to the full board.  A playout cut short (max_plies
 * below the empty cells) goes stone by stone through the rules and first
 * takes a winning cell next to the mover's last stone and blocks one next
 * to the opponent's (playing every playout that way costs up to 39 %
 * more and gained nothing at equal iterations: docs/STRENGTH.md, "Dead
 * cells, and wins in the standard game's playouts").  Stops at
 * the end of the game or after max_plies moves; every move played goes to
 * trace (when not NULL) and their number to *ntrace.  Returns the result
 * (RESULT_NONE when cut).  Uncut, g ends finished and without history, as
 * if set by text. */
int y_policy_playout(game *g, struct rng *r, int max_plies, qmove *trace, int *ntrace);

/* Is empty cell c dead: would a stone of either colour there join nothing
 * that is not joined already?  Off the sides: the cells around it the
 * other colour does not hold are one run, with the colour's stones one run
 * among them and every empty one beside such a stone, or at most two empty
 * cells together; on a side: every neighbour holds a stone of one colour.
 * Its colour then never changes the winner, so playing it is no better
 * than passing, which is never better than a stone. */
int y_policy_dead(const struct y_game *g, int c);

/* Does a stone of colour own (player + 1) on empty cell c make a Y? */
int y_policy_wins_at(const struct y_game *g, int c, int own);

/* What the standard game's priors know of an empty cell: its six
 * neighbours as the player to move sees them (2 bits each in ring order:
 * 0 empty, 1 own stone, 2 the opponent's, 3 the outside), the least code
 * over the ring's six turns and two reflections; its distance to the
 * nearest side (at most 3); and whether it is next to the opponent's last
 * stone (1), a bridge away from it (2) or neither (0). */
#define Y_PATTERN_EDGES 4
#define Y_PATTERN_NEAR 3
typedef struct y_pattern {
    uint16_t ring;
    uint8_t edge, near;
} y_pattern;
y_pattern y_policy_pattern(const game *g, int c);

/* out[i] in [0,1]: how promising moves[i] is for the player to move
 * (0.5 when nothing is known).  The standard game's come from how often
 * strong play chose a cell of each pattern (y_pattern_counts.h), the
 * variants' from bridges, edge templates and the last stone. */
void y_policy_priors(const game *g, const qmove *moves, int n, float *out);

#endif
