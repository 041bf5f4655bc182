/* The numbers of the Cortex-M55 pipeline model (isa/timing.h).
 *
 * Source, unless a line says otherwise: ../shared/reference/CALIBRATION.md
 * section 2, which summarises LLVM's Cortex-M55 scheduling model
 * (llvm/lib/Target/ARM/ARMScheduleM55.td, written by Arm engineers;
 * secondary).  That model counts latency from the register read in E2 to
 * the result's write or forward, which is what a dependant waits for here.
 */
#include <stdio.h>
#include <string.h>

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

/* Helium instructions whose latency differs from their class (LLVM's
 * Cortex-M55 model: "E4NoFwd" narrowing, the across-vector reductions,
 * the E3 integer shifts and carries, the E2 float adds). */
typedef struct mnemonic_latency {
    const char *name;
    uint8_t latency[3];   /* for .8, .16, .32 elements */
    uint8_t pipe;         /* 0: keep the class's */
} mnemonic_latency_t;

static const mnemonic_latency_t helium_latency[] = {
    {"vmovn", {3, 3, 3}, 0},    {"vqmovn", {3, 3, 3}, 0},   {"vqmovun", {3, 3, 3}, 0},
    {"vshrn", {3, 3, 3}, 0},    {"vrshrn", {3, 3, 3}, 0},   {"vqshrn", {3, 3, 3}, 0},
    {"vqrshrn", {3, 3, 3}, 0},  {"vqshrun", {3, 3, 3}, 0},  {"vqrshrun", {3, 3, 3}, 0},
    {"vmaxv", {2, 3, 4}, 0},    {"vminv", {2, 3, 4}, 0},    {"vmaxav", {2, 3, 4}, 0},
    {"vminav", {2, 3, 4}, 0},   {"vabav", {3, 3, 3}, 0},
    {"vrshl", {2, 2, 2}, 0},    {"vqshl", {2, 2, 2}, 0},    {"vqrshl", {2, 2, 2}, 0},
    {"vrshr", {2, 2, 2}, 0},    {"vadc", {2, 2, 2}, 0},     {"vsbc", {2, 2, 2}, 0},
    {"vadci", {2, 2, 2}, 0},    {"vsbci", {2, 2, 2}, 0},
    /* long accumulations: +1 on the high word */
    {"vmlaldav", {3, 3, 3}, 0}, {"vmlsldav", {3, 3, 3}, 0}, {"vrmlaldavh", {3, 3, 3}, 0},
    {"vrmlsldavh", {3, 3, 3}, 0}, {"vaddlv", {3, 3, 3}, 0},
    /* float adds, compares, min/max: E2 */
    {"vadd.f", {1, 1, 1}, 0},   {"vsub.f", {1, 1, 1}, 0},   {"vabs.f", {1, 1, 1}, 0},
    {"vneg.f", {1, 1, 1}, 0},   {"vmaxnm", {1, 1, 1}, 0},   {"vminnm", {1, 1, 1}, 0},
    {"vabd.f", {1, 1, 1}, 0},
    /* predication: the control pipe (VPST, VCTP, VPNOT), compares on FP/MUL */
    {"vpst", {1, 1, 1}, TIMING_PIPE_CTRL}, {"vctp", {1, 1, 1}, TIMING_PIPE_CTRL},
    {"vpnot", {1, 1, 1}, TIMING_PIPE_CTRL},
    {"vcmp", {1, 1, 1}, FPMUL},  {"vcmp.f", {1, 1, 1}, FPMUL},
};

/* Dual-issue class of a 16-bit encoding (isa/timing.h). */
static uint8_t dual_class(const insn_t *in)
{
    if (in->size != 2 || in->tclass >= TC_FP32)
        return 0;
    uint32_t hw = in->raw;
    bool secondary = (hw & 0xFC00u) == 0x1C00u    /* ADDS/SUBS Rd, Rn, #imm3 */
                     || (hw & 0xF000u) == 0x3000u /* ADDS/SUBS Rdn, #imm8 */
                     || (hw & 0xF800u) == 0x2000u /* MOVS Rd, #imm8 */
                     || (hw & 0xFF00u) == 0x4600u /* MOV Rd, Rm */
                     || (hw & 0xFF00u) == 0xB200u /* SXTH, SXTB, UXTH, UXTB */
                     || (hw & 0xFF00u) == 0xBF00u /* IT, NOP and hints */
                     || ((hw & 0xF000u) == 0xD000u && (hw & 0x0E00u) != 0x0E00u) /* B<c>, not UDF/SVC */
                     || (hw & 0xF800u) == 0xE000u /* B */
                     || (hw & 0xF500u) == 0xB100u /* CBZ, CBNZ */
                     || (hw & 0xFF00u) == 0x4700u;/* BX, BLX */
    return TIMING_DUAL_PAIRABLE | (secondary ? TIMING_DUAL_SECONDARY : 0);
}

static bool is_loop_end(const insn_t *in)
{
    const char *n = in->pat ? in->pat->name : NULL;
    return n && (!strcmp(n, "le") || !strcmp(n, "letp"));
}

void timing_annotate(insn_t *in)
{
    const timing_class_info_t *c = &timing_class_info[in->tclass < TC_COUNT ? in->tclass : TC_ALU];
    in->issue = c->issue;
    in->latency = c->latency;
    in->pipe = c->pipe;
    in->occupancy = c->occupancy;
    if (in->tclass >= TC_MVE_INT && in->pat && in->pat->name) {
        /* "vadd" with an F data type is named vadd in the float table:
         * match the float rows by table class. */
        char name[16];
        snprintf(name, sizeof name, "%s%s", in->pat->name, in->tclass == TC_MVE_FP ? ".f" : "");
        for (size_t i = 0; i < sizeof helium_latency / sizeof helium_latency[0]; i++) {
            const mnemonic_latency_t *m = &helium_latency[i];
            if (strcmp(m->name, name) != 0 && strcmp(m->name, in->pat->name) != 0)
                continue;
            in->latency = m->latency[in->esize < 3 ? in->esize : 2];
            if (m->pipe) {
                in->pipe = m->pipe;
                in->occupancy = m->pipe == TIMING_PIPE_CTRL ? 1 : 2;
            }
            break;
        }
    }
    /* LE after the first iteration: the loop's branch information is
     * cached and the loop end costs nothing (exec charges the first). */
    if (is_loop_end(in))
        in->issue = 0;
    in->dual = dual_class(in);
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
