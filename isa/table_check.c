/* The checks every encoding table row must pass (isa/insn.h): run by
 * tests/unit/test_isa_table.c over the ten tables, so a row cannot lose
 * its timing, operands or disassembly, nor start shadowing another row,
 * without a test failing. */
#include <stdarg.h>
#include <stdio.h>

#include "insn.h"

typedef struct fault_log {
    unsigned count;
    char *err;
    size_t len;
} fault_log_t;

static void fault(fault_log_t *log, const isa_pattern_t *p, const char *what, ...)
{
    if (log->count++ == 0 && log->len) {
        int n = snprintf(log->err, log->len, "row %s %08x/%08x: ", p->name, (unsigned)p->mask,
                         (unsigned)p->match);
        va_list ap;
        va_start(ap, what);
        if (n >= 0 && (size_t)n < log->len)
            vsnprintf(log->err + n, log->len - (size_t)n, what, ap);
        va_end(ap);
    }
}

/* The operand bits isa/operands.h defines. */
#define OPERANDS_DEFINED (((uint32_t)OP_RA_ACC << 1) - 1u)

static void check_row(fault_log_t *log, const isa_pattern_t *p)
{
    uint32_t width = p->size == 2 ? 0xFFFFu : 0xFFFFFFFFu;
    if (p->size != 2 && p->size != 4)
        fault(log, p, "size %u", p->size);
    if (p->match & ~p->mask)
        fault(log, p, "match has bits outside the mask");
    if ((p->mask | p->match) & ~width)
        fault(log, p, "bits beyond a %u-byte encoding", p->size);
    if (p->size == 4 && !isa_is_32bit(p->match >> 16))
        fault(log, p, "a 32-bit row whose first halfword is a 16-bit instruction");
    if (p->size == 2 && isa_is_32bit(p->match))
        fault(log, p, "a 16-bit row whose halfword starts a 32-bit instruction");
    if (!p->exec)
        fault(log, p, "no execute function");
    if (p->tclass >= TC_COUNT)
        fault(log, p, "timing class %u", p->tclass);
    if (p->timing >= TL_COUNT)
        fault(log, p, "timing override %u", p->timing);
    if (p->dual != DUAL_NONE && p->dual != DUAL_PAIR && p->dual != DUAL_SECONDARY)
        fault(log, p, "dual-issue class %u", p->dual);
    if (p->dual != DUAL_NONE && p->size != 2)
        fault(log, p, "dual issue is for 16-bit instructions");
    if (!p->writes || !p->reads)
        fault(log, p, "no operand set (OP_NONE when it has none)");
    if (((p->writes | p->reads) & ~(OPERANDS_DEFINED | OP_NONE)) ||
        ((p->writes & OP_NONE) && p->writes != OP_NONE) || ((p->reads & OP_NONE) && p->reads != OP_NONE))
        fault(log, p, "operand sets %08x/%08x", (unsigned)p->writes, (unsigned)p->reads);
    if (p->disasm != ISA_DIS_CAPSTONE && p->disasm != ISA_DIS_TABLE)
        fault(log, p, "no disassembler (ISA_DIS_*)");
    if (!p->fmt)
        fault(log, p, "no disassembly format");
}

/* Can one encoding match both rows? */
static bool rows_overlap(const isa_pattern_t *a, const isa_pattern_t *b)
{
    return a->size == b->size && ((a->match ^ b->match) & a->mask & b->mask) == 0;
}

unsigned isa_check_tables(const isa_pattern_t *const *tables, size_t count, char *err, size_t len)
{
    fault_log_t log = {0, err, len};
    if (len)
        err[0] = '\0';
    for (size_t t = 0; t < count; t++) {
        for (const isa_pattern_t *p = tables[t]; p && p->name; p++) {
            check_row(&log, p);
            bool shadowed = false;
            for (size_t u = 0; u <= t && !shadowed; u++)
                for (const isa_pattern_t *q = tables[u]; q && q->name && (u < t || q < p); q++)
                    if (rows_overlap(p, q)) {
                        shadowed = true;
                        if (!(p->overlap & ISA_ROW_SHADOWED))
                            fault(&log, p, "overlaps the earlier row %s %08x/%08x undeclared",
                                  q->name, (unsigned)q->mask, (unsigned)q->match);
                        break;
                    }
            if (!shadowed && (p->overlap & ISA_ROW_SHADOWED))
                fault(&log, p, "declares an overlap no earlier row has");
        }
    }
    return log.count;
}
