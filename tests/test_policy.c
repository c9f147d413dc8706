/* test_policy.c - the knowledge hooks of LOT and Coffee (policy_playout,
 * priors, LOT's evaluation): legal moves only, a trace equal to the moves played, wins taken
 * and must-blocks blocked in hand-made positions, priors that rank those
 * moves first, and the search finding them at small budgets. */
#include "check.h"
#include "gametest.h"
#include "ai/engine.h"
#include "game.h"
#include "games/coffee.h"
#include "games/lot.h"
#include "rng.h"

#include <stdlib.h>

typedef struct pos_case {
    const game_ops *ops;
    const char *opts, *pos;
} pos_case;

/* Positions where the side to move can win at once, and where it must
 * stop the opponent's win (at least one move does, others do not). */
static const pos_case wins[] = {
    {&lot_ops, NULL, "7/7/7/7/2w4/2w4/WW5 w"},       /* c1, kept on c1 */
    {&lot_ops, NULL, "7/7/7/7/7/2w4/WWw4 w"},        /* c3, kept on c1 */
    {&lot_ops, NULL, "7/7/7/7/2b4/2b4/BB1w3 b"},     /* Black: c1 */
    {&coffee_ops, "board=square size=5 n=4", "5/o3o/2o2/5/1bbb1 c3a b -"},   /* e1 */
    {&coffee_ops, "board=hex size=4 n=4", "3o/5/6/o6/3o2/5/bbb1 d3a b -"},   /* d1 */
    /* no line to make, but one bar leaves the opponent no legal turn */
    {&coffee_ops, "board=square size=5 n=4", "boboo/1ob1b/bbboo/1o1ob/o1bb1 a3v o -"},
    {&coffee_ops, "board=hex size=4 n=4", "bbbo/1boob/ooobbo/1bb1oo1/oobobb/boobo/1bob f4h b -"},
};
static const pos_case blocks[] = {
    {&lot_ops, NULL, "7/7/7/7/2w4/2w4/WW5 b"},          /* c1 */
    {&lot_ops, NULL, "7/7/7/7/2w4/2w4/WW1bb2 b"},       /* c1+c1-d1-e1 only */
    {&lot_ops, NULL, "7/7/7/7/7/2b4/BBb1w2 w"},         /* c3 */
    {&coffee_ops, "board=square size=5 n=4", "2o1b/bobbo/bobbb/2obo/b1ooo e5h o -"},
    {&coffee_ops, "board=hex size=4 n=4", "bo2/1bbo1/oobbb1/ob1obo1/obbboo/bo1bo/boob c3a o -"},
};
#define NCASES(a) ((int)(sizeof(a) / sizeof(a)[0]))

static game *load(const pos_case *c)
{
    game *g = test_game(c->ops, c->opts);
    if (g && test_set_pos(g, c->pos) != 0) {
        game_free(g);
        return NULL;
    }
    return g;
}

/* 1: m wins at once; 0: m lets the opponent win at once; 2: neither. */
static int kind_of(game *g, qmove m)
{
    int p = g->ops->to_move(g);
    g->ops->make(g, m);
    int k = g->ops->result(g) == RESULT_FIRST + p ? 1 : test_win_at_once(g, NULL) ? 0 : 2;
    g->ops->unmake(g);
    return k;
}

/* Policy playouts from the start: every move legal where it was made, the
 * trace exactly the moves made, the count and the result right, a cut
 * playout stopped where told. */
static void check_playouts(const game_ops *ops, const char *opts, int cut)
{
    game *g = test_game(ops, opts);
    CHECK(ops->policy_playout != NULL && ops->priors != NULL);
    rng r;
    rng_seed(&r, 5);
    qmove trace[1024], list[GAME_MAX_MOVES];
    int bad = 0, ended = 0;
    for (int i = 0; i < 100; i++) {
        game *c = game_clone(g), *replay = game_clone(g);
        int nt = -1, res = ops->policy_playout(c, &r, 1000, trace, &nt);
        ended += res != RESULT_NONE;
        bad += nt != ops->ply(c) || res != ops->result(c);
        for (int k = 0; k < nt && k < ops->ply(c); k++) {
            int n = ops->legal_moves(replay, list), legal = 0;
            for (int j = 0; j < n; j++)
                legal |= list[j] == trace[k];
            bad += !legal || trace[k] != ops->move_at(c, k);
            ops->make(replay, trace[k]);
        }
        bad += ops->hash(replay) != ops->hash(c);
        game_free(replay);
        game_free(c);
    }
    CHECK_INT(bad, 0);
    CHECK_INT(ended, 100);
    game *c = game_clone(g);
    int nt = -1;
    if (!cut) { /* a tiny board can end within five plies */
        game_free(c);
        game_free(g);
        return;
    }
    CHECK_INT(ops->policy_playout(c, &r, 3, trace, &nt), RESULT_NONE);
    CHECK_INT(nt, 3);
    CHECK_INT(ops->ply(c), 3);
    CHECK_INT(ops->policy_playout(c, &r, 2, NULL, NULL), RESULT_NONE);
    CHECK_INT(ops->ply(c), 5);
    game_free(c);
    game_free(g);
}

static void test_playouts_legal_and_traced(void)
{
    check_playouts(&lot_ops, NULL, 1);
    check_playouts(&lot_ops, "pie=0", 1);
    check_playouts(&coffee_ops, NULL, 1);
    check_playouts(&coffee_ops, "board=square size=5 n=4 pie=1", 1);
    check_playouts(&coffee_ops, "board=hex size=2 n=2", 0);
}

/* The playout c made from start, replayed: its moves legal (else *bad),
 * its result and hash the replay's, and the number of turns on which the
 * mover could complete its row and did not win. */
static int wins_left(const game *start, const game *c, int res, int *bad)
{
    game *replay = game_clone(start);
    int left = 0;
    for (int k = 0; k < coffee_ops.ply(c); k++) {
        qmove m = coffee_ops.move_at(c, k), list[GAME_MAX_MOVES];
        int n = coffee_ops.legal_moves(replay, list), legal = 0, p = coffee_ops.to_move(replay);
        for (int j = 0; j < n; j++)
            legal |= list[j] == m;
        int could = test_win_at_once(replay, "makes a line");
        coffee_ops.make(replay, m);
        left += could && coffee_ops.result(replay) != RESULT_FIRST + p;
        *bad += !legal;
    }
    *bad += coffee_ops.result(replay) != res || coffee_ops.hash(replay) != coffee_ops.hash(c);
    game_free(replay);
    return left;
}

/* Without a trace Coffee's MCTS playout plays random moves but takes a
 * winning cell of the marked line whenever there is one (it played better
 * at equal time than the uniform playout and than the policy's): every
 * move legal and no such win left, on the bitboard boards (n = 4 and
 * another n) and on a larger one; the uniform playout hook leaves some. */
static void test_coffee_untraced_playout_takes_wins(void)
{
    static const char *const opts[] = {"board=hex size=4 n=4", "board=square size=5 n=4",
                                       "board=square size=5 n=3 pie=1", "size=5 n=4"};
    rng r;
    rng_seed(&r, 50);
    for (int o = 0; o < 4; o++) {
        game *g = test_game(&coffee_ops, opts[o]);
        int left[2] = {0, 0}, bad = 0;
        for (int i = 0; i < 40; i++)
            for (int uniform = 0; uniform < 2; uniform++) {
                game *c = game_clone(g);
                int res = uniform ? coffee_ops.playout(c, &r, 1000)
                                  : coffee_ops.policy_playout(c, &r, 1000, NULL, NULL);
                left[uniform] += wins_left(g, c, res, &bad);
                game_free(c);
            }
        CHECK_INT(bad, 0);
        CHECK_INT(left[0], 0);
        CHECK(left[1] > 0);
        game_free(g);
    }
}

/* One policy move from the position, 200 times: of the wanted kind (1 a
 * win, 2 safe) at least `least` times, and more often than a uniform pick
 * would be; the position offers others (else the test could not fail). */
static void check_first_move(const pos_case *pc, int want, int least)
{
    game *g = load(pc);
    CHECK(g != NULL);
    if (!g)
        return;
    qmove list[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, list), other = 0, wanted = 0;
    for (int i = 0; i < n; i++) {
        int k = kind_of(g, list[i]);
        wanted += k == want;
        other += k != want;
    }
    CHECK(wanted > 0 && other > 0);
    rng r;
    rng_seed(&r, 9);
    int good = 0;
    for (int i = 0; i < 200; i++) {
        game *c = game_clone(g);
        qmove m;
        int nt = 0;
        g->ops->policy_playout(c, &r, 1, &m, &nt);
        good += nt == 1 && kind_of(g, m) == want;
        game_free(c);
    }
    if (good < least)
        printf("  %s: %d of 200 moves of kind %d\n", pc->pos, good, want);
    CHECK(good >= least);
    CHECK(good * n > 200 * wanted);
    game_free(g);
}

static void test_wins_taken(void)
{
    for (int i = 0; i < NCASES(wins); i++)
        check_first_move(&wins[i], 1, 200);
}

/* LOT always blocks; Coffee's playout guards half the time (and then
 * always blocks), so at least half of its moves block. */
static void test_must_blocks_blocked(void)
{
    for (int i = 0; i < NCASES(blocks); i++)
        check_first_move(&blocks[i], 2, blocks[i].ops == &lot_ops ? 200 : 100);
}

/* The moves of the wanted kind have the highest priors, strictly above
 * every other move. */
static void check_priors(const pos_case *pc, int want)
{
    game *g = load(pc);
    if (!g)
        return;
    qmove list[GAME_MAX_MOVES];
    float prior[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, list);
    g->ops->priors(g, list, n, prior);
    float low = 2, high = -1;
    int range_ok = 1;
    for (int i = 0; i < n; i++) {
        range_ok &= prior[i] >= 0 && prior[i] <= 1;
        if (kind_of(g, list[i]) == want)
            low = prior[i] < low ? prior[i] : low;
        else
            high = prior[i] > high ? prior[i] : high;
    }
    CHECK(range_ok);
    if (!(low > high))
        printf("  %s: wanted moves from %.2f, others up to %.2f\n", pc->pos, low, high);
    CHECK(low > high);
    game_free(g);
}

static void test_priors_rank_them_first(void)
{
    for (int i = 0; i < NCASES(wins); i++)
        check_priors(&wins[i], 1);
    for (int i = 0; i < NCASES(blocks); i++)
        check_priors(&blocks[i], 2);
}

/* The strongest player finds the win and the block at a small budget. */
static void check_search(const pos_case *pc, int want)
{
    game *g = load(pc);
    char err[GAME_ERR_MAX];
    engine *e = engine_new("ai", err, sizeof err);
    if (!g || !e || engine_set_all(e, "iterations=300 seed=2", err, sizeof err) != 0) {
        CHECK(0);
        return;
    }
    qmove m = engine_choose(e, g, NULL);
    int k = kind_of(g, m);
    if (k != want)
        printf("  %s: the search chose a move of kind %d\n", pc->pos, k);
    CHECK_INT(k, want);
    engine_free(e);
    game_free(g);
}

static void test_search_small_budget(void)
{
    for (int i = 0; i < NCASES(wins); i++)
        check_search(&wins[i], 1);
    for (int i = 0; i < NCASES(blocks); i++)
        check_search(&blocks[i], 2);
}

/* A game's evaluation of a hand-made position text for its side to move. */
static double value_of(const game_ops *ops, const char *opts, const char *pos)
{
    pos_case pc = {ops, opts, pos};
    game *g = load(&pc);
    if (!g) {
        CHECK(0);
        return -1;
    }
    double v = g->ops->evaluate(g);
    game_free(g);
    return v;
}

/* The position text with the colours exchanged (pieces and the side). */
static void swap_colours(char *text)
{
    static const char from[] = "wbWB", to[] = "bwBW";
    char *side = strchr(text, ' ');
    for (char *c = text; side && c <= side + 1; c++) {
        const char *k = strchr(from, *c);
        if (*c && k)
            *c = to[k - from];
    }
}

/* LOT's evaluation: a win next turn is sure, two threats of the opponent
 * cannot both be blocked, one costs the move; the same for either colour. */
static void test_lot_evaluation(void)
{
    /* White: towers a1 b1, discs c1 c2 d2: c3 and e3 each win (kept on c1) */
    CHECK(value_of(&lot_ops, NULL, "7/7/7/7/7/2ww3/WWw4 w") > 0.97);
    CHECK(value_of(&lot_ops, NULL, "7/7/7/7/7/2ww3/WWw4 b") < 0.03);
    CHECK(value_of(&lot_ops, NULL, "7/7/7/7/7/2bb3/BBb4 b") > 0.97);
    /* one threat (c1): Black blocks it and is behind by the towers */
    double one = value_of(&lot_ops, NULL, "7/7/7/7/2w4/2w4/WW5 b");
    CHECK(one > 0.03 && one < 0.4);
    /* the move is worth something on the empty board */
    CHECK(value_of(&lot_ops, NULL, "7/7/7/7/7/7/7 w") > 0.5);
    /* positions of a seeded game, and the same with the colours exchanged */
    game *g = test_game(&lot_ops, "pie=0");
    rng r;
    rng_seed(&r, 7);
    qmove moves[GAME_MAX_MOVES];
    for (int ply = 0; ply < 40 && g->ops->result(g) == RESULT_NONE; ply++) {
        char text[GAME_TEXT_MAX], err[GAME_ERR_MAX];
        g->ops->to_text(g, text, sizeof text);
        swap_colours(text);
        game *h = test_game(&lot_ops, "pie=0");
        CHECK_INT(h->ops->from_text(h, text, err, sizeof err), 0);
        double a = g->ops->evaluate(g), b = h->ops->evaluate(h);
        if (a != b)
            printf("  ply %d: %.6f against %.6f with the colours exchanged (%s)\n", ply, a, b, text);
        CHECK(a == b && a > 0 && a < 1);
        game_free(h);
        int n = g->ops->legal_moves(g, moves);
        g->ops->make(g, moves[rng_below(&r, (uint32_t)n)]);
    }
    game_free(g);
}

/* The Coffee position text turned by half a turn about the board's centre
 * on a board w cells wide: the rows and the cells of each row in reverse
 * order, and the bar's cell (c, r) at (w-1-c, w-1-r), its axis unchanged. */
static void turn_coffee(char *text, int w)
{
    char cells[GAME_TEXT_MAX], out[GAME_TEXT_MAX];
    int n = 0, k = 0, pos = 0;
    while (text[pos] && text[pos] != ' ') {
        char c = text[pos++];
        if (c >= '1' && c <= '9')
            for (int i = 0; i < c - '0'; i++)
                cells[n++] = '.';
        else
            cells[n++] = c; /* pieces and the row separators */
    }
    for (int i = n - 1; i >= 0; i--) {
        int run = 0;
        while (i >= 0 && cells[i] == '.') {
            run++;
            i--;
        }
        if (run)
            out[k++] = (char)('0' + run);
        if (i >= 0)
            out[k++] = cells[i];
    }
    memcpy(text, out, (size_t)k); /* as long as the field it replaces */
    char *bar = text + k + 1;
    if (*bar == '-')
        return; /* no bar before the first move */
    int col = bar[0] - 'a', row = atoi(bar + 1);
    int digits = row >= 10 ? 2 : 1;
    snprintf(out, sizeof out, "%c%d%s", 'a' + (w - 1 - col), w + 1 - row, bar + 1 + digits);
    memcpy(bar, out, strlen(out) + 1);
}

/* Coffee's evaluation of one position: sure (0.98) exactly when a move
 * wins at once, at most 0.02 only when every move lets the opponent win
 * at once, else strictly between; the same on the board turned by half a
 * turn.  (Exchanging the colours is no symmetry: Black moves first.) */
static void check_coffee_value(game *g, const char *opts, int w)
{
    qmove moves[GAME_MAX_MOVES];
    char text[GAME_TEXT_MAX], err[GAME_ERR_MAX];
    int n = g->ops->legal_moves(g, moves), wins = 0, losing = 0;
    for (int i = 0; i < n; i++) {
        int k = kind_of(g, moves[i]);
        wins += k == 1;
        losing += k == 0;
    }
    double v = g->ops->evaluate(g);
    g->ops->to_text(g, text, sizeof text);
    if (wins)
        CHECK(v >= 0.98 - 1e-9);
    else if (v <= 0.02 + 1e-9)
        CHECK_INT(losing, n);
    else
        CHECK(v > 0.02 && v < 0.98);
    turn_coffee(text, w);
    game *h = test_game(&coffee_ops, opts);
    CHECK_INT(h->ops->from_text(h, text, err, sizeof err), 0);
    double turned = h->ops->evaluate(h);
    if (v != turned)
        printf("  %.6f against %.6f on the turned board (%s)\n", v, turned, text);
    CHECK(v == turned);
    game_free(h);
}

#define SQUARE5 "board=square size=5 n=4"

/* Coffee's evaluation over every position of seeded random games on both
 * boards, and a hand-made open three that is worth more to its owner. */
static void test_coffee_evaluation(void)
{
    static const char *const opts[] = {"board=hex size=4 n=4", "board=square size=5 n=4"};
    static const int width[] = {7, 5};
    int sure = 0, lost = 0;
    for (int o = 0; o < 2; o++)
        for (int seed = 1; seed <= 20; seed++) {
            game *g = test_game(&coffee_ops, opts[o]);
            rng r;
            rng_seed(&r, (uint64_t)seed);
            qmove moves[GAME_MAX_MOVES];
            while (g->ops->result(g) == RESULT_NONE) {
                check_coffee_value(g, opts[o], width[o]);
                sure += g->ops->evaluate(g) >= 0.98 - 1e-9;
                lost += g->ops->evaluate(g) <= 0.02 + 1e-9;
                int n = g->ops->legal_moves(g, moves);
                g->ops->make(g, moves[rng_below(&r, (uint32_t)n)]);
            }
            game_free(g);
        }
    CHECK(sure > 0 && lost > 0);
    /* square 5, Black to move: b1 c1 d1 (a1 and e1 complete the row) is
     * worth more than b1 c1 e4 to Black, and the same three of Orange's
     * worth less to Black than Orange's scattered pieces */
    CHECK(value_of(&coffee_ops, SQUARE5, "o4/5/4o/2o2/1bbb1 a5h b -") > value_of(&coffee_ops, SQUARE5, "o4/4b/4o/2o2/1bb2 a5h b -"));
    CHECK(value_of(&coffee_ops, SQUARE5, "b4/5/4b/2b2/1ooo1 b1v b -") < value_of(&coffee_ops, SQUARE5, "b4/4o/4b/2b2/1oo2 b1v b -"));
}

int main(void)
{
    RUN(test_playouts_legal_and_traced);
    RUN(test_coffee_untraced_playout_takes_wins);
    RUN(test_wins_taken);
    RUN(test_must_blocks_blocked);
    RUN(test_priors_rank_them_first);
    RUN(test_search_small_budget);
    RUN(test_lot_evaluation);
    RUN(test_coffee_evaluation);
    return check_summary("test_policy");
}
