/* The Cortex-M55 pipeline model (isa/timing.h, isa/pipeline.h) and the L1
 * cache tags (isa/cache.h): each test runs a short sequence and checks the
 * cycles that the rules of CALIBRATION.md section 2 predict for it. */
#include <criterion/criterion.h>

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
