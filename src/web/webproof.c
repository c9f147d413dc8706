/* webproof.c - the bounded proof beside an analysis (see webproof.h). */
#include "web/webproof.h"
#include "ai/solver.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

/* Proofs running at once over all games; an analysis beyond that goes on
 * without one ("value":"unknown" with an "error"). */
#define WEBPROOF_MAX_RUNNING 4

struct webproof {
    game *g;
    int ms;
    atomic_int stop;
    pthread_t tid;
    webproof_done done;
    void *arg;
};

static atomic_int running;

static json_t *result_json(int done, int value, const solver_result *r, int moves)
{
    json_t *win = json_array();
    int solved = 0;
    for (int i = 0; r && i < r->nmoves; i++) {
        solved += r->moves[i].value != SOLVER_UNKNOWN;
        if (r->moves[i].value == SOLVER_WIN)
            json_array_append_new(win, json_string(r->moves[i].text));
    }
    return json_pack("{s:b, s:s, s:o, s:i, s:i, s:I, s:I}", "done", done, "value",
                     solver_value_name(value), "winning", win, "solved", solved, "moves",
                     moves, "nodes", (json_int_t)(r ? r->nodes : 0), "ms",
                     (json_int_t)(r ? r->ms : 0));
}

static void *run(void *arg)
{
    webproof *p = arg;
    solver_params sp = {.memory_mb = WEBPROOF_MEMORY_MB, .ms = p->ms, .threads = 1,
                        .stop = &p->stop};
    solver_result r;
    char err[128];
    json_t *j;
    if (solver_run(p->g, &sp, &r, err, sizeof err) != 0) {
        j = result_json(1, SOLVER_UNKNOWN, NULL, 0);
        json_object_set_new(j, "error", json_string(err));
    } else {
        j = result_json(1, r.value, &r, r.nmoves);
        solver_result_free(&r);
    }
    atomic_fetch_sub(&running, 1);
    p->done(p->arg, j);
    return NULL;
}

/* Undo a start that failed: NULL with the message. */
static webproof *give_up(webproof *p, json_t **started, const char *msg, char *err,
                         size_t errlen)
{
    if (p)
        game_free(p->g);
    free(p);
    json_decref(*started);
    *started = NULL;
    atomic_fetch_sub(&running, 1);
    snprintf(err, errlen, "%s", msg);
    return NULL;
}

webproof *webproof_start(const game *g, int ms, webproof_done done, void *arg,
                         json_t **started, char *err, size_t errlen)
{
    *started = NULL;
    if (atomic_fetch_add(&running, 1) >= WEBPROOF_MAX_RUNNING) {
        char msg[64];
        snprintf(msg, sizeof msg, "too many proofs at once (%d)", WEBPROOF_MAX_RUNNING);
        return give_up(NULL, started, msg, err, errlen);
    }
    qmove moves[GAME_MAX_MOVES];
    webproof *p = calloc(1, sizeof *p);
    if (p)
        p->g = game_clone(g);
    if (p && p->g)
        *started = result_json(0, SOLVER_UNKNOWN, NULL, g->ops->legal_moves(g, moves));
    if (!p || !p->g || !*started)
        return give_up(p, started, "out of memory", err, errlen);
    p->ms = ms, p->done = done, p->arg = arg;
    atomic_init(&p->stop, 0);
    if (pthread_create(&p->tid, NULL, run, p) != 0)
        return give_up(p, started, "cannot start the proof's thread", err, errlen);
    return p;
}

void webproof_stop(webproof *p)
{
    if (!p)
        return;
    atomic_store(&p->stop, 1);
    pthread_join(p->tid, NULL);
    game_free(p->g);
    free(p);
}
