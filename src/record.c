/* record.c - a game plus its record data, and its SGF form (see record.h). */
#define _POSIX_C_SOURCE 200809L
#include "record.h"
#include "cli.h"
#include "sgf.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

record *record_new(game *g)
{
    record *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->g = g;
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(r->date, sizeof r->date, "%Y-%m-%d", &tm);
    return r;
}

static void clear_notes_from(record *r, int from)
{
    for (int i = from; i < r->note_cap; i++) {
        free(r->note[i]);
        r->note[i] = NULL;
    }
}

void record_free(record *r)
{
    if (!r)
        return;
    clear_notes_from(r, 0);
    free(r->note);
    free(r->note_move);
    free(r->start);
    game_free(r->g);
    free(r);
}

static void set_note(record *r, int i, qmove m, const char *text)
{
    if (i >= r->note_cap) {
        int cap = r->note_cap ? r->note_cap : 64;
        while (cap <= i)
            cap *= 2;
        char **n = realloc(r->note, sizeof *n * (size_t)cap);
        if (!n)
            return;
        r->note = n;
        qmove *nm = realloc(r->note_move, sizeof *nm * (size_t)cap);
        if (!nm)
            return;
        r->note_move = nm;
        for (int k = r->note_cap; k < cap; k++)
            r->note[k] = NULL;
        r->note_cap = cap;
    }
    free(r->note[i]);
    r->note[i] = text && *text ? strdup(text) : NULL;
    r->note_move[i] = m;
}

const char *record_note(const record *r, int i)
{
    const game *g = r->g;
    if (i < 0 || i >= r->note_cap || i >= g->ops->ply(g) || !r->note[i])
        return NULL;
    return r->note_move[i] == g->ops->move_at(g, i) ? r->note[i] : NULL;
}

int record_play_text(record *r, const char *text, char *err, size_t errlen)
{
    int ply = r->g->ops->ply(r->g);
    int n = game_play_text(r->g, text, err, errlen);
    if (n > 0) {
        clear_notes_from(r, ply);
        r->off_board = 0;
    }
    return n;
}

int record_make(record *r, qmove m, const char *comment)
{
    int ply = r->g->ops->ply(r->g);
    if (game_reserve(r->g, 1) != 0)
        return -1;
    clear_notes_from(r, ply);
    if (comment && *comment)
        set_note(r, ply, m, comment);
    r->g->ops->make(r->g, m);
    r->off_board = 0;
    return 0;
}

int record_undo_turn(record *r)
{
    int n = game_undo_turn(r->g);
    if (n > 0) {
        clear_notes_from(r, r->g->ops->ply(r->g));
        r->off_board = 0;
    }
    return n;
}

int record_set_position(record *r, const char *text, char *err, size_t errlen)
{
    char canon[GAME_TEXT_MAX];
    game *t = game_new_like(r->g);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (t->ops->from_text(t, text, err, errlen) != 0) {
        game_free(t);
        return -1;
    }
    t->ops->to_text(t, canon, sizeof canon);
    char *start = strdup(canon);
    if (!start) {
        game_free(t);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    game_free(r->g);
    r->g = t;
    free(r->start);
    r->start = start;
    clear_notes_from(r, 0);
    r->off_board = 0;
    return 0;
}

void record_set_off_board(record *r, int result, char how)
{
    r->off_board = result;
    r->off_how = how;
}

int record_result(const record *r)
{
    int res = r->g->ops->result(r->g);
    return res != RESULT_NONE ? res : r->off_board;
}

void record_result_reason(const record *r, char *buf, size_t len)
{
    const game *g = r->g;
    buf[0] = 0;
    if (g->ops->result(g) != RESULT_NONE) {
        g->ops->result_reason(g, buf, len);
        return;
    }
    if (!r->off_board)
        return;
    if (r->off_board == RESULT_DRAW) {
        snprintf(buf, len, "draw agreed");
        return;
    }
    char loser[32];
    game_colour_capital(g->ops, r->off_board == RESULT_FIRST ? 1 : 0, loser, sizeof loser);
    switch (r->off_how) {
    case 'R': snprintf(buf, len, "%s resigned", loser); break;
    case 'T': snprintf(buf, len, "%s lost on time", loser); break;
    case 'F': snprintf(buf, len, "%s forfeited", loser); break;
    default: snprintf(buf, len, "result given by the record"); break;
    }
}

void record_result_sgf(const record *r, char *buf, size_t len)
{
    int res = record_result(r);
    buf[0] = 0;
    if (res == RESULT_DRAW)
        snprintf(buf, len, "Draw");
    else if (res == RESULT_FIRST || res == RESULT_SECOND)
        snprintf(buf, len, "%c+", res == RESULT_FIRST ? 'B' : 'W');
    if (res && res != RESULT_DRAW && r->g->ops->result(r->g) == RESULT_NONE && r->off_how)
        util_str_appendf(buf, len, "%c", r->off_how);
}

int record_moves_text(const record *r, strbuf *out) { return game_steps_text(r->g, 0, out); }

/* The root node: format, game, options, players, date, result, start. */
static void sgf_header(const record *r, sgf_out *o)
{
    const game_ops *ops = r->g->ops;
    char buf[GAME_TEXT_MAX];
    sgf_out_raw(o, "(;FF[4]CA[UTF-8]");
    sgf_out_prop(o, "AP", "quartet:" QUARTET_VERSION);
    if (ops->sgf_game_number) {
        snprintf(buf, sizeof buf, "%d", ops->sgf_game_number);
        sgf_out_prop(o, "GM", buf);
    }
    if (ops->sgf_board_size) {
        snprintf(buf, sizeof buf, "%d", ops->sgf_board_size);
        sgf_out_prop(o, "SZ", buf);
    }
    sgf_out_prop(o, "QG", ops->name);
    game_options_text(r->g, buf, sizeof buf);
    if (buf[0])
        sgf_out_prop(o, "QO", buf);
    sgf_out_raw(o, "\n");
    if (r->player[0][0])
        sgf_out_prop(o, "PB", r->player[0]);
    if (r->player[1][0])
        sgf_out_prop(o, "PW", r->player[1]);
    if (r->date[0])
        sgf_out_prop(o, "DT", r->date);
    record_result_sgf(r, buf, sizeof buf);
    if (buf[0])
        sgf_out_prop(o, "RE", buf);
    if (r->start) {
        sgf_out_raw(o, "\n");
        sgf_out_prop(o, "QP", r->start);
    }
    sgf_out_raw(o, "\n");
}

/* One node a turn: its moves joined by commas, the notes of its moves as
 * one comment.  0, or -1 when memory is short. */
static int sgf_turns(const record *r, sgf_out *o)
{
    int n = r->g->ops->ply(r->g);
    game_step *st = game_steps(r->g, 0, 1);
    if (!st)
        return -1;
    sgf_out moves = {0}, notes = {0};
    for (int i = 0; i < n; i++) {
        if (!game_step_starts_turn(st, i))
            sgf_out_raw(&moves, ",");
        sgf_out_raw(&moves, st[i].text);
        const char *note = record_note(r, i);
        if (note) {
            if (notes.len)
                sgf_out_raw(&notes, "\n");
            sgf_out_raw(&notes, note);
        }
        if (i + 1 == n || game_step_starts_turn(st, i + 1)) {
            sgf_out_raw(o, ";");
            sgf_out_prop(o, st[i].mover == 0 ? "B" : "W", strbuf_str(&moves));
            if (notes.len)
                sgf_out_prop(o, "C", strbuf_str(&notes));
            sgf_out_raw(o, "\n");
            strbuf_clear(&moves);
            strbuf_clear(&notes);
        }
    }
    int failed = moves.failed || notes.failed;
    free(moves.s);
    free(notes.s);
    free(st);
    return failed ? -1 : 0;
}

char *record_to_sgf(const record *r)
{
    sgf_out o = {0};
    sgf_header(r, &o);
    int turns = sgf_turns(r, &o);
    sgf_out_raw(&o, ")\n");
    if (turns != 0 || o.failed) {
        free(o.s);
        return NULL;
    }
    return o.s;
}

/* ---- loading ---- */

static const char *prop_value(const sgf_node *n, const char *id, int *line)
{
    const sgf_prop *p = sgf_node_prop(n, id);
    if (!p || p->nvalues < 1)
        return NULL;
    if (line)
        *line = p->line;
    return p->values[0];
}

static void known_games(char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; game_registry[i]; i++)
        util_str_appendf(buf, len, "%s%s", i ? ", " : "", game_registry[i]->name);
}

static const game_ops *record_game(const sgf_node *root, char *err, size_t errlen)
{
    int qline = root->line, gline = root->line;
    const char *qg = prop_value(root, "QG", &qline);
    const char *gm = prop_value(root, "GM", &gline);
    char known[256];
    known_games(known, sizeof known);
    long num = 0;
    if (gm && util_parse_long(gm, &num) != 0) {
        snprintf(err, errlen, "line %d: GM[%s] is not a number", gline, gm);
        return NULL;
    }
    if (qg) {
        const game_ops *ops = game_find(qg);
        if (!ops) {
            snprintf(err, errlen, "line %d: unknown game '%s' (known: %s)", qline, qg, known);
            return NULL;
        }
        if (gm && num != ops->sgf_game_number) {
            snprintf(err, errlen, "line %d: GM[%ld] does not match QG[%s]", gline, num,
                     ops->name);
            return NULL;
        }
        return ops;
    }
    if (gm) {
        for (int i = 0; game_registry[i]; i++)
            if (game_registry[i]->sgf_game_number && game_registry[i]->sgf_game_number == num)
                return game_registry[i];
        snprintf(err, errlen, "line %d: unknown game GM[%ld] (known: %s)", gline, num, known);
        return NULL;
    }
    snprintf(err, errlen, "line %d: the record names no game (no QG[] or GM[] property)",
             root->line);
    return NULL;
}

static game *record_create(const game_ops *ops, const sgf_node *root, char *err, size_t errlen)
{
    int line = root->line;
    const char *qo = prop_value(root, "QO", &line);
    char buf[GAME_TEXT_MAX], msg[GAME_ERR_MAX];
    char *words[GAME_MAX_OPTIONS + 1];
    if (qo && strlen(qo) >= sizeof buf) {
        snprintf(err, errlen, "line %d: QO[] is longer than %zu bytes", line, sizeof buf - 1);
        return NULL;
    }
    snprintf(buf, sizeof buf, "%s", qo ? qo : "");
    int n = util_split_words(buf, words, GAME_MAX_OPTIONS + 1);
    if (n > GAME_MAX_OPTIONS) {
        snprintf(err, errlen, "line %d: QO[] holds more than %d options", line, GAME_MAX_OPTIONS);
        return NULL;
    }
    game *g = game_create(ops, n, words, msg, sizeof msg);
    if (!g)
        snprintf(err, errlen, "line %d: %s", line, msg);
    return g;
}

/* RE[] as a result; how gets 'R', 'T', 'F' or 0.  -1 if not understood. */
static int parse_sgf_result(const char *re, char *how)
{
    *how = 0;
    if (util_str_ieq(re, "0") || util_str_ieq(re, "Draw") || util_str_ieq(re, "Jigo"))
        return RESULT_DRAW;
    if (util_str_ieq(re, "Void") || util_str_ieq(re, "?") || !*re)
        return RESULT_NONE;
    char c = (char)toupper((unsigned char)re[0]);
    if ((c != 'B' && c != 'W') || re[1] != '+')
        return -1;
    char h = (char)toupper((unsigned char)re[2]);
    if (h == 'R' || h == 'T' || h == 'F')
        *how = h;
    return c == 'B' ? RESULT_FIRST : RESULT_SECOND;
}

/* Play one move node (B[] or W[]). */
static int play_node(record *r, const sgf_node *n, const sgf_prop *mv, char *err, size_t errlen)
{
    game *g = r->g;
    const game_ops *ops = g->ops;
    int colour = strcmp(mv->id, "B") == 0 ? 0 : 1;
    const char *v = mv->nvalues ? mv->values[0] : "";
    char msg[GAME_ERR_MAX], who[32];
    if (mv->nvalues != 1) {
        snprintf(err, errlen, "line %d: %s[] must have exactly one value", mv->line, mv->id);
        return -1;
    }
    if (r->off_board) {
        snprintf(err, errlen, "line %d: %s[%s] after the game ended by resignation", mv->line,
                 mv->id, v);
        return -1;
    }
    if (util_str_ieq(v, "resign")) {
        record_set_off_board(r, colour == 0 ? RESULT_SECOND : RESULT_FIRST, 'R');
        return 0;
    }
    if (ops->result(g) != RESULT_NONE) {
        ops->result_reason(g, msg, sizeof msg);
        snprintf(err, errlen, "line %d: %s[%s]: the game is already over (%s)", mv->line,
                 mv->id, v, msg);
        return -1;
    }
    if (ops->to_move(g) != colour) {
        game_colour_capital(ops, ops->to_move(g), who, sizeof who);
        snprintf(err, errlen, "line %d: %s[%s], but %s is to move", mv->line, mv->id, v, who);
        return -1;
    }
    const char *p = v;
    int made = 0;
    while (p) {
        char tok[GAME_MOVE_TEXT_MAX];
        int t = game_turn_token(&p, tok, sizeof tok);
        if (t != 0) {
            snprintf(err, errlen, "line %d: %s[%s]: %s", mv->line, mv->id, v,
                     t == -2 ? "move token too long" : "empty move");
            return -1;
        }
        if (made && (ops->result(g) != RESULT_NONE || ops->to_move(g) != colour)) {
            snprintf(err, errlen, "line %d: %s[%s]: the turn is over before '%s'", mv->line,
                     mv->id, v, tok);
            return -1;
        }
        qmove m;
        int bad = ops->sgf_move_from_text
                      ? ops->sgf_move_from_text(g, tok, &m, msg, sizeof msg)
                      : ops->move_from_text(g, tok, &m, msg, sizeof msg);
        if (bad) {
            /* the game's "illegal move c8-c5: why" would repeat the move */
            snprintf(err, errlen, "line %d: illegal move %s[%s]: %s", mv->line, mv->id, v,
                     game_error_reason(msg));
            return -1;
        }
        if (record_make(r, m, NULL) != 0) {
            snprintf(err, errlen, "line %d: out of memory", mv->line);
            return -1;
        }
        made++;
    }
    const char *c = prop_value(n, "C", NULL);
    if (c) {
        int last = ops->ply(g) - 1;
        set_note(r, last, ops->move_at(g, last), c);
    }
    return 0;
}

/* A root property's value into buf, refused rather than cut when longer. */
static int copy_prop(const sgf_node *root, const char *id, char *buf, size_t len, char *err,
                     size_t errlen)
{
    int line = root->line;
    const char *v = prop_value(root, id, &line);
    if (v && strlen(v) >= len) {
        snprintf(err, errlen, "line %d: %s[] is longer than %zu bytes", line, id, len - 1);
        return -1;
    }
    if (v)
        snprintf(buf, len, "%s", v);
    return 0;
}

/* SZ[], where the game names its board's size for SGF. */
static int check_size(const game_ops *ops, const sgf_node *root, char *err, size_t errlen)
{
    int line = root->line;
    long num;
    const char *sz = prop_value(root, "SZ", &line);
    if (sz && ops->sgf_board_size &&
        (util_parse_long(sz, &num) != 0 || num != ops->sgf_board_size)) {
        snprintf(err, errlen, "line %d: SZ[%s]: %s is played on a board of size %d", line, sz,
                 ops->name, ops->sgf_board_size);
        return -1;
    }
    return 0;
}

/* Setup properties (AB, AW, AE) in any node are refused: a start position
 * is QP[position text]. */
static int check_no_setup(const sgf_tree *t, char *err, size_t errlen)
{
    static const char *const setup[] = {"AB", "AW", "AE"};
    for (int i = 0; i < t->nnodes; i++)
        for (int k = 0; k < 3; k++) {
            const sgf_prop *p = sgf_node_prop(&t->nodes[i], setup[k]);
            if (p) {
                snprintf(err, errlen, "line %d: setup property %s[] is not supported (quartet "
                         "records a start position as QP[position text])", p->line, setup[k]);
                return -1;
            }
        }
    return 0;
}

/* The root's start position (QP), players' names (PB, PW) and date (DT). */
static int root_props(record *r, const sgf_node *root, char *err, size_t errlen)
{
    char msg[GAME_ERR_MAX];
    int line = root->line;
    const char *qp = prop_value(root, "QP", &line);
    if (qp && record_set_position(r, qp, msg, sizeof msg) != 0) {
        snprintf(err, errlen, "line %d: QP[]: %s", line, msg);
        return -1;
    }
    r->date[0] = 0;
    if (copy_prop(root, "PB", r->player[0], sizeof r->player[0], err, errlen) != 0 ||
        copy_prop(root, "PW", r->player[1], sizeof r->player[1], err, errlen) != 0 ||
        copy_prop(root, "DT", r->date, sizeof r->date, err, errlen) != 0)
        return -1;
    return 0;
}

/* Every node's B[] or W[] turn, at most max_turns of them (all when
 * negative); *truncated when some were left. */
static int play_nodes(record *r, const sgf_tree *t, int max_turns, int *truncated, char *err,
                      size_t errlen)
{
    int turns = 0;
    *truncated = 0;
    for (int i = 0; i < t->nnodes; i++) {
        const sgf_node *n = &t->nodes[i];
        const sgf_prop *b = sgf_node_prop(n, "B"), *w = sgf_node_prop(n, "W");
        if (b && w) {
            snprintf(err, errlen, "line %d: B[] and W[] in one node", n->line);
            return -1;
        }
        if (!b && !w)
            continue;
        if (max_turns >= 0 && turns >= max_turns) {
            *truncated = 1;
            return 0;
        }
        if (play_node(r, n, b ? b : w, err, errlen) != 0)
            return -1;
        turns++;
    }
    return 0;
}

/* RE[] against the end of the moves: a result the board has must agree;
 * one it has not (a resignation, a time loss) is the record's own. */
static int check_result(record *r, const sgf_node *root, char *err, size_t errlen)
{
    int line = root->line;
    const char *re = prop_value(root, "RE", &line);
    if (!re)
        return 0;
    char how, msg[GAME_ERR_MAX];
    int res = parse_sgf_result(re, &how);
    int board = r->g->ops->result(r->g);
    if (res < 0) {
        snprintf(err, errlen, "line %d: RE[%s] is not a result (B+, W+R, Draw, ...)", line, re);
        return -1;
    }
    if (board != RESULT_NONE && res != board) {
        r->g->ops->result_reason(r->g, msg, sizeof msg);
        snprintf(err, errlen, "line %d: RE[%s] contradicts the end of the game (%s: %s)", line,
                 re, game_result_text(board), msg);
        return -1;
    }
    if (board == RESULT_NONE && res != RESULT_NONE) {
        if (r->off_board && r->off_board != res) {
            snprintf(err, errlen, "line %d: RE[%s] contradicts the resignation in the moves",
                     line, re);
            return -1;
        }
        record_set_off_board(r, res, r->off_board ? r->off_how : how);
    }
    return 0;
}

static record *from_tree(const sgf_tree *t, int max_turns, char *err, size_t errlen)
{
    if (t->nnodes == 0) {
        snprintf(err, errlen, "line 1: empty game tree");
        return NULL;
    }
    const sgf_node *root = &t->nodes[0];
    int line = root->line;
    const char *ff = prop_value(root, "FF", &line);
    long num;
    if (ff && (util_parse_long(ff, &num) != 0 || num < 1 || num > 4)) {
        snprintf(err, errlen, "line %d: FF[%s]: only SGF formats 1 to 4 are known", line, ff);
        return NULL;
    }
    const game_ops *ops = record_game(root, err, errlen);
    game *g = ops ? record_create(ops, root, err, errlen) : NULL;
    if (!g)
        return NULL;
    record *r = record_new(g);
    if (!r) {
        game_free(g);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    int truncated;
    if (check_size(ops, root, err, errlen) || check_no_setup(t, err, errlen) ||
        root_props(r, root, err, errlen) || play_nodes(r, t, max_turns, &truncated, err, errlen) ||
        (!truncated && check_result(r, root, err, errlen))) {
        record_free(r);
        return NULL;
    }
    if (truncated)
        r->off_board = 0; /* cut short: the game goes on, with no result off the board */
    return r;
}

record *record_from_sgf(const char *text, int max_turns, char *err, size_t errlen)
{
    if (!memchr(text, 0, (size_t)RECORD_MAX_BYTES + 1)) {
        snprintf(err, errlen, "line 1: longer than %d bytes, the limit for a record",
                 RECORD_MAX_BYTES);
        return NULL;
    }
    sgf_tree *t = sgf_parse(text, err, errlen);
    if (!t)
        return NULL;
    record *r = from_tree(t, max_turns, err, errlen);
    sgf_tree_free(t);
    return r;
}

/* Move nodes of a text record_to_sgf wrote: each starts a line with ';'. */
static int count_nodes(const char *text)
{
    int n = 1;
    for (const char *p = text; (p = strstr(p, "\n;")); p++)
        n++;
    return n;
}

int record_save(const record *r, const char *path, char *err, size_t errlen)
{
    char *text = record_to_sgf(r);
    if (!text) {
        snprintf(err, errlen, "cannot save %s: out of memory", path);
        return -1;
    }
    /* what could not be loaded again is not written */
    if (strlen(text) > RECORD_MAX_BYTES || count_nodes(text) > SGF_MAX_NODES) {
        snprintf(err, errlen, "cannot save %s: the record would exceed the limits of a record "
                 "(%d bytes, %d nodes)", path, RECORD_MAX_BYTES, SGF_MAX_NODES);
        free(text);
        return -1;
    }
    int rc = util_write_file_atomic(path, text, strlen(text));
    if (rc != 0)
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    free(text);
    return rc;
}

record *record_load(const char *path, int max_turns, char *err, size_t errlen)
{
    size_t len;
    char *text = util_read_file_max(path, RECORD_MAX_BYTES, &len);
    if (!text) {
        if (errno == EFBIG)
            snprintf(err, errlen, "cannot read %s: larger than %d bytes, the limit for a record",
                     path, RECORD_MAX_BYTES);
        else if (errno == EINVAL)
            snprintf(err, errlen, "cannot read %s: not a regular file", path);
        else
            snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    if (strlen(text) != len) {
        snprintf(err, errlen, "cannot read %s: it holds a NUL byte, so it is not SGF text", path);
        free(text);
        return NULL;
    }
    char msg[GAME_ERR_MAX];
    record *r = record_from_sgf(text, max_turns, msg, sizeof msg);
    if (!r)
        snprintf(err, errlen, "%s: %s", path, msg);
    free(text);
    return r;
}
