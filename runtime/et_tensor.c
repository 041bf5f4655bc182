#include "et_types.h"

size_t et_dtype_size(int dtype)
{
    switch (dtype) {
    case ET_BYTE: case ET_CHAR: case ET_BOOL: return 1;
    case 12: case 13: case 16: case 17: case 18: case 19: case 20: case 21:  /* qint8 ... bits8 */
    case 23: case 24: case 25: case 26: return 1;                            /* float8 */
    case ET_SHORT: case ET_HALF: case ET_BFLOAT16: case ET_UINT16: case 22: return 2;  /* 22: bits16 */
    case ET_INT: case ET_FLOAT: case ET_UINT32: case 8: case 14: return 4;   /* 8: complex half, 14: qint32 */
    case ET_LONG: case ET_DOUBLE: case ET_UINT64: case 9: return 8;          /* 9: complex float */
    case 10: return 16;                                                      /* complex double */
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
    case ET_BFLOAT16: return "bfloat16";
    case ET_UINT16: return "uint16";
    case ET_UINT32: return "uint32";
    case ET_UINT64: return "uint64";
    default: return et_dtype_size(dtype) ? "a scalar type without kernels" : "unsupported";
    }
}

const char *et_tensor_unusable_reason(int unusable)
{
    switch (unusable) {
    case ET_UNUSABLE_DTYPE: return "its scalar type is unknown";
    case ET_UNUSABLE_STORAGE_OFFSET: return "a storage_offset other than 0 is not supported";
    case ET_UNUSABLE_DYNAMIC_UNBOUND: return "DYNAMIC_UNBOUND tensors are not supported";
    case ET_UNUSABLE_NO_EXTERNAL: return "its data is EXTERNAL and no .ptd data was given";
    default: return "usable";
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
    static const uint8_t contiguous[ET_MAX_RANK] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
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

bool et_tensor_same_layout(const et_tensor *a, const et_tensor *b)
{
    return et_tensor_same_shape(a, b) && same_order_ignoring_unit_dims(a, b->dim_order);
}
