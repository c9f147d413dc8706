/* proof.c - proof files: the writer the solver feeds and an independent
 * verifier that replays every move through the game interface. */
#define _POSIX_C_SOURCE 200809L
#include "ai/proof.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

uint64_t proof_checksum(const char *data, size_t len)
{
    uint64_t h = FNV_OFFSET;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)data[i]) * FNV_PRIME;
    return h;
}

/* ---- writer ---- */

struct proof_writer {
    FILE *f;
    const game_ops *ops;
    uint64_t sum;
    int failed;
    char path[4096], tmp[4200];
};

static void wprintf(proof_writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void wprintf(proof_writer *w, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf) {
        /* a long line (the position text): format it again on the heap */
        char *big = n > 0 ? malloc((size_t)n + 1) : NULL;
        if (!big) {
            w->failed = 1;
            return;
        }
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        for (int i = 0; i < n; i++)
            w->sum = (w->sum ^ (unsigned char)big[i]) * FNV_PRIME;
        if (fwrite(big, 1, (size_t)n, w->f) != (size_t)n)
            w->failed = 1;
        free(big);
        return;
    }
    for (int i = 0; i < n; i++)
        w->sum = (w->sum ^ (unsigned char)buf[i]) * FNV_PRIME;
    if (fwrite(buf, 1, (size_t)n, w->f) != (size_t)n)
        w->failed = 1;
}

int proof_path_check(const char *path, char *err, size_t errlen)
{
    char tmp[4200];
    struct stat st;
    if (strlen(path) >= 4096) {
        snprintf(err, errlen, "proof file name too long");
        return -1;
    }
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "cannot write %s: it is a folder", path);
        return -1;
    }
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    /* made and removed again; one already there is the writer's to replace */
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    if (fd >= 0) {
        close(fd);
        remove(tmp);
    }
    return 0;
}

proof_writer *proof_writer_open(const char *path, const game *g, char *err, size_t errlen)
{
    proof_writer *w = calloc(1, sizeof *w);
    if (!w || strlen(path) >= sizeof w->path) {
        snprintf(err, errlen, w ? "proof file name too long" : "out of memory");
        free(w);
        return NULL;
    }
    snprintf(w->path, sizeof w->path, "%s", path);
    snprintf(w->tmp, sizeof w->tmp, "%s.tmp", path);
    w->f = fopen(w->tmp, "w");
    if (!w->f) {
        snprintf(err, errlen, "cannot write %s: %s", w->tmp, strerror(errno));
        free(w);
        return NULL;
    }
    w->ops = g->ops;
    w->sum = FNV_OFFSET;
    char opts[GAME_TEXT_MAX], pos[GAME_TEXT_MAX];
    game_options_text(g, opts, sizeof opts);
    g->ops->to_text(g, pos, sizeof pos);
    wprintf(w, "quartet-proof 1\ngame %s%s%s\nposition %s\n", g->ops->name, opts[0] ? " " : "",
            opts, pos);
    return w;
}

void proof_writer_claim(proof_writer *w, int player, int win)
{
    wprintf(w, "claim %s %s\n", w->ops->colour[player], win ? "wins" : "cannot win");
}

void proof_writer_node(proof_writer *w, uint32_t id, int n, char (*moves)[GAME_MOVE_TEXT_MAX],
                       const uint32_t *child)
{
    wprintf(w, "%u", id);
    for (int i = 0; i < n; i++)
        wprintf(w, " %s %u", moves[i], child[i]);
    wprintf(w, "\n");
}

void proof_writer_end_claim(proof_writer *w, uint32_t nodes) { wprintf(w, "end %u\n", nodes); }

void proof_writer_abort(proof_writer *w)
{
    if (!w)
        return;
    fclose(w->f);
    remove(w->tmp);
    free(w);
}

int proof_writer_close(proof_writer *w, char *err, size_t errlen)
{
    fprintf(w->f, "checksum %016llx\n", (unsigned long long)w->sum);
    int bad = w->failed || fflush(w->f) != 0 || fsync(fileno(w->f)) != 0;
    if (fclose(w->f) != 0)
        bad = 1;
    if (!bad && rename(w->tmp, w->path) != 0)
        bad = 1;
    if (bad) {
        snprintf(err, errlen, "cannot write %s: %s", w->path, strerror(errno));
        remove(w->tmp);
    }
    free(w);
    return bad ? -1 : 0;
}

/* ---- verifier ---- */

typedef struct vnode {
    uint32_t first, n; /* children in vctx.move/child */
    uint8_t state;     /* 0 unseen, 1 on the path, 2 checked */
    uint8_t defined;
    uint64_t hash;
} vnode;

typedef struct vctx {
    game *g;
    int player, win;
    vnode *node;
    uint32_t nnodes, cap;
    char **move;
    uint32_t *child;
    uint32_t nchild, ccap;
    char *err;
    size_t errlen;
} vctx;

static int verr(vctx *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int verr(vctx *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->err, v->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int check_leaf(vctx *v, uint32_t id, int res)
{
    int win_code = RESULT_FIRST + v->player;
    if (res == RESULT_NONE)
        return verr(v, "node %u: the game is not over but no move is given", id);
    if (v->win && res != win_code)
        return verr(v, "node %u: the game ends %s, not a win for %s", id, game_result_text(res),
                    v->g->ops->colour[v->player]);
    if (!v->win && res == win_code)
        return verr(v, "node %u: the game ends in a win for %s", id, v->g->ops->colour[v->player]);
    return 0;
}

static int check_node(vctx *v, uint32_t id, int depth);

/* The children listed at a node: legal, distinct, each proven. */
static int check_children(vctx *v, uint32_t id, int depth)
{
    const vnode *nd = &v->node[id];
    game *g = v->g;
    qmove *legal = malloc(GAME_MAX_MOVES * sizeof *legal), *seen = malloc(nd->n * sizeof *seen);
    if (!legal || !seen) {
        free(legal), free(seen);
        return verr(v, "out of memory");
    }
    int nlegal = g->ops->legal_moves(g, legal), one = (g->ops->to_move(g) == v->player) == v->win;
    int rc = 0;
    if (one && nd->n != 1)
        rc = verr(v, "node %u: %u moves where the proof must choose one", id, nd->n);
    else if (!one && nd->n != (uint32_t)nlegal)
        rc = verr(v, "node %u: %u moves listed but %d are legal", id, nd->n, nlegal);
    for (uint32_t i = 0; rc == 0 && i < nd->n; i++) {
        char e[GAME_ERR_MAX];
        const char *text = v->move[nd->first + i];
        if (g->ops->move_from_text(g, text, &seen[i], e, sizeof e) != 0) {
            rc = verr(v, "node %u: move '%s': %s", id, text, e);
            break;
        }
        for (uint32_t k = 0; k < i; k++)
            if (seen[k] == seen[i])
                rc = verr(v, "node %u: move '%s' listed twice", id, text);
        if (rc)
            break;
        g->ops->make(g, seen[i]);
        rc = check_node(v, v->child[nd->first + i], depth + 1);
        g->ops->unmake(g);
    }
    free(legal), free(seen);
    return rc;
}

static int check_node(vctx *v, uint32_t id, int depth)
{
    if (id >= v->nnodes || !v->node[id].defined)
        return verr(v, "node %u is not defined", id);
    vnode *nd = &v->node[id];
    uint64_t h = v->g->ops->hash(v->g);
    if (nd->state == 1)
        return verr(v, "node %u: the proof goes round in a cycle", id);
    if (nd->state == 2) {
        if (nd->hash != h)
            return verr(v, "node %u is reached in two different positions", id);
        return 0;
    }
    if (depth > PROOF_MAX_DEPTH) /* the check recurses once per move */
        return verr(v, "the proof is deeper than %d moves", PROOF_MAX_DEPTH);
    nd->state = 1;
    nd->hash = h;
    int res = v->g->ops->result(v->g), rc;
    if (nd->n == 0)
        rc = check_leaf(v, id, res);
    else if (res != RESULT_NONE)
        rc = verr(v, "node %u: the game is already over (%s)", id, game_result_text(res));
    else
        rc = check_children(v, id, depth);
    nd->state = 2;
    return rc;
}

static int grow(void **p, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    uint32_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return -1;
    memset((char *)q + (size_t)*cap * size, 0, (size_t)(c - *cap) * size);
    *p = q;
    *cap = c;
    return 0;
}

static int parse_uint(const char *s, uint32_t *out)
{
    long v;
    if (util_parse_long(s, &v) != 0 || v < 0 || v >= (long)PROOF_MAX_NODES)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* One node line, split in place: "ID [MOVE CHILD]...". */
static int parse_node(vctx *v, char *line, int lineno)
{
    char *w[2 * GAME_MAX_MOVES + 2];
    int n = util_split_words(line, w, 2 * GAME_MAX_MOVES + 2);
    uint32_t id;
    if (n < 1 || n % 2 == 0 || n > 2 * GAME_MAX_MOVES + 1 || parse_uint(w[0], &id) != 0)
        return verr(v, "line %d: expected a node: ID [MOVE CHILD]...", lineno);
    if (grow((void **)&v->node, &v->cap, id + 1, sizeof *v->node) != 0 ||
        grow((void **)&v->move, &v->ccap, v->nchild + (uint32_t)n, sizeof *v->move) != 0 ||
        !(v->child = realloc(v->child, (size_t)v->ccap * sizeof *v->child)))
        return verr(v, "out of memory");
    if (v->node[id].defined)
        return verr(v, "line %d: node %u defined twice", lineno, id);
    v->node[id].defined = 1;
    v->node[id].first = v->nchild;
    v->node[id].n = (uint32_t)(n - 1) / 2;
    for (int i = 1; i < n; i += 2) {
        v->move[v->nchild] = w[i];
        if (parse_uint(w[i + 1], &v->child[v->nchild]) != 0)
            return verr(v, "line %d: bad child id '%s'", lineno, w[i + 1]);
        v->nchild++;
    }
    if (id + 1 > v->nnodes)
        v->nnodes = id + 1;
    return 0;
}

static int parse_claim(vctx *v, const char *line, int lineno)
{
    char colour[64];
    int len = 0;
    if (sscanf(line, "claim %63s %n", colour, &len) != 1 || len == 0)
        return verr(v, "line %d: expected 'claim COLOUR wins|cannot win'", lineno);
    v->player = game_parse_colour(v->g->ops, colour);
    if (v->player < 0)
        return verr(v, "line %d: unknown colour '%s'", lineno, colour);
    if (strcmp(line + len, "wins") == 0)
        v->win = 1;
    else if (strcmp(line + len, "cannot win") == 0)
        v->win = 0;
    else
        return verr(v, "line %d: expected 'wins' or 'cannot win'", lineno);
    return 0;
}

static char *next_line(char **p)
{
    char *s = *p, *e = strchr(s, '\n');
    if (!e)
        return NULL;
    *e = 0;
    *p = e + 1;
    return s;
}

/* Header lines: format, game and options, position.  Creates v->g. */
static int parse_header(vctx *v, char **p, proof_report *out)
{
    char *l1 = next_line(p), *l2 = l1 ? next_line(p) : NULL, *l3 = l2 ? next_line(p) : NULL;
    if (!l1 || strcmp(l1, "quartet-proof 1") != 0)
        return verr(v, "line 1: not a quartet proof file (expected 'quartet-proof 1')");
    if (!l2 || strncmp(l2, "game ", 5) != 0)
        return verr(v, "line 2: expected 'game NAME opt=value ...'");
    if (!l3 || strncmp(l3, "position ", 9) != 0)
        return verr(v, "line 3: expected 'position TEXT'");
    snprintf(out->game, sizeof out->game, "%s", l2 + 5);
    char *w[GAME_MAX_OPTIONS + 2];
    int n = util_split_words(l2 + 5, w, GAME_MAX_OPTIONS + 2);
    const game_ops *ops = n ? game_find(w[0]) : NULL;
    if (!ops)
        return verr(v, "line 2: unknown game");
    char e[GAME_ERR_MAX];
    v->g = game_create(ops, n - 1, w + 1, e, sizeof e);
    if (!v->g)
        return verr(v, "line 2: %s", e);
    if (ops->from_text(v->g, l3 + 9, e, sizeof e) != 0)
        return verr(v, "line 3: %s", e);
    return 0;
}

/* One claim: its nodes up to "end N", then the check from node 0. */
static int verify_claim(vctx *v, char **p, int *lineno, uint64_t *nodes)
{
    v->nnodes = v->nchild = 0;
    if (v->node)
        memset(v->node, 0, (size_t)v->cap * sizeof *v->node);
    for (char *line; (line = next_line(p)); ) {
        ++*lineno;
        if (strncmp(line, "end ", 4) == 0) {
            uint32_t n;
            if (parse_uint(line + 4, &n) != 0 || n != v->nnodes)
                return verr(v, "line %d: the claim has %u nodes, not '%s'", *lineno, v->nnodes,
                            line + 4);
            *nodes += n;
            return check_node(v, 0, 0);
        }
        if (parse_node(v, line, *lineno) != 0)
            return -1;
    }
    return verr(v, "line %d: the file ends inside a claim", *lineno);
}

static int verify_text(vctx *v, char *text, size_t len, proof_report *out)
{
    /* the last line is the checksum of everything before it */
    if (len < 2 || text[len - 1] != '\n')
        return verr(v, "the file is cut off (no final newline)");
    char *last = text + len - 1;
    while (last > text && last[-1] != '\n')
        last--;
    unsigned long long want;
    char extra;
    if (sscanf(last, "checksum %16llx%c", &want, &extra) != 2 || extra != '\n')
        return verr(v, "the last line is not 'checksum HEX'");
    if (proof_checksum(text, (size_t)(last - text)) != want)
        return verr(v, "checksum mismatch: the file was changed after it was written");
    *last = 0;
    char *p = text;
    if (parse_header(v, &p, out) != 0)
        return -1;
    int lineno = 3, have[2][2] = {{0, 0}, {0, 0}};
    for (char *line; (line = next_line(&p)); ) {
        lineno++;
        if (out->claims == PROOF_MAX_CLAIMS)
            return verr(v, "line %d: more than %d claims", lineno, PROOF_MAX_CLAIMS);
        if (parse_claim(v, line, lineno) != 0 || verify_claim(v, &p, &lineno, &out->nodes) != 0)
            return -1;
        have[v->player][v->win] = 1;
        out->claims++;
    }
    if (out->claims == 0)
        return verr(v, "the file holds no claim");
    const char *const *col = v->g->ops->colour;
    if (have[0][1] && have[1][1])
        return verr(v, "the claims contradict each other: both players win");
    if (have[0][1] || have[1][1])
        snprintf(out->value, sizeof out->value, "%s wins", col[have[1][1]]);
    else if (have[0][0] && have[1][0])
        snprintf(out->value, sizeof out->value, "draw");
    else
        snprintf(out->value, sizeof out->value, "%s cannot win", col[have[1][0]]);
    return 0;
}

int proof_verify(const char *path, proof_report *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    if ((unsigned long long)st.st_size > PROOF_MAX_BYTES) {
        snprintf(err, errlen, "%s: larger than the 1 GiB limit", path);
        return -1;
    }
    size_t len;
    char *text = util_read_file(path, &len);
    if (!text) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    vctx v = {.err = err, .errlen = errlen};
    int rc = verify_text(&v, text, len, out);
    game_free(v.g);
    free(v.node), free(v.move), free(v.child), free(text);
    return rc;
}
