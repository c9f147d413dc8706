/*
 * history.h - the copy-make move history a game module embeds: the whole
 * position before each move, and the move.  make() pushes, unmake() pops,
 * move_at() and repetition checks read it.  It grows by doubling, which a
 * search never triggers: games start with room for far longer lines.
 */
#ifndef QUARTET_HISTORY_H
#define QUARTET_HISTORY_H

#include "game.h"

#include <string.h>

typedef struct history {
    unsigned char *pos; /* pos_size bytes per ply: the position at ply k */
    qmove *moves;       /* moves[k]: the move made at ply k */
    size_t pos_size;
    int ply, cap;
} history;

void history_init(history *h, size_t pos_size, int cap);
void history_free(history *h);
/* dst must have the same pos_size; grows dst only if src is longer. */
void history_copy(history *dst, const history *src);
void history_grow(history *h, int need);

static inline void history_push(history *h, const void *pos, qmove m)
{
    if (h->ply >= h->cap)
        history_grow(h, h->ply + 1);
    memcpy(h->pos + (size_t)h->ply * h->pos_size, pos, h->pos_size);
    h->moves[h->ply++] = m;
}

/* Restores the position before the last move into pos; 0 at the start. */
static inline int history_pop(history *h, void *pos)
{
    if (h->ply == 0)
        return 0;
    h->ply--;
    memcpy(pos, h->pos + (size_t)h->ply * h->pos_size, h->pos_size);
    return 1;
}

static inline const void *history_pos(const history *h, int k)
{
    return h->pos + (size_t)k * h->pos_size;
}

#endif
