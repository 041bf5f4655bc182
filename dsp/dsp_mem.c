/* Data memory of the HLD core: its data TCM (banked), the bus port to the
 * shared SoC memory, and the costs of each access (HIFI.md 5.4): wait
 * states, a second load to the same bank in one bundle (+1), an 8-byte
 * access crossing an 8-byte line (+1). */
#include <stdarg.h>
#include <string.h>

#include "dsp_internal.h"

void dsp_fault(struct dsp_core *c, const char *fmt, ...)
{
    if (c->fault)
        return;   /* keep the first reason */
    c->fault = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->fault_msg, sizeof c->fault_msg, fmt, ap);
    va_end(ap);
}

static bool in_range(uint32_t addr, uint32_t len, uint32_t base, uint32_t size)
{
    return addr >= base && (uint64_t)addr - base + len <= size;
}

static bool overlaps(uint32_t addr, uint32_t len, uint32_t base, uint32_t size)
{
    return (uint64_t)addr < (uint64_t)base + size && (uint64_t)addr + len > base;
}

/* Where an access goes: 0 data TCM, 1 the port; -1 a fault (reported). */
static int classify(struct dsp_core *c, uint32_t addr, uint32_t len, const char *what)
{
    if (in_range(addr, len, DSP_DRAM_BASE, c->cfg.dram_bytes))
        return 0;
    if (overlaps(addr, len, DSP_IRAM_BASE, c->cfg.iram_bytes)) {
        dsp_fault(c, "%s of %u bytes at 0x%08x: instruction memory is not data memory", what, len, addr);
        return -1;
    }
    if (overlaps(addr, len, DSP_DRAM_BASE, c->cfg.dram_bytes)) {
        dsp_fault(c, "%s of %u bytes at 0x%08x runs past the end of data memory", what, len, addr);
        return -1;
    }
    return 1;
}

static void charge_local(struct dsp_core *c, uint32_t addr, uint32_t len, bool is_load)
{
    c->mem_wait += c->cfg.dram_wait;
    if (len == 8 && (addr & 7))
        c->mem_wait += 1;   /* two lines */
    if (is_load) {
        unsigned bank = c->cfg.dram_banks > 1 ? (addr - DSP_DRAM_BASE) / (c->cfg.dram_bytes / c->cfg.dram_banks) : 0;
        if (c->bank_used[bank]++)
            c->mem_wait += 1;   /* bank conflict */
    }
}

bool dsp_mem_load(struct dsp_core *c, uint32_t addr, void *dst, uint32_t len)
{
    switch (classify(c, addr, len, "load")) {
    case 0:
        memcpy(dst, c->dram + (addr - DSP_DRAM_BASE), len);
        charge_local(c, addr, len, true);
        return true;
    case 1: {
        unsigned wait = 0;
        if (!c->port.read || !c->port.read(c->port.ctx, addr, dst, len, &wait)) {
            dsp_fault(c, "bus error: load of %u bytes at 0x%08x", len, addr);
            return false;
        }
        c->mem_wait += wait;
        if (c->info)
            c->info->bus_read_bytes += len;
        return true;
    }
    default:
        return false;
    }
}

bool dsp_mem_store(struct dsp_core *c, uint32_t addr, const void *src, uint32_t len)
{
    if (classify(c, addr, len, "store") < 0)
        return false;
    c->store.pending = true;
    c->store.addr = addr;
    c->store.len = len;
    memcpy(c->store.data, src, len);
    return true;
}

void dsp_mem_commit(struct dsp_core *c)
{
    if (!c->store.pending)
        return;
    c->store.pending = false;
    uint32_t addr = c->store.addr, len = c->store.len;
    if (classify(c, addr, len, "store") == 0) {
        memcpy(c->dram + (addr - DSP_DRAM_BASE), c->store.data, len);
        charge_local(c, addr, len, false);
        return;
    }
    unsigned wait = 0;
    if (!c->port.write || !c->port.write(c->port.ctx, addr, c->store.data, len, &wait)) {
        dsp_fault(c, "bus error: store of %u bytes at 0x%08x", len, addr);
        return;
    }
    c->mem_wait += wait;
    if (c->info)
        c->info->bus_write_bytes += len;
}

/* The DMA engine's copy: any of data TCM, instruction memory and the port
 * on either side, in chunks of up to 64 bytes. */
bool dsp_mem_copy(struct dsp_core *c, uint32_t dst, uint32_t src, uint32_t len, unsigned *wait)
{
    uint8_t buf[64];
    *wait = 0;
    while (len) {
        uint32_t n = len < sizeof buf ? len : (uint32_t)sizeof buf;
        unsigned w = 0;
        if (in_range(src, n, DSP_DRAM_BASE, c->cfg.dram_bytes))
            memcpy(buf, c->dram + (src - DSP_DRAM_BASE), n);
        else if (in_range(src, n, DSP_IRAM_BASE, c->cfg.iram_bytes))
            memcpy(buf, c->iram + (src - DSP_IRAM_BASE), n);
        else if (overlaps(src, n, DSP_DRAM_BASE, c->cfg.dram_bytes) || overlaps(src, n, DSP_IRAM_BASE, c->cfg.iram_bytes) ||
                 !c->port.read || !c->port.read(c->port.ctx, src, buf, n, &w)) {
            dsp_fault(c, "DMA bus error reading %u bytes at 0x%08x", n, src);
            return false;
        }
        *wait += w;
        w = 0;
        if (in_range(dst, n, DSP_DRAM_BASE, c->cfg.dram_bytes))
            memcpy(c->dram + (dst - DSP_DRAM_BASE), buf, n);
        else if (in_range(dst, n, DSP_IRAM_BASE, c->cfg.iram_bytes))
            dsp_core_write_local(c, dst, buf, n);   /* invalidates predecoded bundles */
        else if (overlaps(dst, n, DSP_DRAM_BASE, c->cfg.dram_bytes) || overlaps(dst, n, DSP_IRAM_BASE, c->cfg.iram_bytes) ||
                 !c->port.write || !c->port.write(c->port.ctx, dst, buf, n, &w)) {
            dsp_fault(c, "DMA bus error writing %u bytes at 0x%08x", n, dst);
            return false;
        }
        *wait += w;
        src += n;
        dst += n;
        len -= n;
    }
    return true;
}
