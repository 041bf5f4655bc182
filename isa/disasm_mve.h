/* Helium (MVE) disassembly text beyond what a row's fmt string can say
 * (isa/disasm_mve.c): the architectural mnemonic with its suffixes and
 * data type, and for some forms the operands. */
#ifndef ETSIM_ISA_DISASM_MVE_H
#define ETSIM_ISA_DISASM_MVE_H

#include <stdbool.h>
#include <stddef.h>

struct insn;

/* For an instruction decoded by an MVE row: write its mnemonic (with
 * suffixes and data type) to mn and return true; ops gets the operands
 * when the row's fmt cannot express them, else stays "" (the caller prints
 * the fmt's operands).  False: the row's own name and fmt are right. */
bool isa_disasm_mve(const struct insn *in, char *mn, size_t mlen, char *ops, size_t olen);

#endif
