/*
 * webstore.h - the web server's games in SQLite (WAL): one row per game with
 * its record as SGF text, its seats, its seat tokens and its clock.  A write
 * is committed (synchronous=FULL) before the caller answers, so a crash or a
 * restart loses nothing.
 */
#ifndef QUARTET_WEBSTORE_H
#define QUARTET_WEBSTORE_H

#include <stddef.h>
#include <stdint.h>

typedef struct webstore webstore;

/* One stored game; the texts are owned by the store's caller (load) or
 * borrowed (save). */
typedef struct webstore_row {
    const char *id;
    const char *sgf;
    const char *seats;  /* JSON array, as webgame writes it */
    const char *tokens; /* "TOKEN0 TOKEN1" ("-" for a computer seat) */
    int64_t clock_ms;
    int64_t left_ms[2]; /* what each side's clock had left; -1: full time */
    int64_t inc_ms;     /* the clock's increment a turn */
    int64_t updated;    /* when it was stored, seconds since 1970 */
} webstore_row;

/* Open or create the database at path (its directory is created).  NULL
 * with err on failure, also when the file cannot be written. */
webstore *webstore_open(const char *path, char *err, size_t errlen);
void webstore_close(webstore *st);
/* Insert or replace a game; 0, or -1 with err (nothing changed). */
int webstore_save(webstore *st, const webstore_row *row, char *err, size_t errlen);
/* Call fn for every stored game, oldest first; returns the count or -1. */
int webstore_each(webstore *st, void (*fn)(void *arg, const webstore_row *row), void *arg,
                  char *err, size_t errlen);
/* The default database file: $XDG_DATA_HOME/quartet/games.db, else
 * $HOME/.local/share/quartet/games.db.  -1 if neither is set. */
int webstore_default_path(char *buf, size_t len);

#endif
