/* The DSP placement (runtime/dsp_offload.c) keeps all its state in the
 * context it builds in the pool it is given: two sessions of KWS placed
 * one after the other each send their own calls through their own port,
 * whichever was placed last.  The port here only counts the calls (a
 * 64-bit host cannot run the descriptors' 32-bit addresses): what is
 * tested is the routing, not the DSP's results (tests/dsp does those on
 * etsim). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "../../runtime/dsp_offload.h"
#include "rt_util.h"

#define POOL_BYTES (64u << 10)

typedef struct counting_port {
    uint32_t calls;
    uint32_t ops[8];   /* calls per dispatcher operation 0..7 */
} counting_port;

static int count_call(void *ctx, uint32_t op, const void *desc, char *msg, size_t msglen)
{
    (void)desc, (void)msg, (void)msglen;
    counting_port *p = ctx;
    p->calls++;
    p->ops[op < 8 ? op : 0]++;
    return 0;
}

static void no_cache(void *ctx, const void *p, size_t n) { (void)ctx, (void)p, (void)n; }
static void no_invalidate(void *ctx, void *p, size_t n) { (void)ctx, (void)p, (void)n; }

static void run_once(rt_model *m)
{
    et_error err = {0};
    cr_assert_eq(et_session_default_input(&m->s, 0, &err), ET_OK, "%s", err.msg);
    cr_assert_eq(et_method_execute(&m->s.method, NULL, &err), ET_OK, "%s", err.msg);
}

Test(dsp_place, two_sessions_keep_their_own_placement)
{
    rt_model a, b;
    et_error err = {0};
    cr_assert_eq(rt_open(&a, "models/kws_dscnn_cortex_m.pte", &err), ET_OK, "%s", err.msg);
    cr_assert_eq(rt_open(&b, "models/kws_dscnn_cortex_m.pte", &err), ET_OK, "%s", err.msg);
    counting_port ca = {0}, cb = {0};
    const et_dsp_port pa = {&ca, count_call, no_cache, no_invalidate}, pb = {&cb, count_call, no_cache, no_invalidate};
    void *pool_a = aligned_alloc(16, POOL_BYTES), *pool_b = aligned_alloc(16, POOL_BYTES);
    et_dsp_ctx *xa = NULL, *xb = NULL;
    uint32_t na = 0, nb = 0;
    cr_assert_eq(et_dsp_place(&a.s.method, &pa, pool_a, POOL_BYTES, &xa, &na, &err), ET_OK, "%s", err.msg);
    cr_assert_eq(et_dsp_place(&b.s.method, &pb, pool_b, POOL_BYTES, &xb, &nb, &err), ET_OK, "%s", err.msg);
    /* every convolution, the first (1 channel x 64) too, the pooling and the linear layer */
    cr_assert_eq(na, 11);
    cr_assert_eq(nb, 11);
    cr_assert(xa && xb && xa != xb);
    /* call 0 quantizes the input on the M55; call 1 is the first convolution */
    cr_assert(!et_dsp_runs(xa, 0) && et_dsp_runs(xa, 1) && et_dsp_runs(xb, 1));
    cr_assert(!et_dsp_runs(NULL, 1));
    run_once(&a);
    cr_assert_eq(ca.calls, 11);
    cr_assert_eq(cb.calls, 0);
    cr_assert_eq(ca.ops[ET_DSP_OP_CONV_S8], 1, "the first layer on conv_s8");
    cr_assert_eq(ca.ops[ET_DSP_OP_DW_S8], 4);
    run_once(&b);
    run_once(&a);
    cr_assert_eq(ca.calls, 22, "session a still runs its placement after b's");
    cr_assert_eq(cb.calls, 11);
    rt_close(&a);
    rt_close(&b);
    free(pool_a);
    free(pool_b);
}

/* Placing a method twice (the entries in its table are the first
 * placement's): the second context takes over with the M55's kernels
 * behind them. */
Test(dsp_place, placing_again_replaces_the_context)
{
    rt_model a;
    et_error err = {0};
    cr_assert_eq(rt_open(&a, "models/kws_dscnn_cortex_m.pte", &err), ET_OK, "%s", err.msg);
    counting_port c1 = {0}, c2 = {0};
    const et_dsp_port p1 = {&c1, count_call, no_cache, no_invalidate}, p2 = {&c2, count_call, no_cache, no_invalidate};
    void *pool1 = aligned_alloc(16, POOL_BYTES), *pool2 = aligned_alloc(16, POOL_BYTES);
    et_dsp_ctx *x1, *x2;
    uint32_t n1, n2;
    cr_assert_eq(et_dsp_place(&a.s.method, &p1, pool1, POOL_BYTES, &x1, &n1, &err), ET_OK, "%s", err.msg);
    cr_assert_eq(et_dsp_place(&a.s.method, &p2, pool2, POOL_BYTES, &x2, &n2, &err), ET_OK, "%s", err.msg);
    cr_assert_eq(n1, n2);
    run_once(&a);
    cr_assert_eq(c1.calls, 0);
    cr_assert_eq(c2.calls, n2);
    rt_close(&a);
    free(pool1);
    free(pool2);
}

Test(dsp_place, a_pool_too_small_for_the_context_is_an_error)
{
    rt_model a;
    et_error err = {0};
    cr_assert_eq(rt_open(&a, "models/kws_dscnn_cortex_m.pte", &err), ET_OK, "%s", err.msg);
    counting_port c = {0};
    const et_dsp_port p = {&c, count_call, no_cache, no_invalidate};
    uint8_t pool[256] __attribute__((aligned(16)));
    et_dsp_ctx *x = (et_dsp_ctx *)pool;
    uint32_t n = 7;
    cr_assert_eq(et_dsp_place(&a.s.method, &p, pool, sizeof pool, &x, &n, &err), ET_ERR_NO_MEMORY);
    cr_assert(x == NULL && n == 0);
    cr_assert(strstr(err.msg, "pool") != NULL, "%s", err.msg);
    run_once(&a);   /* nothing placed: the M55 runs it all */
    cr_assert_eq(c.calls, 0);
    rt_close(&a);
}
