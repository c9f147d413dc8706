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
    t->left_ms[side] = ms < 0 ? 0 : ms;
    t->stones[side] = stones < 0 ? 0 : stones;
}

int64_t timectl_budget(const timectl *t, int side)
{
    if (!t->enabled)
        return 0;
    int64_t left = t->left_ms[side], raw;
    if (t->stones[side] > 0) {
        raw = left / t->stones[side];
    } else {
        raw = left / TIMECTL_MOVES_PLANNED;
        if (t->byo_ms > 0 && t->byo_stones > 0)
            raw += t->byo_ms * 4 / 5 / t->byo_stones;
        raw += t->inc_ms * 4 / 5;
    }
    int64_t budget = raw - 50 - raw / 20;
    return budget < 10 ? 10 : budget;
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
