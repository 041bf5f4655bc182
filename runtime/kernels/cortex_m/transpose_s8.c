/* cortex_m::transpose.out: permutes the dims of a contiguous int8 tensor
 * of rank <= 4 (CMSIS-NN arm_transpose_s8). */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

et_err k_cortex_m_transpose(et_kargs *a)
{
    int64_t perm[ET_MAX_RANK];
    size_t in_strides[ET_MAX_RANK];
    k_bcast it;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, TR_INPUT), *out = et_arg_tensor(a, TR_OUT);
    uint32_t n = et_arg_int_list(a, TR_PERM, perm, ET_MAX_RANK);
    k_s8(a, in, "input");
    k_s8(a, out, "out");
    if (!et_check(a, n == in->rank && n == out->rank && n <= 4, ET_ERR_INVALID_ARGUMENT,
                  "perm length must equal the rank (at most 4)") ||
        !et_check(a, et_tensor_layout(in) == ET_LAYOUT_CONTIGUOUS && et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS,
                  ET_ERR_UNSUPPORTED_DIM_ORDER, "input and output must be contiguous"))
        return et_kresult(a);
    unsigned seen = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (perm[i] < 0)
            perm[i] += n;
        et_check(a, perm[i] >= 0 && perm[i] < (int64_t)n && !(seen & (1u << perm[i])) &&
                        out->sizes[i] == in->sizes[perm[i]],
                 ET_ERR_INVALID_ARGUMENT, "perm is not a permutation matching the output shape");
        if (!a->ok)
            return et_kresult(a);
        seen |= 1u << perm[i];
    }
    /* Walk the output in order; output dim i reads input dim perm[i]. */
    et_tensor_strides(in, in_strides);
    it = (k_bcast){.rank = n};
    for (uint32_t i = 0; i < n; i++) {
        it.size[i] = out->sizes[i];
        it.stride[i] = in_strides[perm[i]];
    }
    const int8_t *src = in->data;
    int8_t *dst = out->data;
    size_t total = et_tensor_numel(out);
    for (size_t i = 0; i < total; i++)
        dst[i] = src[k_bcast_next(&it)];
    return ET_OK;
}
