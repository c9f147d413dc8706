/* test_loa.c - Lines of Action: perft, the rule sheet's examples, every
 * option, invariants over random games, and bad input. */
#include "check.h"
#include "gametest.h"
#include "game.h"
#include "games/loa.h"
#include "rng.h"
#include "util.h"

#include <stdlib.h>

static void test_perft_start(void)
{
    static const uint64_t expect[] = {1, 36, 1244, 44952, 1563208, 55963132};
    game *g = test_game(&loa_ops, "repetition=0");
    for (int d = 0; d <= 5; d++)
        CHECK_INT(game_perft(g, d), expect[d]);
    game_free(g);
    /* the default repetition rule cannot trigger this early */
    g = test_game(&loa_ops, NULL);
    CHECK_INT(game_perft(g, 4), 1563208);
    /* a clear stop flag changes nothing; a set one stops the count and
     * leaves the game as it was */
    atomic_int stop;
    atomic_init(&stop, 0);
    uint64_t n, hash = g->ops->hash(g);
    CHECK_INT(game_perft_stoppable(g, 4, &stop, &n), 0);
    CHECK_INT(n, 1563208);
    atomic_store(&stop, 1);
    CHECK_INT(game_perft_stoppable(g, 4, &stop, &n), 1);
    CHECK(g->ops->hash(g) == hash);
    CHECK_INT(game_perft(g, 3), 44952);
    game_free(g);
}

static void test_start_position(void)
{
    game *g = test_game(&loa_ops, NULL);
    char text[GAME_TEXT_MAX];
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b");
    CHECK_INT(g->ops->to_move(g), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    game_free(g);
}

static void test_sheet_c8_moves(void)
{
    game *g = test_game(&loa_ops, NULL);
    const char *ok[] = {"c8-c6", "c8-e6", "c8xa6", "c8-a6", "C8C6", "c8:a6"};
    const char *canon[] = {"c8-c6", "c8-e6", "c8xa6", "c8xa6", "c8-c6", "c8xa6"};
    for (int i = 0; i < 6; i++) {
        qmove m;
        char err[GAME_ERR_MAX], t[GAME_MOVE_TEXT_MAX];
        CHECK_INT(g->ops->move_from_text(g, ok[i], &m, err, sizeof err), 0);
        g->ops->move_to_text(g, m, t, sizeof t);
        CHECK_STR(t, canon[i]);
    }
    /* c8 has exactly these three destinations */
    qmove moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves), from_c8 = 0;
    for (int i = 0; i < n; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, moves[i], t, sizeof t);
        if (t[0] == 'c' && t[1] == '8')
            from_c8++;
    }
    CHECK_INT(n, 36);
    CHECK_INT(from_c8, 3);
    game_free(g);
}

/* The sheet's sequence: c8-c6, a6-c4, e8-b5 (jumping its own c6), h3xf1. */
static void test_sheet_sequence(void)
{
    game *g = test_game(&loa_ops, NULL);
    char err[GAME_ERR_MAX];
    CHECK_INT(test_play(g, "c8-c6"), 0);
    /* a6 may not run along rank 6 over the black piece on c6 */
    CHECK_INT(game_play_text(g, "a6-d6", err, sizeof err), -1);
    CHECK_HAS(err, "jump over an enemy piece");
    CHECK_INT(test_play(g, "a6-c4 e8-b5"), 0);
    /* a4 cannot go to c4: three pieces on rank 4, and c4 is White's own */
    CHECK_INT(game_play_text(g, "a4-c4", err, sizeof err), -1);
    CHECK_HAS(err, "exactly 3 squares");
    CHECK_INT(test_play(g, "h3xf1"), 0);
    char text[GAME_TEXT_MAX];
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "1b1b1bb1/w6w/2b4w/wb5w/w1w4w/w7/w6w/1bbbbwb1 b");
    CHECK_INT(g->ops->ply(g), 4);
    game_free(g);
}

static void test_jumps_and_landing(void)
{
    game *g = test_game(&loa_ops, NULL);
    char err[GAME_ERR_MAX];
    qmove m;
    /* rank 1 holds a1, c1 (Black) and e1 (White): three pieces */
    test_set_pos(g, "w6b/8/8/8/8/8/8/b1b1w3 b");
    CHECK_INT(g->ops->move_from_text(g, "a1-d1", &m, err, sizeof err), 0); /* over its own c1 */
    CHECK_INT(g->ops->move_from_text(g, "c1-f1", &m, err, sizeof err), -1); /* over White's e1 */
    CHECK_HAS(err, "jump over an enemy piece");
    /* rank 1 holds a1 and c1 (both Black): a1 would land on its own piece */
    test_set_pos(g, "w1w4b/8/8/8/8/8/8/b1b5 b");
    CHECK_INT(g->ops->move_from_text(g, "a1-c1", &m, err, sizeof err), -1);
    CHECK_HAS(err, "your own piece");
    /* the same with White on c1: a capture, which removes it */
    test_set_pos(g, "w1w4b/8/8/8/8/8/8/b1w5 b");
    CHECK_INT(test_play(g, "a1xc1"), 0);
    char text[GAME_TEXT_MAX];
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "w1w4b/8/8/8/8/8/8/2b5 w");
    game_free(g);
}

/* Eight pieces on one rank: nobody can move along it. */
static void test_full_line(void)
{
    game *g = test_game(&loa_ops, NULL);
    test_set_pos(g, "8/8/8/8/bwbwbwbw/8/8/8 b");
    qmove moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves);
    CHECK_INT(n, 22); /* a4: 4 moves; c4, e4, g4: 6 each; none along rank 4 */
    for (int i = 0; i < n; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, moves[i], t, sizeof t);
        CHECK(t[4] != '4');
    }
    game_free(g);
}

/* Black e5xh8 connects Black and leaves White a single piece. */
static void test_simultaneous(void)
{
    const char *pos = "7w/6b1/8/4b3/8/8/w7/8 b";
    game *g = test_game(&loa_ops, NULL);
    test_set_pos(g, pos);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK_INT(test_play(g, "e5xh8"), 0);
    CHECK_INT(g->ops->result(g), RESULT_DRAW);
    char why[GAME_ERR_MAX];
    g->ops->result_reason(g, why, sizeof why);
    CHECK_HAS(why, "both players connect");
    qmove moves[GAME_MAX_MOVES];
    CHECK_INT(g->ops->legal_moves(g, moves), 0);
    game_free(g);

    g = test_game(&loa_ops, "simultaneous=mover");
    test_set_pos(g, pos);
    CHECK_INT(test_play(g, "e5xh8"), 0);
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    game_free(g);
}

static void test_connection_wins(void)
{
    game *g = test_game(&loa_ops, NULL);
    /* Black connects; White's a2 and a4 stay apart. */
    test_set_pos(g, "7w/6b1/8/4b3/w7/8/w7/8 b");
    CHECK_INT(test_play(g, "e5xh8"), 0);
    CHECK_INT(g->ops->result(g), RESULT_FIRST);
    char why[GAME_ERR_MAX];
    g->ops->result_reason(g, why, sizeof why);
    CHECK_STR(why, "Black connects all pieces");

    /* The capture leaves White one piece while Black stays apart: White wins. */
    test_set_pos(g, "7w/6b1/8/4b3/8/8/w7/1b6 b");
    CHECK_INT(test_play(g, "e5xh8"), 0);
    CHECK_INT(g->ops->result(g), RESULT_SECOND);
    g->ops->result_reason(g, why, sizeof why);
    CHECK_STR(why, "White connects all pieces");
    game_free(g);
}

/* Black's a1 and h8 are boxed in by White and cannot move. */
static void test_no_move_pass_and_lose(void)
{
    const char *pos = "6wb/6ww/8/8/8/8/ww6/bw6 b";
    game *g = test_game(&loa_ops, NULL);
    test_set_pos(g, pos);
    qmove moves[GAME_MAX_MOVES];
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK_INT(g->ops->legal_moves(g, moves), 1);
    CHECK_INT(g->ops->count_moves(g), 1);
    char t[GAME_MOVE_TEXT_MAX], err[GAME_ERR_MAX];
    g->ops->move_to_text(g, moves[0], t, sizeof t);
    CHECK_STR(t, "pass");
    CHECK_INT(game_play_text(g, "a1-c1", err, sizeof err), -1);
    CHECK_HAS(err, "only move is pass");
    CHECK_INT(game_play_text(g, "pass", err, sizeof err), 1);
    CHECK_INT(g->ops->to_move(g), 1);
    CHECK(g->ops->legal_moves(g, moves) > 1);
    /* pass is refused when a move exists */
    CHECK_INT(game_play_text(g, "pass", err, sizeof err), -1);
    CHECK_HAS(err, "passing is allowed only");
    game_free(g);

    g = test_game(&loa_ops, "nomove=lose");
    test_set_pos(g, pos);
    CHECK_INT(g->ops->result(g), RESULT_SECOND);
    CHECK_INT(g->ops->legal_moves(g, moves), 0);
    CHECK_INT(g->ops->count_moves(g), 0);
    game_free(g);
}

/* The null move for alpha-beta's pruning: the same board with the other
 * side to move, undone exactly; none where the turn must pass or the game
 * is over. */
static void test_null_move(void)
{
    game *g = test_game(&loa_ops, NULL);
    test_set_pos(g, "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b");
    char before[GAME_TEXT_MAX], after[GAME_TEXT_MAX];
    g->ops->to_text(g, before, sizeof before);
    uint64_t hash = g->ops->hash(g);
    qmove pass = g->ops->null_move(g);
    CHECK(pass != QMOVE_NONE);
    g->ops->make(g, pass);
    g->ops->to_text(g, after, sizeof after);
    CHECK_STR(after, "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w");
    CHECK_INT(g->ops->to_move(g), 1);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK(g->ops->hash(g) != hash);
    CHECK_INT(g->ops->count_moves(g), 36);
    g->ops->unmake(g);
    g->ops->to_text(g, after, sizeof after);
    CHECK_STR(after, before);
    CHECK(g->ops->hash(g) == hash);

    test_set_pos(g, "6wb/6ww/8/8/8/8/ww6/bw6 b"); /* Black must pass */
    CHECK(g->ops->null_move(g) == QMOVE_NONE);
    game_free(g);
    g = test_game(&loa_ops, "nomove=lose");
    test_set_pos(g, "6wb/6ww/8/8/8/8/ww6/bw6 b"); /* over: Black cannot move */
    CHECK(g->ops->null_move(g) == QMOVE_NONE);
    game_free(g);
}

/* Replays g's moves from start (g before them) with make(), each checked
 * against legal_moves(), adding the passes to *passes; 1 if every move was
 * legal and the position, result and moves come out the same. */
static int replays_alike(const game *start, const game *g, int *passes)
{
    game *re = game_clone(start);
    qmove list[GAME_MAX_MOVES];
    int ok = 1;
    for (int i = start->ops->ply(start); ok && i < g->ops->ply(g); i++) {
        qmove m = g->ops->move_at(g, i);
        int n = re->ops->legal_moves(re, list), k = 0;
        while (k < n && list[k] != m)
            k++;
        ok = k < n;
        char t[GAME_MOVE_TEXT_MAX];
        re->ops->move_to_text(re, m, t, sizeof t);
        *passes += strcmp(t, "pass") == 0;
        if (ok)
            re->ops->make(re, m);
    }
    char a[GAME_TEXT_MAX], b[GAME_TEXT_MAX];
    re->ops->to_text(re, a, sizeof a);
    g->ops->to_text(g, b, sizeof b);
    ok = ok && strcmp(a, b) == 0 && re->ops->result(re) == g->ops->result(g) &&
         re->ops->legal_moves(re, list) == g->ops->legal_moves(g, list);
    game_free(re);
    return ok;
}

/* The playout hook (which tests for a move only when its draw finds none)
 * passes, and loses under nomove=lose, where make() does, and a playout
 * cut after a ply and resumed plays the same game as one uncut (a forced
 * pass draws no random number either way): White's moves other than
 * from b1, a2, b2, g8, g7 or h7 leave Black boxed in. */
static void test_playout_no_move(void)
{
    const char *pos = "6wb/6ww/8/8/3w4/8/ww6/bw6 w";
    for (int lose = 0; lose < 2; lose++) {
        game *g = test_game(&loa_ops, lose ? "nomove=lose" : NULL);
        test_set_pos(g, pos);
        game *s = game_clone(g), *whole = game_clone(g);
        int unlike = 0, passes = 0, lost_at_once = 0, resumed_unlike = 0;
        for (int i = 0; i < 300; i++) {
            rng r, again;
            rng_seed(&r, (uint64_t)i);
            again = r;
            g->ops->copy(s, g);
            int plies = 1 + i % 3, res = loa_ops.playout(s, &r, plies);
            unlike += res != s->ops->result(s) || !replays_alike(g, s, &passes);
            lost_at_once += res == RESULT_SECOND && s->ops->ply(s) == 1;
            /* s cut after `plies`, played on to 6 plies; whole uncut */
            loa_ops.playout(s, &r, 6 - s->ops->ply(s));
            g->ops->copy(whole, g);
            loa_ops.playout(whole, &again, 6);
            int same = s->ops->ply(s) == whole->ops->ply(whole);
            for (int k = 0; same && k < s->ops->ply(s); k++)
                same = s->ops->move_at(s, k) == whole->ops->move_at(whole, k);
            resumed_unlike += !same;
        }
        CHECK_INT(unlike, 0);
        CHECK_INT(resumed_unlike, 0);
        if (lose) {
            CHECK_INT(passes, 0);
            CHECK(lost_at_once > 50);
        } else {
            CHECK(passes > 50);
            CHECK_INT(lost_at_once, 0);
        }
        game_free(whole);
        game_free(s);
        game_free(g);
    }
}

/* The playout's repetition test (stored positions compared only when a
 * filter of hashes says so) draws where make() does, the first position
 * of the playout and those stored before it included. */
static void test_playout_repetition(void)
{
    for (int rep = 2; rep <= 3; rep++) {
        char opts[32];
        snprintf(opts, sizeof opts, "repetition=%d", rep);
        game *g = test_game(&loa_ops, opts), *s = game_clone(g);
        test_set_pos(g, "b6w/8/8/8/8/8/8/w6b b"); /* far from connected */
        test_play(g, "h1-h3 a1-a3"); /* stored before the playouts */
        rng r;
        rng_seed(&r, 9);
        int unlike = 0, drawn = 0, passes = 0;
        for (int i = 0; i < 400; i++) {
            g->ops->copy(s, g);
            int res = loa_ops.playout(s, &r, 1000);
            unlike += res != s->ops->result(s) || !replays_alike(g, s, &passes);
            drawn += res == RESULT_DRAW;
        }
        CHECK_INT(unlike, 0);
        CHECK(drawn > (rep == 2 ? 40 : 2)); /* 77 and 7 */
        game_free(s);
        game_free(g);
    }
}

static void test_repetition(void)
{
    const char *cycle = "b1-b3 a2-c2 b3-b1 c2-a2";
    game *g = test_game(&loa_ops, NULL);
    CHECK_INT(test_play(g, cycle), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE); /* second occurrence */
    CHECK_INT(test_play(g, "b1-b3 a2-c2 b3-b1"), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK_INT(test_play(g, "c2-a2"), 0); /* third occurrence */
    CHECK_INT(g->ops->result(g), RESULT_DRAW);
    char why[GAME_ERR_MAX];
    g->ops->result_reason(g, why, sizeof why);
    CHECK_HAS(why, "repetition");
    g->ops->unmake(g);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    game_free(g);

    g = test_game(&loa_ops, "repetition=0");
    for (int i = 0; i < 5; i++)
        CHECK_INT(test_play(g, cycle), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    game_free(g);

    g = test_game(&loa_ops, "repetition=2");
    CHECK_INT(test_play(g, cycle), 0);
    CHECK_INT(g->ops->result(g), RESULT_DRAW);
    game_free(g);

    /* after a capture: the cycle that follows still counts */
    g = test_game(&loa_ops, "repetition=2");
    CHECK_INT(test_set_pos(g, "7b/8/8/3b4/7w/w7/8/b3w3 b"), 0);
    CHECK_INT(test_play(g, "a1xa3 h4-g4 h8-g8 g4-h4"), 0);
    CHECK_INT(g->ops->result(g), RESULT_NONE);
    CHECK_INT(test_play(g, "g8-h8"), 0); /* the position after the capture again */
    CHECK_INT(g->ops->result(g), RESULT_DRAW);
    game_free(g);
}

static void test_random_games_invariants(void)
{
    rng r;
    rng_seed(&r, 42);
    game *g = test_game(&loa_ops, NULL);
    game *fresh = test_game(&loa_ops, NULL);
    qmove moves[GAME_MAX_MOVES];
    int bad_roundtrip = 0, bad_hash = 0, bad_parse = 0, bad_undo = 0, games_ended = 0;
    int bad_moves = 0, bad_count = 0;
    for (int game_no = 0; game_no < 40; game_no++) {
        game *start = game_new_like(g);
        g->ops->copy(g, start);
        game_free(start);
        for (int ply = 0; ply < 400; ply++) {
            int n = g->ops->legal_moves(g, moves);
            if (n == 0) {
                games_ended++;
                break;
            }
            char before[GAME_TEXT_MAX], after[GAME_TEXT_MAX];
            g->ops->to_text(g, before, sizeof before);
            uint64_t h = g->ops->hash(g);
            for (int i = 0; i < n; i++) {
                char t[GAME_MOVE_TEXT_MAX], err[GAME_ERR_MAX];
                qmove back;
                g->ops->move_to_text(g, moves[i], t, sizeof t);
                if (g->ops->move_from_text(g, t, &back, err, sizeof err) != 0 || back != moves[i])
                    bad_parse++;
                g->ops->make(g, moves[i]);
                g->ops->unmake(g);
                g->ops->to_text(g, after, sizeof after);
                if (strcmp(before, after) != 0 || g->ops->hash(g) != h)
                    bad_undo++;
            }
            g->ops->make(g, moves[rng_below(&r, (uint32_t)n)]);
            char text[GAME_TEXT_MAX], err[GAME_ERR_MAX], again[GAME_TEXT_MAX];
            g->ops->to_text(g, text, sizeof text);
            if (fresh->ops->from_text(fresh, text, err, sizeof err) != 0)
                bad_roundtrip++;
            fresh->ops->to_text(fresh, again, sizeof again);
            if (strcmp(text, again) != 0)
                bad_roundtrip++;
            if (fresh->ops->hash(fresh) != g->ops->hash(g))
                bad_hash++;
            /* the line counts kept by make and unmake give the moves a
             * position read from text gives */
            qmove again_moves[GAME_MAX_MOVES];
            int k = fresh->ops->legal_moves(fresh, again_moves);
            if (g->ops->result(g) == RESULT_NONE &&
                (k != g->ops->legal_moves(g, moves) ||
                 memcmp(moves, again_moves, (size_t)k * sizeof moves[0]) != 0))
                bad_moves++;
            /* perft's count, line by line, is the list's length */
            if (g->ops->count_moves(g) != g->ops->legal_moves(g, moves))
                bad_count++;
        }
    }
    CHECK_INT(bad_moves, 0);
    CHECK_INT(bad_count, 0);
    CHECK_INT(bad_parse, 0);
    CHECK_INT(bad_undo, 0);
    CHECK_INT(bad_roundtrip, 0);
    CHECK_INT(bad_hash, 0);
    CHECK(games_ended > 30); /* random LOA games end well within 400 plies */
    game_free(g);
    game_free(fresh);
}

static void test_copy_and_undo_turn(void)
{
    game *g = test_game(&loa_ops, NULL);
    CHECK_INT(test_play(g, "c8-c6 a6-c4"), 0);
    game *c = game_clone(g);
    char a[GAME_TEXT_MAX], b[GAME_TEXT_MAX];
    g->ops->to_text(g, a, sizeof a);
    c->ops->to_text(c, b, sizeof b);
    CHECK_STR(a, b);
    CHECK_INT(c->ops->ply(c), 2);
    CHECK_INT(game_undo_turn(c), 1);
    CHECK_INT(game_undo_turn(c), 1);
    CHECK_INT(game_undo_turn(c), 0);
    c->ops->to_text(c, b, sizeof b);
    CHECK_STR(b, "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b");
    CHECK_INT(g->ops->ply(g), 2); /* the original is untouched */
    game_free(c);
    game_free(g);
}

static void test_bad_input(void)
{
    char err[GAME_ERR_MAX];
    CHECK(game_find("chess") == NULL);
    CHECK(game_find("LOA") == &loa_ops);

    char *o1[] = {"colour=red"};
    CHECK(game_create(&loa_ops, 1, o1, err, sizeof err) == NULL);
    CHECK_HAS(err, "unknown option 'colour'");
    char *o2[] = {"repetition=101"};
    CHECK(game_create(&loa_ops, 1, o2, err, sizeof err) == NULL);
    CHECK_HAS(err, "out of range (0..100)");
    char *o3[] = {"nomove=maybe"};
    CHECK(game_create(&loa_ops, 1, o3, err, sizeof err) == NULL);
    CHECK_HAS(err, "not one of: pass, lose");
    char *o4[] = {"repetition"};
    CHECK(game_create(&loa_ops, 1, o4, err, sizeof err) == NULL);
    CHECK_HAS(err, "expected name=value");
    char *o5[] = {"repetition=3x"};
    CHECK(game_create(&loa_ops, 1, o5, err, sizeof err) == NULL);
    CHECK_HAS(err, "not a whole number");

    game *g = test_game(&loa_ops, NULL);
    CHECK_INT(test_play(g, "c8-c6"), 0);
    char before[GAME_TEXT_MAX], after[GAME_TEXT_MAX];
    g->ops->to_text(g, before, sizeof before);
    static const struct {
        const char *move, *msg;
    } bad[] = {
        {"zz", "is not a move"},
        {"c8-c9", "is not a move"},
        {"i1-a1", "is not a move"},
        {"", "empty move"},
        {"b1-b3", "has no white piece"},
        {"a2-b5", "not on one line"},
        {"a2-d2", "exactly 2 squares"},
        {"h2-f2,h3-f3", "turn is already complete"},
        {"pass", "passing is allowed only"},
        {"a2-c2 extra", "is not a move"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_INT(game_play_text(g, bad[i].move, err, sizeof err), -1);
        CHECK_HAS(err, bad[i].msg);
        g->ops->to_text(g, after, sizeof after);
        CHECK_STR(after, before);
        CHECK_INT(g->ops->ply(g), 1);
    }
    static const char *bad_pos[] = {
        "", "8/8/8/8/8/8/8/8 b", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w b",
        "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 x", "1bbbbbb1/w7w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b",
        "9/8/8/8/8/8/8/8 b", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b extra",
    };
    for (size_t i = 0; i < sizeof bad_pos / sizeof bad_pos[0]; i++) {
        CHECK_INT(g->ops->from_text(g, bad_pos[i], err, sizeof err), -1);
        g->ops->to_text(g, after, sizeof after);
        CHECK_STR(after, before);
        CHECK_INT(g->ops->ply(g), 1);
    }
    game_free(g);
}

static void test_options_text_and_colours(void)
{
    game *g = test_game(&loa_ops, "nomove=lose simultaneous=mover");
    char buf[256], v[32];
    game_options_text(g, buf, sizeof buf);
    CHECK_STR(buf, "simultaneous=mover nomove=lose repetition=3");
    CHECK_STR(game_option_value(g, "nomove", v, sizeof v), "lose");
    CHECK(game_option_value(g, "size", v, sizeof v) == NULL);
    CHECK_INT(game_parse_colour(&loa_ops, "black"), 0);
    CHECK_INT(game_parse_colour(&loa_ops, "W"), 1);
    CHECK_INT(game_parse_colour(&loa_ops, "2"), 1);
    CHECK_INT(game_parse_colour(&loa_ops, "red"), -1);
    game_free(g);
}

int main(void)
{
    RUN(test_perft_start);
    RUN(test_start_position);
    RUN(test_sheet_c8_moves);
    RUN(test_sheet_sequence);
    RUN(test_jumps_and_landing);
    RUN(test_full_line);
    RUN(test_simultaneous);
    RUN(test_connection_wins);
    RUN(test_no_move_pass_and_lose);
    RUN(test_null_move);
    RUN(test_playout_no_move);
    RUN(test_playout_repetition);
    RUN(test_repetition);
    RUN(test_random_games_invariants);
    RUN(test_copy_and_undo_turn);
    RUN(test_bad_input);
    RUN(test_options_text_and_colours);
    return check_summary("test_loa");
}
