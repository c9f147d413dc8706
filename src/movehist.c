/* movehist.c - growing and copying the move history (movehist.h). */
#include "movehist.h"

#include <stdio.h>
#include <stdlib.h>

void *(*movehist_realloc)(void *p, size_t size) = realloc;

int movehist_reserve(movehist *h, int need)
{
    if (need <= h->cap)
        return 0;
    if (need > MOVEHIST_MAX)
        return -1;
    int cap = h->cap ? h->cap : 256;
    while (cap < need)
        cap = cap > MOVEHIST_MAX / 2 ? MOVEHIST_MAX : cap * 2;
    /* both arrays or neither: a failure leaves h as it was */
    unsigned char *p = movehist_realloc(NULL, h->pos_size * (size_t)cap);
    qmove *m = p ? movehist_realloc(NULL, sizeof *m * (size_t)cap) : NULL;
    if (!m) {
        free(p);
        return -1;
    }
    if (h->ply) {
        memcpy(p, h->pos, h->pos_size * (size_t)h->ply);
        memcpy(m, h->moves, sizeof *m * (size_t)h->ply);
    }
    free(h->pos);
    free(h->moves);
    h->pos = p;
    h->moves = m;
    h->cap = cap;
    return 0;
}

void movehist_overflow(movehist *h, int need)
{
    if (movehist_reserve(h, need) == 0)
        return;
    /* make() and copy() have no way to fail: every caller that can run a
     * game long reserves first (game_reserve), so this is a bug */
    fprintf(stderr, "quartet: move history of %d plies without room reserved\n", need);
    abort();
}

int movehist_init(movehist *h, size_t pos_size, int cap)
{
    memset(h, 0, sizeof *h);
    h->pos_size = pos_size;
    return movehist_reserve(h, cap);
}

void movehist_free(movehist *h)
{
    free(h->pos);
    free(h->moves);
    memset(h, 0, sizeof *h);
}

void movehist_copy(movehist *dst, const movehist *src)
{
    if (src->ply > dst->cap)
        movehist_overflow(dst, src->ply);
    memcpy(dst->pos, src->pos, src->pos_size * (size_t)src->ply);
    memcpy(dst->moves, src->moves, sizeof *src->moves * (size_t)src->ply);
    dst->ply = src->ply;
}
