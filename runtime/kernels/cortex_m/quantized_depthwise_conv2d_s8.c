/* cortex_m::quantized_depthwise_conv2d.out: int8 depthwise convolution
 * (CMSIS-NN arm_depthwise_conv_wrapper_s8 semantics).  Weights are
 * [1, KH, KW, OC] with OC = IC * depth_multiplier; output channel oc reads
 * input channel oc / depth_multiplier. */
#include <stddef.h>

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

static void dw_make_tables(const dw_conv_s8_params *p, int32_t c0, int32_t c1, dw_tables *t)
{
    const int32_t taps = p->kh * p->kw;
    for (int32_t i = 0; i < DW_BLOCK; i++) {
        const int32_t group = i & ~15;
        const int32_t c = c0 + group + dw_lane_channel[i & 15];
        int32_t ksum = 0, mult = 0, shift = 0;
        if (c < c1) {
            int32_t wsum = 0;
            for (int32_t tap = 0; tap < taps; tap++)
                wsum += p->weight[(size_t)tap * p->out.c + c];
            ksum = (int32_t)((uint32_t)(p->bias ? p->bias[c] : 0) + (uint32_t)p->input_offset * (uint32_t)wsum);
            mult = p->multiplier[c];
            shift = p->shift[c];
        }
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

static __attribute__((noinline)) void depthwise_conv2d_s8_mve(const dw_conv_s8_params *p)
{
    const int32_t mul = p->depth_multiplier;
    if (p->act_min > p->act_max) {
        depthwise_conv2d_s8(p);  /* a clamp VMAX/VMIN cannot express (no real model has one) */
        return;
    }
    if (depthwise_as_conv_mve(p))
        return;
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

#if defined(__ARM_FEATURE_MVE)
/* -io is the padding value of the Helium path: it must fit in int8. */
static bool dw_mve(const dw_conv_s8_params *p)
{
    return p->input_offset >= -127 && p->input_offset <= 128;
}
#endif

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
#if defined(__ARM_FEATURE_MVE)
    if (dw_mve(p)) {
        if (!k_scratch(a, scratch, &p->scratch, &p->scratch_size))
            return et_kresult(a);
        depthwise_conv2d_s8_mve(p);
        return ET_OK;
    }
#endif
    (void)a, (void)scratch;
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

const et_kernel_extra k_cortex_m_quantized_depthwise_conv2d_extra = {dw_scratch, dw_prepare, dw_run, sizeof(conv_s8_prepared)};
