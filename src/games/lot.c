/*
 * lot.c - LOT, Line of Three (shared/rules/lot.md).
 *
 * Bitboards over the 7x7 board: bit (rank * 7 + file), a1 = bit 0.  Each
 * colour has a set of single discs and a set of towers.  Because no line of
 * three single discs of one colour ever stands on the board after a turn,
 * a placement can only make lines through the placed disc, so generation
 * looks at most two cells each way along four directions from each empty
 * cell.  Distinct windows of three cells are distinct sets, so every
 * (window, kept disc) pair is already a move distinct in effect.
 *
 * History is copy-make: make() pushes the whole position, unmake() pops it.
 * The playout plays on a private state and records only its moves; unmake
 * rebuilds the positions between them when it first needs one.
 */
#include "games/lot_impl.h"
#include "rng.h"
#include "util.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_PIE };
static const game_option lot_options[] = {
    {"pie", "Black may answer White's first disc with swap (1) or not (0)", NULL, 0, 1, 1},
    {NULL, NULL, NULL, 0, 0, 0},
};

enum reason { END_NONE, END_TOWERS, END_FULL };

/* ---- tables ---- */

static void init_tower_windows(int s);

static uint64_t zobrist[4][CELLS], zobrist_side, zobrist_swap; /* [colour + 2*tower] */
/* near[s][d][k + 2]: the cell k steps from s in direction d (k = -2..2), or -1.
 * Directions: 0 along a rank, 1 along a file, 2 diagonal, 3 anti-diagonal. */
static int8_t near[CELLS][4][5];
static uint64_t windows[120]; /* every three consecutive cells in a line */
static uint64_t adjacent[CELLS]; /* the cells next to s along the four lines */
static uint8_t order_of[CELLS];  /* board order (file, then rank) */
static uint8_t byte_bits[256];   /* set bits of a byte */
/* The windows of three cells through s, [direction][offset]: the two
 * other cells (own discs there make a line) and the three tower moves.
 * A window off the board needs NO_WINDOW, which no set of cells holds. */
typedef struct tower_window {
    uint64_t need;
    qmove move[3];
} tower_window;
#define NO_WINDOW (1ull << 63)
static tower_window tower_win[CELLS][4][3];
/* Per direction: the cells one and two steps from s either way (a line
 * of three through s needs two own discs among them). */
static uint64_t dir_cells[CELLS][4];
static int nwindows;
/* Built once, whichever thread creates the first game. */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
    static const int df[4] = {1, 0, 1, 1}, dr[4] = {0, 1, 1, -1};
    rng r;
    rng_seed(&r, 0x1070F3EEull);
    for (int k = 0; k < 4; k++)
        for (int s = 0; s < CELLS; s++)
            zobrist[k][s] = rng_next(&r);
    zobrist_side = rng_next(&r);
    zobrist_swap = rng_next(&r);
    for (int s = 0; s < CELLS; s++) {
        int f = s % SIDE, k = s / SIDE;
        for (int d = 0; d < 4; d++)
            for (int n = -2; n <= 2; n++) {
                int tf = f + df[d] * n, tk = k + dr[d] * n;
                near[s][d][n + 2] = (int8_t)((tf < 0 || tf >= SIDE || tk < 0 || tk >= SIDE)
                                                 ? -1
                                                 : tk * SIDE + tf);
            }
        for (int d = 0; d < 4; d++)
            if (near[s][d][3] >= 0 && near[s][d][4] >= 0)
                windows[nwindows++] = BIT(s) | BIT(near[s][d][3]) | BIT(near[s][d][4]);
        for (int d = 0; d < 4; d++)
            for (int n = 1; n <= 3; n += 2)
                if (near[s][d][n] >= 0)
                    adjacent[s] |= BIT(near[s][d][n]);
        order_of[s] = (uint8_t)(f * SIDE + k);
    }
    for (int b = 1; b < 256; b++)
        byte_bits[b] = (uint8_t)(byte_bits[b >> 1] + (b & 1));
    for (int s = 0; s < CELLS; s++)
        init_tower_windows(s);
}

static void init_tables(void) { pthread_once(&tables_once, build_tables); }

/* Board order for the removed pair: file, then rank. */
static int board_order(int s) { return order_of[s]; }

/* ---- move generation ---- */

static void init_tower_windows(int s)
{
    for (int d = 0; d < 4; d++) {
        const int8_t *c = near[s][d];
        for (int k = 0; k < 5; k++)
            if (k != 2 && c[k] >= 0)
                dir_cells[s][d] |= BIT(c[k]);
        for (int o = -2; o <= 0; o++) {
            int w[3] = {c[o + 2], c[o + 3], c[o + 4]}; /* c[2] is s itself */
            tower_window *t = &tower_win[s][d][o + 2];
            if (w[0] < 0 || w[1] < 0 || w[2] < 0) {
                t->need = NO_WINDOW;
                continue;
            }
            t->need = (BIT(w[0]) | BIT(w[1]) | BIT(w[2])) & ~BIT(s);
            for (int k = 0; k < 3; k++) {
                int a = w[(k + 1) % 3], b = w[(k + 2) % 3];
                if (board_order(a) > board_order(b)) {
                    int x = a;
                    a = b;
                    b = x;
                }
                t->move[k] = (qmove)s | (qmove)w[k] << 6 | (qmove)a << 12 | (qmove)b << 18 |
                             MV_TOWER;
            }
        }
    }
}

/* The windows of three through cell s whose two other cells are in set
 * (the lines a disc on s makes with own discs, or a tower on s with own
 * towers), into out; their number. */
static inline __attribute__((always_inline)) int full_windows(uint64_t set, int s,
                                                              const tower_window **out)
{
    int n = 0;
#pragma GCC unroll 4
    for (int d = 0; d < 4; d++) {
        uint64_t x = set & dir_cells[s][d];
        if (!(x & (x - 1))) /* fewer than two along this line */
            continue;
#pragma GCC unroll 3
        for (int o = 0; o < 3; o++)
            if ((set & tower_win[s][d][o].need) == tower_win[s][d][o].need)
                out[n++] = &tower_win[s][d][o];
    }
    return n;
}

/* Tower moves for the player to move placing on empty cell s; 0 when the
 * placement makes no line of three (it is then a plain move). */
static inline int gen_towers(const lot_pos *p, int s, qmove *out)
{
    const tower_window *win[12];
    int k = full_windows(p->disc[p->side], s, win);
    for (int i = 0; i < k; i++) {
        out[3 * i] = win[i]->move[0];
        out[3 * i + 1] = win[i]->move[1];
        out[3 * i + 2] = win[i]->move[2];
    }
    return 3 * k;
}

static int gen_all(const lot_pos *p, qmove *out)
{
    int n = 0;
    if (p->swap_ok)
        out[n++] = MV_SWAP;
    uint64_t empty = ~(p->disc[0] | p->disc[1] | p->tower[0] | p->tower[1]) & ALL_CELLS;
    for (; empty; empty &= empty - 1) {
        int s = __builtin_ctzll(empty);
        int k = gen_towers(p, s, out + n);
        if (k == 0)
            out[n++] = (qmove)s;
        else
            n += k;
    }
    return n;
}

/* ---- results ---- */

/* Does the tower on s stand in a line of three towers? */
static int towers_through(uint64_t towers, int s)
{
    const tower_window *win[12];
    return full_windows(towers, s, win) > 0;
}

/* The first window of three cells all in set, or 0. */
static uint64_t find_window(uint64_t set)
{
    for (int i = 0; i < nwindows; i++)
        if ((set & windows[i]) == windows[i])
            return windows[i];
    return 0;
}

static int is_window(uint64_t cells)
{
    for (int i = 0; i < nwindows; i++)
        if (cells == windows[i])
            return 1;
    return 0;
}

static uint64_t occupied(const lot_pos *p)
{
    return p->disc[0] | p->disc[1] | p->tower[0] | p->tower[1];
}

/* ---- interface ---- */

static uint64_t compute_hash(const lot_pos *p)
{
    uint64_t h = (p->side ? zobrist_side : 0) ^ (p->swap_ok ? zobrist_swap : 0);
    for (int c = 0; c < 2; c++) {
        for (uint64_t b = p->disc[c]; b; b &= b - 1)
            h ^= zobrist[c][__builtin_ctzll(b)];
        for (uint64_t b = p->tower[c]; b; b &= b - 1)
            h ^= zobrist[2 + c][__builtin_ctzll(b)];
    }
    return h;
}

static game *lot_create(const int *opt, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    init_tables();
    lot_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->base.ops = &lot_ops;
    memcpy(g->base.opt, opt, sizeof g->base.opt);
    /* a game cannot last 150 plies (docs/RULES-NOTES.md), so the history
     * never grows during play */
    if (movehist_init(&g->hist, sizeof(lot_pos), 512) != 0) {
        free(g);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    g->pos.hash = compute_hash(&g->pos);
    return &g->base;
}

static void lot_destroy(game *gg)
{
    lot_game *g = (lot_game *)gg;
    movehist_free(&g->hist);
    free(g);
}

static void lot_copy(game *dd, const game *ss)
{
    lot_game *d = (lot_game *)dd;
    const lot_game *s = (const lot_game *)ss;
    memcpy(d->base.opt, s->base.opt, sizeof d->base.opt);
    d->pos = s->pos;
    movehist_copy(&d->hist, &s->hist);
    d->gap_lo = s->gap_lo;
    d->gap_hi = s->gap_hi;
}

static int lot_legal_moves(const game *gg, qmove *out)
{
    const lot_pos *p = &((const lot_game *)gg)->pos;
    if (p->result != RESULT_NONE)
        return 0;
    return gen_all(p, out);
}

/* At least three bits set. */
static int three_or_more(uint64_t x)
{
    x &= x - 1;
    return (x & (x - 1)) != 0;
}

/* The line of three through the placed disc becomes a tower on kept; the
 * game ends when that tower makes a line of three towers. */
static inline void build_tower(lot_pos *p, int c, int kept, int r1, int r2)
{
    p->disc[c] ^= BIT(kept) | BIT(r1) | BIT(r2);
    p->tower[c] |= BIT(kept);
    if (three_or_more(p->tower[c]) && towers_through(p->tower[c], kept)) {
        p->result = (uint8_t)(RESULT_FIRST + c);
        p->reason = END_TOWERS;
    }
}

static void apply(lot_pos *p, qmove m, int pie)
{
    int c = p->side;
    uint64_t occ = occupied(p);
    int first_disc = pie && c == 0 && occ == 0;
    p->hash ^= zobrist_side ^ (p->swap_ok ? zobrist_swap : 0);
    p->side = (uint8_t)!c;
    p->swap_ok = 0;
    if (m & MV_SWAP) {
        /* swap-pieces: White's one disc becomes Black's */
        int s = __builtin_ctzll(p->disc[0]);
        p->disc[0] ^= BIT(s);
        p->disc[1] ^= BIT(s);
        p->hash ^= zobrist[0][s] ^ zobrist[1][s];
        return;
    }
    int s = MV_PLACED(m);
    p->disc[c] ^= BIT(s);
    p->hash ^= zobrist[c][s];
    if (!(m & MV_TOWER)) {
        if (first_disc) {
            p->swap_ok = 1;
            p->hash ^= zobrist_swap;
        }
        if ((occ | BIT(s)) == ALL_CELLS) {
            p->result = RESULT_DRAW;
            p->reason = END_FULL;
        }
        return;
    }
    int kept = MV_KEPT(m), r1 = MV_REM1(m), r2 = MV_REM2(m);
    p->hash ^= zobrist[c][kept] ^ zobrist[c][r1] ^ zobrist[c][r2] ^ zobrist[2 + c][kept];
    build_tower(p, c, kept, r1, r2);
}

static void lot_make(game *gg, qmove m)
{
    lot_game *g = (lot_game *)gg;
    movehist_push(&g->hist, &g->pos, m);
    apply(&g->pos, m, g->base.opt[OPT_PIE]);
}

/* Rebuild the positions a playout did not store. */
static void fill_gap(lot_game *g)
{
    movehist *h = &g->hist;
    for (int k = g->gap_lo; k < g->gap_hi; k++) {
        lot_pos *p = movehist_pos_at(h, k);
        *p = *(const lot_pos *)movehist_pos(h, k - 1);
        apply(p, h->moves[k - 1], g->base.opt[OPT_PIE]);
    }
    g->gap_lo = g->gap_hi = 0;
}

static void lot_unmake(game *gg)
{
    lot_game *g = (lot_game *)gg;
    if (g->hist.ply - 1 < g->gap_hi)
        fill_gap(g);
    movehist_pop(&g->hist, &g->pos);
}

static int lot_ply(const game *g) { return ((const lot_game *)g)->hist.ply; }

/* Turns the side to move may still play (clock planning): games between
 * good players last about two fifths of the empty cells. */
static int lot_turns_left(const game *gg)
{
    const lot_pos *p = &((const lot_game *)gg)->pos;
    int empty = CELLS - __builtin_popcountll(p->disc[0] | p->disc[1] | p->tower[0] | p->tower[1]);
    return (empty * 2 / 5 + 1) / 2;
}

static qmove lot_move_at(const game *g, int i) { return ((const lot_game *)g)->hist.moves[i]; }

static int lot_to_move(const game *g) { return ((const lot_game *)g)->pos.side; }

static int lot_result(const game *g) { return ((const lot_game *)g)->pos.result; }

static const char *cap_colour(int c) { return c ? "Black" : "White"; }

static void lot_result_reason(const game *gg, char *buf, size_t len)
{
    const lot_pos *p = &((const lot_game *)gg)->pos;
    switch (p->reason) {
    case END_TOWERS:
        snprintf(buf, len, "%s has three towers in a line",
                 cap_colour(p->result == RESULT_FIRST ? 0 : 1));
        break;
    case END_FULL:
        snprintf(buf, len, "no empty cell is left for %s: draw", cap_colour(p->side));
        break;
    default:
        buf[0] = 0;
    }
}

static void cell_name(int s, char *out)
{
    out[0] = (char)('a' + s % SIDE);
    out[1] = (char)('1' + s / SIDE);
    out[2] = 0;
}

static void lot_move_to_text(const game *g, qmove m, char *buf, size_t len)
{
    (void)g;
    if (m & MV_SWAP) {
        snprintf(buf, len, "swap");
        return;
    }
    char p[3], k[3], a[3], b[3];
    cell_name(MV_PLACED(m), p);
    if (!(m & MV_TOWER)) {
        snprintf(buf, len, "%s", p);
        return;
    }
    cell_name(MV_KEPT(m), k);
    cell_name(MV_REM1(m), a);
    cell_name(MV_REM2(m), b);
    snprintf(buf, len, "%s+%s-%s-%s", p, k, a, b);
}

/* One cell name at *pp: 0 and the cell, -1 not a cell name, -2 off the
 * board (the text read is left in bad). */
static int read_cell(const char **pp, int *cell, char *bad, size_t badlen)
{
    const char *s = *pp;
    if (!isalpha((unsigned char)s[0]) || !isdigit((unsigned char)s[1]))
        return -1;
    int f = tolower((unsigned char)s[0]) - 'a';
    int i = 1;
    long r = 0;
    while (isdigit((unsigned char)s[i]) && i < 6)
        r = r * 10 + (s[i++] - '0');
    if (isdigit((unsigned char)s[i]))
        return -1;
    *pp = s + i;
    if (f < 0 || f >= SIDE || r < 1 || r > SIDE) {
        snprintf(bad, badlen, "%.*s", i, s);
        return -2;
    }
    *cell = (int)(r - 1) * SIDE + f;
    return 0;
}

static const char *cell_content(const lot_pos *p, int s)
{
    for (int c = 0; c < 2; c++) {
        if (p->disc[c] >> s & 1)
            return c ? "a black disc" : "a white disc";
        if (p->tower[c] >> s & 1)
            return c ? "a black tower" : "a white tower";
    }
    return "empty";
}

/* "b2-c3-d4": three cells in board order. */
static void line_name(uint64_t cells, char *out, size_t len)
{
    int s[3], n = 0;
    for (uint64_t b = cells; b && n < 3; b &= b - 1)
        s[n++] = __builtin_ctzll(b);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (board_order(s[j]) < board_order(s[i])) {
                int t = s[i];
                s[i] = s[j];
                s[j] = t;
            }
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char c[3];
        cell_name(s[i], c);
        util_str_appendf(out, len, "%s%s", i ? "-" : "", c);
    }
}

/* swap, where the pie rule is on and Black answers White's first disc. */
static int swap_from_text(const lot_game *g, qmove *out, char *err, size_t errlen)
{
    if (!g->base.opt[OPT_PIE]) {
        snprintf(err, errlen, "illegal move swap: the pie rule is off (pie=0)");
        return -1;
    }
    if (!g->pos.swap_ok) {
        snprintf(err, errlen,
                 "illegal move swap: swap is allowed only as Black's first move, "
                 "answering White's first disc");
        return -1;
    }
    *out = MV_SWAP;
    return 0;
}

/* The cells a move names: one (a disc) or four (PLACED+KEPT-REMOVED-REMOVED).
 * Returns how many, or -1 with err set. */
static int read_move_cells(const char *text, int cell[4], char *err, size_t errlen)
{
    int n = 0;
    const char *s = text;
    char bad[16];
    for (;;) {
        int rc = read_cell(&s, &cell[n], bad, sizeof bad);
        if (rc == -2) {
            snprintf(err, errlen, "illegal move %s: %s is off the board (a1..g7)", text, bad);
            return -1;
        }
        if (rc != 0) {
            n = -1;
            break;
        }
        n++;
        if (n == 4 || !*s || *s != (n == 1 ? '+' : '-'))
            break;
        s++;
    }
    if (*s || (n != 1 && n != 4)) {
        snprintf(err, errlen,
                 "'%s' is not a move (expected a cell such as d4, a tower move "
                 "PLACED+KEPT-REMOVED-REMOVED such as d4+c3-b2-d4, or swap)",
                 text);
        return -1;
    }
    return n;
}

/* Why the kept and removed discs named are not a line of three: err set. */
static void no_line_error(const char *text, int placed, int kept, int r1, int r2, char *err,
                          size_t errlen)
{
    uint64_t named = BIT(kept) | BIT(r1) | BIT(r2), with_placed = BIT(placed) | BIT(r1) | BIT(r2);
    char ln[16], kn[3];
    cell_name(kept, kn);
    if (placed != r1 && placed != r2 && is_window(with_placed)) {
        line_name(with_placed, ln, sizeof ln);
        snprintf(err, errlen, "illegal move %s: the kept disc %s is not in the line %s", text, kn,
                 ln);
        return;
    }
    line_name(named, ln, sizeof ln);
    for (char *c = ln; *c; c++)
        if (*c == '-')
            *c = ' ';
    snprintf(err, errlen, "illegal move %s: %s are not three consecutive cells of one line",
             text, ln);
}

/* The tower move PLACED+KEPT-REMOVED-REMOVED among the k due (towers), or
 * -1 with the reason it is none of them. */
static int tower_from_cells(const lot_pos *p, const char *text, const int cell[4],
                            const qmove *towers, int k, qmove *out, char *err, size_t errlen)
{
    int placed = cell[0], kept = cell[1], r1 = cell[2], r2 = cell[3];
    if (kept == r1 || kept == r2 || r1 == r2) {
        snprintf(err, errlen, "illegal move %s: a cell is named twice", text);
        return -1;
    }
    uint64_t named = BIT(kept) | BIT(r1) | BIT(r2);
    if (!is_window(named)) {
        no_line_error(text, placed, kept, r1, r2, err, errlen);
        return -1;
    }
    char ln[16], pn[3];
    line_name(named, ln, sizeof ln);
    cell_name(placed, pn);
    if (!(named >> placed & 1)) {
        snprintf(err, errlen, "illegal move %s: the line %s does not pass through %s", text,
                 ln, pn);
        return -1;
    }
    for (uint64_t b = named & ~BIT(placed); b; b &= b - 1) {
        int c = __builtin_ctzll(b);
        if (!(p->disc[p->side] >> c & 1)) {
            char cn[3];
            cell_name(c, cn);
            snprintf(err, errlen,
                     "illegal move %s: the line %s is not three single %s discs (%s is %s)",
                     text, ln, p->side ? "black" : "white", cn, cell_content(p, c));
            return -1;
        }
    }
    for (int i = 0; i < k; i++)
        if (MV_KEPT(towers[i]) == kept &&
            (BIT(MV_REM1(towers[i])) | BIT(MV_REM2(towers[i]))) == (BIT(r1) | BIT(r2))) {
            *out = towers[i];
            return 0;
        }
    snprintf(err, errlen, "illegal move %s", text);
    return -1;
}

static int lot_move_from_text(const game *gg, const char *text, qmove *out, char *err,
                              size_t errlen)
{
    const lot_game *g = (const lot_game *)gg;
    const lot_pos *p = &g->pos;
    if (p->result != RESULT_NONE) {
        snprintf(err, errlen, "the game is over");
        return -1;
    }
    if (util_str_ieq(text, "swap"))
        return swap_from_text(g, out, err, errlen);
    int cell[4];
    int n = read_move_cells(text, cell, err, errlen);
    if (n < 0)
        return -1;
    char pn[3];
    int placed = cell[0];
    cell_name(placed, pn);
    if (occupied(p) >> placed & 1) {
        snprintf(err, errlen, "illegal move %s: %s is not empty (it holds %s)", text, pn,
                 cell_content(p, placed));
        return -1;
    }
    qmove towers[40];
    int k = gen_towers(p, placed, towers);
    if (n == 1 && k > 0) {
        char ex[GAME_MOVE_TEXT_MAX];
        lot_move_to_text(gg, towers[0], ex, sizeof ex);
        snprintf(err, errlen,
                 "illegal move %s: a disc on %s makes a line of three, so a tower must "
                 "be made: write PLACED+KEPT-REMOVED-REMOVED, e.g. %s (%d choices)",
                 text, pn, ex, k);
        return -1;
    }
    if (n == 1) {
        *out = (qmove)placed;
        return 0;
    }
    if (k == 0) {
        snprintf(err, errlen,
                 "illegal move %s: a disc on %s makes no line of three, so no tower is due "
                 "(play %s)",
                 text, pn, pn);
        return -1;
    }
    return tower_from_cells(p, text, cell, towers, k, out, err, errlen);
}

/* w/b a disc, W/B a tower (White/Black), 0 an empty cell: the letters of
 * both the position text and the drawing. */
static char cell_char(const void *pos, int s)
{
    const lot_pos *p = pos;
    return (p->disc[0] >> s & 1)    ? 'w'
           : (p->disc[1] >> s & 1)  ? 'b'
           : (p->tower[0] >> s & 1) ? 'W'
           : (p->tower[1] >> s & 1) ? 'B'
                                    : 0;
}

static void lot_to_text(const game *gg, char *buf, size_t len)
{
    const lot_pos *p = &((const lot_game *)gg)->pos;
    char out[96];
    game_rows_text(out, SIDE, SIDE, cell_char, p);
    snprintf(buf, len, "%s %c%s", out, p->side ? 'b' : 'w', p->swap_ok ? " swap" : "");
}

/* The ranks from 7 down to 1, separated by '/' (w and b discs, W and B
 * towers, digits for empty cells), into p; the text after them, or NULL
 * when they do not fill the board. */
static const char *parse_ranks(const char *s, lot_pos *p)
{
    int r = SIDE - 1, f = 0;
    for (; *s && *s != ' '; s++) {
        char c = *s;
        if (c == '/') {
            if (f != SIDE || r == 0)
                return NULL;
            r--;
            f = 0;
        } else if (c >= '1' && c <= '7') {
            f += c - '0';
            if (f > SIDE)
                return NULL;
        } else if (strchr("wbWB", c) && f < SIDE) {
            uint64_t *set = c == 'w' ? &p->disc[0] : c == 'b' ? &p->disc[1]
                            : c == 'W' ? &p->tower[0] : &p->tower[1];
            *set |= BIT(r * SIDE + f);
            f++;
        } else {
            return NULL;
        }
    }
    return r == 0 && f == SIDE ? s : NULL;
}

/* The side to move (w or b), then optionally 'swap': only with the pie
 * rule, Black to move and one white disc on the board. */
static int parse_side_swap(const lot_game *g, const char *s, lot_pos *p, char *err,
                           size_t errlen)
{
    while (*s == ' ')
        s++;
    char side = (char)tolower((unsigned char)*s);
    if ((side != 'b' && side != 'w') || (s[1] && s[1] != ' '))
        return game_position_error(err, errlen, "side to move must be 'w' or 'b'");
    for (s++; *s == ' '; s++)
        ;
    p->side = side == 'b';
    if (!*s)
        return 0;
    if (!util_str_ieq(s, "swap"))
        return game_position_error(err, errlen, "after the side to move only 'swap' may follow");
    if (!g->base.opt[OPT_PIE])
        return game_position_error(err, errlen, "swap cannot be available with pie=0");
    if (side != 'b' || p->disc[1] || p->tower[0] || p->tower[1] ||
        __builtin_popcountll(p->disc[0]) != 1)
        return game_position_error(err, errlen,
                                   "swap can be available only with Black to move and one white "
                                   "disc on the board");
    p->swap_ok = 1;
    return 0;
}

/* Lines play never leaves on the board: three single discs in a line (they
 * become a tower), three towers of the side to move (the game would have
 * ended). */
static int check_lines(const lot_pos *p, char *err, size_t errlen)
{
    char ln[16];
    for (int c = 0; c < 2; c++) {
        uint64_t w = find_window(p->disc[c]);
        if (w) {
            line_name(w, ln, sizeof ln);
            snprintf(err, errlen,
                     "position: the single %s discs %s form a line of three, which never "
                     "stays on the board",
                     c ? "black" : "white", ln);
            return -1;
        }
    }
    uint64_t mover_line = find_window(p->tower[p->side]);
    if (mover_line) {
        line_name(mover_line, ln, sizeof ln);
        snprintf(err, errlen,
                 "position: %s, to move, already has three towers in a line (%s); the game "
                 "would have ended",
                 cap_colour(p->side), ln);
        return -1;
    }
    return 0;
}

/* RANKS SIDE [swap], checked in full before g changes. */
static int lot_from_text(game *gg, const char *text, char *err, size_t errlen)
{
    lot_game *g = (lot_game *)gg;
    if (game_text_too_long(text, err, errlen))
        return -1;
    lot_pos p;
    memset(&p, 0, sizeof p);
    const char *s = text;
    while (*s == ' ')
        s++;
    if (!(s = parse_ranks(s, &p)))
        return game_position_error(err, errlen,
                                   "expected 7 ranks from 7 to 1 separated by '/', with w and b "
                                   "for discs, W and B for towers and digits for empty cells, "
                                   "then the side to move and optionally 'swap' (e.g. "
                                   "7/7/7/3w3/7/7/7 b swap)");
    if (parse_side_swap(g, s, &p, err, errlen) || check_lines(&p, err, errlen))
        return -1;
    if (find_window(p.tower[!p.side])) {
        p.result = (uint8_t)(RESULT_FIRST + !p.side);
        p.reason = END_TOWERS;
    } else if (occupied(&p) == ALL_CELLS) {
        p.result = RESULT_DRAW;
        p.reason = END_FULL;
    }
    p.hash = compute_hash(&p);
    g->pos = p;
    g->hist.ply = 0;
    g->gap_lo = g->gap_hi = 0;
    return 0;
}

static uint64_t lot_hash(const game *g) { return ((const lot_game *)g)->pos.hash; }

static void lot_render(const game *gg, const unsigned char *last, char *buf, size_t len)
{
    const lot_game *g = (const lot_game *)gg;
    const lot_pos *p = &g->pos;
    unsigned char mark[CELLS] = {0};
    if (last) {
        memcpy(mark, last, sizeof mark); /* describe's cell index = s */
        /* a tower move's placed disc may be gone again: still the move's cell */
        if (g->hist.ply > 0 && !(g->hist.moves[g->hist.ply - 1] & MV_SWAP))
            mark[MV_PLACED(g->hist.moves[g->hist.ply - 1])] = 1;
    }
    buf[0] = 0;
    util_str_appendf(buf, len, "    a b c d e f g\n");
    for (int r = SIDE - 1; r >= 0; r--) {
        char line[2 * SIDE + 2];
        memset(line, ' ', sizeof line - 1);
        line[sizeof line - 1] = 0;
        for (int f = 0; f < SIDE; f++) {
            int s = r * SIDE + f;
            char c = cell_char(p, s);
            line[2 * f + 1] = c ? c : '.';
            if (mark[s])
                game_render_mark(line, 2 * f + 1);
        }
        util_str_appendf(buf, len, " %d %s %d\n", r + 1, line, r + 1);
    }
    util_str_appendf(buf, len, "    a b c d e f g\n");
    util_str_appendf(buf, len, "w b = single disc, W B = tower (two discs).");
    for (int c = 0; c < 2; c++) {
        int d = __builtin_popcountll(p->disc[c]), t = __builtin_popcountll(p->tower[c]);
        util_str_appendf(buf, len, "  %s: %d disc%s, %d tower%s.", cap_colour(c), d,
                    d == 1 ? "" : "s", t, t == 1 ? "" : "s");
    }
    util_str_appendf(buf, len, "\n");
    if (p->swap_ok)
        util_str_appendf(buf, len, "Black may play swap: White's disc becomes Black's "
                              "(colours swapped).\n");
}

/* A playout's private state: the position without its hash (computed
 * once at the end) and the empty cells as a list, so that a uniform empty
 * cell is one draw and leaves the list by its index. */
typedef struct lot_play {
    lot_pos p;
    int n;               /* empty cells */
    uint8_t cell[CELLS]; /* the empty cells, in no order */
} lot_play;

/* A uniform random player's move: a uniform empty cell, then a uniform
 * tower choice for it, both from 32 random bits (the cell from the high
 * part of bits * cells, the choice from the low part).  *at: the cell's
 * index in the list. */
static inline __attribute__((always_inline)) qmove random_move(const lot_play *q, uint32_t bits,
                                                               int *at)
{
    uint64_t u = bits * (uint64_t)q->n, own = q->p.disc[q->p.side];
    *at = (int)(u >> 32);
    int s = q->cell[*at];
    /* a line of three through s needs an own disc next to it */
    if (!(own & adjacent[s]))
        return (qmove)s;
    const tower_window *win[12];
    int k = full_windows(own, s, win);
    if (k == 0)
        return (qmove)s;
    uint32_t j = (uint32_t)(((u & 0xFFFFFFFFu) * (uint64_t)(3 * k)) >> 32);
    return win[j / 3]->move[j % 3];
}

/* Bit counts without a popcount instruction (the build targets any x86-64). */
static int count_bits(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* The square of the n-th set bit of x (n < count_bits(x)): whole bytes
 * first, then bit by bit. */
static int nth_bit(uint64_t x, int n)
{
    int base = 0;
    for (;;) {
        int c = byte_bits[x >> base & 0xFF];
        if (n < c)
            break;
        n -= c;
        base += 8;
    }
    uint64_t b = x >> base & 0xFF;
    while (n--)
        b &= b - 1;
    return base + __builtin_ctzll(b);
}

/* Uniform over empty cells, then over the tower choices of that cell (swap,
 * when on offer, half the time): a fair random player that never generates
 * the lines of the other cells, several times faster than picking from
 * legal_moves(). */
qmove lot_random_move(const lot_pos *p, struct rng *r)
{
    if (p->swap_ok && rng_below(r, 2) == 0)
        return MV_SWAP;
    uint64_t empty = ~occupied(p) & ALL_CELLS;
    int s = nth_bit(empty, (int)rng_below(r, (uint32_t)count_bits(empty)));
    qmove towers[40];
    /* a line of three through s needs an own disc next to it */
    int k = (p->disc[p->side] & adjacent[s]) ? gen_towers(p, s, towers) : 0;
    return k ? towers[rng_below(r, (uint32_t)k)] : (qmove)s;
}

int lot_tower_moves(const lot_pos *p, int s, qmove *out) { return gen_towers(p, s, out); }

/* apply() on the playout's state for a placement, without the hash and
 * the pie rule's flag; at: the placed cell's index in the list. */
static inline __attribute__((always_inline)) void play_move(lot_play *q, qmove m, int at)
{
    lot_pos *p = &q->p;
    int c = p->side;
    p->side = (uint8_t)!c;
    p->disc[c] ^= BIT(MV_PLACED(m));
    q->cell[at] = q->cell[--q->n];
    if (!(m & MV_TOWER)) {
        if (q->n == 0) {
            p->result = RESULT_DRAW;
            p->reason = END_FULL;
        }
        return;
    }
    q->cell[q->n++] = (uint8_t)MV_REM1(m);
    q->cell[q->n++] = (uint8_t)MV_REM2(m);
    build_tower(p, c, MV_KEPT(m), MV_REM1(m), MV_REM2(m));
}

/* A game has at most 3 * CELLS plies: a plain move fills a cell, a tower
 * move empties one more than it fills but adds a tower, and towers stay. */
#define MAX_GAME_PLIES (3 * CELLS)

/* The first disc under the pie rule and the swap answer on the private
 * state: swap half the time when on offer (the top random bit), else a
 * random move from the low 32 bits. */
static qmove play_pie_ply(lot_play *q, uint64_t x)
{
    lot_pos *p = &q->p;
    if (p->swap_ok && x >> 63) {
        p->disc[1] = p->disc[0];
        p->disc[0] = 0;
        p->side = 0; /* Black swapped: White moves */
        p->swap_ok = 0;
        return MV_SWAP;
    }
    int first = !p->swap_ok, at;
    qmove m = random_move(q, (uint32_t)x, &at);
    play_move(q, m, at);
    p->swap_ok = (uint8_t)first;
    return m;
}

/* Random play on a private state (lot_play); the history gets the moves,
 * and the positions between them only if unmake asks (fill_gap).  Past
 * the pie rule's plies each 64-bit random number serves two plies. */
static void play_private(lot_game *g, struct rng *r, int max_plies)
{
    movehist *h = &g->hist;
    if (g->gap_lo < g->gap_hi) /* one gap at a time */
        fill_gap(g);
    int start = h->ply, room = max_plies < MAX_GAME_PLIES ? max_plies : MAX_GAME_PLIES;
    if (start + room + 1 > h->cap)
        movehist_overflow(h, start + room + 1);
    memcpy(movehist_pos_at(h, start), &g->pos, sizeof g->pos);
    lot_play q;
    q.p = g->pos;
    q.n = 0;
    for (uint64_t e = ~occupied(&q.p) & ALL_CELLS; e; e &= e - 1)
        q.cell[q.n++] = (uint8_t)__builtin_ctzll(e);
    int n = 0, pie = g->base.opt[OPT_PIE];
    for (; n < max_plies && (q.p.swap_ok || (pie && q.p.side == 0 && q.n == CELLS)); n++)
        movehist_push_move(h, play_pie_ply(&q, rng_next(r)));
    uint64_t bits = 0;
    for (int half = 0; n < max_plies && q.p.result == RESULT_NONE; n++, half ^= 1) {
        if (!half)
            bits = rng_next(r);
        int at;
        qmove m = random_move(&q, (uint32_t)(half ? bits : bits >> 32), &at);
        movehist_push_move(h, m);
        play_move(&q, m, at);
    }
    g->pos = q.p;
    g->pos.hash = compute_hash(&g->pos);
    g->gap_lo = start + 1;
    g->gap_hi = h->ply;
}

/* Uniformly random play on the private state, several times faster than
 * make() with legal_moves(). */
static int lot_playout(game *gg, struct rng *r, int max_plies)
{
    lot_game *g = (lot_game *)gg;
    if (g->pos.result == RESULT_NONE && max_plies > 0)
        play_private(g, r, max_plies);
    return g->pos.result;
}

/* ---- the board for graphical front ends ---- */

static void lot_describe(const game *gg, game_board *b)
{
    const lot_pos *p = &((const lot_game *)gg)->pos;
    game_board_square(b, SIDE, SIDE);
    for (int s = 0; s < CELLS; s++) /* cell index = rank * SIDE + file = s */
        for (int c = 0; c < 2; c++)
            if ((p->disc[c] | p->tower[c]) >> s & 1) {
                b->cells[s].player = c;
                b->cells[s].piece = (p->tower[c] >> s & 1) ? GAME_PIECE_TOWER : GAME_PIECE_DISC;
            }
}

/* The cell; for a tower, then the disc kept and the two removed. */
static int lot_clicks(const game *g, qmove m, game_click *out)
{
    (void)g;
    if (m & MV_SWAP) {
        game_click_choice(out, "swap", "Swap sides");
        return 1;
    }
    char name[3];
    cell_name(MV_PLACED(m), name);
    game_click_cell(&out[0], name);
    if (!(m & MV_TOWER))
        return 1;
    int rest[3] = {MV_KEPT(m), MV_REM1(m), MV_REM2(m)};
    for (int i = 0; i < 3; i++) {
        cell_name(rest[i], name);
        game_click_cell(&out[1 + i], name);
    }
    return 4;
}

const game_ops lot_ops = {
    .name = "lot",
    .title = "LOT (Line of Three)",
    .colour = {"white", "black"},
    .options = lot_options,
    .create = lot_create,
    .destroy = lot_destroy,
    .copy = lot_copy,
    .legal_moves = lot_legal_moves,
    .make = lot_make,
    .unmake = lot_unmake,
    .ply = lot_ply,
    .move_at = lot_move_at,
    .to_move = lot_to_move,
    .result = lot_result,
    .result_reason = lot_result_reason,
    .move_to_text = lot_move_to_text,
    .move_from_text = lot_move_from_text,
    .to_text = lot_to_text,
    .from_text = lot_from_text,
    .hash = lot_hash,
    .render = lot_render,
    .playout = lot_playout,
    .policy_playout = lot_policy_playout,
    .priors = lot_policy_priors,
    .evaluate = lot_policy_evaluate,
    /* RAVE with less exploration (the policy playouts report their moves
     * for free) and the policy's priors: each won at equal time
     * (docs/STRENGTH.md, "LOT") */
    /* alpha-beta's levels on the steep ladder, as LOT's search gains more
     * from its first thousands of nodes than LOA's (docs/STRENGTH.md) */
    .ai_defaults = (const game_ai_defaults[]){{"mcts", "rave=500 c=0.3 prior=8", NULL},
                                              {"alphabeta", "ladder=steep", NULL},
                                              {NULL, NULL, NULL}},
    /* alpha-beta on the evaluation beat that MCTS at equal time
     * (docs/STRENGTH.md, "LOT's default: alpha-beta") */
    .ai_searcher = "alphabeta",
    .describe = lot_describe,
    .turns_left = lot_turns_left,
    .clicks = lot_clicks,
    .sgf_board_size = 7, /* GTP boardsize 7, SGF SZ[7] */
};
