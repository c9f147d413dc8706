/*
 * gtpclient.h - the client side of GTP: start an engine process, send it
 * commands, read its answers under a deadline.  Nothing here knows games
 * or matches; the referee (referee.h) decides what to ask.
 *
 * An engine is trusted with nothing: an answer that is not GTP, too long,
 * carries another command's id, or does not come before the deadline is
 * reported as such, with a reason in `why`.
 */
#ifndef QUARTET_GTPCLIENT_H
#define QUARTET_GTPCLIENT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The longest answer accepted, in bytes as the engine writes them: blank
 * lines before it, every line of it with its line ends, and the empty line
 * that closes it.  A longer answer is garbage. */
#define GTPCLIENT_ANSWER_MAX 65536
#define GTPCLIENT_WHY_MAX 320

enum gtpclient_answer {
    GTPCLIENT_OK,          /* '=': success, the answer's text in ans */
    GTPCLIENT_ERR,         /* '?': failure, the engine's message in ans */
    GTPCLIENT_TIMEOUT,     /* no whole answer before the deadline */
    GTPCLIENT_EOF,         /* the engine is not running or closed its output */
    GTPCLIENT_GARBAGE,     /* not a GTP answer (see gtpclient_parse_answer) */
    GTPCLIENT_INTERRUPTED, /* *stop was set while waiting */
    GTPCLIENT_INCOMPLETE   /* gtpclient_parse_answer only: more bytes needed */
};

typedef struct gtpclient {
    pid_t pid;            /* 0: not running */
    int to_fd, from_fd;
    char buf[GTPCLIENT_ANSWER_MAX]; /* bytes read and not yet parsed */
    size_t len;
    int next_id;          /* every command carries an id */
    char why[GTPCLIENT_WHY_MAX]; /* what went wrong last */
    /* set by the caller */
    const char *name;     /* in -debug lines */
    int game_no;          /* in -debug lines */
    int debug;            /* traffic (and the engine's stderr) on stderr */
    const atomic_int *stop; /* NULL, or a flag that ends every wait */
} gtpclient;

/* A client with no process (pid 0, no descriptors). */
void gtpclient_init(gtpclient *c);

/* Start argv[0] with argv in its own process group, its stdin and stdout
 * on pipes (close-on-exec, so no other engine inherits them) and, unless
 * c->debug, stderr on /dev/null.  0, or -1 with a message in err. */
int gtpclient_spawn(gtpclient *c, char *const argv[], char *err, size_t errlen);

/* Send one command (printf-style, without id or line end) and read its
 * answer until deadline (util_now_ms() milliseconds).  GTPCLIENT_OK and
 * GTPCLIENT_ERR leave the answer's text in ans; anything else leaves a
 * reason in c->why. */
enum gtpclient_answer gtpclient_ask(gtpclient *c, int64_t deadline, char *ans, size_t anslen,
                                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Parse the first answer in data[0..len), bytes exactly as read from the
 * engine (no NUL terminator needed; any byte value allowed).  Blank lines
 * before the answer are skipped; a line ends with "\n" or "\r\n"; the
 * answer is "=" or "?", then optionally the command's id, then its text,
 * and ends with an empty line.  id is the id of the command asked
 * (answers without an id are accepted); what names the command in
 * reasons.  Only the first GTPCLIENT_ANSWER_MAX bytes are looked at.
 * Returns
 *   GTPCLIENT_OK / GTPCLIENT_ERR: the text (lines joined with "\n",
 *     trailing blanks removed; truncated to anslen - 1) in ans;
 *   GTPCLIENT_GARBAGE: a reason in why: a first line that is not an
 *     answer, an answer to another id, a NUL byte, or no whole answer
 *     within GTPCLIENT_ANSWER_MAX bytes;
 *   GTPCLIENT_INCOMPLETE: no whole answer yet, read more.
 * *used is the number of bytes the answer took (0 when incomplete).
 * ans and why are always NUL-terminated (anslen, whylen >= 1). */
enum gtpclient_answer gtpclient_parse_answer(const char *data, size_t len, int id,
                                             const char *what, char *ans, size_t anslen,
                                             char *why, size_t whylen, size_t *used);

/* Put "engine refused 'WHAT': MESSAGE" in c->why (after GTPCLIENT_ERR). */
void gtpclient_refused(gtpclient *c, const char *what, const char *ans);

/* Kill the engine's process group and reap it. */
void gtpclient_kill(gtpclient *c);
/* Ask the engine to quit; kill it if it does not leave within 0.5 s. */
void gtpclient_quit(gtpclient *c);

#endif
