/* test_rave.c - RAVE's all-moves-as-first statistics on a hand-built tree
 * (which children count an iteration, with which score, with movers that
 * alternate or are marked), the marks of Y's multi-stone playouts, and
 * RAVE and priors in whole searches: reproducible with a seed, priors from
 * the game's hook. */
#include "check.h"
#include "ai/mcts_amaf.h"
#include "aitest.h"
#include "gametest.h"

#include <stdlib.h>

/* A root (first player to move) with children a, b, c; a (second player
 * to move) with children b, c.  Moves are plain numbers: the statistics
 * never ask the game what they mean.  Small codes have an entry each in
 * the iteration's table, large ones are hashed: the tests use both, on a
 * tree shared by threads and on one that is not (the adds are the same). */
static qmove A, B, C;

static void tiny_tree(mcts_tree *t, qmove first, int shared)
{
    A = first, B = first + 1, C = first + 2;
    t->shared = shared;
    mcts_node *n = t->pool;
    mcts_tree_init_node(&n[0], QMOVE_NONE, 0);
    n[0].child = 1, n[0].nchild = 3;
    mcts_tree_init_node(&n[1], A, 1);
    mcts_tree_init_node(&n[2], B, 1);
    mcts_tree_init_node(&n[3], C, 1);
    n[1].child = 4, n[1].nchild = 2;
    mcts_tree_init_node(&n[4], B, 0);
    mcts_tree_init_node(&n[5], C, 0);
    t->used = 6;
}

/* The statistics after one iteration of the tiny tree in which the first
 * player played a and b, the second c, and the first won. */
static void check_first_won(const mcts_node *n)
{
    /* at the root the first player played a and b, never c */
    CHECK_INT(n[1].amaf_visits, 1);
    CHECK(n[1].amaf_wins == 1.0f);
    CHECK_INT(n[2].amaf_visits, 1);
    CHECK(n[2].amaf_wins == 1.0f);
    CHECK_INT(n[3].amaf_visits, 0);
    /* at a the second player played c (and lost), b was the first's */
    CHECK_INT(n[4].amaf_visits, 0);
    CHECK_INT(n[5].amaf_visits, 1);
    CHECK(n[5].amaf_wins == 0.0f);
}

static void amaf_statistics(qmove first, int shared)
{
    mcts_tree t = {0};
    CHECK_INT(mcts_tree_init(&t, 1), 0);
    mcts_worker *w = calloc(1, sizeof *w);
    tiny_tree(&t, first, shared);
    mcts_node *n = t.pool;
    /* root -a-> node 1 (the leaf), then the playout: c (second player),
     * b (first player); the first player won */
    w->path[0] = 0, w->path[1] = 1;
    w->trace[0] = C, w->trace[1] = B, w->ntrace = 2;
    mcts_amaf_record(&t, w, 1);
    mcts_amaf_update(&t, w, 1, 1.0);
    check_first_won(n);

    /* a second iteration, a draw: root -a-> leaf, playout b (second
     * player), a (first player again: a move may come back, as in LOA; it
     * counts once) */
    w->trace[0] = B, w->trace[1] = A, w->ntrace = 2;
    mcts_amaf_record(&t, w, 1);
    mcts_amaf_update(&t, w, 1, 0.5);
    CHECK_INT(n[1].amaf_visits, 2);
    CHECK(n[1].amaf_wins == 1.5f);
    CHECK_INT(n[2].amaf_visits, 1); /* b was the second player's */
    CHECK_INT(n[4].amaf_visits, 1);
    CHECK(n[4].amaf_wins == 0.5f);
    CHECK_INT(n[5].amaf_visits, 1);
    /* the real statistics are not touched */
    CHECK_INT(n[1].visits, 0);
    free(w);
    mcts_tree_free(&t);
}

static void test_amaf_statistics(void)
{
    amaf_statistics(10, 0);
    amaf_statistics(10, 1);
    amaf_statistics(0x10000, 0);
    amaf_statistics(0x10000, 1);
}

/* Where turns hold several moves the playout marks the second player's:
 * root -a-> leaf (the second player to move), then b by the first player
 * and c by the second, which alternation would have given the other way
 * round; the first player won. */
static void test_amaf_marked_trace(void)
{
    mcts_tree t = {0};
    CHECK_INT(mcts_tree_init(&t, 1), 0);
    mcts_worker *w = calloc(1, sizeof *w);
    tiny_tree(&t, 10, 0);
    t.marked_trace = 1;
    mcts_node *n = t.pool;
    w->path[0] = 0, w->path[1] = 1;
    w->trace[0] = B, w->trace[1] = C | GAME_TRACE_SECOND, w->ntrace = 2;
    mcts_amaf_record(&t, w, 1);
    mcts_amaf_update(&t, w, 1, 1.0);
    check_first_won(n);
    free(w);
    mcts_tree_free(&t);
}

/* Y's multi-stone variants: MCTS's traced playout from positions of
 * seeded games, whole or cut short, replayed by the rules move by move:
 * each stone (and swap) legal where it was made, marked exactly when White
 * made it, and the same result. */
static void test_variant_trace_marks(void)
{
    static const char *const opts[] = {"size=7 variant=double", "size=11 variant=double",
                                       "size=7 variant=progressive", "size=7 variant=double pie=1"};
    static qmove trace[4096];
    qmove moves[GAME_MAX_MOVES], swap;
    char err[GAME_ERR_MAX];
    game *pie = test_game(game_find("y"), "size=7 pie=1");
    pie->ops->make(pie, 0);
    CHECK_INT(pie->ops->move_from_text(pie, "swap", &swap, err, sizeof err), 0);
    game_free(pie);
    int swaps = 0;
    for (int o = 0; o < 4; o++)
        for (int seed = 1; seed <= (o == 3 ? 400 : 30); seed++) {
            game *g = test_game(game_find("y"), opts[o]);
            rng r;
            rng_seed(&r, (uint64_t)seed);
            /* with the pie rule, from before the swap's offer, so that the
             * playouts make it now and then */
            int plies = o == 3 ? seed % 2 : (int)rng_below(&r, 12);
            for (int k = plies; k > 0 && g->ops->result(g) == RESULT_NONE; k--) {
                int n = g->ops->legal_moves(g, moves);
                g->ops->make(g, moves[rng_below(&r, (uint32_t)n)]);
            }
            game *played = game_clone(g);
            int nt = -1, bad = 0;
            /* every third playout cut short, which plays through the rules */
            int result = g->ops->policy_playout(played, &r, seed % 3 ? 1000 : 7, trace, &nt);
            for (int i = 0; i < nt && g->ops->result(g) == RESULT_NONE; i++) {
                qmove m = trace[i] & ~GAME_TRACE_SECOND;
                int n = g->ops->legal_moves(g, moves), legal = 0;
                for (int j = 0; j < n; j++)
                    legal |= moves[j] == m;
                bad += !legal || ((trace[i] & GAME_TRACE_SECOND) != 0) != g->ops->to_move(g);
                swaps += m == swap;
                g->ops->make(g, m);
            }
            if (bad)
                printf("  %s, seed %d: %d of %d traced moves wrong\n", opts[o], seed, bad, nt);
            CHECK(nt > 0 && bad == 0);
            CHECK_INT(g->ops->result(g), result);
            game_free(played);
            game_free(g);
        }
    CHECK(swaps > 0);
}

/* The same seed and budget give the same search with RAVE, in every game
 * (Y's multi-stone variants too); RAVE changes the search. */
static void test_rave_reproducible(void)
{
    const char *games[][2] = {{"y", "size=7"},
                              {"lot", ""},
                              {"coffee", "board=hex size=4"},
                              {"loa", ""},
                              {"y", "size=7 variant=double"},
                              {"y", "size=7 variant=progressive"}};
    for (int i = 0; i < 6; i++) {
        game *g = test_game(game_find(games[i][0]), games[i][1]);
        engine_report r1, r2, r3;
        qmove m1 = test_kind_choose("mcts", g, "iterations=600 seed=3 rave=300", &r1);
        qmove m2 = test_kind_choose("mcts", g, "iterations=600 seed=3 rave=300", &r2);
        test_kind_choose("mcts", g, "iterations=600 seed=3", &r3);
        CHECK(m1 == m2);
        CHECK_INT(r1.iterations, 600);
        CHECK_INT(r1.nodes, r2.nodes);
        CHECK(r1.value == r2.value);
        CHECK(r1.value != r3.value || r1.nodes != r3.nodes);
        game_free(g);
    }
}

/* Y with a priors hook that favours one cell, a1 (a corner, which the
 * playouts alone never prefer): with prior=N the search follows it. */
static game_ops y_favour_ops;
static qmove favoured;

static void favour_priors(const game *g, const qmove *moves, int n, float *out)
{
    (void)g;
    for (int i = 0; i < n; i++)
        out[i] = moves[i] == favoured ? 1.0f : 0.0f;
}

static void test_prior_from_hook(void)
{
    game *g = test_game(game_find("y"), "size=9");
    char err[GAME_ERR_MAX];
    CHECK_INT(g->ops->move_from_text(g, "a1", &favoured, err, sizeof err), 0);
    y_favour_ops = *g->ops;
    y_favour_ops.priors = favour_priors;
    g->ops = &y_favour_ops;
    engine_report rep;
    CHECK(test_ai_choose(g, "iterations=300 seed=2 prior=200", &rep) == favoured);
    /* prior=0 leaves the hook unused */
    CHECK(test_ai_choose(g, "iterations=300 seed=2 prior=0", &rep) != favoured);
    game_free(g);
}

int main(void)
{
    RUN(test_amaf_statistics);
    RUN(test_rave_reproducible);
    RUN(test_amaf_marked_trace);
    RUN(test_variant_trace_marks);
    RUN(test_prior_from_hook);
    return check_summary("test_rave");
}
