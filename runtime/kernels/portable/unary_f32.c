/* Elementwise float32 activations and math: aten::relu, clamp, hardtanh,
 * sigmoid, tanh, gelu (approximate "none": erf form, or "tanh"), exp,
 * sqrt, rsqrt, hardswish, hardsigmoid, leaky_relu, elu (.out variants).
 * Input and output have the same shape and layout. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

typedef enum {
    UN_RELU, UN_CLAMP, UN_SIGMOID, UN_TANH, UN_GELU, UN_GELU_TANH, UN_EXP, UN_SQRT, UN_RSQRT, UN_HARDSWISH,
    UN_HARDSIGMOID, UN_LEAKY_RELU, UN_ELU
} unary_op;

static float bound(et_kargs *a, uint32_t i, float dflt)
{
    return et_arg_is_null(a, i) ? dflt : (float)et_arg_double(a, i);
}

static et_err unary_f32(et_kargs *a, unary_op op)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, AUN_SELF), *out = et_arg_tensor(a, AUN_OUT);
    float lo = -INFINITY, hi = INFINITY, p0 = 0.0f, p1 = 1.0f, p2 = 1.0f;
    if (op == UN_CLAMP) {
        lo = bound(a, AUN_MIN, -INFINITY);
        hi = bound(a, AUN_MAX, INFINITY);
    } else if (op == UN_LEAKY_RELU) {
        p0 = (float)k_arg_scalar(a, AUN_NEGATIVE_SLOPE);
    } else if (op == UN_ELU) {
        p0 = (float)k_arg_scalar(a, AUN_ALPHA);
        p1 = (float)k_arg_scalar(a, AUN_SCALE);
        p2 = (float)k_arg_scalar(a, AUN_INPUT_SCALE);
    }
    if (a->ok && (op == UN_RELU || op == UN_CLAMP) && (in->dtype != ET_FLOAT || out->dtype != ET_FLOAT)) {
        /* relu, clamp, hardtanh on other number types (upstream has them):
         * the bounds compare in double, the result keeps out's dtype */
        k_numeric(a, in, "self");
        k_numeric(a, out, "out");
        et_check(a, et_tensor_same_layout(in, out), ET_ERR_INVALID_ARGUMENT, "input and output shapes or layouts differ");
        double dlo = op == UN_CLAMP ? (et_arg_is_null(a, AUN_MIN) ? -INFINITY : k_arg_scalar(a, AUN_MIN)) : 0.0;
        double dhi = op == UN_CLAMP ? (et_arg_is_null(a, AUN_MAX) ? INFINITY : k_arg_scalar(a, AUN_MAX)) : INFINITY;
        if (!a->ok)
            return et_kresult(a);
        size_t n = et_tensor_numel(in);
        for (size_t i = 0; i < n; i++) {
            double v = k_get(in, i);
            k_set(out, i, v < dlo ? dlo : (v > dhi ? dhi : v));
        }
        return ET_OK;
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
        case UN_GELU: y[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f)); break;
        case UN_GELU_TANH:
            y[i] = 0.5f * v * (1.0f + tanhf(0.79788456080286536f * (v + 0.044715f * v * v * v)));
            break;
        case UN_EXP: y[i] = expf(v); break;
        case UN_SQRT: y[i] = sqrtf(v); break;
        case UN_RSQRT: y[i] = 1.0f / sqrtf(v); break;
        case UN_HARDSWISH: y[i] = v * fminf(fmaxf(v + 3.0f, 0.0f), 6.0f) / 6.0f; break;
        case UN_HARDSIGMOID: y[i] = fminf(fmaxf(v + 3.0f, 0.0f), 6.0f) / 6.0f; break;
        case UN_LEAKY_RELU: y[i] = v > 0.0f ? v : v * p0; break;
        case UN_ELU: y[i] = v > 0.0f ? v * p1 : expm1f(v * p2) * p0 * p1; break;
        }
    }
    return ET_OK;
}

et_err k_aten_relu(et_kargs *a) { return unary_f32(a, UN_RELU); }
et_err k_aten_clamp(et_kargs *a) { return unary_f32(a, UN_CLAMP); }
et_err k_aten_hardtanh(et_kargs *a) { return unary_f32(a, UN_CLAMP); }
et_err k_aten_sigmoid(et_kargs *a) { return unary_f32(a, UN_SIGMOID); }
et_err k_aten_tanh(et_kargs *a) { return unary_f32(a, UN_TANH); }
et_err k_aten_exp(et_kargs *a) { return unary_f32(a, UN_EXP); }
et_err k_aten_sqrt(et_kargs *a) { return unary_f32(a, UN_SQRT); }
et_err k_aten_rsqrt(et_kargs *a) { return unary_f32(a, UN_RSQRT); }
et_err k_aten_hardswish(et_kargs *a) { return unary_f32(a, UN_HARDSWISH); }
et_err k_aten_hardsigmoid(et_kargs *a) { return unary_f32(a, UN_HARDSIGMOID); }
et_err k_aten_leaky_relu(et_kargs *a) { return unary_f32(a, UN_LEAKY_RELU); }
et_err k_aten_elu(et_kargs *a) { return unary_f32(a, UN_ELU); }

et_err k_aten_gelu(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    const et_value *ap = et_arg_value(a, AUN_APPROXIMATE);
    if (!et_check(a, ap->tag == ET_TAG_STRING, ET_ERR_INVALID_ARGUMENT, "approximate must be a string"))
        return et_kresult(a);
    uint32_t len;
    const char *s = et_value_str(ap, &len);
    bool is_tanh = len == 4 && memcmp(s, "tanh", 4) == 0;
    bool is_none = len == 4 && memcmp(s, "none", 4) == 0;
    if (!et_check(a, is_tanh || is_none, ET_ERR_INVALID_ARGUMENT, "approximate must be 'none' or 'tanh'"))
        return et_kresult(a);
    return unary_f32(a, is_tanh ? UN_GELU_TANH : UN_GELU);
}
