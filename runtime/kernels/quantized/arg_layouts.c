/* The argument lists of arg_layouts.h, one constant per operator. */
#include "arg_layouts.h"

ET_ARGS_DEFINE(et_args_quantize_tensor, QT_NSLOTS, QUANTIZE_TENSOR_LAYOUTS)
ET_ARGS_DEFINE(et_args_quantize_channel, QT_NSLOTS, QUANTIZE_CHANNEL_LAYOUTS)
ET_ARGS_DEFINE(et_args_dequantize_tensor, DQT_NSLOTS, DEQUANTIZE_TENSOR_LAYOUTS)
ET_ARGS_DEFINE(et_args_dequantize_channel, DQT_NSLOTS, DEQUANTIZE_CHANNEL_LAYOUTS)
