/* Set-associative LRU cache tags (isa/cache.h) and the fetch and data
 * timing that uses them. */
#include "cache.h"

#include <stdlib.h>
#include <string.h>

#include "insn.h"

cache_t *cache_create(uint32_t size_bytes, uint32_t ways)
{
    if (size_bytes < CACHE_LINE_BYTES || ways == 0)
        return NULL;
    if (ways > CACHE_MAX_WAYS)
        ways = CACHE_MAX_WAYS;
    uint32_t lines = size_bytes / CACHE_LINE_BYTES;
    uint32_t sets = 1;
    while (sets * 2 * ways <= lines)
        sets *= 2;
    cache_t *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->sets = sets;
    c->ways = ways;
    c->tag = calloc((size_t)sets * ways, sizeof *c->tag);
    c->age = calloc((size_t)sets * ways, sizeof *c->age);
    c->mru = calloc(sets, sizeof *c->mru);
    if (!c->tag || !c->age || !c->mru) {
        cache_destroy(c);
        return NULL;
    }
    return c;
}

void cache_destroy(cache_t *c)
{
    if (!c)
        return;
    free(c->tag);
    free(c->age);
    free(c->mru);
    free(c);
}

void cache_invalidate_all(cache_t *c)
{
    if (!c)
        return;
    memset(c->tag, 0, (size_t)c->sets * c->ways * sizeof *c->tag);
    memset(c->mru, 0, c->sets * sizeof *c->mru);
}

/* The way of the set's tags holding key, or ways when none does.  A line
 * is in at most one way, and which one is data the host cannot predict
 * (streams of accesses hit every way of a set in turn): the scan selects
 * instead of branching per way.  Four ways (the M55's data cache) with a
 * constant bound, so the scan is unrolled. */
static inline uint32_t find_way(const uint32_t *tag, uint32_t key, uint32_t ways)
{
    uint32_t hit = ways;
    if (ways == 4) {
        for (uint32_t w = 0; w < 4; w++)
            hit = tag[w] == key ? w : hit;
        return hit;
    }
    for (uint32_t w = 0; w < ways; w++)
        hit = tag[w] == key ? w : hit;
    return hit;
}

static bool lookup(cache_t *c, uint32_t addr, bool fill)
{
    uint32_t line = addr >> CACHE_LINE_BITS;
    uint32_t set = line & (c->sets - 1), ways = c->ways;
    uint32_t *tag = &c->tag[set * ways], *age = &c->age[set * ways];
    uint32_t key = line + 1;
    c->clock++;
    uint32_t hit = find_way(tag, key, ways);
    if (hit < ways) {
        age[hit] = c->clock;
        c->mru[set] = key;
        c->hits++;
        return true;
    }
    /* The victim: the last invalid way, else the least recently used. */
    uint32_t victim = 0;
    for (uint32_t w = 0; w < ways; w++) {
        if (tag[w] == 0 || (tag[victim] != 0 && age[w] < age[victim]))
            victim = w;
    }
    c->misses++;
    if (fill) {
        tag[victim] = key;
        age[victim] = c->clock;
        c->mru[set] = key;
    }
    return false;
}

bool cache_access(cache_t *c, uint32_t addr)
{
    return lookup(c, addr, true);
}

bool cache_probe(cache_t *c, uint32_t addr)
{
    return lookup(c, addr, false);
}

void cpu_caches_changed(cpu_t *cpu)
{
    bool dc_on = cpu->l1d && (cpu->scb.ccr & CCR_DC);
    cpu->dcache_mru = dc_on ? cpu->l1d->mru : NULL;
    cpu->dcache_set_mask = dc_on ? cpu->l1d->sets - 1u : 0;
    cpu->fetch_line = UINT32_MAX;
}

/* ------------------------------------------------------------------ */
/* Timing of fetches and data accesses outside the TCMs                */

void timing_fetch(cpu_t *cpu, uint32_t pc, const insn_t *in)
{
    bus_page_t *p = cpu->bus->page[pc >> BUS_PAGE_BITS];
    if (!p)
        return;
    p->stats->fetches++;
    p->stats->fetch_bytes += in->size;
    uint32_t line = pc >> CACHE_LINE_BITS;
    if (cpu->l1i && p->cacheable && (cpu->scb.ccr & CCR_IC)) {
        /* The fetch unit reads a line at a time: instructions in the line
         * it already holds cost nothing more. */
        if (line == cpu->fetch_line)
            return;
        cpu->fetch_line = line;
        if (!cache_access(cpu->l1i, pc)) {
            cpu->cycles += p->fill_wait;
            p->stats->wait_cycles += p->fill_wait;
        }
        return;
    }
    cpu->cycles += in->fetch_wait;
    p->stats->wait_cycles += in->fetch_wait;
}

/* The wait states of one access of size bytes at addr to page p: through
 * the data cache when it is on, else one burst of the bus beats it
 * touches.  *moved: the bytes that crossed the bus (line fills count whole
 * lines). */
static uint32_t data_access_wait(cpu_t *cpu, bus_page_t *p, uint32_t addr, unsigned size, bool write,
                                 unsigned *moved)
{
    *moved = size;
    uint32_t wait = write ? p->write_wait : p->read_wait;
    bool cacheable = p->cacheable, write_allocate = p->write_allocate;
    /* With the MPU on, an address in one of its regions has that region's
     * attributes (MAIR), not the default map's (isa/mpu.h). */
    if (cpu->mpu_checking && cacheable)
        cpu_mpu_attributes(cpu, addr, &cacheable, &write_allocate);
    if (cpu->l1d && cacheable && (cpu->scb.ccr & CCR_DC)) {
        uint32_t first = addr >> CACHE_LINE_BITS, last = (addr + size - 1) >> CACHE_LINE_BITS;
        uint32_t total = 0;
        *moved = 0;
        for (uint32_t l = first; l <= last; l++) {
            uint32_t a = l << CACHE_LINE_BITS;
            /* Reads allocate.  Writes allocate in write-back write-allocate
             * memory (a miss fills the line, as a read miss does) and
             * otherwise hit a present line for free or go to memory at the
             * write wait (bus_page_t.write_allocate, sim/machine.c).  Dirty
             * evictions are not charged: the M55's eviction write-back is
             * buffered (assumption). */
            bool allocate = !write || write_allocate;
            bool hit = allocate ? cache_access(cpu->l1d, a) : cache_probe(cpu->l1d, a);
            if (!hit) {
                total += allocate ? p->fill_wait : wait;
                *moved += allocate ? 1u << CACHE_LINE_BITS : size;
            }
        }
        return total;
    }
    if (wait && p->beat_bytes && size > 1) {
        /* One burst: the first beat's wait, then one cycle per further bus
         * beat the bytes touch (assumption, as a line fill).  An access
         * that crosses a beat boundary takes a beat more than its size. */
        uint32_t beats = (addr + size - 1u) / p->beat_bytes - addr / p->beat_bytes + 1u;
        wait += beats - 1u;
    }
    return wait;
}

void cpu_data_wait_slow(cpu_t *cpu, bus_page_t *p, uint32_t addr, unsigned size, bool write)
{
    if (__builtin_expect(cpu->vspan_size != 0, 0)) {
        /* An element of a vector access: the first one charges the span. */
        if (cpu->vspan_charged)
            return;
        cpu->vspan_charged = true;
        addr = cpu->vspan_addr;
        size = cpu->vspan_size;
    }
    if (__builtin_expect(!cpu->mpu_checking && p->cacheable && cpu->l1d && (cpu->scb.ccr & CCR_DC) &&
                             !((addr ^ (addr + size - 1u)) >> CACHE_LINE_BITS) && !cpu->hooks.bus_contention,
                         1)) {
        /* The common case of data_access_wait() below: one line of a
         * cacheable page, the MPU not checking (so the page's attributes
         * hold) and no contention model to tell the bytes moved.  A hit
         * costs nothing (adding 0 changes nothing). */
        bool allocate = !write || p->write_allocate;
        if (lookup(cpu->l1d, addr, allocate))
            return;
        uint32_t wait = allocate ? p->fill_wait : write ? p->write_wait : p->read_wait;
        p->stats->wait_cycles += wait;
        cpu->cycles += wait;
        return;
    }
    unsigned moved;
    uint32_t wait = data_access_wait(cpu, p, addr, size, write, &moved);
    if (__builtin_expect(cpu->hooks.bus_contention != NULL, 0) && wait)
        wait += cpu->hooks.bus_contention(cpu->hooks.ctx, p, cpu->cycles, wait, moved);
    p->stats->wait_cycles += wait;
    cpu->cycles += wait;
}
