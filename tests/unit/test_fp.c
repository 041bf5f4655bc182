/* FPv5 floating point: arithmetic (denormals, infinities, signed zeros,
 * NaN propagation, rounding modes, FZ, DN, AHP, exception flags), compares,
 * conversions, VRINT, VSEL/VMAXNM, moves, loads/stores, system registers,
 * the FP16 forms, and the fast host paths against the soft reference.
 * Expected values follow the Arm ARM pseudocode; the arithmetic was also
 * checked against QEMU's mps3-an547 on a million random operations. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../isa/fp_ops.h"
#include "../../isa/insn.h"
#include "harness.h"

#define QNAN32 0x7FC00000u
#define FLAGS_MASK (FPSCR_IDC | FPSCR_IXC | FPSCR_UFC | FPSCR_OFC | FPSCR_DZC | FPSCR_IOC)

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static uint64_t db(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

/* A core with an active FP context (so that FPDSCR does not replace the
 * FPSCR set here on the first FP instruction). */
static tcpu_t *fp_new(uint32_t fpscr)
{
    tcpu_t *t = tcpu_new();
    t->cpu->control |= CONTROL_FPCA;
    t->cpu->fpscr = fpscr;
    return t;
}

static void run_ok(tcpu_t *t, const char *src)
{
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "did not complete: %s", src);
}

static uint32_t flags(const tcpu_t *t)
{
    return t->cpu->fpscr & FLAGS_MASK;
}

static uint32_t rmode(enum fp_rounding r)
{
    return (uint32_t)r << FPSCR_RMODE_SHIFT;
}

/* Run "op s0, s1, s2" with s0 = acc, s1 = a, s2 = b; returns s0. */
static uint32_t acc3_s(uint32_t fpscr, const char *op, uint32_t acc, uint32_t a, uint32_t b, uint32_t *out_fpscr)
{
    tcpu_t *t = fp_new(fpscr);
    t->cpu->fp.s[0] = acc;
    t->cpu->fp.s[1] = a;
    t->cpu->fp.s[2] = b;
    char src[64];
    snprintf(src, sizeof src, "%s s0, s1, s2", op);
    run_ok(t, src);
    uint32_t r = t->cpu->fp.s[0];
    if (out_fpscr)
        *out_fpscr = t->cpu->fpscr;
    tcpu_free(t);
    return r;
}

static uint32_t op3_s(uint32_t fpscr, const char *op, uint32_t a, uint32_t b, uint32_t *out_fpscr)
{
    return acc3_s(fpscr, op, 0xDEADBEEFu, a, b, out_fpscr);
}

/* The same with d0, d1, d2. */
static uint64_t acc3_d(uint32_t fpscr, const char *op, uint64_t acc, uint64_t a, uint64_t b, uint32_t *out_fpscr)
{
    tcpu_t *t = fp_new(fpscr);
    t->cpu->fp.d[0] = acc;
    t->cpu->fp.d[1] = a;
    t->cpu->fp.d[2] = b;
    char src[64];
    snprintf(src, sizeof src, "%s d0, d1, d2", op);
    run_ok(t, src);
    uint64_t r = t->cpu->fp.d[0];
    if (out_fpscr)
        *out_fpscr = t->cpu->fpscr;
    tcpu_free(t);
    return r;
}

static uint64_t op3_d(uint32_t fpscr, const char *op, uint64_t a, uint64_t b, uint32_t *out_fpscr)
{
    return acc3_d(fpscr, op, 0xDEADBEEFDEADBEEFull, a, b, out_fpscr);
}

/* Run "op s0, s1" (two-operand forms and conversions into S0). */
static uint32_t op2_s(uint32_t fpscr, const char *op, uint32_t a, uint32_t *out_fpscr)
{
    tcpu_t *t = fp_new(fpscr);
    t->cpu->fp.s[0] = 0xDEADBEEFu;
    t->cpu->fp.s[1] = a;
    char src[64];
    snprintf(src, sizeof src, "%s s0, s1", op);
    run_ok(t, src);
    uint32_t r = t->cpu->fp.s[0];
    if (out_fpscr)
        *out_fpscr = t->cpu->fpscr;
    tcpu_free(t);
    return r;
}

/* ------------------------------------------------------------------ */
/* single precision arithmetic                                         */

Test(fp, vadd_f32_exact)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vadd.f32", fb(1.5f), fb(2.25f), &s), fb(3.75f));
    cr_assert_eq(s & FLAGS_MASK, 0);
}

Test(fp, vadd_f32_inexact_sets_ixc)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vadd.f32", fb(1.0f), 0x30800000u /* 2^-30 */, &s), fb(1.0f));
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC);
}

Test(fp, vsub_f32_exact_zero_is_plus_zero_except_round_down)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vsub.f32", fb(3.0f), fb(3.0f), &s), 0x00000000u);
    cr_assert_eq(op3_s(rmode(FPR_NEGINF), "vsub.f32", fb(3.0f), fb(3.0f), &s), 0x80000000u);
    cr_assert_eq(s & FLAGS_MASK, 0);
}

Test(fp, vadd_f32_signed_zeros)
{
    cr_assert_eq(op3_s(0, "vadd.f32", 0x80000000u, 0x80000000u, NULL), 0x80000000u);
    cr_assert_eq(op3_s(0, "vadd.f32", 0x00000000u, 0x80000000u, NULL), 0x00000000u);
    cr_assert_eq(op3_s(rmode(FPR_NEGINF), "vadd.f32", 0x00000000u, 0x80000000u, NULL), 0x80000000u);
}

Test(fp, vadd_f32_rounding_modes)
{
    /* 1 + 3*2^-25: between 1 and 1 + 2^-23, nearer to 1 + 2^-23 */
    uint32_t b = 0x33C00000u;
    cr_assert_eq(op3_s(rmode(FPR_TIEEVEN), "vadd.f32", fb(1.0f), b, NULL), 0x3F800001u);
    cr_assert_eq(op3_s(rmode(FPR_POSINF), "vadd.f32", fb(1.0f), b, NULL), 0x3F800001u);
    cr_assert_eq(op3_s(rmode(FPR_NEGINF), "vadd.f32", fb(1.0f), b, NULL), 0x3F800000u);
    cr_assert_eq(op3_s(rmode(FPR_ZERO), "vadd.f32", fb(1.0f), b, NULL), 0x3F800000u);
    /* negative: -1 - 3*2^-25 */
    cr_assert_eq(op3_s(rmode(FPR_POSINF), "vsub.f32", fb(-1.0f), b, NULL), 0xBF800000u);
    cr_assert_eq(op3_s(rmode(FPR_NEGINF), "vsub.f32", fb(-1.0f), b, NULL), 0xBF800001u);
    cr_assert_eq(op3_s(rmode(FPR_ZERO), "vsub.f32", fb(-1.0f), b, NULL), 0xBF800000u);
}

Test(fp, vadd_f32_tie_rounds_to_even)
{
    /* 1 + 2^-24 is exactly half way: stays 1; (1 + 2^-23) + 2^-24 goes up */
    cr_assert_eq(op3_s(0, "vadd.f32", 0x3F800000u, 0x33800000u, NULL), 0x3F800000u);
    cr_assert_eq(op3_s(0, "vadd.f32", 0x3F800001u, 0x33800000u, NULL), 0x3F800002u);
}

Test(fp, vmul_f32_overflow_by_rounding_mode)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vmul.f32", 0x7F7FFFFFu, fb(2.0f), &s), 0x7F800000u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_OFC | FPSCR_IXC);
    cr_assert_eq(op3_s(rmode(FPR_ZERO), "vmul.f32", 0x7F7FFFFFu, fb(2.0f), NULL), 0x7F7FFFFFu);
    cr_assert_eq(op3_s(rmode(FPR_NEGINF), "vmul.f32", 0x7F7FFFFFu, fb(2.0f), NULL), 0x7F7FFFFFu);
    cr_assert_eq(op3_s(rmode(FPR_NEGINF), "vmul.f32", 0xFF7FFFFFu, fb(2.0f), NULL), 0xFF800000u);
    cr_assert_eq(op3_s(rmode(FPR_POSINF), "vmul.f32", 0xFF7FFFFFu, fb(2.0f), NULL), 0xFF7FFFFFu);
}

Test(fp, vmul_f32_denormal_results)
{
    uint32_t s;
    /* exact denormal: no underflow */
    cr_assert_eq(op3_s(0, "vmul.f32", 0x00800000u, fb(0.5f), &s), 0x00400000u);
    cr_assert_eq(s & FLAGS_MASK, 0);
    /* inexact denormal: underflow and inexact */
    cr_assert_eq(op3_s(0, "vmul.f32", 0x00800001u, fb(0.5f), &s), 0x00400000u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_UFC | FPSCR_IXC);
    /* denormal operands work without FZ */
    cr_assert_eq(op3_s(0, "vmul.f32", 0x00000003u, fb(4.0f), &s), 0x0000000Cu);
    cr_assert_eq(s & FLAGS_MASK, 0);
}

Test(fp, underflow_is_detected_before_rounding)
{
    uint32_t s;
    /* (1 - 2^-24) * 2^-126 rounds up to the smallest normal, but was tiny */
    cr_assert_eq(op3_s(0, "vmul.f32", 0x3F7FFFFFu, 0x00800000u, &s), 0x00800000u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_UFC | FPSCR_IXC);
}

Test(fp, vdiv_f32_cases)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vdiv.f32", fb(1.0f), fb(3.0f), &s), fb(1.0f / 3.0f));
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC);
    cr_assert_eq(op3_s(0, "vdiv.f32", fb(-6.0f), fb(3.0f), &s), fb(-2.0f));
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op3_s(0, "vdiv.f32", fb(1.0f), 0x80000000u, &s), 0xFF800000u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_DZC);
    cr_assert_eq(op3_s(0, "vdiv.f32", 0x7F800000u, 0x00000000u, &s), 0x7F800000u);
    cr_assert_eq(s & FLAGS_MASK, 0, "inf / 0 is not a division by zero");
    cr_assert_eq(op3_s(0, "vdiv.f32", 0x00000000u, 0x00000000u, &s), QNAN32);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op3_s(0, "vdiv.f32", 0x7F800000u, 0xFF800000u, &s), QNAN32);
    cr_assert_eq(op3_s(0, "vdiv.f32", fb(5.0f), 0xFF800000u, NULL), 0x80000000u);
}

Test(fp, vsqrt_f32_cases)
{
    uint32_t s;
    cr_assert_eq(op2_s(0, "vsqrt.f32", fb(4.0f), &s), fb(2.0f));
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op2_s(0, "vsqrt.f32", fb(2.0f), &s), 0x3FB504F3u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC);
    cr_assert_eq(op2_s(0, "vsqrt.f32", 0x80000000u, &s), 0x80000000u);
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op2_s(0, "vsqrt.f32", fb(-1.0f), &s), QNAN32);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op2_s(0, "vsqrt.f32", 0x7F800000u, NULL), 0x7F800000u);
    cr_assert_eq(op2_s(0, "vsqrt.f32", 0x00000001u, NULL), 0x1A3504F3u);   /* sqrt(2^-149) */
}

Test(fp, infinity_arithmetic)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vadd.f32", 0x7F800000u, 0xFF800000u, &s), QNAN32);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op3_s(0, "vadd.f32", 0x7F800000u, 0x7F800000u, &s), 0x7F800000u);
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op3_s(0, "vsub.f32", fb(1.0f), 0x7F800000u, NULL), 0xFF800000u);
    cr_assert_eq(op3_s(0, "vmul.f32", 0x7F800000u, 0x80000000u, &s), QNAN32);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op3_s(0, "vmul.f32", 0xFF800000u, fb(-2.0f), NULL), 0x7F800000u);
}

Test(fp, nan_propagation_quiet_keeps_payload)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vadd.f32", 0x7FC12345u, fb(1.0f), &s), 0x7FC12345u);
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op3_s(0, "vmul.f32", fb(1.0f), 0xFFC00042u, &s), 0xFFC00042u);
    /* two quiet NaNs: the first operand wins */
    cr_assert_eq(op3_s(0, "vsub.f32", 0x7FC00001u, 0x7FC00002u, NULL), 0x7FC00001u);
}

Test(fp, nan_propagation_signalling_is_quieted_and_wins)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vadd.f32", fb(1.0f), 0x7F800001u, &s), 0x7FC00001u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    /* a signalling NaN in the second operand beats a quiet one in the first */
    cr_assert_eq(op3_s(0, "vadd.f32", 0x7FC00005u, 0xFF800007u, &s), 0xFFC00007u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    /* a subtraction does not flip the NaN's sign */
    cr_assert_eq(op3_s(0, "vsub.f32", fb(1.0f), 0x7FC00009u, NULL), 0x7FC00009u);
}

Test(fp, default_nan_mode)
{
    uint32_t s;
    cr_assert_eq(op3_s(FPSCR_DN, "vadd.f32", 0xFFC12345u, fb(1.0f), &s), QNAN32);
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op3_s(FPSCR_DN, "vmul.f32", 0x7F800001u, fb(1.0f), &s), QNAN32);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op2_s(FPSCR_DN, "vsqrt.f32", 0xFF812345u, NULL), QNAN32);
}

Test(fp, flush_to_zero_inputs_set_idc)
{
    uint32_t s;
    /* denormal + 1.0: the denormal counts as zero, so the result is exact */
    cr_assert_eq(op3_s(FPSCR_FZ, "vadd.f32", 0x00000010u, fb(1.0f), &s), fb(1.0f));
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IDC);
    /* -denormal * 2 = -0 */
    cr_assert_eq(op3_s(FPSCR_FZ, "vmul.f32", 0x80000010u, fb(2.0f), &s), 0x80000000u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IDC);
    /* without FZ the same operation is exact and normal */
    cr_assert_eq(op3_s(0, "vmul.f32", 0x80000010u, fb(2.0f), &s), 0x80000020u);
    cr_assert_eq(s & FLAGS_MASK, 0);
}

Test(fp, flush_to_zero_results_set_ufc_without_ixc)
{
    uint32_t s;
    cr_assert_eq(op3_s(FPSCR_FZ, "vmul.f32", 0x00800000u, fb(0.5f), &s), 0x00000000u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_UFC);
    cr_assert_eq(op3_s(FPSCR_FZ, "vmul.f32", 0x80800000u, fb(0.5f), &s), 0x80000000u);
    /* tiny before rounding: flushed even though it would round to normal */
    cr_assert_eq(op3_s(FPSCR_FZ, "vmul.f32", 0x3F7FFFFFu, 0x00800000u, &s), 0x00000000u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_UFC);
}

Test(fp, flags_are_cumulative)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[1] = fb(1.0f);
    t->cpu->fp.s[2] = fb(3.0f);
    t->cpu->fp.s[3] = 0;
    run_ok(t, "vdiv.f32 s0, s1, s2\nvdiv.f32 s4, s1, s3\nvadd.f32 s5, s1, s1");
    cr_assert_eq(flags(t), FPSCR_IXC | FPSCR_DZC);
    tcpu_free(t);
}

Test(fp, vnmul_and_vneg_vabs)
{
    cr_assert_eq(op3_s(0, "vnmul.f32", fb(2.0f), fb(3.0f), NULL), fb(-6.0f));
    cr_assert_eq(op3_s(0, "vnmul.f32", 0x7FC00001u, fb(3.0f), NULL), 0xFFC00001u, "FPNeg flips NaNs too");
    uint32_t s;
    cr_assert_eq(op2_s(0, "vneg.f32", 0x7F800001u, &s), 0xFF800001u);
    cr_assert_eq(s & FLAGS_MASK, 0, "VNEG of a signalling NaN raises nothing");
    cr_assert_eq(op2_s(0, "vabs.f32", 0xFFC00003u, NULL), 0x7FC00003u);
    cr_assert_eq(op2_s(0, "vabs.f32", 0x80000000u, NULL), 0x00000000u);
}

/* ------------------------------------------------------------------ */
/* multiply-accumulate                                                 */

Test(fp, vfma_is_fused_vmla_is_not)
{
    /* (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: the product alone rounds to
     * 1 + 2^-11, so the non-fused sum with -(1 + 2^-11) is 0. */
    tcpu_t *t = fp_new(0);
    uint32_t a = 0x3F800800u, c = 0xBF801000u;
    t->cpu->fp.s[1] = a;
    t->cpu->fp.s[2] = a;
    t->cpu->fp.s[0] = c;
    t->cpu->fp.s[3] = c;
    run_ok(t, "vfma.f32 s0, s1, s2\nvmla.f32 s3, s1, s2");
    cr_assert_eq(t->cpu->fp.s[0], 0x33800000u, "fused: 2^-24");
    cr_assert_eq(t->cpu->fp.s[3], 0x00000000u, "non-fused: 0");
    tcpu_free(t);
}

Test(fp, multiply_accumulate_family_signs)
{
    /* d = 10, n = 2, m = 3 */
    static const struct { const char *op; float want; } cases[] = {
        {"vmla", 16.0f},  {"vmls", 4.0f},   {"vnmla", -16.0f}, {"vnmls", -4.0f},
        {"vfma", 16.0f},  {"vfms", 4.0f},   {"vfnma", -16.0f}, {"vfnms", -4.0f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char op[16];
        snprintf(op, sizeof op, "%s.f32", cases[i].op);
        cr_assert_eq(acc3_s(0, op, fb(10.0f), fb(2.0f), fb(3.0f), NULL), fb(cases[i].want), "%s", op);
        snprintf(op, sizeof op, "%s.f64", cases[i].op);
        cr_assert_eq(acc3_d(0, op, db(10.0), db(2.0), db(3.0), NULL), db(cases[i].want), "%s", op);
    }
}

Test(fp, vfma_quiet_nan_addend_with_inf_times_zero_is_invalid)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0x7FC00042u;
    t->cpu->fp.s[1] = 0x7F800000u;
    t->cpu->fp.s[2] = 0x00000000u;
    run_ok(t, "vfma.f32 s0, s1, s2");
    cr_assert_eq(t->cpu->fp.s[0], QNAN32);
    cr_assert_eq(flags(t), FPSCR_IOC);
    tcpu_free(t);
}

Test(fp, vfma_nan_operand_order)
{
    /* FPMulAdd processes the addend first, then the two factors */
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0x7FC00001u;
    t->cpu->fp.s[1] = 0x7F800002u;   /* signalling beats the quiet addend */
    t->cpu->fp.s[2] = fb(1.0f);
    t->cpu->fp.s[3] = 0x7FC00003u;
    t->cpu->fp.s[4] = fb(1.0f);
    t->cpu->fp.s[5] = 0x7FC00005u;
    run_ok(t, "vfma.f32 s0, s1, s2\nvfma.f32 s3, s4, s5");
    cr_assert_eq(t->cpu->fp.s[0], 0x7FC00002u);
    cr_assert_eq(t->cpu->fp.s[3], 0x7FC00003u);
    tcpu_free(t);
}

Test(fp, vfms_negates_a_nan_operand)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = fb(1.0f);
    t->cpu->fp.s[1] = 0x7FC00001u;
    t->cpu->fp.s[2] = fb(1.0f);
    run_ok(t, "vfms.f32 s0, s1, s2");
    cr_assert_eq(t->cpu->fp.s[0], 0xFFC00001u);
    tcpu_free(t);
}

Test(fp, vfma_exact_zero_sign)
{
    tcpu_t *t = fp_new(rmode(FPR_NEGINF));
    t->cpu->fp.s[0] = fb(-6.0f);
    t->cpu->fp.s[1] = fb(2.0f);
    t->cpu->fp.s[2] = fb(3.0f);
    t->cpu->fp.s[3] = 0x80000000u;
    t->cpu->fp.s[4] = 0x80000000u;
    t->cpu->fp.s[5] = fb(1.0f);
    run_ok(t, "vfma.f32 s0, s1, s2\nvfma.f32 s3, s4, s5");
    cr_assert_eq(t->cpu->fp.s[0], 0x80000000u, "x - x rounds to -0 when rounding down");
    cr_assert_eq(t->cpu->fp.s[3], 0x80000000u, "-0 + -0*1 = -0");
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* double precision                                                    */

Test(fp, vadd_vsub_f64)
{
    uint32_t s;
    cr_assert_eq(op3_d(0, "vadd.f64", db(0.1), db(0.2), &s), db(0.1 + 0.2));
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC);
    cr_assert_eq(op3_d(0, "vsub.f64", db(1.5), db(1.5), &s), 0);
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op3_d(rmode(FPR_POSINF), "vadd.f64", db(1.0), 0x3C90000000000000ull, NULL),
                 0x3FF0000000000001ull);
}

Test(fp, vmul_vdiv_f64)
{
    uint32_t s;
    cr_assert_eq(op3_d(0, "vmul.f64", db(1.5), db(-4.0), &s), db(-6.0));
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op3_d(0, "vdiv.f64", db(1.0), db(3.0), &s), db(1.0 / 3.0));
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC);
    cr_assert_eq(op3_d(0, "vmul.f64", 0x7FEFFFFFFFFFFFFFull, db(2.0), &s), 0x7FF0000000000000ull);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_OFC | FPSCR_IXC);
    cr_assert_eq(op3_d(0, "vmul.f64", 0x0010000000000001ull, db(0.5), &s), 0x0008000000000000ull);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_UFC | FPSCR_IXC);
    cr_assert_eq(op3_d(0, "vdiv.f64", db(-1.0), 0, &s), 0xFFF0000000000000ull);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_DZC);
}

Test(fp, vsqrt_f64)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.d[1] = db(2.0);
    t->cpu->fp.d[3] = db(-2.0);
    run_ok(t, "vsqrt.f64 d0, d1\nvsqrt.f64 d2, d3");
    cr_assert_eq(t->cpu->fp.d[0], 0x3FF6A09E667F3BCDull);
    cr_assert_eq(t->cpu->fp.d[2], 0x7FF8000000000000ull);
    cr_assert_eq(flags(t), FPSCR_IXC | FPSCR_IOC);
    tcpu_free(t);
}

Test(fp, vfma_f64_is_fused)
{
    /* (1 + 2^-30)^2 - (1 + 2^-29) = 2^-60 exactly */
    tcpu_t *t = fp_new(0);
    t->cpu->fp.d[0] = 0xBFF0000000800000ull;
    t->cpu->fp.d[1] = 0x3FF0000000400000ull;
    t->cpu->fp.d[2] = 0x3FF0000000400000ull;
    run_ok(t, "vfma.f64 d0, d1, d2");
    cr_assert_eq(t->cpu->fp.d[0], 0x3C30000000000000ull);
    cr_assert_eq(flags(t), 0);
    tcpu_free(t);
}

Test(fp, nan_f64)
{
    uint32_t s;
    cr_assert_eq(op3_d(0, "vadd.f64", 0x7FF0000000000123ull, db(1.0), &s), 0x7FF8000000000123ull);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op3_d(FPSCR_DN, "vadd.f64", 0xFFF8000000000123ull, db(1.0), NULL), 0x7FF8000000000000ull);
    cr_assert_eq(op3_d(0, "vsub.f64", 0x7FF0000000000000ull, 0x7FF0000000000000ull, NULL),
                 0x7FF8000000000000ull);
}

Test(fp, flush_to_zero_f64)
{
    uint32_t s;
    cr_assert_eq(op3_d(FPSCR_FZ, "vadd.f64", 0x8000000000000001ull, db(-0.0), &s), 0x8000000000000000ull);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IDC);
    cr_assert_eq(op3_d(FPSCR_FZ, "vmul.f64", 0x0010000000000000ull, db(0.25), &s), 0);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_UFC);
}

Test(fp, f64_ops_leave_other_registers)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.d[1] = db(1.0);
    t->cpu->fp.d[2] = db(2.0);
    t->cpu->fp.s[6] = 0x11111111u;
    run_ok(t, "vadd.f64 d15, d1, d2\nvmov.f64 d0, d15");
    cr_assert_eq(t->cpu->fp.d[15], db(3.0));
    cr_assert_eq(t->cpu->fp.d[0], db(3.0));
    cr_assert_eq(t->cpu->fp.s[6], 0x11111111u);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* half precision                                                      */

Test(fp, f16_arithmetic_zero_extends)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0xFFFFFFFFu;
    t->cpu->fp.s[1] = 0xABCD3C00u;   /* 1.0 in the bottom half, junk on top */
    t->cpu->fp.s[2] = 0x12344000u;   /* 2.0 */
    run_ok(t, "vadd.f16 s0, s1, s2");
    cr_assert_eq(t->cpu->fp.s[0], 0x00004200u, "3.0, upper half zeroed");
    tcpu_free(t);
}

Test(fp, f16_overflow_denormal_and_fma)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vmul.f16", 0x7BFFu, 0x4000u, &s), 0x7C00u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_OFC | FPSCR_IXC);
    cr_assert_eq(op3_s(0, "vmul.f16", 0x0400u, 0x3800u, &s), 0x0200u);   /* exact denormal */
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op3_s(0, "vdiv.f16", 0x3C00u, 0x4200u, &s), 0x3555u);   /* 1/3 */
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC);
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0x3C00u;   /* 1 */
    t->cpu->fp.s[1] = 0x4000u;   /* 2 */
    t->cpu->fp.s[2] = 0x4200u;   /* 3 */
    run_ok(t, "vfma.f16 s0, s1, s2\nvsqrt.f16 s3, s1");
    cr_assert_eq(t->cpu->fp.s[0], 0x4700u, "7.0");
    cr_assert_eq(t->cpu->fp.s[3], 0x3DA8u, "sqrt(2)");
    tcpu_free(t);
}

Test(fp, f16_nan_and_flush)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vadd.f16", 0x7D00u, 0x3C00u, &s), 0x7F00u);   /* SNaN quieted */
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    /* FZ16 flushes half denormals (without IDC); FZ does not apply */
    cr_assert_eq(op3_s(FPSCR_FZ16, "vadd.f16", 0x0001u, 0x0000u, &s), 0x0000u);
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op3_s(FPSCR_FZ, "vadd.f16", 0x0001u, 0x0000u, &s), 0x0001u);
}

Test(fp, vins_vmovx)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0x11112222u;
    t->cpu->fp.s[1] = 0x33334444u;
    t->cpu->fp.s[2] = 0xAAAABBBBu;
    run_ok(t, "vins.f16 s0, s1\nvmovx.f16 s3, s2");
    cr_assert_eq(t->cpu->fp.s[0], 0x44442222u);
    cr_assert_eq(t->cpu->fp.s[3], 0x0000AAAAu);
    tcpu_free(t);
}

Test(fp, vmov_f16_core_transfers)
{
    tcpu_t *t = fp_new(0);
    t->cpu->r[0] = 0x12345678u;
    t->cpu->fp.s[3] = 0xCAFEBABEu;
    run_ok(t, "vmov.f16 s1, r0\nvmov.f16 r1, s3");
    cr_assert_eq(t->cpu->fp.s[1], 0x00005678u);
    cr_assert_eq(t->cpu->r[1], 0x0000BABEu);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* compares                                                            */

static unsigned cmp_flags(const char *op, uint32_t a, uint32_t b, uint32_t fpscr, uint32_t *fl)
{
    tcpu_t *t = fp_new(fpscr);
    t->cpu->fp.s[0] = a;
    t->cpu->fp.s[1] = b;
    char src[80];
    snprintf(src, sizeof src, "%s s0, s1\nvmrs APSR_nzcv, fpscr", op);
    run_ok(t, src);
    unsigned nzcv = tcpu_nzcv(t);
    cr_assert_eq(t->cpu->fpscr >> 28, nzcv, "FPSCR.NZCV and APSR agree");
    if (fl)
        *fl = flags(t);
    tcpu_free(t);
    return nzcv;
}

Test(fp, vcmp_orders)
{
    cr_assert_eq(cmp_flags("vcmp.f32", fb(1.0f), fb(2.0f), 0, NULL), 0x8u);
    cr_assert_eq(cmp_flags("vcmp.f32", fb(2.0f), fb(2.0f), 0, NULL), 0x6u);
    cr_assert_eq(cmp_flags("vcmp.f32", fb(3.0f), fb(2.0f), 0, NULL), 0x2u);
    cr_assert_eq(cmp_flags("vcmp.f32", 0x80000000u, 0x00000000u, 0, NULL), 0x6u, "-0 == +0");
    cr_assert_eq(cmp_flags("vcmp.f32", 0xFF800000u, 0xFF7FFFFFu, 0, NULL), 0x8u);
    cr_assert_eq(cmp_flags("vcmp.f32", 0x7F800000u, 0x7F800000u, 0, NULL), 0x6u);
    cr_assert_eq(cmp_flags("vcmp.f32", 0x00000001u, 0x00000000u, 0, NULL), 0x2u, "denormal > 0");
}

Test(fp, vcmp_unordered_and_invalid)
{
    uint32_t fl;
    cr_assert_eq(cmp_flags("vcmp.f32", 0x7FC00000u, fb(1.0f), 0, &fl), 0x3u);
    cr_assert_eq(fl, 0, "VCMP of a quiet NaN is quiet");
    cr_assert_eq(cmp_flags("vcmpe.f32", 0x7FC00000u, fb(1.0f), 0, &fl), 0x3u);
    cr_assert_eq(fl, FPSCR_IOC, "VCMPE signals on quiet NaNs");
    cr_assert_eq(cmp_flags("vcmp.f32", fb(1.0f), 0x7F800001u, 0, &fl), 0x3u);
    cr_assert_eq(fl, FPSCR_IOC, "VCMP signals on signalling NaNs");
}

Test(fp, vcmp_flush_to_zero)
{
    uint32_t fl;
    cr_assert_eq(cmp_flags("vcmp.f32", 0x00000001u, 0x00000000u, FPSCR_FZ, &fl), 0x6u);
    cr_assert_eq(fl, FPSCR_IDC);
}

Test(fp, vcmp_with_zero_and_f64)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0x80000000u;
    t->cpu->fp.d[1] = db(-3.0);
    t->cpu->fp.d[2] = db(-3.0);
    run_ok(t, "vcmp.f32 s0, #0.0\nvmrs r0, fpscr\nvcmpe.f64 d1, #0.0\nvmrs r1, fpscr\n"
              "vcmp.f64 d1, d2\nvmrs r2, fpscr");
    cr_assert_eq(t->cpu->r[0] >> 28, 0x6u);
    cr_assert_eq(t->cpu->r[1] >> 28, 0x8u);
    cr_assert_eq(t->cpu->r[2] >> 28, 0x6u);
    tcpu_free(t);
}

Test(fp, vcmp_drives_conditional_code)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = fb(1.0f);
    t->cpu->fp.s[1] = 0x7FC00000u;
    t->cpu->fp.s[2] = fb(5.0f);
    t->cpu->fp.s[3] = fb(7.0f);
    /* unordered: LT true (N != V), GE false, VS true */
    run_ok(t, "vcmp.f32 s0, s1\nvmrs APSR_nzcv, fpscr\nmovs r0, #0\nmovs r1, #0\nmovs r2, #0\n"
              "it lt\nmovlt r0, #1\nit ge\nmovge r1, #1\nit vs\nmovvs r2, #1\n"
              "vcmp.f32 s2, s3\nvmrs APSR_nzcv, fpscr\nit lt\nvaddlt.f32 s4, s2, s3");
    cr_assert_eq(t->cpu->r[0], 1);
    cr_assert_eq(t->cpu->r[1], 0);
    cr_assert_eq(t->cpu->r[2], 1);
    cr_assert_eq(t->cpu->fp.s[4], fb(12.0f));
    tcpu_free(t);
}

Test(fp, f16_compare)
{
    uint32_t fl;
    cr_assert_eq(cmp_flags("vcmp.f16", 0x3C00u, 0x4000u, 0, NULL), 0x8u);
    cr_assert_eq(cmp_flags("vcmpe.f16", 0x7E00u, 0x4000u, 0, &fl), 0x3u);
    cr_assert_eq(fl, FPSCR_IOC);
}

/* ------------------------------------------------------------------ */
/* moves                                                               */

Test(fp, vmov_immediates)
{
    tcpu_t *t = fp_new(0);
    run_ok(t, "vmov.f32 s0, #1.0\nvmov.f32 s1, #-0.125\nvmov.f32 s2, #31.0\n"
              "vmov.f64 d2, #-31.0\nvmov.f64 d3, #0.5\nvmov.f16 s8, #1.5");
    cr_assert_eq(t->cpu->fp.s[0], fb(1.0f));
    cr_assert_eq(t->cpu->fp.s[1], fb(-0.125f));
    cr_assert_eq(t->cpu->fp.s[2], fb(31.0f));
    cr_assert_eq(t->cpu->fp.d[2], db(-31.0));
    cr_assert_eq(t->cpu->fp.d[3], db(0.5));
    cr_assert_eq(t->cpu->fp.s[8], 0x00003E00u);
    tcpu_free(t);
}

Test(fp, vmov_registers_and_core)
{
    tcpu_t *t = fp_new(0);
    t->cpu->r[0] = 0x40490FDBu;
    t->cpu->fp.d[5] = 0x0123456789ABCDEFull;
    run_ok(t, "vmov s31, r0\nvmov.f32 s1, s31\nvmov r1, s1\nvmov.f64 d6, d5");
    cr_assert_eq(t->cpu->fp.s[31], 0x40490FDBu);
    cr_assert_eq(t->cpu->fp.s[1], 0x40490FDBu);
    cr_assert_eq(t->cpu->r[1], 0x40490FDBu);
    cr_assert_eq(t->cpu->fp.d[6], 0x0123456789ABCDEFull);
    tcpu_free(t);
}

Test(fp, vmov_two_core_registers)
{
    tcpu_t *t = fp_new(0);
    t->cpu->r[2] = 0x89ABCDEFu;
    t->cpu->r[3] = 0x01234567u;
    t->cpu->fp.s[6] = 0x11111111u;
    t->cpu->fp.s[7] = 0x22222222u;
    run_ok(t, "vmov d9, r2, r3\nvmov r4, r5, d9\nvmov s30, s31, r2, r3\nvmov r6, r7, s6, s7");
    cr_assert_eq(t->cpu->fp.d[9], 0x0123456789ABCDEFull);
    cr_assert_eq(t->cpu->r[4], 0x89ABCDEFu);
    cr_assert_eq(t->cpu->r[5], 0x01234567u);
    cr_assert_eq(t->cpu->fp.s[30], 0x89ABCDEFu);
    cr_assert_eq(t->cpu->fp.s[31], 0x01234567u);
    cr_assert_eq(t->cpu->r[6], 0x11111111u);
    cr_assert_eq(t->cpu->r[7], 0x22222222u);
    tcpu_free(t);
}

Test(fp, vmov_scalar)
{
    tcpu_t *t = fp_new(0);
    t->cpu->r[0] = 0xAAAA5555u;
    t->cpu->fp.d[15] = 0x1111111122222222ull;
    run_ok(t, "vmov.32 d3[1], r0\nvmov.32 d3[0], r0\nvmov.32 r1, d15[1]\nvmov.32 r2, d15[0]");
    cr_assert_eq(t->cpu->fp.d[3], 0xAAAA5555AAAA5555ull);
    cr_assert_eq(t->cpu->r[1], 0x11111111u);
    cr_assert_eq(t->cpu->r[2], 0x22222222u);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* system registers                                                    */

Test(fp, vmrs_vmsr_fpscr)
{
    tcpu_t *t = fp_new(0);
    t->cpu->r[0] = 0xFFFFFFFFu;
    run_ok(t, "vmsr fpscr, r0\nvmrs r1, fpscr\nvmrs r2, fpscr_nzcvqc\nmovs r3, #0\n"
              "vmsr fpscr_nzcvqc, r3\nvmrs r4, fpscr");
    /* LTPSIZE is part of the register as VMRS/VMSR see it */
    cr_assert_eq(t->cpu->r[1], 0xFFCF009Fu);
    cr_assert_eq(t->cpu->r[2], 0xF8000000u);
    cr_assert_eq(t->cpu->r[4], 0x07CF009Fu);
    cr_assert_eq(t->cpu->lo_ltpsize, 7u);
    tcpu_free(t);
}

Test(fp, vmrs_apsr_nzcv)
{
    tcpu_t *t = fp_new(0xA0000000u);
    tcpu_set_nzcv(t, 0x5);
    run_ok(t, "vmrs APSR_nzcv, fpscr");
    cr_assert_eq(tcpu_nzcv(t), 0xAu);
    tcpu_free(t);
}

Test(fp, vmrs_vmsr_vpr_and_p0)
{
    tcpu_t *t = fp_new(0);
    t->cpu->r[0] = 0xFFFFFFFFu;
    t->cpu->r[1] = 0x12345678u;
    run_ok(t, "vmsr vpr, r0\nvmrs r2, vpr\nvmsr p0, r1\nvmrs r3, vpr\nvmrs r4, p0");
    cr_assert_eq(t->cpu->r[2], 0x00FFFFFFu);
    cr_assert_eq(t->cpu->r[3], 0x00FF5678u);
    cr_assert_eq(t->cpu->r[4], 0x00005678u);
    cr_assert_eq(t->cpu->vpr, 0x00FF5678u);
    tcpu_free(t);
}

Test(fp, vldr_vstr_system_registers)
{
    tcpu_t *t = fp_new(0x00400000u);
    uint32_t base = TCPU_DATA_ADDR + 0x100;
    t->cpu->r[0] = base;
    t->cpu->r[1] = base + 0x100;
    tcpu_poke32(t, base + 4, 0x02000000u);   /* DN */
    t->cpu->vpr = 0x00ABF00Fu;
    run_ok(t, "vstr FPSCR, [r0]\nvldr FPSCR, [r0, #4]\nvstr VPR, [r0, #8]!\nvstr P0, [r1], #-4");
    cr_assert_eq(tcpu_peek32(t, base), 0x00440000u, "FPSCR with LTPSIZE");
    cr_assert_eq(t->cpu->fpscr, 0x02000000u);
    cr_assert_eq(tcpu_peek32(t, base + 8), 0x00ABF00Fu);
    cr_assert_eq(t->cpu->r[0], base + 8, "pre-indexed writeback");
    cr_assert_eq(tcpu_peek32(t, base + 0x100), 0x0000F00Fu);
    cr_assert_eq(t->cpu->r[1], base + 0xFC, "post-indexed writeback");
    tcpu_free(t);
}

Test(fp, new_fp_context_takes_fpdscr)
{
    tcpu_t *t = tcpu_new();       /* FPCA clear, ASPEN set after reset */
    t->cpu->scb.fpdscr = FPSCR_DN | rmode(FPR_ZERO);
    t->cpu->fpscr = FPSCR_FZ;
    run_ok(t, "vmrs r0, fpscr");
    cr_assert_eq(t->cpu->r[0] & 0x07C00000u, FPSCR_DN | rmode(FPR_ZERO));
    cr_assert(t->cpu->control & CONTROL_FPCA);
    tcpu_free(t);
}

Test(fp, disabled_fpu_takes_nocp_usagefault)
{
    tcpu_t *t = fp_new(0);
    t->cpu->scb.cpacr = 0;
    cr_assert_eq(tcpu_run_asm(t, "vadd.f32 s0, s1, s2"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 19), "NOCP");
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* loads and stores                                                    */

Test(fp, vldr_vstr_offsets)
{
    tcpu_t *t = fp_new(0);
    uint32_t base = TCPU_DATA_ADDR + 0x200;
    t->cpu->r[0] = base;
    tcpu_poke32(t, base + 8, 0x3F800000u);
    tcpu_poke32(t, base - 8, 0x89ABCDEFu);
    tcpu_poke32(t, base - 4, 0x01234567u);
    run_ok(t, "vldr s3, [r0, #8]\nvldr d4, [r0, #-8]\nvstr s3, [r0, #1020]\nvstr d4, [r0]");
    cr_assert_eq(t->cpu->fp.s[3], 0x3F800000u);
    cr_assert_eq(t->cpu->fp.d[4], 0x0123456789ABCDEFull);
    cr_assert_eq(tcpu_peek32(t, base + 1020), 0x3F800000u);
    cr_assert_eq(tcpu_peek32(t, base), 0x89ABCDEFu);
    cr_assert_eq(tcpu_peek32(t, base + 4), 0x01234567u);
    cr_assert_eq(t->cpu->r[0], base, "no writeback");
    tcpu_free(t);
}

Test(fp, vldr_literal_aligns_pc)
{
    tcpu_t *t = fp_new(0);
    /* the first VLDR sits at a halfword-aligned address (after a 16-bit
     * NOP), so Align(PC, 4) matters */
    run_ok(t, "nop\nvldr s0, lit\nvldr d1, lit2\nvldr.16 s4, lit3\nb 1f\n.align 2\n"
              "lit: .word 0x40490FDB\nlit2: .word 0x54442D18, 0x400921FB\nlit3: .short 0x4248, 0\n1:");
    cr_assert_eq(t->cpu->fp.s[0], 0x40490FDBu);
    cr_assert_eq(t->cpu->fp.d[1], 0x400921FB54442D18ull);
    cr_assert_eq(t->cpu->fp.s[4], 0x00004248u);
    tcpu_free(t);
}

Test(fp, vldr16_vstr16)
{
    tcpu_t *t = fp_new(0);
    uint32_t base = TCPU_DATA_ADDR + 0x300;
    t->cpu->r[1] = base;
    tcpu_poke32(t, base, 0xBEEF1234u);
    t->cpu->fp.s[5] = 0x9999ABCDu;
    t->cpu->fp.s[6] = 0xFFFFFFFFu;
    run_ok(t, "vldr.16 s6, [r1, #2]\nvstr.16 s5, [r1, #6]");
    cr_assert_eq(t->cpu->fp.s[6], 0x0000BEEFu);
    cr_assert_eq(tcpu_peek32(t, base + 4), 0xABCD0000u);
    tcpu_free(t);
}

Test(fp, unaligned_vldr_faults)
{
    tcpu_t *t = fp_new(0);
    t->cpu->r[0] = TCPU_DATA_ADDR + 2;
    t->cpu->fp.s[0] = 0x12345678u;
    cr_assert_eq(tcpu_run_asm(t, "vldr s0, [r0]"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 24), "UNALIGNED");
    tcpu_free(t);
}

Test(fp, vldm_vstm_increment_after)
{
    tcpu_t *t = fp_new(0);
    uint32_t base = TCPU_DATA_ADDR + 0x400;
    for (int i = 0; i < 4; i++)
        tcpu_poke32(t, base + 4 * i, 0x100u + i);
    t->cpu->r[0] = base;
    t->cpu->r[1] = base + 0x40;
    run_ok(t, "vldmia r0!, {s2-s5}\nvstmia r1, {s2-s5}");
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(t->cpu->fp.s[2 + i], 0x100u + i);
        cr_assert_eq(tcpu_peek32(t, base + 0x40 + 4 * i), 0x100u + i);
    }
    cr_assert_eq(t->cpu->r[0], base + 16);
    cr_assert_eq(t->cpu->r[1], base + 0x40);
    tcpu_free(t);
}

Test(fp, vldm_vstm_decrement_before_doubles)
{
    tcpu_t *t = fp_new(0);
    uint32_t base = TCPU_DATA_ADDR + 0x500;
    t->cpu->fp.d[0] = 0x1111111122222222ull;
    t->cpu->fp.d[1] = 0x3333333344444444ull;
    t->cpu->r[0] = base;
    run_ok(t, "vstmdb r0!, {d0-d1}\nvldmdb r0!, {d2}\nvldmia r0, {d3-d4}");
    cr_assert_eq(tcpu_peek32(t, base - 16), 0x22222222u);
    cr_assert_eq(tcpu_peek32(t, base - 4), 0x33333333u);
    cr_assert_eq(t->cpu->r[0], base - 24);
    cr_assert_eq(t->cpu->fp.d[3], tcpu_peek32(t, base - 24) | (uint64_t)tcpu_peek32(t, base - 20) << 32);
    cr_assert_eq(t->cpu->fp.d[4], 0x1111111122222222ull);
    tcpu_free(t);
}

Test(fp, vpush_vpop_roundtrip)
{
    tcpu_t *t = fp_new(0);
    uint32_t sp = t->cpu->r[13];
    for (int i = 0; i < 16; i++)
        t->cpu->fp.d[i] = 0x0101010101010101ull * (uint64_t)(i + 1);
    run_ok(t, "vpush {d8-d15}\nvpush {s0-s3}\nmov r0, sp\nvmov.f64 d8, #1.0\nvmov.f32 s1, #1.0\n"
              "vpop {s0-s3}\nvpop {d8-d15}");
    cr_assert_eq(t->cpu->r[0], sp - 64 - 16);
    cr_assert_eq(t->cpu->r[13], sp);
    cr_assert_eq(t->cpu->fp.d[8], 0x0909090909090909ull);
    cr_assert_eq(t->cpu->fp.s[1], 0x01010101u);
    cr_assert_eq(tcpu_peek32(t, sp - 64), 0x09090909u, "d8 at the lowest address");
    tcpu_free(t);
}

Test(fp, vldm_charges_per_register)
{
    tcpu_t *t = fp_new(0);
    t->cpu->r[0] = TCPU_DATA_ADDR;
    run_ok(t, "vldmia r0, {s0}");
    uint64_t one = t->cpu->cycles;
    tcpu_free(t);
    t = fp_new(0);
    t->cpu->r[0] = TCPU_DATA_ADDR;
    run_ok(t, "vldmia r0, {s0-s7}");
    cr_assert_eq(t->cpu->cycles - one, 7);
    tcpu_free(t);
}

Test(fp, vpush_below_stack_limit_stores_nothing)
{
    tcpu_t *t = fp_new(0);
    uint32_t sp = t->cpu->r[13];
    t->cpu->msplim = sp - 8;
    t->cpu->fp.d[0] = 0x1234567812345678ull;
    t->cpu->fp.d[1] = 0x1234567812345678ull;
    cr_assert_eq(tcpu_run_asm(t, "vpush {d0-d1}"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 20), "STKOF");
    for (uint32_t a = sp - 16; a < sp; a += 4)
        cr_assert_neq(tcpu_peek32(t, a), 0x12345678u, "nothing stored at %08x", a);
    tcpu_free(t);
}

Test(fp, vscclrm_clears_registers_and_vpr)
{
    tcpu_t *t = fp_new(0);
    for (int i = 0; i < 32; i++)
        t->cpu->fp.s[i] = 0xFFFFFFFFu;
    t->cpu->vpr = 0xFFFFu;
    run_ok(t, "vscclrm {s1-s4, vpr}\nvscclrm {d10-d11, vpr}");
    cr_assert_eq(t->cpu->fp.s[0], 0xFFFFFFFFu);
    for (int i = 1; i <= 4; i++)
        cr_assert_eq(t->cpu->fp.s[i], 0);
    cr_assert_eq(t->cpu->fp.s[5], 0xFFFFFFFFu);
    cr_assert_eq(t->cpu->fp.d[10], 0);
    cr_assert_eq(t->cpu->fp.d[11], 0);
    cr_assert_eq(t->cpu->fp.d[12], 0xFFFFFFFFFFFFFFFFull);
    cr_assert_eq(t->cpu->vpr, 0);
    tcpu_free(t);
}

Test(fp, vlldm_vlstm_do_nothing)
{
    tcpu_t *t = fp_new(0);
    t->cpu->r[0] = TCPU_DATA_ADDR;
    t->cpu->fp.s[0] = 0x5A5A5A5Au;
    run_ok(t, "vlstm r0\nvlldm r0");
    cr_assert_eq(t->cpu->fp.s[0], 0x5A5A5A5Au);
    cr_assert_eq(tcpu_peek32(t, TCPU_DATA_ADDR), 0);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* conversions                                                         */

Test(fp, vcvt_to_int_truncates)
{
    uint32_t s;
    cr_assert_eq(op2_s(0, "vcvt.s32.f32", fb(2.7f), &s), 2u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC);
    cr_assert_eq(op2_s(0, "vcvt.s32.f32", fb(-2.7f), NULL), (uint32_t)-2);
    cr_assert_eq(op2_s(0, "vcvt.s32.f32", fb(-8.0f), &s), (uint32_t)-8);
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op2_s(0, "vcvt.u32.f32", fb(3e9f), NULL), 3000000000u);
}

Test(fp, vcvt_to_int_saturates)
{
    uint32_t s;
    cr_assert_eq(op2_s(0, "vcvt.s32.f32", fb(3e9f), &s), 0x7FFFFFFFu);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op2_s(0, "vcvt.s32.f32", 0xFF800000u, NULL), 0x80000000u);
    cr_assert_eq(op2_s(0, "vcvt.s32.f32", 0x7FC00000u, &s), 0u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op2_s(0, "vcvt.u32.f32", fb(-1.5f), &s), 0u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op2_s(0, "vcvt.u32.f32", fb(-0.5f), &s), 0u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC, "rounds to 0 first: no overflow");
    cr_assert_eq(op2_s(0, "vcvt.s32.f32", fb(-2147483648.0f), &s), 0x80000000u);
    cr_assert_eq(s & FLAGS_MASK, 0);
}

Test(fp, vcvtr_uses_fpscr_rounding)
{
    static const struct { enum fp_rounding r; float in; int32_t want; } cases[] = {
        {FPR_TIEEVEN, 2.5f, 2}, {FPR_TIEEVEN, 3.5f, 4}, {FPR_TIEEVEN, -2.5f, -2},
        {FPR_POSINF, 2.1f, 3},  {FPR_POSINF, -2.9f, -2}, {FPR_NEGINF, 2.9f, 2},
        {FPR_NEGINF, -2.1f, -3}, {FPR_ZERO, -2.9f, -2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_assert_eq(op2_s(rmode(cases[i].r), "vcvtr.s32.f32", fb(cases[i].in), NULL),
                     (uint32_t)cases[i].want, "case %zu", i);
    /* VCVT (no R) ignores the mode */
    cr_assert_eq(op2_s(rmode(FPR_POSINF), "vcvt.s32.f32", fb(2.1f), NULL), 2u);
}

Test(fp, vcvt_directed_rounding)
{
    static const struct { const char *op; float in; int32_t want; } cases[] = {
        {"vcvta.s32.f32", 2.5f, 3},  {"vcvta.s32.f32", -2.5f, -3}, {"vcvtn.s32.f32", 2.5f, 2},
        {"vcvtn.s32.f32", 3.5f, 4},  {"vcvtp.s32.f32", -2.5f, -2}, {"vcvtm.s32.f32", -2.5f, -3},
        {"vcvtm.u32.f32", 2.9f, 2},  {"vcvtp.u32.f32", 2.1f, 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_assert_eq(op2_s(rmode(FPR_ZERO), cases[i].op, fb(cases[i].in), NULL), (uint32_t)cases[i].want,
                     "%s", cases[i].op);
}

Test(fp, vcvt_directed_rounding_f64)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.d[5] = db(-2.5);
    /* vcvtn.s32.f64 s0, d5 by encoding: gas 2.40 assembles it as VCVT */
    run_ok(t, ".inst.w 0xfebd0bc5\nvcvta.s32.f64 s1, d5\nvcvtp.s32.f64 s2, d5\nvcvtm.s32.f64 s3, d5");
    cr_assert_eq(t->cpu->fp.s[0], (uint32_t)-2);
    cr_assert_eq(t->cpu->fp.s[1], (uint32_t)-3);
    cr_assert_eq(t->cpu->fp.s[2], (uint32_t)-2);
    cr_assert_eq(t->cpu->fp.s[3], (uint32_t)-3);
    tcpu_free(t);
}

Test(fp, vcvt_from_int_rounds_by_fpscr)
{
    uint32_t s;
    cr_assert_eq(op2_s(0, "vcvt.f32.s32", 16777217u, &s), fb(16777216.0f));
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC);
    cr_assert_eq(op2_s(rmode(FPR_POSINF), "vcvt.f32.s32", 16777217u, NULL), fb(16777218.0f));
    cr_assert_eq(op2_s(0, "vcvt.f32.u32", 0xFFFFFFFFu, NULL), fb(4294967296.0f));
    cr_assert_eq(op2_s(0, "vcvt.f32.s32", 0xFFFFFFFFu, NULL), fb(-1.0f));
    cr_assert_eq(op2_s(0, "vcvt.f32.s32", 0, NULL), 0u, "+0");
}

Test(fp, vcvt_int_f64)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0x80000000u;
    t->cpu->fp.d[2] = db(-1e10);
    t->cpu->fp.d[3] = db(4294967295.75);
    run_ok(t, "vcvt.f64.s32 d1, s0\nvcvt.s32.f64 s8, d2\nvcvt.u32.f64 s9, d3\nvcvt.f64.u32 d5, s0");
    cr_assert_eq(t->cpu->fp.d[1], db(-2147483648.0));
    cr_assert_eq(t->cpu->fp.s[8], 0x80000000u);
    cr_assert_eq(t->cpu->fp.s[9], 0xFFFFFFFFu);
    cr_assert_eq(t->cpu->fp.d[5], db(2147483648.0));
    cr_assert_eq(flags(t), FPSCR_IOC | FPSCR_IXC);
    tcpu_free(t);
}

Test(fp, vcvt_fixed_point_f32)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = fb(1.5f);
    t->cpu->fp.s[1] = fb(-300.0f);
    t->cpu->fp.s[2] = 384;            /* 1.5 in Q8 */
    t->cpu->fp.s[3] = 0xFFFF8000u;    /* -32768 as s16 (upper bits ignored) */
    run_ok(t, "vcvt.s16.f32 s0, s0, #8\nvcvt.s16.f32 s1, s1, #8\nvcvt.f32.s16 s2, s2, #8\n"
              "vcvt.f32.s16 s3, s3, #15");
    cr_assert_eq(t->cpu->fp.s[0], 384u);
    cr_assert_eq(t->cpu->fp.s[1], 0xFFFF8000u, "saturated to -32768, sign-extended");
    cr_assert_eq(t->cpu->fp.s[2], fb(1.5f));
    cr_assert_eq(t->cpu->fp.s[3], fb(-1.0f));
    cr_assert_eq(flags(t), FPSCR_IOC);
    tcpu_free(t);
}

Test(fp, vcvt_fixed_point_f64_and_rounding)
{
    tcpu_t *t = fp_new(rmode(FPR_POSINF));
    t->cpu->fp.d[0] = db(0.75);
    t->cpu->fp.d[1] = db(-0.5);
    t->cpu->fp.s[4] = 0x80000001u;
    run_ok(t, "vcvt.u32.f64 d0, d0, #32\nvcvt.s32.f64 d1, d1, #1\nvcvt.f32.u32 s4, s4, #32");
    cr_assert_eq(t->cpu->fp.d[0], 0x00000000C0000000ull);
    cr_assert_eq(t->cpu->fp.d[1], 0xFFFFFFFFFFFFFFFFull, "sign-extended to 64 bits");
    /* from fixed always rounds to nearest: 0.5 + 2^-32 -> 0.5 */
    cr_assert_eq(t->cpu->fp.s[4], fb(0.5f));
    tcpu_free(t);
}

Test(fp, vcvt_fixed_point_to_fixed_rounds_towards_zero)
{
    tcpu_t *t = fp_new(rmode(FPR_POSINF));
    t->cpu->fp.s[0] = fb(1.99f);
    t->cpu->fp.s[1] = 0x00000001u;   /* denormal: tiny, truncates to 0 */
    run_ok(t, "vcvt.s32.f32 s0, s0, #1\nvcvt.u32.f32 s1, s1, #32");
    cr_assert_eq(t->cpu->fp.s[0], 3u);
    cr_assert_eq(t->cpu->fp.s[1], 0);
    cr_assert_eq(flags(t), FPSCR_IXC);
    tcpu_free(t);
}

Test(fp, vcvt_f32_f64)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.d[1] = db(0.1);
    t->cpu->fp.s[4] = 0x00000001u;
    t->cpu->fp.d[3] = 0x3800000000000000ull;   /* 2^-127: a float denormal */
    t->cpu->fp.d[4] = 0x7FF4000012345678ull;   /* signalling NaN */
    run_ok(t, "vcvt.f32.f64 s0, d1\nvcvt.f64.f32 d5, s4\nvcvt.f32.f64 s12, d3\nvcvt.f32.f64 s13, d4");
    cr_assert_eq(t->cpu->fp.s[0], fb(0.1f));
    cr_assert_eq(t->cpu->fp.d[5], 0x36A0000000000000ull, "2^-149 exactly");
    cr_assert_eq(t->cpu->fp.s[12], 0x00400000u);
    cr_assert_eq(t->cpu->fp.s[13], 0x7FE00000u, "quiet, payload top bits");
    cr_assert_eq(flags(t), FPSCR_IXC | FPSCR_IOC);
    tcpu_free(t);
}

Test(fp, vcvt_f64_to_f32_overflow_and_underflow)
{
    tcpu_t *t = fp_new(rmode(FPR_ZERO));
    t->cpu->fp.d[1] = db(1e300);
    t->cpu->fp.d[2] = db(1e-300);
    run_ok(t, "vcvt.f32.f64 s0, d1\nvcvt.f32.f64 s1, d2");
    cr_assert_eq(t->cpu->fp.s[0], 0x7F7FFFFFu);
    cr_assert_eq(t->cpu->fp.s[1], 0);
    cr_assert_eq(flags(t), FPSCR_OFC | FPSCR_UFC | FPSCR_IXC);
    tcpu_free(t);
}

Test(fp, vcvt_f32_flush_input)
{
    tcpu_t *t = fp_new(FPSCR_FZ);
    t->cpu->fp.s[0] = 0x80000005u;
    run_ok(t, "vcvt.f64.f32 d1, s0");
    cr_assert_eq(t->cpu->fp.d[1], 0x8000000000000000ull);
    cr_assert_eq(flags(t), FPSCR_IDC);
    tcpu_free(t);
}

Test(fp, vcvtb_vcvtt_half_single)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0x3C00C000u;   /* top 1.0, bottom -2.0 */
    t->cpu->fp.s[1] = fb(0.5f);
    t->cpu->fp.s[2] = 0x12345678u;
    t->cpu->fp.s[3] = 0x12345678u;
    run_ok(t, "vcvtb.f32.f16 s4, s0\nvcvtt.f32.f16 s5, s0\nvcvtb.f16.f32 s2, s1\nvcvtt.f16.f32 s3, s1");
    cr_assert_eq(t->cpu->fp.s[4], fb(-2.0f));
    cr_assert_eq(t->cpu->fp.s[5], fb(1.0f));
    cr_assert_eq(t->cpu->fp.s[2], 0x12343800u, "bottom half written, top kept");
    cr_assert_eq(t->cpu->fp.s[3], 0x38005678u, "top half written, bottom kept");
    tcpu_free(t);
}

Test(fp, vcvt_to_half_overflow_and_denormals)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = fb(70000.0f);
    t->cpu->fp.s[1] = fb(65519.0f);    /* rounds down to 65504 */
    t->cpu->fp.s[2] = fb(0x1p-24f);    /* smallest half denormal */
    t->cpu->fp.s[3] = 0x00000001u;     /* half denormal in, exact to float */
    run_ok(t, "vcvtb.f16.f32 s4, s0\nvcvtb.f16.f32 s5, s1\nvcvtb.f16.f32 s6, s2\nvcvtb.f32.f16 s7, s3");
    cr_assert_eq(t->cpu->fp.s[4] & 0xFFFFu, 0x7C00u);
    cr_assert_eq(t->cpu->fp.s[5] & 0xFFFFu, 0x7BFFu);
    cr_assert_eq(t->cpu->fp.s[6] & 0xFFFFu, 0x0001u);
    cr_assert_eq(t->cpu->fp.s[7], fb(0x1p-24f));
    cr_assert_eq(flags(t), FPSCR_OFC | FPSCR_IXC);
    tcpu_free(t);
}

Test(fp, alternative_half_precision)
{
    tcpu_t *t = fp_new(FPSCR_AHP);
    t->cpu->fp.s[0] = fb(70000.0f);       /* fits in AHP (max 131008) */
    t->cpu->fp.s[1] = fb(1e6f);           /* too large: IOC, max value */
    t->cpu->fp.s[2] = 0x7FC00000u;        /* NaN: zero, IOC */
    t->cpu->fp.s[3] = 0x00007C00u;        /* AHP 65536 */
    t->cpu->fp.s[8] = 0x7F800000u;        /* infinity: max value, IOC */
    run_ok(t, "vcvtb.f16.f32 s4, s0\nvcvtb.f16.f32 s5, s1\nvcvtb.f16.f32 s6, s2\nvcvtb.f32.f16 s7, s3\n"
              "vcvtb.f16.f32 s9, s8");
    cr_assert_eq(t->cpu->fp.s[4] & 0xFFFFu, 0x7C46u);
    cr_assert_eq(t->cpu->fp.s[5] & 0xFFFFu, 0x7FFFu);
    cr_assert_eq(t->cpu->fp.s[6] & 0xFFFFu, 0x0000u);
    cr_assert_eq(t->cpu->fp.s[7], fb(65536.0f));
    cr_assert_eq(t->cpu->fp.s[9] & 0xFFFFu, 0x7FFFu);
    cr_assert_eq(flags(t), FPSCR_IOC | FPSCR_IXC);
    tcpu_free(t);
}

Test(fp, vcvt_half_double_and_nan)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0x00007E01u;        /* quiet NaN with payload */
    t->cpu->fp.d[1] = db(-0.333251953125); /* exactly representable in half */
    run_ok(t, "vcvtb.f64.f16 d2, s0\nvcvtt.f16.f64 s6, d1\nvcvtb.f32.f16 s7, s0");
    cr_assert_eq(t->cpu->fp.d[2], 0x7FF8000000000000ull | (1ull << 42));
    cr_assert_eq(t->cpu->fp.s[6] >> 16, 0xB555u);
    cr_assert_eq(t->cpu->fp.s[7], 0x7FC00000u | (1u << 13));
    cr_assert_eq(flags(t), 0);
    tcpu_free(t);
}

Test(fp, vcvt_half_int)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[0] = 0x00004D00u;        /* 20.0 */
    t->cpu->fp.s[1] = 70000u;
    run_ok(t, "vcvt.s32.f16 s2, s0\nvcvt.f16.u32 s3, s1\nvcvtm.s32.f16 s4, s0");
    cr_assert_eq(t->cpu->fp.s[2], 20u);
    cr_assert_eq(t->cpu->fp.s[3], 0x7C00u, "overflows to infinity");
    cr_assert_eq(t->cpu->fp.s[4], 20u);
    cr_assert_eq(flags(t), FPSCR_OFC | FPSCR_IXC);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* VRINT                                                               */

Test(fp, vrint_directed_modes)
{
    static const struct { const char *op; float in, want; } cases[] = {
        {"vrinta.f32", 2.5f, 3.0f},   {"vrinta.f32", -2.5f, -3.0f}, {"vrintn.f32", 2.5f, 2.0f},
        {"vrintn.f32", -3.5f, -4.0f}, {"vrintp.f32", 2.1f, 3.0f},   {"vrintp.f32", -2.9f, -2.0f},
        {"vrintm.f32", 2.9f, 2.0f},   {"vrintm.f32", -2.1f, -3.0f}, {"vrintz.f32", -2.9f, -2.0f},
        {"vrinta.f32", 0.4f, 0.0f},   {"vrinta.f32", 0.5f, 1.0f},   {"vrintm.f32", 0.5f, 0.0f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t s;
        cr_assert_eq(op2_s(0, cases[i].op, fb(cases[i].in), &s), fb(cases[i].want), "%s %f", cases[i].op,
                     (double)cases[i].in);
        cr_assert_eq(s & FLAGS_MASK, 0, "only VRINTX signals inexact");
    }
}

Test(fp, vrint_keeps_sign_of_zero)
{
    cr_assert_eq(op2_s(0, "vrintp.f32", fb(-0.5f), NULL), 0x80000000u);
    cr_assert_eq(op2_s(0, "vrintz.f32", fb(-0.7f), NULL), 0x80000000u);
    cr_assert_eq(op2_s(0, "vrintn.f32", 0x80000000u, NULL), 0x80000000u);
    cr_assert_eq(op2_s(0, "vrintm.f32", fb(0.3f), NULL), 0x00000000u);
}

Test(fp, vrintx_vrintr_follow_fpscr)
{
    uint32_t s;
    cr_assert_eq(op2_s(rmode(FPR_POSINF), "vrintx.f32", fb(1.25f), &s), fb(2.0f));
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IXC);
    cr_assert_eq(op2_s(rmode(FPR_NEGINF), "vrintr.f32", fb(1.75f), &s), fb(1.0f));
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op2_s(0, "vrintx.f32", fb(3.0f), &s), fb(3.0f));
    cr_assert_eq(s & FLAGS_MASK, 0, "exact: no inexact");
}

Test(fp, vrint_specials)
{
    uint32_t s;
    cr_assert_eq(op2_s(0, "vrinta.f32", 0x7F800001u, &s), 0x7FC00001u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op2_s(0, "vrintz.f32", 0xFF800000u, NULL), 0xFF800000u);
    cr_assert_eq(op2_s(0, "vrintm.f32", fb(16777215.0f), NULL), fb(16777215.0f));
    cr_assert_eq(op2_s(0, "vrintn.f32", 0x4B7FFFFFu, NULL), 0x4B7FFFFFu);
    cr_assert_eq(op2_s(FPSCR_FZ, "vrintp.f32", 0x00000001u, &s), 0x00000000u);
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IDC);
}

Test(fp, vrint_f64_and_f16)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.d[1] = db(-1234567.5);
    t->cpu->fp.d[2] = db(4503599627370495.5);   /* 2^52 - 0.5 */
    t->cpu->fp.s[14] = 0x00003E00u;              /* 1.5 */
    run_ok(t, "vrinta.f64 d3, d1\nvrintn.f64 d4, d2\nvrintz.f64 d5, d1\nvrintp.f16 s12, s14");
    cr_assert_eq(t->cpu->fp.d[3], db(-1234568.0));
    cr_assert_eq(t->cpu->fp.d[4], db(4503599627370496.0));
    cr_assert_eq(t->cpu->fp.d[5], db(-1234567.0));
    cr_assert_eq(t->cpu->fp.s[12], 0x00004000u);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* VSEL, VMAXNM, VMINNM                                                */

Test(fp, vsel_conditions)
{
    static const struct { const char *op; unsigned nzcv; bool first; } cases[] = {
        {"vseleq.f32", 0x4, true}, {"vseleq.f32", 0x0, false}, {"vselvs.f32", 0x1, true},
        {"vselvs.f32", 0x0, false}, {"vselge.f32", 0x9, true}, {"vselge.f32", 0x8, false},
        {"vselgt.f32", 0x0, true}, {"vselgt.f32", 0x4, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tcpu_t *t = fp_new(0);
        t->cpu->fp.s[1] = 0x7F800001u;   /* NaNs are just copied */
        t->cpu->fp.s[2] = 0x22222222u;
        tcpu_set_nzcv(t, cases[i].nzcv);
        char src[64];
        snprintf(src, sizeof src, "%s s0, s1, s2", cases[i].op);
        run_ok(t, src);
        cr_assert_eq(t->cpu->fp.s[0], cases[i].first ? 0x7F800001u : 0x22222222u, "%s %x", cases[i].op,
                     cases[i].nzcv);
        cr_assert_eq(flags(t), 0);
        tcpu_free(t);
    }
}

Test(fp, vsel_f64_f16)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.d[1] = 1;
    t->cpu->fp.d[2] = 2;
    t->cpu->fp.s[10] = 0xAAAA1111u;
    t->cpu->fp.s[11] = 0xBBBB2222u;
    tcpu_set_nzcv(t, 0x8);
    run_ok(t, "vselge.f64 d0, d1, d2\nvselgt.f16 s12, s10, s11");
    cr_assert_eq(t->cpu->fp.d[0], 2);
    cr_assert_eq(t->cpu->fp.s[12], 0x00002222u);
    tcpu_free(t);
}

Test(fp, vmaxnm_vminnm)
{
    uint32_t s;
    cr_assert_eq(op3_s(0, "vmaxnm.f32", fb(1.0f), fb(2.0f), NULL), fb(2.0f));
    cr_assert_eq(op3_s(0, "vminnm.f32", fb(1.0f), fb(2.0f), NULL), fb(1.0f));
    cr_assert_eq(op3_s(0, "vmaxnm.f32", 0x7FC00000u, fb(-5.0f), &s), fb(-5.0f), "a quiet NaN loses");
    cr_assert_eq(s & FLAGS_MASK, 0);
    cr_assert_eq(op3_s(0, "vminnm.f32", fb(-5.0f), 0xFFC00000u, NULL), fb(-5.0f));
    cr_assert_eq(op3_s(0, "vmaxnm.f32", 0x7F800001u, fb(1.0f), &s), 0x7FC00001u, "a signalling NaN wins");
    cr_assert_eq(s & FLAGS_MASK, FPSCR_IOC);
    cr_assert_eq(op3_s(0, "vmaxnm.f32", 0x7FC00001u, 0x7FC00002u, NULL), 0x7FC00001u);
    cr_assert_eq(op3_s(0, "vmaxnm.f32", 0x80000000u, 0x00000000u, NULL), 0x00000000u);
    cr_assert_eq(op3_s(0, "vminnm.f32", 0x00000000u, 0x80000000u, NULL), 0x80000000u);
    cr_assert_eq(op3_d(0, "vmaxnm.f64", db(-1.0), 0xFFF8000000000000ull, NULL), db(-1.0));
    cr_assert_eq(op3_d(0, "vminnm.f64", 0xFFF0000000000000ull, db(-1.0), NULL), 0xFFF0000000000000ull);
}

/* ------------------------------------------------------------------ */
/* decoding                                                            */

/* Does the FP table claim this encoding (mask, match and decode)? */
static bool fp_claims(uint32_t raw)
{
    for (const isa_pattern_t *p = isa_patterns_fp; p->name; p++) {
        if (p->size != 4 || (raw & p->mask) != p->match)
            continue;
        insn_t in;
        memset(&in, 0, sizeof in);
        if (!p->decode || p->decode(&in, raw))
            return true;
    }
    return false;
}

Test(fp, table_rows_are_well_formed)
{
    for (const isa_pattern_t *p = isa_patterns_fp; p->name; p++) {
        cr_assert_eq(p->match & ~p->mask, 0, "%s: match bits outside the mask", p->name);
        cr_assert_eq(p->size, 4, "%s", p->name);
        cr_assert(p->exec && p->decode && p->fmt, "%s", p->name);
    }
}

Test(fp, mve_encodings_fall_through)
{
    static const uint32_t mve[] = {
        0xEEA00B10u, /* vdup.32 q0, r0 */
        0xEE400B30u, /* vmov.8 d0[1], r0 (an MVE lane form) */
        0xEE900B70u, /* vmov.u16 r0, d0[1] */
        0xEC010F00u, /* vmov r0, r1, q0[2], q0[0] */
        0xEC110F00u, /* vmov q0[2], q0[0], r0, r1 */
        0xED901F00u, /* vldrw.u32 q0, [r0] */
        0xFD900E80u, /* vldrb.u16 q0, [r0] */
        0xED223E82u, /* vstrh.16 q1, [r2, #-4]! */
        0xEE310F02u, /* vcmp.f32 eq, q0, q1 */
        0xEE320F42u, /* vadd.f32 q0, q1, r2 */
        0xEE330E42u, /* vfma.f32 q0, q1, r2 */
        0xFE330E60u, /* vmul.f16 q0, q1, r0 */
        0xEE030E04u, /* vmvn / vmullb space */
        0xEF020D44u, /* vadd.f32 q0, q1, q2 */
        0xFE710F4Du, /* vpst */
    };
    for (size_t i = 0; i < sizeof mve / sizeof mve[0]; i++)
        cr_assert(!fp_claims(mve[i]), "FP table claims MVE encoding %08x", mve[i]);
}

Test(fp, fp_encodings_are_claimed)
{
    static const uint32_t fp[] = {
        0xEE300A81u, 0xEE310B02u, 0xEE300981u, 0xFEBD0BC1u, 0xEEBE0A66u, 0xEC9F0B00u,
        0xED902F81u, 0xECE08F82u, 0xEEF1FA10u, 0xEC410B10u, 0xEE200B10u, 0xFEB00AE0u,
    };
    for (size_t i = 0; i < sizeof fp / sizeof fp[0]; i++)
        cr_assert(fp_claims(fp[i]), "FP table does not claim %08x", fp[i]);
}

Test(fp, reserved_fields_are_not_claimed)
{
    cr_assert(!fp_claims(0xEE300881u), "size 00");
    cr_assert(!fp_claims(0xEEB90A40u), "VJCVT is not in M-profile");
    cr_assert(!fp_claims(0xEEB00940u), "no VMOV.F16 register form");
    cr_assert(!fp_claims(0xEEFE0A10u), "VMRS FPCXT_NS: no Security Extension");
    cr_assert(!fp_claims(0xEEE1FA10u), "VMSR from PC");
    cr_assert(!fp_claims(0xEEBE0A68u), "fixed point with fbits < 0");
    cr_assert(!fp_claims(0xEC511B10u), "VMOV r1, r1, d0");
    cr_assert(!fp_claims(0xEE710B02u), "D16 does not exist on M-profile");
    cr_assert(!fp_claims(0xEC400B30u), "VMOV d16, r0, r0");
}

/* Random words of the coprocessor space: whatever the FP table claims
 * must execute (or fault) without touching anything outside the core
 * (ASan/UBSan watch the register file indexing). */
Test(fp, claimed_encodings_execute_safely)
{
    static const uint8_t hw1_top[] = {0xEC, 0xED, 0xEE, 0xEF, 0xFC, 0xFD, 0xFE, 0xFF};
    uint64_t x = 0x9E3779B97F4A7C15ull;
    tcpu_t *t = NULL;
    int claimed = 0;
    for (int i = 0; i < 40000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        static const uint8_t coproc[4] = {0x9, 0xA, 0xB, 0xF};
        uint32_t raw = (uint32_t)hw1_top[x & 7u] << 24 | ((uint32_t)(x >> 8) & 0x00FFF0FFu) |
                       (uint32_t)coproc[(x >> 40) & 3u] << 8;
        if (!fp_claims(raw))
            continue;
        claimed++;
        if (!t)
            t = fp_new(0);
        for (int r = 0; r < 13; r++)
            t->cpu->r[r] = TCPU_DATA_ADDR + 0x80000u + (uint32_t)((x >> (r + 3)) & 0xFFCu);
        for (int r = 0; r < 32; r++)
            t->cpu->fp.s[r] = (uint32_t)(x >> (r & 31)) * 0x9E3779B1u;
        t->cpu->fpscr = (uint32_t)(x >> 32) & 0x07C80000u;
        const uint16_t code[2] = {(uint16_t)(raw >> 16), (uint16_t)raw};
        if (tcpu_run_code(t, code, 2) != TCPU_DONE) {
            tcpu_free(t);
            t = NULL;
        }
    }
    tcpu_free(t);
    cr_assert_gt(claimed, 3000, "only %d claimed", claimed);
}

/* ------------------------------------------------------------------ */
/* the fast host paths agree with the soft-float reference              */

static uint64_t rng_state = 0x243F6A8885A308D3ull;

static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Operands biased towards the interesting: narrow exponent ranges (so
 * results land near each other and near the limits), specials. */
static uint64_t operand(enum fp_fmt f)
{
    uint64_t r = rng();
    if (f == FP_F32) {
        switch (r & 7u) {
        case 0: return rng() & 0xFFFFFFFFu;
        case 1: return (rng() & 0x807FFFFFu) | (uint64_t)(1 + (r >> 8) % 3) << 23;      /* near min */
        case 2: return (rng() & 0x807FFFFFu) | (uint64_t)(252 + (r >> 8) % 3) << 23;    /* near max */
        case 3: return (rng() & 0x80000000u) | ((r >> 8) & 0xFFu);                      /* zero/denormal */
        default: return (rng() & 0x807FFFFFu) | (uint64_t)(120 + (r >> 8) % 16) << 23;
        }
    }
    switch (r & 7u) {
    case 0: return rng();
    case 1: return (rng() & 0x800FFFFFFFFFFFFFull) | (uint64_t)(1 + (r >> 8) % 60) << 52;
    case 2: return (rng() & 0x800FFFFFFFFFFFFFull) | (uint64_t)(2040 + (r >> 8) % 6) << 52;
    case 3: return (rng() & 0x8000000000000000ull) | ((r >> 8) & 0xFFu);
    default: return (rng() & 0x800FFFFFFFFFFFFFull) | (uint64_t)(1015 + (r >> 8) % 16) << 52;
    }
}

static void check_same(const char *what, uint64_t a, uint64_t b, uint64_t fast, uint32_t ffast, uint64_t soft,
                       uint32_t fsoft)
{
    cr_assert(fast == soft && ffast == fsoft, "%s(%llx, %llx): fast %llx/%x soft %llx/%x", what,
              (unsigned long long)a, (unsigned long long)b, (unsigned long long)fast, ffast,
              (unsigned long long)soft, fsoft);
}

Test(fp, fast_paths_match_soft_float_f32)
{
    for (int i = 0; i < 200000; i++) {
        uint64_t a = operand(FP_F32), b = operand(FP_F32), c = operand(FP_F32);
        uint32_t ctl = (rng() & 1u) ? FPSCR_FZ : 0, f1 = ctl, f2 = ctl;
        uint64_t r1 = fp_add(FP_F32, a, b, &f1), r2 = fp_soft_add(FP_F32, a, b, &f2);
        check_same("add32", a, b, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_mul(FP_F32, a, b, &f1), r2 = fp_soft_mul(FP_F32, a, b, &f2);
        check_same("mul32", a, b, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_div(FP_F32, a, b, &f1), r2 = fp_soft_div(FP_F32, a, b, &f2);
        check_same("div32", a, b, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_sqrt(FP_F32, a, &f1), r2 = fp_soft_sqrt(FP_F32, a, &f2);
        check_same("sqrt32", a, 0, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_muladd(FP_F32, c, a, b, &f1), r2 = fp_soft_muladd(FP_F32, c, a, b, &f2);
        check_same("fma32", a, b, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_compare(FP_F32, a, b, false, &f1), r2 = fp_soft_compare(FP_F32, a, b, false, &f2);
        check_same("cmp32", a, b, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_to_fixed(FP_F32, a, 0, i & 1, 32, FPR_ZERO, &f1);
        r2 = fp_soft_to_fixed(FP_F32, a, 0, i & 1, 32, FPR_ZERO, &f2);
        check_same("toint32", a, 0, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_from_fixed(FP_F32, (uint32_t)a, 0, i & 1, 32, FPR_TIEEVEN, &f1);
        r2 = fp_soft_from_fixed(FP_F32, (uint32_t)a, 0, i & 1, 32, FPR_TIEEVEN, &f2);
        check_same("fromint32", a, 0, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_convert(FP_F64, FP_F32, a, &f1), r2 = fp_soft_convert(FP_F64, FP_F32, a, &f2);
        check_same("cvt32to64", a, 0, r1, f1, r2, f2);
    }
}

Test(fp, fast_paths_match_soft_float_f64)
{
    for (int i = 0; i < 200000; i++) {
        uint64_t a = operand(FP_F64), b = operand(FP_F64);
        uint32_t ctl = (rng() & 1u) ? FPSCR_FZ : 0, f1 = ctl, f2 = ctl;
        uint64_t r1 = fp_add(FP_F64, a, b, &f1), r2 = fp_soft_add(FP_F64, a, b, &f2);
        check_same("add64", a, b, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_mul(FP_F64, a, b, &f1), r2 = fp_soft_mul(FP_F64, a, b, &f2);
        check_same("mul64", a, b, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_div(FP_F64, a, b, &f1), r2 = fp_soft_div(FP_F64, a, b, &f2);
        check_same("div64", a, b, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_sqrt(FP_F64, a, &f1), r2 = fp_soft_sqrt(FP_F64, a, &f2);
        check_same("sqrt64", a, 0, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_compare(FP_F64, a, b, true, &f1), r2 = fp_soft_compare(FP_F64, a, b, true, &f2);
        check_same("cmp64", a, b, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_to_fixed(FP_F64, a, 0, i & 1, 32, FPR_ZERO, &f1);
        r2 = fp_soft_to_fixed(FP_F64, a, 0, i & 1, 32, FPR_ZERO, &f2);
        check_same("toint64", a, 0, r1, f1, r2, f2);
        f1 = f2 = ctl;
        r1 = fp_convert(FP_F32, FP_F64, a, &f1), r2 = fp_soft_convert(FP_F32, FP_F64, a, &f2);
        check_same("cvt64to32", a, 0, r1, f1, r2, f2);
    }
}

Test(fp, fast_path_near_the_smallest_normal)
{
    /* results that round up to the smallest normal: tiny before rounding */
    for (uint32_t k = 0; k < 4096; k++) {
        uint32_t a = 0x3F7FF000u + k, b = 0x00800000u + (k & 7u);
        uint32_t f1 = 0, f2 = 0;
        uint64_t r1 = fp_mul(FP_F32, a, b, &f1), r2 = fp_soft_mul(FP_F32, a, b, &f2);
        check_same("mul32-min", a, b, r1, f1, r2, f2);
        f1 = f2 = 0;
        uint64_t a64 = 0x3FEFFFFFFFFFF000ull + k, b64 = 0x0010000000000000ull + (k & 7u);
        r1 = fp_mul(FP_F64, a64, b64, &f1), r2 = fp_soft_mul(FP_F64, a64, b64, &f2);
        check_same("mul64-min", a64, b64, r1, f1, r2, f2);
    }
}

/* ------------------------------------------------------------------ */
/* odds and ends                                                       */

Test(fp, fpscr_reset_value_shows_ltpsize)
{
    tcpu_t *t = tcpu_new();
    run_ok(t, "vmrs r0, fpscr");
    cr_assert_eq(t->cpu->r[0], 0x00040000u);
    tcpu_free(t);
}

Test(fp, vpr_access_without_mve_is_undefined)
{
    tcpu_t *t = fp_new(0);
    t->cpu->mve_present = 0;
    cr_assert_eq(tcpu_run_asm(t, "vmrs r0, vpr"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 16), "UNDEFINSTR");
    tcpu_free(t);
}

Test(fp, vscclrm_without_fp_context_does_nothing)
{
    tcpu_t *t = tcpu_new();      /* ASPEN set, FPCA clear */
    t->cpu->fp.s[0] = 0x12345678u;
    t->cpu->vpr = 0xFFu;
    run_ok(t, "vscclrm {s0, vpr}");
    cr_assert_eq(t->cpu->fp.s[0], 0x12345678u);
    cr_assert_eq(t->cpu->vpr, 0xFFu);
    cr_assert(!(t->cpu->control & CONTROL_FPCA));
    tcpu_free(t);
}

Test(fp, conditional_fp_in_it_block)
{
    tcpu_t *t = fp_new(0);
    t->cpu->fp.s[1] = fb(1.0f);
    t->cpu->fp.s[2] = fb(2.0f);
    t->cpu->fp.s[0] = 0;
    t->cpu->fp.s[3] = 0;
    tcpu_set_nzcv(t, 0x4);   /* Z */
    run_ok(t, "ite ne\nvaddne.f32 s0, s1, s2\nvsubeq.f32 s3, s1, s2");
    cr_assert_eq(t->cpu->fp.s[0], 0, "skipped");
    cr_assert_eq(t->cpu->fp.s[3], fb(-1.0f));
    tcpu_free(t);
}

/* Each class's result latency (isa/timing.c) shows as the stall of a
 * dependent instruction: op then a move reading its result costs
 * latency - 1 cycles more than two independent instructions. */
Test(fp, timing_latency_by_precision)
{
    static const struct { const char *op; enum timing_class tc; } cases[] = {
        {"vadd.f32 s0, s1, s2\nvmov.f32 s5, s0", TC_FP32},
        {"vdiv.f32 s0, s1, s2\nvmov.f32 s5, s0", TC_FP32_DIV},
        {"vmla.f32 s0, s1, s2\nvmov.f32 s5, s0", TC_FP32_MLA},
        {"vadd.f64 d0, d1, d2\nvmov.f64 d5, d0", TC_FP64_ADD},
        {"vmul.f64 d0, d1, d2\nvmov.f64 d5, d0", TC_FP64_MUL},
        {"vfma.f64 d0, d1, d2\nvmov.f64 d5, d0", TC_FP64_FMA},
        {"vsqrt.f64 d0, d1\nvmov.f64 d5, d0", TC_FP64_DIV},
        {"vsqrt.f32 s0, s1\nvmov.f32 s5, s0", TC_FP32_DIV},
    };
    tcpu_t *t = fp_new(0);
    run_ok(t, "nop.w\nnop.w");
    uint64_t base = t->cpu->cycles;
    tcpu_free(t);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        t = fp_new(0);
        run_ok(t, cases[i].op);
        cr_assert_eq(t->cpu->cycles - base, (uint64_t)timing_class_info[cases[i].tc].latency - 1u,
                     "%s", cases[i].op);
        tcpu_free(t);
    }
}
