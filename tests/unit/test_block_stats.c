/* The per-region access counters (bus_stats_t: reads, writes and their
 * bytes) and the class counts under block-level timing: wherever anything
 * can read them (a device access, as the PMU, the profiling port and the
 * power model do; the end of a run) they must be what the per-instruction
 * core (--exec interp) has and, for the counters, what the program's
 * accesses add up to; also when a load's address moves between regions
 * from run to run, a device access sits in the middle of a block and an
 * interrupt is taken inside one.  (cpu_sync_block_stats() used to leave
 * the class counts of the active block's first steps out when the block
 * had been entered at its start: the second and third tests failed.)  A
 * block path that counted accesses otherwise than one by one (per step
 * run: docs/speed.md, branch speed-defer) must keep all of this: a count
 * folded late, twice or into the wrong region shows here. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define DEVICE_ADDR 0x40000000u
#define ITERATIONS 300u
#define HANDLER_OFFSET 0x100u   /* of the PendSV handler in the code */
#define MAX_SNAPS 64

/* What a statistics reader sees: the two regions' counters (0: code RAM,
 * 1: data RAM) and the core's class counts. */
typedef struct snap {
    uint64_t reads[2], writes[2], read_bytes[2], write_bytes[2];
    uint64_t class_insns[32];
} snap_t;

typedef struct probe {
    void *orig_ctx;   /* the harness's own (it frees it) */
    tcpu_t *t;
    snap_t base;      /* before the run */
    snap_t snaps[MAX_SNAPS];
    unsigned nsnaps;
} probe_t;

static void take(const tcpu_t *t, snap_t *s)
{
    const bus_stats_t *st[2] = {t->bus.page[0]->stats, t->bus.page[TCPU_DATA_ADDR >> BUS_PAGE_BITS]->stats};
    for (int r = 0; r < 2; r++) {
        s->reads[r] = st[r]->reads;
        s->writes[r] = st[r]->writes;
        s->read_bytes[r] = st[r]->read_bytes;
        s->write_bytes[r] = st[r]->write_bytes;
    }
    memcpy(s->class_insns, t->cpu->pl.class_insns, sizeof s->class_insns);
}

/* The device: every read of it reads the statistics, as the PMU and the
 * profiling port do (the core's slow path has brought them up to date). */
static bool device_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value, uint32_t *wait)
{
    probe_t *p = ctx;
    if (addr != DEVICE_ADDR || size != 4)
        return false;
    cr_assert_lt(p->nsnaps, MAX_SNAPS);
    take(p->t, &p->snaps[p->nsnaps]);
    /* Counted from the run's start. */
    for (int r = 0; r < 2; r++) {
        p->snaps[p->nsnaps].reads[r] -= p->base.reads[r];
        p->snaps[p->nsnaps].writes[r] -= p->base.writes[r];
        p->snaps[p->nsnaps].read_bytes[r] -= p->base.read_bytes[r];
        p->snaps[p->nsnaps].write_bytes[r] -= p->base.write_bytes[r];
    }
    p->nsnaps++;
    *value = 0;
    *wait = 0;
    return true;
}

static void pend_pendsv(void *ctx, cpu_t *cpu)
{
    (void)ctx;
    cpu_set_pending(cpu, EXC_PENDSV);
}

/* The programs' start: the PendSV handler (at HANDLER_OFFSET) loads and
 * stores a word of data RAM; the program goes on at its label start. */
#define HANDLER_SRC                \
    "b start\n"                  \
    ".org 0x100\n"               \
    "movw r0, #0x0100\n"         \
    "movt r0, #0x2000\n"         \
    "ldr r1, [r0]\n"             \
    "adds r1, #1\n"              \
    "str r1, [r0]\n"             \
    "bx lr\n"                    \
    "start:\n"

/* A loop of single loads and stores to data RAM, a halfword load whose
 * address alternates between code and data RAM every iteration (more
 * often than a step may change its page: it ends up counted per access),
 * a word load that changes region every 32 iterations, a word load
 * aligned in two iterations of eight (the others are done the general
 * way), and every 16 iterations a device read followed by a load and a
 * store in the same block.  r0 counts down from ITERATIONS; r4 = data
 * RAM, r5 = the device, r6 and r11 the moving addresses, r10 what moves
 * them. */
static const char *const loop_src =
    HANDLER_SRC
    "movw r4, #0\n"
    "movt r4, #0x2000\n"
    "movw r5, #0\n"
    "movt r5, #0x4000\n"
    "movs r6, #0x80\n"
    "movw r11, #0x84\n"
    "mov r10, r4\n"
    "movw r0, #300\n"
    "1: ldrb r1, [r4, r0]\n"
    "ldr r2, [r4, #4]\n"
    "str r2, [r4, #8]\n"
    "ldrh r3, [r6]\n"
    "ldr r7, [r11]\n"
    "strb r1, [r4, #12]\n"
    "eor r6, r6, r10\n"
    "and r8, r0, #7\n"
    "ldr r12, [r4, r8]\n"
    "ands r8, r0, #15\n"
    "bne 2f\n"
    "ldr r9, [r5]\n"
    "ldrb r12, [r4, #16]\n"
    "str r12, [r4, #20]\n"
    "2: ands r8, r0, #31\n"
    "bne 3f\n"
    "eor r11, r11, r10\n"
    "3: subs r0, #1\n"
    "bne 1b\n";

typedef struct stats_run {
    enum tcpu_result result;
    snap_t end;
    snap_t snaps[MAX_SNAPS];
    unsigned nsnaps;
    uint64_t cycles;
} stats_run_t;

/* A loop whose block is cut short at a forward branch (the code after it
 * is not decoded until iteration 40) and extended then (block_extend()),
 * with the block's loads and stores run many times since the last device
 * read: the code that the extension adds holds a load inside an IT block
 * (a general step, which a block path counting per step run could not
 * count that way), so a count that waited for the fold must survive the
 * block's change. */
static const char *const extend_src =
    HANDLER_SRC
    "movw r4, #0\n"
    "movt r4, #0x2000\n"
    "movw r5, #0\n"
    "movt r5, #0x4000\n"
    "movs r0, #100\n"
    "1: ands r8, r0, #15\n"
    "bne 3f\n"
    "ldr r9, [r5]\n"
    "3: ldr r2, [r4, #4]\n"
    "str r2, [r4, #8]\n"
    "ldrb r3, [r4, #12]\n"
    "cmp r0, #40\n"
    "bhi 2f\n"
    "cmp r0, #20\n"
    "it lo\n"
    "ldrlo r1, [r4, #24]\n"
    "ldrh r3, [r4, #28]\n"
    "2: subs r0, #1\n"
    "bne 1b\n";

/* src on one path; with due != 0 PendSV is pended at that cycle. */
static stats_run_t run_src(const char *src, bool blocks, uint64_t due, uint16_t read_wait)
{
    tcpu_t *t = tcpu_new();
    t->cpu->exec_interp = !blocks;
    t->bus.page[TCPU_DATA_ADDR >> BUS_PAGE_BITS]->read_wait = read_wait;
    tcpu_poke32(t, 4 * EXC_PENDSV, (TCPU_CODE_ADDR + HANDLER_OFFSET) | 1u);
    probe_t *p = calloc(1, sizeof *p);
    cr_assert(p);
    p->orig_ctx = t->bus.ctx;
    p->t = t;
    t->bus.ctx = p;
    t->bus.read = device_read;
    if (due) {
        t->cpu->hooks.event = pend_pendsv;
        cpu_set_device_deadline(t->cpu, due);
    }
    take(t, &p->base);
    stats_run_t o;
    memset(&o, 0, sizeof o);
    o.result = tcpu_run_asm(t, src);
    take(t, &o.end);
    for (int r = 0; r < 2; r++) {
        o.end.reads[r] -= p->base.reads[r];
        o.end.writes[r] -= p->base.writes[r];
        o.end.read_bytes[r] -= p->base.read_bytes[r];
        o.end.write_bytes[r] -= p->base.write_bytes[r];
    }
    memcpy(o.snaps, p->snaps, sizeof o.snaps);
    o.nsnaps = p->nsnaps;
    o.cycles = t->cpu->cycles;
    t->bus.ctx = p->orig_ctx;
    free(p);
    tcpu_free(t);
    return o;
}

static stats_run_t run_loop_src(bool blocks, uint64_t due, uint16_t read_wait)
{
    return run_src(loop_src, blocks, due, read_wait);
}

static void same_snap(const snap_t *a, const snap_t *b, const char *what, unsigned k)
{
    for (int r = 0; r < 2; r++) {
        cr_assert_eq(a->reads[r], b->reads[r], "%s %u: region %d reads %llu, expected %llu", what, k, r,
                     (unsigned long long)b->reads[r], (unsigned long long)a->reads[r]);
        cr_assert_eq(a->read_bytes[r], b->read_bytes[r], "%s %u: region %d read bytes %llu, expected %llu", what,
                     k, r, (unsigned long long)b->read_bytes[r], (unsigned long long)a->read_bytes[r]);
        cr_assert_eq(a->writes[r], b->writes[r], "%s %u: region %d writes %llu, expected %llu", what, k, r,
                     (unsigned long long)b->writes[r], (unsigned long long)a->writes[r]);
        cr_assert_eq(a->write_bytes[r], b->write_bytes[r], "%s %u: region %d write bytes %llu, expected %llu",
                     what, k, r, (unsigned long long)b->write_bytes[r], (unsigned long long)a->write_bytes[r]);
    }
}

static void same_run(const stats_run_t *a, const stats_run_t *b, uint64_t due)
{
    char what[64];
    cr_assert_eq(a->result, TCPU_DONE);
    cr_assert_eq(b->result, a->result);
    cr_assert_eq(b->cycles, a->cycles, "due %llu: cycles", (unsigned long long)due);
    cr_assert_eq(b->nsnaps, a->nsnaps, "due %llu: device reads", (unsigned long long)due);
    for (unsigned k = 0; k < a->nsnaps; k++) {
        snprintf(what, sizeof what, "due %llu, device read", (unsigned long long)due);
        same_snap(&a->snaps[k], &b->snaps[k], what, k);
        cr_assert_eq(memcmp(a->snaps[k].class_insns, b->snaps[k].class_insns, sizeof a->snaps[k].class_insns), 0,
                     "due %llu, device read %u: class counts", (unsigned long long)due, k);
    }
    snprintf(what, sizeof what, "due %llu, end", (unsigned long long)due);
    same_snap(&a->end, &b->end, what, 0);
}

static void count(snap_t *s, int region, bool write, unsigned bytes)
{
    if (write) {
        s->writes[region]++;
        s->write_bytes[region] += bytes;
    } else {
        s->reads[region]++;
        s->read_bytes[region] += bytes;
    }
}

/* Both paths count, at every device read and at the end, exactly the
 * accesses loop_src made until then (counted here from its source). */
Test(block_stats, region_counters_exact_at_device_reads)
{
    snap_t want[MAX_SNAPS], now;
    unsigned nwant = 0;
    memset(&now, 0, sizeof now);
    int r6 = 0, r11 = 0;   /* the moving loads' regions: code RAM first */
    for (unsigned r0 = ITERATIONS; r0 != 0; r0--) {
        count(&now, 1, false, 1);    /* ldrb r1, [r4, r0] */
        count(&now, 1, false, 4);    /* ldr r2, [r4, #4] */
        count(&now, 1, true, 4);     /* str r2, [r4, #8] */
        count(&now, r6, false, 2);   /* ldrh r3, [r6] */
        count(&now, r11, false, 4);  /* ldr r7, [r11] */
        count(&now, 1, true, 1);     /* strb r1, [r4, #12] */
        r6 ^= 1;
        count(&now, 1, false, 4);    /* ldr r12, [r4, r0 & 7]: aligned or not */
        if (r0 % 16 == 0) {
            want[nwant++] = now;     /* ldr r9, [r5]: the device reads them */
            count(&now, 1, false, 1);   /* ldrb r12, [r4, #16] */
            count(&now, 1, true, 4);    /* str r12, [r4, #20] */
        }
        if (r0 % 32 == 0)
            r11 ^= 1;
    }
    for (int blocks = 0; blocks < 2; blocks++) {
        stats_run_t o = run_loop_src(blocks, 0, 0);
        const char *path = blocks ? "block" : "interp";
        cr_assert_eq(o.result, TCPU_DONE, "%s", path);
        cr_assert_eq(o.nsnaps, nwant, "%s: %u device reads, expected %u", path, o.nsnaps, nwant);
        for (unsigned k = 0; k < nwant; k++)
            same_snap(&want[k], &o.snaps[k], blocks ? "block, device read" : "interp, device read", k);
        same_snap(&now, &o.end, blocks ? "block, end" : "interp, end", 0);
    }
}

/* The same loop with PendSV taken at 60 points of it (its handler loads
 * and stores, its entry and return stack and unstack in data RAM): the
 * block path counts what the per-instruction core does at every device
 * read and at the end, class counts included. */
Test(block_stats, region_counters_with_an_interrupt_inside_blocks)
{
    stats_run_t none = run_loop_src(false, 0, 0);
    uint64_t total = none.cycles;
    for (unsigned i = 1; i <= 60; i++) {
        uint64_t due = total * i / 61;
        stats_run_t a = run_loop_src(false, due, 0), b = run_loop_src(true, due, 0);
        same_run(&a, &b, due);
        /* The handler ran once, inside the loop: its load and the 8 words
         * unstacked at its return are the reads added. */
        cr_assert_eq(a.end.reads[1], none.end.reads[1] + 1 + 8,
                     "due %llu: the handler's load and the 8 unstacked words", (unsigned long long)due);
    }
}

/* Data reads with a wait state each (a dynamic cost inside a block: the
 * block goes on shifted or is left after the load, whose retirement is
 * then the per-instruction core's), with and without the interrupt. */
Test(block_stats, region_counters_with_wait_states)
{
    for (uint16_t wait = 1; wait <= 3; wait += 2) {
        stats_run_t a = run_loop_src(false, 0, wait), b = run_loop_src(true, 0, wait);
        same_run(&a, &b, 0);
        for (unsigned i = 1; i <= 20; i++) {
            uint64_t due = a.cycles * i / 21;
            stats_run_t ai = run_loop_src(false, due, wait), bi = run_loop_src(true, due, wait);
            same_run(&ai, &bi, due);
        }
    }
}

/* A block extended after it has run (extend_src): the counters at every
 * device read and at the end as the per-instruction core has them, with
 * and without a wait state and an interrupt. */
Test(block_stats, region_counters_across_a_block_extension)
{
    for (uint16_t wait = 0; wait <= 1; wait++) {
        stats_run_t a = run_src(extend_src, false, 0, wait), b = run_src(extend_src, true, 0, wait);
        cr_assert_eq(a.nsnaps, 6u, "a device read every 16 iterations");
        same_run(&a, &b, 0);
        for (unsigned i = 1; i <= 10; i++) {
            uint64_t due = a.cycles * i / 11;
            stats_run_t ai = run_src(extend_src, false, due, wait), bi = run_src(extend_src, true, due, wait);
            same_run(&ai, &bi, due);
        }
    }
}
