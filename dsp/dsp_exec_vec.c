/* Semantics of the vector ALU, shuffle, compare and move operations. */
#include "dsp_exec.h"
#include "dsp_internal.h"
#include "dsp_lanes.h"

#define VA c->in.v[op->x[1]]
#define VB c->in.v[op->x[2]]
#define VSET(val) (c->st.v[op->x[0]] = (val))

/* Saturation sets the sticky OVF register. */
static int64_t sat_ovf(struct dsp_core *c, int64_t x, int64_t lo, int64_t hi)
{
    if (x < lo || x > hi)
        c->sr[DSP_SR_OVF] = 1;
    return sat(x, lo, hi);
}

#define LANEWISE(name, n, get, put, expr) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) \
    { \
        uint64_t r = 0, va = VA, vb = VB; \
        for (int i = 0; i < n; i++) { \
            int64_t a = get(va, i), b = get(vb, i); \
            (void)b; \
            r = put(r, i, (expr)); \
        } \
        VSET(r); \
    }

LANEWISE(vadd_b, 8, lane_b, put_b, a + b)
LANEWISE(vsub_b, 8, lane_b, put_b, a - b)
LANEWISE(vadd_h, 4, lane_h, put_h, a + b)
LANEWISE(vsub_h, 4, lane_h, put_h, a - b)
LANEWISE(vadd_w, 2, lane_w, put_w, a + b)
LANEWISE(vsub_w, 2, lane_w, put_w, a - b)
LANEWISE(vadd_h_s, 4, lane_h, put_h, sat_ovf(c, a + b, INT16_MIN, INT16_MAX))
LANEWISE(vsub_h_s, 4, lane_h, put_h, sat_ovf(c, a - b, INT16_MIN, INT16_MAX))
LANEWISE(vadd_w_s, 2, lane_w, put_w, sat_ovf(c, a + b, INT32_MIN, INT32_MAX))
LANEWISE(vsub_w_s, 2, lane_w, put_w, sat_ovf(c, a - b, INT32_MIN, INT32_MAX))
/* Halving add / subtract: (a +- b) >> 1 without overflow (floor). */
LANEWISE(vaddh_w, 2, lane_w, put_w, (a + b) >> 1)
LANEWISE(vsubh_w, 2, lane_w, put_w, (a - b) >> 1)
LANEWISE(vmin_h, 4, lane_h, put_h, a < b ? a : b)
LANEWISE(vmax_h, 4, lane_h, put_h, a > b ? a : b)
LANEWISE(vmin_w, 2, lane_w, put_w, a < b ? a : b)
LANEWISE(vmax_w, 2, lane_w, put_w, a > b ? a : b)

void ex_vand(struct dsp_core *c, const struct dsp_op *op) { VSET(VA & VB); }
void ex_vor(struct dsp_core *c, const struct dsp_op *op) { VSET(VA | VB); }
void ex_vxor(struct dsp_core *c, const struct dsp_op *op) { VSET(VA ^ VB); }

/* Shifts by a scalar register: the amount's low 4 (h) or 5 (w) bits. */
#define SHIFT(name, n, get, put, bits, expr) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) \
    { \
        uint64_t r = 0, va = VA; \
        unsigned s = dsp_rd_r(c, op->x[2]) & (bits - 1); \
        for (int i = 0; i < n; i++) { \
            int64_t a = get(va, i); \
            r = put(r, i, (expr)); \
        } \
        VSET(r); \
    }
SHIFT(vsra_h, 4, lane_h, put_h, 16, a >> s)
SHIFT(vsra_w, 2, lane_w, put_w, 32, a >> s)
SHIFT(vsll_h, 4, lane_h, put_h, 16, (int64_t)((uint64_t)a << s))
SHIFT(vsll_w, 2, lane_w, put_w, 32, (int64_t)((uint64_t)a << s))
/* Rounding arithmetic shift right: (a + 2^(s-1)) >> s. */
SHIFT(vrsra_w, 2, lane_w, put_w, 32, s ? (a + ((int64_t)1 << (s - 1))) >> s : a)

void ex_vget_w(struct dsp_core *c, const struct dsp_op *op) { dsp_wr_r(c, op->x[0], (uint32_t)lane_w(VA, (int)op->x[2])); }
void ex_vset_w(struct dsp_core *c, const struct dsp_op *op)
{
    VSET(put_w(c->in.v[op->x[0]], (int)op->x[2], dsp_rd_r(c, op->x[1])));
}
void ex_vbcast_w(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t w = dsp_rd_r(c, op->x[1]);
    VSET(w | w << 32);
}
/* vsel vD, vA, pK: byte i of vD becomes byte i of vA where bit i of pK is set. */
void ex_vsel(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t d = c->in.v[op->x[0]], a = VA;
    uint8_t p = c->in.p[op->x[2]];
    for (int i = 0; i < 8; i++)
        if (p >> i & 1)
            d = put_b(d, i, lane_b(a, i));
    VSET(d);
}

/* Compares set one predicate bit per byte of each true lane. */
#define CMP(name, n, get, cond) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) \
    { \
        uint8_t p = 0; \
        unsigned per = 8 / n; \
        for (int i = 0; i < n; i++) \
            if (get(VA, i) cond get(VB, i)) \
                p |= (uint8_t)(((1u << per) - 1) << (per * (unsigned)i)); \
        c->st.p[op->x[0]] = p; \
    }
CMP(vcmp_eq_h, 4, lane_h, ==)
CMP(vcmp_lt_h, 4, lane_h, <)
CMP(vcmp_eq_w, 2, lane_w, ==)
CMP(vcmp_lt_w, 2, lane_w, <)

void ex_vmov(struct dsp_core *c, const struct dsp_op *op) { VSET(VA); }
void ex_vswap_w(struct dsp_core *c, const struct dsp_op *op) { VSET(VA >> 32 | VA << 32); }
void ex_vunpk_bh(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t r = 0;
    for (int i = 0; i < 4; i++)
        r = put_h(r, i, lane_b(VA, i));
    VSET(r);
}
void ex_vpack_hb_s(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t r = 0;
    for (int i = 0; i < 4; i++)
        r = put_b(r, i, sat_ovf(c, lane_h(VA, i), INT8_MIN, INT8_MAX));
    VSET(r);
}
void ex_vpack_wh_s(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t lo = c->in.v[op->x[1]], hi = c->in.v[op->x[1] + 1], r = 0;
    for (int i = 0; i < 4; i++)
        r = put_h(r, i, sat_ovf(c, lane_w(i < 2 ? lo : hi, i & 1), INT16_MIN, INT16_MAX));
    VSET(r);
}
void ex_vabs_h(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t r = 0;
    for (int i = 0; i < 4; i++)
        r = put_h(r, i, sat_ovf(c, lane_h(VA, i) < 0 ? -(int64_t)lane_h(VA, i) : lane_h(VA, i), INT16_MIN, INT16_MAX));
    VSET(r);
}
void ex_vabs_w(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t r = 0;
    for (int i = 0; i < 2; i++)
        r = put_w(r, i, sat_ovf(c, lane_w(VA, i) < 0 ? -(int64_t)lane_w(VA, i) : lane_w(VA, i), INT32_MIN, INT32_MAX));
    VSET(r);
}
void ex_vneg_w(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t r = 0;
    for (int i = 0; i < 2; i++)
        r = put_w(r, i, -(int64_t)lane_w(VA, i));
    VSET(r);
}
