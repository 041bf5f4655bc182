/* FPv5 floating point of Armv8.1-M: single, double and (Armv8.1-M FP16)
 * half precision.  The arithmetic itself is in fp_ops.c; this file holds
 * the encodings, operand decoding and register/memory movement.
 *
 * Register numbers in insn_t: S registers are Vx:X (0-31), D registers
 * X:Vx (0-15), in->esize holds the enum fp_fmt of the operation.  A half
 * precision result is written zero-extended into its S register.
 *
 * The coprocessor space is shared with MVE: every row below matches only
 * FP encodings (coprocessor field 1001/1010/1011, or the FP system
 * register forms), and a decode function that finds a reserved field
 * returns false, so what is not FP falls through to the MVE table.
 */
#include "alu.h"
#include "fields.h"
#include "fp_ops.h"
#include "insn.h"

/* This family's entries of the hot path (isa/hot_path.h). */
#undef ISA_HOT_IN_fp
#define ISA_HOT_IN_fp(X, fn) X(fn)
ISA_DECLARE_HOT(fp)

/* ------------------------------------------------------------------ */
/* Operand fields and register access                                  */

/* Size field (bits 9:8) of the data-processing encodings. */
static inline enum fp_fmt size_fmt(uint32_t raw)
{
    unsigned sz = (raw >> 8) & 3u;
    return sz == 3u ? FP_F64 : sz == 2u ? FP_F32 : FP_F16;
}


/* FPv5 on M-profile has D0-D15 only: an encoding naming D16-D31 is
 * UNDEFINED (and must never index past the register file). */
static inline bool d_ok(bool dp, unsigned r)
{
    return !dp || r < 16;
}

static inline uint64_t get_f(const cpu_t *cpu, enum fp_fmt f, unsigned r)
{
    if (f == FP_F64)
        return cpu->fp.d[r];
    if (f == FP_F32)
        return cpu->fp.s[r];
    return cpu->fp.s[r] & 0xFFFFu;
}

static inline void set_f(cpu_t *cpu, enum fp_fmt f, unsigned r, uint64_t v)
{
    if (f == FP_F64)
        cpu->fp.d[r] = v;
    else
        cpu->fp.s[r] = (uint32_t)v;   /* halves arrive zero-extended */
}

static inline enum fp_rounding insn_rounding(const cpu_t *cpu, const insn_t *in)
{
    return in->rounding == FP_ROUND_BY_FPSCR ? fp_rounding_mode(cpu->fpscr) : (enum fp_rounding)in->rounding;
}

/* ------------------------------------------------------------------ */
/* Data processing: decode                                             */

/* Vd, Vn, Vm of the size given by bits 9:8. */
static bool decode_fp3(insn_t *in, uint32_t raw)
{
    enum fp_fmt f = size_fmt(raw);
    in->esize = (uint8_t)f;
    in->rd = field_vd(raw, f == FP_F64);
    in->rn = field_vn(raw, f == FP_F64);
    in->rm = field_vm(raw, f == FP_F64);
    return d_ok(f == FP_F64, in->rd) && d_ok(f == FP_F64, in->rn) && d_ok(f == FP_F64, in->rm);
}

/* The multiply-accumulate forms: bit 20 negates the accumulator (VNMLx,
 * VFNMx), bit 6 the product (VMLS, VNMLA, VFMS, VFNMA). */
static bool decode_fp_acc(insn_t *in, uint32_t raw)
{
    in->aux[0] = (raw >> 20) & 1u;
    in->aux[1] = (raw >> 6) & 1u;
    return decode_fp3(in, raw);
}

/* VSEL: bits 21:20 choose EQ, VS, GE, GT. */
static bool decode_vsel(insn_t *in, uint32_t raw)
{
    static const uint8_t conds[4] = {0x0, 0x6, 0xA, 0xC};
    in->cond = conds[(raw >> 20) & 3u];
    return decode_fp3(in, raw);
}

/* Vd, Vm of the size given by bits 9:8. */
static bool decode_fp2(insn_t *in, uint32_t raw)
{
    enum fp_fmt f = size_fmt(raw);
    in->esize = (uint8_t)f;
    in->rd = field_vd(raw, f == FP_F64);
    in->rm = field_vm(raw, f == FP_F64);
    return d_ok(f == FP_F64, in->rd) && d_ok(f == FP_F64, in->rm);
}

/* VRINTR, VRINTZ, VRINTX: rounding from FPSCR or towards zero; VRINTX
 * signals Inexact. */
static bool decode_vrint(insn_t *in, uint32_t raw)
{
    bool opc2_7 = (raw >> 16) & 1u, bit7 = (raw >> 7) & 1u;
    in->rounding = bit7 ? FPR_ZERO : FP_ROUND_BY_FPSCR;
    in->aux[1] = opc2_7;          /* VRINTX */
    return decode_fp2(in, raw);
}

/* The RM field (bits 17:16) of VRINTA/N/P/M and VCVTA/N/P/M. */
static inline uint8_t rm_field(uint32_t raw)
{
    static const uint8_t modes[4] = {FPR_TIEAWAY, FPR_TIEEVEN, FPR_POSINF, FPR_NEGINF};
    return modes[(raw >> 16) & 3u];
}

static bool decode_vrint_dir(insn_t *in, uint32_t raw)
{
    in->rounding = rm_field(raw);
    in->aux[1] = 0;
    return decode_fp2(in, raw);
}

/* VCMP{E} Vd, Vm / #0.0: aux[0] compares with zero, aux[1] is the E bit. */
static bool decode_vcmp(insn_t *in, uint32_t raw)
{
    in->aux[0] = (raw >> 16) & 1u;
    in->aux[1] = (raw >> 7) & 1u;
    return decode_fp2(in, raw);
}

/* VCVT{R} to integer: Sd <- Vm; bit 16 = signed, bit 7 = round towards
 * zero (else FPSCR rounding). */
static bool decode_vcvt_to_int(insn_t *in, uint32_t raw)
{
    enum fp_fmt f = size_fmt(raw);
    in->esize = (uint8_t)f;
    in->rd = field_vd(raw, false);
    in->rm = field_vm(raw, f == FP_F64);
    in->rounding = (raw >> 7) & 1u ? FPR_ZERO : FP_ROUND_BY_FPSCR;
    in->aux[1] = !((raw >> 16) & 1u);      /* unsigned */
    return d_ok(f == FP_F64, in->rm);
}

/* VCVTA/N/P/M to integer: bit 7 = signed. */
static bool decode_vcvt_dir(insn_t *in, uint32_t raw)
{
    bool ok = decode_vcvt_to_int(in, raw);
    in->rounding = rm_field(raw);
    in->aux[1] = !((raw >> 7) & 1u);
    return ok;
}

/* VCVT from integer: Vd <- Sm; bit 7 = signed. */
static bool decode_vcvt_from_int(insn_t *in, uint32_t raw)
{
    enum fp_fmt f = size_fmt(raw);
    in->esize = (uint8_t)f;
    in->rd = field_vd(raw, f == FP_F64);
    in->rm = field_vm(raw, false);
    in->aux[1] = !((raw >> 7) & 1u);
    return d_ok(f == FP_F64, in->rd);
}

/* VCVT between floating and fixed point, in place in Vd: bit 16 = U,
 * bit 7 = 32-bit (else 16-bit) fixed point, fbits = size - imm4:i. */
static bool decode_vcvt_fixed(insn_t *in, uint32_t raw)
{
    enum fp_fmt f = size_fmt(raw);
    unsigned size = (raw >> 7) & 1u ? 32u : 16u;
    unsigned imm = (raw & 0xFu) << 1 | ((raw >> 5) & 1u);
    if (imm > size)
        return false;               /* UNPREDICTABLE: negative fbits */
    in->esize = (uint8_t)f;
    in->rd = field_vd(raw, f == FP_F64);
    in->shift_n = (uint8_t)(size - imm);
    in->imm = size;
    in->aux[1] = (raw >> 16) & 1u;  /* unsigned */
    return d_ok(f == FP_F64, in->rd);
}

/* VCVT.F64.F32 (sz = 10) / VCVT.F32.F64 (sz = 11): esize is the source. */
static bool decode_vcvt_fp(insn_t *in, uint32_t raw)
{
    bool from_dp = ((raw >> 8) & 1u) != 0;
    in->esize = from_dp ? FP_F64 : FP_F32;
    in->aux[0] = from_dp ? FP_F32 : FP_F64;
    in->rd = field_vd(raw, !from_dp);
    in->rm = field_vm(raw, from_dp);
    return d_ok(!from_dp, in->rd) && d_ok(from_dp, in->rm);
}

/* VCVTB/VCVTT: esize is the wide format (sz), aux[0] = T (top half). */
static bool decode_vcvt_half(insn_t *in, uint32_t raw)
{
    enum fp_fmt f = size_fmt(raw);
    bool to_half = (raw >> 16) & 1u;
    in->esize = (uint8_t)f;
    in->rd = field_vd(raw, f == FP_F64 && !to_half);
    in->rm = field_vm(raw, f == FP_F64 && to_half);
    in->aux[0] = (raw >> 7) & 1u;
    return d_ok(f == FP_F64 && !to_half, in->rd) && d_ok(f == FP_F64 && to_half, in->rm);
}

/* VMOV (immediate): imm4H:imm4L expanded; for F64 the low word of the
 * value is zero, so in->imm holds the high word. */
static bool decode_vmov_imm(insn_t *in, uint32_t raw)
{
    enum fp_fmt f = size_fmt(raw);
    uint64_t v = fp_expand_imm(f, ((raw >> 12) & 0xF0u) | (raw & 0xFu));
    in->esize = (uint8_t)f;
    in->rd = field_vd(raw, f == FP_F64);
    in->imm = (uint32_t)(f == FP_F64 ? v >> 32 : v);
    return d_ok(f == FP_F64, in->rd);
}

/* VINS.F16 / VMOVX.F16: S registers. */
static bool decode_fp_ins(insn_t *in, uint32_t raw)
{
    in->esize = FP_F16;
    in->rd = field_vd(raw, false);
    in->rm = field_vm(raw, false);
    return true;
}

/* ------------------------------------------------------------------ */
/* Data processing: execute                                            */

typedef uint64_t (*fp_binop_fn)(enum fp_fmt, uint64_t, uint64_t, uint32_t *);

static inline void fp_binop(cpu_t *cpu, const insn_t *in, fp_binop_fn op)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    set_f(cpu, f, in->rd, op(f, get_f(cpu, f, in->rn), get_f(cpu, f, in->rm), &cpu->fpscr));
}

/* VNMUL: FPNeg of the product, NaNs included. */
static uint64_t fp_nmul(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    return fp_neg(f, fp_mul(f, a, b, fpscr));
}

static void exec_vadd(cpu_t *cpu, const insn_t *in) { fp_binop(cpu, in, fp_add); }
static void exec_vsub(cpu_t *cpu, const insn_t *in) { fp_binop(cpu, in, fp_sub); }
static void exec_vmul(cpu_t *cpu, const insn_t *in) { fp_binop(cpu, in, fp_mul); }
static void exec_vnmul(cpu_t *cpu, const insn_t *in) { fp_binop(cpu, in, fp_nmul); }
static void exec_vdiv(cpu_t *cpu, const insn_t *in) { fp_binop(cpu, in, fp_div); }
static void exec_vmaxnm(cpu_t *cpu, const insn_t *in) { fp_binop(cpu, in, fp_maxnum); }
static void exec_vminnm(cpu_t *cpu, const insn_t *in) { fp_binop(cpu, in, fp_minnum); }

/* VMLA, VMLS, VNMLA, VNMLS: the product is rounded, then added. */
static void exec_vmla(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    uint64_t prod = fp_mul(f, get_f(cpu, f, in->rn), get_f(cpu, f, in->rm), &cpu->fpscr);
    uint64_t acc = get_f(cpu, f, in->rd);
    if (in->aux[1])
        prod = fp_neg(f, prod);
    if (in->aux[0])
        acc = fp_neg(f, acc);
    set_f(cpu, f, in->rd, fp_add(f, acc, prod, &cpu->fpscr));
}

/* VFMA, VFMS, VFNMA, VFNMS: fused, the negations apply to the operands. */
static void exec_vfma(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    uint64_t n = get_f(cpu, f, in->rn), acc = get_f(cpu, f, in->rd);
    if (in->aux[1])
        n = fp_neg(f, n);
    if (in->aux[0])
        acc = fp_neg(f, acc);
    set_f(cpu, f, in->rd, fp_muladd(f, acc, n, get_f(cpu, f, in->rm), &cpu->fpscr));
}

/* VSEL: a plain copy, no FP exceptions. */
static void exec_vsel(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    unsigned src = alu_cond_passed(cpu, in->cond) ? in->rn : in->rm;
    set_f(cpu, f, in->rd, get_f(cpu, f, src));
}

/* VMOV (register), VABS, VNEG: bit operations, no FP exceptions. */
static void exec_vmov_reg(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    set_f(cpu, f, in->rd, get_f(cpu, f, in->rm));
}

static void exec_vabs(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    set_f(cpu, f, in->rd, fp_abs(f, get_f(cpu, f, in->rm)));
}

static void exec_vneg(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    set_f(cpu, f, in->rd, fp_neg(f, get_f(cpu, f, in->rm)));
}

static void exec_vsqrt(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    set_f(cpu, f, in->rd, fp_sqrt(f, get_f(cpu, f, in->rm), &cpu->fpscr));
}

static void exec_vmov_imm(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    set_f(cpu, f, in->rd, f == FP_F64 ? (uint64_t)in->imm << 32 : in->imm);
}

/* VRINT*: rounding, aux[1] exact (VRINTX). */
static void exec_vrint(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    uint64_t r = fp_round_int(f, get_f(cpu, f, in->rm), insn_rounding(cpu, in), in->aux[1], &cpu->fpscr);
    set_f(cpu, f, in->rd, r);
}

/* VCMP, VCMPE: the result goes to FPSCR.NZCV (VMRS copies it to APSR). */
static void exec_vcmp(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    uint64_t b = in->aux[0] ? 0 : get_f(cpu, f, in->rm);
    uint32_t nzcv = fp_compare(f, get_f(cpu, f, in->rd), b, in->aux[1], &cpu->fpscr);
    cpu->fpscr = (cpu->fpscr & ~FPSCR_NZCV) | nzcv;
}

/* Float to 32-bit integer into an S register. */
static void exec_vcvt_to_int(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    cpu->fp.s[in->rd] = fp_to_fixed(f, get_f(cpu, f, in->rm), 0, in->aux[1], 32,
                                    insn_rounding(cpu, in), &cpu->fpscr);
}

/* 32-bit integer in an S register to float, with the FPSCR rounding. */
static void exec_vcvt_from_int(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    uint64_t r = fp_from_fixed(f, cpu->fp.s[in->rm], 0, in->aux[1], 32,
                               fp_rounding_mode(cpu->fpscr), &cpu->fpscr);
    set_f(cpu, f, in->rd, r);
}

/* Float to fixed point in place, rounding towards zero; a double
 * register receives the result extended to 64 bits. */
static void exec_vcvt_to_fixed(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    uint32_t r = fp_to_fixed(f, get_f(cpu, f, in->rd), in->shift_n, in->aux[1], in->imm, FPR_ZERO,
                             &cpu->fpscr);
    if (f == FP_F64)
        cpu->fp.d[in->rd] = in->aux[1] ? (uint64_t)r : (uint64_t)(int64_t)(int32_t)r;
    else
        cpu->fp.s[in->rd] = r;
}

/* Fixed point to float in place, always rounding to nearest. */
static void exec_vcvt_from_fixed(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt f = (enum fp_fmt)in->esize;
    uint32_t v = f == FP_F64 ? (uint32_t)cpu->fp.d[in->rd] : cpu->fp.s[in->rd];
    uint64_t r = fp_from_fixed(f, v, in->shift_n, in->aux[1], in->imm, FPR_TIEEVEN, &cpu->fpscr);
    set_f(cpu, f, in->rd, r);
}

/* VCVT.F64.F32 / VCVT.F32.F64. */
static void exec_vcvt_fp(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt from = (enum fp_fmt)in->esize, to = (enum fp_fmt)in->aux[0];
    set_f(cpu, to, in->rd, fp_convert(to, from, get_f(cpu, from, in->rm), &cpu->fpscr));
}

/* VCVTB/VCVTT.F32/F64.F16: from the bottom or top half of Sm. */
static void exec_vcvt_from_half(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt to = (enum fp_fmt)in->esize;
    uint32_t h = (cpu->fp.s[in->rm] >> (in->aux[0] ? 16 : 0)) & 0xFFFFu;
    set_f(cpu, to, in->rd, fp_convert(to, FP_F16, h, &cpu->fpscr));
}

/* VCVTB/VCVTT.F16.F32/F64: into one half of Sd, the other half kept. */
static void exec_vcvt_to_half(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    enum fp_fmt from = (enum fp_fmt)in->esize;
    uint32_t h = (uint32_t)fp_convert(FP_F16, from, get_f(cpu, from, in->rm), &cpu->fpscr);
    uint32_t old = cpu->fp.s[in->rd];
    cpu->fp.s[in->rd] = in->aux[0] ? (old & 0xFFFFu) | h << 16 : (old & 0xFFFF0000u) | h;
}

/* VMOVX.F16 Sd, Sm: Sd = top half of Sm; VINS.F16: top half of Sd = Sm. */
static void exec_vmovx(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    cpu->fp.s[in->rd] = cpu->fp.s[in->rm] >> 16;
}

static void exec_vins(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    cpu->fp.s[in->rd] = (cpu->fp.s[in->rd] & 0xFFFFu) | cpu->fp.s[in->rm] << 16;
}

/* ------------------------------------------------------------------ */
/* Transfers between core and FP registers                             */

/* A core register destination: SP writes are limit checked. */
static inline void set_core(cpu_t *cpu, unsigned n, uint32_t value)
{
    if (n == 13)
        cpu_write_sp(cpu, value);
    else
        cpu->r[n] = value;
}

/* VMOV Sn <-> Rt (and the .F16 form): rd = Sn, rn = Rt. */
static bool decode_vmov_core_s(insn_t *in, uint32_t raw)
{
    in->rd = field_vn(raw, false);
    in->rn = (raw >> 12) & 0xFu;
    return in->rn != 15;
}

static void exec_vmov_to_s(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    cpu->fp.s[in->rd] = cpu->r[in->rn];
}

static void exec_vmov_from_s(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    set_core(cpu, in->rn, cpu->fp.s[in->rd]);
}

static void exec_vmov_to_h(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    cpu->fp.s[in->rd] = cpu->r[in->rn] & 0xFFFFu;
}

static void exec_vmov_from_h(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    set_core(cpu, in->rn, cpu->fp.s[in->rd] & 0xFFFFu);
}

/* VMOV.32 Dd[x] <-> Rt: rd = the S register holding the element. */
static bool decode_vmov_scalar(insn_t *in, uint32_t raw)
{
    uint8_t d = field_vn(raw, true);     /* D:Vd sits where Vn does */
    in->rd = (uint8_t)(2u * d + ((raw >> 21) & 1u));
    in->rn = (raw >> 12) & 0xFu;
    return in->rn != 15 && d_ok(true, d);
}

/* VMOV Dm <-> Rt, Rt2 and VMOV Sm, Sm+1 <-> Rt, Rt2: rd = first S
 * register, rn = Rt, rm = Rt2. */
static bool decode_vmov_core2(insn_t *in, uint32_t raw)
{
    bool dp = (raw >> 8) & 1u, to_core = (raw >> 20) & 1u;
    uint8_t m = field_vm(raw, dp);
    in->rd = dp ? (uint8_t)(2u * m) : m;
    in->rn = (raw >> 12) & 0xFu;
    in->rm = (raw >> 16) & 0xFu;
    if (in->rn == 15 || in->rm == 15 || (!dp && m == 31) || (to_core && in->rn == in->rm))
        return false;               /* UNPREDICTABLE */
    return d_ok(dp, m);
}

static void exec_vmov_to_2s(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    cpu->fp.s[in->rd] = cpu->r[in->rn];
    cpu->fp.s[in->rd + 1] = cpu->r[in->rm];
}

static void exec_vmov_from_2s(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    uint32_t lo = cpu->fp.s[in->rd], hi = cpu->fp.s[in->rd + 1];
    set_core(cpu, in->rn, lo);
    set_core(cpu, in->rm, hi);
}

/* ------------------------------------------------------------------ */
/* FP system registers: VMRS, VMSR, VLDR/VSTR (system register)        */

enum {
    SYSREG_FPSCR = 1,
    SYSREG_FPSCR_NZCVQC = 2,
    SYSREG_VPR = 12,
    SYSREG_P0 = 13,
};

#define VPR_MASK 0x00FFFFFFu   /* P0, MASK01, MASK23 */

/* FPCXT_NS/FPCXT_S need the Security Extension, which is not modelled;
 * VPR and P0 belong to MVE. */
static bool sysreg_known(uint32_t reg)
{
    return reg == SYSREG_FPSCR || reg == SYSREG_FPSCR_NZCVQC || reg == SYSREG_VPR || reg == SYSREG_P0;
}

static uint32_t sysreg_read(cpu_t *cpu, uint32_t reg)
{
    if ((reg == SYSREG_VPR || reg == SYSREG_P0) && !cpu->mve_present)
        cpu_undefined(cpu);
    switch (reg) {
    case SYSREG_FPSCR: return cpu->fpscr | (cpu->lo_ltpsize & 7u) << FPSCR_LTPSIZE_SHIFT;
    case SYSREG_FPSCR_NZCVQC: return cpu->fpscr & FPSCR_NZCVQC;
    case SYSREG_VPR: return cpu->vpr;
    default: return cpu->vpr & 0xFFFFu;
    }
}

static void sysreg_write(cpu_t *cpu, uint32_t reg, uint32_t value)
{
    if ((reg == SYSREG_VPR || reg == SYSREG_P0) && !cpu->mve_present)
        cpu_undefined(cpu);
    switch (reg) {
    case SYSREG_FPSCR:
        /* LTPSIZE is writable too (as QEMU models it); it lives apart. */
        cpu->fpscr = value & FPSCR_WRITABLE;
        cpu->lo_ltpsize = (value >> FPSCR_LTPSIZE_SHIFT) & 7u;
        break;
    case SYSREG_FPSCR_NZCVQC: cpu->fpscr = (cpu->fpscr & ~FPSCR_NZCVQC) | (value & FPSCR_NZCVQC); break;
    case SYSREG_VPR: cpu->vpr = value & VPR_MASK; break;
    default: cpu->vpr = (cpu->vpr & ~0xFFFFu) | (value & 0xFFFFu); break;
    }
}

/* VMRS/VMSR: rd = Rt, imm = register; Rt = 15 (APSR_nzcv) only for a
 * VMRS of FPSCR. */
static bool decode_vmrs(insn_t *in, uint32_t raw)
{
    in->rd = (raw >> 12) & 0xFu;
    in->imm = (raw >> 16) & 0xFu;
    if (!sysreg_known(in->imm))
        return false;
    return in->rd != 15 || ((raw >> 20) & 1u && in->imm == SYSREG_FPSCR);
}

static void exec_vmrs(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    uint32_t v = sysreg_read(cpu, in->imm);
    if (in->rd == 15) {
        cpu->n = v >> 31;
        cpu->z = (v >> 30) & 1u;
        cpu->c = (v >> 29) & 1u;
        cpu->v = (v >> 28) & 1u;
    } else {
        set_core(cpu, in->rd, v);
    }
}

static void exec_vmsr(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    sysreg_write(cpu, in->imm, cpu->r[in->rd]);
}

/* VLDR/VSTR (system register) [Rn, #+/-imm7*4]{!} or [Rn], #+/-imm:
 * imm = the system register, offset = the offset in bytes. */
static bool decode_vldst_sysreg(insn_t *in, uint32_t raw)
{
    bool p = (raw >> 24) & 1u, w = (raw >> 21) & 1u;
    uint32_t reg = ((raw >> 22) & 1u) << 3 | ((raw >> 13) & 7u);
    in->rn = (raw >> 16) & 0xFu;
    in->imm = reg;
    in->offset = (uint16_t)((raw & 0x7Fu) * 4u);
    in->flags = (uint8_t)((p ? INSN_INDEX : 0) | ((raw >> 23) & 1u ? INSN_ADD : 0) | (w ? INSN_WBACK : 0));
    if (!p && !w)
        return false;               /* another encoding (MVE) */
    return sysreg_known(reg) && in->rn != 15;
}

/* The address of an [Rn, #+/-imm]{!} / [Rn], #+/-imm access and the
 * written-back base. */
static uint32_t vldst_address(const cpu_t *cpu, const insn_t *in, uint32_t *wback)
{
    uint32_t base = cpu->r[in->rn];
    uint32_t off = (in->flags & INSN_ADD) ? base + in->offset : base - in->offset;
    *wback = off;
    return (in->flags & INSN_INDEX) ? off : base;
}

static void exec_vldr_sysreg(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    uint32_t wb, addr = vldst_address(cpu, in, &wb);
    uint32_t v = cpu_read32_aligned(cpu, addr);
    if (in->flags & INSN_WBACK)
        set_core(cpu, in->rn, wb);
    sysreg_write(cpu, in->imm, v);
}

static void exec_vstr_sysreg(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    uint32_t wb, addr = vldst_address(cpu, in, &wb);
    cpu_write32_aligned(cpu, addr, sysreg_read(cpu, in->imm));
    if (in->flags & INSN_WBACK)
        set_core(cpu, in->rn, wb);
}

/* ------------------------------------------------------------------ */
/* Loads and stores                                                    */

/* VLDR/VSTR S, D and .16: rd = register, rn = base, imm = offset
 * (imm8 scaled by 4, or 2 for .16), INSN_ADD = U. */
static bool decode_vldr(insn_t *in, uint32_t raw)
{
    enum fp_fmt f = size_fmt(raw);
    in->esize = (uint8_t)f;
    in->rd = field_vd(raw, f == FP_F64);
    in->rn = (raw >> 16) & 0xFu;
    in->imm = (raw & 0xFFu) << (f == FP_F16 ? 1 : 2);
    in->flags = (raw >> 23) & 1u ? INSN_ADD : 0;
    return d_ok(f == FP_F64, in->rd);
}

static bool decode_vstr(insn_t *in, uint32_t raw)
{
    return decode_vldr(in, raw) && in->rn != 15;
}

/* Align(PC, 4) for literal loads, then the offset. */
static inline uint32_t vldr_address(const cpu_t *cpu, const insn_t *in)
{
    uint32_t base = in->rn == 15 ? cpu->r[15] & ~3u : cpu->r[in->rn];
    return (in->flags & INSN_ADD) ? base + in->imm : base - in->imm;
}

/* FP loads and stores are always alignment checked (MemA). */
static inline void check_align16(cpu_t *cpu, uint32_t addr)
{
    if (addr & 1u)
        cpu_fault(cpu, FAULT_UNALIGNED, addr);
}

static void exec_vldr(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    uint32_t addr = vldr_address(cpu, in);
    switch (in->esize) {
    case FP_F64: {
        uint32_t lo = cpu_read32_aligned(cpu, addr), hi = cpu_read32_aligned(cpu, addr + 4);
        cpu->fp.d[in->rd] = (uint64_t)hi << 32 | lo;
        break;
    }
    case FP_F32:
        cpu->fp.s[in->rd] = cpu_read32_aligned(cpu, addr);
        break;
    default:
        check_align16(cpu, addr);
        cpu->fp.s[in->rd] = cpu_read16(cpu, addr) & 0xFFFFu;
        break;
    }
}

static void exec_vstr(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    uint32_t addr = vldr_address(cpu, in);
    switch (in->esize) {
    case FP_F64:
        cpu_write32_aligned(cpu, addr, (uint32_t)cpu->fp.d[in->rd]);
        cpu_write32_aligned(cpu, addr + 4, (uint32_t)(cpu->fp.d[in->rd] >> 32));
        break;
    case FP_F32:
        cpu_write32_aligned(cpu, addr, cpu->fp.s[in->rd]);
        break;
    default:
        check_align16(cpu, addr);
        cpu_write16(cpu, addr, cpu->fp.s[in->rd]);
        break;
    }
}

/* VLDM/VSTM (IA with optional writeback, DB with writeback), VPUSH,
 * VPOP: rd = first S register (D lists converted), words = number of
 * words, imm = bytes the base moves (imm8 * 4: FLDMX/FSTMX's odd word
 * included), regs = registers for the timing. */
static bool decode_vldm(insn_t *in, uint32_t raw)
{
    bool dp = (raw >> 8) & 1u;
    unsigned imm8 = raw & 0xFFu;
    unsigned regs = dp ? imm8 / 2u : imm8;
    uint8_t d = field_vd(raw, dp);
    in->esize = dp ? FP_F64 : FP_F32;
    in->rn = (raw >> 16) & 0xFu;
    in->rd = dp ? (uint8_t)(2u * d) : d;
    in->words = (uint16_t)(dp ? 2u * regs : regs);
    in->imm = imm8 * 4u;
    in->regs = (uint8_t)regs;
    in->flags = (uint8_t)(((raw >> 23) & 1u ? INSN_ADD : 0) | ((raw >> 21) & 1u ? INSN_WBACK : 0));
    if (regs == 0 || (dp && regs > 16) || (in->rd + in->words > 32) || in->rn == 15)
        return false;               /* UNPREDICTABLE */
    return true;
}

/* Start address of the block and the written-back base. */
static inline uint32_t vldm_address(const cpu_t *cpu, const insn_t *in, uint32_t *wback)
{
    uint32_t base = cpu->r[in->rn];
    if (in->flags & INSN_ADD) {
        *wback = base + in->imm;
        return base;
    }
    *wback = base - in->imm;
    return *wback;
}

/* The SP limit check of a decrementing SP writeback comes before any
 * store: a violation stores nothing (Armv8-M VPUSH pseudocode). */
static void check_sp_limit(cpu_t *cpu, const insn_t *in, uint32_t new_sp)
{
    bool psp = cpu->ipsr == 0 && (cpu->control & CONTROL_SPSEL);
    if (in->rn == 13 && (in->flags & INSN_WBACK) && new_sp < (psp ? cpu->psplim : cpu->msplim))
        cpu_fault(cpu, FAULT_STKOF, new_sp);
}

static void exec_vldm(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    uint32_t wb, addr = vldm_address(cpu, in, &wb), words[32];
    for (unsigned i = 0; i < in->words; i++)
        words[i] = cpu_read32_aligned(cpu, addr + 4u * i);
    if (in->flags & INSN_WBACK)
        set_core(cpu, in->rn, wb);
    for (unsigned i = 0; i < in->words; i++)
        cpu->fp.s[in->rd + i] = words[i];
    timing_add(cpu, in->regs - 1u);
}

static void exec_vstm(cpu_t *cpu, const insn_t *in)
{
    cpu_fp_enter(cpu);
    uint32_t wb, addr = vldm_address(cpu, in, &wb);
    check_sp_limit(cpu, in, wb);
    for (unsigned i = 0; i < in->words; i++)
        cpu_write32_aligned(cpu, addr + 4u * i, cpu->fp.s[in->rd + i]);
    if (in->flags & INSN_WBACK)
        set_core(cpu, in->rn, wb);
    timing_add(cpu, in->regs - 1u);
}

/* VSCCLRM {regs, VPR}: clears the listed registers and VPR.  There is no
 * Security state in this model, so it acts as in Secure state; with
 * FPCCR.ASPEN set and no active FP context it does nothing (the QEMU
 * model of the pseudocode's SFPA test). */
static bool decode_vscclrm(insn_t *in, uint32_t raw)
{
    bool dp = (raw >> 8) & 1u;
    unsigned imm8 = raw & 0xFFu;
    uint8_t d = field_vd(raw, dp);
    in->rd = dp ? (uint8_t)(2u * d) : d;
    in->words = (uint16_t)(dp ? (imm8 & ~1u) : imm8);
    if (in->rd + in->words > 32 || (dp && (imm8 & 1u)))
        return false;               /* UNPREDICTABLE */
    return true;
}

static void exec_vscclrm(cpu_t *cpu, const insn_t *in)
{
    if ((cpu->scb.fpccr & FPCCR_ASPEN) && !(cpu->control & CONTROL_FPCA))
        return;
    cpu_fp_enter(cpu);
    for (unsigned i = 0; i < in->words; i++)
        cpu->fp.s[in->rd + i] = 0;
    cpu->vpr = 0;
}

/* VLLDM/VLSTM: lazy FP state save/restore around Secure calls into
 * Non-secure code.  Neither Security state nor lazy stacking is
 * modelled (exception entry stacks the FP context eagerly), so they do
 * nothing. */
static bool decode_vlldm(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 0xFu;
    return in->rn != 15;
}

static void exec_nop(cpu_t *cpu, const insn_t *in)
{
    (void)cpu;
    (void)in;
}

/* ------------------------------------------------------------------ */
/* The table                                                           */

/* Field masks shared by many rows:
 *   M3    three registers: opc1 (bits 23, 21:20), coproc+size, bit 6, bit 4
 *   M2    two registers: also opc2 (19:16) and bit 7
 *   M2Z   two registers with the Vm field zero (VCMP #0.0)
 *   MRM   VRINT/VCVT with a rounding-mode field (bits 17:16 free)
 *   MCVT  VCVT fixed point: sx (bit 7) and the immediate free
 *   MIMM  VMOV immediate: bits 7:4 zero */
#define M3   0xFFB00F50u
#define M2   0xFFBF0FD0u
#define M2Z  0xFFBF0FFFu
#define MRM  0xFFBC0FD0u
#define MCVT 0xFFBF0F50u
#define MIMM 0xFFB00FF0u

const isa_pattern_t isa_patterns_fp[] = {
    /* multiply-accumulate, non-fused */
    {"vmla.f16",   M3, 0xEE000900u, 4, TC_FP32_MLA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmla.f32",   M3, 0xEE000A00u, 4, TC_FP32_MLA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmla.f64",   M3, 0xEE000B00u, 4, TC_FP64_FMA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmls.f16",   M3, 0xEE000940u, 4, TC_FP32_MLA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmls.f32",   M3, 0xEE000A40u, 4, TC_FP32_MLA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmls.f64",   M3, 0xEE000B40u, 4, TC_FP64_FMA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vnmls.f16",  M3, 0xEE100900u, 4, TC_FP32_MLA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vnmls.f32",  M3, 0xEE100A00u, 4, TC_FP32_MLA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vnmls.f64",  M3, 0xEE100B00u, 4, TC_FP64_FMA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vnmla.f16",  M3, 0xEE100940u, 4, TC_FP32_MLA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vnmla.f32",  M3, 0xEE100A40u, 4, TC_FP32_MLA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vnmla.f64",  M3, 0xEE100B40u, 4, TC_FP64_FMA, decode_fp_acc, exec_vmla, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* multiply-accumulate, fused */
    {"vfma.f16",   M3, 0xEEA00900u, 4, TC_FP32,     decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfma.f32",   M3, 0xEEA00A00u, 4, TC_FP32,     decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfma.f64",   M3, 0xEEA00B00u, 4, TC_FP64_FMA, decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfms.f16",   M3, 0xEEA00940u, 4, TC_FP32,     decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfms.f32",   M3, 0xEEA00A40u, 4, TC_FP32,     decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfms.f64",   M3, 0xEEA00B40u, 4, TC_FP64_FMA, decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfnms.f16",  M3, 0xEE900900u, 4, TC_FP32,     decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfnms.f32",  M3, 0xEE900A00u, 4, TC_FP32,     decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfnms.f64",  M3, 0xEE900B00u, 4, TC_FP64_FMA, decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfnma.f16",  M3, 0xEE900940u, 4, TC_FP32,     decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfnma.f32",  M3, 0xEE900A40u, 4, TC_FP32,     decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vfnma.f64",  M3, 0xEE900B40u, 4, TC_FP64_FMA, decode_fp_acc, exec_vfma, "{rd}, {rn}, {rm}", OP_FD, OP_FD | OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* three-register arithmetic */
    {"vmul.f16",   M3, 0xEE200900u, 4, TC_FP32,     decode_fp3, exec_vmul,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmul.f32",   M3, 0xEE200A00u, 4, TC_FP32,     decode_fp3, exec_vmul,  "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmul.f64",   M3, 0xEE200B00u, 4, TC_FP64_MUL, decode_fp3, exec_vmul,  "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vnmul.f16",  M3, 0xEE200940u, 4, TC_FP32,     decode_fp3, exec_vnmul, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vnmul.f32",  M3, 0xEE200A40u, 4, TC_FP32,     decode_fp3, exec_vnmul, "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vnmul.f64",  M3, 0xEE200B40u, 4, TC_FP64_MUL, decode_fp3, exec_vnmul, "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vadd.f16",   M3, 0xEE300900u, 4, TC_FP32,     decode_fp3, exec_vadd,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vadd.f32",   M3, 0xEE300A00u, 4, TC_FP32,     decode_fp3, exec_vadd,  "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vadd.f64",   M3, 0xEE300B00u, 4, TC_FP64_ADD, decode_fp3, exec_vadd,  "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vsub.f16",   M3, 0xEE300940u, 4, TC_FP32,     decode_fp3, exec_vsub,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vsub.f32",   M3, 0xEE300A40u, 4, TC_FP32,     decode_fp3, exec_vsub,  "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vsub.f64",   M3, 0xEE300B40u, 4, TC_FP64_ADD, decode_fp3, exec_vsub,  "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vdiv.f16",   M3, 0xEE800900u, 4, TC_FP32_DIV, decode_fp3, exec_vdiv,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vdiv.f32",   M3, 0xEE800A00u, 4, TC_FP32_DIV, decode_fp3, exec_vdiv,  "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vdiv.f64",   M3, 0xEE800B00u, 4, TC_FP64_DIV, decode_fp3, exec_vdiv,  "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* Armv8 additions in the 1111 1110 space */
    {"vsel.f16",   0xFF800F50u, 0xFE000900u, 4, TC_FP32, decode_vsel, exec_vsel, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vsel.f32",   0xFF800F50u, 0xFE000A00u, 4, TC_FP32, decode_vsel, exec_vsel, "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vsel.f64",   0xFF800F50u, 0xFE000B00u, 4, TC_FP32, decode_vsel, exec_vsel, "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmaxnm.f16", M3, 0xFE800900u, 4, TC_FP32,     decode_fp3, exec_vmaxnm, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmaxnm.f32", M3, 0xFE800A00u, 4, TC_FP32,     decode_fp3, exec_vmaxnm, "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmaxnm.f64", M3, 0xFE800B00u, 4, TC_FP64_ADD, decode_fp3, exec_vmaxnm, "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vminnm.f16", M3, 0xFE800940u, 4, TC_FP32,     decode_fp3, exec_vminnm, "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vminnm.f32", M3, 0xFE800A40u, 4, TC_FP32,     decode_fp3, exec_vminnm, "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vminnm.f64", M3, 0xFE800B40u, 4, TC_FP64_ADD, decode_fp3, exec_vminnm, "{rd}, {rn}, {rm}", OP_FD, OP_FN | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrint[anpm].f16", MRM, 0xFEB80940u, 4, TC_FP32,     decode_vrint_dir, exec_vrint, "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrint[anpm].f32", MRM, 0xFEB80A40u, 4, TC_FP32,     decode_vrint_dir, exec_vrint, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrint[anpm].f64", MRM, 0xFEB80B40u, 4, TC_FP64_ADD, decode_vrint_dir, exec_vrint, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt[anpm].f16", 0xFFBC0F50u, 0xFEBC0940u, 4, TC_FP32,     decode_vcvt_dir, exec_vcvt_to_int, "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt[anpm].f32", 0xFFBC0F50u, 0xFEBC0A40u, 4, TC_FP32,     decode_vcvt_dir, exec_vcvt_to_int, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt[anpm].f64", 0xFFBC0F50u, 0xFEBC0B40u, 4, TC_FP64_ADD, decode_vcvt_dir, exec_vcvt_to_int, "{rd}, {rm}", OP_SD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmovx.f16",  M2, 0xFEB00A40u, 4, TC_FP32, decode_fp_ins, exec_vmovx, "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vins.f16",   M2, 0xFEB00AC0u, 4, TC_FP32, decode_fp_ins, exec_vins,  "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* VMOV (immediate) */
    {"vmov.f16",   MIMM, 0xEEB00900u, 4, TC_FP32, decode_vmov_imm, exec_vmov_imm, "{rd}, {imm}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov.f32",   MIMM, 0xEEB00A00u, 4, TC_FP32, decode_vmov_imm, exec_vmov_imm, "{rd}, {imm}", OP_FD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov.f64",   MIMM, 0xEEB00B00u, 4, TC_FP32, decode_vmov_imm, exec_vmov_imm, "{rd}, {imm}", OP_FD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* two-register operations (opc2 in bits 19:16, bit 7) */
    {"vmov.f32",   M2, 0xEEB00A40u, 4, TC_FP32,     decode_fp2, exec_vmov_reg, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov.f64",   M2, 0xEEB00B40u, 4, TC_FP32,     decode_fp2, exec_vmov_reg, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vabs.f16",   M2, 0xEEB009C0u, 4, TC_FP32,     decode_fp2, exec_vabs,  "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vabs.f32",   M2, 0xEEB00AC0u, 4, TC_FP32,     decode_fp2, exec_vabs,  "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vabs.f64",   M2, 0xEEB00BC0u, 4, TC_FP32,     decode_fp2, exec_vabs,  "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vneg.f16",   M2, 0xEEB10940u, 4, TC_FP32,     decode_fp2, exec_vneg,  "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vneg.f32",   M2, 0xEEB10A40u, 4, TC_FP32,     decode_fp2, exec_vneg,  "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vneg.f64",   M2, 0xEEB10B40u, 4, TC_FP32,     decode_fp2, exec_vneg,  "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vsqrt.f16",  M2, 0xEEB109C0u, 4, TC_FP32_DIV, decode_fp2, exec_vsqrt, "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vsqrt.f32",  M2, 0xEEB10AC0u, 4, TC_FP32_DIV, decode_fp2, exec_vsqrt, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vsqrt.f64",  M2, 0xEEB10BC0u, 4, TC_FP64_DIV, decode_fp2, exec_vsqrt, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvtb.f32.f16", M2, 0xEEB20A40u, 4, TC_FP32,     decode_vcvt_half, exec_vcvt_from_half, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvtt.f32.f16", M2, 0xEEB20AC0u, 4, TC_FP32,     decode_vcvt_half, exec_vcvt_from_half, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvtb.f64.f16", M2, 0xEEB20B40u, 4, TC_FP64_ADD, decode_vcvt_half, exec_vcvt_from_half, "{rd}, {rm}", OP_FD, OP_SM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvtt.f64.f16", M2, 0xEEB20BC0u, 4, TC_FP64_ADD, decode_vcvt_half, exec_vcvt_from_half, "{rd}, {rm}", OP_FD, OP_SM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvtb.f16.f32", M2, 0xEEB30A40u, 4, TC_FP32,     decode_vcvt_half, exec_vcvt_to_half,   "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvtt.f16.f32", M2, 0xEEB30AC0u, 4, TC_FP32,     decode_vcvt_half, exec_vcvt_to_half,   "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvtb.f16.f64", M2, 0xEEB30B40u, 4, TC_FP64_ADD, decode_vcvt_half, exec_vcvt_to_half,   "{rd}, {rm}", OP_SD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvtt.f16.f64", M2, 0xEEB30BC0u, 4, TC_FP64_ADD, decode_vcvt_half, exec_vcvt_to_half,   "{rd}, {rm}", OP_SD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmp.f16",   M2,  0xEEB40940u, 4, TC_FP32,     decode_vcmp, exec_vcmp, "{rd}, {rm}", OP_FPSCR, OP_FD | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmp.f32",   M2,  0xEEB40A40u, 4, TC_FP32,     decode_vcmp, exec_vcmp, "{rd}, {rm}", OP_FPSCR, OP_FD | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmp.f64",   M2,  0xEEB40B40u, 4, TC_FP64_ADD, decode_vcmp, exec_vcmp, "{rd}, {rm}", OP_FPSCR, OP_FD | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmpe.f16",  M2,  0xEEB409C0u, 4, TC_FP32,     decode_vcmp, exec_vcmp, "{rd}, {rm}", OP_FPSCR, OP_FD | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmpe.f32",  M2,  0xEEB40AC0u, 4, TC_FP32,     decode_vcmp, exec_vcmp, "{rd}, {rm}", OP_FPSCR, OP_FD | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmpe.f64",  M2,  0xEEB40BC0u, 4, TC_FP64_ADD, decode_vcmp, exec_vcmp, "{rd}, {rm}", OP_FPSCR, OP_FD | OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmp.f16",   M2Z, 0xEEB50940u, 4, TC_FP32,     decode_vcmp, exec_vcmp, "{rd}, #0.0", OP_FPSCR, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmp.f32",   M2Z, 0xEEB50A40u, 4, TC_FP32,     decode_vcmp, exec_vcmp, "{rd}, #0.0", OP_FPSCR, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmp.f64",   M2Z, 0xEEB50B40u, 4, TC_FP64_ADD, decode_vcmp, exec_vcmp, "{rd}, #0.0", OP_FPSCR, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmpe.f16",  M2Z, 0xEEB509C0u, 4, TC_FP32,     decode_vcmp, exec_vcmp, "{rd}, #0.0", OP_FPSCR, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmpe.f32",  M2Z, 0xEEB50AC0u, 4, TC_FP32,     decode_vcmp, exec_vcmp, "{rd}, #0.0", OP_FPSCR, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcmpe.f64",  M2Z, 0xEEB50BC0u, 4, TC_FP64_ADD, decode_vcmp, exec_vcmp, "{rd}, #0.0", OP_FPSCR, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrintr.f16", M2, 0xEEB60940u, 4, TC_FP32,     decode_vrint, exec_vrint, "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrintr.f32", M2, 0xEEB60A40u, 4, TC_FP32,     decode_vrint, exec_vrint, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrintr.f64", M2, 0xEEB60B40u, 4, TC_FP64_ADD, decode_vrint, exec_vrint, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrintz.f16", M2, 0xEEB609C0u, 4, TC_FP32,     decode_vrint, exec_vrint, "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrintz.f32", M2, 0xEEB60AC0u, 4, TC_FP32,     decode_vrint, exec_vrint, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrintz.f64", M2, 0xEEB60BC0u, 4, TC_FP64_ADD, decode_vrint, exec_vrint, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrintx.f16", M2, 0xEEB70940u, 4, TC_FP32,     decode_vrint, exec_vrint, "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrintx.f32", M2, 0xEEB70A40u, 4, TC_FP32,     decode_vrint, exec_vrint, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vrintx.f64", M2, 0xEEB70B40u, 4, TC_FP64_ADD, decode_vrint, exec_vrint, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.f64.f32", M2, 0xEEB70AC0u, 4, TC_FP64_ADD, decode_vcvt_fp, exec_vcvt_fp, "{rd}, {rm}", OP_DD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.f32.f64", M2, 0xEEB70BC0u, 4, TC_FP64_ADD, decode_vcvt_fp, exec_vcvt_fp, "{rd}, {rm}", OP_SD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* integer and fixed-point conversions (bit 7: signed / sx / RZ) */
    {"vcvt.f16.int", MCVT, 0xEEB80940u, 4, TC_FP32,     decode_vcvt_from_int, exec_vcvt_from_int, "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.f32.int", MCVT, 0xEEB80A40u, 4, TC_FP32,     decode_vcvt_from_int, exec_vcvt_from_int, "{rd}, {rm}", OP_FD, OP_FM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.f64.int", MCVT, 0xEEB80B40u, 4, TC_FP64_ADD, decode_vcvt_from_int, exec_vcvt_from_int, "{rd}, {rm}", OP_FD, OP_SM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.f16.fix", 0xFFBE0F50u, 0xEEBA0940u, 4, TC_FP32,     decode_vcvt_fixed, exec_vcvt_from_fixed, "{rd}, {rd}{shift}", OP_RD, OP_RD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.f32.fix", 0xFFBE0F50u, 0xEEBA0A40u, 4, TC_FP32,     decode_vcvt_fixed, exec_vcvt_from_fixed, "{rd}, {rd}{shift}", OP_FD, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.f64.fix", 0xFFBE0F50u, 0xEEBA0B40u, 4, TC_FP64_ADD, decode_vcvt_fixed, exec_vcvt_from_fixed, "{rd}, {rd}{shift}", OP_FD, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.int.f16", 0xFFBE0F50u, 0xEEBC0940u, 4, TC_FP32,     decode_vcvt_to_int, exec_vcvt_to_int, "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.int.f32", 0xFFBE0F50u, 0xEEBC0A40u, 4, TC_FP32,     decode_vcvt_to_int, exec_vcvt_to_int, "{rd}, {rm}", OP_FD, OP_FM | OP_ROUND_FPSCR, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.int.f64", 0xFFBE0F50u, 0xEEBC0B40u, 4, TC_FP64_ADD, decode_vcvt_to_int, exec_vcvt_to_int, "{rd}, {rm}", OP_SD, OP_FM | OP_ROUND_FPSCR, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.fix.f16", 0xFFBE0F50u, 0xEEBE0940u, 4, TC_FP32,     decode_vcvt_fixed, exec_vcvt_to_fixed, "{rd}, {rd}{shift}", OP_RD, OP_RD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.fix.f32", 0xFFBE0F50u, 0xEEBE0A40u, 4, TC_FP32,     decode_vcvt_fixed, exec_vcvt_to_fixed, "{rd}, {rd}{shift}", OP_FD, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vcvt.fix.f64", 0xFFBE0F50u, 0xEEBE0B40u, 4, TC_FP64_ADD, decode_vcvt_fixed, exec_vcvt_to_fixed, "{rd}, {rd}{shift}", OP_FD, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* core <-> FP register transfers */
    {"vmov",       0xFFF00F7Fu, 0xEE000A10u, 4, TC_FP32, decode_vmov_core_s, exec_vmov_to_s,   "{rd}, {rn}", OP_FD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov",       0xFFF00F7Fu, 0xEE100A10u, 4, TC_FP32, decode_vmov_core_s, exec_vmov_from_s, "{rn}, {rd}", OP_RN, OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov.f16",   0xFFF00F7Fu, 0xEE000910u, 4, TC_FP32, decode_vmov_core_s, exec_vmov_to_h,   "{rd}, {rn}", OP_NONE, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov.f16",   0xFFF00F7Fu, 0xEE100910u, 4, TC_FP32, decode_vmov_core_s, exec_vmov_from_h, "{rn}, {rd}", OP_NONE, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov.32",    0xFFD00F7Fu, 0xEE000B10u, 4, TC_FP32, decode_vmov_scalar, exec_vmov_to_s,   "{rd}, {rn}", OP_D_OF_S, OP_RN | OP_D_OF_S, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov.32",    0xFFD00F7Fu, 0xEE100B10u, 4, TC_FP32, decode_vmov_scalar, exec_vmov_from_s, "{rn}, {rd}", OP_RN, OP_D_OF_S, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov",       0xFFF00FD0u, 0xEC400A10u, 4, TC_FP32, decode_vmov_core2,  exec_vmov_to_2s,   "{rd}, {rn}, {rm}", OP_SPAIR, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov",       0xFFF00FD0u, 0xEC500A10u, 4, TC_FP32, decode_vmov_core2,  exec_vmov_from_2s, "{rn}, {rm}, {rd}", OP_RN | OP_RM, OP_SPAIR, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov",       0xFFF00FD0u, 0xEC400B10u, 4, TC_FP32, decode_vmov_core2,  exec_vmov_to_2s,   "{rd}, {rn}, {rm}", OP_SPAIR, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmov",       0xFFF00FD0u, 0xEC500B10u, 4, TC_FP32, decode_vmov_core2,  exec_vmov_from_2s, "{rn}, {rm}, {rd}", OP_RN | OP_RM, OP_SPAIR, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmsr",       0xFFF00FFFu, 0xEEE00A10u, 4, TC_SYS,  decode_vmrs,        exec_vmsr,         "{imm}, {rd}", OP_FPSCR_REG, OP_RD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vmrs",       0xFFF00FFFu, 0xEEF00A10u, 4, TC_SYS,  decode_vmrs,        exec_vmrs,         "{rd}, {imm}", OP_RD | OP_APSR_NZCV, OP_FPSCR_REG, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* loads and stores; VSCCLRM before VLDMIA, whose Rn = PC form it is */
    {"vscclrm",    0xFFBF0F00u, 0xEC9F0A00u, 4, TC_FP32, decode_vscclrm, exec_vscclrm, "{list}", OP_SLIST | OP_VPR, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vscclrm",    0xFFBF0F00u, 0xEC9F0B00u, 4, TC_FP32, decode_vscclrm, exec_vscclrm, "{list}", OP_SLIST | OP_VPR, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vlldm",      0xFFF0FF7Fu, 0xEC300A00u, 4, TC_SYS,  decode_vlldm,   exec_nop,     "{rn}", OP_RN, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vlstm",      0xFFF0FF7Fu, 0xEC200A00u, 4, TC_SYS,  decode_vlldm,   exec_nop,     "{rn}", OP_RN, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vldr.16",    0xFF300F00u, 0xED100900u, 4, TC_FP_LOAD,  decode_vldr, exec_vldr, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vldr",       0xFF300F00u, 0xED100A00u, 4, TC_FP_LOAD,  decode_vldr, exec_vldr, "{rd}, [{rn}, {imm}]", OP_FD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vldr",       0xFF300F00u, 0xED100B00u, 4, TC_FP_LOAD,  decode_vldr, exec_vldr, "{rd}, [{rn}, {imm}]", OP_FD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vstr.16",    0xFF300F00u, 0xED000900u, 4, TC_FP_STORE, decode_vstr, exec_vstr, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vstr",       0xFF300F00u, 0xED000A00u, 4, TC_FP_STORE, decode_vstr, exec_vstr, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RN | OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vstr",       0xFF300F00u, 0xED000B00u, 4, TC_FP_STORE, decode_vstr, exec_vstr, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RN | OP_FD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vldmia",     0xFF900F00u, 0xEC900A00u, 4, TC_FP_LOAD_MULTI,  decode_vldm, exec_vldm, "{rn}, {list}", OP_SLIST | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"vldmia",     0xFF900F00u, 0xEC900B00u, 4, TC_FP_LOAD_MULTI,  decode_vldm, exec_vldm, "{rn}, {list}", OP_SLIST | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"vldmdb",     0xFFB00F00u, 0xED300A00u, 4, TC_FP_LOAD_MULTI,  decode_vldm, exec_vldm, "{rn}!, {list}", OP_SLIST | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vldmdb",     0xFFB00F00u, 0xED300B00u, 4, TC_FP_LOAD_MULTI,  decode_vldm, exec_vldm, "{rn}!, {list}", OP_SLIST | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vstmia",     0xFF900F00u, 0xEC800A00u, 4, TC_FP_STORE_MULTI, decode_vldm, exec_vstm, "{rn}, {list}", OP_WBACK, OP_RN | OP_SLIST, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vstmia",     0xFF900F00u, 0xEC800B00u, 4, TC_FP_STORE_MULTI, decode_vldm, exec_vstm, "{rn}, {list}", OP_WBACK, OP_RN | OP_SLIST, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vstmdb",     0xFFB00F00u, 0xED200A00u, 4, TC_FP_STORE_MULTI, decode_vldm, exec_vstm, "{rn}!, {list}", OP_WBACK, OP_RN | OP_SLIST, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vstmdb",     0xFFB00F00u, 0xED200B00u, 4, TC_FP_STORE_MULTI, decode_vldm, exec_vstm, "{rn}!, {list}", OP_WBACK, OP_RN | OP_SLIST, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vldr",       0xFE101F80u, 0xEC100F80u, 4, TC_FP_LOAD,  decode_vldst_sysreg, exec_vldr_sysreg, "{imm}, [{rn}]", OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"vstr",       0xFE101F80u, 0xEC000F80u, 4, TC_FP_STORE, decode_vldst_sysreg, exec_vstr_sysreg, "{imm}, [{rn}]", OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {0},
};

/* The family's dispatcher for the run loop (isa/hot_path.h). */
ISA_DEFINE_HOT_DISPATCH(fp)
