/* Backend name -> implementation (a constant table, like the kernels). */
#include <string.h>

#include "../et_backend.h"

extern const et_backend et_backend_ethosu;

static const et_backend *const backends[] = {&et_backend_ethosu};

const et_backend *et_backend_lookup(const char *name, uint32_t len)
{
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
        if (strlen(backends[i]->name) == len && memcmp(backends[i]->name, name, len) == 0)
            return backends[i];
    return NULL;
}
