/* libFuzzer target: arbitrary bytes as an Ethos-U55 command stream.  The
 * first half of the input is the stream, the second half the contents of
 * regions 0 and 1 (small windows), so operations find plausible tensors,
 * weights and LUTs.  Every stream must end in a step result: no host
 * crash, no sanitizer report, no endless run. */
#include <stdlib.h>
#include <string.h>

#include "../../npu/ethosu_timing.h"
#include "../../npu/npu_core.h"

#define WIN 4096u

typedef struct fuzz_mem {
    uint8_t cmd[WIN], r0[WIN], r1[WIN];
} fuzz_mem_t;

static uint8_t *window(fuzz_mem_t *m, uint32_t addr, uint32_t len)
{
    static const uint32_t bases[3] = {0x00000000u, 0x10000000u, 0x20000000u};
    uint8_t *const wins[3] = {m->cmd, m->r0, m->r1};
    for (int i = 0; i < 3; i++)
        if (addr >= bases[i] && (uint64_t)addr + len <= (uint64_t)bases[i] + WIN)
            return wins[i] + (addr - bases[i]);
    return NULL;
}

static bool rd(void *ctx, uint32_t addr, void *dst, uint32_t len, unsigned port)
{
    uint8_t *p = window(ctx, addr, len);
    if (p)
        memcpy(dst, p, len);
    return p != NULL;
}

static bool wr(void *ctx, uint32_t addr, const void *src, uint32_t len, unsigned port)
{
    uint8_t *p = window(ctx, addr, len);
    if (p)
        memcpy(p, src, len);
    return p != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4 || size > 2 * WIN)
        return 0;
    static fuzz_mem_t mem;
    memset(&mem, 0, sizeof mem);
    size_t ncmd = (size / 2) & ~(size_t)3;
    memcpy(mem.cmd, data, ncmd);
    size_t rest = size - ncmd < WIN ? size - ncmd : WIN;
    memcpy(mem.r0, data + ncmd, rest);
    memcpy(mem.r1, data + ncmd, rest);
    static const unsigned macs[4] = {32, 64, 128, 256};
    npu_core_config_t cfg = {.macs_per_cycle = macs[data[0] & 3], .shram_kb = 0, .op_work_limit = 1u << 16};
    npu_core_t *c = npu_core_create(&cfg, (npu_port_t){.ctx = &mem, .read = rd, .write = wr});
    if (!c)
        abort();
    npu_bases_t b = {.qbase = 0, .qsize = (uint32_t)ncmd, .regioncfg = 3u, .qconfig = 2u};
    b.basep[0] = 0x10000000u;
    b.basep[1] = 0x20000000u;
    uint32_t qread = 0;
    npu_op_info_t info;
    for (unsigned steps = 0; steps <= ncmd / 4; steps++) {
        npu_step_result_t r = npu_core_step(c, &b, &qread, &info);
        /* The timing model prices whatever the command processor reported
         * (on every configuration). */
        for (unsigned macs = 32; macs <= 256; macs *= 2) {
            ethosu_op_cost_t cost;
            ethosu_op_cost(macs, NULL, &info, &cost);
            if (cost.cycles < cost.compute)
                abort();
        }
        if (r != NPU_STEP_CONTINUE && r != NPU_STEP_IRQ)
            break;
        if (qread > ncmd)
            abort();   /* QREAD must never run past QSIZE */
    }
    npu_core_destroy(c);
    return 0;
}
