/* think.c - a whole computer turn in a worker thread (see think.h). */
#define _POSIX_C_SOURCE 200809L
#include "ai/think.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MODE_TURN, MODE_ANALYZE, MODE_PONDER };

struct think {
    engine *eng;
    game *g;       /* private copy, played on by the worker */
    game *probe;   /* scratch: does a turn go on after this step? */
    int64_t budget;
    int mode;      /* MODE_TURN, or search until stopped and play nothing */
    atomic_int stopped;
    void (*done)(void *);
    void *arg;
    pthread_t thread;
    think_turn *turn;
};

void think_turn_free(think_turn *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->n; i++)
        free(t->notes[i]);
    free(t->notes);
    free(t->moves);
    free(t->text);
    free(t);
}

static int append(think_turn *t, qmove m, const char *token, const char *note)
{
    qmove *nm = realloc(t->moves, sizeof *nm * (size_t)(t->n + 1));
    if (!nm)
        return -1;
    t->moves = nm;
    char **nn = realloc(t->notes, sizeof *nn * (size_t)(t->n + 1));
    if (!nn)
        return -1;
    t->notes = nn;
    size_t old = t->text ? strlen(t->text) : 0;
    char *nt = realloc(t->text, old + strlen(token) + 2);
    if (!nt)
        return -1;
    t->text = nt;
    if (old)
        strcat(t->text, ",");
    else
        t->text[0] = 0;
    strcat(t->text, token);
    t->moves[t->n] = m;
    t->notes[t->n] = strdup(note);
    t->n++;
    return 0;
}

/* Will the side to move still be on turn after one more step? */
static int turn_goes_on(think *th)
{
    qmove moves[GAME_MAX_MOVES];
    const game_ops *ops = th->g->ops;
    if (ops->legal_moves(th->g, moves) == 0)
        return 0;
    ops->copy(th->probe, th->g);
    ops->make(th->probe, moves[0]);
    return ops->result(th->probe) == RESULT_NONE &&
           ops->to_move(th->probe) == ops->to_move(th->g);
}

/* Choose one move and note it in the turn; QMOVE_NONE when none. */
static qmove step(think *th)
{
    const game_ops *ops = th->g->ops;
    engine_report rep;
    memset(&rep, 0, sizeof rep);
    qmove m = th->mode == MODE_ANALYZE  ? engine_analyze(th->eng, th->g, &rep)
              : th->mode == MODE_PONDER ? engine_ponder(th->eng, th->g, &rep)
                                        : engine_choose(th->eng, th->g, &rep);
    if (th->turn->n == 0)
        th->turn->reused = rep.reused;
    th->turn->iterations += rep.iterations;
    if (m == QMOVE_NONE)
        return m;
    char token[GAME_MOVE_TEXT_MAX], note[512];
    ops->move_to_text(th->g, m, token, sizeof token);
    snprintf(note, sizeof note, "%s [value %.3f, %llu iterations, %lld ms%s]", rep.summary,
             rep.value, (unsigned long long)rep.iterations, (long long)rep.ms,
             rep.early ? ", stopped early: the best move could not change" : "");
    return append(th->turn, m, token, note) == 0 ? m : QMOVE_NONE;
}

static void *worker(void *arg)
{
    think *th = arg;
    game *g = th->g;
    const game_ops *ops = g->ops;
    think_turn *t = th->turn;
    int64_t t0 = util_now_ms();
    int mover = ops->to_move(g);
    if (th->mode != MODE_TURN)
        step(th);
    while (th->mode == MODE_TURN && ops->result(g) == RESULT_NONE && ops->to_move(g) == mover) {
        if (atomic_load(&th->stopped)) {
            engine_set_time_budget(th->eng, 1); /* finish the turn at once */
        } else if (th->budget > 0) {
            int64_t left = th->budget - (util_now_ms() - t0);
            if (turn_goes_on(th))
                left /= 2;
            engine_set_time_budget(th->eng, left < 1 ? 1 : left);
        }
        qmove m = step(th);
        if (m == QMOVE_NONE)
            break;
        ops->make(g, m);
    }
    engine_set_time_budget(th->eng, th->budget);
    t->ms = util_now_ms() - t0;
    t->stopped = atomic_load(&th->stopped);
    if (th->done)
        th->done(th->arg);
    return NULL;
}

static think *start(engine *e, const game *g, int64_t budget_ms, int mode,
                    void (*done)(void *), void *arg, char *err, size_t errlen)
{
    think *th = calloc(1, sizeof *th);
    if (!th) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    th->eng = e;
    th->budget = budget_ms;
    th->mode = mode;
    th->done = done;
    th->arg = arg;
    atomic_init(&th->stopped, 0);
    th->g = game_clone(g);
    th->probe = game_clone(g);
    th->turn = calloc(1, sizeof *th->turn);
    if (!th->g || !th->probe || !th->turn) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    engine_clear_stop(e); /* before the thread exists: a stop from now on counts */
    int rc = pthread_create(&th->thread, NULL, worker, th);
    if (rc != 0) {
        snprintf(err, errlen, "cannot start the search thread: %s", strerror(rc));
        goto fail;
    }
    return th;
fail:
    game_free(th->g);
    game_free(th->probe);
    free(th->turn);
    free(th);
    return NULL;
}

think *think_start(engine *e, const game *g, int64_t budget_ms, void (*done)(void *),
                   void *arg, char *err, size_t errlen)
{
    return start(e, g, budget_ms, MODE_TURN, done, arg, err, errlen);
}

think *think_analyze(engine *e, const game *g, void (*done)(void *), void *arg, char *err,
                     size_t errlen)
{
    return start(e, g, 0, MODE_ANALYZE, done, arg, err, errlen);
}

think *think_ponder(engine *e, const game *g, char *err, size_t errlen)
{
    return start(e, g, 0, MODE_PONDER, NULL, NULL, err, errlen);
}

void think_stop(think *t)
{
    atomic_store(&t->stopped, 1);
    engine_stop(t->eng);
}

think_turn *think_join(think *th)
{
    pthread_join(th->thread, NULL);
    think_turn *t = th->turn;
    game_free(th->g);
    game_free(th->probe);
    free(th);
    return t;
}
