/* gametest.h - what the game tests share on top of check.h: create a game
 * from "name=value ..." text, play turns, set a position, each printing the
 * reason when it fails so that the CHECK that follows is easy to read. */
#ifndef QUARTET_GAMETEST_H
#define QUARTET_GAMETEST_H

#include "game.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* opts: NULL or "" for the defaults, else space-separated name=value. */
static inline game *test_game(const game_ops *ops, const char *opts)
{
    char buf[256], err[GAME_ERR_MAX], *argv[GAME_MAX_OPTIONS + 1];
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    int argc = util_split_words(buf, argv, GAME_MAX_OPTIONS + 1);
    game *g = game_create(ops, argc, argv, err, sizeof err);
    if (!g)
        printf("  create %s '%s' failed: %s\n", ops->name, buf, err);
    return g;
}

/* turns: space-separated, each one turn for game_play_text ("h2,j4"). */
static inline int test_play(game *g, const char *turns)
{
    char err[GAME_ERR_MAX], buf[4096], *w[512];
    snprintf(buf, sizeof buf, "%s", turns);
    int n = util_split_words(buf, w, 512);
    for (int i = 0; i < n; i++)
        if (game_play_text(g, w[i], err, sizeof err) < 0) {
            printf("  move %s failed: %s\n", w[i], err);
            return -1;
        }
    return 0;
}

static inline int test_set_pos(game *g, const char *text)
{
    char err[GAME_ERR_MAX];
    int rc = g->ops->from_text(g, text, err, sizeof err);
    if (rc)
        printf("  from_text failed: %s\n", err);
    return rc;
}

/* For playouts that keep their moves but not the positions between them:
 * plays out c (a copy of start with `made` moves made by the caller) for
 * a few plies, then, by i % 3, plays out again, copies it, or makes a
 * move; then unmakes every move of c, comparing c each time with start
 * replayed through make() to that ply (text, hash, result).  1 when all
 * agree and c ends equal to start. */
static inline int test_playout_unmakes(const game *start, game *c, struct rng *r, int i)
{
    const game_ops *ops = start->ops;
    ops->playout(c, r, 2 + i % 5);
    if (i % 3 == 0)
        ops->playout(c, r, 1000);
    if (i % 3 == 1) {
        game *d = game_clone(c);
        ops->copy(c, d);
        game_free(d);
    }
    qmove moves[GAME_MAX_MOVES];
    if (i % 3 == 2 && ops->legal_moves(c, moves) > 0)
        ops->make(c, moves[0]);
    game *replay = game_new_like(start);
    int same = 1;
    for (int k = ops->ply(c); k > 0; k--) {
        ops->copy(replay, start);
        for (int j = 0; j < k; j++)
            ops->make(replay, ops->move_at(c, j));
        char a[GAME_TEXT_MAX], b[GAME_TEXT_MAX];
        ops->to_text(replay, a, sizeof a);
        ops->to_text(c, b, sizeof b);
        same &= strcmp(a, b) == 0 && ops->hash(replay) == ops->hash(c) &&
                ops->result(replay) == ops->result(c);
        ops->unmake(c);
    }
    game_free(replay);
    return same && ops->ply(c) == 0 && ops->hash(c) == ops->hash(start);
}

/* Does the side to move have a move that ends the game in its favour
 * (reason NULL), or one whose result reason contains reason? */
static inline int test_win_at_once(game *g, const char *reason)
{
    qmove list[GAME_MAX_MOVES];
    char why[256];
    int n = g->ops->legal_moves(g, list), p = g->ops->to_move(g), win = 0;
    for (int i = 0; i < n && !win; i++) {
        g->ops->make(g, list[i]);
        win = g->ops->result(g) == RESULT_FIRST + p;
        if (win && reason) {
            g->ops->result_reason(g, why, sizeof why);
            win = strstr(why, reason) != NULL;
        }
        g->ops->unmake(g);
    }
    return win;
}

#endif
