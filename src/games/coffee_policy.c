/*
 * coffee_policy.c - Coffee's knowledge for the search: a playout that takes
 * a winning placement or a bar that leaves the opponent no legal turn, and
 * (half the time, see GUARD_ONE_IN) does not hand the opponent a win; and
 * move priors from the same judgement.
 *
 * A move (cell t, axis a) gives the opponent the line through t along a.
 * It is judged by that line alone, with t filled by the mover: the
 * opponent wins there when one of its empty cells completes their n in a
 * row, and cannot move at all (the mover wins) when no empty cell of it
 * keeps a legal bar.  Both are read without making the move.
 */
#include "games/coffee_impl.h"
#include "rng.h"

/* Does a cell of line l other than t complete o's row?  t is empty, so
 * none of o's rows runs through it. */
static int line_gives_win(const coffee_game *g, int l, int t, int o, uint64_t o_wins)
{
    if (g->small)
        return (g->line_mask[l] & o_wins & ~(1ull << g->bit_of[t])) != 0;
    const int16_t *line = g->line_cells + g->line_start[l];
    for (int i = 0; i < g->line_len[l]; i++)
        if (line[i] != t && g->cell[line[i]] == EMPTY && makes_line(g, line[i], o))
            return 1;
    return 0;
}

/* What placing on t with the bar along a leaves player o (to move next).
 * o has no turn only when one empty cell u is left on the line (a line
 * keeps two empty cells, u is o's only cell) and no bar fits on u. */
int coffee_policy_judge(const coffee_game *g, int t, int a, int o, uint64_t o_wins)
{
    int l = g->line_of[t][a];
    if (line_gives_win(g, l, t, o, o_wins))
        return GIVES_WIN;
    if (g->empty[l] != 2)
        return NEUTRAL;
    const int16_t *line = g->line_cells + g->line_start[l];
    for (int i = 0; i < g->line_len[l]; i++) {
        int u = line[i];
        if (u == t || g->cell[u] != EMPTY)
            continue;
        for (int b = 0; b < g->naxes; b++) {
            int lb = g->line_of[u][b];
            /* t, filled, is one empty cell fewer on its lines */
            if (g->empty[lb] - (lb == g->line_of[t][b]) > 1)
                return NEUTRAL;
        }
    }
    return LEAVES_NO_TURN;
}

/* The winning placement on the bar's line, else a move that leaves the
 * opponent no turn (its line has two empty cells), else QMOVE_NONE. */
static qmove winning_move(const coffee_game *g, uint64_t o_wins)
{
    int count, p = g->pos.side, win = winning_cell(g);
    if (win >= 0)
        return (qmove)win | MV_WIN;
    const int16_t *line = target_cells(g, &count);
    for (int i = 0; i < count; i++) {
        int t = line[i];
        for (int a = 0; a < g->naxes && g->cell[t] == EMPTY; a++)
            if (g->empty[g->line_of[t][a]] == 2 &&
                coffee_policy_judge(g, t, a, !p, o_wins) == LEAVES_NO_TURN)
                return (qmove)t | (qmove)a << 9;
    }
    return QMOVE_NONE;
}

#define SAMPLES 4 /* random moves judged before the whole list is */
/* Half the time a playout does not look for the opponent's wins: measured
 * in matches, playouts that parry every threat stop rewarding threats and
 * made the player weaker (docs/STRENGTH.md). */
#define GUARD_ONE_IN 2

/* A win if there is one; else (GUARD_ONE_IN of the time) the first of a
 * few random moves that does not hand the opponent a win, or a random safe
 * one from the whole list, or any; else any random move. */
static qmove choose(const coffee_game *g, rng *r, qmove *list)
{
    if (g->pos.bar < 0 || g->pos.swap_ok)
        return coffee_random_move(g, r, list);
    int o = !g->pos.side;
    uint64_t o_wins = coffee_win_bits(g, o);
    qmove m = winning_move(g, o_wins);
    if (m != QMOVE_NONE)
        return m;
    if (rng_below(r, GUARD_ONE_IN) != 0)
        return coffee_random_move(g, r, list);
    for (int i = 0; i < SAMPLES; i++) {
        m = coffee_random_move(g, r, list);
        if (coffee_policy_judge(g, MV_CELL(m), MV_AXIS(m), o, o_wins) != GIVES_WIN)
            return m;
    }
    int n = coffee_ops.legal_moves(&g->base, list), safe = 0;
    qmove pick = QMOVE_NONE;
    for (int i = 0; i < n; i++) {
        /* reservoir sampling: uniform over the safe moves seen so far */
        if (coffee_policy_judge(g, MV_CELL(list[i]), MV_AXIS(list[i]), o, o_wins) != GIVES_WIN &&
            rng_below(r, (uint32_t)++safe) == 0)
            pick = list[i];
    }
    return pick != QMOVE_NONE ? pick : list[rng_below(r, (uint32_t)n)];
}

int coffee_policy_playout(game *gg, struct rng *r, int max_plies, qmove *trace, int *ntrace)
{
    coffee_game *g = (coffee_game *)gg;
    qmove list[GAME_MAX_MOVES];
    int n = 0;
    for (; n < max_plies && g->pos.result == RESULT_NONE; n++) {
        qmove m = choose(g, r, list);
        if (trace)
            trace[n] = m;
        coffee_ops.make(gg, m);
    }
    if (ntrace)
        *ntrace = n;
    return g->pos.result;
}

/* Wins and moves that leave no turn 1, moves that hand over a win 0.05,
 * the rest 0.5 and a little more the longer the run they extend. */
void coffee_policy_priors(const game *gg, const qmove *moves, int n, float *out)
{
    const coffee_game *g = (const coffee_game *)gg;
    int p = g->pos.side;
    uint64_t o_wins = coffee_win_bits(g, !p);
    for (int i = 0; i < n; i++) {
        qmove m = moves[i];
        if (m & MV_SWAP) {
            out[i] = 0.5f;
            continue;
        }
        if (m & MV_WIN) {
            out[i] = 1.0f;
            continue;
        }
        int t = MV_CELL(m);
        int v = g->pos.bar < 0 ? NEUTRAL : coffee_policy_judge(g, t, MV_AXIS(m), !p, o_wins);
        if (v == LEAVES_NO_TURN)
            out[i] = 1.0f;
        else if (v == GIVES_WIN)
            out[i] = 0.05f;
        else
            out[i] = 0.5f + 0.2f * (float)(run_through_empty(g, t, p, g->n) - 1) / (float)(g->n - 1);
    }
}
