/* Block-level timing: building blocks and their entry states (see
 * isa/block.h). */
#include "block.h"

#include <stdlib.h>
#include <string.h>

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
    for (uint32_t i = 0; i < BLOCK_TABLE; i++)
        for (uint32_t w = 0; w < BLOCK_WAYS; w++)
            free(bc->set[i].way[w]);
    free(bc);
}

/* The model's state at cycle now, relative to it.  A time at or before
 * now cannot delay an instruction issued at now or later: it is stored as
 * BLOCK_BASE (a scoreboard entry as empty), so equal futures compare
 * equal. */
static void relative_state(block_state_t *s, const cpu_pipeline_t *pl, uint64_t now)
{
    memset(s, 0, sizeof *s);
    s->sb_max = BLOCK_BASE;
    for (unsigned k = 0; k < CPU_SCOREBOARD; k++) {
        unsigned a = (k + pl->sb_next) & (CPU_SCOREBOARD - 1);   /* the ring from its next entry */
        bool live = pl->sb_ready[a] > now && pl->sb_mask[a] != 0;
        s->sb_mask[k] = live ? pl->sb_mask[a] : 0;
        s->sb_ready[k] = live ? pl->sb_ready[a] - now + BLOCK_BASE : BLOCK_BASE;
        if (s->sb_ready[k] > s->sb_max)
            s->sb_max = s->sb_ready[k];
    }
    s->sb_next = 0;
    for (unsigned p = 1; p < 8; p++)
        s->pipe_free[p] = pl->pipe_free[p] > now ? pl->pipe_free[p] - now + BLOCK_BASE : BLOCK_BASE;
    bool open = pl->pair_cycle != UINT64_MAX && pl->pair_cycle >= now;
    s->pair_cycle = open ? pl->pair_cycle - now + BLOCK_BASE : UINT64_MAX;
    s->pair_dst = open ? pl->pair_dst : 0;
    s->pair_dual = open ? pl->pair_dual : 0;
}

static void to_pipeline(cpu_pipeline_t *pl, const block_state_t *s, uint64_t entry, uint32_t rot)
{
    uint64_t shift = entry - BLOCK_BASE;   /* unsigned wrap-around: adds entry - BASE */
    for (unsigned k = 0; k < CPU_SCOREBOARD; k++) {
        unsigned a = (k + rot) & (CPU_SCOREBOARD - 1);
        pl->sb_mask[a] = s->sb_mask[k];
        pl->sb_ready[a] = s->sb_ready[k] + shift;
    }
    pl->sb_next = (s->sb_next + rot) & (CPU_SCOREBOARD - 1);
    pl->sb_max = s->sb_max + shift;
    pl->pipe_free[0] = 0;
    for (unsigned p = 1; p < 8; p++)
        pl->pipe_free[p] = s->pipe_free[p] + shift;
    pl->pair_cycle = s->pair_cycle == UINT64_MAX ? UINT64_MAX : s->pair_cycle + shift;
    pl->pair_dst = s->pair_dst;
    pl->pair_dual = (uint8_t)s->pair_dual;
}

static void from_pipeline(block_state_t *s, const cpu_pipeline_t *pl)
{
    memset(s, 0, sizeof *s);
    memcpy(s->sb_mask, pl->sb_mask, sizeof s->sb_mask);
    memcpy(s->sb_ready, pl->sb_ready, sizeof s->sb_ready);
    memcpy(s->pipe_free, pl->pipe_free, sizeof s->pipe_free);
    s->pair_cycle = pl->pair_cycle;
    s->pair_dst = pl->pair_dst;
    s->sb_max = pl->sb_max;
    s->sb_next = pl->sb_next;
    s->pair_dual = pl->pair_dual;
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

/* Fill b for pc from entry state: the instructions (decoded ones of one
 * page, none with a fetch cost), then the per-instruction model run over
 * them with no dynamic cost. */
static void build(block_t *b, cpu_t *cpu, uint32_t pc, const block_state_t *entry, uint32_t gen)
{
    b->pc = pc;
    b->gen = gen;
    b->n = 0;
    b->version++;
    memset(b->succ, 0, sizeof b->succ);
    b->entry = *entry;
    uint32_t page = pc >> BUS_PAGE_BITS;
    for (uint32_t a = pc; b->n < BLOCK_MAX && (a >> BUS_PAGE_BITS) == page; ) {
        insn_t *in = decoded_at(cpu, a);
        if (!in || in->fetch_wait)
            break;
        b->insn[b->n++] = in;
        a += in->size;
    }
    cpu_pipeline_t pl;
    memset(&pl, 0, sizeof pl);
    to_pipeline(&pl, entry, BLOCK_BASE, 0);
    uint64_t now = BLOCK_BASE;
    for (uint32_t i = 0; i < b->n; i++) {
        const insn_t *in = b->insn[i];
        from_pipeline(&b->before[i], &pl);
        bool dual;
        uint64_t before_stall = pl.stall_cycles;
        uint64_t issued = pipeline_issue(&pl, in, now, &dual);
        b->issue[i] = (uint32_t)(issued - BLOCK_BASE);
        b->stall[i] = (uint32_t)(pl.stall_cycles - before_stall);
        b->dual[i] = dual;
        now = pipeline_retire(&pl, in, issued, issued, dual);
        b->next[i] = (uint32_t)(now - BLOCK_BASE);
    }
    from_pipeline(&b->before[b->n], &pl);
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
        if (!have_state) {
            relative_state(&s, &cpu->pl, now);
            have_state = true;
        }
        if (memcmp(&s, &b->entry, sizeof s) == 0) {
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
        b = calloc(1, sizeof *b);
        if (!b)
            return NULL;   /* no block: the per-instruction path runs */
        set->way[w] = b;
    }
    set->builds++;
    if (!have_state)
        relative_state(&s, &cpu->pl, now);
    build(b, cpu, pc, &s, bc->gen);
    return b->n ? b : NULL;
}
