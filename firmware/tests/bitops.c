/* Bit manipulation: CLZ, RBIT (count trailing zeros is RBIT+CLZ), REV,
 * REV16, REVSH, ROR, population count, parity, the bitfield instructions
 * UBFX/SBFX/BFI/BFC (which GCC makes from shifts and masks and from C
 * bitfields), and 64-bit variants.  Each is compared with a plain C loop
 * over deterministic pseudo-random inputs.
 */
#include <stdint.h>

#include "check.h"

static uint32_t ref_clz(uint32_t x)
{
    uint32_t n = 0;
    for (uint32_t bit = 0x80000000u; bit && !(x & bit); bit >>= 1)
        n++;
    return n;
}

static uint32_t ref_ctz(uint32_t x)
{
    uint32_t n = 0;
    for (uint32_t bit = 1; bit && !(x & bit); bit <<= 1)
        n++;
    return n;
}

static uint32_t ref_popcount(uint32_t x)
{
    uint32_t n = 0;
    for (int i = 0; i < 32; i++)
        n += (x >> i) & 1u;
    return n;
}

static uint32_t ref_rbit(uint32_t x)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((x >> i) & 1u) << (31 - i);
    return r;
}

static uint32_t ref_rev(uint32_t x)
{
    return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24);
}

static uint32_t asm_rbit(uint32_t x)
{
    uint32_t r;
    __asm("rbit %0, %1" : "=r"(r) : "r"(x));
    return r;
}

static uint32_t asm_rev16(uint32_t x)
{
    uint32_t r;
    __asm("rev16 %0, %1" : "=r"(r) : "r"(x));
    return r;
}

static int32_t asm_revsh(uint32_t x)
{
    int32_t r;
    __asm("revsh %0, %1" : "=r"(r) : "r"(x));
    return r;
}

static uint32_t asm_ror(uint32_t x, uint32_t n)
{
    uint32_t r;
    __asm("ror %0, %1, %2" : "=r"(r) : "r"(x), "r"(n));
    return r;
}

struct packed_bits {
    uint32_t a : 3;
    int32_t b : 5;
    uint32_t c : 11;
    int32_t d : 13;
};

int main(void)
{
    uint32_t seed = 0x2468ACE1u;
    int bad = 0;
    for (int i = 0; i < 3000; i++) {
        uint32_t x = check_rand(&seed);
        /* Sparse values too, so leading/trailing zero counts vary. */
        if (i & 1)
            x >>= (x & 31u);
        if (i & 2)
            x <<= (check_rand(&seed) & 31u);
        if (x != 0) {
            bad += (uint32_t)__builtin_clz(x) != ref_clz(x);
            bad += (uint32_t)__builtin_ctz(x) != ref_ctz(x);
        }
        bad += (uint32_t)__builtin_popcount(x) != ref_popcount(x);
        bad += (uint32_t)__builtin_parity(x) != (ref_popcount(x) & 1u);
        bad += __builtin_bswap32(x) != ref_rev(x);
        bad += asm_rbit(x) != ref_rbit(x);
        bad += asm_rev16(x) != (((x >> 8) & 0x00FF00FFu) | ((x << 8) & 0xFF00FF00u));
        bad += asm_revsh(x) != (int32_t)(int16_t)(((x >> 8) & 0xFFu) | ((x & 0xFFu) << 8));
        uint32_t n = x % 37u;
        bad += asm_ror(x, n) != ((n & 31u) ? (x >> (n & 31u)) | (x << (32 - (n & 31u))) : x);
        bad += (uint32_t)__builtin_ffs((int)x) != (x ? ref_ctz(x) + 1 : 0);
        uint64_t y = ((uint64_t)x << 32) | check_rand(&seed);
        bad += (uint32_t)__builtin_popcountll(y) != ref_popcount((uint32_t)y) + ref_popcount(x);
        if (y != 0)
            bad += (uint32_t)__builtin_clzll(y) != (x ? ref_clz(x) : 32 + ref_clz((uint32_t)y));
        bad += __builtin_bswap64(y) != (((uint64_t)ref_rev((uint32_t)y) << 32) | ref_rev(x));
        /* UBFX/SBFX */
        uint32_t lsb = x & 15u, width = 1 + (x >> 28);
        uint32_t ubf = (x >> lsb) & ((1u << width) - 1u);
        int32_t sbf = (int32_t)(x << (32 - lsb - width)) >> (32 - width);
        uint32_t r_u, r_s;
        __asm("ubfx %0, %1, #3, #9" : "=r"(r_u) : "r"(x));
        __asm("sbfx %0, %1, #7, #13" : "=r"(r_s) : "r"(x));
        bad += r_u != ((x >> 3) & 0x1FFu);
        bad += (int32_t)r_s != ((int32_t)(x << 12) >> 19);
        bad += ubf > ((1u << width) - 1u);
        bad += sbf < -(1 << (width - 1)) || sbf >= (1 << (width - 1));
        /* BFI/BFC */
        uint32_t ins = x;
        __asm("bfi %0, %1, #8, #12" : "+r"(ins) : "r"(~x));
        bad += ins != ((x & ~0x000FFF00u) | ((~x & 0xFFFu) << 8));
        uint32_t clr = x;
        __asm("bfc %0, #4, #20" : "+r"(clr));
        bad += clr != (x & ~0x00FFFFF0u);
    }
    printf("bit operations: %d mismatches\n", bad);
    CHECK_EQ(bad, 0);

    /* Known answers */
    CHECK_EQ(__builtin_clz(1u), 31);
    CHECK_EQ(__builtin_ctz(0x80000000u), 31);
    CHECK_EQ(__builtin_popcount(0xF0F0F0F0u), 16);
    CHECK_EQ(asm_rbit(0x00000001u), 0x80000000u);
    CHECK_EQ(asm_rbit(0x12345678u), 0x1E6A2C48u);
    CHECK_EQ(__builtin_bswap32(0x12345678u), 0x78563412u);
    CHECK_EQ(asm_rev16(0x12345678u), 0x34127856u);
    CHECK_EQ(asm_revsh(0x000080FFu), -128);
    uint32_t clz0;
    volatile uint32_t z = 0;
    __asm("clz %0, %1" : "=r"(clz0) : "r"(z));
    CHECK_EQ(clz0, 32);  /* CLZ of 0 is 32 in hardware */

    /* C bitfields: the compiler uses BFI to write and UBFX/SBFX to read. */
    volatile struct packed_bits pb;
    pb.a = 5;
    pb.b = -9;
    pb.c = 2047;
    pb.d = -4096;
    uint32_t raw;
    memcpy(&raw, (const void *)&pb, 4);
    printf("bitfields a=%u b=%d c=%u d=%d raw=%08" PRIx32 "\n", (unsigned)pb.a, (int)pb.b,
           (unsigned)pb.c, (int)pb.d, raw);
    CHECK(pb.a == 5 && pb.b == -9 && pb.c == 2047 && pb.d == -4096);
    CHECK_EQ(raw, 0x8007FFBDu);
    pb.b = pb.b + 20;  /* wraps in 5 bits: 11 -> 11 */
    pb.a = pb.a + 4;   /* wraps in 3 bits: 9 -> 1 */
    CHECK(pb.a == 1 && pb.b == 11 && pb.c == 2047);

    return check_done("bitops");
}
