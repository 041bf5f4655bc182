/* A bounds-checked reader for the FlatBuffers wire format.
 *
 * The .pte is untrusted input (it may come from anywhere and sits in
 * flash), so every read goes through these functions: each one checks that
 * the bytes it touches lie inside the buffer and reads them byte by byte,
 * which is also why misaligned fields cannot fault.  A failed check
 * returns false; callers turn that into an error that names the field. */
#ifndef ET_FLATBUFFER_H
#define ET_FLATBUFFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct fb_buf {
    const uint8_t *data;
    uint32_t size;
} fb_buf;

/* A table that passed its checks: the table start and its vtable. */
typedef struct fb_table {
    const fb_buf *buf;
    uint32_t pos;       /* table start (where its soffset is) */
    uint32_t vtable;    /* vtable start */
    uint16_t vt_bytes;  /* vtable length in bytes */
} fb_table;

/* A vector: `count` elements of `elem_size` bytes starting at `pos`. */
typedef struct fb_vec {
    const fb_buf *buf;
    uint32_t pos;
    uint32_t count;
    uint32_t elem_size;
} fb_vec;

/* Little-endian loads without any check; callers check the range first. */
static inline uint16_t fb_le16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static inline uint32_t fb_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline uint64_t fb_le64(const uint8_t *p)
{
    return (uint64_t)fb_le32(p) | ((uint64_t)fb_le32(p + 4) << 32);
}

static inline bool fb_in_range(const fb_buf *b, uint64_t pos, uint64_t len)
{
    return pos <= b->size && len <= b->size - pos;
}

/* Opens the table at `pos` (checks the soffset, the vtable and its size). */
bool fb_table_at(const fb_buf *b, uint32_t pos, fb_table *out);

/* Opens the root table (the uoffset at byte 0). */
bool fb_root(const fb_buf *b, fb_table *out);

/* Position of field `id` or 0 if absent; `width` bytes must be in range
 * (returns false when present but out of range). */
bool fb_field(const fb_table *t, unsigned id, uint32_t width, uint32_t *pos);

/* Scalars: absent fields give the default. */
bool fb_u8(const fb_table *t, unsigned id, uint8_t dflt, uint8_t *out);
bool fb_u32(const fb_table *t, unsigned id, uint32_t dflt, uint32_t *out);
bool fb_u64(const fb_table *t, unsigned id, uint64_t dflt, uint64_t *out);
bool fb_f64(const fb_table *t, unsigned id, double dflt, double *out);

/* The signed ones are the unsigned readers (the same bytes; C11 6.5p7 lets
 * an object be written through its unsigned type): one copy of the checks. */
static inline bool fb_i8(const fb_table *t, unsigned id, int8_t dflt, int8_t *out)
{
    return fb_u8(t, id, (uint8_t)dflt, (uint8_t *)out);
}
static inline bool fb_i32(const fb_table *t, unsigned id, int32_t dflt, int32_t *out)
{
    return fb_u32(t, id, (uint32_t)dflt, (uint32_t *)out);
}
static inline bool fb_i64(const fb_table *t, unsigned id, int64_t dflt, int64_t *out)
{
    return fb_u64(t, id, (uint64_t)dflt, (uint64_t *)out);
}

/* Sub-table: *present = false (and true returned) if the field is absent. */
bool fb_subtable(const fb_table *t, unsigned id, fb_table *out, bool *present);

/* Vector of elem_size-byte elements; absent gives an empty vector. */
bool fb_vector(const fb_table *t, unsigned id, uint32_t elem_size, fb_vec *out, bool *present);

/* String: pointer to the bytes (not necessarily NUL-terminated) and length. */
bool fb_string(const fb_table *t, unsigned id, const char **s, uint32_t *len, bool *present);

/* Elements of a vector (index must be < count; checked). */
bool fb_vec_table(const fb_vec *v, uint32_t i, fb_table *out);
bool fb_vec_string(const fb_vec *v, uint32_t i, const char **s, uint32_t *len);
uint8_t fb_vec_u8(const fb_vec *v, uint32_t i);
int32_t fb_vec_i32(const fb_vec *v, uint32_t i);
uint64_t fb_vec_u64(const fb_vec *v, uint32_t i);
const uint8_t *fb_vec_bytes(const fb_vec *v);

#endif
