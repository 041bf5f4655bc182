/* Double-precision libm (newlib's fdlibm-derived code): trigonometric,
 * hyperbolic, exponential, logarithmic and power functions, rounding and
 * remainders, gamma and erf.  These are long sequences of double-precision
 * VFP instructions (VMUL.F64, VFMA.F64, VDIV.F64, VCVT, VMOV between core
 * and FP registers) and integer bit manipulation of the IEEE format.
 *
 * Every result is printed with %.17g (so the diff against QEMU is bit
 * exact) and checked against the value of glibc on x86-64, to within a few
 * units in the last place (the two libms may round differently).
 */
#include <float.h>
#include <math.h>

#include "check.h"

/* M_PI is POSIX, not C11. */
#define PI 3.141592653589793238462643383279502884

/* Read a constant through a volatile object so that GCC cannot evaluate the
 * libm call at compile time (it would, with MPFR). */
#define V(x) (*(volatile double *)&(double){(x)})

/* Print a result and check it to within 'ulps' units in the last place. */
static void check_ulps(const char *what, double got, double want, double ulps, int line)
{
    printf("%-24s = %.17g\n", what, got);
    double tol = ulps * DBL_EPSILON * fabs(want);
    if (want == 0.0)
        tol = 0.0;
    check_near(got, want, tol, what, line);
}

#define L(expr, want) check_ulps(#expr, (expr), (want), 4.0, __LINE__)
#define EXACT(expr, want) check_ulps(#expr, (expr), (want), 0.0, __LINE__)

int main(void)
{
    L(sin(V(0.5)), 0.479425538604203);
    L(sin(V(1e6)), -0.34999350217129294);   /* large argument reduction */
    L(cos(V(2.0)), -0.4161468365471424);
    EXACT(cos(V(-1e-9)), 1.0);
    L(tan(V(1.2)), 2.5721516221263188);
    L(asin(V(0.3)), 0.3046926540153975);
    L(acos(V(-0.7)), 2.3461938234056494);
    L(atan(V(5.0)), 1.373400766945016);
    L(atan2(V(-1.0), V(-2.0)), -2.677945044588987);
    L(sinh(V(1.5)), 2.1292794550948173);
    L(cosh(V(-2.0)), 3.7621956910836314);
    L(tanh(V(0.3)), 0.2913126124515909);
    L(exp(V(1.0)), 2.718281828459045);
    L(exp(V(-20.5)), 1.2501528663867426e-09);
    L(exp(V(700.0)), 1.0142320547350045e+304);
    L(expm1(V(1e-10)), 1.00000000005e-10);
    L(log(V(10.0)), 2.302585092994046);
    L(log(V(1e-300)), -690.7755278982137);
    L(log10(V(2.0)), 0.3010299956639812);
    L(log2(V(3.0)), 1.584962500721156);
    L(log1p(V(1e-12)), 9.999999999995e-13);
    L(pow(V(2.0), V(0.5)), 1.4142135623730951);
    L(pow(V(1.0001), V(10000.0)), 2.7181459268249255);
    EXACT(pow(V(-8.0), V(3.0)), -512.0);
    L(pow(V(10.0), V(-5.5)), 3.162277660168379e-06);
    EXACT(sqrt(V(2.0)), 1.4142135623730951);  /* VSQRT.F64 is exact */
    EXACT(sqrt(V(1e-310)), 9.999999999999986e-156);
    L(cbrt(V(27.5)), 3.018405368398843);
    L(hypot(V(3e200), V(4e200)), 4.9999999999999995e+200);
    EXACT(fmod(V(10.5), V(3.0)), 1.5);
    EXACT(fmod(V(-1e20), V(7.0)), -2.0);
    EXACT(remainder(V(10.5), V(3.0)), -1.5);
    EXACT(floor(V(-2.5)), -3.0);
    EXACT(ceil(V(2.000001)), 3.0);
    EXACT(round(V(-0.5)), -1.0);
    EXACT(trunc(V(-7.9)), -7.0);
    EXACT(rint(V(2.5)), 2.0);
    L(erf(V(0.5)), 0.5204998778130465);
    L(tgamma(V(5.5)), 52.34277778455352);
    L(lgamma(V(20.0)), 39.339884187199495);
    EXACT(ldexp(V(0.75), 100), 9.50737950171172e+29);

    int ex;
    double m = frexp(V(-48.0), &ex);
    printf("frexp(-48) = %.17g * 2^%d\n", m, ex);
    CHECK(m == -0.75 && ex == 6);
    double ip, fp = modf(V(-3.25), &ip);
    printf("modf(-3.25) = %.17g + %.17g\n", ip, fp);
    CHECK(ip == -3.0 && fp == -0.25);

    /* Special values */
    double inf = V(INFINITY);
    CHECK(isnan(log(V(-1.0))));
    CHECK(log(V(0.0)) == -inf);
    CHECK(exp(V(1000.0)) == inf);
    CHECK(exp(V(-1000.0)) == 0.0);
    CHECK(isnan(sqrt(V(-2.0))));
    CHECK(pow(V(0.0), V(0.0)) == 1.0);
    CHECK(atan2(V(0.0), V(-0.0)) == V(PI));
    CHECK(signbit(V(-0.0)) && !signbit(V(0.0)));
    CHECK(copysign(V(3.0), V(-0.0)) == -3.0);

    /* A small numerical kernel: the sum of 1/k^2 with Kahan summation
     * converges to pi^2/6. */
    double sum = 0.0, comp = 0.0;
    for (int k = 1; k <= 20000; k++) {
        double term = 1.0 / ((double)k * (double)k) - comp;
        double t = sum + term;
        comp = (t - sum) - term;
        sum = t;
    }
    printf("basel sum %.17g\n", sum);
    /* pi^2/6 - 1/N + 1/(2N^2), the tail of the series */
    CHECK_NEAR(sum, PI * PI / 6.0 - 1.0 / 20000.0 + 0.5 / (20000.0 * 20000.0), 1e-12);

    return check_done("double_libm");
}
