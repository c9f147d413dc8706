/* solver.c - every root move proven, shared out among worker threads. */
#define _POSIX_C_SOURCE 200809L
#include "ai/solver.h"
#include "ai/proof.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct worker {
    struct job *job;
    pns *pns;
    game *g;
    pthread_t tid;
    atomic_int busy;
} worker;

typedef struct job {
    const solver_params *p;
    solver_result *r;
    worker w[SOLVER_MAX_THREADS];
    int nworkers;
    atomic_int next, done, finished;
    int root_value; /* --first: the root's value, from worker 0 */
    pthread_mutex_t lock; /* guards r->why */
} job;

const char *solver_value_name(int value)
{
    static const char *const names[] = {"unknown", "win", "draw", "loss"};
    return value >= 0 && value <= SOLVER_LOSS ? names[value] : "unknown";
}

static void note_why(job *j, pns *s)
{
    pthread_mutex_lock(&j->lock);
    if (!j->r->why[0])
        snprintf(j->r->why, sizeof j->r->why, "%s", pns_error(s));
    pthread_mutex_unlock(&j->lock);
}

/* Value of the position g is in for player `me`: can me win, else can the
 * opponent, else it is a draw. */
static int value_for(job *j, pns *s, game *g, int me)
{
    int a = pns_prove(s, g, me);
    if (a == PNS_PROVEN)
        return SOLVER_WIN;
    if (a == PNS_DISPROVEN && g->ops->no_draws)
        return SOLVER_LOSS;
    int b = a == PNS_UNKNOWN ? PNS_UNKNOWN : pns_prove(s, g, 1 - me);
    if (a == PNS_UNKNOWN || b == PNS_UNKNOWN) {
        note_why(j, s);
        return SOLVER_UNKNOWN;
    }
    return b == PNS_PROVEN ? SOLVER_LOSS : SOLVER_DRAW;
}

/* The opponent's answers to the move just made that win for them. */
static int list_replies(job *j, worker *w, solver_move *sm, int me)
{
    game *g = w->g;
    qmove mv[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, mv);
    sm->reply = malloc((size_t)(n ? n : 1) * sizeof *sm->reply);
    if (!sm->reply)
        return -1;
    for (int i = 0; i < n; i++) {
        if (g->ops->to_move(g) == me)
            break; /* the same player moves again: no reply yet */
        char text[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, mv[i], text, sizeof text);
        g->ops->make(g, mv[i]);
        int v = pns_prove(w->pns, g, 1 - me);
        g->ops->unmake(g);
        if (v == PNS_UNKNOWN)
            note_why(j, w->pns);
        if (v == PNS_PROVEN)
            memcpy(sm->reply[sm->nreplies++], text, sizeof text);
    }
    return 0;
}

/* --first: one proof from the root, then the first move the table shows
 * winning; the other moves stay unknown. */
static void root_first(job *j, worker *w, int me)
{
    game *g = w->g;
    atomic_store(&w->busy, 1);
    int v = value_for(j, w->pns, g, me), found = 0;
    qmove win;
    if (v == SOLVER_WIN && pns_winning_move(w->pns, g, me, &win) == 0)
        for (int i = 0; i < j->r->nmoves && !found; i++)
            if (j->r->moves[i].move == win)
                j->r->moves[i].value = SOLVER_WIN, found = 1;
    j->root_value = v;
    if (v == SOLVER_WIN && !found) {
        j->root_value = SOLVER_UNKNOWN;
        snprintf(j->r->why, sizeof j->r->why, "the table lost the winning move");
    }
    atomic_store(&j->done, j->r->nmoves);
}

static int stopped(const solver_params *p) { return p->stop && atomic_load(p->stop); }

static void *work(void *arg)
{
    worker *w = arg;
    job *j = w->job;
    int me = w->g->ops->to_move(w->g);
    if (j->p->first) {
        if (w == &j->w[0])
            root_first(j, w, me);
        atomic_fetch_add(&j->finished, 1);
        return NULL;
    }
    for (;;) {
        int i = atomic_fetch_add(&j->next, 1);
        if (i >= j->r->nmoves || stopped(j->p))
            break;
        atomic_store(&w->busy, 1);
        solver_move *sm = &j->r->moves[i];
        if (sm->same_as >= 0) {
            atomic_fetch_add(&j->done, 1);
            continue;
        }
        w->g->ops->make(w->g, sm->move);
        sm->value = value_for(j, w->pns, w->g, me);
        if (j->p->replies && list_replies(j, w, sm, me) != 0)
            sm->value = SOLVER_UNKNOWN;
        w->g->ops->unmake(w->g);
        atomic_fetch_add(&j->done, 1);
        atomic_store(&w->busy, 0);
    }
    atomic_fetch_add(&j->finished, 1);
    return NULL;
}

static void progress(job *j, int64_t t0)
{
    solver_progress pr = {.ms = util_now_ms() - t0, .moves_done = atomic_load(&j->done),
                          .moves = j->r->nmoves};
    uint64_t used = 0, size = 0;
    int shown = 0;
    for (int i = 0; i < j->nworkers; i++) {
        pns_progress pp;
        pns_get_progress(j->w[i].pns, &pp);
        pr.nodes += pp.nodes;
        used += pp.tt_used, size += pp.tt_size;
        pr.memory_bytes += pns_memory_bytes(j->w[i].pns);
        if (!shown && atomic_load(&j->w[i].busy))
            pr.pn = pp.pn, pr.dn = pp.dn, shown = 1;
    }
    pr.tt_fill = size ? (double)used / (double)size : 0;
    j->p->progress(j->p->ctx, &pr);
}

static void sleep_ms(int64_t ms)
{
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int root_moves(const game *g, solver_result *r, char *err, size_t errlen)
{
    qmove mv[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, mv);
    if (n == 0) {
        snprintf(err, errlen, "the game is already over (%s)", game_result_text(g->ops->result(g)));
        return -1;
    }
    r->moves = calloc((size_t)n, sizeof *r->moves);
    if (!r->moves) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    r->nmoves = n;
    for (int i = 0; i < n; i++) {
        r->moves[i].move = mv[i];
        r->moves[i].same_as = -1;
        g->ops->move_to_text(g, mv[i], r->moves[i].text, sizeof r->moves[i].text);
    }
    return 0;
}

/* Moves to positions that are images of each other under a symmetry of
 * the board have one value: solve the first of each class only. */
static int share_symmetric(const game *g, solver_result *r)
{
    uint64_t *key = malloc((size_t)r->nmoves * sizeof *key);
    game *c = game_clone(g);
    if (!key || !c) {
        free(key), game_free(c);
        return -1;
    }
    for (int i = 0; i < r->nmoves; i++) {
        c->ops->make(c, r->moves[i].move);
        key[i] = c->ops->canonical_hash(c);
        c->ops->unmake(c);
        for (int k = 0; k < i && r->moves[i].same_as < 0; k++)
            if (key[k] == key[i])
                r->moves[i].same_as = k;
    }
    free(key), game_free(c);
    return 0;
}

/* Workers with their own game and table; returns how many were made. */
static int start_workers(job *j, const game *g, int64_t deadline)
{
    const solver_params *p = j->p;
    int n = p->threads < j->r->nmoves ? p->threads : j->r->nmoves;
    size_t mb = p->memory_mb / (size_t)n;
    pns_params pp = {.memory_mb = mb ? mb : 1, .deadline = deadline, .nodes = p->nodes,
                     .order_seed = p->order_seed};
    for (int i = 0; i < n; i++) {
        worker *w = &j->w[i];
        w->job = j;
        w->pns = pns_new(&pp);
        w->g = game_clone(g);
        if (!w->pns || !w->g) {
            pns_free(w->pns), game_free(w->g);
            return i;
        }
        j->nworkers = i + 1;
    }
    for (int i = 0; i < j->nworkers; i++)
        if (pthread_create(&j->w[i].tid, NULL, work, &j->w[i]) != 0) {
            for (int k = i; k < j->nworkers; k++)
                pns_free(j->w[k].pns), game_free(j->w[k].g);
            j->nworkers = i;
            break;
        }
    return j->nworkers;
}

static int root_value(const solver_result *r)
{
    int all_loss = 1, unknown = 0;
    for (int i = 0; i < r->nmoves; i++) {
        int v = r->moves[i].value;
        if (v == SOLVER_WIN)
            return SOLVER_WIN;
        all_loss &= v == SOLVER_LOSS;
        unknown |= v == SOLVER_UNKNOWN;
    }
    return all_loss ? SOLVER_LOSS : unknown ? SOLVER_UNKNOWN : SOLVER_DRAW;
}

int solver_run(const game *g, const solver_params *p, solver_result *out, char *err,
               size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (p->threads < 1 || p->threads > SOLVER_MAX_THREADS || p->memory_mb < 1) {
        snprintf(err, errlen, "threads must be 1..%d and memory at least 1 MB", SOLVER_MAX_THREADS);
        return -1;
    }
    if (root_moves(g, out, err, errlen) != 0)
        return -1;
    out->to_move = g->ops->to_move(g);
    if (g->ops->canonical_hash && !p->replies && share_symmetric(g, out) != 0) {
        snprintf(err, errlen, "out of memory");
        solver_result_free(out);
        return -1;
    }
    job *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    j->p = p, j->r = out;
    pthread_mutex_init(&j->lock, NULL);
    int64_t t0 = util_now_ms(), last = t0;
    if (start_workers(j, g, p->ms ? t0 + p->ms : 0) == 0) {
        snprintf(err, errlen, "out of memory for the tables (%zu MB)", p->memory_mb);
        pthread_mutex_destroy(&j->lock);
        free(j);
        return -1;
    }
    while (atomic_load(&j->finished) < j->nworkers) {
        sleep_ms(20);
        for (int i = 0; i < j->nworkers && stopped(p); i++)
            pns_stop(j->w[i].pns);
        if (p->progress && p->progress_ms && util_now_ms() - last >= p->progress_ms) {
            last = util_now_ms();
            progress(j, t0);
        }
    }
    for (int i = 0; i < j->nworkers; i++) {
        pthread_join(j->w[i].tid, NULL);
        pns_progress pp;
        pns_get_progress(j->w[i].pns, &pp);
        out->nodes += pp.nodes;
        out->memory_bytes += pns_memory_bytes(j->w[i].pns);
        pns_free(j->w[i].pns), game_free(j->w[i].g);
    }
    for (int i = 0; i < out->nmoves; i++)
        if (out->moves[i].same_as >= 0)
            out->moves[i].value = out->moves[out->moves[i].same_as].value;
    out->ms = util_now_ms() - t0;
    out->value = p->first ? j->root_value : root_value(out);
    pthread_mutex_destroy(&j->lock);
    free(j);
    return 0;
}

void solver_result_free(solver_result *r)
{
    for (int i = 0; i < r->nmoves; i++)
        free(r->moves[i].reply);
    free(r->moves);
    memset(r, 0, sizeof *r);
}

int solver_write_proof(const game *g, const solver_result *r, const solver_params *p,
                       const char *path, char *err, size_t errlen)
{
    if (r->value == SOLVER_UNKNOWN) {
        snprintf(err, errlen, "no proof: the value is unknown");
        return -1;
    }
    pns_params pp = {.memory_mb = p->memory_mb, .deadline = p->ms ? util_now_ms() + p->ms : 0,
                     .nodes = p->nodes, .order_seed = p->order_seed};
    pns *s = pns_new(&pp);
    game *c = game_clone(g);
    proof_writer *w = s && c ? proof_writer_open(path, g, err, errlen) : NULL;
    int rc = -1, me = r->to_move;
    if (!s || !c)
        snprintf(err, errlen, "out of memory for the table (%zu MB)", p->memory_mb);
    else if (w && r->value == SOLVER_WIN)
        rc = pns_write_proof(s, c, me, 1, w, err, errlen);
    else if (w && r->value == SOLVER_LOSS)
        rc = pns_write_proof(s, c, 1 - me, 1, w, err, errlen);
    else if (w)
        rc = pns_write_proof(s, c, me, 0, w, err, errlen) != 0
                 ? -1 : pns_write_proof(s, c, 1 - me, 0, w, err, errlen);
    if (w && rc == 0)
        rc = proof_writer_close(w, err, errlen);
    else
        proof_writer_abort(w);
    pns_free(s), game_free(c);
    return rc;
}
