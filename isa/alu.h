/* Arithmetic helpers shared by the instruction families, named after the
 * Arm ARM pseudocode functions they implement (AddWithCarry, Shift_C,
 * ThumbExpandImm_C, ConditionPassed, SignedSatQ...). */
#ifndef ETSIM_ISA_ALU_H
#define ETSIM_ISA_ALU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cpu.h"

enum { SRTYPE_LSL = 0, SRTYPE_LSR = 1, SRTYPE_ASR = 2, SRTYPE_ROR = 3, SRTYPE_RRX = 4 };

typedef struct alu_result {
    uint32_t value;
    uint32_t carry;     /* 0 or 1 */
    uint32_t overflow;  /* 0 or 1 */
} alu_result_t;

static inline alu_result_t alu_add_with_carry(uint32_t x, uint32_t y, uint32_t carry_in)
{
    uint64_t usum = (uint64_t)x + y + carry_in;
    int64_t ssum = (int64_t)(int32_t)x + (int32_t)y + carry_in;
    alu_result_t r;
    r.value = (uint32_t)usum;
    r.carry = (uint32_t)(usum >> 32);
    r.overflow = (int64_t)(int32_t)r.value != ssum;
    return r;
}

/* Shift_C with the architectural rules for amounts of 0 and >= 32. */
static inline uint32_t alu_shift_c(uint32_t value, unsigned type, unsigned amount,
                                   uint32_t carry_in, uint32_t *carry_out)
{
    if (type == SRTYPE_RRX) {
        *carry_out = value & 1u;
        return (carry_in << 31) | (value >> 1);
    }
    if (amount == 0) {
        *carry_out = carry_in;
        return value;
    }
    switch (type) {
    case SRTYPE_LSL:
        if (amount > 32) { *carry_out = 0; return 0; }
        *carry_out = (value >> (32 - amount)) & 1u;
        return amount == 32 ? 0 : value << amount;
    case SRTYPE_LSR:
        if (amount > 32) { *carry_out = 0; return 0; }
        *carry_out = (value >> (amount - 1)) & 1u;
        return amount == 32 ? 0 : value >> amount;
    case SRTYPE_ASR:
        if (amount >= 32) {
            *carry_out = value >> 31;
            return (uint32_t)((int32_t)value >> 31);
        }
        *carry_out = (value >> (amount - 1)) & 1u;
        return (uint32_t)((int32_t)value >> amount);
    default: { /* ROR */
        unsigned m = amount & 31u;
        uint32_t r = m ? (value >> m) | (value << (32 - m)) : value;
        *carry_out = r >> 31;
        return r;
    }
    }
}

/* Shift_C for the amounts DecodeImmShift gives (LSL 0-31, LSR and ASR 1-32,
 * ROR 1-31, RRX): the immediate forms' hot path.  The carry out is the last
 * bit shifted out, so a shift by amount - 1 (0-31, defined in C) leaves it at
 * the edge and one more shift by 1 gives the result: no range tests and no
 * special case for 32. */
static inline uint32_t alu_shift_imm_c(uint32_t value, unsigned type, unsigned amount,
                                       uint32_t carry_in, uint32_t *carry_out)
{
    switch (type) {
    case SRTYPE_LSL: {
        if (amount == 0) {
            *carry_out = carry_in;
            return value;
        }
        uint32_t t = value << (amount - 1);
        *carry_out = t >> 31;
        return t << 1;
    }
    case SRTYPE_LSR: {
        uint32_t t = value >> (amount - 1);
        *carry_out = t & 1u;
        return t >> 1;
    }
    case SRTYPE_ASR: {
        int32_t t = (int32_t)value >> (amount - 1);
        *carry_out = (uint32_t)t & 1u;
        return (uint32_t)(t >> 1);
    }
    case SRTYPE_ROR: {
        uint32_t r = (value >> amount) | (value << ((32 - amount) & 31u));
        *carry_out = r >> 31;
        return r;
    }
    default:   /* RRX */
        *carry_out = value & 1u;
        return (carry_in << 31) | (value >> 1);
    }
}

static inline uint32_t alu_shift(uint32_t value, unsigned type, unsigned amount, uint32_t carry_in)
{
    uint32_t c;
    return alu_shift_c(value, type, amount, carry_in, &c);
}

/* DecodeImmShift: the (type, imm5) pair of a shifted register operand. */
static inline void alu_decode_imm_shift(unsigned type, unsigned imm5, uint8_t *srtype, uint8_t *amount)
{
    switch (type) {
    case 0: *srtype = SRTYPE_LSL; *amount = (uint8_t)imm5; break;
    case 1: *srtype = SRTYPE_LSR; *amount = (uint8_t)(imm5 ? imm5 : 32); break;
    case 2: *srtype = SRTYPE_ASR; *amount = (uint8_t)(imm5 ? imm5 : 32); break;
    default:
        if (imm5 == 0) { *srtype = SRTYPE_RRX; *amount = 1; }
        else { *srtype = SRTYPE_ROR; *amount = (uint8_t)imm5; }
        break;
    }
}

/* ThumbExpandImm_C over the 12-bit i:imm3:imm8 field.  *carry_valid is 0
 * when the carry out is the carry in (the unrotated forms). */
static inline uint32_t alu_thumb_expand_imm_c(uint32_t imm12, uint32_t carry_in, uint32_t *carry_out)
{
    uint32_t imm8 = imm12 & 0xFFu;
    if ((imm12 >> 10) == 0) {
        *carry_out = carry_in;
        switch ((imm12 >> 8) & 3u) {
        case 0: return imm8;
        case 1: return imm8 | (imm8 << 16);
        case 2: return (imm8 << 8) | (imm8 << 24);
        default: return imm8 | (imm8 << 8) | (imm8 << 16) | (imm8 << 24);
        }
    }
    uint32_t unrot = 0x80u | (imm12 & 0x7Fu);
    unsigned rot = (imm12 >> 7) & 0x1Fu;
    uint32_t v = (unrot >> rot) | (unrot << (32 - rot));
    *carry_out = v >> 31;
    return v;
}

/* The 12-bit immediate field i:imm3:imm8 of a 32-bit Thumb encoding. */
static inline uint32_t alu_imm12_of(uint32_t raw)
{
    return ((raw >> 26) & 1u) << 11 | ((raw >> 12) & 7u) << 8 | (raw & 0xFFu);
}

/* ConditionPassed as a table, without a host branch on the flags (the
 * run loop's IT blocks change the condition from one instruction to the
 * next at one call site, and their flags are data more often than not):
 * bit f of alu_cond_mask[cond] says whether cond passes with the flags
 * f = V:C:Z:N (alu_flags_index()), built from the flag sets (bit f of
 * ALU_FLAG_x is flag x of f). */
#define ALU_FLAG_N 0xAAAAu
#define ALU_FLAG_Z 0xCCCCu
#define ALU_FLAG_C 0xF0F0u
#define ALU_FLAG_V 0xFF00u
#define ALU_COND_PAIR_(set) (set), (~(set) & 0xFFFFu)
static const uint16_t alu_cond_mask[16] = {
    ALU_COND_PAIR_(ALU_FLAG_Z),                                           /* EQ / NE */
    ALU_COND_PAIR_(ALU_FLAG_C),                                           /* CS / CC */
    ALU_COND_PAIR_(ALU_FLAG_N),                                           /* MI / PL */
    ALU_COND_PAIR_(ALU_FLAG_V),                                           /* VS / VC */
    ALU_COND_PAIR_(ALU_FLAG_C & ~ALU_FLAG_Z),                             /* HI / LS */
    ALU_COND_PAIR_(~(ALU_FLAG_N ^ ALU_FLAG_V) & 0xFFFFu),                 /* GE / LT */
    ALU_COND_PAIR_(~(ALU_FLAG_N ^ ALU_FLAG_V) & ~ALU_FLAG_Z & 0xFFFFu),   /* GT / LE */
    0xFFFFu, 0xFFFFu,                                                     /* AL */
};
#undef ALU_COND_PAIR_

/* ConditionPassed for a 4-bit condition code: 1 or 0. */
/* V:C:Z:N as a 4-bit index from the flags' two 8-byte halves (N, Z and C, V
 * are adjacent words of 0 or 1): Z and V sit at bit 32 of their half, so
 * one more shift folds them down next to N and C.  Two loads where the four
 * words took four and three shifts, on every conditional step. */
_Static_assert(offsetof(cpu_t, z) == offsetof(cpu_t, n) + 4 &&
               offsetof(cpu_t, c) == offsetof(cpu_t, n) + 8 &&
               offsetof(cpu_t, v) == offsetof(cpu_t, n) + 12,
               "alu_flags_index() reads N, Z, C, V as two 8-byte halves");
static inline unsigned alu_flags_index(const cpu_t *cpu)
{
    uint64_t nz, cv;
    memcpy(&nz, &cpu->n, sizeof nz);
    memcpy(&cv, &cpu->c, sizeof cv);
    uint64_t t = nz | cv << 2;   /* N bit 0, C bit 2, Z bit 32, V bit 34 */
    return (unsigned)(t | t >> 31) & 15u;
}

static inline uint32_t alu_cond_bit(const cpu_t *cpu, unsigned cond)
{
    return (alu_cond_mask[cond & 15u] >> alu_flags_index(cpu)) & 1u;
}

static inline bool alu_cond_passed(const cpu_t *cpu, unsigned cond)
{
    return alu_cond_bit(cpu, cond) != 0;
}

static inline void alu_set_nz(cpu_t *cpu, uint32_t value)
{
    cpu->n = value >> 31;
    cpu->z = value == 0;
}

/* SignedSatQ / UnsignedSatQ: saturate to n bits, report saturation. */
static inline int64_t alu_signed_sat(int64_t x, unsigned bits, bool *sat)
{
    int64_t max = ((int64_t)1 << (bits - 1)) - 1, min = -((int64_t)1 << (bits - 1));
    *sat = x > max || x < min;
    return x > max ? max : x < min ? min : x;
}

static inline int64_t alu_unsigned_sat(int64_t x, unsigned bits, bool *sat)
{
    int64_t max = bits >= 63 ? INT64_MAX : ((int64_t)1 << bits) - 1;
    *sat = x > max || x < 0;
    return x > max ? max : x < 0 ? 0 : x;
}

static inline uint32_t alu_ror(uint32_t x, unsigned n)
{
    n &= 31u;
    return n ? (x >> n) | (x << (32 - n)) : x;
}

static inline int32_t alu_sext(uint32_t x, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    x &= (bits == 32) ? 0xFFFFFFFFu : ((1u << bits) - 1);
    return (int32_t)((x ^ m) - m);
}

#endif
