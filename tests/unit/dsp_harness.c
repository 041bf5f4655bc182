#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "dsp_harness.h"

static bool shared_read(void *ctx, uint32_t addr, void *dst, uint32_t len, unsigned *wait)
{
    tdsp_t *t = ctx;
    if (addr < TDSP_SHARED_BASE || (uint64_t)addr - TDSP_SHARED_BASE + len > TDSP_SHARED_SIZE)
        return false;
    memcpy(dst, t->shared + (addr - TDSP_SHARED_BASE), len);
    *wait = t->shared_wait;
    t->bus_reads++;
    return true;
}

static bool shared_write(void *ctx, uint32_t addr, const void *src, uint32_t len, unsigned *wait)
{
    tdsp_t *t = ctx;
    if (addr < TDSP_SHARED_BASE || (uint64_t)addr - TDSP_SHARED_BASE + len > TDSP_SHARED_SIZE)
        return false;
    memcpy(t->shared + (addr - TDSP_SHARED_BASE), src, len);
    *wait = t->shared_wait;
    t->bus_writes++;
    return true;
}

tdsp_t *tdsp_new(void)
{
    tdsp_t *t = calloc(1, sizeof *t);
    cr_assert(t);
    dsp_config_t cfg;
    dsp_config_default(&cfg);
    char err[128];
    t->core = dsp_core_create(&cfg, (dsp_port_t){ t, shared_read, shared_write }, err, sizeof err);
    cr_assert(t->core, "%s", err);
    return t;
}

void tdsp_free(tdsp_t *t)
{
    if (!t)
        return;
    dsp_core_destroy(t->core);
    dsp_program_free(&t->prog);
    free(t);
}

void tdsp_load(tdsp_t *t, const char *src)
{
    char err[512];
    dsp_program_free(&t->prog);
    cr_assert(dsp_assemble(src, "test.s", &t->prog, err, sizeof err), "assembler: %s", err);
    size_t len;
    uint8_t *img = dsp_image_build(&t->prog, &len);
    uint32_t entry;
    cr_assert(img && dsp_image_load(t->core, img, len, &entry, err, sizeof err), "image: %s", err);
    free(img);
    dsp_core_reset(t->core, entry);
}

dsp_run_result_t tdsp_run(tdsp_t *t, uint64_t max_cycles)
{
    return dsp_core_run(t->core, max_cycles, t->msg, sizeof t->msg);
}

tdsp_t *tdsp_exec(const char *src)
{
    tdsp_t *t = tdsp_new();
    tdsp_load(t, src);
    dsp_run_result_t r = tdsp_run(t, 1000000);
    cr_assert_eq(r, DSP_RUN_HALT, "run ended with %d: %s", r, t->msg);
    return t;
}

uint32_t tdsp_sym(const tdsp_t *t, const char *name)
{
    uint32_t v = 0;
    cr_assert(dsp_program_symbol(&t->prog, name, &v), "no symbol %s", name);
    return v;
}

void tdsp_poke(tdsp_t *t, uint32_t addr, const void *src, uint32_t len)
{
    if (addr >= TDSP_SHARED_BASE) {
        cr_assert(addr - TDSP_SHARED_BASE + (uint64_t)len <= TDSP_SHARED_SIZE);
        memcpy(t->shared + (addr - TDSP_SHARED_BASE), src, len);
        return;
    }
    cr_assert(dsp_core_write_local(t->core, addr, src, len), "poke 0x%x", addr);
}

void tdsp_peek(const tdsp_t *t, uint32_t addr, void *dst, uint32_t len)
{
    if (addr >= TDSP_SHARED_BASE) {
        cr_assert(addr - TDSP_SHARED_BASE + (uint64_t)len <= TDSP_SHARED_SIZE);
        memcpy(dst, t->shared + (addr - TDSP_SHARED_BASE), len);
        return;
    }
    cr_assert(dsp_core_read_local(t->core, addr, dst, len), "peek 0x%x", addr);
}

uint64_t tdsp_cycles(const tdsp_t *t) { return dsp_core_stats(t->core)->cycles; }
