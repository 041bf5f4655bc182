/* aten::add.out, aten::sub.out, aten::mul.out, aten::div.out with
 * NumPy-style broadcasting (the AddModel adds a 0-dim constant): float32
 * directly, other number types through double; and their .Scalar_out
 * forms (float32; other is a number). */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

typedef enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV } binary_op;

/* Other number types (int8, int32, ... and mixes, as the portable kernels
 * promote them): integers throughout in int64, wrapped to out's width
 * as upstream's C++ does; otherwise in double, stored with out's dtype;
 * div is true division and wants a floating out, as upstream). */
static et_err binary_any(et_kargs *a, binary_op op, et_tensor *x, et_tensor *y, et_tensor *out, double alpha)
{
    k_bcast bx, by;
    k_numeric(a, x, "self");
    k_numeric(a, y, "other");
    k_numeric(a, out, "out");
    et_check(a, op != OP_DIV || out->dtype == ET_FLOAT || out->dtype == ET_DOUBLE, ET_ERR_UNSUPPORTED_DTYPE,
             "div needs a floating-point out");
    k_bcast_init(a, &bx, out, x, "self");
    k_bcast_init(a, &by, out, y, "other");
    if (!a->ok)
        return et_kresult(a);
    size_t n = et_tensor_numel(out);
    if (op != OP_DIV && k_is_integer(x->dtype) && k_is_integer(y->dtype) && k_is_integer(out->dtype) &&
        alpha == (double)(int64_t)alpha) {
        /* integers throughout: int64 arithmetic, wrapped to out's width */
        uint64_t al = (uint64_t)(int64_t)alpha;
        for (size_t i = 0; i < n; i++) {
            uint64_t u = (uint64_t)k_get_int(x, k_bcast_next(&bx)), v = (uint64_t)k_get_int(y, k_bcast_next(&by));
            k_set_wrap(out, i, (int64_t)(op == OP_ADD ? u + al * v : op == OP_SUB ? u - al * v : u * v));
        }
        return ET_OK;
    }
    for (size_t i = 0; i < n; i++) {
        double u = k_get(x, k_bcast_next(&bx)), v = k_get(y, k_bcast_next(&by));
        double r = op == OP_ADD ? u + alpha * v : op == OP_SUB ? u - alpha * v : op == OP_MUL ? u * v : u / v;
        k_set(out, i, r);
    }
    return ET_OK;
}

static et_err binary_f32(et_kargs *a, binary_op op)
{
    bool has_alpha = op == OP_ADD || op == OP_SUB;
    k_bcast bx, by;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *x = et_arg_tensor(a, ABIN_SELF), *y = et_arg_tensor(a, ABIN_OTHER);
    float alpha = has_alpha ? (float)et_arg_double(a, ABIN_ALPHA) : 1.0f;
    et_tensor *out = et_arg_tensor(a, ABIN_OUT);
    if (a->ok && (x->dtype != ET_FLOAT || y->dtype != ET_FLOAT || out->dtype != ET_FLOAT))
        return binary_any(a, op, x, y, out, has_alpha ? k_arg_scalar(a, ABIN_ALPHA) : 1.0);
    et_check_dtype(a, x, ET_FLOAT, "self");
    et_check_dtype(a, y, ET_FLOAT, "other");
    et_check_dtype(a, out, ET_FLOAT, "out");
    et_check_data(a, x, "self");
    et_check_data(a, y, "other");
    et_check_data(a, out, "out");
    k_bcast_init(a, &bx, out, x, "self");
    k_bcast_init(a, &by, out, y, "other");
    if (!a->ok)
        return et_kresult(a);
    const float *xd = x->data, *yd = y->data;
    float *od = out->data;
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++) {
        float u = xd[k_bcast_next(&bx)], v = yd[k_bcast_next(&by)];
        switch (op) {
        case OP_ADD: od[i] = u + alpha * v; break;
        case OP_SUB: od[i] = u - alpha * v; break;
        case OP_MUL: od[i] = u * v; break;
        case OP_DIV: od[i] = u / v; break;
        }
    }
    return ET_OK;
}

/* (self, other: Scalar, [alpha,] out, ret) */
static et_err binary_scalar_f32(et_kargs *a, binary_op op)
{
    bool has_alpha = op == OP_ADD || op == OP_SUB;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *x = et_arg_tensor(a, ABIN_SELF), *out = et_arg_tensor(a, ABIN_OUT);
    float v = (float)k_arg_scalar(a, ABIN_OTHER), alpha = has_alpha ? (float)k_arg_scalar(a, ABIN_ALPHA) : 1.0f;
    et_check_dtype(a, x, ET_FLOAT, "self");
    et_check_dtype(a, out, ET_FLOAT, "out");
    et_check_data(a, x, "self");
    et_check_data(a, out, "out");
    et_check(a, et_tensor_same_layout(x, out), ET_ERR_INVALID_ARGUMENT, "input and output shapes or layouts differ");
    if (!a->ok)
        return et_kresult(a);
    const float *xd = x->data;
    float *od = out->data;
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++) {
        switch (op) {
        case OP_ADD: od[i] = xd[i] + alpha * v; break;
        case OP_SUB: od[i] = xd[i] - alpha * v; break;
        case OP_MUL: od[i] = xd[i] * v; break;
        case OP_DIV: od[i] = xd[i] / v; break;
        }
    }
    return ET_OK;
}

et_err k_aten_add_scalar(et_kargs *a) { return binary_scalar_f32(a, OP_ADD); }
et_err k_aten_sub_scalar(et_kargs *a) { return binary_scalar_f32(a, OP_SUB); }
et_err k_aten_mul_scalar(et_kargs *a) { return binary_scalar_f32(a, OP_MUL); }
et_err k_aten_div_scalar(et_kargs *a) { return binary_scalar_f32(a, OP_DIV); }

et_err k_aten_add(et_kargs *a) { return binary_f32(a, OP_ADD); }
et_err k_aten_sub(et_kargs *a) { return binary_f32(a, OP_SUB); }
et_err k_aten_mul(et_kargs *a) { return binary_f32(a, OP_MUL); }
et_err k_aten_div(et_kargs *a) { return binary_f32(a, OP_DIV); }
