#include "kernel_util.h"

#include <stdio.h>

bool k_nhwc(et_kargs *a, const et_tensor *t, const char *name, nhwc_dims *d)
{
    *d = (nhwc_dims){0, 0, 0, 0};
    if (!a->ok)
        return false;
    if (t->rank != 4) {
        et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: %s has rank %u, expected 4", a->op, name, (unsigned)t->rank);
        a->ok = false;
        return false;
    }
    d->n = t->sizes[0];
    d->c = t->sizes[1];
    d->h = t->sizes[2];
    d->w = t->sizes[3];
    et_layout l = et_tensor_layout(t);
    if (l != ET_LAYOUT_CHANNELS_LAST && !(d->c == 1 || (d->h == 1 && d->w == 1))) {
        et_fail(a->err, ET_ERR_UNSUPPORTED_DIM_ORDER, "%s: %s must be channels-last (dim order 0,2,3,1)", a->op,
                name);
        a->ok = false;
    }
    return a->ok;
}

int32_t k_window_out(int32_t in, int32_t kernel, int32_t stride, int32_t pad, int32_t dilation, bool ceil_mode)
{
    int64_t span = (int64_t)in + 2 * (int64_t)pad - (int64_t)dilation * (kernel - 1) - 1;
    if (span < 0 || stride <= 0)
        return 0;
    int64_t out = (ceil_mode ? (span + stride - 1) / stride : span / stride) + 1;
    /* PyTorch: the last window must start inside the input or left padding. */
    if (ceil_mode && (out - 1) * stride >= (int64_t)in + pad)
        out--;
    return out > INT32_MAX ? INT32_MAX : (int32_t)out;
}

bool k_per_channel_i32(et_kargs *a, const et_tensor *t, int32_t channels, const char *name)
{
    if (!et_check_dtype(a, t, ET_INT, name) || !et_check_data(a, t, name))
        return false;
    if (et_tensor_numel(t) < (size_t)channels) {
        et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: %s has %lu entries for %d channels", a->op, name,
                (unsigned long)et_tensor_numel(t), (int)channels);
        a->ok = false;
    }
    return a->ok;
}

bool k_s8(et_kargs *a, const et_tensor *t, const char *name)
{
    return et_check_dtype(a, t, ET_CHAR, name) && et_check_data(a, t, name);
}

bool k_scratch(et_kargs *a, size_t need, int8_t **at, size_t *size)
{
    if (a->ok && need > a->scratch_size) {
        et_fail(a->err, ET_ERR_NO_MEMORY, "%s: needs %lu bytes of scratch, the method planned %lu", a->op,
                (unsigned long)need, (unsigned long)a->scratch_size);
        a->ok = false;
    }
    *at = need ? a->scratch : NULL;
    *size = need;
    return a->ok;
}

bool k_window_params(et_kargs *a, const int32_t stride[2], const int32_t pad[2], const int32_t dil[2])
{
    return et_check(a, stride[0] > 0 && stride[1] > 0, ET_ERR_INVALID_ARGUMENT, "stride must be positive") &&
           et_check(a, pad[0] >= 0 && pad[1] >= 0 && pad[0] < 65536 && pad[1] < 65536, ET_ERR_INVALID_ARGUMENT,
                    "padding out of range") &&
           et_check(a, dil[0] > 0 && dil[1] > 0 && dil[0] < 65536 && dil[1] < 65536, ET_ERR_INVALID_ARGUMENT,
                    "dilation must be positive");
}

bool k_bcast_init(et_kargs *a, k_bcast *b, const et_tensor *out, const et_tensor *in, const char *name)
{
    size_t in_strides[ET_MAX_RANK];
    *b = (k_bcast){0};
    if (!a->ok)
        return false;
    if (in->rank > out->rank) {
        et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: %s has a higher rank than the output", a->op, name);
        a->ok = false;
        return false;
    }
    et_tensor_strides(in, in_strides);
    b->rank = out->rank;
    for (uint32_t i = 0; i < out->rank; i++) {
        int ld = out->dim_order[i];
        int in_dim = ld - (int)(out->rank - in->rank);
        b->size[i] = out->sizes[ld];
        if (in_dim < 0 || in->sizes[in_dim] == 1) {
            b->stride[i] = 0;
        } else if (in->sizes[in_dim] == out->sizes[ld]) {
            b->stride[i] = in_strides[in_dim];
        } else {
            et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: %s cannot be broadcast to the output shape", a->op, name);
            a->ok = false;
            return false;
        }
    }
    return true;
}

bool k_bcast_is_identity(const k_bcast *b)
{
    size_t expect = 1;
    for (int i = (int)b->rank - 1; i >= 0; i--) {
        if (b->size[i] != 1 && b->stride[i] != expect)
            return false;
        expect *= (size_t)b->size[i];
    }
    return true;
}

bool k_numeric(et_kargs *a, const et_tensor *t, const char *name)
{
    switch (t->dtype) {
    case ET_BOOL: case ET_BYTE: case ET_CHAR: case ET_SHORT: case ET_INT: case ET_LONG: case ET_FLOAT:
    case ET_DOUBLE:
        return et_check_data(a, t, name);
    default:
        if (a->ok)
            et_fail(a->err, ET_ERR_UNSUPPORTED_DTYPE, "%s: %s is %s, not a supported number type", a->op, name,
                    et_dtype_name(t->dtype));
        a->ok = false;
        return false;
    }
}

double k_get(const et_tensor *t, size_t i)
{
    const void *d = t->data;
    switch (t->dtype) {
    case ET_BOOL: return ((const uint8_t *)d)[i] != 0;
    case ET_BYTE: return ((const uint8_t *)d)[i];
    case ET_CHAR: return ((const int8_t *)d)[i];
    case ET_SHORT: return ((const int16_t *)d)[i];
    case ET_INT: return ((const int32_t *)d)[i];
    case ET_LONG: return (double)((const int64_t *)d)[i];
    case ET_FLOAT: return ((const float *)d)[i];
    case ET_DOUBLE: return ((const double *)d)[i];
    default: return 0.0;
    }
}

static double clampd(double v, double lo, double hi)
{
    return v != v ? 0.0 : (v < lo ? lo : (v > hi ? hi : v));
}

void k_set(et_tensor *t, size_t i, double v)
{
    void *d = t->data;
    switch (t->dtype) {
    case ET_BOOL: ((uint8_t *)d)[i] = v != 0.0; break;
    case ET_BYTE: ((uint8_t *)d)[i] = (uint8_t)clampd(v, 0, 255); break;
    case ET_CHAR: ((int8_t *)d)[i] = (int8_t)clampd(v, -128, 127); break;
    case ET_SHORT: ((int16_t *)d)[i] = (int16_t)clampd(v, -32768, 32767); break;
    case ET_INT: ((int32_t *)d)[i] = (int32_t)clampd(v, -2147483648.0, 2147483647.0); break;
    case ET_LONG: ((int64_t *)d)[i] = (int64_t)clampd(v, -9223372036854775808.0, 9223372036854774784.0); break;
    case ET_FLOAT: ((float *)d)[i] = (float)v; break;
    case ET_DOUBLE: ((double *)d)[i] = v; break;
    default: break;
    }
}

double k_arg_scalar(et_kargs *a, uint32_t i)
{
    /* a Bool Scalar is 0 or 1 */
    const et_value *v = et_arg_value(a, i);
    if (v->tag == ET_TAG_BOOL)
        return v->u.b;
    return et_arg_double(a, i);
}

bool k_is_integer(int dtype)
{
    return dtype == ET_BOOL || dtype == ET_BYTE || dtype == ET_CHAR || dtype == ET_SHORT || dtype == ET_INT ||
           dtype == ET_LONG;
}

int64_t k_get_int(const et_tensor *t, size_t i)
{
    const void *d = t->data;
    switch (t->dtype) {
    case ET_BOOL: return ((const uint8_t *)d)[i] != 0;
    case ET_BYTE: return ((const uint8_t *)d)[i];
    case ET_CHAR: return ((const int8_t *)d)[i];
    case ET_SHORT: return ((const int16_t *)d)[i];
    case ET_INT: return ((const int32_t *)d)[i];
    case ET_LONG: return ((const int64_t *)d)[i];
    default: return 0;
    }
}

void k_set_wrap(et_tensor *t, size_t i, int64_t v)
{
    void *d = t->data;
    uint64_t u = (uint64_t)v;
    switch (t->dtype) {
    case ET_BOOL: ((uint8_t *)d)[i] = v != 0; break;
    case ET_BYTE: ((uint8_t *)d)[i] = (uint8_t)u; break;
    case ET_CHAR: ((uint8_t *)d)[i] = (uint8_t)u; break;     /* same bits as int8 */
    case ET_SHORT: ((uint16_t *)d)[i] = (uint16_t)u; break;
    case ET_INT: ((uint32_t *)d)[i] = (uint32_t)u; break;
    case ET_LONG: ((uint64_t *)d)[i] = u; break;
    default: break;
    }
}

uint32_t k_same_bytes_in_place(et_kargs *a, uint32_t in, uint32_t out, size_t *scratch)
{
    *scratch = 0;
    if (!et_arg_named(a))
        return ET_ARG_ABSENT;
    const et_tensor *src = et_arg_tensor(a, in), *dst = et_arg_tensor(a, out);
    return a->ok && src->dtype == dst->dtype && et_tensor_same_layout(src, dst) ? in : ET_ARG_ABSENT;
}
