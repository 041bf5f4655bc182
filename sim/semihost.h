/* Arm semihosting (BKPT 0xAB on M-profile): console, host files, clock,
 * heap information, command line and exit, as QEMU's -semihosting does.
 * Time is simulated time, so runs stay deterministic. */
#ifndef ETSIM_SIM_SEMIHOST_H
#define ETSIM_SIM_SEMIHOST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define SEMIHOST_MAX_FILES 32

struct machine;

typedef struct semihost {
    FILE *files[SEMIHOST_MAX_FILES];   /* host files opened by the firmware */
    uint8_t kind[SEMIHOST_MAX_FILES];  /* 0 closed, 1 host file, 2 stdin, 3 stdout, 4 stderr, 5 features */
    uint32_t features_pos[SEMIHOST_MAX_FILES];
    int host_errno;
    char cmdline[4096];                /* what SYS_GET_CMDLINE returns */
    uint32_t heap_base, heap_limit, stack_base, stack_limit;  /* SYS_HEAPINFO */
    uint64_t exit_requests;
} semihost_t;

void semihost_init(semihost_t *s);
void semihost_close_all(semihost_t *s);
/* Handle one call: r0 = operation, r1 = parameter; sets r0. */
void semihost_call(struct machine *m);

#endif
