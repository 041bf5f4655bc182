/* The arena re-planned at load (runtime/et_plan.h) on the real models:
 * the outputs equal those of the .pte's own plan byte for byte, no two
 * tensors that live at the same time share bytes (checked here from the
 * instruction list, apart from the planner), and what the planner cannot
 * follow keeps the .pte's plan. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/pte_schema.h"
#include "rt_util.h"

typedef struct opened {
    et_session s;
    uint8_t *pte;
    size_t pte_size;
    void *work;
} opened;

static void open_with(opened *o, const char *rel, bool replan, bool borrow)
{
    et_error err = {0};
    et_plan_options opts;
    memset(o, 0, sizeof *o);
    et_session_plan_options(&opts);
    opts.replan = replan;
    opts.borrow_inputs = borrow ? 1u : 0u;  /* input 0: the buffer the test keeps */
    o->pte = rt_read_shared(rel, &o->pte_size);
    o->work = aligned_alloc(16, RT_WORK_BYTES);
    cr_assert_eq(et_session_open_fast(&o->s, o->pte, o->pte_size, NULL, 0, NULL, o->work, RT_WORK_BYTES, NULL, 0,
                                      &opts, &err),
                 ET_OK, "%s: %s", rel, err.msg);
}

static void close_opened(opened *o)
{
    free(o->pte);
    free(o->work);
}

/* input 0 from a file of the models folder; the others the default */
static void set_inputs(opened *o, const uint8_t *in, size_t n)
{
    et_error err = {0};
    et_method *m = &o->s.method;
    for (uint32_t i = 0; i < m->ninputs; i++)
        cr_assert_eq(i == 0 && in ? et_method_set_input(m, i, in, n, &err) : et_session_default_input(&o->s, i, &err),
                     ET_OK, "%s", err.msg);
}

static const et_tensor *tensor_at(const et_method *m, uint32_t v)
{
    return m->values[v].tag == ET_TAG_TENSOR ? m->values[v].u.t : NULL;
}

static bool bytes_overlap(const et_tensor *a, const et_tensor *b)
{
    const uint8_t *pa = a->data, *pb = b->data;
    return a->nbytes && b->nbytes && pa < pb + b->nbytes && pb < pa + a->nbytes;
}

/* The checker.  A planned tensor lives from the first instruction that
 * names it (a method input: from the start) to the last (an output: to
 * the end); tensors at the same address and size in both plans are one
 * (a view the exporter did not copy).  At every instruction, no two live
 * tensors may share a byte, except a call's output on the input it dies
 * at, at the same address (the kernel declared it may: in place). */
static void check_no_overlap(const et_method *replanned, const et_method *pte)
{
    const et_method *m = replanned;
    uint32_t n = m->nvalues;
    uint32_t *first = malloc(n * sizeof *first), *last = malloc(n * sizeof *last);
    for (uint32_t v = 0; v < n; v++)
        first[v] = last[v] = UINT32_MAX;
    for (uint32_t i = 0; i < m->ninputs; i++)
        first[m->inputs[i]] = last[m->inputs[i]] = 0;
    for (uint32_t pc = 0; pc < m->ninstrs; pc++)
        for (uint32_t k = 0; k < m->instrs[pc].nargs; k++) {
            uint32_t v = m->instrs[pc].args[k];
            if (first[v] == UINT32_MAX)
                first[v] = pc;
            last[v] = pc;
        }
    for (uint32_t i = 0; i < m->noutputs; i++) {
        uint32_t v = m->outputs[i];
        if (first[v] == UINT32_MAX)
            first[v] = m->ninstrs;
        last[v] = m->ninstrs;
    }
    uint32_t checked = 0;
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = a + 1; b < n; b++) {
            const et_tensor *ta = tensor_at(m, a), *tb = tensor_at(m, b);
            if (!ta || !tb || !ta->is_planned || !tb->is_planned || first[a] == UINT32_MAX || first[b] == UINT32_MAX)
                continue;
            const et_tensor *pa = tensor_at(pte, a), *pb = tensor_at(pte, b);
            if (ta->data == tb->data && ta->nbytes == tb->nbytes && pa->data == pb->data && pa->nbytes == pb->nbytes)
                continue;  /* one object */
            if (!bytes_overlap(ta, tb) || first[a] > last[b] || first[b] > last[a])
                continue;
            /* overlapping lifetimes that touch at one call: in place */
            uint32_t at = last[a] == first[b] ? last[a] : last[b] == first[a] ? last[b] : UINT32_MAX;
            bool in_place = at != UINT32_MAX && at < m->ninstrs && ta->data == tb->data &&
                            m->instrs[at].kind == INSTR_KERNEL_CALL && m->ops[m->instrs[at].a]->extra &&
                            m->ops[m->instrs[at].a]->extra->in_place;
            cr_expect(in_place, "values %u [%u, %u] and %u [%u, %u] share bytes while both live", a, first[a],
                      last[a], b, first[b], last[b]);
            checked++;
        }
    (void)checked;
    free(first);
    free(last);
}

/* Runs one packaging with the .pte's plan and re-planned (with and
 * without the inputs read in place) and compares every output byte. */
static void same_outputs(const char *rel, const char *input_rel, uint64_t max_bytes)
{
    size_t n = 0;
    uint8_t *in = input_rel ? rt_read_shared(input_rel, &n) : NULL;
    opened ref, re, borrowed;
    et_error err = {0};
    open_with(&ref, rel, false, false);
    open_with(&re, rel, true, false);
    open_with(&borrowed, rel, true, true);
    cr_expect_eq(ref.s.plan.replanned, false);
    opened *runs[3] = {&ref, &re, &borrowed};
    for (int r = 0; r < 3; r++) {
        set_inputs(runs[r], in, n);
        cr_assert_eq(et_method_execute(&runs[r]->s.method, NULL, &err), ET_OK, "%s: %s", rel, err.msg);
    }
    for (int r = 1; r < 3; r++) {
        et_method *m = &runs[r]->s.method;
        for (uint32_t i = 0; i < m->noutputs; i++) {
            const et_tensor *a = tensor_at(&ref.s.method, ref.s.method.outputs[i]), *b = tensor_at(m, m->outputs[i]);
            cr_assert(a && b && a->nbytes == b->nbytes);
            cr_expect(memcmp(a->data, b->data, a->nbytes) == 0, "%s: output %u differs (run %d)", rel, i, r);
        }
        if (runs[r]->s.plan.replanned)
            check_no_overlap(m, &ref.s.method);
        cr_expect_leq(runs[r]->s.plan.bytes, runs[r]->s.plan.pte_bytes, "%s: %llu > %llu", rel,
                      (unsigned long long)runs[r]->s.plan.bytes, (unsigned long long)runs[r]->s.plan.pte_bytes);
        /* a second run of the same inputs gives the same bytes */
        set_inputs(runs[r], in, n);
        cr_assert_eq(et_method_execute(m, NULL, &err), ET_OK, "%s", err.msg);
        for (uint32_t i = 0; i < m->noutputs; i++) {
            const et_tensor *a = tensor_at(&ref.s.method, ref.s.method.outputs[i]), *b = tensor_at(m, m->outputs[i]);
            cr_expect(memcmp(a->data, b->data, a->nbytes) == 0, "%s: output %u differs on run 2", rel, i);
        }
    }
    cr_expect_leq(borrowed.s.plan.bytes, max_bytes, "%s: %llu bytes", rel, (unsigned long long)borrowed.s.plan.bytes);
    for (int r = 0; r < 3; r++)
        close_opened(runs[r]);
    free(in);
}

Test(plan, kws_same_outputs_no_overlap)
{
    /* in place: the ten 8,000-byte activations share one block, beside
     * the first layer's 490-byte input */
    same_outputs("models/kws_dscnn_cortex_m.pte", "models/kws_inputs/mfcc_yes.f32", 8496);
}

/* VWW's float input (110,592 B) is read in place: what the activations
 * after the first call need is left (75,280 B; the second packaging's
 * graph has another pad, 79,744 B). */
Test(plan, vww_same_outputs_smaller_arena)
{
    same_outputs("models/mlperf/vww_mbv1_025_96_cortex_m.pte", "models/mlperf/inputs/vww_astronaut.f32", 75280);
    same_outputs("models/mlperf/vww_mbv1_025_96_cortex_m_mve.pte", "models/mlperf/inputs/vww_chelsea_cat.f32",
                 79744);
}

Test(plan, resnet8_same_outputs)
{
    /* the residual adds in place: 65,536 -> 50,192 B */
    same_outputs("models/mlperf/ic_resnet8_cortex_m.pte", "models/mlperf/inputs/ic_cifar10_taxi_s_001241.f32",
                 50192);
}

Test(plan, small_models_same_outputs)
{
    same_outputs("models/add_arduino.pte", NULL, 64);
    same_outputs("models/add_apple.pte", NULL, 64);
    same_outputs("models/module_linear.pte", NULL, 64);
}

/* A delegate call: the planner cannot know what the backend reads and
 * writes, so the .pte's plan stays, with the reason. */
Test(plan, delegate_keeps_the_pte_plan)
{
    opened o;
    open_with(&o, "models/ethos_u55_128_add.pte", true, true);
    cr_expect_eq(o.s.plan.replanned, false);
    cr_expect(strstr(o.s.plan.why, "not a kernel call") != NULL, "%s", o.s.plan.why);
    cr_expect_eq(o.s.plan.bytes, o.s.plan.pte_bytes);
    close_opened(&o);
}

/* The arenas follow the metadata, from the region's start up: the region
 * is used as tightly as with the .pte's plan first. */
Test(plan, arenas_follow_the_metadata)
{
    opened o;
    open_with(&o, "models/mlperf/vww_mbv1_025_96_cortex_m.pte", true, true);
    cr_expect_eq((uint8_t *)o.s.method.arenas.base[0], (uint8_t *)o.work + ((o.s.metadata + 15) & ~(size_t)15));
    cr_expect_geq(o.s.pool.used, o.s.metadata + o.s.plan.bytes);
    close_opened(&o);
}

/* Too little memory for the .pte's arenas is still a clear error. */
Test(plan, region_too_small_is_an_error)
{
    size_t n;
    uint8_t *pte = rt_read_shared("models/kws_dscnn_cortex_m.pte", &n);
    static uint8_t work[8192] __attribute__((aligned(16)));
    et_session s;
    et_error err = {0};
    cr_expect_eq(et_session_open(&s, pte, n, NULL, work, sizeof work, &err), ET_ERR_NO_MEMORY);
    cr_expect(strstr(err.msg, "bytes") != NULL, "%s", err.msg);
    free(pte);
}

/* A convolution whose output lies partly over its input, or on it with a
 * shape the kernel cannot compute in place, is refused with a message
 * (the planner never makes either; a wrong plan must not give a wrong
 * result). */
Test(plan, kernels_refuse_an_alias_they_do_not_support)
{
    opened o;
    et_error err = {0};
    size_t n;
    uint8_t *in = rt_read_shared("models/kws_inputs/mfcc_yes.f32", &n);
    open_with(&o, "models/kws_dscnn_cortex_m.pte", true, false);
    et_method *m = &o.s.method;
    cr_assert_eq(m->instrs[4].kind, INSTR_KERNEL_CALL);
    cr_assert_str_eq(m->ops[m->instrs[4].a]->name, "cortex_m::quantized_conv2d.out");
    /* the pointwise layer at 4: its output 16 bytes past its input */
    et_tensor *pw_in = m->values[m->instrs[4].args[0]].u.t;
    et_tensor *pw_out = m->values[m->instrs[4].args[m->instrs[4].nargs - 1]].u.t;
    cr_assert_eq(pw_in->data, pw_out->data, "planned in place");
    pw_out->data = (uint8_t *)pw_in->data + 16;
    set_inputs(&o, in, n);
    cr_expect_eq(et_method_execute(m, NULL, &err), ET_ERR_INVALID_ARGUMENT);
    cr_expect(strstr(err.msg, "overlaps input partly") != NULL, "%s", err.msg);
    pw_out->data = pw_in->data;
    /* the first layer (one channel in, 64 out) on its own input */
    et_tensor *dw_in = m->values[m->instrs[1].args[0]].u.t;
    et_tensor *dw_out = m->values[m->instrs[1].args[m->instrs[1].nargs - 1]].u.t;
    void *keep = dw_out->data;
    dw_out->data = dw_in->data;
    err = (et_error){0};
    set_inputs(&o, in, n);
    cr_expect_eq(et_method_execute(m, NULL, &err), ET_ERR_INVALID_ARGUMENT);
    cr_expect(strstr(err.msg, "cannot be computed in place") != NULL, "%s", err.msg);
    dw_out->data = keep;
    err = (et_error){0};
    set_inputs(&o, in, n);
    cr_expect_eq(et_method_execute(m, NULL, &err), ET_OK, "%s", err.msg);
    close_opened(&o);
    free(in);
}

/* A planned tensor the load fills (here a bias from the .ptd): the .pte's
 * plan stays, its bytes move with the arenas, and nothing is left where
 * the load first put them (it would count as memory in use). */
Test(plan, bytes_from_the_load_keep_the_plan_and_move)
{
    size_t pte_n, ptd_n, in_n, exp_n;
    uint8_t *pte = rt_read_generated("linear.pte", &pte_n), *ptd = rt_read_generated("linear.ptd", &ptd_n);
    uint8_t *in = rt_read_generated("linear.in.f32", &in_n), *exp = rt_read_generated("linear.expect.f32", &exp_n);
    static et_session s;
    uint8_t *work = aligned_alloc(16, RT_WORK_BYTES);
    memset(work, 0, RT_WORK_BYTES);
    et_error err = {0};
    cr_assert_eq(et_session_open_external(&s, pte, pte_n, ptd, ptd_n, NULL, work, RT_WORK_BYTES, &err), ET_OK, "%s",
                 err.msg);
    cr_expect_eq(s.plan.replanned, false);
    cr_expect(strstr(s.plan.why, "bytes from the load") != NULL, "%s", s.plan.why);
    const uint8_t *end = s.method.arenas.base[s.method.arenas.count - 1] + s.method.arenas.size[s.method.arenas.count - 1];
    size_t stray = 0;
    for (const uint8_t *b = end; b < work + RT_WORK_BYTES; b++)
        stray += *b != 0;
    cr_expect_eq(stray, 0, "%zu bytes left above the arenas", stray);
    rt_expect_linear_run(&s.method, in, in_n, exp, exp_n);
    free(work);
    free(pte), free(ptd), free(in), free(exp);
}

/* ResNet-8's residual add, planned in place, with its output moved 16
 * bytes off the input it took: refused. */
Test(plan, add_refuses_a_partial_overlap)
{
    opened o;
    et_error err = {0};
    size_t n;
    uint8_t *in = rt_read_shared("models/mlperf/inputs/ic_cifar10_taxi_s_001241.f32", &n);
    open_with(&o, "models/mlperf/ic_resnet8_cortex_m.pte", true, false);
    et_method *m = &o.s.method;
    uint32_t pc = 0;
    while (pc < m->ninstrs && strcmp(m->ops[m->instrs[pc].a]->name, "cortex_m::quantized_add.out") != 0)
        pc++;
    cr_assert_lt(pc, m->ninstrs);
    et_tensor *out = m->values[m->instrs[pc].args[m->instrs[pc].nargs - 1]].u.t;
    et_tensor *self = m->values[m->instrs[pc].args[0]].u.t, *other = m->values[m->instrs[pc].args[4]].u.t;
    cr_assert(out->data == self->data || out->data == other->data, "planned in place");
    et_tensor *on = out->data == self->data ? self : other;
    out->data = (uint8_t *)on->data + 16;
    set_inputs(&o, in, n);
    cr_expect_eq(et_method_execute(m, NULL, &err), ET_ERR_INVALID_ARGUMENT);
    cr_expect(strstr(err.msg, "other than in place") != NULL, "%s", err.msg);
    close_opened(&o);
    free(in);
}
