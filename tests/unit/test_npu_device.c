/* The Ethos-U55 device (npu/ethosu_device.h) on its own: the register
 * file, the reset / run / stop state machine with its interrupt line
 * (ETHOSU.md 2.1, 2.4), the PMU (2.3) and the first timing model, over a
 * small memory behind npu_port_t.  The command streams use only what any
 * command processor must do the same way: register commands, STOP, IRQ
 * and an opcode the U55 does not have. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../npu/ethosu_device.h"

#define MEM_BASE 0x10000u
#define MEM_SIZE 0x10000u

typedef struct fixture {
    uint8_t mem[MEM_SIZE];
    unsigned refused;          /* accesses the port refused */
    unsigned irq_rises;
    bool level;
    ethosu_device_t *d;
} fixture_t;

static fixture_t fx;

static bool mem_read(void *ctx, uint32_t addr, void *dst, uint32_t len, unsigned axi_port)
{
    fixture_t *f = ctx;
    (void)axi_port;
    if (addr < MEM_BASE || (uint64_t)addr + len > MEM_BASE + MEM_SIZE) {
        f->refused++;
        return false;
    }
    memcpy(dst, f->mem + (addr - MEM_BASE), len);
    return true;
}

static bool mem_write(void *ctx, uint32_t addr, const void *src, uint32_t len, unsigned axi_port)
{
    fixture_t *f = ctx;
    (void)axi_port;
    if (addr < MEM_BASE || (uint64_t)addr + len > MEM_BASE + MEM_SIZE) {
        f->refused++;
        return false;
    }
    memcpy(f->mem + (addr - MEM_BASE), src, len);
    return true;
}

static void irq_set(void *ctx, bool level)
{
    fixture_t *f = ctx;
    if (level && !f->level)
        f->irq_rises++;
    f->level = level;
}

static void setup_config(const char *name)
{
    memset(&fx, 0, sizeof fx);
    const ethosu_config_t *cfg = ethosu_config_find(name);
    cr_assert_not_null(cfg);
    npu_port_t port = {&fx, mem_read, mem_write, NULL};
    ethosu_irq_t irq = {&fx, irq_set};
    fx.d = ethosu_create(cfg, port, irq);
    cr_assert_not_null(fx.d);
}

static void setup(void)
{
    setup_config("ethos-u55-128");
}

static void teardown(void)
{
    ethosu_destroy(fx.d);
}

enum { ID = 0x000, STATUS = 0x004, CMD = 0x008, RESET = 0x00C, QBASE = 0x010, QREAD = 0x018, QCONFIG = 0x01C,
       QSIZE = 0x020, PROT = 0x024, CONFIG = 0x028, REGIONCFG = 0x03C, BASEP1 = 0x088, PMCR = 0x180,
       PMCNTENSET = 0x184, PMCNTENCLR = 0x188, PMOVSSET = 0x18C, PMOVSCLR = 0x190, PMINTSET = 0x194,
       PMCCNTR = 0x1A0, PMCCNTR_HI = 0x1A4, PMCCNTR_CFG = 0x1A8, PMEVCNTR0 = 0x300, PMEVTYPER0 = 0x380 };

#define STOP(mask) (((uint32_t)(mask) << 16) | 0u)
#define IRQ(mask) (((uint32_t)(mask) << 16) | 1u)
#define REG0(v) (((uint32_t)(v) << 16) | 0x100u)   /* NPU_SET_IFM_PAD_TOP */

static uint32_t rd(uint64_t now, uint32_t off)
{
    return ethosu_read(fx.d, now, off);
}

static void wr(uint64_t now, uint32_t off, uint32_t v)
{
    ethosu_write(fx.d, now, off, v);
}

/* Put words at MEM_BASE, point QBASE/QSIZE at them and go at cycle now. */
static void start(uint64_t now, const uint32_t *words, unsigned n)
{
    memcpy(fx.mem, words, 4 * n);
    wr(now, QBASE, MEM_BASE);
    wr(now, QSIZE, 4 * n);
    wr(now, CMD, 0xDu);
}

/* Run events until the NPU stops (at most limit cycles); the cycle it did. */
static uint64_t run_to_stop(uint64_t limit)
{
    uint64_t t;
    while ((t = ethosu_next_event(fx.d)) != UINT64_MAX) {
        cr_assert_leq(t, limit, "still running at cycle %llu", (unsigned long long)t);
        ethosu_advance(fx.d, t);
    }
    return fx.d->now;
}

TestSuite(npu_device, .init = setup, .fini = teardown);

Test(npu_device, reset_values_and_identification)
{
    cr_expect_eq(rd(0, ID), 0x10104201u);
    cr_expect_eq(rd(0, STATUS), 0u);
    cr_expect_eq(rd(0, CMD), 0xCu);
    cr_expect_eq(rd(0, CONFIG), 0x1807u);
    cr_expect_eq(rd(0, PMCR), 0x2000u);    /* num_event_cnt = 4 */
    cr_expect_eq(rd(0, 0xFE0), 0x80u);     /* PID0 */
    cr_expect_eq(rd(0, 0xFE4), 0xB5u);
    cr_expect_eq(rd(0, 0xFF0), 0x0Du);     /* CID0..3 */
    cr_expect_eq(rd(0, 0xFFC), 0xB1u);
    cr_expect_eq(ethosu_next_event(fx.d), UINT64_MAX);
}

Test(npu_device, config_register_per_mac_configuration)
{
    static const struct { const char *name; uint32_t config; } want[] = {
        {"ethos-u55-32", 0x1005}, {"ethos-u55-64", 0x1006}, {"ethos-u55-128", 0x1807}, {"ethos-u55-256", 0x3008}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        ethosu_destroy(fx.d);
        setup_config(want[i].name);
        cr_expect_eq(rd(0, CONFIG), want[i].config, "%s", want[i].name);
    }
    cr_expect_null(ethosu_config_find("ethos-u55-512"));
    cr_expect_null(ethosu_config_find("ethos-u65-256"));
}

Test(npu_device, soft_reset_takes_time_and_sets_prot)
{
    wr(10, QCONFIG, 2);
    wr(10, RESET, 3u);
    cr_expect_eq(rd(11, STATUS), 0x8u, "reset_status while resetting");
    cr_expect_eq(rd(11, ID), 0u, "other registers read 0 while resetting");
    wr(12, QCONFIG, 1);                      /* ignored while resetting */
    uint64_t t = 11;
    while (rd(t, STATUS) & 0x8u)
        t++;
    cr_expect_gt(t, 11u);
    cr_expect_eq(rd(t, PROT), 3u);
    cr_expect_eq(rd(t, QCONFIG), 0u, "QCONFIG back to its reset value");
    cr_expect_eq(rd(t, CMD), 0xCu);
}

Test(npu_device, stop_ends_the_job_with_an_interrupt)
{
    uint32_t s[] = {REG0(1), REG0(2), STOP(0xFFFF)};
    start(100, s, 3);
    cr_expect_eq(rd(100, STATUS) & 1u, 1u, "running");
    cr_expect_eq(ethosu_next_event(fx.d), 101u, "a register command takes one cycle");
    uint64_t end = run_to_stop(1000);
    cr_expect_eq(end, 103u);
    cr_expect_eq(rd(end, STATUS), 0xFFFF0022u, "cmd_end_reached, irq_raised, history 0xFFFF");
    cr_expect(fx.level);
    cr_expect_eq(fx.irq_rises, 1u);
    cr_expect_eq(rd(end, QREAD), 12u);
    wr(end, CMD, 0xCu | 2u);                  /* clear_irq */
    cr_expect_not(fx.level);
    cr_expect_eq(rd(end, STATUS), 0xFFFF0020u);
    wr(end, CMD, 0xCu | 0xFFFF0000u);         /* clear the history */
    cr_expect_eq(rd(end, STATUS), 0x20u);
    wr(end, QSIZE, 12);                       /* QSIZE while stopped clears cmd_end_reached */
    cr_expect_eq(rd(end, STATUS), 0u);
    cr_expect_eq(rd(end, QREAD), 0u);
    cr_expect_eq(fx.d->counters.commands, 3u);
    cr_expect_eq(fx.d->counters.active_cycles, 3u);
    cr_assert_eq(fx.d->njobs, 1u, "the job log");
    cr_expect_eq(fx.d->jobs[0].start, 100u);
    cr_expect_eq(fx.d->jobs[0].end, 103u);
    cr_expect_eq(fx.d->jobs[0].commands, 3u);
    cr_expect_eq(fx.d->jobs[0].status, 0x22u);
    cr_expect_eq(fx.d->counters.read_bytes[0], 12u, "QCONFIG 0: commands on AXI0");
}

Test(npu_device, irq_command_raises_without_stopping)
{
    uint32_t s[8] = {IRQ(0x0003)};
    for (int i = 1; i < 7; i++)
        s[i] = REG0(i);
    s[7] = STOP(0x0100);
    start(0, s, 8);
    ethosu_advance(fx.d, 1);
    cr_expect(fx.level);
    cr_expect_eq(rd(1, STATUS) & 0xFFFF0003u, 0x00030003u, "running, irq_raised, history 3");
    wr(2, CMD, 0xEu);                          /* the handler clears it */
    cr_expect_not(fx.level);
    run_to_stop(1000);
    cr_expect_eq(fx.irq_rises, 2u);
    cr_expect_eq(rd(fx.d->now, STATUS), 0x01030022u);
}

Test(npu_device, unknown_opcode_is_a_parse_error_latched_until_reset)
{
    uint32_t s[] = {REG0(1), 0x00000007u, STOP(0xFFFF)};
    start(0, s, 3);
    uint64_t end = run_to_stop(100);
    cr_expect_eq(rd(end, STATUS), 0x12u, "cmd_parse_error, irq_raised, no cmd_end_reached");
    cr_expect(fx.level);
    cr_expect_neq(fx.d->last_error[0], '\0');
    wr(end, CMD, 0xEu);
    wr(end, QBASE, MEM_BASE);
    wr(end, CMD, 0xDu);                        /* go is refused while the error is latched */
    cr_expect_eq(rd(end, STATUS) & 1u, 0u);
    cr_expect_eq(ethosu_next_event(fx.d), UINT64_MAX);
    wr(end, RESET, 0);
    ethosu_advance(fx.d, end + 100);
    cr_expect_eq(rd(end + 100, STATUS), 0u);
}

Test(npu_device, refused_fetch_is_a_bus_error)
{
    wr(0, QBASE, 0x40000000u);
    wr(0, QSIZE, 16);
    wr(0, CMD, 0xDu);
    uint64_t end = run_to_stop(100);
    uint32_t st = rd(end, STATUS);
    cr_expect_eq(st & 0xFFu, 0x06u, "bus_status, irq_raised, stopped");
    cr_expect_eq((st >> 12) & 0xFu, 0u, "faulting channel: command");
    cr_expect_gt(fx.refused, 0u);
    cr_expect_eq(fx.d->counters.read_bytes[0] + fx.d->counters.read_bytes[1], 0u);
}

Test(npu_device, end_of_queue_without_stop)
{
    uint32_t s[] = {REG0(1), REG0(2), REG0(3), REG0(4)};
    start(0, s, 4);
    uint64_t end = run_to_stop(100);
    cr_expect_eq(rd(end, STATUS), 0x22u);
    cr_expect_eq(rd(end, QREAD), 16u);
}

Test(npu_device, register_writes_while_running)
{
    uint32_t s[64];
    for (int i = 0; i < 63; i++)
        s[i] = REG0(i & 7);
    s[63] = STOP(0xFFFF);
    start(0, s, 64);
    cr_expect_eq(rd(10, QREAD), 40u, "QREAD: the command in flight");
    cr_expect_eq(rd(10, 0x27C), 40u, "CURRENT_QREAD");
    cr_expect_eq(rd(10, 0x260), MEM_BASE + 40u, "DMA_CMD_SRC");
    wr(10, QBASE, 0x40000000u);                /* ignored: the stream keeps running */
    wr(10, QSIZE, 8);
    wr(10, QCONFIG, 3);
    wr(10, BASEP1, 0x12340u);                  /* region registers: any time */
    wr(10, REGIONCFG, 0xC);
    wr(10, CMD, 0xDu);                         /* go while running: nothing */
    cr_expect_eq(rd(10, QBASE), MEM_BASE);
    cr_expect_eq(rd(10, QSIZE), 256u);
    cr_expect_eq(rd(10, QCONFIG), 0u);
    cr_expect_eq(rd(10, BASEP1), 0x12340u);
    cr_expect_eq(rd(10, REGIONCFG), 0xCu);
    cr_expect_eq(fx.d->bases.basep[1], 0x12340u, "the command processor sees the new base");
    uint64_t end = run_to_stop(1000);
    cr_expect_eq(end, 64u);
    cr_expect_eq(rd(end, STATUS), 0xFFFF0022u);
    cr_expect_eq(fx.d->counters.jobs, 1u);
}

Test(npu_device, a_reset_cuts_the_running_job_short)
{
    uint32_t s[16];
    for (int i = 0; i < 15; i++)
        s[i] = REG0(i & 7);
    s[15] = STOP(0xFFFF);
    start(0, s, 16);
    wr(7, RESET, 1);
    cr_expect_eq(ethosu_next_event(fx.d), UINT64_MAX, "nothing runs after the reset");
    cr_assert_eq(fx.d->njobs, 1u);
    cr_expect_eq(fx.d->jobs[0].end, 7u);
    cr_expect_eq(fx.d->jobs[0].commands, 7u);
    cr_expect_eq(fx.d->jobs[0].status, 0u);
    cr_expect_not(fx.level);
}

Test(npu_device, stop_request_stops_after_the_current_command)
{
    uint32_t s[32];
    for (int i = 0; i < 31; i++)
        s[i] = REG0(i & 7);
    s[31] = STOP(0xFFFF);
    start(0, s, 32);
    wr(5, CMD, 0xCu | 0x10u);
    uint64_t end = run_to_stop(100);
    cr_expect_eq(end, 6u);
    cr_expect_eq(rd(end, STATUS) & 0x23u, 0x02u, "stopped, irq_raised, the stream did not end");
}

Test(npu_device, pmu_counts_what_executorch_programs)
{
    wr(0, PMCR, 1u | 2u | 4u);
    wr(0, PMCCNTR_CFG, 35u | (32u << 16));     /* NPU_ACTIVE .. NPU_IDLE */
    wr(0, PMEVTYPER0, 130u);                   /* AXI0 read beats */
    wr(0, PMEVTYPER0 + 4, 386u);               /* AXI1 read beats */
    wr(0, PMEVTYPER0 + 8, 32u);                /* NPU_IDLE */
    wr(0, PMEVTYPER0 + 12, 17u);               /* CYCLE */
    wr(0, PMCNTENSET, 0x8000000Fu);
    uint32_t s[10];
    for (int i = 0; i < 9; i++)
        s[i] = REG0(i);
    s[9] = STOP(0xFFFF);
    start(50, s, 10);                          /* 50 idle cycles first */
    uint64_t end = run_to_stop(1000);
    ethosu_advance(fx.d, end + 20);            /* 20 idle cycles after */
    uint64_t t = end + 20;
    cr_expect_eq(rd(t, PMCCNTR), 10u, "active cycles only");
    cr_expect_eq(rd(t, PMCCNTR_HI), 0u);
    cr_expect_eq(rd(t, PMEVCNTR0), 10u, "one AXI0 beat per 4-byte command (QCONFIG 0)");
    cr_expect_eq(rd(t, PMEVCNTR0 + 4), 0u);
    cr_expect_eq(rd(t, PMEVCNTR0 + 8), 70u);
    cr_expect_eq(rd(t, PMEVCNTR0 + 12), 80u);
    wr(t, PMCNTENCLR, 0x8u);                   /* counter 3 stops */
    cr_expect_eq(rd(t + 100, PMEVCNTR0 + 12), 80u);
    cr_expect_eq(rd(t + 100, PMEVCNTR0 + 8), 170u);
    wr(t + 100, PMCR, 1u | 2u);                /* reset the event counters, keep the cycle counter */
    cr_expect_eq(rd(t + 100, PMEVCNTR0 + 8), 0u);
    cr_expect_eq(rd(t + 100, PMCCNTR), 10u);
    wr(t + 100, PMCR, 0);                      /* disabled: nothing counts */
    cr_expect_eq(rd(t + 200, PMEVCNTR0 + 8), 0u);
}

Test(npu_device, pmu_overflow_raises_the_interrupt)
{
    wr(0, PMCR, 1u);
    wr(0, PMEVTYPER0, 17u);
    wr(0, PMEVCNTR0, 0xFFFFFFF0u);
    wr(0, PMCNTENSET, 1u);
    wr(0, PMINTSET, 1u);
    cr_expect_eq(rd(15, PMOVSSET), 0u);
    cr_expect_not(fx.level);
    cr_expect_eq(rd(16, PMOVSSET), 1u);
    cr_expect_eq(rd(16, STATUS) & 0x40u, 0x40u, "pmu_irq_raised");
    cr_expect(fx.level);
    wr(16, PMOVSCLR, 1u);
    cr_expect_eq(rd(16, STATUS) & 0x40u, 0u);
    cr_expect_not(fx.level);
    /* The 48-bit cycle counter wraps into PMOVS bit 31. */
    wr(16, PMCCNTR, 0xFFFFFFFFu);
    wr(16, PMCCNTR_HI, 0xFFFFu);
    wr(16, PMCNTENSET, 0x80000000u);
    cr_expect_eq(rd(17, PMCCNTR), 0u);
    cr_expect_eq(rd(17, PMOVSSET) & 0x80000000u, 0x80000000u);
}

Test(npu_device, pmu_mask_gates_counting)
{
    /* NPU_OP_PMU_MASK 0 (opcode 19) stops the counters when PMCR.mask_en. */
    wr(0, PMCR, 1u | 8u);
    wr(0, PMEVTYPER0, 17u);
    wr(0, PMCNTENSET, 1u);
    uint32_t s[] = {(0u << 16) | 19u, REG0(1), REG0(2), REG0(3), (1u << 16) | 19u, STOP(0xFFFF)};
    start(0, s, 6);
    uint64_t end = run_to_stop(100);
    cr_expect_eq(end, 6u);
    cr_expect_eq(rd(end, PMEVCNTR0), 2u, "counted before the mask and after it was lifted");
}

/* Layers of the Vela streams in models/vela/ethos-u55-128, with their block
 * configurations. */
/* KWS depthwise 3x3: OFM 25x5x64, OFM block 14x6x16: Vela 8624. */
static const npu_op_info_t kws_dw = {
    .kind = NPU_OPK_DEPTHWISE, .macs = 72000, .ofm_h = 25, .ofm_w = 5, .ofm_c = 64, .ifm_h = 25, .ifm_w = 5,
    .ifm_c = 64, .kernel_h = 3, .kernel_w = 3, .stride_x = 1, .stride_y = 1, .ofm_blk_h = 14, .ofm_blk_w = 6,
    .ofm_blk_c_div8 = 2, .ifm_bits = 8, .ofm_bits = 8, .act_class = 2, .weight_bytes = 1328};
/* KWS pointwise 1x1, 64 -> 64 channels, OFM block 9x6x32, depth-first: Vela 5904. */
static const npu_op_info_t kws_pw = {
    .kind = NPU_OPK_CONV, .macs = 512000, .ofm_h = 25, .ofm_w = 5, .ofm_c = 64, .ifm_h = 25, .ifm_w = 5,
    .ifm_c = 64, .kernel_h = 1, .kernel_w = 1, .stride_x = 1, .stride_y = 1, .ofm_blk_h = 9, .ofm_blk_w = 6,
    .ofm_blk_c_div8 = 4, .ifm_bits = 8, .ofm_bits = 8, .act_class = 2, .weight_bytes = 4752};
/* ResNet-8 Add with a fused ReLU, 32x32x16: 1.5 cycles per element, Vela 24576. */
static const npu_op_info_t resnet_add = {
    .kind = NPU_OPK_ELEMENTWISE, .param = 1, .ofm_h = 32, .ofm_w = 32, .ofm_c = 16, .ifm_h = 32, .ifm_w = 32,
    .ifm_c = 16, .ofm_blk_h = 16, .ofm_blk_w = 16, .ofm_blk_c_div8 = 2, .ifm_bits = 8, .ofm_bits = 8,
    .act_class = 1, .ifm2_kind = 2};

/* Vela's performance model (npu/ethosu_timing.c) against Vela's own
 * figures: the per-layer CSV of models/vela/ethos-u55-128/kws_ref_model
 * (layers 2 and 3, with the block configurations of that stream) and
 * pretrainedResnet_quant (the first Add). */
Test(npu_device, timing_model)
{
    const ethosu_config_t *u128 = ethosu_config_find("ethos-u55-128"), *u32 = ethosu_config_find("ethos-u55-32");
    npu_op_info_t reg = {.kind = NPU_OPK_REGISTER, .read_bytes = {8, 0}};
    npu_op_info_t dw = kws_dw, pw = kws_pw, add = resnet_add;
    cr_expect_eq(ethosu_command_cycles(u128, &reg), 1u);
    cr_expect_eq(ethosu_command_cycles(u128, &dw), 8624u);
    cr_expect_eq(ethosu_command_cycles(u128, &pw), 5904u);
    cr_expect_gt(ethosu_command_cycles(u32, &pw), 3 * 5904u, "a quarter of the MACs");
    cr_expect_eq(ethosu_command_cycles(u128, &add), 24576u);
    /* Memory bound: 800000 bytes written on AXI0 at 8 bytes per cycle. */
    npu_op_info_t big = pw;
    big.write_bytes[0] = 800000;
    cr_expect_eq(ethosu_command_cycles(u128, &big), 100000u);
    /* DMA of 4096 bytes from flash (1 B/cycle, latency 64) to SRAM. */
    npu_op_info_t dma = {.kind = NPU_OPK_DMA, .read_bytes = {0, 4096}, .write_bytes = {4096, 0}};
    cr_expect_eq(ethosu_command_cycles(u128, &dma), 4096u + 64u);
}

/* BLOCKDEP overlap (ETHOSU.md 4.6) on the KWS pair above, worked by hand
 * from Vela's formulae (ETHOSU.md 6.3): the pointwise conv is MAC bound,
 * 864 MAC cycles per block (432 per 32-channel IFM block, 2 of them) and
 * 720 output cycles per block (0.5 x 9x5x32); the depthwise 1008 MAC
 * cycles per block (max(32, 4 x 14x3 micro-blocks) x 3 steps x 2) and 560
 * output (0.5 x 14x5x16).  With BLOCKDEP > 0 the next one's first block
 * (fill) runs under the previous one's last output block (drain). */
Test(npu_device, blockdep_overlap)
{
    npu_op_info_t dw = kws_dw, pw = kws_pw, add = resnet_add;
    ethosu_op_cost_t cdw, cpw, cadd, cbig;
    ethosu_op_cost(128, NULL, &dw, &cdw);
    ethosu_op_cost(128, NULL, &pw, &cpw);
    ethosu_op_cost(128, NULL, &add, &cadd);
    cr_expect_eq(cpw.fill, 864u);
    cr_expect_eq(cpw.drain, 720u);
    cr_expect_eq(cdw.fill, 1008u);
    cr_expect_eq(cdw.drain, 560u);
    cr_expect_eq(cadd.fill, 0u, "elementwise: all output stage");
    cr_expect_eq(cadd.drain, 6144u, "1.5 x 16x16x16");
    cr_expect_eq(ethosu_blockdep_overlap(&cpw, &cdw, 0), 0u, "BLOCKDEP 0: wait for the end");
    cr_expect_eq(ethosu_blockdep_overlap(&cpw, &cdw, 1), 720u);
    cr_expect_eq(ethosu_blockdep_overlap(&cpw, &cdw, 3), 720u, "one block deep pipeline");
    cr_expect_eq(ethosu_blockdep_overlap(&cdw, &cpw, 2), 560u);
    cr_expect_eq(ethosu_blockdep_overlap(&cpw, &cadd, 3), 0u, "an elementwise op needs the output stage at once");
    cr_expect_eq(ethosu_blockdep_overlap(&cadd, &cpw, 3), 864u);
    /* A memory-bound operation keeps its port busy to its end. */
    npu_op_info_t big = pw;
    big.write_bytes[0] = 800000;
    ethosu_op_cost(128, NULL, &big, &cbig);
    cr_expect_eq(ethosu_blockdep_overlap(&cbig, &cdw, 3), 0u);
    cr_expect_eq(ethosu_blockdep_overlap(&cdw, &cbig, 3), 0u);
}

enum { AXI_LIMIT0 = 0x040, BASEP2 = 0x090 };

/* A DMA of n bytes from MEM_BASE + 0x1000 to MEM_BASE + 0x8000 (regions 1
 * and 2, slot 0: AXI0) on a memory with the given latency, under
 * AXI_LIMIT0 = limit, the commands fetched through slot 2 (AXI1); the
 * DMA's cycles, and event ev counted meanwhile. */
static uint64_t limited_dma(unsigned latency, uint32_t limit, uint32_t n, unsigned ev, uint32_t *events)
{
    ethosu_timing_t t = ethosu_timing_default;
    t.axi[0] = (ethosu_mem_timing_t){8.0, latency, latency, 32};
    ethosu_set_timing(fx.d, &t);
    const uint32_t s[] = {0x00010130u, 0x00004030u, 0x1000u, 0x00020131u, 0x00004031u, 0x8000u - 0x1000u,
                          0x00004032u, n, 0x00000010u, 0x00000011u, STOP(0xFFFF)};
    wr(0, BASEP1, MEM_BASE);
    wr(0, BASEP2, MEM_BASE + 0x1000u);
    wr(0, AXI_LIMIT0, limit);
    wr(0, QCONFIG, 2);
    wr(0, PMCR, 1u | 2u);
    wr(0, PMEVTYPER0, ev);
    wr(0, PMCNTENSET, 1u);
    start(0, s, sizeof s / sizeof s[0]);
    uint64_t end = run_to_stop(1000000);
    *events = rd(end, PMEVCNTR0);
    cr_assert_eq(fx.d->nlog, 1u);
    cr_expect_eq(fx.mem[0x8000 + 5], fx.mem[0x1000 + 5]);
    return fx.d->log[0].end - fx.d->log[0].start;
}

/* AXI_LIMIT (ETHOSU.md 2.1): n outstanding transactions of b bytes behind a
 * latency of l cycles move at most n * b / l bytes per cycle.  4096 bytes
 * at 8 bytes per cycle take 512 cycles + the latency; with one
 * outstanding 64-byte transaction each way (the reset value) behind 100
 * cycles of latency, 0.64 bytes per cycle: 6400 + 100, and the PMU's
 * AXI0_RD_STALL_LIMIT counts the 5888 cycles added.  Behind 4 cycles, or
 * with the driver's 32 reads / 16 writes, the limit does not bind. */
Test(npu_device, axi_limit_outstanding_transactions)
{
    uint32_t ev;
    const uint32_t driver = (31u << 16) | (15u << 24);
    cr_expect_eq(limited_dma(100, driver, 4096, 142, &ev), 612u);
    cr_expect_eq(ev, 0u, "no read stalls under the driver's limits");
    cr_expect_eq(limited_dma(100, 0, 4096, 142, &ev), 6500u);
    cr_expect_eq(ev, 5888u, "AXI0_RD_STALL_LIMIT");
    cr_expect_eq(limited_dma(100, 0, 4096, 143, &ev), 6500u);
    cr_expect_eq(ev, 5888u, "AXI0_WR_STALL_LIMIT");
    cr_expect_eq(fx.d->counters.rd_limit_stall[0], 2 * 5888u, "the device's counters since creation");
    /* max_beats 2: 256-byte bursts, four times the rate: 1600 + 100. */
    cr_expect_eq(limited_dma(100, 2u, 4096, 142, &ev), 1700u);
    cr_expect_eq(limited_dma(4, 0, 4096, 142, &ev), 516u, "a fast memory: 16 bytes per cycle > 8");
    cr_expect_eq(ev, 0u);
}

/* Vela's per-operation formula on every MAC configuration, against figures
 * worked by hand from regor's EstimateMacCyclesPerBlock /
 * EstimateMacOpCycles / EstimateElementwiseCycles (ETHOSU.md 6.3, 6.4;
 * docs/npu.md "Configurations") with the configuration tables of
 * architecture_features.py / ethos_u55.cpp, on Vela's High_End_Embedded
 * SRAM (8 B/cycle, latency 32, burst 32).  Every operation: 8-bit, OFM
 * 16x16x32 in OFM blocks of 8x8x16 (8 blocks), no activation.  Command
 * overhead: IFM block read latency 32 + bytes/8 (bursts of 32 B for the
 * conv's 10x10x32 block, 16 B otherwise: bytes doubled), OFM block write
 * 32 + 1024 x 2 / 8 = 288. */
Test(npu_device, timing_per_configuration)
{
    static const unsigned macs[4] = {32, 64, 128, 256};
    /* Conv 3x3, IFM 16x16x32, depth-first: micro-blocks per block 8x8x4,
     * 8x8x2, 8x4x2, 4x4x2 -> MAC cycles per block max(32 x ub_c / 8,
     * 4 x nUB.HW) x 9 x nUB.C = 9216, 4608, 2304, 1152; output 2.0, 1.0,
     * 0.5, 0.25 x 1024 = 2048, 1024, 512, 256; overhead (432 + 288 +
     * out + MAC) / 4 = 2996, 1588, 884, 532 raises every output stage to
     * it; MAC bound: MAC x 8 + overhead. */
    static const uint64_t conv[4] = {76724, 38452, 19316, 9748};
    /* Depthwise 3x3: ceil(9/4) = 3 steps, max(wb, 4 x nUB.HW) x 3 x nUB.C
     * = 3072, 1536, 768, 384; overhead (432 + 288 + out + MAC) / 4 =
     * 1460, 820, 500, 340 (U55-256's output stage raised to 340). */
    static const uint64_t dw[4] = {26624, 13312, 6656, 3412};
    /* Max pool 2x2 stride 2 over IFM 16x16x32 (OFM 8x8x32: 2 blocks):
     * max(4, 4) x micro-blocks (256, 128, 64, 32) x ifm_bits / 2 (not on
     * U55-32) = 1024, 2048, 1024, 512; output 1.0, 0.5, 0.25, 0.125 x
     * 1024; overhead (1056 + 288 + out + MAC) / 4 = 848, 976, 656, 496.
     * U55-32: output bound (1024 x 2 + 1024); the rest MAC bound. */
    static const uint64_t pool[4] = {3072, 5072, 2704, 1520};
    /* ADD of two 16x16x32 feature maps: 6.0, 3.0, 1.5, 0.75 cycles per
     * element x 8192 (overhead per element (576 / 1024 + x) / 4 is less). */
    static const uint64_t add[4] = {49152, 24576, 12288, 6144};
    npu_op_info_t c = {.kind = NPU_OPK_CONV, .ofm_h = 16, .ofm_w = 16, .ofm_c = 32, .ifm_h = 16, .ifm_w = 16,
                       .ifm_c = 32, .kernel_h = 3, .kernel_w = 3, .stride_x = 1, .stride_y = 1, .ofm_blk_h = 8,
                       .ofm_blk_w = 8, .ofm_blk_c_div8 = 2, .ifm_bits = 8, .ofm_bits = 8, .act_class = 2,
                       .weight_bytes = 1000};
    npu_op_info_t d = c, p = c, e = c;
    d.kind = NPU_OPK_DEPTHWISE;
    p.kind = NPU_OPK_POOL, p.param = 0 /* MAX */, p.ofm_h = p.ofm_w = 8, p.kernel_h = p.kernel_w = 2;
    p.stride_x = p.stride_y = 2, p.weight_bytes = 0;
    e.kind = NPU_OPK_ELEMENTWISE, e.param = 1 /* ADD */, e.ifm2_kind = 2, e.kernel_h = e.kernel_w = 0;
    e.weight_bytes = 0;
    for (int i = 0; i < 4; i++) {
        ethosu_op_cost_t k;
        ethosu_op_cost(macs[i], NULL, &c, &k);
        cr_expect_eq(k.cycles, conv[i], "conv on %u MACs: %llu", macs[i], (unsigned long long)k.cycles);
        ethosu_op_cost(macs[i], NULL, &d, &k);
        cr_expect_eq(k.cycles, dw[i], "depthwise on %u MACs: %llu", macs[i], (unsigned long long)k.cycles);
        ethosu_op_cost(macs[i], NULL, &p, &k);
        cr_expect_eq(k.cycles, pool[i], "max pool on %u MACs: %llu", macs[i], (unsigned long long)k.cycles);
        ethosu_op_cost(macs[i], NULL, &e, &k);
        cr_expect_eq(k.cycles, add[i], "add on %u MACs: %llu", macs[i], (unsigned long long)k.cycles);
    }
    /* 16-bit IFM, depthwise on U55-128: 4 x 32 micro-blocks x 2 per step,
     * 1536 per block (half rate); overhead (432 + 288 + 512 + 1536) / 4 =
     * 692: 1536 x 8 + 692. */
    d.ifm_bits = 16;
    cr_expect_eq(ethosu_command_cycles(ethosu_config_find("ethos-u55-128"), &d), 12980u);
    /* 1x1 conv on a 1-high, even-width OFM (1x32x64, one 1x32x64 block,
     * IFM 1x32x64: 2 IFM blocks of 32): U55-256's 2x2 micro-block becomes
     * 1x4, 8 of them per block row: max(32, 32) x 8 x 2 = 512 MAC cycles
     * (1024 with 2x2), output 0.25 x 2048 = 512; overhead (160 + 544 +
     * 512 + 512) / 4 = 432: 512 + 512.  U55-128 (1x2): 1024 + 1024. */
    npu_op_info_t row = {.kind = NPU_OPK_CONV, .ofm_h = 1, .ofm_w = 32, .ofm_c = 64, .ifm_h = 1, .ifm_w = 32,
                         .ifm_c = 64, .kernel_h = 1, .kernel_w = 1, .stride_x = 1, .stride_y = 1, .ofm_blk_h = 1,
                         .ofm_blk_w = 32, .ofm_blk_c_div8 = 8, .ifm_bits = 8, .ofm_bits = 8, .act_class = 2,
                         .weight_bytes = 1000};
    cr_expect_eq(ethosu_command_cycles(ethosu_config_find("ethos-u55-256"), &row), 1024u);
    cr_expect_eq(ethosu_command_cycles(ethosu_config_find("ethos-u55-128"), &row), 2048u);
}
