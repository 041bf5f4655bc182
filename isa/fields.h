/* Field extractors over an encoding word (isa/insn.h: a 32-bit encoding is
 * hw1 << 16 | hw2), shared by every decoder and disassembler so each field
 * is declared once. */
#ifndef ETSIM_ISA_FIELDS_H
#define ETSIM_ISA_FIELDS_H

#include <stdbool.h>
#include <stdint.h>

/* width bits of raw from bit lo up. */
static inline uint32_t field(uint32_t raw, unsigned lo, unsigned width)
{
    return (raw >> lo) & ((1u << width) - 1u);
}

/* Bit n of raw, 0 or 1. */
static inline unsigned bit(uint32_t raw, unsigned n)
{
    return (raw >> n) & 1u;
}

/* Helium vector registers: Qd in bits 15:13, Qn in 19:17, Qm in 3:1.  The
 * D, N and M bits above them (22, 7, 5) must be 0, there being only Q0-Q7:
 * the decoders check that (some rows use those bits for something else). */
static inline uint8_t field_qd(uint32_t raw) { return (uint8_t)field(raw, 13, 3); }
static inline uint8_t field_qn(uint32_t raw) { return (uint8_t)field(raw, 17, 3); }
static inline uint8_t field_qm(uint32_t raw) { return (uint8_t)field(raw, 1, 3); }

/* FP registers: a 4-bit field and its extra bit make S (Vx:x) or, for a
 * double-precision operation, D (x:Vx) register numbers. */
static inline uint8_t fp_reg_field(bool dp, uint32_t v4, uint32_t x)
{
    v4 &= 0xFu;
    x &= 1u;
    return (uint8_t)(dp ? (x << 4 | v4) : (v4 << 1 | x));
}

static inline uint8_t field_vd(uint32_t raw, bool dp) { return fp_reg_field(dp, raw >> 12, raw >> 22); }
static inline uint8_t field_vn(uint32_t raw, bool dp) { return fp_reg_field(dp, raw >> 16, raw >> 7); }
static inline uint8_t field_vm(uint32_t raw, bool dp) { return fp_reg_field(dp, raw, raw >> 5); }

#endif
