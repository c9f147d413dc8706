/* bench.c - perft: the move generator's exact node counts and speed;
 * bench: the search's speed and a signature of what it found. */
#include "cli.h"
#include "ai/engine.h"
#include "rng.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bench_perft_main(int argc, char **argv)
{
    int next;
    if (argc < 2) {
        fprintf(stderr, "usage: quartet perft GAME DEPTH [opt=value ...] [--position TEXT]\n");
        return 2;
    }
    /* argv: perft GAME DEPTH opts... ; move DEPTH out of the way of cli_game */
    char *depth_text = argc > 2 ? argv[2] : NULL;
    char *args[64];
    int nargs = 0;
    /* the game and its name=value options first, then the flags, so that
     * options may be written anywhere on the line */
    char *flags[64];
    int nflags = 0;
    args[nargs++] = argv[1];
    for (int i = 3; i < argc && nargs < 63 && nflags < 62; i++) {
        if (argv[i][0] == '-') {
            flags[nflags++] = argv[i];
            if (strcmp(argv[i], "--position") == 0 && i + 1 < argc)
                flags[nflags++] = argv[++i];
        } else {
            args[nargs++] = argv[i];
        }
    }
    for (int i = 0; i < nflags; i++)
        args[nargs++] = flags[i];
    long depth;
    if (!depth_text || util_parse_long(depth_text, &depth) != 0 || depth < 0 || depth > 64) {
        fprintf(stderr, "quartet perft: DEPTH must be a whole number 0..64\n");
        return 2;
    }
    game *g = cli_game(nargs, args, &next);
    if (!g)
        return 2;
    int divide = 0;
    for (int i = next; i < nargs; i++) {
        if (strcmp(args[i], "--divide") == 0) {
            divide = 1;
        } else if (strcmp(args[i], "--position") == 0 && i + 1 < nargs) {
            char err[GAME_ERR_MAX];
            if (g->ops->from_text(g, args[++i], err, sizeof err) != 0) {
                fprintf(stderr, "quartet perft: %s\n", err);
                game_free(g);
                return 2;
            }
        } else {
            fprintf(stderr, "quartet perft: unexpected argument '%s'\n", args[i]);
            game_free(g);
            return 2;
        }
    }
    int64_t t0 = util_now_ms();
    uint64_t total = 0;
    if (divide && depth > 0) {
        qmove moves[GAME_MAX_MOVES];
        int n = g->ops->legal_moves(g, moves);
        for (int i = 0; i < n; i++) {
            char text[GAME_MOVE_TEXT_MAX];
            g->ops->move_to_text(g, moves[i], text, sizeof text);
            g->ops->make(g, moves[i]);
            uint64_t c = game_perft(g, (int)depth - 1);
            g->ops->unmake(g);
            printf("%s %llu\n", text, (unsigned long long)c);
            total += c;
        }
    } else {
        total = game_perft(g, (int)depth);
    }
    int64_t ms = util_now_ms() - t0;
    printf("perft %ld: %llu\n", depth, (unsigned long long)total);
    printf("time %lld ms, %.0f nodes/s\n", (long long)ms,
           ms > 0 ? (double)total * 1000.0 / (double)ms : 0.0);
    game_free(g);
    return 0;
}

/* ---- bench ----
 * A fixed list built from the registry, so every game is covered: each
 * game's start position and the position after a few seeded random moves.
 * The signature hashes every chosen move, node count and value, so any
 * change to the search (or to a game's move order) changes it. */

#define BENCH_DEFAULT_ITERATIONS 5000
#define BENCH_RANDOM_PLIES 8

static uint64_t fnv(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xFF;
        h *= 0x100000001B3ull;
    }
    return h;
}

int bench_main(int argc, char **argv)
{
    long iterations = BENCH_DEFAULT_ITERATIONS;
    if (argc > 2 || (argc == 2 && (util_parse_long(argv[1], &iterations) != 0 || iterations < 1 ||
                                   iterations > 100000000))) {
        fprintf(stderr, "quartet bench: ITERATIONS must be a whole number 1..100000000\n");
        return 2;
    }
    char err[GAME_ERR_MAX], settings[64];
    engine *e = engine_new("ai", err, sizeof err);
    snprintf(settings, sizeof settings, "iterations=%ld seed=1", iterations);
    if (!e || engine_set_all(e, settings, err, sizeof err) != 0) {
        fprintf(stderr, "quartet bench: %s\n", err);
        engine_free(e);
        return 2;
    }
    uint64_t sig = 0xCBF29CE484222325ull, total = 0;
    int64_t total_ms = 0;
    int positions = 0;
    qmove moves[GAME_MAX_MOVES];
    for (int gi = 0; game_registry[gi]; gi++) {
        const game_ops *ops = game_registry[gi];
        game *g = game_create_default(ops);
        if (!g) {
            fprintf(stderr, "quartet bench: cannot create %s\n", ops->name);
            engine_free(e);
            return 1;
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
            engine_report rep;
            qmove m = engine_choose(e, g, &rep);
            char tok[GAME_MOVE_TEXT_MAX] = "-";
            if (m != QMOVE_NONE)
                ops->move_to_text(g, m, tok, sizeof tok);
            printf("%-8s %-6s iterations %8llu  nodes %9llu  %6lld ms  value %.3f  move %s\n",
                   ops->name, k ? "ply 8" : "start", (unsigned long long)rep.iterations,
                   (unsigned long long)rep.nodes, (long long)rep.ms, rep.value, tok);
            sig = fnv(sig, m);
            sig = fnv(sig, rep.nodes);
            sig = fnv(sig, rep.iterations);
            sig = fnv(sig, (uint64_t)(rep.value * 1e6 + 0.5));
            total += rep.iterations;
            total_ms += rep.ms;
            positions++;
        }
        game_free(g);
    }
    engine_free(e);
    printf("%d positions, %llu iterations in %lld ms: %.0f iterations/s\n", positions,
           (unsigned long long)total, (long long)total_ms,
           total_ms > 0 ? (double)total * 1000.0 / (double)total_ms : 0.0);
    printf("signature %016llx\n", (unsigned long long)sig);
    return 0;
}
