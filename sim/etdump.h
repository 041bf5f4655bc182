/* --etdump: the operator calls of the run as an ExecuTorch ETDump, the
 * size-prefixed "ED00" flatbuffer ExecuTorch's devtools Inspector reads
 * (docs/etdump.md; the schema is tests/etdump/etdump.fbs). */
#ifndef ETSIM_SIM_ETDUMP_H
#define ETSIM_SIM_ETDUMP_H

#include <stdbool.h>
#include <stddef.h>

#include "report.h"

/* The operator calls of a, and the NPU's and DSP's jobs inside its
 * delegate calls (from m's job logs), as an ETDump at path. */
bool etdump_write(const char *path, const machine_t *m, const analysis_t *a, char *err, size_t errlen);

#endif
