/* --etdump: the operator calls of the run as an ExecuTorch ETDump, the
 * size-prefixed "ED00" flatbuffer ExecuTorch's devtools Inspector reads
 * (docs/etdump.md; the schema is tests/etdump/etdump.fbs). */
#ifndef ETSIM_SIM_ETDUMP_H
#define ETSIM_SIM_ETDUMP_H

#include <stdbool.h>
#include <stddef.h>

#include "report.h"

bool etdump_write(const char *path, const analysis_t *a, char *err, size_t errlen);

#endif
