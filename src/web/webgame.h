/*
 * webgame.h - the games the web server plays: one session (session.h) per
 * game with an id, its seats (a person with a secret token, or the computer
 * at a level or a time per move), stored in SQLite after every change and
 * resumed at start.  Computer turns and analyses run in the session's search
 * thread; a runner thread joins finished searches, stores their moves and
 * starts the next computer turn.  Every change is published as a live
 * "state" event; the search reports "thinking" and "analysis" events.
 *
 * Calls return an HTTP status (200, 201, 202 or a 4xx with a message in err)
 * and the JSON answer in *out.
 */
#ifndef QUARTET_WEBGAME_H
#define QUARTET_WEBGAME_H

#include "web/webstore.h"

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

typedef struct webgame webgame;

#define WEBGAME_ID_LEN 16    /* hex digits of a game id (64 random bits) */
#define WEBGAME_TOKEN_LEN 32 /* hex digits of a seat token (128 random bits) */
#define WEBGAME_MAX_DEFAULT 1000

typedef struct webgame_seat {
    int computer; /* 0: a person */
    int level;    /* 1..10, or 0 with ms */
    int ms;       /* time per move, 0 with level */
    int ponder;   /* thinks on the opponent's time (searchers that can) */
    int beginner; /* a beginner's look one move ahead (random:careful=1), no level or ms */
    int invited;  /* a person invited by link: plays on a screen of their own */
} webgame_seat;

/* At most this many games think on their opponent's time at once: each
 * ponder keeps a core busy while a person thinks. */
#define WEBGAME_PONDER_MAX 4

/* Load every stored game (and start the computers whose turn it is) and the
 * runner thread.  0, or -1 with err. */
int webgame_start(webstore *st, int max_games, char *err, size_t errlen);
/* Stop the runner and every search (a computer's move not yet made is
 * searched again at the next start); requests still work but start no
 * search.  The first step of a stop, while HTTP threads may still run. */
void webgame_halt(void);
/* Halt, then free every game (no request may be running). */
void webgame_stop(void);

webgame *webgame_find(const char *id);
int webgame_count(void);

/* A game's clock: base_ms per player (0: none), inc_ms added after each turn. */
typedef struct webgame_clock {
    int64_t base_ms, inc_ms;
} webgame_clock;

/* New game: name + options (a JSON object), or an SGF record's text. */
int webgame_create(const char *name, json_t *options, const char *sgf,
                   const webgame_seat seats[2], webgame_clock clock, json_t **out, char *err,
                   size_t errlen);

/* What each level of the computer means in a game with these options
 * (its ladder), for the start page: {"levels": [{"level": 1, "text": "50
 * iterations a move, 70 % of the moves at random"}, ...], "default": 8}. */
int webgame_levels(const char *name, json_t *options, json_t **out, char *err, size_t errlen);

/* The seat whose token this is: 0/1; -1 no token given; -2 a wrong token. */
int webgame_seat_of(webgame *w, const char *token);

int webgame_state(webgame *w, int you, int view_ply, json_t **out, char *err, size_t errlen);
int webgame_play(webgame *w, int you, const char *move, json_t **out, char *err, size_t errlen);
/* Take back seat you's last turn; in a game of two people apart (both
 * seats people, one invited) only offer it: 202, and nothing changes. */
int webgame_undo(webgame *w, int you, json_t **out, char *err, size_t errlen);
/* Seat you answers the takeback offered: the other seat accepts (1) or
 * declines (0), the offerer cancels (0). */
int webgame_takeback(webgame *w, int you, int accept, json_t **out, char *err, size_t errlen);
int webgame_computer(webgame *w, int you, const webgame_seat *how, json_t **out, char *err,
                     size_t errlen);
int webgame_resign(webgame *w, int you, json_t **out, char *err, size_t errlen);
/* Analyse the position after ply moves (-1: the last) for ms; a running
 * analysis is replaced. */
int webgame_analyse(webgame *w, int ply, int ms, json_t **out, char *err, size_t errlen);
int webgame_analysis(webgame *w, json_t **out, char *err, size_t errlen);
/* The record as SGF text (caller frees), NULL with err. */
char *webgame_sgf(webgame *w, char *err, size_t errlen);
/* The state as text for a new live-update stream of seat you. */
char *webgame_state_text(webgame *w, int you);

#endif
