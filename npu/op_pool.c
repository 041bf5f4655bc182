/* NPU_OP_POOL: MAX, AVERAGE and REDUCE_SUM over the kernel window
 * (ETHOSU.md 4.2), then the output stage with the global OFM scale. */
#include "npu_internal.h"

#include <stdlib.h>

#include "cmd_defs.h"

/* AVERAGE in per-channel mode has no scale: ETHOSU.md 4.2 [?] says the
 * hardware then divides by the number of valid (non-padding) elements
 * itself; rounded half away from zero as TFLite's average pool does. */
static int64_t divide_by_count(int64_t sum, int64_t n)
{
    if (n <= 0)
        return 0;
    return sum >= 0 ? (sum + n / 2) / n : -((-sum + n / 2) / n);
}

void npu_exec_pool(npu_exec_t *x, unsigned mode)
{
    npu_core_t *c = x->c;
    npu_fmap_t ofm;
    npu_kernel_t k;
    npu_out_stage_t os;
    if (mode > POOL_REDUCE_SUM) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "pooling mode %u is not defined", mode);
        return;
    }
    npu_kernel_from_regs(c, &k);
    if (!npu_ofm_setup(x, &ofm) || !npu_kernel_check(x, &k) || !npu_out_stage_init(x, &os))
        return;
    /* MAX and AVERAGE work per channel; REDUCE_SUM adds the channels of
     * the IFM into OFM depth 1 (regor lowers every ReduceSum to axis C). */
    int32_t ic = mode == POOL_REDUCE_SUM ? npu_r0(c, C0_IFM_DEPTH_M1) + 1 : ofm.c;
    uint64_t work = (uint64_t)ofm.h * ofm.w * ofm.c * (uint64_t)k.kh_d * k.kw_d * (mode == POOL_REDUCE_SUM ? (uint64_t)ic : 1u);
    if (work > c->work_limit) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "pooling of %llu elements is too large", (unsigned long long)work);
        return;
    }
    npu_ifm_view_t iv;
    int32_t *in = npu_ifm_view_load(x, &k, &ofm, ic, 4, &iv);
    int32_t *out = in ? npu_fmap_alloc(x, &ofm, "OFM") : NULL;
    if (!out)
        goto done;
    bool global = OFM_SCALE_GLOBAL(npu_r0(c, C0_OFM_PRECISION));
    uint32_t scale = npu_r1(c, C1_OFM_SCALE);
    unsigned shift = npu_r1p(c, C1_OFM_SCALE) & 0x3Fu;
    for (int32_t oy = 0; oy < ofm.h; oy++) {
        for (int32_t ox = 0; ox < ofm.w; ox++) {
            for (int32_t oc = 0; oc < ofm.c; oc++) {
                int64_t acc = mode == POOL_MAX ? INT64_MIN : 0, n = 0;
                for (int32_t ky = 0; ky < k.kh_d; ky++) {
                    int32_t iy = oy * k.sy + ky - k.pt;
                    if (iy < 0 || iy >= iv.h)
                        continue;
                    for (int32_t kx = 0; kx < k.kw_d; kx++) {
                        int32_t ix = ox * k.sx + kx - k.pl;
                        if (ix < 0 || ix >= iv.w)
                            continue;
                        const int32_t *p = npu_ifm_at(&iv, iy, ix);
                        n++;
                        if (mode == POOL_REDUCE_SUM) {
                            for (int32_t ch = 0; p && ch < ic; ch++)
                                acc += p[ch];
                        } else {
                            int64_t v = p ? p[oc] : 0;   /* NULL: a zero the upscaling inserted */
                            if (mode == POOL_AVERAGE)
                                acc += v;
                            else if (v > acc)
                                acc = v;   /* MAX skips padding (ETHOSU.md 4.2 [?]: TFLite semantics) */
                        }
                    }
                }
                if (n == 0)
                    acc = 0;
                int64_t scaled;
                if (global)
                    scaled = npu_apply_scale(acc, scale, shift, os.round_mode);
                else if (mode == POOL_AVERAGE)
                    scaled = divide_by_count(acc, n);
                else
                    scaled = acc;
                out[((size_t)oy * ofm.w + ox) * ofm.c + oc] = npu_out_stage_finish(&os, scaled);
            }
        }
    }
    npu_fmap_write(x, &ofm, out);
    x->info->macs = work;
done:
    free(in);
    free(out);
}
