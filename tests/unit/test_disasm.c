/* Disassembly: Capstone for what it knows, our table for Armv8.1-M. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../isa/disasm.h"

Test(disasm, capstone_for_classic_thumb)
{
    char buf[96];
    isa_disasm(0x1888, 2, 0x1000, buf, sizeof buf);   /* adds r0, r1, r2 */
    cr_assert_str_eq(buf, "adds r0, r1, r2");
}

Test(disasm, own_table_for_v81m_csel)
{
    char buf[96];
    /* csel r0, r1, r2, eq = ea51 8002 (Capstone 4 would say orr.w) */
    isa_disasm(0xEA518002u, 4, 0x1000, buf, sizeof buf);
    cr_assert(strncmp(buf, "csel", 4) == 0, "got '%s'", buf);
    cr_assert(strstr(buf, "r0") && strstr(buf, "r1") && strstr(buf, "r2"), "got '%s'", buf);
}

Test(disasm, own_table_for_low_overhead_loop)
{
    char buf[96];
    /* dls lr, r0 = f040 e001 */
    isa_disasm(0xF040E001u, 4, 0x1000, buf, sizeof buf);
    cr_assert(strncmp(buf, "dls", 3) == 0, "got '%s'", buf);
}

Test(disasm, own_table_for_helium_with_data_type)
{
    char buf[96];
    /* vadd.i16 q0, q1, q2 = ef12 0844 */
    isa_disasm(0xEF120844u, 4, 0x1000, buf, sizeof buf);
    cr_assert(strncmp(buf, "vadd.", 5) == 0, "got '%s'", buf);
    cr_assert(strstr(buf, "q0") && strstr(buf, "q1") && strstr(buf, "q2"), "got '%s'", buf);
}

/* The forms of issue 11 that lost their variant (encodings from GNU as). */
Test(disasm, helium_variants_and_addressing_modes)
{
    static const struct { uint32_t raw; const char *text; } cases[] = {
        {0xECB00F7Cu, "vldrb.s32 q0, [r0], #124"},
        {0xECBC7F04u, "vldrw.u32 q3, [r12], #16"},
        {0xFDB61E10u, "vldrw.u32 q0, [q3, #64]!"},
        {0xED323E83u, "vldrh.u16 q1, [r2, #-6]!"},
        {0xEC896F0Au, "vstrb.32 q3, [r9, q5]"},
        {0xEEF20F24u, "vmlava.s8 r0, q1, q2"},
        {0xEE2ADF04u, "vhcadd.s32 q6, q5, q2, #270"},
        {0xFCB11E00u, "vld20.8 {q0, q1}, [r1]!"},
        {0xEC010F00u, "vmov r0, r1, q0[2], q0[0]"},
        {0xFE411F02u, "vpt.s8 ge, q0, q1"},
        {0xFE71EF4Du, "vpstete"},
        {0xF023E801u, "vctp.32 r3"},
        {0xF013E001u, "dlstp.16 lr, r3"},
        {0xF030E001u, "dlstp.64 lr, r0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[96];
        isa_disasm(cases[i].raw, 4, 0x1000, buf, sizeof buf);
        cr_expect_str_eq(buf, cases[i].text, "%08x", cases[i].raw);
    }
}

/* PKHBT/PKHTB come from Capstone (Armv7-M DSP), PKHTB's imm 0 as ASR #32. */
Test(disasm, pkhbt_pkhtb)
{
    char buf[96];
    isa_disasm(0xEAC11142u, 4, 0x1000, buf, sizeof buf);
    cr_expect_str_eq(buf, "pkhbt r1, r1, r2, lsl #5");
    isa_disasm(0xEAC10022u, 4, 0x1000, buf, sizeof buf);
    cr_expect_str_eq(buf, "pkhtb r0, r1, r2, asr #0x20");   /* Capstone writes 32 in hex */
}

/* Armv8.1-M scalar forms objdump knows and Capstone 4 does not. */
Test(disasm, v81m_zero_register_lists_and_loop_targets)
{
    static const struct { uint32_t raw, pc; const char *text; } cases[] = {
        {0xEA5F8C16u, 0x1000, "csel r12, zr, r6, ne"},
        {0xEA5FB34Fu, 0x1000, "cneg r3, zr, pl"},             /* csneg r3, zr, zr, mi */
        {0xE89FD4EDu, 0x1000, "clrm {r0, r2, r3, r5, r6, r7, r10, r12, lr, APSR}"},
        {0xEC9F7A0Au, 0x1000, "vscclrm {s14-s23, VPR}"},
        {0xEC9F0A00u, 0x1000, "vscclrm {VPR}"},
        {0xF00FC005u, 0x1000, "le lr, 0xffc"},                  /* back by 8 from 0x1004 */
        {0xF040C003u, 0x1000, "wls lr, r0, 0x1008"},            /* forward by 4 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[96];
        isa_disasm(cases[i].raw, 4, cases[i].pc, buf, sizeof buf);
        cr_expect_str_eq(buf, cases[i].text, "%08x", cases[i].raw);
    }
}
