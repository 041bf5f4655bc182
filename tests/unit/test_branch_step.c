/* Branch steps (isa/block.h, block_branch_step()): the block loop runs a
 * B, B<c> or LE whose outcome the block expects without its execute
 * function where the step's own test says the instruction would go that
 * way and add no cycles.  A test that is looser than the execute function
 * (a missed prediction, a loop that ends, a fault) would lose cycles or
 * the flow silently.  Every branch-step encoding is run from random
 * states (flags, LR, the loop and branch info cache, FPCA and LTPSIZE),
 * with the outcome each kind expects: where the test holds, the execute
 * function must leave next_pc at the expected PC, add no cycles and
 * change nothing the test did not change; where it fails, the test must
 * have changed nothing. */
#include <criterion/criterion.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "../../isa/block.h"

static uint32_t next_random(uint64_t *rng)
{
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    return (uint32_t)(*rng >> 16);
}

static cpu_t *new_cpu(bus_t **bus)
{
    *bus = calloc(1, sizeof **bus);
    cr_assert(*bus);
    cpu_t *cpu = cpu_create(*bus, NULL);
    cr_assert(cpu);
    return cpu;
}

/* A random state for a branch at pc: the flags, LR near the loop's end,
 * the cache holding this branch or another, FPCA and LTPSIZE. */
static void random_state(cpu_t *cpu, uint32_t pc, uint64_t *rng)
{
    uint32_t r = next_random(rng);
    cpu->n = r & 1u;
    cpu->z = (r >> 1) & 1u;
    cpu->c = (r >> 2) & 1u;
    cpu->v = (r >> 3) & 1u;
    static const uint32_t lr[] = {0, 1, 2, 3, 0x80000000u, 0xFFFFFFFFu};
    cpu->r[14] = lr[(r >> 4) % 6u];
    cpu->pl.lob_branch = (r >> 8) & 1u ? pc : pc + 0x40u;
    cpu->pl.lob_le = (r >> 9) & 1u ? pc : pc - 0x40u;
    cpu->control = (r >> 10) & 1u ? CONTROL_FPCA : 0;
    cpu->lo_ltpsize = (r >> 11) & 1u ? 4u : 2u;
    cpu->cycles = 1000;
}

/* What a branch can change, compared after both paths. */
static void assert_same(const cpu_t *a, const cpu_t *b, const char *name)
{
    cr_assert_arr_eq(a->r, b->r, sizeof a->r - sizeof a->r[15], "%s: registers differ", name);
    cr_assert(a->n == b->n && a->z == b->z && a->c == b->c && a->v == b->v, "%s: flags differ", name);
    cr_assert_eq(a->pl.lob_branch, b->pl.lob_branch, "%s: lob_branch differs", name);
    cr_assert_eq(a->pl.lob_le, b->pl.lob_le, "%s: lob_le differs", name);
    cr_assert_eq(a->lo_ltpsize, b->lo_ltpsize, "%s: LTPSIZE differs", name);
    cr_assert_eq(a->cycles, b->cycles, "%s: cycles differ (%llu, %llu)", name,
                 (unsigned long long)a->cycles, (unsigned long long)b->cycles);
}

typedef struct held {
    unsigned held, failed;   /* states where the step's test held / failed */
} held_t;

/* Check the encoding raw (size bytes) at pc as a branch step expecting
 * taken (or not) from many random states. */
static held_t check_encoding(uint32_t raw, unsigned size, uint32_t pc, bool taken)
{
    insn_t in;
    if (size == 4)
        isa_decode(&in, raw >> 16, raw & 0xFFFFu);
    else
        isa_decode(&in, raw & 0xFFFFu, 0);
    held_t h = {0, 0};
    uint8_t kind = isa_branch_step(&in, taken);
    if (kind == ISA_BRANCH_STEP_NONE)
        return h;
    uint32_t target;
    cr_assert(!taken || isa_backward_branch(&in, pc, &target), "%s (%08x): taken but no back edge",
              in.pat->name, raw);
    block_step_t st = {.in = &in, .pc = pc, .fall = pc + in.size, .branch = kind};
    st.expect = taken ? target : st.fall;
    bus_t *bus;
    cpu_t *cpu = new_cpu(&bus);
    cpu_t *start = malloc(sizeof *start), *step = malloc(sizeof *step);
    cr_assert(start && step);
    uint64_t rng = 0x2545F4914F6CDD1Dull ^ raw;
    for (unsigned k = 0; k < 400; k++) {
        random_state(cpu, pc, &rng);
        memcpy(start, cpu, sizeof *cpu);
        memcpy(step, cpu, sizeof *cpu);
        bool holds = block_branch_step(step, &st);
        if (!holds) {
            cr_assert_eq(memcmp(step, start, sizeof *step), 0, "%s (%08x): the failed test changed the state",
                         in.pat->name, raw);
            h.failed++;
            continue;
        }
        h.held++;
        cpu->pc = pc;
        cpu->r[15] = pc + 4;
        cpu->next_pc = st.fall;
        cr_assert_eq(setjmp(cpu->abort_jmp), 0, "%s (%08x): faulted where the step's test held",
                     in.pat->name, raw);
        in.exec(cpu, &in);
        cr_assert_eq(cpu->next_pc, st.expect, "%s (%08x): next_pc %08x, the block expects %08x", in.pat->name,
                     raw, cpu->next_pc, st.expect);
        assert_same(cpu, step, in.pat->name);
    }
    free(start);
    free(step);
    cpu_destroy(cpu);
    free(bus);
    return h;
}

/* B<c> T1 (every condition, forward and backward) falling through, and
 * taken where backward. */
Test(branch_step, conditional_branches_go_as_the_step_says)
{
    held_t total[2] = {{0, 0}, {0, 0}};
    for (uint32_t cond = 0; cond < 14; cond++)
        for (int off = -40; off <= 40; off += 20) {
            uint32_t raw = 0xD000u | cond << 8 | ((uint32_t)(off / 2) & 0xFFu);
            for (int taken = 0; taken < 2; taken++) {
                held_t h = check_encoding(raw, 2, 0x1000, taken);
                total[taken].held += h.held;
                total[taken].failed += h.failed;
            }
        }
    cr_assert(total[0].held > 1000 && total[0].failed > 1000, "falling through: %u held, %u failed",
              total[0].held, total[0].failed);
    cr_assert(total[1].held > 100 && total[1].failed > 1000, "taken: %u held, %u failed", total[1].held,
              total[1].failed);
}

/* B T2 backward and LE taken (the back edges a block goes on across). */
Test(branch_step, back_edges_go_as_the_step_says)
{
    held_t b = check_encoding(0xE000u | (0x7F0u & 0x7FFu), 2, 0x1000, true);   /* b . - 28 */
    cr_assert(b.held > 100 && b.failed > 100, "B: %u held, %u failed", b.held, b.failed);
    /* LE lr, back 0x20: hw1 = F00F, hw2 = C001 | imm. */
    held_t le = check_encoding(0xF00FC001u | 0x10u << 1, 4, 0x1000, true);
    cr_assert(le.held > 20 && le.failed > 100, "LE: %u held, %u failed", le.held, le.failed);
}
