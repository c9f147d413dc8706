/* matchlog.c - the results log, resume and SGF records (see matchlog.h). */
#define _GNU_SOURCE
#include "match/matchlog.h"
#include "match/matchargs.h"
#include "record.h"
#include "sgf.h"
#include "strbuf.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void matchlog_flatten(char *s)
{
    for (; *s; s++)
        if (*s == '\t' || *s == '\n' || *s == '\r')
            *s = ' ';
}

/* ------------------------------------------------------------------ */
/* the log                                                             */

/* The header line: everything that makes two runs the same match. */
static void fingerprint(const match *m, char *buf, size_t len)
{
    char opts[512], tc[64];
    game_options_text(m->proto, opts, sizeof opts);
    matchargs_tc_text(&m->tc, tc, sizeof tc);
    snprintf(buf, len, "%s\tgame=%s %s\tschedule=%s\tgames=%d\topenings=%s\ttc=%s\tplayers=",
             MATCHLOG_MAGIC, m->proto->ops->name, opts,
             matchargs_schedule_name(m->schedule_kind), m->games, m->openings_desc, tc);
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

/* Written and on disk.  A device or a pipe cannot be synced (EINVAL):
 * the write itself is all there is. */
static int write_synced(int fd, const char *s, size_t n)
{
    if (write_all(fd, s, n) != 0)
        return -1;
    return fsync(fd) == 0 || errno == EINVAL ? 0 : -1;
}

/* One game line of an existing log: mark the game done.  0, or -1 with
 * the error printed. */
static int take_over(match *m, char *line, int lineno)
{
    char v[128], first[128], second[128];
    long no;
    if (!field(line, "game", v, sizeof v) || util_parse_long(v, &no) != 0 || no < 1 ||
        no > m->total || !field(line, "first", first, sizeof first) ||
        !field(line, "second", second, sizeof second) || !field(line, "result", v, sizeof v) ||
        result_from_text(v) == RESULT_NONE) {
        fprintf(stderr, "quartet match: %s:%d: not a game line of this match\n", m->log_path,
                lineno);
        return -1;
    }
    match_game *s = &m->sched[no - 1];
    if (strcmp(first, m->players[s->first].name) || strcmp(second, m->players[s->second].name)) {
        fprintf(stderr, "quartet match: %s:%d: game %ld was not %s vs %s in this match\n",
                m->log_path, lineno, no, first, second);
        return -1;
    }
    if (!s->done) { /* never counted twice */
        s->done = 1;
        s->result = result_from_text(v);
        m->done_before++;
    }
    return 0;
}

/* The first of this match's header fields that a log's first line (line,
 * NUL-terminated) lacks or has otherwise, as "key: VALUE in the log,
 * VALUE here". */
static void first_difference(const char *line, const char *header, char *out, size_t len)
{
    size_t magic = strcspn(header, "\t"), theirs_len = strcspn(line, "\t");
    if (theirs_len != magic || strncmp(line, header, magic) != 0) {
        snprintf(out, len, "'%.*s' in the log, '%.*s' here",
                 (int)(theirs_len < 200 ? theirs_len : 200), line, (int)magic, header);
        return;
    }
    for (const char *f = header + magic; *f; f += strcspn(f + 1, "\t") + 1) {
        const char *key = f + 1, *ours = strchr(key, '=') + 1;
        int klen = (int)(ours - 1 - key), olen = (int)strcspn(ours, "\t");
        char name[32], theirs[4096]; /* as long as a whole header */
        snprintf(name, sizeof name, "%.*s", klen, key);
        if (!field(line, name, theirs, sizeof theirs))
            theirs[0] = 0;
        if ((int)strlen(theirs) != olen || strncmp(theirs, ours, (size_t)olen) != 0) {
            snprintf(out, len, "%s: '%.200s' in the log, '%.*s' here", name, theirs, olen, ours);
            return;
        }
    }
    snprintf(out, len, "its first line has fields this match's has not");
}

/* Resume from an existing log's text: check its header, take over its
 * games, drop a last line cut short.  0, or -1 with the error printed. */
static int resume_from(match *m, char *data, size_t len, const char *header)
{
    char *nl = memchr(data, '\n', len);
    if (!nl || (size_t)(nl - data) != strlen(header) || memcmp(data, header, strlen(header))) {
        char why[1024] = "its first line has no line break";
        if (nl) {
            *nl = 0; /* the match is refused: the text is not read on */
            first_difference(data, header, why, sizeof why);
        }
        fprintf(stderr, "quartet match: log %s belongs to another match (%s)\n", m->log_path,
                why);
        return -1;
    }
    size_t keep = (size_t)(strrchr(data, '\n') - data) + 1;
    int lineno = 1;
    for (char *line = nl + 1, *next; line < data + keep; line = next) {
        next = strchr(line, '\n');
        *next++ = 0;
        if (take_over(m, line, ++lineno) != 0)
            return -1;
    }
    if (keep < len) {
        fprintf(stderr, "quartet match: %s: dropping an unfinished last line\n", m->log_path);
        if (ftruncate(m->log_fd, (off_t)keep) != 0)
            return -1;
    }
    return lseek(m->log_fd, 0, SEEK_END) < 0 ? -1 : 0;
}

/* What the log holds already: NULL for a new or empty file and for what
 * is not a regular file (never read: /dev/full reads forever). */
static char *existing_log(const match *m, size_t *len, int *unreadable)
{
    struct stat st;
    *len = 0;
    if (stat(m->log_path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
        return NULL;
    char *data = util_read_file_max(m->log_path, MATCHLOG_MAX_BYTES, len);
    /* a log that exists but cannot be read must not be written over */
    if (!data && errno == EFBIG)
        fprintf(stderr, "quartet match: log %s: larger than %d bytes, the limit for a log\n",
                m->log_path, MATCHLOG_MAX_BYTES);
    else if (!data)
        fprintf(stderr, "quartet match: cannot read log %s: %s\n", m->log_path,
                strerror(errno));
    *unreadable = !data;
    return data;
}

int matchlog_open(match *m)
{
    char header[4096];
    fingerprint(m, header, sizeof header);
    size_t len;
    int unreadable = 0;
    char *data = existing_log(m, &len, &unreadable);
    if (unreadable)
        return MATCH_EXIT_USAGE;
    if (data && len > 0 && !m->resume) {
        fprintf(stderr,
                "quartet match: log %s already exists: add -resume to continue that match, "
                "or name another file\n",
                m->log_path);
        free(data);
        return MATCH_EXIT_USAGE;
    }
    m->log_fd = open(m->log_path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (m->log_fd < 0) {
        fprintf(stderr, "quartet match: cannot open log %s: %s\n", m->log_path, strerror(errno));
        free(data);
        return MATCH_EXIT_USAGE;
    }
    if (data && len > 0) {
        int rc = resume_from(m, data, len, header);
        free(data);
        return rc == 0 ? MATCH_EXIT_OK : MATCH_EXIT_USAGE;
    }
    free(data);
    size_t n = strlen(header);
    header[n++] = '\n';
    if (write_synced(m->log_fd, header, n) != 0) {
        fprintf(stderr, "quartet match: cannot write log %s: %s\n", m->log_path, strerror(errno));
        return MATCH_EXIT_WRITE;
    }
    return MATCH_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* SGF records                                                         */

/* Replay tokens separated by sep into r, the first with note, the others
 * with rest. */
static void record_tokens(record *r, const char *text, const char *sep, const char *note,
                          const char *rest)
{
    char buf[GAME_MOVE_TEXT_MAX], err[GAME_ERR_MAX];
    for (const char *p = text + strspn(text, sep); *p; p += strspn(p, sep)) {
        size_t n = strcspn(p, sep);
        snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), p);
        p += n;
        qmove mv;
        if (n >= sizeof buf || r->g->ops->move_from_text(r->g, buf, &mv, err, sizeof err) != 0 ||
            record_make(r, mv, note) != 0)
            return;
        note = rest;
    }
}

/* The game as record.h keeps it: opening, then the turns the referee
 * accepted (each stone by itself, a turn's time as its first comment). */
static record *game_record(const match *m, const match_game *s, const match_played *p,
                           const char *opening)
{
    char err[GAME_ERR_MAX];
    record *r = record_new(game_clone(m->proto));
    if (!r)
        return NULL;
    snprintf(r->player[0], sizeof r->player[0], "%s", m->players[s->first].name);
    snprintf(r->player[1], sizeof r->player[1], "%s", m->players[s->second].name);
    if (strncmp(opening, "pos:", 4) == 0)
        record_set_position(r, opening + 4, err, sizeof err);
    else
        record_tokens(r, opening, " ", "opening", "opening");
    const char *turn = p->moves ? p->moves : "", *t = p->times ? p->times : "";
    for (; *turn; turn += strspn(turn, " "), t += strspn(t, " ")) {
        size_t n = strcspn(turn, " "), tn = strcspn(t, " ");
        char one[GAME_TEXT_MAX], note[64];
        if (n >= sizeof one || (n == 6 && strncmp(turn, "resign", 6) == 0))
            break;
        snprintf(one, sizeof one, "%.*s", (int)n, turn);
        snprintf(note, sizeof note, "%.*s ms", tn ? (int)(tn < 20 ? tn : 20) : 1, tn ? t : "?");
        record_tokens(r, one, ",", note, NULL);
        turn += n;
        t += tn;
    }
    if (r->g->ops->result(r->g) != p->result)
        record_set_off_board(r, p->result, p->off_how);
    return r;
}

/* The record as SGF with the match's own words in the root: GN the game's
 * number, GC the result, why the game ended and the opening.  malloc'd,
 * or NULL when out of memory. */
static char *game_sgf(const match *m, int idx, const match_played *p, const char *opening)
{
    record *r = game_record(m, &m->sched[idx], p, opening);
    char *body = r ? record_to_sgf(r) : NULL;
    record_free(r);
    static const char head[] = "(;FF[4]CA[UTF-8]";
    if (!body || strncmp(body, head, sizeof head - 1) != 0)
        return body;
    sgf_out o = {0};
    char gn[64];
    snprintf(gn, sizeof gn, "game %d", idx + 1);
    strbuf gc = STRBUF_INIT;
    strbuf_addf(&gc, "%s %s", game_result_text(p->result), p->reason);
    if (opening[0])
        strbuf_addf(&gc, "; opening %s", opening);
    sgf_out_raw(&o, head);
    sgf_out_prop(&o, "GN", gn);
    sgf_out_prop(&o, "GC", strbuf_str(&gc));
    sgf_out_raw(&o, body + sizeof head - 1);
    strbuf_free(&gc);
    free(body);
    if (o.failed) {
        free(o.s);
        return NULL;
    }
    return o.s;
}

int matchlog_open_sgf(match *m)
{
    size_t l = strlen(m->sgf_path);
    m->sgf_is_dir = !(l > 4 && util_str_ieq(m->sgf_path + l - 4, ".sgf"));
    if (m->sgf_is_dir) {
        struct stat st;
        if (mkdir(m->sgf_path, 0755) != 0) {
            int err = errno;
            int is_dir = stat(m->sgf_path, &st) == 0 && S_ISDIR(st.st_mode);
            if (err == EEXIST && !is_dir) {
                /* a name without .sgf is a folder of one file a game */
                fprintf(stderr,
                        "quartet match: -sgf %s: not a folder (a name ending in .sgf is one "
                        "file of every game)\n",
                        m->sgf_path);
                return -1;
            }
            if (!is_dir) {
                fprintf(stderr, "quartet match: cannot make folder %s: %s\n", m->sgf_path,
                        strerror(err));
                return -1;
            }
        }
    } else if (!(m->sgf_file = fopen(m->sgf_path, "a"))) { /* never overwritten */
        fprintf(stderr, "quartet match: cannot write %s: %s\n", m->sgf_path, strerror(errno));
        return -1;
    }
    return 0;
}

static int write_sgf(match *m, int idx, const match_played *p, const char *opening)
{
    char *sgf = game_sgf(m, idx, p, opening);
    int rc = 0;
    if (!sgf) {
        fprintf(stderr, "quartet match: no SGF for game %d: out of memory\n", idx + 1);
    } else if (m->sgf_is_dir) {
        char path[4200];
        snprintf(path, sizeof path, "%s/game-%05d.sgf", m->sgf_path, idx + 1);
        if ((rc = util_write_file_atomic(path, sgf, strlen(sgf))) != 0)
            fprintf(stderr, "quartet match: cannot write %s: %s; stopping\n", path,
                    strerror(errno));
    } else if (fputs(sgf, m->sgf_file) < 0 || fflush(m->sgf_file) != 0) {
        fprintf(stderr, "quartet match: cannot write %s: %s; stopping\n", m->sgf_path,
                strerror(errno));
        rc = -1;
    }
    free(sgf);
    return rc;
}

int matchlog_write_game(match *m, int idx, const match_played *p, const char *opening)
{
    const match_game *s = &m->sched[idx];
    int rc = 0;
    if (m->log_fd >= 0) {
        strbuf line = STRBUF_INIT;
        strbuf_addf(&line,
                    "game=%d\tencounter=%d\tround=%d\tfirst=%s\tsecond=%s\tresult=%s\t"
                    "reason=%s\topening=%s\tturns=%d\tmoves=%s\tms=%s\n",
                    idx + 1, s->encounter + 1, s->round + 1, m->players[s->first].name,
                    m->players[s->second].name, game_result_text(p->result), p->reason, opening,
                    p->turns, p->moves ? p->moves : "", p->times ? p->times : "");
        if (line.failed || write_synced(m->log_fd, line.s, line.len) != 0) {
            fprintf(stderr, "quartet match: writing the log failed: %s; stopping\n",
                    line.failed ? "out of memory" : strerror(errno));
            rc = -1;
        }
        strbuf_free(&line);
    }
    if (rc == 0 && m->sgf_path && write_sgf(m, idx, p, opening) != 0)
        rc = 1;
    return rc;
}

void matchlog_close(match *m)
{
    if (m->log_fd >= 0)
        close(m->log_fd);
    m->log_fd = -1;
    if (m->sgf_file)
        fclose(m->sgf_file);
    m->sgf_file = NULL;
}
