#define _POSIX_C_SOURCE 200809L
/* test_alphabeta.c - the alpha-beta searcher and LOA's evaluation: wins in
 * one and two and forced blocks found at small depths (positions taken
 * from seeded random games by brute-force tests written here), the same
 * move for the same seed, the same move with and without the table, the
 * stop flag, progress reports, a game without an evaluation, a single
 * legal move played at once, the evaluation's colour symmetry, and
 * helper threads (also run under ThreadSanitizer). */
#include "check.h"
#include "aitest.h"
#include "enginetest.h"
#include "gametest.h"
#include "ai/engine.h"
#include "game.h"
#include "games/coffee.h"
#include "games/loa.h"
#include "games/y.h"
#include "rng.h"
#include "util.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

static engine *make(const char *settings)
{
    char err[GAME_ERR_MAX];
    engine *e = engine_new("alphabeta", err, sizeof err);
    if (e && engine_set_all(e, settings, err, sizeof err) != 0) {
        printf("  settings %s: %s\n", settings, err);
        engine_free(e);
        return NULL;
    }
    return e;
}

/* Does the side to move win by some move? */
static int wins_in_one(game *g)
{
    qmove list[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, list), me = g->ops->to_move(g), won = 0;
    for (int i = 0; i < n && !won; i++) {
        g->ops->make(g, list[i]);
        won = g->ops->result(g) == RESULT_FIRST + me;
        g->ops->unmake(g);
    }
    return won;
}

/* After move m, does the mover win at once, or whatever the opponent
 * answers, win at the next move? */
static int move_wins_in_two(game *g, qmove m)
{
    const game_ops *ops = g->ops;
    int me = ops->to_move(g), ok = 1;
    ops->make(g, m);
    if (ops->result(g) == RESULT_NONE) {
        qmove list[GAME_MAX_MOVES];
        int n = ops->legal_moves(g, list);
        for (int i = 0; i < n && ok; i++) {
            ops->make(g, list[i]);
            int r = ops->result(g);
            ok = r == RESULT_FIRST + me || (r == RESULT_NONE && wins_in_one(g));
            ops->unmake(g);
        }
    } else {
        ok = ops->result(g) == RESULT_FIRST + me;
    }
    ops->unmake(g);
    return ok;
}

/* Moves after which the opponent cannot win at once. */
static int safe_moves(game *g, qmove *safe)
{
    qmove list[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, list), k = 0;
    for (int i = 0; i < n; i++) {
        g->ops->make(g, list[i]);
        if (g->ops->result(g) == RESULT_NONE && !wins_in_one(g))
            safe[k++] = list[i];
        g->ops->unmake(g);
    }
    return k;
}

enum { WIN1, BLOCK, WIN2 };

/* Does g fit the kind of test position asked for? */
static int fits(game *g, int kind)
{
    if (g->ops->result(g) != RESULT_NONE || g->ops->ply(g) < 12)
        return 0;
    if (kind == WIN1)
        return wins_in_one(g);
    if (wins_in_one(g))
        return 0;
    qmove list[GAME_MAX_MOVES], safe[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, list);
    if (kind == BLOCK) {
        int k = safe_moves(g, safe);
        return k >= 1 && k * 3 <= n; /* most moves lose */
    }
    int found = 0;
    for (int i = 0; i < n && !found; i++)
        found = move_wins_in_two(g, list[i]);
    return found;
}

/* The first position of the kind in seeded random LOA games; NULL if
 * none in the games tried. */
static game *find_position(int kind, int skip)
{
    game *g = game_create_default(&loa_ops);
    rng r;
    rng_seed(&r, 77);
    qmove list[GAME_MAX_MOVES];
    for (int games = 0; games < 400; games++) {
        g->ops->from_text(g, "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b", NULL, 0);
        for (int ply = 0; ply < 120 && g->ops->result(g) == RESULT_NONE; ply++) {
            if (fits(g, kind) && skip-- == 0)
                return g;
            int n = g->ops->legal_moves(g, list);
            g->ops->make(g, list[rng_below(&r, (uint32_t)n)]);
        }
    }
    game_free(g);
    return NULL;
}

static qmove choose(const char *settings, const game *g, engine_report *rep)
{
    engine *e = make(settings);
    qmove m = e ? engine_choose(e, g, rep) : QMOVE_NONE;
    engine_free(e);
    return m;
}

static int is_legal(game *g, qmove m)
{
    qmove list[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, list), legal = 0;
    for (int i = 0; i < n; i++)
        legal |= list[i] == m;
    return legal;
}

static void test_win_in_one(void)
{
    for (int k = 0; k < 3; k++) {
        game *g = find_position(WIN1, k * 5);
        CHECK(g != NULL);
        if (!g)
            return;
        engine_report rep;
        qmove m = choose("depth=1", g, &rep);
        int me = g->ops->to_move(g);
        g->ops->make(g, m);
        CHECK_INT(g->ops->result(g), RESULT_FIRST + me);
        CHECK_INT(rep.proven, 1);
        CHECK(rep.value == 1.0);
        game_free(g);
    }
}

static void test_must_block(void)
{
    for (int k = 0; k < 3; k++) {
        game *g = find_position(BLOCK, k * 3);
        CHECK(g != NULL);
        if (!g)
            return;
        engine_report rep;
        qmove m = choose("depth=2", g, &rep), safe[GAME_MAX_MOVES];
        int n = safe_moves(g, safe), found = 0;
        for (int i = 0; i < n; i++)
            found |= safe[i] == m;
        CHECK(found);
        game_free(g);
    }
}

/* The search with these settings plays a move that wins in two, proven. */
static void check_wins_in_two(const char *settings)
{
    for (int k = 0; k < 2; k++) {
        game *g = find_position(WIN2, k * 2);
        CHECK(g != NULL);
        if (!g)
            return;
        engine_report rep;
        qmove m = choose(settings, g, &rep);
        CHECK(move_wins_in_two(g, m));
        CHECK_INT(rep.proven, 1);
        CHECK_HAS(rep.summary, "(proven win, 3 moves to the end)");
        game_free(g);
    }
}

/* Every move searched (late move pruning off), depth 3 proves it; with
 * the pruning, which leaves late quiet moves at the frontier unsearched,
 * a ply more does. */
static void test_win_in_two(void)
{
    check_wins_in_two("depth=3 lmp=0");
    check_wins_in_two("depth=4");
}

/* Positions from seeded random play, after ply plies. */
static game *random_position(uint64_t seed, int plies)
{
    game *g = game_create_default(&loa_ops);
    rng r;
    rng_seed(&r, seed);
    qmove list[GAME_MAX_MOVES];
    for (int i = 0; i < plies && g->ops->result(g) == RESULT_NONE; i++) {
        int n = g->ops->legal_moves(g, list);
        g->ops->make(g, list[rng_below(&r, (uint32_t)n)]);
    }
    return g;
}

static void test_same_seed_same_move(void)
{
    for (int k = 0; k < 3; k++) {
        game *g = random_position(100 + (uint64_t)k, 10 + 4 * k);
        engine_report a, b;
        qmove m1 = choose("level=4 seed=5", g, &a), m2 = choose("level=4 seed=5", g, &b);
        CHECK(m1 == m2);
        CHECK_INT(a.iterations, b.iterations);
        CHECK(a.value == b.value);
        game_free(g);
    }
}

/* A level is a node budget from the calibrated table, searched exactly:
 * LOA's on the standard ladder, LOT's (its game's default) on the steep. */
static void test_levels_are_node_budgets(void)
{
    game *g = random_position(300, 6);
    engine_report r;
    choose("level=4", g, &r);
    CHECK_INT(r.iterations, 100);
    choose("level=6", g, &r);
    CHECK_INT(r.iterations, 1500);
    choose("", g, &r); /* the default, level 8 */
    CHECK_INT(r.iterations, 25000);
    game_free(g);
    g = test_game(game_find("lot"), "");
    test_ai_choose(g, "level=4", &r);
    CHECK_INT(r.iterations, 170);
    test_ai_choose(g, "", &r);
    CHECK_INT(r.iterations, 10000);
    game_free(g);
}

/* The first three levels of both ladders are a beginner's: 100 nodes with
 * 85, 55 or 60, and 25 % of the moves at random (about 170, 110 or 120,
 * and 50 of 200 seeds); level 4 searches without slips. */
static void test_beginner_levels(void)
{
    const char *names[2] = {"loa", "lot"};
    const int share[2][4] = {{85, 55, 25, 0}, {85, 60, 25, 0}};
    const int slips[2][4] = {{160, 97, 42, 0}, {178, 123, 52, 0}};
    const uint64_t nodes[2][4] = {{100, 100, 100, 100}, {100, 100, 100, 170}};
    for (int k = 0; k < 2; k++) {
        game *g = test_game(game_find(names[k]), "");
        for (int level = 1; level <= 4; level++)
            CHECK_INT(test_level_slips(g, level, share[k][level - 1], 200, nodes[k][level - 1]),
                      slips[k][level - 1]);
        game_free(g);
    }
}

/* mistakes=N: that share of the moves is engine_mistake's draw, played
 * without a search and reported as such; the others are searched as ever;
 * an analysis never slips. */
static void test_mistakes(void)
{
    int slips = 0;
    for (int seed = 1; seed <= 40; seed++) {
        game *g = random_position(400 + (uint64_t)seed, 8);
        char set[48];
        snprintf(set, sizeof set, "level=1 mistakes=50 seed=%d", seed);
        engine_report r;
        qmove m = choose(set, g, &r);
        qmove slip = engine_mistake(g, (uint64_t)seed, 50, "alphabeta", NULL);
        if (slip != QMOVE_NONE) {
            slips++;
            CHECK(m == slip);
            CHECK_INT(r.iterations, 0);
            CHECK_HAS(r.summary, "alphabeta: ");
            CHECK_HAS(r.summary, " at random (50% of its moves are, a beginner's slips)");
        } else {
            CHECK_INT(r.iterations, 100);
        }
        CHECK(is_legal(g, m));
        game_free(g);
    }
    CHECK_INT(slips, 20);
    game *g = random_position(401, 8);
    engine *e = make("mistakes=100 seed=1");
    engine_report r;
    engine_clear_stop(e);
    engine_stop(e); /* the analysis returns at once with what it has */
    engine_analyze(e, g, &r);
    CHECK(!strstr(r.summary, " at random ("));
    engine_free(e);
    game_free(g);
}

static void test_table_does_not_change_the_move(void)
{
    for (int k = 0; k < 4; k++) {
        game *g = random_position(200 + (uint64_t)k, 8 + 6 * k);
        engine_report a, b;
        /* without reductions, which depend on the table's move */
        qmove with = choose("depth=4 lmr=0 tt=1", g, &a);
        qmove without = choose("depth=4 lmr=0 tt=0", g, &b);
        CHECK(with == without);
        CHECK(a.iterations <= b.iterations);
        game_free(g);
    }
}

/* Null-move pruning and late move pruning each search fewer nodes to the
 * same depth, and the null move still finds the wins in two (its search
 * keeps a ply, so it sees a threat to connect at once). */
static void test_pruning(void)
{
    const char *pairs[][2] = {{"depth=6 null=1 rfp=0 lmp=0", "depth=6 null=0 rfp=0 lmp=0"},
                              {"depth=6 lmp=1", "depth=6 lmp=0"}};
    for (int t = 0; t < 2; t++) {
        uint64_t with = 0, without = 0;
        for (int k = 0; k < 4; k++) {
            game *g = random_position(400 + (uint64_t)k, 10 + 6 * k);
            engine_report a, b;
            choose(pairs[t][0], g, &a);
            choose(pairs[t][1], g, &b);
            with += a.iterations, without += b.iterations;
            game_free(g);
        }
        CHECK(with * 4 < without * 3);
    }
    check_wins_in_two("depth=4 null=1 rfp=0 lmp=0");
    check_wins_in_two("depth=4 null=1 rfp=1 lmp=0");
}

/* The colours swapped and the board turned upside down, the other side
 * to move: the same position for the mover, so the same value; the same
 * pieces with the other side to move: the complement. */
static void test_evaluation_symmetry(void)
{
    for (int k = 0; k < 20; k++) {
        game *g = random_position(300 + (uint64_t)k, 4 + k * 2), *h = game_new_like(g);
        if (g->ops->result(g) != RESULT_NONE) {
            game_free(g), game_free(h);
            continue;
        }
        char text[GAME_TEXT_MAX], flip[GAME_TEXT_MAX], other[GAME_TEXT_MAX];
        g->ops->to_text(g, text, sizeof text);
        /* ranks reversed, b <-> w, side swapped */
        char *ranks[8], *save, copy[GAME_TEXT_MAX];
        snprintf(copy, sizeof copy, "%s", text);
        char *board = strtok_r(copy, " ", &save), *side = strtok_r(NULL, " ", &save);
        int n = 0;
        for (char *r = strtok_r(board, "/", &save); r && n < 8; r = strtok_r(NULL, "/", &save))
            ranks[n++] = r;
        flip[0] = 0;
        for (int i = 7; i >= 0; i--)
            util_str_appendf(flip, sizeof flip, "%s%s", ranks[i], i ? "/" : "");
        for (char *c = flip; *c; c++)
            *c = *c == 'b' ? 'w' : *c == 'w' ? 'b' : *c;
        snprintf(other, sizeof other, "%s", text);
        other[strlen(other) - 1] = side[0] == 'b' ? 'w' : 'b';
        util_str_appendf(flip, sizeof flip, " %c", side[0] == 'b' ? 'w' : 'b');
        double v = g->ops->evaluate(g);
        CHECK_INT(h->ops->from_text(h, flip, NULL, 0), 0);
        CHECK(fabs(h->ops->evaluate(h) - v) < 1e-12);
        CHECK_INT(h->ops->from_text(h, other, NULL, 0), 0);
        if (h->ops->result(h) == RESULT_NONE)
            CHECK(fabs(h->ops->evaluate(h) - (1.0 - v)) < 1e-12);
        game_free(g), game_free(h);
    }
    game *g = game_create_default(&loa_ops);
    CHECK(g->ops->evaluate(g) == 0.5);
    game_free(g);
}


static void count_report(const engine_progress *p, void *arg)
{
    (void)p;
    atomic_fetch_add((atomic_int *)arg, 1);
}

/* Analysis runs until stopped and then answers at once with a legal move;
 * a stop before the search makes it return at once too. */
static void test_stop_flag(void)
{
    job j;
    memset(&j, 0, sizeof j);
    atomic_init(&j.done, 0);
    j.g = game_create_default(&loa_ops);
    j.e = make("depth=2 level=1");
    atomic_int reports;
    atomic_init(&reports, 0);
    engine_set_progress(j.e, count_report, &reports, 1);
    pthread_t th;
    CHECK_INT(pthread_create(&th, NULL, analyze_thread, &j), 0);
    /* until the search reports twice (a loaded machine may start it late) */
    struct timespec pause = {0, 5 * 1000 * 1000};
    for (int i = 0; i < 4000 && atomic_load(&reports) < 2; i++)
        nanosleep(&pause, NULL);
    CHECK(!atomic_load(&j.done)); /* neither the depth nor the level stops analysis */
    int64_t t0 = util_now_ms();
    engine_stop(j.e);
    pthread_join(th, NULL);
    CHECK(util_now_ms() - t0 < 1000);
    CHECK(is_legal(j.g, j.move));
    CHECK(j.rep.iterations > 0);
    /* the stop stays until cleared */
    engine_set_progress(j.e, NULL, NULL, 0);
    engine_report rep;
    t0 = util_now_ms();
    qmove m = engine_choose(j.e, j.g, &rep);
    CHECK(m != QMOVE_NONE);
    CHECK(util_now_ms() - t0 < 1000);
    CHECK_INT(rep.iterations, 0);
    engine_clear_stop(j.e);
    engine_free(j.e);
    game_free(j.g);
}

typedef struct seen {
    int reports, finals, ncand, npv;
    qmove first, pv0;
    uint64_t visits, iterations;
} seen;

static void on_progress(const engine_progress *p, void *arg)
{
    seen *s = arg;
    s->reports++;
    s->finals += p->final;
    s->ncand = p->ncand;
    s->npv = p->npv;
    s->first = p->ncand ? p->cand[0].move : QMOVE_NONE;
    s->pv0 = p->npv ? p->pv[0] : QMOVE_NONE;
    s->iterations = p->iterations;
    s->visits = 0;
    for (int i = 0; i < p->ncand; i++)
        s->visits += p->cand[i].visits;
}

/* A search whose progress reports (every every_ms) end up in *s. */
static qmove choose_seen(engine *e, const game *g, seen *s, int every_ms, engine_report *rep)
{
    memset(s, 0, sizeof *s);
    engine_set_progress(e, on_progress, s, every_ms);
    return engine_choose(e, g, rep);
}

static void test_progress_and_time(void)
{
    game *g = random_position(9, 6);
    engine *e = make("ms=150 level=10");
    seen s;
    engine_report rep;
    int64_t t0 = util_now_ms();
    qmove m = choose_seen(e, g, &s, 20, &rep);
    int64_t ms = util_now_ms() - t0;
    /* the time is used, not the level's 2M nodes (the bounds are loose for
     * loaded and sanitized runs) */
    CHECK(ms >= 50 && ms < 3000);
    CHECK(s.reports >= 1);
    CHECK_INT(s.finals, 1);
    qmove list[GAME_MAX_MOVES];
    CHECK_INT(s.ncand, g->ops->legal_moves(g, list));
    CHECK(s.first == m && s.pv0 == m);
    CHECK(s.npv >= 1); /* as deep as a loaded, sanitized run gets */
    CHECK(s.visits > 0 && s.visits <= s.iterations);
    CHECK_INT(s.iterations, rep.iterations);
    CHECK_HAS(rep.summary, "alphabeta: ");
    CHECK_HAS(rep.summary, " depth ");
    engine_free(e);
    /* a clock (the front end's time) cuts a chosen level below the top
     * short but never makes it longer: level 5 searches its 350 nodes;
     * with no level chosen the clock's time is used */
    e = make("level=5");
    engine_set_time_budget(e, 150);
    engine_choose(e, g, &rep);
    CHECK_INT(rep.iterations, 350);
    engine_free(e);
    e = make("");
    engine_set_time_budget(e, 150);
    t0 = util_now_ms();
    engine_choose(e, g, &rep);
    CHECK(util_now_ms() - t0 >= 50);
    CHECK(rep.iterations > 350);
    engine_free(e);
    game_free(g);
}

/* Helper threads share the table: a node budget is the main thread's,
 * the report counts the others' nodes too, wins in two are still
 * proven, and a stop ends them all.  A helper's deeper line is played
 * only within the asked depth. */
static void test_threads(void)
{
    check_wins_in_two("depth=4 threads=4");
    for (int k = 0; k < 4; k++) {
        game *p = random_position(40 + (uint64_t)k, 10 + 4 * k);
        engine_report r;
        CHECK(is_legal(p, choose("depth=2 threads=8", p, &r)));
        CHECK_HAS(r.summary, " depth 2 ");
        game_free(p);
    }
    game *g = random_position(12, 8);
    engine *e = make("iterations=200000 threads=3");
    seen s;
    engine_report rep;
    qmove m = choose_seen(e, g, &s, 0, &rep);
    CHECK(is_legal(g, m));
    CHECK(rep.iterations > 200000 + 1000);
    CHECK_INT(s.finals, 1);
    CHECK_INT(s.iterations, rep.iterations);
    CHECK(s.visits <= 200000); /* the root's subtrees: the main thread's nodes */
    /* a second search reuses the helpers */
    engine_set_progress(e, NULL, NULL, 0);
    CHECK(engine_choose(e, g, &rep) != QMOVE_NONE);
    engine_stop(e);
    CHECK(engine_choose(e, g, &rep) != QMOVE_NONE); /* stopped before it starts */
    CHECK_INT(rep.iterations, 0);
    engine_free(e);
    game_free(g);
}

/* Y has no evaluation: the search sees wins and losses only, and still
 * takes a win in one. */
static void test_game_without_evaluation(void)
{
    char err[GAME_ERR_MAX];
    char *opts[] = {"size=4"};
    game *g = game_create(&y_ops, 1, opts, err, sizeof err);
    CHECK(g != NULL);
    if (!g)
        return;
    engine_report rep;
    qmove m = choose("depth=3", g, &rep);
    CHECK(m != QMOVE_NONE);
    CHECK_HAS(rep.summary, "(no evaluation: wins and losses only)");
    rng r;
    rng_seed(&r, 3);
    qmove list[GAME_MAX_MOVES];
    while (g->ops->result(g) == RESULT_NONE && !wins_in_one(g)) {
        int n = g->ops->legal_moves(g, list);
        g->ops->make(g, list[rng_below(&r, (uint32_t)n)]);
    }
    if (g->ops->result(g) == RESULT_NONE) {
        int me = g->ops->to_move(g);
        g->ops->make(g, choose("depth=2", g, &rep));
        CHECK_INT(g->ops->result(g), RESULT_FIRST + me);
    }
    game_free(g);
}

/* One legal move (Coffee, hex 4: a2 is the bar's only empty cell and the
 * only axis left it is d): played at once, and the summary says why. */
static void test_only_legal_move(void)
{
    char err[GAME_ERR_MAX];
    game *g = game_create(&coffee_ops, 0, NULL, err, sizeof err);
    CHECK(g && g->ops->from_text(g, "bbb1/b1oo1/bo1boo/oobbobb/boo2b/1oboo/obob b2h b -", err,
                                 sizeof err) == 0);
    if (!g)
        return;
    qmove list[GAME_MAX_MOVES];
    CHECK_INT(g->ops->legal_moves(g, list), 1);
    engine_report rep;
    CHECK(choose("", g, &rep) == list[0]);
    CHECK_HAS(rep.summary, "alphabeta: a2d depth 1 ");
    CHECK_HAS(rep.summary, "(the only legal move)");
    game_free(g);
}

int main(void)
{
    RUN(test_win_in_one);
    RUN(test_must_block);
    RUN(test_win_in_two);
    RUN(test_same_seed_same_move);
    RUN(test_levels_are_node_budgets);
    RUN(test_beginner_levels);
    RUN(test_mistakes);
    RUN(test_table_does_not_change_the_move);
    RUN(test_pruning);
    RUN(test_evaluation_symmetry);
    RUN(test_stop_flag);
    RUN(test_progress_and_time);
    RUN(test_game_without_evaluation);
    RUN(test_only_legal_move);
    RUN(test_threads);
    return check_summary("test_alphabeta");
}
