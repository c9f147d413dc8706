/*
 * web.h - `quartet serve`: the HTTP server (libmicrohttpd, its own thread
 * pool) for the page (embedded, or from --assets DIR) and the JSON API
 * (webapi.c), with games kept in SQLite (webstore.c).  Stops cleanly on
 * SIGINT and SIGTERM.
 */
#ifndef QUARTET_WEB_H
#define QUARTET_WEB_H

#include <jansson.h>
#include <microhttpd.h>

int web_main(int argc, char **argv);

/* Answers for the API.  The JSON is not taken; text is (freed by MHD). */
enum MHD_Result web_reply_json(struct MHD_Connection *c, unsigned status, const json_t *j);
/* {"error": msg} */
enum MHD_Result web_reply_error(struct MHD_Connection *c, unsigned status, const char *msg);
/* text with a content type; attachment: a file name to save it as, or NULL. */
enum MHD_Result web_reply_text(struct MHD_Connection *c, unsigned status, const char *type,
                               char *text, const char *attachment);

#endif
