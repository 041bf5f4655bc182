/* The one interface through which the core reaches memory and devices.
 *
 * The simulator (sim/) owns the memory map; the core only sees this page
 * table.  Each 64 KiB page of the 4 GiB address space either points at host
 * memory (the fast path: RAM, TCM, flash) or is NULL, in which case the access
 * goes through the slow-path callbacks (MMIO, unmapped addresses, pages that
 * are only partly backed).  Every access is charged the wait states of its
 * page and counted in the statistics of its memory region.
 */
#ifndef ETSIM_ISA_BUS_H
#define ETSIM_ISA_BUS_H

#include <stdbool.h>
#include <stdint.h>

#define BUS_PAGE_BITS 16u
#define BUS_PAGE_SIZE (1u << BUS_PAGE_BITS)
#define BUS_NUM_PAGES (1u << (32u - BUS_PAGE_BITS))

/* Per memory region access counters (kept cheaply on every access). */
typedef struct bus_stats {
    uint64_t reads, writes;
    uint64_t read_bytes, write_bytes;
    uint64_t fetches, fetch_bytes;
    uint64_t wait_cycles;
} bus_stats_t;

typedef struct bus_page {
    uint8_t *host;          /* host bytes of this page, NULL for the slow path */
    bus_stats_t *stats;     /* the region's counters (never NULL for host pages) */
    uint16_t read_wait;     /* extra cycles per data read */
    uint16_t write_wait;    /* extra cycles per data write */
    uint16_t fetch_wait;    /* extra cycles per instruction fetch (32 bits) */
    uint16_t fill_wait;     /* extra cycles to fill a cache line from here */
    uint8_t beat_bytes;     /* bus width: a longer access takes more beats */
    bool cacheable;         /* accesses go through the L1 caches when they are on */
    bool write_allocate;    /* write-back, write-allocate memory: a write miss fills the line */
    bool writable;          /* false: ROM/flash, or RAM whose first write is trapped */
    bool has_code;          /* the core predecoded instructions in this page */
    /* RAM not yet written since the SoC began tracking writes: writable
     * is false until the first write, which takes the slow path once,
     * calls bus->first_write and then completes as an ordinary fast-path
     * write (same cycles, same counters).  The untraced hot path pays
     * nothing for it. */
    bool write_trap;
} bus_page_t;

typedef struct bus {
    bus_page_t *page[BUS_NUM_PAGES];
    /* Slow path.  Return false for a bus error (the core raises BusFault).
     * *wait receives the extra cycles the access costs. */
    void *ctx;
    bool (*read)(void *ctx, uint32_t addr, unsigned size, uint32_t *value, uint32_t *wait);
    bool (*write)(void *ctx, uint32_t addr, unsigned size, uint32_t value, uint32_t *wait);
    /* The first write to a write_trap page, before it happens (may be NULL);
     * its own context, as read/write may be wrapped (sim/power.c). */
    void (*first_write)(void *first_write_ctx, bus_page_t *page);
    void *first_write_ctx;
} bus_t;

static inline bus_page_t *bus_page_of(const bus_t *bus, uint32_t addr)
{
    return bus->page[addr >> BUS_PAGE_BITS];
}

#endif
