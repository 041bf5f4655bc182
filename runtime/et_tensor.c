#include "et_types.h"

size_t et_dtype_size(int dtype)
{
    switch (dtype) {
    case ET_BYTE: case ET_CHAR: case ET_BOOL: return 1;
    case ET_SHORT: case ET_HALF: return 2;
    case ET_INT: case ET_FLOAT: return 4;
    case ET_LONG: case ET_DOUBLE: return 8;
    default: return 0;
    }
}

const char *et_dtype_name(int dtype)
{
    switch (dtype) {
    case ET_BYTE: return "uint8";
    case ET_CHAR: return "int8";
    case ET_SHORT: return "int16";
    case ET_INT: return "int32";
    case ET_LONG: return "int64";
    case ET_HALF: return "float16";
    case ET_FLOAT: return "float32";
    case ET_DOUBLE: return "float64";
    case ET_BOOL: return "bool";
    default: return "unsupported";
    }
}

size_t et_tensor_numel(const et_tensor *t)
{
    size_t n = 1;
    for (unsigned i = 0; i < t->rank; i++)
        n *= (size_t)t->sizes[i];
    return n;
}

void et_tensor_strides(const et_tensor *t, size_t strides[ET_MAX_RANK])
{
    size_t s = 1;
    for (int i = (int)t->rank - 1; i >= 0; i--) {
        strides[t->dim_order[i]] = s;
        s *= (size_t)t->sizes[t->dim_order[i]];
    }
}

void et_tensor_physical_shape(const et_tensor *t, int32_t phys[ET_MAX_RANK])
{
    for (unsigned i = 0; i < t->rank; i++)
        phys[i] = t->sizes[t->dim_order[i]];
}

/* Two orders describe the same bytes if, after dropping size-1 dims, the
 * remaining dims come in the same order. */
static bool same_order_ignoring_unit_dims(const et_tensor *t, const uint8_t *order)
{
    unsigned i = 0, j = 0;
    for (;;) {
        while (i < t->rank && t->sizes[t->dim_order[i]] == 1)
            i++;
        while (j < t->rank && t->sizes[order[j]] == 1)
            j++;
        if (i == t->rank || j == t->rank)
            return i == t->rank && j == t->rank;
        if (t->dim_order[i] != order[j])
            return false;
        i++;
        j++;
    }
}

et_layout et_tensor_layout(const et_tensor *t)
{
    static const uint8_t contiguous[ET_MAX_RANK] = {0, 1, 2, 3, 4, 5, 6, 7};
    static const uint8_t channels_last[4] = {0, 2, 3, 1};
    if (t->rank == 4 && same_order_ignoring_unit_dims(t, channels_last)) {
        /* Prefer "contiguous" when both fit (e.g. C == 1). */
        if (same_order_ignoring_unit_dims(t, contiguous))
            return ET_LAYOUT_CONTIGUOUS;
        return ET_LAYOUT_CHANNELS_LAST;
    }
    if (same_order_ignoring_unit_dims(t, contiguous))
        return ET_LAYOUT_CONTIGUOUS;
    return ET_LAYOUT_OTHER;
}

bool et_tensor_same_shape(const et_tensor *a, const et_tensor *b)
{
    if (a->rank != b->rank)
        return false;
    for (unsigned i = 0; i < a->rank; i++)
        if (a->sizes[i] != b->sizes[i])
            return false;
    return true;
}
