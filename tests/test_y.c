/* test_y.c - Y: the rule sheet's examples, perft against an independent
 * brute-force model of the rules, random games checked step by step
 * against that model, playouts, and bad input. */
#include "check.h"
#include "gametest.h"
#include "game.h"
#include "rng.h"
#include "util.h"
#include "games/y.h"
#include "games/y_policy.h"

#include <stdlib.h>

/* ---- an independent model of the rules: a plain grid and flood fills ---- */

#define BF_N 26
typedef struct bf {
    int n, variant, pie; /* variant: 0 standard, 1 progressive, 2 double */
    signed char cell[BF_N][BF_N]; /* [column][row], 0 empty, 1 black, 2 white */
    int side, turn, placed, swap_ok, over;
    int this_c[BF_N * BF_N], this_r[BF_N * BF_N];
} bf;

static void bf_init(bf *b, int n, int variant, int pie)
{
    memset(b, 0, sizeof *b);
    b->n = n;
    b->variant = variant;
    b->pie = pie;
    b->turn = 1;
}

static int bf_quota(const bf *b)
{
    return b->variant == 1 ? b->turn : b->variant == 2 ? (b->turn == 1 ? 1 : 2) : 1;
}

static int on_board(int n, int c, int r) { return r >= 0 && c >= r && c < n; }

/* Flood the group through (c, r); fills seen[][] and returns its sides. */
static int bf_flood(const signed char cell[BF_N][BF_N], int n, int c0, int r0,
                    signed char seen[BF_N][BF_N])
{
    static const int dc[6] = {-1, 1, 0, 0, -1, 1}, dr[6] = {0, 0, -1, 1, -1, 1};
    int stack[BF_N * BF_N][2], top = 0, sides = 0, colour = cell[c0][r0];
    memset(seen, 0, BF_N * BF_N);
    seen[c0][r0] = 1;
    stack[top][0] = c0, stack[top][1] = r0, top++;
    while (top) {
        top--;
        int c = stack[top][0], r = stack[top][1];
        sides |= (r == 0) | (c == n - 1) << 1 | (r == c) << 2;
        for (int d = 0; d < 6; d++) {
            int cc = c + dc[d], rr = r + dr[d];
            if (on_board(n, cc, rr) && !seen[cc][rr] && cell[cc][rr] == colour) {
                seen[cc][rr] = 1;
                stack[top][0] = cc, stack[top][1] = rr, top++;
            }
        }
    }
    return sides;
}

static int bf_legal_cell(const bf *b, int c, int r)
{
    if (b->cell[c][r])
        return 0;
    if (b->placed == 0)
        return 1;
    bf t = *b;
    signed char seen[BF_N][BF_N];
    t.cell[c][r] = (signed char)(b->side + 1);
    bf_flood(t.cell, b->n, c, r, seen);
    for (int k = 0; k < b->placed; k++)
        if (seen[b->this_c[k]][b->this_r[k]])
            return 0;
    return 1;
}

static int bf_count_moves(const bf *b)
{
    if (b->over)
        return 0;
    int k = b->swap_ok;
    for (int c = 0; c < b->n; c++)
        for (int r = 0; r <= c; r++)
            k += bf_legal_cell(b, c, r);
    return k;
}

static void bf_end_turn(bf *b)
{
    b->side ^= 1;
    b->turn++;
    b->placed = 0;
    b->swap_ok = 0;
    if (b->pie && b->turn == 2 && !b->over) {
        int white = 0;
        for (int c = 0; c < b->n; c++)
            for (int r = 0; r <= c; r++)
                white |= b->cell[c][r] == 2;
        b->swap_ok = !white;
    }
}

/* c < 0: swap */
static void bf_play(bf *b, int c, int r)
{
    if (c < 0) {
        for (int cc = 0; cc < b->n; cc++)
            for (int rr = 0; rr <= cc; rr++)
                if (b->cell[cc][rr] == 1)
                    b->cell[cc][rr] = 2;
        b->side = 0;
        b->swap_ok = 0;
        return;
    }
    signed char seen[BF_N][BF_N];
    b->cell[c][r] = (signed char)(b->side + 1);
    b->swap_ok = 0;
    if (bf_flood(b->cell, b->n, c, r, seen) == 7) {
        b->over = b->side + 1;
        bf_end_turn(b);
        return;
    }
    b->this_c[b->placed] = c;
    b->this_r[b->placed] = r;
    b->placed++;
    int any = 0;
    for (int cc = 0; cc < b->n && !any; cc++)
        for (int rr = 0; rr <= cc && !any; rr++)
            any = bf_legal_cell(b, cc, rr);
    if (b->placed >= bf_quota(b) || !any)
        bf_end_turn(b);
}

static uint64_t bf_perft(const bf *b, int depth)
{
    if (depth == 0)
        return 1;
    if (b->over)
        return 0;
    uint64_t total = 0;
    if (b->swap_ok) {
        bf t = *b;
        bf_play(&t, -1, 0);
        total += bf_perft(&t, depth - 1);
    }
    for (int c = 0; c < b->n; c++)
        for (int r = 0; r <= c; r++)
            if (bf_legal_cell(b, c, r)) {
                if (depth == 1) {
                    total++;
                    continue;
                }
                bf t = *b;
                bf_play(&t, c, r);
                total += bf_perft(&t, depth - 1);
            }
    return total;
}

/* Play a move token ("e5", "swap") in the model. */
static void bf_play_text(bf *b, const char *t)
{
    if (strcmp(t, "swap") == 0)
        bf_play(b, -1, 0);
    else
        bf_play(b, t[0] - 'a', atoi(t + 1) - 1);
}

/* Read the board and this turn's stones out of y.c's position text. */
static int parse_text(const char *text, int n, signed char cell[BF_N][BF_N], int *this_c,
                      int *this_r)
{
    memset(cell, 0, BF_N * BF_N);
    const char *p = text;
    for (int r = n - 1; r >= 0; r--) {
        int c = r;
        while (*p && *p != '/' && *p != ' ') {
            if (*p >= '0' && *p <= '9')
                c += (int)strtol(p, (char **)&p, 10);
            else
                cell[c++][r] = *p++ == 'b' ? 1 : 2;
        }
        if (*p)
            p++;
    }
    p = strchr(p, ' ') + 1; /* turn */
    p = strchr(p, ' ') + 1; /* this turn's stones */
    int k = 0;
    while (*p != '-' && *p != ' ') {
        this_c[k] = p[0] - 'a';
        this_r[k] = (int)strtol(p + 1, (char **)&p, 10) - 1;
        k++;
        if (*p == ',')
            p++;
    }
    return k;
}

/* ---- helpers on the real game ---- */

static const char *text_of(const game *g)
{
    static char buf[GAME_TEXT_MAX];
    g->ops->to_text(g, buf, sizeof buf);
    return buf;
}

/* The move must fail with the fragment and leave the game as it was. */
static void expect_refused(game *g, const char *move, const char *frag)
{
    char before[GAME_TEXT_MAX], err[GAME_ERR_MAX] = "";
    snprintf(before, sizeof before, "%s", text_of(g));
    int ply = g->ops->ply(g);
    uint64_t h = g->ops->hash(g);
    CHECK_INT(game_play_text(g, move, err, sizeof err), -1);
    CHECK_HAS(err, frag);
    CHECK_STR(text_of(g), before);
    CHECK_INT(g->ops->ply(g), ply);
    CHECK(g->ops->hash(g) == h);
}

static int has_move(const game *g, const char *token)
{
    qmove moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves);
    for (int i = 0; i < n; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, moves[i], t, sizeof t);
        if (strcmp(t, token) == 0)
            return 1;
    }
    return 0;
}

/* ---- tests ---- */

static void test_start_and_options(void)
{
    game *g = test_game(&y_ops, "");
    char opts[256];
    game_options_text(g, opts, sizeof opts);
    CHECK_STR(opts, "size=11 variant=standard pie=auto");
    CHECK_STR(text_of(g), "1/2/3/4/5/6/7/8/9/10/11 b 1 - -");
    qmove moves[GAME_MAX_MOVES];
    CHECK_INT(g->ops->legal_moves(g, moves), 66);
    CHECK_INT(g->ops->to_move(g), 0);
    game_free(g);

    /* the printed options create the same game */
    g = test_game(&y_ops, "size=7 variant=progressive pie=1");
    game_options_text(g, opts, sizeof opts);
    CHECK_STR(opts, "size=7 variant=progressive pie=1");
    game *h = test_game(&y_ops, opts);
    CHECK(h != NULL);
    if (h) {
        CHECK(memcmp(g->opt, h->opt, sizeof g->opt) == 0);
        game_free(h);
    }
    game_free(g);
}

static void test_neighbours_and_names(void)
{
    game *g = test_game(&y_ops, "pie=0");
    char err[GAME_ERR_MAX];
    qmove m;
    /* lenient input, canonical output */
    CHECK_INT(g->ops->move_from_text(g, "K11", &m, err, sizeof err), 0);
    char t[GAME_MOVE_TEXT_MAX];
    g->ops->move_to_text(g, m, t, sizeof t);
    CHECK_STR(t, "k11");
    /* the rule file's cells exist; a cell above its column does not */
    CHECK(has_move(g, "d2") && has_move(g, "j4") && has_move(g, "a1") && has_move(g, "k1"));
    CHECK(!has_move(g, "a2") && !has_move(g, "e7"));
    game_free(g);
}

/* Sheet: after White's h2 and j4, Black may not play both h3 and i4 in one
 * turn, since they would be in one group. */
static void test_sheet_h3_i4(void)
{
    const char *variants[] = {"variant=double", "variant=progressive"};
    for (int v = 0; v < 2; v++) {
        game *g = test_game(&y_ops, variants[v]);
        CHECK_INT(test_play(g, "a1 h2,j4"), 0);
        CHECK_INT(g->ops->to_move(g), 0);
        expect_refused(g, "h3,i4", "it would join h3, placed earlier this turn, in one group");
        /* each alone is fine, and so is h3 with a cell elsewhere */
        CHECK(has_move(g, "h3") && has_move(g, "i4"));
        CHECK_INT(test_play(g, "h3"), 0);
        CHECK_INT(g->ops->to_move(g), 0);
        CHECK(!has_move(g, "i4"));
        CHECK(!has_move(g, "g3")); /* next to h3 */
        expect_refused(g, "i4", "it would join h3");
        game_free(g);
    }
}

/* A stone may not touch a group of the mover's that holds a stone of this
 * turn, even through stones of earlier turns. */
static void test_group_restriction_through_old_stones(void)
{
    game *g = test_game(&y_ops, "size=5 variant=double");
    /* Black a1; White e5,e4 (far away); Black b1 then not c1 (a1-b1-c1 is one
     * group), but d1 is fine */
    CHECK_INT(test_play(g, "a1 e5,e3 b1"), 0);
    CHECK_INT(g->ops->to_move(g), 0);
    expect_refused(g, "c1", "it would join b1");
    expect_refused(g, "b2", "it would join b1");
    expect_refused(g, "a1", "already taken by Black");
    CHECK_INT(test_play(g, "d1"), 0);
    CHECK_INT(g->ops->to_move(g), 1);
    game_free(g);
}

/* A Y may run along one side through two corners: a1..e1 touches the bottom,
 * and its corners a1 (left) and e1 (right). */
static void test_y_through_corners(void)
{
    game *g = test_game(&y_ops, "size=5 pie=0");
    CHECK_INT(test_play(g, "a1 b2 b1 c3 c1 d4 d1"), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK_INT(test_play(g, "e5 e1"), 0);
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    char why[GAME_ERR_MAX];
    g->ops->result_reason(g, why, sizeof why);
    CHECK_STR(why, "Black makes a Y: one group touching all three sides");
    qmove moves[GAME_MAX_MOVES];
    CHECK_INT(g->ops->legal_moves(g, moves), 0);
    expect_refused(g, "e2", "the game is over");
    game_free(g);

    /* the right side from corner to corner: c3 touches left and right, c1
     * bottom and right */
    g = test_game(&y_ops, "size=3 pie=0");
    CHECK_INT(test_play(g, "a1 c3 b2 c2 b1"), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK_INT(test_play(g, "c1"), 0);
    CHECK_INT(g->ops->result(g), RESULT_SECOND); /* c3-c2-c1: right side, left (c3), bottom (c1) */
    game_free(g);
}

/* The bridge: d2 and e2 are the two common neighbours of d1 and e3; whichever
 * White takes, Black takes the other and connects. */
static void test_bridge(void)
{
    const char *pos = "1/2/2b/4/bbbb1 w 10 - -";
    const char *pairs[2][2] = {{"d2", "e2"}, {"e2", "d2"}};
    for (int k = 0; k < 2; k++) {
        game *g = test_game(&y_ops, "size=5 pie=0");
        CHECK_INT(test_set_pos(g, pos), 0);
        CHECK_INT(g->ops->result(g), RESULT_NONE);
        CHECK_INT(test_play(g, pairs[k][0]), 0);
        CHECK_INT(g->ops->result(g), RESULT_NONE);
        CHECK_INT(test_play(g, pairs[k][1]), 0);
        CHECK_INT(g->ops->result(g), RESULT_FIRST);
        game_free(g);
    }
}

static void test_swap(void)
{
    game *g = test_game(&y_ops, "size=5");
    CHECK(!has_move(g, "swap"));
    expect_refused(g, "swap", "only as White's first move");
    CHECK_INT(test_play(g, "c2"), 0);
    CHECK(has_move(g, "swap"));
    qmove moves[GAME_MAX_MOVES];
    CHECK_INT(g->ops->legal_moves(g, moves), 15); /* 14 cells and swap */
    CHECK_STR(text_of(g), "1/2/3/1b2/5 w 2 - swap");
    CHECK_INT(test_play(g, "SWAP"), 0);
    /* the stone is now White's and Black is to move */
    CHECK_STR(text_of(g), "1/2/3/1w2/5 b 2 - -");
    CHECK_INT(g->ops->to_move(g), 0);
    char board[GAME_RENDER_MAX];
    g->ops->render(g, NULL, board, sizeof board);
    CHECK_HAS(board, "colours swapped");
    CHECK(!has_move(g, "swap"));
    expect_refused(g, "swap", "only as White's first move");
    CHECK_INT(test_play(g, "a1"), 0);
    expect_refused(g, "swap", "only as White's first move");
    /* undo restores the black stone */
    g->ops->unmake(g);
    g->ops->unmake(g);
    CHECK_STR(text_of(g), "1/2/3/1b2/5 w 2 - swap");
    /* once White places a stone, swap is gone */
    CHECK_INT(test_play(g, "a1"), 0);
    CHECK(!has_move(g, "swap"));
    game_free(g);

    g = test_game(&y_ops, "size=5 pie=0");
    CHECK_INT(test_play(g, "c2"), 0);
    CHECK(!has_move(g, "swap"));
    expect_refused(g, "swap", "the pie rule is off");
    game_free(g);

    /* off by default in the variants */
    g = test_game(&y_ops, "size=5 variant=double");
    CHECK_INT(test_play(g, "c2"), 0);
    expect_refused(g, "swap", "the pie rule is off");
    game_free(g);

    /* with pie=1 in a variant, swap is White's whole first turn, and Black then
     * places the second turn's stones (two in progressive) */
    g = test_game(&y_ops, "size=5 variant=progressive pie=1");
    CHECK_INT(test_play(g, "c2"), 0);
    expect_refused(g, "swap,a1", "the turn is already complete");
    CHECK_INT(test_play(g, "swap"), 0);
    CHECK_INT(g->ops->to_move(g), 0);
    CHECK_STR(text_of(g), "1/2/3/1w2/5 b 2 - -");
    CHECK_INT(test_play(g, "a1"), 0);
    CHECK_INT(g->ops->to_move(g), 0);
    CHECK_INT(test_play(g, "e1"), 0);
    CHECK_INT(g->ops->to_move(g), 1);
    CHECK_STR(text_of(g), "1/2/3/1w2/b3b w 3 - -");
    game_free(g);
}

/* The side to move's turn as game_turn_moves says it: moves * 100 + made. */
static int turn_moves(const game *g)
{
    int made, n = game_turn_moves(g, &made);
    return n * 100 + made;
}

static void test_turns_and_quotas(void)
{
    game *g = test_game(&y_ops, "size=6 variant=progressive");
    CHECK_INT(test_play(g, "a1 f6,f1 b2,d2,d4"), 0);
    CHECK_INT(g->ops->to_move(g), 1);
    CHECK_STR(text_of(g), "w/2/b2/4/b1b2/b4w w 4 - -");
    CHECK_INT(turn_moves(g), 400); /* White's fourth turn: four stones */
    CHECK_INT(test_play(g, "b1"), 0);
    CHECK_STR(text_of(g), "w/2/b2/4/b1b2/bw3w w 4 b1 -");
    CHECK_INT(turn_moves(g), 401);
    char board[GAME_RENDER_MAX];
    g->ops->render(g, NULL, board, sizeof board);
    CHECK_HAS(board, "Turn 4: White places 4 stones; 1 placed, 3 to go (so far: b1)");
    /* a whole turn undone at once */
    CHECK_INT(game_undo_turn(g), 1);
    CHECK_INT(game_undo_turn(g), 3);
    CHECK_STR(text_of(g), "w/2/3/4/5/b4w b 3 - -");
    game_free(g);

    /* double: 1, then 2 every turn */
    g = test_game(&y_ops, "size=6 variant=double");
    CHECK_INT(turn_moves(g), 100);
    CHECK_INT(test_play(g, "a1 f6,f1 b2,d2 c1,e5"), 0);
    CHECK_INT(g->ops->to_move(g), 0);
    CHECK_STR(text_of(g), "w/w1/3/4/b1b2/b1w2w b 5 - -");
    CHECK_INT(turn_moves(g), 200);
    CHECK_INT(test_play(g, "e3"), 0);
    CHECK_INT(turn_moves(g), 201);
    game_free(g);
    /* the standard game: one stone; a progressive turn holds the empty cells at most */
    g = test_game(&y_ops, "size=2");
    CHECK_INT(turn_moves(g), 100);
    game_free(g);
    g = test_game(&y_ops, "size=2 variant=progressive");
    CHECK_INT(test_play(g, "a1 b2"), 0);
    CHECK_INT(turn_moves(g), 100); /* the third turn, one cell left */
    game_free(g);

    /* a short turn: White, to place 2 stones on size 2, finds every other
     * cell joined to the first */
    g = test_game(&y_ops, "size=2 variant=double");
    CHECK_INT(test_play(g, "a1 b2"), 0);
    /* b1 touches both a1 (Black) and b2 (White's stone of this turn) */
    CHECK_INT(g->ops->to_move(g), 0);
    CHECK_STR(text_of(g), "w/b1 b 3 - -");
    game_free(g);
}

static void test_perft_vs_model(void)
{
    static const char *const var[] = {"standard", "progressive", "double"};
    for (int n = 2; n <= 4; n++)
        for (int v = 0; v < 3; v++)
            for (int pie = 0; pie < 2; pie++) {
                char opts[128];
                snprintf(opts, sizeof opts, "size=%d variant=%s pie=%d", n, var[v], pie);
                game *g = test_game(&y_ops, opts);
                bf b;
                bf_init(&b, n, v, pie);
                int cells = n * (n + 1) / 2, maxd = cells + 1 < 6 ? cells + 1 : 6;
                for (int d = 1; d <= maxd; d++) {
                    uint64_t got = game_perft(g, d), want = bf_perft(&b, d);
                    if (got != want)
                        printf("  perft %s depth %d: %llu, model %llu\n", opts, d,
                               (unsigned long long)got, (unsigned long long)want);
                    CHECK(got == want);
                }
                game_free(g);
            }
    /* a few by hand: 10 cells; with pie White also has swap */
    game *g = test_game(&y_ops, "size=4 pie=0");
    CHECK_INT(game_perft(g, 3), 10 * 9 * 8);
    game_free(g);
    g = test_game(&y_ops, "size=4");
    CHECK_INT(game_perft(g, 3), 10 * (9 * 8 + 9));
    game_free(g);
    /* size 2 standard, played out: every game ends by the 3rd stone at the latest */
    g = test_game(&y_ops, "size=2 pie=0");
    CHECK_INT(game_perft(g, 3), 6);
    CHECK_INT(game_perft(g, 4), 0);
    game_free(g);
}

/* Random games, every step compared with the model and the invariants. */
static void random_game(rng *r, int n, int variant, int pie, int mirror)
{
    static const char *const var[] = {"standard", "progressive", "double"};
    char opts[128];
    snprintf(opts, sizeof opts, "size=%d variant=%s pie=%d", n, var[variant], pie);
    game *g = test_game(&y_ops, opts), *scratch = game_new_like(g);
    bf b;
    bf_init(&b, n, variant, pie);
    qmove moves[GAME_MAX_MOVES];
    int errors = check_current_failed;
    for (int step = 0; step < 1000 && check_current_failed == errors; step++) {
        int k = g->ops->legal_moves(g, moves);
        if (mirror) {
            CHECK_INT(k, bf_count_moves(&b));
            CHECK_INT(g->ops->to_move(g), b.side);
            signed char cell[BF_N][BF_N];
            int tc[BF_N * BF_N], tr[BF_N * BF_N];
            int placed = parse_text(text_of(g), n, cell, tc, tr);
            CHECK(memcmp(cell, b.cell, sizeof cell) == 0);
            CHECK_INT(placed, b.placed);
            /* this turn's stones: fewer than the quota, each in its own group */
            CHECK(placed < bf_quota(&b) || placed == 0);
            for (int a = 0; a < placed; a++) {
                signed char seen[BF_N][BF_N];
                bf_flood(cell, n, tc[a], tr[a], seen);
                for (int z = 0; z < placed; z++)
                    CHECK(z == a || !seen[tc[z]][tr[z]]);
            }
        }
        if (k == 0) {
            int res = g->ops->result(g);
            CHECK(res == RESULT_FIRST || res == RESULT_SECOND);
            if (mirror)
                CHECK_INT(res, b.over);
            break;
        }
        CHECK_INT(g->ops->result(g), RESULT_NONE);
        char before[GAME_TEXT_MAX];
        snprintf(before, sizeof before, "%s", text_of(g));
        uint64_t h = g->ops->hash(g);
        /* the position text reproduces the hash */
        CHECK_INT(test_set_pos(scratch, before), 0);
        CHECK(scratch->ops->hash(scratch) == h);
        CHECK_STR(text_of(scratch), before);

        qmove m = moves[rng_below(r, (uint32_t)k)];
        char t[GAME_MOVE_TEXT_MAX], err[GAME_ERR_MAX];
        qmove back;
        g->ops->move_to_text(g, m, t, sizeof t);
        CHECK_INT(g->ops->move_from_text(g, t, &back, err, sizeof err), 0);
        CHECK(back == m);
        g->ops->make(g, m);
        g->ops->unmake(g);
        CHECK_STR(text_of(g), before);
        CHECK(g->ops->hash(g) == h);
        g->ops->make(g, m);
        CHECK(g->ops->move_at(g, g->ops->ply(g) - 1) == m);
        if (mirror)
            bf_play_text(&b, t);
    }
    /* copy reproduces the game, history included */
    g->ops->copy(scratch, g);
    CHECK_STR(text_of(scratch), text_of(g));
    CHECK_INT(scratch->ops->ply(scratch), g->ops->ply(g));
    game_free(g);
    game_free(scratch);
}

static void test_random_games(void)
{
    rng r;
    rng_seed(&r, 20240611);
    for (int i = 0; i < 450; i++) {
        int n = 2 + (int)rng_below(&r, 12); /* 2..13 */
        random_game(&r, n, i % 3, (int)rng_below(&r, 2), 1);
    }
    for (int v = 0; v < 3; v++)
        random_game(&r, 26, v, 1, v == 0);
}

static void test_playout(void)
{
    rng r;
    rng_seed(&r, 99);
    /* sizes on both sides of the 128-bit sets (11, 12) and the largest */
    static const char *const opts[] = {"size=11", "size=11 variant=progressive",
                                       "size=11 variant=double pie=1", "size=26", "size=2",
                                       "size=12", "size=19 pie=0", "size=13 variant=progressive",
                                       "size=19 variant=double", "size=26 variant=double",
                                       "size=3 variant=progressive"};
    for (int o = 0; o < 11; o++) {
        game *g = test_game(&y_ops, opts[o]), *c = game_new_like(g);
        int wins[3] = {0, 0, 0};
        for (int i = 0; i < 200; i++) {
            g->ops->copy(c, g);
            if (i % 2)
                test_play(c, "a1");
            if (i % 4 == 3 && strstr(opts[o], "variant")) /* from the middle of a turn */
                test_play(c, "b2");
            int res = c->ops->playout(c, &r, 100000);
            CHECK(res == RESULT_FIRST || res == RESULT_SECOND);
            CHECK_INT(c->ops->result(c), res);
            qmove moves[GAME_MAX_MOVES];
            CHECK_INT(c->ops->legal_moves(c, moves), 0);
            /* the finished position is a consistent one */
            char text[GAME_TEXT_MAX];
            snprintf(text, sizeof text, "%s", text_of(c));
            uint64_t h = c->ops->hash(c);
            game *d = game_new_like(g);
            CHECK_INT(test_set_pos(d, text), 0);
            CHECK(d->ops->hash(d) == h);
            CHECK_INT(d->ops->result(d), res);
            game_free(d);
            wins[res]++;
        }
        /* both colours win some random games */
        CHECK(wins[1] > 20 && wins[2] > 20);
        game_free(g);
        game_free(c);
    }
    /* one empty cell left: the playout can only fill it */
    game *g = test_game(&y_ops, "size=3 pie=0");
    CHECK_INT(test_set_pos(g, "w/ww/bb1 b 6 - -"), 0);
    CHECK_INT(g->ops->playout(g, &r, 1000), RESULT_FIRST);
    CHECK_INT(test_set_pos(g, "w/ww/bb1 w 6 - -"), 0);
    CHECK_INT(g->ops->playout(g, &r, 1000), RESULT_SECOND);
    /* cut short: no result */
    game_free(g);
    g = test_game(&y_ops, "size=11");
    CHECK_INT(g->ops->playout(g, &r, 5), RESULT_NONE);
    CHECK_INT(g->ops->ply(g), 5);
    game_free(g);
    g = test_game(&y_ops, "size=11 variant=double");
    CHECK_INT(g->ops->playout(g, &r, 3), RESULT_NONE);
    CHECK_INT(g->ops->ply(g), 3);
    game_free(g);
}

/* ---- the knowledge: policy playouts and priors ---- */

/* The colour (1, 2) with a Y on a board, 0 for none, 3 for both. */
static int bf_winners(const signed char cell[BF_N][BF_N], int n)
{
    int found = 0;
    for (int c = 0; c < n; c++)
        for (int r = 0; r <= c; r++) {
            signed char seen[BF_N][BF_N];
            if (cell[c][r] && bf_flood(cell, n, c, r, seen) == 7)
                found |= cell[c][r];
        }
    return found;
}

static void cell_of(const game *g, qmove m, int *c, int *r)
{
    char t[GAME_MOVE_TEXT_MAX];
    g->ops->move_to_text(g, m, t, sizeof t);
    *c = t[0] - 'a';
    *r = atoi(t + 1) - 1;
}

/* One policy playout from g (unchanged): every move of its trace is legal
 * until the game ends, the standard game's fill after the first Y takes
 * empty cells in turn, the trace is exactly the stones added, and the
 * flood fill of the final board gives the playout's result. */
static void check_policy_playout(const game *g, int n, int standard, rng *r)
{
    game *c = game_clone(g), *d = game_clone(g);
    qmove trace[GAME_MAX_MOVES];
    int nt = -1;
    int res = c->ops->policy_playout(c, r, 100000, trace, &nt);
    CHECK(res == RESULT_FIRST || res == RESULT_SECOND);
    CHECK_INT(c->ops->result(c), res);
    int i = 0;
    for (; i < nt && d->ops->result(d) == RESULT_NONE; i++) {
        /* the variants mark White's moves, the standard game none */
        qmove m = trace[i] & ~GAME_TRACE_SECOND;
        CHECK((trace[i] != m) == (!standard && d->ops->to_move(d) == 1));
        char t[GAME_MOVE_TEXT_MAX];
        d->ops->move_to_text(d, m, t, sizeof t);
        CHECK(has_move(d, t));
        d->ops->make(d, m);
    }
    CHECK_INT(d->ops->result(d), res);
    if (!standard)
        CHECK_INT(i, nt); /* the variants stop at the Y */
    signed char cell[BF_N][BF_N], fin[BF_N][BF_N];
    int tc[BF_N * BF_N], tr[BF_N * BF_N];
    parse_text(text_of(d), n, cell, tc, tr);
    for (int side = d->ops->to_move(d); i < nt; i++, side ^= 1) {
        int cc, rr;
        cell_of(d, trace[i], &cc, &rr);
        CHECK(cell[cc][rr] == 0);
        cell[cc][rr] = (signed char)(side + 1);
    }
    parse_text(text_of(c), n, fin, tc, tr);
    CHECK(memcmp(cell, fin, sizeof cell) == 0);
    CHECK_INT(bf_winners(fin, n), res);
    /* the finished position is a consistent one */
    game *e = game_new_like(g);
    CHECK_INT(test_set_pos(e, text_of(c)), 0);
    CHECK(e->ops->hash(e) == c->ops->hash(c));
    CHECK_INT(e->ops->result(e), res);
    game_free(e);
    game_free(c);
    game_free(d);
}

/* In the variants MCTS's untraced playout is the plain one that takes a
 * win the mover has when its turn starts, and first blocks the
 * opponent's: Black's bottom row a1-d1 wins at e1 or e2.  Black to move
 * wins with its first stone; White to move blocks e1, and the group rule
 * closes e2 to its second stone (next to e1), so Black wins there.  The
 * playout hook itself stays uniformly random. */
static void test_variants_playout_threats(void)
{
    static const char *const opts[] = {"size=5 variant=double", "size=5 variant=progressive"};
    for (int v = 0; v < 2; v++) {
        game *g = test_game(&y_ops, opts[v]);
        rng r;
        rng_seed(&r, 11);
        int uniform_wins = 0; /* at e1 with the first stone */
        for (int i = 0; i < 20; i++) {
            game *a = game_clone(g), *b = game_clone(g), *u = game_clone(g);
            CHECK_INT(test_set_pos(a, "w/ww/3/4/bbbb1 b 5 - -"), 0);
            CHECK_INT(test_set_pos(b, "w/ww/3/4/bbbb1 w 6 - -"), 0);
            CHECK_INT(test_set_pos(u, "w/ww/3/4/bbbb1 b 5 - -"), 0);
            int nt = -1;
            CHECK_INT(a->ops->policy_playout(a, &r, 1000, NULL, &nt), RESULT_FIRST);
            CHECK_INT(nt, 0);
            CHECK_STR(text_of(a), "w/ww/3/4/bbbbb w 6 - -");
            CHECK_INT(b->ops->policy_playout(b, &r, 1000, NULL, &nt), RESULT_FIRST);
            signed char cell[BF_N][BF_N];
            int tc[BF_N * BF_N], tr[BF_N * BF_N];
            parse_text(text_of(b), 5, cell, tc, tr);
            CHECK_INT(cell[4][0], 2); /* e1: White's */
            CHECK_INT(cell[4][1], 1); /* e2: Black's */
            u->ops->playout(u, &r, 1000);
            uniform_wins += strcmp(text_of(u), "w/ww/3/4/bbbbb w 6 - -") == 0;
            game_free(a);
            game_free(b);
            game_free(u);
        }
        CHECK(uniform_wins < 20);
        game_free(g);
    }
}

/* The moves a search needs below its root: within a multi-stone turn
 * only the cells above the turn's last stone, all legal cells when none
 * is; at a turn's start every legal move; in the standard game every
 * legal move but the dead cells (test_dead_cells). */
static void search_moves_are(const char *opts, const char *moves, const char *want)
{
    game *g = test_game(&y_ops, opts);
    CHECK_INT(test_play(g, moves), 0);
    qmove m[GAME_MAX_MOVES];
    char got[512] = "", t[GAME_MOVE_TEXT_MAX];
    int n = g->ops->search_moves(g, m);
    for (int i = 0; i < n; i++) {
        g->ops->move_to_text(g, m[i], t, sizeof t);
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "", t);
    }
    CHECK_STR(got, want);
    game_free(g);
}

static void test_search_moves(void)
{
    const char *p5 = "size=5 variant=progressive";
    /* legal after c3 and c2: a1 d1 e1 e2 e3 d4 e4 e5 */
    search_moves_are(p5, "c3 c2", "e2 e3 d4 e4 e5");
    /* none above e5: every legal cell */
    search_moves_are(p5, "c3 e5", "a1 b1 c1 d1 e1 b2 c2 d2 e2 d3 e3");
    search_moves_are(p5, "c3", "a1 b1 c1 d1 e1 b2 c2 d2 e2 d3 e3 d4 e4 e5");
    search_moves_are("size=5 variant=double", "c3 b2", "d2 e2 d3 e3 d4 e4 e5");
    search_moves_are("size=3", "b2", "a1 b1 c1 c2 c3 swap");
}

static void test_policy_playout(void)
{
    rng r;
    rng_seed(&r, 4242);
    static const char *const opts[] = {"size=11", "size=11 variant=progressive",
                                       "size=11 variant=double pie=1", "size=2", "size=3",
                                       "size=12", "size=26", "size=13 variant=progressive",
                                       "size=19 variant=double", "size=4 variant=double"};
    static const char *const starts[] = {"", "a1", "a1 swap", "e5 f5 f6 g4"};
    static const char *const multi[] = {"", "a1", "a1 b2", "a1 c1,c3"};
    for (int o = 0; o < 10; o++) {
        game *g = test_game(&y_ops, opts[o]);
        int n = atoi(strchr(opts[o], '=') + 1), standard = !strstr(opts[o], "variant");
        for (int i = 0; i < 40; i++) {
            game *s = game_clone(g);
            const char *st = standard ? starts[i % 4] : multi[i % 4];
            if (n >= 5 || !strchr(st, ' '))
                CHECK_INT(test_play(s, st), 0);
            check_policy_playout(s, n, standard, &r);
            game_free(s);
        }
        game_free(g);
    }
    /* cut short: the moves are made through the rules, with their history */
    static const char *const cut[] = {"size=11", "size=11 variant=double", "size=9 variant=progressive"};
    for (int o = 0; o < 3; o++) {
        game *g = test_game(&y_ops, cut[o]);
        qmove trace[GAME_MAX_MOVES];
        int nt = -1;
        CHECK_INT(g->ops->policy_playout(g, &r, 7, trace, &nt), RESULT_NONE);
        CHECK_INT(nt, 7);
        CHECK_INT(g->ops->ply(g), 7);
        for (int i = 0; i < 7; i++)
            CHECK(g->ops->move_at(g, i) == (trace[i] & ~GAME_TRACE_SECOND));
        game_free(g);
    }
}

/* After `moves` (pie off), every policy playout's first stone is `reply`. */
static void expect_first_reply(const char *opts, const char *moves, const char *reply)
{
    game *g = test_game(&y_ops, opts);
    CHECK_INT(test_play(g, moves), 0);
    rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < 50; i++) {
        game *c = game_clone(g);
        qmove trace[GAME_MAX_MOVES];
        int nt = 0;
        c->ops->policy_playout(c, &r, 100000, trace, &nt);
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, trace[0] & ~GAME_TRACE_SECOND, t, sizeof t);
        CHECK(nt > 0);
        CHECK_STR(t, reply);
        game_free(c);
    }
    game_free(g);
}

static void test_policy_saves_bridges(void)
{
    /* White e4 intrudes into the bridge e3-f5: Black takes f4 */
    expect_first_reply("size=11 pie=0", "e3 k1 f5 e4", "f4");
    /* White c1 intrudes into d2's edge template: Black takes d1 */
    expect_first_reply("size=11 pie=0", "d2 c1", "d1");
    /* White g6 runs along the second row beside Black's f6 on the left
     * side: Black keeps it off the side at g7 (a ladder's answer) */
    expect_first_reply("size=11", "g4 swap g5 f4 e5 i5 h6 e4 d4 f5 f6 g6", "g7");
    /* the variants' playout (y_vplay.c) takes a win the mover has when
     * its turn starts: Black's chain a1..i1 touches two sides, j1 makes
     * the Y (size 10) */
    const char *chain = "a1 j2,c3 b1,d1 e5,g7 c1,f1 d4,h6 e1,h1 f3,i5 g1,g5 e3,h4 f4,i1";
    char line[256];
    snprintf(line, sizeof line, "%s h7,b2", chain);
    expect_first_reply("size=10 variant=double", line, "j1");
    /* and White, to move, blocks it */
    expect_first_reply("size=10 variant=double", chain, "j1");
}

/* The prior of one move of g's legal moves. */
static float prior_of(const game *g, const char *move)
{
    qmove moves[GAME_MAX_MOVES];
    float out[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves);
    g->ops->priors(g, moves, n, out);
    for (int i = 0; i < n; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, moves[i], t, sizeof t);
        if (strcmp(t, move) == 0)
            return out[i];
    }
    printf("  %s is not a legal move\n", move);
    return -1;
}

/* The move with the highest prior, which no other move ties. */
static void expect_top_prior(const game *g, const char *want)
{
    qmove moves[GAME_MAX_MOVES];
    float out[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves), best = 0, ties = 0;
    g->ops->priors(g, moves, n, out);
    for (int i = 0; i < n; i++) {
        CHECK(out[i] >= 0.1f && out[i] <= 1);
        best = out[i] > out[best] ? i : best;
    }
    for (int i = 0; i < n; i++)
        ties += i != best && out[i] == out[best];
    char t[GAME_MOVE_TEXT_MAX];
    g->ops->move_to_text(g, moves[best], t, sizeof t);
    CHECK_STR(t, want);
    CHECK_INT(ties, 0);
}

static void test_priors(void)
{
    /* the standard game's patterns: the reply to White's intrusion e4
     * into the bridge e3-f5 first, a cell next to White's last stone above
     * a lone cell, the bottom's second row above the first */
    game *g = test_game(&y_ops, "size=11 pie=0");
    CHECK_INT(test_play(g, "e3 k1 f5 e4"), 0);
    expect_top_prior(g, "f4");
    CHECK(prior_of(g, "d4") > prior_of(g, "i3"));
    CHECK(prior_of(g, "h2") > prior_of(g, "h1"));
    game_free(g);
    /* the variants' knowledge (Black to place two stones): bridges to
     * Black's stones and edge templates above a plain cell */
    g = test_game(&y_ops, "size=11 variant=double");
    CHECK_INT(test_play(g, "e3 k1,e4"), 0);
    float plain = prior_of(g, "i3");
    CHECK(prior_of(g, "f2") > plain);  /* bridge to e3 and the bottom's template */
    CHECK(prior_of(g, "h2") > plain);  /* the bottom's edge template */
    CHECK(prior_of(g, "d4") > plain);  /* next to White's last stone */
    CHECK(prior_of(g, "f2") > prior_of(g, "h2"));
    game_free(g);
    /* c2 is surrounded by White: no use to anyone, the lowest prior */
    g = test_game(&y_ops, "size=5 pie=0");
    CHECK_INT(test_set_pos(g, "1/b1/wwb/w1w1/bww1b b 11 - -"), 0);
    qmove moves[GAME_MAX_MOVES];
    float out[GAME_MAX_MOVES];
    char t[GAME_MOVE_TEXT_MAX];
    int n = g->ops->legal_moves(g, moves);
    g->ops->priors(g, moves, n, out);
    float dead = prior_of(g, "c2");
    CHECK(dead < 0.5f);
    for (int i = 0; i < n; i++) {
        g->ops->move_to_text(g, moves[i], t, sizeof t);
        CHECK(strcmp(t, "c2") == 0 || out[i] > dead);
    }
    /* swap is not judged */
    game_free(g);
    g = test_game(&y_ops, "size=11");
    CHECK_INT(test_play(g, "f6"), 0);
    CHECK(prior_of(g, "swap") == 0.5f);
    game_free(g);
}

/* Cell `name` of a Y board of `size` under symmetry `sym` (0-5: the
 * orders of the three distances to the sides, bottom, right and left,
 * that become the image's). */
static void image_of(const char *name, int size, int sym, char *out)
{
    static const int order[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int col = name[0] - 'a', row = atoi(name + 1) - 1;
    int d[3] = {row, size - 1 - col, col - row}, e[3];
    for (int k = 0; k < 3; k++)
        e[k] = d[order[sym][k]];
    sprintf(out, "%c%d", 'a' + (size - 1 - e[1]), e[0] + 1);
}

/* Every empty cell's pattern and prior in g. */
static int patterns_of(const game *g, char (*names)[GAME_MOVE_TEXT_MAX], y_pattern *pat, float *prior)
{
    qmove moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves);
    g->ops->priors(g, moves, n, prior);
    for (int i = 0; i < n; i++) {
        g->ops->move_to_text(g, moves[i], names[i], GAME_MOVE_TEXT_MAX);
        pat[i] = y_policy_pattern(g, (int)moves[i]);
    }
    return n;
}

static int same_pattern(y_pattern a, y_pattern b)
{
    return a.ring == b.ring && a.edge == b.edge && a.near == b.near;
}

/* A cell's pattern and prior are the same in the board's six images of
 * a position and, colours exchanged, for the other player to move. */
static void test_pattern_symmetry(void)
{
    static const char *const line[] = {"e3", "k1", "f5", "e4", "h2", "g3", "c2", "j9", "a1"};
    static char names[2][GAME_MAX_MOVES][GAME_MOVE_TEXT_MAX];
    static y_pattern pat[2][GAME_MAX_MOVES];
    static float prior[2][GAME_MAX_MOVES];
    game *g = test_game(&y_ops, "size=11 pie=0");
    for (int i = 0; i < 9; i++)
        CHECK_INT(test_play(g, line[i]), 0);
    int n = patterns_of(g, names[0], pat[0], prior[0]), differ = 0, mismatched = 0;
    for (int i = 1; i < n; i++)
        differ += !same_pattern(pat[0][i], pat[0][0]);
    CHECK(differ > n / 2);
    for (int sym = 1; sym < 6; sym++) {
        game *h = test_game(&y_ops, "size=11 pie=0");
        char cell[8];
        for (int i = 0; i < 9; i++) {
            image_of(line[i], 11, sym, cell);
            CHECK_INT(test_play(h, cell), 0);
        }
        CHECK_INT(patterns_of(h, names[1], pat[1], prior[1]), n);
        for (int i = 0; i < n; i++) {
            image_of(names[0][i], 11, sym, cell);
            for (int j = 0; j < n; j++)
                if (strcmp(names[1][j], cell) == 0)
                    mismatched += !same_pattern(pat[0][i], pat[1][j]) || prior[0][i] != prior[1][j];
        }
        game_free(h);
    }
    CHECK_INT(mismatched, 0);
    /* the colours exchanged (e3 becomes White's by the swap), the other
     * player to move */
    game_free(g);
    g = test_game(&y_ops, "size=11 pie=1");
    CHECK_INT(test_play(g, "e3 swap"), 0);
    for (int i = 1; i < 9; i++)
        CHECK_INT(test_play(g, line[i]), 0);
    CHECK_INT(patterns_of(g, names[1], pat[1], prior[1]), n);
    for (int i = 0; i < n; i++)
        mismatched += strcmp(names[0][i], names[1][i]) != 0 || !same_pattern(pat[0][i], pat[1][i]) ||
                      prior[0][i] != prior[1][i];
    CHECK_INT(mismatched, 0);
    game_free(g);
}

/* Is `move` among g's search_moves? */
static int searched(const game *g, const char *move)
{
    qmove m[GAME_MAX_MOVES];
    char t[GAME_MOVE_TEXT_MAX];
    int n = g->ops->search_moves(g, m);
    for (int i = 0; i < n; i++) {
        g->ops->move_to_text(g, m[i], t, sizeof t);
        if (strcmp(t, move) == 0)
            return 1;
    }
    return 0;
}

/* d3 on Y 7, with its six neighbours in turning order c3 c2 d2 e3 e4 d4
 * set as `around` says (b, w or .): dead, so the tree leaves it out and
 * its prior is the lowest, or live, a move like any other. */
static void dead_cell_is(const char *around, int want)
{
    static const char *const at[6] = {"c3", "c2", "d2", "e3", "e4", "d4"};
    char rows[7][8], text[96];
    for (int r = 0; r < 7; r++) { /* row r + 1 holds columns r .. 6 */
        memset(rows[r], '.', (size_t)(7 - r));
        rows[r][7 - r] = 0;
    }
    for (int k = 0; k < 6; k++)
        rows[at[k][1] - '1'][at[k][0] - 'a' - (at[k][1] - '1')] = around[k];
    text[0] = 0;
    for (int r = 6; r >= 0; r--) { /* the top row first; runs of empty cells as counts */
        char *t = text + strlen(text);
        for (const char *c = rows[r]; *c;) {
            int run = 0;
            while (c[run] == '.')
                run++;
            t += run ? sprintf(t, "%d", run) : sprintf(t, "%c", *c);
            c += run ? run : 1;
        }
        strcat(text, r ? "/" : " b 13 - -");
    }
    int failed_before = check_current_failed;
    check_current_failed = 0;
    game *g = test_game(&y_ops, "size=7 pie=0");
    CHECK_INT(test_set_pos(g, text), 0);
    CHECK_INT(searched(g, "d3"), !want);
    CHECK(searched(g, "f3")); /* an open cell of the board's middle row */
    CHECK(want ? prior_of(g, "d3") == 0.1f : prior_of(g, "d3") > 0.1f);
    if (check_current_failed)
        printf("  around d3: %s (%s)\n", around, text);
    check_current_failed |= failed_before;
    game_free(g);
}

static void test_dead_cells(void)
{
    dead_cell_is("bbbbww", 1); /* four of one colour together */
    dead_cell_is("bbbb.w", 1);
    dead_cell_is("bbb.ww", 1); /* each colour's stones and open cells one run */
    dead_cell_is("..wwww", 1); /* Black's two open cells touch each other */
    dead_cell_is("b.b.ww", 0); /* Black at d3 joins c3 and d2 */
    dead_cell_is("bb.ww.", 1); /* d2 and d4 each touch a Black and a White stone */
    dead_cell_is("...www", 0); /* Black at d3 joins c3 and d2, apart without c2 */
    dead_cell_is("bbwbww", 0); /* Black joins c2 and e3 round White's d2 */
    /* on the bottom side: d1 with c1, e1, d2 and e2 White's is dead, with
     * e2 Black's Black would join e2 to the side */
    game *g = test_game(&y_ops, "size=7 pie=0");
    CHECK_INT(test_set_pos(g, "1/2/3/4/5/2ww2/2w1w2 b 5 - -"), 0);
    CHECK(!searched(g, "d1") && searched(g, "f1"));
    CHECK(prior_of(g, "d1") < 0.2f);
    CHECK_INT(test_set_pos(g, "1/2/3/4/5/2wb2/2w1w2 b 5 - -"), 0);
    CHECK(searched(g, "d1"));
    game_free(g);
    /* the multi-stone variants keep every cell (their turns are sets) */
    g = test_game(&y_ops, "size=7 variant=double");
    CHECK_INT(test_set_pos(g, "1/2/3/ww2/b1b2/1bb3/7 b 13 - -"), 0);
    CHECK(searched(g, "d3"));
    game_free(g);
}

/* The playout hook draws every move uniformly from the legal ones, as
 * plain random play does: both give the first player the same share of
 * wins (4000 games each, fixed seeds, sizes on both sides of one 64-bit
 * word; the bound is over 4 standard errors,
 * while a skewed draw of the group rule's cells moves the share further). */
static void test_playout_distribution(void)
{
    static const char *const opts[] = {"size=5 variant=double", "size=9 variant=progressive",
                                       "size=4 variant=double pie=1", "size=6 pie=0"};
    for (int o = 0; o < 4; o++) {
        game *g = test_game(&y_ops, opts[o]), *c = game_new_like(g);
        rng r;
        rng_seed(&r, 7 + (uint64_t)o);
        int hook = 0, plain = 0, games = 4000;
        qmove moves[GAME_MAX_MOVES];
        for (int i = 0; i < games; i++) {
            g->ops->copy(c, g);
            hook += c->ops->playout(c, &r, 100000) == RESULT_FIRST;
            g->ops->copy(c, g);
            for (int n; (n = c->ops->legal_moves(c, moves)) > 0;)
                c->ops->make(c, moves[rng_below(&r, (uint32_t)n)]);
            plain += c->ops->result(c) == RESULT_FIRST;
        }
        if (abs(hook - plain) >= 180)
            printf("  %s: first player won %d playouts, %d random games\n", opts[o], hook, plain);
        CHECK(abs(hook - plain) < 180);
        game_free(g);
        game_free(c);
    }
}

static void test_bad_input(void)
{
    game *g = test_game(&y_ops, "size=11 variant=double");
    CHECK_INT(test_play(g, "a1 h2,j4 h3"), 0);
    expect_refused(g, "i4", "it would join h3, placed earlier this turn, in one group");
    expect_refused(g, "h2", "illegal move h2: h2 is already taken by White");
    expect_refused(g, "z9", "no such cell on the size-11 board");
    expect_refused(g, "e7", "no such cell on the size-11 board");
    expect_refused(g, "l1", "no such cell");
    expect_refused(g, "a0", "'a0' is not a move");
    expect_refused(g, "hello", "'hello' is not a move (expected a cell such as e5, or swap)");
    expect_refused(g, "", "empty move");
    expect_refused(g, "swap", "the pie rule is off");
    game_free(g);

    char err[GAME_ERR_MAX];
    char *a1[] = {"size=1"}, *a2[] = {"size=27"}, *a3[] = {"variant=triple"},
         *a4[] = {"pie=yes"}, *a5[] = {"colour=red"};
    CHECK(game_create(&y_ops, 1, a1, err, sizeof err) == NULL);
    CHECK_HAS(err, "option size: 1 is out of range (2..26)");
    CHECK(game_create(&y_ops, 1, a2, err, sizeof err) == NULL);
    CHECK_HAS(err, "option size: 27 is out of range (2..26)");
    CHECK(game_create(&y_ops, 1, a3, err, sizeof err) == NULL);
    CHECK_HAS(err, "option variant: 'triple' is not one of: standard, progressive, double");
    CHECK(game_create(&y_ops, 1, a4, err, sizeof err) == NULL);
    CHECK_HAS(err, "not one of: auto, 0, 1");
    CHECK(game_create(&y_ops, 1, a5, err, sizeof err) == NULL);
    CHECK_HAS(err, "unknown option 'colour'");
}

static void test_bad_positions(void)
{
    static const struct {
        const char *opts, *text, *frag;
    } cases[] = {
        {"size=3", "1/2/3 b 1 -", "expected 5 fields"},
        {"size=3", "1/2 b 1 - -", "2 rows given, size 3 needs 3"},
        {"size=3", "1/2/3/4 b 1 - -", "more than 3 rows"},
        {"size=3", "1/3/3 b 1 - -", "row 2 must describe 2 cells"},
        {"size=3", "1/bbb/3 b 1 - -", "row 2 must describe 2 cells"},
        {"size=3", "1/2/2x b 1 - -", "'x' is not b, w, a digit or '/'"},
        {"size=3", "1/2/3 g 1 - -", "side to move must be 'b' or 'w'"},
        {"size=3", "1/2/3 b 0 - -", "turn number must be 1..9999"},
        {"size=3", "1/2/3 b x - -", "turn number must be 1..9999"},
        {"size=3", "1/2/3 b 1 - maybe", "the last field must be 'swap' or '-'"},
        {"size=3", "b/bb/bbb b 1 - -", NULL}, /* a finished game is fine */
        {"size=3", "b/bw/bww b 5 - -", NULL},
        {"size=2", "b/bw b 5 - -", NULL},
        {"size=3 variant=double", "b/1w/b2 b 5 a1,c3 -", "turn 5 places 2 stones, so at most 1"},
        {"size=3 variant=double", "1/2/b2 b 5 b1 -", "b1, placed this turn, must hold a black stone"},
        {"size=3 variant=double", "1/2/b2 b 5 q9 -", "'q9' is not a cell of this board"},
        {"size=4 variant=progressive", "1/2/3/bb2 b 5 a1,b1 -", "in one group"},
        {"size=3", "1/2/b2 b 3 a1 -", "turn 3 places 1 stone, so at most 0"},
        {"size=3 pie=0", "1/2/b2 w 2 - swap", "only with the pie rule on"},
        {"size=3", "1/2/b2 w 3 - swap", "only on turn 2, White to move"},
        {"size=3", "1/1w/b2 w 2 - swap", "before White has any stone"},
        {"size=2 variant=double", "w/b1 w 2 b2 -", "no legal cell left"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        game *g = test_game(&y_ops, cases[i].opts);
        char before[GAME_TEXT_MAX], err[GAME_ERR_MAX] = "";
        CHECK_INT(test_play(g, "a1"), 0);
        snprintf(before, sizeof before, "%s", text_of(g));
        int rc = g->ops->from_text(g, cases[i].text, err, sizeof err);
        if (cases[i].frag) {
            CHECK_INT(rc, -1);
            CHECK_HAS(err, cases[i].frag);
            CHECK_STR(text_of(g), before);
            CHECK_INT(g->ops->ply(g), 1);
        } else {
            CHECK_INT(rc, 0);
            CHECK_STR(text_of(g), cases[i].text);
            CHECK(g->ops->result(g) != RESULT_NONE);
        }
        game_free(g);
    }
}

static void test_render(void)
{
    game *g = test_game(&y_ops, "size=5 pie=0");
    CHECK_INT(test_play(g, "c2 e5"), 0);
    char board[GAME_RENDER_MAX];
    g->ops->render(g, NULL, board, sizeof board);
    CHECK_STR(board, "     5 e W  5\n"
                     "    4 d . .  4\n"
                     "   3 c . . .  3\n"
                     "  2 b . B . .  2\n"
                     " 1 a . . . . .  1\n"
                     "     a b c d e\n"
                     "Black (B): 1 stone, White (W): 1 stone\n");
    game_free(g);
}

int main(void)
{
    RUN(test_start_and_options);
    RUN(test_neighbours_and_names);
    RUN(test_sheet_h3_i4);
    RUN(test_group_restriction_through_old_stones);
    RUN(test_y_through_corners);
    RUN(test_bridge);
    RUN(test_swap);
    RUN(test_turns_and_quotas);
    RUN(test_perft_vs_model);
    RUN(test_random_games);
    RUN(test_playout);
    RUN(test_playout_distribution);
    RUN(test_policy_playout);
    RUN(test_variants_playout_threats);
    RUN(test_search_moves);
    RUN(test_policy_saves_bridges);
    RUN(test_priors);
    RUN(test_pattern_symmetry);
    RUN(test_dead_cells);
    RUN(test_bad_input);
    RUN(test_bad_positions);
    RUN(test_render);
    return check_summary("test_y");
}
