/* EthosUBackend: checks and indexes the VelaBinStream blob at load time
 * (PTE_FORMAT.md section 8).  Running the command stream needs an NPU
 * driver, which this runtime does not have yet, so execute reports that
 * clearly instead of producing wrong numbers. */
#include <string.h>

#include "../et_backend.h"
#include "../flatbuffer.h"

#define VELA_BLOCK_HEADER 32

typedef struct vela_blob {
    const uint8_t *cmd_data, *weight_data;
    uint32_t cmd_size, weight_size, scratch_size;
    int32_t ninputs, noutputs;
} vela_blob;

static bool name_is(const uint8_t *block, const char *name)
{
    size_t n = strlen(name);
    return memcmp(block, name, n) == 0 && block[n] == '\0';
}

static et_err parse_io(const uint8_t *payload, uint32_t len, int32_t *count, et_error *err)
{
    if (len < 4)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: io block too short");
    int32_t n = (int32_t)fb_le32(payload);
    if (n < 0 || (uint64_t)n * 36 + 4 > len)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: io block lists %d records in %u bytes", (int)n,
                       (unsigned)len);
    *count = n;
    return ET_OK;
}

static et_err parse_vela(const uint8_t *blob, size_t size, vela_blob *v, et_error *err)
{
    size_t pos = 0;
    int index = 0;
    bool ended = false;
    memset(v, 0, sizeof *v);
    while (pos < size && !ended) {
        if (size - pos < VELA_BLOCK_HEADER)
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: block %d header truncated", index);
        const uint8_t *b = blob + pos;
        uint32_t len = fb_le32(b + 16);
        uint64_t padded = ((uint64_t)len + 15) & ~(uint64_t)15;
        if (b[15] != '\0' || padded > size - pos - VELA_BLOCK_HEADER)
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: block %d runs past the blob", index);
        if (b[20] != 0)
            return et_fail(err, ET_ERR_UNSUPPORTED, "EthosUBackend: external (named data) payloads not supported");
        const uint8_t *payload = b + VELA_BLOCK_HEADER;
        if (index == 0 && !name_is(b, "vela_bin_stream"))
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: blob does not start with vela_bin_stream");
        if (name_is(b, "vela_bin_stream")) {
            if (index != 0)
                return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: vela_bin_stream not first");
        } else if (name_is(b, "cmd_data")) {
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
            if (parse_io(payload, len, &v->ninputs, err) != ET_OK)
                return err->code;
        } else if (name_is(b, "outputs")) {
            if (parse_io(payload, len, &v->noutputs, err) != ET_OK)
                return err->code;
        } else if (name_is(b, "vela_end_stream")) {
            ended = true;
        } else {
            return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: unknown block '%.16s'", (const char *)b);
        }
        pos += VELA_BLOCK_HEADER + (size_t)padded;
        index++;
    }
    if (!ended || pos != size)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: blob does not end with vela_end_stream");
    if (v->cmd_data == NULL)
        return et_fail(err, ET_ERR_MALFORMED, "EthosUBackend: no cmd_data block");
    return ET_OK;
}

static et_err ethosu_init(et_pool *pool, const uint8_t *blob, size_t size, const fb_vec *specs, void **handle,
                          et_error *err)
{
    (void)specs;
    vela_blob *v = et_pool_alloc(pool, sizeof *v, err);
    if (v == NULL)
        return err->code;
    if (parse_vela(blob, size, v, err) != ET_OK)
        return err->code;
    *handle = v;
    return ET_OK;
}

static et_err ethosu_execute(void *handle, et_value *values, const uint32_t *args, uint32_t nargs, et_error *err)
{
    const vela_blob *v = handle;
    (void)values;
    if (nargs != (uint32_t)(v->ninputs + v->noutputs))
        return et_fail(err, ET_ERR_BACKEND, "EthosUBackend: %u args for %d inputs and %d outputs", (unsigned)nargs,
                       (int)v->ninputs, (int)v->noutputs);
    (void)args;
    return et_fail(err, ET_ERR_UNSUPPORTED,
                   "EthosUBackend: this runtime has no NPU driver yet (command stream of %u bytes, %u bytes scratch)",
                   (unsigned)v->cmd_size, (unsigned)v->scratch_size);
}

const et_backend et_backend_ethosu = {"EthosUBackend", ethosu_init, ethosu_execute};
