/* Semantics of the loads and stores.  Scalar and 4-byte vector accesses
 * must be naturally aligned; 8-byte vector accesses may have any
 * alignment (one more cycle when they cross an 8-byte line). */
#include <string.h>

#include "dsp_exec.h"
#include "dsp_internal.h"

#define RS(k) dsp_rd_r(c, op->x[k])

static bool aligned(struct dsp_core *c, uint32_t addr, uint32_t len)
{
    if (len <= 4 && (addr & (len - 1))) {
        dsp_fault(c, "unaligned %u-byte access at 0x%08x", len, addr);
        return false;
    }
    return true;
}

static bool load(struct dsp_core *c, uint32_t addr, void *dst, uint32_t len)
{
    return aligned(c, addr, len) && dsp_mem_load(c, addr, dst, len);
}

static bool store(struct dsp_core *c, uint32_t addr, const void *src, uint32_t len)
{
    return aligned(c, addr, len) && dsp_mem_store(c, addr, src, len);
}

static uint32_t load_scalar(struct dsp_core *c, uint32_t addr, uint32_t len, bool sign)
{
    uint8_t b[4] = { 0 };
    if (!load(c, addr, b, len))
        return 0;
    uint32_t v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    if (sign && len < 4) {
        uint32_t sbit = 1u << (8 * len - 1);
        v = (v ^ sbit) - sbit;
    }
    return v;
}

static void store_scalar(struct dsp_core *c, uint32_t addr, uint32_t v, uint32_t len)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    store(c, addr, b, len);
}

static uint64_t load_d(struct dsp_core *c, uint32_t addr)
{
    uint8_t b[8] = { 0 };
    load(c, addr, b, 8);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

static void store_d(struct dsp_core *c, uint32_t addr, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    store(c, addr, b, 8);
}

/* [rS+imm] and [rS+rT]. */
#define LD_OFF(name, len, sign) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) \
    { dsp_wr_r(c, op->x[0], load_scalar(c, RS(1) + (uint32_t)op->x[2], len, sign)); }
#define LD_X(name, len, sign) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) \
    { dsp_wr_r(c, op->x[0], load_scalar(c, RS(1) + RS(2), len, sign)); }
#define ST_OFF(name, len) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) \
    { store_scalar(c, RS(1) + (uint32_t)op->x[2], RS(0), len); }
/* [rS]+imm: access at rS, then rS += imm. */
#define LD_PI(name, len, sign) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) \
    { dsp_wr_r(c, op->x[0], load_scalar(c, RS(1), len, sign)); dsp_wr_r(c, op->x[1], RS(1) + (uint32_t)op->x[2]); }
#define ST_PI(name, len) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) \
    { store_scalar(c, RS(1), RS(0), len); dsp_wr_r(c, op->x[1], RS(1) + (uint32_t)op->x[2]); }

LD_OFF(ld_w, 4, false)
LD_OFF(ld_h, 2, true)
LD_OFF(ld_hu, 2, false)
LD_OFF(ld_b, 1, true)
LD_OFF(ld_bu, 1, false)
ST_OFF(st_w, 4)
ST_OFF(st_h, 2)
ST_OFF(st_b, 1)
LD_PI(ld_w_pi, 4, false)
LD_PI(ld_h_pi, 2, true)
ST_PI(st_w_pi, 4)
ST_PI(st_h_pi, 2)
LD_X(ld_w_x, 4, false)
LD_X(ld_h_x, 2, true)
LD_X(ld_hu_x, 2, false)
LD_X(ld_bu_x, 1, false)

void ex_ld_d_pi(struct dsp_core *c, const struct dsp_op *op)
{
    c->st.v[op->x[0]] = load_d(c, RS(1));
    dsp_wr_r(c, op->x[1], RS(1) + (uint32_t)op->x[2]);
}
void ex_ld_d_off(struct dsp_core *c, const struct dsp_op *op) { c->st.v[op->x[0]] = load_d(c, RS(1) + (uint32_t)op->x[2]); }
void ex_st_d_pi(struct dsp_core *c, const struct dsp_op *op)
{
    store_d(c, RS(1), c->in.v[op->x[0]]);
    dsp_wr_r(c, op->x[1], RS(1) + (uint32_t)op->x[2]);
}
void ex_st_d_off(struct dsp_core *c, const struct dsp_op *op) { store_d(c, RS(1) + (uint32_t)op->x[2], c->in.v[op->x[0]]); }
void ex_ld_d_xp(struct dsp_core *c, const struct dsp_op *op)
{
    c->st.v[op->x[0]] = load_d(c, RS(1));
    dsp_wr_r(c, op->x[1], RS(1) + RS(2));
}
void ex_st_d_xp(struct dsp_core *c, const struct dsp_op *op)
{
    store_d(c, RS(1), c->in.v[op->x[0]]);
    dsp_wr_r(c, op->x[1], RS(1) + RS(2));
}

/* Circular post-increment: the pointer wraps inside [CB0, CE0). */
static uint32_t circular(struct dsp_core *c, uint32_t p, int32_t inc)
{
    uint32_t cb = c->sr[DSP_SR_CB0], ce = c->sr[DSP_SR_CE0];
    uint32_t n = p + (uint32_t)inc;
    if (ce > cb) {
        if (n >= ce && inc > 0)
            n -= ce - cb;
        else if (n < cb && inc < 0)
            n += ce - cb;
    }
    return n;
}
void ex_ld_d_c(struct dsp_core *c, const struct dsp_op *op)
{
    c->st.v[op->x[0]] = load_d(c, RS(1));
    dsp_wr_r(c, op->x[1], circular(c, RS(1), (int32_t)op->x[2]));
}
void ex_st_d_c(struct dsp_core *c, const struct dsp_op *op)
{
    store_d(c, RS(1), c->in.v[op->x[0]]);
    dsp_wr_r(c, op->x[1], circular(c, RS(1), (int32_t)op->x[2]));
}

/* 4 signed bytes widened to 4 x i16. */
void ex_ld_b4h(struct dsp_core *c, const struct dsp_op *op)
{
    uint32_t w = load_scalar(c, RS(1), 4, false);
    uint64_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint64_t)(uint16_t)(int16_t)(int8_t)(w >> (8 * i)) << (16 * i);
    c->st.v[op->x[0]] = v;
    dsp_wr_r(c, op->x[1], RS(1) + (uint32_t)op->x[2]);
}

/* A 32-bit word into both 32-bit lanes. */
void ex_ld_bc_w(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t w = load_scalar(c, RS(1), 4, false);
    c->st.v[op->x[0]] = w | w << 32;
    dsp_wr_r(c, op->x[1], RS(1) + (uint32_t)op->x[2]);
}

void ex_ld_bc_w_xp(struct dsp_core *c, const struct dsp_op *op)
{
    uint64_t w = load_scalar(c, RS(1), 4, false);
    c->st.v[op->x[0]] = w | w << 32;
    dsp_wr_r(c, op->x[1], RS(1) + RS(2));
}

/* Streaming unaligned loads: la.prime loads the aligned dword holding rS
 * and remembers rS's offset in it; each la.d returns the 8 bytes from the
 * stream position, loading the next aligned dword (so it reads up to 8
 * bytes beyond the last one it returns). */
void ex_la_prime(struct dsp_core *c, const struct dsp_op *op)
{
    uint32_t p = RS(1);
    c->st.ubuf[op->x[0]] = load_d(c, p & ~7u);
    c->st.uoff[op->x[0]] = (uint8_t)(p & 7);
}

void ex_la_d(struct dsp_core *c, const struct dsp_op *op)
{
    unsigned u = (unsigned)op->x[1];
    uint32_t p = RS(2);
    uint64_t next = load_d(c, (p & ~7u) + 8);
    uint64_t buf = c->in.ubuf[u];
    unsigned off = c->in.uoff[u];
    c->st.v[op->x[0]] = off ? (buf >> (8 * off)) | (next << (64 - 8 * off)) : buf;
    c->st.ubuf[u] = next;
    dsp_wr_r(c, op->x[2], p + 8);
}
