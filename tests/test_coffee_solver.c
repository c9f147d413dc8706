/* test_coffee_solver.c - Coffee's hooks for the solver.  The symmetric
 * hash against symmetries written
 * here independently (cube coordinates on the hexagon, signed swaps on the
 * square), moves mapped through their text: every image of a random
 * position has the same canonical hash, perft and proven value; moves are
 * grouped by the hash exactly as the symmetries group them; positions that
 * differ only in where the bar sits on its line share the hash.  The value
 * read without moving against playing every move out. */
#include "ai/pns.h"
#include "check.h"
#include "gametest.h"
#include "rng.h"

#include <stdlib.h>
#include <string.h>

typedef struct board {
    int hex, size;
} board;

static int nsyms(const board *b) { return b->hex ? 12 : 8; }

/* Symmetry k of a vector (x, y) on the grid's own axes.  Hex: through cube
 * coordinates (x, -y, y - x), k / 2 sixth turns after a mirror when k is
 * odd.  Square: k & 4 swaps x and y, k & 1 and k & 2 negate them. */
static void map_vec(const board *b, int k, int *x, int *y)
{
    if (b->hex) {
        int p = *x, q = -*y, r = *y - *x;
        if (k & 1) {
            int t = p;
            p = q, q = t;
        }
        for (int i = 0; i < k / 2; i++) {
            int np = -r, nq = -p, nr = -q;
            p = np, q = nq, r = nr;
        }
        *x = p, *y = -q;
    } else {
        if (k & 4) {
            int t = *x;
            *x = *y, *y = t;
        }
        if (k & 1)
            *x = -*x;
        if (k & 2)
            *y = -*y;
    }
}

static const char hex_axes[] = "hda", sq_axes[] = "hvda";
static const int hex_step[3][2] = {{1, 0}, {1, 1}, {0, 1}};
static const int sq_step[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

/* The move text's image under symmetry k ("c3d", "c3" a winning
 * placement, "swap"). */
static void map_move(const board *b, int k, const char *in, char *out, size_t len)
{
    if (strcmp(in, "swap") == 0) {
        snprintf(out, len, "swap");
        return;
    }
    int w = b->hex ? 2 * b->size - 1 : b->size;
    int c = in[0] - 'a', r = atoi(in + 1) - 1;
    const char *ax = in + 1;
    while (*ax >= '0' && *ax <= '9')
        ax++;
    int x = 2 * c - (w - 1), y = 2 * r - (w - 1);
    map_vec(b, k, &x, &y);
    char cell[16];
    snprintf(cell, sizeof cell, "%c%d", 'a' + (x + w - 1) / 2, (y + w - 1) / 2 + 1);
    if (!*ax) {
        snprintf(out, len, "%s", cell);
        return;
    }
    const char *names = b->hex ? hex_axes : sq_axes;
    const int(*st)[2] = b->hex ? hex_step : sq_step;
    int a = (int)(strchr(names, *ax) - names), dx = st[a][0], dy = st[a][1], img = -1;
    map_vec(b, k, &dx, &dy);
    for (int i = 0; i < (int)strlen(names); i++)
        if ((st[i][0] == dx && st[i][1] == dy) || (st[i][0] == -dx && st[i][1] == -dy))
            img = i;
    snprintf(out, len, "%s%c", cell, names[img]);
}

/* The image of g's whole game under symmetry k, replayed move by move on a
 * new game (NULL, with a message, when a mapped move is not legal). */
static game *image(const board *b, const game *g, int k)
{
    game *c = game_new_like(g), *walk = game_new_like(g);
    for (int i = 0; i < g->ops->ply(g); i++) {
        char text[GAME_MOVE_TEXT_MAX], mapped[GAME_MOVE_TEXT_MAX], err[GAME_ERR_MAX];
        qmove m = g->ops->move_at(g, i), mm;
        walk->ops->move_to_text(walk, m, text, sizeof text);
        walk->ops->make(walk, m);
        map_move(b, k, text, mapped, sizeof mapped);
        if (c->ops->move_from_text(c, mapped, &mm, err, sizeof err) != 0) {
            printf("  symmetry %d: %s -> %s: %s\n", k, text, mapped, err);
            game_free(c), game_free(walk);
            return NULL;
        }
        c->ops->make(c, mm);
    }
    game_free(walk);
    return c;
}

/* A game of `plies` random moves that has not ended (fewer if it would). */
static void random_plies(game *g, rng *r, int plies)
{
    qmove mv[GAME_MAX_MOVES];
    for (int i = 0; i < plies; i++) {
        int n = g->ops->legal_moves(g, mv);
        if (n == 0)
            return;
        g->ops->make(g, mv[rng_below(r, (uint32_t)n)]);
        if (g->ops->result(g) != RESULT_NONE) {
            g->ops->unmake(g);
            return;
        }
    }
}

static int prove(game *g)
{
    pns_params pp = {.memory_mb = 16};
    pns *s = pns_new(&pp);
    int v = pns_prove(s, g, 0);
    pns_free(s);
    return v;
}

/* Every image: same canonical hash, same perft to depth 2, and on small
 * boards the same proven value. */
static void check_images(const board *b, game *g, int solve)
{
    uint64_t h = g->ops->canonical_hash(g), p2 = game_perft(g, 2);
    int v = solve ? prove(g) : 0;
    for (int k = 0; k < nsyms(b); k++) {
        game *c = image(b, g, k);
        CHECK(c != NULL);
        if (!c)
            continue;
        CHECK(c->ops->canonical_hash(c) == h);
        CHECK(game_perft(c, 2) == p2);
        if (solve) {
            CHECK(v != PNS_UNKNOWN);
            CHECK_INT(prove(c), v);
        }
        game_free(c);
    }
}

/* Two moves from g lead to positions with one canonical hash exactly
 * when a symmetry maps one position onto the other. */
static int check_classes(const board *b, game *g)
{
    qmove mv[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, mv), classes = 0;
    uint64_t *h = malloc((size_t)n * sizeof *h), exact[12];
    for (int i = 0; i < n; i++) {
        g->ops->make(g, mv[i]);
        h[i] = g->ops->canonical_hash(g);
        g->ops->unmake(g);
    }
    for (int i = 0; i < n; i++) {
        int fresh = 1;
        g->ops->make(g, mv[i]);
        for (int k = 0; k < nsyms(b); k++) {
            game *c = image(b, g, k);
            exact[k] = c ? c->ops->hash(c) : 0;
            game_free(c);
        }
        g->ops->unmake(g);
        for (int j = 0; j < n; j++) {
            g->ops->make(g, mv[j]);
            uint64_t hj = g->ops->hash(g);
            g->ops->unmake(g);
            int related = 0;
            for (int k = 0; k < nsyms(b); k++)
                related |= exact[k] == hj;
            if (related != (h[i] == h[j]))
                printf("  moves %d and %d: related %d, same hash %d\n", i, j, related,
                       h[i] == h[j]);
            CHECK_INT(related, h[i] == h[j]);
            if (j < i && h[j] == h[i])
                fresh = 0;
        }
        classes += fresh;
    }
    free(h);
    return classes;
}

static void test_random_images(void)
{
    static const struct {
        board b;
        const char *opts;
        int solve;
    } cases[] = {
        {{1, 3}, "board=hex size=3 n=3", 1},       {{1, 3}, "board=hex size=3 n=3 pie=1", 1},
        {{1, 4}, "board=hex size=4 n=3", 0},       {{0, 4}, "board=square size=4 n=3", 1},
        {{0, 5}, "board=square size=5 n=4 pie=1", 0},
    };
    rng r;
    rng_seed(&r, 2026);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (int trial = 0; trial < 6; trial++) {
            game *g = test_game(game_find("coffee"), cases[i].opts);
            if (trial == 0) { /* the first moves fall into fewer classes */
                qmove mv[GAME_MAX_MOVES];
                int classes = check_classes(&cases[i].b, g);
                CHECK(classes > 1 && classes < g->ops->legal_moves(g, mv));
            }
            /* deep enough on the small boards for a quick proof */
            random_plies(g, &r, (cases[i].solve ? 5 : 0) + (int)rng_below(&r, 8));
            check_images(&cases[i].b, g, cases[i].solve);
            if (trial == 1)
                check_classes(&cases[i].b, g);
            game_free(g);
        }
}

/* Without a pending swap only the bar's line matters: the bar on a1 or on
 * c1 along the bottom row is one position; along another axis it is not. */
static void test_bar_line(void)
{
    static const char *const texts[] = {"3o/5/6/7/6/5/b1b1 a1h o -", "3o/5/6/7/6/5/b1b1 c1h o -",
                                        "3o/5/6/7/6/5/b1b1 a1d o -"};
    uint64_t h[3], exact[3];
    for (int i = 0; i < 3; i++) {
        game *g = test_game(game_find("coffee"), "board=hex size=4 n=4");
        CHECK_INT(test_set_pos(g, texts[i]), 0);
        h[i] = g->ops->canonical_hash(g);
        exact[i] = g->ops->hash(g);
        game_free(g);
    }
    CHECK(exact[0] != exact[1]);
    CHECK(h[0] == h[1]);
    CHECK(h[0] != h[2]);
}

/* quick_value by making the moves.  win: a move wins; lose_line: after
 * every move the opponent has a placement completing their row; lose_any:
 * after every move the opponent has a move that wins; safe: the moves
 * after which the opponent has no placement completing their row. */
typedef struct played {
    int win, lose_line, lose_any, safe;
} played;

static played play_out(game *g)
{
    qmove mv[GAME_MAX_MOVES], reply[GAME_MAX_MOVES];
    played p = {0, 1, 1, 0};
    int me = g->ops->to_move(g), n = g->ops->legal_moves(g, mv);
    for (int i = 0; i < n; i++) {
        g->ops->make(g, mv[i]);
        int res = g->ops->result(g), line = 0, any = 0;
        p.win |= res == RESULT_FIRST + me;
        int k = res == RESULT_NONE ? g->ops->legal_moves(g, reply) : 0;
        for (int j = 0; j < k; j++) {
            char why[128];
            g->ops->make(g, reply[j]);
            g->ops->result_reason(g, why, sizeof why);
            if (g->ops->result(g) == RESULT_FIRST + (1 - me)) {
                any = 1;
                line |= strstr(why, "makes a line") != NULL;
            }
            g->ops->unmake(g);
        }
        p.lose_line &= line;
        p.safe += !line;
        p.lose_any &= any;
        g->ops->unmake(g);
    }
    return p;
}

/* 1 exactly when a move wins; -1 whenever every move hands over a row,
 * and only when every move loses at once; else the exact count of the
 * moves that hand over no row. */
static void test_quick_value(void)
{
    static const char *const opts[] = {"board=hex size=3 n=3", "board=hex size=4 n=3 pie=1",
                                       "board=square size=4 n=3", "board=square size=5 n=4",
                                       /* wider than the bitboards' 7 */
                                       "board=square size=8 n=4", "board=hex size=5 n=4"};
    int seen[3] = {0, 0, 0};
    rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < 6; i++)
        for (int trial = 0; trial < 150; trial++) {
            game *g = test_game(game_find("coffee"), opts[i]);
            random_plies(g, &r, (int)rng_below(&r, 20));
            played p = play_out(g);
            int moves = -1, got = g->ops->quick_value(g, &moves);
            CHECK_INT(got == 1, p.win);
            if (!p.win && p.lose_line)
                CHECK_INT(got, -1);
            if (got == -1)
                CHECK(p.lose_any);
            if (got == 0)
                CHECK_INT(moves, p.safe);
            seen[got + 1]++;
            game_free(g);
        }
    /* all three answers occur */
    CHECK(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
}

int main(void)
{
    RUN(test_random_images);
    RUN(test_bar_line);
    RUN(test_quick_value);
    return check_summary("test_coffee_solver");
}
