/*
 * fuzz_sgf.c - SGF records as loadsgf and the terminal game's load read
 * them.  Input: the file's text.  record_from_sgf refuses with "line N:
 * ..." or gives a record whose saved text loads again as the same game
 * (position, hash, moves, result) and saves again byte for byte the same.
 */
#include "fuzz.h"
#include "record.h"

static void same_record(const record *a, const record *b, const char *sgf)
{
    char ta[GAME_TEXT_MAX], tb[GAME_TEXT_MAX];
    a->g->ops->to_text(a->g, ta, sizeof ta);
    b->g->ops->to_text(b->g, tb, sizeof tb);
    FUZZ_CHECK(a->g->ops == b->g->ops && strcmp(ta, tb) == 0 &&
                   a->g->ops->hash(a->g) == b->g->ops->hash(b->g),
               "reloaded position '%s' is not '%s' after:\n%s", tb, ta, sgf);
    FUZZ_CHECK(record_result(a) == record_result(b), "result %d became %d after:\n%s",
               record_result(a), record_result(b), sgf);
    FUZZ_CHECK(a->g->ops->ply(a->g) == b->g->ops->ply(b->g), "%d moves became %d after:\n%s",
               a->g->ops->ply(a->g), b->g->ops->ply(b->g), sgf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char err[GAME_ERR_MAX];
    err[0] = 0;
    record *r = record_from_sgf(text, -1, err, sizeof err);
    if (!r) {
        FUZZ_CHECK(strncmp(err, "line ", 5) == 0, "refused without a line: '%s'", err);
        free(text);
        return 0;
    }
    char *sgf = record_to_sgf(r);
    FUZZ_CHECK(sgf, "record_to_sgf failed");
    record *r2 = record_from_sgf(sgf, -1, err, sizeof err);
    FUZZ_CHECK(r2, "a saved record does not load: %s\n%s", err, sgf);
    same_record(r, r2, sgf);
    char *sgf2 = record_to_sgf(r2);
    FUZZ_CHECK(sgf2 && strcmp(sgf, sgf2) == 0, "saving again differs:\n%s\n---\n%s", sgf,
               sgf2 ? sgf2 : "(null)");
    /* a truncated load (GTP loadsgf FILE N) is a prefix of the game */
    int turns = (int)(size % 7);
    record *part = record_from_sgf(text, turns, err, sizeof err);
    FUZZ_CHECK(part, "the first %d turns do not load: %s", turns, err);
    FUZZ_CHECK(part->g->ops->ply(part->g) <= r->g->ops->ply(r->g), "a prefix is longer");
    record_free(part);
    free(sgf2);
    free(sgf);
    record_free(r2);
    record_free(r);
    free(text);
    return 0;
}
