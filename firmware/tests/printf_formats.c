/* printf and friends with every conversion, flag, width, precision and
 * length modifier of C11, formatted with snprintf and compared with the
 * strings the C standard requires.  The floating-point conversions run
 * newlib's dtoa (big-number arithmetic with many 32x32 multiplies and
 * divides) and are the most demanding part.
 *
 * Debian's newlib is built without _WANT_IO_C99_FORMATS: %a, %A, %F and the
 * j, z and t length modifiers are printed literally, so they are not used.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"

static char buf[400];

/* Print one formatted result and check it. */
static void expect(const char *want, int ret, int line)
{
    printf("[%s]\n", buf);
    if (strcmp(buf, want) != 0 || ret != (int)strlen(want)) {
        check_failures++;
        printf("FAIL line %d: got [%s] (%d), want [%s]\n", line, buf, ret, want);
    }
}

#define T(want, ...) expect((want), snprintf(buf, sizeof buf, __VA_ARGS__), __LINE__)

static volatile double vd_pi = 3.14159265358979323846;
static volatile double vd_big = 1.0e300;
static volatile double vd_small = 1.0e-300;
static volatile double vd_zero = 0.0;
static volatile float vf = 0.1f;

int main(void)
{
    double pi = vd_pi, big = vd_big, small = vd_small, zero = vd_zero;
    double inf = 1.0 / zero, nan_ = zero / zero;

    /* Integers */
    T("0|1|-1|2147483647|-2147483648", "%d|%i|%d|%d|%d", 0, 1, -1, 2147483647, (int)-2147483647 - 1);
    T("4294967295|37777777777|ffffffff|FFFFFFFF", "%u|%o|%x|%X", 4294967295u, 4294967295u, 4294967295u, 4294967295u);
    T("[   42][42   ][00042][+42][ 42]", "[%5d][%-5d][%05d][%+d][% d]", 42, 42, 42, 42, 42);
    T("[0x2a][0X2A][052][0]", "[%#x][%#X][%#o][%#x]", 42, 42, 42, 0);
    T("[  007][007][   ][ -0007]", "[%5.3d][%.3d][%3.0d][%6.4d]", 7, 7, 0, -7);
    T("[-12  ][  -12]", "[%-*d][%*d]", 5, -12, 5, -12);
    T("[12][12]", "[%.*d][%-.*d]", -1, 12, 2, 12);
    T("-128|255|-32768|65535", "%hhd|%hhu|%hd|%hu", (signed char)-128, (unsigned char)255, (short)-32768, (unsigned short)65535);
    T("-2147483648|4294967295", "%ld|%lu", (long)-2147483647L - 1, 4294967295UL);
    T("-9223372036854775808|18446744073709551615|ffffffffffffffff",
      "%lld|%llu|%llx", (long long)-9223372036854775807LL - 1, 18446744073709551615ULL, 18446744073709551615ULL);

    /* Characters and strings */
    T("[A][  B][C  ][%]", "[%c][%3c][%-3c][%%]", 'A', 'B', 'C');
    T("[hello][  hello][hello  ][hel][  hel]", "[%s][%7s][%-7s][%.3s][%5.3s]", "hello", "hello", "hello", "hello", "hello");
    T("[][(null)]", "[%s][%s]", "", (const char *)"(null)");

    /* %n stores the count so far */
    int count = -1;
    T("abcde", "abc%nde", &count);
    CHECK_EQ(count, 3);

    /* Fixed notation */
    T("3.141593|3.14|3|3.|3.1415926536", "%f|%.2f|%.0f|%#.0f|%.10f", pi, pi, pi, pi, pi);
    T("[  3.142][3.142  ][003.142][+3.142][ 3.142]", "[%7.3f][%-7.3f][%07.3f][%+.3f][% .3f]", pi, pi, pi, pi, pi);
    T("0.000000|-0.000000|0.5|2.5|-1.5", "%f|%f|%.1f|%.1f|%.1f", 0.0, -0.0, 0.5, 2.5, -1.5);
    T("0|2|2|4", "%.0f|%.0f|%.0f|%.0f", 0.5, 1.5, 2.5, 3.5);  /* round half to even */
    T("1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.000000", "%f", big);
    T("0.100000001490116119384765625", "%.27f", (double)vf);

    /* Exponent notation */
    T("3.141593e+00|3.14E+00|3e+00|3.e+00", "%e|%.2E|%.0e|%#.0e", pi, pi, pi, pi);
    T("1.000000e+300|1.000000e-300|0.000000e+00", "%e|%e|%e", big, small, zero);
    T("1.797693134862316e+308|2.225073858507201e-308|4.940656458412465e-324", "%.15e|%.15e|%.15e", DBL_MAX, DBL_MIN, 4.9406564584124654e-324);

    /* Shortest of the two */
    T("3.14159|1e+300|1e-05|0.0001|100000|1e+06", "%g|%g|%g|%g|%g|%g", pi, big, 1e-5, 1e-4, 1e5, 1e6);
    T("3.1416|3.14159265358979|3.14159|3.00000", "%.5g|%.15g|%#g|%#g", pi, pi, pi, 3.0);
    T("1.2345678901234568e+20|0.10000000000000001", "%.17g|%.17g", 123456789012345678901.0, 0.1);
    T("1E+10|1E-10", "%G|%G", 1e10, 1e-10);

    /* Infinities and NaN */
    T("inf|-inf|INF|nan|NAN", "%f|%e|%E|%g|%G", inf, -inf, inf, fabs(nan_), fabs(nan_));
    T("[  inf][-inf ][+inf]", "[%5f][%-5g][%+e]", inf, -inf, inf);

    /* Truncation: snprintf returns the length it would have written. */
    char small_buf[8];
    const char *volatile long_word = "truncated";
    int n = snprintf(small_buf, sizeof small_buf, "%s-%d", long_word, 12345);
    printf("[%s] %d\n", small_buf, n);
    CHECK_STR(small_buf, "truncat");
    CHECK_EQ(n, 15);
    CHECK_EQ(snprintf(NULL, 0, "%08.3f", -pi), 8);

    /* printf to stdout with the same formats (goes through the FILE
     * buffering and _write). */
    printf("stdout: %d %5.2f %s %c %x %e %g\n", -17, pi, "str", 'z', 0xBEEFu, 12345.678, 0.00012345);
    /* A long line, longer than any internal buffer of vfprintf's. */
    printf("%0300d|\n", 1);
    return check_done("printf_formats");
}
