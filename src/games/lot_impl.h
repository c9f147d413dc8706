/* lot_impl.h - LOT's position and move code, shared by the game (lot.c) and
 * its playout policy (lot_policy.c) only; everything else sees game_ops. */
#ifndef QUARTET_LOT_IMPL_H
#define QUARTET_LOT_IMPL_H
#include "games/lot.h"
#include "movehist.h"

struct rng;

/* Bitboards over the 7x7 board: bit (rank * 7 + file), a1 = bit 0. */
#define SIDE 7
#define CELLS 49
#define ALL_CELLS ((1ull << CELLS) - 1)
#define BIT(s) (1ull << (s))

/* Move code.  A plain placement is its cell.  A tower move packs the placed
 * cell, the kept cell and the two removed cells (in board order). */
#define MV_PLACED(m) ((int)((m) & 63))
#define MV_KEPT(m) ((int)(((m) >> 6) & 63))
#define MV_REM1(m) ((int)(((m) >> 12) & 63))
#define MV_REM2(m) ((int)(((m) >> 18) & 63))
#define MV_TOWER 0x1000000u
#define MV_SWAP 0x2000000u

typedef struct lot_pos {
    uint64_t disc[2];  /* single discs: [0] White, [1] Black */
    uint64_t tower[2];
    uint64_t hash;
    uint8_t side;      /* player to move */
    uint8_t result;    /* enum game_result */
    uint8_t reason;    /* why the game ended (lot.c) */
    uint8_t swap_ok;   /* the player to move may answer with swap */
} lot_pos;

typedef struct lot_game {
    game base;
    lot_pos pos;
    movehist hist; /* of lot_pos */
    /* The playout records its moves but not the positions between them:
     * the history's positions at plies [gap_lo, gap_hi) are rebuilt from
     * the moves when unmake first needs one (gap_lo == gap_hi: none). */
    int gap_lo, gap_hi;
} lot_game;

/* The tower moves of the player to move placing on empty cell s, three per
 * line of three made (each disc of the line kept once); 0: a plain move. */
int lot_tower_moves(const lot_pos *p, int s, qmove *out);
/* A uniformly random legal move (empty cell, then tower choice). */
qmove lot_random_move(const lot_pos *p, struct rng *r);

/* The knowledge hooks (lot_policy.c). */
int lot_policy_playout(game *g, struct rng *r, int max_plies, qmove *trace, int *ntrace);
void lot_policy_priors(const game *g, const qmove *moves, int n, float *out);
double lot_policy_evaluate(const game *g);
#endif
