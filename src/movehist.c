/* movehist.c - growing and copying the move history (movehist.h). */
#include "movehist.h"

#include <stdio.h>
#include <stdlib.h>

void movehist_grow(movehist *h, int need)
{
    if (need <= h->cap)
        return;
    int cap = h->cap ? h->cap : 256;
    while (cap < need)
        cap *= 2;
    unsigned char *p = realloc(h->pos, h->pos_size * (size_t)cap);
    if (p)
        h->pos = p;
    qmove *m = p ? realloc(h->moves, sizeof *m * (size_t)cap) : NULL;
    if (!p || !m) {
        fprintf(stderr, "quartet: out of memory\n");
        exit(1);
    }
    h->moves = m;
    h->cap = cap;
}

void movehist_init(movehist *h, size_t pos_size, int cap)
{
    memset(h, 0, sizeof *h);
    h->pos_size = pos_size;
    movehist_grow(h, cap);
}

void movehist_free(movehist *h)
{
    free(h->pos);
    free(h->moves);
    memset(h, 0, sizeof *h);
}

void movehist_copy(movehist *dst, const movehist *src)
{
    movehist_grow(dst, src->ply);
    memcpy(dst->pos, src->pos, src->pos_size * (size_t)src->ply);
    memcpy(dst->moves, src->moves, sizeof *src->moves * (size_t)src->ply);
    dst->ply = src->ply;
}
