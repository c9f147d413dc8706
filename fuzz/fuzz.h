/*
 * fuzz.h - what the libFuzzer harnesses share: choosing a game and rule
 * options from the input's first byte, and checks that abort (so that the
 * fuzzer records the input) with a message saying which promise broke.
 */
#ifndef QUARTET_FUZZ_H
#define QUARTET_FUZZ_H

#include "game.h"
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond, ...)                                                   \
    do {                                                                        \
        if (!(cond)) {                                                          \
            fprintf(stderr, "fuzz check failed (%s:%d): %s\n  ", __FILE__,      \
                    __LINE__, #cond);                                           \
            fprintf(stderr, __VA_ARGS__);                                       \
            fputc('\n', stderr);                                                \
            abort();                                                            \
        }                                                                       \
    } while (0)

/* Rule option sets worth covering, per game (NULL-terminated rows). */
static const char *const fuzz_setups[][4] = {
    {"loa", "", NULL},
    {"loa", "simultaneous=mover nomove=lose repetition=2", NULL},
    {"y", "size=5", NULL},
    {"y", "size=11 variant=progressive", NULL},
    {"y", "size=4 variant=double pie=1", NULL},
    {"y", "size=26", NULL},
    {"lot", "", NULL},
    {"lot", "pie=0", NULL},
    {"coffee", "", NULL},
    {"coffee", "board=square size=5 n=3 pie=1", NULL},
    {"coffee", "board=hex size=2", NULL},
    {"coffee", "board=square size=19", NULL},
};
#define FUZZ_NSETUPS ((int)(sizeof fuzz_setups / sizeof fuzz_setups[0]))

/* The game a byte selects, created with that setup's options. */
static inline game *fuzz_game(uint8_t b)
{
    const char *const *s = fuzz_setups[b % FUZZ_NSETUPS];
    char buf[128], err[GAME_ERR_MAX], *argv[GAME_MAX_OPTIONS];
    snprintf(buf, sizeof buf, "%s", s[1]);
    int argc = util_split_words(buf, argv, GAME_MAX_OPTIONS);
    game *g = game_create(game_find(s[0]), argc, argv, err, sizeof err);
    FUZZ_CHECK(g, "setup %s %s: %s", s[0], s[1], err);
    return g;
}

/* data as a NUL-terminated string (malloc'd; embedded NULs stay and end it). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s) {
        memcpy(s, data, size);
        s[size] = 0;
    }
    return s;
}

/* The promises of game.h that hold in every position: to_text/from_text
 * round-trip with the hash (and the result, for a position without history), every legal move's token reads back as that
 * move, make/unmake restore the hash, legal_moves is 0 exactly when over. */
static inline void fuzz_check_position(game *g, qmove *moves)
{
    const game_ops *ops = g->ops;
    char text[GAME_TEXT_MAX], again[GAME_TEXT_MAX], err[GAME_ERR_MAX];
    ops->to_text(g, text, sizeof text);
    FUZZ_CHECK(strlen(text) < GAME_TEXT_MAX - 1, "%s: to_text filled its buffer", ops->name);
    game *t = game_new_like(g);
    FUZZ_CHECK(t, "out of memory");
    FUZZ_CHECK(ops->from_text(t, text, err, sizeof err) == 0, "%s: own text '%s' refused: %s",
               ops->name, text, err);
    ops->to_text(t, again, sizeof again);
    FUZZ_CHECK(strcmp(text, again) == 0, "%s: '%s' reads back as '%s'", ops->name, text, again);
    FUZZ_CHECK(ops->hash(t) == ops->hash(g), "%s: hash differs after reading '%s'", ops->name,
               text);
    /* a result may come from the history (repetition), which no text holds */
    FUZZ_CHECK(ops->to_move(t) == ops->to_move(g) &&
                   (ops->ply(g) > 0 || ops->result(t) == ops->result(g)),
               "%s: side or result differs after reading '%s'", ops->name, text);
    game_free(t);
    int n = ops->legal_moves(g, moves);
    FUZZ_CHECK(n >= 0 && n <= GAME_MAX_MOVES, "%s: %d legal moves", ops->name, n);
    FUZZ_CHECK((n == 0) == (ops->result(g) != RESULT_NONE), "%s: %d moves, result %d in '%s'",
               ops->name, n, ops->result(g), text);
    uint64_t h = ops->hash(g);
    for (int i = 0; i < n; i++) {
        char tok[GAME_MOVE_TEXT_MAX];
        qmove back;
        ops->move_to_text(g, moves[i], tok, sizeof tok);
        FUZZ_CHECK(ops->move_from_text(g, tok, &back, err, sizeof err) == 0 && back == moves[i],
                   "%s: token '%s' of a legal move in '%s' does not read back: %s", ops->name,
                   tok, text, err);
        ops->make(g, moves[i]);
        ops->unmake(g);
        FUZZ_CHECK(ops->hash(g) == h, "%s: make/unmake of %s changed the hash in '%s'",
                   ops->name, tok, text);
    }
    ops->to_text(g, again, sizeof again);
    FUZZ_CHECK(strcmp(text, again) == 0, "%s: make/unmake changed '%s' to '%s'", ops->name,
               text, again);
}

#endif
