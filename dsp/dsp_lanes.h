/* Lanes of a 64-bit vector register: 8 x i8, 4 x i16 or 2 x i32, lane 0
 * in the least significant bits. */
#ifndef ETSIM_DSP_LANES_H
#define ETSIM_DSP_LANES_H

#include <stdint.h>

static inline int8_t lane_b(uint64_t v, int i) { return (int8_t)(uint8_t)(v >> (8 * i)); }
static inline int16_t lane_h(uint64_t v, int i) { return (int16_t)(uint16_t)(v >> (16 * i)); }
static inline int32_t lane_w(uint64_t v, int i) { return (int32_t)(uint32_t)(v >> (32 * i)); }

static inline uint64_t put_b(uint64_t v, int i, int64_t x)
{
    return (v & ~((uint64_t)0xFF << (8 * i))) | (uint64_t)(uint8_t)x << (8 * i);
}
static inline uint64_t put_h(uint64_t v, int i, int64_t x)
{
    return (v & ~((uint64_t)0xFFFF << (16 * i))) | (uint64_t)(uint16_t)x << (16 * i);
}
static inline uint64_t put_w(uint64_t v, int i, int64_t x)
{
    return (v & ~((uint64_t)0xFFFFFFFF << (32 * i))) | (uint64_t)(uint32_t)x << (32 * i);
}

static inline int64_t sat(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : (x > hi ? hi : x); }

#endif
