/* Semantics of the HLD operations, one test per operation family, each
 * result worked out by hand from the definitions in dsp/ISA.md. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../dsp/dsp_isa.h"
#include "dsp_harness.h"

#define R(t, i) dsp_core_r((t)->core, i)
#define V(t, i) dsp_core_v((t)->core, i)
#define ACC(t, i, l) dsp_core_acc((t)->core, i, l)

Test(hld_exec, scalar_alu)
{
    tdsp_t *t = tdsp_exec(
        "li r1, 0x80000001\n movi r2, -3\n movi r3, 5\n"
        "{ add r4, r2, r3 ; sub r5, r2, r3 }\n"
        "{ and r6, r1, r3 ; or r7, r1, r3 }\n"
        "{ xor r8, r1, r2 ; sll r9, r3, r3 }\n"
        "{ srl r10, r1, r3 ; sra r11, r1, r3 }\n"
        "{ mul r12, r2, r3 ; mulh r13, r1, r1 }\n"
        "halt\n");
    cr_assert_eq(R(t, 4), 2u);
    cr_assert_eq(R(t, 5), (uint32_t)-8);
    cr_assert_eq(R(t, 6), 1u);
    cr_assert_eq(R(t, 7), 0x80000005u);
    cr_assert_eq(R(t, 8), 0x80000001u ^ 0xFFFFFFFDu);
    cr_assert_eq(R(t, 9), 160u);
    cr_assert_eq(R(t, 10), 0x04000000u);
    cr_assert_eq(R(t, 11), 0xFC000000u);
    cr_assert_eq(R(t, 12), (uint32_t)-15);
    /* (-2^31 + 1)^2 = 2^62 - 2^32 + 1: high word 0x3FFFFFFF */
    cr_assert_eq(R(t, 13), 0x3FFFFFFFu);
    tdsp_free(t);
}

Test(hld_exec, scalar_min_max_abs_neg_nsa_moves)
{
    tdsp_t *t = tdsp_exec(
        "movi r1, -7\n movi r2, 9\n li r3, 0x00012345\n"
        "{ min r4, r1, r2 ; max r5, r1, r2 }\n"
        "{ abs r6, r1 ; neg r7, r2 }\n"
        "{ nsa r8, r3 ; nsa r9, r0 }\n"
        "{ mov r10, r2 ; addi r11, r2, -32 }\n"
        "{ slli r12, r2, 31 ; srai r13, r1, 1 }\n"
        "srli r14, r1, 28\n"
        "halt\n");
    cr_assert_eq(R(t, 4), (uint32_t)-7);
    cr_assert_eq(R(t, 5), 9u);
    cr_assert_eq(R(t, 6), 7u);
    cr_assert_eq(R(t, 7), (uint32_t)-9);
    cr_assert_eq(R(t, 8), 14u);   /* 0x12345 has 17 significant bits: 31 - 17 = 14 */
    cr_assert_eq(R(t, 9), 31u);
    cr_assert_eq(R(t, 10), 9u);
    cr_assert_eq(R(t, 11), (uint32_t)-23);
    cr_assert_eq(R(t, 12), 0x80000000u);
    cr_assert_eq(R(t, 13), (uint32_t)-4);
    cr_assert_eq(R(t, 14), 15u);
    tdsp_free(t);
}

Test(hld_exec, conditional_moves_and_r0)
{
    tdsp_t *t = tdsp_exec(
        "movi r1, 11\n movi r2, -1\n movi r4, 1\n movi r5, 1\n movi r6, 1\n movi r7, 1\n"
        "{ moveqz r4, r1, r0 ; movnez r5, r1, r0 }\n"
        "{ movltz r6, r1, r2 ; movgez r7, r1, r2 }\n"
        "movi r0, 5\n add r8, r0, r0\n"
        "halt\n");
    cr_assert_eq(R(t, 4), 11u);
    cr_assert_eq(R(t, 5), 1u);
    cr_assert_eq(R(t, 6), 11u);
    cr_assert_eq(R(t, 7), 1u);
    cr_assert_eq(R(t, 8), 0u, "r0 reads as zero");
    tdsp_free(t);
}

Test(hld_exec, slots_read_registers_from_before_the_bundle)
{
    tdsp_t *t = tdsp_exec("movi r1, 1\n movi r2, 2\n { mov r1, r2 ; mov r2, r1 }\n halt\n");
    cr_assert_eq(R(t, 1), 2u);
    cr_assert_eq(R(t, 2), 1u);
    tdsp_free(t);
}

Test(hld_exec, scalar_loads_and_stores)
{
    tdsp_t *t = tdsp_exec(
        ".data\n buf: .word 0x80FF7F01, 0xDEADBEEF\n out: .space 16\n .text\n"
        "li r2, buf\n li r3, out\n movi r9, 4\n"
        "{ ld.w r4, [r2+0] ; ld.b r5, [r2+2] }\n"
        "{ ld.bu r6, [r2+2] ; ld.h r7, [r2+2] }\n"
        "{ ld.hu r8, [r2+2] ; ld.w r10, [r2+r9] }\n"
        "{ st.w r4, [r3+4] ; ld.h r11, [r2]+2 }\n"
        "{ st.h r10, [r3]+2 ; ld.bu r12, [r2+r9] }\n"
        "st.b r5, [r3+5]\n st.h r6, [r3]+2\n"
        "ld.w r13, [r3+-4]\n"
        "halt\n");
    cr_assert_eq(R(t, 4), 0x80FF7F01u);
    cr_assert_eq(R(t, 5), 0xFFFFFFFFu);   /* byte 0xFF sign-extended */
    cr_assert_eq(R(t, 6), 0xFFu);
    cr_assert_eq(R(t, 7), 0xFFFF80FFu);
    cr_assert_eq(R(t, 8), 0x80FFu);
    cr_assert_eq(R(t, 10), 0xDEADBEEFu);
    cr_assert_eq(R(t, 11), 0x7F01u);
    cr_assert_eq(R(t, 2), tdsp_sym(t, "buf") + 2);
    cr_assert_eq(R(t, 12), 0xADu);   /* r2 was post-incremented to buf+2 */
    uint8_t out[12];
    tdsp_peek(t, tdsp_sym(t, "out"), out, sizeof out);
    /* out+4: 0x80FF7F01; out+0: st.h 0xBEEF, r3 = out+2; out+7 <- 0xFF; out+2: st.h 0x00FF */
    const uint8_t want[12] = { 0xEF, 0xBE, 0xFF, 0, 0x01, 0x7F, 0xFF, 0xFF, 0, 0, 0, 0 };
    cr_assert_arr_eq(out, want, sizeof want);
    cr_assert_eq(R(t, 3), tdsp_sym(t, "out") + 4);
    cr_assert_eq(R(t, 13), 0x00FFBEEFu);
    tdsp_free(t);
}

Test(hld_exec, branches_calls_and_jumps)
{
    tdsp_t *t = tdsp_exec(
        "movi r1, -1\n movi r2, 1\n movi r9, 0\n"
        "beqz r1, bad\n bnez r1, l1\n j bad\n"
        "l1: bltz r2, bad\n bgez r2, l2\n j bad\n"
        "l2: beq r1, r2, bad\n bne r1, r2, l3\n j bad\n"
        "l3: blt r2, r1, bad\n bge r2, r1, l4\n j bad\n"
        "l4: bgeu r2, r1, bad\n bltu r2, r1, l5\n j bad\n"
        "l5: call sub\n li r3, sub2\n callr r3\n halt\n"
        "sub: addi r9, r9, 1\n ret\n"
        "sub2: addi r9, r9, 10\n jr lr\n"
        "bad: break\n");
    cr_assert_eq(R(t, 9), 11u);
    tdsp_free(t);
}

Test(hld_exec, hardware_loops_nest_two_levels_and_skip_on_zero)
{
    tdsp_t *t = tdsp_exec(
        "movi r1, 3\n movi r2, 4\n movi r5, 0\n movi r6, 0\n"
        "loop r1, outer_end\n"
        "  loop r2, inner_end\n"
        "    addi r5, r5, 1\n"
        "  inner_end: addi r6, r6, 1\n"
        "outer_end: loop r0, skip\n addi r5, r5, 30\n skip: halt\n");
    cr_assert_eq(R(t, 5), 12u);
    cr_assert_eq(R(t, 6), 3u);
    tdsp_free(t);
}

Test(hld_exec, loops_ending_together_unwind_both_levels)
{
    tdsp_t *t = tdsp_exec(
        "movi r1, 2\n movi r2, 3\n movi r5, 0\n"
        "loop r1, end\n nop\n loop r2, end\n addi r5, r5, 1\n end: halt\n");
    cr_assert_eq(R(t, 5), 6u);
    tdsp_free(t);
}

Test(hld_exec, vector_loads_stores_and_addressing)
{
    tdsp_t *t = tdsp_exec(
        ".data\n src: .dword 0x0807060504030201, 0x100F0E0D0C0B0A09, 0x1817161514131211\n"
        "bytes: .byte 1, -2, 3, -4\n dst: .space 32\n .text\n"
        "li r2, src\n li r3, dst\n li r4, bytes\n movi r5, 16\n"
        "{ ld.d v0, [r2]+8 ; ld.d v1, [r2+8] }\n"
        "{ ld.d v2, [r2]+r5 ; ld.b4h v3, [r4]+4 }\n"
        "addi r6, r2, -23\n"           /* src + 1: unaligned */
        "{ ld.d v4, [r6+0] ; addi r4, r4, -4 }\n"
        "{ st.d v0, [r3]+8 ; ld.bc.w v5, [r4]+-4 }\n"
        "st.d v1, [r3+8]\n"
        "st.d v2, [r3]+r5\n"
        "halt\n");
    cr_assert_eq(V(t, 0), 0x0807060504030201ull);
    cr_assert_eq(V(t, 1), 0x100F0E0D0C0B0A09ull);
    cr_assert_eq(V(t, 2), 0x100F0E0D0C0B0A09ull);
    cr_assert_eq(R(t, 2), tdsp_sym(t, "src") + 24);
    cr_assert_eq(V(t, 3), 0xFFFC0003FFFE0001ull);
    cr_assert_eq(V(t, 4), 0x0908070605040302ull);
    cr_assert_eq(V(t, 5), 0xFC03FE01FC03FE01ull);
    cr_assert_eq(R(t, 4), tdsp_sym(t, "bytes") - 4);
    uint64_t out[3];
    tdsp_peek(t, tdsp_sym(t, "dst"), out, sizeof out);
    cr_assert_eq(out[0], 0x0807060504030201ull);
    cr_assert_eq(out[1], 0x100F0E0D0C0B0A09ull);
    cr_assert_eq(out[2], 0x100F0E0D0C0B0A09ull);
    tdsp_free(t);
}

Test(hld_exec, circular_and_streaming_unaligned_loads)
{
    tdsp_t *t = tdsp_exec(
        ".data\n ring: .dword 1, 2, 3\n stream: .byte 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23\n .text\n"
        "li r2, ring\n wsr cb0, r2\n addi r3, r2, 24\n wsr ce0, r3\n"
        "ld.d.c v0, [r2]+16\n ld.d.c v1, [r2]+16\n ld.d.c v2, [r2]+-8\n"
        "st.d.c v0, [r2]+8\n"
        "li r4, stream\n addi r4, r4, 3\n la.prime u1, r4\n la.d v5, u1, [r4]+8\n la.d v6, u1, [r4]+8\n"
        "halt\n");
    cr_assert_eq(V(t, 0), 1u);
    cr_assert_eq(V(t, 1), 3u);             /* ring+16 */
    cr_assert_eq(V(t, 2), 2u);             /* ring+32 wrapped to ring+8 */
    cr_assert_eq(R(t, 2), tdsp_sym(t, "ring") + 8); /* +0 -8 = ring+0, then st.d.c +8 */
    cr_assert_eq(V(t, 5), 0x0A09080706050403ull);
    cr_assert_eq(V(t, 6), 0x1211100F0E0D0C0Bull);
    cr_assert_eq(R(t, 4), tdsp_sym(t, "stream") + 19);
    tdsp_free(t);
}

/* v0 as i16 lanes (0x7FFF, -2, 5, -32768), v1 (1, 3, -5, -1). */
#define V0 0x80000005FFFE7FFFull
#define V1 0xFFFFFFFB00030001ull

static tdsp_t *run_v01(const char *src)
{
    tdsp_t *t = tdsp_new();
    tdsp_load(t, src);
    dsp_core_set_v(t->core, 0, V0);
    dsp_core_set_v(t->core, 1, V1);
    cr_assert_eq(tdsp_run(t, 1000), DSP_RUN_HALT, "%s", t->msg);
    return t;
}

Test(hld_exec, vector_add_sub_min_max_logic)
{
    tdsp_t *t = run_v01(
        "{ vadd.h v2, v0, v1 ; vsub.h v3, v0, v1 }\n"
        "{ vadd.w v4, v0, v1 ; vsub.w v5, v0, v1 }\n"
        "{ vadd.h.s v6, v0, v1 ; vsub.h.s v7, v0, v1 }\n"
        "{ vadd.b v8, v0, v1 ; vsub.b v9, v0, v1 }\n"
        "{ vand v10, v0, v1 ; vxor v11, v0, v1 }\n"
        "{ vmin.h v12, v0, v1 ; vmax.h v13, v0, v1 }\n"
        "{ vor v14, v0, v1 ; vadd.w.s v15, v0, v1 }\n"
        "halt\n");
    cr_assert_eq(V(t, 2), 0x7FFF000000018000ull);
    cr_assert_eq(V(t, 3), 0x8001000AFFFB7FFEull);
    cr_assert_eq(V(t, 4), 0x8000000000018000ull);
    cr_assert_eq(V(t, 5), 0x8000000AFFFB7FFEull);
    cr_assert_eq(V(t, 6), 0x8000000000017FFFull, "0x7FFF + 1 and -32768 - 1 saturate");
    cr_assert_eq(V(t, 7), 0x8001000AFFFB7FFEull);
    cr_assert_eq(V(t, 8), 0x7FFFFF00FF017F00ull);
    cr_assert_eq(V(t, 9), 0x8101010AFFFB7FFEull);
    cr_assert_eq(V(t, 10), V0 & V1);
    cr_assert_eq(V(t, 11), V0 ^ V1);
    cr_assert_eq(V(t, 12), 0x8000FFFBFFFE0001ull);
    cr_assert_eq(V(t, 13), 0xFFFF000500037FFFull);
    cr_assert_eq(V(t, 14), V0 | V1);
    cr_assert_eq(V(t, 15), 0x8000000000018000ull);
    cr_assert_eq(dsp_core_sr(t->core, DSP_SR_OVF), 1u, "saturation sets OVF");
    tdsp_free(t);
}

Test(hld_exec, vector_word_saturation_halving_shifts)
{
    tdsp_t *t = run_v01(
        "movi r2, 4\n movi r3, 1\n"
        "{ vsub.w.s v2, v0, v1 ; vaddh.w v3, v0, v1 }\n"   /* w lanes: v0 (0xFFFE7FFF, 0x80000005), v1 (0x00030001, -5) */
        "{ vsubh.w v4, v0, v1 ; vmin.w v5, v0, v1 }\n"
        "{ vmax.w v6, v0, v1 ; vsra.h v7, v0, r2 }\n"
        "{ vsra.w v8, v0, r2 ; vsll.h v9, v1, r2 }\n"
        "{ vsll.w v10, v1, r2 ; vrsra.w v11, v0, r3 }\n"
        "halt\n");
    cr_assert_eq(V(t, 2), 0x8000000AFFFB7FFEull);     /* -2147483643 - -5 fits */
    cr_assert_eq(V(t, 3), 0xC00000000000C000ull);     /* (-98305 + 196609) >> 1 = 49152; (INT_MIN+5-5) >> 1 */
    cr_assert_eq(V(t, 4), 0xC0000005FFFDBFFFull);     /* -294914 >> 1 = -147457; (-2147483638) >> 1 */
    cr_assert_eq(V(t, 5), 0x80000005FFFE7FFFull);
    cr_assert_eq(V(t, 6), 0xFFFFFFFB00030001ull);
    cr_assert_eq(V(t, 7), 0xF8000000FFFF07FFull);     /* h lanes >> 4: 0x07FF, -1, 0, -2048 */
    cr_assert_eq(V(t, 8), 0xF8000000FFFFE7FFull);
    cr_assert_eq(V(t, 9), 0xFFF0FFB000300010ull);
    cr_assert_eq(V(t, 10), 0xFFFFFFB000300010ull);
    cr_assert_eq(V(t, 11), 0xC0000003FFFF4000ull);    /* (x + 1) >> 1 */
    tdsp_free(t);
}

Test(hld_exec, vector_moves_packs_compares_select)
{
    tdsp_t *t = run_v01(
        "li r2, 0x12345678\n"
        "{ vget.w r3, v0, 1 ; vbcast.w v2, r2 }\n"
        "{ vmov v3, v0 ; vswap.w v4, v0 }\n"
        "vset.w v3, r2, 0\n"
        "{ vunpk.bh v5, v1 ; vpack.hb.s v6, v0 }\n"
        "{ vpack.wh.s v7, v0 ; vabs.h v8, v0 }\n"
        "{ vabs.w v9, v1 ; vneg.w v10, v1 }\n"
        "{ vcmp.lt.h p1, v0, v1 ; vcmp.eq.w p2, v0, v0 }\n"
        "{ vcmp.eq.h p3, v0, v1 ; vcmp.lt.w p4, v0, v4 }\n"
        "vmov v11, v1\n"
        "vsel v11, v0, p1\n"
        "halt\n");
    cr_assert_eq(R(t, 3), 0x80000005u);
    cr_assert_eq(V(t, 2), 0x1234567812345678ull);
    cr_assert_eq(V(t, 3), 0x8000000512345678ull);
    cr_assert_eq(V(t, 4), 0xFFFE7FFF80000005ull);
    cr_assert_eq(V(t, 5), 0x0000000300000001ull);       /* bytes 01 00 03 00 widened */
    cr_assert_eq(V(t, 6), 0x000000008005FE7Full);       /* 127, -2, 5, -128 */
    cr_assert_eq(V(t, 7), 0xFFFB7FFF80008000ull, "pair v0:v1 w lanes saturated to h");
    cr_assert_eq(V(t, 8), 0x7FFF000500027FFFull);       /* |-32768| saturates */
    cr_assert_eq(V(t, 9), 0x0000000500030001ull);
    cr_assert_eq(V(t, 10), 0x00000005FFFCFFFFull);
    cr_assert_eq(dsp_core_p(t->core, 1), 0xCCu);        /* lanes 1 (-2 < 3) and 3 (-32768 < -1) */
    cr_assert_eq(dsp_core_p(t->core, 2), 0xFFu);
    cr_assert_eq(dsp_core_p(t->core, 3), 0x00u);
    cr_assert_eq(dsp_core_p(t->core, 4), 0xF0u);        /* w lane 1 only: INT_MIN+5 < -98305 */
    cr_assert_eq(V(t, 11), 0x8000FFFBFFFE0001ull);      /* lanes 1, 3 from v0 */
    tdsp_free(t);
}
