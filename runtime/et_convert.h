/* int64 <-> double conversions from 32-bit halves, for the code that
 * runs on the target: the FPU converts only 32-bit integers, so a plain
 * cast calls libgcc's soft-float helpers (__aeabi_l2d, __aeabi_d2lz: about
 * 1 KB of code in a model-only runner).  Both give what the C cast gives. */
#ifndef ET_CONVERT_H
#define ET_CONVERT_H

#include <stdint.h>

/* (double)x: both parts are exact, the one addition rounds the exact sum
 * to nearest, as the cast does. */
static inline double et_i64_to_f64(int64_t x)
{
    return (double)(int32_t)(x >> 32) * 4294967296.0 + (double)(uint32_t)x;
}

/* (int64_t)d for |d| < 2^63 (the caller checks): truncated toward zero,
 * then split at 2^32, where every step is exact. */
static inline int64_t et_f64_to_i64(double d)
{
    const double t = __builtin_trunc(d);
    const double hi = __builtin_floor(t / 4294967296.0);
    const double lo = t - hi * 4294967296.0;  /* in [0, 2^32) */
    return (int64_t)(((uint64_t)(uint32_t)(int32_t)hi << 32) | (uint32_t)lo);
}

#endif
