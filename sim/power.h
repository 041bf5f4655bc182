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

#define POWER_MAX_DOMAINS (SOC_MAX_REGIONS + 4)

/* Groups of timing classes (isa/timing.h) with one datapath energy each. */
enum power_class_group {
    POWER_ALU, POWER_MUL, POWER_LOAD_STORE, POWER_BRANCH, POWER_FP32, POWER_FP64, POWER_MVE_BEAT,
    POWER_CLASS_GROUPS
};
extern const char *const power_class_group_name[POWER_CLASS_GROUPS];

typedef struct power_domain {
    char name[SOC_NAME_LEN];
    double static_uw;
} power_domain_t;

typedef struct power_coeffs {
    bool present;                  /* the SoC description has a "power" object */
    double core_pj_per_cycle;      /* active core, dynamic (uW/MHz) */
    double sleep_pj_per_cycle;     /* core in WFI/WFE */
    power_domain_t domains[POWER_MAX_DOMAINS];
    int ndomains;
    double static_uw;              /* sum over the domains */
    /* Instruction fetches, while the core does not count them in the bus
     * statistics: instructions x bytes each, charged to the region holding
     * the code (set by the caller from the ELF entry point; -1: none). */
    double fetch_bytes_per_insn;
    int fetch_region;
    /* Datapath energy per instruction, by group of timing classes
     * (enum power_class_group); Helium per 64-bit beat. */
    double class_pj[POWER_CLASS_GROUPS];
    /* The NPU ("npu" object inside "power"; all 0 without one). */
    double npu_pj_per_mac;         /* MAC array, per 8x8-bit MAC */
    double npu_pj_per_axi_byte;    /* the NPU's side of a byte over AXI (SHRAM, DMA, interface);
                                    * the memory's own energy is in mem.<region> */
    double npu_active_pj_per_cycle;/* clock, control, SHRAM while running (uW/MHz) */
    double npu_idle_uw;            /* static while idle or clock-gated */
    /* The DSP (sim/dsp.h), in its own cycles: running, asleep in waiti
     * (held in reset or halted: clock gated, nothing), and per operation
     * by class (dsp/dsp_isa.h's DSP_CL_*, names in dsp_class_pj_names). */
    double dsp_pj_per_cycle, dsp_sleep_pj_per_cycle;
    double dsp_class_pj[DSP_CL_COUNT];
} power_coeffs_t;

extern const char *const dsp_class_pj_names[DSP_CL_COUNT];

/* Read the "power" object of a SoC description (built-in name or file).
 * A description without one gives present = false (no power figures). */
bool power_load(power_coeffs_t *pc, const char *soc_name_or_path, char *err, size_t errlen);

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
    bus_t orig;                       /* the machine's slow path */
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
