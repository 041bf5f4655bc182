/* NPU_OP_CONV and NPU_OP_DEPTHWISE: decode the op's weight stream, read
 * its IFM area and scale stream, run the reference convolution loop
 * (ETHOSU.md 4.2) and the per-channel output stage (4.3, 5.1). */
#include "npu_internal.h"

#include <stdlib.h>

#include "cmd_defs.h"

/* Decode the op's weights into OHWI (undilated kernel). */
static int16_t *load_weights(npu_exec_t *x, const npu_weight_shape_t *ws)
{
    const npu_core_t *c = x->c;
    /* Bound the tensor before walking the order: the walk's length grows
     * with it. */
    uint64_t ohwi_n = (uint64_t)ws->ofm_depth * ws->kh * ws->kw * (ws->depthwise ? 1u : ws->ifm_depth);
    uint64_t count = ohwi_n > NPU_MAX_WEIGHT_ELEMS ? 0 : npu_weight_stream_count(ws);
    if (ohwi_n > NPU_MAX_WEIGHT_ELEMS || count > NPU_MAX_WEIGHT_ELEMS) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "weight tensor of %llu values is too large", (unsigned long long)ohwi_n);
        return NULL;
    }
    uint32_t len = npu_r1(c, C1_WEIGHT_LENGTH);
    if (len > NPU_MAX_STREAM_BYTES) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "weight stream of %u bytes is too long", len);
        return NULL;
    }
    uint8_t *enc = malloc(len ? len : 1);
    int16_t *stream = calloc((size_t)count + 1, sizeof *stream);
    int16_t *ohwi = calloc((size_t)ohwi_n + 1, sizeof *ohwi);
    if (!enc || !stream || !ohwi) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "out of host memory for weights");
        goto fail;
    }
    if (!npu_mem_read(x, REGION_OF(npu_r0(c, C0_WEIGHT_REGION)), npu_r1(c, C1_WEIGHT_BASE), enc, len, FAULT_CH_WEIGHTS))
        goto fail;
    x->info->weight_bytes += len;
    size_t n = 0;
    mlw_status_t st = npu_mlw_decode(enc, len, stream, (size_t)count, &n);
    if (st != MLW_OK || n != count) {
        static const char *const why[] = {"ok", "truncated", "malformed", "longer than the op"};
        npu_fail(x, NPU_STEP_WD_FAULT, "weight stream %s: %zu of %llu values", st == MLW_OK ? "short" : why[st], n,
                 (unsigned long long)count);
        goto fail;
    }
    npu_weight_unshuffle(ws, stream, ohwi);
    free(enc);
    free(stream);
    return ohwi;
fail:
    free(enc);
    free(stream);
    free(ohwi);
    return NULL;
}

/* Per-channel bias, scale and shift: 10 bytes per OFM channel (5.1). */
typedef struct chan_scale {
    int64_t bias;
    uint32_t scale;
    unsigned shift;
} chan_scale_t;

static chan_scale_t *load_scales(npu_exec_t *x, int32_t depth)
{
    const npu_core_t *c = x->c;
    chan_scale_t *cs = calloc((size_t)depth, sizeof *cs);
    uint8_t *raw = malloc((size_t)depth * 10);
    if (!cs || !raw) {
        free(cs);
        free(raw);
        npu_fail(x, NPU_STEP_PARSE_ERROR, "out of host memory for scales");
        return NULL;
    }
    bool global = OFM_SCALE_GLOBAL(npu_r0(c, C0_OFM_PRECISION));
    if (global) {
        /* Global mode: OFM_SCALE for every channel, no bias. */
        for (int32_t i = 0; i < depth; i++) {
            cs[i].scale = npu_r1(c, C1_OFM_SCALE);
            cs[i].shift = npu_r1p(c, C1_OFM_SCALE) & 0x3Fu;
        }
        free(raw);
        return cs;
    }
    uint32_t len = (uint32_t)depth * 10;
    if (!npu_mem_read(x, REGION_OF(npu_r0(c, C0_SCALE_REGION)), npu_r1(c, C1_SCALE_BASE), raw, len, FAULT_CH_SCALE)) {
        free(cs);
        free(raw);
        return NULL;
    }
    x->info->weight_bytes += len;
    for (int32_t i = 0; i < depth; i++) {
        const uint8_t *p = raw + (size_t)i * 10;
        uint64_t b = 0;
        for (int j = 4; j >= 0; j--)
            b = b << 8 | p[j];
        cs[i].bias = (int64_t)(b << 24) >> 24;   /* sign-extend 40 bits */
        cs[i].scale = (uint32_t)p[5] | (uint32_t)p[6] << 8 | (uint32_t)p[7] << 16 | (uint32_t)p[8] << 24;
        cs[i].shift = p[9] & 0x3Fu;
    }
    free(raw);
    return cs;
}

void npu_exec_conv(npu_exec_t *x, bool depthwise)
{
    npu_core_t *c = x->c;
    npu_fmap_t ofm;
    npu_kernel_t k;
    npu_out_stage_t os;
    npu_kernel_from_regs(c, &k);
    if (!npu_ofm_setup(x, &ofm) || !npu_kernel_check(x, &k) || !npu_out_stage_init(x, &os))
        return;
    int32_t ci = depthwise ? ofm.c : npu_r0(c, C0_IFM_DEPTH_M1) + 1;
    int32_t kh = (k.kh_d - 1) / k.dy + 1, kw = (k.kw_d - 1) / k.dx + 1;
    uint64_t macs = (uint64_t)ofm.h * ofm.w * ofm.c * kh * kw * (depthwise ? 1u : (uint64_t)ci);
    if (macs > c->work_limit) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "operation of %llu MACs is too large", (unsigned long long)macs);
        return;
    }
    npu_ifm_view_t iv;
    /* The MAC array takes 8- and 16-bit activations only. */
    int32_t *ifm_buf = npu_ifm_view_load(x, &k, &ofm, ci, 2, &iv);
    if (!ifm_buf)
        return;
    unsigned ifm_bits = iv.esize * 8;
    npu_weight_shape_t ws = {
        .ofm_depth = (unsigned)ofm.c, .ifm_depth = (unsigned)ci, .kh = (unsigned)kh, .kw = (unsigned)kw,
        .dil_y = (unsigned)k.dy, .dil_x = (unsigned)k.dx,
        .blk_depth = (npu_r0(c, C0_OFM_BLK_DEPTH_M1) & 0x7Fu) + 1,
        .ofm_ublock = c->cfg.macs_per_cycle <= 32 ? 4u : 8u,
        .depthwise = depthwise,
        .part_kernel = KSTRIDE_PART_KERNEL(npu_r0(c, C0_KERNEL_STRIDE)),
        .ifm16 = ifm_bits == 16,
    };
    int16_t *w = load_weights(x, &ws);
    chan_scale_t *cs = w ? load_scales(x, ofm.c) : NULL;
    int32_t *out = cs ? npu_fmap_alloc(x, &ofm, "OFM") : NULL;
    if (out) {
        int32_t wi = depthwise ? 1 : ci;
        for (int32_t oy = 0; oy < ofm.h; oy++) {
            for (int32_t ox = 0; ox < ofm.w; ox++) {
                int32_t *o = out + ((size_t)oy * ofm.w + ox) * ofm.c;
                for (int32_t oc = 0; oc < ofm.c; oc++) {
                    int64_t acc = 0;
                    for (int32_t ky = 0; ky < kh; ky++) {
                        int32_t iy = oy * k.sy + ky * k.dy - k.pt;
                        if (iy < 0 || iy >= iv.h)
                            continue;
                        for (int32_t kx = 0; kx < kw; kx++) {
                            int32_t ix = ox * k.sx + kx * k.dx - k.pl;
                            if (ix < 0 || ix >= iv.w)
                                continue;
                            const int32_t *src = npu_ifm_at(&iv, iy, ix);
                            if (!src)
                                continue;
                            const int16_t *wk = w + (((size_t)oc * kh + ky) * kw + kx) * wi;
                            if (depthwise) {
                                acc += (int64_t)src[oc] * wk[0];
                            } else {
                                for (int32_t ic = 0; ic < ci; ic++)
                                    acc += (int64_t)src[ic] * wk[ic];
                            }
                        }
                    }
                    int64_t scaled = npu_apply_scale(acc + cs[oc].bias, cs[oc].scale, cs[oc].shift, os.round_mode);
                    o[oc] = npu_out_stage_finish(&os, scaled);
                }
            }
        }
        npu_fmap_write(x, &ofm, out);
        x->info->macs = macs;
    }
    free(out);
    free(cs);
    free(w);
    free(ifm_buf);
}
