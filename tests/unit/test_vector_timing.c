/* Wait states of Helium loads and stores (docs/timing.md, "Memory"): a
 * contiguous vector access is one access of its byte span however it is
 * carried out (narrowing, widening, predicated, not word-aligned), and the
 * data cache allocates on a write miss in write-back write-allocate memory.
 * Each test measures the cycles an access costs beyond the same code on a
 * zero-wait page. */
#include <criterion/criterion.h>

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
