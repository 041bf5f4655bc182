/* Loads and stores (isa/exec_ldst.c): every addressing form, writeback,
 * LDRD/STRD, LDM/STM/PUSH/POP, exclusives, acquire/release, alignment
 * faults, stack limit, timing of the multiple forms. */
#include <criterion/criterion.h>

#include "harness.h"

#define D TCPU_DATA_ADDR

static tcpu_t *setup(void)
{
    tcpu_t *t = tcpu_new();
    for (uint32_t i = 0; i < 16; i++)
        tcpu_poke32(t, D + 4 * i, 0x11111111u * i);
    return t;
}

/* ------------------------------------------------------------------ */
/* 16-bit forms                                                        */

Test(ldst, imm5_word_byte_half)
{
    tcpu_t *t = setup();
    tcpu_poke32(t, D + 0x40, 0x8899AABBu);
    tcpu_poke32(t, D + 0x44, 0xFF80F001u);
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "ldr r0, [r1, #0x40]\n"
                                 "ldrb r2, [r1, #0x41]\n"
                                 "ldrh r3, [r1, #0x46]\n"
                                 "ldrh r4, [r1, #0x44]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x8899AABBu);
    cr_assert_eq(t->cpu->r[2], 0xAAu);
    cr_assert_eq(t->cpu->r[3], 0xFF80u, "LDRH zero-extends");
    cr_assert_eq(t->cpu->r[4], 0xF001u);
    tcpu_free(t);
}

Test(ldst, imm5_stores)
{
    tcpu_t *t = setup();
    t->cpu->r[0] = 0xDEADBEEFu;
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "str r0, [r1, #0x7C]\n"
                                 "strb r0, [r1, #0x1F]\n"
                                 "strh r0, [r1, #0x3E]"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D + 0x7C), 0xDEADBEEFu);
    cr_assert_eq(tcpu_peek32(t, D + 0x1C), 0xEF777777u);
    cr_assert_eq(tcpu_peek32(t, D + 0x3C), 0xBEEFFFFFu);
    tcpu_free(t);
}

Test(ldst, register_offset_16bit_sign_extension)
{
    tcpu_t *t = setup();
    tcpu_poke32(t, D + 0x100, 0x807F8001u);
    t->cpu->r[1] = D;
    t->cpu->r[2] = 0x100;
    t->cpu->r[3] = 0x103;
    t->cpu->r[4] = 0x102;
    cr_assert_eq(tcpu_run_asm(t, "ldrsb r5, [r1, r3]\n"
                                 "ldrsh r6, [r1, r2]\n"
                                 "ldrsh r7, [r1, r4]\n"
                                 "ldrb r0, [r1, r3]\n"
                                 "ldr r8, [r1, r2]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[5], 0xFFFFFF80u);
    cr_assert_eq(t->cpu->r[6], 0xFFFF8001u);
    cr_assert_eq(t->cpu->r[7], 0xFFFF807Fu);
    cr_assert_eq(t->cpu->r[0], 0x80u);
    cr_assert_eq(t->cpu->r[8], 0x807F8001u);
    tcpu_free(t);
}

Test(ldst, register_offset_16bit_stores)
{
    tcpu_t *t = setup();
    t->cpu->r[0] = 0xCAFEF00Du;
    t->cpu->r[1] = D;
    t->cpu->r[2] = 0x200;
    t->cpu->r[3] = 0x205;
    t->cpu->r[4] = 0x20A;
    cr_assert_eq(tcpu_run_asm(t, "str r0, [r1, r2]\nstrb r0, [r1, r3]\nstrh r0, [r1, r4]"),
                 TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D + 0x200), 0xCAFEF00Du);
    cr_assert_eq(tcpu_peek32(t, D + 0x204), 0x00000D00u);
    cr_assert_eq(tcpu_peek32(t, D + 0x208), 0xF00D0000u);
    tcpu_free(t);
}

Test(ldst, sp_relative)
{
    tcpu_t *t = setup();
    t->cpu->r[13] = D + 0x400;
    t->cpu->r[0] = 0x12345678u;
    cr_assert_eq(tcpu_run_asm(t, "str r0, [sp, #0x3FC]\nldr r7, [sp, #0x3FC]"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D + 0x7FC), 0x12345678u);
    cr_assert_eq(t->cpu->r[7], 0x12345678u);
    tcpu_free(t);
}

/* The literal base is Align(PC, 4): try the load at both halfword phases. */
Test(ldst, literal_16bit_both_alignments)
{
    tcpu_t *t = setup();
    cr_assert_eq(tcpu_run_asm(t, "ldr r0, 1f\n"        /* at 0x1000: PC = 0x1004 */
                                 "nop\n"
                                 "ldr r1, 2f\n"        /* at 0x1004 */
                                 "ldr r2, 1f\n"        /* at 0x1006: PC = 0x100A -> 0x1008 */
                                 "b 3f\n"
                                 ".align 2\n"
                                 "1: .word 0xCAFEBABE\n"
                                 "2: .word 0x01020304\n"
                                 "3:"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0xCAFEBABEu);
    cr_assert_eq(t->cpu->r[1], 0x01020304u);
    cr_assert_eq(t->cpu->r[2], 0xCAFEBABEu);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* 32-bit single forms                                                 */

Test(ldst, literal_32bit_forward_and_backward)
{
    tcpu_t *t = setup();
    cr_assert_eq(tcpu_run_asm(t, "b 2f\n"
                                 ".align 2\n"
                                 "1: .word 0x80FF7F81\n"
                                 "2: ldr.w r0, 1b\n"            /* U = 0 */
                                 "nop\n"
                                 "ldrsb.w r1, 1b\n"
                                 "ldrsh.w r2, 1b\n"
                                 "ldrb.w r3, 3f\n"              /* U = 1 */
                                 "ldrh.w r4, 3f\n"
                                 "ldrsh.w r5, 3f\n"
                                 "b 4f\n"
                                 ".align 2\n"
                                 "3: .word 0x0000FF90\n"
                                 "4:"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x80FF7F81u);
    cr_assert_eq(t->cpu->r[1], 0xFFFFFF81u);
    cr_assert_eq(t->cpu->r[2], 0x00007F81u);
    cr_assert_eq(t->cpu->r[3], 0x90u);
    cr_assert_eq(t->cpu->r[4], 0xFF90u);
    cr_assert_eq(t->cpu->r[5], 0xFFFFFF90u);
    tcpu_free(t);
}

Test(ldst, imm12_forms)
{
    tcpu_t *t = setup();
    tcpu_poke32(t, D + 0xFFC, 0x8001FF85u);
    t->cpu->r[1] = D;
    t->cpu->r[9] = 0xA5A5A5A5u;
    cr_assert_eq(tcpu_run_asm(t, "ldr.w r0, [r1, #0xFFC]\n"
                                 "ldrsb.w r2, [r1, #0xFFC]\n"
                                 "ldrsh.w r3, [r1, #0xFFE]\n"
                                 "ldrh.w r4, [r1, #0xFFE]\n"
                                 "ldrb.w r5, [r1, #0xFFD]\n"
                                 "str.w r9, [r1, #0x800]\n"
                                 "strh.w r9, [r1, #0x806]\n"
                                 "strb.w r9, [r1, #0x809]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x8001FF85u);
    cr_assert_eq(t->cpu->r[2], 0xFFFFFF85u);
    cr_assert_eq(t->cpu->r[3], 0xFFFF8001u);
    cr_assert_eq(t->cpu->r[4], 0x8001u);
    cr_assert_eq(t->cpu->r[5], 0xFFu);
    cr_assert_eq(tcpu_peek32(t, D + 0x800), 0xA5A5A5A5u);
    cr_assert_eq(tcpu_peek32(t, D + 0x804), 0xA5A50000u);
    cr_assert_eq(tcpu_peek32(t, D + 0x808), 0x0000A500u);
    tcpu_free(t);
}

Test(ldst, imm8_negative_offset)
{
    tcpu_t *t = setup();
    tcpu_poke32(t, D, 0x00F08000u);
    t->cpu->r[1] = D + 0x20;
    t->cpu->r[2] = 0x5Au;
    t->cpu->r[4] = D + 0x100;
    cr_assert_eq(tcpu_run_asm(t, "ldr r0, [r1, #-4]\n"
                                 "ldrsh r3, [r4, #-255]\n"
                                 "strb r2, [r1, #-1]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x77777777u);
    cr_assert_eq(t->cpu->r[3], 0xFFFFF080u);
    cr_assert_eq(t->cpu->r[1], D + 0x20, "no writeback");
    cr_assert_eq(tcpu_peek8(t, D + 0x1F), 0x5Au);
    tcpu_free(t);
}

Test(ldst, pre_index_writeback)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x10;
    t->cpu->r[2] = D + 0x30;
    t->cpu->r[5] = 0xABCDu;
    cr_assert_eq(tcpu_run_asm(t, "ldr r0, [r1, #4]!\n"
                                 "ldrb r3, [r1, #-3]!\n"
                                 "strh r5, [r2, #-8]!"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x55555555u);
    cr_assert_eq(t->cpu->r[3], 0x44u);
    cr_assert_eq(t->cpu->r[1], D + 0x11);
    cr_assert_eq(t->cpu->r[2], D + 0x28);
    cr_assert_eq(tcpu_peek32(t, D + 0x28), 0xAAAAABCDu);
    tcpu_free(t);
}

Test(ldst, post_index_writeback)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x10;
    t->cpu->r[2] = D + 0x40;
    t->cpu->r[5] = 0x12345678u;
    cr_assert_eq(tcpu_run_asm(t, "ldr r0, [r1], #-8\n"
                                 "ldrsb r3, [r1], #255\n"
                                 "str r5, [r2], #4\n"
                                 "strb r5, [r2], #1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x44444444u, "loaded from the old base");
    cr_assert_eq(t->cpu->r[3], 0x22u);
    cr_assert_eq(t->cpu->r[1], D + 0x10 - 8 + 255);
    cr_assert_eq(tcpu_peek32(t, D + 0x40), 0x12345678u);
    cr_assert_eq(tcpu_peek8(t, D + 0x44), 0x78u);
    cr_assert_eq(t->cpu->r[2], D + 0x45);
    tcpu_free(t);
}

Test(ldst, register_offset_with_shift)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D;
    t->cpu->r[2] = 3;
    t->cpu->r[3] = 0xFEDCBA98u;
    cr_assert_eq(tcpu_run_asm(t, "ldr.w r0, [r1, r2, lsl #2]\n"
                                 "ldrsh.w r4, [r1, r2, lsl #1]\n"
                                 "strh.w r3, [r1, r2, lsl #3]\n"
                                 "str.w r3, [r1, r2]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x33333333u);
    cr_assert_eq(t->cpu->r[4], 0x00001111u);
    cr_assert_eq(tcpu_peek32(t, D + 0x18), 0x6666BA98u);
    cr_assert_eq(tcpu_peek32(t, D + 3), 0xFEDCBA98u);
    tcpu_free(t);
}

Test(ldst, unprivileged_forms_act_as_normal_accesses)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x8;
    t->cpu->r[2] = 0x99u;
    cr_assert_eq(tcpu_run_asm(t, "ldrt r0, [r1, #4]\n"
                                 "ldrsbt r3, [r1, #3]\n"
                                 "strbt r2, [r1, #255]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x33333333u);
    cr_assert_eq(t->cpu->r[3], 0x22u);
    cr_assert_eq(tcpu_peek8(t, D + 0x8 + 255), 0x99u);
    cr_assert_eq(t->cpu->r[1], D + 0x8);
    tcpu_free(t);
}

Test(ldst, unaligned_word_access_allowed)
{
    tcpu_t *t = setup();
    tcpu_poke32(t, D + 0x100, 0x44332211u);
    tcpu_poke32(t, D + 0x104, 0x88776655u);
    t->cpu->r[1] = D + 0x101;
    t->cpu->r[2] = 0xA1B2C3D4u;
    cr_assert_eq(tcpu_run_asm(t, "ldr r0, [r1]\nldrh r3, [r1, #2]\nstr r2, [r1, #4]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x55443322u);
    cr_assert_eq(t->cpu->r[3], 0x5544u);
    cr_assert_eq(tcpu_peek32(t, D + 0x104), 0xB2C3D455u);
    cr_assert_eq(tcpu_peek8(t, D + 0x108), 0xA1u);
    tcpu_free(t);
}

Test(ldst, unaligned_word_access_traps_with_unalign_trp)
{
    tcpu_t *t = setup();
    t->cpu->scb.ccr |= CCR_UNALIGN_TRP;
    t->cpu->r[1] = D + 0x102;
    t->cpu->r[0] = 7;
    cr_assert_eq(tcpu_run_asm(t, "ldr r0, [r1]"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 24), "UNALIGNED");
    cr_assert_eq(t->cpu->r[0], 7, "faulting load left r0 alone");
    tcpu_free(t);
}

/* A load into the PC is an interworking branch. */
Test(ldst, ldr_pc_branches)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x80;
    t->cpu->r[0] = 0;
    t->cpu->r[2] = 0x77u;
    /* The target address is known once assembled: code at 0x1000. */
    tcpu_poke32(t, D + 0x80, (TCPU_CODE_ADDR + 8) | 1u);
    cr_assert_eq(tcpu_run_asm(t, "ldr.w pc, [r1]\n"     /* 0x1000 */
                                 "str r2, [r1]\n"       /* 0x1004: skipped */
                                 "nop\n"                /* 0x1006 */
                                 "str r2, [r1, #4]"),   /* 0x1008 */
                 TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D + 0x80), (TCPU_CODE_ADDR + 8) | 1u);
    cr_assert_eq(tcpu_peek32(t, D + 0x84), 0x77u);
    tcpu_free(t);
}

Test(ldst, ldr_pc_to_even_address_is_invstate)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x80;
    tcpu_poke32(t, D + 0x80, TCPU_CODE_ADDR + 8);
    cr_assert_eq(tcpu_run_asm(t, "ldr.w pc, [r1]\nnop\nnop\nnop"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 17), "INVSTATE");
    tcpu_free(t);
}

Test(ldst, memory_hints_do_nothing)
{
    tcpu_t *t = setup();
    t->cpu->r[0] = 0x40000000u;    /* unmapped: a real access would fault */
    t->cpu->r[1] = 4;
    cr_assert_eq(tcpu_run_asm(t, "pld [r0]\npld [r0, #-8]\npld [r0, r1, lsl #2]\n"
                                 "pli [r0, #4]\npld 1f\n1: nop"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x40000000u);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* LDRD / STRD                                                         */

Test(ldst, ldrd_strd_offset_and_writeback)
{
    tcpu_t *t = setup();
    t->cpu->r[2] = D + 0x10;
    t->cpu->r[3] = D + 0x100;
    t->cpu->r[6] = 0x01010101u;
    t->cpu->r[7] = 0x02020202u;
    cr_assert_eq(tcpu_run_asm(t, "ldrd r0, r1, [r2, #8]\n"
                                 "ldrd r4, r5, [r2, #-16]!\n"
                                 "strd r6, r7, [r3], #-8\n"
                                 "strd r7, r6, [r3, #0x3FC]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x66666666u);
    cr_assert_eq(t->cpu->r[1], 0x77777777u);
    cr_assert_eq(t->cpu->r[4], 0x00000000u);
    cr_assert_eq(t->cpu->r[5], 0x11111111u);
    cr_assert_eq(t->cpu->r[2], D);
    cr_assert_eq(tcpu_peek32(t, D + 0x100), 0x01010101u);
    cr_assert_eq(tcpu_peek32(t, D + 0x104), 0x02020202u);
    cr_assert_eq(t->cpu->r[3], D + 0xF8);
    cr_assert_eq(tcpu_peek32(t, D + 0xF8 + 0x3FC), 0x02020202u);
    cr_assert_eq(tcpu_peek32(t, D + 0xF8 + 0x400), 0x01010101u);
    tcpu_free(t);
}

/* LR is an ordinary register for LDRD, byte loads and exclusives. */
Test(ldst, lr_as_transfer_register)
{
    tcpu_t *t = setup();
    t->cpu->r[2] = D + 0x8;
    cr_assert_eq(tcpu_run_asm(t, "ldrd r12, lr, [r2]\nldrsb.w r11, [r2, #3]\n"
                                 "ldrexb r10, [r2]\nstrexb r9, lr, [r2]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[12], 0x22222222u);
    cr_assert_eq(t->cpu->r[14], 0x33333333u);
    cr_assert_eq(t->cpu->r[11], 0x22u);
    cr_assert_eq(t->cpu->r[10], 0x22u);
    cr_assert_eq(t->cpu->r[9], 0);
    cr_assert_eq(tcpu_peek8(t, D + 0x8), 0x33u);
    tcpu_free(t);
}

Test(ldst, ldrd_literal)
{
    tcpu_t *t = setup();
    cr_assert_eq(tcpu_run_asm(t, "nop\n"
                                 "ldrd r0, r1, 1f\n"     /* at 0x1002: Align(PC) */
                                 "b 2f\n"
                                 ".align 3\n"
                                 "1: .word 0x10203040, 0x50607080\n"
                                 "2:"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x10203040u);
    cr_assert_eq(t->cpu->r[1], 0x50607080u);
    tcpu_free(t);
}

Test(ldst, ldrd_unaligned_is_usagefault)
{
    tcpu_t *t = setup();
    t->cpu->r[2] = D + 0x12;
    t->cpu->r[0] = 5;
    cr_assert_eq(tcpu_run_asm(t, "ldrd r0, r1, [r2], #8"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 24), "UNALIGNED");
    cr_assert_eq(t->cpu->r[0], 5);
    cr_assert_eq(t->cpu->r[2], D + 0x12, "no writeback on a fault");
    tcpu_free(t);
}

Test(ldst, strd_unaligned_escalates_when_usagefault_disabled)
{
    tcpu_t *t = setup();
    t->cpu->scb.shcsr = 0;
    t->cpu->r[2] = D + 0x11;
    cr_assert_eq(tcpu_run_asm(t, "strd r0, r1, [r2]"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_HARDFAULT);
    cr_assert(t->cpu->scb.hfsr & (1u << 30), "FORCED");
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* LDM / STM / PUSH / POP                                              */

Test(ldst, stm_ldm_16bit_writeback)
{
    tcpu_t *t = setup();
    t->cpu->r[0] = D + 0x200;
    t->cpu->r[1] = 0xA;
    t->cpu->r[2] = 0xB;
    t->cpu->r[3] = 0xC;
    t->cpu->r[4] = D + 0x200;
    cr_assert_eq(tcpu_run_asm(t, "stmia r0!, {r1, r2, r3}\n"
                                 "ldmia r4!, {r5, r6, r7}"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], D + 0x20C);
    cr_assert_eq(tcpu_peek32(t, D + 0x200), 0xA);
    cr_assert_eq(tcpu_peek32(t, D + 0x204), 0xB);
    cr_assert_eq(tcpu_peek32(t, D + 0x208), 0xC);
    cr_assert_eq(t->cpu->r[4], D + 0x20C);
    cr_assert_eq(t->cpu->r[5], 0xA);
    cr_assert_eq(t->cpu->r[7], 0xC);
    tcpu_free(t);
}

/* 16-bit LDM with the base in the list: no writeback, the base is loaded. */
Test(ldst, ldm_16bit_base_in_list)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x10;
    cr_assert_eq(tcpu_run_asm(t, "ldm r1, {r0, r1, r2}"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x44444444u);
    cr_assert_eq(t->cpu->r[1], 0x55555555u);
    cr_assert_eq(t->cpu->r[2], 0x66666666u);
    tcpu_free(t);
}

/* STM with writeback and the base as lowest register stores its original
 * value. */
Test(ldst, stm_base_in_list_stores_original)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x300;
    t->cpu->r[2] = 0x22u;
    cr_assert_eq(tcpu_run_asm(t, "stmia r1!, {r1, r2}"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D + 0x300), D + 0x300);
    cr_assert_eq(tcpu_peek32(t, D + 0x304), 0x22u);
    cr_assert_eq(t->cpu->r[1], D + 0x308);
    tcpu_free(t);
}

Test(ldst, ldm_stm_32bit_ia_db)
{
    tcpu_t *t = setup();
    t->cpu->r[0] = D + 0x400;
    t->cpu->r[8] = 8;
    t->cpu->r[9] = 9;
    t->cpu->r[12] = 12;
    t->cpu->r[14] = 14;
    t->cpu->r[10] = D + 0x400;
    t->cpu->r[11] = D + 0x10;
    cr_assert_eq(tcpu_run_asm(t, "stmdb r0!, {r8, r9, r12, lr}\n"
                                 "ldmdb r10, {r1, r2, r3, r4}\n"
                                 "ldm.w r11!, {r5, r6, r7}\n"
                                 "stm.w r11, {r8, r9}"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], D + 0x3F0);
    cr_assert_eq(tcpu_peek32(t, D + 0x3F0), 8, "lowest register at the lowest address");
    cr_assert_eq(tcpu_peek32(t, D + 0x3FC), 14);
    cr_assert_eq(t->cpu->r[1], 8);
    cr_assert_eq(t->cpu->r[4], 14);
    cr_assert_eq(t->cpu->r[10], D + 0x400, "no writeback");
    cr_assert_eq(t->cpu->r[5], 0x44444444u);
    cr_assert_eq(t->cpu->r[7], 0x66666666u);
    cr_assert_eq(t->cpu->r[11], D + 0x1C);
    cr_assert_eq(tcpu_peek32(t, D + 0x1C), 8);
    cr_assert_eq(tcpu_peek32(t, D + 0x20), 9);
    tcpu_free(t);
}

Test(ldst, ldm_unaligned_is_usagefault)
{
    tcpu_t *t = setup();
    t->cpu->r[0] = D + 0x2;
    t->cpu->r[1] = 0x1234;
    cr_assert_eq(tcpu_run_asm(t, "ldm r0!, {r1, r2}"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 24), "UNALIGNED");
    cr_assert_eq(t->cpu->r[1], 0x1234);
    cr_assert_eq(t->cpu->r[0], D + 0x2);
    tcpu_free(t);
}

Test(ldst, push_pop_16bit)
{
    tcpu_t *t = setup();
    uint32_t sp = t->cpu->r[13];
    t->cpu->r[4] = 0x44;
    t->cpu->r[5] = 0x55;
    t->cpu->r[14] = 0xEE;
    cr_assert_eq(tcpu_run_asm(t, "push {r4, r5, lr}\npop {r1, r2, r3}"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, sp - 12), 0x44);
    cr_assert_eq(tcpu_peek32(t, sp - 8), 0x55);
    cr_assert_eq(tcpu_peek32(t, sp - 4), 0xEE);
    cr_assert_eq(t->cpu->r[1], 0x44);
    cr_assert_eq(t->cpu->r[2], 0x55);
    cr_assert_eq(t->cpu->r[3], 0xEE);
    cr_assert_eq(t->cpu->r[13], sp);
    tcpu_free(t);
}

/* BL to a function that pushes LR and returns with POP {pc}. */
Test(ldst, pop_pc_returns)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D;
    t->cpu->r[2] = 0x5A;
    uint32_t sp = t->cpu->r[13];
    cr_assert_eq(tcpu_run_asm(t, "bl 1f\n"
                                 "str r2, [r1, #4]\n"
                                 "b 2f\n"
                                 "1: push {r4, lr}\n"
                                 "str r2, [r1]\n"
                                 "pop {r4, pc}\n"
                                 "2:"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 0x5A);
    cr_assert_eq(tcpu_peek32(t, D + 4), 0x5A, "returned after the BL");
    cr_assert_eq(t->cpu->r[13], sp);
    tcpu_free(t);
}

Test(ldst, push_pop_32bit_and_single_register)
{
    tcpu_t *t = setup();
    uint32_t sp = t->cpu->r[13];
    t->cpu->r[8] = 0x88;
    t->cpu->r[9] = 0x99;
    t->cpu->r[11] = 0xBB;
    cr_assert_eq(tcpu_run_asm(t, "push.w {r8, r9}\n"
                                 "push.w {r11}\n"        /* STR r11, [sp, #-4]! */
                                 "pop.w {r0}\n"          /* LDR r0, [sp], #4 */
                                 "pop.w {r2, r3}"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, sp - 8), 0x88);
    cr_assert_eq(tcpu_peek32(t, sp - 12), 0xBB);
    cr_assert_eq(t->cpu->r[0], 0xBB);
    cr_assert_eq(t->cpu->r[2], 0x88);
    cr_assert_eq(t->cpu->r[3], 0x99);
    cr_assert_eq(t->cpu->r[13], sp);
    tcpu_free(t);
}

/* A push below MSPLIM is a STKOF UsageFault that writes nothing and leaves
 * SP alone: the exception frame lands right below the SP of the first push
 * (the core does not check limits while stacking), and the lowest word the
 * faulting push would have written, below that frame, is untouched. */
Test(ldst, push_below_stack_limit_faults_without_writing)
{
    tcpu_t *t = setup();
    uint32_t sp = D + 0x800;
    t->cpu->r[13] = sp;
    t->cpu->msplim = sp - 8;
    for (unsigned i = 0; i < 8; i++)
        t->cpu->r[i] = 0xAAAA0000u + i;
    cr_assert_eq(tcpu_run_asm(t, "push {r0, r1}\npush {r0-r7, lr}"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 20), "STKOF");
    cr_assert_eq(tcpu_peek32(t, sp - 8), 0xAAAA0000u, "first push done");
    cr_assert_eq(t->cpu->r[13], sp - 8 - 32, "frame below the SP of the first push");
    cr_assert_eq(tcpu_peek32(t, sp - 8 - 36), 0, "nothing of the faulting push written");
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Exclusives                                                          */

Test(ldst, ldrex_strex_succeeds)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D;
    t->cpu->r[2] = 0x1234;
    t->cpu->r[3] = 9;
    cr_assert_eq(tcpu_run_asm(t, "ldrex r0, [r1, #8]\nstrex r3, r2, [r1, #8]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x22222222u);
    cr_assert_eq(t->cpu->r[3], 0, "success");
    cr_assert_eq(tcpu_peek32(t, D + 8), 0x1234);
    cr_assert_not(t->cpu->excl_valid, "monitor open again");
    tcpu_free(t);
}

Test(ldst, strex_without_ldrex_fails)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x10;
    t->cpu->r[2] = 0x1234;
    cr_assert_eq(tcpu_run_asm(t, "strex r3, r2, [r1]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[3], 1);
    cr_assert_eq(tcpu_peek32(t, D + 0x10), 0x44444444u, "memory unchanged");
    tcpu_free(t);
}

Test(ldst, second_strex_fails)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x40;
    t->cpu->r[2] = 0x1234;
    t->cpu->r[5] = 0x5678;
    cr_assert_eq(tcpu_run_asm(t, "ldrex r0, [r1]\nstrex r3, r2, [r1]\nstrex r4, r5, [r1]"),
                 TCPU_DONE);
    cr_assert_eq(t->cpu->r[3], 0);
    cr_assert_eq(t->cpu->r[4], 1);
    cr_assert_eq(tcpu_peek32(t, D + 0x40), 0x1234);
    tcpu_free(t);
}

Test(ldst, clrex_and_other_address_fail)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x10;
    t->cpu->r[2] = 0x1234;
    cr_assert_eq(tcpu_run_asm(t, "ldrex r0, [r1]\nclrex\nstrex r3, r2, [r1]\n"
                                 "ldrex r0, [r1]\nstrex r4, r2, [r1, #4]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[3], 1, "CLREX opened the monitor");
    cr_assert_eq(t->cpu->r[4], 1, "another address");
    cr_assert_eq(tcpu_peek32(t, D + 0x10), 0x44444444u);
    cr_assert_eq(tcpu_peek32(t, D + 0x14), 0x55555555u);
    tcpu_free(t);
}

Test(ldst, byte_and_halfword_exclusives)
{
    tcpu_t *t = setup();
    tcpu_poke32(t, D + 0x40, 0x8180FFFEu);
    t->cpu->r[1] = D + 0x40;
    t->cpu->r[6] = D + 0x42;
    t->cpu->r[2] = 0x1234;
    cr_assert_eq(tcpu_run_asm(t, "ldrexb r0, [r1]\nstrexb r3, r2, [r1]\n"
                                 "ldrexh r4, [r6]\nstrexh r5, r2, [r6]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0xFE);
    cr_assert_eq(t->cpu->r[4], 0x8180);
    cr_assert_eq(t->cpu->r[3], 0);
    cr_assert_eq(t->cpu->r[5], 0);
    cr_assert_eq(tcpu_peek32(t, D + 0x40), 0x1234FF34u);
    tcpu_free(t);
}

Test(ldst, exclusive_unaligned_faults)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x41;
    cr_assert_eq(tcpu_run_asm(t, "ldrexh r0, [r1]"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 24), "UNALIGNED");
    tcpu_free(t);
}

/* Exception entry and return clear the local monitor. */
Test(ldst, exception_clears_monitor)
{
    tcpu_t *t = setup();
    tcpu_poke32(t, 4 * EXC_SVCALL, 0x900u | 1u);
    t->code_ram[0x900] = 0x70; t->code_ram[0x901] = 0x47;   /* bx lr */
    t->cpu->r[1] = D + 0x40;
    t->cpu->r[2] = 0x1234;
    cr_assert_eq(tcpu_run_asm(t, "ldrex r0, [r1]\nsvc #0\nstrex r3, r2, [r1]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[3], 1);
    tcpu_free(t);
}

Test(ldst, acquire_release)
{
    tcpu_t *t = setup();
    tcpu_poke32(t, D + 0x40, 0x80C0E0F0u);
    t->cpu->r[1] = D + 0x40;
    t->cpu->r[2] = D + 0x80;
    t->cpu->r[7] = 0xA1B2C3D4u;
    cr_assert_eq(tcpu_run_asm(t, "lda r0, [r1]\nldab r3, [r1]\nldah r4, [r1]\n"
                                 "stl r7, [r2]\nstlb r7, [r2]\n"
                                 "ldaex r5, [r2]\nstlex r6, r7, [r2]"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x80C0E0F0u);
    cr_assert_eq(t->cpu->r[3], 0xF0u);
    cr_assert_eq(t->cpu->r[4], 0xE0F0u);
    cr_assert_eq(t->cpu->r[5], 0xA1B2C3D4u);
    cr_assert_eq(t->cpu->r[6], 0);
    cr_assert_eq(tcpu_peek32(t, D + 0x80), 0xA1B2C3D4u);
    tcpu_free(t);
}

Test(ldst, lda_unaligned_faults)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = D + 0x42;
    cr_assert_eq(tcpu_run_asm(t, "lda r0, [r1]"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Faults leave no trace; timing                                       */

Test(ldst, faulting_post_index_load_leaves_base)
{
    tcpu_t *t = setup();
    t->cpu->r[1] = 0x40000000u;      /* unmapped */
    t->cpu->r[0] = 3;
    cr_assert_eq(tcpu_run_asm(t, "ldr r0, [r1], #4"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_BUSFAULT);
    cr_assert_eq(t->cpu->r[1], 0x40000000u);
    cr_assert_eq(t->cpu->r[0], 3);
    tcpu_free(t);
}

static uint64_t cycles_of(const char *src)
{
    tcpu_t *t = setup();
    t->cpu->r[0] = D;
    uint64_t before = t->cpu->cycles;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
    uint64_t n = t->cpu->cycles - before;
    tcpu_free(t);
    return n;
}

Test(ldst, multiple_transfers_cost_one_cycle_per_extra_register)
{
    uint64_t one = cycles_of("ldm r0, {r1}");
    uint64_t four = cycles_of("ldm r0, {r1, r2, r3, r4}");
    cr_assert_eq(four - one, 3);
    uint64_t push1 = cycles_of("push {r1}");
    uint64_t push5 = cycles_of("push {r1, r2, r3, r4, r5}");
    cr_assert_eq(push5 - push1, 4);
    uint64_t ldr = cycles_of("ldr r1, [r0]");
    uint64_t ldrd = cycles_of("ldrd r1, r2, [r0]");
    cr_assert_eq(ldrd - ldr, 1, "LDRD: one extra register");
}
