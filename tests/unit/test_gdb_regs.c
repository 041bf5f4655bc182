/* The GDB stub's register view (sim/gdb_regs.c): the numbers of the target
 * description map to the core's state, FPSCR shows LTPSIZE, the two stack
 * pointers follow CONTROL.SPSEL, and writes change only what they may. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../sim/gdb_regs.h"
#include "harness.h"

static uint32_t rd32(const cpu_t *cpu, int n)
{
    uint8_t b[8];
    cr_assert(gdb_reg_read(cpu, n, b), "register %d", n);
    uint32_t v;
    memcpy(&v, b, 4);
    return v;
}

static bool wr32(cpu_t *cpu, int n, uint32_t v)
{
    uint8_t b[4];
    memcpy(b, &v, 4);
    return gdb_reg_write(cpu, n, b);
}

Test(gdb_regs, numbering_matches_the_description)
{
    tcpu_t *t = tcpu_new();
    cpu_t *c = t->cpu;
    for (int i = 0; i < 13; i++)
        c->r[i] = 0x1000u + (uint32_t)i;
    c->pc = 0x2468;
    c->r[15] = 0x246c;   /* the pipeline's view: GDB must get pc, not pc + 4 */
    c->fp.d[5] = 0x0123456789abcdefull;
    c->vpr = 0x00f0ffff;
    c->fpscr = 0x20000010;
    c->lo_ltpsize = 4;
    cr_expect_eq(gdb_reg_count(), 43);
    for (int i = 0; i < 13; i++)
        cr_expect_eq(rd32(c, i), 0x1000u + (uint32_t)i);
    cr_expect_eq(rd32(c, 15), 0x2468u);
    cr_expect_eq(gdb_reg_size(17 + 5), 8u);
    uint8_t d[8];
    cr_assert(gdb_reg_read(c, 17 + 5, d));
    uint64_t dv;
    memcpy(&dv, d, 8);
    cr_expect_eq(dv, 0x0123456789abcdefull);
    cr_expect_eq(rd32(c, 33), 0x20040010u, "FPSCR with LTPSIZE = 4: %08x", rd32(c, 33));
    cr_expect_eq(rd32(c, 34), 0x00f0ffffu);
    cr_expect_eq(rd32(c, 16), cpu_xpsr(c));
    uint8_t junk[8];
    cr_expect(!gdb_reg_read(c, 43, junk));
    cr_expect(!gdb_reg_read(c, -1, junk));
    tcpu_free(t);
}

Test(gdb_regs, stack_pointers_follow_spsel)
{
    tcpu_t *t = tcpu_new();
    cpu_t *c = t->cpu;
    c->ipsr = 0;
    c->control = 0;
    c->r[13] = 0x20001000;
    c->psp = 0x20002000;
    cr_expect_eq(rd32(c, 35), 0x20001000u, "msp is r13 while SPSEL = 0");
    cr_expect_eq(rd32(c, 36), 0x20002000u);
    c->control = CONTROL_SPSEL;
    c->msp = 0x20003000;
    cr_expect_eq(rd32(c, 35), 0x20003000u);
    cr_expect_eq(rd32(c, 36), 0x20001000u, "psp is r13 in Thread mode with SPSEL = 1");
    cr_expect(wr32(c, 36, 0x20004000));
    cr_expect_eq(c->r[13], 0x20004000u);
    c->ipsr = 3;   /* Handler mode: always the main stack */
    cr_expect_eq(rd32(c, 35), 0x20004000u);
    tcpu_free(t);
}

Test(gdb_regs, writes)
{
    tcpu_t *t = tcpu_new();
    cpu_t *c = t->cpu;
    uint32_t before = cpu_xpsr(c);
    cr_expect(wr32(c, 16, 0xf80f0000u | 0x1ffu));   /* flags, GE, and an IPSR GDB may not set */
    cr_expect_eq(c->n + c->z + c->c + c->v + c->q, 5u);
    cr_expect_eq(c->ge, 0xfu);
    cr_expect_eq(cpu_xpsr(c) & 0x1ffu, before & 0x1ffu, "the exception number is the core's");
    cr_expect(wr32(c, 33, 0x00020000u));
    cr_expect_eq(c->lo_ltpsize, 2u);
    cr_expect_eq(c->fpscr & (7u << 16), 0u);
    cr_expect(wr32(c, 15, 0x3001u));
    cr_expect_eq(c->pc, 0x3000u);
    for (int n = 37; n <= 42; n++)
        cr_expect(!wr32(c, n, 1), "system register %d is read-only", n);
    tcpu_free(t);
}
