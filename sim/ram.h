/* RAM and flash accounting: what the firmware's memory really held.
 *
 * Static data (.data, .bss and the other writable sections) comes from the
 * ELF's section headers, placed in memory tiers by address.  The stack is
 * painted with a pattern from the host before reset and scanned after the
 * run; the heap (which newlib's calloc expects to be zero, see
 * docs/report.md) is not painted: its high-water mark is newlib's own
 * __malloc_max_sbrked_mem, or _sbrk's break, or the last non-zero word.
 * That is what the image reserves ("RAM peak").  Beside it, what the
 * firmware touched: the 32-byte lines of RAM whose bytes it changed
 * (sim/machine.h, machine_track_writes), which tells how small pools
 * that are mostly unused could be.
 * Nothing here runs while the firmware runs. */
#ifndef ETSIM_SIM_RAM_H
#define ETSIM_SIM_RAM_H

#include <stdbool.h>
#include <stdint.h>

#include "elf_load.h"
#include "machine.h"

#define RAM_STACK_PATTERN 0x5AC4C0DEu

typedef struct ram_tier {
    char name[SOC_NAME_LEN];
    mem_kind_t kind;
    uint64_t size;            /* the region's size */
    uint64_t code_bytes;      /* executable + read-only sections placed here */
    uint64_t data_bytes;      /* initialised writable sections */
    uint64_t bss_reserved;    /* zero-initialised sections as linked */
    uint64_t bss_used;        /* ... up to their last touched byte or arena end */
    uint64_t arena_bytes;     /* announced arenas placed in this tier */
    uint64_t arena_outside;   /* ... of which outside every ELF section and the heap */
    uint64_t stack_bytes, heap_bytes;
    uint64_t ram_bytes;       /* data + bss_used + arena_outside + stack + heap */
    uint64_t touched_bytes;   /* 32-byte lines the firmware changed (machine_touched_bytes) */
} ram_tier_t;

typedef struct ram_info {
    bool stack_known, heap_known;
    uint32_t stack_top, stack_limit, heap_base, heap_limit;
    uint64_t stack_peak, heap_peak;
    const char *heap_source;  /* how heap_peak was found */
    uint64_t ram_peak;        /* "RAM peak": what the image reserves (sum of ram_bytes) */
    bool touched_known;       /* the run tracked writes (machine_track_writes) */
    uint64_t ram_touched;     /* what the firmware changed (sum of touched_bytes) */
    ram_tier_t tiers[SOC_MAX_REGIONS];
    int ntiers;               /* one per SoC region, in SoC order */
} ram_info_t;

/* Before reset: note the stack and heap bounds and paint the stack. */
void ram_prepare(machine_t *m, const elf_info_t *elf, ram_info_t *ri);
/* After the run: scan, with the ELF's sections and symbols (elf_load's). */
void ram_measure(machine_t *m, const elf_tables_t *elf, ram_info_t *ri);

#endif
