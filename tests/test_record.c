/* test_record.c - game records: SGF round trips for every registered game
 * and option set, the SGF reader's errors, atomic saves. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "game.h"
#include "record.h"
#include "sgf.h"
#include "rng.h"
#include "util.h"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[256];

/* ---- round trips ---- */

/* The option sets tried for a game: defaults, every choice of every enum
 * option, and both ends of every integer range (others at defaults). */
static int option_sets(const game_ops *ops, char sets[][GAME_MAX_OPTIONS][48], int max)
{
    int n = 0;
    n++; /* defaults: all empty */
    for (int k = 0; ops->options[k].name; k++) {
        const game_option *o = &ops->options[k];
        if (o->choices) {
            for (int c = 0; o->choices[c] && n < max; c++)
                snprintf(sets[n++][0], 48, "%s=%s", o->name, o->choices[c]);
        } else {
            if (n < max)
                snprintf(sets[n++][0], 48, "%s=%d", o->name, o->min);
            if (n < max)
                snprintf(sets[n++][0], 48, "%s=%d", o->name, o->max);
        }
    }
    return n;
}

static void random_moves(game *g, rng *r, int max)
{
    qmove moves[GAME_MAX_MOVES];
    for (int i = 0; i < max; i++) {
        int n = g->ops->legal_moves(g, moves);
        if (!n)
            break;
        g->ops->make(g, moves[rng_below(r, (uint32_t)n)]);
    }
}

static void check_same(const record *a, const record *b)
{
    const game *x = a->g, *y = b->g;
    CHECK(x->ops == y->ops);
    char t1[GAME_TEXT_MAX], t2[GAME_TEXT_MAX];
    game_options_text(x, t1, sizeof t1);
    game_options_text(y, t2, sizeof t2);
    CHECK_STR(t2, t1);
    x->ops->to_text(x, t1, sizeof t1);
    y->ops->to_text(y, t2, sizeof t2);
    CHECK_STR(t2, t1);
    CHECK(x->ops->hash(x) == y->ops->hash(y));
    CHECK_INT(y->ops->ply(y), x->ops->ply(x));
    int same = 1, notes = 1;
    for (int i = 0; i < x->ops->ply(x) && i < y->ops->ply(y); i++) {
        same &= x->ops->move_at(x, i) == y->ops->move_at(y, i);
        const char *n1 = record_note(a, i), *n2 = record_note(b, i);
        notes &= (!n1 && !n2) || (n1 && n2 && strcmp(n1, n2) == 0);
    }
    CHECK(same);
    CHECK(notes);
    CHECK_INT(record_result(b), record_result(a));
    CHECK_STR(b->player[0], a->player[0]);
    CHECK_STR(b->player[1], a->player[1]);
    CHECK_STR(b->date, a->date);
    CHECK((a->start == NULL) == (b->start == NULL));
    if (a->start && b->start)
        CHECK_STR(b->start, a->start);
}

static record *round_trip(const record *r)
{
    char *text = record_to_sgf(r);
    CHECK(text != NULL);
    if (!text)
        return NULL;
    char err[GAME_ERR_MAX];
    record *back = record_from_sgf(text, -1, err, sizeof err);
    if (!back)
        printf("  reload failed: %s\n%s\n", err, text);
    CHECK(back != NULL);
    if (back)
        check_same(r, back);
    free(text);
    return back;
}

static void test_round_trip_every_game(void)
{
    static char sets[64][GAME_MAX_OPTIONS][48];
    rng r;
    rng_seed(&r, 2024);
    int games_tried = 0;
    for (int gi = 0; game_registry[gi]; gi++) {
        const game_ops *ops = game_registry[gi];
        memset(sets, 0, sizeof sets);
        int nsets = option_sets(ops, sets, 64), created = 0;
        for (int si = 0; si < nsets; si++) {
            char *argv[1] = {sets[si][0]};
            char err[GAME_ERR_MAX];
            for (int rep = 0; rep < 4; rep++) {
                game *g = game_create(ops, sets[si][0][0] ? 1 : 0, argv, err, sizeof err);
                if (!g)
                    break; /* e.g. a size that another option's default does not allow */
                created++;
                record *rec = record_new(g);
                /* a start position set as text, taken from another random game */
                if (rep == 2) {
                    game *other = game_new_like(g);
                    random_moves(other, &r, 6);
                    char pos[GAME_TEXT_MAX];
                    other->ops->to_text(other, pos, sizeof pos);
                    CHECK_INT(record_set_position(rec, pos, err, sizeof err), 0);
                    game_free(other);
                }
                snprintf(rec->player[0], sizeof rec->player[0], "first [with] \\ brackets");
                snprintf(rec->player[1], sizeof rec->player[1], "second %d", rep);
                /* whole random games, and one cut short */
                int max = rep == 1 ? 7 : 2000;
                qmove moves[GAME_MAX_MOVES];
                for (int i = 0; i < max; i++) {
                    int n = rec->g->ops->legal_moves(rec->g, moves);
                    if (!n)
                        break;
                    char note[64];
                    snprintf(note, sizeof note, "note %d ] \\ end", i);
                    /* a comment belongs to a turn (one SGF node): only a move
                     * that ends its turn carries one */
                    qmove m = moves[rng_below(&r, (uint32_t)n)];
                    game *cur = rec->g;
                    int mover = cur->ops->to_move(cur);
                    cur->ops->make(cur, m);
                    int ends_turn = cur->ops->result(cur) != RESULT_NONE ||
                                    cur->ops->to_move(cur) != mover;
                    cur->ops->unmake(cur);
                    record_make(rec, m, ends_turn && i % 3 == 0 ? note : NULL);
                }
                /* a resignation, unless the short game already ended on the board */
                int resigned = rep == 1 && rec->g->ops->result(rec->g) == RESULT_NONE;
                if (resigned)
                    record_set_off_board(rec, RESULT_SECOND, 'R');
                record *back = round_trip(rec);
                if (back && resigned) {
                    char why[GAME_ERR_MAX], re[32];
                    record_result_reason(back, why, sizeof why);
                    CHECK_HAS(why, "resigned");
                    record_result_sgf(back, re, sizeof re);
                    CHECK_STR(re, "W+R");
                }
                /* and a second generation is identical too */
                if (back)
                    record_free(round_trip(back));
                record_free(back);
                record_free(rec);
            }
        }
        CHECK(created > 0);
        games_tried++;
    }
    CHECK(games_tried > 0);
}

static void test_loa_sgf_form(void)
{
    game *g = game_create_default(game_find("loa"));
    record *r = record_new(g);
    char err[GAME_ERR_MAX];
    CHECK_INT(record_play_text(r, "c8xa6", err, sizeof err), 1);
    CHECK_INT(record_play_text(r, "a5-c5", err, sizeof err), 1);
    char *text = record_to_sgf(r);
    CHECK_HAS(text, "GM[9]");
    CHECK_HAS(text, "SZ[8]");
    CHECK_HAS(text, "QG[loa]");
    CHECK_HAS(text, "QO[simultaneous=draw nomove=pass repetition=3]");
    CHECK_HAS(text, "AP[quartet:");
    CHECK_HAS(text, ";B[c8:a6]");
    CHECK_HAS(text, ";W[a5-c5]");
    CHECK(strstr(text, "RE[") == NULL);
    free(text);
    record_free(r);
}

static record *from(const char *text, int max, char *err)
{
    return record_from_sgf(text, max, err, GAME_ERR_MAX);
}

static void test_reader_leniency(void)
{
    char err[GAME_ERR_MAX];
    /* FF[3]-style identifiers, annotations, escapes, a soft line break,
     * a variation (the first one is the main line), a second game tree */
    record *r = from("junk before\n(;FF[3]GaMe[9]PlayerBlack[Ann\\]e]\n;B[C8-C6+!]C[one \\\\ two\\\n three]"
                     "(;W[a6-c4];B[c6:a6])(;W[a5-c5]))(;GM[9];B[b1-b3])", -1, err);
    CHECK(r != NULL);
    if (!r) {
        printf("  %s\n", err);
        return;
    }
    strbuf mv = STRBUF_INIT;
    CHECK(record_moves_text(r, &mv) == 0);
    CHECK_STR(strbuf_str(&mv), "c8-c6 a6-c4 c6-a6");
    strbuf_free(&mv);
    CHECK_STR(r->player[0], "Ann]e");
    CHECK_STR(record_note(r, 0), "one \\ two three");
    record_free(r);
    /* load only the first turns */
    r = from("(;GM[9];B[c8-c6];W[a6-c4];B[c6:a6]RE[B+])", 2, err);
    CHECK(r && r->g->ops->ply(r->g) == 2);
    record_free(r);
    r = from("(;GM[9];B[c8-c6];W[a6-c4];B[c6:a6])", 0, err);
    CHECK(r && r->g->ops->ply(r->g) == 0);
    record_free(r);
    /* an SGF draw and time-loss result */
    r = from("(;GM[9]RE[W+T];B[c8-c6])", -1, err);
    CHECK(r && record_result(r) == RESULT_SECOND);
    if (r) {
        char why[128];
        record_result_reason(r, why, sizeof why);
        CHECK_STR(why, "Black lost on time");
    }
    record_free(r);
}

static void expect_error(const char *text, const char *fragment)
{
    char err[GAME_ERR_MAX] = "";
    record *r = record_from_sgf(text, -1, err, sizeof err);
    CHECK(r == NULL);
    CHECK_HAS(err, fragment);
    record_free(r);
}

static void test_reader_errors(void)
{
    expect_error("", "line 1: no SGF game tree found");
    expect_error("hello (world)", "no SGF game tree found");
    expect_error("(;GM[9];B[c8-c6]", "line 1: unexpected end of file: the game tree opened on line 1");
    expect_error("(;GM[9]\n;B[c8-c6\n", "line 3: unexpected end of file in a value begun on line 2");
    expect_error("(;GM[9];B[c8-c6]W)", "line 1: property W has no value");
    expect_error("(;GM[9];B[c8-c6]C[a]C[b])", "property C appears twice in one node");
    expect_error("(;GM[9];B[c8-c6]}", "unexpected '}'");
    expect_error("(GM[9])", "no SGF game tree found");
    expect_error("(\n ;GM[9] ;B[c8-c6] (x))", "line 2: a game tree must start with a node");
    expect_error("(;QG[chess])", "line 1: unknown game 'chess' (known: loa");
    expect_error("(;FF[4]\nGM[1])", "line 2: unknown game GM[1]");
    expect_error("(;GM[x])", "GM[x] is not a number");
    expect_error("(;FF[4];B[c8-c6])", "the record names no game");
    expect_error("(;GM[3]QG[loa])", "GM[3] does not match QG[loa]");
    expect_error("(;FF[9]GM[9])", "FF[9]");
    expect_error("(;GM[9]SZ[9])", "SZ[9]: loa is played on a board of size 8");
    expect_error("(;GM[9]QO[speed=3])", "unknown option 'speed'");
    expect_error("(;GM[9]QO[repetition=500])", "out of range");
    expect_error("(;GM[9]QP[garbage])", "QP[]: position:");
    expect_error("(;GM[9]AB[c4])", "setup property AB[] is not supported");
    expect_error("(;GM[9]\n;B[c8-c6]\n;W[a6-c4]\n\n;B[c6-c1]\n)", "line 5: illegal move B[c6-c1]");
    expect_error("(;GM[9];B[c8-c6]W[a6-c4])", "B[] and W[] in one node");
    expect_error("(;GM[9];W[a6-c4])", "W[a6-c4], but Black is to move");
    expect_error("(;GM[9];B[])", "empty move");
    expect_error("(;GM[9];B[c8-c6][c8-c5])", "exactly one value");
    expect_error("(;GM[9];B[c8-c6,a6-c4])", "the turn is over before 'a6-c4'");
    expect_error("(;GM[9];B[resign];W[a6-c4])", "after the game ended by resignation");
    expect_error("(;GM[9]RE[banana];B[c8-c6])", "RE[banana] is not a result");
    /* a finished game whose RE disagrees with the board */
    expect_error("(;GM[9]QP[7w/8/7w/8/8/8/2b5/b7 b]RE[W+];B[c2-b2])",
                 "RE[W+] contradicts the end of the game (1-0: Black connects all pieces)");
    expect_error("(;GM[9]QP[7w/8/7w/8/8/8/2b5/b7 b];B[c2-b2];W[h8-g8])", "the game is already over");
    char nested[5000];
    size_t k = 0;
    for (int i = 0; i < 1200; i++) {
        nested[k++] = '(';
        nested[k++] = ';';
    }
    nested[k] = 0;
    expect_error(nested, "nested too deeply");
}

static void test_resign_in_moves(void)
{
    char err[GAME_ERR_MAX];
    /* a player may resign at any time, on turn or not */
    record *r = from("(;GM[9]RE[W+R];B[c8-c6];B[resign])", -1, err);
    CHECK(r && record_result(r) == RESULT_SECOND && r->g->ops->ply(r->g) == 1);
    record_free(r);
    r = from("(;GM[9]RE[B+];B[c8-c6];B[resign])", -1, err);
    CHECK(r == NULL);
    CHECK_HAS(err, "RE[B+] contradicts the resignation");
    r = from("(;GM[9]RE[W+R];B[c8-c6];W[a6-c4];B[resign])", -1, err);
    CHECK(r != NULL);
    if (r) {
        CHECK_INT(record_result(r), RESULT_SECOND);
        char re[16];
        record_result_sgf(r, re, sizeof re);
        CHECK_STR(re, "W+R");
    }
    record_free(r);
}

/* Every prefix of a saved record is refused cleanly (no crash, no game). */
static void test_truncated_files(void)
{
    game *g = game_create_default(game_find("loa"));
    record *r = record_new(g);
    char err[GAME_ERR_MAX];
    qmove m[GAME_MAX_MOVES];
    rng rr;
    rng_seed(&rr, 5);
    for (int i = 0; i < 20 && r->g->ops->legal_moves(r->g, m); i++)
        record_make(r, m[rng_below(&rr, (uint32_t)r->g->ops->legal_moves(r->g, m))], "c]");
    char *text = record_to_sgf(r);
    size_t full = strlen(text);
    CHECK(text[full - 2] == ')');
    int refused = 0;
    for (size_t len = 0; len + 1 < full; len++) {
        char saved = text[len];
        text[len] = 0;
        record *t = record_from_sgf(text, -1, err, sizeof err);
        refused += t == NULL;
        record_free(t);
        text[len] = saved;
    }
    CHECK_INT(refused, (long long)full - 1);
    free(text);
    record_free(r);
}

/* ---- files ---- */

static int temp_files_left(void)
{
    DIR *d = opendir(tmpdir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += strstr(e->d_name, ".tmp.") != NULL;
    if (d)
        closedir(d);
    return n;
}

static void test_save_and_load_files(void)
{
    char path[512], err[1024];
    game *g = game_create_default(game_find("loa"));
    record *r = record_new(g);
    record_play_text(r, "c8-c6", err, sizeof err);
    /* a folder that does not exist: refused, nothing created */
    snprintf(path, sizeof path, "%s/missing/game.sgf", tmpdir);
    CHECK_INT(record_save(r, path, err, sizeof err), -1);
    CHECK_HAS(err, "cannot write");
    CHECK_HAS(err, "No such file or directory");
    struct stat st;
    CHECK(stat(path, &st) != 0);
    /* over an existing file: replaced whole */
    snprintf(path, sizeof path, "%s/game.sgf", tmpdir);
    CHECK_INT(util_write_file_atomic(path, "OLD RECORD, much longer than nothing at all\n", 44), 0);
    CHECK_INT(record_save(r, path, err, sizeof err), 0);
    char *disk = util_read_file(path, NULL), *text = record_to_sgf(r);
    CHECK_STR(disk, text);
    free(disk);
    free(text);
    CHECK_INT(temp_files_left(), 0);
    record *back = record_load(path, -1, err, sizeof err);
    CHECK(back != NULL);
    if (back)
        check_same(r, back);
    record_free(back);
    /* a write that fails half-way (file size limit) leaves the old file */
    CHECK_INT(util_write_file_atomic(path, "OLD", 3), 0);
    for (int i = 0; i < 30; i++) {
        qmove m[GAME_MAX_MOVES];
        int n = r->g->ops->legal_moves(r->g, m);
        if (n)
            record_make(r, m[0], "a comment to make the record longer than the limit");
    }
    struct rlimit old, lim;
    getrlimit(RLIMIT_FSIZE, &old);
    lim = old;
    lim.rlim_cur = 100;
    signal(SIGXFSZ, SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &lim);
    int rc = record_save(r, path, err, sizeof err);
    setrlimit(RLIMIT_FSIZE, &old);
    CHECK_INT(rc, -1);
    disk = util_read_file(path, NULL);
    CHECK_STR(disk, "OLD");
    free(disk);
    CHECK_INT(temp_files_left(), 0);
    /* a path that is a folder: refused, the folder untouched */
    CHECK_INT(record_save(r, tmpdir, err, sizeof err), -1);
    CHECK(stat(tmpdir, &st) == 0 && S_ISDIR(st.st_mode));
    CHECK_INT(temp_files_left(), 0);
    /* loading what is not there or not a record */
    snprintf(path, sizeof path, "%s/none.sgf", tmpdir);
    back = record_load(path, -1, err, sizeof err);
    CHECK(back == NULL);
    CHECK_HAS(err, "cannot read");
    snprintf(path, sizeof path, "%s/bad.sgf", tmpdir);
    util_write_file_atomic(path, "(;GM[9]\n;B[c8-c6]\n;W[zz])", 25);
    back = record_load(path, -1, err, sizeof err);
    CHECK(back == NULL);
    CHECK_HAS(err, "bad.sgf: line 3: illegal move W[zz]");
    record_free(r);
}

static void test_notes_follow_the_moves(void)
{
    game *g = game_create_default(game_find("loa"));
    record *r = record_new(g);
    char err[GAME_ERR_MAX];
    qmove m;
    g->ops->move_from_text(g, "c8-c6", &m, err, sizeof err);
    record_make(r, m, "first");
    CHECK_STR(record_note(r, 0), "first");
    record_undo_turn(r);
    CHECK(record_note(r, 0) == NULL);
    record_play_text(r, "c8-c6", err, sizeof err);
    CHECK(record_note(r, 0) == NULL); /* an undone comment does not come back */
    record_free(r);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/quartet-record-XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_round_trip_every_game);
    RUN(test_loa_sgf_form);
    RUN(test_reader_leniency);
    RUN(test_reader_errors);
    RUN(test_resign_in_moves);
    RUN(test_truncated_files);
    RUN(test_save_and_load_files);
    RUN(test_notes_follow_the_moves);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("could not remove %s\n", tmpdir);
    return check_summary("test_record");
}
