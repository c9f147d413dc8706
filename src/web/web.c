/* web.c - `quartet serve`: options, the HTTP daemon, the page's files and
 * the clean stop (see web.h). */
#define _POSIX_C_SOURCE 200809L
#include "web/web.h"
#include "web/webapi.h"
#include "web/webassets.h"
#include "web/webevents.h"
#include "web/webgame.h"
#include "web/webstore.h"

#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define ASSET_MAX (4 << 20) /* a page file read from --assets */
#define THREADS 4

typedef struct options {
    const char *host, *port, *db, *assets;
    int max_games;
} options;

static options opt;

/* ---- answers ---- */

static enum MHD_Result reply(struct MHD_Connection *c, unsigned status, const char *type,
                             void *data, size_t len, enum MHD_ResponseMemoryMode mode,
                             const char *attachment)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, data, mode);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    if (attachment) {
        char d[128];
        snprintf(d, sizeof d, "attachment; filename=\"%s\"", attachment);
        MHD_add_response_header(r, "Content-Disposition", d);
    }
    enum MHD_Result q = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return q;
}

static enum MHD_Result reply_error(struct MHD_Connection *c, unsigned status, const char *msg)
{
    char text[160];
    int n = snprintf(text, sizeof text, "{\"error\":\"%s\"}", msg);
    return reply(c, status, "application/json", text, (size_t)n, MHD_RESPMEM_MUST_COPY, NULL);
}

/* ---- the page's files ---- */

static const char *content_type(const char *name)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".json", "application/json"},
        {".ico", "image/x-icon"},              {".txt", "text/plain; charset=utf-8"}};
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i][0]) == 0)
            return types[i][1];
    return "application/octet-stream";
}

/* A page path: letters, digits, '-', '_', '.', '/' and no "..". */
static int safe_path(const char *p)
{
    if (!p[0] || strstr(p, "..") || p[0] == '/' || strlen(p) > 200)
        return 0;
    for (; *p; p++)
        if (!(('a' <= *p && *p <= 'z') || ('A' <= *p && *p <= 'Z') || ('0' <= *p && *p <= '9') ||
              strchr("-_./", *p)))
            return 0;
    return 1;
}

static enum MHD_Result from_disk(struct MHD_Connection *c, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", opt.assets, name);
    FILE *f = fopen(path, "rb");
    char *data = f ? malloc(ASSET_MAX) : NULL;
    size_t n = data ? fread(data, 1, ASSET_MAX, f) : 0;
    int ok = data && !ferror(f) && n < ASSET_MAX;
    if (f)
        fclose(f);
    if (!ok) {
        free(data);
        return reply_error(c, 404, "no such file");
    }
    return reply(c, 200, content_type(name), data, n, MHD_RESPMEM_MUST_FREE, NULL);
}

static enum MHD_Result page(struct MHD_Connection *c, const char *method, const char *url)
{
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return reply_error(c, 405, "method not allowed");
    const char *name = strcmp(url, "/") == 0 ? "index.html" : url + 1;
    if (!safe_path(name))
        return reply_error(c, 404, "no such file");
    if (opt.assets)
        return from_disk(c, name);
    for (int i = 0; i < webassets_count; i++)
        if (strcmp(webassets_files[i].name, name) == 0)
            return reply(c, 200, content_type(name), (void *)webassets_files[i].data,
                         webassets_files[i].size, MHD_RESPMEM_PERSISTENT, NULL);
    return reply_error(c, 404, "no such file");
}

/* ---- requests ---- */

typedef struct body {
    char *data;
    size_t len;
    int too_big;
} body;

/* Adds one query argument's length ("name=value&") to *cls. */
static enum MHD_Result count_argument(void *cls, enum MHD_ValueKind kind, const char *name,
                                      const char *value)
{
    (void)kind;
    *(size_t *)cls += strlen(name) + (value ? strlen(value) : 0) + 2;
    return MHD_YES;
}

/* An API request: webapi answers it; an event stream is opened here. */
static enum MHD_Result api(struct MHD_Connection *c, const char *method, const char *url,
                          const body *b)
{
    webapi_request rq = {
        method, url, MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Quartet-Token"),
        MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token"),
        MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "ply"), b->data ? b->data : "",
        b->len, 0};
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, count_argument, &rq.query_len);
    webapi_response rs;
    webapi_run(&rq, &rs);
    if (!rs.body)
        return reply_error(c, 503, "out of memory");
    if (rs.events) {
        struct MHD_Response *r = webevents_open(c, rs.events, rs.events_you, rs.body);
        webapi_response_free(&rs);
        if (!r)
            return reply_error(c, 503, "too many live-update streams; try again later");
        enum MHD_Result q = MHD_queue_response(c, MHD_HTTP_OK, r);
        MHD_destroy_response(r);
        return q;
    }
    return reply(c, (unsigned)rs.status, rs.type, rs.body, rs.len, MHD_RESPMEM_MUST_FREE,
                 rs.attachment[0] ? rs.attachment : NULL);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **con_cls)
{
    (void)cls, (void)version;
    body *b = *con_cls;
    if (!b) { /* the first call: only the headers are known */
        if (!(b = calloc(1, sizeof *b)))
            return MHD_NO;
        *con_cls = b;
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        b->too_big = cl && strtoull(cl, NULL, 10) > WEBAPI_BODY_MAX;
        return MHD_YES;
    }
    if (*upload_size) {
        size_t n = *upload_size;
        *upload_size = 0;
        if (b->too_big || b->len + n > WEBAPI_BODY_MAX) {
            b->too_big = 1;
            return MHD_YES;
        }
        char *d = realloc(b->data, b->len + n + 1);
        if (!d)
            return MHD_NO;
        memcpy(d + b->len, upload, n);
        b->data = d;
        b->len += n;
        return MHD_YES;
    }
    if (b->too_big)
        return reply_error(c, 413, "the request body is over 256 KiB");
    if (strncmp(url, "/api/", 5) == 0)
        return api(c, method, url, b);
    return page(c, method, url);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode why)
{
    (void)cls, (void)c, (void)why;
    body *b = *con_cls;
    if (b)
        free(b->data);
    free(b);
    *con_cls = NULL;
}

/* ---- the server ---- */

static const char usage_text[] =
    "usage: quartet serve [--host 127.0.0.1] [--port 8080] [--db FILE] [--assets DIR]\n"
    "                     [--max-games N]\n";

static int parse_options(int argc, char **argv)
{
    static char db[4096];
    opt = (options){"127.0.0.1", "8080", NULL, NULL, WEBGAME_MAX_DEFAULT};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        const char **field = strcmp(a, "--host") == 0     ? &opt.host
                             : strcmp(a, "--port") == 0   ? &opt.port
                             : strcmp(a, "--db") == 0     ? &opt.db
                             : strcmp(a, "--assets") == 0 ? &opt.assets
                                                          : NULL;
        if (strcmp(a, "--max-games") == 0 && v) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > 100000) {
                fprintf(stderr, "quartet serve: --max-games takes 1..100000\n");
                return -1;
            }
            opt.max_games = (int)n;
        } else if (!field || !v) {
            fprintf(stderr, "quartet serve: unknown or incomplete option '%s'\n%s", a,
                    usage_text);
            return -1;
        } else
            *field = v;
        i++;
    }
    if (!opt.db && webstore_default_path(db, sizeof db) == 0)
        opt.db = db;
    if (!opt.db) {
        fprintf(stderr, "quartet serve: no HOME or XDG_DATA_HOME; give --db FILE\n");
        return -1;
    }
    return 0;
}

static struct MHD_Daemon *start_daemon(unsigned *port)
{
    struct addrinfo hints = {0}, *ai = NULL;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    int rc = getaddrinfo(opt.host, opt.port, &hints, &ai);
    if (rc != 0) {
        fprintf(stderr, "quartet serve: %s:%s: %s\n", opt.host, opt.port, gai_strerror(rc));
        return NULL;
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC |
                     (ai->ai_family == AF_INET6 ? MHD_USE_IPv6 : 0);
    struct MHD_Daemon *d = MHD_start_daemon(
        flags, 0, NULL, NULL, handle, NULL, MHD_OPTION_SOCK_ADDR, ai->ai_addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)THREADS, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)(WEBEVENTS_MAX + 256), MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
    freeaddrinfo(ai);
    if (!d) {
        fprintf(stderr, "quartet serve: cannot listen on %s:%s: %s\n", opt.host, opt.port,
                strerror(errno));
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    *port = info ? info->port : 0;
    return d;
}

int web_main(int argc, char **argv)
{
    if (parse_options(argc, argv) != 0)
        return 2;
    /* SIGINT and SIGTERM are taken by sigwait below, in every thread (also
     * when a shell started us in the background with SIGINT ignored) */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    char err[1024];
    webstore *st = webstore_open(opt.db, err, sizeof err);
    if (!st || webgame_start(st, opt.max_games, err, sizeof err) != 0) {
        fprintf(stderr, "quartet serve: %s\n", err);
        webgame_stop();
        webstore_close(st);
        return 1;
    }
    unsigned port = 0;
    struct MHD_Daemon *d = start_daemon(&port);
    if (d) {
        const char *h = opt.host;
        printf("quartet serve: open http://%s%s%s:%u/ (%d games in %s)\n",
               strchr(h, ':') ? "[" : "", h, strchr(h, ':') ? "]" : "", port, webgame_count(),
               opt.db);
        fflush(stdout);
        int sig = 0;
        sigwait(&stop, &sig);
        printf("quartet serve: stopping\n");
        fflush(stdout);
        MHD_socket listener = MHD_quiesce_daemon(d); /* no new connections */
        webgame_halt(); /* no computer move lands while the server stops */
        webevents_close_all(200);
        MHD_stop_daemon(d);
        if (listener != MHD_INVALID_SOCKET)
            close(listener);
    }
    webgame_stop();
    webstore_close(st);
    return d ? 0 : 1;
}
