/* Weight ordering beyond the hand-sized cases: kernels over 8x8 (several
 * sub-kernels), dilation, 16-bit IFMs, IFM depths past one IFM block,
 * several OFM blocks, every MAC configuration.  The test writes the
 * stream in the order of ETHOSU.md 5.2's pseudo-code (transcribed here
 * line by line, emitting forwards), encodes it raw, runs the op and
 * compares every output with a direct convolution. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "op_env.h"
#include "../../npu/cmd_defs.h"

typedef struct conv_case {
    unsigned macs;
    bool depthwise, part_kernel, ifm16;
    unsigned ih, iw, ic, oc, kh, kw, dil, stride, pad_t, pad_l, pad_b, pad_r, bd;
} conv_case_t;

static unsigned umin(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

/* ETHOSU.md 5.2, emitting forwards; returns the count. */
static size_t emit_stream(const conv_case_t *k, const int16_t *w, int16_t *out, size_t cap)
{
    unsigned O = k->oc, I = k->depthwise ? 1 : k->ic, Bd = k->bd;
    unsigned Uo = k->macs == 32 ? 4 : 8, Ui = 8;
    unsigned Bi = (k->part_kernel || k->ifm16) ? 16 : 32;
    unsigned subh = 8 / k->dil, subw = 8 / k->dil;
    unsigned R = k->depthwise ? 4 : k->part_kernel ? (k->ifm16 ? 2 : 4) : 1;
    size_t n = 0;
    for (unsigned ob = 0; ob < O; ob += Bd)
        for (unsigned ib = 0; ib < I; ib += (k->depthwise ? I : Bi))
            for (unsigned sy = 0; sy < k->kh; sy += subh)
                for (unsigned sx = 0; sx < k->kw; sx += subw) {
                    unsigned sh = umin(subh, k->kh - sy), sw = umin(subw, k->kw - sx);
                    unsigned E = (sh * sw + R - 1) / R * R;
                    unsigned iuo_end = (k->part_kernel && !k->depthwise) ? umin(Bi, I - ib) : 1;
                    for (unsigned iuo = 0; iuo < iuo_end; iuo += Ui)
                        for (unsigned ou = 0; ou < umin(Bd, O - ob); ou += Uo)
                            for (unsigned e = 0; e < E; e++) {
                                unsigned ky = sy + e / sw, kx = sx + e % sw;
                                unsigned iui_end = (!k->part_kernel && !k->depthwise) ? Bi : 1;
                                for (unsigned iui = 0; iui < iui_end; iui += Ui)
                                    for (unsigned o = 0; o < Uo; o++)
                                        for (unsigned i = 0; i < (k->depthwise ? 1 : Ui); i++) {
                                            unsigned oc = ob + ou + o, ic = ib + iuo + iui + i;
                                            cr_assert_lt(n, cap);
                                            out[n++] = (oc < O && ic < I && e < sh * sw)
                                                           ? w[((oc * k->kh + ky) * k->kw + kx) * I + ic]
                                                           : 0;
                                        }
                            }
                }
    return n;
}

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void run_case(const conv_case_t *k)
{
    op_env_t e;
    env_init(&e, k->macs);
    unsigned bits = k->ifm16 ? 16 : 8, I = k->depthwise ? 1 : k->ic;
    unsigned khd = k->dil * (k->kh - 1) + 1, kwd = k->dil * (k->kw - 1) + 1;
    unsigned oh = (k->ih + k->pad_t + k->pad_b - khd) / k->stride + 1;
    unsigned ow = (k->iw + k->pad_l + k->pad_r - kwd) / k->stride + 1;
    /* The NPU reads (out-1)*stride + kernel - pads rows and columns; the
     * case must pad so that this is the whole IFM, as Vela does. */
    cr_assert_eq((oh - 1) * k->stride + khd - k->pad_t - k->pad_b, k->ih);
    cr_assert_eq((ow - 1) * k->stride + kwd - k->pad_l - k->pad_r, k->iw);
    fm_t in = {.region = 1, .base = 0, .h = k->ih, .w = k->iw, .c = k->ic, .bits = bits, .is_signed = true, .zp = 0};
    fm_t out = {.region = 1, .base = 0x8000, .h = oh, .w = ow, .c = k->oc, .bits = 16, .is_signed = true, .brick = true};
    uint32_t seed = k->ih * 131u + k->ic * 7u + k->macs;
    for (unsigned y = 0; y < in.h; y++)
        for (unsigned x = 0; x < in.w; x++)
            for (unsigned c = 0; c < in.c; c++)
                env_put(&e, &in, y, x, c, (int32_t)(lcg(&seed) % (bits == 8 ? 256 : 4096)) - (bits == 8 ? 128 : 2048));
    size_t nw = (size_t)k->oc * k->kh * k->kw * I;
    int16_t *w = malloc(nw * sizeof *w);
    for (size_t i = 0; i < nw; i++)
        w[i] = (int16_t)((int32_t)(lcg(&seed) % 511) - 255);
    size_t cap = 1u << 20;
    int16_t *stream = calloc(cap, sizeof *stream);
    size_t n = emit_stream(k, w, stream, cap);
    size_t wlen = mlw_encode_raw(stream, n, e.cst + 0x1000, ENV_MEM_SIZE - 0x1000);
    /* Scales: bias 100 o, multiplier 2^30, shift 36: (acc + bias) / 64, NATURAL. */
    for (unsigned o = 0; o < k->oc; o++)
        scale_entry(e.cst + 10 * o, 100 * (int)o, 1u << 30, 36);
    env_ifm(&e, &in);
    env_ofm(&e, &out, false, ROUND_NATURAL);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, (uint16_t)(khd - 1));
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, (uint16_t)(kwd - 1));
    unsigned s = k->stride - 1;
    uint16_t ks = (uint16_t)((s & 1) | (s & 1) << 1 | (k->part_kernel ? 4 : 0) | (k->dil == 2 ? 0x18 : 0) |
                             ((s >> 1) & 1) << 6 | ((s >> 1) & 1) << 9);
    nt_cmd0(&e.st, C0_KERNEL_STRIDE, ks);
    nt_cmd0(&e.st, C0_IFM_PAD_TOP, (uint16_t)k->pad_t);
    nt_cmd0(&e.st, C0_IFM_PAD_LEFT, (uint16_t)k->pad_l);
    nt_cmd0(&e.st, C0_IFM_PAD_BOTTOM, (uint16_t)k->pad_b);
    nt_cmd0(&e.st, C0_IFM_PAD_RIGHT, (uint16_t)k->pad_r);
    nt_cmd0(&e.st, C0_OFM_BLK_DEPTH_M1, (uint16_t)(k->bd - 1));
    nt_cmd0(&e.st, C0_WEIGHT_REGION, 0);
    nt_cmd1(&e.st, C1_WEIGHT_BASE, 0, 0x1000);
    nt_cmd1(&e.st, C1_WEIGHT_LENGTH, 0, (uint32_t)wlen);
    nt_cmd0(&e.st, C0_SCALE_REGION, 0);
    nt_cmd1(&e.st, C1_SCALE_BASE, 0, 0);
    nt_cmd0(&e.st, k->depthwise ? OP_DEPTHWISE : OP_CONV, 0);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    for (unsigned oy = 0; oy < oh; oy++)
        for (unsigned ox = 0; ox < ow; ox++)
            for (unsigned o = 0; o < k->oc; o++) {
                int64_t acc = 100 * (int)o;
                for (unsigned ky = 0; ky < k->kh; ky++)
                    for (unsigned kx = 0; kx < k->kw; kx++) {
                        int iy = (int)(oy * k->stride + ky * k->dil) - (int)k->pad_t;
                        int ix = (int)(ox * k->stride + kx * k->dil) - (int)k->pad_l;
                        if (iy < 0 || ix < 0 || iy >= (int)k->ih || ix >= (int)k->iw)
                            continue;
                        for (unsigned i = 0; i < I; i++) {
                            unsigned ic = k->depthwise ? o : i;
                            acc += (int64_t)env_get(&e, &in, (unsigned)iy, (unsigned)ix, ic) *
                                   w[((o * k->kh + ky) * k->kw + kx) * I + i];
                        }
                    }
                int64_t want = (acc + 32) >> 6;
                want = want > 32767 ? 32767 : want < -32768 ? -32768 : want;
                cr_assert_eq(env_get(&e, &out, oy, ox, o), want, "(%u,%u,%u) got %d want %lld", oy, ox, o, env_get(&e, &out, oy, ox, o), (long long)want);
            }
    free(w);
    free(stream);
    env_fini(&e);
}

/* 9x10 kernel (four sub-kernels), 40 IFM channels (two depth-first IFM
 * blocks, the second padded to 32), 20 OFM channels in blocks of 16. */
Test(npu_weights, depth_first_big_kernel)
{
    const unsigned macs[] = {32, 64, 128, 256};
    for (size_t m = 0; m < 4; m++) {
        conv_case_t k = {.macs = macs[m], .ih = 6, .iw = 7, .ic = 40, .oc = 20, .kh = 9, .kw = 10, .dil = 1,
                         .stride = 1, .pad_t = 4, .pad_l = 4, .pad_b = 4, .pad_r = 5, .bd = 16};
        run_case(&k);
    }
}

/* 16-bit IFM, part-kernel-first (9 elements rounded to 10), dilation 2,
 * stride 2, 3x3 kernel. */
Test(npu_weights, part_kernel_int16_dilated)
{
    conv_case_t k = {.macs = 128, .part_kernel = true, .ifm16 = true, .ih = 9, .iw = 11, .ic = 20, .oc = 10,
                     .kh = 3, .kw = 3, .dil = 2, .stride = 2, .pad_t = 2, .pad_l = 2, .pad_b = 2, .pad_r = 2, .bd = 8};
    run_case(&k);
    k.macs = 32;
    run_case(&k);
    k.part_kernel = false;   /* depth-first with 16-bit: IFM blocks of 16 */
    run_case(&k);
}

/* DEPTHWISE, 10x10 kernel (sub-kernels), 8-bit and 16-bit, 24 channels
 * in OFM blocks of 16, stride 3. */
Test(npu_weights, depthwise_big_kernel)
{
    conv_case_t k = {.macs = 256, .depthwise = true, .ih = 12, .iw = 13, .ic = 24, .oc = 24, .kh = 10, .kw = 10,
                     .dil = 1, .stride = 3, .pad_t = 4, .pad_l = 4, .pad_b = 3, .pad_r = 2, .bd = 16};
    run_case(&k);
    k.ifm16 = true;
    k.macs = 32;
    run_case(&k);
}
