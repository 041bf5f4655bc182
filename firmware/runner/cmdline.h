/* The runner's configuration, read from the semihosting command line.
 * Bare-metal newlib has no argc/argv, so the runner asks the debugger (the
 * simulator or QEMU) for the line itself with SYS_GET_CMDLINE. */
#ifndef RUNNER_CMDLINE_H
#define RUNNER_CMDLINE_H

#include <stdint.h>

#define RUNNER_MAX_INPUTS 8

typedef struct region {
    uint32_t addr;
    uint32_t size;
} region;

typedef struct runner_config {
    region model;
    region ptd;        /* external tensor data (.ptd); size 0: none */
    region inputs[RUNNER_MAX_INPUTS];
    uint32_t ninputs;
    uint32_t iterations;
    int engine;        /* 0: every operator on the M55; 2: those with a DSP kernel on the DSP */
    int strict;        /* what upstream refuses and the runtime runs is an error */
    int plan_pte;      /* --plan=pte: the arenas as the .pte planned them (else re-planned at load) */
} runner_config;

/* Fetches the command line into buf (NUL-terminated).  Returns 0 on
 * success, -1 if the host does not provide one. */
int cmdline_fetch(char *buf, uint32_t size);

/* Parses "prog --model=ADDR:SIZE [--ptd=ADDR:SIZE] --input=ADDR:SIZE...
 * --iterations=N --engine=cpu|dsp --strict --plan=load|pte".
 * Returns 0, or -1 with a message in err. */
int cmdline_parse(char *line, runner_config *cfg, char *err, uint32_t err_size);

#endif
