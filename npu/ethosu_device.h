/* The Ethos-U55 as a device: the APB register file (ETHOSU.md 2.1-2.3),
 * the reset / run / stop state machine (2.4), the interrupt line, the PMU
 * and the time each command takes.  The command processor behind it is
 * npu_core.h; memory is reached through npu_port_t, the interrupt through
 * ethosu_irq_t, so nothing here knows the SoC.
 *
 * Time: the device lives in the core's clock (the NPU is clocked with the
 * core on Corstone-300; assumption for other SoCs).  It is advanced lazily:
 * the SoC calls ethosu_advance(now) when ethosu_next_event() is due and
 * before every register access, so the CPU's run loop pays nothing between
 * the NPU's events.  A command is performed (functionally) when it starts;
 * its outcome (interrupt, stop, error) shows when its cycles have passed. */
#ifndef ETSIM_NPU_ETHOSU_DEVICE_H
#define ETSIM_NPU_ETHOSU_DEVICE_H

#include <stdbool.h>
#include <stdint.h>

#include "ethosu_pmu.h"
#include "ethosu_timing.h"
#include "npu_core.h"

#define ETHOSU_REG_SIZE 0x1000u   /* the APB window */

/* A MAC configuration (ETHOSU.md 2.1, 6.1). */
typedef struct ethosu_config {
    const char *name;          /* "ethos-u55-128" */
    unsigned macs_per_cycle;
    unsigned shram_kb;
    uint32_t config_reg;       /* the CONFIG register */
} ethosu_config_t;

/* The configuration called name, or NULL. */
const ethosu_config_t *ethosu_config_find(const char *name);
/* The names, NULL-terminated (for messages). */
extern const char *const ethosu_config_names[];

/* The interrupt line: level is true while STATUS.irq_raised or
 * pmu_irq_raised is set. */
typedef struct ethosu_irq {
    void *ctx;
    void (*set)(void *ctx, bool level);
} ethosu_irq_t;

/* What the NPU did since creation, whatever the PMU is programmed to count
 * (the reports take differences of these at the profiling-port events). */
typedef struct ethosu_counters {
    uint64_t active_cycles;    /* running (a command in flight) */
    uint64_t mac_cycles;       /* cycles the MACs were busy */
    uint64_t macs;
    uint64_t read_bytes[2], write_bytes[2];   /* per AXI port */
    uint64_t read_beats[2], write_beats[2];   /* 8-byte beats, as the PMU counts them */
    uint64_t commands, jobs;   /* commands performed, CMD go accepted */
    /* Cycles the AXI_LIMIT outstanding limits added per port (PMU
     * AXIn_RD/WR_STALL_LIMIT). */
    uint64_t rd_limit_stall[2], wr_limit_stall[2];
    /* CPU/NPU contention for a shared memory (ethosu_contend): cycles the
     * NPU's traffic added to the core's accesses, and cycles the core's
     * accesses added to NPU operations. */
    uint64_t contention_cpu_cycles, contention_npu_cycles;
} ethosu_counters_t;

/* One job: CMD go to the stop (for the timeline). */
typedef struct ethosu_job {
    uint64_t start, end;       /* core cycles */
    uint64_t commands;
    uint32_t status;           /* STATUS bits 0-15 at the stop; 0: cut short by a reset */
    uint64_t contention_cpu_cycles, contention_npu_cycles;   /* as in ethosu_counters_t, this job's */
} ethosu_job_t;

#define ETHOSU_MAX_JOB_LOG 65536u   /* jobs kept; later ones are only counted */

#define ETHOSU_MAX_MEMORIES 8u   /* memories told apart in the per-operation breakdown */

/* One kernel operation or DMA of the last job, for the per-operation
 * breakdown of the reports. */
typedef struct ethosu_cmd_rec {
    uint32_t offset;           /* QREAD of the command */
    npu_op_kind_t kind;
    uint16_t param;            /* pooling / elementwise mode */
    uint8_t blockdep;          /* the BLOCKDEP register at the kick */
    uint16_t ofm_h, ofm_w, ofm_c;
    uint64_t start, end;       /* core cycles the operation ran */
    uint64_t blockdep_saved;   /* cycles it started before the previous kernel op ended (BLOCKDEP) */
    ethosu_op_cost_t cost;
    uint64_t macs;
    uint64_t read_bytes[2], write_bytes[2];
    /* Bytes per memory of the SoC (npu_port_t.memory_bytes; nmem of them). */
    uint8_t nmem;
    uint64_t mem_read[ETHOSU_MAX_MEMORIES], mem_write[ETHOSU_MAX_MEMORIES];
} ethosu_cmd_rec_t;

#define ETHOSU_MAX_CMD_LOG 65536u   /* operations kept per job */

/* STATUS bits. */
#define ETHOSU_STATUS_STATE           (1u << 0)
#define ETHOSU_STATUS_IRQ_RAISED      (1u << 1)
#define ETHOSU_STATUS_BUS_STATUS      (1u << 2)
#define ETHOSU_STATUS_RESET_STATUS    (1u << 3)
#define ETHOSU_STATUS_CMD_PARSE_ERROR (1u << 4)
#define ETHOSU_STATUS_CMD_END_REACHED (1u << 5)
#define ETHOSU_STATUS_PMU_IRQ_RAISED  (1u << 6)
#define ETHOSU_STATUS_WD_FAULT        (1u << 7)

typedef struct ethosu_device {
    const ethosu_config_t *cfg;
    npu_core_t *core;
    npu_port_t port;           /* for memory_bytes */
    ethosu_irq_t irq;
    bool irq_level;

    /* Registers. */
    npu_bases_t bases;         /* QBASE, QSIZE, BASEP, REGIONCFG, QCONFIG */
    uint32_t basep_hi[8], qbase_hi;
    uint32_t status;           /* all STATUS bits but state and reset_status */
    uint32_t irq_history;      /* STATUS bits 16-31 */
    uint32_t cmd_q;            /* CMD bits 2-3 (clock_q / power_q enable) */
    uint32_t prot;
    uint32_t lock;
    uint32_t axi_limit[4];
    uint32_t faulting;         /* STATUS bits 11-15 of the last bus error */
    ethosu_pmu_t pmu;

    /* State machine. */
    uint64_t now;              /* the device is advanced up to this cycle */
    uint64_t reset_until;      /* soft reset in progress until this cycle (0: none) */
    bool running;
    bool stop_requested;       /* CMD.stop_request while running */
    uint32_t qread;            /* offset of the next command to fetch */
    uint32_t cur_offset;       /* offset of the command in flight */
    uint64_t cmd_done;         /* cycle at which the command in flight completes */
    npu_step_result_t cmd_result;
    npu_op_info_t cmd_info;
    char last_error[192];      /* the last error stop, for messages (kept across resets) */

    /* Time (ethosu_timing.h): the memories behind the ports, the cost of
     * the command in flight, when the queued work ends. */
    ethosu_timing_t timing;
    ethosu_op_cost_t cmd_cost;
    uint64_t kernel_end[2];    /* ends of the last two kernel operations ([1] the latest) */
    ethosu_op_cost_t last_kernel_cost;   /* the latest kernel operation's, for BLOCKDEP */
    uint64_t blockdep_saved;   /* cycles BLOCKDEP overlap took off (since creation) */
    uint64_t dma_end;
    uint64_t stall_cycles;     /* kernel operations waiting for the one before (since creation) */
    uint64_t wait_cycles;      /* command processor held by waits, STOP, a full queue */
    uint8_t nmem;              /* memories counted at the command's start */
    uint64_t mem_read0[ETHOSU_MAX_MEMORIES], mem_write0[ETHOSU_MAX_MEMORIES];

    double contention_carry;   /* fraction of a cycle of NPU delay not yet applied */

    ethosu_counters_t counters;
    ethosu_cmd_rec_t *log;     /* the last job's operations */
    uint32_t nlog, log_cap;
    ethosu_job_t *jobs;        /* the job log (kept across resets) */
    uint32_t njobs, jobs_cap;
} ethosu_device_t;

/* NULL when out of memory.  The device starts out of hardware reset. */
ethosu_device_t *ethosu_create(const ethosu_config_t *cfg, npu_port_t port, ethosu_irq_t irq);
void ethosu_destroy(ethosu_device_t *d);
/* Hardware reset (the SoC's), at cycle now. */
void ethosu_reset(ethosu_device_t *d, uint64_t now);

/* Register access at byte offset off (32-bit registers; other sizes read
 * and write the aligned word), at core cycle now. */
uint32_t ethosu_read(ethosu_device_t *d, uint64_t now, uint32_t off);
void ethosu_write(ethosu_device_t *d, uint64_t now, uint32_t off, uint32_t value);

/* Run the NPU up to cycle now. */
void ethosu_advance(ethosu_device_t *d, uint64_t now);
/* The cycle of the next outcome that needs ethosu_advance (UINT64_MAX: none). */
uint64_t ethosu_next_event(const ethosu_device_t *d);

/* CPU/NPU contention for memory mem (npu_port_t.memory_bytes numbering):
 * a CPU access at cycle now that costs wait cycles alone and moves bytes.
 * Returns the CPU's extra wait cycles and lengthens the NPU operation
 * streaming from that memory (docs/npu_device.md, Contention). */
uint32_t ethosu_contend(ethosu_device_t *d, unsigned mem, uint64_t now, uint32_t wait, unsigned bytes);

/* The cycles one command takes alone, with the default memories
 * (ethosu_timing_default). */
uint64_t ethosu_command_cycles(const ethosu_config_t *cfg, const npu_op_info_t *info);
/* The memories behind the AXI ports (the SoC's; default
 * ethosu_timing_default). */
void ethosu_set_timing(ethosu_device_t *d, const ethosu_timing_t *t);

#endif
