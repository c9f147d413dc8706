/* mcts_policy.c - playouts and priors (see mcts_policy.h). */
#include "ai/mcts_policy.h"

/* An evaluation this sure (for the side to move) ends a playout as a win;
 * this unsure, as a loss (MC-LOA's evaluation cut-off). */
#define CUTOFF_SURE 0.85

/* The evaluation MCTS scores with: the game's playout one if it has one. */
static double evaluate(const game *g)
{
    return g->ops->playout_evaluate ? g->ops->playout_evaluate(g) : g->ops->evaluate(g);
}

float mcts_policy_prior(const game *g, int mover)
{
    double v = evaluate(g);
    return (float)(g->ops->to_move(g) == mover ? v : 1.0 - v);
}

/* Play up to step plies from g with the game's policy playout, its plain
 * playout, or random legal moves, keeping the moves in w->trace when
 * keep (step is then at most the room left); the result. */
static int play(mcts_worker *w, game *g, int step, int keep)
{
    const game_ops *ops = g->ops;
    qmove *trace = keep ? w->trace + w->ntrace : NULL;
    if (ops->policy_playout) {
        int k = 0;
        int r = ops->policy_playout(g, &w->rng, step, trace, &k);
        if (trace)
            w->ntrace += k;
        return r;
    }
    if (ops->playout && !trace)
        return ops->playout(g, &w->rng, step);
    for (int i = 0; i < step; i++) {
        int k = ops->legal_moves(g, w->moves);
        if (k == 0)
            break;
        qmove m = w->moves[rng_below(&w->rng, (uint32_t)k)];
        if (trace)
            w->trace[w->ntrace++] = m;
        ops->make(g, m);
    }
    return ops->result(g);
}

double mcts_policy_playout(mcts_worker *w, game *g, const mcts_params *p)
{
    const game_ops *ops = g->ops;
    int cutoff = ops->evaluate ? p->cutoff : 0;
    int limit = p->max_plies;
    if (ops->evaluate && p->eval_plies > 0 && p->eval_plies < limit)
        limit = p->eval_plies;
    int plies = 0, keep = w->trace_on;
    w->ntrace = 0;
    for (;;) {
        int r = ops->result(g);
        if (r != RESULT_NONE)
            return mcts_result_score(r);
        if (plies >= limit) {
            if (!ops->evaluate)
                return 0.5;
            double v = evaluate(g);
            return ops->to_move(g) == 0 ? v : 1.0 - v;
        }
        if (cutoff && plies > 0) {
            double v = evaluate(g);
            int side = ops->to_move(g);
            if (v >= CUTOFF_SURE)
                return side == 0 ? 1.0 : 0.0;
            if (v <= 1.0 - CUTOFF_SURE)
                return side == 0 ? 0.0 : 1.0;
        }
        int step = limit - plies;
        if (cutoff && cutoff < step)
            step = cutoff;
        if (keep && w->ntrace == MCTS_TRACE_MAX)
            keep = 0; /* full: the rest of this playout is not kept */
        if (keep && MCTS_TRACE_MAX - w->ntrace < step)
            step = MCTS_TRACE_MAX - w->ntrace;
        r = play(w, g, step, keep);
        if (r != RESULT_NONE)
            return mcts_result_score(r);
        plies += step;
    }
}
