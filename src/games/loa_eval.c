/*
 * loa_eval.c - Lines of Action knowledge: the evaluation and move priors.
 *
 * The terms are those of Winands' MIA and MC-LOA: a side is close to
 * connecting when its pieces are concentrated around their centre of
 * mass, central, in few groups with few holes (the Euler number counted
 * on 2x2 quads), touching each other, mobile, and when it fences enemy
 * edge pieces in.  Each feature is the side to move's value minus the
 * opponent's, so the sum is antisymmetric: flipping the colours flips
 * its sign, and the logistic of it is an expected score whose complement
 * is the other side's.  The weights were fitted to the results of real
 * games (docs/STRENGTH.md, "LOA").  MCTS scores its cut playouts and takes
 * its priors with the simpler playout evaluation below, which plays better
 * there.
 */
#include "games/loa_eval.h"
#include "games/loa_tables.h"

#include <math.h>
#include <stdlib.h>

#define RANK_1 0x00000000000000FFull
#define RANK_8 0xFF00000000000000ull

/* Logit units per unit of each feature: a logistic regression of the
 * results of 452 real games on the features of 9,743 of their positions
 * (tools/loafit.c), each weight kept to its feature's sign.  The terms it
 * drives to 0 say nothing the others do not already say on these games. */
static const double weight[LOA_EVAL_NFEATURES] = {
    [LOA_EVAL_CONCENTRATION] = -0.908,
    [LOA_EVAL_CENTRALISATION] = 0.0,
    [LOA_EVAL_COM] = 0.0,
    [LOA_EVAL_QUADS] = -0.070,
    [LOA_EVAL_MOBILITY] = 0.0659,
    [LOA_EVAL_CONNECTEDNESS] = 0.677,
    [LOA_EVAL_GROUPS] = 0.0,
    [LOA_EVAL_BLOCKED] = 0.0,
    [LOA_EVAL_WALLS] = 0.229,
};

/* Square values in hundredths (MIA's centralisation table): corners and
 * edges poor, the centre best. */
static const signed char square_value[64] = {
    -80, -25, -20, -20, -20, -20, -25, -80,
    -25,  10,  10,  10,  10,  10,  10, -25,
    -20,  10,  25,  25,  25,  25,  10, -20,
    -20,  10,  25,  50,  50,  25,  10, -20,
    -20,  10,  25,  50,  50,  25,  10, -20,
    -20,  10,  25,  25,  25,  25,  10, -20,
    -25,  10,  10,  10,  10,  10,  10, -25,
    -80, -25, -20, -20, -20, -20, -25, -80,
};

/* The centre of mass of b (n > 0 pieces), exact, so that the features
 * of a mirrored position are the mirrored features. */
typedef struct centre {
    double r, f;
} centre;

static centre centre_of_mass(uint64_t b, int n)
{
    int sr = 0, sf = 0;
    for (uint64_t x = b; x; x &= x - 1) {
        int s = __builtin_ctzll(x);
        sr += s >> 3;
        sf += s & 7;
    }
    return (centre){(double)sr / n, (double)sf / n};
}

/* King distance from square s to c. */
static double distance(int s, centre c)
{
    double dr = fabs((s >> 3) - c.r), df = fabs((s & 7) - c.f);
    return dr > df ? dr : df;
}

/* 4 x the Euler number of b (8-connectivity): (Q1 - Q3 - 2 QD) over the
 * 9 x 9 quads that overlap the board, row pair by row pair, bit-sliced;
 * each pair's 9 quads are packed into two words, counted at the end. */
static int euler4(uint64_t b)
{
    uint64_t q1[2] = {0, 0}, q3[2] = {0, 0}, qd[2] = {0, 0};
    uint64_t prev = 0;
    for (int r = 0; r <= 8; r++) {
        uint64_t cur = r < 8 ? ((b >> (8 * r)) & 0xFFu) << 1 : 0;
        uint64_t a0 = prev, a1 = prev >> 1, b0 = cur, b1 = cur >> 1;
        uint64_t s1 = a0 ^ a1, c1 = a0 & a1, s2 = b0 ^ b1, c2 = b0 & b1;
        int w = r / 7, shift = 9 * (r % 7);
        q1[w] |= ((s1 ^ s2) & ~(c1 | c2) & 0x1FFu) << shift;
        q3[w] |= (((c1 & s2) | (c2 & s1)) & 0x1FFu) << shift;
        qd[w] |= (((a0 & b1 & ~a1 & ~b0) | (a1 & b0 & ~a0 & ~b1)) & 0x1FFu) << shift;
        prev = cur;
    }
    return __builtin_popcountll(q1[0]) + __builtin_popcountll(q1[1]) -
           __builtin_popcountll(q3[0]) - __builtin_popcountll(q3[1]) -
           2 * (__builtin_popcountll(qd[0]) + __builtin_popcountll(qd[1]));
}

static int groups(uint64_t p)
{
    int n = 0;
    while (p) {
        uint64_t g = p & (~p + 1);
        for (;;) {
            uint64_t x = loa_dilate(g) & p;
            if (x == g)
                break;
            g = x;
        }
        p &= ~g;
        n++;
    }
    return n;
}

/* Pairs of touching pieces. */
static int links(uint64_t b)
{
    return __builtin_popcountll(b & ((b << 1) & ~LOA_FILE_A)) + __builtin_popcountll(b & (b << 8)) +
           __builtin_popcountll(b & ((b << 9) & ~LOA_FILE_A)) +
           __builtin_popcountll(b & ((b << 7) & ~LOA_FILE_H));
}

/* Enemy edge pieces whose every inward neighbour holds an own piece. */
static int walls(uint64_t own, uint64_t enemy)
{
    uint64_t bottom = enemy & RANK_1 & (own >> 8) & (((own >> 9) & ~LOA_FILE_H) | LOA_FILE_H) &
                      (((own >> 7) & ~LOA_FILE_A) | LOA_FILE_A);
    uint64_t top = enemy & RANK_8 & (own << 8) & (((own << 7) & ~LOA_FILE_H) | LOA_FILE_H) &
                   (((own << 9) & ~LOA_FILE_A) | LOA_FILE_A);
    uint64_t left = enemy & LOA_FILE_A & ((own >> 1) & ~LOA_FILE_H) & ((own >> 9) | RANK_8) &
                    ((own << 7) | RANK_1);
    uint64_t right = enemy & LOA_FILE_H & ((own << 1) & ~LOA_FILE_A) & ((own >> 7) | RANK_8) &
                     ((own << 9) | RANK_1);
    return __builtin_popcountll(bottom | top | left | right);
}

/* Twice the weighted moves of own (a capture 2, a move to the edge 1/2,
 * else 1) and the pieces with none. */
static int mobility2(uint64_t own, uint64_t enemy, const uint8_t *count, int *blocked)
{
    uint64_t occ = own | enemy;
    int mob = 0;
    *blocked = 0;
    for (uint64_t b = own; b; b &= b - 1) {
        int s = __builtin_ctzll(b), moves = 0;
        for (int l = 0; l < 4; l++) {
            int dist = count ? count[loa_line_of[s][l]]
                             : __builtin_popcountll(occ & loa_line_mask[s][l]);
            for (int d = 2 * l; d < 2 * l + 2; d++) {
                int t = loa_ray_target[s][d][dist];
                if (t < 0 || (own >> t & 1) || (loa_between[s][t] & enemy))
                    continue;
                int edge = (t >> 3) == 0 || (t >> 3) == 7 || (t & 7) == 0 || (t & 7) == 7;
                mob += ((enemy >> t & 1) ? 4 : 2) >> edge;
                moves++;
            }
        }
        *blocked += moves == 0;
    }
    return mob;
}

/* One side's features (f[i] for own, to be differenced). */
static void side_features(uint64_t own, uint64_t enemy, const uint8_t *count, int all, double *f)
{
    int n = __builtin_popcountll(own), value = 0, blocked;
    double sum = 0;
    centre c = centre_of_mass(own, n);
    for (uint64_t b = own; b; b &= b - 1) {
        int s = __builtin_ctzll(b);
        sum += distance(s, c);
        value += square_value[s];
    }
    /* the tightest packing: 1 piece at distance 0, 8 at 1, then 16 at 2 */
    int least = n <= 9 ? n - 1 : 8 + 2 * (n - 9);
    f[LOA_EVAL_CONCENTRATION] = (sum - least) / n;
    f[LOA_EVAL_CENTRALISATION] = value / (100.0 * n);
    f[LOA_EVAL_COM] = distance(27, (centre){c.r - 0.5, c.f - 0.5}); /* from (3.5, 3.5) */
    f[LOA_EVAL_QUADS] = euler4(own) / 4.0;
    f[LOA_EVAL_MOBILITY] = mobility2(own, enemy, count, &blocked) / 2.0;
    f[LOA_EVAL_CONNECTEDNESS] = 2.0 * links(own) / n;
    /* the flood fill is the dearest term: skipped while it weighs nothing */
    f[LOA_EVAL_GROUPS] = weight[LOA_EVAL_GROUPS] != 0 || all ? groups(own) : 0;
    f[LOA_EVAL_BLOCKED] = blocked;
    f[LOA_EVAL_WALLS] = walls(own, enemy);
}

static void features(const uint64_t pieces[2], int side, const uint8_t *count, int all,
                     double *f)
{
    double opp[LOA_EVAL_NFEATURES];
    side_features(pieces[side], pieces[!side], count, all, f);
    side_features(pieces[!side], pieces[side], count, all, opp);
    for (int i = 0; i < LOA_EVAL_NFEATURES; i++)
        f[i] -= opp[i];
}

void loa_eval_features(const uint64_t pieces[2], int side, const uint8_t *count, double *f)
{
    features(pieces, side, count, 1, f);
}

double loa_eval_score(const uint64_t pieces[2], int side, const uint8_t *count)
{
    double f[LOA_EVAL_NFEATURES], s = 0;
    features(pieces, side, count, 0, f);
    for (int i = 0; i < LOA_EVAL_NFEATURES; i++)
        s += weight[i] * f[i];
    return s;
}

double loa_eval_expect(const uint64_t pieces[2], int side, const uint8_t *count)
{
    return 1.0 / (1.0 + exp(-loa_eval_score(pieces, side, count)));
}

/* ---- the playout evaluation ---- */

/* Average king distance to the square nearest the centre of mass beyond
 * the tightest packing. */
static double spread(uint64_t p)
{
    int n = __builtin_popcountll(p);
    if (n <= 1)
        return 0;
    centre c = centre_of_mass(p, n);
    int cs = (int)floor(c.r + 0.5) * 8 + (int)floor(c.f + 0.5), sum = 0;
    for (uint64_t b = p; b; b &= b - 1) {
        int s = __builtin_ctzll(b), dr = abs((s >> 3) - (cs >> 3)), df = abs((s & 7) - (cs & 7));
        sum += dr > df ? dr : df;
    }
    int least = n <= 9 ? n - 1 : 8 + 2 * (n - 9);
    return (double)(sum - least) / n;
}

double loa_eval_playout(const uint64_t pieces[2], int side)
{
    uint64_t own = pieces[side], opp = pieces[!side];
    double score = 1.6 * (spread(opp) - spread(own)) + 0.3 * (groups(opp) - groups(own)) + 0.15;
    return 1.0 / (1.0 + exp(-score));
}

/* ---- priors: the playout evaluation of each child ---- */

void loa_eval_priors(const uint64_t pieces[2], int side, const qmove *moves, int n, float *out)
{
    for (int i = 0; i < n; i++) {
        qmove m = moves[i];
        uint64_t child[2] = {pieces[0], pieces[1]};
        if (!(m & LOA_MV_PASS)) {
            uint64_t to = 1ull << LOA_MV_TO(m);
            child[side] ^= (1ull << LOA_MV_FROM(m)) | to;
            child[!side] &= ~to;
        }
        /* the child's value for its mover, the opponent, turned round */
        out[i] = (float)(1.0 - loa_eval_playout(child, !side));
    }
}
