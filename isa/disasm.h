/* Disassembly for error messages and traces: Capstone where it knows the
 * instruction, our own table (the rows' fmt strings) where Capstone 4
 * does not (Armv8.1-M additions, MVE); for MVE, isa/disasm_mve.c gives the
 * architectural mnemonic and the operands a fmt string cannot express, as
 * GNU objdump prints them (tests/unit/test_disasm_mve.c). */
#ifndef ETSIM_ISA_DISASM_H
#define ETSIM_ISA_DISASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Disassemble the instruction with encoding raw (see isa/insn.h) and size
 * 2 or 4 at address pc into buf. */
void isa_disasm(uint32_t raw, unsigned size, uint32_t pc, char *buf, size_t len);

/* The instruction's bytes in memory order (little-endian halfwords, the
 * first halfword first), as Capstone wants them. */
void isa_encoding_bytes(uint32_t raw, unsigned size, uint8_t bytes[4]);

/* True for the rows Capstone 4 cannot be trusted with (Armv8.1-M scalar
 * additions and Helium), as the row says (isa_pattern_t.disasm): Capstone
 * decodes some of them as something else rather than failing. */
struct isa_pattern;
bool isa_disasm_needs_table(const struct isa_pattern *p);

#endif
