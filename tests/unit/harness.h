/* Test harness for unit tests of the core: a bare cpu_t with flat RAM and
 * no SoC around it, fed with Thumb code assembled by arm-none-eabi-as.
 *
 * Memory: 1 MiB of RAM at 0x00000000 (vector table at 0, code at 0x1000) and
 * 1 MiB at 0x20000000 (data; SP starts at 0x20100000).  FP and MVE are
 * enabled (CPACR).  The vector table sends every exception to a handler
 * that executes "bkpt #1": a test sees which exception was taken in
 * t->cpu->ipsr after tcpu_run*() returns TCPU_FAULT.
 */
#ifndef ETSIM_TESTS_HARNESS_H
#define ETSIM_TESTS_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "../../isa/cpu.h"

#define TCPU_CODE_ADDR 0x1000u
#define TCPU_DATA_ADDR 0x20000000u
#define TCPU_RAM_SIZE  0x100000u

typedef struct tcpu {
    cpu_t *cpu;
    bus_t bus;
    uint8_t *code_ram;   /* host bytes of 0x00000000.. */
    uint8_t *data_ram;   /* host bytes of 0x20000000.. */
    int bkpt_imm;        /* immediate of the BKPT that stopped the run, -1 if none */
} tcpu_t;

enum tcpu_result {
    TCPU_DONE = 0,       /* reached the "bkpt #0" appended after the code */
    TCPU_FAULT,          /* an exception handler was entered (bkpt #1); see cpu->ipsr */
    TCPU_OTHER,          /* another stop (max cycles: the code looped) */
};

tcpu_t *tcpu_new(void);
void tcpu_free(tcpu_t *t);

/* Assemble src (GNU as syntax, unified, Thumb, cortex-m55 with MVE and FP;
 * lines separated by '\n' or ';'), place it at TCPU_CODE_ADDR followed by
 * "bkpt #0", set PC there and run at most 1,000,000 cycles.  Registers and
 * memory set before the call are kept.  The assembler failing fails the
 * test (criterion assert). */
enum tcpu_result tcpu_run_asm(tcpu_t *t, const char *src);

/* The same with the code given as halfwords. */
enum tcpu_result tcpu_run_code(tcpu_t *t, const uint16_t *hw, size_t count);

/* Data memory access for setting up and checking tests (little endian). */
void tcpu_poke32(tcpu_t *t, uint32_t addr, uint32_t value);
uint32_t tcpu_peek32(tcpu_t *t, uint32_t addr);
void tcpu_poke8(tcpu_t *t, uint32_t addr, uint8_t value);
uint8_t tcpu_peek8(tcpu_t *t, uint32_t addr);

/* APSR.NZCV as a 4-bit number (N = 8, Z = 4, C = 2, V = 1). */
unsigned tcpu_nzcv(const tcpu_t *t);
void tcpu_set_nzcv(tcpu_t *t, unsigned nzcv);

#endif
