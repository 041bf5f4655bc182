/* The runner's DSP glue (--engine=dsp): the offload image loaded into the
 * HLD DSP and released, and runtime/dsp_offload.h's port over the mailbox
 * (firmware/include/etsim_dsp.h). */
#ifndef RUNNER_DSP_H
#define RUNNER_DSP_H

#include <stdbool.h>
#include <stdint.h>

#include "../../runtime/et_memory.h"
#include "../../runtime/et_method.h"

/* Start the DSP and place on it what fits, with the descriptors in mem
 * (memory the DSP reaches); 0, or -1 with a message on stderr. */
int runner_dsp_attach(et_method *m, et_pool *mem);
/* Whether operator call seq of an inference runs on the DSP. */
bool runner_dsp_runs(uint32_t seq);

#endif
