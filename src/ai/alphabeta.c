/*
 * alphabeta.c - the alpha-beta searcher: iterative deepening negamax with
 * principal variation search, aspiration windows, a transposition table
 * (the game's hash; one allocation when memory is set), killer moves, a
 * history table and the game's priors for move ordering, late move
 * reductions and pruning, reverse futility and null-move pruning (where
 * the game offers a pass).  With threads=N, N - 1 helpers search the same
 * position at the same time, each on its own copy of the game, and share
 * only the table ("lazy SMP"): what one finds the others read, so the
 * main thread's iterations go faster.  The move is that of the thread
 * that finished the deepest iteration (the main thread's on a tie); a
 * node budget is the main thread's.
 *
 * Scores are for the side to move, in thousandths of the evaluation's
 * logit (the game's evaluate gives an expected score p; the leaf scores
 * 1000 log(p / (1 - p))), so a margin means the same everywhere on the
 * scale.  A won game scores AB_WIN less its distance from the root, so
 * the quickest win and the longest loss are preferred.  A turn of several
 * moves (Y's variants) keeps the sign: only a change of mover negates.
 * A game without evaluate is searched for wins and losses alone (every
 * leaf scores 0), as the summary says.
 *
 * The search stops at the node limit (level), the depth, the time (ms or
 * the front end's budget) or the stop flag, and then plays the best move
 * of the deepest iteration (or of the unfinished one once its first move
 * is searched).  Nothing is allocated during a search.
 */
#define _POSIX_C_SOURCE 200809L
#include "ai/searcher.h"
#include "rng.h"
#include "util.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    SET_SEED, SET_LEVEL, SET_LADDER, SET_ITERATIONS, SET_DEPTH, SET_MS, SET_MEMORY, SET_TT,
    SET_LMR, SET_NULL, SET_RFP, SET_LMP, SET_PONDER, SET_THREADS, SET_MISTAKES
};

#define AB_THREADS_MAX 64

#define INT_SETTING(name, lo, hi, def, help) {name, SEARCHER_INT, lo, hi, def, 0, 0, 0, NULL, help}

/* Nodes per move at each level, calibrated by matches like MCTS's
 * (docs/STRENGTH.md, "Levels"): three beginners' levels of 100 nodes that
 * play some of their moves at random, so that level 1 loses to a careful
 * beginner's stand-in, then wider budgets up to two million nodes.  The
 * standard ladder is LOA's (steps of 250-410 Elo: from that beginner to two
 * million nodes is some 3,000 there); the steep one is LOT's (170-270),
 * whose search gains more from its first thousands of nodes. */
#define LEVEL_DEFAULT 8
#define LADDER_STANDARD_LIST 100, 100, 100, 100, 350, 1500, 5000, 25000, 200000, 2000000
#define LADDER_STANDARD_MISTAKES 85, 55, 25
#define LADDER_STEEP_LIST 100, 100, 100, 170, 300, 1000, 2500, 10000, 70000, 2000000
#define LADDER_STEEP_MISTAKES 85, 60, 25
enum { LADDER_STANDARD, LADDER_STEEP, LADDER_COUNT };
static const char *const ladders[] = {[LADDER_STANDARD] = "standard", [LADDER_STEEP] = "steep",
                                      NULL};
static const uint64_t level_nodes[LADDER_COUNT][ENGINE_LEVEL_MAX] = {
    [LADDER_STANDARD] = {LADDER_STANDARD_LIST},
    [LADDER_STEEP] = {LADDER_STEEP_LIST},
};
static const int level_mistakes[LADDER_COUNT][ENGINE_LEVEL_MAX] = {
    [LADDER_STANDARD] = {LADDER_STANDARD_MISTAKES},
    [LADDER_STEEP] = {LADDER_STEEP_MISTAKES},
};

static const searcher_setting settings[] = {
    [SET_SEED] = INT_SETTING("seed", 0, INT64_MAX, 1,
                             "orders equal root moves; the same seed and limits give the same move"),
    [SET_LEVEL] = INT_SETTING("level", 1, ENGINE_LEVEL_MAX, LEVEL_DEFAULT,
                              "nodes per move from the ladder; a time per move replaces them, "
                              "a clock unless a level below 10 was chosen"),
    [SET_LADDER] = {"ladder", SEARCHER_CHOICE, 0, 0, LADDER_STANDARD, 0, 0, 0, ladders,
                    "levels 1-10: standard " ENGINE_LIST_TEXT(LADDER_STANDARD_LIST)
                    " nodes (levels 1-3 play " ENGINE_LIST_TEXT(LADDER_STANDARD_MISTAKES)
                    " % of their moves at random); steep " ENGINE_LIST_TEXT(LADDER_STEEP_LIST)
                    " (levels 1-3: " ENGINE_LIST_TEXT(LADDER_STEEP_MISTAKES)
                    " %), for games whose first thousands of nodes gain most"},
    [SET_ITERATIONS] = INT_SETTING("iterations", 0, 2000000000, 0,
                                   "a fixed node budget; overrides level, caps a time limit"),
    [SET_DEPTH] = INT_SETTING("depth", 0, 60, 0,
                              "a fixed depth in plies; overrides level when above 0"),
    [SET_MS] = INT_SETTING("ms", 0, 86400000, 0,
                           "time cap per move in ms (0: none); a clock may cap it further"),
    [SET_MEMORY] = INT_SETTING("memory", 1, 65536, 64, "MB for the transposition table"),
    [SET_TT] = {"tt", SEARCHER_BOOL, 0, 1, 1, 0, 0, 0, NULL,
                "use the transposition table (0: off, to measure what it gives)"},
    [SET_LMR] = {"lmr", SEARCHER_BOOL, 0, 1, 1, 0, 0, 0, NULL,
                 "search late moves one ply shallower first (late move reductions)"},
    [SET_NULL] = {"null", SEARCHER_BOOL, 0, 1, 1, 0, 0, 0, NULL,
                  "null-move pruning, in games that offer a pass for it (LOA)"},
    [SET_RFP] = {"rfp", SEARCHER_BOOL, 0, 1, 1, 0, 0, 0, NULL,
                 "cut a node near the leaves whose static score is far above beta (reverse futility)"},
    [SET_LMP] = {"lmp", SEARCHER_BOOL, 0, 1, 1, 0, 0, 0, NULL,
                 "leave the late quiet moves of a node near the leaves unsearched (late move pruning)"},
    [SET_PONDER] = {"ponder", SEARCHER_BOOL, 0, 1, 0, 0, 0, 0, NULL,
                    "think on the opponent's time where the front end allows it"},
    [SET_THREADS] = INT_SETTING("threads", 1, AB_THREADS_MAX, 1,
                                "search threads sharing the table (one thread: the same seed "
                                "and limits give the same move)"),
    [SET_MISTAKES] = INT_SETTING("mistakes", 0, 100, 0,
                                 "percent of moves played at random instead of the search's "
                                 "(0: the level's; only each ladder's first levels have some)"),
    {NULL, 0, 0, 0, 0, 0, 0, 0, NULL, NULL},
};

#define MAX_PLY 64
#define AB_INF 32000
#define AB_WIN 31000
#define AB_WIN_MIN (AB_WIN - 1000) /* above: a forced win */
#define EVAL_MAX 20000
#define HIST_BITS 14
#define HIST_MAX (1 << 20)
#define PRIOR_WEIGHT 4096
#define ASPIRATION 60
#define LMR_MOVES 4 /* moves searched in full before reductions */
#define LMR_DEPTH 3 /* the least depth reduced */
#define LMR_LATE_MOVES 12 /* moves after which a deep node reduces by two plies */
#define LMR_LATE_DEPTH 6
#define NULL_DEPTH 3 /* the least depth a null move is tried at */
#define RFP_DEPTH 3    /* the greatest depth reverse futility cuts at */
#define RFP_MARGIN 200 /* per ply of depth, in the scores' units */
#define LMP_DEPTH 3 /* the greatest depth late moves are pruned at */
#define LMP_MOVES 8 /* moves searched a ply of depth before the pruning */

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* Threads write entries without a lock: the check word is the key xor
 * the data word, so an entry two writes have mixed fails the key test
 * and is not used. */
typedef struct tt_entry {
    _Atomic uint64_t check;
    _Atomic uint64_t data; /* move | score << 32 | depth << 48 | bound << 56 */
} tt_entry;

typedef struct tt_hit {
    qmove move;
    int score, depth, bound;
} tt_hit;

typedef struct root_move {
    qmove move;
    int score;      /* in this iteration (a bound unless the best) */
    int shown;      /* in the last whole iteration, for reports */
    uint64_t nodes; /* searched below it, over all iterations */
    float prior;
} root_move;

typedef struct player player;

/* A search thread: the main one (the searcher's own player) or a helper,
 * which searches until the main one sets halt. */
struct player {
    tt_entry *tt; /* a helper's is the main thread's */
    uint64_t tt_mask;
    long long memory_mb;
    int index;                   /* 0: the main thread */
    player *helper[AB_THREADS_MAX]; /* the main thread's, made when first asked for */
    int helpers;                 /* searching now */
    atomic_int halt;             /* the main thread's word to its helpers */
    _Atomic uint64_t published;  /* a helper's nodes, every 1024 */
    searcher_run helper_run;
    pthread_t thread;
    game *g; /* the searched copy */
    const game_ops *ops;
    int has_eval, has_priors, use_tt, use_lmr, use_null, use_rfp, use_lmp;
    /* per ply: moves and their order keys */
    qmove moves[MAX_PLY + 1][GAME_MAX_MOVES];
    int32_t key[MAX_PLY + 1][GAME_MAX_MOVES];
    float prior[GAME_MAX_MOVES];
    qmove killer[MAX_PLY + 1][2];
    uint8_t after_null[MAX_PLY + 1]; /* the move into this ply was a pass */
    int32_t history[2][1 << HIST_BITS];
    qmove pv[MAX_PLY + 1][MAX_PLY + 1];
    int pvlen[MAX_PLY + 1];
    /* limits of the running search */
    uint64_t nodes, node_limit;
    int64_t t0, ms;
    atomic_int *stop;
    int aborted;
    const searcher_run *run;
    int64_t last_report;
    /* the root: moves in search order, their last scores and subtree sizes */
    int nroot, depth_done, best_score, first_done;
    root_move root[GAME_MAX_MOVES];
    qmove best_pv[MAX_PLY + 1];
    int best_pvlen;
    engine_candidate cand[GAME_MAX_MOVES];
    rng rng;
};

/* ---- the transposition table ---- */

/* Forced wins are stored relative to the node, not the root. */
static int to_tt(int s, int ply) { return s >= AB_WIN_MIN ? s + ply : s <= -AB_WIN_MIN ? s - ply : s; }
static int from_tt(int s, int ply) { return s >= AB_WIN_MIN ? s - ply : s <= -AB_WIN_MIN ? s + ply : s; }

static int tt_alloc(player *p, long long mb)
{
    uint64_t n = 1;
    while (n * 2 * sizeof(tt_entry) <= (uint64_t)mb * 1024 * 1024)
        n *= 2;
    tt_entry *t = calloc((size_t)n, sizeof *t);
    if (!t)
        return -1;
    free(p->tt);
    p->tt = t;
    p->tt_mask = n - 1;
    p->memory_mb = mb;
    return 0;
}

/* The entry for key, its score still relative to the node: 1 if found. */
static int tt_probe(const player *p, uint64_t key, tt_hit *h)
{
    const tt_entry *e = &p->tt[key & p->tt_mask];
    uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
    if ((atomic_load_explicit(&e->check, memory_order_relaxed) ^ data) != key)
        return 0;
    h->move = (qmove)data;
    h->score = (int16_t)(data >> 32);
    h->depth = (int)(data >> 48 & 0xFF);
    h->bound = (int)(data >> 56);
    return 1;
}

/* Depth-preferred, but a newer search of the same position always wins. */
static void tt_store(player *p, uint64_t key, int depth, int score, int bound, qmove m, int ply)
{
    tt_hit old;
    if (tt_probe(p, key, &old) && old.depth > depth && bound != BOUND_EXACT)
        return;
    uint64_t data = (uint64_t)m | (uint64_t)(uint16_t)to_tt(score, ply) << 32 |
                    (uint64_t)(uint8_t)depth << 48 | (uint64_t)bound << 56;
    tt_entry *e = &p->tt[key & p->tt_mask];
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
    atomic_store_explicit(&e->check, key ^ data, memory_order_relaxed);
}

/* ---- scores ---- */

static int terminal_score(int result, int side, int ply)
{
    if (result == RESULT_DRAW)
        return 0;
    return result == RESULT_FIRST + side ? AB_WIN - ply : -(AB_WIN - ply);
}

static int leaf_score(player *p)
{
    if (!p->has_eval)
        return 0;
    double v = p->ops->evaluate(p->g);
    if (v <= 1e-9)
        return -EVAL_MAX;
    if (v >= 1 - 1e-9)
        return EVAL_MAX;
    double s = 1000.0 * log(v / (1.0 - v));
    return s > EVAL_MAX ? EVAL_MAX : s < -EVAL_MAX ? -EVAL_MAX : (int)lround(s);
}

static double score_value(int s)
{
    if (s >= AB_WIN_MIN)
        return 1.0;
    if (s <= -AB_WIN_MIN)
        return 0.0;
    return 1.0 / (1.0 + exp(-s / 1000.0));
}

/* Moves to the end of a won or lost score's game (the score counts them
 * from the root). */
static int win_plies(int s) { return abs(s) >= AB_WIN_MIN ? AB_WIN - abs(s) : 0; }
static int score_proven(int s) { return s >= AB_WIN_MIN ? ENGINE_PROVEN_WIN : s <= -AB_WIN_MIN ? ENGINE_PROVEN_LOSS : 0; }

/* ---- move ordering ---- */

static int hist_index(qmove m) { return (int)((m * 2654435761u) >> (32 - HIST_BITS)); }

static void order_moves(player *p, int ply, int n, qmove tt_move, int side, int depth)
{
    qmove *mv = p->moves[ply];
    int32_t *k = p->key[ply];
    /* the frontier (children are leaves) orders by history alone: priors
     * cost about what the leaves do */
    int priors = p->has_priors && depth >= 2;
    if (priors)
        p->ops->priors(p->g, mv, n, p->prior);
    for (int i = 0; i < n; i++) {
        if (mv[i] == tt_move)
            k[i] = 1 << 30;
        else if (mv[i] == p->killer[ply][0])
            k[i] = (1 << 29) + 1;
        else if (mv[i] == p->killer[ply][1])
            k[i] = 1 << 29;
        else
            k[i] = p->history[side][hist_index(mv[i])] +
                   (priors ? (int32_t)(p->prior[i] * PRIOR_WEIGHT) : 0);
    }
}

/* Selection: the best of moves[i..n) swapped to i. */
static qmove pick(player *p, int ply, int i, int n)
{
    qmove *mv = p->moves[ply];
    int32_t *k = p->key[ply];
    int b = i;
    for (int j = i + 1; j < n; j++)
        if (k[j] > k[b])
            b = j;
    qmove m = mv[b];
    int32_t kb = k[b];
    mv[b] = mv[i], k[b] = k[i];
    mv[i] = m, k[i] = kb;
    return m;
}

static void reward(player *p, int ply, int side, qmove m, int depth)
{
    if (p->killer[ply][0] != m) {
        p->killer[ply][1] = p->killer[ply][0];
        p->killer[ply][0] = m;
    }
    int32_t *h = &p->history[side][hist_index(m)];
    *h += depth * depth;
    if (*h > HIST_MAX)
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < 1 << HIST_BITS; i++)
                p->history[s][i] /= 2;
}

static void set_pv(player *p, int ply, qmove m)
{
    p->pv[ply][0] = m;
    int n = p->pvlen[ply + 1];
    memcpy(&p->pv[ply][1], p->pv[ply + 1], sizeof(qmove) * (size_t)n);
    p->pvlen[ply] = n + 1;
}

/* ---- limits and reports ---- */

static void report(player *p, int final);

/* The nodes of every thread of p's search: its own, and its helpers' as
 * they last published them (the reports count them all; a node budget
 * is the main thread's, so a helper can only add to what it finds). */
static uint64_t all_nodes(const player *p)
{
    uint64_t n = p->nodes;
    for (int i = 0; i < p->helpers; i++)
        n += atomic_load_explicit(&p->helper[i]->published, memory_order_relaxed);
    return n;
}

static void check_limits(player *p)
{
    if (p->stop && atomic_load_explicit(p->stop, memory_order_relaxed))
        p->aborted = 1;
    if (p->index)
        atomic_store_explicit(&p->published, p->nodes, memory_order_relaxed);
    if (!p->ms && !(p->run->progress && p->run->progress_ms > 0))
        return;
    int64_t now = util_now_ms();
    if (p->ms && now - p->t0 >= p->ms)
        p->aborted = 1;
    if (!p->aborted && p->run->progress && p->run->progress_ms > 0 && p->first_done &&
        now - p->last_report >= p->run->progress_ms) {
        report(p, 0);
        /* keep the cadence (one report per interval of search), unless
         * the search fell behind by a whole interval */
        int64_t every = p->run->progress_ms;
        p->last_report = now - p->last_report >= 2 * every ? now : p->last_report + every;
    }
}

/* ---- the search ---- */

static int search(player *p, int depth, int alpha, int beta, int ply);

/* A child's score for the mover at ply - 1: negated when the mover changes. */
static int child(player *p, int side, int depth, int alpha, int beta, int ply)
{
    if (p->ops->to_move(p->g) == side)
        return search(p, depth, alpha, beta, ply);
    return -search(p, depth, -beta, -alpha, ply);
}

/* The moves of ply's position from the i-th on, PVS after the first;
 * *best and *best_move are updated.  The root records each score. */
static int search_moves(player *p, int depth, int alpha, int beta, int ply, int n, int *best,
                        qmove *best_move)
{
    const game_ops *ops = p->ops;
    int side = ops->to_move(p->g);
    for (int i = 0; i < n; i++) {
        qmove m = ply ? pick(p, ply, i, n) : p->root[i].move;
        uint64_t before = p->nodes;
        /* a late quiet move (not the table's, not a killer) of an inner
         * node is searched a ply shallower (two for the latest at a deep
         * node), and again in full if it surprises */
        /* near the leaves, outside the principal variation, the late
         * quiet moves are not searched once a move has been */
        if (p->use_lmp && ply && depth <= LMP_DEPTH && beta - alpha == 1 &&
            i >= LMP_MOVES * depth && p->key[ply][i] < 1 << 29 && *best > -AB_WIN_MIN)
            break;
        int r = p->use_lmr && ply && i >= LMR_MOVES && depth >= LMR_DEPTH &&
                p->key[ply][i] < 1 << 29;
        if (r && i >= LMR_LATE_MOVES && depth >= LMR_LATE_DEPTH)
            r = 2;
        ops->make(p->g, m);
        int s = child(p, side, depth - 1 - r, alpha, i ? alpha + 1 : beta, ply + 1);
        if (r && s > alpha && !p->aborted)
            s = child(p, side, depth - 1, alpha, alpha + 1, ply + 1);
        if (i && s > alpha && s < beta && !p->aborted)
            s = child(p, side, depth - 1, alpha, beta, ply + 1);
        ops->unmake(p->g);
        if (p->aborted)
            return alpha;
        if (!ply) {
            p->root[i].score = s;
            p->root[i].nodes += p->nodes - before;
        }
        if (s > *best) {
            *best = s;
            *best_move = m;
            if (s > alpha) {
                alpha = s;
                set_pv(p, ply, m);
                if (!ply)
                    p->first_done = 1;
            }
            if (s >= beta) {
                reward(p, ply, side, m, depth);
                break;
            }
        }
        if (!ply && !p->first_done)
            p->first_done = 1;
    }
    return alpha;
}

/* Null-move pruning: where the static score (stat) already reaches
 * beta, the side to move passes; if a search R plies shallower still
 * fails high, a real move is taken to as well (in the games that offer a
 * pass, passing is rarely best).  1 with *score when the node is cut. */
static int null_cut(player *p, int depth, int stat, int beta, int ply, int *score)
{
    if (!p->use_null || depth < NULL_DEPTH || p->after_null[ply] || stat < beta)
        return 0;
    qmove pass = p->ops->null_move(p->g);
    if (pass == QMOVE_NONE)
        return 0;
    int side = p->ops->to_move(p->g), r = depth >= 7 ? 3 : 2;
    if (depth - 1 - r < 1) /* a ply is kept, so a threat to win at once is seen */
        r = depth - 2;
    p->ops->make(p->g, pass);
    p->after_null[ply + 1] = 1;
    int s = child(p, side, depth - 1 - r, beta - 1, beta, ply + 1);
    p->after_null[ply + 1] = 0;
    p->ops->unmake(p->g);
    if (p->aborted || s < beta)
        return 0;
    *score = s >= AB_WIN_MIN ? beta : s; /* a pass proves no win */
    return 1;
}

/* Pruning before the moves, outside the principal variation (a null
 * window) and away from forced wins: a static score far enough above
 * beta near the frontier (reverse futility), else a null move.  1 with
 * *score when the node is cut. */
static int prune_early(player *p, int depth, int beta, int ply, int *score)
{
    int rfp = p->use_rfp && depth <= RFP_DEPTH, null = p->use_null && depth >= NULL_DEPTH;
    if (!p->has_eval || abs(beta) >= AB_WIN_MIN || !(rfp || null))
        return 0;
    int stat = leaf_score(p);
    if (rfp && stat - RFP_MARGIN * depth >= beta) {
        *score = stat;
        return 1;
    }
    return null_cut(p, depth, stat, beta, ply, score);
}

static int search(player *p, int depth, int alpha, int beta, int ply)
{
    const game_ops *ops = p->ops;
    game *g = p->g;
    p->pvlen[ply] = 0;
    if (p->node_limit && p->nodes >= p->node_limit)
        p->aborted = 1;
    else if ((++p->nodes & 1023) == 0)
        check_limits(p);
    if (p->aborted)
        return 0;
    int side = ops->to_move(g), r = ops->result(g);
    if (r != RESULT_NONE)
        return terminal_score(r, side, ply);
    if (depth <= 0 || ply >= MAX_PLY)
        return leaf_score(p);
    uint64_t key = ops->hash(g);
    tt_hit e;
    qmove tt_move = QMOVE_NONE;
    if (p->use_tt && tt_probe(p, key, &e)) {
        tt_move = e.move;
        int s = from_tt(e.score, ply);
        if (e.depth >= depth && beta - alpha == 1 &&
            (e.bound == BOUND_EXACT || (e.bound == BOUND_LOWER && s >= beta) ||
             (e.bound == BOUND_UPPER && s <= alpha)))
            return s;
    }
    int cut;
    if (ply && beta - alpha == 1 && prune_early(p, depth, beta, ply, &cut))
        return cut;
    int n = ops->legal_moves(g, p->moves[ply]);
    order_moves(p, ply, n, tt_move, side, depth);
    int best = -AB_INF, alpha0 = alpha;
    qmove best_move = QMOVE_NONE;
    search_moves(p, depth, alpha, beta, ply, n, &best, &best_move);
    if (p->aborted)
        return 0;
    int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    if (p->use_tt)
        tt_store(p, key, depth, best, bound, best_move, ply);
    return best;
}

/* Root moves by their last scores, best first; equal moves keep their
 * order. */
static void sort_root(player *p)
{
    for (int i = 1; i < p->nroot; i++)
        for (int j = i; j > 0 && p->root[j].score > p->root[j - 1].score; j--) {
            root_move t = p->root[j];
            p->root[j] = p->root[j - 1];
            p->root[j - 1] = t;
        }
}

/* Move m to the front of the root moves, the others in their order. */
static void root_to_front(player *p, qmove m)
{
    for (int i = 0; i < p->nroot; i++)
        if (p->root[i].move == m) {
            root_move t = p->root[i];
            memmove(&p->root[1], &p->root[0], sizeof t * (size_t)i);
            p->root[0] = t;
            return;
        }
}

/* One iteration at depth inside [alpha, beta]: the root's score, and its
 * best move first in root[] with its line in best_pv. */
static int search_root(player *p, int depth, int alpha, int beta)
{
    int best = -AB_INF;
    qmove best_move = QMOVE_NONE;
    p->first_done = 0;
    p->pvlen[0] = 0;
    for (int i = 0; i < p->nroot; i++)
        p->root[i].score = -AB_INF;
    search_moves(p, depth, alpha, beta, 0, p->nroot, &best, &best_move);
    if (p->pvlen[0]) { /* a move inside the window: the new best */
        memcpy(p->best_pv, p->pv[0], sizeof(qmove) * (size_t)p->pvlen[0]);
        p->best_pvlen = p->pvlen[0];
        p->best_score = best;
    }
    /* unfinished or failed low, the scores are not comparable: only the
     * new best (if any) comes first */
    if (p->aborted || best <= alpha) {
        if (p->pvlen[0])
            root_to_front(p, p->best_pv[0]);
    } else {
        sort_root(p);
    }
    return best;
}

/* One depth with an aspiration window around the last score, widened on
 * failure until the score is inside. */
static int aspire(player *p, int depth, int last)
{
    int delta = ASPIRATION;
    int lo = depth > 2 && abs(last) < AB_WIN_MIN ? last - delta : -AB_INF;
    int hi = depth > 2 && abs(last) < AB_WIN_MIN ? last + delta : AB_INF;
    for (;;) {
        int s = search_root(p, depth, lo, hi);
        if (p->aborted || (s > lo && s < hi))
            return s;
        delta *= 4;
        if (s <= lo)
            lo = delta > EVAL_MAX ? -AB_INF : s - delta;
        else
            hi = delta > EVAL_MAX ? AB_INF : s + delta;
    }
}

/* Deeper and deeper until a limit, a proven value or max_depth.  Every
 * other helper starts a ply deeper, so the threads are not all at one
 * depth. */
static void deepen(player *p, int max_depth)
{
    int last = 0, analyze = p->run->analyze;
    check_limits(p); /* a stop asked before the search: the first move by prior */
    for (int d = 1 + (p->index & 1); d <= max_depth && !p->aborted; d++) {
        int s = aspire(p, d, last);
        if (p->aborted)
            break;
        p->depth_done = d;
        last = s;
        for (int i = 0; i < p->nroot; i++)
            p->root[i].shown = p->root[i].score;
        /* given time, it is used: an unfinished depth still changes the
         * move when one beats the first (the facade stops a decided
         * search early) */
        if (abs(s) >= AB_WIN_MIN || (p->nroot == 1 && !analyze))
            break;
    }
}

static void report(player *p, int final)
{
    const searcher_run *run = p->run;
    if (!run->progress)
        return;
    int n = 0;
    qmove best = p->best_pvlen ? p->best_pv[0] : QMOVE_NONE;
    for (int pass = 0; pass < 2; pass++) /* the move it would play first */
        for (int i = 0; i < p->nroot; i++) {
            const root_move *r = &p->root[i];
            if ((r->move == best) != (pass == 0))
                continue;
            int s = pass == 0 && p->depth_done ? p->best_score : r->shown;
            engine_candidate *c = &p->cand[n++];
            c->move = r->move;
            c->visits = r->nodes;
            c->prior = r->prior;
            c->value = s == -AB_INF ? 0.5 : score_value(s);
            c->proven = s == -AB_INF ? 0 : pass == 0 ? score_proven(s)
                        : s <= -AB_WIN_MIN ? ENGINE_PROVEN_LOSS : 0;
            c->plies = c->proven ? win_plies(s) : 0;
        }
    /* nodes searched against the table's room: a ponder ends before its
     * later nodes would overwrite what its first ones stored */
    uint64_t nodes = all_nodes(p);
    engine_progress pr = {util_now_ms() - p->t0, nodes, score_value(p->best_score),
                          score_proven(p->best_score), n, p->cand, p->best_pvlen, p->best_pv,
                          final, nodes, p->use_tt ? p->tt_mask + 1 : 0, p->depth_done};
    if (!p->depth_done) {
        pr.value = 0.5;
        pr.proven = 0;
    }
    run->progress(&pr, run->progress_arg);
}

/* The scratch game, the limits, and the root moves shuffled by the seed
 * then ordered by prior; their number (0: the game is over). */
static int prepare(player *p, const game *g, const searcher_run *run)
{
    const searcher_value *set = run->set;
    p->ops = g->ops;
    p->has_eval = g->ops->evaluate != NULL;
    p->has_priors = g->ops->priors != NULL;
    p->use_tt = (int)set[SET_TT].i;
    p->use_lmr = (int)set[SET_LMR].i;
    p->use_null = (int)set[SET_NULL].i && g->ops->null_move;
    p->use_rfp = (int)set[SET_RFP].i;
    p->use_lmp = (int)set[SET_LMP].i && p->has_eval; /* a search for wins alone must see every move */
    p->run = run;
    p->stop = run->stop;
    p->nodes = 0;
    p->aborted = 0;
    p->t0 = p->last_report = util_now_ms();
    p->ms = set[SET_MS].i;
    if (run->budget_ms && (!p->ms || run->budget_ms < p->ms))
        p->ms = run->budget_ms;
    /* iterations caps any time; time given replaces the level's nodes */
    p->node_limit = set[SET_DEPTH].i        ? 0
                    : set[SET_ITERATIONS].i ? (uint64_t)set[SET_ITERATIONS].i
                    : searcher_time_replaces_level(run, set[SET_MS].i)
                        ? 0
                        : level_nodes[set[SET_LADDER].i][set[SET_LEVEL].i - 1];
    if (run->analyze)
        p->node_limit = 0, p->ms = 0;
    p->depth_done = p->best_pvlen = p->best_score = 0;
    memset(p->killer, 0xFF, sizeof p->killer); /* QMOVE_NONE */
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < 1 << HIST_BITS; i++)
            p->history[s][i] /= 8;
    qmove *mv = p->moves[0];
    int n = g->ops->legal_moves(g, mv);
    /* a helper's root order is its own, so the threads part ways */
    rng_seed(&p->rng, ((uint64_t)set[SET_SEED].i ^ (g->ops->hash(g) * 0x9E3779B97F4A7C15ull) ^
                       (uint64_t)g->ops->ply(g)) + (uint64_t)p->index * 0xD1B54A32D192ED03ull);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&p->rng, (uint32_t)i + 1);
        qmove t = mv[i];
        mv[i] = mv[j], mv[j] = t;
    }
    if (p->has_priors)
        g->ops->priors(g, mv, n, p->prior);
    for (int i = 0; i < n; i++) {
        p->root[i] = (root_move){mv[i], -AB_INF, -AB_INF, 0, p->has_priors ? p->prior[i] : 0.5f};
        for (int j = i; j > 0 && p->root[j].prior > p->root[j - 1].prior; j--) {
            root_move t = p->root[j];
            p->root[j] = p->root[j - 1];
            p->root[j - 1] = t;
        }
    }
    p->nroot = n;
    if (n) {
        p->best_pv[0] = p->root[0].move;
        p->best_pvlen = 1;
    }
    return n;
}

/* A scratch copy of g to search on; allocated only for a new game kind. */
static int scratch(player *p, const game *g)
{
    if (game_same_rules(p->g, g)) {
        g->ops->copy(p->g, g);
        return 0;
    }
    game_free(p->g);
    p->g = game_clone(g);
    return p->g ? 0 : -1;
}

/* ---- helper threads ---- */

static void *helper_main(void *arg)
{
    player *h = arg;
    deepen(h, MAX_PLY);
    return NULL;
}

/* Start up to n helpers on g, each a player of its own (made at the first
 * search that asks for it, then kept) on p's table; fewer when memory or
 * threads run short. */
static void start_helpers(player *p, const game *g, const searcher_run *run, int n)
{
    atomic_store(&p->halt, 0);
    for (int i = 0; i < n; i++) {
        player *h = p->helper[i];
        if (!h && (h = p->helper[i] = calloc(1, sizeof *h)) != NULL)
            h->index = i + 1;
        if (!h || scratch(h, g) != 0)
            return;
        h->tt = p->tt;
        h->tt_mask = p->tt_mask;
        h->helper_run = (searcher_run){run->set, 0, run->analyze, &p->halt, NULL, NULL, 0, 0};
        prepare(h, g, &h->helper_run);
        h->node_limit = 0; /* the main thread's limits end the search */
        h->ms = 0;
        atomic_store(&h->published, 0);
        if (pthread_create(&h->thread, NULL, helper_main, h) != 0)
            return;
        p->helpers = i + 1;
    }
}

/* Halt and join the helpers; their final node counts stay published. */
static void stop_helpers(player *p)
{
    atomic_store(&p->halt, 1);
    for (int i = 0; i < p->helpers; i++) {
        pthread_join(p->helper[i]->thread, NULL);
        atomic_store(&p->helper[i]->published, p->helper[i]->nodes);
    }
}

/* Play the line of the helper that finished a deeper iteration than the
 * main thread, within the asked depth: its search saw further.  A proven
 * value of the main thread ends the search and stands. */
static void take_deepest(player *p, int max_depth)
{
    if (p->depth_done && abs(p->best_score) >= AB_WIN_MIN)
        return;
    const player *best = p;
    for (int i = 0; i < p->helpers; i++) {
        const player *h = p->helper[i];
        if (h->depth_done > best->depth_done && h->depth_done <= max_depth && h->best_pvlen)
            best = h;
    }
    if (best == p)
        return;
    memcpy(p->best_pv, best->best_pv, sizeof(qmove) * (size_t)best->best_pvlen);
    p->best_pvlen = best->best_pvlen;
    p->best_score = best->best_score;
    p->depth_done = best->depth_done;
}

static void summary(player *p, const game *g, engine_report *rep)
{
    char tok[GAME_MOVE_TEXT_MAX], pv[96];
    g->ops->move_to_text(g, p->best_pv[0], tok, sizeof tok);
    if (engine_moves_text(g, p->best_pv, p->best_pvlen, pv, sizeof pv) != 0)
        snprintf(pv, sizeof pv, "%s", tok);
    int64_t ms = util_now_ms() - p->t0;
    char known[ENGINE_PROVEN_TEXT_MAX];
    engine_proven_text(rep->proven ? score_proven(p->best_score) : 0, win_plies(p->best_score),
                       known, sizeof known);
    snprintf(rep->summary, sizeof rep->summary,
             "alphabeta: %s depth %d score %+.3f value %.3f%s nodes %llu %lld ms%s", tok,
             p->depth_done, p->best_score / 1000.0, rep->value,
             rep->proven ? known : p->nroot == 1 ? " (the only legal move)" : "",
             (unsigned long long)all_nodes(p), (long long)ms,
             p->has_eval ? "" : " (no evaluation: wins and losses only)");
    util_str_appendf(rep->summary, sizeof rep->summary, " pv %s", pv);
}

static qmove choose(void *self, const game *g, const searcher_run *run, engine_report *rep)
{
    player *p = self;
    const searcher_value *set = run->set;
    int share = engine_slip_share(set[SET_MISTAKES].i,
                                  level_mistakes[set[SET_LADDER].i][set[SET_LEVEL].i - 1],
                                  !set[SET_ITERATIONS].i && !set[SET_DEPTH].i &&
                                      !searcher_time_replaces_level(run, set[SET_MS].i),
                                  run->analyze);
    qmove slip = engine_mistake(g, (uint64_t)set[SET_SEED].i, share, "alphabeta", rep);
    if (slip != QMOVE_NONE)
        return slip;
    long long mb = run->set[SET_MEMORY].i;
    if ((!p->tt || p->memory_mb != mb) && tt_alloc(p, mb) != 0) {
        qmove moves[GAME_MAX_MOVES];
        int n = g->ops->legal_moves(g, moves);
        snprintf(rep->summary, sizeof rep->summary,
                 "alphabeta: no memory for a %lld MB table, played the first legal move", mb);
        return n ? moves[0] : QMOVE_NONE;
    }
    if (scratch(p, g) != 0) {
        snprintf(rep->summary, sizeof rep->summary, "alphabeta: out of memory");
        qmove moves[GAME_MAX_MOVES];
        return g->ops->legal_moves(g, moves) ? moves[0] : QMOVE_NONE;
    }
    if (!prepare(p, g, run)) {
        snprintf(rep->summary, sizeof rep->summary, "alphabeta: game over");
        report(p, 1);
        return QMOVE_NONE;
    }
    int depth = run->set[SET_DEPTH].i && !run->analyze ? (int)run->set[SET_DEPTH].i : MAX_PLY;
    tt_hit known;
    rep->reused = tt_probe(p, g->ops->hash(g), &known) ? known.depth : 0; /* a ponder's work */
    p->helpers = 0;
    int stopped = run->stop && atomic_load(run->stop); /* then the main thread returns at once */
    if (run->set[SET_THREADS].i > 1 && p->nroot > 1 && !stopped)
        start_helpers(p, g, run, (int)run->set[SET_THREADS].i - 1);
    deepen(p, depth);
    stop_helpers(p);
    take_deepest(p, depth);
    rep->value = p->depth_done ? score_value(p->best_score) : 0.5;
    rep->proven = p->depth_done && score_proven(p->best_score);
    rep->iterations = all_nodes(p);
    summary(p, g, rep);
    report(p, 1);
    return p->best_pv[0];
}

static void *create(char *err, size_t errlen)
{
    player *p = calloc(1, sizeof *p);
    if (!p)
        snprintf(err, errlen, "out of memory");
    else
        p->memory_mb = settings[SET_MEMORY].def;
    return p;
}

static void destroy(void *self)
{
    player *p = self;
    if (p) {
        for (int i = 0; i < AB_THREADS_MAX && p->helper[i]; i++) {
            game_free(p->helper[i]->g);
            free(p->helper[i]);
        }
        free(p->tt);
        game_free(p->g);
    }
    free(p);
}

/* The table is taken when memory is set, so a size that cannot be had is
 * refused then (the default's waits for the first search). */
static int configure(void *self, const searcher_value *set, char *err, size_t errlen)
{
    player *p = self;
    long long mb = set[SET_MEMORY].i;
    if (mb == p->memory_mb)
        return 0;
    if (searcher_check_memory(mb, err, errlen) != 0)
        return -1;
    if (tt_alloc(p, mb) != 0) {
        snprintf(err, errlen, "setting memory: cannot allocate %lld MB", mb);
        return -1;
    }
    return 0;
}

static void level_text(const searcher_value *set, int level, char *buf, size_t len)
{
    int ladder = (int)set[SET_LADDER].i, share = level_mistakes[ladder][level - 1];
    snprintf(buf, len, "%llu nodes a move", (unsigned long long)level_nodes[ladder][level - 1]);
    if (share)
        util_str_appendf(buf, len, ", %d %% of the moves at random", share);
}

const searcher_ops alphabeta_searcher = {
    .name = "alphabeta",
    .summary = "alpha-beta search with iterative deepening and a transposition table",
    .settings = settings,
    .create = create,
    .destroy = destroy,
    .configure = configure,
    .choose = choose,
    .level_text = level_text,
};
