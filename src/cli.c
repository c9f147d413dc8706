/* cli.c - what the subcommands share: reading "GAME [opt=value ...]". */
#include "cli.h"

#include <stdio.h>
#include <string.h>

game *cli_game(int argc, char **argv, int *next)
{
    if (argc < 1) {
        fprintf(stderr, "quartet: name a game (");
        for (int i = 0; game_registry[i]; i++)
            fprintf(stderr, "%s%s", i ? ", " : "", game_registry[i]->name);
        fprintf(stderr, ")\n");
        return NULL;
    }
    const game_ops *ops = game_find(argv[0]);
    if (!ops) {
        fprintf(stderr, "quartet: unknown game '%s' (known:", argv[0]);
        for (int i = 0; game_registry[i]; i++)
            fprintf(stderr, " %s", game_registry[i]->name);
        fprintf(stderr, ")\n");
        return NULL;
    }
    int n = 1;
    while (n < argc && argv[n][0] != '-' && strchr(argv[n], '='))
        n++;
    char err[GAME_ERR_MAX];
    game *g = game_create(ops, n - 1, argv + 1, err, sizeof err);
    if (!g) {
        fprintf(stderr, "quartet: %s\n", err);
        return NULL;
    }
    *next = n;
    return g;
}
