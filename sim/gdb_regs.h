/* The registers of the GDB stub: target description and 'g'/'p' numbering
 * (sim/gdb_regs.c). */
#ifndef ETSIM_SIM_GDB_REGS_H
#define ETSIM_SIM_GDB_REGS_H

#include <stdbool.h>
#include <stdint.h>

#include "../isa/cpu.h"

extern const char gdb_target_xml[];
int gdb_reg_count(void);
unsigned gdb_reg_size(int n);            /* bytes */
/* Little-endian bytes of register n; false for an unknown number. */
bool gdb_reg_read(const cpu_t *cpu, int n, uint8_t *out);
/* False for an unknown or read-only register. */
bool gdb_reg_write(cpu_t *cpu, int n, const uint8_t *in);

#endif
