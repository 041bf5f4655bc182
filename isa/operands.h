/* The register operands of a table row (isa_pattern_t.writes / .reads).
 *
 * Each OP_* names where a decoded instruction keeps one register operand
 * (or an implicit one), so a row's two sets say what it writes and reads
 * for every encoding it matches; isa/insn_regs.c turns them into the
 * pipeline's register units (isa/timing.h) once, at decode time.  Nothing
 * here looks at the mnemonic or asks a disassembler: renaming a row or
 * upgrading Capstone cannot move a cycle.
 *
 * The sets are dependency facts for the timing model, not for execution: a
 * missing register only loses a stall, an extra one only adds a false
 * dependence.  The PC is never tracked (core registers r0-r14 only).
 */
#ifndef ETSIM_ISA_OPERANDS_H
#define ETSIM_ISA_OPERANDS_H

enum isa_operand {
    /* core registers in the decoded fields */
    OP_RD = 1u << 0,
    OP_RN = 1u << 1,
    OP_RM = 1u << 2,
    OP_RA = 1u << 3,          /* fourth register: accumulator, RdHi, Rt2, RdaHi */
    /* Helium vector registers (field & 7) */
    OP_QD = 1u << 4,
    OP_QN = 1u << 5,
    OP_QM = 1u << 6,
    /* FP registers: an S register, or a D register when in->esize is FP_F64 */
    OP_FD = 1u << 7,
    OP_FN = 1u << 8,
    OP_FM = 1u << 9,
    /* FP registers of a fixed kind (conversions between precisions) */
    OP_SD = 1u << 10,
    OP_SM = 1u << 11,
    OP_DD = 1u << 12,
    OP_DM = 1u << 13,
    /* implicit and list operands */
    OP_LIST = 1u << 14,       /* in->list: core registers r0-r14 (LDM, PUSH...) */
    OP_LR = 1u << 15,         /* BL, BLX */
    OP_FLAGS = 1u << 16,      /* APSR.NZCV */
    OP_FPSCR = 1u << 17,      /* VCMP -> VMRS */
    OP_VPR = 1u << 18,        /* Helium predication */
    /* operands that depend on the decoded instruction */
    OP_COND = 1u << 19,       /* the flags, when in->cond is not AL */
    OP_WBACK = 1u << 20,      /* Rn, when INSN_WBACK */
    OP_SETFLAGS = 1u << 21,   /* the flags, when INSN_SETFLAGS */
    OP_SLIST = 1u << 22,      /* S registers rd .. rd + words - 1 (VLDM, VPUSH) */
    OP_SPAIR = 1u << 23,      /* S registers rd and rd + 1 (VMOV two core registers) */
    OP_D_OF_S = 1u << 24,     /* the D register holding S register rd (VMOV.32 Dd[x]) */
    OP_PSR = 1u << 25,        /* the flags, when SYSm (in->imm) is an xPSR view with the APSR */
    OP_FPSCR_REG = 1u << 26,  /* FPSCR, when the system register (in->imm) is FPSCR */
    OP_APSR_NZCV = 1u << 27,  /* the flags, when Rd is 15 (VMRS APSR_nzcv, FPSCR) */
    OP_ROUND_FPSCR = 1u << 28,/* FPSCR, when the rounding mode comes from it (VCVTR) */
    OP_RD_ACC = 1u << 29,     /* Rd, when INSN_ACC (VADDVA, VMLADAVA) */
    OP_RA_ACC = 1u << 30,     /* Ra, when INSN_ACC (VMLALDAVA: RdaHi) */
};

/* None of the above: a set is never left empty, so a row that forgot its
 * operands is told from one that has none (hints and barriers; stores,
 * compares and branches write OP_NONE). */
#define OP_NONE 0x80000000u

#endif
