/*
 * loa_tables.h - the LOA board tables loa.c builds once (at the first
 * game's creation), shared with the evaluation in loa_eval.c.  Bit
 * (rank * 8 + file), a1 = bit 0; directions 0/1 rank, 2/3 file, 4/5
 * diagonal, 6/7 anti-diagonal.  Not part of the game interface.
 */
#ifndef QUARTET_LOA_TABLES_H
#define QUARTET_LOA_TABLES_H

#include <stdint.h>

/* Move code: from | to << 6 | capture << 12; a pass has its own code. */
#define LOA_MV_FROM(m) ((int)((m) & 63))
#define LOA_MV_TO(m) ((int)(((m) >> 6) & 63))
#define LOA_MV_CAPTURE 0x1000u
#define LOA_MV_PASS 0x2000u

#define LOA_FILE_A 0x0101010101010101ull
#define LOA_FILE_H 0x8080808080808080ull

#define LOA_NLINES 46 /* 8 ranks, 8 files, 15 diagonals, 15 anti-diagonals */

extern uint8_t loa_line_of[64][4];      /* the square's lines: rank, file, diagonals */
extern uint64_t loa_line_mask[64][4];   /* the square's rank, file, diagonal, anti-diagonal */
extern int8_t loa_ray_target[64][8][9]; /* [sq][dir][dist] target square, or -1 */
extern uint64_t loa_between[64][64];    /* squares strictly between two aligned squares */

/* b and every square next to it (8-neighbourhood). */
static inline uint64_t loa_dilate(uint64_t b)
{
    uint64_t h = b | ((b << 1) & ~LOA_FILE_A) | ((b >> 1) & ~LOA_FILE_H);
    return h | (h << 8) | (h >> 8);
}

#endif
