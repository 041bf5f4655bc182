/* Memory the runtime works in.  The runtime never calls malloc: the caller
 * hands it one pool for metadata (values, tensors, instruction tables) and
 * the planned arenas, so that on the target everything sits in sections
 * the linker script places (DTCM or SRAM) and sizes are known up front. */
#ifndef ET_MEMORY_H
#define ET_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#include "et_error.h"

/* Bump allocator over a caller buffer. */
typedef struct et_pool {
    uint8_t *base;
    size_t size;
    size_t used;
} et_pool;

void et_pool_init(et_pool *p, void *base, size_t size);

/* Zeroed, 16-byte aligned; NULL with an error when the pool is full. */
void *et_pool_alloc(et_pool *p, size_t bytes, et_error *err);

/* The same without zeroing: for buffers the caller overwrites anyway (a
 * delegate's scratch on every inference, where clearing would cost time
 * the reference runtime does not spend). */
void *et_pool_alloc_uninit(et_pool *p, size_t bytes, et_error *err);

/* The same with the alignment the object needs (a power of two), for the
 * many small metadata objects: a 24-byte tensor record then takes 24
 * bytes, not 32. */
void *et_pool_alloc_aligned(et_pool *p, size_t bytes, size_t align, et_error *err);
void *et_pool_alloc_aligned_uninit(et_pool *p, size_t bytes, size_t align, et_error *err);

#define ET_MAX_ARENAS 8
#define ET_ARENA_ALIGN 16

/* The planned arenas of one method, carved out of one region. */
typedef struct et_arenas {
    uint32_t count;
    uint8_t *base[ET_MAX_ARENAS];
    uint64_t size[ET_MAX_ARENAS];
    size_t total;     /* bytes of the region used, including alignment */
} et_arenas;

/* Lays out arenas of the given sizes one after the other, each 16-byte
 * aligned, in [region, region + region_size). */
et_err et_arenas_layout(et_arenas *out, void *region, size_t region_size,
                        const uint64_t *sizes, uint32_t count, et_error *err);

#endif
