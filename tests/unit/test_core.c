/* The core's own machinery: reset, the predecoded cache, undefined
 * instructions, exceptions and their stacking. */
#include <criterion/criterion.h>

#include "harness.h"

Test(core, reset_reads_sp_and_pc_from_vector_table)
{
    tcpu_t *t = tcpu_new();
    cr_assert_eq(t->cpu->r[13], TCPU_DATA_ADDR + TCPU_RAM_SIZE);
    cr_assert_eq(t->cpu->pc, TCPU_CODE_ADDR);
    cr_assert(t->cpu->epsr_t);
    tcpu_free(t);
}

Test(core, undefined_instruction_takes_usagefault)
{
    tcpu_t *t = tcpu_new();
    /* 0xDE00 is UDF #0: always undefined. */
    const uint16_t code[] = {0xDE00};
    cr_assert_eq(tcpu_run_code(t, code, 1), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 16), "UNDEFINSTR set in CFSR");
    /* The stacked return address is the faulting instruction. */
    cr_assert_eq(tcpu_peek32(t, t->cpu->r[13] + 24), TCPU_CODE_ADDR);
    cr_assert_eq(t->cpu->r[14], 0xFFFFFFF9u, "EXC_RETURN for thread mode, MSP, no FP");
    tcpu_free(t);
}

Test(core, disabled_usagefault_escalates_to_hardfault)
{
    tcpu_t *t = tcpu_new();
    t->cpu->scb.shcsr = 0;
    const uint16_t code[] = {0xDE00};
    cr_assert_eq(tcpu_run_code(t, code, 1), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_HARDFAULT);
    cr_assert(t->cpu->scb.hfsr & (1u << 30), "FORCED");
    tcpu_free(t);
}

Test(core, fetch_from_unmapped_memory_is_a_busfault)
{
    tcpu_t *t = tcpu_new();
    /* bx to an address no page backs */
    t->cpu->r[0] = 0x40000001u;
    cr_assert_eq(tcpu_run_asm(t, "bx r0"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_BUSFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 8), "IBUSERR");
    tcpu_free(t);
}

Test(core, bx_to_even_address_is_invstate)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 0x2000u;
    cr_assert_eq(tcpu_run_asm(t, "bx r0"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & (1u << 17), "INVSTATE");
    tcpu_free(t);
}

Test(core, svc_enters_and_returns)
{
    tcpu_t *t = tcpu_new();
    /* SVC handler at 0x900: r4 += 1; bx lr.  (r0-r3 and r12 come back from
     * the stacked frame on return, so the handler's effect is seen in r4.) */
    tcpu_poke32(t, 4 * EXC_SVCALL, 0x900u | 1u);
    t->code_ram[0x900] = 0x01; t->code_ram[0x901] = 0x34;   /* adds r4, #1 */
    t->code_ram[0x902] = 0x70; t->code_ram[0x903] = 0x47;   /* bx lr */
    t->cpu->r[0] = 41;
    t->cpu->r[4] = 41;
    t->cpu->r[1] = 7;
    cr_assert_eq(tcpu_run_asm(t, "svc #3\nadds r1, r1, #1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[4], 42, "the handler ran");
    cr_assert_eq(t->cpu->r[0], 41, "r0 restored from the stacked frame");
    cr_assert_eq(t->cpu->r[1], 8, "execution resumed after the SVC");
    cr_assert_eq(t->cpu->ipsr, 0);
    cr_assert_eq(t->cpu->r[13], TCPU_DATA_ADDR + TCPU_RAM_SIZE, "stack restored");
    tcpu_free(t);
}

Test(core, pending_irq_preempts_thread_and_stack_aligns)
{
    tcpu_t *t = tcpu_new();
    tcpu_poke32(t, 4 * (EXC_IRQ0 + 5), 0x900u | 1u);
    t->code_ram[0x900] = 0x05; t->code_ram[0x901] = 0x24;   /* movs r4, #5 */
    t->code_ram[0x902] = 0x70; t->code_ram[0x903] = 0x47;   /* bx lr */
    t->cpu->r[13] -= 4;                                      /* misaligned SP */
    uint32_t sp = t->cpu->r[13];
    t->cpu->exc.enabled[EXC_IRQ0 + 5] = 1;
    cpu_set_pending(t->cpu, EXC_IRQ0 + 5);
    t->cpu->r[2] = 9;
    cr_assert_eq(tcpu_run_asm(t, "movs r3, #1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[4], 5, "the handler ran");
    cr_assert_eq(t->cpu->r[2], 9, "caller-saved registers restored");
    cr_assert_eq(t->cpu->r[3], 1);
    cr_assert_eq(t->cpu->r[13], sp, "SP restored including the alignment word");
    tcpu_free(t);
}

/* Cycles of "movs r3, #1" with the IRQs 5 .. 5 + n - 1 pending, each
 * handled by "movs r4, #5; bx lr". */
static uint64_t cycles_with_irqs(unsigned n)
{
    tcpu_t *t = tcpu_new();
    for (unsigned i = 0; i < n; i++) {
        tcpu_poke32(t, 4 * (EXC_IRQ0 + 5 + i), 0x900u | 1u);
        t->cpu->exc.enabled[EXC_IRQ0 + 5 + i] = 1;
        cpu_set_pending(t->cpu, EXC_IRQ0 + 5 + (int)i);
    }
    t->code_ram[0x900] = 0x05; t->code_ram[0x901] = 0x24;   /* movs r4, #5 */
    t->code_ram[0x902] = 0x70; t->code_ram[0x903] = 0x47;   /* bx lr */
    uint64_t before = t->cpu->cycles;
    cr_assert_eq(tcpu_run_asm(t, "movs r3, #1"), TCPU_DONE);
    cr_assert_eq(t->cpu->ipsr, 0);
    uint64_t c = t->cpu->cycles - before;
    tcpu_free(t);
    return c;
}

Test(core, back_to_back_interrupts_tail_chain)
{
    /* One interrupt costs entry 12 + its handler + return 10.  A second
     * one pending when the first returns is tail-chained: 6 cycles from
     * the return to its handler instead of 10 + 12 (Cortex-M3/M4 TRM). */
    uint64_t none = cycles_with_irqs(0), one = cycles_with_irqs(1), two = cycles_with_irqs(2);
    uint64_t handler = one - none - 12 - 10;
    cr_assert_eq(two - one, handler + 6, "none %llu one %llu two %llu", (unsigned long long)none,
                 (unsigned long long)one, (unsigned long long)two);
}

Test(core, primask_holds_off_interrupts)
{
    tcpu_t *t = tcpu_new();
    tcpu_poke32(t, 4 * (EXC_IRQ0 + 1), 0x900u | 1u);
    t->code_ram[0x900] = 0x05; t->code_ram[0x901] = 0x22;   /* movs r2, #5 */
    t->code_ram[0x902] = 0x70; t->code_ram[0x903] = 0x47;   /* bx lr */
    t->cpu->exc.enabled[EXC_IRQ0 + 1] = 1;
    t->cpu->primask = 1;
    cpu_set_pending(t->cpu, EXC_IRQ0 + 1);
    cr_assert_eq(tcpu_run_asm(t, "movs r3, #1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[2], 0, "masked interrupt not taken");
    cr_assert(t->cpu->exc.pending[EXC_IRQ0 + 1]);
    tcpu_free(t);
}

Test(core, self_modifying_code_is_redecoded)
{
    tcpu_t *t = tcpu_new();
    /* Store a new instruction over the one after the store, then run it. */
    t->cpu->r[0] = TCPU_CODE_ADDR + 4;
    t->cpu->r[1] = 0x2107;    /* movs r1, #7 */
    cr_assert_eq(tcpu_run_asm(t, "strh r1, [r0]\nnop\nmovs r1, #1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[1], 7);
    tcpu_free(t);
}

/* The same through a narrowing vector store (VSTRH.32: the low halves of
 * Q0's words) over four NOPs already run (so decoded), whose elements all
 * lie in one page: the one-page path of isa/exec_mve.c must leave a page
 * holding code to the element-by-element path, which drops the decoded
 * instructions. */
Test(core, code_overwritten_by_a_narrowing_vector_store_is_redecoded)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = TCPU_CODE_ADDR + 2;            /* the four NOPs */
    t->cpu->r[1] = 0;
    t->cpu->fp.s[0] = 0x2107;                     /* movs r1, #7 */
    t->cpu->fp.s[1] = t->cpu->fp.s[2] = t->cpu->fp.s[3] = 0xBF00;   /* nop */
    cr_assert_eq(tcpu_run_asm(t, "movs r4, #0\n"
                                 "1: nop\nnop\nnop\nnop\n"
                                 "cbnz r4, 2f\n"
                                 "movs r4, #1\n"
                                 "vstrh.32 q0, [r0]\n"
                                 "b 1b\n"
                                 "2:"),
                 TCPU_DONE);
    cr_assert_eq(t->cpu->r[1], 7);
    tcpu_free(t);
}

Test(core, cycles_and_instructions_count)
{
    tcpu_t *t = tcpu_new();
    cr_assert_eq(tcpu_run_asm(t, "movs r0, #1\nmovs r1, #2\nadds r2, r0, r1"), TCPU_DONE);
    cr_assert_eq(t->cpu->instret, 4, "three instructions and the bkpt");
    /* The two MOVS (16-bit, secondary class) dual-issue; ADDS reads r1,
     * so it cannot pair with the second; the BKPT issues alone. */
    cr_assert_eq(t->cpu->cycles, 3, "cycles %llu dual %llu", (unsigned long long)t->cpu->cycles, (unsigned long long)t->cpu->pl.dual_issued);
    cr_assert_eq(t->cpu->pl.dual_issued, 1);
    tcpu_free(t);
}
