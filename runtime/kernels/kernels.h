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
et_err k_cortex_m_quantized_linear(et_kargs *a);
et_err k_cortex_m_quantized_add(et_kargs *a);
et_err k_cortex_m_quantized_mul(et_kargs *a);
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
et_err k_to_dim_order_copy(et_kargs *a);   /* any dtype, no conversion */
et_err k_reshape_copy(et_kargs *a);        /* any dtype */
et_err k_permute_copy(et_kargs *a);        /* any dtype */

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
