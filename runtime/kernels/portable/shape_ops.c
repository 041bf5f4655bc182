/* Copy ops that cut, join or repeat, any dtype, contiguous tensors:
 *  - aten::cat.out (tensors, dim, out)
 *  - aten::slice_copy.Tensor_out (self, dim, start?, end?, step, out)
 *  - aten::select_copy.int_out (self, dim, index, out)
 *  - aten::expand_copy.out (self, size, implicit, out)
 * Each views the tensors as [outer, dim, inner] around the dim. */
#include <stddef.h>
#include <string.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

#define CAT_MAX 16

static bool contiguous_any(et_kargs *a, const et_tensor *t, const char *name)
{
    et_check_data(a, t, name);
    return et_check(a, et_tensor_layout(t) == ET_LAYOUT_CONTIGUOUS, ET_ERR_UNSUPPORTED_DIM_ORDER,
                    "tensors must be contiguous");
}

static bool norm_dim(et_kargs *a, int64_t *dim, uint32_t rank)
{
    if (*dim < 0)
        *dim += rank;
    return et_check(a, *dim >= 0 && *dim < (int64_t)rank, ET_ERR_INVALID_ARGUMENT, "dim out of range");
}

static size_t span(const et_tensor *t, uint32_t from, uint32_t to)
{
    size_t n = 1;
    for (uint32_t d = from; d < to; d++)
        n *= (size_t)t->sizes[d];
    return n;
}

et_err k_aten_cat(et_kargs *a)
{
    et_tensor *ts[CAT_MAX];
    if (!et_arg_named(a))
        return et_kresult(a);
    uint32_t nt = et_arg_tensor_list(a, ACAT_TENSORS, ts, CAT_MAX);
    int64_t dim = et_arg_int(a, ACAT_DIM);
    et_tensor *out = et_arg_tensor(a, ACAT_OUT);
    contiguous_any(a, out, "out");
    if (!a->ok || !norm_dim(a, &dim, out->rank))
        return et_kresult(a);
    int64_t total = 0;
    for (uint32_t i = 0; i < nt; i++) {
        contiguous_any(a, ts[i], "tensors");
        bool ok = ts[i]->rank == out->rank && ts[i]->dtype == out->dtype;
        for (uint32_t d = 0; ok && d < out->rank; d++)
            ok = d == dim || ts[i]->sizes[d] == out->sizes[d];
        et_check(a, ok, ET_ERR_INVALID_ARGUMENT, "tensors do not match the output shape or dtype");
        if (!a->ok)
            return et_kresult(a);
        total += ts[i]->sizes[dim];
    }
    if (!et_check(a, total == out->sizes[dim], ET_ERR_INVALID_ARGUMENT, "sizes along dim do not add up"))
        return et_kresult(a);
    size_t es = et_dtype_size(out->dtype), outer = span(out, 0, (uint32_t)dim), inner = span(out, (uint32_t)dim + 1, out->rank);
    uint8_t *dst = out->data;
    for (size_t o = 0; o < outer; o++)
        for (uint32_t i = 0; i < nt; i++) {
            size_t chunk = (size_t)ts[i]->sizes[dim] * inner * es;
            memcpy(dst, (const uint8_t *)ts[i]->data + o * chunk, chunk);
            dst += chunk;
        }
    return ET_OK;
}

/* out[o][j][i] = in[o][start + j*step][i] */
static et_err strided_pick(et_kargs *a, et_tensor *in, et_tensor *out, int64_t dim, int64_t start, int64_t step,
                           int64_t count)
{
    size_t es = et_dtype_size(in->dtype), outer = span(in, 0, (uint32_t)dim), inner = span(in, (uint32_t)dim + 1, in->rank);
    size_t n = (size_t)in->sizes[dim];
    et_check(a, et_tensor_numel(out) == outer * (size_t)count * inner, ET_ERR_INVALID_ARGUMENT,
             "output size does not match");
    if (!a->ok)
        return et_kresult(a);
    const uint8_t *src = in->data;
    uint8_t *dst = out->data;
    for (size_t o = 0; o < outer; o++)
        for (int64_t j = 0; j < count; j++, dst += inner * es)
            memcpy(dst, src + ((o * n) + (size_t)(start + j * step)) * inner * es, inner * es);
    return ET_OK;
}

et_err k_aten_slice_copy(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ASLICE_SELF), *out = et_arg_tensor(a, ASLICE_OUT);
    int64_t dim = et_arg_int(a, ASLICE_DIM);
    int64_t start = et_arg_is_null(a, ASLICE_START) ? 0 : et_arg_int(a, ASLICE_START);
    int64_t end = et_arg_is_null(a, ASLICE_END) ? INT64_MAX : et_arg_int(a, ASLICE_END);
    int64_t step = et_arg_int(a, ASLICE_STEP);
    contiguous_any(a, in, "self");
    contiguous_any(a, out, "out");
    et_check(a, in->dtype == out->dtype && in->rank == out->rank, ET_ERR_INVALID_ARGUMENT, "dtype or rank differs");
    if (!a->ok || !norm_dim(a, &dim, in->rank) || !et_check(a, step > 0, ET_ERR_INVALID_ARGUMENT, "step must be > 0"))
        return et_kresult(a);
    int64_t n = in->sizes[dim];
    /* Python slice rules: negatives count from the end, then clamp */
    if (start < 0)
        start += n;
    if (end < 0)
        end += n;
    start = start < 0 ? 0 : (start > n ? n : start);
    end = end < start ? start : (end > n ? n : end);
    int64_t count = (end - start + step - 1) / step;
    if (!et_check(a, out->sizes[dim] == count, ET_ERR_INVALID_ARGUMENT, "output size along dim does not match"))
        return et_kresult(a);
    return strided_pick(a, in, out, dim, start, step, count);
}

et_err k_aten_select_copy(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ASEL_SELF), *out = et_arg_tensor(a, ASEL_OUT);
    int64_t dim = et_arg_int(a, ASEL_DIM), index = et_arg_int(a, ASEL_INDEX);
    contiguous_any(a, in, "self");
    contiguous_any(a, out, "out");
    et_check(a, in->dtype == out->dtype && out->rank + 1 == in->rank, ET_ERR_INVALID_ARGUMENT, "dtype or rank differs");
    if (!a->ok || !norm_dim(a, &dim, in->rank))
        return et_kresult(a);
    if (index < 0)
        index += in->sizes[dim];
    if (!et_check(a, index >= 0 && index < in->sizes[dim], ET_ERR_INVALID_ARGUMENT, "index out of range"))
        return et_kresult(a);
    return strided_pick(a, in, out, dim, index, 1, 1);
}

et_err k_aten_expand_copy(et_kargs *a)
{
    k_bcast it;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, AEXPAND_SELF), *out = et_arg_tensor(a, AEXPAND_OUT);
    int64_t size[ET_MAX_RANK];
    uint32_t ns = et_arg_int_list(a, AEXPAND_SIZE, size, ET_MAX_RANK);
    contiguous_any(a, in, "self");
    contiguous_any(a, out, "out");
    et_check(a, in->dtype == out->dtype && ns == out->rank, ET_ERR_INVALID_ARGUMENT, "dtype or rank differs");
    for (uint32_t d = 0; a->ok && d < ns; d++)
        et_check(a, size[d] == -1 || size[d] == out->sizes[d], ET_ERR_INVALID_ARGUMENT, "size does not match out");
    k_bcast_init(a, &it, out, in, "self");
    if (!a->ok)
        return et_kresult(a);
    size_t es = et_dtype_size(out->dtype), n = et_tensor_numel(out);
    const uint8_t *src = in->data;
    uint8_t *dst = out->data;
    for (size_t i = 0; i < n; i++)
        memcpy(dst + i * es, src + k_bcast_next(&it) * es, es);
    return ET_OK;
}
