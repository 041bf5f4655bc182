/* float32 matrix products: aten::mm.out, aten::addmm.out, aten::linear.out
 * (contiguous 2-D operands; linear flattens leading dims), aten::bmm.out
 * ([B,M,K] x [B,K,N]). */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

/* out[m][n] = beta * bias + alpha * sum_k x[m][k] * w(k, n), where w is
 * read as [K][N] or, when w_is_nk, as [N][K] (linear's weight). */
typedef struct mm_params {
    const float *x, *w, *bias;
    float *out;
    int32_t M, K, N;
    bool w_is_nk;
    k_bcast *bias_it;
    float alpha, beta;
} mm_params;

static void matmul_f32(const mm_params *p)
{
    for (int32_t m = 0; m < p->M; m++)
        for (int32_t n = 0; n < p->N; n++) {
            float acc = 0.0f;
            for (int32_t k = 0; k < p->K; k++) {
                float w = p->w_is_nk ? p->w[(size_t)n * p->K + k] : p->w[(size_t)k * p->N + n];
                acc += p->x[(size_t)m * p->K + k] * w;
            }
            float b = p->bias ? p->beta * p->bias[k_bcast_next(p->bias_it)] : 0.0f;
            p->out[(size_t)m * p->N + n] = b + p->alpha * acc;
        }
}

static bool contiguous_f32(et_kargs *a, const et_tensor *t, const char *name)
{
    et_check_dtype(a, t, ET_FLOAT, name);
    et_check_data(a, t, name);
    return et_check(a, et_tensor_layout(t) == ET_LAYOUT_CONTIGUOUS, ET_ERR_UNSUPPORTED_DIM_ORDER,
                    "operands must be contiguous");
}

static et_err run(et_kargs *a, et_tensor *x, et_tensor *w, et_tensor *bias, et_tensor *out, bool w_is_nk,
                  float alpha, float beta)
{
    k_bcast bias_it;
    contiguous_f32(a, x, "input");
    contiguous_f32(a, w, "weight");
    contiguous_f32(a, out, "out");
    if (bias)
        contiguous_f32(a, bias, "bias");
    if (!et_check(a, w->rank == 2 && x->rank >= 1 && out->rank >= 1, ET_ERR_INVALID_ARGUMENT, "bad ranks"))
        return et_kresult(a);
    mm_params p = {.x = x->data, .w = w->data, .bias = bias ? bias->data : NULL, .out = out->data,
                   .w_is_nk = w_is_nk, .alpha = alpha, .beta = beta, .bias_it = &bias_it};
    p.K = x->sizes[x->rank - 1];
    p.N = w_is_nk ? w->sizes[0] : w->sizes[1];
    p.M = p.K ? (int32_t)(et_tensor_numel(x) / (size_t)p.K) : 0;
    et_check(a, (w_is_nk ? w->sizes[1] : w->sizes[0]) == p.K, ET_ERR_INVALID_ARGUMENT, "inner dims differ");
    et_check(a, et_tensor_numel(out) == (size_t)p.M * (size_t)p.N && out->sizes[out->rank - 1] == p.N,
             ET_ERR_INVALID_ARGUMENT, "output shape does not match");
    if (bias)
        k_bcast_init(a, &bias_it, out, bias, "bias");
    if (!a->ok)
        return et_kresult(a);
    matmul_f32(&p);
    return ET_OK;
}

et_err k_aten_mm(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    return run(a, et_arg_tensor(a, AMM_SELF), et_arg_tensor(a, AMM_MAT2), NULL, et_arg_tensor(a, AMM_OUT), false, 1.0f,
               0.0f);
}

et_err k_aten_addmm(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    return run(a, et_arg_tensor(a, AADDMM_MAT1), et_arg_tensor(a, AADDMM_MAT2), et_arg_tensor(a, AADDMM_SELF),
               et_arg_tensor(a, AADDMM_OUT), false, (float)et_arg_double(a, AADDMM_ALPHA),
               (float)et_arg_double(a, AADDMM_BETA));
}

et_err k_aten_linear(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    return run(a, et_arg_tensor(a, ALIN_INPUT), et_arg_tensor(a, ALIN_WEIGHT), et_arg_tensor_or_null(a, ALIN_BIAS),
               et_arg_tensor(a, ALIN_OUT), true,
               1.0f, 1.0f);
}

et_err k_aten_bmm(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *x = et_arg_tensor(a, AMM_SELF), *w = et_arg_tensor(a, AMM_MAT2), *out = et_arg_tensor(a, AMM_OUT);
    contiguous_f32(a, x, "self");
    contiguous_f32(a, w, "mat2");
    contiguous_f32(a, out, "out");
    if (!a->ok || !et_check(a, x->rank == 3 && w->rank == 3 && out->rank == 3, ET_ERR_INVALID_ARGUMENT,
                            "bmm expects rank-3 operands"))
        return et_kresult(a);
    int32_t B = x->sizes[0];
    mm_params p = {.M = x->sizes[1], .K = x->sizes[2], .N = w->sizes[2], .alpha = 1.0f};
    et_check(a, w->sizes[0] == B && w->sizes[1] == p.K && out->sizes[0] == B && out->sizes[1] == p.M &&
                    out->sizes[2] == p.N,
             ET_ERR_INVALID_ARGUMENT, "bmm shapes do not match");
    if (!a->ok)
        return et_kresult(a);
    for (int32_t b = 0; b < B; b++) {
        p.x = (const float *)x->data + (size_t)b * p.M * p.K;
        p.w = (const float *)w->data + (size_t)b * p.K * p.N;
        p.out = (float *)out->data + (size_t)b * p.M * p.N;
        matmul_f32(&p);
    }
    return ET_OK;
}
