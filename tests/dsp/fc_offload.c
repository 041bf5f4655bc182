/* The M55 offloads int8 fully connected layers to the HLD DSP through the
 * mailbox (firmware/include/etsim_dsp.h) and checks every output against
 * the runtime's arithmetic (runtime/kernels/quant_math.h, as
 * quantized_linear_s8.c computes it with filter offset 0):
 *   load the offload image (dispatcher + fc_s8) through the window, release
 *   the DSP, then per layer: descriptor and tensors in shared SRAM, D-cache
 *   clean, ring, sleep in WFI until the DSP's interrupt, invalidate, compare.
 * Then hostile requests: unknown operations (answered BAD_OP), a
 * convolution whose row the dispatcher cannot hold and a softmax row too
 * long for its kernel (BAD_DESC), and a
 * descriptor pointing at unmapped memory (the DSP faults and says so).
 * Prints per layer the DSP's kernel cycles and the M55's cycles waiting.
 * etsim only (QEMU's AN547 has no DSP). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "an547.h"
#include "etsim_dsp.h"
#include "offload_hld.h"
#include "../../runtime/kernels/quant_math.h"
/* exp and the reciprocal, for the int16 sigmoid's reference */
#include "../../runtime/kernels/quant_math.c"

#define MBOX(off) AN547_REG32(ETSIM_DSP_MAILBOX + (off))
#define DCACHE_LINE 32u
#define SCB_DCIMVAC  AN547_REG32(0xE000EF5Cu)
#define SCB_DCCMVAC  AN547_REG32(0xE000EF68u)

#define MAX_N 64u
#define MAX_K 256u

/* The shared buffers: in SRAM, where both masters reach them. */
typedef struct fc_job {
    uint32_t desc[8];
    int16_t q[4];
    int8_t x[MAX_K + 8];
    int32_t bias[MAX_N], mult[MAX_N];
    int16_t shift[MAX_N];
    int8_t out[MAX_N + 8];
    int8_t w[MAX_N * MAX_K + 8];
} fc_job;
static fc_job job __attribute__((section(".sram_bss"), aligned(32)));

static volatile uint32_t dsp_irqs;

void IRQ57_Handler(void);
void IRQ57_Handler(void)
{
    MBOX(ETSIM_DSP_D2A_CLR) = 1;   /* the line drops */
    dsp_irqs++;
}

static void clean(const void *p, size_t n)
{
    an547_dsb();
    for (uintptr_t a = (uintptr_t)p & ~(uintptr_t)(DCACHE_LINE - 1); a < (uintptr_t)p + n; a += DCACHE_LINE)
        SCB_DCCMVAC = (uint32_t)a;
    an547_dsb();
}

/* The buffer is line-aligned and the DSP writes only out[]: whole lines. */
static void invalidate(const void *p, size_t n)
{
    an547_dsb();
    for (uintptr_t a = (uintptr_t)p & ~(uintptr_t)(DCACHE_LINE - 1); a < (uintptr_t)p + n; a += DCACHE_LINE)
        SCB_DCIMVAC = (uint32_t)a;
    an547_dsb();
    an547_isb();
}

static uint32_t get32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* Copy the image's sections into the DSP's memories (docs/dsp.md). */
static bool load_image(uint32_t *entry)
{
    const uint8_t *img = offload_hld;
    if (offload_hld_len < 16 || memcmp(img, "HLDI", 4) != 0)
        return false;
    unsigned n = img[6] | img[7] << 8;
    *entry = get32(img + 8);
    for (unsigned i = 0; i < n; i++) {
        const uint8_t *s = img + 16 + 16 * i;
        uint32_t addr = get32(s), size = get32(s + 4), off = get32(s + 8);
        volatile uint8_t *dst = (volatile uint8_t *)(uintptr_t)(ETSIM_DSP_WINDOW + addr);
        for (uint32_t b = 0; b < size; b++)
            dst[b] = img[off + b];
    }
    return true;
}

/* Ring with op and arg; sleep until the DSP answers (or faults). */
static uint32_t call_dsp(uint32_t op, uint32_t arg, uint32_t *dsp_cycles, uint32_t *m55_cycles)
{
    uint32_t before = dsp_irqs;
    uint32_t t0 = DWT_CYCCNT;
    MBOX(ETSIM_DSP_A2D_MSG(0)) = op;
    MBOX(ETSIM_DSP_A2D_MSG(1)) = arg;
    MBOX(ETSIM_DSP_A2D_SET) = 1;
    an547_irq_disable();
    while (dsp_irqs == before) {
        __asm volatile("wfi" ::: "memory");
        an547_irq_enable();
        an547_isb();
        an547_irq_disable();
    }
    an547_irq_enable();
    *m55_cycles = DWT_CYCCNT - t0;
    *dsp_cycles = MBOX(ETSIM_DSP_D2A_MSG(1));
    return MBOX(ETSIM_DSP_D2A_MSG(0));
}

static uint32_t rng = 12345;
static uint32_t rnd(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

static int failures;

static void check(bool ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

static void fc_layer(unsigned N, unsigned K)
{
    int32_t bias[MAX_N];
    int32_t in_off = (int32_t)(rnd() % 256) - 128, out_off = (int32_t)(rnd() % 256) - 128;
    int32_t act_min = -128 + (int32_t)(rnd() % 20), act_max = 127 - (int32_t)(rnd() % 20);
    for (unsigned k = 0; k < K; k++)
        job.x[k] = (int8_t)rnd();
    for (unsigned i = 0; i < N * K; i++)
        job.w[i] = (int8_t)rnd();
    for (unsigned o = 0; o < N; o++) {
        bias[o] = (int32_t)(rnd() % 20001) - 10000;
        job.mult[o] = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu));
        job.shift[o] = (int16_t)(-6 - (int)(rnd() % 7));
        int32_t wsum = 0;
        for (unsigned k = 0; k < K; k++)
            wsum += job.w[o * K + k];
        job.bias[o] = bias[o] + in_off * wsum;   /* the input offset folded in (fc_s8.s) */
    }
    const uint32_t desc[8] = {(uint32_t)(uintptr_t)job.x, (uint32_t)(uintptr_t)job.w,
                              (uint32_t)(uintptr_t)job.bias, (uint32_t)(uintptr_t)job.mult,
                              (uint32_t)(uintptr_t)job.shift, (uint32_t)(uintptr_t)job.out, N, K};
    memcpy(job.desc, desc, sizeof desc);
    job.q[0] = (int16_t)out_off, job.q[1] = (int16_t)act_min, job.q[2] = (int16_t)act_max, job.q[3] = 0;
    memset(job.out, 0x5A, sizeof job.out);
    clean(&job, sizeof job);
    uint32_t dsp_cycles, m55_cycles;
    uint32_t status = call_dsp(ETSIM_DSP_OP_FC_S8, (uint32_t)(uintptr_t)job.desc, &dsp_cycles, &m55_cycles);
    invalidate(job.out, sizeof job.out);
    check(status == ETSIM_DSP_OK, "fc status");
    unsigned wrong = 0;
    for (unsigned o = 0; o < N; o++) {
        int32_t acc = bias[o];
        for (unsigned k = 0; k < K; k++)
            acc += (job.x[k] + in_off) * job.w[o * K + k];
        acc = q_requantize(acc, job.mult[o], job.shift[o]) + out_off;
        if (job.out[o] != (int8_t)q_clamp(acc, act_min, act_max))
            wrong++;
    }
    check(wrong == 0, "fc outputs equal the reference");
    check(job.out[N] == 0x5A, "fc wrote nothing past the output");
    printf("fc %ux%u: %u wrong, DSP %u cycles, M55 waited %u cycles\n", N, K, wrong, (unsigned)dsp_cycles, (unsigned)m55_cycles);
}

/* Operation 11 (act16_s16): int16 sigmoid of 64 inputs through the
 * mailbox against act16_s16.s's stated definition, computed here with the
 * runtime's quant_math.c. */
static void sigmoid16_job(void)
{
    static int16_t io[2][64] __attribute__((section(".sram_bss"), aligned(32)));
    static uint32_t desc[4] __attribute__((section(".sram_bss"), aligned(32)));
    for (int i = 0; i < 64; i++)
        io[0][i] = (int16_t)(i * 1021 - 32768);
    desc[0] = (uint32_t)(uintptr_t)io[0], desc[1] = (uint32_t)(uintptr_t)io[1], desc[2] = 64, desc[3] = 0;
    clean(io, sizeof io);
    clean(desc, sizeof desc);
    uint32_t dsp_cycles, m55_cycles;
    check(call_dsp(ETSIM_DSP_OP_ACT16_S16, (uint32_t)(uintptr_t)desc, &dsp_cycles, &m55_cycles) == ETSIM_DSP_OK,
          "sigmoid16 status");
    invalidate(io[1], sizeof io[1]);
    unsigned wrong = 0;
    for (int i = 0; i < 64; i++) {
        int32_t a = io[0][i] * (1 << 14);
        int32_t p = q_one_over_one_plus_x(q_exp_on_negative_values(a < 0 ? a : -a));
        int16_t want = (int16_t)q_clamp(q_rounding_divide_by_pow2(a < 0 ? INT32_MAX - p : p, 16), -32768, 32767);
        wrong += io[1][i] != want;
    }
    check(wrong == 0, "sigmoid16 outputs equal the reference");
    printf("sigmoid16 x 64: %u wrong, DSP %u cycles\n", wrong, (unsigned)dsp_cycles);
}

/* Operation 12 (gate_s8) on the layer fc_layer has just checked: the same
 * descriptor with one row and a table must give lut[out + 128]. */
static void gate_job(void)
{
    static uint32_t desc[14] __attribute__((section(".sram_bss"), aligned(32)));
    static int8_t lut[256] __attribute__((section(".sram_bss"), aligned(32)));
    static int8_t out[MAX_N + 8] __attribute__((section(".sram_bss"), aligned(32)));
    memcpy(desc, job.desc, sizeof job.desc);
    memcpy(&desc[8], job.q, sizeof job.q);
    unsigned n = job.desc[6];
    desc[5] = (uint32_t)(uintptr_t)out;
    desc[10] = 1, desc[11] = job.desc[7], desc[12] = n;
    desc[13] = (uint32_t)(uintptr_t)lut;
    for (int i = 0; i < 256; i++)
        lut[i] = (int8_t)(255 - i);   /* any table: here out = -1 - x */
    clean(desc, sizeof desc);
    clean(lut, sizeof lut);
    uint32_t dsp_cycles, m55_cycles;
    check(call_dsp(ETSIM_DSP_OP_GATE_S8, (uint32_t)(uintptr_t)desc, &dsp_cycles, &m55_cycles) == ETSIM_DSP_OK,
          "gate status");
    invalidate(out, sizeof out);
    unsigned wrong = 0;
    for (unsigned o = 0; o < n; o++)
        wrong += out[o] != lut[job.out[o] + 128];
    check(wrong == 0, "gate outputs are the table at the layer's outputs");
    printf("gate %ux%u: %u wrong, DSP %u cycles\n", n, (unsigned)job.desc[7], wrong, (unsigned)dsp_cycles);
}

int main(void)
{
    DCB_DEMCR |= DCB_DEMCR_TRCENA;
    DWT_CTRL |= DWT_CTRL_CYCCNTENA;
    an547_nvic_unpend(ETSIM_DSP_IRQ);
    an547_nvic_enable(ETSIM_DSP_IRQ);
    uint32_t entry = 0;
    check(load_image(&entry), "image");
    MBOX(ETSIM_DSP_ENTRY) = entry;
    MBOX(ETSIM_DSP_CTRL) = 1;
    fc_layer(4, 16);
    fc_layer(12, 48);
    fc_layer(32, 160);
    fc_layer(64, 256);
    gate_job();
    sigmoid16_job();

    uint32_t dsp_cycles, m55_cycles;
    check(call_dsp(77, 0, &dsp_cycles, &m55_cycles) == ETSIM_DSP_BAD_OP, "unknown operation answered BAD_OP");
    check(MBOX(ETSIM_DSP_STATUS) == (ETSIM_DSP_STATUS_RUNNING | ETSIM_DSP_STATUS_ASLEEP), "dispatcher idle again");
    /* The last operation of the kernels' table (5..31) has no kernel. */
    check(call_dsp(31, 0, &dsp_cycles, &m55_cycles) == ETSIM_DSP_BAD_OP, "operation 31 answered BAD_OP");
    /* A convolution whose im2col row is longer than the dispatcher's. */
    uint32_t *conv = (uint32_t *)(void *)job.w;
    memset(conv, 0, 112);
    conv[7] = 8192;   /* K16 */
    clean(conv, 112);
    check(call_dsp(ETSIM_DSP_OP_CONV_S8, (uint32_t)(uintptr_t)conv, &dsp_cycles, &m55_cycles) == ETSIM_DSP_BAD_DESC,
          "a convolution row too long answered BAD_DESC");
    /* A softmax row longer than the kernel's buffer. */
    memset(conv, 0, 32);
    conv[3] = 1000;   /* n */
    clean(conv, 32);
    check(call_dsp(ETSIM_DSP_OP_SOFTMAX_S8, (uint32_t)(uintptr_t)conv, &dsp_cycles, &m55_cycles) == ETSIM_DSP_BAD_DESC,
          "a softmax row too long answered BAD_DESC");
    check(MBOX(ETSIM_DSP_STATUS) == (ETSIM_DSP_STATUS_RUNNING | ETSIM_DSP_STATUS_ASLEEP), "dispatcher idle again");
    fc_layer(8, 32);   /* still serving */

    /* A descriptor in unmapped memory: the DSP faults and rings. */
    call_dsp(ETSIM_DSP_OP_FC_S8, 0xF0000000u, &dsp_cycles, &m55_cycles);
    check(MBOX(ETSIM_DSP_STATUS) == ETSIM_DSP_STATUS_FAULTED, "bad descriptor: the DSP faulted");
    printf("bad descriptor: DSP status 0x%x, fault at 0x%08x\n", (unsigned)MBOX(ETSIM_DSP_STATUS),
           (unsigned)MBOX(ETSIM_DSP_FAULT_PC));
    /* Held in reset and released: it serves again. */
    MBOX(ETSIM_DSP_CTRL) = 0;
    MBOX(ETSIM_DSP_CTRL) = 1;
    fc_layer(4, 16);
    printf("fc_offload: %s\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
