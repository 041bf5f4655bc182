/* cortex_m::quantized_linear.out: int8 fully connected layer with one
 * (per-tensor) requantization (CMSIS-NN arm_fully_connected_s8). */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"
#include "../quant_math_mve.h"

typedef struct linear_s8_params {
    const int8_t *input;          /* [batches, in_features] */
    const int8_t *weight;         /* [out_features, in_features] */
    const int32_t *bias;          /* NULL: none */
    const int32_t *kernel_sum;    /* NULL: none; else bias + input_offset * sum(w + filter_offset) */
    int8_t *output;
    int32_t batches, in_features, out_features;
    int32_t input_offset, filter_offset, output_offset, multiplier, shift, act_min, act_max;
} linear_s8_params;

#if !defined(__ARM_FEATURE_MVE)
static void linear_s8(const linear_s8_params *p)
{
    for (int32_t b = 0; b < p->batches; b++) {
        const int8_t *x = p->input + (size_t)b * p->in_features;
        int32_t x_sum = 0;
        for (int32_t k = 0; k < p->in_features; k++)
            x_sum += x[k];
        for (int32_t o = 0; o < p->out_features; o++) {
            const int8_t *w = p->weight + (size_t)o * p->in_features;
            int32_t acc;
            if (p->kernel_sum) {
                /* The MVE export precomputes bias + io * sum(w + fo)
                 * (upstream's _compute_kernel_sum, so n * io * fo is in
                 * it); the rest of sum((x + io) * (w + fo)) is
                 * dot + fo * sum(x). */
                int32_t dot = 0;
                for (int32_t k = 0; k < p->in_features; k++)
                    dot += x[k] * w[k];
                acc = p->kernel_sum[o] + dot + p->filter_offset * x_sum;
            } else {
                acc = p->bias ? p->bias[o] : 0;
                for (int32_t k = 0; k < p->in_features; k++)
                    acc += (x[k] + p->input_offset) * (w[k] + p->filter_offset);
            }
            acc = q_requantize(acc, p->multiplier, p->shift) + p->output_offset;
            p->output[(size_t)b * p->out_features + o] = (int8_t)q_clamp(acc, p->act_min, p->act_max);
        }
    }
}
#endif

#if defined(__ARM_FEATURE_MVE)
/* Helium: the row dot products with VMLADAVA and the row and input sums
 * with VADDVA (16 lanes, tail predicated), then
 * sum((x + io) * (w + fo)) = dot + fo*sum(x) + io*sum(w) + n*io*fo, an
 * identity of wrapping int32 arithmetic, so the accumulators equal the
 * scalar ones; with kernel_sum (= bias + io*sum(w + fo)) the io*sum(w) and
 * n*io*fo terms are precomputed.  Four outputs are requantized per vector. */
static int32_t dot_s8_mve(const int8_t *x, const int8_t *w, int32_t n, int32_t *wsum)
{
    int32_t dot = 0, sum = 0;
    for (; n > 0; n -= 16, x += 16, w += 16) {
        mve_pred16_t pr = vctp8q((uint32_t)n);
        int8x16_t vw = vldrbq_z_s8(w, pr);
        dot = vmladavaq_p_s8(dot, vldrbq_z_s8(x, pr), vw, pr);
        sum = vaddvaq_p_s8(sum, vw, pr);
    }
    *wsum = sum;
    return dot;
}

static void linear_s8_mve(const linear_s8_params *p)
{
    const uint32_t io = (uint32_t)p->input_offset, fo = (uint32_t)p->filter_offset;
    for (int32_t b = 0; b < p->batches; b++) {
        const int8_t *x = p->input + (size_t)b * p->in_features;
        int32_t x_sum = 0;
        for (int32_t k = 0; k < p->in_features; k += 16)
            x_sum = vaddvaq_p_s8(x_sum, vldrbq_z_s8(x + k, vctp8q((uint32_t)(p->in_features - k))),
                                 vctp8q((uint32_t)(p->in_features - k)));
        /* kernel_sum already holds n * io * fo (see linear_s8) */
        const uint32_t row_const =
            fo * (uint32_t)x_sum + (p->kernel_sum ? 0u : (uint32_t)p->in_features * io * fo);
        int8_t *out = p->output + (size_t)b * p->out_features;
        for (int32_t o0 = 0; o0 < p->out_features; o0 += 4) {
            int32_t acc[4] = {0, 0, 0, 0};
            const int32_t nout = q_min_i32(4, p->out_features - o0);
            for (int32_t j = 0; j < nout; j++) {
                const int32_t o = o0 + j;
                int32_t wsum;
                uint32_t dot = (uint32_t)dot_s8_mve(x, p->weight + (size_t)o * p->in_features, p->in_features, &wsum);
                uint32_t base = p->kernel_sum ? (uint32_t)p->kernel_sum[o]
                                              : (uint32_t)(p->bias ? p->bias[o] : 0) + io * (uint32_t)wsum;
                acc[j] = (int32_t)(base + dot + row_const);
            }
            mve_pred16_t pc = vctp32q((uint32_t)nout);
            int32x4_t r = q_requantize_clamp_mve(vldrwq_s32(acc), vdupq_n_s32(p->multiplier), vdupq_n_s32(p->shift),
                                                 p->output_offset, p->act_min, p->act_max);
            vstrbq_p_s32(out + o0, r, pc);
        }
    }
}
#endif

et_err k_cortex_m_quantized_linear(et_kargs *a)
{
    linear_s8_params p = {0};
    int64_t mult[1], shift[1];
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, LIN_INPUT), *w = et_arg_tensor(a, LIN_WEIGHTS);
    et_tensor *bias = et_arg_tensor_or_null(a, LIN_BIAS), *ksum = et_arg_tensor_or_null(a, LIN_KERNEL_SUM);
    p.input_offset = (int32_t)et_arg_int(a, LIN_INPUT_OFFSET);
    p.filter_offset = (int32_t)et_arg_int(a, LIN_FILTER_OFFSET);
    p.output_offset = (int32_t)et_arg_int(a, LIN_OUTPUT_OFFSET);
    uint32_t nm = et_arg_int_list(a, LIN_MULTIPLIERS, mult, 1), ns = et_arg_int_list(a, LIN_SHIFTS, shift, 1);
    p.act_max = (int32_t)et_arg_int(a, LIN_ACT_MAX);
    p.act_min = (int32_t)et_arg_int(a, LIN_ACT_MIN);
    et_tensor *out = et_arg_tensor(a, LIN_OUT);
    k_s8(a, in, "input");
    k_s8(a, w, "weights");
    k_s8(a, out, "out");
    if (!et_check(a, nm == 1 && ns == 1, ET_ERR_INVALID_ARGUMENT, "expects one multiplier and one shift") ||
        !et_check(a, w->rank == 2 && in->rank >= 1, ET_ERR_INVALID_ARGUMENT, "weights must be [OUT, IN]"))
        return et_kresult(a);
    p.out_features = w->sizes[0];
    p.in_features = w->sizes[1];
    et_check(a, in->sizes[in->rank - 1] == p.in_features, ET_ERR_INVALID_ARGUMENT,
             "input's last dim differs from the weights' IN");
    p.batches = p.in_features ? (int32_t)(et_tensor_numel(in) / (size_t)p.in_features) : 0;
    et_check(a, et_tensor_numel(out) == (size_t)p.batches * (size_t)p.out_features, ET_ERR_INVALID_ARGUMENT,
             "output size does not match");
    et_check(a, et_tensor_layout(in) == ET_LAYOUT_CONTIGUOUS && et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS,
             ET_ERR_UNSUPPORTED_DIM_ORDER, "input and output must be contiguous");
    if (bias)
        k_per_channel_i32(a, bias, p.out_features, "bias");
    if (ksum)
        k_per_channel_i32(a, ksum, p.out_features, "kernel_sum");
#if defined(__ARM_FEATURE_MVE)
    /* Upstream's MVE path takes CMSIS-NN's kernel sums from the program;
     * ours computes them when they are absent. */
    if (!ksum)
        et_permissive(a, "no kernel_sum on an MVE core");
#endif
    if (!a->ok)
        return et_kresult(a);
    p.input = in->data;
    p.weight = w->data;
    p.bias = bias ? bias->data : NULL;
    p.kernel_sum = ksum ? ksum->data : NULL;
    p.output = out->data;
    p.multiplier = (int32_t)mult[0];
    p.shift = (int32_t)shift[0];
#if defined(__ARM_FEATURE_MVE)
    linear_s8_mve(&p);
#else
    linear_s8(&p);
#endif
    return ET_OK;
}
