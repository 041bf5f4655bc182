/* SysTick: the reload and current value registers, COUNTFLAG (set when the
 * counter wraps, cleared by reading CSR or writing CVR), the SysTick
 * exception counting a few ticks, pending it by software through
 * ICSR.PENDSTSET, and a disabled counter standing still.
 *
 * It also starts and reads the DWT cycle counter, as profiling code does.
 *
 * Only facts that do not depend on how fast the host runs are printed:
 * never raw counter values, only that N ticks happened and that values lie
 * where they must.
 */
#include <stdint.h>

#include "an547.h"
#include "check.h"

static volatile uint32_t ticks;
static volatile uint32_t tick_ipsr;

void SysTick_Handler(void)
{
    ticks++;
    tick_ipsr = an547_get_ipsr();
}

int main(void)
{
    SYST_CSR = 0;
    SYST_RVR = 0x00FFFFFFu;
    CHECK_EQ(SYST_RVR, 0x00FFFFFFu);
    SYST_RVR = 0xFFFFFFFFu;          /* only 24 bits exist */
    CHECK_EQ(SYST_RVR, 0x00FFFFFFu);

    /* Writing CVR clears it (any value) and COUNTFLAG. */
    SYST_RVR = 9999;
    SYST_CVR = 12345;
    CHECK_EQ(SYST_CVR, 0);
    CHECK_EQ(SYST_CSR & SYST_CSR_COUNTFLAG, 0);

    /* A disabled counter does not move. */
    uint32_t v1 = SYST_CVR;
    for (volatile int i = 0; i < 1000; i++) {
    }
    CHECK_EQ(SYST_CVR, v1);

    /* Polling: enable without the interrupt, wait for COUNTFLAG. */
    SYST_CSR = SYST_CSR_CLKSOURCE | SYST_CSR_ENABLE;
    uint32_t below = 1;
    while (!(SYST_CSR & SYST_CSR_COUNTFLAG)) {
        if (SYST_CVR > 9999)
            below = 0;
    }
    /* Reading CSR cleared the flag; with a period of 10000 cycles it is
     * very unlikely to be set again by the very next read... but it could
     * be, so count wraps instead of asserting it is clear. */
    int wraps = 1;
    while (wraps < 3) {
        if (SYST_CSR & SYST_CSR_COUNTFLAG)
            wraps++;
    }
    printf("polling: %d wraps seen, CVR always <= RVR: %s\n", wraps, below ? "yes" : "no");
    CHECK_EQ(below, 1);
    CHECK_EQ(ticks, 0);  /* TICKINT was off */

    /* Interrupt: count 5 ticks. */
    SYST_CVR = 0;
    SYST_CSR = SYST_CSR_CLKSOURCE | SYST_CSR_TICKINT | SYST_CSR_ENABLE;
    while (ticks < 5) {
        __asm volatile("" ::: "memory");
    }
    SYST_CSR = SYST_CSR_CLKSOURCE;  /* stop */
    uint32_t seen = ticks;
    printf("interrupt: at least 5 ticks: %s, IPSR in handler %" PRIu32 "\n", seen >= 5 ? "yes" : "no", tick_ipsr);
    CHECK(seen >= 5);
    CHECK_EQ(tick_ipsr, 15);

    /* With the counter stopped no more ticks come. */
    for (volatile int i = 0; i < 20000; i++) {
    }
    CHECK_EQ(ticks, seen);

    /* Software pend of the SysTick exception, counter off. */
    SCB_ICSR = SCB_ICSR_PENDSTSET;
    an547_dsb();
    an547_isb();
    CHECK_EQ(ticks, seen + 1);
    /* Pending while PRIMASK is set, then cleared with PENDSTCLR: no tick. */
    an547_irq_disable();
    SCB_ICSR = SCB_ICSR_PENDSTSET;
    CHECK((SCB_ICSR & SCB_ICSR_PENDSTSET) != 0);
    SCB_ICSR = SCB_ICSR_PENDSTCLR;
    CHECK((SCB_ICSR & SCB_ICSR_PENDSTSET) == 0);
    an547_irq_enable();
    an547_isb();
    CHECK_EQ(ticks, seen + 1);
    printf("software pend: 1 tick, cleared pend: 0 ticks\n");

    /* The DWT cycle counter, the way profiling code starts it.  QEMU does
     * not implement the DWT (it reads as zero), so nothing about its value
     * is printed: this only shows the accesses are harmless. */
    DCB_DEMCR |= DCB_DEMCR_TRCENA;
    DWT_CYCCNT = 0;
    DWT_CTRL |= DWT_CTRL_CYCCNTENA;
    uint32_t c0 = DWT_CYCCNT;
    for (volatile int i = 0; i < 100; i++) {
    }
    uint32_t c1 = DWT_CYCCNT;
    (void)(c1 - c0);
    printf("DWT cycle counter started and read\n");

    return check_done("systick");
}
