/* pns.c - depth-first proof-number search (df-pn) with a transposition
 * table, and the extraction of a proof tree for a proof file. */
#include "ai/pns.h"
#include "ai/proof.h"
#include "rng.h"
#include "util.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUCKET 4
#define ARENA_CHILDREN (1u << 18)
#define ATTACKER_KEY 0x6a09e667f3bcc909ull
#define LIMIT_EVERY 1023u /* nodes between looks at the clock */

typedef struct tt_entry {
    uint64_t key; /* 0: empty */
    uint32_t pn, dn;
    uint32_t work; /* nodes searched below, saturated: the replacement rank */
    uint32_t pad;
} tt_entry;

/* A child while its parent is being searched. */
typedef struct child {
    uint64_t key;
    qmove m;
    uint32_t pn, dn;
    int term; /* 1: value fixed (game over, or repeats the path) */
} child;

struct pns {
    pns_params p;
    tt_entry *tt;
    uint64_t mask; /* buckets - 1 */
    child *arena;
    uint32_t top;
    uint64_t path[PNS_MAX_DEPTH + 2];
    qmove scratch[GAME_MAX_MOVES];
    int attacker;
    _Atomic uint64_t nodes, used;
    _Atomic uint32_t root_pn, root_dn;
    atomic_int stop;
    const char *why; /* reason of an unknown outcome */
};

pns *pns_new(const pns_params *p)
{
    pns *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    size_t bytes = (p->memory_mb ? p->memory_mb : 1) << 20, buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(tt_entry) <= bytes)
        buckets *= 2;
    s->tt = calloc(buckets * BUCKET, sizeof *s->tt);
    s->arena = malloc(ARENA_CHILDREN * sizeof *s->arena);
    if (!s->tt || !s->arena) {
        pns_free(s);
        return NULL;
    }
    s->mask = buckets - 1;
    return s;
}

void pns_free(pns *s)
{
    if (!s)
        return;
    free(s->tt);
    free(s->arena);
    free(s);
}

size_t pns_memory_bytes(const pns *s)
{
    return (size_t)(s->mask + 1) * BUCKET * sizeof(tt_entry) + ARENA_CHILDREN * sizeof(child);
}

const char *pns_error(const pns *s) { return s->why ? s->why : ""; }

void pns_stop(pns *s) { atomic_store(&s->stop, 1); }

void pns_set_limits(pns *s, int64_t deadline, atomic_int *stop)
{
    s->p.deadline = deadline;
    s->p.stop = stop;
}

void pns_clear(pns *s)
{
    memset(s->tt, 0, (size_t)(s->mask + 1) * BUCKET * sizeof *s->tt);
    atomic_store(&s->used, 0);
    atomic_store(&s->stop, 0);
}

static int stopped(const pns *s)
{
    return atomic_load_explicit(&s->stop, memory_order_relaxed) ||
           (s->p.stop && atomic_load_explicit(s->p.stop, memory_order_relaxed));
}

void pns_get_progress(const pns *s, pns_progress *out)
{
    out->nodes = atomic_load_explicit(&s->nodes, memory_order_relaxed);
    out->pn = atomic_load_explicit(&s->root_pn, memory_order_relaxed);
    out->dn = atomic_load_explicit(&s->root_dn, memory_order_relaxed);
    out->tt_used = atomic_load_explicit(&s->used, memory_order_relaxed);
    out->tt_size = (s->mask + 1) * BUCKET;
}

/* ---- transposition table ---- */

static uint64_t key_of(const pns *s, const game *g)
{
    uint64_t h = g->ops->canonical_hash ? g->ops->canonical_hash(g) : g->ops->hash(g);
    h ^= s->attacker ? ATTACKER_KEY : 0;
    return h ? h : 1;
}

static tt_entry *tt_find(const pns *s, uint64_t key)
{
    tt_entry *b = &s->tt[(key & s->mask) * BUCKET];
    for (int i = 0; i < BUCKET; i++)
        if (b[i].key == key)
            return &b[i];
    return NULL;
}

static void tt_store(pns *s, uint64_t key, uint32_t pn, uint32_t dn, uint64_t work)
{
    tt_entry *b = &s->tt[(key & s->mask) * BUCKET], *e = NULL;
    for (int i = 0; i < BUCKET && !e; i++)
        if (b[i].key == key)
            e = &b[i];
    if (!e) {
        e = &b[0];
        for (int i = 1; i < BUCKET; i++)
            if (b[i].work < e->work)
                e = &b[i];
        if (e->key == 0)
            atomic_store_explicit(&s->used, atomic_load_explicit(&s->used, memory_order_relaxed) + 1,
                                  memory_order_relaxed);
    }
    e->key = key;
    e->pn = pn;
    e->dn = dn;
    /* a proof or disproof is worth keeping: rank it above any search */
    uint64_t w = (pn == 0 || dn == 0) ? UINT32_MAX : (work > UINT32_MAX - 1 ? UINT32_MAX - 1 : work);
    e->work = (uint32_t)w;
}

/* ---- search ---- */

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    if (a == PNS_INF || b == PNS_INF)
        return PNS_INF;
    uint64_t c = (uint64_t)a + b;
    return c >= PNS_INF ? PNS_INF - 1 : (uint32_t)c;
}

static void count_node(pns *s)
{
    uint64_t n = atomic_load_explicit(&s->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&s->nodes, n, memory_order_relaxed);
    if ((n & LIMIT_EVERY) != 0 || s->why)
        return;
    if (stopped(s))
        s->why = "stopped";
    else if (s->p.deadline && util_now_ms() >= s->p.deadline)
        s->why = "time limit reached";
    else if (s->p.nodes && n >= s->p.nodes)
        s->why = "node limit reached";
}

static int on_path(const pns *s, uint64_t key, int depth)
{
    for (int d = depth; d >= 0; d--)
        if (s->path[d] == key)
            return 1;
    return 0;
}

/* A new child's numbers from its number of moves (1 when the game does
 * not say): refuting a position takes all its moves, proving it one. */
static void seed(child *k, int attacker_moves, int replies)
{
    uint32_t all = replies > 1 ? (uint32_t)replies : 1;
    k->pn = attacker_moves ? 1 : all;
    k->dn = attacker_moves ? all : 1;
}

/* Children of the node at depth, with their keys and fixed values. */
static int expand(pns *s, game *g, child *c, int depth)
{
    qmove *mv = s->scratch; /* free again before the recursion */
    int n = g->ops->legal_moves(g, mv), win = RESULT_FIRST + s->attacker;
    if (s->p.order_seed && n > 1) {
        rng r;
        rng_seed(&r, s->p.order_seed ^ s->path[depth]);
        for (int i = n - 1; i > 0; i--) {
            int j = (int)rng_below(&r, (uint32_t)i + 1);
            qmove t = mv[i];
            mv[i] = mv[j], mv[j] = t;
        }
    }
    for (int i = 0; i < n; i++) {
        child *k = &c[i];
        k->m = mv[i];
        g->ops->make(g, mv[i]);
        int res = g->ops->result(g), replies = 1, next = g->ops->to_move(g), quick = 0;
        /* a win at once for either player decides the child unexpanded */
        if (res == RESULT_NONE && g->ops->quick_value)
            quick = g->ops->quick_value(g, &replies);
        if (quick)
            res = RESULT_FIRST + (quick > 0 ? next : 1 - next);
        k->key = res == RESULT_NONE ? key_of(s, g) : 0; /* a decided child is never entered */
        g->ops->unmake(g);
        k->term = res != RESULT_NONE || on_path(s, k->key, depth);
        if (k->term && res == win)
            k->pn = 0, k->dn = PNS_INF;
        else if (k->term)
            k->pn = PNS_INF, k->dn = 0;
        else
            seed(k, next == s->attacker, replies);
    }
    return n;
}

/* The node's numbers from its children's (refreshed from the table); at an
 * OR node phi = pn and delta = dn, at an AND node the other way round.
 * best: the child with the least phi; phi2: the second least. */
static void gather(const pns *s, child *c, int n, int or_node, uint32_t *phi, uint32_t *delta,
                   int *best, uint32_t *phi2)
{
    *phi = PNS_INF, *delta = 0, *phi2 = PNS_INF, *best = 0;
    for (int i = 0; i < n; i++) {
        if (!c[i].term) {
            const tt_entry *e = tt_find(s, c[i].key);
            if (e)
                c[i].pn = e->pn, c[i].dn = e->dn;
        }
        uint32_t cp = or_node ? c[i].pn : c[i].dn, cd = or_node ? c[i].dn : c[i].pn;
        *delta = sat_add(*delta, cd);
        if (cp < *phi) {
            *phi2 = *phi;
            *phi = cp;
            *best = i;
        } else if (cp < *phi2) {
            *phi2 = cp;
        }
    }
}

static void mid(pns *s, game *g, uint64_t key, uint32_t thpn, uint32_t thdn, int depth,
                uint32_t *opn, uint32_t *odn)
{
    count_node(s);
    if (depth >= PNS_MAX_DEPTH || s->top + GAME_MAX_MOVES > ARENA_CHILDREN)
        s->why = "the search went deeper than its limit";
    if (s->why)
        return; /* the caller keeps its last numbers */
    child *c = s->arena + s->top;
    int n = expand(s, g, c, depth), or_node = g->ops->to_move(g) == s->attacker;
    uint32_t thphi = or_node ? thpn : thdn, thdelta = or_node ? thdn : thpn;
    uint32_t phi, delta, phi2;
    int best;
    uint64_t work0 = atomic_load_explicit(&s->nodes, memory_order_relaxed);
    s->top += (uint32_t)n;
    for (;;) {
        gather(s, c, n, or_node, &phi, &delta, &best, &phi2);
        if (depth == 0) {
            atomic_store_explicit(&s->root_pn, or_node ? phi : delta, memory_order_relaxed);
            atomic_store_explicit(&s->root_dn, or_node ? delta : phi, memory_order_relaxed);
        }
        if (phi >= thphi || delta >= thdelta || s->why)
            break;
        /* 1+epsilon: let the best child run until it is 25% worse than
         * the second, which saves most re-expansions */
        uint32_t cphi = phi2 >= PNS_INF - 1 ? phi2 : phi2 + phi2 / 4 + 1;
        if (cphi > thphi)
            cphi = thphi;
        uint32_t cbd = or_node ? c[best].dn : c[best].pn;
        uint32_t cdelta = thdelta == PNS_INF ? PNS_INF : thdelta - delta + cbd;
        child *b = &c[best];
        g->ops->make(g, b->m);
        s->path[depth + 1] = b->key;
        uint32_t tp = or_node ? cphi : cdelta, td = or_node ? cdelta : cphi;
        mid(s, g, b->key, tp, td, depth + 1, &b->pn, &b->dn);
        g->ops->unmake(g);
    }
    s->top -= (uint32_t)n;
    *opn = or_node ? phi : delta;
    *odn = or_node ? delta : phi;
    tt_store(s, key, *opn, *odn, atomic_load_explicit(&s->nodes, memory_order_relaxed) - work0);
}

int pns_lookup(const pns *s, const game *g, int attacker)
{
    int res = g->ops->result(g);
    if (res != RESULT_NONE)
        return res == RESULT_FIRST + attacker ? PNS_PROVEN : PNS_DISPROVEN;
    uint64_t h = g->ops->canonical_hash ? g->ops->canonical_hash(g) : g->ops->hash(g);
    h ^= attacker ? ATTACKER_KEY : 0;
    const tt_entry *e = tt_find(s, h ? h : 1);
    return !e ? PNS_UNKNOWN : e->pn == 0 ? PNS_PROVEN : e->dn == 0 ? PNS_DISPROVEN : PNS_UNKNOWN;
}

int pns_prove(pns *s, game *g, int attacker)
{
    s->attacker = attacker;
    s->why = NULL;
    s->top = 0;
    int res = g->ops->result(g);
    if (res != RESULT_NONE)
        return res == RESULT_FIRST + attacker ? PNS_PROVEN : PNS_DISPROVEN;
    uint64_t key = key_of(s, g);
    const tt_entry *e = tt_find(s, key);
    uint32_t pn = e ? e->pn : 1, dn = e ? e->dn : 1;
    s->path[0] = key;
    /* a limit reached by an earlier call ends this one at once */
    if (s->p.nodes && atomic_load(&s->nodes) >= s->p.nodes)
        s->why = "node limit reached";
    else if (s->p.deadline && util_now_ms() >= s->p.deadline)
        s->why = "time limit reached";
    else if (stopped(s))
        s->why = "stopped";
    if (pn != 0 && dn != 0 && !s->why)
        mid(s, g, key, PNS_INF, PNS_INF, 0, &pn, &dn);
    if (pn == 0)
        return PNS_PROVEN;
    if (dn == 0)
        return PNS_DISPROVEN;
    if (!s->why)
        s->why = "the numbers saturated";
    return PNS_UNKNOWN;
}

int pns_winning_move(pns *s, game *g, int attacker, qmove *win)
{
    qmove *mv = s->scratch;
    int n = g->ops->legal_moves(g, mv);
    for (int i = 0; i < n; i++) {
        g->ops->make(g, mv[i]);
        int won = pns_lookup(s, g, attacker) == PNS_PROVEN;
        g->ops->unmake(g);
        if (won) {
            *win = mv[i];
            return 0;
        }
    }
    return -1;
}

int pns_prove_move(pns *s, game *g, qmove *win)
{
    int me = g->ops->to_move(g), v = pns_prove(s, g, me);
    if (v != PNS_PROVEN || !win || pns_winning_move(s, g, me, win) == 0)
        return v;
    s->why = "the table lost the winning move";
    return PNS_UNKNOWN;
}

/* ---- proof extraction ---- */

/* Nodes already written, by the game's exact hash. */
typedef struct xmap {
    uint64_t *key;
    uint32_t *id;
    uint8_t *done;
    size_t cap, n;
} xmap;

typedef struct xctx {
    pns *s;
    game *g;
    proof_writer *w;
    int win; /* the claim: attacker wins (1) or cannot win (0) */
    xmap map;
    char *err;
    size_t errlen;
} xctx;

static size_t xmap_slot(const xmap *m, uint64_t key)
{
    size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull) & (m->cap - 1);
    while (m->key[i] && m->key[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static int xmap_grow(xmap *m)
{
    xmap b = {calloc(m->cap * 2, 8), calloc(m->cap * 2, 4), calloc(m->cap * 2, 1), m->cap * 2, m->n};
    if (!b.key || !b.id || !b.done) {
        free(b.key), free(b.id), free(b.done);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->key[i]) {
            size_t j = xmap_slot(&b, m->key[i]);
            b.key[j] = m->key[i], b.id[j] = m->id[i], b.done[j] = m->done[i];
        }
    free(m->key), free(m->id), free(m->done);
    *m = b;
    return 0;
}

static uint64_t exact_key(const game *g)
{
    uint64_t h = g->ops->hash(g);
    return h ? h : 1;
}

/* Outcome of the position g is in (after a move from the node at depth),
 * proving it again when the table has lost it. */
static int child_outcome(pns *s, game *g, int depth)
{
    int res = g->ops->result(g);
    if (res != RESULT_NONE)
        return res == RESULT_FIRST + s->attacker ? PNS_PROVEN : PNS_DISPROVEN;
    uint64_t key = key_of(s, g);
    const tt_entry *e = tt_find(s, key);
    uint32_t pn = e ? e->pn : 1, dn = e ? e->dn : 1;
    if (pn != 0 && dn != 0 && !s->why) {
        s->path[depth + 1] = key;
        mid(s, g, key, PNS_INF, PNS_INF, depth + 1, &pn, &dn);
    }
    return pn == 0 ? PNS_PROVEN : dn == 0 ? PNS_DISPROVEN : PNS_UNKNOWN;
}

static int xerr(xctx *x, const char *msg)
{
    snprintf(x->err, x->errlen, "%s", msg);
    return -1;
}

static int extract(xctx *x, int depth, uint32_t *out_id);

/* The one move a chosen node needs: a finished game first, then a node
 * already written, then the first proven child. */
static int choose(xctx *x, const qmove *mv, int n, int depth)
{
    game *g = x->g;
    int want = x->win ? PNS_PROVEN : PNS_DISPROVEN, cand = -1;
    for (int i = 0; i < n; i++) {
        g->ops->make(g, mv[i]);
        int res = g->ops->result(g), st;
        size_t slot = xmap_slot(&x->map, exact_key(g));
        if (res != RESULT_NONE) {
            st = res == RESULT_FIRST + x->s->attacker ? PNS_PROVEN : PNS_DISPROVEN;
        } else {
            const tt_entry *e = tt_find(x->s, key_of(x->s, g));
            st = !e ? PNS_UNKNOWN : e->pn == 0 ? PNS_PROVEN : e->dn == 0 ? PNS_DISPROVEN : PNS_UNKNOWN;
        }
        g->ops->unmake(g);
        if (st == want && (res != RESULT_NONE || x->map.key[slot]))
            return i;
        if (st == want && cand < 0)
            cand = i;
    }
    for (int i = 0; cand < 0 && i < n; i++) {
        g->ops->make(g, mv[i]);
        if (child_outcome(x->s, g, depth) == want)
            cand = i;
        g->ops->unmake(g);
    }
    return cand;
}

/* Children of a node: all moves, or the one chosen; then the node's line. */
static int extract_children(xctx *x, int depth, uint32_t id)
{
    game *g = x->g;
    qmove *mv = malloc(GAME_MAX_MOVES * sizeof *mv);
    uint32_t *ids = malloc(GAME_MAX_MOVES * sizeof *ids);
    char(*text)[GAME_MOVE_TEXT_MAX] = malloc(GAME_MAX_MOVES * sizeof *text);
    int rc = -1, n = mv ? g->ops->legal_moves(g, mv) : 0, k = 0;
    if (!mv || !ids || !text)
        goto out;
    int want = x->win ? PNS_PROVEN : PNS_DISPROVEN;
    if ((g->ops->to_move(g) == x->s->attacker) == x->win) {
        int i = choose(x, mv, n, depth);
        if (i < 0) {
            rc = xerr(x, x->s->why ? x->s->why : "a proven node has no proven move");
            goto out;
        }
        mv[0] = mv[i], n = 1;
    }
    for (k = 0; k < n; k++) {
        g->ops->move_to_text(g, mv[k], text[k], sizeof text[k]);
        g->ops->make(g, mv[k]);
        int st = child_outcome(x->s, g, depth);
        rc = st != want ? xerr(x, x->s->why ? x->s->why : "a child lost its proof")
                        : extract(x, depth + 1, &ids[k]);
        g->ops->unmake(g);
        if (rc)
            goto out;
    }
    proof_writer_node(x->w, id, n, text, ids);
    rc = 0;
out:
    if (!mv || !ids || !text)
        rc = xerr(x, "out of memory");
    free(mv), free(ids), free(text);
    return rc;
}

static int extract(xctx *x, int depth, uint32_t *out_id)
{
    uint64_t key = exact_key(x->g);
    size_t slot = xmap_slot(&x->map, key);
    if (x->map.key[slot]) {
        *out_id = x->map.id[slot];
        return x->map.done[slot] ? 0 : xerr(x, "the proof would go round in a cycle");
    }
    if (x->map.n >= PROOF_MAX_NODES)
        return xerr(x, "the proof has more nodes than a proof file may hold");
    if (depth >= PNS_MAX_DEPTH)
        return xerr(x, "the proof is deeper than the search limit");
    if (2 * (x->map.n + 1) > x->map.cap) {
        if (xmap_grow(&x->map) != 0)
            return xerr(x, "out of memory");
        slot = xmap_slot(&x->map, key);
    }
    uint32_t id = (uint32_t)x->map.n++;
    x->map.key[slot] = key, x->map.id[slot] = id;
    *out_id = id;
    x->s->path[depth] = key_of(x->s, x->g);
    int rc = 0;
    if (x->g->ops->result(x->g) != RESULT_NONE)
        proof_writer_node(x->w, id, 0, NULL, NULL);
    else
        rc = extract_children(x, depth, id);
    x->map.done[xmap_slot(&x->map, key)] = 1;
    return rc;
}

int pns_write_proof(pns *s, game *g, int attacker, int win, proof_writer *w, char *err,
                    size_t errlen)
{
    int want = win ? PNS_PROVEN : PNS_DISPROVEN, got = pns_prove(s, g, attacker);
    if (got != want) {
        snprintf(err, errlen, "%s", got == PNS_UNKNOWN ? pns_error(s) : "the claim is false");
        return -1;
    }
    xctx x = {.s = s, .g = g, .w = w, .win = win, .err = err, .errlen = errlen};
    x.map.cap = 1024;
    x.map.key = calloc(x.map.cap, 8), x.map.id = calloc(x.map.cap, 4);
    x.map.done = calloc(x.map.cap, 1);
    uint32_t root;
    int rc = (x.map.key && x.map.id && x.map.done) ? 0 : xerr(&x, "out of memory");
    if (rc == 0) {
        proof_writer_claim(w, attacker, win);
        rc = extract(&x, 0, &root);
        if (rc == 0)
            proof_writer_end_claim(w, (uint32_t)x.map.n);
    }
    free(x.map.key), free(x.map.id), free(x.map.done);
    return rc;
}
