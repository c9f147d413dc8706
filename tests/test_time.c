/* test_time.c - time management: the clock's budgets computed exactly
 * (timectl), the game's phase (game_turns_left), the early-stop rule
 * (engine_decided), a time limit that overrides the level, a search that
 * stops early when its move cannot change, and pondering through the
 * session (its tree kept for the next turn, any change ending it). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "gametest.h"
#include "ai/engine.h"
#include "ai/timectl.h"
#include "game.h"
#include "session.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static char err[SESSION_ERR_MAX];

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static game *make_game(const char *name, const char *opts)
{
    char buf[256], *w[8];
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    int n = util_split_words(buf, w, 8);
    game *g = game_create(game_find(name), n, w, err, sizeof err);
    if (!g)
        printf("  %s %s: %s\n", name, opts ? opts : "", err);
    return g;
}

/* ---- the clock's arithmetic ---- */

static void test_budget_per_move(void)
{
    timectl t;
    timectl_init(&t);
    CHECK_INT(timectl_budget(&t, 0, 20), 0); /* no clock: no limit */
    /* time_settings 0 1 1 (a second a move): 1000 - 50 - 5 % */
    timectl_set(&t, 0, 1000, 1);
    CHECK_INT(timectl_budget(&t, 0, 20), 900);
    CHECK_INT(timectl_budget(&t, 1, 3), 900); /* the phase does not matter */
    /* a period of 5 stones in 30 s, 2 played: 10 s each */
    timectl_set(&t, 0, 30000, 5);
    timectl_spent(&t, 0, 5000);
    timectl_spent(&t, 0, 5000);
    CHECK_INT(t.stones[0], 3);
    CHECK_INT(t.left_ms[0], 20000);
    CHECK_INT(timectl_budget(&t, 0, 20), 20000 / 3 - 50 - 20000 / 3 / 20);
    /* byo_time without stones: no limit, as GTP says */
    timectl_set(&t, 0, 1000, 0);
    CHECK_INT(timectl_budget(&t, 0, 20), 0);
}

static void test_budget_by_phase(void)
{
    timectl t;
    timectl_set(&t, 60000, 0, 0); /* sudden death, a minute */
    CHECK_INT(timectl_budget(&t, 0, 20), 3000 - 50 - 150);
    CHECK_INT(timectl_budget(&t, 0, 10), 6000 - 50 - 300);
    CHECK_INT(timectl_budget(&t, 0, 2), 15000 - 50 - 750);  /* at least 4 turns planned */
    CHECK_INT(timectl_budget(&t, 0, 500), 1000 - 50 - 50);  /* at most 60 */
    CHECK_INT(timectl_budget(&t, 0, 0), 15000 - 50 - 750);
    /* main time then byo-yomi: the main share plus 80 % of a stone's */
    timectl_set(&t, 10000, 30000, 5);
    CHECK_INT(timectl_budget(&t, 0, 20), 5300 - 50 - 265);
    /* main time nearly gone: still no more than main + a stone's share */
    timectl_left(&t, 0, 100, 0);
    CHECK_INT(timectl_budget(&t, 0, 20), 4805 - 50 - 240);
    timectl_set(&t, 10000, 3000, 1);
    timectl_left(&t, 0, 100, 0);
    CHECK_INT(timectl_budget(&t, 0, 20), 2405 - 50 - 120);
}

static void test_budget_with_increment(void)
{
    timectl t;
    timectl_set_increment(&t, 5000, 100);
    CHECK_INT(timectl_budget(&t, 0, 10), 580 - 50 - 29);
    timectl_spent(&t, 0, 501);
    CHECK_INT(t.left_ms[0], 4599);
    /* the increment comes after the turn: never more than what is left */
    timectl_set_increment(&t, 100000, 1000);
    timectl_spent(&t, 1, 99900);
    CHECK_INT(t.left_ms[1], 1100);
    timectl_spent(&t, 1, 1000);
    CHECK_INT(t.left_ms[1], 1100);
    timectl_spent(&t, 1, 1100); /* over: the clock stops at 0, then the increment */
    CHECK_INT(t.left_ms[1], 1000);
    t.left_ms[1] = 100;
    CHECK_INT(timectl_budget(&t, 1, 10), 100 - 50 - 5);
    t.left_ms[1] = 30;
    CHECK_INT(timectl_budget(&t, 1, 10), TIMECTL_FLOOR_MS);
}

/* GTP has no increment: the next time_left shows it. */
static void test_increment_learned(void)
{
    timectl t;
    timectl_set(&t, 5000, 0, 0);
    timectl_left(&t, 0, 5000, 0);
    CHECK_INT(t.inc_ms, 0);
    timectl_spent(&t, 0, 700);         /* our turn: 4300 by our count */
    timectl_left(&t, 0, 4390, 0);      /* the controller: 4300 + 100 - 10 of its own */
    CHECK_INT(t.inc_ms, 90);
    CHECK_INT(timectl_budget(&t, 0, 20), 4390 / 20 + 72 - 50 - (4390 / 20 + 72) / 20);
    timectl_spent(&t, 0, 400);         /* 3990, and the 90 we expect */
    CHECK_INT(t.left_ms[0], 4080);
    timectl_left(&t, 0, 4090, 0);      /* the real 100 again */
    CHECK_INT(t.inc_ms, 100);
    /* time_left without a turn of ours in between teaches nothing */
    timectl_left(&t, 0, 9000, 0);
    CHECK_INT(t.inc_ms, 100);
    /* nor does the other side's clock */
    timectl_left(&t, 1, 9000, 0);
    CHECK_INT(t.inc_ms, 100);
}

/* ---- the game's phase ---- */

static void test_turns_left(void)
{
    static const struct {
        const char *game, *opts;
        int start;
    } cases[] = {
        {"loa", NULL, 40},
        {"y", "size=11", 15},                      /* 29 of 66 cells, one a turn */
        {"y", "size=11 variant=progressive", 4},   /* 1+2+...+8 stones */
        {"y", "size=11 variant=double", 8},        /* 1, then 14 turns of 2 */
        {"lot", NULL, 10},
        {"coffee", NULL, 16},                      /* hex 4: 31 of 37 cells */
        {"coffee", "board=square size=5", 11},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        game *g = make_game(cases[i].game, cases[i].opts);
        if (!g)
            continue;
        int n = game_turns_left(g);
        if (n != cases[i].start)
            printf("  %s %s: %d turns left at the start\n", cases[i].game,
                   cases[i].opts ? cases[i].opts : "", n);
        CHECK_INT(n, cases[i].start);
        /* later in the game, fewer (LOA: never under 8) */
        qmove moves[GAME_MAX_MOVES];
        for (int k = 0; k < 20 && g->ops->legal_moves(g, moves) > 0; k++)
            g->ops->make(g, moves[0]);
        CHECK(game_turns_left(g) < n || game_turns_left(g) == 8);
        CHECK(game_turns_left(g) >= 1);
        game_free(g);
    }
}

/* ---- stopping early ---- */

static engine_progress progress(uint64_t iterations, int64_t ms, engine_candidate *c, int n)
{
    engine_progress p = {ms, iterations, 0.5, 0, n, c, 0, NULL, 0, 0, 0, 0};
    return p;
}

static void test_decided(void)
{
    engine_candidate c[3] = {{1, 600, 0.6, 0.5, 0, 0}, {2, 300, 0.5, 0.5, 0, 0}, {3, 100, 0.4, 0.5, 0, 0}};
    /* 1000 iterations in 100 ms: 10 a ms */
    engine_progress p = progress(1000, 100, c, 3);
    CHECK_INT(engine_decided(&p, 0, 0), 0);        /* no time limit: never */
    CHECK_INT(engine_decided(&p, 129, 0), 1);      /* 290 fit: 600 > 300 + 290 */
    CHECK_INT(engine_decided(&p, 130, 0), 0);      /* 300 fit: 600 = 300 + 300 is no lead */
    CHECK_INT(engine_decided(&p, 10000, 1200), 1); /* the iteration cap: 200 fit */
    CHECK_INT(engine_decided(&p, 10000, 1300), 0);
    CHECK_INT(engine_decided(&p, 50, 0), 1);       /* time is up */
    /* a proven loss is no rival; when every rival is one, it is decided */
    c[1].proven = ENGINE_PROVEN_LOSS;
    CHECK_INT(engine_decided(&p, 140, 0), 1);      /* 400 fit: 600 > 100 + 400 */
    c[2].proven = ENGINE_PROVEN_LOSS;
    CHECK_INT(engine_decided(&p, 100000, 0), 1);
    /* the root proven */
    c[1].proven = c[2].proven = 0;
    p.proven = ENGINE_PROVEN_WIN;
    CHECK_INT(engine_decided(&p, 100000, 0), 1);
    p.proven = 0;
    p.ms = 0; /* no rate yet */
    CHECK_INT(engine_decided(&p, 100000, 0), 0);
}

static engine *mcts(const char *settings)
{
    engine *e = engine_new("mcts", err, sizeof err);
    if (e && settings && engine_set_all(e, settings, err, sizeof err) != 0)
        printf("  settings failed: %s\n", err);
    return e;
}

/* 24 of White's 25 moves let Black connect at once: once they are proven
 * losses the one left is decided, long before the time is up (unless the
 * whole position, lost for White after 2206 iterations, is proven before
 * the first check: on a busy machine it can be). */
/* prove=P: a time per move first spends P % on a proof search; a proven
 * win is played at once, the tree search never started.  Coffee square 5
 * after six plies, where one of Black's three moves wins (b5d; the proof
 * takes some 7,000 nodes, a tenth of a second).  A budget of iterations
 * never proves; prove=0 never does. */
static void test_proof_first(void)
{
    static const char *const cases[][2] = {
        {"ms=6000 prove=50 memory=16", "proof"},
        {"iterations=3000 prove=50 memory=16", "tree"},
        {"ms=300 prove=0 memory=16", "tree"},
    };
    for (int i = 0; i < 3; i++) {
        game *g = make_game("coffee", "board=square size=5 n=4");
        CHECK(g && test_play(g, "e4h b4v b2v b3d a2a b1v") == 0);
        engine *e = mcts(cases[i][0]);
        engine_report rep;
        qmove m = engine_choose(e, g, &rep);
        char text[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, m, text, sizeof text);
        if (strcmp(cases[i][1], "proof") == 0) {
            CHECK_STR(text, "b5d");
            CHECK_INT(rep.proven, 1);
            CHECK_INT((int)rep.iterations, 0);
            CHECK(strstr(rep.summary, "ai: b5d proven win (proof search: ") == rep.summary);
            CHECK(rep.ms < 6000);
        } else {
            CHECK(rep.iterations > 0);
            CHECK(strstr(rep.summary, "proof search") == NULL);
        }
        engine_free(e);
        game_free(g);
    }
}

/* Where the proof finds nothing, the tree search has the time left: the
 * move still takes the time per move, not more (Coffee's hex 4 start,
 * far from proven in 200 ms). */
static void test_proof_leaves_time(void)
{
    game *g = make_game("coffee", "");
    engine *e = mcts("ms=400 prove=50 memory=16");
    engine_report rep;
    int64_t t0 = util_now_ms();
    engine_choose(e, g, &rep);
    int64_t ms = util_now_ms() - t0;
    CHECK(rep.iterations > 0);
    CHECK_INT(rep.proven, 0);
    CHECK(ms >= 300 && ms < 2000);
    engine_free(e);
    game_free(g);
}

static void test_stops_early(void)
{
    game *g = game_create_default(game_find("loa"));
    CHECK_INT(g->ops->from_text(g, "3wwbb1/2w3bb/8/6bb/8/2w5/3w2b1/8 w", err, sizeof err), 0);
    engine *e = mcts("ms=20000 memory=16");
    engine_report rep;
    int64_t t0 = util_now_ms();
    qmove m = engine_choose(e, g, &rep);
    int64_t ms = util_now_ms() - t0;
    CHECK(ms < 10000);
    CHECK_INT(rep.early + rep.proven, 1);
    g->ops->make(g, m);
    qmove replies[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, replies), loses = 0;
    for (int i = 0; i < n; i++) {
        g->ops->make(g, replies[i]);
        loses |= g->ops->result(g) == RESULT_SECOND;
        g->ops->unmake(g);
    }
    CHECK(!loses);
    /* by iterations alone, no early stop: the count is exact (here White
     * is lost in the end, which the search proves after 2206) */
    engine_set_all(e, "ms=0 iterations=2000", err, sizeof err);
    g->ops->unmake(g);
    engine_choose(e, g, &rep);
    CHECK_INT(rep.early, 0);
    CHECK_INT(rep.proven, 0);
    CHECK_INT(rep.iterations, 2000);
    engine_free(e);
    game_free(g);
}

/* The iterations of a search at a level from the start of a Y game */
static long long level_iterations(const char *options, int level)
{
    game *g = make_game("y", options);
    char set[48];
    snprintf(set, sizeof set, "level=%d memory=64", level);
    engine *e = mcts(set);
    engine_report rep;
    engine_choose(e, g, &rep);
    engine_free(e);
    game_free(g);
    return (long long)rep.iterations;
}

/* How many of 40 first moves (seeds 1-40) e plays at random: a slip's
 * summary says so. */
static int first_move_slips(engine *e)
{
    game *g = make_game("y", "size=11");
    int slips = 0;
    for (int seed = 1; seed <= 40; seed++) {
        char set[32];
        snprintf(set, sizeof set, "seed=%d", seed);
        engine_set_all(e, set, err, sizeof err);
        engine_report rep;
        engine_choose(e, g, &rep);
        slips += strstr(rep.summary, "at random (") != NULL;
    }
    game_free(g);
    return slips;
}

/* Given time, the level's iteration count is no cap; iterations= is.  (Y
 * plays its levels on the early ladder, its two-stone variant on the late
 * one, its progressive variant on the flat one.) */
static void test_time_overrides_level(void)
{
    game *g = make_game("y", "size=11");
    engine *e = mcts("level=1 ms=400 memory=64");
    engine_report rep;
    engine_choose(e, g, &rep);
    if (!rep.early)
        CHECK(rep.iterations > engine_level_iterations(ENGINE_LADDER_EARLY, 1));
    CHECK(rep.ms >= 200 || rep.early);
    engine_set_all(e, "iterations=500", err, sizeof err);
    engine_choose(e, g, &rep);
    CHECK(rep.iterations <= 500);
    /* a clock (the front end's time) does the same for a player whose
     * level nobody chose (Y's default, level 9: 16,000 iterations) and at
     * level 10, the full strength the time allows... */
    engine *d = mcts("memory=64");
    engine_set_time_budget(d, 400);
    engine_choose(d, g, &rep);
    CHECK(rep.ms >= 200 || rep.early);
    CHECK(rep.iterations != engine_level_iterations(ENGINE_LADDER_EARLY, 9));
    engine_set_all(d, "level=10", err, sizeof err);
    engine_choose(d, g, &rep);
    CHECK(rep.ms >= 200 || rep.early);
    engine_free(d);
    /* ...but a level below the top that a person chose stays that level:
     * the clock only cuts its search short (level 4, the first that never
     * slips; level 1 slips as often with a clock as without) */
    engine_set_all(e, "ms=0 iterations=0 level=4", err, sizeof err);
    engine_set_time_budget(e, 400);
    engine_choose(e, g, &rep);
    CHECK_INT(rep.iterations, engine_level_iterations(ENGINE_LADDER_EARLY, 4));
    CHECK(rep.ms < 200);
    engine_set_time_budget(e, 0);
    engine_choose(e, g, &rep);
    CHECK_INT(rep.iterations, engine_level_iterations(ENGINE_LADDER_EARLY, 4));
    engine_set_all(e, "level=1", err, sizeof err);
    engine_set_time_budget(e, 400);
    int slips = first_move_slips(e); /* 75 % of its moves: about 30 */
    CHECK(slips >= 20 && slips <= 38);
    engine_free(e);
    game_free(g);
    /* the two-stone variant plays its levels on the late ladder, the
     * progressive one on the flat ladder (at levels 5 and 4, where they
     * have no beginner's slips and differ from the other ladders) */
    CHECK_INT(level_iterations("size=11 variant=double", 5), engine_level_iterations(ENGINE_LADDER_LATE, 5));
    CHECK_INT(level_iterations("size=11 variant=double", 5), 280);
    CHECK_INT(level_iterations("size=11 variant=progressive", 4), engine_level_iterations(ENGINE_LADDER_FLAT, 4));
    CHECK_INT(level_iterations("size=11 variant=progressive", 4), 50);
}

/* ---- pondering ---- */

static session *y_session(const char *player)
{
    session *s = session_new(make_game("y", "size=6"), err, sizeof err);
    CHECK(s != NULL);
    CHECK_INT(session_set_player(s, SESSION_BOTH, player, err, sizeof err), 0);
    return s;
}

static void computer_turn(session *s)
{
    char turn[SESSION_TURN_MAX];
    CHECK_INT(session_think_start(s, NULL, err, sizeof err), 0);
    CHECK_INT(session_think_finish(s, 1, turn, sizeof turn, err, sizeof err), 0);
}

static void test_ponder_hit(void)
{
    /* c=0.7 and priors weighing 16 visits: the ponder tries every reply
     * within its 100 ms, even under ThreadSanitizer, so the reply played
     * below is in its tree whatever Y's own exploration (its c=0.1 and
     * heavier priors may leave a corner unvisited); level 4, the standard
     * game's first level that never plays a beginner's slip, which is no
     * search and keeps no ponder */
    session *s = y_session("ai:level=4,ponder=1,memory=64,c=0.7,prior=16");
    session_ponder_info pi;
    computer_turn(s);
    CHECK_INT(session_ponder_start(s), 1);
    CHECK_INT(session_ponder_start(s), 0); /* one at a time */
    CHECK_INT(session_thinking(s), 0);     /* invisible to the front end */
    session_ponder_stats(s, &pi);
    CHECK_INT(pi.running, 1);
    sleep_ms(100);
    /* the opponent's move ends it; the next turn keeps its tree */
    strbuf legal = STRBUF_INIT;
    session_legal_moves_text(s, &legal);
    char first[16];
    sscanf(strbuf_str(&legal), "%15s", first);
    strbuf_free(&legal);
    CHECK_INT(session_play(s, -1, first, 0, err, sizeof err), 1);
    session_ponder_stats(s, &pi);
    CHECK_INT(pi.running, 0);
    CHECK_INT(pi.searches, 1);
    CHECK(pi.iterations > 0);
    computer_turn(s);
    session_ponder_stats(s, &pi);
    CHECK_INT(pi.hits, 1);
    CHECK_INT(pi.misses, 0);
    CHECK(pi.last_reused > 0);
    /* a change of settings ends it as well, and is not refused */
    CHECK_INT(session_ponder_start(s), 1);
    CHECK_INT(session_set_setting(s, SESSION_BOTH, "level", "2", err, sizeof err), 0);
    session_ponder_stats(s, &pi);
    CHECK_INT(pi.running, 0);
    CHECK_INT(pi.searches, 2);
    /* and freeing the session while it ponders */
    CHECK_INT(session_ponder_start(s), 1);
    session_free(s);
}

static void test_ponder_off(void)
{
    session *s = y_session("ai:level=1,memory=16");
    session_ponder_info pi;
    computer_turn(s);
    CHECK_INT(session_ponder_start(s), 0); /* ponder=0, the default */
    session_ponder_stats(s, &pi);
    CHECK_INT(pi.running, 0);
    CHECK_INT(pi.searches, 0);
    session_free(s);
    /* a person has no engine to ponder with */
    s = y_session("human");
    CHECK_INT(session_play(s, -1, "a1", 0, err, sizeof err), 1);
    CHECK_INT(session_ponder_start(s), 0);
    session_free(s);
}

int main(void)
{
    RUN(test_budget_per_move);
    RUN(test_budget_by_phase);
    RUN(test_budget_with_increment);
    RUN(test_increment_learned);
    RUN(test_turns_left);
    RUN(test_decided);
    RUN(test_stops_early);
    RUN(test_proof_first);
    RUN(test_proof_leaves_time);
    RUN(test_time_overrides_level);
    RUN(test_ponder_hit);
    RUN(test_ponder_off);
    return check_summary("time");
}
