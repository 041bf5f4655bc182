/* Comparisons, selection, fills and dtype conversion, on any number type
 * (bool, uint8, int8, int16, int32, int64, float32, float64), through
 * k_get/k_set (values as doubles):
 *  - aten::eq/ne/lt/le/gt/ge .Tensor_out (self, other, out) with
 *    broadcasting and .Scalar_out (self, other: Scalar, out): bool out;
 *  - aten::where.self_out (condition, self, other, out), broadcasting;
 *  - aten::full.out (size, fill_value, out), zeros.out / ones.out (size, out);
 *  - aten::_to_copy.out (self, non_blocking, memory_format?, out) and
 *    dim_order_ops::_to_dim_order_copy.out with a dtype change: each
 *    element converted as a C cast, saturating instead of undefined. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

typedef enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE } cmp_op;

static bool compare(double u, double v, cmp_op op)
{
    switch (op) {
    case CMP_EQ: return u == v;
    case CMP_NE: return u != v;
    case CMP_LT: return u < v;
    case CMP_LE: return u <= v;
    case CMP_GT: return u > v;
    default: return u >= v;
    }
}

static et_err compare_kernel(et_kargs *a, cmp_op op, bool scalar)
{
    k_bcast bx, by;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *x = et_arg_tensor(a, ACMP_SELF), *out = et_arg_tensor(a, ACMP_OUT);
    et_tensor *y = scalar ? NULL : et_arg_tensor(a, ACMP_OTHER);
    double s = scalar ? k_arg_scalar(a, ACMP_OTHER) : 0.0;
    k_numeric(a, x, "self");
    k_numeric(a, out, "out");
    if (y)
        k_numeric(a, y, "other");
    k_bcast_init(a, &bx, out, x, "self");
    if (y)
        k_bcast_init(a, &by, out, y, "other");
    if (!a->ok)
        return et_kresult(a);
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++) {
        double u = k_get(x, k_bcast_next(&bx)), v = y ? k_get(y, k_bcast_next(&by)) : s;
        k_set(out, i, compare(u, v, op));
    }
    return ET_OK;
}

et_err k_aten_eq_tensor(et_kargs *a) { return compare_kernel(a, CMP_EQ, false); }
et_err k_aten_ne_tensor(et_kargs *a) { return compare_kernel(a, CMP_NE, false); }
et_err k_aten_lt_tensor(et_kargs *a) { return compare_kernel(a, CMP_LT, false); }
et_err k_aten_le_tensor(et_kargs *a) { return compare_kernel(a, CMP_LE, false); }
et_err k_aten_gt_tensor(et_kargs *a) { return compare_kernel(a, CMP_GT, false); }
et_err k_aten_ge_tensor(et_kargs *a) { return compare_kernel(a, CMP_GE, false); }
et_err k_aten_eq_scalar(et_kargs *a) { return compare_kernel(a, CMP_EQ, true); }
et_err k_aten_ne_scalar(et_kargs *a) { return compare_kernel(a, CMP_NE, true); }
et_err k_aten_lt_scalar(et_kargs *a) { return compare_kernel(a, CMP_LT, true); }
et_err k_aten_le_scalar(et_kargs *a) { return compare_kernel(a, CMP_LE, true); }
et_err k_aten_gt_scalar(et_kargs *a) { return compare_kernel(a, CMP_GT, true); }
et_err k_aten_ge_scalar(et_kargs *a) { return compare_kernel(a, CMP_GE, true); }

et_err k_aten_where(et_kargs *a)
{
    k_bcast bc, bx, by;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *c = et_arg_tensor(a, AWHERE_CONDITION), *x = et_arg_tensor(a, AWHERE_SELF),
              *y = et_arg_tensor(a, AWHERE_OTHER);
    et_tensor *out = et_arg_tensor(a, AWHERE_OUT);
    k_numeric(a, c, "condition");
    k_numeric(a, x, "self");
    k_numeric(a, y, "other");
    k_numeric(a, out, "out");
    k_bcast_init(a, &bc, out, c, "condition");
    k_bcast_init(a, &bx, out, x, "self");
    k_bcast_init(a, &by, out, y, "other");
    if (!a->ok)
        return et_kresult(a);
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++) {
        bool pick = k_get(c, k_bcast_next(&bc)) != 0.0;
        double u = k_get(x, k_bcast_next(&bx)), v = k_get(y, k_bcast_next(&by));
        k_set(out, i, pick ? u : v);
    }
    return ET_OK;
}

/* (size, [fill_value,] out, ret): out's planned shape must be `size`. */
static et_err fill(et_kargs *a, bool has_value, double value)
{
    int64_t size[ET_MAX_RANK];
    if (!et_arg_named(a))
        return et_kresult(a);
    uint32_t rank = et_arg_int_list(a, AFILL_SIZE, size, ET_MAX_RANK);
    if (has_value)
        value = k_arg_scalar(a, AFILL_VALUE);
    et_tensor *out = et_arg_tensor(a, AFILL_OUT);
    k_numeric(a, out, "out");
    bool same = a->ok && rank == out->rank;
    for (uint32_t i = 0; same && i < rank; i++)
        same = size[i] == out->sizes[i];
    if (!et_check(a, same, ET_ERR_INVALID_ARGUMENT, "size differs from the output's shape"))
        return et_kresult(a);
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++)
        k_set(out, i, value);
    return ET_OK;
}

et_err k_aten_full(et_kargs *a) { return fill(a, true, 0.0); }
et_err k_aten_zeros(et_kargs *a) { return fill(a, false, 0.0); }
et_err k_aten_ones(et_kargs *a) { return fill(a, false, 1.0); }

/* Converts self into out's dtype (same shape and layout). */
et_err k_convert_copy(et_kargs *a, et_tensor *in, et_tensor *out)
{
    k_numeric(a, in, "self");
    k_numeric(a, out, "out");
    et_check(a, et_tensor_same_layout(in, out), ET_ERR_INVALID_ARGUMENT,
             "a dtype conversion needs equal shapes and layouts");
    if (!a->ok)
        return et_kresult(a);
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++)
        k_set(out, i, k_get(in, i));
    return ET_OK;
}

et_err k_aten_to_copy(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ATOCOPY_SELF), *out = et_arg_tensor(a, ATOCOPY_OUT);
    if (!a->ok)
        return et_kresult(a);
    return k_convert_copy(a, in, out);
}
