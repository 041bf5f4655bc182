/* 64-bit integer arithmetic.  The Cortex-M55 has no 64-bit divide, so
 * int64 division and remainder go through libgcc's __aeabi_ldivmod and
 * __aeabi_uldivmod (long sequences of shifts, CLZ and subtract-with-carry);
 * multiplication uses UMULL/UMLAL/MLA; shifts by variable amounts use the
 * LSL/LSR/ORR sequences with conditional (IT) fix-ups for amounts >= 32;
 * conversions to and from double use __aeabi_l2d/__aeabi_d2lz.
 */
#include <limits.h>
#include <stdint.h>

#include "check.h"

static volatile int64_t vs[] = {0, 1, -1, 10, -10, 1000000007LL, -999999999989LL,
                                0x7FFFFFFFFFFFFFFFLL, INT64_MIN, 0x123456789ABCDEFLL,
                                -0x0FEDCBA987654321LL, 0xFFFFFFFFLL, 0x100000000LL, 3};
static volatile uint64_t vu[] = {0, 1, 2, 0xFFFFFFFFFFFFFFFFULL, 0x8000000000000000ULL,
                                 0xFFFFFFFFULL, 0x100000000ULL, 0xDEADBEEFCAFEF00DULL,
                                 12345678901234567ULL, 7};

#define NS (sizeof vs / sizeof vs[0])
#define NU (sizeof vu / sizeof vu[0])

static uint64_t mix(uint64_t h, uint64_t v)
{
    /* FNV-1a, 64-bit */
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xFFu;
        h *= 1099511628211ULL;
    }
    return h;
}

static uint64_t signed_table(void)
{
    uint64_t h = 14695981039346656037ULL;
    for (unsigned i = 0; i < NS; i++) {
        for (unsigned j = 0; j < NS; j++) {
            int64_t a = vs[i], b = vs[j];
            h = mix(h, (uint64_t)a + (uint64_t)b);
            h = mix(h, (uint64_t)a - (uint64_t)b);
            h = mix(h, (uint64_t)a * (uint64_t)b);
            if (b != 0 && !(a == INT64_MIN && b == -1)) {
                h = mix(h, (uint64_t)(a / b));
                h = mix(h, (uint64_t)(a % b));
            }
            h = mix(h, (uint64_t)(a < b) | (uint64_t)(a == b) << 1);
        }
    }
    return h;
}

static uint64_t unsigned_table(void)
{
    uint64_t h = 14695981039346656037ULL;
    for (unsigned i = 0; i < NU; i++) {
        for (unsigned j = 0; j < NU; j++) {
            uint64_t a = vu[i], b = vu[j];
            h = mix(h, a * b);
            if (b != 0) {
                h = mix(h, a / b);
                h = mix(h, a % b);
            }
            h = mix(h, (uint64_t)(a > b));
        }
    }
    return h;
}

static uint64_t shift_table(void)
{
    uint64_t h = 14695981039346656037ULL;
    for (unsigned i = 0; i < NS; i++) {
        for (volatile unsigned n = 0; n < 64; n++) {
            uint64_t a = (uint64_t)vs[i];
            h = mix(h, a << n);
            h = mix(h, a >> n);
            /* Right shift of a negative value is implementation-defined
             * in C; GCC defines it as arithmetic. */
            h = mix(h, (uint64_t)(vs[i] >> n));
        }
    }
    return h;
}

int main(void)
{
    volatile int64_t a = -1000000000000LL, b = 7;
    volatile uint64_t u = 0xFFFFFFFFFFFFFFFFULL, ten = 10;

    CHECK_EQ(a / b, -142857142857LL);
    CHECK_EQ(a % b, -1);
    CHECK_EQ(u / ten, 1844674407370955161ULL);
    CHECK_EQ(u % ten, 5);
    CHECK_EQ((uint64_t)a * (uint64_t)b, (uint64_t)-7000000000000LL);

    /* 32x32->64 multiplies: UMULL, SMULL, UMLAL, SMLAL. */
    volatile uint32_t x = 0xFFFFFFFFu, y = 0xFFFFFFFEu;
    volatile int32_t sx = -2, sy = 0x7FFFFFFF;
    CHECK_EQ((uint64_t)x * y, 0xFFFFFFFD00000002ULL);
    CHECK_EQ((int64_t)sx * sy, -0xFFFFFFFELL);
    uint64_t acc = 0x0000000100000000ULL;
    acc += (uint64_t)x * x;
    CHECK_EQ(acc, 0xFFFFFFFF00000001ULL);
    int64_t sacc = -5;
    sacc += (int64_t)sx * sx;
    CHECK_EQ(sacc, -1);

    /* Conversions. */
    volatile double d = -123456789012.75;
    CHECK_EQ((int64_t)d, -123456789012LL);
    volatile uint64_t top = 0x8000000000000400ULL;          /* rounds to 2^63 */
    CHECK_EQ((uint64_t)(double)top, 0x8000000000000000ULL);
    volatile int64_t big = 0x1FFFFFFFFFFFFFLL;              /* 2^53 - 1: exact */
    CHECK((double)big == 9007199254740991.0);
    volatile float f = 1.5e10f;
    CHECK_EQ((int64_t)f, 15000000512LL);

    printf("a/b=%lld a%%b=%lld u/10=%llu\n", (long long)(a / b), (long long)(a % b),
           (unsigned long long)(u / ten));
    printf("min=%lld max=%lld\n", (long long)INT64_MIN, (long long)INT64_MAX);

    uint64_t hs = signed_table(), hu = unsigned_table(), hsh = shift_table();
    printf("signed table hash %016llx\n", (unsigned long long)hs);
    printf("unsigned table hash %016llx\n", (unsigned long long)hu);
    printf("shift table hash %016llx\n", (unsigned long long)hsh);
    /* Computed on the host with the same C code (gcc, x86-64). */
    CHECK_EQ(hs, 0x3bbc8dafa3742677ULL);
    CHECK_EQ(hu, 0x25b4680671122fffULL);
    CHECK_EQ(hsh, 0x0a259842b707b3b3ULL);

    return check_done("int64_arith");
}
