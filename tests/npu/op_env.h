/* A bench for hand-made command streams: scratch (region 1) and constant
 * (region 0) memory behind a host port, a stream builder with feature-map
 * helpers, and a tiny raw-mode mlw encoder for weights.  Test code. */
#ifndef ETSIM_TESTS_OP_ENV_H
#define ETSIM_TESTS_OP_ENV_H

#include "npu_test_util.h"

#define ENV_CONST_BASE   0x10000000u
#define ENV_SCRATCH_BASE 0x20000000u
#define ENV_CMD_BASE     0x30000000u
#define ENV_MEM_SIZE     0x40000u

typedef struct op_env {
    nt_mem_t mem;
    uint8_t *cst, *scr, *cmd;
    npu_core_t *core;
    npu_bases_t bases;
    nt_stream_t st;
    npu_op_info_t info;      /* of the last command run */
    npu_op_info_t op_info;   /* of the last kernel/DMA operation */
} op_env_t;

void env_init(op_env_t *e, unsigned macs);
void env_fini(op_env_t *e);
/* Append STOP, run from the start; returns the final step result. */
npu_step_result_t env_run(op_env_t *e);

/* A feature map for the helpers below. */
typedef struct fm {
    unsigned region;
    uint32_t base;
    unsigned h, w, c;
    unsigned bits;        /* 8, 16, 32 */
    bool is_signed, brick;
    int zp;
} fm_t;

/* Program IFM / IFM2 / OFM registers (tile 0 only, Vela's strides). */
void env_ifm(op_env_t *e, const fm_t *f);
void env_ifm2(op_env_t *e, const fm_t *f);
void env_ofm(op_env_t *e, const fm_t *f, bool global_scale, unsigned round_mode);
/* Element (y, x, c) of f, in the environment's memory. */
uint8_t *env_elem(op_env_t *e, const fm_t *f, unsigned y, unsigned x, unsigned c);
void env_put(op_env_t *e, const fm_t *f, unsigned y, unsigned x, unsigned c, int32_t v);
int32_t env_get(op_env_t *e, const fm_t *f, unsigned y, unsigned x, unsigned c);

/* Raw (uncompressed, no palette, no zero runs) mlw stream of n values;
 * returns its length in bytes (padded to 16). */
size_t mlw_encode_raw(const int16_t *v, size_t n, uint8_t *out, size_t cap);
/* One 10-byte scale-stream entry. */
void scale_entry(uint8_t *p, int64_t bias, uint32_t scale, unsigned shift);

#endif
