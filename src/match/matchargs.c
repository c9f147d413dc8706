/* matchargs.c - the command line of `quartet match` (see matchargs.h). */
#include "match/matchargs.h"
#include "ai/engine.h"
#include "util.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *schedule_names[] = {"match", "gauntlet", "roundrobin"};

const char *matchargs_schedule_name(int kind) { return schedule_names[kind]; }

/* ------------------------------------------------------------------ */
/* time controls                                                       */

/* "ms=N" or "iterations=N": 1 if text starts with key, then 0 or -1. */
static int keyed_number(const char *text, const char *key, long *v)
{
    size_t k = strlen(key);
    if (strncmp(text, key, k) != 0)
        return 0;
    return util_parse_long(text + k, v) == 0 && *v >= 1 ? 1 : -1;
}

int matchargs_parse_tc(const char *text, match_tc *out, char *err, size_t errlen)
{
    match_tc tc = {0};
    long v;
    int r;
    if ((r = keyed_number(text, "ms=", &v)) != 0) {
        if (r < 0) {
            snprintf(err, errlen, "-tc %s: ms= takes a whole number of milliseconds >= 1", text);
            return -1;
        }
        tc.kind = MATCH_TC_MOVE;
        tc.move_ms = v;
    } else if ((r = keyed_number(text, "iterations=", &v)) != 0) {
        if (r < 0) {
            snprintf(err, errlen, "-tc %s: iterations= takes a whole number >= 1", text);
            return -1;
        }
        tc.kind = MATCH_TC_ITERATIONS;
        tc.iterations = v;
    } else {
        char base[64];
        const char *plus = strchr(text, '+');
        snprintf(base, sizeof base, "%.*s", plus ? (int)(plus - text) : (int)strlen(text), text);
        if (util_parse_seconds(base, &tc.base_ms) != 0 || tc.base_ms < 1 ||
            (plus && util_parse_seconds(plus + 1, &tc.inc_ms) != 0)) {
            snprintf(err, errlen,
                     "-tc '%s': expected ms=N, iterations=N or BASE+INC in seconds (e.g. 60+0.5)",
                     text);
            return -1;
        }
        tc.kind = MATCH_TC_CLOCK;
    }
    *out = tc;
    return 0;
}

void matchargs_seconds_text(int64_t ms, char *buf, size_t len)
{
    snprintf(buf, len, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
    /* trim "60.000" to "60" and "0.500" to "0.5" */
    char *dot = strchr(buf, '.');
    char *end = buf + strlen(buf);
    while (end > dot + 1 && end[-1] == '0')
        *--end = 0;
    if (end == dot + 1)
        *dot = 0;
}

void matchargs_tc_text(const match_tc *tc, char *buf, size_t len)
{
    char a[32], b[32];
    switch (tc->kind) {
    case MATCH_TC_MOVE: snprintf(buf, len, "ms=%lld", (long long)tc->move_ms); break;
    case MATCH_TC_ITERATIONS: snprintf(buf, len, "iterations=%ld", tc->iterations); break;
    case MATCH_TC_CLOCK:
        matchargs_seconds_text(tc->base_ms, a, sizeof a);
        matchargs_seconds_text(tc->inc_ms, b, sizeof b);
        snprintf(buf, len, "%s+%s", a, b);
        break;
    default: snprintf(buf, len, "none"); break;
    }
}

/* ------------------------------------------------------------------ */
/* players                                                             */

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "quartet match: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see quartet help match)\n");
    va_end(ap);
    return -1;
}

/* cmd="COMMAND": named after the program's base name. */
static int add_command_player(match_player *pl, const char *cmd)
{
    if (!cmd[0])
        return usage_error("cmd= needs a command line");
    if (strlen(cmd) >= sizeof pl->cmd)
        return usage_error("command line too long");
    snprintf(pl->cmd, sizeof pl->cmd, "%s", cmd);
    char first[sizeof pl->cmd];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(cmd, " \t"), cmd);
    const char *base = strrchr(first, '/') ? strrchr(first, '/') + 1 : first;
    snprintf(pl->name, sizeof pl->name, "%.*s", (int)sizeof pl->name - 1,
             base[0] ? base : "engine");
    return 0;
}

/* A built-in player's settings, checked by a throw-away engine set to the
 * game (so "ai" is that game's searcher), kept as "name=value ..." for
 * quartet-set. */
static int builtin_settings(match_player *pl, const char *word, const game *g)
{
    char err[GAME_ERR_MAX], copy[256], *w[32];
    size_t klen = strcspn(word, ":");
    const char *settings = word[klen] == ':' ? word + klen + 1 : "";
    engine *e = engine_new(pl->kind, err, sizeof err);
    if (e)
        engine_set_game(e, g);
    if (!e || engine_set_all(e, settings, err, sizeof err) != 0) {
        engine_free(e);
        return usage_error("player %s: %s", word, err);
    }
    engine_free(e);
    snprintf(pl->settings, sizeof pl->settings, "%s", settings);
    for (char *c = pl->settings; *c; c++)
        if (*c == ',' || *c == ':')
            *c = ' ';
    snprintf(copy, sizeof copy, "%s", pl->settings);
    int n = util_split_words(copy, w, 32);
    for (int k = 0; k < n; k++)
        if (util_strncasecmp(w[k], "seed=", 5) == 0) {
            long v;
            util_parse_long(w[k] + 5, &v);
            pl->has_seed = 1;
            pl->seed = (uint64_t)v;
        }
    return 0;
}

/* What the command line gives besides m: the game, and the words that
 * named the built-in players, whose settings are checked against it. */
typedef struct args {
    const char *game_name;
    char *game_opts[GAME_MAX_OPTIONS * 2];
    int ngame_opts;
    const char *player_word[MATCH_MAX_PLAYERS];
} args;

static int add_player(match *m, args *a, const char *word)
{
    if (m->nplayers >= MATCH_MAX_PLAYERS)
        return usage_error("at most %d players", MATCH_MAX_PLAYERS);
    match_player *pl = &m->players[m->nplayers];
    memset(pl, 0, sizeof *pl);
    if (strncmp(word, "cmd=", 4) == 0) {
        if (add_command_player(pl, word + 4) != 0)
            return -1;
        m->nplayers++;
        return 0;
    }
    char kind[32];
    size_t klen = strcspn(word, ":");
    snprintf(kind, sizeof kind, "%.*s", (int)(klen < 31 ? klen : 31), word);
    if (util_str_ieq(kind, "quartet") || util_str_ieq(kind, "ai"))
        snprintf(pl->kind, sizeof pl->kind, "ai");
    else if (engine_kind_exists(kind))
        snprintf(pl->kind, sizeof pl->kind, "%.15s", kind);
    else if (strchr(word, '='))
        return usage_error("'%s' is neither a player nor an option of the game", word);
    else
        return usage_error("unknown player '%s' (quartet[:settings], a searcher such as "
                           "alphabeta[:settings] or random[:settings], or cmd=\"COMMAND\")",
                           word);
    pl->builtin = 1;
    a->player_word[m->nplayers] = word;
    snprintf(pl->name, sizeof pl->name, "%.*s", (int)sizeof pl->name - 1, word);
    m->nplayers++;
    return 0;
}

static int set_name(match *m, const char *name)
{
    if (!m->nplayers)
        return usage_error("name= must follow a player");
    if (!name[0] || strlen(name) >= sizeof m->players[0].name || strpbrk(name, "\t\n|"))
        return usage_error("bad player name '%s' (1..63 characters, no tab or '|')", name);
    snprintf(m->players[m->nplayers - 1].name, sizeof m->players[0].name, "%s", name);
    return 0;
}

/* Unique names that fit the log: the log and the tables know players by
 * name, and '|' separates names in the log header. */
static void tidy_names(match *m)
{
    for (int i = 0; i < m->nplayers; i++)
        for (int j = 0, k = 2; j < i; j++)
            if (strcmp(m->players[i].name, m->players[j].name) == 0) {
                char base[52];
                snprintf(base, sizeof base, "%.*s", (int)sizeof base - 1, m->players[i].name);
                snprintf(m->players[i].name, sizeof m->players[i].name, "%s#%d", base, k++);
                j = -1; /* check the new name against all again */
            }
    for (int i = 0; i < m->nplayers; i++)
        for (char *c = m->players[i].name; *c; c++)
            if (*c == '|')
                *c = '_';
            else if (*c == '\t' || *c == '\n' || *c == '\r')
                *c = ' ';
}

/* ------------------------------------------------------------------ */
/* flags                                                               */

/* Flags taking a whole number, stored into m at off with type t
 * ('i' int, 'L' int64_t, 'u' uint64_t). */
static const struct number_flag {
    const char *name;
    long min, max;
    size_t off;
    char t;
} number_flags[] = {
    {"-games", 1, 10000000, offsetof(match, games), 'i'},
    {"-random-plies", 1, 1000, offsetof(match, random_plies), 'i'},
    {"-opening-start", 1, 10000000, offsetof(match, opening_start), 'i'},
    {"-seed", 0, 2147483647L, offsetof(match, seed), 'u'},
    {"-margin", 0, 3600000, offsetof(match, margin_ms), 'L'},
    {"-timeout", 1, 86400000, offsetof(match, timeout_ms), 'L'},
    {"-max-plies", 1, 100000, offsetof(match, max_plies), 'i'},
    {"-concurrency", 1, 256, offsetof(match, concurrency), 'i'},
    {"-report", 1, 10000000, offsetof(match, report_every), 'i'},
};

/* A number flag at argv[*i]: 1 not one, 0 done, -1 bad. */
static int number_flag(match *m, const char *flag, const char *value)
{
    for (size_t k = 0; k < sizeof number_flags / sizeof number_flags[0]; k++) {
        const struct number_flag *f = &number_flags[k];
        if (strcmp(flag, f->name) != 0)
            continue;
        long v;
        if (!value)
            return usage_error("%s needs a value", flag);
        if (util_parse_long(value, &v) != 0 || v < f->min || v > f->max)
            return usage_error("%s: '%s' is not a whole number in %ld..%ld", flag, value, f->min,
                               f->max);
        char *at = (char *)m + f->off;
        if (f->t == 'i')
            *(int *)at = (int)v;
        else if (f->t == 'L')
            *(int64_t *)at = v;
        else
            *(uint64_t *)at = (uint64_t)v;
        return 0;
    }
    return 1;
}

static int option_known(const game_ops *ops, const char *word)
{
    const char *eq = strchr(word, '=');
    if (!eq)
        return 0;
    for (int k = 0; ops->options[k].name; k++)
        if (strlen(ops->options[k].name) == (size_t)(eq - word) &&
            util_strncasecmp(ops->options[k].name, word, (size_t)(eq - word)) == 0)
            return 1;
    return 0;
}

/* -game NAME [opt=value ...] */
static int game_flag(args *a, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        return usage_error("-game needs a game name");
    a->game_name = argv[++*i];
    const game_ops *ops = game_find(a->game_name);
    if (!ops)
        return usage_error("unknown game '%s'", a->game_name);
    a->ngame_opts = 0;
    while (*i + 1 < argc && option_known(ops, argv[*i + 1]) &&
           a->ngame_opts < GAME_MAX_OPTIONS * 2)
        a->game_opts[a->ngame_opts++] = argv[++*i];
    return 0;
}

static int schedule_flag(match *m, const char *k)
{
    if (!k)
        return usage_error("-schedule needs match, gauntlet or roundrobin");
    if (util_str_ieq(k, "match"))
        m->schedule_kind = MATCH_SCHEDULE_MATCH;
    else if (util_str_ieq(k, "gauntlet"))
        m->schedule_kind = MATCH_SCHEDULE_GAUNTLET;
    else if (util_str_ieq(k, "roundrobin") || util_str_ieq(k, "round-robin"))
        m->schedule_kind = MATCH_SCHEDULE_ROUNDROBIN;
    else
        return usage_error("-schedule '%s': expected match, gauntlet or roundrobin", k);
    return 0;
}

static int is_sprt_word(const char *w)
{
    return strncmp(w, "elo0=", 5) == 0 || strncmp(w, "elo1=", 5) == 0 ||
           strncmp(w, "alpha=", 6) == 0 || strncmp(w, "beta=", 5) == 0;
}

static int sprt_flag(match *m, int argc, char **argv, int *i)
{
    m->use_sprt = 1;
    m->sprt = (stats_sprt){0, 5, 0.05, 0.05};
    while (*i + 1 < argc && is_sprt_word(argv[*i + 1])) {
        const char *w = argv[++*i], *eq = strchr(w, '=');
        char *end;
        double v = strtod(eq + 1, &end);
        if (end == eq + 1 || *end)
            return usage_error("-sprt %s: not a number", w);
        if (strncmp(w, "elo0=", 5) == 0)
            m->sprt.elo0 = v;
        else if (strncmp(w, "elo1=", 5) == 0)
            m->sprt.elo1 = v;
        else if (strncmp(w, "alpha=", 6) == 0 && v > 0 && v < 0.5)
            m->sprt.alpha = v;
        else if (strncmp(w, "beta=", 5) == 0 && v > 0 && v < 0.5)
            m->sprt.beta = v;
        else
            return usage_error("-sprt %s: alpha and beta must be in (0, 0.5)", w);
    }
    if (m->sprt.elo1 <= m->sprt.elo0)
        return usage_error("-sprt: elo1 must be greater than elo0");
    return 0;
}

/* A flag taking a file or folder name. */
static int path_flag(match *m, const char *flag, const char *value)
{
    const char **to = strcmp(flag, "-openings") == 0 ? &m->openings_path
                      : strcmp(flag, "-sgf") == 0    ? &m->sgf_path
                      : strcmp(flag, "-log") == 0    ? &m->log_path
                                                     : NULL;
    if (!to)
        return 1;
    if (!value)
        return usage_error("%s needs %s", flag,
                           strcmp(flag, "-sgf") == 0 ? "a folder or a .sgf file" : "a file");
    *to = value;
    return 0;
}

/* The flag at argv[*i] (argv[*i] starts with '-').  0, or -1. */
static int flag(match *m, args *a, int argc, char **argv, int *i)
{
    char f[64];
    snprintf(f, sizeof f, "%s", argv[*i][1] == '-' ? argv[*i] + 1 : argv[*i]);
    const char *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    char err[256];
    int r;
    if (strcmp(f, "-game") == 0)
        return game_flag(a, argc, argv, i);
    if (strcmp(f, "-sprt") == 0)
        return sprt_flag(m, argc, argv, i);
    if (strcmp(f, "-resume") == 0) {
        m->resume = 1;
        return 0;
    }
    if (strcmp(f, "-debug") == 0) {
        m->debug = 1;
        return 0;
    }
    if ((r = number_flag(m, f, value)) == 1 && (r = path_flag(m, f, value)) == 1) {
        if (strcmp(f, "-schedule") == 0)
            r = schedule_flag(m, value);
        else if (strcmp(f, "-tc") != 0)
            return usage_error("unknown flag '%s'", argv[*i]);
        else if (!value)
            return usage_error("-tc needs a time control");
        else if ((r = matchargs_parse_tc(value, &m->tc, err, sizeof err)) != 0)
            return usage_error("%s", err);
    }
    if (r == 0)
        (*i)++; /* the value */
    return r;
}

/* What the arguments say together, read after all of them: the players'
 * settings are checked against the game wherever -game stands. */
static int check_whole(match *m, const args *a)
{
    char err[GAME_ERR_MAX];
    m->proto = game_create(game_find(a->game_name), a->ngame_opts, (char **)a->game_opts, err,
                           sizeof err);
    if (!m->proto)
        return usage_error("%s", err);
    for (int i = 0; i < m->nplayers; i++) {
        match_player *pl = &m->players[i];
        if (pl->builtin && builtin_settings(pl, a->player_word[i], m->proto) != 0)
            return -1;
    }
    if (m->nplayers < 2)
        return usage_error("name at least two players");
    if (m->schedule_kind < 0)
        m->schedule_kind = m->nplayers == 2 ? MATCH_SCHEDULE_MATCH : MATCH_SCHEDULE_ROUNDROBIN;
    if (m->schedule_kind == MATCH_SCHEDULE_MATCH && m->nplayers != 2)
        return usage_error("-schedule match takes exactly two players (use gauntlet or "
                           "roundrobin)");
    if (m->use_sprt && m->nplayers != 2)
        return usage_error("-sprt needs exactly two players");
    if (m->openings_path && m->random_plies)
        return usage_error("use either -openings or -random-plies");
    if (m->opening_start > 1 && !m->openings_path)
        return usage_error("-opening-start needs -openings FILE");
    if (m->resume && !m->log_path)
        return usage_error("-resume needs -log FILE");
    tidy_names(m);
    return 0;
}

int matchargs_parse(match *m, int argc, char **argv)
{
    args a = {.game_name = "loa"};
    m->games = 2;
    m->seed = 1;
    m->opening_start = 1;
    m->schedule_kind = -1;
    m->margin_ms = 50;
    m->timeout_ms = 30000;
    m->concurrency = 1;
    m->report_every = 10;
    m->log_fd = -1;
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        int rc = w[0] == '-' && w[1]              ? flag(m, &a, argc, argv, &i)
                 : strncmp(w, "name=", 5) == 0 ? set_name(m, w + 5)
                                                  : add_player(m, &a, w);
        if (rc != 0)
            return -1;
    }
    return check_whole(m, &a);
}
