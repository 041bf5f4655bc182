/* System Control Space registers over the core's exception and SCB state.
 * Register offsets and bit layouts: Armv8-M Architecture Reference Manual,
 * "System Control Space (SCS)".  Reserved offsets read as zero and ignore
 * writes, which keeps probing firmware alive. */
#include "scs.h"

#include "../isa/cache.h"

#include <string.h>

/* CPUID of the Cortex-M55 r0p1, as QEMU's cortex-m55 model reports it. */
#define CPUID_M55 0x410FD221u
/* FP/MVE feature registers of the Cortex-M55 (as QEMU reports them). */
#define MVFR0_M55 0x10110221u
#define MVFR1_M55 0x12100211u
#define MVFR2_M55 0x00000040u

#define SYSTICK_ENABLE 1u
#define SYSTICK_TICKINT 2u
#define SYSTICK_CLKSOURCE 4u

void scs_reset(scs_t *s)
{
    memset(s, 0, sizeof *s);
    s->systick_zero = UINT64_MAX;
}

static uint8_t prio_mask(const cpu_t *cpu)
{
    return (uint8_t)(0xFFu << (8 - cpu->exc.prio_bits));
}

/* ---- SysTick ---------------------------------------------------------- */

static bool systick_running(const scs_t *s)
{
    return (s->systick_csr & SYSTICK_ENABLE) != 0;
}

static uint32_t systick_value(const scs_t *s, const cpu_t *cpu)
{
    if (!systick_running(s) || s->systick_zero == UINT64_MAX)
        return s->systick_cvr_stopped;
    if (cpu->cycles >= s->systick_zero)
        return 0;
    /* In the cycle the counter reaches 0 it reads 0, but scs_event may
     * already have moved systick_zero a whole period (RVR + 1) ahead. */
    uint64_t left = s->systick_zero - cpu->cycles;
    return left == (uint64_t)s->systick_rvr + 1 ? 0 : (uint32_t)left;
}

/* Start counting from value at the current cycle.  A value of 0 reloads
 * RVR on the next clock. */
static void systick_start(scs_t *s, const cpu_t *cpu, uint32_t value)
{
    if (value > 0)
        s->systick_zero = cpu->cycles + value;
    else if (s->systick_rvr > 0)
        s->systick_zero = cpu->cycles + 1 + s->systick_rvr;
    else
        s->systick_zero = UINT64_MAX;   /* RVR 0: the counter stays at 0 */
}

uint64_t scs_next_event(const scs_t *s, const cpu_t *cpu)
{
    uint64_t tick = systick_running(s) ? s->systick_zero : UINT64_MAX;
    uint64_t pmu = pmu_next_check(&s->pmu, cpu);
    return tick < pmu ? tick : pmu;
}

#define DEMCR_MON_EN (1u << 16)
#define DFSR_PMU (1u << 5)

/* A PMU counter overflow with its PMU_INTENSET bit set: on Armv8.1-M the
 * PMU's interrupt request is a debug event taken as the DebugMonitor
 * exception when DEMCR.MON_EN is set, recorded in DFSR.PMU (DDI0553,
 * "Performance Monitoring Unit" and DFSR; docs/platform.md). */
static void pmu_event(scs_t *s, cpu_t *cpu)
{
    if (!pmu_overflow_irq(&s->pmu, cpu))
        return;
    s->dfsr |= DFSR_PMU;
    if (s->demcr & DEMCR_MON_EN)
        cpu_set_pending(cpu, EXC_DEBUGMON);
}

void scs_event(scs_t *s, cpu_t *cpu)
{
    if (pmu_next_check(&s->pmu, cpu) <= cpu->cycles)
        pmu_event(s, cpu);
    if (!systick_running(s) || s->systick_zero == UINT64_MAX || cpu->cycles < s->systick_zero)
        return;
    s->systick_countflag = true;
    if (s->systick_csr & SYSTICK_TICKINT)
        cpu_set_pending(cpu, EXC_SYSTICK);
    if (s->systick_rvr == 0) {
        s->systick_zero = UINT64_MAX;
        return;
    }
    /* Catch up if the core was asleep or a long instruction ran past
     * several wraps; the interrupt is pended once, as on hardware. */
    uint64_t period = (uint64_t)s->systick_rvr + 1;
    uint64_t late = cpu->cycles - s->systick_zero;
    s->systick_zero += period * (late / period + 1);
}

static uint32_t systick_read(scs_t *s, cpu_t *cpu, uint32_t off)
{
    switch (off) {
    case 0x010: {
        uint32_t v = s->systick_csr | SYSTICK_CLKSOURCE | (s->systick_countflag ? 1u << 16 : 0);
        s->systick_countflag = false;   /* COUNTFLAG clears on read */
        return v;
    }
    case 0x014: return s->systick_rvr;
    case 0x018: return systick_value(s, cpu);
    default: return 1u << 31;           /* CALIB: NOREF, no TENMS */
    }
}

static void systick_write(scs_t *s, cpu_t *cpu, uint32_t off, uint32_t value)
{
    switch (off) {
    case 0x010: {
        bool was = systick_running(s);
        uint32_t cur = systick_value(s, cpu);
        s->systick_csr = value & (SYSTICK_ENABLE | SYSTICK_TICKINT);
        if (!was && systick_running(s))
            systick_start(s, cpu, s->systick_cvr_stopped);
        else if (was && !systick_running(s))
            s->systick_cvr_stopped = cur;
        break;
    }
    case 0x014:
        s->systick_rvr = value & 0x00FFFFFFu;
        break;
    case 0x018:
        /* Any write clears the counter and COUNTFLAG. */
        s->systick_countflag = false;
        s->systick_cvr_stopped = 0;
        if (systick_running(s))
            systick_start(s, cpu, 0);
        break;
    default:
        break;
    }
}

/* ---- NVIC ------------------------------------------------------------- */

/* A 32-bit bank of one-bit-per-IRQ state (ISER, ISPR, IABR...). */
static uint32_t irq_bits(const uint8_t *state, uint32_t bank)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t exc = EXC_IRQ0 + bank * 32 + i;
        if (exc < CPU_NUM_EXC && state[exc])
            v |= 1u << i;
    }
    return v;
}

static void irq_set_bits(cpu_t *cpu, uint8_t *state, uint32_t bank, uint32_t bits, uint8_t value)
{
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t exc = EXC_IRQ0 + bank * 32 + i;
        if ((bits >> i) & 1u && exc < CPU_NUM_EXC)
            state[exc] = value;
    }
    cpu_exceptions_changed(cpu);
}

/* ---- SCB -------------------------------------------------------------- */

static uint32_t icsr_read(const cpu_t *cpu)
{
    uint32_t v = cpu->ipsr & 0x1FFu;
    int pend = 0;
    for (int e = 2; e < CPU_NUM_EXC && !pend; e++)
        if (cpu->exc.pending[e])
            pend = e;
    v |= (uint32_t)pend << 12;
    bool isr_pending = false;
    for (int e = EXC_IRQ0; e < CPU_NUM_EXC; e++)
        isr_pending |= cpu->exc.pending[e] != 0;
    if (isr_pending)
        v |= 1u << 22;
    int active = 0;
    for (int e = 1; e < CPU_NUM_EXC; e++)
        active += cpu->exc.active[e];
    if (active <= 1)
        v |= 1u << 11;                     /* RETTOBASE */
    if (cpu->exc.pending[EXC_SYSTICK]) v |= 1u << 26;
    if (cpu->exc.pending[EXC_PENDSV]) v |= 1u << 28;
    if (cpu->exc.pending[EXC_NMI]) v |= 1u << 31;
    return v;
}

static void icsr_write(cpu_t *cpu, uint32_t v)
{
    if (v & (1u << 31)) cpu_set_pending(cpu, EXC_NMI);
    if (v & (1u << 28)) cpu_set_pending(cpu, EXC_PENDSV);
    if (v & (1u << 27)) cpu_clear_pending(cpu, EXC_PENDSV);
    if (v & (1u << 26)) cpu_set_pending(cpu, EXC_SYSTICK);
    if (v & (1u << 25)) cpu_clear_pending(cpu, EXC_SYSTICK);
}

static uint32_t shcsr_read(const cpu_t *cpu)
{
    const uint8_t *a = cpu->exc.active, *p = cpu->exc.pending;
    return (a[EXC_MEMMANAGE] ? 1u << 0 : 0) | (a[EXC_BUSFAULT] ? 1u << 1 : 0) |
           (a[EXC_HARDFAULT] ? 1u << 2 : 0) | (a[EXC_USAGEFAULT] ? 1u << 3 : 0) |
           (a[EXC_NMI] ? 1u << 5 : 0) | (a[EXC_SVCALL] ? 1u << 7 : 0) |
           (a[EXC_DEBUGMON] ? 1u << 8 : 0) | (a[EXC_PENDSV] ? 1u << 10 : 0) |
           (a[EXC_SYSTICK] ? 1u << 11 : 0) | (p[EXC_USAGEFAULT] ? 1u << 12 : 0) |
           (p[EXC_MEMMANAGE] ? 1u << 13 : 0) | (p[EXC_BUSFAULT] ? 1u << 14 : 0) |
           (p[EXC_SVCALL] ? 1u << 15 : 0) | (cpu->scb.shcsr & (0xFu << 16)) |
           (p[EXC_HARDFAULT] ? 1u << 21 : 0);
}

static void shcsr_write(cpu_t *cpu, uint32_t v)
{
    cpu->scb.shcsr = v & (0xFu << 16);
    static const struct { int exc; unsigned act, pend; } bits[] = {
        {EXC_MEMMANAGE, 0, 13}, {EXC_BUSFAULT, 1, 14}, {EXC_USAGEFAULT, 3, 12},
        {EXC_SVCALL, 7, 15}, {EXC_PENDSV, 10, 32}, {EXC_SYSTICK, 11, 32},
    };
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        cpu->exc.active[bits[i].exc] = (v >> bits[i].act) & 1u;
        if (bits[i].pend < 32)
            cpu->exc.pending[bits[i].exc] = (v >> bits[i].pend) & 1u;
    }
    cpu_exceptions_changed(cpu);
}

/* Byte-addressable priority registers: NVIC_IPR and SHPR1-3. */
static uint8_t *prio_byte(cpu_t *cpu, uint32_t off)
{
    if (off >= 0x400 && off < 0x400 + CPU_NUM_IRQ)
        return &cpu->exc.prio[EXC_IRQ0 + (off - 0x400)];
    if (off >= 0xD18 && off < 0xD24) {
        uint32_t exc = 4 + (off - 0xD18);
        static const uint8_t configurable[16] = {[4] = 1, [5] = 1, [6] = 1, [7] = 1, [11] = 1,
                                                 [12] = 1, [14] = 1, [15] = 1};
        return configurable[exc] ? &cpu->exc.prio[exc] : NULL;
    }
    return NULL;
}

static bool is_prio_reg(uint32_t off)
{
    return (off >= 0x400 && off < 0x5F0) || (off >= 0xD18 && off < 0xD24);
}

static uint32_t prio_read(cpu_t *cpu, uint32_t off)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < 4; i++) {
        uint8_t *b = prio_byte(cpu, off + i);
        if (b)
            v |= (uint32_t)*b << (8 * i);
    }
    return v;
}

static void prio_write(cpu_t *cpu, uint32_t off, unsigned size, uint32_t value)
{
    for (uint32_t i = 0; i < size; i++) {
        uint8_t *b = prio_byte(cpu, off + i);
        if (b)
            *b = (uint8_t)(value >> (8 * i)) & prio_mask(cpu);
    }
    cpu_exceptions_changed(cpu);
}

/* Word registers of the SCS (offset from 0xE000E000). */
static uint32_t scs_word_read(scs_t *s, cpu_t *cpu, uint32_t off)
{
    if (off >= 0x010 && off < 0x020)
        return systick_read(s, cpu, off);
    if (off >= 0x100 && off < 0x110) return irq_bits(cpu->exc.enabled, (off - 0x100) / 4);
    if (off >= 0x180 && off < 0x190) return irq_bits(cpu->exc.enabled, (off - 0x180) / 4);
    if (off >= 0x200 && off < 0x210) return irq_bits(cpu->exc.pending, (off - 0x200) / 4);
    if (off >= 0x280 && off < 0x290) return irq_bits(cpu->exc.pending, (off - 0x280) / 4);
    if (off >= 0x300 && off < 0x310) return irq_bits(cpu->exc.active, (off - 0x300) / 4);
    if (off >= 0x380 && off < 0x390) return s->itns[(off - 0x380) / 4];
    if (off >= 0xD9C && off < 0xDB8) {
        /* MPU_RBAR/RLAR and their aliases A1..A3 (region RNR + n). */
        uint32_t n = (cpu->mpu.rnr + (off - 0xD9C) / 8) & 15u;
        return (off - 0xD9C) % 8 == 0 ? cpu->mpu.rbar[n] : cpu->mpu.rlar[n];
    }
    switch (off) {
    case 0x004: return (CPU_NUM_IRQ + 31) / 32 - 1;   /* ICTR */
    case 0x008: return s->actlr;
    case 0xD00: return CPUID_M55;
    case 0xD04: return icsr_read(cpu);
    case 0xD08: return cpu->scb.vtor;
    case 0xD0C: return 0xFA050000u | (cpu->scb.prigroup << 8);
    case 0xD10: return cpu->scb.scr;
    case 0xD14: return cpu->scb.ccr;
    case 0xD24: return shcsr_read(cpu);
    case 0xD28: return cpu->scb.cfsr;
    case 0xD2C: return cpu->scb.hfsr;
    case 0xD30: return s->dfsr;
    case 0xD34: return cpu->scb.mmfar;
    case 0xD38: return cpu->scb.bfar;
    case 0xD3C: return cpu->scb.afsr;
    case 0xD88: return cpu->scb.cpacr;
    case 0xD8C: return s->nsacr;
    case 0xD90: return 16u << 8;                      /* MPU_TYPE: 16 regions */
    case 0xD94: return cpu->mpu.ctrl;
    case 0xD98: return cpu->mpu.rnr;
    case 0xDC0: return cpu->mpu.mair[0];
    case 0xDC4: return cpu->mpu.mair[1];
    case 0xDD0: return s->sau_ctrl;
    case 0xDD4: return 8;                             /* SAU_TYPE: 8 regions */
    case 0xDD8: return s->sau_rnr;
    case 0xDDC: return s->sau_rbar[s->sau_rnr & 7u];
    case 0xDE0: return s->sau_rlar[s->sau_rnr & 7u];
    case 0xDFC: return s->demcr;
    case 0xF34: return cpu->scb.fpccr;
    case 0xF38: return cpu->scb.fpcar;
    case 0xF3C: return cpu->scb.fpdscr;
    case 0xF40: return MVFR0_M55;
    case 0xF44: return MVFR1_M55;
    case 0xF48: return MVFR2_M55;
    default: return 0;
    }
}

static void scs_word_write(scs_t *s, cpu_t *cpu, uint32_t off, uint32_t v)
{
    if (off >= 0x010 && off < 0x020) { systick_write(s, cpu, off, v); return; }
    if (off >= 0x100 && off < 0x110) { irq_set_bits(cpu, cpu->exc.enabled, (off - 0x100) / 4, v, 1); return; }
    if (off >= 0x180 && off < 0x190) { irq_set_bits(cpu, cpu->exc.enabled, (off - 0x180) / 4, v, 0); return; }
    if (off >= 0x200 && off < 0x210) { irq_set_bits(cpu, cpu->exc.pending, (off - 0x200) / 4, v, 1); return; }
    if (off >= 0x280 && off < 0x290) { irq_set_bits(cpu, cpu->exc.pending, (off - 0x280) / 4, v, 0); return; }
    if (off >= 0x380 && off < 0x390) { s->itns[(off - 0x380) / 4] = v; return; }
    if (off >= 0xD9C && off < 0xDB8) {
        uint32_t n = (cpu->mpu.rnr + (off - 0xD9C) / 8) & 15u;
        if ((off - 0xD9C) % 8 == 0) cpu->mpu.rbar[n] = v; else cpu->mpu.rlar[n] = v;
        return;
    }
    switch (off) {
    case 0x008: s->actlr = v; break;
    case 0xD04: icsr_write(cpu, v); break;
    case 0xD08: cpu->scb.vtor = v & ~0x7Fu; break;
    case 0xD0C:
        if ((v >> 16) == 0x05FAu) {
            cpu->scb.prigroup = (v >> 8) & 7u;
            if (v & (1u << 2))
                s->reset_requested = true;
            cpu_exceptions_changed(cpu);
        }
        break;
    case 0xD10: cpu->scb.scr = v & 0x1Eu; break;
    case 0xD14:
        /* UNALIGN_TRP, DIV_0_TRP, BFHFNMIGN, STKOFHFNMIGN are writable,
         * and DC/IC switch the L1 caches on (isa/cache.h).  Enabling a
         * cache the SoC does not have leaves its bit clear. */
        {
            uint32_t mask = 0x418u | (cpu->l1d ? CCR_DC : 0u) | (cpu->l1i ? CCR_IC : 0u);
            cpu->scb.ccr = (cpu->scb.ccr & ~mask) | (v & mask);
            cpu_caches_changed(cpu);
        }
        break;
    /* Cache maintenance: invalidate all (ICIALLU, DCISW-by-set/way loops
     * invalidate whatever they reach; we drop the whole cache).  Clean
     * operations have nothing to do: the data is always in memory. */
    case 0xF50: cache_invalidate_all(cpu->l1i); cpu_caches_changed(cpu); break;
    case 0xF60: cache_invalidate_all(cpu->l1d); cpu_caches_changed(cpu); break;
    case 0xD24: shcsr_write(cpu, v); break;
    case 0xD28: cpu->scb.cfsr &= ~v; break;          /* write one to clear */
    case 0xD2C: cpu->scb.hfsr &= ~v; break;
    case 0xD34: cpu->scb.mmfar = v; break;
    case 0xD38: cpu->scb.bfar = v; break;
    case 0xD88: cpu->scb.cpacr = v & 0x00F00000u; break;
    case 0xD8C: s->nsacr = v & 0xC00u; break;
    case 0xD94:
        /* MPU_CTRL.ENABLE switches the checked data path (isa/mpu.h). */
        cpu->mpu.ctrl = v & 7u;
        cpu_mpu_changed(cpu);
        break;
    case 0xD98: cpu->mpu.rnr = v & 0xFFu; break;
    case 0xDC0: cpu->mpu.mair[0] = v; break;
    case 0xDC4: cpu->mpu.mair[1] = v; break;
    case 0xDD0: s->sau_ctrl = v & 3u; break;
    case 0xDD8: s->sau_rnr = v & 0xFFu; break;
    case 0xDDC: s->sau_rbar[s->sau_rnr & 7u] = v & ~0x1Fu; break;
    case 0xDE0: s->sau_rlar[s->sau_rnr & 7u] = v & ~0x1Cu; break;
    case 0xDFC: s->demcr = v; break;
    case 0xD30: s->dfsr &= ~v; break;   /* write-one-to-clear */
    case 0xF00: /* STIR */
        if ((v & 0x1FFu) < CPU_NUM_IRQ)
            cpu_set_pending(cpu, EXC_IRQ0 + (int)(v & 0x1FFu));
        break;
    case 0xF34: cpu->scb.fpccr = (cpu->scb.fpccr & ~0xC0000001u) | (v & 0xC0000001u); break;
    case 0xF38: cpu->scb.fpcar = v & ~7u; break;
    case 0xF3C: cpu->scb.fpdscr = v & 0x07C00000u; break;
    default: break;
    }
}

/* ---- DWT -------------------------------------------------------------- */

static uint32_t dwt_read(scs_t *s, const cpu_t *cpu, uint32_t off)
{
    switch (off) {
    case 0x000: return s->dwt_ctrl | (4u << 28);   /* NUMCOMP = 4 */
    case 0x004: return pmu_cycle_counter(&s->pmu, cpu);
    default: return 0;
    }
}

static void dwt_write(scs_t *s, const cpu_t *cpu, uint32_t off, uint32_t v)
{
    switch (off) {
    case 0x000:
        s->dwt_ctrl = v & 0x0FFFFFFFu;
        pmu_set_dwt_cyccntena(&s->pmu, cpu, (v & 1u) != 0);
        break;
    case 0x004: pmu_set_cycle_counter(&s->pmu, cpu, v); break;
    default: break;
    }
}

/* ---- access ----------------------------------------------------------- */

bool scs_read(scs_t *s, cpu_t *cpu, uint32_t addr, unsigned size, uint32_t *value)
{
    uint32_t word;
    uint32_t lane = (addr & 3u) * 8;
    if (addr >= DWT_BASE && addr < DWT_BASE + 0x1000) {
        word = dwt_read(s, cpu, (addr - DWT_BASE) & ~3u);
    } else if (addr >= PMU_BASE && addr < PMU_BASE + 0x1000) {
        word = pmu_read(&s->pmu, cpu, (addr - PMU_BASE) & ~3u);
    } else if (addr >= SCS_BASE && addr < SCS_BASE + 0x1000) {
        uint32_t off = (addr - SCS_BASE) & ~3u;
        word = is_prio_reg(off) ? prio_read(cpu, off) : scs_word_read(s, cpu, off);
    } else {
        word = 0;   /* ITM, FPB, other debug components: read as zero */
    }
    *value = size == 4 ? word : (word >> lane) & (size == 2 ? 0xFFFFu : 0xFFu);
    return true;
}

bool scs_write(scs_t *s, cpu_t *cpu, uint32_t addr, unsigned size, uint32_t value)
{
    uint32_t lane = (addr & 3u) * 8;
    if (addr >= DWT_BASE && addr < DWT_BASE + 0x1000) {
        dwt_write(s, cpu, (addr - DWT_BASE) & ~3u, value);
        return true;
    }
    if (addr >= PMU_BASE && addr < PMU_BASE + 0x1000) {
        pmu_write(&s->pmu, cpu, (addr - PMU_BASE) & ~3u, value);   /* word registers */
        return true;
    }
    if (addr < SCS_BASE || addr >= SCS_BASE + 0x1000)
        return true;   /* other debug components: writes ignored */
    uint32_t off = addr - SCS_BASE;
    if (is_prio_reg(off & ~3u)) {
        prio_write(cpu, off, size, value);
        return true;
    }
    if (size != 4) {
        /* Sub-word write to a word register: merge into the current value. */
        uint32_t mask = (size == 2 ? 0xFFFFu : 0xFFu) << lane;
        bool write_one_to_clear = (off & ~3u) == 0xD28 || (off & ~3u) == 0xD2C;
        uint32_t cur = write_one_to_clear ? 0 : scs_word_read(s, cpu, off & ~3u);
        value = (cur & ~mask) | ((value << lane) & mask);
    }
    scs_word_write(s, cpu, off & ~3u, value);
    return true;
}
