/* Floating-point arithmetic as the Arm ARM's FP pseudocode defines it
 * (FPAdd, FPMulAdd, FPRound, FPToFixed, FPConvert...), for FPv5 with the
 * half-precision extension of Armv8.1-M.
 *
 * Values travel as raw bits (uint64_t, low N bits used) tagged with their
 * format, so a caller never needs a host float.  Every operation reads the
 * control fields of the FPSCR it is given (RMode, FZ, FZ16, DN, AHP) and ORs
 * the cumulative exception flags (IOC, DZC, OFC, UFC, IXC, IDC) into it.
 *
 * The reference path is a small soft-float written after the pseudocode:
 * operands are unpacked into sign, exponent and a 64-bit mantissa, the exact
 * result is formed with enough guard bits plus a sticky bit, and FPRound()
 * rounds it with Arm's rules (tininess detected before rounding, FZ flushes
 * without IXC, overflow per rounding mode, alternative half precision).
 * The common case (round to nearest, normal operands, normal result) takes a
 * fast path on host doubles that is provably identical: see fp_ops.c.
 */
#ifndef ETSIM_ISA_FP_OPS_H
#define ETSIM_ISA_FP_OPS_H

#include <stdbool.h>
#include <stdint.h>

/* FPSCR fields (Armv8.1-M). */
#define FPSCR_N       (1u << 31)
#define FPSCR_Z       (1u << 30)
#define FPSCR_C       (1u << 29)
#define FPSCR_V       (1u << 28)
#define FPSCR_QC      (1u << 27)
#define FPSCR_AHP     (1u << 26)
#define FPSCR_DN      (1u << 25)
#define FPSCR_FZ      (1u << 24)
#define FPSCR_RMODE_SHIFT 22
#define FPSCR_RMODE   (3u << FPSCR_RMODE_SHIFT)
#define FPSCR_FZ16    (1u << 19)
#define FPSCR_LTPSIZE_SHIFT 16     /* LTPSIZE lives in cpu->lo_ltpsize */
#define FPSCR_IDC     (1u << 7)
#define FPSCR_IXC     (1u << 4)
#define FPSCR_UFC     (1u << 3)
#define FPSCR_OFC     (1u << 2)
#define FPSCR_DZC     (1u << 1)
#define FPSCR_IOC     (1u << 0)
#define FPSCR_NZCV    0xF0000000u
#define FPSCR_NZCVQC  0xF8000000u
/* FPSCR bits kept in cpu->fpscr (LTPSIZE, bits 18:16, is cpu->lo_ltpsize). */
#define FPSCR_WRITABLE 0xFFC8009Fu

enum fp_fmt { FP_F16 = 0, FP_F32 = 1, FP_F64 = 2 };

/* FPRounding: the first four are the FPSCR.RMode encodings. */
enum fp_rounding {
    FPR_TIEEVEN = 0,
    FPR_POSINF = 1,
    FPR_NEGINF = 2,
    FPR_ZERO = 3,
    FPR_TIEAWAY = 4,
};

/* in->rounding of the rounding instructions (isa/exec_fp.c) is a fixed
 * FPRounding or this marker for "FPSCR.RMode at execution time" (then the
 * instruction reads the FPSCR: isa/insn_regs.c). */
#define FP_ROUND_BY_FPSCR 0xFFu

static inline enum fp_rounding fp_rounding_mode(uint32_t fpscr)
{
    return (enum fp_rounding)((fpscr >> FPSCR_RMODE_SHIFT) & 3u);
}

/* Sign-bit operations: no exceptions, NaNs untouched but for the sign. */
static inline uint64_t fp_sign_bit(enum fp_fmt f)
{
    return f == FP_F64 ? 1ull << 63 : f == FP_F32 ? 1ull << 31 : 1ull << 15;
}
static inline uint64_t fp_neg(enum fp_fmt f, uint64_t a) { return a ^ fp_sign_bit(f); }
static inline uint64_t fp_abs(enum fp_fmt f, uint64_t a) { return a & ~fp_sign_bit(f); }

/* VFPExpandImm: the 8-bit immediate of VMOV (immediate). */
uint64_t fp_expand_imm(enum fp_fmt f, uint32_t imm8);

/* Arithmetic (FPAdd, FPSub, FPMul, FPDiv, FPSqrt, FPMulAdd = addend + a*b). */
uint64_t fp_add(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr);
uint64_t fp_sub(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr);
uint64_t fp_mul(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr);
uint64_t fp_div(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr);
uint64_t fp_sqrt(enum fp_fmt f, uint64_t a, uint32_t *fpscr);
uint64_t fp_muladd(enum fp_fmt f, uint64_t addend, uint64_t a, uint64_t b, uint32_t *fpscr);

/* FPMaxNum / FPMinNum (VMAXNM, VMINNM): a single quiet NaN loses. */
uint64_t fp_maxnum(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr);
uint64_t fp_minnum(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr);

/* FPCompare: the NZCV result in bits 31:28 (unordered = 0011).  signal_nans
 * (VCMPE) raises Invalid Operation for quiet NaNs too. */
uint32_t fp_compare(enum fp_fmt f, uint64_t a, uint64_t b, bool signal_nans, uint32_t *fpscr);

/* FPRoundInt (VRINT*): exact = raise Inexact when the value changes. */
uint64_t fp_round_int(enum fp_fmt f, uint64_t a, enum fp_rounding r, bool exact, uint32_t *fpscr);

/* FPToFixed: to a bits-wide (16 or 32) integer with fbits fraction bits,
 * saturating; the result comes sign- or zero-extended to 32 bits. */
uint32_t fp_to_fixed(enum fp_fmt f, uint64_t a, unsigned fbits, bool is_unsigned,
                     unsigned bits, enum fp_rounding r, uint32_t *fpscr);
/* FixedToFP: the low `bits` (16 or 32) bits of v, fbits fraction bits. */
uint64_t fp_from_fixed(enum fp_fmt f, uint32_t v, unsigned fbits, bool is_unsigned,
                       unsigned bits, enum fp_rounding r, uint32_t *fpscr);

/* FPConvert between precisions (VCVT.F64.F32, VCVTB/VCVTT), with the
 * FPSCR rounding mode and, for half precision, FPSCR.AHP. */
uint64_t fp_convert(enum fp_fmt to, enum fp_fmt from, uint64_t a, uint32_t *fpscr);

/* Helium element-wise arithmetic on whole 16-byte vectors of F16 or F32
 * lanes (little endian): out = op(d, n, m) lane by lane, where FP_VFMA is
 * d + n*m, FP_VFMS d - n*m and FP_VFMAS m + n*d.  Only the host fast path:
 * it returns false, changing nothing, unless the FPSCR rounds to nearest
 * and every lane's operands and result are plain (normal or zero, no
 * tininess); the caller then goes element by element.  out may alias the
 * inputs (all lanes are computed before any is stored). */
enum fp_vop { FP_VADD, FP_VSUB, FP_VMUL, FP_VFMA, FP_VFMS, FP_VFMAS };
bool fp_vec_fast(enum fp_fmt f, enum fp_vop op, const uint8_t *d, const uint8_t *n, const uint8_t *m,
                 uint8_t *out, uint32_t *fpscr);

/* The reference (soft-float) path of the operations that have a fast path,
 * exported so that tests can check one against the other. */
uint64_t fp_soft_add(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr);
uint64_t fp_soft_mul(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr);
uint64_t fp_soft_div(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr);
uint64_t fp_soft_sqrt(enum fp_fmt f, uint64_t a, uint32_t *fpscr);
uint64_t fp_soft_muladd(enum fp_fmt f, uint64_t addend, uint64_t a, uint64_t b, uint32_t *fpscr);
uint32_t fp_soft_compare(enum fp_fmt f, uint64_t a, uint64_t b, bool signal_nans, uint32_t *fpscr);
uint64_t fp_soft_convert(enum fp_fmt to, enum fp_fmt from, uint64_t a, uint32_t *fpscr);
uint32_t fp_soft_to_fixed(enum fp_fmt f, uint64_t a, unsigned fbits, bool is_unsigned,
                          unsigned bits, enum fp_rounding r, uint32_t *fpscr);
uint64_t fp_soft_from_fixed(enum fp_fmt f, uint32_t v, unsigned fbits, bool is_unsigned,
                            unsigned bits, enum fp_rounding r, uint32_t *fpscr);

#endif
