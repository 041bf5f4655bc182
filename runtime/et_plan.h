/* The arena planned again at load time, from the tensors' lifetimes.
 *
 * The .pte's memory plan comes from the exporter, which cannot know what
 * this runtime's kernels allow (an output written over its dying input)
 * nor which inputs the caller keeps in its own memory.  After the method
 * is loaded (its tensors bound to the .pte's offsets), et_plan_method
 * computes each planned tensor's lifetime from the instruction list and
 * packs the tensors again: largest first, each at the lowest offset free
 * of every tensor live at the same time (first fit, as ExecuTorch's
 * greedy planner), deterministically.  What it cannot follow (delegate
 * calls, MoveCall, JumpFalseCall, FreeCall, tensor lists, tensors read
 * before they are written, .pte tensors that share bytes while live,
 * external data) keeps the .pte's plan, with the reason. */
#ifndef ET_PLAN_H
#define ET_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "et_error.h"
#include "et_memory.h"
#include "et_method.h"

/* What the planner did, for the report. */
typedef struct et_plan_report {
    bool replanned;        /* false: the .pte's plan was kept */
    uint64_t pte_bytes;    /* the .pte's arenas, summed */
    uint64_t bytes;        /* the arenas as bound, summed */
    uint32_t in_place;     /* calls whose output took its input's bytes */
    uint32_t borrowed;     /* bit i: input i is read in the caller's buffer */
    uint32_t views;        /* tensors first read where no call returns them: views, a call's scratch */
    char why[64];          /* when kept: the reason */
} et_plan_report;

typedef struct et_plan_options {
    /* Bit i: input i, if a float that only quantize calls read, may be
     * read where the caller keeps it (et_method_set_input borrows the
     * buffer, which must outlive every run) and take no arena bytes. */
    uint32_t borrow_inputs;
    /* false: keep the .pte's plan (to compare). */
    bool replan;
    /* Outputs over their dying inputs where the kernels allow it (false
     * when other kernels take the calls after the load: the DSP's, with
     * --engine=dsp, read their inputs while they write). */
    bool in_place;
} et_plan_options;

/* The method `m` was loaded with its arenas at `old` (outside `pool`'s
 * used part).  Binds its planned tensors to new arenas carved from `pool`
 * at its used end: re-planned, or the .pte's offsets when the planner
 * cannot follow the method (the old arenas' bytes are then moved, as a
 * .ptd may have filled them at load).  Work memory comes from the pool's
 * free part and is given back. */
et_err et_plan_method(et_method *m, const et_arenas *old, et_pool *pool, const et_plan_options *opts,
                      et_plan_report *report, et_error *err);

#endif
