/* Backend name -> implementation (a constant table, like the kernels). */
#include <string.h>

#include "../et_backend.h"

extern const et_backend et_backend_ethosu;

/* A selective runner for a model without an Ethos-U delegate leaves the
 * backend out (ET_NO_ETHOSU_BACKEND, runtime.mk's runner-for), so that the
 * linker drops it.  NULL ends the table. */
static const et_backend *const backends[] = {
#ifndef ET_NO_ETHOSU_BACKEND
    &et_backend_ethosu,
#endif
    NULL};

const et_backend *et_backend_lookup(const char *name, uint32_t len)
{
    for (size_t i = 0; backends[i] != NULL; i++)
        if (strlen(backends[i]->name) == len && memcmp(backends[i]->name, name, len) == 0)
            return backends[i];
    return NULL;
}
