/* Block-level timing: building blocks and their entry states (see
 * isa/block.h). */
#include "block.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "host_pages.h"
#include "insn.h"
#include "pipeline.h"

block_cache_t *block_cache_create(void)
{
    return calloc(1, sizeof(block_cache_t));
}

void block_cache_destroy(block_cache_t *bc)
{
    if (!bc)
        return;
    for (uint32_t i = 0; i < bc->nslabs; i++)
        host_pages_free(bc->slab[i], BLOCK_SLAB_BYTES);
    free(bc);
}

/* A new block_t from the slabs, or NULL (no memory, or the cap reached). */
static block_t *block_alloc(block_cache_t *bc)
{
    const uint32_t per_slab = BLOCK_SLAB_BYTES / sizeof(block_t);
    if (bc->nslabs == 0 || bc->slab_used == per_slab) {
        if (bc->nslabs == BLOCK_MAX_SLABS)
            return NULL;
        block_t *slab = host_pages_alloc(BLOCK_SLAB_BYTES);
        if (!slab)
            return NULL;
        bc->slab[bc->nslabs++] = slab;
        bc->slab_used = 0;
    }
    return &bc->slab[bc->nslabs - 1][bc->slab_used++];
}

/* The model's state at cycle now, relative to it.  A time at or before
 * now cannot delay an instruction issued at now or later: it is stored as
 * 0 (a scoreboard entry as empty), so equal futures compare equal. */
static void relative_state(block_state_t *s, const cpu_pipeline_t *pl, uint64_t now)
{
    memset(s, 0, sizeof *s);
    for (unsigned k = 0; k < CPU_SCOREBOARD; k++) {
        unsigned a = (k + pl->sb_next) & (CPU_SCOREBOARD - 1);   /* the ring from its next entry */
        bool live = pl->sb_ready[a] > now && pl->sb_mask[a] != 0;
        s->sb_mask[k] = live ? pl->sb_mask[a] : 0;
        s->sb_ready[k] = live ? (uint32_t)(pl->sb_ready[a] - now) : 0;
        if (s->sb_ready[k] > s->sb_max)
            s->sb_max = s->sb_ready[k];
    }
    for (unsigned p = 1; p < 8; p++)
        s->pipe_free[p] = pl->pipe_free[p] > now ? (uint32_t)(pl->pipe_free[p] - now) : 0;
    bool open = pl->pair_cycle != UINT64_MAX && pl->pair_cycle >= now;
    s->pair_cycle = open ? (uint32_t)(pl->pair_cycle - now) : UINT32_MAX;
    s->pair_dst = open ? pl->pair_dst : 0;
    s->pair_dual = open ? pl->pair_dual : 0;
}

static void to_pipeline(cpu_pipeline_t *pl, const block_state_t *s, uint64_t entry, uint32_t rot)
{
    for (unsigned k = 0; k < CPU_SCOREBOARD; k++) {
        unsigned a = (k + rot) & (CPU_SCOREBOARD - 1);
        pl->sb_mask[a] = s->sb_mask[k];
        pl->sb_ready[a] = entry + s->sb_ready[k];
    }
    pl->sb_next = (s->sb_next + rot) & (CPU_SCOREBOARD - 1);
    pl->sb_max = entry + s->sb_max;
    pl->pipe_free[0] = 0;
    for (unsigned p = 1; p < 8; p++)
        pl->pipe_free[p] = entry + s->pipe_free[p];
    pl->pair_cycle = s->pair_cycle == UINT32_MAX ? UINT64_MAX : entry + s->pair_cycle;
    pl->pair_dst = s->pair_dst;
    pl->pair_dual = (uint8_t)s->pair_dual;
}

/* The state of a model started at cycle base (build()), relative to it:
 * every time there is base or later. */
static void from_pipeline(block_state_t *s, const cpu_pipeline_t *pl, uint64_t base)
{
    memset(s, 0, sizeof *s);
    for (unsigned k = 0; k < CPU_SCOREBOARD; k++) {
        s->sb_mask[k] = pl->sb_mask[k];
        s->sb_ready[k] = (uint32_t)(pl->sb_ready[k] - base);
    }
    for (unsigned p = 1; p < 8; p++)
        s->pipe_free[p] = (uint32_t)(pl->pipe_free[p] - base);
    s->pair_cycle = pl->pair_cycle == UINT64_MAX ? UINT32_MAX : (uint32_t)(pl->pair_cycle - base);
    s->pair_dst = pl->pair_dst;
    s->sb_max = (uint32_t)(pl->sb_max - base);
    s->sb_next = pl->sb_next;
    s->pair_dual = pl->pair_dual;
}

_Static_assert(sizeof(block_state_t) % 8 == 0, "block_state_t is compared as whole words");

static bool same_state(const block_state_t *a, const block_state_t *b)
{
    uint64_t wa[sizeof *a / 8], wb[sizeof *b / 8], diff = 0;
    memcpy(wa, a, sizeof wa);
    memcpy(wb, b, sizeof wb);
    for (unsigned i = 0; i < sizeof wa / 8; i++)
        diff |= wa[i] ^ wb[i];
    return diff == 0;
}

void block_restore(cpu_pipeline_t *pl, const block_state_t *s, uint64_t entry, uint32_t rot)
{
    to_pipeline(pl, s, entry, rot);
}

/* The decoded instruction at pc, or NULL. */
static insn_t *decoded_at(cpu_t *cpu, uint32_t pc)
{
    insn_t *chunk = cpu->icache->chunk[pc >> BUS_PAGE_BITS];
    if (!chunk)
        return NULL;
    insn_t *in = &chunk[(pc & (BUS_PAGE_SIZE - 1)) >> 1];
    return in->exec ? in : NULL;
}

/* Whether a delay of the instruction in (issued at issued, as the second
 * of a pair if dual) in model state pl only shifts the rest: the state its
 * retire step leaves when the execute function added d cycles, relative to
 * the front end's next cycle, equals the one it leaves with none (so every
 * later issue, stall and pairing is the precomputed one d cycles later).
 * In pipeline_retire() d enters only through the clock c: what the
 * instruction itself writes (its result's readiness, its pipe, the next
 * cycle) moves with it, so it is the same relative to the next cycle;
 * what earlier ones wrote does not move, so it must already be over at
 * the undelayed next cycle (else d = 1 shows it); and the pair stays open
 * only if next == issued + 1, which no d >= 2 gives (d = 2 shows whether
 * it closes).  So d = 1 and d = 2 decide it for every d >= 1.
 * scratch: three states the caller zeroed once; only the model's part
 * (before the statistics, which relative_state() never reads and the
 * retire step only adds to) is copied into them, a third of the whole. */
#define PIPELINE_MODEL_BYTES offsetof(cpu_pipeline_t, class_insns)
static bool delay_only_shifts(const cpu_pipeline_t *pl, const insn_t *in, uint64_t issued, bool dual,
                              cpu_pipeline_t scratch[3])
{
    cpu_pipeline_t *p0 = &scratch[0];
    memcpy(p0, pl, PIPELINE_MODEL_BYTES);
    uint64_t now0 = pipeline_retire(p0, in, issued, issued, dual);
    block_state_t s0;
    relative_state(&s0, p0, now0);
    for (uint64_t d = 1; d <= 2; d++) {
        cpu_pipeline_t *pd = &scratch[d];
        memcpy(pd, pl, PIPELINE_MODEL_BYTES);
        uint64_t nowd = pipeline_retire(pd, in, issued, issued + d, dual);
        block_state_t sd;
        relative_state(&sd, pd, nowd);
        if (nowd != now0 + d || !same_state(&s0, &sd))
            return false;
    }
    return true;
}

void block_fold_runs(block_cache_t *bc, cpu_pipeline_t *pl)
{
    for (block_t *b = bc->pending; b; b = b->pending_next) {
        /* Instruction j retired in every run that retired more than j. */
        uint64_t runs = 0;
        for (uint32_t j = b->n; j-- > 0;) {
            runs += b->pending_runs[j];
            b->pending_runs[j] = 0;
            pl->class_insns[b->tclass[j]] += runs;
        }
        b->pending_listed = false;
    }
    bc->pending = NULL;
}

/* The conditional instructions of IT instruction it. */
static uint32_t it_block_length(const insn_t *it)
{
    uint32_t n = 0;
    for (uint32_t state = it->raw & 0xFFu; state != 0; state = isa_it_advance(state))
        n++;
    return n;
}

/* Whether the IT at step i of b can be an IT step (BLOCK_STEP_IT): its
 * conditional instructions all in b, none its last, each plain but for
 * running inside an IT block. */
static bool it_block_plain(const block_t *b, uint32_t i)
{
    const insn_t *it = b->step[i].in;
    if (((it->raw >> 4) & 0xFu) == 15u)
        return false;   /* not an IT but UNDEFINED (decode_it(), isa/exec_sys.c) */
    uint32_t n = it_block_length(it);
    if (i + n + 1 >= b->n)
        return false;
    for (uint32_t j = i + 1; j <= i + n; j++)
        if (!isa_insn_plain(b->step[j].in))
            return false;
    return true;
}

/* Which steps of b are plain and, for each step, the plain ones right
 * after it and their horizon (isa/block.h).  A step is plain when its
 * instruction is (isa_insn_plain()), it is not the last, and it runs
 * outside an IT block: the IT state is followed from the block's entry
 * state through its IT instructions (after something unforeseen, an IT
 * inside an IT block, no later step is plain).  A memory step likewise,
 * with isa_insn_memory(), and a branch step with isa_branch_step() and
 * the outcome the step expects.  Steps before from are as marked before
 * (the lists' scans are most of a build's cost). */
static void mark_plain(block_t *b, uint32_t from)
{
    bool plain[BLOCK_MAX];
    /* Steps before from keep their kinds (block_extend()): a step is
     * plain where the one before it counts it, the first where the block
     * leads with it. */
    for (uint32_t i = 0; i < from; i++)
        plain[i] = i ? b->step[i - 1].nplain != 0 : b->lead_plain != 0;
    uint32_t it = b->it_entry;
    bool it_known = true;
    for (uint32_t i = 0; i < b->n; i++) {
        const insn_t *in = b->step[i].in;
        bool outside = it_known && it == 0;
        if (it != 0)
            it = isa_it_advance(it);
        if (isa_is_it(in)) {
            it_known = it_known && outside;
            it = in->raw & 0xFFu;
        }
        if (i < from)
            continue;
        bool may = outside && i + 1 < b->n;   /* outside an IT block, not the last */
        plain[i] = may && isa_insn_plain(in);
        b->step[i].memory = may && isa_insn_memory(in);
        b->step[i].branch = may ? isa_branch_step(in, b->step[i].expect != b->step[i].fall)
                                : ISA_BRANCH_STEP_NONE;
        if (may && isa_is_it(in) && it_block_plain(b, i))
            b->step[i].branch = BLOCK_STEP_IT;
    }
    for (uint32_t i = b->n; i-- > 0;) {
        block_step_t *st = &b->step[i];
        bool next_plain = i + 1 < b->n && plain[i + 1];
        st->nplain = next_plain ? st[1].nplain + 1 : 0;
        st->horizon = next_plain ? st[1].horizon : b->next[i];
        if (st->branch == BLOCK_STEP_IT)
            st->horizon = st[it_block_length(st->in)].horizon;
    }
    b->lead_plain = b->n && plain[0] ? b->step[0].nplain + 1 : 0;
    b->lead_horizon = b->n ? b->step[0].horizon : 0;
}

/* Any base works: times relative to it are what a block keeps (and
 * before[] holds them relative to it, so time_steps() can go on from any
 * of them). */
#define BUILD_BASE (1ull << 40)

/* Add to b the decoded instructions from a on (of its page, none with a
 * fetch cost, up to BLOCK_MAX), across the back edge of a loop whose body
 * b starts with while a whole iteration fits; note in b->cut where an
 * instruction not decoded yet stopped it. */
static void collect_steps(block_t *b, cpu_t *cpu, uint32_t a)
{
    uint32_t page = b->pc >> BUS_PAGE_BITS;
    uint32_t body = 0;   /* steps of a loop's iteration (0: no loop) */
    b->cut = 1;
    while (b->n < BLOCK_MAX && (a >> BUS_PAGE_BITS) == page) {
        insn_t *in = decoded_at(cpu, a);
        if (!in) {
            if (b->n)
                b->cut = a;
            break;
        }
        if (in->fetch_wait)
            break;
        block_step_t *st = &b->step[b->n++];
        st->in = in;
        st->pc = a;
        st->fall = a + in->size;
        st->expect = st->fall;
        a = st->fall;
        /* The back edge of a loop whose body the block starts with: the
         * block goes on with the next iteration while a whole one fits
         * (where the branch falls through or takes the refill, the block
         * is left there as at any other change of flow), and ends at the
         * last that fits: the loop goes on more often than it ends, and
         * the code after it would only add a test that fails.  (A block
         * cut short holds no such back edge: the loop's start is decoded.) */
        uint32_t target;
        if (isa_backward_branch(in, st->pc, &target) && target == b->pc) {
            if (body == 0)
                body = b->n;
            if (b->n + body > BLOCK_MAX)
                break;
            st->expect = target;
            a = target;
        }
    }
    if (b->n)
        b->step[b->n - 1].expect = 1;   /* the block ends there */
}

/* The per-instruction model run over b's steps from step `from` on, from
 * the state before it (before[from]) with no dynamic cost. */
static void time_steps(block_t *b, uint32_t from)
{
    cpu_pipeline_t pl;
    memset(&pl, 0, sizeof pl);
    const uint64_t base = BUILD_BASE;
    to_pipeline(&pl, &b->before[from], base, 0);
    uint64_t now = from ? base + b->next[from - 1] : base;
    cpu_pipeline_t scratch[3];
    memset(scratch, 0, sizeof scratch);
    for (uint32_t i = from; i < b->n; i++) {
        const insn_t *in = b->step[i].in;
        from_pipeline(&b->before[i], &pl, base);
        bool dual;
        uint64_t before_stall = pl.stall_cycles;
        uint64_t issued = pipeline_issue(&pl, in, now, &dual);
        b->step[i].issue = (uint32_t)(issued - base);
        b->stall_pre[i + 1] = b->stall_pre[i] + (uint32_t)(pl.stall_cycles - before_stall);
        b->dual[i] = dual;
        b->dual_pre[i + 1] = b->dual_pre[i] + dual;
        b->tclass[i] = in->tclass;
        if (delay_only_shifts(&pl, in, issued, dual, scratch))
            b->shiftable |= 1u << i;
        now = pipeline_retire(&pl, in, issued, issued, dual);
        b->next[i] = (uint32_t)(now - base);
    }
    from_pipeline(&b->before[b->n], &pl, base);
}

/* Fill b for pc from entry state (EPSR.IT it_entry): the instructions,
 * then the per-instruction model run over them with no dynamic cost. */
static void build(block_t *b, cpu_t *cpu, uint32_t pc, const block_state_t *entry, uint32_t it_entry,
                  uint32_t gen)
{
    b->pc = pc;
    b->gen = gen;
    b->it_entry = it_entry;
    b->n = 0;
    b->version++;
    memset(b->succ, 0, sizeof b->succ);
    memset(b->succ2, 0, sizeof b->succ2);
    memset(b->dsucc, 0, sizeof b->dsucc);
    b->entry = *entry;
    collect_steps(b, cpu, pc);
    /* The model's state before the first step is the entry state: what
     * from_pipeline() makes of to_pipeline()'s. */
    cpu_pipeline_t pl;
    memset(&pl, 0, sizeof pl);
    to_pipeline(&pl, entry, BUILD_BASE, 0);
    from_pipeline(&b->before[0], &pl, BUILD_BASE);
    b->stall_pre[0] = 0;
    b->dual_pre[0] = 0;
    b->shiftable = 0;
    time_steps(b, 0);
    mark_plain(b, 0);
}

/* A step's timing depends only on the entry state and the steps before
 * it, so the steps b had keep theirs, their statistics and their exits'
 * successors (and b its version: the links to it stay good); pending
 * runs count instructions retired from its start, which the new steps do
 * not change.  Only the old last step's exit, which led into the new
 * steps, was never linked (block_link()). */
void block_extend(block_cache_t *bc, cpu_t *cpu, block_t *b)
{
    /* Not after code was written: what it was built from may be gone. */
    if (b->gen != bc->gen || !decoded_at(cpu, b->cut))
        return;
    uint32_t old = b->n;
    b->step[old - 1].expect = b->step[old - 1].fall;
    collect_steps(b, cpu, b->cut);
    for (uint32_t i = old; i < b->n; i++) {
        b->succ[i] = NULL;
        b->succ2[i] = NULL;
        b->dsucc[i] = NULL;
    }
    time_steps(b, old);
    mark_plain(b, old - 1);
}

block_t *block_find(block_cache_t *bc, cpu_t *cpu, uint32_t pc, uint64_t now, uint32_t *rot)
{
    block_set_t *set = &bc->set[(pc >> 1) & (BLOCK_TABLE - 1u)];
    block_state_t s;
    bool have_state = false;
    *rot = cpu->pl.sb_next;
    for (uint32_t w = 0; w < BLOCK_WAYS; w++) {
        block_t *b = set->way[w];
        if (!b || b->pc != pc || b->gen != bc->gen)
            continue;
        if (b->n == 0)
            return NULL;   /* nothing to run from here (a fetch cost) in any state */
        if (b->it_entry != cpu->itstate)
            continue;
        if (!have_state) {
            relative_state(&s, &cpu->pl, now);
            have_state = true;
        }
        if (same_state(&s, &b->entry)) {
            set->hits++;
            return b;
        }
    }
    /* Build only once the first instruction has been decoded (the
     * per-instruction path decodes as it goes), and not for a start whose
     * entry states vary more than the ways hold. */
    if (!decoded_at(cpu, pc) || (set->builds >= 64 && set->builds > set->hits))
        return NULL;
    uint32_t w = set->victim;
    set->victim = (w + 1) % BLOCK_WAYS;
    block_t *b = set->way[w];
    if (!b) {
        /* build() writes only what a block of n instructions uses: a
         * short block's unused tail is never touched. */
        b = block_alloc(bc);
        if (!b)
            return NULL;   /* no block: the per-instruction path runs */
        b->version = 0;
        memset(b->pending_runs, 0, sizeof b->pending_runs);
        b->pending_listed = false;
        set->way[w] = b;
    }
    if (b->pending_listed)
        block_fold_runs(bc, &cpu->pl);   /* its classes are about to change */
    set->builds++;
    if (!have_state)
        relative_state(&s, &cpu->pl, now);
    build(b, cpu, pc, &s, cpu->itstate, bc->gen);
    return b->n ? b : NULL;
}

