/* An SSE-300 system timer (Armv8-M system timer frame, CNTBaseN): a
 * compare against the system counter (sim/sse_counter.h).  CNTPCT
 * 0x00/0x04 (the counter), CNTFRQ 0x10, CNTP_CVAL 0x20/0x24, CNTP_TVAL
 * 0x28 (CVAL - CNTPCT, signed 32 bits), CNTP_CTL 0x2C (ENABLE, IMASK,
 * ISTATUS), CNTP_CFG 0x50 (0: no auto-increment).  ISTATUS is ENABLE and
 * CNTPCT >= CVAL; the interrupt is ISTATUS without IMASK, raised when it
 * rises. */
#ifndef ETSIM_SIM_SSE_TIMER_H
#define ETSIM_SIM_SSE_TIMER_H

#include <stdbool.h>
#include <stdint.h>

#include "sse_counter.h"

typedef struct sse_timer {
    const sse_counter_t *counter;
    uint32_t ctl, frq;
    uint64_t cval;
    bool raised;            /* the interrupt line is high (raised once per rise) */
    bool irq_pulse;         /* set when the line rises: the owner raises it */
} sse_timer_t;

void sse_timer_init(sse_timer_t *t, const sse_counter_t *counter);
bool sse_timer_read(sse_timer_t *t, uint64_t now, uint32_t off, uint32_t *value);
bool sse_timer_write(sse_timer_t *t, uint64_t now, uint32_t off, uint32_t value);
/* The cycle the interrupt line next rises, UINT64_MAX if it cannot. */
uint64_t sse_timer_next_event(const sse_timer_t *t, uint64_t now);
/* Catch up to now: a rise of the line sets irq_pulse. */
void sse_timer_advance(sse_timer_t *t, uint64_t now);

#endif
