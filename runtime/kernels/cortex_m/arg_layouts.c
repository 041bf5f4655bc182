/* The argument lists of arg_layouts.h, one constant per operator. */
#include "arg_layouts.h"

#define ET_ARGS_DEFINE(var, nslots, ...)                                                                          \
    static const et_arg_layout var##_list[] = {__VA_ARGS__};                                                      \
    const et_arg_layouts var = {var##_list, (uint8_t)ET_ARRAY_LEN(var##_list), (uint8_t)(nslots)};

_Static_assert(DW_NSLOTS <= ET_MAX_ARG_SLOTS && CONV_NSLOTS <= ET_MAX_ARG_SLOTS && ADD_NSLOTS <= ET_MAX_ARG_SLOTS,
               "slot enums fit the position maps");

ET_ARGS_DEFINE(et_args_add, ADD_NSLOTS, ADD_LAYOUTS)
ET_ARGS_DEFINE(et_args_mul, MUL_NSLOTS, MUL_LAYOUTS)
ET_ARGS_DEFINE(et_args_div, DIV_NSLOTS, DIV_LAYOUTS)
ET_ARGS_DEFINE(et_args_linear, LIN_NSLOTS, LINEAR_LAYOUTS)
ET_ARGS_DEFINE(et_args_conv2d, CONV_NSLOTS, CONV_LAYOUTS)
ET_ARGS_DEFINE(et_args_depthwise_conv2d, DW_NSLOTS, DW_LAYOUTS)
ET_ARGS_DEFINE(et_args_transpose_conv2d, TC_NSLOTS, TC_LAYOUTS)
ET_ARGS_DEFINE(et_args_avg_pool2d, AVG_NSLOTS, AVG_LAYOUTS)
ET_ARGS_DEFINE(et_args_max_pool2d, MAXP_NSLOTS, MAXP_LAYOUTS)
ET_ARGS_DEFINE(et_args_batch_matmul, BMM_NSLOTS, BMM_LAYOUTS)
ET_ARGS_DEFINE(et_args_softmax, SMX_NSLOTS, SOFTMAX_LAYOUTS)
ET_ARGS_DEFINE(et_args_pad, PAD_NSLOTS, PAD_LAYOUTS)
ET_ARGS_DEFINE(et_args_quantize, QPT_NSLOTS, QUANTIZE_LAYOUTS)
ET_ARGS_DEFINE(et_args_dequantize, DQ_NSLOTS, DEQUANTIZE_LAYOUTS)
ET_ARGS_DEFINE(et_args_decomposed_dequantize, DQ_NSLOTS, DECOMPOSED_DEQUANTIZE_LAYOUTS)
ET_ARGS_DEFINE(et_args_activation, ACT_NSLOTS, ACTIVATION_LAYOUTS)
ET_ARGS_DEFINE(et_args_transpose, TR_NSLOTS, TRANSPOSE_LAYOUTS)
ET_ARGS_DEFINE(et_args_min_max, MM_NSLOTS, MIN_MAX_LAYOUTS)
