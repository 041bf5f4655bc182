/* The profiling port device (firmware/include/etsim_profport.h): records
 * inference and operator boundaries with their cycle counts. */
#ifndef ETSIM_SIM_PROFPORT_H
#define ETSIM_SIM_PROFPORT_H

#include <stdbool.h>
#include <stdint.h>

#define PROFPORT_NAME_LEN 64

typedef struct profport_event {
    uint32_t code;
    uint32_t arg[3];
    uint64_t cycle;
    uint64_t instret;
    char name[PROFPORT_NAME_LEN];   /* OP_BEGIN: the operator name */
} profport_event_t;

typedef struct profport {
    uint32_t base;
    uint32_t arg[3];
    profport_event_t *events;
    uint32_t nevents, cap;
    bool overflow;                  /* more events than we keep (cap) */
} profport_t;

struct machine;
void profport_init(profport_t *p, uint32_t base);
void profport_free(profport_t *p);
bool profport_read(struct machine *m, uint32_t off, uint32_t *value);
bool profport_write(struct machine *m, uint32_t off, uint32_t value);
/* Record event code with the arguments written so far, stamped now (the
 * port's EVENT write; also sim/exec_symbols.c's events). */
void profport_record(struct machine *m, uint32_t code);

#endif
