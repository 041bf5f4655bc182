/* Plain instructions (isa_insn_plain(), isa/block.h): the block loop runs
 * them with nothing but their execute function, so one that is not what
 * the lists say would go wrong silently (a lost wait state, a PC read as a
 * stale value, a missed event).  Every row of every table is decoded from
 * random encodings; each one isa_insn_plain() calls plain is run over
 * random operands and must change nothing but core registers other than
 * SP and PC and the flags, touch no memory, not fault, and give the same
 * result whatever the PC.  The checker itself must catch the instructions
 * that are not plain.
 *
 * Memory instructions (isa_insn_memory(), the block loop's memory steps:
 * single loads and stores, Helium instructions) likewise: each is run
 * over random operands and memory that answers, with and without the FP
 * context ready, and must leave next_pc, the PC and the IT state alone
 * and do the same (the same core state and writes, or the same fault) at
 * two PCs, since the loop stores neither next_pc nor r15 for it. */
#include <criterion/criterion.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "../../isa/insn.h"

typedef struct probe {
    bus_t *bus;
    cpu_t *cpu;
    cpu_t *copy;         /* four whole cores: start, first run, two compared */
    unsigned accesses;   /* slow-path bus accesses (there are no pages: every access) */
    /* Memory that answers (the memory steps' check): a read returns a
     * value made from its address, with a wait state at every other word;
     * a write is folded into written. */
    bool answer;
    uint64_t written;
    uint64_t rng;
} probe_t;

static uint32_t memory_value(uint32_t addr, unsigned size)
{
    uint32_t v = (addr ^ (addr >> 15)) * 0x2C1B3C6Du + size;
    return v ^ (v >> 12);
}

static bool probe_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value, uint32_t *wait)
{
    probe_t *p = ctx;
    p->accesses++;
    if (!p->answer)
        return false;
    *value = memory_value(addr, size) & (size == 4 ? 0xFFFFFFFFu : (1u << (8 * size)) - 1u);
    *wait = (addr >> 2) & 1u;
    return true;
}

static bool probe_write(void *ctx, uint32_t addr, unsigned size, uint32_t value, uint32_t *wait)
{
    probe_t *p = ctx;
    p->accesses++;
    if (!p->answer)
        return false;
    p->written = (p->written ^ addr ^ ((uint64_t)value << 29) ^ size) * 0x100000001B3ull;
    *wait = 0;
    return true;
}

static uint32_t next_random(probe_t *p)
{
    p->rng ^= p->rng << 13;
    p->rng ^= p->rng >> 7;
    p->rng ^= p->rng << 17;
    return (uint32_t)(p->rng >> 16);
}

/* A register value: random, now and then one of the edge cases. */
static uint32_t operand(probe_t *p)
{
    static const uint32_t edge[] = {0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0xFFFF8000u, 0x00008000u};
    uint32_t r = next_random(p);
    return (r & 7u) == 0 ? edge[(r >> 3) % (sizeof edge / sizeof edge[0])] : next_random(p);
}

static probe_t *probe_new(void)
{
    probe_t *p = calloc(1, sizeof *p);
    cr_assert(p);
    p->bus = calloc(1, sizeof *p->bus);
    cr_assert(p->bus);
    p->bus->ctx = p;
    p->bus->read = probe_read;
    p->bus->write = probe_write;
    p->cpu = cpu_create(p->bus, NULL);
    cr_assert(p->cpu);
    p->copy = calloc(4, sizeof *p->copy);
    cr_assert(p->copy);
    p->rng = 0x9E3779B97F4A7C15ull;
    return p;
}

static void probe_free(probe_t *p)
{
    cpu_destroy(p->cpu);
    free(p->copy);
    free(p->bus);
    free(p);
}

/* Run in once from state s with the PC at pc; false if it faulted. */
static bool run_at(probe_t *p, const insn_t *in, const cpu_t *s, uint32_t pc)
{
    cpu_t *cpu = p->cpu;
    memcpy(cpu, s, sizeof *cpu);
    cpu->pc = pc;
    cpu->r[15] = pc + 4;
    cpu->next_pc = pc + in->size;
    if (setjmp(cpu->abort_jmp) != 0)
        return false;
    in->exec(cpu, in);
    return true;
}

/* Clear what a plain instruction may change (and the jump buffer). */
static void clear_allowed(cpu_t *c)
{
    for (int r = 0; r < 15; r++)
        if (r != 13)
            c->r[r] = 0;
    c->n = c->z = c->c = c->v = c->q = c->ge = 0;
    memset(&c->abort_jmp, 0, sizeof c->abort_jmp);
}

/* Why in, run from random states, is not plain; NULL if it behaved so. */
static const char *plain_violation(probe_t *p, const insn_t *in, unsigned states)
{
    cpu_t *start = &p->copy[0], *first = &p->copy[1], *a = &p->copy[2], *b = &p->copy[3];
    for (unsigned k = 0; k < states; k++) {
        memcpy(start, p->cpu, sizeof *start);
        for (int r = 0; r < 15; r++)
            start->r[r] = operand(p);
        start->r[13] &= ~7u;
        uint32_t f = next_random(p);
        start->n = f & 1u, start->z = (f >> 1) & 1u, start->c = (f >> 2) & 1u, start->v = (f >> 3) & 1u;
        start->q = (f >> 4) & 1u, start->ge = (f >> 5) & 15u;
        start->itstate = start->it_cur = 0;
        start->cycles = 1000 + (f >> 9);
        start->instret = 77;
        start->event_cycle = start->cycles + 1;
        unsigned accesses = p->accesses;
        bool done = run_at(p, in, start, 0x1000u);
        if (p->accesses != accesses)
            return "it accessed memory";   /* (and faulted: no memory answers) */
        if (!done)
            return "it faulted";
        memcpy(first, p->cpu, sizeof *first);
        if (first->next_pc != 0x1000u + in->size || first->r[15] != 0x1004u || first->pc != 0x1000u)
            return "it wrote the PC";
        if (first->cycles != start->cycles)
            return "it added cycles";
        if (first->r[13] != start->r[13])
            return "it wrote SP";
        if (first->event_cycle != start->event_cycle || first->attention || first->stop != STOP_NONE)
            return "it moved an event";
        if (first->itstate != 0 || first->it_cur != 0)
            return "it changed the IT state";
        memcpy(a, first, sizeof *a);
        memcpy(b, start, sizeof *b);
        a->pc = b->pc = 0, a->r[15] = b->r[15] = 0, a->next_pc = b->next_pc = 0;
        clear_allowed(a);
        clear_allowed(b);
        if (memcmp(a, b, sizeof *a) != 0)
            return "it changed state other than core registers and flags";
        /* The same again elsewhere: the result must not depend on the PC. */
        if (!run_at(p, in, start, 0x20000040u))
            return "it faulted at another PC";
        const cpu_t *second = p->cpu;
        if (memcmp(second->r, first->r, 15 * sizeof first->r[0]) != 0 || second->n != first->n ||
            second->z != first->z || second->c != first->c || second->v != first->v || second->q != first->q ||
            second->ge != first->ge)
            return "it read the PC";
    }
    return NULL;
}

/* Why in, run from random states over memory that answers, is not a
 * memory instruction (isa_insn_memory()); NULL if it behaved as one: it
 * neither changed the flow nor the IT state, and did the same at two PCs
 * (the same whole core state and writes, or the same fault).  Every other
 * state has the FP context ready (Helium instructions run; else they
 * fault), random vector registers and a random VPR.P0. */
static const char *memory_violation(probe_t *p, const insn_t *in, unsigned states)
{
    cpu_t *start = &p->copy[0], *first = &p->copy[1], *a = &p->copy[2], *b = &p->copy[3];
    p->answer = true;
    const char *why = NULL;
    for (unsigned k = 0; k < states && !why; k++) {
        memcpy(start, p->cpu, sizeof *start);
        for (int r = 0; r < 15; r++)
            start->r[r] = operand(p) & (k & 1u ? ~3u : ~0u);   /* every other state aligned */
        start->r[13] &= ~7u;
        for (size_t i = 0; i < sizeof start->fp.b; i++)
            start->fp.b[i] = (uint8_t)next_random(p);
        start->vpr = next_random(p) & 0xFFFFu;
        if (k & 2u) {
            start->fpu_present = 1;
            start->scb.cpacr |= 0xFu << 20;
            start->control |= CONTROL_FPCA;
            start->scb.fpccr &= ~FPCCR_LSPACT;
            start->lo_ltpsize = 4;
        }
        start->itstate = start->it_cur = 0;
        start->cycles = 1000;
        start->event_cycle = UINT64_MAX;
        p->written = 0;
        bool done = run_at(p, in, start, 0x1000u);
        uint64_t written = p->written;
        memcpy(first, p->cpu, sizeof *first);
        if (done && (first->next_pc != 0x1000u + in->size || first->pc != 0x1000u))
            why = "it wrote the PC";
        else if (done && (first->itstate != 0 || first->it_cur != 0))
            why = "it changed the IT state";
        p->written = 0;
        bool again = run_at(p, in, start, 0x20000040u);
        memcpy(a, first, sizeof *a);
        memcpy(b, p->cpu, sizeof *b);
        a->pc = b->pc = 0, a->r[15] = b->r[15] = 0, a->next_pc = b->next_pc = 0;
        memset(&a->abort_jmp, 0, sizeof a->abort_jmp);
        memset(&b->abort_jmp, 0, sizeof b->abort_jmp);
        bool same = done ? memcmp(a, b, sizeof *a) == 0 : a->fault_pending == b->fault_pending;
        if (!why && (again != done || p->written != written || !same))
            why = "it read the PC";
    }
    p->answer = false;
    return why;
}

/* Decode raw (a 16-bit encoding, or hw1 << 16 | hw2). */
static void decode_raw(insn_t *in, uint32_t raw, unsigned size)
{
    if (size == 4)
        isa_decode(in, raw >> 16, raw & 0xFFFFu);
    else
        isa_decode(in, raw & 0xFFFFu, 0);
}

/* A kind of step: which instructions it takes, and why one run from random
 * states does not behave as the kind says (NULL if it did). */
typedef struct step_kind {
    const char *name;
    bool (*accepts)(const insn_t *in);
    const char *(*violation)(probe_t *p, const insn_t *in, unsigned states);
} step_kind_t;

/* Every row's encodings with random free bits; each one kind accepts is
 * checked.  The rows that had one and the instructions checked. */
static void check_every_encoding(const step_kind_t *kind, unsigned *rows, unsigned *insns)
{
    probe_t *p = probe_new();
    size_t count;
    const isa_pattern_t *const *tables = isa_family_tables(&count);
    *rows = *insns = 0;
    for (size_t t = 0; t < count; t++)
        for (const isa_pattern_t *row = tables[t]; row && row->name; row++) {
            bool row_accepted = false;
            for (unsigned e = 0; e < 200; e++) {
                uint32_t free_bits = ~row->mask & (row->size == 4 ? 0xFFFFFFFFu : 0xFFFFu);
                uint32_t raw = row->match | (((uint32_t)next_random(p) << 16 ^ next_random(p)) & free_bits);
                insn_t in;
                decode_raw(&in, raw, row->size);
                if (!kind->accepts(&in))
                    continue;
                const char *why = kind->violation(p, &in, 8);
                cr_assert_null(why, "%s (%08x, row %s) is called %s but %s", in.pat->name, raw, row->name,
                               kind->name, why);
                row_accepted |= in.pat == row;
                (*insns)++;
            }
            *rows += row_accepted;
        }
    probe_free(p);
}

typedef struct caught {
    uint32_t raw;
    unsigned size;
    const char *why;
} caught_t;

/* Each case is not of the kind, and the check catches it for the reason
 * given (from states random states). */
static void check_catches(const step_kind_t *kind, const caught_t *cases, size_t n, unsigned states)
{
    probe_t *p = probe_new();
    for (size_t i = 0; i < n; i++) {
        insn_t in;
        decode_raw(&in, cases[i].raw, cases[i].size);
        cr_assert_not(kind->accepts(&in), "%s (%08x) is called %s", in.pat->name, cases[i].raw, kind->name);
        const char *why = kind->violation(p, &in, states);
        cr_assert_not_null(why, "%s (%08x) passes the check", in.pat->name, cases[i].raw);
        cr_assert_str_eq(why, cases[i].why, "%s (%08x): %s", in.pat->name, cases[i].raw, why);
    }
    probe_free(p);
}

static const step_kind_t plain_kind = {"plain", isa_insn_plain, plain_violation};
static const step_kind_t memory_kind = {"a memory instruction", isa_insn_memory, memory_violation};

Test(plain, every_plain_encoding_changes_only_registers_and_flags)
{
    unsigned rows, insns;
    check_every_encoding(&plain_kind, &rows, &insns);
    /* The lists hold the data-processing and multiply families. */
    cr_assert_geq(rows, 100, "only %u rows had a plain encoding", rows);
    cr_assert_geq(insns, 10000);
}

/* What the checker must catch, each for the reason given: the lists must
 * not hold them, and if one did, the test above would fail. */
Test(plain, the_check_catches_what_is_not_plain)
{
    static const caught_t cases[] = {
        {0xA001u, 2, "it read the PC"},                     /* adr r0, #4 */
        {0x4478u, 2, "it read the PC"},                     /* add r0, pc */
        {0x6808u, 2, "it accessed memory"},                 /* ldr r0, [r1] */
        {0x6008u, 2, "it accessed memory"},                 /* str r0, [r1] */
        {0xE000u, 2, "it wrote the PC"},                    /* b . + 4 */
        {0x4687u, 2, "it wrote the PC"},                    /* mov pc, r0 */
        {0x4685u, 2, "it wrote SP"},                        /* mov sp, r0 */
        {0xFB91F0F2u, 4, "it added cycles"},                /* sdiv r0, r1, r2 */
        {0xBF08u, 2, "it changed the IT state"},            /* it eq */
        {0xBF40u, 2, "it changed state other than core registers and flags"}, /* sev */
    };
    check_catches(&plain_kind, cases, sizeof cases / sizeof cases[0], 8);
}

/* Memory steps: every encoding isa_insn_memory() accepts, at two PCs. */
Test(plain, every_memory_encoding_leaves_the_flow_and_the_pc_alone)
{
    unsigned rows, insns;
    check_every_encoding(&memory_kind, &rows, &insns);
    /* The list holds the single loads and stores of every addressing form,
     * the Helium tables most of their rows. */
    cr_assert_geq(rows, 150, "only %u rows had a memory encoding", rows);
    cr_assert_geq(insns, 5000);
}

/* What the memory check must catch: none is a memory instruction, and if
 * the list held one, the test above would fail (a literal LDRD did, when
 * only the named operands were checked for the PC). */
Test(plain, the_check_catches_what_is_not_a_memory_instruction)
{
    static const caught_t cases[] = {
        {0x4801u, 2, "it read the PC"},                     /* ldr r0, [pc, #4] */
        {0xE9DF0102u, 4, "it read the PC"},                 /* ldrd r0, r1, [pc, #8] */
        {0x4478u, 2, "it read the PC"},                     /* add r0, pc */
        {0xF8D0F000u, 4, "it wrote the PC"},                /* ldr.w pc, [r0] */
        {0xBD01u, 2, "it wrote the PC"},                    /* pop {r0, pc} */
        {0xE000u, 2, "it wrote the PC"},                    /* b . + 4 */
        {0xBF08u, 2, "it changed the IT state"},            /* it eq */
    };
    check_catches(&memory_kind, cases, sizeof cases / sizeof cases[0], 32);
}
