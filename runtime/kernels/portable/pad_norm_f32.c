/* float32 (contiguous) padding, adaptive pooling and layer norm, with the
 * portable kernels' semantics:
 *  - aten::constant_pad_nd.out (self, pad, value, out): pad lists
 *    (before, after) pairs from the last dim backwards; negative pads crop;
 *  - aten::_adaptive_avg_pool2d.out (self, output_size, out): NCHW (or CHW),
 *    window [floor(i*H/OH), ceil((i+1)*H/OH));
 *  - aten::native_layer_norm.out (input, normalized_shape, weight?, bias?,
 *    eps, out, mean_out, rstd_out, then the outputs as a TensorList):
 *    mean and variance (biased) over the trailing normalized_shape dims,
 *    accumulated in float as upstream; mean_out/rstd_out written when they
 *    have one entry per normalised row. */
#include <math.h>
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

static bool contiguous_f32(et_kargs *a, const et_tensor *t, const char *name)
{
    et_check_dtype(a, t, ET_FLOAT, name);
    et_check_data(a, t, name);
    return et_check(a, et_tensor_layout(t) == ET_LAYOUT_CONTIGUOUS, ET_ERR_UNSUPPORTED_DIM_ORDER,
                    "tensors must be contiguous");
}

et_err k_aten_constant_pad_nd(et_kargs *a)
{
    int64_t pad[2 * ET_MAX_RANK];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, APAD_SELF), *out = et_arg_tensor(a, APAD_OUT);
    uint32_t np = et_arg_int_list(a, APAD_PAD, pad, 2 * ET_MAX_RANK);
    float value = (float)k_arg_scalar(a, APAD_VALUE);
    contiguous_f32(a, in, "self");
    contiguous_f32(a, out, "out");
    if (!a->ok || !et_check(a, np % 2 == 0 && np / 2 <= in->rank && in->rank == out->rank,
                            ET_ERR_INVALID_ARGUMENT, "pad must hold (before, after) pairs for at most rank dims"))
        return et_kresult(a);
    int64_t before[ET_MAX_RANK] = {0};
    bool shape_ok = true;
    for (uint32_t d = 0; d < in->rank; d++) {
        uint32_t k = in->rank - 1 - d;  /* pad pair k is for dim rank-1-k */
        int64_t b = k < np / 2 ? pad[2 * k] : 0, e = k < np / 2 ? pad[2 * k + 1] : 0;
        before[d] = b;
        shape_ok = shape_ok && (int64_t)in->sizes[d] + b + e == out->sizes[d];
    }
    if (!et_check(a, shape_ok, ET_ERR_INVALID_ARGUMENT, "output shape does not match the padding"))
        return et_kresult(a);
    size_t in_strides[ET_MAX_RANK];
    et_tensor_strides(in, in_strides);
    const float *x = in->data;
    float *y = out->data;
    int64_t idx[ET_MAX_RANK] = {0};
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++) {
        size_t off = 0;
        bool inside = true;
        for (uint32_t d = 0; d < out->rank; d++) {
            int64_t src = idx[d] - before[d];
            inside = inside && src >= 0 && src < in->sizes[d];
            off += inside ? (size_t)src * in_strides[d] : 0;
        }
        y[i] = inside ? x[off] : value;
        for (int d = (int)out->rank - 1; d >= 0; d--) {
            if (++idx[d] < out->sizes[d])
                break;
            idx[d] = 0;
        }
    }
    return ET_OK;
}

et_err k_aten_adaptive_avg_pool2d(et_kargs *a)
{
    int64_t osz[2];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, AADAPT_SELF), *out = et_arg_tensor(a, AADAPT_OUT);
    uint32_t n = et_arg_int_list(a, AADAPT_OUTPUT_SIZE, osz, 2);
    contiguous_f32(a, in, "self");
    contiguous_f32(a, out, "out");
    if (!a->ok || !et_check(a, n == 2 && (in->rank == 3 || in->rank == 4) && out->rank == in->rank,
                            ET_ERR_INVALID_ARGUMENT, "expects [N,] C, H, W and a 2-entry output_size"))
        return et_kresult(a);
    uint32_t r = in->rank;
    int64_t H = in->sizes[r - 2], W = in->sizes[r - 1], OH = osz[0], OW = osz[1];
    size_t planes = H > 0 && W > 0 ? et_tensor_numel(in) / (size_t)(H * W) : 0;
    et_check(a, OH > 0 && OW > 0 && out->sizes[r - 2] == OH && out->sizes[r - 1] == OW && H > 0 && W > 0 &&
                    et_tensor_numel(out) == planes * (size_t)(OH * OW),
             ET_ERR_INVALID_ARGUMENT, "output shape does not match output_size");
    if (!a->ok)
        return et_kresult(a);
    const float *x = in->data;
    float *y = out->data;
    for (size_t p = 0; p < planes; p++, x += H * W)
        for (int64_t oy = 0; oy < OH; oy++) {
            int64_t y0 = oy * H / OH, y1 = ((oy + 1) * H + OH - 1) / OH;
            for (int64_t ox = 0; ox < OW; ox++) {
                int64_t x0 = ox * W / OW, x1 = ((ox + 1) * W + OW - 1) / OW;
                float sum = 0.0f;
                for (int64_t yy = y0; yy < y1; yy++)
                    for (int64_t xx = x0; xx < x1; xx++)
                        sum += x[yy * W + xx];
                *y++ = sum / (float)((y1 - y0) * (x1 - x0));
            }
        }
    return ET_OK;
}

et_err k_aten_native_layer_norm(et_kargs *a)
{
    int64_t shape[ET_MAX_RANK];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ALN_INPUT), *out = et_arg_tensor(a, ALN_OUT0);
    uint32_t nd = et_arg_int_list(a, ALN_NORMALIZED_SHAPE, shape, ET_MAX_RANK);
    et_tensor *w = et_arg_tensor_or_null(a, ALN_WEIGHT), *b = et_arg_tensor_or_null(a, ALN_BIAS);
    double eps = et_arg_double(a, ALN_EPS);
    et_tensor *mean_out = et_arg_tensor(a, ALN_OUT1), *rstd_out = et_arg_tensor(a, ALN_OUT2);
    contiguous_f32(a, in, "input");
    contiguous_f32(a, out, "out");
    if (!a->ok || !et_check(a, nd >= 1 && nd <= in->rank && et_tensor_same_shape(in, out), ET_ERR_INVALID_ARGUMENT,
                            "normalized_shape must be input's trailing dims"))
        return et_kresult(a);
    size_t inner = 1;
    bool shape_ok = true;
    for (uint32_t k = 0; k < nd; k++) {
        shape_ok = shape_ok && shape[k] == in->sizes[in->rank - nd + k];
        inner *= (size_t)in->sizes[in->rank - nd + k];
    }
    if (w && contiguous_f32(a, w, "weight"))
        et_check(a, et_tensor_numel(w) == inner, ET_ERR_INVALID_ARGUMENT, "weight must match normalized_shape");
    if (b && contiguous_f32(a, b, "bias"))
        et_check(a, et_tensor_numel(b) == inner, ET_ERR_INVALID_ARGUMENT, "bias must match normalized_shape");
    if (!et_check(a, shape_ok && inner > 0, ET_ERR_INVALID_ARGUMENT, "normalized_shape must be input's trailing dims"))
        return et_kresult(a);
    size_t rows = et_tensor_numel(in) / inner;
    bool stats = mean_out->dtype == ET_FLOAT && rstd_out->dtype == ET_FLOAT && mean_out->data && rstd_out->data &&
                 et_tensor_numel(mean_out) == rows && et_tensor_numel(rstd_out) == rows;
    const float *x = in->data, *wd = w ? w->data : NULL, *bd = b ? b->data : NULL;
    float *y = out->data;
    for (size_t r = 0; r < rows; r++, x += inner, y += inner) {
        float sum = 0.0f, sq = 0.0f;
        for (size_t i = 0; i < inner; i++) {
            sum += x[i];
            sq += x[i] * x[i];
        }
        float mean = sum / (float)inner;
        float var = sq / (float)inner - mean * mean;
        float rstd = 1.0f / sqrtf((var < 0.0f ? 0.0f : var) + (float)eps);
        for (size_t i = 0; i < inner; i++)
            y[i] = (x[i] - mean) * rstd * (wd ? wd[i] : 1.0f) + (bd ? bd[i] : 0.0f);
        if (stats) {
            ((float *)mean_out->data)[r] = mean;
            ((float *)rstd_out->data)[r] = rstd;
        }
    }
    return ET_OK;
}
