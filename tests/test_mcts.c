#define _POSIX_C_SOURCE 200809L
/* test_mcts.c - the MCTS engine: tactics in LOA (immediate wins, not
 * handing over a win, proofs), the solver against exact minimax on a small
 * game with two-move turns and draws, reproducibility, engine_stop from
 * another thread, legal answers for every game, strength against random,
 * settings errors, a multi-stone turn's stones in one order in the tree
 * (and its subtree found again whatever order the turn was played in),
 * and several threads over one tree.  Budgets are small iteration counts; nothing here
 * depends on the clock. */
#include "check.h"
#include "aitest.h"
#include "gametest.h"
#include "ai/engine.h"
#include "ai/mcts_search.h"
#include "ai/mcts_tree.h"
#include "game.h"
#include "games/loa.h"
#include "games/y.h"
#include "rng.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static game *loa_at(const char *text)
{
    game *g = game_create_default(&loa_ops);
    char err[GAME_ERR_MAX];
    if (text && g->ops->from_text(g, text, err, sizeof err) != 0)
        printf("  from_text failed: %s\n", err);
    return g;
}

static void set_text(game *g, const char *text)
{
    char err[GAME_ERR_MAX];
    if (g->ops->from_text(g, text, err, sizeof err) != 0)
        printf("  from_text failed: %s\n", err);
}

static engine *ai(const char *settings)
{
    char err[GAME_ERR_MAX];
    engine *e = engine_new("mcts", err, sizeof err);
    if (settings && engine_set_all(e, settings, err, sizeof err) != 0)
        printf("  settings failed: %s\n", err);
    return e;
}

static void move_text(const game *g, qmove m, char *buf)
{
    if (m == QMOVE_NONE)
        snprintf(buf, GAME_MOVE_TEXT_MAX, "(none)");
    else
        g->ops->move_to_text(g, m, buf, GAME_MOVE_TEXT_MAX);
}

static int is_legal(const game *g, qmove m)
{
    qmove list[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, list);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return 1;
    return 0;
}

/* ---- LOA tactics ---- */

static void test_immediate_win(void)
{
    game *g = loa_at("7w/6b1/8/4b3/w7/8/w7/8 b");
    engine *e = ai("iterations=100000 seed=3");
    engine_report rep;
    qmove m = engine_choose(e, g, &rep);
    char t[GAME_MOVE_TEXT_MAX];
    move_text(g, m, t);
    CHECK_STR(t, "e5xh8");
    CHECK_INT(rep.proven, 1);
    CHECK(rep.value == 1.0);
    CHECK_INT(rep.iterations, 0); /* seen when the root is expanded */
    CHECK_HAS(rep.summary, "e5xh8");
    CHECK_HAS(rep.summary, "(proven win, 1 move to the end)");
    engine_free(e);
    game_free(g);
}

/* Positions where all but one or two moves let the opponent connect at once. */
static void avoids_handing_over_the_win(const char *settings)
{
    static const char *const positions[] = {
        "3wwbb1/2w3bb/8/6bb/8/2w5/3w2b1/8 w",  /* 24 of 25 moves lose */
        "8/8/3w4/1w2bb2/w1b5/8/5b1b/4b1b1 b",  /* 31 of 32 moves lose */
        "2w5/3wb3/3w1w2/7b/5w2/8/2b5/7b b",    /* 16 of 18 moves lose */
    };
    for (int i = 0; i < 3; i++) {
        game *g = loa_at(positions[i]);
        CHECK(!test_win_at_once(g, NULL));
        engine *e = ai(settings);
        engine_report rep;
        qmove m = engine_choose(e, g, &rep);
        CHECK(is_legal(g, m));
        g->ops->make(g, m);
        int loses = g->ops->result(g) == RESULT_NONE && test_win_at_once(g, NULL);
        if (loses) {
            char t[GAME_MOVE_TEXT_MAX];
            g->ops->unmake(g);
            move_text(g, m, t);
            printf("  %s: chose losing %s (%s)\n", positions[i], t, rep.summary);
        }
        CHECK(!loses);
        engine_free(e);
        game_free(g);
    }
}

static void test_avoids_handing_over_the_win(void)
{
    avoids_handing_over_the_win("iterations=3000 seed=1");
}

/* White has exactly one move after which every reply lets White connect. */
static void solver_proves_win(const char *settings)
{
    game *g = loa_at("1b6/2w5/5w2/5b2/3ww2b/3b4/3w4/8 w");
    CHECK(!test_win_at_once(g, NULL));
    engine *e = ai(settings);
    engine_report rep;
    qmove m = engine_choose(e, g, &rep);
    CHECK_INT(rep.proven, 1);
    CHECK(rep.value == 1.0);
    CHECK(rep.iterations < 200000); /* the proof ended the search */
    /* the chosen move really wins: every reply allows a connection */
    g->ops->make(g, m);
    qmove replies[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, replies);
    CHECK(n > 0);
    for (int i = 0; i < n; i++) {
        g->ops->make(g, replies[i]);
        CHECK(g->ops->result(g) == RESULT_SECOND || test_win_at_once(g, NULL));
        g->ops->unmake(g);
    }
    engine_free(e);
    game_free(g);
}

static void test_solver_proves_win(void)
{
    solver_proves_win("iterations=200000 seed=5");
}

/* Black to move, and every move lets White connect: a proven loss, and
 * still a legal move. */
static void test_solver_proves_loss(void)
{
    /* after White's winning move above, Black is lost */
    game *g = loa_at("1b6/2w5/5w2/5b2/3ww2b/3b4/3w4/8 w");
    engine *e = ai("iterations=200000 seed=5");
    qmove m = engine_choose(e, g, NULL);
    g->ops->make(g, m);
    engine_report rep;
    qmove reply = engine_choose(e, g, &rep);
    CHECK(is_legal(g, reply));
    CHECK_INT(rep.proven, 1);
    CHECK(rep.value == 0.0);
    engine_free(e);
    game_free(g);
}

/* ---- LOA's hooks ---- */

/* loa's playout draws uniformly among the legal moves and plays only legal
 * moves; it stops at the ply limit and at the end of the game. */
static void test_loa_playout_hook(void)
{
    CHECK(loa_ops.playout != NULL);
    game *g = loa_at(NULL), *s = game_clone(g);
    qmove list[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, list);
    CHECK_INT(n, 36);
    int count[36] = {0};
    rng r;
    rng_seed(&r, 11);
    for (int i = 0; i < 36000; i++) {
        g->ops->copy(s, g);
        CHECK_INT(loa_ops.playout(s, &r, 1), RESULT_NONE);
        CHECK_INT(s->ops->ply(s), 1);
        qmove m = s->ops->move_at(s, 0);
        int k = 0;
        while (k < n && list[k] != m)
            k++;
        CHECK(k < n);
        if (k < n)
            count[k]++;
    }
    for (int k = 0; k < n; k++)
        CHECK(count[k] > 850 && count[k] < 1150); /* 1000 expected, sd about 31 */
    /* to the end: a finished game whose every move was legal */
    game *replay = game_new_like(g);
    for (int round = 0; round < 20; round++) {
        g->ops->copy(s, g);
        int res = loa_ops.playout(s, &r, 100000);
        CHECK(res != RESULT_NONE);
        CHECK_INT(res, s->ops->result(s));
        g->ops->copy(replay, g);
        for (int i = 0; i < s->ops->ply(s); i++) {
            qmove m = s->ops->move_at(s, i);
            if (!is_legal(replay, m)) {
                CHECK(is_legal(replay, m));
                break;
            }
            replay->ops->make(replay, m);
        }
        CHECK_INT(replay->ops->result(replay), res);
    }
    game_free(replay);
    game_free(s);
    game_free(g);
}

static void test_loa_evaluation(void)
{
    CHECK(loa_ops.evaluate != NULL);
    /* the start is symmetric, and the evaluation gives the move no value */
    game *g = loa_at(NULL);
    double v = loa_ops.evaluate(g);
    CHECK(v == 0.5);
    /* Black in three close groups, White spread over the board */
    set_text(g, "8/1w4w1/8/3bb3/8/3b1b2/1w4w1/8 b");
    double black = loa_ops.evaluate(g);
    set_text(g, "8/1w4w1/8/3bb3/8/3b1b2/1w4w1/8 w");
    double white = loa_ops.evaluate(g);
    CHECK(black > 0.8 && black < 1.0);
    CHECK(white < 0.2 && white > 0.0);
    /* a finished game scores exactly */
    set_text(g, "8/8/8/3bb3/8/8/1w4w1/8 w");
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    CHECK(loa_ops.evaluate(g) == 0.0);
    game_free(g);
}

/* ---- the solver on a small game with two-move turns and draws ----
 *
 * "Pile": n tokens; a move takes 1 or 2.  The first player makes one move,
 * then each turn is two moves by the same player (as in Y's two-stone
 * variants).  Taking the last token wins, except taking the last two at
 * once, which draws.  Small enough for exact minimax through game_ops. */

typedef struct pile {
    game base;
    int left, ply, start;
    qmove hist[64];
} pile;

static const game_option pile_options[] = {
    {"tokens", "tokens at the start", NULL, 1, 40, 9},
    {NULL, NULL, NULL, 0, 0, 0},
};
static const game_ops pile_ops;

static int pile_mover(int ply) { return ply == 0 ? 0 : ((ply - 1) / 2) % 2 == 0 ? 1 : 0; }

static game *pile_create(const int *opt, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    pile *p = calloc(1, sizeof *p);
    p->base.ops = &pile_ops;
    p->base.opt[0] = opt[0];
    p->left = p->start = opt[0];
    return &p->base;
}
static void pile_destroy(game *g) { free(g); }
static void pile_copy(game *d, const game *s) { *(pile *)d = *(const pile *)s; }
static int pile_result(const game *g)
{
    const pile *p = (const pile *)g;
    if (p->left > 0)
        return RESULT_NONE;
    if (p->hist[p->ply - 1] == 2)
        return RESULT_DRAW;
    return RESULT_FIRST + pile_mover(p->ply - 1);
}
static int pile_legal(const game *g, qmove *out)
{
    const pile *p = (const pile *)g;
    if (pile_result(g) != RESULT_NONE)
        return 0;
    out[0] = 1;
    if (p->left >= 2) {
        out[1] = 2;
        return 2;
    }
    return 1;
}
static void pile_make(game *g, qmove m)
{
    pile *p = (pile *)g;
    p->hist[p->ply++] = m;
    p->left -= (int)m;
}
static void pile_unmake(game *g)
{
    pile *p = (pile *)g;
    p->left += (int)p->hist[--p->ply];
}
static int pile_ply(const game *g) { return ((const pile *)g)->ply; }
static qmove pile_move_at(const game *g, int i) { return ((const pile *)g)->hist[i]; }
static int pile_to_move(const game *g) { return pile_mover(((const pile *)g)->ply); }
static void pile_reason(const game *g, char *buf, size_t len)
{
    snprintf(buf, len, "%s", pile_result(g) ? "pile empty" : "");
}
static void pile_move_to_text(const game *g, qmove m, char *buf, size_t len)
{
    (void)g;
    snprintf(buf, len, "%u", m);
}
static int pile_move_from_text(const game *g, const char *t, qmove *out, char *err, size_t el)
{
    long v;
    if (util_parse_long(t, &v) || v < 1 || v > 2 || v > ((const pile *)g)->left) {
        snprintf(err, el, "bad move");
        return -1;
    }
    *out = (qmove)v;
    return 0;
}
static void pile_to_text(const game *g, char *buf, size_t len)
{
    snprintf(buf, len, "%d %d", ((const pile *)g)->left, ((const pile *)g)->ply);
}
static int pile_from_text(game *g, const char *t, char *err, size_t el)
{
    (void)g;
    (void)t;
    snprintf(err, el, "not supported");
    return -1;
}
static uint64_t pile_hash(const game *g)
{
    const pile *p = (const pile *)g;
    return (uint64_t)p->left * 131 + (uint64_t)p->ply;
}
static void pile_render(const game *g, const unsigned char *last, char *buf, size_t len)
{
    (void)last;
    pile_to_text(g, buf, len);
}

static const game_ops pile_ops = {
    .name = "pile", .title = "Pile", .colour = {"first", "second"},
    .options = pile_options, .create = pile_create, .destroy = pile_destroy,
    .copy = pile_copy, .legal_moves = pile_legal, .make = pile_make,
    .unmake = pile_unmake, .ply = pile_ply, .move_at = pile_move_at,
    .to_move = pile_to_move, .result = pile_result, .result_reason = pile_reason,
    .move_to_text = pile_move_to_text, .move_from_text = pile_move_from_text,
    .to_text = pile_to_text, .from_text = pile_from_text, .hash = pile_hash,
    .render = pile_render,
};

/* Exact value for the first player in half points, by plain minimax. */
static int minimax(game *g)
{
    int r = g->ops->result(g);
    if (r != RESULT_NONE)
        return r == RESULT_FIRST ? 2 : r == RESULT_SECOND ? 0 : 1;
    qmove list[2];
    int n = g->ops->legal_moves(g, list), p = g->ops->to_move(g), best = p == 0 ? -1 : 3;
    for (int i = 0; i < n; i++) {
        g->ops->make(g, list[i]);
        int v = minimax(g);
        g->ops->unmake(g);
        if (p == 0 ? v > best : v < best)
            best = v;
    }
    return best;
}

static void test_solver_multi_move_turns_and_draws(void)
{
    int seen[3] = {0, 0, 0};
    for (int tokens = 1; tokens <= 16; tokens++) {
        char opt[32], err[GAME_ERR_MAX];
        snprintf(opt, sizeof opt, "tokens=%d", tokens);
        char *argv[1] = {opt};
        game *g = game_create(&pile_ops, 1, argv, err, sizeof err);
        /* from the start and from one move in (second player to move, twice) */
        for (int pre = 0; pre < 2; pre++) {
            if (pre)
                g->ops->make(g, 1);
            if (g->ops->result(g) != RESULT_NONE)
                break;
            int exact = minimax(g), p = g->ops->to_move(g);
            seen[exact]++;
            for (int seed = 1; seed <= 4; seed++) {
                char set[64];
                snprintf(set, sizeof set, "iterations=100000 seed=%d", seed);
                engine *e = ai(set);
                engine_report rep;
                qmove m = engine_choose(e, g, &rep);
                if (!is_legal(g, m))
                    printf("  tokens=%d pre=%d: %s\n", tokens, pre, rep.summary);
                CHECK(is_legal(g, m));
                CHECK_INT(rep.proven, 1);
                double want = (p == 0 ? exact : 2 - exact) * 0.5;
                if (rep.value != want)
                    printf("  tokens=%d pre=%d: value %.2f, exact %.2f\n", tokens, pre, rep.value,
                           want);
                CHECK(rep.value == want);
                /* the chosen move keeps the exact value */
                g->ops->make(g, m);
                CHECK_INT(minimax(g), exact);
                g->ops->unmake(g);
                engine_free(e);
            }
        }
        game_free(g);
    }
    /* the sample holds wins, losses and draws for the first player */
    CHECK(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
}

/* ---- reproducibility ---- */

static void test_same_seed_same_move(void)
{
    game *g = loa_at(NULL);
    char err[GAME_ERR_MAX];
    game_play_text(g, "c8-c6", err, sizeof err);
    engine_report r1, r2, r3;
    engine *a = ai("iterations=800 seed=42"), *b = ai("iterations=800 seed=42");
    qmove m1 = engine_choose(a, g, &r1);
    qmove m2 = engine_choose(b, g, &r2);
    qmove m3 = engine_choose(a, g, &r3); /* the same engine again */
    CHECK(m1 == m2 && m1 == m3);
    CHECK_INT(r1.iterations, 800);
    CHECK_INT(r1.nodes, r2.nodes);
    CHECK_INT(r1.nodes, r3.nodes);
    CHECK(r1.value == r2.value);
    engine_free(a);
    engine_free(b);
    /* different seeds explore differently: not every seed picks the same move */
    int distinct = 0;
    qmove first = QMOVE_NONE;
    for (int s = 1; s <= 12; s++) {
        char set[64];
        snprintf(set, sizeof set, "iterations=40 seed=%d", s);
        engine *e = ai(set);
        qmove m = engine_choose(e, g, NULL);
        if (s == 1)
            first = m;
        else if (m != first)
            distinct = 1;
        engine_free(e);
    }
    CHECK(distinct);
    game_free(g);
}

/* The tree of the last search carries over to the next move, and the
 * sequence of searches stays reproducible. */
static void test_tree_reuse(void)
{
    qmove first[4];
    uint64_t nodes[4];
    for (int run = 0; run < 2; run++) {
        game *g = loa_at(NULL);
        engine *e = ai("iterations=3000 seed=8");
        engine *opp = ai("iterations=300 seed=9 reuse=0");
        for (int k = 0; k < 4; k++) {
            engine_report rep;
            qmove m = engine_choose(e, g, &rep);
            CHECK(is_legal(g, m));
            if (k > 0)
                CHECK(rep.reused > 0);
            if (run == 0) {
                first[k] = m;
                nodes[k] = rep.nodes;
            } else {
                CHECK(first[k] == m);
                CHECK_INT(rep.nodes, nodes[k]);
            }
            g->ops->make(g, m);
            g->ops->make(g, engine_choose(opp, g, &rep));
            CHECK_INT(rep.reused, 0);
        }
        engine_free(e);
        engine_free(opp);
        game_free(g);
    }
}

/* ---- engine_stop ---- */

typedef struct stop_job {
    engine *e;
    game *g;
    qmove move;
    engine_report rep;
    atomic_int done;
    atomic_int reports;
} stop_job;

/* Counts the progress reports of a search that has begun iterating. */
static void count_report(const engine_progress *p, void *arg)
{
    if (p->iterations > 0)
        atomic_fetch_add((atomic_int *)arg, 1);
}

static void *search_thread(void *arg)
{
    stop_job *j = arg;
    j->move = engine_choose(j->e, j->g, &j->rep);
    atomic_store(&j->done, 1);
    return NULL;
}

static void stop_from_another_thread(const char *settings)
{
    stop_job j;
    memset(&j, 0, sizeof j);
    j.g = loa_at(NULL);
    j.e = ai(settings);
    atomic_init(&j.done, 0);
    atomic_init(&j.reports, 0);
    /* stop once the search has reported that it runs (bounded wait) */
    engine_set_progress(j.e, count_report, &j.reports, 1);
    pthread_t th;
    CHECK_INT(pthread_create(&th, NULL, search_thread, &j), 0);
    struct timespec pause = {0, 20 * 1000 * 1000};
    for (int i = 0; i < 1500 && !atomic_load(&j.reports); i++)
        nanosleep(&pause, NULL);
    CHECK(atomic_load(&j.reports) > 0);
    /* stop until the search has answered (one request is enough) */
    while (!atomic_load(&j.done)) {
        engine_stop(j.e);
        nanosleep(&pause, NULL);
    }
    pthread_join(th, NULL);
    CHECK(is_legal(j.g, j.move));
    CHECK(j.rep.iterations > 0 && j.rep.iterations < 2000000000u);
    engine_free(j.e);
    game_free(j.g);
}

static void test_stop_from_another_thread(void)
{
    stop_from_another_thread("iterations=2000000000 memory=16");
    stop_from_another_thread("iterations=2000000000 memory=16 threads=4");
}

/* A stop that lands before the search begins is kept: the search returns
 * at once with a legal move, and after engine_clear_stop() searches run again. */
static void test_stop_before_search(void)
{
    game *g = loa_at(NULL);
    engine *e = ai("iterations=2000000000 memory=16");
    engine_report rep;
    engine_stop(e);
    qmove m = engine_choose(e, g, &rep);
    CHECK(is_legal(g, m));
    CHECK_INT(rep.iterations, 0);
    engine_clear_stop(e);
    engine_set_all(e, "iterations=50", NULL, 0);
    m = engine_choose(e, g, &rep);
    CHECK(is_legal(g, m));
    CHECK_INT(rep.iterations, 50);
    engine_free(e);
    game_free(g);
}

/* The time cap and the front end's budget end a search that has no
 * iteration limit in reach (no assertion on how long it took). */
static void time_limits_end_search(const char *settings)
{
    game *g = loa_at(NULL);
    engine *e = ai(settings);
    engine_report rep;
    qmove m = engine_choose(e, g, &rep);
    CHECK(is_legal(g, m));
    CHECK(rep.iterations > 0 && rep.iterations < 2000000000u);
    engine_set_all(e, "ms=0", NULL, 0);
    engine_set_time_budget(e, 30);
    m = engine_choose(e, g, &rep);
    CHECK(is_legal(g, m));
    CHECK(rep.iterations > 0 && rep.iterations < 2000000000u);
    engine_free(e);
    game_free(g);
}

static void test_time_limits_end_search(void)
{
    time_limits_end_search("iterations=2000000000 ms=30 memory=16");
    time_limits_end_search("iterations=2000000000 ms=30 memory=16 threads=4");
}

/* ---- legal answers everywhere ---- */

static void test_legal_in_random_positions_every_game(void)
{
    rng r;
    rng_seed(&r, 99);
    qmove list[GAME_MAX_MOVES];
    for (int gi = 0; game_registry[gi]; gi++) {
        const game_ops *ops = game_registry[gi];
        engine *e = ai("iterations=60 memory=8");
        for (int round = 0; round < 3; round++) {
            game *g = game_create_default(ops);
            int checked = 0;
            while (ops->result(g) == RESULT_NONE && ops->ply(g) < 400) {
                if (rng_below(&r, 4) == 0) {
                    qmove m = engine_choose(e, g, NULL);
                    if (!is_legal(g, m)) {
                        char t[GAME_TEXT_MAX];
                        ops->to_text(g, t, sizeof t);
                        printf("  %s: illegal answer in %s\n", ops->name, t);
                    }
                    CHECK(is_legal(g, m));
                    checked++;
                }
                int n = ops->legal_moves(g, list);
                ops->make(g, list[rng_below(&r, (uint32_t)n)]);
            }
            CHECK(checked > 0);
            if (ops->result(g) != RESULT_NONE) {
                engine_report rep;
                CHECK(engine_choose(e, g, &rep) == QMOVE_NONE);
                CHECK_INT(rep.proven, 1);
            }
            game_free(g);
        }
        engine_free(e);
    }
}

/* ---- strength ---- */

static void test_beats_random(void)
{
    int wins = 0;
    for (int i = 0; i < 10; i++) {
        char err[GAME_ERR_MAX], set[64];
        engine *e[2];
        int ai_side = i & 1;
        e[ai_side] = ai("iterations=300");
        e[!ai_side] = engine_new("random", err, sizeof err);
        snprintf(set, sizeof set, "seed=%d", 100 + i);
        engine_set_all(e[0], set, err, sizeof err);
        snprintf(set, sizeof set, "seed=%d", 200 + i);
        engine_set_all(e[1], set, err, sizeof err);
        game *g = loa_at(NULL);
        while (g->ops->result(g) == RESULT_NONE && g->ops->ply(g) < 600)
            g->ops->make(g, engine_choose(e[g->ops->to_move(g)], g, NULL));
        wins += g->ops->result(g) == RESULT_FIRST + ai_side;
        game_free(g);
        engine_free(e[0]);
        engine_free(e[1]);
    }
    if (wins < 10)
        printf("  ai won %d of 10 against random\n", wins);
    CHECK(wins >= 9);
}

/* ---- settings ---- */

static void test_settings(void)
{
    char err[GAME_ERR_MAX], text[512];
    CHECK(engine_new("wizard", err, sizeof err) == NULL);
    CHECK_HAS(err, "unknown player kind 'wizard'");
    engine *e = ai(NULL);
    CHECK_STR(engine_kind(e), "mcts");
    engine_settings_text(e, text, sizeof text);
    CHECK_HAS(text, "level=8");
    CHECK_HAS(text, "memory=256");

    CHECK_INT(engine_set(e, "level", "11", err, sizeof err), -1);
    CHECK_STR(err, "level must be 1..10, not 11");
    CHECK_INT(engine_set(e, "level", "0", err, sizeof err), -1);
    CHECK_STR(err, "level must be 1..10, not 0");
    CHECK_INT(engine_set(e, "level", "x", err, sizeof err), -1);
    CHECK_STR(err, "level must be a whole number 1..10, not 'x'");
    CHECK_INT(engine_set(e, "ms", "-5", err, sizeof err), -1);
    CHECK_STR(err, "ms must be 0..86400000, not -5");
    CHECK_INT(engine_set(e, "memory", "0", err, sizeof err), -1);
    CHECK_STR(err, "memory must be 1..65536, not 0");
    CHECK_INT(engine_set(e, "c", "fast", err, sizeof err), -1);
    CHECK_STR(err, "c must be a number 0..10, not 'fast'");
    CHECK_INT(engine_set(e, "c", "nan", err, sizeof err), -1);
    CHECK_STR(err, "c must be a number 0..10, not 'nan'");
    CHECK_INT(engine_set(e, "seed", "-1", err, sizeof err), -1);
    CHECK_STR(err, "seed must be 0..9223372036854775807, not -1");
    CHECK_INT(engine_set(e, "seed", "99999999999999999999", err, sizeof err), -1);
    CHECK_STR(err, "seed must be a whole number 0..9223372036854775807, not '99999999999999999999'");
    CHECK_INT(engine_set(e, "reuse", "2", err, sizeof err), -1);
    CHECK_STR(err, "reuse must be 0|1, not 2");
    CHECK_INT(engine_set(e, "wizardry", "3", err, sizeof err), -1);
    CHECK_STR(err, "unknown setting 'wizardry' for mcts (known: seed, level, ladder, iterations, ms, "
                   "memory, c, cutoff, evalplies, maxplies, prior, reuse, ponder, rave, threads, expand, mistakes, prove)");
    CHECK_INT(engine_set(e, "threads", "65", err, sizeof err), -1);
    CHECK_STR(err, "threads must be 1..64, not 65");
    CHECK_INT(engine_set(e, "threads", "0", err, sizeof err), -1);
    CHECK_STR(err, "threads must be 1..64, not 0");
    CHECK_INT(engine_set_all(e, "level=3 bogus", err, sizeof err), -1);
    CHECK_STR(err, "bad setting 'bogus': expected name=value");
    /* all or nothing: the good level=3 before the bad one is not kept */
    CHECK_INT(engine_set_all(e, "level=3,cutoff=99999", err, sizeof err), -1);
    CHECK_STR(err, "cutoff must be 0..1000, not 99999");
    engine_settings_text(e, text, sizeof text);
    CHECK_HAS(text, "level=8");

    CHECK_INT(engine_set_all(e, "level=2:c=1.25:ms=500:seed=9:memory=64", err, sizeof err), 0);
    engine_settings_text(e, text, sizeof text);
    CHECK_HAS(text, "level=2");
    CHECK_HAS(text, "c=1.25");
    CHECK_HAS(text, "ms=500");
    CHECK_HAS(text, "seed=9");
    CHECK_HAS(text, "memory=64");
    engine_free(e);

    /* the calibrated ladders, clamped at both ends; the help's text lists them */
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_STANDARD, 0), 50);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_STANDARD, 1), 50);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_STANDARD, 4), 170);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_STANDARD, ENGINE_LEVEL_DEFAULT), 16000);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_STANDARD, 10), 128000);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_STANDARD, 11), 128000);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_EARLY, 0), 10);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_EARLY, 9), 16000);
    /* the early ladder's beginners' levels: ten iterations, some moves at random */
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_EARLY, 3), 10);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_EARLY, 1), 75);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_EARLY, 3), 25);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_EARLY, 4), 0);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_EARLY, 11), 0);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_STANDARD, 1), 70);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_STANDARD, 2), 25);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_STANDARD, 3), 0);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_FLAT, 1), 90);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_FLAT, 2), 40);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_FLAT, 3), 0);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_LATE, 1), 90);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_LATE, 3), 35);
    CHECK_INT(engine_level_mistakes(ENGINE_LADDER_LATE, 4), 0);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_EARLY, 11), 128000);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_LATE, 1), 120);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_LATE, 9), 25000);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_LATE, 10), 128000);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_FLAT, 1), 10);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_FLAT, 3), 10);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_FLAT, 9), 10000);
    CHECK_INT(engine_level_iterations(ENGINE_LADDER_FLAT, 10), 512000);
    const char *texts[ENGINE_LADDER_COUNT] = {ENGINE_LADDER_STANDARD_TEXT, ENGINE_LADDER_EARLY_TEXT,
                                              ENGINE_LADDER_LATE_TEXT, ENGINE_LADDER_FLAT_TEXT};
    for (int ladder = ENGINE_LADDER_STANDARD; ladder < ENGINE_LADDER_COUNT; ladder++) {
        char listed[160] = "";
        for (int level = 1; level <= ENGINE_LEVEL_MAX; level++)
            snprintf(listed + strlen(listed), sizeof listed - strlen(listed), "%s%llu",
                     level > 1 ? ", " : "",
                     (unsigned long long)engine_level_iterations(ladder, level));
        CHECK_STR(texts[ladder], listed);
    }
}

/* Coffee plays on the standard ladder, whose first two levels are a
 * beginner's: 50 iterations with 70 or 25 % of the moves at random (about
 * 140 and 50 of 200 seeds); level 3 is the same search without slips. */
static void test_standard_beginner_levels(void)
{
    game *g = test_game(game_find("coffee"), "");
    const int slips[3] = {144, 52, 0};
    for (int level = 1; level <= 3; level++)
        CHECK_INT(test_level_slips(g, level, engine_level_mistakes(ENGINE_LADDER_STANDARD, level),
                                   200, 50),
                  slips[level - 1]);
    game_free(g);
}

/* A tiny pool still gives legal moves: expansion stops, search goes on. */
static void test_small_pool(void)
{
    game *g = loa_at(NULL);
    engine *e = ai("memory=1 iterations=60000 seed=4");
    engine_report rep;
    qmove m = engine_choose(e, g, &rep);
    CHECK(is_legal(g, m));
    CHECK_INT(rep.iterations, 60000);
    CHECK(rep.nodes <= 1024 * 1024 / 16);
    engine_free(e);
    /* four threads filling it: the same */
    e = ai("memory=1 iterations=20000 seed=4 threads=4");
    m = engine_choose(e, g, &rep);
    CHECK(is_legal(g, m));
    CHECK_INT(rep.iterations, 20000);
    CHECK(rep.nodes <= 1024 * 1024 / 16);
    engine_free(e);
    game_free(g);
}

/* expand=E: a leaf grows its children only at its E-th visit.  Above the
 * budget nothing below the root grows: the tree is the root and its 36
 * moves, with four threads too; a smaller E grows it, 2 less than 1. */
static void test_expand_threshold(void)
{
    game *g = loa_at(NULL);
    static const char *const flat[] = {"iterations=500 seed=3 expand=501",
                                       "iterations=500 seed=3 expand=501 threads=4"};
    engine_report rep;
    for (int i = 0; i < 2; i++) {
        engine *e = ai(flat[i]);
        CHECK(is_legal(g, engine_choose(e, g, &rep)));
        CHECK_INT(rep.iterations, 500);
        CHECK_INT(rep.nodes, 37);
        engine_free(e);
    }
    uint64_t nodes[2];
    for (int i = 0; i < 2; i++) {
        engine *e = ai(i ? "iterations=500 seed=3 expand=2" : "iterations=500 seed=3");
        CHECK(is_legal(g, engine_choose(e, g, &rep)));
        nodes[i] = rep.nodes;
        engine_free(e);
    }
    CHECK(nodes[1] > 37 && nodes[1] < nodes[0]);
    game_free(g);
}

/* Past half the pool a leaf needs ever more visits to grow: a long search
 * in a small pool still adds nodes (along its most visited lines) and
 * never runs out.  memory=1: 21845 nodes of 48 bytes. */
static void test_pool_fills_slowly(void)
{
    game *g = loa_at(NULL);
    static const char *const settings[] = {"memory=1 iterations=20000 seed=4",
                                           "memory=1 iterations=100000 seed=4",
                                           "memory=1 iterations=100000 seed=4 threads=4"};
    uint64_t nodes[3];
    for (int i = 0; i < 3; i++) {
        engine *e = ai(settings[i]);
        engine_report rep;
        CHECK(is_legal(g, engine_choose(e, g, &rep)));
        nodes[i] = rep.nodes;
        engine_free(e);
    }
    CHECK(nodes[0] > 21845 / 2 && nodes[1] > nodes[0] && nodes[1] < 21845 * 15 / 16);
    CHECK(nodes[2] > 21845 / 2 && nodes[2] < 21845 * 15 / 16);
    game_free(g);
}

/* ---- a multi-stone turn: one line per set of its stones ---- */

/* The nodes under n (the position g) whose children are not the moves the
 * search must see there: every legal move at the root, the game's
 * search_moves below it.  *narrowed counts the nodes where those are
 * fewer than the legal moves. */
static int wrong_children(const mcts_tree *t, uint32_t n, game *g, int root, int *narrowed)
{
    static qmove legal[GAME_MAX_MOVES];
    const mcts_node *x = &t->pool[n];
    if (!x->nchild)
        return 0;
    qmove want[GAME_MAX_MOVES];
    int k = root ? g->ops->legal_moves(g, want) : g->ops->search_moves(g, want);
    int bad = k != x->nchild;
    *narrowed += k < g->ops->legal_moves(g, legal);
    for (uint32_t i = 0; i < x->nchild; i++) {
        const mcts_node *c = &t->pool[x->child + i];
        int found = 0;
        for (int j = 0; j < k; j++)
            found |= want[j] == c->move;
        bad += !found;
        g->ops->make(g, c->move);
        bad += wrong_children(t, x->child + i, g, 0, narrowed);
        g->ops->unmake(g);
    }
    return bad;
}

/* A search of 4000 iterations with Y's priors, reusing its tree. */
static void search_on(mcts_tree *t, mcts_worker *w, const game *g, mcts_result *r)
{
    static const mcts_params p = {.iterations = 4000, .seed = 1, .c = 0.7, .max_plies = 1000,
                                  .prior = 16, .reuse = 1, .expand = 1};
    CHECK(is_legal(g, mcts_search_run(t, &w, 1, g, &p, NULL, r)));
}

/* Y 7, progressive, after Black's first stone d4 (White places 2 stones,
 * then Black 3), searched once. */
static game *progressive_search(mcts_tree *t, mcts_worker **w, mcts_result *r)
{
    game *g = test_game(&y_ops, "size=7 variant=progressive");
    CHECK_INT(test_play(g, "d4"), 0);
    CHECK_INT(mcts_tree_init(t, 16), 0);
    *w = calloc(1, sizeof **w);
    search_on(t, *w, g, r);
    return g;
}

static void search_free(mcts_tree *t, mcts_worker *w, game *g)
{
    game_free(w->scratch);
    free(w);
    mcts_tree_free(t);
    game_free(g);
}

/* Y's progressive variant: below the root a turn's stones come in
 * increasing order; the search then goes on from a stone of the turn that
 * has cells below it, and its reused root gains them. */
static void test_turn_stones_in_order(void)
{
    mcts_tree t = {0};
    mcts_worker *w = NULL;
    mcts_result r;
    game *g = progressive_search(&t, &w, &r), *s = game_clone(g);
    int narrowed = 0;
    CHECK_INT(wrong_children(&t, t.root, s, 1, &narrowed), 0);
    CHECK(narrowed > 0);
    /* the most visited child that lacks legal cells below its stone */
    const mcts_node *root = &t.pool[t.root], *high = NULL;
    qmove legal[GAME_MAX_MOVES];
    for (uint32_t i = 0; i < root->nchild; i++) {
        const mcts_node *c = &t.pool[root->child + i];
        s->ops->make(s, c->move);
        if (c->nchild && c->nchild < s->ops->legal_moves(s, legal) &&
            (!high || c->visits > high->visits))
            high = c;
        s->ops->unmake(s);
    }
    CHECK(high != NULL);
    if (high) {
        uint32_t visits = high->visits;
        g->ops->make(g, high->move);
        int nlegal = g->ops->legal_moves(g, legal);
        search_on(&t, w, g, &r);
        CHECK_INT(r.reused, visits);
        CHECK_INT(t.pool[t.root].nchild, nlegal);
        g->ops->copy(s, g);
        narrowed = 0;
        CHECK_INT(wrong_children(&t, t.root, s, 1, &narrowed), 0);
    }
    game_free(s);
    search_free(&t, w, g);
}

static const mcts_node *child_with(const mcts_tree *t, const mcts_node *n, qmove m)
{
    for (uint32_t i = 0; i < n->nchild; i++)
        if (t->pool[n->child + i].move == m)
            return &t->pool[n->child + i];
    return NULL;
}

/* The most visited line of the root's turn, a then b (above a): b grown
 * (widenable 0), or the root's own child b grown without a (1). */
static int two_stone_line(const mcts_tree *t, int widenable, const mcts_node **a,
                          const mcts_node **b)
{
    const mcts_node *root = &t->pool[t->root];
    *a = *b = NULL;
    for (uint32_t i = 0; i < root->nchild; i++) {
        const mcts_node *x = &t->pool[root->child + i];
        for (uint32_t j = 0; j < x->nchild; j++) {
            const mcts_node *y = &t->pool[x->child + j], *yr = child_with(t, root, y->move);
            int ok = widenable ? yr && yr->nchild && !child_with(t, yr, x->move) : y->nchild > 0;
            if (ok && (!*b || y->visits > (*b)->visits))
                *a = x, *b = y;
        }
    }
    return *b != NULL;
}

/* A widened root's new child starts from the statistics of its position
 * in the last tree, where the turn's stones came in the other order. */
static void test_widened_root_takes_transposed_statistics(void)
{
    mcts_tree t = {0};
    mcts_worker *w = NULL;
    mcts_result r;
    game *g = progressive_search(&t, &w, &r);
    /* played b first, the widened root is the root's child b, a its new child */
    const mcts_node *a, *b;
    CHECK(two_stone_line(&t, 1, &a, &b));
    if (b) {
        uint32_t visits = b->visits, old_root = t.root;
        double wins = b->wins;
        qmove low = a->move;
        g->ops->make(g, b->move);
        mcts_turn turn;
        uint32_t reused = mcts_tree_reusable_root(&t, w, g, &turn);
        CHECK(reused != 0);
        CHECK_INT(turn.k, 1);
        game *s = game_clone(g);
        t.root = reused;
        CHECK(mcts_tree_widen_root(&t, w, s, &turn) > 0);
        const mcts_node *got = child_with(&t, &t.pool[t.root], low);
        CHECK(got != NULL);
        if (got) {
            CHECK_INT(got->visits, visits);
            CHECK(got->wins == wins);
            CHECK_INT(got->nchild, 0); /* its subtree was for the other order */
        }
        t.root = old_root;
        game_free(s);
    }
    search_free(&t, w, g);
}

/* The opponent's turn played in another order than the tree holds its
 * stones: the search still finds its subtree again. */
static void test_turn_reused_in_any_order(void)
{
    mcts_tree t = {0};
    mcts_worker *w = NULL;
    mcts_result r;
    game *g = progressive_search(&t, &w, &r);
    const mcts_node *a, *b;
    CHECK(two_stone_line(&t, 0, &a, &b));
    if (b) {
        CHECK(b->move > a->move);
        uint32_t visits = b->visits;
        g->ops->make(g, b->move); /* the higher stone first */
        g->ops->make(g, a->move);
        search_on(&t, w, g, &r);
        CHECK_INT(r.reused, visits);
    }
    search_free(&t, w, g);
}

/* ---- several threads ---- */

/* threads=1 is the one-thread search: the same as without the setting, and
 * the same seed and budget give the same move and tree twice. */
static void test_one_thread_reproducible(void)
{
    game *g = loa_at(NULL);
    char err[GAME_ERR_MAX];
    game_play_text(g, "c8-c6", err, sizeof err);
    static const char *const settings[] = {"iterations=800 seed=42", "iterations=800 seed=42 threads=1",
                                           "iterations=800 seed=42 threads=1"};
    engine_report rep[3];
    qmove m[3];
    for (int i = 0; i < 3; i++) {
        engine *e = ai(settings[i]);
        m[i] = engine_choose(e, g, &rep[i]);
        engine_free(e);
    }
    for (int i = 1; i < 3; i++) {
        CHECK(m[i] == m[0]);
        CHECK_INT(rep[i].iterations, 800);
        CHECK_INT(rep[i].nodes, rep[0].nodes);
        CHECK(rep[i].value == rep[0].value);
    }
    game_free(g);
}

/* The final report's root visits. */
static void root_visits(const engine_progress *p, void *arg)
{
    if (!p->final)
        return;
    uint64_t sum = 0;
    for (int i = 0; i < p->ncand; i++)
        sum += p->cand[i].visits;
    *(uint64_t *)arg = sum;
}

/* Four threads over one tree: the budget is exact and, every path back,
 * the root's moves hold one visit per iteration (no virtual loss left);
 * with RAVE and priors too (Y size 7 has a priors hook). */
static void test_four_threads_count_exactly(void)
{
    static const char *const settings[] = {"iterations=4000 seed=2 threads=4",
                                           "iterations=4000 seed=2 threads=4 rave=300 prior=20"};
    for (int k = 0; k < 2; k++) {
        game *g = test_game(game_find("y"), "size=7");
        engine *e = ai(settings[k]);
        uint64_t visits = 0;
        engine_set_progress(e, root_visits, &visits, 0);
        engine_report rep;
        qmove m = engine_choose(e, g, &rep);
        CHECK(is_legal(g, m));
        CHECK_INT(rep.iterations, 4000);
        CHECK_INT(visits, 4000);
        engine_free(e);
        game_free(g);
    }
}

/* Four threads answer the LOA tactics: no move that hands over the win,
 * and the proven win is found and played. */
static void test_four_threads_tactics(void)
{
    avoids_handing_over_the_win("iterations=3000 seed=1 threads=4");
    solver_proves_win("iterations=200000 seed=5 threads=4");
}

/* The tree carries over between searches with four threads. */
static void test_four_threads_reuse(void)
{
    game *g = loa_at(NULL);
    engine *e = ai("iterations=3000 seed=8 threads=4");
    engine *opp = ai("iterations=300 seed=9 reuse=0");
    for (int k = 0; k < 3; k++) {
        engine_report rep;
        qmove m = engine_choose(e, g, &rep);
        CHECK(is_legal(g, m));
        CHECK_INT(rep.iterations, 3000);
        if (k > 0)
            CHECK(rep.reused > 0);
        g->ops->make(g, m);
        g->ops->make(g, engine_choose(opp, g, NULL));
    }
    engine_free(e);
    engine_free(opp);
    game_free(g);
}

int main(void)
{
    RUN(test_immediate_win);
    RUN(test_avoids_handing_over_the_win);
    RUN(test_solver_proves_win);
    RUN(test_solver_proves_loss);
    RUN(test_loa_playout_hook);
    RUN(test_loa_evaluation);
    RUN(test_solver_multi_move_turns_and_draws);
    RUN(test_same_seed_same_move);
    RUN(test_tree_reuse);
    RUN(test_stop_from_another_thread);
    RUN(test_stop_before_search);
    RUN(test_time_limits_end_search);
    RUN(test_legal_in_random_positions_every_game);
    RUN(test_beats_random);
    RUN(test_settings);
    RUN(test_standard_beginner_levels);
    RUN(test_small_pool);
    RUN(test_expand_threshold);
    RUN(test_pool_fills_slowly);
    RUN(test_turn_stones_in_order);
    RUN(test_turn_reused_in_any_order);
    RUN(test_widened_root_takes_transposed_statistics);
    RUN(test_one_thread_reproducible);
    RUN(test_four_threads_count_exactly);
    RUN(test_four_threads_tactics);
    RUN(test_four_threads_reuse);
    return check_summary("test_mcts");
}
