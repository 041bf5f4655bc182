/* The argument lists of the cortex_m:: operators in every ExecuTorch
 * release from 1.0.0 on, as named lists (the operator's slot enum, in the
 * order of upstream main's schema).  A .pte carries the list of the
 * release that exported it; the loader picks the one whose length
 * matches (every release line of an operator has a different length), and
 * the kernel reads its arguments by name.  Source: the schemas in
 * backends/cortex_m/ops/operators.py at the tags v1.0.0 ... v1.4.1 and
 * main (2026-08) of github.com/pytorch/executorch; runtime/README.md has
 * the table.  kernel_table.def names each operator's lists (defined in
 * arg_layouts.c); the loader resolves them once per instruction.  Arguments that 1.0/1.1 typed `Scalar` arrive as Int values,
 * as the exporter emits a Python int, so the layouts are the same.
 *
 * Operators whose list never changed (quantize/dequantize_per_tensor,
 * quantized_activation, transpose, minimum, maximum) have one list, so
 * that they too read by name and the loader checks their argument count. */
#ifndef ET_KERNELS_CORTEX_M_ARG_LAYOUTS_H
#define ET_KERNELS_CORTEX_M_ARG_LAYOUTS_H

#include "../../et_kernel.h"

/* The lists, for kernel_table.def (arg_layouts.c). */
extern const et_arg_layouts et_args_add, et_args_mul, et_args_div, et_args_linear, et_args_conv2d, et_args_depthwise_conv2d,
    et_args_transpose_conv2d, et_args_avg_pool2d, et_args_max_pool2d, et_args_batch_matmul, et_args_softmax, et_args_pad,
    et_args_quantize, et_args_dequantize, et_args_decomposed_dequantize, et_args_activation, et_args_transpose,
    et_args_min_max;

/* cortex_m::quantized_add.out: activation_min/max arrived in 1.3.0
 * (before: the int8 range). */
enum { ADD_SELF, ADD_SELF_ZP, ADD_SELF_MULT, ADD_SELF_SHIFT, ADD_OTHER, ADD_OTHER_ZP, ADD_OTHER_MULT,
       ADD_OTHER_SHIFT, ADD_OUT_ZP, ADD_OUT_MULT, ADD_OUT_SHIFT, ADD_ACT_MIN, ADD_ACT_MAX, ADD_OUT, ADD_NSLOTS };
#define ADD_LAYOUTS                                                                                              \
    ET_LAYOUT("1.3.0-main", ADD_SELF, ADD_SELF_ZP, ADD_SELF_MULT, ADD_SELF_SHIFT, ADD_OTHER, ADD_OTHER_ZP,        \
              ADD_OTHER_MULT, ADD_OTHER_SHIFT, ADD_OUT_ZP, ADD_OUT_MULT, ADD_OUT_SHIFT, ADD_ACT_MIN, ADD_ACT_MAX,   \
              ADD_OUT),                                                                                          \
    ET_LAYOUT("1.0.0-1.2.0", ADD_SELF, ADD_SELF_ZP, ADD_SELF_MULT, ADD_SELF_SHIFT, ADD_OTHER, ADD_OTHER_ZP,       \
              ADD_OTHER_MULT, ADD_OTHER_SHIFT, ADD_OUT_ZP, ADD_OUT_MULT, ADD_OUT_SHIFT, ADD_OUT)

/* cortex_m::quantized_mul.out: unchanged since 1.1.0 (Scalar in 1.1). */
enum { MUL_SELF, MUL_SELF_ZP, MUL_OTHER, MUL_OTHER_ZP, MUL_OUT_ZP, MUL_OUT_MULT, MUL_OUT_SHIFT, MUL_OUT,
       MUL_NSLOTS };
#define MUL_LAYOUTS                                                                                              \
    ET_LAYOUT("1.1.0-main", MUL_SELF, MUL_SELF_ZP, MUL_OTHER, MUL_OTHER_ZP, MUL_OUT_ZP, MUL_OUT_MULT,             \
              MUL_OUT_SHIFT, MUL_OUT)

/* cortex_m::quantized_div.out: on main after 1.4.1. */
enum { DIV_SELF, DIV_SELF_ZP, DIV_OTHER, DIV_OTHER_ZP, DIV_OUT_ZP, DIV_OUT_SCALE, DIV_OUT, DIV_NSLOTS };
#define DIV_LAYOUTS                                                                                              \
    ET_LAYOUT("main", DIV_SELF, DIV_SELF_ZP, DIV_OTHER, DIV_OTHER_ZP, DIV_OUT_ZP, DIV_OUT_SCALE, DIV_OUT)

/* cortex_m::quantized_linear.out: unchanged since 1.1.0 (Scalar in 1.1);
 * note activation_max before activation_min. */
enum { LIN_INPUT, LIN_WEIGHTS, LIN_BIAS, LIN_KERNEL_SUM, LIN_INPUT_OFFSET, LIN_FILTER_OFFSET, LIN_OUTPUT_OFFSET,
       LIN_MULTIPLIERS, LIN_SHIFTS, LIN_ACT_MAX, LIN_ACT_MIN, LIN_OUT, LIN_NSLOTS };
#define LINEAR_LAYOUTS                                                                                           \
    ET_LAYOUT("1.1.0-main", LIN_INPUT, LIN_WEIGHTS, LIN_BIAS, LIN_KERNEL_SUM, LIN_INPUT_OFFSET, LIN_FILTER_OFFSET, \
              LIN_OUTPUT_OFFSET, LIN_MULTIPLIERS, LIN_SHIFTS, LIN_ACT_MAX, LIN_ACT_MIN, LIN_OUT)

/* cortex_m::quantized_conv2d.out: `scratch` arrived in 1.4.0. */
enum { CONV_INPUT, CONV_WEIGHT, CONV_BIAS, CONV_STRIDE, CONV_PADDING, CONV_DILATION, CONV_INPUT_OFFSET,
       CONV_OUTPUT_OFFSET, CONV_MULTIPLIERS, CONV_SHIFTS, CONV_ACT_MIN, CONV_ACT_MAX, CONV_SCRATCH, CONV_OUT,
       CONV_NSLOTS };
#define CONV_LAYOUTS                                                                                             \
    ET_LAYOUT("1.4.0-main", CONV_INPUT, CONV_WEIGHT, CONV_BIAS, CONV_STRIDE, CONV_PADDING, CONV_DILATION,         \
              CONV_INPUT_OFFSET, CONV_OUTPUT_OFFSET, CONV_MULTIPLIERS, CONV_SHIFTS, CONV_ACT_MIN, CONV_ACT_MAX,     \
              CONV_SCRATCH, CONV_OUT),                                                                           \
    ET_LAYOUT("1.1.0-1.3.1", CONV_INPUT, CONV_WEIGHT, CONV_BIAS, CONV_STRIDE, CONV_PADDING, CONV_DILATION,        \
              CONV_INPUT_OFFSET, CONV_OUTPUT_OFFSET, CONV_MULTIPLIERS, CONV_SHIFTS, CONV_ACT_MIN, CONV_ACT_MAX,     \
              CONV_OUT)

/* cortex_m::quantized_depthwise_conv2d.out: `scratch` arrived in 1.4.0. */
enum { DW_INPUT, DW_WEIGHT, DW_BIAS, DW_STRIDE, DW_PADDING, DW_DILATION, DW_DEPTH_MULTIPLIER, DW_INPUT_OFFSET,
       DW_OUTPUT_OFFSET, DW_MULTIPLIERS, DW_SHIFTS, DW_ACT_MIN, DW_ACT_MAX, DW_SCRATCH, DW_OUT, DW_NSLOTS };
#define DW_LAYOUTS                                                                                               \
    ET_LAYOUT("1.4.0-main", DW_INPUT, DW_WEIGHT, DW_BIAS, DW_STRIDE, DW_PADDING, DW_DILATION, DW_DEPTH_MULTIPLIER, \
              DW_INPUT_OFFSET, DW_OUTPUT_OFFSET, DW_MULTIPLIERS, DW_SHIFTS, DW_ACT_MIN, DW_ACT_MAX, DW_SCRATCH,     \
              DW_OUT),                                                                                           \
    ET_LAYOUT("1.1.0-1.3.1", DW_INPUT, DW_WEIGHT, DW_BIAS, DW_STRIDE, DW_PADDING, DW_DILATION,                    \
              DW_DEPTH_MULTIPLIER, DW_INPUT_OFFSET, DW_OUTPUT_OFFSET, DW_MULTIPLIERS, DW_SHIFTS, DW_ACT_MIN,        \
              DW_ACT_MAX, DW_OUT)

/* cortex_m::quantized_transpose_conv2d.out: since 1.2.0; `scratch` and
 * `output_scratch` arrived in 1.4.0. */
enum { TC_INPUT, TC_WEIGHT, TC_BIAS, TC_STRIDE, TC_PADDING, TC_OUTPUT_PADDING, TC_DILATION, TC_INPUT_OFFSET,
       TC_OUTPUT_OFFSET, TC_MULTIPLIERS, TC_SHIFTS, TC_ACT_MIN, TC_ACT_MAX, TC_SCRATCH, TC_OUTPUT_SCRATCH, TC_OUT,
       TC_NSLOTS };
#define TC_LAYOUTS                                                                                               \
    ET_LAYOUT("1.4.0-main", TC_INPUT, TC_WEIGHT, TC_BIAS, TC_STRIDE, TC_PADDING, TC_OUTPUT_PADDING, TC_DILATION,   \
              TC_INPUT_OFFSET, TC_OUTPUT_OFFSET, TC_MULTIPLIERS, TC_SHIFTS, TC_ACT_MIN, TC_ACT_MAX, TC_SCRATCH,      \
              TC_OUTPUT_SCRATCH, TC_OUT),                                                                         \
    ET_LAYOUT("1.2.0-1.3.1", TC_INPUT, TC_WEIGHT, TC_BIAS, TC_STRIDE, TC_PADDING, TC_OUTPUT_PADDING, TC_DILATION,  \
              TC_INPUT_OFFSET, TC_OUTPUT_OFFSET, TC_MULTIPLIERS, TC_SHIFTS, TC_ACT_MIN, TC_ACT_MAX, TC_OUT)

/* cortex_m::quantized_avg_pool2d.out: `scratch` arrived in 1.4.0 (last),
 * `ceil_mode` after 1.4.1 (after padding). */
enum { AVG_INPUT, AVG_KERNEL, AVG_STRIDE, AVG_PADDING, AVG_CEIL_MODE, AVG_ZP, AVG_MULT, AVG_SHIFT, AVG_SCRATCH,
       AVG_OUT, AVG_NSLOTS };
#define AVG_LAYOUTS                                                                                              \
    ET_LAYOUT("main", AVG_INPUT, AVG_KERNEL, AVG_STRIDE, AVG_PADDING, AVG_CEIL_MODE, AVG_ZP, AVG_MULT, AVG_SHIFT,  \
              AVG_SCRATCH, AVG_OUT),                                                                             \
    ET_LAYOUT("1.4.0-1.4.1", AVG_INPUT, AVG_KERNEL, AVG_STRIDE, AVG_PADDING, AVG_ZP, AVG_MULT, AVG_SHIFT,         \
              AVG_SCRATCH, AVG_OUT),                                                                             \
    ET_LAYOUT("1.1.0-1.3.1", AVG_INPUT, AVG_KERNEL, AVG_STRIDE, AVG_PADDING, AVG_ZP, AVG_MULT, AVG_SHIFT, AVG_OUT)

/* cortex_m::quantized_max_pool2d.out: unchanged since 1.2.0. */
enum { MAXP_INPUT, MAXP_KERNEL, MAXP_STRIDE, MAXP_PADDING, MAXP_DILATION, MAXP_CEIL_MODE, MAXP_INPUT_ZP,
       MAXP_OUTPUT_ZP, MAXP_ACT_MIN, MAXP_ACT_MAX, MAXP_OUT, MAXP_NSLOTS };
#define MAXP_LAYOUTS                                                                                             \
    ET_LAYOUT("1.2.0-main", MAXP_INPUT, MAXP_KERNEL, MAXP_STRIDE, MAXP_PADDING, MAXP_DILATION, MAXP_CEIL_MODE,    \
              MAXP_INPUT_ZP, MAXP_OUTPUT_ZP, MAXP_ACT_MIN, MAXP_ACT_MAX, MAXP_OUT)

/* cortex_m::quantized_batch_matmul.out: `scratch` arrived in 1.4.0. */
enum { BMM_LHS, BMM_LHS_ZP, BMM_RHS_T, BMM_RHS_ZP, BMM_OUT_ZP, BMM_OUT_MULT, BMM_OUT_SHIFT, BMM_SCRATCH, BMM_OUT,
       BMM_NSLOTS };
#define BMM_LAYOUTS                                                                                              \
    ET_LAYOUT("1.4.0-main", BMM_LHS, BMM_LHS_ZP, BMM_RHS_T, BMM_RHS_ZP, BMM_OUT_ZP, BMM_OUT_MULT, BMM_OUT_SHIFT,  \
              BMM_SCRATCH, BMM_OUT),                                                                             \
    ET_LAYOUT("1.2.0-1.3.1", BMM_LHS, BMM_LHS_ZP, BMM_RHS_T, BMM_RHS_ZP, BMM_OUT_ZP, BMM_OUT_MULT, BMM_OUT_SHIFT, \
              BMM_OUT)

/* cortex_m::softmax.out: unchanged since 1.1.0. */
enum { SMX_INPUT, SMX_DIM, SMX_INPUT_ZP, SMX_OUTPUT_ZP, SMX_MULT, SMX_SHIFT, SMX_DIFF_MIN, SMX_OUT, SMX_NSLOTS };
#define SOFTMAX_LAYOUTS                                                                                          \
    ET_LAYOUT("1.1.0-main", SMX_INPUT, SMX_DIM, SMX_INPUT_ZP, SMX_OUTPUT_ZP, SMX_MULT, SMX_SHIFT, SMX_DIFF_MIN,    \
              SMX_OUT)

/* cortex_m::pad.out: unchanged since 1.2.0. */
enum { PAD_INPUT, PAD_PRE, PAD_POST, PAD_VALUE, PAD_OUT, PAD_NSLOTS };
#define PAD_LAYOUTS ET_LAYOUT("1.2.0-main", PAD_INPUT, PAD_PRE, PAD_POST, PAD_VALUE, PAD_OUT)

/* cortex_m:: and quantized_decomposed::quantize_per_tensor.out:
 * unchanged.  `dtype` is the output's scalar type, which `out` carries:
 * not read. */
enum { QPT_INPUT, QPT_SCALE, QPT_ZP, QPT_QMIN, QPT_QMAX, QPT_DTYPE, QPT_OUT, QPT_NSLOTS };
#define QUANTIZE_LAYOUTS ET_LAYOUT("1.0.0-main", QPT_INPUT, QPT_SCALE, QPT_ZP, QPT_QMIN, QPT_QMAX, QPT_DTYPE, QPT_OUT)

/* dequantize_per_tensor.out: cortex_m:: unchanged; quantized_decomposed::
 * has an optional out_dtype before out.  quant_min/max and dtype describe
 * the input, which carries its type: not read (the arithmetic needs only
 * scale and zero point), nor is out_dtype (out carries it). */
enum { DQ_INPUT, DQ_SCALE, DQ_ZP, DQ_QMIN, DQ_QMAX, DQ_DTYPE, DQ_OUT_DTYPE, DQ_OUT, DQ_NSLOTS };
#define DEQUANTIZE_LAYOUTS ET_LAYOUT("1.0.0-main", DQ_INPUT, DQ_SCALE, DQ_ZP, DQ_QMIN, DQ_QMAX, DQ_DTYPE, DQ_OUT)
#define DECOMPOSED_DEQUANTIZE_LAYOUTS                                                                          \
    ET_LAYOUT("1.0.0-main", DQ_INPUT, DQ_SCALE, DQ_ZP, DQ_QMIN, DQ_QMAX, DQ_DTYPE, DQ_OUT_DTYPE, DQ_OUT)

/* cortex_m::quantized_activation.out: since 1.4.0. */
enum { ACT_INPUT, ACT_LUT, ACT_OUT, ACT_NSLOTS };
#define ACTIVATION_LAYOUTS ET_LAYOUT("1.4.0-main", ACT_INPUT, ACT_LUT, ACT_OUT)

/* cortex_m::transpose.out: unchanged since 1.1.0. */
enum { TR_INPUT, TR_PERM, TR_OUT, TR_NSLOTS };
#define TRANSPOSE_LAYOUTS ET_LAYOUT("1.1.0-main", TR_INPUT, TR_PERM, TR_OUT)

/* cortex_m::minimum.out and maximum.out: unchanged since 1.1.0. */
enum { MM_SELF, MM_OTHER, MM_OUT, MM_NSLOTS };
#define MIN_MAX_LAYOUTS ET_LAYOUT("1.1.0-main", MM_SELF, MM_OTHER, MM_OUT)

#endif
