/* The SSE-300 system counter and system timers (docs/platform.md), through
 * the registers QEMU's mps3-an547 models too, so both must agree:
 *  - the system counter: CNTCR.EN in the control frame (Secure,
 *    0x58100000) starts it, the read frame (0x48101000) sees it advance,
 *    a stopped counter holds its value, CNTCV is writable;
 *  - system timers 0 and 3 (0x48000000 IRQ 3, 0x48003000 IRQ 27): CVAL
 *    reads back, TVAL is CVAL minus the count, ISTATUS rises once the
 *    count passes CVAL and the interrupt is taken; IMASK keeps it away.
 * Only facts independent of the host's speed are printed.
 */
#include <stdint.h>
#include <stdio.h>

#include "an547.h"
#include "check.h"

#define CNT_CTRL 0x58100000u
#define CNT_READ 0x48101000u
#define SYSTIMER0 0x48000000u
#define SYSTIMER3 0x48003000u
#define CNTP_CVAL_LO 0x20u
#define CNTP_CVAL_HI 0x24u
#define CNTP_TVAL 0x28u
#define CNTP_CTL 0x2Cu
#define CTL_ENABLE 1u
#define CTL_IMASK 2u
#define CTL_ISTATUS 4u

static volatile uint32_t irqs0, irqs3;

/* The line stays high while ISTATUS and not IMASK: mask it in the handler. */
void IRQ3_Handler(void)
{
    irqs0++;
    AN547_REG32(SYSTIMER0 + CNTP_CTL) = CTL_ENABLE | CTL_IMASK;
}

void IRQ27_Handler(void)
{
    irqs3++;
    AN547_REG32(SYSTIMER3 + CNTP_CTL) = 0;
}

static uint64_t count(void)
{
    uint32_t hi, lo;
    do {
        hi = AN547_REG32(CNT_READ + 4);
        lo = AN547_REG32(CNT_READ + 0);
    } while (hi != AN547_REG32(CNT_READ + 4));
    return ((uint64_t)hi << 32) | lo;
}

static void counter(void)
{
    AN547_REG32(CNT_CTRL + 0x00) = 0;                 /* CNTCR: stopped */
    AN547_REG32(CNT_CTRL + 0x08) = 1000;              /* CNTCV */
    AN547_REG32(CNT_CTRL + 0x0C) = 0;
    CHECK_EQ(count(), 1000u);
    for (volatile int i = 0; i < 1000; i++) {
    }
    CHECK_EQ(count(), 1000u);                          /* holds while stopped */
    AN547_REG32(CNT_CTRL + 0x00) = 1;                 /* EN */
    CHECK_EQ(AN547_REG32(CNT_CTRL + 0x00) & 1u, 1u);
    uint64_t a = count();
    for (uint32_t spin = 0; count() == a && spin < 50000000u; spin++)
        ;
    CHECK(count() > a);
    CHECK(a >= 1000u);
    printf("syscounter: holds while stopped, advances when enabled\n");
}

static void timer_fires(uint32_t base, unsigned irq, volatile uint32_t *irqs, const char *name)
{
    AN547_REG32(base + CNTP_CTL) = 0;
    AN547_REG32(base + CNTP_CVAL_HI) = 0x12u;
    AN547_REG32(base + CNTP_CVAL_LO) = 0x345u;
    CHECK_EQ(AN547_REG32(base + CNTP_CVAL_LO), 0x345u);
    CHECK_EQ(AN547_REG32(base + CNTP_CVAL_HI), 0x12u);
    CHECK((int32_t)AN547_REG32(base + CNTP_TVAL) != 0);
    AN547_REG32(base + CNTP_CTL) = CTL_ENABLE;
    CHECK_EQ(AN547_REG32(base + CNTP_CTL), CTL_ENABLE);   /* far in the future: no ISTATUS */

    /* A compare in the past, masked: ISTATUS without an interrupt. */
    AN547_REG32(base + CNTP_CTL) = CTL_ENABLE | CTL_IMASK;
    an547_nvic_enable(irq);
    AN547_REG32(base + CNTP_CVAL_HI) = 0;
    AN547_REG32(base + CNTP_CVAL_LO) = 0;
    CHECK_EQ(AN547_REG32(base + CNTP_CTL), CTL_ENABLE | CTL_IMASK | CTL_ISTATUS);
    CHECK((int32_t)AN547_REG32(base + CNTP_TVAL) < 0);
    CHECK_EQ(*irqs, 0u);

    /* 200 counts from now, unmasked: the interrupt comes (whether ISTATUS
     * is still clear right after the write depends on QEMU's host speed:
     * not checked). */
    AN547_REG32(base + CNTP_TVAL) = 200;
    AN547_REG32(base + CNTP_CTL) = CTL_ENABLE;
    for (uint32_t spin = 0; *irqs == 0 && spin < 50000000u; spin++)
        ;
    an547_nvic_disable(irq);
    CHECK_EQ(*irqs, 1u);
    CHECK((int32_t)AN547_REG32(base + CNTP_TVAL) <= 0);
    printf("%s: CVAL reads back, ISTATUS and IMASK, interrupt taken once\n", name);
}

int main(void)
{
    counter();
    timer_fires(SYSTIMER0, 3, &irqs0, "systimer0");
    timer_fires(SYSTIMER3, 27, &irqs3, "systimer3");
    AN547_REG32(CNT_CTRL + 0x00) = 0;
    printf("sse_timers: %s\n", check_failures ? "FAIL" : "ok");
    return check_failures ? 1 : 0;
}
