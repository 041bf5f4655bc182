/* The profiling port: firmware writes arguments, then an event code; the
 * event is stamped with the cycle count of that write.  Register layout:
 * firmware/include/etsim_profport.h (shared with the target code). */
#include "profport.h"

#include <stdlib.h>
#include <string.h>

#include "../firmware/include/etsim_profport.h"
#include "machine.h"

/* Events kept per run; a runner marks two per operator per inference, so
 * this holds thousands of inferences of a 100-operator model. */
#define PROFPORT_MAX_EVENTS (1u << 20)

void profport_init(profport_t *p, uint32_t base)
{
    memset(p, 0, sizeof *p);
    p->base = base;
}

void profport_free(profport_t *p)
{
    free(p->events);
    p->events = NULL;
    p->nevents = p->cap = 0;
}

bool profport_read(machine_t *m, uint32_t off, uint32_t *value)
{
    profport_t *p = &m->prof;
    switch (off) {
    case ETSIM_PP_MAGIC: *value = ETSIM_PROFPORT_MAGIC; break;
    case ETSIM_PP_ARG0: *value = p->arg[0]; break;
    case ETSIM_PP_ARG1: *value = p->arg[1]; break;
    case ETSIM_PP_ARG2: *value = p->arg[2]; break;
    default: *value = 0; break;
    }
    return true;
}

static void record(machine_t *m, uint32_t code)
{
    profport_t *p = &m->prof;
    if (p->nevents == p->cap) {
        if (p->cap >= PROFPORT_MAX_EVENTS) {
            p->overflow = true;
            return;
        }
        uint32_t cap = p->cap ? p->cap * 2 : 256;
        profport_event_t *e = realloc(p->events, cap * sizeof *e);
        if (!e) {
            p->overflow = true;
            return;
        }
        p->events = e;
        p->cap = cap;
    }
    profport_event_t *e = &p->events[p->nevents++];
    memset(e, 0, sizeof *e);
    e->code = code;
    memcpy(e->arg, p->arg, sizeof e->arg);
    e->cycle = m->cpu->cycles;
    e->instret = m->cpu->instret;
    if (code == ETSIM_EV_OP_BEGIN && !machine_read_string(m, p->arg[1], e->name, sizeof e->name))
        strcpy(e->name, "?");
}

bool profport_write(machine_t *m, uint32_t off, uint32_t value)
{
    profport_t *p = &m->prof;
    switch (off) {
    case ETSIM_PP_ARG0: p->arg[0] = value; break;
    case ETSIM_PP_ARG1: p->arg[1] = value; break;
    case ETSIM_PP_ARG2: p->arg[2] = value; break;
    case ETSIM_PP_EVENT:
        record(m, value);
        /* What an inference's buffers held is seen before a later one (or
         * the runner's clean-up) overwrites or clears it. */
        if (value == ETSIM_EV_INFER_END && m->tracking_writes)
            machine_scan_writes(m);
        break;
    default: break;
    }
    return true;
}
