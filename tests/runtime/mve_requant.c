/* The Helium requantization (runtime/kernels/quant_math_mve.h) against the
 * scalar one (quant_math.h), lane by lane, on the target (QEMU runs it in
 * make runtime-qemu-test; the simulator once it executes MVE).
 *
 * Inputs: random values, and the rounding ties where a careless vector
 * form would differ from gemmlowp: products a*M that are ties of either
 * sign (a*M mod 2^31 == 2^30; any a with 2-adic
 * valuation 30 - v for an M with valuation v), negative ties of the
 * rounding shift, INT32_MIN / INT32_MAX operands, every shift from -31 to
 * +30, and the clamp with lo > hi. */
#include <arm_mve.h>
#include <stdint.h>

#include "../../runtime/kernels/quant_math.h"
#include "../../runtime/kernels/quant_math_mve.h"
#include "check.h"

static uint32_t rng = 0x12345678u;
static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static unsigned long checked, mismatches;

static void cmp(const char *what, const int32_t *got, const int32_t *want)
{
    for (int i = 0; i < 4; i++) {
        checked++;
        if (got[i] != want[i]) {
            if (mismatches < 10)
                printf("FAIL %s lane %d: %ld, want %ld\n", what, i, (long)got[i], (long)want[i]);
            mismatches++;
        }
    }
}

static void test_srdhm(const int32_t a[4], const int32_t m[4])
{
    int32_t got[4], want[4];
    vst1q_s32(got, q_srdhm_mve(vld1q_s32(a), vld1q_s32(m)));
    for (int i = 0; i < 4; i++)
        want[i] = q_sat_rounding_doubling_high_mul(a[i], m[i]);
    cmp("srdhm", got, want);
}

static void test_rdivpot(const int32_t v[4], const int32_t e[4])
{
    int32_t got[4], want[4], neg[4];
    for (int i = 0; i < 4; i++)
        neg[i] = -e[i];
    vst1q_s32(got, q_rounding_divide_by_pow2_mve(vld1q_s32(v), vld1q_s32(neg)));
    for (int i = 0; i < 4; i++)
        want[i] = q_rounding_divide_by_pow2(v[i], e[i]);
    cmp("rounding_divide_by_pow2", got, want);
}

static void test_requantize(const int32_t x[4], const int32_t m[4], const int32_t s[4])
{
    int32_t got[4], want[4];
    vst1q_s32(got, q_requantize_mve(vld1q_s32(x), vld1q_s32(m), vld1q_s32(s)));
    for (int i = 0; i < 4; i++)
        want[i] = q_requantize(x[i], m[i], s[i]);
    cmp("requantize", got, want);
}

int main(void)
{
    int32_t a[4], b[4], c[4];
    unsigned ties = 0;
    for (int iter = 0; iter < 20000; iter++) {
        for (int i = 0; i < 4; i++) {
            /* a multiplier as the exporters make them, [2^30, 2^31), with
             * v trailing zeros, and an operand of valuation 30 - v */
            int v = (int)(next() % 31);
            uint32_t m = (0x40000000u | next()) & 0x7fffffffu;
            m = (m >> v | 1u) << v;
            if (m < 0x40000000u)
                m |= 0x40000000u;
            /* odd * 2^(30-v), wrapped to 32 bits: still valuation 30 - v */
            int32_t op = (int32_t)((next() | 1u) << (30 - v));
            a[i] = (next() & 1) ? -op : op;
            b[i] = (int32_t)m;
            if (iter & 1)
                b[i] = -b[i];
        }
        test_srdhm(a, b);
        for (int i = 0; i < 4; i++) {
            int64_t p = (int64_t)a[i] * b[i];
            if (p < 0 && (((uint64_t)p) & 0x7fffffffu) == 0x40000000u)
                ties++;
        }
        for (int i = 0; i < 4; i++) {
            a[i] = (int32_t)next();
            b[i] = (int32_t)next();
        }
        test_srdhm(a, b);
        /* rounding shift: random, and negative ties -(q*2^e + 2^(e-1)) */
        for (int i = 0; i < 4; i++) {
            c[i] = (int32_t)(next() % 32);
            a[i] = (int32_t)next();
        }
        test_rdivpot(a, c);
        for (int i = 0; i < 4; i++) {
            int e = 1 + (int)(next() % 30);
            int64_t q = (int64_t)(next() % (1u << (31 - e)));
            a[i] = (int32_t)(-(q * ((int64_t)1 << e) + ((int64_t)1 << (e - 1))));
            c[i] = e;
        }
        test_rdivpot(a, c);
        /* whole requantization: accumulators of any size, shifts -31..+30 */
        for (int i = 0; i < 4; i++) {
            a[i] = (int32_t)next() >> (next() % 24);
            b[i] = (int32_t)(0x40000000u | (next() & 0x3fffffffu));
            c[i] = (int32_t)(next() % 62) - 31;
        }
        test_requantize(a, b, c);
    }
    /* edges */
    const int32_t edge[4] = {INT32_MIN, INT32_MAX, -1, 0};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            int32_t x[4] = {edge[i], edge[i], edge[i], edge[i]};
            int32_t m[4] = {edge[j], INT32_MIN, INT32_MAX, 1 << 30};
            test_srdhm(x, m);
            int32_t e[4] = {0, 1, 30, 31};
            test_rdivpot(x, e);
            int32_t s[4] = {-31, 0, 1, 30};
            test_requantize(x, m, s);
        }
    /* clamp, also with lo > hi */
    for (int iter = 0; iter < 1000; iter++) {
        int32_t x[4], got[4], want[4];
        int32_t lo = (int32_t)(next() % 512) - 256, hi = (int32_t)(next() % 512) - 256;
        for (int i = 0; i < 4; i++)
            x[i] = (int32_t)(next() % 1024) - 512;
        vst1q_s32(got, q_clamp_mve(vld1q_s32(x), lo, hi));
        for (int i = 0; i < 4; i++)
            want[i] = q_clamp(x[i], lo, hi);
        cmp("clamp", got, want);
    }
    printf("mve_requant: %lu lanes compared, %u negative srdhm ties, %lu mismatches\n", checked, ties, mismatches);
    CHECK(ties > 1000);
    CHECK(mismatches == 0);
    return check_done("mve_requant");
}
