/* The core's memory-access hook (cpu_hooks_t.on_mem, cpu_trace_memory()):
 * what it reports for each kind of access, and that tracing changes
 * nothing the core computes (cycles, counters, results). */
#include <criterion/criterion.h>
#include <string.h>

#include "harness.h"

#define MAX_SEEN 256

typedef struct seen {
    uint32_t addr, size, flags, wait;
    uint8_t bytes[16];
} seen_t;

static seen_t seen[MAX_SEEN];
static unsigned nseen;

static void record(void *ctx, const cpu_t *cpu, uint32_t addr, unsigned size, const void *bytes, unsigned flags,
                   uint32_t wait)
{
    cr_assert_lt(nseen, MAX_SEEN);
    seen_t *s = &seen[nseen++];
    *s = (seen_t){addr, size, flags, wait, {0}};
    memcpy(s->bytes, bytes, size);
}

static tcpu_t *traced(void)
{
    tcpu_t *t = tcpu_new();
    t->cpu->hooks.on_mem = record;
    cr_assert(cpu_trace_memory(t->cpu, true));
    nseen = 0;
    return t;
}

static void expect(unsigned i, uint32_t addr, uint32_t size, uint32_t flags)
{
    cr_assert_lt(i, nseen, "access %u not reported (%u seen)", i, nseen);
    cr_expect_eq(seen[i].addr, addr, "access %u: address 0x%08x, want 0x%08x", i, seen[i].addr, addr);
    cr_expect_eq(seen[i].size, size, "access %u: size %u, want %u", i, seen[i].size, size);
    cr_expect_eq(seen[i].flags, flags, "access %u: flags %u, want %u", i, seen[i].flags, flags);
}

#define D TCPU_DATA_ADDR

Test(mem_trace, scalar_loads_stores_and_values)
{
    tcpu_t *t = traced();
    tcpu_poke32(t, D + 0x100, 0x11223344u);
    t->cpu->r[1] = D + 0x100;
    cr_assert_eq(tcpu_run_asm(t, "ldr r2, [r1]\nstrh r2, [r1, #6]\nldrb r3, [r1, #3]\nldrd r4, r5, [r1]"),
                 TCPU_DONE);
    cr_assert_eq(nseen, 5);
    expect(0, D + 0x100, 4, 0);
    cr_expect_eq(memcmp(seen[0].bytes, "\x44\x33\x22\x11", 4), 0);
    expect(1, D + 0x106, 2, CPU_MEM_WRITE);
    cr_expect_eq(memcmp(seen[1].bytes, "\x44\x33", 2), 0);
    expect(2, D + 0x103, 1, 0);
    cr_expect_eq(seen[2].bytes[0], 0x11);
    expect(3, D + 0x100, 4, 0);
    expect(4, D + 0x104, 4, 0);
    cr_expect_eq(t->cpu->r[3], 0x11u);
    tcpu_free(t);
}

Test(mem_trace, push_pop_one_word_each)
{
    tcpu_t *t = traced();
    uint32_t sp = t->cpu->r[13];
    cr_assert_eq(tcpu_run_asm(t, "push {r4, r5, r6}\npop {r4, r5, r6}"), TCPU_DONE);
    cr_assert_eq(nseen, 6);
    for (unsigned i = 0; i < 3; i++) {
        expect(i, sp - 12 + 4 * i, 4, CPU_MEM_WRITE);
        expect(3 + i, sp - 12 + 4 * i, 4, 0);
    }
    tcpu_free(t);
}

Test(mem_trace, helium_whole_vector_is_one_access_predicated_is_per_element)
{
    tcpu_t *t = traced();
    for (unsigned i = 0; i < 16; i++)
        tcpu_poke8(t, D + 0x200 + i, (uint8_t)(0xA0 + i));
    t->cpu->r[1] = D + 0x200;
    t->cpu->r[2] = 3;   /* VCTP: three 32-bit lanes */
    cr_assert_eq(tcpu_run_asm(t, "vldrw.u32 q0, [r1]\nvstrw.32 q0, [r1, #16]\n"
                                 "vctp.32 r2\nvpst\nvstrwt.32 q0, [r1, #32]"),
                 TCPU_DONE);
    cr_assert_eq(nseen, 5);
    expect(0, D + 0x200, 16, 0);
    expect(1, D + 0x210, 16, CPU_MEM_WRITE);
    cr_expect_eq(seen[1].bytes[15], 0xAF, "a store reports the bytes it writes");
    for (unsigned i = 0; i < 3; i++)
        expect(2 + i, D + 0x220 + 4 * i, 4, CPU_MEM_WRITE);
    tcpu_free(t);
}

Test(mem_trace, stall_is_what_the_access_cost)
{
    tcpu_t *t = traced();
    bus_page_t *p = t->bus.page[D >> BUS_PAGE_BITS];
    p->read_wait = 3;      /* no data cache in the harness: every read waits */
    t->cpu->r[1] = D;
    uint64_t before = t->cpu->cycles;
    cr_assert_eq(tcpu_run_asm(t, "ldr r2, [r1]\nstr r2, [r1, #4]"), TCPU_DONE);
    cr_assert_eq(nseen, 2);
    cr_expect_eq(seen[0].wait, 3u);
    cr_expect_eq(seen[1].wait, 0u);
    cr_expect_gt(t->cpu->cycles - before, 3u);
    tcpu_free(t);
}

/* A load from unmapped memory faults: the faulting access is not
 * reported; exception entry's stacking and vector read are, flagged. */
Test(mem_trace, fault_reports_stacking_not_the_faulting_access)
{
    tcpu_t *t = traced();
    t->cpu->r[1] = 0x40000000u;   /* unmapped in the harness */
    uint32_t sp = t->cpu->r[13];
    cr_assert_eq(tcpu_run_asm(t, "ldr r2, [r1]"), TCPU_FAULT);
    cr_assert_geq(nseen, 9, "8 stacked words and the vector read");
    for (unsigned i = 0; i < nseen; i++) {
        cr_expect(seen[i].flags & CPU_MEM_EXCEPTION, "access %u at 0x%08x is not flagged", i, seen[i].addr);
        cr_expect_neq(seen[i].addr, 0x40000000u);
    }
    unsigned writes = 0;
    for (unsigned i = 0; i < nseen; i++)
        writes += (seen[i].flags & CPU_MEM_WRITE) && seen[i].addr >= sp - 32 && seen[i].addr < sp;
    cr_expect_eq(writes, 8u, "the basic frame: 8 words below SP");
    tcpu_free(t);
}

/* The same program traced and untraced: the same cycles, instructions,
 * results and region counters. */
Test(mem_trace, tracing_changes_nothing)
{
    const char *src = "movs r0, #0\nmovs r3, #20\n1:\nldr r2, [r1], #4\nadd r0, r2\nstr r0, [r1, #60]\n"
                      "vldrw.u32 q0, [r1]\nvstrw.32 q0, [r1, #128]\nsubs r3, #1\nbne 1b";
    uint64_t cycles[2], instret[2], reads[2], writes[2];
    uint32_t r0[2];
    for (int traced_run = 0; traced_run < 2; traced_run++) {
        tcpu_t *t = traced_run ? traced() : tcpu_new();
        t->bus.page[D >> BUS_PAGE_BITS]->read_wait = 2;
        for (unsigned i = 0; i < 64; i++)
            tcpu_poke32(t, D + 4 * i, i * 7 + 1);
        t->cpu->r[1] = D;
        cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
        cycles[traced_run] = t->cpu->cycles;
        instret[traced_run] = t->cpu->instret;
        r0[traced_run] = t->cpu->r[0];
        reads[traced_run] = t->bus.page[D >> BUS_PAGE_BITS]->stats->reads;
        writes[traced_run] = t->bus.page[D >> BUS_PAGE_BITS]->stats->writes;
        if (traced_run)
            cr_expect_eq(nseen, 20u * 4, "4 accesses per iteration");
        tcpu_free(t);
    }
    cr_expect_eq(cycles[0], cycles[1]);
    cr_expect_eq(instret[0], instret[1]);
    cr_expect_eq(r0[0], r0[1]);
    cr_expect_eq(reads[0], reads[1]);
    cr_expect_eq(writes[0], writes[1]);
}
