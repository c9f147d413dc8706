/* webstore.c - games in SQLite (see webstore.h). */
#define _POSIX_C_SOURCE 200809L
#include "web/webstore.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct webstore {
    sqlite3 *db;
};

static int fail(char *err, size_t errlen, const char *what, sqlite3 *db)
{
    snprintf(err, errlen, "%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
    return -1;
}

/* mkdir -p of the directory part of path. */
static int make_dirs(const char *path, char *err, size_t errlen)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        snprintf(err, errlen, "database path too long");
        return -1;
    }
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = 0;
    for (char *p = dir + 1; ; p++) {
        if (*p == '/' || *p == 0) {
            char c = *p;
            *p = 0;
            if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
                return -1;
            }
            *p = c;
            if (c == 0)
                break;
        }
    }
    return 0;
}

/* The clocks' time left and increment, added to a database made before
 * they were kept. */
static int add_clock_columns(sqlite3 *db, char **msg)
{
    static const char *const columns[] = {"left0 INTEGER NOT NULL DEFAULT -1",
                                          "left1 INTEGER NOT NULL DEFAULT -1",
                                          "inc_ms INTEGER NOT NULL DEFAULT 0"};
    for (int i = 0; i < 3; i++) {
        char sql[96];
        snprintf(sql, sizeof sql, "ALTER TABLE games ADD COLUMN %s", columns[i]);
        if (sqlite3_exec(db, sql, NULL, NULL, msg) != SQLITE_OK) {
            if (!strstr(*msg, "duplicate column"))
                return -1;
            sqlite3_free(*msg);
            *msg = NULL;
        }
    }
    return 0;
}

webstore *webstore_open(const char *path, char *err, size_t errlen)
{
    static const char *const schema =
        "PRAGMA journal_mode=WAL;"
        "PRAGMA synchronous=FULL;"
        "PRAGMA busy_timeout=5000;"
        "CREATE TABLE IF NOT EXISTS games ("
        " id TEXT PRIMARY KEY, created INTEGER NOT NULL, updated INTEGER NOT NULL,"
        " sgf TEXT NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL,"
        " clock_ms INTEGER NOT NULL DEFAULT 0);";
    if (make_dirs(path, err, errlen) != 0)
        return NULL;
    webstore *st = calloc(1, sizeof *st);
    if (!st) {
        fail(err, errlen, "database", NULL);
        return NULL;
    }
    int rc = sqlite3_open_v2(path, &st->db,
                             SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                             NULL);
    char *msg = NULL;
    if (rc == SQLITE_OK && sqlite3_db_readonly(st->db, "main") == 1) {
        snprintf(err, errlen, "database %s: cannot be written", path);
        webstore_close(st);
        return NULL;
    }
    if (rc == SQLITE_OK && sqlite3_exec(st->db, schema, NULL, NULL, &msg) == SQLITE_OK &&
        add_clock_columns(st->db, &msg) == 0)
        return st;
    snprintf(err, errlen, "database %s: %s", path,
             msg ? msg : st->db ? sqlite3_errmsg(st->db) : "cannot open");
    sqlite3_free(msg);
    webstore_close(st);
    return NULL;
}

void webstore_close(webstore *st)
{
    if (!st)
        return;
    sqlite3_close(st->db);
    free(st);
}

int webstore_save(webstore *st, const webstore_row *row, char *err, size_t errlen)
{
    static const char *const sql =
        "INSERT INTO games (id, created, updated, sgf, seats, tokens, clock_ms, left0, left1,"
        " inc_ms)"
        " VALUES (?1, ?9, ?9, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
        " ON CONFLICT(id) DO UPDATE SET updated = ?9, sgf = ?2,"
        " seats = ?3, tokens = ?4, clock_ms = ?5, left0 = ?6, left1 = ?7, inc_ms = ?8";
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
        return fail(err, errlen, "database", st->db);
    sqlite3_bind_text(q, 1, row->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, row->sgf, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 3, row->seats, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 4, row->tokens, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 5, row->clock_ms);
    sqlite3_bind_int64(q, 6, row->left_ms[0]);
    sqlite3_bind_int64(q, 7, row->left_ms[1]);
    sqlite3_bind_int64(q, 8, row->inc_ms);
    sqlite3_bind_int64(q, 9, row->updated);
    int rc = sqlite3_step(q) == SQLITE_DONE ? 0 : fail(err, errlen, "database", st->db);
    sqlite3_finalize(q);
    return rc;
}

int webstore_each(webstore *st, void (*fn)(void *arg, const webstore_row *row), void *arg,
                  char *err, size_t errlen)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT id, sgf, seats, tokens, clock_ms, left0, left1, inc_ms, updated"
                           " FROM games"
                           " ORDER BY created, rowid",
                           -1, &q, NULL) != SQLITE_OK)
        return fail(err, errlen, "database", st->db);
    int n = 0, rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        webstore_row row = {
            (const char *)sqlite3_column_text(q, 0), (const char *)sqlite3_column_text(q, 1),
            (const char *)sqlite3_column_text(q, 2), (const char *)sqlite3_column_text(q, 3),
            sqlite3_column_int64(q, 4),
            {sqlite3_column_int64(q, 5), sqlite3_column_int64(q, 6)},
            sqlite3_column_int64(q, 7), sqlite3_column_int64(q, 8)};
        if (row.id && row.sgf && row.seats && row.tokens)
            fn(arg, &row);
        n++;
    }
    if (rc != SQLITE_DONE)
        n = fail(err, errlen, "database", st->db);
    sqlite3_finalize(q);
    return n;
}

int webstore_default_path(char *buf, size_t len)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, len, "%s/quartet/games.db", xdg);
    else if (home && home[0])
        n = snprintf(buf, len, "%s/.local/share/quartet/games.db", home);
    else
        return -1;
    return n > 0 && (size_t)n < len ? 0 : -1;
}
