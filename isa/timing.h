/* Timing classes of the Cortex-M55 core.
 *
 * Each instruction table row names the class of its instruction; the class
 * gives the issue cost in cycles (isa/timing.c, with the source of every
 * number).  Memory wait states come on top, charged by the bus page the
 * access hits.  This is the first, per-instruction table; the pipeline model
 * (dual issue, result latencies, MVE beats) refines it.
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
    TC_DIV,            /* SDIV, UDIV (data dependent on silicon; fixed here) */
    TC_LOAD,           /* LDR*, LDREX */
    TC_STORE,          /* STR*, STREX */
    TC_LOAD_MULTI,     /* LDM, POP, LDRD: + 1 per register (see timing.c) */
    TC_STORE_MULTI,    /* STM, PUSH, STRD */
    TC_BRANCH,         /* taken branch (not-taken costs TC_ALU) */
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
    TC_MVE_INT,        /* MVE integer vector op (two beats) */
    TC_MVE_MUL,        /* MVE multiply / MAC / reduction */
    TC_MVE_FP,         /* MVE float op */
    TC_MVE_LOAD,       /* VLDR/VSTR of a vector */
    TC_MVE_GATHER,     /* gather / scatter */
    TC_COUNT
};

/* Issue cost of a class in cycles. */
extern const uint8_t timing_class_cycles[TC_COUNT];
/* Name of a class, for reports. */
extern const char *const timing_class_name[TC_COUNT];

/* Extra cycles of a taken branch (pipeline refill), on top of the row's
 * class cost; execute functions call this only when the branch is taken. */
#define TIMING_TAKEN_BRANCH_PENALTY 2u

/* Charge extra cycles from an execute function: one per extra register of
 * LDM/STM/PUSH/POP/VLDM, the taken-branch penalty, data-dependent costs. */
static inline void timing_add(cpu_t *cpu, unsigned cycles)
{
    cpu->cycles += cycles;
}

static inline void timing_taken_branch(cpu_t *cpu)
{
    cpu->cycles += TIMING_TAKEN_BRANCH_PENALTY;
}

#endif
