/* The HLD DSP core as an engine: the contract between dsp/ and the SoC that
 * hosts it (sim/, part 2).  Like npu/npu_core.h, nothing here knows the
 * SoC: memory outside the DSP's own instruction and data memories is
 * reached through dsp_port_t, which the SoC implements over its memory map
 * and charges to the region it hits.
 *
 * The DSP's address space (its own view):
 *   DSP_IRAM_BASE  instruction memory (iram_bytes): fetch, DMA and loading only
 *   DSP_DRAM_BASE  data memory (dram_bytes, dram_banks equal banks)
 *   anything else  the bus port (shared SoC memory), as the SoC maps it
 *
 * One call of dsp_core_step() issues one bundle (or one idle cycle while
 * asleep in waiti) and reports what it cost in DSP cycles; the SoC runs the
 * DSP at its own clock by converting those cycles. */
#ifndef ETSIM_DSP_CORE_H
#define ETSIM_DSP_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dsp_isa.h"

#define DSP_IRAM_BASE 0x00000000u
#define DSP_DRAM_BASE 0x00100000u

/* A bus access of the DSP at an address outside its local memories.
 * Returns false on a bus error; *wait receives the wait cycles (in DSP
 * cycles) the SoC charges for the access. */
typedef struct dsp_port {
    void *ctx;
    bool (*read)(void *ctx, uint32_t addr, void *dst, uint32_t len, unsigned *wait);
    bool (*write)(void *ctx, uint32_t addr, const void *src, uint32_t len, unsigned *wait);
} dsp_port_t;

/* Sizes and wait states, given by the creator (later: the SoC JSON). */
typedef struct dsp_config {
    uint32_t iram_bytes;          /* multiple of 8 */
    uint32_t dram_bytes;          /* multiple of 8 * dram_banks */
    unsigned dram_banks;          /* 1 or 2: contiguous halves */
    unsigned iram_wait;           /* wait states per bundle fetch */
    unsigned dram_wait;           /* wait states per data access */
    unsigned dma_bytes_per_cycle; /* DMA engine bandwidth (>= 1) */
    unsigned dma_setup_cycles;    /* from dma.start to the first byte */
} dsp_config_t;

/* The defaults of HIFI.md 5.4: 64 KiB I, 2 x 64 KiB D, 0 wait states,
 * DMA 8 bytes per cycle. */
void dsp_config_default(dsp_config_t *cfg);

typedef enum dsp_step_result {
    DSP_STEP_OK,        /* bundle issued */
    DSP_STEP_HALT,      /* halt executed; later steps are idle cycles until reset */
    DSP_STEP_SLEEP,     /* asleep in waiti: one idle cycle passed */
    DSP_STEP_FAULT,     /* illegal bundle, bad access, break: see message */
} dsp_step_result_t;

/* What one step did: what the SoC needs for time, energy and devices. */
typedef struct dsp_step_info {
    uint32_t pc;                    /* address of the bundle */
    uint32_t cycles;                /* DSP cycles this step took (>= 1) */
    uint32_t stall_cycles;          /* of which waiting on operands (interlocks) */
    uint32_t mem_cycles;            /* of which memory: wait states, bank conflicts, DMA wait */
    uint32_t bubble_cycles;         /* of which taken-branch / interrupt bubbles */
    uint8_t class_ops[DSP_CL_COUNT];/* operations issued per class */
    uint32_t bus_read_bytes, bus_write_bytes; /* over the port */
    bool doorbell;                  /* the bundle rang the output doorbell */
    char message[160];              /* on a fault: what went wrong */
} dsp_step_info_t;

/* Totals since reset, for reports and the power model. */
typedef struct dsp_stats {
    uint64_t cycles, bundles, stall_cycles, mem_cycles, bubble_cycles, sleep_cycles;
    uint64_t class_ops[DSP_CL_COUNT];
    uint64_t bus_read_bytes, bus_write_bytes, dma_bytes;
} dsp_stats_t;

typedef struct dsp_core dsp_core_t;

/* NULL with a message on a bad configuration. */
dsp_core_t *dsp_core_create(const dsp_config_t *cfg, dsp_port_t port, char *err, size_t errlen);
void dsp_core_destroy(dsp_core_t *c);
/* Registers, loops, scoreboard, DMA and counters cleared; pc = entry.
 * Memories are kept (the M55 loads them before releasing reset). */
void dsp_core_reset(dsp_core_t *c, uint32_t entry);

/* Copy bytes into / out of the DSP's local memories (host loading, the
 * SoC's view of the TCMs).  False if any byte is outside them. */
bool dsp_core_write_local(dsp_core_t *c, uint32_t addr, const void *src, uint32_t len);
bool dsp_core_read_local(const dsp_core_t *c, uint32_t addr, void *dst, uint32_t len);

/* The interrupt input line (the mailbox raises it); level sensitive. */
void dsp_core_set_irq(dsp_core_t *c, bool level);

dsp_step_result_t dsp_core_step(dsp_core_t *c, dsp_step_info_t *info);

typedef enum dsp_run_result {
    DSP_RUN_HALT,        /* halt executed */
    DSP_RUN_FAULT,       /* see message */
    DSP_RUN_CYCLE_LIMIT, /* max_cycles reached */
    DSP_RUN_SLEEP,       /* waiti with no interrupt that could wake it */
} dsp_run_result_t;

/* Step until halt, fault, sleep with the line low, or max_cycles; for tests
 * and tools (the SoC interleaves dsp_core_step with its other engines). */
dsp_run_result_t dsp_core_run(dsp_core_t *c, uint64_t max_cycles, char *msg, size_t msglen);

/* Architectural state, for tests, debuggers and the SoC. */
uint32_t dsp_core_pc(const dsp_core_t *c);
uint32_t dsp_core_r(const dsp_core_t *c, unsigned i);
void dsp_core_set_r(dsp_core_t *c, unsigned i, uint32_t v);
uint64_t dsp_core_v(const dsp_core_t *c, unsigned i);
void dsp_core_set_v(dsp_core_t *c, unsigned i, uint64_t v);
int64_t dsp_core_acc(const dsp_core_t *c, unsigned i, unsigned lane);
uint8_t dsp_core_p(const dsp_core_t *c, unsigned i);
uint32_t dsp_core_sr(const dsp_core_t *c, unsigned sr);
const dsp_stats_t *dsp_core_stats(const dsp_core_t *c);

#endif
