/* cortex_m::quantized_conv2d.out: int8 convolution with per-channel
 * requantization (CMSIS-NN arm_convolve_wrapper_s8 semantics).
 * Activations NHWC, weights [OC, KH, KW, IC/groups]. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "../quant_math_mve.h"

typedef struct conv_s8_params {
    const int8_t *input;
    const int8_t *weight;
    const int32_t *bias;          /* NULL: no bias */
    const int32_t *multiplier;
    const int32_t *shift;
    int8_t *output;
    nhwc_dims in, out;
    int32_t kh, kw, groups;
    int32_t stride[2], pad[2], dil[2];
    int32_t input_offset, output_offset, act_min, act_max;
} conv_s8_params;

#if !defined(__ARM_FEATURE_MVE)
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
                            for (int32_t ic = 0; ic < ic_per_group; ic++)
                                acc += (px[ic] + p->input_offset) * w[ic];
                        }
                    }
                    acc = q_requantize(acc, p->multiplier[oc], p->shift[oc]) + p->output_offset;
                    *out++ = (int8_t)q_clamp(acc, p->act_min, p->act_max);
                }
            }
        }
    }
}
#endif

#if defined(__ARM_FEATURE_MVE)
/* Helium: per output channel, the dot product over the input channels of
 * each kernel tap with VMLADAVA (16 int8 MACs per instruction, tail
 * predicated), and the sum of the tap's weights with VADDVA, so that
 * sum((x + io) * w) = sum(x * w) + io * sum(w) needs no widening; taps in
 * the padding are skipped as in the scalar loop.  The int32 accumulators
 * are equal (the identity holds in wrapping int32 arithmetic too) and four
 * output channels are requantized at once by q_requantize_clamp_mve. */
static void conv2d_s8_mve(const conv_s8_params *p)
{
    const int32_t ic_per_group = p->in.c / p->groups;
    const int32_t oc_per_group = p->out.c / p->groups;
    const size_t w_per_oc = (size_t)p->kh * p->kw * ic_per_group;
    int8_t *out = p->output;
    for (int32_t n = 0; n < p->out.n; n++) {
        const int8_t *in_n = p->input + (size_t)n * p->in.h * p->in.w * p->in.c;
        for (int32_t oy = 0; oy < p->out.h; oy++) {
            const int32_t y0 = oy * p->stride[0] - p->pad[0];
            for (int32_t ox = 0; ox < p->out.w; ox++, out += p->out.c) {
                const int32_t x0 = ox * p->stride[1] - p->pad[1];
                for (int32_t oc0 = 0; oc0 < p->out.c; oc0 += 4) {
                    int32_t acc[4] = {0, 0, 0, 0};
                    const int32_t noc = q_min_i32(4, p->out.c - oc0);
                    for (int32_t j = 0; j < noc; j++) {
                        const int32_t oc = oc0 + j;
                        const int32_t ic0 = (oc / oc_per_group) * ic_per_group;
                        const int8_t *w_oc = p->weight + (size_t)oc * w_per_oc;
                        int32_t dot = 0, wsum = 0;
                        for (int32_t ky = 0; ky < p->kh; ky++) {
                            const int32_t iy = y0 + ky * p->dil[0];
                            if (iy < 0 || iy >= p->in.h)
                                continue;
                            for (int32_t kx = 0; kx < p->kw; kx++) {
                                const int32_t ix = x0 + kx * p->dil[1];
                                if (ix < 0 || ix >= p->in.w)
                                    continue;
                                const int8_t *px = in_n + ((size_t)iy * p->in.w + ix) * p->in.c + ic0;
                                const int8_t *w = w_oc + ((size_t)ky * p->kw + kx) * ic_per_group;
                                for (int32_t left = ic_per_group; left > 0; left -= 16, px += 16, w += 16) {
                                    mve_pred16_t pr = vctp8q((uint32_t)left);
                                    int8x16_t vx = vldrbq_z_s8(px, pr);
                                    int8x16_t vw = vldrbq_z_s8(w, pr);
                                    dot = vmladavaq_p_s8(dot, vx, vw, pr);
                                    wsum = vaddvaq_p_s8(wsum, vw, pr);
                                }
                            }
                        }
                        acc[j] = (int32_t)((uint32_t)(p->bias ? p->bias[oc] : 0) + (uint32_t)dot +
                                           (uint32_t)p->input_offset * (uint32_t)wsum);
                    }
                    mve_pred16_t pc = vctp32q((uint32_t)noc);
                    int32x4_t r = q_requantize_clamp_mve(vldrwq_s32(acc), vldrwq_z_s32(p->multiplier + oc0, pc),
                                                         vldrwq_z_s32(p->shift + oc0, pc), p->output_offset,
                                                         p->act_min, p->act_max);
                    vstrbq_p_s32(out + oc0, r, pc);
                }
            }
        }
    }
}
#endif

et_err k_cortex_m_quantized_conv2d(et_kargs *a)
{
    conv_s8_params p = {0};
    if (!et_arg_count(a, 15))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, 0), *w = et_arg_tensor(a, 1), *bias = et_arg_tensor_or_null(a, 2);
    et_arg_ints(a, 3, p.stride, 2);
    et_arg_ints(a, 4, p.pad, 2);
    et_arg_ints(a, 5, p.dil, 2);
    p.input_offset = (int32_t)et_arg_int(a, 6);
    p.output_offset = (int32_t)et_arg_int(a, 7);
    et_tensor *mult = et_arg_tensor(a, 8), *shift = et_arg_tensor(a, 9);
    p.act_min = (int32_t)et_arg_int(a, 10);
    p.act_max = (int32_t)et_arg_int(a, 11);
    et_tensor *out = et_arg_tensor(a, 13);
    k_s8(a, in, "input");
    k_s8(a, w, "weight");
    k_s8(a, out, "out");
    k_nhwc(a, in, "input", &p.in);
    k_nhwc(a, out, "out", &p.out);
    k_window_params(a, p.stride, p.pad, p.dil);
    if (!et_check(a, w->rank == 4, ET_ERR_INVALID_ARGUMENT, "weight must be [OC, KH, KW, IC]"))
        return et_kresult(a);
    p.kh = w->sizes[1];
    p.kw = w->sizes[2];
    int32_t w_ic = w->sizes[3];
    p.groups = w_ic > 0 ? p.in.c / w_ic : 0;
    et_check(a, w->sizes[0] == p.out.c && w_ic > 0 && p.groups > 0 && p.in.c % w_ic == 0 &&
                    p.out.c % p.groups == 0 && p.in.n == p.out.n,
             ET_ERR_INVALID_ARGUMENT, "weight shape does not match input/output channels");
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
    conv2d_s8_mve(&p);
#else
    conv2d_s8(&p);
#endif
    return ET_OK;
}
