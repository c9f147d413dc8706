/* engine.c - player kinds behind the engine facade: "random" draws a legal
 * move uniformly, "ai" runs the Monte Carlo Tree Search in mcts.c. */
#include "ai/engine.h"
#include "ai/mcts.h"
#include "rng.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum kind { KIND_RANDOM, KIND_AI };

#define LEVEL_MIN 1
#define LEVEL_MAX 10
#define LEVEL_DEFAULT 5
#define MEMORY_DEFAULT 256 /* MB for the node pool */
#define MEMORY_MAX 65536

struct engine {
    enum kind kind;
    rng rng;
    uint64_t seed;
    int level;
    int64_t ms;
    int64_t budget_ms;
    uint64_t iterations;
    long memory;
    double c;
    int cutoff;
    int eval_plies;
    int max_plies;
    long prior;
    long reuse;
    engine_progress_fn progress;
    void *progress_arg;
    int progress_ms;
    mcts *tree; /* made at the first search, again when memory changes */
    atomic_int stop; /* set by engine_stop from any thread or a signal handler */
    qmove moves[GAME_MAX_MOVES];
};

uint64_t engine_level_iterations(int level)
{
    if (level < LEVEL_MIN)
        level = LEVEL_MIN;
    if (level > LEVEL_MAX)
        level = LEVEL_MAX;
    return (uint64_t)ENGINE_LEVEL1_ITERATIONS << (level - 1);
}

engine *engine_new(const char *kind, char *err, size_t errlen)
{
    enum kind k;
    if (util_str_ieq(kind, "random"))
        k = KIND_RANDOM;
    else if (util_str_ieq(kind, "ai"))
        k = KIND_AI;
    else {
        snprintf(err, errlen, "unknown player kind '%s' (known: random, ai)", kind);
        return NULL;
    }
    engine *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    e->kind = k;
    atomic_init(&e->stop, 0);
    e->seed = 1;
    e->level = LEVEL_DEFAULT;
    e->memory = MEMORY_DEFAULT;
    e->c = 0.7;
    e->cutoff = 1;
    e->eval_plies = 4;
    e->max_plies = 1000;
    e->prior = 4;
    e->reuse = 1;
    rng_seed(&e->rng, e->seed);
    return e;
}

void engine_free(engine *e)
{
    if (!e)
        return;
    mcts_free(e->tree);
    free(e);
}

const char *engine_kind(const engine *e) { return e->kind == KIND_RANDOM ? "random" : "ai"; }

static const char known_settings[] =
    "seed, level, iterations, ms, memory, c, cutoff, evalplies, maxplies, prior, reuse";

static int set_range(const char *name, const char *value, long lo, long hi, long *out,
                     char *err, size_t errlen)
{
    long v;
    if (util_parse_long(value, &v) != 0) {
        snprintf(err, errlen, "setting %s: '%s' is not a whole number", name, value);
        return -1;
    }
    if (v < lo || v > hi) {
        snprintf(err, errlen, "setting %s: %ld is out of range (%ld..%ld)", name, v, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* The node pool is taken when the setting is made, so a size that cannot
 * be had is refused here rather than found out at the next search. */
static int set_memory(engine *e, long mb, char *err, size_t errlen)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    long phys = pages > 0 && page > 0 ? (long)((double)pages * page / (1024 * 1024)) : 0;
    if (phys && mb > phys) {
        snprintf(err, errlen, "setting memory: %ld MB is more than this machine has (%ld MB)",
                 mb, phys);
        return -1;
    }
    /* unchanged (settings carried over to a new engine): nothing to take */
    if (mb == e->memory)
        return 0;
    mcts *t = mcts_new((size_t)mb);
    if (!t) {
        snprintf(err, errlen, "setting memory: cannot allocate %ld MB", mb);
        return -1;
    }
    mcts_free(e->tree);
    e->tree = t;
    e->memory = mb;
    return 0;
}

int engine_set(engine *e, const char *name, const char *value, char *err, size_t errlen)
{
    long v;
    if (util_str_ieq(name, "c")) {
        char *end;
        errno = 0;
        double c = strtod(value, &end);
        if (!*value || *end || errno || !isfinite(c) || c < 0 || c > 10) {
            snprintf(err, errlen, "setting c: '%s' is not a number from 0 to 10", value);
            return -1;
        }
        e->c = c;
        return 0;
    }
    if (util_str_ieq(name, "seed")) {
        unsigned long long s;
        char *end;
        errno = 0;
        s = strtoull(value, &end, 10);
        if (!*value || *end || errno || value[0] == '-') {
            snprintf(err, errlen, "setting seed: '%s' is not a whole number >= 0", value);
            return -1;
        }
        e->seed = s;
        rng_seed(&e->rng, e->seed);
    } else if (util_str_ieq(name, "level")) {
        if (set_range(name, value, LEVEL_MIN, LEVEL_MAX, &v, err, errlen))
            return -1;
        e->level = (int)v;
    } else if (util_str_ieq(name, "ms")) {
        if (set_range(name, value, 0, 1000L * 3600 * 24, &v, err, errlen))
            return -1;
        e->ms = v;
    } else if (util_str_ieq(name, "iterations")) {
        if (set_range(name, value, 0, 2000000000L, &v, err, errlen))
            return -1;
        e->iterations = (uint64_t)v;
    } else if (util_str_ieq(name, "memory")) {
        if (set_range(name, value, 1, MEMORY_MAX, &v, err, errlen) ||
            set_memory(e, v, err, errlen))
            return -1;
    } else if (util_str_ieq(name, "cutoff")) {
        if (set_range(name, value, 0, 1000, &v, err, errlen))
            return -1;
        e->cutoff = (int)v;
    } else if (util_str_ieq(name, "evalplies")) {
        if (set_range(name, value, 0, 100000, &v, err, errlen))
            return -1;
        e->eval_plies = (int)v;
    } else if (util_str_ieq(name, "prior")) {
        if (set_range(name, value, 0, 1000, &v, err, errlen))
            return -1;
        e->prior = v;
    } else if (util_str_ieq(name, "reuse")) {
        if (set_range(name, value, 0, 1, &v, err, errlen))
            return -1;
        e->reuse = v;
    } else if (util_str_ieq(name, "maxplies")) {
        if (set_range(name, value, 1, 100000, &v, err, errlen))
            return -1;
        e->max_plies = (int)v;
    } else {
        snprintf(err, errlen, "unknown setting '%s' (known: %s)", name, known_settings);
        return -1;
    }
    return 0;
}

int engine_set_all(engine *e, const char *settings, char *err, size_t errlen)
{
    char buf[512];
    if (strlen(settings) >= sizeof buf) {
        snprintf(err, errlen, "settings too long");
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", settings);
    for (char *p = buf; *p; p++)
        if (*p == ':' || *p == ',')
            *p = ' ';
    char *words[32];
    int n = util_split_words(buf, words, 32);
    /* check everything on a copy first: all or nothing */
    engine trial = *e;
    trial.tree = NULL;
    for (int i = 0; i < n; i++) {
        char *eq = strchr(words[i], '=');
        if (!eq || eq == words[i]) {
            snprintf(err, errlen, "bad setting '%s': expected name=value", words[i]);
            return -1;
        }
        *eq = 0;
        if (engine_set(&trial, words[i], eq + 1, err, errlen) != 0) {
            mcts_free(trial.tree);
            return -1;
        }
        *eq = '=';
    }
    mcts_free(trial.tree);
    for (int i = 0; i < n; i++) {
        char *eq = strchr(words[i], '=');
        *eq = 0;
        engine_set(e, words[i], eq + 1, err, errlen);
    }
    return 0;
}

void engine_settings_text(const engine *e, char *buf, size_t len)
{
    snprintf(buf, len,
             "seed=%llu level=%d iterations=%llu ms=%lld memory=%ld c=%g cutoff=%d "
             "evalplies=%d maxplies=%d prior=%ld reuse=%ld",
             (unsigned long long)e->seed, e->level, (unsigned long long)e->iterations,
             (long long)e->ms, e->memory, e->c, e->cutoff, e->eval_plies, e->max_plies, e->prior, e->reuse);
}

void engine_set_progress(engine *e, engine_progress_fn fn, void *arg, int interval_ms)
{
    e->progress = fn;
    e->progress_arg = arg;
    e->progress_ms = interval_ms;
}

int engine_moves_text(const game *g, const qmove *moves, int n, char *buf, size_t len)
{
    if (len)
        buf[0] = 0;
    if (n <= 0)
        return 0;
    game *s = game_clone(g);
    if (!s)
        return -1;
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        char tok[GAME_MOVE_TEXT_MAX];
        s->ops->move_to_text(s, moves[i], tok, sizeof tok);
        size_t k = strlen(tok) + (i > 0);
        if (used + k + 1 > len)
            break;
        snprintf(buf + used, len - used, "%s%s", i ? " " : "", tok);
        used += k;
        s->ops->make(s, moves[i]);
    }
    game_free(s);
    return 0;
}

void engine_stop(engine *e) { atomic_store(&e->stop, 1); }

void engine_clear_stop(engine *e) { atomic_store(&e->stop, 0); }

void engine_set_time_budget(engine *e, int64_t ms) { e->budget_ms = ms > 0 ? ms : 0; }

static qmove choose_random(engine *e, const game *g, engine_report *rep, int64_t t0)
{
    int n = g->ops->legal_moves(g, e->moves);
    qmove m = n ? e->moves[rng_below(&e->rng, (uint32_t)n)] : QMOVE_NONE;
    if (rep) {
        rep->value = 0.5;
        rep->iterations = 0;
        rep->nodes = 0;
        rep->proven = 0;
        rep->reused = 0;
        rep->ms = util_now_ms() - t0;
        snprintf(rep->summary, sizeof rep->summary, "random: %d legal moves", n);
    }
    if (e->progress) {
        engine_candidate c = {m, 0, 0.5, 0.5, 0};
        engine_progress p = {util_now_ms() - t0, 0, 0.5, 0, m != QMOVE_NONE, &c,
                             m != QMOVE_NONE, &m, 1};
        e->progress(&p, e->progress_arg);
    }
    return m;
}

static qmove search(engine *e, const game *g, engine_report *rep, int analyze);

qmove engine_choose(engine *e, const game *g, engine_report *rep)
{
    return search(e, g, rep, 0);
}

qmove engine_analyze(engine *e, const game *g, engine_report *rep)
{
    return search(e, g, rep, 1);
}

static qmove search(engine *e, const game *g, engine_report *rep, int analyze)
{
    int64_t t0 = util_now_ms();
    if (e->kind == KIND_RANDOM)
        return choose_random(e, g, rep, t0);

    if (e->tree && mcts_memory_mb(e->tree) != (size_t)e->memory) {
        mcts_free(e->tree);
        e->tree = NULL;
    }
    if (!e->tree)
        e->tree = mcts_new((size_t)e->memory);
    if (!e->tree) {
        /* no memory for a tree: still answer with a legal move */
        qmove m = choose_random(e, g, rep, t0);
        if (rep)
            snprintf(rep->summary, sizeof rep->summary,
                     "ai: no memory for a %ld MB tree, moved at random", e->memory);
        return m;
    }
    mcts_params p;
    p.iterations = e->iterations ? e->iterations : engine_level_iterations(e->level);
    p.ms = e->ms;
    if (e->budget_ms && (!p.ms || e->budget_ms < p.ms))
        p.ms = e->budget_ms;
    p.seed = e->seed;
    p.c = e->c;
    p.cutoff = e->cutoff;
    p.eval_plies = e->eval_plies;
    p.prior = (double)e->prior;
    p.reuse = (int)e->reuse;
    p.max_plies = e->max_plies;
    p.progress = e->progress;
    p.progress_arg = e->progress_arg;
    p.progress_ms = e->progress_ms;
    if (analyze) {
        p.iterations = 0;
        p.ms = 0;
    }
    mcts_result r;
    qmove m = mcts_search(e->tree, g, &p, &e->stop, &r);
    if (rep) {
        rep->value = r.value;
        rep->iterations = r.iterations;
        rep->nodes = r.nodes;
        rep->proven = r.proven;
        rep->reused = r.reused;
        rep->ms = util_now_ms() - t0;
        if (m == QMOVE_NONE) {
            snprintf(rep->summary, sizeof rep->summary, "ai: game over");
        } else {
            char tok[GAME_MOVE_TEXT_MAX], pv[128];
            g->ops->move_to_text(g, m, tok, sizeof tok);
            if (engine_moves_text(g, r.pv, r.npv, pv, sizeof pv) != 0)
                snprintf(pv, sizeof pv, "%s", tok);
            rep->summary[0] = 0;
            util_str_appendf(rep->summary, sizeof rep->summary,
                        "ai: %s visits %u win %.3f value %.3f%s iterations %llu nodes %llu "
                        "reused %llu %lld ms pv %s",
                        tok, r.visits, r.win_rate, r.value, r.proven ? " (proven)" : "",
                        (unsigned long long)r.iterations, (unsigned long long)r.nodes,
                        (unsigned long long)r.reused, (long long)rep->ms, pv);
        }
    }
    return m;
}
