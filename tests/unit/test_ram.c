/* The report's stack measure (sim/ram.c): ram_prepare() fills the stack
 * with a pattern, ram_measure() finds the lowest word the firmware
 * changed.  The peak is read in 4 KiB pieces: a word changed on either
 * side of a piece's border, at the limit or at the top must give the
 * same peak as a scan word by word. */
#include <criterion/criterion.h>

#include "../../sim/machine.h"
#include "machine_harness.h"
#include "../../sim/ram.h"

#define STACK_TOP 0x20010000u      /* DTCM (an547) */
#define STACK_LIMIT 0x20000000u    /* a 64 KiB stack: 16 pieces */


/* The peak after changing the word at addr (0: none changed). */
static uint64_t peak_after_write_at(uint32_t addr)
{
    machine_t *m = tmachine_new("an547");
    elf_info_t elf = {.sym_stack_top = STACK_TOP, .sym_stack_limit = STACK_LIMIT};
    ram_info_t ri;
    ram_prepare(m, &elf, &ri);
    cr_assert(ri.stack_known);
    if (addr) {
        uint32_t used = 0x12345678u;
        cr_assert(machine_write_bytes(m, addr, &used, 4));
    }
    elf_tables_t tables = {0};
    ram_measure(m, &tables, &ri);
    machine_destroy(m);
    return ri.stack_peak;
}

Test(ram, stack_peak_is_the_lowest_changed_word)
{
    cr_expect_eq(peak_after_write_at(0), 0u, "untouched stack");
    cr_expect_eq(peak_after_write_at(STACK_TOP - 4), 4u, "top word only");
    cr_expect_eq(peak_after_write_at(STACK_LIMIT), STACK_TOP - STACK_LIMIT, "the limit itself");
    /* either side of the border between the first two 4 KiB pieces */
    cr_expect_eq(peak_after_write_at(STACK_LIMIT + 4096 - 4), STACK_TOP - STACK_LIMIT - 4096 + 4);
    cr_expect_eq(peak_after_write_at(STACK_LIMIT + 4096), STACK_TOP - STACK_LIMIT - 4096);
    cr_expect_eq(peak_after_write_at(STACK_LIMIT + 0x8A24), STACK_TOP - STACK_LIMIT - 0x8A24);
}

/* One byte of a pattern word changed counts the whole word as used. */
Test(ram, stack_peak_counts_a_partly_changed_word)
{
    machine_t *m = tmachine_new("an547");
    elf_info_t elf = {.sym_stack_top = STACK_TOP, .sym_stack_limit = STACK_LIMIT};
    ram_info_t ri;
    ram_prepare(m, &elf, &ri);
    uint8_t b = 0;
    cr_assert(machine_write_bytes(m, STACK_LIMIT + 0x3003, &b, 1));
    elf_tables_t tables = {0};
    ram_measure(m, &tables, &ri);
    cr_expect_eq(ri.stack_peak, STACK_TOP - STACK_LIMIT - 0x3000);
    machine_destroy(m);
}

/* Without the allocator's symbols the heap's peak is its highest non-zero
 * byte (rounded up to 8), read from the top down 4 KiB at a time. */
static uint64_t heap_peak_after_write_at(uint32_t addr)
{
    machine_t *m = tmachine_new("an547");
    elf_info_t elf = {.sym_heap_start = 0x20020000u, .sym_heap_limit = 0x20060000u};
    ram_info_t ri;
    ram_prepare(m, &elf, &ri);
    if (addr) {
        uint8_t b = 0x5A;
        cr_assert(machine_write_bytes(m, addr, &b, 1));
    }
    elf_tables_t tables = {0};
    ram_measure(m, &tables, &ri);
    machine_destroy(m);
    cr_assert(ri.heap_known);
    return ri.heap_peak;
}

Test(ram, heap_peak_is_the_highest_changed_byte)
{
    cr_expect_eq(heap_peak_after_write_at(0), 0u);
    cr_expect_eq(heap_peak_after_write_at(0x20020000u), 8u);
    cr_expect_eq(heap_peak_after_write_at(0x2005FFFFu), 0x40000u);
    cr_expect_eq(heap_peak_after_write_at(0x20041000u), 0x21008u, "first byte of a piece");
    cr_expect_eq(heap_peak_after_write_at(0x20040FFFu), 0x21000u, "last byte of a piece");
}
