/* Integer data processing (isa/exec_dp.c): every operation and form, the
 * flags at the carry/overflow edges, shift amounts 0/1/31/32/33, the
 * ThumbExpandImm patterns, flag setting of 16-bit forms inside IT blocks,
 * PC and SP destinations, bitfields at the edge widths, CSEL conditions. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "../../isa/alu.h"
#include "../../isa/insn.h"

#define FN 8u
#define FZ 4u
#define FC 2u
#define FV 1u

#define CFSR_UNDEFINSTR (1u << 16)
#define CFSR_STKOF      (1u << 20)

/* A core with r0..r2 and the flags set, after running src to its end. */
static tcpu_t *run3(const char *src, uint32_t r0, uint32_t r1, uint32_t r2, unsigned nzcv)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = r0;
    t->cpu->r[1] = r1;
    t->cpu->r[2] = r2;
    tcpu_set_nzcv(t, nzcv);
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "%s did not run to its end", src);
    return t;
}

/* Run src with r0..r2 and the flags given; check r0 and the flags after. */
static void expect3(const char *src, uint32_t r0_in, uint32_t r1, uint32_t r2, unsigned nzcv_in,
                    uint32_t r0, unsigned nzcv)
{
    tcpu_t *t = run3(src, r0_in, r1, r2, nzcv_in);
    cr_expect_eq(t->cpu->r[0], r0, "%s (r0=%#x r1=%#x r2=%#x): r0 = %#x, expected %#x", src,
                 r0_in, r1, r2, t->cpu->r[0], r0);
    cr_expect_eq(tcpu_nzcv(t), nzcv, "%s (r1=%#x r2=%#x): nzcv = %#x, expected %#x", src, r1, r2,
                 tcpu_nzcv(t), nzcv);
    tcpu_free(t);
}

static void expect(const char *src, uint32_t r1, uint32_t r2, unsigned nzcv_in, uint32_t r0,
                   unsigned nzcv)
{
    expect3(src, 0, r1, r2, nzcv_in, r0, nzcv);
}

/* Raw encodings the assembler refuses (UNPREDICTABLE) must be UNDEFINED. */
static void expect_undefined(const uint16_t *hw, size_t count)
{
    tcpu_t *t = tcpu_new();
    uint32_t raw = count == 2 ? (uint32_t)hw[0] << 16 | hw[1] : hw[0];
    cr_assert_eq(tcpu_run_code(t, hw, count), TCPU_FAULT, "%#x ran", raw);
    cr_expect_eq(t->cpu->ipsr, EXC_USAGEFAULT, "%#x: not a UsageFault", raw);
    cr_expect(t->cpu->scb.cfsr & CFSR_UNDEFINSTR, "%#x: not UNDEFINSTR", raw);
    tcpu_free(t);
}

static insn_t decoded(uint16_t hw1, uint16_t hw2)
{
    insn_t in;
    isa_decode(&in, hw1, hw2);
    return in;
}

/* ------------------------------------------------------------------ */
/* ADD, SUB: flags at the edges                                        */

Test(dp, adds_register_plain)
{
    expect("adds r0, r1, r2", 1, 2, 0, 3, 0);
    expect("adds r0, r1, r2", 1, 1, FN | FZ | FC | FV, 2, 0);
}

Test(dp, adds_signed_overflow_at_0x7fffffff)
{
    expect("adds r0, r1, r2", 0x7fffffffu, 1, 0, 0x80000000u, FN | FV);
}

Test(dp, adds_carry_out_at_0xffffffff)
{
    expect("adds r0, r1, r2", 0xffffffffu, 1, 0, 0, FZ | FC);
    expect("adds r0, r1, r2", 0xffffffffu, 0xffffffffu, 0, 0xfffffffeu, FN | FC);
}

Test(dp, adds_0x80000000_twice_carries_and_overflows)
{
    expect("adds r0, r1, r2", 0x80000000u, 0x80000000u, 0, 0, FZ | FC | FV);
}

Test(dp, subs_equal_sets_z_and_c)
{
    expect("subs r0, r1, r2", 5, 5, 0, 0, FZ | FC);
}

Test(dp, subs_borrow_clears_c)
{
    expect("subs r0, r1, r2", 0, 1, FC, 0xffffffffu, FN);
}

Test(dp, subs_overflow_at_0x80000000)
{
    expect("subs r0, r1, r2", 0x80000000u, 1, 0, 0x7fffffffu, FC | FV);
    expect("subs r0, r1, r2", 0x7fffffffu, 0xffffffffu, 0, 0x80000000u, FN | FV);
}

Test(dp, add_sub_imm3)
{
    expect("adds r0, r1, #7", 0xfffffffau, 0, 0, 1, FC);
    expect("subs r0, r1, #7", 7, 0, 0, 0, FZ | FC);
}

Test(dp, imm8_forms)
{
    /* MOVS #imm8 sets N and Z only: C and V stay. */
    expect("movs r0, #255", 0, 0, FZ | FC | FV, 255, FC | FV);
    expect("movs r0, #0", 0, 0, FN, 0, FZ);
    expect("mov r0, r1\n adds r0, #200", 100, 0, 0, 300, 0);
    expect("mov r0, r1\n subs r0, #1", 0, 0, 0, 0xffffffffu, FN);
}

Test(dp, cmp_imm8)
{
    expect("cmp r1, #5", 5, 0, 0, 0, FZ | FC);
    expect("cmp r1, #5", 4, 0, FC, 0, FN);
    expect("cmp r1, #5", 0x80000000u, 0, 0, 0, FC | FV);
}

Test(dp, cmp_and_cmn_register)
{
    expect("cmp r1, r2", 1, 2, 0, 0, FN);
    expect("cmn r1, r2", 1, 0xffffffffu, 0, 0, FZ | FC);
    expect("cmn r1, r2", 0x7fffffffu, 1, 0, 0, FN | FV);
}

Test(dp, cmp_high_register)
{
    expect("mov r8, r2\n cmp r1, r8", 3, 3, 0, 0, FZ | FC);
    expect("mov r8, r2\n cmp r8, r1", 3, 4, 0, 0, FC);
}

Test(dp, adc_adds_the_carry)
{
    expect("adcs r1, r2\n mov r0, r1", 1, 2, FC, 4, 0);
    expect("adcs r1, r2\n mov r0, r1", 1, 2, 0, 3, 0);
    expect("adcs r1, r2\n mov r0, r1", 0xffffffffu, 0, FC, 0, FZ | FC);
    expect("adcs r1, r2\n mov r0, r1", 0x7fffffffu, 0, FC, 0x80000000u, FN | FV);
}

Test(dp, sbc_subtracts_the_borrow)
{
    expect("sbcs r1, r2\n mov r0, r1", 5, 3, FC, 2, FC);
    expect("sbcs r1, r2\n mov r0, r1", 5, 3, 0, 1, FC);
    expect("sbcs r1, r2\n mov r0, r1", 0, 0, 0, 0xffffffffu, FN);
    expect("sbcs r1, r2\n mov r0, r1", 0x80000000u, 0, 0, 0x7fffffffu, FC | FV);
}

Test(dp, adc_sbc_wide_immediate_and_shifted)
{
    expect("sbc r0, r1, #1", 10, 0, 0, 8, 0);
    expect("adc r0, r1, #0x100", 1, 0, FC, 0x102, FC);
    expect("adcs.w r0, r1, r2, lsl #1", 1, 1, FC, 4, 0);
    expect("sbcs.w r0, r1, r2, ror #1", 5, 2, FC, 4, FC);
    expect("sbcs.w r0, r1, #0", 0, 0, 0, 0xffffffffu, FN);
}

Test(dp, negs)
{
    expect("negs r0, r1", 0, 0, 0, 0, FZ | FC);
    expect("negs r0, r1", 1, 0, 0, 0xffffffffu, FN);
    expect("negs r0, r1", 0x80000000u, 0, 0, 0x80000000u, FN | FV);
}

Test(dp, rsb_immediate_and_shifted)
{
    expect("rsb r0, r1, #100", 1, 0, 0, 99, 0);
    expect("rsbs r0, r1, #0", 0x80000000u, 0, 0, 0x80000000u, FN | FV);
    expect("rsbs r0, r1, r2, lsl #1", 4, 2, 0, 0, FZ | FC);
    expect("rsb r0, r1, r2", 4, 1, 0, 0xfffffffdu, 0);
}

Test(dp, add_sub_wide_shifted)
{
    expect("add.w r0, r1, r2, lsl #2", 1, 3, 0, 13, 0);
    expect("adds.w r0, r1, r2, asr #32", 1, 0x80000000u, 0, 0, FZ | FC);
    expect("sub.w r0, r1, r2, lsr #1", 10, 4, 0, 8, 0);
    expect("subs.w r0, r1, r2, lsl #31", 0, 1, 0, 0x80000000u, FN | FV);
}

Test(dp, add_sub_wide_register_keeps_flags_without_s)
{
    expect("add.w r0, r1, r2", 0xffffffffu, 1, FN | FV, 0, FN | FV);
    expect("sub.w r0, r1, r2", 0, 1, FZ, 0xffffffffu, FZ);
}

Test(dp, addw_subw)
{
    expect("addw r0, r1, #4095", 1, 0, 0, 4096, 0);
    expect("subw r0, r1, #4095", 0, 0, 0, 0u - 4095u, 0);
}

Test(dp, add_sub_modified_immediate_flags)
{
    expect("adds.w r0, r1, #0x80000000", 0x80000000u, 0, 0, 0, FZ | FC | FV);
    expect("subs.w r0, r1, #1", 0, 0, 0, 0xffffffffu, FN);
    expect("add.w r0, r1, #0x00ff00ff", 1, 0, FZ, 0x00ff0100u, FZ);
}

Test(dp, cmp_cmn_wide)
{
    expect("cmp.w r1, #0x100", 0x100, 0, 0, 0, FZ | FC);
    expect("cmn.w r1, #1", 0xffffffffu, 0, 0, 0, FZ | FC);
    expect("cmp.w r1, r2, lsl #4", 0x10, 1, 0, 0, FZ | FC);
    expect("cmn.w r1, r2, lsl #1", 0xfffffffeu, 1, 0, 0, FZ | FC);
    expect("cmp.w r1, r2", 0x80000000u, 1, 0, 0, FC | FV);
}

/* ------------------------------------------------------------------ */
/* SP and PC                                                            */

Test(dp, sp_immediate_forms)
{
    tcpu_t *t = run3("sub sp, #16\n add r0, sp, #8\n add sp, #16\n mov r1, sp", 0, 0, 0, 0);
    uint32_t sp0 = TCPU_DATA_ADDR + TCPU_RAM_SIZE;
    cr_expect_eq(t->cpu->r[0], sp0 - 8);
    cr_expect_eq(t->cpu->r[1], sp0);
    cr_expect_eq(t->cpu->r[13], sp0);
    tcpu_free(t);
}

Test(dp, sp_wide_immediate_forms)
{
    tcpu_t *t = run3("sub.w sp, sp, #256\n addw r0, sp, #4\n subw sp, sp, #4\n"
                     "add.w sp, sp, #260\n mov r1, sp\n sub.w r2, sp, #8",
                     0, 0, 0, 0);
    uint32_t sp0 = TCPU_DATA_ADDR + TCPU_RAM_SIZE;
    cr_expect_eq(t->cpu->r[0], sp0 - 252);
    cr_expect_eq(t->cpu->r[1], sp0);
    cr_expect_eq(t->cpu->r[2], sp0 - 8);
    tcpu_free(t);
}

Test(dp, sp_register_forms)
{
    uint32_t sp0 = TCPU_DATA_ADDR + TCPU_RAM_SIZE;
    tcpu_t *t = run3("add r1, sp\n add sp, r2\n mov r0, sp", 0, 8, 0u - 16u, 0);
    cr_expect_eq(t->cpu->r[1], sp0 + 8);
    cr_expect_eq(t->cpu->r[0], sp0 - 16);
    tcpu_free(t);
    t = run3("add.w sp, sp, r1, lsl #2\n mov.w r0, sp\n sub.w sp, sp, r1, lsl #2", 0, 4, 0, 0);
    cr_expect_eq(t->cpu->r[0], sp0 + 16);
    cr_expect_eq(t->cpu->r[13], sp0);
    tcpu_free(t);
}

Test(dp, mov_to_sp)
{
    tcpu_t *t = run3("mov sp, r1\n mov r0, sp\n mov.w sp, r2", 0, 0x20000100u, 0x20000200u, 0);
    cr_expect_eq(t->cpu->r[0], 0x20000100u);
    cr_expect_eq(t->cpu->r[13], 0x20000200u);
    tcpu_free(t);
}

Test(dp, sp_below_limit_faults)
{
    tcpu_t *t = tcpu_new();
    uint32_t sp0 = t->cpu->r[13];
    t->cpu->msplim = sp0 - 64;
    cr_assert_eq(tcpu_run_asm(t, "sub sp, #128"), TCPU_FAULT);
    cr_expect_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_expect(t->cpu->scb.cfsr & CFSR_STKOF);
    tcpu_free(t);
}

Test(dp, adr_narrow_and_wide)
{
    /* Code starts at TCPU_CODE_ADDR = 0x1000; see the offsets in comments. */
    tcpu_t *t = run3("adr r0, 1f\n nop\n nop\n .align 2\n"           /* 0x00..0x07 */
                     "1: nop\n 3: nop\n nop\n"                          /* 0x08 0x0a 0x0c */
                     "adr.w r1, 3b\n adr.w r2, 2f\n nop\n .align 2\n"   /* 0x0e 0x12 0x16 */
                     "2: nop",                                           /* 0x18 */
                     0, 0, 0, 0);
    cr_expect_eq(t->cpu->r[0], 0x1008u);
    cr_expect_eq(t->cpu->r[1], 0x100au);
    cr_expect_eq(t->cpu->r[2], 0x1018u);
    tcpu_free(t);
}

Test(dp, pc_reads_as_address_plus_4)
{
    tcpu_t *t = run3("mov r0, pc\n add r1, pc", 0, 0, 0, 0);
    cr_expect_eq(t->cpu->r[0], 0x1004u);
    cr_expect_eq(t->cpu->r[1], 0x1006u);
    tcpu_free(t);
}

Test(dp, mov_pc_branches)
{
    tcpu_t *t = run3("adr r1, 1f\n mov pc, r1\n movs r0, #1\n .align 2\n 1: movs r2, #2", 0, 0, 0, 0);
    cr_expect_eq(t->cpu->r[0], 0);
    cr_expect_eq(t->cpu->r[2], 2);
    tcpu_free(t);
}

Test(dp, mov_pc_ignores_bit0)
{
    tcpu_t *t = run3("adr r1, 1f\n adds r1, #1\n mov pc, r1\n movs r0, #1\n .align 2\n 1: movs r2, #2",
                     0, 0, 0, 0);
    cr_expect_eq(t->cpu->r[0], 0);
    cr_expect_eq(t->cpu->r[2], 2);
    cr_expect(t->cpu->epsr_t);
    tcpu_free(t);
}

Test(dp, add_pc_branches)
{
    /* 0x1000 add pc, r1 -> 0x1004 + 2 = 0x1006 */
    tcpu_t *t = run3("add pc, r1\n movs r0, #1\n movs r2, #1\n movs r3, #3", 0, 2, 0, 0);
    cr_expect_eq(t->cpu->r[0], 0);
    cr_expect_eq(t->cpu->r[2], 0);
    cr_expect_eq(t->cpu->r[3], 3);
    tcpu_free(t);
}

Test(dp, pc_write_inside_it_block_must_be_last)
{
    /* ITT EQ; MOV PC, R1; MOV R0, R0 with Z set: UNPREDICTABLE -> UNDEFINED */
    const uint16_t code[] = {0xBF04, 0x468F, 0x4600};
    tcpu_t *t = tcpu_new();
    tcpu_set_nzcv(t, FZ);
    t->cpu->r[1] = 0x2000;
    cr_assert_eq(tcpu_run_code(t, code, 3), TCPU_FAULT);
    cr_expect_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    tcpu_free(t);
}

Test(dp, mov_and_add_high_registers_leave_flags)
{
    expect("mov r8, r1\n mov r0, r8", 0x1234, 0, FN | FC, 0x1234, FN | FC);
    expect("mov r8, r2\n add r1, r8\n mov r0, r1", 0xffffffffu, 1, 0, 0, 0);
    expect("mov r9, r1\n add r9, r9\n mov r0, r9", 0x40000000u, 0, FZ, 0x80000000u, FZ);
}

/* ------------------------------------------------------------------ */
/* Logical operations                                                  */

Test(dp, ands_narrow_keeps_c_and_v)
{
    expect("ands r1, r2\n mov r0, r1", 0xf0f0, 0xff00, FC | FV, 0xf000, FC | FV);
    expect("ands r1, r2\n mov r0, r1", 0x80000000u, 0x80000001u, 0, 0x80000000u, FN);
    expect("ands r1, r2\n mov r0, r1", 0xf0, 0x0f, 0, 0, FZ);
}

Test(dp, orrs_eors_narrow)
{
    expect("orrs r1, r2\n mov r0, r1", 0xf0, 0x0f, 0, 0xff, 0);
    expect("orrs r1, r2\n mov r0, r1", 0x80000000u, 0, FC, 0x80000000u, FN | FC);
    expect("eors r1, r2\n mov r0, r1", 0xff, 0xff, 0, 0, FZ);
    expect("eors r1, r2\n mov r0, r1", 0xff, 0x80000000u, FV, 0x800000ffu, FN | FV);
}

Test(dp, bics_mvns_narrow)
{
    expect("bics r1, r2\n mov r0, r1", 0xff, 0x0f, 0, 0xf0, 0);
    expect("bics r1, r2\n mov r0, r1", 0xff, 0xff, 0, 0, FZ);
    expect("mvns r0, r1", 0, 0, 0, 0xffffffffu, FN);
    expect("mvns r0, r1", 0xffffffffu, 0, FC, 0, FZ | FC);
}

Test(dp, tst_narrow)
{
    expect("tst r1, r2", 0xf0, 0x0f, FC, 0, FZ | FC);
    expect("tst r1, r2", 0x80000000u, 0x80000000u, 0, 0, FN);
}

Test(dp, logical_wide_register_forms)
{
    expect("and.w r0, r1, r2", 0xff00ff00u, 0x0ff00ff0u, 0, 0x0f000f00u, 0);
    expect("bic.w r0, r1, r2", 0xffffffffu, 0x0000ffffu, 0, 0xffff0000u, 0);
    expect("orr.w r0, r1, r2", 0x0000ff00u, 0x00ff0000u, 0, 0x00ffff00u, 0);
    expect("orn r0, r1, r2", 0x0000000fu, 0xfffffff0u, 0, 0x0000000fu, 0);
    expect("orn r0, r1, r2", 0, 0, 0, 0xffffffffu, 0);
    expect("eor.w r0, r1, r2", 0xffffffffu, 0x0f0f0f0fu, 0, 0xf0f0f0f0u, 0);
    expect("mvn.w r0, r1", 0x0000ffffu, 0, 0, 0xffff0000u, 0);
    expect("eors.w r0, r1, r2", 1, 1, FN | FC | FV, 0, FZ | FC | FV);
}

Test(dp, logical_shifted_sets_carry_from_shifter)
{
    expect("ands.w r0, r1, r2, lsl #1", 0xffffffffu, 0x80000000u, 0, 0, FZ | FC);
    expect("orrs.w r0, r1, r2, lsr #4", 0, 0x18, 0, 1, FC);
    expect("eors.w r0, r1, r2, asr #31", 0, 0x80000000u, FC, 0xffffffffu, FN);   /* C = bit 30 */
    expect("bics.w r0, r1, r2, ror #8", 0xffffffffu, 0x000000ffu, 0, 0x00ffffffu, FC);
    expect("orn r0, r1, r2, lsl #16", 0, 0xffffu, 0, 0x0000ffffu, 0);
    expect("mvns.w r0, r1, lsl #1", 0x80000000u, 0, 0, 0xffffffffu, FN | FC);
    expect("mvn.w r0, r1, lsr #28", 0xf0000000u, 0, FC, 0xfffffff0u, FC);
}

Test(dp, logical_shifted_by_zero_keeps_carry)
{
    expect("ands.w r0, r1, r2", 0x80000000u, 0x80000000u, FC, 0x80000000u, FN | FC);
    expect("movs.w r0, r1", 0, 0, FC | FV, 0, FZ | FC | FV);
}

Test(dp, tst_teq_shifted)
{
    expect("tst.w r1, r2, lsr #1", 1, 1, 0, 0, FZ | FC);
    expect("teq.w r1, r2, lsl #4", 0x10, 1, FC, 0, FZ);
    expect("teq r1, r2", 0x80000000u, 0, 0, 0, FN);
}

/* ------------------------------------------------------------------ */
/* Modified immediates (ThumbExpandImm)                                */

Test(dp, thumb_expand_imm_patterns)
{
    static const struct { const char *src; uint32_t value; } cases[] = {
        {"mov.w r0, #0x000000ab", 0x000000abu},
        {"mov.w r0, #0x00ab00ab", 0x00ab00abu},
        {"mov.w r0, #0xab00ab00", 0xab00ab00u},
        {"mov.w r0, #0xabababab", 0xababababu},
        {"mov.w r0, #0x000003fc", 0x000003fcu},
        {"mov.w r0, #0x80000000", 0x80000000u},
        {"mov.w r0, #0xff000000", 0xff000000u},
        {"mov.w r0, #0x00000100", 0x00000100u},
        {"mov.w r0, #0x7f800000", 0x7f800000u},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect(cases[i].src, 0, 0, 0, cases[i].value, 0);
}

Test(dp, rotated_immediate_sets_carry)
{
    expect("ands r0, r1, #0x80000000", 0xffffffffu, 0, 0, 0x80000000u, FN | FC);
    expect("movs.w r0, #0x80000000", 0, 0, 0, 0x80000000u, FN | FC);
    expect("movs.w r0, #0x3fc", 0, 0, FC, 0x3fc, 0);   /* rotated: C = bit 31 = 0 */
    expect("tst.w r1, #0x40000000", 0x40000000u, 0, FC, 0, 0);
}

Test(dp, unrotated_immediate_keeps_carry)
{
    expect("ands r0, r1, #0xff", 0x100, 0, FC, 0, FZ | FC);
    expect("ands r0, r1, #0xff", 0x100, 0, 0, 0, FZ);
    expect("movs.w r0, #0xff00ff00", 0, 0, FV, 0xff00ff00u, FN | FV);
    expect("mvns r0, #0", 0, 0, FC, 0xffffffffu, FN | FC);
}

Test(dp, mvn_orn_bic_orr_eor_immediate)
{
    expect("mvn r0, #0xff", 0, 0, 0, 0xffffff00u, 0);
    expect("orn r0, r1, #0xff", 0, 0, 0, 0xffffff00u, 0);
    expect("bic r0, r1, #0xff", 0x1234, 0, 0, 0x1200, 0);
    expect("orr r0, r1, #0x00ff00ff", 0x12000000u, 0, 0, 0x12ff00ffu, 0);
    expect("eor r0, r1, #0xffffffff", 0x0f0f0f0fu, 0, 0, 0xf0f0f0f0u, 0);
    expect("bics r0, r1, #0x80000000", 0x80000000u, 0, 0, 0, FZ | FC);
}

Test(dp, teq_tst_immediate)
{
    expect("teq r1, #0x80000000", 0x80000000u, 0, 0, 0, FZ | FC);
    expect("teq.w r1, #1", 0, 0, FV, 0, FV);
    expect("tst r1, #0xff", 0xff00, 0, FC | FV, 0, FZ | FC | FV);
}

/* ------------------------------------------------------------------ */
/* Shifts by immediate                                                  */

Test(dp, lsls_immediate)
{
    expect("lsls r0, r1, #1", 0x80000001u, 0, 0, 2, FC);
    expect("lsls r0, r1, #31", 3, 0, 0, 0x80000000u, FN | FC);
    expect("lsls r0, r1, #31", 1, 0, FC, 0x80000000u, FN);
}

Test(dp, movs_register_is_lsl_0_and_keeps_carry)
{
    expect("movs r0, r1", 0, 0, FC | FV, 0, FZ | FC | FV);
    expect("movs r0, r1", 0x80000000u, 0, 0, 0x80000000u, FN);
}

Test(dp, lsrs_immediate_1_31_32)
{
    expect("lsrs r0, r1, #1", 3, 0, 0, 1, FC);
    expect("lsrs r0, r1, #31", 0x80000000u, 0, 0, 1, 0);
    expect("lsrs r0, r1, #32", 0x80000000u, 0, 0, 0, FZ | FC);
    expect("lsrs r0, r1, #32", 0x7fffffffu, 0, FC, 0, FZ);
}

Test(dp, asrs_immediate_1_31_32)
{
    expect("asrs r0, r1, #1", 0x80000001u, 0, 0, 0xc0000000u, FN | FC);
    expect("asrs r0, r1, #31", 0x40000000u, 0, FC, 0, FZ | FC);
    expect("asrs r0, r1, #32", 0x80000000u, 0, 0, 0xffffffffu, FN | FC);
    expect("asrs r0, r1, #32", 0x7fffffffu, 0, FC, 0, FZ);
}

/* The immediate forms' shifter (alu_shift_imm_c: a shift by amount - 1, then
 * by 1) against the general Shift_C with its range tests, for every shift
 * DecodeImmShift can give, both carries in and values with the edge bits set
 * and clear. */
Test(dp, immediate_shifter_matches_shift_c_for_every_decoded_shift)
{
    static const uint32_t values[] = {
        0, 1, 2, 3, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xc0000000u, 0xffffffffu,
        0xfffffffeu, 0x12345678u, 0x87654321u, 0x55555555u, 0xaaaaaaaau, 0x00010000u,
    };
    for (unsigned type = 0; type < 4; type++)
        for (unsigned imm5 = 0; imm5 < 32; imm5++) {
            uint8_t srtype, amount;
            alu_decode_imm_shift(type, imm5, &srtype, &amount);
            for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
                for (uint32_t cin = 0; cin < 2; cin++) {
                    uint32_t c_ref = 2, c_imm = 2;
                    uint32_t ref = alu_shift_c(values[i], srtype, amount, cin, &c_ref);
                    uint32_t got = alu_shift_imm_c(values[i], srtype, amount, cin, &c_imm);
                    cr_expect(got == ref && c_imm == c_ref,
                              "type %u amount %u of %#x, carry in %u: %#x carry %u, expected %#x carry %u",
                              srtype, amount, values[i], cin, got, c_imm, ref, c_ref);
                }
        }
}

/* ConditionPassed (alu_cond_bit: a table indexed by the flags packed from
 * two 8-byte loads) against the architecture's definitions written out, for
 * every condition and every N, Z, C, V. */
Test(dp, condition_table_matches_condition_passed_for_every_flag_set)
{
    for (unsigned f = 0; f < 16; f++) {
        tcpu_t *t = tcpu_new();
        tcpu_set_nzcv(t, f);
        bool n = f & FN, z = f & FZ, c = f & FC, v = f & FV;
        const bool want[16] = {
            z, !z, c, !c, n, !n, v, !v, c && !z, !c || z,
            n == v, n != v, !z && n == v, z || n != v, true, true,
        };
        for (unsigned cond = 0; cond < 16; cond++)
            cr_expect_eq(alu_cond_bit(t->cpu, cond), (uint32_t)want[cond],
                         "cond %u with NZCV %x", cond, f);
        tcpu_free(t);
    }
}

Test(dp, wide_shift_by_immediate)
{
    expect("lsls.w r0, r1, #31", 3, 0, 0, 0x80000000u, FN | FC);
    expect("lsl.w r0, r1, #4", 0x0fffffffu, 0, FZ, 0xfffffff0u, FZ);
    expect("lsrs.w r0, r1, #32", 0x80000000u, 0, 0, 0, FZ | FC);
    expect("asr.w r0, r1, #4", 0x80000000u, 0, 0, 0xf8000000u, 0);
    expect("ror.w r0, r1, #8", 0x11223344u, 0, 0, 0x44112233u, 0);
    expect("rors.w r0, r1, #1", 1, 0, 0, 0x80000000u, FN | FC);
    expect("mov.w r0, r1, lsl #3", 1, 0, 0, 8, 0);
}

Test(dp, rrx)
{
    expect("rrx r0, r1", 2, 0, FC, 0x80000001u, FC);
    expect("rrxs r0, r1", 1, 0, 0, 0, FZ | FC);
    expect("rrxs r0, r1", 0, 0, FC, 0x80000000u, FN);
    expect("adds.w r0, r1, r2, rrx", 1, 1, FC, 0x80000001u, FN);
}

/* ------------------------------------------------------------------ */
/* Shifts by register: amounts 0, 1, 31, 32, 33 and the bottom byte    */

static void expect_reg_shift(const char *op, uint32_t value, uint32_t amount, unsigned nzcv_in,
                             uint32_t result, unsigned nzcv)
{
    char src[64];
    snprintf(src, sizeof src, "%ss r1, r2\n mov r0, r1", op);
    expect(src, value, amount, nzcv_in, result, nzcv);
    /* The wide form Rd, Rn, Rm with S gives the same. */
    snprintf(src, sizeof src, "%ss.w r0, r1, r2", op);
    expect(src, value, amount, nzcv_in, result, nzcv);
}

Test(dp, lsl_by_register)
{
    expect_reg_shift("lsl", 0x80000001u, 0, FC, 0x80000001u, FN | FC);
    expect_reg_shift("lsl", 0x80000001u, 1, 0, 2, FC);
    expect_reg_shift("lsl", 3, 31, 0, 0x80000000u, FN | FC);
    expect_reg_shift("lsl", 1, 32, 0, 0, FZ | FC);
    expect_reg_shift("lsl", 0xffffffffu, 33, FC, 0, FZ);
    expect_reg_shift("lsl", 1, 0x101, 0, 2, 0);       /* only the bottom byte counts */
    expect_reg_shift("lsl", 1, 0x100, FC, 1, FC);     /* amount 0 */
}

Test(dp, lsr_by_register)
{
    expect_reg_shift("lsr", 0x80000001u, 0, 0, 0x80000001u, FN);
    expect_reg_shift("lsr", 3, 1, 0, 1, FC);
    expect_reg_shift("lsr", 0xc0000000u, 31, 0, 1, FC);
    expect_reg_shift("lsr", 0x80000000u, 32, 0, 0, FZ | FC);
    expect_reg_shift("lsr", 0xffffffffu, 33, FC, 0, FZ);
    expect_reg_shift("lsr", 0xffffffffu, 255, FC, 0, FZ);
}

Test(dp, asr_by_register)
{
    expect_reg_shift("asr", 0x80000000u, 0, FC, 0x80000000u, FN | FC);
    expect_reg_shift("asr", 0x80000001u, 1, 0, 0xc0000000u, FN | FC);
    expect_reg_shift("asr", 0x80000000u, 31, 0, 0xffffffffu, FN);
    expect_reg_shift("asr", 0x80000000u, 32, 0, 0xffffffffu, FN | FC);
    expect_reg_shift("asr", 0x7fffffffu, 33, FC, 0, FZ);
    expect_reg_shift("asr", 0x80000000u, 200, 0, 0xffffffffu, FN | FC);
}

Test(dp, ror_by_register)
{
    expect_reg_shift("ror", 0x80000001u, 0, 0, 0x80000001u, FN);
    expect_reg_shift("ror", 1, 1, 0, 0x80000000u, FN | FC);
    expect_reg_shift("ror", 2, 31, FC, 4, 0);
    expect_reg_shift("ror", 0x80000001u, 32, 0, 0x80000001u, FN | FC);
    expect_reg_shift("ror", 0x7ffffffeu, 32, FC, 0x7ffffffeu, 0);
    expect_reg_shift("ror", 1, 33, 0, 0x80000000u, FN | FC);
}

Test(dp, wide_shift_by_register_without_s_keeps_flags)
{
    expect("lsl.w r0, r1, r2", 1, 33, FN | FV, 0, FN | FV);
    expect("lsr.w r0, r1, r2", 0x100, 4, FZ, 0x10, FZ);
    expect("asr.w r0, r1, r2", 0x80000000u, 4, 0, 0xf8000000u, 0);
    expect("ror.w r0, r1, r2", 0x11223344u, 16, 0, 0x33441122u, 0);
}

/* ------------------------------------------------------------------ */
/* 16-bit forms inside IT blocks leave the flags alone                  */

Test(dp, it_add_does_not_set_flags)
{
    expect("cmp r0, r0\n it eq\n addeq r0, r1, r2", 0x7fffffffu, 1, 0, 0x80000000u, FZ | FC);
}

Test(dp, it_mov_imm8_does_not_set_flags)
{
    expect3("it mi\n movmi r0, #0", 5, 0, 0, FN, 0, FN);
}

Test(dp, it_shift_logic_and_neg_do_not_set_flags)
{
    expect("itt eq\n lsleq r0, r1, #1\n andeq r0, r2", 0x80000000u, 0xff, FZ, 0, FZ);
    expect("itt eq\n negeq r0, r1\n lsleq r0, r2", 0, 0, FZ, 0, FZ);
    expect("it eq\n subeq r0, r1, #1", 0, 0, FZ, 0xffffffffu, FZ);
    expect("it eq\n adceq r1, r2\n", 0xffffffffu, 0, FZ | FC, 0, FZ | FC);
}

Test(dp, it_failed_condition_skips)
{
    expect3("it ne\n movne r0, #7", 1, 0, 0, FZ, 1, FZ);
    expect3("ite ne\n movne r0, #7\n moveq r0, #9", 1, 0, 0, FZ, 9, FZ);
}

/* Instructions that write only Rd inside an IT block run whatever their
 * condition, Rd put back when it fails (isa_dp_writes_only_rd()): each
 * kind leaves Rd as it was, and one that sets flags is not run at all. */
Test(dp, it_failed_condition_changes_nothing)
{
    expect3("ite ne\n eorne.w r0, r1, r2, lsl #2\n addeq.w r0, r0, r1, lsr #1", 5, 8, 1, FZ, 9, FZ);
    expect3("itt eq\n lsleq r0, r1, #3\n movteq r0, #1", 7, 1, 0, 0, 7, 0);
    expect3("itte ne\n addne r0, r1\n rsbne r0, r1, #0\n adceq r0, r0, #2", 7, 1, 0, FZ | FC, 10, FZ | FC);
    expect3("it ne\n addsne.w r0, r1, r2", 5, 0xffffffffu, 1, FZ, 5, FZ);
}

Test(dp, it_compares_still_set_flags)
{
    expect("it eq\n cmpeq r1, r2", 1, 2, FZ, 0, FN);
    expect("it eq\n tsteq r1, r2", 1, 2, FZ, 0, FZ);
    expect("it eq\n cmneq r1, r2", 1, 0xffffffffu, FZ, 0, FZ | FC);
}

Test(dp, it_wide_s_forms_set_flags)
{
    expect("it eq\n addseq.w r0, r1, r2", 0xffffffffu, 1, FZ, 0, FZ | FC);
}

Test(dp, flags_set_again_after_it_block)
{
    expect3("it eq\n moveq r0, #1\n movs r1, #0", 0, 5, 0, FZ | FN, 1, FZ);
}

/* ------------------------------------------------------------------ */
/* Extends                                                               */

Test(dp, extends_narrow)
{
    expect("sxtb r0, r1", 0x1280, 0, 0, 0xffffff80u, 0);
    expect("sxtb r0, r1", 0x127f, 0, 0, 0x7f, 0);
    expect("sxth r0, r1", 0x18000, 0, 0, 0xffff8000u, 0);
    expect("uxtb r0, r1", 0xffffff80u, 0, 0, 0x80, 0);
    expect("uxth r0, r1", 0xfff8000u, 0, FN, 0x8000, FN);
}

Test(dp, extends_wide_with_rotation)
{
    expect("uxtb.w r0, r1, ror #8", 0x11223344u, 0, 0, 0x33, 0);
    expect("uxth.w r0, r1, ror #8", 0x11223344u, 0, 0, 0x2233, 0);
    expect("sxth.w r0, r1, ror #16", 0x80001234u, 0, 0, 0xffff8000u, 0);
    expect("sxtb.w r0, r1, ror #24", 0x80000000u, 0, 0, 0xffffff80u, 0);
    expect("sxth.w r0, r1, ror #24", 0x000080ffu, 0, 0, 0xffffff00u, 0);
}

Test(dp, extend_and_add)
{
    expect("sxtab r0, r1, r2", 100, 0xff, 0, 99, 0);
    expect("uxtab r0, r1, r2, ror #8", 1, 0xff00, 0, 0x100, 0);
    expect("sxtah r0, r1, r2", 0, 0x8000, 0, 0xffff8000u, 0);
    expect("uxtah r0, r1, r2, ror #16", 1, 0xffff0000u, 0, 0x10000, 0);
    expect("uxtab r0, r1, r2", 0xffffffffu, 1, 0, 0, 0);
}

Test(dp, extend_b16_forms)
{
    expect("sxtb16 r0, r1", 0x00800080u, 0, 0, 0xff80ff80u, 0);
    expect("sxtb16 r0, r1, ror #8", 0x7f008000u, 0, 0, 0x007fff80u, 0);
    expect("uxtb16 r0, r1", 0x11223344u, 0, 0, 0x00220044u, 0);
    expect("uxtb16 r0, r1, ror #8", 0x11223344u, 0, 0, 0x00110033u, 0);
    /* Each halfword wraps on its own. */
    expect("sxtab16 r0, r1, r2", 0x0001ffffu, 0x00ff0001u, 0, 0, 0);
    expect("uxtab16 r0, r1, r2", 0x0001ffffu, 0x00ff0001u, 0, 0x01000000u, 0);
    expect("sxtab16 r0, r1, r2", 0x00100010u, 0x00800001u, 0, 0xff900011u, 0);
}

/* ------------------------------------------------------------------ */
/* Byte and bit reversal, CLZ                                            */

Test(dp, rev_family_narrow)
{
    expect("rev r0, r1", 0x11223344u, 0, 0, 0x44332211u, 0);
    expect("rev16 r0, r1", 0x11223344u, 0, 0, 0x22114433u, 0);
    expect("revsh r0, r1", 0x12345680u, 0, 0, 0xffff8056u, 0);
    expect("revsh r0, r1", 0x12341234u, 0, 0, 0x00003412u, 0);
}

Test(dp, rev_family_wide)
{
    expect("rev.w r0, r1", 0x11223344u, 0, 0, 0x44332211u, 0);
    expect("rev16.w r0, r1", 0x11223344u, 0, 0, 0x22114433u, 0);
    expect("revsh.w r0, r1", 0x000080ffu, 0, 0, 0xffffff80u, 0);
    expect("rev r8, r1\n mov r0, r8", 0x000000ffu, 0, 0, 0xff000000u, 0);
}

Test(dp, rbit)
{
    expect("rbit r0, r1", 1, 0, 0, 0x80000000u, 0);
    expect("rbit r0, r1", 0x12345678u, 0, 0, 0x1e6a2c48u, 0);
    expect("rbit r0, r1", 0xffffffffu, 0, 0, 0xffffffffu, 0);
}

Test(dp, clz)
{
    expect("clz r0, r1", 0, 0, 0, 32, 0);
    expect("clz r0, r1", 1, 0, 0, 31, 0);
    expect("clz r0, r1", 0x80000000u, 0, 0, 0, 0);
    expect("clz r0, r1", 0x00010000u, 0, FZ, 15, FZ);
}

/* ------------------------------------------------------------------ */
/* MOVW, MOVT, bitfields                                                 */

Test(dp, movw_movt)
{
    expect("movw r0, #0x1234\n movt r0, #0xabcd", 0, 0, FN | FC, 0xabcd1234u, FN | FC);
    expect3("movw r0, #0xffff", 0xffffffffu, 0, 0, 0, 0xffff, 0);
    expect3("movt r0, #0x8000", 0x5678, 0, 0, 0, 0x80005678u, 0);
}

Test(dp, bfi_edge_widths)
{
    expect3("bfi r0, r1, #0, #32", 0x12345678u, 0xdeadbeefu, 0, 0, 0xdeadbeefu, 0);
    expect3("bfi r0, r1, #31, #1", 0, 1, 0, 0, 0x80000000u, 0);
    expect3("bfi r0, r1, #31, #1", 0xffffffffu, 0xfffffffeu, 0, 0, 0x7fffffffu, 0);
    expect3("bfi r0, r1, #8, #4", 0xffffffffu, 0x15, 0, 0, 0xfffff5ffu, 0);
    expect3("bfi r0, r1, #0, #1", 0, 0xffffffffu, 0, 0, 1, 0);
}

Test(dp, bfc_edge_widths)
{
    expect3("bfc r0, #0, #32", 0xffffffffu, 0, 0, 0, 0, 0);
    expect3("bfc r0, #31, #1", 0xffffffffu, 0, 0, 0, 0x7fffffffu, 0);
    expect3("bfc r0, #4, #8", 0xffffffffu, 0, 0, 0, 0xfffff00fu, 0);
}

Test(dp, ubfx_edge_widths)
{
    expect("ubfx r0, r1, #0, #32", 0xdeadbeefu, 0, 0, 0xdeadbeefu, 0);
    expect("ubfx r0, r1, #31, #1", 0x80000000u, 0, 0, 1, 0);
    expect("ubfx r0, r1, #4, #8", 0x12345678u, 0, 0, 0x67, 0);
    expect("ubfx r0, r1, #0, #1", 0xfffffffeu, 0, 0, 0, 0);
}

Test(dp, sbfx_edge_widths)
{
    expect("sbfx r0, r1, #0, #32", 0xdeadbeefu, 0, 0, 0xdeadbeefu, 0);
    expect("sbfx r0, r1, #31, #1", 0x80000000u, 0, 0, 0xffffffffu, 0);
    expect("sbfx r0, r1, #31, #1", 0x7fffffffu, 0, 0, 0, 0);
    expect("sbfx r0, r1, #4, #8", 0x00000f80u, 0, 0, 0xfffffff8u, 0);
    expect("sbfx r0, r1, #28, #4", 0x70000000u, 0, 0, 7, 0);
    expect("sbfx r0, r1, #0, #1", 1, 0, 0, 0xffffffffu, 0);
}

/* ------------------------------------------------------------------ */
/* Conditional selects (Armv8.1-M)                                      */

Test(dp, csel)
{
    expect("csel r0, r1, r2, eq", 11, 22, FZ, 11, FZ);
    expect("csel r0, r1, r2, eq", 11, 22, 0, 22, 0);
}

Test(dp, csinc)
{
    expect("csinc r0, r1, r2, ne", 11, 22, FZ, 23, FZ);
    expect("csinc r0, r1, r2, ne", 11, 22, 0, 11, 0);
    expect("csinc r0, r1, r2, ne", 11, 0xffffffffu, FZ, 0, FZ);
}

Test(dp, csinv)
{
    expect("csinv r0, r1, r2, cs", 11, 0x0f, 0, 0xfffffff0u, 0);
    expect("csinv r0, r1, r2, cs", 11, 0x0f, FC, 11, FC);
}

Test(dp, csneg)
{
    expect("csneg r0, r1, r2, mi", 11, 5, 0, 0xfffffffbu, 0);
    expect("csneg r0, r1, r2, mi", 11, 5, FN, 11, FN);
    expect("csneg r0, r1, r2, mi", 11, 0x80000000u, 0, 0x80000000u, 0);
}

Test(dp, cset_csetm)
{
    expect("cset r0, eq", 0, 0, FZ, 1, FZ);
    expect("cset r0, eq", 0, 0, 0, 0, 0);
    expect("csetm r0, hi", 0, 0, FC, 0xffffffffu, FC);
    expect("csetm r0, hi", 0, 0, FC | FZ, 0, FC | FZ);
}

Test(dp, cinc_cinv_cneg)
{
    expect("cinc r0, r1, eq", 41, 0, FZ, 42, FZ);
    expect("cinc r0, r1, eq", 41, 0, 0, 41, 0);
    expect("cinv r0, r1, vs", 0xf0, 0, FV, 0xffffff0fu, FV);
    expect("cinv r0, r1, vs", 0xf0, 0, 0, 0xf0, 0);
    expect("cneg r0, r1, lt", 7, 0, FN, 0xfffffff9u, FN);
    expect("cneg r0, r1, lt", 7, 0, FN | FV, 7, FN | FV);
}

Test(dp, csel_zero_register)
{
    expect3("csinc r0, zr, r1, eq", 5, 9, 0, FZ, 0, FZ);
    expect3("csinc r0, zr, r1, eq", 5, 9, 0, 0, 10, 0);
    expect3("csel r0, r1, zr, eq", 5, 9, 0, 0, 0, 0);
}

Test(dp, csel_after_compare_signed_and_unsigned)
{
    /* r1 = -1, r2 = 1: signed max is r2, unsigned max is r1 */
    expect("cmp r1, r2\n csel r0, r1, r2, gt", 0xffffffffu, 1, 0, 1, FN | FC);
    expect("cmp r1, r2\n csel r0, r1, r2, hi", 0xffffffffu, 1, 0, 0xffffffffu, FN | FC);
    expect("cmp r1, r2\n csel r0, r1, r2, lt", 0xffffffffu, 1, 0, 0xffffffffu, FN | FC);
    expect("cmp r1, r2\n csel r0, r1, r2, ls", 0xffffffffu, 1, 0, 1, FN | FC);
}

Test(dp, cset_every_condition)
{
    static const struct { const char *cond; unsigned nzcv; uint32_t taken; } cases[] = {
        {"eq", FZ, 1}, {"ne", FZ, 0}, {"cs", FC, 1}, {"cc", FC, 0},
        {"mi", FN, 1}, {"pl", FN, 0}, {"vs", FV, 1}, {"vc", 0, 1},
        {"hi", FC, 1}, {"hi", FC | FZ, 0}, {"ls", 0, 1}, {"ls", FC, 0},
        {"ge", FN | FV, 1}, {"ge", FN, 0}, {"lt", FV, 1}, {"lt", 0, 0},
        {"gt", 0, 1}, {"gt", FZ, 0}, {"le", FZ, 1}, {"le", FN | FV, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char src[32];
        snprintf(src, sizeof src, "cset r0, %s", cases[i].cond);
        expect3(src, 77, 0, 0, cases[i].nzcv, cases[i].taken, cases[i].nzcv);
    }
}

/* The alias rows carry the condition as written (the inverse of the one
 * encoded), so the table's fmt shows "cset r0, eq" for CSINC ..., ne. */
Test(dp, csel_aliases_decode_with_their_condition)
{
    insn_t in = decoded(0xEA5F, 0x901F);                 /* cset r0, eq */
    cr_expect_str_eq(in.pat->name, "cset");
    cr_expect_eq(in.cond, 0);
    in = decoded(0xEA51, 0xA011);                         /* cinv r0, r1, eq */
    cr_expect_str_eq(in.pat->name, "cinv");
    cr_expect_eq(in.cond, 0);
    in = decoded(0xEA51, 0x9012);                         /* csinc r0, r1, r2, ne */
    cr_expect_str_eq(in.pat->name, "csinc");
    cr_expect_eq(in.cond, 1);
    in = decoded(0xEA5F, 0x9011);                         /* csinc r0, zr, r1, ne: no alias */
    cr_expect_str_eq(in.pat->name, "csinc");
}

/* ------------------------------------------------------------------ */
/* UNPREDICTABLE encodings are UNDEFINED; timing classes                 */

Test(dp, unpredictable_encodings_are_undefined)
{
    static const uint16_t cases[][2] = {
        {0xF001, 0x0D01},   /* and.w sp, r1, #1 */
        {0xEB01, 0x0F02},   /* add.w pc, r1, r2 (no S) */
        {0xEA41, 0x000F},   /* orr.w r0, r1, pc */
        {0xEA41, 0x000D},   /* orr.w r0, r1, sp (also a long shift pattern) */
        {0xF361, 0x2004},   /* bfi r0, r1, #8, msb 4 < lsb */
        {0xF3C1, 0x70C1},   /* ubfx r0, r1, #31, #2: past bit 31 */
        {0xF04F, 0x1000},   /* mov.w r0, #(0x00 replicated) */
        {0xEA51, 0x8D02},   /* csel sp, r1, r2, eq */
        {0xEA51, 0x80E2},   /* csel r0, r1, r2, al */
        {0xFA92, 0xF081},   /* rev.w r0, r1 with the two Rm fields different */
        {0xF2C0, 0x0D01},   /* movt sp, #1 */
        {0xFA01, 0xFD02},   /* lsl.w sp, r1, r2 */
        {0xEB0D, 0x1D01},   /* add.w sp, sp, r1, lsl #4 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_undefined(cases[i], 2);
}

Test(dp, unpredictable_narrow_encodings_are_undefined)
{
    const uint16_t cmp_low_low[] = {0x4501};   /* cmp r1, r0 in the high-register form */
    const uint16_t add_pc_pc[] = {0x44FF};     /* add pc, pc */
    expect_undefined(cmp_low_low, 1);
    expect_undefined(add_pc_pc, 1);
}

Test(dp, timing_classes)
{
    cr_expect_eq(decoded(0xEB01, 0x0082).tclass, TC_ALU_SHIFT);   /* add.w r0, r1, r2, lsl #2 */
    cr_expect_eq(decoded(0xEB01, 0x0002).tclass, TC_ALU);         /* add.w r0, r1, r2 */
    cr_expect_eq(decoded(0xEA4F, 0x0081).tclass, TC_ALU);         /* lsl.w r0, r1, #2 */
    cr_expect_eq(decoded(0xEA4F, 0x0031).tclass, TC_ALU);         /* rrx r0, r1 */
    cr_expect_eq(decoded(0xEA6F, 0x0081).tclass, TC_ALU_SHIFT);   /* mvn.w r0, r1, lsl #2 */
    cr_expect_eq(decoded(0x1888, 0).tclass, TC_ALU);              /* adds r0, r1, r2 */
    cr_expect_eq(decoded(0x468F, 0).tclass, TC_BRANCH);           /* mov pc, r1 */
    cr_expect(decoded(0x468F, 0).flags & INSN_BRANCH);
}

Test(dp, taken_alu_branch_costs_the_branch_penalty)
{
    tcpu_t *a = run3("mov r0, r1", 0, 0, 0, 0);
    tcpu_t *b = run3("adr r1, 1f\n mov pc, r1\n .align 2\n 1: nop", 0, 0, 0, 0);
    /* b: adr (1) + mov pc (1 + penalty) + nop (1) vs a: mov (1) */
    cr_expect_eq(b->cpu->cycles - a->cpu->cycles, 2 + TIMING_TAKEN_BRANCH_PENALTY);
    tcpu_free(a);
    tcpu_free(b);
}

Test(dp, decoded_names)
{
    cr_expect_str_eq(decoded(0xF1B1, 0x0F05).pat->name, "cmp");   /* cmp.w r1, #5 */
    cr_expect_str_eq(decoded(0xF011, 0x0F05).pat->name, "tst");   /* tst.w r1, #5 */
    cr_expect_str_eq(decoded(0xEA4F, 0x0001).pat->name, "mov");   /* mov.w r0, r1 */
    cr_expect_str_eq(decoded(0xF36F, 0x00C6).pat->name, "bfc");
    cr_expect_str_eq(decoded(0xFA0F, 0xF081).pat->name, "sxth");
    cr_expect_str_eq(decoded(0xFA01, 0xF082).pat->name, "sxtah");
}
