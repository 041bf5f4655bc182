/* The Ethos-U55 device at 0x48102000 (IRQ 56), driven as Arm's
 * ethos-u-core-driver does (ETHOSU.md 1.2): soft reset and the PROT check,
 * ID and CONFIG, QCONFIG / REGIONCFG / AXI_LIMIT, BASEP, QBASE / QSIZE,
 * CMD go, WFI until the interrupt, CMD clear_irq in the handler, STATUS,
 * and the PMU read-out, on small command streams in SRAM:
 *
 *   a lone NPU_OP_STOP; NPU_OP_IRQ then STOP (two interrupts); an unknown
 *   opcode (cmd_parse_error); a stream on an unmapped address and one over
 *   a device (bus_status); a stream without STOP (end of queue); register
 *   writes and QREAD while a long stream runs; a DMA between two regions
 *   (and into flash, and from nowhere: bus errors on the DMA channels);
 *   the same DMA under one outstanding transaction per AXI_LIMIT slot
 *   (slower by what the PMU's AXI0 stall-on-limit events count); the PMU
 *   counting a job.
 *
 * etsim only: QEMU's AN547 has no NPU, so this program is not in the
 * differential suite (firmware/npu-tests, tests/npu_device/npu_device.mk).  It prints
 * CONFIG (tests/npu_device/run.sh checks it against --npu) and the PMU's cycle
 * count of the job it marks as an NPU operator on the profiling port (the
 * report must say the same). */
#include <stdint.h>
#include <string.h>

#include "an547.h"
#include "check.h"
#include "etsim_profport.h"

#define NPU_BASE 0x48102000u
#define NPU_BASE_SECURE 0x58102000u
#define NPU_IRQ 56u
#define NPU_REG(off) AN547_REG32(NPU_BASE + (off))

enum {
    ID = 0x000, STATUS = 0x004, CMD = 0x008, RESET = 0x00C, QBASE = 0x010, QREAD = 0x018,
    QCONFIG = 0x01C, QSIZE = 0x020, PROT = 0x024, CONFIG = 0x028, LOCK = 0x02C, REGIONCFG = 0x03C,
    AXI_LIMIT0 = 0x040, BASEP0 = 0x080, PMCR = 0x180, PMCNTENSET = 0x184, PMCNTENCLR = 0x188,
    PMOVSCLR = 0x190, PMCCNTR = 0x1A0, PMCCNTR_HI = 0x1A4, PMCCNTR_CFG = 0x1A8, PMEVCNTR0 = 0x300,
    PMEVTYPER0 = 0x380, PID0 = 0xFE0, CID0 = 0xFF0,
};

#define ST_RUNNING      (1u << 0)
#define ST_IRQ_RAISED   (1u << 1)
#define ST_BUS_STATUS   (1u << 2)
#define ST_RESET        (1u << 3)
#define ST_PARSE_ERROR  (1u << 4)
#define ST_END_REACHED  (1u << 5)

#define OP_STOP(mask) (((uint32_t)(mask) << 16) | 0x000u)
#define OP_IRQ(mask)  (((uint32_t)(mask) << 16) | 0x001u)
/* A register-setting cmd0 (NPU_SET_IFM_PAD_TOP, 0x100) and cmd1
 * (NPU_SET_IFM_BASE0, 0x4000 | 0x000): the command processor keeps them. */
#define SET_IFM_PAD_TOP(v) (((uint32_t)(v) << 16) | 0x100u)
#define SET_IFM_BASE0 0x00004000u

static uint32_t stream[1024] __attribute__((section(".sram_bss"), aligned(16)));
static volatile unsigned irq_count;
static volatile uint32_t status_in_irq;

/* ethosu_irq_handler: clear the interrupt, then read STATUS. */
void IRQ56_Handler(void)
{
    uint32_t cmd = NPU_REG(CMD);
    NPU_REG(CMD) = (cmd & 0xCu) | 2u;
    status_in_irq = NPU_REG(STATUS);
    irq_count++;
}

/* ethosu_dev_soft_reset + PROT check: privileged, secure. */
static int soft_reset(void)
{
    NPU_REG(RESET) = 1u;   /* pending_CPL = privileged, pending_CSL = secure */
    unsigned polls = 0;
    while ((NPU_REG(STATUS) & ST_RESET) && polls < 100000u)
        polls++;
    CHECK(polls < 100000u);
    CHECK(polls > 0);      /* the reset takes time: the driver polls */
    CHECK_EQ(NPU_REG(PROT), 1u);
    CHECK_EQ(NPU_REG(CMD), 0xCu);
    CHECK_EQ(NPU_REG(STATUS), 0u);
    /* ethosu_config_u55.h defaults: commands via AXI1, region 0 on AXI1,
     * region 1 on AXI0, the rest AXI0; 32 reads / 16 writes outstanding. */
    NPU_REG(QCONFIG) = 2u;
    NPU_REG(REGIONCFG) = 3u | (0u << 2) | (1u << 4) | (1u << 6) | (1u << 8) | (1u << 10) | (1u << 12) | (1u << 14);
    for (unsigned i = 0; i < 4; i++)
        NPU_REG(AXI_LIMIT0 + 4 * i) = (31u << 16) | (15u << 24);
    return 0;
}

/* The region bases the next run_stream programs (ExecuTorch: weights,
 * scratch, fast scratch). */
static uint32_t basep[3] = {0x21000000u, 0x21100000u, 0};

/* ethosu_dev_run_command_stream, then sleep until `irqs` interrupts. */
static uint32_t run_stream(uint32_t qbase, uint32_t qsize, unsigned irqs)
{
    irq_count = 0;
    NPU_REG(QBASE) = qbase;
    NPU_REG(QSIZE) = qsize;
    for (unsigned i = 0; i < 3; i++)
        NPU_REG(BASEP0 + 8 * i) = basep[i];
    NPU_REG(CMD) = (NPU_REG(CMD) & 0xCu) | 1u;
    an547_irq_disable();
    while (irq_count < irqs) {
        __asm volatile("wfi");
        an547_irq_enable();   /* take the interrupt, then sleep again */
        an547_irq_disable();
    }
    an547_irq_enable();
    return NPU_REG(STATUS);
}

static void test_identity(void)
{
    uint32_t id = NPU_REG(ID), config = NPU_REG(CONFIG);
    printf("ID 0x%08" PRIx32 "\n", id);
    printf("CONFIG 0x%08" PRIx32 "\n", config);
    CHECK_EQ(id >> 28, 1u);                /* arch major 1: the driver requires it */
    CHECK_EQ((id >> 12) & 0xFu, 4u);       /* product major 4: U55 */
    CHECK_EQ(config >> 28, 0u);            /* product U55 */
    uint32_t macs_log2 = config & 0xFu, shram = (config >> 8) & 0xFFu;
    CHECK(macs_log2 >= 5 && macs_log2 <= 8);
    CHECK_EQ(shram, macs_log2 == 8 ? 48u : macs_log2 == 7 ? 24u : 16u);
    CHECK_EQ(NPU_REG(PID0), 0x80u);
    CHECK_EQ(NPU_REG(CID0), 0x0Du);
    /* The Secure alias shows the same registers. */
    CHECK_EQ(AN547_REG32(NPU_BASE_SECURE + CONFIG), config);
    NPU_REG(LOCK) = 0x12345678u;
    CHECK_EQ(AN547_REG32(NPU_BASE_SECURE + LOCK), 0x12345678u);
    /* The AXI timing adapters beside it keep what platform code writes
     * (ExecuTorch's Corstone-300 setup programs them at boot). */
    AN547_REG32(0x48103000u) = 1000u;          /* TA0 MAXR */
    AN547_REG32(0x48103200u + 0x10u) = 50u;    /* TA1 WLATENCY */
    CHECK_EQ(AN547_REG32(0x58103000u), 1000u);
    CHECK_EQ(AN547_REG32(0x58103200u + 0x10u), 50u);
}

static void test_stop(void)
{
    soft_reset();
    stream[0] = OP_STOP(0xFFFF);
    uint32_t st = run_stream((uint32_t)stream, 4, 1);
    printf("stop: STATUS 0x%08" PRIx32 " in irq 0x%08" PRIx32 " QREAD %" PRIu32 "\n", st, status_in_irq,
           NPU_REG(QREAD));
    CHECK_EQ(st, ST_END_REACHED | 0xFFFF0000u);
    CHECK_EQ(status_in_irq, st);
    CHECK_EQ(NPU_REG(QREAD), 4u);
    CHECK(NVIC_IABR(NPU_IRQ) == 0);
    /* Writing QSIZE while stopped clears cmd_end_reached. */
    NPU_REG(QSIZE) = 4;
    CHECK_EQ(NPU_REG(STATUS) & ST_END_REACHED, 0u);
    /* CMD bits 16-31 clear the interrupt history. */
    NPU_REG(CMD) = 0xFFFF0000u | 0xCu;
    CHECK_EQ(NPU_REG(STATUS), 0u);
}

static void test_irq_then_stop(void)
{
    soft_reset();
    unsigned n = 0;
    stream[n++] = SET_IFM_PAD_TOP(3);
    stream[n++] = OP_IRQ(0x0001);
    /* Long enough for the handler to clear the first interrupt before the
     * STOP raises the second (the line is a level: one rising edge each). */
    for (int i = 0; i < 400; i++)
        stream[n++] = SET_IFM_PAD_TOP(i & 7);
    stream[n++] = OP_STOP(0x0100);
    uint32_t st = run_stream((uint32_t)stream, 4 * n, 2);
    printf("irq: %u interrupts, STATUS 0x%08" PRIx32 "\n", irq_count, st);
    CHECK_EQ(irq_count, 2u);
    CHECK_EQ(st, ST_END_REACHED | (0x0101u << 16));
}

static void test_parse_error(void)
{
    soft_reset();
    stream[0] = SET_IFM_PAD_TOP(1);
    stream[1] = 0x00000007u;   /* opcode 7: not an operation on the U55 */
    stream[2] = OP_STOP(0xFFFF);
    uint32_t st = run_stream((uint32_t)stream, 12, 1);
    printf("parse error: STATUS 0x%08" PRIx32 "\n", st);
    CHECK_EQ(st & ~0xFFFF0000u, ST_PARSE_ERROR);   /* stopped, no cmd_end_reached */
    /* The error is latched until a reset: CMD go does nothing. */
    NPU_REG(CMD) = 0xDu;
    CHECK_EQ(NPU_REG(STATUS) & ST_RUNNING, 0u);
    soft_reset();
    CHECK_EQ(NPU_REG(STATUS), 0u);
}

static void test_bus_error(uint32_t qbase, const char *what)
{
    soft_reset();
    uint32_t st = run_stream(qbase, 16, 1);
    printf("bus error (%s): STATUS 0x%08" PRIx32 "\n", what, st);
    CHECK_EQ(st & (ST_BUS_STATUS | ST_RUNNING | ST_END_REACHED), ST_BUS_STATUS);
    CHECK_EQ((st >> 12) & 0xFu, 0u);   /* faulting channel: command fetch */
}

static void test_end_of_queue(void)
{
    soft_reset();
    for (int i = 0; i < 8; i++)
        stream[i] = SET_IFM_PAD_TOP(i);
    uint32_t st = run_stream((uint32_t)stream, 32, 1);
    printf("no STOP: STATUS 0x%08" PRIx32 " QREAD %" PRIu32 "\n", st, NPU_REG(QREAD));
    CHECK_EQ(st, ST_END_REACHED);
    CHECK_EQ(NPU_REG(QREAD), 32u);
}

/* A long stream: the core looks at the NPU while it runs. */
static void test_while_running(void)
{
    soft_reset();
    unsigned n = 0;
    while (n < 600) {
        stream[n] = SET_IFM_BASE0;
        stream[n + 1] = n * 16u;
        n += 2;
    }
    stream[n++] = OP_STOP(0xFFFF);
    irq_count = 0;
    NPU_REG(QBASE) = (uint32_t)stream;
    NPU_REG(QSIZE) = 4 * n;
    NPU_REG(CMD) = 0xDu;
    uint32_t st = NPU_REG(STATUS), q1 = NPU_REG(QREAD);
    NPU_REG(QBASE) = 0x40000000u;             /* ignored while running */
    NPU_REG(QSIZE) = 8;
    NPU_REG(BASEP0 + 8) = 0x21200000u;        /* region registers: any time */
    NPU_REG(CMD) = 0xDu;                      /* go again: already running */
    uint32_t q2 = NPU_REG(QREAD);
    printf("running: STATUS 0x%08" PRIx32 " QREAD %" PRIu32 " then %" PRIu32 "\n", st, q1, q2);
    CHECK_EQ(st & ST_RUNNING, ST_RUNNING);
    CHECK(q1 % 4 == 0 && q1 < 4 * n);
    CHECK(q2 > q1 && q2 < 4 * n);
    CHECK_EQ(NPU_REG(QBASE), (uint32_t)stream);
    CHECK_EQ(NPU_REG(QSIZE), 4 * n);
    CHECK_EQ(NPU_REG(BASEP0 + 8), 0x21200000u);
    an547_irq_disable();
    while (irq_count < 1) {
        __asm volatile("wfi");
        an547_irq_enable();
        an547_irq_disable();
    }
    an547_irq_enable();
    st = NPU_REG(STATUS);
    CHECK_EQ(st, ST_END_REACHED | 0xFFFF0000u);
    CHECK_EQ(NPU_REG(QREAD), 4 * n);
    CHECK_EQ(irq_count, 1u);
}

/* A DMA (ETHOSU.md 4.5) from region 1 to region 2: n bytes from src to dst. */
static unsigned dma_stream(uint32_t src, uint32_t dst, uint32_t n)
{
    unsigned k = 0;
    stream[k++] = 0x00010130u;            /* SET_DMA0_SRC_REGION 1 */
    stream[k++] = 0x00004030u;            /* SET_DMA0_SRC */
    stream[k++] = src;
    stream[k++] = 0x00020131u;            /* SET_DMA0_DST_REGION 2 */
    stream[k++] = 0x00004031u;            /* SET_DMA0_DST */
    stream[k++] = dst;
    stream[k++] = 0x00004032u;            /* SET_DMA0_LEN */
    stream[k++] = n;
    stream[k++] = 0x00000010u;            /* NPU_OP_DMA_START */
    stream[k++] = 0x00000011u;            /* NPU_OP_DMA_WAIT 0 */
    stream[k++] = OP_STOP(0xFFFF);
    return k;
}

static uint8_t dma_src[256] __attribute__((section(".sram_bss"), aligned(16)));
static uint8_t dma_dst[256] __attribute__((section(".sram_bss"), aligned(16)));

/* The NPU's DMA moves bytes through the memory map, counted per AXI port;
 * a destination in flash or a source outside memory is a bus error that
 * touches nothing. */
static void test_dma(void)
{
    soft_reset();
    for (unsigned i = 0; i < sizeof dma_src; i++)
        dma_src[i] = (uint8_t)(i * 7u + 1u);
    NPU_REG(PMCR) = 1u | 2u | 4u;
    NPU_REG(PMEVTYPER0) = 130u;               /* AXI0 read beats */
    NPU_REG(PMEVTYPER0 + 4) = 135u;           /* AXI0 write beats */
    NPU_REG(PMCNTENSET) = 3u;
    basep[1] = (uint32_t)dma_src;
    basep[2] = (uint32_t)dma_dst;
    unsigned n = dma_stream(0, 0, sizeof dma_src);
    uint32_t st = run_stream((uint32_t)stream, 4 * n, 1);
    uint32_t rd = NPU_REG(PMEVCNTR0), wr = NPU_REG(PMEVCNTR0 + 4);
    printf("dma: STATUS 0x%08" PRIx32 " AXI0 %" PRIu32 " read / %" PRIu32 " write beats\n", st, rd, wr);
    CHECK_EQ(st, ST_END_REACHED | 0xFFFF0000u);
    CHECK(memcmp(dma_src, dma_dst, sizeof dma_src) == 0);
    /* Regions 1 and 2 are on AXI0 (REGIONCFG), 256 bytes = 32 beats each way. */
    CHECK_EQ(rd, 32u);
    CHECK_EQ(wr, 32u);

    soft_reset();
    uint32_t flash_word = AN547_REG32(0x28400000u);
    basep[2] = 0x28400000u;                   /* QSPI flash: read-only for the NPU */
    n = dma_stream(0, 0, 16);
    st = run_stream((uint32_t)stream, 4 * n, 1);
    printf("dma to flash: STATUS 0x%08" PRIx32 "\n", st);
    CHECK_EQ(st & (ST_BUS_STATUS | ST_RUNNING | ST_END_REACHED), ST_BUS_STATUS);
    CHECK_EQ((st >> 12) & 0xFu, 9u);          /* faulting channel: mem2mem write */
    CHECK_EQ(AN547_REG32(0x28400000u), flash_word);

    soft_reset();
    basep[1] = 0x40000000u;                   /* nothing there */
    basep[2] = (uint32_t)dma_dst;
    memset(dma_dst, 0xA5, sizeof dma_dst);
    n = dma_stream(0, 0, 16);
    st = run_stream((uint32_t)stream, 4 * n, 1);
    printf("dma from unmapped: STATUS 0x%08" PRIx32 "\n", st);
    CHECK_EQ(st & (ST_BUS_STATUS | ST_RUNNING | ST_END_REACHED), ST_BUS_STATUS);
    CHECK_EQ((st >> 12) & 0xFu, 4u);          /* faulting channel: mem2mem read */
    CHECK_EQ(dma_dst[0], 0xA5u);
    basep[1] = 0x21100000u;
    basep[2] = 0;
}

/* AXI_LIMIT: the 256-byte DMA of test_dma, SRAM to SRAM (regions 1 and
 * 2: slots 0 and 1, AXI0), with the driver's limits and with one
 * outstanding 64-byte transaction in slots 0 and 1 (the reset value).
 * Behind the SRAM's 32 cycles of latency (the SoC's npu.axi, Vela's
 * High_End_Embedded) one transaction moves 64 / 32 = 2 bytes per cycle
 * instead of 8: 128 cycles each way instead of 32 (+ the latency), and
 * the PMU's AXI0_RD_STALL_LIMIT and _WR_STALL_LIMIT count the 96 more
 * each.  The job takes 92 cycles more, not 96: with the driver's limits
 * the DMA lasts 68 cycles, not 64, held by the DMA_START word itself,
 * fetched through AXI1 (QCONFIG 2: 4 bytes at 1 byte per cycle behind 64
 * cycles of latency); limited, 160. */
static uint32_t limited_dma_job(uint32_t limit, uint32_t *rd_stall, uint32_t *wr_stall)
{
    soft_reset();
    NPU_REG(AXI_LIMIT0) = limit;
    NPU_REG(AXI_LIMIT0 + 4) = limit;
    NPU_REG(PMCR) = 1u | 2u | 4u;
    NPU_REG(PMCCNTR_CFG) = 35u | (32u << 16);  /* NPU_ACTIVE to NPU_IDLE */
    NPU_REG(PMEVTYPER0) = 142u;               /* AXI0_RD_STALL_LIMIT */
    NPU_REG(PMEVTYPER0 + 4) = 143u;           /* AXI0_WR_STALL_LIMIT */
    NPU_REG(PMCNTENSET) = 0x80000003u;
    basep[1] = (uint32_t)dma_src;
    basep[2] = (uint32_t)dma_dst;
    unsigned n = dma_stream(0, 0, sizeof dma_src);
    CHECK_EQ(run_stream((uint32_t)stream, 4 * n, 1), ST_END_REACHED | 0xFFFF0000u);
    NPU_REG(PMCNTENCLR) = 0x80000003u;
    *rd_stall = NPU_REG(PMEVCNTR0);
    *wr_stall = NPU_REG(PMEVCNTR0 + 4);
    basep[1] = 0x21100000u;
    basep[2] = 0;
    return NPU_REG(PMCCNTR);
}

static void test_axi_limit(void)
{
    uint32_t rd_fast, wr_fast, rd_slow, wr_slow;
    uint32_t fast = limited_dma_job((31u << 16) | (15u << 24), &rd_fast, &wr_fast);
    uint32_t slow = limited_dma_job(0, &rd_slow, &wr_slow);
    printf("axi_limit: dma job %" PRIu32 " cycles (32 reads / 16 writes), %" PRIu32
           " (1 / 1); stall on limit %" PRIu32 " / %" PRIu32 "\n",
           fast, slow, rd_slow, wr_slow);
    CHECK_EQ(rd_fast, 0u);
    CHECK_EQ(wr_fast, 0u);
    CHECK_EQ(slow - fast, 92u);
    CHECK_EQ(rd_slow, 96u);
    CHECK_EQ(wr_slow, 96u);
    CHECK(memcmp(dma_src, dma_dst, sizeof dma_src) == 0);
}

/* What ExecuTorch's example runner programs: the cycle counter from
 * NPU_ACTIVE to NPU_IDLE, AXI0/AXI1 read beats, AXI0 write beats, idle
 * cycles.  The job is marked as an NPU operator on the profiling port. */
static void test_pmu(void)
{
    static const char op_name[] = "ethosu_regs::pmu_job";
    soft_reset();
    unsigned n = 0;
    for (int i = 0; i < 100; i++)
        stream[n++] = SET_IFM_PAD_TOP(i & 7);
    stream[n++] = OP_STOP(0xFFFF);
    NPU_REG(PMCR) = 1u | 2u | 4u;             /* enable, reset both counters */
    NPU_REG(PMCCNTR_CFG) = 35u | (32u << 16);  /* start NPU_ACTIVE, stop NPU_IDLE */
    NPU_REG(PMEVTYPER0) = 130u;               /* AXI0_RD_DATA_BEAT_RECEIVED */
    NPU_REG(PMEVTYPER0 + 4) = 386u;           /* AXI1_RD_DATA_BEAT_RECEIVED */
    NPU_REG(PMEVTYPER0 + 8) = 135u;           /* AXI0_WR_DATA_BEAT_WRITTEN */
    NPU_REG(PMEVTYPER0 + 12) = 32u;           /* NPU_IDLE */
    NPU_REG(PMCNTENSET) = 0x8000000Fu;
    volatile uint32_t *pp = (volatile uint32_t *)ETSIM_PROFPORT_BASE;
    pp[ETSIM_PP_ARG0 / 4] = 0;
    pp[ETSIM_PP_EVENT / 4] = ETSIM_EV_INFER_BEGIN;
    pp[ETSIM_PP_ARG1 / 4] = (uint32_t)op_name;
    pp[ETSIM_PP_ARG2 / 4] = ETSIM_ENGINE_NPU;
    pp[ETSIM_PP_EVENT / 4] = ETSIM_EV_OP_BEGIN;
    uint32_t st = run_stream((uint32_t)stream, 4 * n, 1);
    pp[ETSIM_PP_ARG0 / 4] = 0;
    pp[ETSIM_PP_EVENT / 4] = ETSIM_EV_OP_END;
    pp[ETSIM_PP_EVENT / 4] = ETSIM_EV_INFER_END;
    NPU_REG(PMCNTENCLR) = 0x8000000Fu;        /* freeze the counters */
    uint32_t ccnt = NPU_REG(PMCCNTR), ccnt_hi = NPU_REG(PMCCNTR_HI);
    uint32_t ev[4];
    for (int i = 0; i < 4; i++)
        ev[i] = NPU_REG(PMEVCNTR0 + 4 * i);
    printf("pmu: STATUS 0x%08" PRIx32 "\n", st);
    printf("PMU cycles %" PRIu32 " axi0_rd %" PRIu32 " axi1_rd %" PRIu32 " axi0_wr %" PRIu32 " idle %" PRIu32 "\n",
           ccnt, ev[0], ev[1], ev[2], ev[3]);
    CHECK_EQ(st, ST_END_REACHED | 0xFFFF0000u);
    CHECK_EQ(ccnt_hi, 0u);
    /* Each command takes at least a cycle; commands are fetched on AXI1
     * (QCONFIG = 2), one beat each; nothing is written. */
    CHECK(ccnt >= n);
    CHECK_EQ(ev[0], 0u);
    CHECK_EQ(ev[1], n);
    CHECK_EQ(ev[2], 0u);
    CHECK(ev[3] > 0);   /* idle between programming the PMU and CMD go */
    /* Disabled counters stand still. */
    for (volatile int i = 0; i < 100; i++)
        ;
    CHECK_EQ(NPU_REG(PMEVCNTR0 + 12), ev[3]);
    NPU_REG(PMOVSCLR) = 0x8000000Fu;
}

int main(void)
{
    an547_nvic_set_priority(NPU_IRQ, 0x40);
    an547_nvic_enable(NPU_IRQ);
    test_identity();
    test_stop();
    test_irq_then_stop();
    test_parse_error();
    test_bus_error(0x40000000u, "unmapped");
    test_bus_error(0x49303000u, "UART0 registers");
    test_bus_error(NPU_BASE, "its own registers");
    test_end_of_queue();
    test_while_running();
    test_dma();
    test_axi_limit();
    test_pmu();
    return check_done("ethosu_regs");
}
