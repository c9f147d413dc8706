/* game.c - what every caller of the game interface shares: lookup,
 * option parsing, whole-turn play and undo, perft. */
#include "game.h"
#include "strbuf.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const game_ops *game_find(const char *name)
{
    for (int i = 0; game_registry[i]; i++)
        if (util_str_ieq(game_registry[i]->name, name))
            return game_registry[i];
    return NULL;
}

static int option_count(const game_ops *ops)
{
    int n = 0;
    while (ops->options[n].name)
        n++;
    return n;
}

static int parse_option_value(const game_option *o, const char *val, int *out,
                              char *err, size_t errlen)
{
    if (o->choices) {
        for (int i = 0; o->choices[i]; i++)
            if (util_str_ieq(o->choices[i], val)) {
                *out = i;
                return 0;
            }
        char list[256] = "";
        for (int i = 0; o->choices[i]; i++)
            util_str_appendf(list, sizeof list, "%s%s", i ? ", " : "", o->choices[i]);
        snprintf(err, errlen, "option %s: '%s' is not one of: %s", o->name, val, list);
        return -1;
    }
    long v;
    if (util_parse_long(val, &v) != 0) {
        snprintf(err, errlen, "option %s: '%s' is not a whole number", o->name, val);
        return -1;
    }
    if (v < o->min || v > o->max) {
        snprintf(err, errlen, "option %s: %ld is out of range (%d..%d)", o->name, v,
                 o->min, o->max);
        return -1;
    }
    *out = (int)v;
    return 0;
}

game *game_create(const game_ops *ops, int argc, char *const *argv, char *err,
                  size_t errlen)
{
    int opt[GAME_MAX_OPTIONS] = {0};
    int n = option_count(ops);
    for (int i = 0; i < n; i++)
        opt[i] = ops->options[i].def;
    for (int a = 0; a < argc; a++) {
        const char *eq = strchr(argv[a], '=');
        if (!eq || eq == argv[a] || !eq[1]) {
            snprintf(err, errlen, "bad option '%s': expected name=value", argv[a]);
            return NULL;
        }
        size_t klen = (size_t)(eq - argv[a]);
        int k = -1;
        for (int i = 0; i < n; i++)
            if (strlen(ops->options[i].name) == klen &&
                util_strncasecmp(ops->options[i].name, argv[a], klen) == 0)
                k = i;
        if (k < 0) {
            char list[256] = "";
            for (int i = 0; i < n; i++)
                util_str_appendf(list, sizeof list, "%s%s", i ? ", " : "", ops->options[i].name);
            snprintf(err, errlen, "unknown option '%.*s' for %s (options: %s)", (int)klen,
                     argv[a], ops->name, n ? list : "none");
            return NULL;
        }
        if (parse_option_value(&ops->options[k], eq + 1, &opt[k], err, errlen) != 0)
            return NULL;
    }
    return ops->create(opt, err, errlen);
}

game *game_create_default(const game_ops *ops)
{
    char err[GAME_ERR_MAX];
    return game_create(ops, 0, NULL, err, sizeof err);
}

game *game_new_like(const game *g)
{
    char err[GAME_ERR_MAX];
    return g->ops->create(g->opt, err, sizeof err);
}

game *game_clone(const game *g)
{
    game *c = game_new_like(g);
    if (c && game_reserve(c, g->ops->ply(g)) != 0) {
        game_free(c);
        return NULL;
    }
    if (c)
        g->ops->copy(c, g);
    return c;
}

int game_reserve(game *g, int plies)
{
    return g->ops->reserve ? g->ops->reserve(g, plies) : 0;
}

int game_same_rules(const game *a, const game *b)
{
    return a && a->ops == b->ops && memcmp(a->opt, b->opt, sizeof a->opt) == 0;
}

void game_free(game *g)
{
    if (g)
        g->ops->destroy(g);
}

static const char *option_value_text(const game_option *o, int v, char *buf, size_t len)
{
    if (o->choices)
        return o->choices[v];
    snprintf(buf, len, "%d", v);
    return buf;
}

void game_options_text(const game *g, char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; g->ops->options[i].name; i++) {
        char v[32];
        util_str_appendf(buf, len, "%s%s=%s", i ? " " : "", g->ops->options[i].name,
                    option_value_text(&g->ops->options[i], g->opt[i], v, sizeof v));
    }
}

const char *game_option_value(const game *g, const char *name, char *buf, size_t len)
{
    for (int i = 0; g->ops->options[i].name; i++)
        if (util_str_ieq(g->ops->options[i].name, name))
            return option_value_text(&g->ops->options[i], g->opt[i], buf, len);
    return NULL;
}

int game_parse_colour(const game_ops *ops, const char *text)
{
    if (!text || !*text)
        return -1;
    if (strcmp(text, "1") == 0 || util_str_ieq(text, "first"))
        return 0;
    if (strcmp(text, "2") == 0 || util_str_ieq(text, "second"))
        return 1;
    for (int p = 0; p < 2; p++) {
        if (util_str_ieq(text, ops->colour[p]))
            return p;
        /* the initial, unless both colours share it */
        if (!text[1] && tolower((unsigned char)text[0]) == ops->colour[p][0] &&
            ops->colour[0][0] != ops->colour[1][0])
            return p;
    }
    return -1;
}

void game_colour_capital(const game_ops *ops, int p, char *buf, size_t len)
{
    snprintf(buf, len, "%s", ops->colour[p]);
    if (buf[0])
        buf[0] = (char)toupper((unsigned char)buf[0]);
}

const char *game_error_reason(const char *err)
{
    if (strncmp(err, "illegal move ", 13) == 0) {
        const char *c = strstr(err, ": ");
        if (c)
            return c + 2;
    }
    return err;
}

game_step *game_steps(const game *g, int from, int sgf)
{
    const game_ops *ops = g->ops;
    int ply = ops->ply(g), n = ply > from ? ply - from : 0;
    game *c = game_clone(g);
    game_step *st = malloc(sizeof *st * (size_t)(n ? n : 1));
    qmove *mv = malloc(sizeof *mv * (size_t)(n ? n : 1));
    if (!c || !st || !mv) {
        free(st);
        st = NULL;
        goto out;
    }
    for (int i = n - 1; i >= 0; i--) {
        mv[i] = ops->move_at(c, from + i);
        ops->unmake(c);
    }
    for (int i = 0; i < n; i++) {
        st[i].mover = ops->to_move(c);
        if (sgf && ops->sgf_move_to_text)
            ops->sgf_move_to_text(c, mv[i], st[i].text, sizeof st[i].text);
        else
            ops->move_to_text(c, mv[i], st[i].text, sizeof st[i].text);
        ops->make(c, mv[i]);
    }
out:
    game_free(c);
    free(mv);
    return st;
}

int game_steps_text(const game *g, int from, strbuf *out)
{
    game_step *st = game_steps(g, from, 0);
    int n = g->ops->ply(g) - from;
    if (!st) {
        out->failed = 1;
        return -1;
    }
    for (int i = 0; i < n; i++)
        strbuf_addf(out, "%s%s", i == 0 ? "" : game_step_starts_turn(st, i) ? " " : ",",
                    st[i].text);
    free(st);
    return out->failed ? -1 : 0;
}

int game_turn_starts_here(game *g)
{
    const game_ops *ops = g->ops;
    int n = ops->ply(g);
    if (n == 0)
        return 1;
    qmove last = ops->move_at(g, n - 1);
    ops->unmake(g);
    int mover = ops->to_move(g);
    ops->make(g, last);
    return ops->to_move(g) != mover;
}

void game_take_back_to(game *g, int ply)
{
    while (g->ops->ply(g) > ply)
        g->ops->unmake(g);
}

int game_turn_moves(const game *g, int *made)
{
    *made = 0;
    return g->ops->turn_moves ? g->ops->turn_moves(g, made) : 1;
}

int game_turns_left(const game *g)
{
    int n = g->ops->turns_left ? g->ops->turns_left(g) : GAME_TURNS_LEFT_DEFAULT;
    return n < 1 ? 1 : n;
}

int game_turn_token(const char **text, char *tok, size_t len)
{
    const char *p = *text;
    const char *end = strchr(p, ',');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    while (n && isspace((unsigned char)*p))
        p++, n--;
    while (n && isspace((unsigned char)p[n - 1]))
        n--;
    *text = end ? end + 1 : NULL;
    if (n == 0)
        return -1;
    if (n >= len)
        return -2;
    memcpy(tok, p, n);
    tok[n] = 0;
    return 0;
}

int game_play_text(game *g, const char *text, char *err, size_t errlen)
{
    const game_ops *ops = g->ops;
    char tok[GAME_MOVE_TEXT_MAX * 4];
    int made = 0;
    int mover = ops->to_move(g);
    const char *p = text;

    char shown[64];
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p) {
        snprintf(err, errlen, "empty move");
        return -1;
    }
    if (!memchr(text, 0, GAME_TEXT_MAX)) {
        snprintf(err, errlen, "a turn is written in at most %d bytes", GAME_TEXT_MAX - 1);
        return -1;
    }
    while (p) {
        int t = game_turn_token(&p, tok, sizeof tok);
        if (t != 0) {
            snprintf(err, errlen, t == -2 ? "move token too long" : "empty move in '%s'",
                     util_excerpt(text, 40, shown, sizeof shown));
            goto fail;
        }
        if (ops->result(g) != RESULT_NONE) {
            snprintf(err, errlen, "the game is over");
            goto fail;
        }
        if (made > 0 && ops->to_move(g) != mover) {
            snprintf(err, errlen, "'%s': the turn is already complete", tok);
            goto fail;
        }
        qmove m;
        if (ops->move_from_text(g, tok, &m, err, errlen) != 0)
            goto fail;
        if (game_reserve(g, 1) != 0) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        ops->make(g, m);
        made++;
    }
    return made;
fail:
    while (made--)
        ops->unmake(g);
    return -1;
}

int game_undo_turn(game *g)
{
    const game_ops *ops = g->ops;
    if (ops->ply(g) == 0)
        return 0;
    ops->unmake(g);
    int mover = ops->to_move(g), undone = 1;
    while (ops->ply(g) > 0) {
        qmove m = ops->move_at(g, ops->ply(g) - 1);
        ops->unmake(g);
        if (ops->to_move(g) != mover) {
            ops->make(g, m);
            break;
        }
        undone++;
    }
    return undone;
}

int game_position_error(char *err, size_t errlen, const char *why)
{
    snprintf(err, errlen, "position: %s", why);
    return -1;
}

void game_rows_text(char *out, int width, int height, char (*cell)(const void *pos, int square),
                    const void *pos)
{
    int o = 0;
    for (int r = height - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < width; f++) {
            char c = cell(pos, r * width + f);
            if (c && empty)
                out[o++] = (char)('0' + empty);
            empty = c ? 0 : empty + 1;
            if (c)
                out[o++] = c;
        }
        if (empty)
            out[o++] = (char)('0' + empty);
        if (r)
            out[o++] = '/';
    }
    out[o] = 0;
}

int game_text_too_long(const char *text, char *err, size_t errlen)
{
    if (memchr(text, 0, GAME_TEXT_MAX))
        return 0;
    snprintf(err, errlen, "position: longer than %d bytes", GAME_TEXT_MAX - 1);
    return 1;
}

const char *game_result_text(int result)
{
    switch (result) {
    case RESULT_FIRST: return "1-0";
    case RESULT_SECOND: return "0-1";
    case RESULT_DRAW: return "1/2-1/2";
    default: return "none";
    }
}

static uint64_t perft_rec(game *g, int depth, qmove *buf)
{
    const game_ops *ops = g->ops;
    if (depth == 1 && ops->count_moves)
        return (uint64_t)ops->count_moves(g);
    int n = ops->legal_moves(g, buf);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ops->make(g, buf[i]);
        total += perft_rec(g, depth - 1, buf + GAME_MAX_MOVES);
        ops->unmake(g);
    }
    return total;
}

/* A stop flag is read at every node this many plies or more above the
 * leaves, where each read costs far less than the subtree below it (some
 * 900 leaves in LOA); the plies below are perft_rec's, untouched, so the
 * count runs as fast as without. */
#define PERFT_CHECK_PLIES 3

typedef struct perft_stop {
    atomic_int *flag;
    int hit; /* the flag was seen: the count is short */
} perft_stop;

static uint64_t perft_stoppable_rec(game *g, int depth, qmove *buf, perft_stop *st)
{
    if (depth < PERFT_CHECK_PLIES)
        return perft_rec(g, depth, buf);
    if (atomic_load_explicit(st->flag, memory_order_relaxed)) {
        st->hit = 1;
        return 0;
    }
    const game_ops *ops = g->ops;
    int n = ops->legal_moves(g, buf);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ops->make(g, buf[i]);
        total += perft_stoppable_rec(g, depth - 1, buf + GAME_MAX_MOVES, st);
        ops->unmake(g);
    }
    return total;
}

int game_perft_stoppable(game *g, int depth, atomic_int *stop, uint64_t *count)
{
    *count = 1;
    if (depth <= 0)
        return 0;
    qmove *buf = malloc(sizeof(qmove) * GAME_MAX_MOVES * (size_t)depth);
    if (!buf)
        return -1;
    perft_stop st = {stop, 0};
    *count = stop ? perft_stoppable_rec(g, depth, buf, &st) : perft_rec(g, depth, buf);
    free(buf);
    return st.hit;
}

uint64_t game_perft(game *g, int depth)
{
    uint64_t n;
    return game_perft_stoppable(g, depth, NULL, &n) < 0 ? 0 : n;
}

int game_wins_at_once(game *g, qmove *moves)
{
    const game_ops *ops = g->ops;
    int me = ops->to_move(g), n = ops->legal_moves(g, moves), won = 0;
    for (int i = 0; i < n && !won; i++) {
        ops->make(g, moves[i]);
        won = ops->result(g) == RESULT_FIRST + me;
        ops->unmake(g);
    }
    return won;
}

/* ---- board descriptions ---- */

/* Copy a name, cut to GAME_NAME_MAX - 1 characters. */
static void copy_name(char *dst, const char *src)
{
    size_t n = 0;
    while (n < GAME_NAME_MAX - 1 && src[n])
        dst[n] = src[n], n++;
    dst[n] = 0;
}

static double round3(double v) { return (double)(long long)(v * 1000.0 + (v < 0 ? -0.5 : 0.5)) / 1000.0; }

game_cell *game_board_add_cell(game_board *b, const char *name, double x, double y,
                               int shape, double size)
{
    if (b->ncells >= GAME_BOARD_MAX_CELLS)
        return NULL;
    game_cell *c = &b->cells[b->ncells++];
    copy_name(c->name, name);
    c->x = round3(x);
    c->y = round3(y);
    c->size = round3(size);
    c->shape = shape;
    c->player = -1;
    c->piece = GAME_PIECE_PIECE;
    c->marks = 0;
    return c;
}

void game_board_add_label(game_board *b, const char *text, double x, double y)
{
    if (b->nlabels >= GAME_BOARD_MAX_LABELS)
        return;
    game_label *l = &b->labels[b->nlabels++];
    copy_name(l->text, text);
    l->x = round3(x);
    l->y = round3(y);
}

void game_board_square(game_board *b, int files, int ranks)
{
    b->kind = "square";
    b->width = files + 2;
    b->height = ranks + 2;
    b->ncells = b->nlabels = b->nlines = 0;
    char name[24];
    for (int r = 0; r < ranks; r++)
        for (int f = 0; f < files; f++) {
            snprintf(name, sizeof name, "%c%d", 'a' + f, r + 1);
            game_board_add_cell(b, name, 1 + f, ranks - r, GAME_SHAPE_SQUARE, 1);
        }
    for (int f = 0; f < files; f++) {
        snprintf(name, sizeof name, "%c", 'a' + f);
        game_board_add_label(b, name, 1.5 + f, 0.5);
        game_board_add_label(b, name, 1.5 + f, ranks + 1.5);
    }
    for (int r = 0; r < ranks; r++) {
        snprintf(name, sizeof name, "%d", r + 1);
        game_board_add_label(b, name, 0.5, ranks - r + 0.5);
        game_board_add_label(b, name, files + 1.5, ranks - r + 0.5);
    }
}

int game_board_find(const game_board *b, const char *name)
{
    for (int i = 0; i < b->ncells; i++)
        if (strcmp(b->cells[i].name, name) == 0)
            return i;
    return -1;
}

void game_click_cell(game_click *c, const char *name)
{
    copy_name(c->cell, name);
    c->choice = c->label = NULL;
}

void game_click_choice(game_click *c, const char *choice, const char *label)
{
    c->cell[0] = 0;
    c->choice = choice;
    c->label = label;
}

/* Mark in b every cell whose contents differ in before (the same board
 * before some moves): a piece came, went or changed. */
static void mark_changes(game_board *b, const game_board *before)
{
    for (int i = 0; i < b->ncells && i < before->ncells; i++) {
        const game_cell *a = &b->cells[i], *o = &before->cells[i];
        if (a->player != o->player || (a->player >= 0 && a->piece != o->piece))
            b->cells[i].marks |= GAME_MARK_LAST;
    }
}

/* ops->describe of g into b, marking what the last move (whole_turn: the
 * last turn) changed. */
static int describe_marked(const game *g, game_board *b, int whole_turn)
{
    if (!g->ops->describe)
        return -1;
    g->ops->describe(g, b);
    if (g->ops->ply(g) == 0)
        return 0;
    game *prev = game_clone(g);
    game_board *pb = malloc(sizeof *pb);
    if (!prev || !pb) {
        game_free(prev);
        free(pb);
        return -1;
    }
    if (whole_turn)
        game_undo_turn(prev);
    else
        prev->ops->unmake(prev);
    prev->ops->describe(prev, pb);
    mark_changes(b, pb);
    game_free(prev);
    free(pb);
    return 0;
}

int game_describe(const game *g, game_board *b) { return describe_marked(g, b, 0); }

void game_render(const game *g, int mark_last, char *buf, size_t len)
{
    unsigned char last[GAME_BOARD_MAX_CELLS] = {0};
    game_board *b = mark_last && g->ops->ply(g) > 0 ? malloc(sizeof *b) : NULL;
    int marked = 0;
    if (b && describe_marked(g, b, 1) == 0)
        for (int i = 0; i < b->ncells; i++)
            marked |= last[i] = (b->cells[i].marks & GAME_MARK_LAST) != 0;
    free(b);
    g->ops->render(g, marked ? last : NULL, buf, len);
}

void game_render_mark(char *line, int x)
{
    line[x - 1] = line[x - 1] == ']' ? ' ' : '[';
    line[x + 1] = ']';
}
