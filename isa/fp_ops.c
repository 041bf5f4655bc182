/* Floating-point arithmetic after the Arm ARM pseudocode; see fp_ops.h.
 *
 * Layout of this file:
 *   1. formats, 128-bit helpers
 *   2. FPUnpack, FPRound, NaN processing (the soft-float core)
 *   3. the operations on the soft path (fp_soft_*)
 *   4. fast paths on host doubles and the public entry points
 *
 * The fast paths: the host is assumed to be IEEE 754 binary32/binary64
 * with round-to-nearest-even and no excess precision (FLT_EVAL_METHOD 0,
 * x86-64 SSE or AArch64), never switched to another mode, with denormals
 * not flushed.  They only run when FPSCR.RMode is round-to-nearest and
 * every operand is normal or zero, and they only accept results that are
 * normal and above the smallest normal (so "tiny before rounding", FZ and
 * NaN rules cannot matter) or exactly zero.  Inexact is established
 * exactly with error-free transformations, never with fenv: F32 operations
 * are computed in double (products of two floats are exact there; double
 * rounding is innocuous for +, -, *, /, sqrt since 53 >= 2*24+2, and the
 * fused multiply-add rounds to odd first), F64 ones use TwoSum and fma()
 * residuals.  Anything else falls back to the soft path, which is the
 * reference (tests compare the two).
 */
#include "fp_ops.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* 1. Formats and 128-bit helpers                                      */

typedef struct fmt_info {
    unsigned n, e, f;   /* total, exponent and fraction widths */
    int bias;
} fmt_info_t;

static const fmt_info_t FMT[3] = {
    [FP_F16] = {16, 5, 10, 15},
    [FP_F32] = {32, 8, 23, 127},
    [FP_F64] = {64, 11, 52, 1023},
};

static inline unsigned exp_ones(enum fp_fmt f) { return (1u << FMT[f].e) - 1u; }
static inline uint64_t frac_mask(enum fp_fmt f) { return (1ull << FMT[f].f) - 1u; }

static inline int clz64(uint64_t x)
{
#if defined(__GNUC__)
    return x ? __builtin_clzll(x) : 64;
#else
    int n = 0;
    if (!x)
        return 64;
    while (!(x >> 63)) {
        x <<= 1;
        n++;
    }
    return n;
#endif
}

/* Shift right keeping a sticky bit: any 1 shifted out sets bit 0. */
static inline uint64_t shr_jam64(uint64_t x, unsigned n)
{
    if (n == 0)
        return x;
    if (n >= 64)
        return x != 0;
    return (x >> n) | ((x << (64 - n)) != 0);
}

typedef struct u128 {
    uint64_t hi, lo;
} u128_t;

static inline u128_t u128_of(uint64_t hi, uint64_t lo)
{
    u128_t r = {hi, lo};
    return r;
}

static inline bool u128_is_zero(u128_t a) { return (a.hi | a.lo) == 0; }

static inline bool u128_lt(u128_t a, u128_t b)
{
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

static inline u128_t u128_add(u128_t a, u128_t b)
{
    u128_t r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}

static inline u128_t u128_sub(u128_t a, u128_t b)
{
    u128_t r;
    r.lo = a.lo - b.lo;
    r.hi = a.hi - b.hi - (a.lo < b.lo);
    return r;
}

static inline u128_t u128_shl(u128_t a, unsigned n)   /* n < 128 */
{
    if (n == 0)
        return a;
    if (n >= 64)
        return u128_of(a.lo << (n - 64), 0);
    return u128_of((a.hi << n) | (a.lo >> (64 - n)), a.lo << n);
}

static inline u128_t u128_shr_jam(u128_t a, unsigned n)
{
    if (n == 0)
        return a;
    if (n >= 128)
        return u128_of(0, !u128_is_zero(a));
    if (n >= 64) {
        uint64_t lost = (n == 64 ? 0 : a.hi << (128 - n)) | a.lo;
        return u128_of(0, (a.hi >> (n - 64)) | (lost != 0));
    }
    uint64_t lost = a.lo << (64 - n);
    return u128_of(a.hi >> n, (a.lo >> n) | (a.hi << (64 - n)) | (lost != 0));
}

static inline int u128_clz(u128_t a)
{
    return a.hi ? clz64(a.hi) : 64 + clz64(a.lo);
}

static u128_t mul64(uint64_t a, uint64_t b)
{
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    return u128_of(hh + (lh >> 32) + (hl >> 32) + (mid >> 32), (mid << 32) | (ll & 0xFFFFFFFFu));
}

/* ------------------------------------------------------------------ */
/* 2. FPUnpack, FPRound, NaNs                                          */

enum fp_type { FPT_ZERO, FPT_NONZERO, FPT_INF, FPT_QNAN, FPT_SNAN };

/* An unpacked operand: value = mant * 2^(exp - 63), mant bit 63 set for
 * FPT_NONZERO (denormals come normalised). */
typedef struct fpv {
    enum fp_type type;
    unsigned sign;
    int exp;
    uint64_t mant;
} fpv_t;

static inline bool is_nan(const fpv_t *v) { return v->type >= FPT_QNAN; }

/* The arithmetic forms (FPUnpack, FPRound) ignore AHP; the conversion
 * forms (FPUnpackCV, FPRoundCV) ignore FZ16. */
static inline uint32_t arith_ctl(uint32_t fpscr) { return fpscr & ~FPSCR_AHP; }
static inline uint32_t cv_ctl(uint32_t fpscr) { return fpscr & ~FPSCR_FZ16; }

static inline bool flush_on(enum fp_fmt f, uint32_t ctl)
{
    return (ctl & (f == FP_F16 ? FPSCR_FZ16 : FPSCR_FZ)) != 0;
}

static inline bool alt_hp(enum fp_fmt f, uint32_t ctl)
{
    return f == FP_F16 && (ctl & FPSCR_AHP);
}

static inline uint64_t fp_zero(enum fp_fmt f, unsigned sign)
{
    return (uint64_t)sign << (FMT[f].n - 1);
}

static inline uint64_t fp_inf(enum fp_fmt f, unsigned sign)
{
    return fp_zero(f, sign) | (uint64_t)exp_ones(f) << FMT[f].f;
}

static inline uint64_t fp_max_normal(enum fp_fmt f, unsigned sign)
{
    return fp_zero(f, sign) | (uint64_t)(exp_ones(f) - 1u) << FMT[f].f | frac_mask(f);
}

static inline uint64_t fp_default_nan(enum fp_fmt f)
{
    return (uint64_t)exp_ones(f) << FMT[f].f | 1ull << (FMT[f].f - 1);
}

static fpv_t unpack(enum fp_fmt f, uint64_t bits, uint32_t ctl, uint32_t *fpscr)
{
    const fmt_info_t *fi = &FMT[f];
    uint64_t frac = bits & frac_mask(f);
    unsigned e = (unsigned)(bits >> fi->f) & exp_ones(f);
    fpv_t v = {FPT_NONZERO, (unsigned)(bits >> (fi->n - 1)) & 1u, 0, 0};
    if (e == 0) {
        if (frac == 0 || flush_on(f, ctl)) {
            /* Half precision flushes (FZ16) without IDC, as the
             * pseudocode's FPUnpackBase does. */
            if (frac != 0 && f != FP_F16)
                *fpscr |= FPSCR_IDC;
            v.type = FPT_ZERO;
            return v;
        }
        int lz = clz64(frac);
        v.mant = frac << lz;
        v.exp = (1 - fi->bias) - (int)fi->f + (63 - lz);
    } else if (e == exp_ones(f) && !alt_hp(f, ctl)) {
        if (frac == 0)
            v.type = FPT_INF;
        else
            v.type = (frac >> (fi->f - 1)) & 1u ? FPT_QNAN : FPT_SNAN;
    } else {
        v.mant = (frac | 1ull << fi->f) << (63 - fi->f);
        v.exp = (int)e - fi->bias;
    }
    return v;
}

/* FPRound: value = mant * 2^(exp - 63), mant bit 63 set, bits lost before
 * here are jammed into bit 0.  Tininess is detected before rounding. */
static uint64_t fp_round(enum fp_fmt f, unsigned sign, int exp, uint64_t mant, uint32_t ctl,
                         enum fp_rounding rm, uint32_t *fpscr)
{
    const fmt_info_t *fi = &FMT[f];
    int min_exp = 1 - fi->bias;
    if (flush_on(f, ctl) && exp < min_exp) {
        *fpscr |= FPSCR_UFC;        /* no Inexact: flushing is not rounding */
        return fp_zero(f, sign);
    }
    int biased = exp - min_exp + 1;
    if (biased <= 0) {
        mant = shr_jam64(mant, (unsigned)(1 - biased));
        biased = 0;
    }
    unsigned guard = 63 - fi->f;
    uint64_t int_mant = mant >> guard;
    uint64_t rem = mant & ((1ull << guard) - 1u);
    uint64_t half = 1ull << (guard - 1);
    if (biased == 0 && rem != 0)
        *fpscr |= FPSCR_UFC;
    bool up, to_inf;
    switch (rm) {
    case FPR_TIEEVEN: up = rem > half || (rem == half && (int_mant & 1u)); to_inf = true; break;
    case FPR_TIEAWAY: up = rem >= half; to_inf = true; break;
    case FPR_POSINF:  up = rem != 0 && !sign; to_inf = !sign; break;
    case FPR_NEGINF:  up = rem != 0 && sign; to_inf = sign; break;
    default:          up = false; to_inf = false; break;
    }
    if (up) {
        int_mant++;
        if (int_mant == 1ull << fi->f)          /* denormal rounded up to normal */
            biased = 1;
        if (int_mant == 1ull << (fi->f + 1)) {  /* carried into the exponent */
            biased++;
            int_mant >>= 1;
        }
    }
    bool inexact = rem != 0;
    uint64_t result;
    if (!alt_hp(f, ctl)) {
        if (biased >= (int)exp_ones(f)) {
            result = to_inf ? fp_inf(f, sign) : fp_max_normal(f, sign);
            *fpscr |= FPSCR_OFC;
            inexact = true;
        } else {
            result = fp_zero(f, sign) | (uint64_t)biased << fi->f | (int_mant & frac_mask(f));
        }
    } else if (biased > (int)exp_ones(f)) {
        result = fp_zero(f, sign) | 0x7FFFu;    /* alternative half: no infinity */
        *fpscr |= FPSCR_IOC;
        inexact = false;
    } else {
        result = fp_zero(f, sign) | (uint64_t)biased << fi->f | (int_mant & frac_mask(f));
    }
    if (inexact)
        *fpscr |= FPSCR_IXC;
    return result;
}

/* FPRound of an unpacked nonzero value (zeros follow each operation's own
 * sign rules, so callers handle them before). */
static uint64_t round_nonzero(enum fp_fmt f, const fpv_t *v, uint32_t ctl, enum fp_rounding rm,
                              uint32_t *fpscr)
{
    return fp_round(f, v->sign, v->exp, v->mant, ctl, rm, fpscr);
}

/* FPProcessNaN: quiet a signalling NaN (Invalid Operation), or give the
 * default NaN in DN mode. */
static uint64_t process_nan(enum fp_fmt f, const fpv_t *v, uint64_t bits, uint32_t ctl, uint32_t *fpscr)
{
    if (v->type == FPT_SNAN) {
        *fpscr |= FPSCR_IOC;
        bits |= 1ull << (FMT[f].f - 1);
    }
    return (ctl & FPSCR_DN) ? fp_default_nan(f) : bits;
}

/* FPProcessNaNs / FPProcessNaNs3: signalling NaNs first, then quiet ones,
 * each in operand order.  Returns false when no operand is a NaN. */
static bool process_nans(enum fp_fmt f, const fpv_t *v, const uint64_t *bits, int n,
                         uint32_t ctl, uint32_t *fpscr, uint64_t *result)
{
    for (int i = 0; i < n; i++)
        if (v[i].type == FPT_SNAN) {
            *result = process_nan(f, &v[i], bits[i], ctl, fpscr);
            return true;
        }
    for (int i = 0; i < n; i++)
        if (v[i].type == FPT_QNAN) {
            *result = process_nan(f, &v[i], bits[i], ctl, fpscr);
            return true;
        }
    return false;
}

static uint64_t invalid(enum fp_fmt f, uint32_t *fpscr)
{
    *fpscr |= FPSCR_IOC;
    return fp_default_nan(f);
}

/* Compare two unpacked non-NaN values: -1, 0 or 1. */
static int compare_values(const fpv_t *x, const fpv_t *y)
{
    if (x->type == FPT_ZERO && y->type == FPT_ZERO)
        return 0;
    if (x->sign != y->sign)
        return x->sign ? -1 : 1;
    int mag;   /* magnitude order: zero < finite < infinity */
    if (x->type != y->type)
        mag = x->type == FPT_INF || y->type == FPT_ZERO ? 1 : -1;
    else if (x->type == FPT_INF)
        mag = 0;
    else if (x->exp != y->exp)
        mag = x->exp > y->exp ? 1 : -1;
    else
        mag = x->mant == y->mant ? 0 : x->mant > y->mant ? 1 : -1;
    return x->sign ? -mag : mag;
}

/* ------------------------------------------------------------------ */
/* 3. The soft path                                                    */

/* x + y for zero or nonzero operands (no infinities, no NaNs). */
static uint64_t add_finite(enum fp_fmt f, fpv_t x, fpv_t y, uint32_t ctl, enum fp_rounding rm,
                           uint32_t *fpscr)
{
    if (x.type == FPT_ZERO && y.type == FPT_ZERO)
        return fp_zero(f, x.sign == y.sign ? x.sign : rm == FPR_NEGINF);
    if (x.type == FPT_ZERO)
        return round_nonzero(f, &y, ctl, rm, fpscr);
    if (y.type == FPT_ZERO)
        return round_nonzero(f, &x, ctl, rm, fpscr);
    if (x.exp < y.exp) {
        fpv_t t = x;
        x = y;
        y = t;
    }
    /* One bit of headroom for the carry; the low bits of an unpacked
     * mantissa are zero, so nothing is lost by the first shift. */
    uint64_t mx = x.mant >> 1, my = shr_jam64(y.mant >> 1, (unsigned)(x.exp - y.exp));
    uint64_t m;
    unsigned sign;
    if (x.sign == y.sign) {
        m = mx + my;
        sign = x.sign;
    } else if (mx >= my) {
        m = mx - my;
        sign = x.sign;
    } else {
        m = my - mx;
        sign = y.sign;
    }
    if (m == 0)
        return fp_zero(f, rm == FPR_NEGINF);
    int lz = clz64(m);
    return fp_round(f, sign, x.exp + 1 - lz, m << lz, ctl, rm, fpscr);
}

static uint64_t soft_addsub(enum fp_fmt f, uint64_t a, uint64_t b, bool subtract, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    enum fp_rounding rm = fp_rounding_mode(ctl);
    fpv_t v[2] = {unpack(f, a, ctl, fpscr), unpack(f, b, ctl, fpscr)};
    uint64_t bits[2] = {a, b}, r;
    if (process_nans(f, v, bits, 2, ctl, fpscr, &r))
        return r;
    v[1].sign ^= subtract;
    bool inf1 = v[0].type == FPT_INF, inf2 = v[1].type == FPT_INF;
    if (inf1 && inf2 && v[0].sign != v[1].sign)
        return invalid(f, fpscr);
    if ((inf1 && !v[0].sign) || (inf2 && !v[1].sign))
        return fp_inf(f, 0);
    if (inf1 || inf2)
        return fp_inf(f, 1);
    return add_finite(f, v[0], v[1], ctl, rm, fpscr);
}

uint64_t fp_soft_add(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    return soft_addsub(f, a, b, false, fpscr);
}

uint64_t fp_soft_mul(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    fpv_t v[2] = {unpack(f, a, ctl, fpscr), unpack(f, b, ctl, fpscr)};
    uint64_t bits[2] = {a, b}, r;
    if (process_nans(f, v, bits, 2, ctl, fpscr, &r))
        return r;
    unsigned sign = v[0].sign ^ v[1].sign;
    bool inf1 = v[0].type == FPT_INF, inf2 = v[1].type == FPT_INF;
    bool zero1 = v[0].type == FPT_ZERO, zero2 = v[1].type == FPT_ZERO;
    if ((inf1 && zero2) || (zero1 && inf2))
        return invalid(f, fpscr);
    if (inf1 || inf2)
        return fp_inf(f, sign);
    if (zero1 || zero2)
        return fp_zero(f, sign);
    /* mant * mant lies in [2^126, 2^128). */
    u128_t p = mul64(v[0].mant, v[1].mant);
    int exp = v[0].exp + v[1].exp;
    uint64_t m;
    if (p.hi >> 63) {
        m = p.hi | (p.lo != 0);
        exp++;
    } else {
        m = (p.hi << 1) | (p.lo >> 63) | ((p.lo << 1) != 0);
    }
    return fp_round(f, sign, exp, m, ctl, fp_rounding_mode(ctl), fpscr);
}

uint64_t fp_soft_div(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    fpv_t v[2] = {unpack(f, a, ctl, fpscr), unpack(f, b, ctl, fpscr)};
    uint64_t bits[2] = {a, b}, r;
    if (process_nans(f, v, bits, 2, ctl, fpscr, &r))
        return r;
    unsigned sign = v[0].sign ^ v[1].sign;
    bool inf1 = v[0].type == FPT_INF, inf2 = v[1].type == FPT_INF;
    bool zero1 = v[0].type == FPT_ZERO, zero2 = v[1].type == FPT_ZERO;
    if ((inf1 && inf2) || (zero1 && zero2))
        return invalid(f, fpscr);
    if (inf1 || zero2) {
        if (!inf1)
            *fpscr |= FPSCR_DZC;
        return fp_inf(f, sign);
    }
    if (zero1 || inf2)
        return fp_zero(f, sign);
    /* Restoring division: 64 quotient bits of (mant1/2) / (mant2/2), the
     * remainder becomes the sticky bit.  a < 2b holds throughout. */
    uint64_t num = v[0].mant >> 1, den = v[1].mant >> 1, q = 0;
    for (int i = 0; i < 64; i++) {
        q <<= 1;
        if (num >= den) {
            num -= den;
            q |= 1u;
        }
        num <<= 1;
    }
    int exp = v[0].exp - v[1].exp;
    if (!(q >> 63)) {
        q <<= 1;
        exp--;
    }
    return fp_round(f, sign, exp, q | (num != 0), ctl, fp_rounding_mode(ctl), fpscr);
}

/* Integer square root of a 128-bit number, digit by digit; *inexact tells
 * whether a remainder is left. */
static uint64_t isqrt128(u128_t n, bool *inexact)
{
    u128_t rem = {0, 0};
    uint64_t root = 0;
    for (int i = 0; i < 64; i++) {
        rem = u128_shl(rem, 2);
        rem.lo |= n.hi >> 62;
        n = u128_shl(n, 2);
        u128_t trial = u128_of(root >> 62, (root << 2) | 1u);
        root <<= 1;
        if (!u128_lt(rem, trial)) {
            rem = u128_sub(rem, trial);
            root |= 1u;
        }
    }
    *inexact = !u128_is_zero(rem);
    return root;
}

uint64_t fp_soft_sqrt(enum fp_fmt f, uint64_t a, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    fpv_t v = unpack(f, a, ctl, fpscr);
    if (is_nan(&v))
        return process_nan(f, &v, a, ctl, fpscr);
    if (v.type == FPT_ZERO)
        return fp_zero(f, v.sign);
    if (v.sign)
        return invalid(f, fpscr);
    if (v.type == FPT_INF)
        return fp_inf(f, 0);
    /* value = M * 2^(2k) with M in [1, 4); the root of M * 2^126 has its
     * top bit at 63. */
    int e = v.exp;
    u128_t n;
    if (e & 1) {
        n = u128_of(v.mant, 0);                 /* mant * 2^64 */
        e--;
    } else {
        n = u128_of(v.mant >> 1, v.mant << 63); /* mant * 2^63 */
    }
    bool inexact;
    uint64_t root = isqrt128(n, &inexact);
    return fp_round(f, 0, e / 2, root | inexact, ctl, fp_rounding_mode(ctl), fpscr);
}

/* addend + x*y, all zero or nonzero, the product not an exact zero. */
static uint64_t muladd_finite(enum fp_fmt f, const fpv_t *c, const fpv_t *x, const fpv_t *y,
                              uint32_t ctl, enum fp_rounding rm, uint32_t *fpscr)
{
    unsigned sp = x->sign ^ y->sign;
    /* Both terms scaled by 2^-125: the product (top bit 125 or 126) and
     * the addend (top bit 125) leave headroom for the carry.  The low bits
     * of both are zero, so the first shifts lose nothing. */
    u128_t p = u128_shr_jam(mul64(x->mant, y->mant), 1);
    int ep = x->exp + y->exp, e;
    if (c->type == FPT_ZERO) {
        e = ep;
    } else {
        u128_t cc = u128_shl(u128_of(0, c->mant), 62);
        if (ep >= c->exp) {
            cc = u128_shr_jam(cc, (unsigned)(ep - c->exp));
            e = ep;
        } else {
            p = u128_shr_jam(p, (unsigned)(c->exp - ep));
            e = c->exp;
        }
        if (c->sign == sp) {
            p = u128_add(p, cc);
        } else if (!u128_lt(p, cc)) {
            p = u128_sub(p, cc);
        } else {
            p = u128_sub(cc, p);
            sp = c->sign;
        }
    }
    if (u128_is_zero(p))
        return fp_zero(f, rm == FPR_NEGINF);
    int lz = u128_clz(p);
    p = u128_shl(p, (unsigned)lz);
    return fp_round(f, sp, e + 2 - lz, p.hi | (p.lo != 0), ctl, rm, fpscr);
}

uint64_t fp_soft_muladd(enum fp_fmt f, uint64_t addend, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    enum fp_rounding rm = fp_rounding_mode(ctl);
    fpv_t v[3] = {unpack(f, addend, ctl, fpscr), unpack(f, a, ctl, fpscr), unpack(f, b, ctl, fpscr)};
    uint64_t bits[3] = {addend, a, b}, r;
    bool inf1 = v[1].type == FPT_INF, inf2 = v[2].type == FPT_INF;
    bool zero1 = v[1].type == FPT_ZERO, zero2 = v[2].type == FPT_ZERO;
    bool inf_times_zero = (inf1 && zero2) || (zero1 && inf2);
    if (process_nans(f, v, bits, 3, ctl, fpscr, &r)) {
        /* A quiet NaN addend does not hide the invalid 0 * inf. */
        if (v[0].type == FPT_QNAN && inf_times_zero)
            return invalid(f, fpscr);
        return r;
    }
    unsigned sa = v[0].sign, sp = v[1].sign ^ v[2].sign;
    bool infa = v[0].type == FPT_INF, infp = inf1 || inf2;
    bool zeroa = v[0].type == FPT_ZERO, zerop = zero1 || zero2;
    if (inf_times_zero || (infa && infp && sa != sp))
        return invalid(f, fpscr);
    if ((infa && !sa) || (infp && !sp))
        return fp_inf(f, 0);
    if (infa || infp)
        return fp_inf(f, 1);
    if (zeroa && zerop)
        return fp_zero(f, sa == sp ? sa : rm == FPR_NEGINF);
    if (zerop)
        return round_nonzero(f, &v[0], ctl, rm, fpscr);
    return muladd_finite(f, &v[0], &v[1], &v[2], ctl, rm, fpscr);
}

/* FPMax / FPMin once FPMaxNum / FPMinNum have replaced a lone quiet NaN. */
static uint64_t max_min(enum fp_fmt f, uint64_t a, uint64_t b, bool is_max, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    fpv_t v[2] = {unpack(f, a, ctl, fpscr), unpack(f, b, ctl, fpscr)};
    uint64_t bits[2] = {a, b}, r;
    if (process_nans(f, v, bits, 2, ctl, fpscr, &r))
        return r;
    int c = compare_values(&v[0], &v[1]);
    const fpv_t *w = (is_max ? c > 0 : c < 0) ? &v[0] : &v[1];
    if (w->type == FPT_INF)
        return fp_inf(f, w->sign);
    if (w->type == FPT_ZERO)
        return fp_zero(f, is_max ? (v[0].sign & v[1].sign) : (v[0].sign | v[1].sign));
    return round_nonzero(f, w, ctl, fp_rounding_mode(ctl), fpscr);
}

static uint64_t max_min_num(enum fp_fmt f, uint64_t a, uint64_t b, bool is_max, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    enum fp_type t1 = unpack(f, a, ctl, fpscr).type, t2 = unpack(f, b, ctl, fpscr).type;
    /* A single quiet NaN is treated as the infinity that loses. */
    if (t1 == FPT_QNAN && t2 != FPT_QNAN)
        a = fp_inf(f, is_max);
    else if (t1 != FPT_QNAN && t2 == FPT_QNAN)
        b = fp_inf(f, is_max);
    return max_min(f, a, b, is_max, fpscr);
}

uint64_t fp_maxnum(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    return max_min_num(f, a, b, true, fpscr);
}

uint64_t fp_minnum(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    return max_min_num(f, a, b, false, fpscr);
}

uint32_t fp_soft_compare(enum fp_fmt f, uint64_t a, uint64_t b, bool signal_nans, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    fpv_t x = unpack(f, a, ctl, fpscr), y = unpack(f, b, ctl, fpscr);
    if (is_nan(&x) || is_nan(&y)) {
        if (x.type == FPT_SNAN || y.type == FPT_SNAN || signal_nans)
            *fpscr |= FPSCR_IOC;
        return FPSCR_C | FPSCR_V;
    }
    int c = compare_values(&x, &y);
    return c == 0 ? FPSCR_Z | FPSCR_C : c < 0 ? FPSCR_N : FPSCR_C;
}

/* Split |value| * 2^shift into an integer part and a 64-bit fraction
 * (2^64 = 1, lost bits jammed).  False when the integer part needs more
 * than 62 bits. */
static bool split_int_frac(const fpv_t *v, int shift, uint64_t *ip, uint64_t *frac)
{
    int e = v->exp + shift;
    if (e > 61)
        return false;
    if (e < 0) {
        *ip = 0;
        *frac = shr_jam64(v->mant, (unsigned)(-e - 1));
    } else {
        *ip = v->mant >> (63 - e);
        *frac = e == 63 ? 0 : v->mant << (e + 1);
    }
    return true;
}

/* Does rounding |x| = ip + frac (sign given) go up in magnitude? */
static bool round_up_mag(uint64_t ip, uint64_t frac, unsigned sign, enum fp_rounding rm)
{
    const uint64_t half = 1ull << 63;
    switch (rm) {
    case FPR_TIEEVEN: return frac > half || (frac == half && (ip & 1u));
    case FPR_TIEAWAY: return frac >= half;
    case FPR_POSINF:  return frac != 0 && !sign;
    case FPR_NEGINF:  return frac != 0 && sign;
    default:          return false;
    }
}

/* A nonzero integer magnitude as an unpacked value. */
static fpv_t fpv_of_int(unsigned sign, uint64_t mag, int scale)
{
    int lz = clz64(mag);
    fpv_t v = {FPT_NONZERO, sign, 63 - lz - scale, mag << lz};
    return v;
}

uint64_t fp_round_int(enum fp_fmt f, uint64_t a, enum fp_rounding rm, bool exact, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    fpv_t v = unpack(f, a, ctl, fpscr);
    if (is_nan(&v))
        return process_nan(f, &v, a, ctl, fpscr);
    if (v.type == FPT_INF)
        return fp_inf(f, v.sign);
    if (v.type == FPT_ZERO)
        return fp_zero(f, v.sign);
    uint64_t ip, frac;
    if (!split_int_frac(&v, 0, &ip, &frac))
        return a;                   /* too large to have a fraction */
    ip += round_up_mag(ip, frac, v.sign, rm);
    if (frac != 0 && exact)
        *fpscr |= FPSCR_IXC;
    if (ip == 0)
        return fp_zero(f, v.sign);
    fpv_t r = fpv_of_int(v.sign, ip, 0);
    return round_nonzero(f, &r, ctl, FPR_ZERO, fpscr);   /* exact */
}

uint32_t fp_soft_to_fixed(enum fp_fmt f, uint64_t a, unsigned fbits, bool is_unsigned,
                          unsigned bits, enum fp_rounding rm, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    fpv_t v = unpack(f, a, ctl, fpscr);
    int64_t max = is_unsigned ? (int64_t)((1ull << bits) - 1u) : (int64_t)((1ull << (bits - 1)) - 1u);
    int64_t min = is_unsigned ? 0 : -max - 1;
    int64_t result;
    uint64_t ip = 0, frac = 0;
    if (is_nan(&v)) {
        *fpscr |= FPSCR_IOC;        /* NaN converts to 0 */
        return 0;
    }
    if (v.type == FPT_INF || (v.type == FPT_NONZERO && !split_int_frac(&v, (int)fbits, &ip, &frac))) {
        result = v.sign ? min - 1 : max + 1;   /* certainly out of range */
    } else {
        if (v.type == FPT_NONZERO)
            ip += round_up_mag(ip, frac, v.sign, rm);
        result = v.sign ? -(int64_t)ip : (int64_t)ip;
    }
    if (result > max || result < min) {
        *fpscr |= FPSCR_IOC;
        result = result > max ? max : min;
    } else if (frac != 0) {
        *fpscr |= FPSCR_IXC;
    }
    return (uint32_t)result;
}

uint64_t fp_soft_from_fixed(enum fp_fmt f, uint32_t v, unsigned fbits, bool is_unsigned,
                            unsigned bits, enum fp_rounding rm, uint32_t *fpscr)
{
    uint32_t ctl = arith_ctl(*fpscr);
    int64_t x;
    if (bits == 16)
        x = is_unsigned ? (int64_t)(v & 0xFFFFu) : (int64_t)(int16_t)(uint16_t)v;
    else
        x = is_unsigned ? (int64_t)v : (int64_t)(int32_t)v;
    if (x == 0)
        return fp_zero(f, 0);
    fpv_t r = fpv_of_int(x < 0, x < 0 ? (uint64_t)-x : (uint64_t)x, (int)fbits);
    return round_nonzero(f, &r, ctl, rm, fpscr);
}

/* FPConvertNaN: keep the sign and the top of the payload, make it quiet. */
static uint64_t convert_nan(enum fp_fmt to, enum fp_fmt from, uint64_t a)
{
    unsigned sign = (unsigned)(a >> (FMT[from].n - 1)) & 1u;
    /* payload below the quiet bit, left-aligned in 63 bits */
    uint64_t payload = (a & (frac_mask(from) >> 1)) << (63 - (FMT[from].f - 1));
    uint64_t frac = payload >> (63 - (FMT[to].f - 1));
    return fp_zero(to, sign) | (uint64_t)exp_ones(to) << FMT[to].f | 1ull << (FMT[to].f - 1) | frac;
}

uint64_t fp_soft_convert(enum fp_fmt to, enum fp_fmt from, uint64_t a, uint32_t *fpscr)
{
    uint32_t ctl = cv_ctl(*fpscr);
    fpv_t v = unpack(from, a, ctl, fpscr);
    bool ahp_out = alt_hp(to, ctl);
    if (is_nan(&v)) {
        if (v.type == FPT_SNAN || ahp_out)
            *fpscr |= FPSCR_IOC;
        if (ahp_out)
            return fp_zero(to, v.sign);
        return (ctl & FPSCR_DN) ? fp_default_nan(to) : convert_nan(to, from, a);
    }
    if (v.type == FPT_INF) {
        if (!ahp_out)
            return fp_inf(to, v.sign);
        *fpscr |= FPSCR_IOC;
        return fp_zero(to, v.sign) | 0x7FFFu;
    }
    if (v.type == FPT_ZERO)
        return fp_zero(to, v.sign);
    return round_nonzero(to, &v, ctl, fp_rounding_mode(ctl), fpscr);
}

uint64_t fp_expand_imm(enum fp_fmt f, uint32_t imm8)
{
    const fmt_info_t *fi = &FMT[f];
    uint64_t b6 = (imm8 >> 6) & 1u;
    uint64_t exp = (b6 ^ 1u) << (fi->e - 1) | (b6 ? ((1ull << (fi->e - 3)) - 1u) << 2 : 0) |
                   ((imm8 >> 4) & 3u);
    return fp_zero(f, (imm8 >> 7) & 1u) | exp << fi->f | (uint64_t)(imm8 & 0xFu) << (fi->f - 4);
}

/* ------------------------------------------------------------------ */
/* 4. Fast paths and the public entry points                           */

#if FLT_EVAL_METHOD == 0 && FLT_RADIX == 2 && DBL_MANT_DIG == 53 && FLT_MANT_DIG == 24
#define FP_HOST_FAST 1
#else
#define FP_HOST_FAST 0
#endif

static inline float f32_of(uint64_t b)
{
    uint32_t u = (uint32_t)b;
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}

static inline uint32_t bits_f32(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static inline double f64_of(uint64_t b)
{
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

static inline uint64_t bits_f64(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static inline bool fast_mode(uint32_t fpscr)
{
    return FP_HOST_FAST && (fpscr & FPSCR_RMODE) == 0;
}

/* Normal or zero (no denormal, infinity or NaN). */
static inline bool f32_plain(uint64_t b)
{
    uint32_t e = (uint32_t)(b >> 23) & 0xFFu;
    return e - 1u < 0xFEu || (b & 0x7FFFFFFFu) == 0;
}

static inline bool f64_plain(uint64_t b)
{
    uint32_t e = (uint32_t)(b >> 52) & 0x7FFu;
    return e - 1u < 0x7FEu || (b << 1) == 0;
}

/* Finite and strictly above the smallest normal in magnitude. */
static inline bool f32_safe(uint32_t b)
{
    return (b & 0x7FFFFFFFu) - 0x00800001u < 0x7EFFFFFFu;
}

static inline bool f64_safe(uint64_t b)
{
    return (b & 0x7FFFFFFFFFFFFFFFull) - 0x0010000000000001ull < 0x7FDFFFFFFFFFFFFFull;
}

/* TwoSum: the exact error of s = x + y (no overflow). */
static inline double two_sum_err(double x, double y, double s)
{
    double bp = s - x;
    double ap = s - bp;
    return (x - ap) + (y - bp);
}

static inline bool f32_finish(double exact_approx, bool inexact, uint64_t *res, uint32_t *fpscr)
{
    float r = (float)exact_approx;
    uint32_t rb = bits_f32(r);
    if (!f32_safe(rb))
        return false;
    if (inexact || (double)r != exact_approx)
        *fpscr |= FPSCR_IXC;
    *res = rb;
    return true;
}

static bool f32_add_fast(uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f32_plain(a) || !f32_plain(b))
        return false;
    double x = f32_of(a), y = f32_of(b), s = x + y;
    if (s == 0) {                       /* exact; IEEE zero signs match Arm's */
        *res = bits_f32((float)s);
        return true;
    }
    return f32_finish(s, two_sum_err(x, y, s) != 0, res, fpscr);
}

static bool f32_mul_fast(uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f32_plain(a) || !f32_plain(b))
        return false;
    double p = (double)f32_of(a) * f32_of(b);   /* exact */
    if (p == 0) {
        *res = bits_f32((float)p);
        return true;
    }
    return f32_finish(p, false, res, fpscr);
}

static bool f32_div_fast(uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f32_plain(a) || !f32_plain(b) || (b & 0x7FFFFFFFu) == 0)
        return false;
    double x = f32_of(a), y = f32_of(b), q = x / y;
    if (x == 0) {
        *res = bits_f32((float)q);
        return true;
    }
    float r = (float)q;
    uint32_t rb = bits_f32(r);
    if (!f32_safe(rb))
        return false;
    if ((double)r * y != x)             /* r * y is exact in double */
        *fpscr |= FPSCR_IXC;
    *res = rb;
    return true;
}

static bool f32_sqrt_fast(uint64_t a, uint64_t *res, uint32_t *fpscr)
{
    if (!f32_plain(a) || ((a & 0x80000000u) && (a & 0x7FFFFFFFu)))
        return false;
    double x = f32_of(a);
    if (x == 0) {
        *res = a;
        return true;
    }
    float r = (float)sqrt(x);
    if ((double)r * r != x)
        *fpscr |= FPSCR_IXC;
    *res = bits_f32(r);
    return true;
}

/* c + a*b: the product is exact in double, the sum is rounded to odd in
 * double (TwoSum tells which way it was rounded) and then to float. */
static bool f32_muladd_fast(uint64_t c, uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f32_plain(a) || !f32_plain(b) || !f32_plain(c))
        return false;
    double p = (double)f32_of(a) * f32_of(b), z = f32_of(c), s = p + z;
    double err = two_sum_err(p, z, s);
    if (err == 0) {
        if (s == 0) {
            *res = bits_f32((float)s);
            return true;
        }
        return f32_finish(s, false, res, fpscr);
    }
    uint64_t sb = bits_f64(s);
    if (!(sb & 1u))
        sb = (err > 0) == (s > 0) ? sb + 1u : sb - 1u;
    return f32_finish(f64_of(sb), true, res, fpscr);
}

/* Half precision on host doubles.  Every F16 value is exact in a
 * double; sums and products of two of them are exact too (a product has
 * 22 significant bits; a sum spans at most 11 + 29 bits), so one rounding
 * to F16 (below) is the whole error.  The fused multiply-add rounds to odd
 * in double first, as the F32 one does (53 >= 11 + 2). */
static inline bool f16_plain(uint64_t b)
{
    uint32_t e = (uint32_t)(b >> 10) & 0x1Fu;
    return e - 1u < 0x1Eu || (b & 0x7FFFu) == 0;
}

/* A plain (normal or zero) F16 value as a double. */
static inline double f16_to_double(uint64_t b)
{
    uint64_t sign = (b & 0x8000u) << 48, e = (b >> 10) & 0x1Fu;
    if ((b & 0x7FFFu) == 0)
        return f64_of(sign);
    return f64_of(sign | (e - 15u + 1023u) << 52 | (b & 0x3FFu) << 42);
}

/* Round a nonzero double to F16 (to nearest even); false unless the result
 * is normal and above the smallest normal (see f32_safe). */
static bool f16_finish(double x, bool inexact, uint64_t *res, uint32_t *fpscr)
{
    uint64_t d = bits_f64(x);
    int e = (int)((d >> 52) & 0x7FFu) - 1023;
    if (e < -14 || e > 15)
        return false;
    uint64_t mant = (d & 0x000FFFFFFFFFFFFFull) | 1ull << 52;
    uint64_t rem = mant & ((1ull << 42) - 1u), half = 1ull << 41;
    uint64_t m = mant >> 42;
    if (rem > half || (rem == half && (m & 1u)))
        m++;
    if (m == 0x800u) {          /* carried into the exponent */
        m = 0x400u;
        e++;
    }
    uint64_t r = (uint64_t)(e + 15) << 10 | (m & 0x3FFu);
    if (e > 15 || r <= 0x0400u)
        return false;
    if (inexact || rem != 0)
        *fpscr |= FPSCR_IXC;
    *res = r | ((d >> 48) & 0x8000u);
    return true;
}

static inline uint64_t f16_zero_of(double x)
{
    return (bits_f64(x) >> 48) & 0x8000u;
}

static bool f16_add_fast(uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f16_plain(a) || !f16_plain(b))
        return false;
    double s = f16_to_double(a) + f16_to_double(b);   /* exact */
    if (s == 0) {
        *res = f16_zero_of(s);
        return true;
    }
    return f16_finish(s, false, res, fpscr);
}

static bool f16_mul_fast(uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f16_plain(a) || !f16_plain(b))
        return false;
    double p = f16_to_double(a) * f16_to_double(b);   /* exact */
    if (p == 0) {
        *res = f16_zero_of(p);
        return true;
    }
    return f16_finish(p, false, res, fpscr);
}

static bool f16_muladd_fast(uint64_t c, uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f16_plain(a) || !f16_plain(b) || !f16_plain(c))
        return false;
    double p = f16_to_double(a) * f16_to_double(b), z = f16_to_double(c), s = p + z;
    double err = two_sum_err(p, z, s);
    if (err == 0) {
        if (s == 0) {
            *res = f16_zero_of(s);
            return true;
        }
        return f16_finish(s, false, res, fpscr);
    }
    uint64_t sb = bits_f64(s);
    if (!(sb & 1u))
        sb = (err > 0) == (s > 0) ? sb + 1u : sb - 1u;
    return f16_finish(f64_of(sb), true, res, fpscr);
}

static bool f64_add_fast(uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f64_plain(a) || !f64_plain(b))
        return false;
    double x = f64_of(a), y = f64_of(b), s = x + y;
    uint64_t sb = bits_f64(s);
    if (s != 0 && !f64_safe(sb))
        return false;
    if (s != 0 && two_sum_err(x, y, s) != 0)
        *fpscr |= FPSCR_IXC;
    *res = sb;
    return true;
}

/* Below this the residuals of fma() could themselves underflow. */
#define F64_RESIDUAL_MIN 0x1p-968

static bool f64_mul_fast(uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f64_plain(a) || !f64_plain(b))
        return false;
    double x = f64_of(a), y = f64_of(b), p = x * y;
    if (x == 0 || y == 0) {
        *res = bits_f64(p);
        return true;
    }
    if (!f64_safe(bits_f64(p)) || fabs(p) < F64_RESIDUAL_MIN)
        return false;
    if (fma(x, y, -p) != 0)
        *fpscr |= FPSCR_IXC;
    *res = bits_f64(p);
    return true;
}

static bool f64_div_fast(uint64_t a, uint64_t b, uint64_t *res, uint32_t *fpscr)
{
    if (!f64_plain(a) || !f64_plain(b) || (b << 1) == 0)
        return false;
    double x = f64_of(a), y = f64_of(b), q = x / y;
    if (x == 0) {
        *res = bits_f64(q);
        return true;
    }
    if (!f64_safe(bits_f64(q)) || fabs(x) < F64_RESIDUAL_MIN)
        return false;
    if (fma(-q, y, x) != 0)
        *fpscr |= FPSCR_IXC;
    *res = bits_f64(q);
    return true;
}

static bool f64_sqrt_fast(uint64_t a, uint64_t *res, uint32_t *fpscr)
{
    if (!f64_plain(a) || ((a >> 63) && (a << 1)))
        return false;
    double x = f64_of(a);
    if (x == 0) {
        *res = a;
        return true;
    }
    if (x < F64_RESIDUAL_MIN)
        return false;
    double r = sqrt(x);
    if (fma(-r, r, x) != 0)
        *fpscr |= FPSCR_IXC;
    *res = bits_f64(r);
    return true;
}

uint64_t fp_add(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    uint64_t r;
    if (fast_mode(*fpscr)) {
        if (f == FP_F32 && f32_add_fast(a, b, &r, fpscr))
            return r;
        if (f == FP_F64 && f64_add_fast(a, b, &r, fpscr))
            return r;
        if (f == FP_F16 && f16_add_fast(a, b, &r, fpscr))
            return r;
    }
    return soft_addsub(f, a, b, false, fpscr);
}

uint64_t fp_sub(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    uint64_t r;
    /* The fast paths see no NaNs, so a - b is exactly a + (-b) there. */
    if (fast_mode(*fpscr)) {
        if (f == FP_F32 && f32_add_fast(a, b ^ 0x80000000u, &r, fpscr))
            return r;
        if (f == FP_F64 && f64_add_fast(a, b ^ (1ull << 63), &r, fpscr))
            return r;
        if (f == FP_F16 && f16_add_fast(a, b ^ 0x8000u, &r, fpscr))
            return r;
    }
    return soft_addsub(f, a, b, true, fpscr);
}

uint64_t fp_mul(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    uint64_t r;
    if (fast_mode(*fpscr)) {
        if (f == FP_F32 && f32_mul_fast(a, b, &r, fpscr))
            return r;
        if (f == FP_F64 && f64_mul_fast(a, b, &r, fpscr))
            return r;
        if (f == FP_F16 && f16_mul_fast(a, b, &r, fpscr))
            return r;
    }
    return fp_soft_mul(f, a, b, fpscr);
}

uint64_t fp_div(enum fp_fmt f, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    uint64_t r;
    if (fast_mode(*fpscr)) {
        if (f == FP_F32 && f32_div_fast(a, b, &r, fpscr))
            return r;
        if (f == FP_F64 && f64_div_fast(a, b, &r, fpscr))
            return r;
    }
    return fp_soft_div(f, a, b, fpscr);
}

uint64_t fp_sqrt(enum fp_fmt f, uint64_t a, uint32_t *fpscr)
{
    uint64_t r;
    if (fast_mode(*fpscr)) {
        if (f == FP_F32 && f32_sqrt_fast(a, &r, fpscr))
            return r;
        if (f == FP_F64 && f64_sqrt_fast(a, &r, fpscr))
            return r;
    }
    return fp_soft_sqrt(f, a, fpscr);
}

uint64_t fp_muladd(enum fp_fmt f, uint64_t addend, uint64_t a, uint64_t b, uint32_t *fpscr)
{
    uint64_t r;
    if (f == FP_F32 && fast_mode(*fpscr) && f32_muladd_fast(addend, a, b, &r, fpscr))
        return r;
    if (f == FP_F16 && fast_mode(*fpscr) && f16_muladd_fast(addend, a, b, &r, fpscr))
        return r;
    return fp_soft_muladd(f, addend, a, b, fpscr);
}

static inline bool f32_is_nan(uint64_t b) { return (b & 0x7FFFFFFFu) > 0x7F800000u; }
static inline bool f64_is_nan(uint64_t b) { return (b << 1) > 0xFFE0000000000000ull; }
static inline bool f32_denormal(uint64_t b) { return (b & 0x7F800000u) == 0 && (b & 0x007FFFFFu) != 0; }
static inline bool f64_denormal(uint64_t b)
{
    return (b & 0x7FF0000000000000ull) == 0 && (b & 0x000FFFFFFFFFFFFFull) != 0;
}

uint32_t fp_compare(enum fp_fmt f, uint64_t a, uint64_t b, bool signal_nans, uint32_t *fpscr)
{
    /* Host comparisons are exact; NaNs and flushed denormals need flags. */
    bool fz = (*fpscr & FPSCR_FZ) != 0;
    double x, y;
    if (f == FP_F32 && !f32_is_nan(a) && !f32_is_nan(b) && !(fz && (f32_denormal(a) || f32_denormal(b)))) {
        x = f32_of(a);
        y = f32_of(b);
    } else if (f == FP_F64 && !f64_is_nan(a) && !f64_is_nan(b) &&
               !(fz && (f64_denormal(a) || f64_denormal(b)))) {
        x = f64_of(a);
        y = f64_of(b);
    } else {
        return fp_soft_compare(f, a, b, signal_nans, fpscr);
    }
    return x == y ? FPSCR_Z | FPSCR_C : x < y ? FPSCR_N : FPSCR_C;
}

uint64_t fp_convert(enum fp_fmt to, enum fp_fmt from, uint64_t a, uint32_t *fpscr)
{
    if (fast_mode(*fpscr)) {
        if (from == FP_F32 && to == FP_F64 && f32_plain(a))
            return bits_f64((double)f32_of(a));
        if (from == FP_F64 && to == FP_F32 && f64_plain(a)) {
            double x = f64_of(a);
            uint64_t r;
            if (x == 0)
                return bits_f32((float)x);
            if (f32_finish(x, false, &r, fpscr))
                return r;
        }
    }
    return fp_soft_convert(to, from, a, fpscr);
}

uint32_t fp_to_fixed(enum fp_fmt f, uint64_t a, unsigned fbits, bool is_unsigned,
                     unsigned bits, enum fp_rounding rm, uint32_t *fpscr)
{
    /* The C cast truncates: the round-towards-zero VCVT of plain values
     * inside the range. */
    if (FP_HOST_FAST && rm == FPR_ZERO && fbits == 0 && bits == 32 &&
        ((f == FP_F32 && f32_plain(a)) || (f == FP_F64 && f64_plain(a)))) {
        double x = f == FP_F32 ? (double)f32_of(a) : f64_of(a);
        if (is_unsigned && x > -1.0 && x < 4294967296.0) {
            uint32_t r = x > 0 ? (uint32_t)x : 0;
            if ((double)r != x)
                *fpscr |= FPSCR_IXC;
            return r;
        }
        if (!is_unsigned && x > -2147483649.0 && x < 2147483648.0) {
            int32_t r = (int32_t)x;
            if ((double)r != x)
                *fpscr |= FPSCR_IXC;
            return (uint32_t)r;
        }
    }
    return fp_soft_to_fixed(f, a, fbits, is_unsigned, bits, rm, fpscr);
}

uint64_t fp_from_fixed(enum fp_fmt f, uint32_t v, unsigned fbits, bool is_unsigned,
                       unsigned bits, enum fp_rounding rm, uint32_t *fpscr)
{
    if (FP_HOST_FAST && rm == FPR_TIEEVEN && fbits == 0 && bits == 32 && f != FP_F16) {
        double x = is_unsigned ? (double)v : (double)(int32_t)v;   /* exact */
        if (f == FP_F64)
            return bits_f64(x);
        float r = (float)x;
        if ((double)r != x)
            *fpscr |= FPSCR_IXC;
        return bits_f32(r);
    }
    return fp_soft_from_fixed(f, v, fbits, is_unsigned, bits, rm, fpscr);
}

/* Helium element-wise arithmetic on a whole 16-byte vector (see fp_ops.h). */
static inline uint64_t vec_lane(const uint8_t *v, unsigned i, unsigned es)
{
    if (es == 2)
        return (uint64_t)v[2 * i] | (uint64_t)v[2 * i + 1] << 8;
    uint32_t x;
    memcpy(&x, v + 4 * i, 4);
    return x;
}

static inline bool vec_fast_lane(enum fp_fmt f, enum fp_vop op, uint64_t d, uint64_t n, uint64_t m,
                                 uint64_t *r, uint32_t *flags)
{
    uint64_t sign = f == FP_F16 ? 0x8000u : 0x80000000u;
    switch (op) {
    case FP_VSUB:
        m ^= sign;
        /* fall through */
    case FP_VADD:
        return f == FP_F16 ? f16_add_fast(n, m, r, flags) : f32_add_fast(n, m, r, flags);
    case FP_VMUL:
        return f == FP_F16 ? f16_mul_fast(n, m, r, flags) : f32_mul_fast(n, m, r, flags);
    case FP_VFMS:
        n ^= sign;
        /* fall through */
    case FP_VFMA:
        return f == FP_F16 ? f16_muladd_fast(d, n, m, r, flags) : f32_muladd_fast(d, n, m, r, flags);
    default:   /* FP_VFMAS: m + n*d */
        return f == FP_F16 ? f16_muladd_fast(m, n, d, r, flags) : f32_muladd_fast(m, n, d, r, flags);
    }
}

/* F32 add, subtract or multiply of four lanes, without branches per lane:
 * a sum of two normal floats whose exponents differ by at most 28 needs
 * at most 24 + 28 + 1 bits, so it is exact in double (a product of two
 * always is), and the one conversion to float rounds it correctly; the
 * rest (a zero operand with a distant exponent too) is left to the lane
 * by lane path. */
static inline bool f32x4_fast(enum fp_vop op, const uint8_t *n, const uint8_t *m, uint8_t *out, uint32_t *fpscr)
{
    uint32_t a[4], b[4], r[4], bad = 0, inexact = 0;
    memcpy(a, n, 16);
    memcpy(b, m, 16);
    for (int i = 0; i < 4; i++) {
        if (op == FP_VSUB)
            b[i] ^= 0x80000000u;
        double x = f32_of(a[i]), y = f32_of(b[i]), s;
        bad |= !f32_plain(a[i]) | !f32_plain(b[i]);
        if (op == FP_VMUL) {
            s = x * y;
        } else {
            uint32_t ea = (a[i] >> 23) & 0xFFu, eb = (b[i] >> 23) & 0xFFu;
            bad |= (ea != 0) & (eb != 0) & ((ea > eb ? ea - eb : eb - ea) > 28u);   /* e 0: a zero */
            s = x + y;
        }
        float rf = (float)s;
        r[i] = bits_f32(rf);
        bad |= (s != 0) & !f32_safe(r[i]);
        inexact |= (double)rf != s;
    }
    if (bad)
        return false;
    memcpy(out, r, 16);
    if (inexact)
        *fpscr |= FPSCR_IXC;
    return true;
}

/* F32 fused multiply-add of four lanes, c + a*b: as f32_muladd_fast (the
 * exact product, the sum rounded to odd in double, then to float). */
static inline bool f32x4_muladd_fast(const uint32_t *c, const uint32_t *a, const uint32_t *b, uint8_t *out,
                              uint32_t *fpscr)
{
    uint32_t r[4], bad = 0, inexact = 0;
    for (int i = 0; i < 4; i++) {
        bad |= !f32_plain(a[i]) | !f32_plain(b[i]) | !f32_plain(c[i]);
        double p = (double)f32_of(a[i]) * f32_of(b[i]), z = f32_of(c[i]), s = p + z;
        double err = two_sum_err(p, z, s);
        uint64_t sb = bits_f64(s);
        if (err != 0 && !(sb & 1u))
            sb = (err > 0) == (s > 0) ? sb + 1u : sb - 1u;
        double odd = f64_of(sb);
        float rf = (float)odd;
        r[i] = bits_f32(rf);
        bad |= (s != 0) & !f32_safe(r[i]);
        inexact |= (err != 0) | ((double)rf != odd);
    }
    if (bad)
        return false;
    memcpy(out, r, 16);
    if (inexact)
        *fpscr |= FPSCR_IXC;
    return true;
}

/* The three operands of a fused form as addend, a, b. */
static inline bool f32x4_fma_op(enum fp_vop op, const uint8_t *d, const uint8_t *n, const uint8_t *m, uint8_t *out,
                         uint32_t *fpscr)
{
    uint32_t dd[4], nn[4], mm[4];
    memcpy(dd, d, 16);
    memcpy(nn, n, 16);
    memcpy(mm, m, 16);
    if (op == FP_VFMS)
        for (int i = 0; i < 4; i++)
            nn[i] ^= 0x80000000u;
    if (op == FP_VFMAS)
        return f32x4_muladd_fast(mm, nn, dd, out, fpscr);
    return f32x4_muladd_fast(dd, nn, mm, out, fpscr);
}

bool fp_vec_fast(enum fp_fmt f, enum fp_vop op, const uint8_t *d, const uint8_t *n, const uint8_t *m,
                 uint8_t *out, uint32_t *fpscr)
{
    if (!fast_mode(*fpscr) || f == FP_F64)
        return false;
    if (f == FP_F32)
        return op <= FP_VMUL ? f32x4_fast(op, n, m, out, fpscr) : f32x4_fma_op(op, d, n, m, out, fpscr);
    unsigned es = f == FP_F16 ? 2u : 4u, lanes = 16u / es;
    uint32_t flags = 0;
    uint64_t r[8];
    for (unsigned i = 0; i < lanes; i++)
        if (!vec_fast_lane(f, op, vec_lane(d, i, es), vec_lane(n, i, es), vec_lane(m, i, es), &r[i], &flags))
            return false;
    for (unsigned i = 0; i < lanes; i++) {
        if (es == 2) {
            out[2 * i] = (uint8_t)r[i];
            out[2 * i + 1] = (uint8_t)(r[i] >> 8);
        } else {
            uint32_t x = (uint32_t)r[i];
            memcpy(out + 4 * i, &x, 4);
        }
    }
    *fpscr |= flags;
    return true;
}
