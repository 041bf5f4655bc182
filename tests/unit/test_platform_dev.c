/* Platform devices of the AN547 (docs/platform.md): the CMSDK APB timer
 * (sim/cmsdk_timer.c) against the CMSDK TRM's behaviour, and the FPGA I/O
 * block's counters (sim/fpgaio.c), both derived from the core's cycles. */
#include <criterion/criterion.h>

#include "../../sim/cmsdk_timer.h"
#include "../../sim/fpgaio.h"

#define CTRL 0x00u
#define VALUE 0x04u
#define RELOAD 0x08u
#define INTSTATUS 0x0Cu

/* A 1 MHz timer on a 100 MHz core: one tick per 100 cycles. */
Test(cmsdk_timer, counts_down_reloads_and_interrupts)
{
    cmsdk_timer_t t;
    cmsdk_timer_init(&t, 1000000, 100000000);
    cmsdk_timer_write(&t, 0, RELOAD, 9);
    cmsdk_timer_write(&t, 0, VALUE, 4);
    cr_assert_eq(cmsdk_timer_next_event(&t), UINT64_MAX, "stopped: no event");
    cmsdk_timer_write(&t, 1000, CTRL, 1u | 8u);
    cr_assert_eq(cmsdk_timer_read(&t, 1000, VALUE), 4u);
    cr_assert_eq(cmsdk_timer_read(&t, 1099, VALUE), 4u);
    cr_assert_eq(cmsdk_timer_read(&t, 1100, VALUE), 3u);
    cr_assert_eq(cmsdk_timer_next_event(&t), 1400u, "zero after 4 ticks");
    cr_assert_eq(cmsdk_timer_read(&t, 1399, INTSTATUS), 0u);
    cmsdk_timer_advance(&t, 1400);
    cr_assert(t.irq_pulse);
    cr_assert_eq(cmsdk_timer_read(&t, 1400, INTSTATUS), 1u);
    cr_assert_eq(cmsdk_timer_read(&t, 1400, VALUE), 0u);
    cr_assert_eq(cmsdk_timer_read(&t, 1500, VALUE), 9u, "reloaded a tick after zero");
    cr_assert_eq(cmsdk_timer_next_event(&t), 1400u + 10 * 100, "then a period of RELOAD + 1");
    cmsdk_timer_write(&t, 1500, INTSTATUS, 1);
    cr_assert_eq(cmsdk_timer_read(&t, 1500, INTSTATUS), 0u);
    /* Far behind: many periods collapse into one status, the next zero
     * stays on the grid. */
    cmsdk_timer_advance(&t, 1400 + 1000 * 7 + 50);
    cr_assert_eq(cmsdk_timer_next_event(&t), 1400u + 1000 * 8);
}

Test(cmsdk_timer, no_interrupt_without_irqen_and_stops_when_disabled)
{
    cmsdk_timer_t t;
    cmsdk_timer_init(&t, 1000000, 100000000);
    cmsdk_timer_write(&t, 0, VALUE, 2);
    cmsdk_timer_write(&t, 0, CTRL, 1u);
    t.irq_pulse = false;
    cmsdk_timer_advance(&t, 200);
    cr_assert_eq(cmsdk_timer_read(&t, 200, INTSTATUS), 1u);
    cr_assert(!t.irq_pulse);
    cmsdk_timer_write(&t, 200, RELOAD, 50);
    cr_assert_eq(cmsdk_timer_read(&t, 300, VALUE), 50u);
    cmsdk_timer_write(&t, 300, CTRL, 0);
    cr_assert_eq(cmsdk_timer_read(&t, 10000, VALUE), 50u, "stands still");
    cr_assert_eq(cmsdk_timer_next_event(&t), UINT64_MAX);
}

/* A 25 MHz counter on a 400 MHz core: 16 cycles per count. */
Test(fpgaio, counters_follow_simulated_time)
{
    fpgaio_t f;
    uint32_t v;
    fpgaio_init(&f, 25000000, 400000000);
    cr_assert(fpgaio_read(&f, 1600, 0x18, &v));
    cr_assert_eq(v, 100u);
    cr_assert(fpgaio_read(&f, 400000000u * 3u, 0x10, &v));
    cr_assert_eq(v, 3u, "CLK1HZ");
    cr_assert(fpgaio_read(&f, 4000000 * 7 + 1, 0x14, &v));
    cr_assert_eq(v, 7u, "CLK100HZ");
    cr_assert(fpgaio_write(&f, 1600, 0x1C, 3));   /* PRESCALE: COUNTER every 4 clocks */
    cr_assert(fpgaio_read(&f, 1600 + 16 * 8, 0x18, &v));
    cr_assert_eq(v, 102u);
    cr_assert(fpgaio_write(&f, 0, 0x00, 0xDA5));
    cr_assert(fpgaio_read(&f, 0, 0x00, &v));
    cr_assert_eq(v, 0x1A5u, "10 LEDs");
    cr_assert(!fpgaio_read(&f, 0, 0x100, &v), "not a register");
    cr_assert(!fpgaio_write(&f, 0, 0x100, 1));
}
