/* The per-instruction steps of the pipeline model (isa/timing.h), inline
 * for the run loop (isa/cpu.c).  Kept branch-light: a scoreboard probe per
 * entry with conditional moves, one pipe check, one dual-issue test. */
#ifndef ETSIM_ISA_PIPELINE_H
#define ETSIM_ISA_PIPELINE_H

#include "insn.h"

/* Before the execute function: wait for the operands and the pipe.
 * Returns the issue cycle; *dual is set when the instruction issues in
 * the same cycle as the one before it. */
static inline uint64_t pipeline_issue(cpu_t *cpu, const insn_t *in, bool *dual)
{
    cpu_pipeline_t *pl = &cpu->pl;
    uint64_t now = cpu->cycles, t = now, src = in->src;
    for (unsigned k = 0; k < CPU_SCOREBOARD; k++) {
        uint64_t r = (src & pl->sb_mask[k]) ? pl->sb_ready[k] : 0;
        t = r > t ? r : t;
    }
    uint64_t f = pl->pipe_free[in->pipe];   /* pipe_free[0] stays 0 */
    t = f > t ? f : t;
    *dual = in->dual && t == now && now == pl->pair_cycle &&
            ((in->dual | pl->pair_dual) & TIMING_DUAL_SECONDARY) && !(src & pl->pair_dst);
    pl->stall_cycles += t - now;
    cpu->cycles = t;
    return t;
}

/* After it: record the result's readiness and the pipe's occupancy, then
 * advance the front end.  cpu->cycles now includes whatever the execute
 * function added (wait states, branch refill, extra registers). */
static inline void pipeline_retire(cpu_t *cpu, const insn_t *in, uint64_t issued, bool dual)
{
    cpu_pipeline_t *pl = &cpu->pl;
    uint64_t c = cpu->cycles;
    if (in->latency > 1) {
        unsigned k = pl->sb_next;
        pl->sb_mask[k] = in->dst;
        pl->sb_ready[k] = c + in->latency - dual;
        pl->sb_next = (k + 1) & (CPU_SCOREBOARD - 1);
    }
    pl->pipe_free[in->pipe] = in->pipe ? c + in->occupancy : 0;
    if (dual) {
        pl->dual_issued++;
        pl->pair_cycle = UINT64_MAX;   /* no third instruction in the pair */
        return;
    }
    c += in->issue;
    cpu->cycles = c;
    /* The next one may pair with this one only if nothing held this one
     * beyond its issue cycle (no wait state, no refill). */
    pl->pair_cycle = (in->dual && c == issued + 1) ? c : UINT64_MAX;
    pl->pair_dual = in->dual;
    pl->pair_dst = in->dst;
}

#endif
