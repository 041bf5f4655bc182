/* CPU/NPU contention for one memory (docs/npu_device.md, Contention): an
 * NPU job DMAs 64 KiB SRAM to SRAM while the core reads a buffer, word by
 * word.  With the buffer in SRAM both take longer than alone (the core's
 * line fills wait for the NPU's share of the SRAM, the DMA for the core's
 * bytes); with it in the DTCM, which the NPU does not touch, neither
 * moves.  The PMU's AXI0 read/write request stall events count the cycles
 * the core's accesses added to the job: exactly its lengthening.  Prints
 * the cycles of each case.  etsim only
 * (tests/npu_device/run.sh): QEMU's AN547 has no NPU. */
#include <stdint.h>

#include "an547.h"
#include "check.h"

#define NPU_REG(off) AN547_REG32(0x48102000u + (off))
#define DMA_BYTES 65536u
#define CPU_WORDS 2048u

static uint8_t dma_src[DMA_BYTES] __attribute__((section(".sram_bss"), aligned(16)));
static uint8_t dma_dst[DMA_BYTES] __attribute__((section(".sram_bss"), aligned(16)));
static uint32_t cpu_sram[CPU_WORDS] __attribute__((section(".sram_bss"), aligned(32)));
static uint32_t cpu_dtcm[CPU_WORDS] __attribute__((aligned(32)));
static uint32_t stream[16] __attribute__((section(".sram_bss"), aligned(16)));
static volatile int done;

void IRQ56_Handler(void)
{
    NPU_REG(0x008) = (NPU_REG(0x008) & 0xCu) | 2u;   /* clear the IRQ */
    done = 1;
}

/* cmd1: opcode with bit 14 set, then the payload. */
static uint32_t *cmd1(uint32_t *p, uint32_t op, uint32_t value)
{
    *p++ = op | 0x4000u;
    *p++ = value;
    return p;
}

/* DMA0 region 0 (base 0, AXI0) from dma_src to dma_dst, wait, stop. */
static uint32_t build_stream(void)
{
    uint32_t *p = stream;
    *p++ = 0x130u;                               /* NPU_SET_DMA0_SRC_REGION 0 */
    *p++ = 0x131u;                               /* NPU_SET_DMA0_DST_REGION 0 */
    p = cmd1(p, 0x30u, (uint32_t)dma_src);       /* NPU_SET_DMA0_SRC */
    p = cmd1(p, 0x31u, (uint32_t)dma_dst);       /* NPU_SET_DMA0_DST */
    p = cmd1(p, 0x32u, DMA_BYTES);               /* NPU_SET_DMA0_LEN */
    *p++ = 0x010u;                               /* NPU_OP_DMA_START */
    *p++ = 0x011u;                               /* NPU_OP_DMA_WAIT 0 */
    *p++ = 0x000u;                               /* NPU_OP_STOP */
    return (uint32_t)((uint8_t *)p - (uint8_t *)stream);
}

static void npu_start(uint32_t qsize)
{
    done = 0;
    NPU_REG(0x010) = (uint32_t)stream;
    NPU_REG(0x020) = qsize;
    NPU_REG(0x180) = 1u | 2u | 4u;       /* PMU on, event and cycle counters reset */
    NPU_REG(0x380) = 131u;               /* PMEVTYPER0: AXI0_RD_TRAN_REQ_STALLED */
    NPU_REG(0x384) = 136u;               /* PMEVTYPER1: AXI0_WR_TRAN_REQ_STALLED */
    NPU_REG(0x184) = (1u << 31) | 3u;
    NPU_REG(0x1A8) = 35u | (32u << 16);  /* from NPU_ACTIVE to NPU_IDLE */
    NPU_REG(0x008) = 0xDu;
}

/* The job's active cycles; *stalls: its AXI0 request stall events. */
static uint32_t npu_wait(uint32_t *stalls)
{
    while (!done)
        __asm volatile("wfi");
    CHECK_EQ(NPU_REG(0x004) & 0xFFFFu, 0x20u);  /* stopped at the end of the stream */
    *stalls = NPU_REG(0x300) + NPU_REG(0x304);
    return NPU_REG(0x1A0);
}

/* Cycles to read every word of buf, from an empty D-cache (so that every
 * line of an SRAM buffer is filled from the SRAM); the sum keeps the
 * loads. */
static uint32_t cpu_stream(const volatile uint32_t *buf, uint32_t *sum)
{
    SCB_DCISW = 0;   /* etsim drops the whole D-cache; the data is in memory */
    __asm volatile("dsb\n isb" ::: "memory");
    uint32_t s = 0, t0 = DWT_CYCCNT;
    for (uint32_t i = 0; i < CPU_WORDS; i++)
        s += buf[i];
    uint32_t t = DWT_CYCCNT - t0;
    *sum += s;
    return t;
}

int main(void)
{
    uint32_t sum = 0;
    for (uint32_t i = 0; i < CPU_WORDS; i++)
        cpu_sram[i] = cpu_dtcm[i] = i;
    for (uint32_t i = 0; i < DMA_BYTES; i++)
        dma_src[i] = (uint8_t)(i * 7u);
    DWT_CTRL |= DWT_CTRL_CYCCNTENA;
    an547_nvic_enable(56);
    NPU_REG(0x00C) = 1u;
    while (NPU_REG(0x004) & 8u)
        ;
    for (unsigned i = 0; i < 4; i++)     /* AXI_LIMIT0-3 as the driver sets them: 32 reads, 16 writes */
        NPU_REG(0x040 + 4 * i) = (31u << 16) | (15u << 24);
    NPU_REG(0x080) = 0;                  /* BASEP0: region 0 is the address space */
    NPU_REG(0x084) = 0;
    uint32_t qsize = build_stream();

    /* The first job after the reset counts one cycle more (with or without
     * contention): keep the second. */
    uint32_t stalls_alone, stalls_sram, stalls_dtcm;
    npu_start(qsize);
    uint32_t npu_alone = npu_wait(&stalls_alone);
    npu_start(qsize);
    npu_alone = npu_wait(&stalls_alone);
    /* Each case twice, keeping the second: the first warms the I-cache. */
    uint32_t cpu_sram_alone = cpu_stream(cpu_sram, &sum);
    cpu_sram_alone = cpu_stream(cpu_sram, &sum);
    uint32_t cpu_dtcm_alone = cpu_stream(cpu_dtcm, &sum);
    cpu_dtcm_alone = cpu_stream(cpu_dtcm, &sum);

    npu_start(qsize);
    uint32_t cpu_sram_both = cpu_stream(cpu_sram, &sum);
    uint32_t npu_with_sram = npu_wait(&stalls_sram);
    npu_start(qsize);
    uint32_t cpu_dtcm_both = cpu_stream(cpu_dtcm, &sum);
    uint32_t npu_with_dtcm = npu_wait(&stalls_dtcm);

    printf("npu alone %" PRIu32 ", with cpu in sram %" PRIu32 ", with cpu in dtcm %" PRIu32 "\n", npu_alone,
           npu_with_sram, npu_with_dtcm);
    printf("cpu sram alone %" PRIu32 ", with npu %" PRIu32 "; cpu dtcm alone %" PRIu32 ", with npu %" PRIu32
           " (sum %" PRIu32 ")\n",
           cpu_sram_alone, cpu_sram_both, cpu_dtcm_alone, cpu_dtcm_both, sum);
    printf("npu stalled by the cpu (PMU AXI0 request stalls): alone %" PRIu32 ", cpu in sram %" PRIu32
           ", cpu in dtcm %" PRIu32 "\n", stalls_alone, stalls_sram, stalls_dtcm);
    CHECK_EQ(memcmp(dma_src, dma_dst, DMA_BYTES), 0);
    CHECK_EQ(stalls_alone, 0u);
    CHECK_EQ(stalls_sram, npu_with_sram - npu_alone);
    CHECK_EQ(stalls_dtcm, 0u);
    CHECK(cpu_sram_both > cpu_sram_alone);
    CHECK(npu_with_sram > npu_alone);
    CHECK_EQ(cpu_dtcm_both, cpu_dtcm_alone);
    CHECK_EQ(npu_with_dtcm, npu_alone);
    return check_done("ethosu_contention");
}
