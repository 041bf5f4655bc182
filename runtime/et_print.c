#include "et_print.h"

#include <stdio.h>

double et_tensor_element(const et_tensor *t, size_t i)
{
    const void *d = t->data;
    switch (t->dtype) {
    case ET_BYTE: return ((const uint8_t *)d)[i];
    case ET_CHAR: return ((const int8_t *)d)[i];
    case ET_BOOL: return ((const uint8_t *)d)[i] != 0;
    case ET_SHORT: return ((const int16_t *)d)[i];
    case ET_INT: return ((const int32_t *)d)[i];
    case ET_LONG: return (double)((const int64_t *)d)[i];
    case ET_FLOAT: return ((const float *)d)[i];
    case ET_DOUBLE: return ((const double *)d)[i];
    default: return 0.0;
    }
}

static void print_element(const et_tensor *t, size_t i)
{
    double v = et_tensor_element(t, i);
    if (t->dtype == ET_FLOAT || t->dtype == ET_DOUBLE)
        printf("%.6f", v);
    else
        printf("%lld", (long long)v);
}

static void print_top5(const et_tensor *t, size_t n)
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
    printf(" top5 = [");
    for (unsigned k = 0; k < count; k++) {
        printf("%s%lu:", k ? ", " : "", (unsigned long)best[k]);
        print_element(t, best[k]);
    }
    printf("]\n");
}

void et_print_value(uint32_t index, const et_value *v)
{
    printf("output %u: ", (unsigned)index);
    switch (v->tag) {
    case ET_TAG_INT: printf("int %lld\n", (long long)v->u.i); return;
    case ET_TAG_DOUBLE: printf("double %.6f\n", v->u.d); return;
    case ET_TAG_BOOL: printf("bool %s\n", v->u.b ? "true" : "false"); return;
    case ET_TAG_TENSOR: break;
    default: printf("value with tag %u\n", (unsigned)v->tag); return;
    }
    const et_tensor *t = v->u.t;
    printf("%s [", et_dtype_name(t->dtype));
    for (unsigned i = 0; i < t->rank; i++)
        printf("%s%ld", i ? ", " : "", (long)t->sizes[i]);
    printf("]");
    size_t n = et_tensor_numel(t);
    if (t->data == NULL) {
        printf(" (no data)\n");
        return;
    }
    if (n > ET_PRINT_ALL_LIMIT) {
        print_top5(t, n);
        return;
    }
    printf(" = [");
    for (size_t i = 0; i < n; i++) {
        if (i)
            printf(", ");
        print_element(t, i);
    }
    printf("]\n");
}
