/* The Cortex-M55 pipeline model.
 *
 * Each instruction table row names a timing class, and where the row
 * costs something else than its class a TL_* override, and a dual-issue
 * class: at decode time they give the instruction its issue cycles, result
 * latency, execution pipe and pipe occupancy; the row's OP_* sets
 * (isa/operands.h, isa/insn_regs.c) the registers it reads and writes
 * (isa/timing.c holds every number with its source).  No decision looks
 * at the mnemonic.  At run time:
 *
 *  - an instruction issues when its source registers are ready (a small
 *    scoreboard of the last results whose latency exceeds one cycle) and
 *    its pipe is free; the wait is a stall;
 *  - it occupies the front end for its issue cycles (1 for most; 0 for
 *    the second of a dual-issued pair of 16-bit instructions and for a
 *    low-overhead loop's LE after the first iteration);
 *  - Helium instructions hold their pipe (load/store, integer, FP/MUL) for
 *    two beats, so the next instruction overlaps the second beat when it
 *    goes down another pipe, and waits when it shares the pipe;
 *  - execute functions add what depends on data: memory wait states and
 *    cache misses, the refill of a taken branch, LDM/STM registers,
 *    divide cycles.
 */
#ifndef ETSIM_ISA_TIMING_H
#define ETSIM_ISA_TIMING_H

#include <stdint.h>

#include "cpu.h"

enum timing_class {
    TC_ALU = 0,        /* scalar ALU, moves, compares, IT, NOP, hints */
    TC_ALU_SHIFT,      /* ALU with a shifted register operand */
    TC_MUL,            /* MUL, MLA, MLS, 16x16 DSP multiplies, SMLAD... */
    TC_MUL_LONG,       /* UMULL, SMLAL, UMAAL, SMLALD... */
    TC_DIV,            /* SDIV, UDIV (data dependent: exec adds cycles) */
    TC_LOAD,           /* LDR*, LDREX */
    TC_STORE,          /* STR*, STREX */
    TC_LOAD_MULTI,     /* LDM, POP, LDRD: + 1 per register (exec) */
    TC_STORE_MULTI,    /* STM, PUSH, STRD */
    TC_BRANCH,         /* branches: exec adds the refill when taken */
    TC_BRANCH_LINK,    /* BL, BLX */
    TC_TABLE_BRANCH,   /* TBB, TBH */
    TC_SYS,            /* MRS, MSR, CPS, barriers */
    TC_FP32,           /* VADD.F32, VMUL.F32, VFMA.F32, VMOV... */
    TC_FP32_MLA,       /* non-fused VMLA/VMLS.F32 */
    TC_FP32_DIV,       /* VDIV.F32, VSQRT.F32 */
    TC_FP64_ADD,       /* VADD/VSUB/VCMP/VCVT.F64 */
    TC_FP64_MUL,       /* VMUL.F64 */
    TC_FP64_FMA,       /* VFMA.F64, VMLA.F64 */
    TC_FP64_DIV,       /* VDIV.F64, VSQRT.F64 */
    TC_FP_LOAD,        /* VLDR */
    TC_FP_STORE,       /* VSTR */
    TC_FP_LOAD_MULTI,  /* VLDM, VPOP (+1 per word) */
    TC_FP_STORE_MULTI, /* VSTM, VPUSH */
    TC_MVE_INT,        /* Helium integer vector op */
    TC_MVE_MUL,        /* Helium multiply / MAC / reduction */
    TC_MVE_FP,         /* Helium float op */
    TC_MVE_LOAD,       /* VLDR/VSTR of a vector */
    TC_MVE_GATHER,     /* gather / scatter */
    TC_COUNT
};

/* Execution pipes with an occupancy (TIMING_PIPE_NONE: the scalar ALU,
 * which never holds an instruction back by itself). */
enum timing_pipe {
    TIMING_PIPE_NONE = 0,
    TIMING_PIPE_LSU,       /* load/store: scalar, FP and vector accesses */
    TIMING_PIPE_VEC_INT,   /* Helium integer */
    TIMING_PIPE_FP_MUL,    /* Helium FP and multiply, scalar FP */
    TIMING_PIPE_CTRL,      /* Helium control: VPST, VCTP, VPNOT */
    TIMING_PIPES
};

/* What a class costs (isa/timing.c, with sources). */
typedef struct timing_class_info {
    uint8_t issue;      /* front-end cycles */
    uint8_t latency;    /* cycles from issue until a dependant can issue */
    uint8_t pipe;       /* enum timing_pipe */
    uint8_t occupancy;  /* cycles the pipe is held from issue */
} timing_class_info_t;

extern const timing_class_info_t timing_class_info[TC_COUNT];
/* Name of a class, for reports. */
extern const char *const timing_class_name[TC_COUNT];

/* Register units of the dependency masks: bit r for r0-r14, then the
 * APSR flags, FPSCR (VCMP -> VMRS), VPR, and S0-S31 from bit 32 (a Dn
 * is two bits, a Qn four, so overlapping views depend on each other). */
#define TIMING_UNIT_FLAGS 15u
#define TIMING_UNIT_FPSCR 16u
#define TIMING_UNIT_VPR 17u
#define TIMING_UNIT_S0 32u
#define TIMING_MASK_FLAGS (1ull << TIMING_UNIT_FLAGS)
#define TIMING_MASK_FPSCR (1ull << TIMING_UNIT_FPSCR)
#define TIMING_MASK_VPR (1ull << TIMING_UNIT_VPR)

/* Rows whose cost differs from their timing class (isa_pattern_t.timing;
 * the numbers and their sources are in isa/timing.c). */
enum timing_override {
    TL_CLASS = 0,      /* the class's figures */
    TL_NARROW,         /* Helium narrowing (VMOVN, VQSHRN...): result in E4, no forwarding */
    TL_ACROSS,         /* Helium across-vector min/max (VMAXV...): latency by element size */
    TL_LONG_ACC,       /* Helium 64-bit accumulations (VMLALDAV, VADDLV): the high word a cycle later */
    TL_ABS_ACC,        /* VABAV */
    TL_SHIFT_CARRY,    /* Helium saturating/rounding shifts by register, VADC/VSBC: E3 */
    TL_FLOAT_E2,       /* Helium float add/sub/abs/neg/min/max: E2 */
    TL_PREDICATE,      /* VPST, VCTP, VPNOT: the control pipe */
    TL_VCMP,           /* Helium compares and VPT: the FP/MUL pipe, latency 1 */
    TL_LOOP_END,       /* LE/LETP: free after the first iteration (exec charges the first) */
    TL_COUNT
};

/* Dual issue (insn.dual): the Cortex-M55 issues two 16-bit instructions
 * together when at least one of them is a "secondary" (ADD/SUB/MOV
 * immediate, MOV register, UXT/SXT, IT, NOP, branch) and the second does
 * not read what the first writes.  Each row says which it is
 * (isa_pattern_t.dual): DUAL_NONE for 32-bit and FP rows. */
#define TIMING_DUAL_PAIRABLE 0x1u
#define TIMING_DUAL_SECONDARY 0x2u
enum timing_dual_class {
    DUAL_NONE = 0,
    DUAL_PAIR = TIMING_DUAL_PAIRABLE,
    DUAL_SECONDARY = TIMING_DUAL_PAIRABLE | TIMING_DUAL_SECONDARY,
};

/* Extra cycles of a taken branch: the pipeline refill after its issue
 * cycle.  LLVM's Cortex-M55 model (ARMScheduleM55.td, Arm engineers) gives
 * MispredictPenalty = 3; LLVM's M-profile models use that field for the
 * best-case cost of a taken branch in total (ARMScheduleM4.td says so: 2 on
 * the Cortex-M4, whose TRM gives a taken branch 1 + P cycles with P >= 1),
 * so a taken branch costs 3 cycles: its issue cycle and a refill of 2, one
 * more than the three-stage M4 ("the M55 technically has an extra pipeline
 * stage", ARMScheduleM55.td).  LLVM marks the M55 as having no branch
 * predictor (FeatureHasNoBranchPredictor, ARMProcessors.td): without the
 * loop and branch info cache below, every taken branch pays it. */
#define TIMING_TAKEN_BRANCH_PENALTY 2u

struct insn;

/* Fill in the timing fields of a decoded instruction (issue, latency,
 * pipe, occupancy, dual-issue class, register masks): a function of the
 * encoding only. */
void timing_annotate(struct insn *in);
/* Its fetch cost from where it sits: fetch_wait is the extra cycles of a
 * 32-bit fetch there when not cached. */
void timing_fetch_cost(struct insn *in, unsigned fetch_wait);

/* Registers read and written (isa/insn_regs.c). */
void timing_insn_regs(const struct insn *in, uint64_t *src, uint64_t *dst);

/* Charge extra cycles from an execute function: LDM/STM registers,
 * data-dependent costs. */
static inline void timing_add(cpu_t *cpu, unsigned cycles)
{
    cpu->cycles += cycles;
}

static inline void timing_taken_branch(cpu_t *cpu)
{
    cpu->cycles += TIMING_TAKEN_BRANCH_PENALTY;
}

/* A load that writes the PC (LDR PC, POP {..., pc}, LDM with the PC): the
 * fetch of the target can only start when the loaded address is there, a
 * load latency (2, LLVM's M55 model) after the load issued, so it pays
 * one cycle more than an immediate branch.  The Cortex-M4 TRM's cycle
 * table has the same shape: LDR PC 2 + P against B 1 + P, POP {pc} 1 + N +
 * P against LDM 1 + N. */
#define TIMING_LOADED_BRANCH_PENALTY (TIMING_TAKEN_BRANCH_PENALTY + 1u)

static inline void timing_loaded_branch(cpu_t *cpu)
{
    cpu->cycles += TIMING_LOADED_BRANCH_PENALTY;
}

/* The loop and branch info cache (LOB; Cortex-M55 TRM, CCR.LOB) holds the
 * branch information of the current low-overhead loop (its LE, see
 * isa/exec_branch.c) and, with ACTLR.DISLOBR clear, of an ordinary
 * backward branch: Alif's Cortex-M55 start-up code clears DISLOBR to
 * "enable limited static branch prediction using low overhead loops"
 * (alif_ensemble-cmsis-dfp, Device/common/source/system_M55.c); etsim runs
 * with it clear.  A backward B/B<c> the cache holds is predicted taken:
 * taken, it costs its issue cycle only; falling through (the loop ends), it
 * pays the refill.  Any other taken backward branch pays the refill and
 * takes the entry.  Assumptions: one entry for a branch, apart from the
 * LE's (an outer loop's branch does not evict the inner loop's LE). */
static inline void timing_direct_branch(cpu_t *cpu, bool taken, bool backward)
{
    /* Predicted taken: a backward branch the cache holds.  A branch pays
     * the refill when the prediction (taken or fall through) is wrong. */
    bool predicted = backward & (cpu->pl.lob_branch == cpu->pc);
    cpu->cycles += (uint64_t)(taken ^ predicted) * TIMING_TAKEN_BRANCH_PENALTY;
    cpu->pl.lob_branch = (taken & backward) ? cpu->pc : cpu->pl.lob_branch;
}

/* The fetch of an instruction from memory other than a TCM: through the
 * instruction cache when it is on, else the region's wait states
 * (isa/cache.c). */
void timing_fetch(cpu_t *cpu, uint32_t pc, const struct insn *in);

#endif
