/* coffee_impl.h - Coffee's position, geometry and move code, shared by the
 * game (coffee.c) and its playout policy (coffee_policy.c) only; everything
 * else sees game_ops. */
#ifndef QUARTET_COFFEE_IMPL_H
#define QUARTET_COFFEE_IMPL_H
#include "games/coffee.h"

struct rng;

#define MAX_W 19
#define MAX_CELLS (MAX_W * MAX_W)
#define MAX_LINES 128 /* square 19: 19 + 19 + 37 + 37 */
#define MAX_LINE_CELLS (4 * MAX_CELLS)
#define MAX_AXES 4
#define AXIS_NONE 7 /* the bar after a winning placement */
#define EMPTY 0     /* cell contents: EMPTY, or player + 1 */

/* Move code: cell | axis << 9, or cell | MV_WIN, or MV_SWAP. */
#define MV_CELL(m) ((int)((m) & 511))
#define MV_AXIS(m) ((int)(((m) >> 9) & 3))
#define MV_WIN 0x800u
#define MV_SWAP 0x1000u

enum reason { END_NONE, END_LINE, END_NO_TURN };

typedef struct coffee_pos {
    uint64_t hash;
    int16_t bar;     /* the bar's cell, -1 before the first move */
    uint8_t axis;    /* the bar's axis, AXIS_NONE after a winning placement */
    uint8_t side;    /* player to move */
    uint8_t result;  /* enum game_result */
    uint8_t reason;  /* enum reason */
    uint8_t swap_ok; /* Orange may answer with swap */
} coffee_pos;

typedef struct coffee_game {
    game base;
    /* geometry, fixed by the options */
    int board, size, n, pie, w, naxes, ncells;
    const char *axis_letters;
    int16_t cells[MAX_CELLS];                /* existing cells, bottom row first */
    int8_t exists[MAX_CELLS];
    int16_t nb[MAX_CELLS][2 * MAX_AXES];     /* [2a] forward, [2a+1] backward, -1 off board */
    uint8_t line_of[MAX_CELLS][MAX_AXES];
    int16_t line_start[MAX_LINES];
    uint8_t line_len[MAX_LINES];
    int16_t line_cells[MAX_LINE_CELLS];
    int nlines;
    /* The playout's bitboards on boards at most 7 wide (bit r * 8 + c: the
     * eighth column stays empty, so shifts along an axis never wrap). */
    int small;
    uint8_t bit_of[MAX_CELLS];
    int16_t cell_of_bit[64];
    uint8_t line_of_bit[64][MAX_AXES];
    uint64_t line_mask[MAX_LINES];
    uint64_t board_bits; /* every cell's bit */
    /* the position */
    uint8_t cell[MAX_CELLS];
    uint8_t empty[MAX_LINES]; /* empty cells on each line */
    uint64_t bits[2];         /* small boards: each player's pieces */
    coffee_pos pos;
    coffee_pos hist[MAX_CELLS + 2]; /* hist[k]: the header before move k */
    qmove moves[MAX_CELLS + 2];
    int ply;
    /* The playout records its moves but not the headers between them:
     * hist[gap_lo, gap_hi) is rebuilt from the moves when unmake first
     * needs it (gap_lo == gap_hi: none). */
    int gap_lo, gap_hi;
} coffee_game;

/* The longest run of player p's pieces along one axis through the empty
 * cell t once p fills it; counting stops at `enough`. */
static inline int run_through_empty(const coffee_game *g, int t, int p, int enough)
{
    int colour = p + 1, best = 1;
    for (int a = 0; a < g->naxes && best < enough; a++) {
        int run = 1;
        for (int s = g->nb[t][2 * a]; s >= 0 && g->cell[s] == colour; s = g->nb[s][2 * a])
            run++;
        for (int s = g->nb[t][2 * a + 1]; s >= 0 && g->cell[s] == colour; s = g->nb[s][2 * a + 1])
            run++;
        if (run > best)
            best = run;
    }
    return best;
}

/* Would a piece of player p on the empty cell t make n in a row? */
static inline int makes_line(const coffee_game *g, int t, int p)
{
    return run_through_empty(g, t, p, g->n) >= g->n;
}

/* May the bar lie along axis a on the empty cell t once t is filled?  The
 * line must keep an empty cell besides t. */
static inline int bar_ok(const coffee_game *g, int t, int a) { return g->empty[g->line_of[t][a]] > 1; }

/* Cells the player to move may place on: the bar's whole line (or the whole
 * board before the first move).  Returns the line's cells and count. */
static inline const int16_t *target_cells(const coffee_game *g, int *count)
{
    if (g->pos.bar < 0) {
        *count = g->ncells;
        return g->cells;
    }
    int l = g->line_of[g->pos.bar][g->pos.axis];
    *count = g->line_len[l];
    return g->line_cells + g->line_start[l];
}

/* The first empty cell the player to move may place on that completes its
 * row, or -1. */
static inline int winning_cell(const coffee_game *g)
{
    int count;
    const int16_t *line = target_cells(g, &count);
    for (int i = 0; i < count; i++)
        if (g->cell[line[i]] == EMPTY && makes_line(g, line[i], g->pos.side))
            return line[i];
    return -1;
}

/* What placing on the empty cell t with the bar along axis a leaves
 * player o, to move next: a cell of that line completing o's row, no legal
 * turn at all (the mover wins), or neither (coffee_policy.c). */
enum verdict { GIVES_WIN, NEUTRAL, LEAVES_NO_TURN };
int coffee_policy_judge(const coffee_game *g, int t, int a, int o, uint64_t o_wins);
/* Boards at most 7 wide: the empty cells (bits) where a piece of player p
 * makes n in a row, which coffee_policy_judge reads as o_wins; 0 on the
 * others, where it looks at the board. */
uint64_t coffee_win_bits(const coffee_game *g, int p);

/* A uniformly random legal move of a game that goes on; list: room for
 * GAME_MAX_MOVES moves, used when few moves are legal. */
qmove coffee_random_move(const coffee_game *g, struct rng *r, qmove *list);

/* The knowledge hooks (coffee_policy.c). */
int coffee_policy_playout(game *g, struct rng *r, int max_plies, qmove *trace, int *ntrace);
void coffee_policy_priors(const game *g, const qmove *moves, int n, float *out);
/* The solver's hooks: the hash shared by symmetric positions
 * (coffee_sym.c) and the value read without moving (coffee_threat.c). */
uint64_t coffee_sym_canonical_hash(const game *g);
int coffee_threat_quick_value(const game *g, int *moves);
/* The expected score of the player to move (coffee_eval.c). */
double coffee_eval_evaluate(const game *g);
#endif
