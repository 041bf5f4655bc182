/* RAM and flash accounting (sim/ram.h). */
#include "ram.h"

#include <elf.h>
#include <string.h>

#include "../firmware/include/etsim_profport.h"

/* The stack must look like one: inside one RAM region, at most 16 MiB. */
static bool stack_plausible(const machine_t *m, uint32_t limit, uint32_t top)
{
    uint32_t off;
    const sim_region_t *r = machine_region_at(m, limit, &off);
    return limit && top > limit && top - limit <= (16u << 20) && r && r->desc->kind != MEM_FLASH &&
           off + (uint64_t)(top - limit) <= r->desc->size;
}

void ram_prepare(machine_t *m, const elf_info_t *elf, ram_info_t *ri)
{
    memset(ri, 0, sizeof *ri);
    ri->stack_top = elf->sym_stack_top;
    ri->stack_limit = elf->sym_stack_limit;
    ri->heap_base = elf->sym_heap_start;
    ri->heap_limit = elf->sym_heap_limit;
    /* Without __StackLimit: the region below the initial MSP down to the
     * heap limit (or 64 KiB). */
    if (!ri->stack_top) {
        uint32_t sp = 0;
        if (machine_read_bytes(m, m->desc.reset_vtor, &sp, 4))
            ri->stack_top = sp & ~7u;
    }
    if (!ri->stack_limit && ri->stack_top)
        ri->stack_limit = ri->heap_limit && ri->heap_limit < ri->stack_top ? ri->heap_limit
                        : ri->stack_top - 0x10000u;
    ri->stack_limit = (ri->stack_limit + 3) & ~3u;
    if (!stack_plausible(m, ri->stack_limit, ri->stack_top))
        return;
    uint32_t buf[1024];
    for (size_t i = 0; i < 1024; i++)
        buf[i] = RAM_STACK_PATTERN;
    for (uint32_t a = ri->stack_limit; a < ri->stack_top;) {
        uint32_t n = ri->stack_top - a < sizeof buf ? ri->stack_top - a : (uint32_t)sizeof buf;
        if (!machine_write_bytes(m, a, buf, n))
            return;
        a += n;
    }
    ri->stack_known = true;
}

/* The stack's peak: from its limit up, the words still holding the
 * pattern were never used.  Read 4 KiB at a time (one region look-up
 * each, not one per word: a 64 KiB stack was 16,384 look-ups); a piece
 * that cannot be read is retried word by word, so the peak stops at the
 * first unreadable word as it would one word at a time. */
static void measure_stack(machine_t *m, ram_info_t *ri)
{
    if (!ri->stack_known)
        return;
    uint32_t a = ri->stack_limit;
    uint32_t buf[1024];
    while (a < ri->stack_top) {
        uint32_t n = ri->stack_top - a < sizeof buf ? ri->stack_top - a : (uint32_t)sizeof buf;
        uint32_t words = n / 4;
        if (words == 0 || !machine_read_bytes(m, a, buf, words * 4)) {
            words = 1;
            if (!machine_read_bytes(m, a, buf, 4))
                break;
        }
        uint32_t i = 0;
        while (i < words && buf[i] == RAM_STACK_PATTERN)
            i++;
        a += 4 * i;
        if (i < words)
            break;
    }
    ri->stack_peak = ri->stack_top - a;
}

/* The host bytes of [a, a+n) where they lie in one region, else NULL. */
static const uint8_t *host_span(const machine_t *m, uint32_t a, uint32_t n)
{
    uint32_t off;
    const sim_region_t *r = machine_region_at(m, a, &off);
    return r && off + (uint64_t)n <= r->desc->size ? r->host + off : NULL;
}

/* Highest non-zero byte in [lo, hi), as an offset + 1 from lo (0: all zero).
 * Read in place, 4 KiB at a time (a 2 MiB pool is mostly zero: copying
 * it out first doubled the memory read); a piece that spans regions is
 * copied out as before. */
static uint64_t touched_extent(machine_t *m, uint32_t lo, uint32_t hi)
{
    uint8_t buf[4096];
    uint32_t end = hi;
    while (end > lo) {
        uint32_t n = end - lo < sizeof buf ? end - lo : (uint32_t)sizeof buf;
        if (machine_known_zero(m, end - n, n)) {   /* a pool's untouched part: not even read */
            end -= n;
            continue;
        }
        const uint8_t *p = host_span(m, end - n, n);
        if (!p) {
            if (!machine_read_bytes(m, end - n, buf, n))
                return hi - lo;     /* cannot read: count it all */
            p = buf;
        }
        if (!machine_all_zero(p, n))   /* most of a pool is: no byte loop */
            for (uint32_t i = n; i-- > 0;)
                if (p[i])
                    return (uint64_t)(end - n + i + 1 - lo);
        end -= n;
    }
    return 0;
}

typedef struct sym_want {
    const char *name;
    uint32_t value;
    bool found;
} sym_want_t;

/* The first symbol of each wanted name. */
static void find_symbols(const elf_tables_t *t, sym_want_t *w, size_t nw)
{
    for (size_t i = 0; i < t->nsymbols; i++) {
        for (size_t k = 0; k < nw; k++) {
            if (!w[k].found && strcmp(t->symbols[i].name, w[k].name) == 0) {
                w[k].value = t->symbols[i].value;
                w[k].found = true;
            }
        }
    }
}

static int tier_of(const machine_t *m, uint32_t addr)
{
    uint32_t off;
    const sim_region_t *r = machine_region_at(m, addr, &off);
    return r ? (int)(r - m->regions) : -1;
}

static bool inside(uint32_t a, uint64_t len, uint32_t lo, uint32_t hi)
{
    return lo < hi && a >= lo && (uint64_t)a + len <= hi;
}

/* Does [a, a+len) lie in the stack or heap area (not static data)? */
static bool is_stack_or_heap(const ram_info_t *ri, uint32_t a, uint64_t len)
{
    return inside(a, len, ri->stack_limit, ri->stack_top) || inside(a, len, ri->heap_base, ri->heap_limit);
}

static void measure_heap(machine_t *m, const elf_tables_t *elf, ram_info_t *ri)
{
    if (!ri->heap_base || ri->heap_limit <= ri->heap_base)
        return;
    sym_want_t w[] = {{"__malloc_max_sbrked_mem", 0, false}, {"heap_end.0", 0, false},
                      {"heap_end", 0, false}};
    find_symbols(elf, w, sizeof w / sizeof w[0]);
    uint32_t v;
    uint64_t peak = 0;
    ri->heap_source = "touched";
    if (w[0].found && machine_read_bytes(m, w[0].value, &v, 4) && v <= ri->heap_limit - ri->heap_base) {
        peak = v;
        ri->heap_source = "__malloc_max_sbrked_mem";
    }
    for (int k = 1; k < 3; k++) {
        if (w[k].found && machine_read_bytes(m, w[k].value, &v, 4) && v > ri->heap_base &&
            v <= ri->heap_limit && v - ri->heap_base > peak) {
            peak = v - ri->heap_base;
            ri->heap_source = "_sbrk";
        }
    }
    uint64_t touched = touched_extent(m, ri->heap_base, ri->heap_limit);
    if (touched > peak) {
        peak = (touched + 7) & ~7ull;
        ri->heap_source = "touched";
    }
    ri->heap_peak = peak;
    ri->heap_known = true;
}

/* Arenas the runtime announced that lie in [lo, lo+len): their end. */
static uint64_t arena_end_in(const machine_t *m, uint32_t lo, uint64_t len)
{
    uint64_t end = 0;
    for (uint32_t i = 0; i < m->prof.nevents; i++) {
        const profport_event_t *ev = &m->prof.events[i];
        if (ev->code == ETSIM_EV_ARENA && inside(ev->arg[1], ev->arg[2], lo, (uint32_t)(lo + len)))
            if (ev->arg[1] + (uint64_t)ev->arg[2] - lo > end)
                end = ev->arg[1] + (uint64_t)ev->arg[2] - lo;
    }
    return end;
}

static void account_sections(machine_t *m, const elf_tables_t *elf, ram_info_t *ri)
{
    for (size_t i = 0; i < elf->nsections; i++) {
        const elf_section_t *sh = &elf->sections[i];
        if (sh->size == 0 || sh->addr > UINT32_MAX || sh->size > UINT32_MAX)
            continue;
        uint32_t a = (uint32_t)sh->addr;
        int t = tier_of(m, a);
        if (t < 0 || is_stack_or_heap(ri, a, sh->size))
            continue;
        ram_tier_t *tt = &ri->tiers[t];
        if (!(sh->flags & SHF_WRITE) || (sh->flags & SHF_EXECINSTR)) {
            tt->code_bytes += sh->size;
        } else if (sh->type != SHT_NOBITS) {
            tt->data_bytes += sh->size;
        } else {
            uint64_t used = touched_extent(m, a, (uint32_t)(a + sh->size));
            uint64_t ae = arena_end_in(m, a, sh->size);
            used = used > ae ? used : ae;
            tt->bss_reserved += sh->size;
            tt->bss_used += (used + 7) & ~7ull;
        }
    }
}

/* Is [a, a+len) inside an allocated section of the ELF? */
static bool in_section(const elf_tables_t *elf, uint32_t a, uint64_t len)
{
    for (size_t i = 0; i < elf->nsections; i++) {
        const elf_section_t *sh = &elf->sections[i];
        if (sh->addr <= UINT32_MAX && a >= sh->addr && a + len <= sh->addr + sh->size)
            return true;
    }
    return false;
}

static void account_arenas(machine_t *m, const elf_tables_t *elf, ram_info_t *ri)
{
    for (uint32_t i = 0; i < m->prof.nevents; i++) {
        const profport_event_t *ev = &m->prof.events[i];
        if (ev->code != ETSIM_EV_ARENA)
            continue;
        int t = tier_of(m, ev->arg[1]);
        if (t < 0)
            continue;
        ri->tiers[t].arena_bytes += ev->arg[2];
        if (!in_section(elf, ev->arg[1], ev->arg[2]) && !is_stack_or_heap(ri, ev->arg[1], ev->arg[2]))
            ri->tiers[t].arena_outside += ev->arg[2];
    }
}

void ram_measure(machine_t *m, const elf_tables_t *elf, ram_info_t *ri)
{
    ri->ntiers = m->nregions;
    for (int i = 0; i < m->nregions; i++) {
        ram_tier_t *t = &ri->tiers[i];
        memset(t, 0, sizeof *t);
        memcpy(t->name, m->regions[i].desc->name, sizeof t->name);
        t->kind = m->regions[i].desc->kind;
        t->size = m->regions[i].desc->size;
    }
    measure_stack(m, ri);
    measure_heap(m, elf, ri);
    account_sections(m, elf, ri);
    account_arenas(m, elf, ri);
    if (ri->stack_known && tier_of(m, ri->stack_limit) >= 0)
        ri->tiers[tier_of(m, ri->stack_limit)].stack_bytes = ri->stack_peak;
    if (ri->heap_known && tier_of(m, ri->heap_base) >= 0)
        ri->tiers[tier_of(m, ri->heap_base)].heap_bytes = ri->heap_peak;
    ri->ram_peak = 0;
    ri->ram_touched = 0;
    ri->touched_known = m->tracking_writes;
    if (m->tracking_writes)
        machine_scan_writes(m);
    for (int i = 0; i < ri->ntiers; i++) {
        ram_tier_t *t = &ri->tiers[i];
        if (t->kind == MEM_FLASH)
            continue;
        t->ram_bytes = t->data_bytes + t->bss_used + t->arena_outside + t->stack_bytes + t->heap_bytes;
        ri->ram_peak += t->ram_bytes;
        t->touched_bytes = machine_touched_bytes(m, i);
        ri->ram_touched += t->touched_bytes;
    }
}
