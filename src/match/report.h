/*
 * report.h - what `quartet match` prints on standard output: the match
 * line, one line per game, progress with the two-player statistics (score,
 * Elo with its 95% interval, LOS, draws, game pairs, SPRT) and the final
 * standings.  The figures come from stats.h over the games played so far.
 *
 * An interval is printed only where it is defined (two or more samples
 * with some spread, and finite bounds); nothing is tabled before a game
 * has been played.
 */
#ifndef QUARTET_REPORT_H
#define QUARTET_REPORT_H

#include "match/match.h"

/* "match: GAME (OPTIONS), SCHEDULE, ..." and a resume note. */
void report_header(const match *m);
/* "game I/N: A vs B RESULT (REASON)". */
void report_game(const match *m, int idx, const match_played *p);
/* "progress: ..." and, for two players, their statistics. */
void report_progress(match *m);
/* The standings table (nothing when no game was played). */
void report_summary(const match *m);
/* The SPRT on the games so far: sets m->sprt_result; the log-likelihood
 * ratio and whether it counts pairs (else games) when asked. */
void report_sprt(match *m, double *llr, int *by_pairs);

/* "+- 12.3" for an interval's half width into buf; 0, or -1 (buf "")
 * when the interval is not defined. */
int report_interval(const stats_summary *s, char *buf, size_t len);

#endif
