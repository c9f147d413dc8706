/*
 * session.h - one game being played, as every front end sees it: GTP, the
 * terminal game, the match referee and the web server are translators over
 * this API and hold no game state of their own.
 *
 * A session owns
 *  - a game record (record.h): the game, the position it started from, the
 *    moves with their comments, player names and an off-board result, so a
 *    saved record always replays;
 *  - two seats, each a person or an engine (kind + settings, engine.h),
 *    plus an analyst engine used by analysis;
 *  - a clock (timectl.h), off unless set: either advisory (the controller
 *    keeps time and only tells us, as in GTP; it sets the engine's budget)
 *    or kept by the session (base + increment per side; a flag fall ends
 *    the game, lost on time);
 *  - at most one running search (think.h worker thread): a computer turn
 *    or an analysis.
 *
 * Threads.  Every session_* call locks the session's mutex for its whole
 * duration, so any thread may call any function (a web server's threads,
 * a front end's main loop).  While a search runs, only queries,
 * session_think_stop, session_think_finish, session_analyze_stop and
 * session_free are accepted; every call that would change the game, a
 * seat or the clock is refused with "the computer is thinking".
 * Callbacks (session_hooks) run on the search's worker thread WITHOUT the
 * lock; they must not call any session_* function (session_think_finish
 * joins that very thread and would wait forever): they only hand the news
 * to another thread (write to a pipe, signal a condition variable).
 *
 * Errors.  Functions that can fail return -1 (or NULL) with a message in
 * err (SESSION_ERR_MAX is enough for every message) and change nothing.
 * Out of memory is such an error; nothing here exits.
 *
 * Sizes.  Texts with a stated bound are written to caller buffers of that
 * size (GAME_TEXT_MAX, GAME_RENDER_MAX, GAME_ERR_MAX, SESSION_PLAYER_MAX);
 * texts without a bound (moves so far, legal moves, SGF) go to a strbuf.
 */
#ifndef QUARTET_SESSION_H
#define QUARTET_SESSION_H

#include "game.h"
#include "strbuf.h"

#include <stdint.h>

typedef struct session session;
struct engine_progress; /* the searcher's root statistics (ai/engine.h) */

#define SESSION_ERR_MAX 1024
#define SESSION_PLAYER_MAX 1024 /* "ai level=3 ms=0 ..." */
#define SESSION_TURN_MAX 4096   /* one turn as text, comma-joined tokens */
#define SESSION_SEARCH_MAX 16384 /* the last search's report, a line for each move of its turn */

/* Seats: the two sides, both at once, or the analyst. */
enum { SESSION_FIRST = 0, SESSION_SECOND = 1, SESSION_BOTH = 2, SESSION_ANALYST = 3 };

/* Called on the worker thread; see "Threads" above. */
typedef struct session_hooks {
    void (*done)(void *arg); /* the search is over: call session_think_finish elsewhere */
    /* the searcher's root statistics (engine.h), every progress_ms while it
     * searches (0: only the last one, p->final set); p is valid during the
     * call only; NULL: none */
    void (*progress)(void *arg, const struct engine_progress *p);
    void *arg;
    int progress_ms;
} session_hooks;

/* ---- life ---- */

/* A session for g (taken over; freed on failure too), both seats people,
 * no clock.  NULL with err when out of memory. */
session *session_new(game *g, char *err, size_t errlen);
/* Stops and joins a running search first. */
void session_free(session *s);

/* ---- the game ---- */

/* New game: name NULL keeps the game and its options (a fresh start),
 * else the game called name with options "opt=value" (argc words).
 * Names, clock settings and seats stay; an off-board result goes. */
int session_new_game(session *s, const char *name, int argc, char *const *argv, char *err,
                     size_t errlen);
/* New game with one option changed and the others kept (size=11). */
int session_set_option(session *s, const char *name, const char *value, char *err,
                       size_t errlen);
/* Replace the position by its text; the record starts there. */
int session_set_position(session *s, const char *text, char *err, size_t errlen);

/* Flags for session_play. */
#define SESSION_WHOLE_TURN 1 /* refuse a part of a multi-stone turn */

/* Play a turn given as text ("c8-c6", "h2,j4", or one step of a multi-stone
 * turn) for colour (0/1, or -1: whoever is to move).  All or nothing.
 * Refused after the end, out of turn ("black is not to move (white is)"),
 * while the computer thinks, or when the seat's clock has run out (which
 * ends the game).  The game's own message is passed on as it is
 * ("illegal move c8-c5: ...").  Returns the number of moves made; the
 * canonical text of what was played is then session_last_turn(). */
int session_play(session *s, int colour, const char *text, int flags, char *err,
                 size_t errlen);

/* How session_undo takes back (flags; 0: the last whole turn, a result
 * reached off the board going with it, as stepping through a record does). */
enum {
    /* a player's takeback: a resignation (or a result a record gave) is
     * taken back alone and the game goes on; a loss on time or a
     * forfeit is final */
    SESSION_UNDO_TAKEBACK = 1,
    /* a player's takeback, then on back over the computer's turns to a
     * turn a person is to play */
    SESSION_UNDO_TO_PERSON = 2,
};
/* Take back as flags say.  Returns what was taken back, a whole turn or a
 * result counting one each (0: nothing, with the reason in err; -1 while
 * the computer thinks). */
int session_undo(session *s, int flags, char *err, size_t errlen);
/* colour (0/1) resigns: the other side wins off the board. */
int session_resign(session *s, int colour, char *err, size_t errlen);

/* ---- seats ---- */

/* seat (SESSION_FIRST/SECOND/BOTH/ANALYST) becomes "human" or an engine
 * "KIND[:name=value,...]" ("ai:level=3", "random").  SESSION_BOTH gives
 * both sides one shared engine (as GTP has one player for both colours). */
int session_set_player(session *s, int seat, const char *spec, char *err, size_t errlen);
/* A new engine kind for seat, carrying over the settings it understands. */
int session_set_kind(session *s, int seat, const char *kind, char *err, size_t errlen);
/* One engine setting of seat (SESSION_BOTH: the engine of both sides). */
int session_set_setting(session *s, int seat, const char *name, const char *value, char *err,
                        size_t errlen);
/* 1 if a person holds the seat (0/1). */
int session_is_human(session *s, int seat);
/* What each level means for seat's computer in this game (its searcher's
 * budget and beginner's share of random moves, on the game's ladder), one
 * line a level, its own level marked with '*'.  0, or -1 with err (a
 * person, or a computer without levels). */
int session_levels_text(session *s, int seat, char *buf, size_t len, char *err, size_t errlen);
/* What seat's computer plays at its own level ("25000 nodes a move"), in
 * this game; 0, or -1 with buf empty (a person, a computer without
 * levels). */
int session_level_text(session *s, int seat, char *buf, size_t len);
/* "human", or "KIND name=value ..." (< SESSION_PLAYER_MAX). */
void session_player_text(session *s, int seat, char *buf, size_t len);
/* The engine's settings only, "level=5 ms=0 ..." ("" for a person). */
void session_settings_text(session *s, int seat, char *buf, size_t len);
/* Player name kept in the record (PB/PW); name "" forgets it. */
void session_set_name(session *s, int colour, const char *name);

/* ---- the computer's turn and analysis ---- */

/* Start the search for the whole turn of the side to move with its seat's
 * engine (refused if a person holds it, the game is over, or a search runs).
 * hooks may be NULL (then wait with session_think_finish). */
int session_think_start(session *s, const session_hooks *hooks, char *err, size_t errlen);
/* "Move now": the search ends as soon as it can, with a legal turn.
 * Safe from any thread; nothing happens without a running search. */
void session_think_stop(session *s);
/* Wait for the search to end, then play its turn with the engine's notes
 * as comments (play 0: do not play it, as GTP's reg_genmove).  The turn's
 * canonical text goes to turn (< SESSION_TURN_MAX).  -1 with err if no
 * search was started or it found no move. */
int session_think_finish(session *s, int play, char *turn, size_t turnlen, char *err,
                         size_t errlen);
/* 0 no search, 1 searching, 2 over and waiting for session_think_finish. */
int session_thinking(session *s);

/* Analysis: search the position with the analyst engine (default "ai")
 * without playing, with no limit until stopped (or solved).  Results come
 * through hooks->progress while it runs; _stop ends it and writes the best
 * move and the engine's one-line report, on two lines, to out. */
int session_analyze_start(session *s, const session_hooks *hooks, char *err, size_t errlen);
/* The same for the position after ply moves of the game (0..session_ply;
 * the game is not changed): a review's analysis.  Only the last position
 * is refused when the game is over. */
int session_analyze_at(session *s, int ply, const session_hooks *hooks, char *err,
                       size_t errlen);
int session_analyze_stop(session *s, strbuf *out, char *err, size_t errlen);

/* Pondering: after the computer's turn, its engine (ponder=1) thinks on
 * the opponent's time about the position the opponent faces, keeping its
 * tree for its next turn.  A front end starts it when it waits for the
 * opponent (GTP after genmove, the terminal while the person thinks).  It
 * is invisible to the other calls: session_thinking says 0, and every
 * call that changes the game, a seat or the clock (and any search) ends it
 * first.  Returns 1 if a ponder started, 0 if not (ponder off, a person or
 * nothing to ponder, a search running, the game over). */
int session_ponder_start(session *s);
void session_ponder_stop(session *s);
typedef struct session_ponder_info {
    int running;
    uint64_t searches;    /* ponders ended */
    uint64_t iterations;  /* their iterations together */
    uint64_t hits;        /* computer turns after a ponder that kept its tree */
    uint64_t misses;      /* ... that did not (another move, or the tree was too full) */
    uint64_t last_reused; /* root visits the last such turn kept */
} session_ponder_info;
void session_ponder_stats(session *s, session_ponder_info *out);

/* ---- clock ---- */

/* A clock kept by the session: base_ms per side, inc_ms added after each
 * turn; the side to move's time runs from the moment its turn begins;
 * running out ends the game (lost on time).  base_ms 0: no clock. */
int session_set_clock(session *s, int64_t base_ms, int64_t inc_ms, char *err, size_t errlen);
/* A kept clock resumed with what each side had left (e.g. after a
 * restart); the side to move's time runs from now. */
int session_resume_clock(session *s, const int64_t left_ms[2], char *err, size_t errlen);
/* The controller's clock, only told (GTP time_settings / time_left): it
 * sets the engine's time budget and never ends a game; a new game or a
 * loaded record starts both sides from the settings again.  byo_stones as
 * timectl_set. */
int session_set_advisory_clock(session *s, int64_t main_ms, int64_t byo_ms, int byo_stones,
                               char *err, size_t errlen);
int session_time_left(session *s, int colour, int64_t ms, int stones, char *err,
                      size_t errlen);

typedef struct session_clock {
    int kind;          /* 0 none, 1 advisory, 2 kept by the session */
    int64_t left_ms[2];/* now, with the running side's time already taken off */
    int64_t inc_ms;
    int running;       /* side whose time runs, or -1 */
} session_clock;
/* Reads the clock; a kept clock that ran out ends the game here too. */
void session_clock_state(session *s, session_clock *out);

/* ---- records ---- */

/* Load a record (max_turns move nodes, -1: all); refused while thinking. */
int session_load(session *s, const char *path, int max_turns, char *err, size_t errlen);
int session_save(session *s, const char *path, char *err, size_t errlen);
/* The record as SGF text, and from SGF text (for the web). */
int session_to_sgf(session *s, strbuf *out, char *err, size_t errlen);
int session_from_sgf(session *s, const char *text, int max_turns, char *err, size_t errlen);

/* ---- queries ---- */

const game_ops *session_ops(session *s);
/* "size=11 variant=standard" (< GAME_TEXT_MAX). */
void session_options_text(session *s, char *buf, size_t len);
/* Position text (< GAME_TEXT_MAX) and board drawing (< GAME_RENDER_MAX;
 * mark_last: the last turn's cells bracketed, game_render). */
void session_position_text(session *s, char *buf, size_t len);
void session_render(session *s, int mark_last, char *buf, size_t len);
/* Side to move, or -1 when the game is over. */
int session_to_move(session *s);
int session_ply(session *s);
/* enum game_result, including one reached off the board; the reason
 * ("Black connects all pieces", "White resigned") in buf (< GAME_ERR_MAX). */
int session_result(session *s, char *reason, size_t len);
/* How a result off the board came: 'R' a resignation, 'T' a loss on time,
 * 'F' a forfeit, '?' a record's result that does not say; 0 while the
 * game goes on or when it ended on the board. */
int session_result_how(session *s);
/* -1 with why in err when the game's end is one no takeback undoes (a
 * loss on time, a forfeit: session_undo refuses it so), else 0. */
int session_takeback_final(session *s, char *err, size_t errlen);
/* "B+", "W+R", "Draw", "" while the game goes on (< 32). */
void session_result_sgf(session *s, char *buf, size_t len);
/* The moves so far as turns, space-separated ("c8-c6 a6-c4"). */
int session_moves_text(session *s, strbuf *out);
/* The legal moves (one step of a turn), space-separated; "" when over. */
int session_legal_moves_text(session *s, strbuf *out);
/* The turn last played or taken by session_play / think_finish (< SESSION_TURN_MAX). */
void session_last_turn(session *s, char *buf, size_t len);
/* What the engine said of the last turn it chose (session_think_finish,
 * played or not): a line for each move, the searcher's report (the move,
 * its value, the iterations or nodes, the time, the principal variation);
 * "" before the first (< SESSION_SEARCH_MAX). */
void session_last_search(session *s, char *buf, size_t len);
/* A copy of the game for a front end's own reading (caller frees); NULL
 * when out of memory. */
game *session_game_copy(session *s);

#endif
