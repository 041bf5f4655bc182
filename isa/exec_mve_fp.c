/* Helium (MVE) floating point: F16 and F32 vector arithmetic, fused
 * multiply-add, max/min (also across a vector), conversions, VRINT and the
 * complex forms (VCADD, VCMUL, VCMLA).  The arithmetic is fp_ops.c's.
 *
 * Vector float instructions do not use the FPSCR's controls: they compute
 * under the Arm ARM's StandardFPSCRValue() (round to nearest, default NaN,
 * F32 flush-to-zero; FZ16 and AHP still come from the FPSCR) and OR their
 * cumulative exception flags into the FPSCR, as QEMU's standard_fp_status
 * does.  Predication follows QEMU's mve_helper.c, checked against it: an
 * element is computed when any of its byte lanes is enabled, its result is
 * merged byte by byte, and it raises flags only when its first byte lane
 * is enabled.
 *
 * insn_t fields: rd, rn, rm are Q numbers (rm is the core register of the
 * scalar forms; rd the core register Rda of the reductions), esize is 1
 * (F16) or 2 (F32), aux[0] the data type for {dt} (0 signed, 1 unsigned,
 * 2 float: the integer side of a VCVT), aux[1] the operation (enum fop) or
 * the rounding mode / rotation / top half of the unary and complex forms,
 * imm the fraction bits of the fixed-point VCVT or the rotation in degrees.
 */
#include <string.h>

#include "fields.h"
#include "fp_ops.h"
#include "insn.h"
#include "mve.h"

#define FP_FLAG_BITS (FPSCR_IDC | FPSCR_IXC | FPSCR_UFC | FPSCR_OFC | FPSCR_DZC | FPSCR_IOC)

/* StandardFPSCRValue(): the controls every vector float operation uses. */
static inline uint32_t std_fpscr(const cpu_t *cpu)
{
    return (cpu->fpscr & (FPSCR_AHP | FPSCR_FZ16)) | FPSCR_DN | FPSCR_FZ;
}

static inline enum fp_fmt elem_fmt(const insn_t *in)
{
    return in->esize == 1 ? FP_F16 : FP_F32;
}

static inline uint32_t get_elem(const uint8_t *v, unsigned e, unsigned es)
{
    if (es == 2) {
        uint16_t x;
        memcpy(&x, v + 2 * e, 2);
        return x;
    }
    uint32_t x;
    memcpy(&x, v + 4 * e, 4);
    return x;
}

/* Write element e where its byte lanes are enabled. */
static inline void put_elem(uint8_t *v, unsigned e, unsigned es, uint32_t x, uint16_t mask)
{
    unsigned lanes = (mask >> (e * es)) & ((1u << es) - 1u);
    if (lanes == (1u << es) - 1u) {
        if (es == 2) {
            uint16_t h = (uint16_t)x;
            memcpy(v + 2 * e, &h, 2);
        } else {
            memcpy(v + 4 * e, &x, 4);
        }
        return;
    }
    mve_put(v, e, es, x, mask);
}

/* Byte lanes of element e. */
static inline unsigned elem_lanes(uint16_t mask, unsigned e, unsigned es)
{
    return (mask >> (e * es)) & ((1u << es) - 1u);
}

static inline uint32_t quiet_bit(enum fp_fmt f)
{
    return f == FP_F16 ? 0x0200u : 0x00400000u;
}

static inline bool is_snan(enum fp_fmt f, uint32_t x)
{
    uint32_t abs = (uint32_t)fp_abs(f, x), inf = f == FP_F16 ? 0x7C00u : 0x7F800000u;
    return abs > inf && !(x & quiet_bit(f));
}

/* ------------------------------------------------------------------ */
/* Element-wise operations of two or three operands                    */

/* The first six in the order of fp_ops.h's enum fp_vop (the whole-vector
 * fast path). */
enum fop {
    FOP_ADD, FOP_SUB, FOP_MUL,
    FOP_FMA,   /* d + n*m */
    FOP_FMS,   /* d - n*m (FPMulAdd with -n) */
    FOP_FMAS,  /* m + n*d: VFMAS, the scalar is the addend */
    FOP_ABD, FOP_MAXNM, FOP_MINNM, FOP_MAXNMA, FOP_MINNMA,
};

static inline uint32_t fop_apply(enum fop op, enum fp_fmt f, uint32_t d, uint32_t n, uint32_t m,
                                 uint32_t *fpscr)
{
    switch (op) {
    case FOP_ADD:    return (uint32_t)fp_add(f, n, m, fpscr);
    case FOP_SUB:    return (uint32_t)fp_sub(f, n, m, fpscr);
    case FOP_MUL:    return (uint32_t)fp_mul(f, n, m, fpscr);
    case FOP_ABD:    return (uint32_t)fp_abs(f, fp_sub(f, n, m, fpscr));
    case FOP_MAXNM:  return (uint32_t)fp_maxnum(f, n, m, fpscr);
    case FOP_MINNM:  return (uint32_t)fp_minnum(f, n, m, fpscr);
    case FOP_MAXNMA: return (uint32_t)fp_maxnum(f, fp_abs(f, n), fp_abs(f, m), fpscr);
    case FOP_MINNMA: return (uint32_t)fp_minnum(f, fp_abs(f, n), fp_abs(f, m), fpscr);
    case FOP_FMA:    return (uint32_t)fp_muladd(f, d, n, m, fpscr);
    case FOP_FMS:    return (uint32_t)fp_muladd(f, d, fp_neg(f, n), m, fpscr);
    case FOP_FMAS:   return (uint32_t)fp_muladd(f, m, n, d, fpscr);
    }
    return 0;
}

/* Qd = op(Qd, Qn, Qm or the scalar) element by element. */
static void fop_run(cpu_t *cpu, const insn_t *in, const uint8_t *m)
{
    uint16_t mask = mve_begin(cpu);
    enum fop op = (enum fop)in->aux[1];
    enum fp_fmt f = elem_fmt(in);
    unsigned es = in->esize == 1 ? 2u : 4u, n_el = 16u / es;
    const uint8_t *n = mve_q(cpu, in->rn);
    uint8_t *d = mve_q(cpu, in->rd);
    uint32_t fp = std_fpscr(cpu), scratch = fp;
    /* Unpredicated, plain operands: the whole vector at once. */
    if (mask == 0xFFFFu && op <= FOP_FMAS && fp_vec_fast(f, (enum fp_vop)op, d, n, m, d, &fp)) {
        cpu->fpscr |= fp & FP_FLAG_BITS;
        return;
    }
    for (unsigned e = 0; e < n_el; e++) {
        unsigned lanes = elem_lanes(mask, e, es);
        if (!lanes)
            continue;
        uint32_t r = fop_apply(op, f, get_elem(d, e, es), get_elem(n, e, es), get_elem(m, e, es),
                               (lanes & 1u) ? &fp : &scratch);
        put_elem(d, e, es, r, mask);
    }
    cpu->fpscr |= fp & FP_FLAG_BITS;
}

static void exec_fop_vector(cpu_t *cpu, const insn_t *in)
{
    fop_run(cpu, in, mve_q(cpu, in->rm));
}

/* The scalar forms: the low 16 or 32 bits of Rm in every element. */
static void exec_fop_scalar(cpu_t *cpu, const insn_t *in)
{
    uint8_t m[16];
    uint32_t x = cpu->r[in->rm];
    if (in->esize == 1)
        x = (x & 0xFFFFu) * 0x00010001u;
    for (unsigned i = 0; i < 16; i += 4)
        memcpy(m + i, &x, 4);
    fop_run(cpu, in, m);
}

/* VABS, VNEG: sign-bit operations, no exceptions (aux[1] = negate). */
static void exec_sign(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    const uint8_t *m = mve_q(cpu, in->rm);
    uint8_t *d = mve_q(cpu, in->rd);
    unsigned es = in->esize == 1 ? 2u : 4u;
    for (unsigned b = 0; b < 16; b++) {
        uint8_t x = m[b];
        if (b % es == es - 1)   /* the byte holding the sign */
            x = in->aux[1] ? (uint8_t)(x ^ 0x80u) : (uint8_t)(x & 0x7Fu);
        if ((mask >> b) & 1u)
            d[b] = x;
    }
}

/* ------------------------------------------------------------------ */
/* Unary: VRINT, VCVT between float and integer / fixed point          */

enum uop { UOP_RINT, UOP_RINTX, UOP_TO_FIXED, UOP_FROM_FIXED };

static void unary_run(cpu_t *cpu, const insn_t *in, enum uop op)
{
    uint16_t mask = mve_begin(cpu);
    enum fp_fmt f = elem_fmt(in);
    enum fp_rounding rm = (enum fp_rounding)in->aux[1];
    bool is_unsigned = in->aux[0] == 1;
    unsigned es = in->esize == 1 ? 2u : 4u, n_el = 16u / es, bits = 8u * es, fbits = in->imm;
    const uint8_t *m = mve_q(cpu, in->rm);
    uint8_t *d = mve_q(cpu, in->rd);
    uint32_t fp = std_fpscr(cpu), scratch = fp;
    for (unsigned e = 0; e < n_el; e++) {
        unsigned lanes = elem_lanes(mask, e, es);
        if (!lanes)
            continue;
        uint32_t *fpp = (lanes & 1u) ? &fp : &scratch;
        uint32_t x = get_elem(m, e, es), r;
        switch (op) {
        case UOP_RINT:
            r = (uint32_t)fp_round_int(f, x, rm, false, fpp);
            break;
        case UOP_RINTX:
            r = (uint32_t)fp_round_int(f, x, FPR_TIEEVEN, true, fpp);
            break;
        case UOP_TO_FIXED:
            r = fp_to_fixed(f, x, fbits, is_unsigned, bits, rm, fpp);
            break;
        default:
            r = (uint32_t)fp_from_fixed(f, x, fbits, is_unsigned, bits, FPR_TIEEVEN, fpp);
            break;
        }
        put_elem(d, e, es, r, mask);
    }
    cpu->fpscr |= fp & FP_FLAG_BITS;
}

static void exec_vrint(cpu_t *cpu, const insn_t *in) { unary_run(cpu, in, UOP_RINT); }
static void exec_vrintx(cpu_t *cpu, const insn_t *in) { unary_run(cpu, in, UOP_RINTX); }
static void exec_vcvt_to_int(cpu_t *cpu, const insn_t *in) { unary_run(cpu, in, UOP_TO_FIXED); }
static void exec_vcvt_from_int(cpu_t *cpu, const insn_t *in) { unary_run(cpu, in, UOP_FROM_FIXED); }

/* VCVTB/VCVTT between F16 and the F32 elements of 32-bit lanes: narrowing
 * writes the bottom/top half of each lane of Qd, flags following the
 * lane's first byte; widening reads the bottom/top half of each lane of
 * Qm, flags following the byte lane of that half. */
static void vcvt_half(cpu_t *cpu, const insn_t *in, bool widen)
{
    uint16_t mask = mve_begin(cpu);
    unsigned top = in->aux[1];
    const uint8_t *m = mve_q(cpu, in->rm);
    uint8_t *d = mve_q(cpu, in->rd);
    uint32_t fp = std_fpscr(cpu), scratch = fp;
    for (unsigned e = 0; e < 4; e++) {
        unsigned lanes = elem_lanes(mask, e, 4);
        if (!lanes)
            continue;
        uint32_t *fpp = ((lanes >> (widen ? 2 * top : 0)) & 1u) ? &fp : &scratch;
        if (widen)
            put_elem(d, e, 4, (uint32_t)fp_convert(FP_F32, FP_F16, get_elem(m, 2 * e + top, 2), fpp), mask);
        else
            put_elem(d, 2 * e + top, 2, (uint32_t)fp_convert(FP_F16, FP_F32, get_elem(m, e, 4), fpp), mask);
    }
    cpu->fpscr |= fp & FP_FLAG_BITS;
}

static void exec_vcvt_narrow(cpu_t *cpu, const insn_t *in) { vcvt_half(cpu, in, false); }
static void exec_vcvt_widen(cpu_t *cpu, const insn_t *in) { vcvt_half(cpu, in, true); }

/* ------------------------------------------------------------------ */
/* Reductions into a core register: VMAXNMV, VMINNMV, VMAXNMAV, VMINNMAV */

/* aux[1]: bit 0 = min, bit 1 = absolute values of the vector elements. */
static void exec_vmaxnmv(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    enum fp_fmt f = elem_fmt(in);
    unsigned es = in->esize == 1 ? 2u : 4u, n_el = 16u / es;
    bool is_min = in->aux[1] & 1u, absolute = in->aux[1] & 2u;
    const uint8_t *m = mve_q(cpu, in->rm);
    uint32_t fp = std_fpscr(cpu);
    uint32_t acc = es == 2 ? cpu->r[in->rd] & 0xFFFFu : cpu->r[in->rd];
    for (unsigned e = 0; e < n_el; e++) {
        if (!mve_active(mask, e, es))
            continue;
        uint32_t v = get_elem(m, e, es);
        /* Signalling NaNs are quietened first (Invalid Operation), so a
         * signalling NaN loses against a number as a quiet one does. */
        if (is_snan(f, acc)) {
            acc |= quiet_bit(f);
            fp |= FPSCR_IOC;
        }
        if (is_snan(f, v)) {
            v |= quiet_bit(f);
            fp |= FPSCR_IOC;
        }
        if (absolute)
            v = (uint32_t)fp_abs(f, v);
        acc = (uint32_t)(is_min ? fp_minnum(f, acc, v, &fp) : fp_maxnum(f, acc, v, &fp));
    }
    cpu->r[in->rd] = acc;   /* an F16 result zero-extended */
    cpu->fpscr |= fp & FP_FLAG_BITS;
}

/* ------------------------------------------------------------------ */
/* Complex arithmetic: VCADD, VCMUL, VCMLA                             */

/* VCADD: even elements n[e] -/+ m[e+1], odd n[e] +/- m[e-1] (rotation 90
 * or 270); every result is formed before any is written. */
static void exec_vcadd(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    enum fp_fmt f = elem_fmt(in);
    unsigned es = in->esize == 1 ? 2u : 4u, n_el = 16u / es;
    bool rot270 = in->aux[1];
    const uint8_t *n = mve_q(cpu, in->rn), *m = mve_q(cpu, in->rm);
    uint8_t *d = mve_q(cpu, in->rd);
    uint32_t fp = std_fpscr(cpu), scratch = fp, r[8] = {0};
    for (unsigned e = 0; e < n_el; e++) {
        unsigned lanes = elem_lanes(mask, e, es);
        if (!lanes)
            continue;
        uint32_t *fpp = (lanes & 1u) ? &fp : &scratch;
        uint32_t x = get_elem(n, e, es), y = get_elem(m, e ^ 1u, es);
        bool subtract = (e & 1u) == rot270;
        r[e] = (uint32_t)(subtract ? fp_sub(f, x, y, fpp) : fp_add(f, x, y, fpp));
    }
    for (unsigned e = 0; e < n_el; e++)
        put_elem(d, e, es, r[e], mask);
    cpu->fpscr |= fp & FP_FLAG_BITS;
}

/* VCMUL / VCMLA on each pair (real e, imaginary e+1), rotation in aux[1]
 * (0-3 for 0, 90, 180, 270 degrees):
 *   rot 0:   d[e] (+)= n[e] * m[e],      d[e+1] (+)= n[e] * m[e+1]
 *   rot 90:  d[e] (+)= n[e+1] * -m[e+1], d[e+1] (+)= n[e+1] * m[e]
 *   rot 180: d[e] (+)= n[e] * -m[e],     d[e+1] (+)= n[e] * -m[e+1]
 *   rot 270: d[e] (+)= n[e+1] * m[e+1],  d[e+1] (+)= n[e+1] * -m[e] */
static void complex_mul(cpu_t *cpu, const insn_t *in, bool accumulate)
{
    uint16_t mask = mve_begin(cpu);
    enum fp_fmt f = elem_fmt(in);
    unsigned es = in->esize == 1 ? 2u : 4u, n_el = 16u / es, rot = in->aux[1];
    const uint8_t *n = mve_q(cpu, in->rn), *m = mve_q(cpu, in->rm);
    uint8_t *d = mve_q(cpu, in->rd);
    uint32_t fp = std_fpscr(cpu), scratch = fp, r[8] = {0};
    for (unsigned e = 0; e < n_el; e += 2) {
        unsigned lanes = (mask >> (e * es)) & ((1u << (2 * es)) - 1u);
        if (!lanes)
            continue;
        unsigned odd = rot & 1u;   /* 90 and 270 take n's imaginary part */
        uint32_t nn = get_elem(n, e + odd, es);
        uint32_t m0 = get_elem(m, e + odd, es), m1 = get_elem(m, e + 1 - odd, es);
        if (rot == 1 || rot == 2)
            m0 = (uint32_t)fp_neg(f, m0);
        if (rot >= 2)
            m1 = (uint32_t)fp_neg(f, m1);
        uint32_t *fp0 = (lanes & 1u) ? &fp : &scratch;
        uint32_t *fp1 = ((lanes >> es) & 1u) ? &fp : &scratch;
        if (accumulate) {
            r[e] = (uint32_t)fp_muladd(f, get_elem(d, e, es), nn, m0, fp0);
            r[e + 1] = (uint32_t)fp_muladd(f, get_elem(d, e + 1, es), nn, m1, fp1);
        } else {
            r[e] = (uint32_t)fp_mul(f, nn, m0, fp0);
            r[e + 1] = (uint32_t)fp_mul(f, nn, m1, fp1);
        }
    }
    for (unsigned e = 0; e < n_el; e++)
        put_elem(d, e, es, r[e], mask);
    cpu->fpscr |= fp & FP_FLAG_BITS;
}

static void exec_vcmul(cpu_t *cpu, const insn_t *in) { complex_mul(cpu, in, false); }
static void exec_vcmla(cpu_t *cpu, const insn_t *in) { complex_mul(cpu, in, true); }

/* ------------------------------------------------------------------ */
/* Decode                                                              */


static void set_float(insn_t *in, bool f16)
{
    in->esize = f16 ? 1 : 2;
    in->aux[0] = 2;
}

/* The element-wise rows: the operation is the row's position in its
 * group, see the tables below. */
static bool decode_3q(insn_t *in, uint32_t raw, bool f16, enum fop op)
{
    set_float(in, f16);
    in->rd = field_qd(raw);
    in->rn = field_qn(raw);
    in->rm = field_qm(raw);
    in->aux[1] = (uint8_t)op;
    return true;
}

/* VADD..VMINNM, VFMA/VFMS: sz is bit 20 (1 = F16). */
static bool dec_vadd(insn_t *in, uint32_t raw) { return decode_3q(in, raw, (raw >> 20) & 1u, FOP_ADD); }
static bool dec_vsub(insn_t *in, uint32_t raw) { return decode_3q(in, raw, (raw >> 20) & 1u, FOP_SUB); }
static bool dec_vmul(insn_t *in, uint32_t raw) { return decode_3q(in, raw, (raw >> 20) & 1u, FOP_MUL); }
static bool dec_vabd(insn_t *in, uint32_t raw) { return decode_3q(in, raw, (raw >> 20) & 1u, FOP_ABD); }
static bool dec_vmaxnm(insn_t *in, uint32_t raw) { return decode_3q(in, raw, (raw >> 20) & 1u, FOP_MAXNM); }
static bool dec_vminnm(insn_t *in, uint32_t raw) { return decode_3q(in, raw, (raw >> 20) & 1u, FOP_MINNM); }
static bool dec_vfma(insn_t *in, uint32_t raw) { return decode_3q(in, raw, (raw >> 20) & 1u, FOP_FMA); }
static bool dec_vfms(insn_t *in, uint32_t raw) { return decode_3q(in, raw, (raw >> 20) & 1u, FOP_FMS); }

/* VMAXNMA/VMINNMA Qda, Qm: sz is bit 28 (1 = F16), Qda is also an input. */
static bool dec_vmaxnma(insn_t *in, uint32_t raw)
{
    decode_3q(in, raw, (raw >> 28) & 1u, (raw >> 12) & 1u ? FOP_MINNMA : FOP_MAXNMA);
    in->rn = in->rd;
    return true;
}

/* Qd, Qn, Rm: sz is bit 28 (1 = F16); Rm may not be SP or PC. */
static bool decode_scalar(insn_t *in, uint32_t raw, enum fop op)
{
    decode_3q(in, raw, (raw >> 28) & 1u, op);
    in->rm = raw & 0xFu;
    return in->rm != 13 && in->rm != 15;
}

static bool dec_vadd_s(insn_t *in, uint32_t raw) { return decode_scalar(in, raw, FOP_ADD); }
static bool dec_vsub_s(insn_t *in, uint32_t raw) { return decode_scalar(in, raw, FOP_SUB); }
static bool dec_vmul_s(insn_t *in, uint32_t raw) { return decode_scalar(in, raw, FOP_MUL); }
static bool dec_vfma_s(insn_t *in, uint32_t raw) { return decode_scalar(in, raw, FOP_FMA); }
static bool dec_vfmas_s(insn_t *in, uint32_t raw) { return decode_scalar(in, raw, FOP_FMAS); }

/* Qd, Qm with the size in bits 19:18 (01 = F16, 10 = F32). */
static bool decode_2q(insn_t *in, uint32_t raw)
{
    unsigned size = (raw >> 18) & 3u;
    set_float(in, size == 1);
    in->rd = field_qd(raw);
    in->rm = field_qm(raw);
    return size == 1 || size == 2;
}

/* VABS (bit 7 = 0), VNEG (bit 7 = 1). */
static bool dec_sign(insn_t *in, uint32_t raw)
{
    in->aux[1] = (raw >> 7) & 1u;
    return decode_2q(in, raw);
}

/* VRINT: op bits 9:7 give the rounding (000 N, 001 X, 010 A, 011 Z,
 * 101 M, 111 P; VRINTX rounds to nearest and has its own row). */
static bool dec_vrint(insn_t *in, uint32_t raw)
{
    static const uint8_t rounding[8] = {FPR_TIEEVEN, FPR_TIEEVEN, FPR_TIEAWAY, FPR_ZERO,
                                        0, FPR_NEGINF, 0, FPR_POSINF};
    in->aux[1] = rounding[(raw >> 7) & 7u];
    return decode_2q(in, raw);
}

/* VCVT between float and integer (the row fixes size and direction):
 * U = bit 7; float to integer rounds towards zero, integer to float to
 * nearest. */
static bool dec_vcvt_int(insn_t *in, uint32_t raw)
{
    bool ok = decode_2q(in, raw);
    in->aux[0] = (raw >> 7) & 1u;
    in->aux[1] = (raw >> 8) & 1u ? FPR_ZERO : FPR_TIEEVEN;
    return ok;
}

/* VCVTA/N/P/M: float to integer, the rounding in bits 9:8. */
static bool dec_vcvt_rm(insn_t *in, uint32_t raw)
{
    static const uint8_t rounding[4] = {FPR_TIEAWAY, FPR_TIEEVEN, FPR_POSINF, FPR_NEGINF};
    bool ok = decode_2q(in, raw);
    in->aux[0] = (raw >> 7) & 1u;
    in->aux[1] = rounding[(raw >> 8) & 3u];
    return ok;
}

/* VCVT fixed point: U = bit 28, imm6 (bits 21:16, bit 21 set) gives
 * fbits = 64 - imm6, bit 9 = F32, bit 8 = float to fixed. */
static bool dec_vcvt_fixed(insn_t *in, uint32_t raw)
{
    bool f32 = (raw >> 9) & 1u;
    set_float(in, !f32);
    in->aux[0] = (raw >> 28) & 1u;
    in->aux[1] = (raw >> 8) & 1u ? FPR_ZERO : FPR_TIEEVEN;
    in->imm = 64u - ((raw >> 16) & 0x3Fu);
    in->rd = field_qd(raw);
    in->rm = field_qm(raw);
    return f32 || in->imm <= 16u;
}

/* VCVTB/VCVTT between F16 and F32: T = bit 12. */
static bool dec_vcvt_bt(insn_t *in, uint32_t raw)
{
    set_float(in, false);
    in->rd = field_qd(raw);
    in->rm = field_qm(raw);
    in->aux[1] = (raw >> 12) & 1u;
    return true;
}

/* VMAXNMV..VMINNMAV Rda, Qm: sz bit 28 (1 = F16), bit 7 min, bit 17
 * clear for the absolute forms; Rda may not be SP or PC. */
static bool dec_vmaxnmv(insn_t *in, uint32_t raw)
{
    set_float(in, (raw >> 28) & 1u);
    in->rd = (raw >> 12) & 0xFu;
    in->rm = field_qm(raw);
    in->aux[1] = (uint8_t)(((raw >> 7) & 1u) | (((raw >> 17) & 1u) ^ 1u) << 1);
    return in->rd != 13 && in->rd != 15;
}

/* VCADD: rotation bit 24 (270), sz bit 20 (1 = F32). */
static bool dec_vcadd(insn_t *in, uint32_t raw)
{
    decode_3q(in, raw, !((raw >> 20) & 1u), FOP_ADD);
    in->aux[1] = (raw >> 24) & 1u;
    in->imm = in->aux[1] ? 270 : 90;
    return true;
}

/* VCMLA: rotation bits 24:23, sz bit 20 (1 = F32). */
static bool dec_vcmla(insn_t *in, uint32_t raw)
{
    decode_3q(in, raw, !((raw >> 20) & 1u), FOP_FMA);
    in->aux[1] = (raw >> 23) & 3u;
    in->imm = 90u * in->aux[1];
    return true;
}

/* VCMUL: rotation bits 12 and 0, sz bit 28 (1 = F32). */
static bool dec_vcmul(insn_t *in, uint32_t raw)
{
    decode_3q(in, raw, !((raw >> 28) & 1u), FOP_MUL);
    in->aux[1] = (uint8_t)(((raw >> 11) & 2u) | (raw & 1u));
    in->imm = 90u * in->aux[1];
    return true;
}

/* ------------------------------------------------------------------ */
/* The table.  Encoding word = hw1 << 16 | hw2.  Q register fields are
 * 3 bits; the D, N and M bits that would name Q8-Q15 are fixed 0 in the
 * masks (those encodings are UNDEFINED). */

const isa_pattern_t isa_patterns_mve_fp[] = {
    /* 111x 1111 0 D x sz Qn 0 | Qd 0 opc N 1 M x Qm 0 (sz 1 = F16) */
    {"vadd",     0xFFE11FF1u, 0xEF000D40u, 4, TC_MVE_FP, dec_vadd,   exec_fop_vector, "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_FLOAT_E2, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vsub",     0xFFE11FF1u, 0xEF200D40u, 4, TC_MVE_FP, dec_vsub,   exec_fop_vector, "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_FLOAT_E2, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmul",     0xFFE11FF1u, 0xFF000D50u, 4, TC_MVE_FP, dec_vmul,   exec_fop_vector, "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vabd",     0xFFE11FF1u, 0xFF200D40u, 4, TC_MVE_FP, dec_vabd,   exec_fop_vector, "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_FLOAT_E2, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmaxnm",   0xFFE11FF1u, 0xFF000F50u, 4, TC_MVE_FP, dec_vmaxnm, exec_fop_vector, "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_FLOAT_E2, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vminnm",   0xFFE11FF1u, 0xFF200F50u, 4, TC_MVE_FP, dec_vminnm, exec_fop_vector, "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_FLOAT_E2, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vfma",     0xFFE11FF1u, 0xEF000C50u, 4, TC_MVE_FP, dec_vfma,   exec_fop_vector, "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vfms",     0xFFE11FF1u, 0xEF200C50u, 4, TC_MVE_FP, dec_vfms,   exec_fop_vector, "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* 111 sz 1110 0 D 11 Qn x | Qd x opc N 1 x 0 Rm (sz 1 = F16) */
    {"vadd",     0xEFF11FF0u, 0xEE300F40u, 4, TC_MVE_FP, dec_vadd_s,  exec_fop_scalar, "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_FLOAT_E2, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vsub",     0xEFF11FF0u, 0xEE301F40u, 4, TC_MVE_FP, dec_vsub_s,  exec_fop_scalar, "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_FLOAT_E2, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmul",     0xEFF11FF0u, 0xEE310E60u, 4, TC_MVE_FP, dec_vmul_s,  exec_fop_scalar, "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vfma",     0xEFF11FF0u, 0xEE310E40u, 4, TC_MVE_FP, dec_vfma_s,  exec_fop_scalar, "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vfmas",    0xEFF11FF0u, 0xEE311E40u, 4, TC_MVE_FP, dec_vfmas_s, exec_fop_scalar, "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* 111 sz 1110 0 D 11 1111 | Qda min 1110 1 0 M 0 Qm 1 */
    {"vmaxnma",  0xEFFF1FF1u, 0xEE3F0E81u, 4, TC_MVE_FP, dec_vmaxnma, exec_fop_vector, "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vminnma",  0xEFFF1FF1u, 0xEE3F1E81u, 4, TC_MVE_FP, dec_vmaxnma, exec_fop_vector, "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* 1111 1111 1 D 11 size 01 | Qd 0 0111 neg 1 M 0 Qm 0 */
    {"vabs",     0xFFF31FF1u, 0xFFB10740u, 4, TC_MVE_FP, dec_sign,   exec_sign, "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_FLOAT_E2, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vneg",     0xFFF31FF1u, 0xFFB107C0u, 4, TC_MVE_FP, dec_sign,   exec_sign, "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_FLOAT_E2, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* 1111 1111 1 D 11 size 10 | Qd 0 01 op(3) 1 M 0 Qm 0 */
    {"vrintn",   0xFFF31FF1u, 0xFFB20440u, 4, TC_MVE_FP, dec_vrint, exec_vrint,  "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vrintx",   0xFFF31FF1u, 0xFFB204C0u, 4, TC_MVE_FP, dec_vrint, exec_vrintx, "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vrinta",   0xFFF31FF1u, 0xFFB20540u, 4, TC_MVE_FP, dec_vrint, exec_vrint,  "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vrintz",   0xFFF31FF1u, 0xFFB205C0u, 4, TC_MVE_FP, dec_vrint, exec_vrint,  "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vrintm",   0xFFF31FF1u, 0xFFB206C0u, 4, TC_MVE_FP, dec_vrint, exec_vrint,  "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vrintp",   0xFFF31FF1u, 0xFFB207C0u, 4, TC_MVE_FP, dec_vrint, exec_vrint,  "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* 1111 1111 1 D 11 size 11 | Qd 0 011 op U 1 M 0 Qm 0 (size 01 = F16, 10 = F32) */
    {"vcvt",     0xFFFF1F71u, 0xFFB70740u, 4, TC_MVE_FP, dec_vcvt_int, exec_vcvt_to_int,   "{dt}.f16 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvt",     0xFFFF1F71u, 0xFFBB0740u, 4, TC_MVE_FP, dec_vcvt_int, exec_vcvt_to_int,   "{dt}.f32 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvt.f16", 0xFFFF1F71u, 0xFFB70640u, 4, TC_MVE_FP, dec_vcvt_int, exec_vcvt_from_int, "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvt.f32", 0xFFFF1F71u, 0xFFBB0640u, 4, TC_MVE_FP, dec_vcvt_int, exec_vcvt_from_int, "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* 1111 1111 1 D 11 size 11 | Qd 0 00 rm U 1 M 0 Qm 0 */
    {"vcvta",    0xFFFF1F71u, 0xFFB70040u, 4, TC_MVE_FP, dec_vcvt_rm, exec_vcvt_to_int, "{dt}.f16 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvta",    0xFFFF1F71u, 0xFFBB0040u, 4, TC_MVE_FP, dec_vcvt_rm, exec_vcvt_to_int, "{dt}.f32 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvtn",    0xFFFF1F71u, 0xFFB70140u, 4, TC_MVE_FP, dec_vcvt_rm, exec_vcvt_to_int, "{dt}.f16 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvtn",    0xFFFF1F71u, 0xFFBB0140u, 4, TC_MVE_FP, dec_vcvt_rm, exec_vcvt_to_int, "{dt}.f32 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvtp",    0xFFFF1F71u, 0xFFB70240u, 4, TC_MVE_FP, dec_vcvt_rm, exec_vcvt_to_int, "{dt}.f16 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvtp",    0xFFFF1F71u, 0xFFBB0240u, 4, TC_MVE_FP, dec_vcvt_rm, exec_vcvt_to_int, "{dt}.f32 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvtm",    0xFFFF1F71u, 0xFFB70340u, 4, TC_MVE_FP, dec_vcvt_rm, exec_vcvt_to_int, "{dt}.f16 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvtm",    0xFFFF1F71u, 0xFFBB0340u, 4, TC_MVE_FP, dec_vcvt_rm, exec_vcvt_to_int, "{dt}.f32 {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* 111U 1111 1 D 1 imm5 | Qd 0 11 f32 op 0 1 M 1 Qm 0 (fbits = 64 - imm6) */
    {"vcvt",     0xEFE01FF1u, 0xEFA00D50u, 4, TC_MVE_FP, dec_vcvt_fixed, exec_vcvt_to_int,   "{dt}.f16 {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvt",     0xEFE01FF1u, 0xEFA00F50u, 4, TC_MVE_FP, dec_vcvt_fixed, exec_vcvt_to_int,   "{dt}.f32 {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvt.f16", 0xEFE01FF1u, 0xEFA00C50u, 4, TC_MVE_FP, dec_vcvt_fixed, exec_vcvt_from_int, "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcvt.f32", 0xEFE01FF1u, 0xEFA00E50u, 4, TC_MVE_FP, dec_vcvt_fixed, exec_vcvt_from_int, "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* 111 op 1110 0 D 11 1111 | Qd T 1110 0 0 M 0 Qm 1 (op 1 = F16 to F32) */
    {"vcvtb.f16.f32", 0xFFFF1FF1u, 0xEE3F0E01u, 4, TC_MVE_FP, dec_vcvt_bt, exec_vcvt_narrow, "{qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vcvtt.f16.f32", 0xFFFF1FF1u, 0xEE3F1E01u, 4, TC_MVE_FP, dec_vcvt_bt, exec_vcvt_narrow, "{qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vcvtb.f32.f16", 0xFFFF1FF1u, 0xFE3F0E01u, 4, TC_MVE_FP, dec_vcvt_bt, exec_vcvt_widen,  "{qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vcvtt.f32.f16", 0xFFFF1FF1u, 0xFE3F1E01u, 4, TC_MVE_FP, dec_vcvt_bt, exec_vcvt_widen,  "{qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* 111 sz 1110 1110 11 a 0 | Rda 1111 min 0 M 0 Qm 0 (a 1 = plain) */
    {"vmaxnmv",  0xEFFF0FF1u, 0xEEEE0F00u, 4, TC_MVE_FP, dec_vmaxnmv, exec_vmaxnmv, "{dt} {rd}, {qm}", OP_RD, OP_RD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vminnmv",  0xEFFF0FF1u, 0xEEEE0F80u, 4, TC_MVE_FP, dec_vmaxnmv, exec_vmaxnmv, "{dt} {rd}, {qm}", OP_RD, OP_RD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmaxnmav", 0xEFFF0FF1u, 0xEEEC0F00u, 4, TC_MVE_FP, dec_vmaxnmv, exec_vmaxnmv, "{dt} {rd}, {qm}", OP_RD, OP_RD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vminnmav", 0xEFFF0FF1u, 0xEEEC0F80u, 4, TC_MVE_FP, dec_vmaxnmv, exec_vmaxnmv, "{dt} {rd}, {qm}", OP_RD, OP_RD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* 1111 110 rot 1 D 0 sz Qn 0 | Qd 0 1000 N 1 M 0 Qm 0 (sz 1 = F32) */
    {"vcadd",    0xFEE11FF1u, 0xFC800840u, 4, TC_MVE_FP, dec_vcadd, exec_vcadd, "{dt} {qd}, {qn}, {qm}, {imm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* 1111 110 rot(2) D 1 sz Qn 0 | Qd 0 1000 N 1 M 0 Qm 0 (sz 1 = F32) */
    {"vcmla",    0xFE611FF1u, 0xFC200840u, 4, TC_MVE_FP, dec_vcmla, exec_vcmla, "{dt} {qd}, {qn}, {qm}, {imm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* 111 sz 1110 0 D 11 Qn 0 | Qd rot 1110 N 0 M 0 Qm rot (sz 1 = F32) */
    {"vcmul",    0xEFF10FF0u, 0xEE300E00u, 4, TC_MVE_FP, dec_vcmul, exec_vcmul, "{dt} {qd}, {qn}, {qm}, {imm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {0},
};
