/*
 * record.h - a game with what a record keeps beside the moves: the start
 * position when it was set as text, player names, date, a result reached
 * off the board (resignation, time, forfeit) and one comment per move;
 * saved and loaded as SGF.  Shared by GTP, the terminal game, the match
 * runner and the web front end; knows no game's rules.
 *
 * SGF mapping (every game): first player's turns are B[], second player's
 * W[]; a turn of several moves is one node with the tokens comma-joined.
 * Root: FF[4] CA[UTF-8] AP[quartet:VERSION], GM[] and SZ[] when the game has
 * SGF numbers (LOA: GM[9] SZ[8]), and quartet's private properties
 *   QG[game name]   QO[options, "name=value ..."]   QP[start position text]
 * plus PB PW DT RE.  Moves use the game's SGF syntax when it has one (LOA:
 * c8-c6, c8:a6), else the protocol's tokens.  A move's comment is C[].
 */
#ifndef QUARTET_RECORD_H
#define QUARTET_RECORD_H

#include "game.h"
#include "strbuf.h"

/* A record file or text is at most this many bytes (see also sgf.h). */
#define RECORD_MAX_BYTES (4 << 20)
/* A player's name (PB, PW) is shorter than this: room for an engine's
 * whole settings ("quartet ai seed=1 level=7 ..."). */
#define RECORD_PLAYER_MAX 512

typedef struct record {
    game *g;
    char *start;          /* position text the game started from; NULL: the usual start */
    char player[2][RECORD_PLAYER_MAX]; /* PB, PW ("" unknown) */
    char date[32];        /* DT, YYYY-MM-DD */
    int off_board;        /* result not reached on the board (enum game_result), or 0 */
    char off_how;         /* 'R' resignation, 'T' time, 'F' forfeit, 0 unspecified */
    char **note;          /* note[i]: comment on move i (NULL: none) */
    qmove *note_move;     /* the move note[i] was written for (stale notes are skipped) */
    int note_cap;
} record;

/* A record around g (taken over), dated today.  NULL when out of memory. */
record *record_new(game *g);
void record_free(record *r);

/* Play a whole turn or one step of it ("h2,j4"), all or nothing. */
int record_play_text(record *r, const char *text, char *err, size_t errlen);
/* Make a legal move, with an optional comment: 0, or -1 when memory is
 * short for the game's history (nothing changed). */
int record_make(record *r, qmove m, const char *comment);
/* Undo the last whole turn; the number of moves undone (0 at the start). */
int record_undo_turn(record *r);
/* Replace the position by text (history cleared); on error nothing changes. */
int record_set_position(record *r, const char *text, char *err, size_t errlen);
/* The comment on move i (0-based), or NULL. */
const char *record_note(const record *r, int i);
/* Mark the game as ended off the board: winner (RESULT_FIRST/SECOND/DRAW) and how. */
void record_set_off_board(record *r, int result, char how);

/* The result: the game's own, else one set off the board (enum game_result). */
int record_result(const record *r);
/* Why, in words ("Black connects all pieces", "White resigned"); "" if none. */
void record_result_reason(const record *r, char *buf, size_t len);
/* The result in SGF form: "B+", "W+R", "Draw", or "" while the game goes on. */
void record_result_sgf(const record *r, char *buf, size_t len);

/* The moves as turns, space-separated ("c8-c6 a6-c4", "h2,j4 ..."),
 * appended to out; -1 when out of memory. */
int record_moves_text(const record *r, strbuf *out);

/* SGF text (malloc'd), or NULL when out of memory. */
char *record_to_sgf(const record *r);
/* Build a record from SGF text, playing at most max_turns move nodes (-1:
 * all).  NULL with "line N: reason" for text that is not SGF, names an
 * unknown game, has bad options or position, or holds an illegal move. */
record *record_from_sgf(const char *text, int max_turns, char *err, size_t errlen);

/* Save atomically (an older file survives a failed write); 0 or -1 with err. */
int record_save(const record *r, const char *path, char *err, size_t errlen);
record *record_load(const char *path, int max_turns, char *err, size_t errlen);

#endif
