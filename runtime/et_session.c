#include "et_session.h"

#include <string.h>

#include "et_format.h"

et_err et_session_open(et_session *s, const void *pte, size_t pte_size, const char *method_name, void *mem,
                       size_t mem_size, et_error *err)
{
    return et_session_open_external(s, pte, pte_size, NULL, 0, method_name, mem, mem_size, err);
}

et_err et_session_open_external(et_session *s, const void *pte, size_t pte_size, const void *ptd, size_t ptd_size,
                                const char *method_name, void *mem, size_t mem_size, et_error *err)
{
    return et_session_open_fast(s, pte, pte_size, ptd, ptd_size, method_name, mem, mem_size, NULL, 0, NULL, err);
}

void et_session_plan_options(et_plan_options *opts)
{
    opts->replan = true;
    opts->in_place = true;
    opts->borrow_inputs = 0;
}

/* The .pte's arenas at the end of the region, the pool below them: the
 * method is loaded against them, then re-planned into the pool's used end
 * (et_plan_method), so that the region is used from its start up. */
static et_err open_replanned(et_session *s, uint32_t index, void *mem, size_t mem_size, const uint64_t *sizes,
                             uint32_t count, const et_plan_options *opts, et_error *err)
{
    et_arenas probe;
    if (et_arenas_layout(&probe, mem, mem_size, sizes, count, err) != ET_OK)
        return err->code;
    uintptr_t end = (uintptr_t)mem + mem_size;
    uintptr_t start = (end - probe.total) & ~(uintptr_t)(ET_ARENA_ALIGN - 1);
    if (start < (uintptr_t)mem)
        return et_fail(err, ET_ERR_NO_MEMORY, "the arenas need %lu bytes of the %lu-byte region",
                       (unsigned long)probe.total, (unsigned long)mem_size);
    if (et_arenas_layout(&s->arenas, (void *)start, end - start, sizes, count, err) != ET_OK)
        return err->code;
    et_pool_init(&s->pool, mem, start - (uintptr_t)mem);
    if (et_method_load(&s->method, &s->program, index, &s->pool, s->fast.base ? &s->fast : NULL, &s->arenas,
                       err) != ET_OK)
        return err->code;
    s->metadata = s->pool.used;
    s->pool.size = mem_size;  /* the .pte's arenas above are given up */
    if (et_plan_method(&s->method, &s->arenas, &s->pool, opts, &s->plan, err) != ET_OK)
        return err->code;
    s->arenas = s->method.arenas;
    return ET_OK;
}

et_err et_session_open_fast(et_session *s, const void *pte, size_t pte_size, const void *ptd, size_t ptd_size,
                            const char *method_name, void *mem, size_t mem_size, void *fast, size_t fast_size,
                            const et_plan_options *opts, et_error *err)
{
    uint64_t sizes[ET_MAX_ARENAS];
    et_plan_options defaults;
    uint32_t count, index = 0;
    memset(s, 0, sizeof *s);
    if (et_program_load(&s->program, pte, pte_size, err) != ET_OK)
        return err->code;
    if (ptd) {
        if (et_data_map_load(&s->external, ptd, ptd_size, err) != ET_OK)
            return err->code;
        s->program.external = &s->external;
    }
    if (method_name && et_program_find_method(&s->program, method_name, &index, err) != ET_OK)
        return err->code;
    if (opts == NULL) {
        et_session_plan_options(&defaults);
        opts = &defaults;
    }
    et_pool_init(&s->fast, fast, fast ? fast_size : 0);
    if (et_method_arena_sizes(&s->program, index, sizes, ET_MAX_ARENAS, &count, err) != ET_OK)
        return err->code;
    if (opts->replan) {
        if (open_replanned(s, index, mem, mem_size, sizes, count, opts, err) != ET_OK)
            return err->code;
    } else {
        /* the .pte's plan as main bound it: the arenas first */
        if (et_arenas_layout(&s->arenas, mem, mem_size, sizes, count, err) != ET_OK)
            return err->code;
        et_pool_init(&s->pool, (uint8_t *)mem + s->arenas.total, mem_size - s->arenas.total);
        if (et_method_load(&s->method, &s->program, index, &s->pool, fast ? &s->fast : NULL, &s->arenas, err) !=
            ET_OK)
            return err->code;
        s->metadata = s->pool.used;
        s->plan.pte_bytes = s->plan.bytes = s->arenas.total;
        et_format(s->plan.why, sizeof s->plan.why, "--plan pte");
    }
    s->method.temp = &s->pool;
    return ET_OK;
}

/* ET_DEFAULT_INPUT_FLOAT_ONLY: a selective runner whose model's inputs are
 * all float32 tensors (runtime.mk's runner-for, from pte_run --info's
 * "inputs: float32 tensors only") fills only those by default. */
#ifdef ET_DEFAULT_INPUT_FLOAT_ONLY
#define DEFAULT_FLOAT_ONLY 1
#else
#define DEFAULT_FLOAT_ONLY 0
#endif

et_err et_session_default_input(et_session *s, uint32_t index, et_error *err)
{
    const et_value *v = et_method_input(&s->method, index);
    if (v == NULL || v->tag != ET_TAG_TENSOR)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "input %u is not a tensor", (unsigned)index);
    et_tensor *t = v->u.t;
    if (t->data == NULL && index < 32 && (s->plan.borrowed & (1u << index))) {
        /* read in the caller's buffer, and the caller gives none: one of ours */
        t->data = et_pool_alloc(&s->pool, t->nbytes, err);
        if (t->data == NULL)
            return err->code;
    }
    if (t->data == NULL)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "input %u is not memory-planned; give its bytes",
                       (unsigned)index);
    if (DEFAULT_FLOAT_ONLY && t->dtype != ET_FLOAT)
        return et_fail_built_without(err, "input", index, "defaults for other than float32 inputs (give its bytes)");
    size_t n = et_tensor_numel(t);
    for (size_t i = 0; i < n; i++) {
        int k = (int)(i % 16);
        switch (DEFAULT_FLOAT_ONLY ? ET_FLOAT : t->dtype) {
        case ET_FLOAT: ((float *)t->data)[i] = (float)(k + 1); break;
        case ET_DOUBLE: ((double *)t->data)[i] = k + 1; break;
        case ET_CHAR: case ET_BYTE: case ET_BOOL: ((uint8_t *)t->data)[i] = (uint8_t)k; break;
        case ET_SHORT: ((int16_t *)t->data)[i] = (int16_t)k; break;
        case ET_INT: ((int32_t *)t->data)[i] = k; break;
        case ET_LONG: ((int64_t *)t->data)[i] = k; break;
        default: return et_fail(err, ET_ERR_UNSUPPORTED_DTYPE, "input %u: no default for this dtype", (unsigned)index);
        }
    }
    return ET_OK;
}
