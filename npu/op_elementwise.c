/* NPU_OP_ELEMENTWISE: binary ADD/SUB/MUL/MIN/MAX/SHL/SHR with IFM2 as a
 * tensor, a broadcast tensor or a scalar, and unary ABS/CLZ/LRELU
 * (ETHOSU.md 4.4), then the output stage with the global OFM scale. */
#include "npu_internal.h"

#include <stdlib.h>

#include "cmd_defs.h"

static bool is_unary(unsigned mode)
{
    return mode == EW_ABS || mode == EW_CLZ || mode == EW_LRELU;
}

/* The implicit factor 2^(input_shift-1) carried by the unscaled operand of
 * an advanced (OPA_32 / OPB_32) ADD/SUB: ETHOSU.md 4.4 [?], inferred from
 * Vela's formulae (input_shift 20 for 8-bit, 15 for 16-bit inputs, as
 * TFLite's quantized add); 32-bit inputs carry none. */
static unsigned advanced_operand_shift(unsigned ifm_bits)
{
    return ifm_bits == 8 ? 19u : ifm_bits == 16 ? 14u : 0u;
}

/* For 32-bit inputs the OFM scale's multiplier is not applied, only its
 * shift (ETHOSU.md 4.3, regor's constraint): this is what makes Vela's
 * int32 MUL (scale 2^30, shift 31) the doubling high multiply of TFLite's
 * softmax.  The one place that decides. */
static uint32_t ofm_multiplier(uint32_t scale, unsigned ifm_bits)
{
    return ifm_bits == 32 ? 1u : scale;
}

static int32_t clz32(uint32_t v)
{
    return v ? __builtin_clz(v) : 32;
}

void npu_exec_elementwise(npu_exec_t *x, unsigned mode)
{
    npu_core_t *c = x->c;
    npu_fmap_t ofm, ifm, ifm2;
    npu_out_stage_t os;
    if (mode > EW_SHL) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "elementwise mode %u is not defined", mode);
        return;
    }
    if (!npu_ofm_setup(x, &ofm) || !npu_out_stage_init(x, &os) || !npu_fmap_from_regs(x, FMAP_IFM, &ifm))
        return;
    uint16_t bc = npu_r0(c, C0_IFM2_BROADCAST);
    bool unary = is_unary(mode), scalar = BCAST_SCALAR(bc);
    ifm.h = ofm.h;
    ifm.w = ofm.w;
    ifm.c = ofm.c;
    ifm2 = ifm;
    if (!unary && !npu_fmap_from_regs(x, FMAP_IFM2, &ifm2))
        return;
    ifm2.h = BCAST_H(bc) ? 1 : ofm.h;
    ifm2.w = BCAST_W(bc) ? 1 : ofm.w;
    ifm2.c = BCAST_C(bc) ? 1 : ofm.c;
    unsigned ifm_bits = ifm.esize * 8;
    unsigned scale_mode = IFM_SCALE_MODE(npu_r0(c, C0_IFM_PRECISION));
    if ((mode == EW_ADD || mode == EW_SUB) && scale_mode == 3) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "IFM scale mode 3 is not defined");
        return;
    }
    x->info->ifm_c = (uint16_t)(ifm.c > 0xFFFF ? 0xFFFF : ifm.c);
    x->info->ifm_bits = (uint8_t)ifm_bits;

    int32_t *a = npu_fmap_alloc(x, &ifm, "IFM");
    int32_t *b = (a && !unary && !scalar) ? npu_fmap_alloc(x, &ifm2, "IFM2") : NULL;
    int32_t *out = (a && (unary || scalar || b)) ? npu_fmap_alloc(x, &ofm, "OFM") : NULL;
    if (!out || !npu_fmap_read(x, &ifm, a, FAULT_CH_IFM) || (b && !npu_fmap_read(x, &ifm2, b, FAULT_CH_IFM)))
        goto done;

    /* The scalar is 16 bits, signed when IFM2 is (ETHOSU.md 4.4). */
    uint16_t sraw = npu_r0(c, C0_IFM2_SCALAR);
    int64_t scalar_b = (ifm2.is_signed ? (int64_t)(int16_t)sraw : (int64_t)sraw) - ifm2.zero_point;
    bool order_a = BCAST_ORDER_A(bc);
    uint32_t opa = npu_r1(c, C1_OPA_SCALE), opb = npu_r1(c, C1_OPB_SCALE);
    unsigned opa_shift = npu_r1p(c, C1_OPA_SCALE) & 0x3Fu;
    unsigned ifm_round = PREC_ROUND_MODE(npu_r0(c, C0_IFM_PRECISION));
    uint32_t ofm_scale = ofm_multiplier(npu_r1(c, C1_OFM_SCALE), ifm_bits);
    unsigned ofm_shift = npu_r1p(c, C1_OFM_SCALE) & 0x3Fu;

    for (int32_t y = 0; y < ofm.h; y++) {
        for (int32_t xx = 0; xx < ofm.w; xx++) {
            for (int32_t ch = 0; ch < ofm.c; ch++) {
                size_t i = ((size_t)y * ofm.w + xx) * ofm.c + ch;
                int64_t va = (int64_t)a[i] - ifm.zero_point, vb = 0;
                if (!unary) {
                    if (scalar) {
                        vb = scalar_b;
                    } else {
                        size_t j = ((size_t)(BCAST_H(bc) ? 0 : y) * ifm2.w + (BCAST_W(bc) ? 0 : xx)) * ifm2.c +
                                   (BCAST_C(bc) ? 0 : ch);
                        vb = (int64_t)b[j] - ifm2.zero_point;
                    }
                    if (order_a) {
                        int64_t t = va;
                        va = vb;
                        vb = t;
                    }
                }
                int64_t r, scaled;
                switch (mode) {
                case EW_ADD:
                case EW_SUB:
                    if (scale_mode == 1) {
                        va = npu_apply_scale(va, opa, opa_shift, ifm_round);
                        vb *= (int64_t)1 << advanced_operand_shift(ifm_bits);
                    } else if (scale_mode == 2) {
                        vb = npu_apply_scale(vb, opa, opa_shift, ifm_round);
                        va *= (int64_t)1 << advanced_operand_shift(ifm_bits);
                    } else {
                        va *= (int64_t)(opa & 0xFFFFu);
                        vb *= (int64_t)(opb & 0xFFFFu);
                    }
                    r = mode == EW_ADD ? va + vb : va - vb;
                    scaled = npu_apply_scale(r, ofm_scale, ofm_shift, os.round_mode);
                    break;
                case EW_MUL:
                    scaled = npu_apply_scale(va * vb, ofm_scale, ofm_shift, os.round_mode);
                    break;
                case EW_MIN:
                case EW_MAX:
                    r = mode == EW_MIN ? (va < vb ? va : vb) : (va > vb ? va : vb);
                    scaled = npu_apply_scale(r, ofm_scale, ofm_shift, os.round_mode);
                    break;
                case EW_LRELU:
                    /* ETHOSU.md 4.4 [?]: only the negative side is scaled
                     * (alpha = OFM_SCALE); Vela uses it with matching
                     * IFM/OFM quantisation only. */
                    scaled = va >= 0 ? va : npu_apply_scale(va, npu_r1(c, C1_OFM_SCALE), ofm_shift, os.round_mode);
                    break;
                case EW_ABS:
                    scaled = npu_apply_scale(va < 0 ? -va : va, ofm_scale, ofm_shift, os.round_mode);
                    break;
                case EW_CLZ:
                    scaled = clz32((uint32_t)va);
                    break;
                case EW_SHL:
                    /* Shift amounts outside 0..31 are clamped [?]. */
                    scaled = (int32_t)((uint32_t)va << (vb < 0 ? 0 : vb > 31 ? 31 : vb));
                    break;
                default: /* EW_SHR: arithmetic, rounded per the OFM round mode */
                    scaled = npu_round_shift((int32_t)va, (unsigned)(vb < 0 ? 0 : vb > 31 ? 31 : vb), os.round_mode);
                    break;
                }
                out[i] = npu_out_stage_finish(&os, scaled);
            }
        }
    }
    npu_fmap_write(x, &ofm, out);
done:
    free(a);
    free(b);
    free(out);
}
