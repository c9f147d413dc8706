/*
 * webjson.h - the JSON the web page reads: the catalogue of games with their
 * options, and a game's state with its board description and the click
 * paths of its legal moves (docs/API.md).  Built only from game_ops, so a
 * new game needs nothing here.
 */
#ifndef QUARTET_WEBJSON_H
#define QUARTET_WEBJSON_H

#include "game.h"

#include <jansson.h>
#include <stdint.h>

/* What a state is made of, gathered by the caller under its game's lock. */
typedef struct webjson_info {
    const char *id;
    const game *g;       /* the game with its moves */
    int result;          /* enum game_result, off-board results included */
    const char *reason;
    json_t *seats;       /* borrowed */
    int you;             /* seat of the token used, -1: none */
    int thinking;
    int pondering;       /* the computer thinks on the person's time */
    int clock;           /* 0: none */
    int64_t base_ms, inc_ms; /* the clock's time control */
    int64_t left_ms[2];
    int running;         /* -1: none */
    int view_ply;        /* the board after this many moves; -1: the last */
    int undo[2];         /* each seat's takeback would take something back now */
    int apart;           /* two people on their own screens (webgame.c) */
    int offer;           /* the seat offering a takeback, -1: none */
    int64_t updated;     /* when the game last changed as stored, seconds since 1970 */
} webjson_info;

json_t *webjson_state(const webjson_info *in);
json_t *webjson_catalog(void);
/* A legal move's click path (docs/API.md, "moves"); [] without the hook. */
json_t *webjson_clicks(const game *g, qmove m);
/* A move's text, or "" when m is none. */
void webjson_move_text(const game *g, qmove m, char *buf, size_t len);
/* Dump without spaces, reals to 6 significant digits; caller frees.  NULL: no memory. */
char *webjson_dump(const json_t *j);
/* A JSON string of text whose invalid UTF-8 bytes (an input's byte quoted
 * in an error, a message cut short mid-character) become '?'. */
json_t *webjson_text(const char *text);

#endif
