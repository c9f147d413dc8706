/*
 * coffee_threat.c - what a proof search reads of a Coffee position without
 * making a move: does the player to move win at once (an empty cell of the
 * marked line completes its n in a row), and else how many legal moves it
 * has.  A move that hands the opponent such a win is a proven loss one ply
 * sooner, and the move count seeds the proof numbers.
 */
#include "games/coffee_impl.h"

int coffee_wins_at_once(const game *gg, int *moves)
{
    const coffee_game *g = (const coffee_game *)gg;
    int count, n = g->pos.swap_ok;
    const int16_t *line = target_cells(g, &count);
    for (int i = 0; i < count; i++) {
        int t = line[i];
        if (g->cell[t] != EMPTY)
            continue;
        if (makes_line(g, t, g->pos.side))
            return 1;
        for (int a = 0; a < g->naxes; a++)
            n += bar_ok(g, t, a);
    }
    *moves = n;
    return 0;
}
