/* Helpers for the NPU tests: files from the shared reference folder, a
 * host memory map behind an npu_port_t, and running a command stream to
 * its end. */
#ifndef ETSIM_TESTS_NPU_UTIL_H
#define ETSIM_TESTS_NPU_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "../../npu/npu_core.h"

/* Whole file under $ETSIM_SHARED (default ../shared); NULL if missing. */
uint8_t *nt_read_shared(const char *rel, size_t *size);

/* Flat host memory: up to 4 windows at NPU addresses. */
typedef struct nt_mem {
    struct {
        uint32_t base;
        uint32_t size;
        uint8_t *bytes;
    } win[4];
    unsigned nwin;
    uint64_t reads, writes;
} nt_mem_t;

/* Add a zeroed window; returns its host bytes. */
uint8_t *nt_mem_add(nt_mem_t *m, uint32_t base, uint32_t size);
void nt_mem_free(nt_mem_t *m);
npu_port_t nt_mem_port(nt_mem_t *m);

/* Step from qread 0 until something other than CONTINUE/IRQ; at most
 * max_cmds commands.  Returns the final result; *last gets its info. */
npu_step_result_t nt_run(npu_core_t *c, const npu_bases_t *b, unsigned max_cmds, npu_op_info_t *last);

/* A command-stream builder. */
typedef struct nt_stream {
    uint32_t w[4096];
    unsigned n;
} nt_stream_t;

void nt_cmd0(nt_stream_t *s, unsigned op, uint16_t param);
void nt_cmd1(nt_stream_t *s, unsigned op, uint16_t param, uint32_t payload);

#endif
