/* The HLD DSP on the SoC (sim/dsp.c): the core of dsp/dsp_core.h at its own
 * clock, its bus port over the memory map (every access charged to the
 * region it hits), the mailbox (sim/mailbox.h) with the DSP's control
 * registers beside it, and the M55's window on the DSP's memories.
 *
 * Control registers, after the mailbox's in the same 4 KiB (M55 writes;
 * both sides read; 32-bit only):
 *   0x40 CTRL      bit 0 RUN: 0 -> 1 resets the core to ENTRY and lets it
 *                  run; 1 -> 0 holds it in reset.  Memories are kept.
 *   0x44 ENTRY     the DSP address the core starts at
 *   0x48 STATUS    bit 0 running, 1 halted (`halt`), 2 faulted, 3 asleep
 *                  in `waiti`
 *   0x4C CCOUNT_LO DSP cycles since the last release from reset (the
 *   0x50 CCOUNT_HI  low word read latches the high word)
 *   0x54 FAULT_PC  the bundle that faulted
 *
 * The window: the M55 reads and writes IRAM at window + 0 and DRAM at
 * window + 0x100000 (the DSP's own addresses, dsp/dsp_core.h), any size,
 * while the DSP runs or not; elsewhere in the window is a bus error.
 *
 * Time: the DSP keeps its own cycle count; core cycle t is DSP cycle
 * floor(t * dsp_khz / cpu_khz).  The scheduler advances it in quanta of
 * SIM_DSP_QUANTUM DSP cycles, and every access of the M55 to the mailbox
 * or the window first brings it up to the core's cycle, so the M55 never
 * sees the DSP's state from the past; the DSP -> M55 doorbell is seen by
 * the NVIC at most one quantum after the bundle that rang it.  While the
 * DSP sleeps in `waiti` with its line low it costs nothing. */
#ifndef ETSIM_SIM_DSP_H
#define ETSIM_SIM_DSP_H

#include <stdbool.h>
#include <stdint.h>

#include "../dsp/dsp_core.h"
#include "../isa/bus.h"
#include "mailbox.h"
#include "soc.h"

#define SIM_DSP_QUANTUM 64u

#define DSP_CTRL      0x40u
#define DSP_ENTRY     0x44u
#define DSP_STATUS    0x48u
#define DSP_CCOUNT_LO 0x4Cu
#define DSP_CCOUNT_HI 0x50u
#define DSP_FAULT_PC  0x54u
#define DSP_CTRL_END  0x58u

#define DSP_STATUS_RUNNING 1u
#define DSP_STATUS_HALTED  2u
#define DSP_STATUS_FAULTED 4u
#define DSP_STATUS_ASLEEP  8u

struct machine;

/* One job of the DSP: from its release or its wake-up out of `waiti` to
 * its next `waiti`, halt, fault or hold in reset (for the ETDump's
 * delegate events). */
typedef struct sim_dsp_job {
    uint64_t start, end;           /* DSP cycles */
} sim_dsp_job_t;

#define SIM_DSP_MAX_JOB_LOG 65536u   /* jobs kept; later ones are not logged */

typedef struct sim_dsp {
    struct machine *m;
    dsp_core_t *core;
    mailbox_t mbox;
    uint64_t cpu_khz, dsp_khz;     /* the two clocks, for exact conversions */
    uint64_t now;                  /* DSP cycles since the SoC was created */
    uint64_t released_at;          /* DSP cycle of the last release from reset */
    uint32_t ctrl, entry, fault_pc, ccount_hi_latch;
    bool running, halted, faulted, asleep;
    char fault[192];               /* the last fault's message, for the report (kept across releases) */
    /* Totals over the run (the core's own stats restart at each release). */
    uint64_t active_cycles, sleep_cycles, bundles, releases;
    uint64_t class_ops[DSP_CL_COUNT];
    bus_stats_t stats[SOC_MAX_REGIONS];   /* the DSP's accesses per region */
    uint64_t bus_errors;
    sim_dsp_job_t *jobs;           /* the job log (kept across resets) */
    uint32_t njobs, jobs_cap;
    bool in_job;                   /* jobs[njobs - 1] is still running */
} sim_dsp_t;

/* Create the DSP of the description and put the mailbox and the window on
 * the bus; false with a message. */
bool sim_dsp_attach(struct machine *m, char *err, size_t errlen);
void sim_dsp_destroy(sim_dsp_t *d);
/* SoC reset: the DSP is held in reset, the mailbox cleared (memories kept). */
void sim_dsp_reset(sim_dsp_t *d, uint64_t core_now);
/* Bring the DSP up to core cycle now. */
void sim_dsp_advance(sim_dsp_t *d, uint64_t core_now);

/* DSP cycle at core cycle t, and the first core cycle at or after DSP
 * cycle c. */
uint64_t sim_dsp_cycle_at(const sim_dsp_t *d, uint64_t core_cycle);
uint64_t sim_dsp_core_cycle_of(const sim_dsp_t *d, uint64_t dsp_cycle);

/* Job i of the log in core cycles (its start and end rounded up to the
 * core cycle the DSP reaches them); false past the log.  A job still
 * running ends at the DSP's present cycle. */
bool sim_dsp_job(const sim_dsp_t *d, uint32_t i, uint64_t *start, uint64_t *end);

#endif
