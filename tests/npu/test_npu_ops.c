/* Hand-made command streams, one operation each, with expectations worked
 * out by hand from ETHOSU.md sections 3-5 (the numbers in the comments). */
#include <criterion/criterion.h>
#include <string.h>

#include "op_env.h"
#include "../../npu/cmd_defs.h"

static const fm_t ifm8 = {.region = 1, .base = 0x000, .h = 2, .w = 3, .c = 4, .bits = 8, .is_signed = true};
static const fm_t ifm2_8 = {.region = 1, .base = 0x100, .h = 2, .w = 3, .c = 4, .bits = 8, .is_signed = true};
static const fm_t ofm8 = {.region = 1, .base = 0x200, .h = 2, .w = 3, .c = 4, .bits = 8, .is_signed = true};

static void fill(op_env_t *e, const fm_t *f, int start, int step)
{
    int v = start;
    for (unsigned y = 0; y < f->h; y++)
        for (unsigned x = 0; x < f->w; x++)
            for (unsigned c = 0; c < f->c; c++, v += step)
                env_put(e, f, y, x, c, v);
}

static void ew_setup(op_env_t *e, const fm_t *a, const fm_t *b, const fm_t *o, uint32_t scale, unsigned shift,
                     unsigned round_mode)
{
    env_ifm(e, a);
    if (b)
        env_ifm2(e, b);
    env_ofm(e, o, true, round_mode);
    nt_cmd1(&e->st, C1_OFM_SCALE, (uint16_t)shift, scale);
    nt_cmd1(&e->st, C1_OPA_SCALE, 0, 1);
    nt_cmd1(&e->st, C1_OPB_SCALE, 0, 1);
}

/* ADD, 16-bit operand factors 1 and 1, OFM scale 1: a - zpa + b - zpb + zpo. */
Test(npu_ops, add_tensor_tensor)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t a = ifm8, b = ifm2_8, o = ofm8;
    a.zp = 3;
    b.zp = -2;
    o.zp = 1;
    fill(&e, &a, -50, 7);      /* -50, -43, ... 111 */
    fill(&e, &b, 60, -5);      /* 60, 55, ... -55 */
    ew_setup(&e, &a, &b, &o, 1, 0, ROUND_DBL);
    nt_cmd0(&e.st, C0_IFM2_BROADCAST, 0);
    nt_cmd0(&e.st, OP_ELEMENTWISE, EW_ADD);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    /* First element: (-50-3) + (60+2) + 1 = 10; last: (111-3) + (-55+2) + 1 = 56. */
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), 10);
    cr_assert_eq(env_get(&e, &o, 1, 2, 3), 56);
    for (unsigned i = 0; i < 24; i++) {
        int want = (-50 + 7 * (int)i - 3) + (60 - 5 * (int)i + 2) + 1;
        want = want > 127 ? 127 : want < -128 ? -128 : want;
        cr_assert_eq(env_get(&e, &o, i / 12, i / 4 % 3, i % 4), want, "element %u", i);
    }
    cr_assert_eq(e.op_info.kind, NPU_OPK_ELEMENTWISE);
    cr_assert_eq(e.op_info.ofm_elements, 24);
    cr_assert_eq(e.op_info.read_bytes[0], 48);
    cr_assert_eq(e.op_info.write_bytes[0], 24);
    env_fini(&e);
}

/* SUB with a scalar IFM2 as operand A (operand_order 1): 5 - a. */
Test(npu_ops, sub_scalar_reversed)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t a = ifm8, b = ifm2_8, o = ofm8;
    fill(&e, &a, -12, 1);
    ew_setup(&e, &a, &b, &o, 1, 0, ROUND_DBL);
    nt_cmd0(&e.st, C0_IFM2_SCALAR, 5);
    nt_cmd0(&e.st, C0_IFM2_BROADCAST, 0x80 | 0x40);
    nt_cmd0(&e.st, OP_ELEMENTWISE, EW_SUB);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), 17);    /* 5 - (-12) */
    cr_assert_eq(env_get(&e, &o, 1, 2, 3), -6);    /* 5 - 11 */
    env_fini(&e);
}

/* MUL with IFM2 broadcast along C, OFM scale 2^30 >> 31 (x 0.5); DBL
 * adds only 2^30 below a 32-bit shift, so ties round up: -1.5 -> -1. */
Test(npu_ops, mul_broadcast_c)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t a = ifm8, b = ifm2_8, o = ofm8;
    b.c = 1;
    fill(&e, &a, -5, 1);       /* -5 .. 18 */
    fill(&e, &b, -3, 1);       /* one value per (y, x): -3 .. 2 */
    ew_setup(&e, &a, &b, &o, 1u << 30, 31, ROUND_DBL);
    nt_cmd0(&e.st, C0_IFM2_BROADCAST, 0x04);
    nt_cmd0(&e.st, OP_ELEMENTWISE, EW_MUL);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), 8);     /* -5 * -3 = 15 -> 7.5 -> 8 */
    cr_assert_eq(env_get(&e, &o, 0, 0, 3), 3);     /* -2 * -3 = 6 -> 3 */
    cr_assert_eq(env_get(&e, &o, 0, 2, 0), -1);    /* 3 * -1 = -3 -> -1.5 -> -1 */
    cr_assert_eq(env_get(&e, &o, 1, 2, 3), 18);    /* 18 * 2 = 36 -> 18 */
    env_fini(&e);
}

/* MIN, MAX and ABS with unit scale; LRELU with alpha 0.5 (2^30 >> 31). */
Test(npu_ops, min_max_abs_lrelu)
{
    static const struct {
        unsigned mode;
        int at0, at23;   /* a = -12 + i, b = 6 - i: element 0 and 23 */
    } cases[] = {
        {EW_MIN, -12, -17},
        {EW_MAX, 6, 11},
        {EW_ABS, 12, 11},
        {EW_LRELU, -6, 11},   /* -12 * 0.5; 11 unscaled */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        op_env_t e;
        env_init(&e, 128);
        fm_t a = ifm8, b = ifm2_8, o = ofm8;
        fill(&e, &a, -12, 1);
        fill(&e, &b, 6, -1);
        bool lrelu = cases[k].mode == EW_LRELU;
        ew_setup(&e, &a, &b, &o, lrelu ? 1u << 30 : 1u, lrelu ? 31 : 0, ROUND_DBL);
        nt_cmd0(&e.st, C0_IFM2_BROADCAST, 0);
        nt_cmd0(&e.st, OP_ELEMENTWISE, (uint16_t)cases[k].mode);
        cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
        cr_assert_eq(env_get(&e, &o, 0, 0, 0), cases[k].at0, "mode %u", cases[k].mode);
        cr_assert_eq(env_get(&e, &o, 1, 2, 3), cases[k].at23, "mode %u", cases[k].mode);
        env_fini(&e);
    }
}

/* The int32 modes: CLZ, SHL, SHR (rounding per the OFM round mode). */
Test(npu_ops, int32_clz_shl_shr)
{
    fm_t a = {.region = 1, .base = 0x000, .h = 1, .w = 1, .c = 4, .bits = 32, .is_signed = true};
    fm_t b = a, o = a;
    b.base = 0x100;
    o.base = 0x200;
    const int32_t av[4] = {1, -7, 7, 0x00F00000};
    const int32_t bv[4] = {3, 1, 1, 4};
    const struct {
        unsigned mode, round;
        int32_t want[4];
    } cases[] = {
        {EW_CLZ, ROUND_DBL, {31, 0, 29, 8}},
        {EW_SHL, ROUND_DBL, {8, -14, 14, 0x0F000000}},
        {EW_SHR, ROUND_NATURAL, {0, -3, 4, 0x000F0000}},    /* 1/8 -> 0, -3.5 -> -3, 3.5 -> 4 */
        {EW_SHR, ROUND_TRUNCATE, {0, -3, 3, 0x000F0000}},   /* toward zero */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        op_env_t e;
        env_init(&e, 128);
        for (unsigned c = 0; c < 4; c++) {
            env_put(&e, &a, 0, 0, c, av[c]);
            env_put(&e, &b, 0, 0, c, bv[c]);
        }
        ew_setup(&e, &a, &b, &o, 1, 0, cases[k].round);
        nt_cmd0(&e.st, C0_IFM2_BROADCAST, 0);
        nt_cmd0(&e.st, OP_ELEMENTWISE, (uint16_t)cases[k].mode);
        cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
        for (unsigned c = 0; c < 4; c++)
            cr_assert_eq(env_get(&e, &o, 0, 0, c), cases[k].want[c], "mode %u round %u element %u", cases[k].mode,
                         cases[k].round, c);
        env_fini(&e);
    }
}

/* int16 ADD in the advanced mode OPA_32: a' = a * 2^30 >> 16 (= a 2^14),
 * b' = b * 2^14 (the unscaled operand's implicit factor for 16-bit
 * inputs), OFM scale 2^30 >> 44 (= 2^-14): a + b. */
Test(npu_ops, add_int16_advanced)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t a = {.region = 1, .base = 0x000, .h = 1, .w = 2, .c = 3, .bits = 16, .is_signed = true};
    fm_t b = a, o = a;
    b.base = 0x100;
    o.base = 0x200;
    fill(&e, &a, -1000, 1000);
    fill(&e, &b, 300, -7);
    env_ifm(&e, &a);
    env_ifm2(&e, &b);
    env_ofm(&e, &o, true, ROUND_DBL);
    nt_cmd0(&e.st, C0_IFM_PRECISION, 0x0005 | 1u << 8);   /* signed int16, OPA_32 */
    nt_cmd1(&e.st, C1_OPA_SCALE, 16, 1u << 30);
    nt_cmd1(&e.st, C1_OFM_SCALE, 44, 1u << 30);
    nt_cmd0(&e.st, C0_IFM2_BROADCAST, 0);
    nt_cmd0(&e.st, OP_ELEMENTWISE, EW_ADD);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), -700);
    cr_assert_eq(env_get(&e, &o, 0, 1, 2), 4000 + 265);
    env_fini(&e);
}

/* AVERAGE 3x3, stride 1, padding 1 on a 3x3 plane of ones, unit global
 * scale: the window sums count only real elements (4 / 6 / 9). */
Test(npu_ops, avgpool_padding)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t i = {.region = 1, .base = 0, .h = 3, .w = 3, .c = 1, .bits = 8, .is_signed = true, .zp = -1};
    fm_t o = i;
    o.base = 0x100;
    o.zp = 2;
    fill(&e, &i, 0, 0);        /* value 0 = 1 above the zero point -1 */
    env_ifm(&e, &i);
    env_ofm(&e, &o, true, ROUND_DBL);
    nt_cmd1(&e.st, C1_OFM_SCALE, 0, 1);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 2);
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 2);
    nt_cmd0(&e.st, C0_KERNEL_STRIDE, 0);
    nt_cmd0(&e.st, C0_IFM_PAD_TOP, 1);
    nt_cmd0(&e.st, C0_IFM_PAD_LEFT, 1);
    nt_cmd0(&e.st, C0_IFM_PAD_BOTTOM, 1);
    nt_cmd0(&e.st, C0_IFM_PAD_RIGHT, 1);
    nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), 4 + 2);
    cr_assert_eq(env_get(&e, &o, 0, 1, 0), 6 + 2);
    cr_assert_eq(env_get(&e, &o, 1, 1, 0), 9 + 2);
    cr_assert_eq(env_get(&e, &o, 2, 2, 0), 4 + 2);
    cr_assert_eq(e.op_info.kernel_h, 3);
    env_fini(&e);
}

/* MAX 2x2 stride 2 over NHCWB16 (20 channels: two bricks), and
 * REDUCE_SUM of 5 int32 channels. */
Test(npu_ops, maxpool_brick_and_reduce_sum)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t i = {.region = 1, .base = 0, .h = 2, .w = 4, .c = 20, .bits = 8, .is_signed = true, .brick = true};
    fm_t o = {.region = 1, .base = 0x400, .h = 1, .w = 2, .c = 20, .bits = 8, .is_signed = true};
    fill(&e, &i, -80, 1);      /* y*80 + x*20 + c - 80: the max is at (1, 2x+1) */
    env_ifm(&e, &i);
    env_ofm(&e, &o, true, ROUND_DBL);
    nt_cmd1(&e.st, C1_OFM_SCALE, 0, 1);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 1);
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 1);
    nt_cmd0(&e.st, C0_KERNEL_STRIDE, 0x3);   /* stride 2 x 2 */
    for (unsigned p = C0_IFM_PAD_TOP; p <= C0_IFM_PAD_BOTTOM; p++)
        nt_cmd0(&e.st, p, 0);
    nt_cmd0(&e.st, OP_POOL, POOL_MAX);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), 80 + 20 - 80);
    cr_assert_eq(env_get(&e, &o, 0, 1, 19), 80 + 60 + 19 - 80);
    env_fini(&e);

    env_init(&e, 128);
    fm_t s = {.region = 1, .base = 0, .h = 1, .w = 1, .c = 5, .bits = 32, .is_signed = true};
    fm_t so = {.region = 1, .base = 0x100, .h = 1, .w = 1, .c = 1, .bits = 32, .is_signed = true};
    const int32_t v[5] = {1000000000, 1000000000, -7, 3, 2};
    for (unsigned c = 0; c < 5; c++)
        env_put(&e, &s, 0, 0, c, v[c]);
    env_ifm(&e, &s);
    env_ofm(&e, &so, true, ROUND_NATURAL);
    nt_cmd1(&e.st, C1_OFM_SCALE, 0, 1);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 0);
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 0);
    nt_cmd0(&e.st, C0_KERNEL_STRIDE, 0);
    nt_cmd0(&e.st, OP_POOL, POOL_REDUCE_SUM);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq(env_get(&e, &so, 0, 0, 0), 1999999998);
    env_fini(&e);
}

/* A LUT loaded by DMA into SHRAM slot 1 of the reserved banks (U55-128:
 * bank 22, 0x5800 + 256), applied by a 1x1 AVERAGE (Vela's unary op):
 * table[i] = 100 - i, so out = 100 - (x + 128). */
Test(npu_ops, lut_after_dma)
{
    op_env_t e;
    env_init(&e, 128);
    for (int k = 0; k < 256; k++)
        e.cst[0x800 + k] = (uint8_t)(int8_t)(100 - k < -128 ? -128 : 100 - k);
    nt_cmd0(&e.st, C0_DMA0_SRC_REGION, 0);
    nt_cmd0(&e.st, C0_DMA0_DST_REGION, 0x100 | 3);   /* internal: SHRAM */
    nt_cmd1(&e.st, C1_DMA0_SRC, 0, 0x800);
    nt_cmd1(&e.st, C1_DMA0_DST, 0, 0x5800 + 256);
    nt_cmd1(&e.st, C1_DMA0_LEN, 0, 256);
    nt_cmd0(&e.st, OP_DMA_START, 0);
    nt_cmd0(&e.st, OP_DMA_WAIT, 0);
    fm_t i = {.region = 1, .base = 0, .h = 1, .w = 1, .c = 4, .bits = 8, .is_signed = true};
    fm_t o = i;
    o.base = 0x100;
    const int8_t in[4] = {-128, -100, 0, 127};
    for (unsigned c = 0; c < 4; c++)
        env_put(&e, &i, 0, 0, c, in[c]);
    env_ifm(&e, &i);
    env_ofm(&e, &o, true, ROUND_DBL);
    nt_cmd1(&e.st, C1_OFM_SCALE, 0, 1);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 0);
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 0);
    nt_cmd0(&e.st, C0_ACTIVATION, ACTF_TABLE0 + 1);
    nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), 100);
    cr_assert_eq(env_get(&e, &o, 0, 0, 1), 72);
    cr_assert_eq(env_get(&e, &o, 0, 0, 2), -28);
    cr_assert_eq(env_get(&e, &o, 0, 0, 3), -128);   /* 100 - 255 clipped by the table itself */
    env_fini(&e);
}

/* DMA region 0 -> region 1: bytes and per-port traffic (region 0 on AXI1,
 * region 1 on AXI0); registers rewritten after the kick do not matter. */
Test(npu_ops, dma_copy)
{
    op_env_t e;
    env_init(&e, 128);
    for (int k = 0; k < 100; k++)
        e.cst[0x40 + k] = (uint8_t)(k * 3 + 1);
    nt_cmd0(&e.st, C0_DMA0_SRC_REGION, 0);
    nt_cmd0(&e.st, C0_DMA0_DST_REGION, 1);
    nt_cmd1(&e.st, C1_DMA0_SRC, 0, 0x40);
    nt_cmd1(&e.st, C1_DMA0_DST, 0, 0x1000);
    nt_cmd1(&e.st, C1_DMA0_LEN, 0, 100);
    nt_cmd0(&e.st, OP_DMA_START, 0);
    nt_cmd1(&e.st, C1_DMA0_SRC, 0, 0x9999);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq(memcmp(e.scr + 0x1000, e.cst + 0x40, 100), 0);
    cr_assert_eq(e.op_info.kind, NPU_OPK_DMA);
    cr_assert_eq(e.op_info.read_bytes[1], 100 + 4);   /* + the command word, fetched via AXI1 */
    cr_assert_eq(e.op_info.write_bytes[0], 100);
    cr_assert_eq(npu_core_state_reg(e.core, 0xAC0), 0x9999u);   /* DMA0_SRC reads back */
    env_fini(&e);
}

/* OFM split over tiles 0 and 2 (a rolling buffer): rows from HEIGHT0 on
 * go to BASE2. */
Test(npu_ops, ofm_tiles)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t i = {.region = 1, .base = 0, .h = 3, .w = 2, .c = 2, .bits = 8, .is_signed = true};
    fm_t o = i;
    o.base = 0x100;
    fill(&e, &i, 1, 1);
    env_ifm(&e, &i);
    env_ofm(&e, &o, true, ROUND_DBL);
    nt_cmd0(&e.st, C0_OFM_HEIGHT0_M1, 0);   /* tile 0: row 0 only */
    nt_cmd1(&e.st, C1_OFM_BASE0 + 2, 0, 0x300);
    nt_cmd1(&e.st, C1_OFM_SCALE, 0, 1);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 0);
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 0);
    nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq((int8_t)e.scr[0x100], 1);
    cr_assert_eq((int8_t)e.scr[0x103], 4);
    cr_assert_eq((int8_t)e.scr[0x300], 5);            /* row 1 -> tile 2 row 0 */
    cr_assert_eq((int8_t)e.scr[0x300 + 4 + 3], 12);   /* row 2, x 1, c 1 */
    cr_assert_eq((int8_t)e.scr[0x104], 0);            /* nothing below tile 0 */
    env_fini(&e);
}

/* CONV 2x2 over a 3x3x2 int8 IFM (zp 1) into a 2x2x2 NHCWB16 OFM (zp -3),
 * weights W[o][y][x][i] = (o+1)(2y+x+1)(i ? -1 : 1), bias 10o - 5, unit
 * per-channel scale (2^30 >> 30).  Stream order (ETHOSU.md 5.2):
 * depth-first: ((e*4 + i/8)*8 + o)*8 + i%8, 1024 values; part-kernel:
 * (e*8 + o)*8 + i, 256 values. */
static void conv_case(bool part_kernel)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t i = {.region = 1, .base = 0, .h = 3, .w = 3, .c = 2, .bits = 8, .is_signed = true, .zp = 1};
    fm_t o = {.region = 1, .base = 0x100, .h = 2, .w = 2, .c = 2, .bits = 8, .is_signed = true, .brick = true, .zp = -3};
    fill(&e, &i, -4, 1);
    int16_t stream[1024] = {0};
    for (int oc = 0; oc < 2; oc++)
        for (int ky = 0; ky < 2; ky++)
            for (int kx = 0; kx < 2; kx++)
                for (int ic = 0; ic < 2; ic++) {
                    int el = ky * 2 + kx;
                    int w = (oc + 1) * (el + 1) * (ic ? -1 : 1);
                    int idx = part_kernel ? (el * 8 + oc) * 8 + ic : ((el * 4 + ic / 8) * 8 + oc) * 8 + ic % 8;
                    stream[idx] = (int16_t)w;
                }
    size_t wlen = mlw_encode_raw(stream, part_kernel ? 256 : 1024, e.cst + 0x1000, 0x2000);
    for (int oc = 0; oc < 2; oc++)
        scale_entry(e.cst + 0x100 + 10 * oc, 10 * oc - 5, 1u << 30, 30);
    env_ifm(&e, &i);
    env_ofm(&e, &o, false, ROUND_DBL);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 1);
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 1);
    nt_cmd0(&e.st, C0_KERNEL_STRIDE, part_kernel ? 0x4 : 0);
    nt_cmd0(&e.st, C0_OFM_BLK_DEPTH_M1, 7);
    nt_cmd0(&e.st, C0_WEIGHT_REGION, 0);
    nt_cmd1(&e.st, C1_WEIGHT_BASE, 0, 0x1000);
    nt_cmd1(&e.st, C1_WEIGHT_LENGTH, 0, (uint32_t)wlen);
    nt_cmd0(&e.st, C0_SCALE_REGION, 0);
    nt_cmd1(&e.st, C1_SCALE_BASE, 0, 0x100);
    nt_cmd1(&e.st, C1_SCALE_LENGTH, 0, 32);
    nt_cmd0(&e.st, OP_CONV, 0);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    /* Worked by hand: taps (-5,-4)(-3,-2)(1,2)(3,4) against (1,-1)(2,-2)
     * (3,-3)(4,-4) give -1 -2 -3 -4 = -10; + bias -5 + zp -3. */
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), -18);
    for (int oy = 0; oy < 2; oy++)
        for (int ox = 0; ox < 2; ox++)
            for (int oc = 0; oc < 2; oc++) {
                int acc = 0;
                for (int ky = 0; ky < 2; ky++)
                    for (int kx = 0; kx < 2; kx++)
                        for (int ic = 0; ic < 2; ic++)
                            acc += (env_get(&e, &i, (unsigned)(oy + ky), (unsigned)(ox + kx), (unsigned)ic) - 1) *
                                   (oc + 1) * (ky * 2 + kx + 1) * (ic ? -1 : 1);
                int want = acc + 10 * oc - 5 - 3;
                cr_assert_eq(env_get(&e, &o, (unsigned)oy, (unsigned)ox, (unsigned)oc), want, "(%d,%d,%d)", oy, ox, oc);
            }
    cr_assert_eq(e.op_info.macs, 2 * 2 * 2 * 4 * 2);
    cr_assert_eq(e.op_info.weight_bytes, wlen + 20);
    env_fini(&e);
}

Test(npu_ops, conv_depth_first)
{
    conv_case(false);
}

Test(npu_ops, conv_part_kernel)
{
    conv_case(true);
}

/* DEPTHWISE 3x3, stride 2, padding 1 on all sides, 3x3x3 -> 2x2x3,
 * W[c][y][x] = (c+1)(x - y + 2); stream order e*Uo + c with the element
 * count rounded up to 12, Uo = 8 (U55-128) or 4 (U55-32). */
static void depthwise_case(unsigned macs)
{
    op_env_t e;
    env_init(&e, macs);
    unsigned uo = macs == 32 ? 4 : 8;
    fm_t i = {.region = 1, .base = 0, .h = 3, .w = 3, .c = 3, .bits = 8, .is_signed = true};
    fm_t o = {.region = 1, .base = 0x100, .h = 2, .w = 2, .c = 3, .bits = 8, .is_signed = true};
    fill(&e, &i, -13, 1);
    int16_t stream[96] = {0};
    for (int c = 0; c < 3; c++)
        for (int el = 0; el < 9; el++)
            stream[el * uo + (unsigned)c] = (int16_t)((c + 1) * (el % 3 - el / 3 + 2));
    size_t wlen = mlw_encode_raw(stream, 12 * uo, e.cst + 0x1000, 0x2000);
    for (int c = 0; c < 3; c++)
        scale_entry(e.cst + 0x100 + 10 * c, 0, 1u << 30, 31);   /* x 0.5 */
    env_ifm(&e, &i);
    env_ofm(&e, &o, false, ROUND_DBL);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 2);
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 2);
    nt_cmd0(&e.st, C0_KERNEL_STRIDE, 0x3);
    for (unsigned p = C0_IFM_PAD_TOP; p <= C0_IFM_PAD_BOTTOM; p++)
        nt_cmd0(&e.st, p, 1);
    nt_cmd0(&e.st, C0_OFM_BLK_DEPTH_M1, 7);
    nt_cmd0(&e.st, C0_WEIGHT_REGION, 0);
    nt_cmd1(&e.st, C1_WEIGHT_BASE, 0, 0x1000);
    nt_cmd1(&e.st, C1_WEIGHT_LENGTH, 0, (uint32_t)wlen);
    nt_cmd0(&e.st, C0_SCALE_REGION, 0);
    nt_cmd1(&e.st, C1_SCALE_BASE, 0, 0x100);
    nt_cmd0(&e.st, OP_DEPTHWISE, 0);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    /* Output (0,0), channel 0: window rows -1..1, cols -1..1; real taps
     * (0,0)=-13 w(1,1)=2, (0,1)=-10 w(1,2)=3, (1,0)=-4 w(2,1)=1,
     * (1,1)=-1 w(2,2)=2: -26 -30 -4 -2 = -62 -> x0.5 = -31. */
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), -31);
    for (int oy = 0; oy < 2; oy++)
        for (int ox = 0; ox < 2; ox++)
            for (int c = 0; c < 3; c++) {
                int acc = 0;
                for (int ky = 0; ky < 3; ky++)
                    for (int kx = 0; kx < 3; kx++) {
                        int iy = oy * 2 + ky - 1, ix = ox * 2 + kx - 1;
                        if (iy >= 0 && iy < 3 && ix >= 0 && ix < 3)
                            acc += env_get(&e, &i, (unsigned)iy, (unsigned)ix, (unsigned)c) * (c + 1) * (kx - ky + 2);
                    }
                int want = acc >= 0 ? (acc + 1) / 2 : -((-acc) / 2);   /* half up */
                cr_assert_eq(env_get(&e, &o, (unsigned)oy, (unsigned)ox, (unsigned)c), want, "(%d,%d,%d)", oy, ox, c);
            }
    env_fini(&e);
}

Test(npu_ops, depthwise_stride_padding_u55_128)
{
    depthwise_case(128);
}

Test(npu_ops, depthwise_stride_padding_u55_32)
{
    depthwise_case(32);
}

static void unary_pool(op_env_t *e, const fm_t *i, const fm_t *o)
{
    env_ifm(e, i);
    env_ofm(e, o, true, ROUND_DBL);
    nt_cmd1(&e->st, C1_OFM_SCALE, 0, 1);
    nt_cmd0(&e->st, C0_KERNEL_HEIGHT_M1, 0);
    nt_cmd0(&e->st, C0_KERNEL_WIDTH_M1, 0);
}

/* A 16-bit LUT in all eight slots (512 words of slope << 16 | base,
 * base_j = 10 j, slope 20): x -> base + (20 frac + 64) >> 7 with
 * j = (x + 32768) >> 7, frac = (x + 32768) & 127. */
Test(npu_ops, lut_int16_interpolated)
{
    op_env_t e;
    env_init(&e, 128);
    for (int j = 0; j < 512; j++) {
        uint32_t w = 20u << 16 | (uint32_t)(10 * j);
        memcpy(e.cst + 0x2000 + 4 * j, &w, 4);
    }
    nt_cmd0(&e.st, C0_DMA0_SRC_REGION, 0);
    nt_cmd0(&e.st, C0_DMA0_DST_REGION, 0x100);
    nt_cmd1(&e.st, C1_DMA0_SRC, 0, 0x2000);
    nt_cmd1(&e.st, C1_DMA0_DST, 0, 0x5800);
    nt_cmd1(&e.st, C1_DMA0_LEN, 0, 2048);
    nt_cmd0(&e.st, OP_DMA_START, 0);
    fm_t i = {.region = 1, .base = 0, .h = 1, .w = 1, .c = 4, .bits = 16, .is_signed = true};
    fm_t o = i;
    o.base = 0x100;
    const int16_t in[4] = {0, 100, -32768, 32767};
    for (unsigned c = 0; c < 4; c++)
        env_put(&e, &i, 0, 0, c, in[c]);
    unary_pool(&e, &i, &o);
    nt_cmd0(&e.st, C0_ACTIVATION, ACTF_TABLE0);
    nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    cr_assert_eq(env_get(&e, &o, 0, 0, 0), 2560);
    cr_assert_eq(env_get(&e, &o, 0, 0, 1), 2576);
    cr_assert_eq(env_get(&e, &o, 0, 0, 2), 0);
    cr_assert_eq(env_get(&e, &o, 0, 0, 3), 5130);
    env_fini(&e);
}

/* Built-in SIGMOID and TANH on int16: Q3.12 in, Q0.15 out.
 * sigmoid(0) = 0.5 -> 16384, sigmoid(1) = 0.731059 -> 23955,
 * sigmoid(7.99976) = 0.999664 -> 32757, tanh(1) = 0.761594 -> 24956,
 * tanh(-1) -> -24956. */
Test(npu_ops, sigmoid_tanh_builtin)
{
    const struct {
        unsigned func;
        int16_t in[3];
        int want[3];
    } cases[] = {
        {ACTF_SIGMOID, {0, 4096, 32767}, {16384, 23955, 32757}},
        {ACTF_TANH, {0, 4096, -4096}, {0, 24956, -24956}},
    };
    for (size_t k = 0; k < 2; k++) {
        op_env_t e;
        env_init(&e, 128);
        fm_t i = {.region = 1, .base = 0, .h = 1, .w = 1, .c = 3, .bits = 16, .is_signed = true};
        fm_t o = i;
        o.base = 0x100;
        for (unsigned c = 0; c < 3; c++)
            env_put(&e, &i, 0, 0, c, cases[k].in[c]);
        unary_pool(&e, &i, &o);
        nt_cmd0(&e.st, C0_ACTIVATION, (uint16_t)cases[k].func);
        nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
        cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
        for (unsigned c = 0; c < 3; c++)
            cr_assert_eq(env_get(&e, &o, 0, 0, c), cases[k].want[c], "function %u element %u", cases[k].func, c);
        env_fini(&e);
    }
}

/* IFM upscale x2: NEAREST repeats each element 2x2, ZEROS keeps it at
 * the even positions (1x1 AVERAGE, 2x2 IFM -> 4x4 OFM). */
Test(npu_ops, ifm_upscale)
{
    for (unsigned mode = 1; mode <= 2; mode++) {
        op_env_t e;
        env_init(&e, 128);
        fm_t i = {.region = 1, .base = 0, .h = 2, .w = 2, .c = 1, .bits = 8, .is_signed = true};
        fm_t o = {.region = 1, .base = 0x100, .h = 4, .w = 4, .c = 1, .bits = 8, .is_signed = true};
        fill(&e, &i, 10, 10);   /* 10 20 / 30 40 */
        unary_pool(&e, &i, &o);
        nt_cmd0(&e.st, C0_IFM_UPSCALE, (uint16_t)mode);
        nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
        cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
        for (unsigned y = 0; y < 4; y++)
            for (unsigned x = 0; x < 4; x++) {
                int v = 10 * (int)(1 + (y / 2) * 2 + x / 2);
                int want = mode == 1 ? v : ((y | x) & 1) ? 0 : v;
                cr_assert_eq(env_get(&e, &o, y, x, 0), want, "mode %u (%u,%u)", mode, y, x);
            }
        env_fini(&e);
    }
}

/* IFM split in width: columns from WIDTH0 on come from tile 1 (BASE1). */
Test(npu_ops, ifm_width_tiles)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t i = {.region = 1, .base = 0, .h = 1, .w = 3, .c = 2, .bits = 8, .is_signed = true};
    fm_t o = i;
    o.base = 0x100;
    e.scr[0] = 1;
    e.scr[1] = 2;
    e.scr[0x500] = 3;     /* x 1 -> tile 1, x 0 */
    e.scr[0x501] = 4;
    e.scr[0x506] = 5;     /* x 2 -> tile 1, x 1 (STRIDE_X 6 as the IFM helper sets) */
    e.scr[0x507] = 6;
    unary_pool(&e, &i, &o);
    nt_cmd0(&e.st, C0_IFM_WIDTH0_M1, 0);
    nt_cmd1(&e.st, C1_IFM_STRIDE_X, 0, 6);
    nt_cmd1(&e.st, C1_IFM_BASE0 + 1, 0, 0x500);
    nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
    cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
    for (unsigned k = 0; k < 6; k++)
        cr_assert_eq(e.scr[0x100 + k], k + 1, "element %u", k);
    env_fini(&e);
}

/* uint8 in and out (zero points 128 and 100), scale 0.25 (2^30 >> 32),
 * activation clamp [80, 120]; TRUNCATE rounds toward zero, NATURAL half
 * up, DBL adds the extra 2^30 below zero for a shift over 31:
 * x = 101: -27/4 = -6.75 -> -6 / -7 / -7; x = 255: 31.75 -> 131 -> 120;
 * x = 0: -32 -> 68 -> 80; x = 200: 18 -> 118. */
Test(npu_ops, uint8_rounding_and_clamp)
{
    const struct {
        unsigned round;
        int want[4];
    } cases[] = {
        {ROUND_TRUNCATE, {94, 120, 80, 118}},
        {ROUND_NATURAL, {93, 120, 80, 118}},
        {ROUND_DBL, {93, 120, 80, 118}},
    };
    for (size_t k = 0; k < 3; k++) {
        op_env_t e;
        env_init(&e, 64);
        fm_t i = {.region = 1, .base = 0, .h = 1, .w = 1, .c = 4, .bits = 8, .is_signed = false, .zp = 128};
        fm_t o = i;
        o.base = 0x100;
        o.zp = 100;
        const int in[4] = {101, 255, 0, 200};
        for (unsigned c = 0; c < 4; c++)
            env_put(&e, &i, 0, 0, c, in[c]);
        env_ifm(&e, &i);
        env_ofm(&e, &o, true, cases[k].round);
        nt_cmd1(&e.st, C1_OFM_SCALE, 32, 1u << 30);
        nt_cmd0(&e.st, C0_ACTIVATION_MIN, 80);
        nt_cmd0(&e.st, C0_ACTIVATION_MAX, 120);
        nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 0);
        nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 0);
        nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
        cr_assert_eq(env_run(&e), NPU_STEP_STOP, "%s", e.info.message);
        for (unsigned c = 0; c < 4; c++)
            cr_assert_eq(env_get(&e, &o, 0, 0, c), cases[k].want[c], "round %u element %u", cases[k].round, c);
        env_fini(&e);
    }
}
