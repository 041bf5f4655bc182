/* The planner as a selective runner compiles it (plan_variants.h): for a
 * model whose plan does not use a part, the planner without it makes the
 * same plan as the full one (what runner-for relies on); for a model that
 * needs the part, it keeps the .pte's plan (or plans without it) and
 * says so, and the outputs stay those of the .pte's plan. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "plan_variants.h"
#include "rt_util.h"

typedef et_err (*plan_fn)(et_method *, const et_arenas *, et_pool *, const et_plan_options *, et_plan_report *,
                          et_error *);

typedef struct run {
    et_session s;
    uint8_t *pte;
    void *work;
} run;

/* Opens `rel` with the .pte's plan, then (plan != NULL) plans it again
 * with `plan` as et_session_open does, input 0 read in place if allowed,
 * and runs it on `in`. */
static void open_run(run *r, const char *rel, plan_fn plan, bool borrow, const uint8_t *in, size_t n)
{
    et_error err = {0};
    et_plan_options opts;
    size_t size;
    memset(r, 0, sizeof *r);
    et_session_plan_options(&opts);
    opts.replan = plan == NULL ? false : true;
    opts.borrow_inputs = borrow ? 1u : 0u;
    r->pte = rt_read_shared(rel, &size);
    r->work = aligned_alloc(16, RT_WORK_BYTES);
    et_plan_options pte_plan = opts;
    pte_plan.replan = false;
    cr_assert_eq(et_session_open_fast(&r->s, r->pte, size, NULL, 0, NULL, r->work, RT_WORK_BYTES, NULL, 0,
                                      plan == et_plan_method ? &opts : &pte_plan, &err),
                 ET_OK, "%s: %s", rel, err.msg);
    if (plan != NULL && plan != et_plan_method) {
        et_arenas old = r->s.arenas;
        cr_assert_eq(plan(&r->s.method, &old, &r->s.pool, &opts, &r->s.plan, &err), ET_OK, "%s", err.msg);
    }
    et_method *m = &r->s.method;
    for (uint32_t i = 0; i < m->ninputs; i++)
        cr_assert_eq(i == 0 ? et_method_set_input(m, i, in, n, &err) : et_session_default_input(&r->s, i, &err),
                     ET_OK, "%s", err.msg);
    cr_assert_eq(et_method_execute(m, NULL, &err), ET_OK, "%s: %s", rel, err.msg);
}

static void same_outputs(const run *a, const run *b)
{
    const et_method *ma = &a->s.method, *mb = &b->s.method;
    cr_assert_eq(ma->noutputs, mb->noutputs);
    for (uint32_t i = 0; i < ma->noutputs; i++) {
        const et_tensor *ta = ma->values[ma->outputs[i]].u.t, *tb = mb->values[mb->outputs[i]].u.t;
        cr_assert_eq(ta->nbytes, tb->nbytes);
        cr_expect(memcmp(ta->data, tb->data, ta->nbytes) == 0, "output %u differs", i);
    }
}

/* The same arenas and every planned tensor at the same offset. */
static void same_plan(const run *a, const run *b, const char *rel)
{
    const et_method *ma = &a->s.method, *mb = &b->s.method;
    cr_expect(b->s.plan.replanned, "%s: %s", rel, b->s.plan.why);
    cr_expect_eq(a->s.plan.bytes, b->s.plan.bytes, "%s", rel);
    cr_expect_eq(a->s.plan.in_place, b->s.plan.in_place, "%s", rel);
    cr_expect_eq(a->s.plan.borrowed, b->s.plan.borrowed, "%s", rel);
    for (uint32_t v = 0; v < ma->nvalues; v++)
        if (ma->values[v].tag == ET_TAG_TENSOR && ma->values[v].u.t != NULL && ma->values[v].u.t->is_planned)
            cr_expect_eq((uint8_t *)ma->values[v].u.t->data - ma->arenas.base[0],
                         (uint8_t *)mb->values[v].u.t->data - mb->arenas.base[0], "%s: value %u", rel, v);
}

static void close_run(run *r)
{
    free(r->pte);
    free(r->work);
}

/* One model run three times: with the .pte's plan, the full planner and
 * `lean`; the outputs must be the same. */
typedef struct three {
    run ref, full, lean;
} three;

static three *run_three(const char *model, const char *input, plan_fn lean)
{
    size_t n;
    uint8_t *in = rt_read_shared(input, &n);
    three *t = malloc(sizeof *t);
    cr_assert(t != NULL);
    open_run(&t->ref, model, NULL, false, in, n);
    open_run(&t->full, model, et_plan_method, true, in, n);
    open_run(&t->lean, model, lean, true, in, n);
    same_outputs(&t->ref, &t->full);
    same_outputs(&t->ref, &t->lean);
    free(in);
    return t;
}

static void close_three(three *t)
{
    close_run(&t->ref);
    close_run(&t->full);
    close_run(&t->lean);
    free(t);
}

static const char *const VWW[2] = {"models/mlperf/vww_mbv1_025_96_cortex_m.pte",
                                   "models/mlperf/inputs/vww_astronaut.f32"};
static const char *const RESNET8[2] = {"models/mlperf/ic_resnet8_cortex_m.pte",
                                       "models/mlperf/inputs/ic_cifar10_taxi_s_001241.f32"};
static const char *const KWS[2] = {"models/kws_dscnn_cortex_m.pte", "models/kws_inputs/mfcc_yes.f32"};

/* VWW's plan takes no output in place (pte_run --info: "0 in place"):
 * the planner without them makes the same plan, byte for byte; without
 * ResNet-8's adds in place its arena is larger (the .pte's), the outputs
 * the same. */
Test(plan_select, without_in_place_same_plan_when_unused)
{
    three *t = run_three(VWW[0], VWW[1], et_plan_method_no_in_place);
    cr_expect_eq(t->full.s.plan.in_place, 0);
    same_plan(&t->full, &t->lean, VWW[0]);
    close_three(t);
    t = run_three(RESNET8[0], RESNET8[1], et_plan_method_no_in_place);
    cr_expect_gt(t->full.s.plan.in_place, 0);
    cr_expect_eq(t->lean.s.plan.in_place, 0);
    cr_expect_gt(t->lean.s.plan.bytes, t->full.s.plan.bytes);
    close_three(t);
}

/* KWS's and ResNet-8's plans take outputs in place (pte_run --info: "11
 * in place", "3 in place") and read no input in place: packed only with
 * them, the plan is the same, byte for byte. */
Test(plan_select, in_place_only_same_plan_when_it_won)
{
    const char *const *models[2] = {KWS, RESNET8};
    for (int k = 0; k < 2; k++) {
        three *t = run_three(models[k][0], models[k][1], et_plan_method_in_place_only);
        cr_expect_gt(t->full.s.plan.in_place, 0, "%s", models[k][0]);
        same_plan(&t->full, &t->lean, models[k][0]);
        close_three(t);
    }
}

/* KWS's plan uses outputs in place and a view: without them the planner
 * keeps the .pte's plan, saying why; the outputs are the same. */
Test(plan_select, kws_without_views_keeps_the_pte_plan)
{
    three *t = run_three(KWS[0], KWS[1], et_plan_method_min);
    cr_expect(t->full.s.plan.replanned && t->full.s.plan.in_place > 0 && t->full.s.plan.views > 0);
    cr_expect_eq(t->full.s.plan.bytes, 8496);
    cr_expect_eq(t->lean.s.plan.replanned, false);
    cr_expect(strstr(t->lean.s.plan.why, "views not built in") != NULL, "%s", t->lean.s.plan.why);
    cr_expect_eq(t->lean.s.plan.bytes, t->lean.s.plan.pte_bytes);
    close_three(t);
}
