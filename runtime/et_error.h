/* Error codes and messages of the runtime.
 *
 * Every fallible function returns an et_err and, on failure, fills an
 * et_error with a one-line message that says what was wrong and where
 * (the field, the index, the operator).  Nothing in the runtime exits or
 * prints on its own; the caller decides what to do with the message. */
#ifndef ET_ERROR_H
#define ET_ERROR_H

#include <stdbool.h>
#include <stdint.h>

typedef enum et_err {
    ET_OK = 0,
    ET_ERR_BAD_IDENTIFIER,     /* not "ET12", or a bad extended header magic */
    ET_ERR_TRUNCATED,          /* the file is shorter than its headers say */
    ET_ERR_OUT_OF_RANGE,       /* an offset or index points outside its target */
    ET_ERR_MALFORMED,          /* structurally wrong (bad vtable, missing field, bad tag) */
    ET_ERR_UNKNOWN_OPERATOR,   /* no kernel registered under the operator's name */
    ET_ERR_UNSUPPORTED_DTYPE,  /* scalar type the runtime or a kernel cannot handle */
    ET_ERR_UNSUPPORTED_DIM_ORDER,
    ET_ERR_UNSUPPORTED,        /* a valid feature this runtime does not implement */
    ET_ERR_NO_MEMORY,          /* a pool or an arena is too small */
    ET_ERR_INVALID_ARGUMENT,   /* a kernel or API argument is wrong (shape, kind) */
    ET_ERR_NOT_FOUND,          /* method name, backend name */
    ET_ERR_BACKEND,            /* a delegate backend failed */
} et_err;

#define ET_ERROR_MSG_LEN 192

typedef struct et_error {
    et_err code;
    char msg[ET_ERROR_MSG_LEN];
} et_error;

/* Records the first error only: later calls keep the original cause.
 * Returns code so that callers can write `return et_fail(err, ...)`. */
et_err et_fail(et_error *err, et_err code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A selective runner's refusal of what it left out (runtime.mk's
 * runner-for), in one form: "constant 3: this runner was built without
 * the deprecated constant_buffer's reader" (ET_ERR_UNSUPPORTED). */
et_err et_fail_built_without(et_error *err, const char *kind, uint32_t index, const char *what);

void et_error_clear(et_error *err);

/* Where the runtime is more permissive than upstream ExecuTorch (it runs
 * something an upstream build refuses; runtime/README.md lists the cases):
 * counted, the first message kept, or with strict an error. */
typedef struct et_warnings {
    bool strict;              /* a permissive case is an error */
    uint32_t count;           /* permissive cases met (per call) */
    /* The first case: operator and what (static strings; recording them
     * costs the kernel a few cycles, formatting is the caller's). */
    const char *first_op, *first_what;
} et_warnings;

/* Short stable name of a code, e.g. "truncated". */
const char *et_err_name(et_err code);

#endif
