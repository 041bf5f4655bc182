/* The PMSAv8 MPU on data accesses (isa/mpu.c): what the differential
 * test (firmware/tests/mpu.c) cannot show on QEMU: unprivileged access,
 * an unaligned access straddling into a read-only region (checked on its
 * last byte, as the architecture splits it), and the data path switching
 * back to the fast page table when the MPU is turned off. */
#include <criterion/criterion.h>

#include "harness.h"

#define D TCPU_DATA_ADDR

static void region(cpu_t *c, unsigned n, uint32_t base, uint32_t limit, uint32_t ap)
{
    c->mpu.rbar[n] = base | ap;
    c->mpu.rlar[n] = (limit & ~0x1Fu) | 1u;
}

static void mpu_on(cpu_t *c, uint32_t ctrl)
{
    c->mpu.ctrl = ctrl;
    cr_assert(cpu_mpu_changed(c));
}

Test(mpu, unprivileged_needs_ap1)
{
    tcpu_t *t = tcpu_new();
    region(t->cpu, 0, D, D + 0x1F, 0u);           /* RW, privileged only */
    region(t->cpu, 1, D + 0x20, D + 0x3F, 2u);    /* RW, any */
    region(t->cpu, 2, 0, TCPU_RAM_SIZE - 1, 6u);  /* code: RO, any (the fault handler's vectors) */
    mpu_on(t->cpu, 1u | 4u);
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "str r1, [r1, #0x20]\n ldr r2, [r1]"), TCPU_DONE, "privileged: both");
    t->cpu->control = 1;                          /* Thread mode unprivileged */
    cr_assert_eq(tcpu_run_asm(t, "str r1, [r1, #0x24]"), TCPU_DONE);
    cr_assert_eq(tcpu_run_asm(t, "ldr r2, [r1, #4]"), TCPU_FAULT);
    cr_assert(t->cpu->scb.cfsr & 2u, "DACCVIOL");
    cr_assert(t->cpu->scb.cfsr & 0x80u, "MMARVALID");
    cr_assert_eq(t->cpu->scb.mmfar, D + 4);
    tcpu_free(t);
}

Test(mpu, straddling_access_checked_on_last_byte)
{
    tcpu_t *t = tcpu_new();
    region(t->cpu, 0, D + 0x20, D + 0x3F, 6u);    /* RO, any */
    mpu_on(t->cpu, 1u | 4u);
    t->cpu->r[1] = D + 0x1E;
    cr_assert_eq(tcpu_run_asm(t, "str r1, [r1]"), TCPU_FAULT);
    cr_assert_eq(t->cpu->scb.mmfar, D + 0x21, "the last byte, inside the region");
    tcpu_free(t);
}

Test(mpu, off_again_uses_the_fast_path)
{
    tcpu_t *t = tcpu_new();
    region(t->cpu, 0, D, D + 0x1F, 6u);
    mpu_on(t->cpu, 1u | 4u);
    cr_assert(t->cpu->dpage != t->bus.page);
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "str r1, [r1]"), TCPU_FAULT);
    mpu_on(t->cpu, 0);
    cr_assert(t->cpu->dpage == t->bus.page, "the fast page table again");
    t->cpu->ipsr = 0;
    cr_assert_eq(tcpu_run_asm(t, "str r1, [r1]"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), D);
    tcpu_free(t);
}
