/*
 * matchlog.h - what a match leaves on disk: the append-only results log
 * (one fsync'd line per finished game after a header that names the
 * match), resuming from it, and the games' SGF records.  The format is in
 * docs/MATCHES.md.
 */
#ifndef QUARTET_MATCHLOG_H
#define QUARTET_MATCHLOG_H

#include "match/match.h"

#define MATCHLOG_MAGIC "# quartet match log 1"
#define MATCHLOG_MAX_BYTES (1 << 30) /* a log read back by -resume */

/* Log fields are tab-separated: tabs and line ends in s become spaces. */
void matchlog_flatten(char *s);

/* Open m->log_path: a new (or empty) file gets the header; with -resume
 * an existing one must carry this match's header, its finished games are
 * marked done in m->sched (m->done_before), and a last line cut short by a
 * crash is dropped.  A log that is not a regular file (a device, a pipe)
 * is only written.  MATCH_EXIT_OK, or MATCH_EXIT_USAGE / MATCH_EXIT_WRITE
 * with the error printed. */
int matchlog_open(match *m);
/* Prepare m->sgf_path: a .sgf file is opened for appending, any other
 * path is a folder (made if missing).  0, or -1 with the error printed. */
int matchlog_open_sgf(match *m);
void matchlog_close(match *m);

/* Append game idx's line to the log and fsync it; write its SGF record.
 * opening: as openings_text.  0; -1 when the log line could not be
 * written (the game is not in the log), 1 when only the record could not
 * (errors printed). */
int matchlog_write_game(match *m, int idx, const match_played *p, const char *opening);

#endif
