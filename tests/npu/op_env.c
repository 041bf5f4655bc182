/* The bench for hand-made command streams (op_env.h). */
#include "op_env.h"

#include <criterion/criterion.h>
#include <string.h>

#include "../../npu/cmd_defs.h"

void env_init(op_env_t *e, unsigned macs)
{
    memset(e, 0, sizeof *e);
    e->cst = nt_mem_add(&e->mem, ENV_CONST_BASE, ENV_MEM_SIZE);
    e->scr = nt_mem_add(&e->mem, ENV_SCRATCH_BASE, ENV_MEM_SIZE);
    e->cmd = nt_mem_add(&e->mem, ENV_CMD_BASE, sizeof e->st.w);
    npu_core_config_t cfg = {.macs_per_cycle = macs, .shram_kb = 0};
    e->core = npu_core_create(&cfg, nt_mem_port(&e->mem));
    cr_assert(e->core);
    e->bases.qbase = ENV_CMD_BASE;
    e->bases.regioncfg = 3u;   /* region 0 on AXI1, the rest on AXI0 */
    e->bases.qconfig = 2u;
    e->bases.basep[0] = ENV_CONST_BASE;
    e->bases.basep[1] = ENV_SCRATCH_BASE;
}

void env_fini(op_env_t *e)
{
    npu_core_destroy(e->core);
    nt_mem_free(&e->mem);
}

npu_step_result_t env_run(op_env_t *e)
{
    nt_cmd0(&e->st, OP_STOP, 0xFFFF);
    memcpy(e->cmd, e->st.w, e->st.n * 4);
    e->bases.qsize = e->st.n * 4;
    uint32_t qread = 0;
    npu_step_result_t r;
    for (unsigned i = 0; i < 10000; i++) {
        r = npu_core_step(e->core, &e->bases, &qread, &e->info);
        if (e->info.kind != NPU_OPK_REGISTER && e->info.kind != NPU_OPK_STOP)
            e->op_info = e->info;
        if (r != NPU_STEP_CONTINUE && r != NPU_STEP_IRQ)
            return r;
    }
    return NPU_STEP_CONTINUE;
}

static unsigned esize(const fm_t *f)
{
    return f->bits / 8;
}

static uint32_t stride_x(const fm_t *f)
{
    return f->brick ? 16 * esize(f) : f->c * esize(f);
}

static uint32_t stride_y(const fm_t *f)
{
    return f->brick ? f->w * ((f->c + 15) / 16 * 16) * esize(f) : f->w * f->c * esize(f);
}

static uint32_t stride_c(const fm_t *f)
{
    return f->brick ? f->w * 16 * esize(f) : esize(f);
}

static uint16_t prec_bits(const fm_t *f, bool ofm)
{
    unsigned code = f->bits == 8 ? 0 : f->bits == 16 ? 1 : 2;
    return (uint16_t)((f->is_signed ? 1 : 0) | (ofm ? code << 1 : code << 2) | (f->brick ? 1u << 6 : 0));
}

void env_ifm(op_env_t *e, const fm_t *f)
{
    nt_stream_t *s = &e->st;
    nt_cmd0(s, C0_IFM_REGION, (uint16_t)f->region);
    for (unsigned t = 0; t < 4; t++)
        nt_cmd1(s, C1_IFM_BASE0 + t, 0, t == 0 ? f->base : 0);
    nt_cmd0(s, C0_IFM_HEIGHT0_M1, (uint16_t)(f->h - 1));
    nt_cmd0(s, C0_IFM_HEIGHT1_M1, (uint16_t)(f->h - 1));
    nt_cmd0(s, C0_IFM_WIDTH0_M1, (uint16_t)(f->w - 1));
    nt_cmd0(s, C0_IFM_DEPTH_M1, (uint16_t)(f->c - 1));
    nt_cmd1(s, C1_IFM_STRIDE_X, 0, stride_x(f));
    nt_cmd1(s, C1_IFM_STRIDE_Y, 0, stride_y(f));
    nt_cmd1(s, C1_IFM_STRIDE_C, 0, stride_c(f));
    nt_cmd0(s, C0_IFM_ZERO_POINT, (uint16_t)f->zp);
    nt_cmd0(s, C0_IFM_PRECISION, prec_bits(f, false));
}

void env_ifm2(op_env_t *e, const fm_t *f)
{
    nt_stream_t *s = &e->st;
    nt_cmd0(s, C0_IFM2_REGION, (uint16_t)f->region);
    for (unsigned t = 0; t < 4; t++)
        nt_cmd1(s, C1_IFM2_BASE0 + t, 0, t == 0 ? f->base : 0);
    nt_cmd0(s, C0_IFM2_HEIGHT0_M1, (uint16_t)(f->h - 1));
    nt_cmd0(s, C0_IFM2_HEIGHT1_M1, (uint16_t)(f->h - 1));
    nt_cmd0(s, C0_IFM2_WIDTH0_M1, (uint16_t)(f->w - 1));
    nt_cmd1(s, C1_IFM2_STRIDE_X, 0, stride_x(f));
    nt_cmd1(s, C1_IFM2_STRIDE_Y, 0, stride_y(f));
    nt_cmd1(s, C1_IFM2_STRIDE_C, 0, stride_c(f));
    nt_cmd0(s, C0_IFM2_ZERO_POINT, (uint16_t)f->zp);
    nt_cmd0(s, C0_IFM2_PRECISION, prec_bits(f, false));
}

void env_ofm(op_env_t *e, const fm_t *f, bool global_scale, unsigned round_mode)
{
    nt_stream_t *s = &e->st;
    nt_cmd0(s, C0_OFM_REGION, (uint16_t)f->region);
    for (unsigned t = 0; t < 4; t++)
        nt_cmd1(s, C1_OFM_BASE0 + t, 0, t == 0 ? f->base : 0);
    nt_cmd0(s, C0_OFM_HEIGHT_M1, (uint16_t)(f->h - 1));
    nt_cmd0(s, C0_OFM_WIDTH_M1, (uint16_t)(f->w - 1));
    nt_cmd0(s, C0_OFM_DEPTH_M1, (uint16_t)(f->c - 1));
    nt_cmd0(s, C0_OFM_HEIGHT0_M1, (uint16_t)(f->h - 1));
    nt_cmd0(s, C0_OFM_HEIGHT1_M1, (uint16_t)(f->h - 1));
    nt_cmd0(s, C0_OFM_WIDTH0_M1, (uint16_t)(f->w - 1));
    nt_cmd1(s, C1_OFM_STRIDE_X, 0, stride_x(f));
    nt_cmd1(s, C1_OFM_STRIDE_Y, 0, stride_y(f));
    nt_cmd1(s, C1_OFM_STRIDE_C, 0, stride_c(f));
    nt_cmd0(s, C0_OFM_ZERO_POINT, (uint16_t)f->zp);
    nt_cmd0(s, C0_OFM_PRECISION, (uint16_t)(prec_bits(f, true) | (global_scale ? 1u << 8 : 0) | round_mode << 14));
    /* Clamp to the type's range unless a test says otherwise. */
    int lo = f->is_signed ? -(1 << (f->bits == 8 ? 7 : 15)) : 0;
    int hi = f->is_signed ? (1 << (f->bits == 8 ? 7 : 15)) - 1 : (f->bits == 8 ? 255 : 65535);
    nt_cmd0(s, C0_ACTIVATION_MIN, (uint16_t)lo);
    nt_cmd0(s, C0_ACTIVATION_MAX, (uint16_t)hi);
}

uint8_t *env_elem(op_env_t *e, const fm_t *f, unsigned y, unsigned x, unsigned c)
{
    uint8_t *mem = f->region == 0 ? e->cst : e->scr;
    uint32_t off = f->base + y * stride_y(f) + (f->brick ? x * 16 * esize(f) + (c / 16) * stride_c(f) + (c % 16) * esize(f)
                                                          : x * stride_x(f) + c * esize(f));
    cr_assert_lt(off + esize(f), ENV_MEM_SIZE + 1);
    return mem + off;
}

void env_put(op_env_t *e, const fm_t *f, unsigned y, unsigned x, unsigned c, int32_t v)
{
    uint8_t *p = env_elem(e, f, y, x, c);
    for (unsigned i = 0; i < esize(f); i++)
        p[i] = (uint8_t)((uint32_t)v >> (8 * i));
}

int32_t env_get(op_env_t *e, const fm_t *f, unsigned y, unsigned x, unsigned c)
{
    const uint8_t *p = env_elem(e, f, y, x, c);
    if (f->bits == 8)
        return f->is_signed ? (int8_t)p[0] : p[0];
    if (f->bits == 16) {
        uint16_t v = (uint16_t)(p[0] | p[1] << 8);
        return f->is_signed ? (int16_t)v : v;
    }
    return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
}

/* Bits are written LSB first (ETHOSU.md 5.3). */
typedef struct bitwriter {
    uint8_t *buf;
    size_t cap, pos;
} bitwriter_t;

static void put_bits(bitwriter_t *bw, uint32_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++, bw->pos++) {
        cr_assert_lt(bw->pos / 8, bw->cap);
        if ((v >> i) & 1u)
            bw->buf[bw->pos / 8] |= (uint8_t)(1u << (bw->pos % 8));
    }
}

/* Slice header: ZDIV 6 (no zero runs), SLICELEN, WDIV 7 (raw), WTRUNC 0,
 * NEWPAL 1 with DIROFS 0, PALSIZE 0 (no palette) and PALBITS 9 (code 7):
 * every symbol is the 9-bit folded value itself, in order. */
size_t mlw_encode_raw(const int16_t *v, size_t n, uint8_t *out, size_t cap)
{
    memset(out, 0, cap);
    bitwriter_t bw = {.buf = out, .cap = cap, .pos = 0};
    for (size_t start = 0; start < n;) {
        size_t len = n - start > 32768 ? 32768 : n - start;
        put_bits(&bw, 6, 3);
        put_bits(&bw, (uint32_t)(len - 1), 15);
        put_bits(&bw, 7, 3);
        put_bits(&bw, 0, 1);
        put_bits(&bw, 1, 1);
        put_bits(&bw, 0, 5);
        put_bits(&bw, 0, 5);
        put_bits(&bw, 7, 3);
        for (size_t i = 0; i < len; i++) {
            int w = v[start + i];
            put_bits(&bw, (uint32_t)(w >= 0 ? 2 * w : -2 * w + 1), 9);
        }
        start += len;
    }
    put_bits(&bw, 7, 3);   /* end of stream */
    size_t bytes = (bw.pos + 7) / 8;
    size_t padded = (bytes + 15) / 16 * 16;
    cr_assert_leq(padded, cap);
    memset(out + bytes, 0xFF, padded - bytes);
    return padded;
}

void scale_entry(uint8_t *p, int64_t bias, uint32_t scale, unsigned shift)
{
    for (int i = 0; i < 5; i++)
        p[i] = (uint8_t)((uint64_t)bias >> (8 * i));
    for (int i = 0; i < 4; i++)
        p[5 + i] = (uint8_t)(scale >> (8 * i));
    p[9] = (uint8_t)(shift & 0x3F);
}
