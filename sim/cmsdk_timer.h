/* Arm CMSDK APB timer (Cortex-M System Design Kit TRM, DDI0479, "APB
 * timer"): a 32-bit down counter at its own clock, CTRL 0x00 (EN, external
 * input, external clock, IRQ enable), VALUE 0x04, RELOAD 0x08,
 * INTSTATUS/INTCLEAR 0x0C.  On the AN547 the SSE-300's S32KTIMER is one
 * (32 kHz).  The count is derived from the core's cycle count when read;
 * the only scheduled event is the next reach of zero (status, interrupt). */
#ifndef ETSIM_SIM_CMSDK_TIMER_H
#define ETSIM_SIM_CMSDK_TIMER_H

#include <stdbool.h>
#include <stdint.h>

typedef struct cmsdk_timer {
    uint64_t clock_hz, cpu_hz;
    uint32_t ctrl, reload;
    uint32_t value0;        /* VALUE at cycle0 */
    uint64_t cycle0;        /* the cycle VALUE was last set or the timer last started */
    uint64_t next_zero;     /* tick (counted from cycle0) of the next reach of zero */
    bool intstatus;
    bool irq_pulse;         /* set when an interrupt is due: the owner raises the line */
} cmsdk_timer_t;

void cmsdk_timer_init(cmsdk_timer_t *t, uint64_t clock_hz, uint64_t cpu_hz);
uint32_t cmsdk_timer_read(cmsdk_timer_t *t, uint64_t now, uint32_t off);
void cmsdk_timer_write(cmsdk_timer_t *t, uint64_t now, uint32_t off, uint32_t value);
/* The cycle of the next reach of zero while enabled, UINT64_MAX if none. */
uint64_t cmsdk_timer_next_event(const cmsdk_timer_t *t);
/* Catch up to now: every reach of zero up to now sets INTSTATUS (and
 * irq_pulse with CTRL.IRQEN). */
void cmsdk_timer_advance(cmsdk_timer_t *t, uint64_t now);

#endif
