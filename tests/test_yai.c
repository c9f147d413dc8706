/* test_yai.c - the ai playing Y with the game's knowledge and its tuned
 * settings: a win in one and the one block found at small budgets in the
 * standard game and a variant, and the edge ladder a beginner once won
 * with (up to 512000 iterations).  Budgets are levels (Y's
 * early ladder) or iteration counts, with fixed seeds; nothing here
 * depends on the clock. */
#include "check.h"
#include "aitest.h"
#include "gametest.h"
#include "ai/engine.h"
#include "game.h"
#include "games/y.h"

/* The ai's move for the player to move after `moves`, with Y's own
 * settings under `settings`. */
static void expect_move(const char *opts, const char *moves, const char *settings,
                        const char *want)
{
    char err[GAME_ERR_MAX], t[GAME_MOVE_TEXT_MAX];
    game *g = test_game(&y_ops, opts);
    CHECK_INT(test_play(g, moves), 0);
    engine *e = engine_new("ai", err, sizeof err);
    engine_set_game(e, g);
    if (engine_set_all(e, settings, err, sizeof err) != 0)
        printf("  settings failed: %s\n", err);
    engine_report rep;
    qmove m = engine_choose(e, g, &rep);
    snprintf(t, sizeof t, "(none)");
    if (m != QMOVE_NONE)
        g->ops->move_to_text(g, m, t, sizeof t);
    if (strcmp(t, want) != 0)
        printf("  after %s [%s]: %s, not %s\n", moves, settings, t, want);
    CHECK_STR(t, want);
    engine_free(e);
    game_free(g);
}

/* Black's chain a1..j1 touches the bottom and the left side; k1 (the
 * corner) is the one cell that adds the right side (White holds k2). */
#define CHAIN "a1 k2 b1 c3 c1 e5 d1 g7 e1 i9 f1 d4 g1 h5 h1 f6 i1 j5 j1"

static void test_win_in_one(void)
{
    expect_move("size=11 pie=0", CHAIN " i3", "iterations=50 seed=1", "k1");
    expect_move("size=11 pie=0", CHAIN " i3", "iterations=50 seed=2", "k1");
}

static void test_must_block(void)
{
    expect_move("size=11 pie=0", CHAIN, "iterations=300 seed=1", "k1");
    expect_move("size=11 pie=0", CHAIN, "iterations=300 seed=5", "k1");
}

/* The standard game's first three levels are a beginner's: ten iterations
 * and 75, 50 or 25 % of the moves at random.  At each seed a level plays
 * the slip engine_mistake draws for that seed and position (and says so,
 * with no search) or searches its ten iterations (200 seeds: near 150, 100
 * and 50 slips); level 4 never slips, nor
 * does level 1 given a time per move (ms, which replaces the level). */
static void test_beginner_levels(void)
{
    char err[GAME_ERR_MAX];
    game *g = test_game(&y_ops, "size=11 pie=0");
    CHECK_INT(test_play(g, CHAIN), 0);
    const int slips[4] = {142, 90, 49, 0};
    for (int level = 1; level <= 4; level++)
        CHECK_INT(test_level_slips(g, level, engine_level_mistakes(ENGINE_LADDER_EARLY, level),
                                   200, 10),
                  slips[level - 1]);
    for (int seed = 1; seed <= 10; seed++) {
        char set[64];
        snprintf(set, sizeof set, "level=1 ms=20 seed=%d", seed);
        engine *e = engine_new("ai", err, sizeof err);
        engine_set_game(e, g);
        CHECK_INT(engine_set_all(e, set, err, sizeof err), 0);
        engine_report rep;
        engine_choose(e, g, &rep);
        CHECK(!strstr(rep.summary, " at random ("));
        CHECK(rep.iterations > 0);
        engine_free(e);
    }
    /* every slip is a legal move */
    qmove moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves);
    for (int seed = 1; seed <= 20; seed++) {
        qmove m = engine_mistake(g, (uint64_t)seed, 100, "ai", NULL);
        int found = 0;
        for (int i = 0; i < n; i++)
            found |= moves[i] == m;
        CHECK(found);
    }
    CHECK(engine_mistake(g, 1, 0, "ai", NULL) == QMOVE_NONE);
    game_free(g);
}

/* The two-stone variant's first three levels on the late ladder are a
 * beginner's too: 120 iterations and 90, 65 or 35 % of the moves at
 * random (near 180, 130 and 70 of 200 seeds); level 4 never slips. */
static void test_two_stone_beginner_levels(void)
{
    game *g = test_game(&y_ops, "size=11 variant=double");
    const int slips[4] = {175, 137, 66, 0};
    for (int level = 1; level <= 4; level++)
        CHECK_INT(test_level_slips(g, level, engine_level_mistakes(ENGINE_LADDER_LATE, level),
                                   200, 120),
                  slips[level - 1]);
    game_free(g);
}

/* The two-stone variant: Black (to move, two stones) wins at k1; White,
 * with one stone left to place, must put it there. */
#define DCHAIN "a1 k2,c3 b1,d1 e5,g7 c1,f1 i9,d4 e1,h1 h5,f6 g1,j1 j5,e3"

static void test_variant_tactics(void)
{
    expect_move("size=11 variant=double", DCHAIN " i1,g4 h7,i3", "iterations=50 seed=1", "k1");
    /* White has placed one stone of two: the other must go to k1 */
    expect_move("size=11 variant=double", DCHAIN " i1,g4 h7", "iterations=300 seed=1", "k1");
}

/* The ai's move and report for Y 7 at `pos` under `settings`. */
static void y7_choice(const char *pos, const char *settings, char *move, engine_report *rep)
{
    char err[GAME_ERR_MAX];
    game *g = test_game(&y_ops, "size=7");
    CHECK_INT(g->ops->from_text(g, pos, err, sizeof err), 0);
    engine *e = engine_new("ai", err, sizeof err);
    engine_set_game(e, g);
    CHECK_INT(engine_set_all(e, settings, err, sizeof err), 0);
    g->ops->move_to_text(g, engine_choose(e, g, rep), move, GAME_MOVE_TEXT_MAX);
    engine_free(e);
    game_free(g);
}

/* Y 7.  Black to move in the first position: c1, d1, f1, e2 and e3 win in
 * two (every reply loses at once), and with the priors weighing 32 visits
 * the search alone would prove g6 first, a win eleven moves from the end;
 * the root's wins in two are looked for before it, so one is played at
 * once.  In the second no move wins in two (the same look finds none) and
 * the search first proves e4, seven moves from the end; it searches on and
 * plays f4, a win in three. */
static void test_shortest_win(void)
{
    char t[GAME_MOVE_TEXT_MAX];
    engine_report rep;
    y7_choice("b/w1/bbb/1wwb/ww1bb/w1b3/4w1w b 17 - -", "iterations=3000 seed=1 memory=16 prior=32",
              t, &rep);
    CHECK(strstr(" c1 d1 f1 e2 e3 ", t) && strlen(t) == 2);
    CHECK_HAS(rep.summary, "(proven win, 3 moves to the end)");
    CHECK_INT(rep.iterations, 0);
    y7_choice("1/ww/w1b/b2w/1wbbw/b1wb2/1bb2w1 b 17 - -", "iterations=3000 seed=1 memory=16 prior=32",
              t, &rep);
    CHECK_STR(t, "f4");
    CHECK_HAS(rep.summary, "(proven win, 5 moves to the end)");
}

/* The last progress report's candidates (test_longest_loss). */
static engine_candidate final_cand[GAME_MAX_MOVES];
static int final_ncand;

static void keep_final(const engine_progress *p, void *arg)
{
    (void)arg;
    if (p->final) {
        final_ncand = p->ncand;
        memcpy(final_cand, p->cand, (size_t)p->ncand * sizeof *p->cand);
    }
}

/* Y 7, White to move, every move lost (proven at 3,000 iterations, the
 * priors weighing 16 visits): the player plays the move that holds out
 * longest, ten moves to the end, though the most visited move loses in
 * six. */
static void test_longest_loss(void)
{
    char err[GAME_ERR_MAX], t[GAME_MOVE_TEXT_MAX];
    game *g = test_game(&y_ops, "size=7");
    CHECK_INT(g->ops->from_text(g, "w/b1/bbw/4/wwb1w/1bb1bb/wb3ww w 18 - -", err, sizeof err), 0);
    engine *e = engine_new("ai", err, sizeof err);
    engine_set_game(e, g);
    CHECK_INT(engine_set_all(e, "iterations=3000 seed=1 memory=16 prior=16", err, sizeof err), 0);
    engine_set_progress(e, keep_final, NULL, 0);
    engine_report rep;
    qmove m = engine_choose(e, g, &rep);
    g->ops->move_to_text(g, m, t, sizeof t);
    CHECK_STR(t, "c1");
    CHECK_HAS(rep.summary, "(proven loss, 10 moves to the end)");
    int played = -1, most = 0, longest = 0;
    for (int i = 0; i < final_ncand; i++) {
        CHECK_INT(final_cand[i].proven, ENGINE_PROVEN_LOSS);
        if (final_cand[i].move == m)
            played = i;
        if (final_cand[i].visits > final_cand[most].visits)
            most = i;
        if (final_cand[i].plies > longest)
            longest = final_cand[i].plies;
    }
    CHECK(played >= 0 && final_cand[played].plies == longest);
    CHECK_INT(final_cand[most].plies, 6);
    engine_free(e);
    game_free(g);
}

/* A beginner won as Black after White cut at g6 and then ran along the
 * second row beside Black's stones on the left side (g6 g7 h7 h8 i8 i9
 * ...): each step White takes there hands Black another edge stone
 * towards the top corner, while the game is decided in the lower left,
 * where Black's edge chain (d4) must still reach the bottom.  That corner
 * is White's through b1, c2 or d3: with the board above row 3 given to
 * White after the whole ladder, exactly these three moves win (proved with
 * quartet solve; docs/STRENGTH.md, "The edge ladder").  The cut is not the
 * loss, the ladder after it is: a long analysis rates g6 highest, and
 * Y's learned priors do too, so White cuts at g6 (level 9, 16000
 * iterations, and 40000 and 128000; with priors weighing 16 visits, h7 above the cut at
 * some seeds), answers g7 with the ladder's first step h7, and after two ladder
 * exchanges (g6 g7 h7 h8) leaves it with j9 up to 512000 iterations, never
 * the third step i8.  From this position the default player as White won
 * all 10 games against level 9 of the build before the learned priors
 * (first moves j7, d3 and the cut g6; in 4 games the two exchanges came and
 * White left the ladder with j9: docs/STRENGTH.md, "Y's learned priors"). */
#define LADDER "g4 swap g5 f4 e5 i5 h6 e4 d4 f5 f6"
#define ONE_STEP LADDER " g6 g7"
#define TWO_STEPS LADDER " g6 g7 h7 h8"

static void test_edge_ladder(void)
{
    expect_move("size=11", LADDER, "seed=1", "g6"); /* the default: level 9 */
    expect_move("size=11", LADDER, "level=9 seed=2", "g6");
    expect_move("size=11", LADDER, "iterations=40000 seed=1", "g6");
    expect_move("size=11", LADDER, "iterations=40000 seed=2", "g6");
    expect_move("size=11", LADDER, "iterations=128000 seed=1", "g6");
    expect_move("size=11", LADDER, "iterations=128000 seed=2", "g6");
    expect_move("size=11", ONE_STEP, "level=9 seed=1", "h7");
    expect_move("size=11", ONE_STEP, "iterations=128000 seed=2", "h7");
    expect_move("size=11", TWO_STEPS, "level=9 seed=1", "j9");
    expect_move("size=11", TWO_STEPS, "iterations=40000 seed=1", "j9");
    expect_move("size=11", TWO_STEPS, "iterations=128000 seed=3", "j9");
    expect_move("size=11", TWO_STEPS, "iterations=512000 seed=1", "j9");
}

int main(void)
{
    RUN(test_win_in_one);
    RUN(test_must_block);
    RUN(test_beginner_levels);
    RUN(test_two_stone_beginner_levels);
    RUN(test_variant_tactics);
    RUN(test_shortest_win);
    RUN(test_longest_loss);
    RUN(test_edge_ladder);
    return check_summary("test_yai");
}
