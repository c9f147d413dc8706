/*
 * match.c - `quartet match`: the schedule and the workers that play it.
 *
 * Concurrency: one thread per concurrent game.  A game is a strict
 * conversation (ask, wait for the answer under a deadline, check it, tell
 * the other side), so a thread lets each game read as straight-line code
 * (referee.c).  Threads share only the schedule, the results and the
 * output, behind one mutex.  Each worker keeps its own engine processes,
 * so an engine never plays two games at once; an engine in an unknown
 * state is killed and started afresh for its next game.
 */
#define _GNU_SOURCE
#include "match/match.h"
#include "cli.h"
#include "match/gtpclient.h"
#include "match/matchargs.h"
#include "match/matchlog.h"
#include "match/openings.h"
#include "match/referee.h"
#include "match/report.h"
#include "strbuf.h"
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define START_FAILURES_FATAL 3

/* Lock-free, so both safe in a signal handler and free of races between
 * the threads that read it. */
static atomic_int interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* ------------------------------------------------------------------ */
/* the schedule                                                        */

static int build_schedule(match *m)
{
    int n = m->nplayers;
    m->encounters = malloc(sizeof *m->encounters * (size_t)(n * n));
    if (!m->encounters)
        return -1;
    m->nencounters = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            if (m->schedule_kind == MATCH_SCHEDULE_GAUNTLET && a != 0)
                continue;
            m->encounters[m->nencounters][0] = a;
            m->encounters[m->nencounters][1] = b;
            m->nencounters++;
        }
    m->total = m->nencounters * m->games;
    if (!(m->sched = calloc((size_t)m->total, sizeof *m->sched)))
        return -1;
    /* Pairs outermost, so that a match cut short is still balanced: each
     * encounter plays an opening twice, colours swapped, before the next. */
    int pairs = (m->games + 1) / 2, idx = 0;
    for (int p = 0; p < pairs; p++)
        for (int e = 0; e < m->nencounters; e++)
            for (int j = 2 * p; j < 2 * p + 2 && j < m->games; j++) {
                match_game *s = &m->sched[idx++];
                int swap = j & 1;
                s->first = m->encounters[e][swap];
                s->second = m->encounters[e][!swap];
                s->encounter = e;
                s->round = j;
                s->opening = m->random_plies ? p
                             : m->nopenings ? (p + m->opening_start - 1) % m->nopenings
                                            : 0;
            }
    return 0;
}

/* Record a finished game: log line and SGF, results, progress, SPRT.
 * Called with the lock held. */
static void record_game(match *m, int idx, const match_played *p)
{
    strbuf opening = STRBUF_INIT;
    openings_text(m, &m->sched[idx], &opening);
    int rc = matchlog_write_game(m, idx, p, strbuf_str(&opening));
    strbuf_free(&opening);
    if (rc != 0)
        m->stop = m->write_failed = 1;
    if (rc < 0)
        return; /* not in the log: not counted, played again on resume */
    m->sched[idx].done = 1;
    m->sched[idx].result = p->result;
    m->done_now++;
    report_game(m, idx, p);
    int done = m->done_before + m->done_now;
    if (done % m->report_every == 0 || done == m->total)
        report_progress(m);
    else if (m->use_sprt)
        report_sprt(m, NULL, NULL); /* checked after every game, printed or not */
    if (m->use_sprt && m->sprt_result != SPRT_CONTINUE)
        m->stop = 1;
}

/* ------------------------------------------------------------------ */
/* workers: one per concurrent game                                    */

typedef struct worker {
    match *m;
    gtpclient *engines; /* one slot per player, started when needed */
    pthread_t thread;
} worker;

/* Start player i in this worker's slot if it is not running.  0, 1 when it
 * failed but the game can be scored, -1 when the match must stop. */
static int ensure_started(worker *w, int i)
{
    match *m = w->m;
    gtpclient *c = &w->engines[i];
    if (c->pid)
        return 0;
    match_player *pl = &m->players[i];
    int ok = referee_start_engine(m, c, pl) == 0;
    if (!ok && interrupted)
        return -1;
    pthread_mutex_lock(&m->lock);
    int rc = 0;
    if (ok) {
        pl->start_failures = 0;
        pl->ever_started = 1;
    } else if (!pl->ever_started || ++pl->start_failures >= START_FAILURES_FATAL) {
        /* never started at all (a wrong command line, most likely), or
         * keeps failing: no game result would mean anything */
        if (!m->engine_failed)
            fprintf(stderr, "quartet match: engine %s cannot be started: %s\n", pl->name,
                    c->why);
        m->stop = m->engine_failed = 1;
        rc = -1;
    } else {
        rc = 1;
    }
    pthread_mutex_unlock(&m->lock);
    return rc;
}

/* The next game to play, or -1. */
static int take_game(match *m)
{
    pthread_mutex_lock(&m->lock);
    while (m->next < m->total && m->sched[m->next].done)
        m->next++;
    int idx = m->stop || interrupted || m->next >= m->total ? -1 : m->next++;
    pthread_mutex_unlock(&m->lock);
    return idx;
}

/* Play game idx with this worker's engines.  0 to record p, -1 when the
 * worker must stop (the match stops, or an interrupt: nothing recorded). */
static int play_one(worker *w, int idx, match_played *p)
{
    match *m = w->m;
    const match_game *s = &m->sched[idx];
    int who[2] = {s->first, s->second};
    for (int i = 0; i < m->nplayers; i++) /* keep two engines per game */
        if (w->engines[i].pid && i != s->first && i != s->second)
            gtpclient_quit(&w->engines[i]);
    for (int side = 0; side < 2; side++) {
        int rc = ensure_started(w, who[side]);
        if (rc < 0)
            return -1;
        if (rc > 0) {
            referee_forfeit(p, side, m->players[who[side]].name, w->engines[who[side]].why);
            return 0;
        }
    }
    gtpclient *eng[2] = {&w->engines[s->first], &w->engines[s->second]};
    const match_player *pl[2] = {&m->players[s->first], &m->players[s->second]};
    return referee_play(m, idx, eng, pl, p);
}

static void *worker_run(void *arg)
{
    worker *w = arg;
    match *m = w->m;
    for (int idx; (idx = take_game(m)) >= 0;) {
        match_played p;
        memset(&p, 0, sizeof p);
        int rc = play_one(w, idx, &p);
        if (rc == 0) {
            pthread_mutex_lock(&m->lock);
            record_game(m, idx, &p);
            pthread_mutex_unlock(&m->lock);
        }
        referee_played_free(&p);
        if (rc != 0)
            break;
    }
    for (int i = 0; i < m->nplayers; i++) {
        if (interrupted)
            gtpclient_kill(&w->engines[i]);
        else
            gtpclient_quit(&w->engines[i]);
    }
    return NULL;
}

/* Run the workers until the schedule is done or the match stops. */
static void run_workers(match *m)
{
    int n = m->concurrency;
    if (n > m->total - m->done_before)
        n = m->total - m->done_before;
    if (m->use_sprt)
        report_sprt(m, NULL, NULL); /* a resumed match may be decided already */
    if (m->sprt_result != SPRT_CONTINUE || n <= 0)
        return;
    worker *ws = calloc((size_t)n, sizeof *ws);
    if (!ws) {
        fprintf(stderr, "quartet match: out of memory\n");
        m->stop = m->engine_failed = 1;
        return;
    }
    int started = 0;
    for (; started < n; started++) {
        worker *w = &ws[started];
        w->m = m;
        w->engines = calloc((size_t)m->nplayers, sizeof *w->engines);
        for (int k = 0; w->engines && k < m->nplayers; k++)
            gtpclient_init(&w->engines[k]);
        if (!w->engines || pthread_create(&w->thread, NULL, worker_run, w) != 0) {
            fprintf(stderr, "quartet match: cannot start a thread\n");
            free(w->engines);
            m->stop = m->engine_failed = 1;
            break;
        }
    }
    for (int i = 0; i < started; i++) {
        pthread_join(ws[i].thread, NULL);
        free(ws[i].engines);
    }
    free(ws);
}

/* ------------------------------------------------------------------ */
/* main                                                                */

/* Everything before the first game.  MATCH_EXIT_OK, or the status. */
static int set_up(match *m, int argc, char **argv)
{
    if (matchargs_parse(m, argc, argv) != 0)
        return MATCH_EXIT_USAGE;
    ssize_t n = readlink("/proc/self/exe", m->exe, sizeof m->exe - 1);
    if (n <= 0) {
        fprintf(stderr, "quartet match: cannot find my own program: %s\n", strerror(errno));
        return MATCH_EXIT_USAGE;
    }
    m->exe[n] = 0;
    int rc = m->openings_path ? openings_load(m, m->openings_path)
             : m->random_plies ? openings_random(m)
                               : (openings_none(m), 0);
    if (rc != 0)
        return MATCH_EXIT_USAGE;
    if (build_schedule(m) != 0) {
        fprintf(stderr, "quartet match: out of memory\n");
        return MATCH_EXIT_USAGE;
    }
    if (m->log_path && (rc = matchlog_open(m)) != MATCH_EXIT_OK)
        return rc;
    if (m->sgf_path && matchlog_open_sgf(m) != 0)
        return MATCH_EXIT_USAGE;
    return MATCH_EXIT_OK;
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN); /* a dead engine shows as a failed write */
}

/* The last words and the exit status. */
static int finish(match *m)
{
    int done = m->done_before + m->done_now;
    if (m->nplayers == 2 && done > 0 && done % m->report_every != 0 && done != m->total)
        report_progress(m);
    report_summary(m);
    if (interrupted) {
        printf("interrupted after %d of %d games%s\n", done, m->total,
               m->log_path ? "; run again with -resume to finish" : "");
        return MATCH_EXIT_INTERRUPTED;
    }
    if (m->write_failed) {
        printf("stopped after %d of %d games: a write failed%s\n", done, m->total,
               m->log_path ? "; free space, then run again with -resume to finish" : "");
        return MATCH_EXIT_WRITE;
    }
    if (m->engine_failed)
        return MATCH_EXIT_ENGINE;
    if (m->use_sprt && m->sprt_result != SPRT_CONTINUE)
        printf("SPRT: %s after %d game%s\n",
               m->sprt_result == SPRT_ACCEPT_H1 ? "H1 accepted (elo >= elo1)"
                                                : "H0 accepted (elo <= elo0)",
               done, done == 1 ? "" : "s");
    printf("match finished: %d game%s\n", done, done == 1 ? "" : "s");
    return MATCH_EXIT_OK;
}

int match_prepare(match *m, int argc, char **argv)
{
    memset(m, 0, sizeof *m);
    m->log_fd = -1;
    m->interrupted = &interrupted;
    return set_up(m, argc, argv);
}

void match_release(match *m)
{
    matchlog_close(m);
    openings_free(m);
    free(m->encounters);
    free(m->sched);
    game_free(m->proto);
    memset(m, 0, sizeof *m);
    m->log_fd = -1;
}

int match_main(int argc, char **argv)
{
    static match mm; /* large; one per process */
    match *m = &mm;
    signal(SIGXFSZ, SIG_IGN); /* a file size limit shows as a failed write */
    int status = match_prepare(m, argc, argv);
    if (status == MATCH_EXIT_OK) {
        catch_signals();
        report_header(m);
        m->started_ms = util_now_ms();
        pthread_mutex_init(&m->lock, NULL);
        run_workers(m);
        status = finish(m);
        fflush(stdout);
        pthread_mutex_destroy(&m->lock);
    }
    match_release(m);
    return status;
}
