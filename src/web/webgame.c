/* webgame.c - the web server's games over sessions (see webgame.h). */
#define _DEFAULT_SOURCE
#include "web/webgame.h"
#include "ai/engine.h"
#include "session.h"
#include "strbuf.h"
#include "util.h"
#include "web/webevents.h"
#include "web/webjson.h"
#include "web/webproof.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define ENGINE_MEMORY "memory=64" /* MB per engine: many games share the machine */
#define PROGRESS_EVERY_MS 250     /* live "thinking" and "analysis" events */
#define PING_EVERY_MS 15000
#define APART_PLAYING "the analysis opens when the game is over: two people are playing"

struct webgame {
    char id[WEBGAME_ID_LEN + 1];
    char token[2][WEBGAME_TOKEN_LEN + 1]; /* "" for a computer seat */
    webgame_seat seat[2];
    webgame_clock clock;     /* base_ms 0: no clock */
    session *s;
    pthread_mutex_t mu;      /* one request or runner step at a time */
    int lent;                /* seat + 1 a person lent to the computer for one turn */
    int offer;               /* seat + 1 offering a takeback (not stored: a restart drops it) */
    atomic_int analysing;    /* read by the runner without mu */
    _Atomic int64_t analysis_end; /* when the runner stops an analysis at the latest */
    atomic_int done;         /* the search ended: the runner joins it */
    atomic_int ended;        /* the game is over as stored (the runner's clock watch) */
    /* read by the search's progress reports (worker thread), under amu */
    pthread_mutex_t amu;
    game *search_pos;        /* the position searched, for move texts */
    int64_t last_report;
    json_t *analysis;        /* the latest analysis */
    json_t *proof;           /* the latest word of the analysis's proof */
    webproof *prover;        /* the last analysis's proof: it may outlive the
                                search, until its time is up or the position
                                changes (stopped under mu) */
    int gone;                /* dropped from the table: nothing more is stored (mu) */
    int64_t updated;         /* when it was last stored, seconds since 1970 (mu) */
    struct webgame *next_dropped;
};

static pthread_mutex_t table_mu = PTHREAD_MUTEX_INITIALIZER;
static webgame **games, *dropped; /* dropped: out of the table, freed at the stop */
static int ngames, cap_games, max_games = WEBGAME_MAX_DEFAULT;
static webstore *store;

static pthread_mutex_t run_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t run_cond = PTHREAD_COND_INITIALIZER;
static pthread_t runner;
static int running, stopping;
static atomic_int halted; /* shutting down: no search starts */

static webgame *entry_at(int i);

static int fail(char *err, size_t errlen, int status, const char *msg)
{
    snprintf(err, errlen, "%s", msg);
    return status;
}

static int random_hex(char *out, int digits)
{
    unsigned char b[32];
    if (getrandom(b, (size_t)digits / 2, 0) != digits / 2)
        return -1;
    for (int i = 0; i < digits / 2; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    return 0;
}

/* ---- seats ---- */

static json_t *seats_json(const webgame *w)
{
    json_t *a = json_array();
    for (int i = 0; i < 2; i++) {
        const webgame_seat *st = &w->seat[i];
        char level[128]; /* what the seat's level plays in this game */
        session_level_text(w->s, i, level, sizeof level);
        json_t *s = !st->computer && st->invited
                        ? json_pack("{s:s, s:b}", "kind", "human", "invited", 1)
                    : !st->computer ? json_pack("{s:s}", "kind", "human")
                    : st->beginner ? json_pack("{s:s, s:b}", "kind", "computer", "beginner", 1)
                    : st->ms       ? json_pack("{s:s, s:i}", "kind", "computer", "ms", st->ms)
                                   : json_pack("{s:s, s:i, s:s}", "kind", "computer", "level",
                                               st->level, "text", level);
        if (s && st->computer && st->ponder)
            json_object_set_new(s, "ponder", json_true());
        json_array_append_new(a, s);
    }
    return a;
}

static void engine_spec(const webgame_seat *st, char *buf, size_t len)
{
    const char *ponder = st->ponder ? ",ponder=1" : "";
    char seed[17];
    if (st->beginner) /* a fresh seed: each game its own moves */
        snprintf(buf, len, "random:careful=1,seed=%lld",
                 random_hex(seed, 14) == 0 ? strtoll(seed, NULL, 16) : (long long)util_now_ms());
    else if (st->ms)
        snprintf(buf, len, "ai:level=10,ms=%d,%s%s", st->ms, ENGINE_MEMORY, ponder);
    else
        snprintf(buf, len, "ai:level=%d,%s%s", st->level, ENGINE_MEMORY, ponder);
}

static int apply_seats(webgame *w, char *err, size_t errlen)
{
    for (int i = 0; i < 2; i++) {
        char spec[128];
        engine_spec(&w->seat[i], spec, sizeof spec);
        if (session_set_player(w->s, i, w->seat[i].computer ? spec : "human", err, errlen) != 0)
            return -1;
    }
    return 0;
}

/* Two people on their own screens: both seats are people and one was
 * invited by link, so each holds its own token (at one screen the page
 * holds both).  The engine's word and one-sided takebacks would be unfair. */
static int apart(const webgame *w)
{
    return !w->seat[0].computer && !w->seat[1].computer &&
           (w->seat[0].invited || w->seat[1].invited);
}

static int apart_playing(webgame *w)
{
    return apart(w) && session_to_move(w->s) >= 0;
}

/* ---- state and storage ---- */

/* Has seat you played a turn that can be taken back?  (Walks a copy of g.) */
static int has_turn(const game *g, int you)
{
    game *c = game_clone(g);
    int found = 0;
    while (c && !found && c->ops->ply(c) > 0) {
        c->ops->unmake(c);
        found = c->ops->to_move(c) == you;
    }
    game_free(c);
    return found;
}

/* 0 when seat you may take back now, else 409 with why in err (w->mu
 * held; how: session_result_how).  A resignation is the resigner's to
 * take back, never its opponent's; a loss on time or a forfeit is final. */
static int undo_refused(webgame *w, const game *g, int you, int how, char *err, size_t errlen)
{
    if (!w->token[you][0])
        return fail(err, errlen, 409, "nothing to undo: this seat has not moved");
    if (session_takeback_final(w->s, err, errlen) != 0)
        return 409;
    if (how == 'R') {
        int resigned = session_result(w->s, NULL, 0) == RESULT_FIRST;
        if (you == resigned)
            return 0;
        snprintf(err, errlen, "only %s, who resigned, can take the resignation back",
                 g->ops->colour[resigned]);
        return 409;
    }
    if (how == 0 && !has_turn(g, you))
        return fail(err, errlen, 409, "nothing to undo: this seat has not moved");
    return 0;
}

static json_t *state_json(webgame *w, int you, int view_ply)
{
    game *g = session_game_copy(w->s);
    if (!g)
        return NULL;
    char reason[GAME_ERR_MAX];
    session_clock c;
    session_clock_state(w->s, &c);
    json_t *seats = seats_json(w);
    session_ponder_info pi;
    session_ponder_stats(w->s, &pi);
    int how = session_result_how(w->s), undo[2];
    char why[SESSION_ERR_MAX];
    for (int i = 0; i < 2; i++) /* no second offer while one waits */
        undo[i] = !w->offer && undo_refused(w, g, i, how, why, sizeof why) == 0;
    webjson_info in = {w->id, g, session_result(w->s, reason, sizeof reason), reason, seats, you,
                       session_thinking(w->s) != 0 && !w->analysing, pi.running, c.kind != 0,
                       w->clock.base_ms, c.inc_ms, {c.left_ms[0], c.left_ms[1]}, c.running,
                       view_ply, {undo[0], undo[1]}, apart(w), w->offer - 1, w->updated};
    json_t *j = webjson_state(&in);
    json_decref(seats);
    game_free(g);
    return j;
}

static char *state_text(webgame *w, int you)
{
    json_t *j = state_json(w, you, -1);
    char *t = j ? webjson_dump(j) : NULL;
    json_decref(j);
    return t;
}

/* The new state to every stream of the game, each with its own "you". */
static void publish_state(webgame *w)
{
    for (int you = -1; you < 2; you++) {
        if (!webevents_wanted(w, you))
            continue;
        char *t = state_text(w, you);
        if (t)
            webevents_publish(w, you, "state", t);
        free(t);
    }
}

/* Store the game as changed at `when` (seconds since 1970). */
static int save_at(webgame *w, int64_t when, char *err, size_t errlen)
{
    strbuf sgf = STRBUF_INIT;
    char tokens[2 * WEBGAME_TOKEN_LEN + 4];
    snprintf(tokens, sizeof tokens, "%s %s", w->token[0][0] ? w->token[0] : "-",
             w->token[1][0] ? w->token[1] : "-");
    json_t *seats = seats_json(w);
    char *seats_text = webjson_dump(seats);
    json_decref(seats);
    int rc = -1;
    session_clock c;
    session_clock_state(w->s, &c);
    if (session_to_sgf(w->s, &sgf, err, errlen) == 0 && seats_text && !sgf.failed) {
        webstore_row row = {w->id, strbuf_str(&sgf), seats_text, tokens, w->clock.base_ms,
                            {c.kind ? c.left_ms[0] : -1, c.kind ? c.left_ms[1] : -1},
                            w->clock.inc_ms, when};
        rc = webstore_save(store, &row, err, errlen);
        if (rc == 0)
            w->updated = row.updated; /* the stored time, the same after a restart */
    } else if (!seats_text || sgf.failed) {
        snprintf(err, errlen, "out of memory");
    }
    free(seats_text);
    strbuf_free(&sgf);
    return rc;
}

static int save(webgame *w, char *err, size_t errlen)
{
    return save_at(w, (int64_t)time(NULL), err, errlen);
}

/* ---- searches ---- */

static void search_done(void *arg)
{
    webgame *w = arg;
    atomic_store(&w->done, 1);
    pthread_mutex_lock(&run_mu);
    pthread_cond_signal(&run_cond);
    pthread_mutex_unlock(&run_mu);
}

static json_t *analysis_json(const game *g, const engine_progress *p)
{
    json_t *cands = json_array();
    char text[GAME_MOVE_TEXT_MAX];
    for (int i = 0; i < p->ncand && i < 10; i++) {
        const engine_candidate *c = &p->cand[i];
        json_t *pv = json_array(); /* the best move's whole line: add_pv */
        webjson_move_text(g, c->move, text, sizeof text);
        if (i != 0 || p->npv == 0)
            json_array_append_new(pv, json_string(text));
        const char *proven = engine_proven_name(c->proven);
        json_array_append_new(cands, json_pack("{s:s, s:o, s:I, s:f, s:o, s:o, s:o}", "move",
                                               text, "clicks", webjson_clicks(g, c->move),
                                               "visits", (json_int_t)c->visits, "winrate",
                                               c->value, "pv", pv, "proven",
                                               proven ? json_string(proven) : json_null(),
                                               "plies", c->plies ? json_integer(c->plies)
                                                                 : json_null()));
    }
    return json_pack("{s:i, s:i, s:I, s:i, s:I, s:b, s:o}", "ply", g->ops->ply(g), "to_move",
                     g->ops->to_move(g), "visits", (json_int_t)p->iterations, "depth", p->depth,
                     "ms", (json_int_t)p->ms, "done", p->final, "candidates", cands);
}

/* The principal variation as texts, walking a copy of the position. */
static void add_pv(json_t *a, const game *g, const engine_progress *p)
{
    json_t *cands = json_object_get(a, "candidates");
    json_t *pv = json_object_get(json_array_get(cands, 0), "pv");
    game *c = pv ? game_clone(g) : NULL;
    char text[GAME_MOVE_TEXT_MAX];
    for (int k = 0; c && k < p->npv; k++) {
        webjson_move_text(c, p->pv[k], text, sizeof text);
        json_array_append_new(pv, json_string(text));
        c->ops->make(c, p->pv[k]);
        if (c->ops->result(c) != RESULT_NONE)
            break;
    }
    game_free(c);
}

/* On the search's worker thread: touches only amu's fields and the streams. */
static void search_progress(void *arg, const engine_progress *p)
{
    webgame *w = arg;
    pthread_mutex_lock(&w->amu);
    int64_t now = util_now_ms();
    /* the search spaces its reports PROGRESS_EVERY_MS apart; this only
     * guards against a flood (each report's time is measured apart) */
    if (w->search_pos && (p->final || now - w->last_report >= PROGRESS_EVERY_MS / 2)) {
        w->last_report = now;
        json_t *a = analysis_json(w->search_pos, p);
        add_pv(a, w->search_pos, p);
        char *text = NULL;
        if (w->analysing) {
            json_object_set(a, "proof", w->proof ? w->proof : json_null());
            json_decref(w->analysis);
            w->analysis = json_incref(a);
            text = webjson_dump(a);
            if (text)
                webevents_publish(w, -2, "analysis", text);
        } else if (p->ncand > 0) {
            char best[GAME_MOVE_TEXT_MAX];
            webjson_move_text(w->search_pos, p->cand[0].move, best, sizeof best);
            json_t *t = json_pack("{s:s, s:f, s:I, s:i, s:I}", "best", best, "winrate",
                                  p->value, "visits", (json_int_t)p->iterations, "depth",
                                  p->depth, "ms", (json_int_t)p->ms);
            text = webjson_dump(t);
            json_decref(t);
            if (text)
                webevents_publish(w, -2, "thinking", text);
        }
        free(text);
        json_decref(a);
    }
    pthread_mutex_unlock(&w->amu);
}

static void set_search_pos(webgame *w, game *g)
{
    pthread_mutex_lock(&w->amu);
    game_free(w->search_pos);
    w->search_pos = g;
    w->last_report = 0;
    pthread_mutex_unlock(&w->amu);
}

/* Start the computer's turn when a computer seat is to move (w->mu held). */
static void kick(webgame *w)
{
    int side = session_to_move(w->s);
    if (side < 0 || atomic_load(&halted) || session_thinking(w->s) || session_is_human(w->s, side))
        return;
    session_hooks h = {.done = search_done, .progress = search_progress, .arg = w,
                       .progress_ms = PROGRESS_EVERY_MS};
    char err[SESSION_ERR_MAX];
    set_search_pos(w, session_game_copy(w->s));
    if (session_think_start(w->s, &h, err, sizeof err) != 0)
        fprintf(stderr, "quartet serve: game %s: %s\n", w->id, err);
}

/* Games whose computer thinks on the opponent's time now. */
static int ponders_running(void)
{
    int n = 0;
    webgame *o;
    for (int i = 0; (o = entry_at(i)) != NULL; i++) {
        session_ponder_info pi;
        session_ponder_stats(o->s, &pi);
        n += pi.running;
    }
    return n;
}

/* While a person is to move, a computer seat with ponder thinks on their
 * time, unless WEBGAME_PONDER_MAX games already do (w->mu held).  Any
 * change to the game (the person's move, undo, analysis) ends it. */
static void maybe_ponder(webgame *w)
{
    int side = session_to_move(w->s);
    if (side < 0 || atomic_load(&halted) || !session_is_human(w->s, side) ||
        !w->seat[!side].computer || !w->seat[!side].ponder ||
        ponders_running() >= WEBGAME_PONDER_MAX)
        return;
    session_ponder_start(w->s);
}

/* A person's seat lent to the computer for one turn is theirs again. */
static void give_back(webgame *w)
{
    char err[SESSION_ERR_MAX];
    if (w->lent)
        session_set_player(w->s, w->lent - 1, "human", err, sizeof err);
    w->lent = 0;
}

/* On the proof's thread: its result joins the latest analysis. */
static void proof_done(void *arg, json_t *result)
{
    webgame *w = arg;
    pthread_mutex_lock(&w->amu);
    json_decref(w->proof);
    w->proof = result;
    char *text = NULL;
    if (w->analysis) {
        json_object_set(w->analysis, "proof", result);
        text = webjson_dump(w->analysis);
    }
    pthread_mutex_unlock(&w->amu);
    if (text)
        webevents_publish(w, -2, "analysis", text);
    free(text);
}

/* Stop the last analysis's proof, if it still runs (w->mu held). */
static void stop_proof(webgame *w)
{
    webproof_stop(w->prover);
    w->prover = NULL;
}

/* Prove the analysed position beside the search, for as long (w->mu held).
 * amu is held from before the proof's thread starts until its first
 * state is in place: a proof that ends at once (a small board) waits in
 * proof_done, so its result is never overwritten by "started". */
static void start_proof(webgame *w, const game *g, int ms)
{
    char err[128];
    json_t *started = NULL;
    stop_proof(w);
    pthread_mutex_lock(&w->amu);
    w->prover = webproof_start(g, ms, proof_done, w, &started, err, sizeof err);
    if (!w->prover)
        started = json_pack("{s:b, s:s, s:[], s:i, s:i, s:i, s:i, s:s}", "done", 1, "value",
                            "unknown", "winning", "solved", 0, "moves", 0, "nodes", 0, "ms",
                            0, "error", err);
    json_decref(w->proof);
    w->proof = started;
    if (w->analysis)
        json_object_set(w->analysis, "proof", started ? started : json_null());
    pthread_mutex_unlock(&w->amu);
}

/* Stop the analysis; its last word goes out as done unless another
 * replaces it at once (quiet): then its last reports, the final one of a
 * search stopped before it counted anything among them, are dropped
 * rather than shown as the new one's. */
static void end_analysis(webgame *w, int quiet)
{
    strbuf out = STRBUF_INIT;
    char err[SESSION_ERR_MAX];
    if (quiet)
        set_search_pos(w, NULL); /* search_progress drops what comes */
    session_analyze_stop(w->s, &out, err, sizeof err);
    strbuf_free(&out);
    pthread_mutex_lock(&w->amu);
    w->analysing = 0;
    json_t *a = w->analysis;
    if (a)
        json_object_set_new(a, "done", json_true());
    char *text = a && !quiet ? webjson_dump(a) : NULL;
    pthread_mutex_unlock(&w->amu);
    if (text)
        webevents_publish(w, -2, "analysis", text);
    free(text);
}

/* Stop whatever search runs, dropping a computer turn not yet played (w->mu held). */
static void stop_search(webgame *w)
{
    stop_proof(w);
    if (w->analysing) {
        end_analysis(w, 0);
        return;
    }
    if (!session_thinking(w->s))
        return;
    char turn[SESSION_TURN_MAX], err[SESSION_ERR_MAX];
    session_think_stop(w->s);
    session_think_finish(w->s, 0, turn, sizeof turn, err, sizeof err);
    atomic_store(&w->done, 0);
    give_back(w);
}

/* The runner's step for a game whose search ended: play and store its turn. */
static void finish(webgame *w)
{
    pthread_mutex_lock(&w->mu);
    if (!w->gone && atomic_exchange(&w->done, 0) && session_thinking(w->s) == 2) {
        char turn[SESSION_TURN_MAX], err[SESSION_ERR_MAX];
        if (w->analysing) {
            end_analysis(w, 0);
        } else {
            if (session_think_finish(w->s, 1, turn, sizeof turn, err, sizeof err) != 0)
                fprintf(stderr, "quartet serve: game %s: %s\n", w->id, err);
            give_back(w);
            w->offer = 0; /* a move answers a takeback offer */
            if (save(w, err, sizeof err) != 0)
                fprintf(stderr, "quartet serve: game %s not stored: %s\n", w->id, err);
            maybe_ponder(w);
            publish_state(w);
        }
        kick(w);
    }
    pthread_mutex_unlock(&w->mu);
}

/* A kept clock that ran out ends the game: store and tell it (runner). */
static void watch_clock(webgame *w)
{
    pthread_mutex_lock(&w->mu);
    session_clock c;
    session_clock_state(w->s, &c); /* ends the game when the time is up */
    if (!w->gone && session_to_move(w->s) < 0) {
        char err[SESSION_ERR_MAX];
        stop_search(w);
        w->offer = 0; /* a loss on time is final */
        if (save(w, err, sizeof err) != 0)
            fprintf(stderr, "quartet serve: game %s not stored: %s\n", w->id, err);
        publish_state(w);
        atomic_store(&w->ended, 1);
    }
    pthread_mutex_unlock(&w->mu);
}

static void *run(void *arg)
{
    (void)arg;
    int64_t last_ping = util_now_ms();
    pthread_mutex_lock(&run_mu);
    while (!stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 250 * 1000000L;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&run_cond, &run_mu, &until);
        pthread_mutex_unlock(&run_mu);
        int64_t now = util_now_ms();
        webgame *w;
        for (int i = 0; (w = entry_at(i)) != NULL; i++) { /* entries live until the end */
            if (w->analysing && now > w->analysis_end) {
                pthread_mutex_lock(&w->mu);
                if (w->analysing)
                    end_analysis(w, 0);
                pthread_mutex_unlock(&w->mu);
            }
            if (atomic_load(&w->done))
                finish(w);
            if (w->clock.base_ms > 0 && !atomic_load(&w->ended))
                watch_clock(w);
        }
        if (now - last_ping >= PING_EVERY_MS) {
            webevents_ping();
            last_ping = now;
        }
        pthread_mutex_lock(&run_mu);
    }
    pthread_mutex_unlock(&run_mu);
    return NULL;
}

/* ---- the table ---- */

static webgame *new_entry(session *s)
{
    webgame *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->s = s;
    pthread_mutex_init(&w->mu, NULL);
    pthread_mutex_init(&w->amu, NULL);
    return w;
}

static void free_entry(webgame *w)
{
    if (!w)
        return;
    session_free(w->s);
    webproof_stop(w->prover);
    game_free(w->search_pos);
    json_decref(w->analysis);
    json_decref(w->proof);
    pthread_mutex_destroy(&w->mu);
    pthread_mutex_destroy(&w->amu);
    free(w);
}

static webgame *find_locked(const char *id)
{
    for (int i = 0; i < ngames; i++)
        if (strcmp(games[i]->id, id) == 0)
            return games[i];
    return NULL;
}

webgame *webgame_find(const char *id)
{
    pthread_mutex_lock(&table_mu);
    webgame *w = find_locked(id);
    pthread_mutex_unlock(&table_mu);
    return w;
}

static webgame *entry_at(int i)
{
    pthread_mutex_lock(&table_mu);
    webgame *w = i < ngames ? games[i] : NULL;
    pthread_mutex_unlock(&table_mu);
    return w;
}

int webgame_count(void)
{
    pthread_mutex_lock(&table_mu);
    int n = ngames;
    pthread_mutex_unlock(&table_mu);
    return n;
}

/* Add w to the table under a fresh id.  Status 0, or 429 when full. */
static int add_entry(webgame *w, const char *id, char *err, size_t errlen)
{
    pthread_mutex_lock(&table_mu);
    int rc = 0;
    if (ngames >= max_games) {
        snprintf(err, errlen, "too many games (the limit is %d)", max_games);
        rc = 429;
    } else if (ngames == cap_games) {
        int cap = cap_games ? 2 * cap_games : 64;
        webgame **g = realloc(games, (size_t)cap * sizeof *g);
        if (!g)
            rc = fail(err, errlen, 503, "out of memory");
        else
            games = g, cap_games = cap;
    }
    if (rc == 0) {
        if (id)
            snprintf(w->id, sizeof w->id, "%s", id);
        else
            do
                if (random_hex(w->id, WEBGAME_ID_LEN) != 0)
                    rc = fail(err, errlen, 503, "no random numbers");
            while (rc == 0 && find_locked(w->id));
    }
    if (rc == 0)
        games[ngames++] = w;
    pthread_mutex_unlock(&table_mu);
    return rc;
}

/* Take w out of the table (its creation could not be stored).  The runner
 * may still hold it, so it is freed only at the stop. */
static void drop_entry(webgame *w)
{
    pthread_mutex_lock(&table_mu);
    for (int i = 0; i < ngames; i++)
        if (games[i] == w) {
            memmove(&games[i], &games[i + 1], (size_t)(ngames - i - 1) * sizeof *games);
            ngames--;
            break;
        }
    w->next_dropped = dropped;
    dropped = w;
    pthread_mutex_unlock(&table_mu);
}

/* ---- start and stop ---- */

static int parse_seats(json_t *a, webgame_seat seats[2])
{
    if (!json_is_array(a) || json_array_size(a) != 2)
        return -1;
    for (int i = 0; i < 2; i++) {
        json_t *s = json_array_get(a, i);
        const char *kind = json_string_value(json_object_get(s, "kind"));
        seats[i].computer = kind && strcmp(kind, "computer") == 0;
        seats[i].level = (int)json_integer_value(json_object_get(s, "level"));
        seats[i].ms = (int)json_integer_value(json_object_get(s, "ms"));
        seats[i].ponder = json_is_true(json_object_get(s, "ponder"));
        seats[i].beginner = json_is_true(json_object_get(s, "beginner"));
        seats[i].invited = json_is_true(json_object_get(s, "invited"));
    }
    return 0;
}

/* The clock as stored: what each side had left when it was last stored
 * (the time the server was down is no one's); at most the base and every
 * increment the turns so far could have added. */
static void resume_clock(webgame *w, const webstore_row *row)
{
    char err[SESSION_ERR_MAX];
    int64_t left[2], most = w->clock.base_ms + w->clock.inc_ms * (session_ply(w->s) + 1);
    for (int i = 0; i < 2; i++)
        left[i] = row->left_ms[i] >= 0 && row->left_ms[i] <= most ? row->left_ms[i]
                                                                  : w->clock.base_ms;
    session_set_clock(w->s, w->clock.base_ms, w->clock.inc_ms, err, sizeof err);
    session_resume_clock(w->s, left, err, sizeof err);
}

static void load_row(void *arg, const webstore_row *row)
{
    (void)arg;
    char err[SESSION_ERR_MAX];
    game *g = game_create_default(game_registry[0]);
    session *s = g ? session_new(g, err, sizeof err) : NULL;
    webgame *w = s ? new_entry(s) : NULL;
    json_t *seats = json_loads(row->seats, 0, NULL);
    int ok = w && parse_seats(seats, w->seat) == 0 &&
             sscanf(row->tokens, "%32s %32s", w->token[0], w->token[1]) == 2 &&
             session_from_sgf(s, row->sgf, -1, err, sizeof err) == 0 &&
             apply_seats(w, err, sizeof err) == 0;
    json_decref(seats);
    if (!w)
        session_free(s);
    if (ok) {
        for (int i = 0; i < 2; i++)
            if (strcmp(w->token[i], "-") == 0)
                w->token[i][0] = 0;
        w->clock = (webgame_clock){row->clock_ms, row->inc_ms};
        w->updated = row->updated;
        if (w->clock.base_ms > 0)
            resume_clock(w, row);
        atomic_store(&w->ended, session_to_move(s) < 0);
        ok = add_entry(w, row->id, err, sizeof err) == 0;
    }
    if (!ok) {
        fprintf(stderr, "quartet serve: stored game %.16s not loaded: %s\n", row->id,
                w ? err : "out of memory");
        free_entry(w);
        return;
    }
    pthread_mutex_lock(&w->mu);
    kick(w);
    pthread_mutex_unlock(&w->mu);
}

int webgame_start(webstore *st, int max, char *err, size_t errlen)
{
    store = st;
    max_games = max > 0 ? max : WEBGAME_MAX_DEFAULT;
    stopping = 0;
    atomic_store(&halted, 0);
    if (pthread_create(&runner, NULL, run, NULL) != 0) {
        snprintf(err, errlen, "cannot start a thread");
        return -1;
    }
    running = 1;
    return webstore_each(st, load_row, NULL, err, errlen) < 0 ? -1 : 0;
}

void webgame_halt(void)
{
    atomic_store(&halted, 1);
    if (running) {
        pthread_mutex_lock(&run_mu);
        stopping = 1;
        pthread_cond_signal(&run_cond);
        pthread_mutex_unlock(&run_mu);
        pthread_join(runner, NULL);
        running = 0;
    }
    webgame *w;
    for (int i = 0; (w = entry_at(i)) != NULL; i++) {
        pthread_mutex_lock(&w->mu);
        stop_search(w);
        session_ponder_stop(w->s);
        char err[SESSION_ERR_MAX];
        /* the clocks as they stand: a restart gives back no time (and,
         * no move being made, the game's last change stays as it was) */
        if (w->clock.base_ms > 0 && !atomic_load(&w->ended) &&
            save_at(w, w->updated, err, sizeof err) != 0)
            fprintf(stderr, "quartet serve: game %s: clock not stored: %s\n", w->id, err);
        pthread_mutex_unlock(&w->mu);
    }
}

void webgame_stop(void)
{
    webgame_halt();
    pthread_mutex_lock(&table_mu);
    for (int i = 0; i < ngames; i++)
        free_entry(games[i]);
    while (dropped) {
        webgame *next = dropped->next_dropped;
        free_entry(dropped);
        dropped = next;
    }
    free(games);
    games = NULL;
    ngames = cap_games = 0;
    pthread_mutex_unlock(&table_mu);
}

/* ---- requests ---- */

/* options {"size": 9, "variant": "double"} as name=value words. */
static game *create_game(const char *name, json_t *options, char *err, size_t errlen)
{
    const game_ops *ops = name ? game_find(name) : NULL;
    if (!ops) {
        snprintf(err, errlen, "unknown game '%.40s' (games: loa y lot coffee)", name ? name : "");
        return NULL;
    }
    char words[GAME_MAX_OPTIONS][96], *argv[GAME_MAX_OPTIONS];
    int argc = 0;
    const char *key;
    json_t *v;
    if (options && !json_is_object(options)) {
        snprintf(err, errlen, "options must be an object");
        return NULL;
    }
    json_object_foreach(options, key, v) {
        if (argc == GAME_MAX_OPTIONS) {
            snprintf(err, errlen, "too many options");
            return NULL;
        }
        if (strlen(key) > 40 || (json_is_string(v) && strlen(json_string_value(v)) > 40)) {
            snprintf(err, errlen, "option %.40s: names and values are at most 40 bytes", key);
            return NULL;
        }
        if (json_is_integer(v))
            snprintf(words[argc], sizeof words[argc], "%.40s=%lld", key,
                     (long long)json_integer_value(v));
        else if (json_is_string(v))
            snprintf(words[argc], sizeof words[argc], "%.40s=%.40s", key, json_string_value(v));
        else {
            snprintf(err, errlen, "option %.40s: a string or an integer", key);
            return NULL;
        }
        argv[argc] = words[argc];
        argc++;
    }
    return game_create(ops, argc, argv, err, errlen);
}

int webgame_levels(const char *name, json_t *options, json_t **out, char *err, size_t errlen)
{
    game *g = create_game(name, options, err, errlen);
    if (!g)
        return 400;
    engine *e = engine_new("ai", err, errlen);
    if (!e) {
        game_free(g);
        return 503;
    }
    engine_set_game(e, g);
    json_t *levels = json_array();
    for (int level = 1; level <= ENGINE_LEVEL_MAX; level++) {
        char text[128];
        if (engine_level_text(e, level, text, sizeof text) == 0)
            json_array_append_new(levels, json_pack("{s:i, s:s}", "level", level, "text", text));
    }
    *out = json_pack("{s:o, s:i}", "levels", levels, "default", engine_level(e));
    engine_free(e);
    game_free(g);
    return *out ? 200 : fail(err, errlen, 503, "out of memory");
}

static session *create_session(const char *name, json_t *options, const char *sgf, char *err,
                               size_t errlen)
{
    game *g = sgf ? game_create_default(game_registry[0]) : create_game(name, options, err, errlen);
    session *s = g ? session_new(g, err, errlen) : NULL;
    if (s && sgf && session_from_sgf(s, sgf, -1, err, errlen) != 0) {
        session_free(s);
        s = NULL;
    }
    return s;
}

static json_t *created_json(webgame *w)
{
    json_t *tokens = json_array(), *links = json_array();
    for (int i = 0; i < 2; i++) {
        char link[128];
        snprintf(link, sizeof link, "/#game=%s&token=%s", w->id, w->token[i]);
        json_array_append_new(tokens, w->token[i][0] ? json_string(w->token[i]) : json_null());
        json_array_append_new(links, w->token[i][0] ? json_string(link) : json_null());
    }
    char watch[64];
    snprintf(watch, sizeof watch, "/#game=%s", w->id);
    int you = w->token[0][0] ? 0 : w->token[1][0] ? 1 : -1;
    return json_pack("{s:s, s:o, s:o, s:s, s:o}", "id", w->id, "tokens", tokens, "links", links,
                     "watch", watch, "state", state_json(w, you, -1));
}

int webgame_create(const char *name, json_t *options, const char *sgf,
                   const webgame_seat seats[2], webgame_clock clock, json_t **out, char *err,
                   size_t errlen)
{
    if (webgame_count() >= max_games) {
        snprintf(err, errlen, "too many games (the limit is %d)", max_games);
        return 429;
    }
    session *s = create_session(name, options, sgf, err, errlen);
    webgame *w = s ? new_entry(s) : NULL;
    if (!w) {
        session_free(s);
        return 400;
    }
    int rc = 0;
    for (int i = 0; i < 2 && rc == 0; i++) {
        w->seat[i] = seats[i];
        if (!seats[i].computer && random_hex(w->token[i], WEBGAME_TOKEN_LEN) != 0)
            rc = fail(err, errlen, 503, "no random numbers");
    }
    w->clock = clock;
    if (rc == 0 && apply_seats(w, err, errlen) != 0)
        rc = 400;
    if (rc == 0 && clock.base_ms > 0 &&
        session_set_clock(s, clock.base_ms, clock.inc_ms, err, errlen) != 0)
        rc = 400;
    if (rc == 0)
        rc = add_entry(w, NULL, err, errlen);
    if (rc != 0) {
        free_entry(w);
        return rc;
    }
    /* stored before anyone learns the id; a failure leaves an entry no one knows */
    pthread_mutex_lock(&w->mu);
    if (save(w, err, errlen) != 0) {
        w->gone = 1;
        drop_entry(w); /* no longer counted against the limit */
        rc = 503;
    } else {
        kick(w);
        *out = created_json(w);
    }
    pthread_mutex_unlock(&w->mu);
    return rc ? rc : 201;
}

int webgame_seat_of(webgame *w, const char *token)
{
    if (!token || !token[0])
        return -1;
    if (strlen(token) != WEBGAME_TOKEN_LEN)
        return -2;
    int seat = -2;
    for (int i = 0; i < 2; i++) {
        /* every byte compared, so the time says nothing of a near miss */
        unsigned diff = !w->token[i][0];
        for (int k = 0; k < WEBGAME_TOKEN_LEN; k++)
            diff |= (unsigned)(token[k] ^ w->token[i][k]);
        if (!diff)
            seat = i;
    }
    return seat;
}

int webgame_state(webgame *w, int you, int view_ply, json_t **out, char *err, size_t errlen)
{
    pthread_mutex_lock(&w->mu);
    int ply = session_ply(w->s);
    int rc = view_ply > ply ? fail(err, errlen, 400, "ply is past the last move") : 200;
    if (rc == 200 && !(*out = state_json(w, you, view_ply)))
        rc = fail(err, errlen, 503, "out of memory");
    pthread_mutex_unlock(&w->mu);
    return rc;
}

char *webgame_state_text(webgame *w, int you)
{
    pthread_mutex_lock(&w->mu);
    char *t = state_text(w, you);
    pthread_mutex_unlock(&w->mu);
    return t;
}

/* After a change: store it, tell the streams, start the computer if it is
 * to move; the answer is the state for seat you. */
static int changed(webgame *w, int you, int status, json_t **out, char *err, size_t errlen)
{
    w->offer = 0; /* any change answers a takeback offer */
    if (save(w, err, errlen) != 0)
        return 503;
    atomic_store(&w->ended, session_to_move(w->s) < 0);
    publish_state(w);
    kick(w);
    *out = state_json(w, you, -1);
    return *out ? status : fail(err, errlen, 503, "out of memory");
}

/* After a change that is not stored (an offer, a turn lent): tell the
 * streams; the answer is the state for seat you. */
static int published(webgame *w, int you, int status, json_t **out, char *err, size_t errlen)
{
    publish_state(w);
    *out = state_json(w, you, -1);
    return *out ? status : fail(err, errlen, 503, "out of memory");
}

static int need_seat(int you, char *err, size_t errlen)
{
    return you >= 0 ? 0 : fail(err, errlen, 403, "this needs a seat's token (X-Quartet-Token)");
}

/* A seat may move now: it is its turn, the game goes on, no computer turn runs. */
static int may_move(webgame *w, int you, char *err, size_t errlen)
{
    int side = session_to_move(w->s);
    if (need_seat(you, err, errlen))
        return 403;
    if (side < 0)
        return fail(err, errlen, 409, "the game is over");
    if (!w->analysing && session_thinking(w->s))
        return fail(err, errlen, 409, "the computer is thinking");
    if (side != you) {
        game *g = session_game_copy(w->s);
        snprintf(err, errlen, "it is not your turn: %s is to move",
                 g ? g->ops->colour[side] : "the other seat");
        game_free(g);
        return 403;
    }
    return 0;
}

int webgame_play(webgame *w, int you, const char *move, json_t **out, char *err, size_t errlen)
{
    pthread_mutex_lock(&w->mu);
    int rc = may_move(w, you, err, errlen);
    if (rc == 0) {
        if (w->analysing)
            end_analysis(w, 0);
        if (session_play(w->s, you, move, 0, err, errlen) < 0)
            rc = 400;
        else if (save(w, err, errlen) != 0) {
            char e2[SESSION_ERR_MAX];
            session_undo(w->s, 0, e2, sizeof e2); /* stored and played stay the same */
            rc = 503;
        } else
            rc = changed(w, you, 200, out, err, errlen);
    }
    pthread_mutex_unlock(&w->mu);
    return rc;
}

/* Whole turns back until one of seat you's own is taken back. */
static int take_back_turns(webgame *w, int you, char *err, size_t errlen)
{
    for (int guard = session_ply(w->s); guard > 0; guard--) {
        int taken = session_undo(w->s, SESSION_UNDO_TAKEBACK, err, errlen);
        if (taken < 0) /* the clock ran out meanwhile: final */
            return 409;
        if (taken == 0 || session_to_move(w->s) == you)
            break;
    }
    return 0;
}

/* Seat you's takeback, the checks passed (w->mu held; how:
 * session_result_how): after an end off the board that end alone (or
 * nothing: time), else whole turns. */
static int take_back(webgame *w, int you, int how, char *err, size_t errlen)
{
    stop_search(w);
    if (how)
        return session_undo(w->s, SESSION_UNDO_TAKEBACK, err, errlen) > 0 ? 0 : 409;
    return take_back_turns(w, you, err, errlen);
}

/* 0 when seat you may take back now (w->mu held), else the status. */
static int may_take_back(webgame *w, int you, char *err, size_t errlen)
{
    game *g = session_game_copy(w->s);
    int rc = g ? need_seat(you, err, errlen) : fail(err, errlen, 503, "out of memory");
    if (rc == 0)
        rc = undo_refused(w, g, you, session_result_how(w->s), err, errlen);
    if (rc == 0 && w->offer) {
        snprintf(err, errlen, "%s's takeback offer waits for an answer",
                 g->ops->colour[w->offer - 1]);
        rc = 409;
    }
    game_free(g);
    return rc;
}

int webgame_undo(webgame *w, int you, json_t **out, char *err, size_t errlen)
{
    pthread_mutex_lock(&w->mu);
    int rc = may_take_back(w, you, err, errlen);
    if (rc == 0 && apart(w)) { /* the opponent's consent first */
        w->offer = you + 1;
        rc = published(w, you, 202, out, err, errlen);
    } else if (rc == 0) {
        rc = take_back(w, you, session_result_how(w->s), err, errlen);
        if (rc == 0)
            rc = changed(w, you, 200, out, err, errlen);
    }
    pthread_mutex_unlock(&w->mu);
    return rc;
}

/* May seat you answer the offer so (w->mu held)?  0, or the status. */
static int may_answer(webgame *w, int you, int accept, char *err, size_t errlen)
{
    if (need_seat(you, err, errlen))
        return 403;
    if (!w->offer)
        return fail(err, errlen, 409, "no takeback is offered");
    if (accept && you == w->offer - 1)
        return fail(err, errlen, 403,
                    "the other seat accepts a takeback: its offerer can only cancel it");
    return 0;
}

int webgame_takeback(webgame *w, int you, int accept, json_t **out, char *err, size_t errlen)
{
    pthread_mutex_lock(&w->mu);
    int rc = may_answer(w, you, accept, err, errlen), by = w->offer - 1;
    if (rc == 0 && !accept) {
        w->offer = 0;
        rc = published(w, you, 200, out, err, errlen);
    } else if (rc == 0) {
        w->offer = 0; /* checked again: the rules stand at the acceptance too */
        rc = may_take_back(w, by, err, errlen);
        if (rc == 0)
            rc = take_back(w, by, session_result_how(w->s), err, errlen);
        w->offer = rc ? by + 1 : 0;
        if (rc == 0)
            rc = changed(w, you, 200, out, err, errlen);
    }
    pthread_mutex_unlock(&w->mu);
    return rc;
}

int webgame_computer(webgame *w, int you, const webgame_seat *how, json_t **out, char *err,
                     size_t errlen)
{
    pthread_mutex_lock(&w->mu);
    int rc = may_move(w, you, err, errlen);
    char spec[128];
    engine_spec(how, spec, sizeof spec);
    if (rc == 0 && apart(w)) /* its search would show the best moves to all */
        rc = fail(err, errlen, 409,
                  "the computer does not move for a person: two people are playing");
    if (rc == 0 && w->analysing)
        end_analysis(w, 0);
    if (rc == 0 && session_set_player(w->s, you, spec, err, errlen) != 0)
        rc = 400;
    if (rc == 0) {
        w->lent = you + 1;
        kick(w);
        rc = published(w, you, 202, out, err, errlen);
    }
    pthread_mutex_unlock(&w->mu);
    return rc;
}

int webgame_resign(webgame *w, int you, json_t **out, char *err, size_t errlen)
{
    pthread_mutex_lock(&w->mu);
    int rc = need_seat(you, err, errlen);
    if (rc == 0 && session_to_move(w->s) < 0)
        rc = fail(err, errlen, 409, "the game is over");
    if (rc == 0) {
        stop_search(w);
        rc = session_resign(w->s, you, err, errlen) != 0 ? 409
                                                         : changed(w, you, 200, out, err, errlen);
    }
    pthread_mutex_unlock(&w->mu);
    return rc;
}

/* May the position after ply moves be analysed now?  0, or the status
 * with why in err (w->mu held). */
static int may_analyse(webgame *w, int ply, char *err, size_t errlen)
{
    int now = session_ply(w->s);
    if (ply > now)
        return fail(err, errlen, 400, "ply is past the last move");
    if (apart_playing(w)) /* a seat or a watcher could pass it on */
        return fail(err, errlen, 409, APART_PLAYING);
    if (ply == now && session_to_move(w->s) < 0)
        return fail(err, errlen, 409, "the game is over");
    if (!w->analysing && session_thinking(w->s))
        return fail(err, errlen, 409, "the computer is thinking");
    return 0;
}

/* A copy of the game after ply moves (NULL when memory is short). */
static game *game_at(webgame *w, int ply)
{
    game *g = session_game_copy(w->s);
    if (g)
        game_take_back_to(g, ply);
    return g;
}

/* Start the analysis of the position after ply moves, its first word in
 * *out (w->mu held; the analyst is set). */
static int begin_analysis(webgame *w, int ply, int ms, json_t **out, char *err, size_t errlen)
{
    session_hooks h = {.done = search_done, .progress = search_progress, .arg = w,
                       .progress_ms = PROGRESS_EVERY_MS};
    game *g = game_at(w, ply);
    if (!g)
        return fail(err, errlen, 503, "out of memory");
    json_t *a = json_pack("{s:i, s:i, s:i, s:i, s:i, s:b, s:[]}", "ply", ply, "to_move",
                          g->ops->to_move(g), "visits", 0, "depth", 0, "ms", 0, "done", 0,
                          "candidates");
    set_search_pos(w, g);
    pthread_mutex_lock(&w->amu);
    json_decref(w->analysis);
    w->analysis = a;
    w->analysing = 1;
    pthread_mutex_unlock(&w->amu);
    start_proof(w, g, ms);
    /* the answer is copied now: once the search runs, its first report
     * may replace (and free) a */
    pthread_mutex_lock(&w->amu);
    json_t *answer = json_deep_copy(w->analysis);
    pthread_mutex_unlock(&w->amu);
    w->analysis_end = util_now_ms() + ms; /* the analysis runs until stopped */
    if (session_analyze_at(w->s, ply, &h, err, errlen) != 0) {
        w->analysing = 0;
        stop_proof(w);
        json_decref(answer);
        return 409;
    }
    *out = answer;
    return 202;
}

int webgame_analyse(webgame *w, int ply, int ms, json_t **out, char *err, size_t errlen)
{
    pthread_mutex_lock(&w->mu);
    char spec[128];
    snprintf(spec, sizeof spec, "ai:level=10,ms=%d,%s", ms, ENGINE_MEMORY);
    if (ply < 0)
        ply = session_ply(w->s);
    int rc = may_analyse(w, ply, err, errlen);
    if (rc == 0 && w->analysing) { /* a new analysis replaces the one that runs */
        stop_proof(w);
        end_analysis(w, 1);
    }
    if (rc == 0 && session_set_player(w->s, SESSION_ANALYST, spec, err, errlen) != 0)
        rc = 400;
    if (rc == 0)
        rc = begin_analysis(w, ply, ms, out, err, errlen);
    pthread_mutex_unlock(&w->mu);
    return rc;
}

int webgame_analysis(webgame *w, json_t **out, char *err, size_t errlen)
{
    pthread_mutex_lock(&w->mu);
    int playing = apart_playing(w);
    pthread_mutex_unlock(&w->mu);
    if (playing)
        return fail(err, errlen, 409, APART_PLAYING);
    pthread_mutex_lock(&w->amu);
    *out = w->analysis ? json_deep_copy(w->analysis)
                       : json_pack("{s:i, s:n, s:i, s:i, s:i, s:b, s:[], s:n}", "ply", -1,
                                   "to_move", "visits", 0, "depth", 0, "ms", 0, "done", 1,
                                   "candidates", "proof");
    pthread_mutex_unlock(&w->amu);
    return *out ? 200 : fail(err, errlen, 503, "out of memory");
}

char *webgame_sgf(webgame *w, char *err, size_t errlen)
{
    strbuf b = STRBUF_INIT;
    pthread_mutex_lock(&w->mu);
    int rc = session_to_sgf(w->s, &b, err, errlen);
    pthread_mutex_unlock(&w->mu);
    if (rc != 0 || b.failed) {
        if (b.failed)
            snprintf(err, errlen, "out of memory");
        strbuf_free(&b);
        return NULL;
    }
    char *t = strbuf_take(&b);
    strbuf_free(&b);
    return t;
}
