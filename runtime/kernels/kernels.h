/* Every kernel of the runtime.  The registry (kernel_registry.c) maps
 * operator names to these functions. */
#ifndef ET_KERNELS_H
#define ET_KERNELS_H

#include "../et_kernel.h"

/* cortex_m:: (CMSIS-NN semantics, int8) */
et_err k_cortex_m_quantize_per_tensor(et_kargs *a);
et_err k_cortex_m_dequantize_per_tensor(et_kargs *a);
et_err k_cortex_m_quantized_conv2d(et_kargs *a);
et_err k_cortex_m_quantized_depthwise_conv2d(et_kargs *a);
extern const et_kernel_extra k_cortex_m_quantized_conv2d_extra, k_cortex_m_quantized_depthwise_conv2d_extra;
extern const et_kernel_extra k_clone_dim_order_extra, k_reshape_copy_extra, k_cortex_m_pad_extra,
    k_cortex_m_quantized_add_extra;
et_err k_cortex_m_quantized_transpose_conv2d(et_kargs *a);
et_err k_cortex_m_quantized_linear(et_kargs *a);
et_err k_cortex_m_quantized_add(et_kargs *a);
et_err k_cortex_m_quantized_mul(et_kargs *a);
et_err k_cortex_m_quantized_div(et_kargs *a);
et_err k_cortex_m_quantized_avg_pool2d(et_kargs *a);
et_err k_cortex_m_quantized_max_pool2d(et_kargs *a);
et_err k_cortex_m_quantized_activation(et_kargs *a);
et_err k_cortex_m_quantized_batch_matmul(et_kargs *a);
et_err k_cortex_m_pad(et_kargs *a);
et_err k_cortex_m_transpose(et_kargs *a);
et_err k_cortex_m_softmax(et_kargs *a);
et_err k_cortex_m_minimum(et_kargs *a);
et_err k_cortex_m_maximum(et_kargs *a);

/* quantized_decomposed:: */
et_err k_decomposed_quantize_per_tensor(et_kargs *a);
et_err k_decomposed_dequantize_per_tensor(et_kargs *a);
et_err k_decomposed_quantize_per_tensor_tensor(et_kargs *a);
et_err k_decomposed_dequantize_per_tensor_tensor(et_kargs *a);
et_err k_decomposed_quantize_per_channel(et_kargs *a);
et_err k_decomposed_dequantize_per_channel(et_kargs *a);

/* portable (aten::, dim_order_ops::), float32 unless noted */
et_err k_aten_add(et_kargs *a);
et_err k_aten_sub(et_kargs *a);
et_err k_aten_mul(et_kargs *a);
et_err k_aten_div(et_kargs *a);
et_err k_aten_relu(et_kargs *a);
et_err k_aten_clamp(et_kargs *a);
et_err k_aten_hardtanh(et_kargs *a);
et_err k_aten_sigmoid(et_kargs *a);
et_err k_aten_tanh(et_kargs *a);
et_err k_aten_mm(et_kargs *a);
et_err k_aten_addmm(et_kargs *a);
et_err k_aten_linear(et_kargs *a);
et_err k_aten_bmm(et_kargs *a);
et_err k_aten_gelu(et_kargs *a);
et_err k_aten_mean(et_kargs *a);
et_err k_aten_sum(et_kargs *a);
et_err k_aten_avg_pool2d(et_kargs *a);
et_err k_aten_max_pool2d_with_indices(et_kargs *a);
et_err k_aten_convolution(et_kargs *a);
et_err k_aten_native_batch_norm_no_training(et_kargs *a);
et_err k_aten_cat(et_kargs *a);            /* any dtype */
et_err k_aten_slice_copy(et_kargs *a);     /* any dtype */
et_err k_aten_select_copy(et_kargs *a);    /* any dtype */
et_err k_aten_expand_copy(et_kargs *a);    /* any dtype */
et_err k_aten_softmax(et_kargs *a);
et_err k_aten_log_softmax(et_kargs *a);
et_err k_clone_dim_order(et_kargs *a);     /* any dtype */
et_err k_to_dim_order_copy(et_kargs *a);   /* any dtype; number types convert */
et_err k_reshape_copy(et_kargs *a);        /* any dtype */
et_err k_permute_copy(et_kargs *a);        /* any dtype */

/* portable long tail (float32 unless noted) */
et_err k_aten_exp(et_kargs *a);
et_err k_aten_sqrt(et_kargs *a);
et_err k_aten_rsqrt(et_kargs *a);
et_err k_aten_hardswish(et_kargs *a);
et_err k_aten_hardsigmoid(et_kargs *a);
et_err k_aten_leaky_relu(et_kargs *a);
et_err k_aten_elu(et_kargs *a);
et_err k_aten_add_scalar(et_kargs *a);
et_err k_aten_sub_scalar(et_kargs *a);
et_err k_aten_mul_scalar(et_kargs *a);
et_err k_aten_div_scalar(et_kargs *a);
et_err k_aten_eq_tensor(et_kargs *a);      /* comparisons, where, fills, conversions: any number type */
et_err k_aten_ne_tensor(et_kargs *a);
et_err k_aten_lt_tensor(et_kargs *a);
et_err k_aten_le_tensor(et_kargs *a);
et_err k_aten_gt_tensor(et_kargs *a);
et_err k_aten_ge_tensor(et_kargs *a);
et_err k_aten_eq_scalar(et_kargs *a);
et_err k_aten_ne_scalar(et_kargs *a);
et_err k_aten_lt_scalar(et_kargs *a);
et_err k_aten_le_scalar(et_kargs *a);
et_err k_aten_gt_scalar(et_kargs *a);
et_err k_aten_ge_scalar(et_kargs *a);
et_err k_aten_where(et_kargs *a);
et_err k_aten_full(et_kargs *a);
et_err k_aten_zeros(et_kargs *a);
et_err k_aten_ones(et_kargs *a);
et_err k_aten_to_copy(et_kargs *a);
et_err k_convert_copy(et_kargs *a, et_tensor *in, et_tensor *out);  /* shared with _to_dim_order_copy */
et_err k_aten_constant_pad_nd(et_kargs *a);
et_err k_aten_adaptive_avg_pool2d(et_kargs *a);
et_err k_aten_native_layer_norm(et_kargs *a);
et_err k_aten_amax(et_kargs *a);
et_err k_aten_argmax(et_kargs *a);
et_err k_aten_embedding(et_kargs *a);
et_err k_aten_split_with_sizes_copy(et_kargs *a);
et_err k_aten_unbind_copy(et_kargs *a);
et_err k_aten_upsample_nearest2d(et_kargs *a);
et_err k_aten_upsample_bilinear2d(et_kargs *a);
et_err k_aten_index(et_kargs *a);

/* executorch_prim:: and aten:: symbolic ops (prim/prim_ops.c) */
et_err k_prim_add(et_kargs *a);
et_err k_prim_sub(et_kargs *a);
et_err k_prim_mul(et_kargs *a);
et_err k_prim_eq(et_kargs *a);
et_err k_prim_gt(et_kargs *a);
et_err k_prim_lt(et_kargs *a);
et_err k_prim_ge(et_kargs *a);
et_err k_prim_le(et_kargs *a);
et_err k_prim_floordiv(et_kargs *a);
et_err k_prim_truediv(et_kargs *a);
et_err k_prim_floordiv_int(et_kargs *a);
et_err k_prim_mod(et_kargs *a);
et_err k_prim_sym_max(et_kargs *a);
et_err k_prim_sym_min(et_kargs *a);
et_err k_prim_neg(et_kargs *a);
et_err k_prim_sym_float(et_kargs *a);
et_err k_prim_sym_int(et_kargs *a);
et_err k_prim_sym_not(et_kargs *a);
et_err k_prim_ceil(et_kargs *a);
et_err k_prim_round(et_kargs *a);
et_err k_prim_trunc(et_kargs *a);
et_err k_prim_sym_ite(et_kargs *a);
et_err k_aten_sym_size(et_kargs *a);
et_err k_aten_sym_numel(et_kargs *a);
et_err k_aten_local_scalar_dense(et_kargs *a);
et_err k_prim_et_view(et_kargs *a);
et_err k_prim_et_copy_index(et_kargs *a);

#endif
