#define _POSIX_C_SOURCE 200809L
/* searcher.c - the searcher registry, and settings parsed, printed and
 * documented from each searcher's table (see searcher.h). */
#include "ai/searcher.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const searcher_ops *const searcher_registry[] = {
    &mcts_searcher,
    &alphabeta_searcher,
    &random_searcher,
    NULL,
};

const searcher_ops *searcher_find(const char *name)
{
    if (util_str_ieq(name, "ai"))
        return searcher_registry[0];
    for (int i = 0; searcher_registry[i]; i++)
        if (util_str_ieq(name, searcher_registry[i]->name))
            return searcher_registry[i];
    return NULL;
}

int searcher_setting_index(const searcher_ops *ops, const char *name)
{
    for (int i = 0; ops->settings[i].name; i++)
        if (util_str_ieq(name, ops->settings[i].name))
            return i;
    return -1;
}

/* "1..10", "0..10", "0|1", "a|b|c": the values a setting takes. */
static void range_text(const searcher_setting *s, char *buf, size_t len)
{
    buf[0] = 0;
    switch (s->type) {
    case SEARCHER_INT:
        snprintf(buf, len, "%lld..%lld", s->min, s->max);
        break;
    case SEARCHER_FLOAT:
        snprintf(buf, len, "%g..%g", s->fmin, s->fmax);
        break;
    case SEARCHER_BOOL:
        snprintf(buf, len, "0|1");
        break;
    case SEARCHER_CHOICE:
        for (int i = 0; s->choices[i]; i++)
            util_str_appendf(buf, len, "%s%s", i ? "|" : "", s->choices[i]);
        break;
    }
}

static int parse_int(const char *value, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(value, &end, 10);
    if (!*value || *end || errno)
        return -1;
    *out = v;
    return 0;
}

int searcher_parse(const searcher_setting *s, const char *value, searcher_value *out,
                   char *err, size_t errlen)
{
    char range[160];
    range_text(s, range, sizeof range);
    if (s->type == SEARCHER_FLOAT) {
        char *end;
        errno = 0;
        double f = strtod(value, &end);
        if (!*value || *end || errno || !isfinite(f) || f < s->fmin || f > s->fmax) {
            snprintf(err, errlen, "%s must be a number %s, not '%.40s'", s->name, range, value);
            return -1;
        }
        out->f = f;
        return 0;
    }
    if (s->type == SEARCHER_CHOICE) {
        for (int i = 0; s->choices[i]; i++)
            if (util_str_ieq(value, s->choices[i])) {
                out->i = i;
                return 0;
            }
        snprintf(err, errlen, "%s must be one of %s, not '%.40s'", s->name, range, value);
        return -1;
    }
    long long v, lo = s->type == SEARCHER_BOOL ? 0 : s->min;
    long long hi = s->type == SEARCHER_BOOL ? 1 : s->max;
    if (parse_int(value, &v) != 0) {
        snprintf(err, errlen, "%s must be a whole number %s, not '%.40s'", s->name, range, value);
        return -1;
    }
    if (v < lo || v > hi) {
        snprintf(err, errlen, "%s must be %s, not %lld", s->name, range, v);
        return -1;
    }
    out->i = v;
    return 0;
}

void searcher_value_text(const searcher_setting *s, searcher_value v, char *buf, size_t len)
{
    if (s->type == SEARCHER_FLOAT)
        snprintf(buf, len, "%g", v.f);
    else if (s->type == SEARCHER_CHOICE)
        snprintf(buf, len, "%s", s->choices[v.i]);
    else
        snprintf(buf, len, "%lld", v.i);
}

int searcher_time_replaces_level(const searcher_run *run, long long ms_setting)
{
    return ms_setting > 0 || (run->budget_ms > 0 && !run->level_holds);
}

int searcher_check_memory(long long mb, char *err, size_t errlen)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    long long phys = pages > 0 && page > 0 ? (long long)((double)pages * page / (1024 * 1024)) : 0;
    if (phys && mb > phys) {
        snprintf(err, errlen, "setting memory: %lld MB is more than this machine has (%lld MB)",
                 mb, phys);
        return -1;
    }
    return 0;
}

void searcher_defaults(const searcher_ops *ops, searcher_value *out)
{
    for (int i = 0; ops->settings[i].name; i++) {
        const searcher_setting *s = &ops->settings[i];
        if (s->type == SEARCHER_FLOAT)
            out[i].f = s->fdef;
        else
            out[i].i = s->def;
    }
}

/* The games that tune setting s of searcher ops: "; loa: 1", or "". */
static void game_defaults_text(const searcher_ops *ops, const searcher_setting *s, char *buf,
                               size_t len)
{
    buf[0] = 0;
    size_t nlen = strlen(s->name);
    for (int g = 0; game_registry[g]; g++) {
        const game_ai_defaults *d = game_registry[g]->ai_defaults;
        for (; d && d->searcher; d++) {
            if (!util_str_ieq(d->searcher, ops->name))
                continue;
            for (const char *p = d->settings; (p = strstr(p, s->name)) != NULL; p += nlen) {
                if ((p == d->settings || p[-1] == ' ') && p[nlen] == '=') {
                    int vlen = (int)strcspn(p + nlen + 1, " ");
                    util_str_appendf(buf, len, "%s%s%s%s: %.*s", buf[0] ? ", " : "; ",
                                     game_registry[g]->name, d->when ? " " : "",
                                     d->when ? d->when : "", vlen, p + nlen + 1);
                }
            }
        }
    }
}

/* Is searcher `name` the game's `ai`, named by the game? */
static int game_ai_is(const game_ops *g, const char *name)
{
    return g->ai_searcher && !strcmp(g->ai_searcher, name);
}

/* "ai": the first searcher, and the games that choose another. */
static void ai_help(char *buf, size_t len)
{
    util_str_appendf(buf, len, "  ai  the strongest player: %s", searcher_registry[0]->name);
    for (int k = 1; searcher_registry[k]; k++) {
        const char *name = searcher_registry[k]->name;
        int n = 0, total = 0;
        for (int g = 0; game_registry[g]; g++)
            total += game_ai_is(game_registry[g], name);
        for (int g = 0; game_registry[g]; g++)
            if (game_ai_is(game_registry[g], name))
                util_str_appendf(buf, len, "%s%s", !n++ ? ", in " : n < total ? ", " : " and ",
                                 game_registry[g]->name);
        if (n)
            util_str_appendf(buf, len, " %s", name);
    }
    util_str_appendf(buf, len, " (its settings: those of any searcher)\n");
}

void searcher_help(char *buf, size_t len)
{
    buf[0] = 0;
    ai_help(buf, len);
    for (int k = 0; searcher_registry[k]; k++) {
        const searcher_ops *ops = searcher_registry[k];
        util_str_appendf(buf, len, "  %s  %s\n", ops->name, ops->summary);
        for (int i = 0; ops->settings[i].name; i++) {
            const searcher_setting *s = &ops->settings[i];
            char range[160], def[64], games[128];
            searcher_value v;
            range_text(s, range, sizeof range);
            if (s->type == SEARCHER_FLOAT)
                v.f = s->fdef;
            else
                v.i = s->def;
            searcher_value_text(s, v, def, sizeof def);
            game_defaults_text(ops, s, games, sizeof games);
            util_str_appendf(buf, len, "    %s=%s  (default %s%s)\n      %s\n", s->name, range,
                             def, games, s->help);
        }
    }
}
