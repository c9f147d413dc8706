/*
 * proof.h - proof files: a solved position and the tree that proves it,
 * written by the solver and checked by a verifier that knows only the
 * game interface (it trusts nothing the solver computed).
 *
 * Text, one item a line:
 *   quartet-proof 1
 *   game NAME opt=value ...
 *   position TEXT                      (the game's one-line position)
 *   claim COLOUR wins | claim COLOUR cannot win
 *   ID [MOVE CHILD]...                 one line per node, root 0; no moves:
 *   ...                                the game is over there
 *   end NODES
 *   (more claims: a draw is "first cannot win" and "second cannot win")
 *   checksum HEX                       FNV-1a 64 of every byte before it
 * A node where the claim's player must find a move (COLOUR to move for
 * "wins", the opponent for "cannot win") lists exactly one move, every
 * other node lists every legal move once.  Nodes may be shared (a DAG);
 * a node reached twice must be the same position (equal hash).
 * Limits: file 1 GiB, 50 million nodes, 8 claims, 10000 moves deep.
 */
#ifndef QUARTET_PROOF_H
#define QUARTET_PROOF_H

#include "game.h"

#include <stddef.h>
#include <stdint.h>

#define PROOF_MAX_BYTES (1024ull * 1024 * 1024)
#define PROOF_MAX_NODES 50000000u
#define PROOF_MAX_CLAIMS 8
#define PROOF_MAX_DEPTH 10000

typedef struct proof_writer proof_writer;

/* Start a proof file for position g (written to PATH.tmp, renamed by
 * proof_writer_close).  NULL with a message on error. */
proof_writer *proof_writer_open(const char *path, const game *g, char *err, size_t errlen);
/* Whether a proof could be written to PATH now (PATH.tmp can be made, PATH
 * is not a folder), before a long solve.  0, or -1 with a message. */
int proof_path_check(const char *path, char *err, size_t errlen);
/* Begin a claim: player wins (win = 1) or cannot win (win = 0). */
void proof_writer_claim(proof_writer *w, int player, int win);
/* One node: its id and n children (move text, child id). */
void proof_writer_node(proof_writer *w, uint32_t id, int n, char (*moves)[GAME_MOVE_TEXT_MAX],
                       const uint32_t *child);
void proof_writer_end_claim(proof_writer *w, uint32_t nodes);
/* Checksum, flush, fsync, rename.  0, or -1 with a message (the
 * temporary file is removed). */
int proof_writer_close(proof_writer *w, char *err, size_t errlen);
/* Give up: remove the temporary file. */
void proof_writer_abort(proof_writer *w);

typedef struct proof_report {
    char game[GAME_TEXT_MAX];      /* "y size=3 variant=standard pie=0" */
    char value[64];                /* "black wins", "draw", "white cannot win" */
    int claims;
    uint64_t nodes;                /* over all claims */
} proof_report;

/* Check a proof file.  0 when every claim is proven (report filled), else
 * -1 with the first problem found in err. */
int proof_verify(const char *path, proof_report *out, char *err, size_t errlen);

/* FNV-1a 64 of len bytes. */
uint64_t proof_checksum(const char *data, size_t len);

#endif
