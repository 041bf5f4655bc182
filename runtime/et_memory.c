#include "et_memory.h"

#include <string.h>

void et_pool_init(et_pool *p, void *base, size_t size)
{
    p->base = base;
    p->size = size;
    p->used = 0;
}

static size_t align_up(uintptr_t v, size_t a) { return (size_t)((v + a - 1) & ~(uintptr_t)(a - 1)); }

void *et_pool_alloc_uninit(et_pool *p, size_t bytes, et_error *err)
{
    return et_pool_alloc_aligned_uninit(p, bytes, 16, err);
}

void *et_pool_alloc_aligned_uninit(et_pool *p, size_t bytes, size_t align, et_error *err)
{
    uintptr_t start = align_up((uintptr_t)p->base + p->used, align);
    size_t offset = start - (uintptr_t)p->base;
    if (offset > p->size || bytes > p->size - offset) {
        et_fail(err, ET_ERR_NO_MEMORY, "metadata pool of %lu bytes is full (%lu used, %lu more wanted)",
                (unsigned long)p->size, (unsigned long)p->used, (unsigned long)bytes);
        return NULL;
    }
    p->used = offset + bytes;
    return p->base + offset;
}

void *et_pool_alloc(et_pool *p, size_t bytes, et_error *err)
{
    return et_pool_alloc_aligned(p, bytes, 16, err);
}

void *et_pool_alloc_aligned(et_pool *p, size_t bytes, size_t align, et_error *err)
{
    void *mem = et_pool_alloc_aligned_uninit(p, bytes, align, err);
    if (mem != NULL)
        memset(mem, 0, bytes);
    return mem;
}

et_err et_arenas_layout(et_arenas *out, void *region, size_t region_size,
                        const uint64_t *sizes, uint32_t count, et_error *err)
{
    if (count > ET_MAX_ARENAS)
        return et_fail(err, ET_ERR_UNSUPPORTED, "%u planned arenas, at most %u supported",  /* the loader's words */
                       (unsigned)count, (unsigned)ET_MAX_ARENAS);
    uintptr_t start = (uintptr_t)region;
    uintptr_t p = start;
    out->count = count;
    for (uint32_t i = 0; i < count; i++) {
        p = align_up(p, ET_ARENA_ALIGN);
        size_t used = p - start;
        if (used > region_size || sizes[i] > region_size - used)
            return et_fail(err, ET_ERR_NO_MEMORY,
                           "arena %u needs %llu bytes but only %lu of the %lu-byte region are left",
                           (unsigned)i + 1, (unsigned long long)sizes[i],
                           (unsigned long)(used > region_size ? 0 : region_size - used), (unsigned long)region_size);
        out->base[i] = (uint8_t *)p;
        out->size[i] = sizes[i];
        p += (size_t)sizes[i];
    }
    out->total = p - start;
    return ET_OK;
}
