/* System and control instructions: IT, the hints (NOP, YIELD, WFE, WFI,
 * SEV, CSDB, ESB...), MRS/MSR, CPS, the barriers, SVC, BKPT, UDF, the
 * Armv8.1-M branch-future instructions (BF, BFX, BFL, BFLX, BFCSEL),
 * CLRM, and the Security Extension's SG and TT family.
 *
 * VSCCLRM belongs with the floating point instructions (exec_fp.c).
 */
#include "alu.h"
#include "fields.h"
#include "insn.h"

/* ------------------------------------------------------------------ */
/* IT and hints                                                        */

/* IT: the run loop applies the block from the next instruction on. */
static void exec_it(cpu_t *cpu, const insn_t *in)
{
    cpu->itstate = in->imm;
}

/* NOP and every hint with no effect in this model: YIELD (no other
 * thread), barriers (accesses complete in order), CSDB/ESB/SSBB, DBG, PLD,
 * and the branch-future instructions, which only announce the branch that
 * follows them and may architecturally be NOPs (QEMU treats them so). */
static void exec_nop(cpu_t *cpu, const insn_t *in)
{
    (void)cpu;
    (void)in;
}

static void exec_wfi(cpu_t *cpu, const insn_t *in)
{
    (void)in;
    cpu_wfi(cpu);
}

static void exec_wfe(cpu_t *cpu, const insn_t *in)
{
    (void)in;
    cpu_wfe(cpu);
}

static void exec_sev(cpu_t *cpu, const insn_t *in)
{
    (void)in;
    cpu_sev(cpu);
}

/* ------------------------------------------------------------------ */
/* Special registers, exceptions                                       */

/* MRS <Rd>, <spec_reg>: imm = SYSm.  An unknown SYSm reads as zero (the
 * CONSTRAINED UNPREDICTABLE choice QEMU makes too). */
static void exec_mrs(cpu_t *cpu, const insn_t *in)
{
    uint32_t value = 0;
    if (!cpu_mrs(cpu, in->imm, &value))
        value = 0;
    cpu->r[in->rd] = value;
}

/* MSR <spec_reg>, <Rn>: imm = SYSm, aux[0] = the APSR mask (bit 1 nzcvq,
 * bit 0 g).  Writes to an unknown SYSm are ignored. */
static void exec_msr(cpu_t *cpu, const insn_t *in)
{
    (void)cpu_msr(cpu, in->imm, in->aux[0], cpu->r[in->rn]);
}

/* CPSIE/CPSID: aux[0] = 1 to disable; bit 1 of imm = I, bit 0 = F. */
static void exec_cps(cpu_t *cpu, const insn_t *in)
{
    cpu_cps(cpu, in->aux[0] != 0, (in->imm & 2u) != 0, (in->imm & 1u) != 0);
}

static void exec_svc(cpu_t *cpu, const insn_t *in)
{
    (void)in;
    cpu_svc(cpu);
}

/* BKPT #imm8: the SoC's hook (semihosting, test harness) may handle it;
 * otherwise it is a debug event, HardFault without a debugger. */
static void exec_bkpt(cpu_t *cpu, const insn_t *in)
{
    cpu_sync_block_stats(cpu);   /* semihosting may report instret */
    if (cpu->hooks.bkpt && cpu->hooks.bkpt(cpu->hooks.ctx, cpu, in->imm))
        return;
    cpu_fault(cpu, FAULT_BKPT, 0);
}

static void exec_udf(cpu_t *cpu, const insn_t *in)
{
    (void)in;
    cpu_fault(cpu, FAULT_UNDEFINSTR, 0);
}

/* CLRM {list}: zero the listed registers; list bit 15 stands for APSR. */
static void exec_clrm(cpu_t *cpu, const insn_t *in)
{
    for (unsigned i = 0; i < 15; i++) {
        if (in->list & (1u << i))
            cpu->r[i] = 0;
    }
    if (in->list & 0x8000u) {
        cpu->n = cpu->z = cpu->c = cpu->v = cpu->q = 0;
        cpu->ge = 0;
    }
}

/* TT, TTT, TTA, TTAT <Rd>, <Rn>.  The model has no MPU regions and no
 * Non-secure state, so the answer is the plausible one for a core that
 * runs Secure with both units off: MREGION/SREGION/IREGION invalid
 * (MRVALID, SRVALID, IRVALID = 0), readable and writable under the
 * default memory map (R = RW = 1), Secure (S = 1), hence NSR = NSRW = 0. */
#define TT_R  (1u << 18)
#define TT_RW (1u << 19)
#define TT_S  (1u << 22)

static void exec_tt(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = TT_R | TT_RW | TT_S;
}

/* ------------------------------------------------------------------ */
/* Decoders                                                            */

/* IT firstcond mask: mask 0000 is a hint (rows before), firstcond 1111 is
 * UNPREDICTABLE. */
static bool decode_it(insn_t *in, uint32_t raw)
{
    in->imm = field(raw, 0, 8);
    in->cond = (uint8_t)field(raw, 4, 4);   /* for disassembly only */
    return field(raw, 0, 4) != 0 && in->cond != 15;
}

/* Low 8 bits: the BKPT/SVC/UDF immediate. */
static bool decode_imm8(insn_t *in, uint32_t raw)
{
    in->imm = field(raw, 0, 8);
    return true;
}

/* UDF.W #imm16: hw1 = 1111 0111 1111 imm4, hw2 = 1010 imm12. */
static bool decode_udf32(insn_t *in, uint32_t raw)
{
    in->imm = field(raw, 16, 4) << 12 | field(raw, 0, 12);
    return true;
}

/* CPS: 1011 0110 011 im 0 0 I F. */
static bool decode_cps(insn_t *in, uint32_t raw)
{
    in->aux[0] = (uint8_t)field(raw, 4, 1);
    in->imm = field(raw, 0, 2);
    return in->imm != 0;
}

/* MRS: hw1 = 1111 0011 1110 1111, hw2 = 1000 Rd SYSm. */
static bool decode_mrs(insn_t *in, uint32_t raw)
{
    in->rd = (uint8_t)field(raw, 8, 4);
    in->imm = field(raw, 0, 8);
    return in->rd != 13 && in->rd != 15;
}

/* MSR: hw1 = 1111 0011 1000 Rn, hw2 = 1000 mask 00 SYSm. */
static bool decode_msr(insn_t *in, uint32_t raw)
{
    in->rn = (uint8_t)field(raw, 16, 4);
    in->imm = field(raw, 0, 8);
    in->aux[0] = (uint8_t)field(raw, 10, 2);
    return in->rn != 13 && in->rn != 15;
}

/* CLRM: hw1 = 1110 1000 1001 1111, hw2 = register list (bit 13 must be 0,
 * bit 15 = APSR). */
static bool decode_clrm(insn_t *in, uint32_t raw)
{
    in->list = (uint16_t)field(raw, 0, 16);
    return in->list != 0 && !(in->list & 0x2000u);
}

/* TT*: hw1 = 1110 1000 0100 Rn, hw2 = 1111 Rd A T 000000. */
static bool decode_tt(insn_t *in, uint32_t raw)
{
    in->rn = (uint8_t)field(raw, 16, 4);
    in->rd = (uint8_t)field(raw, 8, 4);
    return in->rn != 15 && in->rd != 13 && in->rd != 15;
}

/* Branch future: hw1 = 1111 0 boff(4) ..., hw2 = 11x0 ... 1.  boff = 0 is
 * the low-overhead loop space (exec_branch.c), so it is rejected here. */
static bool decode_bf(insn_t *in, uint32_t raw)
{
    return field(raw, 23, 4) != 0;
}

const isa_pattern_t isa_patterns_sys[] = {
    /* 16-bit hints (hint 0000 mask), then IT */
    {"nop",     0xFFFF, 0xBF00, 2, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"yield",   0xFFFF, 0xBF10, 2, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"wfe",     0xFFFF, 0xBF20, 2, TC_ALU, NULL, exec_wfe, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"wfi",     0xFFFF, 0xBF30, 2, TC_ALU, NULL, exec_wfi, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"sev",     0xFFFF, 0xBF40, 2, TC_ALU, NULL, exec_sev, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, 0},
    {"nop",     0xFF0F, 0xBF00, 2, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"it",      0xFF00, 0xBF00, 2, TC_ALU, decode_it, exec_it, "{c}", OP_NONE, OP_FLAGS, TL_CLASS, DUAL_SECONDARY, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"cpsie",   0xFFFC, 0xB660, 2, TC_SYS, decode_cps, exec_cps, "{imm}", OP_NONE, OP_NONE, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"cpsid",   0xFFFC, 0xB670, 2, TC_SYS, decode_cps, exec_cps, "{imm}", OP_NONE, OP_NONE, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"bkpt",    0xFF00, 0xBE00, 2, TC_SYS, decode_imm8, exec_bkpt, "{imm}", OP_NONE, OP_NONE, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"udf",     0xFF00, 0xDE00, 2, TC_ALU, decode_imm8, exec_udf, "{imm}", OP_NONE, OP_NONE, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"svc",     0xFF00, 0xDF00, 2, TC_SYS, decode_imm8, exec_svc, "{imm}", OP_LR, OP_NONE, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},

    /* 32-bit hints: hw1 = 1111 0011 1010 1111, hw2 = 1000 0000 op8 */
    {"nop.w",   0xFFFFFFFF, 0xF3AF8000, 4, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"yield.w", 0xFFFFFFFF, 0xF3AF8001, 4, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"wfe.w",   0xFFFFFFFF, 0xF3AF8002, 4, TC_ALU, NULL, exec_wfe, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"wfi.w",   0xFFFFFFFF, 0xF3AF8003, 4, TC_ALU, NULL, exec_wfi, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"sev.w",   0xFFFFFFFF, 0xF3AF8004, 4, TC_ALU, NULL, exec_sev, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"esb",     0xFFFFFFFF, 0xF3AF8010, 4, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"csdb",    0xFFFFFFFF, 0xF3AF8014, 4, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"dbg",     0xFFFFFFF0, 0xF3AF80F0, 4, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"nop.w",   0xFFFFFF00, 0xF3AF8000, 4, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},

    /* barriers: hw1 = 1111 0011 1011 1111, hw2 = 1000 1111 op option
     * (CLREX, op 0010, is in exec_ldst.c) */
    {"dsb",     0xFFFFFFF0, 0xF3BF8F40, 4, TC_SYS, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"dmb",     0xFFFFFFF0, 0xF3BF8F50, 4, TC_SYS, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"isb",     0xFFFFFFF0, 0xF3BF8F60, 4, TC_SYS, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},

    {"mrs",     0xFFFFF000, 0xF3EF8000, 4, TC_SYS, decode_mrs, exec_mrs, "{rd}, {imm}", OP_RD, OP_PSR, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"msr",     0xFFF0F300, 0xF3808000, 4, TC_SYS, decode_msr, exec_msr, "{imm}, {rn}", OP_PSR, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"udf.w",   0xFFF0F000, 0xF7F0A000, 4, TC_ALU, decode_udf32, exec_udf, "{imm}", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},

    /* Branch future (NOPs here): BFX/BFLX hw1 = 1111 0 boff 11L Rn,
     * hw2 = E001; BF hw1 bits 6:5 = 10, BFCSEL bit 6 = 0 (bits 5:2 are its
     * condition), both hw2 = 1110 ... 1; BFL hw2 = 1100 ... 1. */
    {"bfx",     0xF870FFFF, 0xF060E001, 4, TC_ALU, decode_bf, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"bflx",    0xF870FFFF, 0xF070E001, 4, TC_ALU, decode_bf, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"bf",      0xF860F001, 0xF040E001, 4, TC_ALU, decode_bf, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"bfcsel",  0xF840F001, 0xF000E001, 4, TC_ALU, decode_bf, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"bfl",     0xF800F001, 0xF000C001, 4, TC_ALU, decode_bf, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},

    /* Security Extension and CLRM (in the LDM/STREX spaces with Rn or Rt
     * = PC, which those do not allow) */
    {"sg",      0xFFFFFFFF, 0xE97FE97F, 4, TC_ALU, NULL, exec_nop, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"tt",      0xFFF0F0FF, 0xE840F000, 4, TC_SYS, decode_tt, exec_tt, "{rd}, {rn}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ttt",     0xFFF0F0FF, 0xE840F040, 4, TC_SYS, decode_tt, exec_tt, "{rd}, {rn}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"tta",     0xFFF0F0FF, 0xE840F080, 4, TC_SYS, decode_tt, exec_tt, "{rd}, {rn}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ttat",    0xFFF0F0FF, 0xE840F0C0, 4, TC_SYS, decode_tt, exec_tt, "{rd}, {rn}", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"clrm",    0xFFFF0000, 0xE89F0000, 4, TC_ALU, decode_clrm, exec_clrm, "{list}", OP_LIST, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {0},
};
