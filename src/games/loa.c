/*
 * loa.c - Lines of Action (shared/rules/loa.md).
 *
 * Bitboards: bit (rank * 8 + file), a1 = bit 0.  A move is legal when the
 * piece travels exactly the number of pieces on its whole line, crosses no
 * enemy piece and does not land on its own.  The number of pieces on each
 * of the 46 lines (ranks, files, both diagonals) is kept up to date by
 * make and unmake, and ray targets and "between" masks are precomputed
 * once, so generation is table lookups per piece and direction.
 *
 * The moves along a line depend on that line alone, so perft's last ply
 * counts them per line from a table of line contents (count_moves).
 *
 * History is copy-make: each make() pushes the whole 32-byte position, so
 * unmake() is a pop (and puts back the line counts from the move), and
 * repetition checks compare the stored positions since the last capture.
 * The random playout skips make()'s test for a move (the draw finds out)
 * and compares stored positions only when a small filter of the hashes
 * since the last capture says the position may repeat one.
 */
#include "games/loa.h"
#include "games/loa_eval.h"
#include "games/loa_tables.h"
#include "movehist.h"
#include "rng.h"
#include "util.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_SIMULTANEOUS, OPT_NOMOVE, OPT_REPETITION };
static const char *const simultaneous_choices[] = {"draw", "mover", NULL};
static const char *const nomove_choices[] = {"pass", "lose", NULL};
static const game_option loa_options[] = {
    {"simultaneous", "both players connected by one move: draw, or the mover wins",
     simultaneous_choices, 0, 1, 0},
    {"nomove", "a player with no legal move passes, or loses", nomove_choices, 0, 1, 0},
    {"repetition", "draw on the N-th occurrence of a position (0: never)", NULL, 0, 100, 3},
    {NULL, NULL, NULL, 0, 0, 0},
};


enum reason {
    END_NONE,
    END_CONNECT,      /* one side connected */
    END_BOTH,         /* both connected at once */
    END_REPETITION,
    END_NOMOVE_LOSE,  /* nomove=lose */
    END_STALEMATE     /* neither side can move */
};

typedef struct loa_pos {
    uint64_t pieces[2];
    uint64_t hash;
    uint8_t side;      /* player to move */
    uint8_t result;    /* enum game_result */
    uint8_t reason;    /* enum reason */
    uint8_t must_pass; /* side to move has no move but may pass */
    uint16_t quiet;    /* plies since the last capture (or the start), saturating */
    uint8_t npieces[2]; /* popcount of pieces[c], kept by make (the random move's draw) */
} loa_pos;


typedef struct loa_game {
    game base;
    loa_pos pos;
    uint8_t count[LOA_NLINES]; /* pieces on each line, for pos */
    movehist hist;         /* of loa_pos */
} loa_game;

/* ---- tables ---- */

static uint64_t zobrist[2][64], zobrist_side;
uint64_t loa_line_mask[64][4];   /* rank, file, diagonal, anti-diagonal */
uint8_t loa_line_of[64][4];      /* the square's line of each kind, 0..LOA_NLINES-1 */
int8_t loa_ray_target[64][8][9]; /* [sq][dir][dist 0..8] target square or -1 */
uint64_t loa_between[64][64];    /* squares strictly between two aligned squares */
/* The legal moves along one line depend on that line alone (the distance
 * is its piece count): line_move_table[line_base[len] + tern[own] +
 * 2 * tern[enemy]] counts them, own and enemy the line's squares as bits
 * in line order; tern reads a byte's bits as base-3 digits. */
#define LINE_PATTERNS 9840 /* 3 + 9 + ... + 3^8 */
static uint8_t line_move_table[LINE_PATTERNS];
static const uint16_t line_base[9] = {0, 0, 3, 12, 39, 120, 363, 1092, 3279}; /* by length */
static uint16_t tern[256];
static const int dfile[8] = {1, -1, 0, 0, 1, -1, -1, 1};
static const int drank[8] = {0, 0, 1, -1, 1, -1, 1, -1};
/* direction pairs share a line: 0/1 rank, 2/3 file, 4/5 diagonal, 6/7 anti */
/* Built once, whichever thread creates the first game. */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* The moves along a line of len squares holding pattern (base-3 digits:
 * 0 empty, 1 own, 2 enemy). */
static int moves_on_line(int len, int pattern)
{
    int d[8], pieces = 0, n = 0;
    for (int i = 0; i < len; i++, pattern /= 3)
        pieces += (d[i] = pattern % 3) != 0;
    for (int i = 0; i < len; i++) {
        if (d[i] != 1)
            continue;
        for (int dir = -1; dir <= 1; dir += 2) {
            int t = i + dir * pieces, ok = t >= 0 && t < len && d[t] != 1;
            for (int j = i + dir; ok && j != t; j += dir)
                ok = d[j] != 2;
            n += ok;
        }
    }
    return n;
}

static void build_line_tables(void)
{
    for (int b = 0; b < 256; b++)
        for (int i = 7, t = 0; i >= 0; i--)
            tern[b] = (uint16_t)(t = 3 * t + (b >> i & 1));
    for (int len = 1, size = 3; len <= 8; len++, size *= 3)
        for (int pat = 0; pat < size; pat++)
            line_move_table[line_base[len] + pat] = (uint8_t)moves_on_line(len, pat);
}

static void build_tables(void)
{
    rng r;
    rng_seed(&r, 0x10A10A10Aull);
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < 64; s++)
            zobrist[c][s] = rng_next(&r);
    zobrist_side = rng_next(&r);
    for (int s = 0; s < 64; s++) {
        int f = s & 7, k = s >> 3;
        for (int d = 0; d < 8; d++) {
            uint64_t path = 0;
            loa_ray_target[s][d][0] = loa_ray_target[s][d][8] = -1; /* a full line: 8 pieces */
            for (int n = 1; n < 8; n++) {
                int tf = f + dfile[d] * n, tk = k + drank[d] * n;
                if (tf < 0 || tf > 7 || tk < 0 || tk > 7) {
                    loa_ray_target[s][d][n] = -1;
                    continue;
                }
                int t = tk * 8 + tf;
                loa_ray_target[s][d][n] = (int8_t)t;
                loa_between[s][t] = path;
                path |= 1ull << t;
                loa_line_mask[s][d / 2] |= 1ull << t;
            }
        }
        for (int l = 0; l < 4; l++)
            loa_line_mask[s][l] |= 1ull << s;
        loa_line_of[s][0] = (uint8_t)k;
        loa_line_of[s][1] = (uint8_t)(8 + f);
        loa_line_of[s][2] = (uint8_t)(16 + f - k + 7);
        loa_line_of[s][3] = (uint8_t)(31 + f + k);
    }
    build_line_tables();
}

static void init_tables(void) { pthread_once(&tables_once, build_tables); }

/* ---- connectivity ---- */

#define FILE_A LOA_FILE_A
#define FILE_H LOA_FILE_H

/* Squares next to a piece of p (not p itself unless next to another). */
static uint64_t neighbours(uint64_t p)
{
    uint64_t h = ((p << 1) & ~FILE_A) | ((p >> 1) & ~FILE_H);
    return h | (h << 8) | (h >> 8) | (p << 8) | (p >> 8);
}

static int one_group(uint64_t p)
{
    if (!p)
        return 0;
    if ((p & (p - 1)) && (p & ~neighbours(p))) /* a lone piece among several */
        return 0;
    uint64_t g = p & (~p + 1);
    for (;;) {
        uint64_t n = loa_dilate(g) & p;
        if (n == g)
            return g == p;
        g = n;
    }
}

/* ---- move generation ---- */

static void recount(loa_game *g)
{
    uint64_t occ = g->pos.pieces[0] | g->pos.pieces[1];
    memset(g->count, 0, sizeof g->count);
    for (uint64_t b = occ; b; b &= b - 1)
        for (int l = 0; l < 4; l++)
            g->count[loa_line_of[__builtin_ctzll(b)][l]]++;
}

/* A piece leaves from (and, unless it captures, the pieces on to's lines
 * grow by one): delta -1 for make, +1 for unmake. */
static inline void count_move(uint8_t *count, int from, int to, int capture, int delta)
{
    const uint8_t *f = loa_line_of[from], *t = loa_line_of[to];
    count[f[0]] = (uint8_t)(count[f[0]] + delta);
    count[f[1]] = (uint8_t)(count[f[1]] + delta);
    count[f[2]] = (uint8_t)(count[f[2]] + delta);
    count[f[3]] = (uint8_t)(count[f[3]] + delta);
    if (capture)
        return;
    count[t[0]] = (uint8_t)(count[t[0]] - delta);
    count[t[1]] = (uint8_t)(count[t[1]] - delta);
    count[t[2]] = (uint8_t)(count[t[2]] - delta);
    count[t[3]] = (uint8_t)(count[t[3]] - delta);
}

/* Where the piece on s lands moving dist squares in direction d, or -1
 * when that move leaves the board, crosses an enemy or lands on its own. */
static inline __attribute__((always_inline)) int dir_target(int s, int d, int dist, uint64_t own,
                                                           uint64_t enemy)
{
    int t = loa_ray_target[s][d][dist];
    return t < 0 || (own >> t & 1) || (loa_between[s][t] & enemy) ? -1 : t;
}

/* The move from s in direction d over dist squares, appended at out[n]
 * if legal; the new n. */
static inline __attribute__((always_inline)) int gen_dir(int s, int d, int dist, uint64_t own,
                                                        uint64_t enemy, qmove *out, int n)
{
    int t = dir_target(s, d, dist, own, enemy);
    if (t < 0)
        return n;
    out[n] = (qmove)(s | t << 6) | ((enemy >> t & 1) ? LOA_MV_CAPTURE : 0);
    return n + 1;
}

/* A line's two directions travel the same distance; written out, in the
 * order of the directions (the order of legal_moves). */
static inline __attribute__((always_inline)) int gen_piece(const loa_pos *p,
                                                          const uint8_t *count, int s,
                                                          qmove *out)
{
    uint64_t own = p->pieces[p->side], enemy = p->pieces[!p->side];
    const uint8_t *line = loa_line_of[s];
    int n = gen_dir(s, 0, count[line[0]], own, enemy, out, 0);
    n = gen_dir(s, 1, count[line[0]], own, enemy, out, n);
    n = gen_dir(s, 2, count[line[1]], own, enemy, out, n);
    n = gen_dir(s, 3, count[line[1]], own, enemy, out, n);
    n = gen_dir(s, 4, count[line[2]], own, enemy, out, n);
    n = gen_dir(s, 5, count[line[2]], own, enemy, out, n);
    n = gen_dir(s, 6, count[line[3]], own, enemy, out, n);
    return gen_dir(s, 7, count[line[3]], own, enemy, out, n);
}

static int gen_regular(const loa_pos *p, const uint8_t *count, qmove *out)
{
    int n = 0;
    for (uint64_t b = p->pieces[p->side]; b; b &= b - 1)
        n += gen_piece(p, count, __builtin_ctzll(b), out + n);
    return n;
}

/* Whether the side to move has a move: stops at the first one. */
static int has_move(const loa_pos *p, const uint8_t *count)
{
    uint64_t own = p->pieces[p->side], enemy = p->pieces[!p->side];
    for (uint64_t b = own; b; b &= b - 1) {
        int s = __builtin_ctzll(b);
        const uint8_t *line = loa_line_of[s];
        int rank = count[line[0]], file = count[line[1]], diag = count[line[2]],
            anti = count[line[3]];
        if (dir_target(s, 0, rank, own, enemy) >= 0 || dir_target(s, 1, rank, own, enemy) >= 0 ||
            dir_target(s, 2, file, own, enemy) >= 0 || dir_target(s, 3, file, own, enemy) >= 0 ||
            dir_target(s, 4, diag, own, enemy) >= 0 || dir_target(s, 5, diag, own, enemy) >= 0 ||
            dir_target(s, 6, anti, own, enemy) >= 0 || dir_target(s, 7, anti, own, enemy) >= 0)
            return 1;
    }
    return 0;
}

/* Files become ranks: the board mirrored in its a1-h8 diagonal. */
static inline uint64_t flip_diagonal(uint64_t x)
{
    uint64_t t = 0x0F0F0F0F00000000ull & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ull & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ull & (x ^ (x << 7));
    return x ^ t ^ (t >> 7);
}

/* The moves along a line of len squares holding own and enemy (bits in
 * line order); len is a constant wherever it is called. */
static inline __attribute__((always_inline)) int line_moves(unsigned own, unsigned enemy, int len)
{
    return len < 2 ? 0 : line_move_table[(size_t)line_base[len] + tern[own] + 2u * tern[enemy]];
}

/* The moves along the 8 lines that are the bytes of own and enemy. */
static inline __attribute__((always_inline)) int count_bytes(uint64_t own, uint64_t enemy)
{
    return line_moves(own & 0xFF, enemy & 0xFF, 8) + line_moves(own >> 8 & 0xFF, enemy >> 8 & 0xFF, 8) +
           line_moves(own >> 16 & 0xFF, enemy >> 16 & 0xFF, 8) +
           line_moves(own >> 24 & 0xFF, enemy >> 24 & 0xFF, 8) +
           line_moves(own >> 32 & 0xFF, enemy >> 32 & 0xFF, 8) +
           line_moves(own >> 40 & 0xFF, enemy >> 40 & 0xFF, 8) +
           line_moves(own >> 48 & 0xFF, enemy >> 48 & 0xFF, 8) +
           line_moves(own >> 56, enemy >> 56, 8);
}

#define MAIN_DIAGONAL 0x8040201008040201ull /* a1, b2, ..., h8 */
#define MAIN_ANTI_DIAGONAL 0x0102040810204080ull /* h1, g2, ..., a8 */

/* The moves along the diagonal file - rank = c (anti: file + rank = 7 +
 * c), -7 < c < 7 a constant: its squares have one file each, so a
 * multiply gathers them into the top byte. */
static inline __attribute__((always_inline)) int count_diagonal(uint64_t own, uint64_t enemy,
                                                               int anti, int c)
{
    uint64_t line = anti ? MAIN_ANTI_DIAGONAL : MAIN_DIAGONAL;
    uint64_t files = 0xFFull, mask;
    if (c >= 0) /* files c..7 */
        mask = (line << c) & ((files << c & 0xFF) * LOA_FILE_A);
    else        /* files 0..7+c */
        mask = (line >> -c) & ((files >> -c) * LOA_FILE_A);
    int shift = 56 + (c > 0 ? c : 0);
    return line_moves((unsigned)(((own & mask) * LOA_FILE_A) >> shift),
                      (unsigned)(((enemy & mask) * LOA_FILE_A) >> shift), 8 - (c < 0 ? -c : c));
}

static inline __attribute__((always_inline)) int count_diagonals(uint64_t own, uint64_t enemy,
                                                                int anti)
{
    /* written out: every mask and shift a constant (the corners' diagonals
     * of one square, c = -7 and 7, hold no move) */
    return count_diagonal(own, enemy, anti, -6) + count_diagonal(own, enemy, anti, -5) +
           count_diagonal(own, enemy, anti, -4) + count_diagonal(own, enemy, anti, -3) +
           count_diagonal(own, enemy, anti, -2) + count_diagonal(own, enemy, anti, -1) +
           count_diagonal(own, enemy, anti, 0) + count_diagonal(own, enemy, anti, 1) +
           count_diagonal(own, enemy, anti, 2) + count_diagonal(own, enemy, anti, 3) +
           count_diagonal(own, enemy, anti, 4) + count_diagonal(own, enemy, anti, 5) +
           count_diagonal(own, enemy, anti, 6);
}

/* The number of regular moves, line by line from line_move_table
 * (perft's last ply: no list, no per-piece lookups). */
static int count_regular(const loa_pos *p)
{
    uint64_t own = p->pieces[p->side], enemy = p->pieces[!p->side];
    return count_bytes(own, enemy) + count_bytes(flip_diagonal(own), flip_diagonal(enemy)) +
           count_diagonals(own, enemy, 0) + count_diagonals(own, enemy, 1);
}

/* ---- results ---- */

static int repetitions(const loa_game *g)
{
    /* a capture cannot be undone: earlier positions had more pieces */
    int count = 1, first = g->pos.quiet == UINT16_MAX ? 0 : g->hist.ply - g->pos.quiet;
    for (int k = g->hist.ply - 2; k >= first; k -= 2) {
        const loa_pos *h = movehist_pos(&g->hist, k);
        if (h->hash == g->pos.hash && h->pieces[0] == g->pos.pieces[0] &&
            h->pieces[1] == g->pos.pieces[1])
            count++;
    }
    return count;
}

/* Decide the result of the position just reached (settle_end: a
 * connection or a repetition, 1 if the game ended so; may_repeat 0 when
 * the position is known to be new); mover is who moved last.  Without a
 * capture the other side's pieces are as they were, not connected (or
 * the game would be over), so only a capture (or a new position,
 * other_changed) needs its test. */
static inline __attribute__((always_inline)) int settle_end(loa_game *g, int mover,
                                                           int other_changed, int may_repeat)
{
    loa_pos *p = &g->pos;
    int c_mover = one_group(p->pieces[mover]);
    int c_other = other_changed && one_group(p->pieces[!mover]);
    p->result = RESULT_NONE;
    p->reason = END_NONE;
    p->must_pass = 0;
    if (c_mover && c_other) {
        p->reason = END_BOTH;
        p->result = g->base.opt[OPT_SIMULTANEOUS] == 0 ? RESULT_DRAW : (uint8_t)(RESULT_FIRST + mover);
        return 1;
    }
    if (c_mover || c_other) {
        p->reason = END_CONNECT;
        p->result = (uint8_t)(RESULT_FIRST + (c_mover ? mover : !mover));
        return 1;
    }
    int rep = g->base.opt[OPT_REPETITION];
    if (rep > 0 && may_repeat && repetitions(g) >= rep) {
        p->reason = END_REPETITION;
        p->result = RESULT_DRAW;
        return 1;
    }
    return 0;
}

/* The rest of the result when settle_end found none: a side to move
 * without a move passes, loses, or neither side can move. */
static void settle_moves(loa_game *g)
{
    loa_pos *p = &g->pos;
    if (!has_move(p, g->count)) {
        if (g->base.opt[OPT_NOMOVE] == 1) {
            p->reason = END_NOMOVE_LOSE;
            p->result = (uint8_t)(RESULT_FIRST + !p->side);
            return;
        }
        loa_pos other = *p;
        other.side = (uint8_t)!p->side;
        if (!has_move(&other, g->count)) {
            p->reason = END_STALEMATE;
            p->result = RESULT_DRAW;
            return;
        }
        p->must_pass = 1;
    }
}

static void settle(loa_game *g, int mover, int other_changed)
{
    if (!settle_end(g, mover, other_changed, 1))
        settle_moves(g);
}

/* ---- interface ---- */

static uint64_t compute_hash(const loa_pos *p)
{
    uint64_t h = p->side ? zobrist_side : 0;
    for (int c = 0; c < 2; c++)
        for (uint64_t b = p->pieces[c]; b; b &= b - 1)
            h ^= zobrist[c][__builtin_ctzll(b)];
    return h;
}

static void set_start(loa_game *g)
{
    loa_pos *p = &g->pos;
    memset(p, 0, sizeof *p);
    p->pieces[0] = 0x7Eull | (0x7Eull << 56);                  /* b1..g1, b8..g8 */
    p->pieces[1] = (FILE_A | FILE_H) & 0x00FFFFFFFFFFFF00ull; /* a2..a7, h2..h7 */
    p->npieces[0] = p->npieces[1] = 12;
    p->hash = compute_hash(p);
    recount(g);
    g->hist.ply = 0;
}

static game *loa_create(const int *opt, char *err, size_t errlen)
{
    /* every position occurs once: the start would be drawn and yet not
     * over until a text is read (from_text checks, the start does not) */
    if (opt[OPT_REPETITION] == 1) {
        snprintf(err, errlen, "option repetition: 1 would draw every game at once "
                 "(0: never, 2..100: the occurrence that draws)");
        return NULL;
    }
    init_tables();
    loa_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->base.ops = &loa_ops;
    memcpy(g->base.opt, opt, sizeof g->base.opt);
    if (movehist_init(&g->hist, sizeof(loa_pos), 256) != 0) {
        free(g);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    set_start(g);
    return &g->base;
}

static void loa_destroy(game *gg)
{
    loa_game *g = (loa_game *)gg;
    movehist_free(&g->hist);
    free(g);
}

static int loa_reserve(game *gg, int plies)
{
    movehist *h = &((loa_game *)gg)->hist;
    return plies > MOVEHIST_MAX - h->ply ? -1 : movehist_reserve(h, h->ply + plies);
}

static void loa_copy(game *dd, const game *ss)
{
    loa_game *d = (loa_game *)dd;
    const loa_game *s = (const loa_game *)ss;
    memcpy(d->base.opt, s->base.opt, sizeof d->base.opt);
    d->pos = s->pos;
    memcpy(d->count, s->count, sizeof d->count);
    movehist_copy(&d->hist, &s->hist);
}

static int loa_legal_moves(const game *gg, qmove *out)
{
    const loa_pos *p = &((const loa_game *)gg)->pos;
    if (p->result != RESULT_NONE)
        return 0;
    if (p->must_pass) {
        out[0] = LOA_MV_PASS;
        return 1;
    }
    return gen_regular(p, ((const loa_game *)gg)->count, out);
}

static int loa_count_moves(const game *gg)
{
    const loa_pos *p = &((const loa_game *)gg)->pos;
    if (p->result != RESULT_NONE)
        return 0;
    return p->must_pass ? 1 : count_regular(p);
}

/* The move on the position and line counts, without its result. */
static inline __attribute__((always_inline)) void apply(loa_game *g, qmove m)
{
    loa_pos *p = &g->pos;
    int mover = p->side, capture = (m & LOA_MV_CAPTURE) != 0;
    if (!(m & LOA_MV_PASS)) {
        int from = LOA_MV_FROM(m), to = LOA_MV_TO(m);
        p->pieces[mover] ^= (1ull << from) | (1ull << to);
        p->hash ^= zobrist[mover][from] ^ zobrist[mover][to];
        if (capture) {
            p->pieces[!mover] ^= 1ull << to;
            p->hash ^= zobrist[!mover][to];
            p->npieces[!mover]--;
        }
        count_move(g->count, from, to, capture, -1);
    }
    p->quiet = capture ? 0 : p->quiet == UINT16_MAX ? UINT16_MAX : (uint16_t)(p->quiet + 1);
    p->side = (uint8_t)!mover;
    p->hash ^= zobrist_side;
}

static void loa_make(game *gg, qmove m)
{
    loa_game *g = (loa_game *)gg;
    int mover = g->pos.side;
    movehist_push_sized(&g->hist, &g->pos, sizeof g->pos, m);
    apply(g, m);
    settle(g, mover, (m & LOA_MV_CAPTURE) != 0);
}

static void loa_unmake(game *gg)
{
    loa_game *g = (loa_game *)gg;
    if (!movehist_pop_sized(&g->hist, &g->pos, sizeof g->pos))
        return;
    qmove m = g->hist.moves[g->hist.ply];
    if (!(m & LOA_MV_PASS))
        count_move(g->count, LOA_MV_FROM(m), LOA_MV_TO(m), (m & LOA_MV_CAPTURE) != 0, 1);
}

static int loa_ply(const game *g) { return ((const loa_game *)g)->hist.ply; }

/* Turns the side to move may still play (clock planning): games between
 * good players last about 80 plies, and any game may go on a while. */
static int loa_turns_left(const game *g)
{
    int left = (80 - loa_ply(g)) / 2;
    return left < 8 ? 8 : left;
}

/* A pass for null-move pruning: the same board with the other side to
 * move (a turn that must pass has nothing to prune). */
static qmove loa_null_move(const game *g)
{
    const loa_pos *p = &((const loa_game *)g)->pos;
    return p->must_pass || p->result != RESULT_NONE ? QMOVE_NONE : LOA_MV_PASS;
}

static qmove loa_move_at(const game *g, int i) { return ((const loa_game *)g)->hist.moves[i]; }

static int loa_to_move(const game *g) { return ((const loa_game *)g)->pos.side; }

static int loa_result(const game *g) { return ((const loa_game *)g)->pos.result; }

static const char *cap_colour(int p) { return p ? "White" : "Black"; }

static void loa_result_reason(const game *gg, char *buf, size_t len)
{
    const loa_game *g = (const loa_game *)gg;
    const loa_pos *p = &g->pos;
    int winner = p->result == RESULT_FIRST ? 0 : 1;
    switch (p->reason) {
    case END_CONNECT:
        snprintf(buf, len, "%s connects all pieces", cap_colour(winner));
        break;
    case END_BOTH:
        if (p->result == RESULT_DRAW)
            snprintf(buf, len, "both players connect at once: draw");
        else
            snprintf(buf, len, "both players connect at once: %s, who moved, wins",
                     cap_colour(winner));
        break;
    case END_REPETITION:
        snprintf(buf, len, "draw by repetition (occurrence %d)", g->base.opt[OPT_REPETITION]);
        break;
    case END_NOMOVE_LOSE:
        snprintf(buf, len, "%s has no legal move and loses", cap_colour(!winner));
        break;
    case END_STALEMATE:
        snprintf(buf, len, "neither player can move: draw");
        break;
    default:
        buf[0] = 0;
    }
}

static void square_name(int s, char *out)
{
    out[0] = (char)('a' + (s & 7));
    out[1] = (char)('1' + (s >> 3));
    out[2] = 0;
}

static void loa_move_to_text(const game *g, qmove m, char *buf, size_t len)
{
    (void)g;
    if (m & LOA_MV_PASS) {
        snprintf(buf, len, "pass");
        return;
    }
    char a[3], b[3];
    square_name(LOA_MV_FROM(m), a);
    square_name(LOA_MV_TO(m), b);
    snprintf(buf, len, "%s%c%s", a, (m & LOA_MV_CAPTURE) ? 'x' : '-', b);
}

static int parse_square(const char *s)
{
    int f = tolower((unsigned char)s[0]) - 'a', r = s[1] - '1';
    if (f < 0 || f > 7 || r < 0 || r > 7)
        return -1;
    return r * 8 + f;
}

/* Explain why from-to is not a legal move in p. */
static void explain_illegal(const loa_pos *p, int from, int to, const char *text, char *err,
                            size_t errlen)
{
    uint64_t own = p->pieces[p->side], enemy = p->pieces[!p->side], occ = own | enemy;
    char a[3], b[3];
    square_name(from, a);
    square_name(to, b);
    if (!(own >> from & 1)) {
        snprintf(err, errlen, "illegal move %s: %s has no %s piece", text, a,
                 p->side ? "white" : "black");
        return;
    }
    for (int d = 0; d < 8; d++)
        for (int n = 1; n < 8; n++)
            if (loa_ray_target[from][d][n] == to) {
                int dist = __builtin_popcountll(occ & loa_line_mask[from][d / 2]);
                static const char *const line_name[4] = {"rank", "file", "diagonal",
                                                         "diagonal"};
                if (n != dist)
                    snprintf(err, errlen,
                             "illegal move %s: the %s through %s holds %d pieces, so the "
                             "piece must move exactly %d squares",
                             text, line_name[d / 2], a, dist, dist);
                else if (loa_between[from][to] & enemy)
                    snprintf(err, errlen, "illegal move %s: it would jump over an enemy piece",
                             text);
                else if (own >> to & 1)
                    snprintf(err, errlen, "illegal move %s: %s holds your own piece", text, b);
                else
                    snprintf(err, errlen, "illegal move %s", text);
                return;
            }
    snprintf(err, errlen, "illegal move %s: %s and %s are not on one line", text, a, b);
}

static int loa_move_from_text(const game *gg, const char *text, qmove *out, char *err,
                              size_t errlen)
{
    const loa_pos *p = &((const loa_game *)gg)->pos;
    if (p->result != RESULT_NONE) {
        snprintf(err, errlen, "the game is over");
        return -1;
    }
    if (util_str_ieq(text, "pass")) {
        if (!p->must_pass) {
            snprintf(err, errlen, "illegal move pass: passing is allowed only with no legal move");
            return -1;
        }
        *out = LOA_MV_PASS;
        return 0;
    }
    size_t n = strlen(text);
    int from, to;
    if (n == 4) {
        from = parse_square(text);
        to = parse_square(text + 2);
    } else if (n == 5 && strchr("-xX:", text[2])) {
        from = parse_square(text);
        to = parse_square(text + 3);
    } else {
        from = to = -1;
    }
    if (from < 0 || to < 0) {
        snprintf(err, errlen, "'%s' is not a move (expected e.g. c8-c6, c8xa6 or pass)", text);
        return -1;
    }
    if (p->must_pass) {
        snprintf(err, errlen, "illegal move %s: no piece can move; the only move is pass", text);
        return -1;
    }
    qmove list[8];
    int k = gen_piece(p, ((const loa_game *)gg)->count, from, list);
    if ((p->pieces[p->side] >> from & 1))
        for (int i = 0; i < k; i++)
            if (LOA_MV_TO(list[i]) == to) {
                *out = list[i];
                return 0;
            }
    explain_illegal(p, from, to, text, err, errlen);
    return -1;
}

static char loa_cell(const void *pos, int s)
{
    const loa_pos *p = pos;
    return (p->pieces[0] >> s & 1) ? 'b' : (p->pieces[1] >> s & 1) ? 'w' : 0;
}

static void loa_to_text(const game *gg, char *buf, size_t len)
{
    const loa_pos *p = &((const loa_game *)gg)->pos;
    char out[96];
    game_rows_text(out, 8, 8, loa_cell, p);
    snprintf(buf, len, "%s %c", out, p->side ? 'w' : 'b');
}

static int loa_from_text(game *gg, const char *text, char *err, size_t errlen)
{
    loa_game *g = (loa_game *)gg;
    if (game_text_too_long(text, err, errlen))
        return -1;
    loa_pos p;
    memset(&p, 0, sizeof p);
    const char *s = text;
    while (*s == ' ')
        s++;
    int r = 7, f = 0;
    for (; *s && *s != ' '; s++) {
        char c = (char)tolower((unsigned char)*s);
        if (c == '/') {
            if (f != 8 || r == 0)
                goto bad;
            r--;
            f = 0;
        } else if (c >= '1' && c <= '8') {
            f += c - '0';
            if (f > 8)
                goto bad;
        } else if (c == 'b' || c == 'w' || c == 'x' || c == 'o') {
            if (f > 7)
                goto bad;
            p.pieces[(c == 'w' || c == 'o')] |= 1ull << (r * 8 + f);
            f++;
        } else {
            goto bad;
        }
    }
    if (r != 0 || f != 8)
        goto bad;
    while (*s == ' ')
        s++;
    char side = (char)tolower((unsigned char)*s);
    if ((side != 'b' && side != 'w') || s[1]) {
        snprintf(err, errlen, "position: side to move must be 'b' or 'w'");
        return -1;
    }
    if (!p.pieces[0] || !p.pieces[1]) {
        snprintf(err, errlen, "position: each player needs at least one piece");
        return -1;
    }
    p.side = side == 'w';
    p.npieces[0] = (uint8_t)__builtin_popcountll(p.pieces[0]);
    p.npieces[1] = (uint8_t)__builtin_popcountll(p.pieces[1]);
    p.hash = compute_hash(&p);
    g->pos = p;
    recount(g);
    g->hist.ply = 0;
    settle(g, !p.side, 1);
    return 0;
bad:
    snprintf(err, errlen,
             "position: expected 8 ranks from 8 to 1 separated by '/', with b, w and "
             "digits for empty squares, then the side to move (e.g. 1bbbbbb1/w6w/w6w/"
             "w6w/w6w/w6w/w6w/1bbbbbb1 b)");
    return -1;
}

/* SGF (GM[9]) writes a capture with ':' and may append annotations such
 * as '+' or '!' that carry no meaning for the move. */
static void loa_sgf_move_to_text(const game *g, qmove m, char *buf, size_t len)
{
    loa_move_to_text(g, m, buf, len);
    char *x = strchr(buf, 'x');
    if (x)
        *x = ':';
}

static int loa_sgf_move_from_text(const game *g, const char *text, qmove *out, char *err,
                                  size_t errlen)
{
    while (isspace((unsigned char)*text))
        text++;
    size_t n = strlen(text);
    while (n && strchr("+!?# \t\r\n", text[n - 1]))
        n--;
    char tok[GAME_MOVE_TEXT_MAX];
    if (n == 0 || n >= sizeof tok) {
        snprintf(err, errlen, "'%s' is not a move (expected e.g. c8-c6, c8:a6 or pass)", text);
        return -1;
    }
    memcpy(tok, text, n);
    tok[n] = 0;
    return loa_move_from_text(g, tok, out, err, errlen);
}

static uint64_t loa_hash(const game *g) { return ((const loa_game *)g)->pos.hash; }

static void loa_render(const game *gg, const unsigned char *last, char *buf, size_t len)
{
    const loa_game *g = (const loa_game *)gg;
    const loa_pos *p = &g->pos;
    buf[0] = 0;
    util_str_appendf(buf, len, "    a b c d e f g h\n");
    for (int r = 7; r >= 0; r--) {
        char line[18] = "                 "; /* square f at 2f + 1 */
        for (int f = 0; f < 8; f++) {
            int s = r * 8 + f; /* describe's cell index too */
            line[2 * f + 1] = (p->pieces[0] >> s & 1) ? 'B' : (p->pieces[1] >> s & 1) ? 'W' : '.';
            if (last && last[s])
                game_render_mark(line, 2 * f + 1);
        }
        util_str_appendf(buf, len, " %d %s %d\n", r + 1, line, r + 1);
    }
    util_str_appendf(buf, len, "    a b c d e f g h\n");
    util_str_appendf(buf, len, "Black (B): %d pieces, White (W): %d pieces\n",
                __builtin_popcountll(p->pieces[0]), __builtin_popcountll(p->pieces[1]));
}

/* ---- evaluation (for the AI, loa_eval.c) ---- */

static double loa_evaluate(const game *gg)
{
    const loa_pos *p = &((const loa_game *)gg)->pos;
    if (p->result != RESULT_NONE)
        return p->result == RESULT_DRAW ? 0.5 : (p->result == RESULT_FIRST + p->side ? 1.0 : 0.0);
    return loa_eval_expect(p->pieces, p->side, ((const loa_game *)gg)->count);
}

static double loa_playout_evaluate(const game *gg)
{
    const loa_pos *p = &((const loa_game *)gg)->pos;
    if (p->result != RESULT_NONE)
        return loa_evaluate(gg);
    return loa_eval_playout(p->pieces, p->side);
}

static void loa_priors(const game *gg, const qmove *moves, int n, float *out)
{
    const loa_pos *p = &((const loa_game *)gg)->pos;
    loa_eval_priors(p->pieces, p->side, moves, n, out);
}

/* One uniformly random legal move: a random (piece, direction) pair is
 * tried until it is legal.  Every legal move is exactly one such pair, so
 * the draw is uniform, and it costs a few tries instead of generating all
 * moves.  Few legal moves: fall back to the full list.  The playout does
 * not test for a move after each make, so here the side to move may have
 * none: QMOVE_NONE, with r as it was (a forced pass draws no number, so a
 * seed plays the same games as when make() tested). */
static inline __attribute__((always_inline)) qmove random_move(const loa_pos *p,
                                                              const uint8_t *count, rng *r)
{
    if (p->must_pass)
        return LOA_MV_PASS;
    rng before = *r;
    uint64_t own = p->pieces[p->side], enemy = p->pieces[!p->side];
    uint32_t n = p->npieces[p->side];
    for (int tries = 0; tries < 48; tries++) {
        uint64_t pick = rng_next(r);
        uint32_t k = (uint32_t)(((pick >> 32) * n) >> 32), d = (uint32_t)pick & 7;
        uint64_t b = own;
        while (k--)
            b &= b - 1;
        int s = __builtin_ctzll(b);
        int t = dir_target(s, (int)d, count[loa_line_of[s][d / 2]], own, enemy);
        if (t < 0)
            continue;
        return (qmove)(s | t << 6) | ((enemy >> t & 1) ? LOA_MV_CAPTURE : 0);
    }
    qmove list[64 * 8]; /* a text may give a side up to 63 pieces */
    int m = gen_regular(p, count, list);
    if (m == 0) {
        *r = before;
        return QMOVE_NONE;
    }
    return list[rng_below(r, (uint32_t)m)];
}

/* A playout's filter of the positions since the last capture: bit
 * (hash >> 56) of each.  A position whose bit is clear repeats none, and
 * only one whose bit is set has the stored positions compared. */
typedef struct seen_filter {
    uint64_t bits[4];
} seen_filter;

/* Whether hash's bit was set; sets it. */
static inline int seen_add(seen_filter *f, uint64_t hash)
{
    unsigned b = (unsigned)(hash >> 56);
    uint64_t bit = 1ull << (b & 63), old = f->bits[b >> 6];
    f->bits[b >> 6] = old | bit;
    return (old & bit) != 0;
}

/* The filter of the positions stored since the last capture, and g's. */
static void seen_init(seen_filter *f, const loa_game *g)
{
    memset(f, 0, sizeof *f);
    int first = g->pos.quiet == UINT16_MAX ? 0 : g->hist.ply - g->pos.quiet;
    for (int k = first; k < g->hist.ply; k++)
        seen_add(f, ((const loa_pos *)movehist_pos(&g->hist, k))->hash);
    seen_add(f, g->pos.hash);
}

/* Uniformly random moves to the end: make() without its test for a move
 * (random_move finds out when it finds none) and with the filter in front
 * of the repetition test, on a local copy of the random state. */
static int loa_playout(game *gg, rng *r, int max_plies)
{
    loa_game *g = (loa_game *)gg;
    rng lr = *r;
    seen_filter seen;
    seen_init(&seen, g);
    for (int i = 0; i < max_plies && g->pos.result == RESULT_NONE; i++) {
        qmove m = random_move(&g->pos, g->count, &lr);
        if (m == QMOVE_NONE) {
            settle_moves(g);
            if (g->pos.result != RESULT_NONE)
                break;
            m = LOA_MV_PASS;
        }
        int mover = g->pos.side, capture = (m & LOA_MV_CAPTURE) != 0;
        movehist_push_sized(&g->hist, &g->pos, sizeof g->pos, m);
        apply(g, m);
        if (capture)
            memset(&seen, 0, sizeof seen);
        settle_end(g, mover, capture, seen_add(&seen, g->pos.hash));
    }
    if (g->pos.result == RESULT_NONE)
        settle_moves(g);
    *r = lr;
    return g->pos.result;
}

/* ---- the board for graphical front ends ---- */

static void loa_describe(const game *gg, game_board *b)
{
    const loa_pos *p = &((const loa_game *)gg)->pos;
    game_board_square(b, 8, 8);
    for (int s = 0; s < 64; s++)
        for (int c = 0; c < 2; c++)
            if (p->pieces[c] >> s & 1)
                b->cells[s].player = c; /* cell index = rank * 8 + file = s */
}

/* A piece, then its target; a pass is a button. */
static int loa_clicks(const game *g, qmove m, game_click *out)
{
    (void)g;
    if (m & LOA_MV_PASS) {
        game_click_choice(out, "pass", "Pass");
        return 1;
    }
    char a[3], b[3];
    square_name(LOA_MV_FROM(m), a);
    square_name(LOA_MV_TO(m), b);
    game_click_cell(&out[0], a);
    game_click_cell(&out[1], b);
    return 2;
}

const game_ops loa_ops = {
    .name = "loa",
    .title = "Lines of Action",
    .colour = {"black", "white"},
    .options = loa_options,
    .create = loa_create,
    .destroy = loa_destroy,
    .copy = loa_copy,
    .legal_moves = loa_legal_moves,
    .count_moves = loa_count_moves,
    .make = loa_make,
    .reserve = loa_reserve,
    .unmake = loa_unmake,
    .ply = loa_ply,
    .move_at = loa_move_at,
    .to_move = loa_to_move,
    .result = loa_result,
    .result_reason = loa_result_reason,
    .move_to_text = loa_move_to_text,
    .move_from_text = loa_move_from_text,
    .to_text = loa_to_text,
    .from_text = loa_from_text,
    .hash = loa_hash,
    .render = loa_render,
    .sgf_game_number = 9,
    .sgf_board_size = 8,
    .sgf_move_to_text = loa_sgf_move_to_text,
    .sgf_move_from_text = loa_sgf_move_from_text,
    .playout = loa_playout,
    .evaluate = loa_evaluate,
    .priors = loa_priors,
    .playout_evaluate = loa_playout_evaluate,
    .describe = loa_describe,
    .turns_left = loa_turns_left,
    .null_move = loa_null_move,
    .clicks = loa_clicks,
    /* tuned on LOA: evaluation cut-offs and priors (docs/BENCHMARKS.md) */
    .ai_defaults = (const game_ai_defaults[]){{"mcts", "cutoff=1 evalplies=4 prior=4", NULL}, {NULL, NULL, NULL}},
    /* alpha-beta with loa_eval.c beat MCTS at equal work (docs/STRENGTH.md) */
    .ai_searcher = "alphabeta",
};
