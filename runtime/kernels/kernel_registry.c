/* Operator name -> kernel.  A constant table in flash: adding a kernel is
 * one line here plus its file (see runtime/README.md). */
#include <string.h>

#include "kernels.h"

static const et_kernel_entry kernels[] = {
    {"cortex_m::quantize_per_tensor.out", k_cortex_m_quantize_per_tensor},
    {"cortex_m::dequantize_per_tensor.out", k_cortex_m_dequantize_per_tensor},
    {"cortex_m::quantized_conv2d.out", k_cortex_m_quantized_conv2d},
    {"cortex_m::quantized_depthwise_conv2d.out", k_cortex_m_quantized_depthwise_conv2d},
    {"cortex_m::quantized_linear.out", k_cortex_m_quantized_linear},
    {"cortex_m::quantized_add.out", k_cortex_m_quantized_add},
    {"cortex_m::quantized_mul.out", k_cortex_m_quantized_mul},
    {"cortex_m::quantized_avg_pool2d.out", k_cortex_m_quantized_avg_pool2d},
    {"cortex_m::quantized_max_pool2d.out", k_cortex_m_quantized_max_pool2d},
    {"cortex_m::quantized_activation.out", k_cortex_m_quantized_activation},
    {"cortex_m::quantized_batch_matmul.out", k_cortex_m_quantized_batch_matmul},
    {"cortex_m::pad.out", k_cortex_m_pad},
    {"cortex_m::transpose.out", k_cortex_m_transpose},
    {"cortex_m::softmax.out", k_cortex_m_softmax},
    {"cortex_m::minimum.out", k_cortex_m_minimum},
    {"cortex_m::maximum.out", k_cortex_m_maximum},
    {"quantized_decomposed::quantize_per_tensor.out", k_decomposed_quantize_per_tensor},
    {"quantized_decomposed::dequantize_per_tensor.out", k_decomposed_dequantize_per_tensor},
    {"aten::add.out", k_aten_add},
    {"aten::sub.out", k_aten_sub},
    {"aten::mul.out", k_aten_mul},
    {"aten::div.out", k_aten_div},
    {"aten::relu.out", k_aten_relu},
    {"aten::clamp.out", k_aten_clamp},
    {"aten::hardtanh.out", k_aten_hardtanh},
    {"aten::sigmoid.out", k_aten_sigmoid},
    {"aten::tanh.out", k_aten_tanh},
    {"aten::mm.out", k_aten_mm},
    {"aten::addmm.out", k_aten_addmm},
    {"aten::linear.out", k_aten_linear},
    {"aten::_softmax.out", k_aten_softmax},
    {"aten::_log_softmax.out", k_aten_log_softmax},
    {"aten::view_copy.out", k_reshape_copy},
    {"aten::_unsafe_view.out", k_reshape_copy},
    {"aten::unsqueeze_copy.out", k_reshape_copy},
    {"aten::squeeze_copy.dims_out", k_reshape_copy},
    {"aten::squeeze_copy.dim_out", k_reshape_copy},
    {"aten::clone.out", k_reshape_copy},
    {"aten::permute_copy.out", k_permute_copy},
    {"dim_order_ops::_clone_dim_order.out", k_clone_dim_order},
    {"dim_order_ops::_to_dim_order_copy.out", k_to_dim_order_copy},
};

const et_kernel_entry *et_kernel_table(uint32_t *count)
{
    *count = sizeof kernels / sizeof kernels[0];
    return kernels;
}

const et_kernel_entry *et_kernel_lookup(const char *name, uint32_t name_len, const char *overload,
                                        uint32_t overload_len)
{
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        const char *k = kernels[i].name;
        size_t klen = strlen(k);
        /* key = name + "." + overload, or just name when overload is empty */
        size_t want = name_len + (overload_len ? 1 + overload_len : 0);
        if (klen != want || memcmp(k, name, name_len) != 0)
            continue;
        if (overload_len == 0 || (k[name_len] == '.' && memcmp(k + name_len + 1, overload, overload_len) == 0))
            return &kernels[i];
    }
    return NULL;
}
