/* cortex_m::quantized_div.out: int8/int16 elementwise division, equal
 * shapes, as upstream's kernel computes it: the quotient of the
 * zero-point-corrected operands in float (0 where the divisor is 0),
 * times output_scale (the AOT pass's scale_in1 / (scale_in2 * scale_out)),
 * rounded half away from zero, plus the output zero point, clamped to the
 * dtype's range. */
#include <math.h>
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

et_err k_cortex_m_quantized_div(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *x = et_arg_tensor(a, DIV_SELF), *y = et_arg_tensor(a, DIV_OTHER), *out = et_arg_tensor(a, DIV_OUT);
    int64_t zx = et_arg_int(a, DIV_SELF_ZP), zy = et_arg_int(a, DIV_OTHER_ZP), zo = et_arg_int(a, DIV_OUT_ZP);
    float scale = (float)et_arg_double(a, DIV_OUT_SCALE);
    et_check(a, out->dtype == ET_CHAR || out->dtype == ET_SHORT, ET_ERR_UNSUPPORTED_DTYPE, "only int8 and int16");
    et_check_dtype(a, x, out->dtype, "self");
    et_check_dtype(a, y, out->dtype, "other");
    et_check_data(a, x, "self");
    et_check_data(a, y, "other");
    et_check_data(a, out, "out");
    et_check(a, et_tensor_same_layout(x, out) && et_tensor_same_layout(y, out), ET_ERR_INVALID_ARGUMENT,
             "inputs and output must have one shape and layout");
    et_check(a, zx >= -32768 && zx <= 32767 && zy >= -32768 && zy <= 32767 && zo >= -32768 && zo <= 32767,
             ET_ERR_INVALID_ARGUMENT, "zero point out of range");
    if (!a->ok)
        return et_kresult(a);
    bool s16 = out->dtype == ET_SHORT;
    float lo = s16 ? -32768.0f : -128.0f, hi = s16 ? 32767.0f : 127.0f;
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++) {
        int32_t num = (s16 ? ((const int16_t *)x->data)[i] : ((const int8_t *)x->data)[i]) - (int32_t)zx;
        int32_t den = (s16 ? ((const int16_t *)y->data)[i] : ((const int8_t *)y->data)[i]) - (int32_t)zy;
        float quotient = den != 0 ? (float)num / (float)den : 0.0f;
        float v = roundf(quotient * scale) + (float)zo;
        v = v < lo ? lo : (v > hi ? hi : v);
        if (s16)
            ((int16_t *)out->data)[i] = (int16_t)v;
        else
            ((int8_t *)out->data)[i] = (int8_t)v;
    }
    return ET_OK;
}
