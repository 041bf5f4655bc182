/* Helpers shared by the runtime tests: finding and reading the real model
 * files (in $ETSIM_SHARED, default ../shared) and opening them. */
#ifndef RT_UTIL_H
#define RT_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Arenas and metadata of one test session. */
#define RT_WORK_BYTES (4u << 20)

#include "../../runtime/et_session.h"

/* Reads $ETSIM_SHARED/<rel> into a 16-aligned buffer (free with free()).
 * Fails the current test if the file is missing. */
uint8_t *rt_read_shared(const char *rel, size_t *size);

/* Reads $ETSIM_GENERATED/<rel> (files the test generators write; make
 * runtime-test sets it) the same way. */
uint8_t *rt_read_generated(const char *rel, size_t *size);

/* A session with its own work memory. */
typedef struct rt_model {
    et_session s;
    uint8_t *pte;
    size_t pte_size;
    void *work;
} rt_model;

/* Opens $ETSIM_SHARED/<rel>; returns the error code (message in err). */
et_err rt_open(rt_model *m, const char *rel, et_error *err);
void rt_close(rt_model *m);

/* Loads program + method 0 from bytes (used for corrupted copies). */
et_err rt_load_bytes(const uint8_t *data, size_t size, et_error *err);

/* Output 0 as floats (asserts it is a float tensor); returns the count. */
size_t rt_output_f32(rt_model *m, const float **values);

/* Sets input 0 of m to in, runs it and expects output 0 to be the float32
 * values of exp (exp_n bytes) within 1e-5 each (the generated linear
 * models of gen_external.py). */
void rt_expect_linear_run(et_method *m, const uint8_t *in, size_t in_n, const uint8_t *exp, size_t exp_n);

#endif
