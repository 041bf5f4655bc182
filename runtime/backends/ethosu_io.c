/* Ethos-U delegate I/O: checks and copies between tensors and scratch. */
#include "ethosu_io.h"

#include <string.h>

/* The (dtype, element size) pairs the reference backend accepts: no float
 * I/O, quantize and dequantize stay on the CPU. */
static bool input_dtype_ok(int dtype, int32_t elem_size)
{
    switch (dtype) {
    case ET_INT: return elem_size == 4;
    case ET_CHAR: case ET_BYTE: case ET_BOOL: return elem_size == 1;
    case ET_SHORT: return elem_size == 2;
    default: return false;
    }
}

/* prod(shape) with the reference's rule for the chunked copies: a 0 entry
 * counts as 1 there. */
static uint64_t shape_product(const vela_io *io, int from, int to, bool zero_as_one)
{
    uint64_t n = 1;
    for (int d = from; d < to; d++) {
        uint64_t dim = (uint64_t)io->shape[d];
        if (dim == 0 && zero_as_one)
            dim = 1;
        if (dim != 0 && n > UINT64_MAX / dim)
            return UINT64_MAX;
        n *= dim;
    }
    return n;
}

static bool fits(uint64_t offset, uint64_t bytes, size_t size)
{
    return bytes <= size && offset <= size - bytes;
}

et_err ethosu_copy_input(int index, const et_tensor *t, const vela_io *io, uint8_t *scratch, size_t scratch_size,
                         et_error *err)
{
    if (!input_dtype_ok(t->dtype, io->elem_size))
        return et_fail(err, ET_ERR_UNSUPPORTED_DTYPE,
                       "EthosUBackend: input %d is %s, Vela expects %d-byte integers (int8, uint8, int16, int32 or bool)",
                       index, et_dtype_name(t->dtype), (int)io->elem_size);
    uint64_t want = shape_product(io, 0, VELA_SHAPE_DIMS, false);
    size_t have = et_tensor_numel(t);
    if ((uint64_t)have != want)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "EthosUBackend: input %d has %lu elements, Vela expects %llu",
                       index, (unsigned long)have, (unsigned long long)want);
    if (t->data == NULL && t->nbytes != 0)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "EthosUBackend: input %d has no data", index);
    if (!fits((uint64_t)io->offset, t->nbytes, scratch_size))
        return et_fail(err, ET_ERR_INVALID_ARGUMENT,
                       "EthosUBackend: input %d (%lu bytes at offset %d) does not fit the %lu-byte scratch", index,
                       (unsigned long)t->nbytes, (int)io->offset, (unsigned long)scratch_size);
    if (t->nbytes != 0)
        memcpy(scratch + io->offset, t->data, t->nbytes);
    return ET_OK;
}

et_err ethosu_check_output(int index, const et_tensor *t, const vela_io *io, et_error *err)
{
    if ((size_t)io->elem_size != et_dtype_size(t->dtype))
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "EthosUBackend: output %d is %s, Vela writes %d-byte elements",
                       index, et_dtype_name(t->dtype), (int)io->elem_size);
    if (t->data == NULL && t->nbytes != 0)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "EthosUBackend: output %d has no memory", index);
    return ET_OK;
}

/* Vela wrote int4, two values per byte, low nibble first: sign-extend each
 * into an int8 element. */
static void unpack_int4(int8_t *dst, const uint8_t *src, size_t rows, size_t src_row, size_t dst_row)
{
    for (size_t r = 0; r < rows; r++, src += src_row, dst += dst_row)
        for (size_t i = 0; i < src_row; i++) {
            int lo = src[i] & 0xF, hi = src[i] >> 4;
            dst[2 * i] = (int8_t)(lo >= 8 ? lo - 16 : lo);
            dst[2 * i + 1] = (int8_t)(hi >= 8 ? hi - 16 : hi);
        }
}

/* Byte counts differ: Vela's rows (all dimensions but the innermost) are
 * either longer than the tensor's (padding: copy the tensor's part of each
 * row) or half as long (int4). */
static et_err copy_adjusted(int index, et_tensor *t, const vela_io *io, const uint8_t *src, size_t avail,
                            et_error *err)
{
    uint64_t rows = shape_product(io, 0, VELA_SHAPE_DIMS - 1, true);
    uint64_t vela_row = shape_product(io, VELA_SHAPE_DIMS - 1, VELA_SHAPE_DIMS, true) * (uint64_t)io->elem_size;
    if (t->nbytes % rows != 0)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT,
                       "EthosUBackend: output %d has %lu bytes, not a whole number of Vela's %llu rows", index,
                       (unsigned long)t->nbytes, (unsigned long long)rows);
    uint64_t row = t->nbytes / rows;
    if (rows > UINT64_MAX / vela_row || rows * vela_row > avail)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT,
                       "EthosUBackend: output %d's %llu rows of %llu bytes run past the scratch buffer", index,
                       (unsigned long long)rows, (unsigned long long)vela_row);
    if (vela_row < row) {
        if (row != 2 * vela_row || io->elem_size != 1 || t->dtype != ET_CHAR)
            return et_fail(err, ET_ERR_UNSUPPORTED,
                           "EthosUBackend: output %d: %s rows of %llu bytes from Vela rows of %llu (only int4 -> int8)",
                           index, et_dtype_name(t->dtype), (unsigned long long)row, (unsigned long long)vela_row);
        unpack_int4(t->data, src, (size_t)rows, (size_t)vela_row, (size_t)row);
        return ET_OK;
    }
    uint8_t *dst = t->data;
    for (uint64_t r = 0; r < rows; r++)
        memcpy(dst + r * row, src + r * vela_row, (size_t)row);
    return ET_OK;
}

et_err ethosu_copy_output(int index, et_tensor *t, const vela_io *io, const uint8_t *scratch, size_t scratch_size,
                          ethosu_totals *totals, et_error *err)
{
    uint64_t io_bytes = vela_io_bytes(io);
    if ((uint64_t)io->offset > scratch_size)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "EthosUBackend: output %d at offset %d is past the scratch",
                       index, (int)io->offset);
    const uint8_t *src = scratch + io->offset;
    size_t avail = scratch_size - (size_t)io->offset;
    if (io_bytes == t->nbytes) {
        if (io_bytes > avail)
            return et_fail(err, ET_ERR_INVALID_ARGUMENT, "EthosUBackend: output %d runs past the scratch", index);
        if (t->nbytes != 0)
            memcpy(t->data, src, t->nbytes);
        totals->io_bytes += io_bytes;
    } else {
        if (copy_adjusted(index, t, io, src, avail, err) != ET_OK)
            return err->code;
        totals->io_bytes += t->nbytes;  /* as the reference counts an adjusted copy */
    }
    totals->tensor_bytes += t->nbytes;
    return ET_OK;
}

et_err ethosu_check_totals(const ethosu_totals *totals, et_error *err)
{
    if (totals->tensor_bytes != totals->io_bytes)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "EthosUBackend: outputs hold %llu bytes, Vela wrote %llu",
                       (unsigned long long)totals->tensor_bytes, (unsigned long long)totals->io_bytes);
    return ET_OK;
}
