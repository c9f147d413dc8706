/*
 * matchargs.h - the command line of `quartet match` (documented in main.c,
 * quartet help match) and the time controls of -tc.
 */
#ifndef QUARTET_MATCHARGS_H
#define QUARTET_MATCHARGS_H

#include "match/match.h"

/* Fill m from argv (argv[0] is "match"): defaults, players, flags, the
 * game with its options; players get unique names that fit the log.
 * 0, or -1 with the error printed. */
int matchargs_parse(match *m, int argc, char **argv);

/* Parse "ms=1000", "60+0.5", "60" or "iterations=2000".  0, or -1 with a
 * message in err. */
int matchargs_parse_tc(const char *text, match_tc *out, char *err, size_t errlen);
/* Canonical text of a time control ("ms=1000", "60+0.5", "none"). */
void matchargs_tc_text(const match_tc *tc, char *buf, size_t len);
/* Milliseconds as seconds, shortest form ("60", "0.5", "1.25"). */
void matchargs_seconds_text(int64_t ms, char *buf, size_t len);
/* "match", "gauntlet" or "roundrobin". */
const char *matchargs_schedule_name(int kind);

#endif
