/* bench.c - perft: the move generator's exact node counts and speed;
 * bench: the speed report (speed.c), the search's speed and a signature
 * of what both found. */
#include "cli.h"
#include "ai/engine.h"
#include "rng.h"
#include "speed.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PERFT_USAGE "usage: quartet perft GAME DEPTH [opt=value ...] [--position TEXT] [--divide]\n"
/* Words after the game, options and flags together: the command line's limit. */
#define PERFT_ARGS_MAX 64

/* argv: perft GAME DEPTH words...  The game and its name=value options go
 * first into args, then the flags, so that options may be written anywhere
 * on the line.  The number of args, or -1 (said why). */
static int perft_order_args(int argc, char **argv, char **args)
{
    char *flags[PERFT_ARGS_MAX];
    int nargs = 0, nflags = 0;
    if (argc - 3 > PERFT_ARGS_MAX) {
        fprintf(stderr, "quartet perft: too many arguments (at most %d after DEPTH)\n",
                PERFT_ARGS_MAX);
        return -1;
    }
    args[nargs++] = argv[1];
    for (int i = 3; i < argc; i++) {
        if (argv[i][0] != '-') {
            args[nargs++] = argv[i];
            continue;
        }
        flags[nflags++] = argv[i];
        if (strcmp(argv[i], "--position") != 0)
            continue;
        if (i + 1 == argc) {
            fprintf(stderr, "quartet perft: --position needs a TEXT\n");
            return -1;
        }
        flags[nflags++] = argv[++i];
    }
    for (int i = 0; i < nflags; i++)
        args[nargs++] = flags[i];
    return nargs;
}

/* The flags of args[next..]: a position set on g, divide.  0, or -1. */
static int perft_flags(game *g, char **args, int next, int nargs, int *divide)
{
    for (int i = next; i < nargs; i++) {
        char err[GAME_ERR_MAX];
        if (strcmp(args[i], "--divide") == 0) {
            *divide = 1;
        } else if (strcmp(args[i], "--position") == 0) {
            if (g->ops->from_text(g, args[++i], err, sizeof err) != 0) {
                fprintf(stderr, "quartet perft: %s\n", err);
                return -1;
            }
        } else {
            fprintf(stderr, "quartet perft: unexpected argument '%s'\n", args[i]);
            return -1;
        }
    }
    return 0;
}

static void perft_run(game *g, int depth, int divide)
{
    int64_t t0 = util_now_us(); /* microseconds: a shallow perft takes less than 1 ms */
    uint64_t total = 0;
    if (divide && depth > 0) {
        qmove moves[GAME_MAX_MOVES];
        int n = g->ops->legal_moves(g, moves);
        for (int i = 0; i < n; i++) {
            char text[GAME_MOVE_TEXT_MAX];
            g->ops->move_to_text(g, moves[i], text, sizeof text);
            g->ops->make(g, moves[i]);
            uint64_t c = game_perft(g, depth - 1);
            g->ops->unmake(g);
            printf("%s %llu\n", text, (unsigned long long)c);
            total += c;
        }
    } else {
        total = game_perft(g, depth);
    }
    int64_t us = util_now_us() - t0;
    if (us < 1)
        us = 1;
    printf("perft %d: %llu\n", depth, (unsigned long long)total);
    printf("time %.3f ms, %.0f nodes/s\n", (double)us / 1000.0,
           (double)total * 1000000.0 / (double)us);
}

int bench_perft_main(int argc, char **argv)
{
    char *args[PERFT_ARGS_MAX + 1];
    long depth;
    int next, divide = 0;
    if (argc < 2) {
        fprintf(stderr, PERFT_USAGE);
        return 2;
    }
    if (argc < 3 || util_parse_long(argv[2], &depth) != 0 || depth < 0 || depth > 64) {
        fprintf(stderr, "quartet perft: DEPTH must be a whole number 0..64\n");
        return 2;
    }
    int nargs = perft_order_args(argc, argv, args);
    game *g = nargs < 0 ? NULL : cli_game(nargs, args, &next);
    if (!g)
        return 2;
    int rc = perft_flags(g, args, next, nargs, &divide);
    if (rc == 0)
        perft_run(g, (int)depth, divide);
    game_free(g);
    return rc == 0 ? 0 : 2;
}

/* ---- bench ----
 * The speed report (speed.c), then the search on a fixed list built from
 * the registry, so every game is covered: each game's start position and
 * the position after a few seeded random moves.  The signature hashes every
 * count of the report and every chosen move, node count and value, so any
 * change to a game's rules, move order or playouts, or to the search,
 * changes it. */

#define BENCH_DEFAULT_ITERATIONS 5000
#define BENCH_RANDOM_PLIES 8

typedef struct bench_totals {
    uint64_t sig, iterations;
    int64_t ms;
    int positions;
} bench_totals;

static void bench_position(engine *e, const game *g, const char *where, int json,
                           bench_totals *t)
{
    const game_ops *ops = g->ops;
    engine_report rep;
    qmove m = engine_choose(e, g, &rep);
    char tok[GAME_MOVE_TEXT_MAX] = "-";
    if (m != QMOVE_NONE)
        ops->move_to_text(g, m, tok, sizeof tok);
    if (json)
        printf("%s  {\"game\": \"%s\", \"position\": \"%s\", \"iterations\": %llu, "
               "\"nodes\": %llu, \"ms\": %lld, \"value\": %.3f, \"move\": \"%s\"}",
               t->positions ? ",\n" : "", ops->name, where, (unsigned long long)rep.iterations,
               (unsigned long long)rep.nodes, (long long)rep.ms, rep.value, tok);
    else
        printf("%-8s %-6s iterations %8llu  nodes %9llu  %6lld ms  value %.3f  move %s\n",
               ops->name, where, (unsigned long long)rep.iterations,
               (unsigned long long)rep.nodes, (long long)rep.ms, rep.value, tok);
    t->sig = speed_fold(t->sig, m);
    t->sig = speed_fold(t->sig, rep.nodes);
    t->sig = speed_fold(t->sig, rep.iterations);
    t->sig = speed_fold(t->sig, (uint64_t)(rep.value * 1e6 + 0.5));
    t->iterations += rep.iterations;
    t->ms += rep.ms;
    t->positions++;
}

static int bench_search(engine *e, int json, bench_totals *t)
{
    qmove moves[GAME_MAX_MOVES];
    for (int gi = 0; game_registry[gi]; gi++) {
        const game_ops *ops = game_registry[gi];
        game *g = game_create_default(ops);
        if (!g) {
            fprintf(stderr, "quartet bench: cannot create %s\n", ops->name);
            return -1;
        }
        rng r;
        rng_seed(&r, 2026);
        for (int k = 0; k < 2; k++) {
            if (k == 1)
                for (int i = 0; i < BENCH_RANDOM_PLIES && ops->result(g) == RESULT_NONE; i++) {
                    int n = ops->legal_moves(g, moves);
                    ops->make(g, moves[rng_below(&r, (uint32_t)n)]);
                }
            if (ops->result(g) != RESULT_NONE)
                break;
            bench_position(e, g, k ? "ply 8" : "start", json, t);
        }
        game_free(g);
    }
    return 0;
}

static int bench_bad(const char *what, const char *word)
{
    fprintf(stderr, "quartet bench: %s '%s' (usage: quartet bench [ITERATIONS] [--json] [--quick])\n",
            what, word);
    return -1;
}

static int bench_args(int argc, char **argv, long *iterations, int *json, int *quick)
{
    int counts = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            *json = 1;
        } else if (strcmp(argv[i], "--quick") == 0) {
            *quick = 1;
        } else if (argv[i][0] == '-' && !isdigit((unsigned char)argv[i][1])) {
            return bench_bad("unknown flag", argv[i]);
        } else if (counts++) {
            return bench_bad("a second ITERATIONS", argv[i]);
        } else if (util_parse_long(argv[i], iterations) != 0 || *iterations < 1 ||
                   *iterations > 100000000) {
            return bench_bad("ITERATIONS must be a whole number 1..100000000, not", argv[i]);
        }
    }
    return 0;
}

int bench_main(int argc, char **argv)
{
    long iterations = BENCH_DEFAULT_ITERATIONS;
    int json = 0, quick = 0;
    if (bench_args(argc, argv, &iterations, &json, &quick) != 0)
        return 2;
    char err[GAME_ERR_MAX], settings[64];
    engine *e = engine_new("ai", err, sizeof err);
    snprintf(settings, sizeof settings, "iterations=%ld seed=1", iterations);
    if (!e || engine_set_all(e, settings, err, sizeof err) != 0) {
        fprintf(stderr, "quartet bench: %s\n", err);
        engine_free(e);
        return 2;
    }
    bench_totals t = {0xCBF29CE484222325ull, 0, 0, 0};
    if (json)
        printf("{\n");
    if (speed_report(stdout, quick, json, &t.sig) != 0) {
        engine_free(e);
        return 1;
    }
    if (json)
        printf("\"search\": [\n");
    else
        printf("\n");
    int rc = bench_search(e, json, &t);
    engine_free(e);
    if (rc != 0)
        return 1;
    double rate = t.ms > 0 ? (double)t.iterations * 1000.0 / (double)t.ms : 0.0;
    if (json)
        printf("\n],\n\"positions\": %d, \"iterations\": %llu, \"ms\": %lld, "
               "\"iterations_per_s\": %.0f,\n\"signature\": \"%016llx\"\n}\n",
               t.positions, (unsigned long long)t.iterations, (long long)t.ms, rate,
               (unsigned long long)t.sig);
    else
        printf("%d positions, %llu iterations in %lld ms: %.0f iterations/s\n"
               "signature %016llx\n", t.positions, (unsigned long long)t.iterations,
               (long long)t.ms, rate, (unsigned long long)t.sig);
    return 0;
}
