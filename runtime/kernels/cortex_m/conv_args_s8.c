/* The argument checks both int8 convolutions share (conv_s8.h). */
#include <string.h>

#include "conv_s8.h"

/* A tensor argument, bound in b when the call is being prepared (NULL
 * only for a Null bias). */
static const et_tensor *conv_tensor(et_kargs *a, et_bound_tensors *b, uint32_t slot, bool nullable)
{
    const et_tensor *t = b ? et_bind_tensor(a, b, slot) : nullable ? et_arg_tensor_or_null(a, slot)
                                                                  : et_arg_tensor(a, slot);
    if (t == NULL && !nullable && a->ok)
        t = et_arg_tensor(a, slot);  /* a Null where a tensor must be: its error */
    return t;
}

bool conv_s8_read_args(et_kargs *a, const conv_s8_slots *s, conv_s8_params *p, const et_tensor **weight,
                       et_bound_tensors *b)
{
    /* bound in the order of enum conv_s8_bound */
    const et_tensor *in = conv_tensor(a, b, s->input, false), *w = conv_tensor(a, b, s->weight, false);
    const et_tensor *bias = conv_tensor(a, b, s->bias, true);
    const et_tensor *mult = conv_tensor(a, b, s->multipliers, false), *shift = conv_tensor(a, b, s->shifts, false);
    const et_tensor *out = conv_tensor(a, b, s->out, false);
    et_arg_ints(a, s->stride, p->stride, 2);
    et_arg_ints(a, s->padding, p->pad, 2);
    et_arg_ints(a, s->dilation, p->dil, 2);
    p->input_offset = (int32_t)et_arg_int(a, s->input_offset);
    p->output_offset = (int32_t)et_arg_int(a, s->output_offset);
    p->act_min = (int32_t)et_arg_int(a, s->act_min);
    p->act_max = (int32_t)et_arg_int(a, s->act_max);
    if (!a->ok)
        return false;
    k_s8(a, in, "input");
    k_s8(a, w, "weight");
    k_s8(a, out, "out");
    k_nhwc(a, in, "input", &p->in);
    k_nhwc(a, out, "out", &p->out);
    k_window_params(a, p->stride, p->pad, p->dil);
    if (!et_check(a, w->rank == 4, ET_ERR_INVALID_ARGUMENT, "weight must be 4-D [*, KH, KW, *]"))
        return false;
    p->kh = w->sizes[1];
    p->kw = w->sizes[2];
    et_check(a, p->in.n == p->out.n, ET_ERR_INVALID_ARGUMENT, "input and output batch differ");
    et_check(a, p->out.h == k_window_out(p->in.h, p->kh, p->stride[0], p->pad[0], p->dil[0], false) &&
                    p->out.w == k_window_out(p->in.w, p->kw, p->stride[1], p->pad[1], p->dil[1], false),
             ET_ERR_INVALID_ARGUMENT, "output height/width do not match the convolution");
    if (bias)
        k_per_channel_i32(a, bias, p->out.c, "bias");
    k_per_channel_i32(a, mult, p->out.c, "requantize_multipliers");
    k_per_channel_i32(a, shift, p->out.c, "requantize_shifts");
    if (!a->ok)
        return false;
    p->input = in->data;
    p->weight = w->data;
    p->bias = bias ? bias->data : NULL;
    p->multiplier = mult->data;
    p->shift = shift->data;
    p->output = out->data;
    *weight = w;
    return true;
}

void conv_s8_refresh(conv_s8_params *p, const et_bound_tensors *b)
{
    p->input = b->t[CONV_BOUND_INPUT]->data;
    p->weight = b->t[CONV_BOUND_WEIGHT]->data;
    p->bias = b->t[CONV_BOUND_BIAS] ? b->t[CONV_BOUND_BIAS]->data : NULL;
    p->multiplier = b->t[CONV_BOUND_MULTIPLIERS]->data;
    p->shift = b->t[CONV_BOUND_SHIFTS]->data;
    p->output = b->t[CONV_BOUND_OUT]->data;
}

conv_s8_alias conv_s8_alias_of(const conv_s8_params *p)
{
    const uintptr_t in = (uintptr_t)p->input, out = (uintptr_t)p->output;
    const size_t in_bytes = (size_t)p->in.n * p->in.h * p->in.w * p->in.c;
    const size_t out_bytes = (size_t)p->out.n * p->out.h * p->out.w * p->out.c;
    if (in_bytes == 0 || out_bytes == 0 || in + in_bytes <= out || out + out_bytes <= in)
        return CONV_APART;
    return in == out ? CONV_IN_PLACE : CONV_OVERLAP;
}

bool conv_s8_check_alias(et_kargs *a, conv_s8_alias alias, const conv_s8_params *p,
                         bool (*in_place)(const conv_s8_params *p))
{
#ifdef ET_NO_PLAN_IN_PLACE
    (void)p, (void)in_place;  /* (NULL: K_IN_PLACE) */
    return alias == CONV_APART ||
           et_check(a, false, ET_ERR_INVALID_ARGUMENT, "out overlaps input (no in place here)");
#else
    return alias == CONV_APART ||
           (et_check(a, alias != CONV_OVERLAP, ET_ERR_INVALID_ARGUMENT, "out overlaps input partly") &&
            et_check(a, in_place != NULL && in_place(p), ET_ERR_INVALID_ARGUMENT,
                     "out is input, and this shape cannot be computed in place"));
#endif
}

uint32_t conv_s8_in_place(et_kargs *a, const void *state, const conv_s8_kernel *k,
                          bool (*shape)(const conv_s8_params *p), size_t (*scratch_of)(const conv_s8_params *p),
                          uint32_t input_slot, size_t *scratch)
{
    conv_s8_params p = {0};
    if (state)  /* read and checked at load: the shape is all it needs */
        memcpy((uint8_t *)&p + CONV_S8_CHECKED, ((const conv_s8_prepared *)state)->checked,
               sizeof ((const conv_s8_prepared *)state)->checked);
    if ((!state && !k->read(a, &p, NULL)) || !shape(&p))
        return ET_ARG_ABSENT;
    *scratch = scratch_of(&p);
    return input_slot;
}

et_err conv_s8_call(et_kargs *a, const conv_s8_kernel *k)
{
    conv_s8_params p = {0};
    if (!k->read(a, &p, NULL))
        return et_kresult(a);
    return k->exec(a, &p, k->scratch(&p));
}

size_t conv_s8_scratch(et_kargs *a, const conv_s8_kernel *k)
{
    conv_s8_params p = {0};
    return k->read(a, &p, NULL) ? k->scratch(&p) : 0;
}

bool conv_s8_prepare(et_kargs *a, void *state, const conv_s8_kernel *k)
{
    conv_s8_prepared *st = state;
    conv_s8_params p = {0};
    if (!k->read(a, &p, &st->bound))
        return false;
    memcpy(st->checked, (const uint8_t *)&p + CONV_S8_CHECKED, sizeof st->checked);
    st->scratch = k->scratch(&p);
    return true;
}

et_err conv_s8_run(et_kargs *a, const void *state, const conv_s8_kernel *k)
{
    const conv_s8_prepared *st = state;
    if (!et_bound_current(a, &st->bound))
        return conv_s8_call(a, k);  /* a value replaced, or data unset: the full path says which */
    conv_s8_params p;
    memcpy((uint8_t *)&p + CONV_S8_CHECKED, st->checked, sizeof st->checked);
    p.scratch = NULL;  /* the exec function takes its piece */
    p.scratch_size = 0;
    p.in_place = false;  /* the exec function sets it when out is on input */
    conv_s8_refresh(&p, &st->bound);
    return k->exec(a, &p, st->scratch);
}
