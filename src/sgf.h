/*
 * sgf.h - the SGF text format (FF[4]), without any game knowledge: a parser
 * that keeps the main line of the first game tree with line numbers, and a
 * writer that escapes values.  record.c maps games onto it.
 */
#ifndef QUARTET_SGF_H
#define QUARTET_SGF_H

#include "strbuf.h"

#include <stddef.h>

/* Limits on what sgf_parse accepts (beyond them: "line N: ..." errors).
 * They bound memory and time for a hostile file; real records stay far
 * below them. */
#define SGF_MAX_NODES 100000  /* nodes in the whole file, variations included */
#define SGF_MAX_PROPS 64      /* properties in one node */
#define SGF_MAX_VALUES 1000   /* values of one property */
#define SGF_MAX_VALUE 65536   /* bytes in one value, as written */

typedef struct sgf_prop {
    char id[8];     /* upper-case identifier, e.g. "B", "GM" */
    char **values;  /* unescaped values */
    int nvalues;
    int line;       /* where the identifier starts (1-based) */
} sgf_prop;

typedef struct sgf_node {
    sgf_prop *props;
    int nprops;
    int line;       /* line of the node's ';' */
} sgf_node;

/* The main line (first variation at every branch) of the first game tree. */
typedef struct sgf_tree {
    sgf_node *nodes;
    int nnodes;
    int cap; /* room in nodes (it grows by doubling) */
} sgf_tree;

/* Parse SGF text.  NULL with "line N: reason" in err when it is not SGF
 * (unbalanced brackets, truncated value, no game tree, ...). */
sgf_tree *sgf_parse(const char *text, char *err, size_t errlen);
void sgf_tree_free(sgf_tree *t);
/* The property with this identifier in the node, or NULL. */
const sgf_prop *sgf_node_prop(const sgf_node *n, const char *id);

/* SGF is written into a growing string (failed: out of memory). */
typedef strbuf sgf_out;

void sgf_out_raw(sgf_out *o, const char *text);
/* ID[value] with ']' and '\' escaped. */
void sgf_out_prop(sgf_out *o, const char *id, const char *value);

#endif
