/* test_rave.c - RAVE's all-moves-as-first statistics on a hand-built tree
 * (which children count an iteration, with which score), and RAVE and
 * priors in whole searches: reproducible with a seed, a game with several
 * moves a turn searched without RAVE, priors from the game's hook. */
#include "check.h"
#include "ai/mcts_amaf.h"
#include "aitest.h"
#include "gametest.h"

#include <stdlib.h>

/* A root (first player to move) with children a, b, c; a (second player
 * to move) with children b, c.  Moves are plain numbers: the statistics
 * never ask the game what they mean. */
enum { A = 10, B = 11, C = 12 };

static void tiny_tree(mcts_tree *t)
{
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

static void test_amaf_statistics(void)
{
    mcts_tree t = {0};
    CHECK_INT(mcts_tree_init(&t, 1), 0);
    mcts_worker *w = calloc(1, sizeof *w);
    tiny_tree(&t);
    mcts_node *n = t.pool;
    /* root -a-> node 1 (the leaf), then the playout: c (second player),
     * b (first player); the first player won */
    w->path[0] = 0, w->path[1] = 1;
    w->trace[0] = C, w->trace[1] = B, w->ntrace = 2;
    mcts_amaf_record(&t, w, 1);
    mcts_amaf_update(&t, w, 1, 1.0);
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

/* The same seed and budget give the same search with RAVE, in every game
 * with one-move turns; RAVE changes the search. */
static void test_rave_reproducible(void)
{
    const char *games[][2] = {{"y", "size=7"}, {"lot", ""}, {"coffee", "board=hex size=4"},
                              {"loa", ""}};
    for (int i = 0; i < 4; i++) {
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

/* Y's two-stone variant has turns of two moves: its search runs without
 * RAVE, so the setting changes nothing there. */
static void test_rave_off_for_multi_move_turns(void)
{
    game *g = test_game(game_find("y"), "size=7 variant=double");
    engine_report r1, r2;
    qmove m1 = test_ai_choose(g, "iterations=500 seed=5 rave=300", &r1);
    qmove m2 = test_ai_choose(g, "iterations=500 seed=5", &r2);
    CHECK(m1 == m2);
    CHECK_INT(r1.nodes, r2.nodes);
    CHECK(r1.value == r2.value);
    game_free(g);
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
    RUN(test_rave_off_for_multi_move_turns);
    RUN(test_prior_from_hook);
    return check_summary("test_rave");
}
