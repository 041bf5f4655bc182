/* cortex_m::quantized_activation.out: an int8 -> int8 function (sigmoid,
 * tanh, SiLU...) baked into a 256-entry lookup table: out = lut[in + 128]. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

et_err k_cortex_m_quantized_activation(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ACT_INPUT), *lut = et_arg_tensor(a, ACT_LUT), *out = et_arg_tensor(a, ACT_OUT);
    k_s8(a, in, "input");
    k_s8(a, lut, "lut");
    k_s8(a, out, "out");
    et_check(a, et_tensor_numel(lut) == 256, ET_ERR_INVALID_ARGUMENT, "lut must have 256 entries");
    et_check(a, et_tensor_same_layout(in, out), ET_ERR_INVALID_ARGUMENT, "input and output shapes or dim orders differ");
    if (!a->ok)
        return et_kresult(a);
    const int8_t *x = in->data, *table = lut->data;
    int8_t *y = out->data;
    size_t n = et_tensor_numel(in);
    for (size_t i = 0; i < n; i++)
        y[i] = table[x[i] + 128];
    return ET_OK;
}
