/* engine.c - the facade over the searcher registry: a kind names a
 * searcher, settings are checked against its table, a game's tuned
 * defaults fill in what the user left alone. */
#include "ai/engine.h"
#include "ai/searcher.h"
#include "rng.h"
#include "util.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SETTINGS_TEXT_MAX 512
#define SETTINGS_WORDS_MAX 32
#define OPTIONS_TEXT_MAX 256

struct engine {
    const searcher_ops *ops;
    void *self;
    const char *kind;   /* as named: "ai" or the searcher's name */
    searcher_value set[SEARCHER_MAX_SETTINGS];  /* in effect, in the table's order */
    unsigned char mine[SEARCHER_MAX_SETTINGS];  /* given by the user: no game default overrides it */
    const game_ops *game;                       /* whose tuned defaults set shows */
    char game_options[OPTIONS_TEXT_MAX];        /* and that game's options */
    int64_t budget_ms;
    engine_progress_fn progress;
    void *progress_arg;
    int progress_ms;
    atomic_int stop; /* set by engine_stop from any thread or a signal handler */
    atomic_int halt; /* what the searcher watches: a stop, or the facade's own decision */
    /* "ai": every setting the user gave, as text, so that they follow to
     * another game's searcher (those it knows) */
    char user[SEARCHER_MAX_SETTINGS * 2][2][48];
    int nuser;
};

/* How often a search under a time limit is checked for an early stop. */
#define CHECK_MS 10
/* A ponder stops when the tree holds this fraction of its room (in
 * twentieths): a fuller tree would not be kept by the next search. */
#define PONDER_FILL_20THS 9

enum { MODE_CHOOSE, MODE_ANALYZE, MODE_PONDER };

/* One search's watch over the searcher's progress: early stops, and the
 * front end's reports at its own interval. */
typedef struct watch {
    engine *e;
    int mode;
    int64_t limit_ms;
    uint64_t max_iterations;
    int64_t last_ms; /* of the last report handed on */
    int early;
} watch;

/* The searcher "ai" stands for in a game: the game's choice, else the
 * registry's first. */
static const searcher_ops *ai_searcher(const game_ops *game)
{
    const searcher_ops *ops = game && game->ai_searcher ? searcher_find(game->ai_searcher) : NULL;
    return ops ? ops : searcher_registry[0];
}

/* A setting of "ai" that its searcher for this game may lack: accepted
 * when another searcher has it (checked there), kept for a game that
 * uses that one.  1 if taken so, 0 if no searcher knows the name, -1 for a
 * bad value (with a message). */
static int ai_other_setting(const engine *e, const char *name, const char *value, char *err,
                            size_t errlen)
{
    if (!util_str_ieq(e->kind, "ai"))
        return 0;
    for (int k = 0; searcher_registry[k]; k++) {
        int i = searcher_setting_index(searcher_registry[k], name);
        searcher_value v;
        if (i >= 0)
            return searcher_parse(&searcher_registry[k]->settings[i], value, &v, err, errlen)
                       ? -1 : 1;
    }
    return 0;
}

/* Remember a user's setting of "ai" (the last value of a name wins). */
static void ai_keep(engine *e, const char *name, const char *value)
{
    if (!util_str_ieq(e->kind, "ai"))
        return;
    int i = 0;
    while (i < e->nuser && !util_str_ieq(e->user[i][0], name))
        i++;
    if (i == SEARCHER_MAX_SETTINGS * 2)
        return;
    snprintf(e->user[i][0], sizeof e->user[i][0], "%s", name);
    snprintf(e->user[i][1], sizeof e->user[i][1], "%s", value);
    if (i == e->nuser)
        e->nuser++;
}

/* Few iterations at the bottom, where each one is worth much; wider steps
 * at the top, where doubling the search gains less.  The standard ladder
 * steps about three times a level from 50 iterations to 128,000, where
 * Coffee gains some 150 Elo a doubling all the way up; the early one
 * spends its first levels on tens of iterations, where a game like Y
 * gains most, and steps from 600 to 16,000 and 128,000; the late one
 * steps less than twice below 400, where Y's two-stone variant gains
 * most, then about 2.5 times; the flat one leaps from 10,000 to 512,000,
 * where a doubling gains about 40 Elo (below, about 120). */
static const uint64_t level_iterations[][ENGINE_LEVEL_MAX] = {
    [ENGINE_LADDER_STANDARD] = {ENGINE_LADDER_STANDARD_LIST},
    [ENGINE_LADDER_EARLY] = {ENGINE_LADDER_EARLY_LIST},
    [ENGINE_LADDER_LATE] = {ENGINE_LADDER_LATE_LIST},
    [ENGINE_LADDER_FLAT] = {ENGINE_LADDER_FLAT_LIST},
};
_Static_assert(sizeof level_iterations / sizeof *level_iterations == ENGINE_LADDER_COUNT,
               "a table for every ladder");

uint64_t engine_level_iterations(enum engine_ladder ladder, int level)
{
    if (level < 1)
        level = 1;
    if (level > ENGINE_LEVEL_MAX)
        level = ENGINE_LEVEL_MAX;
    return level_iterations[ladder][level - 1];
}

int engine_slip_share(long long setting, int level_share, int level_sets_budget, int analyze)
{
    if (analyze)
        return 0;
    if (setting)
        return (int)setting;
    return level_sets_budget ? level_share : 0;
}

qmove engine_mistake(const game *g, uint64_t seed, int percent, const char *who,
                     engine_report *rep)
{
    if (percent <= 0)
        return QMOVE_NONE;
    /* drawn from the seed and the position alone: a game replayed with the
     * same seeds slips at the same moves */
    rng r;
    rng_seed(&r, seed ^ g->ops->hash(g));
    if ((int)rng_below(&r, 100) >= percent)
        return QMOVE_NONE;
    qmove moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves);
    if (!n)
        return QMOVE_NONE;
    qmove m = moves[rng_below(&r, (uint32_t)n)];
    if (rep) {
        char tok[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, m, tok, sizeof tok);
        snprintf(rep->summary, sizeof rep->summary,
                 "%s: %s at random (%d%% of its moves are, a beginner's slips)", who, tok, percent);
    }
    return m;
}

/* The share of moves in 100 a level plays at random: a beginner's slips,
 * for levels below the weakest a search alone makes (ten iterations of Y's
 * standard game with its priors beat a random player that takes and
 * blocks wins at once 39-1; three moves in four at random, 55-45). */
static const int level_mistakes[ENGINE_LADDER_COUNT][ENGINE_LEVEL_MAX] = {
    [ENGINE_LADDER_STANDARD] = {ENGINE_LADDER_STANDARD_MISTAKES},
    [ENGINE_LADDER_EARLY] = {ENGINE_LADDER_EARLY_MISTAKES},
    [ENGINE_LADDER_LATE] = {ENGINE_LADDER_LATE_MISTAKES},
    [ENGINE_LADDER_FLAT] = {ENGINE_LADDER_FLAT_MISTAKES},
};

int engine_level_mistakes(enum engine_ladder ladder, int level)
{
    if (level < 1 || level > ENGINE_LEVEL_MAX || ladder < 0 || ladder >= ENGINE_LADDER_COUNT)
        return 0;
    return level_mistakes[ladder][level - 1];
}

static void known_kinds(char *buf, size_t len)
{
    snprintf(buf, len, "ai");
    for (int i = 0; searcher_registry[i]; i++)
        util_str_appendf(buf, len, ", %s", searcher_registry[i]->name);
}

engine *engine_new(const char *kind, char *err, size_t errlen)
{
    const searcher_ops *ops = searcher_find(kind);
    if (!ops) {
        char known[128];
        known_kinds(known, sizeof known);
        snprintf(err, errlen, "unknown player kind '%.40s' (known: %s)", kind, known);
        return NULL;
    }
    engine *e = calloc(1, sizeof *e);
    if (!e || !(e->self = ops->create(err, errlen))) {
        free(e);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    e->ops = ops;
    e->kind = util_str_ieq(kind, "ai") ? "ai" : ops->name;
    atomic_init(&e->stop, 0);
    atomic_init(&e->halt, 0);
    searcher_defaults(ops, e->set);
    if (ops->configure && ops->configure(e->self, e->set, err, errlen) != 0) {
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(engine *e)
{
    if (!e)
        return;
    e->ops->destroy(e->self);
    free(e);
}

const char *engine_kind(const engine *e) { return e->kind; }

int engine_kind_exists(const char *kind) { return searcher_find(kind) != NULL; }

/* For "ai": the settings it keeps for another game's searcher (those its
 * searcher here lacks), after "; for another game's searcher: ". */
static void other_settings(const engine *e, char *known, size_t len)
{
    if (!util_str_ieq(e->kind, "ai"))
        return;
    const char *sep = "; for another game's searcher: ";
    for (int r = 0; searcher_registry[r]; r++)
        for (const searcher_setting *s = searcher_registry[r]->settings; s->name; s++) {
            int seen = searcher_setting_index(e->ops, s->name) >= 0;
            for (int q = 0; q < r && !seen; q++)
                seen = searcher_setting_index(searcher_registry[q], s->name) >= 0;
            if (!seen) {
                util_str_appendf(known, len, "%s%s", sep, s->name);
                sep = ", ";
            }
        }
}

/* name=value into set/mine (not yet in effect): 0, or -1 with a message. */
static int set_one(const engine *e, searcher_value *set, unsigned char *mine, const char *name,
                   const char *value, char *err, size_t errlen)
{
    int i = searcher_setting_index(e->ops, name), other;
    if (i < 0 && (other = ai_other_setting(e, name, value, err, errlen)) != 0)
        return other < 0 ? -1 : 0;
    if (i < 0) {
        char known[SETTINGS_TEXT_MAX] = "";
        for (int k = 0; e->ops->settings[k].name; k++)
            util_str_appendf(known, sizeof known, "%s%s", k ? ", " : "", e->ops->settings[k].name);
        other_settings(e, known, sizeof known);
        snprintf(err, errlen, "unknown setting '%.40s' for %s (known: %s)", name, e->kind, known);
        return -1;
    }
    if (searcher_parse(&e->ops->settings[i], value, &set[i], err, errlen) != 0)
        return -1;
    mine[i] = 1;
    return 0;
}

/* Put set/mine in effect if the searcher takes them (it may refuse, e.g.
 * memory it cannot have): 0, or -1 with a message and nothing changed. */
static int apply(engine *e, const searcher_value *set, const unsigned char *mine, char *err,
                 size_t errlen)
{
    if (e->ops->configure && e->ops->configure(e->self, set, err, errlen) != 0)
        return -1;
    memcpy(e->set, set, sizeof e->set);
    memcpy(e->mine, mine, sizeof e->mine);
    return 0;
}

int engine_set(engine *e, const char *name, const char *value, char *err, size_t errlen)
{
    searcher_value set[SEARCHER_MAX_SETTINGS];
    unsigned char mine[SEARCHER_MAX_SETTINGS];
    memcpy(set, e->set, sizeof set);
    memcpy(mine, e->mine, sizeof mine);
    if (set_one(e, set, mine, name, value, err, errlen) != 0 ||
        apply(e, set, mine, err, errlen) != 0)
        return -1;
    ai_keep(e, name, value);
    return 0;
}

int engine_set_all(engine *e, const char *settings, char *err, size_t errlen)
{
    char buf[SETTINGS_TEXT_MAX];
    if (strlen(settings) >= sizeof buf) {
        snprintf(err, errlen, "settings too long (at most %d characters)", SETTINGS_TEXT_MAX - 1);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", settings);
    for (char *p = buf; *p; p++)
        if (*p == ':' || *p == ',')
            *p = ' ';
    char *words[SETTINGS_WORDS_MAX + 1];
    int n = util_split_words(buf, words, SETTINGS_WORDS_MAX + 1);
    if (n > SETTINGS_WORDS_MAX) {
        snprintf(err, errlen, "too many settings (at most %d)", SETTINGS_WORDS_MAX);
        return -1;
    }
    /* all or nothing: parse into a copy, keep it only if every word is good */
    searcher_value set[SEARCHER_MAX_SETTINGS];
    unsigned char mine[SEARCHER_MAX_SETTINGS];
    memcpy(set, e->set, sizeof set);
    memcpy(mine, e->mine, sizeof mine);
    for (int i = 0; i < n; i++) {
        char *eq = strchr(words[i], '=');
        if (!eq || eq == words[i]) {
            snprintf(err, errlen, "bad setting '%.40s': expected name=value", words[i]);
            return -1;
        }
        *eq = 0;
        if (set_one(e, set, mine, words[i], eq + 1, err, errlen) != 0)
            return -1;
    }
    if (apply(e, set, mine, err, errlen) != 0)
        return -1;
    for (int i = 0; i < n; i++)
        ai_keep(e, words[i], words[i] + strlen(words[i]) + 1);
    return 0;
}

/* Is d for a game with these options ("size=11 variant=double")? */
static int defaults_apply(const game_ai_defaults *d, const char *options)
{
    if (!d->when)
        return 1;
    size_t n = strlen(d->when);
    for (const char *p = options; (p = strstr(p, d->when)) != NULL; p += n)
        if ((p == options || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
            return 1;
    return 0;
}

/* The settings in effect for a game with these options: the user's, else
 * the game's tuned defaults for this searcher, else the searcher's own. */
static void effective(const engine *e, const game_ops *game, const char *options,
                      searcher_value *out)
{
    searcher_defaults(e->ops, out);
    for (const game_ai_defaults *d = game ? game->ai_defaults : NULL; d && d->searcher; d++) {
        if (!util_str_ieq(d->searcher, e->ops->name) || !defaults_apply(d, options))
            continue;
        char buf[SETTINGS_TEXT_MAX], *words[SETTINGS_WORDS_MAX];
        snprintf(buf, sizeof buf, "%s", d->settings);
        int n = util_split_words(buf, words, SETTINGS_WORDS_MAX);
        for (int k = 0; k < n; k++) {
            char *eq = strchr(words[k], '='), err[GAME_ERR_MAX];
            int i;
            if (!eq)
                continue;
            *eq = 0;
            /* a game's own table is checked by the tests; a bad entry is skipped */
            if ((i = searcher_setting_index(e->ops, words[k])) >= 0)
                searcher_parse(&e->ops->settings[i], eq + 1, &out[i], err, sizeof err);
        }
    }
    for (int i = 0; e->ops->settings[i].name; i++)
        if (e->mine[i])
            out[i] = e->set[i];
}

/* "ai" takes the searcher of game (a new one, with the user's settings
 * it knows); others keep theirs.  Not during a search. */
static void ai_switch(engine *e, const game_ops *game)
{
    const searcher_ops *ops = ai_searcher(game);
    if (!util_str_ieq(e->kind, "ai") || ops == e->ops)
        return;
    char err[GAME_ERR_MAX];
    void *self = ops->create(err, sizeof err);
    if (!self)
        return; /* out of memory: the searcher in hand plays */
    searcher_value set[SEARCHER_MAX_SETTINGS];
    unsigned char mine[SEARCHER_MAX_SETTINGS] = {0};
    searcher_defaults(ops, set);
    for (int k = 0; k < e->nuser; k++) {
        int i = searcher_setting_index(ops, e->user[k][0]);
        if (i >= 0 && searcher_parse(&ops->settings[i], e->user[k][1], &set[i], err, sizeof err) == 0)
            mine[i] = 1;
    }
    if (ops->configure && ops->configure(self, set, err, sizeof err) != 0) {
        ops->destroy(self);
        return;
    }
    e->ops->destroy(e->self);
    e->ops = ops;
    e->self = self;
    memcpy(e->set, set, sizeof e->set);
    memcpy(e->mine, mine, sizeof e->mine);
}

void engine_set_game(engine *e, const game *g)
{
    const game_ops *game = g ? g->ops : NULL;
    char options[OPTIONS_TEXT_MAX] = "";
    if (g)
        game_options_text(g, options, sizeof options);
    ai_switch(e, game);
    if (game == e->game && strcmp(options, e->game_options) == 0)
        return; /* no write: a search may be reading the settings */
    searcher_value set[SEARCHER_MAX_SETTINGS];
    effective(e, game, options, set);
    e->game = game;
    memcpy(e->game_options, options, sizeof options);
    int changed = 0;
    for (int i = 0; e->ops->settings[i].name; i++)
        changed |= memcmp(&set[i], &e->set[i], sizeof set[i]) != 0;
    if (!changed)
        return; /* a random player's generator runs on */
    char err[GAME_ERR_MAX];
    apply(e, set, e->mine, err, sizeof err); /* games tune no setting that can be refused */
}

/* Every setting, or only those the user gave. */
static void settings_text(const engine *e, int given_only, char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; e->ops->settings[i].name; i++) {
        if (given_only && !e->mine[i])
            continue;
        char v[64];
        searcher_value_text(&e->ops->settings[i], e->set[i], v, sizeof v);
        util_str_appendf(buf, len, "%s%s=%s", buf[0] ? " " : "", e->ops->settings[i].name, v);
    }
}

void engine_settings_text(const engine *e, char *buf, size_t len) { settings_text(e, 0, buf, len); }

void engine_given_settings_text(const engine *e, char *buf, size_t len)
{
    settings_text(e, 1, buf, len);
}

int engine_kind_has_setting(const char *kind, const char *name)
{
    const searcher_ops *ops = searcher_find(kind);
    return ops && searcher_setting_index(ops, name) >= 0;
}

void engine_settings_help(char *buf, size_t len) { searcher_help(buf, len); }

void engine_set_progress(engine *e, engine_progress_fn fn, void *arg, int interval_ms)
{
    e->progress = fn;
    e->progress_arg = arg;
    e->progress_ms = interval_ms;
}

const char *engine_proven_name(int proven)
{
    return proven == ENGINE_PROVEN_WIN    ? "win"
           : proven == ENGINE_PROVEN_LOSS ? "loss"
           : proven == ENGINE_PROVEN_DRAW ? "draw"
                                          : NULL;
}

void engine_proven_text(int proven, int plies, char *buf, size_t len)
{
    const char *what = engine_proven_name(proven);
    if (!what)
        snprintf(buf, len, "%s", "");
    else if (plies > 0)
        snprintf(buf, len, " (proven %s, %d move%s to the end)", what, plies, plies == 1 ? "" : "s");
    else
        snprintf(buf, len, " (proven %s)", what);
}

int engine_proven_kind(double value)
{
    return value > 0.75 ? ENGINE_PROVEN_WIN : value < 0.25 ? ENGINE_PROVEN_LOSS : ENGINE_PROVEN_DRAW;
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

void engine_stop(engine *e)
{
    /* stop before halt: a search starting meanwhile sees one or the other */
    atomic_store(&e->stop, 1);
    atomic_store(&e->halt, 1);
}

void engine_clear_stop(engine *e) { atomic_store(&e->stop, 0); }

void engine_set_time_budget(engine *e, int64_t ms) { e->budget_ms = ms > 0 ? ms : 0; }

int engine_decided(const engine_progress *p, int64_t limit_ms, uint64_t max_iterations)
{
    if (limit_ms <= 0 || p->ncand < 1)
        return 0;
    if (p->proven)
        return 1;
    uint64_t second = 0;
    int rivals = 0; /* a proven loss is never chosen: no rival */
    for (int i = 1; i < p->ncand; i++) {
        if (p->cand[i].proven == ENGINE_PROVEN_LOSS)
            continue;
        rivals++;
        if (p->cand[i].visits > second)
            second = p->cand[i].visits;
    }
    if (!rivals)
        return 1;
    if (p->ms <= 0)
        return 0;
    double rate = (double)p->iterations / (double)p->ms;
    double fit = limit_ms > p->ms ? rate * (double)(limit_ms - p->ms) : 0.0;
    if (max_iterations)
        fit = fmin(fit, max_iterations > p->iterations ? (double)(max_iterations - p->iterations)
                                                        : 0.0);
    return (double)p->cand[0].visits > (double)second + fit;
}

static void watch_progress(const engine_progress *p, void *arg)
{
    watch *w = arg;
    engine *e = w->e;
    if (!p->final && !atomic_load(&e->halt)) {
        int halt = w->mode == MODE_PONDER
                       ? p->capacity && p->nodes * 20 >= p->capacity * PONDER_FILL_20THS
                       : e->ops->early_stop && engine_decided(p, w->limit_ms, w->max_iterations);
        if (halt) {
            w->early = w->mode == MODE_CHOOSE;
            atomic_store(&e->halt, 1);
        }
    }
    if (!e->progress || w->mode == MODE_PONDER)
        return;
    if (p->final || (e->progress_ms > 0 && p->ms - w->last_ms >= e->progress_ms)) {
        w->last_ms = p->ms;
        e->progress(p, e->progress_arg);
    }
}

/* A setting of the searcher in effect, by name; 0 if it has none. */
static long long setting_of(const engine *e, const searcher_value *set, const char *name)
{
    int i = searcher_setting_index(e->ops, name);
    return i < 0 ? 0 : set[i].i;
}

int engine_level_text(const engine *e, int level, char *buf, size_t len)
{
    if (!e->ops->level_text || level < 1 || level > ENGINE_LEVEL_MAX)
        return -1;
    e->ops->level_text(e->set, level, buf, len);
    return 0;
}

int engine_level(const engine *e)
{
    return e->ops->level_text ? (int)setting_of(e, e->set, "level") : 0;
}

int engine_wants_ponder(const engine *e)
{
    searcher_value set[SEARCHER_MAX_SETTINGS];
    effective(e, e->game, e->game_options, set);
    return setting_of(e, set, "ponder") != 0;
}

static qmove search(engine *e, const game *g, engine_report *rep, int mode)
{
    int64_t t0 = util_now_ms();
    engine_report own;
    if (!rep)
        rep = &own;
    memset(rep, 0, sizeof *rep);
    rep->value = 0.5;
    /* the settings for this game, without changing e: another thread may
     * be showing them */
    searcher_value set[SEARCHER_MAX_SETTINGS];
    char options[OPTIONS_TEXT_MAX];
    game_options_text(g, options, sizeof options);
    ai_switch(e, g->ops); /* callers without a session (bench, tests) */
    effective(e, g->ops, options, set);
    watch w = {e, mode, e->budget_ms, (uint64_t)setting_of(e, set, "iterations"), 0, 0};
    long long ms = setting_of(e, set, "ms");
    if (ms > 0 && (!w.limit_ms || ms < w.limit_ms))
        w.limit_ms = ms;
    if (mode != MODE_CHOOSE)
        w.limit_ms = 0;
    atomic_store(&e->halt, 0);
    if (atomic_load(&e->stop))
        atomic_store(&e->halt, 1);
    int level = searcher_setting_index(e->ops, "level");
    searcher_run run = {set, e->budget_ms, mode != MODE_CHOOSE, &e->halt,
                        e->progress, e->progress_arg, e->progress_ms,
                        level >= 0 && e->mine[level] && set[level].i < ENGINE_LEVEL_MAX};
    if (w.limit_ms > 0 || mode == MODE_PONDER) {
        /* watched: a search by iterations alone is left as it was, reproducible */
        run.progress = watch_progress;
        run.progress_arg = &w;
        run.progress_ms = e->progress_ms > 0 && e->progress_ms < CHECK_MS ? e->progress_ms
                                                                            : CHECK_MS;
    }
    qmove m = e->ops->choose(e->self, g, &run, rep);
    rep->early = w.early;
    rep->ms = util_now_ms() - t0;
    return m;
}

qmove engine_choose(engine *e, const game *g, engine_report *rep)
{
    return search(e, g, rep, MODE_CHOOSE);
}

qmove engine_analyze(engine *e, const game *g, engine_report *rep)
{
    return search(e, g, rep, MODE_ANALYZE);
}

qmove engine_ponder(engine *e, const game *g, engine_report *rep)
{
    return search(e, g, rep, MODE_PONDER);
}
