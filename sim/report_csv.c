/* The per-operator CSV (docs/report.md), from the analysis. */
#include <inttypes.h>

#include "report_format.h"

#include "../firmware/include/etsim_profport.h"

/* ---- CSV ------------------------------------------------------------------- */

bool report_write_csv(const char *path, const analysis_t *a,
                      char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write", path);
        return false;
    }
    fprintf(f, "index,name,engine,cycles,latency_ms,share,instructions,energy_uj,memory_energy_uj,avg_mw,"
               "read_bytes,write_bytes,memory_stall_cycles,npu_active_cycles,npu_macs,npu_axi0_read_bytes,"
               "npu_axi0_write_bytes,npu_axi1_read_bytes,npu_axi1_write_bytes\n");
    double per = per_inf(a, (double)a->cycles);
    for (uint32_t i = 0; i < a->nops && a->iterations; i++) {
        const op_stat_t *o = &a->ops[i];
        if (!o->calls)
            continue;
        double oc = per_inf(a, (double)o->cycles);
        fprintf(f, "%u,%s,%s,%.0f,%.6f,%.4f,%.0f,", i, o->name, report_engine_name(o->engine), oc, ms_of(a, oc),
                per > 0 ? oc / per : 0.0, per_inf(a, (double)o->instret));
        if (a->have_power)
            fprintf(f, "%.4f,%.4f,%.3f,", per_inf(a, o->energy_pj) / 1e6, per_inf(a, o->mem_pj) / 1e6,
                    oc > 0 ? per_inf(a, o->energy_pj) / 1e6 / ms_of(a, oc) : 0.0);
        else
            fprintf(f, ",,,");
        uint64_t rd = 0, wr = 0;
        for (int r = 0; r < SOC_MAX_REGIONS; r++) {
            rd += o->read_bytes[r];
            wr += o->write_bytes[r];
        }
        fprintf(f, "%" PRIu64 ",%" PRIu64 ",%" PRIu64, per_inf_u64(a, rd), per_inf_u64(a, wr),
                per_inf_u64(a, op_stall_cycles(o)));
        /* The NPU columns: empty for an operator that is not an NPU job. */
        const ethosu_counters_t *n = &o->npu;
        if (o->engine == ETSIM_ENGINE_NPU)
            fprintf(f, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
                    per_inf_u64(a, n->active_cycles), per_inf_u64(a, n->macs), per_inf_u64(a, n->read_bytes[0]),
                    per_inf_u64(a, n->write_bytes[0]), per_inf_u64(a, n->read_bytes[1]),
                    per_inf_u64(a, n->write_bytes[1]));
        else
            fprintf(f, ",,,,,,\n");
    }
    bool ok = fclose(f) == 0;
    if (!ok)
        snprintf(err, errlen, "%s: write error", path);
    return ok;
}
