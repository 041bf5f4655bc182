/* The kernel interface.
 *
 * A kernel gets the method's value table and the value indices of its
 * arguments, in KernelCall order (schema arguments, `out`, then the return
 * value).  It reads them through the et_arg_* helpers, which check the
 * kind of each value and record the first mismatch as an error naming the
 * operator and the argument; the kernel then checks `a->ok` once. */
#ifndef ET_KERNEL_H
#define ET_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "et_error.h"
#include "et_types.h"

/* Named arguments.  Every operator names its arguments with an enum (its
 * "slots", in the order of the newest upstream schema) and lists, per
 * release line whose list differs, which slot
 * each KernelCall position holds (each kernels/ folder's arg_layouts.h; the
 * kernel_table.def entry names the lists).  The loader picks the list
 * whose length is the KernelCall's and keeps, per instruction, the
 * position of each slot; the kernel then reads its arguments by slot. */
#define ET_MAX_ARG_SLOTS 24
#define ET_ARG_ABSENT 0xFF

typedef struct et_arg_layout {
    const char *releases;      /* e.g. "1.4.0-main", for messages and docs */
    const uint8_t *slots;      /* slot of each position, out included */
    uint8_t count;             /* positions before the return value */
} et_arg_layout;

/* One layout: ET_LAYOUT("1.1.0-1.3.1", SLOT_A, SLOT_B, ..., SLOT_OUT) */
#define ET_LAYOUT(releases, ...) \
    {releases, (const uint8_t[]){__VA_ARGS__}, (uint8_t)sizeof((const uint8_t[]){__VA_ARGS__})}

/* Every layout of one operator. */
typedef struct et_arg_layouts {
    const et_arg_layout *list;
    uint8_t count;
    uint8_t nslots;            /* size of the operator's slot enum */
    bool no_return;            /* the operator returns (): no value after its arguments */
} et_arg_layouts;

#define ET_ARRAY_LEN(x) ((uint32_t)(sizeof(x) / sizeof((x)[0])))

/* Defines `var`, the lists of one operator (each folder's arg_layouts.c):
 * ET_ARGS_DEFINE(et_args_op, OP_NSLOTS, ET_LAYOUT(...), ...); the
 * _NO_RETURN form for an operator that returns (). */
#define ET_ARGS_DEFINE_LISTS(var, nslots, no_return, ...)                                                         \
    static const et_arg_layout var##_list[] = {__VA_ARGS__};                                                      \
    _Static_assert((nslots) <= ET_MAX_ARG_SLOTS, #var ": the slot enum fits the position maps");                   \
    const et_arg_layouts var = {var##_list, (uint8_t)ET_ARRAY_LEN(var##_list), (uint8_t)(nslots), no_return};
#define ET_ARGS_DEFINE(var, nslots, ...) ET_ARGS_DEFINE_LISTS(var, nslots, false, __VA_ARGS__)
#define ET_ARGS_DEFINE_NO_RETURN(var, nslots, ...) ET_ARGS_DEFINE_LISTS(var, nslots, true, __VA_ARGS__)

typedef struct et_kargs {
    const char *op;            /* operator name, for messages */
    et_value *values;
    const uint32_t *args;      /* value indices, all < the value count */
    uint32_t nargs;
    et_error *err;
    bool ok;
    const uint8_t *pos;        /* slot -> position (ET_ARG_ABSENT); NULL: arguments by position */
    et_tensor dummy;           /* returned for a non-tensor argument */
    et_warnings *warnings;     /* NULL: permissive cases are not reported */
    /* The method's one scratch buffer (16-byte aligned), shared by every
     * call: as large as the largest et_scratch_fn answer at load time
     * (NULL, 0: no kernel asked for any). */
    void *scratch;
    size_t scratch_size;
    /* The loader asking an et_kernel_extra function: data pointers may
     * still be unset (inputs that are not memory-planned), et_check_data
     * passes. */
    bool sizing;
    et_box *boxes;             /* the numbers that do not fit a value record
                                  (after the fields every call reads: values
                                  and args stay one LDRD apart) */
} et_kargs;

typedef et_err (*et_kernel_fn)(et_kargs *a);

/* What a kernel may do once per instruction when the method loads
 * (kernel_table.def's ET_KERNEL_EXTRA):
 *
 *  - scratch: the bytes of scratch one call needs (im2col rows,
 *    transposed weights: what CMSIS-NN's *_get_buffer_size functions
 *    size), from its argument shapes, so that the kernels keep no large
 *    buffers on the stack.  Arguments it cannot read give 0: the kernel
 *    names the problem when it runs.
 *  - prepare / run: read and check the arguments once into `state`
 *    (state_size bytes from the metadata pool, one per instruction);
 *    prepare returns false when it cannot (the call then takes fn, which
 *    reports why).  The executor then calls run(a, state) instead of fn:
 *    no argument parsing per call.  run refreshes what may change between
 *    calls (the tensors' data, et_bound_tensors) and falls back to fn when
 *    a MoveCall has put another value in an argument.
 *
 * During both, a->sizing is true: tensor data may still be unset (inputs
 * that are not memory-planned); and a->warnings is NULL (the application
 * attaches them after the load), so a permissive case (et_permissive)
 * must be recorded by run, on every call, not by prepare. */
typedef size_t (*et_scratch_fn)(et_kargs *a);
typedef bool (*et_prepare_fn)(et_kargs *a, void *state);
typedef et_err (*et_run_fn)(et_kargs *a, const void *state);

/* in_place: the slot of the input whose bytes the call's output may
 * take (et_plan.h), from its argument shapes, or ET_ARG_ABSENT; *scratch:
 * the scratch the call then needs (the planner grows the method's when
 * it makes the call in place).  state: the call's prepared state, or NULL
 * (then the arguments are read).  The kernel then reads every input byte
 * before it writes over it, and refuses an overlap it does not support. */
typedef uint32_t (*et_in_place_fn)(et_kargs *a, const void *state, size_t *scratch);

typedef struct et_kernel_extra {
    et_scratch_fn scratch;     /* NULL: the kernel needs no scratch */
    et_prepare_fn prepare;     /* NULL: arguments parsed on every call */
    et_run_fn run;
    uint32_t state_size;
    et_in_place_fn in_place;   /* NULL: the output never takes an input's bytes */
} et_kernel_extra;

typedef struct et_kernel_entry {
    const char *name;          /* "namespace::op.overload" */
    et_kernel_fn fn;
    const et_arg_layouts *layouts;  /* NULL: the kernel reads positions */
    const et_kernel_extra *extra;   /* NULL: nothing done at load */
} et_kernel_entry;

/* The tensor arguments a prepared call reads: the value each came from
 * and the tensor it held at load time. */
#define ET_MAX_BOUND 6
typedef struct et_bound_tensors {
    uint16_t value[ET_MAX_BOUND];  /* a call whose tensors are past value 65535 is not prepared */
    const et_tensor *t[ET_MAX_BOUND];
    uint8_t count;
} et_bound_tensors;

/* prepare: the tensor in `slot` (NULL for a Null value, as
 * et_arg_tensor_or_null) bound at b->count; records an error as the
 * et_arg_* helpers do. */
const et_tensor *et_bind_tensor(et_kargs *a, et_bound_tensors *b, uint32_t slot);
/* run: true when every bound value still holds its tensor and each has
 * its data (else the call takes the full path, which says what is
 * wrong). */
bool et_bound_current(const et_kargs *a, const et_bound_tensors *b);

/* The kernel for an operator name and overload, NULL if there is none. */
const et_kernel_entry *et_kernel_lookup(const char *name, uint32_t name_len,
                                        const char *overload, uint32_t overload_len);

/* All registered kernels (for listings); *count receives the number. */
const et_kernel_entry *et_kernel_table(uint32_t *count);

/* Loader side: the position of every slot for a KernelCall of nargs
 * arguments (schema arguments, out, the return value) into pos[nslots];
 * an error naming the known counts when no release had that many. */
et_err et_arg_resolve(const et_kernel_entry *k, uint32_t nargs, uint8_t *pos, et_error *err);

/* Kernel side: true when the arguments come by name (the loader resolved
 * them); records an error otherwise. */
bool et_arg_named(et_kargs *a);
/* True when the caller's release has the slot (false for arguments that
 * did not exist yet, such as `scratch` before 1.4.0). */
static inline bool et_arg_present(const et_kargs *a, uint32_t slot)
{
    return a->pos == NULL || a->pos[slot] != ET_ARG_ABSENT;
}

/* Argument access (by slot when a->pos is set, else by position).  On a kind mismatch they record an error, set ok to
 * false and return a harmless default. */
bool et_arg_count(et_kargs *a, uint32_t expected);
et_tensor *et_arg_tensor(et_kargs *a, uint32_t i);
et_tensor *et_arg_tensor_or_null(et_kargs *a, uint32_t i);  /* NULL for a Null value */
int64_t et_arg_int(et_kargs *a, uint32_t i);
double et_arg_double(et_kargs *a, uint32_t i);               /* Double, or Int converted */
bool et_arg_bool(et_kargs *a, uint32_t i);
bool et_arg_is_null(et_kargs *a, uint32_t i);
/* The value of a slot whatever its kind (operators on Int, Double or Bool
 * values, such as executorch_prim::); a None value when it is missing. */
const et_value *et_arg_value(et_kargs *a, uint32_t i);
/* The KernelCall's last value, the return value (which operators without
 * an `out` argument replace). */
static inline et_value *et_arg_return(et_kargs *a) { return &a->values[a->args[a->nargs - 1]]; }
/* An int[] argument: fills up to `max` entries, returns the count. */
uint32_t et_arg_int_list(et_kargs *a, uint32_t i, int64_t *out, uint32_t max);
/* Same, but requires exactly n entries that fit in int32. */
bool et_arg_ints(et_kargs *a, uint32_t i, int32_t *out, uint32_t n);
/* A TensorList argument: up to `max` tensors into out[], returns the count. */
uint32_t et_arg_tensor_list(et_kargs *a, uint32_t i, et_tensor **out, uint32_t max);

/* Common checks, recording an error on failure. */
bool et_check(et_kargs *a, bool cond, et_err code, const char *what);
/* A case upstream refuses and this runtime runs (`what` says which):
 * recorded in a->warnings, or with warnings->strict a failure.  Returns
 * a->ok. */
bool et_permissive(et_kargs *a, const char *what);
bool et_check_dtype(et_kargs *a, const et_tensor *t, int dtype, const char *name);
bool et_check_data(et_kargs *a, const et_tensor *t, const char *name);

/* Finishes a kernel: the error code if any check failed, else ET_OK. */
static inline et_err et_kresult(const et_kargs *a) { return a->ok ? ET_OK : a->err->code; }

#endif
