/* Level-1 instruction and data caches of the Cortex-M55 (timing only: the
 * data always lives in host memory, a cache only decides how long an
 * access to a cacheable region takes).
 *
 * Geometry comes from the SoC description; the M55 has 0-64 KiB of each,
 * 32-byte lines, the instruction cache 2-way and the data cache 4-way
 * (Cortex-M55 TRM).  Replacement is least recently used, which keeps
 * results deterministic.  Caches are used only once the firmware sets
 * CCR.IC / CCR.DC, as on silicon (both are off after reset).
 */
#ifndef ETSIM_ISA_CACHE_H
#define ETSIM_ISA_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#define CACHE_LINE_BITS 5u
#define CACHE_LINE_BYTES (1u << CACHE_LINE_BITS)
#define CACHE_MAX_WAYS 8u

typedef struct cache {
    uint32_t sets;            /* a power of two */
    uint32_t ways;            /* at most CACHE_MAX_WAYS */
    uint32_t *tag;            /* [set * ways + way]: line address + 1, 0 = invalid */
    uint32_t *age;            /* LRU stamps */
    /* [set]: the set's most recently used line + 1 (0: none).  A hit on
     * it changes nothing (its stamp is already the newest of the set), so
     * the data cache's inline check (isa/mem_access.h) skips the lookup. */
    uint32_t *mru;
    uint32_t clock;
    uint64_t hits, misses;
} cache_t;

/* size_bytes 0 gives NULL (no cache). */
cache_t *cache_create(uint32_t size_bytes, uint32_t ways);
void cache_destroy(cache_t *c);
/* Look up the line holding addr; on a miss it is filled.  True on a hit. */
bool cache_access(cache_t *c, uint32_t addr);
/* Look up without filling (write misses do not allocate). */
bool cache_probe(cache_t *c, uint32_t addr);
void cache_invalidate_all(cache_t *c);
/* Its per-set most recently used lines (cpu_t.dcache_mru). */
static inline const uint32_t *cache_mru(const cache_t *c)
{
    return c->mru;
}

/* After CCR.IC/DC changed or a cache was invalidated: forget the line the
 * fetch unit holds, and point the data cache's inline check at its
 * per-set MRU lines if it is on. */
struct cpu;
void cpu_caches_changed(struct cpu *cpu);

#endif
