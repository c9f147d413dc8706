/* y_vplay.h - the random playout of Y's multi-stone variants (y.c's
 * playout hook calls it); only the Y modules include it. */
#ifndef QUARTET_Y_VPLAY_H
#define QUARTET_Y_VPLAY_H

#include "games/y_board.h"
#include "rng.h"

/* g->runs for g->size. */
void y_vplay_runs(y_game *g);

/* Play random legal stones from g (a variant, game not over, no swap on
 * offer) to the first Y: uniformly random, or with threats, each turn
 * first takes a win the mover has when it starts and then blocks the
 * opponent's wins, while the group rule leaves them open.  g's board,
 * stone counts, side, turn and result become those of the end; its groups
 * are left stale (a finished position without history never reads them)
 * and its hash is not touched: *changed receives the XOR of the stone keys
 * (keys[colour - 1][cell]) of every cell that changed colour, the other
 * hash terms are the caller's.  trace (NULL: none) receives every stone
 * and swap made, each marked GAME_TRACE_SECOND when White made it, and
 * *ntrace grows by their number. */
void y_vplay_run(y_game *g, rng *r, const uint64_t keys[2][MAX_CELLS], uint64_t *changed,
                 int threats, qmove *trace, int *ntrace);

#endif
