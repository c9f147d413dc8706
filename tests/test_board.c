/* test_board.c - the board descriptions and click paths graphical front
 * ends draw from: exact cells, positions, contents, marks, labels and
 * lines, and for every legal move a path of clicks that names it alone. */
#include "check.h"
#include "gametest.h"
#include "rng.h"

#include <stdlib.h>

static game_board board;

/* "name@x,y" per cell, "h" for a hexagon, ":0s" player and piece
 * (piece, stone, disc, tower), "+N" marks; then labels and lines. */
static const char *dump(const game *g)
{
    static char out[32768];
    out[0] = 0;
    if (game_describe(g, &board) != 0)
        return "no description";
    util_str_appendf(out, sizeof out, "%s %gx%g:", board.kind, board.width, board.height);
    for (int i = 0; i < board.ncells; i++) {
        const game_cell *c = &board.cells[i];
        util_str_appendf(out, sizeof out, " %s@%g,%g%s", c->name, c->x, c->y,
                         c->shape == GAME_SHAPE_HEX ? "h" : "");
        if (c->size != 1)
            util_str_appendf(out, sizeof out, "s%g", c->size);
        if (c->player >= 0)
            util_str_appendf(out, sizeof out, ":%d%c", c->player, "psdt"[c->piece]);
        if (c->marks)
            util_str_appendf(out, sizeof out, "+%u", c->marks);
    }
    util_str_appendf(out, sizeof out, " |");
    for (int i = 0; i < board.nlabels; i++)
        util_str_appendf(out, sizeof out, " %s@%g,%g", board.labels[i].text, board.labels[i].x,
                         board.labels[i].y);
    for (int i = 0; i < board.nlines; i++)
        util_str_appendf(out, sizeof out, " | %s %s-%s", board.lines[i].kind, board.lines[i].from,
                         board.lines[i].to);
    return out;
}

/* "text=click/click" for every legal move, space-separated. */
static const char *paths(const game *g)
{
    static char out[65536];
    qmove mv[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, mv);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        game_click c[GAME_MAX_CLICKS];
        char t[GAME_MOVE_TEXT_MAX];
        int k = g->ops->clicks(g, mv[i], c);
        g->ops->move_to_text(g, mv[i], t, sizeof t);
        util_str_appendf(out, sizeof out, "%s%s=", i ? " " : "", t);
        for (int j = 0; j < k; j++)
            util_str_appendf(out, sizeof out, "%s%s%s%s", j ? "/" : "",
                             c[j].cell[0] ? c[j].cell : c[j].choice, c[j].cell[0] ? "" : ":",
                             c[j].cell[0] ? "" : c[j].label);
    }
    return out;
}

/* Cell c's contents and marks, e.g. "0p", "-", "1t+1". */
static const char *cell(const game *g, const char *name)
{
    static char out[32];
    game_describe(g, &board);
    int i = game_board_find(&board, name);
    if (i < 0)
        return "none";
    const game_cell *c = &board.cells[i];
    snprintf(out, sizeof out, "%s", "-");
    if (c->player >= 0)
        snprintf(out, sizeof out, "%d%c", c->player, "psdt"[c->piece]);
    if (c->marks)
        util_str_appendf(out, sizeof out, "+%u", c->marks);
    return out;
}

static void test_loa_square_board(void)
{
    game *g = test_game(game_find("loa"), "");
    CHECK_HAS(dump(g), "square 10x10: a1@1,8 b1@2,8:0p c1@3,8:0p ");
    CHECK_INT(board.ncells, 64);
    CHECK_INT(board.nlabels, 32);
    CHECK_INT(board.nlines, 0);
    CHECK_HAS(dump(g), " a8@1,1 b8@2,1:0p ");
    CHECK_HAS(dump(g), " h8@8,1 | a@1.5,0.5 a@1.5,9.5 b@2.5,0.5");
    CHECK_HAS(dump(g), " 8@0.5,1.5 8@9.5,1.5");
    CHECK_STR(cell(g, "a2"), "1p");
    CHECK_STR(cell(g, "h7"), "1p");
    CHECK_STR(cell(g, "d4"), "-");
    test_play(g, "c1-c3");
    CHECK_STR(cell(g, "c1"), "-+1");
    CHECK_STR(cell(g, "c3"), "0p+1");
    CHECK_STR(cell(g, "d1"), "0p");
    test_play(g, "h3xf1");
    CHECK_STR(cell(g, "h3"), "-+1");
    CHECK_STR(cell(g, "f1"), "1p+1");
    CHECK_STR(cell(g, "c3"), "0p");
    game_free(g);
}

static void test_loa_clicks(void)
{
    game *g = test_game(game_find("loa"), "");
    CHECK_HAS(paths(g), "b1-h1=b1/h1 b1-b3=b1/b3 ");
    CHECK_HAS(paths(g), " c8xa6=c8/a6 ");
    /* Black's two pieces are boxed in by White's: a pass is all */
    test_set_pos(g, "6wb/6ww/8/8/8/8/ww6/bw6 b");
    CHECK_STR(paths(g), "pass=pass:Pass");
    game_free(g);
}

static void test_y_triangle(void)
{
    game *g = test_game(game_find("y"), "size=3");
    test_play(g, "b2");
    /* rows 1.5 apart, neighbours sqrt(3) apart, row 1 at the bottom */
    CHECK_STR(dump(g), "triangle 6.9282x7: a1@2.598,4.5h b1@4.33,4.5h c1@6.062,4.5h "
                       "b2@3.464,3h:0s+1 c2@5.196,3h c3@4.33,1.5h | a@2.598,6 b@4.33,6 "
                       "c@6.062,6 1@0.866,4.5 2@1.732,3 3@2.598,1.5");
    CHECK_STR(paths(g), "a1=a1 b1=b1 c1=c1 c2=c2 c3=c3 swap=swap:Swap colours");
    test_play(g, "swap");
    CHECK_STR(cell(g, "b2"), "1s+1");
    CHECK_STR(paths(g), "a1=a1 b1=b1 c1=c1 c2=c2 c3=c3");
    game_free(g);
    g = test_game(game_find("y"), "size=26");
    dump(g);
    CHECK_INT(board.ncells, 351);
    CHECK_INT(board.nlabels, 52);
    CHECK_STR(board.cells[350].name, "z26");
    game_free(g);
}

static void test_lot_towers(void)
{
    game *g = test_game(game_find("lot"), "");
    CHECK_HAS(dump(g), "square 9x9: a1@1,7 ");
    CHECK_INT(board.ncells, 49);
    CHECK_INT(board.nlabels, 28);
    test_play(g, "d4 a1 e4 a2");
    CHECK_HAS(paths(g), " c4+c4-d4-e4=c4/c4/d4/e4 c4+d4-c4-e4=c4/d4/c4/e4 "
                        "c4+e4-c4-d4=c4/e4/c4/d4 f4+d4-e4-f4=f4/d4/e4/f4 ");
    CHECK_HAS(paths(g), " g4=g4 ");
    test_play(g, "f4+e4-d4-f4");
    CHECK_STR(cell(g, "e4"), "0t+1");
    CHECK_STR(cell(g, "d4"), "-+1");
    CHECK_STR(cell(g, "f4"), "-");
    CHECK_STR(cell(g, "a2"), "1d");
    game_free(g);
    g = test_game(game_find("lot"), "");
    test_play(g, "d4");
    CHECK_HAS(paths(g), "swap=swap:Swap sides a1=a1 ");
    game_free(g);
}

static void test_coffee_hex(void)
{
    game *g = test_game(game_find("coffee"), "size=2 n=2");
    CHECK_HAS(dump(g), "hex 8.66025x7: a1@3.464,4.5h+4 b1@5.196,4.5h+4 a2@2.598,3h+4 ");
    test_play(g, "b2h");
    CHECK_STR(dump(g), "hex 8.66025x7: a1@3.464,4.5h b1@5.196,4.5h a2@2.598,3h+4 "
                       "b2@4.33,3h:0d+3 c2@6.062,3h+4 b3@3.464,1.5h c3@5.196,1.5h | "
                       "a@4.33,6 b@6.062,6 c@6.928,4.5 1@1.732,4.5 2@0.866,3 3@1.732,1.5 "
                       "| bar a2-c2");
    CHECK_STR(paths(g), "a2h=a2/h:horizontal a2d=a2/d:rising to the right "
                        "a2a=a2/a:rising to the left c2h=c2/h:horizontal "
                        "c2d=c2/d:rising to the right c2a=c2/a:rising to the left");
    test_play(g, "a2d");
    /* the bar runs a2-b3; Black's b3 would make two in a row: a winning cell alone */
    CHECK_HAS(dump(g), "| bar a2-b3");
    CHECK_STR(cell(g, "a2"), "1d+3");
    CHECK_STR(cell(g, "b2"), "0d");
    CHECK_STR(paths(g), "b3=b3");
    test_play(g, "b3");
    CHECK_STR(cell(g, "b3"), "0d+3");
    CHECK_INT(board.nlines, 0);
    CHECK_STR(paths(g), "");
    game_free(g);
    g = test_game(game_find("coffee"), "size=10");
    dump(g);
    CHECK_INT(board.ncells, 271);
    CHECK_INT(board.nlabels, 38);
    game_free(g);
}

static void test_coffee_square(void)
{
    game *g = test_game(game_find("coffee"), "board=square size=3 pie=1");
    test_play(g, "b2d");
    CHECK_STR(dump(g), "square 5x5: a1@1,3+4 b1@2,3 c1@3,3 a2@1,2 b2@2,2:0d+3 c2@3,2 "
                       "a3@1,1 b3@2,1 c3@3,1+4 | a@1.5,0.5 a@1.5,4.5 b@2.5,0.5 b@2.5,4.5 "
                       "c@3.5,0.5 c@3.5,4.5 1@0.5,3.5 1@4.5,3.5 2@0.5,2.5 2@4.5,2.5 "
                       "3@0.5,1.5 3@4.5,1.5 | bar a1-c3");
    CHECK_STR(paths(g), "swap=swap:Swap colours a1h=a1/h:horizontal a1v=a1/v:vertical "
                        "a1d=a1/d:diagonal a1-b2 c3h=c3/h:horizontal c3v=c3/v:vertical "
                        "c3d=c3/d:diagonal a1-b2");
    test_play(g, "swap");
    CHECK_STR(cell(g, "b2"), "1d+3");
    game_free(g);
}

/* Every game, several option sets: cell names are unique, click paths name
 * board cells, and no path is another's or the start of another. */
static int prefix_of(const game_click *a, int na, const game_click *b, int nb)
{
    if (na > nb)
        return 0;
    for (int i = 0; i < na; i++)
        if (strcmp(a[i].cell, b[i].cell) != 0 ||
            (!a[i].cell[0] && strcmp(a[i].choice, b[i].choice) != 0))
            return 0;
    return 1;
}

static int paths_sound(const game *g)
{
    static game_click c[GAME_MAX_MOVES][GAME_MAX_CLICKS];
    static int k[GAME_MAX_MOVES];
    qmove mv[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, mv), ok = 1;
    game_describe(g, &board);
    for (int i = 0; i < board.ncells; i++)
        for (int j = 0; j < i; j++)
            ok &= strcmp(board.cells[i].name, board.cells[j].name) != 0;
    for (int i = 0; i < n; i++) {
        k[i] = g->ops->clicks(g, mv[i], c[i]);
        ok &= k[i] >= 1 && k[i] <= GAME_MAX_CLICKS;
        for (int j = 0; j < k[i]; j++)
            ok &= c[i][j].cell[0] ? game_board_find(&board, c[i][j].cell) >= 0
                                  : c[i][j].choice && c[i][j].label;
    }
    for (int i = 0; i < n && ok; i++)
        for (int j = 0; j < n; j++)
            if (i != j && prefix_of(c[i], k[i], c[j], k[j]))
                ok = 0;
    return ok;
}

static void test_paths_prefix_free(void)
{
    static const char *const cases[][2] = {
        {"loa", ""},       {"y", "size=5"},  {"y", "size=4 variant=double"},
        {"lot", ""},       {"coffee", "size=3"}, {"coffee", "board=square size=4 n=3"},
    };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        game *g = test_game(game_find(cases[t][0]), cases[t][1]);
        rng r;
        rng_seed(&r, 7 + t);
        qmove mv[GAME_MAX_MOVES];
        int n, plies = 0;
        while ((n = g->ops->legal_moves(g, mv)) > 0 && plies < 60) {
            if (!paths_sound(g)) {
                printf("  %s %s: unsound paths at ply %d\n", cases[t][0], cases[t][1], plies);
                CHECK(0);
                break;
            }
            g->ops->make(g, mv[rng_next(&r) % (uint64_t)n]);
            plies++;
        }
        CHECK(plies > 5);
        game_free(g);
    }
}

/* The text drawing with the last turn bracketed: what the moves changed,
 * every stone of a two-stone turn, a tower move's cells, Coffee's last
 * piece; nothing without marks or before the first move. */
static const char *marked(const game_ops *ops, const char *opts, const char *turns, int mark)
{
    static char out[GAME_RENDER_MAX];
    game *g = test_game(ops, opts);
    CHECK_INT(test_play(g, turns), 0);
    game_render(g, mark, out, sizeof out);
    game_free(g);
    return out;
}

static void test_render_marks(void)
{
    CHECK_STR(strstr(marked(game_find("loa"), "", "b1-b3 h2-f2", 1), " 3 "),
              " 3  W B . . . . . W  3\n"
              " 2  W . . . .[W].[.] 2\n"
              " 1  . . B B B B B .  1\n"
              "    a b c d e f g h\n"
              "Black (B): 12 pieces, White (W): 12 pieces\n");
    CHECK(strchr(marked(game_find("loa"), "", "b1-b3 h2-f2", 0), '[') == NULL);
    CHECK(strchr(marked(game_find("loa"), "", "", 1), '[') == NULL);
    CHECK_STR(marked(game_find("y"), "size=5 variant=double", "c2 c3,e4", 1),
              "     5 e .  5\n"
              "    4 d .[W] 4\n"
              "   3 c[W]. .  3\n"
              "  2 b . B . .  2\n"
              " 1 a . . . . .  1\n"
              "     a b c d e\n"
              "Black (B): 1 stone, White (W): 2 stones\n"
              "Turn 3: Black places 2 stones; 0 placed, 2 to go\n");
    CHECK_STR(strstr(marked(game_find("lot"), "pie=0", "c2 c3 d2 c1 b2+d2-b2-c2", 1), " 3 "),
              " 3  . . b . . . .  3\n"
              " 2  .[. . W]. . .  2\n"
              " 1  . . b . . . .  1\n"
              "    a b c d e f g\n"
              "w b = single disc, W B = tower (two discs).  White: 0 discs, 1 tower.  "
              "Black: 2 discs, 0 towers.\n");
    CHECK_STR(marked(game_find("coffee"), "", "d4h c4h", 1),
              " 7     . . . .  7\n"
              " 6    . . . . .  6\n"
              " 5   . . . . . .  5\n"
              " 4  * *[O]B * * *  4\n"
              " 3   . . . . . .  3\n"
              " 2    . . . . .  2\n"
              " 1     . . . .  1\n"
              "        a b c d e f g\n"
              "B Black, O Orange, [ ] the last piece (the bar's), * where Black may place\n"
              "Bar: on c4 along h (horizontal). 4 in a row wins.\n");
}

int main(void)
{
    RUN(test_loa_square_board);
    RUN(test_loa_clicks);
    RUN(test_y_triangle);
    RUN(test_lot_towers);
    RUN(test_coffee_hex);
    RUN(test_coffee_square);
    RUN(test_paths_prefix_free);
    RUN(test_render_marks);
    return check_summary("test_board");
}
