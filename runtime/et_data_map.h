/* External tensor data: a FlatTensor (.ptd) file, as ExecuTorch writes it
 * for tensors whose data lives outside the .pte (extra_tensor_info
 * location EXTERNAL, looked up by fully_qualified_name).  Like the
 * program, it is read in place: the caller's bytes must stay alive and
 * unmoved (16-byte aligned) while methods that use it run.
 *
 * Format (extension/flat_tensor/serialize/flat_tensor.fbs upstream):
 * identifier "FT01" at byte 4; an "FH01" header at byte 8 (u32 length,
 * u64 flatbuffer_offset, flatbuffer_size, segment_base_offset,
 * segment_data_size); the FlatTensor table (version, segments
 * [offset, size], named_data [key, segment_index, tensor_layout]); the
 * segments from segment_base_offset. */
#ifndef ET_DATA_MAP_H
#define ET_DATA_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "et_error.h"
#include "flatbuffer.h"

typedef struct et_data_map {
    const uint8_t *file;
    size_t file_size;
    fb_buf fb;
    fb_table root;
    uint64_t segment_base;
    uint64_t segment_size;
    fb_vec segments;    /* [DataSegment] */
    fb_vec named_data;  /* [NamedData] */
} et_data_map;

/* Checks the identifier, the header and the tables. */
et_err et_data_map_load(et_data_map *m, const void *data, size_t size, et_error *err);

/* The bytes stored under `key`. */
et_err et_data_map_get(const et_data_map *m, const char *key, uint32_t key_len, const uint8_t **data,
                       uint64_t *size, et_error *err);

#endif
