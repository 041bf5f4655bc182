/* Helium loads/stores, predication and moves (isa/exec_mve.c, isa/mve.c):
 * every addressing form, widening/narrowing, gathers/scatters, VLD2x/VLD4x,
 * VPT/VPST/VCMP/VCTP/VPNOT/VPSEL, tail-predicated loops, VMOV/VDUP, the
 * immediate moves, VIDUP family, VREV, VBRSR; faults (alignment, bus,
 * NOCP) leave no trace and predicated-off elements are never accessed. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../isa/cpu.h"
#include "../../isa/fp_ops.h"
#include "harness.h"

#define D TCPU_DATA_ADDR
#define CFSR_UNALIGNED (1u << 24)
#define CFSR_NOCP      (1u << 19)

static tcpu_t *mk(void)
{
    tcpu_t *t = tcpu_new();
    t->cpu->control |= CONTROL_FPCA;
    return t;
}

static void run_ok(tcpu_t *t, const char *src)
{
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "did not complete: %s (ipsr %u cfsr %08x)",
                 src, t->cpu->ipsr, t->cpu->scb.cfsr);
}

static uint8_t *qb(tcpu_t *t, unsigned q)
{
    return &t->cpu->fp.b[16 * q];
}

static uint16_t q16(tcpu_t *t, unsigned q, unsigned e)
{
    uint16_t v;
    memcpy(&v, qb(t, q) + 2 * e, 2);
    return v;
}

static uint32_t q32(tcpu_t *t, unsigned q, unsigned e)
{
    uint32_t v;
    memcpy(&v, qb(t, q) + 4 * e, 4);
    return v;
}

static void setq32(tcpu_t *t, unsigned q, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    uint32_t v[4] = {a, b, c, d};
    memcpy(qb(t, q), v, 16);
}

/* Bytes q[i] = base + i * step. */
static void setq_seq(tcpu_t *t, unsigned q, uint8_t base, uint8_t step)
{
    for (unsigned i = 0; i < 16; i++)
        qb(t, q)[i] = (uint8_t)(base + i * step);
}

/* Memory at D + i = i + 1 for i < n. */
static void fill_mem(tcpu_t *t, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        tcpu_poke8(t, D + i, (uint8_t)(i + 1));
}

static void expect_q_seq(tcpu_t *t, unsigned q, uint8_t base)
{
    for (unsigned i = 0; i < 16; i++)
        cr_expect_eq(qb(t, q)[i], (uint8_t)(base + i), "q%u byte %u = %02x", q, i, qb(t, q)[i]);
}

/* ------------------------------------------------------------------ */
/* Contiguous loads and stores                                         */

Test(mve_ldst, vldrb_offset)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    t->cpu->r[1] = D;
    run_ok(t, "vldrb.u8 q0, [r1, #3]");
    expect_q_seq(t, 0, 4);
    cr_expect_eq(t->cpu->r[1], D);
    tcpu_free(t);
}

Test(mve_ldst, vldrb_negative_offset)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    t->cpu->r[1] = D + 40;
    run_ok(t, "vldrb.u8 q7, [r1, #-17]");
    expect_q_seq(t, 7, 24);
    tcpu_free(t);
}

Test(mve_ldst, vldrb_preindex_writeback)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    t->cpu->r[1] = D;
    run_ok(t, "vldrb.u8 q1, [r1, #5]!");
    expect_q_seq(t, 1, 6);
    cr_expect_eq(t->cpu->r[1], D + 5);
    tcpu_free(t);
}

Test(mve_ldst, vldrb_postindex)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    t->cpu->r[1] = D + 2;
    run_ok(t, "vldrb.u8 q1, [r1], #-2");
    expect_q_seq(t, 1, 3);
    cr_expect_eq(t->cpu->r[1], D);
    tcpu_free(t);
}

Test(mve_ldst, vldrh_scaled_offset)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    t->cpu->r[2] = D;
    run_ok(t, "vldrh.u16 q2, [r2, #6]");
    expect_q_seq(t, 2, 7);
    tcpu_free(t);
}

Test(mve_ldst, vldrw_offset_and_writeback)
{
    tcpu_t *t = mk();
    fill_mem(t, 128);
    t->cpu->r[3] = D + 16;
    run_ok(t, "vldrw.u32 q3, [r3, #-8]!\nvldrw.u32 q4, [r3], #32");
    expect_q_seq(t, 3, 9);
    expect_q_seq(t, 4, 9);
    cr_expect_eq(t->cpu->r[3], D + 40);
    tcpu_free(t);
}

Test(mve_ldst, vldrb_unaligned_ok)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    t->cpu->r[1] = D + 1;
    run_ok(t, "vldrb.u8 q0, [r1]");
    expect_q_seq(t, 0, 2);
    tcpu_free(t);
}

Test(mve_ldst, vldrw_unaligned_faults_without_trace)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    setq_seq(t, 0, 0xA0, 1);
    t->cpu->r[1] = D + 2;
    cr_assert_eq(tcpu_run_asm(t, "vldrw.u32 q0, [r1], #16"), TCPU_FAULT);
    cr_expect(t->cpu->scb.cfsr & CFSR_UNALIGNED);
    cr_expect_eq(t->cpu->r[1], D + 2);
    expect_q_seq(t, 0, 0xA0);
    tcpu_free(t);
}

Test(mve_ldst, vldrh_unaligned_faults)
{
    tcpu_t *t = mk();
    t->cpu->r[1] = D + 1;
    cr_assert_eq(tcpu_run_asm(t, "vldrh.u16 q0, [r1]"), TCPU_FAULT);
    cr_expect(t->cpu->scb.cfsr & CFSR_UNALIGNED);
    tcpu_free(t);
}

Test(mve_ldst, vstrw_unaligned_faults)
{
    tcpu_t *t = mk();
    t->cpu->r[1] = D + 2;
    cr_assert_eq(tcpu_run_asm(t, "vstrw.32 q0, [r1]"), TCPU_FAULT);
    cr_expect(t->cpu->scb.cfsr & CFSR_UNALIGNED);
    tcpu_free(t);
}

Test(mve_ldst, vldrb_widening)
{
    tcpu_t *t = mk();
    for (unsigned i = 0; i < 16; i++)
        tcpu_poke8(t, D + i, (uint8_t)(0x7E + i));
    t->cpu->r[1] = D;
    run_ok(t, "vldrb.s16 q0, [r1]\nvldrb.u16 q1, [r1]\nvldrb.s32 q2, [r1, #1]\nvldrb.u32 q3, [r1, #2]");
    cr_expect_eq(q16(t, 0, 1), 0x007F);
    cr_expect_eq(q16(t, 0, 2), 0xFF80);
    cr_expect_eq(q16(t, 0, 7), 0xFF85);
    cr_expect_eq(q16(t, 1, 7), 0x0085);
    cr_expect_eq(q32(t, 2, 0), 0x7Fu);
    cr_expect_eq(q32(t, 2, 1), 0xFFFFFF80u);
    cr_expect_eq(q32(t, 3, 3), 0x83u);
    tcpu_free(t);
}

Test(mve_ldst, vldrh_widening)
{
    tcpu_t *t = mk();
    uint16_t h[4] = {0x7FFF, 0x8000, 0x1234, 0xFFFF};
    for (unsigned i = 0; i < 4; i++) {
        tcpu_poke8(t, D + 2 * i, h[i] & 0xFF);
        tcpu_poke8(t, D + 2 * i + 1, h[i] >> 8);
    }
    t->cpu->r[4] = D;
    run_ok(t, "vldrh.s32 q0, [r4]\nvldrh.u32 q1, [r4], #2");
    cr_expect_eq(q32(t, 0, 0), 0x7FFFu);
    cr_expect_eq(q32(t, 0, 1), 0xFFFF8000u);
    cr_expect_eq(q32(t, 0, 3), 0xFFFFFFFFu);
    cr_expect_eq(q32(t, 1, 1), 0x8000u);
    cr_expect_eq(q32(t, 1, 3), 0xFFFFu);
    cr_expect_eq(t->cpu->r[4], D + 2);
    tcpu_free(t);
}

Test(mve_ldst, vstr_same_size)
{
    tcpu_t *t = mk();
    setq_seq(t, 5, 0x10, 1);
    t->cpu->r[1] = D;
    run_ok(t, "vstrb.8 q5, [r1, #1]\nvstrh.16 q5, [r1, #32]\nvstrw.32 q5, [r1, #64]!");
    for (unsigned i = 0; i < 16; i++) {
        cr_expect_eq(tcpu_peek8(t, D + 1 + i), 0x10 + i);
        cr_expect_eq(tcpu_peek8(t, D + 32 + i), 0x10 + i);
        cr_expect_eq(tcpu_peek8(t, D + 64 + i), 0x10 + i);
    }
    cr_expect_eq(tcpu_peek8(t, D), 0);
    cr_expect_eq(tcpu_peek8(t, D + 17), 0);
    cr_expect_eq(t->cpu->r[1], D + 64);
    tcpu_free(t);
}

Test(mve_ldst, vstr_narrowing)
{
    tcpu_t *t = mk();
    setq32(t, 0, 0x11223344, 0x55667788, 0x99AABBCC, 0xDDEEFF00);
    t->cpu->r[1] = D;
    run_ok(t, "vstrb.32 q0, [r1]\nvstrh.32 q0, [r1, #8]\nvstrb.16 q0, [r1, #32]");
    cr_expect_eq(tcpu_peek32(t, D), 0x00CC8844u);
    cr_expect_eq(tcpu_peek32(t, D + 8), 0x77883344u);
    cr_expect_eq(tcpu_peek32(t, D + 12), 0xFF00BBCCu);
    cr_expect_eq(tcpu_peek8(t, D + 32), 0x44);
    cr_expect_eq(tcpu_peek8(t, D + 33), 0x22);
    cr_expect_eq(tcpu_peek8(t, D + 34), 0x88);
    cr_expect_eq(tcpu_peek8(t, D + 39), 0xEE);
    cr_expect_eq(tcpu_peek8(t, D + 40), 0);
    tcpu_free(t);
}

Test(mve_ldst, vldr_bus_error_faults)
{
    tcpu_t *t = mk();
    setq_seq(t, 0, 0xA0, 1);
    t->cpu->r[1] = 0x30000000u;
    cr_assert_eq(tcpu_run_asm(t, "vldrw.u32 q0, [r1], #16"), TCPU_FAULT);
    cr_expect_eq(t->cpu->r[1], 0x30000000u);
    expect_q_seq(t, 0, 0xA0);
    tcpu_free(t);
}

Test(mve_ldst, predicated_load_zeroes_inactive)
{
    tcpu_t *t = mk();
    fill_mem(t, 32);
    setq_seq(t, 0, 0xA0, 1);
    t->cpu->vpr = 0x00F0u;    /* P0: lanes 4-7 */
    t->cpu->r[1] = D;
    run_ok(t, "vpst\nvldrbt.u8 q0, [r1]");
    for (unsigned i = 0; i < 16; i++)
        cr_expect_eq(qb(t, 0)[i], i >= 4 && i < 8 ? i + 1 : 0, "byte %u", i);
    cr_expect_eq(t->cpu->vpr >> 16, 0u, "block over");
    tcpu_free(t);
}

Test(mve_ldst, predicated_store_skips_inactive)
{
    tcpu_t *t = mk();
    setq_seq(t, 1, 0x10, 1);
    t->cpu->vpr = 0x0F0Fu;
    t->cpu->r[1] = D;
    run_ok(t, "vpst\nvstrwt.32 q1, [r1]");
    cr_expect_eq(tcpu_peek32(t, D), 0x13121110u);
    cr_expect_eq(tcpu_peek32(t, D + 4), 0);
    cr_expect_eq(tcpu_peek32(t, D + 8), 0x1B1A1918u);
    cr_expect_eq(tcpu_peek32(t, D + 12), 0);
    tcpu_free(t);
}

Test(mve_ldst, predicated_off_lanes_never_fault)
{
    tcpu_t *t = mk();
    t->cpu->r[1] = 0x30000002u;   /* unmapped and unaligned */
    t->cpu->r[2] = 0;
    run_ok(t, "vctp.32 r2\nvpst\nvstrwt.32 q1, [r1]\nvpst\nvldrwt.u32 q2, [r1]");
    cr_expect_eq(q32(t, 2, 0), 0);
    tcpu_free(t);
}

Test(mve_ldst, fault_in_vpt_block_keeps_vpr)
{
    tcpu_t *t = mk();
    t->cpu->r[1] = D + 2;
    t->cpu->vpr = 0xFFFFu;
    cr_assert_eq(tcpu_run_asm(t, "vpstt\nvldrwt.u32 q0, [r1]\nvldrwt.u32 q0, [r1]"), TCPU_FAULT);
    /* VPST set the masks; the faulting load did not advance them. */
    cr_expect_eq(t->cpu->vpr, 0x0044FFFFu, "vpr %08x", t->cpu->vpr);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Gathers and scatters                                                */

Test(mve_ldst, gather_bytes)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    for (unsigned i = 0; i < 16; i++)
        qb(t, 2)[i] = (uint8_t)(15 - i + 32);
    t->cpu->r[1] = D;
    run_ok(t, "vldrb.u8 q0, [r1, q2]");
    for (unsigned i = 0; i < 16; i++)
        cr_expect_eq(qb(t, 0)[i], 48 - i);
    tcpu_free(t);
}

Test(mve_ldst, gather_widening_bytes)
{
    tcpu_t *t = mk();
    tcpu_poke8(t, D + 3, 0x80);
    tcpu_poke8(t, D + 9, 0x7F);
    setq32(t, 2, 0x00090003, 0x00030009, 0, 0);
    t->cpu->r[1] = D;
    run_ok(t, "vldrb.s16 q0, [r1, q2]\nvldrb.u16 q1, [r1, q2]");
    cr_expect_eq(q16(t, 0, 0), 0xFF80);
    cr_expect_eq(q16(t, 0, 1), 0x007F);
    cr_expect_eq(q16(t, 0, 3), 0xFF80);
    cr_expect_eq(q16(t, 1, 0), 0x0080);
    tcpu_free(t);
}

Test(mve_ldst, gather_halfwords_scaled)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    setq32(t, 2, 0x00010003, 0x00000002, 0x00100007, 0x00050006);
    t->cpu->r[1] = D;
    run_ok(t, "vldrh.u16 q0, [r1, q2, uxtw #1]");
    cr_expect_eq(q16(t, 0, 0), 0x0807);   /* element 3 */
    cr_expect_eq(q16(t, 0, 1), 0x0403);   /* element 1 */
    cr_expect_eq(q16(t, 0, 2), 0x0605);
    cr_expect_eq(q16(t, 0, 5), 0x2221);   /* element 16 */
    tcpu_free(t);
}

Test(mve_ldst, gather_halfwords_unscaled_signed)
{
    tcpu_t *t = mk();
    tcpu_poke8(t, D + 6, 0x00);
    tcpu_poke8(t, D + 7, 0x80);
    setq32(t, 2, 6, 0, 6, 0);
    t->cpu->r[1] = D;
    run_ok(t, "vldrh.s32 q0, [r1, q2]");
    cr_expect_eq(q32(t, 0, 0), 0xFFFF8000u);
    cr_expect_eq(q32(t, 0, 1), 0);
    tcpu_free(t);
}

Test(mve_ldst, gather_words_scaled)
{
    tcpu_t *t = mk();
    for (unsigned i = 0; i < 8; i++)
        tcpu_poke32(t, D + 4 * i, 100 + i);
    setq32(t, 3, 7, 0, 3, 3);
    t->cpu->r[1] = D;
    setq32(t, 4, 28, 0, 12, 12);
    run_ok(t, "vldrw.u32 q0, [r1, q3, uxtw #2]\nvldrw.u32 q1, [r1, q4]");
    cr_expect_eq(q32(t, 0, 0), 107);
    cr_expect_eq(q32(t, 0, 1), 100);
    cr_expect_eq(q32(t, 0, 2), 103);
    cr_expect_eq(memcmp(qb(t, 0), qb(t, 1), 16), 0);
    tcpu_free(t);
}

Test(mve_ldst, gather_words_unaligned_faults)
{
    tcpu_t *t = mk();
    setq32(t, 3, 0, 4, 6, 8);
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "vldrw.u32 q0, [r1, q3]"), TCPU_FAULT);
    cr_expect(t->cpu->scb.cfsr & CFSR_UNALIGNED);
    tcpu_free(t);
}

Test(mve_ldst, gather_doublewords)
{
    tcpu_t *t = mk();
    for (unsigned i = 0; i < 8; i++)
        tcpu_poke32(t, D + 4 * i, 0x100 + i);
    setq32(t, 2, 3, 0xDEAD, 1, 0xBEEF);
    t->cpu->r[1] = D;
    run_ok(t, "vldrd.u64 q0, [r1, q2, uxtw #3]");
    cr_expect_eq(q32(t, 0, 0), 0x106);
    cr_expect_eq(q32(t, 0, 1), 0x107);
    cr_expect_eq(q32(t, 0, 2), 0x102);
    cr_expect_eq(q32(t, 0, 3), 0x103);
    tcpu_free(t);
    t = mk();
    for (unsigned i = 0; i < 8; i++)
        tcpu_poke32(t, D + 4 * i, 0x100 + i);
    setq32(t, 2, 12, 0, 4, 0);
    t->cpu->r[1] = D;
    run_ok(t, "vldrd.u64 q1, [r1, q2]");
    cr_expect_eq(q32(t, 1, 0), 0x103);
    cr_expect_eq(q32(t, 1, 1), 0x104);
    cr_expect_eq(q32(t, 1, 2), 0x101);
    tcpu_free(t);
}

Test(mve_ldst, gather_predicated)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    setq32(t, 2, 0, 0x10000000u, 8, 0x10000000u);   /* off-lanes point nowhere */
    setq_seq(t, 0, 0xA0, 1);
    t->cpu->vpr = 0x0F0Fu;
    t->cpu->r[1] = D;
    run_ok(t, "vpst\nvldrwt.u32 q0, [r1, q2]");
    cr_expect_eq(q32(t, 0, 0), 0x04030201u);
    cr_expect_eq(q32(t, 0, 1), 0);
    cr_expect_eq(q32(t, 0, 2), 0x0C0B0A09u);
    cr_expect_eq(q32(t, 0, 3), 0);
    tcpu_free(t);
}

Test(mve_ldst, scatter_bytes_and_halfwords)
{
    tcpu_t *t = mk();
    setq_seq(t, 0, 0x40, 1);
    for (unsigned i = 0; i < 16; i++)
        qb(t, 2)[i] = (uint8_t)(2 * i);
    t->cpu->r[1] = D;
    run_ok(t, "vstrb.8 q0, [r1, q2]");
    for (unsigned i = 0; i < 16; i++) {
        cr_expect_eq(tcpu_peek8(t, D + 2 * i), 0x40 + i);
        cr_expect_eq(tcpu_peek8(t, D + 2 * i + 1), 0);
    }
    tcpu_free(t);
    t = mk();
    setq32(t, 0, 0x11112222, 0x33334444, 0x55556666, 0x77778888);
    setq32(t, 2, 3, 0, 1, 2);
    t->cpu->r[1] = D;
    run_ok(t, "vstrh.32 q0, [r1, q2, uxtw #1]");
    cr_expect_eq(tcpu_peek32(t, D), 0x66664444u);
    cr_expect_eq(tcpu_peek32(t, D + 4), 0x22228888u);
    tcpu_free(t);
}

Test(mve_ldst, scatter_words_and_doublewords)
{
    tcpu_t *t = mk();
    setq32(t, 0, 0xA, 0xB, 0xC, 0xD);
    setq32(t, 2, 3, 2, 1, 0);
    t->cpu->r[1] = D;
    run_ok(t, "vstrw.32 q0, [r1, q2, uxtw #2]");
    cr_expect_eq(tcpu_peek32(t, D), 0xD);
    cr_expect_eq(tcpu_peek32(t, D + 12), 0xA);
    tcpu_free(t);
    t = mk();
    setq32(t, 0, 0xA, 0xB, 0xC, 0xD);
    setq32(t, 2, 1, 0, 0, 0);
    t->cpu->r[1] = D;
    run_ok(t, "vstrd.64 q0, [r1, q2, uxtw #3]");
    cr_expect_eq(tcpu_peek32(t, D), 0xC);
    cr_expect_eq(tcpu_peek32(t, D + 4), 0xD);
    cr_expect_eq(tcpu_peek32(t, D + 8), 0xA);
    cr_expect_eq(tcpu_peek32(t, D + 12), 0xB);
    tcpu_free(t);
}

Test(mve_ldst, vector_base_gather)
{
    tcpu_t *t = mk();
    for (unsigned i = 0; i < 16; i++)
        tcpu_poke32(t, D + 4 * i, 200 + i);
    setq32(t, 2, D, D + 8, D + 40, D + 4);
    run_ok(t, "vldrw.u32 q0, [q2, #4]");
    cr_expect_eq(q32(t, 0, 0), 201);
    cr_expect_eq(q32(t, 0, 1), 203);
    cr_expect_eq(q32(t, 0, 2), 211);
    cr_expect_eq(q32(t, 0, 3), 202);
    cr_expect_eq(q32(t, 2, 0), D, "no writeback");
    tcpu_free(t);
}

Test(mve_ldst, vector_base_gather_writeback)
{
    tcpu_t *t = mk();
    for (unsigned i = 0; i < 16; i++)
        tcpu_poke32(t, D + 4 * i, 200 + i);
    setq32(t, 2, D + 4, D + 8, D + 12, D + 16);
    t->cpu->vpr = 0x00FFu;
    run_ok(t, "vpst\nvldrwt.u32 q0, [q2, #-4]!");
    cr_expect_eq(q32(t, 0, 0), 200);
    cr_expect_eq(q32(t, 0, 1), 201);
    cr_expect_eq(q32(t, 0, 2), 0);
    cr_expect_eq(q32(t, 2, 0), D);
    cr_expect_eq(q32(t, 2, 3), D + 12, "predicated-off lanes write back too");
    tcpu_free(t);
}

Test(mve_ldst, vector_base_doubleword)
{
    tcpu_t *t = mk();
    for (unsigned i = 0; i < 16; i++)
        tcpu_poke32(t, D + 4 * i, 300 + i);
    setq32(t, 2, D, 0x55, D + 16, 0x66);
    run_ok(t, "vldrd.u64 q0, [q2, #8]!");
    cr_expect_eq(q32(t, 0, 0), 302);
    cr_expect_eq(q32(t, 0, 1), 303);
    cr_expect_eq(q32(t, 0, 2), 306);
    cr_expect_eq(q32(t, 0, 3), 307);
    cr_expect_eq(q32(t, 2, 0), D + 8);
    cr_expect_eq(q32(t, 2, 1), 0x55);
    cr_expect_eq(q32(t, 2, 2), D + 24);
    tcpu_free(t);
}

Test(mve_ldst, vector_base_scatter)
{
    tcpu_t *t = mk();
    setq32(t, 0, 1, 2, 3, 4);
    setq32(t, 3, D + 12, D + 8, D + 4, D);
    run_ok(t, "vstrw.32 q0, [q3, #16]!");
    cr_expect_eq(tcpu_peek32(t, D + 16), 4);
    cr_expect_eq(tcpu_peek32(t, D + 28), 1);
    cr_expect_eq(q32(t, 3, 0), D + 28);
    tcpu_free(t);
    t = mk();
    setq32(t, 0, 1, 2, 3, 4);
    setq32(t, 3, D + 8, 0, D, 0);
    run_ok(t, "vstrd.64 q0, [q3, #8]");
    cr_expect_eq(tcpu_peek32(t, D + 8), 3);
    cr_expect_eq(tcpu_peek32(t, D + 12), 4);
    cr_expect_eq(tcpu_peek32(t, D + 16), 1);
    cr_expect_eq(tcpu_peek32(t, D + 20), 2);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* VLD2x / VLD4x / VST2x / VST4x                                        */

Test(mve_ldst, vld2_bytes)
{
    tcpu_t *t = mk();
    fill_mem(t, 64);
    t->cpu->r[1] = D;
    run_ok(t, "vld20.8 {q0, q1}, [r1]\nvld21.8 {q0, q1}, [r1]!");
    for (unsigned i = 0; i < 16; i++) {
        cr_expect_eq(qb(t, 0)[i], 2 * i + 1);
        cr_expect_eq(qb(t, 1)[i], 2 * i + 2);
    }
    cr_expect_eq(t->cpu->r[1], D + 32);
    tcpu_free(t);
}

Test(mve_ldst, vld2_halfwords_and_words)
{
    tcpu_t *t = mk();
    for (unsigned i = 0; i < 16; i++)
        tcpu_poke32(t, D + 4 * i, 0x1000 + i);
    t->cpu->r[1] = D;
    run_ok(t, "vld20.32 {q2, q3}, [r1]\nvld21.32 {q2, q3}, [r1]\n"
              "vld20.16 {q4, q5}, [r1]\nvld21.16 {q4, q5}, [r1]");
    for (unsigned i = 0; i < 4; i++) {
        cr_expect_eq(q32(t, 2, i), 0x1000 + 2 * i);
        cr_expect_eq(q32(t, 3, i), 0x1001 + 2 * i);
    }
    for (unsigned i = 0; i < 8; i++) {
        cr_expect_eq(q16(t, 4, i), 0x1000 + i);   /* low halves */
        cr_expect_eq(q16(t, 5, i), 0);            /* high halves */
    }
    tcpu_free(t);
}

Test(mve_ldst, vld4_all_sizes)
{
    static const char *const sizes[] = {"8", "16", "32"};
    for (unsigned s = 0; s < 3; s++) {
        tcpu_t *t = mk();
        fill_mem(t, 64);
        t->cpu->r[1] = D;
        char src[256];
        snprintf(src, sizeof src, "vld40.%s {q4,q5,q6,q7}, [r1]\nvld41.%s {q4,q5,q6,q7}, [r1]\n"
                 "vld42.%s {q4,q5,q6,q7}, [r1]\nvld43.%s {q4,q5,q6,q7}, [r1]!",
                 sizes[s], sizes[s], sizes[s], sizes[s]);
        run_ok(t, src);
        unsigned es = 1u << s;
        for (unsigned o = 0; o < 64; o++) {
            unsigned reg = (o / es) % 4, byte = (o / (4 * es)) * es + o % es;
            cr_expect_eq(qb(t, 4 + reg)[byte], o + 1, "size %u offset %u", es, o);
        }
        cr_expect_eq(t->cpu->r[1], D + 64);
        tcpu_free(t);
    }
}

Test(mve_ldst, vst2_vst4_roundtrip)
{
    tcpu_t *t = mk();
    for (unsigned q = 0; q < 4; q++)
        setq_seq(t, q, (uint8_t)(q * 16), 1);
    t->cpu->r[1] = D;
    t->cpu->r[2] = D + 64;
    run_ok(t, "vst20.16 {q0, q1}, [r1]\nvst21.16 {q0, q1}, [r1]!\n"
              "vst40.32 {q0,q1,q2,q3}, [r2]\nvst41.32 {q0,q1,q2,q3}, [r2]\n"
              "vst42.32 {q0,q1,q2,q3}, [r2]\nvst43.32 {q0,q1,q2,q3}, [r2]");
    cr_expect_eq(t->cpu->r[1], D + 32);
    /* .16 pairs: q0.h0 q1.h0 q0.h1 ... */
    cr_expect_eq(tcpu_peek32(t, D), 0x11100100u);
    cr_expect_eq(tcpu_peek32(t, D + 4), 0x13120302u);
    cr_expect_eq(tcpu_peek32(t, D + 28), 0x1F1E0F0Eu);
    /* .32 quads: q0.w0 q1.w0 q2.w0 q3.w0 q0.w1 ... */
    cr_expect_eq(tcpu_peek32(t, D + 64), 0x03020100u);
    cr_expect_eq(tcpu_peek32(t, D + 68), 0x13121110u);
    cr_expect_eq(tcpu_peek32(t, D + 76), 0x33323130u);
    cr_expect_eq(tcpu_peek32(t, D + 80), 0x07060504u);
    cr_expect_eq(tcpu_peek32(t, D + 124), 0x3F3E3D3Cu);
    tcpu_free(t);
}

Test(mve_ldst, vst4_bytes_then_vld4_back)
{
    tcpu_t *t = mk();
    for (unsigned q = 0; q < 4; q++)
        setq_seq(t, q, (uint8_t)(q * 16), 1);
    t->cpu->r[1] = D;
    run_ok(t, "vst40.8 {q0,q1,q2,q3}, [r1]\nvst41.8 {q0,q1,q2,q3}, [r1]\n"
              "vst42.8 {q0,q1,q2,q3}, [r1]\nvst43.8 {q0,q1,q2,q3}, [r1]\n"
              "vld40.8 {q4,q5,q6,q7}, [r1]\nvld41.8 {q4,q5,q6,q7}, [r1]\n"
              "vld42.8 {q4,q5,q6,q7}, [r1]\nvld43.8 {q4,q5,q6,q7}, [r1]");
    cr_expect_eq(tcpu_peek32(t, D), 0x30201000u);
    cr_expect_eq(tcpu_peek32(t, D + 60), 0x3F2F1F0Fu);
    for (unsigned q = 0; q < 4; q++)
        cr_expect_eq(memcmp(qb(t, q), qb(t, q + 4), 16), 0, "q%u", q);
    tcpu_free(t);
}

Test(mve_ldst, vld2_halfword_unaligned_faults)
{
    tcpu_t *t = mk();
    t->cpu->r[1] = D + 1;
    cr_assert_eq(tcpu_run_asm(t, "vld20.16 {q0, q1}, [r1]"), TCPU_FAULT);
    cr_expect(t->cpu->scb.cfsr & CFSR_UNALIGNED);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* VPT blocks, VCMP, VCTP, VPNOT, VPSEL                                 */

static uint32_t p0(tcpu_t *t)
{
    return t->cpu->vpr & 0xFFFFu;
}

Test(mve_pred, vpst_then)
{
    tcpu_t *t = mk();
    t->cpu->vpr = 0x0FF0u;
    t->cpu->r[1] = 0x77;
    run_ok(t, "vpst\nvdupt.8 q0, r1\nvdup.8 q1, r1");
    for (unsigned i = 0; i < 16; i++) {
        cr_expect_eq(qb(t, 0)[i], i >= 4 && i < 12 ? 0x77 : 0);
        cr_expect_eq(qb(t, 1)[i], 0x77, "after the block: unpredicated");
    }
    cr_expect_eq(t->cpu->vpr, 0x0FF0u);
    tcpu_free(t);
}

Test(mve_pred, vpst_then_else)
{
    tcpu_t *t = mk();
    t->cpu->vpr = 0x00FFu;
    t->cpu->r[1] = 0x11;
    t->cpu->r[2] = 0x22;
    run_ok(t, "vpste\nvdupt.8 q0, r1\nvdupe.8 q0, r2");
    for (unsigned i = 0; i < 16; i++)
        cr_expect_eq(qb(t, 0)[i], i < 8 ? 0x11 : 0x22);
    cr_expect_eq(t->cpu->vpr, 0xFF00u, "P0 stays inverted after the else slot, masks clear: %08x", t->cpu->vpr);
    tcpu_free(t);
}

Test(mve_pred, vpst_four_slots)
{
    tcpu_t *t = mk();
    t->cpu->vpr = 0x000Fu;
    for (unsigned r = 1; r <= 4; r++)
        t->cpu->r[r] = r;
    run_ok(t, "vpsteet\nvdupt.32 q0, r1\nvdupe.32 q1, r2\nvdupe.32 q2, r3\nvdupt.32 q3, r4");
    cr_expect_eq(q32(t, 0, 0), 1);
    cr_expect_eq(q32(t, 0, 1), 0);
    cr_expect_eq(q32(t, 1, 0), 0);
    cr_expect_eq(q32(t, 1, 1), 2);
    cr_expect_eq(q32(t, 2, 3), 3);
    cr_expect_eq(q32(t, 2, 0), 0);
    cr_expect_eq(q32(t, 3, 0), 4);
    cr_expect_eq(q32(t, 3, 2), 0);
    cr_expect_eq(t->cpu->vpr, 0x000Fu);
    tcpu_free(t);
}

Test(mve_pred, vcmp_int_vector_conditions)
{
    static const struct { const char *op; uint32_t p0; } cases[] = {
        {"vcmp.i32 eq, q0, q1", 0x000F}, {"vcmp.i32 ne, q0, q1", 0xFFF0},
        {"vcmp.u32 cs, q0, q1", 0xF0FF}, {"vcmp.u32 hi, q0, q1", 0xF0F0},
        {"vcmp.s32 ge, q0, q1", 0x0F0F}, {"vcmp.s32 lt, q0, q1", 0xF0F0},
        {"vcmp.s32 gt, q0, q1", 0x0F00}, {"vcmp.s32 le, q0, q1", 0xF0FF},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tcpu_t *t = mk();
        setq32(t, 0, 5, 0xFFFFFFFFu, 7, 0x80000000u);
        setq32(t, 1, 5, 1, 0xFFFFFFF0u, 0);
        run_ok(t, cases[i].op);
        cr_expect_eq(p0(t), cases[i].p0, "%s: %04x", cases[i].op, p0(t));
        tcpu_free(t);
    }
}

Test(mve_pred, vcmp_int_sizes)
{
    tcpu_t *t = mk();
    setq_seq(t, 0, 0, 1);
    setq_seq(t, 1, 15, 0xFF);      /* 15, 14, ... 0 */
    run_ok(t, "vcmp.u8 hi, q0, q1");
    cr_expect_eq(p0(t), 0xFF00u);
    run_ok(t, "vcmp.i16 eq, q0, q0");
    cr_expect_eq(p0(t), 0xFFFFu);
    setq32(t, 2, 0x80007FFF, 0, 0, 0);
    setq32(t, 3, 0x7FFF8000, 0, 0, 0);
    run_ok(t, "vcmp.s16 gt, q2, q3");
    cr_expect_eq(p0(t), 0x0003u, "0x7FFF > -32768 only: %04x", p0(t));
    tcpu_free(t);
}

Test(mve_pred, vcmp_int_scalar)
{
    tcpu_t *t = mk();
    setq_seq(t, 0, 0x7C, 1);         /* 7C..8B */
    t->cpu->r[2] = 0xFFFFFF80u;      /* -128 as .s8 */
    run_ok(t, "vcmp.s8 gt, q0, r2");
    cr_expect_eq(p0(t), 0xFFEFu, "all but -128 itself: %04x", p0(t));
    tcpu_free(t);
    t = mk();
    setq_seq(t, 0, 0x7C, 1);
    t->cpu->r[2] = 0x180u;           /* low byte 0x80 */
    run_ok(t, "vcmp.i8 eq, q0, r2");
    cr_expect_eq(p0(t), 0x0010u);
    run_ok(t, "vcmp.u8 cs, q0, r2");
    cr_expect_eq(p0(t), 0xFFF0u);
    tcpu_free(t);
}

Test(mve_pred, vcmp_is_predicated)
{
    tcpu_t *t = mk();
    t->cpu->vpr = 0xFF00u;
    run_ok(t, "vpst\nvcmpt.i8 eq, q0, q0");
    cr_expect_eq(t->cpu->vpr, 0xFF00u, "inactive lanes read as false: %08x", t->cpu->vpr);
    tcpu_free(t);
}

Test(mve_pred, vpt_then_else)
{
    tcpu_t *t = mk();
    setq32(t, 0, 1, 2, 3, 4);
    setq32(t, 1, 1, 0, 3, 0);
    t->cpu->r[1] = 0xAA;
    t->cpu->r[2] = 0xBB;
    run_ok(t, "vpte.i32 eq, q0, q1\nvdupt.32 q2, r1\nvdupe.32 q2, r2");
    cr_expect_eq(q32(t, 2, 0), 0xAA);
    cr_expect_eq(q32(t, 2, 1), 0xBB);
    cr_expect_eq(q32(t, 2, 2), 0xAA);
    cr_expect_eq(q32(t, 2, 3), 0xBB);
    cr_expect_eq(t->cpu->vpr, 0xF0F0u, "P0 left inverted by the else slot: %08x", t->cpu->vpr);
    tcpu_free(t);
}

Test(mve_pred, vpt_scalar_float)
{
    tcpu_t *t = mk();
    float f[4] = {1.0f, 2.0f, -3.0f, 2.5f};
    memcpy(qb(t, 0), f, 16);
    float two = 2.0f;
    memcpy(&t->cpu->r[3], &two, 4);
    t->cpu->r[1] = 7;
    run_ok(t, "vpt.f32 ge, q0, r3\nvdupt.32 q1, r1");
    cr_expect_eq(q32(t, 1, 0), 0);
    cr_expect_eq(q32(t, 1, 1), 7);
    cr_expect_eq(q32(t, 1, 2), 0);
    cr_expect_eq(q32(t, 1, 3), 7);
    tcpu_free(t);
}

Test(mve_pred, vcmp_float_conditions_and_nan)
{
    static const struct { const char *op; uint32_t p0; bool ioc; } cases[] = {
        {"vcmp.f32 eq, q0, q1", 0x000F, true},  {"vcmp.f32 ne, q0, q1", 0xFFF0, true},
        {"vcmp.f32 ge, q0, q1", 0x0F0F, true},  {"vcmp.f32 lt, q0, q1", 0xF0F0, true},
        {"vcmp.f32 gt, q0, q1", 0x0F00, true},  {"vcmp.f32 le, q0, q1", 0xF0FF, true},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tcpu_t *t = mk();
        /* equal, less, greater, unordered (quiet NaN) */
        setq32(t, 0, 0x3F800000u, 0xBF800000u, 0x40000000u, 0x7FC00000u);
        setq32(t, 1, 0x3F800000u, 0x00000000u, 0x3F800000u, 0x3F800000u);
        run_ok(t, cases[i].op);
        cr_expect_eq(p0(t), cases[i].p0, "%s: %04x", cases[i].op, p0(t));
        cr_expect_eq((t->cpu->fpscr & FPSCR_IOC) != 0, cases[i].ioc, "%s: IOC", cases[i].op);
        tcpu_free(t);
    }
}

Test(mve_pred, vcmp_float_signalling_nan_eq)
{
    tcpu_t *t = mk();
    setq32(t, 0, 0x7F800001u, 0, 0, 0);
    run_ok(t, "vcmp.f32 eq, q0, q1");
    cr_expect_eq(p0(t), 0xFFF0u);
    cr_expect(t->cpu->fpscr & FPSCR_IOC);
    tcpu_free(t);
}

Test(mve_pred, vcmp_float_flushes_denormals)
{
    tcpu_t *t = mk();
    setq32(t, 0, 0x00000001u, 0, 0, 0);   /* denormal vs +0: equal once flushed */
    run_ok(t, "vcmp.f32 eq, q0, q1");
    cr_expect_eq(p0(t), 0xFFFFu);
    cr_expect(t->cpu->fpscr & FPSCR_IDC);
    tcpu_free(t);
}

Test(mve_pred, vcmp_float_inactive_lanes_raise_nothing)
{
    tcpu_t *t = mk();
    setq32(t, 0, 0, 0, 0, 0x7FC00000u);
    t->cpu->vpr = 0x0FFFu;
    run_ok(t, "vpst\nvcmpt.f32 ge, q0, q1");
    cr_expect_eq(p0(t), 0x0FFFu);
    cr_expect_eq(t->cpu->fpscr & FPSCR_IOC, 0);
    tcpu_free(t);
}

Test(mve_pred, vcmp_f16)
{
    tcpu_t *t = mk();
    uint16_t a[8] = {0x3C00, 0x4000, 0xBC00, 0x7E00, 0, 0x8000, 0x7C00, 0x3C00};
    uint16_t b[8] = {0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x8000, 0, 0x7C00, 0x4000};
    memcpy(qb(t, 0), a, 16);
    memcpy(qb(t, 1), b, 16);
    run_ok(t, "vcmp.f16 gt, q0, q1");
    cr_expect_eq(p0(t), 0x000Cu, "%04x", p0(t));
    run_ok(t, "vcmp.f16 eq, q0, q1");
    cr_expect_eq(p0(t), 0x3F03u, "+0 == -0, inf == inf: %04x", p0(t));
    t->cpu->r[2] = 0x3C00;
    run_ok(t, "vcmp.f16 le, q0, r2");
    cr_expect_eq(p0(t), 0xCFF3u, "unordered counts as le: %04x", p0(t));
    tcpu_free(t);
}

Test(mve_pred, vctp_sizes)
{
    static const struct { const char *op; uint32_t n, p0; } cases[] = {
        {"vctp.8 r1", 5, 0x001F}, {"vctp.8 r1", 16, 0xFFFF}, {"vctp.8 r1", 0, 0},
        {"vctp.16 r1", 3, 0x003F}, {"vctp.32 r1", 10, 0xFFFF}, {"vctp.32 r1", 1, 0x000F},
        {"vctp.64 r1", 1, 0x00FF}, {"vctp.8 r1", 0x80000000u, 0xFFFF},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tcpu_t *t = mk();
        t->cpu->r[1] = cases[i].n;
        run_ok(t, cases[i].op);
        cr_expect_eq(t->cpu->vpr, cases[i].p0, "%s n=%u: %08x", cases[i].op, cases[i].n, t->cpu->vpr);
        tcpu_free(t);
    }
}

Test(mve_pred, vctp_in_vpt_block)
{
    tcpu_t *t = mk();
    t->cpu->vpr = 0x0FF0u;
    t->cpu->r[1] = 6;
    run_ok(t, "vpst\nvctpt.8 r1");
    cr_expect_eq(t->cpu->vpr, 0x0030u, "%08x", t->cpu->vpr);
    tcpu_free(t);
}

Test(mve_pred, vpnot)
{
    tcpu_t *t = mk();
    t->cpu->vpr = 0x1234u;
    run_ok(t, "vpnot");
    cr_expect_eq(t->cpu->vpr, 0xEDCBu);
    tcpu_free(t);
}

Test(mve_pred, vpnot_in_block_then_else)
{
    tcpu_t *t = mk();
    setq32(t, 0, 1, 2, 3, 4);
    setq32(t, 1, 1, 2, 0, 0);
    t->cpu->r[1] = 9;
    /* VPT T: VPNOT (P0 = ~P0 & mask = 0), then the next T slot sees it. */
    run_ok(t, "vptt.i32 eq, q0, q1\nvpnott\nvdupt.32 q2, r1");
    cr_expect_eq(q32(t, 2, 0), 0);
    cr_expect_eq(q32(t, 2, 2), 0);
    tcpu_free(t);
}

Test(mve_pred, vpsel)
{
    tcpu_t *t = mk();
    setq_seq(t, 1, 0x10, 1);
    setq_seq(t, 2, 0x80, 1);
    t->cpu->vpr = 0xF00Fu;
    run_ok(t, "vpsel q0, q1, q2");
    for (unsigned i = 0; i < 16; i++)
        cr_expect_eq(qb(t, 0)[i], (i < 4 || i >= 12) ? 0x10 + i : 0x80 + i);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Tail predication                                                    */

Test(mve_tail, dlstp_byte_copy)
{
    for (unsigned n = 0; n <= 40; n += 7) {
        tcpu_t *t = mk();
        fill_mem(t, 64);
        t->cpu->r[0] = D;
        t->cpu->r[1] = D + 0x100;
        t->cpu->r[2] = n;
        run_ok(t, "wlstp.8 lr, r2, 2f\n1: vldrb.u8 q0, [r0], #16\nvstrb.8 q0, [r1], #16\nletp lr, 1b\n2:");
        for (unsigned i = 0; i < 48; i++)
            cr_expect_eq(tcpu_peek8(t, D + 0x100 + i), i < n ? i + 1 : 0, "n=%u byte %u", n, i);
        cr_expect_eq(t->cpu->lo_ltpsize, 4u, "tail predication over");
        tcpu_free(t);
    }
}

Test(mve_tail, dlstp_word_sum_loop)
{
    tcpu_t *t = mk();
    for (unsigned i = 0; i < 8; i++)
        tcpu_poke32(t, D + 4 * i, 1u << i);
    t->cpu->r[0] = D;
    t->cpu->r[2] = 5;
    t->cpu->r[3] = 0xFFFFFFFFu;
    run_ok(t, "vdup.32 q1, r3\ndlstp.32 lr, r2\n1: vldrw.u32 q0, [r0], #16\nvstrw.32 q0, [r0, #-16]\n"
              "vstrw.32 q1, [r0, #-16]\nletp lr, 1b");
    cr_expect_eq(tcpu_peek32(t, D + 16), 0xFFFFFFFFu);
    cr_expect_eq(tcpu_peek32(t, D + 20), 1u << 5, "element 5 is past the count");
    tcpu_free(t);
}

Test(mve_tail, no_masking_outside_the_loop)
{
    tcpu_t *t = mk();
    t->cpu->r[14] = 1;
    t->cpu->r[1] = 0x5A;
    run_ok(t, "vdup.8 q0, r1");
    for (unsigned i = 0; i < 16; i++)
        cr_expect_eq(qb(t, 0)[i], 0x5A);
    tcpu_free(t);
}

Test(mve_tail, masking_follows_lr_and_ltpsize)
{
    tcpu_t *t = mk();
    t->cpu->r[14] = 3;
    t->cpu->lo_ltpsize = 1;      /* as inside a DLSTP.16 loop */
    t->cpu->r[1] = 0x5A;
    run_ok(t, "vdup.8 q0, r1");
    for (unsigned i = 0; i < 16; i++)
        cr_expect_eq(qb(t, 0)[i], i < 6 ? 0x5A : 0);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Moves                                                               */

Test(mve_move, vmov_to_lane)
{
    tcpu_t *t = mk();
    t->cpu->r[2] = 0x12345678u;
    run_ok(t, "vmov.8 q1[15], r2\nvmov.16 q2[5], r2\nvmov.32 q3[3], r2\nvmov.8 q1[0], r2");
    cr_expect_eq(qb(t, 1)[15], 0x78);
    cr_expect_eq(qb(t, 1)[0], 0x78);
    cr_expect_eq(qb(t, 1)[1], 0);
    cr_expect_eq(q16(t, 2, 5), 0x5678);
    cr_expect_eq(q16(t, 2, 4), 0);
    cr_expect_eq(q32(t, 3, 3), 0x12345678u);
    tcpu_free(t);
}

Test(mve_move, vmov_from_lane)
{
    tcpu_t *t = mk();
    setq_seq(t, 7, 0x80, 3);
    run_ok(t, "vmov.s8 r0, q7[2]\nvmov.u8 r1, q7[2]\nvmov.s16 r2, q7[7]\nvmov.u16 r3, q7[7]\nvmov.32 r4, q7[1]");
    cr_expect_eq(t->cpu->r[0], 0xFFFFFF86u);
    cr_expect_eq(t->cpu->r[1], 0x86u);
    cr_expect_eq(t->cpu->r[2], 0xFFFFADAAu);
    cr_expect_eq(t->cpu->r[3], 0xADAAu);
    cr_expect_eq(t->cpu->r[4], 0x95928F8Cu);
    tcpu_free(t);
}

Test(mve_move, vmov_lane_not_predicated)
{
    tcpu_t *t = mk();
    t->cpu->r[14] = 0;
    t->cpu->lo_ltpsize = 0;      /* every lane tail-predicated off */
    t->cpu->r[2] = 0x42;
    run_ok(t, "vmov.8 q0[3], r2");
    cr_expect_eq(qb(t, 0)[3], 0x42);
    tcpu_free(t);
}

Test(mve_move, vdup_sizes)
{
    tcpu_t *t = mk();
    t->cpu->r[2] = 0xA1B2C3D4u;
    run_ok(t, "vdup.8 q0, r2\nvdup.16 q1, r2\nvdup.32 q2, r2");
    for (unsigned i = 0; i < 4; i++) {
        cr_expect_eq(q32(t, 0, i), 0xD4D4D4D4u);
        cr_expect_eq(q32(t, 1, i), 0xC3D4C3D4u);
        cr_expect_eq(q32(t, 2, i), 0xA1B2C3D4u);
    }
    tcpu_free(t);
}

Test(mve_move, vmov_two_lanes)
{
    /* Rt pairs with lane idx, Rt2 with lane idx + 2, as in QEMU. */
    tcpu_t *t = mk();
    setq32(t, 2, 10, 11, 12, 13);
    run_ok(t, "vmov r0, r1, q2[2], q2[0]\nvmov r2, r3, q2[3], q2[1]");
    cr_expect_eq(t->cpu->r[0], 10);
    cr_expect_eq(t->cpu->r[1], 12);
    cr_expect_eq(t->cpu->r[2], 11);
    cr_expect_eq(t->cpu->r[3], 13);
    t->cpu->r[4] = 0x44;
    t->cpu->r[5] = 0x55;
    run_ok(t, "vmov q3[3], q3[1], r4, r5\nvmov q3[2], q3[0], r5, r4");
    cr_expect_eq(q32(t, 3, 1), 0x44);
    cr_expect_eq(q32(t, 3, 3), 0x55);
    cr_expect_eq(q32(t, 3, 0), 0x55);
    cr_expect_eq(q32(t, 3, 2), 0x44);
    tcpu_free(t);
}

Test(mve_move, vmov_immediate_forms)
{
    static const struct { const char *op; uint32_t w0, w1; } cases[] = {
        {"vmov.i8 q0, #0x55", 0x55555555u, 0x55555555u},
        {"vmov.i16 q0, #0x55", 0x00550055u, 0x00550055u},
        {"vmov.i16 q0, #0x5500", 0x55005500u, 0x55005500u},
        {"vmov.i32 q0, #0x55", 0x55u, 0x55u},
        {"vmov.i32 q0, #0x550000", 0x550000u, 0x550000u},
        {"vmov.i32 q0, #0x55000000", 0x55000000u, 0x55000000u},
        {"vmov.i32 q0, #0x55ff", 0x55FFu, 0x55FFu},
        {"vmov.i32 q0, #0x55ffff", 0x55FFFFu, 0x55FFFFu},
        {"vmov.i64 q0, #0xff00ff0000ff00ff", 0x00FF00FFu, 0xFF00FF00u},
        {"vmov.f32 q0, #1.0", 0x3F800000u, 0x3F800000u},
        {"vmov.f32 q0, #-0.125", 0xBE000000u, 0xBE000000u},
        {"vmvn.i16 q0, #0x55", 0xFFAAFFAAu, 0xFFAAFFAAu},
        {"vmvn.i32 q0, #0x5500", 0xFFFFAAFFu, 0xFFFFAAFFu},
        {"vmvn.i32 q0, #0x55ff", 0xFFFFAA00u, 0xFFFFAA00u},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tcpu_t *t = mk();
        run_ok(t, cases[i].op);
        cr_expect_eq(q32(t, 0, 0), cases[i].w0, "%s: %08x", cases[i].op, q32(t, 0, 0));
        cr_expect_eq(q32(t, 0, 1), cases[i].w1, "%s: %08x", cases[i].op, q32(t, 0, 1));
        cr_expect_eq(q32(t, 0, 2), cases[i].w0, "%s", cases[i].op);
        tcpu_free(t);
    }
}

Test(mve_move, vorr_vbic_immediate)
{
    tcpu_t *t = mk();
    setq32(t, 0, 0x12345678u, 0xFFFFFFFFu, 0, 0x0F0F0F0Fu);
    setq32(t, 1, 0x12345678u, 0xFFFFFFFFu, 0, 0x0F0F0F0Fu);
    run_ok(t, "vorr.i32 q0, #0x5500\nvbic.i16 q1, #0xff");
    cr_expect_eq(q32(t, 0, 0), 0x12345778u);
    cr_expect_eq(q32(t, 0, 2), 0x5500u);
    cr_expect_eq(q32(t, 1, 0), 0x12005600u);
    cr_expect_eq(q32(t, 1, 1), 0xFF00FF00u);
    cr_expect_eq(q32(t, 1, 3), 0x0F000F00u);
    tcpu_free(t);
}

Test(mve_move, vmov_immediate_predicated)
{
    tcpu_t *t = mk();
    t->cpu->vpr = 0x00F0u;
    run_ok(t, "vpst\nvmovt.i32 q0, #0x12");
    cr_expect_eq(q32(t, 0, 0), 0);
    cr_expect_eq(q32(t, 0, 1), 0x12);
    cr_expect_eq(q32(t, 0, 2), 0);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* VIDUP family, VREV, VBRSR                                           */

Test(mve_misc, vidup_vddup)
{
    tcpu_t *t = mk();
    t->cpu->r[2] = 250;
    t->cpu->r[4] = 3;
    run_ok(t, "vidup.u8 q0, r2, #2\nvddup.u32 q1, r4, #1\nvidup.u16 q2, r6, #8");
    for (unsigned i = 0; i < 16; i++)
        cr_expect_eq(qb(t, 0)[i], (uint8_t)(250 + 2 * i));
    cr_expect_eq(t->cpu->r[2], 282u, "the offset keeps counting past the element size");
    cr_expect_eq(q32(t, 1, 0), 3);
    cr_expect_eq(q32(t, 1, 3), 0);
    cr_expect_eq(t->cpu->r[4], 0xFFFFFFFFu);
    cr_expect_eq(q16(t, 2, 7), 56);
    cr_expect_eq(t->cpu->r[6], 64);
    tcpu_free(t);
}

Test(mve_misc, viwdup_vdwdup_wrap)
{
    tcpu_t *t = mk();
    t->cpu->r[2] = 4;
    t->cpu->r[3] = 10;
    t->cpu->r[4] = 2;
    t->cpu->r[5] = 6;
    run_ok(t, "viwdup.u32 q0, r2, r3, #2\nvdwdup.u16 q1, r4, r5, #2");
    cr_expect_eq(q32(t, 0, 0), 4);
    cr_expect_eq(q32(t, 0, 1), 6);
    cr_expect_eq(q32(t, 0, 2), 8);
    cr_expect_eq(q32(t, 0, 3), 0);
    cr_expect_eq(t->cpu->r[2], 2);
    static const uint16_t want[8] = {2, 0, 4, 2, 0, 4, 2, 0};
    for (unsigned i = 0; i < 8; i++)
        cr_expect_eq(q16(t, 1, i), want[i], "element %u = %u", i, q16(t, 1, i));
    cr_expect_eq(t->cpu->r[4], 4);
    tcpu_free(t);
}

Test(mve_misc, vidup_predicated_still_counts)
{
    tcpu_t *t = mk();
    t->cpu->vpr = 0xFF00u;
    t->cpu->r[0] = 0;
    run_ok(t, "vpst\nvidupt.u32 q0, r0, #4");
    cr_expect_eq(q32(t, 0, 0), 0);
    cr_expect_eq(q32(t, 0, 2), 8);
    cr_expect_eq(t->cpu->r[0], 16);
    tcpu_free(t);
}

Test(mve_misc, vrev)
{
    tcpu_t *t = mk();
    setq_seq(t, 1, 0, 1);
    run_ok(t, "vrev16.8 q0, q1\nvrev32.8 q2, q1\nvrev32.16 q3, q1\nvrev64.8 q4, q1\n"
              "vrev64.16 q5, q1\nvrev64.32 q6, q1");
    cr_expect_eq(q32(t, 0, 0), 0x02030001u);
    cr_expect_eq(q32(t, 2, 1), 0x04050607u);
    cr_expect_eq(q32(t, 3, 0), 0x01000302u);
    cr_expect_eq(q32(t, 4, 0), 0x04050607u);
    cr_expect_eq(q32(t, 4, 3), 0x08090A0Bu);
    cr_expect_eq(q32(t, 5, 0), 0x05040706u);
    cr_expect_eq(q32(t, 6, 0), 0x07060504u);
    cr_expect_eq(q32(t, 6, 1), 0x03020100u);
    tcpu_free(t);
}

Test(mve_misc, vbrsr)
{
    tcpu_t *t = mk();
    setq32(t, 1, 0x00000001u, 0x80000003u, 0x12345678u, 0xFFFFFFFFu);
    t->cpu->r[2] = 3;
    t->cpu->r[3] = 32;
    t->cpu->r[4] = 0x100;   /* only bits 7:0 count: 0 */
    run_ok(t, "vbrsr.8 q0, q1, r2\nvbrsr.32 q2, q1, r3\nvbrsr.16 q3, q1, r4");
    cr_expect_eq(qb(t, 0)[0], 4);     /* 001 -> 100 */
    cr_expect_eq(qb(t, 0)[4], 6);     /* 011 -> 110 */
    cr_expect_eq(qb(t, 0)[7], 0);     /* 0x80: low 3 bits 000 */
    cr_expect_eq(q32(t, 2, 0), 0x80000000u);
    cr_expect_eq(q32(t, 2, 1), 0xC0000001u);
    cr_expect_eq(q32(t, 2, 2), 0x1E6A2C48u);
    cr_expect_eq(q32(t, 3, 3), 0);
    tcpu_free(t);
}

Test(mve_misc, nocp_when_disabled)
{
    tcpu_t *t = mk();
    t->cpu->scb.cpacr = 0;
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "vldrw.u32 q0, [r1], #16"), TCPU_FAULT);
    cr_expect(t->cpu->scb.cfsr & CFSR_NOCP);
    cr_expect_eq(t->cpu->r[1], D);
    tcpu_free(t);
}
