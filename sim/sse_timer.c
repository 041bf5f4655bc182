/* An SSE-300 system timer (sim/sse_timer.h). */
#include "sse_timer.h"

#define CTL_ENABLE 1u
#define CTL_IMASK 2u
#define CTL_ISTATUS 4u

void sse_timer_init(sse_timer_t *t, const sse_counter_t *counter)
{
    *t = (sse_timer_t){.counter = counter, .frq = (uint32_t)counter->clock_hz};
}

static bool istatus(const sse_timer_t *t, uint64_t now)
{
    return (t->ctl & CTL_ENABLE) && sse_counter_value(t->counter, now) >= t->cval;
}

static bool line(const sse_timer_t *t, uint64_t now)
{
    return istatus(t, now) && !(t->ctl & CTL_IMASK);
}

void sse_timer_advance(sse_timer_t *t, uint64_t now)
{
    bool high = line(t, now);
    if (high && !t->raised)
        t->irq_pulse = true;
    t->raised = high;
}

uint64_t sse_timer_next_event(const sse_timer_t *t, uint64_t now)
{
    if (t->raised || !(t->ctl & CTL_ENABLE) || (t->ctl & CTL_IMASK))
        return UINT64_MAX;   /* already high, or masked: no rise to come by itself */
    return sse_counter_cycle_of(t->counter, now, t->cval);
}

bool sse_timer_read(sse_timer_t *t, uint64_t now, uint32_t off, uint32_t *value)
{
    sse_timer_advance(t, now);
    uint64_t pct = sse_counter_value(t->counter, now);
    switch (off) {
    case 0x00: *value = (uint32_t)pct; return true;
    case 0x04: *value = (uint32_t)(pct >> 32); return true;
    case 0x10: *value = t->frq; return true;
    case 0x20: *value = (uint32_t)t->cval; return true;
    case 0x24: *value = (uint32_t)(t->cval >> 32); return true;
    case 0x28: *value = (uint32_t)(t->cval - pct); return true;
    case 0x2C: *value = (t->ctl & (CTL_ENABLE | CTL_IMASK)) | (istatus(t, now) ? CTL_ISTATUS : 0); return true;
    case 0x50: *value = 0; return true;   /* CNTP_CFG: no auto-increment */
    default: return false;
    }
}

bool sse_timer_write(sse_timer_t *t, uint64_t now, uint32_t off, uint32_t v)
{
    sse_timer_advance(t, now);
    switch (off) {
    case 0x00: case 0x04: case 0x50: break;   /* read only */
    case 0x10: t->frq = v; break;
    case 0x20: t->cval = (t->cval & 0xFFFFFFFF00000000ull) | v; break;
    case 0x24: t->cval = (t->cval & 0xFFFFFFFFull) | ((uint64_t)v << 32); break;
    case 0x28: t->cval = sse_counter_value(t->counter, now) + (uint64_t)(int64_t)(int32_t)v; break;
    case 0x2C: t->ctl = v & (CTL_ENABLE | CTL_IMASK); break;
    default: return false;
    }
    sse_timer_advance(t, now);   /* a new compare may raise the line at once */
    return true;
}
