/* test_coffee.c - Coffee: options, exact move lists on both boards, the bar
 * rule, wins and losses, swap, perft and random games checked step by step
 * against an independent model of the rules, and bad input. */
#include "check.h"
#include "gametest.h"
#include "games/coffee.h"
#include "game.h"
#include "rng.h"
#include "util.h"

#include <stdlib.h>

/* ---- an independent model: a plain grid, walking lines step by step ---- */

#define M_W 19
#define M_TOK 16
typedef struct model {
    int hex, size, w, n, pie, naxes;
    const int *dc, *dr;
    const char *letters;
    signed char cell[M_W][M_W]; /* [column][row], 0 empty, 1 black, 2 orange */
    int side, bar_c, bar_r, bar_a, swap_ok, over;
} model;

static const int m_hex_dc[3] = {1, 1, 0}, m_hex_dr[3] = {0, 1, 1};
static const int m_sq_dc[4] = {1, 0, 1, 1}, m_sq_dr[4] = {0, 1, 1, -1};

static void m_init(model *m, int hex, int size, int n, int pie)
{
    memset(m, 0, sizeof *m);
    m->hex = hex;
    m->size = size;
    m->w = hex ? 2 * size - 1 : size;
    m->n = n;
    m->pie = pie;
    m->naxes = hex ? 3 : 4;
    m->dc = hex ? m_hex_dc : m_sq_dc;
    m->dr = hex ? m_hex_dr : m_sq_dr;
    m->letters = hex ? "hda" : "hvda";
    m->bar_c = -1;
}

static int m_exists(const model *m, int c, int r)
{
    if (c < 0 || r < 0 || c >= m->w || r >= m->w)
        return 0;
    return !m->hex || abs(c - r) < m->size;
}

/* Own pieces of colour in a row through (c, r) along axis a, (c, r) counted. */
static int m_run(const model *m, int c, int r, int a, int colour)
{
    int run = 1;
    for (int dir = -1; dir <= 1; dir += 2)
        for (int k = 1;; k++) {
            int cc = c + dir * k * m->dc[a], rr = r + dir * k * m->dr[a];
            if (!m_exists(m, cc, rr) || m->cell[cc][rr] != colour)
                break;
            run++;
        }
    return run;
}

static int m_wins(const model *m, int c, int r, int colour)
{
    for (int a = 0; a < m->naxes; a++)
        if (m_run(m, c, r, a, colour) >= m->n)
            return 1;
    return 0;
}

/* Is there an empty cell other than (c, r) on the line through it? */
static int m_other_empty(const model *m, int c, int r, int a)
{
    for (int dir = -1; dir <= 1; dir += 2)
        for (int k = 1;; k++) {
            int cc = c + dir * k * m->dc[a], rr = r + dir * k * m->dr[a];
            if (!m_exists(m, cc, rr))
                break;
            if (!m->cell[cc][rr])
                return 1;
        }
    return 0;
}

static int m_on_bar_line(const model *m, int c, int r)
{
    if (m->bar_c < 0)
        return 1;
    for (int k = -M_W; k <= M_W; k++)
        if (m->bar_c + k * m->dc[m->bar_a] == c && m->bar_r + k * m->dr[m->bar_a] == r)
            return 1;
    return 0;
}

/* Legal move tokens, canonical. */
static int m_moves(const model *m, char out[][M_TOK])
{
    int k = 0;
    if (m->over)
        return 0;
    if (m->swap_ok)
        strcpy(out[k++], "swap");
    for (int c = 0; c < m->w; c++)
        for (int r = 0; r < m->w; r++) {
            if (!m_exists(m, c, r) || m->cell[c][r] || !m_on_bar_line(m, c, r))
                continue;
            if (m_wins(m, c, r, m->side + 1)) {
                snprintf(out[k++], M_TOK, "%c%d", 'a' + c, r + 1);
                continue;
            }
            for (int a = 0; a < m->naxes; a++)
                if (m_other_empty(m, c, r, a))
                    snprintf(out[k++], M_TOK, "%c%d%c", 'a' + c, r + 1, m->letters[a]);
        }
    return k;
}

static void m_play(model *m, const char *t)
{
    if (strcmp(t, "swap") == 0) {
        m->cell[m->bar_c][m->bar_r] = 2;
        m->swap_ok = 0;
        m->side = 0;
    } else {
        int c = t[0] - 'a';
        char *end;
        int r = (int)strtol(t + 1, &end, 10) - 1;
        int first = m->bar_c < 0, mover = m->side;
        m->swap_ok = 0;
        if (m_wins(m, c, r, mover + 1))
            m->over = mover + 1;
        m->cell[c][r] = (signed char)(mover + 1);
        m->bar_c = c;
        m->bar_r = r;
        m->bar_a = *end ? (int)(strchr(m->letters, *end) - m->letters) : -1;
        m->side = !mover;
        if (first && m->pie)
            m->swap_ok = 1;
    }
    char tmp[GAME_MAX_MOVES][M_TOK];
    if (!m->over && m_moves(m, tmp) == 0)
        m->over = !m->side + 1;
}

static uint64_t m_perft(const model *m, int depth)
{
    static char buf[8][GAME_MAX_MOVES][M_TOK];
    if (depth == 0)
        return 1;
    int k = m_moves(m, buf[depth]);
    if (depth == 1)
        return (uint64_t)k;
    uint64_t total = 0;
    for (int i = 0; i < k; i++) {
        model t = *m;
        m_play(&t, buf[depth][i]);
        total += m_perft(&t, depth - 1);
    }
    return total;
}

/* ---- helpers on the real game ---- */

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The legal moves as one space-separated string, in generation order. */
static void moves_text(const game *g, char *out, size_t len)
{
    qmove mv[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, mv);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, mv[i], t, sizeof t);
        util_str_appendf(out, len, "%s%s", i ? " " : "", t);
    }
}

static game *from_pos(const char *opts, const char *pos)
{
    game *g = test_game(&coffee_ops, opts);
    char err[GAME_ERR_MAX];
    if (g && g->ops->from_text(g, pos, err, sizeof err) != 0) {
        printf("from_text '%s': %s\n", pos, err);
        game_free(g);
        return NULL;
    }
    return g;
}

/* ---- tests ---- */

static void test_options(void)
{
    char buf[256], err[GAME_ERR_MAX];
    /* given options -> the effective ones; the size defaults by board to
     * the sheet's beginner boards, hex 4 and square 5 */
    static const char *const good[][2] = {
        {"", "board=hex size=4 n=4 pie=0"},
        {"board=square", "board=square size=5 n=4 pie=0"},
        {"board=hex size=0", "board=hex size=4 n=4 pie=0"},
        {"board=square size=4", "board=square size=4 n=4 pie=0"},
        {"board=square size=3", "board=square size=3 n=3 pie=0"},
        {"size=2", "board=hex size=2 n=2 pie=0"},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        game *g = test_game(&coffee_ops, good[i][0]);
        game_options_text(g, buf, sizeof buf);
        CHECK_STR(buf, good[i][1]);
        /* the printed options recreate the same game */
        game *h = game_new_like(g);
        game_options_text(h, buf, sizeof buf);
        CHECK_STR(buf, good[i][1]);
        game_free(h);
        game_free(g);
    }

    struct { const char *opts, *msg; } bad[] = {
        {"size=11", "option size: 11 is out of range for board=hex (2..10)"},
        {"board=square size=2", "option size: 2 is out of range for board=square (3..19)"},
        {"board=square size=20", "option size: 20 is out of range (0..19)"},
        {"size=1", "option size: 1 is out of range for board=hex (2..10)"},
        {"n=1", "option n: 1 is out of range for size=4 (2..4)"},
        {"board=square size=5 n=6", "option n: 6 is out of range for size=5 (2..5)"},
        {"size=3 n=4", "option n: 4 is out of range for size=3 (2..3)"},
        {"board=round", "option board: 'round' is not one of: hex, square"},
        {"pie=2", "option pie: 2 is out of range (0..1)"},
        {"colour=red", "unknown option 'colour' for coffee"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char copy[64], *argv[4];
        snprintf(copy, sizeof copy, "%s", bad[i].opts);
        int argc = util_split_words(copy, argv, 4);
        err[0] = 0;
        CHECK(game_create(&coffee_ops, argc, argv, err, sizeof err) == NULL);
        CHECK_HAS(err, bad[i].msg);
    }
}

static void test_first_moves(void)
{
    char buf[8192];
    /* hex side 2: 7 cells, every line has 2 or 3 cells, so every axis is fine */
    game *g = test_game(&coffee_ops, "size=2");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "a1h a1d a1a b1h b1d b1a a2h a2d a2a b2h b2d b2a c2h c2d c2a "
                   "b3h b3d b3a c3h c3d c3a");
    game_free(g);
    /* square 3: a corner's short diagonal is a line of one cell */
    g = test_game(&coffee_ops, "board=square size=3");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "a1h a1v a1d b1h b1v b1d b1a c1h c1v c1a a2h a2v a2d a2a b2h b2v b2d "
                   "b2a c2h c2v c2d c2a a3h a3v a3a b3h b3v b3d b3a c3h c3v c3d");
    game_free(g);
    g = test_game(&coffee_ops, "");
    CHECK_INT(g->ops->legal_moves(g, (qmove[GAME_MAX_MOVES]){0}), 37 * 3);
    game_free(g);
    g = test_game(&coffee_ops, "board=square size=19");
    CHECK_INT(g->ops->legal_moves(g, (qmove[GAME_MAX_MOVES]){0}), 361 * 4 - 4);
    game_free(g);
}

static void test_placements_hex(void)
{
    char buf[4096];
    /* along h, jumping over pieces on both sides of the bar */
    game *g = from_pos("", "4/5/6/1o1b1b1/6/5/4 d4h o -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "a4h a4d a4a c4h c4d c4a e4h e4d e4a g4h g4d g4a");
    game_free(g);
    /* along a (the column, rising left), from the top edge g7 down to g4 */
    g = from_pos("", "3b/5/6/7/6/5/4 g7a o -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "g4h g4d g4a g5h g5d g5a g6h g6d g6a");
    game_free(g);
    /* along d (rising right) through the corner a1: a1 b2 c3 d4 e5 f6 g7 */
    g = from_pos("", "4/5/6/3b3/6/5/4 d4d o -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "a1h a1d a1a b2h b2d b2a c3h c3d c3a e5h e5d e5a f6h f6d f6a g7h g7d g7a");
    game_free(g);
    /* d5 would fill row 5: the bar may not lie along h there */
    g = from_pos("", "4/5/ob1obo/3b3/6/5/b3 d4a o -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "d1h d1d d1a d2h d2d d2a d3h d3d d3a d5d d5a d6h d6d d6a d7h d7d d7a");
    char err[GAME_ERR_MAX], before[GAME_TEXT_MAX], after[GAME_TEXT_MAX];
    g->ops->to_text(g, before, sizeof before);
    CHECK(game_play_text(g, "d5h", err, sizeof err) < 0);
    CHECK_STR(err, "illegal move d5h: the bar along h through d5 would leave Black no empty "
                   "cell on its line");
    g->ops->to_text(g, after, sizeof after);
    CHECK_STR(after, before);
    game_free(g);
}

static void test_placements_square(void)
{
    char buf[4096];
    /* along v at the edge file a, across a piece */
    game *g = from_pos("board=square size=5", "5/5/b4/o4/b4 a3v o -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "a4h a4v a4d a4a a5h a5v a5a");
    game_free(g);
    /* along d (a1-b2) and a (a2-b1) through c3 */
    g = from_pos("board=square size=5", "5/5/2b2/5/5 c3d o -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "a1h a1v a1d b2h b2v b2d b2a d4h d4v d4d d4a e5h e5v e5d");
    game_free(g);
    g = from_pos("board=square size=5", "5/5/2b2/5/5 c3a o -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "a5h a5v a5a b4h b4v b4d b4a d2h d2v d2d d2a e1h e1v e1a");
    game_free(g);
    /* along h with gaps: b2, d2 taken */
    g = from_pos("board=square size=5", "4o/5/5/1b1o1/b4 d2h b -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "a2h a2v a2d a2a c2h c2v c2d c2a e2h e2v e2d e2a");
    game_free(g);
}

static void test_win_and_loss(void)
{
    char buf[256], err[GAME_ERR_MAX];
    /* c1 completes Black's row 1 and fills the board: the win prevails */
    game *g = from_pos("board=square size=3", "obo/boo/bb1 c2v b -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "c1");
    CHECK_INT(game_play_text(g, "c1h", err, sizeof err), 1); /* an axis is accepted too */
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    g->ops->result_reason(g, buf, sizeof buf);
    CHECK_STR(buf, "Black makes a line of 3");
    g->ops->to_text(g, buf, sizeof buf);
    CHECK_STR(buf, "obo/boo/bbb c1 o -");
    CHECK_INT(g->ops->legal_moves(g, (qmove[GAME_MAX_MOVES]){0}), 0);
    g->ops->unmake(g);
    g->ops->to_text(g, buf, sizeof buf);
    CHECK_STR(buf, "obo/boo/bb1 c2v b -");
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    game_free(g);

    /* c2v is Orange's only move, and it leaves Black no legal turn */
    g = from_pos("board=square size=3", "obb/bo1/bo1 a2h o -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "c2v");
    CHECK_INT(game_play_text(g, "c2v", err, sizeof err), 1);
    CHECK_INT(g->ops->result(g), RESULT_SECOND);
    CHECK_INT(g->ops->to_move(g), 0);
    CHECK_INT(g->ops->legal_moves(g, (qmove[GAME_MAX_MOVES]){0}), 0);
    g->ops->result_reason(g, buf, sizeof buf);
    CHECK_STR(buf, "Black cannot complete a legal turn and loses");
    /* the same position given as text is decided at once */
    g->ops->to_text(g, buf, sizeof buf);
    CHECK_STR(buf, "obb/boo/bo1 c2v b -");
    game *h = from_pos("board=square size=3", buf);
    CHECK_INT(h->ops->result(h), RESULT_SECOND);
    CHECK(h->ops->hash(h) == g->ops->hash(g));
    game_free(h);
    game_free(g);

    /* n=2: a piece next to your own wins */
    g = test_game(&coffee_ops, "size=2 n=2");
    CHECK_INT(test_play(g, "b2h a2d"), 0);
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "b3");
    CHECK_INT(test_play(g, "b3"), 0);
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    game_free(g);

    /* n=size on hex 3: the whole middle row */
    g = from_pos("size=3 n=3", "3/4/bb1o1/4/o2 d3h b -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "c3 e3h e3d e3a");
    CHECK_INT(test_play(g, "c3"), 0);
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    game_free(g);
    /* n=5 on hex 5: four Orange pieces in a row do not win, Black's fifth does */
    g = from_pos("size=5 n=5", "5/6/7/8/bbb1b4/8/7/6/oooo1 d1a b -");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "d2h d2d d2a d3h d3d d3a d4h d4d d4a d5 d6h d6d d6a d7h d7d d7a d8h "
                   "d8d d8a");
    game_free(g);
}

static void test_swap(void)
{
    char buf[1024], err[GAME_ERR_MAX], before[GAME_TEXT_MAX];
    game *g = test_game(&coffee_ops, "board=square size=5 pie=1");
    CHECK_INT(test_play(g, "c3d"), 0);
    g->ops->to_text(g, before, sizeof before);
    CHECK_STR(before, "5/5/2b2/5/5 c3d o swap");
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "swap a1h a1v a1d b2h b2v b2d b2a d4h d4v d4d d4a e5h e5v e5d");
    uint64_t h0 = g->ops->hash(g);
    CHECK_INT(test_play(g, "SWAP"), 0);
    g->ops->to_text(g, buf, sizeof buf);
    CHECK_STR(buf, "5/5/2o2/5/5 c3d b -");
    CHECK_INT(g->ops->to_move(g), 0);
    moves_text(g, buf, sizeof buf);
    CHECK_STR(buf, "a1h a1v a1d b2h b2v b2d b2a d4h d4v d4d d4a e5h e5v e5d");
    CHECK(game_play_text(g, "swap", err, sizeof err) < 0);
    CHECK_STR(err, "illegal move swap: only Orange's first move may be swap");
    CHECK_INT(test_play(g, "b2h"), 0);
    CHECK(game_play_text(g, "swap", err, sizeof err) < 0);
    CHECK_STR(err, "illegal move swap: only Orange's first move may be swap");
    g->ops->unmake(g);
    g->ops->unmake(g);
    g->ops->to_text(g, buf, sizeof buf);
    CHECK_STR(buf, before);
    CHECK(g->ops->hash(g) == h0);
    game_free(g);

    g = test_game(&coffee_ops, "board=square size=5");
    CHECK(game_play_text(g, "swap", err, sizeof err) < 0);
    CHECK_STR(err, "illegal move swap: the pie rule is off (option pie=1 turns it on)");
    CHECK_INT(test_play(g, "c3d"), 0);
    CHECK(game_play_text(g, "swap", err, sizeof err) < 0);
    CHECK_STR(err, "illegal move swap: the pie rule is off (option pie=1 turns it on)");
    game_free(g);

    /* after a swap the counts are one more Orange piece */
    g = from_pos("board=square size=5 pie=1", "5/5/2o2/5/5 c3d b -");
    CHECK(g != NULL);
    game_free(g);
}

static void test_perft_against_model(void)
{
    struct { const char *opts; int hex, size, n, pie, depth; } cases[] = {
        {"size=2", 1, 2, 2, 0, 4},
        {"size=2 pie=1", 1, 2, 2, 1, 4},
        {"size=3", 1, 3, 3, 0, 3},
        {"size=3 n=2", 1, 3, 2, 0, 4},
        {"", 1, 4, 4, 0, 3},
        {"pie=1", 1, 4, 4, 1, 3},
        {"board=square size=3", 0, 3, 3, 0, 4},
        {"board=square size=3 n=2 pie=1", 0, 3, 2, 1, 4},
        {"board=square size=4", 0, 4, 4, 0, 3},
        {"board=square size=5", 0, 5, 4, 0, 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        game *g = test_game(&coffee_ops, cases[i].opts);
        model m;
        m_init(&m, cases[i].hex, cases[i].size, cases[i].n, cases[i].pie);
        for (int d = 1; d <= cases[i].depth; d++) {
            uint64_t a = game_perft(g, d), b = m_perft(&m, d);
            if (a != b)
                printf("perft %d '%s': %llu, model %llu\n", d, cases[i].opts,
                       (unsigned long long)a, (unsigned long long)b);
            CHECK(a == b);
        }
        game_free(g);
    }
    /* fixed figures, so a change in both at once still shows */
    game *g = test_game(&coffee_ops, "");
    CHECK_INT(game_perft(g, 1), 111);
    CHECK_INT(game_perft(g, 2), 1494);
    CHECK_INT(game_perft(g, 3), 18918);
    game_free(g);
    g = test_game(&coffee_ops, "board=square size=5");
    CHECK_INT(game_perft(g, 1), 96);
    CHECK_INT(game_perft(g, 2), 1224);
    CHECK_INT(game_perft(g, 3), 14528);
    game_free(g);
}

/* Play random games, checking every step against the model and the
 * interface's conventions.  Returns the number of games each side won. */
static void random_games(const char *opts, int hex, int size, int n, int pie, int games,
                         uint64_t seed, int *wins)
{
    rng r;
    rng_seed(&r, seed);
    static char mm[GAME_MAX_MOVES][M_TOK];
    static char *sorted_model[GAME_MAX_MOVES], *sorted_game[GAME_MAX_MOVES];
    static char game_text[GAME_MAX_MOVES][GAME_MOVE_TEXT_MAX];
    qmove mv[GAME_MAX_MOVES];
    char err[GAME_ERR_MAX], t1[GAME_TEXT_MAX], t2[GAME_TEXT_MAX];
    game *g = test_game(&coffee_ops, opts), *copy = test_game(&coffee_ops, opts), *fresh = test_game(&coffee_ops, opts);
    for (int k = 0; k < games; k++) {
        game *s = test_game(&coffee_ops, opts);
        g->ops->copy(g, s);
        game_free(s);
        model m;
        m_init(&m, hex, size, n, pie);
        for (;;) {
            int cnt = g->ops->legal_moves(g, mv), mc = m_moves(&m, mm);
            CHECK_INT(cnt, mc);
            CHECK_INT(cnt == 0, g->ops->result(g) != RESULT_NONE);
            if (cnt != mc)
                break;
            for (int i = 0; i < cnt; i++) {
                g->ops->move_to_text(g, mv[i], game_text[i], GAME_MOVE_TEXT_MAX);
                sorted_game[i] = game_text[i];
                sorted_model[i] = mm[i];
                qmove back;
                if (g->ops->move_from_text(g, game_text[i], &back, err, sizeof err) != 0 ||
                    back != mv[i]) {
                    printf("move %s does not parse back: %s\n", game_text[i], err);
                    CHECK(0);
                }
            }
            qsort(sorted_game, (size_t)cnt, sizeof(char *), cmp_str);
            qsort(sorted_model, (size_t)cnt, sizeof(char *), cmp_str);
            for (int i = 0; i < cnt; i++)
                if (strcmp(sorted_game[i], sorted_model[i]) != 0) {
                    printf("%s: move %s, model %s\n", opts, sorted_game[i], sorted_model[i]);
                    CHECK(0);
                    break;
                }
            /* the text round-trips with its hash */
            g->ops->to_text(g, t1, sizeof t1);
            if (fresh->ops->from_text(fresh, t1, err, sizeof err) != 0) {
                printf("from_text %s: %s\n", t1, err);
                CHECK(0);
            } else {
                fresh->ops->to_text(fresh, t2, sizeof t2);
                CHECK_STR(t2, t1);
                CHECK(fresh->ops->hash(fresh) == g->ops->hash(g));
                CHECK_INT(fresh->ops->result(fresh), g->ops->result(g));
            }
            if (cnt == 0)
                break;
            /* make/unmake of every move restores text and hash */
            uint64_t h = g->ops->hash(g);
            for (int i = 0; i < cnt; i++) {
                g->ops->make(g, mv[i]);
                g->ops->unmake(g);
            }
            g->ops->to_text(g, t2, sizeof t2);
            CHECK_STR(t2, t1);
            CHECK(g->ops->hash(g) == h);
            int pick = (int)rng_below(&r, (uint32_t)cnt);
            char tok[GAME_MOVE_TEXT_MAX];
            g->ops->move_to_text(g, mv[pick], tok, sizeof tok);
            g->ops->make(g, mv[pick]);
            m_play(&m, tok);
        }
        CHECK(m.over != 0);
        CHECK_INT(g->ops->result(g), m.over);
        CHECK(g->ops->result(g) == RESULT_FIRST || g->ops->result(g) == RESULT_SECOND);
        if (g->ops->result(g) == RESULT_FIRST || g->ops->result(g) == RESULT_SECOND)
            wins[g->ops->result(g) - 1]++;
        /* a copy replays the same history; unmaking it all gets back to the start */
        g->ops->copy(copy, g);
        CHECK_INT(copy->ops->ply(copy), g->ops->ply(g));
        CHECK(copy->ops->hash(copy) == g->ops->hash(g));
        while (copy->ops->ply(copy) > 0)
            copy->ops->unmake(copy);
        copy->ops->to_text(copy, t1, sizeof t1);
        game *start = test_game(&coffee_ops, opts);
        start->ops->to_text(start, t2, sizeof t2);
        CHECK_STR(t1, t2);
        CHECK(copy->ops->hash(copy) == start->ops->hash(start));
        game_free(start);
    }
    game_free(g);
    game_free(copy);
    game_free(fresh);
}

static void test_random_games(void)
{
    int w[2] = {0, 0};
    random_games("", 1, 4, 4, 0, 60, 1, w);                      /* the sheet's hex set-up */
    random_games("board=square size=5", 0, 5, 4, 0, 60, 2, w);   /* the sheet's square one */
    random_games("size=6", 1, 6, 4, 0, 15, 3, w);               /* the largest sheet boards */
    random_games("board=square size=7", 0, 7, 4, 0, 15, 4, w);
    random_games("size=3 pie=1", 1, 3, 3, 1, 60, 5, w);
    random_games("board=square size=4 n=2 pie=1", 0, 4, 2, 1, 40, 6, w);
    random_games("size=5 n=5", 1, 5, 5, 0, 20, 7, w);
    CHECK_INT(w[0] + w[1], 60 + 60 + 15 + 15 + 60 + 40 + 20);
    CHECK(w[0] > 0 && w[1] > 0);
}

/* The playout hook: every move it makes is legal where it is made, games
 * end in a result, and its moves are uniform: over many playouts of one
 * ply from a position, each legal move turns up about equally often. */
static void test_playout(void)
{
    static const char *const opts[] = {"", "board=square size=7", "size=3 pie=1",
                                       "board=square size=4 n=2 pie=1"};
    rng r;
    rng_seed(&r, 77);
    qmove moves[GAME_MAX_MOVES];
    for (int o = 0; o < 4; o++) {
        game *g = test_game(&coffee_ops, opts[o]), *replay = game_new_like(g);
        for (int i = 0; i < 100; i++) {
            game *c = game_clone(g);
            int res = c->ops->playout(c, &r, 100000), bad = 0;
            CHECK(res == RESULT_FIRST || res == RESULT_SECOND);
            CHECK_INT(c->ops->result(c), res);
            CHECK_INT(c->ops->legal_moves(c, moves), 0);
            replay->ops->copy(replay, g);
            for (int k = 0; k < c->ops->ply(c); k++) {
                qmove m = c->ops->move_at(c, k);
                int n = replay->ops->legal_moves(replay, moves), found = 0;
                for (int j = 0; j < n; j++)
                    found |= moves[j] == m;
                bad += !found;
                replay->ops->make(replay, m);
            }
            CHECK_INT(bad, 0);
            CHECK_INT(replay->ops->result(replay), res);
            game_free(c);
        }
        game_free(g);
        game_free(replay);
    }
    /* one ply from a position with the bar on a line: 18000 draws */
    game *g = test_game(&coffee_ops, "pie=1");
    CHECK_INT(test_play(g, "d4h"), 0); /* Orange: d4's row and swap */
    int n = g->ops->legal_moves(g, moves), seen[GAME_MAX_MOVES] = {0};
    CHECK(n > 10);
    for (int i = 0; i < 18000; i++) {
        game *c = game_clone(g);
        c->ops->playout(c, &r, 1);
        qmove m = c->ops->move_at(c, c->ops->ply(c) - 1);
        for (int j = 0; j < n; j++)
            seen[j] += moves[j] == m;
        game_free(c);
    }
    int low = 18000, high = 0;
    for (int j = 0; j < n; j++) {
        low = seen[j] < low ? seen[j] : low;
        high = seen[j] > high ? seen[j] : high;
    }
    CHECK(low > 18000 / n * 7 / 10 && high < 18000 / n * 13 / 10);
    game_free(g);
}

/* The playout keeps its moves but not the headers between them, and
 * makes its hash at the end: unmake after a playout still walks back
 * through every position the moves passed (on the bitboard boards, one
 * larger board, with and without pie). */
static void test_unmake_after_playout(void)
{
    static const char *const opts[] = {"", "pie=1", "board=square size=7", "size=3 n=2",
                                       "board=square size=5 n=3 pie=1", "size=5"};
    rng r;
    rng_seed(&r, 12);
    int ok = 0;
    for (int o = 0; o < 6; o++) {
        game *g = test_game(&coffee_ops, opts[o]), *c = game_new_like(g);
        for (int i = 0; i < 30; i++) {
            g->ops->copy(c, g);
            ok += test_playout_unmakes(g, c, &r, i);
        }
        game_free(g);
        game_free(c);
    }
    CHECK_INT(ok, 6 * 30);
}

static void test_bad_moves(void)
{
    char err[GAME_ERR_MAX], before[GAME_TEXT_MAX], after[GAME_TEXT_MAX];
    game *g = from_pos("", "4/5/6/1o1b1b1/6/5/4 d4h o -");
    uint64_t h = g->ops->hash(g);
    g->ops->to_text(g, before, sizeof before);
    struct { const char *move, *msg; } bad[] = {
        {"d5h", "illegal move d5h: d5 is not on the line the bar marks (axis h through d4)"},
        {"c4v", "illegal move c4v: there is no axis v on the hex board (axes: h, d, a)"},
        {"b4h", "illegal move b4h: b4 is occupied"},
        {"d4a", "illegal move d4a: d4 is occupied"},
        {"a7h", "illegal move a7h: a7 is not on the board"},
        {"h4h", "illegal move h4h: h4 is not on the board"},
        {"a0h", "illegal move a0h: a0 is not on the board"},
        {"c4", "illegal move c4: c4 does not win, so the bar's axis is needed too (e.g. c4h)"},
        {"swap", "illegal move swap: the pie rule is off"},
        {"c4hh", "'c4hh' is not a move"},
        {"4c", "'4c' is not a move"},
        {"", "empty move"},
        {"c4h,e4h", "the turn is already complete"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        CHECK(game_play_text(g, bad[i].move, err, sizeof err) < 0);
        CHECK_HAS(err, bad[i].msg);
        g->ops->to_text(g, after, sizeof after);
        CHECK_STR(after, before);
        CHECK(g->ops->hash(g) == h);
    }
    /* lenient input: case, a separator before the axis */
    CHECK_INT(game_play_text(g, "C4-H", err, sizeof err), 1);
    g->ops->unmake(g);
    CHECK_INT(game_play_text(g, "e4/d", err, sizeof err), 1);
    char t[GAME_MOVE_TEXT_MAX];
    g->ops->move_to_text(g, g->ops->move_at(g, 0), t, sizeof t);
    CHECK_STR(t, "e4d");
    game_free(g);

    g = test_game(&coffee_ops, "board=square size=5");
    CHECK(game_play_text(g, "a1a", err, sizeof err) < 0);
    CHECK_STR(err, "illegal move a1a: the bar along a through a1 would leave Orange no empty "
                   "cell on its line");
    CHECK(game_play_text(g, "f1h", err, sizeof err) < 0);
    CHECK_STR(err, "illegal move f1h: f1 is not on the board");
    CHECK_INT(game_play_text(g, "a1v", err, sizeof err), 1);
    game_free(g);

    /* a finished game takes no move */
    g = from_pos("board=square size=3", "obo/boo/bbb c1 o -");
    CHECK(game_play_text(g, "a1h", err, sizeof err) < 0);
    CHECK_STR(err, "the game is over");
    game_free(g);
}

static void test_bad_positions(void)
{
    char err[GAME_ERR_MAX], before[GAME_TEXT_MAX], after[GAME_TEXT_MAX];
    game *g = from_pos("", "4/5/6/1o1b1b1/6/5/4 d4h o -");
    uint64_t h = g->ops->hash(g);
    g->ops->to_text(g, before, sizeof before);
    struct { const char *text, *msg; } bad[] = {
        {"", "expected ROWS BAR SIDE SWAP"},
        {"4/5/6/7/6/5/4 - b", "expected ROWS BAR SIDE SWAP"},
        {"4/5/6/7/6/5/4 - b - x", "expected ROWS BAR SIDE SWAP"},
        {"4/5/6/7/6/5 - b -", "the board must be 7 rows from the top"},
        {"4/5/6/8/6/5/4 - b -", "row lengths: 4,5,6,7,6,5,4"},
        {"4/5/6/3x3/6/5/4 - b -", "the board must be 7 rows"},
        {"4/5/6/0b6/6/5/4 - b -", "the board must be 7 rows"},
        {"4/5/6/7/6/5/4 - w -", "the side to move must be b or o"},
        {"4/5/6/7/6/5/4 - b maybe", "the last field must be swap or -"},
        {"4/5/6/3b3/6/5/4 - o -", "only the empty board with Black to move"},
        {"4/5/6/7/6/5/4 d4h o -", "the bar must lie on a piece of the player who moved last"},
        {"4/5/6/3b3/6/5/4 d4v o -", "the bar's axis must be one of h, d, a"},
        {"4/5/6/3b3/6/5/4 h4h o -", "the bar must be a cell of the board"},
        {"4/5/6/3b3/6/5/4 d4 o -", "the bar needs an axis unless the last placement won"},
        {"4/5/6/3b3/6/5/4 d4h b -", "the bar must lie on a piece of the player who moved last"},
        {"4/5/6/2bb3/6/5/4 d4h o -", "piece counts do not fit the side to move"},
        {"4/5/6/3b3/6/5/4 d4h o swap", "swap is possible only with pie=1"},
        {"4/o4/6/bbbb3/6/o1o1o/3b d1h o -", "the winning line must run through the last piece"},
        {"b3/5/6/b1b1b1b/6/5/oooo a4h o -", "the player to move already has a winning line"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        CHECK(g->ops->from_text(g, bad[i].text, err, sizeof err) != 0);
        CHECK_HAS(err, bad[i].msg);
        g->ops->to_text(g, after, sizeof after);
        CHECK_STR(after, before);
        CHECK(g->ops->hash(g) == h);
    }
    game_free(g);

    /* a full bar line; a won position is accepted with or without its axis */
    g = test_game(&coffee_ops, "board=square size=3");
    CHECK(g->ops->from_text(g, "obo/boo/bo1 b1h b -", err, sizeof err) != 0);
    CHECK_HAS(err, "piece counts");
    CHECK(g->ops->from_text(g, "3/3/bob a1h o -", err, sizeof err) != 0);
    CHECK_HAS(err, "the bar's line has no empty cell");
    CHECK(g->ops->from_text(g, "3/1b1/bo1 b1h o -", err, sizeof err) != 0);
    CHECK_HAS(err, "the bar must lie on a piece");
    CHECK_INT(g->ops->from_text(g, "obo/boo/bbb c1h o -", err, sizeof err), 0);
    char t[GAME_TEXT_MAX];
    g->ops->to_text(g, t, sizeof t);
    CHECK_STR(t, "obo/boo/bbb c1 o -");
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    game_free(g);
    g = from_pos("", "4/5/6/bbbb3/6/o1o1o/4 d4 o -");
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    game_free(g);
}

static void test_render(void)
{
    char buf[GAME_RENDER_MAX];
    game *g = test_game(&coffee_ops, "size=2");
    CHECK_INT(test_play(g, "b2h"), 0);
    g->ops->render(g, NULL, buf, sizeof buf);
    CHECK_STR(buf, " 3   . .  3\n"
                   " 2  *(B)*  2\n"
                   " 1   . .  1\n"
                   "      a b c\n"
                   "B Black, O Orange, ( ) the bar's piece, * where Orange may place\n"
                   "Bar: on b2 along h (horizontal). 2 in a row wins.\n");
    game_free(g);
    g = test_game(&coffee_ops, "board=square size=3");
    CHECK_INT(test_play(g, "a1d"), 0);
    g->ops->render(g, NULL, buf, sizeof buf);
    CHECK_STR(buf, "    a b c\n"
                   " 3  . . *  3\n"
                   " 2  . * .  2\n"
                   " 1 (B). .  1\n"
                   "    a b c\n"
                   "B Black, O Orange, ( ) the bar's piece, * where Orange may place\n"
                   "Bar: on a1 along d (diagonal a1-b2). 3 in a row wins.\n");
    game_free(g);
}

int main(void)
{
    RUN(test_options);
    RUN(test_first_moves);
    RUN(test_placements_hex);
    RUN(test_placements_square);
    RUN(test_win_and_loss);
    RUN(test_swap);
    RUN(test_perft_against_model);
    RUN(test_random_games);
    RUN(test_playout);
    RUN(test_unmake_after_playout);
    RUN(test_bad_moves);
    RUN(test_bad_positions);
    RUN(test_render);
    return check_summary("test_coffee");
}
