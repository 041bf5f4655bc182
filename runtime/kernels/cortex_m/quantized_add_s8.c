/* cortex_m::quantized_add.out: TFLite-style int8 addition
 * (CMSIS-NN arm_elementwise_add_s8): each input is moved to a common
 * scale with 20 bits of headroom, the two are summed and requantized. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"
#include "../quant_math_mve.h"

#define ADD_LEFT_SHIFT 20

typedef struct add_s8_quant {
    int32_t a_offset, a_mult, a_shift;
    int32_t b_offset, b_mult, b_shift;
    int32_t out_offset, out_mult, out_shift, act_min, act_max;
} add_s8_quant;

static int8_t add_s8_one(const add_s8_quant *q, int8_t x, int8_t y)
{
    int32_t a = q_requantize((x + q->a_offset) * (1 << ADD_LEFT_SHIFT), q->a_mult, q->a_shift);
    int32_t b = q_requantize((y + q->b_offset) * (1 << ADD_LEFT_SHIFT), q->b_mult, q->b_shift);
    int32_t sum = q_requantize(a + b, q->out_mult, q->out_shift) + q->out_offset;
    return (int8_t)q_clamp(sum, q->act_min, q->act_max);
}

#if defined(__ARM_FEATURE_MVE)
/* Helium, for inputs without broadcasting: four elements per vector
 * (VLDRB.S32 widening loads), the same three requantizations with
 * q_requantize_n_mve, clamp and narrowing store. */
static void add_s8_mve(const add_s8_quant *q, const int8_t *x, const int8_t *y, int8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i += 4) {
        mve_pred16_t p = vctp32q((uint32_t)(n - i < 4 ? n - i : 4));
        int32x4_t a = vmulq_n_s32(vaddq_n_s32(vldrbq_z_s32(x + i, p), q->a_offset), 1 << ADD_LEFT_SHIFT);
        int32x4_t b = vmulq_n_s32(vaddq_n_s32(vldrbq_z_s32(y + i, p), q->b_offset), 1 << ADD_LEFT_SHIFT);
        a = q_requantize_n_mve(a, q->a_mult, q->a_shift);
        b = q_requantize_n_mve(b, q->b_mult, q->b_shift);
        int32x4_t r = q_requantize_clamp_mve(vaddq_s32(a, b), vdupq_n_s32(q->out_mult), vdupq_n_s32(q->out_shift),
                                             q->out_offset, q->act_min, q->act_max);
        vstrbq_p_s32(out + i, r, p);
    }
}
#endif

et_err k_cortex_m_quantized_add(et_kargs *a)
{
    add_s8_quant q;
    k_bcast ba, bb;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *x = et_arg_tensor(a, ADD_SELF), *y = et_arg_tensor(a, ADD_OTHER), *out = et_arg_tensor(a, ADD_OUT);
    /* Zero points arrive as such; CMSIS wants offsets (their negation). */
    q.a_offset = -(int32_t)et_arg_int(a, ADD_SELF_ZP);
    q.a_mult = (int32_t)et_arg_int(a, ADD_SELF_MULT);
    q.a_shift = (int32_t)et_arg_int(a, ADD_SELF_SHIFT);
    q.b_offset = -(int32_t)et_arg_int(a, ADD_OTHER_ZP);
    q.b_mult = (int32_t)et_arg_int(a, ADD_OTHER_MULT);
    q.b_shift = (int32_t)et_arg_int(a, ADD_OTHER_SHIFT);
    q.out_offset = (int32_t)et_arg_int(a, ADD_OUT_ZP);
    q.out_mult = (int32_t)et_arg_int(a, ADD_OUT_MULT);
    q.out_shift = (int32_t)et_arg_int(a, ADD_OUT_SHIFT);
    /* Before 1.3.0 there was no fused activation: the int8 range. */
    bool has_act = et_arg_present(a, ADD_ACT_MIN);
    q.act_min = has_act ? (int32_t)et_arg_int(a, ADD_ACT_MIN) : INT8_MIN;
    q.act_max = has_act ? (int32_t)et_arg_int(a, ADD_ACT_MAX) : INT8_MAX;
    k_s8(a, x, "self");
    k_s8(a, y, "other");
    k_s8(a, out, "out");
    k_bcast_init(a, &ba, out, x, "self");
    k_bcast_init(a, &bb, out, y, "other");
    if (!a->ok)
        return et_kresult(a);
    const int8_t *xd = x->data, *yd = y->data;
    int8_t *od = out->data;
    size_t n = et_tensor_numel(out);
#if defined(__ARM_FEATURE_MVE)
    if (k_bcast_is_identity(&ba) && k_bcast_is_identity(&bb)) {
        add_s8_mve(&q, xd, yd, od, n);
        return ET_OK;
    }
#endif
    for (size_t i = 0; i < n; i++) {
        int8_t xv = xd[k_bcast_next(&ba)];
        od[i] = add_s8_one(&q, xv, yd[k_bcast_next(&bb)]);
    }
    return ET_OK;
}
