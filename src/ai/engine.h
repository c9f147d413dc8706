/*
 * engine.h - the protocol-free facade every front end uses to get a move
 * from the computer: the terminal game, GTP, the match runner, the web.
 *
 * An engine is a kind of player ("random", "ai") plus settings given as
 * name=value pairs, so that every front end exposes the same knobs with the
 * same names (quartet:level=5 in a match, --second=ai:level=5 in play,
 * quartet-set level 5 in GTP).
 */
#ifndef QUARTET_ENGINE_H
#define QUARTET_ENGINE_H

#include "game.h"

#include <stdint.h>

typedef struct engine engine;

typedef struct engine_report {
    double value;        /* expected score for the player to move, 0..1 (0.5 unknown) */
    uint64_t iterations; /* playouts or nodes searched */
    int64_t ms;          /* time spent */
    char summary[256];   /* one line for logs and SGF comments */
    uint64_t nodes;      /* tree nodes in use (ai) */
    int proven;          /* 1 when value is a proven game value (ai) */
    uint64_t reused;     /* what the previous search (a ponder) left for this one: root
                            visits kept (mcts), the depth the table held (alphabeta) */
    int early;           /* 1: stopped before its time, the best move could not change */
} engine_report;

/* ---- analysis: what a search knows, while it runs ----
 * Values are expected scores 0..1 for the player to move in the searched
 * position.  proven: ENGINE_PROVEN_WIN (+1), ENGINE_PROVEN_LOSS (-1),
 * ENGINE_PROVEN_DRAW (2), or 0 while unknown. */
#define ENGINE_PROVEN_WIN 1
#define ENGINE_PROVEN_LOSS (-1)
#define ENGINE_PROVEN_DRAW 2

typedef struct engine_candidate {
    qmove move;
    uint64_t visits;     /* playouts through this move */
    double value;        /* its mean score (the proven one when proven) */
    double prior;        /* the searcher's prior for it, 0..1 (0.5: none) */
    int proven;
    int plies;           /* when proven: moves of both players to the end of the game,
                            this one included, along the proof (0: not known) */
} engine_candidate;

typedef struct engine_progress {
    int64_t ms;                   /* since the search started */
    uint64_t iterations;          /* in this search */
    double value;                 /* of the position */
    int proven;
    int ncand;
    const engine_candidate *cand; /* best first: cand[0] is the move it would play */
    int npv;
    const qmove *pv;              /* principal variation, starting with cand[0].move */
    int final;                    /* 1 for the last report of a search */
    uint64_t nodes, capacity;     /* tree nodes in use and room for them (0: no tree) */
    /* alpha-beta: the deepest iteration it completed, its counts (iterations,
     * a candidate's visits) being nodes searched; 0: a tree search, whose
     * counts are playouts and visits */
    int depth;
} engine_progress;

/* The longest principal variation a progress report carries. */
#define ENGINE_PV_MAX 32

typedef void (*engine_progress_fn)(const engine_progress *p, void *arg);

/* kind: a searcher's name ("mcts", "alphabeta", "random") or "ai" for the
 * strongest: in each game the searcher it names (game_ops.ai_searcher),
 * taken when the game is set or searched (the registry's first until
 * then).  NULL with err on error. */
engine *engine_new(const char *kind, char *err, size_t errlen);
void engine_free(engine *e);
const char *engine_kind(const engine *e);

/* Settings are name=value pairs from the searcher's own table (see
 * engine_settings_help() or `quartet help play`); "random" knows only
 * seed.  Unknown names and bad values are refused with a message naming
 * the setting and its range ("level must be 1..10, not 11") and change
 * nothing; engine_set_all is all or nothing.  A setting given here wins
 * over the defaults a game tunes (game_ops.ai_defaults).  "ai" also takes
 * the settings of its other searchers, kept for a game that uses one. */
int engine_set(engine *e, const char *name, const char *value, char *err, size_t errlen);
/* "name=value name=value" (also with ':' or ',' separators).  0 or -1. */
int engine_set_all(engine *e, const char *settings, char *err, size_t errlen);
/* 1 if kind names a kind of player ("ai" or a searcher's name). */
int engine_kind_exists(const char *kind);
/* 1 if players of this kind have the named setting. */
int engine_kind_has_setting(const char *kind, const char *name);
/* Settings as "seed=1 level=5 ...", every one in the table's order, with
 * the defaults of the game given to engine_set_game() (a search uses its
 * own game's defaults in any case). */
void engine_settings_text(const engine *e, char *buf, size_t len);
/* Only the settings the user gave, in the same form: what a new engine
 * takes over, so that a game's tuned defaults still apply to it. */
void engine_given_settings_text(const engine *e, char *buf, size_t len);
/* Show the defaults g's game tunes, for its options, for settings the
 * user did not give.  Call it when the game changes, not during a search. */
void engine_set_game(engine *e, const game *g);
/* What level (1..ENGINE_LEVEL_MAX) means for e's searcher with e's
 * settings, the defaults of the game given to engine_set_game() among them
 * (its ladder), for people choosing one: "11000 iterations a move", "50
 * iterations a move, 70 % of the moves at random".  0, or -1 when the
 * searcher has no levels (random) or level is out of range. */
int engine_level_text(const engine *e, int level, char *buf, size_t len);
/* e's level (its game's default unless the user gave one); 0 when its
 * searcher has no levels. */
int engine_level(const engine *e);
/* Every kind of player with its settings, ranges, defaults (and the games
 * that tune them) and meaning, one line each, for help texts. */
void engine_settings_help(char *buf, size_t len);

/* Choose a move for the side to move (one step of a multi-move turn).
 * The game is not changed.  Returns QMOVE_NONE if the game is over. */
qmove engine_choose(engine *e, const game *g, engine_report *rep);

/* Ask a running engine_choose() to return as soon as it can; safe to call
 * from another thread or a signal handler.  The request stays until
 * engine_clear_stop(), so one that lands just before a search begins is
 * not lost: that search returns at once (still with a legal move). */
void engine_stop(engine *e);
/* Withdraw a stop request; a front end calls it before starting a search
 * that may be stopped. */
void engine_clear_stop(engine *e);

/* Report progress to fn(p, arg) every interval_ms during each search
 * (interval_ms <= 0: only at the end) and once with p->final set when it
 * ends.  Called in the searching thread; p and its arrays are valid only
 * during the call.  fn NULL: no reports. */
void engine_set_progress(engine *e, engine_progress_fn fn, void *arg, int interval_ms);

/* Analysis: search g (unchanged) with no iteration or time limit until
 * engine_stop() (or until the position is solved), reporting progress as
 * set above.  Returns the best move found, like engine_choose. */
qmove engine_analyze(engine *e, const game *g, engine_report *rep);

/* Pondering: search g, the position after the engine's own move with the
 * opponent to move, until engine_stop() (or until the tree fills, so that
 * the next search can still keep what it found); the next engine_choose
 * from a position that follows g starts from what was found.  Nothing is
 * reported.  Returns the best move for the opponent, like engine_analyze. */
qmove engine_ponder(engine *e, const game *g, engine_report *rep);
/* 1 if the engine's settings ask it to ponder (ponder=1). */
int engine_wants_ponder(const engine *e);

/* Whether a search under a time limit may stop now: the root is proven,
 * every other candidate is a proven loss, or the leader's visits exceed
 * the runner-up's plus every iteration that still fits (at the rate so
 * far, in limit_ms and under max_iterations, 0: no cap).  limit_ms 0:
 * never (a search by iterations alone stays reproducible). */
int engine_decided(const engine_progress *p, int64_t limit_ms, uint64_t max_iterations);

/* A proven value (ENGINE_PROVEN_*) as a word, "win", "loss" or "draw"
 * (NULL: not proven); as text for reports, " (proven win, 3 moves to the
 * end)", without the moves when plies is 0, "" when nothing is proven
 * (ENGINE_PROVEN_TEXT_MAX holds it).  engine_proven_kind: which value a
 * proven expected score is. */
#define ENGINE_PROVEN_TEXT_MAX 48
const char *engine_proven_name(int proven);
void engine_proven_text(int proven, int plies, char *buf, size_t len);
int engine_proven_kind(double value);

/* Moves from g's position as their tokens joined by spaces ("a1 b2"),
 * cut at a whole token when buf is full.  0, or -1 out of memory. */
int engine_moves_text(const game *g, const qmove *moves, int n, char *buf, size_t len);

/* MCTS iterations per move at a level (1..ENGINE_LEVEL_MAX, clamped) on
 * a ladder: tables calibrated by matches so that level 1 is about as
 * strong as a careful beginner's stand-in where the search allows it and
 * each level about 150-250 Elo above the last (docs/STRENGTH.md,
 * "Levels").  The standard one (Coffee) starts with two beginners' levels
 * of 50 iterations that play some of their moves at random
 * (engine_level_mistakes), then steps about three times a level to
 * 128000; the early one, for games that gain much from their first
 * tens of iterations and little a doubling after (Y's standard game),
 * starts with three beginners' levels of 10 iterations, steps about three
 * times from 10 to 600, then to 16000 and 128000; the late one, for games
 * where a doubling of the first hundreds gains 180-300 Elo (Y's two-stone
 * variant), starts with three beginners' levels of 120 iterations, then
 * steps about three times to 128000; the flat
 * one, for games whose search gains much less a doubling above 10000
 * iterations (Y's progressive variant), starts with two beginners' levels
 * of 10 iterations, then 10, 50 and steps of about 2.5 times to 2500,
 * then 10000 and 512000.  ENGINE_LEVEL_DEFAULT is MCTS's default level:
 * 16000 iterations on the standard ladder; Y's games choose level 9 on
 * each of theirs: 16000 iterations on the early ladder, 25000 on the late
 * one, 10000 on the flat one. */
#define ENGINE_LEVEL_MAX 10
#define ENGINE_LEVEL_DEFAULT 8
enum engine_ladder {
    ENGINE_LADDER_STANDARD,
    ENGINE_LADDER_EARLY,
    ENGINE_LADDER_LATE,
    ENGINE_LADDER_FLAT,
    ENGINE_LADDER_COUNT /* the number of ladders, for the tables that name them */
};
/* Each table is written once: its initialiser and its help text */
#define ENGINE_LADDER_STANDARD_LIST 50, 50, 50, 170, 700, 2200, 6000, 16000, 44000, 128000
/* the percent of their moves the standard ladder's first levels play at random */
#define ENGINE_LADDER_STANDARD_MISTAKES 70, 25
#define ENGINE_LADDER_EARLY_LIST 10, 10, 10, 10, 30, 80, 200, 600, 16000, 128000
/* the percent of their moves the early ladder's first levels play at random */
#define ENGINE_LADDER_EARLY_MISTAKES 75, 50, 25
#define ENGINE_LADDER_LATE_LIST 120, 120, 120, 120, 280, 750, 2200, 7000, 25000, 128000
/* the percent of their moves the late ladder's first levels play at random */
#define ENGINE_LADDER_LATE_MISTAKES 90, 65, 35
#define ENGINE_LADDER_FLAT_LIST 10, 10, 10, 50, 150, 400, 1000, 2500, 10000, 512000
/* the percent of their moves the flat ladder's first levels play at random */
#define ENGINE_LADDER_FLAT_MISTAKES 90, 40
#define ENGINE_QUOTE_LIST(...) #__VA_ARGS__
#define ENGINE_LIST_TEXT(list) ENGINE_QUOTE_LIST(list)
#define ENGINE_LADDER_STANDARD_TEXT ENGINE_LIST_TEXT(ENGINE_LADDER_STANDARD_LIST)
#define ENGINE_LADDER_STANDARD_MISTAKES_TEXT ENGINE_LIST_TEXT(ENGINE_LADDER_STANDARD_MISTAKES)
#define ENGINE_LADDER_EARLY_TEXT ENGINE_LIST_TEXT(ENGINE_LADDER_EARLY_LIST)
#define ENGINE_LADDER_EARLY_MISTAKES_TEXT ENGINE_LIST_TEXT(ENGINE_LADDER_EARLY_MISTAKES)
#define ENGINE_LADDER_LATE_TEXT ENGINE_LIST_TEXT(ENGINE_LADDER_LATE_LIST)
#define ENGINE_LADDER_LATE_MISTAKES_TEXT ENGINE_LIST_TEXT(ENGINE_LADDER_LATE_MISTAKES)
#define ENGINE_LADDER_FLAT_TEXT ENGINE_LIST_TEXT(ENGINE_LADDER_FLAT_LIST)
#define ENGINE_LADDER_FLAT_MISTAKES_TEXT ENGINE_LIST_TEXT(ENGINE_LADDER_FLAT_MISTAKES)
uint64_t engine_level_iterations(enum engine_ladder ladder, int level);
/* The percent of moves a level plays at random (engine_mistake), 0 but at
 * a ladder's beginners' levels, its lowest. */
int engine_level_mistakes(enum engine_ladder ladder, int level);

/* The percent of moves a searcher plays at random: its mistakes setting's
 * when set, else its level's when the level sets the budget (no time, no
 * fixed budget); never in analysis. */
int engine_slip_share(long long setting, int level_share, int level_sets_budget, int analyze);

/* A beginner's slip: with a chance of percent in 100, a legal move drawn
 * at random from g's position, else (or when percent is 0) QMOVE_NONE.
 * The draw depends only on seed and the position, so a game replayed
 * with the same seeds slips at the same moves.  A slip's report (rep, if
 * not NULL) says so, after "who: ". */
qmove engine_mistake(const game *g, uint64_t seed, int percent, const char *who,
                     engine_report *rep);

/* Time the engine should spend, set by the front end's clock (0 = none). */
void engine_set_time_budget(engine *e, int64_t ms);

#endif
