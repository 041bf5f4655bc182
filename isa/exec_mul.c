/* Multiplies and divides: MULS (16-bit), MUL, MLA, MLS, the 64-bit
 * SMULL/UMULL/SMLAL/UMLAL/UMAAL and SDIV/UDIV.
 *
 * The DSP multiplies that share the same encoding space (SMULxy, SMLAD,
 * SMMUL, SMLALxy...) live in exec_dsp.c, whose table is searched first.
 * Products are formed in 64-bit arithmetic, so nothing overflows in C.
 */
#include "alu.h"
#include "insn.h"

/* This family's entries of the hot path (isa/hot_path.h). */
#undef ISA_HOT_IN_mul
#define ISA_HOT_IN_mul(X, fn) X(fn)
ISA_DECLARE_HOT(mul)

/* SP and PC as operands of a 32-bit multiply or divide are UNPREDICTABLE;
 * the decoders reject them, which makes the encoding UNDEFINED. */
static bool bad_reg(unsigned r)
{
    return r == 13 || r == 15;
}

/* ------------------------------------------------------------------ */
/* Decoders                                                            */

/* MULS <Rdm>, <Rn>, <Rdm> (T1): flags only outside an IT block. */
static bool decode_muls16(insn_t *in, uint32_t raw)
{
    in->rd = raw & 7u;
    in->rm = raw & 7u;
    in->rn = (raw >> 3) & 7u;
    in->flags = INSN_SETFLAGS_OUTSIDE_IT;
    return true;
}

/* hw1: 1111 1011 0ooo Rn, hw2: Ra Rd oooo Rm (MUL, MLA, MLS). */
static bool decode_mul32(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->ra = (raw >> 12) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    return !bad_reg(in->rd) && !bad_reg(in->rn) && !bad_reg(in->rm);
}

/* MLA, MLS: as above with an accumulator (MLA with Ra = 1111 is MUL, whose
 * row comes first). */
static bool decode_mla(insn_t *in, uint32_t raw)
{
    return decode_mul32(in, raw) && !bad_reg(in->ra);
}

/* hw1: 1111 1011 1ooo Rn, hw2: RdLo RdHi oooo Rm.  rd = RdLo, ra = RdHi. */
static bool decode_mul_long(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 12) & 15u;
    in->ra = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    return !bad_reg(in->rd) && !bad_reg(in->ra) && !bad_reg(in->rn) &&
           !bad_reg(in->rm) && in->rd != in->ra;
}

/* hw1: 1111 1011 1oo1 Rn, hw2: 1111 Rd 1111 Rm (SDIV, UDIV). */
static bool decode_div(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    return !bad_reg(in->rd) && !bad_reg(in->rn) && !bad_reg(in->rm);
}

/* ------------------------------------------------------------------ */
/* 32 x 32 -> 32                                                       */

static void exec_muls16(cpu_t *cpu, const insn_t *in)
{
    uint32_t result = cpu->r[in->rn] * cpu->r[in->rm];
    cpu->r[in->rd] = result;
    if (insn_sets_flags(cpu, in))
        alu_set_nz(cpu, result);   /* C and V are unchanged in v8-M */
}

static void exec_mul(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = cpu->r[in->rn] * cpu->r[in->rm];
}

static void exec_mla(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = cpu->r[in->ra] + cpu->r[in->rn] * cpu->r[in->rm];
}

static void exec_mls(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = cpu->r[in->ra] - cpu->r[in->rn] * cpu->r[in->rm];
}

/* ------------------------------------------------------------------ */
/* 32 x 32 -> 64                                                       */

static uint64_t read_pair(const cpu_t *cpu, const insn_t *in)
{
    return (uint64_t)cpu->r[in->ra] << 32 | cpu->r[in->rd];
}

static void write_pair(cpu_t *cpu, const insn_t *in, uint64_t value)
{
    cpu->r[in->rd] = (uint32_t)value;
    cpu->r[in->ra] = (uint32_t)(value >> 32);
}

static uint64_t signed_product(const cpu_t *cpu, const insn_t *in)
{
    return (uint64_t)((int64_t)(int32_t)cpu->r[in->rn] * (int32_t)cpu->r[in->rm]);
}

static uint64_t unsigned_product(const cpu_t *cpu, const insn_t *in)
{
    return (uint64_t)cpu->r[in->rn] * cpu->r[in->rm];
}

static void exec_smull(cpu_t *cpu, const insn_t *in)
{
    write_pair(cpu, in, signed_product(cpu, in));
}

static void exec_umull(cpu_t *cpu, const insn_t *in)
{
    write_pair(cpu, in, unsigned_product(cpu, in));
}

static void exec_smlal(cpu_t *cpu, const insn_t *in)
{
    write_pair(cpu, in, read_pair(cpu, in) + signed_product(cpu, in));
}

static void exec_umlal(cpu_t *cpu, const insn_t *in)
{
    write_pair(cpu, in, read_pair(cpu, in) + unsigned_product(cpu, in));
}

/* UMAAL: Rn * Rm + RdHi + RdLo, at most 2^64 - 1, so it never wraps. */
static void exec_umaal(cpu_t *cpu, const insn_t *in)
{
    uint64_t sum = unsigned_product(cpu, in) + cpu->r[in->ra] + cpu->r[in->rd];
    write_pair(cpu, in, sum);
}

/* ------------------------------------------------------------------ */
/* Divides                                                             */

/* Assumption (no published per-operand figure): the Cortex-M55 divider
 * takes 2 to 11 cycles, ending early for small quotients.  We model it as
 * 2 cycles plus one cycle per ~3.5 significant bits of the quotient's
 * magnitude (0 bits: 2 cycles, 32 bits: 11), and charge on top of the
 * row's TC_DIV cost whatever that cost does not already cover. */
static void charge_divide(cpu_t *cpu, uint32_t magnitude)
{
    unsigned bits = 0;
    while (bits < 32 && (magnitude >> bits) != 0)
        bits++;
    unsigned total = 2 + (bits * 9 + 31) / 32;
    unsigned base = timing_class_info[TC_DIV].issue;
    if (total > base)
        timing_add(cpu, total - base);
}

/* Division by zero: the result is 0 unless CCR.DIV_0_TRP asks for a
 * UsageFault (which leaves Rd untouched). */
static void divide_by_zero(cpu_t *cpu, const insn_t *in)
{
    if (cpu->scb.ccr & CCR_DIV_0_TRP)
        cpu_fault(cpu, FAULT_DIVBYZERO, 0);
    cpu->r[in->rd] = 0;
}

static void exec_sdiv(cpu_t *cpu, const insn_t *in)
{
    int32_t n = (int32_t)cpu->r[in->rn], m = (int32_t)cpu->r[in->rm];
    if (m == 0) {
        divide_by_zero(cpu, in);
        return;
    }
    /* INT_MIN / -1 overflows in C; the architecture gives INT_MIN. */
    uint32_t q = (n == INT32_MIN && m == -1) ? 0x80000000u : (uint32_t)(n / m);
    cpu->r[in->rd] = q;
    charge_divide(cpu, (int32_t)q < 0 ? 0u - q : q);
}

static void exec_udiv(cpu_t *cpu, const insn_t *in)
{
    uint32_t m = cpu->r[in->rm];
    if (m == 0) {
        divide_by_zero(cpu, in);
        return;
    }
    uint32_t q = cpu->r[in->rn] / m;
    cpu->r[in->rd] = q;
    charge_divide(cpu, q);
}

/* ------------------------------------------------------------------ */
/* The table.  Rows with Ra = 1111 come before the accumulating form that
 * shares their encoding.                                              */

const isa_pattern_t isa_patterns_mul[] = {
    /* name      mask         match        size tclass       decode           exec          fmt */
    {"muls",  0x0000FFC0u, 0x00004340u, 2, TC_MUL,      decode_muls16,   exec_muls16, "{rd}, {rn}, {rd}", OP_RD | OP_FLAGS, OP_RD | OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"mul",   0xFFF0F0F0u, 0xFB00F000u, 4, TC_MUL,      decode_mul32,    exec_mul,    "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"mla",   0xFFF000F0u, 0xFB000000u, 4, TC_MUL,      decode_mla,      exec_mla,    "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"mls",   0xFFF000F0u, 0xFB000010u, 4, TC_MUL,      decode_mla,      exec_mls,    "{rd}, {rn}, {rm}, {ra}", OP_RD, OP_RN | OP_RM | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smull", 0xFFF000F0u, 0xFB800000u, 4, TC_MUL_LONG, decode_mul_long, exec_smull,  "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sdiv",  0xFFF0F0F0u, 0xFB90F0F0u, 4, TC_DIV,      decode_div,      exec_sdiv,   "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"umull", 0xFFF000F0u, 0xFBA00000u, 4, TC_MUL_LONG, decode_mul_long, exec_umull,  "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"udiv",  0xFFF0F0F0u, 0xFBB0F0F0u, 4, TC_DIV,      decode_div,      exec_udiv,   "{rd}, {rn}, {rm}", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"smlal", 0xFFF000F0u, 0xFBC00000u, 4, TC_MUL_LONG, decode_mul_long, exec_smlal,  "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"umlal", 0xFFF000F0u, 0xFBE00000u, 4, TC_MUL_LONG, decode_mul_long, exec_umlal,  "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"umaal", 0xFFF000F0u, 0xFBE00060u, 4, TC_MUL_LONG, decode_mul_long, exec_umaal,  "{rd}, {ra}, {rn}, {rm}", OP_RD | OP_RA, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {0},
};

/* The plain execute functions (isa_insn_plain()): all but the divides,
 * whose latency depends on the operands (added cycles) and which fault
 * on a zero divisor with CCR.DIV_0_TRP. */
const isa_exec_fn isa_plain_mul[] = {
    exec_muls16, exec_mul, exec_mla, exec_mls, exec_smull, exec_umull, exec_smlal, exec_umlal, exec_umaal,
    NULL,
};

/* The family's dispatcher for the run loop (isa/hot_path.h). */
ISA_DEFINE_HOT_DISPATCH(mul)
