/* The Armv8.1-M Performance Monitoring Unit of the Cortex-M55 at
 * 0xE0003000 (Armv8.1-M ARM, DDI0553, "Performance Monitoring Unit"; the
 * layout CMSIS-Core's PMU_Type and ARM_PMU_* functions use): PMU_CTRL,
 * PMU_CNTENSET/CLR, PMU_CCNTR (the same counter as DWT_CYCCNT), eight
 * 16-bit event counters with PMU_EVTYPER, overflow flags, SWINC and CHAIN.
 *
 * Nothing is counted as the core runs: every event is a difference of
 * totals the core and caches keep anyway (cycles, instructions retired,
 * instructions per timing class, stall cycles, cache lookups), taken when
 * the firmware reads a counter.  So the PMU costs the core nothing.
 * docs/platform.md lists the events and what each counts. */
#ifndef ETSIM_SIM_PMU_H
#define ETSIM_SIM_PMU_H

#include <stdbool.h>
#include <stdint.h>

#include "../isa/cpu.h"

#define PMU_BASE 0xE0003000u
#define PMU_NUM_EVCNT 8

typedef struct pmu {
    uint32_t ctrl;                /* E (bit 0); the reset bits read as zero */
    uint32_t cnten, inten, ovs;   /* bit n: counter n, bit 31: the cycle counter */
    uint32_t evtyper[PMU_NUM_EVCNT];
    uint32_t ccfiltr;
    /* Event counter n counts (while enabled) value[n] + source - base[n];
     * ovs_ref[n] is its count when its overflow was last looked at. */
    uint64_t value[PMU_NUM_EVCNT], base[PMU_NUM_EVCNT], ovs_ref[PMU_NUM_EVCNT];
    bool counting[PMU_NUM_EVCNT];
    /* The cycle counter, shared with the DWT: it counts while
     * DWT_CTRL.CYCCNTENA or PMU_CTRL.E with PMU_CNTENSET.C is set. */
    bool dwt_cyccntena;
    uint64_t cyc_value, cyc_base, cyc_ovs_ref;
    bool cyc_counting;
    /* Overflow flags whose interrupt request (PMU_OVSSET & PMU_INTENSET)
     * has been signalled: a request is raised once, when a flag rises. */
    uint32_t irq_signalled;
} pmu_t;

void pmu_reset(pmu_t *p);
/* Registers at offset off (word aligned) from PMU_BASE. */
uint32_t pmu_read(pmu_t *p, const cpu_t *cpu, uint32_t off);
void pmu_write(pmu_t *p, const cpu_t *cpu, uint32_t off, uint32_t value);
/* The cycle counter for DWT_CYCCNT and DWT_CTRL.CYCCNTENA. */
uint32_t pmu_cycle_counter(pmu_t *p, const cpu_t *cpu);
void pmu_set_cycle_counter(pmu_t *p, const cpu_t *cpu, uint32_t value);
void pmu_set_dwt_cyccntena(pmu_t *p, const cpu_t *cpu, bool on);
/* The overflow interrupt.  Counters are derived when read, so the PMU
 * tells the scheduler the cycle by which it must look again: exact for the
 * cycle counter and CPU_CYCLES, for other events a bound (no event counts
 * more than PMU_MAX_EVENTS_PER_CYCLE a cycle, so the overflow is seen at
 * or soon after it happens).  UINT64_MAX: no enabled interrupt can fire. */
#define PMU_MAX_EVENTS_PER_CYCLE 8u
uint64_t pmu_next_check(const pmu_t *p, const cpu_t *cpu);
/* Catch the overflow flags up to now; true when a flag with its
 * PMU_INTENSET bit rose since the last call (the request to signal). */
bool pmu_overflow_irq(pmu_t *p, const cpu_t *cpu);
/* Whether the model knows how to count event (PMU_EVTYPER.evtCount). */
bool pmu_event_known(uint32_t event);

#endif
