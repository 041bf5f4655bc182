/* Resampling and advanced indexing (contiguous tensors):
 *  - aten::upsample_nearest2d.vec_out (input, output_size?, scale_factors?,
 *    out): src = min(floor(dst * scale), in - 1), float32;
 *  - aten::upsample_bilinear2d.vec_out (input, output_size?, align_corners,
 *    scale_factors?, out): float32, PyTorch's source-index rule (half-pixel
 *    centres clamped at 0, or corners aligned);
 *    scale = in / out, or 1 / scale_factor when scale factors are given;
 *  - aten::index.Tensor_out (self, indices, out) with one int32/int64
 *    index tensor (the others None): out = self's dims before it, the
 *    index's shape, self's dims after it; any dtype, negative indices
 *    count from the end. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "../../flatbuffer.h"
#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

static bool contiguous(et_kargs *a, const et_tensor *t, const char *name)
{
    et_check_data(a, t, name);
    return et_check(a, et_tensor_layout(t) == ET_LAYOUT_CONTIGUOUS, ET_ERR_UNSUPPORTED_DIM_ORDER,
                    "tensors must be contiguous");
}

/* in / out, or 1 / scale_factor when given (scales: up to 2 doubles). */
static bool resample_scales(et_kargs *a, const et_tensor *in, const et_tensor *out, float scale[2])
{
    if (!et_check(a, in->rank == 4 && out->rank == 4 && in->sizes[0] == out->sizes[0] && in->sizes[1] == out->sizes[1],
                  ET_ERR_INVALID_ARGUMENT, "expects NCHW input and output of the same N and C"))
        return false;
    const et_value *sf = et_arg_value(a, AUP_SCALE_FACTORS);
    et_list factors = sf->tag == ET_TAG_DOUBLE_LIST ? et_value_list(sf) : (et_list){0};
    for (int d = 0; d < 2; d++) {
        int32_t i = in->sizes[2 + d], o = out->sizes[2 + d];
        if (!et_check(a, i > 0 && o > 0, ET_ERR_INVALID_ARGUMENT, "empty spatial dims"))
            return false;
        if (factors.count == 2) {
            double f;
            memcpy(&f, factors.items + 8 * d, 8);  /* little-endian f64 in the .pte */
            if (!et_check(a, f > 0.0, ET_ERR_INVALID_ARGUMENT, "scale factors must be positive"))
                return false;
            scale[d] = (float)(1.0 / f);
        } else {
            scale[d] = (float)i / (float)o;
        }
    }
    return true;
}

et_err k_aten_upsample_nearest2d(et_kargs *a)
{
    float scale[2];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, AUP_INPUT), *out = et_arg_tensor(a, AUP_OUT);
    et_check_dtype(a, in, ET_FLOAT, "input");
    et_check_dtype(a, out, ET_FLOAT, "out");
    contiguous(a, in, "input");
    contiguous(a, out, "out");
    if (!a->ok || !resample_scales(a, in, out, scale))
        return et_kresult(a);
    int32_t IH = in->sizes[2], IW = in->sizes[3], OH = out->sizes[2], OW = out->sizes[3];
    size_t planes = (size_t)in->sizes[0] * (size_t)in->sizes[1];
    const float *x = in->data;
    float *y = out->data;
    for (size_t p = 0; p < planes; p++, x += (size_t)IH * IW)
        for (int32_t oy = 0; oy < OH; oy++) {
            int32_t sy = (int32_t)floorf((float)oy * scale[0]);
            sy = sy < IH - 1 ? sy : IH - 1;
            for (int32_t ox = 0; ox < OW; ox++) {
                int32_t sx = (int32_t)floorf((float)ox * scale[1]);
                sx = sx < IW - 1 ? sx : IW - 1;
                *y++ = x[(size_t)sy * IW + sx];
            }
        }
    return ET_OK;
}

static void source_index(int32_t dst, int32_t in, int32_t out, float scale, bool align, int32_t *i0, int32_t *i1,
                         float *w1)
{
    float src;
    if (align)
        src = out > 1 ? (float)dst * ((float)(in - 1) / (float)(out - 1)) : 0.0f;
    else {
        src = ((float)dst + 0.5f) * scale - 0.5f;
        src = src < 0.0f ? 0.0f : src;
    }
    int32_t lo = (int32_t)src;
    lo = lo < in - 1 ? lo : in - 1;
    *i0 = lo;
    *i1 = lo + 1 < in ? lo + 1 : in - 1;
    *w1 = src - (float)lo;
}

et_err k_aten_upsample_bilinear2d(et_kargs *a)
{
    float scale[2];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, AUP_INPUT), *out = et_arg_tensor(a, AUP_OUT);
    bool align = et_arg_bool(a, AUP_ALIGN_CORNERS);
    et_check_dtype(a, in, ET_FLOAT, "input");
    et_check_dtype(a, out, ET_FLOAT, "out");
    contiguous(a, in, "input");
    contiguous(a, out, "out");
    if (!a->ok || !resample_scales(a, in, out, scale))
        return et_kresult(a);
    int32_t IH = in->sizes[2], IW = in->sizes[3], OH = out->sizes[2], OW = out->sizes[3];
    size_t planes = (size_t)in->sizes[0] * (size_t)in->sizes[1];
    const float *x = in->data;
    float *y = out->data;
    for (size_t p = 0; p < planes; p++, x += (size_t)IH * IW)
        for (int32_t oy = 0; oy < OH; oy++) {
            int32_t y0, y1;
            float wy;
            source_index(oy, IH, OH, scale[0], align, &y0, &y1, &wy);
            for (int32_t ox = 0; ox < OW; ox++) {
                int32_t x0, x1;
                float wx;
                source_index(ox, IW, OW, scale[1], align, &x0, &x1, &wx);
                float top = x[(size_t)y0 * IW + x0] * (1.0f - wx) + x[(size_t)y0 * IW + x1] * wx;
                float bottom = x[(size_t)y1 * IW + x0] * (1.0f - wx) + x[(size_t)y1 * IW + x1] * wx;
                *y++ = top * (1.0f - wy) + bottom * wy;
            }
        }
    return ET_OK;
}

et_err k_aten_index(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, AIDX_SELF), *out = et_arg_tensor(a, AIDX_OUT);
    const et_value *lst = et_arg_value(a, AIDX_INDICES);
    if (!et_check(a, lst->tag == ET_TAG_OPT_TENSOR_LIST || lst->tag == ET_TAG_TENSOR_LIST, ET_ERR_INVALID_ARGUMENT,
                  "indices must be a tensor list"))
        return et_kresult(a);
    int32_t dim = -1;
    const et_tensor *ix = NULL;
    et_list l = et_value_list(lst);
    for (uint32_t k = 0; k < l.count; k++) {
        int32_t vi = (int32_t)fb_le32(l.items + 4 * k);
        if (vi < 0 || a->values[vi].tag != ET_TAG_TENSOR)
            continue;  /* None: take the whole dim */
        if (!et_check(a, ix == NULL, ET_ERR_UNSUPPORTED, "only one index tensor is supported"))
            return et_kresult(a);
        ix = a->values[vi].u.t;
        dim = (int32_t)k;
    }
    if (!et_check(a, ix != NULL && dim < (int32_t)in->rank, ET_ERR_INVALID_ARGUMENT, "no index tensor"))
        return et_kresult(a);
    contiguous(a, in, "self");
    contiguous(a, out, "out");
    contiguous(a, ix, "indices");
    et_check(a, ix->dtype == ET_LONG || ix->dtype == ET_INT, ET_ERR_UNSUPPORTED_DTYPE, "indices must be int32 or int64");
    et_check(a, out->dtype == in->dtype, ET_ERR_INVALID_ARGUMENT, "out must have self's dtype");
    if (!a->ok)
        return et_kresult(a);
    size_t outer = 1, inner = 1, es = et_dtype_size(in->dtype), len = (size_t)in->sizes[dim], n = et_tensor_numel(ix);
    for (int32_t d = 0; d < dim; d++)
        outer *= (size_t)in->sizes[d];
    for (uint32_t d = (uint32_t)dim + 1; d < in->rank; d++)
        inner *= (size_t)in->sizes[d];
    if (!et_check(a, out->nbytes == outer * n * inner * es && out->rank == in->rank - 1 + ix->rank,
                  ET_ERR_INVALID_ARGUMENT, "output shape does not match the indexing"))
        return et_kresult(a);
    for (size_t p = 0; p < outer; p++)
        for (size_t i = 0; i < n; i++) {
            int64_t r = ix->dtype == ET_LONG ? ((const int64_t *)ix->data)[i] : ((const int32_t *)ix->data)[i];
            r = r < 0 ? r + (int64_t)len : r;
            if (!et_check(a, r >= 0 && (uint64_t)r < len, ET_ERR_INVALID_ARGUMENT, "index out of range"))
                return et_kresult(a);
            memcpy((uint8_t *)out->data + (p * n + i) * inner * es,
                   (const uint8_t *)in->data + (p * len + (size_t)r) * inner * es, inner * es);
        }
    return ET_OK;
}
