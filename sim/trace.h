/* Traces: the compact binary operator-level trace (docs/trace.md) that
 * `etsim --trace` writes and `etsim-trace` reads, and the Chrome
 * trace-event timeline (`etsim --timeline`, opens in Perfetto).
 *
 * The reader trusts nothing: a truncated or corrupt file is an error with a
 * message, never a crash. */
#ifndef ETSIM_SIM_TRACE_H
#define ETSIM_SIM_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

#define TRACE_MAGIC "ETSTRACE"
#define TRACE_VERSION 1
#define TRACE_HEADER_BYTES 32
#define TRACE_RECORD_BYTES 48
#define TRACE_LEVEL_OPERATOR 0
#define TRACE_LEVEL_INSTRUCTION 1     /* reserved: needs a core hook */
#define TRACE_FLAG_ENERGY 1u
#define TRACE_NO_ENERGY UINT64_MAX
#define TRACE_MAX_STRING 255

enum { TRACE_REC_INFERENCE = 1, TRACE_REC_OPERATOR = 2 };

typedef struct trace_rec {
    uint8_t kind, engine;
    uint32_t iteration, index, name;   /* name: string id (operators) */
    uint64_t start, cycles, instret;   /* start: cycles after the inference began */
    uint64_t energy_pj;                /* TRACE_NO_ENERGY without the power model */
} trace_rec_t;

typedef struct trace {
    uint16_t version;
    uint8_t level, flags;
    uint32_t cpu_khz;
    uint64_t run_cycles;
    char **strings;        /* 0 SoC, 1 model, 2 firmware, then operator names */
    uint32_t nstrings;
    trace_rec_t *recs;
    uint32_t nrecs;
} trace_t;

bool trace_write(const char *path, const machine_t *m, const run_info_t *ri, const analysis_t *a, char *err,
                 size_t errlen);
/* Parse a whole trace held in memory / read one from a file. */
bool trace_parse(const uint8_t *buf, size_t len, trace_t *t, char *err, size_t errlen);
bool trace_read(const char *path, trace_t *t, char *err, size_t errlen);
void trace_free(trace_t *t);

bool trace_write_timeline(const char *path, const machine_t *m, const analysis_t *a, char *err, size_t errlen);

#endif
