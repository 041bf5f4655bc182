/* Helium (MVE) floating point through <arm_mve.h>, and loops that GCC
 * auto-vectorises at -O3 (forced with the optimize attribute, so they are
 * vectorised in the -O0, -O2 and -Os builds too).
 *   float: F16 and F32 VADD/VSUB/VMUL/VABD, VFMA/VFMS (fused: checked with
 *   fmaf), VMAXNM/VMINNM with NaN, VCVT float<->int (towards zero, A/N/P/M
 *   rounding, fixed point) and F16<->F32 by value, VRINT N/A/Z/M/P/X,
 *   VCADD/VCMUL/VCMLA, VMAXNMV/VMINNMV/VMAXNMAV;
 *   auto-vectorised: memcpy/memset-like loops, int8 and int16 dot products,
 *   saturating clamps, float FMA and sums, with remainders of every length.
 * (No VCVTB/VCVTT f16<->f32 intrinsics: binutils 2.40 encodes their
 * registers wrongly.)
 */
#include <arm_mve.h>
#include <math.h>
#include <stdint.h>

#include "check.h"

/* GCC 12 warns wrongly about the vectorised stores of max_u8 */
#pragma GCC diagnostic ignored "-Wstringop-overflow"

#define NOVEC __attribute__((optimize("no-tree-vectorize")))
#define VEC __attribute__((optimize("O3")))

static uint32_t hash = 2166136261u;
static int bad;

static void fold(const void *p, int n)
{
    const uint8_t *b = p;
    for (int i = 0; i < n; i++)
        hash = (hash ^ b[i]) * 16777619u;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

#define EXPECT_F(got, want)                                                              \
    do {                                                                                 \
        float g_ = (got), w_ = (want);                                                   \
        if (fbits(g_) != fbits(w_) && !(isnan(g_) && isnan(w_))) {                       \
            bad++;                                                                       \
            if (bad < 10)                                                                \
                printf("mismatch line %d: %.9g want %.9g\n", __LINE__, (double)g_, (double)w_); \
        }                                                                                \
    } while (0)
#define EXPECT(got, want)                                                                \
    do {                                                                                 \
        if ((got) != (want)) {                                                           \
            bad++;                                                                       \
            if (bad < 10)                                                                \
                printf("mismatch line %d: %ld want %ld\n", __LINE__, (long)(got), (long)(want)); \
        }                                                                                \
    } while (0)

static float fa[4], fb[4], fc[4];

NOVEC static void float32_ops(void)
{
    float32x4_t a = vld1q_f32(fa), b = vld1q_f32(fb), c = vld1q_f32(fc);
    float t[4];
    int32_t ti[4];
    uint32_t tu[4];

    vst1q_f32(t, vaddq_f32(a, b));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], fa[i] + fb[i]);
    vst1q_f32(t, vsubq_f32(a, b));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], fa[i] - fb[i]);
    vst1q_f32(t, vmulq_f32(a, b));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], fa[i] * fb[i]);
    vst1q_f32(t, vabdq_f32(a, b));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], fabsf(fa[i] - fb[i]));
    vst1q_f32(t, vfmaq_f32(c, a, b));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], fmaf(fa[i], fb[i], fc[i]));
    vst1q_f32(t, vfmsq_f32(c, a, b));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], fmaf(-fa[i], fb[i], fc[i]));
    vst1q_f32(t, vfmaq_n_f32(c, a, 0.3f));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], fmaf(fa[i], 0.3f, fc[i]));
    vst1q_f32(t, vmaxnmq_f32(a, b));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], fmaxf(fa[i], fb[i]));
    vst1q_f32(t, vminnmq_f32(a, b));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], fminf(fa[i], fb[i]));
    fold(t, 16);

    /* conversions */
    vst1q_s32(ti, vcvtq_s32_f32(a));
    for (int i = 0; i < 4; i++)
        EXPECT(ti[i], isnan(fa[i]) ? 0 : fa[i] >= 2147483648.0f ? INT32_MAX : fa[i] < -2147483648.0f ? INT32_MIN : (int32_t)fa[i]);
    vst1q_u32(tu, vcvtq_u32_f32(a));
    for (int i = 0; i < 4; i++)
        EXPECT(tu[i], isnan(fa[i]) || fa[i] <= 0 ? 0u : fa[i] >= 4294967296.0f ? UINT32_MAX : (uint32_t)fa[i]);
    vst1q_s32(ti, vcvtaq_s32_f32(a));
    for (int i = 0; i < 4; i++) if (fabsf(fa[i]) < 1e9f) EXPECT(ti[i], (int32_t)roundf(fa[i]));
    vst1q_s32(ti, vcvtnq_s32_f32(a));
    for (int i = 0; i < 4; i++) if (fabsf(fa[i]) < 1e9f) EXPECT(ti[i], (int32_t)rintf(fa[i]));
    vst1q_s32(ti, vcvtpq_s32_f32(a));
    for (int i = 0; i < 4; i++) if (fabsf(fa[i]) < 1e9f) EXPECT(ti[i], (int32_t)ceilf(fa[i]));
    vst1q_s32(ti, vcvtmq_s32_f32(a));
    for (int i = 0; i < 4; i++) if (fabsf(fa[i]) < 1e9f) EXPECT(ti[i], (int32_t)floorf(fa[i]));
    vst1q_s32(ti, vcvtq_n_s32_f32(a, 8));
    for (int i = 0; i < 4; i++) if (fabsf(fa[i]) < 1e6f) EXPECT(ti[i], (int32_t)(fa[i] * 256.0f));
    int32x4_t iv = vld1q_s32(ti);
    vst1q_f32(t, vcvtq_n_f32_s32(iv, 8));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], (float)ti[i] / 256.0f);
    vst1q_f32(t, vcvtq_f32_u32(vreinterpretq_u32_s32(iv)));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], (float)(uint32_t)ti[i]);
    fold(ti, 16);

    /* rounding to integral */
    vst1q_f32(t, vrndnq_f32(a));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], rintf(fa[i]));
    vst1q_f32(t, vrndaq_f32(a));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], roundf(fa[i]));
    vst1q_f32(t, vrndq_f32(a));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], truncf(fa[i]));
    vst1q_f32(t, vrndmq_f32(a));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], floorf(fa[i]));
    vst1q_f32(t, vrndpq_f32(a));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], ceilf(fa[i]));
    vst1q_f32(t, vrndxq_f32(a));
    for (int i = 0; i < 4; i++) EXPECT_F(t[i], rintf(fa[i]));

    /* complex: (re, im) pairs */
    vst1q_f32(t, vcaddq_rot90_f32(a, b));
    for (int i = 0; i < 4; i += 2) {
        EXPECT_F(t[i], fa[i] - fb[i + 1]);
        EXPECT_F(t[i + 1], fa[i + 1] + fb[i]);
    }
    vst1q_f32(t, vcmulq_f32(a, b));        /* rotation 0: re*re, re*im */
    for (int i = 0; i < 4; i += 2) {
        EXPECT_F(t[i], fa[i] * fb[i]);
        EXPECT_F(t[i + 1], fa[i] * fb[i + 1]);
    }
    vst1q_f32(t, vcmlaq_rot90_f32(c, a, b));   /* c + (-im*im, im*re) */
    for (int i = 0; i < 4; i += 2) {
        EXPECT_F(t[i], fmaf(-fa[i + 1], fb[i + 1], fc[i]));
        EXPECT_F(t[i + 1], fmaf(fa[i + 1], fb[i], fc[i + 1]));
    }
    fold(t, 16);

    /* reductions */
    float mx = -INFINITY, mn = INFINITY, mxa = 0.0f;
    for (int i = 0; i < 4; i++) {
        mx = fmaxf(mx, fa[i]);
        mn = fminf(mn, fa[i]);
        mxa = fmaxf(mxa, fabsf(fa[i]));
    }
    EXPECT_F(vmaxnmvq_f32(-INFINITY, a), mx);
    EXPECT_F(vminnmvq_f32(INFINITY, a), mn);
    EXPECT_F(vmaxnmavq_f32(0.0f, a), mxa);
}

NOVEC static void float16_ops(void)
{
    float16_t h[8], g[8], t[8];
    for (int i = 0; i < 8; i++) {
        h[i] = (float16_t)(fa[i & 3] * (i < 4 ? 1.0f : 0.25f));
        g[i] = (float16_t)(fb[i & 3] / 8.0f);
    }
    float16x8_t a = vld1q_f16(h), b = vld1q_f16(g);
    vst1q_f16(t, vaddq_f16(a, b));
    for (int i = 0; i < 8; i++) EXPECT_F((float)t[i], (float)(float16_t)((float)h[i] + (float)g[i]));
    vst1q_f16(t, vmulq_f16(a, b));
    for (int i = 0; i < 8; i++) EXPECT_F((float)t[i], (float)(float16_t)((float)h[i] * (float)g[i]));
    vst1q_f16(t, vfmaq_f16(b, a, a));
    for (int i = 0; i < 8; i++) EXPECT_F((float)t[i], (float)(float16_t)fma((double)h[i], (double)h[i], (double)g[i]));
    vst1q_f16(t, vrndmq_f16(a));
    for (int i = 0; i < 8; i++) EXPECT_F((float)t[i], floorf((float)h[i]));
    int16_t ti[8];
    vst1q_s16(ti, vcvtq_s16_f16(a));
    for (int i = 0; i < 8; i++)
        if (fabsf((float)h[i]) < 30000.0f)
            EXPECT(ti[i], (int16_t)(float)h[i]);
    vst1q_f16(t, vcvtq_f16_s16(vld1q_s16(ti)));
    for (int i = 0; i < 8; i++) EXPECT_F((float)t[i], (float)(float16_t)ti[i]);
    vst1q_f16(t, vcmulq_rot90_f16(a, b));   /* (-im*im, im*re) */
    for (int i = 0; i < 8; i += 2) {
        EXPECT_F((float)t[i], (float)(float16_t)(-(float)h[i + 1] * (float)g[i + 1]));
        EXPECT_F((float)t[i + 1], (float)(float16_t)((float)h[i + 1] * (float)g[i]));
    }
    float mx = -INFINITY;
    for (int i = 0; i < 8; i++) mx = fmaxf(mx, (float)h[i]);
    EXPECT_F((float)vmaxnmvq_f16((float16_t)-60000.0f, a), fmaxf(mx, -60000.0f) == -60000.0f ? (float)(float16_t)-60000.0f : mx);
    fold(t, 16);
}

/* ---- auto-vectorised loops ---- */
#define N 203
static int8_t x8[N], y8[N];
static int16_t x16[N], y16[N];
static int32_t x32[N], y32[N];
static float xf[N], yf[N], zf[N];

VEC static void copy32(int32_t *restrict d, const int32_t *restrict s, int n)
{
    for (int i = 0; i < n; i++) d[i] = s[i];
}
VEC static void fill8(int8_t *d, int8_t v, int n)
{
    for (int i = 0; i < n; i++) d[i] = v;
}
VEC static int32_t dot8(const int8_t *a, const int8_t *b, int n)
{
    int32_t s = 0;
    for (int i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}
VEC static int64_t dot16(const int16_t *a, const int16_t *b, int n)
{
    int64_t s = 0;
    for (int i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}
VEC static void clamp_add8(int8_t *restrict d, const int8_t *restrict a, const int8_t *restrict b, int n)
{
    for (int i = 0; i < n; i++) {
        int v = a[i] + b[i];
        d[i] = (int8_t)(v > 127 ? 127 : v < -128 ? -128 : v);
    }
}
VEC static void requant16(int16_t *restrict d, const int32_t *restrict s, int n)
{
    for (int i = 0; i < n; i++) {
        int32_t v = s[i] >> 10;
        d[i] = (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
    }
}
VEC static void fma_f32(float *restrict d, const float *restrict a, const float *restrict b, float k, int n)
{
    for (int i = 0; i < n; i++) d[i] = fmaf(a[i], k, b[i]);
}
VEC static void max_u8(uint8_t *restrict d, const uint8_t *restrict a, const uint8_t *restrict b, int n)
{
    for (int i = 0; i < n; i++) d[i] = a[i] > b[i] ? a[i] : b[i];
}

NOVEC static void autovec(void)
{
    static int32_t d32[N];
    static int8_t d8[N];
    static int16_t d16[N];
    for (int n = 0; n <= N; n += (n < 40 ? 1 : 37)) {
        memset(d32, 0, sizeof d32);
        copy32(d32, x32, n);
        for (int i = 0; i < N; i++) EXPECT(d32[i], i < n ? x32[i] : 0);
        fill8(d8, (int8_t)n, n);
        for (int i = 0; i < n; i++) EXPECT(d8[i], (int8_t)n);
        int32_t s8 = 0;
        int64_t s16 = 0;
        for (int i = 0; i < n; i++) {
            s8 += x8[i] * y8[i];
            s16 += x16[i] * y16[i];
        }
        EXPECT(dot8(x8, y8, n), s8);
        EXPECT(dot16(x16, y16, n) == s16, 1);
        clamp_add8(d8, x8, y8, n);
        for (int i = 0; i < n; i++) {
            int v = x8[i] + y8[i];
            EXPECT(d8[i], v > 127 ? 127 : v < -128 ? -128 : v);
        }
        requant16(d16, x32, n);
        for (int i = 0; i < n; i++) {
            int32_t v = x32[i] >> 10;
            EXPECT(d16[i], v > 32767 ? 32767 : v < -32768 ? -32768 : v);
        }
        fma_f32(zf, xf, yf, -1.25f, n);
        for (int i = 0; i < n; i++) EXPECT_F(zf[i], fmaf(xf[i], -1.25f, yf[i]));
        max_u8((uint8_t *)d8, (const uint8_t *)x8, (const uint8_t *)y8, n);
        for (int i = 0; i < n; i++)
            EXPECT((uint8_t)d8[i], (uint8_t)x8[i] > (uint8_t)y8[i] ? (uint8_t)x8[i] : (uint8_t)y8[i]);
        fold(&s8, 4);
        fold(d8, N);
        fold(d16, 2 * N);
        fold(zf, 4 * N);
    }
}

int main(void)
{
    uint32_t seed = 0xF1047u;
    static const float specials[] = {0.5f, -0.5f, 1.5f, -2.5f, 2147483648.0f, -3e9f, 1e-30f, -0.0f, 65504.0f, 3.4e38f};
    for (int round = 0; round < 50; round++) {
        for (int i = 0; i < 4; i++) {
            uint32_t r = check_rand(&seed);
            fa[i] = (r & 7) == 0 ? specials[(r >> 4) % 10] : (float)(int32_t)(check_rand(&seed) % 20001u - 10000) / 37.0f;
            fb[i] = (r & 0x70) == 0 ? specials[(r >> 8) % 10] : (float)(int32_t)(check_rand(&seed) % 2001u - 1000) / 9.0f;
            fc[i] = (float)(int32_t)(check_rand(&seed) % 2001u - 1000) / 3.0f;
        }
        if (round == 7)
            fa[1] = NAN;   /* VMAXNM/VMINNM take the number */
        float32_ops();
        float16_ops();
    }
    for (int i = 0; i < N; i++) {
        x8[i] = (int8_t)check_rand(&seed);
        y8[i] = (int8_t)check_rand(&seed);
        x16[i] = (int16_t)check_rand(&seed);
        y16[i] = (int16_t)check_rand(&seed);
        x32[i] = (int32_t)check_rand(&seed) >> (i & 7);
        y32[i] = (int32_t)check_rand(&seed);
        xf[i] = (float)(int32_t)(check_rand(&seed) % 4001u - 2000) / 7.0f;
        yf[i] = (float)(int32_t)(check_rand(&seed) % 4001u - 2000) / 11.0f;
    }
    autovec();
    printf("hash %08lx, %d mismatches\n", (unsigned long)hash, bad);
    CHECK_EQ(bad, 0);
    return check_done("mve_float_autovec");
}
