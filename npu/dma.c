/* NPU_OP_DMA_START: DMA channel 0, a 1-D copy between regions or into
 * SHRAM (LUT loads), with the DMA0_* registers as they stand at the kick
 * (ETHOSU.md 4.5). */
#include "npu_internal.h"

#include "cmd_defs.h"

#define DMA_CHUNK 4096u

void npu_exec_dma(npu_exec_t *x)
{
    npu_core_t *c = x->c;
    uint16_t sreg = npu_r0(c, C0_DMA0_SRC_REGION), dreg = npu_r0(c, C0_DMA0_DST_REGION);
    uint32_t src = npu_r1(c, C1_DMA0_SRC), dst = npu_r1(c, C1_DMA0_DST), len = npu_r1(c, C1_DMA0_LEN);
    if (DMA_REGION_INTERNAL(sreg)) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "DMA source in SHRAM is not supported");
        return;
    }
    if (len > NPU_MAX_STREAM_BYTES) {
        npu_fail(x, NPU_STEP_PARSE_ERROR, "DMA of %u bytes is too long", len);
        return;
    }
    if (DMA_REGION_INTERNAL(dreg)) {
        uint32_t shram = c->cfg.shram_kb * 1024u;
        if (dst > shram || len > shram - dst) {
            npu_fail(x, NPU_STEP_PARSE_ERROR, "DMA of %u bytes to SHRAM offset 0x%x overruns SHRAM", len, dst);
            return;
        }
        if (npu_mem_read(x, REGION_OF(sreg), src, c->shram + dst, len, FAULT_CH_M2M_READ))
            c->lut_dma_base = (int32_t)(dst & ~1023u);
        return;
    }
    uint8_t buf[DMA_CHUNK];
    for (uint32_t done = 0; done < len;) {
        uint32_t n = len - done < DMA_CHUNK ? len - done : DMA_CHUNK;
        if (!npu_mem_read(x, REGION_OF(sreg), src + done, buf, n, FAULT_CH_M2M_READ) ||
            !npu_mem_write(x, REGION_OF(dreg), dst + done, buf, n, FAULT_CH_M2M_WRITE))
            return;
        done += n;
    }
}
