/* Helium floating point (isa/exec_mve_fp.c): every instruction in F16 and
 * F32, the standard FPSCR value (F32 always flushed, FZ16 honoured, default
 * NaN, round to nearest whatever FPSCR.RMode says), cumulative flags,
 * predication (VPT lanes, partial elements, tail predication), rounding of
 * the conversions, and the encodings that are UNDEFINED.
 *
 * Where a test's comment says "QEMU", its expected values (results and
 * FPSCR) were produced by qemu-system-arm 7.2 -M mps3-an547 running the
 * same instruction on the same inputs (a probe firmware; etsim matches it
 * on all of them).  Note: binutils 2.40 encodes VCVTB/VCVTT (between F16
 * and F32) with doubled Q register numbers, so those tests give the
 * encoding with .inst.w.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../isa/fp_ops.h"
#include "../../isa/insn.h"
#include "harness.h"

#define FLAGS_MASK (FPSCR_IDC | FPSCR_IXC | FPSCR_UFC | FPSCR_OFC | FPSCR_DZC | FPSCR_IOC)

#define ONE   0x3F800000u
#define TWO   0x40000000u
#define THREE 0x40400000u
#define FOUR  0x40800000u
#define DEN   0x00000001u     /* the smallest F32 denormal */
#define QNANP 0x7FC12345u     /* a quiet NaN with a payload */
#define SNAN  0x7F800001u
#define DNAN  0x7FC00000u     /* the default NaN */
#define PINF  0x7F800000u
#define H_ONE 0x3C00u

/* VPR for a one-instruction VPT block ("T") with lanes p0. */
#define VPT1(p0) (0x00880000u | (p0))

static tcpu_t *mv_new(uint32_t fpscr)
{
    tcpu_t *t = tcpu_new();
    t->cpu->control |= CONTROL_FPCA;
    t->cpu->fpscr = fpscr;
    return t;
}

static void setq(tcpu_t *t, unsigned q, const uint32_t w[4])
{
    memcpy(&t->cpu->fp.b[16 * q], w, 16);
}

static uint32_t qword(const tcpu_t *t, unsigned q, unsigned i)
{
    uint32_t w;
    memcpy(&w, &t->cpu->fp.b[16 * q + 4 * i], 4);
    return w;
}

static uint32_t flags(const tcpu_t *t)
{
    return t->cpu->fpscr & FLAGS_MASK;
}

/* The outcome of one instruction. */
typedef struct result {
    uint32_t q[4];       /* Q0 afterwards */
    uint32_t fpscr;      /* the whole FPSCR */
    uint32_t r0;
} result_t;

/* Run src with Q0, Q1, Q2 = q0, q1, q2 (NULL: zeros), FPSCR, VPR, r0, r1. */
static result_t run(const char *src, uint32_t fpscr, uint32_t vpr, uint32_t r0, uint32_t r1,
                    const uint32_t *q0, const uint32_t *q1, const uint32_t *q2)
{
    static const uint32_t zero[4] = {0, 0, 0, 0};
    tcpu_t *t = mv_new(fpscr);
    setq(t, 0, q0 ? q0 : zero);
    setq(t, 1, q1 ? q1 : zero);
    setq(t, 2, q2 ? q2 : zero);
    t->cpu->vpr = vpr;
    t->cpu->r[0] = r0;
    t->cpu->r[1] = r1;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "did not complete: %s", src);
    result_t r;
    for (unsigned i = 0; i < 4; i++)
        r.q[i] = qword(t, 0, i);
    r.fpscr = t->cpu->fpscr;
    r.r0 = t->cpu->r[0];
    cr_expect_eq(t->cpu->vpr & 0x00FF0000u, 0, "%s: VPT block not advanced", src);
    tcpu_free(t);
    return r;
}

static void expect_q(const result_t *r, uint32_t a, uint32_t b, uint32_t c, uint32_t d, const char *what)
{
    const uint32_t e[4] = {a, b, c, d};
    for (unsigned i = 0; i < 4; i++)
        cr_expect_eq(r->q[i], e[i], "%s: word %u is %08x, expected %08x", what, i, r->q[i], e[i]);
}

static void expect_flags(const result_t *r, uint32_t f, const char *what)
{
    cr_expect_eq(r->fpscr & FLAGS_MASK, f, "%s: flags %02x, expected %02x", what, r->fpscr & FLAGS_MASK, f);
}

#define Q(...) ((const uint32_t[4]){__VA_ARGS__})

/* ------------------------------------------------------------------ */
/* VADD, VSUB, VMUL                                                    */

Test(mve_fp, vadd_f32_overflow)   /* QEMU */
{
    result_t r = run("vadd.f32 q0, q1, q2", 0, 0, 0, 0, NULL, Q(ONE, TWO, 0x3EAAAAABu, 0x7F7FFFFFu),
                     Q(ONE, TWO, 0x3EAAAAABu, 0x7F7FFFFFu));
    expect_q(&r, TWO, FOUR, 0x3F2AAAABu, PINF, "vadd");
    expect_flags(&r, FPSCR_OFC | FPSCR_IXC, "vadd");
}

Test(mve_fp, vadd_f32_flushes_denormals_even_with_fz_clear)   /* QEMU */
{
    result_t r = run("vadd.f32 q0, q1, q2", 0, 0, 0, 0, NULL, Q(DEN, 0x80000001u, 0x00800000u, 0x00800001u),
                     Q(0, 0, 0x80000000u, 0x80800000u));
    expect_q(&r, 0, 0, 0x00800000u, 0, "denormals");
    expect_flags(&r, FPSCR_IDC | FPSCR_UFC, "denormals");
}

Test(mve_fp, vadd_f32_ignores_fpscr_rounding)   /* QEMU: RMode = towards zero */
{
    result_t r = run("vadd.f32 q0, q1, q2", FPSCR_RMODE, 0, 0, 0, NULL, Q(ONE, 0xBF800000u, ONE, ONE),
                     Q(0x33800000u, 0x33800001u, 0x34000000u, 0x80000000u));
    expect_q(&r, ONE, 0xBF7FFFFFu, 0x3F800001u, ONE, "rounding");
    expect_flags(&r, FPSCR_IXC, "rounding");
    cr_expect_eq(r.fpscr & FPSCR_RMODE, FPSCR_RMODE, "the FPSCR controls stay");
}

Test(mve_fp, vadd_f32_default_nan)   /* QEMU */
{
    result_t r = run("vadd.f32 q0, q1, q2", 0, 0, 0, 0, NULL, Q(QNANP, SNAN, ONE, PINF),
                     Q(ONE, QNANP, 0xFFC00001u, 0xFF800000u));
    expect_q(&r, DNAN, DNAN, DNAN, DNAN, "nan");
    expect_flags(&r, FPSCR_IOC, "nan");
}

Test(mve_fp, vadd_f16_denormals_kept_without_fz16)   /* QEMU */
{
    result_t r = run("vadd.f16 q0, q1, q2", 0, 0, 0, 0, NULL,
                     Q(0x00010001u, 0x3C000400u, 0x80017C00u, 0x7E017BFFu),
                     Q(0x00010000u, 0x80000001u, 0x00017C00u, 0x3C007BFFu));
    expect_q(&r, 0x00020001u, 0x3C000401u, 0x00007C00u, 0x7E007C00u, "f16");
    expect_flags(&r, FPSCR_OFC | FPSCR_IXC, "f16");
}

Test(mve_fp, vadd_f16_fz16_flushes_without_idc)   /* QEMU */
{
    result_t r = run("vadd.f16 q0, q1, q2", FPSCR_FZ16, 0, 0, 0, NULL,
                     Q(0x00010001u, 0x3C000400u, 0x80017C00u, 0x7E017BFFu),
                     Q(0x00010000u, 0x80000001u, 0x00017C00u, 0x3C007BFFu));
    expect_q(&r, 0, 0x3C000400u, 0x00007C00u, 0x7E007C00u, "fz16");
    expect_flags(&r, FPSCR_OFC | FPSCR_IXC, "fz16");
}

Test(mve_fp, vsub_f32_zero_sign_round_to_nearest)   /* QEMU: RMode = -inf ignored */
{
    result_t r = run("vsub.f32 q0, q1, q2", 2u << FPSCR_RMODE_SHIFT, 0, 0, 0, NULL,
                     Q(ONE, 0x80000000u, 0, 0x80000000u), Q(ONE, 0, 0, 0x80000000u));
    expect_q(&r, 0, 0x80000000u, 0, 0, "zero signs");
    expect_flags(&r, 0, "zero signs");
}

Test(mve_fp, vsub_f16)
{
    result_t r = run("vsub.f16 q0, q1, q2", 0, 0, 0, 0, NULL, Q(0x40003C00u, 0x7C00C000u, 0, 0x7C007C00u),
                     Q(0x3C004000u, 0x7C003C00u, 0x80000000u, 0xFC00FC00u));
    expect_q(&r, 0x3C00BC00u, 0x7E00C200u, 0, 0x7C007C00u, "vsub.f16");
    expect_flags(&r, FPSCR_IOC, "inf - inf");
}

Test(mve_fp, vmul_f32_tiny_results_flush)   /* QEMU */
{
    result_t r = run("vmul.f32 q0, q1, q2", 0, 0, 0, 0, NULL,
                     Q(0x00800000u, 0x20000000u, 0x1F800000u, 0x00C00000u),
                     Q(0x3F000000u, 0x20000000u, 0x1F800000u, 0x3F7FFFFFu));
    expect_q(&r, 0, 0x00800000u, 0, 0x00BFFFFFu, "flush");
    expect_flags(&r, FPSCR_UFC | FPSCR_IXC, "flush");
}

Test(mve_fp, vmul_f16_denormal_results)   /* QEMU */
{
    result_t r = run("vmul.f16 q0, q1, q2", 0, 0, 0, 0, NULL,
                     Q(0x04000400u, 0x24002400u, 0x3C003C00u, 0x7BFF7BFFu),
                     Q(0x38003800u, 0x20002000u, 0x00010001u, 0x3C013C01u));
    expect_q(&r, 0x02000200u, 0x08000800u, 0x00010001u, 0x7C007C00u, "f16 tiny");
    expect_flags(&r, FPSCR_OFC | FPSCR_IXC, "f16 tiny");
}

Test(mve_fp, vmul_f16_fz16)   /* QEMU */
{
    result_t r = run("vmul.f16 q0, q1, q2", FPSCR_FZ16, 0, 0, 0, NULL,
                     Q(0x04000400u, 0x24002400u, 0x3C003C00u, 0x7BFF7BFFu),
                     Q(0x38003800u, 0x20002000u, 0x00010001u, 0x3C013C01u));
    expect_q(&r, 0, 0x08000800u, 0, 0x7C007C00u, "f16 fz16");
    expect_flags(&r, FPSCR_UFC | FPSCR_OFC | FPSCR_IXC, "f16 fz16");
}

Test(mve_fp, vmul_f32_exact_and_inexact)
{
    result_t r = run("vmul.f32 q0, q1, q2", 0, 0, 0, 0, NULL, Q(THREE, 0xC0000000u, 0x3EAAAAABu, 0),
                     Q(FOUR, THREE, THREE, 0xFF800000u));
    expect_q(&r, 0x41400000u, 0xC0C00000u, 0x3F800000u, DNAN, "vmul");
    expect_flags(&r, FPSCR_IXC | FPSCR_IOC, "vmul");
}

/* ------------------------------------------------------------------ */
/* Fused multiply-add                                                  */

Test(mve_fp, vfma_f32)   /* QEMU */
{
    result_t r = run("vfma.f32 q0, q1, q2", 0, 0, 0, 0, Q(ONE, PINF, QNANP, 0x3F800001u),
                     Q(0x3F800001u, 0, PINF, 0x3F800001u), Q(0xBF800001u, PINF, 0, 0xBF800001u));
    expect_q(&r, 0xB4800000u, DNAN, DNAN, 0xB4000001u, "vfma");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "vfma");
}

Test(mve_fp, vfms_f32)   /* QEMU */
{
    result_t r = run("vfms.f32 q0, q1, q2", 0, 0, 0, 0, Q(ONE, PINF, 0x80000000u, ONE),
                     Q(0x3F800001u, PINF, 0, 0x3F800001u), Q(0x3F800001u, ONE, 0x80000000u, 0x3F7FFFFEu));
    expect_q(&r, 0xB4800000u, DNAN, 0, 0x28800000u, "vfms");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "vfms");
}

Test(mve_fp, vfma_f16)   /* QEMU */
{
    result_t r = run("vfma.f16 q0, q1, q2", 0, 0, 0, 0, Q(0x3C003C00u, 0x00010000u, 0x7E007C00u, 0x80000000u),
                     Q(0x3C013C00u, 0x3C003C00u, 0x3C003C00u, 0), Q(0xBC013C00u, 0x00010000u, 0, 0x80000000u));
    expect_q(&r, 0x98004000u, 0x00020000u, 0x7E007C00u, 0x80000000u, "vfma.f16");
    expect_flags(&r, FPSCR_IXC, "vfma.f16");
}

Test(mve_fp, vfms_f16)
{
    result_t r = run("vfms.f16 q0, q1, q2", 0, 0, 0, 0, Q(0x40004000u, 0, 0, 0), Q(0x3C004000u, 0, 0, 0),
                     Q(0x3C004000u, 0, 0, 0));
    expect_q(&r, 0x3C00C000u, 0, 0, 0, "vfms.f16");   /* 2 - 2*2, 2 - 1*1 */
    expect_flags(&r, 0, "vfms.f16");
}

Test(mve_fp, vfma_f32_single_rounding)
{
    /* (1 + 2^-12)^2 - 1 = 2^-11 + 2^-24 exactly, from the unrounded
     * product (a separate multiply would lose the 2^-24). */
    result_t r = run("vfma.f32 q0, q1, q2", 0, 0, 0, 0, Q(0xBF800000u, 0, 0, 0), Q(0x3F800800u, 0, 0, 0),
                     Q(0x3F800800u, 0, 0, 0));
    cr_expect_eq(r.q[0], 0x3A000400u);
    expect_flags(&r, 0, "exact");
}

/* ------------------------------------------------------------------ */
/* Scalar operand forms                                                */

Test(mve_fp, vadd_scalar_f32)   /* QEMU */
{
    result_t r = run("vadd.f32 q0, q1, r1", 0, 0, 0, THREE, NULL, Q(ONE, TWO, 0xC0400000u, DEN), NULL);
    expect_q(&r, FOUR, 0x40A00000u, 0, THREE, "scalar");
    expect_flags(&r, FPSCR_IDC, "scalar");
}

Test(mve_fp, vadd_scalar_f16_uses_low_half)   /* QEMU */
{
    result_t r = run("vadd.f16 q0, q1, r1", 0, 0, 0, 0xABCD3C00u, NULL,
                     Q(0x3C003C00u, 0x40004000u, 0xC000C400u, 0x00010001u), NULL);
    expect_q(&r, 0x40004000u, 0x42004200u, 0xBC00C200u, 0x3C003C00u, "f16 scalar");
    expect_flags(&r, FPSCR_IXC, "f16 scalar");
}

Test(mve_fp, vsub_scalar)
{
    result_t r = run("vsub.f32 q0, q1, r1", 0, 0, 0, ONE, NULL, Q(ONE, TWO, 0, PINF), NULL);
    expect_q(&r, 0, ONE, 0xBF800000u, PINF, "vsub.f32 scalar");
    r = run("vsub.f16 q0, q1, r1", 0, 0, 0, 0x4000u, NULL, Q(0x3C004000u, 0, 0, 0), NULL);
    expect_q(&r, 0xBC000000u, 0xC000C000u, 0xC000C000u, 0xC000C000u, "vsub.f16 scalar");
}

Test(mve_fp, vmul_scalar)
{
    result_t r = run("vmul.f32 q0, q1, r1", 0, 0, 0, 0xC0000000u, NULL, Q(ONE, THREE, 0x80000000u, PINF), NULL);
    expect_q(&r, 0xC0000000u, 0xC0C00000u, 0, 0xFF800000u, "vmul.f32 scalar");
    r = run("vmul.f16 q0, q1, r2", 0, 0, 0, 0, NULL, Q(0x3C004000u, 0, 0, 0), NULL);
    expect_q(&r, 0, 0, 0, 0, "vmul.f16 by r2 = 0");
}

Test(mve_fp, vfma_scalar_f32)   /* QEMU: Qda + Qn * Rm */
{
    result_t r = run("vfma.f32 q0, q1, r1", 0, 0, 0, THREE, Q(TWO, TWO, ONE, FOUR),
                     Q(TWO, THREE, 0xC0000000u, 0x3F000000u), NULL);
    expect_q(&r, 0x41000000u, 0x41300000u, 0xC0A00000u, 0x40B00000u, "vfma scalar");
}

Test(mve_fp, vfmas_scalar_f32)   /* QEMU: Qda * Qn + Rm */
{
    result_t r = run("vfmas.f32 q0, q1, r1", 0, 0, 0, THREE, Q(TWO, TWO, ONE, FOUR),
                     Q(TWO, THREE, 0xC0000000u, 0x3F000000u), NULL);
    expect_q(&r, 0x40E00000u, 0x41100000u, ONE, 0x40A00000u, "vfmas");
}

Test(mve_fp, vfma_vfmas_scalar_f16)
{
    /* d = 2, n = 3, scalar 0.5: vfma 2 + 1.5 = 3.5, vfmas 6 + 0.5 = 6.5 */
    result_t r = run("vfma.f16 q0, q1, r1", 0, 0, 0, 0x3800u, Q(0x40004000u, 0x40004000u, 0x40004000u, 0x40004000u),
                     Q(0x42004200u, 0x42004200u, 0x42004200u, 0x42004200u), NULL);
    expect_q(&r, 0x43004300u, 0x43004300u, 0x43004300u, 0x43004300u, "vfma.f16 scalar");
    r = run("vfmas.f16 q0, q1, r1", 0, 0, 0, 0x3800u, Q(0x40004000u, 0x40004000u, 0x40004000u, 0x40004000u),
            Q(0x42004200u, 0x42004200u, 0x42004200u, 0x42004200u), NULL);
    expect_q(&r, 0x46804680u, 0x46804680u, 0x46804680u, 0x46804680u, "vfmas.f16 scalar");
}

/* ------------------------------------------------------------------ */
/* VABD, VABS, VNEG, VMAXNM, VMINNM, VMAXNMA, VMINNMA                  */

Test(mve_fp, vabd_f32)   /* QEMU */
{
    result_t r = run("vabd.f32 q0, q1, q2", 0, 0, 0, 0, NULL, Q(ONE, 0xBF800000u, SNAN, 0), Q(TWO, ONE, ONE, 0x80000000u));
    expect_q(&r, ONE, TWO, DNAN, 0, "vabd");
    expect_flags(&r, FPSCR_IOC, "vabd");
}

Test(mve_fp, vabd_f16)
{
    result_t r = run("vabd.f16 q0, q1, q2", 0, 0, 0, 0, NULL, Q(0x3C004000u, 0xFC000000u, 0, 0),
                     Q(0x40003C00u, 0xFC000000u, 0, 0));
    expect_q(&r, 0x3C003C00u, 0x7E000000u, 0, 0, "vabd.f16");
    expect_flags(&r, FPSCR_IOC, "inf - inf");
}

Test(mve_fp, vabs_vneg_f32)
{
    result_t r = run("vabs.f32 q0, q1", 0, 0, 0, 0, NULL, Q(0xBF800000u, 0xFFC12345u, 0x80000001u, SNAN), NULL);
    expect_q(&r, ONE, QNANP, DEN, SNAN, "vabs: bits only");
    expect_flags(&r, 0, "vabs");
    r = run("vneg.f32 q0, q1", 0, 0, 0, 0, NULL, Q(ONE, QNANP, 0, 0x80000001u), NULL);
    expect_q(&r, 0xBF800000u, 0xFFC12345u, 0x80000000u, DEN, "vneg");
    expect_flags(&r, 0, "vneg");
}

Test(mve_fp, vabs_vneg_f16)
{
    result_t r = run("vabs.f16 q0, q1", 0, 0, 0, 0, NULL, Q(0xBC00FC01u, 0x80018000u, 0x12345678u, 0xFFFFFFFFu), NULL);
    expect_q(&r, 0x3C007C01u, 0x00010000u, 0x12345678u, 0x7FFF7FFFu, "vabs.f16");
    r = run("vneg.f16 q0, q1", 0, 0, 0, 0, NULL, Q(0xBC00FC01u, 0x80018000u, 0x12345678u, 0xFFFFFFFFu), NULL);
    expect_q(&r, 0x3C007C01u, 0x00010000u, 0x9234D678u, 0x7FFF7FFFu, "vneg.f16");
}

Test(mve_fp, vmaxnm_f32)   /* QEMU: a quiet NaN loses, a signalling one gives the default NaN */
{
    result_t r = run("vmaxnm.f32 q0, q1, q2", 0, 0, 0, 0, NULL, Q(QNANP, SNAN, 0x80000000u, DEN),
                     Q(ONE, ONE, 0, 0x80000000u));
    expect_q(&r, ONE, DNAN, 0, 0, "vmaxnm");
    expect_flags(&r, FPSCR_IOC | FPSCR_IDC, "vmaxnm");
}

Test(mve_fp, vminnm_f32_f16)
{
    result_t r = run("vminnm.f32 q0, q1, q2", 0, 0, 0, 0, NULL, Q(QNANP, ONE, 0x80000000u, 0xFF800000u),
                     Q(0xBF800000u, TWO, 0, QNANP));
    expect_q(&r, 0xBF800000u, ONE, 0x80000000u, 0xFF800000u, "vminnm.f32");
    expect_flags(&r, 0, "vminnm.f32");
    r = run("vminnm.f16 q0, q1, q2", 0, 0, 0, 0, NULL, Q(0x7E00BC00u, 0x00010000u, 0, 0), Q(0x3C004000u, 0x80008000u, 0, 0));
    expect_q(&r, 0x3C00BC00u, 0x80008000u, 0, 0, "vminnm.f16");
}

Test(mve_fp, vmaxnm_f16)
{
    result_t r = run("vmaxnm.f16 q0, q1, q2", 0, 0, 0, 0, NULL, Q(0x7E00BC00u, 0x7C01C000u, 0, 0),
                     Q(0x3C004000u, 0x3C00FC00u, 0, 0));
    expect_q(&r, 0x3C004000u, 0x7E00C000u, 0, 0, "vmaxnm.f16");
    expect_flags(&r, FPSCR_IOC, "vmaxnm.f16");
}

Test(mve_fp, vminnma_f32)   /* QEMU: min(|Qda|, |Qm|) */
{
    result_t r = run("vminnma.f32 q0, q1", 0, 0, 0, 0, Q(0xC0000000u, QNANP, 0x80000000u, SNAN),
                     Q(ONE, 0xBF800000u, 0, ONE), NULL);
    expect_q(&r, ONE, ONE, 0, DNAN, "vminnma");
    expect_flags(&r, FPSCR_IOC, "vminnma");
}

Test(mve_fp, vmaxnma_f32_f16)
{
    result_t r = run("vmaxnma.f32 q0, q1", 0, 0, 0, 0, Q(0xC0000000u, ONE, 0x80000000u, QNANP),
                     Q(ONE, 0xC0400000u, 0x80000000u, 0xBF800000u), NULL);
    expect_q(&r, TWO, THREE, 0, ONE, "vmaxnma.f32");
    r = run("vmaxnma.f16 q0, q1", 0, 0, 0, 0, Q(0xC0003C00u, 0, 0, 0), Q(0x3C00C200u, 0, 0, 0), NULL);
    expect_q(&r, 0x40004200u, 0, 0, 0, "vmaxnma.f16");
    r = run("vminnma.f16 q0, q1", 0, 0, 0, 0, Q(0xC0003C00u, 0, 0, 0), Q(0x3C00C200u, 0, 0, 0), NULL);
    expect_q(&r, 0x3C003C00u, 0, 0, 0, "vminnma.f16");
}

/* ------------------------------------------------------------------ */
/* Reductions into a core register                                     */

Test(mve_fp, vmaxnmv_f32)   /* QEMU */
{
    result_t r = run("vmaxnmv.f32 r0, q1", 0, 0, 0xBF800000u, 0, NULL,
                     Q(0xC0000000u, QNANP, 0xC0400000u, 0xBF000000u), NULL);
    cr_expect_eq(r.r0, 0xBF000000u);
    expect_flags(&r, 0, "vmaxnmv");
}

Test(mve_fp, vmaxnmv_signalling_nan_is_quietened_first)   /* QEMU */
{
    result_t r = run("vmaxnmv.f32 r0, q1", 0, 0, 0xBF800000u, 0, NULL,
                     Q(0xC0000000u, SNAN, 0xC0400000u, 0xBFC00000u), NULL);
    cr_expect_eq(r.r0, 0xBF800000u);
    expect_flags(&r, FPSCR_IOC, "snan");
}

Test(mve_fp, vmaxnmv_nan_accumulator)   /* QEMU */
{
    result_t r = run("vmaxnmv.f32 r0, q1", 0, 0, SNAN, 0, NULL, Q(QNANP, QNANP, QNANP, QNANP), NULL);
    cr_expect_eq(r.r0, DNAN);
    expect_flags(&r, FPSCR_IOC, "all NaN");
}

Test(mve_fp, vmaxnmv_f16_zero_extends)   /* QEMU */
{
    result_t r = run("vmaxnmv.f16 r0, q1", 0, 0, 0xFFFFBC00u, 0, NULL,
                     Q(0xC000C400u, 0xBE00C200u, 0x7E01BC00u, 0xB800C000u), NULL);
    cr_expect_eq(r.r0, 0x0000B800u);
    expect_flags(&r, 0, "f16");
}

Test(mve_fp, vmaxnmv_predicated)   /* QEMU: lanes 1 and 2 only */
{
    result_t r = run("vmaxnmv.f32 r0, q1", 0, VPT1(0x0F0Eu), 0xFF800000u, 0, NULL,
                     Q(0x41000000u, 0x40E00000u, 0x40C00000u, 0x40A00000u), NULL);
    cr_expect_eq(r.r0, 0x40C00000u, "only elements whose first byte is enabled count");
}

Test(mve_fp, vminnmv)
{
    result_t r = run("vminnmv.f32 r0, q1", 0, 0, ONE, 0, NULL, Q(TWO, 0xC0000000u, QNANP, 0x80000000u), NULL);
    cr_expect_eq(r.r0, 0xC0000000u);
    r = run("vminnmv.f16 r0, q1", 0, 0, 0x3C00u, 0, NULL, Q(0x40004400u, 0x80004000u, 0x42004200u, 0x40004000u), NULL);
    cr_expect_eq(r.r0, 0x8000u);
}

Test(mve_fp, vminnmav_f32)   /* QEMU: |elements|, the accumulator as it is */
{
    result_t r = run("vminnmav.f32 r0, q1", 0, 0, 0x41000000u, 0, NULL,
                     Q(0xC0000000u, THREE, 0xC0800000u, 0x80000001u), NULL);
    cr_expect_eq(r.r0, 0);
    expect_flags(&r, FPSCR_IDC, "flushed denormal");
}

Test(mve_fp, vmaxnmav)
{
    result_t r = run("vmaxnmav.f32 r0, q1", 0, 0, 0xC1000000u, 0, NULL, Q(0xC0000000u, ONE, 0xC0800000u, ONE), NULL);
    cr_expect_eq(r.r0, FOUR, "negative accumulator loses to |elements|");
    r = run("vmaxnmav.f16 r0, q1", 0, 0, 0x3C00u, 0, NULL, Q(0xC400BC00u, 0x3C00C200u, 0, 0), NULL);
    cr_expect_eq(r.r0, 0x4400u);
}

/* ------------------------------------------------------------------ */
/* VCVTB / VCVTT between F16 and F32                                   */

Test(mve_fp, vcvtb_f16_f32)   /* QEMU: vcvtb.f16.f32 q0, q1 */
{
    result_t r = run(".inst.w 0xee3f0e03", 0, 0, 0, 0, Q(0x11112222u, 0x33334444u, 0x55556666u, 0x77778888u),
                     Q(ONE, 0x477FF000u, 0x33000001u, QNANP), NULL);
    expect_q(&r, 0x11113C00u, 0x33337C00u, 0x55550001u, 0x77777E00u, "vcvtb");
    expect_flags(&r, FPSCR_OFC | FPSCR_UFC | FPSCR_IXC, "vcvtb");
}

Test(mve_fp, vcvtt_f16_f32_ahp)   /* QEMU: vcvtt.f16.f32 q0, q1 with AHP */
{
    result_t r = run(".inst.w 0xee3f1e03", FPSCR_AHP, 0, 0, 0, Q(0x11112222u, 0x33334444u, 0x55556666u, 0x77778888u),
                     Q(ONE, 0x477FF000u, DEN, QNANP), NULL);
    expect_q(&r, 0x3C002222u, 0x7C004444u, 0x00006666u, 0x00008888u, "vcvtt ahp");
    expect_flags(&r, FPSCR_IOC | FPSCR_IDC | FPSCR_IXC, "vcvtt ahp");
}

Test(mve_fp, vcvtb_f32_f16_ignores_fz16)   /* QEMU: vcvtb.f32.f16 q0, q1 */
{
    result_t r = run(".inst.w 0xfe3f0e03", FPSCR_FZ16, 0, 0, 0, NULL,
                     Q(0x3C000001u, 0x7C017E00u, 0x80030000u, 0xFC00FC01u), NULL);
    expect_q(&r, 0x33800000u, DNAN, 0, DNAN, "vcvtb widen");
    expect_flags(&r, FPSCR_IOC, "vcvtb widen");
}

Test(mve_fp, vcvtt_f32_f16)
{
    result_t r = run(".inst.w 0xfe3f1e03", 0, 0, 0, 0, NULL, Q(0x3C000000u, 0xC0001234u, 0x7C000000u, 0x00010000u), NULL);
    expect_q(&r, ONE, 0xC0000000u, PINF, 0x33800000u, "vcvtt widen");
    expect_flags(&r, 0, "exact");
}

Test(mve_fp, vcvtt_widen_predicated_flags_follow_the_half)   /* QEMU */
{
    result_t r = run(".inst.w 0xfe3f1e03", 0, VPT1(0xF00Cu), 0, 0, NULL,
                     Q(0x7C013C00u, 0x7C013C00u, 0x7C013C00u, 0x3C007C01u), NULL);
    expect_q(&r, DNAN, 0, 0, ONE, "predicated widen");
    expect_flags(&r, FPSCR_IOC, "lane 0's top half is enabled");
}

Test(mve_fp, vcvtb_narrow_predicated_flags_follow_the_lane)   /* QEMU */
{
    result_t r = run(".inst.w 0xee3f0e03", 0, VPT1(0x0C30u), 0, 0, NULL, Q(SNAN, SNAN, SNAN, SNAN), NULL);
    expect_q(&r, 0, 0x00007E00u, 0, 0, "predicated narrow");
    expect_flags(&r, FPSCR_IOC, "lane 1's first byte is enabled");
}

/* ------------------------------------------------------------------ */
/* VCVT between float and integer / fixed point                        */

Test(mve_fp, vcvt_s32_f32_saturates)   /* QEMU */
{
    result_t r = run("vcvt.s32.f32 q0, q1", 0, 0, 0, 0, NULL, Q(0xBFC00000u, 0x4F000000u, QNANP, 0x00400000u), NULL);
    expect_q(&r, 0xFFFFFFFFu, 0x7FFFFFFFu, 0, 0, "vcvt.s32.f32");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC | FPSCR_IDC, "vcvt.s32.f32");
}

Test(mve_fp, vcvt_u32_f32)
{
    result_t r = run("vcvt.u32.f32 q0, q1", 0, 0, 0, 0, NULL, Q(0xBF000000u, 0x4F800000u, 0x4F7FFFFFu, 0x40B00000u), NULL);
    expect_q(&r, 0, 0xFFFFFFFFu, 0xFFFFFF00u, 5, "vcvt.u32.f32");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "vcvt.u32.f32");
}

Test(mve_fp, vcvt_f32_s32_u32)
{
    result_t r = run("vcvt.f32.s32 q0, q1", 0, 0, 0, 0, NULL, Q(0xFFFFFFFFu, 0x7FFFFFFFu, 0x01000001u, 0), NULL);
    expect_q(&r, 0xBF800000u, 0x4F000000u, 0x4B800000u, 0, "vcvt.f32.s32");
    expect_flags(&r, FPSCR_IXC, "vcvt.f32.s32");
    r = run("vcvt.f32.u32 q0, q1", FPSCR_RMODE, 0, 0, 0, NULL, Q(0xFFFFFFFFu, 3, 0x01000003u, 0x80000000u), NULL);
    expect_q(&r, 0x4F800000u, THREE, 0x4B800002u, 0x4F000000u, "vcvt.f32.u32 rounds to nearest");
}

Test(mve_fp, vcvt_u16_f16)   /* QEMU */
{
    result_t r = run("vcvt.u16.f16 q0, q1", 0, 0, 0, 0, NULL, Q(0xBC003E00u, 0x7C00FBFFu, 0x7E000001u, 0x3C013BFFu), NULL);
    expect_q(&r, 1, 0xFFFF0000u, 0, 0x00010000u, "vcvt.u16.f16");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "vcvt.u16.f16");
}

Test(mve_fp, vcvt_s16_f16_and_back)
{
    result_t r = run("vcvt.s16.f16 q0, q1", 0, 0, 0, 0, NULL, Q(0xC500BC00u, 0x7C00FC00u, 0x0000B800u, 0x57FF5800u), NULL);
    expect_q(&r, 0xFFFBFFFFu, 0x7FFF8000u, 0, 0x007F0080u, "vcvt.s16.f16");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "vcvt.s16.f16");
    r = run("vcvt.f16.s16 q0, q1", 0, 0, 0, 0, NULL, Q(0xFFFF0001u, 0x7FFF8000u, 0x0801u, 0), NULL);
    expect_q(&r, 0xBC003C00u, 0x7800F800u, 0x6800u, 0, "vcvt.f16.s16");
    expect_flags(&r, FPSCR_IXC, "vcvt.f16.s16");
}

Test(mve_fp, vcvt_f16_u16_overflows)
{
    result_t r = run("vcvt.f16.u16 q0, q1", 0, 0, 0, 0, NULL, Q(0xFFFFFFF0u, 0x0002u, 0, 0), NULL);
    expect_q(&r, 0x7C007C00u, 0x4000u, 0, 0, "65535 rounds past the largest half");
    expect_flags(&r, FPSCR_OFC | FPSCR_IXC, "overflow");
}

Test(mve_fp, vcvt_fixed_s32_f32)   /* QEMU: #8 */
{
    result_t r = run("vcvt.s32.f32 q0, q1, #8", 0, 0, 0, 0, NULL, Q(0x3F800001u, 0xC3800000u, 0x4B000000u, 0x3B800000u), NULL);
    expect_q(&r, 0x100u, 0xFFFF0000u, 0x7FFFFFFFu, 1, "fixed");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "fixed");
}

Test(mve_fp, vcvt_fixed_f32_u32)   /* QEMU: #4 */
{
    result_t r = run("vcvt.f32.u32 q0, q1, #4", 0, 0, 0, 0, NULL, Q(0xFFFFFFFFu, 0x10u, 1, 0x80000001u), NULL);
    expect_q(&r, 0x4D800000u, ONE, 0x3D800000u, 0x4D000000u, "fixed to float");
    expect_flags(&r, FPSCR_IXC, "fixed to float");
}

Test(mve_fp, vcvt_fixed_32_fraction_bits)
{
    result_t r = run("vcvt.u32.f32 q0, q1, #32", 0, 0, 0, 0, NULL, Q(0x3F000000u, ONE, 0x2F800000u, 0), NULL);
    expect_q(&r, 0x80000000u, 0xFFFFFFFFu, 1, 0, "#32");
    expect_flags(&r, FPSCR_IOC, "1.0 does not fit");
    r = run("vcvt.f32.s32 q0, q1, #32", 0, 0, 0, 0, NULL, Q(0x80000000u, 0x40000000u, 0, 0), NULL);
    expect_q(&r, 0xBF000000u, 0x3E800000u, 0, 0, "s32 #32 to float");
}

Test(mve_fp, vcvt_fixed_f16)
{
    result_t r = run("vcvt.s16.f16 q0, q1, #1", 0, 0, 0, 0, NULL, Q(0xBC003C00u, 0x3800B400u, 0x7800u, 0), NULL);
    expect_q(&r, 0xFFFE0002u, 0x00010000u, 0x7FFFu, 0, "s16.f16 #1");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "s16.f16 #1");
    r = run("vcvt.f16.u16 q0, q1, #3", 0, 0, 0, 0, NULL, Q(0x00080004u, 0xFFFF0001u, 0, 0), NULL);
    expect_q(&r, 0x3C003800u, 0x70003000u, 0, 0, "f16.u16 #3");
    r = run("vcvt.u16.f16 q0, q1, #16", 0, 0, 0, 0, NULL, Q(0x38003C00u, 0, 0, 0), NULL);
    expect_q(&r, 0x8000FFFFu, 0, 0, 0, "u16.f16 #16");
}

Test(mve_fp, vcvta_s32_f32)   /* QEMU: ties away */
{
    result_t r = run("vcvta.s32.f32 q0, q1", 0, 0, 0, 0, NULL, Q(0x3FC00000u, 0xC0200000u, 0x3F000000u, 0xBF000000u), NULL);
    expect_q(&r, 2, 0xFFFFFFFDu, 1, 0xFFFFFFFFu, "vcvta");
    expect_flags(&r, FPSCR_IXC, "vcvta");
}

Test(mve_fp, vcvtn_vcvtp_vcvtm_f32)
{
    const uint32_t *in = Q(0x3FC00000u, 0xC0200000u, 0x3F000000u, 0xBF400000u);   /* 1.5 -2.5 0.5 -0.75 */
    result_t r = run("vcvtn.s32.f32 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 2, 0xFFFFFFFEu, 0, 0xFFFFFFFFu, "vcvtn");
    r = run("vcvtp.s32.f32 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 2, 0xFFFFFFFEu, 1, 0, "vcvtp");
    r = run("vcvtm.s32.f32 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 1, 0xFFFFFFFDu, 0, 0xFFFFFFFFu, "vcvtm");
    r = run("vcvtm.u32.f32 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 1, 0, 0, 0, "vcvtm.u32");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "vcvtm.u32");
}

Test(mve_fp, vcvtm_s16_f16)   /* QEMU */
{
    result_t r = run("vcvtm.s16.f16 q0, q1", 0, 0, 0, 0, NULL, Q(0x3E00BE00u, 0x7C00FC00u, 0x80000001u, 0x3800B800u), NULL);
    expect_q(&r, 0x0001FFFEu, 0x7FFF8000u, 0, 0x0000FFFFu, "vcvtm.s16");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "vcvtm.s16");
}

Test(mve_fp, vcvta_vcvtn_vcvtp_f16)
{
    const uint32_t *in = Q(0x3E00BE00u, 0x41004100u, 0, 0);   /* 1.5 -1.5 2.5 2.5 */
    result_t r = run("vcvta.s16.f16 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 0x0002FFFEu, 0x00030003u, 0, 0, "vcvta.s16");
    r = run("vcvtn.u16.f16 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 0x00020000u, 0x00020002u, 0, 0, "vcvtn.u16");
    expect_flags(&r, FPSCR_IOC | FPSCR_IXC, "vcvtn.u16 of -1.5");
    r = run("vcvtp.s16.f16 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 0x0002FFFFu, 0x00030003u, 0, 0, "vcvtp.s16");
}

/* ------------------------------------------------------------------ */
/* VRINT                                                               */

Test(mve_fp, vrintx_f32_nearest_and_inexact)   /* QEMU: RMode = towards zero ignored */
{
    result_t r = run("vrintx.f32 q0, q1", FPSCR_RMODE, 0, 0, 0, NULL, Q(0x3FC00000u, 0x40200000u, 0xBFC00000u, DEN), NULL);
    expect_q(&r, TWO, TWO, 0xC0000000u, 0, "vrintx");
    expect_flags(&r, FPSCR_IXC | FPSCR_IDC, "vrintx");
}

Test(mve_fp, vrinta_f16)   /* QEMU */
{
    result_t r = run("vrinta.f16 q0, q1", 0, 0, 0, 0, NULL, Q(0x3E00BE00u, 0x41004100u, 0x7C01B800u, 0x00013800u), NULL);
    expect_q(&r, 0x4000C000u, 0x42004200u, 0x7E00BC00u, 0x00003C00u, "vrinta.f16");
    expect_flags(&r, FPSCR_IOC, "no inexact from VRINTA");
}

Test(mve_fp, vrint_modes_f32)
{
    const uint32_t *in = Q(0x40200000u, 0xC0200000u, 0x3F400000u, 0xBE800000u);   /* 2.5 -2.5 0.75 -0.25 */
    result_t r = run("vrintn.f32 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, TWO, 0xC0000000u, ONE, 0x80000000u, "vrintn");
    r = run("vrinta.f32 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, THREE, 0xC0400000u, ONE, 0x80000000u, "vrinta");
    r = run("vrintz.f32 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, TWO, 0xC0000000u, 0, 0x80000000u, "vrintz");
    r = run("vrintm.f32 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, TWO, 0xC0400000u, 0, 0xBF800000u, "vrintm");
    r = run("vrintp.f32 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, THREE, 0xC0000000u, ONE, 0x80000000u, "vrintp");
    expect_flags(&r, 0, "only VRINTX signals inexact");
}

Test(mve_fp, vrint_modes_f16)
{
    const uint32_t *in = Q(0xC1004100u, 0xB4003A00u, 0x7C00FC00u, 0x6C016C00u);   /* 2.5 -2.5 0.75 -0.25 inf 4100.x */
    result_t r = run("vrintn.f16 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 0xC0004000u, 0x80003C00u, 0x7C00FC00u, 0x6C016C00u, "vrintn.f16");
    r = run("vrintz.f16 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 0xC0004000u, 0x80000000u, 0x7C00FC00u, 0x6C016C00u, "vrintz.f16");
    r = run("vrintm.f16 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 0xC2004000u, 0xBC000000u, 0x7C00FC00u, 0x6C016C00u, "vrintm.f16");
    r = run("vrintp.f16 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 0xC0004200u, 0x80003C00u, 0x7C00FC00u, 0x6C016C00u, "vrintp.f16");
    r = run("vrintx.f16 q0, q1", 0, 0, 0, 0, NULL, in, NULL);
    expect_q(&r, 0xC0004000u, 0x80003C00u, 0x7C00FC00u, 0x6C016C00u, "vrintx.f16");
    expect_flags(&r, FPSCR_IXC, "vrintx.f16");
}

/* ------------------------------------------------------------------ */
/* Complex arithmetic                                                  */

Test(mve_fp, vcadd_f32_90)   /* QEMU */
{
    result_t r = run("vcadd.f32 q0, q1, q2, #90", 0, 0, 0, 0, NULL, Q(ONE, TWO, THREE, FOUR),
                     Q(0x40A00000u, 0x40C00000u, 0x40E00000u, 0x41000000u));
    expect_q(&r, 0xC0A00000u, 0x40E00000u, 0xC0A00000u, 0x41300000u, "vcadd #90");
}

Test(mve_fp, vcadd_f32_270)
{
    result_t r = run("vcadd.f32 q0, q1, q2, #270", 0, 0, 0, 0, NULL, Q(ONE, TWO, THREE, FOUR),
                     Q(0x40A00000u, 0x40C00000u, 0x40E00000u, 0x41000000u));
    expect_q(&r, 0x40E00000u, 0xC0400000u, 0x41300000u, 0xC0400000u, "vcadd #270");   /* 1+6 2-5 3+8 4-7 */
}

Test(mve_fp, vcadd_f16_270)   /* QEMU */
{
    result_t r = run("vcadd.f16 q0, q1, q2, #270", 0, 0, 0, 0, NULL, Q(0x40003C00u, 0x44004200u, 0x3C003C00u, 0x3C003C00u),
                     Q(0x46004500u, 0x48004700u, 0x40004000u, 0x40004000u));
    expect_q(&r, 0xC2004700u, 0xC2004980u, 0xBC004200u, 0xBC004200u, "vcadd.f16 #270");
}

Test(mve_fp, vcadd_f16_90)
{
    result_t r = run("vcadd.f16 q0, q1, q2, #90", 0, 0, 0, 0, NULL, Q(0x40003C00u, 0, 0, 0), Q(0x46004500u, 0, 0, 0));
    expect_q(&r, 0x4700C500u, 0, 0, 0, "vcadd.f16 #90");   /* 1-6, 2+5 */
}

Test(mve_fp, vcmul_f32_rotations)   /* QEMU for 90 and 270 */
{
    const uint32_t *n = Q(ONE, TWO, THREE, FOUR), *m = Q(0x40A00000u, 0x40C00000u, 0x40E00000u, 0x41000000u);
    result_t r = run("vcmul.f32 q0, q1, q2, #0", 0, 0, 0, 0, NULL, n, m);
    expect_q(&r, 0x40A00000u, 0x40C00000u, 0x41A80000u, 0x41C00000u, "vcmul #0");     /* 1*5 1*6 3*7 3*8 */
    r = run("vcmul.f32 q0, q1, q2, #90", 0, 0, 0, 0, NULL, n, m);
    expect_q(&r, 0xC1400000u, 0x41200000u, 0xC2000000u, 0x41E00000u, "vcmul #90");
    r = run("vcmul.f32 q0, q1, q2, #180", 0, 0, 0, 0, NULL, n, m);
    expect_q(&r, 0xC0A00000u, 0xC0C00000u, 0xC1A80000u, 0xC1C00000u, "vcmul #180");
    r = run("vcmul.f32 q0, q1, q2, #270", 0, 0, 0, 0, NULL, n, m);
    expect_q(&r, 0x41400000u, 0xC1200000u, 0x42000000u, 0xC1E00000u, "vcmul #270");
}

Test(mve_fp, vcmul_f16)
{
    /* n = (1, 2), m = (3, 4): #0 gives (3, 4), #90 (-8, 6) */
    result_t r = run("vcmul.f16 q0, q1, q2, #0", 0, 0, 0, 0, NULL, Q(0x40003C00u, 0, 0, 0), Q(0x44004200u, 0, 0, 0));
    expect_q(&r, 0x44004200u, 0, 0, 0, "vcmul.f16 #0");
    r = run("vcmul.f16 q0, q1, q2, #90", 0, 0, 0, 0, NULL, Q(0x40003C00u, 0, 0, 0), Q(0x44004200u, 0, 0, 0));
    expect_q(&r, 0x4600C800u, 0x8000u, 0x8000u, 0x8000u, "vcmul.f16 #90: 0 * -0 is -0");
}

Test(mve_fp, vcmla_f32_rotations)   /* QEMU for 180 */
{
    const uint32_t *d = Q(ONE, ONE, ONE, ONE), *n = Q(ONE, TWO, THREE, FOUR);
    const uint32_t *m = Q(0x40A00000u, 0x40C00000u, 0x40E00000u, 0x41000000u);
    result_t r = run("vcmla.f32 q0, q1, q2, #0", 0, 0, 0, 0, d, n, m);
    expect_q(&r, 0x40C00000u, 0x40E00000u, 0x41B00000u, 0x41C80000u, "vcmla #0");   /* 1+5 1+6 1+21 1+24 */
    r = run("vcmla.f32 q0, q1, q2, #90", 0, 0, 0, 0, d, n, m);
    expect_q(&r, 0xC1300000u, 0x41300000u, 0xC1F80000u, 0x41E80000u, "vcmla #90");  /* 1-12 1+10 1-32 1+28 */
    r = run("vcmla.f32 q0, q1, q2, #180", 0, 0, 0, 0, d, n, m);
    expect_q(&r, 0xC0800000u, 0xC0A00000u, 0xC1A00000u, 0xC1B80000u, "vcmla #180");
    r = run("vcmla.f32 q0, q1, q2, #270", 0, 0, 0, 0, d, n, m);
    expect_q(&r, 0x41500000u, 0xC1100000u, 0x42040000u, 0xC1D80000u, "vcmla #270");  /* 1+12 1-10 1+32 1-28 */
}

Test(mve_fp, vcmla_f16_90)   /* QEMU */
{
    result_t r = run("vcmla.f16 q0, q1, q2, #90", 0, 0, 0, 0, Q(0x3C003C00u, 0x3C003C00u, 0x3C003C00u, 0x3C003C00u),
                     Q(0x40003C00u, 0x44004200u, 0x3C003C00u, 0x3C003C00u),
                     Q(0x46004500u, 0x48004700u, 0x40004000u, 0x40004000u));
    expect_q(&r, 0x4980C980u, 0x4F40CFC0u, 0x4200BC00u, 0x4200BC00u, "vcmla.f16 #90");
}

Test(mve_fp, vcmla_invalid_products)
{
    /* 0 * inf in the real part: default NaN and Invalid Operation */
    result_t r = run("vcmla.f32 q0, q1, q2, #0", 0, 0, 0, 0, Q(ONE, ONE, 0, 0), Q(0, 0, 0, 0), Q(PINF, ONE, 0, 0));
    expect_q(&r, DNAN, ONE, 0, 0, "0 * inf");
    expect_flags(&r, FPSCR_IOC, "0 * inf");
}

/* ------------------------------------------------------------------ */
/* Predication                                                         */

Test(mve_fp, partial_elements_merge_bytes_and_keep_flags_quiet)   /* QEMU */
{
    /* P0 = 0x8E2C: element 0 has lanes 2, 3, element 1 lane 5, element 2
     * lanes 9-11, element 3 lane 15: every element is computed and merged
     * byte by byte, but none has its first lane, so no flags (not even
     * from the signalling NaNs). */
    result_t r = run("vadd.f32 q0, q1, q2", 0, VPT1(0x8E2Cu), 0, 0,
                     Q(0x11111111u, 0x22222222u, 0x33333333u, 0x44444444u), Q(DEN, DEN, SNAN, SNAN),
                     Q(ONE, ONE, ONE, ONE));
    expect_q(&r, 0x3F801111u, 0x22220022u, 0x7FC00033u, 0x7F444444u, "partial");
    expect_flags(&r, 0, "partial");
}

Test(mve_fp, first_lane_only)   /* QEMU */
{
    result_t r = run("vadd.f32 q0, q1, q2", 0, VPT1(0x0001u), 0, 0,
                     Q(0x11111111u, 0x22222222u, 0x33333333u, 0x44444444u), Q(0x3F800001u, DEN, SNAN, SNAN),
                     Q(0x33800000u, ONE, ONE, ONE));
    expect_q(&r, 0x11111102u, 0x22222222u, 0x33333333u, 0x44444444u, "first lane");
    expect_flags(&r, FPSCR_IXC, "first lane");
}

Test(mve_fp, vneg_f16_byte_lanes)   /* QEMU */
{
    result_t r = run("vneg.f16 q0, q1", 0, VPT1(0x5AA5u), 0, 0, NULL, Q(0x7E003C00u, 0x80000001u, 0xFFFF1234u, 0), NULL);
    expect_q(&r, 0, 0x00008000u, 0x7F009200u, 0, "vneg lanes");
}

Test(mve_fp, vpt_else_slot)
{
    /* VPR as "VPST TE" leaves it: MASK 1100, P0 = 0x00FF; the first
     * instruction writes the low half, the second the high half. */
    tcpu_t *t = mv_new(0);
    setq(t, 1, Q(ONE, ONE, ONE, ONE));
    setq(t, 2, Q(ONE, ONE, ONE, ONE));
    t->cpu->vpr = 0x00CC0000u | 0x00FFu;
    cr_assert_eq(tcpu_run_asm(t, "vadd.f32 q0, q1, q2\nvmul.f32 q3, q1, q2"), TCPU_DONE);
    cr_expect_eq(qword(t, 0, 0), TWO);
    cr_expect_eq(qword(t, 0, 1), TWO);
    cr_expect_eq(qword(t, 0, 2), 0);
    cr_expect_eq(qword(t, 3, 1), 0);
    cr_expect_eq(qword(t, 3, 2), ONE);
    cr_expect_eq(qword(t, 3, 3), ONE);
    cr_expect_eq(t->cpu->vpr & 0x00FF0000u, 0, "block over");
    tcpu_free(t);
}

Test(mve_fp, tail_predication)
{
    /* Inside a DLSTP.32 loop with 3 elements left (LTPSIZE 2, LR 3). */
    tcpu_t *t = mv_new(0);
    setq(t, 0, Q(0xAAAAAAAAu, 0xAAAAAAAAu, 0xAAAAAAAAu, 0xAAAAAAAAu));
    setq(t, 1, Q(ONE, TWO, THREE, FOUR));
    t->cpu->lo_ltpsize = 2;
    t->cpu->r[14] = 3;
    t->cpu->r[1] = ONE;
    cr_assert_eq(tcpu_run_asm(t, "vadd.f32 q0, q1, r1\nvmaxnmv.f32 r2, q1"), TCPU_DONE);
    cr_expect_eq(qword(t, 0, 0), TWO);
    cr_expect_eq(qword(t, 0, 2), FOUR);
    cr_expect_eq(qword(t, 0, 3), 0xAAAAAAAAu, "the tail lane is left alone");
    cr_expect_eq(t->cpu->r[2], THREE, "the reduction ignores the tail");
    tcpu_free(t);
}

Test(mve_fp, fully_predicated_off_changes_nothing)
{
    result_t r = run("vmul.f16 q0, q1, q2", 0, VPT1(0), 0, 0, Q(1, 2, 3, 4), Q(SNAN, SNAN, SNAN, SNAN), Q(ONE, ONE, ONE, ONE));
    expect_q(&r, 1, 2, 3, 4, "all lanes off");
    expect_flags(&r, 0, "all lanes off");
}

/* ------------------------------------------------------------------ */
/* FPSCR, registers, encodings                                         */

Test(mve_fp, flags_accumulate)
{
    result_t r = run("vadd.f32 q0, q1, q2", FPSCR_DZC | FPSCR_DN | FPSCR_N, 0, 0, 0, NULL, Q(ONE, 0, 0, 0),
                     Q(0x33800001u, 0, 0, 0));
    expect_flags(&r, FPSCR_DZC | FPSCR_IXC, "old flags stay");
    cr_expect_eq(r.fpscr & (FPSCR_DN | FPSCR_N), FPSCR_DN | FPSCR_N);
}

Test(mve_fp, high_registers_and_in_place)
{
    tcpu_t *t = mv_new(0);
    setq(t, 7, Q(ONE, TWO, THREE, FOUR));
    setq(t, 6, Q(ONE, ONE, ONE, ONE));
    cr_assert_eq(tcpu_run_asm(t, "vsub.f32 q7, q7, q6\nvcadd.f32 q5, q7, q7, #90"), TCPU_DONE);
    cr_expect_eq(qword(t, 7, 0), 0);
    cr_expect_eq(qword(t, 7, 3), THREE);
    /* q7 = (0, 1, 2, 3): (0 - 1, 1 + 0, 2 - 3, 3 + 2) */
    cr_expect_eq(qword(t, 5, 0), 0xBF800000u);
    cr_expect_eq(qword(t, 5, 1), ONE);
    cr_expect_eq(qword(t, 5, 2), 0xBF800000u);
    cr_expect_eq(qword(t, 5, 3), 0x40A00000u);
    tcpu_free(t);
}

Test(mve_fp, vcmul_in_place)
{
    tcpu_t *t = mv_new(0);
    setq(t, 1, Q(ONE, TWO, 0, 0));
    cr_assert_eq(tcpu_run_asm(t, "vcmul.f16 q1, q1, q1, #90"), TCPU_DONE);   /* F16 allows overlap */
    tcpu_free(t);
}

static void expect_undefined(const char *src)
{
    tcpu_t *t = mv_new(0);
    cr_expect_eq(tcpu_run_asm(t, src), TCPU_FAULT, "%s should be UNDEFINED", src);
    cr_expect_eq(t->cpu->ipsr, EXC_USAGEFAULT, "%s", src);
    tcpu_free(t);
}

Test(mve_fp, undefined_encodings)
{
    expect_undefined(".inst.w 0xef420d44");   /* vadd.f32 with D = 1 (Q8) */
    expect_undefined(".inst.w 0xef020dc4");   /* vadd.f32 with N = 1 */
    expect_undefined(".inst.w 0xee320f4d");   /* vadd.f32 q0, q1, sp */
    expect_undefined(".inst.w 0xee320f4f");   /* vadd.f32 q0, q1, pc */
    expect_undefined(".inst.w 0xeeeedf02");   /* vmaxnmv.f32 sp, q1 */
    expect_undefined(".inst.w 0xefaf0d52");   /* vcvt.s16.f16 #17 */
    expect_undefined(".inst.w 0xffba0642");   /* vrint op 100 */
    expect_undefined(".inst.w 0xffbf0742");   /* vcvt size 11 */
    expect_undefined(".inst.w 0xffb30742");   /* vcvt size 00 */
}

Test(mve_fp, disabled_fp_faults)
{
    tcpu_t *t = mv_new(0);
    t->cpu->scb.cpacr = 0;
    setq(t, 0, Q(1, 2, 3, 4));
    cr_assert_eq(tcpu_run_asm(t, "vadd.f32 q0, q1, q2"), TCPU_FAULT);
    cr_expect_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_expect_eq(qword(t, 0, 0), 1, "nothing written");
    tcpu_free(t);
}

/* A loop over every element size and operation, against fp_ops called
 * element by element with the standard FPSCR value. */
Test(mve_fp, matches_scalar_reference)
{
    static const uint32_t vals[] = {ONE, 0xC0490FDBu, 0x00800000u, 0x7F7FFFFFu, 0x80000000u, DEN, QNANP,
                                    SNAN, PINF, 0x3EAAAAABu, 0x3F800001u, 0x4B7FFFFFu};
    const size_t nv = sizeof vals / sizeof vals[0];
    tcpu_t *t = mv_new(0);
    uint32_t seed = 12345;
    for (int iter = 0; iter < 50; iter++) {
        uint32_t a[4], b[4], c[4];
        for (int i = 0; i < 4; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = vals[(seed >> 8) % nv];
            seed = seed * 1103515245u + 12345u;
            b[i] = iter & 1 ? seed : vals[(seed >> 8) % nv];
            c[i] = a[i] ^ b[i];
        }
        setq(t, 0, c);
        setq(t, 1, a);
        setq(t, 2, b);
        t->cpu->fpscr = 0;
        cr_assert_eq(tcpu_run_asm(t, "vfma.f32 q0, q1, q2"), TCPU_DONE);
        uint32_t ref_fpscr = FPSCR_DN | FPSCR_FZ;
        for (int i = 0; i < 4; i++) {
            uint32_t want = (uint32_t)fp_soft_muladd(FP_F32, c[i], a[i], b[i], &ref_fpscr);
            cr_expect_eq(qword(t, 0, (unsigned)i), want, "iter %d elem %d: %08x*%08x+%08x", iter, i, a[i], b[i], c[i]);
        }
        cr_expect_eq(flags(t), ref_fpscr & FLAGS_MASK, "iter %d flags", iter);
    }
    tcpu_free(t);
}

/* fp_ops' F16 host fast path (used by the vector F16 arithmetic) against
 * its soft-float reference, over random and edge operands. */
Test(mve_fp, f16_fast_path_matches_soft_float)
{
    static const uint16_t edge[] = {0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x0401, 0x3C00, 0xBC00, 0x3BFF,
                                    0x7BFF, 0xFBFF, 0x7C00, 0x7E00, 0x7C01, 0x1400, 0x5BFF, 0x0C00, 0x8400};
    const size_t ne = sizeof edge / sizeof edge[0];
    uint32_t seed = 99;
    for (int i = 0; i < 200000; i++) {
        uint16_t x[3];
        for (int k = 0; k < 3; k++) {
            seed = seed * 1664525u + 1013904223u;
            x[k] = (seed >> 28) < 3 ? edge[(seed >> 8) % ne] : (uint16_t)(seed >> 12);
        }
        uint32_t ctl = (i & 1) ? FPSCR_DN : FPSCR_FZ16;
        uint32_t f1 = ctl, f2 = ctl;
        uint64_t r1 = fp_add(FP_F16, x[0], x[1], &f1), r2 = fp_soft_add(FP_F16, x[0], x[1], &f2);
        cr_assert(r1 == r2 && f1 == f2, "add %04x %04x: %04x/%08x vs %04x/%08x", x[0], x[1], (unsigned)r1, f1,
                  (unsigned)r2, f2);
        f1 = f2 = ctl;
        r1 = fp_sub(FP_F16, x[0], x[1], &f1);
        uint64_t nb = x[1] ^ 0x8000u;
        r2 = ((x[1] & 0x7FFFu) > 0x7C00u) ? fp_sub(FP_F16, x[0], x[1], &f2) : fp_soft_add(FP_F16, x[0], nb, &f2);
        cr_assert(r1 == r2 && f1 == f2, "sub %04x %04x", x[0], x[1]);
        f1 = f2 = ctl;
        r1 = fp_mul(FP_F16, x[0], x[1], &f1);
        r2 = fp_soft_mul(FP_F16, x[0], x[1], &f2);
        cr_assert(r1 == r2 && f1 == f2, "mul %04x %04x: %04x/%08x vs %04x/%08x", x[0], x[1], (unsigned)r1, f1,
                  (unsigned)r2, f2);
        f1 = f2 = ctl;
        r1 = fp_muladd(FP_F16, x[2], x[0], x[1], &f1);
        r2 = fp_soft_muladd(FP_F16, x[2], x[0], x[1], &f2);
        cr_assert(r1 == r2 && f1 == f2, "muladd %04x + %04x*%04x: %04x/%08x vs %04x/%08x", x[2], x[0], x[1],
                  (unsigned)r1, f1, (unsigned)r2, f2);
    }
}

/* fp_vec_fast, the whole-vector fast path, against the soft-float
 * reference lane by lane (results and flags), on random vectors with
 * nearby and distant exponents, zeros and tiny values. */
static uint32_t rnd_f32(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    uint32_t x = *seed;
    switch (x >> 29) {
    case 0: return x & 0x80000000u;                                    /* zero */
    case 1: return (x & 0x807FFFFFu) | 0x3F000000u;                    /* [0.5, 1) */
    case 2: return (x & 0x80FFFFFFu) | 0x3F000000u;                    /* [0.5, 2) */
    case 3: return (x & 0x83FFFFFFu) | 0x0C000000u;                    /* tiny */
    default: return (x & 0x8FFFFFFFu) | 0x30000000u;                   /* wide */
    }
}

Test(mve_fp, vector_fast_path_matches_soft_float)
{
    uint32_t seed = 7, hits = 0;
    for (int iter = 0; iter < 100000; iter++) {
        enum fp_vop op = (enum fp_vop)(iter % 6);
        bool f16 = (iter / 6) % 3 == 0;
        uint8_t d[16], n[16], m[16], out[16];
        for (int i = 0; i < 16; i += 4) {
            uint32_t x = rnd_f32(&seed), y = rnd_f32(&seed), z = rnd_f32(&seed);
            if (f16) {   /* two halves from the top of each F32 */
                x = (x >> 16) | (rnd_f32(&seed) & 0xFFFF0000u);
                y = (y >> 16) | (rnd_f32(&seed) & 0xFFFF0000u);
                z = (z >> 16) | (rnd_f32(&seed) & 0xFFFF0000u);
            }
            memcpy(n + i, &x, 4);
            memcpy(m + i, &y, 4);
            memcpy(d + i, &z, 4);
        }
        enum fp_fmt f = f16 ? FP_F16 : FP_F32;
        uint32_t fast = FPSCR_DN | FPSCR_FZ, ref = fast;
        if (!fp_vec_fast(f, op, d, n, m, out, &fast)) {
            cr_assert_eq(fast, FPSCR_DN | FPSCR_FZ, "a refusal changes nothing");
            continue;
        }
        hits++;
        unsigned es = f16 ? 2 : 4;
        for (unsigned e = 0; e < 16 / es; e++) {
            uint64_t dv = 0, nv = 0, mv = 0, got = 0, want;
            memcpy(&dv, d + e * es, es);
            memcpy(&nv, n + e * es, es);
            memcpy(&mv, m + e * es, es);
            memcpy(&got, out + e * es, es);
            switch (op) {
            case FP_VADD: want = fp_soft_add(f, nv, mv, &ref); break;
            case FP_VSUB: want = fp_soft_add(f, nv, fp_neg(f, mv), &ref); break;
            case FP_VMUL: want = fp_soft_mul(f, nv, mv, &ref); break;
            case FP_VFMA: want = fp_soft_muladd(f, dv, nv, mv, &ref); break;
            case FP_VFMS: want = fp_soft_muladd(f, dv, fp_neg(f, nv), mv, &ref); break;
            default: want = fp_soft_muladd(f, mv, nv, dv, &ref); break;
            }
            cr_assert_eq(got, want, "iter %d op %d lane %u: %llx vs %llx", iter, op, e, (unsigned long long)got,
                         (unsigned long long)want);
        }
        cr_assert_eq(fast, ref, "iter %d op %d flags", iter, op);
    }
    cr_expect_gt(hits, 20000u, "the fast path should take most of these");
}
