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
/* One input on four lanes: (x + offset) * 2^20 requantized.  `shift` is
 * 20 plus the left shift (one VSHL: both wrap as the scalar product does). */
static inline __attribute__((always_inline)) int32x4_t add_input_mve(int32x4_t x, int32x4_t shift,
                                                                   const q_requant_lanes *q)
{
    return q_rounding_divide_by_pow2_mve(vqrdmulhq_s32(vshlq_s32(x, shift), q->mult), q->right_neg);
}

/* Helium, for inputs without broadcasting: eight elements per pass.
 * Both inputs are loaded widened to int16 (VLDRB.S16) and offset there
 * (|x + offset| < 2^15), their even and odd lanes widened to int32
 * (VMOVLB/VMOVLT) and requantized, the sums requantized, narrowed, offset
 * and clamped as one int16x8 back in element order
 * (q_requantize_pair_mve); the shifts are split once per call.  False
 * when an offset or the clamp does not fit int16 (no real model). */
static bool add_s8_mve(const add_s8_quant *q, const int8_t *x, const int8_t *y, int8_t *out, size_t n)
{
    if (q->a_offset < -32000 || q->a_offset > 32000 || q->b_offset < -32000 || q->b_offset > 32000 ||
        q->out_offset < INT16_MIN || q->out_offset > INT16_MAX || q->act_min < INT16_MIN || q->act_max > INT16_MAX ||
        q->act_min > q->act_max)
        return false;
    const q_requant_lanes qa = q_requant_lanes_mve(vdupq_n_s32(q->a_mult), vdupq_n_s32(q->a_shift));
    const q_requant_lanes qb = q_requant_lanes_mve(vdupq_n_s32(q->b_mult), vdupq_n_s32(q->b_shift));
    const q_requant_lanes qo = q_requant_lanes_mve(vdupq_n_s32(q->out_mult), vdupq_n_s32(q->out_shift));
    const int32x4_t a_shift = vaddq_n_s32(qa.left, ADD_LEFT_SHIFT), b_shift = vaddq_n_s32(qb.left, ADD_LEFT_SHIFT);
    const int16x8_t lo = vdupq_n_s16((int16_t)q->act_min), hi = vdupq_n_s16((int16_t)q->act_max);
    const bool out_right = q->out_shift < 0;
    for (size_t i = 0; i < n; i += 8) {
        const mve_pred16_t p = vctp16q((uint32_t)(n - i < 8 ? n - i : 8));
        const int16x8_t xv = vaddq_n_s16(vldrbq_z_s16(x + i, p), (int16_t)q->a_offset);
        const int16x8_t yv = vaddq_n_s16(vldrbq_z_s16(y + i, p), (int16_t)q->b_offset);
        const int32x4_t even = vaddq_s32(add_input_mve(vmovlbq_s16(xv), a_shift, &qa),
                                         add_input_mve(vmovlbq_s16(yv), b_shift, &qb));
        const int32x4_t odd = vaddq_s32(add_input_mve(vmovltq_s16(xv), a_shift, &qa),
                                        add_input_mve(vmovltq_s16(yv), b_shift, &qb));
        vstrbq_p_s16(out + i, q_requantize_pair_mve(even, odd, qo, qo, out_right, (int16_t)q->out_offset, lo, hi), p);
    }
    return true;
}
#endif

/* out and an input: apart, or exactly on it with the input read in
 * out's element order (no broadcast, the same layout). */
static bool add_alias_ok(et_kargs *a, const et_tensor *out, const et_tensor *in, const k_bcast *b, const char *name)
{
    const uint8_t *o = out->data, *i = in->data;
    if (o + out->nbytes <= i || i + in->nbytes <= o)
        return true;
    return et_check(a, o == i && in->nbytes == out->nbytes && k_bcast_is_identity(b), ET_ERR_INVALID_ARGUMENT,
                    name[0] == 's' ? "out overlaps self other than in place" : "out overlaps other other than in place");
}

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
    /* In place (add_in_place): out exactly on an input read element by
     * element in out's order, each element read before it is written. */
    if (!add_alias_ok(a, out, x, &ba, "self") || !add_alias_ok(a, out, y, &bb, "other"))
        return et_kresult(a);
    size_t n = et_tensor_numel(out);
#if defined(__ARM_FEATURE_MVE)
    if (k_bcast_is_identity(&ba) && k_bcast_is_identity(&bb) && add_s8_mve(&q, xd, yd, od, n))
        return ET_OK;
#endif
    for (size_t i = 0; i < n; i++) {
        int8_t xv = xd[k_bcast_next(&ba)];
        od[i] = add_s8_one(&q, xv, yd[k_bcast_next(&bb)]);
    }
    return ET_OK;
}

#ifndef ET_NO_PLAN_IN_PLACE
/* In place (et_plan.h): the output over an input of its shape and layout
 * (ResNet-8's residual adds): each element is read before it is
 * written, in the vector loop and the scalar one. */
static uint32_t add_in_place(et_kargs *a, const void *state, size_t *scratch)
{
    (void)state;
    *scratch = 0;
    if (!et_arg_named(a))
        return ET_ARG_ABSENT;
    const et_tensor *x = et_arg_tensor(a, ADD_SELF), *y = et_arg_tensor(a, ADD_OTHER), *out = et_arg_tensor(a, ADD_OUT);
    if (!a->ok || out->dtype != ET_CHAR)
        return ET_ARG_ABSENT;
    if (x->dtype == ET_CHAR && et_tensor_same_layout(x, out))
        return ADD_SELF;
    return y->dtype == ET_CHAR && et_tensor_same_layout(y, out) ? ADD_OTHER : ET_ARG_ABSENT;
}

#endif

const et_kernel_extra k_cortex_m_quantized_add_extra = {.in_place = K_IN_PLACE(add_in_place)};
