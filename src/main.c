/* main.c - bin/quartet: finds the subcommand and runs it.  One table. */
#include "cli.h"
#include "ai/engine.h"
#include "gtp.h"
#include "util.h"
#include "web/web.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the subcommand */
    const char *summary;
    const char *usage;
    int players; /* its help ends with the computer players' settings */
    void (*list)(FILE *f); /* a generated list after the usage (NULL: none) */
    const char *notes;     /* printed after that list */
} command;

static int games_main(int argc, char **argv);

static const command commands[] = {
    {"bench", bench_main, "the speed report: perft, playouts, search; a signature",
     "usage: quartet bench [ITERATIONS] [--json] [--quick]\n"
     "First the speed report, one line per game and board (LOA; Y 11 standard,\n"
     "progressive and double; Y 19; LOT; Coffee hex 4 and square 7): perft to a\n"
     "fixed depth (leaves/s), seeded random playouts from the start (games/s,\n"
     "plies/s where the playout keeps its moves, and how often the first player\n"
     "won), seeded playouts with the game's knowledge where it has them\n"
     "(policy/s), and a search from the start (iterations/s).  Then the ai (seed 1) for\n"
     "ITERATIONS iterations (default 5000) on each game's start position and on the\n"
     "position after 8 seeded random moves: iterations, tree nodes, time, value and\n"
     "move.  Last the total iterations per second and a signature over every count\n"
     "(never a time): the same build always prints the same signature, and it\n"
     "changes whenever a game's rules, move order or playouts or the search change.\n"
     "  --json   the same as one JSON object, for tools\n"
     "  --quick  perft 2 plies shallower, 1/100 of the playouts and searches\n"
     "example: quartet bench 20000\n", 0, NULL, NULL},
    {"games", games_main, "list the games and their options",
     "usage: quartet games\n"
     "Lists every game with its colours and rule options (name, values, default).\n",
     0, NULL, NULL},
    {"gtp", gtp_main, "talk the Go Text Protocol (GTP 2) to a GUI or match runner",
     "usage: quartet gtp [GAME [opt=value ...]] [--player=KIND[:settings]]\n"
     "Speaks GTP version 2 on standard input and output for any game (default: the\n"
     "first one, loa).  KIND is ai (the default), mcts, alphabeta or random, with\n"
     "settings such as --player=ai:level=3,ms=500.\n",
     1, gtp_commands_help,
     "quartet-game NAME starts a new game; alone it answers the game and its options.\n"
     "Colours: name, initial, 1 or 2 (w or white: the second player where no colour\n"
     "is white, as Coffee's Orange).  Moves: the game's tokens; a multi-stone turn\n"
     "is comma-joined (h2,j4) and play also takes one stone at a time.  genmove\n"
     "plays a whole turn and prints it; in a finished game it answers\n"
     "'? game is over'.  undo takes back a whole turn.  A line '# interrupt' (or\n"
     "gogui-interrupt) stops a running genmove, quartet-perft (which answers\n"
     "'? interrupted') or quartet-solve (which answers with what it proved so far);\n"
     "other commands wait until it has answered.\n"
     "time_settings MAIN BYO_TIME BYO_STONES (seconds; 0 T 1 = T seconds a move) and\n"
     "time_left set the clock the engine's time per move is derived from; a new\n"
     "game starts both sides from time_settings again.\n"
     "loadsgf FILE N loads the position before move N; records are SGF (LOA GM[9]).\n"
     "example: printf 'play b c8-c6\\ngenmove w\\nshowboard\\n' | quartet gtp loa\n"},
    {"match", match_main, "play engines against each other and measure strength",
     "usage: quartet match [flags] PLAYER PLAYER [PLAYER ...]\n"
     "Plays engines against each other, refereeing every move, and reports the score,\n"
     "the Elo difference with its 95% interval, LOS, draw ratio and game-pair\n"
     "(pentanomial) counts.  Every opening is played twice with colours swapped.\n"
     "Players:\n"
     "  quartet[:settings]  the built-in AI as a `quartet gtp` process, e.g.\n"
     "                      quartet:level=5  quartet:ms=1000  quartet:iterations=2000,seed=3\n"
     "  KIND[:settings]     a searcher by name, also as a `quartet gtp` process, e.g.\n"
     "                      alphabeta:depth=6  mcts:level=8  random:seed=9\n"
     "  cmd=\"COMMAND\"       an external engine speaking quartet's GTP (run by /bin/sh)\n"
     "  name=NAME           after a player: its name in logs and tables\n"
     "                      (default: the player word, or the program's base name)\n"
     "  A built-in player's seed (given, or derived from -seed) is increased by the\n"
     "  game number, so every game differs and every run repeats.\n"
     "Flags:\n"
     "  -game GAME [opt=value ...]  the game and its rule options (default loa)\n"
     "                      e.g. -game y size=13 variant=double\n"
     "  -games N            games per encounter (default 2)\n"
     "  -schedule KIND      match (two players, the default for two), gauntlet (the\n"
     "                      first player against each other), roundrobin (everyone\n"
     "                      against everyone, the default for more than two)\n"
     "  -openings FILE      one opening per line: move tokens separated by spaces or\n"
     "                      commas (\"b1-b3 a7-c7\"), or pos:TEXT (a position); # comments;\n"
     "                      played in order, one for each pair of games of every\n"
     "                      encounter, then from the first again\n"
     "  -opening-start N    begin with the book's N-th opening (default 1): matches run\n"
     "                      side by side on one book each take their own part of it\n"
     "  -random-plies K     openings of K random legal moves instead, from -seed\n"
     "  -seed S             seed for random openings and built-in players (default 1)\n"
     "  -tc TC              time control: ms=1000 (per turn), 60+0.5 (seconds base +\n"
     "                      increment), iterations=2000 (search budget, no clock);\n"
     "                      default: none (engines use their own settings)\n"
     "  -margin MS          lateness forgiven before a time forfeit (default 50)\n"
     "  -timeout MS         limit for any other answer and for moves without a clock\n"
     "                      (default 30000)\n"
     "  -max-plies N        adjudicate a draw after N plies (default: never)\n"
     "  -concurrency N      games played at once, each with its own engines (default 1)\n"
     "  -sprt [elo0=E0] [elo1=E1] [alpha=A] [beta=B]\n"
     "                      stop early once the sequential probability ratio test decides\n"
     "                      between elo0 and elo1 (defaults 0, 5, 0.05, 0.05; two players)\n"
     "  -log FILE           append one line per finished game (fsync'd)\n"
     "  -resume             continue the match in -log FILE, skipping finished games\n"
     "  -sgf PATH           game records: PATH.sgf collects all games in one file,\n"
     "                      any other PATH is a folder with one file per game\n"
     "  -report N           statistics every N games (default 10)\n"
     "  -debug              show all engine traffic and engine stderr on stderr\n"
     "An illegal move, a late move, a garbage answer, a refused command or an engine\n"
     "exit loses the game for that engine, with the reason logged; a failed engine is\n"
     "started afresh for its next game.\n"
     "Exit status: 0 finished (also when the SPRT stops early), 1 an engine cannot be\n"
     "run, 2 bad arguments, 3 a write failed (disk full: the log or a game record;\n"
     "the games in the log stand, -resume plays the rest), 130 interrupted.\n"
     "examples:\n"
     "  quartet match -games 100 -tc 60+0.5 quartet:level=5 quartet:level=3\n"
     "  quartet match -game y size=13 -random-plies 2 -games 200 -concurrency 2 \\\n"
     "      -tc iterations=2000 quartet random -sprt elo0=0 elo1=50 -log y.log\n"
     "  quartet match -log y.log -resume ...the same arguments...\n"
     "  quartet match -schedule gauntlet -tc 10+0.1 -sgf games/ quartet \\\n"
     "      cmd=\"./my-engine --gtp\" name=mine random\n", 1, NULL, NULL},
    {"perft", bench_perft_main, "count leaf positions to a depth (move generator check)",
     "usage: quartet perft GAME DEPTH [opt=value ...] [--position TEXT] [--divide]\n"
     "Counts the positions reached after exactly DEPTH moves (finished games are\n"
     "leaves that are not counted further) and prints the count with nodes per second.\n"
     "  --position TEXT  start from TEXT (the game's one-line position format)\n"
     "  --divide         also print the count below each first move\n"
     "example: quartet perft loa 4 repetition=0\n", 0, NULL, NULL},
    {"solve", solve_main, "prove a position's value and every winning move",
     "usage: quartet solve GAME [opt=value ...] [--position TEXT] [--moves TURNS]\n"
     "                     [--memory MB] [--threads N] [--time SEC] [--nodes N]\n"
     "                     [--first] [--replies] [--order SEED] [--progress SEC]\n"
     "                     [--proof FILE] [--quiet]\n"
     "       quartet solve --verify FILE\n"
     "Proves with a depth-first proof-number search whether the player to move wins,\n"
     "draws or loses, and the value of every move: one line per move (MOVE win|draw|\n"
     "loss|unknown), the value, then one line for tools:\n"
     "  result value=V to_move=COLOUR winning=M,M|- drawing=M,M|- moves=N nodes=N ms=N memory_mb=N\n"
     "Progress goes to standard error every --progress seconds (default 1, 0: none):\n"
     "proof and disproof numbers, nodes, nodes per second, memory, moves solved.\n"
     "  --position TEXT  start from TEXT (the game's one-line position format)\n"
     "  --moves TURNS    then play these turns (space-separated, e.g. \"c8-c6 a7-c7\")\n"
     "  --memory MB      transposition tables, shared by the threads (default 64)\n"
     "  --threads N      threads, each solving its share of the moves (default 1)\n"
     "  --time SEC       give up after SEC seconds (default: no limit)\n"
     "  --nodes N        give up after N nodes per thread (default: no limit)\n"
     "  --first          only the value: one proof from the position and one winning\n"
     "                   move (the other moves stay unknown; one thread)\n"
     "  --replies        also list the opponent's winning answers to every move\n"
     "                   (with pie=1: whether to swap)\n"
     "  --order SEED     search the moves in a shuffled order (0: the game's own)\n"
     "  --proof FILE     write a proof of the value that --verify checks\n"
     "  --quiet          only the value and the result line\n"
     "--verify FILE checks a proof file by replaying every move: 'proof ok: ...' and\n"
     "exit 0, or the first problem and exit 1.  Exit status of a solve: 0 solved,\n"
     "1 a limit was reached first (value unknown), 2 bad arguments.\n"
     "example: quartet solve y size=4 pie=0 --proof y4.proof\n", 0, NULL, NULL},
    {"play", play_main, "play a game in the terminal",
     "usage: quartet play GAME [opt=value ...] [--SIDE=PLAYER ...] [--clock MIN+SEC]\n"
     "Plays GAME in the terminal; options and flags may come in any order.  SIDE is\n"
     "first, second or a colour name (black, white, ...); PLAYER is human, random or\n"
     "ai, optionally with settings, e.g. --white=ai:level=3 or --second=ai:ms=2000.\n"
     "Default: the first player is human, the second is ai; naming only one side as\n"
     "a computer gives the other side to you (--black=ai: you play white).\n"
     "  --clock MIN+SEC  a clock: MIN minutes each, SEC seconds added after each turn;\n"
     "                   the computer keeps to it and running out loses the game\n"
     "At the prompt type a move (e.g. c8-c6), or one of:\n"
     "  moves            the legal moves\n"
     "  hint             the computer's suggestion and its win rate\n"
     "  analyze [S]      the best moves, their visits, win rates and line (S seconds,\n"
     "                   default 10; updated as it thinks; a key stops it)\n"
     "  undo             take back your last turn and the computer's reply\n"
     "  resign           give up (in review: the game as played, at its end)\n"
     "  level N, time S  the computer's level (1-10) or seconds per move, mid-game;\n"
     "                   level alone lists what each level plays\n"
     "  back, forward, first, last, goto N   review the game; a move continues it\n"
     "  save FILE, load FILE   an SGF record (~/ is your home folder)\n"
     "  board  new  help  quit (new, load and quit ask once when the game is not\n"
     "                   saved)\n"
     "The board shows the last turn's cells in brackets ([B]), on a colour terminal\n"
     "also in reverse video (not when NO_COLOR is set).  While the computer thinks a\n"
     "line shows its time and best move so far; any key makes it move now.\n"
     "example: quartet play loa --white=random\n", 1, NULL, NULL},
    {"serve", web_main, "play in the browser: the web server and its JSON API",
     "usage: quartet serve [--host 127.0.0.1] [--port 8080] [--db FILE] [--assets DIR]\n"
     "                     [--max-games N]\n"
     "Serves the page at http://HOST:PORT/ and the JSON API under /api/ (docs/API.md).\n"
     "Every game is kept in an SQLite database, by default\n"
     "$XDG_DATA_HOME/quartet/games.db or ~/.local/share/quartet/games.db; every change\n"
     "is stored before it is answered and a restart resumes every game.\n"
     "  --host H        address to listen on (default 127.0.0.1: this machine only)\n"
     "  --port N        port (default 8080; 0: any free port, printed)\n"
     "  --db FILE       the database file\n"
     "  --assets DIR    serve the page's files from DIR instead of the built-in copy\n"
     "  --max-games N   games the database may hold (default 1000)\n"
     "Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.\n"
     "example: quartet serve --port 8080\n", 0, NULL, NULL},
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

/* A command's help: its usage, then the generated list and the notes. */
static void print_usage(const command *c)
{
    fputs(c->usage, stdout);
    if (c->list) {
        c->list(stdout);
        fputs(c->notes, stdout);
    }
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
    /* A write past the file size limit (ulimit -f) then fails with EFBIG,
     * so a save reports it and removes its temporary file, instead of the
     * signal ending the program with the file left behind. */
    signal(SIGXFSZ, SIG_IGN);
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
        print_usage(c);
        if (c->players) {
            char help[8192];
            engine_settings_help(help, sizeof help);
            printf("Computer players (KIND:name=value,...) and their settings:\n%s", help);
        }
        return 0;
    }
    const command *c = find_command(cmd);
    if (!c) {
        fprintf(stderr, "quartet: unknown command '%s' (try quartet --help)\n", cmd);
        return 2;
    }
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_usage(c);
            return 0;
        }
    return c->run(argc - 1, argv + 1);
}
