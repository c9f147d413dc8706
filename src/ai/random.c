/* random.c - the random searcher: a uniformly drawn legal move.  Its
 * generator runs on from move to move and restarts when the seed is set. */
#include "ai/searcher.h"
#include "rng.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

enum { SET_SEED };

static const searcher_setting settings[] = {
    [SET_SEED] = {"seed", SEARCHER_INT, 0, INT64_MAX, 1, 0, 0, 0, NULL,
                  "the same seed gives the same moves"},
    {NULL, 0, 0, 0, 0, 0, 0, 0, NULL, NULL},
};

typedef struct player {
    rng rng;
    qmove moves[GAME_MAX_MOVES];
} player;

static void *create(char *err, size_t errlen)
{
    player *p = calloc(1, sizeof *p);
    if (!p)
        snprintf(err, errlen, "out of memory");
    return p;
}

static void destroy(void *self) { free(self); }

static int configure(void *self, const searcher_value *set, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    player *p = self;
    rng_seed(&p->rng, (uint64_t)set[SET_SEED].i);
    return 0;
}

static qmove choose(void *self, const game *g, const searcher_run *run, engine_report *rep)
{
    player *p = self;
    int64_t t0 = util_now_ms();
    int n = g->ops->legal_moves(g, p->moves);
    qmove m = n ? p->moves[rng_below(&p->rng, (uint32_t)n)] : QMOVE_NONE;
    rep->value = 0.5;
    snprintf(rep->summary, sizeof rep->summary, "random: %d legal moves", n);
    if (run->progress) {
        engine_candidate c = {m, 0, 0.5, 0.5, 0};
        engine_progress pr = {util_now_ms() - t0, 0, 0.5, 0, m != QMOVE_NONE, &c,
                              m != QMOVE_NONE, &m, 1, 0, 0};
        run->progress(&pr, run->progress_arg);
    }
    return m;
}

const searcher_ops random_searcher = {
    .name = "random",
    .summary = "a uniformly random legal move",
    .settings = settings,
    .create = create,
    .destroy = destroy,
    .configure = configure,
    .choose = choose,
};
