/*
 * movehist.h - the copy-make move history a game module embeds: the whole
 * position before each move, and the move.  make() pushes, unmake() pops,
 * move_at() and repetition checks read it.  It grows by doubling, which a
 * search never triggers: games start with room for far longer lines.
 * Growing may fail (out of memory): a game's reserve hook calls
 * movehist_reserve before moves are made, so make() and copy() never have
 * to allocate; they grow only for a caller that did not reserve, and
 * abort if even that fails.
 */
#ifndef QUARTET_MOVEHIST_H
#define QUARTET_MOVEHIST_H

#include "game.h"

#include <string.h>

typedef struct movehist {
    unsigned char *pos; /* pos_size bytes per ply: the position at ply k */
    qmove *moves;       /* moves[k]: the move made at ply k */
    size_t pos_size;
    int ply, cap;
} movehist;

#define MOVEHIST_MAX (1 << 24) /* plies: far beyond any record (100,000 nodes) */

/* The allocator (tests make it fail); realloc by default. */
extern void *(*movehist_realloc)(void *p, size_t size);

/* Room for cap plies; 0, or -1 when memory is short. */
int movehist_init(movehist *h, size_t pos_size, int cap);
void movehist_free(movehist *h);
/* Room for need plies in all; 0, or -1 (h unchanged) when memory is short
 * or need is over MOVEHIST_MAX. */
int movehist_reserve(movehist *h, int need);
/* dst must have the same pos_size and room for src's plies. */
void movehist_copy(movehist *dst, const movehist *src);
/* Grows for a caller that did not reserve; aborts if that fails. */
void movehist_overflow(movehist *h, int need);

/* size is h->pos_size; a game passing sizeof its position makes the copy
 * a constant size the compiler writes out (no memcpy call on make's path). */
static inline void movehist_push_sized(movehist *h, const void *pos, size_t size, qmove m)
{
    if (h->ply >= h->cap)
        movehist_overflow(h, h->ply + 1);
    memcpy(h->pos + (size_t)h->ply * size, pos, size);
    h->moves[h->ply++] = m;
}

static inline void movehist_push(movehist *h, const void *pos, qmove m)
{
    movehist_push_sized(h, pos, h->pos_size, m);
}

/* Restores the position before the last move into pos; 0 at the start. */
static inline int movehist_pop_sized(movehist *h, void *pos, size_t size)
{
    if (h->ply == 0)
        return 0;
    h->ply--;
    memcpy(pos, h->pos + (size_t)h->ply * size, size);
    return 1;
}

static inline int movehist_pop(movehist *h, void *pos)
{
    return movehist_pop_sized(h, pos, h->pos_size);
}

static inline const void *movehist_pos(const movehist *h, int k)
{
    return h->pos + (size_t)k * h->pos_size;
}

/* A lazy history, for a playout that makes moves on a private state: it
 * records the moves alone (the caller reserved room) and stores the
 * positions between them later, only if unmake needs them. */
static inline void movehist_push_move(movehist *h, qmove m)
{
    h->moves[h->ply++] = m;
}

static inline void *movehist_pos_at(movehist *h, int k)
{
    return h->pos + (size_t)k * h->pos_size;
}

#endif
