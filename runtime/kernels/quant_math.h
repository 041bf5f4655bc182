/* Integer arithmetic shared by every quantized kernel: the one place where
 * requantization, saturation and rounding are defined.
 *
 * The definitions follow the TFLite / gemmlowp reference arithmetic that
 * CMSIS-NN reproduces bit for bit:
 *  - saturating rounding doubling high multiply: (a*b + nudge) / 2^31,
 *    nudge 2^30 or 1 - 2^30 by sign, truncating: floor((a*b + 2^30) / 2^31),
 *    ties rounded up, as VQRDMULH does (proof in quant_math_mve.h),
 *    saturating the one overflowing case;
 *  - rounding divide by a power of two: arithmetic shift that rounds
 *    halves away from zero;
 *  - requantize(x, M, s) = rdivpot(srdhm(x * 2^max(s,0), M), max(-s,0)),
 *    i.e. TFLite's MultiplyByQuantizedMultiplier ("double rounding"). */
#ifndef ET_QUANT_MATH_H
#define ET_QUANT_MATH_H

#include <stdint.h>

static inline int32_t q_min_i32(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t q_max_i32(int32_t a, int32_t b) { return a > b ? a : b; }
static inline int32_t q_clamp(int32_t x, int32_t lo, int32_t hi) { return x < lo ? lo : (x > hi ? hi : x); }
static inline int8_t q_sat_s8(int32_t x) { return (int8_t)q_clamp(x, -128, 127); }

/* Two's-complement wrap, as the target's 32-bit registers do; used where
 * the reference multiplies in 32 bits and real models never overflow. */
static inline int32_t q_wrap_i32(int64_t x) { return (int32_t)(uint32_t)(uint64_t)x; }

static inline int32_t q_sat_rounding_doubling_high_mul(int32_t a, int32_t b)
{
    if (a == INT32_MIN && b == INT32_MIN)
        return INT32_MAX;
    int64_t ab = (int64_t)a * b;
    int64_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
    return (int32_t)((ab + nudge) / ((int64_t)1 << 31));  /* C division truncates toward zero */
}

static inline int32_t q_rounding_divide_by_pow2(int32_t x, int exponent)
{
    if (exponent <= 0)
        return x;
    int32_t mask = (int32_t)((1u << exponent) - 1u);
    int32_t remainder = x & mask;
    int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
    return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

/* x * 2^exponent, saturating (exponent >= 0). */
static inline int32_t q_sat_left_shift(int32_t x, int exponent)
{
    int64_t r = (int64_t)x * ((int64_t)1 << exponent);
    return r > INT32_MAX ? INT32_MAX : (r < INT32_MIN ? INT32_MIN : (int32_t)r);
}

static inline int32_t q_requantize(int32_t x, int32_t multiplier, int32_t shift)
{
    int left = shift > 0 ? shift : 0;
    int right = shift > 0 ? 0 : -shift;
    int32_t shifted = q_wrap_i32((int64_t)x * ((int64_t)1 << left));
    return q_rounding_divide_by_pow2(q_sat_rounding_doubling_high_mul(shifted, multiplier), right);
}

/* Fixed-point exp(x) for x <= 0 given in Q5.26, result in Q0.31
 * (gemmlowp's exp_on_negative_values). */
int32_t q_exp_on_negative_values(int32_t x_q5_26);

/* 1 / (1 + x) for x in [0, 1) given in Q0.31, result in Q2.29 scaled as
 * gemmlowp's one_over_one_plus_x_for_x_in_0_1 (Q0.31 input, Q1.30-ish out). */
int32_t q_one_over_one_plus_x(int32_t x_q0_31);

/* Round half to even of a float (what nearbyint does in the default
 * rounding mode), written out so that the result does not depend on the
 * C library or the FPU rounding mode. Returns a saturated int32. */
int32_t q_round_half_even_f32(float x);

#endif
