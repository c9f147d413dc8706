/*
 * fuzz_move.c - move tokens and whole turns.  Input: one byte choosing the
 * game and options, one byte of plies to play first (chosen by the bytes
 * that follow), then the turn text ("h2,j4").  game_play_text must be all
 * or nothing: refused, the game is unchanged; accepted, every move made
 * was legal where it was made, and undoing the turn restores the position.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    game *g = fuzz_game(data[0]);
    const game_ops *ops = g->ops;
    qmove *moves = malloc(sizeof *moves * GAME_MAX_MOVES);
    size_t k = 2, plies = data[1] % 16;
    for (; k < size && k - 2 < plies; k++) {
        int n = ops->legal_moves(g, moves);
        if (n == 0)
            break;
        ops->make(g, moves[data[k] % n]);
    }
    char *text = fuzz_text(data + k, size - k);
    char before[GAME_TEXT_MAX], after[GAME_TEXT_MAX], err[GAME_ERR_MAX];
    ops->to_text(g, before, sizeof before);
    uint64_t h = ops->hash(g);
    int ply = ops->ply(g);
    err[0] = 0;
    int made = game_play_text(g, text, err, sizeof err);
    if (made < 0) {
        ops->to_text(g, after, sizeof after);
        FUZZ_CHECK(strcmp(before, after) == 0 && ops->hash(g) == h && ops->ply(g) == ply,
                   "%s: refused turn '%s' changed the game", ops->name, text);
        FUZZ_CHECK(err[0], "%s: refused without a message", ops->name);
    } else {
        FUZZ_CHECK(made >= 1 && ops->ply(g) == ply + made, "%s: '%s' made %d of %d plies",
                   ops->name, text, ops->ply(g) - ply, made);
        /* replay from the position before: each move must be legal there */
        game *t = game_clone(g);
        for (int i = 0; i < made; i++)
            t->ops->unmake(t);
        for (int i = 0; i < made; i++) {
            qmove m = ops->move_at(g, ply + i);
            int n = ops->legal_moves(t, moves), found = 0;
            for (int j = 0; j < n; j++)
                found |= moves[j] == m;
            FUZZ_CHECK(found, "%s: '%s' made an illegal move", ops->name, text);
            ops->make(t, m);
        }
        FUZZ_CHECK(ops->hash(t) == ops->hash(g), "%s: replay of '%s' differs", ops->name, text);
        game_free(t);
        fuzz_check_position(g, moves);
        int undone = game_undo_turn(g);
        FUZZ_CHECK(undone >= made, "%s: undo took back %d of %d moves", ops->name, undone, made);
        FUZZ_CHECK(undone > made || ops->hash(g) == h, "%s: undoing '%s' missed the position "
                   "before it", ops->name, text);
    }
    free(moves);
    free(text);
    game_free(g);
    return 0;
}
