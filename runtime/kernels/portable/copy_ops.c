/* Ops that only move bytes, for any dtype:
 *  - dim_order_ops::_clone_dim_order.out / _to_dim_order_copy.out: copy
 *    into `out`'s memory layout (a plain memcpy when layouts agree, as in
 *    the KWS model);
 *  - aten::permute_copy.out: permute dims;
 *  - aten::view_copy / unsqueeze_copy / squeeze_copy / _unsafe_view,
 *    aten::clone: same elements, new shape (contiguous tensors). */
#include <stddef.h>
#include <string.h>

#include "../copy_bytes.h"
#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

/* Copies element by element, out in memory order, reading `in` through a
 * stride map; used whenever the bytes are not already in the right order. */
static void strided_copy(const et_tensor *in, et_tensor *out, k_bcast *it)
{
    size_t es = et_dtype_size(out->dtype), n = et_tensor_numel(out);
    const uint8_t *src = in->data;
    uint8_t *dst = out->data;
    for (size_t i = 0; i < n; i++)
        memcpy(dst + i * es, src + k_bcast_next(it) * es, es);
}

static bool same_dtype_and_data(et_kargs *a, const et_tensor *in, const et_tensor *out)
{
    et_check(a, in->dtype == out->dtype, ET_ERR_UNSUPPORTED_DTYPE, "input and output dtypes differ");
    et_check_data(a, in, "self");
    return et_check_data(a, out, "out");
}

static et_err clone_dim_order(et_kargs *a)
{
    k_bcast it;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ADO_SELF), *out = et_arg_tensor(a, ADO_OUT);
    same_dtype_and_data(a, in, out);
    et_check(a, et_tensor_same_shape(in, out), ET_ERR_INVALID_ARGUMENT, "input and output shapes differ");
    if (!a->ok)
        return et_kresult(a);
    if (et_tensor_same_layout(in, out)) {
        k_copy_bytes(out->data, in->data, out->nbytes);  /* in place: nothing to copy */
        return ET_OK;
    }
    et_check(a, out->data != in->data, ET_ERR_INVALID_ARGUMENT, "out is self, and the layouts differ");
    k_bcast_init(a, &it, out, in, "self");
    if (a->ok)
        strided_copy(in, out, &it);
    return et_kresult(a);
}

et_err k_clone_dim_order(et_kargs *a) { return clone_dim_order(a); }
et_err k_to_dim_order_copy(et_kargs *a)
{
    /* like the clone, or a dtype conversion (then in the same layout) */
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ADO_SELF), *out = et_arg_tensor(a, ADO_OUT);
    if (a->ok && in->dtype != out->dtype)
        return k_convert_copy(a, in, out);
    return clone_dim_order(a);
}

#ifndef ET_NO_PLAN_IN_PLACE
/* In place (et_plan.h): a clone into the same layout, or a reshape, is a
 * copy of the same bytes, which on themselves need no copy at all. */
static uint32_t clone_in_place(et_kargs *a, const void *state, size_t *scratch)
{
    (void)state;
    return k_same_bytes_in_place(a, ADO_SELF, ADO_OUT, scratch);
}

#endif

const et_kernel_extra k_clone_dim_order_extra = {.in_place = K_IN_PLACE(clone_in_place)};

/* Reshape-like ops: (self, <shape argument>, out, ret). */
et_err k_reshape_copy(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ARESHAPE_SELF), *out = et_arg_tensor(a, ARESHAPE_OUT);
    same_dtype_and_data(a, in, out);
    et_check(a, et_tensor_numel(in) == et_tensor_numel(out), ET_ERR_INVALID_ARGUMENT, "element counts differ");
    et_check(a, et_tensor_layout(in) == ET_LAYOUT_CONTIGUOUS && et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS,
             ET_ERR_UNSUPPORTED_DIM_ORDER, "reshape needs contiguous tensors");
    if (!a->ok)
        return et_kresult(a);
    k_copy_bytes(out->data, in->data, out->nbytes);  /* in place: nothing to copy */
    return ET_OK;
}

#ifndef ET_NO_PLAN_IN_PLACE
static uint32_t reshape_in_place(et_kargs *a, const void *state, size_t *scratch)
{
    (void)state;
    *scratch = 0;
    if (!et_arg_named(a))
        return ET_ARG_ABSENT;
    const et_tensor *in = et_arg_tensor(a, ARESHAPE_SELF), *out = et_arg_tensor(a, ARESHAPE_OUT);
    return a->ok && in->dtype == out->dtype && in->nbytes == out->nbytes &&
                   et_tensor_layout(in) == ET_LAYOUT_CONTIGUOUS && et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS
               ? ARESHAPE_SELF
               : ET_ARG_ABSENT;
}

#endif

const et_kernel_extra k_reshape_copy_extra = {.in_place = K_IN_PLACE(reshape_in_place)};

et_err k_permute_copy(et_kargs *a)
{
    int64_t perm[ET_MAX_RANK];
    size_t in_strides[ET_MAX_RANK];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, APERM_SELF), *out = et_arg_tensor(a, APERM_OUT);
    uint32_t n = et_arg_int_list(a, APERM_DIMS, perm, ET_MAX_RANK);
    same_dtype_and_data(a, in, out);
    if (!et_check(a, n == in->rank && n == out->rank, ET_ERR_INVALID_ARGUMENT, "dims must list every dim") ||
        !et_check(a, et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS, ET_ERR_UNSUPPORTED_DIM_ORDER,
                  "output must be contiguous"))
        return et_kresult(a);
    et_tensor_strides(in, in_strides);
    k_bcast it = {.rank = n};
    unsigned seen = 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t d = perm[i] < 0 ? perm[i] + n : perm[i];
        if (!et_check(a, d >= 0 && d < (int64_t)n && !(seen & (1u << d)) && out->sizes[i] == in->sizes[d],
                      ET_ERR_INVALID_ARGUMENT, "dims is not a permutation matching the output"))
            return et_kresult(a);
        seen |= 1u << d;
        it.size[i] = out->sizes[i];
        it.stride[i] = in_strides[d];
    }
    strided_copy(in, out, &it);
    return ET_OK;
}
