/* random.c - the random searcher: a uniformly drawn legal move, or with
 * careful=1 a beginner's move, who looks one move ahead: a win at once if
 * there is one, else a move that does not let the opponent win at once.
 * Its generator runs on from move to move and restarts when the seed is
 * set. */
#include "ai/searcher.h"
#include "rng.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

enum { SET_SEED, SET_CAREFUL };

static const searcher_setting settings[] = {
    [SET_SEED] = {"seed", SEARCHER_INT, 0, INT64_MAX, 1, 0, 0, 0, NULL,
                  "the same seed gives the same moves"},
    [SET_CAREFUL] = {"careful", SEARCHER_BOOL, 0, 1, 0, 0, 0, 0, NULL,
                     "take a win at once, else keep the opponent from one (a beginner's look ahead)"},
    {NULL, 0, 0, 0, 0, 0, 0, 0, NULL, NULL},
};

typedef struct player {
    rng rng;
    int careful;
    qmove moves[GAME_MAX_MOVES];
    qmove replies[GAME_MAX_MOVES];
    qmove picks[GAME_MAX_MOVES]; /* the moves of the best class so far */
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
    p->careful = (int)set[SET_CAREFUL].i;
    return 0;
}

enum { LOSES, SAFE, WINS }; /* a move's class, worst first */
static const char *const class_name[] = {"all letting the opponent win", "safe", "winning at once"};

/* m wins at once, lets the opponent win at once, or neither (a move
 * after which the mover is still to move is neither). */
static int move_class(player *p, game *g, qmove m)
{
    int me = g->ops->to_move(g);
    g->ops->make(g, m);
    int r = g->ops->result(g), c = SAFE;
    if (r == RESULT_FIRST + me)
        c = WINS;
    else if (r == RESULT_NONE && g->ops->to_move(g) != me && game_wins_at_once(g, p->replies))
        c = LOSES;
    g->ops->unmake(g);
    return c;
}

/* A move drawn from the best class among moves[0..n), judged in a copy
 * of g; its class in *cls (-1 and any move when no copy can be had) and
 * the class's size in *count. */
static qmove careful_move(player *p, const game *g, int n, int *cls, int *count)
{
    game *s = game_clone(g);
    int best = -1, k = 0;
    for (int i = 0; s && i < n; i++) {
        int c = move_class(p, s, p->moves[i]);
        if (c > best)
            best = c, k = 0;
        if (c == best)
            p->picks[k++] = p->moves[i];
    }
    game_free(s);
    *cls = best;
    *count = k ? k : n;
    return k ? p->picks[rng_below(&p->rng, (uint32_t)k)] : p->moves[rng_below(&p->rng, (uint32_t)n)];
}

static qmove choose(void *self, const game *g, const searcher_run *run, engine_report *rep)
{
    player *p = self;
    int64_t t0 = util_now_ms();
    int n = g->ops->legal_moves(g, p->moves), cls = -1, count = n;
    qmove m = QMOVE_NONE;
    if (n && p->careful)
        m = careful_move(p, g, n, &cls, &count);
    else if (n)
        m = p->moves[rng_below(&p->rng, (uint32_t)n)];
    rep->proven = cls == WINS;
    rep->value = cls == WINS ? 1.0 : 0.5;
    if (cls < 0)
        snprintf(rep->summary, sizeof rep->summary, "random: %d legal moves", n);
    else
        snprintf(rep->summary, sizeof rep->summary, "random: %d legal moves, %d %s", n, count,
                 class_name[cls]);
    if (run->progress) {
        engine_candidate c = {m, 0, rep->value, 0.5, rep->proven, rep->proven};
        engine_progress pr = {util_now_ms() - t0, 0, rep->value, rep->proven, m != QMOVE_NONE, &c,
                              m != QMOVE_NONE, &m, 1, 0, 0, 0};
        run->progress(&pr, run->progress_arg);
    }
    return m;
}

const searcher_ops random_searcher = {
    .name = "random",
    .summary = "a uniformly random legal move, or (careful=1) one a move ahead",
    .settings = settings,
    .create = create,
    .destroy = destroy,
    .configure = configure,
    .choose = choose,
};
