/*
 * match.c - `quartet match`: scheduled games between GTP engines, refereed.
 *
 * Concurrency: one thread per concurrent game.  A game is a strict
 * conversation (ask, wait for the answer under a deadline, check it, tell
 * the other side), so a thread lets each game read as straight-line code;
 * every wait is a poll() on that game's own pipes with the clock's
 * deadline, so timing is exact without a central event loop.  Threads
 * share only the schedule, the results and the output, behind one mutex.
 * Engine processes are started with posix_spawn (safe in a threaded
 * program) in their own process group, so a killed engine takes its
 * children with it; every pipe is close-on-exec so an engine never holds
 * another game's pipe open (that would hide its opponent's exit).
 *
 * The runner trusts no engine: its own game object checks every turn
 * (game_play_text), and an illegal move, a late answer, garbage, a refused
 * command or an exit ends the game with that reason, lost by that engine.
 * An engine in an unknown state is killed and started afresh for its next
 * game.
 */
#define _GNU_SOURCE
#include "match/match.h"
#include "cli.h"
#include "ai/engine.h"
#include "game.h"
#include "record.h"
#include "sgf.h"
#include "match/stats.h"
#include "rng.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define LOG_MAGIC "# quartet match log 1"
#define MAX_PLAYERS 64
#define ANSWER_MAX 65536
#define START_FAILURES_FATAL 3

/* ------------------------------------------------------------------ */
/* growing strings                                                     */

typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;

static void sb_addf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_addf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->len + (size_t)n + 1 > cap)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s)
            return;
        b->s = s;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* Copy with truncation (no format, so no truncation warnings). */
static void copy_text(char *dst, size_t len, const char *src)
{
    size_t n = strlen(src);
    if (n >= len)
        n = len - 1;
    memcpy(dst, src, n);
    dst[n] = 0;
}

static const char *sb_str(const sbuf *b) { return b->s ? b->s : ""; }
static void sb_free(sbuf *b)
{
    free(b->s);
    *b = (sbuf){0};
}

/* Log fields are tab-separated: keep tabs and line ends out of values. */
static void flatten(char *s)
{
    for (; *s; s++)
        if (*s == '\t' || *s == '\n' || *s == '\r')
            *s = ' ';
}

/* ------------------------------------------------------------------ */
/* time controls                                                       */

/* Seconds with up to three decimals, as milliseconds. */
static int parse_seconds(const char *s, int64_t *ms)
{
    char *end;
    if (!*s || !(isdigit((unsigned char)*s) || *s == '.'))
        return -1;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || v < 0 || v > 1e7)
        return -1;
    *ms = (int64_t)llround(v * 1000.0);
    return 0;
}

int match_parse_tc(const char *text, match_tc *out, char *err, size_t errlen)
{
    match_tc tc = {0};
    long v;
    if (strncmp(text, "ms=", 3) == 0) {
        if (util_parse_long(text + 3, &v) != 0 || v < 1) {
            snprintf(err, errlen, "-tc %s: ms= takes a whole number of milliseconds >= 1", text);
            return -1;
        }
        tc.kind = MATCH_TC_MOVE;
        tc.move_ms = v;
    } else if (strncmp(text, "iterations=", 11) == 0) {
        if (util_parse_long(text + 11, &v) != 0 || v < 1) {
            snprintf(err, errlen, "-tc %s: iterations= takes a whole number >= 1", text);
            return -1;
        }
        tc.kind = MATCH_TC_ITERATIONS;
        tc.iterations = v;
    } else {
        char base[64];
        const char *plus = strchr(text, '+');
        snprintf(base, sizeof base, "%.*s", plus ? (int)(plus - text) : (int)strlen(text), text);
        if (parse_seconds(base, &tc.base_ms) != 0 || tc.base_ms < 1 ||
            (plus && parse_seconds(plus + 1, &tc.inc_ms) != 0)) {
            snprintf(err, errlen,
                     "-tc '%s': expected ms=N, iterations=N or BASE+INC in seconds (e.g. 60+0.5)",
                     text);
            return -1;
        }
        tc.kind = MATCH_TC_CLOCK;
    }
    *out = tc;
    return 0;
}

static void seconds_text(int64_t ms, char *buf, size_t len)
{
    snprintf(buf, len, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
    /* trim "60.000" to "60" and "0.500" to "0.5" */
    char *dot = strchr(buf, '.');
    char *end = buf + strlen(buf);
    while (end > dot + 1 && end[-1] == '0')
        *--end = 0;
    if (end == dot + 1)
        *dot = 0;
}

void match_tc_text(const match_tc *tc, char *buf, size_t len)
{
    char a[32], b[32];
    switch (tc->kind) {
    case MATCH_TC_MOVE: snprintf(buf, len, "ms=%lld", (long long)tc->move_ms); break;
    case MATCH_TC_ITERATIONS: snprintf(buf, len, "iterations=%ld", tc->iterations); break;
    case MATCH_TC_CLOCK:
        seconds_text(tc->base_ms, a, sizeof a);
        seconds_text(tc->inc_ms, b, sizeof b);
        snprintf(buf, len, "%s+%s", a, b);
        break;
    default: snprintf(buf, len, "none"); break;
    }
}

/* ------------------------------------------------------------------ */
/* the match                                                           */

typedef struct player {
    char name[64];
    int builtin;          /* our own `quartet gtp` */
    char kind[16];        /* built-in: "ai" or "random" */
    char settings[256];   /* built-in: "name=value ..." */
    int has_seed;
    uint64_t seed;
    char cmd[1024];       /* external: a shell command line */
    int start_failures;   /* consecutive failed starts (under the lock) */
    int ever_started;
} player;

typedef struct opening {
    int is_position;
    char *text;           /* position text, or move tokens separated by spaces */
} opening;

typedef struct scheduled {
    int first, second;    /* player indices */
    int encounter, round; /* round: game number within the encounter */
    int opening;
} scheduled;

typedef struct outcome {
    int done;
    int result;           /* enum game_result */
} outcome;

typedef struct match {
    /* configuration */
    game *proto;          /* options and start position of every game */
    player players[MAX_PLAYERS];
    int nplayers;
    int schedule_kind;    /* 0 match, 1 gauntlet, 2 round robin */
    int games;            /* per encounter */
    int (*encounters)[2];
    int nencounters;
    opening *openings;
    int nopenings;
    char openings_desc[600];
    uint64_t seed;
    int random_plies;
    match_tc tc;
    int64_t margin_ms, timeout_ms;
    int max_plies;
    int concurrency;
    int report_every;
    int debug;
    int use_sprt;
    stats_sprt sprt;
    const char *log_path, *sgf_path;
    int sgf_is_dir, resume;
    char exe[4096];

    /* the schedule and what happened */
    scheduled *sched;
    outcome *out;
    int total, next, done_before, done_now;
    int64_t started_ms;
    int log_fd;
    FILE *sgf_file;
    int stop;             /* SPRT decided or an engine cannot start */
    int fatal;
    int sprt_result;
    pthread_mutex_t lock;
} match;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static const char *schedule_names[] = {"match", "gauntlet", "roundrobin"};

/* ------------------------------------------------------------------ */
/* engine processes                                                    */

enum answer { ANS_OK, ANS_ERR, ANS_TIMEOUT, ANS_EOF, ANS_GARBAGE, ANS_INTERRUPTED };

typedef struct proc {
    pid_t pid;            /* 0: not running */
    int to_fd, from_fd;
    char buf[ANSWER_MAX];
    size_t len;
    const player *pl;
    int game_no;          /* for -debug lines */
    int next_id;          /* command ids */
    char why[320];        /* what went wrong last */
} proc;

static void proc_close_fds(proc *p)
{
    if (p->to_fd >= 0)
        close(p->to_fd);
    if (p->from_fd >= 0)
        close(p->from_fd);
    p->to_fd = p->from_fd = -1;
}

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

/* Kill the engine's whole process group and reap it. */
static void proc_kill(proc *p)
{
    if (!p->pid)
        return;
    proc_close_fds(p);
    kill(-p->pid, SIGKILL);
    kill(p->pid, SIGKILL);
    int st;
    waitpid(p->pid, &st, 0);
    p->pid = 0;
    p->len = 0;
}

/* After the engine's output ended: say how it ended, if it has. */
static void note_exit(proc *p)
{
    int st;
    char how[64] = "closed its output";
    if (p->pid && wait_exit(p->pid, 300, &st)) {
        describe_status(st, how, sizeof how);
        p->pid = 0;
        proc_close_fds(p);
    }
    snprintf(p->why, sizeof p->why, "engine %s", how);
}

static void debug_line(const match *m, const proc *p, const char *dir, const char *text)
{
    if (m->debug)
        fprintf(stderr, "[game %d %s] %s %s\n", p->game_no, p->pl->name, dir, text);
}

/* One line from the engine (without its end), waiting until deadline. */
static enum answer read_line(const match *m, proc *p, int64_t deadline, char *line, size_t len)
{
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->len);
        if (nl) {
            size_t n = (size_t)(nl - p->buf);
            size_t c = n < len - 1 ? n : len - 1;
            memcpy(line, p->buf, c);
            line[c] = 0;
            if (c && line[c - 1] == '\r')
                line[c - 1] = 0;
            memmove(p->buf, nl + 1, p->len - n - 1);
            p->len -= n + 1;
            debug_line(m, p, "<", line);
            return ANS_OK;
        }
        if (p->len == sizeof p->buf) {
            snprintf(p->why, sizeof p->why, "engine sent a line longer than %d bytes", ANSWER_MAX);
            return ANS_GARBAGE;
        }
        if (interrupted)
            return ANS_INTERRUPTED;
        int64_t left = deadline - util_now_ms();
        if (left <= 0) {
            snprintf(p->why, sizeof p->why, "no answer in time");
            return ANS_TIMEOUT;
        }
        struct pollfd pfd = {p->from_fd, POLLIN, 0};
        int r = poll(&pfd, 1, left < 100 ? (int)left : 100);
        if (r < 0 && errno != EINTR) {
            snprintf(p->why, sizeof p->why, "poll: %s", strerror(errno));
            return ANS_EOF;
        }
        if (r <= 0)
            continue;
        ssize_t got = read(p->from_fd, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (got <= 0) {
            note_exit(p);
            return ANS_EOF;
        }
        p->len += (size_t)got;
    }
}

/* Send one command and read its answer.  ANS_OK ('=') and ANS_ERR ('?')
 * leave the answer text in ans; anything else leaves a reason in p->why. */
static enum answer ask(const match *m, proc *p, int64_t deadline, char *ans, size_t anslen,
                       const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static enum answer ask(const match *m, proc *p, int64_t deadline, char *ans, size_t anslen,
                       const char *fmt, ...)
{
    /* Every command carries an id (GTP allows it) so that a stray or
     * repeated answer is caught instead of being taken for the next one;
     * an engine that answers without the id is accepted. */
    char cmd[8192];
    int id = ++p->next_id;
    int head = snprintf(cmd, sizeof cmd, "%d ", id);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd + head, sizeof cmd - (size_t)head - 1, fmt, ap);
    va_end(ap);
    ans[0] = 0;
    if (!p->pid) {
        snprintf(p->why, sizeof p->why, "engine is not running");
        return ANS_EOF;
    }
    debug_line(m, p, ">", cmd);
    char what[48];
    copy_text(what, sizeof what, cmd + head);
    strcat(cmd, "\n");
    size_t off = 0, n = strlen(cmd);
    while (off < n) {
        ssize_t w = write(p->to_fd, cmd + off, n - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            note_exit(p);
            return ANS_EOF;
        }
        off += (size_t)w;
    }
    char line[ANSWER_MAX];
    enum answer a;
    do { /* blank lines before an answer are tolerated */
        if ((a = read_line(m, p, deadline, line, sizeof line)) != ANS_OK)
            return a;
    } while (!line[0]);
    if (line[0] != '=' && line[0] != '?') {
        char shown[80];
        copy_text(shown, sizeof shown, line);
        flatten(shown);
        snprintf(p->why, sizeof p->why, "garbage answer '%s' to '%s'", shown, what);
        return ANS_GARBAGE;
    }
    int ok = line[0] == '=';
    const char *t = line + 1;
    if (isdigit((unsigned char)*t)) {
        long got = strtol(t, (char **)&t, 10);
        if (got != id) {
            snprintf(p->why, sizeof p->why, "answer to another command (id %ld) for '%s'", got,
                     what);
            return ANS_GARBAGE;
        }
    }
    while (*t == ' ' || *t == '\t')
        t++;
    snprintf(ans, anslen, "%s", t);
    for (;;) { /* further lines until the empty line that ends the answer */
        if ((a = read_line(m, p, deadline, line, sizeof line)) != ANS_OK)
            return a;
        if (!line[0])
            break;
        util_str_appendf(ans, anslen, "\n%s", line);
    }
    util_str_chomp(ans);
    return ok ? ANS_OK : ANS_ERR;
}

/* Describe a failed command in p->why (for ANS_ERR the engine's message). */
static void refused(proc *p, const char *what, const char *ans)
{
    char a[200];
    snprintf(a, sizeof a, "%s", ans);
    flatten(a);
    snprintf(p->why, sizeof p->why, "engine refused '%s': %s", what, a);
}

static int proc_spawn(const match *m, proc *p, const player *pl, char *err, size_t errlen)
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
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    if (!m->debug)
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_init(&at);
    sigset_t none, deflt;
    sigemptyset(&none);
    sigemptyset(&deflt);
    sigaddset(&deflt, SIGPIPE);
    sigaddset(&deflt, SIGINT);
    sigaddset(&deflt, SIGTERM);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &deflt);
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);
    char *argv_builtin[] = {(char *)m->exe, "gtp", NULL};
    char *argv_shell[] = {"/bin/sh", "-c", (char *)pl->cmd, NULL};
    char **argv = pl->builtin ? argv_builtin : argv_shell;
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
    p->pid = pid;
    p->to_fd = in[1];
    p->from_fd = out[0];
    p->len = 0;
    p->pl = pl;
    return 0;
}

/* Start the engine and give it the player's settings and the time
 * control, which hold for all its games.  0, or -1 with p->why. */
static int proc_start(const match *m, proc *p, const player *pl)
{
    char ans[ANSWER_MAX], err[256];
    if (proc_spawn(m, p, pl, err, sizeof err) != 0) {
        snprintf(p->why, sizeof p->why, "%s", err);
        return -1;
    }
    int64_t deadline = util_now_ms() + m->timeout_ms;
    enum answer a = ask(m, p, deadline, ans, sizeof ans, "protocol_version");
    if (a != ANS_OK) {
        if (a == ANS_ERR)
            refused(p, "protocol_version", ans);
        goto fail;
    }
    if (pl->builtin) {
        if ((a = ask(m, p, deadline, ans, sizeof ans, "quartet-player %s", pl->kind)) != ANS_OK) {
            if (a == ANS_ERR)
                refused(p, "quartet-player", ans);
            goto fail;
        }
        char s[256];
        snprintf(s, sizeof s, "%s", pl->settings);
        char *w[32];
        int n = util_split_words(s, w, 32);
        for (int i = 0; i < n; i++) {
            char *eq = strchr(w[i], '=');
            *eq = 0;
            if ((a = ask(m, p, deadline, ans, sizeof ans, "quartet-set %s %s", w[i], eq + 1)) !=
                ANS_OK) {
                if (a == ANS_ERR)
                    refused(p, "quartet-set", ans);
                goto fail;
            }
        }
    }
    /* The time control.  Built-in players must accept it (a kind without
     * a budget, such as random, is not asked); other engines may not know a
     * command, and then play by their own settings. */
    char cmd[128] = "", secs[32];
    switch (m->tc.kind) {
    case MATCH_TC_MOVE:
        if (pl->builtin && engine_kind_has_setting(pl->kind, "ms") &&
            (a = ask(m, p, deadline, ans, sizeof ans, "quartet-set ms %lld",
                     (long long)m->tc.move_ms)) != ANS_OK) {
            if (a == ANS_ERR)
                refused(p, "quartet-set ms", ans);
            goto fail;
        }
        seconds_text(m->tc.move_ms, secs, sizeof secs);
        snprintf(cmd, sizeof cmd, "time_settings 0 %s 1", secs);
        break;
    case MATCH_TC_CLOCK:
        seconds_text(m->tc.base_ms, secs, sizeof secs);
        snprintf(cmd, sizeof cmd, "time_settings %s 0 0", secs);
        break;
    case MATCH_TC_ITERATIONS:
        if (!pl->builtin || engine_kind_has_setting(pl->kind, "iterations"))
            snprintf(cmd, sizeof cmd, "quartet-set iterations %ld", m->tc.iterations);
        break;
    default: break;
    }
    if (cmd[0]) {
        a = ask(m, p, deadline, ans, sizeof ans, "%s", cmd);
        if (a == ANS_ERR && pl->builtin) {
            refused(p, cmd, ans);
            goto fail;
        }
        if (a != ANS_OK && a != ANS_ERR)
            goto fail;
    }
    return 0;
fail:
    proc_kill(p);
    return -1;
}

static void proc_quit(const match *m, proc *p)
{
    if (!p->pid)
        return;
    char ans[256];
    ask(m, p, util_now_ms() + 500, ans, sizeof ans, "quit");
    int st;
    if (p->pid && wait_exit(p->pid, 500, &st))
        p->pid = 0;
    if (p->pid)
        proc_kill(p); /* it did not leave when asked */
    proc_close_fds(p);
    p->pid = 0;
}

/* ------------------------------------------------------------------ */
/* one game                                                            */

typedef struct game_log {
    int result;
    char off_how;  /* an off-board end as record.h has it: 'R', 'T', 'F' or 0 */
    char reason[320];
    sbuf moves;   /* turns separated by spaces, stones of a turn by commas */
    sbuf times;   /* milliseconds per turn */
    int turns;
} game_log;

/* Apply an opening to the referee's game.  0, or -1 with err. */
static int apply_opening(game *g, const opening *o, char *err, size_t errlen)
{
    if (o->is_position)
        return g->ops->from_text(g, o->text, err, errlen);
    char buf[GAME_TEXT_MAX];
    snprintf(buf, sizeof buf, "%s", o->text);
    char *w[1024];
    int n = util_split_words(buf, w, 1024);
    for (int i = 0; i < n; i++) {
        if (g->ops->result(g) != RESULT_NONE) {
            snprintf(err, errlen, "the game is over before '%s'", w[i]);
            return -1;
        }
        qmove mv;
        if (g->ops->move_from_text(g, w[i], &mv, err, errlen) != 0)
            return -1;
        g->ops->make(g, mv);
    }
    return 0;
}

/* The opening's moves grouped into whole turns: "a1 b2,c3 ...". */
static void opening_turns(const game *start, const opening *o, sbuf *turns)
{
    game *g = game_clone(start);
    char err[GAME_ERR_MAX];
    apply_opening(g, o, err, sizeof err);
    int n = g->ops->ply(g);
    qmove *mv = malloc(sizeof *mv * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        mv[i] = g->ops->move_at(g, i);
    game *h = game_clone(start);
    for (int i = 0; i < n; i++) {
        int mover = h->ops->to_move(h);
        char t[GAME_MOVE_TEXT_MAX];
        h->ops->move_to_text(h, mv[i], t, sizeof t);
        sb_addf(turns, "%s", t);
        h->ops->make(h, mv[i]);
        if (i + 1 < n)
            sb_addf(turns, "%s", h->ops->to_move(h) == mover ? "," : " ");
    }
    free(mv);
    game_free(g);
    game_free(h);
}

static int loss_for(int side) { return side == 0 ? RESULT_SECOND : RESULT_FIRST; }

/* Set up one engine for a game: new game, seed, opening. */
static int prepare(const match *m, proc *p, const player *pl, int game_no, const opening *o,
                   const char *turns_text, int player_index)
{
    char ans[ANSWER_MAX], opts[512];
    int64_t deadline = util_now_ms() + m->timeout_ms;
    game_options_text(m->proto, opts, sizeof opts);
    enum answer a = ask(m, p, deadline, ans, sizeof ans, "quartet-game %s%s%s",
                        m->proto->ops->name, opts[0] ? " " : "", opts);
    if (a == ANS_ERR)
        refused(p, "quartet-game", ans);
    if (a != ANS_OK)
        return -1;
    if (pl->builtin) {
        uint64_t base = pl->has_seed ? pl->seed : m->seed * 7919u + 101u * (uint64_t)player_index;
        a = ask(m, p, deadline, ans, sizeof ans, "quartet-set seed %llu",
                (unsigned long long)(base + (uint64_t)game_no));
        if (a == ANS_ERR)
            refused(p, "quartet-set seed", ans);
        if (a != ANS_OK)
            return -1;
    }
    if (o && o->is_position) {
        a = ask(m, p, deadline, ans, sizeof ans, "quartet-setposition %s", o->text);
        if (a == ANS_ERR)
            refused(p, "quartet-setposition", ans);
        if (a != ANS_OK)
            return -1;
    } else if (o) {
        /* replay the opening turn by turn */
        game *g = game_clone(m->proto);
        char buf[GAME_TEXT_MAX];
        snprintf(buf, sizeof buf, "%s", turns_text);
        char *w[1024], err[GAME_ERR_MAX];
        int n = util_split_words(buf, w, 1024);
        for (int i = 0; i < n; i++) {
            const char *colour = g->ops->colour[g->ops->to_move(g)];
            game_play_text(g, w[i], err, sizeof err);
            a = ask(m, p, deadline, ans, sizeof ans, "play %s %s", colour, w[i]);
            if (a == ANS_ERR)
                refused(p, "play", ans);
            if (a != ANS_OK) {
                game_free(g);
                return -1;
            }
        }
        game_free(g);
    }
    return 0;
}

/* Play scheduled game idx with the two engines.  Fills lg.  Returns 0, or
 * -1 if the match was interrupted (nothing to record). */
static int play_game(match *m, int idx, proc *eng[2], const player *pl[2], game_log *lg)
{
    const scheduled *s = &m->sched[idx];
    const opening *o = m->nopenings ? &m->openings[s->opening] : NULL;
    game *g = game_clone(m->proto);
    const game_ops *ops = g->ops;
    char err[GAME_ERR_MAX], ans[ANSWER_MAX];
    sbuf turns = {0};
    int failed_side = -1;
    char why[400] = "";
    lg->result = RESULT_NONE;

    if (o) {
        apply_opening(g, o, err, sizeof err); /* checked when the match began */
        if (!o->is_position)
            opening_turns(m->proto, o, &turns);
    }
    for (int side = 0; side < 2; side++) {
        eng[side]->game_no = idx + 1;
        if (prepare(m, eng[side], pl[side], idx + 1, o, sb_str(&turns),
                    side ? s->second : s->first) != 0) {
            failed_side = side;
            snprintf(why, sizeof why, "%s", eng[side]->why);
            break;
        }
    }
    sb_free(&turns);

    int64_t clock[2] = {m->tc.base_ms, m->tc.base_ms};
    int64_t t0 = 0;
    while (failed_side < 0 && ops->result(g) == RESULT_NONE) {
        if (interrupted)
            break;
        if (m->max_plies && ops->ply(g) >= m->max_plies) {
            lg->result = RESULT_DRAW;
            snprintf(lg->reason, sizeof lg->reason, "adjudicated: %d plies reached",
                     m->max_plies);
            break;
        }
        int side = ops->to_move(g);
        proc *p = eng[side];
        const char *colour = ops->colour[side];
        enum answer a;
        if (m->tc.kind == MATCH_TC_CLOCK) {
            char secs[32];
            seconds_text(clock[side], secs, sizeof secs);
            a = ask(m, p, util_now_ms() + m->timeout_ms, ans, sizeof ans, "time_left %s %s 0",
                    colour, secs);
            if (a != ANS_OK && a != ANS_ERR) {
                failed_side = side;
                snprintf(why, sizeof why, "%s", p->why);
                break;
            }
        }
        int64_t limit = m->tc.kind == MATCH_TC_MOVE    ? m->tc.move_ms + m->margin_ms
                        : m->tc.kind == MATCH_TC_CLOCK ? clock[side] + m->margin_ms
                                                       : m->timeout_ms;
        t0 = util_now_ms();
        a = ask(m, p, t0 + limit, ans, sizeof ans, "genmove %s", colour);
        int64_t used = util_now_ms() - t0;
        if (a == ANS_INTERRUPTED)
            break;
        if (a == ANS_TIMEOUT) {
            failed_side = side;
            if (m->tc.kind == MATCH_TC_CLOCK)
                snprintf(why, sizeof why,
                         "time forfeit: out of time (%lld ms on the clock + %lld ms margin)",
                         (long long)clock[side], (long long)m->margin_ms);
            else
                snprintf(why, sizeof why, "time forfeit: no move within %lld ms",
                         (long long)limit);
            proc_kill(p);
            break;
        }
        if (a == ANS_ERR) {
            failed_side = side;
            refused(p, "genmove", ans);
            snprintf(why, sizeof why, "%s", p->why);
            break;
        }
        if (a != ANS_OK) {
            failed_side = side;
            snprintf(why, sizeof why, "%s", p->why);
            break;
        }
        if (used > limit) {
            failed_side = side;
            snprintf(why, sizeof why, "time forfeit: %lld ms used, %lld allowed",
                     (long long)used, (long long)limit);
            break;
        }
        if (m->tc.kind == MATCH_TC_CLOCK) {
            clock[side] -= used;
            if (clock[side] < 0)
                clock[side] = 0; /* within the margin */
            clock[side] += m->tc.inc_ms;
        }
        char move[512];
        copy_text(move, sizeof move, ans);
        flatten(move);
        util_str_chomp(move);
        if (util_str_ieq(move, "resign")) {
            lg->result = loss_for(side);
            lg->off_how = 'R';
            snprintf(lg->reason, sizeof lg->reason, "%s resigns", colour);
            sb_addf(&lg->moves, "%sresign", lg->turns ? " " : "");
            sb_addf(&lg->times, "%s%lld", lg->turns ? " " : "", (long long)used);
            lg->turns++;
            break;
        }
        int before = ops->ply(g);
        if (strchr(move, ' ') || game_play_text(g, move, err, sizeof err) < 0) {
            failed_side = side;
            snprintf(why, sizeof why, "illegal move '%.100s' by %s: %s", move, colour,
                     strchr(move, ' ') ? "a turn is one word" : err);
            break;
        }
        if (ops->result(g) == RESULT_NONE && ops->to_move(g) == side) {
            failed_side = side;
            snprintf(why, sizeof why, "illegal move '%.100s' by %s: the turn is not complete", move,
                     colour);
            break;
        }
        /* the turn in canonical text: replay its moves one by one */
        char canon[512] = "";
        qmove mv[64];
        int k = ops->ply(g) - before;
        if (k > 64) {
            failed_side = side;
            snprintf(why, sizeof why, "turn '%.100s' has too many moves", move);
            break;
        }
        for (int i = 0; i < k; i++)
            mv[i] = ops->move_at(g, before + i);
        for (int i = 0; i < k; i++)
            ops->unmake(g);
        for (int i = 0; i < k; i++) {
            char t[GAME_MOVE_TEXT_MAX];
            ops->move_to_text(g, mv[i], t, sizeof t);
            util_str_appendf(canon, sizeof canon, "%s%s", i ? "," : "", t);
            ops->make(g, mv[i]);
        }
        sb_addf(&lg->moves, "%s%s", lg->turns ? " " : "", canon);
        sb_addf(&lg->times, "%s%lld", lg->turns ? " " : "", (long long)used);
        lg->turns++;
        if (ops->result(g) != RESULT_NONE)
            break; /* the opponent need not hear the last move */
        proc *q = eng[!side];
        a = ask(m, q, util_now_ms() + m->timeout_ms, ans, sizeof ans, "play %s %s", colour, canon);
        if (a == ANS_INTERRUPTED)
            break;
        if (a != ANS_OK) {
            failed_side = !side;
            if (a == ANS_ERR)
                refused(q, "play", ans);
            snprintf(why, sizeof why, "%s", q->why);
            break;
        }
    }
    if (interrupted) {
        /* whatever happened since the signal may be its doing: the game
         * is played again on resume */
        game_free(g);
        return -1;
    }
    if (failed_side >= 0) {
        lg->result = loss_for(failed_side);
        lg->off_how = strncmp(why, "time forfeit", 12) == 0 ? 'T' : 'F';
        snprintf(lg->reason, sizeof lg->reason, "%s loses: %.240s", pl[failed_side]->name, why);
        /* whatever state it is in, start it afresh next time */
        proc_kill(eng[failed_side]);
    } else if (lg->result == RESULT_NONE) {
        lg->result = ops->result(g);
        ops->result_reason(g, lg->reason, sizeof lg->reason);
    }
    flatten(lg->reason);
    game_free(g);
    return 0;
}

/* ------------------------------------------------------------------ */
/* openings                                                            */

static int add_opening(match *m, int is_position, const char *text)
{
    opening *o = realloc(m->openings, sizeof *o * (size_t)(m->nopenings + 1));
    if (!o)
        return -1;
    m->openings = o;
    o[m->nopenings].is_position = is_position;
    o[m->nopenings].text = strdup(text);
    m->nopenings++;
    return 0;
}

/* Does the opening leave a game in progress at the start of a turn? */
static int check_opening(const match *m, const opening *o, char *err, size_t errlen)
{
    game *g = game_clone(m->proto);
    int rc = apply_opening(g, o, err, errlen);
    if (rc == 0 && g->ops->result(g) != RESULT_NONE) {
        snprintf(err, errlen, "the game is already over");
        rc = -1;
    }
    if (rc == 0 && !o->is_position && g->ops->ply(g) > 0) {
        /* the last move must complete its turn (engines hear whole turns) */
        int n = g->ops->ply(g);
        qmove last = g->ops->move_at(g, n - 1);
        int mover;
        g->ops->unmake(g);
        mover = g->ops->to_move(g);
        g->ops->make(g, last);
        if (g->ops->to_move(g) == mover) {
            snprintf(err, errlen, "it ends in the middle of a turn");
            rc = -1;
        }
    }
    game_free(g);
    return rc;
}

/* An opening's moves in canonical text, one space apart (static buffer). */
static const char *canonical_moves(const match *m, const opening *o)
{
    static char out[GAME_TEXT_MAX];
    char err[GAME_ERR_MAX];
    game *g = game_clone(m->proto);
    apply_opening(g, o, err, sizeof err);
    int n = g->ops->ply(g);
    qmove *mv = malloc(sizeof *mv * (size_t)(n ? n : 1));
    for (int i = n - 1; i >= 0; i--) {
        mv[i] = g->ops->move_at(g, i);
        g->ops->unmake(g);
    }
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, mv[i], t, sizeof t);
        util_str_appendf(out, sizeof out, "%s%s", i ? " " : "", t);
        g->ops->make(g, mv[i]);
    }
    free(mv);
    game_free(g);
    return out;
}

static int load_openings(match *m, const char *path)
{
    size_t len;
    char *data = util_read_file(path, &len);
    if (!data) {
        fprintf(stderr, "quartet match: cannot read openings file %s: %s\n", path,
                strerror(errno));
        return -1;
    }
    int lineno = 0, rc = 0;
    for (char *line = data, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        util_str_chomp(line);
        while (isspace((unsigned char)*line))
            line++;
        if (!*line || *line == '#')
            continue;
        int is_pos = strncmp(line, "pos:", 4) == 0;
        char *text = is_pos ? line + 4 : line;
        while (isspace((unsigned char)*text))
            text++;
        if (!is_pos)
            for (char *c = text; *c; c++)
                if (*c == ',' || *c == '\t')
                    *c = ' ';
        opening o = {is_pos, text};
        char err[GAME_ERR_MAX];
        if (strlen(text) >= GAME_TEXT_MAX) {
            snprintf(err, sizeof err, "line too long");
        } else if (check_opening(m, &o, err, sizeof err) == 0) {
            add_opening(m, is_pos, is_pos ? text : canonical_moves(m, &o));
            continue;
        }
        fprintf(stderr, "quartet match: %s:%d: bad opening: %s\n", path, lineno, err);
        rc = -1;
        break;
    }
    free(data);
    if (rc == 0 && m->nopenings == 0) {
        fprintf(stderr, "quartet match: %s holds no openings\n", path);
        rc = -1;
    }
    return rc;
}

/* Opening k of -random-plies: K random legal moves (completing the last
 * turn) from an RNG seeded with the match seed and k, so any opening can
 * be made again alone, as a resumed match needs. */
static void random_opening(const match *m, int k, sbuf *out)
{
    rng r;
    rng_seed(&r, m->seed * 0x9E3779B97F4A7C15ull + (uint64_t)k + 1);
    game *g = game_clone(m->proto);
    qmove moves[GAME_MAX_MOVES];
    for (int attempt = 0; attempt < 100; attempt++) {
        g->ops->copy(g, m->proto);
        out->len = 0;
        if (out->s)
            out->s[0] = 0;
        int plies = 0;
        for (;;) {
            int n = g->ops->legal_moves(g, moves);
            if (n == 0)
                break;
            if (plies >= m->random_plies && g->ops->ply(g) > 0) {
                /* stop only where a turn begins */
                qmove last = g->ops->move_at(g, g->ops->ply(g) - 1);
                g->ops->unmake(g);
                int mover = g->ops->to_move(g);
                g->ops->make(g, last);
                if (g->ops->to_move(g) != mover)
                    break;
            } else if (plies >= m->random_plies) {
                break;
            }
            qmove mv = moves[rng_below(&r, (uint32_t)n)];
            char t[GAME_MOVE_TEXT_MAX];
            g->ops->move_to_text(g, mv, t, sizeof t);
            sb_addf(out, "%s%s", plies ? " " : "", t);
            g->ops->make(g, mv);
            plies++;
        }
        if (g->ops->result(g) == RESULT_NONE)
            break;
    }
    game_free(g);
}

/* ------------------------------------------------------------------ */
/* schedule                                                            */

static int build_schedule(match *m)
{
    int n = m->nplayers;
    m->encounters = malloc(sizeof *m->encounters * (size_t)(n * n));
    m->nencounters = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            if (m->schedule_kind == 1 && a != 0)
                continue;
            m->encounters[m->nencounters][0] = a;
            m->encounters[m->nencounters][1] = b;
            m->nencounters++;
        }
    m->total = m->nencounters * m->games;
    m->sched = calloc((size_t)m->total, sizeof *m->sched);
    m->out = calloc((size_t)m->total, sizeof *m->out);
    if (!m->sched || !m->out)
        return -1;
    /* Pairs outermost, so that a match cut short is still balanced: each
     * encounter plays an opening twice, colours swapped, before the next. */
    int pairs = (m->games + 1) / 2, idx = 0;
    for (int p = 0; p < pairs; p++)
        for (int e = 0; e < m->nencounters; e++)
            for (int j = 2 * p; j < 2 * p + 2 && j < m->games; j++) {
                scheduled *s = &m->sched[idx++];
                int swap = j & 1;
                s->first = m->encounters[e][swap];
                s->second = m->encounters[e][!swap];
                s->encounter = e;
                s->round = j;
                s->opening = m->random_plies ? p : (m->nopenings ? p % m->nopenings : 0);
            }
    return 0;
}

/* ------------------------------------------------------------------ */
/* statistics of what has been played                                   */

/* Results of player a against player b (b < 0: against everyone). */
static stats_wld tally(const match *m, int a, int b)
{
    stats_wld r = {0, 0, 0};
    for (int i = 0; i < m->total; i++) {
        const scheduled *s = &m->sched[i];
        if (!m->out[i].done)
            continue;
        int side;
        if (s->first == a && (b < 0 || s->second == b))
            side = 0;
        else if (s->second == a && (b < 0 || s->first == b))
            side = 1;
        else
            continue;
        int res = m->out[i].result;
        if (res == RESULT_DRAW)
            r.d++;
        else if ((res == RESULT_FIRST) == (side == 0))
            r.w++;
        else
            r.l++;
    }
    return r;
}

static double points_for(int result, int side)
{
    if (result == RESULT_DRAW)
        return 0.5;
    return (result == RESULT_FIRST) == (side == 0) ? 1.0 : 0.0;
}

/* Complete opening pairs of encounter e, from its first player's side. */
static stats_penta pairs_of(const match *m, int e)
{
    stats_penta p = {{0}};
    int a = m->encounters[e][0];
    for (int i = 0; i < m->total; i++) {
        const scheduled *s = &m->sched[i];
        if (s->encounter != e || (s->round & 1) || !m->out[i].done)
            continue;
        /* the swapped game follows directly in the schedule */
        int j = i + 1;
        if (j >= m->total || m->sched[j].encounter != e || !m->out[j].done)
            continue;
        double pts = points_for(m->out[i].result, s->first == a ? 0 : 1) +
                     points_for(m->out[j].result, m->sched[j].first == a ? 0 : 1);
        p.n[(int)lround(pts * 2)]++;
    }
    return p;
}

static void elo_text(double elo, char *buf, size_t len)
{
    if (fabs(elo) < 0.05)
        snprintf(buf, len, "0.0"); /* neither "+0.0" nor "-0.0" */
    else if (isinf(elo))
        snprintf(buf, len, "%sinf", elo > 0 ? "+" : "-");
    else
        snprintf(buf, len, "%+.1f", elo);
}

/* The "+-" figure; "?" while the results show no spread to measure. */
static void error_text(const stats_summary *s, char *buf, size_t len)
{
    if (s->samples < 2 || s->variance <= 0)
        snprintf(buf, len, "?");
    else if (!isfinite(s->elo_error))
        snprintf(buf, len, "inf");
    else
        snprintf(buf, len, "%.1f", s->elo_error);
}

static void hms(int64_t ms, char *buf, size_t len)
{
    long s = (long)(ms / 1000);
    snprintf(buf, len, "%02ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

/* The SPRT on the two-player match so far: pentanomial once complete
 * pairs exist (pairs, not games, are the independent samples when every
 * opening is played twice), trinomial before.  Sets m->sprt_result. */
static void sprt_check(match *m, double *llr_out, int *by_pairs)
{
    stats_wld r = tally(m, m->encounters[0][0], m->encounters[0][1]);
    stats_penta p = pairs_of(m, 0);
    stats_summary tri, pen;
    stats_trinomial(&r, &tri);
    stats_pentanomial(&p, &pen);
    const stats_summary *s = pen.samples ? &pen : &tri;
    double llr = stats_sprt_llr(&m->sprt, s);
    m->sprt_result = stats_sprt_decide(&m->sprt, llr);
    if (llr_out)
        *llr_out = llr;
    if (by_pairs)
        *by_pairs = pen.samples > 0;
}

/* The statistics block for a two-player match. */
static void print_match_stats(match *m)
{
    int a = m->encounters[0][0], b = m->encounters[0][1];
    stats_wld r = tally(m, a, b);
    stats_summary tri, pen;
    stats_trinomial(&r, &tri);
    stats_penta p = pairs_of(m, 0);
    stats_pentanomial(&p, &pen);
    char e1[32], e2[32], pm1[32], pm2[32];
    elo_text(tri.elo, e1, sizeof e1);
    error_text(&tri, pm1, sizeof pm1);
    error_text(&pen, pm2, sizeof pm2);
    printf("  %s vs %s: +%ld -%ld =%ld, score %.1f%%, Elo %s +- %s (95%%), LOS %.1f%%, "
           "draws %.1f%%\n",
           m->players[a].name, m->players[b].name, r.w, r.l, r.d, 100 * tri.score, e1, pm1,
           100 * stats_los(&r),
           100 * stats_draw_ratio(&r));
    if (pen.samples) {
        elo_text(pen.elo, e2, sizeof e2);
        /* the variance of a pair's mean score beside that of two
         * independent games: below it, pairing saves games */
        printf("  pairs by points 0/0.5/1/1.5/2: %ld %ld %ld %ld %ld, Elo %s +- %s, "
               "variance %.4f per pair (%.4f if independent)\n",
               p.n[0], p.n[1], p.n[2], p.n[3], p.n[4], e2, pm2, pen.variance,
               tri.variance / 2);
    }
    if (m->use_sprt) {
        double llr, lo, hi;
        int by_pairs;
        sprt_check(m, &llr, &by_pairs);
        stats_sprt_bounds(&m->sprt, &lo, &hi);
        printf("  SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f, bounds [%.3f, %.3f] (%s "
               "samples) -> %s\n",
               m->sprt.elo0, m->sprt.elo1, m->sprt.alpha, m->sprt.beta, llr, lo, hi,
               by_pairs ? "pair" : "game",
               m->sprt_result == SPRT_ACCEPT_H1   ? "H1 accepted"
               : m->sprt_result == SPRT_ACCEPT_H0 ? "H0 accepted"
                                                  : "continue");
    }
}

static void print_progress(match *m)
{
    int done = m->done_before + m->done_now;
    int64_t elapsed = util_now_ms() - m->started_ms;
    char el[32], left[32] = "?";
    if (m->done_now > 0) {
        int64_t rest = (int64_t)((double)elapsed / m->done_now * (m->total - done));
        hms(rest, left, sizeof left);
    }
    hms(elapsed, el, sizeof el);
    printf("progress: %d/%d games, elapsed %s, left ~%s\n", done, m->total, el, left);
    if (m->nplayers == 2)
        print_match_stats(m);
    fflush(stdout);
}

static void print_summary(match *m)
{
    int order[MAX_PLAYERS];
    double score[MAX_PLAYERS];
    stats_wld r[MAX_PLAYERS];
    for (int i = 0; i < m->nplayers; i++) {
        order[i] = i;
        r[i] = tally(m, i, -1);
        score[i] = stats_score(&r[i]);
    }
    for (int i = 1; i < m->nplayers; i++) /* by score, stable */
        for (int j = i; j > 0 && score[order[j]] > score[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    int w = 4;
    for (int i = 0; i < m->nplayers; i++)
        if ((int)strlen(m->players[i].name) > w)
            w = (int)strlen(m->players[i].name);
    printf("\n%-4s  %-*s %6s %6s %6s %6s %7s %8s %7s\n", "rank", w, "name", "games", "wins",
           "losses", "draws", "score", "elo", "+-");
    for (int k = 0; k < m->nplayers; k++) {
        int i = order[k];
        stats_summary s;
        stats_trinomial(&r[i], &s);
        char e[32], pm[32];
        elo_text(s.elo, e, sizeof e);
        error_text(&s, pm, sizeof pm);
        printf("%4d  %-*s %6ld %6ld %6ld %6ld %6.1f%% %8s %7s\n", k + 1, w,
               m->players[i].name, stats_games(&r[i]), r[i].w, r[i].l, r[i].d,
               100 * s.score, s.samples ? e : "-", pm);
    }
    if (m->nplayers > 2)
        printf("(elo: each player's score against all its opponents)\n");
    fflush(stdout);
}

/* ------------------------------------------------------------------ */
/* results log and game records                                        */

static void fingerprint(const match *m, char *buf, size_t len)
{
    char opts[512], tc[64];
    game_options_text(m->proto, opts, sizeof opts);
    match_tc_text(&m->tc, tc, sizeof tc);
    snprintf(buf, len, "%s\tgame=%s %s\tschedule=%s\tgames=%d\topenings=%s\ttc=%s\tplayers=",
             LOG_MAGIC, m->proto->ops->name, opts, schedule_names[m->schedule_kind], m->games,
             m->openings_desc, tc);
    for (int i = 0; i < m->nplayers; i++)
        util_str_appendf(buf, len, "%s%s", i ? "|" : "", m->players[i].name);
}

static const char *field(const char *line, const char *key, char *buf, size_t len)
{
    size_t k = strlen(key);
    for (const char *p = line; p; p = strchr(p, '\t')) {
        if (*p == '\t')
            p++;
        if (strncmp(p, key, k) == 0 && p[k] == '=') {
            const char *v = p + k + 1, *end = strchr(v, '\t');
            size_t n = end ? (size_t)(end - v) : strlen(v);
            snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), v);
            return buf;
        }
    }
    return NULL;
}

static int result_from_text(const char *t)
{
    if (strcmp(t, "1-0") == 0)
        return RESULT_FIRST;
    if (strcmp(t, "0-1") == 0)
        return RESULT_SECOND;
    if (strcmp(t, "1/2-1/2") == 0)
        return RESULT_DRAW;
    return RESULT_NONE;
}

static int write_all(int fd, const char *s, size_t n)
{
    while (n) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Open the log: a new file gets the header; with -resume an existing one
 * must carry this match's header, its finished games are taken over, and
 * a line cut short by a crash is dropped. */
static int open_log(match *m)
{
    char header[4096];
    fingerprint(m, header, sizeof header);
    size_t len = 0;
    char *data = util_read_file(m->log_path, &len);
    if (data && len > 0 && !m->resume) {
        fprintf(stderr,
                "quartet match: log %s already exists: add -resume to continue that match, "
                "or name another file\n",
                m->log_path);
        free(data);
        return -1;
    }
    m->log_fd = open(m->log_path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (m->log_fd < 0) {
        fprintf(stderr, "quartet match: cannot open log %s: %s\n", m->log_path, strerror(errno));
        free(data);
        return -1;
    }
    if (!data || len == 0) {
        free(data);
        sbuf h = {0};
        sb_addf(&h, "%s\n", header);
        int rc = write_all(m->log_fd, h.s, h.len);
        sb_free(&h);
        if (rc != 0 || fsync(m->log_fd) != 0) {
            fprintf(stderr, "quartet match: cannot write log %s: %s\n", m->log_path,
                    strerror(errno));
            return -1;
        }
        return 0;
    }
    char *nl = memchr(data, '\n', len);
    if (!nl || (size_t)(nl - data) != strlen(header) || memcmp(data, header, strlen(header))) {
        fprintf(stderr,
                "quartet match: log %s belongs to another match (its first line differs from\n"
                "  %s)\n",
                m->log_path, header);
        free(data);
        return -1;
    }
    size_t keep = (size_t)(strrchr(data, '\n') - data) + 1;
    int lineno = 1, rc = 0;
    for (char *line = nl + 1, *next; line < data + keep; line = next) {
        next = strchr(line, '\n');
        *next++ = 0;
        lineno++;
        char v[128], first[128], second[128];
        long no;
        if (!field(line, "game", v, sizeof v) || util_parse_long(v, &no) != 0 || no < 1 ||
            no > m->total || !field(line, "result", v, sizeof v) ||
            result_from_text(v) == RESULT_NONE || !field(line, "first", first, sizeof first) ||
            !field(line, "second", second, sizeof second)) {
            fprintf(stderr, "quartet match: %s:%d: not a game line of this match\n",
                    m->log_path, lineno);
            rc = -1;
            break;
        }
        const scheduled *s = &m->sched[no - 1];
        if (strcmp(first, m->players[s->first].name) || strcmp(second, m->players[s->second].name)) {
            fprintf(stderr, "quartet match: %s:%d: game %ld was not %s vs %s in this match\n",
                    m->log_path, lineno, no, first, second);
            rc = -1;
            break;
        }
        if (m->out[no - 1].done)
            continue; /* never counted twice */
        m->out[no - 1].done = 1;
        m->out[no - 1].result = result_from_text(v);
        m->done_before++;
    }
    if (rc == 0 && keep < len) {
        fprintf(stderr, "quartet match: %s: dropping an unfinished last line\n", m->log_path);
        if (ftruncate(m->log_fd, (off_t)keep) != 0)
            rc = -1;
    }
    free(data);
    if (rc == 0 && lseek(m->log_fd, 0, SEEK_END) < 0)
        rc = -1;
    return rc;
}

/* The game's SGF record, through record.h (the project's SGF mapping),
 * with the match's own words in the root: GN the game's number, GC the
 * opening and why the game ended.  Each turn's comment is its time.
 * malloc'd, or NULL. */
static char *game_sgf(const match *m, int idx, const game_log *lg, const char *opening_text)
{
    const scheduled *s = &m->sched[idx];
    char err[GAME_ERR_MAX];
    record *r = record_new(game_clone(m->proto));
    if (!r)
        return NULL;
    const game_ops *ops = r->g->ops;
    snprintf(r->player[0], sizeof r->player[0], "%s", m->players[s->first].name);
    snprintf(r->player[1], sizeof r->player[1], "%s", m->players[s->second].name);
    if (strncmp(opening_text, "pos:", 4) == 0) {
        record_set_position(r, opening_text + 4, err, sizeof err);
    } else if (opening_text[0]) {
        char buf[GAME_TEXT_MAX], *w[1024];
        copy_text(buf, sizeof buf, opening_text);
        int n = util_split_words(buf, w, 1024);
        for (int i = 0; i < n; i++) {
            qmove mv;
            if (ops->move_from_text(r->g, w[i], &mv, err, sizeof err) != 0)
                break;
            record_make(r, mv, "opening");
        }
    }
    /* the turns the referee accepted, each stone by itself */
    char *moves = strdup(sb_str(&lg->moves)), *times = strdup(sb_str(&lg->times));
    char *ms_save = NULL, *t_save = NULL;
    char *turn = moves ? strtok_r(moves, " ", &ms_save) : NULL;
    char *t = times ? strtok_r(times, " ", &t_save) : NULL;
    for (; turn; turn = strtok_r(NULL, " ", &ms_save), t = t ? strtok_r(NULL, " ", &t_save) : NULL) {
        if (strcmp(turn, "resign") == 0)
            break;
        char note[64];
        snprintf(note, sizeof note, "%s ms", t ? t : "?");
        char *st_save = NULL;
        int first = 1;
        for (char *stone = strtok_r(turn, ",", &st_save); stone;
             stone = strtok_r(NULL, ",", &st_save), first = 0) {
            qmove mv;
            if (ops->move_from_text(r->g, stone, &mv, err, sizeof err) != 0)
                break;
            record_make(r, mv, first ? note : NULL);
        }
    }
    free(moves);
    free(times);
    if (ops->result(r->g) != lg->result)
        record_set_off_board(r, lg->result, lg->off_how);
    char *body = record_to_sgf(r);
    record_free(r);
    if (!body)
        return NULL;
    static const char head[] = "(;FF[4]CA[UTF-8]";
    if (strncmp(body, head, sizeof head - 1) != 0)
        return body;
    sgf_out o = {0};
    char gn[64];
    snprintf(gn, sizeof gn, "game %d", idx + 1);
    sgf_out_raw(&o, head);
    sgf_out_prop(&o, "GN", gn);
    sbuf gc = {0};
    sb_addf(&gc, "%s %s", game_result_text(lg->result), lg->reason);
    if (opening_text[0])
        sb_addf(&gc, "; opening %s", opening_text);
    sgf_out_prop(&o, "GC", sb_str(&gc));
    sgf_out_raw(&o, body + sizeof head - 1);
    sb_free(&gc);
    free(body);
    if (o.failed) {
        free(o.s);
        return NULL;
    }
    return o.s;
}

/* Record a finished game: log line (fsync'd), SGF, results, progress.
 * Called with the lock held. */
static void record_game(match *m, int idx, const game_log *lg, const char *opening_text)
{
    const scheduled *s = &m->sched[idx];
    sbuf line = {0};
    sb_addf(&line, "game=%d\tencounter=%d\tround=%d\tfirst=%s\tsecond=%s\tresult=%s\treason=%s\t"
                   "opening=%s\tturns=%d\tmoves=%s\tms=%s\n",
            idx + 1, s->encounter + 1, s->round + 1, m->players[s->first].name,
            m->players[s->second].name, game_result_text(lg->result), lg->reason, opening_text,
            lg->turns, sb_str(&lg->moves), sb_str(&lg->times));
    if (m->log_fd >= 0 &&
        (write_all(m->log_fd, line.s, line.len) != 0 || fsync(m->log_fd) != 0)) {
        fprintf(stderr, "quartet match: writing the log failed: %s; stopping\n", strerror(errno));
        m->stop = 1;
        m->fatal = 1;
    }
    sb_free(&line);
    char *sgf = m->sgf_path ? game_sgf(m, idx, lg, opening_text) : NULL;
    if (sgf && m->sgf_is_dir) {
        char path[4200];
        snprintf(path, sizeof path, "%s/game-%05d.sgf", m->sgf_path, idx + 1);
        if (util_write_file_atomic(path, sgf, strlen(sgf)) != 0)
            fprintf(stderr, "quartet match: cannot write %s: %s\n", path, strerror(errno));
    } else if (sgf && m->sgf_file) {
        fputs(sgf, m->sgf_file);
        fflush(m->sgf_file);
    } else if (m->sgf_path) {
        fprintf(stderr, "quartet match: no SGF for game %d: out of memory\n", idx + 1);
    }
    free(sgf);
    m->out[idx].done = 1;
    m->out[idx].result = lg->result;
    m->done_now++;
    int done = m->done_before + m->done_now;
    printf("game %d/%d: %s vs %s %s (%s)\n", idx + 1, m->total, m->players[s->first].name,
           m->players[s->second].name, game_result_text(lg->result), lg->reason);
    if (done % m->report_every == 0 || done == m->total)
        print_progress(m);
    else if (m->use_sprt)
        sprt_check(m, NULL, NULL); /* checked after every game, printed or not */
    fflush(stdout);
    if (m->use_sprt && m->sprt_result != SPRT_CONTINUE)
        m->stop = 1;
}

/* ------------------------------------------------------------------ */
/* workers: one per concurrent game                                    */

typedef struct worker {
    match *m;
    proc *procs; /* one slot per player, started when needed */
    pthread_t thread;
} worker;

static void opening_text(const match *m, const scheduled *s, char *buf, size_t len)
{
    buf[0] = 0;
    if (!m->nopenings)
        return;
    const opening *o = &m->openings[s->opening];
    snprintf(buf, len, "%s%s", o->is_position ? "pos:" : "", o->text);
}

/* Start player i in this worker's slot if it is not running.  0, 1 when it
 * failed but the game can be scored, -1 when the match must stop. */
static int ensure_started(worker *w, int i)
{
    match *m = w->m;
    proc *p = &w->procs[i];
    if (p->pid)
        return 0;
    player *pl = &m->players[i];
    int ok = proc_start(m, p, pl) == 0;
    if (!ok && interrupted)
        return -1;
    pthread_mutex_lock(&m->lock);
    int rc = 0;
    if (ok) {
        pl->start_failures = 0;
        pl->ever_started = 1;
    } else if (!pl->ever_started || ++pl->start_failures >= START_FAILURES_FATAL) {
        /* never started at all (a wrong command line, most likely), or
         * keeps failing: no game result would mean anything */
        if (!m->fatal)
            fprintf(stderr, "quartet match: engine %s cannot be started: %s\n", pl->name,
                    p->why);
        m->stop = m->fatal = 1;
        rc = -1;
    } else {
        rc = 1;
    }
    pthread_mutex_unlock(&m->lock);
    return rc;
}

static void *worker_run(void *arg)
{
    worker *w = arg;
    match *m = w->m;
    for (;;) {
        pthread_mutex_lock(&m->lock);
        while (m->next < m->total && m->out[m->next].done)
            m->next++;
        if (m->stop || interrupted || m->next >= m->total) {
            pthread_mutex_unlock(&m->lock);
            break;
        }
        int idx = m->next++;
        pthread_mutex_unlock(&m->lock);

        const scheduled *s = &m->sched[idx];
        for (int i = 0; i < m->nplayers; i++) /* keep two engines per game */
            if (w->procs[i].pid && i != s->first && i != s->second)
                proc_quit(m, &w->procs[i]);
        game_log lg;
        memset(&lg, 0, sizeof lg);
        int who[2] = {s->first, s->second}, scored = 0, stop = 0;
        for (int side = 0; side < 2 && !scored && !stop; side++) {
            int rc = ensure_started(w, who[side]);
            if (rc < 0)
                stop = 1;
            else if (rc > 0) {
                lg.result = loss_for(side);
                lg.off_how = 'F';
                snprintf(lg.reason, sizeof lg.reason, "%s loses: could not be restarted: %.200s",
                         m->players[who[side]].name, w->procs[who[side]].why);
                flatten(lg.reason);
                scored = 1;
            }
        }
        if (stop)
            break;
        if (!scored) {
            proc *eng[2] = {&w->procs[s->first], &w->procs[s->second]};
            const player *pl[2] = {&m->players[s->first], &m->players[s->second]};
            if (play_game(m, idx, eng, pl, &lg) != 0) {
                sb_free(&lg.moves);
                sb_free(&lg.times);
                break; /* interrupted: the game is not recorded */
            }
        }
        char open_text[GAME_TEXT_MAX + 8];
        opening_text(m, s, open_text, sizeof open_text);
        pthread_mutex_lock(&m->lock);
        record_game(m, idx, &lg, open_text);
        pthread_mutex_unlock(&m->lock);
        sb_free(&lg.moves);
        sb_free(&lg.times);
    }
    for (int i = 0; i < m->nplayers; i++) {
        if (interrupted)
            proc_kill(&w->procs[i]);
        else
            proc_quit(m, &w->procs[i]);
    }
    return NULL;
}

/* ------------------------------------------------------------------ */
/* command line                                                        */

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "quartet match: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see quartet help match)\n");
    va_end(ap);
    return -1;
}

static int number_arg(int argc, char **argv, int *i, const char *flag, long min, long max,
                      long *out)
{
    if (*i + 1 >= argc)
        return usage_error("%s needs a value", flag);
    long v;
    if (util_parse_long(argv[*i + 1], &v) != 0 || v < min || v > max)
        return usage_error("%s: '%s' is not a whole number in %ld..%ld", flag, argv[*i + 1],
                           min, max);
    *out = v;
    (*i)++;
    return 0;
}

static int option_known(const game_ops *ops, const char *word)
{
    const char *eq = strchr(word, '=');
    if (!eq)
        return 0;
    for (int k = 0; ops->options[k].name; k++)
        if (strlen(ops->options[k].name) == (size_t)(eq - word) &&
            util_strncasecmp(ops->options[k].name, word, (size_t)(eq - word)) == 0)
            return 1;
    return 0;
}

static int add_player(match *m, const char *word)
{
    if (m->nplayers >= MAX_PLAYERS)
        return usage_error("at most %d players", MAX_PLAYERS);
    player *pl = &m->players[m->nplayers];
    memset(pl, 0, sizeof *pl);
    if (strncmp(word, "cmd=", 4) == 0) {
        if (!word[4])
            return usage_error("cmd= needs a command line");
        if (strlen(word + 4) >= sizeof pl->cmd)
            return usage_error("command line too long");
        snprintf(pl->cmd, sizeof pl->cmd, "%s", word + 4);
        /* default name: the program's base name */
        char first[1024];
        snprintf(first, sizeof first, "%s", word + 4);
        char *sp = first + strcspn(first, " \t");
        *sp = 0;
        const char *base = strrchr(first, '/') ? strrchr(first, '/') + 1 : first;
        copy_text(pl->name, sizeof pl->name, base[0] ? base : "engine");
        m->nplayers++;
        return 0;
    }
    char kind[32];
    size_t klen = strcspn(word, ":");
    snprintf(kind, sizeof kind, "%.*s", (int)(klen < 31 ? klen : 31), word);
    if (util_str_ieq(kind, "quartet") || util_str_ieq(kind, "ai"))
        snprintf(pl->kind, sizeof pl->kind, "ai");
    else if (util_str_ieq(kind, "random"))
        snprintf(pl->kind, sizeof pl->kind, "random");
    else if (strchr(word, '='))
        return usage_error("'%s' is neither a player nor an option of the game", word);
    else
        return usage_error("unknown player '%s' (quartet[:settings], random[:settings] or "
                           "cmd=\"COMMAND\")",
                           word);
    pl->builtin = 1;
    const char *settings = word[klen] == ':' ? word + klen + 1 : "";
    char err[GAME_ERR_MAX];
    engine *e = engine_new(pl->kind, err, sizeof err);
    if (!e || engine_set_all(e, settings, err, sizeof err) != 0) {
        engine_free(e);
        return usage_error("player %s: %s", word, err);
    }
    engine_free(e);
    snprintf(pl->settings, sizeof pl->settings, "%s", settings);
    for (char *c = pl->settings; *c; c++)
        if (*c == ',' || *c == ':')
            *c = ' ';
    char copy[256], *w[32];
    snprintf(copy, sizeof copy, "%s", pl->settings);
    int n = util_split_words(copy, w, 32);
    for (int k = 0; k < n; k++)
        if (util_strncasecmp(w[k], "seed=", 5) == 0) {
            long v;
            util_parse_long(w[k] + 5, &v);
            pl->has_seed = 1;
            pl->seed = (uint64_t)v;
        }
    snprintf(pl->name, sizeof pl->name, "%s", word);
    m->nplayers++;
    return 0;
}

static int parse_sprt(match *m, int argc, char **argv, int *i)
{
    m->use_sprt = 1;
    m->sprt = (stats_sprt){0, 5, 0.05, 0.05};
    while (*i + 1 < argc && (strncmp(argv[*i + 1], "elo0=", 5) == 0 ||
                             strncmp(argv[*i + 1], "elo1=", 5) == 0 ||
                             strncmp(argv[*i + 1], "alpha=", 6) == 0 ||
                             strncmp(argv[*i + 1], "beta=", 5) == 0)) {
        const char *w = argv[++*i], *eq = strchr(w, '=');
        char *end;
        double v = strtod(eq + 1, &end);
        if (end == eq + 1 || *end)
            return usage_error("-sprt %s: not a number", w);
        if (strncmp(w, "elo0=", 5) == 0)
            m->sprt.elo0 = v;
        else if (strncmp(w, "elo1=", 5) == 0)
            m->sprt.elo1 = v;
        else if (strncmp(w, "alpha=", 6) == 0 && v > 0 && v < 0.5)
            m->sprt.alpha = v;
        else if (strncmp(w, "beta=", 5) == 0 && v > 0 && v < 0.5)
            m->sprt.beta = v;
        else
            return usage_error("-sprt %s: alpha and beta must be in (0, 0.5)", w);
    }
    if (m->sprt.elo1 <= m->sprt.elo0)
        return usage_error("-sprt: elo1 must be greater than elo0");
    return 0;
}

static int parse_args(match *m, int argc, char **argv, const char **openings_path)
{
    const char *game_name = "loa";
    char *game_opts[GAME_MAX_OPTIONS * 2];
    int ngame_opts = 0;
    long v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        char flag[64];
        if (a[0] == '-' && a[1]) {
            snprintf(flag, sizeof flag, "%s", a[1] == '-' ? a + 1 : a);
        } else if (strncmp(a, "name=", 5) == 0) {
            if (!m->nplayers)
                return usage_error("name= must follow a player");
            if (!a[5] || strlen(a + 5) >= sizeof m->players[0].name || strpbrk(a + 5, "\t\n|"))
                return usage_error("bad player name '%s' (1..63 characters, no tab or '|')",
                                   a + 5);
            snprintf(m->players[m->nplayers - 1].name, sizeof m->players[0].name, "%s", a + 5);
            continue;
        } else {
            if (add_player(m, a) != 0)
                return -1;
            continue;
        }
        if (strcmp(flag, "-game") == 0) {
            if (i + 1 >= argc)
                return usage_error("-game needs a game name");
            game_name = argv[++i];
            const game_ops *ops = game_find(game_name);
            if (!ops)
                return usage_error("unknown game '%s'", game_name);
            ngame_opts = 0;
            while (i + 1 < argc && option_known(ops, argv[i + 1]) &&
                   ngame_opts < GAME_MAX_OPTIONS * 2)
                game_opts[ngame_opts++] = argv[++i];
        } else if (strcmp(flag, "-games") == 0) {
            if (number_arg(argc, argv, &i, flag, 1, 10000000, &v))
                return -1;
            m->games = (int)v;
        } else if (strcmp(flag, "-schedule") == 0) {
            if (i + 1 >= argc)
                return usage_error("-schedule needs match, gauntlet or roundrobin");
            const char *k = argv[++i];
            if (util_str_ieq(k, "match"))
                m->schedule_kind = 0;
            else if (util_str_ieq(k, "gauntlet"))
                m->schedule_kind = 1;
            else if (util_str_ieq(k, "roundrobin") || util_str_ieq(k, "round-robin"))
                m->schedule_kind = 2;
            else
                return usage_error("-schedule '%s': expected match, gauntlet or roundrobin", k);
        } else if (strcmp(flag, "-openings") == 0) {
            if (i + 1 >= argc)
                return usage_error("-openings needs a file");
            *openings_path = argv[++i];
        } else if (strcmp(flag, "-random-plies") == 0) {
            if (number_arg(argc, argv, &i, flag, 1, 1000, &v))
                return -1;
            m->random_plies = (int)v;
        } else if (strcmp(flag, "-seed") == 0) {
            if (number_arg(argc, argv, &i, flag, 0, 2147483647L, &v))
                return -1;
            m->seed = (uint64_t)v;
        } else if (strcmp(flag, "-tc") == 0) {
            char err[256];
            if (i + 1 >= argc)
                return usage_error("-tc needs a time control");
            if (match_parse_tc(argv[++i], &m->tc, err, sizeof err) != 0)
                return usage_error("%s", err);
        } else if (strcmp(flag, "-margin") == 0) {
            if (number_arg(argc, argv, &i, flag, 0, 3600000, &v))
                return -1;
            m->margin_ms = v;
        } else if (strcmp(flag, "-timeout") == 0) {
            if (number_arg(argc, argv, &i, flag, 1, 86400000, &v))
                return -1;
            m->timeout_ms = v;
        } else if (strcmp(flag, "-max-plies") == 0) {
            if (number_arg(argc, argv, &i, flag, 1, 100000, &v))
                return -1;
            m->max_plies = (int)v;
        } else if (strcmp(flag, "-concurrency") == 0) {
            if (number_arg(argc, argv, &i, flag, 1, 256, &v))
                return -1;
            m->concurrency = (int)v;
        } else if (strcmp(flag, "-report") == 0) {
            if (number_arg(argc, argv, &i, flag, 1, 10000000, &v))
                return -1;
            m->report_every = (int)v;
        } else if (strcmp(flag, "-sprt") == 0) {
            if (parse_sprt(m, argc, argv, &i) != 0)
                return -1;
        } else if (strcmp(flag, "-sgf") == 0) {
            if (i + 1 >= argc)
                return usage_error("-sgf needs a folder or a .sgf file");
            m->sgf_path = argv[++i];
        } else if (strcmp(flag, "-log") == 0) {
            if (i + 1 >= argc)
                return usage_error("-log needs a file");
            m->log_path = argv[++i];
        } else if (strcmp(flag, "-resume") == 0) {
            m->resume = 1;
        } else if (strcmp(flag, "-debug") == 0) {
            m->debug = 1;
        } else {
            return usage_error("unknown flag '%s'", a);
        }
    }
    const game_ops *ops = game_find(game_name);
    char err[GAME_ERR_MAX];
    m->proto = game_create(ops, ngame_opts, game_opts, err, sizeof err);
    if (!m->proto)
        return usage_error("%s", err);
    if (m->nplayers < 2)
        return usage_error("name at least two players");
    if (m->schedule_kind < 0)
        m->schedule_kind = m->nplayers == 2 ? 0 : 2;
    if (m->schedule_kind == 0 && m->nplayers != 2)
        return usage_error("-schedule match takes exactly two players (use gauntlet or "
                           "roundrobin)");
    if (m->use_sprt && m->nplayers != 2)
        return usage_error("-sprt needs exactly two players");
    if (*openings_path && m->random_plies)
        return usage_error("use either -openings or -random-plies");
    if (m->resume && !m->log_path)
        return usage_error("-resume needs -log FILE");
    /* unique names: the log and the tables know players by name */
    for (int i = 0; i < m->nplayers; i++)
        for (int j = 0, k = 2; j < i; j++)
            if (strcmp(m->players[i].name, m->players[j].name) == 0) {
                char base[52];
                copy_text(base, sizeof base, m->players[i].name);
                snprintf(m->players[i].name, sizeof m->players[i].name, "%s#%d", base, k++);
                j = -1; /* check the new name against all again */
            }
    for (int i = 0; i < m->nplayers; i++) { /* '|' separates names in the log header */
        flatten(m->players[i].name);
        for (char *c = m->players[i].name; *c; c++)
            if (*c == '|')
                *c = '_';
    }
    return 0;
}

int match_main(int argc, char **argv)
{
    static match mm; /* large; one per process */
    match *m = &mm;
    memset(m, 0, sizeof *m);
    m->games = 2;
    m->seed = 1;
    m->schedule_kind = -1;
    m->margin_ms = 50;
    m->timeout_ms = 30000;
    m->concurrency = 1;
    m->report_every = 10;
    m->log_fd = -1;
    const char *openings_path = NULL;
    int status = 2;
    if (parse_args(m, argc, argv, &openings_path) != 0)
        goto done;

    ssize_t n = readlink("/proc/self/exe", m->exe, sizeof m->exe - 1);
    if (n <= 0) {
        fprintf(stderr, "quartet match: cannot find my own program: %s\n", strerror(errno));
        goto done;
    }
    m->exe[n] = 0;

    if (openings_path) {
        if (load_openings(m, openings_path) != 0)
            goto done;
        /* the content too: a changed file must not be resumed as the same */
        uint64_t h = 1469598103934665603ull;
        for (int i = 0; i < m->nopenings;
             h = (h ^ (0xF0u + (unsigned)m->openings[i].is_position)) * 1099511628211ull, i++)
            for (const char *c = m->openings[i].text; ; c++) {
                h = (h ^ (unsigned char)*c) * 1099511628211ull;
                if (!*c)
                    break;
            }
        snprintf(m->openings_desc, sizeof m->openings_desc, "file:%.400s:%d:%016llx",
                 openings_path, m->nopenings, (unsigned long long)h);
    } else if (m->random_plies) {
        for (int p = 0; p < (m->games + 1) / 2; p++) {
            sbuf o = {0};
            random_opening(m, p, &o);
            add_opening(m, 0, sb_str(&o));
            sb_free(&o);
        }
        snprintf(m->openings_desc, sizeof m->openings_desc, "random:%d:seed=%llu",
                 m->random_plies, (unsigned long long)m->seed);
    } else {
        snprintf(m->openings_desc, sizeof m->openings_desc, "none");
    }
    if (build_schedule(m) != 0) {
        fprintf(stderr, "quartet match: out of memory\n");
        goto done;
    }
    if (m->log_path && open_log(m) != 0)
        goto done;
    if (m->sgf_path) {
        size_t l = strlen(m->sgf_path);
        m->sgf_is_dir = !(l > 4 && util_str_ieq(m->sgf_path + l - 4, ".sgf"));
        if (m->sgf_is_dir) {
            struct stat st;
            if (mkdir(m->sgf_path, 0755) != 0 &&
                !(errno == EEXIST && stat(m->sgf_path, &st) == 0 && S_ISDIR(st.st_mode))) {
                fprintf(stderr, "quartet match: cannot make folder %s: %s\n", m->sgf_path,
                        strerror(errno));
                goto done;
            }
        } else if (!(m->sgf_file = fopen(m->sgf_path, "a"))) { /* never overwritten */
            fprintf(stderr, "quartet match: cannot write %s: %s\n", m->sgf_path,
                    strerror(errno));
            goto done;
        }
    }

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN); /* a dead engine shows as a failed write */

    char opts[512], tc[64];
    game_options_text(m->proto, opts, sizeof opts);
    match_tc_text(&m->tc, tc, sizeof tc);
    printf("match: %s (%s), %s, %d players, %d games, tc %s, openings %s, concurrency %d\n",
           m->proto->ops->name, opts[0] ? opts : "no options", schedule_names[m->schedule_kind],
           m->nplayers, m->total, tc, m->openings_desc, m->concurrency);
    if (m->done_before)
        printf("resuming: %d of %d games already played\n", m->done_before, m->total);
    fflush(stdout);

    m->started_ms = util_now_ms();
    pthread_mutex_init(&m->lock, NULL);
    int nworkers = m->concurrency;
    if (nworkers > m->total - m->done_before)
        nworkers = m->total - m->done_before;
    worker *ws = calloc((size_t)(nworkers > 0 ? nworkers : 1), sizeof *ws);
    if (m->use_sprt)
        sprt_check(m, NULL, NULL); /* a resumed match may be decided already */
    if (m->sprt_result != SPRT_CONTINUE)
        nworkers = 0;
    for (int i = 0; i < nworkers; i++) {
        ws[i].m = m;
        ws[i].procs = calloc((size_t)m->nplayers, sizeof *ws[i].procs);
        for (int k = 0; k < m->nplayers; k++)
            ws[i].procs[k].to_fd = ws[i].procs[k].from_fd = -1;
        if (pthread_create(&ws[i].thread, NULL, worker_run, &ws[i]) != 0) {
            fprintf(stderr, "quartet match: cannot start a thread\n");
            nworkers = i;
            m->stop = m->fatal = 1;
            break;
        }
    }
    for (int i = 0; i < nworkers; i++) {
        pthread_join(ws[i].thread, NULL);
        free(ws[i].procs);
    }
    free(ws);

    int done_games = m->done_before + m->done_now;
    if (m->nplayers == 2 && done_games % m->report_every != 0 && done_games != m->total)
        print_progress(m);
    print_summary(m);
    if (interrupted) {
        printf("interrupted after %d of %d games%s\n", done_games, m->total,
               m->log_path ? "; run again with -resume to finish" : "");
        status = 130;
    } else if (m->fatal) {
        status = 1;
    } else {
        if (m->use_sprt && m->sprt_result != SPRT_CONTINUE)
            printf("SPRT: %s after %d games\n",
                   m->sprt_result == SPRT_ACCEPT_H1 ? "H1 accepted (elo >= elo1)"
                                                    : "H0 accepted (elo <= elo0)",
                   done_games);
        printf("match finished: %d games\n", done_games);
        status = 0;
    }
    fflush(stdout);
done:
    if (m->log_fd >= 0)
        close(m->log_fd);
    if (m->sgf_file)
        fclose(m->sgf_file);
    for (int i = 0; i < m->nopenings; i++)
        free(m->openings[i].text);
    free(m->openings);
    free(m->encounters);
    free(m->sched);
    free(m->out);
    game_free(m->proto);
    return status;
}
