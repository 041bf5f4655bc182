/* Issue cost of each timing class, in core cycles.
 *
 * Source: ../shared/reference/CALIBRATION.md section 2 (LLVM's Cortex-M55
 * scheduling model, written by Arm engineers; secondary).  This first table
 * charges each instruction its issue slot plus the part of its result
 * latency that a dependent successor would wait for on average; the
 * pipeline model (dual issue, real dependencies) refines it.
 */
#include "timing.h"

const uint8_t timing_class_cycles[TC_COUNT] = {
    [TC_ALU] = 1,            /* scalar ALU: 1 cycle latency */
    [TC_ALU_SHIFT] = 2,      /* ALU with shifted operand: 2 cycles latency */
    [TC_MUL] = 2,            /* MUL, MLA, SMLAD, 16-bit MACs: 2 cycles latency */
    [TC_MUL_LONG] = 2,       /* SMLAL, UMULL: 2 cycles (assumption: as MUL) */
    [TC_DIV] = 2,            /* divide: base; exec adds the data-dependent part */
    [TC_LOAD] = 2,           /* LDR: 2 cycles latency */
    [TC_STORE] = 1,          /* STR: 1 cycle */
    [TC_LOAD_MULTI] = 2,     /* LDM: first register as LDR, +1 each further */
    [TC_STORE_MULTI] = 1,    /* STM: +1 each further register */
    [TC_BRANCH] = 1,         /* + TIMING_TAKEN_BRANCH_PENALTY when taken */
    [TC_BRANCH_LINK] = 1,    /* + penalty (always taken) */
    [TC_TABLE_BRANCH] = 2,   /* TBB/TBH: a load then a branch */
    [TC_SYS] = 1,
    [TC_FP32] = 2,           /* FP32 add/mul/VFMA: 2 cycles latency */
    [TC_FP32_MLA] = 4,       /* non-fused VMLA.F32: 4 */
    [TC_FP32_DIV] = 16,      /* VDIV/VSQRT.F32: 16 */
    [TC_FP64_ADD] = 15,      /* FP64 add: 15 */
    [TC_FP64_MUL] = 21,      /* FP64 mul: 21 */
    [TC_FP64_FMA] = 24,      /* FP64 FMA: 24 */
    [TC_FP64_DIV] = 30,      /* FP64 div/sqrt: 30 */
    [TC_FP_LOAD] = 2,        /* as LDR */
    [TC_FP_STORE] = 1,       /* as STR */
    [TC_FP_LOAD_MULTI] = 2,
    [TC_FP_STORE_MULTI] = 1,
    [TC_MVE_INT] = 2,        /* two beats on the integer pipe */
    [TC_MVE_MUL] = 2,        /* two beats on the FP/MUL pipe */
    [TC_MVE_FP] = 2,
    [TC_MVE_LOAD] = 2,       /* holds the load/store pipe 2 cycles */
    [TC_MVE_GATHER] = 4,     /* assumption: one beat per 32-bit element */
};

const char *const timing_class_name[TC_COUNT] = {
    [TC_ALU] = "alu", [TC_ALU_SHIFT] = "alu_shift", [TC_MUL] = "mul",
    [TC_MUL_LONG] = "mul_long", [TC_DIV] = "div", [TC_LOAD] = "load",
    [TC_STORE] = "store", [TC_LOAD_MULTI] = "load_multi", [TC_STORE_MULTI] = "store_multi",
    [TC_BRANCH] = "branch", [TC_BRANCH_LINK] = "branch_link", [TC_TABLE_BRANCH] = "table_branch",
    [TC_SYS] = "sys", [TC_FP32] = "fp32", [TC_FP32_MLA] = "fp32_mla", [TC_FP32_DIV] = "fp32_div",
    [TC_FP64_ADD] = "fp64_add", [TC_FP64_MUL] = "fp64_mul", [TC_FP64_FMA] = "fp64_fma",
    [TC_FP64_DIV] = "fp64_div", [TC_FP_LOAD] = "fp_load", [TC_FP_STORE] = "fp_store",
    [TC_FP_LOAD_MULTI] = "fp_load_multi", [TC_FP_STORE_MULTI] = "fp_store_multi",
    [TC_MVE_INT] = "mve_int", [TC_MVE_MUL] = "mve_mul", [TC_MVE_FP] = "mve_fp",
    [TC_MVE_LOAD] = "mve_load", [TC_MVE_GATHER] = "mve_gather",
};
