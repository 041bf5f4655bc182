/* The VelaBinStream: the Ethos-U delegate's processed blob (PTE_FORMAT.md
 * section 8, ETHOSU.md 1.3).  Read in place: the command stream and the
 * weights stay where the .pte is (flash on the target); only the I/O
 * records are decoded. */
#ifndef VELA_BIN_H
#define VELA_BIN_H

#include <stddef.h>
#include <stdint.h>

#include "../et_error.h"
#include "../et_memory.h"
#include "../et_program.h"

#define VELA_SHAPE_DIMS 6

/* One input or output: where it sits in the scratch buffer and its shape
 * as Vela laid it out (6-D, padded with 1s; the innermost dimension may be
 * padded beyond the tensor's). */
typedef struct vela_io {
    int32_t shape[VELA_SHAPE_DIMS];
    int32_t elem_size;
    int32_t offset;   /* bytes into the scratch buffer (region 1) */
    int32_t region;   /* recorded, not used: the reference backend ignores it */
} vela_io;

typedef struct vela_bin {
    const uint8_t *cmd_data;     /* COP1/COP2 payload, 16-byte aligned */
    const uint8_t *weight_data;  /* NPU region 0, NULL if the blob has none */
    uint32_t cmd_size, weight_size, scratch_size;
    vela_io *inputs, *outputs;
    int32_t ninputs, noutputs;
} vela_bin;

/* Bytes of an io record: prod(shape) * elem_size (UINT64_MAX if that
 * overflows; shape entries are checked non-negative at load). */
uint64_t vela_io_bytes(const vela_io *io);

/* Parses and checks the blob (16-byte aligned, blocks in bounds, first
 * vela_bin_stream, last vela_end_stream ending the blob, COP1/COP2,
 * sensible I/O records that fit the scratch buffer).  Blocks flagged
 * external are looked up in the program's named data by their 64-character
 * key (program may be NULL: then they are an error).  The I/O records are
 * copied into `pool`. */
et_err vela_bin_parse(const uint8_t *blob, size_t size, const et_program *program, et_pool *pool, vela_bin *out,
                      et_error *err);

#endif
