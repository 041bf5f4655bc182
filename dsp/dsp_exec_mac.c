/* Semantics of the multiply-accumulate and accumulator operations.  An
 * accumulator has 4 lanes of 64 bits; lane arithmetic wraps at 64 bits. */
#include "dsp_exec.h"
#include "dsp_internal.h"
#include "dsp_lanes.h"

#define VA c->in.v[op->x[1]]
#define VB c->in.v[op->x[2]]

/* Lane i += products[i] (or -=, or = with zero first). */
enum mac_mode { MAC_ADD, MAC_ZERO, MAC_SUB };
static void accumulate(struct dsp_core *c, const struct dsp_op *op, const int64_t p[4], unsigned lanes, enum mac_mode mode)
{
    int64_t *acc = c->st.a[op->x[0]];
    const int64_t *old = c->in.a[op->x[0]];
    for (unsigned i = 0; i < 4; i++) {
        int64_t base = mode == MAC_ZERO ? 0 : old[i];
        if (i >= lanes) {
            acc[i] = base;
            continue;
        }
        uint64_t r = mode == MAC_SUB ? (uint64_t)base - (uint64_t)p[i] : (uint64_t)base + (uint64_t)p[i];
        acc[i] = (int64_t)r;
    }
}

/* vdot.b: lane i gets A.b[2i]*B.b[2i] + A.b[2i+1]*B.b[2i+1] (8 MACs). */
static void dot_b(const struct dsp_core *c, const struct dsp_op *op, int64_t p[4], bool is_unsigned)
{
    for (int i = 0; i < 4; i++) {
        int64_t s = 0;
        for (int k = 2 * i; k < 2 * i + 2; k++)
            s += is_unsigned ? (int64_t)(uint8_t)lane_b(VA, k) * (uint8_t)lane_b(VB, k)
                             : (int64_t)lane_b(VA, k) * lane_b(VB, k);
        p[i] = s;
    }
}
void ex_vdot_b(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; dot_b(c, op, p, false); accumulate(c, op, p, 4, MAC_ADD); }
void ex_vdot_b_z(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; dot_b(c, op, p, false); accumulate(c, op, p, 4, MAC_ZERO); }
void ex_vdot_b_n(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; dot_b(c, op, p, false); accumulate(c, op, p, 4, MAC_SUB); }
void ex_vdot_bu(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; dot_b(c, op, p, true); accumulate(c, op, p, 4, MAC_ADD); }

/* vmac.h: lane i += A.h[i] * B.h[i] (4 MACs). */
static void mac_h(const struct dsp_core *c, const struct dsp_op *op, int64_t p[4])
{
    for (int i = 0; i < 4; i++)
        p[i] = (int64_t)lane_h(VA, i) * lane_h(VB, i);
}
void ex_vmac_h(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; mac_h(c, op, p); accumulate(c, op, p, 4, MAC_ADD); }
void ex_vmac_h_z(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; mac_h(c, op, p); accumulate(c, op, p, 4, MAC_ZERO); }

/* vmac.wh: lanes 0..1 += A.w[i] * B.h[i], lanes 2..3 += A.w[i] * B.h[i+2] (4 MACs 32x16). */
static void mac_wh(const struct dsp_core *c, const struct dsp_op *op, int64_t p[4])
{
    for (int i = 0; i < 4; i++)
        p[i] = (int64_t)lane_w(VA, i & 1) * lane_h(VB, i);
}
void ex_vmac_wh(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; mac_wh(c, op, p); accumulate(c, op, p, 4, MAC_ADD); }
void ex_vmac_wh_z(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; mac_wh(c, op, p); accumulate(c, op, p, 4, MAC_ZERO); }

/* vcmac.wh: A = (re, im) as 2 x i32, B.h[0..1] = (re, im) as i16:
 * lane 0 += re part, lane 1 += im part of the complex product (4 MACs). */
static void cmac_wh(const struct dsp_core *c, const struct dsp_op *op, int64_t p[4])
{
    int64_t ar = lane_w(VA, 0), ai = lane_w(VA, 1), br = lane_h(VB, 0), bi = lane_h(VB, 1);
    p[0] = ar * br - ai * bi;
    p[1] = ar * bi + ai * br;
    p[2] = p[3] = 0;
}
void ex_vcmac_wh(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; cmac_wh(c, op, p); accumulate(c, op, p, 2, MAC_ADD); }
void ex_vcmac_wh_z(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; cmac_wh(c, op, p); accumulate(c, op, p, 2, MAC_ZERO); }

/* vmac.w: lanes 0..1 += A.w[i] * B.w[i], full 64-bit products (2 MACs). */
static void mac_w(const struct dsp_core *c, const struct dsp_op *op, int64_t p[4])
{
    for (int i = 0; i < 2; i++)
        p[i] = (int64_t)lane_w(VA, i) * lane_w(VB, i);
    p[2] = p[3] = 0;
}
void ex_vmac_w(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; mac_w(c, op, p); accumulate(c, op, p, 2, MAC_ADD); }
void ex_vmac_w_z(struct dsp_core *c, const struct dsp_op *op) { int64_t p[4]; mac_w(c, op, p); accumulate(c, op, p, 2, MAC_ZERO); }

void ex_azero(struct dsp_core *c, const struct dsp_op *op)
{
    for (int i = 0; i < 4; i++)
        c->st.a[op->x[0]][i] = 0;
}

/* aset aD, vS: the 4 lanes from the pair vS:vS+1 as 4 x i32, sign-extended. */
void ex_aset(struct dsp_core *c, const struct dsp_op *op)
{
    for (int i = 0; i < 4; i++)
        c->st.a[op->x[0]][i] = lane_w(c->in.v[op->x[1] + i / 2], i & 1);
}

/* asum4 aD, aS: aD lane i += the sum of the 4 lanes of accumulator aS+i
 * (the horizontal reduction that ends 4 dot products at once). */
void ex_asum4(struct dsp_core *c, const struct dsp_op *op)
{
    for (int i = 0; i < 4; i++) {
        uint64_t s = (uint64_t)c->in.a[op->x[0]][i];
        for (int j = 0; j < 4; j++)
            s += (uint64_t)c->in.a[op->x[1] + i][j];
        c->st.a[op->x[0]][i] = (int64_t)s;
    }
}

void ex_amov_lo(struct dsp_core *c, const struct dsp_op *op)
{
    const int64_t *a = c->in.a[op->x[1]];
    c->st.v[op->x[0]] = put_w(put_w(0, 0, a[0]), 1, a[1]);
}
void ex_amov_hi(struct dsp_core *c, const struct dsp_op *op)
{
    const int64_t *a = c->in.a[op->x[1]];
    c->st.v[op->x[0]] = put_w(put_w(0, 0, a[2]), 1, a[3]);
}

/* Rounding arithmetic shift right of a 64-bit lane by 0..63 (ties up). */
static int64_t round_shift(int64_t x, unsigned s)
{
    if (s == 0)
        return x;
    return (int64_t)(((__int128)x + ((__int128)1 << (s - 1))) >> s);
}

/* asrs.{w,h,b} vD, aS, rT: each lane shifted right by rT (low 6 bits)
 * with rounding, saturated and packed: .w lanes 0..1 as 2 x i32, .h 4 x
 * i16, .b 4 x i8 in the low half (high half zero). */
void ex_asrs_w(struct dsp_core *c, const struct dsp_op *op)
{
    unsigned s = dsp_rd_r(c, op->x[2]) & 63;
    uint64_t r = 0;
    for (int i = 0; i < 2; i++)
        r = put_w(r, i, sat(round_shift(c->in.a[op->x[1]][i], s), INT32_MIN, INT32_MAX));
    c->st.v[op->x[0]] = r;
}
void ex_asrs_h(struct dsp_core *c, const struct dsp_op *op)
{
    unsigned s = dsp_rd_r(c, op->x[2]) & 63;
    uint64_t r = 0;
    for (int i = 0; i < 4; i++)
        r = put_h(r, i, sat(round_shift(c->in.a[op->x[1]][i], s), INT16_MIN, INT16_MAX));
    c->st.v[op->x[0]] = r;
}
void ex_asrs_b(struct dsp_core *c, const struct dsp_op *op)
{
    unsigned s = dsp_rd_r(c, op->x[2]) & 63;
    uint64_t r = 0;
    for (int i = 0; i < 4; i++)
        r = put_b(r, i, sat(round_shift(c->in.a[op->x[1]][i], s), INT8_MIN, INT8_MAX));
    c->st.v[op->x[0]] = r;
}

/* The fixed-point requantize of TFLite / ExecuTorch (written from the
 * definition, not shared with the runtime, so the kernel tests compare
 * two implementations):
 *   x' = x * 2^left (wrapping to 32 bits), left = max(shift, 0)
 *   h  = round(x' * M / 2^31), ties up; saturated for M = x' = -2^31
 *   y  = h / 2^right rounded half away from zero, right = max(-shift, 0)
 * shifts are clamped to -31..31. */
static int32_t requantize(int32_t x, int32_t m, int shift)
{
    if (shift > 31)
        shift = 31;
    if (shift < -31)
        shift = -31;
    int left = shift > 0 ? shift : 0, right = shift < 0 ? -shift : 0;
    int32_t xs = (int32_t)((uint32_t)x << left);
    int64_t h;
    if (xs == INT32_MIN && m == INT32_MIN)
        h = INT32_MAX;
    else
        h = ((int64_t)xs * m + ((int64_t)1 << 30)) >> 31;
    if (right == 0)
        return (int32_t)h;
    int64_t half = (int64_t)1 << (right - 1);
    return (int32_t)(h >= 0 ? (h + half) >> right : -((-h + half) >> right));
}

/* aqnt.b vD, aS, vQ: the fused requantize of 4 outputs.  vQ..vQ+3 hold
 * the parameters: vQ:vQ+1 the 4 multipliers (i32), vQ+2 the 4 shifts
 * (i16, left-positive as out_shift), vQ+3 lanes 0..2 the output zero
 * point, minimum and maximum (i16).  Each lane: the accumulator's low 32
 * bits (an int32 accumulator, as the reference has), requantized, plus
 * the zero point, clamped, as i8 in byte i of vD (high half zero). */
void ex_aqnt_b(struct dsp_core *c, const struct dsp_op *op)
{
    const uint64_t *q = &c->in.v[op->x[2]];
    int32_t zp = lane_h(q[3], 0), lo = lane_h(q[3], 1), hi = lane_h(q[3], 2);
    uint64_t r = 0;
    for (int i = 0; i < 4; i++) {
        int32_t x = (int32_t)(uint32_t)(uint64_t)c->in.a[op->x[1]][i];
        int64_t y = (int64_t)requantize(x, lane_w(q[i / 2], i & 1), lane_h(q[2], i)) + zp;
        r = put_b(r, i, sat(sat(y, lo, hi), INT8_MIN, INT8_MAX));
    }
    c->st.v[op->x[0]] = r;
}
