/* webjson.c - the catalogue and the game state as JSON (see webjson.h). */
#include "web/webjson.h"

#include <stdlib.h>
#include <string.h>

static const char *const shape_names[] = {"square", "hex"};
static const char *const piece_names[] = {"piece", "stone", "disc", "tower"};
static const struct {
    unsigned bit;
    const char *name;
} mark_names[] = {{GAME_MARK_LAST, "last"}, {GAME_MARK_BAR, "bar"}, {GAME_MARK_ALLOWED, "allowed"}};

char *webjson_dump(const json_t *j) { return json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(6)); }

/* The length of the well-formed UTF-8 character at s (RFC 3629: no
 * overlong forms, no surrogates, nothing past U+10FFFF), 0 if there is none. */
static int utf8_char_len(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    int n = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
            : s[0] >= 0xF0 && s[0] <= 0xF4                               ? 4
                                                                          : 0;
    unsigned lo = 0x80, hi = 0xBF; /* the second byte's range */
    if (s[0] == 0xE0)
        lo = 0xA0;
    else if (s[0] == 0xED)
        hi = 0x9F;
    else if (s[0] == 0xF0)
        lo = 0x90;
    else if (s[0] == 0xF4)
        hi = 0x8F;
    for (int i = 1; i < n; i++)
        if (s[i] < (i == 1 ? lo : 0x80) || s[i] > (i == 1 ? hi : 0xBF))
            return 0;
    return n;
}

json_t *webjson_text(const char *text)
{
    size_t len = strlen(text);
    char *t = malloc(len + 1);
    if (!t)
        return NULL;
    memcpy(t, text, len + 1);
    for (unsigned char *p = (unsigned char *)t; *p;) {
        int n = utf8_char_len(p);
        if (n == 0)
            *p++ = '?';
        else
            p += n;
    }
    json_t *j = json_string(t);
    free(t);
    return j;
}

void webjson_move_text(const game *g, qmove m, char *buf, size_t len)
{
    buf[0] = 0;
    if (m != QMOVE_NONE)
        g->ops->move_to_text(g, m, buf, len);
}

/* An option whose default is decided by the others (Coffee's size 0: 4 on
 * hex) also says what a game made with every default has ("resolved"), so a
 * page can tell a value the player set from one the default came to. */
static json_t *option_json(const game_option *o, const game *defaults)
{
    json_t *j = json_pack("{s:s, s:s}", "name", o->name, "help", o->help);
    if (o->choices) {
        json_t *c = json_array();
        for (int i = 0; o->choices[i]; i++)
            json_array_append_new(c, json_string(o->choices[i]));
        json_object_set_new(j, "choices", c);
        json_object_set_new(j, "default", json_string(o->choices[o->def]));
    } else {
        json_object_set_new(j, "min", json_integer(o->min));
        json_object_set_new(j, "max", json_integer(o->max));
        json_object_set_new(j, "default", json_integer(o->def));
    }
    char buf[64], def[32];
    const char *v = defaults ? game_option_value(defaults, o->name, buf, sizeof buf) : NULL;
    snprintf(def, sizeof def, "%d", o->def);
    if (v && strcmp(v, o->choices ? o->choices[o->def] : def) != 0)
        json_object_set_new(j, "resolved", json_string(v));
    return j;
}

json_t *webjson_catalog(void)
{
    json_t *games = json_array();
    for (int i = 0; game_registry[i]; i++) {
        const game_ops *ops = game_registry[i];
        json_t *opts = json_array();
        game *defaults = game_create_default(ops);
        for (const game_option *o = ops->options; o->name; o++)
            json_array_append_new(opts, option_json(o, defaults));
        game_free(defaults);
        json_array_append_new(games, json_pack("{s:s, s:s, s:[s,s], s:o}", "name", ops->name,
                                               "title", ops->title, "colours", ops->colour[0],
                                               ops->colour[1], "options", opts));
    }
    return json_pack("{s:o}", "games", games);
}

static json_t *cell_json(const game_cell *c)
{
    json_t *marks = json_array();
    for (size_t k = 0; k < sizeof mark_names / sizeof mark_names[0]; k++)
        if (c->marks & mark_names[k].bit)
            json_array_append_new(marks, json_string(mark_names[k].name));
    json_t *piece = c->player < 0 ? json_null()
                                  : json_pack("{s:i, s:s}", "player", c->player, "kind",
                                              piece_names[c->piece]);
    return json_pack("{s:s, s:f, s:f, s:s, s:f, s:o, s:o}", "name", c->name, "x", c->x, "y",
                     c->y, "shape", shape_names[c->shape], "size", c->size, "piece", piece,
                     "marks", marks);
}

/* The position as cells, labels and lines; over: the game has ended (on the
 * board or off it), so no cell is one the next move may take. */
static json_t *board_json(const game *g, int over)
{
    game_board *b = malloc(sizeof *b);
    if (!b || game_describe(g, b) != 0) {
        free(b);
        return json_null();
    }
    json_t *cells = json_array(), *labels = json_array(), *lines = json_array();
    for (int i = 0; i < b->ncells; i++) {
        if (over)
            b->cells[i].marks &= ~GAME_MARK_ALLOWED;
        json_array_append_new(cells, cell_json(&b->cells[i]));
    }
    for (int i = 0; i < b->nlabels; i++)
        json_array_append_new(labels, json_pack("{s:s, s:f, s:f}", "text", b->labels[i].text,
                                                "x", b->labels[i].x, "y", b->labels[i].y));
    for (int i = 0; i < b->nlines; i++)
        json_array_append_new(lines, json_pack("{s:s, s:s, s:s}", "from", b->lines[i].from,
                                               "to", b->lines[i].to, "kind", b->lines[i].kind));
    json_t *j = json_pack("{s:s, s:f, s:f, s:o, s:o, s:o}", "kind", b->kind, "width", b->width,
                          "height", b->height, "cells", cells, "labels", labels, "lines", lines);
    free(b);
    return j;
}

json_t *webjson_clicks(const game *g, qmove m)
{
    json_t *clicks = json_array();
    game_click c[GAME_MAX_CLICKS];
    int k = g->ops->clicks ? g->ops->clicks(g, m, c) : 0;
    for (int j = 0; j < k; j++)
        json_array_append_new(clicks, c[j].cell[0] ? json_string(c[j].cell)
                                                   : json_pack("{s:s, s:s}", "choice",
                                                               c[j].choice, "label", c[j].label));
    return clicks;
}

static json_t *moves_json(const game *g)
{
    json_t *list = json_array();
    if (!g->ops->clicks)
        return list;
    qmove *mv = malloc(GAME_MAX_MOVES * sizeof *mv);
    int n = mv ? g->ops->legal_moves(g, mv) : 0;
    for (int i = 0; i < n; i++) {
        char text[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, mv[i], text, sizeof text);
        json_array_append_new(list, json_pack("{s:s, s:o}", "text", text, "clicks",
                                              webjson_clicks(g, mv[i])));
    }
    free(mv);
    return list;
}

/* The moves made, one entry per ply. */
static json_t *turns_json(const game *g)
{
    json_t *list = json_array();
    game_step *st = game_steps(g, 0, 0);
    for (int i = 0; st && i < g->ops->ply(g); i++)
        json_array_append_new(list, json_pack("{s:i, s:s}", "player", st[i].mover, "text",
                                              st[i].text));
    free(st);
    return list;
}

static json_t *options_json(const game *g)
{
    json_t *o = json_object();
    char buf[64];
    for (const game_option *opt = g->ops->options; opt->name; opt++) {
        const char *v = game_option_value(g, opt->name, buf, sizeof buf);
        json_object_set_new(o, opt->name, json_string(v ? v : ""));
    }
    return o;
}

/* The board after view_ply moves: a copy taken back; moves only at the end
 * (over: the game has ended there). */
static void add_board(json_t *j, const game *g, int view_ply, int over)
{
    int ply = g->ops->ply(g);
    if (view_ply < 0 || view_ply >= ply) {
        json_object_set_new(j, "view_ply", json_integer(ply));
        json_object_set_new(j, "board", board_json(g, over));
        json_object_set_new(j, "moves", moves_json(g));
        return;
    }
    game *c = game_clone(g);
    if (c)
        game_take_back_to(c, view_ply);
    json_object_set_new(j, "view_ply", json_integer(view_ply));
    json_object_set_new(j, "board", c ? board_json(c, 0) : json_null());
    json_object_set_new(j, "moves", json_array());
    game_free(c);
}

/* The side to move's turn: the moves it holds and how many are made. */
static json_t *turn_json(const game *g)
{
    int made, moves = game_turn_moves(g, &made);
    return json_pack("{s:i, s:i}", "moves", moves, "made", made);
}

json_t *webjson_state(const webjson_info *in)
{
    const game *g = in->g;
    int over = in->result != RESULT_NONE;
    json_t *clocks = json_null();
    if (in->clock)
        clocks = json_pack("{s:[I,I], s:o, s:I, s:I}", "ms", (json_int_t)in->left_ms[0],
                           (json_int_t)in->left_ms[1], "running",
                           in->running < 0 || over ? json_null() : json_integer(in->running),
                           "base_ms", (json_int_t)in->base_ms, "inc_ms", (json_int_t)in->inc_ms);
    json_t *j = json_pack(
        "{s:s, s:s, s:s, s:o, s:[s,s], s:o, s:{s:s, s:s}, s:o, s:O, s:o, s:b, s:b, s:o, s:i}",
        "id",
        in->id, "game", g->ops->name, "title", g->ops->title, "options", options_json(g),
        "colours", g->ops->colour[0], g->ops->colour[1], "to_move",
        over ? json_null() : json_integer(g->ops->to_move(g)), "result", "code",
        game_result_text(in->result), "reason", in->reason, "turns", turns_json(g), "seats",
        in->seats, "you", in->you < 0 ? json_null() : json_integer(in->you), "thinking",
        in->thinking, "pondering", in->pondering, "clocks", clocks, "ply", g->ops->ply(g));
    if (j)
        add_board(j, g, in->view_ply, over);
    if (j && over)
        json_object_set_new(j, "moves", json_array());
    if (j)
        json_object_set_new(j, "apart", json_boolean(in->apart));
    if (j)
        json_object_set_new(j, "takeback",
                            in->offer < 0 ? json_null() : json_pack("{s:i}", "by", in->offer));
    if (j)
        json_object_set_new(j, "undo", json_pack("[b,b]", in->undo[0], in->undo[1]));
    if (j)
        json_object_set_new(j, "turn", over ? json_null() : turn_json(g));
    if (j)
        json_object_set_new(j, "updated", json_integer((json_int_t)in->updated));
    return j;
}
