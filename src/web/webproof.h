/*
 * webproof.h - a bounded proof beside an analysis: the solver (ai/solver.h)
 * proves the value of a position and of each of its moves in its own
 * thread, for at most a given time, and hands its result over as JSON:
 *   {"done":true,"value":"win|loss|draw|unknown","winning":["e5",...],
 *    "solved":K,"moves":N,"nodes":N,"ms":N}
 * ("value" for the side to move; "winning" its proven winning moves;
 * "solved" how many of its N moves have a proven value).
 */
#ifndef QUARTET_WEBPROOF_H
#define QUARTET_WEBPROOF_H

#include "game.h"

#include <jansson.h>
#include <stddef.h>

#define WEBPROOF_MEMORY_MB 16 /* per proof: many games share the machine */

typedef struct webproof webproof;

/* Called once on the proof's thread when it ends (by itself, by its time
 * or by webproof_stop), with the result; the callee owns the reference. */
typedef void (*webproof_done)(void *arg, json_t *result);

/* Start proving g (copied) for at most ms; NULL with err when the thread,
 * the memory or the copy cannot be had.  *started receives the JSON of a
 * proof under way (done false, value "unknown"; the caller owns it). */
webproof *webproof_start(const game *g, int ms, webproof_done done, void *arg,
                         json_t **started, char *err, size_t errlen);
/* Stop the proof soon, wait for its thread (done has run) and free it.
 * NULL: nothing. */
void webproof_stop(webproof *p);

#endif
