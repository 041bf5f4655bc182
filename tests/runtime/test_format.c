/* et_format against the C library's snprintf (glibc here), which nobody
 * here wrote: every conversion the runtime and the runner use, and %f
 * exactly (random doubles of every magnitude, floats, halfway cases). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../runtime/et_format.h"

#pragma GCC diagnostic ignored "-Wformat-extra-args"
#pragma GCC diagnostic ignored "-Wformat-truncation"

/* xorshift64: the same values on every run */
static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

#define SAME(...)                                                                                          \
    do {                                                                                                   \
        char ours[1000], libc[1000];                                                                         \
        size_t n = et_format(ours, sizeof ours, __VA_ARGS__);                                              \
        int m = snprintf(libc, sizeof libc, __VA_ARGS__);                                                  \
        cr_assert_str_eq(ours, libc, "%s", #__VA_ARGS__);                                                  \
        cr_assert_eq(n, (size_t)m, "%s: length", #__VA_ARGS__);                                            \
    } while (0)

Test(format, doubles_of_every_kind_as_percent_f)
{
    uint64_t s = 88172645463325252u;
    for (int i = 0; i < 60000; i++) {
        uint64_t bits = next(&s);
        double v;
        memcpy(&v, &bits, sizeof v);
        switch (i % 5) {
        case 1: v = (double)(float)v; break;
        case 2: v = ldexp((double)(next(&s) % 4096), -(int)(next(&s) % 30)); break; /* ties */
        case 3: v = ((int64_t)(next(&s) % 20000001) - 10000000) * 1e-7; break;
        case 4: v = ldexp((double)(next(&s) >> 11), (int)(next(&s) % 80) - 100); break;
        }
        SAME("%.6f", v);
        SAME("%.0f|%.3f|%.17f", v, v, v);
        SAME("%f|%.1f|%.2f", v, v, v);
    }
    SAME("%.0f %.0f %.0f %.0f %.1f %.6f %.6f", 0.5, 1.5, 2.5, -0.5, 0.25, 0.0078125, -0.0);
    SAME("%f %f %f %f", INFINITY, -INFINITY, NAN, -NAN);
    SAME("%f %.6f %.3f", 1.7976931348623157e308, 4.9e-324, 1e308);
}

Test(format, integers_with_flags_widths_and_lengths)
{
    uint64_t s = 1;
    for (int i = 0; i < 20000; i++) {
        int64_t x = (int64_t)next(&s) >> (next(&s) % 64);
        SAME("%lld %llu %llx %08llx %zu %zd", (long long)x, (unsigned long long)x, (unsigned long long)x,
             (unsigned long long)x, (size_t)x, (ptrdiff_t)x);
        SAME("%d %u %x %5d| %05d %.3d %08x %3u", (int)x, (unsigned)x, (unsigned)x, (int)x, (int)x, (int)x,
             (unsigned)x, (unsigned)(x & 0xfff));
        SAME("%ld %lu %2lu %08lx %lx", (long)x, (unsigned long)x, (unsigned long)(x & 0xff), (unsigned long)x,
             (unsigned long)x);
    }
    SAME("%d %d %lld %.0d|", INT32_MIN, INT32_MAX, (long long)INT64_MIN, 0);
}

Test(format, strings_characters_and_pointers)
{
    SAME("%s|%5s|%.2s|%.*s|%%|%.16s|%.4s", "abc", "ab", "abc", 2, "xyz", "a key longer than sixteen", "fmt data");
}

/* What is not built in is copied as it stands, its argument unread. */
Test(format, other_conversions_and_flags_as_text)
{
    char buf[64];
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
    size_t n = et_format(buf, sizeof buf, "%i|%X|%-5d|%+f|%c|%p|%d", 7);
#pragma GCC diagnostic pop
    cr_expect_eq(n, 22);
    cr_expect_str_eq(buf, "%i|%X|%-5d|%+f|%c|%p|7");
    /* %f: a width or the 0 flag is read and ignored */
    cr_expect_eq(et_format(buf, sizeof buf, "%12.2f|%05f", 1.5, -0.25), 14);
    cr_expect_str_eq(buf, "1.50|-0.250000");
}

Test(format, truncates_like_snprintf)
{
    char small[5];
    cr_expect_eq(et_format(small, sizeof small, "%s", "hello world"), 11);
    cr_expect_str_eq(small, "hell");
    cr_expect_eq(et_format(NULL, 0, "%d", 12345), 5);
}
