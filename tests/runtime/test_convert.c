/* et_convert.h's int64 <-> double conversions against the compiler's own
 * casts (on the host, the SSE conversions), on random and edge values. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "../../runtime/et_convert.h"

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

Test(convert, int64_to_double_rounds_as_the_cast)
{
    const int64_t edges[] = {0, 1, -1, INT64_MAX, INT64_MIN, (INT64_C(1) << 53) + 1, -(INT64_C(1) << 53) - 1,
                             (INT64_C(1) << 54) + 2, (INT64_C(1) << 54) + 6, INT32_MAX, (int64_t)INT32_MIN - 1};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        cr_assert_eq(et_i64_to_f64(edges[i]), (double)edges[i], "%lld", (long long)edges[i]);
    uint64_t s = 7;
    for (int i = 0; i < 1000000; i++) {
        int64_t x = (int64_t)next(&s) >> (next(&s) % 64);
        cr_assert_eq(et_i64_to_f64(x), (double)x, "%lld", (long long)x);
    }
}

Test(convert, double_to_int64_truncates_as_the_cast)
{
    const double edges[] = {0.0, -0.0, 0.5, -0.5, 1.999, -1.999, 4294967296.0, -4294967296.0, 4294967295.5,
                            -4294967296.5, 9.2e18, -9.2e18, 9223372036854774784.0, -9223372036854775808.0};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        cr_assert_eq(et_f64_to_i64(edges[i]), (int64_t)edges[i], "%.17g", edges[i]);
    uint64_t s = 11;
    for (int i = 0; i < 1000000; i++) {
        double d = (double)((int64_t)next(&s) >> (next(&s) % 64)) * (1.0 + (double)(next(&s) % 1000) / 4096.0);
        if (d >= 9.2e18 || d <= -9.2e18)
            continue;
        cr_assert_eq(et_f64_to_i64(d), (int64_t)d, "%.17g", d);
    }
}
