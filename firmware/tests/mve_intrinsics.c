/* Helium (MVE) through the <arm_mve.h> intrinsics, the way CMSIS-NN uses
 * them: int8 dot products (VMLADAV), int32 and float32 lane arithmetic
 * (VADD, VMUL, VFMA), tail predication with VCTP and zeroing predicated
 * loads, reductions (VADDV, VMAXV, VMINV), the saturating doubling multiply
 * VQRDMULH and rounding shift VRSHL used to requantize, narrowing with
 * saturation (VQMOVN), conversions (VCVT), de-interleaving loads (VLD2),
 * gather loads and VPSEL.  Every vector result is compared with a scalar C
 * model.
 */
#include <arm_mve.h>
#include <math.h>
#include <stdint.h>

#include "check.h"

#define N 61  /* not a multiple of any vector length: tails everywhere */

static int8_t a8[N + 16], b8[N + 16];
static int32_t a32[N + 4], b32[N + 4], out32[N + 4];
static float af[N + 4], bf[N + 4], outf[N + 4];

static int32_t dot_s8_mve(const int8_t *a, const int8_t *b, int n)
{
    int32_t acc = 0;
    while (n > 0) {
        mve_pred16_t p = vctp8q((uint32_t)n);
        int8x16_t va = vld1q_z_s8(a, p);
        int8x16_t vb = vld1q_z_s8(b, p);
        acc = vmladavaq_p_s8(acc, va, vb, p);
        a += 16;
        b += 16;
        n -= 16;
    }
    return acc;
}

static void add_s32_mve(int32_t *out, const int32_t *a, const int32_t *b, int n)
{
    while (n > 0) {
        mve_pred16_t p = vctp32q((uint32_t)n);
        int32x4_t va = vld1q_z_s32(a, p), vb = vld1q_z_s32(b, p);
        vst1q_p_s32(out, vaddq_s32(va, vmulq_n_s32(vb, 3)), p);
        a += 4;
        b += 4;
        out += 4;
        n -= 4;
    }
}

static void fma_f32_mve(float *out, const float *a, const float *b, float k, int n)
{
    float32x4_t vk = vdupq_n_f32(k);
    while (n > 0) {
        mve_pred16_t p = vctp32q((uint32_t)n);
        float32x4_t va = vld1q_z_f32(a, p), vb = vld1q_z_f32(b, p);
        vst1q_p_f32(out, vfmaq_f32(va, vb, vk), p);
        a += 4;
        b += 4;
        out += 4;
        n -= 4;
    }
}

/* Scalar models */
static int32_t sat32(int64_t v)
{
    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

static int32_t ref_vqrdmulh(int32_t a, int32_t b)
{
    return sat32(((int64_t)a * b * 2 + (1LL << 31)) >> 32);
}

static int32_t ref_rshr(int32_t v, int s)  /* rounding shift right by s > 0 */
{
    return (int32_t)(((int64_t)v + (1LL << (s - 1))) >> s);
}

int main(void)
{
    uint32_t seed = 0xF00DF00Du;
    for (int i = 0; i < N + 16; i++) {
        a8[i] = (int8_t)check_rand(&seed);
        b8[i] = (int8_t)check_rand(&seed);
    }
    for (int i = 0; i < N + 4; i++) {
        a32[i] = (int32_t)check_rand(&seed) >> 4;
        b32[i] = (int32_t)check_rand(&seed) >> 6;
        af[i] = (float)(int32_t)(check_rand(&seed) % 2001u) / 64.0f - 15.0f;
        bf[i] = (float)(int32_t)(check_rand(&seed) % 1001u) / 32.0f - 7.0f;
    }

    /* int8 dot product, every length 0..N */
    int bad = 0;
    for (int n = 0; n <= N; n++) {
        int32_t want = 0;
        for (int i = 0; i < n; i++)
            want += a8[i] * b8[i];
        bad += dot_s8_mve(a8, b8, n) != want;
    }
    int32_t d = dot_s8_mve(a8, b8, N);
    printf("int8 dot(%d) = %ld\n", N, (long)d);
    CHECK_EQ(bad, 0);

    /* predicated stores leave the tail alone */
    for (int i = 0; i < N + 4; i++)
        out32[i] = 0x5A5A5A5A;
    add_s32_mve(out32, a32, b32, N);
    bad = 0;
    for (int i = 0; i < N + 4; i++)
        bad += out32[i] != (i < N ? (int32_t)((uint32_t)a32[i] + 3u * (uint32_t)b32[i]) : 0x5A5A5A5A);
    CHECK_EQ(bad, 0);

    fma_f32_mve(outf, af, bf, 0.375f, N);
    bad = 0;
    float fsum = 0.0f;
    for (int i = 0; i < N; i++) {
        bad += outf[i] != fmaf(bf[i], 0.375f, af[i]);
        fsum += outf[i];
    }
    printf("f32 fma sum %.9g\n", (double)fsum);
    CHECK_EQ(bad, 0);

    /* Reductions and lane operations on fixed vectors */
    int32x4_t v = {-7, 100, -2000000000, 5};
    CHECK_EQ(vaddvq_s32(v), -7 + 100 - 2000000000 + 5);
    CHECK_EQ(vmaxvq_s32(INT32_MIN, v), 100);
    CHECK_EQ(vminvq_s32(INT32_MAX, v), -2000000000);
    int32x4_t w = {3, -3, 2, 1 << 30};
    int32x4_t prod = vqrdmulhq_s32(v, w);
    int32x4_t big = {INT32_MIN, INT32_MIN, 1 << 30, -(1 << 30)};
    int32x4_t satp = vqrdmulhq_s32(big, big);
    bad = 0;
    for (int i = 0; i < 4; i++) {
        bad += vgetq_lane_s32(prod, 0) != ref_vqrdmulh(-7, 3);
        bad += vgetq_lane_s32(satp, 0) != INT32_MAX;  /* -1 * -1 saturates */
    }
    bad += vgetq_lane_s32(prod, 3) != ref_vqrdmulh(5, 1 << 30);
    bad += vgetq_lane_s32(satp, 2) != ref_vqrdmulh(1 << 30, 1 << 30);
    CHECK_EQ(bad, 0);

    /* Requantize as CMSIS-NN does: multiply, rounding shift, narrow. */
    int32x4_t acc = {123456, -987654, 33333333, -44};
    int32x4_t m = vqrdmulhq_n_s32(acc, 1518500250);  /* ~0.7071 in Q31 */
    int32x4_t r = vrshlq_n_s32(m, -8);               /* rounding shift right by 8 */
    int32_t want_r[4];
    int32_t accs[4] = {123456, -987654, 33333333, -44};
    bad = 0;
    for (int i = 0; i < 4; i++) {
        want_r[i] = ref_rshr(ref_vqrdmulh(accs[i], 1518500250), 8);
        bad += vgetq_lane_s32(r, 0) != want_r[0];
    }
    bad += vgetq_lane_s32(r, 1) != want_r[1] || vgetq_lane_s32(r, 2) != want_r[2] || vgetq_lane_s32(r, 3) != want_r[3];
    /* Narrow int32 lanes to int16 with saturation, into the bottom halves. */
    int16x8_t n16 = vqmovnbq_s32(vdupq_n_s16(0), r);
    printf("requantized: %ld %ld %ld %ld, narrowed lane 4 = %d\n", (long)vgetq_lane_s32(r, 0),
           (long)vgetq_lane_s32(r, 1), (long)vgetq_lane_s32(r, 2), (long)vgetq_lane_s32(r, 3),
           vgetq_lane_s16(n16, 4));
    bad += vgetq_lane_s16(n16, 4) != 32767;  /* 92071 saturates */
    bad += vgetq_lane_s16(n16, 2) != -2728;
    CHECK_EQ(bad, 0);

    /* Conversions float <-> int (round to nearest, ties away for VCVTA) */
    float32x4_t fv = {1.5f, -2.5f, 3.49f, -0.5f};
    int32x4_t iz = vcvtq_s32_f32(fv);   /* towards zero */
    int32x4_t ia = vcvtaq_s32_f32(fv);  /* to nearest, ties away */
    CHECK(vgetq_lane_s32(iz, 0) == 1 && vgetq_lane_s32(iz, 1) == -2 && vgetq_lane_s32(iz, 3) == 0);
    CHECK(vgetq_lane_s32(ia, 0) == 2 && vgetq_lane_s32(ia, 1) == -3 && vgetq_lane_s32(ia, 2) == 3 &&
          vgetq_lane_s32(ia, 3) == -1);
    float32x4_t back = vcvtq_f32_s32(ia);
    CHECK(vgetq_lane_f32(back, 1) == -3.0f);

    /* De-interleave with VLD2: even and odd elements. */
    static const int16_t inter[16] = {0, 100, 1, 101, 2, 102, 3, 103, 4, 104, 5, 105, 6, 106, 7, 107};
    int16x8x2_t pair = vld2q_s16(inter);
    CHECK(vgetq_lane_s16(pair.val[0], 7) == 7 && vgetq_lane_s16(pair.val[1], 3) == 103);
    CHECK_EQ(vaddvq_s16(pair.val[0]), 28);
    CHECK_EQ(vaddvq_s16(pair.val[1]), 828);

    /* Gather: load a32[idx[i]] */
    uint32x4_t idx = {12, 0, 40, 4};  /* byte offsets */
    int32x4_t g = vldrwq_gather_offset_s32(a32, idx);
    CHECK(vgetq_lane_s32(g, 0) == a32[3] && vgetq_lane_s32(g, 1) == a32[0] && vgetq_lane_s32(g, 2) == a32[10] &&
          vgetq_lane_s32(g, 3) == a32[1]);

    /* Compare to a predicate, then select. */
    int32x4_t x = {5, -5, 0, 9}, y = {1, 2, 3, 4};
    mve_pred16_t gt = vcmpgtq_s32(x, y);
    int32x4_t sel = vpselq_s32(x, y, gt);
    printf("predicate %04x select %ld %ld %ld %ld\n", (unsigned)gt, (long)vgetq_lane_s32(sel, 0),
           (long)vgetq_lane_s32(sel, 1), (long)vgetq_lane_s32(sel, 2), (long)vgetq_lane_s32(sel, 3));
    CHECK_EQ(gt, 0xF00Fu);
    CHECK(vgetq_lane_s32(sel, 0) == 5 && vgetq_lane_s32(sel, 1) == 2 && vgetq_lane_s32(sel, 2) == 3 &&
          vgetq_lane_s32(sel, 3) == 9);

    return check_done("mve_intrinsics");
}
