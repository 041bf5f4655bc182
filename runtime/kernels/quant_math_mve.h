/* Helium (MVE) form of quant_math.h's requantization: four int32 lanes at a
 * time, bit-exact with q_requantize() (TFLite's MultiplyByQuantizedMultiplier,
 * "double rounding") for every input.  Only compiled for cores with MVE.
 *
 * Why it is exact, step by step (lane-wise, x, M, s as in q_requantize):
 *
 *  1. x * 2^left: VSHL by a register (vshlq_s32) is a non-saturating shift,
 *     i.e. the low 32 bits of the product, which is what q_wrap_i32 keeps.
 *
 *  2. SRDHM(a, M) = (a*M + nudge) / 2^31 with nudge = 2^30 for a*M >= 0 and
 *     1 - 2^30 otherwise, the division truncating toward zero.  Writing
 *     a*M = 2^31*q + r with 0 <= r < 2^31 (q = floor): for a*M >= 0 this is
 *     q + (r >= 2^30).  For a*M < 0 (so q + 1 <= 0) the numerator
 *     2^31*q + r + 1 - 2^30 lies in (2^31*q, 2^31*(q+1)) when r >= 2^30, and
 *     truncates toward zero to q + 1; when r < 2^30 it lies in
 *     (2^31*q - 2^30, 2^31*q] and truncates to q: again q + (r >= 2^30).  So
 *     in both signs SRDHM = floor((a*M + 2^30) / 2^31): ties round up (toward
 *     +infinity), which is exactly VQRDMULH's
 *     sat((2*a*M + 2^31) >> 32) = floor((a*M + 2^30) / 2^31).  The one
 *     saturating case, a = M = INT32_MIN, gives INT32_MAX in both.
 *
 *  3. RoundingDivideByPOT(v, e) rounds half away from zero; VRSHL by -e
 *     computes (v + 2^(e-1)) >> e in full precision (rounded half up).
 *     Subtracting 1 from negative v first (when e > 0) moves exactly the
 *     negative ties down and changes no other result: v - 1 + 2^(e-1)
 *     crosses a multiple of 2^e only when v + 2^(e-1) was one, i.e. on a
 *     tie.  v = INT32_MIN is a multiple of 2^e for e <= 31, so saturating
 *     the subtraction (VQADD with -1) there changes nothing.  e = 0: no
 *     fix-up, VRSHL by 0 is the identity.
 *
 * tests/runtime/mve_requant.c checks all three on QEMU against the scalar
 * functions with random and constructed tie inputs. */
#ifndef ET_QUANT_MATH_MVE_H
#define ET_QUANT_MATH_MVE_H

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>
#include <stdbool.h>

#include "quant_math.h"

static inline int32x4_t q_srdhm_mve(int32x4_t a, int32x4_t m)
{
    return vqrdmulhq_s32(a, m);
}

/* exponent_neg = -e per lane, e >= 0. */
static inline int32x4_t q_rounding_divide_by_pow2_mve(int32x4_t v, int32x4_t exponent_neg)
{
    /* sign bit of (v & -e) is set iff v < 0 and e > 0; >> 31 gives -1 there */
    int32x4_t fixup = vshrq_n_s32(vandq_s32(v, exponent_neg), 31);
    return vrshlq_s32(vqaddq_s32(v, fixup), exponent_neg);
}

/* q_requantize() on four lanes; multiplier and shift per lane. */
static inline int32x4_t q_requantize_mve(int32x4_t x, int32x4_t multiplier, int32x4_t shift)
{
    int32x4_t zero = vdupq_n_s32(0);
    int32x4_t left = vmaxq_s32(shift, zero);
    int32x4_t right_neg = vminq_s32(shift, zero);  /* -max(-s, 0) */
    return q_rounding_divide_by_pow2_mve(q_srdhm_mve(vshlq_s32(x, left), multiplier), right_neg);
}

/* The same with one multiplier and shift for all lanes. */
static inline int32x4_t q_requantize_n_mve(int32x4_t x, int32_t multiplier, int32_t shift)
{
    return q_requantize_mve(x, vdupq_n_s32(multiplier), vdupq_n_s32(shift));
}

/* q_clamp() on four lanes (x < lo ? lo : x > hi ? hi : x, also when
 * lo > hi).  With lo <= hi that is min(max(x, lo), hi): two integer ops
 * instead of a compare, a predicate move and a select. */
static inline int32x4_t q_clamp_mve(int32x4_t x, int32_t lo, int32_t hi)
{
    if (lo <= hi)
        return vminq_s32(vmaxq_s32(x, vdupq_n_s32(lo)), vdupq_n_s32(hi));
    return vpselq_s32(vdupq_n_s32(lo), vminq_s32(x, vdupq_n_s32(hi)), vcmpltq_n_s32(x, lo));
}

/* The kernels' inner form, with everything that does not change per
 * vector computed once: the left shift max(s, 0) and the negated right
 * shift min(s, 0) per lane (q_requant_shifts_mve), the output offset,
 * and the clamp bounds as vectors (lo <= hi; callers with lo > hi take
 * the scalar loop or q_clamp_mve).  has_left false when every lane's
 * left shift is 0 (a constant after inlining: one VSHL less). */
typedef struct q_requant_lanes {
    int32x4_t mult, left, right_neg;
} q_requant_lanes;

static inline q_requant_lanes q_requant_lanes_mve(int32x4_t multiplier, int32x4_t shift)
{
    const int32x4_t zero = vdupq_n_s32(0);
    return (q_requant_lanes){multiplier, vmaxq_s32(shift, zero), vminq_s32(shift, zero)};
}

static inline __attribute__((always_inline)) int32x4_t
q_requantize_clamp_lanes_mve(int32x4_t acc, q_requant_lanes q, bool has_left, int32_t out_offset, int32x4_t lo,
                             int32x4_t hi)
{
    if (has_left)
        acc = vshlq_s32(acc, q.left);
    acc = q_rounding_divide_by_pow2_mve(q_srdhm_mve(acc, q.mult), q.right_neg);
    return vminq_s32(vmaxq_s32(vaddq_n_s32(acc, out_offset), lo), hi);
}

/* Eight outputs at once, for kernels whose accumulators come in two
 * vectors (even and odd channels of eight): both requantized, narrowed
 * into one int16x8 in channel order (VQMOVNB/VQMOVNT), the output offset
 * added and the clamp applied there: five integer-pipe instructions for
 * eight lanes instead of eight.  Exact: the narrowing saturates at the
 * int16 bounds and the offset add saturates too, and with
 * -32768 <= lo <= hi <= 32767 and |offset| < 2^15 clamping a saturated
 * value gives what clamping the int32 value gives (a value beyond int16
 * stays beyond [lo, hi] on the same side after the offset).
 * all_right: every lane shifts right by at least one (no left shift): the
 * rounding fix-up is then x >> 31 for every lane, one instruction less
 * (q_rounding_divide_by_pow2_mve's mask only matters for e = 0). */
static inline __attribute__((always_inline)) int16x8_t
q_requantize_pair_mve(int32x4_t even, int32x4_t odd, q_requant_lanes qe, q_requant_lanes qo, bool all_right,
                      int16_t out_offset, int16x8_t lo, int16x8_t hi)
{
    if (all_right) {
        even = vqrdmulhq_s32(even, qe.mult);
        odd = vqrdmulhq_s32(odd, qo.mult);
        even = vrshlq_s32(vqaddq_s32(even, vshrq_n_s32(even, 31)), qe.right_neg);
        odd = vrshlq_s32(vqaddq_s32(odd, vshrq_n_s32(odd, 31)), qo.right_neg);
    } else {
        even = q_rounding_divide_by_pow2_mve(vqrdmulhq_s32(vshlq_s32(even, qe.left), qe.mult), qe.right_neg);
        odd = q_rounding_divide_by_pow2_mve(vqrdmulhq_s32(vshlq_s32(odd, qo.left), qo.mult), qo.right_neg);
    }
    int16x8_t r = vqmovntq_s32(vqmovnbq_s32(vdupq_n_s16(0), even), odd);
    return vminq_s16(vmaxq_s16(vqaddq_n_s16(r, out_offset), lo), hi);
}

/* requantize, add the output offset, clamp: the tail of every kernel
 * (the int8 store keeps the low byte, as the scalar (int8_t) cast does). */
static inline int32x4_t q_requantize_clamp_mve(int32x4_t acc, int32x4_t multiplier, int32x4_t shift,
                                               int32_t out_offset, int32_t act_min, int32_t act_max)
{
    return q_clamp_mve(vaddq_n_s32(q_requantize_mve(acc, multiplier, shift), out_offset), act_min, act_max);
}
#endif

#endif
