/* Delegate backends: a DelegateCall hands part of the graph to a backend
 * (e.g. the Ethos-U NPU) that got its compiled blob at load time. */
#ifndef ET_BACKEND_H
#define ET_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "et_error.h"
#include "et_memory.h"
#include "et_types.h"
#include "flatbuffer.h"

typedef struct et_backend {
    const char *name;   /* BackendDelegate.id, e.g. "EthosUBackend" */
    /* Checks and prepares the processed blob; *handle is passed to execute.
     * compile_specs is the [CompileSpec] vector (may be empty). */
    et_err (*init)(et_pool *pool, const uint8_t *blob, size_t size, const fb_vec *compile_specs,
                   void **handle, et_error *err);
    /* args: the delegate's inputs followed by its outputs (value indices). */
    et_err (*execute)(void *handle, et_value *values, const uint32_t *args, uint32_t nargs,
                      et_error *err);
} et_backend;

/* The backend registered under this name, NULL if none. */
const et_backend *et_backend_lookup(const char *name, uint32_t len);

#endif
