/* Helium (MVE) predication and memory access through <arm_mve.h>:
 *   predication: VCTP 8/16/32/64, compares to predicates (VCMP, scalar
 *   forms), VPSEL, VPNOT, _m (merge), _x (don't care, checked only where
 *   defined) and _z (zeroing) variants, which GCC turns into VPST/VPT blocks,
 *   and tail-predicated loops (VCTP in a loop, DLSTP/LETP at -O2);
 *   memory: widening loads (VLDRB.S16/U32, VLDRH.S32), narrowing stores
 *   (VSTRB.16/32, VSTRH.32), predicated loads/stores, gathers and scatters
 *   (byte/halfword/word/doubleword offsets, shifted offsets, vector base
 *   with immediate and write-back), VLD2/VLD4 and VST2/VST4.
 * Every result is checked against a scalar model; a hash is printed.
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

#define EXPECT(got, want)                                                                    \
    do {                                                                                     \
        if ((got) != (want)) {                                                               \
            bad++;                                                                           \
            if (bad < 10)                                                                    \
                printf("mismatch line %d: %ld want %ld\n", __LINE__, (long)(got), (long)(want)); \
        }                                                                                    \
    } while (0)

static int8_t src8[256] __attribute__((aligned(16)));
static int16_t src16[128] __attribute__((aligned(16)));
static int32_t src32[64] __attribute__((aligned(16)));
static int64_t src64[32] __attribute__((aligned(16)));
static int32_t dst32[64] __attribute__((aligned(16)));
static int16_t dst16[128] __attribute__((aligned(16)));
static int8_t dst8[256] __attribute__((aligned(16)));

NOVEC static void predication(uint32_t *seed)
{
    int32_t a[4], b[4], t[4];
    for (int i = 0; i < 4; i++) {
        a[i] = (int32_t)check_rand(seed) >> 20;
        b[i] = (int32_t)check_rand(seed) >> 20;
    }
    int32x4_t va = vld1q_s32(a), vb = vld1q_s32(b);

    for (unsigned n = 0; n <= 17; n++) {
        mve_pred16_t p8 = vctp8q(n), p16 = vctp16q(n), p32 = vctp32q(n), p64 = vctp64q(n);
        EXPECT(p8, n >= 16 ? 0xFFFF : (1u << n) - 1);
        EXPECT(p16, n >= 8 ? 0xFFFF : (1u << (2 * n)) - 1);
        EXPECT(p32, n >= 4 ? 0xFFFF : (1u << (4 * n)) - 1);
        EXPECT(p64, n >= 2 ? 0xFFFF : (1u << (8 * n)) - 1);
        fold(&p8, 2);
    }

    mve_pred16_t gt = vcmpgtq_s32(va, vb);
    mve_pred16_t want = 0;
    for (int i = 0; i < 4; i++)
        want |= (a[i] > b[i] ? 0xFu : 0u) << (4 * i);
    EXPECT(gt, want);
    unsigned notgt = vpnot(gt);
    EXPECT(notgt, 0xFFFFu ^ want);
    mve_pred16_t le5 = vcmpleq_n_s32(va, 5);
    want = 0;
    for (int i = 0; i < 4; i++)
        want |= (a[i] <= 5 ? 0xFu : 0u) << (4 * i);
    EXPECT(le5, want);

    /* merge, zero and select under the predicate */
    vst1q_s32(t, vaddq_m_s32(vb, va, vb, gt));
    for (int i = 0; i < 4; i++) EXPECT(t[i], a[i] > b[i] ? a[i] + b[i] : b[i]);
    vst1q_s32(t, vmulq_m_n_s32(va, vb, 3, le5));
    for (int i = 0; i < 4; i++) EXPECT(t[i], a[i] <= 5 ? b[i] * 3 : a[i]);
    vst1q_s32(t, vpselq_s32(va, vb, gt));
    for (int i = 0; i < 4; i++) EXPECT(t[i], a[i] > b[i] ? a[i] : b[i]);
    vst1q_s32(t, vld1q_z_s32(src32 + 4, le5));
    for (int i = 0; i < 4; i++) EXPECT(t[i], a[i] <= 5 ? src32[4 + i] : 0);
    int32_t sum = vaddvq_p_s32(va, gt);
    int32_t ws = 0;
    for (int i = 0; i < 4; i++) ws += a[i] > b[i] ? a[i] : 0;
    EXPECT(sum, ws);
    /* predicate on byte lanes of a 16-bit compare, used on 8-bit data */
    int16x8_t h = vld1q_s16(src16);
    mve_pred16_t neg = vcmpltq_n_s16(h, 0);
    int8x16_t bytes = vld1q_s8(src8);
    int8x16_t r = vnegq_m_s8(bytes, bytes, neg);
    int8_t rb[16];
    vst1q_s8(rb, r);
    for (int i = 0; i < 16; i++) EXPECT(rb[i], src16[i / 2] < 0 ? (int8_t)-src8[i] : src8[i]);
    /* _x variant: the active lanes are defined */
    vst1q_s32(t, vsubq_x_s32(va, vb, gt));
    for (int i = 0; i < 4; i++)
        if (a[i] > b[i])
            EXPECT(t[i], a[i] - b[i]);
    fold(rb, 16);
    fold(&sum, 4);
}

/* A tail-predicated loop, the way CMSIS-NN writes them. */
NOVEC static int32_t scaled_copy(int16_t *dst, const int8_t *src, int n, int16_t k)
{
    int32_t acc = 0;
    while (n > 0) {
        mve_pred16_t p = vctp16q((uint32_t)n);
        int16x8_t v = vldrbq_z_s16(src, p);         /* widening load */
        v = vmulq_x_n_s16(v, k, p);
        vst1q_p_s16(dst, v, p);
        acc = vaddvaq_p_s16(acc, v, p);
        src += 8;
        dst += 8;
        n -= 8;
    }
    return acc;
}

NOVEC static void memory(uint32_t *seed)
{
    /* widening loads, narrowing stores */
    int16_t h[8];
    int32_t w[4];
    vst1q_s16(h, vldrbq_s16(src8 + 3));
    for (int i = 0; i < 8; i++) EXPECT(h[i], src8[3 + i]);
    vst1q_s32(w, vreinterpretq_s32_u32(vldrbq_u32((const uint8_t *)src8 + 9)));
    for (int i = 0; i < 4; i++) EXPECT(w[i], (uint8_t)src8[9 + i]);
    vst1q_s32(w, vldrhq_s32(src16 + 5));
    for (int i = 0; i < 4; i++) EXPECT(w[i], src16[5 + i]);
    memset(dst8, 0x77, sizeof dst8);
    vstrbq_s32(dst8 + 1, vld1q_s32(src32));
    vstrbq_s16(dst8 + 20, vld1q_s16(src16));
    for (int i = 0; i < 4; i++) EXPECT(dst8[1 + i], (int8_t)src32[i]);
    for (int i = 0; i < 8; i++) EXPECT(dst8[20 + i], (int8_t)src16[i]);
    EXPECT(dst8[0], 0x77);
    EXPECT(dst8[5], 0x77);
    vstrhq_s32(dst16 + 3, vld1q_s32(src32 + 8));
    for (int i = 0; i < 4; i++) EXPECT(dst16[3 + i], (int16_t)src32[8 + i]);

    /* gathers */
    uint32_t o[4];
    for (int i = 0; i < 4; i++) o[i] = check_rand(seed) % 60;
    uint32x4_t vo = vld1q_u32(o);
    vst1q_s32(w, vldrwq_gather_shifted_offset_s32(src32, vo));
    for (int i = 0; i < 4; i++) EXPECT(w[i], src32[o[i]]);
    vst1q_s32(w, vldrhq_gather_shifted_offset_s32(src16, vo));
    for (int i = 0; i < 4; i++) EXPECT(w[i], src16[o[i]]);
    vst1q_s32(w, vldrbq_gather_offset_s32(src8, vo));
    for (int i = 0; i < 4; i++) EXPECT(w[i], src8[o[i]]);
    uint8_t ob[16];
    for (int i = 0; i < 16; i++) ob[i] = (uint8_t)check_rand(seed);
    int8x16_t g8 = vldrbq_gather_offset_s8(src8, vld1q_u8(ob));
    int8_t g8a[16];
    vst1q_s8(g8a, g8);
    for (int i = 0; i < 16; i++) EXPECT(g8a[i], src8[ob[i]]);
    uint16_t oh[8];
    for (int i = 0; i < 8; i++) oh[i] = (uint16_t)(check_rand(seed) % 128);
    vst1q_s16(h, vldrhq_gather_shifted_offset_s16(src16, vld1q_u16(oh)));
    for (int i = 0; i < 8; i++) EXPECT(h[i], src16[oh[i]]);
    uint64x2_t od = {check_rand(seed) % 32, check_rand(seed) % 32};
    int64x2_t g64 = vldrdq_gather_shifted_offset_s64(src64, od);
    EXPECT(vgetq_lane_s64(g64, 0) == src64[vgetq_lane_u64(od, 0)], 1);
    EXPECT(vgetq_lane_s64(g64, 1) == src64[vgetq_lane_u64(od, 1)], 1);
    /* vector of addresses, immediate offset, write-back */
    uint32x4_t addr = {(uint32_t)(uintptr_t)&src32[0], (uint32_t)(uintptr_t)&src32[10],
                       (uint32_t)(uintptr_t)&src32[20], (uint32_t)(uintptr_t)&src32[30]};
    int32x4_t gb = vldrwq_gather_base_s32(addr, 8);
    for (int i = 0; i < 4; i++) EXPECT(vgetq_lane_s32(gb, 0), src32[2]);
    EXPECT(vgetq_lane_s32(gb, 3), src32[32]);
    int32x4_t gw = vldrwq_gather_base_wb_s32(&addr, 16);
    EXPECT(vgetq_lane_s32(gw, 1), src32[14]);
    EXPECT(vgetq_lane_u32(addr, 2), (uint32_t)(uintptr_t)&src32[24]);
    /* scatters, predicated */
    memset(dst32, 0, sizeof dst32);
    int32x4_t vals = {11, 22, 33, 44};
    uint32x4_t so = {0, 7, 3, 60};
    /* the predicate comes through a volatile: GCC 12 at -O2/-Os materialises
     * the constant 0xF0F0 for VMSR P0 as "mov r3, #-16" (0xFFF0) */
    static volatile uint16_t pmask = 0xF0F0;
    vstrwq_scatter_shifted_offset_p_s32(dst32, so, vals, pmask);
    EXPECT(dst32[0], 0);
    EXPECT(dst32[7], 22);
    EXPECT(dst32[3], 0);
    EXPECT(dst32[60], 44);
    vstrhq_scatter_offset_s32(dst16, vmulq_n_u32(so, 2), vals);
    EXPECT(dst16[7], 22);
    EXPECT(dst16[60], 44);

    /* interleaved */
    int16x8x2_t p2 = vld2q_s16(src16);
    vst1q_s16(h, p2.val[1]);
    for (int i = 0; i < 8; i++) EXPECT(h[i], src16[2 * i + 1]);
    int8x16x4_t p4 = vld4q_s8(src8);
    int8_t b4[16];
    vst1q_s8(b4, p4.val[2]);
    for (int i = 0; i < 16; i++) EXPECT(b4[i], src8[4 * i + 2]);
    vst4q_s8(dst8, p4);
    for (int i = 0; i < 64; i++) EXPECT(dst8[i], src8[i]);
    int32x4x2_t q2 = vld2q_s32(src32);
    vst2q_s32(dst32, q2);
    for (int i = 0; i < 8; i++) EXPECT(dst32[i], src32[i]);

    /* tail-predicated loop, every length */
    for (int n = 0; n <= 40; n++) {
        memset(dst16, 0x55, sizeof dst16);
        int32_t acc = scaled_copy(dst16, src8, n, -3), want = 0;
        for (int i = 0; i < 48; i++) {
            int16_t v = (int16_t)(src8[i] * -3);
            if (i < n) {
                EXPECT(dst16[i], v);
                want += v;
            } else {
                EXPECT(dst16[i], 0x5555);
            }
        }
        EXPECT(acc, want);
        fold(dst16, 96);
    }
    fold(dst8, sizeof dst8);
    fold(dst32, sizeof dst32);
}

int main(void)
{
    uint32_t seed = 0xBEEF01u;
    for (int round = 0; round < 8; round++) {
        for (int i = 0; i < 256; i++) src8[i] = (int8_t)check_rand(&seed);
        for (int i = 0; i < 128; i++) src16[i] = (int16_t)check_rand(&seed);
        for (int i = 0; i < 64; i++) src32[i] = (int32_t)check_rand(&seed);
        for (int i = 0; i < 32; i++) src64[i] = (int64_t)((uint64_t)check_rand(&seed) << 32 | check_rand(&seed));
        predication(&seed);
        memory(&seed);
    }
    printf("hash %08lx, %d mismatches\n", (unsigned long)hash, bad);
    CHECK_EQ(bad, 0);
    return check_done("mve_pred_mem");
}
