/* The runner's DSP glue (dsp.h).  The image is build/dsp/offload.hld as a C
 * array (tests/dsp/dsp_offload.mk); a build without it (e.g. a selective
 * runner) has no DSP and says so when asked for one. */
#include "dsp.h"

#include <string.h>

#include "../../runtime/dsp_offload.h"
#include "../../runtime/et_format.h"
#include "console.h"
#include "an547.h"
#include "etsim_dsp.h"

#if defined(__has_include)
#if __has_include("offload_hld.h")
#include "offload_hld.h"
#define RUNNER_HAS_DSP_IMAGE 1
#endif
#endif

#define MBOX(off) AN547_REG32(ETSIM_DSP_MAILBOX + (off))
#define SCB_DCIMVAC  AN547_REG32(0xE000EF5Cu)  /* invalidate D-cache line by address */
#define SCB_DCCMVAC  AN547_REG32(0xE000EF68u)  /* clean D-cache line by address */
#define SCB_DCCIMVAC AN547_REG32(0xE000EF70u)  /* clean and invalidate by address */
#define DCACHE_LINE  32u

/* Descriptors and the kernels' constant tables, taken from the runner's
 * metadata pool (shared SRAM) only when the DSP is used. */
#define POOL_BYTES (64u << 10)
static volatile uint32_t dsp_irqs;

void IRQ57_Handler(void);
void IRQ57_Handler(void)
{
    MBOX(ETSIM_DSP_D2A_CLR) = 1;
    dsp_irqs++;
}

static void clean(void *ctx, const void *p, size_t n)
{
    (void)ctx;
    an547_dsb();
    for (uintptr_t a = (uintptr_t)p & ~(uintptr_t)(DCACHE_LINE - 1); a < (uintptr_t)p + n; a += DCACHE_LINE)
        SCB_DCCMVAC = (uint32_t)a;
    an547_dsb();
}

/* A line only partly inside the range may hold someone else's dirty data:
 * clean it as well. */
static void invalidate(void *ctx, void *p, size_t n)
{
    (void)ctx;
    uintptr_t lo = (uintptr_t)p, hi = lo + n;
    an547_dsb();
    for (uintptr_t a = lo & ~(uintptr_t)(DCACHE_LINE - 1); a < hi; a += DCACHE_LINE) {
        if (a >= lo && a + DCACHE_LINE <= hi)
            SCB_DCIMVAC = (uint32_t)a;
        else
            SCB_DCCIMVAC = (uint32_t)a;
    }
    an547_dsb();
    an547_isb();
}

/* Ring and sleep until the DSP rings back (a fault rings too). */
static int call(void *ctx, uint32_t op, const void *desc, char *msg, size_t msglen)
{
    (void)ctx;
    uint32_t before = dsp_irqs;
    MBOX(ETSIM_DSP_A2D_MSG(0)) = op;
    MBOX(ETSIM_DSP_A2D_MSG(1)) = (uint32_t)(uintptr_t)desc;
    MBOX(ETSIM_DSP_A2D_SET) = 1;
    an547_irq_disable();
    while (dsp_irqs == before) {
        __asm volatile("wfi" ::: "memory");
        an547_irq_enable();
        an547_isb();
        an547_irq_disable();
    }
    an547_irq_enable();
    uint32_t st = MBOX(ETSIM_DSP_STATUS);
    if (st & ETSIM_DSP_STATUS_FAULTED) {
        et_format(msg, msglen, "the DSP faulted at 0x%08lx", (unsigned long)MBOX(ETSIM_DSP_FAULT_PC));
        return -1;
    }
    uint32_t status = MBOX(ETSIM_DSP_D2A_MSG(0));
    if (status != ETSIM_DSP_OK) {
        et_format(msg, msglen, "the DSP answered status %lu", (unsigned long)status);
        return -1;
    }
    return 0;
}

#ifdef RUNNER_HAS_DSP_IMAGE
/* The offload's view of the mailbox; only a runner with the image places
 * operators (the MFCC front end calls call() directly). */
static const et_dsp_port port = {NULL, call, clean, invalidate};

static uint32_t get32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* Copy the image's sections through the window (docs/dsp.md, image format). */
static int load_image(uint32_t *entry)
{
    const uint8_t *img = offload_hld;
    if (offload_hld_len < 16 || memcmp(img, "HLDI", 4) != 0)
        return -1;
    unsigned n = img[6] | img[7] << 8;
    *entry = get32(img + 8);
    for (unsigned i = 0; i < n; i++) {
        const uint8_t *s = img + 16 + 16 * i;
        uint32_t addr = get32(s), size = get32(s + 4), off = get32(s + 8);
        if (16u + 16u * n > offload_hld_len || off > offload_hld_len || size > offload_hld_len - off)
            return -1;
        volatile uint8_t *dst = (volatile uint8_t *)(uintptr_t)(ETSIM_DSP_WINDOW + addr);
        for (uint32_t b = 0; b < size; b++)
            dst[b] = img[off + b];
    }
    return 0;
}
#endif

int runner_dsp_attach(et_method *m, et_pool *mem, et_dsp_ctx **ctx)
{
#ifndef RUNNER_HAS_DSP_IMAGE
    (void)m, (void)mem, (void)ctx;
    runner_err("runner: --engine=dsp: this runner was built without the DSP image\n");
    return -1;
#else
    uint32_t entry;
    if (load_image(&entry) != 0) {
        runner_err("runner: --engine=dsp: the DSP image is malformed\n");
        return -1;
    }
    an547_nvic_unpend(ETSIM_DSP_IRQ);
    an547_nvic_enable(ETSIM_DSP_IRQ);
    MBOX(ETSIM_DSP_CTRL) = 0;
    MBOX(ETSIM_DSP_ENTRY) = entry;
    MBOX(ETSIM_DSP_CTRL) = 1;
    et_error err = {0};
    uint32_t placed = 0;
    void *pool = et_pool_alloc_uninit(mem, POOL_BYTES, &err);
    if (!pool) {
        runner_err("runner: --engine=dsp: %s\n", err.msg);
        return -1;
    }
    if (et_dsp_place(m, &port, pool, POOL_BYTES, ctx, &placed, &err) != ET_OK) {
        runner_err("runner: placing operators on the DSP: %s\n", err.msg);
        return -1;
    }
    runner_out("dsp: %lu operator calls placed on the DSP\n", (unsigned long)placed);
    return 0;
#endif
}

int runner_dsp_mfcc_frame(struct etsim_dsp_mfcc_desc *desc, const int16_t *pcm, int32_t *out, uint32_t frame,
                         char *msg, size_t msglen)
{
    desc->pcm = (uint32_t)(uintptr_t)pcm;
    desc->out = (uint32_t)(uintptr_t)out;
    desc->first = frame;
    desc->end = frame + 1;
    clean(NULL, desc, sizeof *desc);
    if (frame == 0)   /* the samples, written by the M55 before the first frame */
        clean(NULL, pcm, RUNNER_MFCC_SAMPLES * sizeof *pcm);
    if (call(NULL, ETSIM_DSP_OP_MFCC, desc, msg, msglen) != 0)
        return -1;
    invalidate(NULL, out + RUNNER_MFCC_COEFFS * frame, RUNNER_MFCC_COEFFS * sizeof *out);
    return 0;
}
