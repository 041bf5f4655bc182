/* The SSE-300 system counter and system timers (sim/sse_counter.c,
 * sim/sse_timer.c): counting only while CNTCR.EN, CNTCV writable and read
 * from both frames, the timer's compare, TVAL, ISTATUS, IMASK and the
 * exact cycle of its interrupt, all against simulated time. */
#include <criterion/criterion.h>

#include "../../sim/sse_counter.h"
#include "../../sim/sse_timer.h"

#define CNTCR 0x000u
#define CNTCV_LO 0x008u
#define CNTCV_HI 0x00Cu
#define CNTFID0 0x020u
#define READ_LO (SSE_COUNTER_READ_FRAME + 0x0u)
#define READ_HI (SSE_COUNTER_READ_FRAME + 0x4u)
#define CNTPCT_LO 0x00u
#define CNTFRQ 0x10u
#define CVAL_LO 0x20u
#define CVAL_HI 0x24u
#define TVAL 0x28u
#define CTL 0x2Cu

static uint32_t rd_counter(const sse_counter_t *c, uint64_t now, uint32_t off)
{
    uint32_t v = 0xDEADBEEFu;
    cr_assert(sse_counter_read(c, now, off, &v), "register at 0x%x", off);
    return v;
}

static uint32_t rd_timer(sse_timer_t *t, uint64_t now, uint32_t off)
{
    uint32_t v = 0xDEADBEEFu;
    cr_assert(sse_timer_read(t, now, off, &v), "register at 0x%x", off);
    return v;
}

/* A 1 MHz counter on a 100 MHz core: one count per 100 cycles. */
Test(sse_counter, counts_only_while_enabled)
{
    sse_counter_t c;
    sse_counter_init(&c, 1000000, 100000000);
    cr_assert_eq(rd_counter(&c, 5000, READ_LO), 0u, "stopped out of reset");
    cr_assert_eq(rd_counter(&c, 0, CNTFID0), 1000000u);
    cr_assert(sse_counter_write(&c, 1000, CNTCR, 1u));
    cr_assert_eq(rd_counter(&c, 1099, CNTCV_LO), 0u);
    cr_assert_eq(rd_counter(&c, 1100, CNTCV_LO), 1u);
    cr_assert_eq(rd_counter(&c, 1000 + 100 * 250, READ_LO), 250u, "the read frame sees the same count");
    cr_assert(sse_counter_write(&c, 1000 + 100 * 250 + 50, CNTCR, 0u));
    cr_assert_eq(rd_counter(&c, 9000000, CNTCV_LO), 250u, "stopped: holds");
    cr_assert_eq(rd_counter(&c, 0, CNTCR), 0u);
}

Test(sse_counter, cntcv_writes_and_64_bits)
{
    sse_counter_t c;
    sse_counter_init(&c, 1000000, 100000000);
    sse_counter_write(&c, 0, CNTCV_HI, 1u);
    sse_counter_write(&c, 0, CNTCV_LO, 0xFFFFFFFEu);
    sse_counter_write(&c, 0, CNTCR, 1u);
    cr_assert_eq(rd_counter(&c, 300, CNTCV_LO), 1u, "carries into the high word");
    cr_assert_eq(rd_counter(&c, 300, CNTCV_HI), 2u);
    cr_assert_eq(rd_counter(&c, 300, READ_HI), 2u);
    cr_assert(sse_counter_write(&c, 300, READ_LO, 7u), "read frame: writes ignored");
    cr_assert_eq(rd_counter(&c, 300, READ_LO), 1u);
    uint32_t v;
    cr_assert_not(sse_counter_read(&c, 0, 0x0F0u, &v), "no register there");
    cr_assert_eq(sse_counter_cycle_of(&c, 300, 0x200000005ull), 300u + 400u);
}

Test(sse_timer, compare_istatus_and_interrupt_cycle)
{
    sse_counter_t c;
    sse_counter_init(&c, 1000000, 100000000);
    sse_timer_t t;
    sse_timer_init(&t, &c);
    cr_assert_eq(rd_timer(&t, 0, CNTFRQ), 1000000u, "CNTFRQ starts at the counter's clock");
    sse_counter_write(&c, 0, CNTCR, 1u);
    sse_timer_write(&t, 0, CVAL_LO, 50);
    cr_assert_eq(sse_timer_next_event(&t, 0), UINT64_MAX, "not enabled");
    sse_timer_write(&t, 0, CTL, 1u);
    cr_assert_eq(sse_timer_next_event(&t, 0), 5000u, "count 50 at cycle 5000");
    cr_assert_eq(rd_timer(&t, 4999, CTL), 1u, "ISTATUS clear before the compare");
    cr_assert_eq((int32_t)rd_timer(&t, 4000, TVAL), 10);
    sse_timer_advance(&t, 4999);
    cr_assert_not(t.irq_pulse);
    sse_timer_advance(&t, 5000);
    cr_assert(t.irq_pulse, "the line rises at the compare");
    t.irq_pulse = false;
    cr_assert_eq(rd_timer(&t, 5000, CTL), 5u, "ENABLE | ISTATUS");
    cr_assert_eq(sse_timer_next_event(&t, 5000), UINT64_MAX, "high: no further rise");
    sse_timer_advance(&t, 9000);
    cr_assert_not(t.irq_pulse, "raised once per rise");
    cr_assert_eq((int32_t)rd_timer(&t, 6000, TVAL), -10, "TVAL goes negative past the compare");

    /* TVAL sets the next compare relative to now: the line drops and rises again. */
    sse_timer_write(&t, 10000, TVAL, 20);
    cr_assert_eq(rd_timer(&t, 10000, CVAL_LO), 120u);
    cr_assert_eq(rd_timer(&t, 10000, CVAL_HI), 0u);
    cr_assert_eq(sse_timer_next_event(&t, 10000), 12000u);
    sse_timer_advance(&t, 12000);
    cr_assert(t.irq_pulse);
}

Test(sse_timer, imask_holds_the_line_low)
{
    sse_counter_t c;
    sse_counter_init(&c, 1000000, 100000000);
    sse_timer_t t;
    sse_timer_init(&t, &c);
    sse_counter_write(&c, 0, CNTCR, 1u);
    sse_timer_write(&t, 0, CVAL_LO, 10);
    sse_timer_write(&t, 0, CTL, 1u | 2u);
    cr_assert_eq(sse_timer_next_event(&t, 0), UINT64_MAX);
    cr_assert_eq(rd_timer(&t, 2000, CTL), 7u, "ISTATUS shows although masked");
    cr_assert_not(t.irq_pulse);
    sse_timer_write(&t, 2000, CTL, 1u);
    cr_assert(t.irq_pulse, "unmasking a pending compare raises the line at once");
    /* A stopped counter never reaches the compare. */
    sse_counter_write(&c, 2000, CNTCR, 0u);
    sse_timer_write(&t, 2000, CVAL_LO, 1000);
    cr_assert_eq(sse_timer_next_event(&t, 2000), UINT64_MAX);
    uint32_t v;
    cr_assert_not(sse_timer_read(&t, 0, 0x030u, &v), "no register there");
    cr_assert_eq(rd_timer(&t, 0, CNTPCT_LO), 20u);
}
