/*
 * fuzz_matchfiles.c - the files `quartet match` reads: a book of openings
 * (-openings FILE) and a results log taken over by -resume.  Input: one
 * byte choosing which (even: a book, odd: a log) and, for a book, the
 * game (the byte / 2 picks a setup of fuzz.h), then the file's bytes.  The
 * match is prepared as `quartet match` does before its first game; it
 * either refuses with a status saying so or keeps its promises: a book
 * holds at least one opening and reads back the same from its openings'
 * own text, and a log marks at most every scheduled game done, each once.
 */
#include "fuzz.h"
#include "match/match.h"
#include "match/openings.h"
#include "strbuf.h"

#include <fcntl.h>
#include <unistd.h>

static char path[64];
static match m; /* large */

/* The input as the file, written afresh. */
static void write_file(const uint8_t *data, size_t size)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    FUZZ_CHECK(fd >= 0, "cannot write %s", path);
    while (size) {
        ssize_t w = write(fd, data, size);
        FUZZ_CHECK(w > 0, "cannot write %s", path);
        data += w;
        size -= (size_t)w;
    }
    close(fd);
}

/* match_prepare with the messages of refusals out of the fuzzer's log. */
static int prepare(int argc, char **argv)
{
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    dup2(null, 2);
    int rc = match_prepare(&m, argc, argv);
    dup2(saved, 2);
    close(saved);
    close(null);
    return rc;
}

/* An accepted book read back from its openings' own text (canonical:
 * "pos:" and the position, or the moves) is the same book. */
static void check_book(int argc, char **argv)
{
    int n = m.nopenings;
    FUZZ_CHECK(n >= 1, "a book accepted with no opening");
    strbuf text = STRBUF_INIT;
    for (int i = 0; i < n; i++)
        strbuf_addf(&text, "%s%s\n", m.openings[i].is_position ? "pos:" : "", m.openings[i].text);
    FUZZ_CHECK(!text.failed, "out of memory");
    char **was = malloc(sizeof *was * (size_t)n);
    for (int i = 0; i < n; i++)
        was[i] = fuzz_text((const uint8_t *)m.openings[i].text, strlen(m.openings[i].text));
    match_release(&m);
    write_file((const uint8_t *)strbuf_str(&text), strlen(strbuf_str(&text)));
    int rc = prepare(argc, argv);
    FUZZ_CHECK(rc == MATCH_EXIT_OK, "the book's own text refused (status %d):\n%s", rc,
               strbuf_str(&text));
    FUZZ_CHECK(m.nopenings == n, "%d openings read back as %d", n, m.nopenings);
    for (int i = 0; i < n; i++) {
        FUZZ_CHECK(strcmp(was[i], m.openings[i].text) == 0, "opening %d: '%s' read back as '%s'",
                   i + 1, was[i], m.openings[i].text);
        free(was[i]);
    }
    free(was);
    strbuf_free(&text);
}

static void check_log(void)
{
    int done = 0;
    for (int i = 0; i < m.total; i++)
        done += m.sched[i].done != 0;
    FUZZ_CHECK(done == m.done_before, "%d games marked done, %d counted", done, m.done_before);
    FUZZ_CHECK(m.done_before <= m.total, "%d of %d games done", m.done_before, m.total);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (!path[0])
        snprintf(path, sizeof path, "%s/quartet-fuzz-matchfiles-%d",
                 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", (int)getpid());
    write_file(data + 1, size - 1);
    int book = !(data[0] & 1);
    const char *const *setup = fuzz_setups[(data[0] >> 1) % FUZZ_NSETUPS];
    char opts[128], *argv[32];
    int argc = 0;
    argv[argc++] = "match";
    if (book) {
        snprintf(opts, sizeof opts, "%s", setup[1]);
        argv[argc++] = "-game";
        argv[argc++] = (char *)setup[0];
        argc += util_split_words(opts, argv + argc, 8);
        argv[argc++] = "-openings";
    } else {
        argv[argc++] = "-game";
        argv[argc++] = "lot";
        argv[argc++] = "-resume";
        argv[argc++] = "-log";
    }
    argv[argc++] = path;
    argv[argc++] = "-games";
    argv[argc++] = "6";
    argv[argc++] = "random";
    argv[argc++] = "random";
    argv[argc] = NULL;
    int rc = prepare(argc, argv);
    FUZZ_CHECK(rc == MATCH_EXIT_OK || rc == MATCH_EXIT_USAGE || rc == MATCH_EXIT_WRITE,
               "status %d", rc);
    if (rc == MATCH_EXIT_OK && book)
        check_book(argc, argv);
    if (rc == MATCH_EXIT_OK && !book)
        check_log();
    match_release(&m);
    return 0;
}
