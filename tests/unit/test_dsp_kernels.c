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
 * reads, followed by the kernel's source and, if `path2` is not NULL, the
 * source of the kernels it calls. */
static void load_kernels(tdsp_t *t, const char *path, const char *path2, const char *fn, uint32_t arg)
{
    char *kernel = read_source(path);
    char *more = path2 ? read_source(path2) : NULL;
    size_t n = strlen(kernel) + (more ? strlen(more) : 0) + 512;
    char *src = malloc(n);
    snprintf(src, n,
             ".entry main\n"
             "main: li r2, 0x%x\n rsr r14, ccount\n call %s\n rsr r15, ccount\n halt\n"
             "%s\n%s", arg, fn, kernel, more ? more : "");
    tdsp_load(t, src);
    free(src);
    free(kernel);
    free(more);
}

static void load_kernel(tdsp_t *t, const char *path, const char *fn, uint32_t arg)
{
    load_kernels(t, path, NULL, fn, arg);
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
#define FC_BIAS 0x110400u
#define FC_MULT 0x110800u
#define FC_SHIFT 0x110C00u
#define FC_OUT  0x111000u
#define FC_W    0x100000u

static void put32(tdsp_t *t, uint32_t addr, uint32_t v) { tdsp_poke(t, addr, &v, 4); }

/* One fully connected layer of N outputs over K inputs; returns cycles. */
static uint32_t run_fc(unsigned N, unsigned K, uint64_t seed)
{
    rng = seed;
    int8_t *x = malloc(K), *w = malloc((size_t)N * K), *out = malloc(N);
    int32_t *bias = malloc(N * 4), *bias_folded = malloc(N * 4), *mult = malloc(N * 4);
    int16_t *shift = malloc(N * 2);
    int32_t in_off = (int32_t)(rnd() % 256) - 128, out_off = (int32_t)(rnd() % 256) - 128;
    int32_t act_min = -128 + (int32_t)(rnd() % 20), act_max = 127 - (int32_t)(rnd() % 20);
    for (unsigned k = 0; k < K; k++)
        x[k] = (int8_t)rnd();
    for (unsigned i = 0; i < N * K; i++)
        w[i] = (int8_t)rnd();
    for (unsigned o = 0; o < N; o++) {
        bias[o] = (int32_t)(rnd() % 20001) - 10000;
        mult[o] = (int32_t)(0x40000000u | (rnd() & 0x3FFFFFFFu));
        shift[o] = (int16_t)(-6 - (int)(rnd() % 7));
        int32_t wsum = 0;
        for (unsigned k = 0; k < K; k++)
            wsum += w[o * K + k];
        bias_folded[o] = bias[o] + in_off * wsum;
    }
    tdsp_t *t = tdsp_new();
    load_kernel(t, "dsp/kernels/fc_s8.s", "fc_s8", FC_DESC);
    tdsp_poke(t, FC_X, x, K);
    tdsp_poke(t, FC_W, w, N * K);
    tdsp_poke(t, FC_BIAS, bias_folded, N * 4);
    tdsp_poke(t, FC_MULT, mult, N * 4);
    tdsp_poke(t, FC_SHIFT, shift, N * 2);
    const uint32_t desc[8] = { FC_X, FC_W, FC_BIAS, FC_MULT, FC_SHIFT, FC_OUT, N, K };
    tdsp_poke(t, FC_DESC, desc, sizeof desc);
    int16_t q[4] = { (int16_t)out_off, (int16_t)act_min, (int16_t)act_max, 0 };
    tdsp_poke(t, FC_DESC + 32, q, sizeof q);
    put32(t, FC_OUT + N, 0xA5A5A5A5u);   /* guard after the output */
    cr_assert_eq(tdsp_run(t, 10000000), DSP_RUN_HALT, "%s", t->msg);
    tdsp_peek(t, FC_OUT, out, N);
    for (unsigned o = 0; o < N; o++) {
        /* the runtime's reference (quantized_linear_s8.c, filter offset 0) */
        int32_t acc = bias[o];
        for (unsigned k = 0; k < K; k++)
            acc += (x[k] + in_off) * w[o * K + k];
        acc = q_requantize(acc, mult[o], shift[o]) + out_off;
        int8_t want = (int8_t)q_clamp(acc, act_min, act_max);
        cr_assert_eq(out[o], want, "N %u K %u output %u: got %d want %d", N, K, o, out[o], want);
    }
    uint32_t guard;
    tdsp_peek(t, FC_OUT + N, &guard, 4);
    cr_assert_eq(guard, 0xA5A5A5A5u, "wrote past the output");
    uint32_t cycles = kernel_cycles(t);
    tdsp_free(t);
    free(x); free(w); free(out); free(bias); free(bias_folded); free(mult); free(shift);
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
    put32(t, DW_OUT + (uint32_t)no, 0xA5A5A5A5u);
    cr_assert_eq(tdsp_run(t, 50000000), DSP_RUN_HALT, "%s", t->msg);
    tdsp_peek(t, DW_OUT, out, (uint32_t)no);
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
    uint32_t guard;
    tdsp_peek(t, DW_OUT + (uint32_t)no, &guard, 4);
    cr_assert_eq(guard, 0xA5A5A5A5u, "wrote past the output");
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
    put32(t, DW_OUT + (uint32_t)no, 0xA5A5A5A5u);
    cr_assert_eq(tdsp_run(t, 50000000), DSP_RUN_HALT, "%s", t->msg);
    tdsp_peek(t, DW_OUT, out, (uint32_t)no);
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
    uint32_t guard;
    tdsp_peek(t, DW_OUT + (uint32_t)no, &guard, 4);
    cr_assert_eq(guard, 0xA5A5A5A5u, "wrote past the output");
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
    load_kernels(t, "dsp/kernels/mfcc.s", "dsp/kernels/rfft.s", "mfcc", MFCC_DESC);
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
        load_kernels(t, "dsp/kernels/mfcc.s", "dsp/kernels/rfft.s", "mfcc", MFCC_DESC);
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
