/* The Ethos-U55 PMU (ETHOSU.md 2.3). */
#include "ethosu_pmu.h"

#include <string.h>

enum {
    REG_PMCR = 0x180, REG_PMCNTENSET = 0x184, REG_PMCNTENCLR = 0x188, REG_PMOVSSET = 0x18C,
    REG_PMOVSCLR = 0x190, REG_PMINTSET = 0x194, REG_PMINTCLR = 0x198, REG_PMCCNTR = 0x1A0,
    REG_PMCCNTR_HI = 0x1A4, REG_PMCCNTR_CFG = 0x1A8, REG_PMCAXI_CHAN = 0x1AC,
    REG_PMEVCNTR0 = 0x300, REG_PMEVTYPER0 = 0x380,
};

#define PMCR_CNT_EN        (1u << 0)
#define PMCR_EVENT_CNT_RST (1u << 1)
#define PMCR_CYCLE_CNT_RST (1u << 2)
#define PMCR_MASK_EN       (1u << 3)
#define PMCR_NUM_EVENT_CNT ((uint32_t)ETHOSU_PMU_EVENT_COUNTERS << 11)
#define PMU_CYCLE_BIT      (1u << 31)
#define PMU_COUNTER_BITS   (PMU_CYCLE_BIT | ((1u << ETHOSU_PMU_EVENT_COUNTERS) - 1u))

void ethosu_pmu_reset(ethosu_pmu_t *p)
{
    memset(p, 0, sizeof *p);
    p->pmcr = PMCR_NUM_EVENT_CNT;
    p->mask_gate = true;
}

bool ethosu_pmu_irq(const ethosu_pmu_t *p)
{
    return (p->ovs & p->inten) != 0;
}

static bool pmu_counting(const ethosu_pmu_t *p)
{
    return (p->pmcr & PMCR_CNT_EN) && (!(p->pmcr & PMCR_MASK_EN) || p->mask_gate);
}

void ethosu_pmu_event(ethosu_pmu_t *p, unsigned ev, uint64_t n)
{
    if (n == 0 || !pmu_counting(p))
        return;
    for (int i = 0; i < ETHOSU_PMU_EVENT_COUNTERS; i++) {
        if (!(p->cnten & (1u << i)) || p->evtype[i] != ev)
            continue;
        uint64_t v = (uint64_t)p->evcnt[i] + n;
        if (v > UINT32_MAX)
            p->ovs |= 1u << i;
        p->evcnt[i] = (uint32_t)v;
    }
}

static bool event_occurs(unsigned ev, bool active)
{
    return ev == ETHOSU_EV_CYCLE || (ev == ETHOSU_EV_NPU_ACTIVE && active) ||
           (ev == ETHOSU_EV_NPU_IDLE && !active);
}

/* The cycle counter counts from PMCCNTR_CFG's start event to its stop
 * event (0: no condition), so ExecuTorch's start = NPU_ACTIVE, stop =
 * NPU_IDLE counts the active cycles. */
void ethosu_pmu_cycles(ethosu_pmu_t *p, uint64_t n, bool active)
{
    ethosu_pmu_event(p, ETHOSU_EV_CYCLE, n);
    ethosu_pmu_event(p, active ? ETHOSU_EV_NPU_ACTIVE : ETHOSU_EV_NPU_IDLE, n);
    unsigned start = p->ccnt_cfg & 0x3FFu, stop = (p->ccnt_cfg >> 16) & 0x3FFu;
    bool started = start == 0 || p->cc_started;
    if (start != 0 && event_occurs(start, active))
        started = true;
    if (stop != 0 && event_occurs(stop, active))
        started = false;
    p->cc_started = started;
    if (started && (p->cnten & PMU_CYCLE_BIT) && pmu_counting(p)) {
        uint64_t v = p->ccnt + n;
        if (v >> 48)
            p->ovs |= PMU_CYCLE_BIT;
        p->ccnt = v & ((1ull << 48) - 1);
    }
}

bool ethosu_pmu_is_reg(uint32_t off)
{
    return (off >= REG_PMCR && off <= REG_PMCAXI_CHAN) ||
           (off >= REG_PMEVCNTR0 && off < REG_PMEVTYPER0 + 4 * ETHOSU_PMU_EVENT_COUNTERS);
}

uint32_t ethosu_pmu_read(const ethosu_pmu_t *p, uint32_t off)
{
    if (off >= REG_PMEVCNTR0 && off < REG_PMEVCNTR0 + 4 * ETHOSU_PMU_EVENT_COUNTERS)
        return p->evcnt[(off - REG_PMEVCNTR0) / 4];
    if (off >= REG_PMEVTYPER0 && off < REG_PMEVTYPER0 + 4 * ETHOSU_PMU_EVENT_COUNTERS)
        return p->evtype[(off - REG_PMEVTYPER0) / 4];
    switch (off) {
    case REG_PMCR: return p->pmcr;
    case REG_PMCNTENSET: case REG_PMCNTENCLR: return p->cnten;
    case REG_PMOVSSET: case REG_PMOVSCLR: return p->ovs;
    case REG_PMINTSET: case REG_PMINTCLR: return p->inten;
    case REG_PMCCNTR: return (uint32_t)p->ccnt;
    case REG_PMCCNTR_HI: return (uint32_t)(p->ccnt >> 32) & 0xFFFFu;
    case REG_PMCCNTR_CFG: return p->ccnt_cfg;
    case REG_PMCAXI_CHAN: return p->axi_chan;
    default: return 0;
    }
}

void ethosu_pmu_write(ethosu_pmu_t *p, uint32_t off, uint32_t v)
{
    if (off >= REG_PMEVCNTR0 && off < REG_PMEVCNTR0 + 4 * ETHOSU_PMU_EVENT_COUNTERS) {
        p->evcnt[(off - REG_PMEVCNTR0) / 4] = v;
        return;
    }
    if (off >= REG_PMEVTYPER0 && off < REG_PMEVTYPER0 + 4 * ETHOSU_PMU_EVENT_COUNTERS) {
        p->evtype[(off - REG_PMEVTYPER0) / 4] = v & 0x3FFu;
        return;
    }
    switch (off) {
    case REG_PMCR:
        if (v & PMCR_EVENT_CNT_RST)
            memset(p->evcnt, 0, sizeof p->evcnt);
        if (v & PMCR_CYCLE_CNT_RST)
            p->ccnt = 0;
        p->pmcr = (v & (PMCR_CNT_EN | PMCR_MASK_EN)) | PMCR_NUM_EVENT_CNT;
        break;
    case REG_PMCNTENSET: p->cnten |= v & PMU_COUNTER_BITS; break;
    case REG_PMCNTENCLR: p->cnten &= ~v; break;
    case REG_PMOVSSET: p->ovs |= v & PMU_COUNTER_BITS; break;
    case REG_PMOVSCLR: p->ovs &= ~v; break;
    case REG_PMINTSET: p->inten |= v & PMU_COUNTER_BITS; break;
    case REG_PMINTCLR: p->inten &= ~v; break;
    case REG_PMCCNTR: p->ccnt = (p->ccnt & ~0xFFFFFFFFull) | v; break;
    case REG_PMCCNTR_HI: p->ccnt = (p->ccnt & 0xFFFFFFFFull) | ((uint64_t)(v & 0xFFFFu) << 32); break;
    case REG_PMCCNTR_CFG: p->ccnt_cfg = v & 0x03FF03FFu; break;
    case REG_PMCAXI_CHAN: p->axi_chan = v & 0x7FFu; break;
    default: break;
    }
}
