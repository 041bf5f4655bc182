/* Plain instructions (isa_insn_plain(), isa/block.h): the block loop runs
 * them with nothing but their execute function, so one that is not what
 * the lists say would go wrong silently (a lost wait state, a PC read as a
 * stale value, a missed event).  Every row of every table is decoded from
 * random encodings; each one isa_insn_plain() calls plain is run over
 * random operands and must change nothing but core registers other than
 * SP and PC and the flags, touch no memory, not fault, and give the same
 * result whatever the PC.  The checker itself must catch the instructions
 * that are not plain. */
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
    uint64_t rng;
} probe_t;

static bool probe_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value, uint32_t *wait)
{
    (void)addr, (void)size, (void)value, (void)wait;
    ((probe_t *)ctx)->accesses++;
    return false;
}

static bool probe_write(void *ctx, uint32_t addr, unsigned size, uint32_t value, uint32_t *wait)
{
    (void)addr, (void)size, (void)value, (void)wait;
    ((probe_t *)ctx)->accesses++;
    return false;
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

/* Decode raw (a 16-bit encoding, or hw1 << 16 | hw2). */
static void decode_raw(insn_t *in, uint32_t raw, unsigned size)
{
    if (size == 4)
        isa_decode(in, raw >> 16, raw & 0xFFFFu);
    else
        isa_decode(in, raw & 0xFFFFu, 0);
}

/* Every row's encodings with random free bits; each plain one checked. */
Test(plain, every_plain_encoding_changes_only_registers_and_flags)
{
    probe_t *p = probe_new();
    size_t count;
    const isa_pattern_t *const *tables = isa_family_tables(&count);
    unsigned plain_rows = 0, plain_insns = 0;
    for (size_t t = 0; t < count; t++)
        for (const isa_pattern_t *row = tables[t]; row && row->name; row++) {
            bool row_plain = false;
            for (unsigned e = 0; e < 200; e++) {
                uint32_t free_bits = ~row->mask & (row->size == 4 ? 0xFFFFFFFFu : 0xFFFFu);
                uint32_t raw = row->match | (((uint32_t)next_random(p) << 16 ^ next_random(p)) & free_bits);
                insn_t in;
                decode_raw(&in, raw, row->size);
                if (!isa_insn_plain(&in))
                    continue;
                const char *why = plain_violation(p, &in, 8);
                cr_assert_null(why, "%s (%08x, row %s) is called plain but %s", in.pat->name, raw, row->name,
                               why);
                row_plain |= in.pat == row;
                plain_insns++;
            }
            plain_rows += row_plain;
        }
    /* The lists hold the data-processing and multiply families. */
    cr_assert_geq(plain_rows, 100, "only %u rows had a plain encoding", plain_rows);
    cr_assert_geq(plain_insns, 10000);
    probe_free(p);
}

/* What the checker must catch, each for the reason given: the lists must
 * not hold them, and if one did, the test above would fail. */
Test(plain, the_check_catches_what_is_not_plain)
{
    static const struct { uint32_t raw; unsigned size; const char *why; } cases[] = {
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
    probe_t *p = probe_new();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        insn_t in;
        decode_raw(&in, cases[i].raw, cases[i].size);
        cr_assert_not(isa_insn_plain(&in), "%s (%08x) is called plain", in.pat->name, cases[i].raw);
        const char *why = plain_violation(p, &in, 8);
        cr_assert_not_null(why, "%s (%08x) passes the check", in.pat->name, cases[i].raw);
        cr_assert_str_eq(why, cases[i].why, "%s (%08x): %s", in.pat->name, cases[i].raw, why);
    }
    probe_free(p);
}
