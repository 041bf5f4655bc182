/* A loaded .pte program: the checked headers, the location of the constant
 * data, and the list of methods.  Loading copies nothing: the program refers
 * to the caller's bytes, which must stay alive (and unmoved) as long as the
 * program and its methods; on the target they are the model in flash. */
#ifndef ET_PROGRAM_H
#define ET_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "et_error.h"
#include "flatbuffer.h"

typedef enum et_constant_layout {
    ET_CONSTANTS_NONE,
    ET_CONSTANTS_SEGMENT,      /* constant_segment + segments (current format) */
    ET_CONSTANTS_INLINE,       /* deprecated Program.constant_buffer */
} et_constant_layout;

struct et_data_map;

typedef struct et_program {
    const uint8_t *file;
    size_t file_size;
    fb_buf fb;                 /* the flatbuffer part, [0, program_size) */
    fb_table root;
    bool has_extended_header;
    uint64_t segment_base;     /* absolute file offset of segment 0's base */
    fb_vec plans;              /* [ExecutionPlan] */
    fb_vec segments;           /* [DataSegment] */
    fb_vec delegate_data;      /* [BackendDelegateInlineData] */
    fb_vec named_data;         /* [NamedData] */
    et_constant_layout constants;
    fb_vec constant_offsets;   /* SEGMENT: [u64] offsets in the constant segment */
    const uint8_t *constant_base;
    uint64_t constant_size;
    fb_vec constant_buffers;   /* INLINE: [Buffer] */
    const struct et_data_map *external;  /* .ptd data for EXTERNAL tensors, or NULL */
} et_program;

/* Checks the identifier, the extended header, the segment table and the
 * constant tables.  Methods are checked when they are loaded. */
et_err et_program_load(et_program *p, const void *data, size_t size, et_error *err);

uint32_t et_program_method_count(const et_program *p);

/* Name of method i (not NUL-terminated); false if i is out of range or the
 * name is unreadable. */
bool et_program_method_name(const et_program *p, uint32_t i, const char **name, uint32_t *len);

/* Index of the method with this name. */
et_err et_program_find_method(const et_program *p, const char *name, uint32_t *index, et_error *err);

/* Bytes of constant buffer `index` (>= 1), which must hold `nbytes`. */
et_err et_program_constant(const et_program *p, uint32_t index, size_t nbytes,
                           const uint8_t **data, et_error *err);

/* Initial bytes of a planned (mutable) tensor with data_buffer_idx
 * `index`: offsets[index] in the segment of mutable_data_segments[0], as
 * the reference runtime reads them; must hold `nbytes`. */
et_err et_program_mutable_data(const et_program *p, uint32_t index, size_t nbytes, const uint8_t **data,
                               et_error *err);

/* Whether the program has mutable_data_segments (initial values of planned
 * tensors): a selective runner without them (ET_NO_MUTABLE_DATA) refuses
 * such a tensor by name. */
bool et_program_has_mutable_data(const et_program *p);

/* Bytes of segment `index`. */
et_err et_program_segment(const et_program *p, uint32_t index, const uint8_t **data,
                          uint64_t *size, et_error *err);

/* Blob of the named-data entry with this key (exact byte comparison). */
et_err et_program_named_data(const et_program *p, const char *key, uint32_t key_len,
                             const uint8_t **data, uint64_t *size, et_error *err);

#endif
