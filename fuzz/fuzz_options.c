/*
 * fuzz_options.c - rule options as a front end passes them ("size=11
 * variant=double").  Input: one byte choosing the game, then the option
 * words.  game_create either refuses with a message or makes a game that
 * keeps the promises of game.h at the start and after a few plies, and
 * whose options read back as the same game.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int ngames = 0;
    while (game_registry[ngames])
        ngames++;
    const game_ops *ops = game_registry[data[0] % ngames];
    char *text = fuzz_text(data + 1, size - 1);
    char *words[GAME_MAX_OPTIONS + 1], err[GAME_ERR_MAX];
    int argc = util_split_words(text, words, GAME_MAX_OPTIONS + 1);
    err[0] = 0;
    game *g = game_create(ops, argc, words, err, sizeof err);
    if (!g) {
        FUZZ_CHECK(err[0], "%s: options refused without a message", ops->name);
        free(text);
        return 0;
    }
    /* the canonical options text creates the same game */
    char opts[GAME_TEXT_MAX];
    game_options_text(g, opts, sizeof opts);
    int n = util_split_words(opts, words, GAME_MAX_OPTIONS + 1);
    game *again = game_create(ops, n, words, err, sizeof err);
    FUZZ_CHECK(again && memcmp(again->opt, g->opt, sizeof g->opt) == 0,
               "%s: canonical options do not make the same game", ops->name);
    game_free(again);
    qmove *moves = malloc(sizeof *moves * GAME_MAX_MOVES);
    fuzz_check_position(g, moves);
    uint32_t pick = 2166136261u;
    for (size_t i = 1; i < size; i++)
        pick = (pick ^ data[i]) * 16777619u;
    for (int k = 0; k < 6; k++) {
        int m = ops->legal_moves(g, moves);
        if (m == 0)
            break;
        ops->make(g, moves[(pick >> (k * 4)) % (uint32_t)m]);
        fuzz_check_position(g, moves);
    }
    free(moves);
    free(text);
    game_free(g);
    return 0;
}
