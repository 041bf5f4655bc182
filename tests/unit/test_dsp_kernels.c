/* The HLD kernels in dsp/kernels/ run on the core against C references:
 * fc_s8 bit-exact with the runtime's requantize arithmetic on seeded
 * random data; the real FFTs (256, 512, 640) within a stated tolerance
 * of a double-precision DFT.  Their cycle counts are printed for
 * docs/dsp.md (HIFI.md section 4 compares). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/kernels/quant_math.h"
#include "../../tools/mfcc_ref.h"
/* the runtime's exp and reciprocal (only this test uses them) */
#include "../../runtime/kernels/quant_math.c"
#include "dsp_harness.h"

static char *read_source(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "cannot open %s (run the tests from the repository root)", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    cr_assert(s && fread(s, 1, (size_t)n, f) == (size_t)n);
    s[n] = 0;
    fclose(f);
    return s;
}

/* Assemble a driver that calls `fn` with r2 = arg between two CCOUNT
 * reads, followed by the sources of paths (NULL-terminated: the kernel,
 * then the kernels or subroutines it calls). */
static void load_kernels(tdsp_t *t, const char *const *paths, const char *fn, uint32_t arg)
{
    size_t n = 512;
    char *parts[4] = {NULL};
    for (int i = 0; paths[i]; i++) {
        cr_assert(i < 4);
        parts[i] = read_source(paths[i]);
        n += strlen(parts[i]) + 8;
    }
    char *src = malloc(n);
    int used = snprintf(src, n, ".entry main\n"
                                "main: li r2, 0x%x\n rsr r14, ccount\n call %s\n rsr r15, ccount\n halt\n",
                        arg, fn);
    for (int i = 0; i < 4 && parts[i]; i++) {
        used += snprintf(src + used, n - (size_t)used, "%s\n.text\n", parts[i]);
        free(parts[i]);
    }
    tdsp_load(t, src);
    free(src);
}

static void load_kernel(tdsp_t *t, const char *path, const char *fn, uint32_t arg)
{
    const char *const paths[] = {path, NULL};
    load_kernels(t, paths, fn, arg);
}

static uint32_t kernel_cycles(const tdsp_t *t)
{
    /* CCOUNT after the return minus CCOUNT before the call, less the
     * rsr bundle itself */
    return dsp_core_r(t->core, 15) - dsp_core_r(t->core, 14) - 1;
}

static uint64_t rng = 1;
static uint32_t rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33);
}

#define FC_DESC 0x110000u
#define FC_X    0x110100u
#define FC_BIAS 0x110400u   /* bias, mult, shift */
#define FC_OUT  0x111000u
#define FC_W    0x100000u

static void put32(tdsp_t *t, uint32_t addr, uint32_t v) { tdsp_poke(t, addr, &v, 4); }

/* Run the loaded kernel to its halt and read its n output bytes at addr,
 * checking that it wrote nothing past them (a guard word). */
static void run_guarded(tdsp_t *t, uint32_t addr, void *out, uint32_t n, uint64_t max_cycles)
{
    put32(t, addr + n, 0xA5A5A5A5u);
    cr_assert_eq(tdsp_run(t, max_cycles), DSP_RUN_HALT, "%s", t->msg);
    tdsp_peek(t, addr, out, n);
    uint32_t guard;
    tdsp_peek(t, addr + n, &guard, 4);
    cr_assert_eq(guard, 0xA5A5A5A5u, "wrote past the output");
}

/* A random fully connected layer of N outputs over K inputs and `rows`
 * input vectors, its bias also with the input offset folded in (as the
 * kernels take it). */
typedef struct fc_layer {
    unsigned rows, N, K;
    int8_t *x, *w;
    int32_t *bias, *folded, *mult;
    int16_t *shift;
    int32_t in_off, out_off, act_min, act_max;
} fc_layer;

static fc_layer fc_random(unsigned rows, unsigned N, unsigned K, uint64_t seed)
{
    rng = seed;
    fc_layer l = {rows, N, K, malloc(rows * K), malloc((size_t)N * K), malloc(N * 4), malloc(N * 4), malloc(N * 4),
                  malloc(N * 2), 0, 0, 0, 0};
    l.in_off = (int32_t)(rnd() % 256) - 128, l.out_off = (int32_t)(rnd() % 256) - 128;
    l.act_min = -128 + (int32_t)(rnd() % 20), l.act_max = 127 - (int32_t)(rnd() % 20);
    for (unsigned k = 0; k < rows * K; k++)
        l.x[k] = (int8_t)rnd();
    for (unsigned i = 0; i < N * K; i++)
        l.w[i] = (int8_t)rnd();
    for (unsigned o = 0; o < N; o++) {
        l.bias[o] = (int32_t)(rnd() % 20001) - 10000;
        l.mult[o] = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu));
        l.shift[o] = (int16_t)(-6 - (int)(rnd() % 7));
        int32_t wsum = 0;
        for (unsigned k = 0; k < K; k++)
            wsum += l.w[o * K + k];
        l.folded[o] = l.bias[o] + l.in_off * wsum;
    }
    return l;
}

/* Output o of row r: the runtime's reference (quantized_linear_s8.c,
 * filter offset 0). */
static int8_t fc_ref(const fc_layer *l, unsigned r, unsigned o)
{
    int32_t acc = l->bias[o];
    for (unsigned k = 0; k < l->K; k++)
        acc += (l->x[r * l->K + k] + l->in_off) * l->w[o * l->K + k];
    return (int8_t)q_clamp(q_requantize(acc, l->mult[o], l->shift[o]) + l->out_off, l->act_min, l->act_max);
}

/* The layer into the DSP's memory, and fc_s8's descriptor at desc (x at
 * x, out at out, the tables after w). */
static void fc_poke(tdsp_t *t, const fc_layer *l, uint32_t desc, uint32_t x, uint32_t w, uint32_t tables,
                    uint32_t out)
{
    uint32_t bias = tables, mult = bias + l->N * 4, shift = mult + l->N * 4;
    tdsp_poke(t, x, l->x, l->rows * l->K);
    tdsp_poke(t, w, l->w, l->N * l->K);
    tdsp_poke(t, bias, l->folded, l->N * 4);
    tdsp_poke(t, mult, l->mult, l->N * 4);
    tdsp_poke(t, shift, l->shift, l->N * 2);
    const uint32_t d[8] = {x, w, bias, mult, shift, out, l->N, l->K};
    tdsp_poke(t, desc, d, sizeof d);
    int16_t q[4] = {(int16_t)l->out_off, (int16_t)l->act_min, (int16_t)l->act_max, 0};
    tdsp_poke(t, desc + 32, q, sizeof q);
}

static void fc_free(fc_layer *l)
{
    free(l->x); free(l->w); free(l->bias); free(l->folded); free(l->mult); free(l->shift);
}

/* One fully connected layer of N outputs over K inputs; returns cycles. */
static uint32_t run_fc(unsigned N, unsigned K, uint64_t seed)
{
    fc_layer l = fc_random(1, N, K, seed);
    int8_t *out = malloc(N);
    tdsp_t *t = tdsp_new();
    load_kernel(t, "dsp/kernels/fc_s8.s", "fc_s8", FC_DESC);
    fc_poke(t, &l, FC_DESC, FC_X, FC_W, FC_BIAS, FC_OUT);
    run_guarded(t, FC_OUT, out, N, 10000000);
    for (unsigned o = 0; o < N; o++)
        cr_assert_eq(out[o], fc_ref(&l, 0, o), "N %u K %u output %u: got %d want %d", N, K, o, out[o],
                     fc_ref(&l, 0, o));
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    fc_free(&l);
    free(out);
    return cycles;
}

Test(hld_kernels, fc_s8_small_shapes_bit_exact)
{
    run_fc(4, 16, 7);
    run_fc(12, 48, 8);
    run_fc(32, 160, 9);
}

Test(hld_kernels, fc_s8_256x256_bit_exact_and_its_cycles)
{
    uint32_t cycles = run_fc(256, 256, 42);
    /* 65536 MACs: 8192 cycles of MACs at 8 per cycle is the floor; HIFI.md
     * 5.5 estimates 8.7 k for a HiFi 4 class core. */
    cr_log_info("fc_s8 256x256: %u cycles (%.2f MAC/cycle)", cycles, 65536.0 / cycles);
    fprintf(stderr, "hld fc_s8 256x256: %u cycles, %.2f MAC/cycle\n", cycles, 65536.0 / cycles);
    cr_assert_geq(cycles, 8192u);
    cr_assert_lt(cycles, 9500u, "the schedule regressed: %u cycles", cycles);
}

/* ---- rfft.s: real FFTs of 256, 512 and 640 points --------------------- */

#define FFT_BUF 0x110000u   /* rfft_buf: the output follows the M = N/2 pairs */
#define FFT_X   0x112000u   /* past the 640-point output (ends 0x111420) */

/* One size of rfft.s: its entry, the bins it writes and the scale of its
 * result (X = DFT / scale). */
typedef struct {
    int n;
    const char *fn;
    int bins;
    double scale;
} fft_size_t;

static const fft_size_t FFT256 = { 256, "fft256", 132, 256 };
static const fft_size_t FFT512 = { 512, "fft512", 260, 512 };
static const fft_size_t FFT640 = { 640, "fft640", 324, 1024 };

/* Runs one size on x; returns cycles, the largest error of its bins
 * against a double-precision DFT / scale in output units, and the largest
 * reference magnitude. */
static uint32_t run_fft(const fft_size_t *sz, const int32_t *x, double *max_err, double *max_mag)
{
    tdsp_t *t = tdsp_new();
    load_kernel(t, "dsp/kernels/rfft.s", sz->fn, FFT_X);
    tdsp_poke(t, FFT_X, x, (uint32_t)sz->n * 4);
    cr_assert_eq(tdsp_run(t, 1000000), DSP_RUN_HALT, "%s", t->msg);
    int32_t *out = malloc((size_t)sz->bins * 8);
    tdsp_peek(t, FFT_BUF + 4u * (uint32_t)sz->n, out, (uint32_t)sz->bins * 8);
    *max_err = *max_mag = 0;
    for (int k = 0; k < sz->bins; k++) {
        double re = 0, im = 0;
        for (int n = 0; n < sz->n; n++) {
            double a = -2 * M_PI * (double)((n * k) % sz->n) / sz->n;
            re += x[n] * cos(a);
            im += x[n] * sin(a);
        }
        re /= sz->scale;
        im /= sz->scale;
        double e = fmax(fabs(out[2 * k] - re), fabs(out[2 * k + 1] - im));
        *max_err = fmax(*max_err, e);
        *max_mag = fmax(*max_mag, fmax(fabs(re), fabs(im)));
    }
    free(out);
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    return cycles;
}

/* Stated tolerance: the largest error of any bin, real or imaginary part,
 * at most 2^-13 of the largest bin's magnitude (78 dB).  The error is
 * dominated by the 16-bit (Q14) twiddles, good to 2^-15, in the last
 * stages and the split (the halving of earlier stages shrinks their
 * errors); measured on random input: 256: 30.6 units against 600779
 * (5.1e-5); 512 and 640: printed by the tests. */
#define FFT_TOLERANCE (1.0 / 8192)

/* Random +-2^23 samples: the error, the cycles and a cycle bound that
 * catches a schedule regression. */
static void fft_random(const fft_size_t *sz, uint32_t max_cycles)
{
    int32_t x[640];
    rng = 2026;
    for (int n = 0; n < sz->n; n++)
        x[n] = (int32_t)(rnd() % (1u << 24)) - (1 << 23);
    double err, mag;
    uint32_t cycles = run_fft(sz, x, &err, &mag);
    fprintf(stderr, "hld %s (real input): %u cycles, max error %.2f units, max |X| %.0f (%.1e)\n",
            sz->fn, cycles, err, mag, err / mag);
    cr_assert_leq(err, FFT_TOLERANCE * mag, "%s: max error %.2f of %.0f", sz->fn, err, mag);
    cr_assert_gt(mag, 1e5);
    cr_assert_lt(cycles, max_cycles, "%s: the schedule regressed: %u cycles", sz->fn, cycles);
}

/* Two tones and an offset: the big bins in place, the rest near 0. */
static void fft_tones(const fft_size_t *sz)
{
    int32_t x[640];
    for (int n = 0; n < sz->n; n++)
        x[n] = (int32_t)lround(4000000.0 * cos(2 * M_PI * 10 * n / sz->n) +
                               2000000.0 * sin(2 * M_PI * 37 * n / sz->n) + 100000.0);
    double err, mag;
    run_fft(sz, x, &err, &mag);
    cr_assert_leq(err, FFT_TOLERANCE * mag, "%s: max error %.2f of %.0f", sz->fn, err, mag);
    cr_assert_gt(mag, 1e6);
}

/* The largest input the kernel promises (|x| < 2^30, here all 2^30 - 1
 * and alternating signs: the DC and Nyquist bins at full scale) must
 * not wrap. */
static void fft_full_scale(const fft_size_t *sz)
{
    int32_t x[640];
    for (int pattern = 0; pattern < 2; pattern++) {
        for (int n = 0; n < sz->n; n++)
            x[n] = pattern == 0 || n % 2 == 0 ? (1 << 30) - 1 : -((1 << 30) - 1);
        double err, mag;
        run_fft(sz, x, &err, &mag);
        cr_assert_leq(err, FFT_TOLERANCE * mag, "%s pattern %d: max error %.2f of %.0f", sz->fn, pattern, err, mag);
    }
}

Test(hld_kernels, fft256_random_signal_within_tolerance_and_its_cycles) { fft_random(&FFT256, 3200u); }
Test(hld_kernels, fft256_tones_land_in_their_bins) { fft_tones(&FFT256); }
Test(hld_kernels, fft256_full_scale_does_not_wrap) { fft_full_scale(&FFT256); }
Test(hld_kernels, fft512_random_signal_within_tolerance_and_its_cycles) { fft_random(&FFT512, 7000u); }
Test(hld_kernels, fft512_tones_land_in_their_bins) { fft_tones(&FFT512); }
Test(hld_kernels, fft512_full_scale_does_not_wrap) { fft_full_scale(&FFT512); }
Test(hld_kernels, fft640_random_signal_within_tolerance_and_its_cycles) { fft_random(&FFT640, 9000u); }
Test(hld_kernels, fft640_tones_land_in_their_bins) { fft_tones(&FFT640); }
Test(hld_kernels, fft640_full_scale_does_not_wrap) { fft_full_scale(&FFT640); }

/* ---- dw_s8: depthwise convolution ------------------------------------- */

#define DW_DESC 0x101000u
#define DW_X    0x101100u   /* up to 0x6000 bytes */
#define DW_W    0x107100u
#define DW_BIAS 0x108100u
#define DW_MULT 0x108500u
#define DW_SHIFT 0x108900u
#define DW_OUT  0x110000u   /* bank 1 */

/* One layer on random data against the runtime's reference loop
 * (quantized_depthwise_conv2d_s8.c, depth multiplier 1); returns cycles. */
static uint32_t run_dw(int H, int W, int C, int KH, int KW, int sy, int sx, int py, int px, uint64_t seed)
{
    rng = seed;
    int Ho = (H + 2 * py - KH) / sy + 1, Wo = (W + 2 * px - KW) / sx + 1;
    size_t nx = (size_t)H * W * C, nw = (size_t)KH * KW * C, no = (size_t)Ho * Wo * C;
    cr_assert(nx <= 0x6000 && nw <= 0x1000 && C <= 256 && no <= 0xFF00);
    int8_t *x = malloc(nx), *w = malloc(nw), *out = malloc(no);
    int32_t *bias = malloc((size_t)C * 4), *mult = malloc((size_t)C * 4);
    int16_t *shift = malloc((size_t)C * 2);
    int32_t in_off = (int32_t)(rnd() % 256) - 128, out_off = (int32_t)(rnd() % 256) - 128;
    int32_t act_min = -128 + (int32_t)(rnd() % 20), act_max = 127 - (int32_t)(rnd() % 20);
    for (size_t i = 0; i < nx; i++)
        x[i] = (int8_t)rnd();
    for (size_t i = 0; i < nw; i++)
        w[i] = (int8_t)rnd();
    for (int c = 0; c < C; c++) {
        bias[c] = (int32_t)(rnd() % 20001) - 10000;
        mult[c] = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu));
        shift[c] = (int16_t)(-4 - (int)(rnd() % 7));
    }
    tdsp_t *t = tdsp_new();
    load_kernel(t, "dsp/kernels/dw_s8.s", "dw_s8", DW_DESC);
    tdsp_poke(t, DW_X, x, (uint32_t)nx);
    tdsp_poke(t, DW_W, w, (uint32_t)nw);
    tdsp_poke(t, DW_BIAS, bias, (uint32_t)C * 4);
    tdsp_poke(t, DW_MULT, mult, (uint32_t)C * 4);
    tdsp_poke(t, DW_SHIFT, shift, (uint32_t)C * 2);
    const uint32_t desc[18] = {DW_X, DW_W, DW_BIAS, DW_MULT, DW_SHIFT, DW_OUT, (uint32_t)C, (uint32_t)H, (uint32_t)W,
                               (uint32_t)Ho, (uint32_t)Wo, (uint32_t)KH, (uint32_t)KW, (uint32_t)sy, (uint32_t)sx,
                               (uint32_t)py, (uint32_t)px, (uint32_t)in_off};
    tdsp_poke(t, DW_DESC, desc, sizeof desc);
    int16_t q[4] = {(int16_t)out_off, (int16_t)act_min, (int16_t)act_max, 0};
    tdsp_poke(t, DW_DESC + 72, q, sizeof q);
    run_guarded(t, DW_OUT, out, (uint32_t)no, 50000000);
    for (int oy = 0; oy < Ho; oy++)
        for (int ox = 0; ox < Wo; ox++)
            for (int c = 0; c < C; c++) {
                int32_t acc = bias[c];
                for (int ky = 0; ky < KH; ky++)
                    for (int kx = 0; kx < KW; kx++) {
                        int iy = oy * sy - py + ky, ix = ox * sx - px + kx;
                        if (iy < 0 || iy >= H || ix < 0 || ix >= W)
                            continue;
                        acc += (x[((size_t)iy * W + ix) * C + c] + in_off) * w[((size_t)ky * KW + kx) * C + c];
                    }
                acc = q_requantize(acc, mult[c], shift[c]) + out_off;
                int8_t want = (int8_t)q_clamp(acc, act_min, act_max);
                size_t i = ((size_t)oy * Wo + ox) * C + c;
                cr_assert_eq(out[i], want, "%dx%dx%d k%dx%d s%d,%d p%d,%d: out[%d][%d][%d] got %d want %d", H, W, C,
                             KH, KW, sy, sx, py, px, oy, ox, c, out[i], want);
            }
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(x); free(w); free(out); free(bias); free(mult); free(shift);
    return cycles;
}

Test(hld_kernels, dw_s8_random_shapes_bit_exact)
{
    run_dw(5, 4, 4, 3, 3, 1, 1, 1, 1, 11);
    run_dw(7, 6, 8, 3, 3, 2, 2, 1, 1, 12);
    run_dw(6, 5, 12, 3, 2, 1, 2, 0, 1, 13);
    run_dw(4, 4, 16, 5, 5, 1, 1, 2, 2, 14);
    run_dw(9, 3, 4, 1, 1, 1, 1, 0, 0, 15);
}

/* KWS's depthwise layers: 25 x 5 x 64, 3 x 3, stride 1, padding 1. */
Test(hld_kernels, dw_s8_kws_layer_bit_exact_and_its_cycles)
{
    uint32_t cycles = run_dw(25, 5, 64, 3, 3, 1, 1, 1, 1, 21);
    printf("hld dw_s8 25x5x64 3x3: %u cycles, %.2f MAC/cycle\n", cycles, 25.0 * 5 * 64 * 9 / cycles);
}

/* ---- avg_s8: average pooling --------------------------------------------- */

/* One pooling on random data against the runtime's arithmetic
 * (quantized_avg_pool2d_s8.c: the mean of the window's positions inside
 * the input, rounded half away from zero); returns cycles. */
static uint32_t run_avg(int H, int W, int C, int KH, int KW, int sy, int sx, int py, int px, uint64_t seed)
{
    rng = seed;
    int Ho = (H + 2 * py - KH) / sy + 1, Wo = (W + 2 * px - KW) / sx + 1;
    size_t nx = (size_t)H * W * C, no = (size_t)Ho * Wo * C;
    cr_assert(nx <= 0x6000 && no <= 0xFF00);
    int8_t *x = malloc(nx), *out = malloc(no);
    for (size_t i = 0; i < nx; i++)
        x[i] = (int8_t)rnd();
    if (seed & 1)   /* extremes: every value -128 or 127 */
        for (size_t i = 0; i < nx; i++)
            x[i] = (rnd() & 1) ? 127 : -128;
    tdsp_t *t = tdsp_new();
    load_kernel(t, "dsp/kernels/avg_s8.s", "avg_s8", DW_DESC);
    tdsp_poke(t, DW_X, x, (uint32_t)nx);
    const uint32_t desc[17] = {DW_X, 0, 0, 0, 0, DW_OUT, (uint32_t)C, (uint32_t)H, (uint32_t)W, (uint32_t)Ho,
                               (uint32_t)Wo, (uint32_t)KH, (uint32_t)KW, (uint32_t)sy, (uint32_t)sx, (uint32_t)py,
                               (uint32_t)px};
    tdsp_poke(t, DW_DESC, desc, sizeof desc);
    run_guarded(t, DW_OUT, out, (uint32_t)no, 50000000);
    for (int oy = 0; oy < Ho; oy++)
        for (int ox = 0; ox < Wo; ox++) {
            int y0 = oy * sy - py < 0 ? 0 : oy * sy - py, y1 = oy * sy - py + KH > H ? H : oy * sy - py + KH;
            int x0 = ox * sx - px < 0 ? 0 : ox * sx - px, x1 = ox * sx - px + KW > W ? W : ox * sx - px + KW;
            int count = (y1 - y0) * (x1 - x0);
            for (int c = 0; c < C; c++) {
                int32_t sum = 0;
                for (int y = y0; y < y1; y++)
                    for (int xx = x0; xx < x1; xx++)
                        sum += x[((size_t)y * W + xx) * C + c];
                int32_t avg = sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count;
                int8_t want = (int8_t)(avg > 127 ? 127 : avg < -128 ? -128 : avg);
                size_t i = ((size_t)oy * Wo + ox) * C + c;
                cr_assert_eq(out[i], want, "%dx%dx%d k%dx%d s%d,%d p%d,%d: out[%d][%d][%d] got %d want %d (sum %d/%d)",
                             H, W, C, KH, KW, sy, sx, py, px, oy, ox, c, out[i], want, sum, count);
            }
        }
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(x); free(out);
    return cycles;
}

Test(hld_kernels, avg_s8_random_shapes_bit_exact)
{
    run_avg(5, 4, 4, 3, 3, 1, 1, 1, 1, 31);
    run_avg(7, 6, 8, 2, 2, 2, 2, 0, 0, 32);
    run_avg(6, 5, 12, 3, 2, 1, 2, 1, 1, 33);
    run_avg(9, 3, 4, 4, 3, 3, 1, 2, 1, 34);
}

/* KWS's global average pooling: 25 x 5 x 64 to 1 x 1 x 64. */
Test(hld_kernels, avg_s8_kws_global_pool_bit_exact_and_its_cycles)
{
    uint32_t cycles = run_avg(25, 5, 64, 25, 5, 1, 1, 0, 0, 41);
    run_avg(25, 5, 64, 25, 5, 1, 1, 0, 0, 42);
    printf("hld avg_s8 25x5x64 global: %u cycles\n", cycles);
}

/* ---- mfcc.s: the KWS front end (MODELS.md 3.4) ------------------------- */

/* mfcc calls fft640: its image holds both sources */
static const char *const MFCC_SOURCES[] = {"dsp/kernels/mfcc.s", "dsp/kernels/rfft.s", NULL};

#define MFCC_DESC 0x114000u                     /* DRAM bank 1, past the kernel's buffers */
#define MFCC_PCM  TDSP_SHARED_BASE              /* int16[16000] in shared memory */
#define MFCC_OUT  (TDSP_SHARED_BASE + 0x8000u)  /* int32[49][10], Q8 */

/* Stated tolerance: every feature within 1 step of the model's input
 * quantisation (2.82) of the double-precision reference, after both are
 * quantised as the model does; the float error is printed.  The kernel's
 * own error budget (docs/dsp.md): the FFT's 2^-13 of its largest bin, the
 * Q15 window and weights, the Q16 log2 table (4.4e-5), the Q30 DCT. */
typedef struct {
    double max_err;      /* feature units */
    int max_steps;       /* quantised steps */
    int off_by_one;      /* features whose int8 differs from the reference's */
    uint32_t cycles;
} mfcc_result_t;

static mfcc_result_t run_mfcc(const int16_t *pcm, int frames)
{
    tdsp_t *t = tdsp_new();
    load_kernels(t, MFCC_SOURCES, "mfcc", MFCC_DESC);
    tdsp_poke(t, MFCC_PCM, pcm, MFCC_SAMPLES * 2);
    const uint32_t desc[4] = { MFCC_PCM, MFCC_OUT, 0, (uint32_t)frames };
    tdsp_poke(t, MFCC_DESC, desc, sizeof desc);
    put32(t, MFCC_OUT + (uint32_t)frames * 40, 0xA5A5A5A5u);   /* guard */
    cr_assert_eq(tdsp_run(t, 50000000), DSP_RUN_HALT, "%s", t->msg);
    static int32_t got[MFCC_FRAMES][MFCC_COEFFS];
    static double want[MFCC_FRAMES][MFCC_COEFFS];
    tdsp_peek(t, MFCC_OUT, got, (uint32_t)frames * 40);
    uint32_t guard;
    tdsp_peek(t, MFCC_OUT + (uint32_t)frames * 40, &guard, 4);
    cr_assert_eq(guard, 0xA5A5A5A5u, "wrote past the output");
    mfcc_ref(pcm, want);
    mfcc_result_t r = { 0, 0, 0, kernel_cycles(t) };
    for (int f = 0; f < frames; f++)
        for (int c = 0; c < MFCC_COEFFS; c++) {
            double g = got[f][c] / 256.0;
            r.max_err = fmax(r.max_err, fabs(g - want[f][c]));
            int d = abs(mfcc_ref_quantize(g, MFCC_KWS_SCALE, MFCC_KWS_ZERO_POINT) -
                        mfcc_ref_quantize(want[f][c], MFCC_KWS_SCALE, MFCC_KWS_ZERO_POINT));
            r.off_by_one += d != 0;
            if (d > r.max_steps)
                r.max_steps = d;
            cr_expect_leq(d, 1, "frame %d coefficient %d: %.3f, reference %.3f", f, c, g, want[f][c]);
        }
    tdsp_free(t);
    return r;
}

static void mfcc_check(const char *what, const int16_t *pcm, int frames)
{
    mfcc_result_t r = run_mfcc(pcm, frames);
    fprintf(stderr, "hld mfcc %s: %d frames, %u cycles (%u per frame), max error %.4f, %d of %d features 1 step off\n",
            what, frames, r.cycles, r.cycles / (uint32_t)frames, r.max_err, r.off_by_one, frames * MFCC_COEFFS);
    cr_assert_leq(r.max_steps, 1, "%s: %d steps off", what, r.max_steps);
}

/* A word-like signal: silence, then harmonics of a gliding pitch under a
 * rising and falling envelope, with noise (seeded). */
static void synth_word(int16_t *pcm, double peak, uint64_t seed)
{
    rng = seed;
    double phase = 0;
    for (int n = 0; n < MFCC_SAMPLES; n++) {
        double tsec = n / (double)MFCC_RATE;
        double env = tsec < 0.2 || tsec > 0.8 ? 0 : sin(M_PI * (tsec - 0.2) / 0.6);
        double f0 = 120 + 80 * tsec;
        phase += 2 * M_PI * f0 / MFCC_RATE;
        double v = 0;
        for (int h = 1; h <= 12; h++)
            v += sin(h * phase) / h;
        double noise = ((double)(rnd() % 2001) - 1000) / 1000.0;
        double s = peak * (env * v / 3.1 + 0.002 * noise);
        pcm[n] = (int16_t)lround(fmax(-32768, fmin(32767, s)));
    }
}

Test(hld_kernels, mfcc_word_like_signal_within_one_step_and_its_cycles)
{
    static int16_t pcm[MFCC_SAMPLES];
    synth_word(pcm, 20000, 5);
    mfcc_check("word-like, loud", pcm, MFCC_FRAMES);
}

Test(hld_kernels, mfcc_quiet_and_full_scale_signals_within_one_step)
{
    static int16_t pcm[MFCC_SAMPLES];
    synth_word(pcm, 300, 6);
    mfcc_check("word-like, quiet", pcm, 12);
    /* A full-scale square wave at 250 Hz with noise 60 dB below it: no
     * overflow anywhere.  (Without the noise its bands between the
     * harmonics are 100 dB down, below the FFT's error floor, ~ -88 dB
     * of the largest bin: c0 is then 25 units off, docs/dsp.md.) */
    rng = 7;
    for (int n = 0; n < MFCC_SAMPLES; n++) {
        int v = ((n / 32) % 2 ? 32767 : -32768) + (int)(rnd() % 65) - 32;
        pcm[n] = (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
    }
    mfcc_check("full-scale square + noise", pcm, 4);
}

/* A descriptor asking for frames past the last or from a negative one:
 * nothing is computed beyond frame 48, nothing at all from frame -1. */
Test(hld_kernels, mfcc_frames_outside_the_second_are_not_computed)
{
    static int16_t pcm[MFCC_SAMPLES];
    memset(pcm, 0, sizeof pcm);
    uint32_t ranges[2][2] = { { 47, 1000 }, { 0xFFFFFFFFu, 3 } };
    uint32_t want_written[2] = { 2, 0 };
    for (int i = 0; i < 2; i++) {
        tdsp_t *t = tdsp_new();
        load_kernels(t, MFCC_SOURCES, "mfcc", MFCC_DESC);
        tdsp_poke(t, MFCC_PCM, pcm, MFCC_SAMPLES * 2);
        const uint32_t desc[4] = { MFCC_PCM, MFCC_OUT, ranges[i][0], ranges[i][1] };
        tdsp_poke(t, MFCC_DESC, desc, sizeof desc);
        static int32_t out[MFCC_FRAMES + 1][MFCC_COEFFS];
        memset(out, 0x5A, sizeof out);
        tdsp_poke(t, MFCC_OUT, out, sizeof out);
        cr_assert_eq(tdsp_run(t, 5000000), DSP_RUN_HALT, "%s", t->msg);
        tdsp_peek(t, MFCC_OUT, out, sizeof out);
        uint32_t written = 0;
        for (int f = 0; f <= MFCC_FRAMES; f++)
            written += out[f][0] != 0x5A5A5A5A;
        cr_assert_eq(written, want_written[i], "range %u..%u: %u frames written", ranges[i][0], ranges[i][1], written);
        cr_assert_eq(out[MFCC_FRAMES][0], 0x5A5A5A5A, "wrote past frame 48");
        tdsp_free(t);
    }
}

/* Digital silence: every band at the floor, ln(1e-6): c0 = 80 ln(1e-6)
 * = -1105.2, the others 0. */
Test(hld_kernels, mfcc_silence_is_the_floor)
{
    static int16_t pcm[MFCC_SAMPLES];
    memset(pcm, 0, sizeof pcm);
    static double ref[MFCC_FRAMES][MFCC_COEFFS];
    mfcc_ref(pcm, ref);
    cr_assert_float_eq(ref[0][0], 80 * log(1e-6), 1e-9);
    cr_assert_float_eq(ref[48][5], 0, 1e-9);
    mfcc_check("silence", pcm, 3);
}

/* ---- conv_s8: convolution (im2col row + fc_s8) ---------------------------- */

#define CV_DESC  0x101000u
#define CV_ROW   0x101100u   /* K16 + 8 <= 0xF00 */
#define CV_X     0x102000u   /* up to 0x6000 bytes */
#define CV_BIAS  0x108000u
#define CV_MULT  0x108400u
#define CV_SHIFT 0x108800u
#define CV_W     0x110000u   /* bank 1, up to 0x8000 */
#define CV_OUT   0x118000u   /* up to 0x7F00 */

typedef struct conv_shape {
    int H, W, IC, OC, KH, KW, sy, sx, py, px, dy, dx;
} conv_shape;

/* One convolution on random data against the runtime's reference loop
 * (quantized_conv2d_s8.c, one group); the weights go to the kernel as the
 * M55's placement lays them out (rows padded with zeros to 16 bytes, the
 * input offset folded into the kernel sums).  Returns cycles. */
static uint32_t run_conv(conv_shape s, uint64_t seed)
{
    rng = seed;
    int Ho = (s.H + 2 * s.py - s.dy * (s.KH - 1) - 1) / s.sy + 1;
    int Wo = (s.W + 2 * s.px - s.dx * (s.KW - 1) - 1) / s.sx + 1;
    int K = s.KH * s.KW * s.IC, K16 = (K + 15) & ~15;
    size_t nx = (size_t)s.H * s.W * s.IC, no = (size_t)Ho * Wo * s.OC;
    cr_assert(Ho > 0 && Wo > 0 && nx <= 0x6000 && (size_t)s.OC * K16 <= 0x8000 && K16 + 8 <= 0xF00 &&
              s.OC <= 256 && s.OC % 4 == 0 && no <= 0x7F00);
    int8_t *x = malloc(nx), *w = malloc((size_t)s.OC * K), *wp = calloc((size_t)s.OC, (size_t)K16), *out = malloc(no);
    int32_t *bias = malloc((size_t)s.OC * 4), *ksum = malloc((size_t)s.OC * 4), *mult = malloc((size_t)s.OC * 4);
    int16_t *shift = malloc((size_t)s.OC * 2);
    int32_t in_off = (int32_t)(rnd() % 256) - 127, out_off = (int32_t)(rnd() % 256) - 128;
    int32_t act_min = -128 + (int32_t)(rnd() % 20), act_max = 127 - (int32_t)(rnd() % 20);
    for (size_t i = 0; i < nx; i++)
        x[i] = (int8_t)rnd();
    for (size_t i = 0; i < (size_t)s.OC * K; i++)
        w[i] = (int8_t)rnd();
    for (int o = 0; o < s.OC; o++) {
        bias[o] = (int32_t)(rnd() % 20001) - 10000;
        mult[o] = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu));
        shift[o] = (int16_t)(-5 - (int)(rnd() % 7));
        int32_t wsum = 0;
        for (int k = 0; k < K; k++) {
            wsum += w[(size_t)o * K + k];
            wp[(size_t)o * K16 + k] = w[(size_t)o * K + k];
        }
        ksum[o] = (int32_t)((uint32_t)bias[o] + (uint32_t)in_off * (uint32_t)wsum);
    }
    tdsp_t *t = tdsp_new();
    const char *const srcs[] = {"dsp/kernels/conv_s8.s", "dsp/kernels/fc_s8.s", NULL};
    load_kernels(t, srcs, "conv_s8", CV_DESC);
    tdsp_poke(t, CV_X, x, (uint32_t)nx);
    tdsp_poke(t, CV_W, wp, (uint32_t)(s.OC * K16));
    tdsp_poke(t, CV_BIAS, ksum, (uint32_t)s.OC * 4);
    tdsp_poke(t, CV_MULT, mult, (uint32_t)s.OC * 4);
    tdsp_poke(t, CV_SHIFT, shift, (uint32_t)s.OC * 2);
    const uint32_t fc[8] = {0, CV_W, CV_BIAS, CV_MULT, CV_SHIFT, CV_OUT, (uint32_t)s.OC, (uint32_t)K16};
    tdsp_poke(t, CV_DESC, fc, sizeof fc);
    int16_t q[4] = {(int16_t)out_off, (int16_t)act_min, (int16_t)act_max, 0};
    tdsp_poke(t, CV_DESC + 32, q, sizeof q);
    const uint32_t geom[16] = {CV_X, (uint32_t)s.IC, (uint32_t)s.H, (uint32_t)s.W, (uint32_t)Ho, (uint32_t)Wo,
                               (uint32_t)s.KH, (uint32_t)s.KW, (uint32_t)s.sy, (uint32_t)s.sx, (uint32_t)s.py,
                               (uint32_t)s.px, (uint32_t)s.dy, (uint32_t)s.dx, (uint32_t)-in_off, CV_ROW};
    tdsp_poke(t, CV_DESC + 40, geom, sizeof geom);
    run_guarded(t, CV_OUT, out, (uint32_t)no, 200000000);
    for (int oy = 0; oy < Ho; oy++)
        for (int ox = 0; ox < Wo; ox++)
            for (int o = 0; o < s.OC; o++) {
                int32_t acc = bias[o];
                for (int ky = 0; ky < s.KH; ky++)
                    for (int kx = 0; kx < s.KW; kx++) {
                        int iy = oy * s.sy - s.py + ky * s.dy, ix = ox * s.sx - s.px + kx * s.dx;
                        if (iy < 0 || iy >= s.H || ix < 0 || ix >= s.W)
                            continue;
                        for (int c = 0; c < s.IC; c++)
                            acc += (x[((size_t)iy * s.W + ix) * s.IC + c] + in_off) *
                                   w[(((size_t)o * s.KH + ky) * s.KW + kx) * s.IC + c];
                    }
                acc = q_requantize(acc, mult[o], shift[o]) + out_off;
                int8_t want = (int8_t)q_clamp(acc, act_min, act_max);
                size_t i = ((size_t)oy * Wo + ox) * s.OC + o;
                cr_assert_eq(out[i], want,
                             "%dx%dx%d->%d k%dx%d s%d,%d p%d,%d d%d,%d: out[%d][%d][%d] got %d want %d", s.H, s.W,
                             s.IC, s.OC, s.KH, s.KW, s.sy, s.sx, s.py, s.px, s.dy, s.dx, oy, ox, o, out[i], want);
            }
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(x); free(w); free(wp); free(out); free(bias); free(ksum); free(mult); free(shift);
    return cycles;
}

Test(hld_kernels, conv_s8_random_shapes_bit_exact)
{
    run_conv((conv_shape){5, 4, 3, 8, 3, 3, 1, 1, 1, 1, 1, 1}, 51);
    run_conv((conv_shape){7, 6, 16, 4, 3, 3, 2, 2, 1, 1, 1, 1}, 52);
    run_conv((conv_shape){6, 5, 5, 12, 3, 2, 1, 2, 0, 1, 1, 1}, 53);
    run_conv((conv_shape){8, 8, 9, 8, 3, 3, 1, 1, 2, 2, 2, 2}, 54);    /* dilation 2 */
    run_conv((conv_shape){9, 7, 2, 4, 2, 3, 2, 1, 1, 2, 3, 2}, 55);    /* dilation 3 x 2 */
    run_conv((conv_shape){4, 4, 24, 16, 1, 1, 2, 2, 0, 0, 1, 1}, 56);  /* strided 1x1 */
    run_conv((conv_shape){3, 3, 4, 4, 5, 5, 1, 1, 2, 2, 1, 1}, 57);    /* window larger than the input */
    /* random shapes */
    rng = 58;
    for (int i = 0; i < 6; i++) {
        conv_shape s = {2 + (int)(rnd() % 9), 2 + (int)(rnd() % 9), 1 + (int)(rnd() % 20), 4 * (1 + (int)(rnd() % 6)),
                        1 + (int)(rnd() % 4), 1 + (int)(rnd() % 4), 1 + (int)(rnd() % 3), 1 + (int)(rnd() % 3),
                        (int)(rnd() % 3), (int)(rnd() % 3), 1 + (int)(rnd() % 2), 1 + (int)(rnd() % 2)};
        if (s.H + 2 * s.py < s.dy * (s.KH - 1) + 1 || s.W + 2 * s.px < s.dx * (s.KW - 1) + 1)
            continue;
        uint64_t keep = rng;
        run_conv(s, 60 + (uint64_t)i);
        rng = keep;
    }
}

/* KWS's first layer as the placement gives it: a depthwise convolution of
 * one channel with multiplier 64 is a convolution IC = 1, OC = 64 (49 x 10
 * input, 10 x 4 kernel, stride 2, padding 5 x 1). */
Test(hld_kernels, conv_s8_kws_first_layer_bit_exact_and_its_cycles)
{
    uint32_t cycles = run_conv((conv_shape){49, 10, 1, 64, 10, 4, 2, 2, 5, 1, 1, 1}, 71);
    printf("hld conv_s8 49x10x1 -> 25x5x64 10x4: %u cycles, %.2f MAC/cycle\n", cycles, 25.0 * 5 * 64 * 40 / cycles);
}

/* ResNet-8's first 3 x 3 layer: 32 x 32 x 16 -> 16, padding 1. */
Test(hld_kernels, conv_s8_resnet8_layer_bit_exact_and_its_cycles)
{
    uint32_t cycles = run_conv((conv_shape){32, 32, 16, 16, 3, 3, 1, 1, 1, 1, 1, 1}, 72);
    printf("hld conv_s8 32x32x16 -> 16 3x3: %u cycles, %.2f MAC/cycle\n", cycles, 32.0 * 32 * 16 * 144 / cycles);
}

/* ---- ew_s8: elementwise add and multiply with broadcasting --------------- */

#define EW_DESC 0x101000u
#define EW_TAB  0x101100u   /* 2 x 256 int32 */
#define EW_X    0x102000u   /* up to 0x4000 bytes */
#define EW_Y    0x106000u
#define EW_OUT  0x110000u   /* up to 0xFF00 */

typedef struct ew_quant {
    int32_t x_off, x_mult, x_shift, y_off, y_mult, y_shift, out_mult, out_shift, zp, lo, hi;
} ew_quant;

/* The runtime's arithmetic: quantized_add_s8.c's add_s8_one and
 * quantized_mul_s8.c's loop body. */
static int8_t ew_ref(bool mul, const ew_quant *q, int8_t x, int8_t y)
{
    if (mul)
        return q_sat_s8(q_requantize((x + q->x_off) * (y + q->y_off), q->out_mult, q->out_shift) + q->zp);
    int32_t a = q_requantize((x + q->x_off) * (1 << 20), q->x_mult, q->x_shift);
    int32_t b = q_requantize((y + q->y_off) * (1 << 20), q->y_mult, q->y_shift);
    return (int8_t)q_clamp(q_requantize(a + b, q->out_mult, q->out_shift) + q->zp, q->lo, q->hi);
}

static int ew_x_base;

/* Output dims d[4]; bx/by: bit k set = the input is broadcast along dim k
 * (its extent there is 1).  Returns cycles. */
static uint32_t run_ew(bool mul, const int d[4], unsigned bx, unsigned by, const ew_quant *q, uint64_t seed)
{
    rng = seed;
    uint32_t sx[4], sy[4], nx = 1, ny = 1;
    for (int k = 3; k >= 0; k--) {
        sx[k] = (bx >> k & 1) ? 0 : nx;
        nx *= (bx >> k & 1) ? 1u : (uint32_t)d[k];
        sy[k] = (by >> k & 1) ? 0 : ny;
        ny *= (by >> k & 1) ? 1u : (uint32_t)d[k];
    }
    uint32_t no = (uint32_t)(d[0] * d[1] * d[2] * d[3]);
    cr_assert(nx <= 0x4000 && ny <= 0x4000 && no <= 0xFF00);
    int8_t *x = malloc(nx), *y = malloc(ny), *out = malloc(no);
    /* seed 0: x counts up from ew_x_base, y from 0 (every value) */
    for (uint32_t i = 0; i < nx; i++)
        x[i] = (int8_t)(seed ? rnd() : (uint32_t)ew_x_base + i);
    for (uint32_t i = 0; i < ny; i++)
        y[i] = (int8_t)(seed ? rnd() : i);
    tdsp_t *t = tdsp_new();
    load_kernel(t, "dsp/kernels/ew_s8.s", "ew_s8", EW_DESC);
    tdsp_poke(t, EW_X, x, nx);
    tdsp_poke(t, EW_Y, y, ny);
    const uint32_t desc[26] = {EW_X, EW_Y, EW_OUT, mul, (uint32_t)d[0], (uint32_t)d[1], (uint32_t)d[2],
                               (uint32_t)d[3], sx[0], sx[1], sx[2], sx[3], sy[0], sy[1], sy[2], sy[3],
                               (uint32_t)q->x_off, (uint32_t)q->x_mult, (uint32_t)q->x_shift, (uint32_t)q->y_off,
                               (uint32_t)q->y_mult, (uint32_t)q->y_shift, (uint32_t)q->out_mult,
                               (uint32_t)q->out_shift, 0, 0};
    tdsp_poke(t, EW_DESC, desc, sizeof desc);
    int16_t qz[4] = {(int16_t)q->zp, (int16_t)q->lo, (int16_t)q->hi, 0};
    tdsp_poke(t, EW_DESC + 96, qz, sizeof qz);
    put32(t, EW_DESC + 104, EW_TAB);
    run_guarded(t, EW_OUT, out, no, 50000000);
    uint32_t i = 0;
    for (int i0 = 0; i0 < d[0]; i0++)
        for (int i1 = 0; i1 < d[1]; i1++)
            for (int i2 = 0; i2 < d[2]; i2++)
                for (int i3 = 0; i3 < d[3]; i3++, i++) {
                    int8_t xv = x[i0 * sx[0] + i1 * sx[1] + i2 * sx[2] + i3 * sx[3]];
                    int8_t yv = y[i0 * sy[0] + i1 * sy[1] + i2 * sy[2] + i3 * sy[3]];
                    int8_t want = ew_ref(mul, q, xv, yv);
                    cr_assert_eq(out[i], want, "%s %dx%dx%dx%d bcast %x/%x: out[%u] (x %d, y %d) got %d want %d",
                                 mul ? "mul" : "add", d[0], d[1], d[2], d[3], bx, by, i, xv, yv, out[i], want);
                }
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(x); free(y); free(out);
    return cycles;
}

static ew_quant ew_random_quant(bool mul)
{
    ew_quant q;
    q.x_off = (int32_t)(rnd() % 256) - 127;
    q.y_off = (int32_t)(rnd() % 256) - 127;
    q.x_mult = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu));
    q.y_mult = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu));
    /* the input shifts: right shifts of 0..31 and, now and then, a left one */
    q.x_shift = rnd() % 8 == 0 ? (int32_t)(rnd() % 3) : -(int32_t)(rnd() % 32);
    q.y_shift = rnd() % 8 == 0 ? (int32_t)(rnd() % 3) : -(int32_t)(rnd() % 32);
    q.out_mult = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu));
    q.out_shift = mul ? -(int32_t)(rnd() % 12) - 4 : -(int32_t)(rnd() % 14) - 10;
    q.zp = (int32_t)(rnd() % 256) - 128;
    q.lo = mul ? -128 : -128 + (int32_t)(rnd() % 30);
    q.hi = mul ? 127 : 127 - (int32_t)(rnd() % 30);
    return q;
}

Test(hld_kernels, ew_s8_add_and_mul_bit_exact_with_broadcasting)
{
    static const int shapes[][4] = {{1, 1, 1, 7}, {1, 4, 5, 16}, {2, 3, 4, 5}, {1, 1, 3, 300}, {3, 1, 2, 9}};
    static const unsigned bcast[][2] = {{0, 0}, {0, 0xE}, {0x1, 0x8}, {0x6, 0x1}, {0xF, 0}, {0x5, 0xA}};
    rng = 81;
    for (int m = 0; m < 2; m++)
        for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (unsigned b = 0; b < sizeof bcast / sizeof bcast[0]; b++) {
                ew_quant q = ew_random_quant(m);
                uint64_t keep = rng;
                run_ew(m, shapes[s], bcast[b][0], bcast[b][1], &q, 100 + s * 10 + b);
                rng = keep;
            }
}

/* Every int8 value of each input: all 65536 (x, y) pairs, in two halves
 * of x (x along dim 2, y along dim 3). */
Test(hld_kernels, ew_s8_every_input_pair)
{
    rng = 91;
    for (int m = 0; m < 2; m++) {
        ew_quant q = ew_random_quant(m);
        const int d[4] = {1, 1, 128, 256};
        for (ew_x_base = -128; ew_x_base < 128; ew_x_base += 128) {
            uint64_t keep = rng;
            run_ew(m, d, 0x8, 0x4, &q, 0);
            rng = keep;
        }
    }
}

/* ResNet-8's largest add, 32 x 32 x 16, no broadcasting: one dimension
 * of 16384 as the placement merges it. */
Test(hld_kernels, ew_s8_resnet8_add_and_its_cycles)
{
    rng = 95;
    ew_quant q = ew_random_quant(false);
    const int d[4] = {1, 1, 1, 32 * 32 * 16};
    uint32_t cycles = run_ew(false, d, 0, 0, &q, 96);
    printf("hld ew_s8 add 32x32x16: %u cycles, %.2f cycles/element\n", cycles, cycles / 16384.0);
}

/* ---- lut_s8: int8 activations as the exported 256-entry table ------------ */

#define LUT_DESC 0x101000u
#define LUT_T    0x101100u
#define LUT_X    0x102000u   /* up to 0x6000 */
#define LUT_OUT  0x110000u

/* quantized_activation_s8.c's loop on n random bytes with a random table
 * (the values need not be a sigmoid: the kernel must copy any table);
 * returns cycles. */
static uint32_t run_lut(uint32_t n, uint64_t seed)
{
    rng = seed;
    cr_assert(n <= 0x6000);
    int8_t *x = malloc(n), *out = malloc(n + 1), lut[256];
    for (int i = 0; i < 256; i++)
        lut[i] = (int8_t)rnd();
    for (uint32_t i = 0; i < n; i++)
        x[i] = (int8_t)rnd();
    tdsp_t *t = tdsp_new();
    load_kernel(t, "dsp/kernels/lut_s8.s", "lut_s8", LUT_DESC);
    tdsp_poke(t, LUT_T, lut, 256);
    tdsp_poke(t, LUT_X, x, n);
    const uint32_t desc[4] = {LUT_X, LUT_T, LUT_OUT, n};
    tdsp_poke(t, LUT_DESC, desc, sizeof desc);
    run_guarded(t, LUT_OUT, out, n, 10000000);
    for (uint32_t i = 0; i < n; i++)
        cr_assert_eq(out[i], lut[x[i] + 128], "n %u: out[%u] (x %d) got %d want %d", n, i, x[i], out[i],
                     lut[x[i] + 128]);
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(x); free(out);
    return cycles;
}

Test(hld_kernels, lut_s8_bit_exact_and_its_cycles)
{
    static const uint32_t sizes[] = {1, 2, 3, 4, 5, 7, 64, 255, 4099};
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        run_lut(sizes[i], 200 + i);
    uint32_t cycles = run_lut(16384, 210);
    printf("hld lut_s8 16384 elements: %u cycles, %.2f cycles/element\n", cycles, cycles / 16384.0);
}

/* ---- maxp_s8: max pooling ------------------------------------------------- */

#define MP_DESC 0x101000u

/* quantized_max_pool2d_s8.c's loop on random data (conv_shape's fields:
 * OC unused, IC the channels); returns cycles. */
static uint32_t run_maxp(conv_shape s, int act_min, int act_max, uint64_t seed)
{
    rng = seed;
    int Ho = (s.H + 2 * s.py - s.dy * (s.KH - 1) - 1) / s.sy + 1;
    int Wo = (s.W + 2 * s.px - s.dx * (s.KW - 1) - 1) / s.sx + 1;
    size_t nx = (size_t)s.H * s.W * s.IC, no = (size_t)Ho * Wo * s.IC;
    cr_assert(Ho > 0 && Wo > 0 && nx <= 0x6000 && no <= 0xFF00 && s.IC % 4 == 0);
    int8_t *x = malloc(nx), *out = malloc(no);
    for (size_t i = 0; i < nx; i++)
        x[i] = (int8_t)rnd();
    tdsp_t *t = tdsp_new();
    load_kernel(t, "dsp/kernels/maxp_s8.s", "maxp_s8", MP_DESC);
    tdsp_poke(t, DW_X, x, (uint32_t)nx);
    const uint32_t desc[17] = {DW_X, DW_OUT, (uint32_t)s.IC, (uint32_t)s.H, (uint32_t)s.W, (uint32_t)Ho,
                               (uint32_t)Wo, (uint32_t)s.KH, (uint32_t)s.KW, (uint32_t)s.sy, (uint32_t)s.sx,
                               (uint32_t)s.py, (uint32_t)s.px, (uint32_t)s.dy, (uint32_t)s.dx, (uint32_t)act_min,
                               (uint32_t)act_max};
    tdsp_poke(t, MP_DESC, desc, sizeof desc);
    run_guarded(t, DW_OUT, out, (uint32_t)no, 50000000);
    for (int oy = 0; oy < Ho; oy++)
        for (int ox = 0; ox < Wo; ox++)
            for (int c = 0; c < s.IC; c++) {
                int32_t best = -128;
                for (int ky = 0; ky < s.KH; ky++) {
                    int iy = oy * s.sy - s.py + ky * s.dy;
                    if (iy < 0 || iy >= s.H)
                        continue;
                    for (int kx = 0; kx < s.KW; kx++) {
                        int ix = ox * s.sx - s.px + kx * s.dx;
                        if (ix >= 0 && ix < s.W)
                            best = q_max_i32(best, x[((size_t)iy * s.W + ix) * s.IC + c]);
                    }
                }
                int8_t want = (int8_t)q_clamp(best, act_min, act_max);
                size_t i = ((size_t)oy * Wo + ox) * s.IC + c;
                cr_assert_eq(out[i], want, "%dx%dx%d k%dx%d s%d,%d p%d,%d d%d,%d: out[%d][%d][%d] got %d want %d",
                             s.H, s.W, s.IC, s.KH, s.KW, s.sy, s.sx, s.py, s.px, s.dy, s.dx, oy, ox, c, out[i], want);
            }
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(x); free(out);
    return cycles;
}

Test(hld_kernels, maxp_s8_random_shapes_bit_exact)
{
    run_maxp((conv_shape){5, 4, 4, 0, 3, 3, 1, 1, 1, 1, 1, 1}, -128, 127, 301);
    run_maxp((conv_shape){8, 8, 8, 0, 2, 2, 2, 2, 0, 0, 1, 1}, -20, 90, 302);
    run_maxp((conv_shape){7, 9, 12, 0, 3, 2, 2, 1, 1, 1, 2, 3}, -128, 127, 303);   /* dilated */
    run_maxp((conv_shape){3, 3, 4, 0, 5, 5, 1, 1, 2, 2, 1, 1}, 0, 127, 304);      /* window > input */
    run_maxp((conv_shape){6, 5, 16, 0, 1, 1, 2, 2, 0, 0, 1, 1}, -128, 127, 305);
    uint32_t cycles = run_maxp((conv_shape){16, 16, 32, 0, 2, 2, 2, 2, 0, 0, 1, 1}, -128, 127, 306);
    printf("hld maxp_s8 16x16x32 2x2/2: %u cycles\n", cycles);
}

/* ---- bmm_s8: batch matrix product ---------------------------------------- */

#define BM_DESC 0x101000u
#define BM_L    0x102000u   /* up to 0x4000 */
#define BM_R    0x106000u   /* up to 0x4000 */
#define BM_OUT  0x110000u

/* quantized_batch_matmul_s8.c's loop on random data; returns cycles. */
static uint32_t run_bmm(int B, int M, int N, int K, uint64_t seed)
{
    rng = seed;
    size_t nl = (size_t)B * M * K, nr = (size_t)B * N * K, no = (size_t)B * M * N;
    cr_assert(nl <= 0x4000 && nr <= 0x4000 && no <= 0xFF00);
    int8_t *l = malloc(nl), *r = malloc(nr), *out = malloc(no);
    for (size_t i = 0; i < nl; i++)
        l[i] = (int8_t)rnd();
    for (size_t i = 0; i < nr; i++)
        r[i] = (int8_t)rnd();
    int32_t lo = (int32_t)(rnd() % 256) - 128, ro = (int32_t)(rnd() % 256) - 128, zp = (int32_t)(rnd() % 256) - 128;
    int32_t mult = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu)), shift = -(int32_t)(rnd() % 8) - 8;
    tdsp_t *t = tdsp_new();
    load_kernel(t, "dsp/kernels/bmm_s8.s", "bmm_s8", BM_DESC);
    tdsp_poke(t, BM_L, l, (uint32_t)nl);
    tdsp_poke(t, BM_R, r, (uint32_t)nr);
    const uint32_t desc[11] = {BM_L, BM_R, BM_OUT, (uint32_t)B, (uint32_t)M, (uint32_t)N, (uint32_t)K,
                               (uint32_t)lo, (uint32_t)ro, (uint32_t)mult, (uint32_t)shift};
    tdsp_poke(t, BM_DESC, desc, sizeof desc);
    int16_t q[4] = {(int16_t)zp, -128, 127, 0};
    tdsp_poke(t, BM_DESC + 48, q, sizeof q);
    run_guarded(t, BM_OUT, out, (uint32_t)no, 100000000);
    for (int b = 0; b < B; b++)
        for (int m = 0; m < M; m++)
            for (int n = 0; n < N; n++) {
                const int8_t *lr = l + ((size_t)b * M + m) * K, *rr = r + ((size_t)b * N + n) * K;
                int32_t acc = 0;
                for (int k = 0; k < K; k++)
                    acc += (lr[k] + lo) * (rr[k] + ro);
                int8_t want = q_sat_s8(q_requantize(acc, mult, shift) + zp);
                size_t i = ((size_t)b * M + m) * N + n;
                cr_assert_eq(out[i], want, "B%d M%d N%d K%d: out[%d][%d][%d] got %d want %d", B, M, N, K, b, m, n,
                             out[i], want);
            }
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(l); free(r); free(out);
    return cycles;
}

Test(hld_kernels, bmm_s8_random_shapes_bit_exact_and_its_cycles)
{
    run_bmm(2, 2, 3, 5, 401);     /* gen_release_ops.py's case */
    run_bmm(1, 1, 1, 1, 402);
    run_bmm(3, 4, 5, 8, 403);
    run_bmm(2, 7, 6, 19, 404);
    run_bmm(1, 5, 9, 64, 405);
    rng = 406;
    for (int i = 0; i < 6; i++) {
        int B = 1 + (int)(rnd() % 3), M = 1 + (int)(rnd() % 9), N = 1 + (int)(rnd() % 9), K = 1 + (int)(rnd() % 70);
        uint64_t keep = rng;
        run_bmm(B, M, N, K, 410 + (uint64_t)i);
        rng = keep;
    }
    uint32_t cycles = run_bmm(4, 16, 16, 64, 420);
    printf("hld bmm_s8 4 x 16x64 x 64x16: %u cycles, %.2f MAC/cycle\n", cycles, 4.0 * 16 * 16 * 64 / cycles);
}

/* ---- softmax_s8 ------------------------------------------------------------ */

#define SM_DESC 0x101000u
#define SM_X    0x102000u
#define SM_OUT  0x110000u

/* exp of a difference to the row's maximum, scaled as softmax_s8.c does. */
static int32_t softmax_exp(int32_t diff, int32_t mult, int32_t ls)
{
    return q_exp_on_negative_values(
        q_sat_rounding_doubling_high_mul(q_wrap_i32((int64_t)diff * ((int64_t)1 << ls)), mult));
}

/* One row as runtime/kernels/cortex_m/softmax_s8.c computes it. */
static void softmax_ref(const int8_t *in, int8_t *out, int32_t n, int32_t mult, int32_t ls, int32_t diff_min)
{
    int32_t max = in[0], sum = 0;
    for (int32_t i = 1; i < n; i++)
        max = q_max_i32(max, in[i]);
    for (int32_t i = 0; i < n; i++)
        if (in[i] - max >= diff_min)
            sum += q_rounding_divide_by_pow2(softmax_exp(in[i] - max, mult, ls), 12);
    int headroom = 0;
    while (headroom < 31 && !((uint32_t)sum & (0x80000000u >> headroom)))
        headroom++;
    int32_t recip = q_one_over_one_plus_x((int32_t)(((uint32_t)sum << headroom) - 0x80000000u));
    for (int32_t i = 0; i < n; i++) {
        int32_t diff = in[i] - max;
        int32_t r = q_rounding_divide_by_pow2(q_sat_rounding_doubling_high_mul(recip, softmax_exp(diff, mult, ls)),
                                              35 - headroom);
        out[i] = diff >= diff_min ? q_sat_s8(r - 128) : -128;
    }
}

/* rows x n random values (spread: values within `spread` of each other);
 * returns cycles. */
static uint32_t run_softmax(int rows, int n, int spread, int32_t mult, int32_t ls, int32_t diff_min, uint64_t seed)
{
    rng = seed;
    size_t nx = (size_t)rows * n;
    int8_t *x = malloc(nx), *out = malloc(nx), *want = malloc(nx);
    int base = spread >= 256 ? -128 : -128 + (int)(rnd() % (unsigned)(256 - spread));
    for (size_t i = 0; i < nx; i++)
        x[i] = (int8_t)(base + (int)(rnd() % (unsigned)spread));
    tdsp_t *t = tdsp_new();
    const char *const srcs[] = {"dsp/kernels/softmax_s8.s", "dsp/kernels/qmath.s", NULL};
    load_kernels(t, srcs, "softmax_s8", SM_DESC);
    tdsp_poke(t, SM_X, x, (uint32_t)nx);
    const uint32_t desc[7] = {SM_X, SM_OUT, (uint32_t)rows, (uint32_t)n, (uint32_t)mult, (uint32_t)ls,
                              (uint32_t)diff_min};
    tdsp_poke(t, SM_DESC, desc, sizeof desc);
    run_guarded(t, SM_OUT, out, (uint32_t)nx, 100000000);
    for (int r = 0; r < rows; r++)
        softmax_ref(x + (size_t)r * n, want + (size_t)r * n, n, mult, ls, diff_min);
    for (size_t i = 0; i < nx; i++)
        cr_assert_eq(out[i], want[i], "%d x %d mult %d shift %d diff_min %d: out[%zu] (x %d) got %d want %d", rows, n,
                     mult, ls, diff_min, i, x[i], out[i], want[i]);
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(x); free(out); free(want);
    return cycles;
}

Test(hld_kernels, softmax_s8_bit_exact)
{
    /* VWW's and ResNet-8's rows (2 and 10), then others; input shifts as
     * upstream's lowering gives them, 31 and 32 included */
    run_softmax(1, 2, 256, 1518500250, 22, -2000, 501);
    run_softmax(1, 10, 256, 1747626666, 21, -3968, 502);
    run_softmax(3, 16, 40, 1073741824, 24, -248, 503);
    run_softmax(2, 256, 256, 1342177280, 20, -(1 << 20), 504);
    run_softmax(4, 7, 256, 2040109465, 31, -7, 505);
    run_softmax(2, 9, 256, 1073741824, 32, 0, 506);
    rng = 507;
    for (int i = 0; i < 8; i++) {
        int n = 1 + (int)(rnd() % 64), ls = 16 + (int)(rnd() % 10);
        int32_t mult = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu)), diff_min = -(int32_t)(rnd() % 100000);
        uint64_t keep = rng;
        run_softmax(1 + (int)(rnd() % 3), n, 1 + (int)(rnd() % 256), mult, ls, diff_min, 510 + (uint64_t)i);
        rng = keep;
    }
    uint32_t cycles = run_softmax(1, 10, 256, 1747626666, 21, -3968, 520);
    printf("hld softmax_s8 1 x 10: %u cycles\n", cycles);
}

/* ---- act16_s16: int16 sigmoid and tanh ------------------------------------ */

#define A16_DESC 0x101000u
#define A16_X    0x102000u   /* up to 0x7000 bytes */
#define A16_OUT  0x110000u

/* The definition act16_s16.s states, with the runtime's quant_math.c
 * (the runtime has no int16 sigmoid/tanh kernel to compare with). */
static int16_t act16_ref(int16_t x, bool tanh_mode)
{
    int32_t a = (int32_t)((uint32_t)(int32_t)x << (tanh_mode ? 15 : 14));
    int32_t p = q_one_over_one_plus_x(q_exp_on_negative_values(a < 0 ? a : -a));
    int32_t s = tanh_mode ? (int32_t)((uint32_t)(p - (1 << 30)) << 1) : p;
    if (a < 0)
        s = tanh_mode ? -s : INT32_MAX - p;
    return (int16_t)q_clamp(q_rounding_divide_by_pow2(s, 16), -32768, 32767);
}

/* n inputs: every `step`-th int16 from -32768, then the extremes; returns
 * cycles and the largest error against the real function in output LSBs
 * (Q0.15). */
static uint32_t run_act16(bool tanh_mode, int step, double *max_err, int *count)
{
    int n = 0;
    int16_t *x = malloc(0x3800 * 2), *out = malloc(0x3800 * 2);
    for (int v = -32768; v <= 32767 && n < 0x37F0; v += step)
        x[n++] = (int16_t)v;
    const int16_t edges[] = {-1, 0, 1, 32767, -32767, 4096, -4096};
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++)
        x[n++] = edges[i];
    tdsp_t *t = tdsp_new();
    const char *const srcs[] = {"dsp/kernels/act16_s16.s", "dsp/kernels/qmath.s", NULL};
    load_kernels(t, srcs, "act16_s16", A16_DESC);
    tdsp_poke(t, A16_X, x, (uint32_t)n * 2);
    const uint32_t desc[4] = {A16_X, A16_OUT, (uint32_t)n, tanh_mode};
    tdsp_poke(t, A16_DESC, desc, sizeof desc);
    run_guarded(t, A16_OUT, out, (uint32_t)n * 2, 200000000);
    *max_err = 0;
    for (int i = 0; i < n; i++) {
        int16_t want = act16_ref(x[i], tanh_mode);
        cr_assert_eq(out[i], want, "%s(%d): got %d want %d", tanh_mode ? "tanh" : "sigmoid", x[i], out[i], want);
        double real = tanh_mode ? tanh(x[i] / 4096.0) : 1 / (1 + exp(-x[i] / 4096.0));
        *max_err = fmax(*max_err, fabs(out[i] - real * 32768));
    }
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(x); free(out);
    *count = n;
    return cycles;
}

/* Stated accuracy: within 1 LSB of Q0.15 of the real functions
 * (measured: sigmoid 0.50, tanh 0.99, the saturation at +1 included). */
Test(hld_kernels, act16_s16_sigmoid_and_tanh_bit_exact, .timeout = 120)
{
    for (int m = 0; m < 2; m++) {
        double err;
        int n;
        uint32_t cycles = run_act16(m, 7, &err, &n);
        printf("hld act16_s16 %s: %u cycles for %d values, max error %.2f LSB\n", m ? "tanh" : "sigmoid", cycles, n,
               err);
        cr_assert_leq(err, 1.0, "max error %.2f LSB", err);
    }
}

/* ---- gate_s8: an LSTM / GRU gate (fc_s8 + lut_s8) -------------------------- */

#define GT_DESC 0x110000u   /* bank 1 with x and the tables; W in bank 0 */
#define GT_X    0x110100u
#define GT_TABLES 0x111100u  /* bias, mult, shift: up to 0xA00 */
#define GT_LUT  0x111C00u
#define GT_OUT  0x112000u
#define GT_W    0x101000u   /* up to 0xF000 */

/* rows x [K] inputs through a gate of N outputs: the runtime's
 * quantized_linear arithmetic (fc_ref) then quantized_activation's table,
 * here an int8 sigmoid table as an exporter bakes it; returns cycles. */
static uint32_t run_gate(unsigned rows, unsigned N, unsigned K, uint64_t seed)
{
    cr_assert(rows * K <= 0x1000 && N * K <= 0xF000 && N <= 256 && rows * N <= 0xD000);
    fc_layer l = fc_random(rows, N, K, seed);
    int8_t *out = malloc(rows * N), lut[256];
    for (int i = 0; i < 256; i++)   /* sigmoid of (i - 128 - out_off) / 16, output scale 1/256, zero point -128 */
        lut[i] = (int8_t)q_clamp((int32_t)lround(256.0 / (1 + exp(-(i - 128 - l.out_off) / 16.0))) - 128, -128, 127);
    tdsp_t *t = tdsp_new();
    const char *const srcs[] = {"dsp/kernels/gate_s8.s", "dsp/kernels/fc_s8.s", "dsp/kernels/lut_s8.s", NULL};
    load_kernels(t, srcs, "gate_s8", GT_DESC);
    fc_poke(t, &l, GT_DESC, GT_X, GT_W, GT_TABLES, GT_OUT);
    tdsp_poke(t, GT_LUT, lut, 256);
    const uint32_t more[4] = {rows, K, N, GT_LUT};   /* +40 rows, x stride, out stride, table */
    tdsp_poke(t, GT_DESC + 40, more, sizeof more);
    run_guarded(t, GT_OUT, out, rows * N, 10000000);
    for (unsigned r = 0; r < rows; r++)
        for (unsigned o = 0; o < N; o++) {
            int8_t want = lut[fc_ref(&l, r, o) + 128];
            cr_assert_eq(out[r * N + o], want, "rows %u N %u K %u: out[%u][%u] got %d want %d", rows, N, K, r, o,
                         out[r * N + o], want);
        }
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    fc_free(&l);
    free(out);
    return cycles;
}

Test(hld_kernels, gate_s8_fc_then_table_bit_exact)
{
    run_gate(1, 4, 16, 601);
    run_gate(3, 12, 48, 602);
    run_gate(5, 32, 80, 603);
    /* an LSTM cell of 64 units over [x; h] of 2 x 64: its 4 gates as one 256-output layer */
    uint32_t cycles = run_gate(1, 256, 128, 604);
    printf("hld gate_s8 256 x 128 (4 LSTM gates of 64): %u cycles\n", cycles);
}

/* ---- hostile descriptors ---------------------------------------------------- */

#define HOSTILE_DESC 0x101000u

/* The kernel on a descriptor of the given words: it must end with a fault
 * whose message contains `what`, or, with what NULL, at the cycle limit
 * or a fault (never a host crash). */
static void run_hostile(const char *const *srcs, const char *fn, const uint32_t *words, unsigned n, const char *what)
{
    tdsp_t *t = tdsp_new();
    load_kernels(t, srcs, fn, HOSTILE_DESC);
    tdsp_poke(t, HOSTILE_DESC, words, n * 4);
    dsp_run_result_t r = tdsp_run(t, 2000000);
    if (what) {
        cr_assert_eq(r, DSP_RUN_FAULT, "%s ended with %d (%s)", fn, r, t->msg);
        cr_assert(strstr(t->msg, what), "%s: message '%s' lacks '%s'", fn, t->msg, what);
    } else {
        cr_assert(r == DSP_RUN_FAULT || r == DSP_RUN_CYCLE_LIMIT, "%s ended with %d (%s)", fn, r, t->msg);
        cr_assert(t->msg[0], "%s: no message", fn);
    }
    tdsp_free(t);
}

/* Every kernel given tensors outside memory faults naming the address;
 * given sizes of 2^31 it ends at a fault or the cycle limit. */
Test(hld_kernels, hostile_descriptors_end_with_a_clear_status)
{
    const uint32_t B = 0x30000000u, H = 0x7FFFFFFFu, D = 0x100000u;   /* D: data memory */
    struct {
        const char *srcs[4], *fn;
        uint32_t bad[32], huge[32];
    } k[] = {
        {{"dsp/kernels/conv_s8.s", "dsp/kernels/fc_s8.s"}, "conv_s8",
         {0, B, B, B, B, B, 4, 16, 0, 0, B, 1, 4, 4, 2, 2, 2, 2, 1, 1, 0, 0, 1, 1, 0, D + 0x4000},
         {0, D, D, D, D, D, 4, 16, 0, 0, D, 1, H, H, H, H, 2, 2, 1, 1, 0, 0, 1, 1, 0, D + 0x4000}},
        {{"dsp/kernels/ew_s8.s"}, "ew_s8",
         {B, B, B, 1, 1, 1, 1, 8, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0x40000000, 0, 0, 0x40000000, 0, 0x40000000, 0, 0, 0, D + 0x4000},
         {D, D, D, 0, H, H, H, H, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0x40000000, 0, 0, 0x40000000, 0, 0x40000000, 0, 0, 0, D + 0x4000}},
        {{"dsp/kernels/lut_s8.s"}, "lut_s8", {B, B, B, 16}, {D, D, D, H}},
        {{"dsp/kernels/maxp_s8.s"}, "maxp_s8", {B, B, 4, 2, 2, 1, 1, 2, 2, 1, 1, 0, 0, 1, 1, 0xFFFFFF80u, 127},
         {D, D, 4, H, H, H, H, 2, 2, 1, 1, 0, 0, 1, 1, 0xFFFFFF80u, 127}},
        {{"dsp/kernels/bmm_s8.s"}, "bmm_s8", {B, B, B, 1, 2, 2, 8}, {D, D, D, H, H, H, H}},
        {{"dsp/kernels/softmax_s8.s", "dsp/kernels/qmath.s"}, "softmax_s8", {B, B, 1, 8, 0x40000000, 20, 0},
         {D, D, H, 256, 0x40000000, 20, 0}},
        {{"dsp/kernels/act16_s16.s", "dsp/kernels/qmath.s"}, "act16_s16", {B, B, 4, 0}, {D, D, H, 1}},
        {{"dsp/kernels/gate_s8.s", "dsp/kernels/fc_s8.s", "dsp/kernels/lut_s8.s"}, "gate_s8",
         {B, B, B, B, B, B, 4, 16, 0, 0, 1, 16, 4, B}, {D, D, D, D, D, D, 4, 16, 0, 0, H, 16, 4, D}},
    };
    for (unsigned i = 0; i < sizeof k / sizeof k[0]; i++) {
        run_hostile(k[i].srcs, k[i].fn, k[i].bad, 32, "0x30000");
        run_hostile(k[i].srcs, k[i].fn, k[i].huge, 32, NULL);
    }
}
