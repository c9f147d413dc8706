/*
 * fuzz_gtp.c - a whole GTP session.  Input: lines, each executed in turn by
 * gtp_execute on one engine (NUL bytes end nothing: they are dropped as the
 * standard input loop does).  Every line gets one answer, "= ..." or "? ...",
 * ending in an empty line (or none for empty and comment lines).  Commands
 * that touch files or can run for long (savesgf, loadsgf, perft, solve, time
 * and engine settings) are skipped: a fuzzer must not write files or time
 * out on a legitimately long search (a proof takes 10 s unless told less).
 */
#include "fuzz.h"
#include "gtp.h"
#include "strbuf.h"

#include <ctype.h>

/* The line as GTP reads it (gtp_clean_line: "per\aft" is perft), in
 * lower case, holds one of the words. */
static int skipped(const char *line)
{
    static const char *const words[] = {"savesgf", "loadsgf", "perft", "solve", "quartet-set",
                                        "time_", "quartet-player", "analyze", "kgs-", NULL};
    size_t len = strlen(line) + 1;
    char *copy = memcpy(malloc(len), line, len), *low = gtp_clean_line(copy);
    for (char *c = low; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    int found = 0;
    for (int i = 0; words[i] && !found; i++)
        found = strstr(low, words[i]) != NULL;
    free(copy);
    return found;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[GAME_ERR_MAX];
    gtp *s = gtp_new(game_create_default(game_registry[0]), err, sizeof err);
    FUZZ_CHECK(s, "gtp_new: %s", err);
    /* genmove stays: a random player answers at once */
    strbuf out = STRBUF_INIT;
    gtp_execute(s, "quartet-player random", &out);
    strbuf_clear(&out);
    char *text = malloc(size + 1);
    size_t n = 0;
    for (size_t i = 0; i < size; i++)
        if (data[i])
            text[n++] = (char)data[i];
    text[n] = 0;
    int lines = 0;
    for (char *p = text, *nl; p && lines < 200; p = nl ? nl + 1 : NULL, lines++) {
        nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        if (skipped(p))
            continue;
        size_t before = out.len;
        int quit = gtp_execute(s, p, &out);
        const char *ans = strbuf_str(&out) + before;
        size_t alen = out.len - before;
        FUZZ_CHECK(alen == 0 || ans[0] == '=' || ans[0] == '?', "answer '%.60s' to '%.60s'",
                   ans, p);
        FUZZ_CHECK(alen == 0 || (alen >= 3 && strstr(ans, "\n\n") == ans + alen - 2),
                   "answer to '%.60s' does not end with one empty line: '%.200s'", p, ans);
        strbuf_clear(&out);
        if (quit)
            break;
    }
    strbuf_free(&out);
    free(text);
    gtp_free(s);
    return 0;
}
