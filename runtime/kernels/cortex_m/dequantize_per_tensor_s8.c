/* dequantize_per_tensor.out (cortex_m:: and quantized_decomposed::):
 * int8/uint8/int16 -> float32 with x = (float)(q - zp) * (float)scale. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

static et_err dequantize(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, DQ_INPUT), *out = et_arg_tensor(a, DQ_OUT);
    double scale = et_arg_double(a, DQ_SCALE);
    int64_t zp = et_arg_int(a, DQ_ZP);
    et_check_dtype(a, out, ET_FLOAT, "out");
    et_check_data(a, in, "input");
    et_check_data(a, out, "out");
    et_check(a, in->dtype == ET_CHAR || in->dtype == ET_SHORT || in->dtype == ET_BYTE, ET_ERR_UNSUPPORTED_DTYPE,
             "input must be int8, uint8 or int16");
    et_check(a, et_tensor_same_layout(in, out), ET_ERR_INVALID_ARGUMENT,
             "input and output shapes or dim orders differ");
    et_check(a, zp >= -65536 && zp <= 65536, ET_ERR_INVALID_ARGUMENT, "zero point out of range");
    if (!a->ok)
        return et_kresult(a);
    const float s = (float)scale;
    float *y = out->data;
    size_t n = et_tensor_numel(in);
    for (size_t i = 0; i < n; i++) {
        int32_t q = in->dtype == ET_SHORT ? ((const int16_t *)in->data)[i]
                    : in->dtype == ET_BYTE ? ((const uint8_t *)in->data)[i]
                                           : ((const int8_t *)in->data)[i];
        y[i] = (float)(q - (int32_t)zp) * s;
    }
    return ET_OK;
}

/* The two differ in their argument lists only (arg_layouts.h). */
et_err k_cortex_m_dequantize_per_tensor(et_kargs *a) { return dequantize(a); }
et_err k_decomposed_dequantize_per_tensor(et_kargs *a) { return dequantize(a); }
