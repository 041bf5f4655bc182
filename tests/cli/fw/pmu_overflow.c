/* The PMU's overflow interrupt end to end (docs/platform.md): the cycle
 * counter and a CPU_CYCLES event counter are set just below their wrap
 * with PMU_INTENSET and DEMCR.MON_EN; the DebugMonitor handler counts the
 * requests, reads DFSR.PMU and clears the flags.  Without PMU_INTENSET or
 * MON_EN nothing is taken.  etsim-only (QEMU has no PMU):
 * tests/platform/pmu_overflow.sh reads the lines. */
#include <stdint.h>
#include <stdio.h>

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define SCB_DFSR 0xE000ED30u
#define DEMCR 0xE000EDFCu
#define DEMCR_MON_EN (1u << 16)
#define PMU_EVCNTR0 0xE0003000u
#define PMU_CCNTR 0xE000307Cu
#define PMU_EVTYPER0 0xE0003400u
#define PMU_CNTENSET 0xE0003C00u
#define PMU_CNTENCLR 0xE0003C20u
#define PMU_INTENSET 0xE0003C40u
#define PMU_INTENCLR 0xE0003C60u
#define PMU_OVSCLR 0xE0003C80u
#define PMU_OVSSET 0xE0003CC0u
#define PMU_CTRL 0xE0003E04u
#define CYCLE_BIT (1u << 31)
#define EV_CPU_CYCLES 0x0011u

static volatile uint32_t monitor_hits, monitor_ovs, monitor_dfsr;

void DebugMon_Handler(void)
{
    monitor_hits++;
    monitor_ovs |= REG32(PMU_OVSSET);
    monitor_dfsr |= REG32(SCB_DFSR);
    REG32(PMU_OVSCLR) = 0xFFFFFFFFu;
    REG32(SCB_DFSR) = 1u << 5;
}

static void spin(unsigned n)
{
    for (volatile unsigned i = 0; i < n; i++) {
    }
}

static void reset_pmu(void)
{
    REG32(PMU_CTRL) = 0;
    REG32(PMU_CNTENCLR) = 0xFFFFFFFFu;
    REG32(PMU_INTENCLR) = 0xFFFFFFFFu;
    REG32(PMU_OVSCLR) = 0xFFFFFFFFu;
    REG32(SCB_DFSR) = 1u << 5;
    monitor_hits = monitor_ovs = monitor_dfsr = 0;
}

/* One counter (bit) a few hundred cycles from its wrap, interrupt as
 * given; a loop of some thousand cycles runs across the wrap. */
static void run(const char *what, uint32_t bit, int inten, int mon_en)
{
    reset_pmu();
    REG32(DEMCR) = mon_en ? DEMCR_MON_EN : 0;
    if (bit == CYCLE_BIT) {
        REG32(PMU_CCNTR) = 0xFFFFFF00u;
    } else {
        REG32(PMU_EVTYPER0) = EV_CPU_CYCLES;
        REG32(PMU_EVCNTR0) = 0xFF00u;
    }
    if (inten)
        REG32(PMU_INTENSET) = bit;
    REG32(PMU_CNTENSET) = bit;
    REG32(PMU_CTRL) = 1u;
    spin(500);
    REG32(PMU_CTRL) = 0;
    uint32_t left = REG32(PMU_OVSSET) & bit;
    printf("%s: monitor %u ovs %s dfsr.pmu %u flag_left %u\n", what, (unsigned)monitor_hits,
           (monitor_ovs & bit) ? "set" : "clear", (unsigned)((monitor_dfsr >> 5) & 1u),
           left ? 1u : 0u);
}

int main(void)
{
    run("ccntr", CYCLE_BIT, 1, 1);
    run("evcntr0", 1u, 1, 1);
    run("no-intenset", 1u, 0, 1);
    run("no-mon_en", CYCLE_BIT, 1, 0);
    uint32_t dfsr = REG32(SCB_DFSR);
    printf("dfsr.pmu after no-mon_en %u\n", (unsigned)((dfsr >> 5) & 1u));
    REG32(DEMCR) = 0;
    return 0;
}
