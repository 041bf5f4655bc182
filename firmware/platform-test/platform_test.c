/* A platform test image of our own, built as an upstream Corstone-300
 * image is (docs/platform.md "The platform test image"): its own linker
 * script (platform-test.ld), the vector table in ITCM, output on UART0,
 * platform init touching every device of the AN547, a loop timed with the
 * Armv8.1-M PMU, and the end upstream images use: EOT on UART0.  After
 * EOT it also exits through semihosting, so that QEMU (which ignores EOT)
 * ends too.
 *
 * stdout carries only what QEMU prints the same; lines about the PMU and
 * the NPU start with "etsim:" and appear only where those devices answer
 * (QEMU reads both as zero), so a script compares the rest byte for byte.
 */
#include <stdint.h>

#include "etsim_profport.h"

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

/* AN547 / SSE-300 (docs/platform.md "Devices of the an547 SoC"). */
#define UART_BASE(n) (0x49303000u + 0x1000u * (n))
#define FPGAIO 0x49302000u
#define S32KTIMER 0x4802F000u
#define S32KTIMER_IRQ 2u
#define NPU 0x48102000u
#define NPU_TA0 0x48103000u
#define NPU_TA1 0x48103200u
#define SYSINFO 0x48020000u
/* Core peripherals. */
#define NVIC_ISER0 0xE000E100u
#define SCB_VTOR 0xE000ED08u
#define SCB_CCR 0xE000ED14u
#define DEMCR 0xE000EDFCu
#define DWT_CTRL 0xE0001000u
#define DWT_CYCCNT 0xE0001004u
#define PMU_EVCNTR(n) (0xE0003000u + 4u * (n))
#define PMU_CCNTR 0xE000307Cu
#define PMU_EVTYPER(n) (0xE0003400u + 4u * (n))
#define PMU_CNTENSET 0xE0003C00u
#define PMU_TYPE 0xE0003E00u
#define PMU_CTRL 0xE0003E04u

/* ---- start-up --------------------------------------------------------- */

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_top;
int main(void);
void Reset_Handler(void);
void Default_Handler(void);
void S32KTimer_Handler(void);

__attribute__((noreturn)) void Reset_Handler(void)
{
    for (uint32_t *s = &__data_load, *d = &__data_start; d < &__data_end;)
        *d++ = *s++;
    for (uint32_t *d = &__bss_start; d < &__bss_end;)
        *d++ = 0;
    main();
    for (;;)
        ;
}

void Default_Handler(void)
{
    for (;;)
        ;
}

/* Exceptions 1-15, then IRQ0..IRQ2 (the S32KTIMER's). */
__attribute__((section(".vectors"), used)) static void (*const vectors[16 + 3])(void) = {
    (void (*)(void))(uintptr_t)&__stack_top, Reset_Handler,
    Default_Handler, Default_Handler, Default_Handler, Default_Handler, Default_Handler,
    0, 0, 0, 0, Default_Handler, Default_Handler, 0, Default_Handler, Default_Handler,
    Default_Handler, Default_Handler, S32KTimer_Handler,
};

/* ---- UART0 output ------------------------------------------------------ */

static void uart_putc(char c)
{
    while (REG32(UART_BASE(0) + 0x04) & 1u)   /* STATE.TXFULL */
        ;
    REG32(UART_BASE(0) + 0x00) = (uint8_t)c;
}

static void put(const char *s)
{
    while (*s)
        uart_putc(*s++);
}

static void put_u32(uint32_t v)
{
    char buf[11];
    int n = 0;
    do {
        buf[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        uart_putc(buf[--n]);
}

static void put_hex(uint32_t v)
{
    put("0x");
    for (int i = 28; i >= 0; i -= 4)
        uart_putc("0123456789abcdef"[(v >> i) & 0xFu]);
}

/* ---- platform init: every device ---------------------------------------- */

static volatile uint32_t timer_irqs;

void S32KTimer_Handler(void)
{
    timer_irqs++;
    REG32(S32KTIMER + 0x0C) = 1;   /* INTCLEAR */
}

static void platform_init(void)
{
    REG32(UART_BASE(0) + 0x10) = 16;   /* BAUDDIV */
    REG32(UART_BASE(0) + 0x08) = 1;    /* TX enable */
    put("platform-test: vector table at ");
    put_hex(REG32(SCB_VTOR));
    put(", code in ITCM at ");
    put_hex((uint32_t)(uintptr_t)&Reset_Handler & ~1u);
    put("\n");

    for (unsigned n = 1; n <= 5; n++) {   /* the other UARTs: set up, not used */
        REG32(UART_BASE(n) + 0x10) = 16;
        REG32(UART_BASE(n) + 0x08) = 0;
    }
    put("uarts 1-5: bauddiv ");
    put_u32(REG32(UART_BASE(5) + 0x10));
    put("\n");

    REG32(FPGAIO + 0x00) = 0x3u;        /* LEDs 0 and 1 on */
    put("fpgaio: leds ");
    put_hex(REG32(FPGAIO + 0x00));
    put(", switches ");
    put_hex(REG32(FPGAIO + 0x28));
    put("\n");

    /* The SSE-300 S32KTIMER: three interrupts on the 32 kHz clock. */
    REG32(NVIC_ISER0) = 1u << S32KTIMER_IRQ;
    REG32(S32KTIMER + 0x08) = 7;
    REG32(S32KTIMER + 0x04) = 7;
    REG32(S32KTIMER + 0x00) = 1u | 8u;
    for (uint32_t spin = 0; timer_irqs < 3 && spin < 100000000u; spin++)
        ;
    REG32(S32KTIMER + 0x00) = 0;
    put("s32ktimer: ");
    put_u32(timer_irqs >= 3 ? 3 : timer_irqs);
    put(" interrupts\n");

    /* What an Ethos-U platform does before main: the NPU and its timing
     * adapters (QEMU reads them as zero; etsim models them). */
    uint32_t npu_id = REG32(NPU + 0x00);
    REG32(NPU_TA0 + 0x00) = 0;   /* timing adapters: no limits */
    REG32(NPU_TA1 + 0x00) = 0;
    if (npu_id)
        put("etsim: npu present\n");
    (void)REG32(SYSINFO);        /* a block etsim does not model: accepted, logged once */

    REG32(SCB_CCR) |= (1u << 17) | (1u << 16);   /* data and instruction caches on */
    __asm__ volatile("dsb\n isb" ::: "memory");
}

/* ---- the PMU-timed loop -------------------------------------------------- */

#define N 4096
__attribute__((section(".bram"))) static uint32_t bram_buf[N];
__attribute__((section(".sram"))) static uint32_t sram_buf[N];
__attribute__((section(".ddr"))) static uint32_t ddr_buf[N];

static uint32_t work(void)
{
    uint32_t x = 12345, sum = 0;
    for (int i = 0; i < N; i++) {
        x = x * 1103515245u + 12345u;
        bram_buf[i] = x;
        sram_buf[i] = x >> 3;
        ddr_buf[i] = x ^ 0xA5A5A5A5u;
    }
    for (int i = 0; i < N; i++)
        sum = (sum << 1 | sum >> 31) ^ (bram_buf[i] + sram_buf[N - 1 - i] + ddr_buf[(i * 7) & (N - 1)]);
    return sum;
}

int main(void)
{
    platform_init();

    REG32(DEMCR) |= 1u << 24;                 /* TRCENA */
    REG32(PMU_EVTYPER(0)) = 0x0008;           /* INST_RETIRED */
    REG32(PMU_EVTYPER(1)) = 0x001E;           /* CHAIN: counters 0-1 a 32-bit pair */
    REG32(PMU_EVTYPER(2)) = 0x0006;           /* LD_RETIRED */
    REG32(PMU_EVTYPER(3)) = 0x001E;
    REG32(PMU_EVTYPER(4)) = 0x0003;           /* L1D_CACHE_REFILL */
    REG32(PMU_CNTENSET) = 0x8000001Fu;
    volatile uint32_t *pp = (volatile uint32_t *)ETSIM_PROFPORT_BASE;
    pp[ETSIM_PP_ARG0 / 4] = 0;
    REG32(PMU_CTRL) = 1u | 2u | 4u;           /* enable, counters to zero */
    pp[ETSIM_PP_EVENT / 4] = ETSIM_EV_INFER_BEGIN;
    uint32_t c0 = REG32(PMU_CCNTR);
    uint32_t sum = work();
    uint32_t c1 = REG32(PMU_CCNTR);
    REG32(PMU_CTRL) = 0;                      /* freeze the event counters here */
    pp[ETSIM_PP_EVENT / 4] = ETSIM_EV_INFER_END;

    put("work: checksum ");
    put_hex(sum);
    put("\n");
    if (REG32(PMU_TYPE)) {
        uint32_t insns = REG32(PMU_EVCNTR(0)) | REG32(PMU_EVCNTR(1)) << 16;
        uint32_t loads = REG32(PMU_EVCNTR(2)) | REG32(PMU_EVCNTR(3)) << 16;
        put("etsim: pmu cycles ");
        put_u32(c1 - c0);
        put(" instructions ");
        put_u32(insns);
        put(" loads ");
        put_u32(loads);
        put(" l1d refills ");
        put_u32(REG32(PMU_EVCNTR(4)));
        put("\n");
    }
    put("platform-test: done\n");
    uart_putc('\x04');   /* EOT: the FVP (and etsim --exit-on-eot) stop here */

    /* Semihosting SYS_EXIT (ADP_Stopped_ApplicationExit): QEMU ends too. */
    register uint32_t r0 __asm__("r0") = 0x18;
    register uint32_t r1 __asm__("r1") = 0x20026;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    for (;;)
        ;
}
