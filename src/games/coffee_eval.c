/*
 * coffee_eval.c - Coffee's evaluation for the alpha-beta searcher: the
 * expected score of the player to move.
 *
 * A player wins in Coffee by leaving the opponent only bars that hand it a
 * winning cell, so what counts is how many lines each player has poisoned:
 * a line through one of its hot cells (an empty cell completing its row)
 * is one the opponent may not leave the bar on.  Besides those, each
 * player's hot cells and its open windows (n cells in a line without an
 * opponent's piece) weigh, and for the mover its safe moves.  What the
 * mover can do at once is read exactly (coffee_threat.c): a win, or every
 * move handing the opponent one.
 */
#include "games/coffee_impl.h"

#include <math.h>
#include <string.h>

/* Its terms, in thousandths of the log-odds of winning. */
#define EV_HOT 250        /* an empty cell completing the player's row */
#define EV_POISON 120     /* a line the opponent may not leave the bar on */
#define EV_WINDOW 15      /* an open window with one piece; x4 for each more */
#define EV_SAFE 40        /* a safe move of the mover, up to SAFE_CAP */
#define SAFE_CAP 6
#define EV_TEMPO 100      /* the move */
#define EV_SURE 0.98      /* a win or loss the mover cannot change */

typedef struct standing {
    int score;              /* the open windows */
    uint8_t hot[MAX_CELLS]; /* hot cells, 1 each */
} standing;

/* Walks each line's windows of n cells once, for both players: windows
 * with pieces of one player only score for it, and a window one piece
 * short marks its empty cell hot. */
static void read_windows(const coffee_game *g, standing *st)
{
    for (int l = 0; l < g->nlines; l++) {
        const int16_t *line = g->line_cells + g->line_start[l];
        int len = g->line_len[l], count[3] = {0, 0, 0};
        for (int i = 0; i < len; i++) {
            count[g->cell[line[i]]]++;
            if (i >= g->n)
                count[g->cell[line[i - g->n]]]--;
            if (i < g->n - 1)
                continue;
            for (int p = 0; p < 2; p++) {
                int mine = count[p + 1];
                if (mine == 0 || count[2 - p] > 0)
                    continue;
                if (mine == g->n - 1) {
                    for (int j = i - g->n + 1; j <= i; j++)
                        if (g->cell[line[j]] == EMPTY)
                            st[p].hot[line[j]] = 1;
                } else {
                    st[p].score += EV_WINDOW << (2 * (mine - 1));
                }
            }
        }
    }
}

/* Hot cells and the lines they poison: lines through a hot cell with
 * another empty cell, where the opponent could put the bar. */
static int hot_and_poison(const coffee_game *g, const standing *st)
{
    uint8_t poisoned[MAX_LINES];
    int score = 0;
    memset(poisoned, 0, (size_t)g->nlines);
    for (int i = 0; i < g->ncells; i++) {
        int u = g->cells[i];
        if (!st->hot[u])
            continue;
        score += EV_HOT;
        for (int a = 0; a < g->naxes; a++) {
            int l = g->line_of[u][a];
            if (g->empty[l] >= 2 && !poisoned[l]) {
                poisoned[l] = 1;
                score += EV_POISON;
            }
        }
    }
    return score;
}

double coffee_eval_evaluate(const game *gg)
{
    const coffee_game *g = (const coffee_game *)gg;
    int p = g->pos.side, safe = 0;
    if (g->pos.result != RESULT_NONE)
        return g->pos.result == RESULT_FIRST + p ? 1.0 : 0.0;
    if (g->pos.bar < 0)
        return 0.5;
    int now = coffee_threat_quick_value(gg, &safe);
    if (now != 0)
        return now > 0 ? EV_SURE : 1.0 - EV_SURE;
    standing st[2];
    st[0].score = st[1].score = 0;
    memset(st[0].hot, 0, (size_t)(g->w * g->w));
    memset(st[1].hot, 0, (size_t)(g->w * g->w));
    read_windows(g, st);
    int s = st[p].score - st[!p].score + hot_and_poison(g, &st[p]) - hot_and_poison(g, &st[!p]) +
            EV_TEMPO + EV_SAFE * (safe < SAFE_CAP ? safe : SAFE_CAP);
    return 1.0 / (1.0 + exp(-s / 1000.0));
}
