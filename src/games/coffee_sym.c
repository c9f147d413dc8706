/*
 * coffee_sym.c - Coffee's board symmetries for the solver: a hash equal
 * for positions that are images of each other under a rotation or
 * reflection of the board (12 on the hexagon, 8 on the square).
 *
 * A symmetry maps each cell to a cell and each axis to an axis (a line's
 * direction turns with the board), so the bar along axis a through cell t
 * becomes the bar along the mapped axis through the mapped cell.  What the
 * player to move may do depends on the bar only through its line (the
 * cells to place on), so without a pending swap the hash holds the line,
 * not the bar's cell: positions that differ only in where on that line the
 * last piece went are the same game and share an entry.  With swap on
 * offer the bar's cell matters (its piece changes colour) and is hashed.
 *
 * The maps are built once for every board the options allow.
 */
#include "games/coffee_impl.h"
#include "rng.h"

#include <pthread.h>
#include <stdlib.h>

#define HEX_SIZES 9     /* 2..10 */
#define SQUARE_SIZES 17 /* 3..19 */
#define GEOMETRIES (HEX_SIZES + SQUARE_SIZES)
#define MAX_SYMS 12

typedef struct sym_maps {
    int nsyms;
    int16_t cell[MAX_SYMS][MAX_CELLS]; /* image of cell id, by symmetry */
    uint8_t axis[MAX_SYMS][MAX_AXES];  /* image of an axis */
} sym_maps;

static sym_maps maps[GEOMETRIES];
/* z_image[geometry][cell][colour][k]: the piece's key seen through
 * symmetry k, the symmetries side by side so one piece updates them all */
static uint64_t z_image[GEOMETRIES][MAX_CELLS][2][MAX_SYMS];
static uint64_t z_piece[2][MAX_CELLS], z_bar[MAX_CELLS][MAX_AXES], z_line[MAX_LINES], z_side,
    z_swap, z_result[4];
static pthread_once_t maps_once = PTHREAD_ONCE_INIT;

/* Axis steps as coffee.c numbers them: hex h, d, a; square h, v, d, a. */
static const int hex_step[3][2] = {{1, 0}, {1, 1}, {0, 1}};
static const int sq_step[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

/* The linear part of symmetry k applied to the vector (x, y): k = 2r + f,
 * r quarter (square) or sixth (hex) turns after an optional mirror f. */
static void turn(int hex, int k, int *x, int *y)
{
    if (k & 1) { /* mirror: hex swaps its two axial directions, square its x and y */
        int t = *x;
        *x = *y, *y = t;
    }
    for (int r = 0; r < k / 2; r++) {
        int nx = hex ? *x - *y : *y, ny = hex ? *x : -*x;
        *x = nx, *y = ny;
    }
}

static int axis_of_step(int hex, int dx, int dy)
{
    const int(*st)[2] = hex ? hex_step : sq_step;
    for (int a = 0; a < (hex ? 3 : 4); a++)
        if ((st[a][0] == dx && st[a][1] == dy) || (st[a][0] == -dx && st[a][1] == -dy))
            return a;
    abort(); /* a symmetry maps every direction to a direction */
}

static void build_geometry(sym_maps *m, int hex, int size)
{
    int w = hex ? 2 * size - 1 : size, naxes = hex ? 3 : 4;
    const int(*st)[2] = hex ? hex_step : sq_step;
    m->nsyms = hex ? 12 : 8;
    for (int k = 0; k < m->nsyms; k++) {
        for (int a = 0; a < naxes; a++) {
            int x = st[a][0], y = st[a][1];
            turn(hex, k, &x, &y);
            m->axis[k][a] = (uint8_t)axis_of_step(hex, x, y);
        }
        /* cells about the centre, doubled so the square's centre is whole */
        for (int r = 0; r < w; r++)
            for (int c = 0; c < w; c++) {
                int x = 2 * c - (w - 1), y = 2 * r - (w - 1);
                turn(hex, k, &x, &y);
                int mx = x + w - 1, my = y + w - 1; /* doubled, from the corner */
                /* a grid corner outside the hexagon may turn off the grid: no image */
                m->cell[k][r * w + c] = mx < 0 || my < 0 || mx > 2 * (w - 1) || my > 2 * (w - 1)
                                            ? -1
                                            : (int16_t)(my / 2 * w + mx / 2);
            }
    }
}

static void build_all(void)
{
    for (int s = 2; s <= 10; s++)
        build_geometry(&maps[s - 2], 1, s);
    for (int s = 3; s <= 19; s++)
        build_geometry(&maps[HEX_SIZES + s - 3], 0, s);
    rng r;
    rng_seed(&r, 0x5CA1AB1Eull);
    for (int p = 0; p < 2; p++)
        for (int t = 0; t < MAX_CELLS; t++)
            z_piece[p][t] = rng_next(&r);
    for (int t = 0; t < MAX_CELLS; t++)
        for (int a = 0; a < MAX_AXES; a++)
            z_bar[t][a] = rng_next(&r);
    for (int l = 0; l < MAX_LINES; l++)
        z_line[l] = rng_next(&r);
    for (int i = 0; i < 4; i++)
        z_result[i] = rng_next(&r);
    z_side = rng_next(&r);
    z_swap = rng_next(&r);
    for (int gi = 0; gi < GEOMETRIES; gi++)
        for (int k = 0; k < maps[gi].nsyms; k++)
            for (int t = 0; t < MAX_CELLS; t++)
                for (int p = 0; p < 2; p++)
                    z_image[gi][t][p][k] =
                        maps[gi].cell[k][t] < 0 ? 0 : z_piece[p][maps[gi].cell[k][t]];
}

static int geometry_of(const coffee_game *g)
{
    pthread_once(&maps_once, build_all);
    return g->naxes == 3 ? g->size - 2 : HEX_SIZES + g->size - 3;
}

uint64_t coffee_sym_canonical_hash(const game *gg)
{
    const coffee_game *g = (const coffee_game *)gg;
    const coffee_pos *p = &g->pos;
    int gi = geometry_of(g);
    const sym_maps *m = &maps[gi];
    uint64_t h[MAX_SYMS], base = (p->side ? z_side : 0) ^ z_result[p->result & 3];
    for (int k = 0; k < MAX_SYMS; k++)
        h[k] = base;
    for (int i = 0; i < g->ncells; i++) {
        int t = g->cells[i];
        if (g->cell[t] == EMPTY)
            continue;
        const uint64_t *z = z_image[gi][t][g->cell[t] - 1];
        for (int k = 0; k < MAX_SYMS; k++)
            h[k] ^= z[k];
    }
    uint64_t best = UINT64_MAX;
    for (int k = 0; k < m->nsyms; k++) {
        if (p->bar >= 0 && p->axis < MAX_AXES) {
            int t = m->cell[k][p->bar], a = m->axis[k][p->axis];
            h[k] ^= p->swap_ok ? z_swap ^ z_bar[t][a] : z_line[g->line_of[t][a]];
        }
        if (h[k] < best)
            best = h[k];
    }
    return best ? best : 1;
}
