/* util.h - small helpers with no game knowledge: strings, numbers, time,
 * random numbers, atomic file writes. */
#ifndef QUARTET_UTIL_H
#define QUARTET_UTIL_H

#include <stddef.h>
#include <stdint.h>

int str_ieq(const char *a, const char *b);
int strncasecmp_portable(const char *a, const char *b, size_t n);
/* Append printf-style to a NUL-terminated buffer, truncating safely. */
void str_appendf(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Whole decimal number with nothing after it.  0 on success. */
int parse_long(const char *s, long *out);
/* Split s in place on whitespace into at most max words; returns count. */
int split_words(char *s, char **words, int max);
/* Strip trailing newline/CR/space in place. */
void str_chomp(char *s);

/* Monotonic milliseconds. */
int64_t now_ms(void);

/* xoshiro256** - fast, seedable, reproducible across machines. */
typedef struct rng {
    uint64_t s[4];
} rng;
void rng_seed(rng *r, uint64_t seed);
uint64_t rng_next(rng *r);
/* Uniform in [0, n). */
uint32_t rng_below(rng *r, uint32_t n);

/* Write a whole file atomically (temporary file in the same folder, fsync,
 * rename).  0 on success, -1 with errno set. */
int write_file_atomic(const char *path, const char *data, size_t len);
/* Read a whole file (NUL-terminated, malloc'd); NULL on error. */
char *read_file(const char *path, size_t *len_out);

#endif
