/* Delegate backends: a DelegateCall hands part of the graph to a backend
 * (e.g. the Ethos-U NPU) that got its compiled blob at load time. */
#ifndef ET_BACKEND_H
#define ET_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "et_error.h"
#include "et_memory.h"
#include "et_program.h"
#include "et_types.h"
#include "flatbuffer.h"

/* One Ethos-U job as the EthosUBackend hands it to a driver: the COP1
 * payload (driver actions and the command stream, read in place) and the
 * region base addresses with their sizes (ETHOSU.md 1.2, 1.3). */
#define ET_NPU_MAX_BASES 8
typedef struct et_npu_job {
    const uint8_t *cop;
    size_t cop_size;
    uint64_t base[ET_NPU_MAX_BASES];
    size_t base_size[ET_NPU_MAX_BASES];
    int nbases;
} et_npu_job;

/* An NPU driver, provided by the application (the runner firmware); the
 * runtime itself never touches hardware. */
typedef struct et_npu {
    void *ctx;
    /* Runs the job to completion; an error names what the NPU reported. */
    et_err (*invoke)(void *ctx, const et_npu_job *job, et_error *err);
} et_npu;

/* The devices an application lends to its backends (NULL members: none). */
typedef struct et_platform {
    const et_npu *npu;
} et_platform;

/* What init gets besides the blob: where to keep its state, and the
 * program (for blocks stored as named data). */
typedef struct et_backend_init_ctx {
    et_pool *pool;
    const et_program *program;
} et_backend_init_ctx;

/* What execute gets: temporary memory that is released when the call
 * returns (NULL if the application gave none) and the platform. */
typedef struct et_backend_exec_ctx {
    et_pool *temp;
    const et_platform *platform;
} et_backend_exec_ctx;

typedef struct et_backend {
    const char *name;   /* BackendDelegate.id, e.g. "EthosUBackend" */
    int engine;         /* where it runs, for the observer: 0 cpu, 1 npu, 2 dsp */
    /* Checks and prepares the processed blob; *handle is passed to execute.
     * compile_specs is the [CompileSpec] vector (may be empty). */
    et_err (*init)(const et_backend_init_ctx *ctx, const uint8_t *blob, size_t size,
                   const fb_vec *compile_specs, void **handle, et_error *err);
    /* args: the delegate's inputs followed by its outputs (value indices). */
    et_err (*execute)(const et_backend_exec_ctx *ctx, void *handle, et_value *values,
                      const uint32_t *args, uint32_t nargs, et_error *err);
} et_backend;

/* The backend registered under this name, NULL if none. */
const et_backend *et_backend_lookup(const char *name, uint32_t len);

#endif
