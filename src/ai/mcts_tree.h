/*
 * mcts_tree.h - the search tree of MCTS: a node pool allocated once,
 * expansion, proven bounds, and finding the last search's subtree again.
 *
 * The tree is what every search thread shares; a worker holds what each
 * thread owns (its scratch game, random numbers, path and move buffer), so
 * several workers walk one tree.  A node's statistics are atomics: with
 * one thread they are read and written with relaxed loads and stores
 * (plain moves, the same arithmetic in the same order as ever); with
 * several (tree->shared) additions are atomic read-modify-writes, a child
 * on a path in flight carries a virtual loss, bounds only ever tighten,
 * and one thread at a time expands a node (MCTS_NODE_EXPANDING), which
 * publishes its children by storing nchild last.
 *
 * Bounds are kept in half points for the first player (0 loss, 1 draw,
 * 2 win).  A node's bounds are the max (first player to move) or min
 * (second player to move) of its children's, so a winning child proves a
 * win, all children lost proves a loss, and draws fall out the same way.
 */
#ifndef QUARTET_MCTS_TREE_H
#define QUARTET_MCTS_TREE_H

#include "ai/engine.h"
#include "game.h"
#include "rng.h"

#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define MCTS_MAX_DEPTH 1024
#define MCTS_NODE_TERMINAL 1 /* the game is over in this node */
#define MCTS_NODE_SEEN 2     /* side and result known (the move was made once) */
#define MCTS_NODE_EXPANDING 4 /* a thread is making the children (several threads) */
/* The most search threads (the threads setting). */
#define MCTS_THREADS_MAX 64
/* How long a thread waits for another's expansion before playing out. */
#define MCTS_EXPAND_WAIT_MS 2
/* Children made at expansion (side and immediate end of game known at
 * once) this close to the root; deeper ones wait for their first visit. */
#define MCTS_CHECK_DEPTH 2

/* The value of a child not tried yet when there are no priors: above any
 * other, so every child is tried once before any twice. */
#define MCTS_UNVISITED 1e30f

/* 48 bytes.  value and inv_sqrt are what plain UCT selection reads, kept
 * up to date at every backup so selection is one multiply-add a child.
 * prior, child and move are written before the node (or its children) is
 * published and never change after. */
typedef struct mcts_node {
    _Atomic double wins;  /* score for the player who moved into this node */
    float prior;          /* expected score of this node for that player */
    _Atomic float value;  /* (wins + prior weight * prior) / (visits + prior weight),
                             or MCTS_UNVISITED */
    _Atomic float inv_sqrt; /* 1 / sqrt(visits + prior weight), 0 before any */
    _Atomic float amaf_wins; /* all-moves-as-first: score when the move came later */
    _Atomic uint32_t amaf_visits;
    _Atomic uint32_t visits; /* with several threads, also the paths in flight */
    uint32_t child;       /* index of the first child; children are contiguous */
    qmove move;           /* the move that leads here */
    _Atomic uint16_t nchild; /* stored after child and the children themselves */
    _Atomic uint16_t bounds; /* proven bounds on the first player's score, half
                                points: lo | hi << 8 (one word, read at once) */
    _Atomic uint8_t side; /* player to move here (once MCTS_NODE_SEEN) */
    _Atomic uint8_t flags;
    _Atomic uint16_t plies; /* once proven: moves to the end along the proof, the
                               winner taking the shortest way, the loser the longest */
} mcts_node;

_Static_assert(sizeof(mcts_node) == 48, "a node is 48 bytes");

#define MCTS_LOAD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define MCTS_STORE(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)

typedef struct mcts_tree {
    mcts_node *pool;
    uint32_t cap;
    _Atomic uint32_t used;
    int shared;          /* several threads search it now */
    size_t mb;
    double prior_visits; /* weight of a child's prior, in visits (0: none) */
    int prior_hook;      /* priors from the game's priors hook, not its evaluation */
    void (*priors)(const game *g, const qmove *moves, int n, float *out); /* that hook */
    double rave;         /* RAVE's equivalence parameter (0: no RAVE) */
    int marked_trace;    /* the playouts mark the second player's moves (mcts_amaf.h) */
    uint32_t expand;     /* visits a leaf takes before it is expanded (at least 1) */
    uint32_t root;       /* the last search's root, kept for the next one */
    int have_tree;
    uint64_t root_hash;
    int root_ply;
    engine_candidate cand[GAME_MAX_MOVES]; /* progress reports */
} mcts_tree;

/* The playout moves kept for RAVE (later ones are played, not kept) and
 * the table of one iteration's moves (mcts_amaf.c): a power of two, at
 * least twice the moves it may hold.  Moves below MCTS_AMAF_DIRECT (every
 * move of Y and Coffee, LOA's but its pass) have an entry of their own
 * instead: no hashing, and a game's few entries sit together in cache. */
#define MCTS_TRACE_MAX 4096
#define MCTS_AMAF_TABLE 16384
#define MCTS_AMAF_DIRECT 8192

typedef struct mcts_amaf_entry {
    qmove move;
    uint32_t gen;    /* the entry holds this iteration's move when gen matches */
    int32_t last[2]; /* the last index in the iteration's moves played by each player */
} mcts_amaf_entry;

typedef struct mcts_worker {
    game *scratch;
    rng rng;
    uint32_t path[MCTS_MAX_DEPTH];
    qmove moves[GAME_MAX_MOVES];
    qmove replies[GAME_MAX_MOVES]; /* mcts_tree_win_in_two */
    float priors[GAME_MAX_MOVES]; /* the game's priors of moves */
    int trace_on;                /* keep the playout's moves (RAVE) */
    qmove trace[MCTS_TRACE_MAX]; /* the last playout's moves */
    int ntrace;
    uint32_t amaf_gen;
    mcts_amaf_entry amaf[MCTS_AMAF_TABLE];
    mcts_amaf_entry amaf_direct[MCTS_AMAF_DIRECT];
} mcts_worker;

/* ---- scores and bounds ---- */

static inline double mcts_result_score(int result)
{
    return result == RESULT_FIRST ? 1.0 : result == RESULT_SECOND ? 0.0 : 0.5;
}

static inline uint8_t mcts_result_halves(int result)
{
    return result == RESULT_FIRST ? 2 : result == RESULT_SECOND ? 0 : 1;
}

#define MCTS_BOUNDS(lo, hi) ((uint16_t)((lo) | (hi) << 8))
#define MCTS_OPEN MCTS_BOUNDS(0, 2) /* nothing proven */

static inline int mcts_lo(const mcts_node *n) { return MCTS_LOAD(n->bounds) & 0xff; }
static inline int mcts_hi(const mcts_node *n) { return MCTS_LOAD(n->bounds) >> 8; }
static inline int mcts_proven(const mcts_node *n)
{
    unsigned b = MCTS_LOAD(n->bounds);
    return (b & 0xff) == b >> 8;
}

/* Bounds seen by player p. */
static inline int mcts_lo_for(const mcts_node *n, int p) { return p == 0 ? mcts_lo(n) : 2 - mcts_hi(n); }
static inline int mcts_hi_for(const mcts_node *n, int p) { return p == 0 ? mcts_hi(n) : 2 - mcts_lo(n); }

/* Add v to a statistic: a read-modify-write when threads share the tree,
 * else a load and a store.  Counts, then a node's score (a compare-and-
 * swap loop: the compiler's own would want libatomic).  The AMAF
 * statistics are added to without either (mcts_amaf.c). */
#define MCTS_ADD(t, x, v) \
    ((t)->shared ? (void)atomic_fetch_add_explicit(&(x), (v), memory_order_relaxed) \
                 : MCTS_STORE(x, MCTS_LOAD(x) + (v)))

static inline void mcts_add_score(const mcts_tree *t, _Atomic double *x, double v)
{
    double old = atomic_load_explicit(x, memory_order_relaxed);
    if (!t->shared)
        atomic_store_explicit(x, old + v, memory_order_relaxed);
    else
        while (!atomic_compare_exchange_weak_explicit(x, &old, old + v, memory_order_relaxed,
                                                      memory_order_relaxed))
            ;
}

/* A new, empty pool of about memory_mb megabytes in place of t's (t starts
 * zeroed): 0, or -1 when it cannot be had (then t is unchanged). */
int mcts_tree_init(mcts_tree *t, size_t memory_mb);
void mcts_tree_free(mcts_tree *t);

void mcts_tree_init_node(mcts_node *n, qmove m, int side);
/* Recompute n's bounds from its children, and once it is proven the
 * length of its proof (plies); 1 if either changed (with several threads
 * the bounds are only ever tightened). */
int mcts_tree_update_bounds(mcts_tree *t, mcts_node *n);
/* Recompute n's cached selection terms after its statistics changed
 * (inline: every backup and every new child calls it). */
static inline void mcts_tree_refresh(const mcts_tree *t, mcts_node *n)
{
    double pv = t->prior_visits, v = MCTS_LOAD(n->visits) + pv;
    if (v > 0) {
        MCTS_STORE(n->value, (float)((MCTS_LOAD(n->wins) + pv * n->prior) / v));
        MCTS_STORE(n->inv_sqrt, (float)(1.0 / sqrt(v)));
    } else {
        MCTS_STORE(n->value, MCTS_UNVISITED);
        MCTS_STORE(n->inv_sqrt, 0);
    }
}

/* Give n (the position in g) all its children (below the search's root,
 * the game's search_moves when it has them), in random order so that
 * "first unvisited" is a random pick, each with its prior when the search
 * uses priors.  With check (or priors from the evaluation) every child is
 * made once to learn its side and whether the game ends there; else that
 * waits for the child's first visit (mcts_tree_see).  0 when the pool has
 * no room.  With several threads one expands n; another arriving meanwhile
 * waits for the children (1), or for that thread's failure or at most
 * MCTS_EXPAND_WAIT_MS (0). */
int mcts_tree_expand(mcts_tree *t, mcts_worker *w, mcts_node *n, game *g, int check);
/* Learn the side and the result of c from g, the position after its move;
 * 1 when that proved c (the game is over there).  Threads that do it at
 * once store the same values. */
int mcts_tree_see(mcts_node *c, const game *g);
#define MCTS_REUSE_PLIES 64
/* The turn a reused root is in the middle of: the node of the last tree
 * where its moves began and those moves (k = 0: the root starts a turn). */
typedef struct mcts_turn {
    uint32_t start;
    int k;
    qmove m[MCTS_REUSE_PLIES];
} mcts_turn;
/* The node of the last search's tree that stands for g, when g is the
 * last root followed by at least one move the tree has (at most
 * MCTS_REUSE_PLIES; a game with search_moves may have had a turn's moves
 * in another order than the tree), and the pool is at most half full (so
 * a long game cannot starve the search of nodes); *turn is the turn it is
 * in the middle of.  0 if none (the root of a fresh tree is node 0, never
 * a reused one). */
uint32_t mcts_tree_reusable_root(mcts_tree *t, mcts_worker *w, const game *g, mcts_turn *turn);
/* A reused root whose children were made below an earlier root (a game's
 * search_moves: a turn's stones in order) gets every legal move of g, its
 * position: the old children keep their subtrees, the new ones are made as
 * by mcts_tree_expand with check, and start from the statistics of the
 * same position elsewhere in the last tree (the turn's moves in another
 * order), without its subtree, which was made for that order.  How many
 * were added (0: none, or no room).  Before the search's threads start. */
int mcts_tree_widen_root(mcts_tree *t, mcts_worker *w, game *g, const mcts_turn *turn);
/* Look among the root's moves (g its position, a game of one move a turn)
 * for one that wins in two: every reply the opponent has loses to a win
 * at once.  The first found is proven so (its proof two moves long), and
 * the root with it; 1 if one was.  A search long enough to afford it
 * (about as many moves as a few playouts of each root move) asks it
 * before its threads start: strong priors can leave such a move untried
 * while the search proves a longer win or none. */
int mcts_tree_win_in_two(mcts_tree *t, mcts_worker *w, game *g);

#endif
