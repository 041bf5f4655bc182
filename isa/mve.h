/* Helium (MVE) helpers shared by the vector families (exec_mve*.c).
 *
 * Q0-Q7 alias D0-D15/S0-S31: Qn is bytes 16n..16n+15 of cpu->fp.b, element
 * e of size es bytes at byte offset e*es, little endian.  Instructions run
 * whole (four beats at once): exceptions are taken between instructions, so
 * the beat-wise ECI state is always zero here.
 *
 * Predication is per byte lane: every predicable instruction asks
 * mve_begin() for a 16-bit mask (bit i: byte i of the destination may be
 * written), which combines the VPT block state in VPR (MASK01/MASK23 with
 * P0) and tail predication (inside a DLSTP/WLSTP...LETP loop: lanes at or
 * past LR elements of the loop's size, cpu->lo_ltpsize).  Implemented in
 * isa/mve.c.
 */
#ifndef ETSIM_ISA_MVE_H
#define ETSIM_ISA_MVE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "cpu.h"

/* Start a vector instruction: the FP/MVE enable check (cpu_fp_enter, may
 * fault), then the byte-lane mask for this instruction; advances the VPT
 * block state by one instruction.  Every MVE instruction calls it exactly
 * once, before touching any register. */
uint16_t mve_begin_slow(cpu_t *cpu);

/* The same for instructions the architecture does not predicate (VPST,
 * VCTP's own...): enable check and VPT state advance; returns 0xFFFF. */
uint16_t mve_begin_unpredicated_slow(cpu_t *cpu);

/* The common case inline: FP enabled and in use, no lazy state to save,
 * no VPT block, no tail predication: every lane, nothing to advance. */
static inline bool mve_quick(const cpu_t *cpu)
{
    return CPU_FP_READY(cpu) && !(cpu->vpr & 0x00FF0000u);
}

/* Every lane on and nothing to advance, as mve_begin_slow() would find
 * it: mve_quick() and no tail predication, or a full iteration of a
 * tail-predicated loop (LR at least a vector's worth of elements). */
static inline bool mve_all_lanes(const cpu_t *cpu)
{
    uint32_t ltp = cpu->lo_ltpsize;
    return mve_quick(cpu) && (ltp >= 4u || cpu->r[14] >= (16u >> ltp));
}

static inline uint16_t mve_begin(cpu_t *cpu)
{
    if (__builtin_expect(mve_quick(cpu) && cpu->lo_ltpsize >= 4u, 1))
        return 0xFFFFu;
    return mve_begin_slow(cpu);
}

static inline uint16_t mve_begin_unpredicated(cpu_t *cpu)
{
    if (__builtin_expect(mve_quick(cpu), 1))
        return 0xFFFFu;
    return mve_begin_unpredicated_slow(cpu);
}

static inline uint8_t *mve_q(cpu_t *cpu, unsigned q)
{
    return &cpu->fp.b[16u * (q & 7u)];
}

/* Host vector types (GCC vector extensions) for whole-vector work: a
 * result built element by element in memory and read back as one 16-byte
 * vector misses the host's store forwarding (a stall about as long as the
 * instruction's own work), one computed in these stays in a register.
 * Little endian, as everything here: element e of a Qn is lane e. */
typedef int8_t s8x4 __attribute__((vector_size(4)));
typedef uint8_t u8x4 __attribute__((vector_size(4)));
typedef int8_t s8x8 __attribute__((vector_size(8)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef int16_t s16x4 __attribute__((vector_size(8)));
typedef uint16_t u16x4 __attribute__((vector_size(8)));
typedef int16_t s16x8 __attribute__((vector_size(16)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef int32_t s32x4 __attribute__((vector_size(16)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef uint64_t u64x2 __attribute__((vector_size(16)));

/* Read element e (size es = 1, 2, 4 or 8 bytes) of a 16-byte vector.
 * Each size is a memcpy of constant size, which the compiler turns into
 * one load: a memcpy of variable size is a call into the C library. */
static inline uint64_t mve_get(const uint8_t *v, unsigned e, unsigned es)
{
    const uint8_t *p = v + e * es;
    switch (es) {
    case 1: return *p;
    case 2: { uint16_t x; memcpy(&x, p, 2); return x; }
    case 4: { uint32_t x; memcpy(&x, p, 4); return x; }
    default: { uint64_t x; memcpy(&x, p, 8); return x; }
    }
}

/* Write element e (es = 1, 2, 4 or 8 bytes): the low es bytes of x. */
static inline void mve_set(uint8_t *v, unsigned e, unsigned es, uint64_t x)
{
    uint8_t *p = v + e * es;
    switch (es) {
    case 1: *p = (uint8_t)x; return;
    case 2: { uint16_t y = (uint16_t)x; memcpy(p, &y, 2); return; }
    case 4: { uint32_t y = (uint32_t)x; memcpy(p, &y, 4); return; }
    default: memcpy(p, &x, 8); return;
    }
}

/* Write element e, only the byte lanes enabled in mask. */
static inline void mve_put(uint8_t *v, unsigned e, unsigned es, uint64_t x, uint16_t mask)
{
    for (unsigned b = 0; b < es; b++) {
        unsigned lane = e * es + b;
        if ((mask >> lane) & 1u)
            v[lane] = (uint8_t)(x >> (8 * b));
    }
}

/* Is element e active (its first byte lane enabled)? */
static inline int mve_active(uint16_t mask, unsigned e, unsigned es)
{
    return (mask >> (e * es)) & 1u;
}

/* Byte mask with byte i = 0xFF where bit i of m (8 bits) is set. */
static inline uint64_t mve_lanes64(uint32_t m)
{
    uint64_t x = m & 0xFFu;
    x = (x | (x << 28)) & 0x0000000F0000000Full;
    x = (x | (x << 14)) & 0x0003000300030003ull;
    x = (x | (x << 7)) & 0x0101010101010101ull;
    return x * 0xFFu;
}

/* Every byte lane of the elements (es = 1, 2, 4 or 8 bytes) whose first
 * lane is enabled in mask. */
static inline uint16_t mve_elem_lanes(uint16_t mask, unsigned es)
{
    switch (es) {
    case 1: return mask;
    case 2: return (uint16_t)((mask & 0x5555u) * 0x3u);
    case 4: return (uint16_t)((mask & 0x1111u) * 0xFu);
    default: return (uint16_t)((mask & 0x0101u) * 0xFFu);
    }
}

#endif
