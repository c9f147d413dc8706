/*
 * y.c - Y on a triangle of hexagons, with the progressive and two-stone
 * variants (shared/rules/y.md).
 *
 * Cells are numbered densely row by row from the bottom: row r (0-based)
 * holds columns r..size-1.  Groups live in a union-find without path
 * compression (union by rank), so y_root() is O(log n) and every union can be
 * undone from a three-entry log; each root carries the set of sides its
 * group touches, which makes the win test one comparison per placement.
 *
 * A multi-stone turn is a run of single-stone moves.  The turn state (turn
 * number, stones placed so far this turn, whether swap is still possible)
 * is part of the position, its text and its hash.  Everything is sized for
 * the largest board when the game is created: make, unmake, copy and the
 * playouts never allocate.
 */
#include "games/y.h"
#include "games/y_board.h"
#include "games/y_policy.h"
#include "games/y_vplay.h"
#include "rng.h"
#include "util.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_SIZE, OPT_VARIANT, OPT_PIE };
enum { PIE_AUTO, PIE_OFF, PIE_ON };
static const char *const variant_choices[] = {"standard", "progressive", "double", NULL};
static const char *const pie_choices[] = {"auto", "0", "1", NULL};
static const game_option y_options[] = {
    {"size", "cells on each side of the triangle", NULL, Y_MIN_SIZE, Y_MAX_SIZE, 11},
    {"variant", "stones per turn: standard 1; progressive n on the n-th turn; double 1, then 2",
     variant_choices, 0, 2, VAR_STANDARD},
    {"pie", "swap as the second player's first move: auto (on for standard only), 0, 1",
     pie_choices, 0, 2, PIE_AUTO},
    {NULL, NULL, NULL, 0, 0, 0},
};

/* ---- tables ---- */

static uint64_t zob_stone[2][MAX_CELLS], zob_this[MAX_CELLS], zob_side, zob_swap;
/* Built once, whichever thread creates the first game. */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
/* sym_cell[size][k][i]: the image of cell i under the k-th symmetry of the
 * triangle.  A cell's three distances to the sides (row, column - row,
 * size - 1 - column) add up to size - 1; permuting them maps the board onto
 * itself and keeps neighbours, so every permutation is a rotation or a
 * reflection. */
static int16_t sym_cell[Y_MAX_SIZE + 1][6][MAX_CELLS];

static int cell_at(int n, int c, int r);

static void set_bit(uint64_t *x, int b) { x[b >> 6] |= 1ull << (b & 63); }

static void init_symmetries(void)
{
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int n = Y_MIN_SIZE; n <= Y_MAX_SIZE; n++)
        for (int k = 0; k < 6; k++)
            for (int r = 0; r < n; r++)
                for (int c = r; c < n; c++) {
                    int d[3] = {r, c - r, n - 1 - c}, r2 = d[perm[k][0]];
                    sym_cell[n][k][cell_at(n, c, r)] = (int16_t)cell_at(n, r2 + d[perm[k][1]], r2);
                }
}

static void build_tables(void)
{
    rng r;
    rng_seed(&r, 0x59A11Eull);
    for (int i = 0; i < MAX_CELLS; i++) {
        zob_stone[0][i] = rng_next(&r);
        zob_stone[1][i] = rng_next(&r);
        zob_this[i] = rng_next(&r);
    }
    zob_side = rng_next(&r);
    zob_swap = rng_next(&r);
    init_symmetries();
    y_policy_init();
}

static void init_tables(void) { pthread_once(&tables_once, build_tables); }

/* The turn number has no fixed bound, so its key is computed (splitmix64). */
static uint64_t zob_turn(int t)
{
    uint64_t z = (uint64_t)t * 0x9E3779B97F4A7C15ull + 0x1234567ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Dense index of (column c, row r), both 0-based, or -1 off the board. */
static int cell_at(int n, int c, int r)
{
    if (r < 0 || c < r || c >= n)
        return -1;
    return r * n - r * (r - 1) / 2 + (c - r);
}

static void init_geometry(y_game *g, int n)
{
    /* in turning order: each direction's neighbours are the next and the
     * previous one */
    static const int dc[6] = {1, 1, 0, -1, -1, 0};
    static const int dr[6] = {0, 1, 1, 0, -1, -1};
    g->size = n;
    g->ncells = n * (n + 1) / 2;
    g->words = ((n - 1) * (n + 1)) / 64 + 1;
    if (g->words < 2)
        g->words = 2;
    int i = 0; /* the dense order cell_at() computes */
    for (int r = 0; r < n; r++)
        for (int c = r; c < n; c++, i++) {
            g->col[i] = (uint8_t)c;
            g->row[i] = (uint8_t)r;
            g->side_mask[i] = (uint8_t)((r == 0 ? 1 : 0) | (c == n - 1 ? 2 : 0) | (r == c ? 4 : 0));
            g->bit[i] = (int16_t)(r * (n + 1) + c - r);
            g->cell_of_bit[g->bit[i]] = (int16_t)i;
            int k = 0;
            for (int d = 0; d < 6; d++) {
                int j = cell_at(n, c + dc[d], r + dr[d]);
                g->ring[i][d] = (int16_t)(j >= 0 ? j : Y_OUTSIDE);
                g->bridge[i][d] = (int16_t)cell_at(n, c + dc[d] + dc[(d + 1) % 6],
                                                   r + dr[d] + dr[(d + 1) % 6]);
                if (j >= 0)
                    g->nb[i][k++] = (int16_t)j;
            }
            g->nbn[i] = (uint8_t)k;
            while (k < 6)
                g->nb[i][k++] = (int16_t)i;
            g->template_dirs[i] = 0;
            for (int d = 0; d < 6; d++)
                if (g->bridge[i][d] < 0 && g->ring[i][d] != Y_OUTSIDE &&
                    g->ring[i][(d + 1) % 6] != Y_OUTSIDE)
                    g->template_dirs[i] = (uint8_t)(g->template_dirs[i] | 1u << d);
        }
    memset(g->all_bits, 0, sizeof g->all_bits);
    memset(g->edge_bits, 0, sizeof g->edge_bits);
    memset(g->nb_bits, 0, sizeof g->nb_bits);
    for (int i = 0; i < g->ncells; i++) {
        int b = g->bit[i];
        g->all_cells[i] = (int16_t)i;
        set_bit(g->all_bits, b);
        for (int e = 0; e < 3; e++)
            if (g->side_mask[i] >> e & 1)
                set_bit(g->edge_bits[e], b);
        g->side_of_bit[b] = g->side_mask[i];
        for (int k = 0; k < 6; k++)
            set_bit(&g->nb_bits[b * g->words], g->bit[g->nb[i][k]]);
    }
    y_vplay_runs(g);
}

/* ---- groups ---- */

/* Mark the roots of the groups holding this turn's stones: the mover may
 * not touch them again.  mark must hold ncells zeroed bytes. */
static void mark_turn_groups(const y_game *g, uint8_t *mark)
{
    for (int k = 0; k < g->st.placed; k++)
        mark[y_root(g, THIS_TURN(g, k))] = 1;
}

/* The own-colour neighbour of empty cell i that joins it to a marked group,
 * or -1 when the mover may place there. */
static int blocker(const y_game *g, int i, const uint8_t *mark)
{
    int own = g->st.side + 1;
    for (int k = 0; k < g->nbn[i]; k++) {
        int j = g->nb[i][k];
        if (g->cell[j] == own && mark[y_root(g, j)])
            return j;
    }
    return -1;
}

static int any_legal_cell(const y_game *g)
{
    uint8_t mark[MAX_CELLS];
    memset(mark, 0, (size_t)g->ncells);
    mark_turn_groups(g, mark);
    for (int i = 0; i < g->ncells; i++)
        if (g->cell[i] == EMPTY && blocker(g, i, mark) < 0)
            return 1;
    return 0;
}

/* Put a stone of colour (player + 1) on empty cell i and merge it with
 * its neighbours; u (may be NULL) logs the unions for unmake.  Returns the
 * sides its group now touches. */
static unsigned place_stone(y_game *g, int i, int colour, y_undo *u)
{
    g->cell[i] = (uint8_t)colour;
    g->parent[i] = (int16_t)i;
    g->rank[i] = 0;
    g->sides[i] = g->side_mask[i];
    int root = i;
    for (int k = 0; k < g->nbn[i]; k++) {
        int j = g->nb[i][k];
        if (g->cell[j] != colour)
            continue;
        int rj = y_root(g, j);
        if (rj == root)
            continue;
        int hi = root, lo = rj;
        if (g->rank[rj] > g->rank[root] || (g->rank[rj] == g->rank[root] && rj < root)) {
            hi = rj;
            lo = root;
        }
        if (u) {
            u->child[u->nlog] = (int16_t)lo;
            u->old_rank[u->nlog] = g->rank[hi];
            u->old_sides[u->nlog] = g->sides[hi];
            u->nlog++;
        }
        g->parent[lo] = (int16_t)hi;
        if (g->rank[lo] == g->rank[hi])
            g->rank[hi]++;
        g->sides[hi] |= g->sides[lo];
        root = hi;
    }
    return g->sides[root];
}

/* Rebuild the groups and the stone counts from the board (after
 * from_text); returns a bit per colour that has a Y. */
static unsigned rebuild_groups(y_game *g)
{
    uint8_t saved[MAX_CELLS];
    memcpy(saved, g->cell, (size_t)g->ncells);
    memset(g->cell, 0, (size_t)g->ncells);
    unsigned wins = 0;
    g->st.stones[0] = g->st.stones[1] = 0;
    for (int i = 0; i < g->ncells; i++)
        if (saved[i] != EMPTY) {
            g->st.stones[saved[i] - 1]++;
            if (place_stone(g, i, saved[i], NULL) == SIDE_ALL)
                wins |= 1u << (saved[i] - 1);
        }
    return wins;
}

static uint64_t compute_hash(const y_game *g)
{
    const y_state *s = &g->st;
    uint64_t h = zob_turn(s->turn);
    if (s->side)
        h ^= zob_side;
    if (s->swap_ok)
        h ^= zob_swap;
    for (int i = 0; i < g->ncells; i++)
        if (g->cell[i] != EMPTY)
            h ^= zob_stone[g->cell[i] - 1][i];
    for (int k = 0; k < s->placed; k++)
        h ^= zob_this[THIS_TURN(g, k)];
    return h;
}

/* ---- interface ---- */

static void set_start(y_game *g)
{
    memset(g->cell, 0, sizeof g->cell);
    g->cell[Y_OUTSIDE] = BLACK | WHITE;
    memset(&g->st, 0, sizeof g->st);
    g->st.turn = 1;
    g->st.hash = compute_hash(g);
    g->ply = 0;
}

static void apply_options(y_game *g, const int *opt)
{
    memcpy(g->base.opt, opt, sizeof g->base.opt);
    g->variant = opt[OPT_VARIANT];
    g->pie = opt[OPT_PIE] == PIE_ON || (opt[OPT_PIE] == PIE_AUTO && g->variant == VAR_STANDARD);
    if (g->size != opt[OPT_SIZE])
        init_geometry(g, opt[OPT_SIZE]);
}

static game *y_create(const int *opt, char *err, size_t errlen)
{
    init_tables();
    y_game *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    g->base.ops = &y_ops;
    apply_options(g, opt);
    set_start(g);
    return &g->base;
}

static void y_destroy(game *g) { free(g); }

static void y_copy(game *dd, const game *ss)
{
    y_game *d = (y_game *)dd;
    const y_game *s = (const y_game *)ss;
    apply_options(d, s->base.opt);
    size_t n = (size_t)s->ncells;
    d->st = s->st;
    memcpy(d->cell, s->cell, n);
    memcpy(d->parent, s->parent, n * sizeof *s->parent);
    memcpy(d->rank, s->rank, n);
    memcpy(d->sides, s->sides, n);
    memcpy(d->stack, s->stack, (size_t)s->st.top * sizeof *s->stack);
    d->ply = s->ply;
    memcpy(d->moves, s->moves, (size_t)s->ply * sizeof *s->moves);
    memcpy(d->hist, s->hist, (size_t)s->ply * sizeof *s->hist);
}

static int y_legal_moves(const game *gg, qmove *out)
{
    const y_game *g = (const y_game *)gg;
    if (g->st.result != RESULT_NONE)
        return 0;
    int n = 0;
    if (g->st.placed == 0) {
        for (int i = 0; i < g->ncells; i++)
            if (g->cell[i] == EMPTY)
                out[n++] = (qmove)i;
    } else {
        uint8_t mark[MAX_CELLS];
        memset(mark, 0, (size_t)g->ncells);
        mark_turn_groups(g, mark);
        for (int i = 0; i < g->ncells; i++)
            if (g->cell[i] == EMPTY && blocker(g, i, mark) < 0)
                out[n++] = (qmove)i;
    }
    if (g->st.swap_ok)
        out[n++] = MV_SWAP;
    return n;
}

/* The standard game's moves less its dead cells (y_policy_dead), all of
 * them when every one is dead. */
static int drop_dead(const y_game *g, qmove *out, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (out[i] == MV_SWAP || !y_policy_dead(g, (int)out[i]))
            out[k++] = out[i];
    return k ? k : n;
}

/* Within a turn the order of its stones changes nothing (the group rule
 * and a Y are properties of the set), so a search places them in
 * increasing cell order: one line per set instead of one per ordering. */
static int y_search_moves(const game *gg, qmove *out)
{
    const y_game *g = (const y_game *)gg;
    int n = y_legal_moves(gg, out);
    if (g->variant == VAR_STANDARD)
        return drop_dead(g, out, n);
    if (g->st.placed == 0 || g->ply == 0)
        return n;
    qmove last = g->moves[g->ply - 1]; /* a stone of this turn */
    int k = 0;
    for (int i = 0; i < n; i++)
        if (out[i] > last)
            out[k++] = out[i];
    return k ? k : n; /* none above: every legal cell (nothing was moved) */
}

/* The solver's look at a position without moving (game_ops.quick_value):
 * 1 when the player to move has a legal cell that makes its Y; -1 when
 * its stone ends its turn and the opponent then has two cells that make
 * theirs (one stone blocks one; swap on offer claims nothing); else 0 and
 * in *moves the moves that leave the opponent no Y at once where one
 * stone must block (one), else every legal move. */
static int y_quick_value(const game *gg, int *moves)
{
    const y_game *g = (const y_game *)gg;
    int mine = g->st.side + 1, legal = 0, theirs = 0;
    uint8_t mark[MAX_CELLS];
    memset(mark, 0, (size_t)g->ncells);
    mark_turn_groups(g, mark);
    for (int i = 0; i < g->ncells; i++) {
        if (g->cell[i] != EMPTY)
            continue;
        int ok = blocker(g, i, mark) < 0;
        if (ok && y_policy_wins_at(g, i, mine))
            return 1;
        legal += ok;
        theirs += y_policy_wins_at(g, i, 3 - mine);
    }
    int ends_turn = !g->st.swap_ok && g->st.placed + 1 >= y_quota(g, g->st.turn);
    if (ends_turn && theirs >= 2)
        return -1;
    *moves = legal + g->st.swap_ok;
    if ((ends_turn && theirs == 1) || *moves < 1)
        *moves = 1;
    return 0;
}

/* Swap turns the first player's stones White; it is offered only while
 * White has none, so the groups stay valid after the change of colour. */
static int has_white(const y_game *g) { return g->st.stones[1] > 0; }

/* The turn is over: hand it to the other player. */
static void end_turn(y_game *g)
{
    y_state *s = &g->st;
    for (int k = 0; k < s->placed; k++)
        s->hash ^= zob_this[THIS_TURN(g, k)];
    int next = s->turn < MAX_TURN ? s->turn + 1 : MAX_TURN;
    s->hash ^= zob_turn(s->turn) ^ zob_turn(next) ^ zob_side;
    s->turn = (int16_t)next;
    s->placed = 0;
    s->side ^= 1;
    if (s->swap_ok) /* only ever set during the second player's first turn */
        s->hash ^= zob_swap, s->swap_ok = 0;
    if (g->pie && s->turn == 2 && s->result == RESULT_NONE && !has_white(g)) {
        s->swap_ok = 1;
        s->hash ^= zob_swap;
    }
}

static void y_make(game *gg, qmove m)
{
    y_game *g = (y_game *)gg;
    y_state *s = &g->st;
    y_undo *u = &g->hist[g->ply];
    u->st = *s;
    u->nlog = 0;
    g->moves[g->ply++] = m;
    if (m == MV_SWAP) {
        /* swap-pieces: the first player's one stone turns White and Black
         * moves, as if White had made the first turn (the turn number and
         * so the progressive quota stay those of the second turn) */
        for (int i = 0; i < g->ncells; i++)
            if (g->cell[i] == BLACK) {
                g->cell[i] = WHITE;
                s->hash ^= zob_stone[0][i] ^ zob_stone[1][i];
            }
        s->swap_ok = 0;
        s->side = 0;
        s->stones[1] = s->stones[0];
        s->stones[0] = 0;
        s->hash ^= zob_swap ^ zob_side;
        return;
    }
    int i = (int)m, mover = s->side;
    s->hash ^= zob_stone[mover][i];
    s->stones[mover]++;
    if (place_stone(g, i, mover + 1, u) == SIDE_ALL) {
        s->result = (uint8_t)(RESULT_FIRST + mover);
        end_turn(g);
        return;
    }
    g->stack[s->top++] = (int16_t)i;
    s->placed++;
    s->hash ^= zob_this[i];
    if (s->placed >= y_quota(g, s->turn) || !any_legal_cell(g))
        end_turn(g);
    else if (s->swap_ok)
        s->swap_ok = 0, s->hash ^= zob_swap;
}

static void y_unmake(game *gg)
{
    y_game *g = (y_game *)gg;
    if (g->ply == 0)
        return;
    const y_undo *u = &g->hist[--g->ply];
    qmove m = g->moves[g->ply];
    if (m == MV_SWAP) {
        for (int i = 0; i < g->ncells; i++)
            if (g->cell[i] == WHITE)
                g->cell[i] = BLACK;
    } else {
        for (int k = u->nlog - 1; k >= 0; k--) {
            int c = u->child[k], p = g->parent[c];
            g->parent[c] = (int16_t)c;
            g->rank[p] = u->old_rank[k];
            g->sides[p] = u->old_sides[k];
        }
        g->cell[m] = EMPTY;
    }
    g->st = u->st; /* the stone stack below st.top is as it was */
}

static int y_ply(const game *g) { return ((const y_game *)g)->ply; }

static qmove y_move_at(const game *g, int i) { return ((const y_game *)g)->moves[i]; }

static int y_to_move(const game *g) { return ((const y_game *)g)->st.side; }

static int y_result(const game *g) { return ((const y_game *)g)->st.result; }

static const char *cap_colour(int p) { return p ? "White" : "Black"; }

static void y_result_reason(const game *gg, char *buf, size_t len)
{
    const y_game *g = (const y_game *)gg;
    if (g->st.result == RESULT_NONE)
        buf[0] = 0;
    else
        snprintf(buf, len, "%s makes a Y: one group touching all three sides",
                 cap_colour(g->st.result == RESULT_SECOND));
}

static void cell_name(const y_game *g, int i, char *out, size_t len)
{
    snprintf(out, len, "%c%d", 'a' + g->col[i], g->row[i] + 1);
}

static void y_move_to_text(const game *gg, qmove m, char *buf, size_t len)
{
    const y_game *g = (const y_game *)gg;
    if (m == MV_SWAP)
        snprintf(buf, len, "swap");
    else
        cell_name(g, (int)m, buf, len);
}

/* Parse a cell name: a letter then a row number.  Returns the cell, -1 when
 * the text is no cell name at all, -2 when it names a cell off this board. */
static int parse_cell(const y_game *g, const char *s, size_t n)
{
    if (n < 2 || n > 3 || !isalpha((unsigned char)s[0]))
        return -1;
    int c = tolower((unsigned char)s[0]) - 'a', r = 0;
    for (size_t k = 1; k < n; k++) {
        if (!isdigit((unsigned char)s[k]))
            return -1;
        r = r * 10 + (s[k] - '0');
    }
    if (s[1] == '0')
        return -1;
    int i = cell_at(g->size, c, r - 1);
    return i >= 0 ? i : -2;
}

static int y_move_from_text(const game *gg, const char *text, qmove *out, char *err,
                            size_t errlen)
{
    const y_game *g = (const y_game *)gg;
    const y_state *s = &g->st;
    if (s->result != RESULT_NONE) {
        snprintf(err, errlen, "the game is over");
        return -1;
    }
    if (util_str_ieq(text, "swap")) {
        if (!g->pie)
            snprintf(err, errlen, "illegal move swap: the pie rule is off in this game (option pie)");
        else if (!s->swap_ok)
            snprintf(err, errlen, "illegal move swap: swap is allowed only as White's first move");
        else {
            *out = MV_SWAP;
            return 0;
        }
        return -1;
    }
    int i = parse_cell(g, text, strlen(text));
    if (i == -1) {
        snprintf(err, errlen, "'%s' is not a move (expected a cell such as e5, or swap)", text);
        return -1;
    }
    if (i == -2) {
        snprintf(err, errlen,
                 "illegal move %s: no such cell on the size-%d board (columns a..%c, and a "
                 "cell's row is at most its column)",
                 text, g->size, 'a' + g->size - 1);
        return -1;
    }
    char name[8];
    cell_name(g, i, name, sizeof name);
    if (g->cell[i] != EMPTY) {
        snprintf(err, errlen, "illegal move %s: %s is already taken by %s", text, name,
                 cap_colour(g->cell[i] == WHITE));
        return -1;
    }
    if (s->placed > 0) {
        uint8_t mark[MAX_CELLS];
        memset(mark, 0, (size_t)g->ncells);
        mark_turn_groups(g, mark);
        int b = blocker(g, i, mark);
        if (b >= 0) {
            /* name the stone of this turn whose group it would join */
            int root = y_root(g, b), which = THIS_TURN(g, 0);
            for (int k = 0; k < s->placed; k++)
                if (y_root(g, THIS_TURN(g, k)) == root)
                    which = THIS_TURN(g, k);
            char other[8];
            cell_name(g, which, other, sizeof other);
            snprintf(err, errlen,
                     "illegal move %s: it would join %s, placed earlier this turn, in one group",
                     text, other);
            return -1;
        }
    }
    *out = (qmove)i;
    return 0;
}

static void y_to_text(const game *gg, char *buf, size_t len)
{
    const y_game *g = (const y_game *)gg;
    const y_state *s = &g->st;
    char out[GAME_TEXT_MAX];
    int o = 0;
    for (int r = g->size - 1; r >= 0; r--) {
        int empty = 0;
        for (int c = r; c < g->size; c++) {
            int v = g->cell[cell_at(g->size, c, r)];
            if (v == EMPTY) {
                empty++;
                continue;
            }
            if (empty)
                o += snprintf(out + o, sizeof out - (size_t)o, "%d", empty);
            empty = 0;
            out[o++] = v == BLACK ? 'b' : 'w';
        }
        if (empty)
            o += snprintf(out + o, sizeof out - (size_t)o, "%d", empty);
        if (r)
            out[o++] = '/';
    }
    out[o] = 0;
    util_str_appendf(out, sizeof out, " %c %d ", s->side ? 'w' : 'b', s->turn);
    if (!s->placed)
        util_str_appendf(out, sizeof out, "-");
    for (int k = 0; k < s->placed; k++) {
        char name[8];
        cell_name(g, THIS_TURN(g, k), name, sizeof name);
        util_str_appendf(out, sizeof out, "%s%s", k ? "," : "", name);
    }
    util_str_appendf(out, sizeof out, " %s", s->swap_ok ? "swap" : "-");
    snprintf(buf, len, "%s", out);
}

/* why, formatted, for a refused position; -1. */
static int refuse(char *why, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int refuse(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return -1;
}

/* The rows from the top (size) down to 1, separated by '/', into t's
 * cells: b and w stones, digits for runs of empty cells.  0, or -1 with
 * why. */
static int parse_rows(y_game *t, const char *p, char *why, size_t len)
{
    int n = t->size, r = n - 1, c = r;
    for (;; p++) {
        if (*p == '/' || *p == 0) {
            if (c != n)
                break; /* the row's cells are not all described */
            if (*p == 0 && r > 0)
                return refuse(why, len, "%d rows given, size %d needs %d", n - r, n, n);
            if (*p == 0)
                return 0;
            if (r == 0)
                return refuse(why, len, "more than %d rows for size %d", n, n);
            c = --r;
        } else if (isdigit((unsigned char)*p)) {
            int k = 0;
            for (; isdigit((unsigned char)*p); p++)
                if (k <= n) /* a larger count is refused below, long before overflow */
                    k = k * 10 + (*p - '0');
            p--;
            c += k;
            if (k == 0 || c > n)
                break;
        } else {
            int v = tolower((unsigned char)*p);
            if (v != 'b' && v != 'w')
                return refuse(why, len, "'%c' is not b, w, a digit or '/'", *p);
            if (c >= n)
                break;
            t->cell[cell_at(n, c, r)] = v == 'b' ? BLACK : WHITE;
            c++;
        }
    }
    return refuse(why, len, "row %d must describe %d cells", r + 1, n - r);
}

/* The side to move (b or w) and the turn number. */
static int parse_side_turn(y_game *t, const char *side, const char *turn_text, char *why,
                           size_t len)
{
    int c = tolower((unsigned char)side[0]);
    if ((c != 'b' && c != 'w') || side[1])
        return refuse(why, len, "side to move must be 'b' or 'w', not '%s'", side);
    t->st.side = c == 'w';
    long turn;
    if (util_parse_long(turn_text, &turn) != 0 || turn < 1 || turn > MAX_TURN)
        return refuse(why, len, "turn number must be 1..%d, not '%s'", MAX_TURN, turn_text);
    t->st.turn = (int16_t)turn;
    return 0;
}

/* This turn's stones so far (c3,e5 or -): the side to move's, each in a
 * group of its own, fewer than the turn places. */
static int parse_turn_stones(y_game *t, char *list, char *why, size_t len)
{
    if (strcmp(list, "-") == 0)
        return 0;
    for (char *tok = list, *next; tok; tok = next) {
        next = strchr(tok, ',');
        if (next)
            *next++ = 0;
        int i = parse_cell(t, tok, strlen(tok));
        if (i < 0)
            return refuse(why, len, "'%s' is not a cell of this board", tok);
        if (t->cell[i] != t->st.side + 1)
            return refuse(why, len, "%s, placed this turn, must hold a %s stone", tok,
                          t->st.side ? "white" : "black");
        for (int k = 0; k < t->st.placed; k++)
            if (y_root(t, THIS_TURN(t, k)) == y_root(t, i))
                return refuse(why, len, "%s and another stone placed this turn are in one group",
                              tok);
        t->stack[t->st.top++] = (int16_t)i;
        t->st.placed++;
    }
    int quota = y_quota(t, t->st.turn);
    if (t->st.placed >= quota)
        return refuse(why, len, "turn %d places %d stone%s, so at most %d can be placed "
                      "before the turn passes", t->st.turn, quota, quota == 1 ? "" : "s",
                      quota - 1);
    return 0;
}

/* The swap offer (swap or -): only with the pie rule, on turn 2, White to
 * move before White has a stone and before anyone has a Y. */
static int parse_swap(y_game *t, const char *field, unsigned wins, char *why, size_t len)
{
    if (strcmp(field, "-") == 0)
        return 0;
    if (!util_str_ieq(field, "swap"))
        return refuse(why, len, "the last field must be 'swap' or '-', not '%s'", field);
    if (!t->pie)
        return refuse(why, len, "swap is possible only with the pie rule on");
    if (t->st.turn != 2 || !t->st.side || t->st.placed || wins || has_white(t))
        return refuse(why, len, "swap is possible only on turn 2, White to move, "
                      "before White has any stone");
    t->st.swap_ok = 1;
    return 0;
}

/* The fields of w into t (a scratch copy of the game, its position
 * cleared): 0, or -1 with why. */
static int parse_position(y_game *t, char **w, char *why, size_t len)
{
    if (parse_rows(t, w[0], why, len) || parse_side_turn(t, w[1], w[2], why, len))
        return -1;
    unsigned wins = rebuild_groups(t);
    if (wins == 3)
        return refuse(why, len, "both players have a Y");
    if (parse_turn_stones(t, w[3], why, len) || parse_swap(t, w[4], wins, why, len))
        return -1;
    if (wins)
        t->st.result = (uint8_t)(wins == 1 ? RESULT_FIRST : RESULT_SECOND);
    else if (t->st.placed && !any_legal_cell(t))
        return refuse(why, len, "the side to move has no legal cell left, so the turn "
                      "would already have passed");
    t->st.hash = compute_hash(t);
    return 0;
}

/* ROWS SIDE TURN STONES SWAP, built in a scratch copy so that g is
 * untouched on error (on the heap: a game is large). */
static int y_from_text(game *gg, const char *text, char *err, size_t errlen)
{
    y_game *g = (y_game *)gg;
    char buf[GAME_TEXT_MAX], *w[8];
    char why[GAME_ERR_MAX];
    if (game_text_too_long(text, err, errlen))
        return -1;
    snprintf(buf, sizeof buf, "%s", text);
    if (util_split_words(buf, w, 8) != 5) {
        snprintf(why, sizeof why,
                 "expected 5 fields: rows from %d down to 1 separated by '/' (b, w, digits "
                 "for empty cells), side to move, turn number, this turn's stones or '-', "
                 "'swap' or '-' (e.g. the start: 1/2/3/4/5 b 1 - -)",
                 g->size);
        return game_position_error(err, errlen, why);
    }
    y_game *t = malloc(sizeof *t);
    if (!t)
        return game_position_error(err, errlen, "out of memory");
    memcpy(t, g, offsetof(y_game, ply)); /* options, position */
    memcpy(t->nb, g->nb, sizeof *g - offsetof(y_game, nb)); /* geometry */
    memset(t->cell, 0, sizeof t->cell);
    t->cell[Y_OUTSIDE] = BLACK | WHITE;
    memset(&t->st, 0, sizeof t->st);
    int rc = parse_position(t, w, why, sizeof why);
    if (rc == 0) {
        memcpy(g, t, offsetof(y_game, ply));
        g->ply = 0;
    }
    free(t);
    return rc == 0 ? 0 : game_position_error(err, errlen, why);
}

static uint64_t y_hash(const game *g) { return ((const y_game *)g)->st.hash; }

/* The smallest hash over the triangle's six symmetries (the table of
 * cell images is built with the Zobrist keys). */
static uint64_t y_canonical_hash(const game *gg)
{
    const y_game *g = (const y_game *)gg;
    const y_state *s = &g->st;
    uint64_t base = zob_turn(s->turn) ^ (s->side ? zob_side : 0) ^ (s->swap_ok ? zob_swap : 0);
    uint64_t h[6] = {base, base, base, base, base, base};
    const int16_t(*img)[MAX_CELLS] = sym_cell[g->size];
    for (int i = 0; i < g->ncells; i++)
        if (g->cell[i] != EMPTY) {
            const uint64_t *z = zob_stone[g->cell[i] - 1];
            for (int k = 0; k < 6; k++)
                h[k] ^= z[img[k][i]];
        }
    for (int t = 0; t < s->placed; t++)
        for (int k = 0; k < 6; k++)
            h[k] ^= zob_this[img[k][THIS_TURN(g, t)]];
    uint64_t best = h[0];
    for (int k = 1; k < 6; k++)
        if (h[k] < best)
            best = h[k];
    return best;
}

/* Cell (c, r) sits at x = 2c - r: an equilateral triangle.  A row is
 * numbered at both ends; its first cell is on the left edge, where its
 * column ends, so that column's letter stands before it ("3 c . . .": the
 * first cell is c3), and every column's letter is under row 1. */
static void y_render(const game *gg, const unsigned char *last, char *buf, size_t len)
{
    const y_game *g = (const y_game *)gg;
    const y_state *s = &g->st;
    int n = g->size, stones[2] = {0, 0};
    buf[0] = 0;
    for (int r = n - 1; r >= 0; r--) {
        char line[2 * Y_MAX_SIZE + 2];
        int w = 2 * (n - r) + 1;
        memset(line, ' ', (size_t)w);
        line[w] = 0;
        for (int c = r; c < n; c++) {
            int i = cell_at(n, c, r), v = g->cell[i];
            if (v)
                stones[v - 1]++;
            line[2 * (c - r) + 1] = ".BW"[v];
            if (last && last[i])
                game_render_mark(line, 2 * (c - r) + 1);
        }
        util_str_appendf(buf, len, "%*s%2d %c%s %d\n", r, "", r + 1, 'a' + r, line, r + 1);
    }
    util_str_appendf(buf, len, "    ");
    for (int c = 0; c < n; c++)
        util_str_appendf(buf, len, " %c", 'a' + c);
    util_str_appendf(buf, len, "\nBlack (B): %d stone%s, White (W): %d stone%s\n", stones[0],
                stones[0] == 1 ? "" : "s", stones[1], stones[1] == 1 ? "" : "s");
    if (g->ply > 0 && g->moves[g->ply - 1] == MV_SWAP)
        util_str_appendf(buf, len, "White chose swap: colours swapped (pie rule)\n");
    if (s->result != RESULT_NONE)
        return;
    if (g->variant != VAR_STANDARD) {
        int q = y_quota(g, s->turn);
        util_str_appendf(buf, len, "Turn %d: %s places %d stone%s; %d placed, %d to go", s->turn,
                    cap_colour(s->side), q, q == 1 ? "" : "s", s->placed, q - s->placed);
        for (int k = 0; k < s->placed; k++) {
            char name[8];
            cell_name(g, THIS_TURN(g, k), name, sizeof name);
            util_str_appendf(buf, len, "%s%s", k ? "," : " (so far: ", name);
        }
        util_str_appendf(buf, len, "%s\n", s->placed ? ")" : "");
    }
    if (s->swap_ok)
        util_str_appendf(buf, len, "White may answer 'swap' (pie rule)\n");
}

/* ---- playouts ---- */

/* One random legal move at a time: the variants, and any cut-off playout.
 * A cell drawn from the empty ones is retried a few times before falling
 * back to the full list; either way the choice is uniform over legal moves. */
static int playout_steps(y_game *g, rng *r, int max_plies, qmove *trace, int *ntrace)
{
    int16_t *empty = g->scratch, *where = g->where;
    int ne = 0;
    for (int i = 0; i < g->ncells; i++)
        if (g->cell[i] == EMPTY) {
            where[i] = (int16_t)ne;
            empty[ne++] = (int16_t)i;
        }
    for (int made = 0; g->st.result == RESULT_NONE; made++) {
        if (made >= max_plies)
            return RESULT_NONE;
        qmove m = QMOVE_NONE;
        if (g->st.swap_ok && rng_below(r, (uint32_t)ne + 1) == (uint32_t)ne) {
            m = MV_SWAP;
        } else if (g->st.placed == 0) {
            m = (qmove)empty[rng_below(r, (uint32_t)ne)];
        } else {
            uint8_t mark[MAX_CELLS];
            memset(mark, 0, (size_t)g->ncells);
            mark_turn_groups(g, mark);
            for (int tries = 0; tries < 8 && m == QMOVE_NONE; tries++) {
                int c = empty[rng_below(r, (uint32_t)ne)];
                if (blocker(g, c, mark) < 0)
                    m = (qmove)c;
            }
            if (m == QMOVE_NONE) {
                int n = y_legal_moves(&g->base, g->move_buf);
                m = g->move_buf[rng_below(r, (uint32_t)n)];
            }
        }
        if (trace)
            trace[(*ntrace)++] = game_traced(m, g->st.side);
        y_make(&g->base, m);
        if (m != MV_SWAP) {
            int k = where[m], last = empty[--ne];
            empty[k] = (int16_t)last;
            where[last] = (int16_t)k;
        }
    }
    return g->st.result;
}

/* ---- fast playouts ----
 * A full board holds exactly one Y, and stones are never removed, so the
 * Y of a full board belongs to whoever made a Y first: a playout may fill
 * every empty cell and ask the full board once.  The standard game fills
 * in one go (a uniform choice of which empty cells the player not to move
 * gets is a uniform random order of play); the variants place stone by
 * stone under the group rule (y_vplay.c).
 *
 * The full board is answered by Y reduction (Schensted and Titus): giving
 * each upward triangle of three cells (c,r), (c+1,r), (c+1,r+1) its
 * majority colour yields a board one smaller with the same winner, so
 * after size-1 rounds the winner is the colour of the corner cell.  In the
 * bit layout cell (c, r) is bit r*(n+1) + c - r, so every triangle is
 * p, p+1, p+n+1: a round is two shifts and a majority on whole words
 * (two 64-bit words up to size 11, eleven at size 26). */

int y_black_wins_full(uint64_t *x, int n)
{
    int s = n + 1;
    for (int k = n; k > 1; k--) {
        int w = (k - 2) * s / 64 + 1; /* words of the size k-1 board */
        for (int i = 0; i < w; i++) {
            uint64_t a = x[i], next = x[i + 1];
            uint64_t b = a >> 1 | next << 63, c = a >> s | next << (64 - s);
            x[i] = (a & (b | c)) | (b & c);
        }
    }
    return (int)(x[0] & 1);
}

/* Standard: the player to move gets ceil(e/2) of the e empty cells, the
 * other player the rest, drawn by a partial shuffle. */
static int fill_board(y_game *g, rng *r)
{
    y_state *s = &g->st;
    uint64_t black[BB_WORDS] = {0};
    int16_t *cells = g->scratch;
    int e = 0;
    for (int i = 0; i < g->ncells; i++)
        if (g->cell[i] == EMPTY)
            cells[e++] = (int16_t)i;
        else if (g->cell[i] == BLACK)
            set_bit(black, g->bit[i]);
    int mover = s->side, other = !mover, m = e / 2;
    for (int i = 0; i < m; i++) {
        int j = i + (int)rng_below(r, (uint32_t)(e - i));
        int16_t t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
    uint64_t h = s->hash;
    for (int i = 0; i < e; i++) {
        int c = cells[i], p = i < m ? other : mover;
        g->cell[c] = (uint8_t)(p + 1);
        h ^= zob_stone[p][c];
    }
    for (int i = mover ? 0 : m, end = mover ? m : e; i < end; i++)
        set_bit(black, g->bit[cells[i]]);
    /* the hash of the filled board: e turns later */
    int turn = s->turn + e < MAX_TURN ? s->turn + e : MAX_TURN;
    s->hash = h ^ zob_turn(s->turn) ^ zob_turn(turn) ^ (e & 1 ? zob_side : 0);
    s->turn = (int16_t)turn;
    s->stones[mover] = (int16_t)(s->stones[mover] + e - m);
    s->stones[other] = (int16_t)(s->stones[other] + m);
    s->side = (uint8_t)(mover ^ (e & 1));
    return y_black_wins_full(black, g->size) ? RESULT_FIRST : RESULT_SECOND;
}

static int y_multi_move_turns(const game *gg)
{
    return ((const y_game *)gg)->variant != VAR_STANDARD;
}

/* The turn's quota, at most what the empty cells hold. */
static int y_turn_moves(const game *gg, int *made)
{
    const y_game *g = (const y_game *)gg;
    int quota = y_quota(g, g->st.turn);
    int room = g->st.placed + g->ncells - g->st.stones[0] - g->st.stones[1];
    *made = g->st.placed;
    return quota < room ? quota : room;
}

/* Turns the side to move may still play (clock planning): games between
 * good players fill about 45 % of the board, and at least a fifth of what
 * is still empty; the variants' turns place their quota of stones. */
static int y_turns_left(const game *gg)
{
    const y_game *g = (const y_game *)gg;
    int placed = g->st.stones[0] + g->st.stones[1], empty = g->ncells - placed;
    int left = g->ncells * 45 / 100 - placed, turns = 0;
    if (left < empty / 5)
        left = empty / 5;
    for (int t = g->st.turn; left > 0 && turns < MAX_CELLS; t++, turns++)
        left -= y_quota(g, t) - (t == g->st.turn ? g->st.placed : 0);
    return (turns + 1) / 2;
}

/* The variants: stone by stone to the first Y (y_vplay.c), then the hash:
 * the turn's stones lose their keys, the stones that changed colour and
 * the new turn and side gain theirs. */
static int play_variant(y_game *g, rng *r, int threats, qmove *trace, int *ntrace)
{
    y_state *s = &g->st;
    uint64_t h = s->hash ^ zob_turn(s->turn) ^ (s->side ? zob_side : 0), changed;
    for (int k = 0; k < s->placed; k++)
        h ^= zob_this[THIS_TURN(g, k)];
    y_vplay_run(g, r, (const uint64_t(*)[MAX_CELLS])zob_stone, &changed, threats, trace, ntrace);
    s->hash = h ^ changed ^ zob_turn(s->turn) ^ (s->side ? zob_side : 0);
    return s->result;
}

/* Fill the empty cells of g in random order and return the result.  g
 * ends as the board at that point, finished, with no history -- as if set
 * by from_text (the standard game: the full board).  threats: the
 * variants' turns take and block wins first (y_vplay_run).  trace (NULL:
 * none; only the variants are traced here) receives every move, White's
 * marked GAME_TRACE_SECOND, *ntrace growing by their number. */
static int play_out(game *gg, struct rng *r, int max_plies, int threats, qmove *trace,
                    int *ntrace)
{
    y_game *g = (y_game *)gg;
    y_state *s = &g->st;
    if (s->result != RESULT_NONE)
        return s->result;
    int empties = g->ncells - s->stones[0] - s->stones[1], made = 0;
    if (s->swap_ok && rng_below(r, (uint32_t)empties + 1) == (uint32_t)empties) {
        if (max_plies < 1)
            return RESULT_NONE;
        if (trace)
            trace[(*ntrace)++] = game_traced(MV_SWAP, 1);
        y_make(gg, MV_SWAP);
        made = 1;
    }
    if (made + empties > max_plies)
        return playout_steps(g, r, max_plies - made, trace, ntrace);
    if (s->swap_ok)
        s->hash ^= zob_swap, s->swap_ok = 0;
    /* the standard fill leaves the groups as they were: a finished game
     * without history never reads them (no legal moves, nothing to undo;
     * copy and from_text start afresh) */
    if (g->variant == VAR_STANDARD)
        s->result = (uint8_t)fill_board(g, r);
    else
        s->result = (uint8_t)play_variant(g, r, threats, trace, ntrace);
    s->placed = 0;
    s->top = 0;
    g->ply = 0;
    return s->result;
}

static int y_playout(game *gg, struct rng *r, int max_plies)
{
    return play_out(gg, r, max_plies, 0, NULL, NULL);
}

/* MCTS's playout (policy_playout): the policy's, except in the multi-stone
 * variants, where the plain playout with its turns' wins and blocks plays
 * better at equal time, traced for RAVE too: the policy's group-rule
 * checks cost about three times the iterations (docs/STRENGTH.md, "Y's
 * variants: plain playouts", "Wins and blocks in the variants' playouts"
 * and "The two-stone variant: RAVE"). */
static int y_mcts_playout(game *gg, struct rng *r, int max_plies, qmove *trace, int *ntrace)
{
    if (((y_game *)gg)->variant == VAR_STANDARD)
        return y_policy_playout(gg, r, max_plies, trace, ntrace);
    int n = 0;
    int result = play_out(gg, r, max_plies, 1, trace, &n);
    if (ntrace)
        *ntrace = n;
    return result;
}

void y_playout_done(y_game *g)
{
    y_state *s = &g->st;
    s->placed = 0;
    s->top = 0;
    s->swap_ok = 0;
    s->stones[0] = s->stones[1] = 0;
    for (int i = 0; i < g->ncells; i++)
        if (g->cell[i] != EMPTY)
            s->stones[g->cell[i] - 1]++;
    s->hash = compute_hash(g);
    g->ply = 0;
}

/* ---- the board for graphical front ends ---- */

/* Pointy-top hexagons of circumradius 1: cell (c, r) at x = sqrt3 (c - r/2),
 * rows 1.5 apart with row 1 at the bottom, as the text drawing has them. */
#define Y_SQRT3 1.7320508075688772
static double y_hex_x(int c, int r) { return Y_SQRT3 * (c - r / 2.0 + 1.5); }
static double y_hex_y(int n, int r) { return 1.5 * (n - 1 - r) + 1.5; }

static void y_describe(const game *gg, game_board *b)
{
    const y_game *g = (const y_game *)gg;
    int n = g->size;
    char name[24];
    b->kind = "triangle";
    b->width = Y_SQRT3 * (n + 1);
    b->height = 1.5 * n + 2.5;
    b->ncells = b->nlabels = b->nlines = 0;
    for (int i = 0; i < g->ncells; i++) {
        cell_name(g, i, name, sizeof name);
        game_cell *c = game_board_add_cell(b, name, y_hex_x(g->col[i], g->row[i]),
                                           y_hex_y(n, g->row[i]), GAME_SHAPE_HEX, 1);
        if (g->cell[i] != EMPTY) {
            c->player = g->cell[i] - 1;
            c->piece = GAME_PIECE_STONE;
        }
    }
    for (int c = 0; c < n; c++) { /* letters under the bottom row */
        snprintf(name, sizeof name, "%c", 'a' + c);
        game_board_add_label(b, name, y_hex_x(c, 0), y_hex_y(n, -1));
    }
    for (int r = 0; r < n; r++) { /* numbers left of each row */
        snprintf(name, sizeof name, "%d", r + 1);
        game_board_add_label(b, name, y_hex_x(r - 1, r), y_hex_y(n, r));
    }
}

static int y_clicks(const game *gg, qmove m, game_click *out)
{
    if (m == MV_SWAP) {
        game_click_choice(out, "swap", "Swap colours");
        return 1;
    }
    char name[24];
    cell_name((const y_game *)gg, (int)m, name, sizeof name);
    game_click_cell(out, name);
    return 1;
}

const game_ops y_ops = {
    .name = "y",
    .title = "Y",
    .colour = {"black", "white"},
    .options = y_options,
    .create = y_create,
    .destroy = y_destroy,
    .copy = y_copy,
    .legal_moves = y_legal_moves,
    .make = y_make,
    .unmake = y_unmake,
    .ply = y_ply,
    .move_at = y_move_at,
    .to_move = y_to_move,
    .result = y_result,
    .result_reason = y_result_reason,
    .move_to_text = y_move_to_text,
    .move_from_text = y_move_from_text,
    .to_text = y_to_text,
    .from_text = y_from_text,
    .hash = y_hash,
    .no_draws = 1,
    .canonical_hash = y_canonical_hash,
    .quick_value = y_quick_value,
    .multi_move_turns = y_multi_move_turns,
    .turn_moves = y_turn_moves,
    .turns_left = y_turns_left,
    .render = y_render,
    .search_moves = y_search_moves,
    .playout = y_playout,
    .policy_playout = y_mcts_playout,
    .priors = y_policy_priors,
    /* priors; RAVE with less exploration in the standard game and the
     * two-stone variant, less exploration in the progressive variant; the
     * standard game's levels on the early ladder, as its first tens of
     * iterations gain most (its level 9 the default player's 16000
     * iterations, its first three a beginner's), the two-stone variant's
     * on the late one, as its first hundreds do (level 9 there, 25000
     * iterations, its first three a beginner's), the progressive variant's on the flat one, as its
     * search gains less a doubling above 10000 (level 9 there, 10000 iterations, its first two a
     * beginner's): matches in docs/STRENGTH.md */
    .ai_defaults = (const game_ai_defaults[]){{"mcts", "prior=16", NULL},
                                              {"mcts", "rave=500 c=0.1 prior=32 ladder=early level=9",
                                               "variant=standard"},
                                              {"mcts", "rave=500 c=0.05 ladder=late level=9", "variant=double"},
                                              {"mcts", "c=0.3 ladder=flat level=9", "variant=progressive"},
                                              {NULL, NULL, NULL}},
    .describe = y_describe,
    .clicks = y_clicks,
};
