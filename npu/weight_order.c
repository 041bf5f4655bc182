/* Weight ordering: the sequence in which Vela emits an op's weights into
 * the mlw stream (ETHOSU.md 5.2), walked here in reverse to scatter the
 * decoded stream back into an OHWI tensor.  The same walk counts how many
 * values the stream must hold. */
#include "npu_internal.h"

#define IFM_UBLOCK 8u

static unsigned min_u(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

static unsigned roundup_u(unsigned v, unsigned r)
{
    return (v + r - 1) / r * r;
}

typedef struct order_params {
    unsigned bi;        /* IFM block depth */
    unsigned sub_h, sub_w;   /* sub-kernel size in undilated weights */
    unsigned r;         /* element rounding */
    unsigned uo;        /* OFM micro-block depth */
} order_params_t;

static void order_params(const npu_weight_shape_t *s, order_params_t *p)
{
    p->bi = (s->part_kernel || s->ifm16) ? 16u : 32u;
    p->sub_h = 8u / s->dil_y;
    p->sub_w = 8u / s->dil_x;
    if (s->depthwise)
        p->r = 4;
    else if (s->part_kernel)
        p->r = s->ifm16 ? 2 : 4;
    else
        p->r = 1;
    p->uo = s->ofm_ublock ? s->ofm_ublock : 8u;
}

uint64_t npu_weight_stream_count(const npu_weight_shape_t *s)
{
    order_params_t p;
    order_params(s, &p);
    unsigned bd = s->blk_depth ? s->blk_depth : 1u;
    unsigned in_depth = s->depthwise ? 1u : s->ifm_depth;
    uint64_t total = 0;
    for (unsigned ob = 0; ob < s->ofm_depth; ob += bd) {
        unsigned n_ou = (min_u(bd, s->ofm_depth - ob) + p.uo - 1) / p.uo;
        for (unsigned ib = 0; ib < in_depth; ib += (s->depthwise ? in_depth : p.bi)) {
            unsigned n_iuo = s->part_kernel && !s->depthwise ? (min_u(p.bi, in_depth - ib) + IFM_UBLOCK - 1) / IFM_UBLOCK : 1u;
            unsigned n_iui = !s->part_kernel && !s->depthwise ? p.bi / IFM_UBLOCK : 1u;
            unsigned ui = s->depthwise ? 1u : IFM_UBLOCK;
            for (unsigned sy = 0; sy < s->kh; sy += p.sub_h) {
                for (unsigned sx = 0; sx < s->kw; sx += p.sub_w) {
                    unsigned e = roundup_u(min_u(p.sub_h, s->kh - sy) * min_u(p.sub_w, s->kw - sx), p.r);
                    total += (uint64_t)e * n_iuo * n_ou * n_iui * p.uo * ui;
                }
            }
        }
    }
    return total;
}

void npu_weight_unshuffle(const npu_weight_shape_t *s, const int16_t *stream, int16_t *ohwi)
{
    order_params_t p;
    order_params(s, &p);
    unsigned bd = s->blk_depth ? s->blk_depth : 1u;
    unsigned in_depth = s->depthwise ? 1u : s->ifm_depth;
    size_t k = 0;
    for (unsigned ob = 0; ob < s->ofm_depth; ob += bd) {
        unsigned ob_depth = min_u(bd, s->ofm_depth - ob);
        for (unsigned ib = 0; ib < in_depth; ib += (s->depthwise ? in_depth : p.bi)) {
            unsigned iuo_end = s->part_kernel && !s->depthwise ? min_u(p.bi, in_depth - ib) : 1u;
            unsigned iui_end = !s->part_kernel && !s->depthwise ? p.bi : 1u;
            unsigned ui = s->depthwise ? 1u : IFM_UBLOCK;
            for (unsigned sy = 0; sy < s->kh; sy += p.sub_h) {
                for (unsigned sx = 0; sx < s->kw; sx += p.sub_w) {
                    unsigned sh = min_u(p.sub_h, s->kh - sy), sw = min_u(p.sub_w, s->kw - sx);
                    unsigned elems = sh * sw, e_end = roundup_u(elems, p.r);
                    for (unsigned iuo = 0; iuo < iuo_end; iuo += IFM_UBLOCK) {
                        for (unsigned ou = 0; ou < ob_depth; ou += p.uo) {
                            for (unsigned e = 0; e < e_end; e++) {
                                unsigned ky = sy + e / sw, kx = sx + e % sw;
                                for (unsigned iui = 0; iui < iui_end; iui += IFM_UBLOCK) {
                                    for (unsigned o = 0; o < p.uo; o++) {
                                        for (unsigned i = 0; i < ui; i++, k++) {
                                            unsigned oc = ob + ou + o, ic = ib + iuo + iui + i;
                                            if (oc < s->ofm_depth && ic < in_depth && e < elems)
                                                ohwi[(((size_t)oc * s->kh + ky) * s->kw + kx) * in_depth + ic] = stream[k];
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
