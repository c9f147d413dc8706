/*
 * gtpclient.c - GTP client: engine processes and their answers (see
 * gtpclient.h).
 *
 * Engines are started with posix_spawn (safe in a threaded program) in
 * their own process group, so a killed engine takes its children with it.
 * Every wait is a poll() on the engine's own pipe with the caller's
 * deadline, so each game's thread reads as straight-line code.  All
 * answers go through gtpclient_parse_answer, the one parser of engine
 * output (and the one a fuzzer drives).
 */
#define _GNU_SOURCE
#include "match/gtpclient.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

void gtpclient_init(gtpclient *c)
{
    memset(c, 0, sizeof *c);
    c->to_fd = c->from_fd = -1;
}

static void close_fds(gtpclient *c)
{
    if (c->to_fd >= 0)
        close(c->to_fd);
    if (c->from_fd >= 0)
        close(c->from_fd);
    c->to_fd = c->from_fd = -1;
}

/* ------------------------------------------------------------------ */
/* parsing                                                             */

/* Engine text shown inside a reason: at most 79 bytes, control bytes as
 * spaces (reasons go into one-line log fields). */
static void shown_text(char *dst, size_t len, const char *src, size_t n)
{
    size_t k = n < len - 1 ? n : len - 1;
    for (size_t i = 0; i < k; i++)
        dst[i] = (unsigned char)src[i] < 0x20 || src[i] == 0x7f ? ' ' : src[i];
    dst[k] = 0;
}

/* Append n bytes to the NUL-terminated ans, truncating. */
static void append(char *ans, size_t anslen, size_t *at, const char *s, size_t n)
{
    size_t room = anslen - 1 - *at;
    if (n > room)
        n = room;
    memcpy(ans + *at, s, n);
    *at += n;
    ans[*at] = 0;
}

/* The next line of [p, end): its length without "\r\n" in *n and the
 * start of the line after it; NULL when no whole line is there. */
static const char *next_line(const char *p, const char *end, size_t *n)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl)
        return NULL;
    *n = (size_t)(nl - p);
    if (*n && p[*n - 1] == '\r')
        (*n)--;
    return nl + 1;
}

/* The first line of an answer: '=' or '?', the id if any, the text. */
static enum gtpclient_answer first_line(const char *p, size_t n, int id, const char *what,
                                        char *ans, size_t anslen, size_t *at, char *why,
                                        size_t whylen)
{
    char shown[80];
    if (p[0] != '=' && p[0] != '?') {
        shown_text(shown, sizeof shown, p, n);
        snprintf(why, whylen, "garbage answer '%s' to '%s'", shown, what);
        return GTPCLIENT_GARBAGE;
    }
    size_t i = 1;
    if (i < n && isdigit((unsigned char)p[i])) {
        long got = 0;
        int digits = 0;
        for (; i < n && isdigit((unsigned char)p[i]); i++, digits++)
            if (digits < 12) /* more digits than any id we send: not ours */
                got = got * 10 + (p[i] - '0');
        if (digits > 9 || got != id) {
            shown_text(shown, sizeof shown, p + 1, digits < 12 ? (size_t)digits : 12);
            snprintf(why, whylen, "answer to another command (id %s) for '%s'", shown, what);
            return GTPCLIENT_GARBAGE;
        }
    }
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    append(ans, anslen, at, p + i, n - i);
    return p[0] == '=' ? GTPCLIENT_OK : GTPCLIENT_ERR;
}

/* Everything still fits but the answer has not ended: wait, unless the
 * limit is reached. */
static enum gtpclient_answer unfinished(size_t len, char *why, size_t whylen, size_t *used)
{
    if (len < GTPCLIENT_ANSWER_MAX)
        return GTPCLIENT_INCOMPLETE;
    snprintf(why, whylen, "engine sent an answer longer than %d bytes", GTPCLIENT_ANSWER_MAX);
    *used = GTPCLIENT_ANSWER_MAX;
    return GTPCLIENT_GARBAGE;
}

/* A NUL cannot be part of an answer: the engine speaks no GTP. */
static enum gtpclient_answer has_nul(const char *data, size_t n, const char *what, char *why,
                                     size_t whylen, size_t *used)
{
    if (!memchr(data, 0, n))
        return GTPCLIENT_OK;
    snprintf(why, whylen, "engine sent a NUL byte in its answer to '%s'", what);
    *used = n;
    return GTPCLIENT_GARBAGE;
}

enum gtpclient_answer gtpclient_parse_answer(const char *data, size_t len, int id,
                                             const char *what, char *ans, size_t anslen,
                                             char *why, size_t whylen, size_t *used)
{
    const char *p = data, *end = data + (len < GTPCLIENT_ANSWER_MAX ? len : GTPCLIENT_ANSWER_MAX);
    const char *next;
    size_t n, at = 0;
    ans[0] = why[0] = 0;
    *used = 0;
    while ((next = next_line(p, end, &n)) && n == 0)
        p = next; /* blank lines before an answer are tolerated */
    if (!next) /* every byte so far belongs to this answer */
        return has_nul(data, (size_t)(end - data), what, why, whylen, used) == GTPCLIENT_OK
                   ? unfinished(len, why, whylen, used)
                   : GTPCLIENT_GARBAGE;
    if (has_nul(data, (size_t)(next - data), what, why, whylen, used) != GTPCLIENT_OK)
        return GTPCLIENT_GARBAGE;
    enum gtpclient_answer r = first_line(p, n, id, what, ans, anslen, &at, why, whylen);
    if (r == GTPCLIENT_GARBAGE) {
        *used = (size_t)(next - data);
        ans[0] = 0;
        return r;
    }
    for (p = next; (next = next_line(p, end, &n)) && n > 0; p = next) {
        append(ans, anslen, &at, "\n", 1);
        append(ans, anslen, &at, p, n);
    }
    size_t took = (size_t)((next ? next : end) - data);
    if (has_nul(data, took, what, why, whylen, used) != GTPCLIENT_OK || !next) {
        ans[0] = 0;
        return why[0] ? GTPCLIENT_GARBAGE : unfinished(len, why, whylen, used);
    }
    *used = took;
    util_str_chomp(ans);
    return r;
}

/* ------------------------------------------------------------------ */
/* processes                                                           */

static void describe_status(int st, char *buf, size_t len)
{
    if (WIFEXITED(st))
        snprintf(buf, len, "exited with status %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
        snprintf(buf, len, "killed by signal %d", WTERMSIG(st));
    else
        snprintf(buf, len, "stopped");
}

/* Wait up to ms for the engine to exit; 1 if it did (status in *st). */
static int wait_exit(pid_t pid, int ms, int *st)
{
    int64_t until = util_now_ms() + ms;
    for (;;) {
        pid_t r = waitpid(pid, st, WNOHANG);
        if (r == pid || (r < 0 && errno == ECHILD))
            return 1;
        if (util_now_ms() >= until)
            return 0;
        struct timespec ts = {0, 5 * 1000000L};
        nanosleep(&ts, NULL);
    }
}

void gtpclient_kill(gtpclient *c)
{
    if (!c->pid)
        return;
    close_fds(c);
    kill(-c->pid, SIGKILL);
    kill(c->pid, SIGKILL);
    int st;
    waitpid(c->pid, &st, 0);
    c->pid = 0;
    c->len = 0;
}

/* After the engine's output ended: say how it ended, if it has. */
static void note_exit(gtpclient *c)
{
    int st;
    char how[64] = "closed its output";
    if (c->pid && wait_exit(c->pid, 300, &st)) {
        describe_status(st, how, sizeof how);
        c->pid = 0;
        close_fds(c);
    }
    snprintf(c->why, sizeof c->why, "engine %s", how);
}

static void spawn_setup(const gtpclient *c, int in_fd, int out_fd,
                        posix_spawn_file_actions_t *fa, posix_spawnattr_t *at)
{
    posix_spawn_file_actions_init(fa);
    posix_spawn_file_actions_adddup2(fa, in_fd, 0);
    posix_spawn_file_actions_adddup2(fa, out_fd, 1);
    if (!c->debug)
        posix_spawn_file_actions_addopen(fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_init(at);
    sigset_t none, deflt;
    sigemptyset(&none);
    sigemptyset(&deflt);
    /* what the runner ignores or catches, the engine gets back */
    sigaddset(&deflt, SIGPIPE);
    sigaddset(&deflt, SIGINT);
    sigaddset(&deflt, SIGTERM);
    sigaddset(&deflt, SIGXFSZ);
    posix_spawnattr_setsigmask(at, &none);
    posix_spawnattr_setsigdefault(at, &deflt);
    posix_spawnattr_setpgroup(at, 0);
    posix_spawnattr_setflags(at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                     POSIX_SPAWN_SETSIGDEF);
}

int gtpclient_spawn(gtpclient *c, char *const argv[], char *err, size_t errlen)
{
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return -1;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    spawn_setup(c, in[0], out[1], &fa, &at);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, &at, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(in[0]);
    close(out[1]);
    if (rc != 0) {
        snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(rc));
        close(in[1]);
        close(out[0]);
        return -1;
    }
    c->pid = pid;
    c->to_fd = in[1];
    c->from_fd = out[0];
    c->len = 0;
    return 0;
}

/* ------------------------------------------------------------------ */
/* talking                                                             */

static void debug_text(const gtpclient *c, const char *dir, const char *s, size_t n)
{
    if (!c->debug)
        return;
    for (const char *end = s + n, *nl; s < end; s = nl + 1) {
        nl = memchr(s, '\n', (size_t)(end - s));
        if (!nl)
            nl = end;
        size_t k = (size_t)(nl - s);
        if (k && s[k - 1] == '\r')
            k--;
        fprintf(stderr, "[game %d %s] %s %.*s\n", c->game_no, c->name ? c->name : "?", dir,
                (int)k, s);
    }
}

static enum gtpclient_answer send_line(gtpclient *c, const char *cmd, size_t n)
{
    for (size_t off = 0; off < n;) {
        ssize_t w = write(c->to_fd, cmd + off, n - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            note_exit(c);
            return GTPCLIENT_EOF;
        }
        off += (size_t)w;
    }
    return GTPCLIENT_OK;
}

/* Read more of the engine's output into c->buf, waiting until deadline. */
static enum gtpclient_answer fill(gtpclient *c, int64_t deadline)
{
    for (;;) {
        if (c->stop && *c->stop)
            return GTPCLIENT_INTERRUPTED;
        int64_t left = deadline - util_now_ms();
        if (left <= 0) {
            snprintf(c->why, sizeof c->why, "no answer in time");
            return GTPCLIENT_TIMEOUT;
        }
        struct pollfd pfd = {c->from_fd, POLLIN, 0};
        int r = poll(&pfd, 1, left < 100 ? (int)left : 100);
        if (r < 0 && errno != EINTR) {
            snprintf(c->why, sizeof c->why, "poll: %s", strerror(errno));
            return GTPCLIENT_EOF;
        }
        if (r <= 0)
            continue;
        ssize_t got = read(c->from_fd, c->buf + c->len, sizeof c->buf - c->len);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (got <= 0) {
            note_exit(c);
            return GTPCLIENT_EOF;
        }
        c->len += (size_t)got;
        return GTPCLIENT_OK;
    }
}

static enum gtpclient_answer read_answer(gtpclient *c, int id, const char *what,
                                         int64_t deadline, char *ans, size_t anslen)
{
    for (;;) {
        size_t used;
        enum gtpclient_answer a = gtpclient_parse_answer(c->buf, c->len, id, what, ans, anslen,
                                                         c->why, sizeof c->why, &used);
        if (a != GTPCLIENT_INCOMPLETE) {
            debug_text(c, "<", c->buf, used);
            memmove(c->buf, c->buf + used, c->len - used);
            c->len -= used;
            return a;
        }
        if ((a = fill(c, deadline)) != GTPCLIENT_OK)
            return a;
    }
}

enum gtpclient_answer gtpclient_ask(gtpclient *c, int64_t deadline, char *ans, size_t anslen,
                                    const char *fmt, ...)
{
    /* Every command carries an id (GTP allows it) so that a stray or
     * repeated answer is caught instead of being taken for the next one. */
    char cmd[8192];
    int id = ++c->next_id;
    int head = snprintf(cmd, sizeof cmd, "%d ", id);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd + head, sizeof cmd - (size_t)head - 1, fmt, ap);
    va_end(ap);
    ans[0] = 0;
    if (!c->pid) {
        snprintf(c->why, sizeof c->why, "engine is not running");
        return GTPCLIENT_EOF;
    }
    size_t n = strlen(cmd);
    debug_text(c, ">", cmd, n);
    char what[48];
    snprintf(what, sizeof what, "%.*s", (int)sizeof what - 1, cmd + head);
    cmd[n++] = '\n';
    enum gtpclient_answer a = send_line(c, cmd, n);
    return a == GTPCLIENT_OK ? read_answer(c, id, what, deadline, ans, anslen) : a;
}

void gtpclient_refused(gtpclient *c, const char *what, const char *ans)
{
    char a[200];
    shown_text(a, sizeof a, ans, strlen(ans));
    snprintf(c->why, sizeof c->why, "engine refused '%s': %s", what, a);
}

void gtpclient_quit(gtpclient *c)
{
    if (!c->pid)
        return;
    char ans[256];
    gtpclient_ask(c, util_now_ms() + 500, ans, sizeof ans, "quit");
    int st;
    if (c->pid && wait_exit(c->pid, 500, &st))
        c->pid = 0;
    if (c->pid)
        gtpclient_kill(c); /* it did not leave when asked */
    close_fds(c);
    c->pid = 0;
}
