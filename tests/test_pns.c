#define _POSIX_C_SOURCE 200809L
/* test_pns.c - the solver against a plain minimax written here, the same
 * values in another move order and with threads, proof files written,
 * checked and rejected once tampered with, Y's symmetric hash. */
#include "ai/pns.h"
#include "ai/proof.h"
#include "ai/solver.h"
#include "check.h"
#include "gametest.h"
#include "games/loa.h"
#include "rng.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include <stdlib.h>
#include <unistd.h>

/* Exact minimax: +1 first player wins, 0 draw, -1 second player wins.
 * The only shortcuts: stopping at a move that wins outright, and a table
 * of positions already valued (by the game's hash). */
#define MEMO (1u << 20)
static uint64_t memo_key[MEMO];
static int8_t memo_val[MEMO];

static int minimax(game *g)
{
    int res = g->ops->result(g);
    if (res != RESULT_NONE)
        return res == RESULT_FIRST ? 1 : res == RESULT_SECOND ? -1 : 0;
    uint64_t h = g->ops->hash(g) | 1;
    if (memo_key[h & (MEMO - 1)] == h)
        return memo_val[h & (MEMO - 1)];
    qmove mv[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, mv), p = g->ops->to_move(g), best = p == 0 ? -2 : 2;
    for (int i = 0; i < n; i++) {
        g->ops->make(g, mv[i]);
        int v = minimax(g);
        g->ops->unmake(g);
        best = p == 0 ? (v > best ? v : best) : (v < best ? v : best);
        if (best == (p == 0 ? 1 : -1))
            break;
    }
    memo_key[h & (MEMO - 1)] = h;
    memo_val[h & (MEMO - 1)] = (int8_t)best;
    return best;
}

/* minimax's value seen by player p, as a solver value. */
static int as_value(int v, int p)
{
    if (v == 0)
        return SOLVER_DRAW;
    return (v == 1) == (p == 0) ? SOLVER_WIN : SOLVER_LOSS;
}

static solver_params params(int threads, uint64_t seed)
{
    solver_params p = {.memory_mb = 8, .threads = threads, .order_seed = seed};
    return p;
}

/* Every root move's solver value equals minimax's; returns the root value. */
static int check_against_minimax(game *g, const solver_params *p)
{
    solver_result r;
    char err[256];
    memset(memo_key, 0, sizeof memo_key);
    CHECK_INT(solver_run(g, p, &r, err, sizeof err), 0);
    int me = g->ops->to_move(g), best = SOLVER_LOSS, mism = 0;
    for (int i = 0; i < r.nmoves; i++) {
        g->ops->make(g, r.moves[i].move);
        int want = as_value(minimax(g), me);
        g->ops->unmake(g);
        if (r.moves[i].value != want && mism++ < 3)
            printf("  %s: solver %s, minimax %s\n", r.moves[i].text,
                   solver_value_name(r.moves[i].value), solver_value_name(want));
        if (want == SOLVER_WIN || (want == SOLVER_DRAW && best == SOLVER_LOSS))
            best = want;
    }
    CHECK_INT(mism, 0);
    CHECK_INT(r.value, best);
    CHECK_INT(r.value, as_value(minimax(g), me));
    solver_result_free(&r);
    return best;
}

static void test_y_small(void)
{
    static const char *const opts[] = {"size=2 pie=0", "size=3 pie=0", "size=4 pie=0",
                                       "size=2 pie=1", "size=3 pie=1", "size=4 pie=1",
                                       "size=3 variant=double pie=0", "size=4 variant=progressive pie=0"};
    for (int i = 0; i < 8; i++) {
        game *g = test_game(game_find("y"), opts[i]);
        solver_params p = params(1, 0);
        int v = check_against_minimax(g, &p);
        /* without the swap the first player wins Y; with it the second */
        CHECK_INT(v, strstr(opts[i], "pie=1") ? SOLVER_LOSS : SOLVER_WIN);
        game_free(g);
    }
}

static void test_coffee_small(void)
{
    static const char *const opts[] = {"size=2", "size=2 pie=1", "board=square size=3 n=2",
                                       "board=square size=3 n=3", "board=square size=3 n=3 pie=1"};
    for (int i = 0; i < 5; i++) {
        game *g = test_game(game_find("coffee"), opts[i]);
        solver_params p = params(1, 0);
        check_against_minimax(g, &p);
        game_free(g);
    }
    /* hex 3 and square 4 after a few plies: the symmetric hash, the
     * decided children and the seeded numbers on bigger boards */
    static const char *const later[][2] = {
        {"board=hex size=3 n=3", "b2h c2d d3a"}, {"board=hex size=3 n=3", "c3h b3h e3a"},
        {"board=square size=4 n=3", "b2h c2d d3a"}, {"board=square size=4 n=4", "b2h c2d d3h a3v"}};
    for (int i = 0; i < 4; i++) {
        game *g = test_game(game_find("coffee"), later[i][0]);
        CHECK_INT(test_play(g, later[i][1]), 0);
        solver_params p = params(1, 0);
        check_against_minimax(g, &p);
        game_free(g);
    }
}

/* A LOT position with at most 5 empty cells, reached by seeded random
 * play that avoids ending the game; NULL when that game ended before. */
static game *lot_ending(uint64_t seed)
{
    game *g = test_game(game_find("lot"), "pie=0");
    rng r;
    rng_seed(&r, seed);
    qmove mv[GAME_MAX_MOVES];
    int n;
    while ((n = g->ops->legal_moves(g, mv)) > 0 && g->ops->ply(g) < 400) {
        int empty = 0;
        char text[GAME_TEXT_MAX];
        g->ops->to_text(g, text, sizeof text);
        for (char *c = text; *c && *c != ' '; c++)
            empty += *c >= '1' && *c <= '9' ? *c - '0' : 0;
        if (empty <= 5)
            return g;
        /* avoid ending the game while another move is left, so that
         * the board fills up */
        for (int tries = 0;; tries++) {
            g->ops->make(g, mv[rng_below(&r, (uint32_t)n)]);
            if (g->ops->result(g) == RESULT_NONE || tries == 20)
                break;
            g->ops->unmake(g);
        }
    }
    game_free(g);
    return NULL;
}

/* LOT endings: wins, losses and draws (a full board) all occur. */
static void test_lot_endings(void)
{
    int seen[4] = {0, 0, 0, 0};
    for (uint64_t seed = 1; seed <= 12; seed++) {
        game *g = lot_ending(seed);
        if (g) {
            solver_params p = params(1, 0);
            seen[check_against_minimax(g, &p)]++;
        }
        game_free(g);
    }
    CHECK(seen[SOLVER_WIN] + seen[SOLVER_DRAW] + seen[SOLVER_LOSS] >= 8);
    CHECK(seen[SOLVER_DRAW] > 0);
}

/* Another move order, and two threads, reach the same values. */
static void test_move_order(void)
{
    static const char *const cases[][2] = {{"y", "size=4 pie=0"}, {"y", "size=4 pie=1"},
                                           {"coffee", "board=square size=3 n=3"}};
    for (int i = 0; i < 3; i++) {
        game *g = test_game(game_find(cases[i][0]), cases[i][1]);
        solver_result a, b, c;
        char err[256];
        solver_params p0 = params(1, 0), p1 = params(1, 12345), p2 = params(2, 99);
        CHECK_INT(solver_run(g, &p0, &a, err, sizeof err), 0);
        CHECK_INT(solver_run(g, &p1, &b, err, sizeof err), 0);
        CHECK_INT(solver_run(g, &p2, &c, err, sizeof err), 0);
        CHECK(a.value != SOLVER_UNKNOWN);
        CHECK_INT(b.value, a.value);
        CHECK_INT(c.value, a.value);
        CHECK(a.nodes != b.nodes); /* the order really changed the search */
        for (int k = 0; k < a.nmoves; k++) {
            CHECK_INT(b.moves[k].value, a.moves[k].value);
            CHECK_INT(c.moves[k].value, a.moves[k].value);
        }
        solver_result_free(&a), solver_result_free(&b), solver_result_free(&c);
        game_free(g);
    }
}

/* ---- proof files ---- */

static char proof_path[64];

static char *slurp(size_t *len)
{
    char *t = util_read_file(proof_path, len);
    CHECK(t != NULL);
    return t;
}

/* Write text back with its checksum line made right again. */
static void resign(char *text)
{
    char *last = strstr(text, "\nchecksum ");
    CHECK(last != NULL);
    last[1] = 0;
    size_t n = strlen(text);
    char *out = malloc(n + 32);
    snprintf(out, n + 32, "%schecksum %016llx\n", text,
             (unsigned long long)proof_checksum(text, n));
    FILE *f = fopen(proof_path, "w");
    fputs(out, f);
    fclose(f);
    free(out);
}

static int verify(proof_report *rep, char *err, size_t len)
{
    return proof_verify(proof_path, rep, err, len);
}

static void write_proof(game *g, int *value)
{
    solver_params p = params(1, 0);
    solver_result r;
    char err[256];
    CHECK_INT(solver_run(g, &p, &r, err, sizeof err), 0);
    *value = r.value;
    int rc = solver_write_proof(g, &r, &p, proof_path, err, sizeof err);
    if (rc)
        printf("  proof: %s\n", err);
    CHECK_INT(rc, 0);
    solver_result_free(&r);
}

static void test_proof_roundtrip(void)
{
    game *g = test_game(game_find("y"), "size=4 pie=0");
    int value;
    write_proof(g, &value);
    proof_report rep;
    char err[256];
    CHECK_INT(verify(&rep, err, sizeof err), 0);
    CHECK_STR(rep.value, "black wins");
    CHECK_STR(rep.game, "y size=4 variant=standard pie=0");
    CHECK_INT(rep.claims, 1);
    CHECK(rep.nodes > 10);
    game_free(g);

    g = test_game(game_find("y"), "size=3 pie=1"); /* a loss for the side to move */
    write_proof(g, &value);
    CHECK_INT(value, SOLVER_LOSS);
    CHECK_INT(verify(&rep, err, sizeof err), 0);
    CHECK_STR(rep.value, "white wins");
    game_free(g);
}

static void test_proof_draw(void)
{
    int found = 0;
    for (uint64_t seed = 1; seed <= 30 && !found; seed++) {
        game *g = lot_ending(seed);
        if (!g)
            continue;
        solver_params p = params(1, 0);
        solver_result res;
        char err[256];
        if (solver_run(g, &p, &res, err, sizeof err) == 0) {
            if (res.value == SOLVER_DRAW) {
                found = 1;
                CHECK_INT(solver_write_proof(g, &res, &p, proof_path, err, sizeof err), 0);
                proof_report rep;
                CHECK_INT(verify(&rep, err, sizeof err), 0);
                CHECK_STR(rep.value, "draw");
                CHECK_INT(rep.claims, 2);
            }
            solver_result_free(&res);
        }
        game_free(g);
    }
    CHECK(found);
}

/* Replace the first occurrence of from by to (same file otherwise). */
static void tamper(const char *from, const char *to, int fix_checksum)
{
    size_t len;
    char *t = slurp(&len), *at = strstr(t, from);
    CHECK(at != NULL);
    size_t n = strlen(t) + strlen(to) + 1;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(at - t), t, to, at + strlen(from));
    if (fix_checksum) {
        resign(out);
    } else {
        FILE *f = fopen(proof_path, "w");
        fputs(out, f);
        fclose(f);
    }
    free(out), free(t);
}

static void expect_rejected(const char *from, const char *to, int fix, const char *why)
{
    game *g = test_game(game_find("y"), "size=4 pie=0");
    int value;
    write_proof(g, &value);
    tamper(from, to, fix);
    proof_report rep;
    char err[256] = "";
    CHECK_INT(verify(&rep, err, sizeof err), -1);
    CHECK_HAS(err, why);
    game_free(g);
}

static void test_proof_tampered(void)
{
    /* any change without the checksum fixed */
    expect_rejected("claim black wins", "claim white wins", 0, "checksum mismatch");
    /* changes with the checksum made right again: the replay finds them */
    expect_rejected("claim black wins", "claim white wins", 1, "");
    expect_rejected("claim black wins", "claim black cannot win", 1, "node");
    expect_rejected("position 1/2/3/4 b 1 - -", "position 1/2/3/B3 b 1 - -", 1, "");
    expect_rejected("\n0 ", "\n0 a1 1 ", 1, "node 0");
    expect_rejected("end ", "end 9", 1, "nodes");
    expect_rejected("quartet-proof 1", "quartet-proof 2", 1, "not a quartet proof file");
    /* the file cut short */
    expect_rejected("checksum ", "", 0, "checksum");
}

/* quick_value checked by making the moves: 1 exactly when a move wins at
 * once; -1 only when after every move the opponent moves and wins at
 * once; in the standard game without swap, 0 with the exact count of the
 * moves after which the opponent cannot.  Returns what it said. */
static int check_quick_value(game *g, int standard)
{
    qmove mv[GAME_MAX_MOVES], reply[GAME_MAX_MOVES];
    int me = g->ops->to_move(g), n = g->ops->legal_moves(g, mv), win = 0, all_lose = 1, safe = 0;
    for (int i = 0; i < n; i++) {
        g->ops->make(g, mv[i]);
        int res = g->ops->result(g), lose = 0;
        win |= res == RESULT_FIRST + me;
        int k = res == RESULT_NONE && g->ops->to_move(g) != me ? g->ops->legal_moves(g, reply) : 0;
        for (int j = 0; j < k && !lose; j++) {
            g->ops->make(g, reply[j]);
            lose = g->ops->result(g) == RESULT_FIRST + (1 - me);
            g->ops->unmake(g);
        }
        all_lose &= lose;
        safe += !lose;
        g->ops->unmake(g);
    }
    int moves = -1, got = g->ops->quick_value(g, &moves);
    CHECK_INT(got == 1, win);
    if (got == -1)
        CHECK(all_lose);
    if (got == 0 && standard && mv[n - 1] != 0x1000u) /* 0x1000: Y's swap */
        CHECK_INT(moves, safe);
    return got;
}

/* Y's quick look for the solver, in all three variants with and without
 * swap, on positions of random moves: every answer occurs. */
static void test_y_quick_value(void)
{
    static const char *const opts[] = {"size=5 pie=0", "size=6 pie=1", "size=6 variant=double",
                                       "size=6 variant=progressive"};
    int seen[3] = {0, 0, 0};
    rng r;
    rng_seed(&r, 11);
    for (int i = 0; i < 4; i++)
        for (int trial = 0; trial < 300; trial++) {
            game *g = test_game(game_find("y"), opts[i]);
            qmove mv[GAME_MAX_MOVES];
            for (int k = (int)rng_below(&r, 24); k > 0; k--) {
                int n = g->ops->legal_moves(g, mv);
                g->ops->make(g, mv[rng_below(&r, (uint32_t)n)]);
                if (g->ops->result(g) != RESULT_NONE) {
                    g->ops->unmake(g);
                    break;
                }
            }
            seen[check_quick_value(g, i == 0) + 1]++;
            game_free(g);
        }
    CHECK(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
}

/* Y's symmetric hash: a single stone's position has 3 classes on size 4
 * (3 corners, 6 edge cells, the centre) and 4 on size 5. */
static void test_y_symmetry(void)
{
    for (int size = 4; size <= 5; size++) {
        char opts[32];
        snprintf(opts, sizeof opts, "size=%d pie=0", size);
        game *g = test_game(game_find("y"), opts);
        qmove mv[GAME_MAX_MOVES];
        uint64_t h[32];
        int n = g->ops->legal_moves(g, mv), classes = 0;
        for (int i = 0; i < n; i++) {
            g->ops->make(g, mv[i]);
            h[i] = g->ops->canonical_hash(g);
            g->ops->unmake(g);
            int fresh = 1;
            for (int k = 0; k < i; k++)
                fresh &= h[k] != h[i];
            classes += fresh;
        }
        CHECK_INT(classes, size == 4 ? 3 : 4);
        CHECK(g->ops->canonical_hash(g) != 0);
        game_free(g);
    }
}

/* A stop asked by another thread ends a solve that has no other limit:
 * it returns soon with every unsolved move unknown, and a win the
 * table already had stays found. */
static void *stop_later(void *arg)
{
    struct timespec ts = {0, 200 * 1000000L};
    nanosleep(&ts, NULL);
    atomic_store((atomic_int *)arg, 1);
    return NULL;
}

static void test_stop(void)
{
    game *g = game_create_default(&loa_ops);
    atomic_int stop;
    atomic_init(&stop, 0);
    solver_params p = params(2, 0);
    p.stop = &stop;
    pthread_t t;
    pthread_create(&t, NULL, stop_later, &stop);
    int64_t t0 = util_now_ms();
    solver_result r;
    char err[128];
    CHECK_INT(solver_run(g, &p, &r, err, sizeof err), 0);
    pthread_join(t, NULL);
    CHECK(util_now_ms() - t0 < 20000);
    CHECK_INT(r.value, SOLVER_UNKNOWN);
    int unknown = 0;
    for (int i = 0; i < r.nmoves; i++)
        unknown += r.moves[i].value == SOLVER_UNKNOWN;
    CHECK_INT(unknown, 36);
    solver_result_free(&r);
    game_free(g);
}

/* pns_prove_move: Coffee square 3, n=3 is won by Black with 8 first moves
 * (docs/SOLVED.md); the move returned is one, by the minimax here.  The
 * table kept between calls answers at once; pns_clear empties it; an
 * outside stop flag or a deadline passed ends a search unknown. */
static void test_prove_move(void)
{
    game *g = test_game(game_find("coffee"), "board=square size=3 n=3");
    pns *s = pns_new(&(pns_params){.memory_mb = 16});
    qmove win = QMOVE_NONE;
    CHECK_INT(pns_prove_move(s, g, &win), PNS_PROVEN);
    CHECK(win != QMOVE_NONE);
    g->ops->make(g, win);
    CHECK_INT(minimax(g), 1);
    g->ops->unmake(g);
    CHECK_INT(pns_lookup(s, g, 0), PNS_PROVEN);
    pns_clear(s);
    CHECK_INT(pns_lookup(s, g, 0), PNS_UNKNOWN);
    game_free(g);

    g = game_create_default(&loa_ops);
    atomic_int stop;
    atomic_init(&stop, 1);
    pns_set_limits(s, 0, &stop);
    CHECK_INT(pns_prove_move(s, g, &win), PNS_UNKNOWN);
    CHECK_STR(pns_error(s), "stopped");
    pns_set_limits(s, util_now_ms() + 50, NULL);
    int64_t t0 = util_now_ms();
    CHECK_INT(pns_prove_move(s, g, &win), PNS_UNKNOWN);
    CHECK_STR(pns_error(s), "time limit reached");
    CHECK(util_now_ms() - t0 < 10000);
    pns_free(s);
    game_free(g);
}

int main(void)
{
    snprintf(proof_path, sizeof proof_path, "/tmp/quartet-test-pns-%d.proof", (int)getpid());
    RUN(test_y_small);
    RUN(test_coffee_small);
    RUN(test_lot_endings);
    RUN(test_move_order);
    RUN(test_proof_roundtrip);
    RUN(test_proof_draw);
    RUN(test_proof_tampered);
    RUN(test_y_symmetry);
    RUN(test_y_quick_value);
    RUN(test_stop);
    RUN(test_prove_move);
    remove(proof_path);
    return check_summary("test_pns");
}
