/* A Helium load from an address not aligned to its element size.  The
 * architecture makes it an UNALIGNED UsageFault whatever CCR.UNALIGN_TRP
 * says (Armv8.1-M ARM, DDI0553, the MVE load/store pseudocode accesses
 * memory with MemA[], whose alignment check faults on an address not
 * aligned to the access size); etsim faults, QEMU 7.2 loads the bytes. */
#include <stdint.h>
#include <stdio.h>

static uint8_t bytes[64] __attribute__((aligned(16)));

int main(void)
{
    for (unsigned i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)i;
    uint32_t lane0;
    __asm volatile("vldrh.u16 q0, [%1]\n\tvmov.u16 %0, q0[0]"
                   : "=r"(lane0) : "r"(bytes + 1) : "q0", "memory");
    printf("loaded without a fault: lane 0 = 0x%04lx\n", (unsigned long)lane0);
    return 0;
}
