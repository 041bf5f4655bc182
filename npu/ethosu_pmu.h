/* The Ethos-U55 PMU (ETHOSU.md 2.3): PMCR, the enable / overflow /
 * interrupt-enable sets, the 48-bit cycle counter with its start and stop
 * events, four event counters.  The device (ethosu_device.c) tells it what
 * happened: cycles active or idle, and per command the events it caused. */
#ifndef ETSIM_NPU_ETHOSU_PMU_H
#define ETSIM_NPU_ETHOSU_PMU_H

#include <stdbool.h>
#include <stdint.h>

#define ETHOSU_PMU_EVENT_COUNTERS 4
typedef struct ethosu_pmu {
    uint32_t pmcr;             /* cnt_en, mask_en (the reset bits self-clear) */
    uint32_t cnten, ovs, inten;
    uint64_t ccnt;             /* 48 bits */
    uint32_t ccnt_cfg;         /* start event 0-9, stop event 16-25 */
    uint32_t axi_chan;
    uint32_t evcnt[ETHOSU_PMU_EVENT_COUNTERS];
    uint32_t evtype[ETHOSU_PMU_EVENT_COUNTERS];
    bool cc_started;           /* between PMCCNTR_CFG's start and stop events */
    bool mask_gate;            /* NPU_OP_PMU_MASK's enable bit (counts when PMCR.mask_en) */
} ethosu_pmu_t;

/* PMU event numbers counted (ETHOSU.md 2.3). */
enum ethosu_pmu_event {
    ETHOSU_EV_CYCLE = 17,
    ETHOSU_EV_NPU_IDLE = 32,
    ETHOSU_EV_NPU_ACTIVE = 35,
    ETHOSU_EV_MAC_ACTIVE = 48,
    ETHOSU_EV_AXI0_RD_DATA_BEAT_RECEIVED = 130,
    ETHOSU_EV_AXI0_RD_TRAN_REQ_STALLED = 131,
    ETHOSU_EV_AXI0_WR_DATA_BEAT_WRITTEN = 135,
    ETHOSU_EV_AXI0_WR_TRAN_REQ_STALLED = 136,
    ETHOSU_EV_AXI0_RD_STALL_LIMIT = 142,
    ETHOSU_EV_AXI0_WR_STALL_LIMIT = 143,
    ETHOSU_EV_AXI1_RD_DATA_BEAT_RECEIVED = 386,
    ETHOSU_EV_AXI1_RD_TRAN_REQ_STALLED = 387,
    ETHOSU_EV_AXI1_WR_DATA_BEAT_WRITTEN = 391,
    ETHOSU_EV_AXI1_WR_TRAN_REQ_STALLED = 392,
    ETHOSU_EV_AXI1_RD_STALL_LIMIT = 398,
    ETHOSU_EV_AXI1_WR_STALL_LIMIT = 399,
};

/* Reset values (PMCR reads num_event_cnt = 4). */
void ethosu_pmu_reset(ethosu_pmu_t *p);
/* n occurrences of event ev. */
void ethosu_pmu_event(ethosu_pmu_t *p, unsigned ev, uint64_t n);
/* n cycles in which the NPU was active (or idle). */
void ethosu_pmu_cycles(ethosu_pmu_t *p, uint64_t n, bool active);
/* An overflow whose interrupt is enabled is pending (STATUS.pmu_irq_raised). */
bool ethosu_pmu_irq(const ethosu_pmu_t *p);

/* Its registers: 0x180..0x1AC and 0x300..0x38C. */
bool ethosu_pmu_is_reg(uint32_t off);
uint32_t ethosu_pmu_read(const ethosu_pmu_t *p, uint32_t off);
void ethosu_pmu_write(ethosu_pmu_t *p, uint32_t off, uint32_t value);

#endif
