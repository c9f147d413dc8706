/*
 * fuzz_http.c - the web server's JSON API, one request at a time through
 * webapi_run (the same entry point the HTTP server calls), against a fresh
 * in-memory SQLite store per input.  Input: requests separated by a line
 * "~"; each is a line "METHOD URL [TOKEN]" and its body.  "$ID" in the URL
 * and "$0"/"$1" as the token stand for the last created game's id and seat
 * tokens (a fuzzer cannot guess 128 random bits).
 * Every answer has a known status and a JSON body ({"error": ...} for a
 * refusal); a refused call on a game changes nothing in it; the last game's
 * record exports as SGF and imports again as the same turns; no thread or
 * file descriptor outlives an input.
 */
#define _DEFAULT_SOURCE
#include "fuzz.h"
#include "web/webapi.h"
#include "web/webgame.h"
#include "web/webstore.h"

#include <dirent.h>
#include <jansson.h>
#include <unistd.h>

#define MAX_REQUESTS 12

static char id[WEBGAME_ID_LEN + 1], tokens[2][WEBGAME_TOKEN_LEN + 1];

static int count_dir(const char *path)
{
    DIR *d = opendir(path);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

/* The open descriptors, for the message when one leaked. */
static void show_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    char path[300], to[300];
    for (struct dirent *e; d && (e = readdir(d));) {
        snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
        ssize_t n = readlink(path, to, sizeof to - 1);
        to[n > 0 ? n : 0] = 0;
        fprintf(stderr, "  fd %s: %s\n", e->d_name, to);
    }
    if (d)
        closedir(d);
}

static int known_status(int s)
{
    static const int ok[] = {200, 201, 202, 400, 403, 404, 405, 409, 413, 414, 429};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (s == ok[i])
            return 1;
    return 0;
}

/* Run one request; returns the answer's JSON (NULL for SGF and streams). */
static json_t *run(const char *method, const char *url, const char *token, const char *body,
                   size_t len, int *status)
{
    char path[WEBAPI_URL_MAX + 64];
    snprintf(path, sizeof path, "%s", url);
    const char *ply = NULL, *arg_token = NULL;
    char *q = strchr(path, '?');
    size_t query_len = q ? strlen(q) : 0; /* "?name=value" */
    if (q) { /* "?ply=N" or "?token=T", as the server's parser hands them over */
        *q++ = 0;
        if (strncmp(q, "ply=", 4) == 0)
            ply = q + 4;
        else if (strncmp(q, "token=", 6) == 0)
            arg_token = q + 6;
    }
    webapi_request rq = {method, path, token, arg_token, ply, body, len, query_len};
    webapi_response rs;
    webapi_run(&rq, &rs);
    FUZZ_CHECK(rs.body && known_status(rs.status), "%s %s: status %d, body %s", method, url,
               rs.status, rs.body ? rs.body : "none");
    FUZZ_CHECK(strlen(rs.body) == rs.len, "%s %s: length %zu of '%.80s'", method, url, rs.len,
               rs.body);
    *status = rs.status;
    if (getenv("FUZZ_HTTP_VERBOSE")) /* to follow a reproduced input */
        fprintf(stderr, "%s %s -> %d %.120s\n", method, url, rs.status, rs.body);
    json_t *j = NULL;
    if (strcmp(rs.type, "application/json") == 0 || rs.events) {
        j = json_loadb(rs.body, rs.len, 0, NULL);
        FUZZ_CHECK(json_is_object(j), "%s %s: not a JSON object: %.200s", method, url, rs.body);
        FUZZ_CHECK((rs.status >= 400) == (json_object_get(j, "error") != NULL),
                   "%s %s: status %d with %.200s", method, url, rs.status, rs.body);
    } else
        FUZZ_CHECK(rs.status == 200 && strcmp(rs.type, "application/x-go-sgf") == 0,
                   "%s %s: type %s", method, url, rs.type);
    webapi_response_free(&rs);
    return j;
}

/* What a refused call must leave alone: the moves and the result, when no
 * search runs and no clock can end the game meanwhile (else NULL). */
static json_t *game_now(void)
{
    char url[64];
    int st;
    snprintf(url, sizeof url, "/api/games/%s", id);
    json_t *j = run("GET", url, NULL, "", 0, &st);
    json_t *keep = NULL;
    if (st == 200 && json_is_false(json_object_get(j, "thinking")) &&
        json_is_null(json_object_get(j, "clocks")))
        keep = json_pack("{s:O, s:O}", "turns", json_object_get(j, "turns"), "result",
                         json_object_get(j, "result"));
    json_decref(j);
    return keep;
}

static void remember(json_t *created)
{
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(created, "id")));
    json_t *t = json_object_get(created, "tokens");
    for (int i = 0; i < 2; i++)
        snprintf(tokens[i], sizeof tokens[i], "%s",
                 json_is_string(json_array_get(t, i)) ? json_string_value(json_array_get(t, i))
                                                      : "");
}

/* "$ID" in url replaced by the last game's id. */
static void expand(const char *in, char *out, size_t len)
{
    const char *p = strstr(in, "$ID");
    if (p)
        snprintf(out, len, "%.*s%s%s", (int)(p - in), in, id, p + 3);
    else
        snprintf(out, len, "%s", in);
}

/* One "METHOD URL [TOKEN]\nBODY" part. */
static void request(char *part)
{
    char *nl = strchr(part, '\n');
    const char *body = nl ? nl + 1 : "";
    if (nl)
        *nl = 0;
    char *argv[4], url[WEBAPI_URL_MAX + 64];
    int argc = util_split_words(part, argv, 4);
    if (argc < 2 || argc > 3 || strlen(argv[1]) > WEBAPI_URL_MAX + 16)
        return;
    expand(argv[1], url, sizeof url);
    const char *token = argc < 3                       ? NULL
                        : strcmp(argv[2], "$0") == 0 ? tokens[0]
                        : strcmp(argv[2], "$1") == 0 ? tokens[1]
                                                     : argv[2];
    int on_game = id[0] && strncmp(url, "/api/games/", 11) == 0;
    json_t *before = on_game ? game_now() : NULL;
    int st;
    json_t *j = run(argv[0], url, token, body, strlen(body), &st);
    if (st == 201)
        remember(j);
    if (st >= 400 && before) {
        json_t *after = game_now();
        FUZZ_CHECK(json_equal(before, after), "refused %s %s (%d) changed the game", argv[0],
                   url, st);
        json_decref(after);
    }
    json_decref(before);
    json_decref(j);
}

/* The last game's record as SGF imports again with the same turns. */
static void round_trip(void)
{
    char url[64];
    int st;
    snprintf(url, sizeof url, "/api/games/%s/sgf", id);
    webapi_request rq = {"GET", url, NULL, NULL, NULL, "", 0, 0};
    webapi_response rs;
    webapi_run(&rq, &rs);
    FUZZ_CHECK(rs.status == 200 && rs.body, "GET %s: %d", url, rs.status);
    snprintf(url, sizeof url, "/api/games/%s", id);
    json_t *was = run("GET", url, NULL, "", 0, &st);
    json_t *imp = json_pack("{s:s}", "sgf", rs.body);
    char *text = json_dumps(imp, 0);
    json_t *made = run("POST", "/api/games", NULL, text, strlen(text), &st);
    /* 429: the store is full; 400: a record over the limits cannot come back */
    FUZZ_CHECK(st == 201 || st == 429, "export of %s does not import: %d %s\n%s", id, st,
               json_string_value(json_object_get(made, "error")), rs.body);
    if (st == 201) {
        json_t *a = json_object_get(was, "turns"),
               *b = json_object_get(json_object_get(made, "state"), "turns");
        FUZZ_CHECK(json_equal(a, b), "export of %s imports with other turns:\n%s", id,
                   rs.body);
    }
    json_decref(made);
    json_decref(was);
    json_decref(imp);
    free(text);
    webapi_response_free(&rs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int threads0 = -1, fds0;
    if (threads0 < 0) {
        threads0 = count_dir("/proc/self/task");
        fds0 = count_dir("/proc/self/fd");
    }
    char err[1024];
    webstore *st = webstore_open(":memory:", err, sizeof err);
    FUZZ_CHECK(st, "store: %s", err);
    FUZZ_CHECK(webgame_start(st, 4, err, sizeof err) == 0, "start: %s", err);
    id[0] = tokens[0][0] = tokens[1][0] = 0;
    char *text = fuzz_text(data, size);
    char *p = text;
    for (int n = 0; p && n < MAX_REQUESTS; n++) {
        char *sep = strstr(p, "\n~\n");
        if (sep)
            *sep = 0;
        request(p);
        p = sep ? sep + 3 : NULL;
    }
    webgame_halt(); /* no computer move lands during the round trip */
    if (id[0])
        round_trip();
    free(text);
    webgame_stop();
    webstore_close(st);
    /* a joined thread leaves /proc a moment after pthread_join returns */
    for (int i = 0; i < 200 && count_dir("/proc/self/task") > threads0; i++)
        usleep(1000);
    if (count_dir("/proc/self/fd") != fds0)
        show_fds();
    FUZZ_CHECK(count_dir("/proc/self/task") == threads0 && count_dir("/proc/self/fd") == fds0,
               "threads %d (were %d), descriptors %d (were %d) after an input",
               count_dir("/proc/self/task"), threads0, count_dir("/proc/self/fd"), fds0);
    return 0;
}
