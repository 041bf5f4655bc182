/* The argument checks both int8 convolutions share (conv_s8.h). */
#include "conv_s8.h"

bool conv_s8_read_args(et_kargs *a, const conv_s8_slots *s, conv_s8_params *p, const et_tensor **weight)
{
    et_tensor *in = et_arg_tensor(a, s->input), *w = et_arg_tensor(a, s->weight);
    et_tensor *bias = et_arg_tensor_or_null(a, s->bias);
    et_arg_ints(a, s->stride, p->stride, 2);
    et_arg_ints(a, s->padding, p->pad, 2);
    et_arg_ints(a, s->dilation, p->dil, 2);
    p->input_offset = (int32_t)et_arg_int(a, s->input_offset);
    p->output_offset = (int32_t)et_arg_int(a, s->output_offset);
    et_tensor *mult = et_arg_tensor(a, s->multipliers), *shift = et_arg_tensor(a, s->shifts);
    p->act_min = (int32_t)et_arg_int(a, s->act_min);
    p->act_max = (int32_t)et_arg_int(a, s->act_max);
    et_tensor *out = et_arg_tensor(a, s->out);
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
