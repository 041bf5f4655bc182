/* The DSP extension and the Armv8.1-M scalar shifts:
 *   - 16-bit and dual multiplies: SMULxy, SMLAxy, SMULWy, SMLAWy, SMUAD,
 *     SMUSD, SMLAD, SMLSD, SMMUL, SMMLA, SMMLS, SMLALxy, SMLALD, SMLSLD,
 *     USAD8, USADA8 (the plain MUL/MLA/long multiplies are in exec_mul.c);
 *   - the parallel add/subtract family (S, Q, SH, U, UQ, UH prefixes on
 *     ADD16, ASX, SAX, SUB16, ADD8, SUB8), SEL;
 *   - saturation: QADD, QSUB, QDADD, QDSUB, SSAT, USAT, SSAT16, USAT16;
 *   - halfword packing: PKHBT, PKHTB;
 *   - the long and saturating shifts of Armv8.1-M (LSLL, ASRL, UQRSHLL...),
 *     which reuse the ORRS encodings whose Rm is SP or PC.
 *
 * This table is searched before exec_mul.c and exec_dp.c (ORR, MOV), so
 * every row's mask is exact and its decoder refuses what is not its own.
 * Arithmetic is done in int64_t wide enough for every intermediate value.
 */
#include "alu.h"
#include "insn.h"

/* SP and PC as operands of these instructions are UNPREDICTABLE: the
 * decoders of the multiply and SIMD space refuse them (UNDEFINED). */
static bool bad_reg(unsigned r)
{
    return r == 13 || r == 15;
}

/* The long shifts share their space with ORRS; an UNPREDICTABLE register
 * choice there must not fall through to ORRS, so those rows claim the
 * encoding and make it UNDEFINED themselves. */
static void exec_unpredictable(cpu_t *cpu, const insn_t *in)
{
    cpu_undefined(cpu);
}

static int32_t half(uint32_t x, unsigned top)
{
    return alu_sext(top ? x >> 16 : x, 16);
}

/* Rd = the low word of sum; Q when the sum does not fit in 32 bits. */
static void write_with_q(cpu_t *cpu, unsigned rd, int64_t sum)
{
    cpu->r[rd] = (uint32_t)sum;
    if (sum < INT32_MIN || sum > INT32_MAX)
        cpu->q = 1;
}

/* RdHi:RdLo of the long forms: rd = RdLo, ra = RdHi. */
static uint64_t read_pair(const cpu_t *cpu, const insn_t *in)
{
    return (uint64_t)cpu->r[in->ra] << 32 | cpu->r[in->rd];
}

static void write_pair(cpu_t *cpu, const insn_t *in, uint64_t value)
{
    cpu->r[in->rd] = (uint32_t)value;
    cpu->r[in->ra] = (uint32_t)(value >> 32);
}

/* ------------------------------------------------------------------ */
/* Multiplies                                                          */

/* hw1: 1111 1011 0ooo Rn, hw2: Ra Rd 00 b5 b4 Rm.  aux[0] = bit 5 (N: top
 * half of Rn), aux[1] = bit 4 (M: top half of Rm; X: exchange; R: round). */
static bool decode_dsp_mul(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->ra = (raw >> 12) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    in->aux[0] = (raw >> 5) & 1u;
    in->aux[1] = (raw >> 4) & 1u;
    return !bad_reg(in->rd) && !bad_reg(in->rn) && !bad_reg(in->rm);
}

/* The accumulating forms (their Ra = 1111 twin has a row of its own). */
static bool decode_dsp_mla(insn_t *in, uint32_t raw)
{
    return decode_dsp_mul(in, raw) && !bad_reg(in->ra);
}

/* hw1: 1111 1011 1ooo Rn, hw2: RdLo RdHi oo b5 b4 Rm; rd = RdLo, ra = RdHi. */
static bool decode_dsp_long(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 12) & 15u;
    in->ra = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    in->aux[0] = (raw >> 5) & 1u;
    in->aux[1] = (raw >> 4) & 1u;
    return !bad_reg(in->rd) && !bad_reg(in->ra) && !bad_reg(in->rn) &&
           !bad_reg(in->rm) && in->rd != in->ra;
}

/* SMUL<x><y>, SMLA<x><y>, SMLAL<x><y>: their N and M bits turned into left
 * shifts (top half: 0, bottom: 16) that bring the chosen half to the top of
 * the word, where an arithmetic shift right by 16 sign-extends it.  The hot
 * body (SMLABB is the scalar KWS's multiply) is then a shift pair a side and
 * a multiply, with no select and no partial-register sign extension. */
static bool halves_as_shifts(insn_t *in, bool ok)
{
    in->aux[0] = in->aux[0] ? 0 : 16;
    in->aux[1] = in->aux[1] ? 0 : 16;
    return ok;
}

static bool decode_dsp_mul_halves(insn_t *in, uint32_t raw)
{
    return halves_as_shifts(in, decode_dsp_mul(in, raw));
}

static bool decode_dsp_mla_halves(insn_t *in, uint32_t raw)
{
    return halves_as_shifts(in, decode_dsp_mla(in, raw));
}

static bool decode_dsp_long_halves(insn_t *in, uint32_t raw)
{
    return halves_as_shifts(in, decode_dsp_long(in, raw));
}

static int32_t half_at(uint32_t x, unsigned left)
{
    return (int32_t)(x << left) >> 16;
}

static int32_t halves_product(const cpu_t *cpu, const insn_t *in)
{
    return half_at(cpu->r[in->rn], in->aux[0]) * half_at(cpu->r[in->rm], in->aux[1]);
}

static void exec_smulxy(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = (uint32_t)halves_product(cpu, in);
}

/* The product of two halves fits in 32 bits (at most 2^30), so Q is the
 * signed overflow of one 32-bit add. */
static void exec_smlaxy(cpu_t *cpu, const insn_t *in)
{
    int32_t sum;
    if (__builtin_add_overflow(halves_product(cpu, in), (int32_t)cpu->r[in->ra], &sum))
        cpu->q = 1;
    cpu->r[in->rd] = (uint32_t)sum;
}


static void exec_smlalxy(cpu_t *cpu, const insn_t *in)
{
    write_pair(cpu, in, read_pair(cpu, in) + (uint64_t)(int64_t)halves_product(cpu, in));
}

/* SMULWy / SMLAWy: the top 32 bits of the 48-bit Rn * half(Rm). */
static int64_t word_by_half(const cpu_t *cpu, const insn_t *in)
{
    return (int64_t)(int32_t)cpu->r[in->rn] * half(cpu->r[in->rm], in->aux[1]);
}

static void exec_smulwy(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = (uint32_t)(word_by_half(cpu, in) >> 16);
}

static void exec_smlawy(cpu_t *cpu, const insn_t *in)
{
    int64_t sum = word_by_half(cpu, in) + (int64_t)(int32_t)cpu->r[in->ra] * 65536;
    write_with_q(cpu, in->rd, sum >> 16);
}

/* The two products of the dual multiplies: bottom x bottom and top x top,
 * with Rm's halves swapped first for the X forms. */
static void dual_products(const cpu_t *cpu, const insn_t *in, int64_t *lo, int64_t *hi)
{
    uint32_t n = cpu->r[in->rn], m = alu_ror(cpu->r[in->rm], in->aux[1] ? 16 : 0);
    *lo = half(n, 0) * half(m, 0);
    *hi = half(n, 1) * half(m, 1);
}

static void exec_smuad(cpu_t *cpu, const insn_t *in)
{
    int64_t lo, hi;
    dual_products(cpu, in, &lo, &hi);
    write_with_q(cpu, in->rd, lo + hi);
}

static void exec_smusd(cpu_t *cpu, const insn_t *in)
{
    int64_t lo, hi;
    dual_products(cpu, in, &lo, &hi);
    cpu->r[in->rd] = (uint32_t)(lo - hi);   /* always fits: no Q */
}

static void exec_smlad(cpu_t *cpu, const insn_t *in)
{
    int64_t lo, hi;
    dual_products(cpu, in, &lo, &hi);
    write_with_q(cpu, in->rd, lo + hi + (int32_t)cpu->r[in->ra]);
}

static void exec_smlsd(cpu_t *cpu, const insn_t *in)
{
    int64_t lo, hi;
    dual_products(cpu, in, &lo, &hi);
    write_with_q(cpu, in->rd, lo - hi + (int32_t)cpu->r[in->ra]);
}

static void exec_smlald(cpu_t *cpu, const insn_t *in)
{
    int64_t lo, hi;
    dual_products(cpu, in, &lo, &hi);
    write_pair(cpu, in, read_pair(cpu, in) + (uint64_t)(lo + hi));
}

static void exec_smlsld(cpu_t *cpu, const insn_t *in)
{
    int64_t lo, hi;
    dual_products(cpu, in, &lo, &hi);
    write_pair(cpu, in, read_pair(cpu, in) + (uint64_t)(lo - hi));
}

/* SMMUL, SMMLA, SMMLS: the top word of a 64-bit value, rounded (R forms)
 * by adding 2^31 first.  Computed modulo 2^64 as the architecture does. */
static uint64_t signed_product(const cpu_t *cpu, const insn_t *in)
{
    return (uint64_t)((int64_t)(int32_t)cpu->r[in->rn] * (int32_t)cpu->r[in->rm]);
}

static uint32_t top_word(const insn_t *in, uint64_t value)
{
    return (uint32_t)((value + (in->aux[1] ? 0x80000000u : 0u)) >> 32);
}

static void exec_smmul(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = top_word(in, signed_product(cpu, in));
}

static void exec_smmla(cpu_t *cpu, const insn_t *in)
{
    uint64_t acc = (uint64_t)cpu->r[in->ra] << 32;
    cpu->r[in->rd] = top_word(in, acc + signed_product(cpu, in));
}

static void exec_smmls(cpu_t *cpu, const insn_t *in)
{
    uint64_t acc = (uint64_t)cpu->r[in->ra] << 32;
    cpu->r[in->rd] = top_word(in, acc - signed_product(cpu, in));
}

static uint32_t sum_abs_diff8(uint32_t a, uint32_t b)
{
    uint32_t sum = 0;
    for (unsigned i = 0; i < 32; i += 8) {
        uint32_t x = (a >> i) & 0xFFu, y = (b >> i) & 0xFFu;
        sum += x > y ? x - y : y - x;
    }
    return sum;
}

static void exec_usad8(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = sum_abs_diff8(cpu->r[in->rn], cpu->r[in->rm]);
}

static void exec_usada8(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = cpu->r[in->ra] + sum_abs_diff8(cpu->r[in->rn], cpu->r[in->rm]);
}

/* ------------------------------------------------------------------ */
/* Parallel add and subtract                                           */

/* Prefix, from hw2[6:4]. */
enum { PAR_S = 0, PAR_Q = 1, PAR_SH = 2, PAR_U = 4, PAR_UQ = 5, PAR_UH = 6 };

/* hw1: 1111 1010 1ooo Rn, hw2: 1111 Rd 0ppp Rm.  esize = lane width,
 * aux[0] = prefix, aux[1] = lanes that subtract (bit per lane), shift_n =
 * 16 when Rm's halves are exchanged first (ASX, SAX). */
static bool decode_parallel(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    in->aux[0] = (raw >> 4) & 7u;
    in->esize = 16;
    switch ((raw >> 20) & 7u) {
    case 0: in->esize = 8; in->aux[1] = 0x0; break;    /* ADD8 */
    case 1: in->aux[1] = 0x0; break;                    /* ADD16 */
    case 2: in->aux[1] = 0x1; in->shift_n = 16; break;  /* ASX: lo - hi, hi + lo */
    case 4: in->esize = 8; in->aux[1] = 0xF; break;    /* SUB8 */
    case 5: in->aux[1] = 0x3; break;                    /* SUB16 */
    case 6: in->aux[1] = 0x2; in->shift_n = 16; break;  /* SAX: lo + hi, hi - lo */
    default: return false;
    }
    return !bad_reg(in->rd) && !bad_reg(in->rn) && !bad_reg(in->rm);
}

static int32_t lane_of(uint32_t x, unsigned pos, unsigned w, bool is_signed)
{
    uint32_t v = (x >> pos) & ((1u << w) - 1u);
    return is_signed ? alu_sext(v, w) : (int32_t)v;
}

static int32_t clamp(int32_t x, int32_t lo, int32_t hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* One lane's result from its exact sum or difference r. */
static int32_t lane_result(unsigned prefix, int32_t r, unsigned w)
{
    switch (prefix) {
    case PAR_Q:  return clamp(r, -(1 << (w - 1)), (1 << (w - 1)) - 1);
    case PAR_UQ: return clamp(r, 0, (1 << w) - 1);
    case PAR_SH:
    case PAR_UH: return r >> 1;   /* halving: r is exact, so no overflow */
    default:     return r;        /* S, U: modulo */
    }
}

/* GE of a lane for S and U: signed result >= 0; unsigned sum >= 2^w
 * (carry), unsigned difference >= 0. */
static bool lane_ge(unsigned prefix, int32_t r, unsigned w, bool sub)
{
    if (prefix == PAR_U && !sub)
        return r >= (1 << w);
    return r >= 0;
}

static void exec_parallel(cpu_t *cpu, const insn_t *in)
{
    uint32_t a = cpu->r[in->rn], b = alu_ror(cpu->r[in->rm], in->shift_n);
    unsigned w = in->esize, prefix = in->aux[0];
    bool is_signed = prefix < PAR_U;
    uint32_t result = 0, ge = 0, lane_mask = (1u << w) - 1u;
    for (unsigned i = 0; i < 32 / w; i++) {
        unsigned pos = i * w;
        bool sub = (in->aux[1] >> i) & 1u;
        int32_t x = lane_of(a, pos, w, is_signed), y = lane_of(b, pos, w, is_signed);
        int32_t r = sub ? x - y : x + y;
        result |= ((uint32_t)lane_result(prefix, r, w) & lane_mask) << pos;
        if (lane_ge(prefix, r, w, sub))
            ge |= (w == 8 ? 1u : 3u) << (pos / 8);
    }
    cpu->r[in->rd] = result;
    if (prefix == PAR_S || prefix == PAR_U)
        cpu->ge = ge;
}

/* ------------------------------------------------------------------ */
/* SEL, QADD family, SSAT/USAT                                         */

/* hw1: 1111 1010 1ooo Rn, hw2: 1111 Rd 10 b5 b4 Rm.  For QADD & co.
 * aux[0] = bit 4 (doubling), aux[1] = bit 5 (subtract). */
static bool decode_misc(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    in->aux[0] = (raw >> 4) & 1u;
    in->aux[1] = (raw >> 5) & 1u;
    return !bad_reg(in->rd) && !bad_reg(in->rn) && !bad_reg(in->rm);
}

static void exec_sel(cpu_t *cpu, const insn_t *in)
{
    uint32_t mask = 0;
    for (unsigned i = 0; i < 4; i++)
        if ((cpu->ge >> i) & 1u)
            mask |= 0xFFu << (8 * i);
    cpu->r[in->rd] = (cpu->r[in->rn] & mask) | (cpu->r[in->rm] & ~mask);
}

/* QADD Rd, Rm, Rn: sat(Rm + Rn); QSUB: sat(Rm - Rn); the D forms use
 * sat(2 * Rn).  Either saturation sets Q. */
static void exec_qaddsub(cpu_t *cpu, const insn_t *in)
{
    bool sat1 = false, sat2;
    int64_t n = (int32_t)cpu->r[in->rn], m = (int32_t)cpu->r[in->rm];
    if (in->aux[0])
        n = alu_signed_sat(2 * n, 32, &sat1);
    int64_t r = alu_signed_sat(in->aux[1] ? m - n : m + n, 32, &sat2);
    cpu->r[in->rd] = (uint32_t)r;
    if (sat1 || sat2)
        cpu->q = 1;
}

/* hw1: 1111 0011 1u sh 0 Rn, hw2: 0 imm3 Rd imm2 0 sat_imm.  esize = the
 * width to saturate to; shift_type/shift_n = the shift of Rn (LSL or ASR). */
static bool decode_sat(insn_t *in, uint32_t raw)
{
    unsigned imm5 = ((raw >> 12) & 7u) << 2 | ((raw >> 6) & 3u);
    bool is_unsigned = (raw >> 23) & 1u;
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->esize = (uint8_t)((raw & 31u) + (is_unsigned ? 0 : 1));
    in->imm = in->esize;
    alu_decode_imm_shift(((raw >> 21) & 1u) << 1, imm5, &in->shift_type, &in->shift_n);
    return !bad_reg(in->rd) && !bad_reg(in->rn);
}

/* SSAT16 / USAT16: sat_imm is 4 bits, no shift. */
static bool decode_sat16(insn_t *in, uint32_t raw)
{
    bool is_unsigned = (raw >> 23) & 1u;
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->esize = (uint8_t)((raw & 15u) + (is_unsigned ? 0 : 1));
    in->imm = in->esize;
    return !bad_reg(in->rd) && !bad_reg(in->rn);
}

static void exec_ssat(cpu_t *cpu, const insn_t *in)
{
    bool sat;
    uint32_t op = alu_shift(cpu->r[in->rn], in->shift_type, in->shift_n, cpu->c);
    cpu->r[in->rd] = (uint32_t)alu_signed_sat((int32_t)op, in->esize, &sat);
    if (sat)
        cpu->q = 1;
}

static void exec_usat(cpu_t *cpu, const insn_t *in)
{
    bool sat;
    uint32_t op = alu_shift(cpu->r[in->rn], in->shift_type, in->shift_n, cpu->c);
    cpu->r[in->rd] = (uint32_t)alu_unsigned_sat((int32_t)op, in->esize, &sat);
    if (sat)
        cpu->q = 1;
}

static void exec_sat16(cpu_t *cpu, const insn_t *in, bool is_unsigned)
{
    bool sat_lo, sat_hi;
    uint32_t x = cpu->r[in->rn];
    int64_t lo = half(x, 0), hi = half(x, 1);
    if (is_unsigned) {
        lo = alu_unsigned_sat(lo, in->esize, &sat_lo);
        hi = alu_unsigned_sat(hi, in->esize, &sat_hi);
    } else {
        lo = alu_signed_sat(lo, in->esize, &sat_lo);
        hi = alu_signed_sat(hi, in->esize, &sat_hi);
    }
    cpu->r[in->rd] = ((uint32_t)lo & 0xFFFFu) | (uint32_t)hi << 16;
    if (sat_lo || sat_hi)
        cpu->q = 1;
}

static void exec_ssat16(cpu_t *cpu, const insn_t *in)
{
    exec_sat16(cpu, in, false);
}

static void exec_usat16(cpu_t *cpu, const insn_t *in)
{
    exec_sat16(cpu, in, true);
}

/* ------------------------------------------------------------------ */
/* PKHBT, PKHTB                                                        */

/* hw1: 1110 1010 110 S Rn, hw2: 0 imm3 Rd imm2 tb T Rm.  tb = 0: PKHBT,
 * Rm shifted LSL; tb = 1: PKHTB, Rm shifted ASR (imm 0 meaning ASR #32, as
 * DecodeImmShift has it).  S = 1 or T = 1 is UNDEFINED (masked out). */
static bool decode_pkh(insn_t *in, uint32_t raw)
{
    unsigned imm5 = ((raw >> 12) & 7u) << 2 | ((raw >> 6) & 3u);
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    alu_decode_imm_shift(((raw >> 5) & 1u) << 1, imm5, &in->shift_type, &in->shift_n);
    return !bad_reg(in->rd) && !bad_reg(in->rn) && !bad_reg(in->rm);
}

/* PKHBT: bottom half of Rn, top half of the shifted Rm. */
static void exec_pkhbt(cpu_t *cpu, const insn_t *in)
{
    uint32_t m = alu_shift(cpu->r[in->rm], in->shift_type, in->shift_n, cpu->c);
    cpu->r[in->rd] = (cpu->r[in->rn] & 0xFFFFu) | (m & 0xFFFF0000u);
}

/* PKHTB: top half of Rn, bottom half of the shifted Rm. */
static void exec_pkhtb(cpu_t *cpu, const insn_t *in)
{
    uint32_t m = alu_shift(cpu->r[in->rm], in->shift_type, in->shift_n, cpu->c);
    cpu->r[in->rd] = (cpu->r[in->rn] & 0xFFFF0000u) | (m & 0xFFFFu);
}

/* ------------------------------------------------------------------ */
/* Armv8.1-M long and saturating shifts (part of MVE)                  */
/*
 * Encodings (ORRS space, hw1 = 1110 1010 0101 xxxx, hw2[15] = 0 for the
 * immediate forms, hw2[8] = 1, Rm = 1111 immediate / 1101 register):
 *   long:   hw1[3:1] = RdaLo[3:1] (RdaLo even), hw1[0] = op (1: the
 *           saturating/rounding ones), hw2[11:9] = RdaHi[3:1] (RdaHi odd);
 *   32-bit: hw1[3:0] = Rda and hw2[11:8] = 1111 (what would be RdaHi = PC).
 *   immediate: amount imm3:imm2 (0 means 32), type hw2[5:4];
 *   register:  Rm = hw2[15:12], hw2[7] = 1 for the 48-bit saturation.
 * Every form is one shift of an integer (signed or not) by a signed
 * amount (> 0 left, < 0 right), right shifts rounding or not, the result
 * saturated to 32, 48 or 64 bits or not at all.
 */
#define SH_SIGNED 0x1u   /* operand and saturation signed, right shift arithmetic */
#define SH_ROUND  0x2u   /* right shifts round (add 2^(n-1) first) */
#define SH_NEGATE 0x4u   /* the amount (imm, or Rm) counts a right shift */
#define SH_LONG   0x8u   /* RdaHi:RdaLo rather than one register */

static uint64_t sat_unsigned(uint64_t v, unsigned bits, bool *sat)
{
    uint64_t max = bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1u;
    if (v > max) {
        *sat = true;
        return max;
    }
    return v;
}

static int64_t sat_signed(int64_t v, unsigned bits, bool *sat)
{
    if (bits >= 64)
        return v;
    return alu_signed_sat(v, bits, sat);
}

static uint64_t shift_unsigned(uint64_t v, int amount, bool round, unsigned satbits, bool *sat)
{
    if (amount < 0) {
        unsigned n = (unsigned)-amount;
        uint64_t r;
        if (!round)
            r = n >= 64 ? 0 : v >> n;
        else if (n > 64)
            r = 0;
        else {                          /* (v + 2^(n-1)) >> n without overflow */
            uint64_t t = v >> (n - 1);
            r = (t >> 1) + (t & 1u);
        }
        return satbits ? sat_unsigned(r, satbits, sat) : r;
    }
    unsigned n = (unsigned)amount;
    if (satbits == 0)
        return n >= 64 ? 0 : v << n;
    uint64_t max = satbits >= 64 ? UINT64_MAX : ((uint64_t)1 << satbits) - 1u;
    if (v == 0)
        return 0;
    if (n >= 64 || v > (max >> n)) {
        *sat = true;
        return max;
    }
    return v << n;
}

static uint64_t shift_signed(int64_t v, int amount, bool round, unsigned satbits, bool *sat)
{
    if (amount < 0) {
        unsigned n = (unsigned)-amount;
        int64_t r;
        if (!round)
            r = v >> (n >= 64 ? 63 : n);
        else if (n > 64)
            r = 0;                      /* |v| / 2^n < 1/2 rounds to 0 */
        else {
            int64_t t = v >> (n - 1);
            r = (t >> 1) + (t & 1);
        }
        return (uint64_t)(satbits ? sat_signed(r, satbits, sat) : r);
    }
    unsigned n = (unsigned)amount;
    if (satbits == 0)
        return n >= 64 ? 0 : (uint64_t)v << n;
    int64_t max = satbits >= 64 ? INT64_MAX : ((int64_t)1 << (satbits - 1)) - 1;
    int64_t min = -max - 1;
    if (v == 0)
        return 0;
    if (n >= satbits || v > (max >> n) || v < (min >> n)) {
        *sat = true;
        return (uint64_t)(v < 0 ? min : max);
    }
    return (uint64_t)v << n;
}

static uint64_t shift_operand(const insn_t *in, uint64_t v, int amount, bool *sat)
{
    bool round = in->aux[0] & SH_ROUND;
    if (in->aux[0] & SH_SIGNED)
        return shift_signed((int64_t)v, amount, round, in->esize, sat);
    return shift_unsigned(v, amount, round, in->esize, sat);
}

/* Shift RdaHi:RdaLo (rd = RdaLo, ra = RdaHi) or Rda (rd). */
static void do_shift(cpu_t *cpu, const insn_t *in, int amount)
{
    if (!cpu->mve_present)
        cpu_undefined(cpu);
    bool sat = false;
    uint64_t v;
    if (in->aux[0] & SH_LONG)
        v = (uint64_t)cpu->r[in->ra] << 32 | cpu->r[in->rd];
    else if (in->aux[0] & SH_SIGNED)
        v = (uint64_t)(int64_t)(int32_t)cpu->r[in->rd];
    else
        v = cpu->r[in->rd];
    v = shift_operand(in, v, amount, &sat);
    cpu->r[in->rd] = (uint32_t)v;
    if (in->aux[0] & SH_LONG)
        cpu->r[in->ra] = (uint32_t)(v >> 32);
    if (sat)
        cpu->q = 1;
}

static void exec_shift_imm(cpu_t *cpu, const insn_t *in)
{
    int amount = (int)in->imm;
    do_shift(cpu, in, (in->aux[0] & SH_NEGATE) ? -amount : amount);
}

/* The amount is the signed bottom byte of Rm. */
static void exec_shift_reg(cpu_t *cpu, const insn_t *in)
{
    int amount = alu_sext(cpu->r[in->rm], 8);
    do_shift(cpu, in, (in->aux[0] & SH_NEGATE) ? -amount : amount);
}

/* Registers: rd = Rda or RdaLo, ra = RdaHi.  Returns false when a long
 * form names RdaHi = PC, which is not a long shift (only the 48-bit rows
 * see that: the 32-bit rows, searched first, claim the others); sets the
 * UNDEFINED exec for UNPREDICTABLE registers. */
static bool decode_shift_regs(insn_t *in, uint32_t raw, bool is_long)
{
    if (is_long) {
        in->rd = (raw >> 16) & 14u;
        in->ra = ((raw >> 8) & 14u) | 1u;
        in->aux[0] |= SH_LONG;
        if (in->ra == 15)
            return false;
        if (in->ra == 13)
            in->exec = exec_unpredictable;
    } else {
        in->rd = (raw >> 16) & 15u;
        if (bad_reg(in->rd))
            in->exec = exec_unpredictable;
    }
    return true;
}

/* Immediate forms.  type hw2[5:4]: 00 left unsigned, 01 right unsigned,
 * 10 right signed, 11 left signed.  The saturating family (32-bit forms
 * and long forms with op = 1) saturates left shifts and rounds right ones;
 * LSLL, LSRL, ASRL (op = 0) do neither. */
static bool decode_shift_imm(insn_t *in, uint32_t raw, bool is_long)
{
    bool sat_family = !is_long || ((raw >> 16) & 1u);
    unsigned type = (raw >> 4) & 3u;
    unsigned amount = ((raw >> 12) & 7u) << 2 | ((raw >> 6) & 3u);
    bool right = type == 1 || type == 2;
    if (amount == 0)
        amount = 32;
    in->aux[0] = (type >= 2 ? SH_SIGNED : 0u) | (right ? SH_NEGATE : 0u) |
                 (right && sat_family ? SH_ROUND : 0u);
    in->esize = (!right && sat_family) ? (is_long ? 64 : 32) : 0;
    in->imm = amount;
    return decode_shift_regs(in, raw, is_long);
}

/* Register forms.  hw2[5] = 1: signed and the amount counts a right shift
 * (ASRL, SQRSHR, SQRSHRL); else unsigned left (LSLL, UQRSHL, UQRSHLL).
 * The saturating family rounds and saturates to 32, 64 or (hw2[7]) 48. */
static bool decode_shift_reg(insn_t *in, uint32_t raw, bool is_long)
{
    bool sat_family = !is_long || ((raw >> 16) & 1u);
    bool is_signed = (raw >> 5) & 1u;
    in->rm = (raw >> 12) & 15u;
    in->aux[0] = (is_signed ? SH_SIGNED | SH_NEGATE : 0u) | (sat_family ? SH_ROUND : 0u);
    in->esize = !sat_family ? 0 : !is_long ? 32 : ((raw >> 7) & 1u) ? 48 : 64;
    if (!decode_shift_regs(in, raw, is_long))
        return false;
    if (bad_reg(in->rm) || in->rm == in->rd || (is_long && in->rm == in->ra))
        in->exec = exec_unpredictable;
    return true;
}

static bool decode_word_shift_imm(insn_t *in, uint32_t raw)
{
    return decode_shift_imm(in, raw, false);
}

static bool decode_long_shift_imm(insn_t *in, uint32_t raw)
{
    return decode_shift_imm(in, raw, true);
}

static bool decode_word_shift_reg(insn_t *in, uint32_t raw)
{
    return decode_shift_reg(in, raw, false);
}

static bool decode_long_shift_reg(insn_t *in, uint32_t raw)
{
    return decode_shift_reg(in, raw, true);
}

/* ------------------------------------------------------------------ */
/* The table.  Rows with Ra = 1111 (or hw2[11:8] = 1111) come before the
 * row that shares their encoding otherwise.                           */

const isa_pattern_t isa_patterns_dsp[] = {
    /* name    mask         match        size tclass       decode                 exec            fmt */
    /* 16 x 16 and 32 x 16 multiplies */
    {"smulbb",  0xFFF0F0F0u, 0xFB10F000u, 4, TC_MUL,      decode_dsp_mul_halves, exec_smulxy,    "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smulbt",  0xFFF0F0F0u, 0xFB10F010u, 4, TC_MUL,      decode_dsp_mul_halves, exec_smulxy,    "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smultb",  0xFFF0F0F0u, 0xFB10F020u, 4, TC_MUL,      decode_dsp_mul_halves, exec_smulxy,    "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smultt",  0xFFF0F0F0u, 0xFB10F030u, 4, TC_MUL,      decode_dsp_mul_halves, exec_smulxy,    "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlabb",  0xFFF000F0u, 0xFB100000u, 4, TC_MUL,      decode_dsp_mla_halves, exec_smlaxy,    "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smlabt",  0xFFF000F0u, 0xFB100010u, 4, TC_MUL,      decode_dsp_mla_halves, exec_smlaxy,    "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smlatb",  0xFFF000F0u, 0xFB100020u, 4, TC_MUL,      decode_dsp_mla_halves, exec_smlaxy,    "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smlatt",  0xFFF000F0u, 0xFB100030u, 4, TC_MUL,      decode_dsp_mla_halves, exec_smlaxy,    "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smuad",   0xFFF0F0F0u, 0xFB20F000u, 4, TC_MUL,      decode_dsp_mul,        exec_smuad,     "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smuadx",  0xFFF0F0F0u, 0xFB20F010u, 4, TC_MUL,      decode_dsp_mul,        exec_smuad,     "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlad",   0xFFF000F0u, 0xFB200000u, 4, TC_MUL,      decode_dsp_mla,        exec_smlad,     "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smladx",  0xFFF000F0u, 0xFB200010u, 4, TC_MUL,      decode_dsp_mla,        exec_smlad,     "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smulwb",  0xFFF0F0F0u, 0xFB30F000u, 4, TC_MUL,      decode_dsp_mul,        exec_smulwy,    "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smulwt",  0xFFF0F0F0u, 0xFB30F010u, 4, TC_MUL,      decode_dsp_mul,        exec_smulwy,    "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlawb",  0xFFF000F0u, 0xFB300000u, 4, TC_MUL,      decode_dsp_mla,        exec_smlawy,    "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smlawt",  0xFFF000F0u, 0xFB300010u, 4, TC_MUL,      decode_dsp_mla,        exec_smlawy,    "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smusd",   0xFFF0F0F0u, 0xFB40F000u, 4, TC_MUL,      decode_dsp_mul,        exec_smusd,     "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smusdx",  0xFFF0F0F0u, 0xFB40F010u, 4, TC_MUL,      decode_dsp_mul,        exec_smusd,     "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlsd",   0xFFF000F0u, 0xFB400000u, 4, TC_MUL,      decode_dsp_mla,        exec_smlsd,     "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smlsdx",  0xFFF000F0u, 0xFB400010u, 4, TC_MUL,      decode_dsp_mla,        exec_smlsd,     "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smmul",   0xFFF0F0F0u, 0xFB50F000u, 4, TC_MUL,      decode_dsp_mul,        exec_smmul,     "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smmulr",  0xFFF0F0F0u, 0xFB50F010u, 4, TC_MUL,      decode_dsp_mul,        exec_smmul,     "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smmla",   0xFFF000F0u, 0xFB500000u, 4, TC_MUL,      decode_dsp_mla,        exec_smmla,     "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smmlar",  0xFFF000F0u, 0xFB500010u, 4, TC_MUL,      decode_dsp_mla,        exec_smmla,     "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"smmls",   0xFFF000F0u, 0xFB600000u, 4, TC_MUL,      decode_dsp_mla,        exec_smmls,     "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smmlsr",  0xFFF000F0u, 0xFB600010u, 4, TC_MUL,      decode_dsp_mla,        exec_smmls,     "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"usad8",   0xFFF0F0F0u, 0xFB70F000u, 4, TC_MUL,      decode_dsp_mul,        exec_usad8,     "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"usada8",  0xFFF000F0u, 0xFB700000u, 4, TC_MUL,      decode_dsp_mla,        exec_usada8,    "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    /* 64-bit accumulating DSP multiplies */
    {"smlalbb", 0xFFF000F0u, 0xFBC00080u, 4, TC_MUL_LONG, decode_dsp_long_halves, exec_smlalxy,  "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlalbt", 0xFFF000F0u, 0xFBC00090u, 4, TC_MUL_LONG, decode_dsp_long_halves, exec_smlalxy,  "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlaltb", 0xFFF000F0u, 0xFBC000A0u, 4, TC_MUL_LONG, decode_dsp_long_halves, exec_smlalxy,  "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlaltt", 0xFFF000F0u, 0xFBC000B0u, 4, TC_MUL_LONG, decode_dsp_long_halves, exec_smlalxy,  "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlald",  0xFFF000F0u, 0xFBC000C0u, 4, TC_MUL_LONG, decode_dsp_long,       exec_smlald,    "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlaldx", 0xFFF000F0u, 0xFBC000D0u, 4, TC_MUL_LONG, decode_dsp_long,       exec_smlald,    "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlsld",  0xFFF000F0u, 0xFBD000C0u, 4, TC_MUL_LONG, decode_dsp_long,       exec_smlsld,    "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlsldx", 0xFFF000F0u, 0xFBD000D0u, 4, TC_MUL_LONG, decode_dsp_long,       exec_smlsld,    "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* parallel add/subtract: hw1[6:4] operation, hw2[6:4] prefix */
    {"sadd8",   0xFFF0F0F0u, 0xFA80F000u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sadd16",  0xFFF0F0F0u, 0xFA90F000u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sasx",    0xFFF0F0F0u, 0xFAA0F000u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ssub8",   0xFFF0F0F0u, 0xFAC0F000u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ssub16",  0xFFF0F0F0u, 0xFAD0F000u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ssax",    0xFFF0F0F0u, 0xFAE0F000u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"qadd8",   0xFFF0F0F0u, 0xFA80F010u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"qadd16",  0xFFF0F0F0u, 0xFA90F010u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"qasx",    0xFFF0F0F0u, 0xFAA0F010u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"qsub8",   0xFFF0F0F0u, 0xFAC0F010u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"qsub16",  0xFFF0F0F0u, 0xFAD0F010u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"qsax",    0xFFF0F0F0u, 0xFAE0F010u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"shadd8",  0xFFF0F0F0u, 0xFA80F020u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"shadd16", 0xFFF0F0F0u, 0xFA90F020u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"shasx",   0xFFF0F0F0u, 0xFAA0F020u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"shsub8",  0xFFF0F0F0u, 0xFAC0F020u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"shsub16", 0xFFF0F0F0u, 0xFAD0F020u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"shsax",   0xFFF0F0F0u, 0xFAE0F020u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uadd8",   0xFFF0F0F0u, 0xFA80F040u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD | OP_FLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uadd16",  0xFFF0F0F0u, 0xFA90F040u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uasx",    0xFFF0F0F0u, 0xFAA0F040u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"usub8",   0xFFF0F0F0u, 0xFAC0F040u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"usub16",  0xFFF0F0F0u, 0xFAD0F040u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"usax",    0xFFF0F0F0u, 0xFAE0F040u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uqadd8",  0xFFF0F0F0u, 0xFA80F050u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uqadd16", 0xFFF0F0F0u, 0xFA90F050u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uqasx",   0xFFF0F0F0u, 0xFAA0F050u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uqsub8",  0xFFF0F0F0u, 0xFAC0F050u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uqsub16", 0xFFF0F0F0u, 0xFAD0F050u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uqsax",   0xFFF0F0F0u, 0xFAE0F050u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uhadd8",  0xFFF0F0F0u, 0xFA80F060u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uhadd16", 0xFFF0F0F0u, 0xFA90F060u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uhasx",   0xFFF0F0F0u, 0xFAA0F060u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uhsub8",  0xFFF0F0F0u, 0xFAC0F060u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uhsub16", 0xFFF0F0F0u, 0xFAD0F060u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uhsax",   0xFFF0F0F0u, 0xFAE0F060u, 4, TC_ALU,      decode_parallel,       exec_parallel,  "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* saturating arithmetic, SEL (operands: QADD Rd, Rm, Rn) */
    {"qadd",    0xFFF0F0F0u, 0xFA80F080u, 4, TC_ALU,      decode_misc,           exec_qaddsub,   "{rd}, {rm}, {rn}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"qdadd",   0xFFF0F0F0u, 0xFA80F090u, 4, TC_ALU,      decode_misc,           exec_qaddsub,   "{rd}, {rm}, {rn}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"qsub",    0xFFF0F0F0u, 0xFA80F0A0u, 4, TC_ALU,      decode_misc,           exec_qaddsub,   "{rd}, {rm}, {rn}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"qdsub",   0xFFF0F0F0u, 0xFA80F0B0u, 4, TC_ALU,      decode_misc,           exec_qaddsub,   "{rd}, {rm}, {rn}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sel",     0xFFF0F0F0u, 0xFAA0F080u, 4, TC_ALU,      decode_misc,           exec_sel,       "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* saturate (SSAT16/USAT16 are the sh = 1, amount 0 forms) */
    {"ssat16",  0xFFF0F0E0u, 0xF3200000u, 4, TC_ALU,      decode_sat16,          exec_ssat16,    "{rd}, {imm}, {rn}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ssat",    0xFFD08020u, 0xF3000000u, 4, TC_ALU,      decode_sat,            exec_ssat,      "{rd}, {imm}, {rn}{shift}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"usat16",  0xFFF0F0E0u, 0xF3A00000u, 4, TC_ALU,      decode_sat16,          exec_usat16,    "{rd}, {imm}, {rn}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"usat",    0xFFD08020u, 0xF3800000u, 4, TC_ALU,      decode_sat,            exec_usat,      "{rd}, {imm}, {rn}{shift}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    /* halfword packing (shift of Rm: LSL for BT, ASR for TB) */
    {"pkhbt",   0xFFF08030u, 0xEAC00000u, 4, TC_ALU,      decode_pkh,            exec_pkhbt,     "{rd}, {rn}, {rm}{shift}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"pkhtb",   0xFFF08030u, 0xEAC00020u, 4, TC_ALU,      decode_pkh,            exec_pkhtb,     "{rd}, {rn}, {rm}{shift}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    /* Armv8.1-M shifts of one register (hw2[11:8] = 1111) */
    {"uqshl",   0xFFF08F3Fu, 0xEA500F0Fu, 4, TC_ALU,      decode_word_shift_imm, exec_shift_imm, "{rd}, {imm}", OP_RD, OP_RD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"urshr",   0xFFF08F3Fu, 0xEA500F1Fu, 4, TC_ALU,      decode_word_shift_imm, exec_shift_imm, "{rd}, {imm}", OP_RD, OP_RD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"srshr",   0xFFF08F3Fu, 0xEA500F2Fu, 4, TC_ALU,      decode_word_shift_imm, exec_shift_imm, "{rd}, {imm}", OP_RD, OP_RD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"sqshl",   0xFFF08F3Fu, 0xEA500F3Fu, 4, TC_ALU,      decode_word_shift_imm, exec_shift_imm, "{rd}, {imm}", OP_RD, OP_RD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"uqrshl",  0xFFF00FFFu, 0xEA500F0Du, 4, TC_ALU,      decode_word_shift_reg, exec_shift_reg, "{rd}, {rm}", OP_RD, OP_RD | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"sqrshr",  0xFFF00FFFu, 0xEA500F2Du, 4, TC_ALU,      decode_word_shift_reg, exec_shift_reg, "{rd}, {rm}", OP_RD, OP_RD | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* Armv8.1-M shifts of RdaHi:RdaLo (rd = RdaLo, ra = RdaHi) */
    {"lsll",    0xFFF1813Fu, 0xEA50010Fu, 4, TC_ALU,      decode_long_shift_imm, exec_shift_imm, "{rd}, {ra}, {imm}", OP_RD | OP_RA, OP_RD | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"lsrl",    0xFFF1813Fu, 0xEA50011Fu, 4, TC_ALU,      decode_long_shift_imm, exec_shift_imm, "{rd}, {ra}, {imm}", OP_RD | OP_RA, OP_RD | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"asrl",    0xFFF1813Fu, 0xEA50012Fu, 4, TC_ALU,      decode_long_shift_imm, exec_shift_imm, "{rd}, {ra}, {imm}", OP_RD | OP_RA, OP_RD | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"uqshll",  0xFFF1813Fu, 0xEA51010Fu, 4, TC_ALU,      decode_long_shift_imm, exec_shift_imm, "{rd}, {ra}, {imm}", OP_RD | OP_RA, OP_RD | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"urshrl",  0xFFF1813Fu, 0xEA51011Fu, 4, TC_ALU,      decode_long_shift_imm, exec_shift_imm, "{rd}, {ra}, {imm}", OP_RD | OP_RA, OP_RD | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"srshrl",  0xFFF1813Fu, 0xEA51012Fu, 4, TC_ALU,      decode_long_shift_imm, exec_shift_imm, "{rd}, {ra}, {imm}", OP_RD | OP_RA, OP_RD | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"sqshll",  0xFFF1813Fu, 0xEA51013Fu, 4, TC_ALU,      decode_long_shift_imm, exec_shift_imm, "{rd}, {ra}, {imm}", OP_RD | OP_RA, OP_RD | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"lsll",    0xFFF101FFu, 0xEA50010Du, 4, TC_ALU,      decode_long_shift_reg, exec_shift_reg, "{rd}, {ra}, {rm}", OP_RD | OP_RA, OP_RD | OP_RA | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"asrl",    0xFFF101FFu, 0xEA50012Du, 4, TC_ALU,      decode_long_shift_reg, exec_shift_reg, "{rd}, {ra}, {rm}", OP_RD | OP_RA, OP_RD | OP_RA | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"uqrshll", 0xFFF101FFu, 0xEA51010Du, 4, TC_ALU,      decode_long_shift_reg, exec_shift_reg, "{rd}, {ra}, #64, {rm}", OP_RD | OP_RA, OP_RD | OP_RA | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"uqrshll", 0xFFF101FFu, 0xEA51018Du, 4, TC_ALU,      decode_long_shift_reg, exec_shift_reg, "{rd}, {ra}, #48, {rm}", OP_RD | OP_RA, OP_RD | OP_RA | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"sqrshrl", 0xFFF101FFu, 0xEA51012Du, 4, TC_ALU,      decode_long_shift_reg, exec_shift_reg, "{rd}, {ra}, #64, {rm}", OP_RD | OP_RA, OP_RD | OP_RA | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"sqrshrl", 0xFFF101FFu, 0xEA5101ADu, 4, TC_ALU,      decode_long_shift_reg, exec_shift_reg, "{rd}, {ra}, #48, {rm}", OP_RD | OP_RA, OP_RD | OP_RA | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {0},
};

/* The plain execute functions (isa_insn_plain()): all but the long
 * shifts, which are UNDEFINED on a core without MVE (a fault). */
const isa_exec_fn isa_plain_dsp[] = {
    exec_smulxy, exec_smlaxy, exec_smlalxy, exec_smulwy, exec_smlawy, exec_smuad, exec_smusd,
    exec_smlad, exec_smlsd, exec_smlald, exec_smlsld, exec_smmul, exec_smmla, exec_smmls,
    exec_usad8, exec_usada8, exec_parallel, exec_sel, exec_qaddsub, exec_ssat, exec_usat,
    exec_ssat16, exec_usat16, exec_pkhbt, exec_pkhtb,
    NULL,
};
