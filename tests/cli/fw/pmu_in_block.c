/* PMU counters read in the middle of straight-line code: INST_RETIRED,
 * STALL, LD_RETIRED and MVE-free class counts must be what the per-
 * instruction core has at that instruction, also where the block-level
 * core (--exec block) sums its statistics per block (isa/block.h,
 * cpu_sync_block_stats()).  tests/exec_modes/run.sh compares the printed
 * values of both cores.  etsim-only (QEMU has no PMU). */
#include <stdint.h>
#include <stdio.h>

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define PMU_EVCNTR(n) (0xE0003000u + 4u * (n))
#define PMU_EVTYPER(n) (0xE0003400u + 4u * (n))
#define PMU_CNTENSET 0xE0003C00u
#define PMU_CTRL 0xE0003E04u
#define EV_LD_RETIRED 0x0006u
#define EV_ST_RETIRED 0x0007u
#define EV_INST_RETIRED 0x0008u
#define EV_STALL 0x003Cu

static volatile uint32_t sink[64];

int main(void)
{
    static const uint32_t events[4] = {EV_INST_RETIRED, EV_STALL, EV_LD_RETIRED, EV_ST_RETIRED};
    for (uint32_t n = 0; n < 4; n++)
        REG32(PMU_EVTYPER(n)) = events[n];
    REG32(PMU_CNTENSET) = 0xFu;
    REG32(PMU_CTRL) = 1u | 2u;   /* enable, event counters to zero */
    uint32_t x = 1, y = 7, sum = 0;
    for (uint32_t i = 0; i < 16; i++) {
        /* Work before each read, so the reads fall inside a block. */
        x = x * 2654435761u + i;
        y ^= x >> 3;
        sink[i] = x + y;
        uint32_t a = sink[(i + 5) & 63];
        uint32_t c0 = REG32(PMU_EVCNTR(0));
        y += a * 3u;
        uint32_t c1 = REG32(PMU_EVCNTR(1));
        x ^= y << 1;
        uint32_t c2 = REG32(PMU_EVCNTR(2));
        uint32_t c3 = REG32(PMU_EVCNTR(3));
        sum += c0 + c1 + c2 + c3;
        printf("%u: %u %u %u %u\n", (unsigned)i, (unsigned)c0, (unsigned)c1, (unsigned)c2, (unsigned)c3);
    }
    printf("sum %u x %u y %u\n", (unsigned)sum, (unsigned)x, (unsigned)y);
    return 0;
}
