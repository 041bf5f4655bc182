/* cortex_m::minimum.out / cortex_m::maximum.out: elementwise int8 min/max
 * with broadcasting. */
#include <stddef.h>

#include "../kernel_util.h"
#include "../kernels.h"
#include "arg_layouts.h"

static et_err min_max(et_kargs *a, bool want_max)
{
    k_bcast ba, bb;
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *x = et_arg_tensor(a, MM_SELF), *y = et_arg_tensor(a, MM_OTHER), *out = et_arg_tensor(a, MM_OUT);
    k_s8(a, x, "self");
    k_s8(a, y, "other");
    k_s8(a, out, "out");
    k_bcast_init(a, &ba, out, x, "self");
    k_bcast_init(a, &bb, out, y, "other");
    if (!a->ok)
        return et_kresult(a);
    const int8_t *xd = x->data, *yd = y->data;
    int8_t *od = out->data;
    size_t n = et_tensor_numel(out);
    for (size_t i = 0; i < n; i++) {
        int8_t u = xd[k_bcast_next(&ba)], v = yd[k_bcast_next(&bb)];
        od[i] = want_max ? (u > v ? u : v) : (u < v ? u : v);
    }
    return ET_OK;
}

et_err k_cortex_m_minimum(et_kargs *a) { return min_max(a, false); }
et_err k_cortex_m_maximum(et_kargs *a) { return min_max(a, true); }
