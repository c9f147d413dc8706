/*
 * webevents.h - live updates as Server-Sent Events.  Each open stream
 * belongs to a game and a seat (or none, a watcher); text published for a
 * game is queued for its streams.  A stream with nothing to send is
 * suspended in libmicrohttpd and resumed by the next publish, so waiting
 * viewers hold no server thread.
 */
#ifndef QUARTET_WEBEVENTS_H
#define QUARTET_WEBEVENTS_H

#include <microhttpd.h>

#define WEBEVENTS_MAX 256              /* open streams at once */
#define WEBEVENTS_QUEUE_MAX (1 << 20)  /* unsent bytes before a slow stream is dropped */

/* A streaming response on conn for game (any pointer naming it) and seat you
 * (-1: watching), starting with "event: state" and initial.  NULL when
 * WEBEVENTS_MAX streams are open or memory is short. */
struct MHD_Response *webevents_open(struct MHD_Connection *conn, const void *game, int you,
                                    const char *initial);
/* Is any stream of game for seat you open? */
int webevents_wanted(const void *game, int you);
/* Queue "event: NAME\ndata: DATA\n\n" for game's streams of seat you
 * (-2: every seat). */
void webevents_publish(const void *game, int you, const char *event, const char *data);
/* A comment line to every stream, which also finds streams whose reader left. */
void webevents_ping(void);
/* End every stream (at shutdown) and wait up to ms for them to close. */
void webevents_close_all(int ms);
int webevents_count(void);

#endif
