/* gtpjob.c - one long GTP command on a worker thread (see gtpjob.h). */
#include "gtpjob.h"

#include <stdio.h>

static void *job_main(void *arg)
{
    gtpjob *j = arg;
    j->rc = j->work(j->g, j->n, &j->stop, j->ans, j->len);
    atomic_store(&j->over, 1);
    if (j->done)
        j->done(j->arg);
    return NULL;
}

int gtpjob_start(gtpjob *j, gtpjob_work work, game *g, long n, char *ans, size_t len,
                 void (*done)(void *arg), void *arg)
{
    j->work = work, j->g = g, j->n = n, j->ans = ans, j->len = len;
    j->done = done, j->arg = arg;
    /* cleared here, before the worker exists: a stop sent the moment the
     * command was read is not lost */
    atomic_store(&j->stop, 0);
    atomic_store(&j->over, 0);
    if (pthread_create(&j->tid, NULL, job_main, j) != 0) {
        game_free(g);
        j->g = NULL;
        snprintf(ans, len, "cannot start a thread");
        return -1;
    }
    j->running = 1;
    return 0;
}

void gtpjob_stop(gtpjob *j) { atomic_store(&j->stop, 1); }

int gtpjob_running(const gtpjob *j) { return j->running; }

int gtpjob_over(gtpjob *j) { return j->running && atomic_load(&j->over); }

int gtpjob_finish(gtpjob *j)
{
    pthread_join(j->tid, NULL);
    j->running = 0;
    game_free(j->g);
    j->g = NULL;
    return j->rc;
}
