/* etsim-trace: the memory accesses of level-2 traces (tools/etsim_trace_mem.c). */
#ifndef ETSIM_TOOLS_ETSIM_TRACE_MEM_H
#define ETSIM_TOOLS_ETSIM_TRACE_MEM_H

#include <stdbool.h>
#include <stddef.h>

#include "../sim/soc.h"
#include "../sim/trace.h"

/* One line per access of r, each starting with prefix. */
void mem_print(const char *prefix, const trace_insn_t *r);
/* The same accesses (address, size, direction, bytes, stall) in order. */
bool mem_same(const trace_insn_t *a, const trace_insn_t *b);

/* Traffic per region of a SoC description (a built-in name or a JSON
 * file; NULL: no regions) and stall cycles per PC. */
typedef struct mem_summary mem_summary_t;
mem_summary_t *mem_summary_new(const char *soc, char *err, size_t errlen);
bool mem_summary_add(mem_summary_t *s, const trace_insn_t *r);
/* pc_of_id, text: the PC and disassembly of each pc_id (npcs of them). */
bool mem_summary_print(const mem_summary_t *s, const uint32_t *pc_of_id, const char (*text)[80], uint32_t npcs);
void mem_summary_free(mem_summary_t *s);

#endif
