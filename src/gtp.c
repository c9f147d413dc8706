/*
 * gtp.c - `quartet gtp`: the Go Text Protocol, version 2, for every game.
 *
 * This file only reads commands, checks their arguments and dispatches to
 * the session (session.h), which owns the game, its record, the players,
 * the clock and the search.
 *
 * Input: "[id] command args", one per line of less than 64 KiB with at most
 * 64 arguments.  '#' starts a comment when it begins the line or follows a
 * blank (so position texts may hold '#'); empty lines are ignored; CR and
 * other control characters are dropped.
 * Output: "=[id] result" or "?[id] message", then one empty line.  Errors
 * use GTP's words where they fit ("unknown command", "illegal move",
 * "cannot undo", "syntax error", "unacceptable size", "cannot load file",
 * "cannot save file") followed by ": reason".
 *
 * Commands (COLOR: colour name, initial, 1 or 2, and w or white for the
 * second player where no colour is white; MOVE: a move token, a whole turn
 * comma-joined, or one step of a multi-stone turn):
 *   all_legal_moves [COLOR]   legal moves of the side to move, space-separated
 *                             (a colour not to move: none)
 *                             (one step of a multi-stone turn); empty when over
 *   boardsize N               new game with option size=N, other options kept;
 *                             a game without a size option accepts only its
 *                             fixed size (LOA: 8)
 *   clear_board               new game, same options, usual start
 *   final_score               B+ or W+ (the winner's colour; Coffee's Orange is
 *                             W), +R/+T/+F when it ended off the board, 0 for
 *                             a draw; error while the game goes on
 *   genmove COLOR             the engine plays a whole turn; answer: its tokens,
 *                             comma-joined.  A finished game gives "? game is
 *                             over" rather than "resign": the game ended on the
 *                             board, nobody resigned; ask quartet-result.
 *   gogui-analyze_commands    analysis commands for GoGui/HexGui-style tools
 *   gogui-interrupt           empty; announces that "# interrupt" (or this
 *                             command) stops a running genmove, quartet-perft
 *                             or quartet-solve
 *   known_command NAME        true or false
 *   list_commands             the names below, one per line
 *   loadsgf FILE [N]          load a record; with N, the position before turn N
 *                             (the first N-1 move nodes), as GTP specifies
 *   name                      quartet
 *   play COLOR MOVE           play for the side to move (out of turn: refused)
 *   protocol_version          2
 *   quartet-analyze [INTERVAL_CS [SECONDS]]
 *                             analysis by the analyst engine, streamed (below)
 *   quartet-game [NAME [opt=value ...]]
 *                             new game; alone: the game name and its options
 *   quartet-last_search       the engine's report on the last turn it chose, a
 *                             line a move: its searcher's summary (value,
 *                             iterations or nodes, time, principal variation)
 *   quartet-moves             the moves so far, turns space-separated
 *   quartet-perft DEPTH       leaf count from the position (0..12);
 *                             "? interrupted" when stopped
 *   quartet-player KIND       engine kind (ai, mcts, alphabeta, random),
 *                             settings carried over
 *   quartet-ponder            "ponders N iterations N hits N misses N": the
 *                             searches made on the opponent's time, and the
 *                             genmoves after one that kept its tree (hits)
 *   quartet-position          one-line position text
 *   quartet-result            none, 1-0, 0-1 or 1/2-1/2
 *   quartet-result_reason     why the game ended (empty while it goes on)
 *   quartet-savesgf FILE      save the record (atomically)
 *   quartet-set NAME VALUE    engine setting (seed, level, ms, iterations, ...)
 *   quartet-setposition TEXT  position from text (the rest of the line)
 *   quartet-settings          engine settings as name=value
 *   quartet-solve [SECONDS]   prove the position's value (default 10 s, at
 *                             most 600): "win|draw|loss|unknown MOVES", the
 *                             winning (or drawing) moves comma-joined, or -;
 *                             stopped, it answers as when its time runs out:
 *                             what it proved by then ("win" with the winning
 *                             moves found so far, or "unknown -")
 *   quartet-to_move           colour to move, or none when the game is over
 *   quit                      leave
 *   reg_genmove COLOR         like genmove, without playing the turn
 *   showboard                 the board drawing, from the line after "= "
 *   time_settings MAIN BYO STONES
 *                             Canadian byo-yomi in seconds (timectl.h gives
 *                             the budget formula); 0 T 1: T seconds a move
 *   time_left COLOR SECONDS STONES
 *                             the controller's clock for COLOR
 *   undo                      take back the last whole turn
 *   version                   quartet's version
 *
 * genmove, quartet-perft and quartet-solve run in a worker thread while
 * this thread keeps reading: "# interrupt" or gogui-interrupt stops them;
 * every other command waits in a queue until they have answered.
 *
 * Time: time_settings and time_left set the engine's budget (timectl.h);
 * a new game (clear_board, boardsize, quartet-game, loadsgf) starts both
 * clocks from time_settings again.  Given time, the engine uses it (only
 * iterations= caps it; a level below 10 the user chose stays, cut short by
 * the clock) and stops early once its move cannot change.  With the engine
 * setting ponder=1, after answering genmove the engine goes on searching
 * the position the opponent faces; any command ends that search and the
 * next genmove keeps its tree (stderr says "quartet: ponder hit" or
 * "miss" after each such genmove).
 *
 * quartet-analyze [INTERVAL_CS [SECONDS]] (INTERVAL_CS 1..6000, default
 * 100; SECONDS 1..86400, default none) answers "=[id]" alone on its line,
 * then every INTERVAL_CS centiseconds one line
 *   info move M visits V winrate W prior P pv M1 M2 ... [info move ...]...
 * with one "info" group per candidate move that has visits (at most 20),
 * best first (the move the engine would play, then by visits); V a whole
 * number, W the move's expected score for the side to move and P the
 * searcher's prior for it (0.5: none), both with four decimals in 0..1;
 * the pv starts with M (the best line for the first group, M alone for
 * the others).  The answer ends with an empty line when the next command
 * or "# interrupt" arrives (the command then runs), after SECONDS, or when
 * the position is solved.  Only on standard input (not gtp_execute).
 */
#define _POSIX_C_SOURCE 200809L
#include "gtp.h"
#include "ai/engine.h"
#include "ai/solver.h"
#include "cli.h"
#include "gtpjob.h"
#include "session.h"
#include "sgf.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GTP_LINE_MAX (64 * 1024)
#define GTP_MAX_ARGS 64
#define GTP_INFO_MAX 8192      /* one analysis line */
#define GTP_INFO_MOVES 20      /* candidates on it at most */
#define GTP_HELP_WIDTH 79      /* columns of the help's command list */

struct gtp {
    session *ses;
    int search_reg;    /* the running search is a reg_genmove */
    char search_id[GTP_LINE_MAX]; /* ids are echoed whole, however long */
    int wake[2];       /* the worker writes here when it is done */
    char **queue;      /* lines waiting for the search to end */
    int qhead, qlen, qcap;
    int quit;
    char *answer;
    /* quartet-analyze: an answer left open while the analysis streams */
    int streaming;
    int64_t stream_end;     /* when it ends by itself (0: at the next command) */
    game *an_game;          /* the analysed position, for move names */
    pthread_mutex_t amu;    /* guards an_line between the worker and this thread */
    char an_line[GTP_INFO_MAX];
    gtpjob job;             /* a running quartet-perft or quartet-solve */
};

enum { ANSWER_OK = 0, ANSWER_ERROR = -1, ANSWER_LATER = 1, ANSWER_STREAM = 2 };

typedef int (*gtp_handler)(gtp *s, int argc, char **argv, const char *rest, char *ans,
                           size_t len);

typedef struct gtp_command {
    const char *name;
    gtp_handler run;
    int min_args, max_args; /* max -1: any */
    const char *args;       /* for the syntax error message */
} gtp_command;

/* ---- helpers ---- */

/* GTP names only black and white: in a game without white (Coffee's
 * Orange) a controller's white is the second player. */
static int gtp_white(const game_ops *ops, const char *text)
{
    int has_white = tolower((unsigned char)ops->colour[0][0]) == 'w' ||
                    tolower((unsigned char)ops->colour[1][0]) == 'w';
    return !has_white && (util_str_ieq(text, "w") || util_str_ieq(text, "white")) ? 1 : -1;
}

static int colour_arg(gtp *s, const char *text, char *ans, size_t len)
{
    const game_ops *ops = session_ops(s->ses);
    int c = game_parse_colour(ops, text);
    if (c < 0)
        c = gtp_white(ops, text);
    if (c < 0)
        snprintf(ans, len, "syntax error: unknown colour '%s' (%s, %s, 1 or 2)", text,
                 ops->colour[0], ops->colour[1]);
    return c;
}

static int ok_or_error(int rc) { return rc == 0 ? ANSWER_OK : ANSWER_ERROR; }

/* Copy a strbuf's text into the answer; out of memory is an error. */
static int answer_text(strbuf *b, int rc, char *ans, size_t len)
{
    if (rc != 0 || b->failed)
        snprintf(ans, len, "out of memory");
    else
        snprintf(ans, len, "%s", strbuf_str(b));
    strbuf_free(b);
    return rc != 0 || b->failed ? ANSWER_ERROR : ANSWER_OK;
}

/* ---- commands ---- */

static int cmd_protocol_version(gtp *s, int argc, char **argv, const char *rest, char *ans,
                                size_t len)
{
    (void)s, (void)argc, (void)argv, (void)rest;
    snprintf(ans, len, "2");
    return ANSWER_OK;
}

static int cmd_name(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)s, (void)argc, (void)argv, (void)rest;
    snprintf(ans, len, "quartet");
    return ANSWER_OK;
}

static int cmd_version(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)s, (void)argc, (void)argv, (void)rest;
    snprintf(ans, len, "%s", QUARTET_VERSION);
    return ANSWER_OK;
}

static int cmd_empty(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)s, (void)argc, (void)argv, (void)rest, (void)ans, (void)len;
    return ANSWER_OK;
}

static int cmd_quit(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)argv, (void)rest, (void)ans, (void)len;
    s->quit = 1;
    return ANSWER_OK;
}

static const gtp_command *find_command(const char *name);
static int cmd_known_command(gtp *s, int argc, char **argv, const char *rest, char *ans,
                             size_t len);
static int cmd_list_commands(gtp *s, int argc, char **argv, const char *rest, char *ans,
                             size_t len);

static int cmd_game(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)rest;
    if (argc == 0) {
        char opts[GAME_TEXT_MAX];
        session_options_text(s->ses, opts, sizeof opts);
        snprintf(ans, len, "%s%s%s", session_ops(s->ses)->name, opts[0] ? " " : "", opts);
        return ANSWER_OK;
    }
    return ok_or_error(session_new_game(s->ses, argv[0], argc - 1, argv + 1, ans, len));
}

static int cmd_boardsize(gtp *s, int argc, char **argv, const char *rest, char *ans,
                         size_t len)
{
    (void)argc, (void)rest;
    long n;
    const game_ops *ops = session_ops(s->ses);
    char opts[GAME_TEXT_MAX], msg[SESSION_ERR_MAX];
    if (util_parse_long(argv[0], &n) != 0) {
        snprintf(ans, len, "syntax error: board size '%s' is not a whole number", argv[0]);
        return ANSWER_ERROR;
    }
    if (n < 1) { /* size=0 is an option's "the board's default", not a board */
        snprintf(ans, len, "unacceptable size: %ld", n);
        return ANSWER_ERROR;
    }
    session_options_text(s->ses, opts, sizeof opts);
    if (strncmp(opts, "size=", 5) != 0 && !strstr(opts, " size=")) {
        if (ops->sgf_board_size && n == ops->sgf_board_size)
            return ok_or_error(session_new_game(s->ses, NULL, 0, NULL, ans, len));
        if (ops->sgf_board_size)
            snprintf(ans, len, "unacceptable size: %s is played on a board of size %d only",
                     ops->name, ops->sgf_board_size);
        else
            snprintf(ans, len, "unacceptable size: %s has no board size option", ops->name);
        return ANSWER_ERROR;
    }
    if (session_set_option(s->ses, "size", argv[0], msg, sizeof msg) != 0) {
        snprintf(ans, len, "unacceptable size: %s", msg);
        return ANSWER_ERROR;
    }
    return ANSWER_OK;
}

static int cmd_clear_board(gtp *s, int argc, char **argv, const char *rest, char *ans,
                           size_t len)
{
    (void)argc, (void)argv, (void)rest;
    return ok_or_error(session_new_game(s->ses, NULL, 0, NULL, ans, len));
}

static int cmd_play(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc;
    int c = colour_arg(s, argv[0], ans, len);
    if (c < 0)
        return ANSWER_ERROR;
    const char *move = rest + strlen(argv[0]);
    while (isspace((unsigned char)*move))
        move++;
    char err[SESSION_ERR_MAX];
    if (session_play(s->ses, c, move, 0, err, sizeof err) < 0) {
        char shown[64]; /* a refused turn of any length is quoted briefly */
        snprintf(ans, len, "illegal move: %s: %s", util_excerpt(move, 40, shown, sizeof shown),
                 game_error_reason(err));
        return ANSWER_ERROR;
    }
    return ANSWER_OK;
}

static void search_done(void *arg)
{
    gtp *s = arg;
    char c = 1;
    while (write(s->wake[1], &c, 1) < 0 && errno == EINTR)
        ;
}

static int start_genmove(gtp *s, char **argv, int reg, char *ans, size_t len)
{
    int c = colour_arg(s, argv[0], ans, len);
    if (c < 0)
        return ANSWER_ERROR;
    int tm = session_to_move(s->ses);
    const game_ops *ops = session_ops(s->ses);
    if (tm < 0) {
        snprintf(ans, len, "game is over");
        return ANSWER_ERROR;
    }
    if (c != tm) {
        snprintf(ans, len, "%s is not to move (%s is)", ops->colour[c], ops->colour[tm]);
        return ANSWER_ERROR;
    }
    session_hooks hooks = {.done = search_done, .arg = s};
    if (session_think_start(s->ses, s->wake[1] >= 0 ? &hooks : NULL, ans, len) != 0)
        return ANSWER_ERROR;
    s->search_reg = reg;
    return ANSWER_LATER;
}

static int cmd_genmove(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)rest;
    return start_genmove(s, argv, 0, ans, len);
}

static int cmd_reg_genmove(gtp *s, int argc, char **argv, const char *rest, char *ans,
                           size_t len)
{
    (void)argc, (void)rest;
    return start_genmove(s, argv, 1, ans, len);
}

/* The search has ended: play its turn (genmove) and answer. */
static int finish_genmove(gtp *s, char *ans, size_t len)
{
    char err[SESSION_ERR_MAX];
    session_ponder_info before, after;
    session_ponder_stats(s->ses, &before);
    if (session_think_finish(s->ses, !s->search_reg, ans, len, err, sizeof err) != 0) {
        snprintf(ans, len, "%s", err);
        return ANSWER_ERROR;
    }
    session_ponder_stats(s->ses, &after);
    if (after.hits + after.misses > before.hits + before.misses)
        fprintf(stderr, "quartet: ponder %s (%llu kept); %llu ponders, %llu hits, "
                "%llu misses\n", after.hits > before.hits ? "hit" : "miss",
                (unsigned long long)after.last_reused, (unsigned long long)after.searches,
                (unsigned long long)after.hits, (unsigned long long)after.misses);
    return ANSWER_OK;
}

/* The answer of what ran in the background, once it has ended (a job's
 * is in ans already). */
static int finish_later(gtp *s, char *ans, size_t len)
{
    if (gtpjob_running(&s->job))
        return gtpjob_finish(&s->job);
    return finish_genmove(s, ans, len);
}

static int cmd_ponder(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)argv, (void)rest;
    session_ponder_info p;
    session_ponder_stats(s->ses, &p);
    snprintf(ans, len, "ponders %llu iterations %llu hits %llu misses %llu",
             (unsigned long long)p.searches, (unsigned long long)p.iterations,
             (unsigned long long)p.hits, (unsigned long long)p.misses);
    return ANSWER_OK;
}

static int cmd_last_search(gtp *s, int argc, char **argv, const char *rest, char *ans,
                           size_t len)
{
    (void)argc, (void)argv, (void)rest;
    session_last_search(s->ses, ans, len);
    if (ans[0])
        return ANSWER_OK;
    snprintf(ans, len, "no search yet: genmove first");
    return ANSWER_ERROR;
}

/* ---- quartet-analyze: a stream of info lines ---- */

/* One candidate as "info move M visits V winrate W prior P pv M ...", with
 * "proven win|loss|draw plies N" before the pv once the search proved it
 * (N: moves to the end along the proof; the pair left out when unknown). */
static void info_group(const game *g, const engine_progress *p, int i, char *buf, size_t len)
{
    const engine_candidate *c = &p->cand[i];
    char pv[GTP_INFO_MAX / 2];
    if (i == 0 && p->npv > 0 && p->pv[0] == c->move) {
        if (engine_moves_text(g, p->pv, p->npv, pv, sizeof pv) != 0)
            pv[0] = 0;
    } else {
        g->ops->move_to_text(g, c->move, pv, sizeof pv);
    }
    char move[GAME_MOVE_TEXT_MAX];
    g->ops->move_to_text(g, c->move, move, sizeof move);
    char proof[48] = "";
    const char *proven = engine_proven_name(c->proven);
    if (proven)
        snprintf(proof, sizeof proof, c->plies > 0 ? " proven %s plies %d" : " proven %s", proven,
                 c->plies);
    util_str_appendf(buf, len, "%sinfo move %s visits %llu winrate %.4f prior %.4f%s pv %s",
                     buf[0] ? " " : "", move, (unsigned long long)c->visits, c->value,
                     c->prior, proof, pv[0] ? pv : move);
}

/* On the worker: keep the newest line and wake the main loop. */
static void analyze_progress(void *arg, const engine_progress *p)
{
    gtp *s = arg;
    char line[GTP_INFO_MAX] = "";
    for (int i = 0; i < p->ncand && i < GTP_INFO_MOVES; i++)
        if (i == 0 || p->cand[i].visits > 0 || p->cand[i].proven)
            info_group(s->an_game, p, i, line, sizeof line);
    pthread_mutex_lock(&s->amu);
    snprintf(s->an_line, sizeof s->an_line, "%s", line);
    pthread_mutex_unlock(&s->amu);
    search_done(s);
}

/* The newest info line, once, into out. */
static void stream_news(gtp *s, strbuf *out)
{
    pthread_mutex_lock(&s->amu);
    if (s->an_line[0])
        strbuf_addf(out, "%s\n", s->an_line);
    s->an_line[0] = 0;
    pthread_mutex_unlock(&s->amu);
}

/* Stop the analysis, give its last line, close the answer. */
static void stream_end(gtp *s, strbuf *out)
{
    char err[SESSION_ERR_MAX];
    strbuf best = STRBUF_INIT;
    session_analyze_stop(s->ses, &best, err, sizeof err);
    strbuf_free(&best);
    stream_news(s, out);
    strbuf_add(out, "\n");
    game_free(s->an_game);
    s->an_game = NULL;
    s->streaming = 0;
}

static int cmd_analyze(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)rest;
    long cs = 100, secs = 0;
    if ((argc > 0 && (util_parse_long(argv[0], &cs) != 0 || cs < 1 || cs > 6000)) ||
        (argc > 1 && (util_parse_long(argv[1], &secs) != 0 || secs < 1 || secs > 86400))) {
        snprintf(ans, len, "syntax error: expected INTERVAL_CS from 1 to 6000 and SECONDS "
                 "from 1 to 86400");
        return ANSWER_ERROR;
    }
    if (s->wake[1] < 0) {
        snprintf(ans, len, "quartet-analyze streams its answer: only on standard input");
        return ANSWER_ERROR;
    }
    if (!(s->an_game = session_game_copy(s->ses))) {
        snprintf(ans, len, "out of memory");
        return ANSWER_ERROR;
    }
    s->an_line[0] = 0;
    session_hooks hooks = {search_done, analyze_progress, s, (int)cs * 10};
    if (session_analyze_start(s->ses, &hooks, ans, len) != 0) {
        game_free(s->an_game);
        s->an_game = NULL;
        return ANSWER_ERROR;
    }
    s->streaming = 1;
    s->stream_end = secs ? util_now_ms() + secs * 1000 : 0;
    return ANSWER_STREAM;
}

static int cmd_undo(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)argv, (void)rest;
    char err[SESSION_ERR_MAX];
    if (session_undo(s->ses, 0, err, sizeof err) <= 0) {
        snprintf(ans, len, "cannot undo: %s", err);
        return ANSWER_ERROR;
    }
    return ANSWER_OK;
}

static int cmd_showboard(gtp *s, int argc, char **argv, const char *rest, char *ans,
                         size_t len)
{
    (void)argc, (void)argv, (void)rest;
    char board[GAME_RENDER_MAX];
    session_render(s->ses, 0, board, sizeof board);
    snprintf(ans, len, "\n%s", board);
    return ANSWER_OK;
}

/* all_legal_moves [COLOR]: a colour not to move has none (GNU Go style
 * tools always pass one). */
static int cmd_all_legal_moves(gtp *s, int argc, char **argv, const char *rest, char *ans,
                               size_t len)
{
    (void)rest;
    int c = argc > 0 ? colour_arg(s, argv[0], ans, len) : -1;
    if (argc > 0 && c < 0)
        return ANSWER_ERROR;
    if (argc > 0 && c != session_to_move(s->ses)) {
        ans[0] = 0;
        return ANSWER_OK;
    }
    strbuf b = STRBUF_INIT;
    return answer_text(&b, session_legal_moves_text(s->ses, &b), ans, len);
}

static int cmd_to_move(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)argv, (void)rest;
    int tm = session_to_move(s->ses);
    snprintf(ans, len, "%s", tm < 0 ? "none" : session_ops(s->ses)->colour[tm]);
    return ANSWER_OK;
}

static int cmd_result(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)argv, (void)rest;
    snprintf(ans, len, "%s", game_result_text(session_result(s->ses, NULL, 0)));
    return ANSWER_OK;
}

static int cmd_result_reason(gtp *s, int argc, char **argv, const char *rest, char *ans,
                             size_t len)
{
    (void)argc, (void)argv, (void)rest;
    session_result(s->ses, ans, len);
    return ANSWER_OK;
}

static int cmd_final_score(gtp *s, int argc, char **argv, const char *rest, char *ans,
                           size_t len)
{
    (void)argc, (void)argv, (void)rest;
    int r = session_result(s->ses, NULL, 0);
    if (r == RESULT_NONE) {
        snprintf(ans, len, "game is not over");
        return ANSWER_ERROR;
    }
    if (r == RESULT_DRAW) {
        snprintf(ans, len, "0");
        return ANSWER_OK;
    }
    /* GTP's B and W name colours, not seats: LOT's first player is White */
    const char *winner = session_ops(s->ses)->colour[r == RESULT_FIRST ? 0 : 1];
    session_result_sgf(s->ses, ans, len);
    if (util_str_ieq(winner, "black") || util_str_ieq(winner, "white"))
        ans[0] = (char)toupper((unsigned char)winner[0]);
    return ANSWER_OK;
}

static int cmd_position(gtp *s, int argc, char **argv, const char *rest, char *ans,
                        size_t len)
{
    (void)argc, (void)argv, (void)rest;
    session_position_text(s->ses, ans, len < GAME_TEXT_MAX ? len : GAME_TEXT_MAX);
    return ANSWER_OK;
}

static int cmd_setposition(gtp *s, int argc, char **argv, const char *rest, char *ans,
                           size_t len)
{
    (void)argc, (void)argv;
    return ok_or_error(session_set_position(s->ses, rest, ans, len));
}

static int cmd_moves(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)argv, (void)rest;
    strbuf b = STRBUF_INIT;
    return answer_text(&b, session_moves_text(s->ses, &b), ans, len);
}

/* Run work on a copy of the game in the background (waited for at once
 * without a wake pipe): its answer comes like genmove's. */
static int start_job(gtp *s, gtpjob_work work, long n, char *ans, size_t len)
{
    game *c = session_game_copy(s->ses);
    if (!c) {
        snprintf(ans, len, "out of memory");
        return ANSWER_ERROR;
    }
    if (gtpjob_start(&s->job, work, c, n, ans, len, s->wake[1] >= 0 ? search_done : NULL, s) != 0)
        return ANSWER_ERROR;
    return ANSWER_LATER;
}

static int perft_work(game *g, long depth, atomic_int *stop, char *ans, size_t len)
{
    uint64_t n;
    int rc = game_perft_stoppable(g, (int)depth, stop, &n);
    if (rc != 0)
        snprintf(ans, len, "%s", rc > 0 ? "interrupted" : "out of memory");
    else
        snprintf(ans, len, "%llu", (unsigned long long)n);
    return rc != 0 ? ANSWER_ERROR : ANSWER_OK;
}

static int cmd_perft(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)rest;
    long d;
    if (util_parse_long(argv[0], &d) != 0 || d < 0 || d > 12) {
        snprintf(ans, len, "syntax error: DEPTH must be a whole number 0..12");
        return ANSWER_ERROR;
    }
    return start_job(s, perft_work, d, ans, len);
}

/* "VALUE MOVES": the winning moves of a win, the drawing moves of a draw,
 * else "-".  Stopped, it answers as when its time runs out: what it
 * proved by then. */
static int solve_work(game *g, long sec, atomic_int *stop, char *ans, size_t len)
{
    solver_params p = {.memory_mb = 64, .threads = 1, .ms = sec * 1000, .stop = stop};
    solver_result r;
    if (solver_run(g, &p, &r, ans, len) != 0)
        return ANSWER_ERROR;
    int want = r.value == SOLVER_DRAW ? SOLVER_DRAW : SOLVER_WIN;
    snprintf(ans, len, "%s ", solver_value_name(r.value));
    size_t at = strlen(ans);
    for (int i = 0; i < r.nmoves; i++)
        if (r.moves[i].value == want && r.value != SOLVER_UNKNOWN && r.value != SOLVER_LOSS)
            util_str_appendf(ans, len, "%s%s", strlen(ans) > at ? "," : "", r.moves[i].text);
    if (strlen(ans) == at)
        util_str_appendf(ans, len, "-");
    solver_result_free(&r);
    return ANSWER_OK;
}

/* Prove the position's value within SECONDS (default 10). */
static int cmd_solve(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)rest;
    long sec = 10;
    if (argc > 0 && (util_parse_long(argv[0], &sec) != 0 || sec < 1 || sec > 600)) {
        snprintf(ans, len, "syntax error: SECONDS must be a whole number 1..600");
        return ANSWER_ERROR;
    }
    return start_job(s, solve_work, sec, ans, len);
}

static int cmd_player(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)rest;
    return ok_or_error(session_set_kind(s->ses, SESSION_BOTH, argv[0], ans, len));
}

static int cmd_set(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)rest;
    return ok_or_error(session_set_setting(s->ses, SESSION_BOTH, argv[0], argv[1], ans, len));
}

static int cmd_settings(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)argv, (void)rest;
    session_settings_text(s->ses, SESSION_BOTH, ans, len);
    return ANSWER_OK;
}

static int cmd_time_settings(gtp *s, int argc, char **argv, const char *rest, char *ans,
                             size_t len)
{
    (void)argc, (void)rest;
    int64_t main_ms, byo_ms;
    long stones;
    if (util_parse_seconds(argv[0], &main_ms) != 0 || util_parse_seconds(argv[1], &byo_ms) != 0 ||
        util_parse_long(argv[2], &stones) != 0 || stones < 0 || stones > 100000) {
        snprintf(ans, len, "syntax error: expected MAIN BYO_TIME BYO_STONES (seconds, "
                 "seconds, a whole number of moves)");
        return ANSWER_ERROR;
    }
    return ok_or_error(
        session_set_advisory_clock(s->ses, main_ms, byo_ms, (int)stones, ans, len));
}

static int cmd_time_left(gtp *s, int argc, char **argv, const char *rest, char *ans,
                         size_t len)
{
    (void)argc, (void)rest;
    int c = colour_arg(s, argv[0], ans, len);
    int64_t ms;
    long stones;
    if (c < 0)
        return ANSWER_ERROR;
    if (util_parse_seconds(argv[1], &ms) != 0 || util_parse_long(argv[2], &stones) != 0 ||
        stones < 0 || stones > 100000) {
        snprintf(ans, len, "syntax error: expected COLOR SECONDS STONES");
        return ANSWER_ERROR;
    }
    return ok_or_error(session_time_left(s->ses, c, ms, (int)stones, ans, len));
}

static int cmd_loadsgf(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)rest;
    long n = -1;
    /* a record holds at most SGF_MAX_NODES nodes, so no larger N means more */
    if (argc > 1 && (util_parse_long(argv[1], &n) != 0 || n < 1 || n > SGF_MAX_NODES)) {
        snprintf(ans, len, "syntax error: move number '%s' must be a whole number from 1 to %d",
                 argv[1], SGF_MAX_NODES);
        return ANSWER_ERROR;
    }
    char err[SESSION_ERR_MAX];
    if (session_load(s->ses, argv[0], n < 0 ? -1 : (int)n - 1, err, sizeof err) != 0) {
        snprintf(ans, len, "cannot load file: %s", err);
        return ANSWER_ERROR;
    }
    return ANSWER_OK;
}

static int cmd_savesgf(gtp *s, int argc, char **argv, const char *rest, char *ans, size_t len)
{
    (void)argc, (void)rest;
    char err[SESSION_ERR_MAX];
    if (session_save(s->ses, argv[0], err, sizeof err) != 0) {
        snprintf(ans, len, "cannot save file: %s", err);
        return ANSWER_ERROR;
    }
    return ANSWER_OK;
}

static int cmd_analyze_commands(gtp *s, int argc, char **argv, const char *rest, char *ans,
                                size_t len)
{
    (void)s, (void)argc, (void)argv, (void)rest;
    snprintf(ans, len,
             "string/Position/quartet-position\n"
             "string/Legal moves/all_legal_moves\n"
             "string/To move/quartet-to_move\n"
             "string/Result/quartet-result\n"
             "string/Result reason/quartet-result_reason\n"
             "string/Moves/quartet-moves\n"
             "string/Perft 1/quartet-perft 1\n"
             "string/Perft 2/quartet-perft 2\n"
             "string/Perft 3/quartet-perft 3\n"
             "string/Engine settings/quartet-settings\n"
             "string/Game and options/quartet-game\n"
             "string/Analyze 1 s/quartet-analyze 100 1\n"
             "string/Analyze 10 s/quartet-analyze 500 10\n"
             "string/Ponder counters/quartet-ponder\n"
             "string/Last search/quartet-last_search\n"
             "none/Set position/quartet-setposition %%s\n"
             "none/Engine setting/quartet-set %%s %%s");
    return ANSWER_OK;
}

/* Sorted by name (strcmp order): find_command uses binary search. */
static const gtp_command commands[] = {
    {"all_legal_moves", cmd_all_legal_moves, 0, 1, "[COLOR]"},
    {"boardsize", cmd_boardsize, 1, 1, "N"},
    {"clear_board", cmd_clear_board, 0, 0, ""},
    {"final_score", cmd_final_score, 0, 0, ""},
    {"genmove", cmd_genmove, 1, 1, "COLOR"},
    {"gogui-analyze_commands", cmd_analyze_commands, 0, 0, ""},
    {"gogui-interrupt", cmd_empty, 0, 0, ""},
    {"known_command", cmd_known_command, 1, 1, "NAME"},
    {"list_commands", cmd_list_commands, 0, 0, ""},
    {"loadsgf", cmd_loadsgf, 1, 2, "FILE [MOVE_NUMBER]"},
    {"name", cmd_name, 0, 0, ""},
    {"play", cmd_play, 2, -1, "COLOR MOVE"},
    {"protocol_version", cmd_protocol_version, 0, 0, ""},
    {"quartet-analyze", cmd_analyze, 0, 2, "[INTERVAL_CS [SECONDS]]"},
    {"quartet-game", cmd_game, 0, -1, "[NAME [opt=value ...]]"},
    {"quartet-last_search", cmd_last_search, 0, 0, ""},
    {"quartet-moves", cmd_moves, 0, 0, ""},
    {"quartet-perft", cmd_perft, 1, 1, "DEPTH"},
    {"quartet-player", cmd_player, 1, 1, "KIND"},
    {"quartet-ponder", cmd_ponder, 0, 0, ""},
    {"quartet-position", cmd_position, 0, 0, ""},
    {"quartet-result", cmd_result, 0, 0, ""},
    {"quartet-result_reason", cmd_result_reason, 0, 0, ""},
    {"quartet-savesgf", cmd_savesgf, 1, 1, "FILE"},
    {"quartet-set", cmd_set, 2, 2, "NAME VALUE"},
    {"quartet-setposition", cmd_setposition, 1, -1, "TEXT"},
    {"quartet-settings", cmd_settings, 0, 0, ""},
    {"quartet-solve", cmd_solve, 0, 1, "[SECONDS]"},
    {"quartet-to_move", cmd_to_move, 0, 0, ""},
    {"quit", cmd_quit, 0, 0, ""},
    {"reg_genmove", cmd_reg_genmove, 1, 1, "COLOR"},
    {"showboard", cmd_showboard, 0, 0, ""},
    {"time_left", cmd_time_left, 3, 3, "COLOR SECONDS STONES"},
    {"time_settings", cmd_time_settings, 3, 3, "MAIN BYO_TIME BYO_STONES"},
    {"undo", cmd_undo, 0, 0, ""},
    {"version", cmd_version, 0, 0, ""},
};
#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

static const gtp_command *find_command(const char *name)
{
    int lo = 0, hi = NCOMMANDS - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(name, commands[mid].name);
        if (c == 0)
            return &commands[mid];
        if (c < 0)
            hi = mid - 1;
        else
            lo = mid + 1;
    }
    return NULL;
}

static int cmd_known_command(gtp *s, int argc, char **argv, const char *rest, char *ans,
                             size_t len)
{
    (void)s, (void)argc, (void)rest;
    snprintf(ans, len, "%s", find_command(argv[0]) ? "true" : "false");
    return ANSWER_OK;
}

static int cmd_list_commands(gtp *s, int argc, char **argv, const char *rest, char *ans,
                             size_t len)
{
    (void)s, (void)argc, (void)argv, (void)rest;
    ans[0] = 0;
    for (int i = 0; i < NCOMMANDS; i++)
        util_str_appendf(ans, len, "%s%s", i ? "\n" : "", commands[i].name);
    return ANSWER_OK;
}

/* The commands of one group ("quartet-" or not), "name ARGS" two spaces
 * apart after an indent of two, a line broken before an entry that would
 * pass the width. */
static void help_group(FILE *f, int own)
{
    int col = 0;
    for (int i = 0; i < NCOMMANDS; i++) {
        const gtp_command *c = &commands[i];
        if ((strncmp(c->name, "quartet-", 8) == 0) != own)
            continue;
        int n = (int)(strlen(c->name) + (c->args[0] ? 1 + strlen(c->args) : 0));
        if (col > 0 && col + 2 + n > GTP_HELP_WIDTH) {
            fputc('\n', f);
            col = 0;
        }
        col += fprintf(f, "  %s%s%s", c->name, c->args[0] ? " " : "", c->args);
    }
    fputc('\n', f);
}

/* (gtp.h) From the table itself, so the help cannot miss a command. */
void gtp_commands_help(FILE *f)
{
    fprintf(f, "Standard commands (and GoGui's):\n");
    help_group(f, 0);
    fprintf(f, "quartet's own commands:\n");
    help_group(f, 1);
}

/* ---- input and output ---- */

/* "=id text" or "?id text", no empty line inside, one empty line after. */
static void respond(strbuf *out, const char *id, int ok, const char *text)
{
    strbuf_addf(out, "%c%s ", ok ? '=' : '?', id);
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        int blank = 1;
        for (size_t i = 0; i < n; i++)
            if (!isspace((unsigned char)p[i]))
                blank = 0;
        if (p == text || !blank) {
            if (p != text)
                strbuf_add(out, "\n");
            strbuf_addn(out, p, n);
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    strbuf_add(out, "\n\n");
}

/* (gtp.h) The one cleaning of a line: the fuzzer judges lines by it too. */
char *gtp_clean_line(char *line)
{
    char *w = line;
    for (char *r = line; *r; r++) {
        unsigned char c = (unsigned char)*r;
        if (c == '\t')
            *w++ = ' ';
        else if (c >= 32 && c != 127)
            *w++ = (char)c;
    }
    *w = 0;
    for (char *p = line; *p; p++)
        if (*p == '#' && (p == line || p[-1] == ' ')) {
            *p = 0;
            break;
        }
    util_str_chomp(line);
    while (*line == ' ')
        line++;
    return line;
}

/* Stands in the queue for a line that was too long to keep: told apart
 * by its address, as any text could also be a line read. */
static char line_too_long[] = "";

static void free_line(char *line)
{
    if (line != line_too_long)
        free(line);
}

/* Split off a numeric id ("42 name ...") in place, so that the answer
 * echoes it whole; returns what follows. */
static char *take_id(char *p, const char **id)
{
    *id = "";
    if (!isdigit((unsigned char)*p))
        return p;
    size_t n = 0;
    while (isdigit((unsigned char)p[n]))
        n++;
    if (p[n] != ' ' && p[n])
        return p;
    *id = p;
    p += n;
    if (*p)
        *p++ = 0;
    while (*p == ' ')
        p++;
    return p;
}

/* Run one line; ANSWER_LATER when a genmove, perft or solve goes on in
 * the background (only with a wake pipe; else it is waited for here). */
static int run_line(gtp *s, char *raw, strbuf *out)
{
    if (raw == line_too_long || strlen(raw) >= GTP_LINE_MAX) {
        respond(out, "", 0, "syntax error: line too long");
        return ANSWER_ERROR;
    }
    char *line = gtp_clean_line(raw);
    if (!*line)
        return ANSWER_OK;
    const char *id;
    char name[64];
    char *p = take_id(line, &id);
    size_t n = 0;
    while (p[n] && p[n] != ' ')
        n++;
    snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), p);
    p += n;
    while (*p == ' ')
        p++;
    const char *rest = p;
    char argbuf[GTP_LINE_MAX];
    snprintf(argbuf, sizeof argbuf, "%s", rest);
    char *argv[GTP_MAX_ARGS + 1]; /* one more, to see that there are too many */
    int argc = util_split_words(argbuf, argv, GTP_MAX_ARGS + 1);
    char *ans = s->answer;
    ans[0] = 0;
    const gtp_command *c = find_command(name);
    int rc = ANSWER_ERROR;
    if (!name[0])
        snprintf(ans, GTP_ANSWER_MAX, "syntax error: no command after the id");
    else if (!c)
        snprintf(ans, GTP_ANSWER_MAX, "unknown command: %s", name);
    else if (argc > GTP_MAX_ARGS)
        snprintf(ans, GTP_ANSWER_MAX, "syntax error: more than %d arguments", GTP_MAX_ARGS);
    else if (argc < c->min_args || (c->max_args >= 0 && argc > c->max_args))
        snprintf(ans, GTP_ANSWER_MAX, "syntax error: usage: %s%s%s", c->name,
                 c->args[0] ? " " : "", c->args);
    else
        rc = c->run(s, argc, argv, rest, ans, GTP_ANSWER_MAX);
    if (rc == ANSWER_LATER && s->wake[1] >= 0) {
        snprintf(s->search_id, sizeof s->search_id, "%s", id);
        return rc;
    }
    if (rc == ANSWER_STREAM) {
        strbuf_addf(out, "=%s\n", id); /* the info lines follow, then an empty line */
        return rc;
    }
    if (rc == ANSWER_LATER)
        rc = finish_later(s, ans, GTP_ANSWER_MAX);
    respond(out, id, rc == ANSWER_OK, ans);
    return rc;
}

gtp *gtp_new(game *g, char *err, size_t errlen)
{
    gtp *s = calloc(1, sizeof *s);
    if (!s) {
        game_free(g);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->wake[0] = s->wake[1] = -1;
    pthread_mutex_init(&s->amu, NULL);
    s->ses = session_new(g, err, errlen);
    s->answer = malloc(GTP_ANSWER_MAX);
    if (!s->ses || !s->answer ||
        session_set_player(s->ses, SESSION_BOTH, "ai", err, errlen) != 0) {
        if (s->ses && !s->answer)
            snprintf(err, errlen, "out of memory");
        gtp_free(s);
        return NULL;
    }
    return s;
}

void gtp_free(gtp *s)
{
    if (!s)
        return;
    if (gtpjob_running(&s->job)) {
        gtpjob_stop(&s->job);
        gtpjob_finish(&s->job);
    }
    session_free(s->ses);
    game_free(s->an_game);
    pthread_mutex_destroy(&s->amu);
    while (s->qlen) {
        free_line(s->queue[s->qhead++]);
        s->qlen--;
    }
    free(s->queue);
    free(s->answer);
    for (int i = 0; i < 2; i++)
        if (s->wake[i] >= 0)
            close(s->wake[i]);
    free(s);
}

session *gtp_session(gtp *s) { return s->ses; }

int gtp_execute(gtp *s, const char *line, strbuf *out)
{
    char *copy = strdup(line);
    if (!copy) {
        respond(out, "", 0, "out of memory");
        return 0;
    }
    run_line(s, copy, out);
    free(copy);
    return s->quit;
}

/* ---- the standard input loop ---- */

static void flush_out(strbuf *out)
{
    fwrite(strbuf_str(out), 1, out->len, stdout);
    fflush(stdout);
    strbuf_clear(out);
}

static void enqueue(gtp *s, const char *line)
{
    if (s->qhead + s->qlen == s->qcap) {
        if (s->qhead > 0) {
            memmove(s->queue, s->queue + s->qhead, sizeof *s->queue * (size_t)s->qlen);
            s->qhead = 0;
        } else {
            int cap = s->qcap ? s->qcap * 2 : 16;
            char **q = realloc(s->queue, sizeof *q * (size_t)cap);
            if (!q)
                return;
            s->queue = q;
            s->qcap = cap;
        }
    }
    char *copy = line == line_too_long ? line_too_long : strdup(line);
    if (copy)
        s->queue[s->qhead + s->qlen++] = copy;
}

/* genmove's search, or a perft or solve. */
static void stop_search(gtp *s)
{
    session_think_stop(s->ses);
    gtpjob_stop(&s->job);
}

/* A line read while a search runs: "# interrupt" and gogui-interrupt stop it. */
static void line_during_search(gtp *s, const char *line)
{
    const char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '#') {
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, "interrupt", 9) == 0)
            stop_search(s);
        return;
    }
    while (isdigit((unsigned char)*p)) /* an id */
        p++;
    while (*p == ' ' || *p == '\t')
        p++;
    if (strncmp(p, "gogui-interrupt", 15) == 0 && (!p[15] || isspace((unsigned char)p[15])))
        stop_search(s);
    enqueue(s, line);
}

static int searching(gtp *s)
{
    return session_thinking(s->ses) != 0 || gtpjob_running(&s->job);
}

/* Does this line end a streaming answer: a command, or "# interrupt"? */
static int ends_stream(const char *line)
{
    char copy[64];
    snprintf(copy, sizeof copy, "%s", line);
    const char *p = copy + strspn(copy, " \t");
    if (*p == '#') {
        p += 1 + strspn(p + 1, " \t");
        return strncmp(p, "interrupt", 9) == 0;
    }
    return gtp_clean_line(copy)[0] != 0;
}

static void handle_line(gtp *s, char *line, strbuf *out)
{
    int command = ends_stream(line);
    if (command)
        session_ponder_stop(s->ses); /* any command ends thinking on the opponent's time */
    if (s->streaming && command)
        stream_end(s, out);
    if (searching(s) || s->qlen)
        line_during_search(s, line);
    else
        run_line(s, line, out);
    /* lines that waited for a search run as soon as it is over */
}

static void drain_queue(gtp *s, strbuf *out)
{
    while (!searching(s) && s->qlen && !s->quit) {
        char *line = s->queue[s->qhead++];
        s->qlen--;
        run_line(s, line, out);
        free_line(line);
    }
}

/* NUL is a control character like the others: dropped, so it does not
 * end the line early.  Returns line. */
static char *drop_nuls(char *line, size_t n)
{
    size_t w = 0;
    for (size_t r = 0; r < n; r++)
        if (line[r])
            line[w++] = line[r];
    line[w] = 0;
    return line;
}

/* Split what was read into lines; keeps an unfinished line in buf. */
static void take_lines(gtp *s, char *buf, size_t *have, int *overlong, strbuf *out)
{
    size_t start = 0;
    for (size_t i = 0; i < *have; i++) {
        if (buf[i] != '\n')
            continue;
        buf[i] = 0;
        if (*overlong)
            *overlong = 0; /* the rest of a line already refused */
        else
            handle_line(s, drop_nuls(buf + start, i - start), out);
        start = i + 1;
    }
    memmove(buf, buf + start, *have - start);
    *have -= start;
    if (*have == GTP_LINE_MAX) {
        if (!*overlong) {
            /* answer now, in order: the line is dropped */
            if (searching(s) || s->qlen)
                enqueue(s, line_too_long);
            else
                respond(out, "", 0, "syntax error: line too long");
        }
        *overlong = 1;
        *have = 0;
    }
}

/* The worker wrote to the wake pipe: news of the analysis, or the end of
 * a search or a job. */
static void woken(gtp *s, strbuf *out)
{
    char c[16];
    while (read(s->wake[0], c, sizeof c) < 0 && errno == EINTR)
        ;
    if (s->streaming) {
        stream_news(s, out);
        if (session_thinking(s->ses) == 2)
            stream_end(s, out); /* it ended by itself: solved */
    } else if (gtpjob_over(&s->job)) {
        int rc = gtpjob_finish(&s->job);
        respond(out, s->search_id, rc == ANSWER_OK, s->answer);
    } else if (session_thinking(s->ses) == 2) {
        int rc = finish_genmove(s, s->answer, GTP_ANSWER_MAX);
        respond(out, s->search_id, rc == ANSWER_OK, s->answer);
        if (rc == ANSWER_OK && !s->search_reg && !s->qlen)
            session_ponder_start(s->ses);
    }
}

static void main_loop(gtp *s)
{
    char *buf = malloc(GTP_LINE_MAX + 1);
    strbuf out = STRBUF_INIT;
    size_t have = 0;
    int eof = 0, overlong = 0;
    if (!buf)
        return;
    while (!s->quit) {
        drain_queue(s, &out);
        flush_out(&out);
        if (s->streaming && eof)
            stream_end(s, &out);
        if (s->quit || (eof && !searching(s) && !s->qlen))
            break;
        struct pollfd fds[2] = {{0, POLLIN, 0}, {s->wake[0], POLLIN, 0}};
        int timeout = -1; /* a bounded analysis wakes the loop at its end */
        if (s->streaming && s->stream_end) {
            int64_t w = s->stream_end - util_now_ms();
            timeout = w < 0 ? 0 : w > 60000 ? 60000 : (int)w;
        }
        int nf = poll(eof ? fds + 1 : fds, eof ? 1 : 2, timeout);
        if (nf < 0 && errno != EINTR)
            break;
        short in_ev = eof ? 0 : fds[0].revents;
        if (fds[1].revents & POLLIN)
            woken(s, &out);
        if (s->streaming && s->stream_end && util_now_ms() >= s->stream_end)
            stream_end(s, &out);
        if (in_ev & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t r = read(0, buf + have, GTP_LINE_MAX - have);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0) {
                eof = 1;
                if (have && !overlong) {
                    buf[have] = 0;
                    handle_line(s, buf, &out);
                }
                have = 0;
                continue;
            }
            have += (size_t)r;
            take_lines(s, buf, &have, &overlong, &out);
        }
        flush_out(&out);
    }
    flush_out(&out);
    strbuf_free(&out);
    free(buf);
}

/* ---- entry ---- */

int gtp_main(int argc, char **argv)
{
    char err[SESSION_ERR_MAX];
    int next = 1;
    game *g;
    if (argc > 1 && argv[1][0] != '-') {
        g = cli_game(argc - 1, argv + 1, &next);
        if (!g)
            return 2;
        next++;
    } else {
        g = game_create_default(game_registry[0]);
    }
    gtp *s = gtp_new(g, err, sizeof err);
    if (!s || pipe(s->wake) != 0) {
        fprintf(stderr, "quartet gtp: cannot start (%s)\n", s ? strerror(errno) : err);
        gtp_free(s);
        return 1;
    }
    int status = 0;
    for (int i = next; i < argc && status == 0; i++) {
        if (strncmp(argv[i], "--player=", 9) != 0) {
            fprintf(stderr, "quartet gtp: unexpected argument '%s' (expected "
                    "--player=KIND[:settings])\n", argv[i]);
            status = 2;
        } else if (session_set_player(s->ses, SESSION_BOTH, argv[i] + 9, err, sizeof err) != 0) {
            fprintf(stderr, "quartet gtp: %s\n", err);
            status = 2;
        }
    }
    if (status == 0) {
        signal(SIGPIPE, SIG_IGN);
        main_loop(s);
    }
    gtp_free(s);
    return status;
}
