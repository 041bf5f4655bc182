/* Operator name -> kernel.  A constant table in flash: adding a kernel is
 * one line in kernel_table.def plus its file (see runtime/README.md). */
#include <string.h>

#include "cortex_m/arg_layouts.h"
#include "prim/arg_layouts.h"
#include "quantized/arg_layouts.h"
#include "kernels.h"
#include "portable/arg_layouts.h"

/* ET_KERNEL_SELECTION (a selective build, see runtime.mk's runner-for)
 * names a file with a subset of kernel_table.def's lines. */
#define ET_KERNEL(name, fn) {name, fn, NULL, NULL},
#define ET_KERNEL_ARGS(name, fn, layouts) {name, fn, &layouts, NULL},
#define ET_KERNEL_EXTRA(name, fn, layouts, extra) {name, fn, &layouts, &extra},
static const et_kernel_entry kernels[] = {
#ifdef ET_KERNEL_SELECTION
#include ET_KERNEL_SELECTION
#else
#include "kernel_table.def"
#endif
};

const et_kernel_entry *et_kernel_table(uint32_t *count)
{
    *count = sizeof kernels / sizeof kernels[0];
    return kernels;
}

const et_kernel_entry *et_kernel_lookup(const char *name, uint32_t name_len, const char *overload,
                                        uint32_t overload_len)
{
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        const char *k = kernels[i].name;
        size_t klen = strlen(k);
        /* key = name + "." + overload, or just name when overload is empty */
        size_t want = name_len + (overload_len ? 1 + overload_len : 0);
        if (klen != want || memcmp(k, name, name_len) != 0)
            continue;
        if (overload_len == 0 || (k[name_len] == '.' && memcmp(k + name_len + 1, overload, overload_len) == 0))
            return &kernels[i];
    }
    return NULL;
}
