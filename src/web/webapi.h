/*
 * webapi.h - the JSON API under /api/ (docs/API.md): parses requests,
 * checks every field and token, calls webgame and answers JSON.
 */
#ifndef QUARTET_WEBAPI_H
#define QUARTET_WEBAPI_H

#include <microhttpd.h>
#include <stddef.h>

#define WEBAPI_BODY_MAX (256 * 1024)

/* Answer one API request (url starts with "/api/"). */
enum MHD_Result webapi_handle(struct MHD_Connection *c, const char *method, const char *url,
                              const char *body, size_t len);

#endif
