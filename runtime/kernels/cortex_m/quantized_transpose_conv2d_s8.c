/* cortex_m::quantized_transpose_conv2d.out: int8 transposed convolution,
 * NHWC, weight [OC, KH, KW, IC] (CMSIS-NN arm_transpose_conv_s8, whose
 * result upstream's reference states as PyTorch's conv_transpose2d):
 *   acc[oy][ox][oc] = bias[oc] + sum over (iy, ky), (ix, kx) with
 *       oy = iy * stride - pad + ky * dilation (and likewise x) of
 *       (x[iy][ix][ic] + input_offset) * w[oc][ky][kx][ic],
 * requantized per channel, plus output_offset, clamped to the activation
 * range.  Output size (IH - 1) * stride - 2 * pad + dilation * (KH - 1) +
 * output_padding + 1.  Each output gathers its taps (no accumulator
 * buffer); `scratch` and `output_scratch` (1.4.0 on) are not read. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"

et_err k_cortex_m_quantized_transpose_conv2d(et_kargs *a)
{
    int32_t stride[2], pad[2], opad[2], dil[2];
    nhwc_dims id, od;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, TC_INPUT), *w = et_arg_tensor(a, TC_WEIGHT);
    et_tensor *bias = et_arg_tensor_or_null(a, TC_BIAS), *out = et_arg_tensor(a, TC_OUT);
    et_arg_ints(a, TC_STRIDE, stride, 2);
    et_arg_ints(a, TC_PADDING, pad, 2);
    et_arg_ints(a, TC_OUTPUT_PADDING, opad, 2);
    et_arg_ints(a, TC_DILATION, dil, 2);
    int32_t io = (int32_t)et_arg_int(a, TC_INPUT_OFFSET), oo = (int32_t)et_arg_int(a, TC_OUTPUT_OFFSET);
    et_tensor *mult = et_arg_tensor(a, TC_MULTIPLIERS), *shift = et_arg_tensor(a, TC_SHIFTS);
    int32_t act_min = (int32_t)et_arg_int(a, TC_ACT_MIN), act_max = (int32_t)et_arg_int(a, TC_ACT_MAX);
    k_s8(a, in, "input");
    k_s8(a, w, "weight");
    k_s8(a, out, "out");
    k_nhwc(a, in, "input", &id);
    k_nhwc(a, out, "out", &od);
    k_window_params(a, stride, pad, dil);
    if (!a->ok || !et_check(a, w->rank == 4, ET_ERR_INVALID_ARGUMENT, "weight must be [OC, KH, KW, IC]"))
        return et_kresult(a);
    int32_t kh = w->sizes[1], kw = w->sizes[2];
    et_check(a, w->sizes[0] == od.c && w->sizes[3] == id.c && id.n == od.n, ET_ERR_INVALID_ARGUMENT,
             "weight does not match the channels (groups are not supported)");
    et_check(a, opad[0] >= 0 && opad[1] >= 0 && opad[0] < q_max_i32(stride[0], dil[0]) &&
                    opad[1] < q_max_i32(stride[1], dil[1]),
             ET_ERR_INVALID_ARGUMENT, "output_padding must be below stride or dilation");
    et_check(a, (int64_t)od.h == (int64_t)(id.h - 1) * stride[0] - 2 * pad[0] + (int64_t)dil[0] * (kh - 1) + opad[0] + 1 &&
                    (int64_t)od.w == (int64_t)(id.w - 1) * stride[1] - 2 * pad[1] + (int64_t)dil[1] * (kw - 1) + opad[1] + 1,
             ET_ERR_INVALID_ARGUMENT, "output height/width do not match the transposed convolution");
    if (bias)
        k_per_channel_i32(a, bias, od.c, "bias");
    k_per_channel_i32(a, mult, od.c, "requantize_multipliers");
    k_per_channel_i32(a, shift, od.c, "requantize_shifts");
    if (!a->ok)
        return et_kresult(a);
    const int8_t *x = in->data, *wd = w->data;
    const int32_t *b = bias ? bias->data : NULL, *m = mult->data, *s = shift->data;
    int8_t *y = out->data;
    for (int32_t n = 0; n < od.n; n++)
        for (int32_t oy = 0; oy < od.h; oy++)
            for (int32_t ox = 0; ox < od.w; ox++)
                for (int32_t oc = 0; oc < od.c; oc++) {
                    int32_t acc = b ? b[oc] : 0;
                    for (int32_t ky = 0; ky < kh; ky++) {
                        int32_t ty = oy + pad[0] - ky * dil[0];  /* = iy * stride */
                        if (ty < 0 || ty % stride[0] != 0 || ty / stride[0] >= id.h)
                            continue;
                        int32_t iy = ty / stride[0];
                        for (int32_t kx = 0; kx < kw; kx++) {
                            int32_t tx = ox + pad[1] - kx * dil[1];
                            if (tx < 0 || tx % stride[1] != 0 || tx / stride[1] >= id.w)
                                continue;
                            int32_t ix = tx / stride[1];
                            const int8_t *px = x + (((size_t)n * id.h + iy) * id.w + ix) * id.c;
                            const int8_t *pw = wd + (((size_t)oc * kh + ky) * kw + kx) * id.c;
                            for (int32_t ic = 0; ic < id.c; ic++)
                                acc += (px[ic] + io) * pw[ic];
                        }
                    }
                    acc = q_requantize(acc, m[oc], s[oc]) + oo;
                    y[(((size_t)n * od.h + oy) * od.w + ox) * od.c + oc] = (int8_t)q_clamp(acc, act_min, act_max);
                }
    return ET_OK;
}
