/* Table-driven decoder: the family tables of isa/insn.h are searched in a
 * fixed order, first matching row whose decode function accepts wins.  It
 * runs once per instruction address (the result is cached), so a linear
 * search is fast enough and keeps the tables the single source of truth. */
#include <string.h>

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

static void exec_undefined(cpu_t *cpu, const insn_t *in)
{
    (void)in;
    cpu_undefined(cpu);
}

static const isa_pattern_t undefined_pattern = {
    .name = "undefined", .tclass = TC_ALU, .exec = exec_undefined, .fmt = "",
};

void isa_decode(insn_t *in, uint32_t hw1, uint32_t hw2)
{
    bool wide = isa_is_32bit(hw1);
    uint32_t raw = wide ? (hw1 << 16) | hw2 : hw1;
    uint8_t size = wide ? 4 : 2;
    for (size_t t = 0; t < sizeof family_tables / sizeof family_tables[0]; t++) {
        if (!family_tables[t])
            continue;
        for (const isa_pattern_t *p = family_tables[t]; p->name; p++) {
            if (p->size != size || (raw & p->mask) != p->match)
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
            if (in->exec)
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
