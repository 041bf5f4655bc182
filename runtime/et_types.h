/* The runtime's in-memory objects: scalar types, tensors and values.
 *
 * These mirror the .pte schema (PTE_FORMAT.md sections 4 and 5) but hold
 * checked, decoded data: every index has been range-checked and every
 * tensor's bytes lie inside a constant segment or a planned arena. */
#ifndef ET_TYPES_H
#define ET_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ScalarType numbering (PyTorch c10, ExecuTorch scalar_type.h). */
typedef enum et_dtype {
    ET_BYTE = 0,   /* uint8 */
    ET_CHAR = 1,   /* int8 */
    ET_SHORT = 2,  /* int16 */
    ET_INT = 3,    /* int32 */
    ET_LONG = 4,   /* int64 */
    ET_HALF = 5,
    ET_FLOAT = 6,
    ET_DOUBLE = 7,
    ET_BOOL = 11,
    ET_BFLOAT16 = 15,
    ET_UINT16 = 27,
    ET_UINT32 = 28,
    ET_UINT64 = 29,
} et_dtype;

/* Rank limit: the reference runtime's (16).  Shapes and dim orders are
 * read in place from the .pte, so the limit costs no RAM per tensor. */
#define ET_MAX_RANK 16

/* Why a tensor of the file cannot be used; the loader accepts such a
 * value and refuses the method only when an instruction, input or output
 * refers to it (et_tensor_unusable_reason names it). */
typedef enum et_unusable {
    ET_USABLE = 0,
    ET_UNUSABLE_DTYPE,          /* a scalar type without a known element size */
    ET_UNUSABLE_STORAGE_OFFSET, /* storage_offset != 0 */
    ET_UNUSABLE_DYNAMIC_UNBOUND,
    ET_UNUSABLE_NO_EXTERNAL,    /* EXTERNAL data, and no .ptd was given */
} et_unusable;

/* 20 bytes on the 32-bit target: the flags share a byte, so the header is
 * one word. */
typedef struct et_tensor {
    int8_t dtype;
    uint8_t rank;
    bool is_constant : 1;      /* points into the .pte (read-only, flash) */
    bool is_planned : 1;       /* points into an arena */
    uint8_t unusable : 3;      /* et_unusable */
    const int32_t *sizes;      /* logical shape (PyTorch order), in the .pte */
    const uint8_t *dim_order;  /* memory order, outermost first, in the .pte */
    void *data;                /* NULL until set (unplanned inputs), or freed */
    size_t nbytes;
} et_tensor;

/* Value tags: KernelTypes union numbering. */
typedef enum et_tag {
    ET_TAG_NONE = 0,
    ET_TAG_NULL = 1,
    ET_TAG_INT = 2,
    ET_TAG_BOOL = 3,
    ET_TAG_DOUBLE = 4,
    ET_TAG_TENSOR = 5,
    ET_TAG_STRING = 6,
    ET_TAG_INT_LIST = 7,
    ET_TAG_DOUBLE_LIST = 8,
    ET_TAG_BOOL_LIST = 9,
    ET_TAG_TENSOR_LIST = 10,
    ET_TAG_OPT_TENSOR_LIST = 11,
} et_tag;

/* A list stored as indices or literals: `items` points into the .pte
 * (little-endian, possibly unaligned), so it is read with fb_le* loads. */
typedef struct et_list {
    const uint8_t *items;
    uint32_t count;
} et_list;

/* A number that does not fit a value record: a Double that is not a
 * float (the quantization scales are floats), or an Int outside 32 bits
 * (e.g. INT64_MAX as a slice end).  The method keeps them in one
 * table (et_method.boxes). */
typedef union et_box {
    int64_t i;
    double d;
} et_box;

#define ET_NO_BOX 0xffffu

/* 8 bytes on the 32-bit target (a method has hundreds of values: KWS 289,
 * VWW 635; the previous 16-byte record with an 8-byte union was a third
 * of the metadata).  Read the numbers, strings and lists through the
 * et_value_* functions below. */
typedef struct et_value {
    uint8_t tag;   /* et_tag */
    uint8_t wide;  /* Int or Double: the number is in boxes[box], not in u.i / u.f */
    uint16_t box;  /* this value's own box, ET_NO_BOX if none: it stays with
                      the value (a MoveCall copies the number into it, not
                      the index), so a Double or a wide Int can be written
                      only where the loader gave one */
    union {
        int32_t i;           /* Int within 32 bits */
        float f;             /* Double that a float holds exactly */
        bool b;
        et_tensor *t;
        const uint8_t *fb;   /* String and the lists: the FlatBuffers string
                                or vector in the .pte, its u32 length first */
    } u;
} et_value;
_Static_assert(sizeof(void *) != 4 || sizeof(et_value) == 8, "a value takes 8 bytes on a 32-bit target");
_Static_assert(sizeof(void *) != 4 || sizeof(et_tensor) == 20, "a tensor takes 20 bytes on a 32-bit target");
_Static_assert(offsetof(et_value, tag) == 0 && offsetof(et_value, wide) == 1, "tag and wide are read as one halfword (et_arg_int)");

/* Whether v's number is in its box.  A selective runner whose loader
 * refuses every value that needs a box (ET_NO_BOXES, runtime.mk's
 * runner-for) compiles its readers without the box paths. */
#ifdef ET_NO_BOXES
#define ET_VALUE_WIDE(v) ((void)(v), false)
#else
#define ET_VALUE_WIDE(v) ((v)->wide != 0)
#endif

static inline int64_t et_value_int(const et_value *v, const et_box *boxes)
{
    return ET_VALUE_WIDE(v) ? boxes[v->box].i : v->u.i;
}

static inline double et_value_double(const et_value *v, const et_box *boxes)
{
    return ET_VALUE_WIDE(v) ? boxes[v->box].d : (double)v->u.f;
}

/* The u32 length word in front of a FlatBuffers string or vector. */
static inline uint32_t et_fb_length(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A String's bytes (not NUL-terminated) and length. */
static inline const char *et_value_str(const et_value *v, uint32_t *len)
{
    *len = et_fb_length(v->u.fb);
    return (const char *)(v->u.fb + 4);
}

/* A list value's items (IntList: i64 value indices of boxed ints;
 * DoubleList: f64; BoolList: u8; (Optional)TensorList: i32 value
 * indices). */
static inline et_list et_value_list(const et_value *v)
{
    et_list l = {v->u.fb + 4, et_fb_length(v->u.fb)};
    return l;
}

/* A number that the record cannot hold into v's box: false when v has
 * none. */
static inline bool et_value_put_box(et_value *v, et_box b, et_box *boxes)
{
    v->wide = 1;
    if (v->box == ET_NO_BOX)
        return false;
    boxes[v->box] = b;
    return true;
}

/* Writes an Int or a Double into v (a kernel's result): false when the
 * number needs a box and v has none. */
static inline bool et_value_set_int(et_value *v, int64_t x, et_box *boxes)
{
    v->tag = ET_TAG_INT;
    if (x < INT32_MIN || x > INT32_MAX)
        return et_value_put_box(v, (et_box){.i = x}, boxes);
    v->wide = 0;
    v->u.i = (int32_t)x;
    return true;
}

static inline bool et_value_set_double(et_value *v, double x, et_box *boxes)
{
    v->tag = ET_TAG_DOUBLE;
    if ((double)(float)x != x)  /* NaN too: kept in a box, bit for bit */
        return et_value_put_box(v, (et_box){.d = x}, boxes);
    v->wide = 0;
    v->u.f = (float)x;
    return true;
}

/* dst = src as a MoveCall does: the record, and the number into dst's own
 * box (false when src's needs one and dst has none). */
static inline bool et_value_copy(et_value *dst, const et_value *src, et_box *boxes)
{
    if (src->wide && dst->box == ET_NO_BOX)
        return false;
    if (src->wide)
        boxes[dst->box] = boxes[src->box];
    dst->tag = src->tag;
    dst->wide = src->wide;
    dst->u = src->u;
    return true;
}

/* Bytes per element of a scalar type the file format knows (kernels
 * decide which they compute with), 0 for an unknown one. */
size_t et_dtype_size(int dtype);
const char *et_dtype_name(int dtype);
const char *et_tensor_unusable_reason(int unusable);

/* Number of elements (1 for rank 0). */
size_t et_tensor_numel(const et_tensor *t);

/* Memory layouts the runtime understands.  A dim order that differs from
 * these only in where size-1 dims go is treated as the same layout (the
 * KWS input [1,1,49,10] with order [0,2,1,3] is plain row-major). */
typedef enum et_layout {
    ET_LAYOUT_CONTIGUOUS,     /* dim order 0,1,...,r-1 */
    ET_LAYOUT_CHANNELS_LAST,  /* rank 4, order 0,2,3,1 (bytes NHWC) */
    ET_LAYOUT_OTHER,          /* any other permutation: kernels that read
                                 strides (et_tensor_strides) handle it,
                                 the others refuse it */
} et_layout;

et_layout et_tensor_layout(const et_tensor *t);

/* Strides in elements implied by sizes and dim_order. */
void et_tensor_strides(const et_tensor *t, size_t strides[ET_MAX_RANK]);

/* Physical (memory-order) shape: phys[i] = sizes[dim_order[i]]. */
void et_tensor_physical_shape(const et_tensor *t, int32_t phys[ET_MAX_RANK]);

bool et_tensor_same_shape(const et_tensor *a, const et_tensor *b);

/* Same shape and the same bytes order (elementwise kernels may then walk
 * both in memory order, whatever the dim order is). */
bool et_tensor_same_layout(const et_tensor *a, const et_tensor *b);

#endif
