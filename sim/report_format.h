/* Inside the report writers (sim/report_*.c, over sim/report.h's
 * analysis): the figures every format derives the same way, so that the
 * summary, JSON, CSV and HTML agree, and the JSON number helpers.  Not for
 * other modules. */
#ifndef ETSIM_SIM_REPORT_FORMAT_H
#define ETSIM_SIM_REPORT_FORMAT_H

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* The RAM peak's part that is not the runtime's (arena, metadata,
 * scratch) nor stack and heap: the firmware's static data. */
static inline uint64_t ram_statics(const ram_info_t *r, const analysis_t *a)
{
    uint64_t known = a->arena_bytes + a->metadata_bytes + a->scratch_bytes + r->stack_peak + r->heap_peak;
    return r->ram_peak > known ? r->ram_peak - known : 0;
}

static inline double ms_of(const analysis_t *a, double cycles)
{
    return cycles / (a->soc->cpu_mhz * 1000.0);
}

/* Mean per inference. */
static inline double per_inf(const analysis_t *a, double v)
{
    return a->iterations ? v / a->iterations : 0;
}

static inline const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static inline double mem_total(const power_energy_t *e)
{
    double s = 0;
    for (int i = 0; i < SOC_MAX_REGIONS; i++)
        s += e->mem_pj[i];
    return s;
}

/* The cycles an operator waited for memory, all regions. */
static inline uint64_t op_stall_cycles(const op_stat_t *o)
{
    uint64_t n = 0;
    for (int r = 0; r < SOC_MAX_REGIONS; r++)
        n += o->wait_cycles[r];
    return n;
}

/* Means per inference of a per-operator counter, rounded. */
static inline uint64_t per_inf_u64(const analysis_t *a, uint64_t v)
{
    return (v + a->iterations / 2) / a->iterations;
}

static inline json_object *u64(uint64_t v)
{
    return json_object_new_int64((int64_t)v);
}

/* Doubles rounded to 6 significant decimals: stable text across hosts. */
static inline json_object *num(double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.6g", v);
    return json_object_new_double_s(strtod(buf, NULL), buf);
}

/* The "npu" object of the JSON report: the NPU over the whole run, with its
 * last job operation by operation (sim/report_json_npu.c); NULL without
 * an NPU. */
json_object *report_npu_json(const analysis_t *a);
/* "conv", "depthwise", "pool", "elementwise", "dma" or "other". */
const char *report_npu_kind_name(npu_op_kind_t k);

#endif
