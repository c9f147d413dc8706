/* referee.c - one game between two engines (see referee.h). */
#include "match/referee.h"
#include "ai/engine.h"
#include "match/matchargs.h"
#include "match/matchlog.h"
#include "match/openings.h"
#include "session.h"
#include "strbuf.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* engine set-up                                                       */

/* After a command that did not succeed: the reason in c->why. */
static int failed_command(gtpclient *c, enum gtpclient_answer a, const char *what,
                          const char *ans)
{
    if (a == GTPCLIENT_ERR)
        gtpclient_refused(c, what, ans);
    return -1;
}

/* A built-in player's kind and settings. */
static int send_settings(gtpclient *c, const match_player *pl, int64_t deadline)
{
    char ans[GTPCLIENT_ANSWER_MAX], s[sizeof pl->settings], *w[32];
    enum gtpclient_answer a = gtpclient_ask(c, deadline, ans, sizeof ans, "quartet-player %s",
                                            pl->kind);
    if (a != GTPCLIENT_OK)
        return failed_command(c, a, "quartet-player", ans);
    snprintf(s, sizeof s, "%s", pl->settings);
    int n = util_split_words(s, w, 32);
    for (int i = 0; i < n; i++) {
        char *eq = strchr(w[i], '='); /* checked on the command line */
        *eq = 0;
        if ((a = gtpclient_ask(c, deadline, ans, sizeof ans, "quartet-set %s %s", w[i],
                               eq + 1)) != GTPCLIENT_OK)
            return failed_command(c, a, "quartet-set", ans);
    }
    return 0;
}

/* The time control.  Built-in players must accept it (a kind without a
 * budget, such as random, is not asked); other engines may not know a
 * command, and then play by their own settings. */
static int send_time_control(const match *m, gtpclient *c, const match_player *pl,
                             int64_t deadline)
{
    char ans[GTPCLIENT_ANSWER_MAX], cmd[128] = "", secs[32];
    enum gtpclient_answer a;
    switch (m->tc.kind) {
    case MATCH_TC_MOVE:
        if (pl->builtin && engine_kind_has_setting(pl->kind, "ms") &&
            (a = gtpclient_ask(c, deadline, ans, sizeof ans, "quartet-set ms %lld",
                               (long long)m->tc.move_ms)) != GTPCLIENT_OK)
            return failed_command(c, a, "quartet-set ms", ans);
        matchargs_seconds_text(m->tc.move_ms, secs, sizeof secs);
        snprintf(cmd, sizeof cmd, "time_settings 0 %s 1", secs);
        break;
    case MATCH_TC_CLOCK:
        matchargs_seconds_text(m->tc.base_ms, secs, sizeof secs);
        snprintf(cmd, sizeof cmd, "time_settings %s 0 0", secs);
        break;
    case MATCH_TC_ITERATIONS:
        if (!pl->builtin || engine_kind_has_setting(pl->kind, "iterations"))
            snprintf(cmd, sizeof cmd, "quartet-set iterations %ld", m->tc.iterations);
        break;
    default: return 0;
    }
    if (!cmd[0])
        return 0;
    a = gtpclient_ask(c, deadline, ans, sizeof ans, "%s", cmd);
    if ((a == GTPCLIENT_ERR && pl->builtin) || (a != GTPCLIENT_OK && a != GTPCLIENT_ERR))
        return failed_command(c, a, cmd, ans);
    return 0;
}

int referee_start_engine(const match *m, gtpclient *c, const match_player *pl)
{
    char ans[GTPCLIENT_ANSWER_MAX], err[256];
    char *argv_builtin[] = {(char *)m->exe, "gtp", NULL};
    char *argv_shell[] = {"/bin/sh", "-c", (char *)pl->cmd, NULL};
    c->name = pl->name;
    c->debug = m->debug;
    c->stop = m->interrupted;
    if (gtpclient_spawn(c, pl->builtin ? argv_builtin : argv_shell, err, sizeof err) != 0) {
        snprintf(c->why, sizeof c->why, "%s", err);
        return -1;
    }
    int64_t deadline = util_now_ms() + m->timeout_ms;
    enum gtpclient_answer a = gtpclient_ask(c, deadline, ans, sizeof ans, "protocol_version");
    int rc = a == GTPCLIENT_OK ? 0 : failed_command(c, a, "protocol_version", ans);
    if (rc == 0 && pl->builtin)
        rc = send_settings(c, pl, deadline);
    if (rc == 0)
        rc = send_time_control(m, c, pl, deadline);
    if (rc != 0)
        gtpclient_kill(c);
    return rc;
}

/* ------------------------------------------------------------------ */
/* one game                                                            */

/* The result when side (0 first, 1 second) loses. */
static int loss_for(int side) { return side == 0 ? RESULT_SECOND : RESULT_FIRST; }

typedef struct bout {
    const match *m;
    gtpclient **eng;
    const match_player **pl;
    session *s;           /* the game: record, turns, clock and result */
    strbuf opening;       /* "COLOUR TURN\n" per opening turn, as engines hear them */
    int failed;           /* the side that lost by failing, or -1 */
    char why[400];
    match_played *out;
    strbuf moves, times;  /* the log's turns after the opening, and their times */
} bout;

static int fail(bout *b, int side, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(bout *b, int side, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->why, sizeof b->why, fmt, ap);
    va_end(ap);
    b->failed = side;
    return -1;
}

/* Side's engine failed a command: it loses with the engine's reason. */
static int engine_failed(bout *b, int side, enum gtpclient_answer a, const char *what,
                         const char *ans)
{
    failed_command(b->eng[side], a, what, ans);
    return fail(b, side, "%s", b->eng[side]->why);
}

/* Ask side's engine a command that must succeed: 0, 1 interrupted, -1
 * the side failed. */
static int ask_ok(bout *b, int side, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int ask_ok(bout *b, int side, const char *what, const char *fmt, ...)
{
    char cmd[GAME_TEXT_MAX + 64], ans[GTPCLIENT_ANSWER_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    enum gtpclient_answer a = gtpclient_ask(b->eng[side], util_now_ms() + b->m->timeout_ms, ans,
                                            sizeof ans, "%s", cmd);
    if (a == GTPCLIENT_INTERRUPTED)
        return 1;
    return a == GTPCLIENT_OK ? 0 : engine_failed(b, side, a, what, ans);
}

/* The opening on the referee's session, and the turns engines will hear.
 * 0, or -1 (out of memory; the opening was checked when the match began). */
static int open_game(bout *b, const match_opening *o)
{
    const game_ops *ops = session_ops(b->s);
    char err[SESSION_ERR_MAX];
    strbuf turns = STRBUF_INIT;
    if (o && o->is_position)
        return session_set_position(b->s, o->text, err, sizeof err);
    if (o)
        openings_turns(b->m->proto, o, &turns);
    const char *p = strbuf_str(&turns);
    for (p += strspn(p, " "); *p; p += strspn(p, " ")) {
        char turn[SESSION_TURN_MAX];
        size_t n = strcspn(p, " ");
        snprintf(turn, sizeof turn, "%.*s", (int)(n < sizeof turn ? n : sizeof turn - 1), p);
        p += n;
        int side = session_to_move(b->s);
        if (side < 0 || session_play(b->s, side, turn, SESSION_WHOLE_TURN, err, sizeof err) < 0)
            break;
        strbuf_addf(&b->opening, "%s %s\n", ops->colour[side], turn);
    }
    int rc = turns.failed || b->opening.failed ? -1 : 0;
    strbuf_free(&turns);
    return rc;
}

/* Tell side's engine the opening's turns, one by one. */
static int replay_opening(bout *b, int side)
{
    int rc = 0;
    for (const char *p = strbuf_str(&b->opening), *nl; rc == 0 && (nl = strchr(p, '\n'));
         p = nl + 1)
        rc = ask_ok(b, side, "play", "play %.*s", (int)(nl - p), p);
    return rc;
}

/* Set up side's engine for game idx: new game, seed, opening.  0, 1
 * interrupted, -1 the side failed. */
static int prepare(bout *b, int side, int idx, const match_opening *o)
{
    const match *m = b->m;
    const match_player *pl = b->pl[side];
    char opts[512];
    int rc, player_index = side ? m->sched[idx].second : m->sched[idx].first;
    b->eng[side]->game_no = idx + 1;
    game_options_text(m->proto, opts, sizeof opts);
    rc = ask_ok(b, side, "quartet-game", "quartet-game %s%s%s", m->proto->ops->name,
                opts[0] ? " " : "", opts);
    if (rc == 0 && pl->builtin) {
        uint64_t base = pl->has_seed ? pl->seed : m->seed * 7919u + 101u * (uint64_t)player_index;
        rc = ask_ok(b, side, "quartet-set seed", "quartet-set seed %llu",
                    (unsigned long long)(base + (uint64_t)idx + 1));
    }
    if (rc == 0 && o && o->is_position)
        rc = ask_ok(b, side, "quartet-setposition", "quartet-setposition %s", o->text);
    else if (rc == 0 && o)
        rc = replay_opening(b, side);
    return rc;
}

/* ---- the clock: the referee's rules, the session's clock ---- */

static int64_t clock_left(bout *b, int side)
{
    session_clock c;
    session_clock_state(b->s, &c);
    return c.left_ms[side];
}

/* Side used `used` ms of its clock (within the margin it may overdraw:
 * the clock stops at 0), then gains the increment. */
static void clock_charge(bout *b, int side, int64_t used)
{
    char err[SESSION_ERR_MAX];
    int64_t left = clock_left(b, side) - used;
    session_time_left(b->s, side, (left < 0 ? 0 : left) + b->m->tc.inc_ms, 0, err, sizeof err);
}

/* How long side may take for this turn. */
static int64_t turn_limit(bout *b, int side)
{
    const match *m = b->m;
    return m->tc.kind == MATCH_TC_MOVE    ? m->tc.move_ms + m->margin_ms
           : m->tc.kind == MATCH_TC_CLOCK ? clock_left(b, side) + m->margin_ms
                                          : m->timeout_ms;
}

/* Ask side for its turn: 0 with the answer in move, 1 interrupted, -1
 * the side failed. */
static int ask_turn(bout *b, int side, char *move, size_t movelen, int64_t *used)
{
    const match *m = b->m;
    gtpclient *c = b->eng[side];
    const char *colour = session_ops(b->s)->colour[side];
    char ans[GTPCLIENT_ANSWER_MAX], secs[32];
    if (m->tc.kind == MATCH_TC_CLOCK) {
        matchargs_seconds_text(clock_left(b, side), secs, sizeof secs);
        enum gtpclient_answer a = gtpclient_ask(c, util_now_ms() + m->timeout_ms, ans, sizeof ans,
                                                "time_left %s %s 0", colour, secs);
        if (a != GTPCLIENT_OK && a != GTPCLIENT_ERR)
            return a == GTPCLIENT_INTERRUPTED ? 1 : fail(b, side, "%s", c->why);
    }
    int64_t limit = turn_limit(b, side), t0 = util_now_ms();
    enum gtpclient_answer a = gtpclient_ask(c, t0 + limit, ans, sizeof ans, "genmove %s", colour);
    *used = util_now_ms() - t0;
    if (a == GTPCLIENT_INTERRUPTED)
        return 1;
    if (a == GTPCLIENT_TIMEOUT && m->tc.kind == MATCH_TC_CLOCK)
        return fail(b, side, "time forfeit: out of time (%lld ms on the clock + %lld ms margin)",
                    (long long)(limit - m->margin_ms), (long long)m->margin_ms);
    if (a == GTPCLIENT_TIMEOUT)
        return fail(b, side, "time forfeit: no move within %lld ms", (long long)limit);
    if (a != GTPCLIENT_OK)
        return engine_failed(b, side, a, "genmove", ans);
    if (*used > limit)
        return fail(b, side, "time forfeit: %lld ms used, %lld allowed", (long long)*used,
                    (long long)limit);
    if (m->tc.kind == MATCH_TC_CLOCK)
        clock_charge(b, side, *used);
    snprintf(move, movelen, "%.*s", (int)movelen - 1, ans);
    matchlog_flatten(move);
    util_str_chomp(move);
    return 0;
}

static void note_turn(bout *b, const char *text, int64_t used)
{
    strbuf_addf(&b->moves, "%s%s", b->out->turns ? " " : "", text);
    strbuf_addf(&b->times, "%s%lld", b->out->turns ? " " : "", (long long)used);
    b->out->turns++;
}

/* Check side's turn and play it on the session: 0 played (canonical text
 * in canon), 1 the game is over (resignation), -1 the side failed. */
static int accept_turn(bout *b, int side, const char *move, int64_t used, char *canon,
                       size_t len)
{
    const char *colour = session_ops(b->s)->colour[side];
    char err[SESSION_ERR_MAX];
    if (util_str_ieq(move, "resign")) {
        session_resign(b->s, side, err, sizeof err);
        b->out->off_how = 'R';
        note_turn(b, "resign", used);
        return 1;
    }
    if (strchr(move, ' '))
        return fail(b, side, "illegal move '%.100s' by %s: a turn is one word", move, colour);
    if (session_play(b->s, side, move, SESSION_WHOLE_TURN, err, sizeof err) < 0)
        return fail(b, side, "illegal move '%.100s' by %s: %.200s", move, colour, err);
    session_last_turn(b->s, canon, len);
    note_turn(b, canon, used);
    return 0;
}

/* One turn: ask, check, tell the opponent.  0 go on, 1 the game is over
 * or interrupted, -1 a side failed. */
static int one_turn(bout *b)
{
    int side = session_to_move(b->s);
    char move[512], canon[SESSION_TURN_MAX];
    int64_t used;
    int rc = ask_turn(b, side, move, sizeof move, &used);
    if (rc == 0)
        rc = accept_turn(b, side, move, used, canon, sizeof canon);
    if (rc != 0 || session_to_move(b->s) < 0)
        return rc ? rc : 1; /* the opponent need not hear the last move */
    return ask_ok(b, !side, "play", "play %s %s", session_ops(b->s)->colour[side], canon);
}

/* The result once play has stopped. */
static void finish(bout *b)
{
    match_played *out = b->out;
    if (b->failed >= 0) {
        out->result = loss_for(b->failed);
        out->off_how = strncmp(b->why, "time forfeit", 12) == 0 ? 'T' : 'F';
        snprintf(out->reason, sizeof out->reason, "%s loses: %.240s", b->pl[b->failed]->name,
                 b->why);
        /* whatever state it is in, it starts afresh next time */
        gtpclient_kill(b->eng[b->failed]);
    } else if (out->result == RESULT_NONE) {
        out->result = session_result(b->s, out->reason, sizeof out->reason);
    }
    matchlog_flatten(out->reason);
    out->moves = strbuf_take(&b->moves);
    out->times = strbuf_take(&b->times);
}

/* Play until the game ends, a side fails, -max-plies or an interrupt. */
static void play_turns(bout *b)
{
    const match *m = b->m;
    while (b->failed < 0 && session_to_move(b->s) >= 0 && !*m->interrupted) {
        if (m->max_plies && session_ply(b->s) >= m->max_plies) {
            b->out->result = RESULT_DRAW;
            snprintf(b->out->reason, sizeof b->out->reason, "adjudicated: %d plies reached",
                     m->max_plies);
            return;
        }
        if (one_turn(b) != 0)
            return;
    }
}

/* A session for the game: the match's game and options, its clock. */
static session *new_session(const match *m)
{
    char err[SESSION_ERR_MAX];
    game *g = game_clone(m->proto);
    session *s = g ? session_new(g, err, sizeof err) : NULL;
    if (s && m->tc.kind == MATCH_TC_CLOCK &&
        session_set_advisory_clock(s, m->tc.base_ms, 0, 0, err, sizeof err) != 0) {
        session_free(s);
        s = NULL;
    }
    return s;
}

int referee_play(const match *m, int idx, gtpclient *eng[2], const match_player *pl[2],
                 match_played *out)
{
    const match_opening *o = m->nopenings ? &m->openings[m->sched[idx].opening] : NULL;
    bout b = {m, eng, pl, new_session(m), STRBUF_INIT, -1, "", out, STRBUF_INIT, STRBUF_INIT};
    memset(out, 0, sizeof *out);
    out->result = RESULT_NONE;
    if (!b.s || open_game(&b, o) != 0)
        fail(&b, 0, "the referee ran out of memory");
    for (int side = 0; side < 2 && b.failed < 0; side++)
        if (prepare(&b, side, idx, o) > 0)
            break; /* interrupted */
    if (b.failed < 0)
        play_turns(&b);
    int interrupted = *m->interrupted;
    if (!interrupted) /* else whatever happened since the signal may be its doing */
        finish(&b);
    strbuf_free(&b.opening);
    strbuf_free(&b.moves);
    strbuf_free(&b.times);
    session_free(b.s);
    return interrupted ? -1 : 0;
}

void referee_forfeit(match_played *out, int side, const char *name, const char *why)
{
    memset(out, 0, sizeof *out);
    out->result = loss_for(side);
    out->off_how = 'F';
    snprintf(out->reason, sizeof out->reason, "%s loses: could not be restarted: %.200s", name,
             why);
    matchlog_flatten(out->reason);
}

void referee_played_free(match_played *p)
{
    free(p->moves);
    free(p->times);
    p->moves = p->times = NULL;
}
