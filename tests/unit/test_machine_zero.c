/* machine_zero() (the loader's .bss clear, sim/machine.c) writes only the
 * 4 KiB pieces that are not zero already: whatever was written before,
 * in any piece and at its edges, the range must read back as zero and
 * the bytes around it must be kept. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../sim/machine.h"
#include "machine_harness.h"

#define BASE 0x20000000u   /* DTCM (an547) */
#define SPAN 0x6000u       /* six pieces */


Test(machine_zero, clears_exactly_the_range)
{
    char err[256];
    machine_t *m = tmachine_new("an547");
    static uint8_t want[SPAN], got[SPAN];
    /* non-zero bytes here and there: the first and last bytes of pieces,
     * one in the middle of a piece, a whole piece; pieces 1 and 4 zero */
    const uint32_t marks[] = {0x0000, 0x0FFF, 0x2000, 0x2FFF, 0x3800, 0x5FFF};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        want[marks[i]] = (uint8_t)(0x11 * (i + 1));
    memset(want + 0x5000, 0xA5, 0x800);
    cr_assert(machine_write_bytes(m, BASE, want, SPAN));
    /* zero from the middle of the first piece to the middle of the last */
    const uint32_t lo = 0x0FFF, hi = 0x5800;
    cr_assert(machine_zero(m, BASE + lo, hi - lo, "a test .bss", err, sizeof err), "%s", err);
    memset(want + lo, 0, hi - lo);
    cr_assert(machine_read_bytes(m, BASE, got, SPAN));
    cr_expect_eq(memcmp(got, want, SPAN), 0, "machine_zero changed other bytes or left some");
    machine_destroy(m);
}

/* Which pages are known zero without reading them (machine_known_zero):
 * every way of writing memory before the core runs makes its 4 KiB pages
 * unknown, machine_zero() makes whole pages known again, and a reset
 * without the write tracking makes every page unknown. */
Test(machine_zero, known_zero_follows_every_write)
{
    char err[256];
    machine_t *m = tmachine_new("an547");
    cr_expect(machine_known_zero(m, BASE, 0x10000), "fresh memory");
    uint8_t one = 1;
    cr_assert(machine_write_bytes(m, BASE + 0x1800, &one, 1));
    cr_expect(!machine_known_zero(m, BASE + 0x1000, 0x1000), "the page written");
    cr_expect(!machine_known_zero(m, BASE + 0x0FFF, 2), "a range into it");
    cr_expect(machine_known_zero(m, BASE, 0x1000), "the page before");
    cr_expect(machine_known_zero(m, BASE + 0x2000, 0x1000), "the page after");
    const uint8_t data[3] = {1, 2, 3};
    cr_assert(machine_load(m, BASE + 0x5FFF, data, sizeof data, "a test load", err, sizeof err), "%s", err);
    cr_expect(!machine_known_zero(m, BASE + 0x5000, 4) && !machine_known_zero(m, BASE + 0x6000, 4),
              "both pages a load crosses");
    /* cleared: the whole page is known zero again, a partly cleared one not */
    cr_assert(machine_zero(m, BASE + 0x1000, 0x1000, "a test .bss", err, sizeof err), "%s", err);
    cr_expect(machine_known_zero(m, BASE + 0x1000, 0x1000));
    cr_assert(machine_zero(m, BASE + 0x5800, 0x800, "a test .bss", err, sizeof err), "%s", err);
    cr_expect(!machine_known_zero(m, BASE + 0x5000, 0x1000));
    uint8_t b = 0xFF;
    cr_assert(machine_read_bytes(m, BASE + 0x5FFF, &b, 1));
    cr_expect_eq(b, 0, "cleared all the same");
    cr_expect(!machine_known_zero(m, 0x40000000u, 4), "not memory");
    /* the tracked core may run: what it writes the machine sees */
    cr_assert(machine_track_writes(m));
    machine_reset(m);
    cr_expect(machine_known_zero(m, BASE + 0x8000, 0x1000), "reset with the writes tracked");
    machine_destroy(m);
    m = tmachine_new("an547");
    machine_reset(m);
    cr_expect(!machine_known_zero(m, BASE + 0x8000, 0x1000), "reset untracked: the core may write anywhere");
    machine_destroy(m);
}
