/* VelaBinStream reader for the NPU tests (velabin.h). */
#include "velabin.h"

#include <stdio.h>
#include <string.h>

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool parse_cop(const uint8_t *p, uint32_t n, velabin_t *v, char *err, size_t errlen)
{
    if (n < 4 || n % 4 || (rd32(p) != 0x31504F43u && rd32(p) != 0x32504F43u)) {
        snprintf(err, errlen, "cmd_data does not start with COP1");
        return false;
    }
    for (uint32_t i = 4; i + 4 <= n;) {
        uint32_t w = rd32(p + i);
        unsigned action = w & 0xFF;
        if (action == 1) {          /* OPTIMIZER_CONFIG: + CONFIG, ID */
            if (i + 12 > n)
                break;
            v->config = rd32(p + i + 4);
            v->id = rd32(p + i + 8);
            i += 12;
        } else if (action == 2) {   /* COMMAND_STREAM: N words follow */
            uint32_t words = ((w >> 8) & 0xFF) << 16 | (w >> 16);
            if ((uint64_t)i + 4 + (uint64_t)words * 4 > n) {
                snprintf(err, errlen, "command stream of %u words overruns cmd_data", words);
                return false;
            }
            v->cmd = p + i + 4;
            v->cmd_bytes = words * 4;
            i += 4 + words * 4;
        } else if (action == 5) {   /* NOP */
            i += 4;
        } else {
            snprintf(err, errlen, "driver action %u not supported", action);
            return false;
        }
    }
    if (!v->cmd) {
        snprintf(err, errlen, "no COMMAND_STREAM in cmd_data");
        return false;
    }
    return true;
}

static bool parse_io(const uint8_t *p, uint32_t n, velabin_io_t *io, unsigned *count)
{
    if (n < 4)
        return false;
    uint32_t k = rd32(p);
    if (k > 8 || 4 + (uint64_t)k * 36 > n)
        return false;
    for (uint32_t i = 0; i < k; i++) {
        const uint8_t *e = p + 4 + i * 36;
        for (int d = 0; d < 6; d++)
            io[i].shape[d] = (int32_t)rd32(e + 4 * d);
        io[i].elem_size = (int32_t)rd32(e + 24);
        io[i].offset = (int32_t)rd32(e + 28);
        io[i].region = (int32_t)rd32(e + 32);
    }
    *count = k;
    return true;
}

bool velabin_parse(const uint8_t *blob, size_t size, velabin_t *v, char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    bool started = false, ended = false;
    for (size_t off = 0; off + 32 <= size && !ended;) {
        char name[17];
        memcpy(name, blob + off, 16);
        name[16] = 0;
        uint32_t n = rd32(blob + off + 16);
        uint8_t external = blob[off + 20];
        const uint8_t *data = blob + off + 32;
        uint64_t padded = ((uint64_t)n + 15) & ~(uint64_t)15;
        if (off + 32 + padded > size) {
            snprintf(err, errlen, "block %s overruns the blob", name);
            return false;
        }
        if (external) {
            snprintf(err, errlen, "block %s is external", name);
            return false;
        }
        if (!strcmp(name, "vela_bin_stream")) {
            started = true;
        } else if (!strcmp(name, "vela_end_stream")) {
            ended = true;
        } else if (!strcmp(name, "cmd_data")) {
            if (!parse_cop(data, n, v, err, errlen))
                return false;
        } else if (!strcmp(name, "weight_data")) {
            v->weights = data;
            v->weight_bytes = n;
        } else if (!strcmp(name, "scratch_size")) {
            if (n < 4)
                return false;
            v->scratch_bytes = rd32(data);
        } else if (!strcmp(name, "inputs")) {
            if (!parse_io(data, n, v->in, &v->nin)) {
                snprintf(err, errlen, "bad inputs block");
                return false;
            }
        } else if (!strcmp(name, "outputs")) {
            if (!parse_io(data, n, v->out, &v->nout)) {
                snprintf(err, errlen, "bad outputs block");
                return false;
            }
        }
        off += 32 + padded;
    }
    if (!started || !ended || !v->cmd) {
        snprintf(err, errlen, "not a complete VelaBinStream");
        return false;
    }
    return true;
}

size_t velabin_io_bytes(const velabin_io_t *io)
{
    size_t n = (size_t)(io->elem_size > 0 ? io->elem_size : 0);
    for (int d = 0; d < 6; d++)
        n *= (size_t)(io->shape[d] > 0 ? io->shape[d] : 0);
    return n;
}
