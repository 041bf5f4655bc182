/* The AN547 platform devices beyond UART0 (docs/platform.md), through the
 * registers QEMU's mps3-an547 models too, so both must agree:
 *  - UART1..5 (CMSDK): CTRL and BAUDDIV read back, the peripheral IDs,
 *    at their Non-secure and Secure addresses;
 *  - the FPGA I/O block: LEDs and PRESCALE read back, buttons and switches
 *    read zero, the 100 Hz and cycle up counters never run backwards;
 *  - the SSE-300 S32KTIMER (a CMSDK timer on the 32 kHz clock): RELOAD
 *    and CTRL read back, VALUE counts down from what was written, and with
 *    a small reload it reaches zero and interrupts (IRQ 2).
 * Only facts independent of the host's speed are printed.
 */
#include <stdint.h>
#include <stdio.h>

#include "an547.h"
#include "check.h"

#define UART_BASE(n) (0x49303000u + 0x1000u * (n))
#define SECURE(a) ((a) + 0x10000000u)
#define FPGAIO 0x49302000u
#define S32KTIMER 0x4802F000u
#define S32KTIMER_IRQ 2u

static volatile uint32_t timer_irqs;

void IRQ2_Handler(void)
{
    timer_irqs++;
    AN547_REG32(S32KTIMER + 0x0C) = 1;   /* INTCLEAR */
}

static void uarts(void)
{
    for (unsigned n = 1; n <= 5; n++) {
        uint32_t base = UART_BASE(n);
        AN547_REG32(base + 0x10) = 16u + n;        /* BAUDDIV */
        AN547_REG32(base + 0x08) = 0;               /* CTRL: TX off */
        CHECK_EQ(AN547_REG32(base + 0x10), 16u + n);
        CHECK_EQ(AN547_REG32(SECURE(base) + 0x10), 16u + n);
        CHECK_EQ(AN547_REG32(base + 0xFE0), 0x21u);   /* PID0 */
        CHECK_EQ(AN547_REG32(base + 0xFF0), 0x0Du);   /* CID0 */
        CHECK_EQ(AN547_REG32(base + 0xFFC), 0xB1u);   /* CID3 */
        AN547_REG32(base + 0x08) = 1;               /* TX on: bytes go to that UART, not UART0 */
        AN547_REG32(base + 0x00) = 'x';
        CHECK_EQ(AN547_REG32(base + 0x08), 1u);
    }
    printf("uart1-5: registers ok\n");
}

static void fpgaio(void)
{
    AN547_REG32(FPGAIO + 0x00) = 0x5A;
    CHECK_EQ(AN547_REG32(FPGAIO + 0x00), 0x5Au);
    CHECK_EQ(AN547_REG32(SECURE(FPGAIO) + 0x00), 0x5Au);
    CHECK_EQ(AN547_REG32(FPGAIO + 0x08), 0u);      /* buttons */
    CHECK_EQ(AN547_REG32(FPGAIO + 0x28), 0u);      /* switches */
    AN547_REG32(FPGAIO + 0x1C) = 0;                 /* PRESCALE: count every clock */
    CHECK_EQ(AN547_REG32(FPGAIO + 0x1C), 0u);
    uint32_t c0 = AN547_REG32(FPGAIO + 0x18), h0 = AN547_REG32(FPGAIO + 0x14);
    for (volatile int i = 0; i < 20000; i++)
        ;
    uint32_t c1 = AN547_REG32(FPGAIO + 0x18), h1 = AN547_REG32(FPGAIO + 0x14);
    CHECK(c1 > c0);
    CHECK(h1 >= h0);
    printf("fpgaio: LEDs, inputs and counters ok\n");
}

static void s32ktimer(void)
{
    AN547_REG32(S32KTIMER + 0x00) = 0;              /* stopped */
    AN547_REG32(S32KTIMER + 0x08) = 1000;           /* RELOAD */
    AN547_REG32(S32KTIMER + 0x04) = 1000;           /* VALUE */
    CHECK_EQ(AN547_REG32(S32KTIMER + 0x08), 1000u);
    CHECK_EQ(AN547_REG32(S32KTIMER + 0x04), 1000u); /* stands still while stopped */
    AN547_REG32(S32KTIMER + 0x00) = 1;              /* EN */
    CHECK_EQ(AN547_REG32(S32KTIMER + 0x00), 1u);
    uint32_t v = AN547_REG32(S32KTIMER + 0x04);
    CHECK(v <= 1000u);
    AN547_REG32(S32KTIMER + 0x00) = 0;

    /* Reach zero quickly, with the interrupt. */
    an547_nvic_enable(S32KTIMER_IRQ);
    AN547_REG32(S32KTIMER + 0x08) = 3;
    AN547_REG32(S32KTIMER + 0x04) = 3;
    AN547_REG32(S32KTIMER + 0x00) = 1u | 8u;        /* EN, IRQEN */
    for (uint32_t spin = 0; timer_irqs < 3 && spin < 50000000u; spin++)
        ;
    AN547_REG32(S32KTIMER + 0x00) = 0;
    an547_nvic_disable(S32KTIMER_IRQ);
    CHECK(timer_irqs >= 3);
    printf("s32ktimer: counts down and interrupts\n");
}

int main(void)
{
    uarts();
    fpgaio();
    s32ktimer();
    printf("platform_devices: %s\n", check_failures ? "FAIL" : "ok");
    return check_failures ? 1 : 0;
}
