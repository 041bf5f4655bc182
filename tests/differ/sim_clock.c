/* Semihosting time (SYS_CLOCK, centiseconds since start) is simulated time
 * on etsim, so a run is deterministic and the clock advances by the
 * simulated cycles; QEMU answers with the host's clock. */
#include <stdint.h>
#include <stdio.h>

static int32_t sys_clock(void)
{
    register uint32_t r0 __asm("r0") = 0x10;   /* SYS_CLOCK */
    register uint32_t r1 __asm("r1") = 0;
    __asm volatile("bkpt #0xab" : "+r"(r0) : "r"(r1) : "memory");
    return (int32_t)r0;
}

int main(void)
{
    int32_t start = sys_clock();
    volatile uint32_t sink = 0;
    for (uint32_t i = 0; i < 10000000u; i++)
        sink += i;
    printf("clock advanced %ld cs\n", (long)(sys_clock() - start));
    return 0;
}
