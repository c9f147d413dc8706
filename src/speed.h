/* speed.h - the speed report of `quartet bench`: for every game and board,
 * perft to a fixed depth, seeded random playouts from the start, the
 * same with the game's knowledge (its policy playout, where it has one)
 * and a seeded search, each timed; the counts (never the times) go into
 * the bench signature. */
#ifndef QUARTET_SPEED_H
#define QUARTET_SPEED_H

#include <stdint.h>
#include <stdio.h>

/* FNV-1a over the 8 bytes of v: how the bench signature folds in a count. */
uint64_t speed_fold(uint64_t h, uint64_t v);

/* Run every workload (quick: perft 2 plies shallower, 1/100 of the
 * playouts and searches, for the test suite) and print one line per
 * workload, or with json a JSON array.  Folds the counts into *sig.
 * Returns 0, or -1 with a message on stderr. */
int speed_report(FILE *out, int quick, int json, uint64_t *sig);

#endif
