/* The Armv8.1-M PMU (sim/pmu.h): counters derived from the core's totals
 * when read, never counted per instruction. */
#include "pmu.h"

#include <string.h>

#include "../isa/cache.h"
#include "../isa/timing.h"

#define PMU_CTRL_E 1u
#define PMU_CTRL_P 2u          /* write 1: event counters to zero */
#define PMU_CTRL_C 4u          /* write 1: cycle counter to zero */
#define PMU_CYCLE_BIT 31u
#define PMU_EVCNT_BITS 16u
#define PMU_ALL_MASK (0x80000000u | ((1u << PMU_NUM_EVCNT) - 1u))

/* Event numbers (Armv8.1-M ARM, the PMU event list; CMSIS pmu_armv8.h). */
enum pmu_event {
    EV_SW_INCR = 0x0000,
    EV_L1I_CACHE_REFILL = 0x0001,
    EV_L1D_CACHE_REFILL = 0x0003,
    EV_L1D_CACHE = 0x0004,
    EV_LD_RETIRED = 0x0006,
    EV_ST_RETIRED = 0x0007,
    EV_INST_RETIRED = 0x0008,
    EV_CPU_CYCLES = 0x0011,
    EV_L1I_CACHE = 0x0014,
    EV_CHAIN = 0x001E,
    EV_BR_RETIRED = 0x0021,
    EV_STALL = 0x003C,
    EV_MVE_INST_RETIRED = 0x0200,
    EV_MVE_FP_RETIRED = 0x0204,
    EV_MVE_INT_RETIRED = 0x0224,
    EV_MVE_LDST_RETIRED = 0x0238,
};

bool pmu_event_known(uint32_t event)
{
    switch (event) {
    case EV_SW_INCR: case EV_L1I_CACHE_REFILL: case EV_L1D_CACHE_REFILL: case EV_L1D_CACHE:
    case EV_LD_RETIRED: case EV_ST_RETIRED: case EV_INST_RETIRED: case EV_CPU_CYCLES:
    case EV_L1I_CACHE: case EV_CHAIN: case EV_BR_RETIRED: case EV_STALL:
    case EV_MVE_INST_RETIRED: case EV_MVE_FP_RETIRED: case EV_MVE_INT_RETIRED:
    case EV_MVE_LDST_RETIRED:
        return true;
    default:
        return false;
    }
}

static uint64_t classes(const cpu_t *cpu, const enum timing_class *tc, int n)
{
    uint64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += cpu->pl.class_insns[tc[i]];
    return sum;
}

#define CLASSES(cpu, ...)                                                     \
    classes(cpu, (const enum timing_class[]){__VA_ARGS__},                    \
            (int)(sizeof((const enum timing_class[]){__VA_ARGS__}) / sizeof(enum timing_class)))

static uint64_t cache_lookups(const struct cache *c)
{
    return c ? c->hits + c->misses : 0;
}

/* The total the core has counted of event since reset (SW_INCR and CHAIN
 * are counted by the PMU itself: 0 here); unknown events stay at 0. */
static uint64_t event_total(const cpu_t *cpu, uint32_t event)
{
    switch (event) {
    case EV_CPU_CYCLES: return cpu->cycles;
    case EV_INST_RETIRED: return cpu->instret;
    case EV_LD_RETIRED: return CLASSES(cpu, TC_LOAD, TC_LOAD_MULTI, TC_FP_LOAD, TC_FP_LOAD_MULTI);
    case EV_ST_RETIRED: return CLASSES(cpu, TC_STORE, TC_STORE_MULTI, TC_FP_STORE, TC_FP_STORE_MULTI);
    case EV_BR_RETIRED: return CLASSES(cpu, TC_BRANCH, TC_BRANCH_LINK, TC_TABLE_BRANCH);
    case EV_MVE_INST_RETIRED:
        return CLASSES(cpu, TC_MVE_INT, TC_MVE_MUL, TC_MVE_FP, TC_MVE_LOAD, TC_MVE_GATHER);
    case EV_MVE_FP_RETIRED: return CLASSES(cpu, TC_MVE_FP);
    case EV_MVE_INT_RETIRED: return CLASSES(cpu, TC_MVE_INT, TC_MVE_MUL);
    case EV_MVE_LDST_RETIRED: return CLASSES(cpu, TC_MVE_LOAD, TC_MVE_GATHER);
    case EV_STALL: return cpu->pl.stall_cycles;
    case EV_L1I_CACHE: return cache_lookups(cpu->l1i);
    case EV_L1I_CACHE_REFILL: return cpu->l1i ? cpu->l1i->misses : 0;
    case EV_L1D_CACHE: return cache_lookups(cpu->l1d) + cpu->dcache_mru_hits;
    case EV_L1D_CACHE_REFILL: return cpu->l1d ? cpu->l1d->misses : 0;
    default: return 0;
    }
}

static uint32_t event_of(const pmu_t *p, int n)
{
    return p->evtyper[n] & 0xFFFFu;
}

static uint64_t evcnt_now(const pmu_t *p, const cpu_t *cpu, int n);

/* What counter n's running count is measured against. */
static uint64_t source(const pmu_t *p, const cpu_t *cpu, int n)
{
    /* CHAIN on an odd counter: one count per overflow of the even one
     * below it, making a 32-bit counter of the pair. */
    if (event_of(p, n) == EV_CHAIN)
        return (n & 1) ? evcnt_now(p, cpu, n - 1) >> PMU_EVCNT_BITS : 0;
    return event_total(cpu, event_of(p, n));
}

static uint64_t evcnt_now(const pmu_t *p, const cpu_t *cpu, int n)
{
    return p->counting[n] ? p->value[n] + (source(p, cpu, n) - p->base[n]) : p->value[n];
}

static uint64_t cyc_now(const pmu_t *p, const cpu_t *cpu)
{
    return p->cyc_counting ? p->cyc_value + (cpu->cycles - p->cyc_base) : p->cyc_value;
}

/* Overflow flags: a counter that passed a multiple of its width since
 * last looked at has overflowed. */
static void update_overflow(pmu_t *p, const cpu_t *cpu)
{
    for (int n = 0; n < PMU_NUM_EVCNT; n++) {
        uint64_t c = evcnt_now(p, cpu, n);
        if ((c >> PMU_EVCNT_BITS) != (p->ovs_ref[n] >> PMU_EVCNT_BITS))
            p->ovs |= 1u << n;
        p->ovs_ref[n] = c;
    }
    uint64_t c = cyc_now(p, cpu);
    if ((c >> 32) != (p->cyc_ovs_ref >> 32))
        p->ovs |= 1u << PMU_CYCLE_BIT;
    p->cyc_ovs_ref = c;
}

/* Before a change of what counts: every counter keeps its value so far
 * (high to low: a CHAIN counter reads the live one below it). */
static void freeze(pmu_t *p, const cpu_t *cpu)
{
    update_overflow(p, cpu);
    for (int n = PMU_NUM_EVCNT - 1; n >= 0; n--) {
        p->value[n] = evcnt_now(p, cpu, n);
        p->counting[n] = false;
    }
    p->cyc_value = cyc_now(p, cpu);
    p->cyc_counting = false;
}

/* After it: counting restarts from the totals of now. */
static void resume(pmu_t *p, const cpu_t *cpu)
{
    bool on = (p->ctrl & PMU_CTRL_E) != 0;
    for (int n = 0; n < PMU_NUM_EVCNT; n++) {
        p->base[n] = source(p, cpu, n);   /* counters are frozen: consistent */
        p->counting[n] = on && (p->cnten & (1u << n));
        p->ovs_ref[n] = p->value[n];
    }
    p->cyc_base = cpu->cycles;
    p->cyc_counting = p->dwt_cyccntena || (on && (p->cnten & (1u << PMU_CYCLE_BIT)));
    p->cyc_ovs_ref = p->cyc_value;
}

void pmu_reset(pmu_t *p)
{
    memset(p, 0, sizeof *p);
}

uint32_t pmu_cycle_counter(pmu_t *p, const cpu_t *cpu)
{
    return (uint32_t)cyc_now(p, cpu);
}

void pmu_set_cycle_counter(pmu_t *p, const cpu_t *cpu, uint32_t value)
{
    freeze(p, cpu);
    p->cyc_value = value;
    resume(p, cpu);
}

void pmu_set_dwt_cyccntena(pmu_t *p, const cpu_t *cpu, bool on)
{
    freeze(p, cpu);
    p->dwt_cyccntena = on;
    resume(p, cpu);
}

/* The first cycle after now at which counting may reach a multiple of
 * 2^bits (count is the counter's value now). */
static uint64_t overflow_bound(uint64_t now, uint64_t count, unsigned bits, uint64_t per_cycle)
{
    uint64_t left = (1ull << bits) - (count & ((1ull << bits) - 1u));
    uint64_t wait = left / per_cycle;
    return now + (wait ? wait : 1);
}

uint64_t pmu_next_check(const pmu_t *p, const cpu_t *cpu)
{
    if (p->ovs & p->inten & ~p->irq_signalled)
        return cpu->cycles;   /* a request not yet signalled (INTENSET after the overflow) */
    uint64_t next = UINT64_MAX;
    for (int n = 0; n < PMU_NUM_EVCNT; n++) {
        if (!(p->inten & (1u << n)) || !p->counting[n])
            continue;
        uint64_t c = evcnt_now(p, cpu, n);
        if ((c >> PMU_EVCNT_BITS) != (p->ovs_ref[n] >> PMU_EVCNT_BITS))
            return cpu->cycles;   /* wrapped since last looked at: due now */
        uint64_t per = event_of(p, n) == EV_CPU_CYCLES ? 1 : PMU_MAX_EVENTS_PER_CYCLE;
        uint64_t t = overflow_bound(cpu->cycles, c, PMU_EVCNT_BITS, per);
        if (t < next)
            next = t;
    }
    if ((p->inten & (1u << PMU_CYCLE_BIT)) && p->cyc_counting) {
        uint64_t c = cyc_now(p, cpu);
        if ((c >> 32) != (p->cyc_ovs_ref >> 32))
            return cpu->cycles;
        uint64_t t = overflow_bound(cpu->cycles, c, 32, 1);
        if (t < next)
            next = t;
    }
    return next;
}

bool pmu_overflow_irq(pmu_t *p, const cpu_t *cpu)
{
    update_overflow(p, cpu);
    uint32_t req = p->ovs & p->inten;
    bool rose = (req & ~p->irq_signalled) != 0;
    p->irq_signalled = req;
    return rose;
}

uint32_t pmu_read(pmu_t *p, const cpu_t *cpu, uint32_t off)
{
    if (off < 4u * PMU_NUM_EVCNT)
        return (uint32_t)evcnt_now(p, cpu, (int)(off / 4)) & 0xFFFFu;
    if (off >= 0x400 && off < 0x400 + 4u * PMU_NUM_EVCNT)
        return p->evtyper[(off - 0x400) / 4];
    switch (off) {
    case 0x07C: return pmu_cycle_counter(p, cpu);
    case 0x47C: return p->ccfiltr;
    case 0xC00: case 0xC20: return p->cnten;
    case 0xC40: case 0xC60: return p->inten;
    case 0xC80: case 0xCC0: update_overflow(p, cpu); return p->ovs;
    case 0xE00: return 0x00004F07u;   /* TYPE: cycle counter, 16-bit counters, 8 of them */
    case 0xE04: return p->ctrl & PMU_CTRL_E;
    case 0xFBC: return 0x47702A16u;   /* DEVARCH: Arm, present, PMU architecture */
    case 0xFCC: return 0x16u;         /* DEVTYPE: performance monitor */
    case 0xFF0: return 0x0Du;         /* CIDR0..3: a CoreSight component */
    case 0xFF4: return 0x90u;
    case 0xFF8: return 0x05u;
    case 0xFFC: return 0xB1u;
    default: return 0;
    }
}

void pmu_write(pmu_t *p, const cpu_t *cpu, uint32_t off, uint32_t v)
{
    if (off == 0xCA0) {   /* SWINC: counters set to SW_INCR count one */
        freeze(p, cpu);
        for (int n = 0; n < PMU_NUM_EVCNT; n++)
            if ((v & (1u << n)) && event_of(p, n) == EV_SW_INCR && (p->ctrl & PMU_CTRL_E) &&
                (p->cnten & (1u << n)))
                p->value[n]++;
        /* The increments may overflow: look before the reference moves. */
        update_overflow(p, cpu);
        resume(p, cpu);
        return;
    }
    freeze(p, cpu);
    if (off < 4u * PMU_NUM_EVCNT) {
        p->value[off / 4] = v & 0xFFFFu;
    } else if (off >= 0x400 && off < 0x400 + 4u * PMU_NUM_EVCNT) {
        p->evtyper[(off - 0x400) / 4] = v & 0xFFFFu;
    } else {
        switch (off) {
        case 0x07C: p->cyc_value = v; break;
        case 0x47C: p->ccfiltr = v; break;
        case 0xC00: p->cnten |= v & PMU_ALL_MASK; break;
        case 0xC20: p->cnten &= ~v; break;
        case 0xC40: p->inten |= v & PMU_ALL_MASK; break;
        case 0xC60: p->inten &= ~v; p->irq_signalled &= ~v; break;
        case 0xC80: p->ovs &= ~v; p->irq_signalled &= ~v; break;   /* a new overflow is a new request */
        case 0xCC0: p->ovs |= v & PMU_ALL_MASK; break;
        case 0xE04:
            p->ctrl = v & PMU_CTRL_E;
            if (v & PMU_CTRL_P)
                for (int n = 0; n < PMU_NUM_EVCNT; n++)
                    p->value[n] = 0;
            if (v & PMU_CTRL_C)
                p->cyc_value = 0;
            break;
        default: break;
        }
    }
    resume(p, cpu);
}
