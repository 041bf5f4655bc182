/* Marks for the etsim profiling port (firmware/include/etsim_profport.h).
 * On QEMU the window is unassigned PPB space (read as zero, writes
 * ignored), so the writes are harmless there. */
#ifndef RUNNER_PROFPORT_H
#define RUNNER_PROFPORT_H

#include <stdint.h>

#include "etsim_profport.h"

static inline void pp_event(uint32_t event, uint32_t a0, uint32_t a1, uint32_t a2)
{
    volatile uint32_t *pp = (volatile uint32_t *)ETSIM_PROFPORT_BASE;
    pp[ETSIM_PP_ARG0 / 4] = a0;
    pp[ETSIM_PP_ARG1 / 4] = a1;
    pp[ETSIM_PP_ARG2 / 4] = a2;
    pp[ETSIM_PP_EVENT / 4] = event;  /* the write that triggers the event */
}

#endif
