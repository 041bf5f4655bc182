/* The Helium convolution kernels against the scalar reference loops, on
 * the target (QEMU and etsim run it in make runtime-qemu-test and
 * runtime-etsim-test).
 *
 * The kernel files are included, so that this program sees their static
 * compute functions: conv2d_s8 / conv2d_s8_mve and depthwise_conv2d_s8 /
 * depthwise_conv2d_s8_mve run on the same random problem and must write
 * the same bytes.  The shapes are chosen to reach every path: channel
 * counts that are not multiples of 16 (the predicated tails), 1x1 kernels
 * without padding (the direct rows, also grouped and strided), padding,
 * strides, dilation, groups, pixel counts that are not multiples of 4,
 * windows too large for the im2col buffer (fewer rows per pass, and the
 * scalar fallback), depth multipliers 1, multiples of 16 (broadcast) and
 * others (gather), one input channel (the depthwise run as a
 * convolution), K multiples of 16 (the assembly loop) with odd channel
 * counts, no bias, input offsets at both ends of the int8 range and clamps
 * that saturate (and min > max, which takes the scalar loops). */
#include <stdint.h>

#include "../../runtime/kernels/cortex_m/quantized_conv2d_s8.c"
#include "../../runtime/kernels/cortex_m/quantized_depthwise_conv2d_s8.c"
#include "../../runtime/kernels/cortex_m/quantized_add_s8.c"
#include "../../runtime/kernels/cortex_m/quantized_avg_pool2d_s8.c"
#include "../../runtime/kernels/cortex_m/quantize_per_tensor_f32.c"
#include "../../runtime/kernels/copy_bytes.h"
#include "check.h"

static uint32_t rng = 0x2545F491u;
static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

/* uniform in [lo, hi] */
static int32_t pick(int32_t lo, int32_t hi) { return lo + (int32_t)(next() % (uint32_t)(hi - lo + 1)); }

#define MAX_IN 40000
#define MAX_W 40000
#define MAX_OUT 40000
#define MAX_OC 600

static int8_t input[MAX_IN], weight[MAX_W], out_ref[MAX_OUT], out_mve[MAX_OUT];
static int32_t bias[MAX_OC], mult[MAX_OC], shift[MAX_OC];
static unsigned long cases, bytes, mismatching_cases;
/* largest shift fill_requant picks: below 0 every channel shifts right
 * only, which the depthwise int16-lane path handles with one rounding
 * step less */
static int32_t shift_max = 2;

/* The kernels' scratch, as the loader plans it: exactly the size their
 * size function gives, then a guard that must stay intact (a size
 * function that undercounts fails here, not in a model). */
#define MAX_SCRATCH 20000
#define GUARD 64
static int8_t scratch[MAX_SCRATCH + GUARD] __attribute__((aligned(16)));

static bool give_scratch(conv_s8_params *p, size_t need)
{
    if (need > MAX_SCRATCH)
        return false;
    p->scratch = scratch;
    p->scratch_size = need;
    memset(scratch + need, 0x5A, GUARD);
    return true;
}

static bool guard_intact(const char *what, size_t need, const char *shape)
{
    for (size_t i = need; i < need + GUARD; i++)
        if (scratch[i] != 0x5A) {
            printf("FAIL %s %s: wrote past its %lu bytes of scratch\n", what, shape, (unsigned long)need);
            mismatching_cases++;
            return false;
        }
    return true;
}

static void fill_s8(int8_t *p, int32_t n)
{
    /* mostly uniform, sometimes the extremes, which make the largest products */
    for (int32_t i = 0; i < n; i++) {
        uint32_t r = next();
        p[i] = (r & 15) == 0 ? -128 : (r & 15) == 1 ? 127 : (int8_t)(r >> 8);
    }
}

static void fill_requant(int32_t oc)
{
    for (int32_t i = 0; i < oc; i++) {
        bias[i] = pick(-60000, 60000);
        mult[i] = pick(1 << 30, INT32_MAX);
        shift[i] = pick(-12, shift_max);
    }
}

/* activation range: full, ReLU-like, narrow, and now and then min > max */
static void pick_act(int32_t *lo, int32_t *hi)
{
    switch (next() % 5) {
    case 0: *lo = -128, *hi = 127; break;
    case 1: *lo = pick(-128, 0), *hi = 127; break;
    case 2: *lo = pick(-128, 0), *hi = pick(0, 127); break;
    case 3: *lo = pick(-128, 127), *hi = pick(-128, 127); break;
    default: *lo = -128, *hi = pick(-20, 127); break;
    }
}

static int32_t pick_offset(void)
{
    switch (next() % 4) {
    case 0: return -127;
    case 1: return 128;
    default: return pick(-127, 128);
    }
}

static void compare(const char *what, int32_t n, const char *shape)
{
    cases++;
    bytes += (unsigned long)n;
    for (int32_t i = 0; i < n; i++)
        if (out_ref[i] != out_mve[i]) {
            if (mismatching_cases < 10)
                printf("FAIL %s %s: byte %ld is %d, want %d\n", what, shape, (long)i, out_mve[i], out_ref[i]);
            mismatching_cases++;
            return;
        }
}

/* One convolution; false when the shape does not fit the buffers. */
static bool conv_case(int32_t n, int32_t h, int32_t w, int32_t ic, int32_t oc, int32_t groups, int32_t kh, int32_t kw,
                      int32_t stride, int32_t pad, int32_t dil)
{
    conv_s8_params p = {0};
    p.in = (nhwc_dims){n, h, w, ic};
    p.kh = kh, p.kw = kw, p.groups = groups;
    p.stride[0] = stride, p.stride[1] = pick(1, 2);
    p.pad[0] = pad, p.pad[1] = pick(0, pad);
    p.dil[0] = dil, p.dil[1] = pick(1, dil);
    int32_t oh = k_window_out(h, kh, p.stride[0], p.pad[0], p.dil[0], false);
    int32_t ow = k_window_out(w, kw, p.stride[1], p.pad[1], p.dil[1], false);
    if (oh < 1 || ow < 1 || ic % groups || oc % groups || oc > MAX_OC)
        return false;
    p.out = (nhwc_dims){n, oh, ow, oc};
    int32_t in_bytes = n * h * w * ic, w_bytes = oc * kh * kw * (ic / groups), out_bytes = n * oh * ow * oc;
    if (in_bytes > MAX_IN || w_bytes > MAX_W || out_bytes > MAX_OUT)
        return false;
    /* the tensors end where the buffers end, so over-reads past them
     * would leave the arrays */
    int8_t *in = input + MAX_IN - in_bytes, *wt = weight + MAX_W - w_bytes;
    fill_s8(in, in_bytes);
    fill_s8(wt, w_bytes);
    bool with_bias = next() % 4 != 0;
    fill_requant(oc);
    p.input = in, p.weight = wt, p.bias = with_bias ? bias : NULL, p.multiplier = mult, p.shift = shift;
    p.input_offset = pick_offset();
    p.output_offset = pick(-128, 127);
    pick_act(&p.act_min, &p.act_max);
    p.output = out_ref;
    conv2d_s8(&p);
    memset(out_mve, 0x55, (size_t)out_bytes);
    p.output = out_mve;
    const size_t need = conv2d_s8_mve_scratch(&p);
    if (!give_scratch(&p, need))
        return false;
    conv2d_s8_mve(&p);
    char shape[128];
    snprintf(shape, sizeof shape, "n%ld %ldx%ldx%ld -> %ld, g%ld, k%ldx%ld s%ld,%ld p%ld,%ld d%ld,%ld io %ld",
             (long)n, (long)h, (long)w, (long)ic, (long)oc, (long)groups, (long)kh, (long)kw, (long)p.stride[0],
             (long)p.stride[1], (long)p.pad[0], (long)p.pad[1], (long)p.dil[0], (long)p.dil[1],
             (long)p.input_offset);
    if (guard_intact("conv", need, shape))
        compare("conv", out_bytes, shape);
    return true;
}

static bool dw_case(int32_t n, int32_t h, int32_t w, int32_t ic, int32_t mul, int32_t kh, int32_t kw, int32_t stride,
                    int32_t pad, int32_t dil)
{
    dw_conv_s8_params p = {0};
    int32_t oc = ic * mul;
    p.in = (nhwc_dims){n, h, w, ic};
    p.kh = kh, p.kw = kw, p.depth_multiplier = mul;
    p.stride[0] = stride, p.stride[1] = pick(1, 2);
    p.pad[0] = pad, p.pad[1] = pick(0, pad);
    p.dil[0] = dil, p.dil[1] = pick(1, dil);
    int32_t oh = k_window_out(h, kh, p.stride[0], p.pad[0], p.dil[0], false);
    int32_t ow = k_window_out(w, kw, p.stride[1], p.pad[1], p.dil[1], false);
    if (oh < 1 || ow < 1 || oc > MAX_OC)
        return false;
    p.out = (nhwc_dims){n, oh, ow, oc};
    int32_t in_bytes = n * h * w * ic, w_bytes = kh * kw * oc, out_bytes = n * oh * ow * oc;
    if (in_bytes > MAX_IN || w_bytes > MAX_W || out_bytes > MAX_OUT)
        return false;
    int8_t *in = input + MAX_IN - in_bytes, *wt = weight + MAX_W - w_bytes;
    fill_s8(in, in_bytes);
    fill_s8(wt, w_bytes);
    bool with_bias = next() % 4 != 0;
    fill_requant(oc);
    p.input = in, p.weight = wt, p.bias = with_bias ? bias : NULL, p.multiplier = mult, p.shift = shift;
    p.input_offset = pick_offset();
    p.output_offset = pick(-128, 127);
    pick_act(&p.act_min, &p.act_max);
    p.output = out_ref;
    depthwise_conv2d_s8(&p);
    memset(out_mve, 0x55, (size_t)out_bytes);
    p.output = out_mve;
    const size_t need = depthwise_conv2d_s8_mve_scratch(&p);
    if (!give_scratch(&p, need))
        return false;
    depthwise_conv2d_s8_mve(&p);
    char shape[128];
    snprintf(shape, sizeof shape, "n%ld %ldx%ldx%ld x%ld, k%ldx%ld s%ld,%ld p%ld,%ld d%ld,%ld io %ld", (long)n,
             (long)h, (long)w, (long)ic, (long)mul, (long)kh, (long)kw, (long)p.stride[0], (long)p.stride[1],
             (long)p.pad[0], (long)p.pad[1], (long)p.dil[0], (long)p.dil[1], (long)p.input_offset);
    if (guard_intact("depthwise", need, shape))
        compare("depthwise", out_bytes, shape);
    return true;
}

/* quantized_add without broadcasting: add_s8_mve against add_s8_one on
 * n elements (tails of 1..7), shifts of both signs and 0, clamps that bite */
static void add_case(int32_t n)
{
    add_s8_quant q = {
        .a_offset = pick(-127, 128), .a_mult = pick(1 << 30, INT32_MAX), .a_shift = pick(-12, 1),
        .b_offset = pick(-127, 128), .b_mult = pick(1 << 30, INT32_MAX), .b_shift = pick(-12, 1),
        .out_offset = pick(-128, 127), .out_mult = pick(1 << 30, INT32_MAX), .out_shift = pick(-24, 1),
    };
    if (next() % 2)  /* small output multipliers: unsaturated sums also at shift 0 and 1 */
        q.out_mult = pick(1 << 10, 1 << 22);
    pick_act(&q.act_min, &q.act_max);
    int8_t *x = input, *y = input + MAX_IN / 2;
    fill_s8(x, n);
    fill_s8(y, n);
    for (int32_t i = 0; i < n; i++)
        out_ref[i] = add_s8_one(&q, x[i], y[i]);
    memset(out_mve, 0x55, (size_t)n);
    if (!add_s8_mve(&q, x, y, out_mve, (size_t)n))
        for (int32_t i = 0; i < n; i++)  /* min > max: the caller's scalar loop */
            out_mve[i] = add_s8_one(&q, x[i], y[i]);
    char shape[64];
    snprintf(shape, sizeof shape, "n %ld shifts %ld %ld %ld", (long)n, (long)q.a_shift, (long)q.b_shift,
             (long)q.out_shift);
    compare("add", n, shape);
}

/* k_copy_bytes and k_fill_bytes against memmove and memset: lengths
 * around the 16-byte steps, any alignment, overlapping both ways */
static void copy_case(int32_t n)
{
    int8_t *buf = input, *ref = input + MAX_IN / 2;
    const int32_t from = pick(0, 40), to = pick(0, 40), value = pick(-128, 127);
    fill_s8(buf, n + 80);
    memcpy(ref, buf, (size_t)n + 80);
    k_copy_bytes(buf + to, buf + from, (size_t)n);
    memmove(ref + to, ref + from, (size_t)n);
    k_fill_bytes(buf + from + n + 1, value, (size_t)(to & 31));
    memset(ref + from + n + 1, value, (size_t)(to & 31));
    memcpy(out_ref, ref, (size_t)n + 80);
    memcpy(out_mve, buf, (size_t)n + 80);
    char shape[64];
    snprintf(shape, sizeof shape, "n %ld from %ld to %ld", (long)n, (long)from, (long)to);
    compare("copy", n + 80, shape);
}

/* avg_window_sums_mve against a scalar sum and rounded_mean: windows up
 * to the 256 values int16 holds (all -128 or 127 at the ends), channel
 * counts with a partial last pass */
static void avg_case(int32_t rows, int32_t cols, int32_t ch, int32_t width)
{
    int8_t *in = input;
    const int32_t row_stride = width * ch;
    fill_s8(in, rows * row_stride);
    if (next() % 4 == 0)
        memset(in, next() % 2 ? -128 : 127, (size_t)rows * row_stride);
    const int32_t count = rows * cols;
    for (int32_t c = 0; c < ch; c++) {
        int32_t sum = 0;
        for (int32_t y = 0; y < rows; y++)
            for (int32_t x = 0; x < cols; x++)
                sum += in[y * row_stride + x * ch + c];
        out_ref[c] = rounded_mean(sum, count);
    }
    avg_window_sums_mve(in, rows, cols, row_stride, ch, out_mve, count);
    char shape[64];
    snprintf(shape, sizeof shape, "window %ldx%ld ch %ld", (long)rows, (long)cols, (long)ch);
    compare("avg_pool", ch, shape);
}

/* quantize_s8_by16_mve against the scalar formula: values around the
 * rounding ties, far beyond the int16 range, zero points and clamps at
 * their ends */
static void quantize_case(int32_t n16)
{
    static float xs[1024];
    const float inv = (float)pick(1, 4000) / 64.0f;
    const int32_t zp = next() % 4 == 0 ? (next() % 2 ? 32000 : -32000) : pick(-128, 127);
    int32_t qmin = -128, qmax = 127;
    if (next() % 3 == 0) {
        qmin = pick(-128, 0);
        qmax = pick(qmin, 127);
    }
    for (int32_t i = 0; i < n16; i++) {
        const uint32_t r = next();
        xs[i] = r % 8 == 0   ? ((float)pick(-300, 300) + 0.5f) / inv            /* ties */
                : r % 8 == 1 ? (float)pick(-1000000, 1000000) * 1000.0f         /* saturating */
                             : (float)pick(-100000, 100000) / 100.0f;
    }
    for (int32_t i = 0; i < n16; i++) {
        int64_t q = (int64_t)zp + q_round_half_even_f32(xs[i] * inv);
        out_ref[i] = (int8_t)(q < qmin ? qmin : q > qmax ? qmax : q);
    }
    quantize_s8_by16_mve(xs, out_mve, (size_t)n16, inv, (int16_t)zp, (int16_t)qmin, (int16_t)qmax);
    char shape[64];
    snprintf(shape, sizeof shape, "n %ld zp %ld clamp %ld..%ld", (long)n16, (long)zp, (long)qmin, (long)qmax);
    compare("quantize", n16, shape);
}

int main(void)
{
    /* the real models' shapes first */
    conv_case(1, 25, 5, 64, 64, 1, 1, 1, 1, 0, 1);     /* KWS pointwise */
    conv_case(1, 12, 12, 3, 8, 1, 3, 3, 2, 1, 1);      /* VWW/ResNet first layer, smaller */
    conv_case(1, 8, 8, 16, 16, 1, 3, 3, 1, 1, 1);      /* ResNet block */
    conv_case(1, 6, 6, 8, 16, 1, 1, 1, 1, 0, 1);       /* VWW pointwise, 8 channels */
    dw_case(1, 49, 10, 1, 64, 10, 4, 2, 5, 1);         /* KWS first layer */
    dw_case(1, 25, 5, 64, 1, 3, 3, 1, 1, 1);           /* KWS depthwise */
    dw_case(1, 12, 12, 8, 1, 3, 3, 2, 1, 1);           /* VWW, 8 channels */
    /* windows larger than the im2col buffer: one row per pass, scalar */
    conv_case(1, 4, 4, 300, 5, 1, 3, 3, 1, 1, 1);
    conv_case(1, 3, 3, 500, 3, 1, 3, 3, 1, 1, 1);
    /* more output channels than one block of kernel sums */
    conv_case(1, 2, 3, 20, 300, 1, 1, 1, 1, 0, 1);
    conv_case(1, 3, 2, 4, 260, 2, 2, 2, 1, 1, 1);
    dw_case(1, 3, 3, 150, 1, 3, 3, 1, 1, 1);
    dw_case(1, 3, 3, 5, 40, 2, 2, 1, 1, 1);
    /* K a multiple of 16 (the assembly loop), odd channel counts (the last
     * channel paired with itself), channels across two blocks */
    conv_case(1, 5, 5, 32, 7, 1, 1, 1, 1, 0, 1);
    conv_case(2, 3, 3, 16, 250, 1, 1, 1, 1, 0, 1);
    conv_case(1, 6, 5, 16, 9, 1, 3, 3, 1, 1, 1);
    /* one input channel: run as a convolution with zero-padded weight rows */
    dw_case(1, 9, 7, 1, 5, 3, 3, 1, 1, 1);
    dw_case(1, 8, 8, 1, 48, 4, 4, 1, 1, 1);
    dw_case(2, 11, 6, 1, 33, 5, 3, 2, 2, 1);
    for (int iter = 0; iter < 400; iter++) {
        int32_t groups = next() % 4 == 0 ? pick(2, 4) : 1;
        int32_t ic = groups * pick(1, 40), oc = groups * pick(1, 24);
        bool one = next() % 3 == 0;
        int32_t k = one ? 1 : pick(1, 4), k2 = one ? 1 : pick(1, 4);
        int32_t pad = one && next() % 2 ? 0 : pick(0, 2);
        conv_case(pick(1, 2), pick(1, 9), pick(1, 9), ic, oc, groups, k, k2, pick(1, 3), pad, pick(1, 2));
    }
    /* short dot products without padding (output channels in lanes):
     * VWW's first layer after its pad, 1x1 over few channels, windows up
     * to 32 taps x channels, 8 or fewer output channels (two accumulators)
     * and more than 16 (several blocks), right shifts only and any */
    for (int iter = 0; iter < 120; iter++) {
        shift_max = iter % 2 ? -1 : 2;
        const int32_t kh = pick(1, 3), kw = pick(1, 3), ic = pick(1, q_max_i32(1, 32 / (kh * kw)));
        conv_case(pick(1, 2), pick(3, 9), pick(3, 9), ic, iter % 3 ? pick(1, 8) : pick(9, 40), 1, kh, kw, pick(1, 2),
                  0, 1);
    }
    conv_case(1, 13, 13, 3, 8, 1, 3, 3, 2, 0, 1);
    shift_max = 2;
    /* depth multiplier 1 (the int16-lane path): rows too wide for the
     * ring (the int8-lane loop instead), channels in several slices, a
     * last group of fewer than 8, 3x3 windows with right shifts only */
    dw_case(1, 3, 100, 8, 1, 3, 3, 1, 1, 1);
    dw_case(1, 6, 30, 40, 1, 3, 3, 1, 1, 1);
    dw_case(1, 6, 30, 21, 1, 3, 3, 2, 1, 1);
    dw_case(1, 5, 9, 70, 1, 5, 5, 1, 2, 1);
    shift_max = -1;
    dw_case(1, 25, 5, 64, 1, 3, 3, 1, 1, 1);
    dw_case(1, 12, 12, 8, 1, 3, 3, 2, 1, 1);
    for (int iter = 0; iter < 100; iter++)
        dw_case(pick(1, 2), pick(1, 9), pick(1, 9), pick(1, 40), 1, 3, 3, pick(1, 2), pick(0, 2), 1);
    shift_max = 2;
    static const int32_t muls[] = {1, 1, 1, 2, 3, 4, 5, 8, 16, 32, 48, 64};
    for (int iter = 0; iter < 400; iter++) {
        int32_t mul = muls[next() % (sizeof muls / sizeof muls[0])];
        int32_t ic = mul >= 16 ? pick(1, 3) : pick(1, 40);
        dw_case(pick(1, 2), pick(1, 9), pick(1, 9), ic, mul, pick(1, 4), pick(1, 4), pick(1, 3), pick(0, 2),
                pick(1, 2));
    }
    for (int iter = 0; iter < 100; iter++)
        add_case(pick(1, 2000));
    for (int32_t n = 0; n < 100; n++)
        copy_case(n < 50 ? n : pick(50, 3000));
    for (int iter = 0; iter < 100; iter++)
        quantize_case(16 * pick(1, 64));
    avg_case(25, 5, 64, 5);   /* KWS */
    avg_case(16, 16, 40, 16); /* 256 values */
    for (int iter = 0; iter < 100; iter++) {
        const int32_t rows = pick(1, 16), cols = pick(1, 256 / rows);
        avg_case(rows, cols, pick(1, 70), cols + pick(0, 3));
    }
    printf("mve_kernels: %lu cases, %lu output bytes compared, %lu mismatching case(s)\n", cases, bytes,
           mismatching_cases);
    CHECK(cases > 1200);
    CHECK(mismatching_cases == 0);
    return check_done("mve_kernels");
}
