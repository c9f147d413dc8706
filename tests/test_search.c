#define _POSIX_C_SOURCE 200809L
/* test_search.c - the engine facade as a front end meets it: progress
 * reports (candidates, principal variation, proven values), analysis until
 * stopped, and the same answers for the same seed. */
#include "check.h"
#include "enginetest.h"
#include "gametest.h"
#include "ai/engine.h"
#include "game.h"
#include "games/loa.h"
#include "rng.h"
#include "util.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

/* A copy of the last report a callback received. */
typedef struct seen {
    engine_progress last;
    engine_candidate cand[GAME_MAX_MOVES];
    qmove pv[ENGINE_PV_MAX];
    int reports, finals, bad_order;
    atomic_int count;
} seen;

static void on_progress(const engine_progress *p, void *arg)
{
    seen *s = arg;
    s->last = *p;
    memcpy(s->cand, p->cand, sizeof *p->cand * (size_t)p->ncand);
    memcpy(s->pv, p->pv, sizeof *p->pv * (size_t)p->npv);
    s->last.cand = s->cand;
    s->last.pv = s->pv;
    s->reports++;
    s->finals += p->final;
    for (int i = 2; i < p->ncand; i++)
        if (p->cand[i].visits > p->cand[i - 1].visits)
            s->bad_order++;
    atomic_fetch_add(&s->count, 1);
}

static void watch(engine *e, seen *s, int interval_ms)
{
    memset(s, 0, sizeof *s);
    atomic_init(&s->count, 0);
    engine_set_progress(e, on_progress, s, interval_ms);
}

static engine *make(const char *kind, const char *settings)
{
    char err[GAME_ERR_MAX];
    engine *e = engine_new(kind, err, sizeof err);
    if (!e)
        printf("  engine_new(%s): %s\n", kind, err);
    else if (settings && engine_set_all(e, settings, err, sizeof err) != 0)
        printf("  settings %s: %s\n", settings, err);
    return e;
}

static int legal_count(const game *g)
{
    qmove list[GAME_MAX_MOVES];
    return g->ops->legal_moves(g, list);
}

/* The final report of a search from the start of LOA: every legal move is
 * a candidate, the visits add up to the iterations, the chosen move comes
 * first and starts the principal variation, the rest by visits. */
static void test_final_report(void)
{
    game *g = game_create_default(&loa_ops);
    engine *e = make("mcts", "iterations=2000 seed=3");
    seen s;
    watch(e, &s, 0);
    engine_report rep;
    qmove m = engine_choose(e, g, &rep);
    CHECK_INT(s.reports, 1);
    CHECK_INT(s.finals, 1);
    CHECK_INT(s.last.iterations, 2000);
    CHECK_INT(s.last.ncand, legal_count(g));
    uint64_t sum = 0;
    for (int i = 0; i < s.last.ncand; i++)
        sum += s.cand[i].visits;
    CHECK_INT(sum, 2000);
    CHECK_INT(s.bad_order, 0);
    CHECK(s.cand[0].move == m);
    CHECK(s.last.npv >= 2);
    CHECK(s.pv[0] == m);
    CHECK(s.last.value == rep.value);
    CHECK_INT(s.last.proven, 0);
    CHECK(s.cand[0].prior > 0 && s.cand[0].prior < 1); /* LOA's evaluation */
    /* the PV is a line of legal moves */
    game *w = game_clone(g);
    for (int i = 0; i < s.last.npv; i++) {
        qmove list[GAME_MAX_MOVES];
        int n = w->ops->legal_moves(w, list), ok = 0;
        for (int k = 0; k < n; k++)
            ok |= list[k] == s.pv[i];
        CHECK(ok);
        w->ops->make(w, s.pv[i]);
    }
    char text[256];
    CHECK_INT(engine_moves_text(g, s.pv, 2, text, sizeof text), 0);
    CHECK(strchr(text, ' ') != NULL);
    CHECK_HAS(rep.summary, text);
    game_free(w);
    engine_free(e);
    game_free(g);
}

/* In every game, from a position where the side to move can win at once,
 * the search proves the win before any playout and reports it. */
static void test_win_in_one_every_game(void)
{
    qmove list[GAME_MAX_MOVES];
    for (int gi = 0; game_registry[gi]; gi++) {
        const game_ops *ops = game_registry[gi];
        game *g = game_create_default(ops);
        rng r;
        rng_seed(&r, 7);
        int found = 0;
        for (int ply = 0; ply < 2000 && !found && ops->result(g) == RESULT_NONE; ply++) {
            int n = ops->legal_moves(g, list), p = ops->to_move(g);
            for (int i = 0; i < n && !found; i++) {
                ops->make(g, list[i]);
                found = ops->result(g) == RESULT_FIRST + p;
                ops->unmake(g);
            }
            if (!found)
                ops->make(g, list[rng_below(&r, (uint32_t)n)]);
        }
        CHECK(found);
        if (!found) {
            printf("  %s: no win-in-one position reached\n", ops->name);
            game_free(g);
            continue;
        }
        engine *e = make("mcts", "iterations=1000 seed=1");
        seen s;
        memset(&s, 0, sizeof s);
        engine_set_progress(e, on_progress, &s, 0);
        engine_report rep;
        qmove m = engine_choose(e, g, &rep);
        CHECK_INT(s.finals, 1);
        CHECK_INT(s.last.proven, ENGINE_PROVEN_WIN);
        CHECK(s.last.value == 1.0);
        CHECK(s.cand[0].move == m);
        CHECK_INT(s.cand[0].proven, ENGINE_PROVEN_WIN);
        CHECK(s.last.npv >= 1 && s.pv[0] == m);
        int p = ops->to_move(g);
        ops->make(g, m);
        CHECK_INT(ops->result(g), RESULT_FIRST + p);
        engine_free(e);
        game_free(g);
    }
}

/* ---- analysis: no limit until stopped ---- */


static void test_analysis_until_stopped(void)
{
    job j;
    memset(&j, 0, sizeof j);
    atomic_init(&j.done, 0);
    j.g = game_create_default(&loa_ops);
    /* the budget is tiny: analysis ignores it */
    j.e = make("mcts", "iterations=10 ms=1 memory=16 seed=2");
    seen s;
    watch(j.e, &s, 5);
    pthread_t th;
    CHECK_INT(pthread_create(&th, NULL, analyze_thread, &j), 0);
    struct timespec pause = {0, 5 * 1000 * 1000};
    for (int i = 0; i < 2000 && atomic_load(&s.count) < 3 && !atomic_load(&j.done); i++)
        nanosleep(&pause, NULL);
    CHECK(!atomic_load(&j.done));
    engine_stop(j.e);
    pthread_join(th, NULL);
    CHECK(s.reports >= 4);
    CHECK_INT(s.finals, 1);
    CHECK(s.last.final);
    CHECK(s.last.iterations > 10);
    CHECK_INT(s.last.iterations, j.rep.iterations);
    CHECK(s.cand[0].move == j.move);
    CHECK_INT(s.bad_order, 0);
    engine_clear_stop(j.e);
    engine_free(j.e);
    game_free(j.g);
}

/* The random player reports its one choice. */
static void test_random_reports(void)
{
    game *g = game_create_default(&loa_ops);
    engine *e = make("random", "seed=4");
    seen s;
    watch(e, &s, 0);
    qmove m = engine_choose(e, g, NULL);
    CHECK_INT(s.finals, 1);
    CHECK_INT(s.last.ncand, 1);
    CHECK(s.cand[0].move == m && s.pv[0] == m);
    engine_free(e);
    game_free(g);
}

/* ---- the registry and settings ---- */

static void test_kinds(void)
{
    char err[GAME_ERR_MAX], text[512];
    engine *e = make("mcts", NULL), *a = make("AI", NULL), *r = make("random", NULL);
    CHECK_STR(engine_kind(e), "mcts");
    CHECK_STR(engine_kind(a), "ai");
    CHECK_STR(engine_kind(r), "random");
    engine_settings_text(r, text, sizeof text);
    CHECK_STR(text, "seed=1 careful=0");
    CHECK_INT(engine_set(r, "level", "3", err, sizeof err), -1);
    CHECK_STR(err, "unknown setting 'level' for random (known: seed, careful)");
    CHECK_INT(engine_set_all(r, "seed=4 ms=100", err, sizeof err), -1);
    CHECK_STR(err, "unknown setting 'ms' for random (known: seed, careful)");
    CHECK_INT(engine_set(e, "foo", "1", err, sizeof err), -1);
    CHECK_STR(err, "unknown setting 'foo' for mcts (known: seed, level, ladder, iterations, ms, memory, "
                   "c, cutoff, evalplies, maxplies, prior, reuse, ponder, rave, threads, expand, mistakes, prove)");
    CHECK(engine_new("wizard", err, sizeof err) == NULL);
    CHECK_STR(err, "unknown player kind 'wizard' (known: ai, mcts, alphabeta, random)");
    CHECK(engine_kind_exists("alphabeta") && engine_kind_exists("AI") && !engine_kind_exists("wizard"));
    CHECK(engine_kind_has_setting("ai", "ms"));
    CHECK(!engine_kind_has_setting("random", "ms"));
    CHECK(!engine_kind_has_setting("wizard", "seed"));
    char big[600];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    CHECK_INT(engine_set_all(e, big, err, sizeof err), -1);
    CHECK_STR(err, "settings too long (at most 511 characters)");
    CHECK_INT(engine_set_all(e, "seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 "
                                "seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 "
                                "seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 seed=1 "
                                "seed=1 seed=1 seed=1 seed=1 seed=1 seed=1",
                             err, sizeof err),
              -1);
    CHECK_STR(err, "too many settings (at most 32)");
    engine_free(e);
    engine_free(a);
    engine_free(r);
}

/* LOA gives MCTS its priors (the priors hook) and a playout evaluation of
 * its own, which alpha-beta's evaluate is not. */
static void test_mcts_uses_playout_evaluation(void)
{
    game *g = game_create_default(&loa_ops);
    CHECK(loa_ops.playout_evaluate != NULL && loa_ops.priors != NULL);
    double v0 = loa_ops.playout_evaluate(g);
    CHECK(v0 > 0.5 && v0 < 0.6); /* the start is even but for the move */
    CHECK(loa_ops.evaluate(g) == 0.5);
    engine *e = make("mcts", "iterations=1 prior=4");
    seen s;
    watch(e, &s, 0);
    engine_report rep;
    engine_choose(e, g, &rep);
    CHECK_INT(s.last.ncand, legal_count(g));
    int bad = 0;
    for (int i = 0; i < s.last.ncand; i++) {
        float p;
        loa_ops.priors(g, &s.cand[i].move, 1, &p);
        bad += fabs(s.cand[i].prior - p) > 1e-6;
    }
    CHECK_INT(bad, 0);
    engine_free(e);
    game_free(g);
}

/* "ai" is the searcher each game names (LOA: alphabeta), taken when the
 * game is set or searched, with the user's settings that searcher knows;
 * it takes any searcher's setting, checked by that searcher's table. */
/* The settings text of engine e for a Y game with these options. */
static void y_settings(engine *e, const char *opts, char *text, size_t len)
{
    game *y = test_game(game_find("y"), opts);
    engine_set_game(e, y);
    engine_settings_text(e, text, len);
    game_free(y);
}

static void test_ai_per_game(void)
{
    char err[GAME_ERR_MAX], text[512];
    engine *e = make("ai", "level=3 prior=7");
    CHECK_INT(engine_set(e, "depth", "99", err, sizeof err), -1);
    CHECK_STR(err, "depth must be 0..60, not 99");
    CHECK_INT(engine_set(e, "depth", "2", err, sizeof err), 0);
    CHECK_INT(engine_set(e, "wizardry", "2", err, sizeof err), -1);
    CHECK_HAS(err, "unknown setting 'wizardry' for ai (known: seed, level, ladder, iterations, ms,");
    engine_settings_text(e, text, sizeof text);
    CHECK_HAS(text, "level=3 ladder=standard iterations=0 ms=0 memory=256 c=0.7");
    game *g = game_create_default(&loa_ops), *y = game_create_default(game_find("y"));
    engine_set_game(e, g);
    CHECK_STR(engine_kind(e), "ai");
    engine_settings_text(e, text, sizeof text);
    CHECK_STR(text, "seed=1 level=3 ladder=standard iterations=0 depth=2 ms=0 memory=64 tt=1 lmr=1 null=1 rfp=1 lmp=1 ponder=0 threads=1 mistakes=0");
    engine_report rep;
    CHECK(engine_choose(e, g, &rep) != QMOVE_NONE);
    CHECK_HAS(rep.summary, "alphabeta: ");
    CHECK_HAS(rep.summary, " depth 2 ");
    engine_set_game(e, y);
    engine_settings_text(e, text, sizeof text);
    CHECK_STR(text, "seed=1 level=3 ladder=early iterations=0 ms=0 memory=256 c=0.1 cutoff=0 evalplies=0 "
                    "maxplies=1000 prior=7 reuse=1 ponder=0 rave=500 threads=1 expand=1 mistakes=0 prove=0");
    /* Y's standard game has its own ladder, its default level 9 there
     * 16,000 iterations (the standard ladder has 16,000 at level 8); the two-stone variant has the
     * late one (25,000 at level 9), the progressive variant the flat one
     * (10,000 at level 9) */
    engine *d = make("ai", "seed=1");
    engine_set_game(d, y);
    engine_settings_text(d, text, sizeof text);
    CHECK_HAS(text, "seed=1 level=9 ladder=early iterations=0");
    y_settings(d, "variant=double", text, sizeof text);
    CHECK_HAS(text, "seed=1 level=9 ladder=late iterations=0");
    y_settings(d, "variant=progressive", text, sizeof text);
    CHECK_HAS(text, "seed=1 level=9 ladder=flat iterations=0");
    engine_free(d);
    /* a search without engine_set_game takes its game's searcher too */
    engine *x = make("ai", "iterations=2000");
    CHECK(engine_choose(x, g, &rep) != QMOVE_NONE);
    CHECK_HAS(rep.summary, "alphabeta: ");
    CHECK_INT(rep.iterations, 2000); /* the node budget */
    engine_free(x);
    engine_free(e);
    game_free(g);
    game_free(y);
}

/* Defaults for one variant apply to games with that option only, shown
 * and searched; the user's own settings still win. */
static void variant_defaults(void)
{
    char err[GAME_ERR_MAX], text[512];
    engine *e = make("mcts", "prior=7");
    y_settings(e, "variant=progressive", text, sizeof text);
    CHECK_HAS(text, " c=0.3 cutoff=0 evalplies=0 maxplies=1000 prior=7 ");
    CHECK_HAS(text, " rave=0 ");
    y_settings(e, "variant=double", text, sizeof text);
    CHECK_HAS(text, " c=0.05 ");
    CHECK_HAS(text, " rave=500 ");
    y_settings(e, "size=9 variant=progressive", text, sizeof text);
    CHECK_HAS(text, " c=0.3 ");
    y_settings(e, "", text, sizeof text);
    CHECK_HAS(text, " c=0.1 ");
    CHECK_HAS(text, " rave=500 ");
    CHECK_INT(engine_set(e, "c", "0.5", err, sizeof err), 0);
    y_settings(e, "variant=progressive", text, sizeof text);
    CHECK_HAS(text, " c=0.5 ");
    engine_free(e);
    /* a search of a progressive game takes c=0.3 whatever was shown */
    game *g = test_game(game_find("y"), "size=7 variant=progressive");
    engine *a = make("mcts", "iterations=3000"), *b = make("mcts", "iterations=3000 c=0.3"),
           *c = make("mcts", "iterations=3000 c=0.7");
    engine_report ra, rb, rc;
    engine_choose(a, g, &ra);
    engine_choose(b, g, &rb);
    engine_choose(c, g, &rc);
    CHECK(ra.value == rb.value);
    CHECK(ra.value != rc.value);
    engine_free(a);
    engine_free(b);
    engine_free(c);
    game_free(g);
}

/* A game's tuned defaults apply under the user's own settings. */
static void test_game_defaults(void)
{
    char err[GAME_ERR_MAX], text[512];
    engine *e = make("mcts", "prior=7");
    engine_settings_text(e, text, sizeof text);
    CHECK_STR(text, "seed=1 level=8 ladder=standard iterations=0 ms=0 memory=256 c=0.7 cutoff=0 evalplies=0 "
                    "maxplies=1000 prior=7 reuse=1 ponder=0 rave=0 threads=1 expand=1 mistakes=0 prove=0");
    game *g = game_create_default(&loa_ops), *y = game_create_default(game_find("y"));
    engine_set_game(e, g);
    engine_settings_text(e, text, sizeof text);
    CHECK_STR(text, "seed=1 level=8 ladder=standard iterations=0 ms=0 memory=256 c=0.7 cutoff=1 evalplies=4 "
                    "maxplies=1000 prior=7 reuse=1 ponder=0 rave=0 threads=1 expand=1 mistakes=0 prove=0");
    engine_set_game(e, y);
    engine_settings_text(e, text, sizeof text);
    CHECK_HAS(text, "cutoff=0 evalplies=0 maxplies=1000 prior=7");
    game_free(y);
    variant_defaults();
    /* a search takes its game's defaults by itself, whatever is shown */
    engine *x = make("mcts", "iterations=300 prior=7 cutoff=1 evalplies=4");
    engine_set(e, "iterations", "300", err, sizeof err);
    engine_report r1, r2;
    qmove m1 = engine_choose(e, g, &r1), m2 = engine_choose(x, g, &r2);
    CHECK(m1 == m2);
    CHECK_INT(r1.nodes, r2.nodes);
    CHECK(r1.value == r2.value);
    engine_settings_text(e, text, sizeof text);
    CHECK_HAS(text, "cutoff=0 evalplies=0");
    game_free(g);
    engine_free(x);
    engine_free(e);
    /* showing a game's defaults does not restart a random player */
    engine *r1e = make("random", "seed=5"), *r2e = make("random", "seed=5");
    g = game_create_default(&loa_ops);
    engine_choose(r1e, g, NULL);
    engine_choose(r2e, g, NULL);
    engine_set_game(r2e, g);
    CHECK(engine_choose(r1e, g, NULL) == engine_choose(r2e, g, NULL));
    game_free(g);
    engine_free(r1e);
    engine_free(r2e);
    /* every game's tuned defaults are valid settings of their searcher */
    for (int gi = 0; game_registry[gi]; gi++)
        for (const game_ai_defaults *d = game_registry[gi]->ai_defaults; d && d->searcher; d++) {
            engine *x = engine_new(d->searcher, err, sizeof err);
            CHECK(x != NULL);
            if (x && engine_set_all(x, d->settings, err, sizeof err) != 0) {
                printf("  %s: %s: %s\n", game_registry[gi]->name, d->settings, err);
                CHECK(0);
            }
            engine_free(x);
        }
}

int main(void)
{
    RUN(test_kinds);
    RUN(test_game_defaults);
    RUN(test_ai_per_game);
    RUN(test_mcts_uses_playout_evaluation);
    RUN(test_final_report);
    RUN(test_win_in_one_every_game);
    RUN(test_analysis_until_stopped);
    RUN(test_random_reports);
    return check_summary("test_search");
}
