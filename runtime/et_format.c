#include "et_format.h"

#include <stdint.h>
#include <string.h>

/* The text so far: bytes past size - 1 are counted, not stored. */
typedef struct sink {
    char *buf;
    size_t size;
    size_t len;
} sink;

typedef struct spec {
    int zero;
    int width;
    int prec; /* -1: none given */
} spec;

static void put(sink *o, char c)
{
    if (o->len + 1 < o->size)
        o->buf[o->len] = c;
    o->len++;
}

static void put_n(sink *o, char c, int n)
{
    for (; n > 0; n--)
        put(o, c);
}

static void put_s(sink *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put(o, s[i]);
}

/* One field: '-' when negative, zeros (a precision's), body, padded on
 * the left to the width with spaces, or with zeros after the '-' when
 * zero_pad. */
static void field(sink *o, const spec *sp, int negative, int zeros, const char *body, size_t body_len, int zero_pad)
{
    int total = negative + (int)body_len + zeros;
    int pad = sp->width > total ? sp->width - total : 0;
    if (!zero_pad)
        put_n(o, ' ', pad);
    put_n(o, '-', negative);
    if (zero_pad)
        put_n(o, '0', pad);
    put_n(o, '0', zeros);
    put_s(o, body, body_len);
}

/* %d %u %x: the digits (hex for x, lowercase), the precision's zeros,
 * and '-' before them. */
static void format_int(sink *o, const spec *sp, uint64_t mag, int negative, char conv)
{
    char buf[24];
    char *end = buf + sizeof buf;
    unsigned base = conv == 'x' ? 16 : 10;
    char *p = end;
    uint64_t v = mag;
    do {
        *--p = "0123456789abcdef"[v % base];
        v /= base;
    } while (v != 0);
    size_t n = (size_t)(end - p);
    if (sp->prec == 0 && mag == 0)
        n = 0; /* "%.0d" of 0 prints nothing */
    int zeros = sp->prec > (int)n ? sp->prec - (int)n : 0;
    field(o, sp, negative, zeros, p, n, sp->zero && sp->prec < 0);
}

/* ---- %f, exactly ---------------------------------------------------------- */

#define FLOAT_MAX_PREC 17
/* m * 10^17 * 2^971 < 2^1081 (a double's largest), and a limb of carry */
#define BIG_LIMBS 36

/* n = n * mul + add (n has *len 32-bit limbs, least significant first). */
static void big_mul_add(uint32_t *n, int *len, uint32_t mul, uint32_t add)
{
    uint64_t carry = add;
    for (int i = 0; i < *len; i++) {
        uint64_t cur = (uint64_t)n[i] * mul + carry;
        n[i] = (uint32_t)cur;
        carry = cur >> 32;
    }
    if (carry)
        n[(*len)++] = (uint32_t)carry;
}

/* n /= d; returns the remainder. */
static uint32_t big_div(uint32_t *n, int *len, uint32_t d)
{
    uint64_t rem = 0;
    for (int i = *len - 1; i >= 0; i--) {
        uint64_t cur = (rem << 32) | n[i];
        n[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    while (*len > 0 && n[*len - 1] == 0)
        (*len)--;
    return (uint32_t)rem;
}

/* v = m * 2^e printed with `digits` decimals: N = m * 10^digits * 2^e as
 * a big integer, rounded half to even when e < 0 (glibc's and newlib's
 * rounding of the binary value), then its decimal digits with the point
 * `digits` from the end.  One path for every magnitude; it runs only when
 * a value is printed. */
__attribute__((noinline)) static void format_double(sink *o, int prec, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int negative = (int)(bits >> 63);
    int exponent = (int)((bits >> 52) & 0x7ff);
    uint64_t m = bits & ((UINT64_C(1) << 52) - 1);
    if (exponent == 0x7ff) {
        put_n(o, '-', negative);
        put_s(o, m ? "nan" : "inf", 3);
        return;
    }
    int e = exponent ? exponent - 1075 : -1074;
    if (exponent)
        m |= UINT64_C(1) << 52;
    int digits = prec > FLOAT_MAX_PREC ? FLOAT_MAX_PREC : prec;

    uint32_t n[BIG_LIMBS] = {(uint32_t)m, (uint32_t)(m >> 32)};
    int len = 2;
    for (int k = 0; k < digits; k++)
        big_mul_add(n, &len, 10, 0);
    /* times 2^e, or divided by 2^-e, 31 bits at a time; the bits shifted
     * out go lowest first, so the last chunk holds the half bit */
    uint32_t half = 0, below = 0;
    while (e != 0) {
        int k = e > 0 ? e : -e;
        k = k < 31 ? k : 31;
        if (e > 0) {
            big_mul_add(n, &len, UINT32_C(1) << k, 0);
            e -= k;
        } else {
            below |= half;
            uint32_t rem = big_div(n, &len, UINT32_C(1) << k);
            half = rem >> (k - 1);
            below |= rem & ((UINT32_C(1) << (k - 1)) - 1);
            e += k;
        }
    }
    if (half && (below || (len > 0 && (n[0] & 1))))
        big_mul_add(n, &len, 1, 1);

    char buf[340];
    char *end = buf + sizeof buf;
    char *p = end;
    while (len > 0) {
        uint32_t group = big_div(n, &len, 1000000000u);
        for (int k = 0; k < 9; k++, group /= 10)
            *--p = (char)('0' + group % 10);
    }
    while (p > end - digits - 1)
        *--p = '0';
    while (*p == '0' && p < end - digits - 1)
        p++;
    /* no width or flags (nothing here prints one); a precision above 17
     * digits: the rest zero-filled */
    put_n(o, '-', negative);
    put_s(o, p, (size_t)(end - digits - p));
    put_n(o, '.', digits > 0);
    put_s(o, end - digits, (size_t)digits);
    put_n(o, '0', prec - digits);
}

/* ---- the format string ---------------------------------------------------- */

static int read_number(const char **f)
{
    int n = 0;
    while (**f >= '0' && **f <= '9') {
        if (n < 100000)
            n = n * 10 + (**f - '0');
        (*f)++;
    }
    return n;
}

size_t et_vformat(char *buf, size_t size, const char *fmt, va_list ap_in)
{
    sink o = {buf, size, 0};
    va_list ap;
    va_copy(ap, ap_in);
    for (const char *f = fmt; *f; f++) {
        if (*f != '%') {
            put(&o, *f);
            continue;
        }
        const char *start = f++;
        spec sp = {0, 0, -1};
        if (*f == '0')
            sp.zero = 1;
        sp.width = read_number(&f);
        if (*f == '.') {
            f++;
            if (*f == '*') {
                sp.prec = va_arg(ap, int);
                if (sp.prec < 0)
                    sp.prec = -1;
                f++;
            } else {
                sp.prec = read_number(&f);
            }
        }
        char length = 0; /* 'l', 'L' ll, 'z' */
        if (*f == 'l')
            length = *++f == 'l' ? (f++, 'L') : 'l';
        else if (*f == 'z')
            length = *f++;
        char conv = *f;
        switch (conv) {
        case 'd': {
            int64_t v = length == 'L' ? va_arg(ap, long long)
                        : length == 'l' ? va_arg(ap, long)
                        : length == 'z' ? (int64_t)va_arg(ap, ptrdiff_t)
                                        : va_arg(ap, int);
            format_int(&o, &sp, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0, conv);
            break;
        }
        case 'u':
        case 'x': {
            uint64_t v = length == 'L' ? va_arg(ap, unsigned long long)
                         : length == 'l' ? va_arg(ap, unsigned long)
                         : length == 'z' ? va_arg(ap, size_t)
                                         : va_arg(ap, unsigned);
            format_int(&o, &sp, v, 0, conv);
            break;
        }
        case 'f':
            format_double(&o, sp.prec < 0 ? 6 : sp.prec, va_arg(ap, double));
            break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            if (s == NULL)
                s = sp.prec < 0 || sp.prec >= 6 ? "(null)" : "";
            size_t n = 0;
            while ((sp.prec < 0 || n < (size_t)sp.prec) && s[n])
                n++;
            field(&o, &sp, 0, 0, s, n, 0);
            break;
        }
        case '%':
            put(&o, '%');
            break;
        default:
            /* not a conversion we know: the text as it stands */
            put_s(&o, start, (size_t)(f - start) + (conv != '\0'));
            if (conv == '\0')
                f--;
            break;
        }
    }
    va_end(ap);
    if (size > 0)
        buf[o.len < size ? o.len : size - 1] = '\0';
    return o.len;
}

size_t et_format(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t n = et_vformat(buf, size, fmt, ap);
    va_end(ap);
    return n;
}
