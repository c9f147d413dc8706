/* session.c - one game being played, for every front end (see session.h). */
#define _POSIX_C_SOURCE 200809L
#include "session.h"
#include "ai/engine.h"
#include "ai/think.h"
#include "ai/timectl.h"
#include "record.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CLOCK_NONE = 0, CLOCK_ADVISORY = 1, CLOCK_KEPT = 2 };
enum { SEARCH_NONE = 0, SEARCH_TURN = 1, SEARCH_ANALYSIS = 2 };

struct session {
    pthread_mutex_t mu;
    record *rec;
    engine *eng[3];     /* first, second, analyst; NULL: a person.  [0] == [1]: shared */
    timectl clock;
    int clock_kind;
    int64_t turn_t0;    /* when the side to move's time began to run (kept clock) */
    think *search;
    int search_kind, search_colour;
    atomic_int search_over;
    session_hooks hooks;
    char last_turn[SESSION_TURN_MAX];
    char last_search[SESSION_SEARCH_MAX]; /* the engine's notes on the last turn it chose */
    think *ponder;      /* thinking on the opponent's time (never beside search) */
    int pondered;       /* a ponder ended since the last computer turn */
    session_ponder_info pstats;
};

#define LOCK(s) pthread_mutex_lock(&(s)->mu)
#define UNLOCK(s) pthread_mutex_unlock(&(s)->mu)

static think_turn *end_search(session *s, int kind, int stop, char *err, size_t errlen);

static game *G(const session *s) { return s->rec->g; }

static int fail(char *err, size_t errlen, const char *msg)
{
    snprintf(err, errlen, "%s", msg);
    return -1;
}

/* A ponder ends at once, with its tree kept for the next search. */
static void ponder_end(session *s)
{
    if (!s->ponder)
        return;
    think_stop(s->ponder);
    think_turn *t = think_join(s->ponder);
    s->ponder = NULL;
    s->pondered = 1;
    s->pstats.searches++;
    if (t)
        s->pstats.iterations += t->iterations;
    think_turn_free(t);
}

/* Calls that change the game, a seat or the clock wait for no search,
 * and end a ponder. */
static int busy(session *s, char *err, size_t errlen)
{
    ponder_end(s);
    if (!s->search)
        return 0;
    return fail(err, errlen, s->search_kind == SEARCH_ANALYSIS ? "the analysis is running"
                                                               : "the computer is thinking");
}

session *session_new(game *g, char *err, size_t errlen)
{
    session *s = g ? calloc(1, sizeof *s) : NULL;
    if (s)
        s->rec = record_new(g);
    if (!s || !s->rec) {
        free(s);
        game_free(g);
        fail(err, errlen, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&s->mu, NULL);
    timectl_init(&s->clock);
    atomic_init(&s->search_over, 0);
    s->turn_t0 = util_now_ms();
    return s;
}

static void free_engine(session *s, int i)
{
    engine *e = s->eng[i];
    if (!e)
        return;
    if (i < 2 && s->eng[!i] == e)
        s->eng[!i] = NULL; /* shared: freed once */
    engine_free(e);
    s->eng[i] = NULL;
}

void session_free(session *s)
{
    if (!s)
        return;
    char err[SESSION_ERR_MAX];
    LOCK(s);
    ponder_end(s);
    if (s->search)
        think_turn_free(end_search(s, s->search_kind, 1, err, sizeof err));
    for (int i = 0; i < 3; i++)
        free_engine(s, i);
    record_free(s->rec);
    UNLOCK(s);
    pthread_mutex_destroy(&s->mu);
    free(s);
}

/* ---- the clock ---- */

/* The turn of the side to move begins now. */
static void turn_begins(session *s) { s->turn_t0 = util_now_ms(); }

/* A kept clock whose side to move has run out ends the game; 1 if so. */
static int flag_fell(session *s)
{
    const game *g = G(s);
    if (s->clock_kind != CLOCK_KEPT || record_result(s->rec) != RESULT_NONE)
        return 0;
    int side = g->ops->to_move(g);
    if (util_now_ms() - s->turn_t0 <= s->clock.left_ms[side])
        return 0;
    s->clock.left_ms[side] = 0;
    record_set_off_board(s->rec, side == 0 ? RESULT_SECOND : RESULT_FIRST, 'T');
    return 1;
}

/* A turn of side was played: charge its time (kept: the wall time). */
static void charge(session *s, int side, int64_t search_ms)
{
    if (s->clock_kind == CLOCK_KEPT)
        timectl_spent(&s->clock, side, util_now_ms() - s->turn_t0);
    else if (s->clock_kind == CLOCK_ADVISORY && search_ms >= 0)
        timectl_spent(&s->clock, side, search_ms);
    turn_begins(s);
}

int session_set_clock(session *s, int64_t base_ms, int64_t inc_ms, char *err, size_t errlen)
{
    if (base_ms < 0 || inc_ms < 0)
        return fail(err, errlen, "clock times must not be negative");
    LOCK(s);
    int rc = busy(s, err, errlen);
    if (rc == 0) {
        timectl_set_increment(&s->clock, base_ms, inc_ms);
        s->clock_kind = base_ms > 0 ? CLOCK_KEPT : CLOCK_NONE;
        turn_begins(s);
    }
    UNLOCK(s);
    return rc;
}

int session_resume_clock(session *s, const int64_t left_ms[2], char *err, size_t errlen)
{
    LOCK(s);
    int rc = busy(s, err, errlen);
    if (rc == 0 && s->clock_kind != CLOCK_KEPT)
        rc = fail(err, errlen, "no clock is kept");
    for (int i = 0; rc == 0 && i < 2; i++)
        if (left_ms[i] < 0)
            rc = fail(err, errlen, "clock times must not be negative");
    if (rc == 0) {
        for (int i = 0; i < 2; i++)
            s->clock.left_ms[i] = left_ms[i];
        turn_begins(s);
    }
    UNLOCK(s);
    return rc;
}

int session_set_advisory_clock(session *s, int64_t main_ms, int64_t byo_ms, int byo_stones,
                               char *err, size_t errlen)
{
    if (main_ms < 0 || byo_ms < 0 || byo_stones < 0)
        return fail(err, errlen, "clock times must not be negative");
    LOCK(s);
    int rc = busy(s, err, errlen);
    if (rc == 0) {
        timectl_set(&s->clock, main_ms, byo_ms, byo_stones);
        s->clock_kind = CLOCK_ADVISORY;
    }
    UNLOCK(s);
    return rc;
}

int session_time_left(session *s, int colour, int64_t ms, int stones, char *err,
                      size_t errlen)
{
    if (colour < 0 || colour > 1)
        return fail(err, errlen, "no such colour");
    LOCK(s);
    int rc = busy(s, err, errlen);
    if (rc == 0 && s->clock_kind == CLOCK_KEPT)
        rc = fail(err, errlen, "the session keeps this clock itself");
    if (rc == 0) {
        timectl_left(&s->clock, colour, ms, stones);
        s->clock_kind = CLOCK_ADVISORY;
    }
    UNLOCK(s);
    return rc;
}

void session_clock_state(session *s, session_clock *out)
{
    LOCK(s);
    flag_fell(s);
    memset(out, 0, sizeof *out);
    out->kind = s->clock.enabled ? s->clock_kind : CLOCK_NONE;
    out->running = -1;
    out->inc_ms = s->clock.inc_ms;
    for (int i = 0; i < 2; i++)
        out->left_ms[i] = s->clock.left_ms[i];
    if (out->kind == CLOCK_KEPT && record_result(s->rec) == RESULT_NONE) {
        out->running = G(s)->ops->to_move(G(s));
        out->left_ms[out->running] -= util_now_ms() - s->turn_t0;
        if (out->left_ms[out->running] < 0)
            out->left_ms[out->running] = 0;
    }
    UNLOCK(s);
}

/* ---- the game ---- */

/* A new game restarts the controller's clock from its time settings, as
 * GTP's clear_board starts a game: the last game's time left would
 * otherwise cut every move of this one short.  A learned increment stays. */
static void advisory_restart(timectl *t)
{
    int64_t inc = t->inc_ms;
    timectl_set(t, t->main_ms, t->byo_ms, t->byo_stones);
    t->inc_ms = inc;
}

/* Replace the record (taken over), keeping names. */
static void replace_record(session *s, record *r, int keep_names)
{
    if (keep_names)
        memcpy(r->player, s->rec->player, sizeof r->player);
    record_free(s->rec);
    s->rec = r;
    s->last_turn[0] = 0;
    s->pondered = 0;
    if (s->clock_kind == CLOCK_KEPT)
        timectl_set_increment(&s->clock, s->clock.main_ms, s->clock.inc_ms);
    else if (s->clock_kind == CLOCK_ADVISORY)
        advisory_restart(&s->clock);
    turn_begins(s);
}

static int new_record(session *s, game *g, char *err, size_t errlen)
{
    record *r = g ? record_new(g) : NULL;
    if (!r) {
        game_free(g);
        return fail(err, errlen, "out of memory");
    }
    replace_record(s, r, 1);
    return 0;
}

int session_new_game(session *s, const char *name, int argc, char *const *argv, char *err,
                     size_t errlen)
{
    LOCK(s);
    int rc = busy(s, err, errlen);
    if (rc == 0 && !name) {
        rc = new_record(s, game_new_like(G(s)), err, errlen);
    } else if (rc == 0) {
        const game_ops *ops = game_find(name);
        if (!ops) {
            snprintf(err, errlen, "unknown game '%s' (known:", name);
            for (int i = 0; game_registry[i]; i++)
                util_str_appendf(err, errlen, " %s", game_registry[i]->name);
            util_str_appendf(err, errlen, ")");
            rc = -1;
        } else {
            game *g = game_create(ops, argc, argv, err, errlen);
            rc = g ? new_record(s, g, err, errlen) : -1;
        }
    }
    UNLOCK(s);
    return rc;
}

int session_set_option(session *s, const char *name, const char *value, char *err,
                       size_t errlen)
{
    char opts[GAME_TEXT_MAX], opt[GAME_TEXT_MAX];
    char *words[GAME_MAX_OPTIONS + 1];
    LOCK(s);
    int rc = busy(s, err, errlen);
    if (rc == 0) {
        game_options_text(G(s), opts, sizeof opts);
        int nw = util_split_words(opts, words, GAME_MAX_OPTIONS);
        size_t n = strlen(name);
        snprintf(opt, sizeof opt, "%s=%s", name, value);
        int found = 0;
        for (int i = 0; i < nw; i++)
            if (strncmp(words[i], name, n) == 0 && words[i][n] == '=') {
                words[i] = opt;
                found = 1;
            }
        if (!found)
            words[nw++] = opt; /* game_create names the unknown option */
        /* game_create checks the range, create() the combination */
        game *g = game_create(G(s)->ops, nw, words, err, errlen);
        rc = g ? new_record(s, g, err, errlen) : -1;
    }
    UNLOCK(s);
    return rc;
}

int session_set_position(session *s, const char *text, char *err, size_t errlen)
{
    LOCK(s);
    int rc = busy(s, err, errlen);
    if (rc == 0)
        rc = record_set_position(s->rec, text, err, errlen);
    if (rc == 0) {
        s->last_turn[0] = 0;
        turn_begins(s);
    }
    UNLOCK(s);
    return rc;
}

/* Why colour may not play now, in err; 0 if it may. */
static int may_play(session *s, int colour, char *err, size_t errlen)
{
    const game *g = G(s);
    if (busy(s, err, errlen))
        return -1;
    if (flag_fell(s) || record_result(s->rec) != RESULT_NONE)
        return fail(err, errlen, "the game is over");
    int tm = g->ops->to_move(g);
    if (colour >= 0 && colour != tm) {
        snprintf(err, errlen, "%s is not to move (%s is)", g->ops->colour[colour],
                 g->ops->colour[tm]);
        return -1;
    }
    return 0;
}

int session_play(session *s, int colour, const char *text, int flags, char *err,
                 size_t errlen)
{
    LOCK(s);
    int n = may_play(s, colour, err, errlen);
    game *g = G(s);
    int side = g->ops->to_move(g), before = g->ops->ply(g);
    if (n == 0)
        n = record_play_text(s->rec, text, err, errlen);
    if (n > 0 && (flags & SESSION_WHOLE_TURN) && g->ops->result(g) == RESULT_NONE &&
        g->ops->to_move(g) == side) {
        game_take_back_to(g, before);
        n = fail(err, errlen, "the turn is not complete");
    }
    if (n > 0) {
        strbuf t = STRBUF_INIT;
        game_steps_text(g, before, &t);
        snprintf(s->last_turn, sizeof s->last_turn, "%s", strbuf_str(&t));
        strbuf_free(&t);
        if (g->ops->result(g) != RESULT_NONE || g->ops->to_move(g) != side)
            charge(s, side, -1);
    }
    UNLOCK(s);
    return n;
}

/* An end no takeback undoes (a loss on time, a forfeit): -1 with why in
 * err, else 0 (s locked). */
static int end_is_final(session *s, char *err, size_t errlen)
{
    const record *r = s->rec;
    if (!r->off_board || G(s)->ops->result(G(s)) != RESULT_NONE ||
        (r->off_how != 'T' && r->off_how != 'F'))
        return 0;
    char why[SESSION_ERR_MAX];
    record_result_reason(r, why, sizeof why);
    snprintf(err, errlen, "the game is over (%s): that cannot be taken back", why);
    return -1;
}

int session_takeback_final(session *s, char *err, size_t errlen)
{
    LOCK(s);
    flag_fell(s);
    int rc = end_is_final(s, err, errlen);
    UNLOCK(s);
    return rc;
}

/* A player's takeback of a game ended off the board: a resignation alone
 * (1), never a loss on time or a forfeit (-1, why in err), else 0. */
static int take_back_result(session *s, char *err, size_t errlen)
{
    const record *r = s->rec;
    if (!r->off_board || G(s)->ops->result(G(s)) != RESULT_NONE)
        return 0;
    if (end_is_final(s, err, errlen) != 0)
        return -1;
    record_set_off_board(s->rec, RESULT_NONE, 0);
    return 1;
}

/* Is the side to move one a person plays? */
static int person_to_move(session *s)
{
    const game *g = G(s);
    return g->ops->ply(g) == 0 || !s->eng[g->ops->to_move(g)];
}

int session_undo(session *s, int flags, char *err, size_t errlen)
{
    LOCK(s);
    int taken = busy(s, err, errlen) ? -1 : 0;
    if (taken == 0 && flags)
        taken = take_back_result(s, err, errlen);
    int more = taken == 0 || (taken == 1 && flags & SESSION_UNDO_TO_PERSON && !person_to_move(s));
    while (more && record_undo_turn(s->rec) > 0) {
        taken++;
        more = flags & SESSION_UNDO_TO_PERSON && !person_to_move(s);
    }
    if (taken == 0)
        fail(err, errlen, "no move to take back");
    if (taken > 0) {
        s->last_turn[0] = 0;
        turn_begins(s);
    }
    UNLOCK(s);
    return taken;
}

int session_resign(session *s, int colour, char *err, size_t errlen)
{
    LOCK(s);
    int rc = colour < 0 || colour > 1 ? fail(err, errlen, "no such colour") : 0;
    if (rc == 0)
        rc = busy(s, err, errlen);
    if (rc == 0 && record_result(s->rec) != RESULT_NONE)
        rc = fail(err, errlen, "the game is over");
    if (rc == 0)
        record_set_off_board(s->rec, colour == 0 ? RESULT_SECOND : RESULT_FIRST, 'R');
    UNLOCK(s);
    return rc;
}

/* ---- seats ---- */

static int seat_ok(int seat, char *err, size_t errlen)
{
    return seat >= SESSION_FIRST && seat <= SESSION_ANALYST ? 0
                                                            : fail(err, errlen, "no such seat");
}

/* A new engine like e: its kind and the settings given to it, nothing
 * its searches left behind.  NULL with err. */
static engine *engine_like(const engine *e, char *err, size_t errlen)
{
    char settings[SESSION_PLAYER_MAX];
    engine *copy = engine_new(engine_kind(e), err, errlen);
    engine_given_settings_text(e, settings, sizeof settings);
    if (copy && engine_set_all(copy, settings, err, errlen) != 0) {
        engine_free(copy);
        return NULL;
    }
    return copy;
}

/* Put e (NULL: a person) in seat, freeing what was there.  A side that
 * shared its engine with this seat keeps a copy of it. */
static int seat_engine(session *s, int seat, engine *e, char *err, size_t errlen)
{
    if (seat == SESSION_BOTH) {
        free_engine(s, 0);
        free_engine(s, 1);
        s->eng[0] = s->eng[1] = e;
        return 0;
    }
    if (seat < 2 && s->eng[0] && s->eng[0] == s->eng[1]) {
        engine *copy = engine_like(s->eng[0], err, errlen);
        if (!copy)
            return -1;
        s->eng[!seat] = copy;
    }
    int i = seat == SESSION_FIRST ? 0 : seat == SESSION_SECOND ? 1 : 2;
    free_engine(s, i);
    s->eng[i] = e;
    return 0;
}

int session_set_player(session *s, int seat, const char *spec, char *err, size_t errlen)
{
    char kind[128];
    if (seat_ok(seat, err, errlen))
        return -1;
    snprintf(kind, sizeof kind, "%s", spec);
    char *settings = strchr(kind, ':');
    if (settings)
        *settings++ = 0;
    engine *e = NULL;
    if (util_str_ieq(kind, "human")) {
        if (settings)
            return fail(err, errlen, "a human player takes no settings");
        if (seat == SESSION_ANALYST)
            return fail(err, errlen, "the analyst is an engine");
    } else {
        e = engine_new(kind, err, errlen);
        if (!e)
            return -1;
        if (settings && engine_set_all(e, settings, err, errlen) != 0) {
            engine_free(e);
            return -1;
        }
    }
    LOCK(s);
    int rc = busy(s, err, errlen);
    if (rc == 0)
        rc = seat_engine(s, seat, e, err, errlen);
    if (rc != 0 && e)
        engine_free(e);
    UNLOCK(s);
    return rc;
}

static engine *seat_get(session *s, int seat)
{
    return s->eng[seat == SESSION_ANALYST ? 2 : seat == SESSION_BOTH ? 0 : seat];
}

/* The seat's engine told the game first, so that "ai" is the game's
 * searcher with the game's defaults (its settings, its ladder). */
static engine *with_game(session *s, engine *e)
{
    if (e)
        engine_set_game(e, G(s));
    return e;
}

int session_set_kind(session *s, int seat, const char *kind, char *err, size_t errlen)
{
    if (seat_ok(seat, err, errlen))
        return -1;
    engine *e = engine_new(kind, err, errlen);
    if (!e)
        return -1;
    LOCK(s);
    int rc = busy(s, err, errlen);
    engine *old = seat_get(s, seat);
    if (rc == 0 && old) {
        /* carry over the settings the new kind understands */
        char settings[SESSION_PLAYER_MAX], msg[GAME_ERR_MAX];
        char *words[64];
        engine_given_settings_text(old, settings, sizeof settings);
        int n = util_split_words(settings, words, 64);
        for (int i = 0; i < n; i++) {
            char *eq = strchr(words[i], '=');
            if (eq) {
                *eq = 0;
                engine_set(e, words[i], eq + 1, msg, sizeof msg);
            }
        }
    }
    if (rc == 0)
        rc = seat_engine(s, seat, e, err, errlen);
    if (rc != 0)
        engine_free(e);
    UNLOCK(s);
    return rc;
}

/* Engine old replaced by a new one like it, wherever it sits. */
static int renew_engine(session *s, engine *old, char *err, size_t errlen)
{
    engine *e = engine_like(old, err, errlen);
    if (!e)
        return -1;
    for (int i = 0; i < 3; i++)
        if (s->eng[i] == old)
            s->eng[i] = e;
    engine_free(old);
    return 0;
}

static int renew_seat(session *s, int seat, char *err, size_t errlen)
{
    engine *first = seat_get(s, seat);
    int rc = renew_engine(s, first, err, errlen);
    if (rc == 0 && seat == SESSION_BOTH && s->eng[1] && s->eng[1] != s->eng[0])
        rc = renew_engine(s, s->eng[1], err, errlen);
    return rc;
}

int session_set_setting(session *s, int seat, const char *name, const char *value, char *err,
                        size_t errlen)
{
    if (seat_ok(seat, err, errlen))
        return -1;
    LOCK(s);
    int rc = busy(s, err, errlen);
    engine *e = seat_get(s, seat);
    if (rc == 0 && !e)
        rc = fail(err, errlen, "a person has no engine settings");
    /* "ai" checks (and names in its errors) the settings of the game's searcher */
    if (rc == 0)
        rc = engine_set(with_game(s, e), name, value, err, errlen);
    if (rc == 0 && seat == SESSION_BOTH && s->eng[1] && s->eng[1] != e)
        rc = engine_set(with_game(s, s->eng[1]), name, value, err, errlen);
    /* a seed asks for play that repeats: nothing an earlier game left in
     * the engine (a transposition table) may change it */
    if (rc == 0 && strcmp(name, "seed") == 0)
        rc = renew_seat(s, seat, err, errlen);
    UNLOCK(s);
    return rc;
}

int session_levels_text(session *s, int seat, char *buf, size_t len, char *err, size_t errlen)
{
    if (seat_ok(seat, err, errlen))
        return -1;
    LOCK(s);
    engine *e = with_game(s, seat_get(s, seat));
    int rc = e ? 0 : fail(err, errlen, "a person has no levels");
    buf[0] = 0;
    for (int level = 1; e && rc == 0 && level <= ENGINE_LEVEL_MAX; level++) {
        char text[128];
        if (engine_level_text(e, level, text, sizeof text) != 0)
            rc = fail(err, errlen, "this computer player has no levels");
        else
            util_str_appendf(buf, len, "%c %2d  %s\n", level == engine_level(e) ? '*' : ' ',
                             level, text);
    }
    UNLOCK(s);
    return rc;
}

int session_level_text(session *s, int seat, char *buf, size_t len)
{
    buf[0] = 0;
    if (seat != 0 && seat != 1)
        return -1;
    LOCK(s);
    engine *e = with_game(s, seat_get(s, seat));
    int rc = e && engine_level(e) ? engine_level_text(e, engine_level(e), buf, len) : -1;
    UNLOCK(s);
    return rc;
}

int session_is_human(session *s, int seat)
{
    LOCK(s);
    int human = (seat == 0 || seat == 1) && !s->eng[seat];
    UNLOCK(s);
    return human;
}

void session_settings_text(session *s, int seat, char *buf, size_t len)
{
    LOCK(s);
    engine *e = seat >= SESSION_FIRST && seat <= SESSION_ANALYST ? seat_get(s, seat) : NULL;
    buf[0] = 0;
    if (with_game(s, e))
        engine_settings_text(e, buf, len);
    UNLOCK(s);
}

void session_player_text(session *s, int seat, char *buf, size_t len)
{
    char settings[SESSION_PLAYER_MAX];
    LOCK(s);
    engine *e = seat >= SESSION_FIRST && seat <= SESSION_ANALYST ? seat_get(s, seat) : NULL;
    if (with_game(s, e)) {
        engine_settings_text(e, settings, sizeof settings);
        snprintf(buf, len, "%s%s%s", engine_kind(e), settings[0] ? " " : "", settings);
    } else {
        snprintf(buf, len, "human");
    }
    UNLOCK(s);
}

void session_set_name(session *s, int colour, const char *name)
{
    if (colour < 0 || colour > 1)
        return;
    LOCK(s);
    snprintf(s->rec->player[colour], sizeof s->rec->player[colour], "%s", name);
    UNLOCK(s);
}

/* ---- the computer's turn and analysis ---- */

static void search_done(void *arg)
{
    session *s = arg;
    atomic_store(&s->search_over, 1);
    if (s->hooks.done)
        s->hooks.done(s->hooks.arg);
}

static void search_progress(const engine_progress *p, void *arg)
{
    session *s = arg;
    s->hooks.progress(s->hooks.arg, p);
}

/* Start a search of the side to move in g (the game, or a copy of an
 * earlier position) with e; kind SEARCH_TURN or _ANALYSIS.  s->hooks is
 * written only here, before the worker exists. */
static int start_search(session *s, engine *e, const game *g, int kind, int64_t budget,
                        const session_hooks *hooks, char *err, size_t errlen)
{
    s->hooks = hooks ? *hooks : (session_hooks){0};
    atomic_store(&s->search_over, 0);
    engine_set_game(e, g); /* "ai" takes the game's searcher here, not in the worker */
    engine_set_time_budget(e, budget);
    if (s->hooks.progress)
        engine_set_progress(e, search_progress, s, s->hooks.progress_ms);
    else
        engine_set_progress(e, NULL, NULL, 0);
    s->search = kind == SEARCH_ANALYSIS ? think_analyze(e, g, search_done, s, err, errlen)
                                        : think_start(e, g, budget, search_done, s, err, errlen);
    if (!s->search)
        return -1;
    s->search_kind = kind;
    s->search_colour = g->ops->to_move(g);
    return 0;
}

int session_think_start(session *s, const session_hooks *hooks, char *err, size_t errlen)
{
    LOCK(s);
    int rc = may_play(s, -1, err, errlen);
    int side = G(s)->ops->to_move(G(s));
    if (rc == 0 && !s->eng[side]) {
        snprintf(err, errlen, "%s is played by a person", G(s)->ops->colour[side]);
        rc = -1;
    }
    if (rc == 0) {
        int64_t budget = timectl_budget(&s->clock, side, game_turns_left(G(s)));
        if (s->clock_kind == CLOCK_KEPT && budget > 0) {
            /* the time already gone this turn is the clock's, not the search's */
            int64_t left = budget - (util_now_ms() - s->turn_t0);
            budget = left < 10 ? 10 : left;
        }
        rc = start_search(s, s->eng[side], G(s), SEARCH_TURN, budget, hooks, err, errlen);
    }
    UNLOCK(s);
    return rc;
}

void session_think_stop(session *s)
{
    LOCK(s);
    if (s->search)
        think_stop(s->search);
    UNLOCK(s);
}

int session_thinking(session *s)
{
    LOCK(s);
    int r = !s->search ? 0 : atomic_load(&s->search_over) ? 2 : 1;
    UNLOCK(s);
    return r;
}

/* The engine's name for the record: "quartet ai level=5 ...", every
 * setting, so the record says how to play the same moves again (cut at a
 * whole setting if it ever outgrows the record's field). */
static void name_player(session *s, int colour)
{
    char *who = s->rec->player[colour], settings[SESSION_PLAYER_MAX];
    if (who[0] || !s->eng[colour])
        return;
    engine_settings_text(with_game(s, s->eng[colour]), settings, sizeof settings);
    size_t len = sizeof s->rec->player[0];
    if ((size_t)snprintf(who, len, "quartet %s %s", engine_kind(s->eng[colour]), settings) >= len)
        *strrchr(who, ' ') = '\0';
}

/* Join a search of this kind (stopping it first if asked): its turn, or
 * NULL with err.  Called with the lock held. */
static think_turn *end_search(session *s, int kind, int stop, char *err, size_t errlen)
{
    if (!s->search || s->search_kind != kind) {
        fail(err, errlen, kind == SEARCH_TURN ? "no computer turn was started"
                                              : "no analysis is running");
        return NULL;
    }
    if (stop)
        think_stop(s->search);
    think_turn *t = think_join(s->search);
    s->search = NULL;
    s->search_kind = SEARCH_NONE;
    if (!t || t->n == 0) {
        fail(err, errlen, t ? "the engine found no move" : "out of memory");
        think_turn_free(t);
        return NULL;
    }
    return t;
}

/* The engine's notes on the turn t as the last search's report. */
static void keep_notes(session *s, const think_turn *t)
{
    s->last_search[0] = 0;
    for (int i = 0; i < t->n; i++)
        if (t->notes[i] && t->notes[i][0])
            util_str_appendf(s->last_search, sizeof s->last_search, "%s%s",
                             s->last_search[0] ? "\n" : "", t->notes[i]);
}

int session_think_finish(session *s, int play, char *turn, size_t turnlen, char *err,
                         size_t errlen)
{
    LOCK(s);
    think_turn *t = end_search(s, SEARCH_TURN, 0, err, errlen);
    int rc = t ? 0 : -1, side = s->search_colour;
    if (t) {
        snprintf(turn, turnlen, "%s", t->text);
        keep_notes(s, t);
    }
    if (t && play && flag_fell(s))
        rc = fail(err, errlen, "the computer ran out of time");
    else if (t && play && game_reserve(G(s), t->n) != 0)
        rc = fail(err, errlen, "out of memory: the computer's turn is not played");
    else if (t && play) {
        for (int i = 0; i < t->n; i++)
            record_make(s->rec, t->moves[i], t->notes[i]);
        snprintf(s->last_turn, sizeof s->last_turn, "%s", t->text);
        charge(s, side, t->ms);
        name_player(s, side);
    }
    if (t && s->pondered) {
        /* the opponent's move was in the pondered tree if its visits were kept */
        if (t->reused)
            s->pstats.hits++;
        else
            s->pstats.misses++;
        s->pstats.last_reused = t->reused;
    }
    s->pondered = 0;
    think_turn_free(t);
    UNLOCK(s);
    return rc;
}

int session_ponder_start(session *s)
{
    LOCK(s);
    const game *g = G(s);
    int side = !g->ops->to_move(g), started = 0;
    engine *e = s->eng[side];
    if (!s->search && !s->ponder && e && record_result(s->rec) == RESULT_NONE && !flag_fell(s)) {
        engine_set_game(e, g);
        if (engine_wants_ponder(e)) {
            char err[SESSION_ERR_MAX];
            engine_set_progress(e, NULL, NULL, 0);
            s->ponder = think_ponder(e, g, err, sizeof err);
            started = s->ponder != NULL;
        }
    }
    UNLOCK(s);
    return started;
}

void session_ponder_stop(session *s)
{
    LOCK(s);
    ponder_end(s);
    UNLOCK(s);
}

void session_ponder_stats(session *s, session_ponder_info *out)
{
    LOCK(s);
    *out = s->pstats;
    out->running = s->ponder != NULL;
    UNLOCK(s);
}

int session_analyze_start(session *s, const session_hooks *hooks, char *err, size_t errlen)
{
    return session_analyze_at(s, -1, hooks, err, errlen);
}

/* The position after ply moves: the game itself, or a copy taken back
 * (NULL with err). */
static game *position_at(session *s, int ply, char *err, size_t errlen)
{
    int now = G(s)->ops->ply(G(s));
    if (ply < 0 || ply > now) {
        snprintf(err, errlen, "no position after %d moves: the game has %d", ply, now);
        return NULL;
    }
    if (ply == now)
        return G(s);
    game *c = game_clone(G(s));
    if (c)
        game_take_back_to(c, ply);
    else
        fail(err, errlen, "out of memory");
    return c;
}

int session_analyze_at(session *s, int ply, const session_hooks *hooks, char *err,
                       size_t errlen)
{
    LOCK(s);
    game *g = NULL;
    int rc = busy(s, err, errlen);
    if (rc == 0 && !(g = position_at(s, ply < 0 ? G(s)->ops->ply(G(s)) : ply, err, errlen)))
        rc = -1;
    if (rc == 0 && g == G(s) && record_result(s->rec) != RESULT_NONE)
        rc = fail(err, errlen, "the game is over");
    if (rc == 0 && !s->eng[2] && !(s->eng[2] = engine_new("ai", err, errlen)))
        rc = -1;
    if (rc == 0)
        rc = start_search(s, s->eng[2], g, SEARCH_ANALYSIS, 0, hooks, err, errlen);
    if (g != G(s))
        game_free(g);
    UNLOCK(s);
    return rc;
}

int session_analyze_stop(session *s, strbuf *out, char *err, size_t errlen)
{
    LOCK(s);
    think_turn *t = end_search(s, SEARCH_ANALYSIS, 1, err, errlen);
    int rc = t ? 0 : -1;
    if (t) {
        strbuf_add(out, t->text);
        for (int i = 0; i < t->n; i++)
            strbuf_addf(out, "\n%s", t->notes[i]);
        if (out->failed)
            rc = fail(err, errlen, "out of memory");
    }
    think_turn_free(t);
    UNLOCK(s);
    return rc;
}

/* ---- records ---- */

/* A record from a file (path) or from SGF text; nothing changes on error. */
static int load(session *s, const char *path, const char *text, int max_turns, char *err,
                size_t errlen)
{
    LOCK(s);
    record *r = NULL;
    if (busy(s, err, errlen) == 0)
        r = path ? record_load(path, max_turns, err, errlen)
                 : record_from_sgf(text, max_turns, err, errlen);
    if (r)
        replace_record(s, r, 0);
    UNLOCK(s);
    return r ? 0 : -1;
}

int session_load(session *s, const char *path, int max_turns, char *err, size_t errlen)
{
    return load(s, path, NULL, max_turns, err, errlen);
}

int session_from_sgf(session *s, const char *text, int max_turns, char *err, size_t errlen)
{
    return load(s, NULL, text, max_turns, err, errlen);
}

int session_save(session *s, const char *path, char *err, size_t errlen)
{
    LOCK(s);
    int rc = record_save(s->rec, path, err, errlen);
    UNLOCK(s);
    return rc;
}

int session_to_sgf(session *s, strbuf *out, char *err, size_t errlen)
{
    LOCK(s);
    char *text = record_to_sgf(s->rec);
    UNLOCK(s);
    if (!text)
        return fail(err, errlen, "out of memory");
    strbuf_add(out, text);
    free(text);
    return out->failed ? fail(err, errlen, "out of memory") : 0;
}

/* ---- queries ---- */

const game_ops *session_ops(session *s)
{
    LOCK(s);
    const game_ops *ops = G(s)->ops;
    UNLOCK(s);
    return ops;
}

void session_options_text(session *s, char *buf, size_t len)
{
    LOCK(s);
    game_options_text(G(s), buf, len);
    UNLOCK(s);
}

void session_position_text(session *s, char *buf, size_t len)
{
    LOCK(s);
    G(s)->ops->to_text(G(s), buf, len);
    UNLOCK(s);
}

void session_render(session *s, int mark_last, char *buf, size_t len)
{
    LOCK(s);
    game_render(G(s), mark_last, buf, len);
    UNLOCK(s);
}

int session_to_move(session *s)
{
    LOCK(s);
    flag_fell(s);
    int tm = record_result(s->rec) != RESULT_NONE ? -1 : G(s)->ops->to_move(G(s));
    UNLOCK(s);
    return tm;
}

int session_ply(session *s)
{
    LOCK(s);
    int ply = G(s)->ops->ply(G(s));
    UNLOCK(s);
    return ply;
}

int session_result(session *s, char *reason, size_t len)
{
    LOCK(s);
    flag_fell(s);
    int r = record_result(s->rec);
    if (reason)
        record_result_reason(s->rec, reason, len);
    UNLOCK(s);
    return r;
}

int session_result_how(session *s)
{
    LOCK(s);
    flag_fell(s);
    const record *r = s->rec;
    int how = !r->off_board || G(s)->ops->result(G(s)) != RESULT_NONE ? 0
              : r->off_how                                            ? r->off_how
                                                                      : '?';
    UNLOCK(s);
    return how;
}

void session_result_sgf(session *s, char *buf, size_t len)
{
    LOCK(s);
    flag_fell(s);
    record_result_sgf(s->rec, buf, len);
    UNLOCK(s);
}

int session_moves_text(session *s, strbuf *out)
{
    LOCK(s);
    int rc = record_moves_text(s->rec, out);
    UNLOCK(s);
    return rc;
}

int session_legal_moves_text(session *s, strbuf *out)
{
    qmove moves[GAME_MAX_MOVES];
    LOCK(s);
    game *g = G(s);
    int n = record_result(s->rec) != RESULT_NONE ? 0 : g->ops->legal_moves(g, moves);
    for (int i = 0; i < n; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, moves[i], t, sizeof t);
        strbuf_addf(out, "%s%s", i ? " " : "", t);
    }
    UNLOCK(s);
    return out->failed ? -1 : 0;
}

void session_last_turn(session *s, char *buf, size_t len)
{
    LOCK(s);
    snprintf(buf, len, "%s", s->last_turn);
    UNLOCK(s);
}

void session_last_search(session *s, char *buf, size_t len)
{
    LOCK(s);
    snprintf(buf, len, "%s", s->last_search);
    UNLOCK(s);
}

game *session_game_copy(session *s)
{
    LOCK(s);
    game *g = game_clone(G(s));
    UNLOCK(s);
    return g;
}
