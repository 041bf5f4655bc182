/* Data memory access for execute functions: the fast path (a host page,
 * no page crossing) is inline so loads and stores cost a few host
 * instructions; everything else goes to the out-of-line slow path in
 * isa/cpu.c.  Every access is charged its page's wait states and counted
 * in its region's statistics. */
#ifndef ETSIM_ISA_MEM_ACCESS_H
#define ETSIM_ISA_MEM_ACCESS_H

#include <string.h>

#include "cpu.h"

/* Slow paths and helpers (isa/cpu.c). */
uint32_t cpu_read_slow(cpu_t *cpu, uint32_t addr, unsigned size);
void cpu_write_slow(cpu_t *cpu, uint32_t addr, unsigned size, uint32_t value);
/* Inside a block the core's statistics (instret, stall and per-class
 * counts) are summed per block: bring them up to the current instruction
 * before a device or a hook (the PMU, the profiling port, semihosting) can
 * read them.  The slow paths above do it. */
void cpu_sync_block_stats(cpu_t *cpu);
void cpu_icache_invalidate(cpu_t *cpu, uint32_t addr, unsigned size);
_Noreturn void cpu_fault(cpu_t *cpu, enum cpu_fault fault, uint32_t addr);
/* Wait states of an access to a page that has them, through the data
 * cache when it is on (isa/cache.c). */
void cpu_data_wait_slow(cpu_t *cpu, bus_page_t *p, uint32_t addr, unsigned size, bool write);
/* The first write to a write_trap page: the page becomes writable and the
 * SoC hears of it (bus_t.first_write). */
void cpu_first_write(cpu_t *cpu, bus_page_t *p);

/* Whether the lines of the size bytes at addr (one or two: size <= 32)
 * are each the most recently used of their set: an access to them is a
 * hit that changes nothing (a set's order only matters within the set),
 * so it needs no lookup.  cpu->dcache_mru is only set while the cache is
 * on, and only lines of cacheable pages ever enter it. */
static inline __attribute__((always_inline)) bool cpu_dcache_span_mru(const cpu_t *cpu, uint32_t addr, unsigned size)
{
    const uint32_t *mru = cpu->dcache_mru;
    if (__builtin_expect(mru != NULL, 1)) {
        uint32_t first = addr >> 5, last = (addr + size - 1u) >> 5;
        uint32_t m = cpu->dcache_set_mask;
        return (mru[first & m] == first + 1u) & (mru[last & m] == last + 1u);
    }
    return false;
}

/* An access that is an MRU hit (cpu_dcache_span_mru()), counted. */
static inline __attribute__((always_inline)) bool cpu_dcache_mru_hit(cpu_t *cpu, uint32_t addr, unsigned size)
{
    if (cpu_dcache_span_mru(cpu, addr, size)) {
        cpu->dcache_mru_hits++;   /* for the PMU's L1D_CACHE */
        return true;
    }
    return false;
}

/* Forced inline: link-time optimisation otherwise calls it out of line
 * from every fast access of a page with wait states (3 % of the scalar
 * KWS in a call that mostly ends in the MRU hit). */
static inline __attribute__((always_inline)) void cpu_data_wait(cpu_t *cpu, bus_page_t *p, uint32_t addr, unsigned size, bool write)
{
    if (!cpu_dcache_mru_hit(cpu, addr, size))
        cpu_data_wait_slow(cpu, p, addr, size, write);
}

static inline __attribute__((always_inline)) uint8_t *mem_host_read(cpu_t *cpu, uint32_t addr, unsigned size)
{
    bus_page_t *p = cpu->dpage[addr >> BUS_PAGE_BITS];
    uint32_t off = addr & (BUS_PAGE_SIZE - 1);
    if (__builtin_expect(!p || !p->host || off + size > BUS_PAGE_SIZE, 0))
        return NULL;
    bus_stats_t *st = p->stats;
    st->reads++;
    st->read_bytes += size;
    if (__builtin_expect(p->read_wait != 0, 0))
        cpu_data_wait(cpu, p, addr, size, false);
    return p->host + off;
}

static inline __attribute__((always_inline)) uint8_t *mem_host_write(cpu_t *cpu, uint32_t addr, unsigned size)
{
    bus_page_t *p = cpu->dpage[addr >> BUS_PAGE_BITS];
    uint32_t off = addr & (BUS_PAGE_SIZE - 1);
    if (__builtin_expect(!p || !p->host || !p->writable || off + size > BUS_PAGE_SIZE, 0))
        return NULL;
    if (__builtin_expect(p->has_code, 0))
        cpu_icache_invalidate(cpu, addr, size);
    bus_stats_t *st = p->stats;
    st->writes++;
    st->write_bytes += size;
    if (__builtin_expect(p->write_wait != 0, 0))
        cpu_data_wait(cpu, p, addr, size, true);
    return p->host + off;
}

/* The fast case of a data access, for execute functions specialised to
 * it: an access of size (1, 2 or 4) bytes aligned to its size, to a page
 * backed by host memory (for writes: writable, holding no predecoded
 * code).  Returns the host bytes with the access charged as above, or
 * NULL with nothing charged: the caller then does the access the general
 * way (cpu_read32()...), which handles every other case. */
static inline __attribute__((always_inline)) uint8_t *mem_fast_read(cpu_t *cpu, uint32_t addr, unsigned size)
{
    bus_page_t *p = cpu->dpage[addr >> BUS_PAGE_BITS];
    if (__builtin_expect((addr & (size - 1)) != 0 || !p || !p->host, 0))
        return NULL;
    bus_stats_t *st = p->stats;
    st->reads++;
    st->read_bytes += size;
    if (__builtin_expect(p->read_wait != 0, 0))
        cpu_data_wait(cpu, p, addr, size, false);
    return p->host + (addr & (BUS_PAGE_SIZE - 1));
}

static inline __attribute__((always_inline)) uint8_t *mem_fast_write(cpu_t *cpu, uint32_t addr, unsigned size)
{
    bus_page_t *p = cpu->dpage[addr >> BUS_PAGE_BITS];
    if (__builtin_expect((addr & (size - 1)) != 0 || !p || !p->host || !p->writable ||
                             p->has_code, 0))
        return NULL;
    bus_stats_t *st = p->stats;
    st->writes++;
    st->write_bytes += size;
    if (__builtin_expect(p->write_wait != 0, 0))
        cpu_data_wait(cpu, p, addr, size, true);
    return p->host + (addr & (BUS_PAGE_SIZE - 1));
}

/* A whole 16-byte vector in page p (isa/exec_mve.c): its host bytes,
 * counted as one access and charged as one burst (isa/cache.c), or NULL
 * when it is not all in host memory (or, for a store, not writable or
 * holding code). */
static inline uint8_t *cpu_vector_host_page(cpu_t *cpu, bus_page_t *p, uint32_t addr, bool write)
{
    uint32_t off = addr & (BUS_PAGE_SIZE - 1);
    if (!p || !p->host || off + 16u > BUS_PAGE_SIZE || (write && (!p->writable || p->has_code))) {
        if (!p || !p->host || off + 16u > BUS_PAGE_SIZE || !write || !p->write_trap)
            return NULL;
        cpu_first_write(cpu, p);
        if (p->has_code)
            return NULL;
    }
    bus_stats_t *st = p->stats;
    if (write) {
        st->writes++;
        st->write_bytes += 16;
        if (p->write_wait)
            cpu_data_wait(cpu, p, addr, 16, true);
    } else {
        st->reads++;
        st->read_bytes += 16;
        if (p->read_wait)
            cpu_data_wait(cpu, p, addr, 16, false);
    }
    return p->host + off;
}

/* The same while memory accesses are traced (isa/cpu.c): reported to
 * hooks.on_mem with wdata, the bytes a store will write. */
uint8_t *cpu_vector_host_traced(cpu_t *cpu, uint32_t addr, bool write, const uint8_t *wdata);

static inline void mem_check_align(cpu_t *cpu, uint32_t addr, unsigned size)
{
    if (__builtin_expect((addr & (size - 1)) && (cpu->scb.ccr & CCR_UNALIGN_TRP), 0))
        cpu_fault(cpu, FAULT_UNALIGNED, addr);
}

static inline uint32_t cpu_read8(cpu_t *cpu, uint32_t addr)
{
    uint8_t *h = mem_host_read(cpu, addr, 1);
    return h ? *h : cpu_read_slow(cpu, addr, 1);
}

static inline uint32_t cpu_read16(cpu_t *cpu, uint32_t addr)
{
    mem_check_align(cpu, addr, 2);
    uint8_t *h = mem_host_read(cpu, addr, 2);
    if (__builtin_expect(h != NULL, 1)) {
        uint16_t v;
        memcpy(&v, h, 2);
        return v;
    }
    return cpu_read_slow(cpu, addr, 2);
}

static inline uint32_t cpu_read32(cpu_t *cpu, uint32_t addr)
{
    mem_check_align(cpu, addr, 4);
    uint8_t *h = mem_host_read(cpu, addr, 4);
    if (__builtin_expect(h != NULL, 1)) {
        uint32_t v;
        memcpy(&v, h, 4);
        return v;
    }
    return cpu_read_slow(cpu, addr, 4);
}

static inline uint32_t cpu_read32_aligned(cpu_t *cpu, uint32_t addr)
{
    if (__builtin_expect(addr & 3u, 0))
        cpu_fault(cpu, FAULT_UNALIGNED, addr);
    return cpu_read32(cpu, addr);
}

static inline void cpu_write8(cpu_t *cpu, uint32_t addr, uint32_t value)
{
    uint8_t *h = mem_host_write(cpu, addr, 1);
    if (__builtin_expect(h != NULL, 1))
        *h = (uint8_t)value;
    else
        cpu_write_slow(cpu, addr, 1, value & 0xFFu);
}

static inline void cpu_write16(cpu_t *cpu, uint32_t addr, uint32_t value)
{
    mem_check_align(cpu, addr, 2);
    uint8_t *h = mem_host_write(cpu, addr, 2);
    if (__builtin_expect(h != NULL, 1)) {
        uint16_t v = (uint16_t)value;
        memcpy(h, &v, 2);
    } else {
        cpu_write_slow(cpu, addr, 2, value & 0xFFFFu);
    }
}

static inline void cpu_write32(cpu_t *cpu, uint32_t addr, uint32_t value)
{
    mem_check_align(cpu, addr, 4);
    uint8_t *h = mem_host_write(cpu, addr, 4);
    if (__builtin_expect(h != NULL, 1))
        memcpy(h, &value, 4);
    else
        cpu_write_slow(cpu, addr, 4, value);
}

static inline void cpu_write32_aligned(cpu_t *cpu, uint32_t addr, uint32_t value)
{
    if (__builtin_expect(addr & 3u, 0))
        cpu_fault(cpu, FAULT_UNALIGNED, addr);
    cpu_write32(cpu, addr, value);
}

#endif
