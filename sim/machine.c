/* Building the SoC from its description: host storage for each memory
 * region, the bus page table the core reads, device dispatch for the slow
 * path, and the core's hooks (semihosting, device events). */
#include "machine.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dsp.h"
#include "uart.h"
#include "../isa/cache.h"
#include "../isa/host_pages.h"
#include "../npu/ethosu_device.h"

#define SEMIHOSTING_BKPT 0xABu

/* ---- the device table (slow path) ------------------------------------- */

static sim_device_t *device_at(machine_t *m, uint32_t addr, uint32_t *off)
{
    for (int i = 0; i < m->ndevices; i++) {
        sim_device_t *d = &m->devices[i];
        for (int r = 0; r < d->nranges; r++) {
            if (addr - d->base[r] < d->size) {
                *off = addr - d->base[r];
                return d;
            }
        }
    }
    return NULL;
}

/* ---- the scheduler ------------------------------------------------------ */

/* The core is the engine that drives time: it runs its fast path until the
 * earliest event of any device or engine (cpu->device_deadline), sleeps in
 * WFI/WFE until one (hook_next_wakeup), and then lets every device whose
 * event is due catch up (hook_event).  Between events it pays nothing. */
static uint64_t next_device_event(const machine_t *m)
{
    uint64_t next = UINT64_MAX;
    for (int i = 0; i < m->ndevices; i++) {
        const sim_device_t *d = &m->devices[i];
        if (d->next_event) {
            uint64_t t = d->next_event(d->ctx);
            if (t < next)
                next = t;
        }
    }
    return next;
}

static void schedule_devices(machine_t *m)
{
    cpu_set_device_deadline(m->cpu, next_device_event(m));
}

static void run_due_devices(machine_t *m)
{
    uint64_t now = m->cpu->cycles;
    for (int i = 0; i < m->ndevices; i++) {
        sim_device_t *d = &m->devices[i];
        if (d->next_event && d->next_event(d->ctx) <= now)
            d->advance(d->ctx, now);
    }
}

void machine_set_irq(machine_t *m, int line, bool level)
{
    /* The NVIC latches a rising line as pending; lowering it leaves a
     * pending interrupt pending (a level that stays high after the
     * handler returns is not re-pended: no device here needs that). */
    if (level && line >= 0 && line < CPU_NUM_IRQ)
        cpu_set_pending(m->cpu, EXC_IRQ0 + line);
}

static bool ranges_overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
    return a < b + blen && b < a + alen;
}

static void map_device(machine_t *m, uint32_t base, uint64_t size)
{
    for (uint64_t a = base & ~(uint64_t)(BUS_PAGE_SIZE - 1); a < (uint64_t)base + size; a += BUS_PAGE_SIZE)
        m->bus.page[a >> BUS_PAGE_BITS] = &m->mmio_page;
}

/* Devices are looked up in table order, background windows last. */
bool machine_add_device(machine_t *m, const sim_device_t *dev, char *err, size_t errlen)
{
    if (m->ndevices == MACHINE_MAX_DEVICES) {
        snprintf(err, errlen, "device %s: more than %d devices", dev->name, MACHINE_MAX_DEVICES);
        return false;
    }
    for (int r = 0; r < dev->nranges; r++) {
        if (dev->size == 0 || (uint64_t)dev->base[r] + dev->size > 0x100000000ull) {
            snprintf(err, errlen, "device %s at 0x%08x: empty or runs past 4 GiB", dev->name, dev->base[r]);
            return false;
        }
        for (int i = 0; i < m->ndevices; i++) {
            const sim_device_t *o = &m->devices[i];
            for (int q = 0; q < o->nranges && !o->background && !dev->background; q++) {
                if (ranges_overlap(dev->base[r], dev->size, o->base[q], o->size)) {
                    snprintf(err, errlen, "device %s at 0x%08x overlaps device %s at 0x%08x", dev->name,
                             dev->base[r], o->name, o->base[q]);
                    return false;
                }
            }
        }
    }
    int at = m->ndevices;
    while (!dev->background && at > 0 && m->devices[at - 1].background)
        at--;
    memmove(&m->devices[at + 1], &m->devices[at], (size_t)(m->ndevices - at) * sizeof *m->devices);
    m->devices[at] = *dev;
    m->ndevices++;
    for (int r = 0; r < dev->nranges; r++)
        map_device(m, dev->base[r], dev->size);
    return true;
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

/* ---- which host pages are known to be zero (sim_region_t.nonzero) ------- */

#define ZERO_PAGE 4096u   /* the host's small page */

static uint64_t zero_page_words(uint64_t map_size)
{
    return (map_size / ZERO_PAGE + 63) / 64;
}

/* [off, off+len) of r's storage may now hold non-zero bytes. */
static void mark_nonzero(sim_region_t *r, uint64_t off, uint64_t len)
{
    if (len == 0)
        return;
    for (uint64_t pg = off / ZERO_PAGE; pg <= (off + len - 1) / ZERO_PAGE; pg++)
        r->nonzero[pg / 64] |= 1ull << (pg % 64);
}

/* Every host page over [off, off+len) of r is known to hold only zeros. */
static bool known_zero(const machine_t *m, const sim_region_t *r, uint64_t off, uint64_t len)
{
    if (!m->zero_known || len == 0)
        return false;
    for (uint64_t pg = off / ZERO_PAGE; pg <= (off + len - 1) / ZERO_PAGE; pg++)
        if (r->nonzero[pg / 64] & (1ull << (pg % 64)))
            return false;
    return true;
}

bool machine_known_zero(const machine_t *m, uint32_t addr, uint32_t len)
{
    uint32_t off;
    const sim_region_t *r = machine_region_at(m, addr, &off);
    return r && off + (uint64_t)len <= r->desc->size && known_zero(m, r, off, len);
}

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

bool machine_all_zero(const uint8_t *p, uint64_t n)
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
    if (!m->tracking_writes || !r->touch || len == 0) {
        mark_nonzero(r, off, len);
        return;
    }
    uint64_t last = (off + len - 1) / TOUCH_CHUNK;
    for (uint64_t c = off / TOUCH_CHUNK; c <= last && c < r->nchunks; c++) {
        if (r->touch[c])
            continue;
        const uint8_t *now = r->host + c * TOUCH_CHUNK;
        uint64_t n = chunk_bytes(r, (uint32_t)c);
        touch_chunk_t *t = calloc(1, sizeof *t);
        /* Known zero: no need to read it (pages nothing wrote yet). */
        if (t && !known_zero(m, r, c * TOUCH_CHUNK, n) && !machine_all_zero(now, n)) {
            t->copy = malloc(n);
            if (t->copy) {
                memcpy(t->copy, now, n);
            } else {
                free(t);
                t = NULL;
            }
        }
        r->touch[c] = t;
        if (t)
            r->noted[r->nnoted++] = (uint32_t)c;
    }
    mark_nonzero(r, off, len);
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
        r->touch = host_pages_alloc(r->nchunks * sizeof *r->touch);
        r->noted = host_pages_alloc(r->nchunks * sizeof *r->noted);
        if (!r->touch || !r->noted)
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
        for (uint32_t k = 0; k < r->nnoted; k++) {
            uint32_t c = r->noted[k];
            touch_chunk_t *t = r->touch[c];
            const uint8_t *now = r->host + (uint64_t)c * TOUCH_CHUNK;
            uint64_t n = chunk_bytes(r, c);
            /* Most chunks are as they were (pools zeroed at start-up):
             * one pass over them, no line by line compare. */
            if (t->copy ? memcmp(t->copy, now, n) == 0 : machine_all_zero(now, n))
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
    for (uint32_t k = 0; k < r->nnoted; k++) {
        uint32_t c = r->noted[k];
        const touch_chunk_t *t = r->touch[c];
        uint64_t n = chunk_bytes(r, c);
        for (uint64_t off = 0; off < n; off += TOUCH_LINE) {
            uint32_t line = (uint32_t)(off / TOUCH_LINE);
            if (t->changed[line / 8] & (1u << (line % 8)))
                total += n - off < TOUCH_LINE ? n - off : TOUCH_LINE;
        }
    }
    return total;
}

sim_region_t *machine_master_region(machine_t *m, uint32_t addr, uint32_t len, bool write, uint32_t *offset)
{
    if (len == 0 || (uint64_t)addr + len > 0x100000000ull)
        return NULL;
    sim_region_t *r = (sim_region_t *)machine_region_at(m, addr, offset);
    if (!r || (uint64_t)*offset + len > r->desc->size || (write && r->desc->kind == MEM_FLASH))
        return NULL;
    for (int i = 0; i < m->ndevices; i++) {
        const sim_device_t *d = &m->devices[i];
        for (int k = 0; k < d->nranges; k++)
            if (addr < (uint64_t)d->base[k] + d->size && d->base[k] < (uint64_t)addr + len)
                return NULL;
    }
    return r;
}

void machine_master_charge(machine_t *m, sim_region_t *r, bus_stats_t *own, uint32_t len, bool write)
{
    bus_stats_t *mine = &own[r - m->regions];
    if (write) {
        r->stats.writes++;
        r->stats.write_bytes += len;
        mine->writes++;
        mine->write_bytes += len;
    } else {
        r->stats.reads++;
        r->stats.read_bytes += len;
        mine->reads++;
        mine->read_bytes += len;
    }
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
    *wait = 0;
    sim_device_t *d = device_at(m, addr, &off);
    if (!d)
        return region_access(m, addr, size, value, false, wait);
    m->mmio_stats.reads++;
    bool ok = d->read(d->ctx, m->cpu->cycles, off, size, value);
    if (d->next_event)
        schedule_devices(m);
    return ok;
}

static bool bus_write(void *ctx, uint32_t addr, unsigned size, uint32_t value, uint32_t *wait)
{
    machine_t *m = ctx;
    uint32_t off = 0;
    *wait = 0;
    sim_device_t *d = device_at(m, addr, &off);
    if (!d)
        return region_access(m, addr, size, &value, true, wait);
    m->mmio_stats.writes++;
    bool ok = d->write(d->ctx, m->cpu->cycles, off, size, value);
    if (d->next_event)
        schedule_devices(m);
    return ok;
}

/* ---- the built-in devices ------------------------------------------------ */

static bool scs_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    machine_t *m = ctx;
    (void)now;
    return scs_read(&m->scs, m->cpu, PPB_BASE + off, size, value);
}

static bool scs_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    machine_t *m = ctx;
    (void)now;
    bool ok = scs_write(&m->scs, m->cpu, PPB_BASE + off, size, value);
    if (m->scs.reset_requested) {
        /* AIRCR.SYSRESETREQ: QEMU resets the board; so do we. */
        m->scs.reset_requested = false;
        machine_reset(m);
    }
    return ok;
}

static uint64_t scs_dev_next_event(void *ctx)
{
    machine_t *m = ctx;
    return scs_next_event(&m->scs, m->cpu);
}

static void scs_dev_advance(void *ctx, uint64_t now)
{
    machine_t *m = ctx;
    (void)now;
    scs_event(&m->scs, m->cpu);
}

/* An access to an offset of a known peripheral block that is no register
 * of it (docs/platform.md): accepted (reads zero) and logged once per
 * block, as firmware written for a slightly different platform must still
 * boot; a bus error with --strict-mmio. */
static bool undocumented(machine_t *m, const char *name, bool *warned, uint32_t off, bool write)
{
    if (m->strict_mmio)
        return false;
    if (!*warned) {
        *warned = true;
        fprintf(stderr, "etsim: warning: %s of undocumented offset 0x%03x of device %s at pc 0x%08x "
                "accepted (reads zero); further ones of this device are not logged; --strict-mmio "
                "makes them bus errors\n", write ? "write" : "read", off, name, m->cpu->pc);
    }
    return true;
}

static bool uart_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    sim_uart_t *u = ctx;
    (void)now, (void)size;
    return uart_read(u, off, value) || undocumented(u->m, u->name, &u->warned, off, false);
}

static bool uart_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    sim_uart_t *u = ctx;
    (void)now, (void)size;
    /* UART0 is the firmware's output; the others' bytes go nowhere, as on
     * QEMU -nographic (its serial1..5 are not connected). */
    FILE *out = u == &u->m->uarts[0] ? u->m->out : NULL;
    return uart_write(u, out, off, value) || undocumented(u->m, u->name, &u->warned, off, true);
}

/* Timer registers are words: CTRL, VALUE, RELOAD, INTSTATUS and the IDs. */
static bool timer_documented(uint32_t off)
{
    return off <= 0x0C || (off >= 0xFD0 && off <= 0xFFC);
}

static void timer_raise(sim_timer_t *s)
{
    if (s->t.irq_pulse) {
        s->t.irq_pulse = false;
        machine_set_irq(s->m, s->irq, true);
    }
}

static bool timer_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    sim_timer_t *s = ctx;
    (void)size;
    if (!timer_documented(off & ~3u)) {
        *value = 0;
        return undocumented(s->m, s->name, &s->warned, off, false);
    }
    *value = cmsdk_timer_read(&s->t, now, off & ~3u);
    timer_raise(s);
    return true;
}

static bool timer_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    sim_timer_t *s = ctx;
    (void)size;
    if (!timer_documented(off & ~3u))
        return undocumented(s->m, s->name, &s->warned, off, true);
    cmsdk_timer_write(&s->t, now, off & ~3u, value);
    timer_raise(s);
    return true;
}

static uint64_t timer_dev_next_event(void *ctx)
{
    sim_timer_t *s = ctx;
    return cmsdk_timer_next_event(&s->t);
}

static void timer_dev_advance(void *ctx, uint64_t now)
{
    sim_timer_t *s = ctx;
    cmsdk_timer_advance(&s->t, now);
    timer_raise(s);
}

/* The SSE-300 system counter: no events of its own, but a change to it
 * moves the timers' events, so it has a next_event (never) to make the
 * scheduler look again after each access. */
static bool sse_counter_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    sim_sse_counter_t *s = ctx;
    (void)size;
    if (sse_counter_read(&s->c, now, off & ~3u, value))
        return true;
    *value = 0;
    return undocumented(s->m, s->name, &s->warned, off, false);
}

static bool sse_counter_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    sim_sse_counter_t *s = ctx;
    (void)size;
    return sse_counter_write(&s->c, now, off & ~3u, value) || undocumented(s->m, s->name, &s->warned, off, true);
}

static uint64_t sse_counter_dev_next_event(void *ctx)
{
    (void)ctx;
    return UINT64_MAX;
}

static void sse_counter_dev_advance(void *ctx, uint64_t now)
{
    (void)ctx, (void)now;
}

static void sse_timer_raise(sim_sse_timer_t *s)
{
    if (s->t.irq_pulse) {
        s->t.irq_pulse = false;
        machine_set_irq(s->m, s->irq, true);
    }
}

static bool sse_timer_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    sim_sse_timer_t *s = ctx;
    (void)size;
    bool ok = sse_timer_read(&s->t, now, off & ~3u, value);
    sse_timer_raise(s);
    if (ok)
        return true;
    *value = 0;
    return undocumented(s->m, s->name, &s->warned, off, false);
}

static bool sse_timer_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    sim_sse_timer_t *s = ctx;
    (void)size;
    bool ok = sse_timer_write(&s->t, now, off & ~3u, value);
    sse_timer_raise(s);
    return ok || undocumented(s->m, s->name, &s->warned, off, true);
}

static uint64_t sse_timer_dev_next_event(void *ctx)
{
    sim_sse_timer_t *s = ctx;
    return sse_timer_next_event(&s->t, s->m->cpu->cycles);
}

static void sse_timer_dev_advance(void *ctx, uint64_t now)
{
    sim_sse_timer_t *s = ctx;
    sse_timer_advance(&s->t, now);
    sse_timer_raise(s);
}

static bool plain_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    sim_plain_t *p = ctx;
    (void)size;
    *value = 0;
    if (p->fpgaio && fpgaio_read(p->fpgaio, now, off & ~3u, value)) {
        *value >>= (off & 3u) * 8;
        return true;
    }
    return undocumented(p->m, p->name, &p->warned, off, false);
}

static bool plain_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    sim_plain_t *p = ctx;
    (void)size;
    if (p->fpgaio && fpgaio_write(p->fpgaio, now, off & ~3u, value))
        return true;
    return undocumented(p->m, p->name, &p->warned, off, true);
}

static bool prof_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    (void)now, (void)size;
    return profport_read(ctx, off, value);
}

static bool prof_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    (void)now, (void)size;
    return profport_write(ctx, off, value);
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
    (void)cpu;
    run_due_devices(m);
    schedule_devices(m);
}

static uint64_t hook_next_wakeup(void *ctx, cpu_t *cpu)
{
    machine_t *m = ctx;
    (void)cpu;
    return next_device_event(m);
}

/* ---- construction ------------------------------------------------------- */

/* Whether a write miss allocates a data-cache line at addr.  The memory
 * attributes (while the MPU is on, those of addresses outside its
 * regions: isa/mpu.c gives the regions' own) are
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

/* Regions up to this size are backed by huge pages where the kernel
 * offers them (isa/host_pages.h): an SRAM pool the firmware clears at
 * start-up is a few faults, not one per 4 KiB.  Bigger ones (a 2 GiB
 * DRAM the firmware touches here and there) stay on small pages. */
#define REGION_HUGE_MAX (64ull << 20)

/* Zero-filled storage of map_size bytes, backed lazily: untouched memory
 * costs nothing (a 2 GiB DDR is fine).  NULL if it cannot be mapped. */
static void *region_storage(uint64_t map_size)
{
    if (map_size <= REGION_HUGE_MAX)
        return host_pages_alloc((size_t)map_size);
    void *host = mmap(NULL, map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                      -1, 0);
    return host == MAP_FAILED ? NULL : host;
}

static void region_storage_free(void *host, uint64_t map_size)
{
    if (map_size <= REGION_HUGE_MAX)
        host_pages_free(host, (size_t)map_size);
    else if (host)
        munmap(host, map_size);
}

/* The bus page descriptors of a region: one per whole 64 KiB page at its
 * base and at each alias. */
static uint32_t region_npages(const soc_region_t *d)
{
    uint32_t n = pages_needed(d->base, d->size);
    for (int a = 0; a < d->naliases; a++)
        n += pages_needed(d->aliases[a], d->size);
    return n;
}

/* The host bytes mapped for a region: its size in whole 64 KiB pages. */
static uint64_t region_map_size(const soc_region_t *d)
{
    return (d->size + BUS_PAGE_SIZE - 1) & ~(uint64_t)(BUS_PAGE_SIZE - 1);
}

/* The parts of the machine's block (machine_alloc()) a region takes:
 * its bus page descriptors and its known-zero bitmap. */
typedef struct region_tables {
    bus_page_t *pages;
    uint64_t *nonzero;
} region_tables_t;

/* The region's tables come from *t, which moves past them. */
static bool create_region(machine_t *m, const soc_region_t *d, region_tables_t *t, char *err, size_t errlen)
{
    sim_region_t *r = &m->regions[m->nregions];
    r->desc = d;
    r->map_size = region_map_size(d);
    void *host = region_storage(r->map_size);
    if (!host) {
        snprintf(err, errlen, "cannot reserve %llu bytes of host memory for region %s",
                 (unsigned long long)d->size, d->name);
        return false;
    }
    r->host = host;
    r->pages = t->pages;
    r->npages = region_npages(d);
    t->pages += r->npages;
    r->nonzero = t->nonzero;
    t->nonzero += zero_page_words(r->map_size);
    m->nregions++;
    uint32_t next = 0;
    map_pages(m, r, d->base, &next);
    for (int a = 0; a < d->naliases; a++)
        map_pages(m, r, d->aliases[a], &next);
    return true;
}

/* The System Control Space, the description's devices and the NPU. */
static bool add_devices(machine_t *m, char *err, size_t errlen)
{
    sim_device_t scs = {.name = "scs", .base = {PPB_BASE}, .nranges = 1, .size = PPB_SIZE, .irq = -1,
                        .background = true, .ctx = m, .read = scs_dev_read, .write = scs_dev_write,
                        .next_event = scs_dev_next_event, .advance = scs_dev_advance};
    if (!machine_add_device(m, &scs, err, errlen))
        return false;
    for (int i = 0; i < m->desc.ndevices; i++) {
        const soc_device_t *sd = &m->desc.devices[i];
        sim_device_t d = {.base = {sd->base}, .nranges = 1, .size = sd->size, .irq = sd->irq};
        for (int a = 0; a < sd->naliases; a++)
            d.base[d.nranges++] = sd->aliases[a];
        snprintf(d.name, sizeof d.name, "%s", sd->name);
        uint64_t cpu_hz = (uint64_t)(m->desc.cpu_mhz * 1e6 + 0.5);
        if (strcmp(sd->type, "timer-cmsdk") == 0) {
            if (m->ntimers == MACHINE_MAX_TIMERS) {
                snprintf(err, errlen, "device %s: at most %d timers", sd->name, MACHINE_MAX_TIMERS);
                return false;
            }
            sim_timer_t *t = &m->timers[m->ntimers++];
            t->m = m;
            t->irq = sd->irq;
            memcpy(t->name, sd->name, sizeof t->name);
            /* Default: the AN547's 32 MHz peripheral clock (QEMU's mps3-an547 sysclk). */
            cmsdk_timer_init(&t->t, sd->clock_hz ? sd->clock_hz : 32000000u, cpu_hz);
            d.ctx = t;
            d.read = timer_dev_read;
            d.write = timer_dev_write;
            d.next_event = timer_dev_next_event;
            d.advance = timer_dev_advance;
        } else if (strcmp(sd->type, "sse-counter") == 0) {
            sim_sse_counter_t *c = &m->sse_counter;
            if (c->present) {
                snprintf(err, errlen, "device %s: at most one sse-counter", sd->name);
                return false;
            }
            c->present = true;
            c->m = m;
            memcpy(c->name, sd->name, sizeof c->name);
            /* Default: the SSE-300's 32 MHz MAINCLK (QEMU's mps3-an547). */
            sse_counter_init(&c->c, sd->clock_hz ? sd->clock_hz : 32000000u, cpu_hz);
            d.ctx = c;
            d.read = sse_counter_dev_read;
            d.write = sse_counter_dev_write;
            d.next_event = sse_counter_dev_next_event;
            d.advance = sse_counter_dev_advance;
        } else if (strcmp(sd->type, "sse-timer") == 0) {
            if (!m->sse_counter.present) {
                snprintf(err, errlen, "device %s: an sse-timer needs an sse-counter device before it", sd->name);
                return false;
            }
            if (m->nsse_timers == MACHINE_MAX_SSE_TIMERS) {
                snprintf(err, errlen, "device %s: at most %d sse-timers", sd->name, MACHINE_MAX_SSE_TIMERS);
                return false;
            }
            sim_sse_timer_t *t = &m->sse_timers[m->nsse_timers++];
            t->m = m;
            t->irq = sd->irq;
            memcpy(t->name, sd->name, sizeof t->name);
            sse_timer_init(&t->t, &m->sse_counter.c);
            d.ctx = t;
            d.read = sse_timer_dev_read;
            d.write = sse_timer_dev_write;
            d.next_event = sse_timer_dev_next_event;
            d.advance = sse_timer_dev_advance;
        } else if (strcmp(sd->type, "fpgaio") == 0 || strcmp(sd->type, "reserved") == 0) {
            if (m->nplain == MACHINE_MAX_PLAIN) {
                snprintf(err, errlen, "device %s: at most %d fpgaio and reserved blocks", sd->name,
                         MACHINE_MAX_PLAIN);
                return false;
            }
            sim_plain_t *p = &m->plain[m->nplain++];
            p->m = m;
            memcpy(p->name, sd->name, sizeof p->name);
            if (strcmp(sd->type, "fpgaio") == 0) {
                /* Default: the MPS3's 25 MHz reference clock for COUNTER. */
                fpgaio_init(&p->fpgaio_regs, sd->clock_hz ? sd->clock_hz : 25000000u, cpu_hz);
                p->fpgaio = &p->fpgaio_regs;
            }
            d.ctx = p;
            d.read = plain_dev_read;
            d.write = plain_dev_write;
        } else if (strcmp(sd->type, "uart-cmsdk") == 0) {
            if (m->nuarts == MACHINE_MAX_UARTS) {
                snprintf(err, errlen, "device %s: at most %d UARTs", sd->name, MACHINE_MAX_UARTS);
                return false;
            }
            sim_uart_t *u = &m->uarts[m->nuarts++];
            u->base = sd->base;
            u->m = m;
            u->shutdown_on_eot = sd->shutdown_on_eot;
            memcpy(u->name, sd->name, sizeof u->name);
            d.ctx = u;
            d.read = uart_dev_read;
            d.write = uart_dev_write;
        } else {   /* "profport" (soc.c accepts no other type) */
            profport_init(&m->prof, sd->base);
            d.ctx = m;
            d.read = prof_dev_read;
            d.write = prof_dev_write;
        }
        if (!machine_add_device(m, &d, err, errlen))
            return false;
    }
    return (!m->desc.npu.present || sim_npu_attach(m, err, errlen)) &&
           (!m->desc.dsp.present || sim_dsp_attach(m, err, errlen));
}

/* The machine and every region's bus page descriptors in one zeroed
 * block (machine_t.alloc_bytes), huge pages where offered
 * (isa/host_pages.h).  Both are mostly the 2 GiB DRAM's: 256 KiB of the
 * bus page table and 32,768 descriptors (1 MiB), all written at
 * creation; apart they took a huge page for the descriptors and 64 small
 * pages for the table (0.1 ms of a short run in page faults), together
 * they take one huge page. */
static machine_t *machine_alloc(const soc_desc_t *desc, region_tables_t *t)
{
    size_t npages = 0, nwords = 0;
    for (int i = 0; i < desc->nregions; i++) {
        npages += region_npages(&desc->regions[i]);
        nwords += zero_page_words(region_map_size(&desc->regions[i]));
    }
    size_t bytes = sizeof(machine_t) + npages * sizeof(bus_page_t) + nwords * sizeof(uint64_t);
    machine_t *m = host_pages_alloc(bytes);
    if (!m)
        return NULL;
    m->alloc_bytes = bytes;
    t->pages = (bus_page_t *)(m + 1);
    t->nonzero = (uint64_t *)(t->pages + npages);
    return m;
}

machine_t *machine_create(const soc_desc_t *desc, double cpu_mhz, char *err, size_t errlen)
{
    _Static_assert(sizeof(machine_t) % _Alignof(bus_page_t) == 0, "descriptors follow the machine");
    region_tables_t tables;
    machine_t *m = machine_alloc(desc, &tables);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->zero_known = true;   /* fresh storage, and the core has not run */
    m->desc = *desc;
    if (cpu_mhz > 0)
        m->desc.cpu_mhz = cpu_mhz;
    m->out = stdout;
    m->bus.ctx = m;
    m->bus.read = bus_read;
    m->bus.write = bus_write;
    m->mmio_page.stats = &m->mmio_stats;
    for (int i = 0; i < m->desc.nregions; i++) {
        if (!create_region(m, &m->desc.regions[i], &tables, err, errlen)) {
            machine_destroy(m);
            return NULL;
        }
    }
    if (!add_devices(m, err, errlen)) {
        machine_destroy(m);
        return NULL;
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
    ethosu_destroy(m->npu.dev);
    sim_dsp_destroy(m->dsp);
    for (int i = 0; i < m->nregions; i++) {
        sim_region_t *r = &m->regions[i];
        region_storage_free(r->host, r->map_size);
        for (uint32_t k = 0; k < r->nnoted; k++) {
            free(r->touch[r->noted[k]]->copy);
            free(r->touch[r->noted[k]]);
        }
        host_pages_free(r->touch, r->nchunks * sizeof *r->touch);
        host_pages_free(r->noted, r->nchunks * sizeof *r->noted);
    }
    semihost_close_all(&m->semi);
    profport_free(&m->prof);
    host_pages_free(m, m->alloc_bytes);
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

bool machine_set_exit_on_eot(machine_t *m)
{
    if (m->nuarts == 0)
        return false;
    m->uarts[0].shutdown_on_eot = true;
    return true;
}

bool machine_reset(machine_t *m)
{
    /* From here the core may write memory; without the write tracking
     * nothing sees it, and no page is known zero any more. */
    if (!m->tracking_writes)
        m->zero_known = false;
    scs_reset(&m->scs);
    if (m->npu.dev)
        ethosu_reset(m->npu.dev, m->cpu->cycles);
    if (m->dsp)
        sim_dsp_reset(m->dsp, m->cpu->cycles);
    bool ok = cpu_reset(m->cpu, m->desc.reset_vtor);
    cache_invalidate_all(m->cpu->l1i);
    cache_invalidate_all(m->cpu->l1d);
    cpu_caches_changed(m->cpu);
    m->cpu->exc.prio_bits = (uint8_t)m->desc.prio_bits;
    schedule_devices(m);
    return ok;
}

/* ---- host access to simulated memory ------------------------------------ */

/* The first device window (the PPB, a device of the SoC description, the
 * NPU) that overlaps [lo, lo+len), or NULL.  Devices may sit inside a
 * memory region's range (the description allows it), so a load that
 * starts in RAM can still run over one. */
static const char *device_overlapping(const machine_t *m, uint64_t lo, uint64_t len, uint64_t *base,
                                      uint64_t *size)
{
    if (len == 0)
        return NULL;
    for (int i = 0; i < m->ndevices; i++) {
        const sim_device_t *d = &m->devices[i];
        for (int r = 0; r < d->nranges; r++) {
            if (ranges_overlap(lo, len, d->base[r], d->size)) {
                *base = d->base[r];
                *size = d->size;
                return d->background ? "the system control space (PPB)" : d->name;
            }
        }
    }
    return NULL;
}

/* What to do with one piece of a load: bytes [done, done+n) of it go to
 * [off, off+n) of r's storage.  False (with a message in err) stops the
 * load. */
typedef bool piece_fn(machine_t *m, sim_region_t *r, uint64_t off, uint64_t n, uint64_t done, const void *ctx,
                      char *err, size_t errlen);

/* Call fn on each piece of [addr, addr+len) that lies in one region. */
static bool for_each_piece(machine_t *m, uint32_t addr, uint64_t len, const char *what, char *err,
                           size_t errlen, piece_fn *fn, const void *ctx)
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
        sim_region_t *r = a <= UINT32_MAX ? (sim_region_t *)machine_region_at(m, (uint32_t)a, &off) : NULL;
        uint32_t doff;
        if (!r || (a <= UINT32_MAX && device_at(m, (uint32_t)a, &doff))) {
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
        if (!fn(m, r, off, n, done, ctx, err, errlen))
            return false;
        done += n;
    }
    return true;
}

static bool copy_in(machine_t *m, sim_region_t *r, uint64_t off, uint64_t n, uint64_t done, const void *src,
                    char *err, size_t errlen)
{
    (void)m, (void)err, (void)errlen;
    memcpy(r->host + off, (const uint8_t *)src + done, n);
    mark_nonzero(r, off, n);
    return true;
}

/* Only the host pages not zero already are written.  A .bss is mostly
 * memory nothing wrote since it was mapped (sim_region_t.nonzero): a
 * write would cost a page of its own (the fault, the clear, the cgroup
 * charge) that the firmware may never use (a 509 KiB heap and stack: 128
 * such pages), and even a read maps the kernel's zero page.  A page not
 * known zero is tested, and written where it is not. */
static bool zero_in(machine_t *m, sim_region_t *r, uint64_t off, uint64_t n, uint64_t done, const void *ctx,
                    char *err, size_t errlen)
{
    (void)done, (void)ctx, (void)err, (void)errlen;
    for (uint64_t a = off; a < off + n;) {
        uint64_t page_end = (a / ZERO_PAGE + 1) * ZERO_PAGE;
        uint64_t len = (page_end < off + n ? page_end : off + n) - a;
        if (!known_zero(m, r, a, len)) {
            if (!machine_all_zero(r->host + a, len))
                memset(r->host + a, 0, len);
            /* A whole page cleared is known zero again. */
            if (len == ZERO_PAGE)
                r->nonzero[a / ZERO_PAGE / 64] &= ~(1ull << (a / ZERO_PAGE % 64));
        }
        a += len;
    }
    return true;
}

typedef struct {
    int fd;
    uint64_t offset;
    const char *what;
} file_piece_t;

/* Straight from the file into the region: no buffer of the file's bytes
 * to fault in and copy. */
static bool read_in(machine_t *m, sim_region_t *r, uint64_t off, uint64_t n, uint64_t done, const void *ctx,
                    char *err, size_t errlen)
{
    (void)m;
    const file_piece_t *f = ctx;
    uint8_t *host = r->host + off;
    mark_nonzero(r, off, n);
    for (uint64_t got = 0; got < n;) {
        ssize_t r = pread(f->fd, host + got, n - got, (off_t)(f->offset + done + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {   /* an error, or the file shrank since it was checked */
            if (err)
                snprintf(err, errlen, "%s: read error%s%s", f->what, r < 0 ? ": " : " (file truncated?)",
                         r < 0 ? strerror(errno) : "");
            return false;
        }
        got += (uint64_t)r;
    }
    return true;
}

bool machine_load(machine_t *m, uint32_t addr, const void *data, uint64_t len, const char *what,
                  char *err, size_t errlen)
{
    bool ok = for_each_piece(m, addr, len, what, err, errlen, copy_in, data);
    if (ok && m->cpu)
        cpu_icache_flush(m->cpu);
    return ok;
}

bool machine_load_file(machine_t *m, uint32_t addr, int fd, const uint8_t *bytes, uint64_t offset, uint64_t len,
                       const char *what, char *err, size_t errlen)
{
    if (fd < 0)
        return machine_load(m, addr, bytes + offset, len, what, err, errlen);
    file_piece_t f = {fd, offset, what};
    bool ok = for_each_piece(m, addr, len, what, err, errlen, read_in, &f);
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
