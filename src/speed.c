/* speed.c - the speed report (speed.h).  Every workload starts from a
 * game's start position with fixed seeds, so its counts (perft leaves,
 * playout results and lengths, the search's move and tree size) are the
 * same on every machine; only the times vary. */
#include "speed.h"
#include "ai/engine.h"
#include "game.h"
#include "rng.h"
#include "util.h"

#include <string.h>

/* A playout longer than this is cut (none of the games gets near it from
 * the start; LOA's repetition rule ends its long games). */
#define SPEED_MAX_PLIES 100000
#define SPEED_SEED 2026

typedef struct workload {
    const char *label;
    const char *game;
    const char *options; /* name=value words */
    int perft_depth;
    long playouts;
    long policy_playouts; /* with the game's knowledge, when it has the hook */
    long iterations;      /* of one search from the start */
} workload;

static const workload workloads[] = {
    {"loa", "loa", "", 5, 20000, 0, 50000},
    {"y11", "y", "size=11", 5, 500000, 100000, 50000},
    {"y11-progressive", "y", "size=11 variant=progressive", 4, 50000, 10000, 50000},
    {"y11-double", "y", "size=11 variant=double", 4, 100000, 20000, 50000},
    {"y19", "y", "size=19", 4, 200000, 50000, 50000},
    {"lot", "lot", "", 5, 200000, 20000, 50000},
    {"coffee-hex4", "coffee", "board=hex size=4", 6, 200000, 20000, 50000},
    {"coffee-square7", "coffee", "board=square size=7", 5, 100000, 10000, 50000},
};
#define NWORKLOADS (int)(sizeof workloads / sizeof workloads[0])

typedef struct figures {
    int depth;
    uint64_t leaves;
    int64_t perft_us;
    long playouts;
    uint64_t wins[4]; /* by enum game_result; [RESULT_NONE]: cut playouts */
    uint64_t plies;   /* 0 when the playout hook keeps no history */
    int64_t playout_us;
    long policy_playouts; /* 0 when the game has no policy_playout hook */
    uint64_t policy_wins[4];
    int64_t policy_us;
    uint64_t iterations, nodes;
    int64_t search_us;
    qmove move;
    double value;
} figures;

uint64_t speed_fold(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xFF;
        h *= 0x100000001B3ull;
    }
    return h;
}

static game *create(const workload *w)
{
    char buf[128], *words[GAME_MAX_OPTIONS], err[GAME_ERR_MAX];
    snprintf(buf, sizeof buf, "%s", w->options);
    int n = util_split_words(buf, words, GAME_MAX_OPTIONS);
    const game_ops *ops = game_find(w->game);
    game *g = ops ? game_create(ops, n, words, err, sizeof err) : NULL;
    if (!g)
        fprintf(stderr, "quartet bench: cannot create %s %s\n", w->game, w->options);
    return g;
}

/* One playout from the position in g (changed): the game's hook, or
 * uniformly random legal moves as the search does without one. */
static int play_out(game *g, rng *r, qmove *moves)
{
    const game_ops *ops = g->ops;
    if (ops->playout)
        return ops->playout(g, r, SPEED_MAX_PLIES);
    for (int i = 0; i < SPEED_MAX_PLIES; i++) {
        int n = ops->legal_moves(g, moves);
        if (n == 0)
            break;
        ops->make(g, moves[rng_below(r, (uint32_t)n)]);
    }
    return ops->result(g);
}

static void run_playouts(const game *start, game *work, long count, figures *f)
{
    static qmove moves[GAME_MAX_MOVES];
    rng r;
    rng_seed(&r, SPEED_SEED);
    int ply0 = start->ops->ply(start);
    f->playouts = count;
    int64_t t0 = util_now_us();
    for (long i = 0; i < count; i++) {
        start->ops->copy(work, start);
        int res = play_out(work, &r, moves);
        f->wins[res & 3]++;
        int made = work->ops->ply(work) - ply0;
        f->plies += made > 0 ? (uint64_t)made : 0;
    }
    f->playout_us = util_now_us() - t0;
}

/* The same with the game's policy playout (no trace, as the search keeps
 * none without all-moves-as-first). */
static void run_policy_playouts(const game *start, game *work, long count, figures *f)
{
    rng r;
    rng_seed(&r, SPEED_SEED);
    int64_t t0 = util_now_us();
    for (long i = 0; i < count; i++) {
        start->ops->copy(work, start);
        int k = 0;
        f->policy_wins[start->ops->policy_playout(work, &r, SPEED_MAX_PLIES, NULL, &k) & 3]++;
    }
    f->policy_us = util_now_us() - t0;
    f->policy_playouts = count;
}

static int measure(const workload *w, int quick, engine *e, figures *f)
{
    memset(f, 0, sizeof *f);
    game *g = create(w), *work = g ? game_new_like(g) : NULL;
    if (!work) {
        game_free(g);
        return -1;
    }
    f->depth = quick ? w->perft_depth - 2 : w->perft_depth;
    int64_t t0 = util_now_us();
    f->leaves = game_perft(g, f->depth);
    f->perft_us = util_now_us() - t0;
    run_playouts(g, work, quick ? w->playouts / 100 : w->playouts, f);
    if (g->ops->policy_playout)
        run_policy_playouts(g, work, quick ? w->policy_playouts / 100 : w->policy_playouts, f);
    char settings[64], err[GAME_ERR_MAX];
    snprintf(settings, sizeof settings, "iterations=%ld seed=1 reuse=0",
             quick ? w->iterations / 100 : w->iterations);
    if (engine_set_all(e, settings, err, sizeof err) != 0) {
        fprintf(stderr, "quartet bench: %s\n", err);
        game_free(work);
        game_free(g);
        return -1;
    }
    engine_report rep;
    t0 = util_now_us();
    f->move = engine_choose(e, g, &rep);
    f->search_us = util_now_us() - t0;
    f->iterations = rep.iterations;
    f->nodes = rep.nodes;
    f->value = rep.value;
    game_free(work);
    game_free(g);
    return 0;
}

static uint64_t fold_figures(uint64_t sig, const figures *f)
{
    uint64_t v[] = {f->leaves,          f->wins[0],        f->wins[1],
                    f->wins[2],         f->wins[3],        f->plies,
                    f->policy_wins[0],  f->policy_wins[1], f->policy_wins[2],
                    f->policy_wins[3],  f->iterations,     f->nodes,
                    f->move,            (uint64_t)(f->value * 1e6 + 0.5)};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        sig = speed_fold(sig, v[i]);
    return sig;
}

static double per_s(double count, int64_t us) { return us > 0 ? count * 1e6 / (double)us : 0.0; }

/* 12.3 M, 456 k: rates for people; JSON gets the plain numbers. */
static const char *human(double x, char *buf, size_t len)
{
    if (x >= 1e6)
        snprintf(buf, len, "%.1f M", x / 1e6);
    else if (x >= 1e3)
        snprintf(buf, len, "%.1f k", x / 1e3);
    else
        snprintf(buf, len, "%.0f", x);
    return buf;
}

static void print_line(FILE *out, const workload *w, const figures *f)
{
    char a[32], b[32], c[32] = "-", d[32], e[32] = "-";
    double first = f->playouts ? 100.0 * (double)f->wins[RESULT_FIRST] / (double)f->playouts : 0;
    if (f->plies)
        human(per_s((double)f->plies, f->playout_us), c, 32);
    if (f->policy_playouts)
        human(per_s((double)f->policy_playouts, f->policy_us), e, 32);
    fprintf(out, "%-15s %2d %11llu %8s | %7ld %8s %8s %5.1f%% %8s | %6llu %8s\n", w->label,
            f->depth, (unsigned long long)f->leaves,
            human(per_s((double)f->leaves, f->perft_us), a, 32), f->playouts,
            human(per_s((double)f->playouts, f->playout_us), b, 32), c, first, e,
            (unsigned long long)f->iterations,
            human(per_s((double)f->iterations, f->search_us), d, 32));
}

static void print_json(FILE *out, const workload *w, const figures *f, int last)
{
    fprintf(out,
            "  {\"workload\": \"%s\", \"game\": \"%s\", \"options\": \"%s\",\n"
            "   \"perft\": {\"depth\": %d, \"leaves\": %llu, \"us\": %lld, \"per_s\": %.0f},\n"
            "   \"playouts\": {\"count\": %ld, \"first\": %llu, \"second\": %llu, \"draws\": %llu,"
            " \"cut\": %llu, \"plies\": %llu, \"us\": %lld, \"per_s\": %.0f, \"plies_per_s\": %.0f},\n"
            "   \"policy_playouts\": {\"count\": %ld, \"first\": %llu, \"second\": %llu,"
            " \"draws\": %llu, \"cut\": %llu, \"us\": %lld, \"per_s\": %.0f},\n"
            "   \"mcts\": {\"iterations\": %llu, \"nodes\": %llu, \"us\": %lld, \"per_s\": %.0f}}%s\n",
            w->label, w->game, w->options, f->depth, (unsigned long long)f->leaves,
            (long long)f->perft_us, per_s((double)f->leaves, f->perft_us), f->playouts,
            (unsigned long long)f->wins[RESULT_FIRST], (unsigned long long)f->wins[RESULT_SECOND],
            (unsigned long long)f->wins[RESULT_DRAW], (unsigned long long)f->wins[RESULT_NONE],
            (unsigned long long)f->plies, (long long)f->playout_us,
            per_s((double)f->playouts, f->playout_us), per_s((double)f->plies, f->playout_us),
            f->policy_playouts, (unsigned long long)f->policy_wins[RESULT_FIRST],
            (unsigned long long)f->policy_wins[RESULT_SECOND],
            (unsigned long long)f->policy_wins[RESULT_DRAW],
            (unsigned long long)f->policy_wins[RESULT_NONE], (long long)f->policy_us,
            per_s((double)f->policy_playouts, f->policy_us),
            (unsigned long long)f->iterations, (unsigned long long)f->nodes, (long long)f->search_us,
            per_s((double)f->iterations, f->search_us), last ? "" : ",");
}

int speed_report(FILE *out, int quick, int json, uint64_t *sig)
{
    char err[GAME_ERR_MAX];
    engine *e = engine_new("ai", err, sizeof err);
    if (!e) {
        fprintf(stderr, "quartet bench: %s\n", err);
        return -1;
    }
    if (json)
        fprintf(out, "\"workloads\": [\n");
    else
        fprintf(out, "%-15s %-23s | %-41s | %s\n%-15s %-23s | %-41s | %s\n", "", "perft",
                "playouts from the start: random, policy", "search, start", "workload",
                " d      leaves leaves/s", "  count  games/s  plies/s 1st won policy/s",
                "iters  iters/s");
    for (int i = 0; i < NWORKLOADS; i++) {
        figures f;
        if (measure(&workloads[i], quick, e, &f) != 0) {
            engine_free(e);
            return -1;
        }
        *sig = fold_figures(*sig, &f);
        if (json)
            print_json(out, &workloads[i], &f, i == NWORKLOADS - 1);
        else
            print_line(out, &workloads[i], &f);
        fflush(out);
    }
    if (json)
        fprintf(out, "],\n");
    engine_free(e);
    return 0;
}
