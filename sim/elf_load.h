/* Loading a firmware ELF (libelf): PT_LOAD segments at their physical
 * addresses, section sizes by kind, and the symbols etsim uses. */
#ifndef ETSIM_SIM_ELF_LOAD_H
#define ETSIM_SIM_ELF_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "machine.h"

typedef struct elf_info {
    uint32_t entry;
    uint64_t code_bytes, rodata_bytes, data_bytes, bss_bytes;
    uint64_t file_bytes;
    /* Linker symbols, 0 when absent. */
    uint32_t sym_heap_start, sym_heap_limit, sym_stack_top, sym_stack_limit;
} elf_info_t;

/* Load path into m.  On failure returns false with a message naming the
 * file and the problem (not an ELF, wrong machine, truncated, a segment
 * outside memory...). */
bool elf_load(machine_t *m, const char *path, elf_info_t *info, char *err, size_t errlen);

#endif
