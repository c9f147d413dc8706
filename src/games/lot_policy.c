/*
 * lot_policy.c - LOT's knowledge for the search: a playout that takes a
 * winning tower and blocks the opponent's, move priors and an evaluation.
 *
 * A player wins by a tower that completes three towers in a line; a tower
 * is made on one of the three discs of a line of three single discs that
 * the placed disc completes.  So the immediate wins are read from two
 * bitboards per colour: "line" cells (an empty cell where a disc of that
 * colour makes a line of three discs) and "hot" cells (a cell where a tower
 * of that colour makes three towers).  A win is a tower move on a line cell
 * that keeps a hot cell; the opponent's threat is such a line cell, which
 * only a disc of ours on it can take away.
 */
#include "games/lot_impl.h"
#include "rng.h"
#include <math.h>

#define FILE_A (BIT(0) | BIT(7) | BIT(14) | BIT(21) | BIT(28) | BIT(35) | BIT(42))
#define FILE_G (FILE_A << 6)

/* x moved one step forward (+1) or back (-1) along direction d: along a
 * rank, a file, the a1-g7 diagonal, the a7-g1 diagonal. */
static uint64_t step(uint64_t x, int d, int fwd)
{
    switch (d) {
    case 0:
        return fwd ? (x << 1) & ~FILE_A & ALL_CELLS : (x >> 1) & ~FILE_G;
    case 1:
        return fwd ? (x << 7) & ALL_CELLS : x >> 7;
    case 2:
        return fwd ? (x << 8) & ~FILE_A & ALL_CELLS : (x >> 8) & ~FILE_G;
    default:
        return fwd ? (x << 6) & ~FILE_G & ALL_CELLS : (x >> 6) & ~FILE_A;
    }
}

/* Cells that, added to set x, make three of x in a row. */
static uint64_t completes_three(uint64_t x)
{
    uint64_t out = 0;
    for (int d = 0; d < 4; d++) {
        uint64_t f = step(x, d, 1), b = step(x, d, 0);
        out |= (f & step(f, d, 1)) | (f & b) | (b & step(b, d, 0));
    }
    return out & ~x;
}

/* What one colour can do next turn. */
typedef struct threats {
    uint64_t line; /* empty cells where its disc makes a line of three */
    uint64_t hot;  /* cells where its tower makes three towers */
    uint64_t win;  /* line cells with a winning tower move */
} threats;

/* The wins of colour c from position p; the first winning move in *best
 * when best != NULL (QMOVE_NONE if none). */
static threats read_threats(const lot_pos *p, int c, qmove *best)
{
    uint64_t empty = ~(p->disc[0] | p->disc[1] | p->tower[0] | p->tower[1]) & ALL_CELLS;
    threats t;
    t.line = completes_three(p->disc[c]) & empty;
    t.hot = completes_three(p->tower[c]) & (p->disc[c] | empty);
    t.win = 0;
    if (best)
        *best = QMOVE_NONE;
    if (!t.hot)
        return t;
    lot_pos as = *p;
    as.side = (uint8_t)c;
    qmove buf[36];
    for (uint64_t b = t.line; b; b &= b - 1) {
        int s = __builtin_ctzll(b), k = lot_tower_moves(&as, s, buf);
        for (int i = 0; i < k; i++)
            if (t.hot >> MV_KEPT(buf[i]) & 1) {
                t.win |= BIT(s);
                if (best && *best == QMOVE_NONE)
                    *best = buf[i];
                break;
            }
    }
    return t;
}

/* A move of the player to move that leaves a disc on cell s (a plain
 * placement, or a tower kept on s), drawn at random. */
static qmove occupy(const lot_pos *p, int s, rng *r)
{
    qmove buf[36], keep[12];
    int k = lot_tower_moves(p, s, buf), n = 0;
    if (k == 0)
        return (qmove)s;
    for (int i = 0; i < k; i++)
        if (MV_KEPT(buf[i]) == s)
            keep[n++] = buf[i];
    return keep[rng_below(r, (uint32_t)n)];
}

/* The n-th set bit of x. */
static int nth_set(uint64_t x, int n)
{
    while (n--)
        x &= x - 1;
    return __builtin_ctzll(x);
}

/* Win if possible, else block one of the opponent's winning cells, else
 * a uniformly random move. */
static qmove choose(const lot_pos *p, rng *r)
{
    if (p->swap_ok)
        return lot_random_move(p, r);
    qmove win;
    read_threats(p, p->side, &win);
    if (win != QMOVE_NONE)
        return win;
    threats o = read_threats(p, !p->side, NULL);
    if (o.win) {
        int k = __builtin_popcountll(o.win);
        return occupy(p, nth_set(o.win, (int)rng_below(r, (uint32_t)k)), r);
    }
    return lot_random_move(p, r);
}

int lot_policy_playout(game *gg, struct rng *r, int max_plies, qmove *trace, int *ntrace)
{
    lot_game *g = (lot_game *)gg;
    int n = 0;
    for (; n < max_plies && g->pos.result == RESULT_NONE; n++) {
        qmove m = choose(&g->pos, r);
        if (trace)
            trace[n] = m;
        lot_ops.make(gg, m);
    }
    if (ntrace)
        *ntrace = n;
    return g->pos.result;
}

/* Cells along the four lines at most two steps from the cells of x. */
static uint64_t near_two(uint64_t x)
{
    uint64_t out = 0;
    for (int d = 0; d < 4; d++)
        for (int fwd = 0; fwd < 2; fwd++) {
            uint64_t one = step(x, d, fwd);
            out |= one | step(one, d, fwd);
        }
    return out;
}

/* Wins first (1), then blocks of the opponent's wins (0.9, the rest 0.1),
 * then towers (more next to an own tower), then discs next to an own
 * disc; 0.5 for the rest. */
void lot_policy_priors(const game *gg, const qmove *moves, int n, float *out)
{
    const lot_pos *p = &((const lot_game *)gg)->pos;
    int c = p->side;
    threats me = read_threats(p, c, NULL), o = read_threats(p, !c, NULL);
    uint64_t tower_near = near_two(p->tower[c]), disc_near = near_two(p->disc[c]);
    for (int i = 0; i < n; i++) {
        qmove m = moves[i];
        float v = 0.5f;
        if (m & MV_SWAP) {
            out[i] = v;
            continue;
        }
        int s = MV_PLACED(m), tower = (m & MV_TOWER) != 0;
        int kept = tower ? MV_KEPT(m) : s;
        if (tower && (me.hot >> kept & 1))
            v = 1.0f;
        else if (o.win)
            v = (o.win >> s & 1) && kept == s ? 0.9f : 0.1f;
        else if (tower)
            v = (tower_near >> kept & 1) ? 0.8f : 0.7f;
        else if (disc_near >> s & 1)
            v = 0.55f;
        out[i] = v;
    }
}

/* ---- the evaluation ---- */

/* Its terms, in thousandths of the log-odds of winning. */
#define EV_TOWER 300      /* a tower */
#define EV_HOT 500        /* a cell where a tower makes three towers */
#define EV_WINDOW 60      /* three cells in a line, one a tower, none the opponent's */
#define EV_LINE 120       /* an empty cell where a disc makes a tower */
#define EV_DISC 20        /* a single disc */
#define EV_TEMPO 150      /* the move */
#define EV_MUST_BLOCK 400 /* the opponent threatens to win: the move goes to the block */
#define EV_SURE 0.98      /* a win next turn that cannot be stopped */

/* Windows of three cells in a line inside `allowed` holding at least one
 * cell of x, over the four directions. */
static int windows_with(uint64_t allowed, uint64_t x)
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        uint64_t a1 = step(allowed, d, 0), a2 = step(a1, d, 0);
        uint64_t x1 = step(x, d, 0), x2 = step(x1, d, 0);
        n += __builtin_popcountll(allowed & a1 & a2 & (x | x1 | x2));
    }
    return n;
}

/* Colour c's standing without the threats of the next turn. */
static int standing(const lot_pos *p, int c, const threats *t)
{
    uint64_t theirs = p->disc[!c] | p->tower[!c];
    return EV_TOWER * __builtin_popcountll(p->tower[c]) + EV_HOT * __builtin_popcountll(t->hot) +
           EV_WINDOW * windows_with(~theirs & ALL_CELLS, p->tower[c]) +
           EV_LINE * __builtin_popcountll(t->line) + EV_DISC * __builtin_popcountll(p->disc[c]);
}

double lot_policy_evaluate(const game *gg)
{
    const lot_pos *p = &((const lot_game *)gg)->pos;
    int c = p->side;
    if (p->result != RESULT_NONE)
        return p->result == RESULT_DRAW ? 0.5 : p->result == RESULT_FIRST + c ? 1.0 : 0.0;
    threats me = read_threats(p, c, NULL), o = read_threats(p, !c, NULL);
    if (me.win && !p->swap_ok)
        return EV_SURE;
    int s = standing(p, c, &me) - standing(p, !c, &o) + EV_TEMPO;
    if (o.win) {
        /* one disc blocks one cell: two cannot both be blocked */
        if (o.win & (o.win - 1))
            return 1.0 - EV_SURE;
        s -= EV_MUST_BLOCK;
    }
    return 1.0 / (1.0 + exp(-s / 1000.0));
}
