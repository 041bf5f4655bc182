/* cortex_m::quantized_mul.out: int8 elementwise product
 * (CMSIS-NN arm_elementwise_mul_s8). */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"

et_err k_cortex_m_quantized_mul(et_kargs *a)
{
    k_bcast ba, bb;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *x = et_arg_tensor(a, MUL_SELF), *y = et_arg_tensor(a, MUL_OTHER), *out = et_arg_tensor(a, MUL_OUT);
    int32_t x_offset = -(int32_t)et_arg_int(a, MUL_SELF_ZP);
    int32_t y_offset = -(int32_t)et_arg_int(a, MUL_OTHER_ZP);
    int32_t out_offset = (int32_t)et_arg_int(a, MUL_OUT_ZP);
    int32_t mult = (int32_t)et_arg_int(a, MUL_OUT_MULT), shift = (int32_t)et_arg_int(a, MUL_OUT_SHIFT);
    k_s8(a, x, "self");
    k_s8(a, y, "other");
    k_s8(a, out, "out");
    k_bcast_init(a, &ba, out, x, "self");
    k_bcast_init(a, &bb, out, y, "other");
    if (!a->ok)
        return et_kresult(a);
    const int8_t *xd = x->data, *yd = y->data;
    int8_t *od = out->data;
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++) {
        int32_t xv = xd[k_bcast_next(&ba)] + x_offset;
        int32_t yv = yd[k_bcast_next(&bb)] + y_offset;
        od[i] = q_sat_s8(q_requantize(xv * yv, mult, shift) + out_offset);
    }
    return ET_OK;
}
