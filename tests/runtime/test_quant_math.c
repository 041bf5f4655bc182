/* The shared integer arithmetic against independent definitions computed
 * here in double precision or taken from the fixed-point conventions. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "../../runtime/kernels/quant_math.h"

Test(quant_math, rounding_divide_rounds_half_away_from_zero)
{
    cr_expect_eq(q_rounding_divide_by_pow2(5, 1), 3);    /* 2.5 -> 3 */
    cr_expect_eq(q_rounding_divide_by_pow2(-5, 1), -3);  /* -2.5 -> -3 */
    cr_expect_eq(q_rounding_divide_by_pow2(7, 2), 2);    /* 1.75 -> 2 */
    cr_expect_eq(q_rounding_divide_by_pow2(-7, 2), -2);
    cr_expect_eq(q_rounding_divide_by_pow2(-6, 2), -2);  /* -1.5 -> -2 */
    cr_expect_eq(q_rounding_divide_by_pow2(100, 0), 100);
}

Test(quant_math, doubling_high_mul_saturates_the_one_overflow)
{
    cr_expect_eq(q_sat_rounding_doubling_high_mul(INT32_MIN, INT32_MIN), INT32_MAX);
    cr_expect_eq(q_sat_rounding_doubling_high_mul(1 << 30, 1 << 30), 1 << 29);  /* 0.5 * 0.5 */
    cr_expect_eq(q_sat_rounding_doubling_high_mul(-(1 << 30), 1 << 30), -(1 << 29));
}

/* requantize(x, M, s) is x * M * 2^(s-31) rounded; double rounding may
 * differ from the exactly rounded value by at most 1. */
Test(quant_math, requantize_matches_real_scaling)
{
    srand(1);
    for (int i = 0; i < 100000; i++) {
        int32_t x = (rand() % 2000001) - 1000000;
        int32_t m = (1 << 30) + rand() % (1 << 30);
        int32_t s = -(rand() % 12);
        double exact = (double)x * m * ldexp(1.0, s - 31);
        long want = lround(exact);
        long got = q_requantize(x, m, s);
        cr_assert(labs(got - want) <= 1, "x=%d m=%d s=%d: %ld vs %f", x, m, s, got, exact);
    }
    cr_expect_eq(q_requantize(1000, 1 << 30, 1), 1000);  /* 0.5 * 2 */
}

Test(quant_math, round_half_even)
{
    cr_expect_eq(q_round_half_even_f32(0.5f), 0);
    cr_expect_eq(q_round_half_even_f32(1.5f), 2);
    cr_expect_eq(q_round_half_even_f32(2.5f), 2);
    cr_expect_eq(q_round_half_even_f32(-0.5f), 0);
    cr_expect_eq(q_round_half_even_f32(-1.5f), -2);
    cr_expect_eq(q_round_half_even_f32(-2.4f), -2);
    cr_expect_eq(q_round_half_even_f32(1e10f), INT32_MAX);
    for (float f = -300.0f; f < 300.0f; f += 0.37f)
        cr_assert_eq(q_round_half_even_f32(f), (int32_t)nearbyintf(f), "%f", f);
}

/* exp on Q5.26 inputs against exp() in double. */
Test(quant_math, exp_on_negative_values)
{
    cr_expect_eq(q_exp_on_negative_values(0), INT32_MAX);
    for (double x = -31.0; x < 0.0; x += 0.0137) {
        int32_t in = (int32_t)lround(x * (1 << 26));
        double got = q_exp_on_negative_values(in) / 2147483648.0;
        cr_assert(fabs(got - exp(in / 67108864.0)) < 2e-7, "exp(%f) = %.9f", x, got);
    }
}

Test(quant_math, one_over_one_plus_x)
{
    for (double x = 0.0; x < 1.0; x += 0.001) {
        int32_t in = (int32_t)lround(x * 2147483647.0);
        double got = q_one_over_one_plus_x(in) / 2147483648.0;
        cr_assert(fabs(got - 1.0 / (1.0 + in / 2147483648.0)) < 1e-7, "1/(1+%f) = %.9f", x, got);
    }
}
