/* Helium (MVE) integer instructions: arithmetic, logic, shifts, saturating
 * and rounding forms, narrowing/widening, long and dual multiplies,
 * add-with-carry, complex add and the reductions to general registers.
 *
 * Shape of an execute function: mve_begin() once (enable check, byte-lane
 * mask, VPT advance), copy the source vectors out (destination and sources
 * may be the same register), compute a whole result vector with one loop
 * specialised on element size and signedness, then merge it into the
 * destination through the byte-lane mask.  Saturation is collected per
 * element as a bit at the element's first byte lane, so "saturated in an
 * active element" is one AND with the mask (FPSCR.QC is sticky).
 *
 * The element-wise instructions share one body, ew_run(), forced inline
 * into a one-line execute function per operation: each copy is a set of
 * six tight loops with the operation folded in, no per-element dispatch.
 *
 * Decoded fields: rd/rn/rm are Q numbers (or R numbers for general
 * register operands, see each decoder), esize the element size code
 * (0 = 8 bits .. 2 = 32; for narrowing instructions the wide input's size),
 * aux[0] 1 for unsigned, aux[1] the top/bottom half (B/T forms), list the
 * source of the second operand (SRC_*), imm the immediate shift amount or,
 * for instructions without one, OPT_* option bits.
 *
 * Semantics follow the Arm v8.1-M pseudocode; where it leaves room
 * (VRMLALDAVH rounding per element, QC of VQDMULL, carry of predicated
 * VADC lanes, VMAXV sign extension) they match QEMU's mps3-an547.
 */
#include <string.h>

#include "fields.h"
#include "fp_ops.h"
#include "insn.h"
#include "mve.h"

/* This family's entries of the hot path (isa/hot_path.h). */
#undef ISA_HOT_IN_mve_int
#define ISA_HOT_IN_mve_int(X, fn) X(fn)
ISA_DECLARE_HOT(mve_int)

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* in->operand2: where the second operand of an element-wise operation comes from. */
enum { SRC_VEC = 0, SRC_REG, SRC_IMM, SRC_NEGIMM };

/* in->imm of instructions without an immediate. */
#define OPT_ROUND 0x1u   /* rounding form (VQRDMLADH...) */
#define OPT_SUB   0x2u   /* subtracting form (VMLSDAV, VSBC...) */
/* (the accumulating forms, A, are INSN_ACC in in->flags: the pipeline's
 * dependences read it too, isa/insn_regs.c) */
#define OPT_EXCH  0x8u   /* exchange pairs (X) */
#define OPT_CIN   0x10u  /* VADCI/VSBCI: fixed carry in */

#define BIT_D (1u << 22)
#define BIT_N (1u << 7)
#define BIT_M (1u << 5)

/* ------------------------------------------------------------------ */
/* Vectors                                                             */

typedef union {
    uint8_t b[16];
    int8_t sb[16];
    uint16_t h[8];
    int16_t sh[8];
    uint32_t w[4];
    int32_t sw[4];
    uint64_t d[2];
    int64_t sd[2];
} vec_t;

static inline void vload(vec_t *v, const cpu_t *cpu, unsigned q)
{
    memcpy(v, &cpu->fp.b[16u * (q & 7u)], 16);
}

/* Write r into Qq, only the byte lanes enabled in mask.  Done as one
 * 16-byte vector (a GCC vector type: plain 64-bit halves made the next
 * instruction's 16-byte load of the register miss store forwarding). */
static inline void vstore(cpu_t *cpu, unsigned q, const vec_t *r, uint16_t mask)
{
    uint8_t *dst = mve_q(cpu, q);
    u64x2 res;
    memcpy(&res, r, 16);
    if (mask != 0xFFFFu) {
        u64x2 old, m = {mve_lanes64(mask), mve_lanes64(mask >> 8)};
        memcpy(&old, dst, 16);
        res = (old & ~m) | (res & m);
    }
    memcpy(dst, &res, 16);
}

/* Every element of v = the low bits of x.  One 16-byte store: element
 * stores read back as one vector miss the host's store forwarding. */
static inline void vsplat(vec_t *v, unsigned esize, uint32_t x)
{
    if (esize == 0)
        x = (x & 0xFFu) * 0x01010101u;
    else if (esize == 1)
        x = (x & 0xFFFFu) * 0x00010001u;
    u32x4 w = {x, x, x, x};
    memcpy(v, &w, 16);
}

/* The second operand: a vector, a general register or an immediate,
 * repeated in every element.  Inline: out of line it was a call per
 * element-wise instruction; inline with a splat of element stores, the
 * stall of reading them back as one vector made VWW 4 % slower. */
ALWAYS_INLINE void operand_m(vec_t *m, const cpu_t *cpu, const insn_t *in)
{
    switch (in->operand2) {
    case SRC_VEC: vload(m, cpu, in->rm); break;
    case SRC_REG: vsplat(m, in->esize, cpu->r[in->rm]); break;
    case SRC_IMM: vsplat(m, in->esize, in->imm); break;
    default: vsplat(m, in->esize, 0u - in->imm); break;
    }
}

static inline void set_qc(cpu_t *cpu, uint32_t sat, uint16_t mask)
{
    if (sat & mask)
        cpu->fpscr |= FPSCR_QC;
}

/* 0 = s8, 1 = u8, 2 = s16, 3 = u16, 4 = s32, 5 = u32. */
static inline unsigned kind(const insn_t *in)
{
    return in->esize * 2u + (in->aux[0] & 1u);
}

/* ------------------------------------------------------------------ */
/* Scalar helpers: saturation, shifts                                  */

static inline int64_t smax_of(unsigned bits) { return (INT64_C(1) << (bits - 1)) - 1; }
static inline uint64_t umax_of(unsigned bits) { return (UINT64_C(1) << bits) - 1; }

/* SignedSatQ / UnsignedSatQ to bits; *q = 1 when it saturated. */
static inline int64_t sat_s(int64_t v, unsigned bits, unsigned *q)
{
    int64_t hi = smax_of(bits), lo = -hi - 1;
    if (v > hi) { *q = 1; return hi; }
    if (v < lo) { *q = 1; return lo; }
    return v;
}

static inline int64_t sat_u(int64_t v, unsigned bits, unsigned *q)
{
    int64_t hi = (int64_t)umax_of(bits);
    if (v > hi) { *q = 1; return hi; }
    if (v < 0) { *q = 1; return 0; }
    return v;
}

/* Shift a signed element left by sh (negative: right), the VSHL/VRSHL/
 * VQSHL/VQRSHL rules: rounding adds the last bit shifted out; q == NULL
 * means no saturation (the result is truncated by the caller). */
static inline int64_t shl_s(int64_t a, int sh, unsigned bits, bool round, unsigned *q)
{
    if (sh <= -(int)bits)
        return round ? 0 : (a < 0 ? -1 : 0);
    if (sh < 0) {
        if (round) {
            int64_t t = a >> (-sh - 1);
            return (t >> 1) + (t & 1);
        }
        return a >> -sh;
    }
    if (sh < (int)bits) {
        int64_t v = (int64_t)((uint64_t)a << sh);
        if (!q || (v <= smax_of(bits) && v >= -smax_of(bits) - 1))
            return v;
    } else if (!q || a == 0) {
        return 0;
    }
    *q = 1;
    return a < 0 ? -smax_of(bits) - 1 : smax_of(bits);
}

static inline int64_t shl_u(uint64_t a, int sh, unsigned bits, bool round, unsigned *q)
{
    if (sh <= -(int)bits)
        return (round && sh == -(int)bits) ? (int64_t)(a >> (bits - 1)) : 0;
    if (sh < 0) {
        if (round)
            return (int64_t)(((a >> (-sh - 1)) + 1) >> 1);
        return (int64_t)(a >> -sh);
    }
    if (sh < (int)bits) {
        uint64_t v = a << sh;
        if (!q || v <= umax_of(bits))
            return (int64_t)v;
    } else if (!q || a == 0) {
        return 0;
    }
    *q = 1;
    return (int64_t)umax_of(bits);
}

/* The doubling multiply-accumulate high half of VQDMULH/VQDMLAH/VQDMLASH:
 * SignedSat((2*x*y + (c << bits) + round) >> bits), computed as
 * ((x*y + round/2) >> (bits-1)) + c so that 32-bit operands fit int64. */
static inline int64_t qdmlah(int64_t x, int64_t y, int64_t c, unsigned bits, bool round, unsigned *q)
{
    int64_t p = x * y + (round ? INT64_C(1) << (bits - 2) : 0);
    return sat_s((p >> (bits - 1)) + c, bits, q);
}

static inline int64_t sext_bits(uint32_t x, unsigned bits)
{
    uint64_t sign = UINT64_C(1) << (bits - 1);
    return (int64_t)(((x & umax_of(bits)) ^ sign) - sign);
}

static inline unsigned clz_bits(uint64_t x, unsigned bits)
{
    x &= umax_of(bits);
    return x ? (unsigned)__builtin_clzll(x) - (64u - bits) : bits;
}

/* ------------------------------------------------------------------ */
/* Element-wise operations                                             */

enum ew {
    EW_ADD, EW_SUB, EW_MUL, EW_MULH, EW_RMULH, EW_HADD, EW_RHADD, EW_HSUB, EW_ABD,
    EW_MIN, EW_MAX, EW_QADD, EW_QSUB, EW_QDMULH, EW_QRDMULH,
    EW_SHL, EW_RSHL, EW_QSHL, EW_QRSHL, EW_QSHLU, EW_SLI, EW_SRI,
    EW_MLA, EW_MLAS, EW_QDMLAH, EW_QRDMLAH, EW_QDMLASH, EW_QRDMLASH,
    EW_ABS, EW_NEG, EW_QABS, EW_QNEG, EW_CLS, EW_CLZ, EW_MAXA, EW_MINA,
    EW_CADD90, EW_CADD270, EW_HCADD90, EW_HCADD270,
};

/* One element: d the destination's old value, a from Qn (or Qm for one
 * operand forms), b from Qm / the scalar / the immediate; a, b, d are
 * sign- or zero-extended as the type is signed or unsigned (u).  The
 * caller truncates the result to the element size. */
ALWAYS_INLINE int64_t ew_apply(enum ew op, int64_t d, int64_t a, int64_t b, unsigned bits,
                               bool u, unsigned e, unsigned *q)
{
    int sh = (int8_t)(uint8_t)b;   /* shift amounts: the bottom byte, signed */
    switch (op) {
    case EW_ADD: return a + b;
    case EW_SUB: return a - b;
    case EW_MUL: return (int64_t)((uint64_t)a * (uint64_t)b);
    case EW_MULH:
        return u ? (int64_t)(((uint64_t)a * (uint64_t)b) >> bits) : (a * b) >> bits;
    case EW_RMULH:
        if (u)
            return (int64_t)(((uint64_t)a * (uint64_t)b + (UINT64_C(1) << (bits - 1))) >> bits);
        return (a * b + (INT64_C(1) << (bits - 1))) >> bits;
    case EW_HADD: return (a + b) >> 1;
    case EW_RHADD: return (a + b + 1) >> 1;
    case EW_HSUB: return (a - b) >> 1;
    case EW_ABD: return a > b ? a - b : b - a;
    case EW_MIN: return a < b ? a : b;
    case EW_MAX: return a > b ? a : b;
    case EW_QADD: return u ? sat_u(a + b, bits, q) : sat_s(a + b, bits, q);
    case EW_QSUB: return u ? sat_u(a - b, bits, q) : sat_s(a - b, bits, q);
    case EW_QDMULH: return qdmlah(a, b, 0, bits, false, q);
    case EW_QRDMULH: return qdmlah(a, b, 0, bits, true, q);
    case EW_SHL: return u ? shl_u((uint64_t)a, sh, bits, false, NULL) : shl_s(a, sh, bits, false, NULL);
    case EW_RSHL: return u ? shl_u((uint64_t)a, sh, bits, true, NULL) : shl_s(a, sh, bits, true, NULL);
    case EW_QSHL: return u ? shl_u((uint64_t)a, sh, bits, false, q) : shl_s(a, sh, bits, false, q);
    case EW_QRSHL: return u ? shl_u((uint64_t)a, sh, bits, true, q) : shl_s(a, sh, bits, true, q);
    case EW_QSHLU:
        if (a < 0) {
            *q = 1;
            return 0;
        }
        return shl_u((uint64_t)a, sh, bits, false, q);
    case EW_SLI:
        return (int64_t)(((uint64_t)a << sh) | ((uint64_t)d & ((UINT64_C(1) << sh) - 1)));
    case EW_SRI: {
        if (sh >= (int)bits)
            return d;
        uint64_t keep = umax_of(bits) >> sh;
        return (int64_t)((((uint64_t)a & umax_of(bits)) >> sh) | ((uint64_t)d & ~keep));
    }
    case EW_MLA: return (int64_t)((uint64_t)d + (uint64_t)a * (uint64_t)b);
    case EW_MLAS: return (int64_t)((uint64_t)d * (uint64_t)a + (uint64_t)b);
    case EW_QDMLAH: return qdmlah(a, b, d, bits, false, q);
    case EW_QRDMLAH: return qdmlah(a, b, d, bits, true, q);
    case EW_QDMLASH: return qdmlah(a, d, b, bits, false, q);
    case EW_QRDMLASH: return qdmlah(a, d, b, bits, true, q);
    case EW_ABS: return a < 0 ? -a : a;
    case EW_NEG: return -a;
    case EW_QABS: return sat_s(a < 0 ? -a : a, bits, q);
    case EW_QNEG: return sat_s(-a, bits, q);
    case EW_CLS: return (int64_t)clz_bits((uint64_t)(a < 0 ? ~a : a), bits) - 1;
    case EW_CLZ: return clz_bits((uint64_t)a, bits);
    case EW_MAXA:
    case EW_MINA: {
        /* Qda unsigned against |Qm| */
        uint64_t du = (uint64_t)d & umax_of(bits), am = (uint64_t)(a < 0 ? -a : a);
        return (int64_t)((op == EW_MAXA) == (am > du) ? am : du);
    }
    /* b is Qm's other element of the pair (the caller swapped them). */
    case EW_CADD90: return (e & 1u) ? a + b : a - b;
    case EW_CADD270: return (e & 1u) ? a - b : a + b;
    case EW_HCADD90: return ((e & 1u) ? a + b : a - b) >> 1;
    case EW_HCADD270: return ((e & 1u) ? a - b : a + b) >> 1;
    }
    return 0;
}

/* The body of every element-wise instruction: Qd = op(Qd, Qn, operand). */
ALWAYS_INLINE void ew_run(cpu_t *cpu, const insn_t *in, enum ew op)
{
    uint16_t mask = mve_begin(cpu);
    vec_t d, n, m, r;
    vload(&d, cpu, in->rd);
    vload(&n, cpu, in->rn);
    operand_m(&m, cpu, in);
    if (op == EW_CADD90 || op == EW_CADD270 || op == EW_HCADD90 || op == EW_HCADD270) {
        /* complex add pairs each element with the other one of its pair */
        vec_t t = m;
        unsigned es = 1u << in->esize;
        for (unsigned i = 0; i < 16; i++)
            m.b[i] = t.b[i ^ es];
    }
    uint32_t sat = 0;
    unsigned q;
    switch (kind(in)) {
    case 0:
        for (unsigned e = 0; e < 16; e++) {
            q = 0;
            r.b[e] = (uint8_t)ew_apply(op, d.sb[e], n.sb[e], m.sb[e], 8, false, e, &q);
            sat |= q << e;
        }
        break;
    case 1:
        for (unsigned e = 0; e < 16; e++) {
            q = 0;
            r.b[e] = (uint8_t)ew_apply(op, d.b[e], n.b[e], m.b[e], 8, true, e, &q);
            sat |= q << e;
        }
        break;
    case 2:
        for (unsigned e = 0; e < 8; e++) {
            q = 0;
            r.h[e] = (uint16_t)ew_apply(op, d.sh[e], n.sh[e], m.sh[e], 16, false, e, &q);
            sat |= q << (2 * e);
        }
        break;
    case 3:
        for (unsigned e = 0; e < 8; e++) {
            q = 0;
            r.h[e] = (uint16_t)ew_apply(op, d.h[e], n.h[e], m.h[e], 16, true, e, &q);
            sat |= q << (2 * e);
        }
        break;
    case 4:
        for (unsigned e = 0; e < 4; e++) {
            q = 0;
            r.w[e] = (uint32_t)ew_apply(op, d.sw[e], n.sw[e], m.sw[e], 32, false, e, &q);
            sat |= q << (4 * e);
        }
        break;
    default:
        for (unsigned e = 0; e < 4; e++) {
            q = 0;
            r.w[e] = (uint32_t)ew_apply(op, d.w[e], n.w[e], m.w[e], 32, true, e, &q);
            sat |= q << (4 * e);
        }
        break;
    }
    vstore(cpu, in->rd, &r, mask);
    set_qc(cpu, sat, mask);
}

static void exec_vadd(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_ADD); }
static void exec_vsub(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_SUB); }
static void exec_vmul(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_MUL); }
static void exec_vmulh(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_MULH); }
static void exec_vrmulh(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_RMULH); }
static void exec_vhadd(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_HADD); }
static void exec_vrhadd(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_RHADD); }
static void exec_vhsub(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_HSUB); }
static void exec_vabd(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_ABD); }
static void exec_vmin(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_MIN); }
static void exec_vmax(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_MAX); }
static void exec_vqadd(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QADD); }
static void exec_vqsub(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QSUB); }
static void exec_vqdmulh(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QDMULH); }
static void exec_vqrdmulh(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QRDMULH); }
static void exec_vshl(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_SHL); }
static void exec_vrshl(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_RSHL); }
static void exec_vqshl(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QSHL); }
static void exec_vqrshl(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QRSHL); }
static void exec_vqshlu(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QSHLU); }
static void exec_vsli(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_SLI); }
static void exec_vsri(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_SRI); }
static void exec_vmla(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_MLA); }
static void exec_vmlas(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_MLAS); }
static void exec_vqdmlah(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QDMLAH); }
static void exec_vqrdmlah(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QRDMLAH); }
static void exec_vqdmlash(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QDMLASH); }
static void exec_vqrdmlash(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QRDMLASH); }
static void exec_vabs(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_ABS); }
static void exec_vneg(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_NEG); }
static void exec_vqabs(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QABS); }
static void exec_vqneg(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_QNEG); }
static void exec_vcls(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_CLS); }
static void exec_vclz(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_CLZ); }
static void exec_vmaxa(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_MAXA); }
static void exec_vmina(cpu_t *cpu, const insn_t *in) { ew_run(cpu, in, EW_MINA); }

/* VCADD/VHCADD: the rotation (in->aux[1]: 0 = #90, 1 = #270) picks the body. */
static void exec_vcadd(cpu_t *cpu, const insn_t *in)
{
    if (in->aux[1])
        ew_run(cpu, in, EW_CADD270);
    else
        ew_run(cpu, in, EW_CADD90);
}

static void exec_vhcadd(cpu_t *cpu, const insn_t *in)
{
    if (in->aux[1])
        ew_run(cpu, in, EW_HCADD270);
    else
        ew_run(cpu, in, EW_HCADD90);
}

/* ------------------------------------------------------------------ */
/* Bitwise: two 64-bit halves, element size does not matter            */

enum logic { LG_AND, LG_BIC, LG_ORR, LG_ORN, LG_EOR, LG_MVN };

ALWAYS_INLINE void logic_run(cpu_t *cpu, const insn_t *in, enum logic op)
{
    uint16_t mask = mve_begin(cpu);
    vec_t n, m, r;
    vload(&n, cpu, in->rn);
    vload(&m, cpu, in->rm);
    for (unsigned i = 0; i < 2; i++) {
        uint64_t a = n.d[i], b = m.d[i];
        switch (op) {
        case LG_AND: r.d[i] = a & b; break;
        case LG_BIC: r.d[i] = a & ~b; break;
        case LG_ORR: r.d[i] = a | b; break;
        case LG_ORN: r.d[i] = a | ~b; break;
        case LG_EOR: r.d[i] = a ^ b; break;
        case LG_MVN: r.d[i] = ~b; break;
        }
    }
    vstore(cpu, in->rd, &r, mask);
}

static void exec_vand(cpu_t *cpu, const insn_t *in) { logic_run(cpu, in, LG_AND); }
static void exec_vbic(cpu_t *cpu, const insn_t *in) { logic_run(cpu, in, LG_BIC); }
static void exec_vorr(cpu_t *cpu, const insn_t *in) { logic_run(cpu, in, LG_ORR); }
static void exec_vorn(cpu_t *cpu, const insn_t *in) { logic_run(cpu, in, LG_ORN); }
static void exec_veor(cpu_t *cpu, const insn_t *in) { logic_run(cpu, in, LG_EOR); }
static void exec_vmvn(cpu_t *cpu, const insn_t *in) { logic_run(cpu, in, LG_MVN); }

/* ------------------------------------------------------------------ */
/* Widening: VMULL, VMULLP, VQDMULL, VSHLL/VMOVL                       */

/* Element i of size es (1, 2, 4 bytes), sign- or zero-extended. */
static inline int64_t elem(const vec_t *v, unsigned i, unsigned es, bool u)
{
    switch (es) {
    case 1: return u ? (int64_t)v->b[i] : (int64_t)v->sb[i];
    case 2: return u ? (int64_t)v->h[i] : (int64_t)v->sh[i];
    default: return u ? (int64_t)v->w[i] : (int64_t)v->sw[i];
    }
}

static inline void set_elem(vec_t *v, unsigned i, unsigned es, uint64_t x)
{
    switch (es) {
    case 1: v->b[i] = (uint8_t)x; break;
    case 2: v->h[i] = (uint16_t)x; break;
    case 4: v->w[i] = (uint32_t)x; break;
    default: v->d[i] = x; break;
    }
}

/* VMULL.S/U (B/T): double-width products of the even (B) or odd (T)
 * elements.  The loop bodies are the same for every size; the element
 * accessors inline to one load each. */
ALWAYS_INLINE void mull_loop(vec_t *r, const vec_t *n, const vec_t *m, unsigned es, bool u, unsigned top)
{
    for (unsigned le = 0; le < 8u / es; le++) {
        unsigned i = 2 * le + top;
        set_elem(r, le, 2 * es, (uint64_t)elem(n, i, es, u) * (uint64_t)elem(m, i, es, u));
    }
}

/* The even (top 0) or odd elements of bytes x, extended in their 16-bit
 * lane; the same for halfwords in their 32-bit lane. */
ALWAYS_INLINE s16x8 byte_lanes(u16x8 x, unsigned top, bool u)
{
    if (top)
        return u ? (s16x8)(x >> 8) : (s16x8)x >> 8;
    return u ? (s16x8)(x & 0xFFu) : (s16x8)(x << 8) >> 8;
}

ALWAYS_INLINE s32x4 half_lanes(u32x4 x, unsigned top, bool u)
{
    if (top)
        return u ? (s32x4)(x >> 16) : (s32x4)x >> 16;
    return u ? (s32x4)(x & 0xFFFFu) : (s32x4)(x << 16) >> 16;
}

/* mull_loop() for 8- and 16-bit elements in host vectors: the even (B) or
 * odd (T) elements extended in place (the vector read as lanes of twice
 * the size: the even element shifted up and back, the odd one down) and
 * multiplied at that size, where their product fits.  The result stays in
 * a register: built element by element, reading it back as one vector
 * missed the host's store forwarding (a third of exec_vmull's samples). */
ALWAYS_INLINE void mull_vec(vec_t *r, const vec_t *n, const vec_t *m, unsigned es, bool u, unsigned top)
{
    if (es == 1) {
        u16x8 a, b;
        memcpy(&a, n, 16);
        memcpy(&b, m, 16);
        u16x8 p = (u16x8)byte_lanes(a, top, u) * (u16x8)byte_lanes(b, top, u);
        memcpy(r, &p, 16);
    } else {
        u32x4 a, b;
        memcpy(&a, n, 16);
        memcpy(&b, m, 16);
        u32x4 p = (u32x4)half_lanes(a, top, u) * (u32x4)half_lanes(b, top, u);
        memcpy(r, &p, 16);
    }
}

static void exec_vmull(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t n, m, r;
    vload(&n, cpu, in->rn);
    vload(&m, cpu, in->rm);
    unsigned top = in->aux[1];
    switch (kind(in)) {
    case 0: mull_vec(&r, &n, &m, 1, false, top); break;
    case 1: mull_vec(&r, &n, &m, 1, true, top); break;
    case 2: mull_vec(&r, &n, &m, 2, false, top); break;
    case 3: mull_vec(&r, &n, &m, 2, true, top); break;
    case 4: mull_loop(&r, &n, &m, 4, false, top); break;
    default: mull_loop(&r, &n, &m, 4, true, top); break;
    }
    vstore(cpu, in->rd, &r, mask);
}

/* Carry-less (polynomial) product of two bits-wide values. */
static inline uint32_t clmul(uint32_t a, uint32_t b, unsigned bits)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < bits; i++)
        if ((b >> i) & 1u)
            r ^= a << i;
    return r;
}

static void exec_vmullp(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t n, m, r;
    vload(&n, cpu, in->rn);
    vload(&m, cpu, in->rm);
    unsigned top = in->aux[1];
    if (in->esize == 0) {
        for (unsigned le = 0; le < 8; le++)
            r.h[le] = (uint16_t)clmul(n.b[2 * le + top], m.b[2 * le + top], 8);
    } else {
        for (unsigned le = 0; le < 4; le++)
            r.w[le] = clmul(n.h[2 * le + top], m.h[2 * le + top], 16);
    }
    vstore(cpu, in->rd, &r, mask);
}

/* VQDMULL (vector or scalar): SignedSat(2 * a * b) at double width.  QC
 * counts, as on QEMU, when the 16-bit source element's own byte lane is
 * active (16 -> 32), or either half of the 64-bit result (32 -> 64). */
static void exec_vqdmull(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t n, m, r;
    vload(&n, cpu, in->rn);
    if (in->operand2 == SRC_REG)
        vsplat(&m, in->esize, cpu->r[in->rm]);
    else
        vload(&m, cpu, in->rm);
    unsigned top = in->aux[1];
    uint32_t sat = 0;
    if (in->esize == 1) {
        for (unsigned le = 0; le < 4; le++) {
            unsigned q = 0, i = 2 * le + top;
            r.w[le] = (uint32_t)sat_s(2 * (int64_t)n.sh[i] * m.sh[i], 32, &q);
            sat |= q << (2 * i);
        }
    } else {
        for (unsigned le = 0; le < 2; le++) {
            unsigned i = 2 * le + top;
            int64_t p = (int64_t)n.sw[i] * m.sw[i];
            if (p == INT64_C(1) << 62) {      /* only INT32_MIN squared */
                r.sd[le] = INT64_MAX;
                sat |= 0x11u << (8 * le);
            } else {
                r.sd[le] = 2 * p;
            }
        }
    }
    vstore(cpu, in->rd, &r, mask);
    set_qc(cpu, sat, mask);
}

/* VSHLL (and VMOVL, its shift by 0): widen the B or T elements, shift left. */
static void exec_vshll(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t m, r;
    vload(&m, cpu, in->rm);
    unsigned top = in->aux[1], sh = in->imm;
    switch (kind(in)) {
    case 0: for (unsigned le = 0; le < 8; le++) r.h[le] = (uint16_t)((uint64_t)m.sb[2 * le + top] << sh); break;
    case 1: for (unsigned le = 0; le < 8; le++) r.h[le] = (uint16_t)((uint64_t)m.b[2 * le + top] << sh); break;
    case 2: for (unsigned le = 0; le < 4; le++) r.w[le] = (uint32_t)((uint64_t)m.sh[2 * le + top] << sh); break;
    default: for (unsigned le = 0; le < 4; le++) r.w[le] = (uint32_t)((uint64_t)m.h[2 * le + top] << sh); break;
    }
    vstore(cpu, in->rd, &r, mask);
}

/* ------------------------------------------------------------------ */
/* Narrowing: VMOVN, VQMOVN, VQMOVUN, VSHRN and the saturating forms    */

enum nsat {
    NS_NONE,   /* truncate */
    NS_SAME,   /* saturate to the input's signedness (in->aux[0]) */
    NS_SU,     /* signed input, unsigned result (the ...UN forms) */
};

/* The wide elements (ws bytes) of Qm, shifted right by in->imm (rounding
 * when asked), go into the B (even) or T (odd) narrow elements of Qd; the
 * other narrow elements keep their value. */
ALWAYS_INLINE void narrow_body(cpu_t *cpu, const insn_t *in, bool round, enum nsat mode, unsigned ws, bool u)
{
    uint16_t mask = mve_begin(cpu);
    vec_t m, r;
    vload(&m, cpu, in->rm);
    vload(&r, cpu, in->rd);
    unsigned ns = ws / 2, bits = 8 * ns, top = in->aux[1];
    unsigned sh = in->imm;
    uint32_t sat = 0;
    for (unsigned le = 0; le < 8u / ns; le++) {
        int64_t x = elem(&m, le, ws, u);
        if (sh)
            x = round ? (x + (INT64_C(1) << (sh - 1))) >> sh : x >> sh;
        unsigned q = 0;
        if (mode == NS_SU || (mode == NS_SAME && u))
            x = sat_u(x, bits, &q);
        else if (mode == NS_SAME)
            x = sat_s(x, bits, &q);
        unsigned i = 2 * le + top;
        set_elem(&r, i, ns, (uint64_t)x);
        sat |= q << (i * ns);
    }
    vstore(cpu, in->rd, &r, mask);
    set_qc(cpu, sat, mask);
}

/* The body per wide element size (in->esize 1: 16 bits, 2: 32 bits) and
 * signedness, so each loop has constant sizes: with them from the fields
 * every element took a switch and a variable loop bound (VQMOVN was 230
 * host instructions). */
ALWAYS_INLINE void narrow_run(cpu_t *cpu, const insn_t *in, bool round, enum nsat mode)
{
    bool u = mode == NS_SU ? false : in->aux[0];
    if (in->esize == 1) {
        if (u)
            narrow_body(cpu, in, round, mode, 2, true);
        else
            narrow_body(cpu, in, round, mode, 2, false);
    } else if (u) {
        narrow_body(cpu, in, round, mode, 4, true);
    } else {
        narrow_body(cpu, in, round, mode, 4, false);
    }
}

static void exec_vmovn(cpu_t *cpu, const insn_t *in) { narrow_run(cpu, in, false, NS_NONE); }
static void exec_vqmovn(cpu_t *cpu, const insn_t *in) { narrow_run(cpu, in, false, NS_SAME); }
static void exec_vqmovun(cpu_t *cpu, const insn_t *in) { narrow_run(cpu, in, false, NS_SU); }
static void exec_vshrn(cpu_t *cpu, const insn_t *in) { narrow_run(cpu, in, false, NS_NONE); }
static void exec_vrshrn(cpu_t *cpu, const insn_t *in) { narrow_run(cpu, in, true, NS_NONE); }
static void exec_vqshrn(cpu_t *cpu, const insn_t *in) { narrow_run(cpu, in, false, NS_SAME); }
static void exec_vqrshrn(cpu_t *cpu, const insn_t *in) { narrow_run(cpu, in, true, NS_SAME); }
static void exec_vqshrun(cpu_t *cpu, const insn_t *in) { narrow_run(cpu, in, false, NS_SU); }
static void exec_vqrshrun(cpu_t *cpu, const insn_t *in) { narrow_run(cpu, in, true, NS_SU); }

/* ------------------------------------------------------------------ */
/* Dual multiplies returning the high half: VQ(R)DMLADH(X), VQ(R)DMLSDH(X) */

/* SignedSat((2 * (p1 +/- p2) + round) >> bits) without leaving int64:
 * the sum can only overflow when both products are INT32_MIN squared. */
static inline int64_t dual_high(int64_t p1, int64_t p2, bool sub, unsigned bits, bool round, unsigned *q)
{
    int64_t s;
    bool ovf = sub ? __builtin_sub_overflow(p1, p2, &s) : __builtin_add_overflow(p1, p2, &s);
    if (!ovf && round)
        ovf = __builtin_add_overflow(s, INT64_C(1) << (bits - 2), &s);
    if (ovf) {
        *q = 1;
        return s < 0 ? smax_of(bits) : -smax_of(bits) - 1;
    }
    return sat_s(s >> (bits - 1), bits, q);
}

/* Without X the even elements get n[e]*m[e] +/- n[e+1]*m[e+1]; with X the
 * odd elements get n[e]*m[e-1] +/- n[e-1]*m[e].  The others keep Qd's. */
static void exec_vqdmladh(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t n, m, r;
    vload(&n, cpu, in->rn);
    vload(&m, cpu, in->rm);
    vload(&r, cpu, in->rd);
    unsigned es = 1u << in->esize, bits = 8 * es, x = (in->imm & OPT_EXCH) ? 1u : 0u;
    bool sub = in->imm & OPT_SUB, round = in->imm & OPT_ROUND;
    uint32_t sat = 0;
    for (unsigned e = x; e < 16u / es; e += 2) {
        int64_t p1 = elem(&n, e, es, false) * elem(&m, e - x, es, false);
        int64_t p2 = elem(&n, e + 1 - 2 * x, es, false) * elem(&m, e + 1 - x, es, false);
        unsigned q = 0;
        set_elem(&r, e, es, (uint64_t)dual_high(p1, p2, sub, bits, round, &q));
        sat |= q << (e * es);
    }
    vstore(cpu, in->rd, &r, mask);
    set_qc(cpu, sat, mask);
}

/* ------------------------------------------------------------------ */
/* VADC, VADCI, VSBC, VSBCI: 32-bit lanes chained through the carry    */

static void exec_vadc(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t n, m, r;
    vload(&n, cpu, in->rn);
    vload(&m, cpu, in->rm);
    uint32_t inv = (in->imm & OPT_SUB) ? 0xFFFFFFFFu : 0u;
    uint64_t carry;
    if (in->imm & OPT_CIN)
        carry = (in->imm & OPT_SUB) ? 1u : 0u;
    else
        carry = (cpu->fpscr & FPSCR_C) ? 1u : 0u;
    for (unsigned e = 0; e < 4; e++) {
        uint64_t s = (uint64_t)n.w[e] + (m.w[e] ^ inv) + carry;
        r.w[e] = (uint32_t)s;
        if (mve_active(mask, e, 4))   /* a predicated lane does not pass its carry on */
            carry = s >> 32;
    }
    vstore(cpu, in->rd, &r, mask);
    /* as QEMU: FPSCR.C updated (N, Z, V cleared) unless every lane is off
     * in a form that takes its carry from FPSCR */
    if ((in->imm & OPT_CIN) || (mask & 0x1111u))
        cpu->fpscr = (cpu->fpscr & ~FPSCR_NZCV) | (uint32_t)carry * FPSCR_C;
}

/* VSHLC Qd, Rdm, #imm: the whole vector (as four 32-bit lanes) shifted
 * left by imm, bits coming in from Rdm's bottom, going out into Rdm. */
static void exec_vshlc(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t d, r;
    vload(&d, cpu, in->rd);
    unsigned sh = in->imm;
    uint32_t rdm = cpu->r[in->rm];
    for (unsigned e = 0; e < 4; e++) {
        uint32_t v = d.w[e];
        if (sh == 32) {
            r.w[e] = rdm;
        } else {
            r.w[e] = (v << sh) | (rdm & ((1u << sh) - 1u));
            v >>= 32 - sh;
        }
        if (mve_active(mask, e, 4))
            rdm = v;
    }
    vstore(cpu, in->rd, &r, mask);
    cpu->r[in->rm] = rdm;
}

/* ------------------------------------------------------------------ */
/* Reductions into general-purpose registers                           */

static inline uint32_t acc32(const cpu_t *cpu, const insn_t *in)
{
    return (in->flags & INSN_ACC) ? cpu->r[in->rd] : 0u;
}

static inline uint64_t acc64(const cpu_t *cpu, const insn_t *in)
{
    return (in->flags & INSN_ACC) ? (uint64_t)cpu->r[in->ra] << 32 | cpu->r[in->rd] : 0u;
}

static inline void put64(cpu_t *cpu, const insn_t *in, uint64_t v)
{
    cpu->r[in->rd] = (uint32_t)v;
    cpu->r[in->ra] = (uint32_t)(v >> 32);
}

/* VADDV(A): sum of the active elements. */
static void exec_vaddv(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t m;
    vload(&m, cpu, in->rm);
    uint32_t a = acc32(cpu, in);
    switch (kind(in)) {
    case 0: for (unsigned e = 0; e < 16; e++) if ((mask >> e) & 1u) a += (uint32_t)m.sb[e]; break;
    case 1: for (unsigned e = 0; e < 16; e++) if ((mask >> e) & 1u) a += m.b[e]; break;
    case 2: for (unsigned e = 0; e < 8; e++) if ((mask >> (2 * e)) & 1u) a += (uint32_t)m.sh[e]; break;
    case 3: for (unsigned e = 0; e < 8; e++) if ((mask >> (2 * e)) & 1u) a += m.h[e]; break;
    default: for (unsigned e = 0; e < 4; e++) if ((mask >> (4 * e)) & 1u) a += m.w[e]; break;
    }
    cpu->r[in->rd] = a;
}

/* VADDLV(A): 64-bit sum of the active 32-bit elements. */
static void exec_vaddlv(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t m;
    vload(&m, cpu, in->rm);
    uint64_t a = acc64(cpu, in);
    for (unsigned e = 0; e < 4; e++)
        if (mve_active(mask, e, 4))
            a += (uint64_t)elem(&m, e, 4, in->aux[0]);
    put64(cpu, in, a);
}

/* The product of element e of Qm with its partner in Qn (the same element,
 * or the other one of its pair with X), negated for odd elements of the
 * subtracting forms: the term VMLADAV/VMLALDAV add up. */
ALWAYS_INLINE int64_t dav_term(const vec_t *n, const vec_t *m, unsigned e, unsigned es, bool u, bool x, bool sub)
{
    unsigned ni = x ? e ^ 1u : e;
    uint64_t p = (uint64_t)elem(n, ni, es, u) * (uint64_t)elem(m, e, es, u);
    return (int64_t)((sub && (e & 1u)) ? 0u - p : p);
}

ALWAYS_INLINE uint64_t dav_loop(const vec_t *n, const vec_t *m, uint16_t mask, unsigned es, bool u,
                                bool x, bool sub, uint64_t a)
{
    for (unsigned e = 0; e < 16u / es; e++)
        if ((mask >> (e * es)) & 1u)
            a += (uint64_t)dav_term(n, m, e, es, u, x, sub);
    return a;
}

/* The same without exchange or subtraction (VMLADAV, VMLAV: the frequent
 * forms): Qn's inactive elements cleared first, so every element adds its
 * product (0 for the inactive ones) with no per-element test.  The sum of
 * the 8-bit products fits 32 bits, so it is made at that width; the total
 * is the same modulo 2^64 as the element-by-element one. */
ALWAYS_INLINE uint64_t dav_plain(const vec_t *n_in, const vec_t *m, uint16_t mask, unsigned es, bool u,
                                 uint64_t a)
{
    /* one 16-byte vector operation (two 8-byte halves stored and the
     * whole read back miss the host's store forwarding) */
    u64x2 nv;
    memcpy(&nv, n_in, 16);
    if (mask != 0xFFFFu) {
        uint16_t lanes = mve_elem_lanes(mask, es);
        u64x2 keep = {mve_lanes64(lanes), mve_lanes64(lanes >> 8u)};
        nv &= keep;
    }
    vec_t n;
    memcpy(&n, &nv, 16);
    if (es == 1) {
        int32_t sum = 0;
        for (unsigned e = 0; e < 16; e++)
            sum += u ? (int32_t)(n.b[e] * m->b[e]) : (int32_t)(n.sb[e] * m->sb[e]);
        return a + (uint64_t)(int64_t)sum;
    }
    uint64_t sum = 0;
    for (unsigned e = 0; e < 16u / es; e++)
        sum += (uint64_t)elem(&n, e, es, u) * (uint64_t)elem(m, e, es, u);
    return a + sum;
}

/* Sum of products over the active elements, 64 bits wide (the 32-bit
 * forms keep the low half). */
static uint64_t dav_sum(const cpu_t *cpu, const insn_t *in, uint16_t mask, uint64_t a)
{
    vec_t n, m;
    vload(&n, cpu, in->rn);
    vload(&m, cpu, in->rm);
    bool x = in->imm & OPT_EXCH, sub = in->imm & OPT_SUB;
    switch (kind(in)) {
    case 0: return dav_loop(&n, &m, mask, 1, false, x, sub, a);
    case 1: return dav_loop(&n, &m, mask, 1, true, false, false, a);
    case 2: return dav_loop(&n, &m, mask, 2, false, x, sub, a);
    case 3: return dav_loop(&n, &m, mask, 2, true, false, false, a);
    case 4: return dav_loop(&n, &m, mask, 4, false, x, sub, a);
    default: return dav_loop(&n, &m, mask, 4, true, false, false, a);
    }
}

/* VMLADAV(A)(X), VMLSDAV(A)(X): 32-bit accumulator in Rda.  The table
 * rows' execute function; the decoder picks the specialised one of the
 * element type for the forms without X or subtraction (vmladav_exec). */
static void exec_vmladav(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    cpu->r[in->rd] = (uint32_t)dav_sum(cpu, in, mask, acc32(cpu, in));
}

#define VMLADAV_FN_(name, ES, U)                                                   \
    static void exec_vmladav_##name(cpu_t *cpu, const insn_t *in)                  \
    {                                                                              \
        uint16_t mask = mve_begin(cpu);                                            \
        vec_t n, m;                                                                \
        vload(&n, cpu, in->rn);                                                    \
        vload(&m, cpu, in->rm);                                                    \
        cpu->r[in->rd] = (uint32_t)dav_plain(&n, &m, mask, ES, U, acc32(cpu, in)); \
    }
VMLADAV_FN_(s8, 1, false)
VMLADAV_FN_(u8, 1, true)
VMLADAV_FN_(s16, 2, false)
VMLADAV_FN_(u16, 2, true)
VMLADAV_FN_(s32, 4, false)
VMLADAV_FN_(u32, 4, true)
#undef VMLADAV_FN_

/* By kind(): s8, u8, s16, u16, s32, u32. */
static const isa_exec_fn vmladav_exec[6] = {
    exec_vmladav_s8, exec_vmladav_u8, exec_vmladav_s16, exec_vmladav_u16, exec_vmladav_s32, exec_vmladav_u32,
};

/* VMLALDAV(A)(X), VMLSLDAV(A)(X): 64-bit accumulator in RdaHi:RdaLo. */
static void exec_vmlaldav(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    put64(cpu, in, dav_sum(cpu, in, mask, acc64(cpu, in)));
}

/* VRMLALDAVH / VRMLSLDAVH: RdaHi:RdaLo holds the top 64 bits of a 72-bit
 * accumulator; each product is rounded to those bits as it is added (as
 * QEMU does: the pseudocode's per-beat rounding gives the same result). */
static void exec_vrmlaldavh(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t n, m;
    vload(&n, cpu, in->rn);
    vload(&m, cpu, in->rm);
    bool x = in->imm & OPT_EXCH, sub = in->imm & OPT_SUB;
    uint64_t a = acc64(cpu, in);
    for (unsigned e = 0; e < 4; e++) {
        if (!mve_active(mask, e, 4))
            continue;
        unsigned ni = x ? e ^ 1u : e;
        if (in->aux[0]) {
            uint64_t p = (uint64_t)n.w[ni] * m.w[e];
            a += (p >> 8) + ((p >> 7) & 1u);
        } else {
            int64_t p = (int64_t)n.sw[ni] * m.sw[e];
            if (sub && (e & 1u))
                p = -p;
            a += (uint64_t)((p >> 8) + ((p >> 7) & 1));
        }
    }
    put64(cpu, in, a);
}

enum minmaxv { MV_MAX, MV_MIN, MV_MAXA, MV_MINA };

/* VMAXV/VMINV compare at the element type with Rda's bottom bits (the
 * result sign-extends for the signed forms); VMAXAV/VMINAV compare |Qm|
 * with Rda's bottom bits taken as unsigned. */
ALWAYS_INLINE void minmaxv_run(cpu_t *cpu, const insn_t *in, enum minmaxv op)
{
    uint16_t mask = mve_begin(cpu);
    vec_t m;
    vload(&m, cpu, in->rm);
    unsigned es = 1u << in->esize;
    bool u = in->aux[0] || op == MV_MAXA || op == MV_MINA;
    uint32_t ra = cpu->r[in->rd];
    int64_t a = u ? (int64_t)(ra & umax_of(8 * es)) : sext_bits(ra, 8 * es);
    for (unsigned e = 0; e < 16u / es; e++) {
        if (!((mask >> (e * es)) & 1u))
            continue;
        int64_t v = elem(&m, e, es, op == MV_MAXA || op == MV_MINA ? false : in->aux[0]);
        if (op == MV_MAXA || op == MV_MINA)
            v = v < 0 ? -v : v;
        if (op == MV_MAX || op == MV_MAXA ? v > a : v < a)
            a = v;
    }
    cpu->r[in->rd] = (uint32_t)a;
}

static void exec_vmaxv(cpu_t *cpu, const insn_t *in) { minmaxv_run(cpu, in, MV_MAX); }
static void exec_vminv(cpu_t *cpu, const insn_t *in) { minmaxv_run(cpu, in, MV_MIN); }
static void exec_vmaxav(cpu_t *cpu, const insn_t *in) { minmaxv_run(cpu, in, MV_MAXA); }
static void exec_vminav(cpu_t *cpu, const insn_t *in) { minmaxv_run(cpu, in, MV_MINA); }

/* VABAV: Rda += |Qn[e] - Qm[e]| over the active elements. */
static void exec_vabav(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    vec_t n, m;
    vload(&n, cpu, in->rn);
    vload(&m, cpu, in->rm);
    unsigned es = 1u << in->esize;
    bool u = in->aux[0];
    uint32_t a = cpu->r[in->rd];
    for (unsigned e = 0; e < 16u / es; e++) {
        if (!((mask >> (e * es)) & 1u))
            continue;
        int64_t x = elem(&n, e, es, u), y = elem(&m, e, es, u);
        a += (uint32_t)(x > y ? x - y : y - x);
    }
    cpu->r[in->rd] = a;
}

/* ------------------------------------------------------------------ */
/* Decoding                                                            */

static inline uint8_t f_u(uint32_t raw) { return (uint8_t)((raw >> 28) & 1u); }
static inline unsigned f_size20(uint32_t raw) { return (raw >> 20) & 3u; }
static inline unsigned f_size18(uint32_t raw) { return (raw >> 18) & 3u; }

/* A general-purpose operand: SP and PC are UNPREDICTABLE, we refuse them. */
static inline bool gp_ok(unsigned r)
{
    return r != 13u && r != 15u;
}

/* Qd, Qn, Qm (D, N, M must be 0: there are only eight Q registers). */
static bool q3_fields(insn_t *in, uint32_t raw)
{
    in->rd = field_qd(raw);
    in->rn = field_qn(raw);
    in->rm = field_qm(raw);
    return !(raw & (BIT_D | BIT_N | BIT_M));
}

static bool decode_q3_nosz(insn_t *in, uint32_t raw)
{
    return q3_fields(in, raw);
}

/* One-operand forms read Qm through rn (the element-wise body's "a"). */
static bool decode_q2_nosz(insn_t *in, uint32_t raw)
{
    in->rd = field_qd(raw);
    in->rn = in->rm = field_qm(raw);
    return !(raw & (BIT_D | BIT_M));
}

/* Qd, Qn, Qm with the size in bits 21:20 and U in bit 28. */
static bool decode_q3(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)f_size20(raw);
    in->aux[0] = f_u(raw);
    return in->esize != 3u && q3_fields(in, raw);
}

/* The same where bit 28 is part of the opcode: signed / sign-agnostic. */
static bool decode_q3_i(insn_t *in, uint32_t raw)
{
    bool ok = decode_q3(in, raw);
    in->aux[0] = 0;
    return ok;
}

/* VSHL/VRSHL/VQSHL/VQRSHL Qd, Qm, Qn: the value is Qm, the shifts Qn. */
static bool decode_q3_shift(insn_t *in, uint32_t raw)
{
    bool ok = decode_q3(in, raw);
    uint8_t t = in->rn;
    in->rn = in->rm;
    in->rm = t;
    return ok;
}

static bool decode_vcadd(insn_t *in, uint32_t raw)
{
    bool ok = decode_q3_i(in, raw);
    in->aux[1] = (raw >> 12) & 1u;
    in->imm = in->aux[1] ? 270u : 90u;
    return ok;
}

/* One operand with the size in bits 19:18 (VABS, VCLZ, VMAXA...). */
static bool decode_q2(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)f_size18(raw);
    return in->esize != 3u && decode_q2_nosz(in, raw);
}

/* Qd, Qn, Rm (bits 3:0) with the size in bits 21:20. */
static bool decode_qr(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)f_size20(raw);
    in->aux[0] = f_u(raw);
    in->rd = field_qd(raw);
    in->rn = field_qn(raw);
    in->rm = raw & 15u;
    in->operand2 = SRC_REG;
    return in->esize != 3u && gp_ok(in->rm) && !(raw & (BIT_D | BIT_N));
}

static bool decode_qr_i(insn_t *in, uint32_t raw)
{
    bool ok = decode_qr(in, raw);
    in->aux[0] = 0;
    return ok;
}

/* VSHL/VRSHL/VQSHL/VQRSHL Qda, Rm: size in bits 19:18. */
static bool decode_shl_r(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)f_size18(raw);
    in->aux[0] = f_u(raw);
    in->rd = in->rn = field_qd(raw);
    in->rm = raw & 15u;
    in->operand2 = SRC_REG;
    return in->esize != 3u && gp_ok(in->rm) && !(raw & BIT_D);
}

/* Shift immediates: the leading one of imm6 (bits 21:16) gives the size,
 * the bits below it the amount (left shifts) or 2*esize - imm6 (right). */
static bool shift_imm_fields(insn_t *in, uint32_t raw, unsigned *imm6)
{
    *imm6 = (raw >> 16) & 0x3Fu;
    if (*imm6 & 0x20u)
        in->esize = 2;
    else if (*imm6 & 0x10u)
        in->esize = 1;
    else if (*imm6 & 0x08u)
        in->esize = 0;
    else
        return false;
    in->rd = field_qd(raw);
    in->rn = in->rm = field_qm(raw);
    return !(raw & (BIT_D | BIT_M));
}

static bool decode_shl_imm(insn_t *in, uint32_t raw)
{
    unsigned imm6;
    in->aux[0] = f_u(raw);
    in->operand2 = SRC_IMM;
    bool ok = shift_imm_fields(in, raw, &imm6);
    in->imm = imm6 & ((8u << in->esize) - 1u);
    return ok;
}

static bool decode_shl_imm_i(insn_t *in, uint32_t raw)
{
    bool ok = decode_shl_imm(in, raw);
    in->aux[0] = 0;
    return ok;
}

/* VSHR/VRSHR: a shift left by the negated amount. */
static bool decode_shr_imm(insn_t *in, uint32_t raw)
{
    unsigned imm6;
    in->aux[0] = f_u(raw);
    in->operand2 = SRC_NEGIMM;
    bool ok = shift_imm_fields(in, raw, &imm6);
    in->imm = (16u << in->esize) - imm6;
    return ok;
}

static bool decode_sri(insn_t *in, uint32_t raw)
{
    bool ok = decode_shr_imm(in, raw);
    in->aux[0] = 0;
    in->operand2 = SRC_IMM;
    return ok;
}

static bool decode_vshlc(insn_t *in, uint32_t raw)
{
    unsigned imm5 = (raw >> 16) & 0x1Fu;
    in->imm = imm5 ? imm5 : 32u;
    in->esize = 2;
    in->rd = field_qd(raw);
    in->rm = raw & 15u;
    return gp_ok(in->rm) && !(raw & BIT_D);
}

/* VSHLL T1 (VMOVL when the amount is 0): bits 20:19 = 01 for bytes (amount
 * in 18:16), bit 20 = 1 for halfwords (amount in 19:16). */
static bool decode_vshll(insn_t *in, uint32_t raw)
{
    if (raw & (1u << 20)) {
        in->esize = 1;
        in->imm = (raw >> 16) & 15u;
    } else if (raw & (1u << 19)) {
        in->esize = 0;
        in->imm = (raw >> 16) & 7u;
    } else {
        return false;
    }
    in->aux[0] = f_u(raw);
    in->aux[1] = (raw >> 12) & 1u;
    return decode_q2_nosz(in, raw);
}

/* VSHLL T2: the shift by the element size itself. */
static bool decode_vshll_max(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)f_size18(raw);
    in->imm = 8u << in->esize;
    in->aux[0] = f_u(raw);
    in->aux[1] = (raw >> 12) & 1u;
    return in->esize < 2u && decode_q2_nosz(in, raw);
}

/* VMOVN/VQMOVN/VQMOVUN: size 0 narrows 16 -> 8, 1 narrows 32 -> 16;
 * esize holds the wide size. */
static bool decode_vmovn(insn_t *in, uint32_t raw)
{
    unsigned size = f_size18(raw);
    in->esize = (uint8_t)(size + 1u);
    in->aux[0] = f_u(raw);
    in->aux[1] = (raw >> 12) & 1u;
    in->imm = 0;
    return size < 2u && decode_q2_nosz(in, raw);
}

/* Narrowing shifts: imm6 = 001xxx narrows 16 -> 8 by 16 - imm6,
 * 01xxxx narrows 32 -> 16 by 32 - imm6. */
static bool decode_shrn(insn_t *in, uint32_t raw)
{
    unsigned imm6 = (raw >> 16) & 0x3Fu;
    if ((imm6 & 0x38u) == 0x08u)
        in->esize = 1;
    else if ((imm6 & 0x30u) == 0x10u)
        in->esize = 2;
    else
        return false;
    in->imm = (8u << in->esize) - imm6;
    in->aux[0] = f_u(raw);
    in->aux[1] = (raw >> 12) & 1u;
    return decode_q2_nosz(in, raw);
}

static bool decode_vmull(insn_t *in, uint32_t raw)
{
    in->aux[1] = (raw >> 12) & 1u;
    return decode_q3(in, raw);
}

/* VMULLP: bit 28 selects .p8 / .p16. */
static bool decode_vmullp(insn_t *in, uint32_t raw)
{
    in->esize = f_u(raw);
    in->aux[1] = (raw >> 12) & 1u;
    return q3_fields(in, raw);
}

/* VQDMULL: bit 28 selects .s16 / .s32. */
static bool decode_vqdmull(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)(1u + f_u(raw));
    in->aux[1] = (raw >> 12) & 1u;
    return q3_fields(in, raw);
}

static bool decode_vqdmull_r(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)(1u + f_u(raw));
    in->aux[1] = (raw >> 12) & 1u;
    in->rd = field_qd(raw);
    in->rn = field_qn(raw);
    in->rm = raw & 15u;
    in->operand2 = SRC_REG;
    return gp_ok(in->rm) && !(raw & (BIT_D | BIT_N));
}

/* VQ(R)DMLADH(X) / VQ(R)DMLSDH(X): bit 28 subtracts, 12 exchanges, 0 rounds. */
static bool decode_vqdmladh(insn_t *in, uint32_t raw)
{
    bool ok = decode_q3_i(in, raw);
    in->imm = (f_u(raw) ? OPT_SUB : 0u) | ((raw >> 12) & 1u ? OPT_EXCH : 0u) | (raw & 1u ? OPT_ROUND : 0u);
    return ok;
}

/* VADC/VSBC (bit 28), the I forms (bit 12) start from a fixed carry. */
static bool decode_vadc(insn_t *in, uint32_t raw)
{
    in->esize = 2;
    in->imm = (f_u(raw) ? OPT_SUB : 0u) | ((raw >> 12) & 1u ? OPT_CIN : 0u);
    return q3_fields(in, raw);
}

/* VADDV Rda, Qm: Rda is even (bits 15:13 * 2), A in bit 5. */
static bool decode_vaddv(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)f_size18(raw);
    in->aux[0] = f_u(raw);
    in->rd = (uint8_t)(((raw >> 13) & 7u) * 2u);
    in->rm = field_qm(raw);
    in->flags = (raw & BIT_M) ? INSN_ACC : 0u;
    return in->esize != 3u;
}

/* RdaLo = bits 15:13 * 2, RdaHi = bits 22:20 * 2 + 1 (SP and PC refused:
 * those encodings belong to other instructions). */
static bool rda_pair(insn_t *in, uint32_t raw)
{
    in->rd = (uint8_t)(((raw >> 13) & 7u) * 2u);
    in->ra = (uint8_t)(((raw >> 20) & 7u) * 2u + 1u);
    return gp_ok(in->ra);
}

static bool decode_vaddlv(insn_t *in, uint32_t raw)
{
    in->esize = 2;
    in->aux[0] = f_u(raw);
    in->rm = field_qm(raw);
    in->flags = (raw & BIT_M) ? INSN_ACC : 0u;
    return rda_pair(in, raw);
}

/* Fields shared by the multiply-accumulate reductions: Qn, Qm (bit 5 is
 * A, so Qm has no M bit), X in bit 12. */
static bool dav_fields(insn_t *in, uint32_t raw, bool sub)
{
    in->rn = field_qn(raw);
    in->rm = field_qm(raw);
    in->imm = (sub ? OPT_SUB : 0u) | ((raw >> 12) & 1u ? OPT_EXCH : 0u);
    in->flags = (raw & BIT_M) ? INSN_ACC : 0u;
    /* no exchanging unsigned forms */
    return !(raw & BIT_N) && !(in->aux[0] && (in->imm & OPT_EXCH));
}

/* VMLADAV: bits 11:8 = 1111 for bytes, else bit 16 picks 16 / 32 bits. */
static bool decode_vmladav(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)((((raw >> 8) & 15u) == 15u) ? 0u : 1u + ((raw >> 16) & 1u));
    in->aux[0] = f_u(raw);
    in->rd = (uint8_t)(((raw >> 13) & 7u) * 2u);
    if (!dav_fields(in, raw, false))
        return false;
    if (!(in->imm & OPT_EXCH))
        in->exec = vmladav_exec[kind(in)];
    return true;
}

/* VMLSDAV (signed only): bit 28 = 1 for bytes, else bit 16 picks the size. */
static bool decode_vmlsdav(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)(f_u(raw) ? 0u : 1u + ((raw >> 16) & 1u));
    in->aux[0] = 0;
    in->rd = (uint8_t)(((raw >> 13) & 7u) * 2u);
    return dav_fields(in, raw, true);
}

/* VMLALDAV / VMLSLDAV (bit 0): 16 or 32 bits by bit 16. */
static bool decode_vmlaldav(insn_t *in, uint32_t raw)
{
    bool sub = raw & 1u;
    in->esize = (uint8_t)(1u + ((raw >> 16) & 1u));
    in->aux[0] = sub ? 0u : f_u(raw);
    return rda_pair(in, raw) && in->ra != 13u && dav_fields(in, raw, sub);
}

/* VRMLALDAVH / VRMLSLDAVH (bits 11:8 = 1110, signed): 32 bits only. */
static bool decode_vrmlaldavh(insn_t *in, uint32_t raw)
{
    bool sub = ((raw >> 8) & 15u) == 14u;
    in->esize = 2;
    in->aux[0] = sub ? 0u : f_u(raw);
    return rda_pair(in, raw) && dav_fields(in, raw, sub);
}

/* VMAXV/VMINV/VMAXAV/VMINAV Rda, Qm: size in 19:18, Rda in 15:12. */
static bool decode_vminmaxv(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)f_size18(raw);
    in->aux[0] = f_u(raw);
    in->rd = (raw >> 12) & 15u;
    in->rm = field_qm(raw);
    return in->esize != 3u && gp_ok(in->rd) && !(raw & BIT_M);
}

/* VABAV Rda, Qn, Qm: size in 21:20, Rda in 15:12. */
static bool decode_vabav(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)f_size20(raw);
    in->aux[0] = f_u(raw);
    in->rd = (raw >> 12) & 15u;
    in->rn = field_qn(raw);
    in->rm = field_qm(raw);
    return in->esize != 3u && gp_ok(in->rd) && !(raw & (BIT_N | BIT_M));
}

/* ------------------------------------------------------------------ */
/* The table.  Masks leave out only operand fields (and D/N/M, which the
 * decoders check); a decoder refuses size 11 and the register values that
 * belong to a neighbouring instruction (the floating-point forms, the
 * load/store engineer's VDUP/VIDUP/VBRSR, VMAXV vs VRMLALDAVH...). */
const isa_pattern_t isa_patterns_mve_int[] = {
    /* bitwise, element size ignored */
    {"vand",       0xFFB11F51u, 0xEF000150u, 4, TC_MVE_INT, decode_q3_nosz,    exec_vand,       "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vbic",       0xFFB11F51u, 0xEF100150u, 4, TC_MVE_INT, decode_q3_nosz,    exec_vbic,       "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vorr",       0xFFB11F51u, 0xEF200150u, 4, TC_MVE_INT, decode_q3_nosz,    exec_vorr,       "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vorn",       0xFFB11F51u, 0xEF300150u, 4, TC_MVE_INT, decode_q3_nosz,    exec_vorn,       "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"veor",       0xFFB11F51u, 0xFF000150u, 4, TC_MVE_INT, decode_q3_nosz,    exec_veor,       "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmvn",       0xFFBF1FD1u, 0xFFB005C0u, 4, TC_MVE_INT, decode_q2_nosz,    exec_vmvn,       "{qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* element-wise, two vectors */
    {"vadd",       0xFF811F51u, 0xEF000840u, 4, TC_MVE_INT, decode_q3_i,       exec_vadd,       "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vsub",       0xFF811F51u, 0xFF000840u, 4, TC_MVE_INT, decode_q3_i,       exec_vsub,       "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmul",       0xFF811F51u, 0xEF000950u, 4, TC_MVE_MUL, decode_q3_i,       exec_vmul,       "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmulh",      0xEF811F51u, 0xEE010E01u, 4, TC_MVE_MUL, decode_q3,         exec_vmulh,      "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vrmulh",     0xEF811F51u, 0xEE011E01u, 4, TC_MVE_MUL, decode_q3,         exec_vrmulh,     "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmax",       0xEF811F51u, 0xEF000640u, 4, TC_MVE_INT, decode_q3,         exec_vmax,       "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmin",       0xEF811F51u, 0xEF000650u, 4, TC_MVE_INT, decode_q3,         exec_vmin,       "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vabd",       0xEF811F51u, 0xEF000740u, 4, TC_MVE_INT, decode_q3,         exec_vabd,       "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vhadd",      0xEF811F51u, 0xEF000040u, 4, TC_MVE_INT, decode_q3,         exec_vhadd,      "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vrhadd",     0xEF811F51u, 0xEF000140u, 4, TC_MVE_INT, decode_q3,         exec_vrhadd,     "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vhsub",      0xEF811F51u, 0xEF000240u, 4, TC_MVE_INT, decode_q3,         exec_vhsub,      "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqadd",      0xEF811F51u, 0xEF000050u, 4, TC_MVE_INT, decode_q3,         exec_vqadd,      "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqsub",      0xEF811F51u, 0xEF000250u, 4, TC_MVE_INT, decode_q3,         exec_vqsub,      "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqdmulh",    0xFF811F51u, 0xEF000B40u, 4, TC_MVE_MUL, decode_q3_i,       exec_vqdmulh,    "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqrdmulh",   0xFF811F51u, 0xFF000B40u, 4, TC_MVE_MUL, decode_q3_i,       exec_vqrdmulh,   "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vshl",       0xEF811F51u, 0xEF000440u, 4, TC_MVE_INT, decode_q3_shift,   exec_vshl,       "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vrshl",      0xEF811F51u, 0xEF000540u, 4, TC_MVE_INT, decode_q3_shift,   exec_vrshl,      "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqshl",      0xEF811F51u, 0xEF000450u, 4, TC_MVE_INT, decode_q3_shift,   exec_vqshl,      "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqrshl",     0xEF811F51u, 0xEF000550u, 4, TC_MVE_INT, decode_q3_shift,   exec_vqrshl,     "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vhcadd",     0xFF810F51u, 0xEE000F00u, 4, TC_MVE_INT, decode_vcadd,      exec_vhcadd,     "{dt} {qd}, {qn}, {qm}, #{imm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcadd",      0xFF810F51u, 0xFE000F00u, 4, TC_MVE_INT, decode_vcadd,      exec_vcadd,      "{dt} {qd}, {qn}, {qm}, #{imm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* one vector */
    {"vcls",       0xFFB31FD1u, 0xFFB00440u, 4, TC_MVE_INT, decode_q2,         exec_vcls,       "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vclz",       0xFFB31FD1u, 0xFFB004C0u, 4, TC_MVE_INT, decode_q2,         exec_vclz,       "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vabs",       0xFFB31FD1u, 0xFFB10340u, 4, TC_MVE_INT, decode_q2,         exec_vabs,       "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vneg",       0xFFB31FD1u, 0xFFB103C0u, 4, TC_MVE_INT, decode_q2,         exec_vneg,       "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqabs",      0xFFB31FD1u, 0xFFB00740u, 4, TC_MVE_INT, decode_q2,         exec_vqabs,      "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqneg",      0xFFB31FD1u, 0xFFB007C0u, 4, TC_MVE_INT, decode_q2,         exec_vqneg,      "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmaxa",      0xFFB31FD1u, 0xEE330E81u, 4, TC_MVE_INT, decode_q2,         exec_vmaxa,      "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmina",      0xFFB31FD1u, 0xEE331E81u, 4, TC_MVE_INT, decode_q2,         exec_vmina,      "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* vector and general-purpose register */
    {"vadd",       0xFF811F70u, 0xEE010F40u, 4, TC_MVE_INT, decode_qr_i,       exec_vadd,       "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vsub",       0xFF811F70u, 0xEE011F40u, 4, TC_MVE_INT, decode_qr_i,       exec_vsub,       "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmul",       0xFF811F70u, 0xEE011E60u, 4, TC_MVE_MUL, decode_qr_i,       exec_vmul,       "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vhadd",      0xEF811F70u, 0xEE000F40u, 4, TC_MVE_INT, decode_qr,         exec_vhadd,      "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vhsub",      0xEF811F70u, 0xEE001F40u, 4, TC_MVE_INT, decode_qr,         exec_vhsub,      "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqadd",      0xEF811F70u, 0xEE000F60u, 4, TC_MVE_INT, decode_qr,         exec_vqadd,      "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqsub",      0xEF811F70u, 0xEE001F60u, 4, TC_MVE_INT, decode_qr,         exec_vqsub,      "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqdmulh",    0xFF811F70u, 0xEE010E60u, 4, TC_MVE_MUL, decode_qr_i,       exec_vqdmulh,    "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqrdmulh",   0xFF811F70u, 0xFE010E60u, 4, TC_MVE_MUL, decode_qr_i,       exec_vqrdmulh,   "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmla",       0xEF811F70u, 0xEE010E40u, 4, TC_MVE_MUL, decode_qr_i,       exec_vmla,       "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmlas",      0xEF811F70u, 0xEE011E40u, 4, TC_MVE_MUL, decode_qr_i,       exec_vmlas,      "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqrdmlah",   0xFF811F70u, 0xEE000E40u, 4, TC_MVE_MUL, decode_qr_i,       exec_vqrdmlah,   "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqrdmlash",  0xFF811F70u, 0xEE001E40u, 4, TC_MVE_MUL, decode_qr_i,       exec_vqrdmlash,  "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqdmlah",    0xFF811F70u, 0xEE000E60u, 4, TC_MVE_MUL, decode_qr_i,       exec_vqdmlah,    "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqdmlash",   0xFF811F70u, 0xEE001E60u, 4, TC_MVE_MUL, decode_qr_i,       exec_vqdmlash,   "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vshl",       0xEFB31FF0u, 0xEE311E60u, 4, TC_MVE_INT, decode_shl_r,      exec_vshl,       "{dt} {qd}, {rm}", OP_QD, OP_RM | OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vrshl",      0xEFB31FF0u, 0xEE331E60u, 4, TC_MVE_INT, decode_shl_r,      exec_vrshl,      "{dt} {qd}, {rm}", OP_QD, OP_RM | OP_QD, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vqshl",      0xEFB31FF0u, 0xEE311EE0u, 4, TC_MVE_INT, decode_shl_r,      exec_vqshl,      "{dt} {qd}, {rm}", OP_QD, OP_RM | OP_QD, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vqrshl",     0xEFB31FF0u, 0xEE331EE0u, 4, TC_MVE_INT, decode_shl_r,      exec_vqrshl,     "{dt} {qd}, {rm}", OP_QD, OP_RM | OP_QD, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* shifts by immediate */
    {"vshl",       0xFF801FD1u, 0xEF800550u, 4, TC_MVE_INT, decode_shl_imm_i,  exec_vshl,       "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vqshl",      0xEF801FD1u, 0xEF800750u, 4, TC_MVE_INT, decode_shl_imm,    exec_vqshl,      "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vqshlu",     0xFF801FD1u, 0xFF800650u, 4, TC_MVE_INT, decode_shl_imm_i,  exec_vqshlu,     "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vsli",       0xFF801FD1u, 0xFF800550u, 4, TC_MVE_INT, decode_shl_imm_i,  exec_vsli,       "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vshr",       0xEF801FD1u, 0xEF800050u, 4, TC_MVE_INT, decode_shr_imm,    exec_vshl,       "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vrshr",      0xEF801FD1u, 0xEF800250u, 4, TC_MVE_INT, decode_shr_imm,    exec_vrshl,      "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vsri",       0xFF801FD1u, 0xFF800450u, 4, TC_MVE_INT, decode_sri,        exec_vsri,       "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vshlc",      0xFFA01FF0u, 0xEEA00FC0u, 4, TC_MVE_INT, decode_vshlc,      exec_vshlc,      "{qd}, {rm}, {imm}", OP_QD, OP_RM | OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* widening and narrowing */
    {"vshll",      0xEFA00FD1u, 0xEEA00F40u, 4, TC_MVE_INT, decode_vshll,      exec_vshll,      "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vshll",      0xEFB30FD1u, 0xEE310E01u, 4, TC_MVE_INT, decode_vshll_max,  exec_vshll,      "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmovn",      0xFFB30FD1u, 0xFE310E81u, 4, TC_MVE_INT, decode_vmovn,      exec_vmovn,      "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_NARROW, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vqmovn",     0xEFB30FD1u, 0xEE330E01u, 4, TC_MVE_INT, decode_vmovn,      exec_vqmovn,     "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_NARROW, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vqmovun",    0xFFB30FD1u, 0xEE310E81u, 4, TC_MVE_INT, decode_vmovn,      exec_vqmovun,    "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_NARROW, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vshrn",      0xFF800FD1u, 0xEE800FC1u, 4, TC_MVE_INT, decode_shrn,       exec_vshrn,      "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_NARROW, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vrshrn",     0xFF800FD1u, 0xFE800FC1u, 4, TC_MVE_INT, decode_shrn,       exec_vrshrn,     "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_NARROW, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqshrn",     0xEF800FD1u, 0xEE800F40u, 4, TC_MVE_INT, decode_shrn,       exec_vqshrn,     "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_NARROW, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vqrshrn",    0xEF800FD1u, 0xEE800F41u, 4, TC_MVE_INT, decode_shrn,       exec_vqrshrn,    "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_NARROW, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqshrun",    0xFF800FD1u, 0xEE800FC0u, 4, TC_MVE_INT, decode_shrn,       exec_vqshrun,    "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_NARROW, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vqrshrun",   0xFF800FD1u, 0xFE800FC0u, 4, TC_MVE_INT, decode_shrn,       exec_vqrshrun,   "{dt} {qd}, {qm}, {imm}", OP_QD, OP_QD | OP_QM, TL_NARROW, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* long multiplies */
    {"vmullp",     0xEFB10F51u, 0xEE310E00u, 4, TC_MVE_MUL, decode_vmullp,     exec_vmullp,     "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmull",      0xEF810F51u, 0xEE010E00u, 4, TC_MVE_MUL, decode_vmull,      exec_vmull,      "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vqdmull",    0xEFB10F51u, 0xEE300F01u, 4, TC_MVE_MUL, decode_vqdmull,    exec_vqdmull,    "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqdmull",    0xEFB10F70u, 0xEE300F60u, 4, TC_MVE_MUL, decode_vqdmull_r,  exec_vqdmull,    "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* dual multiplies returning high half */
    {"vqdmladh",   0xFF810F51u, 0xEE000E00u, 4, TC_MVE_MUL, decode_vqdmladh,   exec_vqdmladh,   "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqrdmladh",  0xFF810F51u, 0xEE000E01u, 4, TC_MVE_MUL, decode_vqdmladh,   exec_vqdmladh,   "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqdmlsdh",   0xFF810F51u, 0xFE000E00u, 4, TC_MVE_MUL, decode_vqdmladh,   exec_vqdmladh,   "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vqrdmlsdh",  0xFF810F51u, 0xFE000E01u, 4, TC_MVE_MUL, decode_vqdmladh,   exec_vqdmladh,   "{dt} {qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* add/subtract with carry through FPSCR.C */
    {"vadc",       0xFFB11F51u, 0xEE300F00u, 4, TC_MVE_INT, decode_vadc,       exec_vadc,       "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vadci",      0xFFB11F51u, 0xEE301F00u, 4, TC_MVE_INT, decode_vadc,       exec_vadc,       "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vsbc",       0xFFB11F51u, 0xFE300F00u, 4, TC_MVE_INT, decode_vadc,       exec_vadc,       "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vsbci",      0xFFB11F51u, 0xFE301F00u, 4, TC_MVE_INT, decode_vadc,       exec_vadc,       "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM, TL_SHIFT_CARRY, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* reductions to general-purpose registers */
    {"vaddv",      0xEFF31FD1u, 0xEEF10F00u, 4, TC_MVE_MUL, decode_vaddv,      exec_vaddv,      "{dt} {rd}, {qm}", OP_RD, OP_RD_ACC | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vaddlv",     0xEF8F1FD1u, 0xEE890F00u, 4, TC_MVE_MUL, decode_vaddlv,     exec_vaddlv,     "{dt} {rd}, {ra}, {qm}", OP_RD | OP_RA, OP_RD_ACC | OP_RA_ACC | OP_QM, TL_LONG_ACC, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmladav",    0xEFF10F50u, 0xEEF00F00u, 4, TC_MVE_MUL, decode_vmladav,    exec_vmladav,    "{dt} {rd}, {qn}, {qm}", OP_RD, OP_RD_ACC | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmladav",    0xEFF00F51u, 0xEEF00E00u, 4, TC_MVE_MUL, decode_vmladav,    exec_vmladav,    "{dt} {rd}, {qn}, {qm}", OP_RD, OP_RD_ACC | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmlsdav",    0xFFF10F51u, 0xFEF00E01u, 4, TC_MVE_MUL, decode_vmlsdav,    exec_vmladav,    "{dt} {rd}, {qn}, {qm}", OP_RD, OP_RD_ACC | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmlsdav",    0xFFF00F51u, 0xEEF00E01u, 4, TC_MVE_MUL, decode_vmlsdav,    exec_vmladav,    "{dt} {rd}, {qn}, {qm}", OP_RD, OP_RD_ACC | OP_QN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmlaldav",   0xEF800F51u, 0xEE800E00u, 4, TC_MVE_MUL, decode_vmlaldav,   exec_vmlaldav,   "{dt} {rd}, {ra}, {qn}, {qm}", OP_RD | OP_RA, OP_RD_ACC | OP_RA_ACC | OP_QN | OP_QM, TL_LONG_ACC, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmlsldav",   0xFF800F51u, 0xEE800E01u, 4, TC_MVE_MUL, decode_vmlaldav,   exec_vmlaldav,   "{dt} {rd}, {ra}, {qn}, {qm}", OP_RD | OP_RA, OP_RD_ACC | OP_RA_ACC | OP_QN | OP_QM, TL_LONG_ACC, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vrmlaldavh", 0xEF810F51u, 0xEE800F00u, 4, TC_MVE_MUL, decode_vrmlaldavh, exec_vrmlaldavh, "{dt} {rd}, {ra}, {qn}, {qm}", OP_RD | OP_RA, OP_RD_ACC | OP_RA_ACC | OP_QN | OP_QM, TL_LONG_ACC, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vrmlsldavh", 0xFF810F51u, 0xFE800E01u, 4, TC_MVE_MUL, decode_vrmlaldavh, exec_vrmlaldavh, "{dt} {rd}, {ra}, {qn}, {qm}", OP_RD | OP_RA, OP_RD_ACC | OP_RA_ACC | OP_QN | OP_QM, TL_LONG_ACC, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmaxv",      0xEFF30FD1u, 0xEEE20F00u, 4, TC_MVE_MUL, decode_vminmaxv,   exec_vmaxv,      "{dt} {rd}, {qm}", OP_RD, OP_RD | OP_QM, TL_ACROSS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vminv",      0xEFF30FD1u, 0xEEE20F80u, 4, TC_MVE_MUL, decode_vminmaxv,   exec_vminv,      "{dt} {rd}, {qm}", OP_RD, OP_RD | OP_QM, TL_ACROSS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmaxav",     0xFFF30FD1u, 0xEEE00F00u, 4, TC_MVE_MUL, decode_vminmaxv,   exec_vmaxav,     "{dt} {rd}, {qm}", OP_RD, OP_RD | OP_QM, TL_ACROSS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vminav",     0xFFF30FD1u, 0xEEE00F80u, 4, TC_MVE_MUL, decode_vminmaxv,   exec_vminav,     "{dt} {rd}, {qm}", OP_RD, OP_RD | OP_QM, TL_ACROSS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vabav",      0xEFC10F51u, 0xEE800F01u, 4, TC_MVE_MUL, decode_vabav,      exec_vabav,      "{dt} {rd}, {qn}, {qm}", OP_RD, OP_RD | OP_QN | OP_QM, TL_ABS_ACC, DUAL_NONE, ISA_DIS_TABLE, 0},
    {0},
};

/* The family's dispatcher for the run loop (isa/hot_path.h). */
ISA_DEFINE_HOT_DISPATCH(mve_int)
