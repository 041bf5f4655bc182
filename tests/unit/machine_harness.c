/* A machine from a built-in SoC description (tests/unit/machine_harness.h). */
#include "machine_harness.h"

#include <criterion/criterion.h>

#include "../../sim/soc.h"

machine_t *tmachine_new(const char *soc)
{
    char err[256];
    soc_desc_t desc;
    cr_assert(soc_desc_load(&desc, soc, err, sizeof err), "%s", err);
    machine_t *m = machine_create(&desc, 0, err, sizeof err);
    cr_assert(m, "%s", err);
    return m;
}
