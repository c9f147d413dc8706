/* webapi.c - the JSON API (see webapi.h and docs/API.md). */
#define _POSIX_C_SOURCE 200809L
#include "web/webapi.h"
#include "web/webgame.h"
#include "web/webjson.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ERR_MAX 1024

typedef struct call {
    const webapi_request *rq;
    webapi_response *rs;
    const char *method;
    webgame *w;    /* NULL for calls on no game */
    const char *id;
    int you;       /* seat of the token, -1: none */
    json_t *body;  /* an object; {} when the request had none */
} call;

static int text_answer(call *k, int status, const char *type, char *text)
{
    k->rs->status = status;
    k->rs->type = type;
    k->rs->body = text;
    k->rs->len = strlen(text);
    return 0;
}

/* {"error": msg}, or the JSON j (taken); no JSON at all: 503. */
static int answer(call *k, int status, json_t *j, const char *err)
{
    if (status < 400 && !j)
        status = 503, err = "out of memory";
    if (status >= 400)
        j = json_pack("{s:o}", "error", webjson_text(err && err[0] ? err : "error"));
    char *text = j ? webjson_dump(j) : NULL;
    json_decref(j);
    if (!text) {
        k->rs->status = 503; /* the caller answers its fixed text */
        return -1;
    }
    return text_answer(k, status, "application/json", text);
}

/* An integer field in [lo, hi], or def when absent.  -1 with err if bad. */
static int int_field(json_t *o, const char *name, long lo, long hi, long def, long *out,
                     char *err)
{
    json_t *v = json_object_get(o, name);
    *out = def;
    if (!v)
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        snprintf(err, ERR_MAX, "%s must be an integer from %ld to %ld", name, lo, hi);
        return -1;
    }
    *out = (long)json_integer_value(v);
    return 0;
}

/* Is key one of known (NULL-terminated)? */
static int known_field(const char *key, const char *const *known)
{
    for (int i = 0; known[i]; i++)
        if (strcmp(key, known[i]) == 0)
            return 1;
    return 0;
}

/* 0 when the body has only fields of known, else -1 with err naming the
 * first other. */
static int only_known_fields(json_t *body, const char *const *known, char *err)
{
    const char *key;
    json_t *v;
    json_object_foreach(body, key, v) {
        if (!known_field(key, known)) {
            snprintf(err, ERR_MAX, "unknown field '%.40s'", key);
            return -1;
        }
    }
    return 0;
}

/* {"level":N}, {"ms":N} or {"beginner":true}: how the computer plays.
 * -1 with err. */
static int parse_how(json_t *o, webgame_seat *how, char *err)
{
    long level, ms;
    json_t *beginner = json_object_get(o, "beginner");
    if (int_field(o, "level", 1, 10, 3, &level, err) || int_field(o, "ms", 10, 60000, 0, &ms, err))
        return -1;
    if (json_object_get(o, "level") && ms) {
        snprintf(err, ERR_MAX, "give level or ms, not both");
        return -1;
    }
    if (beginner && !json_is_boolean(beginner)) {
        snprintf(err, ERR_MAX, "beginner must be true or false");
        return -1;
    }
    if (json_is_true(beginner) && (json_object_get(o, "level") || ms)) {
        snprintf(err, ERR_MAX, "a beginner has no level or ms");
        return -1;
    }
    int b = json_is_true(beginner);
    *how = (webgame_seat){1, ms || b ? 0 : (int)level, (int)ms, 0, b, 0};
    return 0;
}

static const char *const seat_known[] = {"kind",     "level",   "ms", "ponder",
                                         "beginner", "invited", NULL};
static const char *const person_fields[] = {"kind", "invited", NULL};

/* A seat's fields: a person's seat has its kind and whether it is
 * invited, a computer's none it does not know.  -1 with err. */
static int seat_fields(json_t *s, int i, int human, char *err)
{
    const char *key;
    json_t *v;
    json_object_foreach(s, key, v) {
        if (!known_field(key, seat_known))
            snprintf(err, ERR_MAX, "seat %d: unknown field '%.40s'", i + 1, key);
        else if (human && !known_field(key, person_fields))
            snprintf(err, ERR_MAX, "seat %d: %s is for a computer seat", i + 1, key);
        else if (!human && strcmp(key, "invited") == 0)
            snprintf(err, ERR_MAX, "seat %d: invited is for a person's seat", i + 1);
        else if (strcmp(key, "invited") == 0 && !json_is_boolean(v))
            snprintf(err, ERR_MAX, "seat %d: invited must be true or false", i + 1);
        else
            continue;
        return -1;
    }
    return 0;
}

static int parse_seats(json_t *a, webgame_seat seats[2], char *err)
{
    if (!a) {
        seats[0] = seats[1] = (webgame_seat){0, 0, 0, 0, 0, 0};
        return 0;
    }
    if (!json_is_array(a) || json_array_size(a) != 2) {
        snprintf(err, ERR_MAX, "seats must be a list of two seats");
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        json_t *s = json_array_get(a, i);
        const char *kind = json_string_value(json_object_get(s, "kind"));
        json_t *ponder = json_object_get(s, "ponder");
        int human = kind && strcmp(kind, "human") == 0;
        if (!human && !(kind && strcmp(kind, "computer") == 0)) {
            snprintf(err, ERR_MAX, "seat %d: kind must be \"human\" or \"computer\"", i + 1);
            return -1;
        }
        if (seat_fields(s, i, human, err) != 0 || (!human && parse_how(s, &seats[i], err) != 0))
            return -1;
        if (human) {
            seats[i] = (webgame_seat){0, 0, 0, 0, 0, 0};
            seats[i].invited = json_is_true(json_object_get(s, "invited"));
            continue;
        }
        if (ponder && !json_is_boolean(ponder)) {
            snprintf(err, ERR_MAX, "seat %d: ponder must be true or false", i + 1);
            return -1;
        }
        /* a kept tree would make a level stronger than its budget */
        if (json_is_true(ponder) && !seats[i].ms) {
            snprintf(err, ERR_MAX, "seat %d: ponder needs a time per move (ms), not a %s", i + 1,
                     seats[i].beginner ? "beginner" : "level");
            return -1;
        }
        seats[i].ponder = json_is_true(ponder);
    }
    return 0;
}

/* clock_ms (0: none, else 1000..86400000 a player) and clock_inc_ms
 * (0..180000 a turn, with a clock only).  -1 with err. */
static int parse_clock(json_t *body, webgame_clock *c, char *err)
{
    long base, inc;
    if (int_field(body, "clock_ms", 0, 86400000, 0, &base, err) ||
        int_field(body, "clock_inc_ms", 0, 180000, 0, &inc, err))
        return -1;
    if (base > 0 && base < 1000)
        snprintf(err, ERR_MAX, "clock_ms must be 0 or from 1000 to 86400000");
    else if (inc > 0 && base == 0)
        snprintf(err, ERR_MAX, "clock_inc_ms needs clock_ms: the increment adds to a clock");
    else {
        *c = (webgame_clock){base, inc};
        return 0;
    }
    return -1;
}

static int create(call *k)
{
    static const char *const known[] = {"game",     "options",      "sgf", "seats",
                                        "clock_ms", "clock_inc_ms", NULL};
    char err[ERR_MAX] = "";
    if (only_known_fields(k->body, known, err) != 0)
        return answer(k, 400, NULL, err);
    json_t *game = json_object_get(k->body, "game"), *record = json_object_get(k->body, "sgf");
    const char *name = json_string_value(game), *sgf = json_string_value(record);
    webgame_seat seats[2];
    webgame_clock clock;
    if ((game && !name) || (record && !sgf))
        return answer(k, 400, NULL, game && !name ? "game must be a game's name (a string)"
                                                  : "sgf must be a record's text (a string)");
    if (!name == !sgf)
        return answer(k, 400, NULL, "give either game (with options) or sgf");
    if (sgf && json_object_get(k->body, "options"))
        return answer(k, 400, NULL, "options come with game: a record gives its own");
    if (parse_seats(json_object_get(k->body, "seats"), seats, err) ||
        parse_clock(k->body, &clock, err))
        return answer(k, 400, NULL, err);
    json_t *out = NULL;
    int status = webgame_create(name, json_object_get(k->body, "options"), sgf, seats, clock,
                                &out, err, sizeof err);
    return answer(k, status, out, err);
}

static int state(call *k)
{
    const char *ply = k->rq->arg_ply;
    long view = -1;
    if (ply) {
        char *end;
        view = strtol(ply, &end, 10);
        if (!ply[0] || *end || view < 0 || view > 100000)
            return answer(k, 400, NULL, "ply must be a move number");
    }
    char err[ERR_MAX];
    json_t *out = NULL;
    int status = webgame_state(k->w, k->you, (int)view, &out, err, sizeof err);
    return answer(k, status, out, err);
}

static int play(call *k)
{
    const char *move = json_string_value(json_object_get(k->body, "move"));
    if (!move || strlen(move) > 200)
        return answer(k, 400, NULL, "move must be a move's text, e.g. {\"move\":\"c8-c6\"}");
    char err[ERR_MAX];
    json_t *out = NULL;
    int status = webgame_play(k->w, k->you, move, &out, err, sizeof err);
    return answer(k, status, out, err);
}

static int computer(call *k)
{
    char err[ERR_MAX];
    webgame_seat how;
    if (parse_how(k->body, &how, err) != 0)
        return answer(k, 400, NULL, err);
    json_t *out = NULL;
    int status = webgame_computer(k->w, k->you, &how, &out, err, sizeof err);
    return answer(k, status, out, err);
}

static int analysis(call *k)
{
    char err[ERR_MAX];
    json_t *out = NULL;
    long ms, ply;
    int status;
    if (strcmp(k->method, "GET") == 0)
        status = webgame_analysis(k->w, &out, err, sizeof err);
    else if (int_field(k->body, "ms", 100, 30000, 2000, &ms, err) != 0 ||
             int_field(k->body, "ply", 0, 100000, -1, &ply, err) != 0)
        status = 400;
    else
        status = webgame_analyse(k->w, (int)ply, (int)ms, &out, err, sizeof err);
    return answer(k, status, out, err);
}

static int simple(call *k, int (*fn)(webgame *, int, json_t **, char *, size_t))
{
    char err[ERR_MAX];
    json_t *out = NULL;
    int status = fn(k->w, k->you, &out, err, sizeof err);
    return answer(k, status, out, err);
}

static int takeback(call *k)
{
    json_t *accept = json_object_get(k->body, "accept");
    if (!json_is_boolean(accept))
        return answer(k, 400, NULL, "accept must be true or false, e.g. {\"accept\":true}");
    char err[ERR_MAX];
    json_t *out = NULL;
    int status = webgame_takeback(k->w, k->you, json_is_true(accept), &out, err, sizeof err);
    return answer(k, status, out, err);
}

static int sgf(call *k)
{
    char err[ERR_MAX];
    char *text = webgame_sgf(k->w, err, sizeof err);
    if (!text)
        return answer(k, 503, NULL, err);
    snprintf(k->rs->attachment, sizeof k->rs->attachment, "quartet-%s.sgf", k->id);
    return text_answer(k, 200, "application/x-go-sgf", text);
}

static int events(call *k)
{
    char *initial = webgame_state_text(k->w, k->you);
    if (!initial)
        return answer(k, 503, NULL, "out of memory");
    k->rs->events = k->w;
    k->rs->events_you = k->you;
    return text_answer(k, 200, "text/event-stream", initial);
}

/* ---- dispatch ---- */

static int do_undo(call *k) { return simple(k, webgame_undo); }
static int do_resign(call *k) { return simple(k, webgame_resign); }

static const char *const no_fields[] = {NULL};
static const char *const play_fields[] = {"move", NULL};
static const char *const computer_call_fields[] = {"level", "ms", "beginner", NULL};
static const char *const analysis_fields[] = {"ms", "ply", NULL};
static const char *const takeback_fields[] = {"accept", NULL};

static const struct route {
    const char *method, *action; /* action "" is the game itself */
    int (*fn)(call *k);
    const char *const *fields;   /* the body's fields it knows */
} routes[] = {
    {"POST", "undo", do_undo, no_fields},
    {"POST", "takeback", takeback, takeback_fields},
    {"POST", "resign", do_resign, no_fields},
    {"GET", "", state, no_fields},
    {"POST", "play", play, play_fields},
    {"POST", "computer", computer, computer_call_fields},
    {"POST", "analysis", analysis, analysis_fields},
    {"GET", "analysis", analysis, no_fields},
    {"GET", "sgf", sgf, no_fields},
    {"GET", "events", events, no_fields},
};

static const struct route *find_route(const char *method, const char *action, int *known)
{
    *known = 0;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
        if (strcmp(routes[i].action, action) == 0) {
            *known = 1;
            if (strcmp(routes[i].method, method) == 0)
                return &routes[i];
        }
    return NULL;
}

/* The deepest nesting of arrays and objects in JSON text (strings skipped). */
static int json_depth(const char *s, size_t len)
{
    int depth = 0, deepest = 0, in_string = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = 0;
        } else if (c == '"')
            in_string = 1;
        else if (c == '[' || c == '{')
            deepest = ++depth > deepest ? depth : deepest;
        else if (c == ']' || c == '}')
            depth--;
    }
    return deepest;
}

/* The body as an object ({} when empty).  NULL with err when malformed. */
static json_t *parse_body(const char *body, size_t len, char *err)
{
    if (len == 0)
        return json_object();
    if (json_depth(body, len) > WEBAPI_JSON_DEPTH) {
        snprintf(err, ERR_MAX, "the body nests arrays and objects over %d deep",
                 WEBAPI_JSON_DEPTH);
        return NULL;
    }
    json_error_t e;
    json_t *j = json_loadb(body, len, JSON_REJECT_DUPLICATES, &e);
    if (!j) {
        snprintf(err, ERR_MAX, "malformed JSON: %s (line %d, column %d)", e.text, e.line,
                 e.column);
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        snprintf(err, ERR_MAX, "the body must be a JSON object");
        return NULL;
    }
    return j;
}

/* The seat of the request's token (header, or ?token= for event streams). */
static int token_seat(call *k, const char *action)
{
    const char *t = k->rq->token;
    if (!t && strcmp(action, "events") == 0)
        t = k->rq->arg_token;
    return webgame_seat_of(k->w, t);
}

/* What each level means in a game with its options (the start page). */
static int describe_levels(call *k)
{
    static const char *const known[] = {"game", "options", NULL};
    char err[ERR_MAX] = "";
    if (only_known_fields(k->body, known, err) != 0)
        return answer(k, 400, NULL, err);
    json_t *out = NULL;
    int status = webgame_levels(json_string_value(json_object_get(k->body, "game")),
                                json_object_get(k->body, "options"), &out, err, sizeof err);
    return answer(k, status, out, err);
}

static int on_game(call *k, const char *rest)
{
    char id[WEBGAME_ID_LEN + 2];
    const char *slash = strchr(rest, '/');
    size_t n = slash ? (size_t)(slash - rest) : strlen(rest);
    const char *action = slash ? slash + 1 : "";
    if (n > WEBGAME_ID_LEN)
        return answer(k, 404, NULL, "no such game");
    memcpy(id, rest, n);
    id[n] = 0;
    int known;
    const struct route *r = find_route(k->method, action, &known);
    if (!r)
        return answer(k, known ? 405 : 404, NULL, known ? "method not allowed" : "no such call");
    if (!(k->w = webgame_find(id)))
        return answer(k, 404, NULL, "no such game");
    char err[ERR_MAX];
    if (only_known_fields(k->body, r->fields, err) != 0)
        return answer(k, 400, NULL, err);
    k->id = id;
    k->you = token_seat(k, action);
    if (k->you == -2)
        return answer(k, 403, NULL, "wrong seat token");
    return r->fn(k);
}

static int dispatch(call *k)
{
    char err[ERR_MAX];
    const char *url = k->rq->path;
    if (strlen(url) + k->rq->query_len > WEBAPI_URL_MAX)
        return answer(k, 414, NULL, "the URL is over 1024 bytes");
    if (strcmp(url, "/api/catalog") == 0) {
        if (strcmp(k->method, "GET") != 0)
            return answer(k, 405, NULL, "method not allowed");
        return answer(k, 200, webjson_catalog(), "out of memory");
    }
    int games = strcmp(url, "/api/games") == 0, levels = strcmp(url, "/api/levels") == 0;
    int one = strncmp(url, "/api/games/", 11) == 0;
    if (!games && !one && !levels)
        return answer(k, 404, NULL, "no such call");
    if ((games || levels) && strcmp(k->method, "POST") != 0)
        return answer(k, 405, NULL, "method not allowed");
    if (k->rq->len > WEBAPI_BODY_MAX)
        return answer(k, 413, NULL, "the request body is over 256 KiB");
    if (!(k->body = parse_body(k->rq->body, k->rq->len, err)))
        return answer(k, 400, NULL, err);
    int r = levels ? describe_levels(k) : games ? create(k) : on_game(k, url + 11);
    json_decref(k->body);
    return r;
}

void webapi_run(const webapi_request *rq, webapi_response *rs)
{
    *rs = (webapi_response){0};
    call k = {rq, rs, rq->method, NULL, NULL, -1, NULL};
    if (dispatch(&k) != 0) {
        free(rs->body);
        *rs = (webapi_response){0};
        rs->status = 503;
        rs->type = "application/json";
    }
}

void webapi_response_free(webapi_response *rs)
{
    free(rs->body);
    rs->body = NULL;
}
