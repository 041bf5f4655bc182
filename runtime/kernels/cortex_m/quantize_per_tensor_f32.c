/* quantize_per_tensor.out (cortex_m:: and quantized_decomposed::):
 * float32 -> int8/int16 with q = clamp(zp + round_half_even(x * (1/scale))),
 * where 1/scale is computed in float32 as the reference kernels do; a
 * Helium path for int8 (VCVTN rounds the same way). */
#include <stddef.h>
#include <stdint.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "../quant_math.h"
#include "arg_layouts.h"
#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>
#endif

#if defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 2)
/* Sixteen floats per pass: the four VCVTN results narrowed with
 * saturation to int16 (VQMOVNB/VQMOVNT, two vectors of eight), the zero
 * point added with saturation and the clamp applied there, then narrowed
 * to bytes (VMOVNB/VMOVNT) for one 16-byte store: half the integer-pipe
 * work of the four-lane loop.  Each narrowing interleaves (bottom: even
 * lanes, top: odd), so the bytes come out in element order when the
 * floats are loaded de-interleaved by four (VLD4: vector r holds
 * elements r, r + 4, r + 8, r + 12): vectors 0 and 2 make the even
 * elements, 1 and 3 the odd ones.
 * Equal to the four-lane loop after the clamp when [qmin, qmax] lies in
 * int16 and |zp| <= 32000: a value that saturates at +-32767 stays beyond
 * the clamp on its side after adding zp.  Returns how many elements it
 * did (n16, a multiple of 16). */
static inline void quantize_s16_pairs(const float *x, float inv, int16_t zp, int16x8_t *a, int16x8_t *b)
{
    const float32x4x4_t v = vld4q_f32(x);  /* v.val[r] = elements r, r + 4, r + 8, r + 12 */
    const int32x4_t q0 = vcvtnq_s32_f32(vmulq_n_f32(v.val[0], inv));
    const int32x4_t q1 = vcvtnq_s32_f32(vmulq_n_f32(v.val[1], inv));
    const int32x4_t q2 = vcvtnq_s32_f32(vmulq_n_f32(v.val[2], inv));
    const int32x4_t q3 = vcvtnq_s32_f32(vmulq_n_f32(v.val[3], inv));
    /* a: elements 0, 2, 4, 6, ...; b: 1, 3, 5, 7, ... (lane j: 2j, 2j + 1) */
    *a = vqaddq_n_s16(vqmovntq_s32(vqmovnbq_s32(vdupq_n_s16(0), q0), q2), zp);
    *b = vqaddq_n_s16(vqmovntq_s32(vqmovnbq_s32(vdupq_n_s16(0), q1), q3), zp);
}

static size_t quantize_s8_by16_mve(const float *x, int8_t *y, size_t n16, float inv, int16_t zp, int16_t qmin,
                                   int16_t qmax)
{
    int16x8_t a, b;
    if (qmin == INT8_MIN && qmax == INT8_MAX) {
        /* The whole int8 range (the usual case): the saturating narrowing
         * to bytes (VQMOVNB/VQMOVNT.S16) is the clamp, four vector
         * instructions less per sixteen elements. */
        for (size_t i = 0; i < n16; i += 16) {
            quantize_s16_pairs(x + i, inv, zp, &a, &b);
            vstrbq_s8(y + i, vqmovntq_s16(vqmovnbq_s16(vdupq_n_s8(0), a), b));
        }
        return n16;
    }
    const int16x8_t lo = vdupq_n_s16(qmin), hi = vdupq_n_s16(qmax);
    for (size_t i = 0; i < n16; i += 16) {
        quantize_s16_pairs(x + i, inv, zp, &a, &b);
        a = vminq_s16(vmaxq_s16(a, lo), hi);
        b = vminq_s16(vmaxq_s16(b, lo), hi);
        vstrbq_s8(y + i, vmovntq_s16(vmovnbq_s16(vdupq_n_s8(0), a), b));
    }
    return n16;
}
#endif

static et_err quantize(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *in = et_arg_tensor(a, QPT_INPUT), *out = et_arg_tensor(a, QPT_OUT);
    double scale = et_arg_double(a, QPT_SCALE);
    int64_t zp = et_arg_int(a, QPT_ZP), qmin = et_arg_int(a, QPT_QMIN), qmax = et_arg_int(a, QPT_QMAX);
    et_check_dtype(a, in, ET_FLOAT, "input");
    et_check_data(a, in, "input");
    et_check_data(a, out, "out");
    et_check(a, out->dtype == ET_CHAR || out->dtype == ET_SHORT || out->dtype == ET_BYTE, ET_ERR_UNSUPPORTED_DTYPE,
             "output must be int8, uint8 or int16");
    et_check(a, et_tensor_numel(in) == et_tensor_numel(out) && et_tensor_layout(in) == et_tensor_layout(out),
             ET_ERR_INVALID_ARGUMENT, "input and output sizes differ");
    et_check(a, scale > 0.0 && qmin <= qmax && qmin >= -32768 && qmax <= 65535 && zp >= -32768 && zp <= 65535,
             ET_ERR_INVALID_ARGUMENT, "bad scale, zero point or range");
    if (!a->ok)
        return et_kresult(a);
    const float inv = 1.0f / (float)scale;
    const float *x = in->data;
    size_t n = et_tensor_numel(in);
#if defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 2)
    if (out->dtype == ET_CHAR) {
        /* Helium, four floats per vector: the same float32 product, VCVTN
         * (round to nearest, ties to even, saturating, NaN -> 0), a
         * saturating add of the zero point and the clamp.  Equal to the
         * scalar loop after the clamp: the two differ before it only for
         * |x * inv| >= 2^31 - 128, which saturates either way. */
        int8_t *y = out->data;
        const int32x4_t lo = vdupq_n_s32((int32_t)qmin), hi = vdupq_n_s32((int32_t)qmax);
        size_t i = 0;
        if (zp >= -32000 && zp <= 32000 && qmin >= INT16_MIN && qmax <= INT16_MAX)
            i = quantize_s8_by16_mve(x, y, n & ~(size_t)15, inv, (int16_t)zp, (int16_t)qmin, (int16_t)qmax);
        for (; i < n; i += 4) {
            mve_pred16_t p = vctp32q((uint32_t)(n - i));
            int32x4_t q = vcvtnq_s32_f32(vmulq_n_f32(vldrwq_z_f32(x + i, p), inv));
            q = vmaxq_s32(vminq_s32(vqaddq_n_s32(q, (int32_t)zp), hi), lo);
            vstrbq_p_s32(y + i, q, p);
        }
        return ET_OK;
    }
#endif
    for (size_t i = 0; i < n; i++) {
        int64_t q = (int64_t)zp + q_round_half_even_f32(x[i] * inv);
        q = q < qmin ? qmin : (q > qmax ? qmax : q);
        if (out->dtype == ET_SHORT)
            ((int16_t *)out->data)[i] = (int16_t)q;
        else if (out->dtype == ET_BYTE)
            ((uint8_t *)out->data)[i] = (uint8_t)q;
        else
            ((int8_t *)out->data)[i] = (int8_t)q;
    }
    return ET_OK;
}

et_err k_cortex_m_quantize_per_tensor(et_kargs *a) { return quantize(a); }
et_err k_decomposed_quantize_per_tensor(et_kargs *a) { return quantize(a); }
