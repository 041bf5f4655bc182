/* The Armv8-M exception model: priorities, pending and active state, fault
 * escalation, exception entry (stacking, the extended FP frame), exception
 * return (EXC_RETURN, unstacking), lockup.
 *
 * The firmware runs in the Secure state (as on AN547 out of reset); the
 * Non-secure state is not modelled, so EXC_RETURN values are the Secure
 * ones (ES = 1, S = 1, DCRS = 1): 0xFFFFFFF1/F9/FD, and E1/E9/ED with an
 * FP frame.
 */
#include <string.h>

#include "alu.h"
#include "cpu_internal.h"
#include "insn.h"

static bool save_fp_context(cpu_t *cpu, uint32_t addr);

#define BASIC_FRAME 0x20u
#define FP_FRAME 0x68u            /* + S0-S15, FPSCR, VPR */

/* ------------------------------------------------------------------ */
/* Names                                                               */

const char *cpu_fault_name(enum cpu_fault f)
{
    switch (f) {
    case FAULT_NONE: return "no fault";
    case FAULT_UNDEFINSTR: return "UsageFault: undefined instruction (UNDEFINSTR)";
    case FAULT_INVSTATE: return "UsageFault: invalid state, Thumb bit clear (INVSTATE)";
    case FAULT_INVPC: return "UsageFault: invalid EXC_RETURN (INVPC)";
    case FAULT_NOCP: return "UsageFault: coprocessor (FP/MVE) disabled (NOCP)";
    case FAULT_STKOF: return "UsageFault: stack overflow past the stack limit (STKOF)";
    case FAULT_UNALIGNED: return "UsageFault: unaligned access (UNALIGNED)";
    case FAULT_DIVBYZERO: return "UsageFault: division by zero (DIVBYZERO)";
    case FAULT_IBUSERR: return "BusFault: instruction fetch from unmapped or non-executable memory (IBUSERR)";
    case FAULT_PRECISERR: return "BusFault: data access to unmapped or read-only memory (PRECISERR)";
    case FAULT_STKERR: return "BusFault: stacking for exception entry (STKERR)";
    case FAULT_UNSTKERR: return "BusFault: unstacking on exception return (UNSTKERR)";
    case FAULT_IACCVIOL: return "MemManage: instruction access violation (IACCVIOL)";
    case FAULT_DACCVIOL: return "MemManage: data access the MPU does not allow (DACCVIOL)";
    case FAULT_VECTTBL: return "HardFault: vector table read failed (VECTTBL)";
    case FAULT_BKPT: return "HardFault: BKPT without a debugger (DEBUGEVT)";
    }
    return "unknown fault";
}

const char *cpu_exception_name(int exc)
{
    static const char *const names[16] = {
        "Thread", "Reset", "NMI", "HardFault", "MemManage", "BusFault", "UsageFault",
        "SecureFault", "reserved", "reserved", "reserved", "SVCall", "DebugMonitor",
        "reserved", "PendSV", "SysTick",
    };
    if (exc >= 0 && exc < 16)
        return names[exc];
    return "IRQ";
}

/* ------------------------------------------------------------------ */
/* Priorities                                                          */

/* Group priority of a configurable priority value (subpriority removed). */
static int group_priority(const cpu_t *cpu, int prio)
{
    unsigned sub_bits = cpu->scb.prigroup + 1u;
    return (int)((unsigned)prio & ~((1u << sub_bits) - 1u) & 0xFFu);
}

static int exception_priority(const cpu_t *cpu, int exc)
{
    switch (exc) {
    case EXC_RESET: return -4;
    case EXC_NMI: return -2;
    case EXC_HARDFAULT: return -1;
    default: return cpu->exc.prio[exc];
    }
}

/* Execution priority without the effect of PRIMASK/BASEPRI/FAULTMASK. */
static int raw_exec_priority(const cpu_t *cpu)
{
    int prio = 256;
    for (int e = 1; e < CPU_NUM_EXC; e++) {
        if (cpu->exc.active[e]) {
            int p = exception_priority(cpu, e);
            if (p >= 0)
                p = group_priority(cpu, p);
            if (p < prio)
                prio = p;
        }
    }
    return prio;
}

int cpu_exec_priority(const cpu_t *cpu)
{
    int prio = raw_exec_priority(cpu);
    if (cpu->basepri & 0xFFu) {
        int b = group_priority(cpu, (int)(cpu->basepri & 0xFFu));
        if (b < prio)
            prio = b;
    }
    if ((cpu->primask & 1u) && prio > 0)
        prio = 0;
    if ((cpu->faultmask & 1u) && prio > -1)
        prio = -1;
    return prio;
}

static bool exc_enabled(const cpu_t *cpu, int exc)
{
    if (exc >= EXC_IRQ0)
        return cpu->exc.enabled[exc];
    return true;   /* system exceptions are always enabled once pending */
}

/* The pending exception that would be taken next, or 0. */
static int highest_pending(const cpu_t *cpu, int *prio_out)
{
    int best = 0, best_group = 1000, best_prio = 1000;
    for (int e = 1; e < CPU_NUM_EXC; e++) {
        if (!cpu->exc.pending[e] || !exc_enabled(cpu, e))
            continue;
        int p = exception_priority(cpu, e);
        int g = p >= 0 ? group_priority(cpu, p) : p;
        if (g < best_group || (g == best_group && p < best_prio)) {
            best = e;
            best_group = g;
            best_prio = p;
        }
    }
    *prio_out = best_group;
    return best;
}

void cpu_set_pending(cpu_t *cpu, int exc)
{
    if (exc <= 0 || exc >= CPU_NUM_EXC)
        return;
    cpu->exc.pending[exc] = 1;
    cpu->exc_dirty = true;
    cpu_attention(cpu);
}

void cpu_clear_pending(cpu_t *cpu, int exc)
{
    if (exc <= 0 || exc >= CPU_NUM_EXC)
        return;
    cpu->exc.pending[exc] = 0;
    cpu->exc_dirty = true;
    cpu_attention(cpu);
}

void cpu_exceptions_changed(cpu_t *cpu)
{
    cpu->exc_dirty = true;
    cpu_attention(cpu);
}

/* ------------------------------------------------------------------ */
/* Registers                                                           */

uint32_t cpu_xpsr(const cpu_t *cpu)
{
    uint32_t it = cpu->itstate;
    return cpu->n << 31 | cpu->z << 30 | cpu->c << 29 | cpu->v << 28 | cpu->q << 27 |
           (it & 3u) << 25 | (uint32_t)cpu->epsr_t << 24 | (cpu->ge & 0xFu) << 16 |
           (it >> 2) << 10 | (cpu->ipsr & 0x1FFu);
}

static bool handler_mode(const cpu_t *cpu)
{
    return cpu->ipsr != 0;
}

/* Is the current stack the process stack? */
static bool using_psp(const cpu_t *cpu)
{
    return !handler_mode(cpu) && (cpu->control & CONTROL_SPSEL);
}

/* Change mode/SPSEL state and keep r13 pointing at the right stack. */
static void set_stack_state(cpu_t *cpu, uint32_t ipsr, uint32_t control)
{
    bool old_psp = using_psp(cpu);
    if (old_psp)
        cpu->psp = cpu->r[13];
    else
        cpu->msp = cpu->r[13];
    cpu->ipsr = ipsr;
    cpu->control = control;
    cpu->r[13] = using_psp(cpu) ? cpu->psp : cpu->msp;
}

static uint32_t read_msp(const cpu_t *cpu)
{
    return using_psp(cpu) ? cpu->msp : cpu->r[13];
}

static uint32_t read_psp(const cpu_t *cpu)
{
    return using_psp(cpu) ? cpu->r[13] : cpu->psp;
}

void cpu_write_sp(cpu_t *cpu, uint32_t value)
{
    uint32_t limit = using_psp(cpu) ? cpu->psplim : cpu->msplim;
    if (value < limit)
        cpu_fault(cpu, FAULT_STKOF, value);
    cpu->r[13] = value & ~3u;
}

bool cpu_mrs(cpu_t *cpu, uint32_t sysm, uint32_t *value)
{
    uint32_t apsr = cpu->n << 31 | cpu->z << 30 | cpu->c << 29 | cpu->v << 28 | cpu->q << 27 |
                    (cpu->ge & 0xFu) << 16;
    switch (sysm) {
    case 0: case 1: case 2: case 3: case 5: case 6: case 7: {
        uint32_t v = 0;
        if (!(sysm & 4u))
            v |= apsr;
        if (sysm & 1u)
            v |= cpu->ipsr & 0x1FFu;
        /* EPSR reads as zero through MRS. */
        *value = v;
        return true;
    }
    case 8: *value = read_msp(cpu); return true;
    case 9: *value = read_psp(cpu); return true;
    case 10: *value = cpu->msplim; return true;
    case 11: *value = cpu->psplim; return true;
    case 16: *value = cpu->primask & 1u; return true;
    case 17: case 18: *value = cpu->basepri & 0xFFu; return true;
    case 19: *value = cpu->faultmask & 1u; return true;
    case 20: *value = cpu->control; return true;
    default:
        /* Non-secure aliases (0x88...): no Non-secure state modelled. */
        if (sysm >= 0x80u && sysm <= 0x98u) {
            *value = 0;
            return true;
        }
        return false;
    }
}

bool cpu_msr(cpu_t *cpu, uint32_t sysm, uint32_t mask, uint32_t value)
{
    bool priv = handler_mode(cpu) || !(cpu->control & CONTROL_NPRIV);
    switch (sysm) {
    case 0: case 1: case 2: case 3:
        if (mask & 2u) {
            cpu->n = value >> 31;
            cpu->z = (value >> 30) & 1u;
            cpu->c = (value >> 29) & 1u;
            cpu->v = (value >> 28) & 1u;
            cpu->q = (value >> 27) & 1u;
        }
        if (mask & 1u)
            cpu->ge = (value >> 16) & 0xFu;
        return true;
    case 5: case 6: case 7:
        return true;   /* IPSR/EPSR are read-only */
    default:
        break;
    }
    if (!priv)
        return true;   /* unprivileged writes are ignored */
    switch (sysm) {
    case 8:
        if (using_psp(cpu)) cpu->msp = value & ~3u; else cpu->r[13] = value & ~3u;
        return true;
    case 9:
        if (using_psp(cpu)) cpu->r[13] = value & ~3u; else cpu->psp = value & ~3u;
        return true;
    case 10: cpu->msplim = value & ~7u; return true;
    case 11: cpu->psplim = value & ~7u; return true;
    case 16: cpu->primask = value & 1u; break;
    case 17: cpu->basepri = value & 0xFFu & ~((1u << (8 - cpu->exc.prio_bits)) - 1u); break;
    case 18: {
        uint32_t v = value & 0xFFu & ~((1u << (8 - cpu->exc.prio_bits)) - 1u);
        if (v && (cpu->basepri == 0 || v < cpu->basepri))
            cpu->basepri = v;
        break;
    }
    case 19:
        /* FAULTMASK can only be set below priority -1. */
        if (raw_exec_priority(cpu) > -1 || !(value & 1u))
            cpu->faultmask = value & 1u;
        break;
    case 20: {
        uint32_t c = cpu->control;
        c = (c & ~CONTROL_NPRIV) | (value & CONTROL_NPRIV);
        if (!handler_mode(cpu))
            c = (c & ~CONTROL_SPSEL) | (value & CONTROL_SPSEL);
        if (cpu->fpu_present)
            c = (c & ~CONTROL_FPCA) | (value & CONTROL_FPCA);
        set_stack_state(cpu, cpu->ipsr, c);
        break;
    }
    default:
        if (sysm >= 0x80u && sysm <= 0x98u)
            return true;
        return false;
    }
    cpu->exc_dirty = true;
    cpu_attention(cpu);
    return true;
}

void cpu_cps(cpu_t *cpu, bool disable, bool affect_i, bool affect_f)
{
    if (!handler_mode(cpu) && (cpu->control & CONTROL_NPRIV))
        return;
    if (affect_i)
        cpu->primask = disable ? 1u : 0u;
    if (affect_f) {
        if (!disable)
            cpu->faultmask = 0;
        else if (raw_exec_priority(cpu) > -1)
            cpu->faultmask = 1;
    }
    cpu->exc_dirty = true;
    cpu_attention(cpu);
}

void cpu_fp_enter_slow(cpu_t *cpu)
{
    uint32_t cp10 = (cpu->scb.cpacr >> 20) & 3u;
    bool priv = handler_mode(cpu) || !(cpu->control & CONTROL_NPRIV);
    if (!cpu->fpu_present || cp10 == 0 || cp10 == 2 || (cp10 == 1 && !priv))
        cpu_fault(cpu, FAULT_NOCP, 0);
    if (cpu->scb.fpccr & FPCCR_LSPACT) {
        /* Lazy state preservation: the interrupted context's registers go
         * to the space reserved at FPCAR before this handler touches them. */
        cpu->scb.fpccr &= ~FPCCR_LSPACT;
        save_fp_context(cpu, cpu->scb.fpcar);
    }
    if (!(cpu->control & CONTROL_FPCA) && (cpu->scb.fpccr & FPCCR_ASPEN)) {
        /* A new FP context: FPSCR starts from FPDSCR (AHP, DN, FZ, RMode). */
        cpu->control |= CONTROL_FPCA;
        cpu->fpscr = cpu->scb.fpdscr & 0x07C00000u;
    }
}

/* ------------------------------------------------------------------ */
/* SVC, sleep                                                          */

void cpu_svc(cpu_t *cpu)
{
    /* SVC is synchronous: if SVCall cannot preempt now it escalates to
     * HardFault (taken with the same return address). */
    int prio = group_priority(cpu, cpu->exc.prio[EXC_SVCALL]);
    if (prio < cpu_exec_priority(cpu)) {
        cpu->exc.pending[EXC_SVCALL] = 1;
    } else {
        cpu->scb.hfsr |= 1u << 30;
        cpu->exc.pending[EXC_HARDFAULT] = 1;
    }
    cpu->exc_dirty = true;
    cpu_attention(cpu);
}

/* Could a pending exception wake the core (PRIMASK does not prevent it)? */
static bool wakeup_pending(const cpu_t *cpu)
{
    int prio;
    int e = highest_pending(cpu, &prio);
    return e != 0 && prio < raw_exec_priority(cpu);
}

void cpu_wfi(cpu_t *cpu)
{
    if (!wakeup_pending(cpu)) {
        cpu->sleeping = true;
        cpu_attention(cpu);
    }
}

void cpu_wfe(cpu_t *cpu)
{
    if (cpu->event_register) {
        cpu->event_register = false;
        return;
    }
    cpu_wfi(cpu);
}

void cpu_sev(cpu_t *cpu)
{
    cpu->event_register = true;
}

/* ------------------------------------------------------------------ */
/* Exception entry and return                                          */

static void lockup(cpu_t *cpu, enum cpu_fault fault, const char *why)
{
    cpu->crash = cpu->last_fault;
    if (cpu->crash.fault == FAULT_NONE || fault != FAULT_NONE) {
        cpu->crash.fault = fault;
        cpu->crash.pc = cpu->pc;
        memcpy(cpu->crash.r, cpu->r, sizeof cpu->r);
        cpu->crash.r[15] = cpu->pc;
        cpu->crash.xpsr = cpu_xpsr(cpu);
    }
    cpu->crash.exception = EXC_HARDFAULT;
    cpu->crash.why = why;
    cpu_request_stop(cpu, STOP_LOCKUP, 0);
}

/* Memory access during stacking: no fault unwinding here, a failure is
 * reported to the caller. */
static bool stack_write(cpu_t *cpu, uint32_t addr, uint32_t value)
{
    bus_page_t *p = bus_page_of(cpu->bus, addr);
    uint32_t wait = 0;
    bool ok;
    if (p && p->write_trap)
        cpu_first_write(cpu, p);
    if (p && p->host && p->writable && (addr & (BUS_PAGE_SIZE - 1)) <= BUS_PAGE_SIZE - 4) {
        memcpy(p->host + (addr & (BUS_PAGE_SIZE - 1)), &value, 4);
        p->stats->writes++;
        p->stats->write_bytes += 4;
        cpu->cycles += wait = p->write_wait;
        ok = true;
    } else {
        uint32_t device_wait = 0;   /* not charged to stacking (an assumption) */
        cpu_sync_block_stats(cpu);
        ok = cpu->bus->write && cpu->bus->write(cpu->bus->ctx, addr, 4, value, &device_wait);
    }
    if (ok && cpu->mem_tracing)
        cpu->hooks.on_mem(cpu->hooks.ctx, cpu, addr, 4, &value, CPU_MEM_WRITE | CPU_MEM_EXCEPTION, wait);
    return ok;
}

static bool stack_read(cpu_t *cpu, uint32_t addr, uint32_t *value)
{
    bus_page_t *p = bus_page_of(cpu->bus, addr);
    uint32_t wait = 0;
    bool ok;
    if (p && p->host && (addr & (BUS_PAGE_SIZE - 1)) <= BUS_PAGE_SIZE - 4) {
        memcpy(value, p->host + (addr & (BUS_PAGE_SIZE - 1)), 4);
        p->stats->reads++;
        p->stats->read_bytes += 4;
        cpu->cycles += wait = p->read_wait;
        ok = true;
    } else {
        uint32_t device_wait = 0;
        cpu_sync_block_stats(cpu);
        ok = cpu->bus->read && cpu->bus->read(cpu->bus->ctx, addr, 4, value, &device_wait);
    }
    if (ok && cpu->mem_tracing)
        cpu->hooks.on_mem(cpu->hooks.ctx, cpu, addr, 4, value, CPU_MEM_EXCEPTION, wait);
    return ok;
}

/* S0-S15, FPSCR and VPR into the FP part of an exception frame. */
static bool save_fp_context(cpu_t *cpu, uint32_t addr)
{
    bool ok = true;
    for (int i = 0; i < 16 && ok; i++)
        ok = stack_write(cpu, addr + 4u * i, cpu->fp.s[i]);
    if (ok)
        ok = stack_write(cpu, addr + 0x40u, cpu->fpscr | (cpu->lo_ltpsize & 7u) << 16);
    if (ok)
        ok = stack_write(cpu, addr + 0x44u, cpu->vpr);
    return ok;
}

/* Entry cost: 12 cycles to stack 8 words and fetch the vector, as on the
 * Cortex-M3/M4/M33 family (the M55 TRM does not publish a figure; an
 * assumption), plus wait states of the stack memory charged by the bus.
 * An exception taken as another returns is tail-chained: the core skips
 * the unstacking and stacking and fetches the new vector, 6 cycles from
 * the return to the new handler instead of a return and an entry
 * (Cortex-M3/M4 TRM, "tail-chaining"; the same assumption for the M55). */
#define EXCEPTION_ENTRY_CYCLES 12u
#define EXCEPTION_RETURN_CYCLES 10u
#define EXCEPTION_TAIL_CHAIN_CYCLES 6u
_Static_assert(EXCEPTION_TAIL_CHAIN_CYCLES <= EXCEPTION_RETURN_CYCLES,
               "a tail-chain takes back part of the return's cycles");

static void exception_entry(cpu_t *cpu, int exc, uint32_t return_address)
{
    bool fp_frame = (cpu->control & CONTROL_FPCA) != 0;
    uint32_t frame_size = fp_frame ? FP_FRAME : BASIC_FRAME;
    uint32_t sp = cpu->r[13];
    uint32_t align = sp & 4u;
    uint32_t frame = (sp - frame_size) & ~4u;
    uint32_t xpsr = (cpu_xpsr(cpu) & ~(1u << 9)) | (align ? 1u << 9 : 0);
    uint32_t regs[8] = {cpu->r[0], cpu->r[1], cpu->r[2], cpu->r[3], cpu->r[12], cpu->r[14],
                        return_address & ~1u, xpsr};
    bool ok = true;
    for (int i = 0; i < 8 && ok; i++)
        ok = stack_write(cpu, frame + 4u * i, regs[i]);
    if (ok && fp_frame) {
        if (cpu->scb.fpccr & FPCCR_LSPEN) {
            /* Lazy stacking: reserve the space, save on the handler's first
             * FP instruction (cpu_fp_enter), or never. */
            cpu->scb.fpccr |= FPCCR_LSPACT;
            cpu->scb.fpcar = frame + 0x20u;
        } else {
            ok = save_fp_context(cpu, frame + 0x20u);
        }
    }
    if (!ok) {
        lockup(cpu, FAULT_STKERR, "bus error while stacking for an exception (stack outside RAM?)");
        return;
    }
    uint32_t vector;
    if (!stack_read(cpu, (cpu->scb.vtor & ~0x7Fu) + 4u * (uint32_t)exc, &vector)) {
        lockup(cpu, FAULT_VECTTBL, "cannot read the vector table");
        return;
    }
    uint32_t exc_return = 0xFFFFFFE1u | 0x40u | 0x20u | (fp_frame ? 0 : 0x10u);
    if (!handler_mode(cpu)) {
        exc_return |= 0x08u;
        if (cpu->control & CONTROL_SPSEL)
            exc_return |= 0x04u;
    }
    cpu->r[13] = frame;
    cpu->r[14] = exc_return;
    set_stack_state(cpu, (uint32_t)exc, cpu->control & ~(CONTROL_FPCA));
    cpu->exc.pending[exc] = 0;
    cpu->exc.active[exc] = 1;
    cpu->itstate = 0;
    cpu->it_cur = 0;
    cpu->excl_valid = false;
    cpu->sleeping = false;
    cpu->epsr_t = vector & 1u;
    cpu->pc = vector & ~1u;
    /* Tail-chained (taken in the cycle the last return ended): the return's
     * cycles become the tail-chain's. */
    if (cpu->exc.returned_at == cpu->cycles)
        cpu->cycles -= EXCEPTION_RETURN_CYCLES - EXCEPTION_TAIL_CHAIN_CYCLES;
    else
        cpu->cycles += EXCEPTION_ENTRY_CYCLES;
    cpu->exc.returned_at = UINT64_MAX;
    cpu->exc_dirty = true;
    cpu_attention(cpu);
}

/* Fault a handler-mode return checks (INVPC) without an instruction to
 * unwind: pend the UsageFault directly. */
static void return_fault(cpu_t *cpu, const char *why);

static void exception_return(cpu_t *cpu, uint32_t exc_return)
{
    int exc = (int)cpu->ipsr;
    bool to_thread = (exc_return & 0x08u) != 0;
    bool to_psp = (exc_return & 0x04u) != 0;
    bool fp_frame = (exc_return & 0x10u) == 0;
    if ((exc_return & 0x41u) != 0x41u || (!to_thread && to_psp) || exc == 0 || !cpu->exc.active[exc]) {
        return_fault(cpu, "invalid EXC_RETURN");
        return;
    }
    cpu->exc.active[exc] = 0;
    if (exc != EXC_NMI)
        cpu->faultmask = 0;
    /* Pick the stack the frame is on. */
    uint32_t control = cpu->control;
    if (to_thread)
        control = (control & ~CONTROL_SPSEL) | (to_psp ? CONTROL_SPSEL : 0);
    set_stack_state(cpu, to_thread ? 0 : 1, control);
    uint32_t frame = cpu->r[13];
    uint32_t regs[8];
    bool ok = true;
    for (int i = 0; i < 8 && ok; i++)
        ok = stack_read(cpu, frame + 4u * i, &regs[i]);
    uint32_t fpregs[18];
    bool lazy_pending = fp_frame && (cpu->scb.fpccr & FPCCR_LSPACT);
    if (lazy_pending)
        cpu->scb.fpccr &= ~FPCCR_LSPACT;   /* never saved: the registers still hold it */
    if (ok && fp_frame && !lazy_pending)
        for (int i = 0; i < 18 && ok; i++)
            ok = stack_read(cpu, frame + 0x20u + 4u * i, &fpregs[i]);
    if (!ok) {
        lockup(cpu, FAULT_UNSTKERR, "bus error while unstacking on exception return");
        return;
    }
    uint32_t xpsr = regs[7];
    uint32_t ipsr = xpsr & 0x1FFu;
    if (to_thread != (ipsr == 0)) {
        /* Integrity check: the mode in EXC_RETURN and the stacked IPSR disagree. */
        return_fault(cpu, "EXC_RETURN mode disagrees with the stacked IPSR");
        return;
    }
    cpu->r[0] = regs[0];
    cpu->r[1] = regs[1];
    cpu->r[2] = regs[2];
    cpu->r[3] = regs[3];
    cpu->r[12] = regs[4];
    cpu->r[14] = regs[5];
    cpu->pc = regs[6] & ~1u;
    if (fp_frame && !lazy_pending) {
        memcpy(cpu->fp.s, fpregs, 16 * sizeof(uint32_t));
        cpu->fpscr = fpregs[16] & ~(7u << 16);    /* LTPSIZE is kept apart */
        cpu->lo_ltpsize = (fpregs[16] >> 16) & 7u;
        cpu->vpr = fpregs[17];
    }
    uint32_t size = (fp_frame ? FP_FRAME : BASIC_FRAME) + ((xpsr >> 9) & 1u ? 4u : 0u);
    cpu->r[13] = frame + size;
    cpu->n = xpsr >> 31;
    cpu->z = (xpsr >> 30) & 1u;
    cpu->c = (xpsr >> 29) & 1u;
    cpu->v = (xpsr >> 28) & 1u;
    cpu->q = (xpsr >> 27) & 1u;
    cpu->ge = (xpsr >> 16) & 0xFu;
    cpu->itstate = ((xpsr >> 25) & 3u) | (((xpsr >> 10) & 0x3Fu) << 2);
    cpu->epsr_t = (xpsr >> 24) & 1u;
    cpu->control = fp_frame ? (cpu->control | CONTROL_FPCA) : (cpu->control & ~CONTROL_FPCA);
    set_stack_state(cpu, ipsr, cpu->control);
    cpu->excl_valid = false;
    cpu->cycles += EXCEPTION_RETURN_CYCLES;
    cpu->exc.returned_at = cpu->cycles;
    cpu->exc_dirty = true;
    cpu_attention(cpu);
}

/* Record a fault for reports, set its CFSR/HFSR bits and decide which
 * exception takes it (escalating to HardFault where the fault's own
 * handler is disabled or cannot preempt). */
static int fault_exception(cpu_t *cpu, enum cpu_fault f, uint32_t addr)
{
    int exc;
    uint32_t cfsr = 0;
    switch (f) {
    case FAULT_UNDEFINSTR: exc = EXC_USAGEFAULT; cfsr = 1u << 16; break;
    case FAULT_INVSTATE: exc = EXC_USAGEFAULT; cfsr = 1u << 17; break;
    case FAULT_INVPC: exc = EXC_USAGEFAULT; cfsr = 1u << 18; break;
    case FAULT_NOCP: exc = EXC_USAGEFAULT; cfsr = 1u << 19; break;
    case FAULT_STKOF: exc = EXC_USAGEFAULT; cfsr = 1u << 20; break;
    case FAULT_UNALIGNED: exc = EXC_USAGEFAULT; cfsr = 1u << 24; break;
    case FAULT_DIVBYZERO: exc = EXC_USAGEFAULT; cfsr = 1u << 25; break;
    case FAULT_IBUSERR: exc = EXC_BUSFAULT; cfsr = 1u << 8; break;
    case FAULT_PRECISERR: exc = EXC_BUSFAULT; cfsr = (1u << 9) | (1u << 15); cpu->scb.bfar = addr; break;
    case FAULT_STKERR: exc = EXC_BUSFAULT; cfsr = 1u << 12; break;
    case FAULT_UNSTKERR: exc = EXC_BUSFAULT; cfsr = 1u << 11; break;
    case FAULT_IACCVIOL: exc = EXC_MEMMANAGE; cfsr = 1u << 0; break;
    case FAULT_DACCVIOL: exc = EXC_MEMMANAGE; cfsr = (1u << 1) | (1u << 7); cpu->scb.mmfar = addr; break;
    case FAULT_VECTTBL: exc = EXC_HARDFAULT; cpu->scb.hfsr |= 1u << 1; break;
    default: exc = EXC_HARDFAULT; cpu->scb.hfsr |= 1u << 31; break; /* DEBUGEVT */
    }
    cpu->scb.cfsr |= cfsr;
    if (exc != EXC_HARDFAULT) {
        static const uint32_t enable_bit[] = {[EXC_MEMMANAGE] = 1u << 16,
                                              [EXC_BUSFAULT] = 1u << 17,
                                              [EXC_USAGEFAULT] = 1u << 18};
        bool enabled = (cpu->scb.shcsr & enable_bit[exc]) != 0;
        int prio = group_priority(cpu, cpu->exc.prio[exc]);
        if (!enabled || prio >= cpu_exec_priority(cpu)) {
            exc = EXC_HARDFAULT;
            cpu->scb.hfsr |= 1u << 30;   /* FORCED */
        }
    }
    return exc;
}

static void record_fault(cpu_t *cpu, enum cpu_fault f, uint32_t addr, int exc)
{
    cpu_crash_t *c = &cpu->last_fault;
    c->fault = f;
    c->exception = exc;
    c->pc = cpu->pc;
    c->addr = addr;
    const insn_t *in = cpu_cached_insn(cpu, cpu->pc);
    c->raw = in ? in->raw : 0;
    c->size = in ? in->size : 0;
    if (f == FAULT_IBUSERR || f == FAULT_INVSTATE)
        c->size = 0;
    memcpy(c->r, cpu->r, sizeof c->r);
    c->r[15] = cpu->pc;
    c->xpsr = cpu_xpsr(cpu);
    c->why = cpu_fault_name(f);
}

/* Take fault f for the instruction at cpu->pc (which did not complete). */
static void take_fault_now(cpu_t *cpu, enum cpu_fault f, uint32_t addr)
{
    int exc = fault_exception(cpu, f, addr);
    record_fault(cpu, f, addr, exc);
    if (exc == EXC_HARDFAULT && raw_exec_priority(cpu) <= -1) {
        lockup(cpu, f, "a fault inside the HardFault or NMI handler (lockup)");
        return;
    }
    exception_entry(cpu, exc, cpu->pc);
}

static void return_fault(cpu_t *cpu, const char *why)
{
    /* The return address of an INVPC fault is the EXC_RETURN value itself;
     * we report the instruction that wrote it. */
    take_fault_now(cpu, FAULT_INVPC, 0);
    cpu->last_fault.why = why;
}

void cpu_take_fault(cpu_t *cpu)
{
    enum cpu_fault f = cpu->fault_pending;
    cpu->fault_pending = FAULT_NONE;
    /* An instruction that faulted inside an IT block did not complete: its
     * own IT state is the one to stack.  (A fetch fault happens before the
     * IT state advances.) */
    if (cpu->it_cur && f != FAULT_IBUSERR)
        cpu->itstate = cpu->it_cur;
    cpu->it_cur = 0;
    cpu->exc_return = 0;
    cpu->cycles += 1;             /* the aborted instruction still cost its issue slot */
    take_fault_now(cpu, f, cpu->fault_addr);
}

_Noreturn void cpu_fault(cpu_t *cpu, enum cpu_fault fault, uint32_t addr)
{
    cpu->fault_pending = fault;
    cpu->fault_addr = addr;
    cpu->vspan_size = 0;       /* a faulting vector access ends its span */
    longjmp(cpu->abort_jmp, 1);
}

_Noreturn void cpu_undefined(cpu_t *cpu)
{
    cpu_fault(cpu, FAULT_UNDEFINSTR, 0);
}

/* ------------------------------------------------------------------ */
/* PC writes                                                           */

void cpu_branch_write_pc(cpu_t *cpu, uint32_t addr)
{
    cpu->next_pc = addr & ~1u;
}

void cpu_bx_write_pc(cpu_t *cpu, uint32_t addr)
{
    if (handler_mode(cpu) && (addr >> 24) == 0xFFu) {
        /* EXC_RETURN: finish this instruction, then return (events). */
        cpu->exc_return = addr;
        cpu_attention(cpu);
        return;
    }
    if (!(addr & 1u)) {
        /* Clearing the Thumb bit: the next instruction takes INVSTATE. */
        cpu->epsr_t = false;
        cpu_attention(cpu);
    }
    cpu->next_pc = addr & ~1u;
}

/* ------------------------------------------------------------------ */
/* Reset and the slow path of the run loop                             */

bool cpu_reset(cpu_t *cpu, uint32_t vtor)
{
    memset(cpu->r, 0, sizeof cpu->r);
    memset(&cpu->fp, 0, sizeof cpu->fp);
    memset(&cpu->exc, 0, sizeof cpu->exc);
    cpu->exc.returned_at = UINT64_MAX;
    cpu->pl.lob_le = 0;
    cpu->pl.lob_branch = 0;
    cpu->pl.pair_cycle = UINT64_MAX;
    cpu->exc.prio_bits = 3;
    memset(&cpu->scb, 0, sizeof cpu->scb);
    memset(&cpu->mpu, 0, sizeof cpu->mpu);
    cpu_mpu_changed(cpu);
    cpu->scb.vtor = vtor;
    cpu->scb.ccr = CCR_STKALIGN | (1u << 16) | (1u << 17) | (1u << 18); /* DC, IC, BP on as on M55 */
    cpu->scb.fpccr = FPCCR_ASPEN | FPCCR_LSPEN;
    cpu->n = cpu->z = cpu->c = cpu->v = cpu->q = cpu->ge = 0;
    cpu->itstate = cpu->it_cur = 0;
    cpu->fpscr = 0;
    cpu->vpr = 0;
    cpu->lo_ltpsize = 4;
    cpu->msp = cpu->psp = cpu->msplim = cpu->psplim = 0;
    cpu->primask = cpu->faultmask = cpu->basepri = cpu->control = 0;
    cpu->ipsr = 0;
    cpu->exc_dirty = false;
    cpu->sleeping = false;
    cpu->event_register = false;
    cpu->excl_valid = false;
    cpu->stop = STOP_NONE;
    cpu->exit_code = 0;
    cpu->exc_return = 0;
    cpu->fault_pending = FAULT_NONE;
    memset(&cpu->last_fault, 0, sizeof cpu->last_fault);
    memset(&cpu->crash, 0, sizeof cpu->crash);
    uint32_t sp, pc;
    if (!stack_read(cpu, vtor, &sp) || !stack_read(cpu, vtor + 4, &pc)) {
        cpu->crash.fault = FAULT_VECTTBL;
        cpu->crash.exception = EXC_HARDFAULT;
        cpu->crash.pc = vtor;
        cpu->crash.why = "cannot read the initial SP and PC from the vector table";
        cpu->stop = STOP_LOCKUP;
        return false;
    }
    cpu->r[13] = sp & ~3u;
    cpu->msp = cpu->r[13];
    cpu->epsr_t = pc & 1u;
    cpu->pc = pc & ~1u;
    cpu->next_pc = cpu->pc;
    cpu->attention = true;
    cpu_update_event_cycle(cpu);
    return true;
}

/* Sleep until something can wake the core; false: nothing ever will. */
static bool sleep_until_wakeup(cpu_t *cpu)
{
    if (wakeup_pending(cpu)) {
        cpu->sleeping = false;
        return true;
    }
    uint64_t wake = cpu->hooks.next_wakeup ? cpu->hooks.next_wakeup(cpu->hooks.ctx, cpu) : UINT64_MAX;
    if (wake == UINT64_MAX)
        return false;
    if (wake > cpu->cycle_limit)
        wake = cpu->cycle_limit;
    if (wake > cpu->cycles) {
        cpu->sleep_cycles += wake - cpu->cycles;
        cpu->cycles = wake;
    }
    return true;
}

/* Take the most urgent pending exception if it can preempt. */
static void take_pending(cpu_t *cpu)
{
    cpu->exc_dirty = false;
    int prio;
    int exc = highest_pending(cpu, &prio);
    if (exc && prio < cpu_exec_priority(cpu))
        exception_entry(cpu, exc, cpu->pc);
}

bool cpu_handle_events(cpu_t *cpu)
{
    for (;;) {
        cpu->attention = false;
        if (cpu->exc_return) {
            uint32_t r = cpu->exc_return;
            cpu->exc_return = 0;
            exception_return(cpu, r);
        }
        if (cpu->stop != STOP_NONE)
            break;
        if (cpu->cycles >= cpu->device_deadline && cpu->hooks.event) {
            cpu->device_deadline = UINT64_MAX;
            cpu->hooks.event(cpu->hooks.ctx, cpu);
        }
        if (cpu->exc_dirty)
            take_pending(cpu);
        if (!cpu->epsr_t && cpu->stop == STOP_NONE) {
            /* Executing with the Thumb bit clear; the handler runs in Thumb. */
            cpu->epsr_t = true;
            take_fault_now(cpu, FAULT_INVSTATE, 0);
        }
        if (cpu->stop != STOP_NONE)
            break;
        if (cpu->cycles >= cpu->cycle_limit) {
            cpu->stop = STOP_MAX_CYCLES;
            break;
        }
        if (!cpu->sleeping)
            break;
        if (!sleep_until_wakeup(cpu)) {
            memset(&cpu->crash, 0, sizeof cpu->crash);
            cpu->crash.pc = cpu->pc;
            memcpy(cpu->crash.r, cpu->r, sizeof cpu->r);
            cpu->crash.why = "WFI/WFE with no interrupt that could ever wake the core";
            cpu_request_stop(cpu, STOP_DEADLOCK, 0);
            break;
        }
        cpu->exc_dirty = true;   /* woken: re-evaluate devices and pending state */
    }
    if (cpu->stop != STOP_NONE) {
        cpu->attention = true;
        cpu_update_event_cycle(cpu);
        return true;
    }
    cpu_update_event_cycle(cpu);
    return false;
}
