/* Helium (MVE) integer lane arithmetic through <arm_mve.h>, every element
 * size (8, 16, 32; 64-bit results of the widening multiplies) and both
 * signednesses: VADD/VSUB/VMUL, VMULH/VRMULH, VHADD/VRHADD/VHSUB, VABD,
 * VMAX/VMIN/VMAXA, VQADD/VQSUB/VQDMULH/VQRDMULH/VQDMULL with the saturation
 * edges (INT_MIN, INT_MAX) and the sticky QC flag in FPSCR, VMULLB/T,
 * VMOVN/VQMOVN/VQMOVUN, VMOVL, VABS/VNEG/VQABS/VQNEG/VCLZ/VCLS, VADC/VSBC
 * (carry in FPSCR.C), VCADD/VHCADD, VBRSR, VREV.  Each result vector is
 * compared with a scalar C model and folded into a printed hash.
 */
#include <arm_mve.h>
#include <stdint.h>

#include "check.h"

#define NOVEC __attribute__((optimize("no-tree-vectorize")))

static uint32_t hash = 2166136261u;
static int bad;

static void fold(const void *p, int n)
{
    const uint8_t *b = p;
    for (int i = 0; i < n; i++)
        hash = (hash ^ b[i]) * 16777619u;
}

static uint32_t get_fpscr(void) { return __builtin_arm_get_fpscr(); }
static void set_fpscr(uint32_t v) { __builtin_arm_set_fpscr(v); }
static void clear_qc(void) { set_fpscr(get_fpscr() & ~(1u << 27)); }
static int qc(void) { return (get_fpscr() >> 27) & 1; }

static int64_t sat(int64_t v, int bits, int is_signed)
{
    int64_t lo = is_signed ? -(1LL << (bits - 1)) : 0;
    int64_t hi = is_signed ? (1LL << (bits - 1)) - 1 : (1LL << bits) - 1;
    return v < lo ? lo : v > hi ? hi : v;
}

/* Special values mixed into the random data. */
static const int32_t edges32[] = {INT32_MIN, INT32_MAX, 0, -1, 1, INT32_MIN + 1, 0x40000000, -0x40000000};

static int8_t a8[16], b8[16];
static int16_t a16[8], b16[8];
static int32_t a32[4], b32[4];

static void fill(uint32_t *seed)
{
    for (int i = 0; i < 16; i++) {
        uint32_t r = check_rand(seed);
        a8[i] = (r & 7) == 0 ? (int8_t)(r & 0x100 ? -128 : 127) : (int8_t)(r >> 8);
        b8[i] = (r & 0x70) == 0 ? (int8_t)(r & 0x200 ? -128 : 127) : (int8_t)(r >> 16);
    }
    for (int i = 0; i < 8; i++) {
        uint32_t r = check_rand(seed);
        a16[i] = (r & 7) == 0 ? (int16_t)(r & 0x100 ? -32768 : 32767) : (int16_t)(r >> 8);
        b16[i] = (r & 0x70) == 0 ? (int16_t)(r & 0x200 ? -32768 : 32767) : (int16_t)(r >> 16);
    }
    for (int i = 0; i < 4; i++) {
        uint32_t r = check_rand(seed);
        a32[i] = (r & 3) == 0 ? edges32[(r >> 4) & 7] : (int32_t)check_rand(seed);
        b32[i] = (r & 0x30) == 0 ? edges32[(r >> 8) & 7] : (int32_t)check_rand(seed);
    }
}

#define CMP_LANES(vec, model, n, getlane)             \
    do {                                              \
        __typeof__(vec) v_ = (vec);                   \
        for (int i_ = 0; i_ < (n); i_++)              \
            if (getlane(v_, i_) != (model)[i_])       \
                bad++;                                \
        fold(&v_, sizeof(v_));                        \
    } while (0)

static int8_t l8(int8x16_t v, int i) { int8_t t[16]; vst1q_s8(t, v); return t[i]; }
static uint8_t lu8(uint8x16_t v, int i) { uint8_t t[16]; vst1q_u8(t, v); return t[i]; }
static int16_t l16(int16x8_t v, int i) { int16_t t[8]; vst1q_s16(t, v); return t[i]; }
static uint16_t lu16(uint16x8_t v, int i) { uint16_t t[8]; vst1q_u16(t, v); return t[i]; }
static int32_t l32(int32x4_t v, int i) { int32_t t[4]; vst1q_s32(t, v); return t[i]; }
static uint32_t lu32(uint32x4_t v, int i) { uint32_t t[4]; vst1q_u32(t, v); return t[i]; }
static int64_t l64(int64x2_t v, int i) { return vgetq_lane_s64(v, 0) * (i == 0) + vgetq_lane_s64(v, 1) * (i == 1); }
static uint64_t lu64(uint64x2_t v, int i) { return i ? vgetq_lane_u64(v, 1) : vgetq_lane_u64(v, 0); }

NOVEC static void test8(void)
{
    int8x16_t va = vld1q_s8(a8), vb = vld1q_s8(b8);
    uint8x16_t ua = vreinterpretq_u8_s8(va), ub = vreinterpretq_u8_s8(vb);
    int8_t m[16];
    uint8_t mu[16];
    int sat_expected = 0;

    for (int i = 0; i < 16; i++) m[i] = (int8_t)(a8[i] + b8[i]);
    CMP_LANES(vaddq_s8(va, vb), m, 16, l8);
    for (int i = 0; i < 16; i++) m[i] = (int8_t)(a8[i] * b8[i]);
    CMP_LANES(vmulq_s8(va, vb), m, 16, l8);
    for (int i = 0; i < 16; i++) m[i] = (int8_t)((a8[i] * b8[i]) >> 8);
    CMP_LANES(vmulhq_s8(va, vb), m, 16, l8);
    for (int i = 0; i < 16; i++) mu[i] = (uint8_t)((uint8_t)a8[i] * (uint8_t)b8[i] >> 8);
    CMP_LANES(vmulhq_u8(ua, ub), mu, 16, lu8);
    for (int i = 0; i < 16; i++) m[i] = (int8_t)((a8[i] * b8[i] + 128) >> 8);
    CMP_LANES(vrmulhq_s8(va, vb), m, 16, l8);
    for (int i = 0; i < 16; i++) m[i] = (int8_t)((a8[i] + b8[i]) >> 1);
    CMP_LANES(vhaddq_s8(va, vb), m, 16, l8);
    for (int i = 0; i < 16; i++) mu[i] = (uint8_t)(((uint8_t)a8[i] + (uint8_t)b8[i] + 1) >> 1);
    CMP_LANES(vrhaddq_u8(ua, ub), mu, 16, lu8);
    for (int i = 0; i < 16; i++) m[i] = (int8_t)((a8[i] - b8[i]) >> 1);
    CMP_LANES(vhsubq_s8(va, vb), m, 16, l8);
    for (int i = 0; i < 16; i++) m[i] = (int8_t)(a8[i] > b8[i] ? a8[i] - b8[i] : b8[i] - a8[i]);
    CMP_LANES(vabdq_s8(va, vb), m, 16, l8);
    for (int i = 0; i < 16; i++) mu[i] = (uint8_t)a8[i] < (uint8_t)b8[i] ? (uint8_t)a8[i] : (uint8_t)b8[i];
    CMP_LANES(vminq_u8(ua, ub), mu, 16, lu8);
    for (int i = 0; i < 16; i++) {
        int x = a8[i] < 0 ? -a8[i] : a8[i];
        mu[i] = (uint8_t)(x > (uint8_t)b8[i] ? x : (uint8_t)b8[i]);
    }
    CMP_LANES(vmaxaq_s8(ub, va), mu, 16, lu8);

    /* saturating: QC set exactly when a lane saturates */
    clear_qc();
    for (int i = 0; i < 16; i++) {
        int v = a8[i] + b8[i];
        m[i] = (int8_t)sat(v, 8, 1);
        sat_expected |= m[i] != v;
    }
    CMP_LANES(vqaddq_s8(va, vb), m, 16, l8);
    CHECK_EQ(qc(), sat_expected);
    clear_qc();
    sat_expected = 0;
    for (int i = 0; i < 16; i++) {
        int v = (uint8_t)a8[i] - (uint8_t)b8[i];
        mu[i] = (uint8_t)sat(v, 8, 0);
        sat_expected |= mu[i] != v;
    }
    CMP_LANES(vqsubq_u8(ua, ub), mu, 16, lu8);
    CHECK_EQ(qc(), sat_expected);
    clear_qc();
    for (int i = 0; i < 16; i++) m[i] = (int8_t)sat((2 * a8[i] * b8[i]) >> 8, 8, 1);
    CMP_LANES(vqdmulhq_s8(va, vb), m, 16, l8);
    for (int i = 0; i < 16; i++) m[i] = (int8_t)sat((2 * a8[i] * b8[i] + 128) >> 8, 8, 1);
    CMP_LANES(vqrdmulhq_s8(va, vb), m, 16, l8);
    for (int i = 0; i < 16; i++) m[i] = (int8_t)sat(a8[i] < 0 ? -a8[i] : a8[i], 8, 1);
    CMP_LANES(vqabsq_s8(va), m, 16, l8);
    for (int i = 0; i < 16; i++) m[i] = (int8_t)(-a8[i]);
    CMP_LANES(vnegq_s8(va), m, 16, l8);
    for (int i = 0; i < 16; i++) {
        int n = 0;
        while (n < 8 && !((uint8_t)a8[i] & (0x80 >> n)))
            n++;
        m[i] = (int8_t)n;
    }
    CMP_LANES(vclzq_s8(va), m, 16, l8);
    for (int i = 0; i < 16; i++) {
        int n = 0;
        uint8_t x = (uint8_t)(a8[i] < 0 ? ~a8[i] : a8[i]);
        while (n < 7 && !(x & (0x40 >> n)))
            n++;
        m[i] = (int8_t)n;
    }
    CMP_LANES(vclsq_s8(va), m, 16, l8);

    /* widening multiplies: bottom (even) and top (odd) lanes */
    int16_t w[8];
    for (int i = 0; i < 8; i++) w[i] = (int16_t)(a8[2 * i] * b8[2 * i]);
    CMP_LANES(vmullbq_int_s8(va, vb), w, 8, l16);
    for (int i = 0; i < 8; i++) w[i] = (int16_t)((uint8_t)a8[2 * i + 1] * (uint8_t)b8[2 * i + 1]);
    CMP_LANES(vreinterpretq_s16_u16(vmulltq_int_u8(ua, ub)), w, 8, l16);
    for (int i = 0; i < 8; i++) w[i] = a8[2 * i + 1];
    CMP_LANES(vmovltq_s8(va), w, 8, l16);
    for (int i = 0; i < 8; i++) w[i] = (uint8_t)a8[2 * i];
    CMP_LANES(vreinterpretq_s16_u16(vmovlbq_u8(ua)), w, 8, l16);
    int8_t rev[16];
    for (int i = 0; i < 16; i++) rev[i] = a8[(i & ~7) + 7 - (i & 7)];
    CMP_LANES(vrev64q_s8(va), rev, 16, l8);
}

NOVEC static void test16(void)
{
    int16x8_t va = vld1q_s16(a16), vb = vld1q_s16(b16);
    uint16x8_t ua = vreinterpretq_u16_s16(va), ub = vreinterpretq_u16_s16(vb);
    int16_t m[8];
    uint16_t mu[8];
    int sat_expected = 0;

    for (int i = 0; i < 8; i++) m[i] = (int16_t)(a16[i] - b16[i]);
    CMP_LANES(vsubq_s16(va, vb), m, 8, l16);
    for (int i = 0; i < 8; i++) m[i] = (int16_t)(a16[i] * 1234);
    CMP_LANES(vmulq_n_s16(va, 1234), m, 8, l16);
    for (int i = 0; i < 8; i++) mu[i] = (uint16_t)((uint32_t)(uint16_t)a16[i] * (uint16_t)b16[i] >> 16);
    CMP_LANES(vmulhq_u16(ua, ub), mu, 8, lu16);
    for (int i = 0; i < 8; i++) m[i] = a16[i] > b16[i] ? a16[i] : b16[i];
    CMP_LANES(vmaxq_s16(va, vb), m, 8, l16);
    for (int i = 0; i < 8; i++) mu[i] = (uint16_t)(((uint16_t)a16[i] + (uint16_t)b16[i]) >> 1);
    CMP_LANES(vhaddq_u16(ua, ub), mu, 8, lu16);

    clear_qc();
    for (int i = 0; i < 8; i++) {
        int v = a16[i] - b16[i];
        m[i] = (int16_t)sat(v, 16, 1);
        sat_expected |= m[i] != v;
    }
    CMP_LANES(vqsubq_s16(va, vb), m, 8, l16);
    CHECK_EQ(qc(), sat_expected);
    clear_qc();
    sat_expected = 0;
    for (int i = 0; i < 8; i++) {
        int v = (uint16_t)a16[i] + (uint16_t)b16[i];
        mu[i] = (uint16_t)sat(v, 16, 0);
        sat_expected |= mu[i] != v;
    }
    CMP_LANES(vqaddq_u16(ua, ub), mu, 8, lu16);
    CHECK_EQ(qc(), sat_expected);
    for (int i = 0; i < 8; i++) m[i] = (int16_t)sat(((int64_t)2 * a16[i] * b16[i] + 32768) >> 16, 16, 1);
    CMP_LANES(vqrdmulhq_s16(va, vb), m, 8, l16);
    for (int i = 0; i < 8; i++) m[i] = (int16_t)sat(((int64_t)2 * a16[i] * -32768) >> 16, 16, 1);
    CMP_LANES(vqdmulhq_n_s16(va, -32768), m, 8, l16);
    for (int i = 0; i < 8; i++) m[i] = (int16_t)sat(-(int)a16[i], 16, 1);
    CMP_LANES(vqnegq_s16(va), m, 8, l16);

    /* widening to 32 bits, doubling with saturation */
    int32_t w[4];
    for (int i = 0; i < 4; i++) w[i] = (int32_t)sat(2LL * a16[2 * i] * b16[2 * i], 32, 1);
    CMP_LANES(vqdmullbq_s16(va, vb), w, 4, l32);
    for (int i = 0; i < 4; i++) w[i] = (int32_t)sat(2LL * a16[2 * i + 1] * -32768, 32, 1);
    CMP_LANES(vqdmulltq_n_s16(va, -32768), w, 4, l32);
    for (int i = 0; i < 4; i++) w[i] = a16[2 * i + 1] * b16[2 * i + 1];
    CMP_LANES(vmulltq_int_s16(va, vb), w, 4, l32);

    /* narrowing into the bottom/top halves of an existing vector */
    int32x4_t v32 = {INT32_MIN, 40000, -40000, 12345};
    int32_t src[4] = {INT32_MIN, 40000, -40000, 12345};
    for (int i = 0; i < 8; i++) m[i] = (i & 1) ? a16[i] : (int16_t)src[i / 2];
    CMP_LANES(vmovnbq_s32(va, v32), m, 8, l16);
    for (int i = 0; i < 8; i++) m[i] = (i & 1) ? (int16_t)sat(src[i / 2], 16, 1) : a16[i];
    CMP_LANES(vqmovntq_s32(va, v32), m, 8, l16);
    for (int i = 0; i < 8; i++) mu[i] = (i & 1) ? (uint16_t)a16[i] : (uint16_t)sat(src[i / 2], 16, 0);
    CMP_LANES(vqmovunbq_s32(ua, v32), mu, 8, lu16);

    /* complex add with rotation: pairs (re, im) */
    for (int i = 0; i < 8; i += 2) {
        m[i] = (int16_t)(a16[i] - b16[i + 1]);
        m[i + 1] = (int16_t)(a16[i + 1] + b16[i]);
    }
    CMP_LANES(vcaddq_rot90_s16(va, vb), m, 8, l16);
    for (int i = 0; i < 8; i += 2) {
        m[i] = (int16_t)((a16[i] + b16[i + 1]) >> 1);
        m[i + 1] = (int16_t)((a16[i + 1] - b16[i]) >> 1);
    }
    CMP_LANES(vhcaddq_rot270_s16(va, vb), m, 8, l16);
    int16_t rev[8];
    for (int i = 0; i < 8; i++) rev[i] = a16[i ^ 1];
    CMP_LANES(vrev32q_s16(va), rev, 8, l16);
}

NOVEC static void test32(void)
{
    int32x4_t va = vld1q_s32(a32), vb = vld1q_s32(b32);
    uint32x4_t ua = vreinterpretq_u32_s32(va), ub = vreinterpretq_u32_s32(vb);
    int32_t m[4];
    uint32_t mu[4];
    int sat_expected = 0;

    for (int i = 0; i < 4; i++) mu[i] = (uint32_t)a32[i] * (uint32_t)b32[i];
    CMP_LANES(vmulq_u32(ua, ub), mu, 4, lu32);
    for (int i = 0; i < 4; i++) m[i] = (int32_t)(((int64_t)a32[i] * b32[i]) >> 32);
    CMP_LANES(vmulhq_s32(va, vb), m, 4, l32);
    for (int i = 0; i < 4; i++) mu[i] = (uint32_t)(((uint64_t)(uint32_t)a32[i] * (uint32_t)b32[i] + 0x80000000u) >> 32);
    CMP_LANES(vrmulhq_u32(ua, ub), mu, 4, lu32);
    for (int i = 0; i < 4; i++) m[i] = (int32_t)(((int64_t)a32[i] - b32[i]) >> 1);
    CMP_LANES(vhsubq_s32(va, vb), m, 4, l32);
    for (int i = 0; i < 4; i++) mu[i] = (uint32_t)(a32[i] > b32[i] ? (int64_t)a32[i] - b32[i] : (int64_t)b32[i] - a32[i]);
    CMP_LANES(vreinterpretq_u32_s32(vabdq_s32(va, vb)), mu, 4, lu32);
    for (int i = 0; i < 4; i++) m[i] = a32[i] < b32[i] ? a32[i] : b32[i];
    CMP_LANES(vminq_s32(va, vb), m, 4, l32);

    clear_qc();
    for (int i = 0; i < 4; i++) {
        int64_t v = (int64_t)a32[i] + b32[i];
        m[i] = (int32_t)sat(v, 32, 1);
        sat_expected |= m[i] != v;
    }
    CMP_LANES(vqaddq_s32(va, vb), m, 4, l32);
    CHECK_EQ(qc(), sat_expected);
    clear_qc();
    for (int i = 0; i < 4; i++) m[i] = (int32_t)sat(((int64_t)2 * a32[i] * b32[i]) >> 32, 32, 1);
    CMP_LANES(vqdmulhq_s32(va, vb), m, 4, l32);
    for (int i = 0; i < 4; i++) m[i] = (int32_t)sat(a32[i] == INT32_MIN ? (int64_t)1 << 31 : (a32[i] < 0 ? -a32[i] : a32[i]), 32, 1);
    CMP_LANES(vqabsq_s32(va), m, 4, l32);
    for (int i = 0; i < 4; i++) m[i] = (int32_t)(a32[i] < 0 ? 0u - (uint32_t)a32[i] : (uint32_t)a32[i]);
    CMP_LANES(vabsq_s32(va), m, 4, l32);

    /* 64-bit results */
    int64_t w[2];
    uint64_t wu[2];
    for (int i = 0; i < 2; i++) w[i] = (int64_t)a32[2 * i] * b32[2 * i];
    CMP_LANES(vmullbq_int_s32(va, vb), w, 2, l64);
    for (int i = 0; i < 2; i++) wu[i] = (uint64_t)(uint32_t)a32[2 * i + 1] * (uint32_t)b32[2 * i + 1];
    CMP_LANES(vmulltq_int_u32(ua, ub), wu, 2, lu64);
    for (int i = 0; i < 2; i++) {
        int64_t p = (int64_t)a32[2 * i] * b32[2 * i];   /* 2p overflows only for MIN*MIN */
        w[i] = p == (int64_t)1 << 62 ? INT64_MAX : 2 * p;
    }
    CMP_LANES(vqdmullbq_s32(va, vb), w, 2, l64);

    /* add/subtract with carry across lanes, carry in and out of FPSCR.C */
    unsigned carry = 1;
    int32x4_t s = vadciq_s32(va, vb, &carry);
    uint64_t c = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t t = (uint64_t)(uint32_t)a32[i] + (uint32_t)b32[i] + c;
        mu[i] = (uint32_t)t;
        c = t >> 32;
    }
    CMP_LANES(vreinterpretq_u32_s32(s), mu, 4, lu32);
    CHECK_EQ(carry, c);
    carry = 0;
    uint32x4_t d = vsbcq_u32(ua, ub, &carry);
    c = 0;   /* borrow-in = NOT carry */
    uint64_t borrow = 1;
    for (int i = 0; i < 4; i++) {
        uint64_t t = (uint64_t)(uint32_t)a32[i] + (uint32_t)~b32[i] + (1 - borrow);
        mu[i] = (uint32_t)t;
        borrow = 1 - (t >> 32);
    }
    CMP_LANES(d, mu, 4, lu32);
    CHECK_EQ(carry, 1 - borrow);

    /* bit reverse the low Rm bits of each lane */
    for (int i = 0; i < 4; i++) {
        uint32_t x = (uint32_t)a32[i], r = 0;
        for (int k = 0; k < 12; k++)
            r |= ((x >> k) & 1u) << (11 - k);
        mu[i] = r;
    }
    CMP_LANES(vbrsrq_n_u32(ua, 12), mu, 4, lu32);
}

int main(void)
{
    uint32_t seed = 0x1234567u;
    for (int round = 0; round < 40; round++) {
        fill(&seed);
        test8();
        test16();
        test32();
    }
    /* fixed edges, printed */
    int32x4_t mn = vdupq_n_s32(INT32_MIN), mx = vdupq_n_s32(INT32_MAX);
    /* the empty asm makes the result exist before FPSCR is read (GCC does
     * not know that the saturating instructions write QC) */
    clear_qc();
    int32x4_t q1 = vqrdmulhq_s32(mn, mn);
    __asm__ volatile("" : "+w"(q1)::"memory");
    int q1_qc = qc();
    clear_qc();
    int32x4_t q2 = vqsubq_s32(mn, mx);
    __asm__ volatile("" : "+w"(q2)::"memory");
    int32x4_t wide = {INT32_MAX, INT32_MIN, 70000, -70000};
    int16x8_t n16 = vqmovnbq_s32(vdupq_n_s16(7), wide);
    (void)mx;
    printf("vqrdmulh(MIN,MIN)=%ld qc=%d vqsub(MIN,MAX)=%ld qc=%d\n", (long)vgetq_lane_s32(q1, 2), q1_qc,
           (long)vgetq_lane_s32(q2, 1), qc());
    CHECK_EQ(vgetq_lane_s32(q1, 2), INT32_MAX);
    CHECK_EQ(q1_qc, 1);
    CHECK_EQ(vgetq_lane_s32(q2, 1), INT32_MIN);
    printf("vqmovnb: %d %d %d %d %d\n", vgetq_lane_s16(n16, 0), vgetq_lane_s16(n16, 1), vgetq_lane_s16(n16, 2),
           vgetq_lane_s16(n16, 4), vgetq_lane_s16(n16, 6));
    CHECK(vgetq_lane_s16(n16, 0) == 32767 && vgetq_lane_s16(n16, 1) == 7 && vgetq_lane_s16(n16, 2) == -32768 &&
          vgetq_lane_s16(n16, 4) == 32767 && vgetq_lane_s16(n16, 6) == -32768);
    printf("hash %08lx, %d lane mismatches\n", (unsigned long)hash, bad);
    CHECK_EQ(bad, 0);
    return check_done("mve_int_arith");
}
