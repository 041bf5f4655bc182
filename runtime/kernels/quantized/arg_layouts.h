/* The argument lists of the quantized_decomposed:: kernels with tensor
 * parameters (quantize_ops.c), as named lists (et_kernel.h).  Source: the
 * schemas in kernels/quantized/quantized.yaml of github.com/pytorch/executorch
 * (unchanged from 1.0.0 to main); the KernelCall adds the return value. */
#ifndef ET_KERNELS_QUANTIZED_ARG_LAYOUTS_H
#define ET_KERNELS_QUANTIZED_ARG_LAYOUTS_H

#include "../../et_kernel.h"

extern const et_arg_layouts et_args_quantize_tensor, et_args_quantize_channel, et_args_dequantize_tensor,
    et_args_dequantize_channel;

/* quantize_per_tensor.tensor_out(Tensor input, Tensor scale, Tensor
 * zero_point, int quant_min, int quant_max, ScalarType dtype, *, Tensor(a!)
 * out) and quantize_per_channel.out(Tensor input, Tensor scales, Tensor
 * zero_points, int axis, int quant_min, int quant_max, ScalarType dtype, *,
 * Tensor(a!) out).  `dtype` is the output's type, which `out` carries: not
 * read. */
enum { QT_INPUT, QT_SCALE, QT_ZP, QT_AXIS, QT_QMIN, QT_QMAX, QT_DTYPE, QT_OUT, QT_NSLOTS };
#define QUANTIZE_TENSOR_LAYOUTS ET_LAYOUT("1.0.0-main", QT_INPUT, QT_SCALE, QT_ZP, QT_QMIN, QT_QMAX, QT_DTYPE, QT_OUT)
#define QUANTIZE_CHANNEL_LAYOUTS                                                                                 \
    ET_LAYOUT("1.0.0-main", QT_INPUT, QT_SCALE, QT_ZP, QT_AXIS, QT_QMIN, QT_QMAX, QT_DTYPE, QT_OUT)

/* dequantize_per_tensor.tensor_out(Tensor input, Tensor scale, Tensor
 * zero_point, int quant_min, int quant_max, ScalarType dtype, *,
 * ScalarType? out_dtype=None, Tensor(a!) out) and
 * dequantize_per_channel.out(Tensor input, Tensor scales, Tensor?
 * zero_points, int axis, int quant_min, int quant_max, ScalarType dtype, *,
 * ScalarType? out_dtype=None, Tensor(a!) out).  quant_min/max and dtype
 * describe the input, which carries its type, and the arithmetic needs
 * only scale and zero point: not read. */
enum { DQT_INPUT, DQT_SCALE, DQT_ZP, DQT_AXIS, DQT_QMIN, DQT_QMAX, DQT_DTYPE, DQT_OUT_DTYPE, DQT_OUT, DQT_NSLOTS };
#define DEQUANTIZE_TENSOR_LAYOUTS                                                                                \
    ET_LAYOUT("1.0.0-main", DQT_INPUT, DQT_SCALE, DQT_ZP, DQT_QMIN, DQT_QMAX, DQT_DTYPE, DQT_OUT_DTYPE, DQT_OUT)
#define DEQUANTIZE_CHANNEL_LAYOUTS                                                                               \
    ET_LAYOUT("1.0.0-main", DQT_INPUT, DQT_SCALE, DQT_ZP, DQT_AXIS, DQT_QMIN, DQT_QMAX, DQT_DTYPE, DQT_OUT_DTYPE, \
              DQT_OUT)

#endif
