/* aitest.h - what the tests of the ai share on top of check.h: one search
 * with a game's own settings. */
#ifndef QUARTET_AITEST_H
#define QUARTET_AITEST_H

#include "ai/engine.h"
#include "game.h"

#include <stdio.h>
#include <string.h>

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

/* Over seeds 1..seeds, how many times "ai" at level, with the game's
 * defaults, plays a beginner's slip in g: the move engine_mistake draws
 * for that seed and position at percent, said so and with no search;
 * every other time it searches budget iterations.  -1 when a move breaks
 * that. */
static inline int test_level_slips(const game *g, int level, int percent, int seeds,
                                   uint64_t budget)
{
    int slips = 0;
    for (int seed = 1; seed <= seeds; seed++) {
        char set[64];
        snprintf(set, sizeof set, "level=%d seed=%d", level, seed);
        engine_report rep;
        qmove m = test_ai_choose(g, set, &rep);
        qmove slip = engine_mistake(g, (uint64_t)seed, percent, "ai", NULL);
        int slipped = strstr(rep.summary, " at random (") != NULL;
        int searched = slip == QMOVE_NONE && rep.iterations == budget;
        if (slipped ? m != slip || rep.iterations != 0 : !searched) {
            printf("  level %d seed %d: %s\n", level, seed, rep.summary);
            return -1;
        }
        slips += slipped;
    }
    return slips;
}

#endif
