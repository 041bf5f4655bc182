/* External tensor data (.ptd): a program whose weight and bias live in a
 * FlatTensor file (tests/runtime/gen_external.py, written with
 * tools/pte_write.py), loaded through et_session_open_external. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/et_session.h"
#include "rt_util.h"

Test(external, linear_weights_from_ptd)
{
    size_t pte_n, ptd_n, in_n, exp_n;
    uint8_t *pte = rt_read_generated("linear.pte", &pte_n), *ptd = rt_read_generated("linear.ptd", &ptd_n);
    uint8_t *in = rt_read_generated("linear.in.f32", &in_n), *exp = rt_read_generated("linear.expect.f32", &exp_n);
    static et_session s;
    void *work = aligned_alloc(16, RT_WORK_BYTES);
    et_error err = {0};
    cr_assert_eq(et_session_open_external(&s, pte, pte_n, ptd, ptd_n, NULL, work, RT_WORK_BYTES, &err), ET_OK, "%s",
                 err.msg);
    rt_expect_linear_run(&s.method, in, in_n, exp, exp_n);
    free(work);
    free(pte), free(ptd), free(in), free(exp);
}

/* Without the .ptd the program still loads if nothing used the data; here
 * the linear uses it, so the load names the missing data. */
Test(external, missing_ptd_is_named)
{
    size_t pte_n;
    uint8_t *pte = rt_read_generated("linear.pte", &pte_n);
    et_error err = {0};
    cr_expect_eq(rt_load_bytes(pte, pte_n, &err), ET_ERR_UNSUPPORTED, "%s", err.msg);
    cr_expect(strstr(err.msg, "EXTERNAL") != NULL, "%s", err.msg);
    free(pte);
}

Test(external, unknown_key_and_bad_ptd)
{
    size_t pte_n, ptd_n;
    uint8_t *pte = rt_read_generated("linear.pte", &pte_n), *ptd = rt_read_generated("linear.ptd", &ptd_n);
    static et_session s;
    void *work = aligned_alloc(16, RT_WORK_BYTES);
    et_error err = {0};
    /* rename the weight's key in the .ptd */
    for (size_t i = 0; i + 13 <= ptd_n; i++)
        if (memcmp(ptd + i, "linear.weight", 13) == 0)
            ptd[i] = 'L';
    cr_expect_eq(et_session_open_external(&s, pte, pte_n, ptd, ptd_n, NULL, work, RT_WORK_BYTES, &err),
                 ET_ERR_NOT_FOUND, "%s", err.msg);
    cr_expect(strstr(err.msg, "linear.weight") != NULL, "%s", err.msg);
    /* a truncated .ptd */
    err = (et_error){0};
    cr_expect_eq(et_session_open_external(&s, pte, pte_n, ptd, 30, NULL, work, RT_WORK_BYTES, &err), ET_ERR_TRUNCATED,
                 "%s", err.msg);
    free(work);
    free(pte), free(ptd);
}
