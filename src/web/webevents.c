/* webevents.c - Server-Sent Events over suspended connections (see webevents.h). */
#define _POSIX_C_SOURCE 200809L
#include "web/webevents.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct stream {
    struct MHD_Connection *conn;
    const void *game;
    int you;
    char *buf;
    size_t len, off, cap;
    int suspended, closing;
    struct stream *next;
} stream;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static stream *streams;
static int nstreams;

/* Append text to st's queue; a stream too far behind is ended. */
static void queue(stream *st, const char *text, size_t n)
{
    if (st->closing)
        return;
    if (st->len + n > WEBEVENTS_QUEUE_MAX) {
        st->closing = 1;
        return;
    }
    if (st->len + n > st->cap) {
        size_t cap = (st->len + n) * 2;
        char *b = realloc(st->buf, cap);
        if (!b) {
            st->closing = 1;
            return;
        }
        st->buf = b;
        st->cap = cap;
    }
    memcpy(st->buf + st->len, text, n);
    st->len += n;
}

static void wake(stream *st)
{
    if (st->suspended) {
        st->suspended = 0;
        MHD_resume_connection(st->conn);
    }
}

static ssize_t reader(void *cls, uint64_t pos, char *out, size_t max)
{
    (void)pos;
    stream *st = cls;
    pthread_mutex_lock(&mu);
    ssize_t n;
    if (st->off < st->len) {
        n = (ssize_t)(st->len - st->off < max ? st->len - st->off : max);
        memcpy(out, st->buf + st->off, (size_t)n);
        st->off += (size_t)n;
        if (st->off == st->len)
            st->off = st->len = 0;
    } else if (st->closing) {
        n = MHD_CONTENT_READER_END_OF_STREAM;
    } else {
        st->suspended = 1;
        MHD_suspend_connection(st->conn);
        n = 0;
    }
    pthread_mutex_unlock(&mu);
    return n;
}

static void release(void *cls)
{
    stream *st = cls;
    pthread_mutex_lock(&mu);
    for (stream **p = &streams; *p; p = &(*p)->next)
        if (*p == st) {
            *p = st->next;
            nstreams--;
            break;
        }
    pthread_mutex_unlock(&mu);
    free(st->buf);
    free(st);
}

static void queue_event(stream *st, const char *event, const char *data)
{
    queue(st, "event: ", 7);
    queue(st, event, strlen(event));
    queue(st, "\ndata: ", 7);
    queue(st, data, strlen(data));
    queue(st, "\n\n", 2);
}

struct MHD_Response *webevents_open(struct MHD_Connection *conn, const void *game, int you,
                                    const char *initial)
{
    stream *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->conn = conn;
    st->game = game;
    st->you = you;
    queue_event(st, "state", initial);
    struct MHD_Response *r =
        st->closing ? NULL
                    : MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16384, reader, st,
                                                        release);
    pthread_mutex_lock(&mu);
    int full = nstreams >= WEBEVENTS_MAX;
    if (r && !full) {
        st->next = streams;
        streams = st;
        nstreams++;
    }
    pthread_mutex_unlock(&mu);
    if (r && full) {
        MHD_destroy_response(r); /* calls release, which finds nothing to unlink */
        return NULL;
    }
    if (!r) {
        free(st->buf);
        free(st);
        return NULL;
    }
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    return r;
}

int webevents_wanted(const void *game, int you)
{
    pthread_mutex_lock(&mu);
    int found = 0;
    for (stream *st = streams; st && !found; st = st->next)
        found = st->game == game && st->you == you && !st->closing;
    pthread_mutex_unlock(&mu);
    return found;
}

void webevents_publish(const void *game, int you, const char *event, const char *data)
{
    pthread_mutex_lock(&mu);
    for (stream *st = streams; st; st = st->next)
        if (st->game == game && (you == -2 || st->you == you)) {
            queue_event(st, event, data);
            wake(st);
        }
    pthread_mutex_unlock(&mu);
}

void webevents_ping(void)
{
    pthread_mutex_lock(&mu);
    for (stream *st = streams; st; st = st->next) {
        queue(st, ": ping\n\n", 8);
        wake(st);
    }
    pthread_mutex_unlock(&mu);
}

void webevents_close_all(int ms)
{
    pthread_mutex_lock(&mu);
    for (stream *st = streams; st; st = st->next) {
        st->closing = 1;
        wake(st);
    }
    pthread_mutex_unlock(&mu);
    for (int waited = 0; waited < ms && webevents_count() > 0; waited += 10)
        nanosleep(&(struct timespec){0, 10 * 1000000L}, NULL);
}

int webevents_count(void)
{
    pthread_mutex_lock(&mu);
    int n = nstreams;
    pthread_mutex_unlock(&mu);
    return n;
}
