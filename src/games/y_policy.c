/*
 * y_policy.c - Y knowledge for the search (see y_policy.h).
 *
 * The playout is a real game, stone by stone on the union-find, so it
 * ends at the first Y and knows the sides every group touches: a cell
 * wins when its own side and the sides of the groups it joins make all
 * three.  Looking for such cells everywhere would cost more than the
 * playout, so only the cells next to the two last stones are tried: a
 * threat is usually made by the stone next to it.  The bridge (two stones
 * with two empty common neighbours) is the unit of connection in Y as in
 * Hex: when the opponent takes one of its two cells, taking the other keeps
 * the stones connected.  A stone on the second row and the edge are
 * connected the same way (the edge template), so the board's outside
 * counts as a stone of both colours.
 *
 * The playout is the standard game's: the multi-stone variants play out
 * with y_vplay.c's (y.c's policy_playout hook), which is cheaper there
 * and stronger at equal time.
 */
#include "games/y_policy.h"
#include "games/y_board.h"
#include "rng.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

/* Answers to one stone: six around it, two edge templates (a corner's). */
#define REPLIES_MAX 8

typedef struct play_state {
    int last[2]; /* each player's last stone, -1 when unknown */
} play_state;

/* The last stone of each colour among the recent moves, read from the
 * board (after swap the first stone changed colour). */
static void recent_stones(const y_game *g, int *last)
{
    last[0] = last[1] = -1;
    for (int i = g->ply - 1; i >= 0 && i >= g->ply - 8; i--) {
        qmove m = g->moves[i];
        if (m == MV_SWAP || g->cell[m] == EMPTY)
            continue;
        if (last[g->cell[m] - 1] < 0)
            last[g->cell[m] - 1] = (int)m;
    }
}

/* hits[own - 1][code]: for the six cells around a stone, code holding
 * each one's contents in two bits (ring order), the ring positions that
 * are empty between two cells that are own stones or the outside. */
static uint8_t hits[2][4096];

static void build_hits(void)
{
    for (int own = 1; own <= 2; own++)
        for (unsigned code = 0; code < 4096; code++) {
            unsigned mine = 0, empty = 0;
            for (int k = 0; k < 6; k++) {
                unsigned v = code >> (2 * k) & 3;
                mine |= (unsigned)((v & (unsigned)own) != 0) << k;
                empty |= (unsigned)(v == EMPTY) << k;
            }
            hits[own - 1][code] =
                (uint8_t)(empty & (mine << 1 | mine >> 5) & (mine >> 1 | mine << 5) & 63);
        }
}

/* dead[code]: for the six cells around an empty cell off the sides (code
 * as for hits, no outside), 1 when a stone of either colour there would
 * change no connection (y_policy_dead). */
static uint8_t dead[4096];

static unsigned ring_next(unsigned m) { return (m << 1 | m >> 5) & 63; }
static unsigned ring_prev(unsigned m) { return (m >> 1 | m << 5) & 63; }

/* Positions of the six set in m make at most one run around the ring. */
static int one_run(unsigned m) { return m == 63 || __builtin_popcount(m & ~ring_next(m)) <= 1; }

/* A stone of colour own on the cell joins only what is joined already:
 * the cells around it that the opponent does not hold are one run, own
 * stones among them one run, and each empty one beside an own stone (or
 * there are two at most, next to each other). */
static int useless_for(unsigned code, unsigned own)
{
    unsigned mine = 0, empty = 0;
    for (int k = 0; k < 6; k++) {
        unsigned v = code >> (2 * k) & 3;
        mine |= (unsigned)(v == own) << k;
        empty |= (unsigned)(v == EMPTY) << k;
    }
    unsigned open = mine | empty;
    if (!one_run(open) || !one_run(mine))
        return 0;
    if (!mine)
        return __builtin_popcount(open) <= 2;
    return (empty & ~(ring_next(mine) | ring_prev(mine))) == 0;
}

static void build_pattern_priors(void);

static void build_tables(void)
{
    build_hits();
    build_pattern_priors();
    for (unsigned code = 0; code < 4096; code++) {
        int outside = 0;
        for (int k = 0; k < 6; k++)
            outside |= (code >> (2 * k) & 3) == 3;
        dead[code] = (uint8_t)(!outside && useless_for(code, BLACK) && useless_for(code, WHITE));
    }
}

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

void y_policy_init(void) { pthread_once(&tables_once, build_tables); }

static inline unsigned ring_code(const y_game *g, int c)
{
    const int16_t *ring = g->ring[c];
    const uint8_t *cell = g->cell;
    return cell[ring[0]] | cell[ring[1]] << 2 | cell[ring[2]] << 4 | cell[ring[3]] << 6 |
           cell[ring[4]] << 8 | (unsigned)cell[ring[5]] << 10;
}

/* Every neighbour holds a stone of one colour (on a side: the colour's
 * neighbours there touch the cell's sides already). */
static int captured(const y_game *g, int c)
{
    int first = g->cell[g->nb[c][0]];
    if (first == EMPTY)
        return 0;
    for (int k = 1; k < g->nbn[c]; k++)
        if (g->cell[g->nb[c][k]] != first)
            return 0;
    return 1;
}

/* y_policy_dead for a cell whose ring code is known. */
static int dead_cell(const y_game *g, int c, unsigned code)
{
    return g->side_mask[c] ? captured(g, c) : dead[code];
}

int y_policy_dead(const y_game *g, int c) { return dead_cell(g, c, ring_code(g, c)); }

/* The cells that answer the stone on cell l for colour own: each empty
 * cell between two neighbours of l that are own stones or the outside
 * (restoring a bridge or an edge template l broke), and the free cell of
 * l's own edge template when own holds the other.  Their number (at most
 * REPLIES_MAX). */
static int bridge_replies(const y_game *g, int l, int own, int16_t *out)
{
    const int16_t *ring = g->ring[l];
    unsigned code = ring_code(g, l); /* cell[Y_OUTSIDE]: the outside is everyone's */
    /* the cells of the board next to l are one unbroken arc, so an empty
     * one is never between two outside ones */
    unsigned hit = hits[own - 1][code];
    int n = 0;
    for (; hit; hit &= hit - 1)
        out[n++] = ring[__builtin_ctz(hit)];
    /* l on the second row, next to an own stone on the side: the other
     * cell of l's edge template keeps l off the side (a ladder's answer) */
    for (unsigned t = g->template_dirs[l]; t; t &= t - 1) {
        int k = __builtin_ctz(t), a = ring[k], b = ring[(k + 1) % 6];
        if (g->cell[a] == own && g->cell[b] == EMPTY)
            out[n++] = (int16_t)b;
        else if (g->cell[b] == own && g->cell[a] == EMPTY)
            out[n++] = (int16_t)a;
    }
    return n;
}

int y_policy_wins_at(const y_game *g, int c, int own)
{
    unsigned s = g->side_mask[c];
    for (int k = 0; k < g->nbn[c]; k++) {
        int j = g->nb[c][k];
        if (g->cell[j] == own)
            s |= g->sides[y_root(g, j)];
    }
    return s == SIDE_ALL;
}

/* An empty neighbour of stone s where a stone of colour own wins, or -1.
 * Only tried when the group of s touches two sides already: a threat is
 * most often a group reaching for its last side. */
static int winning_neighbour(const y_game *g, int s, int own)
{
    unsigned sides = g->sides[y_root(g, s)];
    if (!(sides & (sides - 1)))
        return -1;
    for (int k = 0; k < g->nbn[s]; k++) {
        int c = g->nb[s][k];
        if (g->cell[c] == EMPTY && y_policy_wins_at(g, c, own))
            return c;
    }
    return -1;
}

/* The policy's cell for the player to move among the ne empty ones
 * (g->scratch). */
static int choose(y_game *g, const play_state *p, rng *r, int ne)
{
    int me = g->st.side, own = me + 1, opp = 2 - me;
    int mine = p->last[me], theirs = p->last[!me], c;
    if (mine >= 0 && (c = winning_neighbour(g, mine, own)) >= 0)
        return c;
    if (theirs >= 0) {
        if ((c = winning_neighbour(g, theirs, opp)) >= 0)
            return c;
        int16_t cand[REPLIES_MAX];
        int k = bridge_replies(g, theirs, own, cand);
        if (k)
            return cand[k == 1 ? 0 : rng_below(r, (uint32_t)k)];
    }
    return g->scratch[rng_below(r, (uint32_t)ne)];
}

static void init_state(y_game *g, play_state *p, int *ne)
{
    recent_stones(g, p->last);
    int n = 0;
    for (int i = 0; i < g->ncells; i++)
        if (g->cell[i] == EMPTY) {
            g->where[i] = (int16_t)n;
            g->scratch[n++] = (int16_t)i;
        }
    *ne = n;
}

static void drop_empty(y_game *g, int c, int *ne)
{
    int k = g->where[c], last = g->scratch[--*ne];
    g->scratch[k] = (int16_t)last;
    g->where[last] = (int16_t)k;
}

/* The playout when it may be cut: moves made through the rules' own make,
 * so a cut leaves a position to go on from. */
static int steps_through_make(y_game *g, play_state *p, rng *r, int ne, int max_plies,
                              qmove *trace, int *nt)
{
    const game_ops *ops = g->base.ops;
    for (int made = 0; made < max_plies && g->st.result == RESULT_NONE; made++) {
        int c = choose(g, p, r, ne);
        int me = g->st.side;
        if (trace)
            trace[(*nt)++] = (qmove)c;
        ops->make(&g->base, (qmove)c);
        drop_empty(g, c, &ne);
        p->last[me] = c;
    }
    return g->st.result;
}

/* The standard game to a full board: each stone restores a bridge or an
 * edge template of the mover that the last stone intruded into, else goes
 * to a random empty cell.  Stones are never removed, so the one Y of the
 * full board (y_black_wins_full) is the first one made. */
static int fill_standard(y_game *g, const play_state *p, rng *r, int ne, qmove *trace, int *nt)
{
    uint64_t black[BB_WORDS] = {0};
    for (int i = 0; i < g->ncells; i++)
        if (g->cell[i] == BLACK)
            black[g->bit[i] >> 6] |= 1ull << (g->bit[i] & 63);
    int side = g->st.side, e = ne, theirs = p->last[!side];
    while (ne > 0) {
        int16_t cand[REPLIES_MAX];
        int k = theirs >= 0 ? bridge_replies(g, theirs, side + 1, cand) : 0;
        int c = k ? cand[k == 1 ? 0 : rng_below(r, (uint32_t)k)]
                  : g->scratch[rng_below(r, (uint32_t)ne)];
        g->cell[c] = (uint8_t)(side + 1);
        if (side == 0)
            black[g->bit[c] >> 6] |= 1ull << (g->bit[c] & 63);
        drop_empty(g, c, &ne);
        if (trace)
            trace[(*nt)++] = (qmove)c;
        theirs = c;
        side ^= 1;
    }
    g->st.side = (uint8_t)side;
    g->st.turn = (int16_t)(g->st.turn + e < MAX_TURN ? g->st.turn + e : MAX_TURN);
    return y_black_wins_full(black, g->size) ? RESULT_FIRST : RESULT_SECOND;
}

int y_policy_playout(game *gg, struct rng *r, int max_plies, qmove *trace, int *ntrace)
{
    y_game *g = (y_game *)gg;
    int nt = 0, ne;
    if (ntrace)
        *ntrace = 0;
    if (g->st.result != RESULT_NONE)
        return g->st.result;
    play_state p;
    init_state(g, &p, &ne);
    if (g->st.swap_ok && rng_below(r, (uint32_t)ne + 1) == (uint32_t)ne) {
        if (max_plies < 1)
            return RESULT_NONE;
        if (trace)
            trace[nt++] = MV_SWAP;
        g->base.ops->make(gg, MV_SWAP);
        max_plies--;
        p.last[0] = -1; /* the first stone is White's now */
        recent_stones(g, p.last);
    }
    int result;
    if (ne > max_plies) {
        result = steps_through_make(g, &p, r, ne, max_plies, trace, &nt);
    } else {
        g->st.result = (uint8_t)fill_standard(g, &p, r, ne, trace, &nt);
        y_playout_done(g);
        result = g->st.result;
    }
    if (ntrace)
        *ntrace = nt;
    return result;
}

/* ---- priors ---- */

/* Colour `own`'s view of a ring code: own stones 1, the opponent's 2. */
static unsigned relative_code(unsigned code, int own)
{
    if (own == BLACK)
        return code;
    unsigned out = 0;
    for (int k = 0; k < 6; k++) {
        unsigned v = code >> (2 * k) & 3;
        out |= (v == BLACK ? WHITE : v == WHITE ? BLACK : v) << (2 * k);
    }
    return out;
}

/* The least of a ring code's twelve images: turned by 0-5 places, and
 * read the other way round. */
static unsigned canonical_ring(unsigned code)
{
    unsigned best = code;
    for (int mirror = 0; mirror < 2; mirror++)
        for (int turn = 0; turn < 6; turn++) {
            unsigned image = 0;
            for (int k = 0; k < 6; k++) {
                int from = mirror ? (turn + 6 - k) % 6 : (turn + k) % 6;
                image |= (code >> (2 * from) & 3) << (2 * k);
            }
            best = image < best ? image : best;
        }
    return best;
}

/* Cell i's distance to side e (0 bottom, 1 right, 2 left). */
static int edge_distance(const y_game *g, int i, int e)
{
    return e == 0 ? g->row[i] : e == 1 ? g->size - 1 - g->col[i] : g->col[i] - g->row[i];
}

static int side_distance(const y_game *g, int c)
{
    int d = Y_PATTERN_EDGES - 1;
    for (int e = 0; e < 3; e++) {
        int to_side = edge_distance(g, c, e);
        d = to_side < d ? to_side : d;
    }
    return d;
}

/* 1 next to stone l, 2 a bridge away, 0 neither (or no l). */
static int near_stone(const y_game *g, int c, int l)
{
    int near = 0;
    for (int k = 0; l >= 0 && k < 6; k++) {
        if (g->ring[c][k] == l)
            return 1;
        if (g->bridge[c][k] == l)
            near = 2;
    }
    return near;
}

/* The last stone of the player not to move, -1 when none is recent. */
static int opponent_last(const y_game *g)
{
    int last[2];
    recent_stones(g, last);
    return last[g->st.side ^ 1];
}

y_pattern y_policy_pattern(const game *gg, int c)
{
    const y_game *g = (const y_game *)gg;
    return (y_pattern){.ring = (uint16_t)canonical_ring(relative_code(ring_code(g, c), g->st.side + 1)),
                       .edge = (uint8_t)side_distance(g, c),
                       .near = (uint8_t)near_stone(g, c, opponent_last(g))};
}

#include "games/y_pattern_counts.h"

/* A pattern's prior from how often it was chosen: its rate, drawn toward
 * the mean rate of all cells as if PATTERN_SMOOTHING more cells had been
 * seen at that rate, as PATTERN_SCALE times the log of its ratio to the
 * mean, above 0.5; never below PATTERN_FLOOR (dead cells' 0.1 stays the
 * lowest).  The scale was chosen by matches (docs/STRENGTH.md, "Y's
 * learned priors"). */
#define PATTERN_SMOOTHING 20.0
#define PATTERN_SCALE 0.15
#define PATTERN_FLOOR 0.15

/* pattern_prior[own - 1][side distance][near][ring code as on the board] */
static float pattern_prior[2][Y_PATTERN_EDGES][Y_PATTERN_NEAR][4096];

static void build_pattern_priors(void)
{
    /* by_pattern[side distance][near][canonical ring]: 0.5 where unseen */
    static float by_pattern[Y_PATTERN_EDGES][Y_PATTERN_NEAR][4096];
    const size_t npatterns = sizeof y_pattern_counts / sizeof y_pattern_counts[0];
    double all_seen = 0, all_chosen = 0;
    for (size_t i = 0; i < npatterns; i++)
        all_seen += y_pattern_counts[i].seen, all_chosen += y_pattern_counts[i].chosen;
    double mean = all_chosen / all_seen;
    for (int e = 0; e < Y_PATTERN_EDGES; e++)
        for (int n = 0; n < Y_PATTERN_NEAR; n++)
            for (int r = 0; r < 4096; r++)
                by_pattern[e][n][r] = 0.5f;
    for (size_t i = 0; i < npatterns; i++) {
        const y_pattern_count *p = &y_pattern_counts[i];
        double rate = (p->chosen + mean * PATTERN_SMOOTHING) / (p->seen + PATTERN_SMOOTHING);
        double v = 0.5 + PATTERN_SCALE * log(rate / mean);
        by_pattern[p->edge][p->near][p->ring] = (float)(v < PATTERN_FLOOR ? PATTERN_FLOOR : v > 1.0 ? 1.0 : v);
    }
    for (int own = BLACK; own <= WHITE; own++)
        for (unsigned code = 0; code < 4096; code++) {
            unsigned ring = canonical_ring(relative_code(code, own));
            for (int e = 0; e < Y_PATTERN_EDGES; e++)
                for (int n = 0; n < Y_PATTERN_NEAR; n++)
                    pattern_prior[own - 1][e][n][code] = by_pattern[e][n][ring];
        }
}

/* Bridges from c to stones of colour own, and edge templates, with both
 * carrier cells empty (at most two counted). */
static int links(const y_game *g, int c, int own)
{
    int n = 0;
    for (int k = 0; k < 6 && n < 2; k++) {
        int a = g->ring[c][k], b = g->ring[c][(k + 1) % 6], far = g->bridge[c][k];
        if (g->cell[a] != EMPTY || g->cell[b] != EMPTY) /* the outside is not empty */
            continue;
        if (far < 0 || g->cell[far] == own)
            n++;
    }
    return n;
}
/* Is c the next step of a ladder the player to move is losing: the
 * opponent's last stone l is on a side, c is next to it on the second row,
 * beside an own second-row stone?  Each such step is answered on the side
 * and gives the opponent that side. */
static int ladder_step(const y_game *g, int c, int l, int own)
{
    for (int e = 0; e < 3; e++) {
        if (edge_distance(g, l, e) != 0 || edge_distance(g, c, e) != 1)
            continue;
        for (int k = 0; k < g->nbn[c]; k++) {
            int j = g->nb[c][k];
            if (g->cell[j] == own && edge_distance(g, j, e) == 1)
                return 1;
        }
    }
    return 0;
}

/* What the opponent's last stone l says of the cells around it, for the
 * player to move (colour own): bonus[c] for every cell (zeroed here). */
static void answers_to(const y_game *g, int l, int own, float *bonus)
{
    memset(bonus, 0, (size_t)g->ncells * sizeof *bonus);
    if (l < 0)
        return;
    for (int k = 0; k < g->nbn[l]; k++) {
        int c = g->nb[l][k];
        bonus[c] = ladder_step(g, c, l, own) ? -0.3f : 0.1f;
    }
    int16_t save[REPLIES_MAX];
    int nsave = bridge_replies(g, l, own, save);
    for (int k = 0; k < nsave; k++)
        bonus[save[k]] += 0.3f;
}

/* The standard game's priors: each cell's pattern. */
static void pattern_priors(const y_game *g, const qmove *moves, int n, float *out)
{
    int l = opponent_last(g);
    float(*prior)[Y_PATTERN_NEAR][4096] = pattern_prior[g->st.side];
    for (int i = 0; i < n; i++) {
        int c = (int)moves[i];
        if (moves[i] == MV_SWAP) {
            out[i] = 0.5f;
            continue;
        }
        unsigned code = ring_code(g, c);
        if (dead_cell(g, c, code))
            out[i] = 0.1f;
        else
            out[i] = prior[side_distance(g, c)][near_stone(g, c, l)][code];
    }
}

void y_policy_priors(const game *gg, const qmove *moves, int n, float *out)
{
    const y_game *g = (const y_game *)gg;
    if (g->variant == VAR_STANDARD) {
        pattern_priors(g, moves, n, out);
        return;
    }
    int own = g->st.side + 1;
    float bonus[MAX_CELLS];
    answers_to(g, opponent_last(g), own, bonus);
    for (int i = 0; i < n; i++) {
        out[i] = 0.5f;
        if (moves[i] == MV_SWAP)
            continue;
        int c = (int)moves[i];
        if (y_policy_dead(g, c)) {
            out[i] = 0.1f;
            continue;
        }
        float v = 0.5f + 0.1f * (float)links(g, c, own) + bonus[c];
        out[i] = v > 1.0f ? 1.0f : v;
    }
}
