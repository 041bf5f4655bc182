/* cortex_m::quantized_avg_pool2d.out: int8 average pooling
 * (CMSIS-NN arm_avgpool_s8).  Input and output share one quantization, so
 * the zero point, multiplier and shift arguments are not used: the result
 * is the mean of the valid window positions, rounded half away from zero. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"
#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>
#endif

static int8_t rounded_mean(int32_t sum, int32_t count)
{
    int32_t avg = sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count;
    return q_sat_s8(avg);
}

et_err k_cortex_m_quantized_avg_pool2d(et_kargs *a)
{
    int32_t kernel[2], stride[2], pad[2], dil[2] = {1, 1};
    nhwc_dims id, od;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, AVG_INPUT), *out = et_arg_tensor(a, AVG_OUT);
    et_arg_ints(a, AVG_KERNEL, kernel, 2);
    et_arg_ints(a, AVG_STRIDE, stride, 2);
    et_arg_ints(a, AVG_PADDING, pad, 2);
    /* ceil_mode arrived after 1.4.1; before, the output was floor-sized. */
    bool ceil_mode = et_arg_present(a, AVG_CEIL_MODE) && et_arg_bool(a, AVG_CEIL_MODE);
    k_s8(a, in, "input");
    k_s8(a, out, "out");
    k_nhwc(a, in, "input", &id);
    k_nhwc(a, out, "out", &od);
    k_window_params(a, stride, pad, dil);
    et_check(a, kernel[0] > 0 && kernel[1] > 0 && od.c == id.c && od.n == id.n, ET_ERR_INVALID_ARGUMENT,
             "kernel size or channels do not match");
    et_check(a, od.h == k_window_out(id.h, kernel[0], stride[0], pad[0], 1, ceil_mode) &&
                    od.w == k_window_out(id.w, kernel[1], stride[1], pad[1], 1, ceil_mode),
             ET_ERR_INVALID_ARGUMENT, "output height/width do not match the pooling window");
    if (!a->ok)
        return et_kresult(a);
    /* A window entirely in the padding has no element to average: CMSIS-NN
     * (arm_avgpool_s8) returns an argument error and upstream's kernel
     * fails, so this does too.  Rows and columns are independent. */
    bool empty = false;
    for (int32_t oy = 0; oy < od.h; oy++)
        empty |= q_min_i32(oy * stride[0] - pad[0] + kernel[0], id.h) <= q_max_i32(oy * stride[0] - pad[0], 0);
    for (int32_t ox = 0; ox < od.w; ox++)
        empty |= q_min_i32(ox * stride[1] - pad[1] + kernel[1], id.w) <= q_max_i32(ox * stride[1] - pad[1], 0);
    if (!et_check(a, !empty, ET_ERR_INVALID_ARGUMENT, "a pooling window lies entirely in the padding"))
        return et_kresult(a);
    const int8_t *src = in->data;
    int8_t *dst = out->data;
    for (int32_t n = 0; n < od.n; n++)
        for (int32_t oy = 0; oy < od.h; oy++)
            for (int32_t ox = 0; ox < od.w; ox++) {
                int32_t y0 = q_max_i32(oy * stride[0] - pad[0], 0);
                int32_t y1 = q_min_i32(oy * stride[0] - pad[0] + kernel[0], id.h);
                int32_t x0 = q_max_i32(ox * stride[1] - pad[1], 0);
                int32_t x1 = q_min_i32(ox * stride[1] - pad[1] + kernel[1], id.w);
                int32_t count = (y1 - y0) * (x1 - x0);
#if defined(__ARM_FEATURE_MVE)
                /* Helium: the window sums of 16 channels at a time in four
                 * int32 vectors (widening loads); the division stays scalar. */
                for (int32_t c0 = 0; c0 < od.c; c0 += 16) {
                    int32_t sums[16];
                    int32x4_t s4[4] = {vdupq_n_s32(0), vdupq_n_s32(0), vdupq_n_s32(0), vdupq_n_s32(0)};
                    for (int32_t y = y0; y < y1; y++)
                        for (int32_t x = x0; x < x1; x++) {
                            const int8_t *px = src + (((size_t)n * id.h + y) * id.w + x) * id.c + c0;
                            for (int32_t q = 0; q < 4; q++) {
                                int32_t left = od.c - c0 - 4 * q;
                                mve_pred16_t p = vctp32q((uint32_t)(left > 0 ? left : 0));
                                s4[q] = vaddq_s32(s4[q], vldrbq_z_s32(px + 4 * q, p));
                            }
                        }
                    for (int32_t q = 0; q < 4; q++)
                        vstrwq_s32(sums + 4 * q, s4[q]);
                    for (int32_t c = c0; c < od.c && c < c0 + 16; c++)
                        *dst++ = rounded_mean(sums[c - c0], count);
                }
                continue;
#endif
                for (int32_t c = 0; c < od.c; c++) {
                    int32_t sum = 0;
                    for (int32_t y = y0; y < y1; y++)
                        for (int32_t x = x0; x < x1; x++)
                            sum += src[(((size_t)n * id.h + y) * id.w + x) * id.c + c];
                    *dst++ = rounded_mean(sum, count);
                }
            }
    return ET_OK;
}
