/* Helium integer instructions (isa/exec_mve_int.c): every instruction,
 * element size and signedness against a reference written here from the
 * Arm ARM pseudocode, on edge-value vectors; literal saturation and
 * rounding edges; FPSCR.QC; VPT and tail predication; reductions; the
 * decoder refusing what is not ours.
 *
 * The whole instruction set was also compared with QEMU 7.2 (mps3-an547)
 * on ~50,000 random operands, unpredicated and under VPST, every result
 * register, general register and FPSCR equal. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../isa/fp_ops.h"
#include "../../isa/insn.h"
#include "harness.h"

/* ------------------------------------------------------------------ */
/* Harness                                                             */

static tcpu_t *mv_new(void)
{
    tcpu_t *t = tcpu_new();
    t->cpu->control |= CONTROL_FPCA;   /* keep our FPSCR (no FPDSCR reload) */
    t->cpu->fpscr = 0;
    return t;
}

static void run_ok(tcpu_t *t, const char *src)
{
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "did not complete: %s", src);
}

static void setq(tcpu_t *t, unsigned q, const uint8_t *b) { memcpy(&t->cpu->fp.b[16 * q], b, 16); }
static const uint8_t *getq(const tcpu_t *t, unsigned q) { return &t->cpu->fp.b[16 * q]; }

static void setq32(tcpu_t *t, unsigned q, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    uint32_t *s = &t->cpu->fp.s[4 * q];
    s[0] = a; s[1] = b; s[2] = c; s[3] = d;
}

static uint32_t q32(const tcpu_t *t, unsigned q, unsigned e) { return t->cpu->fp.s[4 * q + e]; }
static uint16_t q16(const tcpu_t *t, unsigned q, unsigned e) { return t->cpu->fp.h[8 * q + e]; }
static uint8_t q8(const tcpu_t *t, unsigned q, unsigned e) { return t->cpu->fp.b[16 * q + e]; }
static bool qc(const tcpu_t *t) { return (t->cpu->fpscr & FPSCR_QC) != 0; }

static void fill16(tcpu_t *t, unsigned q, uint16_t v) { for (unsigned e = 0; e < 8; e++) t->cpu->fp.h[8 * q + e] = v; }
static void fill8(tcpu_t *t, unsigned q, uint8_t v) { memset(&t->cpu->fp.b[16 * q], v, 16); }

/* Element e of size es bytes, sign- or zero-extended. */
static int64_t el(const uint8_t *v, unsigned e, unsigned es, bool u)
{
    uint64_t x = 0;
    memcpy(&x, v + e * es, es);
    if (!u && es < 8 && (x >> (8 * es - 1)) & 1u)
        x |= ~0ull << (8 * es);
    return (int64_t)x;
}

static uint64_t trunc_to(int64_t x, unsigned es)
{
    return es >= 8 ? (uint64_t)x : (uint64_t)x & ((1ull << (8 * es)) - 1u);
}

/* Operand sets: edge values at every size, then a pseudo-random one. */
static const uint8_t set_a[3][16] = {
    {0x00, 0x01, 0x7F, 0x80, 0xFF, 0xFE, 0x81, 0x40, 0xC0, 0x3F, 0x02, 0xFD, 0x10, 0xF0, 0x55, 0xAA},
    {0x00, 0x80, 0xFF, 0x7F, 0x00, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0xFF, 0x7F, 0x01, 0x00, 0x00, 0x00},
    {0x3C, 0x91, 0xE7, 0x05, 0x6B, 0xD2, 0x48, 0xAF, 0x13, 0x8E, 0x77, 0xC4, 0x29, 0xF6, 0x5A, 0xB0},
};
static const uint8_t set_b[3][16] = {
    {0x80, 0x7F, 0x01, 0xFF, 0x80, 0x02, 0x81, 0xC0, 0x40, 0x00, 0xFF, 0x7E, 0xF0, 0x10, 0xAA, 0x55},
    {0x00, 0x80, 0xFF, 0x7F, 0x00, 0x80, 0x00, 0x80, 0x01, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0xFF, 0x7F},
    {0xA1, 0x3E, 0x72, 0xD9, 0x04, 0x8B, 0xEE, 0x17, 0x60, 0xC5, 0x2D, 0x99, 0xF1, 0x0A, 0x83, 0x4C},
};
static const uint8_t set_d[16] = {0xD0, 0x0D, 0x5E, 0xE5, 0x77, 0x88, 0x01, 0xFE, 0x7F, 0x80, 0x33, 0xCC, 0x00, 0xFF, 0x12, 0x21};
static const uint32_t set_r[3] = {0x80000000u, 0x7FFF7F81u, 0xFFFFFF05u};
/* Shift amounts: one per element size, as signed bytes in -40..40. */
static const uint8_t set_sh[3][16] = {
    {0, 1, 0xFF, 7, 8, 9, 0xF8, 0xF7, 15, 16, 17, 0xF0, 31, 32, 0xE0, 33},
    {3, 0xFD, 5, 0xFB, 0x0C, 0xF4, 0x14, 0xEC, 0x1E, 0xE2, 0x28, 0xD8, 2, 0xFE, 4, 0xFC},
    {0xE7, 0x19, 0x06, 0xFA, 0x0A, 0xF6, 0x12, 0xEE, 0x1F, 0xE1, 0x21, 0xDF, 0x01, 0x0B, 0xF5, 0x00},
};

enum form { F_VEC, F_REG, F_ONE, F_SHVEC, F_SHREG };

/* ref(d, a, b, bits, u, &sat): the untruncated result of one element. */
typedef int64_t (*ref_t)(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *sat);

/* Run "mn{.dt} q0, q1, q2" (or the form's operands) on the operand sets
 * and compare every element and QC with ref. */
static void check(const char *mn, unsigned es, bool u, enum form f, ref_t ref)
{
    for (unsigned k = 0; k < 3; k++) {
        tcpu_t *t = mv_new();
        char src[96];
        const uint8_t *bsrc = (f == F_SHVEC) ? set_sh[k] : set_b[k];
        uint32_t r2 = (f == F_SHREG) ? (uint32_t)(int8_t)set_sh[k][3 * k + 1] : set_r[k];
        setq(t, 0, set_d);
        setq(t, 1, set_a[k]);
        setq(t, 2, bsrc);
        t->cpu->r[2] = r2;
        switch (f) {
        case F_VEC: case F_SHVEC: snprintf(src, sizeof src, "%s q0, q1, q2", mn); break;
        case F_REG: snprintf(src, sizeof src, "%s q0, q1, r2", mn); break;
        case F_ONE: snprintf(src, sizeof src, "%s q0, q1", mn); break;
        case F_SHREG: setq(t, 0, set_a[k]); snprintf(src, sizeof src, "%s q0, r2", mn); break;
        }
        run_ok(t, src);
        int sat = 0;
        for (unsigned e = 0; e < 16 / es; e++) {
            int64_t d = el(set_d, e, es, u), a = el(set_a[k], e, es, u);
            int64_t b = (f == F_REG || f == F_SHREG) ? el((const uint8_t *)&r2, 0, es, u) : el(bsrc, e, es, u);
            if (f == F_SHREG)
                d = a;
            uint64_t want = trunc_to(ref(d, a, b, 8 * es, u, &sat), es);
            uint64_t got = (uint64_t)el(getq(t, 0), e, es, true);
            cr_assert_eq(got, want, "%s set %u element %u: got %#llx want %#llx (a %lld b %lld d %lld)", src, k, e,
                         (unsigned long long)got, (unsigned long long)want, (long long)a, (long long)b, (long long)d);
        }
        cr_assert_eq(qc(t), sat != 0, "%s set %u: QC %d want %d", src, k, qc(t), sat);
        tcpu_free(t);
    }
}

/* ------------------------------------------------------------------ */
/* Reference semantics                                                 */

static int64_t smax(unsigned bits) { return (1ll << (bits - 1)) - 1; }
static int64_t ssat(int64_t v, unsigned bits, int *sat)
{
    if (v > smax(bits)) { *sat = 1; return smax(bits); }
    if (v < -smax(bits) - 1) { *sat = 1; return -smax(bits) - 1; }
    return v;
}
static int64_t usat(int64_t v, unsigned bits, int *sat)
{
    int64_t hi = (int64_t)((1ull << bits) - 1);
    if (v > hi) { *sat = 1; return hi; }
    if (v < 0) { *sat = 1; return 0; }
    return v;
}
static int64_t anysat(int64_t v, unsigned bits, bool u, int *sat) { return u ? usat(v, bits, sat) : ssat(v, bits, sat); }

static int64_t r_add(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return a + b; }
static int64_t r_sub(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return a - b; }
static int64_t r_mul(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static int64_t r_mulh(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s)
{
    return u ? (int64_t)(((uint64_t)a * (uint64_t)b) >> bits) : (a * b) >> bits;
}
static int64_t r_rmulh(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s)
{
    return u ? (int64_t)(((uint64_t)a * (uint64_t)b + (1ull << (bits - 1))) >> bits) : (a * b + (1ll << (bits - 1))) >> bits;
}
static int64_t r_max(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return a > b ? a : b; }
static int64_t r_min(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return a < b ? a : b; }
static int64_t r_abd(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return a > b ? a - b : b - a; }
static int64_t r_hadd(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return (a + b) >> 1; }
static int64_t r_rhadd(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return (a + b + 1) >> 1; }
static int64_t r_hsub(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return (a - b) >> 1; }
static int64_t r_qadd(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return anysat(a + b, bits, u, s); }
static int64_t r_qsub(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return anysat(a - b, bits, u, s); }
/* 2*a*b >> bits without overflow: for 32 bits 2*a*b reaches 2^63. */
static int64_t dmulh(int64_t a, int64_t b, int64_t c, unsigned bits, bool round, int *s)
{
    long double p = 2.0L * (long double)a * (long double)b + (round ? (long double)(1ll << (bits - 1)) : 0);
    p = p / (long double)(1ll << bits) + (long double)c;
    int64_t f = (int64_t)p;
    if ((long double)f > p)
        f--;                              /* floor */
    return ssat(f, bits, s);
}
static int64_t r_qdmulh(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return dmulh(a, b, 0, bits, false, s); }
static int64_t r_qrdmulh(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return dmulh(a, b, 0, bits, true, s); }
static int64_t r_qdmlah(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return dmulh(a, b, d, bits, false, s); }
static int64_t r_qrdmlah(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return dmulh(a, b, d, bits, true, s); }
static int64_t r_qdmlash(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return dmulh(a, d, b, bits, false, s); }
static int64_t r_qrdmlash(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return dmulh(a, d, b, bits, true, s); }
static int64_t r_mla(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return (int64_t)((uint64_t)d + (uint64_t)a * (uint64_t)b); }
static int64_t r_mlas(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return (int64_t)((uint64_t)d * (uint64_t)a + (uint64_t)b); }

/* Shifts, the pseudocode way: exact value, then round / saturate. */
static int64_t shift_ref(int64_t a, int64_t b, unsigned bits, bool u, bool round, bool sat, int *s)
{
    int sh = (int8_t)(uint8_t)b;
    int64_t r;
    if (sh >= 0 && !sat) {
        r = sh < 64 ? (int64_t)((uint64_t)a << sh) : 0;
    } else if (sh >= 0) {
        long double v = (long double)a;    /* exact: |a| < 2^32, sh <= 42 */
        for (int i = 0; i < sh; i++)
            v *= 2;
        return v > 4e18L ? anysat(INT64_MAX, bits, u, s) : v < -4e18L ? anysat(INT64_MIN, bits, u, s)
                                                          : anysat((int64_t)v, bits, u, s);
    } else if (round) {
        r = -sh > 62 ? 0 : (a + (1ll << (-sh - 1))) >> -sh;
    } else {
        r = a >> (-sh > 63 ? 63 : -sh);
    }
    return sat ? anysat(r, bits, u, s) : r;
}
static int64_t r_shl(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return shift_ref(a, b, bits, u, false, false, s); }
static int64_t r_rshl(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return shift_ref(a, b, bits, u, true, false, s); }
static int64_t r_qshl(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return shift_ref(a, b, bits, u, false, true, s); }
static int64_t r_qrshl(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return shift_ref(a, b, bits, u, true, true, s); }

static int64_t r_abs(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return a < 0 ? -a : a; }
static int64_t r_neg(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return -a; }
static int64_t r_qabs(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return ssat(a < 0 ? -a : a, bits, s); }
static int64_t r_qneg(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s) { return ssat(-a, bits, s); }
static int64_t r_clz(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s)
{
    int64_t n = 0;
    for (int i = (int)bits - 1; i >= 0 && !((a >> i) & 1); i--)
        n++;
    return n;
}
static int64_t r_cls(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s)
{
    int64_t n = 0, sign = (a >> (bits - 1)) & 1;
    for (int i = (int)bits - 2; i >= 0 && ((a >> i) & 1) == sign; i--)
        n++;
    return n;
}
static int64_t r_maxa(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s)
{
    int64_t du = d & (int64_t)((1ull << bits) - 1), aa = a < 0 ? -a : a;
    return aa > du ? aa : du;
}
static int64_t r_mina(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s)
{
    int64_t du = d & (int64_t)((1ull << bits) - 1), aa = a < 0 ? -a : a;
    return aa < du ? aa : du;
}

/* ------------------------------------------------------------------ */
/* Element-wise, two vectors: every size and signedness                 */

Test(mve_int, vadd) { check("vadd.i8", 1, false, F_VEC, r_add); check("vadd.i16", 2, false, F_VEC, r_add); check("vadd.i32", 4, false, F_VEC, r_add); }
Test(mve_int, vsub) { check("vsub.i8", 1, false, F_VEC, r_sub); check("vsub.i16", 2, false, F_VEC, r_sub); check("vsub.i32", 4, false, F_VEC, r_sub); }
Test(mve_int, vmul) { check("vmul.i8", 1, false, F_VEC, r_mul); check("vmul.i16", 2, false, F_VEC, r_mul); check("vmul.i32", 4, false, F_VEC, r_mul); }
Test(mve_int, vmulh_s) { check("vmulh.s8", 1, false, F_VEC, r_mulh); check("vmulh.s16", 2, false, F_VEC, r_mulh); check("vmulh.s32", 4, false, F_VEC, r_mulh); }
Test(mve_int, vmulh_u) { check("vmulh.u8", 1, true, F_VEC, r_mulh); check("vmulh.u16", 2, true, F_VEC, r_mulh); check("vmulh.u32", 4, true, F_VEC, r_mulh); }
Test(mve_int, vrmulh_s) { check("vrmulh.s8", 1, false, F_VEC, r_rmulh); check("vrmulh.s16", 2, false, F_VEC, r_rmulh); check("vrmulh.s32", 4, false, F_VEC, r_rmulh); }
Test(mve_int, vrmulh_u) { check("vrmulh.u8", 1, true, F_VEC, r_rmulh); check("vrmulh.u16", 2, true, F_VEC, r_rmulh); check("vrmulh.u32", 4, true, F_VEC, r_rmulh); }
Test(mve_int, vmax_s) { check("vmax.s8", 1, false, F_VEC, r_max); check("vmax.s16", 2, false, F_VEC, r_max); check("vmax.s32", 4, false, F_VEC, r_max); }
Test(mve_int, vmax_u) { check("vmax.u8", 1, true, F_VEC, r_max); check("vmax.u16", 2, true, F_VEC, r_max); check("vmax.u32", 4, true, F_VEC, r_max); }
Test(mve_int, vmin_s) { check("vmin.s8", 1, false, F_VEC, r_min); check("vmin.s16", 2, false, F_VEC, r_min); check("vmin.s32", 4, false, F_VEC, r_min); }
Test(mve_int, vmin_u) { check("vmin.u8", 1, true, F_VEC, r_min); check("vmin.u16", 2, true, F_VEC, r_min); check("vmin.u32", 4, true, F_VEC, r_min); }
Test(mve_int, vabd_s) { check("vabd.s8", 1, false, F_VEC, r_abd); check("vabd.s16", 2, false, F_VEC, r_abd); check("vabd.s32", 4, false, F_VEC, r_abd); }
Test(mve_int, vabd_u) { check("vabd.u8", 1, true, F_VEC, r_abd); check("vabd.u16", 2, true, F_VEC, r_abd); check("vabd.u32", 4, true, F_VEC, r_abd); }
Test(mve_int, vhadd_s) { check("vhadd.s8", 1, false, F_VEC, r_hadd); check("vhadd.s16", 2, false, F_VEC, r_hadd); check("vhadd.s32", 4, false, F_VEC, r_hadd); }
Test(mve_int, vhadd_u) { check("vhadd.u8", 1, true, F_VEC, r_hadd); check("vhadd.u16", 2, true, F_VEC, r_hadd); check("vhadd.u32", 4, true, F_VEC, r_hadd); }
Test(mve_int, vrhadd_s) { check("vrhadd.s8", 1, false, F_VEC, r_rhadd); check("vrhadd.s16", 2, false, F_VEC, r_rhadd); check("vrhadd.s32", 4, false, F_VEC, r_rhadd); }
Test(mve_int, vrhadd_u) { check("vrhadd.u8", 1, true, F_VEC, r_rhadd); check("vrhadd.u16", 2, true, F_VEC, r_rhadd); check("vrhadd.u32", 4, true, F_VEC, r_rhadd); }
Test(mve_int, vhsub_s) { check("vhsub.s8", 1, false, F_VEC, r_hsub); check("vhsub.s16", 2, false, F_VEC, r_hsub); check("vhsub.s32", 4, false, F_VEC, r_hsub); }
Test(mve_int, vhsub_u) { check("vhsub.u8", 1, true, F_VEC, r_hsub); check("vhsub.u16", 2, true, F_VEC, r_hsub); check("vhsub.u32", 4, true, F_VEC, r_hsub); }
Test(mve_int, vqadd_s) { check("vqadd.s8", 1, false, F_VEC, r_qadd); check("vqadd.s16", 2, false, F_VEC, r_qadd); check("vqadd.s32", 4, false, F_VEC, r_qadd); }
Test(mve_int, vqadd_u) { check("vqadd.u8", 1, true, F_VEC, r_qadd); check("vqadd.u16", 2, true, F_VEC, r_qadd); check("vqadd.u32", 4, true, F_VEC, r_qadd); }
Test(mve_int, vqsub_s) { check("vqsub.s8", 1, false, F_VEC, r_qsub); check("vqsub.s16", 2, false, F_VEC, r_qsub); check("vqsub.s32", 4, false, F_VEC, r_qsub); }
Test(mve_int, vqsub_u) { check("vqsub.u8", 1, true, F_VEC, r_qsub); check("vqsub.u16", 2, true, F_VEC, r_qsub); check("vqsub.u32", 4, true, F_VEC, r_qsub); }
Test(mve_int, vqdmulh) { check("vqdmulh.s8", 1, false, F_VEC, r_qdmulh); check("vqdmulh.s16", 2, false, F_VEC, r_qdmulh); check("vqdmulh.s32", 4, false, F_VEC, r_qdmulh); }
Test(mve_int, vqrdmulh) { check("vqrdmulh.s8", 1, false, F_VEC, r_qrdmulh); check("vqrdmulh.s16", 2, false, F_VEC, r_qrdmulh); check("vqrdmulh.s32", 4, false, F_VEC, r_qrdmulh); }

/* Shifts by a vector: Qd = Qm shifted by Qn (assembly order Qd, Qm, Qn). */
Test(mve_int, vshl_vec_s) { check("vshl.s8", 1, false, F_SHVEC, r_shl); check("vshl.s16", 2, false, F_SHVEC, r_shl); check("vshl.s32", 4, false, F_SHVEC, r_shl); }
Test(mve_int, vshl_vec_u) { check("vshl.u8", 1, true, F_SHVEC, r_shl); check("vshl.u16", 2, true, F_SHVEC, r_shl); check("vshl.u32", 4, true, F_SHVEC, r_shl); }
Test(mve_int, vrshl_vec_s) { check("vrshl.s8", 1, false, F_SHVEC, r_rshl); check("vrshl.s16", 2, false, F_SHVEC, r_rshl); check("vrshl.s32", 4, false, F_SHVEC, r_rshl); }
Test(mve_int, vrshl_vec_u) { check("vrshl.u8", 1, true, F_SHVEC, r_rshl); check("vrshl.u16", 2, true, F_SHVEC, r_rshl); check("vrshl.u32", 4, true, F_SHVEC, r_rshl); }
Test(mve_int, vqshl_vec_s) { check("vqshl.s8", 1, false, F_SHVEC, r_qshl); check("vqshl.s16", 2, false, F_SHVEC, r_qshl); check("vqshl.s32", 4, false, F_SHVEC, r_qshl); }
Test(mve_int, vqshl_vec_u) { check("vqshl.u8", 1, true, F_SHVEC, r_qshl); check("vqshl.u16", 2, true, F_SHVEC, r_qshl); check("vqshl.u32", 4, true, F_SHVEC, r_qshl); }
Test(mve_int, vqrshl_vec_s) { check("vqrshl.s8", 1, false, F_SHVEC, r_qrshl); check("vqrshl.s16", 2, false, F_SHVEC, r_qrshl); check("vqrshl.s32", 4, false, F_SHVEC, r_qrshl); }
Test(mve_int, vqrshl_vec_u) { check("vqrshl.u8", 1, true, F_SHVEC, r_qrshl); check("vqrshl.u16", 2, true, F_SHVEC, r_qrshl); check("vqrshl.u32", 4, true, F_SHVEC, r_qrshl); }

/* Shifts by a general register: Qda shifted by SInt(Rm<7:0>). */
Test(mve_int, vshl_reg_s) { check("vshl.s8", 1, false, F_SHREG, r_shl); check("vshl.s16", 2, false, F_SHREG, r_shl); check("vshl.s32", 4, false, F_SHREG, r_shl); }
Test(mve_int, vshl_reg_u) { check("vshl.u8", 1, true, F_SHREG, r_shl); check("vshl.u16", 2, true, F_SHREG, r_shl); check("vshl.u32", 4, true, F_SHREG, r_shl); }
Test(mve_int, vrshl_reg) { check("vrshl.s8", 1, false, F_SHREG, r_rshl); check("vrshl.u16", 2, true, F_SHREG, r_rshl); check("vrshl.s32", 4, false, F_SHREG, r_rshl); }
Test(mve_int, vqshl_reg) { check("vqshl.s8", 1, false, F_SHREG, r_qshl); check("vqshl.u16", 2, true, F_SHREG, r_qshl); check("vqshl.s32", 4, false, F_SHREG, r_qshl); check("vqshl.u32", 4, true, F_SHREG, r_qshl); }
Test(mve_int, vqrshl_reg) { check("vqrshl.u8", 1, true, F_SHREG, r_qrshl); check("vqrshl.s16", 2, false, F_SHREG, r_qrshl); check("vqrshl.u32", 4, true, F_SHREG, r_qrshl); }

/* ------------------------------------------------------------------ */
/* Vector by scalar                                                    */

Test(mve_int, vadd_scalar) { check("vadd.i8", 1, false, F_REG, r_add); check("vadd.i16", 2, false, F_REG, r_add); check("vadd.i32", 4, false, F_REG, r_add); }
Test(mve_int, vsub_scalar) { check("vsub.i8", 1, false, F_REG, r_sub); check("vsub.i16", 2, false, F_REG, r_sub); check("vsub.i32", 4, false, F_REG, r_sub); }
Test(mve_int, vmul_scalar) { check("vmul.i8", 1, false, F_REG, r_mul); check("vmul.i16", 2, false, F_REG, r_mul); check("vmul.i32", 4, false, F_REG, r_mul); }
Test(mve_int, vhadd_scalar) { check("vhadd.s8", 1, false, F_REG, r_hadd); check("vhadd.u16", 2, true, F_REG, r_hadd); check("vhadd.s32", 4, false, F_REG, r_hadd); check("vhadd.u32", 4, true, F_REG, r_hadd); }
Test(mve_int, vhsub_scalar) { check("vhsub.u8", 1, true, F_REG, r_hsub); check("vhsub.s16", 2, false, F_REG, r_hsub); check("vhsub.u32", 4, true, F_REG, r_hsub); check("vhsub.s32", 4, false, F_REG, r_hsub); }
Test(mve_int, vqadd_scalar) { check("vqadd.s8", 1, false, F_REG, r_qadd); check("vqadd.u8", 1, true, F_REG, r_qadd); check("vqadd.s16", 2, false, F_REG, r_qadd); check("vqadd.u32", 4, true, F_REG, r_qadd); check("vqadd.s32", 4, false, F_REG, r_qadd); }
Test(mve_int, vqsub_scalar) { check("vqsub.u8", 1, true, F_REG, r_qsub); check("vqsub.s8", 1, false, F_REG, r_qsub); check("vqsub.u16", 2, true, F_REG, r_qsub); check("vqsub.s32", 4, false, F_REG, r_qsub); check("vqsub.u32", 4, true, F_REG, r_qsub); }
Test(mve_int, vqdmulh_scalar) { check("vqdmulh.s8", 1, false, F_REG, r_qdmulh); check("vqdmulh.s16", 2, false, F_REG, r_qdmulh); check("vqdmulh.s32", 4, false, F_REG, r_qdmulh); }
Test(mve_int, vqrdmulh_scalar) { check("vqrdmulh.s8", 1, false, F_REG, r_qrdmulh); check("vqrdmulh.s16", 2, false, F_REG, r_qrdmulh); check("vqrdmulh.s32", 4, false, F_REG, r_qrdmulh); }
Test(mve_int, vmla) { check("vmla.s8", 1, false, F_REG, r_mla); check("vmla.u16", 2, true, F_REG, r_mla); check("vmla.s32", 4, false, F_REG, r_mla); check("vmla.u32", 4, true, F_REG, r_mla); }
Test(mve_int, vmlas) { check("vmlas.u8", 1, true, F_REG, r_mlas); check("vmlas.s16", 2, false, F_REG, r_mlas); check("vmlas.s32", 4, false, F_REG, r_mlas); }
Test(mve_int, vqdmlah) { check("vqdmlah.s8", 1, false, F_REG, r_qdmlah); check("vqdmlah.s16", 2, false, F_REG, r_qdmlah); check("vqdmlah.s32", 4, false, F_REG, r_qdmlah); }
Test(mve_int, vqrdmlah) { check("vqrdmlah.s8", 1, false, F_REG, r_qrdmlah); check("vqrdmlah.s16", 2, false, F_REG, r_qrdmlah); check("vqrdmlah.s32", 4, false, F_REG, r_qrdmlah); }
Test(mve_int, vqdmlash) { check("vqdmlash.s8", 1, false, F_REG, r_qdmlash); check("vqdmlash.s16", 2, false, F_REG, r_qdmlash); check("vqdmlash.s32", 4, false, F_REG, r_qdmlash); }
Test(mve_int, vqrdmlash) { check("vqrdmlash.s8", 1, false, F_REG, r_qrdmlash); check("vqrdmlash.s16", 2, false, F_REG, r_qrdmlash); check("vqrdmlash.s32", 4, false, F_REG, r_qrdmlash); }

/* ------------------------------------------------------------------ */
/* One operand                                                         */

Test(mve_int, vabs) { check("vabs.s8", 1, false, F_ONE, r_abs); check("vabs.s16", 2, false, F_ONE, r_abs); check("vabs.s32", 4, false, F_ONE, r_abs); }
Test(mve_int, vneg) { check("vneg.s8", 1, false, F_ONE, r_neg); check("vneg.s16", 2, false, F_ONE, r_neg); check("vneg.s32", 4, false, F_ONE, r_neg); }
Test(mve_int, vqabs) { check("vqabs.s8", 1, false, F_ONE, r_qabs); check("vqabs.s16", 2, false, F_ONE, r_qabs); check("vqabs.s32", 4, false, F_ONE, r_qabs); }
Test(mve_int, vqneg) { check("vqneg.s8", 1, false, F_ONE, r_qneg); check("vqneg.s16", 2, false, F_ONE, r_qneg); check("vqneg.s32", 4, false, F_ONE, r_qneg); }
Test(mve_int, vclz) { check("vclz.i8", 1, true, F_ONE, r_clz); check("vclz.i16", 2, true, F_ONE, r_clz); check("vclz.i32", 4, true, F_ONE, r_clz); }
Test(mve_int, vcls) { check("vcls.s8", 1, false, F_ONE, r_cls); check("vcls.s16", 2, false, F_ONE, r_cls); check("vcls.s32", 4, false, F_ONE, r_cls); }
Test(mve_int, vmaxa) { check("vmaxa.s8", 1, false, F_ONE, r_maxa); check("vmaxa.s16", 2, false, F_ONE, r_maxa); check("vmaxa.s32", 4, false, F_ONE, r_maxa); }
Test(mve_int, vmina) { check("vmina.s8", 1, false, F_ONE, r_mina); check("vmina.s16", 2, false, F_ONE, r_mina); check("vmina.s32", 4, false, F_ONE, r_mina); }

/* ------------------------------------------------------------------ */
/* Shifts by immediate                                                 */

/* "mn q0, q1, #imm" on the operand sets; b = the amount as ref sees it. */
static void check_imm(const char *mn, unsigned es, bool u, unsigned imm, int b, ref_t ref)
{
    char src[64];
    snprintf(src, sizeof src, "%s q0, q1, #%u", mn, imm);
    for (unsigned k = 0; k < 3; k++) {
        tcpu_t *t = mv_new();
        setq(t, 0, set_d);
        setq(t, 1, set_a[k]);
        run_ok(t, src);
        int sat = 0;
        for (unsigned e = 0; e < 16 / es; e++) {
            uint64_t want = trunc_to(ref(el(set_d, e, es, u), el(set_a[k], e, es, u), b, 8 * es, u, &sat), es);
            uint64_t got = (uint64_t)el(getq(t, 0), e, es, true);
            cr_assert_eq(got, want, "%s set %u element %u: got %#llx want %#llx", src, k, e,
                         (unsigned long long)got, (unsigned long long)want);
        }
        cr_assert_eq(qc(t), sat != 0, "%s set %u: QC", src, k);
        tcpu_free(t);
    }
}

static int64_t r_sli(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s)
{
    return (int64_t)(((uint64_t)a << b) | ((uint64_t)d & ((1ull << b) - 1)));
}
static int64_t r_sri(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s)
{
    uint64_t ones = (1ull << bits) - 1;
    if (b == (int64_t)bits)
        return d;
    return (int64_t)((((uint64_t)a & ones) >> b) | ((uint64_t)d & ~(ones >> b)));
}
static int64_t r_qshlu(int64_t d, int64_t a, int64_t b, unsigned bits, bool u, int *s)
{
    return a < 0 ? usat(-1, bits, s) : shift_ref(a, b, bits, true, false, true, s);
}

Test(mve_int, vshl_imm)
{
    for (unsigned sh = 0; sh < 8; sh += 7) check_imm("vshl.i8", 1, false, sh, (int)sh, r_shl);
    check_imm("vshl.i16", 2, false, 9, 9, r_shl);
    check_imm("vshl.i32", 4, false, 31, 31, r_shl);
    check_imm("vshl.i32", 4, false, 0, 0, r_shl);
}
Test(mve_int, vqshl_imm)
{
    check_imm("vqshl.s8", 1, false, 1, 1, r_qshl); check_imm("vqshl.u8", 1, true, 7, 7, r_qshl);
    check_imm("vqshl.s16", 2, false, 15, 15, r_qshl); check_imm("vqshl.u16", 2, true, 3, 3, r_qshl);
    check_imm("vqshl.s32", 4, false, 4, 4, r_qshl); check_imm("vqshl.u32", 4, true, 31, 31, r_qshl);
}
Test(mve_int, vqshlu_imm)
{
    check_imm("vqshlu.s8", 1, false, 1, 1, r_qshlu); check_imm("vqshlu.s16", 2, false, 0, 0, r_qshlu);
    check_imm("vqshlu.s32", 4, false, 30, 30, r_qshlu);
}
Test(mve_int, vshr_imm)
{
    check_imm("vshr.s8", 1, false, 1, -1, r_shl); check_imm("vshr.u8", 1, true, 8, -8, r_shl);
    check_imm("vshr.s8", 1, false, 8, -8, r_shl); check_imm("vshr.s16", 2, false, 5, -5, r_shl);
    check_imm("vshr.u16", 2, true, 16, -16, r_shl); check_imm("vshr.s32", 4, false, 32, -32, r_shl);
    check_imm("vshr.u32", 4, true, 31, -31, r_shl);
}
Test(mve_int, vrshr_imm)
{
    check_imm("vrshr.s8", 1, false, 1, -1, r_rshl); check_imm("vrshr.u8", 1, true, 8, -8, r_rshl);
    check_imm("vrshr.s16", 2, false, 16, -16, r_rshl); check_imm("vrshr.u16", 2, true, 7, -7, r_rshl);
    check_imm("vrshr.s32", 4, false, 32, -32, r_rshl); check_imm("vrshr.u32", 4, true, 32, -32, r_rshl);
    check_imm("vrshr.s32", 4, false, 3, -3, r_rshl);
}
Test(mve_int, vsli)
{
    check_imm("vsli.8", 1, false, 0, 0, r_sli); check_imm("vsli.8", 1, false, 7, 7, r_sli);
    check_imm("vsli.16", 2, false, 4, 4, r_sli); check_imm("vsli.32", 4, false, 31, 31, r_sli);
}
Test(mve_int, vsri)
{
    check_imm("vsri.8", 1, false, 1, 1, r_sri); check_imm("vsri.8", 1, false, 8, 8, r_sri);
    check_imm("vsri.16", 2, false, 16, 16, r_sri); check_imm("vsri.16", 2, false, 9, 9, r_sri);
    check_imm("vsri.32", 4, false, 32, 32, r_sri); check_imm("vsri.32", 4, false, 1, 1, r_sri);
}

/* ------------------------------------------------------------------ */
/* Literal edges: saturation, rounding, QC                             */

Test(mve_int, vqdmulh_min_squared_saturates)
{
    tcpu_t *t = mv_new();
    fill16(t, 1, 0x8000);
    fill16(t, 2, 0x8000);
    run_ok(t, "vqdmulh.s16 q0, q1, q2");
    cr_assert_eq(q16(t, 0, 3), 0x7FFF);
    cr_assert(qc(t));
    tcpu_free(t);
}

Test(mve_int, vqrdmulh_rounds_half_up)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 0x40000000u, 0xC0000000u, 3, 0x80000000u);
    setq32(t, 2, 1, 1, 0x40000000u, 0x7FFFFFFFu);
    run_ok(t, "vqrdmulh.s32 q0, q1, q2");
    /* 2*2^30*1 = 2^31: /2^32 = 0.5 -> 1; -0.5 -> 0; 3*2^31/2^32 = 1.5 -> 2 */
    cr_assert_eq(q32(t, 0, 0), 1u);
    cr_assert_eq(q32(t, 0, 1), 0u);
    cr_assert_eq(q32(t, 0, 2), 2u);
    cr_assert_eq(q32(t, 0, 3), 0x80000001u);
    cr_assert(!qc(t));
    tcpu_free(t);
}

Test(mve_int, qc_is_sticky_and_not_cleared)
{
    tcpu_t *t = mv_new();
    t->cpu->fpscr = FPSCR_QC;
    fill8(t, 1, 1);
    fill8(t, 2, 1);
    run_ok(t, "vqadd.s8 q0, q1, q2");
    cr_assert_eq(q8(t, 0, 5), 2);
    cr_assert(qc(t));
    tcpu_free(t);
}

Test(mve_int, vqadd_u32_saturates)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 0xFFFFFFFFu, 0x80000000u, 5, 0);
    setq32(t, 2, 1, 0x80000000u, 6, 0);
    run_ok(t, "vqadd.u32 q0, q1, q2");
    cr_assert_eq(q32(t, 0, 0), 0xFFFFFFFFu);
    cr_assert_eq(q32(t, 0, 1), 0xFFFFFFFFu);
    cr_assert_eq(q32(t, 0, 2), 11u);
    cr_assert(qc(t));
    tcpu_free(t);
}

Test(mve_int, vqsub_s32_saturates)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 0x80000000u, 0x7FFFFFFFu, 0, 0);
    setq32(t, 2, 1, 0xFFFFFFFFu, 0x80000000u, 0);
    run_ok(t, "vqsub.s32 q0, q1, q2");
    cr_assert_eq(q32(t, 0, 0), 0x80000000u);
    cr_assert_eq(q32(t, 0, 1), 0x7FFFFFFFu);
    cr_assert_eq(q32(t, 0, 2), 0x7FFFFFFFu);
    cr_assert(qc(t));
    tcpu_free(t);
}

Test(mve_int, vqabs_vqneg_min)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 0x80000000u, 5, 0xFFFFFFFBu, 0);
    run_ok(t, "vqabs.s32 q0, q1\nvqneg.s32 q3, q1");
    cr_assert_eq(q32(t, 0, 0), 0x7FFFFFFFu);
    cr_assert_eq(q32(t, 0, 2), 5u);
    cr_assert_eq(q32(t, 3, 0), 0x7FFFFFFFu);
    cr_assert_eq(q32(t, 3, 1), 0xFFFFFFFBu);
    cr_assert(qc(t));
    tcpu_free(t);
}

Test(mve_int, vabs_min_wraps_without_qc)
{
    tcpu_t *t = mv_new();
    fill8(t, 1, 0x80);
    run_ok(t, "vabs.s8 q0, q1");
    cr_assert_eq(q8(t, 0, 0), 0x80);
    cr_assert(!qc(t));
    tcpu_free(t);
}

Test(mve_int, vqdmlah_s32_extremes)
{
    tcpu_t *t = mv_new();
    /* 2*(-2^31)^2 >> 32 = 2^31: saturates with Qda = 0, fits with Qda = -2^31 */
    setq32(t, 0, 0, 0x80000000u, 5, 0);
    setq32(t, 1, 0x80000000u, 0x80000000u, 0x10000, 0);
    t->cpu->r[2] = 0x80000000u;
    run_ok(t, "vqdmlah.s32 q0, q1, r2");
    cr_assert_eq(q32(t, 0, 0), 0x7FFFFFFFu);
    cr_assert_eq(q32(t, 0, 1), 0u);
    cr_assert_eq(q32(t, 0, 2), 0xFFFF0005u);
    cr_assert(qc(t));
    tcpu_free(t);
}

Test(mve_int, vshl_reg_large_amounts)
{
    tcpu_t *t = mv_new();
    setq32(t, 0, 0x80000001u, 1, 0x7FFFFFFFu, 0);
    t->cpu->r[2] = 0xFFFFFF00u | 0xE0u;   /* bottom byte -32: sign fill for .s32 */
    run_ok(t, "vshl.s32 q0, r2");
    cr_assert_eq(q32(t, 0, 0), 0xFFFFFFFFu);
    cr_assert_eq(q32(t, 0, 1), 0u);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Narrowing                                                           */

enum nmode { N_TRUNC, N_SAT, N_SATU };

/* "mn q0, q1[, #sh]": wide elements of q1 (ws bytes, input signedness u)
 * into the B/T narrow elements of q0, the others unchanged. */
static void check_narrow(const char *src, unsigned ws, bool u, unsigned top, unsigned sh, bool round, enum nmode mode)
{
    unsigned ns = ws / 2, bits = 8 * ns;
    for (unsigned k = 0; k < 3; k++) {
        tcpu_t *t = mv_new();
        setq(t, 0, set_d);
        setq(t, 1, set_a[k]);
        run_ok(t, src);
        int sat = 0;
        for (unsigned le = 0; le < 16 / ws; le++) {
            int64_t x = el(set_a[k], le, ws, u);
            if (sh)
                x = round ? (x + (1ll << (sh - 1))) >> sh : x >> sh;
            if (mode == N_SAT)
                x = anysat(x, bits, u, &sat);
            else if (mode == N_SATU)
                x = usat(x, bits, &sat);
            unsigned i = 2 * le + top, o = 2 * le + 1 - top;
            cr_assert_eq((uint64_t)el(getq(t, 0), i, ns, true), trunc_to(x, ns), "%s set %u element %u", src, k, i);
            cr_assert_eq(el(getq(t, 0), o, ns, true), el(set_d, o, ns, true), "%s set %u: element %u changed", src, k, o);
        }
        cr_assert_eq(qc(t), sat != 0, "%s set %u: QC", src, k);
        tcpu_free(t);
    }
}

Test(mve_int, vmovn)
{
    check_narrow("vmovnb.i16 q0, q1", 2, false, 0, 0, false, N_TRUNC);
    check_narrow("vmovnt.i16 q0, q1", 2, false, 1, 0, false, N_TRUNC);
    check_narrow("vmovnb.i32 q0, q1", 4, false, 0, 0, false, N_TRUNC);
    check_narrow("vmovnt.i32 q0, q1", 4, false, 1, 0, false, N_TRUNC);
}
Test(mve_int, vqmovn)
{
    check_narrow("vqmovnb.s16 q0, q1", 2, false, 0, 0, false, N_SAT);
    check_narrow("vqmovnt.u16 q0, q1", 2, true, 1, 0, false, N_SAT);
    check_narrow("vqmovnb.u32 q0, q1", 4, true, 0, 0, false, N_SAT);
    check_narrow("vqmovnt.s32 q0, q1", 4, false, 1, 0, false, N_SAT);
}
Test(mve_int, vqmovun)
{
    check_narrow("vqmovunb.s16 q0, q1", 2, false, 0, 0, false, N_SATU);
    check_narrow("vqmovunt.s32 q0, q1", 4, false, 1, 0, false, N_SATU);
}
Test(mve_int, vshrn_vrshrn)
{
    check_narrow("vshrnb.i16 q0, q1, #3", 2, false, 0, 3, false, N_TRUNC);
    check_narrow("vshrnt.i32 q0, q1, #16", 4, false, 1, 16, false, N_TRUNC);
    check_narrow("vrshrnb.i16 q0, q1, #8", 2, false, 0, 8, true, N_TRUNC);
    check_narrow("vrshrnt.i32 q0, q1, #1", 4, false, 1, 1, true, N_TRUNC);
}
Test(mve_int, vqrshrn)
{
    check_narrow("vqrshrnb.s16 q0, q1, #1", 2, false, 0, 1, true, N_SAT);
    check_narrow("vqrshrnt.u16 q0, q1, #8", 2, true, 1, 8, true, N_SAT);
    check_narrow("vqrshrnb.s32 q0, q1, #16", 4, false, 0, 16, true, N_SAT);
    check_narrow("vqrshrnt.u32 q0, q1, #3", 4, true, 1, 3, true, N_SAT);
}
/* GNU as 2.40 assembles vqshrn/vqshrun as their rounding forms: the
 * non-rounding encodings are written out (bit 0, resp. bit 28, clear). */
Test(mve_int, vqshrn)
{
    check_narrow(".inst.w 0xee8d0f42 /* vqshrnb.s16 q0, q1, #3 */", 2, false, 0, 3, false, N_SAT);
    check_narrow(".inst.w 0xfe8d1f42 /* vqshrnt.u16 q0, q1, #3 */", 2, true, 1, 3, false, N_SAT);
    check_narrow(".inst.w 0xee900f42 /* vqshrnb.s32 q0, q1, #16 */", 4, false, 0, 16, false, N_SAT);
}
Test(mve_int, vqshrun_vqrshrun)
{
    check_narrow(".inst.w 0xee8d0fc2 /* vqshrunb.s16 q0, q1, #3 */", 2, false, 0, 3, false, N_SATU);
    check_narrow(".inst.w 0xee901fc2 /* vqshrunt.s32 q0, q1, #16 */", 4, false, 1, 16, false, N_SATU);
    check_narrow("vqrshrunb.s16 q0, q1, #3", 2, false, 0, 3, true, N_SATU);
    check_narrow("vqrshrunt.s32 q0, q1, #1", 4, false, 1, 1, true, N_SATU);
}

/* ------------------------------------------------------------------ */
/* Widening                                                            */

/* "mn q0, q1[, q2]": the B/T elements (es bytes) widened by f. */
typedef int64_t (*wide_t)(int64_t a, int64_t b);
static int64_t w_shl1(int64_t a, int64_t b) { return (int64_t)((uint64_t)a << 1); }
static int64_t w_mov(int64_t a, int64_t b) { return a; }
static int64_t w_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

static void check_wide(const char *src, unsigned es, bool u, unsigned top, unsigned sh, wide_t f)
{
    for (unsigned k = 0; k < 3; k++) {
        tcpu_t *t = mv_new();
        setq(t, 1, set_a[k]);
        setq(t, 2, set_b[k]);
        run_ok(t, src);
        for (unsigned le = 0; le < 8 / es; le++) {
            int64_t a = el(set_a[k], 2 * le + top, es, u), b = el(set_b[k], 2 * le + top, es, u);
            int64_t want = (int64_t)((uint64_t)f(a, b) << sh);
            cr_assert_eq((uint64_t)el(getq(t, 0), le, 2 * es, true), trunc_to(want, 2 * es), "%s set %u element %u", src, k, le);
        }
        tcpu_free(t);
    }
}

Test(mve_int, vshll)
{
    check_wide("vshllb.s8 q0, q1, #1", 1, false, 0, 0, w_shl1);
    check_wide("vshllt.u8 q0, q1, #7", 1, true, 1, 7, w_mov);
    check_wide("vshllb.u16 q0, q1, #15", 2, true, 0, 15, w_mov);
    check_wide("vshllt.s16 q0, q1, #4", 2, false, 1, 4, w_mov);
}
Test(mve_int, vshll_by_esize)
{
    check_wide("vshllb.s8 q0, q1, #8", 1, false, 0, 8, w_mov);
    check_wide("vshllt.u8 q0, q1, #8", 1, true, 1, 8, w_mov);
    check_wide("vshllb.u16 q0, q1, #16", 2, true, 0, 16, w_mov);
    check_wide("vshllt.s16 q0, q1, #16", 2, false, 1, 16, w_mov);
}
Test(mve_int, vmovl)
{
    check_wide("vmovlb.s8 q0, q1", 1, false, 0, 0, w_mov);
    check_wide("vmovlt.u8 q0, q1", 1, true, 1, 0, w_mov);
    check_wide("vmovlb.u16 q0, q1", 2, true, 0, 0, w_mov);
    check_wide("vmovlt.s16 q0, q1", 2, false, 1, 0, w_mov);
}
Test(mve_int, vmull_s)
{
    check_wide("vmullb.s8 q0, q1, q2", 1, false, 0, 0, w_mul);
    check_wide("vmullt.s8 q0, q1, q2", 1, false, 1, 0, w_mul);
    check_wide("vmullb.s16 q0, q1, q2", 2, false, 0, 0, w_mul);
    check_wide("vmullt.s16 q0, q1, q2", 2, false, 1, 0, w_mul);
    check_wide("vmullb.s32 q0, q1, q2", 4, false, 0, 0, w_mul);
    check_wide("vmullt.s32 q0, q1, q2", 4, false, 1, 0, w_mul);
}
Test(mve_int, vmull_u)
{
    check_wide("vmullb.u8 q0, q1, q2", 1, true, 0, 0, w_mul);
    check_wide("vmullt.u8 q0, q1, q2", 1, true, 1, 0, w_mul);
    check_wide("vmullb.u16 q0, q1, q2", 2, true, 0, 0, w_mul);
    check_wide("vmullt.u16 q0, q1, q2", 2, true, 1, 0, w_mul);
    check_wide("vmullb.u32 q0, q1, q2", 4, true, 0, 0, w_mul);
    check_wide("vmullt.u32 q0, q1, q2", 4, true, 1, 0, w_mul);
}

Test(mve_int, vmullp)
{
    tcpu_t *t = mv_new();
    fill8(t, 1, 0xFF);
    fill8(t, 2, 0xFF);
    fill16(t, 3, 0x8001);
    fill16(t, 4, 0x0003);
    run_ok(t, "vmullb.p8 q0, q1, q2\nvmullt.p16 q5, q3, q4");
    /* 0xFF x 0xFF carry-less = 0x5555; 0x8001 x 3 = 0x18003 */
    cr_assert_eq(q16(t, 0, 0), 0x5555);
    cr_assert_eq(q16(t, 0, 7), 0x5555);
    cr_assert_eq(q32(t, 5, 1), 0x18003u);
    tcpu_free(t);
}

Test(mve_int, vqdmull)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 0x80000000u, 0x00028000u, 0x80000000u, 3);
    setq32(t, 2, 0x80000000u, 0x0003FFFFu, 0x7FFFFFFFu, 0xFFFFFFFEu);
    t->cpu->r[2] = 0xFFFF8000u;
    run_ok(t, "vqdmullb.s32 q0, q1, q2\nvqdmullt.s16 q3, q1, q2\nvqdmullb.s16 q4, q1, r2");
    cr_assert_eq(t->cpu->fp.d[0], 0x7FFFFFFFFFFFFFFFull);           /* (-2^31)^2 * 2 saturates */
    cr_assert_eq(t->cpu->fp.d[1], (uint64_t)(2 * (int64_t)INT32_MIN * INT32_MAX));
    cr_assert_eq(q32(t, 3, 0), 0x7FFFFFFFu);                        /* -32768 * -32768 * 2 */
    cr_assert_eq(q32(t, 3, 1), (uint32_t)(2 * 2 * 3));              /* top halves 0x0002 x 0x0003 */
    cr_assert_eq(q32(t, 4, 0), 0u);                                 /* bottom 0x0000 */
    cr_assert_eq(q32(t, 4, 1), 0x7FFFFFFFu);                        /* 0x8000 x r2 0x8000 */
    cr_assert_eq(q32(t, 4, 3), 0xFFFD0000u);                        /* 3 x -32768 x 2 */
    cr_assert(qc(t));
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Dual multiplies returning the high half, complex add                */

/* VQ(R)DMLADH(X) / VQ(R)DMLSDH(X): pairs (even, odd) of n and m. */
static void check_dual(const char *mn, unsigned es, bool x, bool sub, bool round)
{
    char src[64];
    snprintf(src, sizeof src, "%s q0, q1, q2", mn);
    unsigned bits = 8 * es;
    for (unsigned k = 0; k < 3; k++) {
        tcpu_t *t = mv_new();
        setq(t, 0, set_d);
        setq(t, 1, set_a[k]);
        setq(t, 2, set_b[k]);
        run_ok(t, src);
        int sat = 0;
        for (unsigned e = 0; e < 16 / es; e++) {
            int64_t want = el(set_d, e, es, true);
            if ((e & 1u) == (unsigned)x) {
                unsigned p = e ^ 1u;
                long double n0 = el(set_a[k], e, es, false), n1 = el(set_a[k], p, es, false);
                long double m0 = el(set_b[k], x ? p : e, es, false), m1 = el(set_b[k], x ? e : p, es, false);
                long double v = 2 * (n0 * m0 + (sub ? -1 : 1) * n1 * m1) + (round ? (long double)(1ll << (bits - 1)) : 0);
                v /= (long double)(1ll << bits);
                int64_t f = (int64_t)v;
                if ((long double)f > v)
                    f--;
                want = (int64_t)trunc_to(ssat(f, bits, &sat), es);
            }
            cr_assert_eq((uint64_t)el(getq(t, 0), e, es, true), (uint64_t)want, "%s set %u element %u", src, k, e);
        }
        cr_assert_eq(qc(t), sat != 0, "%s set %u: QC", src, k);
        tcpu_free(t);
    }
}

Test(mve_int, vqdmladh) { check_dual("vqdmladh.s8", 1, false, false, false); check_dual("vqdmladh.s16", 2, false, false, false); check_dual("vqdmladh.s32", 4, false, false, false); }
Test(mve_int, vqdmladhx) { check_dual("vqdmladhx.s8", 1, true, false, false); check_dual("vqdmladhx.s16", 2, true, false, false); check_dual("vqdmladhx.s32", 4, true, false, false); }
Test(mve_int, vqrdmladh) { check_dual("vqrdmladh.s8", 1, false, false, true); check_dual("vqrdmladh.s16", 2, false, false, true); check_dual("vqrdmladh.s32", 4, false, false, true); }
Test(mve_int, vqrdmladhx) { check_dual("vqrdmladhx.s8", 1, true, false, true); check_dual("vqrdmladhx.s32", 4, true, false, true); }
Test(mve_int, vqdmlsdh) { check_dual("vqdmlsdh.s8", 1, false, true, false); check_dual("vqdmlsdh.s16", 2, false, true, false); check_dual("vqdmlsdh.s32", 4, false, true, false); }
Test(mve_int, vqdmlsdhx) { check_dual("vqdmlsdhx.s16", 2, true, true, false); check_dual("vqdmlsdhx.s32", 4, true, true, false); }
Test(mve_int, vqrdmlsdh) { check_dual("vqrdmlsdh.s8", 1, false, true, true); check_dual("vqrdmlsdh.s32", 4, false, true, true); }
Test(mve_int, vqrdmlsdhx) { check_dual("vqrdmlsdhx.s8", 1, true, true, true); check_dual("vqrdmlsdhx.s16", 2, true, true, true); }

Test(mve_int, vqdmladh_s32_all_min_saturates)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 0x80000000u, 0x80000000u, 0, 0);
    setq32(t, 2, 0x80000000u, 0x80000000u, 0, 0);
    setq32(t, 0, 1, 2, 3, 4);
    run_ok(t, "vqdmladh.s32 q0, q1, q2");
    cr_assert_eq(q32(t, 0, 0), 0x7FFFFFFFu);
    cr_assert_eq(q32(t, 0, 1), 2u);            /* odd elements untouched */
    cr_assert_eq(q32(t, 0, 2), 0u);
    cr_assert(qc(t));
    tcpu_free(t);
}

/* VCADD / VHCADD: even result = n[e] -/+ m[e+1], odd = n[e] +/- m[e-1]. */
static void check_cadd(const char *mn, unsigned es, bool rot270, bool halve)
{
    char src[64];
    snprintf(src, sizeof src, "%s q0, q1, q2, #%d", mn, rot270 ? 270 : 90);
    for (unsigned k = 0; k < 3; k++) {
        tcpu_t *t = mv_new();
        setq(t, 1, set_a[k]);
        setq(t, 2, set_b[k]);
        run_ok(t, src);
        for (unsigned e = 0; e < 16 / es; e++) {
            int64_t a = el(set_a[k], e, es, false), b = el(set_b[k], e ^ 1u, es, false);
            bool add = (e & 1u) ? !rot270 : rot270;
            int64_t v = add ? a + b : a - b;
            if (halve)
                v >>= 1;
            cr_assert_eq((uint64_t)el(getq(t, 0), e, es, true), trunc_to(v, es), "%s set %u element %u", src, k, e);
        }
        tcpu_free(t);
    }
}

Test(mve_int, vcadd90) { check_cadd("vcadd.i8", 1, false, false); check_cadd("vcadd.i16", 2, false, false); check_cadd("vcadd.i32", 4, false, false); }
Test(mve_int, vcadd270) { check_cadd("vcadd.i8", 1, true, false); check_cadd("vcadd.i16", 2, true, false); check_cadd("vcadd.i32", 4, true, false); }
Test(mve_int, vhcadd90) { check_cadd("vhcadd.s8", 1, false, true); check_cadd("vhcadd.s16", 2, false, true); check_cadd("vhcadd.s32", 4, false, true); }
Test(mve_int, vhcadd270) { check_cadd("vhcadd.s8", 1, true, true); check_cadd("vhcadd.s16", 2, true, true); check_cadd("vhcadd.s32", 4, true, true); }

Test(mve_int, vcadd_destination_is_first_source)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 10, 20, 30, 40);
    setq32(t, 2, 1, 2, 3, 4);
    run_ok(t, "vcadd.i32 q1, q1, q2, #90");   /* inputs read before any write */
    cr_assert_eq(q32(t, 1, 0), 8u);
    cr_assert_eq(q32(t, 1, 1), 21u);
    cr_assert_eq(q32(t, 1, 2), 26u);
    cr_assert_eq(q32(t, 1, 3), 43u);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Bitwise                                                             */

Test(mve_int, bitwise)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 0xF0F0F0F0u, 0x12345678u, 0, 0xFFFFFFFFu);
    setq32(t, 2, 0xFF00FF00u, 0x0F0F0F0Fu, 0xFFFFFFFFu, 0);
    run_ok(t, "vand q0, q1, q2\nvbic q3, q1, q2\nvorr q4, q1, q2\nvorn q5, q1, q2\nveor q6, q1, q2\nvmvn q7, q1");
    for (unsigned e = 0; e < 4; e++) {
        uint32_t a = q32(t, 1, e), b = q32(t, 2, e);
        cr_assert_eq(q32(t, 0, e), a & b);
        cr_assert_eq(q32(t, 3, e), a & ~b);
        cr_assert_eq(q32(t, 4, e), a | b);
        cr_assert_eq(q32(t, 5, e), a | ~b);
        cr_assert_eq(q32(t, 6, e), a ^ b);
        cr_assert_eq(q32(t, 7, e), ~a);
    }
    tcpu_free(t);
}

Test(mve_int, vorr_same_register_is_a_move)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 1, 2, 3, 4);
    run_ok(t, "vmov q0, q1");   /* VORR q0, q1, q1 */
    cr_assert_eq(q32(t, 0, 3), 4u);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* VADC / VSBC, VSHLC                                                   */

Test(mve_int, vadci_chains_carry_across_lanes)
{
    tcpu_t *t = mv_new();
    t->cpu->fpscr = FPSCR_N | FPSCR_Z | FPSCR_V;
    setq32(t, 1, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0x80000000u);
    setq32(t, 2, 1, 0, 0, 0x80000000u);
    run_ok(t, "vadci.i32 q0, q1, q2");
    cr_assert_eq(q32(t, 0, 0), 0u);
    cr_assert_eq(q32(t, 0, 1), 0u);
    cr_assert_eq(q32(t, 0, 2), 1u);
    cr_assert_eq(q32(t, 0, 3), 0u);
    cr_assert_eq(t->cpu->fpscr & FPSCR_NZCV, FPSCR_C);   /* carry out, NZV cleared */
    tcpu_free(t);
}

Test(mve_int, vadc_takes_carry_from_fpscr)
{
    tcpu_t *t = mv_new();
    t->cpu->fpscr = FPSCR_C;
    setq32(t, 1, 5, 0, 0, 0);
    setq32(t, 2, 6, 0, 0, 0);
    run_ok(t, "vadc.i32 q0, q1, q2");
    cr_assert_eq(q32(t, 0, 0), 12u);
    cr_assert_eq(t->cpu->fpscr & FPSCR_C, 0u);
    tcpu_free(t);
}

Test(mve_int, vsbci_and_vsbc)
{
    tcpu_t *t = mv_new();
    /* 128-bit 0x1_00000000_00000000_00000000 - 1 */
    setq32(t, 1, 0, 0, 0, 1);
    setq32(t, 2, 1, 0, 0, 0);
    run_ok(t, "vsbci.i32 q0, q1, q2");
    cr_assert_eq(q32(t, 0, 0), 0xFFFFFFFFu);
    cr_assert_eq(q32(t, 0, 1), 0xFFFFFFFFu);
    cr_assert_eq(q32(t, 0, 2), 0xFFFFFFFFu);
    cr_assert_eq(q32(t, 0, 3), 0u);
    cr_assert(t->cpu->fpscr & FPSCR_C);                  /* no borrow */
    t->cpu->fpscr = 0;                                    /* borrow in */
    run_ok(t, "vsbc.i32 q3, q1, q2");
    cr_assert_eq(q32(t, 3, 0), 0xFFFFFFFEu);
    tcpu_free(t);
}

Test(mve_int, vadc_predicated_lane_breaks_the_chain)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 0xFFFFFFFFu, 0, 0, 0);
    setq32(t, 2, 1, 0, 0, 0);
    setq32(t, 0, 7, 7, 7, 7);
    t->cpu->r[0] = 0xFFF0;        /* lane 0 off */
    run_ok(t, "vmsr p0, r0\nvpst\nvadcit.i32 q0, q1, q2");
    cr_assert_eq(q32(t, 0, 0), 7u);
    cr_assert_eq(q32(t, 0, 1), 0u);   /* no carry from the inactive lane */
    cr_assert_eq(t->cpu->fpscr & FPSCR_C, 0u);
    tcpu_free(t);
}

Test(mve_int, vshlc)
{
    tcpu_t *t = mv_new();
    setq32(t, 0, 0x80000001u, 0x40000000u, 0xFFFFFFFFu, 0x00000003u);
    t->cpu->r[2] = 0x1u;
    run_ok(t, "vshlc q0, r2, #1");
    cr_assert_eq(q32(t, 0, 0), 0x00000003u);
    cr_assert_eq(q32(t, 0, 1), 0x80000001u);
    cr_assert_eq(q32(t, 0, 2), 0xFFFFFFFEu);
    cr_assert_eq(q32(t, 0, 3), 0x00000007u);
    cr_assert_eq(t->cpu->r[2], 0u);
    tcpu_free(t);
}

Test(mve_int, vshlc_by_32)
{
    tcpu_t *t = mv_new();
    setq32(t, 0, 1, 2, 3, 4);
    t->cpu->r[2] = 0xAAu;
    run_ok(t, "vshlc q0, r2, #32");
    cr_assert_eq(q32(t, 0, 0), 0xAAu);
    cr_assert_eq(q32(t, 0, 3), 3u);
    cr_assert_eq(t->cpu->r[2], 4u);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Reductions                                                          */

/* Run src with q1 = set_a[k], q2 = set_b[k], r0..r3 preset, under a VPST
 * with P0 = p0 when p0 != 0xFFFF (src then carries the 't' suffix). */
static tcpu_t *run_red(const char *src, unsigned k, uint16_t p0, const uint32_t r[4])
{
    tcpu_t *t = mv_new();
    setq(t, 1, set_a[k]);
    setq(t, 2, set_b[k]);
    for (unsigned i = 0; i < 4; i++)
        t->cpu->r[i] = r[i];
    t->cpu->r[5] = p0;
    char buf[128];
    if (p0 != 0xFFFFu)
        snprintf(buf, sizeof buf, "vmsr p0, r5\nvpst\n%s", src);
    else
        snprintf(buf, sizeof buf, "%s", src);
    run_ok(t, buf);
    return t;
}

static const uint32_t red_r[4] = {0x11111111u, 0x80000000u, 0xFFFFFFF0u, 0x7FFFFFFFu};
static const uint16_t red_p0[3] = {0xFFFF, 0x0FF0, 0xA5C3};

/* The expected 64-bit sum of sign(e) * n[e'] * m[e] over the active
 * elements (VMLADAV family), plus acc. */
static uint64_t dav_ref(unsigned k, uint16_t p0, unsigned es, bool u, bool x, bool sub, uint64_t acc)
{
    for (unsigned e = 0; e < 16 / es; e++) {
        if (!((p0 >> (e * es)) & 1u))
            continue;
        uint64_t p = (uint64_t)el(set_a[k], x ? e ^ 1u : e, es, u) * (uint64_t)el(set_b[k], e, es, u);
        acc += (sub && (e & 1u)) ? 0 - p : p;
    }
    return acc;
}

static void check_vmladav(const char *mn, unsigned es, bool u, bool x, bool sub, bool acc)
{
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned pi = 0; pi < 3; pi++) {
            char src[64];
            snprintf(src, sizeof src, "%s r0, q1, q2", mn);
            if (pi) {   /* predicated: mnemonic + t */
                const char *dot = strchr(mn, '.');
                snprintf(src, sizeof src, "%.*st%s r0, q1, q2", (int)(dot - mn), mn, dot);
            }
            tcpu_t *t = run_red(src, k, red_p0[pi], red_r);
            uint32_t want = (uint32_t)dav_ref(k, red_p0[pi], es, u, x, sub, acc ? red_r[0] : 0);
            cr_assert_eq(t->cpu->r[0], want, "%s set %u p0 %#x: %#x want %#x", src, k, red_p0[pi], t->cpu->r[0], want);
            tcpu_free(t);
        }
    }
}

static void check_vmlaldav(const char *mn, unsigned es, bool u, bool x, bool sub, bool acc)
{
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned pi = 0; pi < 3; pi++) {
            char src[64];
            const char *dot = strchr(mn, '.');
            snprintf(src, sizeof src, "%.*s%s%s r2, r3, q1, q2", (int)(dot - mn), mn, pi ? "t" : "", dot);
            tcpu_t *t = run_red(src, k, red_p0[pi], red_r);
            uint64_t a0 = acc ? (uint64_t)red_r[3] << 32 | red_r[2] : 0;
            uint64_t want = dav_ref(k, red_p0[pi], es, u, x, sub, a0);
            uint64_t got = (uint64_t)t->cpu->r[3] << 32 | t->cpu->r[2];
            cr_assert_eq(got, want, "%s set %u p0 %#x", src, k, red_p0[pi]);
            tcpu_free(t);
        }
    }
}

Test(mve_int, vmladav_s) { check_vmladav("vmladav.s8", 1, false, false, false, false); check_vmladav("vmladav.s16", 2, false, false, false, false); check_vmladav("vmladav.s32", 4, false, false, false, false); }
Test(mve_int, vmladav_u) { check_vmladav("vmladav.u8", 1, true, false, false, false); check_vmladav("vmladav.u16", 2, true, false, false, false); check_vmladav("vmladav.u32", 4, true, false, false, false); }
Test(mve_int, vmladava) { check_vmladav("vmladava.s8", 1, false, false, false, true); check_vmladav("vmladava.u16", 2, true, false, false, true); check_vmladav("vmladava.s32", 4, false, false, false, true); }
Test(mve_int, vmladavx) { check_vmladav("vmladavx.s8", 1, false, true, false, false); check_vmladav("vmladavax.s16", 2, false, true, false, true); check_vmladav("vmladavx.s32", 4, false, true, false, false); }
Test(mve_int, vmlsdav) { check_vmladav("vmlsdav.s8", 1, false, false, true, false); check_vmladav("vmlsdava.s16", 2, false, false, true, true); check_vmladav("vmlsdav.s32", 4, false, false, true, false); }
Test(mve_int, vmlsdavx) { check_vmladav("vmlsdavx.s8", 1, false, true, true, false); check_vmladav("vmlsdavx.s16", 2, false, true, true, false); check_vmladav("vmlsdavax.s32", 4, false, true, true, true); }
Test(mve_int, vmlaldav) { check_vmlaldav("vmlaldav.s16", 2, false, false, false, false); check_vmlaldav("vmlaldav.u16", 2, true, false, false, false); check_vmlaldav("vmlaldav.s32", 4, false, false, false, false); check_vmlaldav("vmlaldav.u32", 4, true, false, false, false); }
Test(mve_int, vmlaldava_x) { check_vmlaldav("vmlaldava.s16", 2, false, false, false, true); check_vmlaldav("vmlaldavx.s32", 4, false, true, false, false); check_vmlaldav("vmlaldavax.s16", 2, false, true, false, true); check_vmlaldav("vmlaldava.u32", 4, true, false, false, true); }
Test(mve_int, vmlsldav) { check_vmlaldav("vmlsldav.s16", 2, false, false, true, false); check_vmlaldav("vmlsldava.s32", 4, false, false, true, true); check_vmlaldav("vmlsldavx.s16", 2, false, true, true, false); check_vmlaldav("vmlsldavax.s32", 4, false, true, true, true); }

/* VRMLALDAVH: each product rounded to bits 71:8 as it is added. */
static void check_vrmlaldavh(const char *mn, bool u, bool x, bool sub, bool acc)
{
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned pi = 0; pi < 3; pi++) {
            char src[64];
            const char *dot = strchr(mn, '.');
            snprintf(src, sizeof src, "%.*s%s%s r2, r3, q1, q2", (int)(dot - mn), mn, pi ? "t" : "", dot);
            tcpu_t *t = run_red(src, k, red_p0[pi], red_r);
            uint64_t a = acc ? (uint64_t)red_r[3] << 32 | red_r[2] : 0;
            for (unsigned e = 0; e < 4; e++) {
                if (!((red_p0[pi] >> (4 * e)) & 1u))
                    continue;
                long double p = (long double)el(set_a[k], x ? e ^ 1u : e, 4, u) * (long double)el(set_b[k], e, 4, u);
                if (sub && (e & 1u))
                    p = -p;
                long double r = (p + 128) / 256;    /* round half up to a multiple of 2^8 */
                int64_t f = (int64_t)r;
                if ((long double)f > r)
                    f--;
                a += (uint64_t)f;
            }
            uint64_t got = (uint64_t)t->cpu->r[3] << 32 | t->cpu->r[2];
            cr_assert_eq(got, a, "%s set %u p0 %#x", src, k, red_p0[pi]);
            tcpu_free(t);
        }
    }
}

Test(mve_int, vrmlaldavh) { check_vrmlaldavh("vrmlaldavh.s32", false, false, false, false); check_vrmlaldavh("vrmlaldavh.u32", true, false, false, false); check_vrmlaldavh("vrmlaldavha.s32", false, false, false, true); check_vrmlaldavh("vrmlaldavhax.s32", false, true, false, true); }
Test(mve_int, vrmlsldavh) { check_vrmlaldavh("vrmlsldavh.s32", false, false, true, false); check_vrmlaldavh("vrmlsldavha.s32", false, false, true, true); check_vrmlaldavh("vrmlsldavhx.s32", false, true, true, false); }

/* VADDV/VADDLV/VMAXV...: one element-wise fold over the active elements. */
enum fold { FD_ADD, FD_MAX, FD_MIN, FD_MAXA, FD_MINA, FD_ABA };

static void check_fold(const char *mn, const char *ops, unsigned es, bool u, enum fold f, bool acc)
{
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned pi = 0; pi < 3; pi++) {
            char src[64];
            const char *dot = strchr(mn, '.');
            snprintf(src, sizeof src, "%.*s%s%s %s", (int)(dot - mn), mn, pi ? "t" : "", dot, ops);
            tcpu_t *t = run_red(src, k, red_p0[pi], red_r);
            int64_t a;
            uint32_t r0 = red_r[0];
            if (f == FD_ADD || f == FD_ABA)
                a = acc ? r0 : 0;
            else
                a = el((const uint8_t *)&r0, 0, es, u || f == FD_MAXA || f == FD_MINA);
            for (unsigned e = 0; e < 16 / es; e++) {
                if (!((red_p0[pi] >> (e * es)) & 1u))
                    continue;
                int64_t v = el(set_a[k], e, es, u);
                switch (f) {
                case FD_ADD: a += v; break;
                case FD_MAX: if (v > a) a = v; break;
                case FD_MIN: if (v < a) a = v; break;
                case FD_MAXA: if (llabs(v) > a) a = llabs(v); break;
                case FD_MINA: if (llabs(v) < a) a = llabs(v); break;
                case FD_ABA: { int64_t w = el(set_b[k], e, es, u); a += v > w ? v - w : w - v; break; }
                }
            }
            cr_assert_eq(t->cpu->r[0], (uint32_t)a, "%s set %u p0 %#x: %#x want %#x", src, k, red_p0[pi],
                         t->cpu->r[0], (uint32_t)a);
            tcpu_free(t);
        }
    }
}

Test(mve_int, vaddv) { check_fold("vaddv.s8", "r0, q1", 1, false, FD_ADD, false); check_fold("vaddv.u8", "r0, q1", 1, true, FD_ADD, false); check_fold("vaddv.s16", "r0, q1", 2, false, FD_ADD, false); check_fold("vaddv.u32", "r0, q1", 4, true, FD_ADD, false); }
Test(mve_int, vaddva) { check_fold("vaddva.u16", "r0, q1", 2, true, FD_ADD, true); check_fold("vaddva.s32", "r0, q1", 4, false, FD_ADD, true); check_fold("vaddva.s8", "r0, q1", 1, false, FD_ADD, true); }
Test(mve_int, vmaxv) { check_fold("vmaxv.s8", "r0, q1", 1, false, FD_MAX, false); check_fold("vmaxv.u16", "r0, q1", 2, true, FD_MAX, false); check_fold("vmaxv.s32", "r0, q1", 4, false, FD_MAX, false); check_fold("vmaxv.u8", "r0, q1", 1, true, FD_MAX, false); }
Test(mve_int, vminv) { check_fold("vminv.u8", "r0, q1", 1, true, FD_MIN, false); check_fold("vminv.s16", "r0, q1", 2, false, FD_MIN, false); check_fold("vminv.u32", "r0, q1", 4, true, FD_MIN, false); check_fold("vminv.s32", "r0, q1", 4, false, FD_MIN, false); }
Test(mve_int, vmaxav_vminav) { check_fold("vmaxav.s8", "r0, q1", 1, false, FD_MAXA, false); check_fold("vminav.s16", "r0, q1", 2, false, FD_MINA, false); check_fold("vmaxav.s32", "r0, q1", 4, false, FD_MAXA, false); check_fold("vminav.s32", "r0, q1", 4, false, FD_MINA, false); }
Test(mve_int, vabav) { check_fold("vabav.s8", "r0, q1, q2", 1, false, FD_ABA, true); check_fold("vabav.u16", "r0, q1, q2", 2, true, FD_ABA, true); check_fold("vabav.s32", "r0, q1, q2", 4, false, FD_ABA, true); check_fold("vabav.u32", "r0, q1, q2", 4, true, FD_ABA, true); }

Test(mve_int, vmaxv_signed_result_sign_extends)
{
    tcpu_t *t = mv_new();
    fill8(t, 1, 0xF0);                 /* -16 everywhere */
    t->cpu->r[0] = 0x80;               /* -128 as the starting s8 */
    run_ok(t, "vmaxv.s8 r0, q1");
    cr_assert_eq(t->cpu->r[0], 0xFFFFFFF0u);
    tcpu_free(t);
}

Test(mve_int, vaddlv)
{
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned pi = 0; pi < 3; pi++) {
            for (unsigned u = 0; u < 2; u++) {
                for (unsigned acc = 0; acc < 2; acc++) {
                    char src[64];
                    snprintf(src, sizeof src, "vaddlv%s%s.%c32 r2, r3, q1", acc ? "a" : "", pi ? "t" : "", u ? 'u' : 's');
                    tcpu_t *t = run_red(src, k, red_p0[pi], red_r);
                    uint64_t a = acc ? (uint64_t)red_r[3] << 32 | red_r[2] : 0;
                    for (unsigned e = 0; e < 4; e++)
                        if ((red_p0[pi] >> (4 * e)) & 1u)
                            a += (uint64_t)el(set_a[k], e, 4, u);
                    cr_assert_eq((uint64_t)t->cpu->r[3] << 32 | t->cpu->r[2], a, "%s set %u", src, k);
                    tcpu_free(t);
                }
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* Predication                                                         */

Test(mve_int, vpst_writes_only_active_byte_lanes)
{
    tcpu_t *t = mv_new();
    fill8(t, 0, 0xEE);
    fill8(t, 1, 1);
    fill8(t, 2, 2);
    t->cpu->r[0] = 0x00F3;
    run_ok(t, "vmsr p0, r0\nvpst\nvaddt.i8 q0, q1, q2");
    for (unsigned i = 0; i < 16; i++)
        cr_assert_eq(q8(t, 0, i), ((0x00F3 >> i) & 1) ? 3 : 0xEE, "byte %u", i);
    tcpu_free(t);
}

Test(mve_int, vpst_partial_element_writes_its_active_bytes)
{
    tcpu_t *t = mv_new();
    setq32(t, 0, 0xEEEEEEEEu, 0xEEEEEEEEu, 0xEEEEEEEEu, 0xEEEEEEEEu);
    setq32(t, 1, 0x11223344u, 0, 0, 0);
    setq32(t, 2, 0x01010101u, 0, 0, 0);
    t->cpu->r[0] = 0x0006;      /* bytes 1 and 2 of element 0 only */
    run_ok(t, "vmsr p0, r0\nvpst\nvaddt.i32 q0, q1, q2");
    cr_assert_eq(q32(t, 0, 0), 0xEE2334EEu);
    cr_assert_eq(q32(t, 0, 1), 0xEEEEEEEEu);
    tcpu_free(t);
}

Test(mve_int, vpt_else_slot_inverts)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 1, 2, 3, 4);
    setq32(t, 2, 1, 0, 3, 0);
    setq32(t, 0, 0, 0, 0, 0);
    run_ok(t, "vpte.i32 eq, q1, q2\nvaddt.i32 q0, q1, q1\nvsube.i32 q0, q0, q1");
    cr_assert_eq(q32(t, 0, 0), 2u);
    cr_assert_eq(q32(t, 0, 1), (uint32_t)-2);
    cr_assert_eq(q32(t, 0, 2), 6u);
    cr_assert_eq(q32(t, 0, 3), (uint32_t)-4);
    tcpu_free(t);
}

Test(mve_int, saturation_in_inactive_lane_does_not_set_qc)
{
    tcpu_t *t = mv_new();
    setq32(t, 1, 0x7FFFFFFFu, 1, 1, 1);
    setq32(t, 2, 1, 1, 1, 1);
    t->cpu->r[0] = 0xFFF0;
    run_ok(t, "vmsr p0, r0\nvpst\nvqaddt.s32 q0, q1, q2");
    cr_assert(!qc(t));
    cr_assert_eq(q32(t, 0, 1), 2u);
    tcpu_free(t);
}

Test(mve_int, tail_predication_in_dlstp_loop)
{
    tcpu_t *t = mv_new();
    /* 5 halfwords of x + 1 with a tail-predicated loop: the second
     * iteration only writes the first lane; the reduction sees 5 elements */
    for (unsigned i = 0; i < 8; i++)
        tcpu_poke32(t, TCPU_DATA_ADDR + 4 * i, 0x00010001u * (i + 1));
    t->cpu->r[0] = TCPU_DATA_ADDR;
    t->cpu->r[1] = 5;
    t->cpu->r[2] = 0;
    run_ok(t, "movs r3, #1\n"
              "dlstp.16 lr, r1\n"
              "1: vldrh.u16 q0, [r0]\n"
              "vadd.i16 q0, q0, r3\n"
              "vaddva.u16 r2, q0\n"
              "vstrh.16 q0, [r0], #16\n"
              "letp lr, 1b");
    /* halfwords 1,1,2,2,3 plus one each */
    cr_assert_eq(t->cpu->r[2], 2u + 2 + 3 + 3 + 4);
    cr_assert_eq(tcpu_peek32(t, TCPU_DATA_ADDR + 8), 0x00030004u);
    cr_assert_eq(tcpu_peek32(t, TCPU_DATA_ADDR + 16), 0x00050005u);   /* past the tail: untouched */
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Decoding                                                            */

static void expect_undefined(uint32_t raw)
{
    tcpu_t *t = mv_new();
    uint16_t hw[2] = {(uint16_t)(raw >> 16), (uint16_t)raw};
    cr_assert_eq(tcpu_run_code(t, hw, 2), TCPU_FAULT, "%#x should be UNDEFINED", raw);
    tcpu_free(t);
}

Test(mve_int, q_registers_above_7_are_undefined)
{
    expect_undefined(0xEF020844u | (1u << 22));   /* vadd.i8 with D set */
    expect_undefined(0xEF020844u | (1u << 7));    /* N set */
    expect_undefined(0xEF020844u | (1u << 5));    /* M set */
}

Test(mve_int, pc_as_scalar_is_refused)
{
    expect_undefined(0xEE030F4Fu);   /* vadd.i8 q0, q1, pc */
    expect_undefined(0xEEE2FF02u);   /* vmaxv.s8 pc, q1 */
}

Test(mve_int, disassembly_uses_our_table)
{
    insn_t in;
    isa_decode(&in, 0xEF12, 0x0844);   /* vadd.i16 q0, q1, q2 */
    cr_assert_str_eq(in.pat->name, "vadd");
    cr_assert_eq(in.esize, 1);
    cr_assert_eq(in.rd, 0);
    cr_assert_eq(in.rn, 1);
    cr_assert_eq(in.rm, 2);
    isa_decode(&in, 0xEE92, 0x2F04);   /* vrmlaldavh.s32 r2, r3, q1, q2 */
    cr_assert_str_eq(in.pat->name, "vrmlaldavh");
    cr_assert_eq(in.rd, 2);
    cr_assert_eq(in.ra, 3);
    isa_decode(&in, 0xEE8D, 0x0F42);   /* vqshrnb.s16 q0, q1, #3 */
    cr_assert_str_eq(in.pat->name, "vqshrn");
    cr_assert_eq(in.imm, 3u);
}
