/* strbuf.c - a growing string (strbuf.h). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for n more characters and the NUL; 0, or -1 (failed set). */
static int reserve(strbuf *b, size_t n)
{
    if (b->failed)
        return -1;
    if (b->len + n + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + n + 1) {
        if (cap > (size_t)-1 / 2) {
            b->failed = 1;
            return -1;
        }
        cap *= 2;
    }
    char *s = realloc(b->s, cap);
    if (!s) {
        b->failed = 1;
        return -1;
    }
    b->s = s;
    b->cap = cap;
    return 0;
}

void strbuf_addn(strbuf *b, const char *text, size_t n)
{
    if (reserve(b, n) != 0)
        return;
    memcpy(b->s + b->len, text, n);
    b->len += n;
    b->s[b->len] = 0;
}

void strbuf_add(strbuf *b, const char *text) { strbuf_addn(b, text, strlen(text)); }

void strbuf_addf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

const char *strbuf_str(const strbuf *b) { return b->s ? b->s : ""; }

void strbuf_clear(strbuf *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = 0;
}

char *strbuf_take(strbuf *b)
{
    char *s = b->failed ? NULL : b->s ? b->s : calloc(1, 1);
    if (b->failed)
        free(b->s);
    *b = (strbuf)STRBUF_INIT;
    return s;
}

void strbuf_free(strbuf *b)
{
    free(b->s);
    *b = (strbuf)STRBUF_INIT;
}
