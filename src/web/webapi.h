/*
 * webapi.h - the JSON API under /api/ (docs/API.md): parses requests,
 * checks every field and token, calls webgame and answers JSON.  One call
 * handles one whole request without a connection, so the HTTP server
 * (web.c) and the fuzzer (fuzz/fuzz_http.c) run the same code.
 */
#ifndef QUARTET_WEBAPI_H
#define QUARTET_WEBAPI_H

#include <stddef.h>

#define WEBAPI_BODY_MAX (256 * 1024) /* request body */
#define WEBAPI_URL_MAX 1024          /* path and query, decoded */
#define WEBAPI_JSON_DEPTH 16         /* nesting of arrays and objects in a body */

/* One request, as the server received it (values already URL-decoded). */
typedef struct webapi_request {
    const char *method;
    const char *path;      /* "/api/...", without the query */
    const char *token;     /* header X-Quartet-Token, or NULL */
    const char *arg_token; /* ?token= (event streams only), or NULL */
    const char *arg_ply;   /* ?ply=, or NULL */
    const char *body;      /* len bytes, not NUL-terminated */
    size_t len;
    size_t query_len;      /* the query's arguments, "name=value&" each */
} webapi_request;

/* The answer: status, content type (static) and body (owned).  For an event
 * stream (events != NULL) body is its first state and the caller opens the
 * stream on that game for seat events_you. */
typedef struct webapi_response {
    int status;
    const char *type;
    char *body;
    size_t len;
    char attachment[64];   /* a file name to save the body as, or "" */
    const void *events;
    int events_you;
} webapi_response;

/* Answer one request; always fills rs (503 when memory is short). */
void webapi_run(const webapi_request *rq, webapi_response *rs);
void webapi_response_free(webapi_response *rs);

#endif
