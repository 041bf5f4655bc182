/* The power model: energy of a run, of one inference and of each operator.
 *
 *   energy = core cycles awake x core pJ/cycle          ("core")
 *          + instructions x datapath pJ of their class  ("datapath")
 *          + core cycles asleep x sleep pJ/cycle        ("sleep")
 *          + bytes read, written and fetched per memory region
 *            x that region's pJ/byte                    ("mem.<region>")
 *          + static power of every powered domain x time ("static")
 *          + NPU: MACs x npu_pj_per_mac + AXI bytes x npu_pj_per_axi_byte
 *            + active cycles x npu_active_uw_per_mhz
 *            + idle time x npu_idle_uw                    ("npu")
 *          + DSP cycles running x DSP pJ/cycle + asleep x its sleep pJ/cycle
 *            + DSP operations x pJ of their class          ("dsp")
 *
 * Coefficients live in the SoC description ("power" object, and the
 * regions' read_pj_per_byte / write_pj_per_byte), each with its source or
 * stated assumption (docs/power.md).  1 uW/MHz is 1 pJ per cycle.
 *
 * The per-event figures come from a probe: it wraps the bus's slow path and,
 * each time the firmware writes an event to the profiling port, snapshots the
 * cycle, sleep and instruction counters and the memory energy so far.  The
 * fast path is untouched, so the probe costs nothing per instruction. */
#ifndef ETSIM_SIM_POWER_H
#define ETSIM_SIM_POWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "machine.h"
#include "../dsp/dsp_isa.h"
#include "../npu/ethosu_device.h"

/* Counters at one profiling-port event (same index as m->prof.events). */
typedef struct power_snap {
    uint64_t cycles, sleep_cycles, instret;
    double mem_pj[SOC_MAX_REGIONS];   /* cumulative, per region */
    /* The regions' traffic (data accesses) and wait cycles (data and
     * fetch), cumulative: the memory traffic of each operator. */
    uint64_t read_bytes[SOC_MAX_REGIONS], write_bytes[SOC_MAX_REGIONS], wait_cycles[SOC_MAX_REGIONS];
    uint64_t class_insns[32];         /* cumulative, per timing class */
    ethosu_counters_t npu;            /* what the NPU did so far (zero without one) */
    uint64_t dsp_cycles, dsp_sleep_cycles;   /* what the DSP did so far (zero without one) */
    uint64_t dsp_class_ops[DSP_CL_COUNT];
} power_snap_t;

typedef struct power_probe {
    machine_t *m;
    /* The machine's slow path (not a copy of the whole bus_t: its page
     * table is 512 KiB, which copying faulted in page by page). */
    void *orig_ctx;
    bool (*orig_read)(void *ctx, uint32_t addr, unsigned size, uint32_t *value, uint32_t *wait);
    bool (*orig_write)(void *ctx, uint32_t addr, unsigned size, uint32_t value, uint32_t *wait);
    power_snap_t *snaps;
    uint32_t nsnaps, cap;
} power_probe_t;

void power_probe_attach(power_probe_t *p, machine_t *m);
void power_probe_free(power_probe_t *p);
/* Snapshot every event recorded since the last one (for events recorded
 * outside the bus: sim/exec_symbols.c). */
void power_probe_sync(power_probe_t *p);
/* The counters now (for the end of the run). */
void power_snap_now(const machine_t *m, power_snap_t *s);

/* Energy between two snapshots, by component. */
typedef struct power_energy {
    double core_pj, sleep_pj, static_pj;
    double datapath_pj;            /* per instruction class ("datapath") */
    double npu_pj;                 /* the NPU ("npu") */
    double dsp_pj;                 /* the DSP: cycles, sleep, operations ("dsp") */
    double mem_pj[SOC_MAX_REGIONS];
    double total_pj;
    bool fetch_estimated;          /* fetch energy from instructions x bytes */
} power_energy_t;

void power_between(const machine_t *m, const power_coeffs_t *pc, const power_snap_t *a,
                   const power_snap_t *b, power_energy_t *out);

#endif
