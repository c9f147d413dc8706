/* enginetest.h - what the searcher tests share on top of check.h: an
 * analysis run in its own thread, so the test can stop it. */
#ifndef QUARTET_ENGINETEST_H
#define QUARTET_ENGINETEST_H

#include "ai/engine.h"

#include <stdatomic.h>

typedef struct job {
    engine *e;
    game *g;
    qmove move;
    engine_report rep;
    atomic_int done;
} job;

static void *analyze_thread(void *arg)
{
    job *j = arg;
    j->move = engine_analyze(j->e, j->g, &j->rep);
    atomic_store(&j->done, 1);
    return NULL;
}

#endif
