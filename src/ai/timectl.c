/* timectl.c - clock arithmetic for time_settings / time_left (see timectl.h). */
#include "ai/timectl.h"

void timectl_init(timectl *t)
{
    t->enabled = 0;
    t->main_ms = t->byo_ms = 0;
    t->byo_stones = 0;
    t->inc_ms = 0;
    for (int s = 0; s < 2; s++) {
        t->left_ms[s] = 0;
        t->stones[s] = 0;
        t->charged[s] = -1;
    }
}

void timectl_set(timectl *t, int64_t main_ms, int64_t byo_ms, int byo_stones)
{
    timectl_init(t);
    if ((byo_ms > 0 && byo_stones == 0) || (main_ms <= 0 && byo_ms <= 0))
        return; /* no time limit */
    t->enabled = 1;
    t->main_ms = main_ms;
    t->byo_ms = byo_ms;
    t->byo_stones = byo_stones;
    for (int s = 0; s < 2; s++) {
        t->left_ms[s] = main_ms > 0 ? main_ms : byo_ms;
        t->stones[s] = main_ms > 0 ? 0 : byo_stones;
    }
}

void timectl_set_increment(timectl *t, int64_t base_ms, int64_t inc_ms)
{
    timectl_init(t);
    if (base_ms <= 0)
        return;
    t->enabled = 1;
    t->main_ms = base_ms;
    t->inc_ms = inc_ms > 0 ? inc_ms : 0;
    t->left_ms[0] = t->left_ms[1] = base_ms;
}

void timectl_left(timectl *t, int side, int64_t ms, int stones)
{
    if (!t->enabled) {
        /* time_left without time_settings: treat it as sudden death */
        t->enabled = 1;
        t->main_ms = ms;
    }
    if (t->charged[side] >= 0 && stones == 0 && t->stones[side] == 0 && t->byo_stones == 0) {
        /* what came back beyond our own accounting is the increment (less
         * the controller's overhead, so the guess errs low) */
        int64_t gain = ms - t->charged[side];
        t->inc_ms = gain > 0 ? gain : 0;
    }
    t->charged[side] = -1;
    t->left_ms[side] = ms < 0 ? 0 : ms;
    t->stones[side] = stones < 0 ? 0 : stones;
}

/* The time minus the safety margin (50 ms + 5 %). */
static int64_t less_margin(int64_t ms) { return ms - TIMECTL_MARGIN_MS - ms / 20; }

int64_t timectl_budget(const timectl *t, int side, int turns_left)
{
    if (!t->enabled)
        return 0;
    int n = turns_left < TIMECTL_TURNS_MIN   ? TIMECTL_TURNS_MIN
            : turns_left > TIMECTL_TURNS_MAX ? TIMECTL_TURNS_MAX
                                             : turns_left;
    int64_t left = t->left_ms[side], raw, can = left;
    if (t->stones[side] > 0) {
        raw = left / t->stones[side];
    } else {
        raw = left / n;
        if (t->byo_ms > 0 && t->byo_stones > 0) {
            raw += t->byo_ms * 4 / 5 / t->byo_stones;
            can += t->byo_ms / t->byo_stones;
        }
        raw += t->inc_ms * 4 / 5; /* the increment comes after the turn: not in can */
    }
    int64_t budget = less_margin(raw), most = less_margin(can);
    if (budget > most)
        budget = most;
    return budget < TIMECTL_FLOOR_MS ? TIMECTL_FLOOR_MS : budget;
}

void timectl_spent(timectl *t, int side, int64_t ms)
{
    if (!t->enabled)
        return;
    t->left_ms[side] -= ms;
    if (t->stones[side] == 0) {
        if (t->left_ms[side] >= 0 || t->byo_stones <= 0) {
            if (t->left_ms[side] < 0)
                t->left_ms[side] = 0;
            t->charged[side] = t->left_ms[side];
            t->left_ms[side] += t->inc_ms;
            return;
        }
        /* main time ran out during the move: a byo-yomi period starts */
        t->left_ms[side] = t->byo_ms;
        t->stones[side] = t->byo_stones;
        return;
    }
    if (--t->stones[side] == 0 || t->left_ms[side] < 0) {
        t->left_ms[side] = t->byo_ms;
        t->stones[side] = t->byo_stones;
    }
}
