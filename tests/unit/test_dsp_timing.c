/* HLD timing (HIFI.md 5.4, docs/dsp.md): one bundle per cycle, interlocks
 * on operands, accumulator forwarding, loop back-edges, memory costs,
 * taken-branch bubbles.  Each test compares two programs that differ in
 * the one thing being timed. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "../../dsp/dsp_isa.h"
#include "dsp_harness.h"

static uint64_t cycles_of(const char *src, unsigned shared_wait)
{
    tdsp_t *t = tdsp_new();
    t->shared_wait = shared_wait;
    tdsp_load(t, src);
    cr_assert_eq(tdsp_run(t, 100000), DSP_RUN_HALT, "%s", t->msg);
    uint64_t c = tdsp_cycles(t);
    tdsp_free(t);
    return c;
}

Test(hld_timing, one_bundle_per_cycle)
{
    cr_assert_eq(cycles_of("halt\n", 0), 1);
    cr_assert_eq(cycles_of("{ add r1, r2, r3 ; add r4, r5, r6 ; vadd.w v1, v2, v3 }\n movi r7, 1\n halt\n", 0), 3);
}

Test(hld_timing, load_use_costs_one_bubble)
{
    const char *indep = "li r1, 0x100000\n ld.w r2, [r1+0]\n add r3, r4, r4\n halt\n";
    const char *dep = "li r1, 0x100000\n ld.w r2, [r1+0]\n add r3, r2, r2\n halt\n";
    cr_assert_eq(cycles_of(indep, 0), 4);
    cr_assert_eq(cycles_of(dep, 0), 5);
    /* The ALU result is ready for the next bundle. */
    cr_assert_eq(cycles_of("movi r1, 3\n add r2, r1, r1\n add r3, r2, r2\n halt\n", 0), 4);
    /* A post-incremented base is ready for the next bundle. */
    cr_assert_eq(cycles_of("li r1, 0x100000\n ld.d v0, [r1]+8\n ld.d v1, [r1]+8\n ld.w r2, [r1]+4\n halt\n", 0), 5);
    /* mul: latency 2. */
    cr_assert_eq(cycles_of("movi r1, 3\n mul r2, r1, r1\n add r3, r2, r2\n halt\n", 0), 5);
}

Test(hld_timing, back_to_back_macs_forward_and_readout_waits)
{
    /* Four MACs into a0 issue on four cycles; reading a0 out waits one more. */
    cr_assert_eq(cycles_of("vdot.b a0, v0, v1\n vdot.b a0, v0, v1\n vdot.b a0, v0, v1\n vdot.b a0, v0, v1\n halt\n", 0), 5);
    cr_assert_eq(cycles_of("vdot.b a0, v0, v1\n amov.lo v2, a0\n halt\n", 0), 4);
    cr_assert_eq(cycles_of("vdot.b a0, v0, v1\n nop\n amov.lo v2, a0\n halt\n", 0), 4);
    /* A MAC that needs the vector just loaded waits for the load. */
    cr_assert_eq(cycles_of("li r1, 0x100000\n ld.d v0, [r1+0]\n vdot.b a0, v0, v1\n halt\n", 0), 5);
}

Test(hld_timing, taken_branches_cost_two_bubbles)
{
    cr_assert_eq(cycles_of("j next\n next: halt\n", 0), 4);
    cr_assert_eq(cycles_of("movi r1, 1\n beqz r1, next\n next: halt\n", 0), 3, "not taken: no bubble");
    cr_assert_eq(cycles_of("call f\n halt\n f: ret\n", 0), 1 + 2 + 1 + 2 + 1);
}

Test(hld_timing, loop_back_edges_are_free)
{
    /* setup movi + loop (1 each), 10 x 1-bundle body, halt */
    cr_assert_eq(cycles_of("movi r1, 10\n loop r1, end\n addi r2, r2, 1\n end: halt\n", 0), 13);
    /* a zero count skips the body like a taken branch */
    cr_assert_eq(cycles_of("loop r0, end\n addi r2, r2, 1\n end: halt\n", 0), 4);
}

Test(hld_timing, bank_conflicts_unaligned_and_bus_waits)
{
    /* Two loads in bank 0: +1; one in each bank: none. */
    cr_assert_eq(cycles_of("li r1, 0x100000\n li r2, 0x100040\n { ld.d v0, [r1+0] ; ld.d v1, [r2+0] }\n halt\n", 0), 5);
    cr_assert_eq(cycles_of("li r1, 0x100000\n li r2, 0x110000\n { ld.d v0, [r1+0] ; ld.d v1, [r2+0] }\n halt\n", 0), 4);
    /* An 8-byte load crossing an 8-byte line: +1. */
    cr_assert_eq(cycles_of("li r1, 0x100004\n ld.d v0, [r1+0]\n halt\n", 0), 4);
    /* Shared memory over the port: the SoC's wait states. */
    cr_assert_eq(cycles_of("li r1, 0x21000000\n ld.w r2, [r1+0]\n halt\n", 0), 3);
    cr_assert_eq(cycles_of("li r1, 0x21000000\n ld.w r2, [r1+0]\n halt\n", 6), 9);
    cr_assert_eq(cycles_of("li r1, 0x21000000\n st.w r2, [r1+0]\n halt\n", 6), 9);
}

Test(hld_timing, dma_runs_in_the_background_until_waited_for)
{
    /* 256 bytes at 8 bytes/cycle + 4 setup cycles = 36 cycles after dma.start. */
    const char *prog =
        "li r1, 0x21000000\n wsr dma_src, r1\n li r2, 0x110000\n wsr dma_dst, r2\n movi r3, 256\n wsr dma_len, r3\n"
        "dma.start\n %s dma.wait\n halt\n";
    char src[512];
    snprintf(src, sizeof src, prog, "");
    uint64_t waited = cycles_of(src, 0);
    snprintf(src, sizeof src, prog, "movi r4, 20\n loop r4, e\n nop\n e:");
    uint64_t overlapped = cycles_of(src, 0);
    /* dma.start issues at cycle 6 (six bundles before it), the transfer
     * ends at 6 + 36, dma.wait completes a cycle later, then halt. */
    cr_assert_eq(waited, 6 + 36 + 1 + 1, "dma.wait stalls until the transfer ends");
    cr_assert_eq(overlapped, waited, "work done meanwhile hides the transfer");
    tdsp_t *t = tdsp_new();
    for (unsigned i = 0; i < 256; i++)
        t->shared[i] = (uint8_t)(i * 7);
    snprintf(src, sizeof src, prog, "");
    tdsp_load(t, src);
    cr_assert_eq(tdsp_run(t, 1000), DSP_RUN_HALT, "%s", t->msg);
    uint8_t got[256];
    tdsp_peek(t, 0x110000, got, sizeof got);
    cr_assert_arr_eq(got, t->shared, sizeof got);
    cr_assert_eq(dsp_core_stats(t->core)->dma_bytes, 256);
    tdsp_free(t);
}

Test(hld_timing, class_counts_and_ccount)
{
    tdsp_t *t = tdsp_new();
    tdsp_load(t, "{ ld.d v0, [r1+0] ; add r2, r3, r4 ; vdot.b a0, v1, v2 }\n nop\n rsr r5, ccount\n halt\n");
    dsp_core_set_r(t->core, 1, DSP_DRAM_BASE);
    cr_assert_eq(tdsp_run(t, 100), DSP_RUN_HALT, "%s", t->msg);
    const dsp_stats_t *s = dsp_core_stats(t->core);
    cr_assert_eq(s->class_ops[DSP_CL_LOAD], 1);
    cr_assert_eq(s->class_ops[DSP_CL_ALU], 2);   /* add, rsr */
    cr_assert_eq(s->class_ops[DSP_CL_MAC], 1);
    cr_assert_eq(s->class_ops[DSP_CL_BRANCH], 1);   /* halt */
    cr_assert_eq(s->bundles, 4);
    cr_assert_eq(dsp_core_r(t->core, 5), 2u, "CCOUNT at the third bundle's issue");
    tdsp_free(t);
}
