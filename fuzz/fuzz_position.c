/*
 * fuzz_position.c - a game's position text.  Input: one byte choosing the
 * game and its options (fuzz.h), the position text up to the first newline,
 * then bytes that pick moves for a few plies.  A refused text must leave the
 * game unchanged; an accepted one must keep every promise of game.h, in
 * that position and after each ply played from it.
 */
#include "fuzz.h"

#define PLIES 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    game *g = fuzz_game(data[0]);
    const uint8_t *end = memchr(data + 1, '\n', size - 1);
    size_t tlen = end ? (size_t)(end - data - 1) : size - 1;
    char *text = fuzz_text(data + 1, tlen);
    const uint8_t *pick = end ? end + 1 : data + size;
    size_t npick = (size_t)(data + size - pick);
    qmove *moves = malloc(sizeof *moves * GAME_MAX_MOVES);
    char before[GAME_TEXT_MAX], after[GAME_TEXT_MAX], err[GAME_ERR_MAX];
    g->ops->to_text(g, before, sizeof before);
    uint64_t h = g->ops->hash(g);
    err[0] = 0;
    if (g->ops->from_text(g, text, err, sizeof err) != 0) {
        g->ops->to_text(g, after, sizeof after);
        FUZZ_CHECK(strcmp(before, after) == 0 && g->ops->hash(g) == h,
                   "%s: refused text changed the game", g->ops->name);
        FUZZ_CHECK(err[0] && strlen(err) < sizeof err, "%s: refused without a message",
                   g->ops->name);
    } else {
        FUZZ_CHECK(g->ops->ply(g) == 0, "%s: history after from_text", g->ops->name);
        uint64_t set = g->ops->hash(g);
        fuzz_check_position(g, moves);
        for (size_t k = 0; k < npick && k < PLIES; k++) {
            int n = g->ops->legal_moves(g, moves);
            if (n == 0)
                break;
            g->ops->make(g, moves[pick[k] % n]);
            fuzz_check_position(g, moves);
        }
        while (g->ops->ply(g) > 0)
            g->ops->unmake(g);
        FUZZ_CHECK(g->ops->hash(g) == set, "%s: unmaking every ply missed the start",
                   g->ops->name);
    }
    free(moves);
    free(text);
    game_free(g);
    return 0;
}
