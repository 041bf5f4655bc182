/* cortex_m::quantized_max_pool2d.out: int8 max pooling (CMSIS-NN
 * arm_max_pool_s8); input and output zero points must be equal. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"
#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>
#endif

et_err k_cortex_m_quantized_max_pool2d(et_kargs *a)
{
    int32_t kernel[2], stride[2], pad[2], dil[2];
    nhwc_dims id, od;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, MAXP_INPUT), *out = et_arg_tensor(a, MAXP_OUT);
    et_arg_ints(a, MAXP_KERNEL, kernel, 2);
    et_arg_ints(a, MAXP_STRIDE, stride, 2);
    et_arg_ints(a, MAXP_PADDING, pad, 2);
    et_arg_ints(a, MAXP_DILATION, dil, 2);
    bool ceil_mode = et_arg_bool(a, MAXP_CEIL_MODE);
    int64_t in_zp = et_arg_int(a, MAXP_INPUT_ZP), out_zp = et_arg_int(a, MAXP_OUTPUT_ZP);
    int32_t act_min = (int32_t)et_arg_int(a, MAXP_ACT_MIN), act_max = (int32_t)et_arg_int(a, MAXP_ACT_MAX);
    k_s8(a, in, "input");
    k_s8(a, out, "out");
    k_nhwc(a, in, "input", &id);
    k_nhwc(a, out, "out", &od);
    k_window_params(a, stride, pad, dil);
    et_check(a, in_zp == out_zp, ET_ERR_INVALID_ARGUMENT, "input and output zero points differ");
    et_check(a, kernel[0] > 0 && kernel[1] > 0 && od.c == id.c && od.n == id.n, ET_ERR_INVALID_ARGUMENT,
             "kernel size or channels do not match");
    et_check(a, od.h == k_window_out(id.h, kernel[0], stride[0], pad[0], dil[0], ceil_mode) &&
                    od.w == k_window_out(id.w, kernel[1], stride[1], pad[1], dil[1], ceil_mode),
             ET_ERR_INVALID_ARGUMENT, "output height/width do not match the pooling window");
    if (!a->ok)
        return et_kresult(a);
    const int8_t *src = in->data;
    int8_t *dst = out->data;
    for (int32_t n = 0; n < od.n; n++)
        for (int32_t oy = 0; oy < od.h; oy++)
            for (int32_t ox = 0; ox < od.w; ox++) {
#if defined(__ARM_FEATURE_MVE)
                /* Helium: 16 channels per vector, VMAX over the window, the
                 * activation clamp with VMAX/VMIN (when it is an int8 range:
                 * then it equals q_clamp), predicated store. */
                if (act_min >= -128 && act_max <= 127 && act_min <= act_max) {
                /* (the channel groups are stored at dst + c; dst moves on
                 * by a whole pixel afterwards: advancing it in the loop
                 * header, after c had moved, went backwards for C < 16 and
                 * stood still for C == 16) */
                for (int32_t c = 0; c < od.c; c += 16) {
                    mve_pred16_t pc = vctp8q((uint32_t)(od.c - c));
                    int8x16_t best = vdupq_n_s8(-128);
                    for (int32_t ky = 0; ky < kernel[0]; ky++) {
                        int32_t y = oy * stride[0] - pad[0] + ky * dil[0];
                        if (y < 0 || y >= id.h)
                            continue;
                        for (int32_t kx = 0; kx < kernel[1]; kx++) {
                            int32_t x = ox * stride[1] - pad[1] + kx * dil[1];
                            if (x >= 0 && x < id.w)
                                best = vmaxq_s8(best, vldrbq_z_s8(src + (((size_t)n * id.h + y) * id.w + x) * id.c + c, pc));
                        }
                    }
                    best = vminq_s8(vmaxq_s8(best, vdupq_n_s8((int8_t)act_min)), vdupq_n_s8((int8_t)act_max));
                    vstrbq_p_s8(dst + c, best, pc);
                }
                dst += od.c;
                continue;
                }
#endif
                for (int32_t c = 0; c < od.c; c++) {
                    int32_t best = -128;
                    for (int32_t ky = 0; ky < kernel[0]; ky++) {
                        int32_t y = oy * stride[0] - pad[0] + ky * dil[0];
                        if (y < 0 || y >= id.h)
                            continue;
                        for (int32_t kx = 0; kx < kernel[1]; kx++) {
                            int32_t x = ox * stride[1] - pad[1] + kx * dil[1];
                            if (x >= 0 && x < id.w)
                                best = q_max_i32(best, src[(((size_t)n * id.h + y) * id.w + x) * id.c + c]);
                        }
                    }
                    *dst++ = (int8_t)q_clamp(best, act_min, act_max);
                }
            }
    return ET_OK;
}
