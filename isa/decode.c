/* Table-driven decoder: the family tables of isa/insn.h are searched in a
 * fixed order, first matching row whose decode function accepts wins.  It
 * runs once per instruction address (the result is cached), so a linear
 * search is fast enough and keeps the tables the single source of truth. */
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "insn.h"

/* Weak references: a family whose file is not linked in (a build without
 * FP, or a family still being written) simply decodes as UNDEFINED. */
#pragma weak isa_patterns_sys
#pragma weak isa_patterns_branch
#pragma weak isa_patterns_dsp
#pragma weak isa_patterns_mul
#pragma weak isa_patterns_dp
#pragma weak isa_patterns_ldst
#pragma weak isa_patterns_fp
#pragma weak isa_patterns_mve
#pragma weak isa_patterns_mve_int
#pragma weak isa_patterns_mve_fp

static const isa_pattern_t *const family_tables[] = {
    isa_patterns_sys, isa_patterns_branch, isa_patterns_dsp, isa_patterns_mul,
    isa_patterns_dp, isa_patterns_ldst, isa_patterns_fp, isa_patterns_mve,
    isa_patterns_mve_int, isa_patterns_mve_fp,
};

const isa_pattern_t *const *isa_family_tables(size_t *count)
{
    *count = sizeof family_tables / sizeof family_tables[0];
    return family_tables;
}

static void exec_undefined(cpu_t *cpu, const insn_t *in)
{
    (void)in;
    cpu_undefined(cpu);
}

static const isa_pattern_t undefined_pattern = {
    .name = "undefined", .tclass = TC_ALU, .exec = exec_undefined, .fmt = "",
    .writes = 0, .reads = 0, .timing = TL_CLASS, .dual = DUAL_NONE, .disasm = ISA_DIS_CAPSTONE,
};

/* An index over the tables: for each value of the top bits of an
 * encoding (hw[15:8] of a 16-bit one, hw1[15:4] of a 32-bit one), the rows
 * that can match it, in search order.  Process-wide but immutable after
 * its one-time initialisation (call_once: built before the first decode
 * returns, by whichever thread gets there first, and only read after), as
 * a pure function of the constant tables; so it is no mutable state any
 * SoC instance could see change.  The decode results themselves are cached
 * per core (isa/cpu.c). */
#define KEY16_SHIFT 8u
#define KEY32_SHIFT 20u
#define NKEY16 (1u << (16u - KEY16_SHIFT))
#define NKEY32 (1u << (32u - KEY32_SHIFT))

typedef struct decode_index {
    uint32_t start[NKEY16 + NKEY32 + 1];   /* bucket b: rows[start[b] .. start[b+1]) */
    const isa_pattern_t **rows;
    /* The Helium tables' rows, as address ranges [lo, hi) (isa_insn_memory()). */
    uintptr_t vector_lo[3], vector_hi[3];
} decode_index_t;

static decode_index_t index_;
static once_flag index_once = ONCE_FLAG_INIT;

/* The buckets row p fits: those whose key bits agree with p's fixed bits
 * there.  Returns how many (0: another size's buckets); visits each, in
 * increasing order, with fn(bucket, p, ctx). */
static uint32_t row_buckets(const isa_pattern_t *p, bool wide,
                            void (*fn)(uint32_t bucket, const isa_pattern_t *p, void *ctx), void *ctx)
{
    if (p->size != (wide ? 4 : 2))
        return 0;
    uint32_t shift = wide ? KEY32_SHIFT : KEY16_SHIFT;
    uint32_t keys = wide ? NKEY32 : NKEY16;
    uint32_t fixed = (p->mask >> shift) & (keys - 1u);
    uint32_t value = (p->match >> shift) & fixed;
    uint32_t free = (keys - 1u) & ~fixed;
    uint32_t base = wide ? NKEY16 : 0, n = 0, sub = 0;
    do {   /* every subset of the free key bits, in increasing order */
        fn(base + (value | sub), p, ctx);
        n++;
        sub = (sub - free) & free;
    } while (sub != 0);
    return n;
}

/* Visit every row in search order. */
#define FOR_EACH_ROW(p)                                                                  \
    for (size_t t_ = 0; t_ < sizeof family_tables / sizeof family_tables[0]; t_++)       \
        for (const isa_pattern_t *p = family_tables[t_]; p && p->name; p++)

static void count_row(uint32_t bucket, const isa_pattern_t *p, void *ctx)
{
    (void)p;
    ((uint32_t *)ctx)[bucket]++;
}

static void place_row(uint32_t bucket, const isa_pattern_t *p, void *ctx)
{
    index_.rows[((uint32_t *)ctx)[bucket]++] = p;
}

/* Each row goes into the buckets it fits, rows in search order within a
 * bucket: a counting pass, then a placing pass (work in proportion to the
 * index's size, not buckets x rows). */
static void build_index(void)
{
    uint32_t *next = calloc(NKEY16 + NKEY32, sizeof *next);   /* per bucket: rows, then where the next goes */
    if (!next)
        abort();
    FOR_EACH_ROW(p) {
        row_buckets(p, false, count_row, next);
        row_buckets(p, true, count_row, next);
    }
    uint32_t total = 0;
    for (uint32_t b = 0; b < NKEY16 + NKEY32; b++) {
        index_.start[b] = total;
        total += next[b];
        next[b] = index_.start[b];
    }
    index_.start[NKEY16 + NKEY32] = total;
    index_.rows = malloc((total ? total : 1) * sizeof *index_.rows);
    if (!index_.rows)
        abort();   /* a few hundred KiB at start-up */
    FOR_EACH_ROW(p) {
        row_buckets(p, false, place_row, next);
        row_buckets(p, true, place_row, next);
    }
    free(next);
    const isa_pattern_t *const vector[] = {isa_patterns_mve, isa_patterns_mve_int, isa_patterns_mve_fp};
    for (size_t t = 0; t < sizeof vector / sizeof vector[0]; t++) {
        const isa_pattern_t *end = vector[t];
        while (end && end->name)
            end++;
        index_.vector_lo[t] = (uintptr_t)vector[t];
        index_.vector_hi[t] = (uintptr_t)end;
    }
}

/* Weak: a program that links only some families (a unit test) has no
 * list for the others. */
#define ISA_HOT_WEAK_(family, ENUM) _Pragma(ISA_HOT_STR_(weak isa_hot_##family))
#define ISA_HOT_STR_(x) #x
ISA_HOT_FAMILIES(ISA_HOT_WEAK_)
#undef ISA_HOT_WEAK_

void isa_assign_hot(insn_t *in)
{
    static const struct { const isa_exec_fn *list; uint8_t family; } families[] = {
#define ISA_HOT_ROW_(family, ENUM) {isa_hot_##family, ISA_HOT_##ENUM},
        ISA_HOT_FAMILIES(ISA_HOT_ROW_)
#undef ISA_HOT_ROW_
    };
    in->hot_family = ISA_HOT_NONE;
    in->hot_index = 0;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (size_t i = 0; families[f].list && families[f].list[i]; i++)
            if (families[f].list[i] == in->exec) {
                in->hot_family = families[f].family;
                in->hot_index = (uint8_t)i;
                return;
            }
}

#pragma weak isa_plain_dp
#pragma weak isa_plain_mul
#pragma weak isa_plain_dsp
#pragma weak isa_memory_ldst

/* The register fields a row may name as operands of a plain instruction,
 * with their OP_* bits; anything else in its sets (a list, FP or vector
 * registers, LR...) makes it general. */
static const struct { uint32_t op; size_t field; } plain_fields[] = {
    {OP_RD, offsetof(insn_t, rd)}, {OP_RN, offsetof(insn_t, rn)},
    {OP_RM, offsetof(insn_t, rm)}, {OP_RA, offsetof(insn_t, ra)},
};
#define PLAIN_OPERANDS (OP_RD | OP_RN | OP_RM | OP_RA | OP_FLAGS | OP_SETFLAGS | OP_COND | OP_NONE)

/* Whether one of the register fields of ops (OP_* bits) holds register r. */
static bool field_is(const insn_t *in, uint32_t ops, uint8_t r)
{
    for (size_t f = 0; f < sizeof plain_fields / sizeof plain_fields[0]; f++)
        if ((ops & plain_fields[f].op) && ((const uint8_t *)in)[plain_fields[f].field] == r)
            return true;
    return false;
}

/* Whether exec is in list (NULL-terminated; NULL: a family not linked). */
static bool listed(const isa_exec_fn *list, isa_exec_fn exec)
{
    for (size_t i = 0; list && list[i]; i++)
        if (list[i] == exec)
            return true;
    return false;
}

bool isa_insn_plain(const insn_t *in)
{
    const isa_pattern_t *p = in->pat;
    if (!p || ((p->reads | p->writes) & ~PLAIN_OPERANDS))
        return false;
    if (field_is(in, p->reads | p->writes, 15))
        return false;   /* reads the PC, or writes it (a branch) */
    if (field_is(in, p->writes, 13))
        return false;   /* SP: the stack limit check may fault */
    return listed(isa_plain_dp, in->exec) || listed(isa_plain_mul, in->exec) ||
           listed(isa_plain_dsp, in->exec);
}

/* The operands a memory instruction's row may name: the register fields
 * above (the transfer register(s), base, offset) and the base's writeback;
 * a Helium row also vector registers, VPR, the flags and FPSCR. */
#define MEMORY_OPERANDS (OP_RD | OP_RN | OP_RM | OP_RA | OP_WBACK | OP_NONE)
#define VECTOR_OPERANDS (MEMORY_OPERANDS | OP_QD | OP_QN | OP_QM | OP_VPR | OP_FLAGS | OP_FPSCR)

static bool is_vector_row(const isa_pattern_t *p)
{
    for (size_t t = 0; t < sizeof index_.vector_lo / sizeof index_.vector_lo[0]; t++)
        if ((uintptr_t)p >= index_.vector_lo[t] && (uintptr_t)p < index_.vector_hi[t])
            return true;
    return false;
}

bool isa_insn_memory(const insn_t *in)
{
    call_once(&index_once, build_index);
    const isa_pattern_t *p = in->pat;
    if (!p)
        return false;
    uint32_t ops = p->reads | p->writes;
    if (field_is(in, ops, 15))
        return false;   /* reads the PC (a literal base) or writes it */
    if (is_vector_row(p))
        return !(ops & ~VECTOR_OPERANDS);
    if (ops & ~MEMORY_OPERANDS)
        return false;
    if (!(p->reads & OP_RN))
        return false;   /* no base register named: the PC is (a literal row) */
    return listed(isa_memory_ldst, in->exec);
}

void isa_decode(insn_t *in, uint32_t hw1, uint32_t hw2)
{
    call_once(&index_once, build_index);
    bool wide = isa_is_32bit(hw1);
    uint32_t raw = wide ? (hw1 << 16) | hw2 : hw1;
    uint8_t size = wide ? 4 : 2;
    uint32_t bucket = wide ? NKEY16 + (raw >> KEY32_SHIFT) : raw >> KEY16_SHIFT;
    for (uint32_t i = index_.start[bucket]; i < index_.start[bucket + 1]; i++) {
        const isa_pattern_t *p = index_.rows[i];
        if ((raw & p->mask) != p->match)
            continue;
        memset(in, 0, sizeof *in);
        in->raw = raw;
        in->size = size;
        in->cond = 14;
        in->tclass = p->tclass;
        in->pat = p;
        if (p->decode && !p->decode(in, raw))
            continue;
        if (!in->exec)
            in->exec = p->exec;
        if (in->exec) {
            isa_assign_hot(in);
            if (isa_dp_writes_only_rd(in))
                in->flags |= INSN_IT_SELECT;
            return;
        }
    }
    memset(in, 0, sizeof *in);
    in->raw = raw;
    in->size = size;
    in->cond = 14;
    in->pat = &undefined_pattern;
    in->tclass = TC_ALU;
    in->exec = exec_undefined;
}
