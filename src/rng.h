/* rng.h - xoshiro256**: fast, seedable, and the same sequence on every
 * machine, so a seed reproduces a search or a playout exactly.  next and
 * below are inline because playouts call them once per move. */
#ifndef QUARTET_RNG_H
#define QUARTET_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

void rng_seed(rng *r, uint64_t seed);

static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n): Lemire's multiply-shift; the bias is below 2^-16 for
 * the n the games use. */
static inline uint32_t rng_below(rng *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

#endif
