/* Feature-map addressing: the four tiles, strides, NHWC and NHCWB16,
 * 8/16/32-bit elements (ETHOSU.md 4.1), and the kernel geometry that
 * decides which IFM area an operation reads (4.2). */
#include "npu_internal.h"

#include <stdlib.h>
#include <string.h>

#include "cmd_defs.h"

bool npu_fmap_from_regs(npu_exec_t *x, npu_fmap_which_t which, npu_fmap_t *f)
{
    const npu_core_t *c = x->c;
    memset(f, 0, sizeof *f);
    unsigned prec, bits_code;
    switch (which) {
    case FMAP_IFM:
        f->region = REGION_OF(npu_r0(c, C0_IFM_REGION));
        for (unsigned t = 0; t < 4; t++)
            f->base[t] = npu_r1(c, C1_IFM_BASE0 + t);
        f->h0 = npu_r0(c, C0_IFM_HEIGHT0_M1) + 1;
        f->h1 = npu_r0(c, C0_IFM_HEIGHT1_M1) + 1;
        f->w0 = npu_r0(c, C0_IFM_WIDTH0_M1) + 1;
        f->stride_x = (int32_t)npu_r1(c, C1_IFM_STRIDE_X);
        f->stride_y = (int32_t)npu_r1(c, C1_IFM_STRIDE_Y);
        f->stride_c = (int32_t)npu_r1(c, C1_IFM_STRIDE_C);
        prec = npu_r0(c, C0_IFM_PRECISION);
        bits_code = IFM_PREC_BITS(prec);
        f->zero_point = npu_r0(c, C0_IFM_ZERO_POINT);
        break;
    case FMAP_IFM2:
        f->region = REGION_OF(npu_r0(c, C0_IFM2_REGION));
        for (unsigned t = 0; t < 4; t++)
            f->base[t] = npu_r1(c, C1_IFM2_BASE0 + t);
        f->h0 = npu_r0(c, C0_IFM2_HEIGHT0_M1) + 1;
        f->h1 = npu_r0(c, C0_IFM2_HEIGHT1_M1) + 1;
        f->w0 = npu_r0(c, C0_IFM2_WIDTH0_M1) + 1;
        f->stride_x = (int32_t)npu_r1(c, C1_IFM2_STRIDE_X);
        f->stride_y = (int32_t)npu_r1(c, C1_IFM2_STRIDE_Y);
        f->stride_c = (int32_t)npu_r1(c, C1_IFM2_STRIDE_C);
        prec = npu_r0(c, C0_IFM2_PRECISION);
        bits_code = IFM_PREC_BITS(prec);
        f->zero_point = npu_r0(c, C0_IFM2_ZERO_POINT);
        break;
    default:
        f->region = REGION_OF(npu_r0(c, C0_OFM_REGION));
        for (unsigned t = 0; t < 4; t++)
            f->base[t] = npu_r1(c, C1_OFM_BASE0 + t);
        f->h0 = npu_r0(c, C0_OFM_HEIGHT0_M1) + 1;
        f->h1 = npu_r0(c, C0_OFM_HEIGHT1_M1) + 1;
        f->w0 = npu_r0(c, C0_OFM_WIDTH0_M1) + 1;
        f->stride_x = (int32_t)npu_r1(c, C1_OFM_STRIDE_X);
        f->stride_y = (int32_t)npu_r1(c, C1_OFM_STRIDE_Y);
        f->stride_c = (int32_t)npu_r1(c, C1_OFM_STRIDE_C);
        prec = npu_r0(c, C0_OFM_PRECISION);
        bits_code = OFM_PREC_BITS(prec);
        f->zero_point = npu_r0(c, C0_OFM_ZERO_POINT);
        break;
    }
    static const char *const names[] = {"IFM", "IFM2", "OFM"};
    if (bits_code > 2)
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "%s precision 64-bit is not supported", names[which]);
    if (PREC_FORMAT(prec) > 1)
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "%s format %u is not NHWC or NHCWB16", names[which], PREC_FORMAT(prec));
    f->esize = 1u << bits_code;
    f->is_signed = PREC_TYPE_SIGNED(prec);
    f->brick = PREC_FORMAT_B16(prec);
    /* Zero points are 16-bit: signed for signed types, else unsigned. */
    if (f->is_signed)
        f->zero_point = (int16_t)(uint16_t)f->zero_point;
    return true;
}

/* Byte offset (from BASEP[region]) of element (y, x, ch) of the extent. */
static uint32_t fmap_offset(const npu_fmap_t *f, int32_t y, int32_t x, int32_t ch)
{
    unsigned t;
    if (x < f->w0) {
        t = y < f->h0 ? 0 : 2;
        if (t == 2)
            y -= f->h0;
    } else {
        x -= f->w0;
        t = y < f->h1 ? 1 : 3;
        if (t == 3)
            y -= f->h1;
    }
    int64_t off = (int64_t)f->base[t] + (int64_t)y * f->stride_y;
    if (f->brick)
        off += (int64_t)x * 16 * f->esize + (int64_t)(ch / 16) * f->stride_c + (int64_t)(ch % 16) * f->esize;
    else
        off += (int64_t)x * f->stride_x + (int64_t)ch * f->esize;
    return (uint32_t)off;   /* address arithmetic is 32-bit */
}

static int32_t load_elem(const uint8_t *p, unsigned esize, bool is_signed)
{
    switch (esize) {
    case 1:
        return is_signed ? (int8_t)p[0] : p[0];
    case 2: {
        uint16_t v = (uint16_t)(p[0] | p[1] << 8);
        return is_signed ? (int16_t)v : v;
    }
    default:
        return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
    }
}

static void store_elem(uint8_t *p, unsigned esize, int32_t v)
{
    uint32_t u = (uint32_t)v;
    for (unsigned i = 0; i < esize; i++)
        p[i] = (uint8_t)(u >> (8 * i));
}

int32_t *npu_fmap_alloc(npu_exec_t *x, const npu_fmap_t *f, const char *what)
{
    if (f->h <= 0 || f->w <= 0 || f->c <= 0) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "%s extent %dx%dx%d is empty", what, f->h, f->w, f->c);
        return NULL;
    }
    uint64_t n = (uint64_t)f->h * (uint64_t)f->w * (uint64_t)f->c;
    if (n > x->c->fmap_limit) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "%s extent %dx%dx%d is too large", what, f->h, f->w, f->c);
        return NULL;
    }
    int32_t *p = calloc((size_t)n, sizeof *p);
    if (!p)
        npu_fail(x, NPU_STEP_PARSE_ERROR, "%s: out of host memory", what);
    return p;
}

/* The run of channels [ch, ch+n) at (y, x) is contiguous in memory. */
static uint32_t run_length(const npu_fmap_t *f, int32_t ch)
{
    if (f->brick) {
        int32_t n = 16 - ch % 16;
        return (uint32_t)(n < f->c - ch ? n : f->c - ch);
    }
    return (uint32_t)(f->c - ch);
}

bool npu_fmap_read(npu_exec_t *x, const npu_fmap_t *f, int32_t *out, unsigned channel)
{
    uint8_t *buf = malloc((size_t)f->c * f->esize);
    if (!buf)
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "out of host memory");
    for (int32_t y = 0; y < f->h; y++) {
        for (int32_t xx = 0; xx < f->w; xx++) {
            int32_t *o = out + ((size_t)y * f->w + xx) * f->c;
            for (int32_t ch = 0; ch < f->c;) {
                uint32_t n = run_length(f, ch);
                if (!npu_mem_read(x, f->region, fmap_offset(f, y, xx, ch), buf, n * f->esize, channel)) {
                    free(buf);
                    return false;
                }
                for (uint32_t i = 0; i < n; i++)
                    o[ch + i] = load_elem(buf + i * f->esize, f->esize, f->is_signed);
                ch += (int32_t)n;
            }
        }
    }
    free(buf);
    return true;
}

bool npu_fmap_write(npu_exec_t *x, const npu_fmap_t *f, const int32_t *vals)
{
    uint8_t *buf = malloc((size_t)f->c * f->esize);
    if (!buf)
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "out of host memory");
    for (int32_t y = 0; y < f->h; y++) {
        for (int32_t xx = 0; xx < f->w; xx++) {
            const int32_t *v = vals + ((size_t)y * f->w + xx) * f->c;
            for (int32_t ch = 0; ch < f->c;) {
                uint32_t n = run_length(f, ch);
                for (uint32_t i = 0; i < n; i++)
                    store_elem(buf + i * f->esize, f->esize, v[ch + i]);
                if (!npu_mem_write(x, f->region, fmap_offset(f, y, xx, ch), buf, n * f->esize, FAULT_CH_OFM)) {
                    free(buf);
                    return false;
                }
                ch += (int32_t)n;
            }
        }
    }
    free(buf);
    x->info->ofm_elements = (uint64_t)f->h * f->w * f->c;
    return true;
}

void npu_kernel_from_regs(const npu_core_t *c, npu_kernel_t *k)
{
    uint16_t ks = npu_r0(c, C0_KERNEL_STRIDE);
    k->kh_d = npu_r0(c, C0_KERNEL_HEIGHT_M1) + 1;
    k->kw_d = npu_r0(c, C0_KERNEL_WIDTH_M1) + 1;
    k->sy = (int32_t)KSTRIDE_Y(ks);
    k->sx = (int32_t)KSTRIDE_X(ks);
    k->dy = (int32_t)KSTRIDE_DIL_Y(ks);
    k->dx = (int32_t)KSTRIDE_DIL_X(ks);
    k->pt = npu_r0(c, C0_IFM_PAD_TOP) & 0x7F;
    k->pl = npu_r0(c, C0_IFM_PAD_LEFT) & 0x7F;
    k->pb = npu_r0(c, C0_IFM_PAD_BOTTOM) & 0xFF;
    k->pr = npu_r0(c, C0_IFM_PAD_RIGHT) & 0xFF;
    k->upscale = npu_r0(c, C0_IFM_UPSCALE) & 3u;
}

bool npu_ofm_setup(npu_exec_t *x, npu_fmap_t *ofm)
{
    const npu_core_t *c = x->c;
    if (!npu_fmap_from_regs(x, FMAP_OFM, ofm))
        return false;
    ofm->h = npu_r0(c, C0_OFM_HEIGHT_M1) + 1;
    ofm->w = npu_r0(c, C0_OFM_WIDTH_M1) + 1;
    ofm->c = npu_r0(c, C0_OFM_DEPTH_M1) + 1;
    npu_op_info_t *i = x->info;
    /* 65536 does not fit the 16-bit info fields: saturate. */
    i->ofm_w = (uint16_t)(ofm->w > 0xFFFF ? 0xFFFF : ofm->w);
    i->ofm_h = (uint16_t)(ofm->h > 0xFFFF ? 0xFFFF : ofm->h);
    i->ofm_c = (uint16_t)(ofm->c > 0xFFFF ? 0xFFFF : ofm->c);
    i->ofm_bits = (uint8_t)(ofm->esize * 8);
    i->ofm_blk_h = (uint8_t)((npu_r0(c, C0_OFM_BLK_HEIGHT_M1) & 0x1F) + 1);
    i->ofm_blk_w = (uint8_t)((npu_r0(c, C0_OFM_BLK_WIDTH_M1) & 0x3F) + 1);
    i->ofm_blk_c_div8 = (uint8_t)(((npu_r0(c, C0_OFM_BLK_DEPTH_M1) & 0x7F) + 1 + 7) / 8);
    if ((uint64_t)ofm->h * ofm->w * ofm->c > c->fmap_limit)
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "OFM %dx%dx%d is too large", ofm->h, ofm->w, ofm->c);
    return true;
}

bool npu_kernel_ifm_extent(npu_exec_t *x, const npu_kernel_t *k, const npu_fmap_t *ofm, int32_t *ih, int32_t *iw)
{
    /* Rows/columns read = (out-1)*stride + dilated kernel - pads, on the
     * (upscaled) input grid (ETHOSU.md 4.2). */
    int64_t h = (int64_t)(ofm->h - 1) * k->sy + k->kh_d - k->pt - k->pb;
    int64_t w = (int64_t)(ofm->w - 1) * k->sx + k->kw_d - k->pl - k->pr;
    if (h <= 0 || w <= 0)
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "kernel reads no IFM (%lldx%lld): padding larger than the window",
                        (long long)h, (long long)w);
    if (h > 65536 || w > 65536)
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "IFM extent %lldx%lld is too large", (long long)h, (long long)w);
    *ih = (int32_t)h;
    *iw = (int32_t)w;
    x->info->kernel_h = (uint8_t)(k->kh_d > 255 ? 255 : k->kh_d);
    x->info->kernel_w = (uint8_t)(k->kw_d > 255 ? 255 : k->kw_d);
    x->info->stride_x = (uint8_t)k->sx;
    x->info->stride_y = (uint8_t)k->sy;
    return true;
}

#define MAX_KERNEL_EXTENT 256   /* dilated; beyond anything Vela emits (64 x dilation 2) */

bool npu_kernel_check(npu_exec_t *x, const npu_kernel_t *k)
{
    if (k->kh_d > MAX_KERNEL_EXTENT || k->kw_d > MAX_KERNEL_EXTENT)
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "kernel %dx%d exceeds %d", k->kh_d, k->kw_d, MAX_KERNEL_EXTENT);
    if (k->upscale == 3)
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "IFM upscale mode 3 is not defined");
    return true;
}

int32_t *npu_ifm_view_load(npu_exec_t *x, const npu_kernel_t *k, const npu_fmap_t *ofm, int32_t depth,
                           unsigned max_esize, npu_ifm_view_t *iv)
{
    npu_fmap_t ifm;
    int32_t lh, lw;
    if (!npu_fmap_from_regs(x, FMAP_IFM, &ifm) || !npu_kernel_ifm_extent(x, k, ofm, &lh, &lw))
        return NULL;
    if (ifm.esize > max_esize) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "%u-bit IFM not supported by this operation", ifm.esize * 8);
        return NULL;
    }
    if (ifm.esize == 4 && ifm.zero_point != 0) {
        /* Zero points must be 0 for 32-bit IFMs (ETHOSU.md 4.3). */
        npu_fail(x, NPU_STEP_PARSE_ERROR, "32-bit IFM with zero point %d", ifm.zero_point);
        return NULL;
    }
    /* Upscaling doubles the stored rows and columns. */
    ifm.h = k->upscale ? (lh + 1) / 2 : lh;
    ifm.w = k->upscale ? (lw + 1) / 2 : lw;
    ifm.c = depth;
    int32_t *buf = npu_fmap_alloc(x, &ifm, "IFM");
    if (!buf)
        return NULL;
    if (!npu_fmap_read(x, &ifm, buf, FAULT_CH_IFM)) {
        free(buf);
        return NULL;
    }
    size_t n = (size_t)ifm.h * ifm.w * ifm.c;
    for (size_t i = 0; i < n; i++)
        buf[i] -= ifm.zero_point;
    iv->v = buf;
    iv->h = lh;
    iv->w = lw;
    iv->c = depth;
    iv->sw = ifm.w;
    iv->upscale = k->upscale;
    iv->esize = ifm.esize;
    x->info->ifm_c = (uint16_t)(depth > 0xFFFF ? 0xFFFF : depth);
    x->info->ifm_bits = (uint8_t)(ifm.esize * 8);
    return buf;
}
