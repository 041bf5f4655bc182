/* The per-instruction steps of the pipeline model (isa/timing.h), inline
 * for the run loop (isa/cpu.c). */
#ifndef ETSIM_ISA_PIPELINE_H
#define ETSIM_ISA_PIPELINE_H

#include "insn.h"

/* Both steps are free of data-dependent branches: the properties of
 * consecutive instructions vary too much for the host to predict them, and
 * a mispredicted host branch costs more than the few conditional moves
 * that replace it. */

/* Before the execute function: wait for the operands and the pipe.  now
 * is the front end's cycle.  Returns the issue cycle; *dual is set when the
 * instruction issues in the same cycle as the one before it. */
static inline uint64_t pipeline_issue(cpu_pipeline_t *pl, const insn_t *in, uint64_t now,
                                      bool *dual)
{
    uint64_t t = now, src = in->src;
#define PROBE(k)                                                                \
    do {                                                                        \
        uint64_t r_ = (src & pl->sb_mask[k]) ? pl->sb_ready[k] : 0;              \
        t = r_ > t ? r_ : t;                                                    \
    } while (0)
    if (pl->sb_max > now) {   /* else every entry is ready: nothing to probe */
        PROBE(0);
        PROBE(1);
        PROBE(2);
        PROBE(3);
    }
#undef PROBE
    uint64_t f = pl->pipe_free[in->pipe];   /* pipe_free[0] stays 0 */
    t = f > t ? f : t;
    *dual = (in->dual != 0) & (t == now) & (now == pl->pair_cycle) &
            (((in->dual | pl->pair_dual) & TIMING_DUAL_SECONDARY) != 0) & ((src & pl->pair_dst) == 0);
    pl->stall_cycles += t - now;
    return t;
}

/* The front end's next cycle after an instruction (issued as the second
 * of a pair if dual) whose execute function left the clock at c: what
 * pipeline_retire() returns. */
static inline uint64_t pipeline_next(const insn_t *in, uint64_t c, bool dual)
{
    return c + (dual ? 0 : in->issue);
}

/* After it: record the result's readiness and the pipe's occupancy, and
 * return the front end's next cycle.  c is the clock after the execute
 * function, which includes whatever it added (wait states, branch refill,
 * extra registers).  Results of latency 1 never make anyone wait: their
 * entry (sb_dst 0) is written but the slot is not kept. */
static inline uint64_t pipeline_retire(cpu_pipeline_t *pl, const insn_t *in, uint64_t issued,
                                       uint64_t c, bool dual)
{
    unsigned k = pl->sb_next;
    pl->sb_mask[k] = in->sb_dst;
    uint64_t ready = c + in->latency - dual;
    pl->sb_ready[k] = ready;
    uint64_t live = in->sb_dst ? ready : 0;
    pl->sb_max = pl->sb_max > live ? pl->sb_max : live;
    pl->sb_next = (k + (in->sb_dst != 0)) & (CPU_SCOREBOARD - 1);
    uint64_t busy = c + in->occupancy;
    pl->pipe_free[in->pipe] = in->pipe ? busy : 0;
    pl->dual_issued += dual;
    pl->class_insns[in->tclass]++;
    uint64_t next = pipeline_next(in, c, dual);
    /* The next one may pair with this one only if this one issued alone
     * and nothing held it beyond its issue cycle (no wait state, no
     * refill); a pair has no third instruction. */
    bool open = (in->dual != 0) & !dual & (next == issued + 1);
    pl->pair_cycle = open ? next : UINT64_MAX;
    pl->pair_dual = in->dual;
    pl->pair_dst = in->dst;
    return next;
}

#endif
