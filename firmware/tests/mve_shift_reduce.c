/* Helium (MVE) shifts and reductions through <arm_mve.h>:
 *   shifts: VSHL by immediate and by vector/scalar register (negative =
 *   right), VRSHL, VQSHL, VQRSHL (QC), VSHR/VRSHR, VSHRN/VRSHRN,
 *   VQRSHRN/VQRSHRUN (bottom and top halves), VSHLL, VSLI/VSRI,
 *   VSHLC, and the scalar long shifts ASRL, LSLL, SQRSHR(L), UQRSHL(L),
 *   SQSHL(L), UQSHL(L), SRSHR(L), URSHR(L);
 *   reductions: VADDV(A), VADDLV, VMAXV/VMINV, VMAXAV/VMINAV, VABAV,
 *   VMLADAV(A)(X), VMLSDAV, VMLALDAV(X), VMLSLDAV, VRMLALDAVH, VRMLSLDAVH.
 * Scalar C models check every result; a hash of all results is printed.
 */
#include <arm_mve.h>
#include <stdint.h>

#include "check.h"

#define NOVEC __attribute__((optimize("no-tree-vectorize")))

static uint32_t hash = 2166136261u;
static int bad;

static void fold64(uint64_t v)
{
    for (int i = 0; i < 8; i++)
        hash = (hash ^ (uint8_t)(v >> (8 * i))) * 16777619u;
}

#define EXPECT(got, want)                                                        \
    do {                                                                         \
        uint64_t g_ = (uint64_t)(got), w_ = (uint64_t)(want);                    \
        fold64(g_);                                                              \
        if (g_ != w_) {                                                          \
            bad++;                                                               \
            if (bad < 10)                                                        \
                printf("mismatch line %d: %llx want %llx\n", __LINE__,          \
                       (unsigned long long)g_, (unsigned long long)w_);           \
        }                                                                        \
    } while (0)

static int64_t sat(int64_t v, int bits, int is_signed)
{
    int64_t lo = is_signed ? -(1LL << (bits - 1)) : 0;
    int64_t hi = is_signed ? (1LL << (bits - 1)) - 1 : (1LL << bits) - 1;
    return v < lo ? lo : v > hi ? hi : v;
}

/* Rounding arithmetic shift right of a 64-bit value by 1..63. */
static int64_t rshr64(int64_t v, int s)
{
    return (v >> s) + ((v >> (s - 1)) & 1);
}

static int16_t a16[8];
static int32_t a32[4], b32[4];
static int8_t a8[16], b8[16];

NOVEC static void shifts(void)
{
    int16x8_t v16 = vld1q_s16(a16);
    int32x4_t v32 = vld1q_s32(a32);
    int16_t t16[8];
    int32_t t32[4];
    uint32_t u32[4];

    vst1q_s16(t16, vshlq_n_s16(v16, 5));
    for (int i = 0; i < 8; i++) EXPECT((uint16_t)t16[i], (uint16_t)(a16[i] << 5));
    vst1q_s16(t16, vshrq_n_s16(v16, 16));
    for (int i = 0; i < 8; i++) EXPECT(t16[i], a16[i] >> 15);
    vst1q_s32(t32, vrshrq_n_s32(v32, 7));
    for (int i = 0; i < 4; i++) EXPECT(t32[i], (int32_t)rshr64(a32[i], 7));
    vst1q_u32(u32, vshrq_n_u32(vreinterpretq_u32_s32(v32), 32));
    for (int i = 0; i < 4; i++) EXPECT(u32[i], 0);

    /* by register: per-lane shift counts, negative shifts right */
    int32x4_t cnt = {-1, 31, -32, 3};
    int cnts[4] = {-1, 31, -32, 3};
    vst1q_s32(t32, vshlq_s32(v32, cnt));
    for (int i = 0; i < 4; i++)
        EXPECT(t32[i], cnts[i] >= 0 ? (int32_t)((uint32_t)a32[i] << cnts[i]) : a32[i] >> (cnts[i] == -32 ? 31 : -cnts[i]));
    vst1q_s32(t32, vrshlq_s32(v32, cnt));
    for (int i = 0; i < 4; i++)
        EXPECT(t32[i], cnts[i] >= 0 ? (int32_t)((uint32_t)a32[i] << cnts[i]) : (int32_t)rshr64(a32[i], -cnts[i]));
    vst1q_s32(t32, vqshlq_s32(v32, cnt));
    for (int i = 0; i < 4; i++)
        EXPECT(t32[i], cnts[i] >= 0 ? sat((int64_t)a32[i] * (1LL << cnts[i]), 32, 1)
                                    : a32[i] >> (cnts[i] == -32 ? 31 : -cnts[i]));
    vst1q_s32(t32, vqrshlq_n_s32(v32, -9));
    for (int i = 0; i < 4; i++) EXPECT(t32[i], (int32_t)rshr64(a32[i], 9));
    vst1q_u32(u32, vqshlq_n_u32(vreinterpretq_u32_s32(v32), 4));
    for (int i = 0; i < 4; i++) EXPECT(u32[i], sat((int64_t)(uint32_t)a32[i] << 4, 32, 0));
    vst1q_u32(u32, vqshluq_n_s32(v32, 1));
    for (int i = 0; i < 4; i++) EXPECT(u32[i], sat((int64_t)a32[i] * 2, 32, 0));

    /* narrowing: into bottom (even) or top (odd) halves */
    int16x8_t keep = vdupq_n_s16(0x5555);
    vst1q_s16(t16, vshrnbq_n_s32(keep, v32, 3));
    for (int i = 0; i < 8; i++) EXPECT(t16[i], (i & 1) ? 0x5555 : (int16_t)(a32[i / 2] >> 3));
    vst1q_s16(t16, vrshrntq_n_s32(keep, v32, 16));
    for (int i = 0; i < 8; i++) EXPECT(t16[i], (i & 1) ? (int16_t)rshr64(a32[i / 2], 16) : 0x5555);
    /* (no VQSHRNB/VQSHRUNB: binutils 2.40 assembles them as VQRSHRNB/VQRSHRUNB) */
    vst1q_s16(t16, vqrshrntq_n_s32(keep, v32, 12));
    for (int i = 0; i < 8; i++) EXPECT(t16[i], (i & 1) ? (int16_t)sat(rshr64(a32[i / 2], 12), 16, 1) : 0x5555);
    vst1q_s16(t16, vreinterpretq_s16_u16(vqrshruntq_n_s32(vreinterpretq_u16_s16(keep), v32, 15)));
    for (int i = 0; i < 8; i++)
        EXPECT((uint16_t)t16[i], (i & 1) ? (uint16_t)sat(rshr64(a32[i / 2], 15), 16, 0) : 0x5555);

    /* widening shift, insert */
    vst1q_s32(t32, vshllbq_n_s16(v16, 16));
    for (int i = 0; i < 4; i++) EXPECT(t32[i], (int32_t)((uint32_t)(int32_t)a16[2 * i] << 16));
    vst1q_s32(t32, vshlltq_n_s16(v16, 3));
    for (int i = 0; i < 4; i++) EXPECT(t32[i], a16[2 * i + 1] * 8);
    int32x4_t base = {0x11111111, 0x22222222, 0x33333333, 0x44444444};
    vst1q_s32(t32, vsliq_n_s32(base, v32, 12));
    for (int i = 0; i < 4; i++)
        EXPECT((uint32_t)t32[i], ((uint32_t)a32[i] << 12) | (0x11111111u * (i + 1) & 0xFFFu));
    vst1q_s32(t32, vsriq_n_s32(base, v32, 20));
    for (int i = 0; i < 4; i++)
        EXPECT((uint32_t)t32[i], ((uint32_t)a32[i] >> 20) | (0x11111111u * (i + 1) & 0xFFFFF000u));

    /* whole-vector shift left with carry in/out through a register */
    uint32_t carry = 0xABCDE;
    int32x4_t sc = vshlcq_s32(v32, &carry, 20);
    uint32_t in = 0xABCDE;
    vst1q_s32(t32, sc);
    for (int i = 0; i < 4; i++) {
        EXPECT((uint32_t)t32[i], ((uint32_t)a32[i] << 20) | (in & 0xFFFFFu));
        in = (uint32_t)a32[i] >> 12;
    }
    EXPECT(carry, in);
}

NOVEC static void long_shifts(int64_t x, int32_t y, int sh)
{
    EXPECT(asrl(x, sh), x >> sh);
    EXPECT(asrl(x, -sh), (uint64_t)x << sh);
    EXPECT(lsll((uint64_t)x, sh), (uint64_t)x << sh);
    EXPECT(lsll((uint64_t)x, -sh), (uint64_t)x >> sh);
    EXPECT(srshrl(x, 13), rshr64(x, 13));
    EXPECT(urshrl((uint64_t)x, 13), ((uint64_t)x >> 13) + (((uint64_t)x >> 12) & 1));
    EXPECT(srshr(y, 5), (int32_t)rshr64(y, 5));
    EXPECT(urshr((uint32_t)y, 5), ((uint32_t)y >> 5) + (((uint32_t)y >> 4) & 1));
    EXPECT(sqshl(y, 3), sat((int64_t)y * 8, 32, 1));
    EXPECT(uqshl((uint32_t)y, 3), sat((int64_t)(uint32_t)y * 8, 32, 0));
    EXPECT(sqshll(x, 2), (x > INT64_MAX / 4) ? INT64_MAX : (x < INT64_MIN / 4) ? INT64_MIN : x * 4);
    EXPECT(uqshll((uint64_t)x, 2), ((uint64_t)x >> 62) ? UINT64_MAX : (uint64_t)x << 2);
    /* SQRSHR(L) shift right by a positive count, UQRSHL(L) left */
    EXPECT(sqrshr(y, -(sh & 31)), sat((int64_t)y * (1LL << (sh & 31)), 32, 1));
    EXPECT(sqrshr(y, sh & 31), (sh & 31) ? (int32_t)rshr64(y, sh & 31) : y);
    EXPECT(uqrshl((uint32_t)y, -4), ((uint32_t)y >> 4) + (((uint32_t)y >> 3) & 1));
    EXPECT(sqrshrl(x, sh), rshr64(x, sh));
    EXPECT(uqrshll((uint64_t)x, -sh), ((uint64_t)x >> sh) + (((uint64_t)x >> (sh - 1)) & 1));
    /* the #48 form saturates to 48 bits */
    EXPECT(sqrshrl_sat48(x, sh), (uint64_t)sat(rshr64(x, sh), 48, 1));
}

NOVEC static void reductions(void)
{
    int8x16_t v8 = vld1q_s8(a8), w8 = vld1q_s8(b8);
    int32x4_t v32 = vld1q_s32(a32), w32 = vld1q_s32(b32);
    int16x8_t v16 = vld1q_s16(a16);
    int64_t s = 0, t = 0;
    uint32_t us = 0;

    for (int i = 0; i < 16; i++) s += a8[i];
    EXPECT(vaddvq_s8(v8), (int32_t)s);
    for (int i = 0; i < 16; i++) us += (uint8_t)a8[i];
    EXPECT(vaddvaq_u8(100, vreinterpretq_u8_s8(v8)), us + 100);
    s = 0;
    for (int i = 0; i < 4; i++) s += a32[i];
    EXPECT(vaddlvq_s32(v32), s);
    t = 0;
    for (int i = 0; i < 4; i++) t += (uint32_t)a32[i];
    EXPECT(vaddlvaq_u32(5, vreinterpretq_u32_s32(v32)), t + 5);

    int mx = -128, mn = 127, mxa = 0, mna = 255;
    for (int i = 0; i < 16; i++) {
        int v = a8[i], av = v < 0 ? -v : v;
        mx = v > mx ? v : mx;
        mn = v < mn ? v : mn;
        mxa = av > mxa ? av : mxa;
        mna = av < mna ? av : mna;
    }
    EXPECT(vmaxvq_s8(-100, v8), mx > -100 ? mx : -100);
    EXPECT(vminvq_s8(100, v8), mn < 100 ? mn : 100);
    EXPECT(vmaxavq_s8(3, v8), mxa > 3 ? mxa : 3);
    EXPECT(vminavq_s8(200, v8), mna < 200 ? mna : 200);
    uint32_t mxu = 0;
    for (int i = 0; i < 4; i++) mxu = (uint32_t)a32[i] > mxu ? (uint32_t)a32[i] : mxu;
    EXPECT(vmaxvq_u32(0, vreinterpretq_u32_s32(v32)), mxu);

    us = 7;
    for (int i = 0; i < 16; i++) us += (uint32_t)(a8[i] > b8[i] ? a8[i] - b8[i] : b8[i] - a8[i]);
    EXPECT(vabavq_s8(7, v8, w8), us);

    s = 0;
    for (int i = 0; i < 16; i++) s += a8[i] * b8[i];
    EXPECT(vmladavq_s8(v8, w8), (int32_t)s);
    s = 0;
    for (int i = 0; i < 16; i += 2) s += a8[i] * b8[i + 1] + a8[i + 1] * b8[i];
    EXPECT(vmladavaxq_s8(-5, v8, w8), (int32_t)(s - 5));
    s = 0;
    for (int i = 0; i < 16; i += 2) s += a8[i] * b8[i] - a8[i + 1] * b8[i + 1];
    EXPECT(vmlsdavq_s8(v8, w8), (int32_t)s);
    s = 0;
    for (int i = 0; i < 4; i++) s += (int64_t)a32[i] * b32[i];
    EXPECT(vmlaldavq_s32(v32, w32), s);
    EXPECT(vmlaldavaq_s32(-1000000000000LL, v32, w32), s - 1000000000000LL);
    uint64_t su = 0;
    for (int i = 0; i < 4; i++) su += (uint64_t)(uint32_t)a32[i] * (uint32_t)b32[i];
    EXPECT(vmlaldavq_u32(vreinterpretq_u32_s32(v32), vreinterpretq_u32_s32(w32)), su);
    s = 0;
    for (int i = 0; i < 4; i += 2) s += (int64_t)a32[i] * b32[i + 1] + (int64_t)a32[i + 1] * b32[i];
    EXPECT(vmlaldavxq_s32(v32, w32), s);
    s = 0;
    for (int i = 0; i < 8; i += 2) s += (int64_t)a16[i] * a16[i] - (int64_t)a16[i + 1] * a16[i + 1];
    EXPECT(vmlsldavq_s16(v16, v16), s);

    /* VRMLALDAVH: each beat adds a product to the 72-bit accumulator
     * (RdaHi:RdaLo << 8) and rounds back to 64 bits: every product is
     * rounded on its own, (p + 128) >> 8. */
    s = 0;
    for (int i = 0; i < 4; i++)
        s += ((int64_t)a32[i] * b32[i] + 128) >> 8;
    EXPECT(vrmlaldavhq_s32(v32, w32), s);
    s = 0;
    for (int i = 0; i < 4; i += 2)
        s += (((int64_t)a32[i] * b32[i] + 128) >> 8) + ((-(int64_t)a32[i + 1] * b32[i + 1] + 128) >> 8);
    EXPECT(vrmlsldavhq_s32(v32, w32), s);
}

int main(void)
{
    uint32_t seed = 0xC0FFEEu;
    static const int32_t edges[] = {INT32_MIN, INT32_MAX, 0, -1, 1, 0x7FFF8000, -0x8000, 0x12345678};
    for (int round = 0; round < 60; round++) {
        for (int i = 0; i < 16; i++) {
            uint32_t r = check_rand(&seed);
            a8[i] = (r & 15) == 0 ? -128 : (int8_t)(r >> 8);
            b8[i] = (r & 0xF0) == 0 ? 127 : (int8_t)(r >> 16);
        }
        for (int i = 0; i < 8; i++) {
            uint32_t r = check_rand(&seed);
            a16[i] = (r & 7) == 0 ? (int16_t)-32768 : (int16_t)(r >> 8);
        }
        for (int i = 0; i < 4; i++) {
            uint32_t r = check_rand(&seed);
            a32[i] = (r & 3) == 0 ? edges[(r >> 4) & 7] : (int32_t)check_rand(&seed) >> (r >> 28);
            b32[i] = (r & 0x300) == 0 ? edges[(r >> 12) & 7] : (int32_t)check_rand(&seed);
        }
        shifts();
        reductions();
        int64_t x = (int64_t)((uint64_t)check_rand(&seed) << 32 | check_rand(&seed)) >> (round & 31);
        long_shifts(x, a32[round & 3], 1 + (int)(check_rand(&seed) % 32));
    }
    printf("hash %08lx, %d mismatches\n", (unsigned long)hash, bad);
    CHECK_EQ(bad, 0);
    return check_done("mve_shift_reduce");
}
