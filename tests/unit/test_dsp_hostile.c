/* Hostile HLD programs and inputs end with a clear status and message,
 * never a host crash; and the interrupt / doorbell interface. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../dsp/dsp_isa.h"
#include "dsp_harness.h"

static void expect_fault(const char *src, const char *what)
{
    tdsp_t *t = tdsp_new();
    tdsp_load(t, src);
    dsp_run_result_t r = tdsp_run(t, 100000);
    cr_assert_eq(r, DSP_RUN_FAULT, "'%s' ended with %d (%s)", src, r, t->msg);
    cr_assert(strstr(t->msg, what), "'%s': message '%s' lacks '%s'", src, t->msg, what);
    tdsp_free(t);
}

Test(hld_hostile, illegal_bundles)
{
    /* Running into erased memory: all-zero bundle. */
    expect_fault("nop\n", "illegal bundle at 0x00000008");
    expect_fault(".dword 0x7000000000000000\n", "reserved bundle format 7");
    /* vdot.b encoded into slot A by hand. */
    expect_fault(".dword 0x0F40000400004000\n", "slot A");
}

Test(hld_hostile, bad_accesses_and_fetches)
{
    expect_fault("li r1, 0x100000\n movi r3, 2\n ld.w r2, [r1+r3]\n halt\n", "unaligned 4-byte access at 0x00100002");
    expect_fault("li r1, 0x11FFFC\n ld.d v0, [r1+0]\n halt\n", "runs past the end of data memory");
    expect_fault("movi r1, 64\n ld.w r2, [r1+0]\n halt\n", "instruction memory is not data memory");
    expect_fault("li r1, 0x30000000\n st.w r2, [r1+0]\n halt\n", "bus error: store of 4 bytes at 0x30000000");
    expect_fault("li r1, 0x20000\n jr r1\n", "fetch at 0x00020000");
    expect_fault("li r1, 0x104\n jr r1\n", "not 8-byte aligned");
    expect_fault("break\n", "break");
    expect_fault("movi r1, 2\n loop r1, a\n loop r1, a\n loop r1, a\n nop\n a: halt\n", "third hardware loop level");
    expect_fault("li r1, 0x50000000\n wsr dma_src, r1\n li r2, 0x100000\n wsr dma_dst, r2\n movi r3, 8\n wsr dma_len, r3\n dma.start\n halt\n",
                 "DMA bus error reading");
}

Test(hld_hostile, runaway_loop_ends_at_the_cycle_limit)
{
    tdsp_t *t = tdsp_new();
    tdsp_load(t, "li r1, 0x7FFFFFFF\n loop r1, end\n loop r1, end\n nop\n end: halt\n");
    cr_assert_eq(tdsp_run(t, 50000), DSP_RUN_CYCLE_LIMIT);
    cr_assert(strstr(t->msg, "cycle limit 50000"), "%s", t->msg);
    tdsp_load(t, "spin: j spin\n");
    cr_assert_eq(tdsp_run(t, 1000), DSP_RUN_CYCLE_LIMIT);
    tdsp_free(t);
}

static void expect_asm_error(const char *src, const char *what)
{
    dsp_program_t p;
    char err[512];
    cr_assert(!dsp_assemble(src, "bad.s", &p, err, sizeof err), "'%s' assembled", src);
    cr_assert(strstr(err, what), "'%s': message '%s' lacks '%s'", src, err, what);
}

Test(hld_hostile, assembler_errors_name_the_line)
{
    expect_asm_error("nop\n\n frob r1\n", "bad.s:3: unknown operation 'frob'");
    expect_asm_error("{ vdot.b a0, v0, v1 ; vdot.b a1, v0, v1 }\n", "bad.s:1: slot conflict");
    expect_asm_error("{ st.w r1, [r2+0] ; st.w r1, [r3+0] }\n", "slot conflict");
    expect_asm_error("{ add r1, r2, r3 ; add r1, r4, r5 }\n", "r1 is written twice");
    expect_asm_error("ld.w r3, [r3]+4\n", "r3 is written twice");
    expect_asm_error("addi r1, r1, 40\n", "40 is out of range -32..31");
    expect_asm_error("ld.d v0, [r1+4]\n", "4 is not a value in range (a multiple of 8");
    expect_asm_error("aqnt.b v0, a0, v3\n", "v0, v4, v8 or v12");
    expect_asm_error("asum4 a0, a2\n", "a0 or a4");
    expect_asm_error("j nowhere\n", "undefined symbol 'nowhere'");
    expect_asm_error("x: nop\n x: nop\n", "bad.s:2: symbol 'x' defined twice");
    expect_asm_error("{ nop ; vdot.b a0, v0, v1 ; nop }\n", "vdot.b cannot go in slot B");
    expect_asm_error("{ li r1, 5 ; nop ; nop }\n", "takes slots A and B");
    expect_asm_error("{ nop ; nop ; nop ; nop }\n", "more than three operations");
    expect_asm_error("{ nop ; nop\n", "must end with '}'");
    expect_asm_error(".frob 3\n", "unknown directive '.frob'");
    expect_asm_error(".byte 300\n", "does not fit 1 bytes");
    expect_asm_error(".data\n add r1, r2, r3\n", "operations belong in .text");
    expect_asm_error(".byte 1\n nop\n", "not 8-byte aligned");
    expect_asm_error("add r1, r2\n", "expected ','");
    expect_asm_error("add r1, r2, r3, r4\n", "unexpected");
    expect_asm_error("add r1, r2, v3\n", "expected a r register, found 'v3'");
    expect_asm_error("rsr r1, nosuch\n", "not a special register");
    expect_asm_error(".entry nolabel\n nop\n", "undefined label 'nolabel'");
    expect_asm_error(".space later\n .equ later, 8\n", "a size needs a value defined above");
    expect_asm_error("movi r1, 9223372036854775807 + 2\n", "out of range");   /* wraps, no overflow */
}

Test(hld_hostile, bad_images_are_refused)
{
    dsp_program_t p;
    char err[256];
    cr_assert(dsp_assemble("halt\n .data\n .word 1\n", "img.s", &p, err, sizeof err), "%s", err);
    size_t len;
    uint8_t *img = dsp_image_build(&p, &len);
    dsp_program_free(&p);
    tdsp_t *t = tdsp_new();
    uint32_t entry;
    cr_assert(dsp_image_load(t->core, img, len, &entry, err, sizeof err), "%s", err);
    cr_assert(!dsp_image_load(t->core, img, 10, &entry, err, sizeof err));
    cr_assert(strstr(err, "not an HLD image"), "%s", err);
    cr_assert(!dsp_image_load(t->core, img, len - 1, &entry, err, sizeof err));
    cr_assert(strstr(err, "runs past the end of the file"), "%s", err);
    img[4] = 9;
    cr_assert(!dsp_image_load(t->core, img, len, &entry, err, sizeof err));
    cr_assert(strstr(err, "version 9"), "%s", err);
    img[4] = 1;
    img[16 + 16 + 3] = 0x40;   /* data section address 0x40100000: outside */
    cr_assert(!dsp_image_load(t->core, img, len, &entry, err, sizeof err));
    cr_assert(strstr(err, "outside the DSP's memories"), "%s", err);
    free(img);
    tdsp_free(t);
}

Test(hld_hostile, bad_configurations_are_refused)
{
    dsp_config_t cfg;
    char err[128];
    dsp_config_default(&cfg);
    cfg.iram_bytes = 12;
    cr_assert_null(dsp_core_create(&cfg, (dsp_port_t){ 0 }, err, sizeof err));
    cr_assert(strstr(err, "instruction memory size"), "%s", err);
    dsp_config_default(&cfg);
    cfg.dram_banks = 3;
    cr_assert_null(dsp_core_create(&cfg, (dsp_port_t){ 0 }, err, sizeof err));
    cr_assert(strstr(err, "1 or 2 banks"), "%s", err);
}

/* The mailbox raises the line; waiti sleeps until then; the handler rings
 * the doorbell and returns. */
Test(hld_hostile, interrupt_wakes_waiti_and_doorbell_rings)
{
    tdsp_t *t = tdsp_new();
    tdsp_load(t,
        ".entry main\n"
        "handler: addi r9, r9, 1\n movi r1, 1\n wsr doorbell, r1\n rfi\n"
        "main: li r1, handler\n wsr irq_vec, r1\n movi r1, 1\n wsr irq_en, r1\n"
        "waiti\n addi r10, r10, 1\n halt\n");
    cr_assert_eq(tdsp_run(t, 1000), DSP_RUN_SLEEP, "%s", t->msg);
    cr_assert(strstr(t->msg, "asleep in waiti"), "%s", t->msg);
    dsp_step_info_t info;
    cr_assert_eq(dsp_core_step(t->core, &info), DSP_STEP_SLEEP);
    dsp_core_set_irq(t->core, true);
    bool rang = false;
    dsp_step_result_t r;
    int steps = 0;
    while ((r = dsp_core_step(t->core, &info)) == DSP_STEP_OK && steps++ < 100) {
        rang |= info.doorbell;
        if (info.doorbell)
            dsp_core_set_irq(t->core, false);   /* the mailbox clears the line */
    }
    cr_assert_eq(r, DSP_STEP_HALT, "%s", info.message);
    cr_assert(rang, "the handler rang the doorbell");
    cr_assert_eq(dsp_core_r(t->core, 9), 1u);
    cr_assert_eq(dsp_core_r(t->core, 10), 1u);
    tdsp_free(t);
}
