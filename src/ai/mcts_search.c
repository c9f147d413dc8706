/*
 * mcts_search.c - UCT with a score-bounds solver: selection, backup,
 * the iteration loop, the final choice and progress reports.
 *
 * Each iteration copies the root position into the worker's scratch game,
 * walks down the tree with make(), expands the leaf it reaches (all
 * children at once, each checked for an immediate end of game), plays out
 * from there and adds the result to every node on the path.  Selection
 * skips children that are proven or cannot beat what the node already has
 * for sure; a node that is not proven always keeps one such child, so the
 * walk never gets stuck.
 */
#include "ai/mcts_search.h"
#include "ai/mcts_amaf.h"
#include "ai/mcts_policy.h"
#include "util.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* sqrt(log(x)) for the small visit counts most selections see. */
#define SQRT_LOG_TABLE 4096
static float sqrt_log_table[SQRT_LOG_TABLE];
static pthread_once_t sqrt_log_once = PTHREAD_ONCE_INIT;

static void sqrt_log_init(void)
{
    for (int i = 1; i < SQRT_LOG_TABLE; i++)
        sqrt_log_table[i] = (float)sqrt(log((double)i));
}

static float sqrt_log(double x)
{
    return x < SQRT_LOG_TABLE ? sqrt_log_table[(int)x] : (float)sqrt(log(x));
}

/* Iterations a search makes for each root move at least to look for a
 * win in two among them (mcts_tree_win_in_two). */
#define WIN_IN_TWO_ITERATIONS 16

/* Bounds 0..2: neither proven nor dominated (most nodes). */
static int open_bounds(const mcts_node *c)
{
    return MCTS_LOAD(c->bounds) == MCTS_OPEN;
}

/* What a child must be able to beat to be searched: what n has for sure,
 * but below a win, so that a root already won may look for a shorter win
 * among the children still open. */
static int search_floor(const mcts_node *n)
{
    int lo = mcts_lo_for(n, n->side);
    return lo < 2 ? lo : 1;
}

/* Whether n, proven won, might still be won sooner through a child not
 * proven yet: the quickest such win is the child's move, then the
 * opponent's move when the turn passes, then the winning move (every
 * child's immediate end is known from its expansion). */
static int shorter_win_open(const mcts_tree *t, const mcts_node *n)
{
    int p = n->side, len = MCTS_LOAD(n->plies);
    if (mcts_lo_for(n, p) != 2 || len <= 2)
        return 0;
    const mcts_node *ch = &t->pool[n->child];
    for (int i = 0, k = n->nchild; i < k; i++)
        if (!mcts_proven(&ch[i]) && mcts_hi_for(&ch[i], p) == 2 && (ch[i].side == p ? 2 : 3) < len)
            return 1;
    return 0;
}

/* The search is over: the root is proven and no shorter win is open. */
static int root_settled(const mcts_tree *t, const mcts_node *root)
{
    return mcts_proven(root) && !shorter_win_open(t, root);
}

/* UCT among the children still worth searching; -1 if none.  With priors
 * each child counts its evaluation as prior_visits visits already made
 * (so promising moves are tried first and poor ones may wait); without,
 * every child is tried once before any twice.  A child's mean and
 * 1/sqrt(visits) are cached in it (mcts_tree_refresh). */
static int select_child(const mcts_tree *t, const mcts_node *n, double c_explore)
{
    int p = n->side, floor = search_floor(n), best = -1;
    float best_v = -1.0f, k = (float)c_explore * sqrt_log((double)n->visits + t->prior_visits + 1.0);
    const mcts_node *ch = &t->pool[n->child];
    for (int i = 0, nc = n->nchild; i < nc; i++) {
        const mcts_node *c = &ch[i];
        /* bounds 0..2 (most nodes) are neither proven nor dominated */
        if (!open_bounds(c) && (mcts_proven(c) || mcts_hi_for(c, p) <= floor))
            continue;
        float v = MCTS_LOAD(c->value) + k * MCTS_LOAD(c->inv_sqrt);
        if (v > best_v) {
            if (v >= MCTS_UNVISITED)
                return i; /* the first untried child */
            best_v = v;
            best = i;
        }
    }
    return best;
}

/* The same with RAVE: a child's mean is blended with its all-moves-as-
 * first mean, weighted by beta = a / (a + n + n a / rave) for a AMAF and
 * n real visits (prior weight included), so AMAF leads while visits are
 * few.  A child with neither visits nor AMAF statistics is tried first. */
static int select_child_rave(const mcts_tree *t, const mcts_node *n, double c_explore)
{
    int p = n->side, floor = search_floor(n), best = -1;
    float pv = (float)t->prior_visits, inv_rave = (float)(1.0 / t->rave);
    float best_v = -1.0f, k = (float)c_explore * sqrt_log((double)n->visits + pv + 1.0);
    const mcts_node *ch = &t->pool[n->child];
    for (int i = 0, nc = n->nchild; i < nc; i++) {
        const mcts_node *c = &ch[i];
        if (!open_bounds(c) && (mcts_proven(c) || mcts_hi_for(c, p) <= floor))
            continue;
        float v = c->value;
        if (c->amaf_visits) {
            float ia = 1.0f / (float)c->amaf_visits, am = c->amaf_wins * ia;
            if (v >= MCTS_UNVISITED) {
                v = am;
            } else {
                float nv = (float)c->visits + pv;
                v += (am - v) / (1.0f + nv * ia + nv * inv_rave);
            }
        }
        v += k * (c->inv_sqrt > 0 ? c->inv_sqrt : 1.0f); /* an untried move as if tried once */
        if (v > best_v) {
            if (v >= MCTS_UNVISITED)
                return i;
            best_v = v;
            best = i;
        }
    }
    return best;
}

/* Whether proven c's proof beats proven b's: shorter (a win) or longer
 * (a loss, when longest), of equal ones the more visited. */
static int better_proof(const mcts_node *c, const mcts_node *b, int longest)
{
    int lc = MCTS_LOAD(c->plies), lb = MCTS_LOAD(b->plies);
    if (lc != lb)
        return longest ? lc > lb : lc < lb;
    return c->visits > b->visits;
}

/* The move to play from n: the shortest proven win (the most visited of
 * equals); else the most visited move that can still win, unless it scores
 * below a draw and a proven draw exists; else a proven draw; else the most
 * visited move that can still draw; else (all lost) the longest loss.  -1
 * if n has no children. */
static int best_child(const mcts_tree *t, const mcts_node *n)
{
    if (!n->nchild)
        return -1;
    int p = n->side;
    const mcts_node *ch = &t->pool[n->child];
    int win = -1, draw = -1, live = -1, drawish = -1, lost = -1;
    for (int i = 0; i < n->nchild; i++) {
        const mcts_node *c = &ch[i];
        if (mcts_proven(c)) {
            int v = mcts_lo_for(c, p);
            if (v == 2 && (win < 0 || better_proof(c, &ch[win], 0)))
                win = i;
            else if (v == 0 && (lost < 0 || better_proof(c, &ch[lost], 1)))
                lost = i;
            else if (v == 1 && (draw < 0 || c->visits > ch[draw].visits))
                draw = i;
        } else if (mcts_hi_for(c, p) == 2) {
            if (live < 0 || c->visits > ch[live].visits)
                live = i;
        } else if (mcts_hi_for(c, p) == 1) {
            if (drawish < 0 || c->visits > ch[drawish].visits)
                drawish = i;
        }
    }
    if (win >= 0)
        return win;
    if (live >= 0) {
        const mcts_node *c = &ch[live];
        double mean = c->visits ? c->wins / c->visits : 0.5;
        if (draw < 0 || mean >= 0.5)
            return live;
    }
    if (draw >= 0)
        return draw;
    if (drawish >= 0)
        return drawish;
    return lost >= 0 ? lost : 0; /* 0: bounds that changed while read */
}

/* The best line from the root, as moves; its length. */
static int principal_variation(const mcts_tree *t, qmove *pv, int max)
{
    const mcts_node *n = &t->pool[t->root];
    int d = 0;
    while (d < max) {
        int i = best_child(t, n);
        if (i < 0)
            break;
        const mcts_node *c = &t->pool[n->child + (uint32_t)i];
        if (!c->visits && !mcts_proven(c))
            break;
        pv[d++] = c->move;
        n = c;
    }
    return d;
}

static int proven_for(const mcts_node *n, int p)
{
    if (!mcts_proven(n))
        return 0;
    int v = mcts_lo_for(n, p);
    return v == 2 ? ENGINE_PROVEN_WIN : v == 0 ? ENGINE_PROVEN_LOSS : ENGINE_PROVEN_DRAW;
}

static int by_visits(const void *a, const void *b)
{
    const engine_candidate *x = a, *y = b;
    if (x->visits != y->visits)
        return x->visits < y->visits ? 1 : -1;
    return x->value < y->value ? 1 : x->value > y->value ? -1 : 0;
}

/* The root's children as candidates, the move best_child picks first,
 * then by visits; their number. */
static int candidates(mcts_tree *t)
{
    const mcts_node *root = &t->pool[t->root];
    int side = root->side, best = best_child(t, root);
    const mcts_node *ch = &t->pool[root->child];
    for (int i = 0; i < root->nchild; i++) {
        engine_candidate *c = &t->cand[i];
        c->move = ch[i].move;
        c->visits = ch[i].visits;
        c->prior = ch[i].prior;
        c->proven = proven_for(&ch[i], side);
        c->plies = c->proven ? MCTS_LOAD(ch[i].plies) + 1 : 0;
        c->value = c->proven ? mcts_lo_for(&ch[i], side) * 0.5
                   : ch[i].visits ? ch[i].wins / ch[i].visits : 0.5;
    }
    if (best > 0) {
        engine_candidate b = t->cand[best];
        t->cand[best] = t->cand[0];
        t->cand[0] = b;
    }
    if (root->nchild > 2)
        qsort(t->cand + 1, (size_t)root->nchild - 1, sizeof t->cand[0], by_visits);
    return root->nchild;
}

static void report(mcts_tree *t, const mcts_params *p, const mcts_result *r, int64_t t0, int final)
{
    engine_progress pr;
    qmove pv[ENGINE_PV_MAX];
    pr.ms = util_now_ms() - t0;
    pr.iterations = r->iterations;
    pr.value = r->value;
    pr.proven = proven_for(&t->pool[t->root], t->pool[t->root].side);
    pr.ncand = candidates(t);
    pr.cand = t->cand;
    pr.npv = principal_variation(t, pv, ENGINE_PV_MAX);
    pr.pv = pv;
    pr.final = final;
    pr.nodes = t->used;
    pr.capacity = t->cap;
    pr.depth = 0;
    p->progress(&pr, p->progress_arg);
}

/* Is one child of n the only one not proven lost for the side to move? */
static int only_move_left(const mcts_tree *t, const mcts_node *n)
{
    int open = 0, p = n->side;
    const mcts_node *ch = &t->pool[n->child];
    for (int i = 0; i < n->nchild && open < 2; i++)
        open += mcts_hi_for(&ch[i], p) > 0;
    return open == 1;
}

/* The move to play and what is known of it, after it iterations. */
static void fill_result(mcts_tree *t, mcts_result *res, uint64_t it)
{
    const mcts_node *root = &t->pool[t->root];
    int side = root->side;
    const mcts_node *b = &t->pool[root->child + (uint32_t)best_child(t, root)];
    res->move = b->move;
    res->iterations = it;
    res->nodes = t->used;
    res->visits = b->visits;
    res->win_rate = b->visits ? b->wins / b->visits : 0.5;
    res->forced = !mcts_proven(root) && only_move_left(t, root);
    if (mcts_proven(root)) {
        res->proven = 1;
        res->value = mcts_lo_for(root, side) * 0.5;
        res->plies = MCTS_LOAD(root->plies);
    } else if (mcts_proven(b)) {
        res->value = mcts_lo_for(b, side) * 0.5;
    } else {
        res->value = res->win_rate;
    }
    res->npv = principal_variation(t, res->pv, ENGINE_PV_MAX);
}

/* Visits a leaf takes before it grows children: the expand setting while
 * half the pool is free, then twice as many for each further sixteenth
 * used, so a long search (an analysis) keeps deepening its most visited
 * lines rather than freezing its tree when the pool is full. */
static uint32_t expand_visits(const mcts_tree *t)
{
    uint32_t used = MCTS_LOAD(t->used), half = t->cap / 2;
    if (used <= half)
        return t->expand;
    return t->expand << (1 + (uint64_t)(used - half) * 16 / t->cap);
}

/* One iteration: down the tree from the root (a copy of g), expand or play
 * out at the leaf, and back the score up the path with the bounds.  With
 * several threads each node below the root counts the visit when the path
 * takes it (a virtual loss until the score comes back). */
static void iterate(mcts_tree *t, mcts_worker *w, const game *g, const mcts_params *p)
{
    const game_ops *ops = g->ops;
    game *s = w->scratch;
    ops->copy(s, g);
    int depth = 0, leaf_changed = 0;
    w->path[0] = t->root;
    w->ntrace = 0;
    mcts_node *n = &t->pool[t->root];
    double score;
    for (;;) {
        if (mcts_proven(n) && (depth > 0 || !shorter_win_open(t, n))) {
            score = mcts_lo(n) * 0.5;
            break;
        }
        if (!n->nchild) {
            /* a leaf plays out until it has its expand visits (with threads,
             * counting this path's own) */
            if (n->visits < expand_visits(t) + (uint32_t)(t->shared && depth > 0) ||
                depth >= MCTS_MAX_DEPTH - 1 ||
                !mcts_tree_expand(t, w, n, s, depth <= MCTS_CHECK_DEPTH)) {
                score = mcts_policy_playout(w, s, p);
                break;
            }
            if (mcts_tree_update_bounds(t, n) && mcts_proven(n)) {
                leaf_changed = 1;
                score = mcts_lo(n) * 0.5;
                break;
            }
        }
        int i = t->rave > 0 ? select_child_rave(t, n, p->c) : select_child(t, n, p->c);
        if (i < 0) { /* only while n is proven (or, with threads, about to be) */
            score = mcts_policy_playout(w, s, p);
            break;
        }
        uint32_t ci = n->child + (uint32_t)i;
        n = &t->pool[ci];
        if (t->shared) {
            n->visits += 1;
            mcts_tree_refresh(t, n);
        }
        ops->make(s, n->move);
        w->path[++depth] = ci;
        if (!(n->flags & MCTS_NODE_SEEN) && mcts_tree_see(n, s))
            leaf_changed = 1;
    }
    for (int d = depth; d >= 0; d--) {
        mcts_node *x = &t->pool[w->path[d]];
        if (!t->shared || d == 0)
            MCTS_ADD(t, x->visits, 1);
        if (d > 0) {
            mcts_add_score(t, &x->wins, t->pool[w->path[d - 1]].side == 0 ? score : 1.0 - score);
            mcts_tree_refresh(t, x);
        }
    }
    for (int d = depth; d >= 0; d--)
        if (!mcts_tree_update_bounds(t, &t->pool[w->path[d]]) && !(d == depth && leaf_changed))
            break;
    if (t->rave > 0) {
        mcts_amaf_record(t, w, depth);
        mcts_amaf_update(t, w, depth, score);
    }
}

/* What the threads of one search share. */
typedef struct search {
    mcts_tree *t;
    const game *g;
    const mcts_params *p;
    atomic_int *stop;
    int64_t t0;
    int only_move;
    _Atomic uint64_t begun; /* iterations begun, by every thread */
    atomic_int over;        /* a thread met a limit: every one ends */
    mcts_result *res;       /* the calling thread's progress reports */
} search;

/* Iterate until a limit; the iterations this thread made.  The calling
 * thread (reporter) also sends the progress reports. */
static uint64_t work(search *s, mcts_worker *w, int reporter)
{
    const mcts_params *p = s->p;
    mcts_tree *t = s->t;
    const mcts_node *root = &t->pool[t->root];
    int progress_ms = reporter && p->progress ? p->progress_ms : 0;
    int64_t last_report = s->t0;
    uint64_t done = 0;
    /* a move every other one of which is proven lost is left to the
     * engine's early stop under a time limit: by iterations alone the
     * count stays exact */
    while (!root_settled(t, root) && !s->only_move && !atomic_load_explicit(&s->over, memory_order_relaxed)) {
        if (p->iterations && atomic_load_explicit(&s->begun, memory_order_relaxed) >= p->iterations)
            break;
        if (s->stop && atomic_load_explicit(s->stop, memory_order_relaxed))
            break;
        /* at least one round of iterations, however late the search starts */
        if (done && (done & 15) == 0 && (p->ms || progress_ms > 0)) {
            int64_t now = util_now_ms();
            if (p->ms && now - s->t0 >= p->ms)
                break;
            if (progress_ms > 0 && now - last_report >= progress_ms) {
                fill_result(t, s->res, atomic_load(&s->begun));
                report(t, p, s->res, s->t0, 0);
                last_report = now;
            }
        }
        /* another thread may have taken the last one meanwhile */
        if (atomic_fetch_add(&s->begun, 1) >= p->iterations && p->iterations)
            break;
        done++;
        iterate(t, w, s->g, p);
    }
    atomic_store(&s->over, 1);
    return done;
}

typedef struct job {
    search *s;
    mcts_worker *w;
    uint64_t done;
    pthread_t thread;
} job;

static void *job_main(void *arg)
{
    job *j = arg;
    j->done = work(j->s, j->w, 0);
    return NULL;
}

/* Worker i ready for g: its scratch game a copy of g with room for the
 * deepest line (the tree, then a whole playout), so that make() never
 * allocates, and its random numbers from the seed, the position and i
 * (worker 0's as with one thread).  0, or -1 without the memory. */
static int ready_worker(mcts_worker *w, int i, const game *g, const mcts_params *p)
{
    const game_ops *ops = g->ops;
    if (!game_same_rules(w->scratch, g)) {
        game_free(w->scratch);
        w->scratch = game_clone(g);
    }
    game *s = w->scratch;
    int need = s ? ops->ply(g) + p->max_plies + 256 - ops->ply(s) : 0;
    if (!s || game_reserve(s, need > 0 ? need : 0) != 0)
        return -1;
    ops->copy(s, g);
    /* the same seed in the same position gives the same search */
    rng_seed(&w->rng, (p->seed ^ (ops->hash(g) * 0x9E3779B97F4A7C15ull) ^ (uint64_t)ops->ply(g)) +
                          (uint64_t)i * 0xD1B54A32D192ED03ull);
    return 0;
}

/* Search with worker 0 in this thread and up to nw - 1 more threads; the
 * iterations made. */
static uint64_t run_threads(search *s, mcts_worker *const *w, int nw)
{
    job jobs[MCTS_THREADS_MAX];
    int started = 0;
    for (int i = 1; i < nw && i < MCTS_THREADS_MAX; i++) {
        if (ready_worker(w[i], i, s->g, s->p) != 0)
            break;
        w[i]->trace_on = w[0]->trace_on;
        jobs[i] = (job){s, w[i], 0, 0};
        started = i;
    }
    s->t->shared = started > 0;
    for (int i = 1; i <= started; i++)
        if (pthread_create(&jobs[i].thread, NULL, job_main, &jobs[i]) != 0) {
            started = i - 1;
            break;
        }
    uint64_t it = work(s, w[0], 1);
    for (int i = 1; i <= started; i++) {
        pthread_join(jobs[i].thread, NULL);
        it += jobs[i].done;
    }
    s->t->shared = 0;
    return it;
}

/* The tree's settings for this search, and its root: the subtree of the
 * last search's where the game went on from there and the settings agree
 * (returns its node), else a fresh root (returns 0). */
static uint32_t set_up_tree(mcts_tree *t, mcts_worker *w, const game *g, const mcts_params *p,
                            int room, mcts_turn *turn)
{
    const game_ops *ops = g->ops;
    /* priors from the game's priors hook, else its evaluation */
    int hook = ops->priors != NULL;
    double pv = ops->evaluate || hook ? p->prior : 0;
    /* the cached selection terms hold the prior weight they were made with */
    uint32_t reuse = room && p->reuse && pv == t->prior_visits && hook == t->prior_hook
                         ? mcts_tree_reusable_root(t, w, g, turn) : 0;
    t->prior_visits = pv;
    t->prior_hook = hook;
    t->priors = ops->priors;
    t->shared = 0;
    /* where turns are not one move, the playout marks who made each move */
    t->marked_trace = ops->multi_move_turns && ops->multi_move_turns(g);
    t->rave = p->rave;
    w->trace_on = t->rave > 0;
    t->expand = p->expand > 1 ? (uint32_t)p->expand : 1;
    t->have_tree = 0;
    if (reuse) {
        t->root = reuse;
    } else {
        t->root = 0;
        t->used = 1;
        mcts_tree_init_node(&t->pool[0], QMOVE_NONE, ops->to_move(g));
        t->pool[0].flags = MCTS_NODE_SEEN;
    }
    return reuse;
}

/* The answer where there is nothing to search: the game is over, or there
 * is no room even for the root's children (any legal move). */
static void answer_unsearched(mcts_worker *w, const game *g, int side, mcts_result *res)
{
    const game_ops *ops = g->ops;
    if (ops->result(g) != RESULT_NONE) {
        res->value = mcts_result_score(ops->result(g));
        res->value = side == 0 ? res->value : 1.0 - res->value;
        res->proven = 1;
    } else {
        int k = ops->legal_moves(g, w->moves);
        res->move = k ? w->moves[0] : QMOVE_NONE;
    }
}

static qmove finish(mcts_tree *t, const mcts_params *p, mcts_result *res, int64_t t0,
                    mcts_result *out)
{
    if (p->progress)
        report(t, p, res, t0, 1);
    res->ms = util_now_ms() - t0;
    if (out)
        *out = *res;
    return res->move;
}

qmove mcts_search_run(mcts_tree *t, mcts_worker *const *workers, int nworkers, const game *g,
                      const mcts_params *p, atomic_int *stop, mcts_result *out)
{
    const game_ops *ops = g->ops;
    int64_t t0 = util_now_ms();
    mcts_result res;
    memset(&res, 0, sizeof res);
    res.move = QMOVE_NONE;
    res.value = 0.5;
    mcts_worker *w = workers[0];

    if (!game_same_rules(w->scratch, g))
        t->have_tree = 0;
    int room = ready_worker(w, 0, g, p) == 0;
    mcts_turn turn = {0};
    uint32_t reuse = set_up_tree(t, w, g, p, room, &turn);
    mcts_node *root = &t->pool[t->root];
    if (reuse)
        res.reused = root->visits;
    /* without room for the deepest line the search plays any legal move */
    if (room)
        ops->copy(w->scratch, g);
    if (room && reuse && ops->search_moves)
        mcts_tree_widen_root(t, w, w->scratch, &turn);
    pthread_once(&sqrt_log_once, sqrt_log_init);
    if (!room || ops->result(g) != RESULT_NONE ||
        (!reuse && !mcts_tree_expand(t, w, root, w->scratch, 1))) {
        answer_unsearched(w, g, root->side, &res);
        return finish(t, p, &res, t0, out);
    }
    mcts_tree_update_bounds(t, root);
    /* a win in two, where the search costs more than looking for one
     * (a few playouts' moves for each root move), in games of one move a
     * turn (a move and a reply) */
    if (!mcts_proven(root) && !t->marked_trace &&
        (!p->iterations || p->iterations >= WIN_IN_TWO_ITERATIONS * root->nchild))
        mcts_tree_win_in_two(t, w, w->scratch);
    t->have_tree = 1;
    t->root_hash = ops->hash(g);
    t->root_ply = ops->ply(g);

    search s = {t, g, p, stop, t0, root->nchild == 1, 0, 0, &res};
    uint64_t it = run_threads(&s, workers, nworkers);

    fill_result(t, &res, it);
    return finish(t, p, &res, t0, out);
}
