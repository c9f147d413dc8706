/* referee.c - one game between two engines (see referee.h). */
#include "match/referee.h"
#include "ai/engine.h"
#include "match/matchargs.h"
#include "match/matchlog.h"
#include "match/openings.h"
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
    game *g;              /* the referee's own copy of the game */
    int64_t clock[2];     /* MATCH_TC_CLOCK: time left per side */
    int failed;           /* the side that lost by failing, or -1 */
    char why[400];
    match_played *out;
    strbuf moves, times;
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

/* Tell an engine the opening's turns, one by one. */
static int replay_opening(bout *b, int side, const char *turns)
{
    game *g = game_clone(b->m->proto);
    char err[GAME_ERR_MAX];
    int rc = g ? 0 : fail(b, side, "out of memory");
    for (const char *p = turns; rc == 0 && *p; p += strspn(p, " ")) {
        size_t n = strcspn(p, " ");
        char turn[GAME_TEXT_MAX];
        snprintf(turn, sizeof turn, "%.*s", (int)(n < sizeof turn ? n : sizeof turn - 1), p);
        p += n;
        const char *colour = g->ops->colour[g->ops->to_move(g)];
        game_play_text(g, turn, err, sizeof err);
        rc = ask_ok(b, side, "play", "play %s %s", colour, turn);
    }
    game_free(g);
    return rc;
}

/* Set up side's engine for game idx: new game, seed, opening. */
static int prepare(bout *b, int side, int idx, const match_opening *o, const char *turns)
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
        rc = replay_opening(b, side, turns);
    return rc;
}

/* How long side may take for this turn. */
static int64_t turn_limit(const bout *b, int side)
{
    const match *m = b->m;
    return m->tc.kind == MATCH_TC_MOVE    ? m->tc.move_ms + m->margin_ms
           : m->tc.kind == MATCH_TC_CLOCK ? b->clock[side] + m->margin_ms
                                          : m->timeout_ms;
}

/* Ask side for its turn: 0 with the answer in move, 1 interrupted, -1
 * the side failed. */
static int ask_turn(bout *b, int side, char *move, size_t movelen, int64_t *used)
{
    const match *m = b->m;
    gtpclient *c = b->eng[side];
    const char *colour = b->g->ops->colour[side];
    char ans[GTPCLIENT_ANSWER_MAX], secs[32];
    if (m->tc.kind == MATCH_TC_CLOCK) {
        matchargs_seconds_text(b->clock[side], secs, sizeof secs);
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
                    (long long)b->clock[side], (long long)m->margin_ms);
    if (a == GTPCLIENT_TIMEOUT)
        return fail(b, side, "time forfeit: no move within %lld ms", (long long)limit);
    if (a != GTPCLIENT_OK)
        return engine_failed(b, side, a, "genmove", ans);
    if (*used > limit)
        return fail(b, side, "time forfeit: %lld ms used, %lld allowed", (long long)*used,
                    (long long)limit);
    if (m->tc.kind == MATCH_TC_CLOCK) {
        b->clock[side] -= *used;
        if (b->clock[side] < 0)
            b->clock[side] = 0; /* within the margin */
        b->clock[side] += m->tc.inc_ms;
    }
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

/* The moves made since ply `from`, canonical and comma-joined. */
static int turn_text(bout *b, int from, char *canon, size_t len)
{
    const game_ops *ops = b->g->ops;
    qmove mv[64];
    int k = ops->ply(b->g) - from;
    if (k > 64)
        return -1;
    for (int i = 0; i < k; i++)
        mv[i] = ops->move_at(b->g, from + i);
    for (int i = 0; i < k; i++)
        ops->unmake(b->g);
    canon[0] = 0;
    for (int i = 0; i < k; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        ops->move_to_text(b->g, mv[i], t, sizeof t);
        util_str_appendf(canon, len, "%s%s", i ? "," : "", t);
        ops->make(b->g, mv[i]);
    }
    return 0;
}

/* Check side's turn and play it: 0 played (canonical text in canon), 1
 * the game is over (resignation), -1 the side failed. */
static int accept_turn(bout *b, int side, const char *move, int64_t used, char *canon,
                       size_t len)
{
    const game_ops *ops = b->g->ops;
    const char *colour = ops->colour[side];
    char err[GAME_ERR_MAX];
    if (util_str_ieq(move, "resign")) {
        b->out->result = loss_for(side);
        b->out->off_how = 'R';
        snprintf(b->out->reason, sizeof b->out->reason, "%s resigns", colour);
        note_turn(b, "resign", used);
        return 1;
    }
    int before = ops->ply(b->g);
    if (strchr(move, ' '))
        return fail(b, side, "illegal move '%.100s' by %s: a turn is one word", move, colour);
    if (game_play_text(b->g, move, err, sizeof err) < 0)
        return fail(b, side, "illegal move '%.100s' by %s: %s", move, colour, err);
    if (ops->result(b->g) == RESULT_NONE && ops->to_move(b->g) == side)
        return fail(b, side, "illegal move '%.100s' by %s: the turn is not complete", move,
                    colour);
    if (turn_text(b, before, canon, len) != 0)
        return fail(b, side, "turn '%.100s' has too many moves", move);
    note_turn(b, canon, used);
    return 0;
}

/* One turn: ask, check, tell the opponent.  0 go on, 1 the game is over
 * or interrupted, -1 a side failed. */
static int one_turn(bout *b)
{
    const game_ops *ops = b->g->ops;
    int side = ops->to_move(b->g);
    char move[512], canon[512];
    int64_t used;
    int rc = ask_turn(b, side, move, sizeof move, &used);
    if (rc == 0)
        rc = accept_turn(b, side, move, used, canon, sizeof canon);
    if (rc != 0 || ops->result(b->g) != RESULT_NONE)
        return rc ? rc : 1; /* the opponent need not hear the last move */
    return ask_ok(b, !side, "play", "play %s %s", ops->colour[side], canon);
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
        out->result = b->g->ops->result(b->g);
        b->g->ops->result_reason(b->g, out->reason, sizeof out->reason);
    }
    matchlog_flatten(out->reason);
    out->moves = strbuf_take(&b->moves);
    out->times = strbuf_take(&b->times);
}

/* Play until the game ends, a side fails, -max-plies or an interrupt. */
static void play_turns(bout *b)
{
    const match *m = b->m;
    while (b->failed < 0 && b->g->ops->result(b->g) == RESULT_NONE && !*m->interrupted) {
        if (m->max_plies && b->g->ops->ply(b->g) >= m->max_plies) {
            b->out->result = RESULT_DRAW;
            snprintf(b->out->reason, sizeof b->out->reason, "adjudicated: %d plies reached",
                     m->max_plies);
            return;
        }
        if (one_turn(b) != 0)
            return;
    }
}

int referee_play(const match *m, int idx, gtpclient *eng[2], const match_player *pl[2],
                 match_played *out)
{
    const match_opening *o = m->nopenings ? &m->openings[m->sched[idx].opening] : NULL;
    bout b = {m, eng, pl, game_clone(m->proto), {m->tc.base_ms, m->tc.base_ms}, -1, "", out,
              STRBUF_INIT, STRBUF_INIT};
    strbuf turns = STRBUF_INIT;
    char err[GAME_ERR_MAX];
    memset(out, 0, sizeof *out);
    out->result = RESULT_NONE;
    if (!b.g)
        fail(&b, 0, "out of memory");
    if (b.g && o) {
        openings_apply(b.g, o, err, sizeof err); /* checked when the match began */
        if (!o->is_position)
            openings_turns(m->proto, o, &turns);
    }
    for (int side = 0; side < 2 && b.failed < 0; side++)
        if (prepare(&b, side, idx, o, strbuf_str(&turns)) > 0)
            break; /* interrupted */
    strbuf_free(&turns);
    if (b.failed < 0)
        play_turns(&b);
    int interrupted = *m->interrupted;
    if (!interrupted) /* else whatever happened since the signal may be its doing */
        finish(&b);
    strbuf_free(&b.moves);
    strbuf_free(&b.times);
    game_free(b.g);
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
