/*
 * openings.h - the openings of a match: lines of an -openings file (move
 * tokens or pos:TEXT) or -random-plies random legal moves, each checked
 * against the match's game before the first game starts.
 */
#ifndef QUARTET_OPENINGS_H
#define QUARTET_OPENINGS_H

#include "match/match.h"
#include "strbuf.h"

/* Longest line of an openings file, and most plies of an opening. */
#define OPENINGS_LINE_MAX GAME_TEXT_MAX
#define OPENINGS_FILE_MAX (16 << 20) /* bytes of an -openings file */

/* Load FILE into m->openings (moves in canonical text) and describe it in
 * m->openings_desc (name, count and a hash of the content, so a changed
 * file is not resumed as the same match).  0, or -1 with the error printed. */
int openings_load(match *m, const char *path);
/* One random opening per game pair (m->random_plies plies, ending where a
 * turn begins, seeded by -seed and the pair) and m->openings_desc.
 * 0, or -1 (said why) when out of memory or when every try of an opening
 * ended the game. */
int openings_random(match *m);
/* No openings: m->openings_desc says "none". */
void openings_none(match *m);
void openings_free(match *m);

/* The opening's moves as whole turns, "a1 b2,c3 ..." (engines hear turns). */
void openings_turns(const game *start, const match_opening *o, strbuf *out);
/* How the log names game s's opening: "pos:TEXT", the moves, or "". */
void openings_text(const match *m, const match_game *s, strbuf *out);

#endif
