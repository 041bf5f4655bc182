/* The runner's DSP glue (--engine=dsp): the offload image loaded into the
 * HLD DSP and released, and runtime/dsp_offload.h's port over the mailbox
 * (firmware/include/etsim_dsp.h). */
#ifndef RUNNER_DSP_H
#define RUNNER_DSP_H

#include <stdbool.h>
#include <stdint.h>

#include "../../runtime/et_memory.h"
#include "../../runtime/et_method.h"

#include "../../runtime/dsp_offload.h"

/* Start the DSP and place on it what fits, with the placement's context
 * and descriptors in mem (memory the DSP reaches); *ctx receives the
 * context (et_dsp_runs tells which calls it runs).  0, or -1 with a
 * message on stderr. */
int runner_dsp_attach(et_method *m, et_pool *mem, et_dsp_ctx **ctx);

#endif
