/* cli.h - the subcommands of bin/quartet; main.c holds the table. */
#ifndef QUARTET_CLI_H
#define QUARTET_CLI_H

#include "game.h"

#define QUARTET_VERSION "0.1.0"

int play_main(int argc, char **argv);
int bench_perft_main(int argc, char **argv);
int gtp_main(int argc, char **argv);
int match_main(int argc, char **argv); /* match.c */
int bench_main(int argc, char **argv);
int solve_main(int argc, char **argv); /* solve.c */

/* Parse "GAME [opt=value ...]" from argv, stopping at the first word that
 * is not name=value (its index is stored in *next).  Prints the error and
 * returns NULL on failure. */
game *cli_game(int argc, char **argv, int *next);

#endif
