/* Block-level timing (isa/block.h): the same code run by the block path
 * (--exec block) and by the per-instruction core (--exec interp) must end
 * in the same registers, cycles and pipeline statistics, also when the
 * code rewrites itself inside a hot block or faults in one. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../isa/block.h"
#include "harness.h"

typedef struct outcome {
    enum tcpu_result result;
    uint32_t r[13];
    uint64_t cycles, instret, stall, dual;
    uint64_t class_insns[32];
    uint32_t ipsr;
    bool used_blocks;
} outcome_t;

static bool any_block(const cpu_t *cpu)
{
    for (uint32_t i = 0; i < BLOCK_TABLE; i++)
        for (uint32_t w = 0; w < BLOCK_WAYS; w++)
            if (cpu->blocks->set[i].way[w] && cpu->blocks->set[i].way[w]->n)
                return true;
    return false;
}

/* src run by one path; data reads cost read_wait extra cycles each (the
 * first data page: a wait state is a dynamic cost inside a block). */
static outcome_t run_waits(const char *src, bool blocks, uint16_t read_wait)
{
    tcpu_t *t = tcpu_new();
    t->cpu->exec_interp = !blocks;
    t->bus.page[TCPU_DATA_ADDR >> BUS_PAGE_BITS]->read_wait = read_wait;
    t->cpu->r[1] = TCPU_DATA_ADDR;
    outcome_t o;
    memset(&o, 0, sizeof o);
    o.result = tcpu_run_asm(t, src);
    memcpy(o.r, t->cpu->r, sizeof o.r);
    o.cycles = t->cpu->cycles;
    o.instret = t->cpu->instret;
    o.stall = t->cpu->pl.stall_cycles;
    o.dual = t->cpu->pl.dual_issued;
    memcpy(o.class_insns, t->cpu->pl.class_insns, sizeof o.class_insns);
    o.ipsr = t->cpu->ipsr;
    o.used_blocks = any_block(t->cpu);
    tcpu_free(t);
    return o;
}

/* Both paths on src with read_wait: equal in everything; the block path
 * built blocks. */
static outcome_t same_in_both_waits(const char *src, uint16_t read_wait)
{
    outcome_t a = run_waits(src, false, read_wait), b = run_waits(src, true, read_wait);
    cr_assert_eq(a.result, b.result);
    for (int i = 0; i < 13; i++)
        cr_assert_eq(a.r[i], b.r[i], "r%d: interp %u, block %u", i, a.r[i], b.r[i]);
    cr_assert_eq(a.cycles, b.cycles, "cycles: interp %llu, block %llu", (unsigned long long)a.cycles,
                 (unsigned long long)b.cycles);
    cr_assert_eq(a.instret, b.instret);
    cr_assert_eq(a.stall, b.stall);
    cr_assert_eq(a.dual, b.dual);
    cr_assert_eq(memcmp(a.class_insns, b.class_insns, sizeof a.class_insns), 0);
    cr_assert_eq(a.ipsr, b.ipsr);
    cr_assert(!a.used_blocks);
    cr_assert(b.used_blocks, "the block path built no block");
    return b;
}

static outcome_t same_in_both(const char *src)
{
    return same_in_both_waits(src, 0);
}

/* A load-use chain, a multiply and a pairable ALU op in a counted loop:
 * results pending at the back edge (the entry state is not idle). */
Test(block, loop_same_cycles_and_statistics)
{
    outcome_t o = same_in_both("movs r0, #200\n"
                               "1: ldr r2, [r1]\n"
                               "muls r3, r2, r3\n"
                               "adds r3, #3\n"
                               "movs r5, #1\n"
                               "str r3, [r1, #4]\n"
                               "ldr r4, [r1, #4]\n"
                               "subs r0, #1\n"
                               "bne 1b");
    cr_assert_eq(o.result, TCPU_DONE);
    cr_assert_eq(o.r[0], 0);
}

/* The loop rewrites an instruction of its own hot block (MOVS r5, #1
 * becomes MOVS r5, #7 at the tenth iteration): the block must not run the
 * old decode, and the cycles stay the per-instruction core's. */
Test(block, code_written_inside_a_hot_block)
{
    outcome_t o = same_in_both("movs r0, #20\n"
                               "movs r6, #0\n"
                               "adr r2, 2f\n"
                               "movw r7, #0x2507\n"
                               "1: adds r6, #1\n"
                               "cmp r6, #10\n"
                               "it eq\n"
                               "strheq r7, [r2]\n"
                               "2: movs r5, #1\n"
                               "adds r4, r5\n"
                               "subs r0, #1\n"
                               "bne 1b");
    cr_assert_eq(o.result, TCPU_DONE);
    cr_assert_eq(o.r[5], 7);
    cr_assert_eq(o.r[4], 9 * 1 + 11 * 7);
}

/* A load from unmapped memory inside a hot block: the fault is taken at
 * the same instruction and cycle, with the same statistics. */
Test(block, fault_inside_a_hot_block)
{
    outcome_t o = same_in_both("movs r0, #50\n"
                               "movs r6, #0x40000000\n"
                               "1: adds r2, #1\n"
                               "muls r3, r2, r3\n"
                               "cmp r0, #3\n"
                               "it eq\n"
                               "moveq r1, r6\n"
                               "ldr r4, [r1]\n"
                               "adds r4, #1\n"
                               "subs r0, #1\n"
                               "bne 1b");
    cr_assert_eq(o.result, TCPU_FAULT);
    cr_assert_eq(o.r[0], 3);
}

/* Loads with a wait state inside a hot block, each followed by a use of
 * its result, a multiply and a pairable op: a block goes on after the
 * wait state with its timing shifted (block_t.shiftable), which must give
 * the per-instruction core's cycles and statistics for 1 and 3 extra
 * cycles. */
Test(block, wait_states_shift_the_rest_of_the_block)
{
    static const char src[] = "movs r0, #100\n"
                              "1: ldr r2, [r1]\n"
                              "adds r3, r2, #1\n"
                              "muls r3, r2, r3\n"
                              "ldr r4, [r1, #4]\n"
                              "adds r4, r3\n"
                              "movs r5, #1\n"
                              "str r4, [r1, #8]\n"
                              "subs r0, #1\n"
                              "bne 1b";
    for (uint16_t w = 1; w <= 3; w += 2)
        cr_assert_eq(same_in_both_waits(src, w).result, TCPU_DONE);
}

/* A wait state while an earlier result (a double-precision add: 15
 * cycles; a VMLA.F32: 4) is still pending: the rest of the block is not
 * simply shifted (the pending result does not move with the delay), so
 * the block must not go on shifted; the consumer after the load shows it. */
Test(block, wait_state_with_an_earlier_result_pending)
{
    static const char src[] = "movs r0, #60\n"
                              "1: vadd.f64 d0, d1, d2\n"
                              "ldr r2, [r1]\n"
                              "adds r3, r2\n"
                              "vadd.f64 d3, d0, d1\n"
                              "vmla.f32 s8, s9, s10\n"
                              "ldr r4, [r1, #4]\n"
                              "vadd.f32 s11, s8, s9\n"
                              "subs r0, #1\n"
                              "bne 1b";
    for (uint16_t w = 1; w <= 20; w += 3)
        cr_assert_eq(same_in_both_waits(src, w).result, TCPU_DONE);
}

/* Loops whose body a block repeats (the back edge to the block's start:
 * LE, B<c>), run 30 times each: the same cycles and statistics with and
 * without wait states on the loads, also where the loop ends inside the
 * repeated body (1 to 7 iterations) and where LE first misses the loop
 * cache. */
Test(block, loop_bodies_repeated_in_a_block)
{
    static const char *const loops[] = {
        "dls lr, r0\n"
        "1: ldrsb r2, [r1, #1]!\n"
        "ldrsb r3, [r1, #2]\n"
        "add r7, r2\n"
        "smlabb r4, r3, r2, r4\n"
        "le lr, 1b\n",
        "1: ldr r2, [r1]\n"
        "adds r3, r2, #1\n"
        "eors r4, r3\n"
        "subs r0, #1\n"
        "bne 1b\n",
    };
    char src[512];
    for (size_t k = 0; k < sizeof loops / sizeof loops[0]; k++)
        for (unsigned count = 1; count <= 40; count += count < 8 ? 1 : 16)
            for (uint16_t w = 0; w <= 2; w += 2) {
                snprintf(src, sizeof src,
                         "mov r5, r1\n"
                         "movs r6, #30\n"
                         "2: movs r0, #%u\n"
                         "mov r1, r5\n"
                         "%s"
                         "subs r6, #1\n"
                         "bne 2b",
                         count, loops[k]);
                cr_assert_eq(same_in_both_waits(src, w).result, TCPU_DONE, "%s", src);
            }
}

/* A fault in each copy of a loop's body inside one block (in its 10th
 * to 15th iteration): taken at the same instruction and cycle with
 * the same statistics (the block holds the faulting address more than
 * once: its step, not its address, tells which copy ran). */
Test(block, fault_in_a_repeated_loop_body)
{
    char src[512];
    for (unsigned n = 10; n <= 15; n++) {
        snprintf(src, sizeof src,
                 "movs r0, #%u\n"
                 "movs r6, #0x40000000\n"
                 "movs r5, #0\n"
                 "1: adds r2, #1\n"
                 "adds r5, #1\n"
                 "cmp r5, r0\n"
                 "it eq\n"
                 "moveq r1, r6\n"
                 "ldr r4, [r1]\n"
                 "b 1b",
                 n);
        outcome_t o = same_in_both(src);
        cr_assert_eq(o.result, TCPU_FAULT);
        cr_assert_eq(o.r[2], n);
    }
}

/* The longest block at pc in the block cache (of its entry states), or
 * NULL. */
static const block_t *longest_block_at(const cpu_t *cpu, uint32_t pc)
{
    const block_set_t *set = &cpu->blocks->set[(pc >> 1) & (BLOCK_TABLE - 1u)];
    const block_t *longest = NULL;
    for (uint32_t w = 0; w < BLOCK_WAYS; w++) {
        const block_t *b = set->way[w];
        if (b && b->pc == pc && (!longest || b->n > longest->n))
            longest = b;
    }
    return longest;
}

/* A loop whose forward branch skips part of its body until iteration
 * `from`: the block at the loop's start is built while that part is not
 * decoded yet (cut short after the branch), and once the flow has gone
 * on there it is extended in place (block_extend()) instead of staying
 * two steps long for the rest of the run.  The same cycles and statistics
 * as the per-instruction core wherever the switch falls, with and without
 * wait states on the load in the skipped part. */
static const char cut_loop[] = "movs r0, #20\n"
                               "movs r3, #0\n"
                               "1: cmp r3, #%u\n"       /* 0x1004: the loop's start */
                               "bls 2f\n"
                               "ldr r4, [r1]\n"         /* 0x1008: skipped until then */
                               "adds r5, r4\n"
                               "2: adds r3, #1\n"
                               "subs r0, #1\n"
                               "bne 1b";

Test(block, block_cut_short_is_extended_once_the_code_is_decoded)
{
    char src[256];
    for (unsigned from = 0; from <= 20; from++)
        for (uint16_t w = 0; w <= 2; w += 2) {
            snprintf(src, sizeof src, cut_loop, from);
            cr_assert_eq(same_in_both_waits(src, w).result, TCPU_DONE, "%s", src);
        }
    /* Switched at the 8th iteration: the start's block (of the loop's
     * entry state; the first iteration's is another) holds the whole body,
     * repeated (4 x 7 steps), and was built once (extended, not rebuilt). */
    snprintf(src, sizeof src, cut_loop, 6u);
    tcpu_t *t = tcpu_new();
    t->cpu->exec_interp = false;
    t->cpu->r[1] = TCPU_DATA_ADDR;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
    const block_t *b = longest_block_at(t->cpu, TCPU_CODE_ADDR + 4);
    cr_assert_not_null(b);
    cr_assert_eq(b->n, 28, "the loop's block holds %u steps", b->n);
    cr_assert_eq(b->step[1].expect, TCPU_CODE_ADDR + 8);
    cr_assert_eq(b->step[6].expect, TCPU_CODE_ADDR + 4);
    cr_assert_eq(t->cpu->blocks->set[((TCPU_CODE_ADDR + 4) >> 1) & (BLOCK_TABLE - 1u)].builds, 2);
    tcpu_free(t);
}

/* A device event pends PendSV at cycle due (as a timer interrupt would). */
static void pend_pendsv(void *ctx, cpu_t *cpu)
{
    (void)ctx;
    cpu_set_pending(cpu, EXC_PENDSV);
}

typedef struct irq_outcome {
    enum tcpu_result result;
    uint32_t r[13], stacked_pc, ipsr;
    uint64_t cycles, instret, stall;
} irq_outcome_t;

static irq_outcome_t run_irq(const uint16_t *code, size_t count, bool blocks, uint64_t due)
{
    tcpu_t *t = tcpu_new();
    t->cpu->exec_interp = !blocks;
    t->cpu->hooks.event = pend_pendsv;
    cpu_set_device_deadline(t->cpu, due);
    irq_outcome_t o;
    memset(&o, 0, sizeof o);
    o.result = tcpu_run_code(t, code, count);
    memcpy(o.r, t->cpu->r, sizeof o.r);
    o.ipsr = t->cpu->ipsr;
    if (o.result == TCPU_FAULT)
        o.stacked_pc = tcpu_peek32(t, t->cpu->r[13] + 24);   /* the frame's return address */
    o.cycles = t->cpu->cycles;
    o.instret = t->cpu->instret;
    o.stall = t->cpu->pl.stall_cycles;
    tcpu_free(t);
    return o;
}

/* An interrupt due at every cycle from 1 to 299 of src (a loop of plain
 * instructions: the block loop only dispatches them): taken after the
 * same instruction (the frame's return address), at the same cycle, with
 * the same registers and statistics as on the per-instruction core.  A
 * block path that checked the event only at its general steps would take
 * it late.  At least 100 of them inside the loop's body (body_lo to
 * body_hi, offsets from the start). */
static void interrupts_match(const char *src, uint32_t body_lo, uint32_t body_hi)
{
    /* Assembled once (the run without an interrupt), then run from its
     * halfwords. */
    tcpu_t *t = tcpu_new();
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
    uint64_t total = t->cpu->cycles;
    uint16_t code[64];
    memcpy(code, t->code_ram + TCPU_CODE_ADDR, sizeof code);
    tcpu_free(t);
    unsigned inside = 0;
    for (uint64_t due = 1; due < 300 && due < total; due++) {
        irq_outcome_t a = run_irq(code, 64, false, due), b = run_irq(code, 64, true, due);
        cr_assert_eq(a.result, TCPU_FAULT, "due %llu: no interrupt", (unsigned long long)due);
        cr_assert_eq(a.ipsr, EXC_PENDSV);
        cr_assert_eq(b.result, a.result, "due %llu", (unsigned long long)due);
        cr_assert_eq(b.ipsr, a.ipsr);
        cr_assert_eq(b.stacked_pc, a.stacked_pc, "due %llu: taken before %#x, interp before %#x",
                     (unsigned long long)due, b.stacked_pc, a.stacked_pc);
        cr_assert_eq(b.cycles, a.cycles, "due %llu: cycles", (unsigned long long)due);
        cr_assert_eq(b.instret, a.instret, "due %llu: instret", (unsigned long long)due);
        cr_assert_eq(b.stall, a.stall, "due %llu: stall cycles", (unsigned long long)due);
        cr_assert_eq(memcmp(a.r, b.r, sizeof a.r), 0, "due %llu: registers", (unsigned long long)due);
        inside += a.stacked_pc > TCPU_CODE_ADDR + body_lo && a.stacked_pc < TCPU_CODE_ADDR + body_hi;
    }
    cr_assert_geq(inside, 100, "only %u interrupts inside the loop body", inside);
}

/* ALU operations, shifts, multiplies and an IT block in a B<c> loop. */
Test(block, interrupt_due_inside_a_run_of_plain_instructions)
{
    interrupts_match("movs r0, #40\n"
                     "1: adds r1, #1\n"
                     "eor.w r2, r2, r1, lsl #3\n"
                     "tst r2, #4\n"
                     "ite ne\n"
                     "addne r3, r2\n"
                     "eoreq r3, r1\n"
                     "add.w r3, r3, r2, lsr #2\n"
                     "mul r4, r3, r2\n"
                     "orr.w r5, r4, r1\n"
                     "sub.w r6, r5, r3\n"
                     "ubfx r7, r6, #3, #9\n"
                     "add r2, r7\n"
                     "eors r3, r1\n"
                     "lsls r4, r4, #1\n"
                     "bic.w r5, r5, r2\n"
                     "mla r6, r2, r3, r6\n"
                     "subs r0, #1\n"
                     "bne 1b",
                     4, 0x20);
}

/* The same in a short LE loop, whose body a block repeats. */
Test(block, interrupt_due_inside_a_repeated_loop_body)
{
    interrupts_match("movs r0, #60\n"
                     "dls lr, r0\n"
                     "1: adds r1, #3\n"
                     "eor.w r2, r2, r1, lsl #3\n"
                     "smlabb r4, r2, r1, r4\n"
                     "le lr, 1b",
                     6, 0x12);
}

/* Loads and stores (memory steps: the block loop checks the event after
 * each without the general step's flow test) between plain instructions:
 * a block path that skipped the event check after them would take the
 * interrupt late. */
Test(block, interrupt_due_inside_a_run_of_memory_instructions)
{
    char src[512];
    snprintf(src, sizeof src,
             "movw r1, #%#x\n"
             "movt r1, #%#x\n"
             "movs r0, #40\n"
             "1: ldr r2, [r1, #4]\n"
             "adds r2, #1\n"
             "str r2, [r1, #4]\n"
             "ldrb r3, [r1, r0]\n"
             "add r4, r3\n"
             "strh r4, [r1, #8]\n"
             "ldrd r5, r6, [r1]\n"
             "subs r0, #1\n"
             "bne 1b",
             (unsigned)(TCPU_DATA_ADDR & 0xFFFFu), (unsigned)(TCPU_DATA_ADDR >> 16));
    interrupts_match(src, 0x0A, 0x1C);
}

/* Whether some block has an IT step (BLOCK_STEP_IT). */
static bool any_it_step(const cpu_t *cpu)
{
    for (uint32_t i = 0; i < BLOCK_TABLE; i++)
        for (uint32_t w = 0; w < BLOCK_WAYS; w++) {
            const block_t *b = cpu->blocks->set[i].way[w];
            for (uint32_t j = 0; b && j < b->n; j++)
                if (b->step[j].branch == BLOCK_STEP_IT)
                    return true;
        }
    return false;
}

/* IT blocks of plain instructions, run as IT steps (the IT and its
 * conditional steps at once): a CRC step (ITE on the sign), an ITTET
 * whose second instruction sets the carry the next two test, 16-bit forms
 * that set no flags inside an IT block, a multiply-accumulate and an IT
 * of one.  The same registers, flags, cycles and statistics as the
 * per-instruction core, from flags that vary with the data. */
static const char it_loop[] = "movs r0, #%u\n"
                              "movw r2, #0x8320\n"
                              "movt r2, #0xedb8\n"
                              "movs r4, #%u\n"
                              "1: lsls r5, r4, #31\n"
                              "ite pl\n"
                              "lsrpl r4, r4, #1\n"
                              "eormi.w r4, r2, r4, lsr #1\n"
                              "adds r6, r4, r0\n"
                              "ittet cs\n"
                              "addcs r7, #3\n"
                              "adcscs.w r8, r8, r4\n"
                              "eorcc.w r9, r9, r4\n"
                              "mlacs r3, r4, r6, r3\n"
                              "cmp r6, r7\n"
                              "it hi\n"
                              "subhi r7, r6, r7\n"
                              "subs r0, #1\n"
                              "bne 1b";

Test(block, it_blocks_of_plain_instructions_run_as_it_steps)
{
    char src[1024];
    for (unsigned seed = 1; seed <= 9; seed += 4)
        for (unsigned count = 2; count <= 62; count += 30) {
            snprintf(src, sizeof src, it_loop, count, seed);
            cr_assert_eq(same_in_both(src).result, TCPU_DONE, "%s", src);
        }
    snprintf(src, sizeof src, it_loop, 20u, 5u);
    tcpu_t *t = tcpu_new();
    t->cpu->exec_interp = false;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
    cr_assert(any_it_step(t->cpu), "no block has an IT step");
    tcpu_free(t);
}

/* An interrupt due at any cycle of that loop: taken after the same
 * instruction (the IT step runs its IT block only where none is due
 * until after it). */
Test(block, interrupt_due_inside_an_it_step)
{
    char src[1024];
    snprintf(src, sizeof src, it_loop, 40u, 5u);
    interrupts_match(src, 0x0C, 0x30);
}

/* A loop with forward branches: a B<c> taken until iteration `from` and
 * then not (ls), or the other way round (hi), an unconditional B over an
 * instruction never run, and a B<c> on a bit of the count (taken two
 * iterations in four); pairable instructions and a load before them.  A
 * taken forward branch inside a block is a dynamic cost (its refill) where
 * the block expected the fall-through, and the end of a block cut short
 * where its fall-through was not decoded yet: the same registers, cycles
 * and statistics as the per-instruction core wherever the switch falls,
 * with and without wait states on the load.  (Written for blocks that go
 * on across forward branches taken, branch speed-fwd, measured and
 * reverted: docs/speed.md.) */
static const char fwd_loop[] = "movs r0, #30\n"
                               "movs r3, #0\n"
                               "1: ldr r4, [r1]\n"      /* 0x1004: the loop's start */
                               "adds r3, #1\n"
                               "cmp r3, #%u\n"
                               "b%s 2f\n"
                               "adds r5, r4\n"
                               "muls r6, r5, r6\n"
                               "2: adds r7, r3\n"
                               "movs r2, #1\n"
                               "b 3f\n"
                               "adds r6, #1\n"
                               "3: lsls r2, r3, #30\n"
                               "bmi 4f\n"
                               "eors r5, r3\n"
                               "4: movs r2, #2\n"
                               "subs r0, #1\n"
                               "bne 1b";

Test(block, forward_branches_taken_or_not_inside_blocks)
{
    static const char *const conds[] = {"ls", "hi"};
    char src[512];
    for (size_t c = 0; c < 2; c++)
        for (unsigned from = 0; from <= 31; from += from < 4 ? 1 : 9)
            for (uint16_t w = 0; w <= 2; w += 2) {
                snprintf(src, sizeof src, fwd_loop, from, conds[c]);
                cr_assert_eq(same_in_both_waits(src, w).result, TCPU_DONE, "%s", src);
            }
}

/* An interrupt due at any cycle of that loop: taken after the same
 * instruction as on the per-instruction core, also at and after a taken
 * forward branch's refill. */
Test(block, interrupt_due_around_a_forward_branch_taken)
{
    char src[512];
    snprintf(src, sizeof src, fwd_loop, 12u, "ls");
    interrupts_match(src, 0x04, 0x26);
}
