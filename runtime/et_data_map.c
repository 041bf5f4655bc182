#include "et_data_map.h"

#include <string.h>

#define FT_HEADER_OFFSET 8
#define FT_HEADER_LEN 40

enum { FLAT_TENSOR_VERSION = 0, FLAT_TENSOR_SEGMENTS = 1, FLAT_TENSOR_NAMED_DATA = 2 };
enum { FT_SEGMENT_OFFSET = 0, FT_SEGMENT_SIZE = 1 };
enum { FT_NAMED_KEY = 0, FT_NAMED_SEGMENT_INDEX = 1 };

#ifdef ET_NO_DATA_MAP
/* A selective runner for a model without EXTERNAL tensors (runtime.mk's
 * runner-for without PTD=) has no .ptd reader: a .ptd is refused, by
 * name, instead of read (1.1 KB less code). */
static et_err refuse(et_error *err)
{
    return et_fail(err, ET_ERR_UNSUPPORTED, "this runner was built without .ptd support (make runner-for PTD=)");
}

et_err et_data_map_load(et_data_map *m, const void *data, size_t size, et_error *err)
{
    (void)data;
    (void)size;
    memset(m, 0, sizeof *m);
    return refuse(err);
}

et_err et_data_map_get(const et_data_map *m, const char *key, uint32_t key_len, const uint8_t **data,
                       uint64_t *size, et_error *err)
{
    (void)m;
    (void)key;
    (void)key_len;
    (void)data;
    (void)size;
    return refuse(err);
}
#else
et_err et_data_map_load(et_data_map *m, const void *data, size_t size, et_error *err)
{
    memset(m, 0, sizeof *m);
    m->file = data;
    m->file_size = size;
    const uint8_t *f = data;
    if (size < FT_HEADER_OFFSET + FT_HEADER_LEN)
        return et_fail(err, ET_ERR_TRUNCATED, ".ptd of %lu bytes is too short for its header", (unsigned long)size);
    if (size > UINT32_MAX)
        return et_fail(err, ET_ERR_UNSUPPORTED, ".ptd files over 4 GiB are not supported");
    if (memcmp(f + 4, "FT01", 4) != 0)
        return et_fail(err, ET_ERR_BAD_IDENTIFIER, ".ptd identifier is '%.4s', expected 'FT01'", (const char *)f + 4);
    if (memcmp(f + FT_HEADER_OFFSET, "FH01", 4) != 0)
        return et_fail(err, ET_ERR_BAD_IDENTIFIER, ".ptd header magic is '%.4s', expected 'FH01'",
                       (const char *)f + FT_HEADER_OFFSET);
    uint32_t len = fb_le32(f + FT_HEADER_OFFSET + 4);
    uint64_t fb_off = fb_le64(f + 16), fb_size = fb_le64(f + 24);
    m->segment_base = fb_le64(f + 32);
    m->segment_size = fb_le64(f + 40);
    if (len < FT_HEADER_LEN)
        return et_fail(err, ET_ERR_MALFORMED, ".ptd header length %u is below 40", (unsigned)len);
    if (fb_off > size || fb_size > size - fb_off)
        return et_fail(err, ET_ERR_TRUNCATED, ".ptd of %lu bytes ends inside its flatbuffer", (unsigned long)size);
    if (m->segment_base < fb_off + fb_size || m->segment_base > size || m->segment_size > size - m->segment_base)
        return et_fail(err, ET_ERR_TRUNCATED, ".ptd of %lu bytes: segments at %llu (+%llu) do not fit",
                       (unsigned long)size,
                       (unsigned long long)m->segment_base, (unsigned long long)m->segment_size);
    /* The flatbuffer starts at byte 0 (the header sits in its padding). */
    m->fb.data = f;
    m->fb.size = (uint32_t)(fb_off + fb_size);
    if (!fb_root(&m->fb, &m->root) || !fb_vector(&m->root, FLAT_TENSOR_SEGMENTS, 4, &m->segments, NULL) ||
        !fb_vector(&m->root, FLAT_TENSOR_NAMED_DATA, 4, &m->named_data, NULL))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, ".ptd FlatTensor table is out of range");
    return ET_OK;
}

et_err et_data_map_get(const et_data_map *m, const char *key, uint32_t key_len, const uint8_t **data,
                       uint64_t *size, et_error *err)
{
    for (uint32_t i = 0; i < m->named_data.count; i++) {
        fb_table nd, seg;
        const char *k;
        uint32_t klen, si;
        bool present;
        if (!fb_vec_table(&m->named_data, i, &nd) || !fb_string(&nd, FT_NAMED_KEY, &k, &klen, &present) ||
            !fb_u32(&nd, FT_NAMED_SEGMENT_INDEX, 0, &si))
            return et_fail(err, ET_ERR_OUT_OF_RANGE, ".ptd named_data[%u] is out of range", (unsigned)i);
        if (!present || klen != key_len || memcmp(k, key, klen) != 0)
            continue;
        uint64_t off, len;
        if (si >= m->segments.count || !fb_vec_table(&m->segments, si, &seg) ||
            !fb_u64(&seg, FT_SEGMENT_OFFSET, 0, &off) || !fb_u64(&seg, FT_SEGMENT_SIZE, 0, &len))
            return et_fail(err, ET_ERR_OUT_OF_RANGE, ".ptd entry '%.*s': segment %u is out of range",
                           (int)(key_len > 60 ? 60 : key_len), key, (unsigned)si);
        if (off > m->segment_size || len > m->segment_size - off)
            return et_fail(err, ET_ERR_TRUNCATED, ".ptd entry '%.*s' runs past the segment data",
                           (int)(key_len > 60 ? 60 : key_len), key);
        *data = m->file + m->segment_base + off;
        *size = len;
        return ET_OK;
    }
    return et_fail(err, ET_ERR_NOT_FOUND, "no external tensor data named '%.*s'", (int)(key_len > 60 ? 60 : key_len),
                   key);
}
#endif
