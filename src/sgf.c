/*
 * sgf.c - SGF text: parsing into the main line, escaping on output.
 *
 * Grammar (FF[4]): Collection = GameTree+; GameTree = "(" Sequence GameTree* ")";
 * Sequence = Node+; Node = ";" Property*; Property = Ident Value+;
 * Value = "[" text "]" where '\' escapes the next character and '\' before a
 * line break removes it.  Text before the first '(' is skipped, as the
 * standard allows; everything after the first game tree is ignored.
 * Old-style identifiers with lower-case letters (FF[3] "AddBlack") keep
 * their capitals.
 */
#include "sgf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SGF_MAX_DEPTH 1000 /* nested variations; beyond this a file is hostile */

typedef struct parser {
    const char *p;
    int line;
    int nodes; /* parsed so far, variations included */
    sgf_tree *tree;
    char *err;
    size_t errlen;
} parser;

static int fail(parser *ps, int line, const char *msg)
{
    snprintf(ps->err, ps->errlen, "line %d: %s", line, msg);
    return -1;
}

/* arr with room for need elements (it has cap now), grown by doubling so
 * that a long file costs linear time; NULL (arr untouched) without memory. */
static void *grow(void *arr, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return arr;
    int n = *cap ? *cap : 4;
    while (n < need)
        n *= 2;
    void *p = realloc(arr, elem * (size_t)n);
    if (p)
        *cap = n;
    return p;
}

static void skip_space(parser *ps)
{
    while (*ps->p && isspace((unsigned char)*ps->p)) {
        if (*ps->p == '\n')
            ps->line++;
        ps->p++;
    }
}

static void free_prop(sgf_prop *pr)
{
    for (int i = 0; i < pr->nvalues; i++)
        free(pr->values[i]);
    free(pr->values);
}

static void free_node(sgf_node *n)
{
    for (int i = 0; i < n->nprops; i++)
        free_prop(&n->props[i]);
    free(n->props);
}

void sgf_tree_free(sgf_tree *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->nnodes; i++)
        free_node(&t->nodes[i]);
    free(t->nodes);
    free(t);
}

const sgf_prop *sgf_node_prop(const sgf_node *n, const char *id)
{
    for (int i = 0; i < n->nprops; i++)
        if (strcmp(n->props[i].id, id) == 0)
            return &n->props[i];
    return NULL;
}

/* One "[...]" value; ps->p is on the '['.  Returns a malloc'd string. */
static char *parse_value(parser *ps)
{
    int start = ps->line;
    ps->p++;
    const char *value_start = ps->p;
    size_t cap = 32, len = 0;
    char *v = malloc(cap);
    if (!v) {
        fail(ps, start, "out of memory");
        return NULL;
    }
    for (;;) {
        char c = *ps->p;
        if (!c) {
            char msg[96];
            snprintf(msg, sizeof msg, "unexpected end of file in a value begun on line %d", start);
            fail(ps, ps->line, msg);
            free(v);
            return NULL;
        }
        ps->p++;
        if (c == ']')
            break;
        if (ps->p - value_start > SGF_MAX_VALUE) {
            char msg[96];
            snprintf(msg, sizeof msg, "a value longer than %d bytes", SGF_MAX_VALUE);
            fail(ps, start, msg);
            free(v);
            return NULL;
        }
        if (c == '\n')
            ps->line++;
        if (c == '\\') {
            c = *ps->p;
            if (!c)
                continue; /* the end-of-file error comes next round */
            ps->p++;
            if (c == '\n' || c == '\r') { /* soft line break: removed */
                char c2 = *ps->p;
                if ((c2 == '\n' || c2 == '\r') && c2 != c)
                    ps->p++;
                ps->line++;
                continue;
            }
        }
        if (len + 2 > cap) {
            char *nv = realloc(v, cap *= 2);
            if (!nv) {
                free(v);
                fail(ps, start, "out of memory");
                return NULL;
            }
            v = nv;
        }
        v[len++] = c;
    }
    v[len] = 0;
    return v;
}

/* Ident Value+ ; ps->p is on a letter.  Adds to n when keep. */
static int parse_prop(parser *ps, sgf_node *n, int keep)
{
    sgf_prop pr;
    memset(&pr, 0, sizeof pr);
    pr.line = ps->line;
    size_t idlen = 0;
    while (isalpha((unsigned char)*ps->p)) {
        if (isupper((unsigned char)*ps->p)) {
            if (idlen + 1 >= sizeof pr.id)
                return fail(ps, ps->line, "property identifier too long");
            pr.id[idlen++] = *ps->p;
        }
        ps->p++;
    }
    if (idlen == 0)
        return fail(ps, pr.line, "property identifier without capital letters");
    skip_space(ps);
    if (*ps->p != '[') {
        char msg[64];
        snprintf(msg, sizeof msg, "property %s has no value ('[' expected)", pr.id);
        return fail(ps, ps->line, msg);
    }
    if (keep && sgf_node_prop(n, pr.id)) {
        char msg[64];
        snprintf(msg, sizeof msg, "property %s appears twice in one node", pr.id);
        return fail(ps, pr.line, msg);
    }
    int vcap = 0, count = 0;
    while (*ps->p == '[') {
        if (++count > SGF_MAX_VALUES) {
            char msg[64];
            snprintf(msg, sizeof msg, "property %s has more than %d values", pr.id,
                     SGF_MAX_VALUES);
            free_prop(&pr);
            return fail(ps, pr.line, msg);
        }
        char *v = parse_value(ps);
        if (!v) {
            free_prop(&pr);
            return -1;
        }
        if (keep) {
            char **nv = grow(pr.values, &vcap, pr.nvalues + 1, sizeof *nv);
            if (!nv) {
                free(v);
                free_prop(&pr);
                return fail(ps, pr.line, "out of memory");
            }
            pr.values = nv;
            pr.values[pr.nvalues++] = v;
        } else {
            free(v);
        }
        skip_space(ps);
    }
    if (!keep)
        return 0;
    /* at most SGF_MAX_PROPS, so one more element each time costs little */
    sgf_prop *np = realloc(n->props, sizeof *np * (size_t)(n->nprops + 1));
    if (!np) {
        free_prop(&pr);
        return fail(ps, pr.line, "out of memory");
    }
    n->props = np;
    n->props[n->nprops++] = pr;
    return 0;
}

/* ";" Property* ; ps->p is on the ';'. */
static int parse_node(parser *ps, int keep)
{
    sgf_node n;
    memset(&n, 0, sizeof n);
    n.line = ps->line;
    if (++ps->nodes > SGF_MAX_NODES) {
        char msg[64];
        snprintf(msg, sizeof msg, "more than %d nodes", SGF_MAX_NODES);
        return fail(ps, n.line, msg);
    }
    ps->p++;
    skip_space(ps);
    int props = 0;
    while (isalpha((unsigned char)*ps->p)) {
        if (++props > SGF_MAX_PROPS) {
            char msg[64];
            snprintf(msg, sizeof msg, "more than %d properties in one node", SGF_MAX_PROPS);
            free_node(&n);
            return fail(ps, ps->line, msg);
        }
        if (parse_prop(ps, &n, keep) != 0) {
            free_node(&n);
            return -1;
        }
        skip_space(ps);
    }
    if (!keep)
        return 0;
    sgf_tree *t = ps->tree;
    sgf_node *nn = grow(t->nodes, &t->cap, t->nnodes + 1, sizeof *nn);
    if (!nn) {
        free_node(&n);
        return fail(ps, n.line, "out of memory");
    }
    t->nodes = nn;
    t->nodes[t->nnodes++] = n;
    return 0;
}

/* "(" Node+ GameTree* ")" ; ps->p is on the '('.  Only the main line is kept. */
static int parse_tree(parser *ps, int main_line, int depth)
{
    int open_line = ps->line;
    if (depth > SGF_MAX_DEPTH)
        return fail(ps, ps->line, "variations nested too deeply");
    ps->p++;
    skip_space(ps);
    if (*ps->p != ';')
        return fail(ps, ps->line, "a game tree must start with a node (';' expected)");
    while (*ps->p == ';') {
        if (parse_node(ps, main_line) != 0)
            return -1;
    }
    int first = 1;
    while (*ps->p == '(') {
        if (parse_tree(ps, main_line && first, depth + 1) != 0)
            return -1;
        first = 0;
        skip_space(ps);
    }
    if (*ps->p == ')') {
        ps->p++;
        return 0;
    }
    if (!*ps->p) {
        char msg[96];
        snprintf(msg, sizeof msg, "unexpected end of file: the game tree opened on line %d "
                 "is not closed", open_line);
        return fail(ps, ps->line, msg);
    }
    char msg[64];
    snprintf(msg, sizeof msg, "unexpected '%c' (expected ';', '(', ')' or a property)",
             *ps->p);
    return fail(ps, ps->line, msg);
}

sgf_tree *sgf_parse(const char *text, char *err, size_t errlen)
{
    parser ps = {text, 1, 0, NULL, err, errlen};
    /* skip anything before the first "(;" */
    for (;;) {
        while (*ps.p && *ps.p != '(') {
            if (*ps.p == '\n')
                ps.line++;
            ps.p++;
        }
        if (!*ps.p) {
            fail(&ps, ps.line, "no SGF game tree found (expected '(;')");
            return NULL;
        }
        const char *q = ps.p + 1;
        while (*q && isspace((unsigned char)*q) && *q != '\n')
            q++;
        if (*q == ';' || *q == '\n')
            break;
        ps.p++;
    }
    ps.tree = calloc(1, sizeof *ps.tree);
    if (!ps.tree) {
        fail(&ps, ps.line, "out of memory");
        return NULL;
    }
    if (parse_tree(&ps, 1, 0) != 0) {
        sgf_tree_free(ps.tree);
        return NULL;
    }
    return ps.tree;
}

void sgf_out_raw(sgf_out *o, const char *text) { strbuf_add(o, text); }

void sgf_out_prop(sgf_out *o, const char *id, const char *value)
{
    sgf_out_raw(o, id);
    strbuf_addn(o, "[", 1);
    for (const char *p = value; *p; p++) {
        if (*p == ']' || *p == '\\')
            strbuf_addn(o, "\\", 1);
        strbuf_addn(o, p, 1);
    }
    strbuf_addn(o, "]", 1);
}
