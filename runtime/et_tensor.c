#include "et_types.h"

size_t et_dtype_size(int dtype)
{
    /* Bytes per element by ScalarType (0: unknown); bytes, not a switch,
     * whose lookup table GCC makes of 4-byte entries. */
    static const uint8_t size[30] = {
        1, 1, 2, 4, 8, 2, 4, 8, /* uint8 int8 int16 int32 int64 half float double */
        4, 8, 16, 1,            /* complex half, float, double; bool */
        1, 1, 4, 2,             /* qint8 quint8 qint32 bfloat16 */
        1, 1, 1, 1, 1, 1, 2,    /* quint4x2 quint2x4 bits1x8 bits2x4 bits4x2 bits8 bits16 */
        1, 1, 1, 1,             /* float8: e5m2 e4m3fn e5m2fnuz e4m3fnuz */
        2, 4, 8,                /* uint16 uint32 uint64 */
    };
    return dtype >= 0 && dtype < (int)sizeof size ? size[dtype] : 0;
}

const char *et_dtype_name(int dtype)
{
    /* The names in one string, each found at its byte offset (the signed
     * ones are the unsigned ones' tails: "int8" in "uint8"), smaller than
     * a switch over pointers to separate strings. */
    static const char names[] = "unsupported\0uint8\0uint16\0uint32\0uint64\0bfloat16\0float32\0float64\0bool\0"
                                "a scalar type without kernels";
    enum { UNSUPPORTED = 0, NO_KERNELS = 69 };
    static const uint8_t name_at[30] = {
        [ET_BYTE] = 12,     [ET_CHAR] = 13,   [ET_SHORT] = 19,  [ET_INT] = 26,    [ET_LONG] = 33,
        [ET_HALF] = 40,     [ET_FLOAT] = 48,  [ET_DOUBLE] = 56, [ET_BOOL] = 64,   [ET_BFLOAT16] = 39,
        [ET_UINT16] = 18,   [ET_UINT32] = 25, [ET_UINT64] = 32,
    };
    unsigned at = dtype >= 0 && dtype < (int)sizeof name_at ? name_at[dtype] : UNSUPPORTED;
    if (at == UNSUPPORTED && et_dtype_size(dtype))
        at = NO_KERNELS;
    return names + at;
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
