#include "rt_util.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *read_file(const char *path, size_t *size);

uint8_t *rt_read_shared(const char *rel, size_t *size)
{
    const char *root = getenv("ETSIM_SHARED");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", root ? root : "../shared", rel);
    return read_file(path, size);
}

uint8_t *rt_read_generated(const char *rel, size_t *size)
{
    const char *root = getenv("ETSIM_GENERATED");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", root ? root : "build/runtime-generated", rel);
    return read_file(path, size);
}

static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f != NULL, "cannot open %s (set ETSIM_SHARED / ETSIM_GENERATED)", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = aligned_alloc(16, ((size_t)n + 16) & ~(size_t)15);
    cr_assert(buf != NULL);
    cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *size = (size_t)n;
    return buf;
}

et_err rt_open(rt_model *m, const char *rel, et_error *err)
{
    memset(m, 0, sizeof *m);
    m->pte = rt_read_shared(rel, &m->pte_size);
    m->work = aligned_alloc(16, RT_WORK_BYTES);
    return et_session_open(&m->s, m->pte, m->pte_size, NULL, m->work, RT_WORK_BYTES, err);
}

void rt_close(rt_model *m)
{
    free(m->pte);
    free(m->work);
}

et_err rt_load_bytes(const uint8_t *data, size_t size, et_error *err)
{
    static et_session s;
    static void *work;  /* reused: this runs tens of thousands of times */
    if (work == NULL)
        work = aligned_alloc(16, RT_WORK_BYTES);
    /* Copy into an exact-size heap block so ASan sees any read past the end. */
    uint8_t *copy = malloc(size ? size : 1);
    memcpy(copy, data, size);
    et_err e = et_session_open(&s, copy, size, NULL, work, RT_WORK_BYTES, err);
    free(copy);
    return e;
}

size_t rt_output_f32(rt_model *m, const float **values)
{
    const et_value *v = et_method_output(&m->s.method, 0);
    cr_assert(v != NULL && v->tag == ET_TAG_TENSOR, "output 0 is not a tensor");
    cr_assert_eq(v->u.t->dtype, ET_FLOAT);
    *values = v->u.t->data;
    return et_tensor_numel(v->u.t);
}

void rt_expect_linear_run(et_method *m, const uint8_t *in, size_t in_n, const uint8_t *exp, size_t exp_n)
{
    et_error err = {0};
    cr_assert_eq(et_method_set_input(m, 0, in, in_n, &err), ET_OK, "%s", err.msg);
    cr_assert_eq(et_method_execute(m, NULL, &err), ET_OK, "%s", err.msg);
    const et_value *v = et_method_output(m, 0);
    cr_assert(v && v->tag == ET_TAG_TENSOR && v->u.t->nbytes == exp_n);
    const float *got = v->u.t->data, *want = (const float *)exp;
    for (size_t i = 0; i < exp_n / 4; i++)
        cr_expect(fabsf(got[i] - want[i]) <= 1e-5f, "output %zu: %f, expected %f", i, got[i], want[i]);
}
