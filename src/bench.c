/* bench.c - perft: the move generator's exact node counts and speed. */
#include "cli.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int perft_main(int argc, char **argv)
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
    if (!depth_text || parse_long(depth_text, &depth) != 0 || depth < 0 || depth > 64) {
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
    int64_t t0 = now_ms();
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
    int64_t ms = now_ms() - t0;
    printf("perft %ld: %llu\n", depth, (unsigned long long)total);
    printf("time %lld ms, %.0f nodes/s\n", (long long)ms,
           ms > 0 ? (double)total * 1000.0 / (double)ms : 0.0);
    game_free(g);
    return 0;
}
