/* quantized_decomposed:: quantize/dequantize with tensor parameters
 * (portable kernels/quantized semantics):
 *  - quantize_per_tensor.Tensor_out (input, scale, zero_point, qmin, qmax,
 *    dtype, out), dequantize_per_tensor.Tensor_out (..., out_dtype?, out):
 *    scale and zero point as one-element tensors;
 *  - quantize_per_channel.out (input, scales, zero_points, axis, qmin,
 *    qmax, dtype, out), dequantize_per_channel.out (input, scales,
 *    zero_points?, axis, qmin, qmax, dtype, out_dtype?, out): one scale and
 *    zero point per index along `axis`.
 * Quantizing is q = clamp(zp + round_half_even(x * (1 / scale))) with
 * 1 / scale in float32; dequantizing is (float)(q - zp) * (float)scale.
 * Inputs and outputs are contiguous; scales float32 or float64, zero
 * points int32 or int64; quantized dtypes uint8, int8, int16, int32. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"

static bool param_tensor(et_kargs *a, const et_tensor *t, bool is_scale, size_t count, const char *name)
{
    et_check_data(a, t, name);
    et_check(a, is_scale ? (t->dtype == ET_FLOAT || t->dtype == ET_DOUBLE) : (t->dtype == ET_INT || t->dtype == ET_LONG),
             ET_ERR_UNSUPPORTED_DTYPE, is_scale ? "scales must be float32 or float64" : "zero points must be int32 or int64");
    return et_check(a, et_tensor_numel(t) == count, ET_ERR_INVALID_ARGUMENT, "one scale and zero point per channel");
}

static bool quant_dtype(et_kargs *a, const et_tensor *t, const char *name)
{
    return et_check(a, t->dtype == ET_BYTE || t->dtype == ET_CHAR || t->dtype == ET_SHORT || t->dtype == ET_INT,
                    ET_ERR_UNSUPPORTED_DTYPE, name);
}

/* Channel of element i along `axis` (contiguous), or 0 per tensor. */
typedef struct channel_map {
    size_t inner, channels;
} channel_map;

static size_t channel_of(const channel_map *m, size_t i) { return (i / m->inner) % m->channels; }

static bool axis_map(et_kargs *a, const et_tensor *t, int64_t axis, channel_map *m)
{
    if (axis < 0)
        axis += t->rank;
    if (!et_check(a, axis >= 0 && axis < (int64_t)t->rank, ET_ERR_INVALID_ARGUMENT, "axis out of range"))
        return false;
    m->channels = (size_t)t->sizes[axis];
    m->inner = 1;
    for (uint32_t d = (uint32_t)axis + 1; d < t->rank; d++)
        m->inner *= (size_t)t->sizes[d];
    return true;
}

static et_err quantize(et_kargs *a, bool per_channel)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, QT_INPUT), *sc = et_arg_tensor(a, QT_SCALE), *zp = et_arg_tensor(a, QT_ZP);
    int64_t axis = per_channel ? et_arg_int(a, QT_AXIS) : 0;
    int64_t qmin = et_arg_int(a, QT_QMIN), qmax = et_arg_int(a, QT_QMAX);
    et_tensor *out = et_arg_tensor(a, QT_OUT);
    channel_map m = {1, 1};
    et_check_dtype(a, in, ET_FLOAT, "input");
    et_check_data(a, in, "input");
    et_check_data(a, out, "out");
    quant_dtype(a, out, "out must be uint8, int8, int16 or int32");
    et_check(a, et_tensor_same_shape(in, out) && et_tensor_layout(in) == ET_LAYOUT_CONTIGUOUS &&
                    et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS && qmin <= qmax,
             ET_ERR_INVALID_ARGUMENT, "contiguous input and output of one shape, qmin <= qmax");
    if (!a->ok || (per_channel && !axis_map(a, in, axis, &m)))
        return et_kresult(a);
    param_tensor(a, sc, true, m.channels, "scale");
    param_tensor(a, zp, false, m.channels, "zero_point");
    if (!a->ok)
        return et_kresult(a);
    const float *x = in->data;
    size_t n = et_tensor_numel(in);
    for (size_t i = 0; i < n; i++) {
        size_t c = channel_of(&m, i);
        float inv = 1.0f / (float)k_get(sc, c);
        double q = k_get(zp, c) + (double)q_round_half_even_f32(x[i] * inv);
        k_set(out, i, q < (double)qmin ? (double)qmin : (q > (double)qmax ? (double)qmax : q));
    }
    return ET_OK;
}

static et_err dequantize(et_kargs *a, bool per_channel)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, DQT_INPUT), *sc = et_arg_tensor(a, DQT_SCALE),
              *zp = et_arg_tensor_or_null(a, DQT_ZP);
    int64_t axis = per_channel ? et_arg_int(a, DQT_AXIS) : 0;
    et_tensor *out = et_arg_tensor(a, DQT_OUT);
    channel_map m = {1, 1};
    et_check(a, et_arg_is_null(a, DQT_OUT_DTYPE) || et_arg_int(a, DQT_OUT_DTYPE) == ET_FLOAT, ET_ERR_UNSUPPORTED_DTYPE,
             "out_dtype must be float32");
    et_check_dtype(a, out, ET_FLOAT, "out");
    et_check_data(a, in, "input");
    et_check_data(a, out, "out");
    quant_dtype(a, in, "input must be uint8, int8, int16 or int32");
    et_check(a, et_tensor_same_shape(in, out) && et_tensor_layout(in) == ET_LAYOUT_CONTIGUOUS &&
                    et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS,
             ET_ERR_INVALID_ARGUMENT, "contiguous input and output of one shape");
    if (!a->ok || (per_channel && !axis_map(a, in, axis, &m)))
        return et_kresult(a);
    param_tensor(a, sc, true, m.channels, "scale");
    if (zp)
        param_tensor(a, zp, false, m.channels, "zero_point");
    if (!a->ok)
        return et_kresult(a);
    float *y = out->data;
    size_t n = et_tensor_numel(in);
    for (size_t i = 0; i < n; i++) {
        size_t c = channel_of(&m, i);
        int64_t q = (int64_t)k_get(in, i) - (zp ? (int64_t)k_get(zp, c) : 0);
        y[i] = (float)q * (float)k_get(sc, c);
    }
    return ET_OK;
}

et_err k_decomposed_quantize_per_tensor_tensor(et_kargs *a) { return quantize(a, false); }
et_err k_decomposed_quantize_per_channel(et_kargs *a) { return quantize(a, true); }
et_err k_decomposed_dequantize_per_tensor_tensor(et_kargs *a) { return dequantize(a, false); }
et_err k_decomposed_dequantize_per_channel(et_kargs *a) { return dequantize(a, true); }
