/* CMSDK APB timer (sim/cmsdk_timer.h). */
#include "cmsdk_timer.h"

#define CTRL_EN 1u
#define CTRL_IRQEN 8u

void cmsdk_timer_init(cmsdk_timer_t *t, uint64_t clock_hz, uint64_t cpu_hz)
{
    *t = (cmsdk_timer_t){.clock_hz = clock_hz ? clock_hz : 1, .cpu_hz = cpu_hz ? cpu_hz : 1};
}

static bool running(const cmsdk_timer_t *t)
{
    return (t->ctrl & CTRL_EN) != 0;
}

/* Whole timer ticks from cycle0 to now. */
static uint64_t ticks(const cmsdk_timer_t *t, uint64_t now)
{
    if (now <= t->cycle0)
        return 0;
    unsigned __int128 x = (unsigned __int128)(now - t->cycle0) * t->clock_hz;
    return (uint64_t)(x / t->cpu_hz);
}

/* The first cycle at which tick k has happened. */
static uint64_t tick_cycle(const cmsdk_timer_t *t, uint64_t k)
{
    unsigned __int128 x = (unsigned __int128)k * t->cpu_hz + t->clock_hz - 1;
    unsigned __int128 c = x / t->clock_hz + t->cycle0;
    return c > UINT64_MAX ? UINT64_MAX : (uint64_t)c;
}

/* VALUE after k ticks: down from value0 to 0, then from RELOAD again
 * (period RELOAD + 1). */
static uint32_t value_after(const cmsdk_timer_t *t, uint64_t k)
{
    if (k <= t->value0)
        return (uint32_t)(t->value0 - k);
    uint64_t period = (uint64_t)t->reload + 1;
    return (uint32_t)(t->reload - (k - t->value0 - 1) % period);
}

static uint32_t current_value(const cmsdk_timer_t *t, uint64_t now)
{
    return running(t) ? value_after(t, ticks(t, now)) : t->value0;
}

/* Count from now with VALUE = v. */
static void restart(cmsdk_timer_t *t, uint64_t now, uint32_t v)
{
    t->value0 = v;
    t->cycle0 = now;
    t->next_zero = v;   /* v == 0: already at zero, the next reach is a period on */
    if (v == 0)
        t->next_zero = (uint64_t)t->reload + 1;
}

void cmsdk_timer_advance(cmsdk_timer_t *t, uint64_t now)
{
    if (!running(t))
        return;
    uint64_t k = ticks(t, now);
    if (k < t->next_zero)
        return;
    uint64_t period = (uint64_t)t->reload + 1;
    t->next_zero += ((k - t->next_zero) / period + 1) * period;
    t->intstatus = true;
    if (t->ctrl & CTRL_IRQEN)
        t->irq_pulse = true;
}

uint64_t cmsdk_timer_next_event(const cmsdk_timer_t *t)
{
    return running(t) ? tick_cycle(t, t->next_zero) : UINT64_MAX;
}

uint32_t cmsdk_timer_read(cmsdk_timer_t *t, uint64_t now, uint32_t off)
{
    cmsdk_timer_advance(t, now);
    switch (off) {
    case 0x00: return t->ctrl;
    case 0x04: return current_value(t, now);
    case 0x08: return t->reload;
    case 0x0C: return t->intstatus;
    default: return 0;
    }
}

void cmsdk_timer_write(cmsdk_timer_t *t, uint64_t now, uint32_t off, uint32_t v)
{
    cmsdk_timer_advance(t, now);
    switch (off) {
    case 0x00: {
        uint32_t cur = current_value(t, now);
        t->ctrl = v & 0xFu;
        restart(t, now, cur);
        break;
    }
    case 0x04: restart(t, now, v); break;
    case 0x08: {
        uint32_t cur = current_value(t, now);
        t->reload = v;
        restart(t, now, cur);
        break;
    }
    case 0x0C: if (v & 1u) t->intstatus = false; break;
    default: break;
    }
}
