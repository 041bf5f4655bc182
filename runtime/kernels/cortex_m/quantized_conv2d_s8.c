/* cortex_m::quantized_conv2d.out: int8 convolution with per-channel
 * requantization (CMSIS-NN arm_convolve_wrapper_s8 semantics).
 * Activations NHWC, weights [OC, KH, KW, IC/groups]. */
#include <stddef.h>

#include "../copy_bytes.h"
#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "../quant_math_mve.h"
#include "arg_layouts.h"
#include "conv_s8.h"


/* The reference loop: the build for cores without MVE, and the Helium
 * build's fallback for windows too large for its im2col buffer. */
static void conv2d_s8(const conv_s8_params *p)
{
    const int32_t ic_per_group = p->in.c / p->groups;
    const int32_t oc_per_group = p->out.c / p->groups;
    int8_t *out = p->output;
    for (int32_t n = 0; n < p->out.n; n++) {
        const int8_t *in_n = p->input + (size_t)n * p->in.h * p->in.w * p->in.c;
        for (int32_t oy = 0; oy < p->out.h; oy++) {
            for (int32_t ox = 0; ox < p->out.w; ox++) {
                const int32_t y0 = oy * p->stride[0] - p->pad[0];
                const int32_t x0 = ox * p->stride[1] - p->pad[1];
                for (int32_t oc = 0; oc < p->out.c; oc++) {
                    const int32_t ic0 = (oc / oc_per_group) * ic_per_group;
                    const int8_t *w = p->weight + (size_t)oc * p->kh * p->kw * ic_per_group;
                    int32_t acc = p->bias ? p->bias[oc] : 0;
                    for (int32_t ky = 0; ky < p->kh; ky++) {
                        const int32_t iy = y0 + ky * p->dil[0];
                        if (iy < 0 || iy >= p->in.h) {
                            w += (size_t)p->kw * ic_per_group;
                            continue;  /* padding adds nothing */
                        }
                        for (int32_t kx = 0; kx < p->kw; kx++, w += ic_per_group) {
                            const int32_t ix = x0 + kx * p->dil[1];
                            if (ix < 0 || ix >= p->in.w)
                                continue;
                            const int8_t *px = in_n + ((size_t)iy * p->in.w + ix) * p->in.c + ic0;
                            int32_t dot = 0, sum = 0;
                            for (int32_t ic = 0; ic < ic_per_group; ic++) {
                                dot += px[ic] * w[ic];
                                sum += w[ic];
                            }
                            /* sum((x + io) * w) = dot + io * sum(w), in wrapping int32 */
                            acc = (int32_t)((uint32_t)acc + (uint32_t)dot + (uint32_t)p->input_offset * (uint32_t)sum);
                        }
                    }
                    acc = q_requantize(acc, p->multiplier[oc], p->shift[oc]) + p->output_offset;
                    *out++ = (int8_t)q_clamp(acc, p->act_min, p->act_max);
                }
            }
        }
    }
}

#if defined(__ARM_FEATURE_MVE)
/* Helium, after CMSIS-NN's convolution for MVE (arm_convolve_s8 with its
 * im2col buffer, arm_convolve_1x1_s8_fast, and the matrix product
 * arm_nn_mat_mult_nt_t_s8): the convolution is a product of a matrix whose
 * rows are the output pixels' input windows (K = KH*KW*IC/groups bytes
 * each) and the transposed weight matrix (one K-byte row per output
 * channel).
 *
 *  - Four output pixels per pass, computed as 2 pixels x 2 output
 *    channels at a time: per 16 bytes of K, two weight loads, two row
 *    loads and four VMLADAVA.S8 (16 int8 MACs into a 32-bit scalar
 *    each), so the weights, which usually sit in flash, are read once per
 *    four pixels instead of once per pixel.  The pipeline holds each
 *    Helium instruction's pipe for two cycles and overlaps the next one
 *    only on another pipe, so the loop (inline assembly, software
 *    pipelined) alternates loads and multiplies: 8 cycles per 64 MACs.
 *  - The input offset is not added per element: sum((x + io) * w) =
 *    sum(x * w) + io * sum(w), and bias + io * sum(w) (the "kernel sum")
 *    is computed once per output channel per call.  The identity holds in
 *    wrapping 32-bit arithmetic, so the accumulators are bit for bit the
 *    scalar loop's.  Padding taps, which add nothing in the scalar loop,
 *    hold -io in the im2col rows: (-io + io) * w = 0, so the kernel sum
 *    over all taps stays right (io = -zero_point fits in int8).
 *  - The rows are the input pixels themselves for a 1x1 kernel without
 *    padding (any stride, any groups): no copy, as in
 *    arm_convolve_1x1_s8_fast.  Otherwise they are built four at a time
 *    (im2col) in the method's scratch buffer (planned at load, in the
 *    core's zero-wait DTCM on the runner), each padded
 *    to a multiple of 16 bytes so that every row starts aligned.
 *  - K not a multiple of 16: one tail step with a VCTP.8 predicate on
 *    VMLADAVA; its loads are plain full loads when the 16 bytes stay
 *    inside the tensor (the inactive lanes are ignored), zeroing
 *    predicated loads at the very end of it.
 *  - The accumulators go to a table with one row per pixel; each row
 *    is requantized four channels at a time (channels in lanes, so the
 *    multipliers and shifts are vector loads shared by the four pixels;
 *    clamp with VMAX/VMIN) and stored as four contiguous bytes.
 * A clamp with act_min > act_max (which VMAX/VMIN cannot express, and no
 * real model has) takes the scalar loop, as do
 * windows of more than CONV_IM2COL_BYTES (K > CONV_IM2COL_BYTES). */
#define CONV_ROWS 4              /* output pixels per pass */
#define CONV_OC_BLOCK 240        /* kernel sums per block (LDRD reaches the accumulator table's next row) */
#define CONV_IM2COL_BYTES 4096   /* im2col rows at most */

typedef struct conv_rows {
    const int8_t *row[CONV_ROWS];  /* K bytes of input window per pixel */
    int32_t count;                 /* rows in use; the others repeat row 0 */
    const int8_t *limit;           /* end of the memory holding the rows */
} conv_rows;

/* A 16-byte load for the predicated tail step: full when it stays below
 * `limit`, else zeroing predicated. */
static inline int8x16_t conv_load_tail(const int8_t *ptr, const int8_t *limit, mve_pred16_t pr)
{
    return ptr + 16 <= limit ? vldrbq_s8(ptr) : vldrbq_z_s8(ptr, pr);
}

/* ksum[oc - oc0] = bias[oc] + io * sum(w[oc]), wrapping like the scalar
 * accumulator. */
static void conv_kernel_sums(const conv_s8_params *p, int32_t k, int32_t ws, int32_t oc0, int32_t oc1,
                             int32_t *ksum)
{
    for (int32_t oc = oc0; oc < oc1; oc++) {
        const int8_t *w = p->weight + (size_t)oc * ws;
        int32_t sum = 0;
        for (int32_t left = k; left > 0; left -= 16, w += 16) {
            mve_pred16_t pr = vctp8q((uint32_t)left);
            sum = vaddvaq_p_s8(sum, vldrbq_z_s8(w, pr), pr);
        }
        ksum[oc - oc0] = (int32_t)((uint32_t)(p->bias ? p->bias[oc] : 0) +
                                   (uint32_t)p->input_offset * (uint32_t)sum);
    }
}

/* The software-pipelined 2x2 multiply-accumulate over k / 16 steps
 * (operands w0, w1, xa, xb, a0, a1, b0, b1, n), shared by conv_dot_2x2
 * and conv_dot_2xn. */
#define CONV_2X2_MAC_LOOP \
    "vldrb.8      q0, [%[w0]], #16\n" \
    "vldrb.8      q1, [%[xa]], #16\n" \
    "vmladava.s8  %[a0], q1, q0\n" \
    "vldrb.8      q2, [%[xb]], #16\n" \
    "vmladava.s8  %[b0], q2, q0\n" \
    "vldrb.8      q3, [%[w1]], #16\n" \
    "vmladava.s8  %[a1], q1, q3\n" \
    "wls          lr, %[n], 2f\n" \
    "1:\n" \
    "vldrb.8      q0, [%[w0]], #16\n" \
    "vmladava.s8  %[b1], q2, q3\n" \
    "vldrb.8      q1, [%[xa]], #16\n" \
    "vmladava.s8  %[a0], q1, q0\n" \
    "vldrb.8      q2, [%[xb]], #16\n" \
    "vmladava.s8  %[b0], q2, q0\n" \
    "vldrb.8      q3, [%[w1]], #16\n" \
    "vmladava.s8  %[a1], q1, q3\n" \
    "le           lr, 1b\n" \
    "2:\n" \
    "vmladava.s8  %[b1], q2, q3\n"

/* Two rows (xa, xb) times two weight rows (w0, w1): four dot products
 * of k bytes, 16 per step (four loads, four VMLADAVA: the load/store and
 * multiply pipes equally busy), each started at its channel's kernel
 * sum. */
static inline __attribute__((always_inline)) void conv_dot_2x2(const int8_t *xa, const int8_t *xb, const int8_t *w0,
                                                               const int8_t *w1, int32_t k, const int8_t *x_limit,
                                                               const int8_t *w_limit, int32_t ks0, int32_t ks1,
                                                               int32_t *acc_a, int32_t *acc_b)
{
    int32_t a0 = ks0, b0 = ks0, a1 = ks1, b1 = ks1;
    const int32_t steps = k >> 4, left = k & 15;
    if (steps > 0) {
        /* Software pipelined so that loads and multiplies alternate (each
         * holds its pipe for two cycles, the next instruction overlaps it
         * when it uses the other pipe): the last VMLADAVA of one step
         * issues after the first load of the next.  The compiler's order
         * (three loads, then two multiplies) costs half as much again. */
        uint32_t n = (uint32_t)steps - 1;
        __asm__ volatile(
            CONV_2X2_MAC_LOOP
            : [w0] "+r"(w0), [w1] "+r"(w1), [xa] "+r"(xa), [xb] "+r"(xb), [a0] "+Te"(a0), [b0] "+Te"(b0),
              [a1] "+Te"(a1), [b1] "+Te"(b1)
            : [n] "r"(n)
            : "q0", "q1", "q2", "q3", "lr", "memory");
    }
    if (left > 0) {
        const mve_pred16_t pt = vctp8q((uint32_t)left);
        const int8x16_t v0 = conv_load_tail(w0, w_limit, pt), v1 = conv_load_tail(w1, w_limit, pt);
        const int8x16_t va = conv_load_tail(xa, x_limit, pt), vb = conv_load_tail(xb, x_limit, pt);
        a0 = vmladavaq_p_s8(a0, va, v0, pt);
        b0 = vmladavaq_p_s8(b0, vb, v0, pt);
        a1 = vmladavaq_p_s8(a1, va, v1, pt);
        b1 = vmladavaq_p_s8(b1, vb, v1, pt);
    }
    acc_a[0] = a0, acc_a[1] = a1, acc_b[0] = b0, acc_b[1] = b1;
}

#define CONV_ACC_STRIDE (CONV_OC_BLOCK + 4)  /* int32 per row of the accumulator table */

/* conv_dot_2x2 for `pairs` consecutive pairs of weight rows starting at
 * w (k a multiple of 16, at least 16), in one assembly loop so that
 * nothing is spilled between pairs: the accumulators start from and
 * return to acc_a[2i], acc_a[2i+1] (row a) and the same columns one
 * table row further (row b), which the caller filled with kernel sums.
 * The rows are rewound by k after each pair; the weights simply walk on. */
static inline void conv_dot_2xn(const int8_t *xa, const int8_t *xb, const int8_t *w, int32_t k, int32_t pairs,
                                int32_t *acc_a)
{
    const int8_t *w1 = w + k;
    uint32_t n = (uint32_t)(k >> 4) - 1;
    int32_t a0, a1, b0, b1;
    __asm__ volatile(
        "3:\n"
        "ldrd         %[a0], %[a1], [%[acc]]\n"
        "ldrd         %[b0], %[b1], [%[acc], #%c[bo]]\n"
        CONV_2X2_MAC_LOOP
        "sub          %[xa], %[xa], %[k]\n"
        "sub          %[xb], %[xb], %[k]\n"
        "mov          %[w0], %[w1]\n"
        "add          %[w1], %[w1], %[k]\n"
        "strd         %[b0], %[b1], [%[acc], #%c[bo]]\n"
        "strd         %[a0], %[a1], [%[acc]], #8\n"
        "subs         %[pairs], %[pairs], #1\n"
        "bne          3b\n"
        : [w0] "+r"(w), [w1] "+r"(w1), [xa] "+r"(xa), [xb] "+r"(xb), [acc] "+r"(acc_a), [pairs] "+r"(pairs),
          [a0] "=&Te"(a0), [b0] "=&Te"(b0), [a1] "=&Te"(a1), [b1] "=&Te"(b1)
        : [n] "r"(n), [k] "r"(k), [bo] "i"(CONV_ACC_STRIDE * 4)
        : "q0", "q1", "q2", "q3", "lr", "memory", "cc");
}

/* Output channels oc0..oc1-1 of the rows' pixels, stored at
 * out[r * out.c + oc] (the pixels are consecutive in NHWC order).
 * For each pair of rows, all the block's channels in pairs
 * (conv_dot_2x2), into a table with a row of accumulators per pixel;
 * then each pixel's row is requantized four channels at a time (lanes =
 * channels: the multipliers and shifts are vector loads, the shifts split
 * once per four channels for all pixels) and stored as four contiguous
 * bytes (VSTRB.32). */
static inline __attribute__((always_inline)) void
conv_rows_mve_body(const conv_s8_params *p, const conv_rows *rows, int32_t k, int32_t ws, int32_t oc0, int32_t oc1,
                   const int32_t *ksum, int8_t *out, int32_t (*acc)[CONV_ACC_STRIDE], bool has_left)
{
    const int8_t *w_limit = p->weight + (size_t)p->out.c * ws;
    const int32_t count = rows->count, out_c = p->out.c, out_offset = p->output_offset, n = oc1 - oc0;
    for (int32_t r = 0; r < count; r += 2) {
        const int8_t *xa = rows->row[r], *xb = rows->row[r + 1], *x_limit = rows->limit;
        const int8_t *w = p->weight + (size_t)oc0 * ws;
        int32_t *acc_a = acc[r], *acc_b = acc[r + 1];
        int32_t j = 0;
        if ((k & 15) == 0 && ws == k && n >= 2) {
            for (int32_t i = 0; i < n; i += 4) {
                const int32x4_t ks = vldrwq_s32(ksum + i);
                vstrwq_s32(acc_a + i, ks);
                vstrwq_s32(acc_b + i, ks);
            }
            j = n & ~1;
            conv_dot_2xn(xa, xb, w, k, n >> 1, acc_a);
            w += (size_t)j * k;
        }
        for (; j < n; j += 2, w += 2 * ws) {
            /* an odd last channel pairs with itself (the copy lands in
             * the table's spare column) */
            const bool pair = j + 1 < n;
            conv_dot_2x2(xa, xb, w, pair ? w + ws : w, k, x_limit, w_limit, ksum[j], ksum[pair ? j + 1 : j],
                         acc_a + j, acc_b + j);
        }
    }
    const int32x4_t lo = vdupq_n_s32(p->act_min), hi = vdupq_n_s32(p->act_max);
    for (int32_t j = 0; j < n; j += 4) {
        /* lanes past the block hold stale sums: computed, never stored */
        const mve_pred16_t pc = vctp32q((uint32_t)(n - j));
        const q_requant_lanes q = q_requant_lanes_mve(vldrwq_z_s32(p->multiplier + oc0 + j, pc),
                                                      vldrwq_z_s32(p->shift + oc0 + j, pc));
        int8_t *o = out + oc0 + j;
        for (int32_t r = 0; r < count; r++, o += out_c)
            vstrbq_p_s32(o, q_requantize_clamp_lanes_mve(vldrwq_s32(acc[r] + j), q, has_left, out_offset, lo, hi),
                         pc);
    }
}

static void conv_rows_mve(const conv_s8_params *p, const conv_rows *rows, int32_t k, int32_t ws, int32_t oc0,
                          int32_t oc1, const int32_t *ksum, int8_t *out, bool has_left)
{
    int32_t acc[CONV_ROWS][CONV_ACC_STRIDE] __attribute__((aligned(16)));
    if (has_left)
        conv_rows_mve_body(p, rows, k, ws, oc0, oc1, ksum, out, acc, true);
    else
        conv_rows_mve_body(p, rows, k, ws, oc0, oc1, ksum, out, acc, false);
}

static inline void conv_copy_s8(int8_t *dst, const int8_t *src, int32_t n)
{
    for (; n >= 16; n -= 16, src += 16, dst += 16)
        vstrbq_s8(dst, vldrbq_s8(src));
    if (n > 0) {
        mve_pred16_t pr = vctp8q((uint32_t)n);
        vstrbq_p_s8(dst, vldrbq_z_s8(src, pr), pr);
    }
}

static inline void conv_fill_s8(int8_t *dst, int8x16_t v, int32_t n)
{
    for (; n >= 16; n -= 16, dst += 16)
        vstrbq_s8(dst, v);
    if (n > 0)
        vstrbq_p_s8(dst, v, vctp8q((uint32_t)n));
}

/* One im2col row: the KH x KW x icg window of output pixel (oy, ox) of
 * image in_n, channels ic0.., taps in the padding set to `pad`. */
static void conv_im2col_row(const conv_s8_params *p, const int8_t *in_n, int32_t oy, int32_t ox, int32_t ic0,
                            int32_t icg, int8x16_t pad, int8_t *dst)
{
    const int32_t y0 = oy * p->stride[0] - p->pad[0];
    const int32_t x0 = ox * p->stride[1] - p->pad[1];
    const int32_t row_bytes = p->kw * icg;
    /* a whole window row is one contiguous run of the input when it is
     * inside the image, undilated and takes every channel */
    const bool runs = p->dil[1] == 1 && icg == p->in.c && x0 >= 0 && x0 + p->kw <= p->in.w;
    for (int32_t ky = 0; ky < p->kh; ky++, dst += row_bytes) {
        const int32_t iy = y0 + ky * p->dil[0];
        if (iy < 0 || iy >= p->in.h) {
            conv_fill_s8(dst, pad, row_bytes);
            continue;
        }
        const int8_t *src = in_n + (size_t)iy * p->in.w * p->in.c + ic0;
        if (runs) {
            conv_copy_s8(dst, src + (size_t)x0 * p->in.c, row_bytes);
            continue;
        }
        for (int32_t kx = 0; kx < p->kw; kx++) {
            const int32_t ix = x0 + kx * p->dil[1];
            if (ix < 0 || ix >= p->in.w)
                conv_fill_s8(dst + kx * icg, pad, icg);
            else
                conv_copy_s8(dst + kx * icg, src + (size_t)ix * p->in.c, icg);
        }
    }
}

/* The rows of output pixels pix .. pix+count-1 (pixel = (n*OH + oy)*OW + ox),
 * 1x1 kernel without padding: pointers into the input. */
static void conv_direct_rows(const conv_s8_params *p, int32_t pix, int32_t count, int32_t ic0, conv_rows *rows)
{
    const int32_t per_image = p->out.h * p->out.w;
    for (int32_t r = 0; r < CONV_ROWS; r++) {
        const int32_t q = pix + (r < count ? r : 0);
        const int32_t n = q / per_image, oy = (q % per_image) / p->out.w, ox = q % p->out.w;
        const size_t ipix = ((size_t)n * p->in.h + (size_t)oy * p->stride[0]) * p->in.w + (size_t)ox * p->stride[1];
        rows->row[r] = p->input + ipix * p->in.c + ic0;
    }
    rows->count = count;
    rows->limit = p->input + (size_t)p->in.n * p->in.h * p->in.w * p->in.c;
}

static bool conv_direct(const conv_s8_params *p)
{
    return p->kh == 1 && p->kw == 1 && p->pad[0] == 0 && p->pad[1] == 0;
}

/* K rounded up to 16: the stride of the im2col rows. */
static int32_t conv_k16(const conv_s8_params *p)
{
    return (p->kh * p->kw * (p->in.c / p->groups) + 15) & ~15;
}

/* The bytes of im2col rows of p's shape: up to CONV_ROWS rows, within
 * CONV_IM2COL_BYTES (larger windows take passes of fewer rows). */
static int32_t conv_im2col_bytes(const conv_s8_params *p)
{
    const int32_t k16 = conv_k16(p);
    return q_min_i32(CONV_ROWS, CONV_IM2COL_BYTES / k16) * k16;
}

/* One call's pixels in passes of up to four rows; `im2col` (bytes) is
 * NULL for the direct 1x1 form. */
static void conv2d_s8_mve_passes(const conv_s8_params *p, int8_t *im2col, int32_t im2col_bytes)
{
    const int32_t icg = p->in.c / p->groups, ocg = p->out.c / p->groups;
    const int32_t k = p->kh * p->kw * icg, k16 = (k + 15) & ~15;
    const int32_t per_image = p->out.h * p->out.w, pixels = p->out.n * per_image;
    const int32_t rows_per_pass = im2col ? q_min_i32(CONV_ROWS, im2col_bytes / k16) : CONV_ROWS;
    /* weight row stride; zero-padded rows against padded im2col rows are
     * multiplied whole (k16 bytes, no tail step) */
    const int32_t ws = p->w_row ? p->w_row : k, kd = im2col && ws == k16 ? k16 : k;
    const int8x16_t pad = vdupq_n_s8((int8_t)-p->input_offset);
    /* a 1x1 convolution of stride 1 over K = 16n channels (in place:
     * conv_in_place_passes): its im2col rows are its pixels' input rows,
     * one after the other */
    const bool contiguous_rows = conv_direct(p) && p->stride[0] == 1 && p->stride[1] == 1 && p->groups == 1 &&
                                 k == k16 && p->in.n * p->in.h * p->in.w == pixels;
    int32_t ksum[CONV_OC_BLOCK + 4] __attribute__((aligned(16)));  /* read by whole vectors */
    bool has_left = false;  /* any channel with a left shift */
    for (int32_t oc = 0; oc < p->out.c; oc++)
        has_left |= p->shift[oc] > 0;
    for (int32_t g = 0; g < p->groups; g++) {
        const int32_t ic0 = g * icg;
        for (int32_t oc0 = g * ocg; oc0 < (g + 1) * ocg; oc0 += CONV_OC_BLOCK) {
            const int32_t oc1 = q_min_i32(oc0 + CONV_OC_BLOCK, (g + 1) * ocg);
            conv_kernel_sums(p, k, ws, oc0, oc1, ksum);
            for (int32_t pix = 0; pix < pixels; pix += rows_per_pass) {
                const int32_t count = q_min_i32(rows_per_pass, pixels - pix);
                conv_rows rows;
                if (!im2col) {
                    conv_direct_rows(p, pix, count, ic0, &rows);
                } else {
                    if (contiguous_rows)  /* one copy of the pass's pixels */
                        k_copy_bytes(im2col, p->input + (size_t)pix * k, (size_t)count * k);
                    for (int32_t r = 0; r < count && !contiguous_rows; r++) {
                        const int32_t q = pix + r;
                        conv_im2col_row(p, p->input + (size_t)(q / per_image) * p->in.h * p->in.w * p->in.c,
                                        (q % per_image) / p->out.w, q % p->out.w, ic0, icg, pad, im2col + r * k16);
                    }
                    for (int32_t r = 0; r < CONV_ROWS; r++)
                        rows.row[r] = im2col + (r < count ? r : 0) * k16;
                    rows.count = count;
                    rows.limit = im2col + im2col_bytes;
                }
                conv_rows_mve(p, &rows, kd, ws, oc0, oc1, ksum, p->output + (size_t)pix * p->out.c, has_left);
            }
        }
    }
}

/* Convolutions with a short dot product and no padding: 1x1 over fewer
 * than 16 input channels (VWW's 8 -> 16 pointwise layer; at 16 the
 * dot-product blocks are faster again) and windows of at most 32 taps
 * times channels (VWW's 3x3x3 first layer after its explicit `pad`),
 * where the 2x2 dot-product blocks spend more on their bookkeeping and
 * im2col rows than on 16-byte dot products.  Output channels in lanes:
 * VMLA.S32 of four widened weights (VLDRB.S32) by one input byte, read in
 * place (a window row is kw * ic contiguous bytes); 16 channels per pass
 * in four accumulators (two when at most 8 are left) whose lanes are the
 * even and odd channels of each 8 (weights transposed once into that
 * order), so that q_requantize_pair_mve narrows each pair back into
 * channel order for one 8-byte store.  The input offset is in the kernel
 * sums, as everywhere here. */
#define CONV_SMALL_K 32
#define CONV_SMALL_OC 16

typedef struct conv_small_k_block {
    int8_t w[CONV_SMALL_K][CONV_SMALL_OC];  /* [k][lane]: lanes 0-3 channels 0,2,4,6, 4-7 1,3,5,7, ... */
    int32_t ksum[CONV_SMALL_OC], mult[CONV_SMALL_OC], left[CONV_SMALL_OC], right_neg[CONV_SMALL_OC];
} conv_small_k_block;

/* channel of lane i of a block (relative to its first) */
static inline int32_t conv_small_k_channel(int32_t i)
{
    return (i & 8) + ((i & 4) ? 2 * (i & 3) + 1 : 2 * (i & 3));
}

static void conv_small_k_prepare(const conv_s8_params *p, int32_t k, int32_t oc0, conv_small_k_block *b)
{
    for (int32_t i = 0; i < CONV_SMALL_OC; i++) {
        const int32_t oc = oc0 + conv_small_k_channel(i);
        const bool in = oc < p->out.c;
        int32_t sum = 0;
        for (int32_t j = 0; j < CONV_SMALL_K; j++) {
            b->w[j][i] = in && j < k ? p->weight[(size_t)oc * k + j] : 0;
            sum += b->w[j][i];
        }
        b->ksum[i] = in ? (int32_t)((uint32_t)(p->bias ? p->bias[oc] : 0) + (uint32_t)p->input_offset * (uint32_t)sum)
                        : 0;
        const int32_t shift = in ? p->shift[oc] : -1;
        b->mult[i] = in ? p->multiplier[oc] : 0;
        b->left[i] = q_max_i32(shift, 0);
        b->right_neg[i] = q_min_i32(shift, 0);
    }
}

static inline __attribute__((always_inline)) void conv_small_k_pixels(const conv_s8_params *p, int32_t oc0,
                                                                      const conv_small_k_block *b, bool all_right,
                                                                      bool half, bool window)
{
    const int32_t ic = p->in.c, row_run = p->kw * ic, row_stride = p->in.w * ic, kh = p->kh;
    const int16x8_t lo = vdupq_n_s16((int16_t)p->act_min), hi = vdupq_n_s16((int16_t)p->act_max);
    const int16_t out_offset = (int16_t)p->output_offset;
    const mve_pred16_t st0 = vctp16q((uint32_t)(p->out.c - oc0)), st1 = vctp16q((uint32_t)(p->out.c - oc0 - 8));
    const q_requant_lanes q[4] = {
        {vldrwq_s32(b->mult), vldrwq_s32(b->left), vldrwq_s32(b->right_neg)},
        {vldrwq_s32(b->mult + 4), vldrwq_s32(b->left + 4), vldrwq_s32(b->right_neg + 4)},
        {vldrwq_s32(b->mult + 8), vldrwq_s32(b->left + 8), vldrwq_s32(b->right_neg + 8)},
        {vldrwq_s32(b->mult + 12), vldrwq_s32(b->left + 12), vldrwq_s32(b->right_neg + 12)},
    };
    int8_t *out = p->output + oc0;
    for (int32_t n = 0; n < p->out.n; n++)
        for (int32_t oy = 0; oy < p->out.h; oy++) {
            const int8_t *x = p->input + ((size_t)n * p->in.h + (size_t)oy * p->stride[0]) * row_stride;
            for (int32_t ox = 0; ox < p->out.w; ox++, x += p->stride[1] * ic, out += p->out.c) {
                const int8_t *w = &b->w[0][0];
                /* GCC would hoist the weight vectors out of the pixel loop
                 * and spill them: keep them loads */
                __asm__("" : "+r"(w));
                int32x4_t a0 = vldrwq_s32(b->ksum), a1 = vldrwq_s32(b->ksum + 4);
                int32x4_t a2 = vldrwq_s32(b->ksum + 8), a3 = vldrwq_s32(b->ksum + 12);
                /* a window row at a time (1x1, window false: the one row,
                 * without the row loop GCC otherwise schedules worse) */
                for (int32_t ky = 0; ky < (window ? kh : 1); ky++) {
                    const int8_t *xr = x + ky * row_stride;
                    for (int32_t j = 0; j < (window ? row_run : ic); j++, w += CONV_SMALL_OC) {
                        const int32_t xj = xr[j];
                        a0 = vmlaq_n_s32(a0, vldrbq_s32(w), xj);
                        a1 = vmlaq_n_s32(a1, vldrbq_s32(w + 4), xj);
                        if (!half) {
                            a2 = vmlaq_n_s32(a2, vldrbq_s32(w + 8), xj);
                            a3 = vmlaq_n_s32(a3, vldrbq_s32(w + 12), xj);
                        }
                    }
                }
                vstrbq_p_s16(out, q_requantize_pair_mve(a0, a1, q[0], q[1], all_right, out_offset, lo, hi), st0);
                if (!half && p->out.c - oc0 > 8)
                    vstrbq_p_s16(out + 8, q_requantize_pair_mve(a2, a3, q[2], q[3], all_right, out_offset, lo, hi),
                                 st1);
            }
        }
}

static inline bool conv_small_k_fits(const conv_s8_params *p)
{
    const int32_t k = p->kh * p->kw * p->in.c;
    return (p->kh * p->kw == 1 ? p->in.c < 16 : k <= CONV_SMALL_K) && p->pad[0] == 0 && p->pad[1] == 0 &&
           p->dil[0] == 1 && p->dil[1] == 1 && p->groups == 1 && p->w_row == 0 && p->output_offset >= INT16_MIN &&
           p->output_offset <= INT16_MAX && p->act_min >= INT16_MIN && p->act_max <= INT16_MAX;
}

static __attribute__((noinline)) void conv2d_s8_mve_small_k(const conv_s8_params *p)
{
    const int32_t k = p->kh * p->kw * p->in.c;
    conv_small_k_block b __attribute__((aligned(16)));
    for (int32_t oc0 = 0; oc0 < p->out.c; oc0 += CONV_SMALL_OC) {
        conv_small_k_prepare(p, k, oc0, &b);
        bool all_right = true;  /* every channel shifts right, none left */
        for (int32_t i = 0; i < CONV_SMALL_OC; i++)
            all_right &= b.right_neg[i] < 0;
        /* four forms: 1x1 with right shifts only (VWW), a window of at most
         * 8 channels with right shifts only (VWW's first layer), and each
         * shape with any shifts */
        const bool one = p->kh * p->kw == 1, half = p->out.c - oc0 <= 8;
        if (one && all_right)
            conv_small_k_pixels(p, oc0, &b, true, false, false);
        else if (one)
            conv_small_k_pixels(p, oc0, &b, false, false, false);
        else if (all_right && half)
            conv_small_k_pixels(p, oc0, &b, true, true, true);
        else
            conv_small_k_pixels(p, oc0, &b, false, false, true);
    }
}

/* K not a multiple of 16 (VWW's pointwise layers over 8 channels, the
 * 3x3x3 first layers of VWW and ResNet-8): the weight rows zero-padded
 * to K16 once, into a stack buffer, so that the im2col rows, padded
 * alike, take the assembly loop whole, where the rows of K bytes took a
 * predicated tail step per pair of rows (VWW's 8-channel pointwise layer:
 * 3.5 cycles per MAC).  The im2col padding bytes are whatever the buffer
 * held: times a zero weight they add nothing. */
#define CONV_PADDED_W_BYTES 1024

static inline bool conv_padded_fits(const conv_s8_params *p, int32_t k)
{
    const int32_t k16 = (k + 15) & ~15;
    return (k & 15) != 0 && p->w_row == 0 && (int64_t)k16 * p->out.c <= CONV_PADDED_W_BYTES &&
           k16 <= CONV_IM2COL_BYTES;
}

static __attribute__((noinline)) void conv2d_s8_mve_padded(const conv_s8_params *p, int32_t k)
{
    const int32_t k16 = (k + 15) & ~15;
    int8_t wt[CONV_PADDED_W_BYTES] __attribute__((aligned(16)));
    for (int32_t oc = 0; oc < p->out.c; oc++) {
        for (int32_t i = 0; i < k; i++)
            wt[oc * k16 + i] = p->weight[(size_t)oc * k + i];
        for (int32_t i = k; i < k16; i++)
            wt[oc * k16 + i] = 0;
    }
    conv_s8_params padded = *p;
    padded.weight = wt;
    padded.w_row = k16;
    /* im2col rows even for a 1x1 convolution, whose unpadded rows would
     * be read in place */
    conv2d_s8_mve_passes(&padded, p->scratch, conv_im2col_bytes(&padded));
}

/* Only the im2col rows go to the method's scratch: the kernel sums and the
 * accumulator table (about 5 KiB) stay on the stack, since their
 * addresses, sp-relative there, would otherwise take registers from the
 * inlined assembly loops (with the kernel sums in the scratch GCC no
 * longer inlined the row loop: VWW's convolutions took up to 8 % longer).
 * The small-K path needs none, the padded path its padded rows. */
size_t conv2d_s8_mve_scratch(const conv_s8_params *p)
{
    const int32_t k = p->kh * p->kw * (p->in.c / p->groups);
    if (p->act_min > p->act_max || conv_small_k_fits(p))
        return 0;
    if (conv_padded_fits(p, k))
        return (size_t)conv_im2col_bytes(p);
    if (conv_direct(p) || conv_k16(p) > CONV_IM2COL_BYTES)
        return 0;  /* rows read in place, or the scalar loop */
    return (size_t)conv_im2col_bytes(p);
}

void conv2d_s8_mve(const conv_s8_params *p)
{
    const int32_t k = p->kh * p->kw * (p->in.c / p->groups);
    if (p->act_min > p->act_max)
        conv2d_s8(p);  /* a clamp min/max cannot express (no real model has one) */
    else if (conv_small_k_fits(p))
        conv2d_s8_mve_small_k(p);
    else if (conv_padded_fits(p, k))
        conv2d_s8_mve_padded(p, k);
    else if (conv_direct(p) && !p->in_place)
        conv2d_s8_mve_passes(p, NULL, 0);
    else if (conv_k16(p) <= CONV_IM2COL_BYTES)
        conv2d_s8_mve_passes(p, p->scratch, conv_im2col_bytes(p));
    else
        conv2d_s8(p);
}
#endif

static const conv_s8_slots conv_slots = {
    CONV_INPUT, CONV_WEIGHT, CONV_BIAS, CONV_STRIDE, CONV_PADDING, CONV_DILATION, CONV_INPUT_OFFSET,
    CONV_OUTPUT_OFFSET, CONV_MULTIPLIERS, CONV_SHIFTS, CONV_ACT_MIN, CONV_ACT_MAX, CONV_OUT};

/* The arguments and their checks (b: bound for a prepared call). */
static bool conv_read(et_kargs *a, conv_s8_params *p, et_bound_tensors *b)
{
    const et_tensor *w;
    /* `scratch` (1.4.0 on) is CMSIS-NN's buffer, planned by the exporter
     * for CMSIS-NN's kernels; ours is the method's (et_kargs.scratch), so
     * it is not read. */
    if (!et_arg_named(a) || !conv_s8_read_args(a, &conv_slots, p, &w, b))
        return false;
    int32_t w_ic = w->sizes[3];
    p->groups = w_ic > 0 ? p->in.c / w_ic : 0;
    return et_check(a, w->sizes[0] == p->out.c && w_ic > 0 && p->groups > 0 && p->in.c % w_ic == 0 &&
                           p->out.c % p->groups == 0,
                    ET_ERR_INVALID_ARGUMENT, "weight [OC, KH, KW, IC] does not match input/output channels");
}

#ifndef ET_NO_PLAN_IN_PLACE
/* In place (et_plan.h): a 1x1 convolution whose output is no wider than
 * its input writes pixel q's outputs over input bytes of pixels <= q.
 * It runs on blocks of pixels whose input is first copied into the
 * scratch (the block's im2col rows, as it were), so that every input byte
 * is read before an output is written on it; each block is a convolution
 * of its own (its kernel sums again: blocks as large as the scratch
 * allows). */
#define CONV_IN_PLACE_PIXELS 16  /* the least pixels a block holds */

static bool conv_in_place_shape(const conv_s8_params *p)
{
    return p->kh == 1 && p->kw == 1 && p->stride[0] == 1 && p->stride[1] == 1 && p->pad[0] == 0 &&
           p->pad[1] == 0 && p->groups == 1 && p->in.n == p->out.n && p->in.h == p->out.h && p->in.w == p->out.w &&
           p->out.c <= p->in.c;
}

/* One block of `count` pixels from pixel `pix` as its own convolution. */
static conv_s8_params conv_block(const conv_s8_params *p, const int8_t *copy, int32_t pix, int32_t count)
{
    conv_s8_params b = *p;
    b.input = copy;
    b.in = (nhwc_dims){1, 1, count, p->in.c};
    b.out = (nhwc_dims){1, 1, count, p->out.c};
    b.output = p->output + (size_t)pix * p->out.c;
    return b;
}

/* The scratch a block's own convolution needs (its im2col rows, the
 * same for any block of CONV_IN_PLACE_PIXELS or more), 16-aligned. */
static size_t conv_block_scratch(const conv_s8_params *p)
{
#if defined(__ARM_FEATURE_MVE)
    const conv_s8_params b = conv_block(p, NULL, 0, CONV_IN_PLACE_PIXELS);
    return (conv2d_s8_mve_scratch(&b) + 15) & ~(size_t)15;
#else
    (void)p;
    return 0;
#endif
}

#if defined(__ARM_FEATURE_MVE)
/* The Helium passes of one output-channel block copy each pass's pixels
 * into their im2col rows before they write those pixels' outputs: in
 * place, a 1x1 convolution takes them (im2col rows instead of reading
 * the input where it is), without blocks of its own. */
static bool conv_in_place_passes(const conv_s8_params *p)
{
    const int32_t k = p->in.c;
    return p->act_min <= p->act_max && !conv_small_k_fits(p) && p->out.c <= CONV_OC_BLOCK &&
           (conv_padded_fits(p, k) || conv_k16(p) <= CONV_IM2COL_BYTES);
}
#endif

/* The scratch of the in-place run: the passes' im2col rows, or a block's
 * copy and its convolution's scratch. */
static size_t conv_in_place_scratch(const conv_s8_params *p)
{
#if defined(__ARM_FEATURE_MVE)
    if (conv_in_place_passes(p))
        return (size_t)conv_im2col_bytes(p);
#endif
    return conv_block_scratch(p) + (size_t)CONV_IN_PLACE_PIXELS * p->in.c;
}

static __attribute__((noinline)) void conv_in_place_blocks(const conv_s8_params *p, size_t room)
{
    const size_t own = conv_block_scratch(p);
    const int32_t pixels = p->in.n * p->in.h * p->in.w;
    const int32_t per_block = (int32_t)((room - own) / (size_t)p->in.c);
    int8_t *copy = p->scratch + own;
    for (int32_t pix = 0; pix < pixels; pix += per_block) {
        const int32_t count = q_min_i32(per_block, pixels - pix);
        k_copy_bytes(copy, p->input + (size_t)pix * p->in.c, (size_t)count * p->in.c);
        conv_s8_params b = conv_block(p, copy, pix, count);
        b.scratch = own ? p->scratch : NULL;
        b.scratch_size = own;
#if defined(__ARM_FEATURE_MVE)
        conv2d_s8_mve(&b);
#else
        conv2d_s8(&b);
#endif
    }
}

#endif

/* The scratch a call of p's shape needs. */
static size_t conv_scratch_need(const conv_s8_params *p)
{
#if defined(__ARM_FEATURE_MVE)
    return conv2d_s8_mve_scratch(p);
#else
    (void)p;
    return 0;  /* the scalar loop needs none */
#endif
}

static et_err conv_exec(et_kargs *a, conv_s8_params *p, size_t scratch)
{
    const conv_s8_alias alias = conv_s8_alias_of(p);
    if (!conv_s8_check_alias(a, alias, p, K_IN_PLACE(conv_in_place_shape)))
        return et_kresult(a);
#ifndef ET_NO_PLAN_IN_PLACE
    if (alias == CONV_IN_PLACE) {
        if (!k_scratch(a, conv_in_place_scratch(p), &p->scratch, &p->scratch_size))
            return et_kresult(a);
#if defined(__ARM_FEATURE_MVE)
        if (conv_in_place_passes(p)) {
            p->in_place = true;
            conv2d_s8_mve(p);
            return ET_OK;
        }
#endif
        conv_in_place_blocks(p, a->scratch_size);  /* the method's whole scratch: fewer blocks */
        return ET_OK;
    }
#endif
#if defined(__ARM_FEATURE_MVE)
    if (!k_scratch(a, scratch, &p->scratch, &p->scratch_size))
        return et_kresult(a);
    conv2d_s8_mve(p);
#else
    /* A copy whose address goes nowhere else, so that the inlined loops
     * may keep its fields in registers (p's went to the argument reader,
     * and every output store, which may alias it, made GCC reload them). */
    (void)a, (void)scratch;
    const conv_s8_params q = *p;
    conv2d_s8(&q);
#endif
    return ET_OK;
}

static const conv_s8_kernel conv_kernel = {conv_read, conv_scratch_need, conv_exec};

et_err k_cortex_m_quantized_conv2d(et_kargs *a)
{
    return conv_s8_call(a, &conv_kernel);
}

static size_t conv_scratch(et_kargs *a)
{
    return conv_s8_scratch(a, &conv_kernel);
}

static bool conv_prepare(et_kargs *a, void *state)
{
    return conv_s8_prepare(a, state, &conv_kernel);
}

static et_err conv_run(et_kargs *a, const void *state)
{
    return conv_s8_run(a, state, &conv_kernel);
}

#ifndef ET_NO_PLAN_IN_PLACE
static uint32_t conv_in_place(et_kargs *a, const void *state, size_t *scratch)
{
    return conv_s8_in_place(a, state, &conv_kernel, conv_in_place_shape, conv_in_place_scratch, CONV_INPUT, scratch);
}
#endif

const et_kernel_extra k_cortex_m_quantized_conv2d_extra = {conv_scratch, conv_prepare, conv_run,
                                                           sizeof(conv_s8_prepared), K_IN_PLACE(conv_in_place)};
