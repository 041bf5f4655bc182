/* The numbers of the Cortex-M55 pipeline model (isa/timing.h).
 *
 * Source, unless a line says otherwise: ../shared/reference/CALIBRATION.md
 * section 2, which summarises LLVM's Cortex-M55 scheduling model
 * (llvm/lib/Target/ARM/ARMScheduleM55.td, written by Arm engineers;
 * secondary).  That model counts latency from the register read in E2 to
 * the result's write or forward, which is what a dependant waits for here.
 */
#include "insn.h"
#include "timing.h"

#define LSU TIMING_PIPE_LSU
#define VINT TIMING_PIPE_VEC_INT
#define FPMUL TIMING_PIPE_FP_MUL

const timing_class_info_t timing_class_info[TC_COUNT] = {
    /*                      issue lat pipe  occupancy */
    [TC_ALU] =             {1, 1, 0, 0},      /* scalar ALU: latency 1 */
    [TC_ALU_SHIFT] =       {1, 2, 0, 0},      /* shifted operand: latency 2 */
    [TC_MUL] =             {1, 2, 0, 0},      /* MUL, MLA, SMLAD, 16-bit MACs: 2 */
    [TC_MUL_LONG] =        {1, 2, 0, 0},      /* SMLAL, UMULL: 2 (both halves) */
    [TC_DIV] =             {2, 1, 0, 0},      /* divide blocks issue; exec adds the data-dependent part */
    [TC_LOAD] =            {1, 2, LSU, 1},    /* LDR: 2 */
    [TC_STORE] =           {1, 1, LSU, 1},    /* STR: 1 */
    [TC_LOAD_MULTI] =      {1, 2, LSU, 1},    /* LDM: + 1 per further register (exec) */
    [TC_STORE_MULTI] =     {1, 1, LSU, 1},
    [TC_BRANCH] =          {1, 1, 0, 0},      /* + TIMING_TAKEN_BRANCH_PENALTY when taken */
    [TC_BRANCH_LINK] =     {1, 1, 0, 0},
    [TC_TABLE_BRANCH] =    {2, 1, 0, 0},      /* TBB/TBH: a load, then a branch */
    [TC_SYS] =             {1, 1, 0, 0},
    [TC_FP32] =            {1, 2, FPMUL, 1},  /* FP32 add/mul/VFMA: 2 */
    [TC_FP32_MLA] =        {1, 4, FPMUL, 1},  /* non-fused VMLA.F32: 4 */
    /* Divide, square root and double precision: the latencies are LLVM's;
     * that the unit is iterative (holds the FP pipe for the whole
     * latency) is an assumption. */
    [TC_FP32_DIV] =        {1, 16, FPMUL, 16},
    [TC_FP64_ADD] =        {1, 15, FPMUL, 15},
    [TC_FP64_MUL] =        {1, 21, FPMUL, 21},
    [TC_FP64_FMA] =        {1, 24, FPMUL, 24},
    [TC_FP64_DIV] =        {1, 30, FPMUL, 30},
    [TC_FP_LOAD] =         {1, 2, LSU, 1},    /* VLDR: as LDR */
    [TC_FP_STORE] =        {1, 1, LSU, 1},
    [TC_FP_LOAD_MULTI] =   {1, 2, LSU, 1},    /* VLDM: + 1 per further word (exec) */
    [TC_FP_STORE_MULTI] =  {1, 1, LSU, 1},
    /* Helium: two beats of 64 bits on one pipe; the next instruction
     * issues one cycle later and overlaps the second beat if it uses
     * another pipe. */
    [TC_MVE_INT] =         {1, 1, VINT, 2},   /* VADD, logic, VSHL: 1 */
    [TC_MVE_MUL] =         {1, 2, FPMUL, 2},  /* VMUL, VMLA, VMLADAV, VQDMULH: 2 */
    [TC_MVE_FP] =          {1, 2, FPMUL, 2},  /* VFMA, VMUL.F: 2 (VADD.F: 1, below) */
    [TC_MVE_LOAD] =        {1, 1, LSU, 2},    /* VLDR/VSTR: 1, LSU 2 cycles */
    /* Gathers: latency 2 (LLVM); one 32-bit element per cycle on the
     * load/store pipe is an assumption. */
    [TC_MVE_GATHER] =      {1, 2, LSU, 4},
};

_Static_assert(TC_COUNT <= sizeof ((cpu_pipeline_t *)0)->class_insns /
                               sizeof ((cpu_pipeline_t *)0)->class_insns[0],
               "cpu_pipeline_t.class_insns has a counter per timing class");

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

/* Rows whose figures differ from their class (isa_pattern_t.timing).  The
 * Helium latencies are LLVM's Cortex-M55 model's: "E4NoFwd" narrowing,
 * the across-vector reductions, the E3 integer shifts and carries, the E2
 * float adds; the long accumulations write their high word a cycle later. */
typedef struct timing_override_info {
    uint8_t latency[3];   /* for .8, .16, .32 elements (in->esize) */
    uint8_t pipe;         /* 0: keep the class's pipe and occupancy */
    uint8_t occupancy;
    uint8_t issue0;       /* 1: no front-end cycle */
} timing_override_info_t;

static const timing_override_info_t timing_override_info[TL_COUNT] = {
    [TL_NARROW] =      {{3, 3, 3}, 0, 0, 0},
    [TL_ACROSS] =      {{2, 3, 4}, 0, 0, 0},
    [TL_LONG_ACC] =    {{3, 3, 3}, 0, 0, 0},
    [TL_ABS_ACC] =     {{3, 3, 3}, 0, 0, 0},
    [TL_SHIFT_CARRY] = {{2, 2, 2}, 0, 0, 0},
    [TL_FLOAT_E2] =    {{1, 1, 1}, 0, 0, 0},
    /* predication: the control pipe (VPST, VCTP, VPNOT), compares on FP/MUL */
    [TL_PREDICATE] =   {{1, 1, 1}, TIMING_PIPE_CTRL, 1, 0},
    [TL_VCMP] =        {{1, 1, 1}, FPMUL, 2, 0},
    /* LE after the first iteration: the loop's branch information is
     * cached and the loop end costs nothing (exec charges the first). */
    [TL_LOOP_END] =    {{1, 1, 1}, 0, 0, 1},
};

void timing_annotate(insn_t *in)
{
    const timing_class_info_t *c = &timing_class_info[in->tclass < TC_COUNT ? in->tclass : TC_ALU];
    in->issue = c->issue;
    in->latency = c->latency;
    in->pipe = c->pipe;
    in->occupancy = c->occupancy;
    const isa_pattern_t *p = in->pat;
    unsigned tl = p && p->timing < TL_COUNT ? p->timing : TL_CLASS;
    if (tl != TL_CLASS) {
        const timing_override_info_t *o = &timing_override_info[tl];
        in->latency = tl == TL_LOOP_END ? in->latency : o->latency[in->esize < 3 ? in->esize : 2];
        if (o->pipe) {
            in->pipe = o->pipe;
            in->occupancy = o->occupancy;
        }
        if (o->issue0)
            in->issue = 0;
    }
    in->dual = p ? p->dual : DUAL_NONE;
    timing_insn_regs(in, &in->src, &in->dst);
    in->sb_dst = in->latency > 1 ? in->dst : 0;
}

void timing_fetch_cost(insn_t *in, unsigned fetch_wait)
{
    /* A 32-bit fetch brings two halfwords: a 16-bit instruction costs half
     * a fetch's wait states (rounded up), a 32-bit one a whole fetch. */
    unsigned fw = in->size == 4 ? fetch_wait : (fetch_wait + 1u) / 2u;
    in->fetch_wait = (uint8_t)(fw > 255 ? 255 : fw);
}
