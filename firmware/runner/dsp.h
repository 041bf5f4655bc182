/* The runner's DSP glue (--engine=dsp): the offload image loaded into the
 * HLD DSP and released, and runtime/dsp_offload.h's port over the mailbox
 * (firmware/include/etsim_dsp.h). */
#ifndef RUNNER_DSP_H
#define RUNNER_DSP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../runtime/et_memory.h"
#include "../../runtime/et_method.h"
#include "etsim_dsp.h"

#include "../../runtime/dsp_offload.h"

/* Start the DSP and place on it what fits, with the placement's context
 * and descriptors in mem (memory the DSP reaches); *ctx receives the
 * context (et_dsp_runs tells which calls it runs).  0, or -1 with a
 * message on stderr. */
int runner_dsp_attach(et_method *m, et_pool *mem, et_dsp_ctx **ctx);

/* The KWS model's MFCC front end (dsp/kernels/mfcc.s) over one second of
 * 16 kHz audio: 49 frames of 10 features. */
#define RUNNER_MFCC_SAMPLES 16000
#define RUNNER_MFCC_FRAMES  49
#define RUNNER_MFCC_COEFFS  10
/* Frame `frame` of the features of pcm (int16[16000] in shared SRAM) into
 * out[frame][0..9] (int32 Q8, out 8-byte aligned in shared SRAM), on the
 * started DSP (runner_dsp_attach), with desc (shared SRAM, a cache line of
 * its own) as the request; 0, or -1 with a message. */
int runner_dsp_mfcc_frame(struct etsim_dsp_mfcc_desc *desc, const int16_t *pcm, int32_t *out, uint32_t frame,
                         char *msg, size_t msglen);

#endif
