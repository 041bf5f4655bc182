/* What a run cost: the summary on stderr, the etsim-report/1 JSON report
 * (docs/report.md), the per-operator CSV and the HTML page.  Everything is
 * computed after the run from the profiling-port events, the power probe's
 * snapshots and the RAM accounting: once, into an analysis_t
 * (analysis_build, sim/report.c), which each format then writes:
 * sim/report_text.c (summary), report_json.c (and report_json_npu.c, its
 * "npu" object), report_csv.c, report_html.c.  Their shared derivations
 * (per inference, milliseconds, stalls) are in sim/report_format.h. */
#ifndef ETSIM_SIM_REPORT_H
#define ETSIM_SIM_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "elf_load.h"
#include "machine.h"
#include "power.h"
#include "ram.h"

typedef struct run_info {
    const char *firmware_path;
    const char *model_path;        /* NULL without a model */
    uint64_t model_bytes;
    elf_info_t elf;
    int exit_code;
    unsigned iterations;
    /* The ExecuTorch runtime recognised by its symbols (sim/exec_symbols.h),
     * NULL: none. */
    const char *runtime_symbols;
    double host_seconds;
    const ram_info_t *ram;         /* NULL: not measured */
    const power_coeffs_t *power;   /* NULL or !present: no power model */
    const power_probe_t *probe;    /* snapshots per profiling-port event */
} run_info_t;

/* One operator call (one inference's OP_BEGIN..OP_END). */
typedef struct op_call {
    uint32_t iteration, index, engine;
    const char *name;
    uint64_t start, cycles, instret;   /* start: core cycle of OP_BEGIN */
    double energy_pj, mem_pj;          /* 0 without the power model */
    ethosu_counters_t npu;             /* what the NPU did meanwhile */
    /* Where the call is in the program (profiling port OP_WHERE); without
     * it: chain 0, instruction = index. */
    uint32_t chain, instruction;
} op_call_t;

/* Per operator index, summed over the inferences. */
typedef struct op_stat {
    const char *name;
    uint32_t engine;
    uint64_t cycles, instret;
    double energy_pj, mem_pj;
    uint32_t calls;
    /* Memory traffic per region of the SoC: bytes the core read and wrote,
     * and the cycles it waited for them (wait states, cache line fills). */
    uint64_t read_bytes[SOC_MAX_REGIONS], write_bytes[SOC_MAX_REGIONS], wait_cycles[SOC_MAX_REGIONS];
    /* What the NPU did during the operator's calls (its job, for an
     * operator with engine npu), summed. */
    ethosu_counters_t npu;
    /* What the DSP did during the operator's calls (for engine dsp: its
     * kernel; the operator's cycles are the M55's waiting time), summed. */
    uint64_t dsp_active_cycles;
    double dsp_pj;
} op_stat_t;

/* One inference (INFER_BEGIN..INFER_END). */
typedef struct infer_call {
    uint64_t begin, cycles, instret;
    double energy_pj;
} infer_call_t;

/* A memory region's traffic over the run. */
typedef struct analysis_region {
    const char *name;              /* the SoC description's */
    mem_kind_t kind;
    bus_stats_t stats;             /* everyone's accesses */
    uint64_t npu_read_bytes, npu_write_bytes;   /* the NPU's share of them */
} analysis_region_t;

/* The DSP over the run (zero without one). */
typedef struct analysis_dsp {
    double mhz;
    uint64_t releases, bundles, active_cycles, sleep_cycles, mailbox_jobs;
    const char *fault;             /* its last fault's message, "" for none */
} analysis_dsp_t;

/* An output tensor the runner announced (ETSIM_EV_OUTPUT), as the memory
 * held it after the run. */
typedef struct analysis_output {
    uint32_t index, dtype, ndim;
    uint32_t sizes[8];
    double *values;                /* int8/uint8/int32/float32 values; none when
                                      unreadable or more than 4096 */
    uint32_t nvalues;
} analysis_output_t;

/* Everything a report format writes: the formats (sim/report_*.c) read
 * this and nothing else. */
typedef struct analysis {
    /* The run as a whole, the machine at its end. */
    const run_info_t *ri;
    const soc_desc_t *soc;         /* the description run (name, cpu, clock) */
    uint64_t run_instret, run_cycles, run_sleep_cycles;
    const char *timing_source;     /* report_timing_source */
    analysis_region_t regions[SOC_MAX_REGIONS];
    int nregions;
    /* The NPU's state at the end (counters, configuration, its last job's
     * log), NULL without one; with bus_errors its accesses outside memory. */
    const ethosu_device_t *npu;
    uint64_t npu_bus_errors;
    analysis_dsp_t dsp;
    analysis_output_t *outputs;
    uint32_t noutputs;
    /* The inferences and operators. */
    unsigned iterations;           /* INFER_END events */
    uint64_t cycles, instret;      /* inference windows, summed */
    uint64_t first_begin;          /* cycle of the first INFER_BEGIN */
    bool have_power;
    power_energy_t energy;         /* inference windows, summed */
    power_energy_t run_energy;     /* reset to the end of the run */
    op_stat_t *ops;                /* by operator index */
    uint32_t nops;
    op_call_t *calls;              /* in execution order */
    uint32_t ncalls;
    infer_call_t *infers;          /* one per inference */
    uint32_t ninfers;
    uint64_t arena_bytes;
    /* Method load (LOAD_BEGIN..LOAD_END, the last pair): its cycles, the
     * runtime's metadata and kernel scratch bytes; load_known false
     * without the marks. */
    bool load_known;
    uint64_t load_cycles, metadata_bytes, scratch_bytes;
} analysis_t;

/* a refers to m's description and NPU and to ri: keep them until
 * analysis_free. */
void analysis_build(const machine_t *m, const run_info_t *ri, analysis_t *a);
void analysis_free(analysis_t *a);
const char *report_engine_name(uint32_t engine);
/* Where the inference and operator marks came from: "profiling-port",
 * "executorch-symbols" or "none". */
const char *report_timing_source(const machine_t *m, const run_info_t *ri);

void report_summary(FILE *f, const analysis_t *a);
bool report_write_json(const char *path, const analysis_t *a, char *err, size_t errlen);
bool report_write_csv(const char *path, const analysis_t *a, char *err, size_t errlen);
bool report_write_html(const char *path, const analysis_t *a, char *err, size_t errlen);

#endif
