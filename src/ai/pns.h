/*
 * pns.h - proof-number search: proves whether a player can force a win.
 *
 * Depth-first proof-number search (df-pn, with the 1+epsilon threshold
 * trick) over any game behind game.h: a transposition table of a fixed
 * size (bucketed, the entry with the least work is replaced), children in
 * the game's own move order (or a seeded shuffle of it), keys from the
 * game's canonical_hash when it has one so symmetric positions share an
 * entry; with the game's quick_value a child where either player wins at
 * once is decided unexpanded, and the other children's numbers start from
 * their counts of moves.  The side to move is read at every node, so a turn of several
 * moves needs no care.  A position repeated on the current path counts as
 * "no win" for the attacker (a proof never relies on it; the proof file
 * checker confirms every proof independently).
 *
 * One pns object is used by one thread at a time; pns_stop and
 * pns_progress may be called from any thread.
 */
#ifndef QUARTET_PNS_H
#define QUARTET_PNS_H

#include "game.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define PNS_INF 0x7FFFFFFFu
#define PNS_MAX_DEPTH 4096 /* plies below the position searched */

typedef struct pns pns;
struct proof_writer;

typedef struct pns_params {
    size_t memory_mb;    /* transposition table (at least 1) */
    int64_t deadline;    /* util_now_ms() at which to stop (0: no limit) */
    uint64_t nodes;      /* stop when this many nodes were searched since pns_new (0: no limit) */
    uint64_t order_seed; /* 0: the game's move order; else a shuffle per position */
    atomic_int *stop;    /* another's flag: non-zero ends the search as pns_stop does (NULL: none) */
} pns_params;

/* Outcome of pns_prove. */
enum pns_outcome { PNS_UNKNOWN = -1, PNS_DISPROVEN = 0, PNS_PROVEN = 1 };

typedef struct pns_progress {
    uint64_t nodes;     /* since pns_new */
    uint32_t pn, dn;    /* of the position being proved */
    uint64_t tt_used;   /* entries in use */
    uint64_t tt_size;
} pns_progress;

/* NULL when the memory cannot be had. */
pns *pns_new(const pns_params *p);
void pns_free(pns *s);
size_t pns_memory_bytes(const pns *s);

/* Can `attacker` (0 or 1) force a win from g?  g is left as it was.
 * PNS_UNKNOWN when a limit or pns_stop ended the search first; then
 * pns_error says why. */
int pns_prove(pns *s, game *g, int attacker);
const char *pns_error(const pns *s);
/* What the table knows of g for attacker, without searching. */
int pns_lookup(const pns *s, const game *g, int attacker);

/* As pns_prove for the side to move, and where it wins, *win (non-NULL) a
 * winning move: the first in the game's order the table shows won.
 * PNS_UNKNOWN (pns_error: "the table lost the winning move") where the
 * table no longer holds one. */
int pns_prove_move(pns *s, game *g, qmove *win);
/* For g proven won for attacker: the first of its moves (the game's order)
 * the table shows won for attacker, in *win; 0, or -1 when the table no
 * longer holds one.  g is left as it was. */
int pns_winning_move(pns *s, game *g, int attacker, qmove *win);

/* The next calls' time limit and outside stop flag (as in pns_params). */
void pns_set_limits(pns *s, int64_t deadline, atomic_int *stop);
/* Forget every position: for another game, whose keys mean other things. */
void pns_clear(pns *s);

/* Ask a running pns_prove to return PNS_UNKNOWN soon. */
void pns_stop(pns *s);
void pns_get_progress(const pns *s, pns_progress *out);

/* Write the proof that attacker wins (win = 1) or cannot win (win = 0) as
 * one claim of a proof file: every node with its moves, the attacker's one
 * chosen move or all of the defender's.  Re-proves what the table lost.
 * 0, or -1 with a message. */
int pns_write_proof(pns *s, game *g, int attacker, int win, struct proof_writer *w,
                    char *err, size_t errlen);

#endif
