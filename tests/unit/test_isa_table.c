/* The ten encoding tables, row by row (isa_check_tables, isa/table_check.c):
 * consistent mask and match, timing, dual issue, operands and disassembly
 * filled in, overlaps with earlier rows declared.  Then the checker itself,
 * on copies of real rows with one fault planted each. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../isa/insn.h"

static unsigned row_count(void)
{
    size_t n;
    const isa_pattern_t *const *tables = isa_family_tables(&n);
    unsigned rows = 0;
    for (size_t t = 0; t < n; t++)
        for (const isa_pattern_t *p = tables[t]; p && p->name; p++)
            rows++;
    return rows;
}

Test(isa_table, every_row_of_the_ten_tables_is_complete_and_declares_its_overlaps)
{
    size_t n;
    const isa_pattern_t *const *tables = isa_family_tables(&n);
    cr_assert_eq(n, 10);
    for (size_t t = 0; t < n; t++)
        cr_assert_not_null(tables[t], "table %zu not linked in", t);
    cr_assert_gt(row_count(), 700, "%u rows", row_count());
    char err[256];
    unsigned faults = isa_check_tables(tables, n, err, sizeof err);
    cr_assert_eq(faults, 0, "%u faults, first: %s", faults, err);
}

/* A two-table world: row a, then the planted row b. */
static unsigned check_pair(const isa_pattern_t *a, const isa_pattern_t *b, char *err, size_t len)
{
    static isa_pattern_t first[2], second[2];
    first[0] = *a;
    second[0] = *b;
    memset(&first[1], 0, sizeof first[1]);
    memset(&second[1], 0, sizeof second[1]);
    const isa_pattern_t *const tables[] = {first, second};
    return isa_check_tables(tables, 2, err, len);
}

/* A real row: ADDS Rd, Rn, Rm (T1), the first of the dp table that
 * matches 0x1888. */
static const isa_pattern_t *real_row(uint32_t raw)
{
    insn_t in;
    isa_decode(&in, raw, 0);
    cr_assert(in.pat && in.pat->name && strcmp(in.pat->name, "undefined") != 0);
    return in.pat;
}

Test(isa_table, a_copy_of_two_real_rows_passes)
{
    char err[256];
    const isa_pattern_t *adds = real_row(0x1888), *movs = real_row(0x2001);
    cr_assert_eq(check_pair(adds, movs, err, sizeof err), 0, "%s", err);
}

Test(isa_table, planted_undeclared_overlap_fails)
{
    char err[256];
    const isa_pattern_t *adds = real_row(0x1888);
    isa_pattern_t wider = *adds;
    wider.name = "wider";
    wider.mask = 0xF800u;            /* now also claims ADDS's encodings */
    wider.match = 0x1800u;
    wider.overlap = 0;
    cr_assert_eq(check_pair(adds, &wider, err, sizeof err), 1);
    cr_assert(strstr(err, "overlaps the earlier row adds"), "%s", err);
    wider.overlap = ISA_ROW_SHADOWED;   /* declared: accepted */
    cr_assert_eq(check_pair(adds, &wider, err, sizeof err), 0, "%s", err);
}

Test(isa_table, planted_stale_overlap_declaration_fails)
{
    char err[256];
    isa_pattern_t movs = *real_row(0x2001);
    movs.overlap = ISA_ROW_SHADOWED;
    cr_assert_eq(check_pair(real_row(0x1888), &movs, err, sizeof err), 1);
    cr_assert(strstr(err, "declares an overlap"), "%s", err);
}

Test(isa_table, planted_missing_fields_fail)
{
    char err[256];
    const isa_pattern_t *adds = real_row(0x1888);
    isa_pattern_t bad = *real_row(0x2001);
    bad.match |= 0x0001u << 16;          /* a bit outside a 16-bit row and its mask */
    cr_assert_geq(check_pair(adds, &bad, err, sizeof err), 1);
    cr_assert(strstr(err, "match has bits outside the mask"), "%s", err);

    bad = *real_row(0x2001);
    bad.reads = 0;
    cr_assert_eq(check_pair(adds, &bad, err, sizeof err), 1);
    cr_assert(strstr(err, "no operand set"), "%s", err);

    bad = *real_row(0x2001);
    bad.disasm = 0;
    cr_assert_eq(check_pair(adds, &bad, err, sizeof err), 1);
    cr_assert(strstr(err, "no disassembler"), "%s", err);

    bad = *real_row(0x2001);
    bad.fmt = NULL;
    cr_assert_eq(check_pair(adds, &bad, err, sizeof err), 1);
    cr_assert(strstr(err, "no disassembly format"), "%s", err);

    bad = *real_row(0x2001);
    bad.timing = TL_COUNT;
    cr_assert_eq(check_pair(adds, &bad, err, sizeof err), 1);
    cr_assert(strstr(err, "timing override"), "%s", err);

    bad = *real_row(0x2001);
    bad.size = 4;                         /* dual issue on a 32-bit row, and its bits */
    cr_assert_geq(check_pair(adds, &bad, err, sizeof err), 1);
}
