/* main.c - bin/quartet: finds the subcommand and runs it.  One table. */
#include "cli.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the subcommand */
    const char *summary;
    const char *usage;
} command;

static int games_main(int argc, char **argv);

static const command commands[] = {
    {"bench", bench_main, "search a fixed set of positions: speed and a signature",
     "usage: quartet bench [ITERATIONS]\n"
     "Runs the ai (seed 1) for ITERATIONS iterations (default 5000) on each game's\n"
     "start position and on the position after 8 seeded random moves, and prints\n"
     "per position the iterations, tree nodes, time, value and move, then the\n"
     "total iterations per second and a signature that changes whenever the\n"
     "search's choices change (the same build always prints the same signature).\n"
     "example: quartet bench 20000\n"},
    {"games", games_main, "list the games and their options",
     "usage: quartet games\n"
     "Lists every game with its colours and rule options (name, values, default).\n"},
    {"perft", perft_main, "count leaf positions to a depth (move generator check)",
     "usage: quartet perft GAME DEPTH [opt=value ...] [--position TEXT] [--divide]\n"
     "Counts the positions reached after exactly DEPTH moves (finished games are\n"
     "leaves that are not counted further) and prints the count with nodes per second.\n"
     "  --position TEXT  start from TEXT (the game's one-line position format)\n"
     "  --divide         also print the count below each first move\n"
     "example: quartet perft loa 4 repetition=0\n"},
    {"play", play_main, "play a game in the terminal",
     "usage: quartet play GAME [opt=value ...] [--SIDE=PLAYER ...]\n"
     "Plays GAME in the terminal.  SIDE is first, second or a colour name (black,\n"
     "white, ...); PLAYER is human, random or ai, optionally with settings, e.g.\n"
     "--white=ai:level=3 or --second=ai:ms=2000.  Default: the first player is\n"
     "human, the second is ai.\n"
     "At the prompt type a move (e.g. c8-c6), or one of:\n"
     "  help  moves  undo  board  new  quit\n"
     "example: quartet play loa --white=random\n"},
};
#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fprintf(f, "quartet %s - Lines of Action, Y, LOT and Coffee\n\n", QUARTET_VERSION);
    fprintf(f, "usage: quartet COMMAND [args]\n\ncommands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "  %-8s %s\n", "help", "help on a command: quartet help COMMAND");
    fprintf(f, "\ngames:");
    for (int i = 0; game_registry[i]; i++)
        fprintf(f, " %s", game_registry[i]->name);
    fprintf(f, "\n\nquartet --version prints the version.\n");
}

static const command *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static int games_main(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) {
        fprintf(stderr, "quartet games: takes no arguments\n");
        return 2;
    }
    for (int i = 0; game_registry[i]; i++) {
        const game_ops *g = game_registry[i];
        printf("%s - %s (%s moves first, then %s)\n", g->name, g->title, g->colour[0],
               g->colour[1]);
        for (int k = 0; g->options[k].name; k++) {
            const game_option *o = &g->options[k];
            if (o->choices) {
                printf("  %s=", o->name);
                for (int c = 0; o->choices[c]; c++)
                    printf("%s%s", c ? "|" : "", o->choices[c]);
                printf("  (default %s) %s\n", o->choices[o->def], o->help);
            } else {
                printf("  %s=%d..%d  (default %d) %s\n", o->name, o->min, o->max, o->def,
                       o->help);
            }
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("quartet %s\n", QUARTET_VERSION);
        return 0;
    }
    if (strcmp(cmd, "help") == 0) {
        if (argc < 3) {
            usage(stdout);
            return 0;
        }
        const command *c = find_command(argv[2]);
        if (!c) {
            fprintf(stderr, "quartet: no help for unknown command '%s'\n", argv[2]);
            return 2;
        }
        fputs(c->usage, stdout);
        return 0;
    }
    const command *c = find_command(cmd);
    if (!c) {
        fprintf(stderr, "quartet: unknown command '%s' (try quartet --help)\n", cmd);
        return 2;
    }
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(c->usage, stdout);
            return 0;
        }
    return c->run(argc - 1, argv + 1);
}
