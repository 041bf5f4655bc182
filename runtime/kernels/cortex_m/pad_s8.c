/* cortex_m::pad.out: constant padding of an int8 tensor of rank 1 to 4.
 * The pads are given per *physical* dim (N, H, W, C for channels-last),
 * right-aligned for lower ranks. */
#include <stddef.h>
#include <string.h>

#include "../copy_bytes.h"
#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

et_err k_cortex_m_pad(et_kargs *a)
{
    int32_t pre[4], post[4], in_shape[4] = {1, 1, 1, 1}, out_shape[4] = {1, 1, 1, 1};
    int32_t phys[ET_MAX_RANK];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, PAD_INPUT), *out = et_arg_tensor(a, PAD_OUT);
    et_arg_ints(a, PAD_PRE, pre, 4);
    et_arg_ints(a, PAD_POST, post, 4);
    int64_t value = et_arg_int(a, PAD_VALUE);
    k_s8(a, in, "input");
    k_s8(a, out, "out");
    if (!et_check(a, in->rank >= 1 && in->rank <= 4 && in->rank == out->rank, ET_ERR_INVALID_ARGUMENT,
                  "input rank must be 1..4 and equal the output's") ||
        !et_check(a, value >= -128 && value <= 127, ET_ERR_INVALID_ARGUMENT, "pad value out of int8 range") ||
        !et_check(a, memcmp(in->dim_order, out->dim_order, in->rank) == 0 || in->rank < 4,
                  ET_ERR_UNSUPPORTED_DIM_ORDER, "input and output layouts differ"))
        return et_kresult(a);
    unsigned skip = 4 - in->rank;
    et_tensor_physical_shape(in, phys);
    for (unsigned i = 0; i < in->rank; i++)
        in_shape[skip + i] = phys[i];
    et_tensor_physical_shape(out, phys);
    for (unsigned i = 0; i < out->rank; i++)
        out_shape[skip + i] = phys[i];
    for (unsigned i = 0; i < 4; i++)
        et_check(a, pre[i] >= 0 && post[i] >= 0 && (int64_t)in_shape[i] + pre[i] + post[i] == out_shape[i],
                 ET_ERR_INVALID_ARGUMENT, "output shape is not input + pads");
    if (!a->ok)
        return et_kresult(a);
    const int8_t *src = in->data;
    int8_t *dst = out->data;
    /* In place (pad_in_place): pads of zero, the bytes are already there. */
    if (dst == src && in->nbytes == out->nbytes)
        return ET_OK;
    /* Input and output do not overlap otherwise: the planner gives them
     * apart. */
    if (!et_check(a, dst + out->nbytes <= src || src + in->nbytes <= dst, ET_ERR_INVALID_ARGUMENT,
                  "out overlaps input"))
        return et_kresult(a);
    /* The input's rows are copied in increasing output order; only the
     * bytes between them (and before the first, after the last) are the
     * pad value: each output byte is written once (filling the whole
     * output first wrote VWW's padded activations twice). */
    size_t row = (size_t)in_shape[3];
    /* Channels not padded (the usual spatial padding): a whole input row
     * of W * C bytes is contiguous on both sides, one copy per (n, h)
     * instead of one per pixel (VWW's 3-channel input: 2 k calls, not 96 k). */
    int32_t w_steps = in_shape[2];
    if (pre[3] == 0 && post[3] == 0) {
        row *= (size_t)in_shape[2];
        w_steps = in_shape[2] > 0 ? 1 : 0;
    }
    size_t written = 0;  /* output bytes [0, written) are final */
    for (int32_t n = 0; n < in_shape[0]; n++)
        for (int32_t h = 0; h < in_shape[1]; h++)
            for (int32_t w = 0; w < w_steps; w++) {
                size_t o = (((size_t)(n + pre[0]) * out_shape[1] + (h + pre[1])) * out_shape[2] + (w + pre[2])) *
                               out_shape[3] + pre[3];
                size_t i = (((size_t)n * in_shape[1] + h) * in_shape[2] + w) * in_shape[3];
                k_fill_bytes(dst + written, (int)value, o - written);
                k_copy_bytes(dst + o, src + i, row);
                written = o + row;
            }
    k_fill_bytes(dst + written, (int)value, out->nbytes - written);
    return ET_OK;
}

#ifndef ET_NO_PLAN_IN_PLACE
/* In place (et_plan.h): a pad of nothing (KWS pads its [1, 64, 25, 5]
 * activation by zero rows) is the input's bytes as they are (the same
 * shape and byte order: the pads are zero). */
static uint32_t pad_in_place(et_kargs *a, const void *state, size_t *scratch)
{
    (void)state;
    return k_same_bytes_in_place(a, PAD_INPUT, PAD_OUT, scratch);
}

#endif

const et_kernel_extra k_cortex_m_pad_extra = {.in_place = K_IN_PLACE(pad_in_place)};
