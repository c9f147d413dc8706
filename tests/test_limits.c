/* test_limits.c - the stated limits on outside input (docs/RELIABILITY.md)
 * and the faults hostile or broken input once caused: each refused with
 * its exact message, nothing changed, no overflow. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "gametest.h"
#include "record.h"
#include "movehist.h"
#include "session.h"
#include "sgf.h"
#include "ai/engine.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const game_ops *ops_of(const char *name) { return game_find(name); }

/* A digit run past the board's width once overflowed an int and wrote a
 * stone at cell[-1]; the text was accepted and the stone lost. */
static void y_row_digits(void)
{
    game *g = test_game(ops_of("y"), "size=2");
    char err[GAME_ERR_MAX], before[GAME_TEXT_MAX], after[GAME_TEXT_MAX];
    g->ops->to_text(g, before, sizeof before);
    CHECK_INT(g->ops->from_text(g, "1/4294967295b2 b 1 - -", err, sizeof err), -1);
    CHECK_STR(err, "position: row 1 must describe 2 cells");
    CHECK_INT(g->ops->from_text(g, "1/99999999999999999999999b b 1 - -", err, sizeof err), -1);
    CHECK_STR(err, "position: row 1 must describe 2 cells");
    g->ops->to_text(g, after, sizeof after);
    CHECK_STR(after, before);
    CHECK_INT(g->ops->from_text(g, "1/1b b 1 - -", err, sizeof err), 0);
    game_free(g);
}

/* Every game refuses a position text of 4096 bytes or more with the same
 * words (Y once cut it at 4095 and accepted the rest as junk). */
static void text_length_same_for_all(void)
{
    char *text = malloc(GAME_TEXT_MAX + 10);
    for (int i = 0; game_registry[i]; i++) {
        game *g = game_create_default(game_registry[i]);
        char err[GAME_ERR_MAX], start[GAME_TEXT_MAX];
        g->ops->to_text(g, start, sizeof start);
        /* 4095 bytes: refused for what they say, 4096: for their length */
        memset(text, 'x', GAME_TEXT_MAX);
        text[GAME_TEXT_MAX - 1] = 0;
        CHECK_INT(g->ops->from_text(g, text, err, sizeof err), -1);
        CHECK(strcmp(err, "position: longer than 4095 bytes") != 0);
        text[GAME_TEXT_MAX - 1] = 'x';
        text[GAME_TEXT_MAX] = 0;
        CHECK_INT(g->ops->from_text(g, text, err, sizeof err), -1);
        CHECK_STR(err, "position: longer than 4095 bytes");
        g->ops->to_text(g, text, GAME_TEXT_MAX);
        CHECK_STR(text, start);
        game_free(g);
    }
    free(text);
}

/* Y progressive from turn 9999: play once reached turn 10000, whose text
 * from_text refused.  The count now stops at 9999 and the text round-trips. */
static void y_turn_count_stops(void)
{
    game *g = test_game(ops_of("y"), "size=2 variant=progressive");
    char text[GAME_TEXT_MAX], err[GAME_ERR_MAX];
    CHECK_INT(test_set_pos(g, "1/2 w 9999 - -"), 0);
    CHECK_INT(test_play(g, "a1"), 0);
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "1/w1 b 9999 - -");
    uint64_t h = g->ops->hash(g);
    game *t = game_new_like(g);
    CHECK_INT(t->ops->from_text(t, text, err, sizeof err), 0);
    CHECK(t->ops->hash(t) == h);
    CHECK_INT(test_play(g, "b2"), 0);
    g->ops->to_text(g, text, sizeof text);
    CHECK_STR(text, "b/w1 w 9999 - -");
    g->ops->unmake(g);
    CHECK(g->ops->hash(g) == h);
    game_free(t);
    game_free(g);
}

/* A refused turn of 10,000 tokens once echoed all of its 34 KB. */
static void long_turn_not_echoed(void)
{
    game *g = test_game(ops_of("y"), "variant=progressive");
    char err[GAME_ERR_MAX];
    size_t n = 10000 * 3;
    char *turn = malloc(n + 1);
    for (size_t i = 0; i < n; i += 3)
        memcpy(turn + i, "a1,", 3);
    turn[n - 1] = 0;
    CHECK_INT(game_play_text(g, turn, err, sizeof err), -1);
    CHECK_STR(err, "a turn is written in at most 4095 bytes");
    turn[3] = ',';
    turn[100] = 0;
    CHECK_INT(game_play_text(g, turn, err, sizeof err), -1);
    CHECK_STR(err, "empty move in 'a1,,1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a...'");
    CHECK_INT(g->ops->ply(g), 0);
    free(turn);
    game_free(g);
}

/* LOT's board is 7x7: it says so to records and GTP's boardsize. */
static void lot_board_size(void) { CHECK_INT(ops_of("lot")->sgf_board_size, 7); }

/* LOA repetition=1 drew a game read from its own start text, while the
 * same position made by create was not over. */
static void loa_repetition_one(void)
{
    char err[GAME_ERR_MAX], *argv[] = {"repetition=1"}, *argv2[] = {"repetition=2"};
    CHECK(game_create(ops_of("loa"), 1, argv, err, sizeof err) == NULL);
    CHECK_STR(err, "option repetition: 1 would draw every game at once (0: never, 2..100: "
                   "the occurrence that draws)");
    game *g = game_create(ops_of("loa"), 1, argv2, err, sizeof err);
    CHECK(g != NULL);
    game_free(g);
}

static char *repeat(const char *head, const char *unit, int times, const char *tail)
{
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    char *s = malloc(hl + ul * (size_t)times + tl + 1), *p = s;
    memcpy(p, head, hl), p += hl;
    for (int i = 0; i < times; i++)
        memcpy(p, unit, ul), p += ul;
    memcpy(p, tail, tl + 1);
    return s;
}

static void sgf_limits(void)
{
    char err[GAME_ERR_MAX];
    char *s = repeat("(;QG[loa]", "\n;C[x]", SGF_MAX_NODES - 1, ")");
    record *r = record_from_sgf(s, -1, err, sizeof err);
    CHECK(r != NULL);
    record_free(r);
    free(s);
    s = repeat("(;QG[loa]", "\n;C[x]", SGF_MAX_NODES, ")");
    CHECK(record_from_sgf(s, -1, err, sizeof err) == NULL);
    CHECK_STR(err, "line 100001: more than 100000 nodes");
    free(s);
    s = repeat("(;QG[loa]C[", "x", SGF_MAX_VALUE + 1, "])");
    CHECK(record_from_sgf(s, -1, err, sizeof err) == NULL);
    CHECK_STR(err, "line 1: a value longer than 65536 bytes");
    s[strlen(s) - 3] = 0; /* exactly 65536 bytes */
    strcat(s, "])");
    r = record_from_sgf(s, -1, err, sizeof err);
    CHECK(r != NULL);
    record_free(r);
    free(s);
    s = repeat("(;QG[loa]XX", "[a]", SGF_MAX_VALUES + 1, ")");
    CHECK(record_from_sgf(s, -1, err, sizeof err) == NULL);
    CHECK_STR(err, "line 1: property XX has more than 1000 values");
    free(s);
    char props[SGF_MAX_PROPS * 8 + 64] = "(;QG[loa]";
    for (int i = 0; i < SGF_MAX_PROPS; i++)
        util_str_appendf(props, sizeof props, "X%c%c[]", 'A' + i / 26, 'A' + i % 26);
    strcat(props, ")");
    CHECK(record_from_sgf(props, -1, err, sizeof err) == NULL);
    CHECK_STR(err, "line 1: more than 64 properties in one node");
    s = repeat("(;QG[loa]PB[", "n", RECORD_PLAYER_MAX, "])");
    CHECK(record_from_sgf(s, -1, err, sizeof err) == NULL);
    CHECK_STR(err, "line 1: PB[] is longer than 511 bytes");
    free(s);
    CHECK(record_from_sgf("(;QG[y]QO[a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9])", -1, err,
                          sizeof err) == NULL);
    CHECK_STR(err, "line 1: QO[] holds more than 8 options");
}

/* 100,000 nodes: arrays grown one element a time made this quadratic
 * (185 s under ASan); doubling keeps it well under a second. */
static void sgf_large_is_linear(void)
{
    char err[GAME_ERR_MAX];
    char *s = repeat("(;QG[loa]", "\n;XY[a][b]", SGF_MAX_NODES - 1, ")");
    int64_t t0 = util_now_ms();
    sgf_tree *t = sgf_parse(s, err, sizeof err);
    CHECK(t && t->nnodes == SGF_MAX_NODES);
    CHECK(util_now_ms() - t0 < 20000);
    sgf_tree_free(t);
    free(s);
}

static void record_file_limits(void)
{
    char err[GAME_ERR_MAX], dir[] = "/tmp/qlimitsXXXXXX", path[64];
    CHECK(mkdtemp(dir) != NULL);
    CHECK(record_load("/dev/zero", -1, err, sizeof err) == NULL);
    CHECK_STR(err, "cannot read /dev/zero: not a regular file");
    snprintf(path, sizeof path, "%s/fifo", dir);
    CHECK_INT(mkfifo(path, 0600), 0);
    CHECK(record_load(path, -1, err, sizeof err) == NULL); /* at once, no writer needed */
    CHECK_HAS(err, "/fifo: not a regular file");
    unlink(path);
    snprintf(path, sizeof path, "%s/big.sgf", dir);
    FILE *f = fopen(path, "w");
    fputs("(;QG[loa]C[", f);
    for (int i = 0; i < RECORD_MAX_BYTES; i++)
        fputc('x', f);
    fputs("])", f);
    fclose(f);
    CHECK(record_load(path, -1, err, sizeof err) == NULL);
    CHECK_HAS(err, "/big.sgf: larger than 4194304 bytes, the limit for a record");
    f = fopen(path, "w");
    fwrite("(;QG[loa]\0C[x])", 1, 15, f);
    fclose(f);
    CHECK(record_load(path, -1, err, sizeof err) == NULL);
    CHECK_HAS(err, "/big.sgf: it holds a NUL byte, so it is not SGF text");
    unlink(path);
    CHECK(record_load(dir, -1, err, sizeof err) == NULL);
    CHECK_HAS(err, ": Is a directory");
    rmdir(dir);
}

/* A memory setting that cannot be had is refused, not found out later as
 * a random move. */
static void engine_memory(void)
{
    char err[GAME_ERR_MAX];
    engine *e = engine_new("ai", err, sizeof err);
    long phys = (long)((double)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE) / (1 << 20));
    char val[32], want[128];
    snprintf(val, sizeof val, "%ld", phys + 1);
    snprintf(want, sizeof want, "setting memory: %ld MB is more than this machine has (%ld MB)",
             phys + 1, phys);
    if (phys + 1 <= 65536) {
        CHECK_INT(engine_set(e, "memory", val, err, sizeof err), -1);
        CHECK_STR(err, want);
    }
    CHECK_INT(engine_set(e, "memory", "65537", err, sizeof err), -1);
    CHECK_STR(err, "memory must be 1..65536, not 65537");
    CHECK_INT(engine_set(e, "memory", "16", err, sizeof err), 0);
    char settings[512];
    engine_settings_text(e, settings, sizeof settings);
    CHECK_HAS(settings, "memory=16 ");
    engine_free(e);
}

static void *no_memory(void *p, size_t size)
{
    (void)p, (void)size;
    return NULL;
}

/* LOA without the repetition rule: a 4-ply cycle until the history's first
 * 256 plies are full. */
static void loa_fill_history(game *g, session *s)
{
    static const char *const cycle[] = {"b1-b3", "a2-c2", "b3-b1", "c2-a2"};
    char err[GAME_ERR_MAX];
    for (int i = 0; i < 256; i++) {
        err[0] = 0;
        int rc = g ? game_play_text(g, cycle[i % 4], err, sizeof err)
                   : session_play(s, i % 2, cycle[i % 4], 0, err, sizeof err);
        CHECK_INT(rc, 1);
        CHECK_STR(err, "");
    }
}

/* The move history once called exit(1) when it could not grow: now the
 * move is refused with "out of memory" and the game stays as it was. */
static void history_out_of_memory(void)
{
    game *g = test_game(ops_of("loa"), "repetition=0");
    char err[GAME_ERR_MAX];
    loa_fill_history(g, NULL);
    uint64_t h = g->ops->hash(g);
    movehist_realloc = no_memory;
    CHECK_INT(game_play_text(g, "b1-b3", err, sizeof err), -1);
    CHECK_STR(err, "out of memory");
    CHECK_INT(g->ops->ply(g), 256);
    CHECK(g->ops->hash(g) == h);
    CHECK(game_clone(g) == NULL);
    CHECK_INT(game_reserve(g, 1), -1);
    movehist_realloc = realloc;
    CHECK_INT(game_play_text(g, "b1-b3", err, sizeof err), 1);
    CHECK_INT(g->ops->ply(g), 257);
    game *c = game_clone(g);
    CHECK(c && c->ops->hash(c) == g->ops->hash(g) && c->ops->ply(c) == 257);
    game_free(c);
    game_free(g);

    /* a front end's session reports it as a refused move */
    session *s = session_new(test_game(ops_of("loa"), "repetition=0"), err, sizeof err);
    loa_fill_history(NULL, s);
    movehist_realloc = no_memory;
    CHECK_INT(session_play(s, 0, "b1-b3", 0, err, sizeof err), -1);
    CHECK_STR(err, "out of memory");
    CHECK_INT(session_ply(s), 256);
    movehist_realloc = realloc;
    CHECK_INT(session_play(s, 0, "b1-b3", 0, err, sizeof err), 1);
    session_free(s);
}

int main(void)
{
    RUN(y_row_digits);
    RUN(text_length_same_for_all);
    RUN(y_turn_count_stops);
    RUN(long_turn_not_echoed);
    RUN(lot_board_size);
    RUN(loa_repetition_one);
    RUN(sgf_limits);
    RUN(sgf_large_is_linear);
    RUN(record_file_limits);
    RUN(engine_memory);
    RUN(history_out_of_memory);
    return check_summary("test_limits");
}
