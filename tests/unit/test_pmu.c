/* The Armv8.1-M PMU (sim/pmu.c): its registers as CMSIS-Core's ARM_PMU_*
 * functions use them, counters derived from the core's own totals, the
 * cycle counter shared with DWT_CYCCNT, CHAIN, SWINC, overflow flags; and
 * the events counted over real code run on the core. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "../../isa/timing.h"
#include "../../sim/pmu.h"
#include "../../sim/scs.h"
#include "harness.h"

/* Offsets (CMSIS core_cm55.h PMU_Type) and events (pmu_armv8.h). */
#define EVCNTR(n) (4u * (n))
#define CCNTR 0x07Cu
#define EVTYPER(n) (0x400u + 4u * (n))
#define CNTENSET 0xC00u
#define CNTENCLR 0xC20u
#define OVSCLR 0xC80u
#define SWINC 0xCA0u
#define OVSSET 0xCC0u
#define TYPE 0xE00u
#define CTRL 0xE04u
#define CYCLE_BIT (1u << 31)
#define INTENSET 0xC40u
#define INTENCLR 0xC60u
#define SCB_DFSR 0xE000ED30u
#define SCB_DEMCR 0xE000EDFCu

static cpu_t *bare_cpu(void)
{
    cpu_t *c = calloc(1, sizeof *c);
    cr_assert_not_null(c);
    return c;
}

Test(pmu, registers_read_back_and_type)
{
    pmu_t p;
    pmu_reset(&p);
    cpu_t *c = bare_cpu();
    cr_assert_eq(pmu_read(&p, c, TYPE) & 0xFFu, 7u, "8 event counters (N-1)");
    cr_assert_eq((pmu_read(&p, c, TYPE) >> 8) & 0x3Fu, 15u, "16-bit counters");
    cr_assert(pmu_read(&p, c, TYPE) & (1u << 14), "cycle counter present");
    pmu_write(&p, c, EVTYPER(3), 0x0200);
    cr_assert_eq(pmu_read(&p, c, EVTYPER(3)), 0x0200u);
    pmu_write(&p, c, CNTENSET, 0x8000000Fu);
    pmu_write(&p, c, CNTENCLR, 0x2u);
    cr_assert_eq(pmu_read(&p, c, CNTENSET), 0x8000000Du);
    cr_assert_eq(pmu_read(&p, c, CNTENCLR), 0x8000000Du);
    free(c);
}

Test(pmu, counts_only_while_enabled)
{
    pmu_t p;
    pmu_reset(&p);
    cpu_t *c = bare_cpu();
    c->cycles = 1000;
    c->instret = 500;
    pmu_write(&p, c, EVTYPER(0), 0x0008);          /* INST_RETIRED */
    pmu_write(&p, c, EVTYPER(1), 0x0011);          /* CPU_CYCLES */
    pmu_write(&p, c, CNTENSET, 0x3u | CYCLE_BIT);
    c->cycles += 100, c->instret += 40;
    cr_assert_eq(pmu_read(&p, c, EVCNTR(0)), 0u, "PMU_CTRL.E is clear");
    cr_assert_eq(pmu_read(&p, c, CCNTR), 0u);
    pmu_write(&p, c, CTRL, 1u | 2u | 4u);          /* ARM_PMU_Enable + resets */
    c->cycles += 250, c->instret += 77;
    cr_assert_eq(pmu_read(&p, c, EVCNTR(0)), 77u);
    cr_assert_eq(pmu_read(&p, c, EVCNTR(1)), 250u);
    cr_assert_eq(pmu_read(&p, c, CCNTR), 250u);
    pmu_write(&p, c, CNTENCLR, 0x1u);              /* counter 0 stops, 1 goes on */
    c->cycles += 10, c->instret += 5;
    cr_assert_eq(pmu_read(&p, c, EVCNTR(0)), 77u);
    cr_assert_eq(pmu_read(&p, c, EVCNTR(1)), 260u);
    pmu_write(&p, c, CTRL, 0);                     /* ARM_PMU_Disable */
    c->cycles += 10;
    cr_assert_eq(pmu_read(&p, c, CCNTR), 260u);
    pmu_write(&p, c, CTRL, 1u | 2u);               /* event counters reset, CCNTR kept */
    cr_assert_eq(pmu_read(&p, c, EVCNTR(1)), 0u);
    cr_assert_eq(pmu_read(&p, c, CCNTR), 260u);
    free(c);
}

Test(pmu, unknown_event_counts_zero)
{
    pmu_t p;
    pmu_reset(&p);
    cpu_t *c = bare_cpu();
    cr_assert(!pmu_event_known(0x0019), "BUS_ACCESS is not modelled");
    pmu_write(&p, c, EVTYPER(0), 0x0019);
    pmu_write(&p, c, CNTENSET, 1u);
    pmu_write(&p, c, CTRL, 1u);
    c->cycles += 1000, c->instret += 1000;
    cr_assert_eq(pmu_read(&p, c, EVCNTR(0)), 0u);
    free(c);
}

Test(pmu, overflow_and_chain)
{
    pmu_t p;
    pmu_reset(&p);
    cpu_t *c = bare_cpu();
    pmu_write(&p, c, EVTYPER(0), 0x0011);          /* CPU_CYCLES */
    pmu_write(&p, c, EVTYPER(1), 0x001E);          /* CHAIN: counts counter 0's overflows */
    pmu_write(&p, c, CNTENSET, 0x3u);
    pmu_write(&p, c, EVCNTR(0), 0xFFF0u);
    pmu_write(&p, c, CTRL, 1u);
    c->cycles += 0x10;
    cr_assert_eq(pmu_read(&p, c, EVCNTR(0)), 0u);
    cr_assert_eq(pmu_read(&p, c, EVCNTR(1)), 1u);
    cr_assert_eq(pmu_read(&p, c, OVSSET) & 3u, 1u, "counter 0 overflowed once");
    c->cycles += 3 * 0x10000u + 5;
    uint32_t lo = pmu_read(&p, c, EVCNTR(0)), hi = pmu_read(&p, c, EVCNTR(1));
    cr_assert_eq((hi << 16) | lo, 0x10000u + 3 * 0x10000u + 5u, "the pair is a 32-bit counter");
    pmu_write(&p, c, OVSCLR, 1u);
    cr_assert_eq(pmu_read(&p, c, OVSSET) & 1u, 0u);
    free(c);
}

Test(pmu, software_increment)
{
    pmu_t p;
    pmu_reset(&p);
    cpu_t *c = bare_cpu();
    pmu_write(&p, c, EVTYPER(2), 0x0000);          /* SW_INCR */
    pmu_write(&p, c, CNTENSET, 0x4u);
    pmu_write(&p, c, SWINC, 0x4u);
    cr_assert_eq(pmu_read(&p, c, EVCNTR(2)), 0u, "not while PMU_CTRL.E is clear");
    pmu_write(&p, c, CTRL, 1u);
    pmu_write(&p, c, SWINC, 0x4u);
    pmu_write(&p, c, SWINC, 0x5u);
    c->cycles += 99;
    cr_assert_eq(pmu_read(&p, c, EVCNTR(2)), 2u);
    free(c);
}

/* DWT_CYCCNT and PMU_CCNTR are one counter: enabled by either side. */
Test(pmu, cycle_counter_shared_with_dwt)
{
    scs_t s;
    scs_reset(&s);
    cpu_t *c = bare_cpu();
    uint32_t v;
    scs_write(&s, c, DWT_BASE + 0, 4, 1u);         /* DWT_CTRL.CYCCNTENA */
    c->cycles += 42;
    scs_read(&s, c, PMU_BASE + CCNTR, 4, &v);
    cr_assert_eq(v, 42u);
    scs_write(&s, c, PMU_BASE + CCNTR, 4, 1000u);
    c->cycles += 8;
    scs_read(&s, c, DWT_BASE + 4, 4, &v);
    cr_assert_eq(v, 1008u);
    scs_write(&s, c, DWT_BASE + 0, 4, 0u);
    c->cycles += 8;
    scs_read(&s, c, DWT_BASE + 4, 4, &v);
    cr_assert_eq(v, 1008u, "stopped: neither side enables it");
    scs_write(&s, c, PMU_BASE + CNTENSET, 4, CYCLE_BIT);
    scs_write(&s, c, PMU_BASE + CTRL, 4, 1u);
    c->cycles += 2;
    scs_read(&s, c, DWT_BASE + 4, 4, &v);
    cr_assert_eq(v, 1010u, "the PMU enables it too");
    free(c);
}

/* The overflow interrupt request: the PMU names the cycle of a CPU_CYCLES
 * or cycle-counter overflow exactly, and raises the request once per
 * rising flag with its PMU_INTENSET bit. */
Test(pmu, overflow_interrupt_request)
{
    pmu_t p;
    pmu_reset(&p);
    cpu_t *c = bare_cpu();
    c->cycles = 500;
    pmu_write(&p, c, EVTYPER(0), 0x0011);          /* CPU_CYCLES */
    pmu_write(&p, c, EVCNTR(0), 0xFFF0u);
    pmu_write(&p, c, CNTENSET, 1u);
    pmu_write(&p, c, CTRL, 1u);
    cr_assert_eq(pmu_next_check(&p, c), UINT64_MAX, "no interrupt enabled");
    pmu_write(&p, c, INTENSET, 1u);
    cr_assert_eq(pmu_read(&p, c, INTENSET), 1u);
    cr_assert_eq(pmu_next_check(&p, c), 500u + 0x10u, "overflow after 16 cycles");
    c->cycles += 0xF;
    cr_assert_not(pmu_overflow_irq(&p, c), "one cycle early");
    c->cycles += 1;
    cr_assert(pmu_overflow_irq(&p, c));
    cr_assert_not(pmu_overflow_irq(&p, c), "raised once per overflow");
    cr_assert_eq(pmu_read(&p, c, OVSSET) & 1u, 1u);
    pmu_write(&p, c, OVSCLR, 1u);
    c->cycles += 0x10000u;
    cr_assert(pmu_overflow_irq(&p, c), "the next wrap is a new request");

    /* Enabling the interrupt of a flag already set raises it at once. */
    pmu_write(&p, c, INTENCLR, 1u);
    pmu_write(&p, c, CCNTR, 0xFFFFFFFEu);
    pmu_write(&p, c, CNTENSET, CYCLE_BIT);
    c->cycles += 2;
    cr_assert_eq(pmu_read(&p, c, OVSSET) & CYCLE_BIT, CYCLE_BIT);
    cr_assert_not(pmu_overflow_irq(&p, c), "no INTENSET bit: no request");
    pmu_write(&p, c, INTENSET, CYCLE_BIT);
    cr_assert_eq(pmu_next_check(&p, c), c->cycles);
    cr_assert(pmu_overflow_irq(&p, c));
    free(c);
}

/* Other events have no exact overflow cycle: the PMU asks to be looked at
 * again before the count can possibly have wrapped. */
Test(pmu, overflow_check_bound_for_other_events)
{
    pmu_t p;
    pmu_reset(&p);
    cpu_t *c = bare_cpu();
    pmu_write(&p, c, EVTYPER(3), 0x0008);          /* INST_RETIRED */
    pmu_write(&p, c, EVCNTR(3), 0xFF00u);
    pmu_write(&p, c, CNTENSET, 8u);
    pmu_write(&p, c, INTENSET, 8u);
    pmu_write(&p, c, CTRL, 1u);
    uint64_t t = pmu_next_check(&p, c);
    cr_assert_eq(t, 0x100u / PMU_MAX_EVENTS_PER_CYCLE);
    c->cycles = t, c->instret += 0x100;
    cr_assert(pmu_overflow_irq(&p, c));
    free(c);
}

/* Through the SCS: the overflow sets DFSR.PMU and pends DebugMonitor
 * when DEMCR.MON_EN is set, at the cycle the scheduler is given. */
Test(pmu, overflow_pends_debugmonitor)
{
    scs_t s;
    scs_reset(&s);
    cpu_t *c = bare_cpu();
    uint32_t v;
    scs_write(&s, c, SCB_DEMCR, 4, 1u << 16);      /* MON_EN */
    scs_write(&s, c, PMU_BASE + CCNTR, 4, 0xFFFFFF00u);
    scs_write(&s, c, PMU_BASE + INTENSET, 4, CYCLE_BIT);
    scs_write(&s, c, PMU_BASE + CNTENSET, 4, CYCLE_BIT);
    scs_write(&s, c, PMU_BASE + CTRL, 4, 1u);
    cr_assert_eq(scs_next_event(&s, c), 0x100u);
    c->cycles = 0xFF;
    scs_event(&s, c);
    cr_assert_not(c->exc.pending[EXC_DEBUGMON]);
    c->cycles = 0x100;
    scs_event(&s, c);
    cr_assert(c->exc.pending[EXC_DEBUGMON]);
    scs_read(&s, c, SCB_DFSR, 4, &v);
    cr_assert_eq(v, 1u << 5, "DFSR.PMU");
    scs_write(&s, c, SCB_DFSR, 4, 1u << 5);
    scs_read(&s, c, SCB_DFSR, 4, &v);
    cr_assert_eq(v, 0u, "write one to clear");

    /* Without MON_EN the flag is recorded but nothing is pended. */
    c->exc.pending[EXC_DEBUGMON] = 0;
    scs_write(&s, c, SCB_DEMCR, 4, 0u);
    scs_write(&s, c, PMU_BASE + OVSCLR, 4, CYCLE_BIT);
    c->cycles += 0x100000000ull;
    scs_event(&s, c);
    cr_assert_not(c->exc.pending[EXC_DEBUGMON]);
    scs_read(&s, c, SCB_DFSR, 4, &v);
    cr_assert_eq(v, 1u << 5);
    free(c);
}

/* Events over real code: the counts of this block are read off its
 * listing (4 loads, 3 stores, 2 MVE instructions, one of them a vector
 * load, 2 branches). */
Test(pmu, events_of_real_code)
{
    tcpu_t *t = tcpu_new();
    pmu_t p;
    pmu_reset(&p);
    const uint32_t ev[8] = {0x0008, 0x0006, 0x0007, 0x0200, 0x0238, 0x0021, 0x0011, 0x003C};
    for (int n = 0; n < 8; n++)
        pmu_write(&p, t->cpu, EVTYPER(n), ev[n]);
    pmu_write(&p, t->cpu, CNTENSET, 0xFFu | CYCLE_BIT);
    pmu_write(&p, t->cpu, CTRL, 1u | 2u | 4u);
    uint64_t insns0 = t->cpu->instret, cycles0 = t->cpu->cycles;
    t->cpu->r[1] = TCPU_DATA_ADDR;
    cr_assert_eq(tcpu_run_asm(t, "ldr r2, [r1]\n ldr r3, [r1, #4]\n str r2, [r1, #8]\n"
                                 "ldrb r4, [r1, #1]\n b 1f\n 1: ldrh r5, [r1, #2]\n"
                                 "str r3, [r1, #12]\n strb r4, [r1, #16]\n"
                                 "vldrw.u32 q0, [r1]\n vadd.i32 q1, q0, q0\n"
                                 "cmp r2, r2\n beq 2f\n nop\n 2: nop"),
                 TCPU_DONE);
    uint64_t insns = t->cpu->instret - insns0;
    cr_assert_eq(pmu_read(&p, t->cpu, EVCNTR(0)), (uint32_t)insns);
    cr_assert_geq(insns, 13u);
    cr_assert_eq(pmu_read(&p, t->cpu, EVCNTR(1)), 4u, "LD_RETIRED");
    cr_assert_eq(pmu_read(&p, t->cpu, EVCNTR(2)), 3u, "ST_RETIRED");
    cr_assert_eq(pmu_read(&p, t->cpu, EVCNTR(3)), 2u, "MVE_INST_RETIRED");
    cr_assert_eq(pmu_read(&p, t->cpu, EVCNTR(4)), 1u, "MVE_LDST_RETIRED");
    cr_assert_eq(pmu_read(&p, t->cpu, EVCNTR(5)), 2u, "BR_RETIRED");
    cr_assert_eq(pmu_read(&p, t->cpu, EVCNTR(6)), (uint32_t)(t->cpu->cycles - cycles0));
    cr_assert_eq(pmu_read(&p, t->cpu, CCNTR), (uint32_t)(t->cpu->cycles - cycles0));
    cr_assert_eq(pmu_read(&p, t->cpu, EVCNTR(7)), (uint32_t)t->cpu->pl.stall_cycles);
    tcpu_free(t);
}
