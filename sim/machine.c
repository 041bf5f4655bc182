/* Building the SoC from its description: host storage for each memory
 * region, the bus page table the core reads, device dispatch for the slow
 * path, and the core's hooks (semihosting, device events). */
#include "machine.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "uart.h"
#include "../isa/cache.h"

#define SEMIHOSTING_BKPT 0xABu

/* ---- device dispatch (slow path) -------------------------------------- */

typedef enum { DEV_NONE, DEV_SCS, DEV_UART, DEV_PROFPORT } dev_kind_t;

static dev_kind_t device_at(machine_t *m, uint32_t addr, uint32_t *off, sim_uart_t **uart)
{
    /* The profiling port first: on the AN547 it sits in unused PPB space. */
    if (m->prof.base && addr - m->prof.base < 0x1000u) {
        *off = addr - m->prof.base;
        return DEV_PROFPORT;
    }
    if (addr >= PPB_BASE && addr < PPB_BASE + PPB_SIZE)
        return DEV_SCS;
    for (int i = 0; i < m->nuarts; i++) {
        if (addr - m->uarts[i].base < 0x1000u) {
            *off = addr - m->uarts[i].base;
            *uart = &m->uarts[i];
            return DEV_UART;
        }
    }
    return DEV_NONE;
}

const sim_region_t *machine_region_at(const machine_t *m, uint32_t addr, uint32_t *offset)
{
    for (int i = 0; i < m->nregions; i++) {
        const sim_region_t *r = &m->regions[i];
        const soc_region_t *d = r->desc;
        if ((uint64_t)addr - d->base < d->size) {
            *offset = addr - d->base;
            return r;
        }
        for (int a = 0; a < d->naliases; a++) {
            if ((uint64_t)addr - d->aliases[a] < d->size) {
                *offset = addr - d->aliases[a];
                return r;
            }
        }
    }
    return NULL;
}

/* ---- what the firmware changed (machine_track_writes) ------------------- */

#define TOUCH_CHUNK BUS_PAGE_SIZE
#define TOUCH_LINE 32u

/* One 64 KiB chunk of a region the firmware wrote: its bytes before that
 * first write, and the 32-byte lines found different from them since. */
typedef struct touch_chunk {
    uint8_t *copy;   /* NULL: the chunk was all zero (.bss pools usually are) */
    uint8_t changed[TOUCH_CHUNK / TOUCH_LINE / 8];
} touch_chunk_t;

static uint64_t chunk_bytes(const sim_region_t *r, uint32_t c)
{
    uint64_t start = (uint64_t)c * TOUCH_CHUNK;
    return r->desc->size - start < TOUCH_CHUNK ? r->desc->size - start : TOUCH_CHUNK;
}

/* Is [p, p+n) all zero?  By blocks the compiler vectorises: a 2 MiB
 * .bss pool is checked in a fraction of a millisecond. */
static bool all_zero(const uint8_t *p, uint64_t n)
{
    uint64_t i = 0;
    for (; i + 256 <= n; i += 256) {
        uint64_t acc = 0;
        for (unsigned j = 0; j < 256; j += 8) {
            uint64_t w;
            memcpy(&w, p + i + j, 8);
            acc |= w;
        }
        if (acc)
            return false;
    }
    for (; i < n; i++)
        if (p[i])
            return false;
    return true;
}

/* The firmware is about to write [off, off+len) of r: remember every
 * chunk there not yet remembered (a copy unless it is all zero).  Out of
 * memory: that chunk goes uncounted. */
static void note_write(machine_t *m, sim_region_t *r, uint64_t off, uint64_t len)
{
    if (!m->tracking_writes || !r->touch || len == 0)
        return;
    uint64_t last = (off + len - 1) / TOUCH_CHUNK;
    for (uint64_t c = off / TOUCH_CHUNK; c <= last && c < r->nchunks; c++) {
        if (r->touch[c])
            continue;
        const uint8_t *now = r->host + c * TOUCH_CHUNK;
        uint64_t n = chunk_bytes(r, (uint32_t)c);
        touch_chunk_t *t = calloc(1, sizeof *t);
        if (t && !all_zero(now, n)) {
            t->copy = malloc(n);
            if (t->copy) {
                memcpy(t->copy, now, n);
            } else {
                free(t);
                t = NULL;
            }
        }
        r->touch[c] = t;
    }
}

static void bus_first_write(void *ctx, bus_page_t *p)
{
    machine_t *m = ctx;
    for (int i = 0; i < m->nregions; i++) {
        sim_region_t *r = &m->regions[i];
        if (p->stats == &r->stats) {
            note_write(m, r, (uint64_t)(p->host - r->host), BUS_PAGE_SIZE);
            return;
        }
    }
}

bool machine_track_writes(machine_t *m)
{
    for (int i = 0; i < m->nregions; i++) {
        sim_region_t *r = &m->regions[i];
        if (r->desc->kind == MEM_FLASH)
            continue;
        r->nchunks = (uint32_t)((r->desc->size + TOUCH_CHUNK - 1) / TOUCH_CHUNK);
        r->touch = calloc(r->nchunks, sizeof *r->touch);
        if (!r->touch)
            return false;
        for (uint32_t k = 0; k < r->npages; k++) {
            r->pages[k].writable = false;
            r->pages[k].write_trap = true;
        }
    }
    m->bus.first_write = bus_first_write;
    m->bus.first_write_ctx = m;
    m->tracking_writes = true;
    return true;
}

void machine_scan_writes(machine_t *m)
{
    static const uint8_t zero_line[TOUCH_LINE];
    for (int i = 0; i < m->nregions; i++) {
        sim_region_t *r = &m->regions[i];
        for (uint32_t c = 0; r->touch && c < r->nchunks; c++) {
            touch_chunk_t *t = r->touch[c];
            if (!t)
                continue;
            const uint8_t *now = r->host + (uint64_t)c * TOUCH_CHUNK;
            uint64_t n = chunk_bytes(r, c);
            /* Most chunks are as they were (pools zeroed at start-up):
             * one pass over them, no line by line compare. */
            if (t->copy ? memcmp(t->copy, now, n) == 0 : all_zero(now, n))
                continue;
            for (uint64_t off = 0; off < n; off += TOUCH_LINE) {
                uint64_t len = n - off < TOUCH_LINE ? n - off : TOUCH_LINE;
                uint32_t line = (uint32_t)(off / TOUCH_LINE);
                const uint8_t *before = t->copy ? t->copy + off : zero_line;
                if (!(t->changed[line / 8] & (1u << (line % 8))) && memcmp(before, now + off, len) != 0)
                    t->changed[line / 8] |= (uint8_t)(1u << (line % 8));
            }
        }
    }
}

uint64_t machine_touched_bytes(const machine_t *m, int i)
{
    const sim_region_t *r = &m->regions[i];
    uint64_t total = 0;
    for (uint32_t c = 0; r->touch && c < r->nchunks; c++) {
        const touch_chunk_t *t = r->touch[c];
        if (!t)
            continue;
        uint64_t n = chunk_bytes(r, c);
        for (uint64_t off = 0; off < n; off += TOUCH_LINE) {
            uint32_t line = (uint32_t)(off / TOUCH_LINE);
            if (t->changed[line / 8] & (1u << (line % 8)))
                total += n - off < TOUCH_LINE ? n - off : TOUCH_LINE;
        }
    }
    return total;
}

/* Memory the fast path cannot serve: partial pages, flash writes. */
static bool region_access(machine_t *m, uint32_t addr, unsigned size, uint32_t *value, bool write,
                          uint32_t *wait)
{
    uint32_t off;
    sim_region_t *r = (sim_region_t *)machine_region_at(m, addr, &off);
    if (!r || off + size > r->desc->size)
        return false;
    if (write) {
        if (r->desc->kind == MEM_FLASH) {
            /* QEMU models the AN547 QSPI flash as ROM: writes are ignored. */
            r->ignored_writes++;
            if (!m->flash_write_warned) {
                fprintf(stderr, "etsim: warning: firmware wrote to flash region %s at 0x%08x "
                        "(ignored, as on QEMU)\n", r->desc->name, addr);
                m->flash_write_warned = true;
            }
            return true;
        }
        note_write(m, r, off, size);
        memcpy(r->host + off, value, size);   /* little-endian host */
        r->stats.writes++;
        r->stats.write_bytes += size;
        *wait = r->desc->write_wait;
    } else {
        *value = 0;
        memcpy(value, r->host + off, size);
        r->stats.reads++;
        r->stats.read_bytes += size;
        *wait = r->desc->read_wait;
    }
    r->stats.wait_cycles += *wait;
    return true;
}

static bool bus_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value, uint32_t *wait)
{
    machine_t *m = ctx;
    uint32_t off = 0;
    sim_uart_t *u = NULL;
    *wait = 0;
    switch (device_at(m, addr, &off, &u)) {
    case DEV_SCS:
        m->mmio_stats.reads++;
        return scs_read(&m->scs, m->cpu, addr, size, value);
    case DEV_UART:
        m->mmio_stats.reads++;
        return uart_read(u, off, value);
    case DEV_PROFPORT:
        m->mmio_stats.reads++;
        return profport_read(m, off, value);
    default:
        return region_access(m, addr, size, value, false, wait);
    }
}

static void schedule_devices(machine_t *m)
{
    cpu_set_device_deadline(m->cpu, scs_next_event(&m->scs));
}

static bool bus_write(void *ctx, uint32_t addr, unsigned size, uint32_t value, uint32_t *wait)
{
    machine_t *m = ctx;
    uint32_t off = 0;
    sim_uart_t *u = NULL;
    bool ok;
    *wait = 0;
    switch (device_at(m, addr, &off, &u)) {
    case DEV_SCS:
        m->mmio_stats.writes++;
        ok = scs_write(&m->scs, m->cpu, addr, size, value);
        schedule_devices(m);
        if (m->scs.reset_requested) {
            /* AIRCR.SYSRESETREQ: QEMU resets the board; so do we. */
            m->scs.reset_requested = false;
            machine_reset(m);
        }
        return ok;
    case DEV_UART:
        m->mmio_stats.writes++;
        return uart_write(u, m->out, off, value);
    case DEV_PROFPORT:
        m->mmio_stats.writes++;
        return profport_write(m, off, value);
    default:
        return region_access(m, addr, size, &value, true, wait);
    }
}

/* ---- core hooks --------------------------------------------------------- */

static bool hook_bkpt(void *ctx, cpu_t *cpu, uint32_t imm)
{
    machine_t *m = ctx;
    (void)cpu;
    if (imm != SEMIHOSTING_BKPT)
        return false;
    semihost_call(m);
    return true;
}

static void hook_event(void *ctx, cpu_t *cpu)
{
    machine_t *m = ctx;
    scs_event(&m->scs, cpu);
    schedule_devices(m);
}

static uint64_t hook_next_wakeup(void *ctx, cpu_t *cpu)
{
    machine_t *m = ctx;
    (void)cpu;
    return scs_next_event(&m->scs);
}

/* ---- construction ------------------------------------------------------- */

/* Whether a write miss allocates a data-cache line at addr.  With the MPU
 * off (its regions are accepted, not enforced) the memory attributes are
 * those of the Armv8-M default system address map (Armv8-M ARM, DDI0553,
 * B3 "The system address map"): Code 0x00000000-0x1FFFFFFF and RAM
 * 0x80000000-0x9FFFFFFF are Normal Write-Through (read-allocate only); SRAM
 * 0x20000000-0x3FFFFFFF and RAM 0x60000000-0x7FFFFFFF are Normal
 * Write-Back Write-Allocate.  The Cortex-M55's data cache honours both
 * policies (Cortex-M55 TRM, 101051, "L1 data cache"). */
static bool default_map_write_allocate(uint64_t addr)
{
    return (addr >= 0x20000000u && addr < 0x40000000u) || (addr >= 0x60000000u && addr < 0x80000000u);
}

static void map_pages(machine_t *m, sim_region_t *r, uint32_t base, uint32_t *next_page)
{
    const soc_region_t *d = r->desc;
    uint64_t first = ((uint64_t)base + BUS_PAGE_SIZE - 1) / BUS_PAGE_SIZE;
    uint64_t end = ((uint64_t)base + d->size) / BUS_PAGE_SIZE;   /* whole pages only */
    for (uint64_t pg = first; pg < end; pg++) {
        bus_page_t *p = &r->pages[(*next_page)++];
        p->host = r->host + (pg * BUS_PAGE_SIZE - base);
        p->stats = &r->stats;
        p->read_wait = d->read_wait;
        p->write_wait = d->write_wait;
        p->fetch_wait = d->fetch_wait;
        /* A cache line fill: the region's first-access wait, then one
         * cycle per further bus beat of the 32-byte line (assumption). */
        unsigned beats = CACHE_LINE_BYTES / (d->width_bits / 8u);
        p->fill_wait = (uint16_t)(d->read_wait + (beats ? beats - 1u : 0u));
        p->cacheable = d->cacheable;
        p->write_allocate = default_map_write_allocate(pg * BUS_PAGE_SIZE);
        p->beat_bytes = (uint8_t)(d->width_bits / 8u);
        p->writable = d->kind != MEM_FLASH;
        m->bus.page[pg] = p;
    }
}

static uint32_t pages_needed(uint32_t base, uint64_t size)
{
    uint64_t first = ((uint64_t)base + BUS_PAGE_SIZE - 1) / BUS_PAGE_SIZE;
    uint64_t end = ((uint64_t)base + size) / BUS_PAGE_SIZE;
    return end > first ? (uint32_t)(end - first) : 0;
}

static bool create_region(machine_t *m, const soc_region_t *d, char *err, size_t errlen)
{
    sim_region_t *r = &m->regions[m->nregions];
    r->desc = d;
    r->map_size = (d->size + BUS_PAGE_SIZE - 1) & ~(uint64_t)(BUS_PAGE_SIZE - 1);
    /* Lazily backed: untouched memory costs nothing (a 2 GiB DDR is fine). */
    void *host = mmap(NULL, r->map_size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (host == MAP_FAILED) {
        snprintf(err, errlen, "cannot reserve %llu bytes of host memory for region %s",
                 (unsigned long long)d->size, d->name);
        return false;
    }
    r->host = host;
    uint32_t n = pages_needed(d->base, d->size);
    for (int a = 0; a < d->naliases; a++)
        n += pages_needed(d->aliases[a], d->size);
    r->pages = calloc(n ? n : 1, sizeof *r->pages);
    if (!r->pages) {
        munmap(host, r->map_size);
        snprintf(err, errlen, "out of memory");
        return false;
    }
    r->npages = n;
    m->nregions++;
    uint32_t next = 0;
    map_pages(m, r, d->base, &next);
    for (int a = 0; a < d->naliases; a++)
        map_pages(m, r, d->aliases[a], &next);
    return true;
}

static void map_device(machine_t *m, uint32_t base, uint64_t size)
{
    for (uint64_t a = base & ~(uint64_t)(BUS_PAGE_SIZE - 1); a < (uint64_t)base + size; a += BUS_PAGE_SIZE)
        m->bus.page[a >> BUS_PAGE_BITS] = &m->mmio_page;
}

machine_t *machine_create(const soc_desc_t *desc, double cpu_mhz, char *err, size_t errlen)
{
    machine_t *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->desc = *desc;
    if (cpu_mhz > 0)
        m->desc.cpu_mhz = cpu_mhz;
    m->out = stdout;
    m->bus.ctx = m;
    m->bus.read = bus_read;
    m->bus.write = bus_write;
    m->mmio_page.stats = &m->mmio_stats;
    for (int i = 0; i < m->desc.nregions; i++) {
        if (!create_region(m, &m->desc.regions[i], err, errlen)) {
            machine_destroy(m);
            return NULL;
        }
    }
    map_device(m, PPB_BASE, PPB_SIZE);
    for (int i = 0; i < m->desc.ndevices; i++) {
        const soc_device_t *dev = &m->desc.devices[i];
        if (strcmp(dev->type, "uart-cmsdk") == 0 && m->nuarts < 4)
            m->uarts[m->nuarts++].base = dev->base;
        else if (strcmp(dev->type, "profport") == 0)
            profport_init(&m->prof, dev->base);
        map_device(m, dev->base, dev->size);
    }
    semihost_init(&m->semi);
    scs_reset(&m->scs);
    cpu_hooks_t hooks = {.ctx = m, .bkpt = hook_bkpt, .event = hook_event,
                         .next_wakeup = hook_next_wakeup};
    m->cpu = cpu_create(&m->bus, &hooks);
    if (m->cpu) {
        m->cpu->l1i = cache_create(m->desc.icache_bytes, m->desc.icache_ways);
        m->cpu->l1d = cache_create(m->desc.dcache_bytes, m->desc.dcache_ways);
    }
    if (!m->cpu) {
        snprintf(err, errlen, "out of memory");
        machine_destroy(m);
        return NULL;
    }
    return m;
}

void machine_destroy(machine_t *m)
{
    if (!m)
        return;
    if (m->cpu) {
        cache_destroy(m->cpu->l1i);
        cache_destroy(m->cpu->l1d);
    }
    cpu_destroy(m->cpu);
    for (int i = 0; i < m->nregions; i++) {
        munmap(m->regions[i].host, m->regions[i].map_size);
        free(m->regions[i].pages);
        for (uint32_t c = 0; m->regions[i].touch && c < m->regions[i].nchunks; c++) {
            if (m->regions[i].touch[c])
                free(m->regions[i].touch[c]->copy);
            free(m->regions[i].touch[c]);
        }
        free(m->regions[i].touch);
    }
    semihost_close_all(&m->semi);
    profport_free(&m->prof);
    free(m);
}

void machine_set_on_insn(machine_t *m, void (*fn)(void *ctx, const cpu_t *cpu, uint32_t pc, const struct insn *in),
                         void *fn_ctx)
{
    m->trace_ctx = fn_ctx;
    m->cpu->hooks.on_insn = fn;
}

bool machine_set_on_mem(machine_t *m,
                        void (*fn)(void *ctx, const cpu_t *cpu, uint32_t addr, unsigned size, const void *bytes,
                                   unsigned flags, uint32_t wait),
                        void *fn_ctx)
{
    m->trace_ctx = fn_ctx;
    m->cpu->hooks.on_mem = fn;
    return cpu_trace_memory(m->cpu, fn != NULL);
}

bool machine_reset(machine_t *m)
{
    scs_reset(&m->scs);
    bool ok = cpu_reset(m->cpu, m->desc.reset_vtor);
    cache_invalidate_all(m->cpu->l1i);
    cache_invalidate_all(m->cpu->l1d);
    cpu_caches_changed(m->cpu);
    m->cpu->exc.prio_bits = (uint8_t)m->desc.prio_bits;
    schedule_devices(m);
    return ok;
}

/* ---- host access to simulated memory ------------------------------------ */

/* The first device window (the PPB, or a device of the SoC description)
 * that overlaps [lo, lo+len), or NULL.  Devices may sit inside a memory
 * region's range (the description allows it), so a load that starts in
 * RAM can still run over one. */
static const char *device_overlapping(const machine_t *m, uint64_t lo, uint64_t len, uint64_t *base,
                                      uint64_t *size)
{
    if (len == 0)
        return NULL;
    if (lo < (uint64_t)PPB_BASE + PPB_SIZE && PPB_BASE < lo + len) {
        *base = PPB_BASE;
        *size = PPB_SIZE;
        return "the system control space (PPB)";
    }
    for (int i = 0; i < m->desc.ndevices; i++) {
        const soc_device_t *d = &m->desc.devices[i];
        if (lo < (uint64_t)d->base + d->size && d->base < lo + len) {
            *base = d->base;
            *size = d->size;
            return d->name;
        }
    }
    return NULL;
}

/* Call fn on each piece of [addr, addr+len) that lies in one region. */
static bool for_each_piece(machine_t *m, uint32_t addr, uint64_t len, const char *what, char *err,
                           size_t errlen, void (*fn)(uint8_t *host, uint64_t n, const uint8_t *src),
                           const uint8_t *src)
{
    uint64_t dbase, dsize;
    const char *dev = device_overlapping(m, addr, len, &dbase, &dsize);
    if (dev) {
        if (err)
            snprintf(err, errlen, "%s: bytes 0x%08llx..0x%08llx would load over device %s "
                     "(0x%08llx..0x%08llx), whose stores the device would take; move the data "
                     "or the device", what, (unsigned long long)addr,
                     (unsigned long long)(addr + len - 1), dev, (unsigned long long)dbase,
                     (unsigned long long)(dbase + dsize - 1));
        return false;
    }
    uint64_t done = 0;
    while (done < len) {
        uint64_t a = (uint64_t)addr + done;
        uint32_t off;
        const sim_region_t *r = a <= UINT32_MAX ? machine_region_at(m, (uint32_t)a, &off) : NULL;
        uint32_t doff;
        sim_uart_t *u;
        if (!r || (a <= UINT32_MAX && device_at(m, (uint32_t)a, &doff, &u) != DEV_NONE)) {
            if (err)
                snprintf(err, errlen, "%s: bytes 0x%08llx..0x%08llx fall outside the SoC's memory "
                         "(address 0x%08llx is %s)", what, (unsigned long long)addr,
                         (unsigned long long)(addr + len - 1), (unsigned long long)a,
                         r ? "a device register" : "not mapped");
            return false;
        }
        uint64_t n = r->desc->size - off;
        if (n > len - done)
            n = len - done;
        fn(r->host + off, n, src ? src + done : NULL);
        done += n;
    }
    return true;
}

static void copy_in(uint8_t *host, uint64_t n, const uint8_t *src)
{
    memcpy(host, src, n);
}

static void zero_in(uint8_t *host, uint64_t n, const uint8_t *src)
{
    (void)src;
    memset(host, 0, n);
}

bool machine_load(machine_t *m, uint32_t addr, const void *data, uint64_t len, const char *what,
                  char *err, size_t errlen)
{
    bool ok = for_each_piece(m, addr, len, what, err, errlen, copy_in, data);
    if (ok && m->cpu)
        cpu_icache_flush(m->cpu);
    return ok;
}

bool machine_zero(machine_t *m, uint32_t addr, uint64_t len, const char *what, char *err, size_t errlen)
{
    return for_each_piece(m, addr, len, what, err, errlen, zero_in, NULL);
}

bool machine_read_bytes(machine_t *m, uint32_t addr, void *out, uint32_t len)
{
    uint8_t *dst = out;
    for (uint32_t done = 0; done < len;) {
        uint32_t off;
        const sim_region_t *r = machine_region_at(m, addr + done, &off);
        if (!r)
            return false;
        uint64_t n = r->desc->size - off;
        if (n > len - done)
            n = len - done;
        memcpy(dst + done, r->host + off, n);
        done += (uint32_t)n;
    }
    return true;
}

bool machine_write_bytes(machine_t *m, uint32_t addr, const void *data, uint32_t len)
{
    const uint8_t *src = data;
    for (uint32_t done = 0; done < len;) {
        uint32_t off;
        sim_region_t *r = (sim_region_t *)machine_region_at(m, addr + done, &off);
        if (!r || r->desc->kind == MEM_FLASH)
            return false;
        uint64_t n = r->desc->size - off;
        if (n > len - done)
            n = len - done;
        note_write(m, r, off, n);   /* the firmware's own request (SYS_READ...) */
        memcpy(r->host + off, src + done, n);
        /* Host writes (semihosting reads) into memory that holds code:
         * drop the stale decodes of just those addresses.  Not a flush:
         * that frees the chunks, and the BKPT doing the write is still
         * executing from one of them. */
        for (uint32_t a = addr + done; a - (addr + done) < n; a = (a | (BUS_PAGE_SIZE - 1u)) + 1u) {
            bus_page_t *pg = m->bus.page[a >> BUS_PAGE_BITS];
            uint32_t end = (a | (BUS_PAGE_SIZE - 1u)) + 1u;
            uint32_t stop = addr + done + (uint32_t)n;
            if (pg && pg->has_code)
                cpu_icache_invalidate(m->cpu, a, (end - a < stop - a ? end : stop) - a);
            if (end == 0 || end >= stop)
                break;
        }
        done += (uint32_t)n;
    }
    return true;
}

bool machine_read_string(machine_t *m, uint32_t addr, char *out, size_t max)
{
    for (size_t i = 0; i + 1 < max; i++) {
        if (!machine_read_bytes(m, addr + (uint32_t)i, &out[i], 1))
            return false;
        if (out[i] == '\0')
            return true;
    }
    out[max - 1] = '\0';
    return true;
}
