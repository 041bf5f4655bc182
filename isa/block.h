/* Block-level timing (issue 20): the pipeline model's static part of a
 * straight-line run of predecoded instructions, computed once per entry
 * state, so the run loop (isa/cpu.c) executes a block without the per-
 * instruction scoreboard, pipe and pairing steps of isa/pipeline.h.
 *
 * A block starts where the flow arrives (a branch target, an exception
 * handler, the instruction after a dynamic cost) and holds up to BLOCK_MAX
 * decoded instructions of one page, across not-taken branches and the back
 * edge of a loop whose body it starts with (isa/block.c).  Its timing
 * is the per-instruction model (pipeline_issue/pipeline_retire) run once
 * from the block's entry state with no dynamic cost: issue cycle, pairing
 * and stall of each instruction, and the model's state before each one.
 * The entry state is the part of cpu_pipeline_t that timing depends on,
 * relative to the entry cycle; entries already ready by then cannot delay
 * anything later and are stored as "ready" (0), and
 * the scoreboard's ring is rotated so that its next entry is the first
 * (which entry a result takes does not matter, only their order).
 *
 * Exact by construction: the run loop uses a block only when the core's
 * state equals the block's entry state, and after each instruction checks
 * that its execute function added no cycles (a wait state, a cache miss, a
 * taken branch's refill, a divide).  Where they only delay the rest
 * (block_t.shiftable) the block goes on as if entered that much later.
 * At the first that did otherwise, and wherever
 * the block is left (flow change, an event due, a fault), the model's
 * state is rebuilt from the precomputed one (block_restore()) and the
 * per-instruction model goes on from there.
 */
#ifndef ETSIM_ISA_BLOCK_H
#define ETSIM_ISA_BLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "alu.h"
#include "cpu.h"
#include "insn.h"

struct insn;

#define BLOCK_MAX 28           /* instructions per block (a 5-instruction loop body 5 times, a 14 twice) */
#define BLOCK_TABLE 4096u      /* sets, by start address */
#define BLOCK_WAYS 4u          /* blocks per set: one start in up to four entry states */
_Static_assert(BLOCK_MAX <= 32, "block_t.shiftable has a bit per instruction");

/* The timing part of cpu_pipeline_t relative to an entry cycle: times as
 * cycles after it, 0 for "at or before it" (compared word by word: always
 * built from a zeroed one, no padding). */
typedef struct block_state {
    uint64_t sb_mask[CPU_SCOREBOARD];
    uint64_t pair_dst;
    uint32_t sb_ready[CPU_SCOREBOARD];
    uint32_t pipe_free[8];
    uint32_t pair_cycle;       /* UINT32_MAX: no pair open */
    uint32_t sb_max;
    uint32_t sb_next;
    uint32_t pair_dual;
} block_state_t;

/* What the run loop reads per instruction of a block, together (one
 * 32-byte record, so the loop keeps a single pointer into the block).
 *
 * Plain steps: an instruction that can neither add cycles, change the
 * flow, fault, move an event, read the PC nor run inside an IT block
 * (isa_insn_plain(), outside an IT block as block_t.it_entry and the
 * block's IT instructions say, and not the block's last) needs none of
 * the per-step work around its execute function.  After a general step
 * the loop checks the event horizon of the plain steps that follow it
 * (their cycles are static and none can move cpu->event_cycle) and then
 * only dispatches them; where an event falls among them it runs them one
 * by one as general steps (every record has what a general step needs).
 * A general step that is a single load or store or a Helium instruction
 * (step.memory, isa_insn_memory()) skips the part of the general step
 * that only a change of flow or a read of the PC needs. */
typedef struct block_step {
    const struct insn *in;
    uint32_t pc;
    uint32_t fall;             /* pc + size: next_pc before it runs */
    /* The PC after it if the block goes on: its fall-through, the target
     * of a loop's back edge the block goes on across (isa/block.c), and
     * for the last instruction 1, which no PC is (they are even), so one
     * compare tests both "the flow left" and "the block is over". */
    uint32_t expect;
    uint32_t issue;            /* issue cycle - entry cycle */
    /* The front end's next cycle after the last of the plain steps right
     * after it (after itself if none) - entry cycle: below the next event,
     * none of them can be the one after which it is due. */
    uint32_t horizon;
    uint16_t nplain;           /* the plain steps right after it */
    /* A memory step (isa_insn_memory(), outside an IT block, not the
     * block's last): it cannot change the flow nor read the PC, so the
     * loop stores neither next_pc nor r15 for it and skips the expect
     * compare; the delay test and the event horizon stay. */
    bool memory;
    /* A branch step (enum isa_branch_step, isa/insn.h; outside an IT
     * block, not the block's last): where block_branch_step() holds, it
     * is taken or falls through as expect says and adds no cycles, and
     * the loop runs none of the general step's work for it.  Or
     * BLOCK_STEP_IT: an IT whose conditional instructions are all plain
     * but for their condition and end before the block does. */
    uint8_t branch;
} block_step_t;

_Static_assert(sizeof(block_step_t) == 32, "a block step is one 32-byte record");

/* An IT step (block_step_t.branch; no enum isa_branch_step value): where
 * no event is due until after the plain steps that follow its IT block
 * (its horizon is that of the block's last conditional step), the loop
 * runs the conditional steps under their conditions right after it, with
 * nothing of the general step: the IT sets only the IT state, which they
 * read (EPSR.IT, cpu->it_cur: 16-bit forms set no flags there) and leave
 * at 0, and plain instructions add no cycles and cannot fault or move an
 * event, so nothing else can see the state between them. */
#define BLOCK_STEP_IT 0xFFu

typedef struct block {
    uint32_t pc;               /* the first instruction */
    uint32_t gen;              /* block_cache_t.gen when built */
    uint32_t n;                /* instructions (0: nothing to run from here) */
    uint32_t version;          /* bumped by each build into this block_t */
    /* EPSR.IT when entered (block_find() compares it like the timing
     * state): which steps run inside an IT block, so which can be plain. */
    uint32_t it_entry;
    /* Where build() stopped at an instruction not decoded yet (the
     * per-instruction path decodes as it goes: after a loop, the code
     * after it until the loop has ended once), else 1 (no PC is odd).
     * Once the flow has left its last instruction towards there and a
     * block was found there, it is extended in place (block_link(),
     * block_extend()). */
    uint32_t cut;
    /* The plain steps it starts with and their horizon (as a step's):
     * run before its first general step where no event is due by then. */
    uint32_t lead_plain, lead_horizon;
    block_state_t entry;
    block_step_t step[BLOCK_MAX];
    /* The front end's next cycle after each instruction - entry cycle
     * (read where the block is left, and for steps run one by one). */
    uint32_t next[BLOCK_MAX];
    uint8_t dual[BLOCK_MAX];     /* issued as the second of a pair */
    /* Statistics summed per block: stall cycles and second-of-a-pair
     * issues of the first k instructions ([0]: 0), added to the core's
     * counters when they are due (block_commit()), not per instruction. */
    uint32_t stall_pre[BLOCK_MAX + 1];
    uint32_t dual_pre[BLOCK_MAX + 1];
    uint8_t tclass[BLOCK_MAX];   /* each instruction's timing class */
    /* Bit i: cycles added by instruction i's execute function (a wait
     * state, a divide) only delay the rest of the block, whose timing is
     * then the precomputed one that many cycles later (no result or pipe
     * of an earlier instruction still busy; see block.c). */
    uint32_t shiftable;
    /* Runs from its start whose class counts are not in the core's
     * counters yet: pending_runs[k] of them retired its first k + 1
     * instructions (k = n - 1: run to its end).  block_fold_runs() adds
     * them before anything reads the counters, not at each run (the
     * blocks with some are listed, pending_listed, from
     * block_cache_t.pending through pending_next). */
    uint64_t pending_runs[BLOCK_MAX];
    bool pending_listed;
    struct block *pending_next;
    block_state_t before[BLOCK_MAX + 1]; /* the state before its retire step; [n]: after the last */
    /* Chaining: left without a dynamic cost after instruction i towards
     * succ_pc[i], the core's state is always the same, so the block found
     * there last time (succ[i], while its version is succ_version[i]) fits
     * again without a look-up. */
    const struct block *succ[BLOCK_MAX];
    uint32_t succ_pc[BLOCK_MAX];
    uint32_t succ_version[BLOCK_MAX];
    /* The successor linked before it towards another address (an exit
     * that goes two ways: a conditional branch that ends the block, a
     * return to two callers), kept when succ[i] is replaced. */
    const struct block *succ2[BLOCK_MAX];
    uint32_t succ2_pc[BLOCK_MAX];
    uint32_t succ2_version[BLOCK_MAX];
    /* The same for a block left at a dynamic cost of instruction i: the
     * state its retire step leaves depends only on the block, i and how
     * many cycles the execute function added (dsucc_delay[i]), so with the
     * same delay the block found after it last time (dsucc[i]) fits again. */
    const struct block *dsucc[BLOCK_MAX];
    uint32_t dsucc_pc[BLOCK_MAX];
    uint32_t dsucc_version[BLOCK_MAX];
    uint64_t dsucc_delay[BLOCK_MAX];
} block_t;

typedef struct block_set {
    block_t *way[BLOCK_WAYS];
    uint32_t victim;           /* the way the next build replaces */
    uint32_t builds, hits;     /* a start whose states vary too much stops building */
} block_set_t;

/* Blocks are carved from slabs of BLOCK_SLAB_BYTES (isa/host_pages.h:
 * no malloc header between them, huge pages where offered) and live until
 * the cache is destroyed: a replaced way reuses its block_t. */
#define BLOCK_SLAB_BYTES (2u << 20)
#define BLOCK_MAX_SLABS 64u    /* 64 x 334 blocks; then the per-instruction path */

typedef struct block_cache {
    block_set_t set[BLOCK_TABLE];
    block_t *slab[BLOCK_MAX_SLABS];
    uint32_t nslabs;
    uint32_t slab_used;        /* blocks taken from the last slab */
    uint32_t gen;              /* bumped when code changes: older blocks are stale */
    block_t *pending;          /* the blocks with pending_runs, last first */
    /* The block being run, for a fault (cpu_run() restores the state), and
     * its general step executing (a block may hold an address more than
     * once: a loop's body after its back edge). */
    const block_t *active;
    const block_step_t *active_step;
    uint64_t active_entry;
    uint32_t active_rot;
    /* How much of the active block's statistics the core's counters hold:
     * the stall cycles of its first done_stall instructions, the retire
     * counts (instret, per class, pairs) of its first done_retired. */
    uint32_t done_stall, done_retired;
    /* The block last left and where (chaining): after instruction
     * last_index, at a dynamic cost of last_delay cycles if last_dynamic. */
    block_t *last;
    uint32_t last_index;
    bool last_dynamic;
    uint64_t last_delay;
} block_cache_t;

block_cache_t *block_cache_create(void);
void block_cache_destroy(block_cache_t *bc);
/* Code changed (written, flushed): every block is stale. */
static inline void block_cache_invalidate(block_cache_t *bc)
{
    bc->gen++;
}

/* The block to run at pc from the core's current state at cycle now, or
 * NULL (none can be built: an instruction not decoded yet, a fetch with
 * wait states, a start entered in too many states).  *rot: the rotation
 * of the core's scoreboard ring against the block's. */
block_t *block_find(block_cache_t *bc, cpu_t *cpu, uint32_t pc, uint64_t now, uint32_t *rot);

/* Extend b, cut short at b->cut (decoded now), from its own entry
 * state: the same steps, timing and statistics, and more of them. */
void block_extend(block_cache_t *bc, cpu_t *cpu, block_t *b);

/* Link the block last left (bc->last) to b, found where it led; but where
 * that block was cut short there (b was found, so its start is decoded
 * now), extend it instead: it then runs on into that code, and a chained
 * run never comes back here to find it short. */
static inline void block_link(block_cache_t *bc, cpu_t *cpu, const block_t *b)
{
    block_t *l = bc->last;
    uint32_t i = bc->last_index;
    if (l->cut == b->pc) {
        block_extend(bc, cpu, l);
        return;
    }
    if (bc->last_dynamic) {
        l->dsucc[i] = b;
        l->dsucc_pc[i] = b->pc;
        l->dsucc_version[i] = b->version;
        l->dsucc_delay[i] = bc->last_delay;
    } else {
        if (l->succ[i] && l->succ_pc[i] != b->pc) {
            l->succ2[i] = l->succ[i];
            l->succ2_pc[i] = l->succ_pc[i];
            l->succ2_version[i] = l->succ_version[i];
        }
        l->succ[i] = b;
        l->succ_pc[i] = b->pc;
        l->succ_version[i] = b->version;
    }
}

/* Bring the core's statistics up to the active block's first stall_n
 * instructions' stall cycles and first retired_n instructions' retire
 * counts (instret, class_insns, dual_issued), as the per-instruction path
 * has them at that point: the block adds them when it is left, and before
 * anything outside the core can read them (cpu_sync_block_stats()); a run
 * from the block's start only counts itself in pending_runs, whose class
 * counts block_fold_runs() adds. */
static inline void block_commit(cpu_t *cpu, block_cache_t *bc, const block_t *b, uint32_t stall_n,
                                uint32_t retired_n)
{
    cpu->pl.stall_cycles += b->stall_pre[stall_n] - b->stall_pre[bc->done_stall];
    bc->done_stall = stall_n;
    cpu->pl.dual_issued += b->dual_pre[retired_n] - b->dual_pre[bc->done_retired];
    cpu->instret += retired_n - bc->done_retired;
    if (bc->done_retired == 0 && retired_n != 0) {
        /* The fields a run writes: a block is const to its runner. */
        block_t *run = (block_t *)b;
        run->pending_runs[retired_n - 1]++;
        if (!run->pending_listed) {
            run->pending_listed = true;
            run->pending_next = bc->pending;
            bc->pending = run;
        }
    } else {
        for (uint32_t j = bc->done_retired; j < retired_n; j++)
            cpu->pl.class_insns[b->tclass[j]]++;
    }
    bc->done_retired = retired_n;
}

/* Add the class counts of the blocks' pending runs to pl's counters:
 * before anything reads them (cpu_sync_block_stats(), the end of
 * cpu_run()) and before a block with some is rebuilt. */
void block_fold_runs(block_cache_t *bc, cpu_pipeline_t *pl);

/* Whether branch step st (st->branch) does what the block expects with no
 * cycles added: then its one effect (LE: LR - 1) is done here, and its
 * execute function would have done just that besides next_pc (the
 * expected one), which no later step reads; else the state is untouched
 * and it runs as a general step.  The conditions are the execute
 * functions' (isa/exec_branch.c: exec_bcond, exec_b, exec_le_plain and
 * timing_direct_branch()); tests/unit/test_branch_step.c checks them. */
static inline bool block_branch_step(cpu_t *cpu, const block_step_t *st)
{
    const insn_t *in = st->in;
    bool predicted = cpu->pl.lob_branch == st->pc;
    switch (st->branch) {
    case ISA_BRANCH_STEP_FALL:
        return !alu_cond_bit(cpu, in->cond) & !(predicted & ((int32_t)in->imm <= -4));
    case ISA_BRANCH_STEP_BACK_COND:
        return alu_cond_bit(cpu, in->cond) & predicted;
    case ISA_BRANCH_STEP_BACK:
        return predicted;
    case ISA_BRANCH_STEP_LE:
        if (((cpu->control & CONTROL_FPCA) && cpu->lo_ltpsize != 4) | (cpu->r[14] <= 1u) |
            (cpu->pl.lob_le != st->pc))
            return false;
        cpu->r[14] -= 1u;
        return true;
    default:
        return false;
    }
}

/* The index in the active block of its step executing. */
static inline uint32_t block_active_index(const block_cache_t *bc)
{
    return (uint32_t)(bc->active_step - bc->active->step);
}

/* Put the pipeline model's state in the core as the per-instruction model
 * would have it with state s of a block entered at cycle entry with
 * rotation rot. */
void block_restore(cpu_pipeline_t *pl, const block_state_t *s, uint64_t entry, uint32_t rot);

#endif
