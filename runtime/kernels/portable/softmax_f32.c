/* aten::_softmax.out and aten::_log_softmax.out on float32 over any dim
 * (self, dim, half_to_float, out). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

static et_err softmax_f32(et_kargs *a, bool log_output)
{
    size_t strides[ET_MAX_RANK];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ASMX_SELF), *out = et_arg_tensor(a, ASMX_OUT);
    int64_t dim = et_arg_int(a, ASMX_DIM);
    et_check_dtype(a, in, ET_FLOAT, "self");
    et_check_dtype(a, out, ET_FLOAT, "out");
    et_check_data(a, in, "self");
    et_check_data(a, out, "out");
    et_check(a, et_tensor_same_shape(in, out) && memcmp(in->dim_order, out->dim_order, in->rank) == 0,
             ET_ERR_INVALID_ARGUMENT, "input and output shapes or layouts differ");
    if (dim < 0)
        dim += in->rank;
    et_check(a, in->rank == 0 ? dim == 0 : (dim >= 0 && dim < in->rank), ET_ERR_INVALID_ARGUMENT, "dim out of range");
    if (!a->ok)
        return et_kresult(a);
    if (in->rank == 0) {
        *(float *)out->data = log_output ? 0.0f : 1.0f;
        return ET_OK;
    }
    et_tensor_strides(in, strides);
    size_t len = (size_t)in->sizes[dim], step = strides[dim], total = et_tensor_numel(in);
    const float *x = in->data;
    float *y = out->data;
    if (len == 0)
        return ET_OK;
    /* Every element whose index along `dim` is 0 starts one row. */
    for (size_t base = 0; base < total; base++) {
        if ((base / step) % len != 0)
            continue;
        float max = x[base];
        for (size_t i = 1; i < len; i++)
            max = fmaxf(max, x[base + i * step]);
        float sum = 0.0f;
        for (size_t i = 0; i < len; i++)
            sum += expf(x[base + i * step] - max);
        for (size_t i = 0; i < len; i++) {
            float d = x[base + i * step] - max;
            y[base + i * step] = log_output ? d - logf(sum) : expf(d) / sum;
        }
    }
    return ET_OK;
}

et_err k_aten_softmax(et_kargs *a) { return softmax_f32(a, false); }
et_err k_aten_log_softmax(et_kargs *a) { return softmax_f32(a, true); }
