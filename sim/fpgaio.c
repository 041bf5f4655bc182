/* FPGA I/O block (sim/fpgaio.h). */
#include "fpgaio.h"

void fpgaio_init(fpgaio_t *f, uint64_t clock_hz, uint64_t cpu_hz)
{
    *f = (fpgaio_t){.clock_hz = clock_hz ? clock_hz : 1, .cpu_hz = cpu_hz ? cpu_hz : 1};
}

/* Whole periods of a hz clock from base to now. */
static uint64_t periods(const fpgaio_t *f, uint64_t base, uint64_t now, uint64_t hz)
{
    if (now <= base)
        return 0;
    return (uint64_t)((unsigned __int128)(now - base) * hz / f->cpu_hz);
}

static uint32_t counter(const fpgaio_t *f, uint64_t now)
{
    uint64_t ticks = periods(f, f->counter_base, now, f->clock_hz);
    return f->counter0 + (uint32_t)(ticks / ((uint64_t)f->prescale + 1));
}

bool fpgaio_read(fpgaio_t *f, uint64_t now, uint32_t off, uint32_t *v)
{
    switch (off) {
    case 0x00: *v = f->led; return true;
    case 0x08: *v = 0; return true;   /* buttons */
    case 0x10: *v = f->clk1hz0 + (uint32_t)periods(f, f->clk1hz_base, now, 1); return true;
    case 0x14: *v = f->clk100hz0 + (uint32_t)periods(f, f->clk100hz_base, now, 100); return true;
    case 0x18: *v = counter(f, now); return true;
    case 0x1C: *v = f->prescale; return true;
    case 0x20: {
        uint64_t ticks = periods(f, f->counter_base, now, f->clock_hz);
        *v = f->prescale - (uint32_t)(ticks % ((uint64_t)f->prescale + 1));
        return true;
    }
    case 0x28: *v = 0; return true;   /* switches */
    case 0x4C: *v = f->misc; return true;
    default: *v = 0; return false;
    }
}

bool fpgaio_write(fpgaio_t *f, uint64_t now, uint32_t off, uint32_t v)
{
    switch (off) {
    case 0x00: f->led = v & 0x3FFu; return true;   /* the MPS3's 10 user LEDs */
    case 0x08: case 0x28: return true;   /* read-only inputs */
    case 0x10: f->clk1hz0 = v; f->clk1hz_base = now; return true;
    case 0x14: f->clk100hz0 = v; f->clk100hz_base = now; return true;
    case 0x18: f->counter0 = v; f->counter_base = now; return true;
    case 0x1C:
        f->counter0 = counter(f, now);
        f->counter_base = now;
        f->prescale = v;
        return true;
    case 0x20: return true;   /* PSCNTR follows PRESCALE */
    case 0x4C: f->misc = v; return true;
    default: return false;
    }
}
