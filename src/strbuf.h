/*
 * strbuf.h - a growing NUL-terminated string for text whose length has no
 * useful bound (a game's moves, legal move lists, SGF, answers).
 *
 * Out of memory never aborts: the buffer keeps what it had, sets failed,
 * and later appends do nothing, so a caller checks once at the end.
 */
#ifndef QUARTET_STRBUF_H
#define QUARTET_STRBUF_H

#include <stddef.h>

typedef struct strbuf {
    char *s;     /* NULL until something is appended; strbuf_str() never is */
    size_t len, cap;
    int failed;  /* an append ran out of memory: the text is incomplete */
} strbuf;

#define STRBUF_INIT {NULL, 0, 0, 0}

void strbuf_add(strbuf *b, const char *text);
void strbuf_addn(strbuf *b, const char *text, size_t n);
void strbuf_addf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text so far ("" when empty). */
const char *strbuf_str(const strbuf *b);
/* Empty it, keeping the memory (and failed: a lost append stays known). */
void strbuf_clear(strbuf *b);
/* Hand the text over (malloc'd, caller frees; NULL if out of memory) and empty b. */
char *strbuf_take(strbuf *b);
void strbuf_free(strbuf *b);

#endif
