/* VelaBinStream reader: block walk, external blocks, I/O records. */
#include "vela_bin.h"

#include <string.h>

#include "../flatbuffer.h"

#define BLOCK_HEADER 32
#define EXTERNAL_KEY_LEN 64  /* a SHA-256 in hex */
#define IO_RECORD 36         /* shape[6], elem_size, offset, region: 9 x i32 */

static bool name_is(const uint8_t *block, const char *name)
{
    size_t n = strlen(name);
    return memcmp(block, name, n) == 0 && block[n] == '\0';
}

static bool aligned16(const void *p) { return ((uintptr_t)p & 15u) == 0; }

uint64_t vela_io_bytes(const vela_io *io)
{
    uint64_t n = (uint64_t)io->elem_size;
    for (int d = 0; d < VELA_SHAPE_DIMS; d++) {
        uint64_t dim = (uint64_t)io->shape[d];
        if (dim != 0 && n > UINT64_MAX / dim)
            return UINT64_MAX;  /* saturate: no buffer is that large */
        n *= dim;
    }
    return n;
}

/* An external block's payload lives in the program's named data. */
static et_err resolve_external(const uint8_t *b, const uint8_t *key, uint32_t key_len, const et_program *program,
                               const uint8_t **data, uint32_t *len, et_error *err)
{
    if (key_len != EXTERNAL_KEY_LEN)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: external block '%.16s' has a %u-byte key, not %d",
                       (const char *)b, (unsigned)key_len, EXTERNAL_KEY_LEN);
    if (program == NULL)
        return et_fail(err, ET_ERR_UNSUPPORTED, "EthosUBackend: external block '%.16s' but no program data",
                       (const char *)b);
    uint64_t size;
    if (et_program_named_data(program, (const char *)key, key_len, data, &size, err) != ET_OK)
        return err->code;
    if (!aligned16(*data))
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: external block '%.16s' is not 16-byte aligned",
                       (const char *)b);
    if (size > UINT32_MAX)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: external block '%.16s' is %llu bytes",
                       (const char *)b, (unsigned long long)size);
    *len = (uint32_t)size;
    return ET_OK;
}

/* inputs / outputs: i32 count, then count records. */
static et_err parse_io(const char *what, const uint8_t *payload, uint32_t len, et_pool *pool, vela_io **out,
                       int32_t *count, et_error *err)
{
    if (len < 4)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: %s block too short", what);
    int32_t n = (int32_t)fb_le32(payload);
    if (n < 0 || (uint64_t)n * IO_RECORD + 4 > len)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: %s block lists %d records in %u bytes", what, (int)n,
                       (unsigned)len);
    vela_io *io = et_pool_alloc(pool, (size_t)n * sizeof *io + 1, err);
    if (io == NULL)
        return err->code;
    for (int32_t i = 0; i < n; i++) {
        const uint8_t *r = payload + 4 + (size_t)i * IO_RECORD;
        for (int d = 0; d < VELA_SHAPE_DIMS; d++) {
            io[i].shape[d] = (int32_t)fb_le32(r + 4 * d);
            if (io[i].shape[d] < 0)
                return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: %s %d has dimension %d = %d", what, (int)i,
                               d, (int)io[i].shape[d]);
        }
        io[i].elem_size = (int32_t)fb_le32(r + 24);
        io[i].offset = (int32_t)fb_le32(r + 28);
        io[i].region = (int32_t)fb_le32(r + 32);
        if (io[i].elem_size <= 0 || io[i].elem_size > 8)
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: %s %d has element size %d", what, (int)i,
                           (int)io[i].elem_size);
        if (io[i].offset < 0)
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: %s %d at scratch offset %d", what, (int)i,
                           (int)io[i].offset);
    }
    *out = io;
    *count = n;
    return ET_OK;
}

/* Every record must lie inside the scratch buffer the host allocates, so
 * that the copies in and out can never leave it. */
static et_err check_io_fits(const char *what, const vela_io *io, int32_t n, uint32_t scratch, et_error *err)
{
    for (int32_t i = 0; i < n; i++) {
        uint64_t bytes = vela_io_bytes(&io[i]);
        if (bytes > scratch || (uint64_t)io[i].offset > scratch - bytes)
            return et_fail(err, ET_ERR_MALFORMED,
                           "EthosUBackend: %s %d (%llu bytes at scratch offset %d) exceeds the %u-byte scratch",
                           what, (int)i, (unsigned long long)bytes, (int)io[i].offset, (unsigned)scratch);
    }
    return ET_OK;
}

static et_err parse_block(const uint8_t *b, const uint8_t *payload, uint32_t len, et_pool *pool, vela_bin *v,
                          et_error *err)
{
    if (name_is(b, "cmd_data")) {
        if (len < 4 || (memcmp(payload, "COP1", 4) != 0 && memcmp(payload, "COP2", 4) != 0))
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: command stream lacks COP1/COP2");
        v->cmd_data = payload;
        v->cmd_size = len;
    } else if (name_is(b, "weight_data")) {
        v->weight_data = payload;
        v->weight_size = len;
    } else if (name_is(b, "scratch_size")) {
        if (len != 4)
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: scratch_size is %u bytes", (unsigned)len);
        v->scratch_size = fb_le32(payload);
    } else if (name_is(b, "inputs")) {
        return parse_io("input", payload, len, pool, &v->inputs, &v->ninputs, err);
    } else if (name_is(b, "outputs")) {
        return parse_io("output", payload, len, pool, &v->outputs, &v->noutputs, err);
    } else {
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: unknown block '%.16s'", (const char *)b);
    }
    return ET_OK;
}

et_err vela_bin_parse(const uint8_t *blob, size_t size, const et_program *program, et_pool *pool, vela_bin *v,
                      et_error *err)
{
    size_t pos = 0;
    int index = 0;
    bool ended = false;
    memset(v, 0, sizeof *v);
    /* The NPU reads the command stream and weights in place: the driver
     * refuses base addresses that are not 16-byte aligned. */
    if (!aligned16(blob))
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: blob at 0x%lx is not 16-byte aligned",
                       (unsigned long)(uintptr_t)blob);
    while (pos < size && !ended) {
        if (size - pos < BLOCK_HEADER)
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: block %d header truncated", index);
        const uint8_t *b = blob + pos;
        uint32_t len = fb_le32(b + 16);
        uint64_t padded = ((uint64_t)len + 15) & ~(uint64_t)15;
        if (b[15] != '\0' || padded > size - pos - BLOCK_HEADER)
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: block %d runs past the blob", index);
        const uint8_t *payload = b + BLOCK_HEADER;
        pos += BLOCK_HEADER + (size_t)padded;
        if (index == 0 && !name_is(b, "vela_bin_stream"))
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: blob does not start with vela_bin_stream");
        index++;
        if (name_is(b, "vela_bin_stream")) {
            if (index != 1)
                return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: vela_bin_stream not first");
            continue;
        }
        if (name_is(b, "vela_end_stream")) {
            ended = true;
            continue;
        }
        if (b[20] == 1 && resolve_external(b, payload, len, program, &payload, &len, err) != ET_OK)
            return err->code;
        if (b[20] > 1)
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: block '%.16s' has external flag %u",
                           (const char *)b, (unsigned)b[20]);
        if (parse_block(b, payload, len, pool, v, err) != ET_OK)
            return err->code;
    }
    if (!ended || pos != size)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: blob does not end with vela_end_stream");
    if (v->cmd_data == NULL)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: no cmd_data block");
    if (check_io_fits("input", v->inputs, v->ninputs, v->scratch_size, err) != ET_OK ||
        check_io_fits("output", v->outputs, v->noutputs, v->scratch_size, err) != ET_OK)
        return err->code;
    return ET_OK;
}
