/* The argument lists of the portable aten:: and dim_order_ops:: kernels,
 * as named lists (et_kernel.h): one slot enum per operator family, one
 * list per schema.  Source: the out variants' schemas in
 * aten/src/ATen/native/native_functions.yaml of github.com/pytorch/pytorch
 * and kernels/portable/functions.yaml / kernels/aten/edge_dialect_aten_op.yaml
 * of github.com/pytorch/executorch (the same in every release from 1.0.0
 * to main): the inputs, then the out argument(s); the KernelCall adds the
 * return value.  An argument the kernel does not read says why. */
#ifndef ET_KERNELS_PORTABLE_ARG_LAYOUTS_H
#define ET_KERNELS_PORTABLE_ARG_LAYOUTS_H

#include "../../et_kernel.h"

extern const et_arg_layouts et_args_binary_alpha, et_args_binary, et_args_unary, et_args_clamp, et_args_leaky_relu,
    et_args_elu, et_args_gelu, et_args_mm, et_args_addmm, et_args_aten_linear, et_args_convolution,
    et_args_batch_norm, et_args_aten_softmax, et_args_reduce, et_args_aten_avg_pool2d,
    et_args_max_pool2d_with_indices, et_args_cat, et_args_slice_copy, et_args_select_copy, et_args_expand_copy,
    et_args_reshape, et_args_permute_copy, et_args_dim_order_copy, et_args_compare, et_args_where, et_args_full,
    et_args_zeros_ones, et_args_to_copy, et_args_constant_pad_nd, et_args_adaptive_avg_pool2d, et_args_layer_norm,
    et_args_amax_argmax, et_args_embedding, et_args_split_with_sizes, et_args_unbind,
    et_args_upsample_nearest2d, et_args_upsample_bilinear2d, et_args_index;

/* add.out / sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!)
 * out), mul.out / div.out(Tensor self, Tensor other, *, Tensor(a!) out);
 * add.Scalar_out / sub.Scalar_out(Tensor self, Scalar other, Scalar
 * alpha=1, *, Tensor(a!) out), mul.Scalar_out / div.Scalar_out(Tensor
 * self, Scalar other, *, Tensor(a!) out). */
enum { ABIN_SELF, ABIN_OTHER, ABIN_ALPHA, ABIN_OUT, ABIN_NSLOTS };
#define BINARY_ALPHA_LAYOUTS ET_LAYOUT("1.0.0-main", ABIN_SELF, ABIN_OTHER, ABIN_ALPHA, ABIN_OUT)
#define BINARY_LAYOUTS ET_LAYOUT("1.0.0-main", ABIN_SELF, ABIN_OTHER, ABIN_OUT)

/* relu / sigmoid / tanh / exp / sqrt / rsqrt / hardswish / hardsigmoid
 * .out(Tensor self, *, Tensor(a!) out); clamp.out(Tensor self, Scalar?
 * min=None, Scalar? max=None, *, Tensor(a!) out) and hardtanh.out(Tensor
 * self, Scalar min_val=-1, Scalar max_val=1, *, Tensor(a!) out);
 * leaky_relu.out(Tensor self, Scalar negative_slope=0.01, *, Tensor(a!)
 * out); elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar
 * input_scale=1, *, Tensor(a!) out); gelu.out(Tensor self, *, str
 * approximate='none', Tensor(a!) out). */
enum { AUN_SELF, AUN_MIN, AUN_MAX, AUN_NEGATIVE_SLOPE, AUN_ALPHA, AUN_SCALE, AUN_INPUT_SCALE, AUN_APPROXIMATE,
       AUN_OUT, AUN_NSLOTS };
#define UNARY_LAYOUTS ET_LAYOUT("1.0.0-main", AUN_SELF, AUN_OUT)
#define CLAMP_LAYOUTS ET_LAYOUT("1.0.0-main", AUN_SELF, AUN_MIN, AUN_MAX, AUN_OUT)
#define LEAKY_RELU_LAYOUTS ET_LAYOUT("1.0.0-main", AUN_SELF, AUN_NEGATIVE_SLOPE, AUN_OUT)
#define ELU_LAYOUTS ET_LAYOUT("1.0.0-main", AUN_SELF, AUN_ALPHA, AUN_SCALE, AUN_INPUT_SCALE, AUN_OUT)
#define GELU_LAYOUTS ET_LAYOUT("1.0.0-main", AUN_SELF, AUN_APPROXIMATE, AUN_OUT)

/* mm.out and bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) out). */
enum { AMM_SELF, AMM_MAT2, AMM_OUT, AMM_NSLOTS };
#define MM_LAYOUTS ET_LAYOUT("1.0.0-main", AMM_SELF, AMM_MAT2, AMM_OUT)

/* addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1,
 * Scalar alpha=1, Tensor(a!) out). */
enum { AADDMM_SELF, AADDMM_MAT1, AADDMM_MAT2, AADDMM_BETA, AADDMM_ALPHA, AADDMM_OUT, AADDMM_NSLOTS };
#define ADDMM_LAYOUTS ET_LAYOUT("1.0.0-main", AADDMM_SELF, AADDMM_MAT1, AADDMM_MAT2, AADDMM_BETA, AADDMM_ALPHA, AADDMM_OUT)

/* linear.out(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor(a!)
 * out). */
enum { ALIN_INPUT, ALIN_WEIGHT, ALIN_BIAS, ALIN_OUT, ALIN_NSLOTS };
#define ATEN_LINEAR_LAYOUTS ET_LAYOUT("1.0.0-main", ALIN_INPUT, ALIN_WEIGHT, ALIN_BIAS, ALIN_OUT)

/* convolution.out(Tensor input, Tensor weight, Tensor? bias, SymInt[]
 * stride, SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[]
 * output_padding, SymInt groups, *, Tensor(a!) out).  output_padding only
 * shapes a transposed convolution, which the kernel refuses: not read. */
enum { ACONV_INPUT, ACONV_WEIGHT, ACONV_BIAS, ACONV_STRIDE, ACONV_PADDING, ACONV_DILATION, ACONV_TRANSPOSED,
       ACONV_OUTPUT_PADDING, ACONV_GROUPS, ACONV_OUT, ACONV_NSLOTS };
#define CONVOLUTION_LAYOUTS                                                                                      \
    ET_LAYOUT("1.0.0-main", ACONV_INPUT, ACONV_WEIGHT, ACONV_BIAS, ACONV_STRIDE, ACONV_PADDING, ACONV_DILATION,   \
              ACONV_TRANSPOSED, ACONV_OUTPUT_PADDING, ACONV_GROUPS, ACONV_OUT)

/* _native_batch_norm_legit_no_training.out(Tensor input, Tensor? weight,
 * Tensor? bias, Tensor running_mean, Tensor running_var, float momentum,
 * float eps, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2); the
 * return value is the three outputs as one TensorList.  momentum only
 * updates running statistics in training: not read; out1 and out2
 * (save_mean, save_invstd) are empty in inference: not written. */
enum { ABN_INPUT, ABN_WEIGHT, ABN_BIAS, ABN_RUNNING_MEAN, ABN_RUNNING_VAR, ABN_MOMENTUM, ABN_EPS, ABN_OUT0,
       ABN_OUT1, ABN_OUT2, ABN_NSLOTS };
#define BATCH_NORM_LAYOUTS                                                                                       \
    ET_LAYOUT("1.0.0-main", ABN_INPUT, ABN_WEIGHT, ABN_BIAS, ABN_RUNNING_MEAN, ABN_RUNNING_VAR, ABN_MOMENTUM,      \
              ABN_EPS, ABN_OUT0, ABN_OUT1, ABN_OUT2)

/* _softmax.out and _log_softmax.out(Tensor self, int dim, bool
 * half_to_float, *, Tensor(a!) out).  half_to_float asks for a float16
 * input's float32 result; the kernel takes float32 only, and out carries
 * the result type: not read. */
enum { ASMX_SELF, ASMX_DIM, ASMX_HALF_TO_FLOAT, ASMX_OUT, ASMX_NSLOTS };
#define ATEN_SOFTMAX_LAYOUTS ET_LAYOUT("1.0.0-main", ASMX_SELF, ASMX_DIM, ASMX_HALF_TO_FLOAT, ASMX_OUT)

/* mean.out and sum.IntList_out(Tensor self, int[1]? dim, bool
 * keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out). */
enum { ARED_SELF, ARED_DIM, ARED_KEEPDIM, ARED_DTYPE, ARED_OUT, ARED_NSLOTS };
#define REDUCE_LAYOUTS ET_LAYOUT("1.0.0-main", ARED_SELF, ARED_DIM, ARED_KEEPDIM, ARED_DTYPE, ARED_OUT)

/* avg_pool2d.out(Tensor self, int[2] kernel_size, int[2] stride=[], int[2]
 * padding=0, bool ceil_mode=False, bool count_include_pad=True, int?
 * divisor_override=None, *, Tensor(a!) out) and
 * max_pool2d_with_indices.out(Tensor self, int[2] kernel_size, int[2]
 * stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False, *,
 * Tensor(a!) out, Tensor(b!) indices); the max pool's return value is
 * (out, indices) as one TensorList, as for every out variant with several
 * outs (exir/emit/_emitter.py, _emit_operator). */
enum { APOOL_SELF, APOOL_KERNEL_SIZE, APOOL_STRIDE, APOOL_PADDING, APOOL_DILATION, APOOL_CEIL_MODE,
       APOOL_COUNT_INCLUDE_PAD, APOOL_DIVISOR_OVERRIDE, APOOL_OUT, APOOL_INDICES, APOOL_NSLOTS };
#define ATEN_AVG_POOL2D_LAYOUTS                                                                                  \
    ET_LAYOUT("1.0.0-main", APOOL_SELF, APOOL_KERNEL_SIZE, APOOL_STRIDE, APOOL_PADDING, APOOL_CEIL_MODE,          \
              APOOL_COUNT_INCLUDE_PAD, APOOL_DIVISOR_OVERRIDE, APOOL_OUT)
#define MAX_POOL2D_WITH_INDICES_LAYOUTS                                                                          \
    ET_LAYOUT("1.0.0-main", APOOL_SELF, APOOL_KERNEL_SIZE, APOOL_STRIDE, APOOL_PADDING, APOOL_DILATION,           \
              APOOL_CEIL_MODE, APOOL_OUT, APOOL_INDICES)

/* cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out). */
enum { ACAT_TENSORS, ACAT_DIM, ACAT_OUT, ACAT_NSLOTS };
#define CAT_LAYOUTS ET_LAYOUT("1.0.0-main", ACAT_TENSORS, ACAT_DIM, ACAT_OUT)

/* slice_copy.Tensor_out(Tensor self, int dim=0, SymInt? start=None, SymInt?
 * end=None, SymInt step=1, *, Tensor(a!) out). */
enum { ASLICE_SELF, ASLICE_DIM, ASLICE_START, ASLICE_END, ASLICE_STEP, ASLICE_OUT, ASLICE_NSLOTS };
#define SLICE_COPY_LAYOUTS                                                                                       \
    ET_LAYOUT("1.0.0-main", ASLICE_SELF, ASLICE_DIM, ASLICE_START, ASLICE_END, ASLICE_STEP, ASLICE_OUT)

/* select_copy.int_out(Tensor self, int dim, SymInt index, *, Tensor(a!)
 * out). */
enum { ASEL_SELF, ASEL_DIM, ASEL_INDEX, ASEL_OUT, ASEL_NSLOTS };
#define SELECT_COPY_LAYOUTS ET_LAYOUT("1.0.0-main", ASEL_SELF, ASEL_DIM, ASEL_INDEX, ASEL_OUT)

/* expand_copy.out(Tensor self, SymInt[] size, *, bool implicit=False,
 * Tensor(a!) out).  `implicit` only marks expansions autograd inserted:
 * not read. */
enum { AEXPAND_SELF, AEXPAND_SIZE, AEXPAND_IMPLICIT, AEXPAND_OUT, AEXPAND_NSLOTS };
#define EXPAND_COPY_LAYOUTS ET_LAYOUT("1.0.0-main", AEXPAND_SELF, AEXPAND_SIZE, AEXPAND_IMPLICIT, AEXPAND_OUT)

/* view_copy.out and _unsafe_view.out(Tensor self, SymInt[] size, *,
 * Tensor(a!) out), unsqueeze_copy.out(Tensor self, int dim, *, Tensor(a!)
 * out), squeeze_copy.dims_out(Tensor self, int[] dim, *, Tensor(a!) out),
 * squeeze_copy.dim_out(Tensor self, int dim, *, Tensor(a!) out),
 * clone.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!)
 * out).  The second argument (size, dim or memory_format) describes out,
 * whose planned shape and dim order carry it (shapes are static here): not
 * read. */
enum { ARESHAPE_SELF, ARESHAPE_SHAPE, ARESHAPE_OUT, ARESHAPE_NSLOTS };
#define RESHAPE_LAYOUTS ET_LAYOUT("1.0.0-main", ARESHAPE_SELF, ARESHAPE_SHAPE, ARESHAPE_OUT)

/* permute_copy.out(Tensor self, int[] dims, *, Tensor(a!) out). */
enum { APERM_SELF, APERM_DIMS, APERM_OUT, APERM_NSLOTS };
#define PERMUTE_COPY_LAYOUTS ET_LAYOUT("1.0.0-main", APERM_SELF, APERM_DIMS, APERM_OUT)

/* dim_order_ops::_clone_dim_order.out and _to_dim_order_copy.out(Tensor
 * self, *, bool non_blocking=False, int[]? dim_order=None, Tensor(a!) out)
 * (ExecuTorch's exir/passes/dim_order_ops_registry.py).  non_blocking has
 * no meaning for one memory, and out carries dim_order: not read. */
enum { ADO_SELF, ADO_NON_BLOCKING, ADO_DIM_ORDER, ADO_OUT, ADO_NSLOTS };
#define DIM_ORDER_COPY_LAYOUTS ET_LAYOUT("1.0.0-main", ADO_SELF, ADO_NON_BLOCKING, ADO_DIM_ORDER, ADO_OUT)

/* eq / ne / lt / le / gt / ge .Tensor_out(Tensor self, Tensor other, *,
 * Tensor(a!) out) and .Scalar_out(Tensor self, Scalar other, *, Tensor(a!)
 * out). */
enum { ACMP_SELF, ACMP_OTHER, ACMP_OUT, ACMP_NSLOTS };
#define COMPARE_LAYOUTS ET_LAYOUT("1.0.0-main", ACMP_SELF, ACMP_OTHER, ACMP_OUT)

/* where.self_out(Tensor condition, Tensor self, Tensor other, *, Tensor(a!)
 * out). */
enum { AWHERE_CONDITION, AWHERE_SELF, AWHERE_OTHER, AWHERE_OUT, AWHERE_NSLOTS };
#define WHERE_LAYOUTS ET_LAYOUT("1.0.0-main", AWHERE_CONDITION, AWHERE_SELF, AWHERE_OTHER, AWHERE_OUT)

/* full.out(SymInt[] size, Scalar fill_value, *, Tensor(a!) out),
 * zeros.out and ones.out(SymInt[] size, *, Tensor(a!) out). */
enum { AFILL_SIZE, AFILL_VALUE, AFILL_OUT, AFILL_NSLOTS };
#define FULL_LAYOUTS ET_LAYOUT("1.0.0-main", AFILL_SIZE, AFILL_VALUE, AFILL_OUT)
#define ZEROS_ONES_LAYOUTS ET_LAYOUT("1.0.0-main", AFILL_SIZE, AFILL_OUT)

/* _to_copy.out(Tensor self, *, bool non_blocking=False, MemoryFormat?
 * memory_format=None, Tensor(a!) out).  non_blocking has no meaning for
 * one memory, and out carries the memory format: not read. */
enum { ATOCOPY_SELF, ATOCOPY_NON_BLOCKING, ATOCOPY_MEMORY_FORMAT, ATOCOPY_OUT, ATOCOPY_NSLOTS };
#define TO_COPY_LAYOUTS                                                                                          \
    ET_LAYOUT("1.0.0-main", ATOCOPY_SELF, ATOCOPY_NON_BLOCKING, ATOCOPY_MEMORY_FORMAT, ATOCOPY_OUT)

/* constant_pad_nd.out(Tensor self, SymInt[] pad, Scalar value=0, *,
 * Tensor(a!) out). */
enum { APAD_SELF, APAD_PAD, APAD_VALUE, APAD_OUT, APAD_NSLOTS };
#define CONSTANT_PAD_ND_LAYOUTS ET_LAYOUT("1.0.0-main", APAD_SELF, APAD_PAD, APAD_VALUE, APAD_OUT)

/* _adaptive_avg_pool2d.out(Tensor self, SymInt[2] output_size, *,
 * Tensor(a!) out). */
enum { AADAPT_SELF, AADAPT_OUTPUT_SIZE, AADAPT_OUT, AADAPT_NSLOTS };
#define ADAPTIVE_AVG_POOL2D_LAYOUTS ET_LAYOUT("1.0.0-main", AADAPT_SELF, AADAPT_OUTPUT_SIZE, AADAPT_OUT)

/* native_layer_norm.out(Tensor input, SymInt[] normalized_shape, Tensor?
 * weight, Tensor? bias, float eps, *, Tensor(a!) out0, Tensor(b!) out1,
 * Tensor(c!) out2); the return value is the three as one TensorList. */
enum { ALN_INPUT, ALN_NORMALIZED_SHAPE, ALN_WEIGHT, ALN_BIAS, ALN_EPS, ALN_OUT0, ALN_OUT1, ALN_OUT2, ALN_NSLOTS };
#define LAYER_NORM_LAYOUTS                                                                                       \
    ET_LAYOUT("1.0.0-main", ALN_INPUT, ALN_NORMALIZED_SHAPE, ALN_WEIGHT, ALN_BIAS, ALN_EPS, ALN_OUT0, ALN_OUT1,    \
              ALN_OUT2)

/* amax.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!)
 * out) and argmax.out(Tensor self, int? dim=None, bool keepdim=False, *,
 * Tensor(a!) out).  argmax's keepdim only shapes out, whose planned shape
 * carries it: not read there. */
enum { AMAX_SELF, AMAX_DIM, AMAX_KEEPDIM, AMAX_OUT, AMAX_NSLOTS };
#define AMAX_LAYOUTS ET_LAYOUT("1.0.0-main", AMAX_SELF, AMAX_DIM, AMAX_KEEPDIM, AMAX_OUT)

/* embedding.out(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool
 * scale_grad_by_freq=False, bool sparse=False, *, Tensor(a!) out).  The
 * last three only shape the gradient: not read. */
enum { AEMB_WEIGHT, AEMB_INDICES, AEMB_PADDING_IDX, AEMB_SCALE_GRAD_BY_FREQ, AEMB_SPARSE, AEMB_OUT, AEMB_NSLOTS };
#define EMBEDDING_LAYOUTS                                                                                        \
    ET_LAYOUT("1.0.0-main", AEMB_WEIGHT, AEMB_INDICES, AEMB_PADDING_IDX, AEMB_SCALE_GRAD_BY_FREQ, AEMB_SPARSE,    \
              AEMB_OUT)

/* split_with_sizes_copy.out(Tensor self, SymInt[] split_sizes, int dim=0,
 * *, Tensor(a!)[] out) and unbind_copy.int_out(Tensor self, int dim=0, *,
 * Tensor(a!)[] out). */
enum { ASPLIT_SELF, ASPLIT_SIZES, ASPLIT_DIM, ASPLIT_OUT, ASPLIT_NSLOTS };
#define SPLIT_WITH_SIZES_LAYOUTS ET_LAYOUT("1.0.0-main", ASPLIT_SELF, ASPLIT_SIZES, ASPLIT_DIM, ASPLIT_OUT)
#define UNBIND_LAYOUTS ET_LAYOUT("1.0.0-main", ASPLIT_SELF, ASPLIT_DIM, ASPLIT_OUT)

/* upsample_nearest2d.vec_out(Tensor input, SymInt[]? output_size,
 * float[]? scale_factors, *, Tensor(a!) out) and
 * upsample_bilinear2d.vec_out(Tensor input, SymInt[]? output_size, bool
 * align_corners, float[]? scale_factors, *, Tensor(a!) out).  output_size
 * is out's planned shape, which out carries: not read. */
enum { AUP_INPUT, AUP_OUTPUT_SIZE, AUP_ALIGN_CORNERS, AUP_SCALE_FACTORS, AUP_OUT, AUP_NSLOTS };
#define UPSAMPLE_NEAREST2D_LAYOUTS ET_LAYOUT("1.0.0-main", AUP_INPUT, AUP_OUTPUT_SIZE, AUP_SCALE_FACTORS, AUP_OUT)
#define UPSAMPLE_BILINEAR2D_LAYOUTS                                                                              \
    ET_LAYOUT("1.0.0-main", AUP_INPUT, AUP_OUTPUT_SIZE, AUP_ALIGN_CORNERS, AUP_SCALE_FACTORS, AUP_OUT)

/* index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out). */
enum { AIDX_SELF, AIDX_INDICES, AIDX_OUT, AIDX_NSLOTS };
#define INDEX_LAYOUTS ET_LAYOUT("1.0.0-main", AIDX_SELF, AIDX_INDICES, AIDX_OUT)

#endif
