/* float32 reductions and pooling (contiguous tensors):
 *  - aten::mean.out / aten::sum.IntList_out (self, dim?, keepdim, dtype?,
 *    out): over the listed dims (all dims when dim is None or empty);
 *  - aten::avg_pool2d.out (self, kernel, stride, padding, ceil_mode,
 *    count_include_pad, divisor_override?, out) and
 *    aten::max_pool2d_with_indices.out (self, kernel, stride, padding,
 *    dilation, ceil_mode, out, indices): NCHW, indices int64 (h * W + w). */
#include <math.h>
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

static bool contiguous(et_kargs *a, const et_tensor *t, int dtype, const char *name)
{
    et_check_dtype(a, t, dtype, name);
    et_check_data(a, t, name);
    return et_check(a, et_tensor_layout(t) == ET_LAYOUT_CONTIGUOUS, ET_ERR_UNSUPPORTED_DIM_ORDER,
                    "tensors must be contiguous");
}

static et_err reduce_f32(et_kargs *a, bool mean)
{
    int64_t dims[ET_MAX_RANK];
    bool reduce[ET_MAX_RANK] = {false};
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, ARED_SELF), *out = et_arg_tensor(a, ARED_OUT);
    uint32_t nd = et_arg_is_null(a, ARED_DIM) ? 0 : et_arg_int_list(a, ARED_DIM, dims, ET_MAX_RANK);
    bool keepdim = et_arg_bool(a, ARED_KEEPDIM);
    et_check(a, et_arg_is_null(a, ARED_DTYPE) || et_arg_int(a, ARED_DTYPE) == ET_FLOAT, ET_ERR_UNSUPPORTED_DTYPE, "dtype must be float");
    contiguous(a, in, ET_FLOAT, "self");
    contiguous(a, out, ET_FLOAT, "out");
    if (!a->ok)
        return et_kresult(a);
    for (uint32_t i = 0; i < nd; i++) {
        int64_t d = dims[i] < 0 ? dims[i] + in->rank : dims[i];
        if (!et_check(a, d >= 0 && d < (int64_t)in->rank, ET_ERR_INVALID_ARGUMENT, "dim out of range"))
            return et_kresult(a);
        reduce[d] = true;
    }
    /* output shape check: reduced dims become 1 (keepdim) or disappear */
    uint32_t r = 0;
    size_t count = 1;
    bool shape_ok = true;
    for (uint32_t d = 0; d < in->rank; d++) {
        bool red = nd == 0 || reduce[d];
        if (red)
            count *= (size_t)in->sizes[d];
        if (red && !keepdim)
            continue;
        shape_ok = shape_ok && r < out->rank && out->sizes[r] == (red ? 1 : in->sizes[d]);
        r++;
    }
    et_check(a, shape_ok && r == out->rank, ET_ERR_INVALID_ARGUMENT, "output shape does not match the reduction");
    if (!a->ok)
        return et_kresult(a);
    const float *x = in->data;
    float *y = out->data;
    size_t n_out = et_tensor_numel(out), n_in = et_tensor_numel(in);
    for (size_t o = 0; o < n_out; o++)
        y[o] = 0.0f;
    /* each input element adds to the output element with its reduced
     * coordinates set to 0 */
    for (size_t i = 0; i < n_in; i++) {
        size_t rem = i, o = 0, ostride = 1;
        for (int d = (int)in->rank - 1; d >= 0; d--) {
            size_t c = rem % (size_t)in->sizes[d];
            rem /= (size_t)in->sizes[d];
            if (nd == 0 || reduce[d])
                continue;
            o += c * ostride;
            ostride *= (size_t)in->sizes[d];
        }
        y[o] += x[i];
    }
    if (mean)
        for (size_t o = 0; o < n_out; o++)
            y[o] /= (float)count;
    return ET_OK;
}

et_err k_aten_mean(et_kargs *a) { return reduce_f32(a, true); }
et_err k_aten_sum(et_kargs *a) { return reduce_f32(a, false); }

typedef struct pool_geom {
    int32_t n, c, ih, iw, oh, ow;
    int32_t k[2], s[2], p[2], d[2];
} pool_geom;

static bool pool_setup(et_kargs *a, et_tensor *in, et_tensor *out, pool_geom *g, bool ceil_mode)
{
    et_arg_ints(a, APOOL_KERNEL_SIZE, g->k, 2);
    int64_t st[2];
    uint32_t ns = et_arg_int_list(a, APOOL_STRIDE, st, 2);  /* stride=[] means the kernel size */
    et_arg_ints(a, APOOL_PADDING, g->p, 2);
    g->s[0] = ns ? (int32_t)st[0] : g->k[0];
    g->s[1] = ns ? (int32_t)st[ns - 1] : g->k[1];
    contiguous(a, in, ET_FLOAT, "self");
    contiguous(a, out, ET_FLOAT, "out");
    if (!a->ok || !et_check(a, in->rank == 4 && out->rank == 4, ET_ERR_INVALID_ARGUMENT, "expects NCHW tensors"))
        return false;
    k_window_params(a, g->s, g->p, g->d);
    g->n = in->sizes[0];
    g->c = in->sizes[1];
    g->ih = in->sizes[2];
    g->iw = in->sizes[3];
    g->oh = out->sizes[2];
    g->ow = out->sizes[3];
    return et_check(a, g->k[0] > 0 && g->k[1] > 0 && out->sizes[0] == g->n && out->sizes[1] == g->c &&
                           g->oh == k_window_out(g->ih, g->k[0], g->s[0], g->p[0], g->d[0], ceil_mode) &&
                           g->ow == k_window_out(g->iw, g->k[1], g->s[1], g->p[1], g->d[1], ceil_mode),
                    ET_ERR_INVALID_ARGUMENT, "output shape does not match the pooling window");
}

et_err k_aten_avg_pool2d(et_kargs *a)
{
    pool_geom g = {.d = {1, 1}};
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, APOOL_SELF), *out = et_arg_tensor(a, APOOL_OUT);
    bool ceil_mode = et_arg_bool(a, APOOL_CEIL_MODE), include_pad = et_arg_bool(a, APOOL_COUNT_INCLUDE_PAD);
    int64_t divisor = et_arg_is_null(a, APOOL_DIVISOR_OVERRIDE) ? 0 : et_arg_int(a, APOOL_DIVISOR_OVERRIDE);
    if (!pool_setup(a, in, out, &g, ceil_mode))
        return et_kresult(a);
    const float *x = in->data;
    float *y = out->data;
    for (int32_t nc = 0; nc < g.n * g.c; nc++)
        for (int32_t oy = 0; oy < g.oh; oy++)
            for (int32_t ox = 0; ox < g.ow; ox++) {
                int32_t y0 = oy * g.s[0] - g.p[0], x0 = ox * g.s[1] - g.p[1];
                /* the padded window, clipped to input + padding */
                int32_t y1 = y0 + g.k[0] < g.ih + g.p[0] ? y0 + g.k[0] : g.ih + g.p[0];
                int32_t x1 = x0 + g.k[1] < g.iw + g.p[1] ? x0 + g.k[1] : g.iw + g.p[1];
                int32_t pool_size = (y1 - y0) * (x1 - x0);
                float sum = 0.0f;
                int32_t valid = 0;
                for (int32_t yy = y0 < 0 ? 0 : y0; yy < y1 && yy < g.ih; yy++)
                    for (int32_t xx = x0 < 0 ? 0 : x0; xx < x1 && xx < g.iw; xx++, valid++)
                        sum += x[((size_t)nc * g.ih + yy) * g.iw + xx];
                float div = divisor ? (float)divisor : (float)(include_pad ? pool_size : valid);
                *y++ = sum / div;
            }
    return ET_OK;
}

et_err k_aten_max_pool2d_with_indices(et_kargs *a)
{
    pool_geom g;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, APOOL_SELF), *out = et_arg_tensor(a, APOOL_OUT),
              *idx = et_arg_tensor(a, APOOL_INDICES);
    et_arg_ints(a, APOOL_DILATION, g.d, 2);
    bool ceil_mode = et_arg_bool(a, APOOL_CEIL_MODE);
    contiguous(a, idx, ET_LONG, "indices");
    if (!pool_setup(a, in, out, &g, ceil_mode) ||
        !et_check(a, et_tensor_same_shape(out, idx), ET_ERR_INVALID_ARGUMENT, "indices shape differs from out"))
        return et_kresult(a);
    const float *x = in->data;
    float *y = out->data;
    int64_t *yi = idx->data;
    for (int32_t nc = 0; nc < g.n * g.c; nc++)
        for (int32_t oy = 0; oy < g.oh; oy++)
            for (int32_t ox = 0; ox < g.ow; ox++) {
                float best = -INFINITY;
                int64_t best_i = -1;
                for (int32_t ky = 0; ky < g.k[0]; ky++) {
                    int32_t yy = oy * g.s[0] - g.p[0] + ky * g.d[0];
                    if (yy < 0 || yy >= g.ih)
                        continue;
                    for (int32_t kx = 0; kx < g.k[1]; kx++) {
                        int32_t xx = ox * g.s[1] - g.p[1] + kx * g.d[1];
                        if (xx < 0 || xx >= g.iw)
                            continue;
                        float v = x[((size_t)nc * g.ih + yy) * g.iw + xx];
                        if (v > best || best_i < 0 || isnan(v)) {
                            best = v;
                            best_i = (int64_t)yy * g.iw + xx;
                        }
                    }
                }
                *y++ = best;
                *yi++ = best_i;
            }
    return ET_OK;
}
