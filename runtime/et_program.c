#include "et_program.h"

#include <string.h>

#include "pte_schema.h"

#define EXT_HEADER_OFFSET 8
#define EXT_HEADER_MIN_LEN 24

/* The file ends before what its header or root offset says is there:
 * one message for every such case, with the byte it should reach. */
static et_err truncated(const et_program *p, const char *what, uint64_t end, et_error *err)
{
    return et_fail(err, ET_ERR_TRUNCATED, "file of %lu bytes ends before %s (byte %llu)", (unsigned long)p->file_size,
                   what, (unsigned long long)end);
}

/* Reads the optional "eh00" header and decides which bytes are flatbuffer. */
static et_err read_extended_header(et_program *p, et_error *err)
{
    const uint8_t *f = p->file;
    p->fb.data = f;
    p->fb.size = (uint32_t)p->file_size;
    p->segment_base = 0;
    p->has_extended_header = false;
    if (p->file_size < EXT_HEADER_OFFSET + 4 || memcmp(f + EXT_HEADER_OFFSET, "eh", 2) != 0)
        return ET_OK;
    if (memcmp(f + EXT_HEADER_OFFSET, "eh00", 4) != 0)
        return et_fail(err, ET_ERR_BAD_IDENTIFIER, "extended header magic '%.4s' is not eh00",
                       (const char *)f + EXT_HEADER_OFFSET);
    if (p->file_size < EXT_HEADER_OFFSET + 8)
        return truncated(p, "the extended header's length", EXT_HEADER_OFFSET + 8, err);
    uint32_t len = fb_le32(f + EXT_HEADER_OFFSET + 4);
    if (len < EXT_HEADER_MIN_LEN)
        return et_fail(err, ET_ERR_MALFORMED, "extended header length %u is below 24", (unsigned)len);
    if (p->file_size < (uint64_t)EXT_HEADER_OFFSET + len)
        return truncated(p, "the extended header's end", (uint64_t)EXT_HEADER_OFFSET + len, err);
    uint64_t program_size = fb_le64(f + 16);
    uint64_t seg_base = fb_le64(f + 24);
    uint64_t seg_size = len >= 32 ? fb_le64(f + 32) : 0;
    if (program_size < EXT_HEADER_OFFSET + (uint64_t)len || program_size > UINT32_MAX)
        return et_fail(err, ET_ERR_MALFORMED, "extended header: program_size %llu is impossible",
                       (unsigned long long)program_size);
    if (program_size > p->file_size)
        return truncated(p, "the program's end", program_size, err);
    if (seg_base != 0 && seg_base < program_size)
        return et_fail(err, ET_ERR_MALFORMED, "segment base %llu lies inside the program (%llu bytes)",
                       (unsigned long long)seg_base, (unsigned long long)program_size);
    if (seg_base > p->file_size || seg_size > p->file_size - seg_base)
        return truncated(p, "the segments' end", seg_base + seg_size, err);
    p->has_extended_header = true;
    p->fb.size = (uint32_t)program_size;
    p->segment_base = seg_base;
    return ET_OK;
}

static et_err read_constants(et_program *p, et_error *err)
{
    fb_table cs;
    bool present;
    p->constants = ET_CONSTANTS_NONE;
    if (!fb_vector(&p->root, PROGRAM_CONSTANT_BUFFER, 4, &p->constant_buffers, NULL) ||
        !fb_subtable(&p->root, PROGRAM_CONSTANT_SEGMENT, &cs, &present))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "Program.constant_buffer/constant_segment out of range");
    if (present) {
        uint32_t seg_index;
        if (!fb_u32(&cs, SUBSEGMENT_INDEX, 0, &seg_index) ||
            !fb_vector(&cs, SUBSEGMENT_OFFSETS, 8, &p->constant_offsets, NULL))
            return et_fail(err, ET_ERR_OUT_OF_RANGE, "constant_segment fields out of range");
        /* One offset is only the placeholder: no constants at all, and the
         * listed segment may not even exist in the file (add_apple.pte). */
        if (p->constant_offsets.count > 1) {
            if (et_program_segment(p, seg_index, &p->constant_base, &p->constant_size, err) != ET_OK)
                return err->code;
            p->constants = ET_CONSTANTS_SEGMENT;
            return ET_OK;
        }
    }
    if (p->constant_buffers.count > 1)
        p->constants = ET_CONSTANTS_INLINE;
    return ET_OK;
}

et_err et_program_load(et_program *p, const void *data, size_t size, et_error *err)
{
    memset(p, 0, sizeof *p);
    p->file = data;
    p->file_size = size;
    if (size < 8)
        return truncated(p, "the file identifier's end", 8, err);
    if (size > UINT32_MAX)
        return et_fail(err, ET_ERR_UNSUPPORTED, "files over 4 GiB are not supported");
    if (memcmp(p->file + 4, "ET12", 4) != 0)
        return et_fail(err, ET_ERR_BAD_IDENTIFIER, "file identifier is '%.4s', expected 'ET12'",
                       (const char *)p->file + 4);
    if (read_extended_header(p, err) != ET_OK)
        return err->code;
    if ((uint64_t)fb_le32(p->file) + 4 > p->file_size)
        return truncated(p, "its root table", (uint64_t)fb_le32(p->file) + 4, err);
    if (!fb_root(&p->fb, &p->root))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "root table offset %u is outside the %u-byte program",
                       (unsigned)fb_le32(p->file), (unsigned)p->fb.size);
    bool has_plans;
    if (!fb_vector(&p->root, PROGRAM_EXECUTION_PLAN, 4, &p->plans, &has_plans) ||
        !fb_vector(&p->root, PROGRAM_SEGMENTS, 4, &p->segments, NULL) ||
        !fb_vector(&p->root, PROGRAM_BACKEND_DELEGATE_DATA, 4, &p->delegate_data, NULL) ||
        !fb_vector(&p->root, PROGRAM_NAMED_DATA, 4, &p->named_data, NULL))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "a Program table field points outside the program");
    if (!has_plans || p->plans.count == 0)
        return et_fail(err, ET_ERR_MALFORMED, "Program has no execution plan");
    for (uint32_t i = 0; i < p->plans.count; i++) {
        fb_table plan;
        if (!fb_vec_table(&p->plans, i, &plan))
            return et_fail(err, ET_ERR_OUT_OF_RANGE, "execution_plan[%u] is out of range", (unsigned)i);
    }
    return read_constants(p, err);
}

uint32_t et_program_method_count(const et_program *p) { return p->plans.count; }

bool et_program_method_name(const et_program *p, uint32_t i, const char **name, uint32_t *len)
{
    fb_table plan;
    bool present;
    return fb_vec_table(&p->plans, i, &plan) && fb_string(&plan, PLAN_NAME, name, len, &present) && present;
}

et_err et_program_find_method(const et_program *p, const char *name, uint32_t *index, et_error *err)
{
    size_t want = strlen(name);
    for (uint32_t i = 0; i < p->plans.count; i++) {
        const char *s;
        uint32_t len;
        if (et_program_method_name(p, i, &s, &len) && len == want && memcmp(s, name, len) == 0) {
            *index = i;
            return ET_OK;
        }
    }
    return et_fail(err, ET_ERR_NOT_FOUND, "no method named '%s'", name);
}

et_err et_program_segment(const et_program *p, uint32_t index, const uint8_t **data,
                          uint64_t *size, et_error *err)
{
    fb_table seg;
    uint64_t off, len;
    if (index >= p->segments.count)
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "segment index %u, the program has %u segments",
                       (unsigned)index, (unsigned)p->segments.count);
    if (!fb_vec_table(&p->segments, index, &seg) || !fb_u64(&seg, SEGMENT_OFFSET, 0, &off) ||
        !fb_u64(&seg, SEGMENT_SIZE, 0, &len))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "segments[%u] is out of range", (unsigned)index);
    if (!p->has_extended_header || p->segment_base == 0)
        return et_fail(err, ET_ERR_MALFORMED, "segment %u is used but the file has no segment base", (unsigned)index);
    uint64_t avail = p->file_size - p->segment_base;
    if (off > avail || len > avail - off)
        return et_fail(err, ET_ERR_TRUNCATED, "segment %u (offset %llu, %llu bytes) runs past the end of the file",
                       (unsigned)index, (unsigned long long)off, (unsigned long long)len);
    *data = p->file + p->segment_base + off;
    *size = len;
    return ET_OK;
}

#ifdef ET_NO_INLINE_CONSTANTS
/* A selective runner for a model whose constants are in a segment
 * (runtime.mk's runner-for) has no reader of the deprecated
 * Program.constant_buffer (older exporters'). */
static et_err inline_constant(const et_program *p, uint32_t index, size_t nbytes, const uint8_t **data,
                              et_error *err)
{
    (void)p, (void)nbytes, (void)data;
    return et_fail_built_without(err, "constant", index, "the deprecated constant_buffer's reader");
}
#else
static et_err inline_constant(const et_program *p, uint32_t index, size_t nbytes, const uint8_t **data,
                              et_error *err)
{
    fb_table buf;
    fb_vec storage;
    if (index == 0 || index >= p->constant_buffers.count)
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "constant index %u, there are %u constant buffers",
                       (unsigned)index, (unsigned)p->constant_buffers.count - 1);
    if (!fb_vec_table(&p->constant_buffers, index, &buf) || !fb_vector(&buf, BUFFER_STORAGE, 1, &storage, NULL))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "constant_buffer[%u] is out of range", (unsigned)index);
    if (storage.count < nbytes)
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "constant_buffer[%u] has %u bytes, the tensor needs %lu",
                       (unsigned)index, (unsigned)storage.count, (unsigned long)nbytes);
    *data = fb_vec_bytes(&storage);
    return ET_OK;
}
#endif

et_err et_program_constant(const et_program *p, uint32_t index, size_t nbytes,
                           const uint8_t **data, et_error *err)
{
    if (p->constants == ET_CONSTANTS_SEGMENT) {
        if (index == 0 || index >= p->constant_offsets.count)
            return et_fail(err, ET_ERR_OUT_OF_RANGE, "constant index %u, there are %u constants",
                           (unsigned)index, (unsigned)p->constant_offsets.count - 1);
        uint64_t off = fb_vec_u64(&p->constant_offsets, index);
        if (off > p->constant_size || nbytes > p->constant_size - off)
            return et_fail(err, ET_ERR_OUT_OF_RANGE,
                           "constant %u (%lu bytes at offset %llu) runs past its %llu-byte segment",
                           (unsigned)index, (unsigned long)nbytes, (unsigned long long)off,
                           (unsigned long long)p->constant_size);
        *data = p->constant_base + off;
        return ET_OK;
    }
    if (p->constants == ET_CONSTANTS_INLINE)
        return inline_constant(p, index, nbytes, data, err);
    return et_fail(err, ET_ERR_OUT_OF_RANGE, "constant %u is used but the program has no constants",
                   (unsigned)index);
}

bool et_program_has_mutable_data(const et_program *p)
{
    fb_vec lists;
    bool present;
    return fb_vector(&p->root, PROGRAM_MUTABLE_DATA_SEGMENTS, 4, &lists, &present) && present && lists.count > 0;
}

#ifdef ET_NO_MUTABLE_DATA
/* A selective runner for a model without mutable data (runtime.mk's
 * runner-for) has no reader for it (half a KB less code). */
et_err et_program_mutable_data(const et_program *p, uint32_t index, size_t nbytes, const uint8_t **data,
                               et_error *err)
{
    (void)p;
    (void)nbytes;
    (void)data;
    return et_fail_built_without(err, "mutable data", index, "mutable data support");
}
#else
et_err et_program_mutable_data(const et_program *p, uint32_t index, size_t nbytes, const uint8_t **data,
                               et_error *err)
{
    fb_vec lists, offsets;
    fb_table sub;
    uint32_t seg_index;
    bool present;
    const uint8_t *seg;
    uint64_t seg_size;
    if (!fb_vector(&p->root, PROGRAM_MUTABLE_DATA_SEGMENTS, 4, &lists, &present))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "mutable_data_segments is out of range");
    if (!present || lists.count == 0)
        return et_fail(err, ET_ERR_MALFORMED, "a planned tensor has initial data %u but the program has no "
                       "mutable_data_segments", (unsigned)index);
    if (!fb_vec_table(&lists, 0, &sub) || !fb_u32(&sub, SUBSEGMENT_INDEX, 0, &seg_index) ||
        !fb_vector(&sub, SUBSEGMENT_OFFSETS, 8, &offsets, NULL))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "mutable_data_segments[0] is out of range");
    if (index >= offsets.count)
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "mutable data index %u, there are %u", (unsigned)index,
                       (unsigned)offsets.count);
    if (et_program_segment(p, seg_index, &seg, &seg_size, err) != ET_OK)
        return err->code;
    uint64_t off = fb_vec_u64(&offsets, index);
    if (off > seg_size || nbytes > seg_size - off)
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "mutable data %u (%lu bytes at offset %llu) runs past its segment",
                       (unsigned)index, (unsigned long)nbytes, (unsigned long long)off);
    *data = seg + off;
    return ET_OK;
}
#endif

et_err et_program_named_data(const et_program *p, const char *key, uint32_t key_len,
                             const uint8_t **data, uint64_t *size, et_error *err)
{
    for (uint32_t i = 0; i < p->named_data.count; i++) {
        fb_table nd;
        const char *k;
        uint32_t klen, seg;
        bool present;
        if (!fb_vec_table(&p->named_data, i, &nd) || !fb_string(&nd, NAMED_DATA_KEY, &k, &klen, &present) ||
            !fb_u32(&nd, NAMED_DATA_SEGMENT_INDEX, 0, &seg))
            return et_fail(err, ET_ERR_OUT_OF_RANGE, "named_data[%u] is out of range", (unsigned)i);
        if (klen == key_len && memcmp(k, key, klen) == 0)
            return et_program_segment(p, seg, data, size, err);
    }
    return et_fail(err, ET_ERR_NOT_FOUND, "no named data with key '%.*s'", (int)key_len, key);
}
