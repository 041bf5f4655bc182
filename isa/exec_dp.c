/* Integer data processing: ADD/ADC/SUB/SBC/RSB, AND/ORR/ORN/EOR/BIC,
 * MOV/MVN, the compares CMP/CMN/TST/TEQ, shifts (by immediate and by
 * register, RRX), ADR and the SP arithmetic forms, MOVW/MOVT, bitfields
 * (BFI/BFC/UBFX/SBFX), CLZ/RBIT/REV*, the sign/zero extends (with add and
 * rotation, B16 forms) and the Armv8.1-M conditional selects (CSEL...).
 *
 * Tables searched before this one claim neighbouring encodings: MULS (mul),
 * BX/BLX (branch), PKH, SSAT/USAT, SEL, parallel add/sub and the v8.1-M
 * long shifts in the ORR/MOV space (dsp).
 *
 * Operand 2 of the ALU operations is normalised at decode time so that ten
 * operations cover all sixteen: x - y = x + ~y + 1, so SUB, SBC and CMP run
 * as ADD, ADC and CMN with operand 2 inverted and a carry in of 1 (SUB,
 * CMP), and BIC, ORN and MVN run as AND, ORR and MOV with it inverted.
 * Fields of insn_t as this file uses them:
 *   imm     immediate forms: operand 2, already expanded (and inverted);
 *           register forms: an xor mask applied to the register operand
 *           (0, or 0xFFFFFFFF to invert it)
 *   aux[0]  ADD and CMP forms: the carry in (0 or 1); logical immediate
 *           forms: the carry out of ThumbExpandImm_C, or CARRY_KEEP when
 *           the immediate is not rotated (APSR.C unchanged);
 *           CSEL family: the condition tested
 *   aux[1]  shifted register forms: the operation (enum dp_op)
 *   cond    CSEL family: the condition as written (inverted for aliases)
 * Execute functions come in shapes: immediate (_imm), register without a
 * shift (_reg), and the generic shifted register form (exec_dp_shift),
 * so the common forms run without a switch on the operation.
 *
 * UNPREDICTABLE register choices (PC or SP where the Arm ARM forbids them)
 * are rejected by the decoders, which makes them UNDEFINED.
 */
#include "alu.h"
#include "insn.h"

/* This family's entries of the hot path (isa/hot_path.h). */
#undef ISA_HOT_IN_dp
#define ISA_HOT_IN_dp(X, fn) X(fn)
ISA_DECLARE_HOT(dp)

/* The operations after normalisation (see above). */
enum dp_op {
    DP_AND, DP_ORR, DP_EOR, DP_MOV, DP_TST, DP_TEQ,
    DP_ADD, DP_ADC, DP_RSB, DP_CMP, DP_COUNT
};

/* aux[0] of a logical immediate form whose immediate is not rotated. */
#define CARRY_KEEP 2u

/* ------------------------------------------------------------------ */
/* Helpers of the execute functions                                    */

static inline void logic_flags(cpu_t *cpu, uint32_t result, uint32_t carry)
{
    alu_set_nz(cpu, result);
    cpu->c = carry;
}

static inline void arith_flags(cpu_t *cpu, uint32_t a, uint32_t b, uint32_t carry_in)
{
    alu_result_t r = alu_add_with_carry(a, b, carry_in);
    alu_set_nz(cpu, r.value);
    cpu->c = r.carry;
    cpu->v = r.overflow;
}

/* Rd = SP goes through cpu_write_sp (stack limit check), which may fault,
 * so it comes before the flags.  Kept out of line: the common path then
 * needs no call and no saved registers. */
static __attribute__((noinline)) void logic_result_sp(cpu_t *cpu, const insn_t *in,
                                                      uint32_t result, uint32_t carry)
{
    cpu_write_sp(cpu, result);
    if (insn_sets_flags(cpu, in))
        logic_flags(cpu, result, carry);
}

static __attribute__((noinline)) void arith_result_sp(cpu_t *cpu, const insn_t *in, uint32_t a,
                                                      uint32_t b, uint32_t carry_in)
{
    cpu_write_sp(cpu, a + b + carry_in);
    if (insn_sets_flags(cpu, in))
        arith_flags(cpu, a, b, carry_in);
}

/* Result into Rd; NZ and C (from the shifter or the immediate) when asked. */
static inline void logic_result(cpu_t *cpu, const insn_t *in, uint32_t result, uint32_t carry)
{
    if (in->rd == 13) {
        logic_result_sp(cpu, in, result, carry);
        return;
    }
    cpu->r[in->rd] = result;
    if (insn_sets_flags(cpu, in))
        logic_flags(cpu, result, carry);
}

/* AddWithCarry(a, b, carry_in) into Rd; NZCV when asked. */
static inline void arith_result(cpu_t *cpu, const insn_t *in, uint32_t a, uint32_t b,
                                uint32_t carry_in)
{
    if (in->rd == 13) {
        arith_result_sp(cpu, in, a, b, carry_in);
        return;
    }
    cpu->r[in->rd] = a + b + carry_in;
    if (insn_sets_flags(cpu, in))
        arith_flags(cpu, a, b, carry_in);
}

static inline uint32_t imm_carry(const cpu_t *cpu, const insn_t *in)
{
    return in->aux[0] == CARRY_KEEP ? cpu->c : in->aux[0];
}

/* Register operand 2, inverted for BIC/ORN/MVN/SUB/SBC/CMP. */
static inline uint32_t reg_operand(const cpu_t *cpu, const insn_t *in)
{
    return cpu->r[in->rm] ^ in->imm;
}

/* ------------------------------------------------------------------ */
/* ALU operations, immediate operand 2                                 */

static void exec_and_imm(cpu_t *cpu, const insn_t *in)
{
    logic_result(cpu, in, cpu->r[in->rn] & in->imm, imm_carry(cpu, in));
}

static void exec_orr_imm(cpu_t *cpu, const insn_t *in)
{
    logic_result(cpu, in, cpu->r[in->rn] | in->imm, imm_carry(cpu, in));
}

static void exec_eor_imm(cpu_t *cpu, const insn_t *in)
{
    logic_result(cpu, in, cpu->r[in->rn] ^ in->imm, imm_carry(cpu, in));
}

static void exec_mov_imm(cpu_t *cpu, const insn_t *in)
{
    logic_result(cpu, in, in->imm, imm_carry(cpu, in));
}

static void exec_tst_imm(cpu_t *cpu, const insn_t *in)
{
    logic_flags(cpu, cpu->r[in->rn] & in->imm, imm_carry(cpu, in));
}

static void exec_teq_imm(cpu_t *cpu, const insn_t *in)
{
    logic_flags(cpu, cpu->r[in->rn] ^ in->imm, imm_carry(cpu, in));
}

static void exec_add_imm(cpu_t *cpu, const insn_t *in)
{
    arith_result(cpu, in, cpu->r[in->rn], in->imm, in->aux[0]);
}

static void exec_adc_imm(cpu_t *cpu, const insn_t *in)
{
    arith_result(cpu, in, cpu->r[in->rn], in->imm, cpu->c);
}

static void exec_rsb_imm(cpu_t *cpu, const insn_t *in)
{
    arith_result(cpu, in, ~cpu->r[in->rn], in->imm, 1);
}

static void exec_cmp_imm(cpu_t *cpu, const insn_t *in)
{
    arith_flags(cpu, cpu->r[in->rn], in->imm, in->aux[0]);
}

/* ADR: Align(PC, 4) + imm (imm is negative for the subtracting form). */
static void exec_adr(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = (cpu->r[15] & ~3u) + in->imm;
}

/* MOVT: imm holds the new top half, already shifted. */
static void exec_movt(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = (cpu->r[in->rd] & 0xFFFFu) | in->imm;
}

/* ------------------------------------------------------------------ */
/* ALU operations, register operand 2 without a shift                  */

static void exec_and_reg(cpu_t *cpu, const insn_t *in)
{
    logic_result(cpu, in, cpu->r[in->rn] & reg_operand(cpu, in), cpu->c);
}

static void exec_orr_reg(cpu_t *cpu, const insn_t *in)
{
    logic_result(cpu, in, cpu->r[in->rn] | reg_operand(cpu, in), cpu->c);
}

static void exec_eor_reg(cpu_t *cpu, const insn_t *in)
{
    logic_result(cpu, in, cpu->r[in->rn] ^ reg_operand(cpu, in), cpu->c);
}

static void exec_mov_reg(cpu_t *cpu, const insn_t *in)
{
    logic_result(cpu, in, reg_operand(cpu, in), cpu->c);
}

static void exec_tst_reg(cpu_t *cpu, const insn_t *in)
{
    logic_flags(cpu, cpu->r[in->rn] & reg_operand(cpu, in), cpu->c);
}

static void exec_teq_reg(cpu_t *cpu, const insn_t *in)
{
    logic_flags(cpu, cpu->r[in->rn] ^ reg_operand(cpu, in), cpu->c);
}

static void exec_add_reg(cpu_t *cpu, const insn_t *in)
{
    arith_result(cpu, in, cpu->r[in->rn], reg_operand(cpu, in), in->aux[0]);
}

static void exec_adc_reg(cpu_t *cpu, const insn_t *in)
{
    arith_result(cpu, in, cpu->r[in->rn], reg_operand(cpu, in), cpu->c);
}

static void exec_rsb_reg(cpu_t *cpu, const insn_t *in)
{
    arith_result(cpu, in, ~cpu->r[in->rn], reg_operand(cpu, in), 1);
}

static void exec_cmp_reg(cpu_t *cpu, const insn_t *in)
{
    arith_flags(cpu, cpu->r[in->rn], reg_operand(cpu, in), in->aux[0]);
}

/* The unshifted register form of each operation (T32 decoders pick it when
 * the shift is LSL #0). */
static const isa_exec_fn dp_reg_exec[DP_COUNT] = {
    [DP_AND] = exec_and_reg, [DP_ORR] = exec_orr_reg, [DP_EOR] = exec_eor_reg,
    [DP_MOV] = exec_mov_reg, [DP_TST] = exec_tst_reg, [DP_TEQ] = exec_teq_reg,
    [DP_ADD] = exec_add_reg, [DP_ADC] = exec_adc_reg, [DP_RSB] = exec_rsb_reg,
    [DP_CMP] = exec_cmp_reg,
};

/* ------------------------------------------------------------------ */
/* Shifted register operand 2, and the shifts themselves               */

/* Any operation with a shifted register operand (aux[1] says which): the
 * table rows' execute function.  The decoder picks the specialised one of
 * the operation instead (dp_shift_exec below), so the host predicts each
 * operation's branches apart; the same body with op a constant. */
static inline __attribute__((always_inline)) void dp_shift(cpu_t *cpu, const insn_t *in, unsigned op)
{
    uint32_t carry;
    uint32_t b = alu_shift_imm_c(cpu->r[in->rm], in->shift_type, in->shift_n, cpu->c, &carry);
    uint32_t a = cpu->r[in->rn];
    b ^= in->imm;
    switch (op) {
    case DP_AND: logic_result(cpu, in, a & b, carry); break;
    case DP_ORR: logic_result(cpu, in, a | b, carry); break;
    case DP_EOR: logic_result(cpu, in, a ^ b, carry); break;
    case DP_MOV: logic_result(cpu, in, b, carry); break;
    case DP_TST: logic_flags(cpu, a & b, carry); break;
    case DP_TEQ: logic_flags(cpu, a ^ b, carry); break;
    case DP_ADD: arith_result(cpu, in, a, b, in->aux[0]); break;
    case DP_ADC: arith_result(cpu, in, a, b, cpu->c); break;
    case DP_RSB: arith_result(cpu, in, ~a, b, 1); break;
    default:     arith_flags(cpu, a, b, in->aux[0]); break;   /* DP_CMP */
    }
}

static void exec_dp_shift(cpu_t *cpu, const insn_t *in) { dp_shift(cpu, in, in->aux[1]); }

#define DP_SHIFT_FN_(name, OP) \
    static void exec_##name##_shift(cpu_t *cpu, const insn_t *in) { dp_shift(cpu, in, OP); }
DP_SHIFT_FN_(and, DP_AND)
DP_SHIFT_FN_(orr, DP_ORR)
DP_SHIFT_FN_(eor, DP_EOR)
DP_SHIFT_FN_(mov, DP_MOV)
DP_SHIFT_FN_(tst, DP_TST)
DP_SHIFT_FN_(teq, DP_TEQ)
DP_SHIFT_FN_(add, DP_ADD)
DP_SHIFT_FN_(adc, DP_ADC)
DP_SHIFT_FN_(rsb, DP_RSB)
DP_SHIFT_FN_(cmp, DP_CMP)
#undef DP_SHIFT_FN_

static const isa_exec_fn dp_shift_exec[DP_COUNT] = {
    [DP_AND] = exec_and_shift, [DP_ORR] = exec_orr_shift, [DP_EOR] = exec_eor_shift,
    [DP_MOV] = exec_mov_shift, [DP_TST] = exec_tst_shift, [DP_TEQ] = exec_teq_shift,
    [DP_ADD] = exec_add_shift, [DP_ADC] = exec_adc_shift, [DP_RSB] = exec_rsb_shift,
    [DP_CMP] = exec_cmp_shift,
};

/* LSL/LSR/ASR/ROR (immediate) and RRX: MOV with a shifted register.  The
 * shift type is a constant in each caller, so alu_shift_imm_c folds to two
 * shifts (the amounts are DecodeImmShift's: see alu.h). */
static inline void mov_shifted(cpu_t *cpu, const insn_t *in, unsigned type)
{
    uint32_t carry;
    uint32_t v = alu_shift_imm_c(cpu->r[in->rm], type, in->shift_n, cpu->c, &carry);
    logic_result(cpu, in, v, carry);
}

static void exec_lsl_imm(cpu_t *cpu, const insn_t *in) { mov_shifted(cpu, in, SRTYPE_LSL); }
static void exec_lsr_imm(cpu_t *cpu, const insn_t *in) { mov_shifted(cpu, in, SRTYPE_LSR); }
static void exec_asr_imm(cpu_t *cpu, const insn_t *in) { mov_shifted(cpu, in, SRTYPE_ASR); }
static void exec_ror_imm(cpu_t *cpu, const insn_t *in) { mov_shifted(cpu, in, SRTYPE_ROR); }
static void exec_rrx(cpu_t *cpu, const insn_t *in) { mov_shifted(cpu, in, SRTYPE_RRX); }

static const isa_exec_fn mov_shift_exec[5] = {
    [SRTYPE_LSL] = exec_lsl_imm, [SRTYPE_LSR] = exec_lsr_imm, [SRTYPE_ASR] = exec_asr_imm,
    [SRTYPE_ROR] = exec_ror_imm, [SRTYPE_RRX] = exec_rrx,
};

/* LSL/LSR/ASR/ROR (register): Rn shifted by the bottom byte of Rm. */
static inline void shift_by_reg(cpu_t *cpu, const insn_t *in, unsigned type)
{
    uint32_t carry;
    uint32_t v = alu_shift_c(cpu->r[in->rn], type, cpu->r[in->rm] & 0xFFu, cpu->c, &carry);
    logic_result(cpu, in, v, carry);
}

static void exec_lsl_reg(cpu_t *cpu, const insn_t *in) { shift_by_reg(cpu, in, SRTYPE_LSL); }
static void exec_lsr_reg(cpu_t *cpu, const insn_t *in) { shift_by_reg(cpu, in, SRTYPE_LSR); }
static void exec_asr_reg(cpu_t *cpu, const insn_t *in) { shift_by_reg(cpu, in, SRTYPE_ASR); }
static void exec_ror_reg(cpu_t *cpu, const insn_t *in) { shift_by_reg(cpu, in, SRTYPE_ROR); }

/* ------------------------------------------------------------------ */
/* Writes to the PC (16-bit ADD PC, Rm and MOV PC, Rm)                 */

/* ALUWritePC = BranchWritePC in Thumb: no interworking, bit 0 ignored. */
static void alu_write_pc(cpu_t *cpu, uint32_t target)
{
    /* Only the last instruction of an IT block may write the PC. */
    if (cpu_in_it_block(cpu) && !cpu_last_in_it_block(cpu))
        cpu_undefined(cpu);
    cpu_branch_write_pc(cpu, target);
    timing_taken_branch(cpu);
}

static void exec_add_pc(cpu_t *cpu, const insn_t *in)
{
    alu_write_pc(cpu, cpu->r[15] + cpu->r[in->rm]);
}

static void exec_mov_pc(cpu_t *cpu, const insn_t *in)
{
    alu_write_pc(cpu, cpu->r[in->rm]);
}

/* ------------------------------------------------------------------ */
/* Bitfields, bit and byte reversal                                    */

/* BFI: imm is the field mask, shift_n its lsb. */
static void exec_bfi(cpu_t *cpu, const insn_t *in)
{
    uint32_t field = (cpu->r[in->rn] << in->shift_n) & in->imm;
    cpu->r[in->rd] = (cpu->r[in->rd] & ~in->imm) | field;
}

static void exec_bfc(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] &= ~in->imm;
}

/* UBFX: imm is the mask of the width, shift_n the lsb. */
static void exec_ubfx(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = (cpu->r[in->rn] >> in->shift_n) & in->imm;
}

/* SBFX: the field is moved to the top (aux[0] = 32 - lsb - width), then
 * shifted down arithmetically (aux[1] = 32 - width). */
static void exec_sbfx(cpu_t *cpu, const insn_t *in)
{
    int32_t top = (int32_t)(cpu->r[in->rn] << in->aux[0]);
    cpu->r[in->rd] = (uint32_t)(top >> in->aux[1]);
}

static void exec_clz(cpu_t *cpu, const insn_t *in)
{
    uint32_t x = cpu->r[in->rm];
    cpu->r[in->rd] = x ? (uint32_t)__builtin_clz(x) : 32u;
}

static void exec_rbit(cpu_t *cpu, const insn_t *in)
{
    uint32_t x = cpu->r[in->rm];
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    cpu->r[in->rd] = (x >> 16) | (x << 16);
}

static void exec_rev(cpu_t *cpu, const insn_t *in)
{
    uint32_t x = cpu->r[in->rm];
    cpu->r[in->rd] = (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24);
}

static void exec_rev16(cpu_t *cpu, const insn_t *in)
{
    uint32_t x = cpu->r[in->rm];
    cpu->r[in->rd] = ((x >> 8) & 0x00FF00FFu) | ((x << 8) & 0xFF00FF00u);
}

static void exec_revsh(cpu_t *cpu, const insn_t *in)
{
    uint32_t x = cpu->r[in->rm];
    cpu->r[in->rd] = (uint32_t)alu_sext(((x & 0xFFu) << 8) | ((x >> 8) & 0xFFu), 16);
}

/* ------------------------------------------------------------------ */
/* Extends: Rm rotated right by shift_n (0, 8, 16, 24), then extended;  */
/* the A forms add Rn.                                                  */

static inline uint32_t ext_source(const cpu_t *cpu, const insn_t *in)
{
    return alu_ror(cpu->r[in->rm], in->shift_n);
}

static inline uint32_t sext8(uint32_t x) { return (uint32_t)alu_sext(x, 8); }
static inline uint32_t sext16(uint32_t x) { return (uint32_t)alu_sext(x, 16); }

static void exec_sxtb(cpu_t *cpu, const insn_t *in) { cpu->r[in->rd] = sext8(ext_source(cpu, in)); }
static void exec_sxth(cpu_t *cpu, const insn_t *in) { cpu->r[in->rd] = sext16(ext_source(cpu, in)); }
static void exec_uxtb(cpu_t *cpu, const insn_t *in) { cpu->r[in->rd] = ext_source(cpu, in) & 0xFFu; }
static void exec_uxth(cpu_t *cpu, const insn_t *in) { cpu->r[in->rd] = ext_source(cpu, in) & 0xFFFFu; }

static void exec_sxtab(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = cpu->r[in->rn] + sext8(ext_source(cpu, in));
}

static void exec_sxtah(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = cpu->r[in->rn] + sext16(ext_source(cpu, in));
}

static void exec_uxtab(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = cpu->r[in->rn] + (ext_source(cpu, in) & 0xFFu);
}

static void exec_uxtah(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = cpu->r[in->rn] + (ext_source(cpu, in) & 0xFFFFu);
}

/* The B16 forms extend bytes 0 and 2 into the two halfwords; the A forms
 * add them to the halfwords of Rn (each sum wraps within its halfword). */
static inline uint32_t pack_halves(uint32_t lo, uint32_t hi)
{
    return (lo & 0xFFFFu) | (hi << 16);
}

static void exec_sxtb16(cpu_t *cpu, const insn_t *in)
{
    uint32_t x = ext_source(cpu, in);
    cpu->r[in->rd] = pack_halves(sext8(x), sext8(x >> 16));
}

static void exec_uxtb16(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = ext_source(cpu, in) & 0x00FF00FFu;
}

static void exec_sxtab16(cpu_t *cpu, const insn_t *in)
{
    uint32_t x = ext_source(cpu, in), n = cpu->r[in->rn];
    cpu->r[in->rd] = pack_halves(n + sext8(x), (n >> 16) + sext8(x >> 16));
}

static void exec_uxtab16(cpu_t *cpu, const insn_t *in)
{
    uint32_t x = ext_source(cpu, in), n = cpu->r[in->rn];
    cpu->r[in->rd] = pack_halves(n + (x & 0xFFu), (n >> 16) + ((x >> 16) & 0xFFu));
}

/* ------------------------------------------------------------------ */
/* Conditional selects (Armv8.1-M).  Register 15 reads as zero (ZR).    */

static inline uint32_t zr_reg(const cpu_t *cpu, unsigned r)
{
    return r == 15 ? 0 : cpu->r[r];
}

/* Rd = cond ? Rn : other, where other is derived from Rm. */
static inline void cond_select(cpu_t *cpu, const insn_t *in, uint32_t other)
{
    cpu->r[in->rd] = alu_cond_passed(cpu, in->aux[0]) ? zr_reg(cpu, in->rn) : other;
}

static void exec_csel(cpu_t *cpu, const insn_t *in) { cond_select(cpu, in, zr_reg(cpu, in->rm)); }
static void exec_csinc(cpu_t *cpu, const insn_t *in) { cond_select(cpu, in, zr_reg(cpu, in->rm) + 1u); }
static void exec_csinv(cpu_t *cpu, const insn_t *in) { cond_select(cpu, in, ~zr_reg(cpu, in->rm)); }
static void exec_csneg(cpu_t *cpu, const insn_t *in) { cond_select(cpu, in, 0u - zr_reg(cpu, in->rm)); }

/* ------------------------------------------------------------------ */
/* Decoders: shared helpers                                            */

static bool bad_reg(unsigned r)
{
    return r == 13 || r == 15;
}

/* Operand 2 normalisation (see the top of the file). */
enum { OPND_PLAIN, OPND_NOT, OPND_NEG };

static void normalise_operand2(insn_t *in, unsigned kind)
{
    if (kind != OPND_PLAIN)
        in->imm = ~in->imm;   /* register forms: 0 becomes the inverting mask */
    if (kind == OPND_NEG)
        in->aux[0] = 1;
}

static void set_t32_setflags(insn_t *in, uint32_t raw)
{
    if (raw & (1u << 20))
        in->flags |= INSN_SETFLAGS;
}

/* The 4-bit opcode of the T32 modified-immediate and shifted-register
 * groups (hw1 bits 8:5), before the aliases with Rd or Rn = 1111. */
static const uint8_t t32_op[16] = {
    [0] = DP_AND, [1] = DP_AND /* BIC */, [2] = DP_ORR, [3] = DP_ORR /* ORN */,
    [4] = DP_EOR, [8] = DP_ADD, [10] = DP_ADC, [11] = DP_ADC /* SBC */,
    [13] = DP_ADD /* SUB */, [14] = DP_RSB,
};
static const uint8_t t32_opnd[16] = {
    [1] = OPND_NOT, [3] = OPND_NOT, [11] = OPND_NOT, [13] = OPND_NEG,
};

/* The operation of a T32 modified-immediate or shifted-register encoding
 * with its aliases: TST/TEQ/CMN/CMP (Rd = 1111, S = 1), MOV/MVN (Rn = 1111). */
static unsigned t32_operation(uint32_t raw)
{
    unsigned opc = (raw >> 21) & 15u, op = t32_op[opc];
    bool test = ((raw >> 8) & 15u) == 15u && (raw & (1u << 20));
    if (op == DP_ORR && ((raw >> 16) & 15u) == 15u)
        return DP_MOV;
    if (test && op == DP_AND)
        return DP_TST;
    if (test && op == DP_EOR)
        return DP_TEQ;
    if (test && op == DP_ADD)
        return DP_CMP;
    return op;
}

/* The register constraints of the T32 ALU forms (Arm ARM UNPREDICTABLE
 * cases).  rm is checked only for register forms; mov_sp_ok is true for
 * MOV.W Rd, Rm without shift or S, which may name SP. */
static bool t32_regs_ok(const insn_t *in, unsigned op, bool reg_form, bool mov_sp_ok)
{
    bool sp_form = (op == DP_ADD || op == DP_CMP) && in->rn == 13;
    if (reg_form && in->rm == 15)
        return false;
    if (reg_form && in->rm == 13 && !mov_sp_ok)
        return false;
    switch (op) {
    case DP_TST: case DP_TEQ:
        return !bad_reg(in->rn);
    case DP_CMP:
        return in->rn != 15;
    case DP_MOV:
        return in->rd != 15 && (in->rd != 13 || (mov_sp_ok && in->rm != 13));
    case DP_ADD:
        return in->rd != 15 && in->rn != 15 && (in->rd != 13 || sp_form);
    default:
        return !bad_reg(in->rd) && !bad_reg(in->rn);
    }
}

/* ------------------------------------------------------------------ */
/* Decoders: 16-bit                                                    */

/* LSL/LSR/ASR Rd, Rm, #imm5 (LSL #0 is MOVS Rd, Rm). */
static bool decode_t16_shift_imm(insn_t *in, uint32_t raw)
{
    in->rd = raw & 7u;
    in->rm = (raw >> 3) & 7u;
    alu_decode_imm_shift((raw >> 11) & 3u, (raw >> 6) & 31u, &in->shift_type, &in->shift_n);
    in->flags = INSN_SETFLAGS_OUTSIDE_IT;
    return true;
}

/* ADD/SUB Rd, Rn, Rm and ADD/SUB Rd, Rn, #imm3 (bit 10: immediate, bit 9: SUB). */
static bool decode_t16_addsub3(insn_t *in, uint32_t raw)
{
    in->rd = raw & 7u;
    in->rn = (raw >> 3) & 7u;
    if (raw & (1u << 10))
        in->imm = (raw >> 6) & 7u;
    else
        in->rm = (raw >> 6) & 7u;
    in->flags = INSN_SETFLAGS_OUTSIDE_IT;
    normalise_operand2(in, (raw & (1u << 9)) ? OPND_NEG : OPND_PLAIN);
    return true;
}

/* MOV/CMP/ADD/SUB Rdn, #imm8. */
static bool decode_t16_imm8(insn_t *in, uint32_t raw)
{
    static const uint8_t opnd[4] = {OPND_PLAIN, OPND_NEG, OPND_PLAIN, OPND_NEG};
    unsigned op = (raw >> 11) & 3u;
    in->rd = in->rn = (raw >> 8) & 7u;
    in->imm = raw & 0xFFu;
    in->flags = INSN_SETFLAGS_OUTSIDE_IT;
    if (op == 0)
        in->aux[0] = CARRY_KEEP;   /* MOVS #imm8 leaves C alone */
    normalise_operand2(in, opnd[op]);
    return true;
}

/* The data-processing group 0100 00oo oo Rm Rdn. */
static bool decode_t16_dp(insn_t *in, uint32_t raw)
{
    /* SBC, CMP, BIC, MVN take operand 2 inverted (and CMP a carry in). */
    static const uint8_t opnd[16] = {
        [6] = OPND_NOT, [10] = OPND_NEG, [14] = OPND_NOT, [15] = OPND_NOT,
    };
    in->rd = in->rn = raw & 7u;
    in->rm = (raw >> 3) & 7u;
    in->flags = INSN_SETFLAGS_OUTSIDE_IT;
    normalise_operand2(in, opnd[(raw >> 6) & 15u]);
    return true;
}

/* RSBS Rd, Rn, #0 (NEGS). */
static bool decode_t16_neg(insn_t *in, uint32_t raw)
{
    in->rd = raw & 7u;
    in->rn = (raw >> 3) & 7u;
    in->imm = 0;
    in->flags = INSN_SETFLAGS_OUTSIDE_IT;
    return true;
}

/* ADD Rdn, Rm with high registers (incl. the SP forms); never sets flags. */
static bool decode_t16_add_hi(insn_t *in, uint32_t raw)
{
    in->rd = in->rn = (raw & 7u) | ((raw >> 4) & 8u);
    in->rm = (raw >> 3) & 15u;
    if (in->rd == 15) {
        in->flags = INSN_BRANCH;
        return in->rm != 15;
    }
    return true;
}

/* CMP Rn, Rm with a high register. */
static bool decode_t16_cmp_hi(insn_t *in, uint32_t raw)
{
    in->rn = (raw & 7u) | ((raw >> 4) & 8u);
    in->rm = (raw >> 3) & 15u;
    normalise_operand2(in, OPND_NEG);
    return !(in->rn < 8 && in->rm < 8) && in->rn != 15 && in->rm != 15;
}

/* MOV Rd, Rm with any registers; never sets flags. */
static bool decode_t16_mov_hi(insn_t *in, uint32_t raw)
{
    in->rd = (raw & 7u) | ((raw >> 4) & 8u);
    in->rm = (raw >> 3) & 15u;
    if (in->rd == 15)
        in->flags = INSN_BRANCH;
    return true;
}

/* ADR Rd, #imm8*4 and ADD Rd, SP, #imm8*4. */
static bool decode_t16_adr_addsp(insn_t *in, uint32_t raw)
{
    in->rd = (raw >> 8) & 7u;
    in->rn = (raw & 0x0800u) ? 13 : 15;
    in->imm = (raw & 0xFFu) << 2;
    return true;
}

/* ADD/SUB SP, SP, #imm7*4 (bit 7: SUB). */
static bool decode_t16_sp_imm7(insn_t *in, uint32_t raw)
{
    in->rd = in->rn = 13;
    in->imm = (raw & 0x7Fu) << 2;
    normalise_operand2(in, (raw & 0x80u) ? OPND_NEG : OPND_PLAIN);
    return true;
}

/* SXTH/SXTB/UXTH/UXTB and REV/REV16/REVSH: Rd, Rm in the low bits. */
static bool decode_t16_rd_rm(insn_t *in, uint32_t raw)
{
    in->rd = raw & 7u;
    in->rm = (raw >> 3) & 7u;
    return true;
}

/* ------------------------------------------------------------------ */
/* Decoders: 32-bit                                                    */

/* Data processing (modified immediate): 11110 i 0 oooo S Rn | 0 imm3 Rd imm8. */
static bool decode_t32_modimm(insn_t *in, uint32_t raw)
{
    unsigned opc = (raw >> 21) & 15u, op = t32_operation(raw);
    uint32_t imm12 = alu_imm12_of(raw), carry;
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    set_t32_setflags(in, raw);
    /* An unrotated replicated pattern of a zero byte is UNPREDICTABLE. */
    if ((imm12 >> 10) == 0 && ((imm12 >> 8) & 3u) != 0 && (imm12 & 0xFFu) == 0)
        return false;
    in->imm = alu_thumb_expand_imm_c(imm12, CARRY_KEEP, &carry);
    if (op <= DP_TEQ)
        in->aux[0] = (uint8_t)carry;
    normalise_operand2(in, t32_opnd[opc]);
    return t32_regs_ok(in, op, false, false);
}

/* Data processing (shifted register): 1110101 oooo S Rn | 0 imm3 Rd imm2 type Rm. */
static bool decode_t32_shifted(insn_t *in, uint32_t raw)
{
    unsigned opc = (raw >> 21) & 15u, op = t32_operation(raw);
    unsigned imm5 = ((raw >> 10) & 0x1Cu) | ((raw >> 6) & 3u);
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    set_t32_setflags(in, raw);
    alu_decode_imm_shift((raw >> 4) & 3u, imm5, &in->shift_type, &in->shift_n);
    in->aux[1] = (uint8_t)op;
    normalise_operand2(in, t32_opnd[opc]);
    bool unshifted = in->shift_type == SRTYPE_LSL && in->shift_n == 0;
    bool mov_sp_ok = op == DP_MOV && unshifted && in->imm == 0 && !(in->flags & INSN_SETFLAGS);
    if (in->rn == 13 && in->rd == 13 && op == DP_ADD &&
        (in->shift_type != SRTYPE_LSL || in->shift_n > 3))
        return false;   /* ADD/SUB SP, SP, Rm allows only LSL #0..3 */
    if (unshifted) {
        in->exec = dp_reg_exec[op];
    } else if (op == DP_MOV && in->imm == 0) {
        in->exec = mov_shift_exec[in->shift_type];   /* LSL/LSR/ASR/ROR #n, RRX */
    } else {
        in->exec = dp_shift_exec[op];
        in->tclass = TC_ALU_SHIFT;
    }
    return t32_regs_ok(in, op, true, mov_sp_ok);
}

/* ADDW/SUBW Rd, Rn, #imm12 (Rn = SP allowed; Rn = PC is ADR, a row before). */
static bool decode_t32_addsubw(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->imm = alu_imm12_of(raw);
    normalise_operand2(in, (raw & (1u << 23)) ? OPND_NEG : OPND_PLAIN);
    return in->rd != 15 && (in->rd != 13 || in->rn == 13);
}

/* ADR.W Rd, label: ADDW/SUBW with Rn = PC. */
static bool decode_t32_adr(insn_t *in, uint32_t raw)
{
    in->rd = (raw >> 8) & 15u;
    in->imm = alu_imm12_of(raw);
    if (raw & (1u << 23))
        in->imm = 0u - in->imm;
    return !bad_reg(in->rd);
}

/* MOVW/MOVT Rd, #imm16 (imm4:i:imm3:imm8). */
static bool decode_t32_mov16(insn_t *in, uint32_t raw)
{
    uint32_t imm16 = ((raw >> 4) & 0xF000u) | ((raw >> 15) & 0x0800u) |
                     ((raw >> 4) & 0x0700u) | (raw & 0xFFu);
    in->rd = (raw >> 8) & 15u;
    in->imm = (raw & (1u << 23)) ? imm16 << 16 : imm16;   /* MOVT: the top half */
    in->aux[0] = CARRY_KEEP;
    return !bad_reg(in->rd);
}

static uint32_t low_mask(unsigned width)
{
    return width >= 32 ? 0xFFFFFFFFu : (1u << width) - 1u;
}

/* BFI/BFC Rd, Rn, #lsb, #width: msb in the low 5 bits. */
static bool decode_t32_bfi(insn_t *in, uint32_t raw)
{
    unsigned lsb = ((raw >> 10) & 0x1Cu) | ((raw >> 6) & 3u), msb = raw & 31u;
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->shift_n = (uint8_t)lsb;
    if (msb < lsb)
        return false;
    in->imm = low_mask(msb - lsb + 1u) << lsb;
    return !bad_reg(in->rd) && in->rn != 13;   /* Rn = 1111 is BFC */
}

/* UBFX/SBFX Rd, Rn, #lsb, #width: width - 1 in the low 5 bits. */
static bool decode_t32_bfx(insn_t *in, uint32_t raw)
{
    unsigned lsb = ((raw >> 10) & 0x1Cu) | ((raw >> 6) & 3u), width = (raw & 31u) + 1u;
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->shift_n = (uint8_t)lsb;
    if (lsb + width > 32)
        return false;
    in->imm = low_mask(width);
    in->aux[0] = (uint8_t)(32u - lsb - width);
    in->aux[1] = (uint8_t)(32u - width);
    return !bad_reg(in->rd) && !bad_reg(in->rn);
}

/* LSL/LSR/ASR/ROR{S}.W Rd, Rn, Rm: 11111010 0 tt S Rn | 1111 Rd 0000 Rm. */
static bool decode_t32_shift_reg(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    set_t32_setflags(in, raw);
    return !bad_reg(in->rd) && !bad_reg(in->rn) && !bad_reg(in->rm);
}

/* The extends: 11111010 0ooo Rn | 1111 Rd 10 rot Rm (Rn = 1111: no add). */
static bool decode_t32_extend(insn_t *in, uint32_t raw)
{
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    in->shift_n = (uint8_t)(((raw >> 4) & 3u) * 8u);
    return !bad_reg(in->rd) && in->rn != 13 && !bad_reg(in->rm);
}

/* CLZ, RBIT, REV, REV16, REVSH: Rm appears twice (hw1 and hw2). */
static bool decode_t32_misc(insn_t *in, uint32_t raw)
{
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    return ((raw >> 16) & 15u) == in->rm && !bad_reg(in->rd) && !bad_reg(in->rm);
}

/* CSEL family: 11101010 0101 Rn | 10 op Rd cond Rm. */
static bool decode_csel(insn_t *in, uint32_t raw)
{
    unsigned cond = (raw >> 4) & 15u;
    in->rn = (raw >> 16) & 15u;
    in->rd = (raw >> 8) & 15u;
    in->rm = raw & 15u;
    in->aux[0] = (uint8_t)cond;
    in->cond = (uint8_t)cond;
    /* SP operands and the AL/NV conditions are CONSTRAINED UNPREDICTABLE. */
    return !bad_reg(in->rd) && in->rn != 13 && in->rm != 13 && cond < 14;
}

/* CSET/CSETM (Rn = Rm = ZR) and CINC/CINV/CNEG (Rn = Rm): the same
 * instructions, written with the inverted condition. */
static bool decode_csel_alias(insn_t *in, uint32_t raw)
{
    if (!decode_csel(in, raw) || in->rn != in->rm)
        return false;
    in->cond ^= 1u;
    return true;
}

static bool decode_csel_inc_alias(insn_t *in, uint32_t raw)
{
    return ((raw >> 16) & 15u) != 15u && decode_csel_alias(in, raw);
}

/* ------------------------------------------------------------------ */
/* The table.  Aliases (TST/TEQ/CMN/CMP with Rd = 1111, MOV/MVN with    */
/* Rn = 1111, ADR, BFC, the extends without add, CSET...) come before   */
/* the general row sharing their encoding.  SUB/SBC/CMP/BIC/ORN/MVN use */
/* the ADD/ADC/CMP/AND/ORR/MOV executors with operand 2 inverted.       */

#define FMT3  "{rd}, {rn}, {rm}"
#define FMT3I "{rd}, {rn}, {imm}"
#define FMT3S "{rd}, {rn}, {rm}{shift}"

const isa_pattern_t isa_patterns_dp[] = {
    /* name       mask         match        size tclass     decode                 exec           fmt */
    /* 16-bit: shift by immediate, add/subtract, move/compare immediate */
    {"movs",   0x0000FFC0u, 0x00000000u, 2, TC_ALU,    decode_t16_shift_imm,  exec_mov_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"lsls",   0x0000F800u, 0x00000000u, 2, TC_ALU,    decode_t16_shift_imm,  exec_lsl_imm,  "{rd}, {rm}{shift}", OP_RD | OP_FLAGS, OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"lsrs",   0x0000F800u, 0x00000800u, 2, TC_ALU,    decode_t16_shift_imm,  exec_lsr_imm,  "{rd}, {rm}{shift}", OP_RD | OP_FLAGS, OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"asrs",   0x0000F800u, 0x00001000u, 2, TC_ALU,    decode_t16_shift_imm,  exec_asr_imm,  "{rd}, {rm}{shift}", OP_RD | OP_FLAGS, OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"adds",   0x0000FE00u, 0x00001800u, 2, TC_ALU,    decode_t16_addsub3,    exec_add_reg,  FMT3, OP_RD | OP_FLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"subs",   0x0000FE00u, 0x00001A00u, 2, TC_ALU,    decode_t16_addsub3,    exec_add_reg,  FMT3, OP_RD | OP_FLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"adds",   0x0000FE00u, 0x00001C00u, 2, TC_ALU,    decode_t16_addsub3,    exec_add_imm,  FMT3I, OP_RD | OP_FLAGS, OP_RN, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"subs",   0x0000FE00u, 0x00001E00u, 2, TC_ALU,    decode_t16_addsub3,    exec_add_imm,  FMT3I, OP_RD | OP_FLAGS, OP_RN, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"movs",   0x0000F800u, 0x00002000u, 2, TC_ALU,    decode_t16_imm8,       exec_mov_imm,  "{rd}, {imm}", OP_RD | OP_FLAGS, OP_NONE, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"cmp",    0x0000F800u, 0x00002800u, 2, TC_ALU,    decode_t16_imm8,       exec_cmp_imm,  "{rn}, {imm}", OP_FLAGS, OP_RD, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"adds",   0x0000F800u, 0x00003000u, 2, TC_ALU,    decode_t16_imm8,       exec_add_imm,  "{rd}, {imm}", OP_RD | OP_FLAGS, OP_RD, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"subs",   0x0000F800u, 0x00003800u, 2, TC_ALU,    decode_t16_imm8,       exec_add_imm,  "{rd}, {imm}", OP_RD | OP_FLAGS, OP_RD, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    /* 16-bit: data processing group (MULS belongs to exec_mul.c) */
    {"ands",   0x0000FFC0u, 0x00004000u, 2, TC_ALU,    decode_t16_dp,         exec_and_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"eors",   0x0000FFC0u, 0x00004040u, 2, TC_ALU,    decode_t16_dp,         exec_eor_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"lsls",   0x0000FFC0u, 0x00004080u, 2, TC_ALU,    decode_t16_dp,         exec_lsl_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"lsrs",   0x0000FFC0u, 0x000040C0u, 2, TC_ALU,    decode_t16_dp,         exec_lsr_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"asrs",   0x0000FFC0u, 0x00004100u, 2, TC_ALU,    decode_t16_dp,         exec_asr_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"adcs",   0x0000FFC0u, 0x00004140u, 2, TC_ALU,    decode_t16_dp,         exec_adc_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM | OP_FLAGS, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"sbcs",   0x0000FFC0u, 0x00004180u, 2, TC_ALU,    decode_t16_dp,         exec_adc_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM | OP_FLAGS, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"rors",   0x0000FFC0u, 0x000041C0u, 2, TC_ALU,    decode_t16_dp,         exec_ror_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"tst",    0x0000FFC0u, 0x00004200u, 2, TC_ALU,    decode_t16_dp,         exec_tst_reg,  "{rn}, {rm}", OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"negs",   0x0000FFC0u, 0x00004240u, 2, TC_ALU,    decode_t16_neg,        exec_rsb_imm,  "{rd}, {rn}", OP_RD | OP_FLAGS, OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"cmp",    0x0000FFC0u, 0x00004280u, 2, TC_ALU,    decode_t16_dp,         exec_cmp_reg,  "{rn}, {rm}", OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"cmn",    0x0000FFC0u, 0x000042C0u, 2, TC_ALU,    decode_t16_dp,         exec_cmp_reg,  "{rn}, {rm}", OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"orrs",   0x0000FFC0u, 0x00004300u, 2, TC_ALU,    decode_t16_dp,         exec_orr_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"bics",   0x0000FFC0u, 0x00004380u, 2, TC_ALU,    decode_t16_dp,         exec_and_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"mvns",   0x0000FFC0u, 0x000043C0u, 2, TC_ALU,    decode_t16_dp,         exec_mov_reg,  "{rd}, {rm}", OP_RD | OP_FLAGS, OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    /* 16-bit: special data processing (BX/BLX belong to exec_branch.c) */
    {"add",    0x0000FF87u, 0x00004487u, 2, TC_BRANCH, decode_t16_add_hi,     exec_add_pc,   "pc, {rm}", OP_NONE, OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"add",    0x0000FF00u, 0x00004400u, 2, TC_ALU,    decode_t16_add_hi,     exec_add_reg,  "{rd}, {rm}", OP_RD, OP_RD | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"cmp",    0x0000FF00u, 0x00004500u, 2, TC_ALU,    decode_t16_cmp_hi,     exec_cmp_reg,  "{rn}, {rm}", OP_FLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"mov",    0x0000FF87u, 0x00004687u, 2, TC_BRANCH, decode_t16_mov_hi,     exec_mov_pc,   "pc, {rm}", OP_NONE, OP_RM, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"mov",    0x0000FF00u, 0x00004600u, 2, TC_ALU,    decode_t16_mov_hi,     exec_mov_reg,  "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    /* 16-bit: PC and SP relative, extends, byte reversal */
    {"adr",    0x0000F800u, 0x0000A000u, 2, TC_ALU,    decode_t16_adr_addsp,  exec_adr,      "{rd}, {imm}", OP_RD, OP_NONE, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"add",    0x0000F800u, 0x0000A800u, 2, TC_ALU,    decode_t16_adr_addsp,  exec_add_imm,  "{rd}, sp, {imm}", OP_RD, OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"add",    0x0000FF80u, 0x0000B000u, 2, TC_ALU,    decode_t16_sp_imm7,    exec_add_imm,  "sp, {imm}", OP_RD, OP_RD, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"sub",    0x0000FF80u, 0x0000B080u, 2, TC_ALU,    decode_t16_sp_imm7,    exec_add_imm,  "sp, {imm}", OP_RD, OP_RD, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"sxth",   0x0000FFC0u, 0x0000B200u, 2, TC_ALU,    decode_t16_rd_rm,      exec_sxth,     "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"sxtb",   0x0000FFC0u, 0x0000B240u, 2, TC_ALU,    decode_t16_rd_rm,      exec_sxtb,     "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"uxth",   0x0000FFC0u, 0x0000B280u, 2, TC_ALU,    decode_t16_rd_rm,      exec_uxth,     "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"uxtb",   0x0000FFC0u, 0x0000B2C0u, 2, TC_ALU,    decode_t16_rd_rm,      exec_uxtb,     "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"rev",    0x0000FFC0u, 0x0000BA00u, 2, TC_ALU,    decode_t16_rd_rm,      exec_rev,      "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"rev16",  0x0000FFC0u, 0x0000BA40u, 2, TC_ALU,    decode_t16_rd_rm,      exec_rev16,    "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"revsh",  0x0000FFC0u, 0x0000BAC0u, 2, TC_ALU,    decode_t16_rd_rm,      exec_revsh,    "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},

    /* 32-bit: data processing (modified immediate) */
    {"tst",    0xFBF08F00u, 0xF0100F00u, 4, TC_ALU,    decode_t32_modimm,     exec_tst_imm,  "{rn}, {imm}", OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"and",    0xFBE08000u, 0xF0000000u, 4, TC_ALU,    decode_t32_modimm,     exec_and_imm,  FMT3I, OP_RD | OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"bic",    0xFBE08000u, 0xF0200000u, 4, TC_ALU,    decode_t32_modimm,     exec_and_imm,  FMT3I, OP_RD | OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"mov",    0xFBEF8000u, 0xF04F0000u, 4, TC_ALU,    decode_t32_modimm,     exec_mov_imm,  "{rd}, {imm}", OP_RD | OP_SETFLAGS, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"orr",    0xFBE08000u, 0xF0400000u, 4, TC_ALU,    decode_t32_modimm,     exec_orr_imm,  FMT3I, OP_RD | OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"mvn",    0xFBEF8000u, 0xF06F0000u, 4, TC_ALU,    decode_t32_modimm,     exec_mov_imm,  "{rd}, {imm}", OP_RD | OP_SETFLAGS, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"orn",    0xFBE08000u, 0xF0600000u, 4, TC_ALU,    decode_t32_modimm,     exec_orr_imm,  FMT3I, OP_RD | OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"teq",    0xFBF08F00u, 0xF0900F00u, 4, TC_ALU,    decode_t32_modimm,     exec_teq_imm,  "{rn}, {imm}", OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"eor",    0xFBE08000u, 0xF0800000u, 4, TC_ALU,    decode_t32_modimm,     exec_eor_imm,  FMT3I, OP_RD | OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"cmn",    0xFBF08F00u, 0xF1100F00u, 4, TC_ALU,    decode_t32_modimm,     exec_cmp_imm,  "{rn}, {imm}", OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"add",    0xFBE08000u, 0xF1000000u, 4, TC_ALU,    decode_t32_modimm,     exec_add_imm,  FMT3I, OP_RD | OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"adc",    0xFBE08000u, 0xF1400000u, 4, TC_ALU,    decode_t32_modimm,     exec_adc_imm,  FMT3I, OP_RD | OP_FLAGS, OP_RN | OP_FLAGS, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sbc",    0xFBE08000u, 0xF1600000u, 4, TC_ALU,    decode_t32_modimm,     exec_adc_imm,  FMT3I, OP_RD | OP_FLAGS, OP_RN | OP_FLAGS, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"cmp",    0xFBF08F00u, 0xF1B00F00u, 4, TC_ALU,    decode_t32_modimm,     exec_cmp_imm,  "{rn}, {imm}", OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sub",    0xFBE08000u, 0xF1A00000u, 4, TC_ALU,    decode_t32_modimm,     exec_add_imm,  FMT3I, OP_RD | OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"rsb",    0xFBE08000u, 0xF1C00000u, 4, TC_ALU,    decode_t32_modimm,     exec_rsb_imm,  FMT3I, OP_RD | OP_SETFLAGS, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},

    /* 32-bit: data processing (plain binary immediate); SSAT/USAT are dsp's */
    {"adr",    0xFBFF8000u, 0xF20F0000u, 4, TC_ALU,    decode_t32_adr,        exec_adr,      "{rd}, {imm}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"addw",   0xFBF08000u, 0xF2000000u, 4, TC_ALU,    decode_t32_addsubw,    exec_add_imm,  FMT3I, OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"movw",   0xFBF08000u, 0xF2400000u, 4, TC_ALU,    decode_t32_mov16,      exec_mov_imm,  "{rd}, {imm}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"adr",    0xFBFF8000u, 0xF2AF0000u, 4, TC_ALU,    decode_t32_adr,        exec_adr,      "{rd}, {imm}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"subw",   0xFBF08000u, 0xF2A00000u, 4, TC_ALU,    decode_t32_addsubw,    exec_add_imm,  FMT3I, OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"movt",   0xFBF08000u, 0xF2C00000u, 4, TC_ALU,    decode_t32_mov16,      exec_movt,     "{rd}, {imm}", OP_RD, OP_RD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sbfx",   0xFFF08020u, 0xF3400000u, 4, TC_ALU,    decode_t32_bfx,        exec_sbfx,     "{rd}, {rn}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"bfc",    0xFFFF8020u, 0xF36F0000u, 4, TC_ALU,    decode_t32_bfi,        exec_bfc,      "{rd}", OP_RD, OP_RD, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"bfi",    0xFFF08020u, 0xF3600000u, 4, TC_ALU,    decode_t32_bfi,        exec_bfi,      "{rd}, {rn}", OP_RD, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ubfx",   0xFFF08020u, 0xF3C00000u, 4, TC_ALU,    decode_t32_bfx,        exec_ubfx,     "{rd}, {rn}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},

    /* 32-bit: data processing (shifted register); PKH is dsp's.  The
     * decoder picks the unshifted or MOV-shift executor when it applies. */
    {"tst",    0xFFF08F00u, 0xEA100F00u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, "{rn}, {rm}{shift}", OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"and",    0xFFE08000u, 0xEA000000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"bic",    0xFFE08000u, 0xEA200000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"mov",    0xFFEFF0F0u, 0xEA4F0000u, 4, TC_ALU,    decode_t32_shifted,    exec_mov_reg,  "{rd}, {rm}", OP_RD | OP_SETFLAGS, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"rrx",    0xFFEFF0F0u, 0xEA4F0030u, 4, TC_ALU,    decode_t32_shifted,    exec_rrx,      "{rd}, {rm}", OP_RD | OP_SETFLAGS, OP_RM | OP_FLAGS, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"lsl",    0xFFEF8030u, 0xEA4F0000u, 4, TC_ALU,    decode_t32_shifted,    exec_lsl_imm,  "{rd}, {rm}{shift}", OP_RD | OP_SETFLAGS, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"lsr",    0xFFEF8030u, 0xEA4F0010u, 4, TC_ALU,    decode_t32_shifted,    exec_lsr_imm,  "{rd}, {rm}{shift}", OP_RD | OP_SETFLAGS, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"asr",    0xFFEF8030u, 0xEA4F0020u, 4, TC_ALU,    decode_t32_shifted,    exec_asr_imm,  "{rd}, {rm}{shift}", OP_RD | OP_SETFLAGS, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ror",    0xFFEF8030u, 0xEA4F0030u, 4, TC_ALU,    decode_t32_shifted,    exec_ror_imm,  "{rd}, {rm}{shift}", OP_RD | OP_SETFLAGS, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"orr",    0xFFE08000u, 0xEA400000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"mvn",    0xFFEF8000u, 0xEA6F0000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, "{rd}, {rm}{shift}", OP_RD | OP_SETFLAGS, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"orn",    0xFFE08000u, 0xEA600000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"teq",    0xFFF08F00u, 0xEA900F00u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, "{rn}, {rm}{shift}", OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"eor",    0xFFE08000u, 0xEA800000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"cmn",    0xFFF08F00u, 0xEB100F00u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, "{rn}, {rm}{shift}", OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"add",    0xFFE08000u, 0xEB000000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"adc",    0xFFE08000u, 0xEB400000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_FLAGS, OP_RN | OP_RM | OP_FLAGS, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sbc",    0xFFE08000u, 0xEB600000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_FLAGS, OP_RN | OP_RM | OP_FLAGS, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"cmp",    0xFFF08F00u, 0xEBB00F00u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, "{rn}, {rm}{shift}", OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sub",    0xFFE08000u, 0xEBA00000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"rsb",    0xFFE08000u, 0xEBC00000u, 4, TC_ALU,    decode_t32_shifted,    exec_dp_shift, FMT3S, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},

    /* 32-bit: conditional selects (Armv8.1-M), aliases first */
    {"cset",   0xFFFFF00Fu, 0xEA5F900Fu, 4, TC_ALU,    decode_csel_alias,     exec_csinc,    "{rd}, {cond}", OP_RD, OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"csetm",  0xFFFFF00Fu, 0xEA5FA00Fu, 4, TC_ALU,    decode_csel_alias,     exec_csinv,    "{rd}, {cond}", OP_RD, OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"cinc",   0xFFF0F000u, 0xEA509000u, 4, TC_ALU,    decode_csel_inc_alias, exec_csinc,    "{rd}, {rn}, {cond}", OP_RD, OP_RN | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"cinv",   0xFFF0F000u, 0xEA50A000u, 4, TC_ALU,    decode_csel_inc_alias, exec_csinv,    "{rd}, {rn}, {cond}", OP_RD, OP_RN | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"cneg",   0xFFF0F000u, 0xEA50B000u, 4, TC_ALU,    decode_csel_inc_alias, exec_csneg,    "{rd}, {rn}, {cond}", OP_RD, OP_RN | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"csel",   0xFFF0F000u, 0xEA508000u, 4, TC_ALU,    decode_csel,           exec_csel,     FMT3 ", {cond}", OP_RD, OP_RN | OP_RM | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"csinc",  0xFFF0F000u, 0xEA509000u, 4, TC_ALU,    decode_csel,           exec_csinc,    FMT3 ", {cond}", OP_RD, OP_RN | OP_RM | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"csinv",  0xFFF0F000u, 0xEA50A000u, 4, TC_ALU,    decode_csel,           exec_csinv,    FMT3 ", {cond}", OP_RD, OP_RN | OP_RM | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"csneg",  0xFFF0F000u, 0xEA50B000u, 4, TC_ALU,    decode_csel,           exec_csneg,    FMT3 ", {cond}", OP_RD, OP_RN | OP_RM | OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},

    /* 32-bit: data processing (register) */
    {"lsl",    0xFFE0F0F0u, 0xFA00F000u, 4, TC_ALU,    decode_t32_shift_reg,  exec_lsl_reg,  FMT3, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"lsr",    0xFFE0F0F0u, 0xFA20F000u, 4, TC_ALU,    decode_t32_shift_reg,  exec_lsr_reg,  FMT3, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"asr",    0xFFE0F0F0u, 0xFA40F000u, 4, TC_ALU,    decode_t32_shift_reg,  exec_asr_reg,  FMT3, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ror",    0xFFE0F0F0u, 0xFA60F000u, 4, TC_ALU,    decode_t32_shift_reg,  exec_ror_reg,  FMT3, OP_RD | OP_SETFLAGS, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sxth",   0xFFFFF0C0u, 0xFA0FF080u, 4, TC_ALU,    decode_t32_extend,     exec_sxth,     "{rd}, {rm}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sxtah",  0xFFF0F0C0u, 0xFA00F080u, 4, TC_ALU,    decode_t32_extend,     exec_sxtah,    FMT3, OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"uxth",   0xFFFFF0C0u, 0xFA1FF080u, 4, TC_ALU,    decode_t32_extend,     exec_uxth,     "{rd}, {rm}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uxtah",  0xFFF0F0C0u, 0xFA10F080u, 4, TC_ALU,    decode_t32_extend,     exec_uxtah,    FMT3, OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"sxtb16", 0xFFFFF0C0u, 0xFA2FF080u, 4, TC_ALU,    decode_t32_extend,     exec_sxtb16,   "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sxtab16",0xFFF0F0C0u, 0xFA20F080u, 4, TC_ALU,    decode_t32_extend,     exec_sxtab16,  FMT3, OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"uxtb16", 0xFFFFF0C0u, 0xFA3FF080u, 4, TC_ALU,    decode_t32_extend,     exec_uxtb16,   "{rd}, {rm}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uxtab16",0xFFF0F0C0u, 0xFA30F080u, 4, TC_ALU,    decode_t32_extend,     exec_uxtab16,  FMT3, OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"sxtb",   0xFFFFF0C0u, 0xFA4FF080u, 4, TC_ALU,    decode_t32_extend,     exec_sxtb,     "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sxtab",  0xFFF0F0C0u, 0xFA40F080u, 4, TC_ALU,    decode_t32_extend,     exec_sxtab,    FMT3, OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"uxtb",   0xFFFFF0C0u, 0xFA5FF080u, 4, TC_ALU,    decode_t32_extend,     exec_uxtb,     "{rd}, {rm}", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"uxtab",  0xFFF0F0C0u, 0xFA50F080u, 4, TC_ALU,    decode_t32_extend,     exec_uxtab,    FMT3, OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"rev",    0xFFF0F0F0u, 0xFA90F080u, 4, TC_ALU,    decode_t32_misc,       exec_rev,      "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"rev16",  0xFFF0F0F0u, 0xFA90F090u, 4, TC_ALU,    decode_t32_misc,       exec_rev16,    "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"rbit",   0xFFF0F0F0u, 0xFA90F0A0u, 4, TC_ALU,    decode_t32_misc,       exec_rbit,     "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"revsh",  0xFFF0F0F0u, 0xFA90F0B0u, 4, TC_ALU,    decode_t32_misc,       exec_revsh,    "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"clz",    0xFFF0F0F0u, 0xFAB0F080u, 4, TC_ALU,    decode_t32_misc,       exec_clz,      "{rd}, {rm}", OP_RD, OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {0},
};

/* The execute functions whose only effects are Rd (logic_result() or
 * arith_result(), or a plain write) and, with the S bit, the flags. */
static const isa_exec_fn writes_rd_or_flags[] = {
    exec_and_imm, exec_orr_imm, exec_eor_imm, exec_mov_imm, exec_add_imm, exec_adc_imm,
    exec_rsb_imm, exec_adr, exec_movt,
    exec_and_reg, exec_orr_reg, exec_eor_reg, exec_mov_reg, exec_add_reg, exec_adc_reg,
    exec_rsb_reg,
    exec_and_shift, exec_orr_shift, exec_eor_shift, exec_mov_shift, exec_add_shift,
    exec_adc_shift, exec_rsb_shift,
    exec_lsl_imm, exec_lsr_imm, exec_asr_imm, exec_ror_imm, exec_rrx,
    exec_lsl_reg, exec_lsr_reg, exec_asr_reg, exec_ror_reg,
};

/* Inside an IT block only Rd: one of the above without the S bit (the
 * 16-bit forms set flags only outside IT blocks) and Rd neither SP (whose
 * write checks the stack limit, and may fault) nor PC. */
bool isa_dp_writes_only_rd(const insn_t *in)
{
    if ((in->flags & INSN_SETFLAGS) || in->rd == 13 || in->rd == 15)
        return false;
    for (size_t i = 0; i < sizeof writes_rd_or_flags / sizeof writes_rd_or_flags[0]; i++)
        if (writes_rd_or_flags[i] == in->exec)
            return true;
    return false;
}

/* The plain execute functions (isa_insn_plain()): every one here but
 * ADR (reads the PC) and the writes to the PC; Rd = SP is excluded by
 * the operand check. */
const isa_exec_fn isa_plain_dp[] = {
    exec_and_imm, exec_orr_imm, exec_eor_imm, exec_mov_imm, exec_tst_imm, exec_teq_imm,
    exec_add_imm, exec_adc_imm, exec_rsb_imm, exec_cmp_imm, exec_movt,
    exec_and_reg, exec_orr_reg, exec_eor_reg, exec_mov_reg, exec_tst_reg, exec_teq_reg,
    exec_add_reg, exec_adc_reg, exec_rsb_reg, exec_cmp_reg,
    exec_dp_shift, exec_and_shift, exec_orr_shift, exec_eor_shift, exec_mov_shift,
    exec_tst_shift, exec_teq_shift, exec_add_shift, exec_adc_shift, exec_rsb_shift,
    exec_cmp_shift,
    exec_lsl_imm, exec_lsr_imm, exec_asr_imm, exec_ror_imm, exec_rrx,
    exec_lsl_reg, exec_lsr_reg, exec_asr_reg, exec_ror_reg,
    exec_bfi, exec_bfc, exec_ubfx, exec_sbfx, exec_clz, exec_rbit, exec_rev, exec_rev16, exec_revsh,
    exec_sxtb, exec_sxth, exec_uxtb, exec_uxth, exec_sxtab, exec_sxtah, exec_uxtab, exec_uxtah,
    exec_sxtb16, exec_uxtb16, exec_sxtab16, exec_uxtab16,
    exec_csel, exec_csinc, exec_csinv, exec_csneg,
    NULL,
};

/* The family's dispatcher for the run loop (isa/hot_path.h). */
ISA_DEFINE_HOT_DISPATCH(dp)
