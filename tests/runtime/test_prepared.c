/* Calls prepared at load (et_kernel_extra): the convolutions of the real
 * KWS model read and check their arguments once, and give the outputs the
 * per-call path gives; a prepared call whose tensor lost its data takes
 * the full path, which reports it, instead of reading through NULL. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/pte_schema.h"
#include "rt_util.h"

#define KWS_SCORES 12

static void open_kws(rt_model *m)
{
    et_error err = {0};
    cr_assert_eq(rt_open(m, "models/kws_dscnn_cortex_m.pte", &err), ET_OK, "%s", err.msg);
}

/* Runs KWS on the "yes" recording; the 12 scores into out. */
static et_err run_yes(rt_model *m, float out[KWS_SCORES], et_error *err)
{
    size_t n;
    uint8_t *x = rt_read_shared("models/kws_inputs/mfcc_yes.f32", &n);
    et_err e = et_method_set_input(&m->s.method, 0, x, n, err);
    free(x);
    if (e != ET_OK)
        return e;
    e = et_method_execute(&m->s.method, NULL, err);
    if (e != ET_OK)
        return e;
    const float *y;
    cr_assert_eq(rt_output_f32(m, &y), KWS_SCORES);
    memcpy(out, y, KWS_SCORES * sizeof *out);
    return ET_OK;
}

static bool is_conv(const et_method *m, const et_instr *in)
{
    const char *name = m->ops[in->a]->name;
    return strstr(name, "quantized_conv2d") || strstr(name, "quantized_depthwise_conv2d");
}

Test(prepared, kws_convolutions_are_prepared_and_match_the_full_path)
{
    rt_model m;
    et_error err = {0};
    float prepared[KWS_SCORES], full[KWS_SCORES];
    open_kws(&m);
    et_method *me = &m.s.method;
    uint32_t convs = 0;
    for (uint32_t pc = 0; pc < me->ninstrs; pc++) {
        const et_instr *in = &me->instrs[pc];
        if (in->kind != INSTR_KERNEL_CALL || !is_conv(me, in))
            continue;
        cr_expect_not_null(in->state, "instruction %u (%s) not prepared", pc, me->ops[in->a]->name);
        convs++;
    }
    cr_expect_eq(convs, 9, "KWS has 5 depthwise and 4 pointwise convolutions, found %u", convs);
    cr_assert_eq(run_yes(&m, prepared, &err), ET_OK, "%s", err.msg);
    for (uint32_t pc = 0; pc < me->ninstrs; pc++)
        me->instrs[pc].state = NULL;  /* every call parses its arguments again */
    cr_assert_eq(run_yes(&m, full, &err), ET_OK, "%s", err.msg);
    cr_expect_eq(memcmp(prepared, full, sizeof full), 0, "prepared and per-call outputs differ");
    rt_close(&m);
}

Test(prepared, a_bound_tensor_without_data_takes_the_full_path)
{
    rt_model m;
    et_error err = {0};
    float out[KWS_SCORES];
    open_kws(&m);
    et_method *me = &m.s.method;
    /* the first convolution's output: a planned tensor whose data a
     * FreeCall could have released */
    et_tensor *t = NULL;
    for (uint32_t pc = 0; pc < me->ninstrs && !t; pc++) {
        const et_instr *in = &me->instrs[pc];
        if (in->kind == INSTR_KERNEL_CALL && is_conv(me, in) && in->state)
            t = me->values[in->args[in->nargs - 2]].u.t;  /* out, before the return value */
    }
    cr_assert_not_null(t);
    cr_assert_not_null(t->data);
    void *saved = t->data;
    t->data = NULL;
    cr_expect_eq(run_yes(&m, out, &err), ET_ERR_INVALID_ARGUMENT);
    cr_expect_not_null(strstr(err.msg, "has no data"), "%s", err.msg);
    t->data = saved;
    err = (et_error){0};
    cr_expect_eq(run_yes(&m, out, &err), ET_OK, "%s", err.msg);
    rt_close(&m);
}
