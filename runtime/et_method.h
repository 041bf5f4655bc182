/* A loaded method (one ExecutionPlan): its value table bound to constants
 * and arenas, its instructions, resolved kernels and initialised delegates;
 * and the executor that runs it. */
#ifndef ET_METHOD_H
#define ET_METHOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "et_backend.h"
#include "et_error.h"
#include "et_kernel.h"
#include "et_memory.h"
#include "et_program.h"
#include "et_types.h"

typedef struct et_instr {
    uint8_t kind;            /* INSTR_* from pte_schema.h */
    uint16_t chain;          /* the chain it came from (the chains are loaded as one list) */
    uint32_t a;              /* operator / delegate / move_from / cond / freed value */
    uint32_t b;              /* move_to / jump destination */
    const uint32_t *args;    /* Kernel and DelegateCall: value indices */
    uint32_t nargs;
    const uint8_t *arg_pos;  /* KernelCall of a kernel with named arguments: slot -> position */
    const void *state;       /* KernelCall prepared at load (et_kernel_extra); NULL: parsed per call */
} et_instr;

typedef struct et_delegate {
    const et_backend *backend;
    void *handle;
} et_delegate;

typedef struct et_method {
    const et_program *program;
    const char *name;
    uint32_t name_len;
    et_value *values;
    uint32_t nvalues;
    et_box *boxes;     /* the Doubles and wide Ints (et_value.box) */
    uint32_t nboxes;
    uint32_t *inputs;
    uint32_t ninputs;
    uint32_t *outputs;
    uint32_t noutputs;
    et_instr *instrs;
    uint32_t ninstrs;
    const et_kernel_entry **ops;   /* resolved operator table */
    uint32_t nops;
    et_delegate *delegates;
    uint32_t ndelegates;
    et_arenas arenas;
    /* Some planned tensor got bytes at load (a mutable buffer's initial
     * value, a .ptd's): the arenas' bytes matter before the first call. */
    bool planned_init;
    /* The kernels' one scratch buffer (et_kargs.scratch): sized at load
     * for the call that needs the most, shared by all (calls run one at a
     * time). */
    void *scratch;
    size_t scratch_size;
    /* Temporary memory for delegate calls (e.g. the NPU's scratch): taken
     * from the free end of this pool and given back after each call.  NULL:
     * none.  et_session_open points it at the metadata pool. */
    et_pool *temp;
    /* Devices the backends may use (NULL on the host: no NPU). */
    const et_platform *platform;
    /* Permissive cases met by the kernels (et_permissive); NULL: not
     * reported.  The caller owns it. */
    et_warnings *warnings;
} et_method;

/* The argument view's part that is the same for every call of the
 * method (the executor sets it once per run; no kernel changes it). */
static inline void et_method_kargs_common(et_kargs *a, const et_method *m, et_error *err)
{
    a->values = m->values;
    a->boxes = m->boxes;
    a->err = err;
    a->warnings = m->warnings;
    a->scratch = m->scratch;
    a->scratch_size = m->scratch_size;
    a->sizing = false;
}

/* ... and the part of instruction `in`. */
static inline void et_method_kargs_call(et_kargs *a, const et_method *m, const et_instr *in)
{
    a->op = m->ops[in->a]->name;
    a->args = in->args;
    a->nargs = in->nargs;
    a->ok = true;
    a->pos = in->arg_pos;
}

/* The argument view a kernel of instruction `in` gets (`dummy` is left
 * as it is: written before it is read). */
static inline void et_method_kargs(et_kargs *a, const et_method *m, const et_instr *in, et_error *err)
{
    et_method_kargs_common(a, m, err);
    et_method_kargs_call(a, m, in);
}

/* Planned arena sizes of a method (non_const_buffer_sizes without the
 * reserved entry 0). */
et_err et_method_arena_sizes(const et_program *p, uint32_t method_index, uint64_t *sizes,
                             uint32_t max, uint32_t *count, et_error *err);

/* Parses and binds a method.  Metadata comes from `pool`, the kernels'
 * scratch from `scratch_pool` when it has room (the core's fastest
 * memory; NULL or too small: from `pool`); `arenas` must have the sizes
 * et_method_arena_sizes reported (or larger). */
et_err et_method_load(et_method *m, const et_program *p, uint32_t method_index, et_pool *pool,
                      et_pool *scratch_pool, const et_arenas *arenas, et_error *err);

/* Copies raw bytes into input `index` (which must be a tensor of exactly
 * that many bytes).  An input that is not memory-planned points at the
 * caller's buffer instead, as in the reference runtime. */
et_err et_method_set_input(et_method *m, uint32_t index, const void *data, size_t nbytes,
                           et_error *err);

/* Called around every instruction that does work (kernel or delegate).
 * op_where (optional, NULL: not called), just before op_begin: where the
 * call is in the program, as upstream's profiler names it (chain index,
 * instruction index within the chain). */
typedef struct et_observer {
    void (*op_begin)(void *ctx, uint32_t seq, const char *name, int engine);
    void (*op_end)(void *ctx, uint32_t seq);
    void *ctx;
    void (*op_where)(void *ctx, uint32_t seq, uint32_t chain, uint32_t instr);
} et_observer;

/* Runs the method's instructions once.  observer may be NULL. */
et_err et_method_execute(et_method *m, const et_observer *observer, et_error *err);

/* Output `index` (NULL if out of range or not a tensor). */
const et_value *et_method_output(const et_method *m, uint32_t index);
const et_value *et_method_input(const et_method *m, uint32_t index);

#endif
