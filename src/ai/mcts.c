/* mcts.c - the MCTS searcher behind the engine: its settings table and
 * its entry points (see mcts.h for the search itself). */
#define _POSIX_C_SOURCE 200809L
#include "ai/mcts.h"
#include "ai/mcts_search.h"
#include "ai/pns.h"
#include "ai/searcher.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- the searcher: settings and the engine's entry ---- */

enum {
    SET_SEED, SET_LEVEL, SET_LADDER, SET_ITERATIONS, SET_MS, SET_MEMORY, SET_C, SET_CUTOFF,
    SET_EVALPLIES, SET_MAXPLIES, SET_PRIOR, SET_REUSE, SET_PONDER, SET_RAVE, SET_THREADS,
    SET_EXPAND, SET_MISTAKES, SET_PROVE
};

/* The proof search's table: the positions of one game, kept from move to
 * move (the opponent's answer is mostly among them). */
#define PROOF_MB 64

#define INT_SETTING(name, lo, hi, def, help) {name, SEARCHER_INT, lo, hi, def, 0, 0, 0, NULL, help}

static const char *const ladders[] = {[ENGINE_LADDER_STANDARD] = "standard",
                                      [ENGINE_LADDER_EARLY] = "early",
                                      [ENGINE_LADDER_LATE] = "late",
                                      [ENGINE_LADDER_FLAT] = "flat", NULL};
_Static_assert(sizeof ladders / sizeof *ladders == ENGINE_LADDER_COUNT + 1, "a name for every ladder");

static const searcher_setting settings[] = {
    [SET_SEED] = INT_SETTING("seed", 0, INT64_MAX, 1, "the same seed and budget give the same move"),
    [SET_LEVEL] = INT_SETTING("level", 1, ENGINE_LEVEL_MAX, ENGINE_LEVEL_DEFAULT,
                              "iterations per move from the ladder; a time per move replaces them, "
                              "a clock unless a level below 10 was chosen"),
    [SET_LADDER] = {"ladder", SEARCHER_CHOICE, 0, 0, ENGINE_LADDER_STANDARD, 0, 0, 0, ladders,
                    "levels 1-10: standard " ENGINE_LADDER_STANDARD_TEXT
                    " iterations (levels 1-2 play " ENGINE_LADDER_STANDARD_MISTAKES_TEXT
                    " % of their moves at random); early "
                    ENGINE_LADDER_EARLY_TEXT " (levels 1-3 play " ENGINE_LADDER_EARLY_MISTAKES_TEXT
                    " % of their moves at random), for games whose first iterations gain most; late "
                    ENGINE_LADDER_LATE_TEXT " (levels 1-3 play " ENGINE_LADDER_LATE_MISTAKES_TEXT
                    " % of their moves at random), for games whose first hundreds gain most; flat "
                    ENGINE_LADDER_FLAT_TEXT " (levels 1-2 play " ENGINE_LADDER_FLAT_MISTAKES_TEXT
                    " % of their moves at random), for games whose search gains less a doubling "
                    "above 10000"},
    [SET_ITERATIONS] = INT_SETTING("iterations", 0, 2000000000, 0,
                                   "a fixed iteration budget; overrides level, caps a time limit"),
    [SET_MS] = INT_SETTING("ms", 0, 86400000, 0,
                           "time per move in ms (0: none), used unless the move is decided; a "
                           "clock may cap it"),
    [SET_MEMORY] = INT_SETTING("memory", 1, 65536, 256, "MB for the search tree's node pool"),
    [SET_C] = {"c", SEARCHER_FLOAT, 0, 0, 0, 0, 10, 0.7, NULL, "UCT exploration constant"},
    [SET_CUTOFF] = INT_SETTING("cutoff", 0, 1000, 0,
                               "every K plies a sure evaluation (>= 0.85, <= 0.15) ends "
                               "a playout (0: off)"),
    [SET_EVALPLIES] = INT_SETTING("evalplies", 0, 100000, 0,
                                  "playouts stop after E plies, scored by the evaluation "
                                  "(0: play on)"),
    [SET_MAXPLIES] = INT_SETTING("maxplies", 1, 100000, 1000,
                                 "playout length cap (then the evaluation, or a draw)"),
    [SET_PRIOR] = INT_SETTING("prior", 0, 1000, 0,
                              "a new move starts as if it had N visits scoring its "
                              "prior: the game's knowledge or evaluation (0: off)"),
    [SET_REUSE] = {"reuse", SEARCHER_BOOL, 0, 1, 1, 0, 0, 0, NULL,
                   "keep the last search's subtree when the game went on from it"},
    [SET_PONDER] = {"ponder", SEARCHER_BOOL, 0, 1, 0, 0, 0, 0, NULL,
                    "think on the opponent's time where the front end allows it"},
    [SET_RAVE] = INT_SETTING("rave", 0, 1000000, 0,
                             "RAVE: all-moves-as-first means count as much as real ones "
                             "at N visits (0: off)"),
    [SET_THREADS] = INT_SETTING("threads", 1, MCTS_THREADS_MAX, 1,
                                "search threads sharing one tree (one thread: the same seed "
                                "and budget give the same move)"),
    [SET_EXPAND] = INT_SETTING("expand", 1, 1000000, 1,
                               "a leaf is played out from this many times before its "
                               "moves join the tree"),
    [SET_MISTAKES] = INT_SETTING("mistakes", 0, 100, 0,
                                 "percent of moves played at random instead of the search's "
                                 "(0: the level's; only each ladder's first levels have some)"),
    [SET_PROVE] = INT_SETTING("prove", 0, 90, 0,
                              "percent of a time per move first spent proving the position "
                              "(proof-number search, a 64 MB table): a proven win is played at "
                              "once (0: off; a budget of iterations never proves)"),
    {NULL, 0, 0, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The pool is taken at the first search or when memory is set; a
 * thread's worker at the first search with that many threads. */
typedef struct player {
    mcts_tree tree;
    mcts_worker *worker[MCTS_THREADS_MAX];
    long long memory_mb; /* the memory setting last taken */
    pns *proof;          /* the proof search's, taken at its first use */
    game *proved;        /* the game its table holds positions of (options, last ply) */
} player;

static void *player_create(char *err, size_t errlen)
{
    player *p = calloc(1, sizeof *p);
    if (!p)
        snprintf(err, errlen, "out of memory");
    else
        p->memory_mb = settings[SET_MEMORY].def;
    return p;
}

static void player_destroy(void *self)
{
    player *p = self;
    if (p) {
        mcts_tree_free(&p->tree);
        pns_free(p->proof);
        game_free(p->proved);
        for (int i = 0; i < MCTS_THREADS_MAX && p->worker[i]; i++) {
            game_free(p->worker[i]->scratch);
            free(p->worker[i]);
        }
    }
    free(p);
}

/* The node pool is taken when the memory is set, so a size that cannot be
 * had is refused then rather than found out at the next search (the
 * default's pool waits for the first search). */
static int player_configure(void *self, const searcher_value *set, char *err, size_t errlen)
{
    player *pl = self;
    long long mb = set[SET_MEMORY].i;
    /* unchanged (also settings carried over to a new engine): nothing to take */
    if (mb == pl->memory_mb)
        return 0;
    if (searcher_check_memory(mb, err, errlen) != 0)
        return -1;
    if (mcts_tree_init(&pl->tree, (size_t)mb) != 0) {
        snprintf(err, errlen, "setting memory: cannot allocate %lld MB", mb);
        return -1;
    }
    pl->memory_mb = mb;
    return 0;
}

static void params_from(const searcher_value *set, const searcher_run *run, mcts_params *p)
{
    enum engine_ladder ladder = (enum engine_ladder)set[SET_LADDER].i;
    p->iterations = set[SET_ITERATIONS].i ? (uint64_t)set[SET_ITERATIONS].i
                                         : engine_level_iterations(ladder, (int)set[SET_LEVEL].i);
    p->ms = set[SET_MS].i;
    if (run->budget_ms && (!p->ms || run->budget_ms < p->ms))
        p->ms = run->budget_ms;
    if (searcher_time_replaces_level(run, set[SET_MS].i) && !set[SET_ITERATIONS].i)
        p->iterations = 0;
    if (run->analyze) {
        p->iterations = 0;
        p->ms = 0;
    }
    p->seed = (uint64_t)set[SET_SEED].i;
    p->c = set[SET_C].f;
    p->cutoff = (int)set[SET_CUTOFF].i;
    p->eval_plies = (int)set[SET_EVALPLIES].i;
    p->prior = (double)set[SET_PRIOR].i;
    p->reuse = (int)set[SET_REUSE].i;
    p->rave = (int)set[SET_RAVE].i;
    p->expand = (int)set[SET_EXPAND].i;
    p->max_plies = (int)set[SET_MAXPLIES].i;
    p->progress = run->progress;
    p->progress_arg = run->progress_arg;
    p->progress_ms = run->progress_ms;
}

/* Workers for up to want threads; how many there are (0: none). */
static int workers(player *pl, int want)
{
    int n = 0;
    while (n < want && (pl->worker[n] || (pl->worker[n] = calloc(1, sizeof(mcts_worker)))))
        n++;
    return n;
}

/* The proof search's table and a copy of g to search, the table emptied
 * unless g goes on from the game it holds; -1 when memory is short. */
static int ready_proof(player *pl, const game *g)
{
    const game *old = pl->proved;
    int same = game_same_rules(old, g) && g->ops->ply(g) > old->ops->ply(old);
    game_free(pl->proved);
    pl->proved = game_clone(g);
    if (!pl->proof)
        pl->proof = pns_new(&(pns_params){.memory_mb = PROOF_MB});
    else if (!same)
        pns_clear(pl->proof);
    return pl->proof && pl->proved ? 0 : -1;
}

/* With a time per move and prove=P, P % of it goes to a proof-number
 * search of the position first: a tree search at one second misses wins a
 * proof finds in a tenth of it (Coffee, docs/STRENGTH.md).  The winning
 * move, or QMOVE_NONE and the tree search has the time left. */
static qmove prove_first(player *pl, const game *g, mcts_params *p, const searcher_run *run,
                         engine_report *rep)
{
    int64_t t0 = util_now_ms(), share = p->ms * run->set[SET_PROVE].i / 100;
    if (!share || p->iterations || run->analyze || ready_proof(pl, g) != 0)
        return QMOVE_NONE;
    pns_set_limits(pl->proof, t0 + share, run->stop);
    pns_progress before, after;
    pns_get_progress(pl->proof, &before);
    qmove win = QMOVE_NONE;
    int v = pns_prove_move(pl->proof, pl->proved, &win);
    int64_t spent = util_now_ms() - t0;
    pns_get_progress(pl->proof, &after);
    p->ms = p->ms > spent ? p->ms - spent : 1;
    if (v != PNS_PROVEN)
        return QMOVE_NONE;
    char tok[GAME_MOVE_TEXT_MAX];
    g->ops->move_to_text(g, win, tok, sizeof tok);
    rep->value = 1.0;
    rep->proven = 1;
    rep->nodes = after.nodes - before.nodes;
    snprintf(rep->summary, sizeof rep->summary,
             "ai: %s proven win (proof search: %llu nodes, %lld ms)", tok,
             (unsigned long long)rep->nodes, (long long)spent);
    return win;
}

static qmove player_choose(void *self, const game *g, const searcher_run *run, engine_report *rep)
{
    player *pl = self;
    /* a slip is no search: it needs neither workers nor a tree */
    const searcher_value *set = run->set;
    int share = engine_slip_share(set[SET_MISTAKES].i,
                                  engine_level_mistakes((enum engine_ladder)set[SET_LADDER].i,
                                                        (int)set[SET_LEVEL].i),
                                  !set[SET_ITERATIONS].i &&
                                      !searcher_time_replaces_level(run, set[SET_MS].i),
                                  run->analyze);
    qmove slip = engine_mistake(g, (uint64_t)set[SET_SEED].i, share, "ai", rep);
    if (slip != QMOVE_NONE)
        return slip;
    size_t mb = (size_t)run->set[SET_MEMORY].i;
    int nw = workers(pl, (int)run->set[SET_THREADS].i);
    if (!nw || ((!pl->tree.pool || pl->tree.mb != mb) && mcts_tree_init(&pl->tree, mb) != 0)) {
        /* no memory for a tree: still answer with a legal move */
        qmove moves[GAME_MAX_MOVES];
        int n = g->ops->legal_moves(g, moves);
        snprintf(rep->summary, sizeof rep->summary,
                 "ai: no memory for a %zu MB tree, played the first legal move", mb);
        return n ? moves[0] : QMOVE_NONE;
    }
    mcts_params p;
    params_from(run->set, run, &p);
    qmove proven = prove_first(pl, g, &p, run, rep);
    if (proven != QMOVE_NONE)
        return proven;
    mcts_result r;
    qmove m = mcts_search_run(&pl->tree, pl->worker, nw, g, &p, run->stop, &r);
    rep->value = r.value;
    rep->iterations = r.iterations;
    rep->nodes = r.nodes;
    rep->proven = r.proven;
    rep->reused = r.reused;
    if (m == QMOVE_NONE) {
        snprintf(rep->summary, sizeof rep->summary, "ai: game over");
        return m;
    }
    char tok[GAME_MOVE_TEXT_MAX], pv[96], known[ENGINE_PROVEN_TEXT_MAX];
    g->ops->move_to_text(g, m, tok, sizeof tok);
    if (engine_moves_text(g, r.pv, r.npv, pv, sizeof pv) != 0)
        snprintf(pv, sizeof pv, "%s", tok);
    engine_proven_text(r.proven ? engine_proven_kind(r.value) : 0, r.plies, known, sizeof known);
    snprintf(rep->summary, sizeof rep->summary,
             "ai: %s visits %u win %.3f value %.3f%s iterations %llu nodes %llu "
             "reused %llu %lld ms pv %s",
             tok, r.visits, r.win_rate, r.value,
             r.proven ? known : r.forced ? " (the only move not lost)" : "",
             (unsigned long long)r.iterations, (unsigned long long)r.nodes,
             (unsigned long long)r.reused, (long long)r.ms, pv);
    return m;
}

static void level_text(const searcher_value *set, int level, char *buf, size_t len)
{
    enum engine_ladder ladder = (enum engine_ladder)set[SET_LADDER].i;
    int share = engine_level_mistakes(ladder, level);
    snprintf(buf, len, "%llu iterations a move",
             (unsigned long long)engine_level_iterations(ladder, level));
    if (share)
        util_str_appendf(buf, len, ", %d %% of the moves at random", share);
}

const searcher_ops mcts_searcher = {
    .name = "mcts",
    .summary = "Monte Carlo Tree Search with a solver",
    .settings = settings,
    .create = player_create,
    .destroy = player_destroy,
    .configure = player_configure,
    .choose = player_choose,
    .early_stop = 1,
    .level_text = level_text,
};
