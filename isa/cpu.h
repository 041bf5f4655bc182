/* Armv8.1-M Mainline core (Cortex-M55): architectural state and the public API.
 *
 * The core knows instructions, registers, exceptions and the timing of the
 * core itself.  It reaches memory through isa/bus.h and the rest of the SoC
 * through the hooks below; it includes nothing from sim/, npu/ or dsp/.
 */
#ifndef ETSIM_ISA_CPU_H
#define ETSIM_ISA_CPU_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bus.h"
#include "mpu.h"

#define CPU_NUM_IRQ 96                 /* AN547: 96 external interrupts */
#define CPU_NUM_EXC (16 + CPU_NUM_IRQ)

enum cpu_exception {
    EXC_RESET = 1,
    EXC_NMI = 2,
    EXC_HARDFAULT = 3,
    EXC_MEMMANAGE = 4,
    EXC_BUSFAULT = 5,
    EXC_USAGEFAULT = 6,
    EXC_SECUREFAULT = 7,
    EXC_SVCALL = 11,
    EXC_DEBUGMON = 12,
    EXC_PENDSV = 14,
    EXC_SYSTICK = 15,
    EXC_IRQ0 = 16,
};

/* Why a fault happened: selects the CFSR/HFSR bit and the exception. */
enum cpu_fault {
    FAULT_NONE = 0,
    /* UsageFault (CFSR bits 16..) */
    FAULT_UNDEFINSTR,   /* undefined instruction */
    FAULT_INVSTATE,     /* EPSR.T = 0, or an invalid IT/ICI state */
    FAULT_INVPC,        /* bad EXC_RETURN or integrity check failure */
    FAULT_NOCP,         /* coprocessor (FP/MVE) disabled in CPACR */
    FAULT_STKOF,        /* stack limit (MSPLIM/PSPLIM) violation */
    FAULT_UNALIGNED,    /* unaligned access where not allowed */
    FAULT_DIVBYZERO,    /* SDIV/UDIV by zero with CCR.DIV_0_TRP */
    /* BusFault (CFSR bits 8..) */
    FAULT_IBUSERR,      /* instruction fetch bus error */
    FAULT_PRECISERR,    /* data access bus error, BFAR valid */
    FAULT_STKERR,       /* bus error stacking on exception entry */
    FAULT_UNSTKERR,     /* bus error unstacking on exception return */
    /* MemManage (CFSR bits 0..) */
    FAULT_IACCVIOL,     /* fetch from an execute-never region */
    FAULT_DACCVIOL,     /* data access the MPU does not allow, MMFAR valid */
    /* HardFault directly */
    FAULT_VECTTBL,      /* bus error reading the vector table */
    FAULT_BKPT,         /* BKPT with no debugger (and not semihosting) */
};

/* Why cpu_run() returned. */
enum cpu_stop {
    STOP_NONE = 0,
    STOP_EXIT,          /* the firmware asked to exit (semihosting): exit_code */
    STOP_MAX_CYCLES,    /* the cycle budget given to cpu_run() is spent */
    STOP_LOCKUP,        /* a fault the core could not handle: see cpu->crash */
    STOP_CRASH,         /* a fault whose handler only spins: see cpu->crash */
    STOP_DEADLOCK,      /* WFI/WFE with no event that could ever wake the core */
    STOP_REQUEST,       /* the host asked the core to stop (cpu_request_stop) */
};

/* The fault that stopped the firmware, for the error message. */
typedef struct cpu_crash {
    enum cpu_fault fault;
    int exception;          /* the exception the fault escalated to */
    uint32_t pc;            /* address of the faulting instruction */
    uint32_t raw;           /* its encoding (hw1 << 16 | hw2, or hw) */
    uint8_t size;           /* 2 or 4, 0 when the fetch itself failed */
    uint32_t addr;          /* faulting data address, where there is one */
    uint32_t r[16];
    uint32_t xpsr;
    const char *why;        /* one line of plain words */
} cpu_crash_t;

struct cpu;
struct insn;

/* What the core asks of the rest of the SoC. */
typedef struct cpu_hooks {
    void *ctx;
    /* BKPT #imm executed.  Return true when handled (semihosting 0xAB);
     * false makes it a debug event (HardFault, as without a debugger). */
    bool (*bkpt)(void *ctx, struct cpu *cpu, uint32_t imm);
    /* The cycle count reached cpu->event_cycle: run devices, then set the
     * next cpu->event_cycle. */
    void (*event)(void *ctx, struct cpu *cpu);
    /* The core sleeps (WFI/WFE) with nothing to wake it now: return the
     * cycle at which the next device event could wake it, or UINT64_MAX. */
    uint64_t (*next_wakeup)(void *ctx, struct cpu *cpu);
    /* Optional: called after every instruction that retired (its condition
     * may have failed), with its address and predecoded form; cpu->cycles
     * already includes its cost.  When set, the run loop is a separate
     * instantiation, so an untraced run pays nothing for it.  Faulting
     * instructions do not retire and are not reported. */
    void (*on_insn)(void *ctx, const struct cpu *cpu, uint32_t pc, const struct insn *in);
    /* Optional, with cpu_trace_memory(): called after every data memory
     * access the core makes, of 1, 2, 4 or 16 bytes (loads, stores, a whole vector as one,
     * exception stacking, unstacking and vector-table reads), with the
     * bytes read or written (little endian), CPU_MEM_* flags and the stall
     * cycles the access cost.  An access that faults is not reported. */
    void (*on_mem)(void *ctx, const struct cpu *cpu, uint32_t addr, unsigned size, const void *bytes,
                   unsigned flags, uint32_t wait);
    /* Optional, set only while another bus master (the NPU) runs: an access
     * that reaches a memory's bus (one with wait states: an uncached access
     * or a cache line fill; not a TCM, not a cache hit) and costs wait
     * cycles alone; returns the extra cycles it waits for the other master
     * (docs/npu_device.md, Contention).  Only the slow path
     * cpu_data_wait_slow (isa/cache.c) looks at it. */
    uint32_t (*bus_contention)(void *ctx, const struct bus_page *page, uint64_t now, uint32_t wait,
                               unsigned bytes);
} cpu_hooks_t;

#define CPU_MEM_WRITE 1u               /* on_mem flags */
#define CPU_MEM_EXCEPTION 2u           /* stacking, unstacking, vector table */

/* System control registers that change what the core does.  sim/scs.c maps
 * them into the System Control Space; the core reads them directly. */
typedef struct cpu_scb {
    uint32_t vtor;
    uint32_t cpacr;
    uint32_t ccr;
    uint32_t prigroup;      /* AIRCR.PRIGROUP */
    uint32_t shcsr;         /* enable bits only; pending/active are in exc */
    uint32_t cfsr, hfsr, mmfar, bfar, afsr;
    uint32_t scr;           /* SLEEPONEXIT, SEVONPEND */
    uint32_t fpccr, fpcar, fpdscr;
    uint32_t ccr_reset;
} cpu_scb_t;

#define CCR_UNALIGN_TRP (1u << 3)
#define CCR_DIV_0_TRP   (1u << 4)
#define CCR_STKALIGN    (1u << 9)
#define CCR_DC          (1u << 16)
#define CCR_IC          (1u << 17)
#define FPCCR_ASPEN     (1u << 31)
#define FPCCR_LSPEN     (1u << 30)
#define FPCCR_LSPACT    (1u << 0)
#define CONTROL_NPRIV   (1u << 0)
#define CONTROL_SPSEL   (1u << 1)
#define CONTROL_FPCA    (1u << 2)

/* FP/MVE usable with nothing to do first: full access (CP10 = 3, so no
 * privilege question), a context already active, no lazy state pending.
 * The fast path of cpu_fp_enter() and of mve_begin(). */
#define CPU_FP_READY(cpu)                                                                      \
    (((((cpu)->scb.cpacr >> 20) & 3u) == 3u) && ((cpu)->control & CONTROL_FPCA) &&              \
     !((cpu)->scb.fpccr & FPCCR_LSPACT) && (cpu)->fpu_present)

typedef struct cpu_exc_state {
    uint8_t pending[CPU_NUM_EXC];
    uint8_t active[CPU_NUM_EXC];
    uint8_t enabled[CPU_NUM_EXC];   /* IRQs: NVIC ISER; faults: SHCSR */
    uint8_t prio[CPU_NUM_EXC];      /* 8-bit priority field as written */
    uint8_t prio_bits;              /* implemented priority bits (3 on M55) */
    uint64_t returned_at;           /* cycle the last exception return ended (tail-chaining; UINT64_MAX: none) */
} cpu_exc_state_t;

/* Predecoded instruction cache: one chunk of instructions per 64 KiB page
 * of code, allocated the first time the page is executed.  The decode memo
 * (isa/cpu.c, fetch_decode()) belongs to the core too: it is mutable, so it
 * lives in the instance, never in a process-wide static (two cores or two
 * simulations in one process must not share it). */
typedef struct cpu_icache {
    struct insn *chunk[BUS_NUM_PAGES];
    /* The pages that have a chunk, in allocation order: a flush frees
     * them without reading the whole table (512 KiB of pointers, which
     * the first read after start-up faults in page by page). */
    uint16_t chunk_page[BUS_NUM_PAGES];
    uint32_t nchunks;
    struct insn *decode_memo;   /* CPU_DECODE_MEMO_SIZE entries, direct-mapped by encoding */
} cpu_icache_t;
#define CPU_DECODE_MEMO_SIZE 4096u

/* State of the pipeline model (isa/timing.h, isa/pipeline.h). */
#define CPU_SCOREBOARD 4
typedef struct cpu_pipeline {
    uint64_t sb_mask[CPU_SCOREBOARD];   /* registers of a recent slow result */
    uint64_t sb_ready[CPU_SCOREBOARD];  /* cycle at which it can be read */
    uint64_t pipe_free[8];              /* per enum timing_pipe: free from this cycle */
    uint64_t pair_cycle;     /* the next instruction may pair with the last one if it issues at this cycle (UINT64_MAX: no) */
    uint64_t pair_dst;       /* what the last one wrote */
    uint32_t sb_next;
    uint64_t sb_max;         /* no scoreboard entry is ready later than this */
    uint8_t pair_dual;       /* the last one's TIMING_DUAL_* */
    uint32_t lob_le;         /* loop and branch info cache: the LE whose loop it holds (0: none) */
    uint32_t lob_branch;     /* ... and the backward B/B<c> it predicts taken (0: none) */
    /* statistics */
    uint64_t class_insns[32];    /* instructions retired per timing class (power model) */
    uint64_t stall_cycles;   /* waiting for operands or a busy pipe */
    uint64_t dual_issued;    /* instructions issued as the second of a pair */
} cpu_pipeline_t;

typedef struct cpu {
    /* --- hot state, touched by every instruction --- */
    uint32_t r[16];          /* r[13] is the current SP; r[15] reads as pc + 4 */
    uint32_t pc;             /* address of the instruction being executed */
    uint32_t next_pc;        /* where execution continues after it */
    uint32_t n, z, c, v, q;  /* APSR flags, each 0 or 1 */
    uint32_t ge;             /* APSR.GE[3:0] */
    uint32_t itstate;        /* EPSR.IT[7:0] for the next instruction, 0 outside IT */
    uint32_t it_cur;         /* EPSR.IT[7:0] as the current instruction saw it */
    uint64_t cycles;         /* core clock cycles since reset */
    uint64_t instret;        /* instructions retired */
    uint64_t event_cycle;    /* leave the fast path at this cycle (0: at once) */
    bus_t *bus;
    cpu_pipeline_t pl;
    struct cache *l1i, *l1d;  /* NULL: none (sim/ creates them from the SoC) */
    uint32_t fetch_line;     /* the line the fetch unit holds (address >> 5) */
    /* While the data cache is on: its per-set most recently used lines
     * (cache_t.mru) and set mask, for the inline hit check of
     * isa/mem_access.h; NULL while it is off or absent. */
    const uint32_t *dcache_mru;
    uint32_t dcache_set_mask;
    uint64_t dcache_mru_hits;   /* hits taken by that check (no lookup counted them) */
    /* A contiguous Helium load/store done element by element (narrowing,
     * widening, predicated or not word-aligned) is one access of its byte
     * span for timing (docs/timing.md): while vspan_size is set, the first
     * element that reaches the wait-state slow path charges the whole span
     * and the others nothing (isa/cache.c).  Cleared after the instruction
     * and by cpu_fault(). */
    uint32_t vspan_addr, vspan_size;
    bool vspan_charged;

    /* --- floating point and MVE: S0-S31 = D0-D15 = Q0-Q7 --- */
    union {
        uint32_t s[32];
        uint64_t d[16];
        float f[32];
        double df[16];
        uint8_t b[128];
        uint16_t h[64];
    } fp;
    uint32_t fpscr;
    uint32_t vpr;            /* MVE predication register (P0, MASK01, MASK23) */
    uint32_t lo_ltpsize;     /* low-overhead loop tail-predication size (FPSCR.LTPSIZE) */

    /* --- special registers --- */
    uint32_t msp, psp;       /* the inactive stack pointer lives here */
    uint32_t msplim, psplim;
    uint32_t primask, faultmask, basepri, control;
    uint32_t ipsr;           /* current exception number, 0 in Thread mode */
    bool epsr_t;             /* Thumb bit; 0 means the next instruction faults */

    /* --- exceptions and system control --- */
    cpu_exc_state_t exc;
    cpu_scb_t scb;
    bool exc_dirty;          /* pending/priority state changed: re-evaluate */
    bool sleeping;           /* in WFI/WFE */
    bool event_register;     /* WFE/SEV event flag */

    cpu_mpu_t mpu;           /* MPU registers (isa/mpu.h) */
    bool mpu_checking;       /* MPU_CTRL.ENABLE: data accesses take the checked slow path */
    bool mem_tracing;        /* cpu_trace_memory(cpu, true): hooks.on_mem sees every access */

    /* --- exclusive monitor --- */
    bool excl_valid;
    uint32_t excl_addr;

    /* --- stopping --- */
    enum cpu_stop stop;
    int exit_code;
    cpu_crash_t crash;
    uint64_t cycle_limit;    /* cpu_run() stops with STOP_MAX_CYCLES here */
    uint64_t device_deadline; /* hooks.event is due at this cycle (sim sets it) */
    uint64_t sleep_cycles;   /* cycles spent asleep in WFI/WFE */
    bool attention;          /* something (exception, stop, return) needs the slow path */
    uint32_t exc_return;     /* EXC_RETURN value written to PC, 0 if none pending */

    /* --- the last fault taken, for crash reports --- */
    cpu_crash_t last_fault;
    enum cpu_fault fault_pending; /* set by cpu_fault() before unwinding */
    uint32_t fault_addr;

    /* --- machinery --- */
    cpu_hooks_t hooks;
    /* Data accesses look their page up here: bus->page, or while memory
     * accesses are traced a table of NULL pages (mem_trace_pages), which
     * sends every access to the slow path where hooks.on_mem sees it, so
     * an untraced run pays nothing for the tracing. */
    bus_page_t **dpage;
    bus_page_t **mem_trace_pages;
    jmp_buf abort_jmp;       /* a faulting instruction unwinds to cpu_run() */
    cpu_icache_t *icache;
    /* Block-level timing (isa/block.h); exec_interp: not used, every
     * instruction takes the per-instruction model (--exec interp, the
     * reference the block path must equal). */
    struct block_cache *blocks;
    bool exec_interp;
    int fpu_present;         /* 1: FPv5 single + double */
    int mve_present;         /* 1: MVE integer + float */
} cpu_t;

/* Life cycle.  cpu_create() allocates the instruction cache; the core starts
 * from the vector table at scb.vtor on cpu_reset(). */
cpu_t *cpu_create(bus_t *bus, const cpu_hooks_t *hooks);
void cpu_destroy(cpu_t *cpu);
/* Reset: SP and PC from the vector table at vtor.  Returns false (with
 * cpu->crash filled) when the vector table cannot be read. */
bool cpu_reset(cpu_t *cpu, uint32_t vtor);

/* Run until a stop condition or until cpu->cycles reaches cycle_limit.
 * Returns the stop reason (also left in cpu->stop). */
enum cpu_stop cpu_run(cpu_t *cpu, uint64_t cycle_limit);
/* Execute exactly one instruction (or take one exception). For tests. */
enum cpu_stop cpu_step(cpu_t *cpu);

/* Report every data access to hooks.on_mem (set it first), or stop.
 * False when out of memory. */
bool cpu_trace_memory(cpu_t *cpu, bool on);

/* Ask cpu_run() to return at the next instruction boundary. */
void cpu_request_stop(cpu_t *cpu, enum cpu_stop why, int exit_code);

/* Devices: call hooks.event when the cycle count reaches this value. */
void cpu_set_device_deadline(cpu_t *cpu, uint64_t cycle);

/* Recompute when the run loop must next leave its fast path. */
void cpu_update_event_cycle(cpu_t *cpu);

/* Drop every predecoded instruction (after loading new code by hand). */
void cpu_icache_flush(cpu_t *cpu);
/* Drop the decodes of instructions covering [addr, addr + size): cheap,
 * and safe while an instruction executes (nothing is freed). */
void cpu_icache_invalidate(cpu_t *cpu, uint32_t addr, unsigned size);

/* Exceptions, for devices (NVIC, SysTick) and the SCS registers. */
void cpu_set_pending(cpu_t *cpu, int exc);
void cpu_clear_pending(cpu_t *cpu, int exc);
/* Enable, priority or active state changed: re-evaluate before the next
 * instruction. */
void cpu_exceptions_changed(cpu_t *cpu);
/* Priority as the architecture sees it (lower = more urgent). */
int cpu_exec_priority(const cpu_t *cpu);

/* xPSR as MRS/exception stacking see it. */
uint32_t cpu_xpsr(const cpu_t *cpu);

/* Name of a fault / exception / stop reason, for messages. */
const char *cpu_fault_name(enum cpu_fault f);
const char *cpu_exception_name(int exc);

#endif
