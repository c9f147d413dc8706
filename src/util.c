#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

int util_strncasecmp(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int ca = tolower((unsigned char)a[i]), cb = tolower((unsigned char)b[i]);
        if (ca != cb)
            return ca - cb;
        if (!ca)
            return 0;
    }
    return 0;
}

int util_str_ieq(const char *a, const char *b)
{
    return util_strncasecmp(a, b, (size_t)-1) == 0;
}

void util_str_appendf(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

int util_parse_long(const char *s, long *out)
{
    if (!s || !*s || isspace((unsigned char)*s))
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

int util_parse_seconds(const char *s, int64_t *ms)
{
    static const int place[4] = {100, 10, 1, 0};
    int64_t whole = 0, frac = 0;
    int digits = 0, k = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++, digits++) {
        whole = whole * 10 + (*p - '0');
        if (whole > UTIL_SECONDS_MAX)
            return -1;
    }
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++, digits++, k++) {
            if (k < 3)
                frac += (*p - '0') * place[k];
            else if (k == 3 && *p >= '5')
                frac++; /* rounded to the millisecond */
        }
    if (*p || digits == 0 || (whole == UTIL_SECONDS_MAX && frac > 0))
        return -1;
    *ms = whole * 1000 + frac;
    return 0;
}

int util_split_words(char *s, char **words, int max)
{
    int n = 0;
    char *p = s;
    while (*p && n < max) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        words[n++] = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        if (*p)
            *p++ = 0;
    }
    return n;
}

const char *util_excerpt(const char *text, size_t max, char *buf, size_t len)
{
    size_t n = strlen(text);
    snprintf(buf, len, "%.*s%s", (int)(n > max ? max : n), text, n > max ? "..." : "");
    return buf;
}

void util_str_chomp(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
}

int64_t util_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t util_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int util_write_file_atomic(const char *path, const char *data, size_t len)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp)
        return -1;
    snprintf(tmp, plen + 32, "%s.tmp.%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        free(tmp);
        return -1;
    }
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            goto fail;
        }
        off += (size_t)w;
    }
    if (fsync(fd) != 0)
        goto fail;
    if (close(fd) != 0) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path) != 0)
        goto fail;
    free(tmp);
    return 0;
fail: {
    int e = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    free(tmp);
    errno = e;
    return -1;
}
}

char *util_read_file(const char *path, size_t *len_out)
{
    return util_read_file_max(path, (size_t)1 << 40, len_out);
}

static char *read_fd(int fd, size_t max, size_t *len_out)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (len + 1 == cap) {
            if (len > max)
                break;
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
            continue;
        }
        ssize_t r = read(fd, buf + len, cap - len - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (r < 0) {
                free(buf);
                return NULL;
            }
            break;
        }
        len += (size_t)r;
    }
    if (!buf)
        return NULL;
    if (len > max) {
        free(buf);
        errno = EFBIG;
        return NULL;
    }
    buf[len] = 0;
    if (len_out)
        *len_out = len;
    return buf;
}

char *util_read_file_max(const char *path, size_t max, size_t *len_out)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    int e = fstat(fd, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR
                                 : !S_ISREG(st.st_mode)     ? EINVAL : 0;
    if (e) {
        close(fd);
        errno = e;
        return NULL;
    }
    if ((uint64_t)st.st_size > max) {
        close(fd);
        errno = EFBIG;
        return NULL;
    }
    char *buf = read_fd(fd, max, len_out);
    e = errno;
    close(fd);
    errno = e;
    return buf;
}
