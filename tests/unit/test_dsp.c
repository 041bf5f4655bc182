/* DSP extension and Armv8.1-M scalar shifts (isa/exec_dsp.c). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../isa/insn.h"
#include "harness.h"

#define CFSR_UNDEFINSTR (1u << 16)

/* A core with r0..r4 set and Q as given, after running src to its end. */
static tcpu_t *run_q(const char *src, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3,
                     uint32_t r4, uint32_t q)
{
    tcpu_t *t = tcpu_new();
    uint32_t init[5] = {r0, r1, r2, r3, r4};
    for (int i = 0; i < 5; i++)
        t->cpu->r[i] = init[i];
    t->cpu->q = q;
    cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE, "%s did not run to its end", src);
    return t;
}

static tcpu_t *run(const char *src, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3)
{
    return run_q(src, r0, r1, r2, r3, 0, 0);
}

/* Run src with r1..r3 set and check r0 and Q (which starts clear). */
static void expect_r0(const char *src, uint32_t r1, uint32_t r2, uint32_t r3,
                      uint32_t want, uint32_t want_q)
{
    tcpu_t *t = run(src, 0, r1, r2, r3);
    cr_expect_eq(t->cpu->r[0], want, "%s (r1=%08x r2=%08x r3=%08x): r0 = %08x, want %08x",
                 src, r1, r2, r3, t->cpu->r[0], want);
    cr_expect_eq(t->cpu->q, want_q, "%s (r1=%08x r2=%08x r3=%08x): Q = %u",
                 src, r1, r2, r3, t->cpu->q);
    tcpu_free(t);
}

/* Run src on RdaLo:RdaHi = r0:r1 (r2 = shift register) and check them. */
static void expect_pair(const char *src, uint32_t lo, uint32_t hi, uint32_t r2,
                        uint32_t want_lo, uint32_t want_hi, uint32_t want_q)
{
    tcpu_t *t = run(src, lo, hi, r2, 0);
    cr_expect(t->cpu->r[0] == want_lo && t->cpu->r[1] == want_hi,
              "%s on %08x:%08x, r2=%08x: got %08x:%08x, want %08x:%08x", src, hi, lo, r2,
              t->cpu->r[1], t->cpu->r[0], want_hi, want_lo);
    cr_expect_eq(t->cpu->q, want_q, "%s on %08x:%08x, r2=%08x: Q = %u", src, hi, lo, r2,
                 t->cpu->q);
    tcpu_free(t);
}

/* The one-register shifts work on r0 (r2 = shift register). */
static void expect_word(const char *src, uint32_t r0, uint32_t r2, uint32_t want, uint32_t want_q)
{
    tcpu_t *t = run(src, r0, 0, r2, 0);
    cr_expect_eq(t->cpu->r[0], want, "%s on %08x, r2=%08x: got %08x, want %08x", src, r0, r2,
                 t->cpu->r[0], want);
    cr_expect_eq(t->cpu->q, want_q, "%s on %08x, r2=%08x: Q = %u", src, r0, r2, t->cpu->q);
    tcpu_free(t);
}

static void expect_undefined(uint16_t hw1, uint16_t hw2)
{
    tcpu_t *t = tcpu_new();
    const uint16_t code[] = {hw1, hw2};
    cr_assert_eq(tcpu_run_code(t, code, 2), TCPU_FAULT, "%04x %04x ran", hw1, hw2);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & CFSR_UNDEFINSTR, "%04x %04x: not UNDEFINSTR", hw1, hw2);
    tcpu_free(t);
}

/* Is p a row of the dsp table? */
static bool is_dsp_row(const isa_pattern_t *p)
{
    for (const isa_pattern_t *r = isa_patterns_dsp; r->name; r++)
        if (r == p)
            return true;
    return false;
}

static const char *decoded_name(uint16_t hw1, uint16_t hw2)
{
    insn_t in;
    isa_decode(&in, hw1, hw2);
    return is_dsp_row(in.pat) ? in.pat->name : NULL;
}

/* ==== Decoding ==== */

Test(dsp, every_row_decodes_its_own_match_value)
{
    for (const isa_pattern_t *p = isa_patterns_dsp; p->name; p++) {
        insn_t in;
        /* The match value with register fields r0 (and r1 where hw2 bit 8
         * is free, so that RdLo and RdHi differ): all allowed. */
        uint32_t raw = p->match | (~p->mask & 0x100u);
        isa_decode(&in, raw >> 16, raw & 0xFFFFu);
        cr_expect_eq(in.pat, p, "%s (%08x) decodes as %s", p->name, raw,
                     in.pat ? in.pat->name : "?");
    }
}

Test(dsp, assembled_encodings_decode_to_their_mnemonic)
{
    static const struct { uint16_t hw1, hw2; const char *name; } cases[] = {
        {0xFB12, 0xF123, "smultb"},  {0xFB12, 0x4133, "smlatt"},  {0xFB32, 0xF113, "smulwt"},
        {0xFB22, 0x4113, "smladx"},  {0xFB42, 0xF113, "smusdx"},  {0xFB52, 0x4113, "smmlar"},
        {0xFB62, 0x4113, "smmlsr"},  {0xFB72, 0xF103, "usad8"},   {0xFB72, 0x4103, "usada8"},
        {0xFBC3, 0x12B4, "smlaltt"}, {0xFBD3, 0x12D4, "smlsldx"}, {0xFAE2, 0xF163, "uhsax"},
        {0xFAA2, 0xF183, "sel"},     {0xFA83, 0xF1B2, "qdsub"},   {0xF322, 0x71C7, "ssat"},
        {0xF322, 0x0107, "ssat16"},  {0xF3A2, 0x1148, "usat"},    {0xF3A2, 0x0108, "usat16"},
        {0xEA52, 0x73CF, "lsll"},    {0xEA54, 0x456F, "asrl"},    {0xEA50, 0xC10D, "lsll"},
        {0xEA53, 0x13CF, "uqshll"},  {0xEA51, 0x017F, "sqshll"},  {0xEA51, 0x218D, "uqrshll"},
        {0xEA51, 0x21AD, "sqrshrl"}, {0xEA55, 0x0F3F, "sqshl"},   {0xEA50, 0x0F1F, "urshr"},
        {0xEA54, 0xCF2D, "sqrshr"},  {0xEA50, 0x2F0D, "uqrshl"},  {0xEA51, 0x015F, "urshrl"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *name = decoded_name(cases[i].hw1, cases[i].hw2);
        cr_expect(name && !strcmp(name, cases[i].name), "%04x %04x: %s, want %s",
                  cases[i].hw1, cases[i].hw2, name ? name : "(not dsp)", cases[i].name);
    }
}

Test(dsp, orr_mov_csel_encodings_are_left_to_dp)
{
    static const uint16_t cases[][2] = {
        {0xEA41, 0x0002},   /* orr.w r0, r1, r2 */
        {0xEA41, 0x00C2},   /* orr.w r0, r1, r2, lsl #3 */
        {0xEA51, 0x0102},   /* orrs.w r1, r1, r2 */
        {0xEA4F, 0x00C1},   /* mov.w r0, r1, lsl #3 */
        {0xEA5F, 0x0041},   /* movs.w r0, r1, lsl #1 */
        {0xEA50, 0x003F},   /* orrs r0, r0, pc, ror #0: hw2[8] = 0 */
        {0xEA50, 0x013F},   /* op = 0 with type 11: no such long shift */
        {0xEA50, 0x8F0F},   /* hw2[15] = 1 with Rm = PC: CSEL space */
        {0xEA51, 0x8103},   /* csel r1, r1, r3, eq */
        {0xEA50, 0x016D},   /* register form with hw2[7:4] = 0110 */
        {0xEA50, 0x018D},   /* 48-bit saturation needs op = 1 */
        {0xEA51, 0x0F8D},   /* 48-bit form with RdaHi = PC */
        {0xFA92, 0xF183},   /* rev (misc, not SIMD) */
        {0xFAB2, 0xF182},   /* clz */
        {0xFA92, 0xF133},   /* op2 = 011: unallocated parallel prefix */
        {0xFAB2, 0xF103},   /* op1 = 011: unallocated parallel operation */
        {0xFB02, 0xF103},   /* mul.w (exec_mul.c) */
        {0xFB83, 0x1204},   /* smull (exec_mul.c) */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *name = decoded_name(cases[i][0], cases[i][1]);
        cr_expect(name == NULL, "%04x %04x decoded as %s", cases[i][0], cases[i][1], name);
    }
}

/* ==== 16-bit and dual multiplies ==== */

/* r1 = 0x8000_0003: top -32768, bottom 3; r2 = 0x7FFF_FFFE: top 32767, bottom -2 */
Test(dsp, smulxy_selects_halves)
{
    expect_r0("smulbb r0, r1, r2", 0x80000003u, 0x7FFFFFFEu, 0, 0xFFFFFFFAu, 0);
    expect_r0("smulbt r0, r1, r2", 0x80000003u, 0x7FFFFFFEu, 0, 0x00017FFDu, 0);
    expect_r0("smultb r0, r1, r2", 0x80000003u, 0x7FFFFFFEu, 0, 0x00010000u, 0);
    expect_r0("smultt r0, r1, r2", 0x80000003u, 0x7FFFFFFEu, 0, 0xC0008000u, 0);
}

Test(dsp, smulbb_most_negative_squared_fits)
{
    expect_r0("smulbb r0, r1, r2", 0x8000u, 0x8000u, 0, 0x40000000u, 0);
}

Test(dsp, smlaxy_sets_q_on_overflow)
{
    expect_r0("smlabb r0, r1, r2, r3", 0x8000u, 0x8000u, 0x40000000u, 0x80000000u, 1);
    expect_r0("smlabb r0, r1, r2, r3", 0x8000u, 0x8000u, 0x3FFFFFFFu, 0x7FFFFFFFu, 0);
    expect_r0("smlatb r0, r1, r2, r3", 0x00050000u, 3, 100, 115, 0);
    expect_r0("smlabt r0, r1, r2, r3", 0x8000u, 0x7FFF0000u, 0x80000000u, 0x40008000u, 1);
    expect_r0("smlatt r0, r1, r2, r3", 0xFFFF0000u, 0x00020000u, 0, 0xFFFFFFFEu, 0);
}

/* Every half selection of SMUL<x><y>, SMLA<x><y> and SMLAL<x><y> over
 * pseudo-random operands with the halves' sign bits mixed, against the
 * product worked out here in 64 bits (Q: the 32-bit sum does not fit). */
Test(dsp, halves_multiplies_every_selection_random_operands)
{
    static const char *const sel[4] = {"bb", "bt", "tb", "tt"};
    uint32_t seed = 0x2545f491u;
    for (int round = 0; round < 64; round++) {
        uint32_t v[3];
        for (int k = 0; k < 3; k++) {
            seed = seed * 1664525u + 1013904223u;
            v[k] = seed ^ (seed << 13);
        }
        for (unsigned s = 0; s < 4; s++) {
            int64_t n = (int16_t)(s & 2u ? v[0] >> 16 : v[0] & 0xffffu);
            int64_t m = (int16_t)(s & 1u ? v[1] >> 16 : v[1] & 0xffffu);
            int64_t sum = n * m + (int32_t)v[2];
            char src[48];
            snprintf(src, sizeof src, "smul%s r0, r1, r2", sel[s]);
            expect_r0(src, v[0], v[1], v[2], (uint32_t)(n * m), 0);
            snprintf(src, sizeof src, "smla%s r0, r1, r2, r3", sel[s]);
            expect_r0(src, v[0], v[1], v[2], (uint32_t)sum, sum < INT32_MIN || sum > INT32_MAX);
            snprintf(src, sizeof src, "smlal%s r0, r1, r2, r3", sel[s]);
            tcpu_t *t = run(src, v[2], v[0] >> 3, v[0], v[1]);
            uint64_t want = ((uint64_t)(v[0] >> 3) << 32 | v[2]) + (uint64_t)(n * m);
            cr_expect_eq(t->cpu->r[0], (uint32_t)want, "%s: lo %08x", src, t->cpu->r[0]);
            cr_expect_eq(t->cpu->r[1], (uint32_t)(want >> 32), "%s: hi %08x", src, t->cpu->r[1]);
            tcpu_free(t);
        }
    }
}

Test(dsp, q_is_sticky)
{
    /* A multiply-accumulate that does not overflow leaves Q set... */
    tcpu_t *t = run_q("smlabb r0, r1, r2, r3", 0, 2, 3, 4, 0, 1);
    cr_assert_eq(t->cpu->r[0], 10u);
    cr_assert_eq(t->cpu->q, 1);
    tcpu_free(t);
    /* ...and so does a saturating add that does not saturate. */
    t = run_q("qadd r0, r1, r2", 0, 2, 3, 0, 0, 1);
    cr_assert_eq(t->cpu->r[0], 5u);
    cr_assert_eq(t->cpu->q, 1);
    tcpu_free(t);
    /* One overflow in a sequence is remembered to the end. */
    t = run_q("qadd r0, r1, r2\nqadd r3, r4, r4", 0, 0x7FFFFFFFu, 1, 0, 2, 0);
    cr_assert_eq(t->cpu->r[3], 4u);
    cr_assert_eq(t->cpu->q, 1);
    tcpu_free(t);
}

Test(dsp, smulwy_takes_top_32_of_48_bits)
{
    expect_r0("smulwb r0, r1, r2", 0x12345678u, 0x8000u, 0, 0xF6E5D4C4u, 0);
    expect_r0("smulwt r0, r1, r2", 0x12345678u, 0x00020000u, 0, 0x00002468u, 0);
    expect_r0("smulwb r0, r1, r2", 0xFFFFFFFFu, 1, 0, 0xFFFFFFFFu, 0);   /* floors */
}

Test(dsp, smlawy_accumulates_and_sets_q)
{
    expect_r0("smlawt r0, r1, r2, r3", 0x10000u, 0x00030000u, 5, 8, 0);
    expect_r0("smlawb r0, r1, r2, r3", 0x7FFFFFFFu, 0x7FFFu, 0x7FFFFFFFu, 0xBFFF7FFEu, 1);
}

/* r1: hi 3, lo 2; r2: hi 5, lo 7 */
Test(dsp, smuad_smusd_and_exchange)
{
    expect_r0("smuad r0, r1, r2", 0x00030002u, 0x00050007u, 0, 29, 0);
    expect_r0("smuadx r0, r1, r2", 0x00030002u, 0x00050007u, 0, 31, 0);
    expect_r0("smusd r0, r1, r2", 0x00030002u, 0x00050007u, 0, 0xFFFFFFFFu, 0);
    expect_r0("smusdx r0, r1, r2", 0x00030002u, 0x00050007u, 0, 0xFFFFFFF5u, 0);
}

Test(dsp, smuad_overflow_sets_q_smusd_never)
{
    expect_r0("smuad r0, r1, r2", 0x80008000u, 0x80008000u, 0, 0x80000000u, 1);
    expect_r0("smusd r0, r1, r2", 0x80008000u, 0x7FFF8000u, 0, 0x7FFF8000u, 0);
}

Test(dsp, smlad_smlsd_accumulate)
{
    expect_r0("smlad r0, r1, r2, r3", 0x00030002u, 0x00050007u, 100, 0x81, 0);
    expect_r0("smladx r0, r1, r2, r3", 0x00030002u, 0x00050007u, 100, 0x83, 0);
    expect_r0("smlsd r0, r1, r2, r3", 0x00030002u, 0x00050007u, 100, 0x63, 0);
    expect_r0("smlsdx r0, r1, r2, r3", 0x00030002u, 0x00050007u, 100, 0x59, 0);
}

Test(dsp, smlad_q_depends_on_the_final_sum_only)
{
    expect_r0("smlad r0, r1, r2, r3", 0x40004000u, 0x40004000u, 0x7FFFFFFFu, 0x9FFFFFFFu, 1);
    /* 2^30 + 2^30 overflows on its own, the accumulator brings it back */
    expect_r0("smlad r0, r1, r2, r3", 0x80008000u, 0x80008000u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0);
    expect_r0("smlsd r0, r1, r2, r3", 0x8000u, 0x8000u, 0x7FFFFFFFu, 0xBFFFFFFFu, 1);
}

Test(dsp, smmul_and_rounding)
{
    expect_r0("smmul r0, r1, r2", 0x40000000u, 0x40000000u, 0, 0x10000000u, 0);
    expect_r0("smmul r0, r1, r2", 0xFFFFFFFFu, 0x7FFFFFFFu, 0, 0xFFFFFFFFu, 0);
    expect_r0("smmulr r0, r1, r2", 0xFFFFFFFFu, 0x7FFFFFFFu, 0, 0, 0);
    expect_r0("smmul r0, r1, r2", 0x10000u, 0x8000u, 0, 0, 0);
    expect_r0("smmulr r0, r1, r2", 0x10000u, 0x8000u, 0, 1, 0);   /* exactly 1/2 rounds up */
    expect_r0("smmulr r0, r1, r2", 0x80000000u, 0x80000000u, 0, 0x40000000u, 0);
}

Test(dsp, smmla_smmls_wrap_and_round)
{
    expect_r0("smmla r0, r1, r2, r3", 0x40000000u, 0x40000000u, 0x7FFFFFFFu, 0x8FFFFFFFu, 0);
    expect_r0("smmlar r0, r1, r2, r3", 0x10000u, 0x8000u, 5, 6, 0);
    expect_r0("smmls r0, r1, r2, r3", 0x40000000u, 0x40000000u, 0x10000000u, 0, 0);
    expect_r0("smmls r0, r1, r2, r3", 0x10000u, 0x8000u, 5, 4, 0);
    expect_r0("smmlsr r0, r1, r2, r3", 0x10000u, 0x8000u, 5, 5, 0);
}

Test(dsp, smlalxy_accumulates_64_bits)
{
    static const struct { const char *src; uint32_t lo, hi; } cases[] = {
        {"smlalbb r3, r4, r1, r2", 0xFFFFFFF9u, 0},
        {"smlalbt r3, r4, r1, r2", 0x00017FFCu, 1},
        {"smlaltb r3, r4, r1, r2", 0x0000FFFFu, 1},
        {"smlaltt r3, r4, r1, r2", 0xC0007FFFu, 0},
    };
    for (size_t i = 0; i < 4; i++) {
        tcpu_t *t = run_q(cases[i].src, 0, 0x80000003u, 0x7FFFFFFEu, 0xFFFFFFFFu, 0, 0);
        cr_expect(t->cpu->r[3] == cases[i].lo && t->cpu->r[4] == cases[i].hi,
                  "%s: %08x:%08x", cases[i].src, t->cpu->r[4], t->cpu->r[3]);
        cr_expect_eq(t->cpu->q, 0);
        tcpu_free(t);
    }
}

Test(dsp, smlald_smlsld)
{
    tcpu_t *t = run_q("smlald r3, r4, r1, r2", 0, 0x80008000u, 0x80008000u, 0xFFFFFFFFu,
                      0x7FFFFFFFu, 0);
    cr_expect(t->cpu->r[3] == 0x7FFFFFFFu && t->cpu->r[4] == 0x80000000u, "smlald wraps");
    cr_expect_eq(t->cpu->q, 0, "the long forms never set Q");
    tcpu_free(t);
    t = run_q("smlaldx r3, r4, r1, r2", 0, 0x00030002u, 0x00050007u, 0, 0, 0);
    cr_expect(t->cpu->r[3] == 31 && t->cpu->r[4] == 0);
    tcpu_free(t);
    t = run_q("smlsld r3, r4, r1, r2", 0, 0x00030002u, 0x00050007u, 0, 0, 0);
    cr_expect(t->cpu->r[3] == 0xFFFFFFFFu && t->cpu->r[4] == 0xFFFFFFFFu);
    tcpu_free(t);
    t = run_q("smlsldx r3, r4, r1, r2", 0, 0x00030002u, 0x00050007u, 5, 0, 0);
    cr_expect(t->cpu->r[3] == 0xFFFFFFFAu && t->cpu->r[4] == 0xFFFFFFFFu);
    tcpu_free(t);
}

Test(dsp, usad8_usada8)
{
    expect_r0("usad8 r0, r1, r2", 0x01FF7F00u, 0xFF0080FFu, 0, 0x2FD, 0);
    expect_r0("usada8 r0, r1, r2, r3", 0x01FF7F00u, 0xFF0080FFu, 0xFFFFFFFFu, 0x2FC, 0);
    expect_r0("usad8 r0, r1, r2", 0x12345678u, 0x12345678u, 0, 0, 0);
}

Test(dsp, dsp_multiply_with_sp_or_pc_is_undefined)
{
    expect_undefined(0xFB1D, 0xF002);   /* smulbb r0, sp, r2 */
    expect_undefined(0xFB21, 0xFF02);   /* smuad pc, r1, r2 */
    expect_undefined(0xFB21, 0xD002);   /* smlad r0, r1, r2, sp */
    expect_undefined(0xFB61, 0xF002);   /* smmls r0, r1, r2, pc */
    expect_undefined(0xFBC1, 0x33C2);   /* smlald r3, r3, r1, r2 */
}

/* ==== Parallel add/subtract ==== */

typedef struct par_case {
    const char *op;
    uint32_t a, b, result;
    int ge;          /* GE[3:0] after, or -1: GE untouched */
} par_case_t;

static const par_case_t par_signed[] = {
    {"sadd16", 0x7FFF8000u, 0x00018000u, 0x80000000u, 0xC},
    {"sadd16", 0x80FF017Fu, 0x01FF80FFu, 0x82FE827Eu, 0x0},
    {"sadd16", 0x12345678u, 0x9ABCDEF0u, 0xACF03568u, 0x3},
    {"sasx", 0x7FFF8000u, 0x00018000u, 0xFFFF7FFFu, 0x0},
    {"sasx", 0x80FF017Fu, 0x01FF80FFu, 0x01FEFF80u, 0x0},
    {"sasx", 0x12345678u, 0x9ABCDEF0u, 0xF124BBBCu, 0x3},
    {"ssax", 0x7FFF8000u, 0x00018000u, 0xFFFF8001u, 0xC},
    {"ssax", 0x80FF017Fu, 0x01FF80FFu, 0x0000037Eu, 0xF},
    {"ssax", 0x12345678u, 0x9ABCDEF0u, 0x3344F134u, 0xC},
    {"ssub16", 0x7FFF8000u, 0x00018000u, 0x7FFE0000u, 0xF},
    {"ssub16", 0x80FF017Fu, 0x01FF80FFu, 0x7F008080u, 0x3},
    {"ssub16", 0x12345678u, 0x9ABCDEF0u, 0x77787788u, 0xF},
    {"sadd8", 0x7FFF8000u, 0x00018000u, 0x7F000000u, 0xD},
    {"sadd8", 0x80FF017Fu, 0x01FF80FFu, 0x81FE817Eu, 0x1},
    {"sadd8", 0x12345678u, 0x9ABCDEF0u, 0xACF03468u, 0x3},
    {"ssub8", 0x7FFF8000u, 0x00018000u, 0x7FFE0000u, 0xB},
    {"ssub8", 0x80FF017Fu, 0x01FF80FFu, 0x7F008180u, 0x7},
    {"ssub8", 0x12345678u, 0x9ABCDEF0u, 0x78787888u, 0xF},
};

static const par_case_t par_saturating[] = {
    {"qadd16", 0x7FFF8000u, 0x00018000u, 0x7FFF8000u, -1},
    {"qadd16", 0x80FF017Fu, 0x01FF80FFu, 0x82FE827Eu, -1},
    {"qadd16", 0x12345678u, 0x9ABCDEF0u, 0xACF03568u, -1},
    {"qasx", 0x7FFF8000u, 0x00018000u, 0xFFFF8000u, -1},
    {"qasx", 0x80FF017Fu, 0x01FF80FFu, 0x8000FF80u, -1},
    {"qasx", 0x12345678u, 0x9ABCDEF0u, 0xF1247FFFu, -1},
    {"qsax", 0x7FFF8000u, 0x00018000u, 0x7FFF8001u, -1},
    {"qsax", 0x80FF017Fu, 0x01FF80FFu, 0x0000037Eu, -1},
    {"qsax", 0x12345678u, 0x9ABCDEF0u, 0x3344F134u, -1},
    {"qsub16", 0x7FFF8000u, 0x00018000u, 0x7FFE0000u, -1},
    {"qsub16", 0x80FF017Fu, 0x01FF80FFu, 0x80007FFFu, -1},
    {"qsub16", 0x12345678u, 0x9ABCDEF0u, 0x77787788u, -1},
    {"qadd8", 0x7FFF8000u, 0x00018000u, 0x7F008000u, -1},
    {"qadd8", 0x80FF017Fu, 0x01FF80FFu, 0x81FE817Eu, -1},
    {"qadd8", 0x12345678u, 0x9ABCDEF0u, 0xACF03468u, -1},
    {"qsub8", 0x7FFF8000u, 0x00018000u, 0x7FFE0000u, -1},
    {"qsub8", 0x80FF017Fu, 0x01FF80FFu, 0x80007F7Fu, -1},
    {"qsub8", 0x12345678u, 0x9ABCDEF0u, 0x7878787Fu, -1},
};

static const par_case_t par_signed_halving[] = {
    {"shadd16", 0x7FFF8000u, 0x00018000u, 0x40008000u, -1},
    {"shadd16", 0x80FF017Fu, 0x01FF80FFu, 0xC17FC13Fu, -1},
    {"shadd16", 0x12345678u, 0x9ABCDEF0u, 0xD6781AB4u, -1},
    {"shasx", 0x7FFF8000u, 0x00018000u, 0xFFFFBFFFu, -1},
    {"shasx", 0x80FF017Fu, 0x01FF80FFu, 0x80FFFFC0u, -1},
    {"shasx", 0x12345678u, 0x9ABCDEF0u, 0xF8925DDEu, -1},
    {"shsax", 0x7FFF8000u, 0x00018000u, 0x7FFFC000u, -1},
    {"shsax", 0x80FF017Fu, 0x01FF80FFu, 0x000001BFu, -1},
    {"shsax", 0x12345678u, 0x9ABCDEF0u, 0x19A2F89Au, -1},
    {"shsub16", 0x7FFF8000u, 0x00018000u, 0x3FFF0000u, -1},
    {"shsub16", 0x80FF017Fu, 0x01FF80FFu, 0xBF804040u, -1},
    {"shsub16", 0x12345678u, 0x9ABCDEF0u, 0x3BBC3BC4u, -1},
    {"shadd8", 0x7FFF8000u, 0x00018000u, 0x3F008000u, -1},
    {"shadd8", 0x80FF017Fu, 0x01FF80FFu, 0xC0FFC03Fu, -1},
    {"shadd8", 0x12345678u, 0x9ABCDEF0u, 0xD6F81A34u, -1},
    {"shsub8", 0x7FFF8000u, 0x00018000u, 0x3FFF0000u, -1},
    {"shsub8", 0x80FF017Fu, 0x01FF80FFu, 0xBF004040u, -1},
    {"shsub8", 0x12345678u, 0x9ABCDEF0u, 0x3C3C3C44u, -1},
};

static const par_case_t par_unsigned[] = {
    {"uadd16", 0x7FFF8000u, 0x00018000u, 0x80000000u, 0x3},
    {"uadd16", 0x80FF017Fu, 0x01FF80FFu, 0x82FE827Eu, 0x0},
    {"uadd16", 0x12345678u, 0x9ABCDEF0u, 0xACF03568u, 0x3},
    {"uasx", 0x7FFF8000u, 0x00018000u, 0xFFFF7FFFu, 0x3},
    {"uasx", 0x80FF017Fu, 0x01FF80FFu, 0x01FEFF80u, 0xC},
    {"uasx", 0x12345678u, 0x9ABCDEF0u, 0xF124BBBCu, 0x0},
    {"usax", 0x7FFF8000u, 0x00018000u, 0xFFFF8001u, 0x0},
    {"usax", 0x80FF017Fu, 0x01FF80FFu, 0x0000037Eu, 0xC},
    {"usax", 0x12345678u, 0x9ABCDEF0u, 0x3344F134u, 0x0},
    {"usub16", 0x7FFF8000u, 0x00018000u, 0x7FFE0000u, 0xF},
    {"usub16", 0x80FF017Fu, 0x01FF80FFu, 0x7F008080u, 0xC},
    {"usub16", 0x12345678u, 0x9ABCDEF0u, 0x77787788u, 0x0},
    {"uadd8", 0x7FFF8000u, 0x00018000u, 0x7F000000u, 0x6},
    {"uadd8", 0x80FF017Fu, 0x01FF80FFu, 0x81FE817Eu, 0x5},
    {"uadd8", 0x12345678u, 0x9ABCDEF0u, 0xACF03468u, 0x3},
    {"usub8", 0x7FFF8000u, 0x00018000u, 0x7FFE0000u, 0xF},
    {"usub8", 0x80FF017Fu, 0x01FF80FFu, 0x7F008180u, 0xC},
    {"usub8", 0x12345678u, 0x9ABCDEF0u, 0x78787888u, 0x0},
};

static const par_case_t par_unsigned_saturating[] = {
    {"uqadd16", 0x7FFF8000u, 0x00018000u, 0x8000FFFFu, -1},
    {"uqadd16", 0x80FF017Fu, 0x01FF80FFu, 0x82FE827Eu, -1},
    {"uqadd16", 0x12345678u, 0x9ABCDEF0u, 0xACF0FFFFu, -1},
    {"uqasx", 0x7FFF8000u, 0x00018000u, 0xFFFF7FFFu, -1},
    {"uqasx", 0x80FF017Fu, 0x01FF80FFu, 0xFFFF0000u, -1},
    {"uqasx", 0x12345678u, 0x9ABCDEF0u, 0xF1240000u, -1},
    {"uqsax", 0x7FFF8000u, 0x00018000u, 0x00008001u, -1},
    {"uqsax", 0x80FF017Fu, 0x01FF80FFu, 0x0000037Eu, -1},
    {"uqsax", 0x12345678u, 0x9ABCDEF0u, 0x0000F134u, -1},
    {"uqsub16", 0x7FFF8000u, 0x00018000u, 0x7FFE0000u, -1},
    {"uqsub16", 0x80FF017Fu, 0x01FF80FFu, 0x7F000000u, -1},
    {"uqsub16", 0x12345678u, 0x9ABCDEF0u, 0x00000000u, -1},
    {"uqadd8", 0x7FFF8000u, 0x00018000u, 0x7FFFFF00u, -1},
    {"uqadd8", 0x80FF017Fu, 0x01FF80FFu, 0x81FF81FFu, -1},
    {"uqadd8", 0x12345678u, 0x9ABCDEF0u, 0xACF0FFFFu, -1},
    {"uqsub8", 0x7FFF8000u, 0x00018000u, 0x7FFE0000u, -1},
    {"uqsub8", 0x80FF017Fu, 0x01FF80FFu, 0x7F000000u, -1},
    {"uqsub8", 0x12345678u, 0x9ABCDEF0u, 0x00000000u, -1},
};

static const par_case_t par_unsigned_halving[] = {
    {"uhadd16", 0x7FFF8000u, 0x00018000u, 0x40008000u, -1},
    {"uhadd16", 0x80FF017Fu, 0x01FF80FFu, 0x417F413Fu, -1},
    {"uhadd16", 0x12345678u, 0x9ABCDEF0u, 0x56789AB4u, -1},
    {"uhasx", 0x7FFF8000u, 0x00018000u, 0x7FFF3FFFu, -1},
    {"uhasx", 0x80FF017Fu, 0x01FF80FFu, 0x80FFFFC0u, -1},
    {"uhasx", 0x12345678u, 0x9ABCDEF0u, 0x7892DDDEu, -1},
    {"uhsax", 0x7FFF8000u, 0x00018000u, 0xFFFF4000u, -1},
    {"uhsax", 0x80FF017Fu, 0x01FF80FFu, 0x000001BFu, -1},
    {"uhsax", 0x12345678u, 0x9ABCDEF0u, 0x99A2789Au, -1},
    {"uhsub16", 0x7FFF8000u, 0x00018000u, 0x3FFF0000u, -1},
    {"uhsub16", 0x80FF017Fu, 0x01FF80FFu, 0x3F80C040u, -1},
    {"uhsub16", 0x12345678u, 0x9ABCDEF0u, 0xBBBCBBC4u, -1},
    {"uhadd8", 0x7FFF8000u, 0x00018000u, 0x3F808000u, -1},
    {"uhadd8", 0x80FF017Fu, 0x01FF80FFu, 0x40FF40BFu, -1},
    {"uhadd8", 0x12345678u, 0x9ABCDEF0u, 0x56789AB4u, -1},
    {"uhsub8", 0x7FFF8000u, 0x00018000u, 0x3F7F0000u, -1},
    {"uhsub8", 0x80FF017Fu, 0x01FF80FFu, 0x3F00C0C0u, -1},
    {"uhsub8", 0x12345678u, 0x9ABCDEF0u, 0xBCBCBCC4u, -1},
};
/* Run every case as "<op> r0, r1, r2" with GE = 0101 before. */
static void run_parallel(const par_case_t *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char src[64];
        snprintf(src, sizeof src, "%s r0, r1, r2", cases[i].op);
        tcpu_t *t = tcpu_new();
        t->cpu->r[1] = cases[i].a;
        t->cpu->r[2] = cases[i].b;
        t->cpu->ge = 0x5;
        cr_assert_eq(tcpu_run_asm(t, src), TCPU_DONE);
        cr_expect_eq(t->cpu->r[0], cases[i].result, "%s %08x, %08x: %08x, want %08x", cases[i].op,
                     cases[i].a, cases[i].b, t->cpu->r[0], cases[i].result);
        unsigned want_ge = cases[i].ge < 0 ? 0x5u : (unsigned)cases[i].ge;
        cr_expect_eq(t->cpu->ge, want_ge, "%s %08x, %08x: GE %x, want %x", cases[i].op,
                     cases[i].a, cases[i].b, t->cpu->ge, want_ge);
        cr_expect_eq(t->cpu->q, 0, "%s never sets Q", cases[i].op);
        tcpu_free(t);
    }
}

#define RUN_PARALLEL(table) run_parallel(table, sizeof table / sizeof table[0])

Test(dsp, parallel_signed_sets_ge)              { RUN_PARALLEL(par_signed); }
Test(dsp, parallel_saturating)                  { RUN_PARALLEL(par_saturating); }
Test(dsp, parallel_signed_halving)              { RUN_PARALLEL(par_signed_halving); }
Test(dsp, parallel_unsigned_sets_ge)            { RUN_PARALLEL(par_unsigned); }
Test(dsp, parallel_unsigned_saturating)         { RUN_PARALLEL(par_unsigned_saturating); }
Test(dsp, parallel_unsigned_halving)            { RUN_PARALLEL(par_unsigned_halving); }

Test(dsp, uadd8_ge_is_the_carry_of_each_byte)
{
    tcpu_t *t = run("uadd8 r0, r1, r2", 0, 0xFF01FF80u, 0x01FF0080u, 0);
    cr_assert_eq(t->cpu->r[0], 0x0000FF00u);
    cr_assert_eq(t->cpu->ge, 0xDu, "bytes 0, 2, 3 carry; byte 1 does not");
    tcpu_free(t);
}

Test(dsp, usub16_ge_is_no_borrow)
{
    tcpu_t *t = run("usub16 r0, r1, r2", 0, 0x00010000u, 0x00010001u, 0);
    cr_assert_eq(t->cpu->r[0], 0x0000FFFFu);
    cr_assert_eq(t->cpu->ge, 0xCu, "equal halves: no borrow; 0 - 1 borrows");
    tcpu_free(t);
}

Test(dsp, ssub8_ge_of_equal_bytes)
{
    tcpu_t *t = run("ssub8 r0, r1, r2", 0, 0x80808080u, 0x807F0081u, 0);
    cr_assert_eq(t->cpu->r[0], 0x000180FFu);
    cr_assert_eq(t->cpu->ge, 0x8u, "only -128 - -128 is >= 0");
    tcpu_free(t);
}

Test(dsp, sel_picks_bytes_by_ge)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = 0x11223344u;
    t->cpu->r[2] = 0xAABBCCDDu;
    t->cpu->ge = 0x5;
    cr_assert_eq(tcpu_run_asm(t, "sel r0, r1, r2"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0xAA22CC44u);
    tcpu_free(t);
}

Test(dsp, ssub8_then_sel_is_bytewise_max)
{
    tcpu_t *t = run("ssub8 r3, r1, r2\nsel r0, r1, r2", 0, 0x7F80FF01u, 0x80017F02u, 0);
    cr_assert_eq(t->cpu->r[0], 0x7F017F02u);
    tcpu_free(t);
}

/* ==== QADD, QSUB, QDADD, QDSUB ==== */

Test(dsp, qadd_saturates_both_ways)
{
    expect_r0("qadd r0, r1, r2", 0x7FFFFFFFu, 1, 0, 0x7FFFFFFFu, 1);
    expect_r0("qadd r0, r1, r2", 0x80000000u, 0xFFFFFFFFu, 0, 0x80000000u, 1);
    expect_r0("qadd r0, r1, r2", 5, 3, 0, 8, 0);
}

Test(dsp, qsub_operand_order_is_rm_minus_rn)
{
    /* qsub Rd, Rm, Rn: Rm - Rn */
    expect_r0("qsub r0, r1, r2", 5, 3, 0, 2, 0);
    expect_r0("qsub r0, r1, r2", 0x80000000u, 1, 0, 0x80000000u, 1);
    expect_r0("qsub r0, r1, r2", 0, 0x80000000u, 0, 0x7FFFFFFFu, 1);
}

Test(dsp, qdadd_saturates_the_doubling)
{
    expect_r0("qdadd r0, r1, r2", 0x10u, 0x20u, 0, 0x50u, 0);
    expect_r0("qdadd r0, r1, r2", 0, 0x40000000u, 0, 0x7FFFFFFFu, 1);
    expect_r0("qdadd r0, r1, r2", 0xFFFFFFFFu, 0xC0000000u, 0, 0x80000000u, 1);
}

Test(dsp, qdsub_saturates_the_doubling_then_the_difference)
{
    expect_r0("qdsub r0, r1, r2", 0, 0x40000000u, 0, 0x80000001u, 1);
    expect_r0("qdsub r0, r1, r2", 0xFFFFFFFFu, 0xC0000000u, 0, 0x7FFFFFFFu, 0);
    expect_r0("qdsub r0, r1, r2", 0x80000000u, 0xC0000000u, 0, 0, 0);
    expect_r0("qdsub r0, r1, r2", 0x80000000u, 1, 0, 0x80000000u, 1);
}

Test(dsp, saturating_op_skipped_by_failed_it_condition_leaves_q)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[1] = 0x7FFFFFFFu;
    t->cpu->r[2] = 1;
    tcpu_set_nzcv(t, 0x4);   /* Z: NE fails */
    cr_assert_eq(tcpu_run_asm(t, "it ne\nqaddne r0, r1, r2"), TCPU_DONE);
    cr_assert_eq(t->cpu->q, 0);
    tcpu_free(t);
}

/* ==== SSAT, USAT, SSAT16, USAT16 ==== */

Test(dsp, ssat_limits)
{
    expect_r0("ssat r0, #8, r1", 200, 0, 0, 127, 1);
    expect_r0("ssat r0, #8, r1", (uint32_t)-200, 0, 0, 0xFFFFFF80u, 1);
    expect_r0("ssat r0, #8, r1", 127, 0, 0, 127, 0);
    expect_r0("ssat r0, #8, r1", (uint32_t)-128, 0, 0, 0xFFFFFF80u, 0);
    expect_r0("ssat r0, #1, r1", 5, 0, 0, 0, 1);
    expect_r0("ssat r0, #1, r1", (uint32_t)-5, 0, 0, 0xFFFFFFFFu, 1);
    expect_r0("ssat r0, #32, r1", 0x80000000u, 0, 0, 0x80000000u, 0);
}

Test(dsp, ssat_with_shift)
{
    expect_r0("ssat r0, #16, r1, lsl #4", 0x1000u, 0, 0, 0x7FFFu, 1);
    expect_r0("ssat r0, #16, r1, lsl #4", 0x0100u, 0, 0, 0x1000u, 0);
    expect_r0("ssat r0, #8, r1, asr #31", 0x80000000u, 0, 0, 0xFFFFFFFFu, 0);
    expect_r0("ssat r0, #8, r1, asr #3", 0x400u, 0, 0, 127, 1);
    expect_r0("ssat r0, #32, r1, lsl #1", 0xC0000000u, 0, 0, 0x80000000u, 0);
}

Test(dsp, usat_limits)
{
    expect_r0("usat r0, #8, r1", 0xFFFFFFFFu, 0, 0, 0, 1);
    expect_r0("usat r0, #8, r1", 300, 0, 0, 255, 1);
    expect_r0("usat r0, #8, r1", 200, 0, 0, 200, 0);
    expect_r0("usat r0, #31, r1", 0x80000000u, 0, 0, 0, 1);
    expect_r0("usat r0, #31, r1", 0x7FFFFFFFu, 0, 0, 0x7FFFFFFFu, 0);
    expect_r0("usat r0, #0, r1", 5, 0, 0, 0, 1);
    expect_r0("usat r0, #0, r1", 0, 0, 0, 0, 0);
    expect_r0("usat r0, #8, r1, asr #5", 0x2000u, 0, 0, 255, 1);
    expect_r0("usat r0, #8, r1, lsl #2", 0x3Fu, 0, 0, 0xFCu, 0);
}

Test(dsp, ssat16_usat16)
{
    expect_r0("ssat16 r0, #8, r1", 0x0100FF00u, 0, 0, 0x007FFF80u, 1);
    expect_r0("ssat16 r0, #16, r1", 0x80007FFFu, 0, 0, 0x80007FFFu, 0);
    expect_r0("ssat16 r0, #1, r1", 0x0001FFFFu, 0, 0, 0x0000FFFFu, 1);
    expect_r0("usat16 r0, #8, r1", 0xFFFF0100u, 0, 0, 0x000000FFu, 1);
    expect_r0("usat16 r0, #15, r1", 0x7FFF8000u, 0, 0, 0x7FFF0000u, 1);
    expect_r0("usat16 r0, #0, r1", 0x00000000u, 0, 0, 0, 0);
    expect_r0("usat16 r0, #4, r1", 0x000F0003u, 0, 0, 0x000F0003u, 0);
}

/* ==== PKHBT, PKHTB ==== */

/* r1 = 0x1234_8765 (Rn), r2 = 0x8001_7FFE (Rm): every shift amount of both
 * forms, against the architecture's definition written out per amount. */
Test(dsp, pkhbt_every_lsl_amount)
{
    const uint32_t n = 0x12348765u, m = 0x80017FFEu;
    for (unsigned sh = 0; sh < 32; sh++) {
        char src[64];
        snprintf(src, sizeof src, "pkhbt r0, r1, r2, lsl #%u", sh);
        expect_r0(src, n, m, 0, (n & 0xFFFFu) | ((m << sh) & 0xFFFF0000u), 0);
    }
}

Test(dsp, pkhtb_every_asr_amount_including_32)
{
    const uint32_t n = 0x12348765u, m = 0x80017FFEu;
    for (unsigned sh = 1; sh <= 32; sh++) {
        char src[64];
        /* ASR by sh of a negative word: its top sh bits are ones. */
        uint32_t shifted = sh == 32 ? 0xFFFFFFFFu : (m >> sh) | ~(0xFFFFFFFFu >> sh);
        snprintf(src, sizeof src, "pkhtb r0, r1, r2, asr #%u", sh);
        expect_r0(src, n, m, 0, (n & 0xFFFF0000u) | (shifted & 0xFFFFu), 0);
    }
    /* a positive Rm shifted out entirely leaves zeros */
    expect_r0("pkhtb r0, r1, r2, asr #32", 0xABCD0000u, 0x7FFFFFFFu, 0, 0xABCD0000u, 0);
}

Test(dsp, pkh_encodings_by_hand)
{
    /* pkhtb r0, r1, r2, asr #32 is imm5 = 0 with tb = 1 (eac1 0022) */
    tcpu_t *t = run("", 0, 0x11112222u, 0x80000000u, 0);
    const uint16_t code[] = {0xEAC1, 0x0022};
    cr_assert_eq(tcpu_run_code(t, code, 2), TCPU_DONE);
    cr_expect_eq(t->cpu->r[0], 0x1111FFFFu, "got %08x", t->cpu->r[0]);
    tcpu_free(t);
    cr_expect_str_eq(decoded_name(0xEAC1, 0x0002), "pkhbt");   /* pkhbt r0, r1, r2 */
    cr_expect_str_eq(decoded_name(0xEAC1, 0x70C2), "pkhbt");   /* lsl #31 */
    cr_expect_str_eq(decoded_name(0xEAC1, 0x0062), "pkhtb");   /* asr #1 */
    cr_expect_eq(decoded_name(0xEAD1, 0x0002), NULL);          /* S = 1 */
    cr_expect_eq(decoded_name(0xEAC1, 0x0012), NULL);          /* T = 1 */
    expect_undefined(0xEAD1, 0x0002);
    expect_undefined(0xEAC1, 0x0D02);   /* Rd = SP */
    expect_undefined(0xEACF, 0x0002);   /* Rn = PC */
    expect_undefined(0xEAC1, 0x000D);   /* Rm = SP */
}

Test(dsp, pkh_leaves_flags_and_q)
{
    tcpu_t *t = run_q("pkhtb r0, r1, r2, asr #16", 0, 0xFFFF0000u, 0x7FFF0000u, 0, 0, 1);
    cr_expect_eq(t->cpu->r[0], 0xFFFF7FFFu);
    cr_expect_eq(t->cpu->q, 1);
    tcpu_free(t);
}

/* ==== Armv8.1-M long shifts (RdaLo = r0, RdaHi = r1, amount register r2) ==== */

Test(dsp, lsll_lsrl_asrl_immediate)
{
    expect_pair("lsll r0, r1, #1", 0xFFFFFFFFu, 1, 0, 0xFFFFFFFEu, 3, 0);
    expect_pair("lsll r0, r1, #32", 0x12345678u, 0x9ABCDEF0u, 0, 0, 0x12345678u, 0);
    expect_pair("lsrl r0, r1, #1", 0x80000001u, 0x80000001u, 0, 0xC0000000u, 0x40000000u, 0);
    expect_pair("lsrl r0, r1, #32", 0x80000001u, 0x80000001u, 0, 0x80000001u, 0, 0);
    expect_pair("asrl r0, r1, #1", 1, 0x80000001u, 0, 0x80000000u, 0xC0000000u, 0);
    expect_pair("asrl r0, r1, #32", 1, 0x80000000u, 0, 0x80000000u, 0xFFFFFFFFu, 0);
    expect_pair("asrl r0, r1, #17", 0, 0x7FFFFFFFu, 0, 0xFFFF8000u, 0x00003FFFu, 0);
}

Test(dsp, long_shift_on_other_register_pairs)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[2] = 3;
    t->cpu->r[3] = 1;
    t->cpu->r[14] = 0;
    t->cpu->r[11] = 0x80000000u;
    cr_assert_eq(tcpu_run_asm(t, "lsll r2, r3, #31\nasrl r14, r11, #4"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[2], 0x80000000u);
    cr_assert_eq(t->cpu->r[3], 0x80000001u);
    cr_assert_eq(t->cpu->r[14], 0);
    cr_assert_eq(t->cpu->r[11], 0xF8000000u);
    tcpu_free(t);
}

Test(dsp, long_shifts_leave_flags)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[0] = 0xFFFFFFFFu;
    t->cpu->r[1] = 0xFFFFFFFFu;
    tcpu_set_nzcv(t, 0x5);
    cr_assert_eq(tcpu_run_asm(t, "lsll r0, r1, #32\nlsrl r0, r1, #32"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[0], 0xFFFFFFFFu);
    cr_assert_eq(t->cpu->r[1], 0);
    cr_assert_eq(tcpu_nzcv(t), 0x5);
    tcpu_free(t);
}

typedef struct shift_case {
    int32_t amount;       /* bottom byte of r2 (sign-extended) */
    uint32_t lo, hi;
    uint32_t q;
} shift_case_t;

static void run_shift_cases(const char *src, uint32_t lo, uint32_t hi, const shift_case_t *c,
                            size_t n)
{
    for (size_t i = 0; i < n; i++)
        expect_pair(src, lo, hi, (uint32_t)c[i].amount, c[i].lo, c[i].hi, c[i].q);
}

Test(dsp, lsll_register_amounts)
{
    static const shift_case_t cases[] = {
        {0, 0x89ABCDEFu, 0x80000001u, 0},  {1, 0x13579BDEu, 0x00000003u, 0},
        {31, 0x80000000u, 0xC4D5E6F7u, 0}, {32, 0, 0x89ABCDEFu, 0},
        {63, 0, 0x80000000u, 0},           {64, 0, 0, 0},
        {127, 0, 0, 0},                    {-1, 0xC4D5E6F7u, 0x40000000u, 0},
        {-32, 0x80000001u, 0, 0},          {-63, 1, 0, 0},
        {-64, 0, 0, 0},                    {-128, 0, 0, 0},
        {0x7FFFFF01, 0x13579BDEu, 0x00000003u, 0},   /* only the bottom byte counts */
        {0x100, 0x89ABCDEFu, 0x80000001u, 0},
    };
    run_shift_cases("lsll r0, r1, r2", 0x89ABCDEFu, 0x80000001u, cases,
                    sizeof cases / sizeof cases[0]);
}

Test(dsp, asrl_register_amounts)
{
    static const shift_case_t cases[] = {
        {0, 0x89ABCDEFu, 0x80000001u, 0},    {1, 0xC4D5E6F7u, 0xC0000000u, 0},
        {32, 0x80000001u, 0xFFFFFFFFu, 0},   {63, 0xFFFFFFFFu, 0xFFFFFFFFu, 0},
        {64, 0xFFFFFFFFu, 0xFFFFFFFFu, 0},   {127, 0xFFFFFFFFu, 0xFFFFFFFFu, 0},
        {-1, 0x13579BDEu, 0x00000003u, 0},   {-32, 0, 0x89ABCDEFu, 0},
        {-64, 0, 0, 0},                      {-128, 0, 0, 0},
    };
    run_shift_cases("asrl r0, r1, r2", 0x89ABCDEFu, 0x80000001u, cases,
                    sizeof cases / sizeof cases[0]);
}

Test(dsp, uqshll_saturates_and_sets_q)
{
    expect_pair("uqshll r0, r1, #1", 0, 0x80000000u, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 1);
    expect_pair("uqshll r0, r1, #32", 0xFFFFFFFFu, 0, 0, 0, 0xFFFFFFFFu, 0);
    expect_pair("uqshll r0, r1, #32", 0, 1, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 1);
}

Test(dsp, sqshll_saturates_both_ways)
{
    expect_pair("sqshll r0, r1, #1", 0, 0x40000000u, 0, 0xFFFFFFFFu, 0x7FFFFFFFu, 1);
    expect_pair("sqshll r0, r1, #1", 0, 0xC0000000u, 0, 0, 0x80000000u, 0);
    expect_pair("sqshll r0, r1, #1", 0xFFFFFFFFu, 0xBFFFFFFFu, 0, 0, 0x80000000u, 1);
    expect_pair("sqshll r0, r1, #32", 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0, 0xFFFFFFFFu, 0);
}

Test(dsp, srshrl_urshrl_round_half_up)
{
    expect_pair("srshrl r0, r1, #1", 0xFFFFFFFDu, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0);
    expect_pair("srshrl r0, r1, #1", 3, 0, 0, 2, 0, 0);
    expect_pair("srshrl r0, r1, #32", 0x80000000u, 0, 0, 1, 0, 0);
    expect_pair("srshrl r0, r1, #32", 0x80000000u, 0xFFFFFFFFu, 0, 0, 0, 0);
    expect_pair("srshrl r0, r1, #32", 0x7FFFFFFFu, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0);
    expect_pair("urshrl r0, r1, #32", 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0, 1, 0);
    expect_pair("urshrl r0, r1, #1", 1, 0, 0, 1, 0, 0);
}

Test(dsp, uqrshll_64_register_amounts)
{
    static const shift_case_t cases[] = {
        {1, 0xFFFFFFFFu, 0xFFFFFFFFu, 1},  {-1, 2, 0x40000000u, 0},
        {0, 3, 0x80000000u, 0},            {64, 0xFFFFFFFFu, 0xFFFFFFFFu, 1},
        {-64, 1, 0, 0},                    {-65, 0, 0, 0},
        {127, 0xFFFFFFFFu, 0xFFFFFFFFu, 1}, {-128, 0, 0, 0},
    };
    run_shift_cases("uqrshll r0, r1, #64, r2", 3, 0x80000000u, cases,
                    sizeof cases / sizeof cases[0]);
}

Test(dsp, uqrshll_48_saturates_to_48_bits)
{
    expect_pair("uqrshll r0, r1, #48, r2", 0, 0x00010000u, 0, 0xFFFFFFFFu, 0x0000FFFFu, 1);
    expect_pair("uqrshll r0, r1, #48, r2", 0, 0x00010000u, (uint32_t)-16, 0, 1, 0);
    expect_pair("uqrshll r0, r1, #48, r2", 0, 0x00010000u, 1, 0xFFFFFFFFu, 0x0000FFFFu, 1);
    expect_pair("uqrshll r0, r1, #48, r2", 0xFFFFFFFFu, 0x0000FFFFu, 0, 0xFFFFFFFFu, 0x0000FFFFu, 0);
}

Test(dsp, sqrshrl_64_register_amounts)
{
    /* positive amounts shift right (rounding), negative ones left (saturating) */
    static const shift_case_t cases[] = {
        {1, 2, 0x20000000u, 0},              {-1, 0xFFFFFFFFu, 0x7FFFFFFFu, 1},
        {63, 1, 0, 0},                       {64, 0, 0, 0},
        {-64, 0xFFFFFFFFu, 0x7FFFFFFFu, 1},  {127, 0, 0, 0},
        {-128, 0xFFFFFFFFu, 0x7FFFFFFFu, 1},
    };
    run_shift_cases("sqrshrl r0, r1, #64, r2", 3, 0x40000000u, cases,
                    sizeof cases / sizeof cases[0]);
    expect_pair("sqrshrl r0, r1, #64, r2", 0xFFFFFFFDu, 0xFFFFFFFFu, 1, 0xFFFFFFFFu, 0xFFFFFFFFu, 0);
    expect_pair("sqrshrl r0, r1, #64, r2", 0, 0x80000000u, 64, 0, 0, 0);
}

Test(dsp, sqrshrl_48_saturates_and_sign_extends)
{
    expect_pair("sqrshrl r0, r1, #48, r2", 0xFFFFFFFFu, 0x00007FFFu, 0, 0xFFFFFFFFu, 0x00007FFFu, 0);
    expect_pair("sqrshrl r0, r1, #48, r2", 0, 0x00008000u, 0, 0xFFFFFFFFu, 0x00007FFFu, 1);
    expect_pair("sqrshrl r0, r1, #48, r2", 0, 0xFFFF0000u, 0, 0, 0xFFFF8000u, 1);
    expect_pair("sqrshrl r0, r1, #48, r2", 0xFFFFFFFFu, 0x7FFFFFFFu, 8, 0xFFFFFFFFu, 0x00007FFFu, 1);
    expect_pair("sqrshrl r0, r1, #48, r2", 0, 0x7FFF0000u, 16, 0, 0x00007FFFu, 0);
    expect_pair("sqrshrl r0, r1, #48, r2", 0, 0x00004000u, (uint32_t)-1, 0xFFFFFFFFu, 0x00007FFFu, 1);
}

/* The whole 64-bit value is shifted, then saturated to 48 bits, so right
 * shifts of 48 or more still see the high bits.  (QEMU 7.2 returns 0 for
 * these amounts, a shortcut that assumes a 48-bit input.) */
Test(dsp, rshll_48_shifts_by_48_or_more_keep_the_high_bits)
{
    expect_pair("sqrshrl r0, r1, #48, r2", 0, 0x7FFF0000u, 48, 0x7FFFu, 0, 0);
    expect_pair("sqrshrl r0, r1, #48, r2", 0xFFFFFF94u, 0xD9613C47u, 48, 0xFFFFD961u, 0xFFFFFFFFu, 0);
    expect_pair("uqrshll r0, r1, #48, r2", 0x12345678u, 0xFF00FF00u, (uint32_t)-50, 0x3FC0u, 0, 0);
    expect_pair("uqrshll r0, r1, #48, r2", 0, 0x80000000u, (uint32_t)-64, 1, 0, 0);
}

Test(dsp, sqrshrl_48_on_other_registers)
{
    tcpu_t *t = tcpu_new();
    t->cpu->r[12] = 0;
    t->cpu->r[9] = 0x80000000u;
    t->cpu->r[2] = 0;
    cr_assert_eq(tcpu_run_asm(t, "sqrshrl r12, r9, #48, r2"), TCPU_DONE);
    cr_assert_eq(t->cpu->r[12], 0);
    cr_assert_eq(t->cpu->r[9], 0xFFFF8000u);
    cr_assert_eq(t->cpu->q, 1);
    tcpu_free(t);
}

/* ==== Armv8.1-M 32-bit saturating and rounding shifts (on r0) ==== */

Test(dsp, uqshl_sqshl_immediate)
{
    expect_word("uqshl r0, #1", 0x80000000u, 0, 0xFFFFFFFFu, 1);
    expect_word("uqshl r0, #1", 0x7FFFFFFFu, 0, 0xFFFFFFFEu, 0);
    expect_word("uqshl r0, #32", 1, 0, 0xFFFFFFFFu, 1);
    expect_word("uqshl r0, #32", 0, 0, 0, 0);
    expect_word("sqshl r0, #1", 0x40000000u, 0, 0x7FFFFFFFu, 1);
    expect_word("sqshl r0, #1", 0xC0000000u, 0, 0x80000000u, 0);
    expect_word("sqshl r0, #1", 0xBFFFFFFFu, 0, 0x80000000u, 1);
    expect_word("sqshl r0, #32", 0xFFFFFFFFu, 0, 0x80000000u, 1);
}

Test(dsp, urshr_srshr_round)
{
    expect_word("urshr r0, #1", 3, 0, 2, 0);
    expect_word("urshr r0, #1", 0xFFFFFFFFu, 0, 0x80000000u, 0);
    expect_word("urshr r0, #32", 0x80000000u, 0, 1, 0);
    expect_word("urshr r0, #32", 0x7FFFFFFFu, 0, 0, 0);
    expect_word("srshr r0, #1", (uint32_t)-3, 0, 0xFFFFFFFFu, 0);
    expect_word("srshr r0, #1", 0xFFFFFFFFu, 0, 0, 0);
    expect_word("srshr r0, #32", 0x80000000u, 0, 0, 0);
    expect_word("srshr r0, #31", 0xBFFFFFFFu, 0, 0xFFFFFFFFu, 0);
    expect_word("srshr r0, #31", 0xC0000000u, 0, 0, 0);
}

Test(dsp, uqrshl_register)
{
    expect_word("uqrshl r0, r2", 0x80000000u, 1, 0xFFFFFFFFu, 1);
    expect_word("uqrshl r0, r2", 0x80000000u, (uint32_t)-1, 0x40000000u, 0);
    expect_word("uqrshl r0, r2", 0x80000000u, (uint32_t)-32, 1, 0);
    expect_word("uqrshl r0, r2", 0x80000000u, (uint32_t)-33, 0, 0);
    expect_word("uqrshl r0, r2", 0x80000000u, 32, 0xFFFFFFFFu, 1);
    expect_word("uqrshl r0, r2", 0x80000000u, 0, 0x80000000u, 0);
    expect_word("uqrshl r0, r2", 3, (uint32_t)-1, 2, 0);
    expect_word("uqrshl r0, r2", 0, 32, 0, 0);
    expect_word("uqrshl r0, r2", 1, 127, 0xFFFFFFFFu, 1);
    expect_word("uqrshl r0, r2", 0xFFFFFFFFu, 0x80, 0, 0);   /* -128 */
}

Test(dsp, sqrshr_register)
{
    expect_word("sqrshr r0, r2", (uint32_t)-3, 1, 0xFFFFFFFFu, 0);
    expect_word("sqrshr r0, r2", (uint32_t)-3, (uint32_t)-1, 0xFFFFFFFAu, 0);
    expect_word("sqrshr r0, r2", (uint32_t)-3, 32, 0, 0);
    expect_word("sqrshr r0, r2", (uint32_t)-3, 31, 0, 0);
    expect_word("sqrshr r0, r2", (uint32_t)-3, 0x80, 0x80000000u, 1);   /* left by 128 */
    expect_word("sqrshr r0, r2", (uint32_t)-3, 127, 0, 0);
    expect_word("sqrshr r0, r2", 0x40000000u, (uint32_t)-1, 0x7FFFFFFFu, 1);
    expect_word("sqrshr r0, r2", 0x80000000u, 32, 0, 0);
}

Test(dsp, scalar_shift_unpredictable_registers_are_undefined)
{
    expect_undefined(0xEA50, 0x0D4F);   /* lsll r0, sp, #1 */
    expect_undefined(0xEA50, 0x110D);   /* lsll r0, r1, r1 */
    expect_undefined(0xEA50, 0x010D);   /* lsll r0, r1, r0 */
    expect_undefined(0xEA50, 0xF10D);   /* lsll r0, r1, pc */
    expect_undefined(0xEA50, 0xDF0D);   /* uqrshl r0, sp */
    expect_undefined(0xEA52, 0x2F2D);   /* sqrshr r2, r2 */
    expect_undefined(0xEA5D, 0x0F4F);   /* uqshl sp, #1 */
    expect_undefined(0xEA5F, 0x0F4F);   /* uqshl pc, #1 */
}

Test(dsp, scalar_shifts_need_mve)
{
    tcpu_t *t = tcpu_new();
    t->cpu->mve_present = 0;
    cr_assert_eq(tcpu_run_asm(t, "lsll r0, r1, #1"), TCPU_FAULT);
    cr_assert_eq(t->cpu->ipsr, EXC_USAGEFAULT);
    cr_assert(t->cpu->scb.cfsr & CFSR_UNDEFINSTR);
    tcpu_free(t);
}
