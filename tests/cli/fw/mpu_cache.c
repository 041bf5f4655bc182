/* The data cache follows the MPU's memory attributes (docs/platform.md):
 * the same loop over a DDR buffer, first in an MPU region whose MAIR
 * attribute is Normal Non-cacheable, then Write-Back Write-Allocate,
 * counted with the PMU (L1D_CACHE_REFILL, cycles).  etsim-only (QEMU has
 * no cache timing and no PMU): tests/platform/mpu_cache.sh reads the
 * lines. */
#include <stdint.h>
#include <stdio.h>

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define MPU_CTRL 0xE000ED94u
#define MPU_RNR 0xE000ED98u
#define MPU_RBAR 0xE000ED9Cu
#define MPU_RLAR 0xE000EDA0u
#define MPU_MAIR0 0xE000EDC0u
#define DEMCR 0xE000EDFCu
#define PMU_EVCNTR0 0xE0003000u
#define PMU_CCNTR 0xE000307Cu
#define PMU_EVTYPER0 0xE0003400u
#define PMU_CNTENSET 0xE0003C00u
#define PMU_CTRL 0xE0003E04u

#define BUF 0x60100000u
#define WORDS 2048u

static uint32_t pass(void)
{
    uint32_t sum = 0;
    for (int rep = 0; rep < 2; rep++)
        for (uint32_t i = 0; i < WORDS; i++)
            sum += REG32(BUF + 4 * i);
    return sum;
}

static void measure(const char *what, uint32_t attr_index)
{
    REG32(MPU_CTRL) = 0;
    REG32(MPU_RNR) = 0;
    REG32(MPU_RBAR) = BUF | 2u;                                   /* RW, any */
    REG32(MPU_RLAR) = ((BUF + 4 * WORDS - 1) & ~0x1Fu) | (attr_index << 1) | 1u;
    REG32(MPU_CTRL) = 1u | 4u;                                     /* on, PRIVDEFENA */
    __asm__ volatile("dsb\n isb\n" ::: "memory");
    REG32(PMU_CTRL) = 1u | 2u | 4u;
    uint32_t c0 = REG32(PMU_CCNTR);
    uint32_t sum = pass();
    uint32_t cycles = REG32(PMU_CCNTR) - c0;
    uint32_t refills = REG32(PMU_EVCNTR0);
    REG32(PMU_CTRL) = 0;
    printf("%s: refills %u cycles %u sum %u\n", what, (unsigned)refills, (unsigned)cycles, (unsigned)sum);
}

int main(void)
{
    REG32(DEMCR) |= 1u << 24;
    REG32(MPU_MAIR0) = 0x44u | (0xFFu << 8);   /* 0: Normal Non-cacheable; 1: Write-Back RW-allocate */
    /* The buffer is written through the non-cacheable region: no line of
     * it is in the cache when the measurements start. */
    REG32(MPU_RNR) = 0;
    REG32(MPU_RBAR) = BUF | 2u;
    REG32(MPU_RLAR) = ((BUF + 4 * WORDS - 1) & ~0x1Fu) | 1u;
    REG32(MPU_CTRL) = 1u | 4u;
    for (uint32_t i = 0; i < WORDS; i++)
        REG32(BUF + 4 * i) = i;
    REG32(PMU_EVTYPER0) = 0x0003;              /* L1D_CACHE_REFILL */
    REG32(PMU_CNTENSET) = 0x80000001u;
    measure("noncacheable", 0);
    measure("cacheable", 1);
    REG32(MPU_CTRL) = 0;
    return 0;
}
