/* The Cortex-M55 pipeline model (isa/timing.h, isa/pipeline.h) and the L1
 * cache tags (isa/cache.h): each test runs a short sequence and checks the
 * cycles that the rules of CALIBRATION.md section 2 predict for it. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "../../isa/cache.h"
#include "../../isa/timing.h"
#include "harness.h"

/* Cycles of src (followed by the harness's BKPT), with r1 pointing at data. */
static uint64_t cycles_of(const char *src)
{
    tcpu_t *t = tcpu_new();
    t->cpu->control |= CONTROL_FPCA;
    t->cpu->r[1] = TCPU_DATA_ADDR;
    uint64_t before = t->cpu->cycles;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "%s", src);
    uint64_t n = t->cpu->cycles - before;
    tcpu_free(t);
    return n;
}

Test(pipeline, independent_16bit_moves_dual_issue)
{
    /* Two MOVS pair (1 cycle), the BKPT issues alone (1). */
    cr_assert_eq(cycles_of("movs r2, #1\nmovs r3, #2"), 2);
}

Test(pipeline, dependent_pair_does_not_dual_issue)
{
    /* (NOP.W after them so the BKPT cannot pair with the ADDS.) */
    uint64_t dep = cycles_of("movs r2, #1\nadds r2, #2\nnop.w");
    uint64_t indep = cycles_of("movs r2, #1\nadds r3, #2\nnop.w");
    cr_assert_eq(dep - indep, 1);
    cr_assert_eq(indep, 3);
}

Test(pipeline, pair_needs_a_secondary_instruction)
{
    /* ANDS and ORRS (register) are primaries only: no pair. */
    cr_assert_eq(cycles_of("ands r2, r3\norrs r4, r5"), 3);
    /* A primary followed by a secondary pairs. */
    cr_assert_eq(cycles_of("ands r2, r3\nmovs r4, #5"), 2);
}

Test(pipeline, wide_instructions_issue_alone)
{
    cr_assert_eq(cycles_of("mov.w r2, #1\nmov.w r3, #2"), 3);
}

Test(pipeline, load_use_stalls_one_cycle)
{
    uint64_t use = cycles_of("ldr r2, [r1]\nadd.w r3, r2, #1");
    uint64_t independent = cycles_of("ldr r2, [r1]\nadd.w r3, r4, #1");
    cr_assert_eq(use - independent, timing_class_info[TC_LOAD].latency - 1u);
    /* An instruction in between hides the latency. */
    cr_assert_eq(cycles_of("ldr r2, [r1]\nadd.w r5, r4, #1\nadd.w r3, r2, #1"), independent + 1);
}

Test(pipeline, shifted_operand_has_latency_two)
{
    uint64_t dep = cycles_of("add.w r2, r3, r4, lsl #2\nadd.w r5, r2, #1");
    uint64_t indep = cycles_of("add.w r2, r3, r4, lsl #2\nadd.w r5, r6, #1");
    cr_assert_eq(dep - indep, 1);
}

Test(pipeline, helium_beats_overlap_on_different_pipes)
{
    /* Two loads share the load/store pipe: the second waits a beat. */
    uint64_t same = cycles_of("vldrw.u32 q0, [r1]\nvldrw.u32 q1, [r1]");
    /* A load then an independent integer op: the op's first beat runs in
     * the load's second beat. */
    uint64_t other = cycles_of("vldrw.u32 q0, [r1]\nvadd.i32 q1, q2, q3");
    cr_assert_eq(same - other, 1);
    cr_assert_eq(other, 3, "VLDR (1), VADD (1), BKPT (1)");
}

Test(pipeline, helium_dependency_waits_for_the_result)
{
    /* VMUL has latency 2 (FP/MUL pipe); a VADD reading its result waits. */
    uint64_t dep = cycles_of("vmul.i32 q0, q1, q2\nvadd.i32 q3, q0, q1");
    uint64_t indep = cycles_of("vmul.i32 q0, q1, q2\nvadd.i32 q3, q4, q5");
    cr_assert_eq(dep - indep, 1);
}

/* Dependences come from the row's operand sets (isa/operands.h): the
 * accumulating VMLADAVA reads Rda, the plain VMLADAV only writes it. */
Test(pipeline, only_the_accumulating_reduction_reads_its_destination)
{
    uint64_t acc = cycles_of("ldr r0, [r1]\nvmladava.s8 r0, q1, q2");
    uint64_t plain = cycles_of("ldr r0, [r1]\nvmladav.s8 r0, q1, q2");
    cr_assert_eq(acc - plain, 1, "VMLADAVA waits for the load of r0 (latency 2), VMLADAV does not");
}

/* VMSR reads its core register (Capstone 4 said VMSR P0 read nothing). */
Test(pipeline, vmsr_waits_for_its_core_register)
{
    uint64_t dep = cycles_of("ldr r0, [r1]\nvmsr p0, r0");
    uint64_t indep = cycles_of("ldr r2, [r1]\nvmsr p0, r0");
    cr_assert_eq(dep - indep, 1);
}

/* A long shift reads both halves of RdaHi:RdaLo (the format-derived sets
 * had ASRL read RdaHi only). */
Test(pipeline, long_shift_reads_both_halves)
{
    uint64_t dep = cycles_of("ldr r0, [r1]\nasrl r0, r3, #2");
    uint64_t indep = cycles_of("ldr r2, [r1]\nasrl r0, r3, #2");
    cr_assert_eq(dep - indep, 1);
}

/* VPOP writes SP back: a POP right after it waits for SP. */
Test(pipeline, vpop_writes_back_sp)
{
    uint64_t dep = cycles_of("mov r4, sp\nvpush {d8}\nvpop {d8}\npush {r2}\nmov sp, r4");
    uint64_t indep = cycles_of("mov r4, sp\nvpush {d8}\nvpop {d8}\nmovs r2, #0\nmov sp, r4");
    cr_assert_gt(dep, indep, "PUSH after VPOP: %llu, MOVS: %llu", (unsigned long long)dep,
                 (unsigned long long)indep);
}

Test(pipeline, scalar_fp_and_core_registers_do_not_alias)
{
    /* s2 written by VADD.F32 (latency 2); reading r2 must not wait. */
    uint64_t unrelated = cycles_of("vadd.f32 s2, s0, s1\nadd.w r3, r2, #1");
    uint64_t related = cycles_of("vadd.f32 s2, s0, s1\nvmov r3, s2");
    cr_assert_eq(related - unrelated, 1);
}

Test(pipeline, d_and_q_registers_overlap_their_s_registers)
{
    /* d1 = s2:s3 written; reading s3 depends on it. */
    uint64_t dep = cycles_of("vmov.f64 d1, d0\nvadd.f64 d2, d1, d1");
    cr_assert_geq(dep, 1 + timing_class_info[TC_FP64_ADD].issue + 1);
    uint64_t q = cycles_of("vadd.f32 s4, s0, s1\nvadd.i32 q2, q1, q1");  /* q1 = s4-s7 */
    uint64_t nq = cycles_of("vadd.f32 s4, s0, s1\nvadd.i32 q2, q3, q3");
    cr_assert_eq(q - nq, 1);
}

Test(pipeline, stall_and_dual_statistics)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = TCPU_DATA_ADDR;
    cr_assert_eq(tcpu_run_asm(t, "ldr r2, [r1]\nadd.w r3, r2, #1\nmovs r4, #1\nmovs r5, #1"), TCPU_DONE);
    cr_assert_eq(t->cpu->pl.stall_cycles, 1);
    cr_assert_eq(t->cpu->pl.dual_issued, 1);
    tcpu_free(t);
}

/* ---- control flow (docs/timing.md, "Control flow") ----------------- */

/* Cycles of src with r0 = n (a loop count) and r1 pointing at data. */
static uint64_t cycles_with_r0(const char *src, uint32_t n)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = n;
    t->cpu->r[1] = TCPU_DATA_ADDR;
    uint64_t before = t->cpu->cycles;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "%s", src);
    uint64_t c = t->cpu->cycles - before;
    tcpu_free(t);
    return c;
}

Test(pipeline, taken_branch_costs_three_cycles)
{
    /* LLVM's M55 model: best-case taken branch 3 (issue 1 + refill 2).
     * B.W 3, NOP.W 1, BKPT 1; the skipped NOP.W costs nothing. */
    cr_assert_eq(cycles_of("b.w 1f\nnop.w\n1: nop.w"), 3 + 1 + 1);
    /* BL and BX LR alike. */
    cr_assert_eq(cycles_of("bl 1f\nnop.w\n1: nop.w"), 3 + 1 + 1);
    cr_assert_eq(cycles_of("adr r2, 1f + 1\nbx r2\nnop.w\n1: nop.w"), 1 + 3 + 1 + 1);
}

Test(pipeline, backward_branch_is_predicted_after_its_first_taken_pass)
{
    /* ADD.W, SUBS, BNE per pass.  One pass: the BNE falls through, the
     * cache does not hold it, 3 cycles.  Two passes: the first BNE pays
     * the refill and takes the cache entry, the second, predicted taken
     * but falling through, pays it again.  Every further pass costs its
     * three instructions only. */
    const char *loop = "1: add.w r2, r2, #1\nsubs r0, #1\nbne 1b\nnop.w";
    uint64_t c1 = cycles_with_r0(loop, 1), c2 = cycles_with_r0(loop, 2);
    uint64_t c3 = cycles_with_r0(loop, 3), c4 = cycles_with_r0(loop, 4);
    cr_assert_eq(c1, 3 + 1 + 1, "one pass, NOP.W, BKPT");
    cr_assert_eq(c2 - c1, 3 + TIMING_TAKEN_BRANCH_PENALTY + TIMING_TAKEN_BRANCH_PENALTY);
    cr_assert_eq(c3 - c2, 3);
    cr_assert_eq(c4 - c3, 3);
}

Test(pipeline, forward_branch_is_never_predicted)
{
    /* A loop with the exit test at the top (a taken forward BEQ leaves
     * it): the backward B is predicted, the forward BEQ is not. */
    const char *loop = "1: cmp r0, #0\nbeq 2f\nsubs r0, #1\nb 1b\n2: nop.w";
    uint64_t c2 = cycles_with_r0(loop, 2), c3 = cycles_with_r0(loop, 3);
    /* Per pass: BEQ (not taken) pairs with SUBS, the predicted B with the
     * CMP it goes back to (CMP and BEQ do not pair: the flags). */
    cr_assert_eq(c3 - c2, 2);
    uint64_t c0 = cycles_with_r0(loop, 0);
    cr_assert_eq(c0, 1 + 3 + 1 + 1, "CMP, BEQ taken 3, NOP.W, BKPT");
}

Test(pipeline, backward_branch_keeps_the_inner_loop_end)
{
    /* An inner low-overhead loop of two passes inside a SUBS + BNE loop:
     * the outer BNE has its own entry, so the inner LE stays cached and
     * each outer pass costs MOV.W, DLS, NOP.W, LE (free), NOP.W, LE (ends:
     * 1), SUBS, BNE (predicted) = 7. */
    const char *loop = "1: mov.w r2, #2\ndls lr, r2\n2: nop.w\nle lr, 2b\nsubs r0, #1\nbne 1b";
    cr_assert_eq(cycles_with_r0(loop, 3) - cycles_with_r0(loop, 2), 7);
}

Test(pipeline, loaded_pc_waits_for_the_load)
{
    /* LDR PC: the target is known a load latency after issue, one cycle
     * later than a B.W's (Cortex-M4 TRM: LDR PC 2 + P, B 1 + P). */
    const char *store = "adr r2, 1f + 1\nstr r2, [r1]\n";
    char ldr[128], b[128];
    snprintf(ldr, sizeof ldr, "%sldr.w pc, [r1]\nnop.w\n1: nop.w", store);
    snprintf(b, sizeof b, "%sb.w 1f\nnop.w\n1: nop.w", store);
    cr_assert_eq(cycles_of(ldr) - cycles_of(b), TIMING_LOADED_BRANCH_PENALTY - TIMING_TAKEN_BRANCH_PENALTY);
    cr_assert_eq(TIMING_LOADED_BRANCH_PENALTY, 3u);
    /* POP {pc}: PUSH 1, POP 1 + 1 + refill 2. */
    cr_assert_eq(cycles_of("adr r2, 1f + 1\npush {r2}\npop {pc}\nnop.w\n1: nop.w"), 1 + 1 + 4 + 1 + 1);
}

Test(pipeline, table_branch_costs_two_plus_refill)
{
    /* MOVS, TBB 2 + 2 (Cortex-M4 TRM: TBB 2 + P), NOP.W, BKPT. */
    cr_assert_eq(cycles_of("movs r2, #0\ntbb [pc, r2]\n.byte 1, 1\nnop.w"), 1 + 4 + 1 + 1);
}

/* ---- cache tags ---------------------------------------------------- */

Test(cache, geometry_and_lru)
{
    cache_t *c = cache_create(1024, 2);   /* 32 lines, 16 sets of 2 */
    cr_assert(c);
    cr_assert_eq(c->sets, 16);
    uint32_t stride = 16 * CACHE_LINE_BYTES;  /* same set */
    cr_assert(!cache_access(c, 0));
    cr_assert(cache_access(c, 4), "same line");
    cr_assert(!cache_access(c, stride));
    cr_assert(cache_access(c, 0));
    cr_assert(!cache_access(c, 2 * stride), "evicts the least recently used: stride");
    cr_assert(cache_access(c, 0));
    cr_assert(!cache_access(c, stride));
    cr_assert(!cache_probe(c, 3 * stride));
    cr_assert(!cache_probe(c, 3 * stride), "a probe does not fill");
    cache_invalidate_all(c);
    cr_assert(!cache_access(c, 0));
    cache_destroy(c);
    cr_assert_null(cache_create(0, 2));
}
