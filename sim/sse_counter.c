/* The SSE-300 system counter (sim/sse_counter.h). */
#include "sse_counter.h"

#define CNTCR_EN 1u
#define CNTCR_MASK 0x0003FF3Fu   /* EN, HDBG, SCEN, INTRMASK, PSLVERRDIS, INTRCLR, FCREQ */

void sse_counter_init(sse_counter_t *c, uint64_t clock_hz, uint64_t cpu_hz)
{
    *c = (sse_counter_t){.clock_hz = clock_hz ? clock_hz : 1, .cpu_hz = cpu_hz ? cpu_hz : 1};
}

static bool counting(const sse_counter_t *c)
{
    return (c->cntcr & CNTCR_EN) != 0;
}

uint64_t sse_counter_value(const sse_counter_t *c, uint64_t now)
{
    if (!counting(c) || now <= c->cycle0)
        return c->cv0;
    unsigned __int128 ticks = (unsigned __int128)(now - c->cycle0) * c->clock_hz / c->cpu_hz;
    return c->cv0 + (uint64_t)ticks;
}

uint64_t sse_counter_cycle_of(const sse_counter_t *c, uint64_t now, uint64_t target)
{
    if (sse_counter_value(c, now) >= target)
        return now;
    if (!counting(c))
        return UINT64_MAX;
    /* Tick k (counted from cycle0) happens in the first cycle whose whole
     * ticks reach k: ceil(k * cpu_hz / clock_hz). */
    unsigned __int128 k = target - c->cv0;
    unsigned __int128 cyc = (k * c->cpu_hz + c->clock_hz - 1) / c->clock_hz + c->cycle0;
    return cyc > UINT64_MAX ? UINT64_MAX : (uint64_t)cyc;
}

/* Count on from now with CNTCV = v. */
static void restart(sse_counter_t *c, uint64_t now, uint64_t v)
{
    c->cv0 = v;
    c->cycle0 = now;
}

bool sse_counter_read(const sse_counter_t *c, uint64_t now, uint32_t off, uint32_t *value)
{
    uint64_t cv = sse_counter_value(c, now);
    switch (off) {
    case 0x000: *value = c->cntcr; return true;
    case 0x004: *value = 0; return true;                 /* CNTSR: not halted, frequency 0 */
    case 0x008: *value = (uint32_t)cv; return true;
    case 0x00C: *value = (uint32_t)(cv >> 32); return true;
    case 0x010: *value = c->cntscr; return true;
    case 0x01C: *value = 0; return true;                 /* CNTID: no scaling */
    case 0x020: *value = (uint32_t)c->clock_hz; return true;   /* CNTFID0 */
    case SSE_COUNTER_READ_FRAME + 0x000: *value = (uint32_t)cv; return true;
    case SSE_COUNTER_READ_FRAME + 0x004: *value = (uint32_t)(cv >> 32); return true;
    default: return false;
    }
}

bool sse_counter_write(sse_counter_t *c, uint64_t now, uint32_t off, uint32_t v)
{
    uint64_t cv = sse_counter_value(c, now);
    switch (off) {
    case 0x000: restart(c, now, cv); c->cntcr = v & CNTCR_MASK; return true;
    case 0x004: case 0x01C: case 0x020: return true;    /* read only */
    case 0x008: restart(c, now, (cv & 0xFFFFFFFF00000000ull) | v); return true;
    case 0x00C: restart(c, now, (cv & 0xFFFFFFFFull) | ((uint64_t)v << 32)); return true;
    case 0x010: c->cntscr = v; return true;
    case SSE_COUNTER_READ_FRAME + 0x000: case SSE_COUNTER_READ_FRAME + 0x004: return true;
    default: return false;
    }
}
