/* check.h - the test suite's few macros.  Each tests/test_*.c is a program
 * whose main() calls RUN(test) for its tests and ends with
 * `return check_summary("name");`, which prints "name: N passed, N failed". */
#ifndef QUARTET_CHECK_H
#define QUARTET_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed, check_current_failed;
static const char *check_current;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            printf("FAIL %s (%s:%d): %s\n", check_current, __FILE__, __LINE__, #cond); \
            check_current_failed = 1;                                                \
        }                                                                            \
    } while (0)

#define CHECK_INT(a, b)                                                              \
    do {                                                                             \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);              \
        if (check_a_ != check_b_) {                                                  \
            printf("FAIL %s (%s:%d): %s == %lld, expected %lld\n", check_current,    \
                   __FILE__, __LINE__, #a, check_a_, check_b_);                      \
            check_current_failed = 1;                                                \
        }                                                                            \
    } while (0)

#define CHECK_STR(a, b)                                                              \
    do {                                                                             \
        const char *check_a_ = (a), *check_b_ = (b);                                 \
        if (!check_a_ || strcmp(check_a_, check_b_) != 0) {                          \
            printf("FAIL %s (%s:%d): %s == \"%s\", expected \"%s\"\n", check_current, \
                   __FILE__, __LINE__, #a, check_a_ ? check_a_ : "(null)", check_b_);  \
            check_current_failed = 1;                                                \
        }                                                                            \
    } while (0)

/* The message contains the expected fragment. */
#define CHECK_HAS(a, frag)                                                           \
    do {                                                                             \
        const char *check_a_ = (a);                                                  \
        if (!check_a_ || !strstr(check_a_, (frag))) {                                \
            printf("FAIL %s (%s:%d): \"%s\" lacks \"%s\"\n", check_current, __FILE__, \
                   __LINE__, check_a_ ? check_a_ : "(null)", (frag));                \
            check_current_failed = 1;                                                \
        }                                                                            \
    } while (0)

#define RUN(fn)                                                                      \
    do {                                                                             \
        check_current = #fn;                                                         \
        check_current_failed = 0;                                                    \
        fn();                                                                        \
        if (check_current_failed)                                                    \
            check_failed++;                                                          \
        else                                                                         \
            check_passed++;                                                          \
    } while (0)

static inline int check_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
