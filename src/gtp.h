/*
 * gtp.h - the Go Text Protocol front end as a library: one line in, its
 * answer out, over a session.  `quartet gtp` (gtp_main in cli.h) runs it on
 * standard input; a fuzzer or a test drives gtp_execute directly.
 */
#ifndef QUARTET_GTP_H
#define QUARTET_GTP_H

#include "game.h"
#include "session.h"
#include "strbuf.h"

#include <stdio.h>

#define GTP_ANSWER_MAX (256 * 1024) /* longest answer; longer ones are cut */

typedef struct gtp gtp;

/* A GTP engine for g (taken over), its player the ai for both colours.
 * NULL with err when out of memory. */
gtp *gtp_new(game *g, char *err, size_t errlen);
void gtp_free(gtp *s);
/* The session it drives. */
session *gtp_session(gtp *s);
/* Execute one input line (any bytes, any length): its answer ("= ...\n\n"
 * or "? ...\n\n"; nothing for an empty or comment line) is appended to
 * out.  genmove waits here for the search.  Returns 1 after quit. */
int gtp_execute(gtp *s, const char *line, strbuf *out);
/* A line as gtp_execute reads it, cleaned in place: control characters
 * dropped, tabs to spaces, the comment cut, trimmed.  Returns the start of
 * what is left. */
char *gtp_clean_line(char *line);
/* The commands list_commands names, each with its arguments as a usage
 * error gives them, in two groups (the standard and GoGui's, then
 * quartet's own), in lines of less than 80 columns: for the help. */
void gtp_commands_help(FILE *f);

#endif
