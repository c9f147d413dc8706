/* test_session.c - the session layer every front end drives: turns and
 * their refusals, undo, resignation, seats, the computer's turn from a
 * worker thread, the clock kept by the session and the controller's clock
 * restarted by a new game, records (the start position survives a save),
 * and several threads using one session. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "ai/engine.h"
#include "session.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static char tmpdir[256];
static char err[SESSION_ERR_MAX];

static session *new_session(const char *name, int argc, char **argv)
{
    game *g = game_create(game_find(name), argc, argv, err, sizeof err);
    session *s = session_new(g, err, sizeof err);
    CHECK(s != NULL);
    return s;
}

static const char *moves(session *s)
{
    static char buf[4096];
    strbuf b = STRBUF_INIT;
    CHECK_INT(session_moves_text(s, &b), 0);
    snprintf(buf, sizeof buf, "%s", strbuf_str(&b));
    strbuf_free(&b);
    return buf;
}

static void test_play_and_refusals(void)
{
    session *s = new_session("loa", 0, NULL);
    char buf[64];
    CHECK_INT(session_play(s, 1, "a6-c4", 0, err, sizeof err), -1);
    CHECK_STR(err, "white is not to move (black is)");
    CHECK_INT(session_play(s, -1, "c8-c5", 0, err, sizeof err), -1);
    CHECK(strncmp(err, "illegal move c8-c5", 18) == 0);
    CHECK_INT(session_ply(s), 0);
    CHECK_INT(session_play(s, 0, " C8-C6 ", 0, err, sizeof err), 1);
    session_last_turn(s, buf, sizeof buf);
    CHECK_STR(buf, "c8-c6");
    CHECK_INT(session_to_move(s), 1);
    CHECK_INT(session_play(s, -1, "a6-c4", 0, err, sizeof err), 1);
    CHECK_STR(moves(s), "c8-c6 a6-c4");
    CHECK_INT(session_resign(s, 0, err, sizeof err), 0);
    CHECK_INT(session_result(s, buf, sizeof buf), RESULT_SECOND);
    CHECK_STR(buf, "Black resigned");
    session_result_sgf(s, buf, sizeof buf);
    CHECK_STR(buf, "W+R");
    CHECK_INT(session_to_move(s), -1);
    CHECK_INT(session_play(s, -1, "b1-b3", 0, err, sizeof err), -1);
    CHECK_STR(err, "the game is over");
    CHECK_INT(session_resign(s, 1, err, sizeof err), -1);
    strbuf b = STRBUF_INIT;
    CHECK_INT(session_legal_moves_text(s, &b), 0);
    CHECK_STR(strbuf_str(&b), "");
    strbuf_free(&b);
    session_free(s);
}

/* Y's double variant: 1 stone, then 2 per turn.  A referee wants whole turns. */
static void test_whole_turns(void)
{
    char *opts[] = {"size=5", "variant=double"};
    session *s = new_session("y", 2, opts);
    char buf[64];
    CHECK_INT(session_play(s, -1, "c3", 0, err, sizeof err), 1);
    CHECK_INT(session_play(s, -1, "a1", SESSION_WHOLE_TURN, err, sizeof err), -1);
    CHECK_STR(err, "the turn is not complete");
    CHECK_INT(session_ply(s), 1);
    CHECK_INT(session_play(s, -1, "a1,c1", SESSION_WHOLE_TURN, err, sizeof err), 2);
    session_last_turn(s, buf, sizeof buf);
    CHECK_STR(buf, "a1,c1");
    CHECK_INT(session_play(s, -1, "e5", 0, err, sizeof err), 1); /* one step */
    CHECK_INT(session_to_move(s), 0);
    CHECK_INT(session_play(s, -1, "e3", 0, err, sizeof err), 1);
    CHECK_STR(moves(s), "c3 a1,c1 e5,e3");
    CHECK_INT(session_undo(s, 0, err, sizeof err), 1);
    CHECK_STR(moves(s), "c3 a1,c1");
    session_free(s);
}

/* A player's takeback after a resignation takes back the resignation
 * alone (it took the last turn with it); stepping back takes both. */
static void test_takeback_resignation(void)
{
    session *s = new_session("loa", 0, NULL);
    char why[GAME_ERR_MAX];
    CHECK_INT(session_set_player(s, SESSION_SECOND, "random:seed=3", err, sizeof err), 0);
    CHECK_INT(session_play(s, -1, "c8-c6", 0, err, sizeof err), 1);
    CHECK_INT(session_play(s, -1, "a6-c4", 0, err, sizeof err), 1);
    CHECK_INT(session_result_how(s), 0);
    CHECK_INT(session_resign(s, 0, err, sizeof err), 0);
    CHECK_INT(session_result_how(s), 'R');
    CHECK_INT(session_undo(s, SESSION_UNDO_TO_PERSON, err, sizeof err), 1);
    CHECK_INT(session_result(s, why, sizeof why), RESULT_NONE);
    CHECK_INT(session_result_how(s), 0);
    CHECK_STR(moves(s), "c8-c6 a6-c4");
    CHECK_INT(session_to_move(s), 0);
    /* White, the computer, resigns: the takeback goes on to Black's turn */
    CHECK_INT(session_play(s, -1, "b1-b3", 0, err, sizeof err), 1);
    CHECK_INT(session_resign(s, 1, err, sizeof err), 0);
    CHECK_INT(session_undo(s, SESSION_UNDO_TO_PERSON, err, sizeof err), 2);
    CHECK_STR(moves(s), "c8-c6 a6-c4");
    CHECK_INT(session_result(s, why, sizeof why), RESULT_NONE);
    /* a plain takeback stops with the resignation */
    CHECK_INT(session_play(s, -1, "b1-b3", 0, err, sizeof err), 1);
    CHECK_INT(session_resign(s, 1, err, sizeof err), 0);
    CHECK_INT(session_undo(s, SESSION_UNDO_TAKEBACK, err, sizeof err), 1);
    CHECK_STR(moves(s), "c8-c6 a6-c4 b1-b3");
    CHECK_INT(session_to_move(s), 1);
    /* stepping back drops the resignation with the turn */
    CHECK_INT(session_resign(s, 1, err, sizeof err), 0);
    CHECK_INT(session_undo(s, 0, err, sizeof err), 1);
    CHECK_STR(moves(s), "c8-c6 a6-c4");
    CHECK_INT(session_result(s, why, sizeof why), RESULT_NONE);
    session_free(s);
}

/* How an end off the board came, for front ends that treat each its own
 * way: a record's bare result says nothing; a win on the board is none. */
static void test_result_how(void)
{
    session *s = new_session("y", 0, NULL);
    CHECK_INT(session_from_sgf(s, "(;FF[4]QG[y]QO[size=3]RE[W+];B[b2])", -1, err, sizeof err), 0);
    CHECK_INT(session_result_how(s), '?');
    const char *won = "(;FF[4]QG[y]QO[size=3 pie=0];B[a1];W[c3];B[b1];W[c2];B[c1])";
    CHECK_INT(session_from_sgf(s, won, -1, err, sizeof err), 0);
    CHECK_INT(session_result(s, NULL, 0), RESULT_FIRST);
    CHECK_INT(session_result_how(s), 0);
    session_free(s);
}

static atomic_int reports;
static void on_report(void *arg, const engine_progress *p)
{
    (void)arg, (void)p;
    atomic_fetch_add(&reports, 1);
}

/* An analysis of an earlier position: its best move is legal there, and
 * the game stays as it was; a finished game's past positions too. */
static void test_analyze_at(void)
{
    session *s = new_session("loa", 0, NULL), *start = new_session("loa", 0, NULL);
    session_hooks h = {.progress = on_report, .progress_ms = 10};
    CHECK_INT(session_play(s, -1, "b1-b3", 0, err, sizeof err), 1);
    CHECK_INT(session_analyze_at(s, 2, &h, err, sizeof err), -1);
    CHECK_STR(err, "no position after 2 moves: the game has 1");
    CHECK_INT(session_resign(s, 1, err, sizeof err), 0);
    CHECK_INT(session_analyze_at(s, 1, &h, err, sizeof err), -1);
    CHECK_STR(err, "the game is over");
    CHECK_INT(session_analyze_at(s, 0, &h, err, sizeof err), 0);
    for (int i = 0; i < 500 && atomic_load(&reports) < 1; i++) /* 5 s at most */
        nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    strbuf b = STRBUF_INIT;
    CHECK_INT(session_analyze_stop(s, &b, err, sizeof err), 0);
    char best[GAME_MOVE_TEXT_MAX];
    snprintf(best, sizeof best, "%.*s", (int)strcspn(strbuf_str(&b), "\n"), strbuf_str(&b));
    strbuf_free(&b);
    CHECK_INT(session_play(start, -1, best, 0, err, sizeof err), 1); /* Black's, at the start */
    CHECK_INT(session_ply(s), 1);
    CHECK_STR(moves(s), "b1-b3");
    session_free(s);
    session_free(start);
}

static void test_new_game_and_options(void)
{
    session *s = new_session("y", 0, NULL);
    char buf[GAME_TEXT_MAX];
    CHECK_INT(session_set_option(s, "size", "7", err, sizeof err), 0);
    session_options_text(s, buf, sizeof buf);
    CHECK(strstr(buf, "size=7") != NULL);
    CHECK_INT(session_set_option(s, "size", "99", err, sizeof err), -1);
    session_options_text(s, buf, sizeof buf);
    CHECK(strstr(buf, "size=7") != NULL); /* unchanged */
    CHECK_INT(session_new_game(s, "chess", 0, NULL, err, sizeof err), -1);
    CHECK(strncmp(err, "unknown game 'chess' (known: loa", 32) == 0);
    CHECK_INT(session_new_game(s, "lot", 0, NULL, err, sizeof err), 0);
    CHECK_STR(session_ops(s)->name, "lot");
    CHECK_INT(session_set_option(s, "frobs", "1", err, sizeof err), -1);
    session_free(s);
}

/* People and a computer: undo goes back to the person's turn. */
static void test_seats_and_computer(void)
{
    session *s = new_session("loa", 0, NULL);
    char turn[SESSION_TURN_MAX], who[SESSION_PLAYER_MAX];
    CHECK_INT(session_think_start(s, NULL, err, sizeof err), -1);
    CHECK_STR(err, "black is played by a person");
    CHECK_INT(session_set_player(s, SESSION_SECOND, "ai:level=1,seed=3", err, sizeof err), 0);
    CHECK_INT(session_set_player(s, SESSION_FIRST, "human:level=1", err, sizeof err), -1);
    CHECK_INT(session_set_player(s, SESSION_FIRST, "chess", err, sizeof err), -1);
    CHECK(session_is_human(s, 0) && !session_is_human(s, 1));
    session_player_text(s, SESSION_SECOND, who, sizeof who);
    CHECK(strncmp(who, "ai ", 3) == 0 && strstr(who, "level=1") && strstr(who, "seed=3"));
    CHECK_INT(session_play(s, -1, "c8-c6", 0, err, sizeof err), 1);
    CHECK_INT(session_think_start(s, NULL, err, sizeof err), 0);
    CHECK_INT(session_play(s, -1, "a6-c4", 0, err, sizeof err), -1);
    CHECK_STR(err, "the computer is thinking");
    CHECK_INT(session_set_player(s, SESSION_SECOND, "random", err, sizeof err), -1);
    CHECK_INT(session_think_finish(s, 1, turn, sizeof turn, err, sizeof err), 0);
    CHECK_INT(session_ply(s), 2);
    CHECK_INT(session_think_finish(s, 1, turn, sizeof turn, err, sizeof err), -1);
    CHECK_STR(err, "no computer turn was started");
    CHECK_INT(session_undo(s, SESSION_UNDO_TO_PERSON, err, sizeof err), 2);
    CHECK_INT(session_ply(s), 0);
    CHECK_INT(session_undo(s, SESSION_UNDO_TO_PERSON, err, sizeof err), 0);
    CHECK_STR(err, "no move to take back");
    /* one engine for both sides; then the first side becomes a person and
     * the second keeps a copy with the same settings */
    CHECK_INT(session_set_player(s, SESSION_BOTH, "random:seed=7", err, sizeof err), 0);
    CHECK_INT(session_set_setting(s, SESSION_BOTH, "seed", "8", err, sizeof err), 0);
    CHECK_INT(session_set_player(s, SESSION_FIRST, "human", err, sizeof err), 0);
    session_player_text(s, SESSION_SECOND, who, sizeof who);
    CHECK(strncmp(who, "random seed=8", 13) == 0);
    CHECK_INT(session_set_kind(s, SESSION_SECOND, "ai", err, sizeof err), 0);
    session_settings_text(s, SESSION_SECOND, who, sizeof who);
    CHECK(strstr(who, "seed=8") != NULL);
    CHECK_INT(session_set_setting(s, SESSION_FIRST, "seed", "1", err, sizeof err), -1);
    CHECK_STR(err, "a person has no engine settings");
    session_free(s);
}

/* The record names a computer player with every setting it played with
 * (MCTS's run past a hundred bytes; they were once cut mid-setting). */
static void test_record_names_engine(void)
{
    session *s = new_session("y", 0, NULL);
    char turn[SESSION_TURN_MAX], settings[SESSION_PLAYER_MAX], want[SESSION_PLAYER_MAX + 32];
    CHECK_INT(session_set_player(s, SESSION_SECOND, "ai:iterations=50", err, sizeof err), 0);
    CHECK_INT(session_play(s, -1, "e5", 0, err, sizeof err), 1);
    CHECK_INT(session_think_start(s, NULL, err, sizeof err), 0);
    CHECK_INT(session_think_finish(s, 1, turn, sizeof turn, err, sizeof err), 0);
    session_settings_text(s, SESSION_SECOND, settings, sizeof settings);
    CHECK(strlen(settings) > 100 && strstr(settings, "iterations=50") != NULL);
    snprintf(want, sizeof want, "PW[quartet ai %s]", settings);
    strbuf b = STRBUF_INIT;
    CHECK_INT(session_to_sgf(s, &b, err, sizeof err), 0);
    CHECK_HAS(strbuf_str(&b), want);
    strbuf_free(&b);
    session_free(s);
}

static atomic_int done_calls, progress_calls, final_calls, pv_ok;
static void on_done(void *arg)
{
    (void)arg;
    atomic_fetch_add(&done_calls, 1);
}

static void on_progress(void *arg, const engine_progress *p)
{
    (void)arg;
    atomic_fetch_add(&progress_calls, 1);
    if (p->final)
        atomic_fetch_add(&final_calls, 1);
    if (p->ncand > 0 && p->npv > 0 && p->pv[0] == p->cand[0].move)
        atomic_store(&pv_ok, 1);
}

/* "Move now" ends a long search at once, with a legal turn. */
static void test_stop(void)
{
    session *s = new_session("loa", 0, NULL);
    char turn[SESSION_TURN_MAX];
    CHECK_INT(session_set_player(s, SESSION_BOTH, "ai:iterations=100000000", err, sizeof err),
              0);
    session_hooks h = {.done = on_done};
    int64_t t0 = util_now_ms();
    CHECK_INT(session_think_start(s, &h, err, sizeof err), 0);
    CHECK_INT(session_thinking(s), 1);
    struct timespec ts = {0, 50 * 1000 * 1000};
    nanosleep(&ts, NULL);
    session_think_stop(s);
    CHECK_INT(session_think_finish(s, 0, turn, sizeof turn, err, sizeof err), 0);
    CHECK(util_now_ms() - t0 < 5000);
    CHECK_INT(atomic_load(&done_calls), 1);
    CHECK_INT(session_ply(s), 0); /* not played */
    CHECK_INT(session_play(s, -1, turn, 0, err, sizeof err), 1);
    /* analysis: the analyst searches without playing */
    CHECK_INT(session_set_player(s, SESSION_ANALYST, "ai:seed=2", err, sizeof err), 0);
    CHECK_INT(session_analyze_stop(s, &(strbuf)STRBUF_INIT, err, sizeof err), -1);
    CHECK_STR(err, "no analysis is running");
    session_hooks ha = {.done = on_done, .progress = on_progress, .progress_ms = 10};
    CHECK_INT(session_analyze_start(s, &ha, err, sizeof err), 0);
    CHECK_INT(session_think_start(s, NULL, err, sizeof err), -1);
    CHECK_STR(err, "the analysis is running");
    for (int i = 0; i < 500 && atomic_load(&progress_calls) < 3; i++) /* 5 s at most */
        nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    strbuf b = STRBUF_INIT;
    CHECK_INT(session_analyze_stop(s, &b, err, sizeof err), 0);
    CHECK(strchr(strbuf_str(&b), '\n') && strstr(strbuf_str(&b), "iterations"));
    strbuf_free(&b);
    CHECK_INT(atomic_load(&done_calls), 2);
    CHECK(atomic_load(&progress_calls) >= 4); /* 3 while running, the final one */
    CHECK_INT(atomic_load(&final_calls), 1);
    CHECK_INT(atomic_load(&pv_ok), 1);
    CHECK_INT(session_ply(s), 1);
    /* free with a search running: stopped and joined */
    CHECK_INT(session_think_start(s, NULL, err, sizeof err), 0);
    session_free(s);
}

/* The clock the session keeps: a flag fall ends the game. */
static void test_clock(void)
{
    session *s = new_session("loa", 0, NULL);
    session_clock c;
    char why[GAME_ERR_MAX];
    CHECK_INT(session_set_clock(s, 60000, 2000, err, sizeof err), 0);
    CHECK_INT(session_play(s, -1, "c8-c6", 0, err, sizeof err), 1);
    session_clock_state(s, &c);
    CHECK_INT(c.kind, 2);
    CHECK_INT(c.running, 1);
    CHECK(c.left_ms[0] > 61000 && c.left_ms[0] <= 62000); /* increment added */
    CHECK(c.left_ms[1] > 59000 && c.left_ms[1] <= 60000);
    CHECK_INT(session_set_clock(s, 30, 0, err, sizeof err), 0);
    struct timespec ts = {0, 80 * 1000 * 1000};
    nanosleep(&ts, NULL);
    CHECK_INT(session_play(s, -1, "a6-c4", 0, err, sizeof err), -1);
    CHECK_STR(err, "the game is over");
    CHECK_INT(session_result(s, why, sizeof why), RESULT_FIRST);
    CHECK_STR(why, "White lost on time");
    CHECK_INT(session_result_how(s), 'T');
    session_clock_state(s, &c);
    CHECK_INT(c.running, -1);
    CHECK_INT(c.left_ms[1], 0);
    CHECK_INT(session_set_clock(s, -1, 0, err, sizeof err), -1);
    /* a loss on time is final: a player's takeback is refused, stepping
     * back through the record is not */
    CHECK_INT(session_undo(s, SESSION_UNDO_TAKEBACK, err, sizeof err), -1);
    CHECK_STR(err, "the game is over (White lost on time): that cannot be taken back");
    CHECK_INT(session_undo(s, SESSION_UNDO_TO_PERSON, err, sizeof err), -1);
    CHECK_INT(session_result(s, why, sizeof why), RESULT_FIRST);
    CHECK_INT(session_ply(s), 1);
    CHECK_INT(session_undo(s, 0, err, sizeof err), 1);
    CHECK_INT(session_result(s, why, sizeof why), RESULT_NONE);
    CHECK_INT(session_ply(s), 0);
    session_free(s);
}

/* The controller's clock (GTP time_settings, time_left): a new game
 * starts both sides from the time settings again (the last game's time
 * left once cut every move of the next one short). */
static void test_advisory_clock_restarts(void)
{
    session *s = new_session("loa", 0, NULL);
    session_clock c;
    CHECK_INT(session_set_advisory_clock(s, 20000, 0, 0, err, sizeof err), 0);
    CHECK_INT(session_time_left(s, 0, 0, 0, err, sizeof err), 0);
    CHECK_INT(session_time_left(s, 1, 1500, 0, err, sizeof err), 0);
    CHECK_INT(session_new_game(s, NULL, 0, NULL, err, sizeof err), 0);
    session_clock_state(s, &c);
    CHECK_INT(c.kind, 1);
    CHECK_INT(c.left_ms[0], 20000);
    CHECK_INT(c.left_ms[1], 20000);
    CHECK_INT(session_set_advisory_clock(s, 0, 3000, 2, err, sizeof err), 0);
    CHECK_INT(session_time_left(s, 1, 100, 1, err, sizeof err), 0);
    CHECK_INT(session_new_game(s, "y", 0, NULL, err, sizeof err), 0);
    session_clock_state(s, &c);
    CHECK_INT(c.left_ms[1], 3000);
    session_free(s);
}

/* Load a record with a start position, play, save: the file still loads
 * and replays (it once lost QP[] and named moves from the wrong start). */
static void test_start_position_survives(void)
{
    char path[512], sgf[GAME_TEXT_MAX + 64], pos[GAME_TEXT_MAX];
    snprintf(path, sizeof path, "%s/qp.sgf", tmpdir);
    session *s = new_session("loa", 0, NULL);
    CHECK_INT(session_play(s, -1, "c8-c6", 0, err, sizeof err), 1);
    session_position_text(s, pos, sizeof pos);
    snprintf(sgf, sizeof sgf, "(;FF[4]GM[9]SZ[8]QG[loa]QP[%s])", pos);
    CHECK_INT(session_from_sgf(s, sgf, -1, err, sizeof err), 0);
    CHECK_INT(session_ply(s), 0);
    CHECK_INT(session_to_move(s), 1);
    CHECK_INT(session_play(s, -1, "a6-c4", 0, err, sizeof err), 1);
    CHECK_INT(session_save(s, path, err, sizeof err), 0);
    CHECK_INT(session_new_game(s, NULL, 0, NULL, err, sizeof err), 0);
    CHECK_INT(session_load(s, path, -1, err, sizeof err), 0);
    CHECK_STR(moves(s), "a6-c4");
    CHECK_INT(session_play(s, -1, "c6-a6", 0, err, sizeof err), 1);
    strbuf b = STRBUF_INIT;
    CHECK_INT(session_to_sgf(s, &b, err, sizeof err), 0);
    CHECK(strstr(strbuf_str(&b), "QP[") != NULL);
    CHECK(strstr(strbuf_str(&b), ";W[a6-c4]\n;B[c6-a6]") != NULL);
    strbuf_free(&b);
    CHECK_INT(session_load(s, "/nonexistent/x.sgf", -1, err, sizeof err), -1);
    CHECK_STR(moves(s), "a6-c4 c6-a6"); /* a failed load changes nothing */
    session_free(s);
}

/* A server thread reads while the game goes on elsewhere. */
static atomic_int stop_readers;
static void *reader(void *arg)
{
    session *s = arg;
    char pos[GAME_TEXT_MAX], board[GAME_RENDER_MAX];
    while (!atomic_load(&stop_readers)) {
        session_position_text(s, pos, sizeof pos);
        session_render(s, 1, board, sizeof board);
        strbuf b = STRBUF_INIT;
        session_legal_moves_text(s, &b);
        strbuf_free(&b);
    }
    return NULL;
}

static void test_threads(void)
{
    session *s = new_session("lot", 0, NULL);
    char turn[SESSION_TURN_MAX];
    pthread_t t;
    CHECK_INT(session_set_player(s, SESSION_BOTH, "random:seed=5", err, sizeof err), 0);
    pthread_create(&t, NULL, reader, s);
    for (int i = 0; i < 40 && session_to_move(s) >= 0; i++) {
        CHECK_INT(session_think_start(s, NULL, err, sizeof err), 0);
        CHECK_INT(session_think_finish(s, 1, turn, sizeof turn, err, sizeof err), 0);
    }
    atomic_store(&stop_readers, 1);
    pthread_join(t, NULL);
    CHECK(session_ply(s) > 0);
    session_free(s);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/quartet-session-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 1;
    RUN(test_play_and_refusals);
    RUN(test_whole_turns);
    RUN(test_new_game_and_options);
    RUN(test_seats_and_computer);
    RUN(test_takeback_resignation);
    RUN(test_result_how);
    RUN(test_record_names_engine);
    RUN(test_stop);
    RUN(test_analyze_at);
    RUN(test_clock);
    RUN(test_advisory_clock_restarts);
    RUN(test_start_position_survives);
    RUN(test_threads);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0)
        return 1;
    return check_summary("test_session");
}
