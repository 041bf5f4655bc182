/* cortex_m::quantized_depthwise_conv2d.out: int8 depthwise convolution
 * (CMSIS-NN arm_depthwise_conv_wrapper_s8 semantics).  Weights are
 * [1, KH, KW, OC] with OC = IC * depth_multiplier; output channel oc reads
 * input channel oc / depth_multiplier. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "../quant_math_mve.h"

typedef struct dw_conv_s8_params {
    const int8_t *input;
    const int8_t *weight;
    const int32_t *bias;
    const int32_t *multiplier;
    const int32_t *shift;
    int8_t *output;
    nhwc_dims in, out;
    int32_t kh, kw, depth_multiplier;
    int32_t stride[2], pad[2], dil[2];
    int32_t input_offset, output_offset, act_min, act_max;
} dw_conv_s8_params;

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
/* Helium: four output channels per vector.  Each valid tap widens four
 * input bytes and four weights to int32 (VLDRB.S32), adds the input offset
 * and multiply-accumulates lane-wise: the same int32 sums as the scalar
 * loop, in the same order.  Depth multiplier 1 reads channel c for output
 * c; an input with one channel (KWS's first layer, multiplier 64) is one
 * scalar broadcast (VMLA by a scalar).  Other multipliers use the scalar
 * loop. */
static void depthwise_conv2d_s8_mve(const dw_conv_s8_params *p)
{
    const bool broadcast = p->in.c == 1;
    int8_t *out = p->output;
    const int32x4_t in_off = vdupq_n_s32(p->input_offset);
    for (int32_t n = 0; n < p->out.n; n++) {
        const int8_t *in_n = p->input + (size_t)n * p->in.h * p->in.w * p->in.c;
        for (int32_t oy = 0; oy < p->out.h; oy++) {
            const int32_t y0 = oy * p->stride[0] - p->pad[0];
            for (int32_t ox = 0; ox < p->out.w; ox++, out += p->out.c) {
                const int32_t x0 = ox * p->stride[1] - p->pad[1];
                for (int32_t c = 0; c < p->out.c; c += 4) {
                    mve_pred16_t pc = vctp32q((uint32_t)(p->out.c - c));
                    int32x4_t acc = p->bias ? vldrwq_z_s32(p->bias + c, pc) : vdupq_n_s32(0);
                    for (int32_t ky = 0; ky < p->kh; ky++) {
                        const int32_t iy = y0 + ky * p->dil[0];
                        if (iy < 0 || iy >= p->in.h)
                            continue;
                        for (int32_t kx = 0; kx < p->kw; kx++) {
                            const int32_t ix = x0 + kx * p->dil[1];
                            if (ix < 0 || ix >= p->in.w)
                                continue;
                            const int8_t *px = in_n + ((size_t)iy * p->in.w + ix) * p->in.c;
                            int32x4_t w = vldrbq_z_s32(p->weight + ((size_t)ky * p->kw + kx) * p->out.c + c, pc);
                            if (broadcast) {
                                acc = vmlaq_n_s32(acc, w, px[0] + p->input_offset);
                            } else {
                                int32x4_t x = vaddq_s32(vldrbq_z_s32(px + c, pc), in_off);
                                acc = vaddq_s32(acc, vmulq_s32(x, w));
                            }
                        }
                    }
                    int32x4_t r = q_requantize_clamp_mve(acc, vldrwq_z_s32(p->multiplier + c, pc),
                                                         vldrwq_z_s32(p->shift + c, pc), p->output_offset,
                                                         p->act_min, p->act_max);
                    vstrbq_p_s32(out + c, r, pc);
                }
            }
        }
    }
}
#endif

et_err k_cortex_m_quantized_depthwise_conv2d(et_kargs *a)
{
    dw_conv_s8_params p = {0};
    if (!et_arg_count(a, 16))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, 0), *w = et_arg_tensor(a, 1), *bias = et_arg_tensor_or_null(a, 2);
    et_arg_ints(a, 3, p.stride, 2);
    et_arg_ints(a, 4, p.pad, 2);
    et_arg_ints(a, 5, p.dil, 2);
    p.depth_multiplier = (int32_t)et_arg_int(a, 6);
    p.input_offset = (int32_t)et_arg_int(a, 7);
    p.output_offset = (int32_t)et_arg_int(a, 8);
    et_tensor *mult = et_arg_tensor(a, 9), *shift = et_arg_tensor(a, 10);
    p.act_min = (int32_t)et_arg_int(a, 11);
    p.act_max = (int32_t)et_arg_int(a, 12);
    et_tensor *out = et_arg_tensor(a, 14);
    k_s8(a, in, "input");
    k_s8(a, w, "weight");
    k_s8(a, out, "out");
    k_nhwc(a, in, "input", &p.in);
    k_nhwc(a, out, "out", &p.out);
    k_window_params(a, p.stride, p.pad, p.dil);
    if (!et_check(a, w->rank == 4 && w->sizes[0] == 1, ET_ERR_INVALID_ARGUMENT, "weight must be [1, KH, KW, OC]"))
        return et_kresult(a);
    p.kh = w->sizes[1];
    p.kw = w->sizes[2];
    et_check(a, p.depth_multiplier > 0 && w->sizes[3] == p.out.c &&
                    (int64_t)p.in.c * p.depth_multiplier == p.out.c && p.in.n == p.out.n,
             ET_ERR_INVALID_ARGUMENT, "channels do not match depth_multiplier");
    et_check(a, p.out.h == k_window_out(p.in.h, p.kh, p.stride[0], p.pad[0], p.dil[0], false) &&
                    p.out.w == k_window_out(p.in.w, p.kw, p.stride[1], p.pad[1], p.dil[1], false),
             ET_ERR_INVALID_ARGUMENT, "output height/width do not match the convolution");
    if (bias)
        k_per_channel_i32(a, bias, p.out.c, "bias");
    k_per_channel_i32(a, mult, p.out.c, "requantize_multipliers");
    k_per_channel_i32(a, shift, p.out.c, "requantize_shifts");
    if (!a->ok)
        return et_kresult(a);
    p.input = in->data;
    p.weight = w->data;
    p.bias = bias ? bias->data : NULL;
    p.multiplier = mult->data;
    p.shift = shift->data;
    p.output = out->data;
#if defined(__ARM_FEATURE_MVE)
    if (p.depth_multiplier == 1 || p.in.c == 1) {
        depthwise_conv2d_s8_mve(&p);
        return ET_OK;
    }
#endif
    depthwise_conv2d_s8(&p);
    return ET_OK;
}
