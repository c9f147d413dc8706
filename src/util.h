/* util.h - small helpers with no game knowledge: strings, numbers, time,
 * atomic file writes (random numbers: rng.h). */
#ifndef QUARTET_UTIL_H
#define QUARTET_UTIL_H

#include <stddef.h>
#include <stdint.h>

int util_str_ieq(const char *a, const char *b);
int util_strncasecmp(const char *a, const char *b, size_t n);
/* Append printf-style to a NUL-terminated buffer, truncating safely. */
void util_str_appendf(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Whole decimal number with nothing after it.  0 on success. */
int util_parse_long(const char *s, long *out);
/* Seconds as digits with an optional fraction ("60", "0.5", ".25"), at most
 * UTIL_SECONDS_MAX, as whole milliseconds (rounded).  0 on success. */
#define UTIL_SECONDS_MAX 10000000
int util_parse_seconds(const char *s, int64_t *ms);
/* Split s in place on whitespace into at most max words; returns count. */
int util_split_words(char *s, char **words, int max);
/* text itself in buf, or its first max bytes then "..." when it is longer:
 * what an error message quotes of an input of any size.  Returns buf. */
const char *util_excerpt(const char *text, size_t max, char *buf, size_t len);
/* Strip trailing newline/CR/space in place. */
void util_str_chomp(char *s);

/* Monotonic milliseconds. */
int64_t util_now_ms(void);
/* Monotonic microseconds (timing short benchmarks). */
int64_t util_now_us(void);

/* Write a whole file atomically (temporary file in the same folder, fsync,
 * rename).  0 on success, -1 with errno set. */
int util_write_file_atomic(const char *path, const char *data, size_t len);
/* Read a whole file (NUL-terminated, malloc'd); NULL on error. */
char *util_read_file(const char *path, size_t *len_out);
/* The same for a regular file of at most max bytes, never blocking on a
 * FIFO or reading a device without end: NULL with errno EINVAL when path
 * is not a regular file, EFBIG when it is larger than max. */
char *util_read_file_max(const char *path, size_t max, size_t *len_out);

#endif
