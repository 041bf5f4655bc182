/* Block-level timing (isa/block.h): the same code run by the block path
 * (--exec block) and by the per-instruction core (--exec interp) must end
 * in the same registers, cycles and pipeline statistics, also when the
 * code rewrites itself inside a hot block or faults in one. */
#include <criterion/criterion.h>
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

static outcome_t run(const char *src, bool blocks)
{
    tcpu_t *t = tcpu_new();
    t->cpu->exec_interp = !blocks;
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

/* Both paths on src: equal in everything; the block path built blocks. */
static outcome_t same_in_both(const char *src)
{
    outcome_t a = run(src, false), b = run(src, true);
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
