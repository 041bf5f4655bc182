/* The output stage shared by every kernel and elementwise operation:
 * scale with rounding, OFM zero point, activation (clamp, LUT, built-in
 * TANH/SIGMOID) and saturation to the OFM type (ETHOSU.md 4.3). */
#include "npu_internal.h"

#include <math.h>

#include "cmd_defs.h"

/* (v * scale + r) >> shift with r from the rounding mode, as regor's
 * constant folder and TOSA's apply_scale define it.  128-bit product: v
 * can be a 40-bit accumulator plus bias. */
int64_t npu_apply_scale(int64_t v, uint32_t scale, unsigned shift, unsigned round_mode)
{
    __int128 p = (__int128)v * scale;
    shift &= 63u;
    if (shift == 0)
        goto saturate;
    __int128 r;
    switch (round_mode) {
    case ROUND_TRUNCATE:
        r = p >= 0 ? 0 : ((__int128)1 << shift) - 1;
        break;
    case ROUND_NATURAL:
        r = (__int128)1 << (shift - 1);
        break;
    default:
        /* DBL, and the reserved value 3 read as DBL. */
        r = (__int128)1 << (shift - 1);
        if (shift > 31)
            r += v >= 0 ? ((__int128)1 << 30) : -((__int128)1 << 30);
        break;
    }
    p = (p + r) >> shift;
saturate:
    if (p > INT64_MAX / 2)
        return INT64_MAX / 2;
    if (p < INT64_MIN / 2)
        return INT64_MIN / 2;
    return (int64_t)p;
}

int64_t npu_round_shift(int64_t v, unsigned shift, unsigned round_mode)
{
    return npu_apply_scale(v, 1, shift, round_mode);
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Where TABLE_n's slot lives in SHRAM.  ETHOSU.md 4.3 [?]: with more than
 * 16 banks Vela reserves the last two 1 KB banks for LUTs; with 16 banks
 * (U55-32/64) the compiler's rule is not visible, so the slots count from
 * the 1 KB bank the last DMA into SHRAM started in (Vela loads a table
 * right before the op that uses it).  This is the one place that decides. */
static int32_t lut_bank_base(const npu_core_t *c)
{
    if (c->cfg.shram_kb > 16)
        return (int32_t)(c->cfg.shram_kb - 2) * 1024;
    return c->lut_dma_base >= 0 ? c->lut_dma_base : (int32_t)(c->cfg.shram_kb - 1) * 1024;
}

bool npu_out_stage_init(npu_exec_t *x, npu_out_stage_t *os)
{
    const npu_core_t *c = x->c;
    uint16_t prec = npu_r0(c, C0_OFM_PRECISION), act = npu_r0(c, C0_ACTIVATION);
    os->round_mode = PREC_ROUND_MODE(prec);
    os->ofm_bits = 8u << OFM_PREC_BITS(prec);
    os->ofm_signed = PREC_TYPE_SIGNED(prec);
    os->ofm_zp = os->ofm_signed ? (int16_t)npu_r0(c, C0_OFM_ZERO_POINT) : npu_r0(c, C0_OFM_ZERO_POINT);
    uint16_t lo = npu_r0(c, C0_ACTIVATION_MIN), hi = npu_r0(c, C0_ACTIVATION_MAX);
    os->act_min = os->ofm_signed ? (int16_t)lo : lo;
    os->act_max = os->ofm_signed ? (int16_t)hi : hi;
    os->act_func = ACT_FUNCTION(act);
    os->clip_range = ACT_CLIP_RANGE(act);
    os->lut = NULL;
    os->lut_bytes = 0;
    if (os->act_func >= ACTF_TABLE0 && os->act_func < ACTF_TABLE0 + 8) {
        int32_t base = lut_bank_base(c) + (int32_t)(os->act_func - ACTF_TABLE0) * 256;
        int32_t size = (int32_t)c->cfg.shram_kb * 1024;
        if (base < 0 || base >= size)
            return npu_fail(x, NPU_STEP_PARSE_ERROR, "LUT slot %u outside SHRAM", os->act_func - ACTF_TABLE0);
        os->lut = c->shram + base;
        os->lut_bytes = (unsigned)(size - base);
    } else if (os->act_func != ACTF_RELU && os->act_func != ACTF_TANH && os->act_func != ACTF_SIGMOID) {
        return npu_fail(x, NPU_STEP_PARSE_ERROR, "activation function %u is not defined", os->act_func);
    }
    return true;
}

static int64_t type_min(unsigned bits, bool is_signed)
{
    return is_signed ? -((int64_t)1 << (bits - 1)) : 0;
}

static int64_t type_max(unsigned bits, bool is_signed)
{
    return is_signed ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
}

static uint32_t lut_word(const npu_out_stage_t *os, unsigned idx)
{
    unsigned o = idx * 4;
    if (o + 4 > os->lut_bytes)
        return 0;
    const uint8_t *p = os->lut + o;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Table lookup.  8-bit inputs (after the clip range): 256 entries indexed
 * by value - type minimum, one byte each for 8-bit OFMs, four for 32-bit
 * OFMs (Vela's softmax exp table).  16-bit: 512 words (slope << 16 | base)
 * interpolated over 128 steps; ETHOSU.md 4.3 [?] on the rounding of the
 * interpolation: round half up, the usual fixed-point choice. */
static int64_t lut_lookup(const npu_out_stage_t *os, int64_t v)
{
    int64_t lo, hi;
    switch (os->clip_range) {
    case CLIP_UINT8: lo = 0; hi = 255; break;
    case CLIP_INT8: lo = -128; hi = 127; break;
    case CLIP_INT16: lo = -32768; hi = 32767; break;
    default:
        if (os->ofm_bits == 32) {
            lo = -128;
            hi = 127;
        } else {
            lo = type_min(os->ofm_bits, os->ofm_signed);
            hi = type_max(os->ofm_bits, os->ofm_signed);
        }
        break;
    }
    v = clamp64(v, lo, hi);
    if (hi - lo <= 255) {
        unsigned idx = (unsigned)(v - lo);
        if (os->ofm_bits == 32)
            return (int32_t)lut_word(os, idx);
        if (idx >= os->lut_bytes)
            return 0;
        return os->ofm_signed ? (int8_t)os->lut[idx] : os->lut[idx];
    }
    unsigned u = (unsigned)(v + 32768);
    uint32_t e = lut_word(os, u >> 7);
    int32_t base = (int16_t)(e & 0xFFFF), slope = (int16_t)(e >> 16);
    return base + (((int64_t)slope * (u & 127) + 64) >> 7);
}

/* Built-in TANH/SIGMOID: ETHOSU.md 4.3 [?] gives no definition; the input
 * is read as Q3.12 (Vela pre-scales by 0x3000 x ifm_scale, i.e. 3 << 12)
 * and the result written as Q0.15, rounded to nearest. */
static int64_t builtin_activation(unsigned func, int64_t v)
{
    double xv = (double)v / 4096.0;
    double y = func == ACTF_TANH ? tanh(xv) : 1.0 / (1.0 + exp(-xv));
    return (int64_t)lrint(y * 32768.0);
}

int32_t npu_out_stage_finish(const npu_out_stage_t *os, int64_t scaled)
{
    int64_t v = scaled + os->ofm_zp;
    if (os->lut)
        v = lut_lookup(os, v);
    else if (os->act_func == ACTF_TANH || os->act_func == ACTF_SIGMOID)
        v = builtin_activation(os->act_func, v);
    if (os->ofm_bits == 32) {
        /* ACTIVATION_MIN/MAX are 16-bit and evidently not applied to 32-bit
         * OFMs (ETHOSU.md 4.3: Vela writes the int16 range there while the
         * results exceed it); saturate to int32. */
        return (int32_t)clamp64(v, INT32_MIN, INT32_MAX);
    }
    v = clamp64(v, os->act_min, os->act_max);
    return (int32_t)clamp64(v, type_min(os->ofm_bits, os->ofm_signed), type_max(os->ofm_bits, os->ofm_signed));
}
