/* Test harness for the HLD DSP core: a core with the default memories
 * (dsp_config_default) and a 64 KiB "shared SRAM" behind its bus port at
 * TDSP_SHARED_BASE with TDSP wait states per access; programs assembled
 * from source with the project's assembler. */
#ifndef ETSIM_TESTS_DSP_HARNESS_H
#define ETSIM_TESTS_DSP_HARNESS_H

#include "../../dsp/dsp_asm.h"
#include "../../dsp/dsp_core.h"

#define TDSP_SHARED_BASE 0x21000000u
#define TDSP_SHARED_SIZE 0x10000u
#define TDSP_DATA DSP_DRAM_BASE                  /* bank 0 */
#define TDSP_DATA1 (DSP_DRAM_BASE + 0x10000u)    /* bank 1 */

typedef struct tdsp {
    dsp_core_t *core;
    uint8_t shared[TDSP_SHARED_SIZE];
    unsigned shared_wait;
    unsigned bus_reads, bus_writes;
    dsp_program_t prog;
    char msg[256];
} tdsp_t;

tdsp_t *tdsp_new(void);
void tdsp_free(tdsp_t *t);
/* Assemble (the test fails on an error), load, reset to the entry. */
void tdsp_load(tdsp_t *t, const char *src);
dsp_run_result_t tdsp_run(tdsp_t *t, uint64_t max_cycles);
/* Load and run to halt (the test fails otherwise). */
tdsp_t *tdsp_exec(const char *src);
uint32_t tdsp_sym(const tdsp_t *t, const char *name);
void tdsp_poke(tdsp_t *t, uint32_t addr, const void *src, uint32_t len);
void tdsp_peek(const tdsp_t *t, uint32_t addr, void *dst, uint32_t len);
uint64_t tdsp_cycles(const tdsp_t *t);

#endif
