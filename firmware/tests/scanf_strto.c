/* Parsing numbers: sscanf with the common conversions, strtol/strtoul/
 * strtoll in several bases with overflow (ERANGE), strtod/strtof with
 * exponents, denormals, overflow and "inf"/"nan", atoi/atof.  strtod is
 * newlib's gdtoa: correctly rounded decimal-to-binary conversion with
 * big-number arithmetic.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

/* Bit pattern of a double, to check exact rounding. */
static uint64_t bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static void parse_double(const char *s, uint64_t want_bits, int want_errno, int line)
{
    char *end;
    errno = 0;
    double d = strtod(s, &end);
    int e = errno;
    printf("strtod(\"%s\") = %.17g bits %016llx errno %s used %d\n", s, d,
           (unsigned long long)bits(d), e == ERANGE ? "ERANGE" : e == 0 ? "0" : "other",
           (int)(end - s));
    if (bits(d) != want_bits || e != want_errno) {
        check_failures++;
        printf("FAIL line %d: want bits %016llx errno %d\n", line, (unsigned long long)want_bits,
               want_errno);
    }
}

#define PD(s, b, e) parse_double((s), (b), (e), __LINE__)

int main(void)
{
    /* sscanf */
    int i1, i2, n;
    unsigned u1;
    long l1;
    char word[16], rest[16];
    float f1;
    double d1;
    int got = sscanf("  -42 0x1F 0777 hello 3.25 -1.5e-3 tail", "%d %x %o %15s %f %lf %15s%n",
                     &i1, &u1, &i2, word, &f1, &d1, rest, &n);
    printf("sscanf: %d fields: %d %u %d %s %g %g %s n=%d\n", got, i1, u1, i2, word, (double)f1,
           d1, rest, n);
    CHECK_EQ(got, 7);
    CHECK_EQ(i1, -42);
    CHECK_EQ(u1, 31);
    CHECK_EQ(i2, 511);
    CHECK_STR(word, "hello");
    CHECK(f1 == 3.25f);
    CHECK(d1 == -1.5e-3);
    CHECK_STR(rest, "tail");
    CHECK_EQ(n, 39);

    got = sscanf("12:34:56,abc", "%d:%d:%ld,%3c", &i1, &i2, &l1, word);
    word[3] = 0;
    CHECK_EQ(got, 4);
    CHECK(i1 == 12 && i2 == 34 && l1 == 56);
    CHECK_STR(word, "abc");
    got = sscanf("key=value;x", "%15[a-z]=%15[^;]", word, rest);
    printf("sscanf sets: %d [%s] [%s]\n", got, word, rest);
    CHECK_EQ(got, 2);
    CHECK_STR(rest, "value");
    got = sscanf("abc", "%d", &i1);
    CHECK_EQ(got, 0);
    got = sscanf("", "%d", &i1);
    CHECK_EQ(got, EOF);
    long long ll;
    got = sscanf("-9223372036854775807", "%lld", &ll);
    CHECK(got == 1 && ll == -9223372036854775807LL);

    /* strtol family */
    char *end;
    CHECK_EQ(strtol("  +1234xyz", &end, 10), 1234);
    CHECK_STR(end, "xyz");
    CHECK_EQ(strtol("-0x7fffFFFF", NULL, 16), -0x7FFFFFFF);
    CHECK_EQ(strtol("0x10", NULL, 0), 16);
    CHECK_EQ(strtol("010", NULL, 0), 8);
    CHECK_EQ(strtol("zz", NULL, 36), 1295);
    CHECK_EQ(strtol("11111111", NULL, 2), 255);
    errno = 0;
    CHECK_EQ(strtol("99999999999", NULL, 10), LONG_MAX);
    CHECK_EQ(errno, ERANGE);
    errno = 0;
    CHECK_EQ(strtol("-99999999999", NULL, 10), LONG_MIN);
    CHECK_EQ(errno, ERANGE);
    errno = 0;
    CHECK_EQ(strtoul("4294967295", NULL, 10), 4294967295UL);
    CHECK_EQ(errno, 0);
    CHECK_EQ(strtoul("-1", NULL, 10), ULONG_MAX);  /* negated, as C says */
    CHECK_EQ(strtoll("-9223372036854775808", NULL, 10), LLONG_MIN);
    CHECK_EQ(strtoull("18446744073709551615", NULL, 10), ULLONG_MAX);
    errno = 0;
    CHECK_EQ(strtoull("18446744073709551616", NULL, 10), ULLONG_MAX);
    CHECK_EQ(errno, ERANGE);
    CHECK_EQ(strtol("nope", &end, 10), 0);
    CHECK_STR(end, "nope");
    CHECK_EQ(atoi("  -77 "), -77);
    CHECK_EQ(atol("2147483647"), 2147483647L);
    printf("strtol: %ld %ld %lu %lld\n", strtol("-123", NULL, 10), strtol("7fffffff", NULL, 16),
           strtoul("0xDEADBEEF", NULL, 16), strtoll("123456789012345", NULL, 10));

    /* strtod: exact bit patterns */
    PD("0", 0x0000000000000000ULL, 0);
    PD("-0.0", 0x8000000000000000ULL, 0);
    PD("1", 0x3FF0000000000000ULL, 0);
    PD("0.1", 0x3FB999999999999AULL, 0);
    PD("3.141592653589793238462643383279", 0x400921FB54442D18ULL, 0);
    PD("1e23", 0x44B52D02C7E14AF6ULL, 0);
    PD("8.98846567431158e307", 0x7FE0000000000000ULL, 0);
    PD("1.7976931348623157e308", 0x7FEFFFFFFFFFFFFFULL, 0);
    PD("2.2250738585072014e-308", 0x0010000000000000ULL, 0);
    /* The smallest denormal; whether underflow sets ERANGE is up to the
     * library (glibc does, newlib does not). */
    PD("4.9406564584124654e-324", 0x0000000000000001ULL, 0);
    PD("1e400", 0x7FF0000000000000ULL, ERANGE);
    PD("-1e400", 0xFFF0000000000000ULL, ERANGE);
    PD("  -12.5e-1xyz", 0xBFF4000000000000ULL, 0);
    PD("inf", 0x7FF0000000000000ULL, 0);
    PD("-Infinity", 0xFFF0000000000000ULL, 0);
    PD("123456789012345678901234567890", 0x45F8EE90FF6C373EULL, 0);
    PD("0.000001", 0x3EB0C6F7A0B5ED8DULL, 0);
    /* Halfway cases: round to even. */
    PD("9007199254740993", 0x4340000000000000ULL, 0);
    PD("9007199254740995", 0x4340000000000002ULL, 0);

    double dn = strtod("nan", &end);
    CHECK(isnan(dn));
    CHECK_EQ(*end, 0);

    errno = 0;
    float ff = strtof("3.4028235e38", NULL);
    CHECK(ff == 3.4028235e38f);
    CHECK_EQ(errno, 0);
    ff = strtof("1e-46", NULL);  /* below the smallest float denormal */
    printf("strtof tiny: %g\n", (double)ff);
    CHECK(ff == 0.0f);
    CHECK(atof("2.5e2") == 250.0);

    return check_done("scanf_strto");
}
