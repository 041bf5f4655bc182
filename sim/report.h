/* What a run cost: the summary on stderr, the etsim-report/1 JSON report
 * (docs/report.md) and the per-operator CSV. */
#ifndef ETSIM_SIM_REPORT_H
#define ETSIM_SIM_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "elf_load.h"
#include "machine.h"

typedef struct run_info {
    const char *firmware_path;
    const char *model_path;        /* NULL without a model */
    uint64_t model_bytes;
    elf_info_t elf;
    int exit_code;
    unsigned iterations;
    double host_seconds;
} run_info_t;

void report_summary(FILE *f, const machine_t *m, const run_info_t *ri);
bool report_write_json(const char *path, const machine_t *m, const run_info_t *ri, char *err, size_t errlen);
bool report_write_csv(const char *path, const machine_t *m, const run_info_t *ri, char *err, size_t errlen);

#endif
