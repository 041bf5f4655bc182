/* The HLD assembler: two passes over the source (the first finds the
 * labels, the second encodes), every operation matched against the syntax
 * of its table rows, bundles checked by the decoder's own rules. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dsp_asm.h"
#include "dsp_internal.h"

bool dsp_pack_slots(const dsp_op_desc_t *const *ops, unsigned n, unsigned *slot);

#define MAX_LINE 512
#define SECTION_MAX (1u << 20)

typedef struct asm_state {
    const char *name;
    unsigned line;
    bool final;                /* second pass: symbols must resolve */
    char *err;
    size_t errlen;
    bool failed;
    dsp_section_t *sec;        /* current section */
    uint32_t loc[2];           /* location counter per section */
    int cur;                   /* 0 text, 1 data */
    dsp_program_t *p;
    uint32_t cap[2];
    bool have_entry;
    char entry_sym[48];
    bool quiet;                /* trying a row: errors are a mismatch, without file:line */
    bool sizing;               /* evaluating a size (.space, .align): no forward references */
} asm_state_t;

static bool fail(asm_state_t *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(asm_state_t *a, const char *fmt, ...)
{
    if (a->failed)
        return false;
    a->failed = true;
    int n = a->quiet ? 0 : snprintf(a->err, a->errlen, "%s:%u: ", a->name, a->line);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < a->errlen)
        vsnprintf(a->err + n, a->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

static const char *skip_ws(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static bool is_ident_start(int c) { return isalpha(c) || c == '_' || c == '.'; }
static bool is_ident(int c) { return isalnum(c) || c == '_' || c == '.'; }

/* ---- symbols ---- */

static dsp_symbol_t *find_symbol(const dsp_program_t *p, const char *name, size_t len)
{
    for (unsigned i = 0; i < p->nsyms; i++)
        if (strlen(p->syms[i].name) == len && strncmp(p->syms[i].name, name, len) == 0)
            return &p->syms[i];
    return NULL;
}

static bool define_symbol(asm_state_t *a, const char *name, size_t len, uint32_t value)
{
    if (len >= sizeof a->p->syms[0].name)
        return fail(a, "symbol name too long");
    dsp_symbol_t *s = find_symbol(a->p, name, len);
    if (s) {
        if (!a->final)
            return fail(a, "symbol '%.*s' defined twice", (int)len, name);
        s->value = value;
        return true;
    }
    dsp_symbol_t *n = realloc(a->p->syms, (a->p->nsyms + 1) * sizeof *n);
    if (!n)
        return fail(a, "out of memory");
    a->p->syms = n;
    s = &n[a->p->nsyms++];
    memcpy(s->name, name, len);
    s->name[len] = 0;
    s->value = value;
    return true;
}

/* expr := ['-'] term (('+'|'-') term)* ; term := number | symbol.
 * Parses s[0..len). */
static bool eval(asm_state_t *a, const char *s, size_t len, int64_t *out)
{
    const char *e = s + len;
    uint64_t total = 0;   /* wraps: no overflow whatever the input */
    int sign = 1;
    bool want_term = true;
    while (s < e) {
        s = skip_ws(s);
        if (s >= e)
            break;
        if (want_term) {
            if (*s == '-' || *s == '+') {
                sign = *s == '-' ? -sign : sign;
                s++;
                continue;
            }
            int64_t v;
            if (isdigit((unsigned char)*s)) {
                char *end;
                unsigned long long u = strtoull(s, &end, 0);
                if (end > e || end == s || (end < e && is_ident(*end)))
                    return fail(a, "bad number '%.*s'", (int)(e - s), s);
                v = (int64_t)u;
                s = end;
            } else if (is_ident_start((unsigned char)*s)) {
                const char *b = s;
                while (s < e && is_ident((unsigned char)*s))
                    s++;
                dsp_symbol_t *sym = find_symbol(a->p, b, (size_t)(s - b));
                if (!sym && (a->final || a->sizing))
                    return fail(a, "%s symbol '%.*s'", a->sizing ? "a size needs a value defined above, not" : "undefined",
                                (int)(s - b), b);
                v = sym ? sym->value : 0;
            } else {
                return fail(a, "bad expression '%.*s'", (int)(e - s), s);
            }
            total = sign > 0 ? total + (uint64_t)v : total - (uint64_t)v;
            want_term = false;
        } else {
            if (*s != '+' && *s != '-')
                return fail(a, "bad expression: unexpected '%.*s'", (int)(e - s), s);
            sign = *s == '-' ? -1 : 1;
            s++;
            want_term = true;
        }
    }
    if (want_term)
        return fail(a, "missing value");
    *out = (int64_t)total;
    return true;
}

/* ---- operands ---- */

static const char reg_prefix[] = { [DSP_OPND_R] = 'r', [DSP_OPND_V] = 'v', [DSP_OPND_VP] = 'v', [DSP_OPND_VQ] = 'v',
                                   [DSP_OPND_A] = 'a', [DSP_OPND_AQ] = 'a', [DSP_OPND_P] = 'p', [DSP_OPND_U] = 'u' };

/* Parse operand o from s (up to the template's next literal `stop`),
 * OR its bits into *word.  Returns the rest of s, NULL on a mismatch
 * (*why says what was wrong). */
static const char *parse_operand(asm_state_t *a, const dsp_operand_t *o, const char *s, char stop, uint32_t pc,
                                 uint64_t *word, char *why, size_t whylen)
{
    s = skip_ws(s);
    int64_t v;
    if (dsp_operand_is_reg(o) || o->kind == DSP_OPND_SR) {
        const char *b = s;
        while (is_ident((unsigned char)*s) && *s != '.')
            s++;
        size_t n = (size_t)(s - b);
        if (n == 0) {
            snprintf(why, whylen, "expected a register");
            return NULL;
        }
        if (o->kind == DSP_OPND_SR) {
            for (v = 0; v < DSP_SR_COUNT; v++)
                if (strlen(dsp_sr_names[v]) == n && strncmp(dsp_sr_names[v], b, n) == 0)
                    break;
            if (v == DSP_SR_COUNT) {
                snprintf(why, whylen, "'%.*s' is not a special register", (int)n, b);
                return NULL;
            }
        } else if (o->kind == DSP_OPND_R && n == 2 && (!strncmp(b, "sp", 2) || !strncmp(b, "lr", 2))) {
            v = b[0] == 's' ? 14 : 15;
        } else {
            char *end;
            if (b[0] != reg_prefix[o->kind] || !isdigit((unsigned char)b[1]) ||
                (v = strtol(b + 1, &end, 10), end != s)) {
                snprintf(why, whylen, "expected a %c register, found '%.*s'", reg_prefix[o->kind], (int)n, b);
                return NULL;
            }
        }
    } else {
        const char *b = s;
        while (*s && *s != stop)
            s++;
        while (s > b && (s[-1] == ' ' || s[-1] == '\t'))
            s--;
        if (!eval(a, b, (size_t)(s - b), &v))
            return NULL;
        if (o->kind == DSP_OPND_PCREL || o->kind == DSP_OPND_LOOPEND) {
            int64_t d = v - (int64_t)pc;
            if (a->final && d % DSP_BUNDLE_BYTES) {
                snprintf(why, whylen, "target 0x%llx is not a bundle address", (long long)v);
                return NULL;
            }
            v = a->final ? d / DSP_BUNDLE_BYTES : (o->kind == DSP_OPND_LOOPEND ? 2 : 0);
        }
    }
    uint64_t bits;
    if (!dsp_operand_encode(o, v, &bits)) {
        const char *what = o->kind == DSP_OPND_VP ? "an even vector register (a pair)"
                         : o->kind == DSP_OPND_VQ ? "v0, v4, v8 or v12 (a quad)"
                         : o->kind == DSP_OPND_AQ ? "a0 or a4" : "a value in range";
        if (o->kind == DSP_OPND_IMM && o->scale > 1)
            snprintf(why, whylen, "%lld is not %s (a multiple of %u that fits %u bits)", (long long)v, what, o->scale, o->width);
        else if (o->kind == DSP_OPND_PCREL || o->kind == DSP_OPND_LOOPEND)
            snprintf(why, whylen, "target out of reach (%lld bundles)", (long long)v);
        else if (o->kind == DSP_OPND_IMM || o->kind == DSP_OPND_SR) {
            bool sgn = o->kind == DSP_OPND_IMM && o->role == 1;
            long long lo = sgn ? -(1ll << (o->width - 1)) : 0, hi = sgn ? (1ll << (o->width - 1)) - 1 : (1ll << o->width) - 1;
            if (o->max && hi > o->max)
                hi = o->max;
            snprintf(why, whylen, "%lld is out of range %lld..%lld", (long long)v, lo, hi);
        } else
            snprintf(why, whylen, "%lld is not %s", (long long)v, what);
        return NULL;
    }
    *word |= bits;
    return s;
}

/* Match operand text against one row's syntax. */
static bool match_row(asm_state_t *a, const dsp_op_desc_t *d, const char *ops, uint32_t pc, uint64_t *word,
                      char *why, size_t whylen)
{
    *word = d->match;
    const char *t = d->syntax, *s = ops;
    for (;;) {
        t = skip_ws(t);
        s = skip_ws(s);
        if (!*t) {
            if (*s) {
                snprintf(why, whylen, "unexpected '%s'", s);
                return false;
            }
            return true;
        }
        if (*t == '%') {
            const char *next = skip_ws(t + 2);
            s = parse_operand(a, &d->opnd[t[1] - '0'], s, *next, pc, word, why, whylen);
            if (!s)
                return false;
            t += 2;
        } else {
            if (*s != *t) {
                snprintf(why, whylen, "expected '%c' in '%s %s'", *t, d->name, d->syntax);
                return false;
            }
            s++;
            t++;
        }
    }
}

/* Assemble one operation "mnemonic operands". */
static bool assemble_op(asm_state_t *a, const char *text, uint32_t pc, const dsp_op_desc_t **desc, uint64_t *word)
{
    text = skip_ws(text);
    const char *b = text;
    while (is_ident((unsigned char)*text))
        text++;
    size_t n = (size_t)(text - b);
    char why[160] = "";
    bool known = false;
    for (unsigned i = 0; i < dsp_num_ops; i++) {
        const dsp_op_desc_t *d = &dsp_ops[i];
        if (strlen(d->name) != n || strncmp(d->name, b, n) != 0)
            continue;
        known = true;
        char w[160] = "";
        a->quiet = true;
        bool ok = match_row(a, d, text, pc, word, w, sizeof w);
        a->quiet = false;
        if (ok) {
            *desc = d;
            return true;
        }
        if (a->failed) {   /* an expression that does not evaluate: try the next row */
            snprintf(w, sizeof w, "%s", a->err);
            a->failed = false;
        }
        /* Report the most specific failure: a value out of range in a row
         * whose syntax fits beats a syntax mismatch. */
        bool syntax = !strncmp(w, "expected", 8) || !strncmp(w, "unexpected", 10);
        bool why_syntax = !strncmp(why, "expected", 8) || !strncmp(why, "unexpected", 10);
        if (!why[0] || (why_syntax && !syntax))
            snprintf(why, sizeof why, "%s", w);
    }
    if (!known)
        return fail(a, "unknown operation '%.*s'", (int)n, b);
    return fail(a, "%.*s: %s", (int)n, b, why);
}

/* ---- output ---- */

static bool emit(asm_state_t *a, const void *bytes, uint32_t len)
{
    dsp_section_t *sec = a->cur == 0 ? &a->p->text : &a->p->data;
    uint32_t off = a->loc[a->cur] - sec->addr;
    uint32_t limit = a->cur == 0 ? DSP_DRAM_BASE - DSP_IRAM_BASE : SECTION_MAX;
    if ((uint64_t)off + len > limit)
        return fail(a, "section %s grows past %u bytes", a->cur == 0 ? ".text" : ".data", limit);
    if (a->final) {
        if (off + len > a->cap[a->cur]) {
            uint32_t cap = a->cap[a->cur] ? a->cap[a->cur] : 256;
            while (cap < off + len)
                cap *= 2;
            uint8_t *nb = realloc(sec->bytes, cap);
            if (!nb)
                return fail(a, "out of memory");
            memset(nb + a->cap[a->cur], 0, cap - a->cap[a->cur]);
            sec->bytes = nb;
            a->cap[a->cur] = cap;
        }
        if (bytes)
            memcpy(sec->bytes + off, bytes, len);
        if (off + len > sec->size)
            sec->size = off + len;
    }
    a->loc[a->cur] += len;
    return true;
}

/* Split "a ; b ; c" into up to 3 entries (in place). */
static int split_bundle(char *body, char **parts)
{
    int n = 0;
    for (char *s = body;; ) {
        char *semi = strchr(s, ';');
        if (n == 3)
            return -1;
        parts[n++] = s;
        if (!semi)
            break;
        *semi = 0;
        s = semi + 1;
    }
    return n;
}

static bool assemble_bundle(asm_state_t *a, char *body, bool braces)
{
    if (a->cur != 0)
        return fail(a, "operations belong in .text");
    uint32_t pc = a->loc[0];
    if (pc % DSP_BUNDLE_BYTES)
        return fail(a, "bundle at 0x%x is not 8-byte aligned (use .align 8)", pc);
    char *parts[3];
    int n = braces ? split_bundle(body, parts) : (parts[0] = body, 1);
    if (n < 0)
        return fail(a, "more than three operations in a bundle");
    const dsp_op_desc_t *ops[3];
    uint64_t words[3];
    unsigned slot[3];
    for (int i = 0; i < n; i++) {
        if (!*skip_ws(parts[i]) && n == 3) {
            parts[i] = "nop";
        }
        if (!assemble_op(a, parts[i], pc, &ops[i], &words[i]))
            return false;
    }
    if (n == 3) {   /* positional */
        for (int i = 0; i < 3; i++) {
            if (ops[i]->slots & DSP_SLOT_AB)
                return fail(a, "%s takes slots A and B: write { %s ... ; C-slot operation }", ops[i]->name, ops[i]->name);
            if (!(ops[i]->slots & (1u << i)))
                return fail(a, "%s cannot go in slot %c", ops[i]->name, "ABC"[i]);
            slot[i] = 1u << i;
        }
    } else if (!dsp_pack_slots(ops, (unsigned)n, slot)) {
        return fail(a, "slot conflict: these operations do not fit the slots they may use (A: memory/control/scalar, B: load/scalar/vector, C: MAC/vector)");
    }
    uint64_t fields[3] = { 0x00004000, 0x00004000, 0x00004000 };   /* nop */
    uint64_t wide = 0;
    bool is_wide = false;
    for (int i = 0; i < n; i++) {
        if (slot[i] == DSP_SLOT_AB) {
            is_wide = true;
            wide = words[i];
        } else {
            fields[slot[i] == DSP_SLOT_A ? 0 : slot[i] == DSP_SLOT_B ? 1 : 2] = words[i];
        }
    }
    uint64_t bits = is_wide ? (uint64_t)1 << 60 | wide << 20 | fields[2]
                            : fields[0] << 40 | fields[1] << 20 | fields[2];
    if (a->final) {
        dsp_bundle_t b;
        dsp_decode_bundle(bits, pc, &b);
        if (b.state != 1)
            return fail(a, "illegal bundle: %s", b.why);
    }
    uint8_t out[8];
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(bits >> (8 * i));
    return emit(a, out, 8);
}

/* ---- directives ---- */

static bool data_values(asm_state_t *a, char *args, unsigned size)
{
    char *s = args;
    while (*skip_ws(s)) {
        char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        int64_t v;
        if (!eval(a, s, len, &v))
            return false;
        if (size < 8 && (v < -((int64_t)1 << (8 * size - 1)) || v >= ((int64_t)1 << (8 * size))))
            return fail(a, "value %lld does not fit %u bytes", (long long)v, size);
        uint8_t b[8];
        for (unsigned i = 0; i < size; i++)
            b[i] = (uint8_t)((uint64_t)v >> (8 * i));
        if (!emit(a, b, size))
            return false;
        if (!comma)
            break;
        s = comma + 1;
    }
    return true;
}

static bool directive(asm_state_t *a, char *s)
{
    char *b = s;
    while (is_ident((unsigned char)*s))
        s++;
    size_t n = (size_t)(s - b);
    char *args = (char *)skip_ws(s);
    int64_t v;
#define IS(name) (n == strlen(name) && strncmp(b, name, n) == 0)
    if (IS(".text") || IS(".data")) {
        a->cur = IS(".text") ? 0 : 1;
        return true;
    }
    if (IS(".byte"))
        return data_values(a, args, 1);
    if (IS(".half"))
        return data_values(a, args, 2);
    if (IS(".word"))
        return data_values(a, args, 4);
    if (IS(".dword"))
        return data_values(a, args, 8);
    if (IS(".space")) {
        a->sizing = true;
        bool ok = eval(a, args, strlen(args), &v);
        a->sizing = false;
        if (!ok)
            return false;
        if (v < 0 || v > SECTION_MAX)
            return fail(a, ".space %lld out of range", (long long)v);
        return emit(a, NULL, (uint32_t)v);
    }
    if (IS(".align")) {
        a->sizing = true;
        bool ok = eval(a, args, strlen(args), &v);
        a->sizing = false;
        if (!ok)
            return false;
        if (v <= 0 || v > 4096 || (v & (v - 1)))
            return fail(a, ".align needs a power of two up to 4096");
        uint32_t pad = (uint32_t)((v - a->loc[a->cur] % v) % v);
        if (a->cur == 0 && pad % 8 == 0) {
            uint8_t nop[8] = { 0 };
            uint64_t bits = (uint64_t)0x4000 << 40 | (uint64_t)0x4000 << 20 | 0x4000;
            for (int i = 0; i < 8; i++)
                nop[i] = (uint8_t)(bits >> (8 * i));
            for (; pad; pad -= 8)
                if (!emit(a, nop, 8))
                    return false;
            return true;
        }
        return emit(a, NULL, pad);
    }
    if (IS(".equ")) {
        char *comma = strchr(args, ',');
        if (!comma)
            return fail(a, ".equ needs NAME, value");
        char *e = comma;
        while (e > args && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
        if (!eval(a, comma + 1, strlen(comma + 1), &v))
            return false;
        return define_symbol(a, args, (size_t)(e - args), (uint32_t)v);
    }
    if (IS(".entry")) {
        size_t len = strlen(args);
        while (len && (args[len - 1] == ' ' || args[len - 1] == '\t'))
            len--;
        if (len == 0 || len >= sizeof a->entry_sym)
            return fail(a, ".entry needs a label");
        memcpy(a->entry_sym, args, len);
        a->entry_sym[len] = 0;
        a->have_entry = true;
        return true;
    }
    if (IS(".global") || IS(".globl"))
        return true;   /* every label is visible in the image's users' eyes anyway */
#undef IS
    return fail(a, "unknown directive '%.*s'", (int)n, b);
}

/* ---- lines ---- */

static bool line(asm_state_t *a, char *s)
{
    /* Comments: '#' or '//' to the end of the line. */
    for (char *c = s; *c; c++)
        if (*c == '#' || (c[0] == '/' && c[1] == '/')) {
            *c = 0;
            break;
        }
    s = (char *)skip_ws(s);
    /* Labels. */
    for (;;) {
        char *b = s;
        while (is_ident((unsigned char)*s))
            s++;
        if (s > b && *s == ':' && is_ident_start((unsigned char)*b)) {
            if (!define_symbol(a, b, (size_t)(s - b), a->loc[a->cur]))
                return false;
            s = (char *)skip_ws(s + 1);
            continue;
        }
        s = b;
        break;
    }
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        s[--len] = 0;
    if (!*s)
        return true;
    if (*s == '.')
        return directive(a, s);
    if (*s == '{') {
        if (s[len - 1] != '}')
            return fail(a, "a bundle must end with '}' on the same line");
        s[len - 1] = 0;
        return assemble_bundle(a, s + 1, true);
    }
    return assemble_bundle(a, s, false);
}

static bool pass(asm_state_t *a, const char *src)
{
    a->line = 0;
    a->cur = 0;
    a->loc[0] = a->p->text.addr;
    a->loc[1] = a->p->data.addr;
    for (const char *s = src; *s && !a->failed; ) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        a->line++;
        if (n >= MAX_LINE)
            return fail(a, "line longer than %d characters", MAX_LINE - 1);
        char buf[MAX_LINE];
        memcpy(buf, s, n);
        buf[n] = 0;
        if (memchr(buf, 0, n))
            return fail(a, "NUL byte in the source");
        line(a, buf);
        s += n + (nl ? 1 : 0);
    }
    return !a->failed;
}

bool dsp_assemble(const char *src, const char *name, dsp_program_t *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->text.addr = DSP_IRAM_BASE;
    out->data.addr = DSP_DRAM_BASE;
    asm_state_t a = { .name = name, .err = err, .errlen = errlen, .p = out };
    if (errlen)
        err[0] = 0;
    bool ok = pass(&a, src);
    if (ok) {
        a.final = true;
        ok = pass(&a, src);
    }
    if (ok) {
        out->entry = out->text.addr;
        if (a.have_entry && !dsp_program_symbol(out, a.entry_sym, &out->entry)) {
            a.line = 0;
            ok = fail(&a, ".entry: undefined label '%s'", a.entry_sym);
        }
    }
    if (!ok)
        dsp_program_free(out);
    return ok;
}

void dsp_program_free(dsp_program_t *p)
{
    free(p->text.bytes);
    free(p->data.bytes);
    free(p->syms);
    memset(p, 0, sizeof *p);
}

bool dsp_program_symbol(const dsp_program_t *p, const char *name, uint32_t *value)
{
    dsp_symbol_t *s = find_symbol(p, name, strlen(name));
    if (s)
        *value = s->value;
    return s != NULL;
}
