/* aitest.h - what the tests of the ai share on top of check.h: one search
 * with a game's own settings. */
#ifndef QUARTET_AITEST_H
#define QUARTET_AITEST_H

#include "ai/engine.h"
#include "game.h"

#include <stdio.h>

/* A fresh player of kind with the game's defaults and then settings; its
 * move in g. */
static inline qmove test_kind_choose(const char *kind, const game *g, const char *settings,
                                     engine_report *rep)
{
    char err[GAME_ERR_MAX];
    engine *e = engine_new(kind, err, sizeof err);
    engine_set_game(e, g);
    if (engine_set_all(e, settings, err, sizeof err) != 0)
        printf("  settings '%s': %s\n", settings, err);
    qmove m = engine_choose(e, g, rep);
    engine_free(e);
    return m;
}

/* The same with "ai", the game's strongest player. */
static inline qmove test_ai_choose(const game *g, const char *settings, engine_report *rep)
{
    return test_kind_choose("ai", g, settings, rep);
}

#endif
