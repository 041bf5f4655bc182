/* The custom operator payload ("COP1") the Ethos-U driver executes: a list
 * of 32-bit driver actions (ETHOSU.md 1.2): OPTIMIZER_CONFIG (the CONFIG
 * and ID the compiler targeted), one COMMAND_STREAM (the NPU commands that
 * follow it) and NOP padding.  Plain C, no hardware: the firmware driver
 * and the host tests share it. */
#ifndef ETHOSU_COP_H
#define ETHOSU_COP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ethosu_cop {
    bool has_opt_config;
    uint32_t opt_release, opt_patch;  /* compiler version from the action's data */
    uint32_t opt_config, opt_id;      /* CONFIG and ID the stream was compiled for */
    const uint8_t *stream;            /* the NPU command stream, in place */
    uint32_t stream_bytes;
} ethosu_cop;

/* Checks and indexes the payload: FourCC "COP1", a multiple of 4 bytes,
 * known actions that fit, exactly one 16-byte aligned command stream.
 * Returns 0, or -1 with a message in msg. */
int ethosu_cop_parse(const void *payload, size_t size, ethosu_cop *out, char *msg, size_t msg_len);

/* The driver's check of the compiler's CONFIG/ID against the hardware's:
 * when the CONFIG words differ, product, MACs per cycle and command stream
 * version must agree and no custom DMA may be needed; the architecture
 * major revision must be equal and the hardware's minor at least the
 * compiler's.  Returns 0, or -1 naming the first mismatch. */
int ethosu_cop_check_config(uint32_t hw_config, uint32_t hw_id, uint32_t opt_config, uint32_t opt_id, char *msg,
                            size_t msg_len);

#endif
