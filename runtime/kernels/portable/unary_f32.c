/* Elementwise float32 activations: aten::relu, clamp, hardtanh, sigmoid,
 * tanh (.out variants).  Input and output have the same shape and layout. */
#include <math.h>
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"

typedef enum { UN_RELU, UN_CLAMP, UN_SIGMOID, UN_TANH } unary_op;

static float bound(et_kargs *a, uint32_t i, float dflt)
{
    return et_arg_is_null(a, i) ? dflt : (float)et_arg_double(a, i);
}

static et_err unary_f32(et_kargs *a, unary_op op, uint32_t nargs)
{
    if (!et_arg_count(a, nargs))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, 0), *out = et_arg_tensor(a, nargs - 2);
    float lo = -INFINITY, hi = INFINITY;
    if (op == UN_CLAMP) {
        lo = bound(a, 1, -INFINITY);
        hi = bound(a, 2, INFINITY);
    }
    et_check_dtype(a, in, ET_FLOAT, "self");
    et_check_dtype(a, out, ET_FLOAT, "out");
    et_check_data(a, in, "self");
    et_check_data(a, out, "out");
    et_check(a, et_tensor_same_shape(in, out) && et_tensor_layout(in) == et_tensor_layout(out),
             ET_ERR_INVALID_ARGUMENT, "input and output shapes or layouts differ");
    if (!a->ok)
        return et_kresult(a);
    const float *x = in->data;
    float *y = out->data;
    size_t n = et_tensor_numel(in);
    for (size_t i = 0; i < n; i++) {
        float v = x[i];
        switch (op) {
        case UN_RELU: y[i] = v > 0.0f ? v : 0.0f; break;
        case UN_CLAMP: y[i] = v < lo ? lo : (v > hi ? hi : v); break;
        case UN_SIGMOID: y[i] = 1.0f / (1.0f + expf(-v)); break;
        case UN_TANH: y[i] = tanhf(v); break;
        }
    }
    return ET_OK;
}

et_err k_aten_relu(et_kargs *a) { return unary_f32(a, UN_RELU, 3); }
et_err k_aten_clamp(et_kargs *a) { return unary_f32(a, UN_CLAMP, 5); }
et_err k_aten_hardtanh(et_kargs *a) { return unary_f32(a, UN_CLAMP, 5); }
et_err k_aten_sigmoid(et_kargs *a) { return unary_f32(a, UN_SIGMOID, 3); }
et_err k_aten_tanh(et_kargs *a) { return unary_f32(a, UN_TANH, 3); }
