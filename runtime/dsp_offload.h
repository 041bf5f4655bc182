/* Placement of operators on the HLD DSP (docs/dsp.md, "Offload"): the
 * calls of a method's operators that have a DSP kernel and fit it are run
 * by the DSP through a port the platform gives (the runner's
 * firmware/runner/dsp.c: mailbox, cache maintenance); the rest stay on the
 * M55.  The DSP kernels (dsp/kernels/, docs/dsp.md lists what each call
 * must satisfy): fc_s8, run once per row, for cortex_m::quantized_linear
 * and the pointwise cortex_m::quantized_conv2d; conv_s8 for the other
 * convolutions and the depthwise ones of one input channel; dw_s8 for
 * quantized_depthwise_conv2d (depth multiplier 1); avg_s8 and maxp_s8 for
 * the pools; ew_s8 for quantized_add and quantized_mul (with
 * broadcasting); lut_s8 for quantized_activation; bmm_s8 for
 * quantized_batch_matmul; softmax_s8 for softmax. */
#ifndef ET_DSP_OFFLOAD_H
#define ET_DSP_OFFLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "et_error.h"
#include "et_method.h"

/* Operations of the DSP's dispatcher (firmware/include/etsim_dsp.h). */
#define ET_DSP_OP_FC_S8 1u
#define ET_DSP_OP_FC_S8_ROWS 2u
#define ET_DSP_OP_DW_S8 3u
#define ET_DSP_OP_AVG_S8 4u
#define ET_DSP_OP_CONV_S8 5u
#define ET_DSP_OP_EW_S8 6u
#define ET_DSP_OP_LUT_S8 7u
#define ET_DSP_OP_MAXP_S8 8u
#define ET_DSP_OP_BMM_S8 9u
#define ET_DSP_OP_SOFTMAX_S8 10u

typedef struct et_dsp_port {
    void *ctx;
    /* Run op on the descriptor at desc and wait; 0 when the DSP answered
     * status 0, else -1 with a message in msg. */
    int (*call)(void *ctx, uint32_t op, const void *desc, char *msg, size_t msglen);
    /* D-cache maintenance around the call (no-ops without a cache). */
    void (*clean)(void *ctx, const void *p, size_t n);
    void (*invalidate)(void *ctx, void *p, size_t n);
} et_dsp_port;

/* One method's placement: its descriptors, which calls run on the DSP,
 * the operator entries it put in the method's table and the M55's
 * kernels behind them.  It lives at the start of the pool given to
 * et_dsp_place, for as long as the method runs; no state outside it, so
 * several methods (sessions) may be placed at once, each with its pool. */
typedef struct et_dsp_ctx et_dsp_ctx;

/* Place on the DSP every call that fits its kernel (the other calls of the
 * same operator stay on the M55); the context, the descriptors and the
 * constant tables the kernels need (folded bias, per-channel
 * requantisation, padded weights) are built once here, in pool (memory the
 * DSP can read: shared SRAM).  *ctx receives the context, *placed the
 * number of calls moved.  A method with jumps gets nothing placed (its
 * calls' order is not known beforehand).  Keeps port.  ET_ERR_NO_MEMORY
 * when the pool cannot hold the context; a call whose tables do not fit
 * stays on the M55. */
et_err et_dsp_place(et_method *m, const et_dsp_port *port, void *pool, size_t pool_size, et_dsp_ctx **ctx,
                    uint32_t *placed, et_error *err);

/* Whether the executor's operator call number seq (et_observer.op_begin,
 * counted from 0 in each inference) runs on the DSP; false for a NULL
 * ctx. */
bool et_dsp_runs(const et_dsp_ctx *ctx, uint32_t seq);

#endif
