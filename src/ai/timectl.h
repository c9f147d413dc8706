/*
 * timectl.h - a clock per side: Canadian byo-yomi (GTP's time_settings /
 * time_left) or base + increment (Fischer), and the time to give one move.
 * No protocol and no game knowledge.
 *
 * Budget for the side to move, in ms (0: no limit, the engine's own
 * settings decide):
 *   in main time:   left / 25  (+ 0.8 * byo_time / byo_stones when byo-yomi follows)
 *   in byo-yomi:    left / stones still to play in the period
 *   with increment: left / 25 + 0.8 * increment
 *   then minus a safety margin of 50 ms + 5 %, and never below 10 ms.
 * 25 is the number of turns the program plans for; the clock is re-read
 * before every move, so the spending adapts as the game goes on.
 */
#ifndef QUARTET_TIMECTL_H
#define QUARTET_TIMECTL_H

#include <stdint.h>

typedef struct timectl {
    int enabled;
    int64_t main_ms, byo_ms;
    int byo_stones;
    int64_t inc_ms;     /* added after each turn (base + increment clocks) */
    int64_t left_ms[2]; /* per side */
    int stones[2];      /* 0: in main time; else moves left in this byo-yomi period */
} timectl;

#define TIMECTL_MOVES_PLANNED 25

/* No limit. */
void timectl_init(timectl *t);
/* GTP time_settings (ms); both clocks restart.  byo_ms > 0 with
 * byo_stones == 0 means no limit, as GTP specifies. */
void timectl_set(timectl *t, int64_t main_ms, int64_t byo_ms, int byo_stones);
/* Base + increment: base_ms each, inc_ms added after every turn. */
void timectl_set_increment(timectl *t, int64_t base_ms, int64_t inc_ms);
/* GTP time_left: what the controller's clock says. */
void timectl_left(timectl *t, int side, int64_t ms, int stones);
/* Time to spend on one turn by side (0: no limit). */
int64_t timectl_budget(const timectl *t, int side);
/* Charge a turn's time to side's clock (the controller may correct it). */
void timectl_spent(timectl *t, int side, int64_t ms);

#endif
