/* HLD multiply-accumulate and accumulator operations; the fused
 * requantize against the runtime's reference arithmetic
 * (runtime/kernels/quant_math.h, written separately). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "../../dsp/dsp_isa.h"
#include "../../runtime/kernels/quant_math.h"
#include "dsp_harness.h"

#define V(t, i) dsp_core_v((t)->core, i)
#define ACC(t, i, l) dsp_core_acc((t)->core, i, l)

static tdsp_t *run_with(const char *src, const uint64_t *v, unsigned nv)
{
    tdsp_t *t = tdsp_new();
    tdsp_load(t, src);
    for (unsigned i = 0; i < nv; i++)
        dsp_core_set_v(t->core, i, v[i]);
    cr_assert_eq(tdsp_run(t, 10000), DSP_RUN_HALT, "%s", t->msg);
    return t;
}

Test(hld_mac, dot_products_int8)
{
    /* bytes of v0: 1, -2, 3, -4, 127, -128, 5, 6; v1: -1, -1, 2, 2, 127, -128, -3, 7 */
    const uint64_t v[2] = { 0x0605807FFC03FE01ull, 0x07FD807F0202FFFFull };
    tdsp_t *t = run_with(
        "vdot.b.z a0, v0, v1\n vdot.b a0, v0, v1\n"
        "vdot.b.z a1, v0, v1\n vdot.b.n a1, v0, v1\n vdot.b.n a1, v0, v1\n"
        "vdot.b.z a2, v0, v1\n vdot.bu a2, v0, v1\n halt\n", v, 2);
    const int64_t lane[4] = { -1 + 2, 6 - 8, 16129 + 16384, -15 + 42 };
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(ACC(t, 0, i), 2 * lane[i], "lane %d", i);
        cr_assert_eq(ACC(t, 1, i), -lane[i], "lane %d", i);
    }
    /* unsigned: 1*255 + 254*255, 3*2 + 252*2, 127*127 + 128*128, 5*253 + 6*7 */
    const int64_t ulane[4] = { 255 + 254 * 255, 6 + 504, 16129 + 16384, 1265 + 42 };
    for (int i = 0; i < 4; i++)
        cr_assert_eq(ACC(t, 2, i), lane[i] + ulane[i], "lane %d", i);
    tdsp_free(t);
}

Test(hld_mac, mac_16_32x16_32x32_and_complex)
{
    /* v0 h: 1000, -2000, 32767, -32768; v1 h: 3, -4, 32767, -32768
     * v2 w: 100000, -7; v3 w: -3000, 65536 */
    const uint64_t v[4] = { 0x80007FFFF83003E8ull, 0x80007FFFFFFC0003ull, 0xFFFFFFF9000186A0ull, 0x00010000FFFFF448ull };
    tdsp_t *t = run_with(
        "vmac.h.z a0, v0, v1\n vmac.h a0, v0, v1\n"
        "vmac.wh.z a1, v2, v1\n"
        "vmac.w.z a2, v2, v3\n vmac.w a2, v2, v3\n"
        "vcmac.wh.z a3, v2, v1\n vcmac.wh a3, v2, v1\n"
        "halt\n", v, 4);
    const int64_t h[4] = { 3000, 8000, 32767ll * 32767, 32768ll * 32768 };
    for (int i = 0; i < 4; i++)
        cr_assert_eq(ACC(t, 0, i), 2 * h[i], "h lane %d", i);
    const int64_t wh[4] = { 100000ll * 3, -7ll * -4, 100000ll * 32767, -7ll * -32768 };
    for (int i = 0; i < 4; i++)
        cr_assert_eq(ACC(t, 1, i), wh[i], "wh lane %d", i);
    cr_assert_eq(ACC(t, 2, 0), 2 * 100000ll * -3000);
    cr_assert_eq(ACC(t, 2, 1), 2 * -7ll * 65536);
    cr_assert_eq(ACC(t, 2, 2), 0);
    /* (100000 - 7j)(3 - 4j) = 300000 - 28 + j(-400000 - 21) */
    cr_assert_eq(ACC(t, 3, 0), 2 * (300000ll - 28));
    cr_assert_eq(ACC(t, 3, 1), 2 * (-400000ll - 21));
    cr_assert_eq(ACC(t, 3, 2), 0);
    tdsp_free(t);
}

Test(hld_mac, accumulator_set_sum_move_and_shift_out)
{
    /* v0:v1 = 4 x i32 (7, -9, 1 << 30, -5) */
    const uint64_t v[2] = { 0xFFFFFFF700000007ull, 0xFFFFFFFB40000000ull };
    tdsp_t *t = run_with(
        "aset a0, v0\n aset a1, v0\n aset a2, v0\n aset a3, v0\n"
        "aset a4, v0\n asum4 a4, a0\n"
        "{ amov.lo v2, a4 ; amov.hi v3, a4 }\n"
        "movi r2, 1\n movi r3, 0\n"
        "{ asrs.w v4, a2, r2 ; asrs.h v5, a2, r2 }\n"
        "{ asrs.b v6, a2, r3 ; azero a2 }\n"
        "halt\n", v, 2);
    int64_t s = 7 - 9 + (1ll << 30) - 5;
    const int64_t want[4] = { 7 + s, -9 + s, (1ll << 30) + s, -5 + s };
    for (int i = 0; i < 4; i++)
        cr_assert_eq(ACC(t, 4, i), want[i], "lane %d", i);
    cr_assert_eq(V(t, 2), (uint64_t)(uint32_t)want[1] << 32 | (uint32_t)want[0]);
    cr_assert_eq(V(t, 3), (uint64_t)(uint32_t)want[3] << 32 | (uint32_t)want[2]);
    /* asrs.w by 1, rounding: 7 -> 4, -9 -> -4 (ties up) */
    cr_assert_eq(V(t, 4), 0xFFFFFFFC00000004ull);
    /* asrs.h: 4, -4, 2^29 saturates to 32767, -5 -> -2 */
    cr_assert_eq(V(t, 5), 0xFFFE7FFFFFFC0004ull);
    /* asrs.b by 0: 7, -9, 127 (saturated), -5; high half zero */
    cr_assert_eq(V(t, 6), 0x00000000FB7FF707ull);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(ACC(t, 2, i), 0);
    tdsp_free(t);
}

static uint64_t rnd_state = 12345;
static uint32_t rnd32(void)
{
    rnd_state = rnd_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rnd_state >> 32);
}

/* aqnt.b against q_requantize on random accumulators, multipliers,
 * shifts, zero points and clamps, including the edge values. */
Test(hld_mac, fused_requantize_matches_the_runtime_reference)
{
    tdsp_t *t = tdsp_new();
    tdsp_load(t, "aset a0, v0\n aqnt.b v8, a0, v4\n halt\n");
    rnd_state = 12345;
    for (int iter = 0; iter < 3000; iter++) {
        int32_t acc[4], mult[4];
        int16_t shift[4];
        int16_t zp = (int16_t)((int)(rnd32() % 256) - 128);
        int16_t lo = (int16_t)(-128 + (int)(rnd32() % 64)), hi = (int16_t)(127 - (int)(rnd32() % 64));
        for (int i = 0; i < 4; i++) {
            acc[i] = (int32_t)rnd32() >> (rnd32() % 24);
            mult[i] = (int32_t)((rnd32() | 0x40000000u) & 0x7FFFFFFFu);
            shift[i] = (int16_t)((int)(rnd32() % 40) - 31);
            if (iter % 10 == 0) {
                acc[i] = i == 0 ? INT32_MIN : i == 1 ? INT32_MAX : i == 2 ? -1 : 0;
                mult[i] = i == 3 ? INT32_MIN : INT32_MAX;
            }
        }
        dsp_core_reset(t->core, 0);
        dsp_core_set_v(t->core, 0, (uint64_t)(uint32_t)acc[1] << 32 | (uint32_t)acc[0]);
        dsp_core_set_v(t->core, 1, (uint64_t)(uint32_t)acc[3] << 32 | (uint32_t)acc[2]);
        dsp_core_set_v(t->core, 4, (uint64_t)(uint32_t)mult[1] << 32 | (uint32_t)mult[0]);
        dsp_core_set_v(t->core, 5, (uint64_t)(uint32_t)mult[3] << 32 | (uint32_t)mult[2]);
        uint64_t v6 = 0;
        for (int i = 0; i < 4; i++)
            v6 |= (uint64_t)(uint16_t)shift[i] << (16 * i);
        dsp_core_set_v(t->core, 6, v6);
        dsp_core_set_v(t->core, 7, (uint64_t)(uint16_t)zp | (uint64_t)(uint16_t)lo << 16 | (uint64_t)(uint16_t)hi << 32);
        cr_assert_eq(tdsp_run(t, 100), DSP_RUN_HALT, "%s", t->msg);
        uint64_t out = V(t, 8);
        for (int i = 0; i < 4; i++) {
            int64_t sum = (int64_t)q_requantize(acc[i], mult[i], shift[i]) + zp;   /* extremes: no int32 overflow */
            int32_t want = sum < lo ? lo : sum > hi ? hi : (int32_t)sum;
            int8_t got = (int8_t)(uint8_t)(out >> (8 * i));
            cr_assert_eq(got, want, "iter %d lane %d: acc %d mult %d shift %d zp %d: got %d want %d",
                         iter, i, acc[i], mult[i], shift[i], zp, got, want);
        }
        cr_assert_eq(out >> 32, 0);
    }
    tdsp_free(t);
}

Test(hld_mac, accumulating_32x16_and_register_indexed_halfword_loads)
{
    /* v2 w: 100000, -7; v1 h: 3, -4, 32767, -32768 */
    const uint64_t v[3] = { 0, 0x80007FFFFFFC0003ull, 0xFFFFFFF9000186A0ull };
    tdsp_t *t = run_with(
        ".data\n h: .half -2, 40000\n .text\n"
        "li r1, h\n movi r2, 2\n"
        "{ ld.h r3, [r1+r2] ; ld.hu r4, [r1+r2] }\n"
        "vmac.wh.z a1, v2, v1\n vmac.wh a1, v2, v1\n vmac.wh a1, v2, v1\n"
        "halt\n", v, 3);
    cr_assert_eq(dsp_core_r(t->core, 3), (uint32_t)(int16_t)40000);
    cr_assert_eq(dsp_core_r(t->core, 4), 40000u);
    const int64_t wh[4] = { 100000ll * 3, -7ll * -4, 100000ll * 32767, -7ll * -32768 };
    for (int i = 0; i < 4; i++)
        cr_assert_eq(ACC(t, 1, i), 3 * wh[i], "lane %d", i);
    tdsp_free(t);
}
