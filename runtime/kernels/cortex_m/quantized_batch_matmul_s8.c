/* cortex_m::quantized_batch_matmul.out: int8 [B,M,K] x [B,N,K]^T -> [B,M,N]
 * with one requantization (CMSIS-NN arm_batch_matmul_s8).  The "zero point"
 * arguments are passed to CMSIS unchanged, i.e. they are offsets added to
 * the raw values. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"

et_err k_cortex_m_quantized_batch_matmul(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    /* `scratch` (1.4.0 on) is not read. */
    et_tensor *lhs = et_arg_tensor(a, BMM_LHS), *rhs = et_arg_tensor(a, BMM_RHS_T), *out = et_arg_tensor(a, BMM_OUT);
    int32_t lhs_off = (int32_t)et_arg_int(a, BMM_LHS_ZP), rhs_off = (int32_t)et_arg_int(a, BMM_RHS_ZP);
    int32_t out_off = (int32_t)et_arg_int(a, BMM_OUT_ZP);
    int32_t mult = (int32_t)et_arg_int(a, BMM_OUT_MULT), shift = (int32_t)et_arg_int(a, BMM_OUT_SHIFT);
    k_s8(a, lhs, "lhs");
    k_s8(a, rhs, "rhs_transposed");
    k_s8(a, out, "out");
    if (!et_check(a, lhs->rank == 3 && rhs->rank == 3 && out->rank == 3, ET_ERR_INVALID_ARGUMENT, "expects rank 3"))
        return et_kresult(a);
    et_check(a, et_tensor_layout(lhs) == ET_LAYOUT_CONTIGUOUS && et_tensor_layout(rhs) == ET_LAYOUT_CONTIGUOUS &&
                    et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS,
             ET_ERR_UNSUPPORTED_DIM_ORDER, "tensors must be contiguous");
    int32_t B = lhs->sizes[0], M = lhs->sizes[1], K = lhs->sizes[2], N = rhs->sizes[1];
    et_check(a, rhs->sizes[0] == B && rhs->sizes[2] == K && out->sizes[0] == B && out->sizes[1] == M &&
                    out->sizes[2] == N,
             ET_ERR_INVALID_ARGUMENT, "shapes do not match");
    if (!a->ok)
        return et_kresult(a);
    const int8_t *l = lhs->data, *r = rhs->data;
    int8_t *o = out->data;
    for (int32_t b = 0; b < B; b++)
        for (int32_t m = 0; m < M; m++)
            for (int32_t n = 0; n < N; n++) {
                const int8_t *lr = l + ((size_t)b * M + m) * K, *rr = r + ((size_t)b * N + n) * K;
                int32_t acc = 0;
                for (int32_t k = 0; k < K; k++)
                    acc += (lr[k] + lhs_off) * (rr[k] + rhs_off);
                o[((size_t)b * M + m) * N + n] = q_sat_s8(q_requantize(acc, mult, shift) + out_off);
            }
    return ET_OK;
}
