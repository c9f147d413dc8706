/* gametest.h - what the game tests share on top of check.h: create a game
 * from "name=value ..." text, play turns, set a position, each printing the
 * reason when it fails so that the CHECK that follows is easy to read. */
#ifndef QUARTET_GAMETEST_H
#define QUARTET_GAMETEST_H

#include "game.h"
#include "util.h"

#include <stdio.h>

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

#endif
