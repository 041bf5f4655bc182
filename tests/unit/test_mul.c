/* Multiplies and divides (isa/exec_mul.c). */
#include <criterion/criterion.h>

#include "harness.h"

#define CFSR_UNDEFINSTR (1u << 16)
#define CFSR_DIVBYZERO  (1u << 25)

/* A core with r1..r4 set, after running src to its end. */
static tcpu_t *run4(const char *src, uint32_t r1, uint32_t r2, uint32_t r3, uint32_t r4)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = r1;
    t->cpu->r[2] = r2;
    t->cpu->r[3] = r3;
    t->cpu->r[4] = r4;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "%s did not run to its end", src);
    return t;
}

static tcpu_t *run2(const char *src, uint32_t r1, uint32_t r2)
{
    return run4(src, r1, r2, 0, 0);
}

/* The cycles one run of src costs (with its closing bkpt). */
static uint64_t cycles_of(const char *src, uint32_t r1, uint32_t r2)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = r1;
    t->cpu->r[2] = r2;
    uint64_t before = t->cpu->cycles;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
    uint64_t spent = t->cpu->cycles - before;
    tcpu_free(t);
    return spent;
}

/* Raw encodings (for what the assembler refuses) must be UNDEFINED. */
static void expect_undefined(uint16_t hw1, uint16_t hw2)
{
    tcpu_t *t = tcpu_new();
    const uint16_t code[] = {hw1, hw2};
    cr_assert_eq(tcpu_run_code(t, code, 2), TCPU_FAULT, "%04x %04x ran", hw1, hw2);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & CFSR_UNDEFINSTR);
    tcpu_free(t);
}

/* ---- MULS (16-bit) ---- */

Test(mul, muls_sets_z_and_keeps_c_v)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = 0;
    t->cpu->r[2] = 5;
    tcpu_set_nzcv(t, 0x3);   /* C and V set */
    cr_assert_eq(tcpu_run_asm(t, "muls r1, r2, r1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[1], 0);
    cr_assert_eq(tcpu_nzcv(t), 0x4 | 0x3, "Z set, C and V unchanged");
    tcpu_free(t);
}

Test(mul, muls_sets_n_on_negative_product)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = 0xFFFFFFFFu;
    t->cpu->r[2] = 2;
    tcpu_set_nzcv(t, 0x4);
    cr_assert_eq(tcpu_run_asm(t, "muls r1, r2, r1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[1], 0xFFFFFFFEu);
    cr_assert_eq(tcpu_nzcv(t), 0x8, "N set, Z cleared");
    tcpu_free(t);
}

Test(mul, muls_in_it_block_leaves_flags)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = 3;
    t->cpu->r[2] = 0xFFFFFFFFu;
    tcpu_set_nzcv(t, 0x4);   /* Z set: EQ passes */
    cr_assert_eq(tcpu_run_asm(t, "it eq\nmuleq r1, r2, r1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[1], 0xFFFFFFFDu);
    cr_assert_eq(tcpu_nzcv(t), 0x4, "flags untouched inside IT");
    tcpu_free(t);
}

Test(mul, muls_skipped_when_it_condition_fails)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = 3;
    t->cpu->r[2] = 7;
    tcpu_set_nzcv(t, 0x0);   /* Z clear: EQ fails */
    cr_assert_eq(tcpu_run_asm(t, "it eq\nmuleq r1, r2, r1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[1], 3);
    tcpu_free(t);
}

/* ---- MUL, MLA, MLS ---- */

Test(mul, mul_keeps_low_word_and_flags)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = 0x10001u;
    t->cpu->r[2] = 0x10001u;
    tcpu_set_nzcv(t, 0xF);
    cr_assert_eq(tcpu_run_asm(t, "mul r0, r1, r2"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0x00020001u);
    cr_assert_eq(tcpu_nzcv(t), 0xF, "MUL.W never sets flags");
    tcpu_free(t);
}

Test(mul, mul_signed_operands)
{
    tcpu_t *t = run2("mul r0, r1, r2", (uint32_t)-3, 7);
    cr_assert_eq(t->cpu->r[0], (uint32_t)-21);
    tcpu_free(t);
}

Test(mul, mul_high_registers)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[11] = 1000;
    t->cpu->r[12] = 1000;
    cr_assert_eq(tcpu_run_asm(t, "mul r14, r11, r12"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[14], 1000000u);
    tcpu_free(t);
}

Test(mul, mul_destination_may_be_a_source)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = 0xFFFFu;
    cr_assert_eq(tcpu_run_asm(t, "mul r1, r1, r1"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[1], 0xFFFE0001u);
    tcpu_free(t);
}

Test(mul, mla_accumulates_and_wraps)
{
    tcpu_t *t = run4("mla r0, r1, r2, r3", 0x80000000u, 2, 5, 0);
    cr_assert_eq(t->cpu->r[0], 5u, "0x80000000 * 2 wraps to 0");
    tcpu_free(t);
    t = run4("mla r0, r1, r2, r3", 6, 7, 0xFFFFFFFFu, 0);
    cr_assert_eq(t->cpu->r[0], 41u);
    tcpu_free(t);
}

Test(mul, mls_subtracts_product)
{
    tcpu_t *t = run4("mls r0, r1, r2, r3", 6, 7, 100, 0);
    cr_assert_eq(t->cpu->r[0], 58u);
    tcpu_free(t);
    t = run4("mls r0, r1, r2, r3", 6, 7, 0, 0);
    cr_assert_eq(t->cpu->r[0], (uint32_t)-42);
    tcpu_free(t);
}

Test(mul, mul_with_sp_or_pc_is_undefined)
{
    expect_undefined(0xFB0D, 0xF001);   /* mul r0, sp, r1 */
    expect_undefined(0xFB01, 0xFF02);   /* mul pc, r1, r2 */
    expect_undefined(0xFB01, 0xD002);   /* mla r0, r1, r2, sp */
    expect_undefined(0xFB01, 0xF012);   /* mls r0, r1, r2, pc */
}

/* ---- 64-bit multiplies ---- */

/* Run "<op> r0, r1, r2, r3" on RdLo:RdHi = r0:r1 and check the pair. */
static void expect_long(const char *src, uint32_t lo, uint32_t hi, uint32_t rn, uint32_t rm,
                        uint32_t want_lo, uint32_t want_hi)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = lo;
    t->cpu->r[1] = hi;
    t->cpu->r[2] = rn;
    t->cpu->r[3] = rm;
    tcpu_set_nzcv(t, 0xA);
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
    cr_expect(t->cpu->r[0] == want_lo && t->cpu->r[1] == want_hi,
              "%s on %08x:%08x, %08x, %08x: %08x:%08x, want %08x:%08x", src, hi, lo, rn, rm,
              t->cpu->r[1], t->cpu->r[0], want_hi, want_lo);
    cr_expect_eq(tcpu_nzcv(t), 0xA, "%s changed the flags", src);
    tcpu_free(t);
}

Test(mul, smull_signed_product)
{
    expect_long("smull r0, r1, r2, r3", 0, 0, (uint32_t)-2, 3, 0xFFFFFFFAu, 0xFFFFFFFFu);
}

Test(mul, smull_int_min_edges)
{
    expect_long("smull r0, r1, r2, r3", 0, 0, 0x80000000u, 0x80000000u, 0, 0x40000000u);
    expect_long("smull r0, r1, r2, r3", 0, 0, 0x80000000u, 0x7FFFFFFFu, 0x80000000u, 0xC0000000u);
    expect_long("smull r0, r1, r2, r3", 0, 0, 0x80000000u, 0xFFFFFFFFu, 0x80000000u, 0);
}

Test(mul, umull_max_operands)
{
    expect_long("umull r0, r1, r2, r3", 0, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 1, 0xFFFFFFFEu);
}

Test(mul, umull_rdlo_may_equal_rn)
{
    tcpu_t *t = run4("umull r2, r1, r2, r3", 0, 0x10000u, 0x10000u, 0);
    cr_assert_eq(t->cpu->r[2], 0);
    cr_assert_eq(t->cpu->r[1], 1u);
    tcpu_free(t);
}

Test(mul, smlal_carries_and_borrows_across_words)
{
    expect_long("smlal r0, r1, r2, r3", 0xFFFFFFFFu, 0, 1, 1, 0, 1);
    expect_long("smlal r0, r1, r2, r3", 0, 1, (uint32_t)-1, 1, 0xFFFFFFFFu, 0);
    expect_long("smlal r0, r1, r2, r3", 0, 0x80000000u, 0xFFFFFFFFu, 1, 0xFFFFFFFFu, 0x7FFFFFFFu);
}

Test(mul, umlal_wraps_at_64_bits)
{
    expect_long("umlal r0, r1, r2, r3", 0xFFFFFFFFu, 0xFFFFFFFFu, 2, 1, 1, 0);
    expect_long("umlal r0, r1, r2, r3", 0, 0, 0xFFFFFFFFu, 2, 0xFFFFFFFEu, 1);
}

Test(mul, umaal_adds_both_halves_and_never_wraps)
{
    expect_long("umaal r0, r1, r2, r3", 10, 20, 0x10000u, 0x10000u, 30, 1);
    expect_long("umaal r0, r1, r2, r3", 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu,
                0xFFFFFFFFu, 0xFFFFFFFFu);
}

Test(mul, long_multiply_same_rdlo_rdhi_is_undefined)
{
    expect_undefined(0xFB83, 0x1104);   /* smull r1, r1, r3, r4 */
    expect_undefined(0xFBE3, 0x1164);   /* umaal r1, r1, r3, r4 */
    expect_undefined(0xFBA3, 0xD204);   /* umull sp, r2, r3, r4 */
}

/* ---- SDIV, UDIV ---- */

Test(mul, sdiv_truncates_toward_zero)
{
    tcpu_t *t = run2("sdiv r0, r1, r2", 7, 2);
    cr_assert_eq(t->cpu->r[0], 3u);
    tcpu_free(t);
    t = run2("sdiv r0, r1, r2", (uint32_t)-7, 2);
    cr_assert_eq(t->cpu->r[0], (uint32_t)-3);
    tcpu_free(t);
    t = run2("sdiv r0, r1, r2", 7, (uint32_t)-2);
    cr_assert_eq(t->cpu->r[0], (uint32_t)-3);
    tcpu_free(t);
    t = run2("sdiv r0, r1, r2", (uint32_t)-7, (uint32_t)-2);
    cr_assert_eq(t->cpu->r[0], 3u);
    tcpu_free(t);
}

Test(mul, sdiv_int_min_by_minus_one_is_int_min)
{
    tcpu_t *t = run2("sdiv r0, r1, r2", 0x80000000u, 0xFFFFFFFFu);
    cr_assert_eq(t->cpu->r[0], 0x80000000u);
    cr_assert_eq(t->cpu->q, 0, "no Q, no fault");
    tcpu_free(t);
}

Test(mul, sdiv_int_min_by_one_and_by_int_min)
{
    tcpu_t *t = run2("sdiv r0, r1, r2", 0x80000000u, 1);
    cr_assert_eq(t->cpu->r[0], 0x80000000u);
    tcpu_free(t);
    t = run2("sdiv r0, r1, r2", 0x80000000u, 0x80000000u);
    cr_assert_eq(t->cpu->r[0], 1u);
    tcpu_free(t);
}

Test(mul, sdiv_by_minus_one_negates)
{
    tcpu_t *t = run2("sdiv r0, r1, r2", 0x7FFFFFFFu, 0xFFFFFFFFu);
    cr_assert_eq(t->cpu->r[0], 0x80000001u);
    tcpu_free(t);
    t = run2("sdiv r0, r1, r2", 5, 0xFFFFFFFFu);
    cr_assert_eq(t->cpu->r[0], (uint32_t)-5);
    tcpu_free(t);
}

Test(mul, udiv_is_unsigned)
{
    tcpu_t *t = run2("udiv r0, r1, r2", 0xFFFFFFFFu, 2);
    cr_assert_eq(t->cpu->r[0], 0x7FFFFFFFu);
    tcpu_free(t);
    t = run2("udiv r0, r1, r2", 5, 0xFFFFFFFFu);
    cr_assert_eq(t->cpu->r[0], 0);
    tcpu_free(t);
}

Test(mul, divide_by_zero_gives_zero_without_trap)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 0x1234u;
    t->cpu->r[1] = 100;
    t->cpu->r[2] = 0;
    cr_assert_eq(tcpu_run_asm(t, "sdiv r0, r1, r2"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0);
    t->cpu->r[0] = 0x1234u;
    t->cpu->r[1] = 0xFFFFFFFFu;
    cr_assert_eq(tcpu_run_asm(t, "udiv r0, r1, r2"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0);
    tcpu_free(t);
}

Test(mul, sdiv_by_zero_traps_with_div_0_trp)
{
    tcpu_t *t = tcpu_new();
    t->cpu->scb.ccr |= CCR_DIV_0_TRP;
    t->cpu->r[0] = 0x1234u;
    t->cpu->r[1] = 100;
    t->cpu->r[2] = 0;
    cr_assert_eq(tcpu_run_asm(t, "sdiv r0, r1, r2"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & CFSR_DIVBYZERO);
    /* The stacked r0 is the value before the instruction. */
    cr_assert_eq(tcpu_peek32(t, t->cpu->r[13]), 0x1234u);
    cr_assert_eq(tcpu_peek32(t, t->cpu->r[13] + 24), TCPU_CODE_ADDR, "return address is the sdiv");
    tcpu_free(t);
}

Test(mul, udiv_by_zero_traps_with_div_0_trp)
{
    tcpu_t *t = tcpu_new();
    t->cpu->scb.ccr |= CCR_DIV_0_TRP;
    t->cpu->r[1] = 100;
    t->cpu->r[2] = 0;
    cr_assert_eq(tcpu_run_asm(t, "udiv r0, r1, r2"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & CFSR_DIVBYZERO);
    tcpu_free(t);
}

Test(mul, div_0_trp_does_not_affect_normal_division)
{
    tcpu_t *t = tcpu_new();
    t->cpu->scb.ccr |= CCR_DIV_0_TRP;
    t->cpu->r[1] = 100;
    t->cpu->r[2] = 7;
    cr_assert_eq(tcpu_run_asm(t, "udiv r0, r1, r2"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 14u);
    tcpu_free(t);
}

Test(mul, divide_time_grows_with_quotient_bits)
{
    uint64_t zero = cycles_of("udiv r0, r1, r2", 1, 2);          /* quotient 0 */
    uint64_t one = cycles_of("udiv r0, r1, r2", 1, 1);           /* 1 bit */
    uint64_t full = cycles_of("udiv r0, r1, r2", 0xFFFFFFFFu, 1); /* 32 bits */
    uint64_t neg = cycles_of("sdiv r0, r1, r2", 0x80000000u, 1); /* |q| = 2^31 */
    cr_assert(zero < one && one < full, "%llu %llu %llu",
              (unsigned long long)zero, (unsigned long long)one, (unsigned long long)full);
    cr_assert_eq(full - zero, 9, "2 to 11 cycles");
    cr_assert_eq(neg, full, "sdiv counts the magnitude");
}

Test(mul, divide_with_sp_is_undefined)
{
    expect_undefined(0xFB9D, 0xF0F1);   /* sdiv r0, sp, r1 */
    expect_undefined(0xFBB1, 0xFFF2);   /* udiv pc, r1, r2 */
}
