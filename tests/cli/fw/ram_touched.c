/* RAM reserved vs touched (README "RAM"): two large pools in SRAM, as an
 * ExecuTorch runner's method and file pools, of which the program uses
 * a little at the start of each.  The image reserves both (the first up
 * to its end, because the second is used after it); the firmware touches
 * USE_A + USE_B bytes of them.  tests/cli/ram_touched.sh checks the
 * report against those figures. */
#include <stdint.h>
#include <stdio.h>

#define POOL_A (2u << 20)
#define POOL_B (1u << 20)
#define USE_A 20000u
#define USE_B 12000u

static uint8_t pool_a[POOL_A] __attribute__((section(".sram_bss.pool_a"), aligned(32)));
static uint8_t pool_b[POOL_B] __attribute__((section(".sram_bss.pool_b"), aligned(32)));

static uint32_t fill(uint8_t *p, uint32_t n, uint32_t seed)
{
    uint32_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        p[i] = (uint8_t)((i * 7u + seed) | 1u);   /* never 0: every byte changes */
        sum += p[i];
    }
    return sum;
}

int main(void)
{
    uint32_t sum = fill(pool_a, USE_A, 3) + fill(pool_b, USE_B, 5);
    printf("pools at 0x%08lx and 0x%08lx, %u + %u bytes used, sum %lu\n", (unsigned long)(uintptr_t)pool_a,
           (unsigned long)(uintptr_t)pool_b, USE_A, USE_B, (unsigned long)sum);
    return 0;
}
