/* aten::_native_batch_norm_legit_no_training.out: inference batch norm,
 * float32, contiguous (portable kernel semantics).
 *
 * (input, weight?, bias?, running_mean, running_var, momentum, eps,
 *  out, save_mean, save_invstd, then the three outputs as one TensorList):
 * out = (x - mean[c]) * invstd[c] * weight[c] + bias[c] over dim 1, with
 * invstd = 1 / sqrt(var + eps) computed in double and rounded to float, as
 * upstream does; save_mean and save_invstd are empty and not written. */
#include <math.h>
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

static bool per_channel_f32(et_kargs *a, const et_tensor *t, int32_t channels, const char *name)
{
    et_check_dtype(a, t, ET_FLOAT, name);
    et_check_data(a, t, name);
    return et_check(a, et_tensor_numel(t) == (size_t)channels, ET_ERR_INVALID_ARGUMENT,
                    "weight, bias, running_mean and running_var must have one entry per channel");
}

et_err k_aten_native_batch_norm_no_training(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ABN_INPUT), *out = et_arg_tensor(a, ABN_OUT0);
    et_tensor *weight = et_arg_tensor_or_null(a, ABN_WEIGHT), *bias = et_arg_tensor_or_null(a, ABN_BIAS);
    et_tensor *mean = et_arg_tensor(a, ABN_RUNNING_MEAN), *var = et_arg_tensor(a, ABN_RUNNING_VAR);
    double eps = et_arg_double(a, ABN_EPS);
    et_check_dtype(a, in, ET_FLOAT, "input");
    et_check_dtype(a, out, ET_FLOAT, "out");
    et_check_data(a, in, "input");
    et_check_data(a, out, "out");
    et_check(a, et_tensor_same_shape(in, out) && et_tensor_layout(in) == ET_LAYOUT_CONTIGUOUS &&
                    et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS,
             ET_ERR_INVALID_ARGUMENT, "input and output must be contiguous and of the same shape");
    if (!a->ok)
        return et_kresult(a);
    int32_t channels = in->rank >= 2 ? in->sizes[1] : (in->rank == 1 ? in->sizes[0] : 1);
    per_channel_f32(a, mean, channels, "running_mean");
    per_channel_f32(a, var, channels, "running_var");
    if (weight)
        per_channel_f32(a, weight, channels, "weight");
    if (bias)
        per_channel_f32(a, bias, channels, "bias");
    if (!a->ok)
        return et_kresult(a);
    size_t outer = in->rank >= 2 ? (size_t)in->sizes[0] : 1, inner = 1;
    for (uint32_t d = 2; d < in->rank; d++)
        inner *= (size_t)in->sizes[d];
    const float *x = in->data, *m = mean->data, *v = var->data;
    const float *w = weight ? weight->data : NULL, *b = bias ? bias->data : NULL;
    float *y = out->data;
    for (size_t o = 0; o < outer; o++)
        for (int32_t c = 0; c < channels; c++) {
            float invstd = (float)(1.0 / sqrt((double)v[c] + eps));
            float wc = w ? w[c] : 1.0f, bc = b ? b[c] : 0.0f, mc = m[c];
            for (size_t j = 0; j < inner; j++)
                *y++ = (*x++ - mc) * invstd * wc + bc;
        }
    return ET_OK;
}
