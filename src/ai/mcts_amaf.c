/* mcts_amaf.c - all-moves-as-first statistics (see mcts_amaf.h). */
#include "ai/mcts_amaf.h"

/* The entry for m: this iteration's, or a free one (gen not current). */
static mcts_amaf_entry *slot(mcts_worker *w, qmove m)
{
    if (m < MCTS_AMAF_DIRECT)
        return &w->amaf_direct[m];
    uint32_t i = (m * 0x9E3779B1u) >> 18; /* 14 bits: MCTS_AMAF_TABLE */
    for (;;) {
        mcts_amaf_entry *e = &w->amaf[i];
        if (e->gen != w->amaf_gen || e->move == m)
            return e;
        i = (i + 1) & (MCTS_AMAF_TABLE - 1);
    }
}

static void played(mcts_worker *w, qmove m, int player, int index)
{
    mcts_amaf_entry *e = slot(w, m);
    if (e->gen != w->amaf_gen) {
        e->gen = w->amaf_gen;
        e->move = m;
        e->last[0] = e->last[1] = -1;
    }
    e->last[player] = index;
}

void mcts_amaf_record(const mcts_tree *t, mcts_worker *w, int depth)
{
    if (++w->amaf_gen == 0) { /* wrapped: forget every entry */
        for (int i = 0; i < MCTS_AMAF_TABLE; i++)
            w->amaf[i].gen = 0;
        for (int i = 0; i < MCTS_AMAF_DIRECT; i++)
            w->amaf_direct[i].gen = 0;
        w->amaf_gen = 1;
    }
    for (int d = 0; d < depth; d++)
        played(w, t->pool[w->path[d + 1]].move, t->pool[w->path[d]].side, d);
    int side = t->pool[w->path[depth]].side;
    for (int j = 0; j < w->ntrace; j++) {
        qmove m = w->trace[j];
        if (t->marked_trace)
            played(w, m & ~GAME_TRACE_SECOND, (m & GAME_TRACE_SECOND) != 0, depth + j);
        else
            played(w, m, side ^ (j & 1), depth + j);
    }
}

/* Whether the iteration's player p made move m at index d or later. */
static int later(mcts_worker *w, uint32_t gen, qmove m, int p, int d)
{
    const mcts_amaf_entry *e = slot(w, m);
    return (e->gen == gen) & (e->last[p] >= d); /* both read: no branch */
}

void mcts_amaf_update(mcts_tree *t, mcts_worker *w, int depth, double score)
{
    const uint32_t gen = w->amaf_gen;
    for (int d = 0; d <= depth; d++) {
        mcts_node *n = &t->pool[w->path[d]];
        int p = n->side;
        float s = (float)(p == 0 ? score : 1.0 - score);
        int k = n->nchild; /* before child: another thread may be expanding n */
        if (!k)
            continue;
        mcts_node *c = &t->pool[n->child];
        /* Every child is written, a hit adding 1 and the score, a miss 0:
         * which children were played later is a coin toss to the branch
         * predictor.  Threads sharing the tree add by a load and a store,
         * not a locked read-modify-write: two adds to one child at once
         * may lose one, a small error in a heuristic statistic, where
         * locked adds on the lines both threads write cost more than the
         * second thread searched (docs/BENCHMARKS.md). */
        for (int i = 0; i < k; i++) {
            int hit = later(w, gen, c[i].move, p, d);
            MCTS_STORE(c[i].amaf_visits, MCTS_LOAD(c[i].amaf_visits) + (uint32_t)hit);
            MCTS_STORE(c[i].amaf_wins, MCTS_LOAD(c[i].amaf_wins) + s * (float)hit);
        }
    }
}
