/* The first-write trap (bus_page_t.write_trap, sim/machine.c's "RAM
 * touched"): the first store to a trapped page tells the SoC once, then
 * completes exactly as an ordinary fast-path store would (same cycles,
 * same counters, same bytes), whatever kind of store it is. */
#include <criterion/criterion.h>
#include <string.h>

#include "harness.h"

#define D TCPU_DATA_ADDR

static unsigned calls;
static bus_page_t *called_with;

static void on_first_write(void *ctx, bus_page_t *p)
{
    (void)ctx;
    calls++;
    called_with = p;
}

/* Run src on two fresh cores, one with the data page trapped; both must
 * end in the same state (want: how the run ends), and the trap must have
 * fired once. */
static void same_ending(const char *src, uint32_t page_addr, enum tcpu_result want)
{
    tcpu_t *plain = tcpu_new(), *trapped = tcpu_new();
    bus_page_t *p = trapped->bus.page[page_addr >> BUS_PAGE_BITS];
    p->writable = false;
    p->write_trap = true;
    trapped->bus.first_write = on_first_write;
    calls = 0;
    called_with = NULL;
    tcpu_t *ts[2] = {plain, trapped};
    for (int i = 0; i < 2; i++) {
        for (unsigned k = 0; k < 64; k++)
            tcpu_poke8(ts[i], D + 0x100 + k, (uint8_t)k);
        ts[i]->cpu->r[1] = D + 0x100;
        ts[i]->cpu->r[2] = 0xCAFEF00Du;
        cr_assert_eq(tcpu_run_asm(ts[i], src), want);
    }
    cr_expect_eq(calls, 1u, "first_write called %u times", calls);
    cr_expect_eq(called_with, p);
    cr_expect(p->writable && !p->write_trap, "the page is an ordinary writable page afterwards");
    cr_expect_eq(trapped->cpu->cycles, plain->cpu->cycles, "cycles %llu, untrapped %llu",
                 (unsigned long long)trapped->cpu->cycles, (unsigned long long)plain->cpu->cycles);
    bus_page_t *q = plain->bus.page[page_addr >> BUS_PAGE_BITS];
    cr_expect_eq(p->stats->writes, q->stats->writes);
    cr_expect_eq(p->stats->write_bytes, q->stats->write_bytes);
    cr_expect_eq(memcmp(trapped->data_ram, plain->data_ram, TCPU_RAM_SIZE), 0, "memory differs");
    tcpu_free(plain);
    tcpu_free(trapped);
}

static void same_with_and_without_trap(const char *src, uint32_t page_addr)
{
    same_ending(src, page_addr, TCPU_DONE);
}

Test(write_trap, scalar_store)
{
    same_with_and_without_trap("str r2, [r1]\nstrh r2, [r1, #6]\nstrb r2, [r1, #9]", D);
}

Test(write_trap, store_multiple_and_double)
{
    same_with_and_without_trap("stm r1!, {r2, r3, r4}\nstrd r2, r2, [r1, #8]", D);
}

Test(write_trap, helium_vector_store_first)
{
    same_with_and_without_trap("vdup.32 q0, r2\nvstrw.32 q0, [r1, #16]\nvstrb.8 q0, [r1, #33]", D);
}

Test(write_trap, helium_narrowing_store_first)
{
    /* a store isa/exec_mve.c makes element by element (elems_host leaves
     * a page not yet writable to that path) */
    same_with_and_without_trap("vdup.32 q0, r2\nvstrb.16 q0, [r1, #3]\nvstrh.32 q0, [r1, #22]", D);
}

Test(write_trap, push_to_a_trapped_stack_page)
{
    /* SP starts at the top of the data RAM: its page is the last one. */
    same_with_and_without_trap("push {r2, r4}\npop {r2, r4}", D + TCPU_RAM_SIZE - 4);
}

Test(write_trap, exception_stacking_to_a_trapped_stack_page)
{
    /* SVC: the exception frame is the first write to the stack page. */
    same_ending("svc #0", D + TCPU_RAM_SIZE - 4, TCPU_FAULT);
}

Test(write_trap, loads_do_not_fire_it)
{
    tcpu_t *t = tcpu_new();
    bus_page_t *p = t->bus.page[D >> BUS_PAGE_BITS];
    p->writable = false;
    p->write_trap = true;
    t->bus.first_write = on_first_write;
    calls = 0;
    t->cpu->r[1] = D + 0x100;
    cr_assert_eq(tcpu_run_asm(t, "ldr r2, [r1]\nvldrw.u32 q0, [r1]"), TCPU_DONE);
    cr_expect_eq(calls, 0u);
    cr_expect(p->write_trap);
    tcpu_free(t);
}
