/* Branches: B (16-bit conditional and unconditional, 32-bit T3/T4), BL,
 * BX, BLX (register), CBZ/CBNZ, TBB/TBH and the Armv8.1-M low-overhead
 * loops DLS/WLS/LE with their tail-predicated forms DLSTP/WLSTP/LETP and
 * LCTP.
 *
 * Decoders do not know the instruction's address, so imm holds the signed
 * offset from the architectural PC (address + 4, which the run loop leaves
 * in r[15]); execute functions form the target.  For LE the offset is
 * backwards (target = PC - imm).
 *
 * Timing: every row is TC_BRANCH (one issue cycle, the same as TC_ALU) or
 * TC_BRANCH_LINK / TC_TABLE_BRANCH; the pipeline refill is added with
 * timing_taken_branch() only when the branch is taken, so a conditional
 * branch that falls through costs what an ALU instruction costs, except a
 * backward B/B<c>, which the loop and branch info cache may predict
 * (timing_direct_branch(), isa/timing.h).
 */
#include "alu.h"
#include "fields.h"
#include "insn.h"

/* This family's entries of the hot path (isa/hot_path.h). */
#undef ISA_HOT_IN_branch
#define ISA_HOT_IN_branch(X, fn) X(fn)
ISA_DECLARE_HOT(branch)

static inline void branch_to(cpu_t *cpu, uint32_t target)
{
    cpu_branch_write_pc_inline(cpu, target);
    timing_taken_branch(cpu);
}

/* B and B<c>: a backward one may be predicted by the loop and branch info
 * cache (isa/timing.h).  imm is the offset from the PC (address + 4): a
 * target at or before the branch has imm <= -4. */
static inline bool is_backward(const insn_t *in)
{
    return (int32_t)in->imm <= -4;
}


/* ------------------------------------------------------------------ */
/* B, BL, BX, BLX, CBZ, TBB                                            */

/* B (and the unconditional forms: inside an IT block the run loop has
 * already checked the block's condition). */
static void exec_b(cpu_t *cpu, const insn_t *in)
{
    cpu_branch_write_pc_inline(cpu, cpu->r[15] + in->imm);
    timing_direct_branch(cpu, true, is_backward(in));
}

/* B<c> T1/T3 carry their own condition (they are not allowed in IT). */
static void exec_bcond(cpu_t *cpu, const insn_t *in)
{
    bool taken = alu_cond_bit(cpu, in->cond);
    if (taken)
        cpu_branch_write_pc_inline(cpu, cpu->r[15] + in->imm);
    timing_direct_branch(cpu, taken, is_backward(in));
}

static void exec_bl(cpu_t *cpu, const insn_t *in)
{
    cpu->r[14] = cpu->next_pc | 1u;
    branch_to(cpu, cpu->r[15] + in->imm);
}

/* BX: interworking, and EXC_RETURN in Handler mode. */
static void exec_bx(cpu_t *cpu, const insn_t *in)
{
    cpu_bx_write_pc(cpu, cpu->r[in->rm]);
    timing_taken_branch(cpu);
}

static void exec_blx(cpu_t *cpu, const insn_t *in)
{
    uint32_t target = cpu->r[in->rm];   /* before LR changes: BLX LR works */
    cpu->r[14] = cpu->next_pc | 1u;
    cpu_bx_write_pc(cpu, target);
    timing_taken_branch(cpu);
}

/* CBZ / CBNZ: aux[0] = 1 for CBNZ. */
static void exec_cbz(cpu_t *cpu, const insn_t *in)
{
    if ((cpu->r[in->rn] != 0) == (in->aux[0] != 0))
        branch_to(cpu, cpu->r[15] + in->imm);
}

/* TBB [Rn, Rm] / TBH [Rn, Rm, LSL #1]: the table holds halfword counts
 * forward from the PC.  Rn may be the PC (the table follows the
 * instruction).  esize = 2 for TBH. */
static void exec_tbb(cpu_t *cpu, const insn_t *in)
{
    uint32_t base = cpu->r[in->rn], index = cpu->r[in->rm];
    uint32_t halfwords = in->esize == 2 ? cpu_read16(cpu, base + 2u * index)
                                        : cpu_read8(cpu, base + index);
    branch_to(cpu, cpu->r[15] + 2u * halfwords);
}

/* ------------------------------------------------------------------ */
/* Low-overhead loops                                                  */

/* Timing: the loop and branch info cache (isa/timing.h) keeps the branch
 * information of one loop once its LE has run; later iterations branch
 * back with no refill and the LE takes no issue slot (the rows have issue
 * 0, see isa/timing.c).  The first LE of a loop, or one whose information
 * was replaced by another LE's, pays the issue cycle
 * and the taken-branch refill; an LE that ends the loop costs its issue
 * cycle (LR tells the core the loop is over: no misprediction).  (Source
 * for the zero overhead: Arm's Armv8.1-M low-overhead-branch description.) */
static inline void loop_end_taken(cpu_t *cpu)
{
    if (cpu->pl.lob_le != cpu->pc) {
        cpu->pl.lob_le = cpu->pc;
        timing_add(cpu, 1u + TIMING_TAKEN_BRANCH_PENALTY);
    }
}

/* esize = the element size field of DLSTP/WLSTP (0..3), 4 for DLS/WLS. */
static void loop_start(cpu_t *cpu, const insn_t *in)
{
    cpu->r[14] = cpu->r[in->rn];
    if (in->esize != 4)
        cpu->lo_ltpsize = in->esize;
}

static void exec_dls(cpu_t *cpu, const insn_t *in)
{
    if (in->esize != 4)
        cpu_fp_enter(cpu);   /* DLSTP writes FPSCR.LTPSIZE */
    loop_start(cpu, in);
}

/* WLS: skip the loop (branch forward) when the count is zero. */
static void exec_wls(cpu_t *cpu, const insn_t *in)
{
    if (in->esize != 4)
        cpu_fp_enter(cpu);   /* checked even when the loop is skipped */
    if (cpu->r[in->rn] == 0)
        branch_to(cpu, cpu->r[15] + in->imm);
    else
        loop_start(cpu, in);
}

/* LE / LETP: LR counts iterations (LE) or elements still to process
 * (LETP, which retires 16 >> LTPSIZE elements per vector).  The loop ends
 * when LR is not above that decrement; LR keeps its value then, and a
 * tail-predicated loop switches tail predication off (LTPSIZE = 4).
 * aux[0]: 0 LE, 1 LETP, 2 LE without LR (loops forever). */
static void exec_le(cpu_t *cpu, const insn_t *in)
{
    uint32_t target = cpu->r[15] - in->imm;
    if (in->aux[0] == 2) {
        loop_end_taken(cpu);
        cpu_branch_write_pc(cpu, target);
        return;
    }
    uint32_t decrement = 1;
    if (in->aux[0] == 1) {
        cpu_fp_enter(cpu);
        if (cpu->lo_ltpsize < 4)
            decrement = 1u << (4u - cpu->lo_ltpsize);
    } else if ((cpu->control & CONTROL_FPCA) && cpu->lo_ltpsize != 4) {
        /* A plain LE closing a tail-predicated loop (QEMU does the same). */
        cpu_fault(cpu, FAULT_INVSTATE, 0);
    }
    if (cpu->r[14] <= decrement) {
        if (in->aux[0] == 1)
            cpu->lo_ltpsize = 4;
        timing_add(cpu, 1);
        return;
    }
    cpu->r[14] -= decrement;
    loop_end_taken(cpu);
    cpu_branch_write_pc_inline(cpu, target);
}

/* exec_le for plain LE (aux[0] = 0), the common form: the same steps with
 * the decrement fixed at 1. */
static void exec_le_plain(cpu_t *cpu, const insn_t *in)
{
    if ((cpu->control & CONTROL_FPCA) && cpu->lo_ltpsize != 4)
        cpu_fault(cpu, FAULT_INVSTATE, 0);
    if (cpu->r[14] <= 1u) {
        timing_add(cpu, 1);
        return;
    }
    cpu->r[14] -= 1u;
    loop_end_taken(cpu);
    cpu_branch_write_pc_inline(cpu, cpu->r[15] - in->imm);
}

/* LCTP: leave tail predication. */
static void exec_lctp(cpu_t *cpu, const insn_t *in)
{
    (void)in;
    cpu_fp_enter(cpu);
    cpu->lo_ltpsize = 4;
}

/* ------------------------------------------------------------------ */
/* Decoders                                                            */

/* B<c> T1: 1101 cond imm8 (cond 1110 is UDF, 1111 SVC: sys rows). */
static bool decode_bcond16(insn_t *in, uint32_t raw)
{
    in->cond = (uint8_t)field(raw, 8, 4);
    in->imm = (uint32_t)alu_sext(field(raw, 0, 8) << 1, 9);
    in->flags = INSN_BRANCH;
    return in->cond < 14;
}

/* B T2: 11100 imm11. */
static bool decode_b16(insn_t *in, uint32_t raw)
{
    in->imm = (uint32_t)alu_sext(field(raw, 0, 11) << 1, 12);
    in->flags = INSN_BRANCH;
    return true;
}

/* B<c>.W T3: hw1 = 11110 S cond imm6, hw2 = 10 J1 0 J2 imm11;
 * offset = S:J2:J1:imm6:imm11:'0'.  cond 111x are the system rows'. */
static bool decode_bcond32(insn_t *in, uint32_t raw)
{
    uint32_t off = field(raw, 26, 1) << 20 | field(raw, 11, 1) << 19 |
                   field(raw, 13, 1) << 18 | field(raw, 16, 6) << 12 | field(raw, 0, 11) << 1;
    in->cond = (uint8_t)field(raw, 22, 4);
    in->imm = (uint32_t)alu_sext(off, 21);
    in->flags = INSN_BRANCH;
    return in->cond < 14;
}

/* B.W T4 and BL: hw1 = 11110 S imm10, hw2 = 1x J1 1 J2 imm11;
 * I1 = NOT(J1 XOR S), I2 = NOT(J2 XOR S), offset = S:I1:I2:imm10:imm11:'0'. */
static bool decode_b32(insn_t *in, uint32_t raw)
{
    uint32_t s = field(raw, 26, 1);
    uint32_t i1 = 1u ^ field(raw, 13, 1) ^ s, i2 = 1u ^ field(raw, 11, 1) ^ s;
    uint32_t off = s << 24 | i1 << 23 | i2 << 22 | field(raw, 16, 10) << 12 | field(raw, 0, 11) << 1;
    in->imm = (uint32_t)alu_sext(off, 25);
    in->flags = INSN_BRANCH;
    return true;
}

/* BX / BLX: 0100 0111 L Rm 000 (BLX PC is UNPREDICTABLE). */
static bool decode_bx(insn_t *in, uint32_t raw)
{
    in->rm = (uint8_t)field(raw, 3, 4);
    in->flags = INSN_BRANCH;
    return !(field(raw, 7, 1) && in->rm == 15);
}

/* CBZ / CBNZ: 1011 op 0 i 1 imm5 Rn; offset = i:imm5:'0'. */
static bool decode_cbz(insn_t *in, uint32_t raw)
{
    in->rn = (uint8_t)field(raw, 0, 3);
    in->imm = field(raw, 9, 1) << 6 | field(raw, 3, 5) << 1;
    in->aux[0] = (uint8_t)field(raw, 11, 1);
    in->flags = INSN_BRANCH;
    return true;
}

/* TBB / TBH: hw1 = 1110 1000 1101 Rn, hw2 = 1111 0000 000H Rm. */
static bool decode_tbb(insn_t *in, uint32_t raw)
{
    in->rn = (uint8_t)field(raw, 16, 4);
    in->rm = (uint8_t)field(raw, 0, 4);
    in->esize = field(raw, 4, 1) ? 2 : 1;
    in->flags = INSN_BRANCH;
    return in->rn != 13 && in->rm != 13 && in->rm != 15;
}

/* The 12-bit offset of WLS/LE: hw2 = 11x0 immL immH(10) 1 -> immH:immL:'0'. */
static uint32_t lob_offset(uint32_t raw)
{
    return field(raw, 1, 10) << 2 | field(raw, 11, 1) << 1;
}

/* DLS/DLSTP/WLS/WLSTP: hw1 = 1111 0000 0 size(3) Rn, size 100 = no tail
 * predication.  Rn = SP or PC is UNPREDICTABLE (Rn = PC is LE/LCTP). */
static bool decode_loop_start(insn_t *in, uint32_t raw)
{
    in->rn = (uint8_t)field(raw, 16, 4);
    in->esize = (uint8_t)field(raw, 20, 3);
    in->imm = lob_offset(raw);
    in->flags = INSN_BRANCH;
    return in->rn != 13 && in->rn != 15;
}

/* LE / LETP / LE without LR: hw1 = 1111 0000 00 f tp 1111. */
static bool decode_le(insn_t *in, uint32_t raw)
{
    in->imm = lob_offset(raw);
    in->aux[0] = field(raw, 21, 1) ? 2 : (uint8_t)field(raw, 20, 1);
    in->flags = INSN_BRANCH;
    if (in->aux[0] == 0)
        in->exec = exec_le_plain;
    return true;
}

#define BR  TC_BRANCH

const isa_pattern_t isa_patterns_branch[] = {
    /* 16-bit */
    {"b",      0xF000, 0xD000, 2, BR, decode_bcond16, exec_bcond, "{c} {imm}", OP_NONE, OP_COND, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"b",      0xF800, 0xE000, 2, BR, decode_b16, exec_b, "{imm}", OP_NONE, OP_NONE, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"bx",     0xFF87, 0x4700, 2, BR, decode_bx, exec_bx, "{rm}", OP_NONE, OP_RM, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"blx",    0xFF87, 0x4780, 2, TC_BRANCH_LINK, decode_bx, exec_blx, "{rm}", OP_LR, OP_RM, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"cbz",    0xFD00, 0xB100, 2, BR, decode_cbz, exec_cbz, "{rn}, {imm}", OP_NONE, OP_RN, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"cbnz",   0xFD00, 0xB900, 2, BR, decode_cbz, exec_cbz, "{rn}, {imm}", OP_NONE, OP_RN, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},

    /* 32-bit; the low-overhead loops sit in the BLX (immediate) space,
     * which M-profile does not have: hw2 = 11x0 ... 1 */
    {"le",     0xFFFFF001, 0xF00FC001, 4, BR, decode_le, exec_le, "lr, {imm}", OP_LR, OP_LR, TL_LOOP_END, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"letp",   0xFFFFF001, 0xF01FC001, 4, BR, decode_le, exec_le, "lr, {imm}", OP_LR, OP_LR, TL_LOOP_END, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"le",     0xFFFFF001, 0xF02FC001, 4, BR, decode_le, exec_le, "{imm}", OP_LR, OP_LR, TL_LOOP_END, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"wls",    0xFFF0F001, 0xF040C001, 4, BR, decode_loop_start, exec_wls, "lr, {rn}, {imm}", OP_LR, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"wlstp",  0xFFC0F001, 0xF000C001, 4, BR, decode_loop_start, exec_wls, "lr, {rn}, {imm}", OP_LR, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"dls",    0xFFF0FFFF, 0xF040E001, 4, BR, decode_loop_start, exec_dls, "lr, {rn}", OP_LR, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"lctp",   0xFFFFFFFF, 0xF00FE001, 4, TC_ALU, NULL, exec_lctp, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"dlstp",  0xFFC0FFFF, 0xF000E001, 4, BR, decode_loop_start, exec_dls, "lr, {rn}", OP_LR, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"b",      0xF800D000, 0xF0008000, 4, BR, decode_bcond32, exec_bcond, "{c} {imm}", OP_NONE, OP_COND, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"b.w",    0xF800D000, 0xF0009000, 4, BR, decode_b32, exec_b, "{imm}", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"bl",     0xF800D000, 0xF000D000, 4, TC_BRANCH_LINK, decode_b32, exec_bl, "{imm}", OP_LR, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"tbb",    0xFFF0FFF0, 0xE8D0F000, 4, TC_TABLE_BRANCH, decode_tbb, exec_tbb, "[{rn}, {rm}]", OP_NONE, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"tbh",    0xFFF0FFF0, 0xE8D0F010, 4, TC_TABLE_BRANCH, decode_tbb, exec_tbb, "[{rn}, {rm}, lsl #1]", OP_NONE, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {0},
};

/* A loop's back edge the block builder may go on across (isa/block.c):
 * B, B<c> or LE (not LETP, nor LE without LR) to an address at or before
 * itself at pc. */
bool isa_backward_branch(const insn_t *in, uint32_t pc, uint32_t *target)
{
    if (in->exec == exec_le_plain) {
        *target = pc + 4 - in->imm;
        return true;
    }
    if ((in->exec == exec_b || in->exec == exec_bcond) && is_backward(in)) {
        *target = pc + 4 + in->imm;
        return true;
    }
    return false;
}

uint8_t isa_branch_step(const insn_t *in, bool taken)
{
    if (in->exec == exec_bcond)
        return !taken ? ISA_BRANCH_STEP_FALL
                      : is_backward(in) ? ISA_BRANCH_STEP_BACK_COND : ISA_BRANCH_STEP_NONE;
    if (taken && in->exec == exec_b && is_backward(in))
        return ISA_BRANCH_STEP_BACK;
    if (taken && in->exec == exec_le_plain)
        return ISA_BRANCH_STEP_LE;
    return ISA_BRANCH_STEP_NONE;
}

/* The family's dispatcher for the run loop (isa/hot_path.h). */
ISA_DEFINE_HOT_DISPATCH(branch)
