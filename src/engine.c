/* engine.c - player kinds behind the engine facade. */
#include "engine.h"
#include "util.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { KIND_RANDOM, KIND_AI };

struct engine {
    enum kind kind;
    rng rng;
    uint64_t seed;
    int level;
    int64_t ms;
    int64_t budget_ms;
    uint64_t iterations;
    volatile sig_atomic_t stop;
    qmove moves[GAME_MAX_MOVES];
};

engine *engine_new(const char *kind, char *err, size_t errlen)
{
    enum kind k;
    if (str_ieq(kind, "random"))
        k = KIND_RANDOM;
    else if (str_ieq(kind, "ai"))
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
    e->seed = 1;
    e->level = 5;
    rng_seed(&e->rng, e->seed);
    return e;
}

void engine_free(engine *e) { free(e); }

const char *engine_kind(const engine *e) { return e->kind == KIND_RANDOM ? "random" : "ai"; }

int engine_set(engine *e, const char *name, const char *value, char *err, size_t errlen)
{
    long v;
    if (parse_long(value, &v) != 0 || v < 0) {
        snprintf(err, errlen, "setting %s: '%s' is not a whole number >= 0", name, value);
        return -1;
    }
    if (str_ieq(name, "seed")) {
        e->seed = (uint64_t)v;
        rng_seed(&e->rng, e->seed);
    } else if (str_ieq(name, "level")) {
        if (v < 1 || v > 10) {
            snprintf(err, errlen, "setting level: %ld is out of range (1..10)", v);
            return -1;
        }
        e->level = (int)v;
    } else if (str_ieq(name, "ms")) {
        e->ms = v;
    } else if (str_ieq(name, "iterations")) {
        e->iterations = (uint64_t)v;
    } else {
        snprintf(err, errlen, "unknown setting '%s' (known: seed, level, ms, iterations)", name);
        return -1;
    }
    return 0;
}

int engine_set_all(engine *e, const char *settings, char *err, size_t errlen)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", settings);
    for (char *p = buf; *p; p++)
        if (*p == ':' || *p == ',')
            *p = ' ';
    char *words[32];
    int n = split_words(buf, words, 32);
    for (int i = 0; i < n; i++) {
        char *eq = strchr(words[i], '=');
        if (!eq || eq == words[i]) {
            snprintf(err, errlen, "bad setting '%s': expected name=value", words[i]);
            return -1;
        }
        *eq = 0;
        if (engine_set(e, words[i], eq + 1, err, errlen) != 0)
            return -1;
    }
    return 0;
}

void engine_settings_text(const engine *e, char *buf, size_t len)
{
    snprintf(buf, len, "seed=%llu level=%d ms=%lld iterations=%llu",
             (unsigned long long)e->seed, e->level, (long long)e->ms,
             (unsigned long long)e->iterations);
}

void engine_stop(engine *e) { e->stop = 1; }

void engine_set_time_budget(engine *e, int64_t ms) { e->budget_ms = ms; }

qmove engine_choose(engine *e, const game *g, engine_report *rep)
{
    int64_t t0 = now_ms();
    e->stop = 0;
    int n = g->ops->legal_moves(g, e->moves);
    qmove m = n ? e->moves[rng_below(&e->rng, (uint32_t)n)] : QMOVE_NONE;
    if (rep) {
        rep->value = 0.5;
        rep->iterations = 0;
        rep->ms = now_ms() - t0;
        snprintf(rep->summary, sizeof rep->summary, "%s: %d legal moves", engine_kind(e), n);
    }
    return m;
}
