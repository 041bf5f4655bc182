/* Branches (isa/exec_branch.c): B in all its forms and conditions, BL/BX/
 * BLX, CBZ/CBNZ, TBB/TBH, the low-overhead loops, and their timing. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "harness.h"
#include "../../isa/timing.h"

#define D TCPU_DATA_ADDR

/* ConditionPassed, written out from the Arm ARM's table. */
static bool cond_holds(unsigned cond, unsigned nzcv)
{
    bool n = nzcv & 8, z = nzcv & 4, c = nzcv & 2, v = nzcv & 1;
    bool r;
    switch (cond >> 1) {
    case 0: r = z; break;
    case 1: r = c; break;
    case 2: r = n; break;
    case 3: r = v; break;
    case 4: r = c && !z; break;
    case 5: r = n == v; break;
    case 6: r = n == v && !z; break;
    default: return true;
    }
    return (cond & 1) ? !r : r;
}

/* B<c> over a 16-bit store (str r0, [r1]) for every condition and every
 * flag combination; wide: the T3 encoding instead of T1. */
static void check_every_condition(bool wide)
{
    tcpu_t *t = tcpu_new();
    for (unsigned cond = 0; cond < 14; cond++) {
        for (unsigned nzcv = 0; nzcv < 16; nzcv++) {
            /* T1: 1101 cond imm8 = 0; T3: hw1 = 11110 0 cond 000000,
             * hw2 = 10 0 0 0 imm11 = 1: both skip the next halfword */
            const uint16_t narrow[] = {(uint16_t)(0xD000u | cond << 8), 0x6008u};
            const uint16_t wide_code[] = {(uint16_t)(0xF000u | cond << 6), 0x8001u, 0x6008u};
            tcpu_poke32(t, D, 0);
            t->cpu->r[0] = 1;
            t->cpu->r[1] = D;
            tcpu_set_nzcv(t, nzcv);
            enum tcpu_result r = wide ? tcpu_run_code(t, wide_code, 3) : tcpu_run_code(t, narrow, 2);
            cr_assert_eq(r, TCPU_DONE);
            bool taken = tcpu_peek32(t, D) == 0;
            cr_assert_eq(taken, cond_holds(cond, nzcv), "cond %u nzcv %x wide %d", cond, nzcv, wide);
        }
    }
    tcpu_free(t);
}

Test(branch, b16_every_condition)
{
    check_every_condition(false);
}

Test(branch, b32_every_condition)
{
    check_every_condition(true);
}

Test(branch, unconditional_forward_and_backward)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 7;
    t->cpu->r[1] = D;
    t->cpu->r[2] = D + 4;
    cr_assert_eq(tcpu_run_asm(t, "b 2f\n"
                                 "1: str r0, [r2]\n"
                                 "b 3f\n"
                                 "2: b 1b\n"
                                 "str r0, [r1]\n"
                                 "3:"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 0);
    cr_assert_eq(tcpu_peek32(t, D + 4), 7);
    tcpu_free(t);
}

/* B.W (T4) and BL across more than the 16-bit range, both directions. */
Test(branch, wide_branches_far)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 7;
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "b.w 2f\n"
                                 "1: str r0, [r1, #4]\n"
                                 "b.w 3f\n"
                                 ".space 0x12000\n"
                                 "2: str r0, [r1]\n"
                                 "bl 1b\n"
                                 "3:"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 7);
    cr_assert_eq(tcpu_peek32(t, D + 4), 7);
    tcpu_free(t);
}

/* B<c>.W across 320 KiB, forward and backward: offset bits 18 (J1) and
 * the sign (S) in use. */
Test(branch, wide_conditional_far)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 7;
    t->cpu->r[1] = D;
    tcpu_set_nzcv(t, 4);
    cr_assert_eq(tcpu_run_asm(t, "beq.w 1f\n"
                                 "str r0, [r1]\n"
                                 "2: str r0, [r1, #8]\n"
                                 "b.w 3f\n"
                                 ".space 0x50000\n"
                                 "1: str r0, [r1, #4]\n"
                                 "beq.w 2b\n"
                                 "3:"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 0);
    cr_assert_eq(tcpu_peek32(t, D + 4), 7);
    cr_assert_eq(tcpu_peek32(t, D + 8), 7);
    tcpu_free(t);
}

Test(branch, bl_sets_lr_and_bx_returns)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 7;
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "bl 1f\n"              /* 0x1000 */
                                 "str r0, [r1, #4]\n"   /* 0x1004 */
                                 "b 2f\n"
                                 "1: str r0, [r1]\n"
                                 "str r0, [r1, #12]\n"
                                 "str lr, [r1, #8]\n"
                                 "bx lr\n"
                                 "2:"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 7);
    cr_assert_eq(tcpu_peek32(t, D + 4), 7);
    cr_assert_eq(tcpu_peek32(t, D + 8), (TCPU_CODE_ADDR + 4) | 1u, "LR = return | 1");
    tcpu_free(t);
}

Test(branch, blx_register)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 7;
    t->cpu->r[1] = D;
    t->cpu->r[3] = (TCPU_CODE_ADDR + 6) | 1u;
    cr_assert_eq(tcpu_run_asm(t, "blx r3\n"              /* 0x1000 */
                                 "b 2f\n"                /* 0x1002 */
                                 "nop\n"                 /* 0x1004 */
                                 "str lr, [r1]\n"        /* 0x1006 */
                                 "bx lr\n"
                                 "2: str r0, [r1, #4]"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), (TCPU_CODE_ADDR + 2) | 1u);
    cr_assert_eq(tcpu_peek32(t, D + 4), 7);
    tcpu_free(t);
}

/* BLX LR: the target is the old LR, LR becomes the return address. */
Test(branch, blx_lr_uses_old_value)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = D;
    t->cpu->r[14] = (TCPU_CODE_ADDR + 6) | 1u;
    cr_assert_eq(tcpu_run_asm(t, "blx lr\n"              /* 0x1000 */
                                 "b 2f\n"                /* 0x1002 */
                                 "nop\n"
                                 "str lr, [r1]\n"        /* 0x1006 */
                                 "2:"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), (TCPU_CODE_ADDR + 2) | 1u);
    tcpu_free(t);
}

Test(branch, cbz_cbnz)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 7;
    t->cpu->r[1] = D;
    t->cpu->r[2] = 0;
    t->cpu->r[3] = 5;
    cr_assert_eq(tcpu_run_asm(t, "cbz r2, 1f\n"
                                 "str r0, [r1]\n"        /* skipped */
                                 "1: cbnz r2, 2f\n"
                                 "str r0, [r1, #4]\n"    /* done */
                                 "2: cbz r3, 3f\n"
                                 "str r0, [r1, #8]\n"    /* done */
                                 "3: cbnz r3, 4f\n"
                                 "str r0, [r1, #12]\n"   /* skipped */
                                 ".space 100\n"          /* far offset (i bit) */
                                 "4:"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 0);
    cr_assert_eq(tcpu_peek32(t, D + 4), 7);
    cr_assert_eq(tcpu_peek32(t, D + 8), 7);
    cr_assert_eq(tcpu_peek32(t, D + 12), 0);
    tcpu_free(t);
}

/* TBB with the table right after the instruction (Rn = PC). */
Test(branch, tbb_pc_relative_table)
{
    for (uint32_t i = 0; i < 3; i++) {
        tcpu_t *t = tcpu_new();
        t->cpu->r[0] = i;
        t->cpu->r[1] = D;
        t->cpu->r[2] = 10 + i;
        cr_assert_eq(tcpu_run_asm(t, "tbb [pc, r0]\n"
                                     "1: .byte (2f - 1b) / 2, (3f - 1b) / 2, (4f - 1b) / 2\n"
                                     ".align 1\n"
                                     "2: str r2, [r1]\n"
                                     "b 5f\n"
                                     "3: str r2, [r1, #4]\n"
                                     "b 5f\n"
                                     "4: str r2, [r1, #8]\n"
                                     "5:"), TCPU_DONE);
        for (uint32_t k = 0; k < 3; k++)
            cr_assert_eq(tcpu_peek32(t, D + 4 * k), k == i ? 10 + i : 0, "case %u", i);
        tcpu_free(t);
    }
}

/* TBH with the table in data memory and offsets beyond 255 halfwords. */
Test(branch, tbh_register_table)
{
    tcpu_t *t = tcpu_new();
    /* tbh at 0x1000: PC = 0x1004; target 0x1004 + 2 * 0x200 = 0x1404 */
    tcpu_poke32(t, D + 0x100, 0x02000001u);   /* entry 0 = 1, entry 1 = 0x200 */
    t->cpu->r[0] = 1;
    t->cpu->r[1] = D;
    t->cpu->r[3] = D + 0x100;
    t->cpu->r[2] = 9;
    cr_assert_eq(tcpu_run_asm(t, "tbh [r3, r0, lsl #1]\n"   /* 0x1000 */
                                 "str r2, [r1]\n"           /* 0x1004 */
                                 "b 2f\n"
                                 ".space 0x1404 - 0x1008\n"
                                 "str r2, [r1, #4]\n"       /* 0x1404 */
                                 "2:"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 0);
    cr_assert_eq(tcpu_peek32(t, D + 4), 9);
    tcpu_free(t);
}

/* An unconditional branch as the last instruction of an IT block takes the
 * block's condition. */
Test(branch, b_last_in_it_block)
{
    for (unsigned z = 0; z < 2; z++) {
        tcpu_t *t = tcpu_new();
        t->cpu->r[0] = 7;
        t->cpu->r[1] = D;
        tcpu_set_nzcv(t, z ? 4 : 0);
        cr_assert_eq(tcpu_run_asm(t, "it eq\nbeq 1f\nstr r0, [r1]\n1:"), TCPU_DONE);
        cr_assert_eq(tcpu_peek32(t, D), z ? 0 : 7, "Z=%u", z);
        tcpu_free(t);
    }
}

Test(branch, bx_lr_in_it_block)
{
    for (unsigned z = 0; z < 2; z++) {
        tcpu_t *t = tcpu_new();
        t->cpu->r[0] = 7;
        t->cpu->r[1] = D;
        tcpu_set_nzcv(t, z ? 0 : 4);
        cr_assert_eq(tcpu_run_asm(t, "bl 1f\n"
                                     "str r0, [r1, #4]\n"
                                     "b 2f\n"
                                     "1: itt ne\n"
                                     "strne r0, [r1]\n"
                                     "bxne lr\n"
                                     "2:"), TCPU_DONE);
        cr_assert_eq(tcpu_peek32(t, D), z ? 7 : 0);
        cr_assert_eq(tcpu_peek32(t, D + 4), z ? 7 : 0, "returned only when NE");
        tcpu_free(t);
    }
}

/* ------------------------------------------------------------------ */
/* Low-overhead loops                                                  */

/* The loop body stores r2 with post-increment: r3 counts iterations. */
static uint32_t run_dls_loop(uint32_t count, uint32_t *lr)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = count;
    t->cpu->r[2] = 0xAB;
    t->cpu->r[3] = D;
    cr_assert_eq(tcpu_run_asm(t, "dls lr, r0\n"
                                 "1: str r2, [r3], #4\n"
                                 "le lr, 1b"), TCPU_DONE);
    uint32_t iterations = (t->cpu->r[3] - D) / 4;
    *lr = t->cpu->r[14];
    tcpu_free(t);
    return iterations;
}

Test(branch, dls_le_counts_iterations)
{
    uint32_t lr;
    cr_assert_eq(run_dls_loop(1, &lr), 1);
    cr_assert_eq(lr, 1);
    cr_assert_eq(run_dls_loop(5, &lr), 5);
    cr_assert_eq(lr, 1, "LR keeps 1 when the loop ends");
    cr_assert_eq(run_dls_loop(100, &lr), 100);
}

static uint32_t run_wls_loop(uint32_t count, uint32_t *lr)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = count;
    t->cpu->r[2] = 0xAB;
    t->cpu->r[3] = D;
    t->cpu->r[14] = 0x5555;
    cr_assert_eq(tcpu_run_asm(t, "wls lr, r0, 2f\n"
                                 "1: str r2, [r3], #4\n"
                                 "le lr, 1b\n"
                                 "2:"), TCPU_DONE);
    uint32_t iterations = (t->cpu->r[3] - D) / 4;
    *lr = t->cpu->r[14];
    tcpu_free(t);
    return iterations;
}

Test(branch, wls_skips_empty_loop)
{
    uint32_t lr;
    cr_assert_eq(run_wls_loop(0, &lr), 0);
    cr_assert_eq(lr, 0x5555, "LR not written when the loop is skipped");
    cr_assert_eq(run_wls_loop(3, &lr), 3);
    cr_assert_eq(lr, 1);
}

/* LE without LR loops forever: leave it with CBZ on a zero word. */
Test(branch, le_without_lr_loops_until_exit)
{
    tcpu_t *t = tcpu_new();
    tcpu_poke32(t, D + 0, 1);
    tcpu_poke32(t, D + 4, 2);
    tcpu_poke32(t, D + 8, 3);
    tcpu_poke32(t, D + 12, 0);
    t->cpu->r[1] = D;
    t->cpu->r[14] = 0x77;
    cr_assert_eq(tcpu_run_asm(t, "1: ldr r0, [r1], #4\n"
                                 "cbz r0, 2f\n"
                                 "le 1b\n"
                                 "2:"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[1], D + 16);
    cr_assert_eq(t->cpu->r[14], 0x77, "LR untouched");
    tcpu_free(t);
}

/* Tail-predicated loops: LR counts elements, LETP retires 16 >> size per
 * iteration and the loop ends when at most that many remain. */
static uint32_t run_tp_loop(const char *start, uint32_t elements, uint32_t *lr)
{
    char src[256];
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = elements;
    t->cpu->r[2] = 0xAB;
    t->cpu->r[3] = D;
    snprintf(src, sizeof src, "%s lr, r0%s\n1: str r2, [r3], #4\nletp lr, 1b\n2:", start,
             start[0] == 'w' ? ", 2f" : "");
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
    uint32_t iterations = (t->cpu->r[3] - D) / 4;
    *lr = t->cpu->r[14];
    cr_assert_eq(t->cpu->lo_ltpsize, 4, "tail predication off after the loop");
    tcpu_free(t);
    return iterations;
}

Test(branch, dlstp_letp_element_counts)
{
    uint32_t lr;
    cr_assert_eq(run_tp_loop("dlstp.32", 10, &lr), 3);
    cr_assert_eq(lr, 2, "the last iteration had 2 elements");
    cr_assert_eq(run_tp_loop("dlstp.32", 4, &lr), 1);
    cr_assert_eq(run_tp_loop("dlstp.8", 33, &lr), 3);
    cr_assert_eq(lr, 1);
    cr_assert_eq(run_tp_loop("dlstp.16", 16, &lr), 2);
    cr_assert_eq(run_tp_loop("dlstp.64", 5, &lr), 3);
    cr_assert_eq(run_tp_loop("wlstp.32", 0, &lr), 0);
    cr_assert_eq(run_tp_loop("wlstp.16", 9, &lr), 2);
}

Test(branch, dlstp_sets_ltpsize_and_lctp_clears_it)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 8;
    cr_assert_eq(tcpu_run_asm(t, "dlstp.16 lr, r0"), TCPU_DONE);
    cr_assert_eq(t->cpu->lo_ltpsize, 1);
    cr_assert_eq(t->cpu->r[14], 8);
    cr_assert_eq(tcpu_run_asm(t, "lctp"), TCPU_DONE);
    cr_assert_eq(t->cpu->lo_ltpsize, 4);
    tcpu_free(t);
}

/* A plain LE closing a tail-predicated loop is INVSTATE (as in QEMU). */
Test(branch, le_closing_tail_predicated_loop_is_invstate)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 8;
    cr_assert_eq(tcpu_run_asm(t, "dlstp.32 lr, r0\n1: nop\nle lr, 1b"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 17), "INVSTATE");
    tcpu_free(t);
}

Test(branch, dlstp_with_fp_disabled_is_nocp)
{
    tcpu_t *t = tcpu_new();
    t->cpu->scb.cpacr = 0;
    t->cpu->r[0] = 8;
    cr_assert_eq(tcpu_run_asm(t, "dlstp.32 lr, r0"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 19), "NOCP");
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Timing                                                              */

static uint64_t cycles_of(const char *src, uint32_t r0, uint32_t nzcv)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = r0;
    t->cpu->r[3] = D;
    tcpu_set_nzcv(t, nzcv);
    uint64_t before = t->cpu->cycles;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
    uint64_t n = t->cpu->cycles - before;
    tcpu_free(t);
    return n;
}

Test(branch, taken_branch_pays_the_refill)
{
    /* A 32-bit instruction after the branch: nothing can pair with it. */
    uint64_t not_taken = cycles_of("beq 1f\n1: nop.w", 0, 0);
    uint64_t taken = cycles_of("beq 1f\n1: nop.w", 0, 4);
    cr_assert_eq(taken - not_taken, TIMING_TAKEN_BRANCH_PENALTY);
}

/* After the first iteration, each further one costs its body only: the
 * loop cache removes both the LE's issue slot and the refill.  The first
 * LE pays both. */
Test(branch, le_iterations_have_no_refill)
{
    const char *loop = "dls lr, r0\n1: str r2, [r3], #4\nle lr, 1b";
    uint64_t c1 = cycles_of(loop, 1, 0);
    uint64_t c2 = cycles_of(loop, 2, 0);
    uint64_t c3 = cycles_of(loop, 3, 0);
    cr_assert_eq(c3 - c2, 1, "STR (1), LE free");
    cr_assert_eq(c2 - c1, 1 + 1 + TIMING_TAKEN_BRANCH_PENALTY, "STR (1) + first LE (1 + refill)");
}
