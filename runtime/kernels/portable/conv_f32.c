/* aten::convolution.out (input, weight, bias?, stride, padding, dilation,
 * transposed, output_padding, groups, out): float32 2-D convolution, NCHW
 * contiguous, weight [OC, IC/groups, KH, KW]; transposed is not supported. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

et_err k_aten_convolution(et_kargs *a)
{
    int32_t stride[2], pad[2], dil[2];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ACONV_INPUT), *w = et_arg_tensor(a, ACONV_WEIGHT),
              *bias = et_arg_tensor_or_null(a, ACONV_BIAS);
    et_arg_ints(a, ACONV_STRIDE, stride, 2);
    et_arg_ints(a, ACONV_PADDING, pad, 2);
    et_arg_ints(a, ACONV_DILATION, dil, 2);
    bool transposed = et_arg_bool(a, ACONV_TRANSPOSED);
    int64_t groups = et_arg_int(a, ACONV_GROUPS);
    et_tensor *out = et_arg_tensor(a, ACONV_OUT);
    et_tensor *ts[4] = {in, w, out, bias};
    for (int i = 0; i < (bias ? 4 : 3); i++) {
        et_check_dtype(a, ts[i], ET_FLOAT, "operand");
        et_check_data(a, ts[i], "operand");
        et_check(a, et_tensor_layout(ts[i]) == ET_LAYOUT_CONTIGUOUS, ET_ERR_UNSUPPORTED_DIM_ORDER,
                 "operands must be contiguous (NCHW)");
    }
    et_check(a, !transposed, ET_ERR_INVALID_ARGUMENT, "transposed convolution is not supported");
    if (!a->ok || !et_check(a, in->rank == 4 && w->rank == 4 && out->rank == 4, ET_ERR_INVALID_ARGUMENT,
                            "only 2-D convolution (rank-4 tensors)"))
        return et_kresult(a);
    k_window_params(a, stride, pad, dil);
    int32_t N = in->sizes[0], IC = in->sizes[1], IH = in->sizes[2], IW = in->sizes[3];
    int32_t OC = w->sizes[0], ICG = w->sizes[1], KH = w->sizes[2], KW = w->sizes[3];
    int32_t OH = out->sizes[2], OW = out->sizes[3];
    et_check(a, groups > 0 && IC == ICG * groups && OC % groups == 0 && out->sizes[0] == N && out->sizes[1] == OC,
             ET_ERR_INVALID_ARGUMENT, "channels do not match groups");
    et_check(a, OH == k_window_out(IH, KH, stride[0], pad[0], dil[0], false) &&
                    OW == k_window_out(IW, KW, stride[1], pad[1], dil[1], false),
             ET_ERR_INVALID_ARGUMENT, "output height/width do not match the convolution");
    if (bias)
        et_check(a, et_tensor_numel(bias) == (size_t)OC, ET_ERR_INVALID_ARGUMENT, "bias must have OC elements");
    if (!a->ok)
        return et_kresult(a);
    const float *x = in->data, *wt = w->data, *b = bias ? bias->data : NULL;
    float *y = out->data;
    int32_t ocg = OC / (int32_t)groups;
    for (int32_t n = 0; n < N; n++)
        for (int32_t oc = 0; oc < OC; oc++) {
            int32_t ic0 = (oc / ocg) * ICG;
            for (int32_t oy = 0; oy < OH; oy++)
                for (int32_t ox = 0; ox < OW; ox++) {
                    float acc = b ? b[oc] : 0.0f;
                    for (int32_t ic = 0; ic < ICG; ic++)
                        for (int32_t ky = 0; ky < KH; ky++) {
                            int32_t iy = oy * stride[0] - pad[0] + ky * dil[0];
                            if (iy < 0 || iy >= IH)
                                continue;
                            for (int32_t kx = 0; kx < KW; kx++) {
                                int32_t ix = ox * stride[1] - pad[1] + kx * dil[1];
                                if (ix >= 0 && ix < IW)
                                    acc += x[(((size_t)n * IC + ic0 + ic) * IH + iy) * IW + ix] *
                                           wt[(((size_t)oc * ICG + ic) * KH + ky) * KW + kx];
                            }
                        }
                    *y++ = acc;
                }
        }
    return ET_OK;
}
