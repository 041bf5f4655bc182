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
    char minus, zero, space, plus, alt;
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

/* One field: prefix (sign, 0x), zeros (a precision's), body, padded to the
 * width with spaces, or with zeros after the prefix when zero_pad. */
static void field(sink *o, const spec *sp, const char *prefix, int zeros, const char *body, size_t body_len,
                  int zero_pad)
{
    size_t prefix_len = strlen(prefix);
    int total = (int)(prefix_len + body_len) + zeros;
    int pad = sp->width > total ? sp->width - total : 0;
    if (!sp->minus && !zero_pad)
        put_n(o, ' ', pad);
    put_s(o, prefix, prefix_len);
    if (!sp->minus && zero_pad)
        put_n(o, '0', pad);
    put_n(o, '0', zeros);
    put_s(o, body, body_len);
    if (sp->minus)
        put_n(o, ' ', pad);
}

/* Digits of v in base (8, 10, 16) at the end of buf[24]; returns the start. */
static char *utoa(uint64_t v, unsigned base, int upper, char *end)
{
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char *p = end;
    do {
        *--p = digits[v % base];
        v /= base;
    } while (v != 0);
    return p;
}

static void format_int(sink *o, const spec *sp, uint64_t mag, int negative, char conv)
{
    char buf[24];
    char *end = buf + sizeof buf;
    unsigned base = conv == 'o' ? 8 : (conv == 'x' || conv == 'X' || conv == 'p') ? 16 : 10;
    char *p = utoa(mag, base, conv == 'X', end);
    size_t n = (size_t)(end - p);
    if (sp->prec == 0 && mag == 0)
        n = 0; /* "%.0d" of 0 prints nothing */
    int zeros = sp->prec > (int)n ? sp->prec - (int)n : 0;
    const char *prefix = "";
    if (conv == 'd' || conv == 'i')
        prefix = negative ? "-" : sp->plus ? "+" : sp->space ? " " : "";
    else if (conv == 'p' || (sp->alt && mag != 0 && (conv == 'x' || conv == 'X')))
        prefix = conv == 'X' ? "0X" : "0x";
    else if (sp->alt && conv == 'o' && zeros == 0 && (n == 0 || *p != '0'))
        zeros = 1;
    field(o, sp, prefix, zeros, p, n, sp->zero && !sp->minus && sp->prec < 0);
}

/* ---- %f, exactly ---------------------------------------------------------- */

#define FLOAT_MAX_PREC 17
#define BIG_LIMBS 34 /* 1,088 bits: a double's integer part has at most 1,024 */

/* The decimal digits of m * 2^e (e > 0, the result may have 309 digits),
 * written at the end of *p (moved back to the first digit). */
static void big_to_decimal(uint64_t m, int e, char **p)
{
    uint32_t limb[BIG_LIMBS] = {0};
    int word = e / 32, bit = e % 32;
    uint64_t low = m << bit, high = bit ? m >> (64 - bit) : 0; /* m * 2^bit, 96 bits */
    limb[word] = (uint32_t)low;
    limb[word + 1] = (uint32_t)(low >> 32);
    limb[word + 2] = (uint32_t)high;
    int top = BIG_LIMBS - 1;
    for (;;) {
        while (top > 0 && limb[top] == 0)
            top--;
        if (top == 0 && limb[0] < 1000000000u) {
            char *q = utoa(limb[0], 10, 0, *p);
            *p = q;
            return;
        }
        uint64_t rem = 0; /* divide by 10^9, most significant limb first */
        for (int i = top; i >= 0; i--) {
            uint64_t cur = (rem << 32) | limb[i];
            limb[i] = (uint32_t)(cur / 1000000000u);
            rem = cur % 1000000000u;
        }
        for (int k = 0; k < 9; k++, rem /= 10)
            *--*p = (char)('0' + rem % 10);
    }
}

/* hi:lo = a * b */
static void mul_64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = (mid << 32) | (uint32_t)p00;
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* Bit n of hi:lo, and whether any bit below n is set. */
static int bit_at(uint64_t hi, uint64_t lo, unsigned n)
{
    return n >= 128 ? 0 : n >= 64 ? (int)((hi >> (n - 64)) & 1) : (int)((lo >> n) & 1);
}

static int any_below(uint64_t hi, uint64_t lo, unsigned n)
{
    if (n >= 128)
        return (hi | lo) != 0;
    if (n > 64)
        return lo != 0 || (hi & ((UINT64_C(1) << (n - 64)) - 1)) != 0;
    return n == 64 ? lo != 0 : (lo & ((UINT64_C(1) << n) - 1)) != 0;
}

__attribute__((noinline)) static void format_double(sink *o, const spec *sp, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int negative = (int)(bits >> 63);
    const char *prefix = negative ? "-" : sp->plus ? "+" : sp->space ? " " : "";
    int exponent = (int)((bits >> 52) & 0x7ff);
    uint64_t m = bits & ((UINT64_C(1) << 52) - 1);
    if (exponent == 0x7ff) {
        field(o, sp, prefix, 0, m ? "nan" : "inf", 3, 0);
        return;
    }
    int e = exponent ? exponent - 1075 : -1074;
    if (exponent)
        m |= UINT64_C(1) << 52;
    int prec = sp->prec < 0 ? 6 : sp->prec;
    int digits = prec > FLOAT_MAX_PREC ? FLOAT_MAX_PREC : prec;

    char buf[340];
    char *end = buf + sizeof buf;
    char *p = end;
    if (e >= 0) {
        /* an integer: the fraction is all zeros */
        for (int k = 0; k < digits; k++)
            *--p = '0';
        if (digits > 0 || sp->alt)
            *--p = '.';
        if (e <= 11)
            p = utoa(m << e, 10, 0, p);
        else
            big_to_decimal(m, e, &p);
    } else {
        unsigned s = (unsigned)-e;
        uint64_t whole = s < 64 ? m >> s : 0;
        uint64_t frac = s < 64 ? m & ((UINT64_C(1) << s) - 1) : m;
        uint64_t scale = 1;
        for (int k = 0; k < digits; k++)
            scale *= 10;
        /* frac / 2^s is below 1, so q = frac * 10^digits / 2^s < 10^digits */
        uint64_t hi, lo;
        mul_64(frac, scale, &hi, &lo);
        uint64_t q = s >= 128 ? 0 : s >= 64 ? hi >> (s - 64) : (lo >> s) | (hi << 1 << (63 - s));
        int half = bit_at(hi, lo, s - 1), more = any_below(hi, lo, s - 1);
        int odd = (int)((digits ? q : whole) & 1);
        if (half && (more || odd) && ++q == scale) {
            q = 0;
            whole++;
        }
        for (int k = 0; k < digits; k++, q /= 10)
            *--p = (char)('0' + q % 10);
        if (digits > 0 || sp->alt)
            *--p = '.';
        p = utoa(whole, 10, 0, p);
    }
    /* a precision above 17 digits: the rest zero-filled */
    int tail = prec - digits;
    int total = (int)(strlen(prefix) + (size_t)(end - p)) + tail;
    int pad = sp->width > total ? sp->width - total : 0;
    if (!sp->minus && !sp->zero)
        put_n(o, ' ', pad);
    put_s(o, prefix, strlen(prefix));
    if (!sp->minus && sp->zero)
        put_n(o, '0', pad);
    put_s(o, p, (size_t)(end - p));
    put_n(o, '0', tail);
    if (sp->minus)
        put_n(o, ' ', pad);
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
        spec sp = {0, 0, 0, 0, 0, 0, -1};
        for (;; f++) {
            if (*f == '-') sp.minus = 1;
            else if (*f == '0') sp.zero = 1;
            else if (*f == ' ') sp.space = 1;
            else if (*f == '+') sp.plus = 1;
            else if (*f == '#') sp.alt = 1;
            else break;
        }
        if (*f == '*') {
            sp.width = va_arg(ap, int);
            if (sp.width < 0) {
                sp.minus = 1;
                sp.width = -sp.width;
            }
            f++;
        } else {
            sp.width = read_number(&f);
        }
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
        char length = 0; /* 'H' hh, 'h', 'l', 'L' ll, 'z', 'j', 't' */
        if (*f == 'h')
            length = *++f == 'h' ? (f++, 'H') : 'h';
        else if (*f == 'l')
            length = *++f == 'l' ? (f++, 'L') : 'l';
        else if (*f == 'z' || *f == 'j' || *f == 't')
            length = *f++;
        char conv = *f;
        switch (conv) {
        case 'd':
        case 'i': {
            int64_t v;
            switch (length) {
            case 'l': v = va_arg(ap, long); break;
            case 'L': v = va_arg(ap, long long); break;
            case 'j': v = va_arg(ap, intmax_t); break;
            case 'z':
            case 't': v = va_arg(ap, ptrdiff_t); break;
            case 'H': v = (signed char)va_arg(ap, int); break;
            case 'h': v = (short)va_arg(ap, int); break;
            default: v = va_arg(ap, int); break;
            }
            format_int(&o, &sp, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0, conv);
            break;
        }
        case 'u':
        case 'x':
        case 'X':
        case 'o': {
            uint64_t v;
            switch (length) {
            case 'l': v = va_arg(ap, unsigned long); break;
            case 'L': v = va_arg(ap, unsigned long long); break;
            case 'j': v = va_arg(ap, uintmax_t); break;
            case 'z':
            case 't': v = va_arg(ap, size_t); break;
            case 'H': v = (unsigned char)va_arg(ap, unsigned); break;
            case 'h': v = (unsigned short)va_arg(ap, unsigned); break;
            default: v = va_arg(ap, unsigned); break;
            }
            format_int(&o, &sp, v, 0, conv);
            break;
        }
        case 'p': {
            const void *ptr = va_arg(ap, const void *);
            spec ps = sp;
            ps.zero = 0;
            ps.prec = -1;
            if (ptr == NULL)
                field(&o, &ps, "", 0, "(nil)", 5, 0);
            else
                format_int(&o, &ps, (uint64_t)(uintptr_t)ptr, 0, 'p');
            break;
        }
        case 'f':
        case 'F':
            format_double(&o, &sp, va_arg(ap, double));
            break;
        case 'c': {
            char c = (char)va_arg(ap, int);
            field(&o, &sp, "", 0, &c, 1, 0);
            break;
        }
        case 's': {
            const char *s = va_arg(ap, const char *);
            if (s == NULL)
                s = sp.prec < 0 || sp.prec >= 6 ? "(null)" : "";
            size_t n = 0;
            while ((sp.prec < 0 || n < (size_t)sp.prec) && s[n])
                n++;
            field(&o, &sp, "", 0, s, n, 0);
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
