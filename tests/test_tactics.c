/* test_tactics.c - the player in solved positions, in every game: a win
 * in one is played and reported proven, a win in two is played and
 * proven (three moves to the end, the shortest), a threat of an immediate loss is blocked -- at small iteration
 * budgets, with each game's own settings (and with RAVE).  The careful
 * random player (a beginner's look one move ahead) takes the win in one
 * and blocks too, with every seed.
 *
 * The positions come from seeded random games and are classified by
 * brute force here (every move, every reply, every move after it), so the
 * answers are computed from the rules, not written in.  Each position is
 * also answered by four threads sharing one tree. */
#include "check.h"
#include "aitest.h"
#include "gametest.h"
#include "rng.h"

#include <stdlib.h>

#define PER_KIND 3     /* positions of each kind tested per game */
#define MAX_GAMES 400  /* random games searched for them */

enum kind { WIN1, WIN2, BLOCK, NKINDS };
static const char *const kind_name[] = {"win in one", "win in two", "must block"};

typedef struct verdict {
    int n;                     /* legal moves */
    qmove moves[GAME_MAX_MOVES];
    unsigned char good[GAME_MAX_MOVES]; /* the moves that answer the kind */
    int ngood;
} verdict;

/* After our move (made in g, the game going on, the opponent to move):
 * does every reply lose to a move of ours at once, or end in our win? */
static int every_reply_loses(game *g, int me)
{
    qmove list[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, list), all = n > 0;
    for (int i = 0; i < n && all; i++) {
        g->ops->make(g, list[i]);
        int r = g->ops->result(g);
        all = r == RESULT_FIRST + me || (r == RESULT_NONE && g->ops->to_move(g) == me &&
                                         test_win_at_once(g, NULL));
        g->ops->unmake(g);
    }
    return all;
}

/* Which kind the position is (and its good answers), or -1: a win in one;
 * else a win in two; else a must-block when at least half the moves hand
 * the opponent a win at once and some do not. */
static int classify(game *g, verdict *v)
{
    const game_ops *ops = g->ops;
    int me = ops->to_move(g), lose = 0;
    unsigned char win1[GAME_MAX_MOVES], win2[GAME_MAX_MOVES], safe[GAME_MAX_MOVES];
    int n1 = 0, n2 = 0, nsafe = 0;
    v->n = ops->legal_moves(g, v->moves);
    for (int i = 0; i < v->n; i++) {
        ops->make(g, v->moves[i]);
        int r = ops->result(g), other = ops->to_move(g) != me;
        win1[i] = r == RESULT_FIRST + me;
        safe[i] = r == RESULT_NONE && other && !test_win_at_once(g, NULL);
        lose += r == RESULT_NONE && other && !safe[i];
        win2[i] = !win1[i] && safe[i] && every_reply_loses(g, me);
        ops->unmake(g);
        n1 += win1[i], n2 += win2[i], nsafe += safe[i];
        if (r == RESULT_NONE && !other)
            return -1; /* a turn of several moves: not for these tests */
    }
    const unsigned char *good = n1 ? win1 : n2 ? win2 : safe;
    int kind = n1 ? WIN1 : n2 ? WIN2 : (nsafe && 2 * lose >= v->n) ? BLOCK : -1;
    memcpy(v->good, good, (size_t)v->n);
    v->ngood = n1 ? n1 : n2 ? n2 : nsafe;
    return kind;
}

static int good_move(const verdict *v, qmove m)
{
    for (int i = 0; i < v->n; i++)
        if (v->moves[i] == m)
            return v->good[i];
    return 0;
}

/* The player's answer to one position of a kind, under settings. */
static void check_answer(game *g, int kind, const verdict *v, const char *settings)
{
    engine_report rep;
    qmove m = test_ai_choose(g, settings, &rep);
    /* a win is reported proven with its length (the shortest), unless the
     * move was forced (the only one, or every other loses), which is
     * played at once */
    const char *length = kind == WIN1 ? "(proven win, 1 move to the end)"
                                      : "(proven win, 3 moves to the end)";
    int ok = good_move(v, m) && (kind == BLOCK || (rep.proven && rep.value == 1.0 &&
                                                   strstr(rep.summary, length)) ||
                                 strstr(rep.summary, "(the only move not lost)") ||
                                 strstr(rep.summary, "(the only legal move)"));
    if (!ok) {
        char pos[GAME_TEXT_MAX];
        g->ops->to_text(g, pos, sizeof pos);
        printf("  %s %s [%s]: %s\n", g->ops->name, kind_name[kind], settings, rep.summary);
        printf("    position %s\n", pos);
    }
    CHECK(ok);
}

/* The careful random player's answer, with a few seeds: a win in one
 * played and reported proven, a must-block blocked.  A win in two is
 * beyond its look ahead. */
static void check_careful(game *g, int kind, const verdict *v)
{
    if (kind == WIN2)
        return;
    for (int seed = 1; seed <= 4; seed++) {
        char settings[64];
        engine_report rep;
        snprintf(settings, sizeof settings, "careful=1 seed=%d", seed);
        qmove m = test_kind_choose("random", g, settings, &rep);
        int ok = good_move(v, m) && rep.proven == (kind == WIN1);
        if (!ok)
            printf("  %s %s [random %s]: %s\n", g->ops->name, kind_name[kind], settings,
                   rep.summary);
        CHECK(ok);
    }
}

/* Seeded random games of one game, each position classified, until
 * PER_KIND positions of every kind were answered. */
static void tactics(const char *name, const char *opts, const char *budget)
{
    game *g = test_game(game_find(name), opts);
    verdict *v = malloc(sizeof *v);
    int found[NKINDS] = {0};
    rng r;
    rng_seed(&r, 2026);
    char rave[96], threads[96];
    snprintf(rave, sizeof rave, "%s rave=300", budget);
    snprintf(threads, sizeof threads, "%s threads=4", budget);
    for (int k = 0; k < MAX_GAMES; k++) {
        game *s = game_new_like(g);
        for (;;) {
            int n = s->ops->legal_moves(s, v->moves);
            if (n == 0)
                break;
            int kind = classify(s, v);
            if (kind >= 0 && found[kind] < PER_KIND) {
                found[kind]++;
                check_answer(s, kind, v, budget);
                check_answer(s, kind, v, rave);
                check_answer(s, kind, v, threads);
                check_careful(s, kind, v);
            }
            n = s->ops->legal_moves(s, v->moves);
            s->ops->make(s, v->moves[rng_below(&r, (uint32_t)n)]);
        }
        game_free(s);
        if (found[WIN1] == PER_KIND && found[WIN2] == PER_KIND && found[BLOCK] == PER_KIND)
            break;
    }
    for (int k = 0; k < NKINDS; k++)
        if (found[k] < PER_KIND)
            printf("  %s %s: %d positions of kind %s\n", name, opts, found[k], kind_name[k]);
    CHECK_INT(found[WIN1], PER_KIND);
    CHECK_INT(found[WIN2], PER_KIND);
    CHECK_INT(found[BLOCK], PER_KIND);
    free(v);
    game_free(g);
}

static void test_y(void) { tactics("y", "size=7", "iterations=3000 seed=1 memory=16"); }
static void test_lot(void) { tactics("lot", "", "iterations=3000 seed=1 memory=16"); }
static void test_coffee(void) { tactics("coffee", "board=hex size=4", "iterations=3000 seed=1 memory=16"); }
static void test_loa(void) { tactics("loa", "", "iterations=3000 seed=1 memory=16"); }

int main(void)
{
    RUN(test_y);
    RUN(test_lot);
    RUN(test_coffee);
    RUN(test_loa);
    return check_summary("test_tactics");
}
