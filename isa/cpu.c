/* The run loop, the predecoded instruction cache and data memory access.
 *
 * Hot path: look the PC up in the predecoded cache (one array index), wait
 * for operands and pipe (isa/pipeline.h), check the IT condition, call the
 * execute function, advance the pipeline model.
 * Everything rare (exceptions, device events, stops, EXC_RETURN, a cleared
 * Thumb bit) is folded into one comparison: cycles >= event_cycle.
 */
#include <stdlib.h>
#include <string.h>

#include "alu.h"
#include "block.h"
#include "cache.h"
#include "cpu_internal.h"
#include "host_pages.h"
#include "insn.h"
#include "pipeline.h"

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

#define CHUNK_INSNS (BUS_PAGE_SIZE / 2)
/* The decode memo (288 KiB) is hashed by encoding: a run of a few
 * thousand instructions touches most of its pages, so they are
 * allocated with it (host_pages_alloc_dense()). */
#define DECODE_MEMO_BYTES (CPU_DECODE_MEMO_SIZE * sizeof(insn_t))

cpu_t *cpu_create(bus_t *bus, const cpu_hooks_t *hooks)
{
    cpu_t *cpu = calloc(1, sizeof *cpu);
    if (!cpu)
        return NULL;
    cpu->icache = calloc(1, sizeof *cpu->icache);
    if (cpu->icache)
        cpu->icache->decode_memo = host_pages_alloc_dense(DECODE_MEMO_BYTES);
    cpu->blocks = block_cache_create();
    if (!cpu->icache || !cpu->icache->decode_memo || !cpu->blocks) {
        block_cache_destroy(cpu->blocks);
        if (cpu->icache)
            host_pages_free(cpu->icache->decode_memo, DECODE_MEMO_BYTES);
        free(cpu->icache);
        free(cpu);
        return NULL;
    }
    cpu->bus = bus;
    cpu->dpage = bus->page;
    if (hooks)
        cpu->hooks = *hooks;
    cpu->exec_interp = true;   /* the block path only where asked for (cpu_t.exec_interp) */
    cpu->fpu_present = 1;
    cpu->mve_present = 1;
    cpu->exc.prio_bits = 3;
    cpu->device_deadline = UINT64_MAX;
    cpu->pl.pair_cycle = UINT64_MAX;
    cpu->fetch_line = UINT32_MAX;
    return cpu;
}

void cpu_icache_flush(cpu_t *cpu)
{
    /* The run loop keeps a chunk pointer while it stays in the fast path:
     * make it leave (cpu_handle_events() sets event_cycle again). */
    cpu->event_cycle = 0;
    block_cache_invalidate(cpu->blocks);
    cpu_icache_t *ic = cpu->icache;
    for (uint32_t k = 0; k < ic->nchunks; k++) {
        uint32_t i = ic->chunk_page[k];
        host_pages_free(ic->chunk[i], CHUNK_INSNS * sizeof(insn_t));
        ic->chunk[i] = NULL;
        bus_page_t *p = cpu->bus->page[i];
        if (p)
            p->has_code = false;
    }
    ic->nchunks = 0;
}

void cpu_destroy(cpu_t *cpu)
{
    if (!cpu)
        return;
    cpu_icache_flush(cpu);
    host_pages_free(cpu->icache->decode_memo, DECODE_MEMO_BYTES);
    free(cpu->icache);
    block_cache_destroy(cpu->blocks);
    free(cpu->mem_trace_pages);
    free(cpu);
}

void cpu_update_event_cycle(cpu_t *cpu)
{
    if (cpu->attention) {
        cpu->event_cycle = 0;
        return;
    }
    uint64_t e = cpu->cycle_limit;
    if (cpu->device_deadline < e)
        e = cpu->device_deadline;
    cpu->event_cycle = e;
}

void cpu_set_device_deadline(cpu_t *cpu, uint64_t cycle)
{
    cpu->device_deadline = cycle;
    cpu_update_event_cycle(cpu);
}

void cpu_request_stop(cpu_t *cpu, enum cpu_stop why, int exit_code)
{
    cpu->stop = why;
    cpu->exit_code = exit_code;
    cpu_attention(cpu);
}

/* ------------------------------------------------------------------ */
/* Data memory                                                         */

/* Data accesses take the slow path (a page table of NULL pages) while
 * they are traced or the MPU checks them; otherwise the real table. */
static bool update_data_path(cpu_t *cpu)
{
    bool slow = cpu->mem_tracing || cpu->mpu_checking;
    if (slow && !cpu->mem_trace_pages) {
        cpu->mem_trace_pages = calloc(BUS_NUM_PAGES, sizeof *cpu->mem_trace_pages);
        if (!cpu->mem_trace_pages)
            return false;
    } else if (!slow) {
        free(cpu->mem_trace_pages);
        cpu->mem_trace_pages = NULL;
    }
    cpu->dpage = slow ? cpu->mem_trace_pages : cpu->bus->page;
    return true;
}

bool cpu_trace_memory(cpu_t *cpu, bool on)
{
    cpu->mem_tracing = on;
    if (!update_data_path(cpu)) {
        cpu->mem_tracing = false;
        return false;
    }
    return true;
}

bool cpu_mpu_changed(cpu_t *cpu)
{
    cpu->mpu_checking = (cpu->mpu.ctrl & 1u) != 0;
    if (!update_data_path(cpu)) {
        cpu->mpu_checking = false;
        update_data_path(cpu);
        return false;
    }
    return true;
}

static inline bool memory_traced(const cpu_t *cpu)
{
    return cpu->dpage != cpu->bus->page;
}

/* A traced access: done the untraced way (same timing, same counters) on
 * the real page table, then reported.  A fault unwinds to cpu_run(),
 * which puts the tracing table back. */
static __attribute__((noinline)) uint32_t traced_read(cpu_t *cpu, uint32_t addr, unsigned size)
{
    uint64_t before = cpu->cycles;
    const uint32_t *mru = cpu->dcache_mru;
    if (cpu->mpu_checking) {
        cpu_mpu_check(cpu, addr, size, false);
        /* The region's attributes decide (isa/cache.c): no short-cut hit. */
        cpu->dcache_mru = NULL;
    }
    cpu->dpage = cpu->bus->page;
    uint32_t v = size == 1 ? cpu_read8(cpu, addr) : size == 2 ? cpu_read16(cpu, addr) : cpu_read32(cpu, addr);
    cpu->dcache_mru = mru;
    /* The access may have switched the MPU (MPU_CTRL): the path now. */
    cpu->dpage = cpu->mem_trace_pages ? cpu->mem_trace_pages : cpu->bus->page;
    if (cpu->mem_tracing)
        cpu->hooks.on_mem(cpu->hooks.ctx, cpu, addr, size, &v, 0, (uint32_t)(cpu->cycles - before));
    return v;
}

static __attribute__((noinline)) void traced_write(cpu_t *cpu, uint32_t addr, unsigned size, uint32_t value)
{
    uint64_t before = cpu->cycles;
    if (cpu->mpu_checking) {
        cpu_mpu_check(cpu, addr, size, true);
        cpu->dcache_mru = NULL;
    }
    cpu->dpage = cpu->bus->page;
    if (size == 1)
        cpu_write8(cpu, addr, value);
    else if (size == 2)
        cpu_write16(cpu, addr, value);
    else
        cpu_write32(cpu, addr, value);
    /* A write to CCR may have switched the data cache meanwhile: the
     * short-cut follows it (as cpu_caches_changed() sets it). */
    cpu->dcache_mru = (cpu->l1d && (cpu->scb.ccr & CCR_DC)) ? cache_mru(cpu->l1d) : NULL;
    /* The access may have switched the MPU (MPU_CTRL): the path now. */
    cpu->dpage = cpu->mem_trace_pages ? cpu->mem_trace_pages : cpu->bus->page;
    if (cpu->mem_tracing)
        cpu->hooks.on_mem(cpu->hooks.ctx, cpu, addr, size, &value, CPU_MEM_WRITE, (uint32_t)(cpu->cycles - before));
}

uint8_t *cpu_vector_host_traced(cpu_t *cpu, uint32_t addr, bool write, const uint8_t *wdata)
{
    bus_page_t *p = cpu->bus->page[addr >> BUS_PAGE_BITS];
    uint64_t before = cpu->cycles;
    const uint32_t *mru = cpu->dcache_mru;
    if (cpu->mpu_checking) {
        cpu_mpu_check(cpu, addr, 16, write);
        cpu->dcache_mru = NULL;   /* the region's attributes decide */
    }
    uint8_t *h = cpu_vector_host_page(cpu, p, addr, write);
    cpu->dcache_mru = mru;
    if (h && cpu->mem_tracing)
        cpu->hooks.on_mem(cpu->hooks.ctx, cpu, addr, 16, write ? wdata : h, write ? CPU_MEM_WRITE : 0,
                          (uint32_t)(cpu->cycles - before));
    return h;
}

/* Slow path: MMIO, unmapped memory, page-crossing accesses, ROM writes,
 * and every access while memory accesses are traced. */
void cpu_sync_block_stats(cpu_t *cpu)
{
    block_cache_t *bc = cpu->blocks;
    if (bc->active) {
        /* The active step is executing: its stall cycles are counted, its
         * retirement is not (as on the per-instruction path).  Before the
         * fold: a run from the block's start commits its first steps to
         * pending_runs, which only the fold adds to the class counts. */
        uint32_t i = block_active_index(bc);
        block_commit(cpu, bc, bc->active, i + 1, i);
    }
    block_fold_runs(bc, &cpu->pl);
}

uint32_t cpu_read_slow(cpu_t *cpu, uint32_t addr, unsigned size)
{
    cpu_sync_block_stats(cpu);
    if (memory_traced(cpu))
        return traced_read(cpu, addr, size);
    bus_t *bus = cpu->bus;
    bus_page_t *p = bus_page_of(bus, addr);
    if (p && p->host) {
        /* A host page, but the access crosses into the next page. */
        uint32_t v = 0;
        for (unsigned i = 0; i < size; i++)
            v |= cpu_read8(cpu, addr + i) << (8 * i);
        return v;
    }
    uint32_t value = 0, wait = 0;
    if (!bus->read || !bus->read(bus->ctx, addr, size, &value, &wait))
        cpu_fault(cpu, FAULT_PRECISERR, addr);
    cpu->cycles += wait;
    return value;
}

void cpu_write_slow(cpu_t *cpu, uint32_t addr, unsigned size, uint32_t value)
{
    cpu_sync_block_stats(cpu);
    if (memory_traced(cpu)) {
        traced_write(cpu, addr, size, value);
        return;
    }
    bus_t *bus = cpu->bus;
    bus_page_t *p = bus_page_of(bus, addr);
    if (p && p->write_trap) {
        /* The page's first write: from now on the fast path takes it. */
        cpu_first_write(cpu, p);
        uint8_t *h = mem_host_write(cpu, addr, size);
        if (h) {
            memcpy(h, &value, size);   /* little-endian host */
            return;
        }
    }
    if (p && p->host && p->writable) {
        for (unsigned i = 0; i < size; i++)
            cpu_write8(cpu, addr + i, (value >> (8 * i)) & 0xFFu);
        return;
    }
    /* Read-only host pages (flash) and devices: the SoC decides. */
    uint32_t wait = 0;
    if (!bus->write || !bus->write(bus->ctx, addr, size, value, &wait))
        cpu_fault(cpu, FAULT_PRECISERR, addr);
    cpu->cycles += wait;
}

void cpu_first_write(cpu_t *cpu, bus_page_t *p)
{
    p->write_trap = false;
    p->writable = true;
    if (cpu->bus->first_write)
        cpu->bus->first_write(cpu->bus->first_write_ctx, p);
}

void cpu_icache_invalidate(cpu_t *cpu, uint32_t addr, unsigned size)
{
    /* An instruction starting up to 2 bytes before addr may cover it. */
    bool dropped = false;
    for (uint32_t a = (addr - 2) & ~1u; a < addr + size; a += 2) {
        insn_t *chunk = cpu->icache->chunk[a >> BUS_PAGE_BITS];
        if (chunk && chunk[(a & (BUS_PAGE_SIZE - 1)) >> 1].exec) {
            chunk[(a & (BUS_PAGE_SIZE - 1)) >> 1].exec = NULL;
            dropped = true;
        }
    }
    if (dropped && !cpu->exec_interp) {
        /* A block holding it is stale: the block path leaves at the next
         * events check (after this instruction), which then finds none. */
        block_cache_invalidate(cpu->blocks);
        cpu->event_cycle = 0;
    }
}

/* ------------------------------------------------------------------ */
/* Instruction fetch and the predecoded cache                          */

/* Read one instruction halfword for decoding; false if not executable. */
static bool fetch16(cpu_t *cpu, uint32_t addr, uint32_t *hw, uint16_t *fetch_wait)
{
    bus_page_t *p = cpu->bus->page[addr >> BUS_PAGE_BITS];
    if (!p || !p->host)
        return false;
    uint16_t v;
    memcpy(&v, p->host + (addr & (BUS_PAGE_SIZE - 1)), 2);
    *hw = v;
    *fetch_wait = p->fetch_wait;
    return true;
}

static insn_t *icache_chunk(cpu_t *cpu, uint32_t pc)
{
    uint32_t page = pc >> BUS_PAGE_BITS;
    insn_t *chunk = cpu->icache->chunk[page];
    if (chunk)
        return chunk;
    bus_page_t *p = cpu->bus->page[page];
    if (!p || !p->host)
        return NULL;
    chunk = host_pages_alloc(CHUNK_INSNS * sizeof *chunk);
    if (!chunk)
        return NULL;
    cpu->icache->chunk[page] = chunk;
    cpu->icache->chunk_page[cpu->icache->nchunks++] = (uint16_t)page;
    p->has_code = true;
    return chunk;
}

/* Decode the instruction at pc into *in; a fetch that fails is a bus fault
 * on instruction fetch. */
static void fetch_decode(cpu_t *cpu, uint32_t pc, insn_t *in)
{
    uint32_t hw1, hw2 = 0;
    uint16_t wait1, wait2 = 0;
    if (!fetch16(cpu, pc, &hw1, &wait1))
        cpu_fault(cpu, FAULT_IBUSERR, pc);
    bool wide = isa_is_32bit(hw1);
    if (wide && !fetch16(cpu, pc + 2, &hw2, &wait2))
        cpu_fault(cpu, FAULT_IBUSERR, pc + 2);
    /* Decoding and its timing annotation are a pure function of the
     * encoding, and code that rewrites itself (or garbage run as code)
     * decodes the same encodings over and over: a direct-mapped memo of
     * recent results makes that cheap.  Only the fetch cost depends on
     * where the instruction sits.  The memo is the core's (cpu_icache_t),
     * not a static: no state is shared between cores or simulations. */
    uint32_t raw = wide ? (hw1 << 16) | hw2 : hw1;
    insn_t *m = &cpu->icache->decode_memo[(raw ^ (raw >> 11) ^ (raw >> 23)) & (CPU_DECODE_MEMO_SIZE - 1u)];
    if (m->exec && m->raw == raw && m->size == (wide ? 4u : 2u)) {
        *in = *m;
    } else {
        isa_decode(in, hw1, hw2);
        timing_annotate(in);
        *m = *in;
    }
    timing_fetch_cost(in, wide && wait2 > wait1 ? wait2 : wait1);
}

/* A branch to itself.  Inside a fault handler that is the classic
 * "b ." default handler: the firmware has crashed, report it now instead
 * of spinning until --max-cycles. */
static void spin_detected(cpu_t *cpu)
{
    uint32_t exc = cpu->ipsr;
    if (exc >= EXC_NMI && exc <= EXC_SECUREFAULT && cpu->last_fault.fault != FAULT_NONE) {
        cpu->crash = cpu->last_fault;
        cpu->crash.why = "the fault handler spins in a loop (the firmware crashed)";
        cpu_request_stop(cpu, STOP_CRASH, 0);
    }
}

/* The predecoded instruction at pc if it has been decoded, else NULL
 * (for fault reports: the hot loop does not record which one runs). */
const insn_t *cpu_cached_insn(const cpu_t *cpu, uint32_t pc)
{
    const insn_t *chunk = cpu->icache->chunk[pc >> BUS_PAGE_BITS];
    if (!chunk)
        return NULL;
    const insn_t *in = &chunk[(pc & (BUS_PAGE_SIZE - 1)) >> 1];
    return in->exec ? in : NULL;
}

/* Run the execute function of in: the hot ones (isa/hot_path.h) by a
 * direct call through their family's dispatcher, the rest by the indirect
 * call. */
static inline __attribute__((always_inline)) void dispatch(cpu_t *cpu, const insn_t *in)
{
    switch (in->hot_family) {
#define HOT_FAMILY_CASE_(family, ENUM) case ISA_HOT_##ENUM: isa_dispatch_##family(cpu, in); return;
        ISA_HOT_FAMILIES(HOT_FAMILY_CASE_)
#undef HOT_FAMILY_CASE_
    default: in->exec(cpu, in); return;
    }
}

/* The dispatch of a plain step (isa/block.h): only the families with plain
 * execute functions (isa_plain_* in isa/insn.h) that have direct calls,
 * so the plain loop carries no copy of the others' inlined functions. */
static inline __attribute__((always_inline)) void dispatch_plain(cpu_t *cpu, const insn_t *in)
{
    switch (in->hot_family) {
    case ISA_HOT_DP: isa_dispatch_dp(cpu, in); return;
    case ISA_HOT_MUL: isa_dispatch_mul(cpu, in); return;
    default: in->exec(cpu, in); return;
    }
}

/* The dispatch of a memory step (isa/block.h): only the families with
 * memory execute functions (isa_insn_memory()) that have direct calls, so
 * the memory step carries no copy of the others' inlined functions. */
static inline __attribute__((always_inline)) void dispatch_memory(cpu_t *cpu, const insn_t *in)
{
    switch (in->hot_family) {
    case ISA_HOT_LDST: isa_dispatch_ldst(cpu, in); return;
    case ISA_HOT_MVE: isa_dispatch_mve(cpu, in); return;
    case ISA_HOT_MVE_INT: isa_dispatch_mve_int(cpu, in); return;
    default: in->exec(cpu, in); return;
    }
}

/* The plain steps block b starts with, to run before its first general
 * step: all of them where no event is due until after them, else none
 * (the first then runs as a general step, checked on its own). */
static inline uint32_t lead_steps(const cpu_t *cpu, const block_t *b, uint64_t entry)
{
    return entry + b->lead_horizon < cpu->event_cycle ? b->lead_plain : 0;
}

/* An instruction inside an IT block: its condition, then ITAdvance.
 * it_cur holds the state it executes under, cleared again once the block
 * is over (outside IT blocks it_cur stays 0 and is never written).
 * Inlined, with the direct calls too: the conditional instructions of a
 * hot loop are as frequent as the others (out of line, the call cost the
 * integer loop 6 % once the flags no longer took a branch). */
/* The dispatch, or (plain: a constant) the plain dispatch. */
static inline __attribute__((always_inline)) void dispatch_by(cpu_t *cpu, const insn_t *in, const bool plain)
{
    if (plain)
        dispatch_plain(cpu, in);
    else
        dispatch(cpu, in);
}

static inline __attribute__((always_inline)) void execute_in_it_by(cpu_t *cpu, const insn_t *in, uint32_t it,
                                                                    const bool plain)
{
    cpu->it_cur = it;
    cpu->itstate = isa_it_advance(it);
    if (in->flags & INSN_IT_SELECT) {
        /* It writes only Rd here: run it and put Rd back if the condition
         * fails, so the host does not branch (and mispredict) on the
         * flags, which in an IT block are data more often than not. */
        uint32_t failed = alu_cond_bit(cpu, it >> 4) ^ 1u;
        uint32_t old = cpu->r[in->rd];
        dispatch_by(cpu, in, plain);
        cpu->r[in->rd] ^= (cpu->r[in->rd] ^ old) & (0u - failed);
    } else if (alu_cond_passed(cpu, it >> 4)) {
        dispatch_by(cpu, in, plain);
    }
    if (cpu->itstate == 0)
        cpu->it_cur = 0;
}

static inline __attribute__((always_inline)) void execute_in_it(cpu_t *cpu, const insn_t *in, uint32_t it)
{
    execute_in_it_by(cpu, in, it, false);
}

/* An IT step (BLOCK_STEP_IT, isa/block.h) at st: its conditional steps as
 * the IT and execute_in_it() would run them, with the plain dispatch; the
 * IT state is 0 again after them.  Returns the last of them. */
static inline __attribute__((always_inline)) const block_step_t *run_it_step(cpu_t *cpu, const block_step_t *st)
{
    uint32_t it = st->in->imm;   /* what the IT's execute function sets */
    do {
        st++;
        execute_in_it_by(cpu, st->in, it, true);
        it = cpu->itstate;
    } while (it != 0);
    return st;
}

/* The execute step of one instruction: under its IT condition, else by
 * the dispatch. */
static inline __attribute__((always_inline)) void execute(cpu_t *cpu, const insn_t *in)
{
    uint32_t it = cpu->itstate;
    if (UNLIKELY(it != 0))
        execute_in_it(cpu, in, it);
    else
        dispatch(cpu, in);
}

/* After it: the spin check, instret and the PC; returns the next PC.  now
 * is the front end's next cycle (the clock a spin report gives). */
static inline __attribute__((always_inline)) uint32_t advance(cpu_t *cpu, uint32_t pc, uint64_t now)
{
    uint32_t next = cpu->next_pc;
    if (UNLIKELY(next == pc)) {
        cpu->cycles = now;
        spin_detected(cpu);
    }
    cpu->instret++;
    cpu->pc = next;
    return next;
}

/* Run block b, entered at cycle entry in its entry state (isa/block.h)
 * with scoreboard rotation rot: per instruction what the loop below does,
 * with the pipeline model's issue cycle, stall and pairing taken from the
 * block.  Cycles an execute function added that only delay the rest
 * (block_t.shiftable) move the entry cycle; after any other it leaves (its
 * retire step then runs on the rebuilt state), as at a change of flow,
 * when an event is due, or at the block's end, the model's state rebuilt;
 * but goes straight on to the successor block the same exit (and delay)
 * led to before (its entry state is then the same: no look-up, no
 * rebuild).  The event check stays per general step: an execute function
 * can bring an event forward (an MMIO write that pends an interrupt or
 * moves a device deadline, SEV, a stop, code written), and it must be
 * taken after that instruction, as the per-instruction path does.  Plain
 * steps (isa/block.h) can do none of that and their cycles are static, so
 * the general step before them checks for all of them at once, and they
 * only run their execute functions. */
static inline __attribute__((always_inline)) void run_block(cpu_t *cpu, const block_t *b, uint64_t entry,
                                                            uint32_t rot)
{
    block_cache_t *bc = cpu->blocks;
    bc->active_entry = entry;
    bc->active_rot = rot;
    bc->done_stall = 0;
    bc->done_retired = 0;
    bc->active = b;
    /* Per instruction only the step pointer and the entry cycle live
     * across the execute function; the rest is in the step record. */
    const block_step_t *st = b->step;
    uint32_t k = lead_steps(cpu, b, entry);
    for (;;) {
        /* The plain steps before the next general one, none of which an
         * event is due after (below). */
        for (; k != 0; k--, st++)
            dispatch_plain(cpu, st->in);
        /* A branch step (isa/block.h) that goes as the block expects with
         * no cycles added, and no event due until after the plain steps
         * that follow: nothing else of the general step is needed. */
        if ((st->branch != ISA_BRANCH_STEP_NONE) && (entry + st->horizon < cpu->event_cycle) &&
            (st->branch == BLOCK_STEP_IT ? (st = run_it_step(cpu, st), true) : block_branch_step(cpu, st))) {
            k = st->nplain;
            st++;
            continue;
        }
        /* A general step: what the per-instruction path has while it
         * executes, and which step it is (for a fault and
         * cpu_sync_block_stats()). */
        cpu->pc = st->pc;
        bc->active_step = st;
        uint64_t issued = entry + st->issue;
        cpu->cycles = issued;
        uint64_t now, delay;
        uint32_t next;
        if (st->memory) {
            /* A load or store (isa/block.h): outside an IT block, reads no
             * r15 and writes no next_pc, so only the added cycles and the
             * event horizon can end the run of the block here. */
            dispatch_memory(cpu, st->in);
            delay = cpu->cycles - issued;
            if (LIKELY((delay == 0) & (entry + st->horizon < cpu->event_cycle))) {
                k = st->nplain;
                st++;
                continue;
            }
            next = st->fall;
            cpu->next_pc = next;   /* as the general step leaves it */
        } else {
            cpu->r[15] = st->pc + 4;
            cpu->next_pc = st->fall;
            execute(cpu, st->in);
            delay = cpu->cycles - issued;
            next = cpu->next_pc;
        }
        uint32_t i;
        bool dynamic = false;
        if (UNLIKELY(delay != 0)) {
            i = (uint32_t)(st - b->step);
            if ((b->shiftable >> i) & 1u) {
                /* The added cycles only delay the rest (isa/block.c): the
                 * block goes on, entered that much later. */
                entry += delay;
                bc->active_entry = entry;
            } else {
                /* The block is left after it; the model's state is rebuilt
                 * below only if no successor block goes on. */
                dynamic = true;
            }
        }
        /* st->expect is not the fall-through after the last instruction:
         * one compare for a change of flow and the block's end; and no
         * event is due until after the plain steps that follow, which
         * then need only their execute functions. */
        if (LIKELY(!dynamic & (next == st->expect) & (entry + st->horizon < cpu->event_cycle))) {
            k = st->nplain;
            st++;
            continue;
        }
        i = (uint32_t)(st - b->step);
        now = dynamic ? pipeline_next(st->in, cpu->cycles, b->dual[i]) : entry + b->next[i];
        if (!dynamic & (next == st->expect) & (now < cpu->event_cycle)) {
            /* An event falls due among the plain steps after it: the next
             * runs as a general step, checked on its own. */
            st++;
            continue;
        }
        /* advance() but for instret, which block_commit() counts, and the
         * spin check, which only a change of flow needs (below). */
        cpu->pc = next;
        if (UNLIKELY(next == st->pc)) {
            cpu->cycles = now;
            spin_detected(cpu);
        }
        cpu->cycles = now;
        bc->active = NULL;
        const block_t *s;
        bool linked;
        if (dynamic) {
            s = b->dsucc[i];
            linked = s && b->dsucc_pc[i] == next && b->dsucc_delay[i] == delay &&
                     s->version == b->dsucc_version[i];
        } else {
            block_commit(cpu, bc, b, i + 1, i + 1);
            if (b->succ_pc[i] == next) {
                s = b->succ[i];
                linked = s && s->version == b->succ_version[i];
            } else {
                s = b->succ2[i];
                linked = s && b->succ2_pc[i] == next && s->version == b->succ2_version[i];
            }
        }
        if (now < cpu->event_cycle && linked && s->gen == bc->gen) {
            /* Instruction i retired (its retire step, delayed or not, counts
             * what the block's does); the successor's scoreboard ring turns
             * as the model's after it. */
            if (dynamic)
                block_commit(cpu, bc, b, i + 1, i + 1);
            rot = (b->before[i + 1].sb_next + rot) & (CPU_SCOREBOARD - 1);
            b = s;
            bc->active = b;
            entry = now;
            bc->active_entry = entry;
            bc->active_rot = rot;
            bc->done_stall = 0;
            bc->done_retired = 0;
            st = b->step;
            k = lead_steps(cpu, b, entry);
            continue;
        }
        if (dynamic) {
            /* Its retire step the per-instruction way (which counts its
             * class and pairing), over the statistics before it. */
            block_commit(cpu, bc, b, i + 1, i);
            block_restore(&cpu->pl, &b->before[i], entry, rot);
            pipeline_retire(&cpu->pl, st->in, issued, issued + delay, b->dual[i]);
            cpu->instret++;
        } else {
            block_restore(&cpu->pl, &b->before[i + 1], entry, rot);
        }
        if (now < cpu->event_cycle) {
            bc->last = (block_t *)b;
            bc->last_index = i;
            bc->last_dynamic = dynamic;
            bc->last_delay = delay;
        }
        return;
    }
}

/* The fast loop.  Kept apart from cpu_run() so no local variable lives
 * across the setjmp() there.
 *
 * The outer loop handles events and finds the chunk of the PC's page; the
 * inner loop then runs instructions of that page one after the other,
 * looking each up by its offset in the chunk, until an event is due or the
 * flow leaves the page.  Per instruction it does what execute_one() used to
 * do, in the same order: r[15] and next_pc, the IT condition, the execute
 * function, the cost, instret, the spin check, pc = next_pc, and the
 * events check before the next instruction.  (cpu_icache_flush() forces an
 * events check, so a freed chunk is never used.) */
static inline __attribute__((always_inline)) void run_loop_body(cpu_t *cpu, const bool traced,
                                                                 const bool blocks)
{
    for (;;) {
        if (UNLIKELY(cpu->cycles >= cpu->event_cycle)) {
            if (blocks)
                cpu->blocks->last = NULL;   /* events may change the state: no link */
            if (cpu_handle_events(cpu))
                return;
        }
        uint32_t pc = cpu->pc;
        uint32_t page = pc >> BUS_PAGE_BITS;
        insn_t *chunk = cpu->icache->chunk[page];
        if (UNLIKELY(!chunk)) {
            chunk = icache_chunk(cpu, pc);
            if (!chunk)
                cpu_fault(cpu, FAULT_IBUSERR, pc);
        }
        /* The clock lives in a register here: it is stored before each
         * execute function (which may add wait states or a refill to
         * cpu->cycles) and read back after it, so the pipeline model
         * costs one store-to-load round trip per instruction. */
        uint64_t now = cpu->cycles;
        if (blocks) {
            /* Where the flow arrives or a block left off: a block if one
             * fits the state (isa/block.c stops building at a start whose
             * states vary too much). */
            uint32_t rot;
            block_cache_t *bc = cpu->blocks;
            const block_t *b = block_find(bc, cpu, pc, now, &rot);
            if (b && bc->last)
                block_link(bc, cpu, b);
            bc->last = NULL;
            if (b) {
                run_block(cpu, b, now, rot);
                continue;
            }
        }
        for (;;) {
            insn_t *in = &chunk[(pc & (BUS_PAGE_SIZE - 1)) >> 1];
            if (UNLIKELY(!in->exec))
                fetch_decode(cpu, pc, in);
            cpu->r[15] = pc + 4;
            cpu->next_pc = pc + in->size;
            if (UNLIKELY(in->fetch_wait)) {
                cpu->cycles = now;
                timing_fetch(cpu, pc, in);
                now = cpu->cycles;
            }
            bool dual;
            uint64_t issued = pipeline_issue(&cpu->pl, in, now, &dual);
            cpu->cycles = issued;
            execute(cpu, in);
            now = pipeline_retire(&cpu->pl, in, issued, cpu->cycles, dual);
            uint32_t next = advance(cpu, pc, now);
            if (traced) {
                cpu->cycles = now;
                cpu->hooks.on_insn(cpu->hooks.ctx, cpu, pc, in);
            }
            if (UNLIKELY(now >= cpu->event_cycle || (next >> BUS_PAGE_BITS) != page ||
                         (blocks && next != pc + in->size))) {
                cpu->cycles = now;
                break;
            }
            pc = next;
        }
    }
}

/* The three instantiations: the hook test and the block path are
 * constants in each.  Traced runs take the per-instruction path (the
 * hooks see every instruction as it retires). */
static __attribute__((noinline, optimize("no-jump-tables"))) void run_loop(cpu_t *cpu)
{
    run_loop_body(cpu, false, true);
}

static __attribute__((noinline, optimize("no-jump-tables"))) void run_loop_interp(cpu_t *cpu)
{
    run_loop_body(cpu, false, false);
}

static __attribute__((noinline, optimize("no-jump-tables"))) void run_loop_traced(cpu_t *cpu)
{
    run_loop_body(cpu, true, false);
}

/* Leaving cpu_run(): the statistics whole, for whoever reads them now. */
static enum cpu_stop run_end(cpu_t *cpu)
{
    block_fold_runs(cpu->blocks, &cpu->pl);
    return cpu->stop;
}

enum cpu_stop cpu_run(cpu_t *cpu, uint64_t cycle_limit)
{
    cpu->cycle_limit = cycle_limit;
    if (cpu->stop == STOP_MAX_CYCLES || cpu->stop == STOP_REQUEST)
        cpu->stop = STOP_NONE;
    cpu_update_event_cycle(cpu);
    if (setjmp(cpu->abort_jmp)) {
        /* An instruction (or the fetch of one) faulted, perhaps inside a
         * traced access that had swapped the page tables. */
        if (cpu->mem_trace_pages)
            cpu->dpage = cpu->mem_trace_pages;
        block_cache_t *bc = cpu->blocks;
        if (bc->active) {
            /* Inside a block: the model's state before the faulting
             * instruction's retire step, as the per-instruction path has it
             * (the active step is that instruction). */
            const block_t *b = bc->active;
            uint32_t i = block_active_index(bc);
            block_commit(cpu, bc, b, i + 1, i);
            block_restore(&cpu->pl, &b->before[i], bc->active_entry, bc->active_rot);
            bc->active = NULL;
        }
        cpu_take_fault(cpu);
        if (cpu->stop != STOP_NONE)
            return run_end(cpu);
    }
    if (cpu->stop != STOP_NONE)
        return run_end(cpu);
    if (cpu->hooks.on_insn)
        run_loop_traced(cpu);
    else if (cpu->exec_interp)
        run_loop_interp(cpu);
    else
        run_loop(cpu);
    return run_end(cpu);
}

enum cpu_stop cpu_step(cpu_t *cpu)
{
    return cpu_run(cpu, cpu->cycles + 1);
}
