/*
 * timectl.h - a clock per side: Canadian byo-yomi (GTP's time_settings /
 * time_left) or base + increment (Fischer), and the time to give one turn.
 * No protocol and no game knowledge: the caller says how many turns the
 * side still expects to play (game_turns_left), which is how the plan
 * follows the game's phase.
 *
 * Budget for the side to move, in ms (0: no limit, the engine's own
 * settings decide), with n = turns_left kept within
 * TIMECTL_TURNS_MIN..TIMECTL_TURNS_MAX:
 *   in main time:   left / n  (+ 0.8 * byo_time / byo_stones when byo-yomi follows)
 *   in byo-yomi:    left / stones still to play in the period
 *   with increment: left / n + 0.8 * increment
 * then minus a safety margin of 50 ms + 5 %; never more than what this
 * turn can have (main time left, plus one stone's share of a byo-yomi
 * period that follows) less the same margin; never below 10 ms.  The clock
 * is re-read before every turn, so the spending adapts as the game goes.
 *
 * The increment of an advisory clock is learned: GTP has no word for it,
 * but after a turn charged here, the next time_left for that side shows
 * it (what the controller gave back beyond our own accounting).
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
    int64_t charged[2]; /* main time left after the last charged turn, before the
                           increment; -1: none since the last time_left */
} timectl;

#define TIMECTL_TURNS_MIN 4
#define TIMECTL_TURNS_MAX 60
#define TIMECTL_MARGIN_MS 50 /* plus 5 % of the time considered */
#define TIMECTL_FLOOR_MS 10

/* No limit. */
void timectl_init(timectl *t);
/* GTP time_settings (ms); both clocks restart.  byo_ms > 0 with
 * byo_stones == 0 means no limit, as GTP specifies. */
void timectl_set(timectl *t, int64_t main_ms, int64_t byo_ms, int byo_stones);
/* Base + increment: base_ms each, inc_ms added after every turn. */
void timectl_set_increment(timectl *t, int64_t base_ms, int64_t inc_ms);
/* GTP time_left: what the controller's clock says. */
void timectl_left(timectl *t, int side, int64_t ms, int stones);
/* Time to spend on one turn by side (0: no limit); turns_left: the turns
 * side still expects to play, this one included. */
int64_t timectl_budget(const timectl *t, int side, int turns_left);
/* Charge a turn's time to side's clock (the controller may correct it). */
void timectl_spent(timectl *t, int side, int64_t ms);

#endif
