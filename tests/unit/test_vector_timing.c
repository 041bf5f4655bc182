/* Wait states of Helium loads and stores (docs/timing.md, "Memory"): a
 * contiguous vector access is one access of its byte span however it is
 * carried out (narrowing, widening, predicated, not word-aligned), and the
 * data cache allocates on a write miss in write-back write-allocate memory.
 * Each test measures the cycles an access costs beyond the same code on a
 * zero-wait page. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../isa/cache.h"
#include "harness.h"

#define D TCPU_DATA_ADDR

enum page_setup { NO_CACHE, CACHED_WBWA, CACHED_WT };

static tcpu_t *machine(bool waits, enum page_setup setup)
{
    tcpu_t *t = tcpu_new();
    bus_page_t *p = t->bus.page[D >> BUS_PAGE_BITS];
    p->beat_bytes = 8;            /* a 64-bit bus, as the AN547's SRAM */
    if (waits) {
        p->read_wait = 1;
        p->write_wait = 1;
        p->fill_wait = 4;         /* 1 + 3 further beats of a 32-byte line */
    }
    if (setup != NO_CACHE) {
        t->cpu->l1d = cache_create(32 * 1024, 4);
        t->cpu->scb.ccr |= CCR_DC;
        p->cacheable = true;
        p->write_allocate = setup == CACHED_WBWA;
        cpu_caches_changed(t->cpu);
    }
    t->cpu->r[1] = D + 0x100;
    t->cpu->r[2] = 15;            /* VCTP.8 count */
    return t;
}

/* Cycles src costs on a page with wait states beyond a page without. */
static uint64_t wait_of(const char *src, enum page_setup setup)
{
    uint64_t cycles[2];
    for (int waits = 0; waits < 2; waits++) {
        tcpu_t *t = machine(waits, setup);
        uint64_t before = t->cpu->cycles;
        cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "%s", src);
        cycles[waits] = t->cpu->cycles - before;
        cache_destroy(t->cpu->l1d);
        t->cpu->l1d = NULL;
        tcpu_free(t);
    }
    return cycles[1] - cycles[0];
}

/* Without a cache, the first beat pays the wait and each further 64-bit
 * beat the bytes touch one cycle. */
Test(vector_timing, whole_vector_store_is_one_burst)
{
    cr_expect_eq(wait_of("vstrw.32 q0, [r1]", NO_CACHE), 2);
}

Test(vector_timing, narrowing_store_is_one_access)
{
    /* 4 bytes: one beat (before: a wait per element, 4). */
    cr_expect_eq(wait_of("vstrb.32 q0, [r1]", NO_CACHE), 1);
    cr_expect_eq(wait_of("vstrh.32 q0, [r1]", NO_CACHE), 1);
}

Test(vector_timing, unaligned_store_is_one_access_of_three_beats)
{
    /* 16 bytes from offset 1 touch three 8-byte beats (before: 16). */
    cr_expect_eq(wait_of("vstrb.8 q0, [r1, #1]", NO_CACHE), 3);
}

Test(vector_timing, predicated_store_is_one_access_of_its_active_bytes)
{
    /* 15 active bytes: two beats (before: 15). */
    cr_expect_eq(wait_of("vctp.8 r2\nvpst\nvstrbt.8 q0, [r1]", NO_CACHE), 2);
    /* No active element: no access at all. */
    cr_expect_eq(wait_of("movs r3, #0\nvctp.8 r3\nvpst\nvstrbt.8 q0, [r1]", NO_CACHE), 0);
}

Test(vector_timing, widening_load_is_one_access)
{
    cr_expect_eq(wait_of("vldrb.s32 q0, [r1]", NO_CACHE), 1);
    cr_expect_eq(wait_of("vldrh.u32 q0, [r1]", NO_CACHE), 1);
}

/* With the data cache: a line is filled once, whatever the access. */
Test(vector_timing, cached_narrowing_load_fills_one_line)
{
    cr_expect_eq(wait_of("vldrb.s16 q0, [r1]", CACHED_WBWA), 4);
    /* Crossing into the next line fills both. */
    cr_expect_eq(wait_of("vldrb.u8 q0, [r1, #24]", CACHED_WBWA), 8);
}

Test(vector_timing, write_allocate_fills_on_a_store_miss)
{
    /* Write-back write-allocate: the first store fills the line, the
     * second hits it. */
    cr_expect_eq(wait_of("vstrw.32 q0, [r1]\nvstrw.32 q0, [r1, #16]", CACHED_WBWA), 4);
    /* Write-through memory does not allocate: each store goes to memory. */
    cr_expect_eq(wait_of("vstrw.32 q0, [r1]\nvstrw.32 q0, [r1, #16]", CACHED_WT), 2);
    /* A store loop over one line in write-back memory misses once. */
    cr_expect_eq(wait_of("str r0, [r1]\nstr r0, [r1, #4]\nstr r0, [r1, #8]\nstr r0, [r1, #28]", CACHED_WBWA), 4);
}

Test(vector_timing, load_after_allocating_store_hits)
{
    cr_expect_eq(wait_of("vstrb.32 q0, [r1]\nvldrw.u32 q1, [r1]", CACHED_WBWA), 4);
}

/* A fault inside a vector access must not leave the span open: later
 * accesses are charged as before. */
Test(vector_timing, fault_ends_the_span)
{
    tcpu_t *t = machine(true, NO_CACHE);
    t->cpu->r[1] = D + 0x101;     /* VSTRH to an odd address: UNALIGNED UsageFault */
    cr_assert_eq(tcpu_run_asm(t, "vstrh.16 q0, [r1]"), TCPU_FAULT);
    cr_expect_eq(t->cpu->vspan_size, 0u);
    tcpu_free(t);
}

/* A contiguous access whose elements all lie in one host page is counted
 * and charged at once (isa/exec_mve.c, elems_host); one that crosses into
 * the next page goes element by element through cpu_read8/16/32 and
 * cpu_write8/16/32.  Both must give the same counts, bytes, wait cycles,
 * cycles, MRU hits and result: the same access placed at the same offset
 * from a line start, once inside a page and once across a page boundary
 * of the same region. */
typedef struct {
    bus_stats_t stats;
    uint64_t cycles, mru_hits, hits, misses;
    uint8_t q0[16], mem[32];   /* Q0 and the bytes around the access after it */
} access_effect_t;

static access_effect_t effect_at(const char *src, uint32_t addr, enum page_setup setup)
{
    tcpu_t *t = machine(true, setup);
    bus_page_t *next = t->bus.page[(D >> BUS_PAGE_BITS) + 1];
    uint8_t *next_host = next->host;
    *next = *t->bus.page[D >> BUS_PAGE_BITS];   /* the same waits and attributes */
    next->host = next_host;
    for (unsigned i = 0; i < 32; i++)
        tcpu_poke8(t, addr - 8 + i, (uint8_t)(0x81 + 7 * i));
    t->cpu->r[1] = addr;
    for (unsigned i = 0; i < 16; i++)
        t->cpu->fp.b[i] = (uint8_t)(0xF0 - 3 * i);
    bus_stats_t before = *next->stats;
    uint64_t cycles = t->cpu->cycles;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "%s", src);
    access_effect_t e = {.stats = *next->stats};
    e.stats.reads -= before.reads;
    e.stats.writes -= before.writes;
    e.stats.read_bytes -= before.read_bytes;
    e.stats.write_bytes -= before.write_bytes;
    e.stats.wait_cycles -= before.wait_cycles;
    e.cycles = t->cpu->cycles - cycles;
    e.mru_hits = t->cpu->dcache_mru_hits;
    memcpy(e.q0, t->cpu->fp.b, 16);
    for (unsigned i = 0; i < 32; i++)
        e.mem[i] = tcpu_peek8(t, addr - 8 + i);
    if (t->cpu->l1d) {
        e.hits = t->cpu->l1d->hits;
        e.misses = t->cpu->l1d->misses;
        cache_destroy(t->cpu->l1d);
    }
    t->cpu->l1d = NULL;
    tcpu_free(t);
    return e;
}

Test(vector_timing, element_accesses_in_one_page_are_charged_as_one_by_one)
{
    static const struct { const char *src; uint32_t back; } cases[] = {
        {"vldrb.u8 q0, [r1]", 7},            /* not word-aligned */
        {"vldrh.u16 q0, [r1]", 6},
        {"vldrb.s16 q0, [r1]", 5},           /* widening */
        {"vldrb.u16 q0, [r1]", 3},
        {"vldrb.s32 q0, [r1]", 2},
        {"vldrb.u32 q0, [r1]", 1},
        {"vldrh.s32 q0, [r1]", 4},
        {"vldrh.u32 q0, [r1]", 6},
        {"vstrb.8 q0, [r1]", 9},             /* not word-aligned */
        {"vstrb.16 q0, [r1]", 3},            /* narrowing */
        {"vstrb.32 q0, [r1]", 2},
        {"vstrh.32 q0, [r1]", 6},
        {"vctp.8 r2\nvpst\nvldrbt.u8 q0, [r1]", 7},    /* predicated: 15 of 16 */
        {"vctp.16 r2\nvpst\nvldrbt.s16 q0, [r1]", 7},  /* 8 of 8 (VCTP.16 of 15) */
        {"vctp.32 r3\nvpst\nvstrbt.32 q0, [r1]", 2},   /* 3 of 4 */
        {"vctp.32 r3\nvpst\nvldrwt.u32 q0, [r1]", 8},  /* word-aligned, predicated */
        /* twice: the second finds its lines MRU */
        {"vctp.8 r2\nvpst\nvldrbt.u8 q0, [r1]\nvpst\nvldrbt.u8 q0, [r1]", 7},
        {"vctp.32 r3\nvpst\nvstrwt.32 q0, [r1]\nvpst\nvstrwt.32 q0, [r1]", 8},
        {"vctp.16 r3\nvpst\nvstrbt.16 q0, [r1]\nvpst\nvstrbt.16 q0, [r1]", 1},   /* 3 of 8, one line */
        /* only the first, or only the last, line MRU before it */
        {"ldrb r5, [r1]\nvctp.8 r2\nvpst\nvstrbt.8 q0, [r1]", 9},
        {"ldrb r5, [r1, #14]\nvctp.8 r2\nvpst\nvldrbt.u8 q0, [r1]", 9},
        {"ldrb r5, [r1]\nvctp.16 r2\nvpst\nvldrbt.s16 q0, [r1]", 5},
        {"ldrb r5, [r1, #7]\nvctp.32 r3\nvpst\nvstrbt.32 q0, [r1]", 2},
        /* the first elements off (VPNOT after VCTP): the span starts later */
        {"vctp.8 r3\nvpnot\nvpst\nvldrbt.u8 q0, [r1]", 6},
        {"vctp.8 r3\nvpnot\nvpst\nvstrbt.8 q0, [r1]\nvpst\nvstrbt.8 q0, [r1]", 2},
        {"ldrb r5, [r1, #3]\nvctp.16 r3\nvpnot\nvpst\nvldrbt.u16 q0, [r1]", 6},
        {"ldrb r5, [r1, #8]\nvctp.32 r3\nvpnot\nvpst\nvldrht.s32 q0, [r1]", 6},
        {"vctp.32 r3\nvpnot\nvpst\nvstrht.32 q0, [r1]\nvpst\nvstrht.32 q0, [r1]", 2},
    };
    static const enum page_setup setups[] = {NO_CACHE, CACHED_WBWA, CACHED_WT};
    const uint32_t inside = D + 0x8000, across = D + 0x10000;   /* both 32-byte aligned */
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (size_t s = 0; s < sizeof setups / sizeof setups[0]; s++) {
            char src[128];
            snprintf(src, sizeof src, "movs r3, #3\n%s", cases[c].src);
            access_effect_t a = effect_at(src, inside - cases[c].back, setups[s]);
            access_effect_t b = effect_at(src, across - cases[c].back, setups[s]);
            const char *what = cases[c].src;
            cr_expect(a.stats.reads + a.stats.writes > 0, "%s: no access counted", what);
            cr_expect_eq(a.stats.reads, b.stats.reads, "%s (setup %zu): reads", what, s);
            cr_expect_eq(a.stats.writes, b.stats.writes, "%s (setup %zu): writes", what, s);
            cr_expect_eq(a.stats.read_bytes, b.stats.read_bytes, "%s (setup %zu): read bytes", what, s);
            cr_expect_eq(a.stats.write_bytes, b.stats.write_bytes, "%s (setup %zu): write bytes", what, s);
            cr_expect_eq(a.stats.wait_cycles, b.stats.wait_cycles, "%s (setup %zu): wait cycles", what, s);
            cr_expect_eq(a.cycles, b.cycles, "%s (setup %zu): cycles", what, s);
            cr_expect_eq(a.mru_hits, b.mru_hits, "%s (setup %zu): MRU hits", what, s);
            cr_expect_eq(a.hits, b.hits, "%s (setup %zu): cache hits", what, s);
            cr_expect_eq(a.misses, b.misses, "%s (setup %zu): cache misses", what, s);
            cr_expect_arr_eq(a.q0, b.q0, 16, "%s (setup %zu): Q0", what, s);
            cr_expect_arr_eq(a.mem, b.mem, 32, "%s (setup %zu): memory", what, s);
        }
    }
}

/* The common case of a contiguous access (every lane on, no VPT block,
 * all in one page: quick_host() in isa/exec_mve.c, with charge_elements()
 * where its lines are not both MRU) against the general path of the same
 * access: inside a VPT block whose lanes are all on (mve_quick() false,
 * the lane mask full).  Each access runs twice, so the second finds its
 * lines MRU; a scalar load before it makes only its first line MRU, or
 * (offsets from 20 up) only its last; a run inside a tail-predicated loop
 * with LR a full vector takes the common path too.  Both must count,
 * charge and cache the same (cycles differ: VPST is an instruction). */
typedef struct {
    bus_stats_t stats;
    uint64_t mru_hits, hits, misses;
    uint8_t q0[16], q1[16], mem[64];
    uint32_t r1;
} quick_effect_t;

static quick_effect_t quick_effect(const char *src, uint32_t addr, enum page_setup setup, bool tail_predicated)
{
    tcpu_t *t = machine(true, setup);
    for (unsigned i = 0; i < 64; i++)
        tcpu_poke8(t, addr - 32 + i, (uint8_t)(0x93 + 5 * i));
    t->cpu->r[1] = addr;
    for (unsigned i = 0; i < 32; i++)
        t->cpu->fp.b[i] = (uint8_t)(0xE1 - 7 * i);
    if (tail_predicated) {
        t->cpu->lo_ltpsize = 0;   /* a DLSTP.8 loop with 16 elements left */
        t->cpu->r[14] = 16;
    }
    bus_stats_t *st = t->bus.page[D >> BUS_PAGE_BITS]->stats, before = *st;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "%s", src);
    quick_effect_t e = {.stats = *st, .r1 = t->cpu->r[1]};
    e.stats.reads -= before.reads;
    e.stats.writes -= before.writes;
    e.stats.read_bytes -= before.read_bytes;
    e.stats.write_bytes -= before.write_bytes;
    e.stats.wait_cycles -= before.wait_cycles;
    e.mru_hits = t->cpu->dcache_mru_hits;
    if (t->cpu->l1d) {
        e.hits = t->cpu->l1d->hits;
        e.misses = t->cpu->l1d->misses;
        cache_destroy(t->cpu->l1d);
        t->cpu->l1d = NULL;
    }
    memcpy(e.q0, t->cpu->fp.b, 16);
    memcpy(e.q1, t->cpu->fp.b + 16, 16);
    for (unsigned i = 0; i < 64; i++)
        e.mem[i] = tcpu_peek8(t, addr - 32 + i);
    tcpu_free(t);
    return e;
}

static void expect_same_effect(const quick_effect_t *a, const quick_effect_t *b, const char *what)
{
    cr_expect(a->stats.reads + a->stats.writes > 0, "%s: no access counted", what);
    cr_expect_eq(a->stats.reads, b->stats.reads, "%s: reads", what);
    cr_expect_eq(a->stats.writes, b->stats.writes, "%s: writes", what);
    cr_expect_eq(a->stats.read_bytes, b->stats.read_bytes, "%s: read bytes", what);
    cr_expect_eq(a->stats.write_bytes, b->stats.write_bytes, "%s: write bytes", what);
    cr_expect_eq(a->stats.wait_cycles, b->stats.wait_cycles, "%s: wait cycles", what);
    cr_expect_eq(a->mru_hits, b->mru_hits, "%s: MRU hits", what);
    cr_expect_eq(a->hits, b->hits, "%s: cache hits", what);
    cr_expect_eq(a->misses, b->misses, "%s: cache misses", what);
    cr_expect_eq(a->r1, b->r1, "%s: base register", what);
    cr_expect_arr_eq(a->q0, b->q0, 16, "%s: Q0", what);
    cr_expect_arr_eq(a->q1, b->q1, 16, "%s: Q1", what);
    cr_expect_arr_eq(a->mem, b->mem, 64, "%s: memory", what);
}

Test(vector_timing, unpredicated_access_is_charged_as_the_general_path)
{
    static const struct { const char *op, *regs; unsigned ms; } forms[] = {
        {"vldrb.u8", "q0, [r1]", 1},  {"vldrh.u16", "q0, [r1]", 2}, {"vldrw.u32", "q0, [r1]", 4},
        {"vldrb.s16", "q0, [r1]", 1}, {"vldrb.u16", "q0, [r1]", 1}, {"vldrb.s32", "q0, [r1]", 1},
        {"vldrb.u32", "q0, [r1]", 1}, {"vldrh.s32", "q0, [r1]", 2}, {"vldrh.u32", "q0, [r1]", 2},
        {"vstrb.8", "q0, [r1]", 1},   {"vstrh.16", "q0, [r1]", 2},  {"vstrw.32", "q0, [r1]", 4},
        {"vstrb.16", "q0, [r1]", 1},  {"vstrb.32", "q0, [r1]", 1},  {"vstrh.32", "q0, [r1]", 2},
        {"vldrb.u8", "q1, [r1, #16]!", 1}, {"vstrw.32", "q1, [r1], #-32", 4},
    };
    static const uint32_t offsets[] = {0, 1, 14, 28, 31};   /* from a line start */
    /* before the accesses: nothing, its first line made MRU, its last */
    static const char *const before[] = {"", "ldrb r5, [r1]\n", "ldrb r5, [r1, #12]\n"};
    static const enum page_setup setups[] = {NO_CACHE, CACHED_WBWA, CACHED_WT};
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        const char *op = forms[f].op, *dot = strchr(op, '.');
        for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++) {
            if (offsets[o] % forms[f].ms)
                continue;
            for (size_t b = 0; b < 4; b++) {   /* 3: tail-predicated, nothing before */
                const char *pre = before[b % 3];
                char plain[200], general[240];
                /* VCTP outside a VPT block sets P0 only: the plain access
                 * stays on the common path. */
                snprintf(plain, sizeof plain, "%smovs r4, #16\nvctp.8 r4\n%s %s\n%s %s", pre, op, forms[f].regs, op,
                         forms[f].regs);
                snprintf(general, sizeof general, "%smovs r4, #16\nvctp.8 r4\nvpst\n%.*st%s %s\nvpst\n%.*st%s %s", pre,
                         (int)(dot - op), op, dot, forms[f].regs, (int)(dot - op), op, dot, forms[f].regs);
                for (size_t s = 0; s < sizeof setups / sizeof setups[0]; s++) {
                    if (setups[s] == NO_CACHE && b % 3 != 0)
                        continue;   /* no MRU lines to make */
                    uint32_t addr = D + 0x8000 + offsets[o];
                    quick_effect_t x = quick_effect(plain, addr, setups[s], b == 3);
                    quick_effect_t y = quick_effect(general, addr, setups[s], b == 3);
                    char what[300];
                    snprintf(what, sizeof what, "%s +%u (setup %zu%s)", plain, offsets[o], s,
                             b == 3 ? ", tail-predicated" : "");
                    expect_same_effect(&x, &y, what);
                }
            }
        }
    }
}
