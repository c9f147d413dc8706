/* test_lot.c - LOT: lines in every direction, tower choices, wins, draws,
 * swap, perft against an independent brute-force model, invariants over
 * random games, and bad input. */
#include "check.h"
#include "gametest.h"
#include "game.h"
#include "games/lot.h"
#include "rng.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>

static int cmp_str(const void *a, const void *b) { return strcmp(a, b); }

/* The legal moves whose text starts with prefix, sorted, space-separated. */
static void moves_from(const game *g, const char *prefix, char *out, size_t len)
{
    qmove moves[GAME_MAX_MOVES];
    static char texts[GAME_MAX_MOVES][GAME_MOVE_TEXT_MAX];
    int n = g->ops->legal_moves(g, moves), k = 0;
    for (int i = 0; i < n; i++) {
        g->ops->move_to_text(g, moves[i], texts[k], GAME_MOVE_TEXT_MAX);
        if (strncmp(texts[k], prefix, strlen(prefix)) == 0)
            k++;
    }
    qsort(texts, (size_t)k, GAME_MOVE_TEXT_MAX, cmp_str);
    out[0] = 0;
    for (int i = 0; i < k; i++)
        util_str_appendf(out, len, "%s%s", i ? " " : "", texts[i]);
}

/* ---- an independent model: a plain 7x7 array, every window scanned ---- */

enum { B_EMPTY, B_WD, B_BD, B_WT, B_BT }; /* white/black disc, white/black tower */

typedef struct bpos {
    char c[7][7]; /* [file][rank] */
    int side, swap_ok, pie, over;
} bpos;

typedef struct bmove {
    int swap, pf, pr;      /* placed */
    int tower, kf, kr;     /* kept */
    int rf[2], rr[2];      /* removed */
} bmove;

static const int bdf[4] = {1, 0, 1, 1}, bdr[4] = {0, 1, 1, -1};

static int on_board(int f, int r) { return f >= 0 && f < 7 && r >= 0 && r < 7; }

/* Does any window of three cells hold value v everywhere? */
static int b_has_line(const bpos *p, int v)
{
    for (int f = 0; f < 7; f++)
        for (int r = 0; r < 7; r++)
            for (int d = 0; d < 4; d++) {
                int ok = 1;
                for (int k = 0; k < 3; k++) {
                    int x = f + bdf[d] * k, y = r + bdr[d] * k;
                    if (!on_board(x, y) || p->c[x][y] != v)
                        ok = 0;
                }
                if (ok)
                    return 1;
            }
    return 0;
}

static int b_full(const bpos *p)
{
    for (int f = 0; f < 7; f++)
        for (int r = 0; r < 7; r++)
            if (p->c[f][r] == B_EMPTY)
                return 0;
    return 1;
}

static int b_parse(bpos *p, const char *text, int pie)
{
    memset(p, 0, sizeof *p);
    p->pie = pie;
    int r = 6, f = 0;
    const char *s = text;
    for (; *s && *s != ' '; s++) {
        if (*s == '/') {
            r--;
            f = 0;
        } else if (isdigit((unsigned char)*s)) {
            f += *s - '0';
        } else {
            p->c[f++][r] = *s == 'w' ? B_WD : *s == 'b' ? B_BD : *s == 'W' ? B_WT : B_BT;
        }
    }
    p->side = s[1] == 'b';
    p->swap_ok = strstr(s, "swap") != NULL;
    p->over = b_has_line(p, p->side ? B_WT : B_BT) || b_full(p);
    return 0;
}

static int b_gen(const bpos *p, bmove *out)
{
    int n = 0;
    if (p->over)
        return 0;
    if (p->swap_ok) {
        memset(&out[n], 0, sizeof out[n]);
        out[n++].swap = 1;
    }
    int disc = p->side ? B_BD : B_WD;
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++) {
            if (p->c[f][r] != B_EMPTY)
                continue;
            bpos q = *p;
            q.c[f][r] = (char)disc;
            int towers = 0;
            for (int sf = 0; sf < 7; sf++)
                for (int sr = 0; sr < 7; sr++)
                    for (int d = 0; d < 4; d++) {
                        int wf[3], wr[3], ok = 1, through = 0;
                        for (int k = 0; k < 3; k++) {
                            wf[k] = sf + bdf[d] * k;
                            wr[k] = sr + bdr[d] * k;
                            if (!on_board(wf[k], wr[k]) || q.c[wf[k]][wr[k]] != disc)
                                ok = 0;
                            else if (wf[k] == f && wr[k] == r)
                                through = 1;
                        }
                        if (!ok || !through)
                            continue;
                        for (int k = 0; k < 3; k++) {
                            bmove *m = &out[n++];
                            memset(m, 0, sizeof *m);
                            m->pf = f, m->pr = r, m->tower = 1, m->kf = wf[k], m->kr = wr[k];
                            int j = 0;
                            for (int o = 0; o < 3; o++)
                                if (o != k)
                                    m->rf[j] = wf[o], m->rr[j++] = wr[o];
                            towers++;
                        }
                    }
            if (!towers) {
                memset(&out[n], 0, sizeof out[n]);
                out[n].pf = f, out[n].pr = r;
                n++;
            }
        }
    return n;
}

static void b_text(const bmove *m, char *buf, size_t len)
{
    if (m->swap) {
        snprintf(buf, len, "swap");
        return;
    }
    if (!m->tower) {
        snprintf(buf, len, "%c%c", 'a' + m->pf, '1' + m->pr);
        return;
    }
    int a = 0, b = 1;
    if (m->rf[1] < m->rf[0] || (m->rf[1] == m->rf[0] && m->rr[1] < m->rr[0]))
        a = 1, b = 0;
    snprintf(buf, len, "%c%c+%c%c-%c%c-%c%c", 'a' + m->pf, '1' + m->pr, 'a' + m->kf,
             '1' + m->kr, 'a' + m->rf[a], '1' + m->rr[a], 'a' + m->rf[b], '1' + m->rr[b]);
}

static void b_apply(bpos *p, const bmove *m)
{
    int c = p->side;
    int empty_board = 1;
    for (int f = 0; f < 7; f++)
        for (int r = 0; r < 7; r++)
            if (p->c[f][r])
                empty_board = 0;
    p->swap_ok = 0;
    if (m->swap) {
        for (int f = 0; f < 7; f++)
            for (int r = 0; r < 7; r++)
                if (p->c[f][r] == B_WD)
                    p->c[f][r] = B_BD;
    } else {
        p->c[m->pf][m->pr] = (char)(c ? B_BD : B_WD);
        if (m->tower) {
            p->c[m->rf[0]][m->rr[0]] = B_EMPTY;
            p->c[m->rf[1]][m->rr[1]] = B_EMPTY;
            p->c[m->kf][m->kr] = (char)(c ? B_BT : B_WT);
        } else if (empty_board && c == 0 && p->pie) {
            p->swap_ok = 1;
        }
    }
    p->side = !c;
    p->over = b_has_line(p, c ? B_BT : B_WT) || b_full(p);
}

static uint64_t b_perft(const bpos *p, int depth)
{
    bmove moves[GAME_MAX_MOVES];
    int n = b_gen(p, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        bpos q = *p;
        b_apply(&q, &moves[i]);
        total += b_perft(&q, depth - 1);
    }
    return total;
}

/* Sorted move texts of the model, space-separated. */
static void b_moves_text(const bpos *p, char *out, size_t len)
{
    static bmove moves[GAME_MAX_MOVES];
    static char texts[GAME_MAX_MOVES][GAME_MOVE_TEXT_MAX];
    int n = b_gen(p, moves);
    for (int i = 0; i < n; i++)
        b_text(&moves[i], texts[i], GAME_MOVE_TEXT_MAX);
    qsort(texts, (size_t)n, GAME_MOVE_TEXT_MAX, cmp_str);
    out[0] = 0;
    for (int i = 0; i < n; i++)
        util_str_appendf(out, len, "%s%s", i ? " " : "", texts[i]);
}

/* ---- tests ---- */

static void test_start(void)
{
    game *g = test_game(&lot_ops, NULL);
    char text[GAME_TEXT_MAX];
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "7/7/7/7/7/7/7 w");
    CHECK_INT(g->ops->to_move(g), 0);
    CHECK_STR(g->ops->colour[0], "white");
    CHECK_STR(g->ops->colour[1], "black");
    qmove moves[GAME_MAX_MOVES];
    CHECK_INT(g->ops->legal_moves(g, moves), 49);
    char opts[64];
    game_options_text(g, opts, sizeof opts);
    CHECK_STR(opts, "pie=1");
    game_free(g);
}

static void check_from(const char *pos, const char *cell, const char *expect)
{
    game *g = test_game(&lot_ops, NULL);
    char got[4096];
    CHECK_INT(test_set_pos(g, pos), 0);
    moves_from(g, cell, got, sizeof got);
    CHECK_STR(got, expect);
    game_free(g);
}

static void test_lines_four_directions(void)
{
    /* rank: a1 b1 + c1 */
    check_from("7/7/7/7/7/7/ww5 w", "c1", "c1+a1-b1-c1 c1+b1-a1-c1 c1+c1-a1-b1");
    /* file: a1 a2 + a3 */
    check_from("7/7/7/7/w6/w6/7 w", "a1", "a1+a1-a2-a3 a1+a2-a1-a3 a1+a3-a1-a2");
    check_from("7/7/7/7/7/w6/w6 w", "a3", "a3+a1-a2-a3 a3+a2-a1-a3 a3+a3-a1-a2");
    /* diagonal: a1 b2 + c3 */
    check_from("7/7/7/7/7/1w5/w6 w", "c3", "c3+a1-b2-c3 c3+b2-a1-c3 c3+c3-a1-b2");
    /* anti-diagonal: a3 b2 + c1, removed cells in board order (file first) */
    check_from("7/7/7/7/w6/1w5/7 w", "c1", "c1+a3-b2-c1 c1+b2-a3-c1 c1+c1-a3-b2");
    /* Black's lines work the same way */
    check_from("7/7/7/7/7/7/1bb4 b", "a1", "a1+a1-b1-c1 a1+b1-a1-c1 a1+c1-a1-b1");
}

static void test_longer_lines(void)
{
    /* four: a1 b1 _ d1, placing c1 gives windows a1-c1 and b1-d1 */
    check_from("7/7/7/7/7/7/ww1w3 w", "c1",
               "c1+a1-b1-c1 c1+b1-a1-c1 c1+b1-c1-d1 c1+c1-a1-b1 c1+c1-b1-d1 c1+d1-b1-c1");
    /* five: a1 b1 _ d1 e1, placing c1 gives three windows */
    check_from("7/7/7/7/7/7/ww1ww2 w", "c1",
               "c1+a1-b1-c1 c1+b1-a1-c1 c1+b1-c1-d1 c1+c1-a1-b1 c1+c1-b1-d1 c1+c1-d1-e1 "
               "c1+d1-b1-c1 c1+d1-c1-e1 c1+e1-c1-d1");
    /* four at the end: placing a1 next to b1 c1 d1 gives one window only */
    check_from("7/7/7/7/7/7/1w1w3 w", "c1",
               "c1+b1-c1-d1 c1+c1-b1-d1 c1+d1-b1-c1");
}

static void test_two_lines_at_once(void)
{
    /* a1 b1 and c2 c3: placing c1 makes a rank line and a file line */
    check_from("7/7/7/7/2w4/2w4/ww5 w", "c1",
               "c1+a1-b1-c1 c1+b1-a1-c1 c1+c1-a1-b1 c1+c1-c2-c3 c1+c2-c1-c3 c1+c3-c1-c2");
    /* d4 closes four lines at once, one in each direction: 12 choices */
    check_from("7/3w1w1/3ww2/1ww4/4w2/5w1/7 w", "d4",
               "d4+b4-c4-d4 d4+c4-b4-d4 d4+d4-b4-c4 d4+d4-d5-d6 d4+d4-e3-f2 d4+d4-e5-f6 "
               "d4+d5-d4-d6 d4+d6-d4-d5 d4+e3-d4-f2 d4+e5-d4-f6 d4+f2-d4-e3 d4+f6-d4-e5");
}

static void test_towers_and_opponents_break_lines(void)
{
    /* a white tower is not a single disc */
    check_from("7/7/7/7/7/7/Ww5 w", "c1", "c1");
    /* a black disc between breaks the line */
    check_from("7/7/7/7/7/7/wb1w3 w", "c1", "c1");
    /* white discs around a black one: Black placing there makes nothing */
    check_from("7/7/7/7/7/7/ww5 b", "c1", "c1");
    /* a tower of one's own colour in the middle of three */
    check_from("7/7/7/7/7/7/wW5 w", "c1", "c1");
}

static void win_case(const char *pos, const char *move, int result)
{
    game *g = test_game(&lot_ops, NULL);
    CHECK_INT(test_set_pos(g, pos), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK_INT(test_play(g, move), 0);
    CHECK_INT(g->ops->result(g), result);
    qmove moves[GAME_MAX_MOVES];
    CHECK_INT(g->ops->legal_moves(g, moves), 0);
    char why[GAME_ERR_MAX];
    g->ops->result_reason(g, why, sizeof why);
    CHECK_STR(why, result == RESULT_FIRST ? "White has three towers in a line"
                                          : "Black has three towers in a line");
    /* the position text of a finished game reloads as finished */
    char text[GAME_TEXT_MAX];
    g->ops->to_text(g, text, sizeof text);
    game *h = test_game(&lot_ops, NULL);
    CHECK_INT(test_set_pos(h, text), 0);
    CHECK_INT(h->ops->result(h), result);
    CHECK_INT(h->ops->hash(h), g->ops->hash(g));
    game_free(h);
    game_free(g);
}

static void test_three_tower_wins(void)
{
    win_case("7/7/7/7/2w4/2w4/WW5 w", "c1+c1-c2-c3", RESULT_FIRST);     /* rank */
    win_case("7/7/7/7/1ww4/W6/W6 w", "a3+a3-b3-c3", RESULT_FIRST);      /* file */
    win_case("7/7/7/7/3ww2/1W5/W6 w", "c3+c3-d3-e3", RESULT_FIRST);     /* diagonal */
    win_case("7/7/7/7/W6/1W5/3ww2 w", "c1+c1-d1-e1", RESULT_FIRST);     /* anti-diagonal */
    win_case("7/7/7/7/2b4/2b4/BB5 b", "c1+c1-c2-c3", RESULT_SECOND);    /* Black */
    /* a tower filling the gap in a longer line of towers also wins */
    win_case("7/7/7/7/2w4/2w4/WW1W3 w", "c1+c1-c2-c3", RESULT_FIRST);
    /* towers with a gap do not win */
    game *g = test_game(&lot_ops, NULL);
    CHECK_INT(test_set_pos(g, "7/7/7/7/3w3/3w3/WW5 w"), 0);
    CHECK_INT(test_play(g, "d1+d1-d2-d3"), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    /* a single disc does not stand in for a tower: a1 b1 towers, c1 a disc */
    CHECK_INT(test_set_pos(g, "7/7/7/7/7/3ww2/WWw4 w"), 0);
    CHECK_INT(test_play(g, "f2+f2-d2-e2"), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    game_free(g);
}

static void test_draw_full_board(void)
{
    static const char full[] = "bwBBbww/wBwbbBW/wBWWwwB/WwBwwBw/wbWbWWw/WbWBBwb/WWbBbwb";
    game *g = test_game(&lot_ops, NULL);
    char pos[128];
    snprintf(pos, sizeof pos, "%s w", full);
    CHECK_INT(test_set_pos(g, pos), 0);
    CHECK_INT(g->ops->result(g), RESULT_DRAW);
    qmove moves[GAME_MAX_MOVES];
    CHECK_INT(g->ops->legal_moves(g, moves), 0);
    char why[GAME_ERR_MAX];
    g->ops->result_reason(g, why, sizeof why);
    CHECK_STR(why, "no empty cell is left for White: draw");
    /* one cell free: filling it ends the game drawn (a7 was a black disc) */
    snprintf(pos, sizeof pos, "1wBBbww%s b", full + 7);
    CHECK_INT(test_set_pos(g, pos), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK_INT(g->ops->legal_moves(g, moves), 1);
    CHECK_INT(test_play(g, "a7"), 0);
    CHECK_INT(g->ops->result(g), RESULT_DRAW);
    g->ops->result_reason(g, why, sizeof why);
    CHECK_STR(why, "no empty cell is left for White: draw");
    game_free(g);
}

static void test_swap(void)
{
    game *g = test_game(&lot_ops, NULL);
    char err[GAME_ERR_MAX], text[GAME_TEXT_MAX];
    qmove m, moves[GAME_MAX_MOVES];
    CHECK_INT(g->ops->move_from_text(g, "swap", &m, err, sizeof err), -1);
    CHECK_HAS(err, "only as Black's first move");
    CHECK_INT(test_play(g, "d4"), 0);
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "7/7/7/3w3/7/7/7 b swap");
    CHECK_INT(g->ops->legal_moves(g, moves), 49);
    char r[GAME_RENDER_MAX];
    g->ops->render(g, NULL, r, sizeof r);
    CHECK_HAS(r, "Black may play swap");
    uint64_t before = g->ops->hash(g);
    CHECK_INT(test_play(g, "SWAP"), 0);
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "7/7/7/3b3/7/7/7 w");
    CHECK_INT(g->ops->to_move(g), 0);
    CHECK_INT(g->ops->legal_moves(g, moves), 48);
    CHECK_INT(g->ops->move_from_text(g, "swap", &m, err, sizeof err), -1);
    g->ops->unmake(g);
    CHECK_INT(g->ops->hash(g), before);
    /* a normal reply ends the chance */
    CHECK_INT(test_play(g, "a1 b1"), 0);
    CHECK_INT(g->ops->move_from_text(g, "swap", &m, err, sizeof err), -1);
    CHECK_HAS(err, "swap is allowed only as Black's first move");
    game_free(g);

    g = test_game(&lot_ops, "pie=0");
    CHECK_INT(test_play(g, "d4"), 0);
    CHECK_INT(g->ops->legal_moves(g, moves), 48);
    CHECK_INT(g->ops->move_from_text(g, "swap", &m, err, sizeof err), -1);
    CHECK_STR(err, "illegal move swap: the pie rule is off (pie=0)");
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "7/7/7/3w3/7/7/7 b");
    CHECK_INT(g->ops->from_text(g, "7/7/7/3w3/7/7/7 b swap", err, sizeof err), -1);
    CHECK_HAS(err, "pie=0");
    game_free(g);

    /* the swap flag is part of the position text and the hash */
    g = test_game(&lot_ops, NULL);
    game *h = test_game(&lot_ops, NULL);
    CHECK_INT(test_play(g, "d4"), 0);
    CHECK_INT(test_set_pos(h, "7/7/7/3w3/7/7/7 b swap"), 0);
    CHECK_INT(h->ops->hash(h), g->ops->hash(g));
    CHECK_INT(test_set_pos(h, "7/7/7/3w3/7/7/7 b"), 0);
    CHECK(h->ops->hash(h) != g->ops->hash(g));
    CHECK_INT(h->ops->legal_moves(h, moves), 48);
    CHECK_INT(h->ops->from_text(h, "7/7/7/3w3/7/7/7 w swap", err, sizeof err), -1);
    CHECK_HAS(err, "swap can be available only with Black to move");
    CHECK_INT(h->ops->from_text(h, "7/7/7/3ww2/7/7/7 b swap", err, sizeof err), -1);
    game_free(h);
    game_free(g);
}

static void perft_case(const char *pos, int pie, int depth)
{
    game *g = test_game(&lot_ops, pie ? NULL : "pie=0");
    if (pos)
        CHECK_INT(test_set_pos(g, pos), 0);
    char text[GAME_TEXT_MAX];
    g->ops->to_text(g, text, sizeof text);
    bpos b;
    b_parse(&b, text, pie);
    for (int d = 1; d <= depth; d++) {
        uint64_t want = b_perft(&b, d), got = game_perft(g, d);
        if (got != want)
            printf("  perft %d of %s: %llu, model %llu\n", d, text, (unsigned long long)got,
                   (unsigned long long)want);
        CHECK_INT(got, want);
    }
    game_free(g);
}

static void test_perft(void)
{
    game *g = test_game(&lot_ops, NULL);
    CHECK_INT(game_perft(g, 1), 49);
    CHECK_INT(game_perft(g, 2), 49 * 49); /* 48 placements and swap */
    CHECK_INT(game_perft(g, 3), 112896);
    game_free(g);
    g = test_game(&lot_ops, "pie=0");
    CHECK_INT(game_perft(g, 2), 49 * 48);
    game_free(g);
    perft_case(NULL, 1, 3);
    perft_case(NULL, 0, 3);
    /* towers due for both sides, near wins, longer lines */
    perft_case("7/1bb4/3w3/w1w1w2/3w3/bb5/Ww5 w", 1, 3);
    perft_case("7/7/b1bWb2/7/2w1w2/W1b4/W1ww3 b", 1, 3);
    perft_case("bb1w3/b6/2WW3/ww1ww2/3b3/1BB1B2/7 w", 1, 3);
    perft_case("7/7/7/3w3/7/7/7 b swap", 1, 3);
}

static void test_nine_turns_to_win(void)
{
    /* White builds towers a1, b1, c1 as fast as the rules allow: three
     * discs per tower, so the ninth White turn (ply 17) wins. */
    game *g = test_game(&lot_ops, NULL);
    CHECK_INT(test_play(g, "a2 g7 a3 e7 a1+a1-a2-a3 g5 b2 e5 b3 c7 b1+b1-b2-b3 g3 c2 c5 c3 e3"),
              0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK_INT(test_play(g, "c1+c1-c2-c3"), 0);
    CHECK_INT(g->ops->ply(g), 17);
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    game_free(g);
}

static void test_random_games(void)
{
    rng r;
    rng_seed(&r, 7);
    game *g = test_game(&lot_ops, NULL), *fresh = test_game(&lot_ops, NULL);
    qmove moves[GAME_MAX_MOVES];
    static char mine[GAME_MAX_MOVES * 16], model[GAME_MAX_MOVES * 16];
    int bad_parse = 0, bad_undo = 0, bad_roundtrip = 0, bad_hash = 0, bad_list = 0;
    int bad_line = 0, bad_end = 0, early_win = 0, ended = 0, wins = 0, draws = 0;
    for (int game_no = 0; game_no < 60; game_no++) {
        game *start = game_new_like(g);
        g->ops->copy(g, start);
        game_free(start);
        for (int ply = 0; ply < 400; ply++) {
            int n = g->ops->legal_moves(g, moves);
            char text[GAME_TEXT_MAX], again[GAME_TEXT_MAX], err[GAME_ERR_MAX];
            g->ops->to_text(g, text, sizeof text);
            bpos b;
            b_parse(&b, text, 1);
            if (b_has_line(&b, B_WD) || b_has_line(&b, B_BD))
                bad_line++;
            if ((n == 0) != (g->ops->result(g) != RESULT_NONE) || (n == 0) != b.over)
                bad_end++;
            if (game_no < 15) {
                moves_from(g, "", mine, sizeof mine);
                b_moves_text(&b, model, sizeof model);
                if (strcmp(mine, model) != 0)
                    bad_list++;
            }
            if (fresh->ops->from_text(fresh, text, err, sizeof err) != 0)
                bad_roundtrip++;
            fresh->ops->to_text(fresh, again, sizeof again);
            if (strcmp(text, again) != 0)
                bad_roundtrip++;
            if (fresh->ops->hash(fresh) != g->ops->hash(g))
                bad_hash++;
            if (n == 0) {
                int res = g->ops->result(g);
                ended++;
                if (res == RESULT_DRAW) {
                    draws++;
                } else {
                    wins++;
                    /* nine turns of the winner at least */
                    int winner_turns = (g->ops->ply(g) + (res == RESULT_FIRST)) / 2;
                    if (winner_turns < 9)
                        early_win++;
                }
                break;
            }
            uint64_t h = g->ops->hash(g);
            for (int i = 0; i < n; i++) {
                char t[GAME_MOVE_TEXT_MAX];
                qmove back;
                g->ops->move_to_text(g, moves[i], t, sizeof t);
                if (g->ops->move_from_text(g, t, &back, err, sizeof err) != 0 ||
                    back != moves[i])
                    bad_parse++;
                g->ops->make(g, moves[i]);
                g->ops->unmake(g);
                g->ops->to_text(g, again, sizeof again);
                if (strcmp(text, again) != 0 || g->ops->hash(g) != h)
                    bad_undo++;
            }
            g->ops->make(g, moves[rng_below(&r, (uint32_t)n)]);
        }
    }
    CHECK_INT(bad_parse, 0);
    CHECK_INT(bad_undo, 0);
    CHECK_INT(bad_roundtrip, 0);
    CHECK_INT(bad_hash, 0);
    CHECK_INT(bad_list, 0);
    CHECK_INT(bad_line, 0);
    CHECK_INT(bad_end, 0);
    CHECK_INT(early_win, 0);
    CHECK_INT(ended, 60); /* every game ends: a LOT game is finite */
    CHECK(wins > 0);
    game_free(g);
    game_free(fresh);
    (void)draws;
}

static void test_playout(void)
{
    rng r;
    rng_seed(&r, 11);
    game *g = test_game(&lot_ops, NULL);
    int ends = 0, consistent = 0;
    for (int i = 0; i < 200; i++) {
        game *c = game_clone(g);
        int res = c->ops->playout(c, &r, 1000);
        if (res != RESULT_NONE)
            ends++;
        qmove moves[GAME_MAX_MOVES];
        /* the history replays to the same position */
        game *replay = game_new_like(g);
        int ok = res == c->ops->result(c) && c->ops->legal_moves(c, moves) == 0;
        for (int k = 0; k < c->ops->ply(c); k++)
            replay->ops->make(replay, c->ops->move_at(c, k));
        ok = ok && replay->ops->hash(replay) == c->ops->hash(c);
        consistent += ok;
        game_free(replay);
        game_free(c);
    }
    CHECK_INT(ends, 200);
    CHECK_INT(consistent, 200);
    /* a cut playout stops where told */
    game *c = game_clone(g);
    CHECK_INT(c->ops->playout(c, &r, 5), RESULT_NONE);
    CHECK_INT(c->ops->ply(c), 5);
    game_free(c);
    /* with swap on offer: swap half the time, and the next placement
     * (after a swap or not) on each empty cell about equally often */
    CHECK_INT(test_play(g, "d4"), 0);
    int swaps = 0, on[49] = {0}; /* by cell: file + 7 * rank */
    for (int i = 0; i < 24000; i++) {
        char text[32];
        c = game_clone(g);
        c->ops->playout(c, &r, 2);
        c->ops->move_to_text(c, c->ops->move_at(c, 1), text, sizeof text);
        swaps += strcmp(text, "swap") == 0;
        c->ops->move_to_text(c, c->ops->move_at(c, 2), text, sizeof text);
        on[(text[0] - 'a') + 7 * (text[1] - '1')]++;
        game_free(c);
    }
    CHECK(swaps > 11000 && swaps < 13000);
    int low = 24000, high = 0;
    for (int s = 0; s < 49; s++)
        if (s != 3 + 7 * 3) { /* d4 */
            low = on[s] < low ? on[s] : low;
            high = on[s] > high ? on[s] : high;
        }
    CHECK(low > 500 * 7 / 10 && high < 500 * 13 / 10);
    game_free(g);
}

/* The playout keeps its moves but not the positions between them: unmake
 * after a playout (also after a copy, a second playout or a make) still
 * walks back through every position the moves passed. */
static void test_unmake_after_playout(void)
{
    rng r;
    rng_seed(&r, 12);
    game *g = test_game(&lot_ops, NULL), *c = game_new_like(g);
    int ok = 0;
    for (int i = 0; i < 50; i++) {
        g->ops->copy(c, g);
        if (i % 2) /* else the playout makes the first disc and the swap answer */
            test_play(c, "d4");
        ok += test_playout_unmakes(g, c, &r, i);
    }
    CHECK_INT(ok, 50);
    game_free(g);
    game_free(c);
}

/* The move is rejected with the message fragment, and nothing changes. */
static void reject(game *g, const char *move, const char *frag)
{
    char before[GAME_TEXT_MAX], after[GAME_TEXT_MAX], err[GAME_ERR_MAX] = "";
    g->ops->to_text(g, before, sizeof before);
    int ply = g->ops->ply(g);
    CHECK_INT(game_play_text(g, move, err, sizeof err), -1);
    CHECK_HAS(err, frag);
    g->ops->to_text(g, after, sizeof after);
    CHECK_STR(after, before);
    CHECK_INT(g->ops->ply(g), ply);
}

static void test_bad_moves(void)
{
    game *g = test_game(&lot_ops, NULL);
    /* White: b2 c3 (d4 completes the diagonal), a1 black, e1 white tower */
    CHECK_INT(test_set_pos(g, "7/7/7/7/2w4/1w5/b3W2 w"), 0);
    CHECK_INT(test_play(g, "g7"), 0); /* Black to move */
    CHECK_INT(test_play(g, "a7"), 0); /* White to move again, ply 2 */
    reject(g, "d4",
           "illegal move d4: a disc on d4 makes a line of three, so a tower must be made: "
           "write PLACED+KEPT-REMOVED-REMOVED, e.g. d4+b2-c3-d4");
    reject(g, "d4+e5-b2-c3", "illegal move d4+e5-b2-c3: the kept disc e5 is not in the line "
                             "b2-c3-d4");
    reject(g, "d4+a7-c3-b2", "the kept disc a7 is not in the line b2-c3-d4");
    reject(g, "d4+c3-b2-d5", "b2 c3 d5 are not three consecutive cells of one line");
    reject(g, "d4+d4-a1-g7", "not three consecutive cells of one line");
    reject(g, "d4+c3-c3-d4", "a cell is named twice");
    reject(g, "d4+c3-b2-e5", "b2 c3 e5 are not three consecutive cells of one line");
    reject(g, "d4+c3-a1-b2", "the line a1-b2-c3 does not pass through d4");
    reject(g, "d4+d4-e5-f6", "the line d4-e5-f6 is not three single white discs (e5 is empty)");
    reject(g, "b1+b1-c1-d1", "a disc on b1 makes no line of three, so no tower is due (play b1)");
    reject(g, "e1", "illegal move e1: e1 is not empty (it holds a white tower)");
    reject(g, "a1", "a1 is not empty (it holds a black disc)");
    reject(g, "h4", "illegal move h4: h4 is off the board (a1..g7)");
    reject(g, "d8", "d8 is off the board");
    reject(g, "d4+c3-b2-d10", "d10 is off the board");
    reject(g, "zz", "'zz' is not a move (expected a cell such as d4");
    reject(g, "d4+", "is not a move");
    reject(g, "d4+c3", "is not a move");
    reject(g, "d4-c3-b2+d4", "is not a move");
    reject(g, "d4+c3-b2-d4-e5", "is not a move");
    reject(g, "swap", "swap is allowed only as Black's first move");
    reject(g, "", "empty move");
    /* lenient: case and removed order */
    CHECK_INT(test_play(g, "D4+C3-D4-B2"), 0);
    char text[GAME_TEXT_MAX];
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "b5w/7/7/7/2W4/7/b3W2 b");
    char t[GAME_MOVE_TEXT_MAX];
    g->ops->move_to_text(g, g->ops->move_at(g, 2), t, sizeof t);
    CHECK_STR(t, "d4+c3-b2-d4");
    g->ops->unmake(g);
    CHECK_INT(test_play(g, "d4+d4-c3-b2"), 0);
    g->ops->move_to_text(g, g->ops->move_at(g, 2), t, sizeof t);
    CHECK_STR(t, "d4+d4-b2-c3");
    /* a line where one cell is a black disc */
    CHECK_INT(test_set_pos(g, "7/7/7/7/3ww2/1b5/w6 w"), 0);
    reject(g, "c3+c3-a1-b2",
           "illegal move c3+c3-a1-b2: the line a1-b2-c3 is not three single white discs "
           "(b2 is a black disc)");
    game_free(g);

    /* the game over */
    g = test_game(&lot_ops, NULL);
    CHECK_INT(test_set_pos(g, "7/7/7/7/7/7/WWW4 b"), 0);
    reject(g, "d4", "the game is over");
    game_free(g);
}

static void test_bad_positions_and_options(void)
{
    game *g = test_game(&lot_ops, NULL);
    CHECK_INT(test_play(g, "d4 e5"), 0);
    char before[GAME_TEXT_MAX], after[GAME_TEXT_MAX], err[GAME_ERR_MAX];
    g->ops->to_text(g, before, sizeof before);
    struct {
        const char *text, *frag;
    } bad[] = {
        {"", "position: expected 7 ranks"},
        {"7/7/7/7/7/7 w", "position: expected 7 ranks"},
        {"7/7/7/7/7/7/8 w", "position: expected 7 ranks"},
        {"7/7/7/7/7/7/wwwwwwww w", "position: expected 7 ranks"},
        {"7/7/7/7/7/7/6x w", "position: expected 7 ranks"},
        {"7/7/7/7/7/7/7", "side to move must be 'w' or 'b'"},
        {"7/7/7/7/7/7/7 x", "side to move must be 'w' or 'b'"},
        {"7/7/7/7/7/7/7 w extra", "only 'swap' may follow"},
        {"7/7/7/7/7/7/bbb4 w", "the single black discs a1-b1-c1 form a line of three"},
        {"7/7/7/7/w6/w6/w6 b", "the single white discs a1-a2-a3 form a line of three"},
        {"7/7/7/7/7/7/WWW4 w", "White, to move, already has three towers in a line (a1-b1-c1)"},
        {"7/7/7/7/7/7/7 b swap", "swap can be available only"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        CHECK_INT(g->ops->from_text(g, bad[i].text, err, sizeof err), -1);
        CHECK_HAS(err, bad[i].frag);
        g->ops->to_text(g, after, sizeof after);
        CHECK_STR(after, before);
        CHECK_INT(g->ops->ply(g), 2);
    }
    /* lenient side letter, extra spaces */
    CHECK_INT(test_set_pos(g, "  7/7/7/7/7/7/7   B "), 0);
    g->ops->to_text(g, after, sizeof after);
    CHECK_STR(after, "7/7/7/7/7/7/7 b");
    game_free(g);

    char *argv[1];
    argv[0] = "pie=2";
    CHECK(game_create(&lot_ops, 1, argv, err, sizeof err) == NULL);
    CHECK_HAS(err, "option pie: 2 is out of range (0..1)");
    argv[0] = "size=9";
    CHECK(game_create(&lot_ops, 1, argv, err, sizeof err) == NULL);
    CHECK_HAS(err, "unknown option 'size' for lot (options: pie)");
}

static void test_render(void)
{
    game *g = test_game(&lot_ops, NULL);
    CHECK_INT(test_set_pos(g, "7/7/7/7/2W4/1bB4/w6 w"), 0);
    char r[GAME_RENDER_MAX];
    g->ops->render(g, NULL, r, sizeof r);
    CHECK_HAS(r, "    a b c d e f g\n");
    CHECK_HAS(r, " 7  . . . . . . .  7\n");
    CHECK_HAS(r, " 3  . . W . . . .  3\n");
    CHECK_HAS(r, " 2  . b B . . . .  2\n");
    CHECK_HAS(r, " 1  w . . . . . .  1\n");
    CHECK_HAS(r, "w b = single disc, W B = tower (two discs).  White: 1 disc, 1 tower.  "
                 "Black: 1 disc, 1 tower.\n");
    CHECK_INT(test_set_pos(g, "7/7/7/7/7/7/1bB4 w"), 0);
    g->ops->render(g, NULL, r, sizeof r);
    CHECK_HAS(r, "White: 0 discs, 0 towers.  Black: 1 disc, 1 tower.\n");
    game_free(g);
}

static void test_copy_and_undo(void)
{
    game *g = test_game(&lot_ops, NULL);
    CHECK_INT(test_play(g, "a1 g7 b1 f7 c1+b1-a1-c1"), 0);
    game *c = game_clone(g);
    char a[GAME_TEXT_MAX], b[GAME_TEXT_MAX];
    g->ops->to_text(g, a, sizeof a);
    c->ops->to_text(c, b, sizeof b);
    CHECK_STR(a, b);
    CHECK_STR(a, "5bb/7/7/7/7/7/1W5 b");
    CHECK_INT(c->ops->ply(c), 5);
    for (int i = 0; i < 5; i++)
        CHECK_INT(game_undo_turn(c), 1);
    CHECK_INT(game_undo_turn(c), 0);
    c->ops->to_text(c, b, sizeof b);
    CHECK_STR(b, "7/7/7/7/7/7/7 w");
    CHECK_INT(g->ops->ply(g), 5);
    game_free(c);
    game_free(g);
}

int main(void)
{
    RUN(test_start);
    RUN(test_lines_four_directions);
    RUN(test_longer_lines);
    RUN(test_two_lines_at_once);
    RUN(test_towers_and_opponents_break_lines);
    RUN(test_three_tower_wins);
    RUN(test_draw_full_board);
    RUN(test_swap);
    RUN(test_perft);
    RUN(test_nine_turns_to_win);
    RUN(test_random_games);
    RUN(test_playout);
    RUN(test_unmake_after_playout);
    RUN(test_bad_moves);
    RUN(test_bad_positions_and_options);
    RUN(test_render);
    RUN(test_copy_and_undo);
    return check_summary("test_lot");
}
