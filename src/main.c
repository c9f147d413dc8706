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
    {"games", games_main, "list the games and their options",
     "usage: quartet games\n"
     "Lists every game with its colours and rule options (name, values, default).\n"},
    {"gtp", gtp_main, "talk the Go Text Protocol (GTP 2) to a GUI or match runner",
     "usage: quartet gtp [GAME [opt=value ...]] [--player=KIND[:settings]]\n"
     "Speaks GTP version 2 on standard input and output for any game (default: the\n"
     "first one, loa).  KIND is random or ai (default ai), with settings such as\n"
     "--player=ai:level=3,ms=500.\n"
     "Standard commands: protocol_version name version known_command list_commands\n"
     "  quit boardsize clear_board play genmove reg_genmove undo showboard\n"
     "  all_legal_moves final_score time_settings time_left loadsgf\n"
     "  gogui-interrupt gogui-analyze_commands\n"
     "quartet commands:\n"
     "  quartet-game [NAME [opt=value ...]]  new game (alone: current game and options)\n"
     "  quartet-to_move  quartet-result  quartet-result_reason  quartet-moves\n"
     "  quartet-position  quartet-setposition TEXT  quartet-perft DEPTH\n"
     "  quartet-player KIND  quartet-set NAME VALUE  quartet-settings\n"
     "  quartet-savesgf FILE\n"
     "Colours: name, initial, 1 or 2.  Moves: the game's tokens; a multi-stone turn\n"
     "is comma-joined (h2,j4) and play also takes one stone at a time.  genmove\n"
     "plays a whole turn and prints it; in a finished game it answers\n"
     "'? game is over'.  undo takes back a whole turn.  A line '# interrupt' stops\n"
     "a running genmove; other commands wait until it has answered.\n"
     "time_settings MAIN BYO_TIME BYO_STONES (seconds; 0 T 1 = T seconds a move) and\n"
     "time_left set the clock the engine's time per move is derived from.\n"
     "loadsgf FILE N loads the position before move N; records are SGF (LOA GM[9]).\n"
     "example: printf 'play b c8-c6\\ngenmove w\\nshowboard\\n' | quartet gtp loa\n"},
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
