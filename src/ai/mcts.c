/*
 * mcts.c - UCT with a score-bounds solver over a preallocated node pool.
 *
 * Each iteration copies the root position into one scratch game, walks down
 * the tree with make(), expands the leaf it reaches (all children at once,
 * in a block of the pool, each checked for an immediate end of game), plays
 * out from there and adds the result to every node on the path.
 *
 * Bounds are kept in half points for the first player (0 loss, 1 draw,
 * 2 win).  A node's bounds are the max (first player to move) or min
 * (second player to move) of its children's, so a winning child proves a
 * win, all children lost proves a loss, and draws fall out the same way.
 * Selection skips children that are proven or cannot beat what the node
 * already has for sure; a node that is not proven always keeps one such
 * child, so the walk never gets stuck.
 */
#include "ai/mcts.h"
#include "rng.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 1024
#define NODE_TERMINAL 1 /* the game is over in this node */

/* An evaluation this sure (for the side to move) ends a playout as a win;
 * this unsure, as a loss (MC-LOA's evaluation cut-off). */
#define CUTOFF_SURE 0.85

typedef struct node {
    double wins;    /* score for the player who moved into this node */
    float prior;    /* the evaluation of this node for that player */
    uint32_t visits;
    uint32_t child; /* index of the first child; children are contiguous */
    qmove move;     /* the move that leads here */
    uint16_t nchild;
    uint8_t side;   /* player to move here */
    uint8_t lo, hi; /* proven bounds on the first player's score, half points */
    uint8_t flags;
} node;

struct mcts {
    node *pool;
    uint32_t cap, used;
    size_t mb;
    game *scratch;
    rng rng;
    double prior_visits; /* weight of a child's prior, in visits (0: none) */
    uint32_t root;       /* the last search's root, kept for the next one */
    int have_tree;
    uint64_t root_hash;
    int root_ply;
    uint32_t path[MAX_DEPTH];
    qmove moves[GAME_MAX_MOVES];
    engine_candidate cand[GAME_MAX_MOVES]; /* progress reports */
};

mcts *mcts_new(size_t memory_mb)
{
    mcts *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    uint64_t n = (uint64_t)memory_mb * 1024 * 1024 / sizeof(node);
    if (n > UINT32_MAX)
        n = UINT32_MAX;
    if (n < GAME_MAX_MOVES + 1)
        n = GAME_MAX_MOVES + 1;
    /* malloc, not calloc: untouched pages of a big pool cost nothing */
    t->pool = malloc(sizeof(node) * (size_t)n);
    if (!t->pool) {
        free(t);
        return NULL;
    }
    t->cap = (uint32_t)n;
    t->mb = memory_mb;
    return t;
}

void mcts_free(mcts *t)
{
    if (!t)
        return;
    game_free(t->scratch);
    free(t->pool);
    free(t);
}

size_t mcts_memory_mb(const mcts *t) { return t->mb; }

/* ---- scores and bounds ---- */

static double result_score(int result)
{
    return result == RESULT_FIRST ? 1.0 : result == RESULT_SECOND ? 0.0 : 0.5;
}

static uint8_t result_halves(int result)
{
    return result == RESULT_FIRST ? 2 : result == RESULT_SECOND ? 0 : 1;
}

/* Bounds seen by player p. */
static int lo_for(const node *n, int p) { return p == 0 ? n->lo : 2 - n->hi; }
static int hi_for(const node *n, int p) { return p == 0 ? n->hi : 2 - n->lo; }
static int proven(const node *n) { return n->lo == n->hi; }

/* Recompute n's bounds from its children; 1 if they changed. */
static int update_bounds(mcts *t, node *n)
{
    if (!n->nchild)
        return 0;
    const node *c = &t->pool[n->child];
    int lo = c[0].lo, hi = c[0].hi;
    for (int i = 1; i < n->nchild; i++) {
        if (n->side == 0) {
            if (c[i].lo > lo) lo = c[i].lo;
            if (c[i].hi > hi) hi = c[i].hi;
        } else {
            if (c[i].lo < lo) lo = c[i].lo;
            if (c[i].hi < hi) hi = c[i].hi;
        }
    }
    if (lo == n->lo && hi == n->hi)
        return 0;
    n->lo = (uint8_t)lo;
    n->hi = (uint8_t)hi;
    return 1;
}

static void init_node(node *n, qmove m, int side)
{
    n->wins = 0;
    n->prior = 0.5f;
    n->visits = 0;
    n->child = 0;
    n->move = m;
    n->nchild = 0;
    n->side = (uint8_t)side;
    n->lo = 0;
    n->hi = 2;
    n->flags = 0;
}

/* Give n (the position in g) all its children, in random order so that
 * "first unvisited" is a random pick, each with the evaluation as its prior
 * when the search uses one.  0 when the pool has no room. */
static int expand(mcts *t, node *n, game *g)
{
    const game_ops *ops = g->ops;
    int k = ops->legal_moves(g, t->moves);
    if (k == 0 || t->cap - t->used < (uint32_t)k)
        return 0;
    for (int i = k - 1; i > 0; i--) {
        int j = (int)rng_below(&t->rng, (uint32_t)i + 1);
        qmove m = t->moves[i];
        t->moves[i] = t->moves[j];
        t->moves[j] = m;
    }
    node *c = &t->pool[t->used];
    for (int i = 0; i < k; i++) {
        ops->make(g, t->moves[i]);
        init_node(&c[i], t->moves[i], ops->to_move(g));
        int r = ops->result(g);
        if (r != RESULT_NONE) {
            c[i].lo = c[i].hi = result_halves(r);
            c[i].flags = NODE_TERMINAL;
            c[i].prior = (float)(n->side == 0 ? result_score(r) : 1.0 - result_score(r));
        } else if (t->prior_visits > 0) {
            double v = ops->evaluate(g);
            c[i].prior = (float)(c[i].side == n->side ? v : 1.0 - v);
        }
        ops->unmake(g);
    }
    n->child = t->used;
    n->nchild = (uint16_t)k;
    t->used += (uint32_t)k;
    return 1;
}

/* UCT among the children still worth searching; -1 if none.  With priors
 * each child counts its evaluation as prior_visits visits already made
 * (so promising moves are tried first and poor ones may wait); without,
 * every child is tried once before any twice. */
static int select_child(const mcts *t, const node *n, double c_explore)
{
    int p = n->side, floor = lo_for(n, p), best = -1;
    double pv = t->prior_visits;
    double best_v = -1.0, log_n = log((double)n->visits + pv + 1.0);
    const node *ch = &t->pool[n->child];
    for (int i = 0; i < n->nchild; i++) {
        const node *c = &ch[i];
        if (proven(c) || hi_for(c, p) <= floor)
            continue;
        if (c->visits == 0 && pv == 0)
            return i;
        double visits = c->visits + pv;
        double v = (c->wins + pv * c->prior) / visits + c_explore * sqrt(log_n / visits);
        if (v > best_v) {
            best_v = v;
            best = i;
        }
    }
    return best;
}

/* ---- playouts ---- */

/* Play on from g; the first player's score.  With an evaluation the
 * playout is judged every p->cutoff plies (a sure evaluation ends it as a
 * win or loss) and ends after p->eval_plies plies with the evaluation as
 * its score; without one it runs to the end or to p->max_plies (a draw). */
static double playout(mcts *t, game *g, const mcts_params *p)
{
    const game_ops *ops = g->ops;
    int cutoff = ops->evaluate ? p->cutoff : 0;
    int limit = p->max_plies;
    if (ops->evaluate && p->eval_plies > 0 && p->eval_plies < limit)
        limit = p->eval_plies;
    int plies = 0;
    for (;;) {
        int r = ops->result(g);
        if (r != RESULT_NONE)
            return result_score(r);
        if (plies >= limit) {
            if (!ops->evaluate)
                return 0.5;
            double v = ops->evaluate(g);
            return ops->to_move(g) == 0 ? v : 1.0 - v;
        }
        if (cutoff && plies > 0) {
            double v = ops->evaluate(g);
            int side = ops->to_move(g);
            if (v >= CUTOFF_SURE)
                return side == 0 ? 1.0 : 0.0;
            if (v <= 1.0 - CUTOFF_SURE)
                return side == 0 ? 0.0 : 1.0;
        }
        int step = limit - plies;
        if (cutoff && cutoff < step)
            step = cutoff;
        if (ops->playout) {
            r = ops->playout(g, &t->rng, step);
            if (r != RESULT_NONE)
                return result_score(r);
        } else {
            for (int i = 0; i < step; i++) {
                int k = ops->legal_moves(g, t->moves);
                if (k == 0)
                    break;
                ops->make(g, t->moves[rng_below(&t->rng, (uint32_t)k)]);
            }
        }
        plies += step;
    }
}

/* ---- choosing ---- */

/* The move to play from n: a proven win (an immediate one first); else
 * the most visited move that can still win, unless it scores below a draw
 * and a proven draw exists; else a proven draw; else the most visited move
 * that can still draw; else (all lost) the most visited move.  -1 if n has
 * no children. */
static int best_child(const mcts *t, const node *n)
{
    if (!n->nchild)
        return -1;
    int p = n->side;
    const node *ch = &t->pool[n->child];
    int win = -1, draw = -1, live = -1, drawish = -1, any = 0;
    for (int i = 0; i < n->nchild; i++) {
        const node *c = &ch[i];
        if (c->visits > ch[any].visits)
            any = i;
        if (proven(c)) {
            int v = lo_for(c, p);
            int term = c->flags & NODE_TERMINAL;
            if (v == 2 && (win < 0 || term > (ch[win].flags & NODE_TERMINAL) ||
                           (term == (ch[win].flags & NODE_TERMINAL) && c->visits > ch[win].visits)))
                win = i;
            else if (v == 1 && (draw < 0 || c->visits > ch[draw].visits))
                draw = i;
        } else if (hi_for(c, p) == 2) {
            if (live < 0 || c->visits > ch[live].visits)
                live = i;
        } else if (hi_for(c, p) == 1) {
            if (drawish < 0 || c->visits > ch[drawish].visits)
                drawish = i;
        }
    }
    if (win >= 0)
        return win;
    if (live >= 0) {
        const node *c = &ch[live];
        double mean = c->visits ? c->wins / c->visits : 0.5;
        if (draw < 0 || mean >= 0.5)
            return live;
    }
    if (draw >= 0)
        return draw;
    if (drawish >= 0)
        return drawish;
    return any;
}

/* The best line from the root, as moves; its length. */
static int principal_variation(const mcts *t, qmove *pv, int max)
{
    const node *n = &t->pool[t->root];
    int d = 0;
    while (d < max) {
        int i = best_child(t, n);
        if (i < 0)
            break;
        const node *c = &t->pool[n->child + (uint32_t)i];
        if (!c->visits && !proven(c))
            break;
        pv[d++] = c->move;
        n = c;
    }
    return d;
}

/* ---- progress ---- */

static int proven_for(const node *n, int p)
{
    if (!proven(n))
        return 0;
    int v = lo_for(n, p);
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
static int candidates(mcts *t)
{
    const node *root = &t->pool[t->root];
    int side = root->side, best = best_child(t, root);
    const node *ch = &t->pool[root->child];
    for (int i = 0; i < root->nchild; i++) {
        engine_candidate *c = &t->cand[i];
        c->move = ch[i].move;
        c->visits = ch[i].visits;
        c->prior = ch[i].prior;
        c->proven = proven_for(&ch[i], side);
        c->value = c->proven ? lo_for(&ch[i], side) * 0.5
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

static void report(mcts *t, const mcts_params *p, const mcts_result *r, int64_t t0, int final)
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
    p->progress(&pr, p->progress_arg);
}

/* ---- the search ---- */

static int same_game(const game *a, const game *b)
{
    return a && a->ops == b->ops && memcmp(a->opt, b->opt, sizeof a->opt) == 0;
}

/* The node of the last search's tree that stands for g, when g is the
 * last root followed by at least one move the tree has, and the pool is
 * at most half full (so a long game cannot starve the search of nodes).
 * 0 if none (the root of a fresh tree is node 0, never a reused one). */
static uint32_t reusable_root(mcts *t, const game *g)
{
    const game_ops *ops = g->ops;
    int d = ops->ply(g) - t->root_ply;
    if (!t->have_tree || t->used > t->cap / 2 || d <= 0 || d > 64)
        return 0;
    game *s = t->scratch;
    ops->copy(s, g);
    for (int i = 0; i < d; i++)
        ops->unmake(s);
    if (ops->hash(s) != t->root_hash || ops->to_move(s) != t->pool[t->root].side)
        return 0;
    uint32_t n = t->root;
    for (int i = t->root_ply; i < ops->ply(g); i++) {
        qmove m = ops->move_at(g, i);
        const node *x = &t->pool[n];
        uint32_t next = 0;
        for (uint32_t k = 0; k < x->nchild && !next; k++)
            if (t->pool[x->child + k].move == m)
                next = x->child + k;
        if (!next)
            return 0;
        n = next;
    }
    return t->pool[n].nchild ? n : 0;
}

/* The move to play and what is known of it, after it iterations. */
static void fill_result(mcts *t, mcts_result *res, uint64_t it)
{
    const node *root = &t->pool[t->root];
    int side = root->side;
    const node *b = &t->pool[root->child + (uint32_t)best_child(t, root)];
    res->move = b->move;
    res->iterations = it;
    res->nodes = t->used;
    res->visits = b->visits;
    res->win_rate = b->visits ? b->wins / b->visits : 0.5;
    if (proven(root)) {
        res->proven = 1;
        res->value = lo_for(root, side) * 0.5;
    } else if (proven(b)) {
        res->value = lo_for(b, side) * 0.5;
    } else {
        res->value = res->win_rate;
    }
    res->npv = principal_variation(t, res->pv, ENGINE_PV_MAX);
}

qmove mcts_search(mcts *t, const game *g, const mcts_params *p,
                  atomic_int *stop, mcts_result *out)
{
    const game_ops *ops = g->ops;
    int64_t t0 = util_now_ms();
    mcts_result res;
    memset(&res, 0, sizeof res);
    res.move = QMOVE_NONE;
    res.value = 0.5;

    if (!same_game(t->scratch, g)) {
        game_free(t->scratch);
        t->scratch = game_clone(g);
        t->have_tree = 0;
    }
    game *s = t->scratch;
    /* the same seed in the same position gives the same search */
    rng_seed(&t->rng, p->seed ^ (ops->hash(g) * 0x9E3779B97F4A7C15ull) ^ (uint64_t)ops->ply(g));

    t->prior_visits = ops->evaluate ? p->prior : 0;
    uint32_t reuse = p->reuse ? reusable_root(t, g) : 0;
    t->have_tree = 0;
    if (reuse) {
        t->root = reuse;
        res.reused = t->pool[reuse].visits;
    } else {
        t->root = 0;
        t->used = 1;
        init_node(&t->pool[0], QMOVE_NONE, ops->to_move(g));
    }
    node *root = &t->pool[t->root];
    int side = root->side;
    ops->copy(s, g);
    if (ops->result(g) != RESULT_NONE || (!reuse && !expand(t, root, s))) {
        if (ops->result(g) != RESULT_NONE) {
            res.value = result_score(ops->result(g));
            res.value = side == 0 ? res.value : 1.0 - res.value;
            res.proven = 1;
        } else {
            /* no room even for the root's children: play any legal move */
            int k = ops->legal_moves(g, t->moves);
            res.move = k ? t->moves[0] : QMOVE_NONE;
        }
        if (p->progress)
            report(t, p, &res, t0, 1);
        res.ms = util_now_ms() - t0;
        if (out)
            *out = res;
        return res.move;
    }
    update_bounds(t, root);
    t->have_tree = 1;
    t->root_hash = ops->hash(g);
    t->root_ply = ops->ply(g);

    uint64_t it = 0;
    int progress_ms = p->progress ? p->progress_ms : 0;
    int64_t last_report = t0;
    int only_move = root->nchild == 1;
    while (!proven(root) && !only_move) {
        if (p->iterations && it >= p->iterations)
            break;
        if (stop && atomic_load_explicit(stop, memory_order_relaxed))
            break;
        if ((it & 15) == 0 && (p->ms || progress_ms > 0)) {
            int64_t now = util_now_ms();
            if (p->ms && now - t0 >= p->ms)
                break;
            if (progress_ms > 0 && now - last_report >= progress_ms) {
                fill_result(t, &res, it);
                report(t, p, &res, t0, 0);
                last_report = now;
            }
        }
        it++;

        ops->copy(s, g);
        int depth = 0, leaf_changed = 0;
        t->path[0] = t->root;
        node *n = root;
        double score;
        for (;;) {
            if (proven(n)) {
                score = n->lo * 0.5;
                break;
            }
            if (!n->nchild) {
                if (n->visits == 0 || depth >= MAX_DEPTH - 1 || !expand(t, n, s)) {
                    score = playout(t, s, p);
                    break;
                }
                if (update_bounds(t, n) && proven(n)) {
                    leaf_changed = 1;
                    score = n->lo * 0.5;
                    break;
                }
            }
            int i = select_child(t, n, p->c);
            if (i < 0) { /* cannot happen while n is unproven; be safe */
                score = playout(t, s, p);
                break;
            }
            uint32_t ci = n->child + (uint32_t)i;
            ops->make(s, t->pool[ci].move);
            t->path[++depth] = ci;
            n = &t->pool[ci];
        }
        for (int d = depth; d >= 0; d--) {
            node *x = &t->pool[t->path[d]];
            x->visits++;
            if (d > 0)
                x->wins += t->pool[t->path[d - 1]].side == 0 ? score : 1.0 - score;
        }
        for (int d = depth; d >= 0; d--)
            if (!update_bounds(t, &t->pool[t->path[d]]) && !(d == depth && leaf_changed))
                break;
    }

    fill_result(t, &res, it);
    if (p->progress)
        report(t, p, &res, t0, 1);
    res.ms = util_now_ms() - t0;
    if (out)
        *out = res;
    return res.move;
}
