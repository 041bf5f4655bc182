#include "quant_math.h"

/* Fixed-point helpers of gemmlowp's exp and reciprocal, in our own words:
 * a Qm.n number is an int32 with n fractional bits; multiplying two of them
 * with q_sat_rounding_doubling_high_mul adds their integer bits. */

#define Q31_EXP_MINUS_1_8 1895147668  /* exp(-1/8) in Q0.31 */
#define Q31_ONE_THIRD 715827883       /* 1/3 in Q0.31 */

/* exp(a) for a in [-1/4, 0), a in Q0.31: Taylor series around -1/8. */
static int32_t exp_on_interval_minus_quarter_to_zero(int32_t a)
{
    int32_t x = a + (1 << 28);  /* x = a + 1/8 */
    int32_t x2 = q_sat_rounding_doubling_high_mul(x, x);
    int32_t x3 = q_sat_rounding_doubling_high_mul(x2, x);
    int32_t x4 = q_sat_rounding_doubling_high_mul(x2, x2);
    int32_t x4_over_4 = q_rounding_divide_by_pow2(x4, 2);
    /* x^4/24 + x^3/6 + x^2/2 = ((x^4/4 + x^3) / 3 + x^2) / 2 */
    int32_t poly = q_rounding_divide_by_pow2(
        q_sat_rounding_doubling_high_mul(x4_over_4 + x3, Q31_ONE_THIRD) + x2, 1);
    return Q31_EXP_MINUS_1_8 + q_sat_rounding_doubling_high_mul(Q31_EXP_MINUS_1_8, x + poly);
}

int32_t q_exp_on_negative_values(int32_t a)
{
    /* exp(a) = exp(a mod 1/4 - 1/4) * product of exp(-2^k) for every bit k
     * set in the remaining multiple of 1/4 (a barrel shifter over the bits
     * 24..30 of the Q5.26 input). */
    static const int32_t exp_of_minus_pow2[7] = {
        1672461947, /* exp(-1/4) */
        1302514674, /* exp(-1/2) */
        790015084,  /* exp(-1) */
        290630308,  /* exp(-2) */
        39332535,   /* exp(-4) */
        720401,     /* exp(-8) */
        242,        /* exp(-16) */
    };
    const int32_t quarter = 1 << 24;
    int32_t a_mod_quarter_minus_quarter = (a & (quarter - 1)) - quarter;
    /* Q5.26 -> Q0.31: shift left by 5; the value is in [-1/4, 0): no overflow. */
    int32_t result = exp_on_interval_minus_quarter_to_zero((int32_t)((uint32_t)a_mod_quarter_minus_quarter << 5));
    int32_t remainder = a_mod_quarter_minus_quarter - a;
    for (int k = 0; k < 7; k++)
        if (remainder & (1 << (24 + k)))
            result = q_sat_rounding_doubling_high_mul(result, exp_of_minus_pow2[k]);
    return a == 0 ? INT32_MAX : result;
}

int32_t q_one_over_one_plus_x(int32_t a)
{
    /* half_denominator = (a + 1) / 2 in Q0.31, rounded half away from zero. */
    int64_t sum = (int64_t)a + INT32_MAX;
    int32_t half_denominator = (int32_t)((sum + (sum >= 0 ? 1 : -1)) / 2);
    /* Newton-Raphson for 1/half_denominator in Q2.29, starting from
     * 48/17 - 32/17 * d (the best linear guess on [1/2, 1]). */
    int32_t x = 1515870810 + q_sat_rounding_doubling_high_mul(half_denominator, -1010580540);
    for (int i = 0; i < 3; i++) {
        int32_t d_times_x = q_sat_rounding_doubling_high_mul(half_denominator, x);
        int32_t one_minus = (1 << 29) - d_times_x;
        x = x + q_sat_left_shift(q_sat_rounding_doubling_high_mul(x, one_minus), 2);
    }
    /* 1/(1+a) = (1/half_denominator) / 2; from Q2.29 to Q0.31 the halving
     * and the rescale leave one saturating left shift. */
    return q_sat_left_shift(x, 1);
}

int32_t q_round_half_even_f32(float x)
{
    if (!(x == x))
        return 0;
    if (x >= 2147483520.0f)
        return INT32_MAX;
    if (x <= -2147483648.0f)
        return INT32_MIN;
    if (x >= 8388608.0f || x <= -8388608.0f)
        return (int32_t)x;  /* already an integer */
    int32_t floor_x = (int32_t)x;  /* truncates toward zero */
    if ((float)floor_x > x)
        floor_x--;
    float frac = x - (float)floor_x;  /* exact for |x| < 2^23 */
    if (frac > 0.5f || (frac == 0.5f && (floor_x & 1)))
        floor_x++;
    return floor_x;
}
