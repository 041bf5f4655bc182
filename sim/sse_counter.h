/* The SSE-300 system counter (Armv8-M system counter, as in the Arm
 * Generic Timer's memory-mapped counter module): a 64-bit up counter at
 * its own clock.  Its control frame (CNTControlBase: CNTCR 0x00 with EN,
 * CNTSR 0x04, CNTCV 0x08/0x0C, CNTSCR 0x10, CNTID 0x1C, CNTFID0 0x20) is
 * at offset 0 of the block, its read frame (CNTReadBase: CNTCV 0x00/0x04,
 * read only) at 0x1000.  The count is derived from the core's cycle count
 * when read; the system timers (sim/sse_timer.h) compare against it.
 * CNTSCR is kept but does not scale (CNTCR.SCEN has no effect). */
#ifndef ETSIM_SIM_SSE_COUNTER_H
#define ETSIM_SIM_SSE_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

#define SSE_COUNTER_READ_FRAME 0x1000u

typedef struct sse_counter {
    uint64_t clock_hz, cpu_hz;
    uint32_t cntcr, cntscr;
    uint64_t cv0;           /* CNTCV at cycle0 */
    uint64_t cycle0;        /* the cycle CNTCV was last set or counting last started or stopped */
} sse_counter_t;

void sse_counter_init(sse_counter_t *c, uint64_t clock_hz, uint64_t cpu_hz);
/* CNTCV at cycle now. */
uint64_t sse_counter_value(const sse_counter_t *c, uint64_t now);
/* The first cycle at which CNTCV >= target (now or earlier: returns now
 * when already reached), UINT64_MAX while the counter is stopped. */
uint64_t sse_counter_cycle_of(const sse_counter_t *c, uint64_t now, uint64_t target);
/* Registers at offset off (word aligned) of the block; false: no register there. */
bool sse_counter_read(const sse_counter_t *c, uint64_t now, uint32_t off, uint32_t *value);
bool sse_counter_write(sse_counter_t *c, uint64_t now, uint32_t off, uint32_t value);

#endif
