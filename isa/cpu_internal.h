/* Functions shared by the core's own files (cpu.c, exception.c), not by
 * instruction families or the rest of the simulator. */
#ifndef ETSIM_ISA_CPU_INTERNAL_H
#define ETSIM_ISA_CPU_INTERNAL_H

#include "cpu.h"

/* Make the run loop leave its fast path before the next instruction. */
static inline void cpu_attention(cpu_t *cpu)
{
    cpu->attention = true;
    cpu->event_cycle = 0;
}

/* The slow path of the run loop: device events, the cycle limit, pending
 * exceptions, exception return, stops.  Returns true when cpu_run() must
 * return (cpu->stop is set). */
bool cpu_handle_events(cpu_t *cpu);

/* The predecoded instruction at pc, or NULL if not decoded. */
const struct insn *cpu_cached_insn(const cpu_t *cpu, uint32_t pc);

/* Take the fault recorded by cpu_fault() (after the longjmp). */
void cpu_take_fault(cpu_t *cpu);

#endif
