/* The NPU on the SoC: the Ethos-U55 device (npu/ethosu_device.h) on the
 * bus at the description's addresses, its interrupt line to the NVIC, and
 * its AXI ports over the memory map: every access is charged to the region
 * it hits, in the region's counters (as the core's accesses are) and in the
 * NPU's own; an access outside every region, or over a device, is refused
 * (the NPU then stops with STATUS.bus_status and raises its interrupt). */
#include <string.h>

#include "machine.h"
#include "../npu/ethosu_device.h"

static bool port_read(void *ctx, uint32_t addr, void *dst, uint32_t len, unsigned axi_port)
{
    machine_t *m = ctx;
    uint32_t off;
    (void)axi_port;
    sim_region_t *r = machine_master_region(m, addr, len, false, &off);
    if (!r) {
        m->npu.bus_errors++;
        return false;
    }
    memcpy(dst, r->host + off, len);
    machine_master_charge(m, r, m->npu.stats, len, false);
    return true;
}

static bool port_write(void *ctx, uint32_t addr, const void *src, uint32_t len, unsigned axi_port)
{
    machine_t *m = ctx;
    uint32_t off;
    (void)axi_port;
    sim_region_t *r = machine_master_region(m, addr, len, true, &off);
    if (!r) {
        m->npu.bus_errors++;
        return false;
    }
    /* Through the host-write path: it drops predecoded instructions the
     * NPU overwrites. */
    machine_write_bytes(m, addr, src, len);
    machine_master_charge(m, r, m->npu.stats, len, true);
    return true;
}

static unsigned port_memory_bytes(void *ctx, uint64_t *read, uint64_t *write, unsigned n)
{
    machine_t *m = ctx;
    unsigned k = (unsigned)m->nregions < n ? (unsigned)m->nregions : n;
    for (unsigned i = 0; i < k; i++) {
        read[i] = m->npu.stats[i].read_bytes;
        write[i] = m->npu.stats[i].write_bytes;
    }
    return k;
}

static void npu_irq(void *ctx, bool level)
{
    machine_t *m = ctx;
    machine_set_irq(m, m->npu.irq, level);
}

/* CPU/NPU contention (ethosu_contend): the hook is on the core only while
 * a job runs, so a run without NPU work pays nothing for it. */
static uint32_t npu_contention(void *ctx, const bus_page_t *page, uint64_t now, uint32_t wait, unsigned bytes)
{
    machine_t *m = ctx;
    for (int i = 0; i < m->nregions; i++)
        if (page->stats == &m->regions[i].stats)
            return ethosu_contend(m->npu.dev, (unsigned)i, now, wait, bytes);
    return 0;
}

static void sync_contention_hook(machine_t *m)
{
    m->cpu->hooks.bus_contention = m->npu.dev->running ? npu_contention : NULL;
}

/* Registers are 32 bits wide; narrower accesses see the aligned word
 * (assumption: the APB bridge does not fault them). */
static bool npu_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    machine_t *m = ctx;
    uint32_t word = ethosu_read(m->npu.dev, now, off & ~3u);
    sync_contention_hook(m);
    *value = size >= 4 ? word : (word >> (8u * (off & 3u))) & (size == 1 ? 0xFFu : 0xFFFFu);
    return true;
}

static bool npu_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    machine_t *m = ctx;
    (void)size;
    ethosu_write(m->npu.dev, now, off & ~3u, value);
    sync_contention_hook(m);
    return true;
}

static uint64_t npu_dev_next_event(void *ctx)
{
    const machine_t *m = ctx;
    return ethosu_next_event(m->npu.dev);
}

static void npu_dev_advance(void *ctx, uint64_t now)
{
    machine_t *m = ctx;
    ethosu_advance(m->npu.dev, now);
    sync_contention_hook(m);
}

static bool ta_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    const uint32_t *regs = ctx;
    (void)now;
    uint32_t word = regs[off / 4];
    *value = size >= 4 ? word : (word >> (8u * (off & 3u))) & (size == 1 ? 0xFFu : 0xFFFFu);
    return true;
}

static bool ta_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    uint32_t *regs = ctx;
    (void)now, (void)size;
    regs[off / 4] = value;
    return true;
}

/* A timing adapter at base and at the same offset from each NPU alias. */
static bool attach_timing_adapter(machine_t *m, int i, char *err, size_t errlen)
{
    const soc_npu_t *n = &m->desc.npu;
    sim_device_t d = {.base = {n->timing_adapters[i]}, .nranges = 1, .size = SOC_NPU_TIMING_ADAPTER_SIZE,
                      .irq = -1, .ctx = m->npu.ta_regs[i], .read = ta_read, .write = ta_write};
    snprintf(d.name, sizeof d.name, "npu_ta%d", i);
    for (int a = 0; a < n->naliases; a++) {
        uint64_t alias = (uint64_t)n->timing_adapters[i] + n->aliases[a] - n->base;
        if (alias <= 0x100000000ull - SOC_NPU_TIMING_ADAPTER_SIZE)
            d.base[d.nranges++] = (uint32_t)alias;
    }
    return machine_add_device(m, &d, err, errlen);
}

bool sim_npu_attach(machine_t *m, char *err, size_t errlen)
{
    const soc_npu_t *n = &m->desc.npu;
    const ethosu_config_t *cfg = ethosu_config_find(n->config);
    if (!cfg) {
        snprintf(err, errlen, "npu: unknown configuration \"%s\"", n->config);
        return false;
    }
    npu_port_t port = {.ctx = m, .read = port_read, .write = port_write, .memory_bytes = port_memory_bytes};
    ethosu_irq_t irq = {.ctx = m, .set = npu_irq};
    m->npu.irq = n->irq;
    m->npu.dev = ethosu_create(cfg, port, irq);
    if (!m->npu.dev) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    ethosu_set_timing(m->npu.dev, &n->timing);
    sim_device_t d = {.name = "npu", .base = {n->base}, .nranges = 1 + n->naliases, .size = ETHOSU_REG_SIZE,
                      .irq = n->irq, .ctx = m, .read = npu_dev_read, .write = npu_dev_write,
                      .next_event = npu_dev_next_event, .advance = npu_dev_advance};
    for (int i = 0; i < n->naliases; i++)
        d.base[1 + i] = n->aliases[i];
    if (!machine_add_device(m, &d, err, errlen))
        return false;
    for (int i = 0; i < n->ntiming_adapters; i++)
        if (!attach_timing_adapter(m, i, err, errlen))
            return false;
    return true;
}
