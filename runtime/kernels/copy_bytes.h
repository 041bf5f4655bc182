/* Byte copies and fills for the kernels that only move data (clones,
 * reshapes, pad): with Helium 16 bytes per load/store pair and one
 * predicated pair for the tail, about 4 cycles per 16 bytes on the
 * pipeline model where newlib's byte-oriented memmove and memset take
 * 1-2.5 cycles per byte; memmove/memset on cores without MVE. */
#ifndef ET_KERNELS_COPY_BYTES_H
#define ET_KERNELS_COPY_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>
#endif

/* memmove(dst, src, n): overlapping ranges take memmove itself. */
static inline void k_copy_bytes(void *dst, const void *src, size_t n)
{
#if defined(__ARM_FEATURE_MVE)
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d == s)
        return;
    if (d < s + n && s < d + n) {
        memmove(dst, src, n);
        return;
    }
    for (; n >= 16; n -= 16, d += 16, s += 16)
        vstrbq_u8(d, vldrbq_u8(s));
    if (n > 0) {
        const mve_pred16_t p = vctp8q((uint32_t)n);
        vstrbq_p_u8(d, vldrbq_z_u8(s, p), p);
    }
#else
    memmove(dst, src, n);
#endif
}

/* memset(dst, value, n) */
static inline void k_fill_bytes(void *dst, int value, size_t n)
{
#if defined(__ARM_FEATURE_MVE)
    uint8_t *d = dst;
    const uint8x16_t v = vdupq_n_u8((uint8_t)value);
    for (; n >= 16; n -= 16, d += 16)
        vstrbq_u8(d, v);
    if (n > 0)
        vstrbq_p_u8(d, v, vctp8q((uint32_t)n));
#else
    memset(dst, value, n);
#endif
}

#endif
