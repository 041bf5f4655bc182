/* Moving a delegate's tensors in and out of the Ethos-U scratch buffer,
 * as upstream ExecuTorch's EthosUBackend does (ETHOSU.md 1.3): inputs are
 * copied to their scratch offsets after their dtype and element count are
 * checked; outputs are copied back, row by row when Vela padded the
 * innermost dimension, unpacked when Vela wrote int4, and their byte
 * totals are checked at the end. */
#ifndef ETHOSU_IO_H
#define ETHOSU_IO_H

#include <stddef.h>
#include <stdint.h>

#include "../et_error.h"
#include "../et_types.h"
#include "vela_bin.h"

/* Checks input `index` against its record (accepted dtype / element size
 * pairs: int32/4, int8/1, uint8/1, int16/2, bool/1; same element count)
 * and copies its bytes to scratch + io->offset.  scratch_size bounds it. */
et_err ethosu_copy_input(int index, const et_tensor *t, const vela_io *io, uint8_t *scratch, size_t scratch_size,
                         et_error *err);

/* Before the job: output `index` must have Vela's element size. */
et_err ethosu_check_output(int index, const et_tensor *t, const vela_io *io, et_error *err);

/* Output byte totals over one job, compared by ethosu_check_totals. */
typedef struct ethosu_totals {
    uint64_t tensor_bytes, io_bytes;
} ethosu_totals;

/* After the job: copies output `index` from scratch + io->offset into the
 * tensor (plain, padded rows, or int4 unpacked) and adds to the totals. */
et_err ethosu_copy_output(int index, et_tensor *t, const vela_io *io, const uint8_t *scratch, size_t scratch_size,
                          ethosu_totals *totals, et_error *err);

et_err ethosu_check_totals(const ethosu_totals *totals, et_error *err);

#endif
