/* A host-side reader of Vela's VelaBinStream blob (ETHOSU.md 1.2-1.3,
 * MODELS.md 5): the COP1 command stream, region 0 weights, the scratch
 * size and where each input and output lives.  Test code only: the
 * firmware driver and EthosUBackend do the same on the target. */
#ifndef ETSIM_TESTS_VELABIN_H
#define ETSIM_TESTS_VELABIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct velabin_io {
    int32_t shape[6];
    int32_t elem_size, offset, region;
} velabin_io_t;

typedef struct velabin {
    const uint8_t *cmd;      /* the register command stream (after the COP1 actions) */
    uint32_t cmd_bytes;
    uint32_t config, id;     /* OPTIMIZER_CONFIG's CONFIG and ID words */
    const uint8_t *weights;
    uint32_t weight_bytes;
    uint32_t scratch_bytes;
    velabin_io_t in[8], out[8];
    unsigned nin, nout;
} velabin_t;

/* Parse blob (kept alive by the caller); false with err on bad input. */
bool velabin_parse(const uint8_t *blob, size_t size, velabin_t *v, char *err, size_t errlen);
/* Bytes of one I/O tensor: product of the shape times the element size. */
size_t velabin_io_bytes(const velabin_io_t *io);

#endif
