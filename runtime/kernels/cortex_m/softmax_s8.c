/* cortex_m::softmax.out: int8 softmax over the last dim (CMSIS-NN
 * arm_softmax_s8, i.e. TFLite's fixed-point softmax).  The differences to
 * the row maximum are scaled into Q5.26, exponentiated in fixed point,
 * summed with 12 integer bits, and normalised by a fixed-point reciprocal.
 * The output zero point is -128 (scale 1/256). */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"

#define SUM_INTEGER_BITS 12

static void softmax_row_s8(const int8_t *in, int8_t *out, int32_t n, int32_t mult, int32_t left_shift,
                           int32_t diff_min)
{
    int32_t max = in[0];
    for (int32_t i = 1; i < n; i++)
        max = q_max_i32(max, in[i]);
    int32_t sum = 0;
    for (int32_t i = 0; i < n; i++) {
        int32_t diff = in[i] - max;
        if (diff >= diff_min) {
            int32_t scaled = q_sat_rounding_doubling_high_mul(q_wrap_i32((int64_t)diff * ((int64_t)1 << left_shift)), mult);
            sum += q_rounding_divide_by_pow2(q_exp_on_negative_values(scaled), SUM_INTEGER_BITS);
        }
    }
    /* sum = 2^headroom-normalised (1 + x): reciprocal of 1 + x, x in [0, 1). */
    int headroom = 0;
    while (headroom < 31 && !((uint32_t)sum & (0x80000000u >> headroom)))
        headroom++;
    int32_t x = (int32_t)(((uint32_t)sum << headroom) - 0x80000000u);
    int32_t reciprocal = q_one_over_one_plus_x(x);
    int bits_over_unit = SUM_INTEGER_BITS - headroom + 31 - 8;
    for (int32_t i = 0; i < n; i++) {
        int32_t diff = in[i] - max;
        if (diff >= diff_min) {
            int32_t scaled = q_sat_rounding_doubling_high_mul(q_wrap_i32((int64_t)diff * ((int64_t)1 << left_shift)), mult);
            int32_t e = q_exp_on_negative_values(scaled);
            int32_t r = q_rounding_divide_by_pow2(q_sat_rounding_doubling_high_mul(reciprocal, e), bits_over_unit);
            out[i] = q_sat_s8(r - 128);
        } else {
            out[i] = -128;
        }
    }
}

et_err k_cortex_m_softmax(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, SMX_INPUT), *out = et_arg_tensor(a, SMX_OUT);
    int64_t dim = et_arg_int(a, SMX_DIM);
    int64_t out_zp = et_arg_int(a, SMX_OUTPUT_ZP);
    int32_t mult = (int32_t)et_arg_int(a, SMX_MULT), shift = (int32_t)et_arg_int(a, SMX_SHIFT);
    int32_t diff_min = (int32_t)et_arg_int(a, SMX_DIFF_MIN);
    k_s8(a, in, "input");
    k_s8(a, out, "out");
    if (!et_check(a, in->rank >= 1 && et_tensor_same_shape(in, out), ET_ERR_INVALID_ARGUMENT,
                  "input and output shapes differ"))
        return et_kresult(a);
    et_check(a, dim == -1 || dim == in->rank - 1, ET_ERR_UNSUPPORTED, "only the last dim is supported");
    et_check(a, out_zp == -128, ET_ERR_UNSUPPORTED, "output zero point must be -128");
    /* Upstream's lowering gives shifts of 31 and 32 for input scales of
     * 16 and more; CMSIS-NN then multiplies diff by 1 << shift in 32-bit
     * registers (wrapping; a shift by 32 gives 0 on Arm), and so does
     * softmax_row_s8. */
    et_check(a, shift >= 0 && shift <= 32 && diff_min <= 0, ET_ERR_INVALID_ARGUMENT, "bad input shift or diff_min");
    et_check(a, et_tensor_layout(in) == ET_LAYOUT_CONTIGUOUS && et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS,
             ET_ERR_UNSUPPORTED_DIM_ORDER, "input and output must be contiguous");
    if (!a->ok)
        return et_kresult(a);
    int32_t row = in->sizes[in->rank - 1];
    if (row == 0)
        return ET_OK;
    size_t rows = et_tensor_numel(in) / (size_t)row;
    for (size_t r = 0; r < rows; r++)
        softmax_row_s8((const int8_t *)in->data + r * row, (int8_t *)out->data + r * row, row, mult, shift, diff_min);
    return ET_OK;
}
