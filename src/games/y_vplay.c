/*
 * y_vplay.c - the random playout of Y's multi-stone variants (y_vplay.h).
 *
 * Stone by stone under the group rule, to the first Y (the Y the full
 * board would hold: stones are never removed).  The playout keeps its own
 * state, indexed by bit position (cell (c, r) is bit r*(size+1) + c - r),
 * so it never converts a cell to its bit: the empty cells as a list of
 * bits, each colour's stones as a bit set, and its own groups.  Every
 * stone names its group's root (no find loop); a group is a ring of its
 * stones, and two groups merge by renaming the smaller one's stones.  A
 * root holds its group's size, the sides it touches and the bit set of the
 * cells next to the group (reach).  The cells the group rule closes to the
 * mover are the reach of this turn's groups, which only grows during the
 * turn (a legal stone never joins one of them).
 *
 * In the bit layout the neighbours of bit b are b -/+ 1, b -/+ size and
 * b -/+ (size + 1), whatever the cell: off the board they fall on bits
 * that are never set (the gap at the end of each row, or the zero guard
 * words around the sets).  So one shifted window of the mover's stones
 * gives the six neighbours as six bits, and a table of the 64 sets gives
 * where the runs of consecutive ones start: one group per run.
 *
 * With threats (MCTS's playouts), a turn first takes a cell where the
 * mover makes a Y and then blocks the cells where the opponent would, as
 * far as the group rule lets it; the rest is random.  In the variants a
 * turn can win only through a cell that wins when it starts (two stones
 * of one turn never share a group), so both sets are found once a turn:
 * for each colour and side, the cells on the side or next to a group
 * touching it (near, grown with every stone), and a cell in all three
 * sets wins.  Without this a random turn leaves a threat open as often as
 * not, and the playouts miss what decides these games.
 *
 * The functions taking words and n (the size) are inlined where they are
 * constants, so the bit sets of boards up to size 11 are two words without
 * loops and the default board's shifts are immediate.
 */
#include "games/y_vplay.h"

#include <string.h>

#define Y_HOT static inline __attribute__((always_inline))

/* The playout's sets besides g->vp. */
typedef struct vsets {
    /* each colour's stones, from [1] on: [0] and the last word are zero
     * guards, so a window of bits may start below bit 0 */
    uint64_t own[2][BB_WORDS + 1];
    uint64_t closed[BB_WORDS]; /* the cells the group rule closes this turn */
    /* near[side][e]: the cells on side e or next to a group of side's
     * stones that touches it; only grows */
    uint64_t near[2][3][BB_WORDS];
    uint64_t wins[BB_WORDS], blocks[BB_WORDS]; /* find_threats() */
} vsets;

Y_HOT uint64_t *stones_of(vsets *t, int side) { return t->own[side] + 1; }

Y_HOT int has(const uint64_t *x, int b) { return (int)(x[b >> 6] >> (b & 63) & 1); }

Y_HOT int no_bits(const uint64_t *x, int words)
{
    uint64_t any = 0;
    for (int i = 0; i < words; i++)
        any |= x[i];
    return any == 0;
}

/* Merge the groups of roots x and y: the smaller one's stones name the
 * other root, and the rings join.  Returns the root. */
Y_HOT int merge_groups(y_vstate *v, int x, int y, int words)
{
    int small = v->size[x] < v->size[y]; /* a select, not a branch: a coin toss */
    int a = small ? y : x, b = x ^ y ^ a, m = b;
    do {
        v->root[m] = (int16_t)a;
        m = v->next[m];
    } while (m != b);
    int16_t t = v->next[a];
    v->next[a] = v->next[b];
    v->next[b] = t;
    v->size[a] = (int16_t)(v->size[a] + v->size[b]);
    v->sides[a] |= v->sides[b];
    for (int i = 0; i < words; i++)
        v->reach[a * words + i] |= v->reach[b * words + i];
    return a;
}

/* The 64 bits of x from bit s on (s > -64; x has zero guard words on
 * both sides). */
Y_HOT uint64_t bits_from(const uint64_t *x, int s)
{
    int w = s >> 6, o = s & 63; /* s < 0: the word below, shifted */
    return x[w] >> o | (x[w + 1] << 1) << (63 - o);
}

/* Put a stone on empty bit b and merge it with its neighbours in own (the
 * mover's stones).  Returns the root of its group.  The six neighbours in
 * turning order fall into at most three runs of own stones, one group
 * each (neighbours next to each other touch): g->runs gives where the
 * runs start, or with no own neighbour b itself, made a group of its own
 * first -- so no own neighbour and one run take the same path. */
Y_HOT int join_stone(const y_game *g, y_vstate *v, int b, const uint64_t *own, int words,
                     int n)
{
    int from = b - (n + 1);
    uint64_t w = bits_from(own, from);
    unsigned set = (unsigned)((w & 3) | (w >> n & 4) | (w >> (2 * n - 1) & 8) |
                              (w >> (2 * n - 3) & 16) | (w >> n & 1) << 5);
    const y_runs *runs = &g->runs[set];
    v->root[b] = v->next[b] = (int16_t)b;
    v->size[b] = 0;
    v->sides[b] = 0;
    for (int i = 0; i < words; i++)
        v->reach[b * words + i] = 0;
    int root = v->root[from + runs->at[0]];
    for (int k = 1; k < runs->n; k++) {
        int rj = v->root[from + runs->at[k]];
        if (rj != root)
            root = merge_groups(v, root, rj, words);
    }
    v->root[b] = (int16_t)root;
    v->next[b] = v->next[root];
    v->next[root] = (int16_t)b;
    v->size[root]++;
    v->sides[root] |= g->side_of_bit[b];
    for (int i = 0; i < words; i++)
        v->reach[root * words + i] |= g->nb_bits[b * words + i];
    return root;
}

/* The bit of the idx-th set bit of x. */
static int select_bit(const uint64_t *x, int idx)
{
    for (int w = 0;; w++) {
        uint64_t v = x[w];
        int c = __builtin_popcountll(v);
        if (idx < c) {
            while (idx--)
                v &= v - 1;
            return w * 64 + __builtin_ctzll(v);
        }
        idx -= c;
    }
}

/* Where bit b (an empty cell's) is in the list. */
static int list_index(const int16_t *list, int b)
{
    int k = 0;
    while (list[k] != b)
        k++;
    return k;
}

/* The index in the list of a uniform open cell for a later stone of the
 * turn (the first draw was closed), or -1 when every empty cell is closed:
 * two more draws, then the set of open cells. */
static int pick_open(const y_game *g, rng *r, const vsets *t, const uint64_t *closed, int ne)
{
    const int16_t *list = g->vp.list;
    uint64_t y = rng_next(r);
    int k = (int)(((y >> 32) * (uint32_t)ne) >> 32);
    if (!has(closed, list[k]))
        return k;
    k = (int)(((y & 0xFFFFFFFFu) * (uint32_t)ne) >> 32);
    if (!has(closed, list[k]))
        return k;
    uint64_t open[BB_WORDS];
    int n = 0;
    for (int i = 0; i < g->words; i++) {
        open[i] = g->all_bits[i] & ~(t->own[0][i + 1] | t->own[1][i + 1] | closed[i]);
        n += __builtin_popcountll(open[i]);
    }
    if (n == 0)
        return -1;
    return list_index(list, select_bit(open, (int)rng_below(r, (uint32_t)n)));
}

/* The pie rule's swap inside a playout, as y_make plays it: the first
 * player's stones (placed before the playout or in it) turn White. */
static void swap_colours(y_game *g, vsets *t, const uint64_t keys[2][MAX_CELLS],
                         uint64_t *changed)
{
    for (int i = 0; i < g->ncells; i++)
        if (g->cell[i] == BLACK) {
            g->cell[i] = WHITE;
            *changed ^= keys[0][i] ^ keys[1][i];
        }
    memcpy(t->own[1], t->own[0], sizeof t->own[1]);
    memset(t->own[0], 0, sizeof t->own[0]);
    memcpy(t->near[1], t->near[0], sizeof t->near[1]);
    memcpy(t->near[0], g->edge_bits, sizeof t->near[0]);
    g->st.stones[1] = g->st.stones[0];
    g->st.stones[0] = 0;
}

/* Add the group of root (a stone of side) to the cells near each side it
 * touches. */
Y_HOT void add_near(vsets *t, const y_vstate *v, int side, int root, int words)
{
    for (int e = 0; e < 3; e++)
        if (v->sides[root] >> e & 1)
            for (int i = 0; i < words; i++)
                t->near[side][e][i] |= v->reach[root * words + i];
}

/* The cells where a stone of side would make a Y now.  A stone joins
 * every group of its colour next to it, so an empty cell wins when each
 * side is touched by the cell itself or by one of those groups: near
 * that side, for all three sides at once. */
Y_HOT void winning_cells(const y_game *g, const vsets *t, int side, int words, uint64_t *out)
{
    for (int i = 0; i < words; i++)
        out[i] = g->all_bits[i] & ~(t->own[0][i + 1] | t->own[1][i + 1]) &
                 t->near[side][0][i] & t->near[side][1][i] & t->near[side][2][i];
}

/* A turn's cells that are not random (wins for the mover, the opponent's
 * wins to block), found when the turn starts: the mover's stones can only
 * take the opponent's away, and a win the turn's own stones make is
 * closed to it by the group rule.  Returns 1 when there is one. */
Y_HOT int find_threats(const y_game *g, vsets *t, int side, int words)
{
    winning_cells(g, t, side, words, t->wins);
    winning_cells(g, t, side ^ 1, words, t->blocks);
    uint64_t any = 0;
    for (int i = 0; i < words; i++)
        any |= t->wins[i] | t->blocks[i];
    return any != 0;
}

/* The bit of an open cell where the mover wins, else of an open cell the
 * opponent wins on (taken off the blocks), else -1. */
Y_HOT int forced_bit(vsets *t, int words)
{
    for (int i = 0; i < words; i++) {
        uint64_t x = t->wins[i] & ~t->closed[i];
        if (x)
            return i * 64 + __builtin_ctzll(x);
    }
    for (int i = 0; i < words; i++) {
        uint64_t x = t->blocks[i] & ~t->closed[i];
        if (x) {
            t->blocks[i] &= ~(x & -x);
            return i * 64 + __builtin_ctzll(x);
        }
    }
    return -1;
}

/* The playout's sets and list from the position: the empty cells, the
 * stones, the groups (from the game's union-find) with their reach, this
 * turn's closed cells, with threats the cells near the sides.  Returns the
 * number of empty cells. */
static int start(y_game *g, vsets *t, int threats, int words)
{
    const y_state *s = &g->st;
    y_vstate *v = &g->vp;
    memset(t, 0, sizeof *t);
    for (int side = 0; side < 2; side++)
        memcpy(t->near[side], g->edge_bits, sizeof t->near[side]);
    if (s->stones[0] + s->stones[1] == 0) { /* the empty board: every bit, in order */
        memcpy(v->list, g->bit, (size_t)g->ncells * sizeof v->list[0]);
        return g->ncells;
    }
    int ne = 0;
    for (int i = 0; i < g->ncells; i++) { /* the empty cells, the stones, the roots */
        int b = g->bit[i];
        if (g->cell[i] == EMPTY) {
            v->list[ne++] = (int16_t)b;
            continue;
        }
        stones_of(t, g->cell[i] - 1)[b >> 6] |= 1ull << (b & 63);
        if (y_root(g, i) == i) {
            v->root[b] = v->next[b] = (int16_t)b;
            v->size[b] = 1;
            v->sides[b] = g->sides[i];
            memset(&v->reach[b * words], 0, (size_t)words * sizeof(uint64_t));
        }
    }
    for (int i = 0; i < g->ncells; i++) { /* every stone into its root's ring */
        if (g->cell[i] == EMPTY)
            continue;
        int b = g->bit[i], rb = g->bit[y_root(g, i)];
        if (b != rb) {
            v->root[b] = (int16_t)rb;
            v->next[b] = v->next[rb];
            v->next[rb] = (int16_t)b;
            v->size[rb]++;
        }
        for (int k = 0; k < words; k++)
            v->reach[rb * words + k] |= g->nb_bits[b * words + k];
    }
    for (int i = 0; threats && i < g->ncells; i++)
        if (g->cell[i] != EMPTY && v->root[g->bit[i]] == g->bit[i])
            add_near(t, v, g->cell[i] - 1, g->bit[i], words);
    for (int k = 0; k < s->placed; k++) {
        int rb = v->root[g->bit[THIS_TURN(g, k)]];
        for (int i = 0; i < words; i++)
            t->closed[i] |= v->reach[rb * words + i];
    }
    return ne;
}

/* The mover's stone on empty bit b, on the game's board too (its key into
 * *h), and with threats in the cells near the sides; returns the root of
 * its group. */
Y_HOT int place(y_game *g, y_vstate *v, vsets *t, int b, int side, int threats, int words,
                int n, const uint64_t keys[2][MAX_CELLS], uint64_t *h)
{
    int c = g->cell_of_bit[b];
    g->cell[c] = (uint8_t)(side + 1);
    g->st.stones[side]++;
    *h ^= keys[side][c];
    uint64_t *own = stones_of(t, side);
    int root = join_stone(g, v, b, own, words, n);
    own[b >> 6] |= 1ull << (b & 63);
    if (threats)
        add_near(t, v, side, root, words);
    return root;
}

/* The playout; *changed gets the stone keys of the cells it changed.  A
 * turn's later stones draw again while the cell is closed.  A whole turn of
 * the two-stone variant takes one random number (its upper half draws the
 * first stone, the lower the second); other stones share one random number
 * between two draws. */
Y_HOT void run(y_game *g, rng *r, const uint64_t keys[2][MAX_CELLS], uint64_t *changed,
               int threats, qmove *trace, int *nt, int words, int n)
{
    y_state *s = &g->st;
    y_vstate *v = &g->vp;
    int16_t *list = v->list;
    vsets t;
    int ne = start(g, &t, threats, words), side = s->side, turn = s->turn;
    int left = y_quota(g, turn) - s->placed, two_stone = g->variant == VAR_DOUBLE;
    int may_swap = g->pie && turn < 2; /* the pie rule's offer is still to come */
    uint64_t spare = 0, h = 0;
    int have_spare = 0, forced = threats && find_threats(g, &t, side, words);
    while (ne > 0) {
        int k, b, root;
        const uint64_t *closed = t.closed;
        if (forced) {
            b = forced_bit(&t, words);
            if (b >= 0) {
                k = list_index(list, b);
                goto chosen;
            }
            forced = 0;
        }
        if (two_stone && left == 2) {
            uint64_t y = rng_next(r);
            k = (int)(((y >> 32) * (uint32_t)ne) >> 32);
            b = list[k];
            list[k] = list[--ne];
            root = place(g, v, &t, b, side, threats, words, n, keys, &h);
            if (trace)
                trace[(*nt)++] = game_traced((qmove)g->cell_of_bit[b], side);
            if (v->sides[root] == SIDE_ALL) {
                s->result = (uint8_t)(RESULT_FIRST + side);
                goto next_turn;
            }
            if (ne == 0)
                goto next_turn;
            /* read in place: a copy would load it right after the stores
             * that made it, which costs a stall */
            closed = &v->reach[root * words];
            left = 1;
            k = (int)(((y & 0xFFFFFFFFu) * (uint32_t)ne) >> 32);
        } else {
            uint64_t x = spare;
            if (!have_spare) {
                uint64_t y = rng_next(r);
                spare = y & 0xFFFFFFFFu;
                x = y >> 32;
            }
            have_spare ^= 1;
            k = (int)((x * (uint32_t)ne) >> 32);
        }
        b = list[k];
        if (has(closed, b)) {
            k = pick_open(g, r, &t, closed, ne);
            if (k < 0) /* a short turn: no legal cell left */
                goto next_turn;
            b = list[k];
        }
    chosen:
        list[k] = list[--ne];
        root = place(g, v, &t, b, side, threats, words, n, keys, &h);
        if (trace)
            trace[(*nt)++] = game_traced((qmove)g->cell_of_bit[b], side);
        if (v->sides[root] == SIDE_ALL)
            s->result = (uint8_t)(RESULT_FIRST + side);
        else if (--left > 0) {
            for (int i = 0; i < words; i++)
                t.closed[i] |= v->reach[root * words + i];
            continue;
        }
    next_turn: /* the turn passes (after a Y too, as in y_make) */
        side ^= 1;
        turn = turn < MAX_TURN ? turn + 1 : MAX_TURN;
        left = y_quota(g, turn);
        for (int i = 0; i < words; i++)
            t.closed[i] = 0;
        if (s->result != RESULT_NONE)
            break;
        if (may_swap && turn == 2) {
            may_swap = 0;
            int white = !no_bits(stones_of(&t, 1), words);
            if (!white && rng_below(r, (uint32_t)ne + 1) == (uint32_t)ne) {
                swap_colours(g, &t, keys, &h);
                side = 0;
                if (trace)
                    trace[(*nt)++] = game_traced(MV_SWAP, 1);
            }
        }
        forced = threats && find_threats(g, &t, side, words);
    }
    s->side = (uint8_t)side;
    s->turn = (int16_t)turn;
    s->placed = 0;
    *changed = h;
}

void y_vplay_run(y_game *g, rng *r, const uint64_t keys[2][MAX_CELLS], uint64_t *changed,
                 int threats, qmove *trace, int *ntrace)
{
    if (g->size == 11) /* the default board */
        run(g, r, keys, changed, threats, trace, ntrace, 2, 11);
    else if (g->words == 2) /* every board up to size 11 */
        run(g, r, keys, changed, threats, trace, ntrace, 2, g->size);
    else
        run(g, r, keys, changed, threats, trace, ntrace, g->words, g->size);
}

void y_vplay_runs(y_game *g)
{
    int n = g->size;
    /* the six neighbours in turning order, as bits above b - (n + 1) */
    const int at[6] = {0, 1, n + 2, 2 * n + 2, 2 * n + 1, n};
    for (int set = 0; set < 64; set++) {
        y_runs *r = &g->runs[set];
        r->n = set == 63; /* all six: one run, starting anywhere */
        r->at[0] = (uint8_t)(set == 63 ? at[0] : n + 1);
        for (int k = 0; k < 6 && set != 63; k++)
            if ((set >> k & 1) && !(set >> (k + 5) % 6 & 1))
                r->at[r->n++] = (uint8_t)at[k];
    }
}
