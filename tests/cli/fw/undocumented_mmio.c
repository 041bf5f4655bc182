/* Accesses to offsets of known AN547 peripheral blocks that are no
 * register of theirs (docs/platform.md): etsim accepts them (reads zero)
 * and warns once per device; with --strict-mmio the first one is a bus
 * error.  tests/platform/undocumented.sh checks both. */
#include <stdint.h>
#include <stdio.h>

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

int main(void)
{
    REG32(0x49303000u + 0x100) = 1;            /* UART0: no register at 0x100 */
    REG32(0x49303000u + 0x104) = 2;            /* the same device: no second warning */
    uint32_t a = REG32(0x48000000u + 0x30);    /* SSE-300 system timer 0: no register at 0x30 */
    uint32_t b = REG32(0x59302000u + 0x80);    /* FPGA I/O, Secure alias: no register */
    printf("undocumented: read %u %u, still running\n", (unsigned)a, (unsigned)b);
    return 0;
}
