/* Hostile and broken command streams: each ends in the documented step
 * result with a message (and, for bus errors, the faulting channel and
 * address), never a host crash, hang or giant allocation. */
#include <criterion/criterion.h>
#include <string.h>

#include "op_env.h"
#include "../../npu/cmd_defs.h"

static npu_step_result_t run_raw(op_env_t *e, const uint32_t *w, unsigned n)
{
    memcpy(e->cmd, w, n * 4);
    e->bases.qsize = n * 4;
    uint32_t qread = 0;
    npu_step_result_t r = NPU_STEP_CONTINUE;
    for (unsigned i = 0; i < 1000 && (r == NPU_STEP_CONTINUE || r == NPU_STEP_IRQ); i++)
        r = npu_core_step(e->core, &e->bases, &qread, &e->info);
    return r;
}

Test(npu_hostile, unknown_opcodes)
{
    const uint32_t cases[][2] = {
        {0x00000004u, 0},            /* cmd0 opcode 4: unused on U55 */
        {0x00000123u, 0},            /* cmd0 register 0x123 (PARALLEL_MODE, U65 only) */
        {0x00004040u, 0x12345678u},  /* cmd1 opcode 0x40 */
        {0x00004090u, 0},            /* cmd1 WEIGHT1_BASE (U65 only) */
        {0x00008000u, 0},            /* control field 2 */
        {0x0000C000u, 0},            /* control field 3 */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        op_env_t e;
        env_init(&e, 128);
        cr_assert_eq(run_raw(&e, cases[k], 2), NPU_STEP_PARSE_ERROR, "case %zu", k);
        cr_assert_neq(e.info.message[0], 0);
        env_fini(&e);
    }
}

Test(npu_hostile, end_of_queue)
{
    op_env_t e;
    env_init(&e, 128);
    const uint32_t no_stop[] = {0x00010109u, 0x00004000u, 0x100u};   /* registers, then nothing */
    cr_assert_eq(run_raw(&e, no_stop, 3), NPU_STEP_END_OF_QUEUE);
    const uint32_t cut_cmd1[] = {0x00010109u, 0x00004000u};          /* payload beyond QSIZE */
    cr_assert_eq(run_raw(&e, cut_cmd1, 2), NPU_STEP_PARSE_ERROR);
    cr_assert_eq(run_raw(&e, cut_cmd1, 0), NPU_STEP_END_OF_QUEUE);
    env_fini(&e);
}

Test(npu_hostile, command_fetch_bus_error)
{
    op_env_t e;
    env_init(&e, 128);
    e.bases.qbase = 0x50000000u;
    e.bases.qsize = 64;
    uint32_t qread = 0;
    cr_assert_eq(npu_core_step(e.core, &e.bases, &qread, &e.info), NPU_STEP_BUS_ERROR);
    cr_assert_eq(e.info.faulting_channel, 0);
    cr_assert_eq(e.info.fault_addr, 0x50000000u);
    e.bases.qbase = 0xFFFFFFFEu;   /* a fetch that would wrap */
    cr_assert_eq(npu_core_step(e.core, &e.bases, &qread, &e.info), NPU_STEP_BUS_ERROR);
    env_fini(&e);
}

static void unary_copy(op_env_t *e, const fm_t *i, const fm_t *o)
{
    env_ifm(e, i);
    env_ofm(e, o, true, ROUND_DBL);
    nt_cmd1(&e->st, C1_OFM_SCALE, 0, 1);
    nt_cmd0(&e->st, C0_KERNEL_HEIGHT_M1, 0);
    nt_cmd0(&e->st, C0_KERNEL_WIDTH_M1, 0);
}

Test(npu_hostile, feature_map_bus_errors)
{
    fm_t i = {.region = 1, .base = 0, .h = 2, .w = 2, .c = 2, .bits = 8, .is_signed = true};
    fm_t o = i;
    o.base = 0x100;
    op_env_t e;

    env_init(&e, 128);   /* IFM past the end of scratch */
    i.base = ENV_MEM_SIZE - 4;
    unary_copy(&e, &i, &o);
    nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
    cr_assert_eq(env_run(&e), NPU_STEP_BUS_ERROR);
    cr_assert_eq(e.info.faulting_channel, 1);
    cr_assert_eq(e.info.fault_addr, ENV_SCRATCH_BASE + ENV_MEM_SIZE - 4 + 4);   /* row 1 */
    env_fini(&e);

    env_init(&e, 128);   /* OFM in region 5, whose base nobody set */
    i.base = 0;
    o.region = 5;
    unary_copy(&e, &i, &o);
    nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
    cr_assert_eq(env_run(&e), NPU_STEP_BUS_ERROR);
    cr_assert_eq(e.info.faulting_channel, 8);
    env_fini(&e);

    env_init(&e, 128);   /* negative strides walking below the region */
    o.region = 1;
    unary_copy(&e, &i, &o);
    nt_cmd1(&e.st, C1_IFM_STRIDE_Y, 0, (uint32_t)-0x1000);
    nt_cmd0(&e.st, OP_POOL, POOL_AVERAGE);
    cr_assert_eq(env_run(&e), NPU_STEP_BUS_ERROR);
    env_fini(&e);
}

Test(npu_hostile, absurd_sizes)
{
    fm_t i = {.region = 1, .base = 0, .h = 2, .w = 2, .c = 2, .bits = 8, .is_signed = true};
    fm_t o = i;
    o.base = 0x100;
    op_env_t e;

    env_init(&e, 128);   /* 65536 x 65536 x 65536 OFM */
    unary_copy(&e, &i, &o);
    nt_cmd0(&e.st, C0_OFM_HEIGHT_M1, 0xFFFF);
    nt_cmd0(&e.st, C0_OFM_WIDTH_M1, 0xFFFF);
    nt_cmd0(&e.st, C0_OFM_DEPTH_M1, 0xFFFF);
    nt_cmd0(&e.st, OP_ELEMENTWISE, EW_ADD);
    cr_assert_eq(env_run(&e), NPU_STEP_PARSE_ERROR);
    env_fini(&e);

    env_init(&e, 128);   /* 65536 x 65536 kernel */
    unary_copy(&e, &i, &o);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 0xFFFF);
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 0xFFFF);
    nt_cmd0(&e.st, OP_CONV, 0);
    cr_assert_eq(env_run(&e), NPU_STEP_PARSE_ERROR);
    env_fini(&e);

    env_init(&e, 128);   /* padding larger than the window: no IFM at all */
    unary_copy(&e, &i, &o);
    nt_cmd0(&e.st, C0_IFM_PAD_TOP, 100);
    nt_cmd0(&e.st, C0_IFM_PAD_BOTTOM, 200);
    nt_cmd0(&e.st, OP_POOL, POOL_MAX);
    cr_assert_eq(env_run(&e), NPU_STEP_PARSE_ERROR);
    env_fini(&e);

    env_init(&e, 128);   /* a 4 GB DMA, a DMA past SHRAM */
    nt_cmd1(&e.st, C1_DMA0_LEN, 0, 0xFFFFFFF0u);
    nt_cmd0(&e.st, OP_DMA_START, 0);
    cr_assert_eq(env_run(&e), NPU_STEP_PARSE_ERROR);
    env_fini(&e);
    env_init(&e, 128);
    nt_cmd0(&e.st, C0_DMA0_DST_REGION, 0x100);
    nt_cmd1(&e.st, C1_DMA0_DST, 0, 24 * 1024 - 16);
    nt_cmd1(&e.st, C1_DMA0_LEN, 0, 32);
    nt_cmd0(&e.st, OP_DMA_START, 0);
    cr_assert_eq(env_run(&e), NPU_STEP_PARSE_ERROR);
    env_fini(&e);
}

Test(npu_hostile, undefined_modes)
{
    fm_t i = {.region = 1, .base = 0, .h = 1, .w = 1, .c = 4, .bits = 8, .is_signed = true};
    fm_t o = i;
    o.base = 0x100;
    const struct {
        unsigned reg, val, op, param;
    } cases[] = {
        {C0_IFM_PRECISION, 0x000C, OP_POOL, POOL_AVERAGE},   /* 64-bit IFM */
        {C0_IFM_PRECISION, 0x0081, OP_POOL, POOL_AVERAGE},   /* format 2 */
        {C0_ACTIVATION, 7, OP_POOL, POOL_AVERAGE},           /* activation 7 */
        {C0_IFM_UPSCALE, 3, OP_CONV, 0},                     /* upscale mode 3 */
        {C0_KERNEL_STRIDE, 0, OP_POOL, 3},                   /* pooling mode 3 */
        {C0_KERNEL_STRIDE, 0, OP_ELEMENTWISE, 10},           /* elementwise mode 10 */
        {C0_IFM_PRECISION, 0x0301, OP_ELEMENTWISE, EW_ADD},  /* IFM scale mode 3 */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        op_env_t e;
        env_init(&e, 128);
        unary_copy(&e, &i, &o);
        nt_cmd0(&e.st, cases[k].reg, (uint16_t)cases[k].val);
        nt_cmd0(&e.st, cases[k].op, (uint16_t)cases[k].param);
        cr_assert_eq(env_run(&e), NPU_STEP_PARSE_ERROR, "case %zu: %d %s", k, e.info.kind, e.info.message);
        env_fini(&e);
    }
}

/* Garbage where the weights should be: a weight-decoder fault. */
Test(npu_hostile, weight_stream_garbage)
{
    op_env_t e;
    env_init(&e, 128);
    fm_t i = {.region = 1, .base = 0, .h = 2, .w = 2, .c = 8, .bits = 8, .is_signed = true};
    fm_t o = i;
    o.base = 0x100;
    memset(e.cst + 0x1000, 0xA5, 64);
    env_ifm(&e, &i);
    env_ofm(&e, &o, false, ROUND_DBL);
    nt_cmd0(&e.st, C0_KERNEL_HEIGHT_M1, 0);
    nt_cmd0(&e.st, C0_KERNEL_WIDTH_M1, 0);
    nt_cmd0(&e.st, C0_OFM_BLK_DEPTH_M1, 7);
    nt_cmd1(&e.st, C1_WEIGHT_BASE, 0, 0x1000);
    nt_cmd1(&e.st, C1_WEIGHT_LENGTH, 0, 64);
    nt_cmd0(&e.st, OP_CONV, 0);
    cr_assert_eq(env_run(&e), NPU_STEP_WD_FAULT);
    cr_assert_neq(e.info.message[0], 0);
    env_fini(&e);
}

/* IRQ continues; state registers read back; reset clears them. */
Test(npu_hostile, irq_state_and_reset)
{
    op_env_t e;
    env_init(&e, 128);
    nt_cmd1(&e.st, C1_OFM_SCALE, 38, 0x83126e98u);
    nt_cmd0(&e.st, C0_IFM_ZERO_POINT, 0xFF80);
    nt_cmd0(&e.st, C0_IFM2_REGION, 3);
    nt_cmd0(&e.st, OP_IRQ, 0x1234);
    memcpy(e.cmd, e.st.w, e.st.n * 4);
    nt_cmd0(&e.st, OP_STOP, 0xFFFF);
    memcpy(e.cmd, e.st.w, e.st.n * 4);
    e.bases.qsize = e.st.n * 4;
    uint32_t qread = 0;
    npu_step_result_t r;
    while ((r = npu_core_step(e.core, &e.bases, &qread, &e.info)) == NPU_STEP_CONTINUE)
        ;
    cr_assert_eq(r, NPU_STEP_IRQ);
    cr_assert_eq(e.info.param, 0x1234);
    cr_assert_eq(npu_core_step(e.core, &e.bases, &qread, &e.info), NPU_STEP_STOP);
    cr_assert_eq(e.info.param, 0xFFFF);
    cr_assert_eq(npu_core_state_reg(e.core, 0xAA0), 0x83126e98u);
    cr_assert_eq(npu_core_state_reg(e.core, 0xAA4), 38u);
    cr_assert_eq(npu_core_state_reg(e.core, 0x824), 0xFF80u);
    cr_assert_eq(npu_core_state_reg(e.core, 0x93C), 3u);
    npu_core_reset(e.core);
    cr_assert_eq(npu_core_state_reg(e.core, 0xAA0), 0u);
    cr_assert_eq(npu_core_state_reg(e.core, 0x824), 0u);
    env_fini(&e);
}
