/* mcts_tree.c - the node pool, expansion, bounds and tree reuse (see
 * mcts_tree.h). */
#define _POSIX_C_SOURCE 200809L
#include "ai/mcts_tree.h"
#include "ai/mcts_policy.h"
#include "util.h"

#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

int mcts_tree_init(mcts_tree *t, size_t memory_mb)
{
    uint64_t n = (uint64_t)memory_mb * 1024 * 1024 / sizeof(mcts_node);
    if (n > UINT32_MAX)
        n = UINT32_MAX;
    if (n < GAME_MAX_MOVES + 1)
        n = GAME_MAX_MOVES + 1;
    /* malloc, not calloc: untouched pages of a big pool cost nothing */
    mcts_node *pool = malloc(sizeof(mcts_node) * (size_t)n);
    if (!pool)
        return -1;
    free(t->pool);
    memset(t, 0, offsetof(mcts_tree, cand));
    t->pool = pool;
    t->cap = (uint32_t)n;
    t->mb = memory_mb;
    return 0;
}

void mcts_tree_free(mcts_tree *t)
{
    free(t->pool);
    t->pool = NULL;
}

/* Tighten n's bounds to lo..hi: a thread that read older children may
 * come second, so neither bound ever loosens. */
static int tighten(mcts_node *n, int lo, int hi)
{
    uint16_t old = MCTS_LOAD(n->bounds), to;
    do {
        int l = lo > (old & 0xff) ? lo : old & 0xff, h = hi < old >> 8 ? hi : old >> 8;
        to = MCTS_BOUNDS(l, h);
        if (to == old)
            return 0;
    } while (!atomic_compare_exchange_weak(&n->bounds, &old, to));
    return 1;
}

/* The length of n's proof in moves when its children prove it worth v
 * (half points for the side to move): one more than its shortest child
 * of that value when v is a win or a draw, than its longest child when a
 * loss (every child is lost then).  A child's bounds are read before its
 * length (acquire): the length was stored before them. */
static uint16_t proof_plies(const mcts_tree *t, const mcts_node *n, int v)
{
    int p = n->side, len = v == 0 ? 0 : UINT16_MAX - 1;
    const mcts_node *c = &t->pool[n->child];
    for (int i = 0, k = n->nchild; i < k; i++) {
        uint16_t b = atomic_load_explicit(&c[i].bounds, memory_order_acquire);
        int lo = b & 0xff;
        if (lo != b >> 8 || (p == 0 ? lo : 2 - lo) != v)
            continue;
        int l = MCTS_LOAD(c[i].plies);
        if (v == 0 ? l > len : l < len)
            len = l;
    }
    return (uint16_t)(len + 1);
}

int mcts_tree_update_bounds(mcts_tree *t, mcts_node *n)
{
    int k = n->nchild;
    if (!k)
        return 0;
    const mcts_node *c = &t->pool[n->child];
    int lo = mcts_lo(&c[0]), hi = mcts_hi(&c[0]), first = n->side == 0;
    for (int i = 1; i < k; i++) {
        uint16_t b = MCTS_LOAD(c[i].bounds);
        int clo = b & 0xff, chi = b >> 8;
        if (first) {
            if (clo > lo) lo = clo;
            if (chi > hi) hi = chi;
        } else {
            if (clo < lo) lo = clo;
            if (chi < hi) hi = chi;
        }
    }
    int changed = 0;
    /* the length before the bounds, which publish it; a proven root may
     * still find a shorter win (mcts_search.c) */
    if (lo == hi) {
        uint16_t len = proof_plies(t, n, first ? lo : 2 - lo);
        changed = len != MCTS_LOAD(n->plies);
        MCTS_STORE(n->plies, len);
    }
    if (t->shared)
        return tighten(n, lo, hi) | changed;
    changed |= MCTS_BOUNDS(lo, hi) != MCTS_LOAD(n->bounds);
    MCTS_STORE(n->bounds, MCTS_BOUNDS(lo, hi));
    return changed;
}

void mcts_tree_init_node(mcts_node *n, qmove m, int side)
{
    /* one plain store of the whole node: no thread sees it before it is
     * published (its parent's nchild, or the start of the search) */
    *n = (mcts_node){.prior = 0.5f, .value = MCTS_UNVISITED, .move = m,
                     .side = (uint8_t)side, .bounds = MCTS_OPEN};
}

int mcts_tree_see(mcts_node *c, const game *g)
{
    /* side and bounds before the flag, so a thread that finds it set
     * reads them */
    MCTS_STORE(c->side, (uint8_t)g->ops->to_move(g));
    int r = g->ops->result(g);
    if (r != RESULT_NONE)
        MCTS_STORE(c->bounds, MCTS_BOUNDS(mcts_result_halves(r), mcts_result_halves(r)));
    atomic_fetch_or(&c->flags, MCTS_NODE_SEEN | (r != RESULT_NONE ? MCTS_NODE_TERMINAL : 0));
    return r != RESULT_NONE;
}

/* Make every child once: its side, an immediate end of game (its prior
 * then the result) and, with priors, the evaluation. */
static void check_children(mcts_tree *t, mcts_node *n, mcts_node *c, int k, game *g)
{
    const game_ops *ops = g->ops;
    for (int i = 0; i < k; i++) {
        ops->make(g, c[i].move);
        if (mcts_tree_see(&c[i], g)) {
            double s = mcts_result_score(ops->result(g));
            c[i].prior = (float)(n->side == 0 ? s : 1.0 - s);
        } else if (t->prior_visits > 0 && !t->prior_hook) {
            c[i].prior = mcts_policy_prior(g, n->side);
        }
        mcts_tree_refresh(t, &c[i]);
        ops->unmake(g);
    }
}

/* k nodes from the pool: the first one's index, or 0 when there is no room. */
static uint32_t take_nodes(mcts_tree *t, uint32_t k)
{
    uint32_t used = MCTS_LOAD(t->used);
    do {
        if (t->cap - used < k)
            return 0;
    } while (!atomic_compare_exchange_weak(&t->used, &used, used + k));
    return used;
}

/* Another thread is making n's children: wait for them, giving way to it
 * (it may be waiting for a core), at most MCTS_EXPAND_WAIT_MS.  Playing out
 * from n at once would pile visits, with no look at the children, on a node
 * that may be about to be proven lost: a thread preempted while expanding
 * let the others play hundreds of playouts there.  The bound keeps a long
 * preemption from holding a timed search past its time.  1 when n has
 * children, 0 when the other thread found no room for them or is slow. */
static int wait_for_children(const mcts_node *n)
{
    int64_t t0 = 0;
    while (!n->nchild && (n->flags & MCTS_NODE_EXPANDING)) {
        int64_t now = util_now_ms();
        if (!t0)
            t0 = now;
        else if (now - t0 > MCTS_EXPAND_WAIT_MS)
            return 0;
        sched_yield();
    }
    return n->nchild != 0;
}

/* Random order, so that "first unvisited" is a random pick. */
static void shuffle(mcts_worker *w, qmove *moves, int k)
{
    for (int i = k - 1; i > 0; i--) {
        int j = (int)rng_below(&w->rng, (uint32_t)i + 1);
        qmove m = moves[i];
        moves[i] = moves[j];
        moves[j] = m;
    }
}

int mcts_tree_expand(mcts_tree *t, mcts_worker *w, mcts_node *n, game *g, int check)
{
    if (t->shared && atomic_fetch_or(&n->flags, MCTS_NODE_EXPANDING) & MCTS_NODE_EXPANDING)
        return wait_for_children(n);
    const game_ops *ops = g->ops;
    int below_root = n != &t->pool[t->root] && ops->search_moves;
    int k = below_root ? ops->search_moves(g, w->moves) : ops->legal_moves(g, w->moves);
    uint32_t first = k ? take_nodes(t, (uint32_t)k) : 0;
    if (!first) {
        if (t->shared)
            atomic_fetch_and(&n->flags, (uint8_t)~MCTS_NODE_EXPANDING);
        return 0;
    }
    shuffle(w, w->moves, k);
    mcts_node *c = &t->pool[first];
    for (int i = 0; i < k; i++)
        mcts_tree_init_node(&c[i], w->moves[i], 0);
    if (t->prior_hook && t->prior_visits > 0) {
        t->priors(g, w->moves, k, w->priors);
        for (int i = 0; i < k; i++) {
            c[i].prior = w->priors[i];
            mcts_tree_refresh(t, &c[i]);
        }
    }
    if (check || (t->prior_visits > 0 && !t->prior_hook))
        check_children(t, n, c, k, g);
    n->child = first;
    atomic_store_explicit(&n->nchild, (uint16_t)k, memory_order_release);
    return 1;
}

/* The node under n that the moves m[0..k) of one turn lead to in any
 * order (a game with search_moves keeps one order of a turn's stones in
 * the tree, while the game may have had them in another); 0 if the tree
 * has none.  *budget bounds the nodes tried. */
static uint32_t find_turn(const mcts_tree *t, uint32_t n, qmove *m, int k, int *budget)
{
    if (k == 0)
        return n;
    const mcts_node *x = &t->pool[n];
    for (uint32_t c = 0; c < x->nchild; c++) {
        qmove cm = t->pool[x->child + c].move;
        int j = 0;
        while (j < k && m[j] != cm)
            j++;
        if (j == k)
            continue;
        if (--*budget < 0)
            return 0;
        m[j] = m[k - 1]; /* the rest of the turn in m[0..k-1) */
        m[k - 1] = cm;
        uint32_t found = find_turn(t, x->child + c, m, k - 1, budget);
        m[k - 1] = m[j];
        m[j] = cm;
        if (found)
            return found;
    }
    return 0;
}

/* A new child of the root (its move c) starts from the statistics of the
 * same position reached in another order from where the turn began. */
static void take_transposed(mcts_tree *t, mcts_node *c, const mcts_turn *turn)
{
    qmove m[MCTS_REUSE_PLIES + 1];
    memcpy(m, turn->m, (size_t)turn->k * sizeof *m);
    m[turn->k] = c->move;
    int budget = 256; /* once per new child: the node is usually found at once */
    uint32_t x = find_turn(t, turn->start, m, turn->k + 1, &budget);
    if (!x)
        return;
    MCTS_STORE(c->wins, MCTS_LOAD(t->pool[x].wins));
    MCTS_STORE(c->visits, MCTS_LOAD(t->pool[x].visits));
    mcts_tree_refresh(t, c);
}

int mcts_tree_widen_root(mcts_tree *t, mcts_worker *w, game *g, const mcts_turn *turn)
{
    mcts_node *root = &t->pool[t->root];
    int k = g->ops->legal_moves(g, w->moves), had = root->nchild;
    uint32_t first = k > had ? take_nodes(t, (uint32_t)k) : 0;
    if (!first)
        return 0;
    /* the old children first, in their order, with their subtrees (a
     * node's children are indices); the moves they lack after them */
    mcts_node *c = &t->pool[first], *old = &t->pool[root->child];
    int fresh = 0;
    for (int i = 0; i < k; i++) {
        int j = 0;
        while (j < had && old[j].move != w->moves[i])
            j++;
        if (j < had)
            c[j] = old[j];
        else
            w->moves[fresh++] = w->moves[i];
    }
    shuffle(w, w->moves, fresh);
    for (int i = 0; i < fresh; i++)
        mcts_tree_init_node(&c[had + i], w->moves[i], 0);
    if (t->prior_hook && t->prior_visits > 0) {
        t->priors(g, w->moves, fresh, w->priors);
        for (int i = 0; i < fresh; i++) {
            c[had + i].prior = w->priors[i];
            mcts_tree_refresh(t, &c[had + i]);
        }
    }
    for (int i = 0; turn->k > 0 && i < fresh; i++)
        take_transposed(t, &c[had + i], turn);
    check_children(t, root, c + had, fresh, g);
    root->child = first;
    root->nchild = (uint16_t)k;
    return fresh;
}

uint32_t mcts_tree_reusable_root(mcts_tree *t, mcts_worker *w, const game *g, mcts_turn *turn)
{
    const game_ops *ops = g->ops;
    int d = ops->ply(g) - t->root_ply;
    turn->k = 0;
    if (!t->have_tree || MCTS_LOAD(t->used) > t->cap / 2 || d <= 0 || d > MCTS_REUSE_PLIES)
        return 0;
    game *s = w->scratch;
    ops->copy(s, g);
    for (int i = 0; i < d; i++)
        ops->unmake(s);
    if (ops->hash(s) != t->root_hash || ops->to_move(s) != t->pool[t->root].side)
        return 0;
    /* the moves since, cut into turns (runs of one player's moves): in a
     * game without search_moves each move is its own run, in its order */
    qmove m[MCTS_REUSE_PLIES];
    int mover[MCTS_REUSE_PLIES], budget = 4096;
    for (int i = 0; i < d; i++) {
        m[i] = ops->move_at(g, t->root_ply + i);
        mover[i] = ops->to_move(s);
        ops->make(s, m[i]);
    }
    uint32_t n = t->root; /* node 0 is a fresh tree's root, never a child */
    for (int a = 0, b; a < d; a = b) {
        b = a + 1;
        while (ops->search_moves && b < d && mover[b] == mover[a])
            b++;
        turn->start = n;
        if (!(n = find_turn(t, n, m + a, b - a, &budget)))
            return 0;
        turn->k = b - a;
        memcpy(turn->m, m + a, (size_t)(b - a) * sizeof *m);
    }
    if (mover[d - 1] != ops->to_move(g))
        turn->k = 0; /* the last turn is over */
    return t->pool[n].nchild ? n : 0;
}

/* After a move of me's (made in g, the opponent to move): does every
 * reply end in me's win or leave me a win at once? */
static int every_reply_loses(game *g, int me, mcts_worker *w)
{
    const game_ops *ops = g->ops;
    int n = ops->legal_moves(g, w->replies), all = n > 0;
    for (int i = 0; i < n && all; i++) {
        ops->make(g, w->replies[i]);
        int r = ops->result(g);
        all = r == RESULT_FIRST + me ||
              (r == RESULT_NONE && ops->to_move(g) == me && game_wins_at_once(g, w->moves));
        ops->unmake(g);
    }
    return all;
}

int mcts_tree_win_in_two(mcts_tree *t, mcts_worker *w, game *g)
{
    const game_ops *ops = g->ops;
    mcts_node *root = &t->pool[t->root], *c = &t->pool[root->child];
    int me = root->side;
    for (int i = 0, k = root->nchild; i < k; i++) {
        if (mcts_proven(&c[i]))
            continue;
        ops->make(g, c[i].move);
        int found = ops->result(g) == RESULT_NONE && ops->to_move(g) != me &&
                    every_reply_loses(g, me, w);
        ops->unmake(g);
        if (found) {
            int won = me == 0 ? 2 : 0;
            MCTS_STORE(c[i].plies, 2);
            MCTS_STORE(c[i].bounds, MCTS_BOUNDS(won, won));
            mcts_tree_update_bounds(t, root);
            return 1;
        }
    }
    return 0;
}
