/* System instructions (isa/exec_sys.c): IT blocks, hints, MRS/MSR, CPS,
 * barriers, SVC, BKPT, UDF, branch future, CLRM, TT, SG. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

#define D TCPU_DATA_ADDR

/* ------------------------------------------------------------------ */
/* IT                                                                  */

/* Run "it<xyz> eq" followed by one conditional store per slot (slot k
 * stores r(2+k) at [r1, #4k]) and an unconditional store after the block;
 * check which slots ran for Z = 0 and Z = 1. */
static void check_it_pattern(const char *xyz)
{
    size_t n = 1 + strlen(xyz);
    char src[512];
    int len = snprintf(src, sizeof src, "it%s eq\n", xyz);
    for (size_t k = 0; k < n; k++) {
        const char *c = (k == 0 || xyz[k - 1] == 't') ? "eq" : "ne";
        len += snprintf(src + len, sizeof src - (size_t)len, "str%s r%zu, [r1, #%zu]\n", c,
                        2 + k, 4 * k);
    }
    snprintf(src + len, sizeof src - (size_t)len, "str r6, [r1, #16]");
    for (unsigned z = 0; z < 2; z++) {
        tcpu_t *t = tcpu_new();
        t->cpu->r[1] = D;
        for (unsigned r = 2; r <= 6; r++)
            t->cpu->r[r] = 0x100 + r;
        tcpu_set_nzcv(t, z ? 4 : 0);
        cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "%s", src);
        for (size_t k = 0; k < n; k++) {
            bool then = k == 0 || xyz[k - 1] == 't';
            bool runs = then == (z == 1);
            cr_assert_eq(tcpu_peek32(t, D + 4 * k), runs ? 0x102 + k : 0,
                         "it%s, Z=%u, slot %zu", xyz, z, k);
        }
        cr_assert_eq(tcpu_peek32(t, D + 16), 0x106, "after the block: always");
        cr_assert_eq(t->cpu->itstate, 0);
        tcpu_free(t);
    }
}

Test(sys, it_one_and_two)
{
    check_it_pattern("");
    check_it_pattern("t");
    check_it_pattern("e");
}

Test(sys, it_three)
{
    check_it_pattern("tt");
    check_it_pattern("te");
    check_it_pattern("et");
    check_it_pattern("ee");
}

Test(sys, it_four)
{
    static const char *const p[] = {"ttt", "tte", "tet", "tee", "ett", "ete", "eet", "eee"};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++)
        check_it_pattern(p[i]);
}

/* Conditions other than EQ: GT / LE over N, Z, V. */
Test(sys, it_signed_conditions)
{
    for (unsigned nzcv = 0; nzcv < 16; nzcv++) {
        tcpu_t *t = tcpu_new();
        t->cpu->r[1] = D;
        t->cpu->r[2] = 1;
        t->cpu->r[3] = 2;
        tcpu_set_nzcv(t, nzcv);
        cr_assert_eq(tcpu_run_asm(t, "ite gt\nstrgt r2, [r1]\nstrle r3, [r1]"), TCPU_DONE);
        bool n = nzcv & 8, z = nzcv & 4, v = nzcv & 1;
        bool gt = !z && n == v;
        cr_assert_eq(tcpu_peek32(t, D), gt ? 1u : 2u, "nzcv %x", nzcv);
        tcpu_free(t);
    }
}

/* The flags set inside the block do not change the block's conditions
 * already decided per instruction... but the next instruction's condition
 * is evaluated when it executes. */
Test(sys, it_condition_sees_flags_written_in_block)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 0;              /* MSR APSR_nzcvq, r0 clears Z */
    t->cpu->r[1] = D;
    t->cpu->r[2] = 5;
    tcpu_set_nzcv(t, 4);
    cr_assert_eq(tcpu_run_asm(t, "itt eq\nmsreq apsr_nzcvq, r0\nstreq r2, [r1]"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 0, "second slot saw Z = 0");
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Hints, barriers                                                     */

Test(sys, hints_and_barriers_have_no_effect)
{
    tcpu_t *t = tcpu_new();
    for (unsigned r = 0; r < 13; r++)
        t->cpu->r[r] = 0x1000 + r;
    tcpu_set_nzcv(t, 0xA);
    cr_assert_eq(tcpu_run_asm(t, "nop\nnop.w\nyield\nyield.w\ndmb\ndsb\nisb\nssbb\npssbb\n"
                                 "csdb\ndbg #3\nsev\nsev.w\nsg"), TCPU_DONE);
    for (unsigned r = 0; r < 13; r++)
        cr_assert_eq(t->cpu->r[r], 0x1000 + r);
    cr_assert_eq(tcpu_nzcv(t), 0xA);
    cr_assert(t->cpu->event_register, "SEV sets the event register");
    tcpu_free(t);
}

Test(sys, sev_then_wfe_does_not_sleep)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 3;
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "sev\nwfe\nstr r0, [r1]"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 3);
    cr_assert_not(t->cpu->event_register, "WFE consumed the event");
    tcpu_free(t);
}

Test(sys, wfi_with_nothing_to_wake_is_deadlock)
{
    tcpu_t *t = tcpu_new();
    cr_assert_eq(tcpu_run_asm(t, "wfi"), TCPU_OTHER);
    cr_assert_eq(t->cpu->stop, STOP_DEADLOCK);
    tcpu_free(t);
}

/* A pending interrupt masked by PRIMASK still wakes WFI (not taken). */
Test(sys, wfi_wakes_on_masked_interrupt)
{
    tcpu_t *t = tcpu_new();
    t->cpu->exc.enabled[EXC_IRQ0 + 2] = 1;
    t->cpu->primask = 1;
    cpu_set_pending(t->cpu, EXC_IRQ0 + 2);
    t->cpu->r[0] = 3;
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "wfi.w\nstr r0, [r1]"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 3);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* MRS / MSR / CPS                                                     */

Test(sys, msr_mrs_primask_faultmask)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 1;
    cr_assert_eq(tcpu_run_asm(t, "msr primask, r0\nmrs r2, primask\n"
                                 "msr faultmask, r0\nmrs r3, faultmask"), TCPU_DONE);
    cr_assert_eq(t->cpu->primask, 1);
    cr_assert_eq(t->cpu->r[2], 1);
    cr_assert_eq(t->cpu->faultmask, 1);
    cr_assert_eq(t->cpu->r[3], 1);
    tcpu_free(t);
}

Test(sys, msr_mrs_basepri_and_basepri_max)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 0xFF;
    t->cpu->r[1] = 0x40;
    t->cpu->r[2] = 0xA0;
    cr_assert_eq(tcpu_run_asm(t, "msr basepri, r0\nmrs r3, basepri\n"
                                 "msr basepri_max, r1\nmrs r4, basepri\n"
                                 "msr basepri_max, r2\nmrs r5, basepri"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[3], 0xE0, "3 priority bits implemented");
    cr_assert_eq(t->cpu->r[4], 0x40, "BASEPRI_MAX raises the mask");
    cr_assert_eq(t->cpu->r[5], 0x40, "BASEPRI_MAX never lowers it");
    tcpu_free(t);
}

Test(sys, msr_control_switches_to_psp)
{
    tcpu_t *t = tcpu_new();
    uint32_t msp = t->cpu->r[13];
    t->cpu->r[0] = 2;
    t->cpu->r[1] = D + 0x1000;
    cr_assert_eq(tcpu_run_asm(t, "msr psp, r1\nmsr control, r0\nisb\n"
                                 "mrs r2, control\nmrs r3, msp\nmrs r4, psp\npush {r0}"),
                 TCPU_DONE);
    cr_assert_eq(t->cpu->r[2], 2);
    cr_assert_eq(t->cpu->r[3], msp);
    cr_assert_eq(t->cpu->r[4], D + 0x1000);
    cr_assert_eq(t->cpu->r[13], D + 0x1000 - 4, "SP is the PSP now");
    cr_assert_eq(tcpu_peek32(t, D + 0x1000 - 4), 2);
    tcpu_free(t);
}

Test(sys, unprivileged_msr_is_ignored)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 1;               /* CONTROL.nPRIV */
    cr_assert_eq(tcpu_run_asm(t, "msr control, r0\nisb\nmsr primask, r0\ncpsid i"), TCPU_DONE);
    cr_assert_eq(t->cpu->control & 1u, 1);
    cr_assert_eq(t->cpu->primask, 0);
    tcpu_free(t);
}

Test(sys, msr_mrs_apsr)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 0xF80F0000u;
    t->cpu->r[1] = 0x50000000u;
    cr_assert_eq(tcpu_run_asm(t, "msr apsr_nzcvq, r0\nmrs r2, apsr\n"
                                 "msr apsr_g, r0\nmrs r3, apsr\n"
                                 "msr apsr_nzcvq, r1\nmrs r4, apsr"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[2], 0xF8000000u, "GE not written by _nzcvq");
    cr_assert_eq(t->cpu->r[3], 0xF80F0000u);
    cr_assert_eq(t->cpu->r[4], 0x500F0000u);
    cr_assert_eq(tcpu_nzcv(t), 0x5);
    cr_assert_eq(t->cpu->q, 0);
    tcpu_free(t);
}

/* MRS of an unknown SYSm reads zero. */
Test(sys, mrs_unknown_register_reads_zero)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 5;
    const uint16_t code[] = {0xF3EF, 0x8030};   /* mrs r0, SYSm 0x30 */
    cr_assert_eq(tcpu_run_code(t, code, 2), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0);
    tcpu_free(t);
}

Test(sys, mrs_ipsr_in_thread_and_handler)
{
    tcpu_t *t = tcpu_new();
    /* SVC handler at 0x900: mrs r5, ipsr; bx lr */
    tcpu_poke32(t, 4 * EXC_SVCALL, 0x900u | 1u);
    tcpu_poke32(t, 0x900, 0x8505F3EFu);       /* f3ef 8505 */
    t->code_ram[0x904] = 0x70; t->code_ram[0x905] = 0x47;
    t->cpu->r[4] = 0x77;
    cr_assert_eq(tcpu_run_asm(t, "mrs r4, ipsr\nsvc #1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[4], 0);
    cr_assert_eq(t->cpu->r[5], EXC_SVCALL);
    tcpu_free(t);
}

Test(sys, cps)
{
    tcpu_t *t = tcpu_new();
    cr_assert_eq(tcpu_run_asm(t, "cpsid i\ncpsid f"), TCPU_DONE);
    cr_assert_eq(t->cpu->primask, 1);
    cr_assert_eq(t->cpu->faultmask, 1);
    cr_assert_eq(tcpu_run_asm(t, "cpsie i"), TCPU_DONE);
    cr_assert_eq(t->cpu->primask, 0);
    cr_assert_eq(t->cpu->faultmask, 1);
    cr_assert_eq(tcpu_run_asm(t, "cpsie f"), TCPU_DONE);
    cr_assert_eq(t->cpu->faultmask, 0);
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* SVC, BKPT, UDF                                                      */

Test(sys, svc_takes_svcall)
{
    tcpu_t *t = tcpu_new();
    cr_assert_eq(tcpu_run_asm(t, "svc #42"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_SVCALL);
    tcpu_free(t);
}

Test(sys, bkpt_calls_the_hook)
{
    tcpu_t *t = tcpu_new();
    cr_assert_eq(tcpu_run_asm(t, "bkpt #0xab"), TCPU_OTHER);
    cr_assert_eq(t->bkpt_imm, 0xAB);
    cr_assert_eq(t->cpu->stop, STOP_REQUEST);
    tcpu_free(t);
}

/* A hook that handles every BKPT but #7, which becomes a debug event. */
static bool refuse_seven(void *ctx, cpu_t *cpu, uint32_t imm)
{
    tcpu_t *t = ctx;
    if (imm == 7)
        return false;
    t->bkpt_imm = (int)imm;
    cpu_request_stop(cpu, STOP_REQUEST, 0);
    return true;
}

Test(sys, unhandled_bkpt_is_hardfault)
{
    tcpu_t *t = tcpu_new();
    t->cpu->hooks.bkpt = refuse_seven;
    cr_assert_eq(tcpu_run_asm(t, "bkpt #7"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_HARDFAULT);
    tcpu_free(t);
}

Test(sys, udf_16_and_32)
{
    tcpu_t *t = tcpu_new();
    cr_assert_eq(tcpu_run_asm(t, "udf #9"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 16), "UNDEFINSTR");
    tcpu_free(t);
    t = tcpu_new();
    cr_assert_eq(tcpu_run_asm(t, "udf.w #0x1234"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 16), "UNDEFINSTR");
    tcpu_free(t);
}

/* ------------------------------------------------------------------ */
/* Branch future, CLRM, TT, SG                                         */

/* BF* only announce the branch; the branch instruction itself follows. */
Test(sys, branch_future_instructions_are_nops)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 7;
    t->cpu->r[1] = D;
    t->cpu->r[4] = 0;
    tcpu_set_nzcv(t, 4);
    cr_assert_eq(tcpu_run_asm(t, "bf 1f, 2f\n"
                                 "str r0, [r1]\n"           /* runs: BF is a NOP */
                                 "1: b 2f\n"
                                 "str r0, [r1, #4]\n"       /* skipped by the B */
                                 "2: bfl 3f, 5f\n"
                                 "nop\n"
                                 "3: bl 5f\n"
                                 "b 6f\n"
                                 "5: str lr, [r1, #8]\n"
                                 "bfx 4f, lr\n"
                                 "nop\n"
                                 "4: bx lr\n"
                                 "6: bfcsel 7f, 8f, 9f, eq\n"
                                 "nop\n"
                                 "7: beq 8f\n"
                                 "9: str r0, [r1, #12]\n"   /* skipped: EQ */
                                 "8:"), TCPU_DONE);
    cr_assert_eq(tcpu_peek32(t, D), 7);
    cr_assert_eq(tcpu_peek32(t, D + 4), 0);
    cr_assert_neq(tcpu_peek32(t, D + 8), 0, "BL after BFL set LR");
    cr_assert_eq(tcpu_peek32(t, D + 12), 0);
    tcpu_free(t);
}

Test(sys, clrm)
{
    tcpu_t *t = tcpu_new();
    for (unsigned r = 0; r < 15; r++)
        t->cpu->r[r] = 0x100 + r;
    tcpu_set_nzcv(t, 0xF);
    t->cpu->q = 1;
    t->cpu->ge = 0xF;
    cr_assert_eq(tcpu_run_asm(t, "clrm {r0, r1, r12, lr, apsr}"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0);
    cr_assert_eq(t->cpu->r[1], 0);
    cr_assert_eq(t->cpu->r[2], 0x102);
    cr_assert_eq(t->cpu->r[11], 0x10B);
    cr_assert_eq(t->cpu->r[12], 0);
    cr_assert_eq(t->cpu->r[14], 0);
    cr_assert_eq(tcpu_nzcv(t), 0);
    cr_assert_eq(t->cpu->q, 0);
    cr_assert_eq(t->cpu->ge, 0);
    tcpu_free(t);
}

Test(sys, clrm_without_apsr_keeps_flags)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[3] = 3;
    t->cpu->r[4] = 4;
    tcpu_set_nzcv(t, 0x9);
    cr_assert_eq(tcpu_run_asm(t, "clrm {r3}"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[3], 0);
    cr_assert_eq(t->cpu->r[4], 4);
    cr_assert_eq(tcpu_nzcv(t), 0x9);
    tcpu_free(t);
}

Test(sys, tt_reports_secure_readwrite_no_region)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = D;
    cr_assert_eq(tcpu_run_asm(t, "tt r0, r1\nttt r2, r1\ntta r3, r1\nttat r4, r1"), TCPU_DONE);
    for (unsigned r = 0; r <= 4; r++) {
        if (r == 1)
            continue;
        cr_assert_eq(t->cpu->r[r], 0x004C0000u, "r%u", r);
    }
    tcpu_free(t);
}
