/*
 * referee.h - one game of a match between two engines: set the engines up,
 * ask each for its turn under the time control, play every turn on a
 * session (session.h: the game record, whole turns, the clock, the
 * result), tell the other engine, and say how the game ended and why.
 *
 * The referee trusts no engine: an illegal move, a late answer, garbage, a
 * refused command or an exit ends the game with that reason, lost by that
 * engine, which is then killed so that it starts afresh for its next game.
 */
#ifndef QUARTET_REFEREE_H
#define QUARTET_REFEREE_H

#include "match/gtpclient.h"
#include "match/match.h"

/* Start player pl's engine in c and give it the player's settings and the
 * match's time control, which hold for all its games.  0, or -1 with
 * c->why (the engine is then not running). */
int referee_start_engine(const match *m, gtpclient *c, const match_player *pl);

/* Play scheduled game idx: eng[0] moves first.  Fills *out (moves and
 * times malloc'd; free with referee_played_free).  0, or -1 when the match
 * was interrupted meanwhile (nothing to record: the game is played again
 * on resume). */
int referee_play(const match *m, int idx, gtpclient *eng[2], const match_player *pl[2],
                 match_played *out);

/* A game lost before it began: side (0 first, 1 second) could not play. */
void referee_forfeit(match_played *out, int side, const char *name, const char *why);

void referee_played_free(match_played *p);

#endif
