/*
 * gtpjob.h - a long GTP command (quartet-perft, quartet-solve) on a worker
 * thread, so that the thread reading the commands can stop it: the work
 * gets a stop flag, and a done hook wakes the reader when the answer is
 * written.  One job at a time; its owner alone starts, stops and joins it.
 */
#ifndef QUARTET_GTPJOB_H
#define QUARTET_GTPJOB_H

#include "game.h"

#include <pthread.h>
#include <stdatomic.h>

/* The work on g with the command's number n (a depth, seconds): its answer
 * in ans, 0 for success or -1 for an error.  It ends soon once *stop is
 * set. */
typedef int (*gtpjob_work)(game *g, long n, atomic_int *stop, char *ans, size_t len);

typedef struct gtpjob {
    gtpjob_work work;
    game *g;           /* owned until gtpjob_finish */
    long n;
    char *ans;         /* the worker's until gtpjob_finish */
    size_t len;
    int rc;
    void (*done)(void *arg); /* on the worker, after the answer (NULL: none) */
    void *arg;
    int running;       /* started and not yet joined */
    atomic_int stop;
    atomic_int over;   /* the work has returned */
    pthread_t tid;
} gtpjob;

/* Run work(g, n, ...) into ans on a new thread; g is taken over.  0, or -1
 * with a message in ans (g freed). */
int gtpjob_start(gtpjob *j, gtpjob_work work, game *g, long n, char *ans, size_t len,
                 void (*done)(void *arg), void *arg);
/* Ask the running work to end soon; safe at any time. */
void gtpjob_stop(gtpjob *j);
/* 1 from a start until the join. */
int gtpjob_running(const gtpjob *j);
/* 1 once the running work has written its answer. */
int gtpjob_over(gtpjob *j);
/* Wait for the work, free its game: its answer's 0 or -1. */
int gtpjob_finish(gtpjob *j);

#endif
