/* Reductions to an index or a maximum, lookups and splits (contiguous):
 *  - aten::amax.out (self, dim[], keepdim, out): float32 or any number type;
 *  - aten::argmax.out (self, dim?, keepdim, out): int64 index of the first
 *    maximum (NaN counts as the maximum, as upstream);
 *  - aten::embedding.out (weight, indices, padding_idx, scale_grad_by_freq,
 *    sparse, out): rows of weight (any dtype) picked by int32/int64 indices;
 *  - aten::split_with_sizes_copy.out (self, split_sizes, dim, out[]) and
 *    aten::unbind_copy.int_out (self, dim, out[]): any dtype. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

static bool contiguous(et_kargs *a, const et_tensor *t, const char *name)
{
    et_check_data(a, t, name);
    return et_check(a, et_tensor_layout(t) == ET_LAYOUT_CONTIGUOUS, ET_ERR_UNSUPPORTED_DIM_ORDER,
                    "tensors must be contiguous");
}

static bool norm_dim(et_kargs *a, int64_t *dim, uint32_t rank)
{
    int64_t d = *dim < 0 ? *dim + (int64_t)rank : *dim;
    *dim = d;
    return et_check(a, d >= 0 && d < (int64_t)(rank ? rank : 1), ET_ERR_INVALID_ARGUMENT, "dim out of range");
}

/* outer x dim x inner view of a tensor for a reduction over `dim`. */
static void split3(const et_tensor *t, int64_t dim, size_t *outer, size_t *len, size_t *inner)
{
    *outer = *inner = 1;
    *len = t->rank ? (size_t)t->sizes[dim] : 1;
    for (int64_t d = 0; d < (int64_t)t->rank; d++) {
        if (d < dim)
            *outer *= (size_t)t->sizes[d];
        else if (d > dim)
            *inner *= (size_t)t->sizes[d];
    }
}

et_err k_aten_amax(et_kargs *a)
{
    int64_t dims[ET_MAX_RANK];
    bool red[ET_MAX_RANK] = {false};
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, AMAX_SELF), *out = et_arg_tensor(a, AMAX_OUT);
    uint32_t nd = et_arg_int_list(a, AMAX_DIM, dims, ET_MAX_RANK);
    bool keepdim = et_arg_bool(a, AMAX_KEEPDIM);
    k_numeric(a, in, "self");
    k_numeric(a, out, "out");
    contiguous(a, in, "self");
    contiguous(a, out, "out");
    for (uint32_t i = 0; a->ok && i < nd; i++)
        if (norm_dim(a, &dims[i], in->rank))
            red[dims[i]] = true;
    if (!a->ok)
        return et_kresult(a);
    /* the output shape: reduced dims are 1 (keepdim) or gone */
    uint32_t r = 0;
    bool shape_ok = true;
    for (uint32_t d = 0; d < in->rank; d++) {
        bool rd = nd == 0 || red[d];
        if (rd && !keepdim)
            continue;
        shape_ok = shape_ok && r < out->rank && out->sizes[r] == (rd ? 1 : in->sizes[d]);
        r++;
    }
    if (!et_check(a, shape_ok && r == out->rank && et_tensor_numel(in) > 0, ET_ERR_INVALID_ARGUMENT,
                  "output shape does not match the reduction"))
        return et_kresult(a);
    /* walk the input; each element's output index drops the reduced dims */
    size_t n_out = et_tensor_numel(out), n_in = et_tensor_numel(in);
    for (size_t i = 0; i < n_out; i++)
        k_set(out, i, -INFINITY);
    int64_t idx[ET_MAX_RANK] = {0};
    for (size_t i = 0; i < n_in; i++) {
        size_t o = 0;
        for (uint32_t d = 0; d < in->rank; d++)
            if (!(nd == 0 || red[d]))
                o = o * (size_t)in->sizes[d] + (size_t)idx[d];
        double v = k_get(in, i), cur = k_get(out, o);
        if (v > cur || isnan(v))
            k_set(out, o, v);
        for (int d = (int)in->rank - 1; d >= 0; d--) {
            if (++idx[d] < in->sizes[d])
                break;
            idx[d] = 0;
        }
    }
    return ET_OK;
}

et_err k_aten_argmax(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, AMAX_SELF), *out = et_arg_tensor(a, AMAX_OUT);
    bool all = et_arg_is_null(a, AMAX_DIM);
    int64_t dim = all ? 0 : et_arg_int(a, AMAX_DIM);
    k_numeric(a, in, "self");
    et_check_dtype(a, out, ET_LONG, "out");
    contiguous(a, in, "self");
    contiguous(a, out, "out");
    if (!a->ok || (!all && !norm_dim(a, &dim, in->rank)))
        return et_kresult(a);
    size_t outer, len, inner;
    if (all) {
        outer = inner = 1;
        len = et_tensor_numel(in);
    } else {
        split3(in, dim, &outer, &len, &inner);
    }
    if (!et_check(a, len > 0 && et_tensor_numel(out) == outer * inner, ET_ERR_INVALID_ARGUMENT,
                  "output shape does not match the reduction"))
        return et_kresult(a);
    int64_t *o = out->data;
    for (size_t p = 0; p < outer; p++)
        for (size_t q = 0; q < inner; q++) {
            size_t best = 0;
            double bv = k_get(in, p * len * inner + q);
            for (size_t k = 1; k < len && !isnan(bv); k++) {
                double v = k_get(in, (p * len + k) * inner + q);
                if (v > bv || isnan(v)) {
                    bv = v;
                    best = k;
                }
            }
            o[p * inner + q] = (int64_t)best;
        }
    return ET_OK;
}

et_err k_aten_embedding(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *w = et_arg_tensor(a, AEMB_WEIGHT), *ix = et_arg_tensor(a, AEMB_INDICES), *out = et_arg_tensor(a, AEMB_OUT);
    contiguous(a, w, "weight");
    contiguous(a, ix, "indices");
    contiguous(a, out, "out");
    et_check(a, ix->dtype == ET_LONG || ix->dtype == ET_INT, ET_ERR_UNSUPPORTED_DTYPE, "indices must be int32 or int64");
    et_check(a, out->dtype == w->dtype && w->rank == 2, ET_ERR_INVALID_ARGUMENT, "weight must be 2-D, out of its dtype");
    if (!a->ok)
        return et_kresult(a);
    size_t rows = (size_t)w->sizes[0], row_bytes = (size_t)w->sizes[1] * et_dtype_size(w->dtype);
    size_t n = et_tensor_numel(ix);
    if (!et_check(a, out->nbytes == n * row_bytes, ET_ERR_INVALID_ARGUMENT, "output shape does not match"))
        return et_kresult(a);
    for (size_t i = 0; i < n; i++) {
        int64_t r = ix->dtype == ET_LONG ? ((const int64_t *)ix->data)[i] : ((const int32_t *)ix->data)[i];
        if (!et_check(a, r >= 0 && (uint64_t)r < rows, ET_ERR_INVALID_ARGUMENT, "index out of range"))
            return et_kresult(a);
        memcpy((uint8_t *)out->data + i * row_bytes, (const uint8_t *)w->data + (size_t)r * row_bytes, row_bytes);
    }
    return ET_OK;
}

/* Copies consecutive slices of `in` along dim into the tensors of a list. */
static et_err split_into(et_kargs *a, et_tensor *in, int64_t dim, et_tensor **outs, uint32_t n, const int64_t *sizes,
                         bool squeeze)
{
    contiguous(a, in, "self");
    if (!a->ok || !norm_dim(a, &dim, in->rank))
        return et_kresult(a);
    size_t outer, len, inner, es = et_dtype_size(in->dtype);
    split3(in, dim, &outer, &len, &inner);
    size_t start = 0;
    for (uint32_t k = 0; k < n; k++) {
        et_tensor *o = outs[k];
        size_t part = (size_t)sizes[k];
        contiguous(a, o, "out");
        et_check(a, o->dtype == in->dtype && sizes[k] >= 0 && part <= len - start &&
                        o->nbytes == outer * part * inner * es && o->rank == in->rank - (squeeze ? 1 : 0),
                 ET_ERR_INVALID_ARGUMENT, "an output does not match its slice, or the slices exceed the dim");
        if (!a->ok)
            return et_kresult(a);
        for (size_t p = 0; p < outer; p++)
            memcpy((uint8_t *)o->data + p * part * inner * es,
                   (const uint8_t *)in->data + (p * len + start) * inner * es, part * inner * es);
        start += part;
    }
    et_check(a, start == len, ET_ERR_INVALID_ARGUMENT, "split sizes do not add up to the dim");
    return et_kresult(a);
}

et_err k_aten_split_with_sizes_copy(et_kargs *a)
{
    int64_t sizes[ET_MAX_RANK * 4];
    et_tensor *outs[ET_MAX_RANK * 4];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ASPLIT_SELF);
    uint32_t ns = et_arg_int_list(a, ASPLIT_SIZES, sizes, ET_MAX_RANK * 4);
    int64_t dim = et_arg_int(a, ASPLIT_DIM);
    uint32_t no = et_arg_tensor_list(a, ASPLIT_OUT, outs, ET_MAX_RANK * 4);
    if (!a->ok || !et_check(a, ns == no, ET_ERR_INVALID_ARGUMENT, "one output per split size"))
        return et_kresult(a);
    return split_into(a, in, dim, outs, no, sizes, false);
}

et_err k_aten_unbind_copy(et_kargs *a)
{
    int64_t sizes[ET_MAX_RANK * 4];
    et_tensor *outs[ET_MAX_RANK * 4];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ASPLIT_SELF);
    int64_t dim = et_arg_int(a, ASPLIT_DIM);
    uint32_t no = et_arg_tensor_list(a, ASPLIT_OUT, outs, ET_MAX_RANK * 4);
    if (!a->ok || !norm_dim(a, &dim, in->rank) ||
        !et_check(a, (int64_t)no == in->sizes[dim], ET_ERR_INVALID_ARGUMENT, "one output per slice"))
        return et_kresult(a);
    for (uint32_t k = 0; k < no; k++)
        sizes[k] = 1;
    return split_into(a, in, dim, outs, no, sizes, true);
}
