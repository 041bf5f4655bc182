/* machine_zero() (the loader's .bss clear, sim/machine.c) writes only the
 * 4 KiB pieces that are not zero already: whatever was written before,
 * in any piece and at its edges, the range must read back as zero and
 * the bytes around it must be kept. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../sim/machine.h"
#include "../../sim/soc.h"

#define BASE 0x20000000u   /* DTCM (an547) */
#define SPAN 0x6000u       /* six pieces */

Test(machine_zero, clears_exactly_the_range)
{
    char err[256];
    soc_desc_t desc;
    cr_assert(soc_desc_load(&desc, "an547", err, sizeof err), "%s", err);
    machine_t *m = machine_create(&desc, 0, err, sizeof err);
    cr_assert(m, "%s", err);
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
