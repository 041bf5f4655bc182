/* Loading a firmware ELF (libelf): PT_LOAD segments at their physical
 * addresses, section sizes by kind, and the symbols etsim uses.  The file
 * is read once (sim/file_io.h) and its symbols and sections walked once,
 * into tables the RAM accounting (sim/ram.h) and the ExecuTorch symbol
 * timing (sim/exec_symbols.h) read instead of opening the file again. */
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

typedef struct elf_symbol {
    const char *name;        /* in elf_tables_t.names */
    uint32_t value, size;
    uint8_t type;            /* STT_FUNC, STT_OBJECT... */
} elf_symbol_t;

/* A section the image occupies memory with (SHF_ALLOC). */
typedef struct elf_section {
    uint64_t addr, size, flags;   /* flags: SHF_WRITE, SHF_EXECINSTR... */
    uint32_t type;                /* SHT_NOBITS for .bss */
} elf_section_t;

typedef struct elf_tables {
    elf_symbol_t *symbols;        /* every SHT_SYMTAB's, in file order */
    size_t nsymbols;
    elf_section_t *sections;      /* the allocated ones, in file order */
    size_t nsections;
    char *names;                  /* the symbols' string tables, copied */
} elf_tables_t;

/* Load path into m and fill tables (free them with elf_tables_free, also
 * after a failure).  On failure returns false with a message naming the
 * file and the problem (not an ELF, wrong machine, truncated, a segment
 * outside memory...). */
bool elf_load(machine_t *m, const char *path, elf_info_t *info, elf_tables_t *tables, char *err,
              size_t errlen);
void elf_tables_free(elf_tables_t *t);

#endif
