/* Arm semihosting (BKPT 0xAB on M-profile): console, host files, clock,
 * heap information, command line and exit, as QEMU's -semihosting does.
 * Time is simulated time, so runs stay deterministic. */
#ifndef ETSIM_SIM_SEMIHOST_H
#define ETSIM_SIM_SEMIHOST_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
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
    /* Host files the firmware may open, remove or rename: those inside
     * root (a real path, symlinks resolved).  "/" allows every file, as
     * QEMU does; "" (the working directory could not be resolved) none. */
    char root[PATH_MAX];
    bool refusal_warned;               /* one warning per run */
} semihost_t;

/* Everything closed; file access confined to the working directory. */
void semihost_init(semihost_t *s);
/* Confine file access to dir (--semihost-root).  False with a message
 * when dir does not exist or is not a directory. */
bool semihost_set_root(semihost_t *s, const char *dir, char *err, size_t errlen);
void semihost_close_all(semihost_t *s);
/* Handle one call: r0 = operation, r1 = parameter; sets r0. */
void semihost_call(struct machine *m);

#endif
