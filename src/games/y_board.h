/*
 * y_board.h - the representation of a Y position, shared by y.c (rules)
 * and y_policy.c (playout policy and priors); nothing outside the Y
 * modules includes it.
 */
#ifndef QUARTET_Y_BOARD_H
#define QUARTET_Y_BOARD_H

#include "game.h"

#include <stdint.h>

#define Y_MIN_SIZE 2
#define Y_MAX_SIZE 26
#define MAX_CELLS (Y_MAX_SIZE * (Y_MAX_SIZE + 1) / 2)
#define MAX_PLY (MAX_CELLS + 1) /* every move fills a cell, but one may be swap */
/* The turn number a position text may give; play stops counting there
 * (past turn 2 the number only sets the progressive quota, and one of
 * 9999 stones already exceeds any board), so to_text stays readable. */
#define MAX_TURN 9999

/* Bit sets of cells (see black_wins_full()): cell (c, r) is bit
 * r*(size+1) + c - r, one guard word beyond the largest board. */
enum { VAR_STANDARD, VAR_PROGRESSIVE, VAR_DOUBLE };

/* Bit sets of cells (see y_black_wins_full()): cell (c, r) is bit
 * r*(size+1) + c - r, one guard word beyond the largest board. */
#define BB_BITS ((Y_MAX_SIZE - 1) * (Y_MAX_SIZE + 1) + 1)
#define BB_WORDS ((BB_BITS + 63) / 64 + 1)

#define MV_SWAP 0x1000u
#define SIDE_ALL 7u /* bottom | right | left */

enum { EMPTY = 0, BLACK = 1, WHITE = 2 }; /* cell contents: player + 1 */
/* The outside of the board as a cell of both colours (ring[][] names it),
 * so a side connects like a stone of either player. */
#define Y_OUTSIDE MAX_CELLS

/* Everything a move changes besides the board and the union-find. */
typedef struct y_state {
    uint64_t hash;
    int16_t turn;   /* 1-based number of the current placing turn (swap is not one) */
    int16_t placed; /* stones placed so far in this turn */
    int16_t top;    /* size of the stone stack */
    int16_t stones[2]; /* on the board, per player */
    uint8_t side;   /* player to move */
    uint8_t swap_ok;
    uint8_t result; /* enum game_result */
} y_state;

typedef struct y_undo {
    y_state st;
    uint8_t nlog;
    int16_t child[3]; /* roots attached under another root, in order */
    uint8_t old_rank[3], old_sides[3]; /* of the root they joined */
} y_undo;

/* The variants' random playout (y_vplay.c) keeps its own groups, by bit
 * position: each stone names its group's root, each group is a ring of
 * its stones, and the root holds the group's size, the sides it touches
 * and the bit set of the cells next to it. */
typedef struct y_vstate {
    int16_t root[BB_BITS], next[BB_BITS];
    int16_t size[BB_BITS];  /* at roots */
    uint8_t sides[BB_BITS]; /* at roots */
    int16_t list[MAX_CELLS]; /* the empty cells' bits */
    uint64_t reach[BB_BITS * BB_WORDS]; /* at roots, `words` a root */
} y_vstate;

/* Where the runs of a set of neighbours start, as bits above the cell's
 * bit minus (size + 1); no run: the cell's own bit. */
typedef struct y_runs {
    uint8_t n, at[3];
} y_runs;

typedef struct y_game {
    game base;
    int size, ncells, variant, pie;
    /* position */
    y_state st;
    uint8_t cell[MAX_CELLS + 1]; /* and cell[Y_OUTSIDE], BLACK | WHITE */
    int16_t parent[MAX_CELLS];
    uint8_t rank[MAX_CELLS];
    uint8_t sides[MAX_CELLS];       /* valid at roots */
    /* every stone placed since the start (or from_text), in order; this
     * turn's are the last st.placed below st.top.  Later turns write above
     * st.top, so unmake finds an earlier turn's stones where they were. */
    int16_t stack[2 * MAX_CELLS];
    /* movehist */
    int ply;
    qmove moves[MAX_PLY];
    y_undo hist[MAX_PLY];
    /* board geometry for this size; nb[i][nbn[i]..5] hold i itself */
    int16_t nb[MAX_CELLS][6];
    /* the six neighbours in turning order (Y_OUTSIDE off the board):
     * ring[i][k] and ring[i][k+1] (mod 6) are neighbours of each other too */
    int16_t ring[MAX_CELLS][6];
    /* bridge[i][k]: the cell with the two common neighbours ring[i][k] and
     * ring[i][k+1], -1 when it is off the board (then, with both of them on
     * the board, i is on the second row of an edge and they are its edge
     * template) */
    int16_t bridge[MAX_CELLS][6];
    uint8_t template_dirs[MAX_CELLS]; /* bit k: ring[i][k], ring[i][k+1] are i's edge template */
    uint8_t nbn[MAX_CELLS];
    uint8_t side_mask[MAX_CELLS];
    uint8_t col[MAX_CELLS], row[MAX_CELLS];
    int16_t bit[MAX_CELLS];         /* the cell's bit in a board bit set */
    int16_t all_cells[MAX_CELLS];   /* 0, 1, ..., ncells - 1 */
    uint64_t all_bits[BB_WORDS];    /* every cell's bit */
    uint64_t edge_bits[3][BB_WORDS]; /* the cells on each side (bit k of side_mask) */
    /* by bit position (bit b's entries start at b * words): the bits of
     * the cell's neighbours and its own */
    uint64_t nb_bits[BB_BITS * BB_WORDS];
    uint8_t side_of_bit[BB_BITS];   /* side_mask by bit position */
    /* for each set of a cell's six neighbours (bit k: the k-th in turning
     * order), the runs of consecutive ones (y_vplay.c) */
    y_runs runs[64];
    int16_t cell_of_bit[BB_BITS];
    int words;                      /* 64-bit words of a bit set */
    /* playout scratch */
    y_vstate vp;
    int16_t scratch[MAX_CELLS], where[MAX_CELLS];
    qmove move_buf[MAX_CELLS + 1];
} y_game;

#define THIS_TURN(g, k) ((g)->stack[(g)->st.top - (g)->st.placed + (k)])

/* The root of cell i's group (union-find without path compression, so
 * every union can be undone). */
static inline int y_root(const y_game *g, int i)
{
    while (g->parent[i] != i)
        i = g->parent[i];
    return i;
}

/* Stones per turn on turn number `turn` (1-based); inline, as the
 * variants' playout asks it every turn. */
static inline int y_quota(const y_game *g, int turn)
{
    switch (g->variant) {
    case VAR_PROGRESSIVE: return turn;
    case VAR_DOUBLE: return turn == 1 ? 1 : 2;
    default: return 1;
    }
}
/* x: the black cells of a full board of size n, as a bit set (destroyed).
 * 1 when Black has the Y. */
int y_black_wins_full(uint64_t *x, int n);
/* A playout outside y.c placed stones on g's cells (without the undo log)
 * and set st.side, st.turn and st.result: recount, rehash and clear the
 * history and the turn's stones, as if the position were set by text. */
void y_playout_done(y_game *g);

#endif
