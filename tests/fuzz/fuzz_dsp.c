/* libFuzzer target of the HLD DSP: arbitrary bytes as (by the first byte)
 * assembler source, an HLDI image, or raw bundles in instruction memory
 * with registers seeded from the input.  Whatever assembles or loads is
 * disassembled and run for at most 20000 cycles with a bus port over a
 * small shared memory.  Everything must end in a clean status: no host
 * crash, no sanitizer report, no hang. */
#include <stdlib.h>
#include <string.h>

#include "../../dsp/dsp_asm.h"
#include "../../dsp/dsp_core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SHARED_BASE 0x21000000u
static uint8_t shared[4096];

static bool port_read(void *ctx, uint32_t addr, void *dst, uint32_t len, unsigned *wait)
{
    (void)ctx;
    if (addr < SHARED_BASE || (uint64_t)addr - SHARED_BASE + len > sizeof shared)
        return false;
    memcpy(dst, shared + (addr - SHARED_BASE), len);
    *wait = 3;
    return true;
}

static bool port_write(void *ctx, uint32_t addr, const void *src, uint32_t len, unsigned *wait)
{
    (void)ctx;
    if (addr < SHARED_BASE || (uint64_t)addr - SHARED_BASE + len > sizeof shared)
        return false;
    memcpy(shared + (addr - SHARED_BASE), src, len);
    *wait = 3;
    return true;
}

static void disassemble_all(const dsp_core_t *c, uint32_t bytes)
{
    char text[400];
    for (uint32_t pc = 0; pc + 8 <= bytes; pc += 8) {
        uint64_t bits;
        if (!dsp_core_read_local(c, pc, &bits, 8))
            abort();
        dsp_disasm_bundle(bits, pc, text, sizeof text);
    }
}

static void run(dsp_core_t *c, uint32_t entry, const uint8_t *seed, size_t n)
{
    dsp_core_reset(c, entry);
    for (unsigned i = 1; i < 16 && 4 * i + 4 <= n; i++) {
        uint32_t v;
        memcpy(&v, seed + 4 * i, 4);
        dsp_core_set_r(c, i, v);
    }
    char msg[200];
    if (dsp_core_run(c, 20000, msg, sizeof msg) == DSP_RUN_SLEEP) {
        dsp_core_set_irq(c, true);   /* wake it once */
        dsp_core_run(c, 40000, msg, sizeof msg);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 16384)
        return 0;
    dsp_config_t cfg;
    dsp_config_default(&cfg);
    cfg.iram_bytes = 8192;
    cfg.dram_bytes = 16384;
    char err[512];
    dsp_core_t *c = dsp_core_create(&cfg, (dsp_port_t){ NULL, port_read, port_write }, err, sizeof err);
    if (!c)
        abort();
    memset(shared, 0, sizeof shared);
    const uint8_t *in = data + 1;
    size_t n = size - 1;
    switch (data[0] % 3) {
    case 0: {   /* assembler source */
        char *src = malloc(n + 1);
        if (!src)
            abort();
        memcpy(src, in, n);
        src[n] = 0;
        dsp_program_t p;
        if (dsp_assemble(src, "fuzz.s", &p, err, sizeof err)) {
            size_t len;
            uint8_t *img = dsp_image_build(&p, &len);
            uint32_t entry;
            if (img && dsp_image_load(c, img, len, &entry, err, sizeof err)) {
                disassemble_all(c, p.text.size < cfg.iram_bytes ? p.text.size : cfg.iram_bytes);
                run(c, entry, in, n);
            }
            free(img);
            dsp_program_free(&p);
        }
        free(src);
        break;
    }
    case 1: {   /* an image */
        uint32_t entry;
        if (dsp_image_load(c, in, n, &entry, err, sizeof err))
            run(c, entry, in, n);
        break;
    }
    default:    /* raw bundles */
        if (n > cfg.iram_bytes)
            n = cfg.iram_bytes;
        if (!dsp_core_write_local(c, 0, in, (uint32_t)n))
            abort();
        disassemble_all(c, (uint32_t)n);
        run(c, 0, in, n);
        break;
    }
    dsp_core_destroy(c);
    return 0;
}
