/* The usual sequence in one place: load a program, lay out the arenas of
 * one method at the start of a memory region, use the rest of the region
 * for metadata, and load the method.  The firmware runner, the host tools
 * and the tests all go through here. */
#ifndef ET_SESSION_H
#define ET_SESSION_H

#include "et_data_map.h"
#include "et_plan.h"
#include "et_runtime.h"

typedef struct et_session {
    et_program program;
    et_data_map external;  /* the .ptd given to et_session_open_external */
    et_method method;
    et_arenas arenas;
    et_pool pool;   /* metadata; pool.used is the bookkeeping cost */
    et_pool fast;   /* the kernels' scratch, when et_session_open_fast gave room for it */
    size_t metadata;       /* bytes of the pool the method's metadata took (the arenas follow) */
    et_plan_report plan;   /* how the arenas were planned (et_plan.h) */
} et_session;

/* The default options: the arenas re-planned at load (et_plan.h), with
 * outputs in place, inputs copied. */
void et_session_plan_options(et_plan_options *opts);

/* method_name NULL means method 0. */
et_err et_session_open(et_session *s, const void *pte, size_t pte_size, const char *method_name, void *mem,
                       size_t mem_size, et_error *err);

/* The same with external tensor data: a .ptd (FlatTensor) file whose
 * entries the program's EXTERNAL tensors name; ptd NULL: none.  Its bytes
 * must stay alive as long as the session (read in place, 16-aligned). */
et_err et_session_open_external(et_session *s, const void *pte, size_t pte_size, const void *ptd, size_t ptd_size,
                                const char *method_name, void *mem, size_t mem_size, et_error *err);

/* The same with a second region in the core's fastest memory (on the
 * M55: DTCM, no wait states) for the kernels' scratch buffer
 * (et_method.scratch); when it is too small, or fast is NULL, the scratch
 * comes from mem like the metadata.  opts: how the arenas are planned
 * (NULL: et_session_plan_options's defaults). */
et_err et_session_open_fast(et_session *s, const void *pte, size_t pte_size, const void *ptd, size_t ptd_size,
                            const char *method_name, void *mem, size_t mem_size, void *fast, size_t fast_size,
                            const et_plan_options *opts, et_error *err);

/* A deterministic input for when the user gives none: element i is
 * (i % 16) + 1 for floats and i % 16 for integers. */
et_err et_session_default_input(et_session *s, uint32_t index, et_error *err);

#endif
