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

#if defined(__ARM_FEATURE_MVE)
/* Window sums of 8 channels per int16 vector: at most 256 int8 values
 * (|sum| <= 256 * 128 = 2^15) cannot leave int16, so the loads widen only
 * to int16 (VLDRB.S16, 8 channels) and one VADD adds 8 channels.  16
 * channels per pass over the window (predicated loads only for a last
 * pass of fewer); the division stays scalar, per channel. */
#define AVG_INT16_COUNT 256

static void avg_window_sums_mve(const int8_t *win, int32_t rows, int32_t cols, int32_t row_stride, int32_t ch,
                                int8_t *dst, int32_t count)
{
    for (int32_t c0 = 0; c0 < ch; c0 += 16) {
        int16x8_t s0 = vdupq_n_s16(0), s1 = vdupq_n_s16(0);
        const int8_t *row = win + c0;
        if (ch - c0 >= 16) {
            for (int32_t y = 0; y < rows; y++, row += row_stride) {
                const int8_t *px = row;
                for (int32_t x = 0; x < cols; x++, px += ch) {
                    s0 = vaddq_s16(s0, vldrbq_s16(px));
                    s1 = vaddq_s16(s1, vldrbq_s16(px + 8));
                }
            }
        } else {
            const mve_pred16_t p0 = vctp16q((uint32_t)(ch - c0)), p1 = vctp16q((uint32_t)q_max_i32(ch - c0 - 8, 0));
            for (int32_t y = 0; y < rows; y++, row += row_stride) {
                const int8_t *px = row;
                for (int32_t x = 0; x < cols; x++, px += ch) {
                    s0 = vaddq_s16(s0, vldrbq_z_s16(px, p0));
                    s1 = vaddq_s16(s1, vldrbq_z_s16(px + 8, p1));
                }
            }
        }
        int16_t sums[16];
        vst1q_s16(sums, s0);
        vst1q_s16(sums + 8, s1);
        for (int32_t c = c0; c < ch && c < c0 + 16; c++)
            dst[c] = rounded_mean(sums[c - c0], count);
    }
}
#endif

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
                if (count <= AVG_INT16_COUNT) {
                    const int8_t *win = src + (((size_t)n * id.h + y0) * id.w + x0) * id.c;
                    avg_window_sums_mve(win, y1 - y0, x1 - x0, id.w * id.c, id.c, dst, count);
                    dst += od.c;
                    continue;
                }
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
