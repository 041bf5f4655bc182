/* cortex_m::quantized_depthwise_conv2d.out: int8 depthwise convolution
 * (CMSIS-NN arm_depthwise_conv_wrapper_s8 semantics).  Weights are
 * [1, KH, KW, OC] with OC = IC * depth_multiplier; output channel oc reads
 * input channel oc / depth_multiplier. */
#include <stddef.h>

#include "../copy_bytes.h"
#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "../quant_math_mve.h"
#include "arg_layouts.h"
#include "conv_s8.h"

/* The convolution's parameters (conv_s8.h); groups and w_row unused. */
typedef conv_s8_params dw_conv_s8_params;

static void depthwise_conv2d_s8(const dw_conv_s8_params *p)
{
    int8_t *out = p->output;
    for (int32_t n = 0; n < p->out.n; n++) {
        const int8_t *in_n = p->input + (size_t)n * p->in.h * p->in.w * p->in.c;
        for (int32_t oy = 0; oy < p->out.h; oy++) {
            for (int32_t ox = 0; ox < p->out.w; ox++) {
                const int32_t y0 = oy * p->stride[0] - p->pad[0];
                const int32_t x0 = ox * p->stride[1] - p->pad[1];
                for (int32_t oc = 0; oc < p->out.c; oc++) {
                    const int32_t ic = oc / p->depth_multiplier;
                    int32_t acc = p->bias ? p->bias[oc] : 0;
                    for (int32_t ky = 0; ky < p->kh; ky++) {
                        const int32_t iy = y0 + ky * p->dil[0];
                        if (iy < 0 || iy >= p->in.h)
                            continue;
                        for (int32_t kx = 0; kx < p->kw; kx++) {
                            const int32_t ix = x0 + kx * p->dil[1];
                            if (ix < 0 || ix >= p->in.w)
                                continue;
                            int32_t x = in_n[((size_t)iy * p->in.w + ix) * p->in.c + ic];
                            int32_t w = p->weight[((size_t)ky * p->kw + kx) * p->out.c + oc];
                            acc += (x + p->input_offset) * w;
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
/* Helium, after the MVE depthwise kernels of CMSIS-NN
 * (arm_depthwise_conv_s8_opt and the MVE path of arm_depthwise_conv_s8):
 * output channels in lanes, NHWC, sixteen int8 lanes per pass.
 *
 *  - Per output pixel and group of 16 output channels, each kernel tap
 *    loads 16 weights and the 16 input bytes those channels read: with
 *    depth multiplier 1 the input channels themselves (one contiguous
 *    load), with a multiplier that is a multiple of 16 one input channel
 *    for all lanes (a scalar broadcast, e.g. KWS's first layer, one input
 *    channel, multiplier 64), otherwise a byte gather (lane i reads input
 *    channel (c + i) / multiplier).
 *  - VMULLB/VMULLT.S8 multiply the even and odd bytes into int16 products
 *    (|x * w| <= 2^14, exact) and VMOVLB/VMOVLT widen them into four int32
 *    accumulators: lanes {0,4,8,12}, {2,6,10,14}, {1,5,9,13} and
 *    {3,7,11,15} of the group.
 *  - The input offset is folded into the kernel sum, as CMSIS-NN does:
 *    sum over valid taps of (x + io) * w = sum(x * w) + io * sum(w) taken
 *    over all taps when the taps in the padding use x = -io, which adds
 *    (-io + io) * w = 0 (io = -zero_point fits in int8).  bias +
 *    io * sum(w) is computed once per channel per call.  All of it is
 *    exact in wrapping int32 arithmetic, so the accumulators are the
 *    scalar loop's bit for bit.
 *  - Kernel sums, multipliers and shifts are kept per block of channels in
 *    the accumulators' lane order (a small stack table), the four vectors
 *    are requantized by q_requantize_clamp_mve and narrowed back into
 *    channel order (VMOVNB/VMOVNT twice) for one 16-byte store.
 * The last group of a channel count that is not a multiple of 16 is
 * predicated (VCTP.8). */
#define DW_BLOCK 64   /* channels per table block (a multiple of 16) */

/* lane j of accumulator a holds channel dw_lane_channel[4 * a + j] of the
 * group */
static const uint8_t dw_lane_channel[16] = {0, 4, 8, 12, 2, 6, 10, 14, 1, 5, 9, 13, 3, 7, 11, 15};

typedef struct dw_tables {
    int32_t ksum[DW_BLOCK], mult[DW_BLOCK], shift[DW_BLOCK];  /* lane order */
    uint8_t gather[DW_BLOCK];  /* input channel of each lane, relative to the group's first */
} dw_tables;

/* bias + io * wsum of channel c (wsum: the sum of its weights), in
 * wrapping int32 arithmetic */
static int32_t dw_kernel_sum_of(const dw_conv_s8_params *p, int32_t c, int32_t wsum)
{
    return (int32_t)((uint32_t)(p->bias ? p->bias[c] : 0) + (uint32_t)p->input_offset * (uint32_t)wsum);
}

static int32_t dw_kernel_sum(const dw_conv_s8_params *p, int32_t c)
{
    int32_t wsum = 0;
    for (int32_t tap = 0; tap < p->kh * p->kw; tap++)
        wsum += p->weight[(size_t)tap * p->out.c + c];
    return dw_kernel_sum_of(p, c, wsum);
}

static void dw_make_tables(const dw_conv_s8_params *p, int32_t c0, int32_t c1, dw_tables *t)
{
    for (int32_t i = 0; i < DW_BLOCK; i++) {
        const int32_t group = i & ~15;
        const int32_t c = c0 + group + dw_lane_channel[i & 15];
        const int32_t ksum = c < c1 ? dw_kernel_sum(p, c) : 0, mult = c < c1 ? p->multiplier[c] : 0,
                      shift = c < c1 ? p->shift[c] : 0;
        t->ksum[i] = ksum;
        t->mult[i] = mult;
        t->shift[i] = shift;
        /* in channel order here: the gather loads bytes in lane order */
        const int32_t cc = c0 + i;
        t->gather[i] = (uint8_t)(cc < c1 ? cc / p->depth_multiplier - (c0 + group) / p->depth_multiplier : 0);
    }
}

enum dw_input_mode { DW_CONTIGUOUS, DW_BROADCAST, DW_GATHER };

/* Taps [lo, hi) of one window axis that fall inside the input:
 * 0 <= o + k * d < size. */
static inline void dw_valid_range(int32_t o, int32_t d, int32_t size, int32_t taps, int32_t *lo, int32_t *hi)
{
    *lo = o >= 0 ? 0 : q_min_i32(taps, (-o + d - 1) / d);
    *hi = o >= size ? 0 : q_min_i32(taps, (size - o + d - 1) / d);
    if (*hi < *lo)
        *hi = *lo;
}

/* Everything the tap loop reads, copied to locals so that the compiler
 * keeps it in registers (the output stores could alias *p). */
typedef struct dw_geom {
    int32_t kh, kw, oc;          /* taps, weight row stride */
    int32_t step_x, step_y;      /* input bytes between taps along x, y */
} dw_geom;

/* acc += x * w on the four accumulators (lane order as above). */
#define DW_MAC(x, vw)                                                        \
    do {                                                                     \
        const int16x8_t even_ = vmullbq_int_s8((x), (vw));                   \
        const int16x8_t odd_ = vmulltq_int_s8((x), (vw));                    \
        a0 = vaddq_s32(a0, vmovlbq_s16(even_));                              \
        a1 = vaddq_s32(a1, vmovltq_s16(even_));                              \
        a2 = vaddq_s32(a2, vmovlbq_s16(odd_));                               \
        a3 = vaddq_s32(a3, vmovltq_s16(odd_));                               \
    } while (0)

static inline __attribute__((always_inline)) int8x16_t dw_load(enum dw_input_mode mode, const int8_t *px,
                                                                 uint8x16_t goff, mve_pred16_t pc)
{
    if (mode == DW_CONTIGUOUS)
        return vldrbq_z_s8(px, pc);
    if (mode == DW_BROADCAST)
        return vdupq_n_s8(*px);
    return vldrbq_gather_offset_z_s8(px, goff, pc);
}

/* One output pixel's group of 16 channels: the four accumulators after
 * every tap.  `in` points at tap (0, 0) for the group's first input
 * channel (outside the input when that tap is padding), w at the group's
 * weights of tap (0, 0).  Taps outside [ylo, yhi) x [xlo, xhi) multiply
 * `pad`; a window inside the image takes the loop without any test. */
static inline __attribute__((always_inline)) void
dw_taps(enum dw_input_mode mode, const dw_geom *g, const int8_t *in, const int8_t *w, uint8x16_t goff,
        mve_pred16_t pc, int8x16_t pad, int32_t ylo, int32_t yhi, int32_t xlo, int32_t xhi, int32x4_t acc[4])
{
    int32x4_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    const int32_t kh = g->kh, kw = g->kw, oc = g->oc, step_x = g->step_x, step_y = g->step_y;
    if (ylo == 0 && yhi == kh && xlo == 0 && xhi == kw) {
        for (int32_t ky = 0; ky < kh; ky++, in += step_y) {
            const int8_t *px = in;
            for (int32_t kx = 0; kx < kw; kx++, px += step_x, w += oc) {
                const int8x16_t x = dw_load(mode, px, goff, pc);
                DW_MAC(x, vldrbq_z_s8(w, pc));
            }
        }
    } else {
        for (int32_t ky = 0; ky < kh; ky++, in += step_y) {
            const int8_t *px = in;
            const bool row_ok = ky >= ylo && ky < yhi;
            for (int32_t kx = 0; kx < kw; kx++, px += step_x, w += oc) {
                if (row_ok && kx >= xlo && kx < xhi) {
                    const int8x16_t x = dw_load(mode, px, goff, pc);
                    DW_MAC(x, vldrbq_z_s8(w, pc));
                } else {
                    DW_MAC(pad, vldrbq_z_s8(w, pc));
                }
            }
        }
    }
    acc[0] = a0;
    acc[1] = a1;
    acc[2] = a2;
    acc[3] = a3;
}

static inline __attribute__((always_inline)) void dw_block(enum dw_input_mode mode, const dw_conv_s8_params *p,
                                                           const dw_tables *t, int32_t c0, int32_t c1)
{
    const dw_geom g = {p->kh, p->kw, p->out.c, p->dil[1] * p->in.c, p->dil[0] * p->in.w * p->in.c};
    const int32_t mul = p->depth_multiplier, in_c = p->in.c, in_w = p->in.w, in_h = p->in.h;
    const int32_t out_c = p->out.c, out_offset = p->output_offset, act_min = p->act_min, act_max = p->act_max;
    const int8x16_t pad = vdupq_n_s8((int8_t)-p->input_offset);
    const int32x4_t vlo = vdupq_n_s32(act_min), vhi = vdupq_n_s32(act_max);
    const int8_t *weight = p->weight;
    for (int32_t n = 0; n < p->out.n; n++) {
        const int8_t *in_n = p->input + (size_t)n * in_h * in_w * in_c;
        int8_t *out = p->output + (size_t)n * p->out.h * p->out.w * out_c;
        for (int32_t oy = 0; oy < p->out.h; oy++) {
            const int32_t y0 = oy * p->stride[0] - p->pad[0];
            int32_t ylo, yhi;
            dw_valid_range(y0, p->dil[0], in_h, g.kh, &ylo, &yhi);
            for (int32_t ox = 0; ox < p->out.w; ox++, out += out_c) {
                const int32_t x0 = ox * p->stride[1] - p->pad[1];
                int32_t xlo, xhi;
                dw_valid_range(x0, p->dil[1], in_w, g.kw, &xlo, &xhi);
                /* tap (0, 0) of channel 0; only dereferenced inside the image */
                const intptr_t tap0 = ((intptr_t)y0 * in_w + x0) * in_c;
                for (int32_t c = c0; c < c1; c += 16) {
                    const int32_t tb = c - c0;  /* table index of the group */
                    const mve_pred16_t pc = vctp8q((uint32_t)(c1 - c));
                    int32x4_t acc[4] = {vldrwq_s32(t->ksum + tb), vldrwq_s32(t->ksum + tb + 4),
                                        vldrwq_s32(t->ksum + tb + 8), vldrwq_s32(t->ksum + tb + 12)};
                    dw_taps(mode, &g, in_n + tap0 + c / mul, weight + c, vldrbq_u8(t->gather + tb), pc, pad, ylo,
                            yhi, xlo, xhi, acc);
                    for (int32_t j = 0; j < 4; j++)
                        acc[j] = q_requantize_clamp_lanes_mve(
                            acc[j],
                            q_requant_lanes_mve(vldrwq_s32(t->mult + tb + 4 * j), vldrwq_s32(t->shift + tb + 4 * j)),
                            true, out_offset, vlo, vhi);
                    /* channels 0,2,..,14 and 1,3,..,15 as int16, then bytes */
                    const int16x8_t lo = vmovntq_s32(vmovnbq_s32(vdupq_n_s16(0), acc[0]), acc[1]);
                    const int16x8_t hi = vmovntq_s32(vmovnbq_s32(vdupq_n_s16(0), acc[2]), acc[3]);
                    vstrbq_p_s8(out + c, vmovntq_s16(vmovnbq_s16(vdupq_n_s8(0), lo), hi), pc);
                }
            }
        }
    }
}

/* Depth multiplier 1 (every depthwise layer of KWS and VWW but KWS's
 * first): eight channels per vector in int16 lanes.
 *
 *  - Input and weight bytes are widened by the load (VLDRB.S16) and
 *    VMULLB/VMULLT.S16 multiply the even and odd channels straight into
 *    two int32 accumulators: per tap and 8 channels two loads, two
 *    multiplies (FP/MUL pipe) and two adds (integer pipe), where the
 *    int8-lane loop above needs four widenings more on the integer pipe.
 *  - The input rows a window reads are copied once into a ring of
 *    (KH - 1) * dil + 1 rows, padded left and right (and whole rows above
 *    and below the image) with -io, as the kernel-sum trick above wants:
 *    every window is then inside the ring and the tap loop has no test.
 *    Ring and weights are laid out per group of 8 channels
 *    ([group][row][column][8], [group][tap][8]), so that every tap of a
 *    window is a load at an immediate offset from one of KH row pointers,
 *    and a group that has fewer than 8 channels is padded with zero
 *    weights (only its store is predicated).
 *  - Kernel sums, multipliers and both shifts are kept per channel in the
 *    accumulators' lane order (0, 2, 4, 6 then 1, 3, 5, 7 of a group);
 *    VMOVNB/VMOVNT put the two requantized vectors back in channel order
 *    for one narrowing 8-byte store.
 * The channels go in slices of at most DW16_SLICE, fewer when the ring
 * or the weights would not fit their buffers; a layer whose rows are too
 * wide for even 8 channels takes the int8-lane loop. */
#define DW16_SLICE 64          /* channels per pass: size of the tables */
#define DW16_RING_BYTES 2048   /* the ring of padded input rows */
#define DW16_WEIGHT_BYTES 1024 /* one slice's weights, [group][tap][8] */

typedef struct dw16_plan {
    int32_t rows;   /* rows in the ring: (KH - 1) * dil_y + 1 */
    int32_t width;  /* padded columns the output row's windows cover */
    int32_t slice;  /* channels per pass, a multiple of 8; 0: does not fit */
} dw16_plan;

static dw16_plan dw16_plan_for(const dw_conv_s8_params *p)
{
    dw16_plan plan = {(p->kh - 1) * p->dil[0] + 1, (p->out.w - 1) * p->stride[1] + (p->kw - 1) * p->dil[1] + 1, 0};
    int64_t fit = DW16_RING_BYTES / ((int64_t)plan.rows * plan.width);  /* ring bytes per channel */
    fit = fit < DW16_WEIGHT_BYTES / (p->kh * p->kw) ? fit : DW16_WEIGHT_BYTES / (p->kh * p->kw);
    fit = fit < DW16_SLICE ? fit : DW16_SLICE;
    fit = fit < ((p->out.c + 7) & ~7) ? fit : ((p->out.c + 7) & ~7);
    plan.slice = (int32_t)fit & ~7;
    return plan;
}

typedef struct dw16_tables {
    int32_t ksum[DW16_SLICE], mult[DW16_SLICE], left[DW16_SLICE], right_neg[DW16_SLICE];  /* lane order */
} dw16_tables;

/* Tables and [group][tap][8] weights of channels [c0, c1). */
static void dw16_prepare(const dw_conv_s8_params *p, int32_t c0, int32_t c1, dw16_tables *t, int8_t *wt)
{
    const int32_t taps = p->kh * p->kw, groups = (c1 - c0 + 7) / 8;
    /* the weights of 8 channels per vector, summed on the way (at most
     * 128 taps of |w| <= 128: int16 holds the sums) */
    int16_t wsum[DW16_SLICE] __attribute__((aligned(16)));
    for (int32_t g = 0; g < groups; g++) {
        const mve_pred16_t pg = vctp16q((uint32_t)(c1 - c0 - 8 * g));
        int16x8_t sum = vdupq_n_s16(0);
        for (int32_t tap = 0; tap < taps; tap++) {
            const int16x8_t w = vldrbq_z_s16(p->weight + (size_t)tap * p->out.c + c0 + 8 * g, pg);
            vstrbq_s16(wt + (g * taps + tap) * 8, w);
            sum = vaddq_s16(sum, w);
        }
        vst1q_s16(wsum + 8 * g, sum);
    }
    for (int32_t i = 0; i < groups * 8; i++) {
        /* lane i of the group's two vectors: even channels, then odd */
        const int32_t c = c0 + (i & ~7) + ((i & 7) < 4 ? 2 * (i & 3) : 2 * (i & 3) + 1);
        const bool in = c < c1;
        const int32_t shift = in ? p->shift[c] : 0;
        t->ksum[i] = in ? dw_kernel_sum_of(p, c, wsum[c - c0]) : 0;
        t->mult[i] = in ? p->multiplier[c] : 0;
        t->left[i] = q_max_i32(shift, 0);
        t->right_neg[i] = q_min_i32(shift, 0);
    }
}

/* Input row iy (any row: outside the image it is all padding) of channels
 * [c0, c1) into ring slot `slot`: the padding columns, then the image's
 * columns (predicated loads only for a last group of fewer than 8). */
static void dw16_load_row(const dw_conv_s8_params *p, const dw16_plan *plan, const int8_t *in_n, int32_t iy,
                          int32_t c0, int32_t c1, int32_t slot, int8_t *ring)
{
    const int16x8_t pad = vdupq_n_s16((int16_t)-p->input_offset);
    const int32_t groups = (c1 - c0 + 7) / 8, in_c = p->in.c, width = plan->width;
    const bool row_ok = iy >= 0 && iy < p->in.h;
    /* columns [j0, j1) of the ring row are image columns j - pad */
    const int32_t j0 = row_ok ? q_min_i32(p->pad[1], width) : width;
    const int32_t j1 = row_ok ? q_max_i32(j0, q_min_i32(width, p->pad[1] + p->in.w)) : width;
    for (int32_t g = 0; g < groups; g++) {
        int8_t *dst = ring + ((size_t)g * plan->rows + slot) * width * 8;
        int32_t j = 0;
        for (; j < j0; j++, dst += 8)
            vstrbq_s16(dst, pad);
        const int8_t *src = in_n + ((size_t)(row_ok ? iy : 0) * p->in.w + (j0 - p->pad[1])) * in_c + c0 + 8 * g;
        if (c1 - c0 - 8 * g >= 8) {
            for (; j < j1; j++, dst += 8, src += in_c)
                vstrbq_s16(dst, vldrbq_s16(src));
        } else {
            const mve_pred16_t pg = vctp16q((uint32_t)(c1 - c0 - 8 * g));
            for (; j < j1; j++, dst += 8, src += in_c)
                vstrbq_s16(dst, vldrbq_z_s16(src, pg));
        }
        for (; j < width; j++, dst += 8)
            vstrbq_s16(dst, pad);
    }
}

/* What one output row of one group of 8 channels reads and writes:
 * row[ky] is the ring row of tap row ky at the group, w the group's
 * weights, the tables at the group, out the row's first pixel at the
 * group's first channel. */
typedef struct dw16_row_args {
    const int8_t *row[8];
    const int8_t *w;
    const int32_t *ksum, *mult, *left, *right_neg;
    int8_t *out;
    mve_pred16_t store;  /* the group's channels */
} dw16_row_args;

/* Everything that is the same for every row and group. */
typedef struct dw16_geom {
    int32_t kh, kw, dx8, sx8, out_w, out_c;
    int16_t out_offset;
    int16x8_t lo, hi;
} dw16_geom;

/* even/odd += the tap's 8 inputs times its 8 weights */
#define DW16_TAP(x, w)                                                       \
    do {                                                                     \
        const int16x8_t xv_ = vldrbq_s16(x), wv_ = vldrbq_s16(w);            \
        even = vaddq_s32(even, vmullbq_int_s16(xv_, wv_));                   \
        odd = vaddq_s32(odd, vmulltq_int_s16(xv_, wv_));                     \
    } while (0)

static inline __attribute__((always_inline)) void dw16_store(const dw16_row_args *r, const dw16_geom *g,
                                                             int32x4_t even, int32x4_t odd, int8_t *out,
                                                             bool all_right)
{
    const q_requant_lanes qe = {vldrwq_s32(r->mult), vldrwq_s32(r->left), vldrwq_s32(r->right_neg)};
    const q_requant_lanes qo = {vldrwq_s32(r->mult + 4), vldrwq_s32(r->left + 4), vldrwq_s32(r->right_neg + 4)};
    vstrbq_p_s16(out, q_requantize_pair_mve(even, odd, qe, qo, all_right, g->out_offset, g->lo, g->hi), r->store);
}

/* 3x3, dilation 1 along x: the nine taps in assembly, each an immediate
 * offset from one of three row pointers.  GCC, given the same in
 * intrinsics, hoists the nine weight vectors out of the pixel loop and
 * carries the inputs shared with the next pixel, which eight Q registers
 * cannot hold: it spilled both to the stack (three times the cycles).
 * Scheduled so that the three pipes take turns (load, multiply, add: one
 * Helium instruction per cycle, 6 cycles per tap on the pipeline model):
 * while one tap multiplies, the next tap's input and weights load into the
 * other pair of registers (q0/q1, q2/q3); products in q4 (even channels)
 * and q5 (odd).  Widening loads take only r0-r7 as base ("l"). */
#define DW16_3X3_TAPS             \
    "vldrw.32 %q[e], [%[ks]]\n"       \
    "vldrw.32 %q[o], [%[ks], #16]\n"  \
    "vldrb.s16 q0, [%[r0]]\n"         \
    "vldrb.s16 q1, [%[w]]\n"          \
    "vmullb.s16 q4, q0, q1\n"         \
    "vldrb.s16 q2, [%[r0], #8]\n"     \
    "vmullt.s16 q5, q0, q1\n"         \
    "vldrb.s16 q3, [%[w], #8]\n"      \
    "vadd.i32 %q[e], %q[e], q4\n"     \
    "vmullb.s16 q4, q2, q3\n"         \
    "vldrb.s16 q0, [%[r0], #16]\n"    \
    "vadd.i32 %q[o], %q[o], q5\n"     \
    "vmullt.s16 q5, q2, q3\n"         \
    "vldrb.s16 q1, [%[w], #16]\n"     \
    "vadd.i32 %q[e], %q[e], q4\n"     \
    "vmullb.s16 q4, q0, q1\n"         \
    "vldrb.s16 q2, [%[r1]]\n"         \
    "vadd.i32 %q[o], %q[o], q5\n"     \
    "vmullt.s16 q5, q0, q1\n"         \
    "vldrb.s16 q3, [%[w], #24]\n"     \
    "vadd.i32 %q[e], %q[e], q4\n"     \
    "vmullb.s16 q4, q2, q3\n"         \
    "vldrb.s16 q0, [%[r1], #8]\n"     \
    "vadd.i32 %q[o], %q[o], q5\n"     \
    "vmullt.s16 q5, q2, q3\n"         \
    "vldrb.s16 q1, [%[w], #32]\n"     \
    "vadd.i32 %q[e], %q[e], q4\n"     \
    "vmullb.s16 q4, q0, q1\n"         \
    "vldrb.s16 q2, [%[r1], #16]\n"    \
    "vadd.i32 %q[o], %q[o], q5\n"     \
    "vmullt.s16 q5, q0, q1\n"         \
    "vldrb.s16 q3, [%[w], #40]\n"     \
    "vadd.i32 %q[e], %q[e], q4\n"     \
    "vmullb.s16 q4, q2, q3\n"         \
    "vldrb.s16 q0, [%[r2]]\n"         \
    "vadd.i32 %q[o], %q[o], q5\n"     \
    "vmullt.s16 q5, q2, q3\n"         \
    "vldrb.s16 q1, [%[w], #48]\n"     \
    "vadd.i32 %q[e], %q[e], q4\n"     \
    "vmullb.s16 q4, q0, q1\n"         \
    "vldrb.s16 q2, [%[r2], #8]\n"     \
    "vadd.i32 %q[o], %q[o], q5\n"     \
    "vmullt.s16 q5, q0, q1\n"         \
    "vldrb.s16 q3, [%[w], #56]\n"     \
    "vadd.i32 %q[e], %q[e], q4\n"     \
    "vmullb.s16 q4, q2, q3\n"         \
    "vldrb.s16 q0, [%[r2], #16]\n"    \
    "vadd.i32 %q[o], %q[o], q5\n"     \
    "vmullt.s16 q5, q2, q3\n"         \
    "vldrb.s16 q1, [%[w], #64]\n"     \
    "vadd.i32 %q[e], %q[e], q4\n"     \
    "vmullb.s16 q4, q0, q1\n"         \
    "vadd.i32 %q[o], %q[o], q5\n"     \
    "vmullt.s16 q5, q0, q1\n"         \
    "vadd.i32 %q[e], %q[e], q4\n"     \
    "vadd.i32 %q[o], %q[o], q5\n"

static inline __attribute__((always_inline)) void dw16_row_3x3(const dw16_row_args *r, const dw16_geom *g,
                                                               bool all_right)
{
    const int8_t *r0 = r->row[0], *r1 = r->row[1], *r2 = r->row[2];
    int8_t *out = r->out;
    for (int32_t ox = 0; ox < g->out_w; ox++, out += g->out_c, r0 += g->sx8, r1 += g->sx8, r2 += g->sx8) {
        int32x4_t even, odd;
        __asm__ volatile(DW16_3X3_TAPS
                         : [e] "=&w"(even), [o] "=&w"(odd)
                         : [ks] "r"(r->ksum), [w] "l"(r->w), [r0] "l"(r0), [r1] "l"(r1), [r2] "l"(r2)
                         : "q0", "q1", "q2", "q3", "q4", "q5", "memory");
        dw16_store(r, g, even, odd, out, all_right);
    }
}

/* Any window. */
static void dw16_row_any(const dw16_row_args *r, const dw16_geom *g)
{
    int8_t *out = r->out;
    for (int32_t ox = 0; ox < g->out_w; ox++, out += g->out_c) {
        int32x4_t even = vldrwq_s32(r->ksum), odd = vldrwq_s32(r->ksum + 4);
        const int8_t *w = r->w;
        for (int32_t ky = 0; ky < g->kh; ky++) {
            const int8_t *x = r->row[ky] + ox * g->sx8;
            for (int32_t kx = 0; kx < g->kw; kx++, w += 8, x += g->dx8)
                DW16_TAP(x, w);
        }
        dw16_store(r, g, even, odd, out, false);
    }
}

/* Channels [c0, c1) of every output pixel. */
static void dw16_slice(const dw_conv_s8_params *p, const dw16_plan *plan, int32_t c0, int32_t c1,
                       const dw16_tables *t, const int8_t *wt, int8_t *ring)
{
    const int32_t groups = (c1 - c0 + 7) / 8, taps = p->kh * p->kw, rows = plan->rows;
    const dw16_geom g = {p->kh, p->kw, p->dil[1] * 8, p->stride[1] * 8, p->out.w, p->out.c,
                         (int16_t)p->output_offset, vdupq_n_s16((int16_t)p->act_min), vdupq_n_s16((int16_t)p->act_max)};
    bool all_right = true;  /* every channel shifts right, none left */
    for (int32_t i = 0; i < groups * 8; i++)
        all_right &= t->right_neg[i] < 0;
    const bool k3x3 = p->kh == 3 && p->kw == 3 && p->dil[1] == 1;
    for (int32_t n = 0; n < p->out.n; n++) {
        const int8_t *in_n = p->input + (size_t)n * p->in.h * p->in.w * p->in.c;
        int8_t *out_n = p->output + (size_t)n * p->out.h * p->out.w * g.out_c;
        int32_t loaded = 0;  /* ring rows (padded row index) loaded so far */
        for (int32_t oy = 0; oy < p->out.h; oy++) {
            const int32_t first = oy * p->stride[0], end = first + rows;
            for (int32_t r = q_max_i32(loaded, first); r < end; r++)
                dw16_load_row(p, plan, in_n, r - p->pad[0], c0, c1, r % rows, ring);
            loaded = end;
            size_t row_off[8];  /* ring offset of tap row ky in group 0 */
            for (int32_t ky = 0; ky < p->kh; ky++)
                row_off[ky] = (size_t)((first + ky * p->dil[0]) % rows) * plan->width * 8;
            for (int32_t gi = 0; gi < groups; gi++) {
                dw16_row_args r = {
                    .w = wt + (size_t)gi * taps * 8,
                    .ksum = t->ksum + 8 * gi, .mult = t->mult + 8 * gi, .left = t->left + 8 * gi,
                    .right_neg = t->right_neg + 8 * gi,
                    .out = out_n + ((size_t)oy * p->out.w) * g.out_c + c0 + 8 * gi,
                    .store = vctp16q((uint32_t)(c1 - c0 - 8 * gi)),
                };
                for (int32_t ky = 0; ky < p->kh; ky++)
                    r.row[ky] = ring + (size_t)gi * rows * plan->width * 8 + row_off[ky];
                if (k3x3 && all_right)
                    dw16_row_3x3(&r, &g, true);
                else if (k3x3)
                    dw16_row_3x3(&r, &g, false);
                else
                    dw16_row_any(&r, &g);
            }
        }
    }
}

size_t dw_conv_s8_mul1_scratch_bytes(void)
{
    return DW16_RING_BYTES + DW16_WEIGHT_BYTES + sizeof(dw16_tables);
}

/* Does p take the int16-lane path (*plan: how)?  Not inlined: its other
 * caller, dw_in_place_shape, is left out of a runner built without in
 * place, and inlined into depthwise_mul1_mve it made VWW's layers 1 %
 * slower. */
static __attribute__((noinline)) bool dw16_fits(const dw_conv_s8_params *p, dw16_plan *plan)
{
    /* the narrowing requantization wants the offset and clamp in int16 */
    if (p->depth_multiplier != 1 || p->kh > 8 || p->kh * p->kw > DW16_WEIGHT_BYTES / 8 ||
        p->output_offset < INT16_MIN || p->output_offset > INT16_MAX || p->act_min < INT16_MIN ||
        p->act_max > INT16_MAX)
        return false;
    *plan = dw16_plan_for(p);
    return plan->slice >= 8;
}

static __attribute__((noinline)) bool depthwise_mul1_mve(const dw_conv_s8_params *p)
{
    dw16_plan fit;
    if (!dw16_fits(p, &fit))
        return false;
    const dw16_plan plan = fit;
    int8_t ring[DW16_RING_BYTES] __attribute__((aligned(16)));
    int8_t wt[DW16_WEIGHT_BYTES] __attribute__((aligned(16)));
    dw16_tables t;
    for (int32_t c0 = 0; c0 < p->out.c; c0 += plan.slice) {
        const int32_t c1 = q_min_i32(c0 + plan.slice, p->out.c);
        dw16_prepare(p, c0, c1, &t, wt);
        dw16_slice(p, &plan, c0, c1, &t, wt, ring);
    }
    return true;
}

/* One input channel (e.g. KWS's first layer: multiplier 64, 10x4
 * kernel): out[p][c] = sum over taps of x[p, t] * w[t][c] is a
 * convolution with IC = 1 whose weight row for output channel c is
 * column c of the depthwise weights.  Transposed once into the scratch
 * buffer, it takes the convolution's Helium path: 16 taps per VMLADAVA,
 * weights shared by four pixels, instead of a broadcast scalar per tap. */
#define DW_AS_CONV_WEIGHT_BYTES 4096

/* The convolution a one-channel depthwise layer runs as, its weights at
 * wt and its scratch after them (*total: the bytes of both); false when
 * it does not run as one. */
static bool dw_as_conv_params(const dw_conv_s8_params *p, int8_t *wt, conv_s8_params *cp, size_t *total)
{
    /* rows padded with zeros to 16 bytes: the convolution then takes
     * its fast loop (the im2col rows are padded alike) */
    const int32_t taps = p->kh * p->kw, oc = p->out.c, row = (taps + 15) & ~15;
    /* act_min > act_max: the convolution's scalar fallback does not know
     * padded weight rows */
    if (p->in.c != 1 || (int64_t)row * oc > DW_AS_CONV_WEIGHT_BYTES || p->act_min > p->act_max)
        return false;
    const size_t wt_bytes = ((size_t)row * oc + 15) & ~(size_t)15;
    *cp = (conv_s8_params){
        .input = p->input, .weight = wt, .bias = p->bias, .multiplier = p->multiplier, .shift = p->shift,
        .output = p->output, .in = p->in, .out = p->out, .kh = p->kh, .kw = p->kw, .groups = 1,
        .stride = {p->stride[0], p->stride[1]}, .pad = {p->pad[0], p->pad[1]}, .dil = {p->dil[0], p->dil[1]},
        .input_offset = p->input_offset, .output_offset = p->output_offset, .act_min = p->act_min,
        .act_max = p->act_max, .w_row = row, .scratch = wt ? wt + wt_bytes : NULL,
    };
    cp->scratch_size = conv2d_s8_mve_scratch(cp);
    *total = wt_bytes + cp->scratch_size;
    return true;
}

static __attribute__((noinline)) bool depthwise_as_conv_mve(const dw_conv_s8_params *p)
{
    conv_s8_params cp;
    size_t total;
    int8_t *wt = p->scratch;
    if (!dw_as_conv_params(p, wt, &cp, &total))
        return false;
    /* in locals: byte stores to the scratch may alias *p */
    const int32_t taps = p->kh * p->kw, oc = p->out.c, row = cp.w_row;
    const int8_t *const weight = p->weight;
    for (int32_t c = 0; c < oc; c++) {
        for (int32_t t = 0; t < taps; t++)
            wt[c * row + t] = weight[(size_t)t * oc + c];
        for (int32_t t = taps; t < row; t++)
            wt[c * row + t] = 0;
    }
    conv2d_s8_mve(&cp);
    return true;
}

/* The scratch depthwise_conv2d_s8_mve needs: the transposed weights and
 * the convolution's scratch when it runs as one.  The per-block tables
 * (832 bytes) stay on the stack: from the scratch, their address took a
 * register the tap loop needs (VWW's first depthwise layer took 0.7 %
 * longer). */
static size_t depthwise_conv2d_s8_mve_scratch(const dw_conv_s8_params *p)
{
    conv_s8_params cp;
    size_t total;
    return dw_as_conv_params(p, NULL, &cp, &total) ? total : 0;
}

/* The general form, in blocks of DW_BLOCK channels with their tables.
 * Not inlined: the tables (832 bytes) are then on the stack only while
 * it runs, not under the convolution that a one-channel layer becomes. */
static __attribute__((noinline)) void depthwise_blocks_mve(const dw_conv_s8_params *p)
{
    const int32_t mul = p->depth_multiplier;
    dw_tables t;
    for (int32_t c0 = 0; c0 < p->out.c; c0 += DW_BLOCK) {
        const int32_t c1 = q_min_i32(c0 + DW_BLOCK, p->out.c);
        dw_make_tables(p, c0, c1, &t);
        if (mul == 1)
            dw_block(DW_CONTIGUOUS, p, &t, c0, c1);
        else if (mul % 16 == 0)
            dw_block(DW_BROADCAST, p, &t, c0, c1);
        else
            dw_block(DW_GATHER, p, &t, c0, c1);
    }
}

static __attribute__((noinline)) void depthwise_conv2d_s8_mve(const dw_conv_s8_params *p)
{
    if (p->act_min > p->act_max) {
        depthwise_conv2d_s8(p);  /* a clamp VMAX/VMIN cannot express (no real model has one) */
        return;
    }
    if (!depthwise_as_conv_mve(p) && !depthwise_mul1_mve(p))
        depthwise_blocks_mve(p);
}
#endif

#if defined(__ARM_FEATURE_MVE)
/* -io is the padding value of the Helium path: it must fit in int8. */
static bool dw_mve(const dw_conv_s8_params *p)
{
    return p->input_offset >= -127 && p->input_offset <= 128;
}
#endif

#ifndef ET_NO_PLAN_IN_PLACE
/* In place: the output over its input (same shape, stride 1, depth
 * multiplier 1; et_plan.h).  Output row oy then covers input row oy, and
 * every window of a later row reads input rows from oy + 1 - pad on, so
 * an input row must be read before the output row on it is written:
 * rows read ahead by (KH - 1) * dil - pad_top >= 0.
 *  - The int16-lane path reads each input row into its ring before it
 *    writes the output row on it (rows ahead as above; slices of
 *    channels write only their own channels): it runs as it is.
 *  - The scalar loop reads rows above the output row: it runs one output
 *    row at a time on a copy of the input rows its windows read (the
 *    scratch: (KH - 1) * dil + 1 rows), each row copied before the output
 *    row on it is written. */
static bool dw_in_place_shape(const dw_conv_s8_params *p)
{
    if (p->in.n != p->out.n || p->in.h != p->out.h || p->in.w != p->out.w || p->in.c != p->out.c ||
        p->depth_multiplier != 1 || p->stride[0] != 1 || p->stride[1] != 1 || p->pad[0] > (p->kh - 1) * p->dil[0])
        return false;
#if defined(__ARM_FEATURE_MVE)
    dw16_plan plan;
    conv_s8_params cp;
    size_t total;
    return dw_mve(p) && p->act_min <= p->act_max && !dw_as_conv_params(p, NULL, &cp, &total) && dw16_fits(p, &plan);
#else
    return true;
#endif
}

/* The scratch of the in-place run: the scalar loop's copy of rows (the
 * int16-lane path keeps its ring on the stack). */
static size_t dw_in_place_scratch(const dw_conv_s8_params *p)
{
#if defined(__ARM_FEATURE_MVE)
    (void)p;
    return 0;
#else
    return (size_t)((p->kh - 1) * p->dil[0] + 1) * p->in.w * p->in.c;
#endif
}

#if !defined(__ARM_FEATURE_MVE)
static __attribute__((noinline)) void depthwise_in_place_rows(const dw_conv_s8_params *p)
{
    const size_t row = (size_t)p->in.w * p->in.c;
    const int32_t span = (p->kh - 1) * p->dil[0];
    for (int32_t n = 0; n < p->out.n; n++) {
        int8_t *img = p->output + (size_t)n * p->in.h * row;  /* input and output */
        int32_t lo = 0, hi = -1;  /* input rows [lo, hi] are in the copy */
        for (int32_t oy = 0; oy < p->out.h; oy++) {
            const int32_t top = oy - p->pad[0];
            const int32_t need_lo = top > 0 ? top : 0, need_hi = q_min_i32(top + span, p->in.h - 1);
            if (need_lo > lo && hi >= lo) {  /* drop the rows above */
                const int32_t keep = hi >= need_lo ? hi - need_lo + 1 : 0;
                k_copy_bytes(p->scratch, p->scratch + (size_t)(need_lo - lo) * row, (size_t)keep * row);
                hi = need_lo + keep - 1;
            }
            lo = need_lo;
            for (int32_t r = hi + 1; r <= need_hi; r++)  /* rows >= oy: not written yet */
                k_copy_bytes(p->scratch + (size_t)(r - lo) * row, img + (size_t)r * row, row);
            hi = need_hi > hi ? need_hi : hi;
            dw_conv_s8_params one = *p;
            one.input = p->scratch;
            one.in.n = one.out.n = 1;
            one.in.h = hi - lo + 1;
            one.out.h = 1;
            one.pad[0] = lo - top;
            one.output = img + (size_t)oy * row;
            depthwise_conv2d_s8(&one);
        }
    }
}
#endif
#endif

static const conv_s8_slots dw_slots = {
    DW_INPUT, DW_WEIGHT, DW_BIAS, DW_STRIDE, DW_PADDING, DW_DILATION, DW_INPUT_OFFSET,
    DW_OUTPUT_OFFSET, DW_MULTIPLIERS, DW_SHIFTS, DW_ACT_MIN, DW_ACT_MAX, DW_OUT};

/* The arguments and their checks (b: bound for a prepared call). */
static bool dw_read(et_kargs *a, dw_conv_s8_params *p, et_bound_tensors *b)
{
    const et_tensor *w;
    /* `scratch` (1.4.0 on) is not read, as in quantized_conv2d. */
    if (!et_arg_named(a) || !conv_s8_read_args(a, &dw_slots, p, &w, b))
        return false;
    p->depth_multiplier = (int32_t)et_arg_int(a, DW_DEPTH_MULTIPLIER);
    return et_check(a, w->sizes[0] == 1 && p->depth_multiplier > 0 && w->sizes[3] == p->out.c &&
                           (int64_t)p->in.c * p->depth_multiplier == p->out.c,
                    ET_ERR_INVALID_ARGUMENT, "weight [1, KH, KW, OC] or channels do not match depth_multiplier");
}


/* The scratch a call of p's shape needs. */
static size_t dw_scratch_need(const dw_conv_s8_params *p)
{
#if defined(__ARM_FEATURE_MVE)
    return dw_mve(p) ? depthwise_conv2d_s8_mve_scratch(p) : 0;
#else
    (void)p;
    return 0;  /* the scalar loop needs none */
#endif
}

static et_err dw_exec(et_kargs *a, dw_conv_s8_params *p, size_t scratch)
{
    const conv_s8_alias alias = conv_s8_alias_of(p);
    const bool in_place = alias == CONV_IN_PLACE;
    if (!conv_s8_check_alias(a, alias, p, K_IN_PLACE(dw_in_place_shape)))
        return et_kresult(a);
#if defined(__ARM_FEATURE_MVE)
    if (dw_mve(p)) {
        if (!k_scratch(a, scratch, &p->scratch, &p->scratch_size))
            return et_kresult(a);
        depthwise_conv2d_s8_mve(p);  /* in place: the int16-lane path (dw_in_place_shape) */
        return ET_OK;
    }
    (void)in_place;
#elif !defined(ET_NO_PLAN_IN_PLACE)
    if (in_place) {
        if (!k_scratch(a, dw_in_place_scratch(p), &p->scratch, &p->scratch_size))
            return et_kresult(a);
        depthwise_in_place_rows(p);
        return ET_OK;
    }
    (void)scratch;
#else
    (void)in_place, (void)scratch;
#endif
    depthwise_conv2d_s8(p);
    return ET_OK;
}

static const conv_s8_kernel dw_kernel = {dw_read, dw_scratch_need, dw_exec};

et_err k_cortex_m_quantized_depthwise_conv2d(et_kargs *a)
{
    return conv_s8_call(a, &dw_kernel);
}

static size_t dw_scratch(et_kargs *a)
{
    return conv_s8_scratch(a, &dw_kernel);
}

static bool dw_prepare(et_kargs *a, void *state)
{
    return conv_s8_prepare(a, state, &dw_kernel);
}

static et_err dw_run(et_kargs *a, const void *state)
{
    return conv_s8_run(a, state, &dw_kernel);
}

#ifndef ET_NO_PLAN_IN_PLACE
static uint32_t dw_in_place(et_kargs *a, const void *state, size_t *scratch)
{
    return conv_s8_in_place(a, state, &dw_kernel, dw_in_place_shape, dw_in_place_scratch, DW_INPUT, scratch);
}
#endif

const et_kernel_extra k_cortex_m_quantized_depthwise_conv2d_extra = {dw_scratch, dw_prepare, dw_run,
                                                                     sizeof(conv_s8_prepared), K_IN_PLACE(dw_in_place)};
