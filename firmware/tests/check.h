/* Tiny self-check helpers shared by the test programs.
 *
 * A test prints its computed results (so that etsim and QEMU can be compared
 * byte for byte) and also checks them against known answers, so that it
 * fails on its own when a result is wrong.  CHECK prints one FAIL line per
 * failed check; check_done prints the closing line and gives main's return
 * value (0 when every check passed, 1 otherwise).
 *
 * Note: Debian's arm-none-eabi-gcc uses GCC's own <stdint.h>, with which
 * newlib's <inttypes.h> leaves PRId64/PRIx64 undefined: print 64-bit values
 * with %lld/%llx and a cast.  PRIu32/PRIx32 are fine.
 */
#ifndef CHECK_H
#define CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_failures;

static inline void check_report(int ok, const char *what, int line)
{
    if (!ok) {
        check_failures++;
        printf("FAIL line %d: %s\n", line, what);
    }
}

#define CHECK(cond) check_report((cond) != 0, #cond, __LINE__)

/* Compare 64-bit values and show both on failure. */
static inline void check_eq_u64(uint64_t got, uint64_t want, const char *what, int line)
{
    if (got != want) {
        check_failures++;
        printf("FAIL line %d: %s = 0x%016llx, want 0x%016llx\n", line, what,
               (unsigned long long)got, (unsigned long long)want);
    }
}

#define CHECK_EQ(got, want) check_eq_u64((uint64_t)(got), (uint64_t)(want), #got, __LINE__)

static inline void check_eq_str(const char *got, const char *want, const char *what, int line)
{
    if (strcmp(got, want) != 0) {
        check_failures++;
        printf("FAIL line %d: %s = \"%s\", want \"%s\"\n", line, what, got, want);
    }
}

#define CHECK_STR(got, want) check_eq_str((got), (want), #got, __LINE__)

/* |got - want| <= tol, for libm results that are correct to a few ulps. */
static inline void check_near(double got, double want, double tol, const char *what, int line)
{
    double d = got - want;
    if (d < 0)
        d = -d;
    if (!(d <= tol)) {
        check_failures++;
        printf("FAIL line %d: %s = %.17g, want %.17g\n", line, what, got, want);
    }
}

#define CHECK_NEAR(got, want, tol) check_near((got), (want), (tol), #got, __LINE__)

static inline int check_done(const char *name)
{
    if (check_failures == 0)
        printf("%s: PASS\n", name);
    else
        printf("%s: FAIL (%d checks failed)\n", name, check_failures);
    return check_failures == 0 ? 0 : 1;
}

/* A small deterministic pseudo-random generator (xorshift32), so tests
 * make the same "random" data on every machine. */
static inline uint32_t check_rand(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

#endif
