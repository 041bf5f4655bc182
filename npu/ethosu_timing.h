/* The time one Ethos-U55 command takes: Vela's own performance model
 * (ETHOSU.md section 6: the regor 4.4.1 formulae) applied to what the
 * command stream says -- the OFM block configuration of the stream's
 * registers, the shapes, the kernel, the weight order, the accumulator
 * format and the activation -- plus the memory behind each AXI port.
 *
 * Kernel and elementwise operations cost the larger of their compute time
 * (block traversal, output stage, command overhead) and the time each AXI
 * port needs for the bytes the operation really moved; a DMA costs its
 * transfer on the slower side.  How commands overlap (DMA beside kernels,
 * two kernel operations in flight) is the device's business
 * (ethosu_device.c).  docs/npu.md lists every constant and its source. */
#ifndef ETSIM_NPU_ETHOSU_TIMING_H
#define ETSIM_NPU_ETHOSU_TIMING_H

#include <stdbool.h>
#include <stdint.h>

#include "npu_core.h"

/* The memory behind one AXI port, in NPU cycles (ETHOSU.md 6.5, 6.6). */
typedef struct ethosu_mem_timing {
    double bytes_per_cycle;          /* sustained bandwidth */
    unsigned read_latency, write_latency;
    unsigned burst_bytes;            /* the memory's maximum burst */
} ethosu_mem_timing_t;

typedef struct ethosu_timing {
    ethosu_mem_timing_t axi[2];
    /* The AXI_LIMIT0..3 registers (ETHOSU.md 2.1) for the four memory
     * attribute slots; applied only when limits_on (the device sets it,
     * a bare cost query has no registers). */
    bool limits_on;
    uint32_t axi_limit[4];
} ethosu_timing_t;

/* Vela's Ethos_U55_High_End_Embedded memories: SRAM on AXI0 (8 B/cycle,
 * burst 32, latency 32/32) and off-chip flash on AXI1 (1 B/cycle, burst
 * 128, read latency 64); the default when the SoC gives none. */
extern const ethosu_timing_t ethosu_timing_default;

/* What one command costs. */
typedef struct ethosu_op_cost {
    uint64_t cycles;         /* the command's duration: max(compute, mem[0], mem[1]) */
    uint64_t compute;        /* block traversal + output stage (Vela's "NPU" column) */
    uint64_t mem[2];         /* AXI0 / AXI1 access cycles for the bytes moved */
    uint64_t mac_cycles;     /* cycles the MAC array is busy (PMU MAC_ACTIVE) */
    /* The pipeline's ends (Vela's "+ the other once" term, ETHOSU.md 6.3):
     * fill, the first block's MAC time before the output stage has work;
     * drain, the last block's output stage after the MACs are done.  The
     * next operation's fill may run under this one's drain when BLOCKDEP
     * allows (ethosu_blockdep_overlap). */
    uint64_t fill, drain;
    /* Cycles the AXI_LIMIT outstanding-transaction limit added on each
     * port, reads and writes (PMU AXIn_RD/WR_STALL_LIMIT). */
    uint64_t rd_limit_stall[2], wr_limit_stall[2];
} ethosu_op_cost_t;

/* The cost of the command info describes on a macs_per_cycle NPU
 * (32, 64, 128 or 256). */
void ethosu_op_cost(unsigned macs_per_cycle, const ethosu_timing_t *t, const npu_op_info_t *info,
                    ethosu_op_cost_t *out);

/* The cycles a kernel operation with BLOCKDEP blockdep (0..3) may start
 * before the previous kernel operation ends (ETHOSU.md 4.6): none for 0;
 * else its fill under the previous one's drain, when neither waits on
 * memory (cycles == compute: a memory-bound operation keeps its port busy
 * to its end). */
uint64_t ethosu_blockdep_overlap(const ethosu_op_cost_t *prev, const ethosu_op_cost_t *next, unsigned blockdep);

#endif
