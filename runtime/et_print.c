#include "et_print.h"

#include <stdarg.h>

#include "et_convert.h"
#include "et_format.h"

/* The text collected before it is written: one element's %.6f takes at
 * most 48 bytes (a float's 39 integer digits), a double's 317. */
#define OUT_BUF 400

typedef struct out {
    char buf[OUT_BUF];
    size_t len;
    et_write_fn write;
    void *ctx;
} out;

static void flush(out *o)
{
    if (o->len > 0)
        o->write(o->ctx, o->buf, o->len);
    o->len = 0;
}

static void emit(out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void emit(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t n = et_vformat(o->buf + o->len, sizeof o->buf - o->len, fmt, ap);
    va_end(ap);
    if (o->len + n < sizeof o->buf) {
        o->len += n;
        return;
    }
    /* did not fit: write what came before, then the piece alone */
    flush(o);
    va_start(ap, fmt);
    n = et_vformat(o->buf, sizeof o->buf, fmt, ap);
    va_end(ap);
    o->len = n < sizeof o->buf ? n : sizeof o->buf - 1;
}

/* ET_PRINT_FLOAT_ONLY: a selective runner whose model's outputs are all
 * float32 tensors (runtime.mk's runner-for, from pte_run --info's
 * "outputs: float32 tensors only") prints only those; another model's
 * other outputs are named, not printed. */
#ifdef ET_PRINT_FLOAT_ONLY
#define PRINTS_FLOAT_ONLY 1
#else
#define PRINTS_FLOAT_ONLY 0
#endif
/* ET_PRINT_NO_TOP5: a selective runner whose model's outputs have at most
 * ET_PRINT_ALL_LIMIT elements each (pte_run --info's "outputs: at most 64
 * elements each") has no top-5 summary: another model's larger output is
 * printed in full. */
#ifdef ET_PRINT_NO_TOP5
#define SUMMARIZES 0
#else
#define SUMMARIZES 1
#endif

double et_tensor_element(const et_tensor *t, size_t i)
{
    const void *d = t->data;
    if (PRINTS_FLOAT_ONLY)  /* print_value let only float32 through */
        return ((const float *)d)[i];
    switch (t->dtype) {
    case ET_BYTE: return ((const uint8_t *)d)[i];
    case ET_CHAR: return ((const int8_t *)d)[i];
    case ET_BOOL: return ((const uint8_t *)d)[i] != 0;
    case ET_SHORT: return ((const int16_t *)d)[i];
    case ET_INT: return ((const int32_t *)d)[i];
    case ET_LONG: return et_i64_to_f64(((const int64_t *)d)[i]);
    case ET_FLOAT: return ((const float *)d)[i];
    case ET_DOUBLE: return ((const double *)d)[i];
    default: return 0.0;
    }
}

static void print_element(out *o, const et_tensor *t, size_t i)
{
    double v = et_tensor_element(t, i);
    if (PRINTS_FLOAT_ONLY || t->dtype == ET_FLOAT || t->dtype == ET_DOUBLE)
        emit(o, "%.6f", v);
    else
        emit(o, "%lld", (long long)et_f64_to_i64(v));  /* a whole number below 2^63 */
}

static void print_top5(out *o, const et_tensor *t, size_t n)
{
    size_t best[5];
    unsigned count = 0;
    /* Insertion into a 5-slot list; ties keep the lower index first. */
    for (size_t i = 0; i < n; i++) {
        double v = et_tensor_element(t, i);
        unsigned pos = count;
        while (pos > 0 && et_tensor_element(t, best[pos - 1]) < v)
            pos--;
        if (pos >= 5)
            continue;
        for (unsigned k = (count < 5 ? count : 4); k > pos; k--)
            best[k] = best[k - 1];
        best[pos] = i;
        if (count < 5)
            count++;
    }
    emit(o, " top5 = [");
    for (unsigned k = 0; k < count; k++) {
        emit(o, "%s%lu:", k ? ", " : "", (unsigned long)best[k]);
        print_element(o, t, best[k]);
    }
    emit(o, "]\n");
}

static void print_value(out *o, uint32_t index, const et_value *v, const et_box *boxes)
{
    emit(o, "output %u: ", (unsigned)index);
    if (PRINTS_FLOAT_ONLY && (v->tag != ET_TAG_TENSOR || v->u.t->dtype != ET_FLOAT)) {
        emit(o, "%s: printing not built in (this runner prints float32 tensors only)\n",
             v->tag == ET_TAG_TENSOR ? et_dtype_name(v->u.t->dtype) : "not a tensor");
        return;
    }
    switch (PRINTS_FLOAT_ONLY ? ET_TAG_TENSOR : v->tag) {
    case ET_TAG_INT: emit(o, "int %lld\n", (long long)et_value_int(v, boxes)); return;
    case ET_TAG_DOUBLE: emit(o, "double %.6f\n", et_value_double(v, boxes)); return;
    case ET_TAG_BOOL: emit(o, "bool %s\n", v->u.b ? "true" : "false"); return;
    case ET_TAG_TENSOR: break;
    default: emit(o, "value with tag %u\n", (unsigned)v->tag); return;
    }
    const et_tensor *t = v->u.t;
    emit(o, "%s [", et_dtype_name(t->dtype));
    for (unsigned i = 0; i < t->rank; i++)
        emit(o, "%s%ld", i ? ", " : "", (long)t->sizes[i]);
    emit(o, "]");
    size_t n = et_tensor_numel(t);
    if (t->data == NULL) {
        emit(o, " (no data)\n");
        return;
    }
    if (SUMMARIZES && n > ET_PRINT_ALL_LIMIT) {
        print_top5(o, t, n);
        return;
    }
    emit(o, " = [");
    for (size_t i = 0; i < n; i++) {
        if (i)
            emit(o, ", ");
        print_element(o, t, i);
    }
    emit(o, "]\n");
}

void et_print_value(uint32_t index, const et_value *v, const et_box *boxes, et_write_fn write, void *ctx)
{
    out text = {.len = 0, .write = write, .ctx = ctx};
    print_value(&text, index, v, boxes);
    flush(&text);
}
