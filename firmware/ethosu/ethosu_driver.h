/* Our Ethos-U55 driver: the register sequence of Arm's ethos-u-core-driver
 * as ETHOSU.md section 1.2 describes it, written against the hardware
 * interface of section 2 only, so it runs on etsim and would on Arm's FVP.
 *
 *   ethosu_drv_init    probe the ID register without crashing when nothing
 *                      is there, soft reset, check PROT, AXI setup, read
 *                      ID and CONFIG;
 *   ethosu_drv_invoke  one job: parse the COP1 payload, check its
 *                      OPTIMIZER_CONFIG against ID/CONFIG, clean the
 *                      D-cache over the stream and the regions, soft reset
 *                      (power request), program the PMU, QBASE/QSIZE/
 *                      BASEPn, start, sleep until the IRQ, read STATUS and
 *                      the PMU, release power, invalidate the regions.
 *
 * What the CPU does around the registers (probing, caches, sleeping, the
 * interrupt) is in ethosu_platform.h. */
#ifndef ETHOSU_DRIVER_H
#define ETHOSU_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ethosu_regs.h"

/* The PMU figures of one job (the events ExecuTorch's example runner
 * counts, ETHOSU.md 2.3). */
typedef struct ethosu_pmu_counts {
    uint64_t active_cycles;      /* PMCCNTR from NPU_ACTIVE to NPU_IDLE */
    uint32_t axi0_read_beats;    /* AXI0_RD_DATA_BEAT_RECEIVED */
    uint32_t axi1_read_beats;    /* AXI1_RD_DATA_BEAT_RECEIVED */
    uint32_t axi0_write_beats;   /* AXI0_WR_DATA_BEAT_WRITTEN */
    uint32_t idle_cycles;        /* NPU_IDLE */
} ethosu_pmu_counts;

typedef struct ethosu_drv {
    uintptr_t base;              /* APB register block */
    bool ready;                  /* init succeeded */
    uint32_t id, config;         /* as read at init */
    /* Set by the interrupt handler (ethosu_drv_irq). */
    volatile bool irq_seen;
    volatile uint32_t irq_status, irq_qread;
    uint32_t jobs;               /* jobs run successfully */
    ethosu_pmu_counts last;      /* PMU figures of the last job */
} ethosu_drv;

/* Returns 0, or -1 with the reason in msg (no NPU, reset timeout, ...). */
int ethosu_drv_init(ethosu_drv *d, uintptr_t base, char *msg, size_t msg_len);

/* Runs one COP1 payload with base addresses base[0..n-1] (sizes for the
 * cache maintenance; 0 = nothing to maintain).  Returns 0, or -1 with the
 * reason (STATUS bits named) in msg. */
int ethosu_drv_invoke(ethosu_drv *d, const void *cop, size_t cop_size, const uint64_t *base, const size_t *base_size,
                      int n, char *msg, size_t msg_len);

/* The NPU's interrupt: clears it and records STATUS (ETHOSU.md 1.2 step 4). */
void ethosu_drv_irq(ethosu_drv *d);

/* Names the error bits of a STATUS value into buf ("bus_status (AXI0 read,
 * channel IFM), cmd_end_reached=0"); returns buf. */
const char *ethosu_status_text(uint32_t status, char *buf, size_t len);

#endif
