/* Reports: per-operator figures come from the profiling-port events the
 * runner writes (firmware/include/etsim_profport.h).  Values not measured
 * yet are written as null, never guessed. */
#include "report.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "../firmware/include/etsim_profport.h"

#define MAX_OPS 4096

typedef struct op_stat {
    char name[PROFPORT_NAME_LEN];
    uint32_t engine;
    uint64_t cycles;          /* summed over iterations */
    uint32_t calls;
} op_stat_t;

typedef struct infer_stat {
    unsigned iterations;      /* INFER_END events seen */
    uint64_t cycles;          /* summed */
    op_stat_t *ops;           /* by operator index */
    uint32_t nops;
    uint64_t arena_bytes;
} infer_stat_t;

static void collect(const machine_t *m, infer_stat_t *st)
{
    memset(st, 0, sizeof *st);
    const profport_t *p = &m->prof;
    uint64_t infer_begin = 0, op_begin = 0;
    for (uint32_t i = 0; i < p->nevents; i++) {
        const profport_event_t *e = &p->events[i];
        switch (e->code) {
        case ETSIM_EV_INFER_BEGIN: infer_begin = e->cycle; break;
        case ETSIM_EV_INFER_END:
            st->iterations++;
            st->cycles += e->cycle - infer_begin;
            break;
        case ETSIM_EV_OP_BEGIN: {
            op_begin = e->cycle;
            uint32_t idx = e->arg[0];
            if (idx >= MAX_OPS)
                break;
            if (idx >= st->nops) {
                op_stat_t *n = realloc(st->ops, (idx + 1) * sizeof *n);
                if (!n)
                    break;
                memset(n + st->nops, 0, (idx + 1 - st->nops) * sizeof *n);
                st->ops = n;
                st->nops = idx + 1;
            }
            memcpy(st->ops[idx].name, e->name, sizeof e->name);
            st->ops[idx].engine = e->arg[2];
            break;
        }
        case ETSIM_EV_OP_END:
            if (e->arg[0] < st->nops) {
                st->ops[e->arg[0]].cycles += e->cycle - op_begin;
                st->ops[e->arg[0]].calls++;
            }
            break;
        case ETSIM_EV_ARENA: st->arena_bytes += e->arg[2]; break;
        default: break;
        }
    }
}

static const char *engine_name(uint32_t e)
{
    return e == ETSIM_ENGINE_NPU ? "npu" : e == ETSIM_ENGINE_DSP ? "dsp" : "cpu";
}

static double ms_of(const machine_t *m, double cycles)
{
    return cycles / (m->desc.cpu_mhz * 1000.0);
}

void report_summary(FILE *f, const machine_t *m, const run_info_t *ri)
{
    const cpu_t *c = m->cpu;
    double mips = ri->host_seconds > 0 ? (double)c->instret / ri->host_seconds / 1e6 : 0;
    fprintf(f, "etsim: %s, %s @ %.0f MHz\n", m->desc.name, m->desc.cpu, m->desc.cpu_mhz);
    fprintf(f, "  instructions  %llu\n", (unsigned long long)c->instret);
    fprintf(f, "  cycles        %llu  (%.3f ms simulated, CPI %.2f)\n", (unsigned long long)c->cycles,
            ms_of(m, (double)c->cycles), c->instret ? (double)c->cycles / (double)c->instret : 0.0);
    fprintf(f, "  host          %.3f s, %.1f MIPS\n", ri->host_seconds, mips);
    infer_stat_t st;
    collect(m, &st);
    if (st.iterations) {
        double per = (double)st.cycles / st.iterations;
        fprintf(f, "  inference     %.0f cycles = %.3f ms @ %.0f MHz (mean of %u)\n", per, ms_of(m, per),
                m->desc.cpu_mhz, st.iterations);
        fprintf(f, "  %-4s %-44s %-6s %12s %7s\n", "#", "operator", "engine", "cycles", "share");
        for (uint32_t i = 0; i < st.nops; i++) {
            const op_stat_t *o = &st.ops[i];
            if (!o->calls)
                continue;
            double oc = (double)o->cycles / st.iterations;
            fprintf(f, "  %-4u %-44s %-6s %12.0f %6.1f%%\n", i, o->name, engine_name(o->engine), oc,
                    per > 0 ? 100.0 * oc / per : 0.0);
        }
    }
    free(st.ops);
}

static json_object *u64(uint64_t v)
{
    return json_object_new_int64((int64_t)v);
}

static json_object *regions_json(const machine_t *m)
{
    json_object *arr = json_object_new_array();
    for (int i = 0; i < m->nregions; i++) {
        const sim_region_t *r = &m->regions[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "name", json_object_new_string(r->desc->name));
        json_object_object_add(o, "kind", json_object_new_string(mem_kind_name(r->desc->kind)));
        json_object_object_add(o, "reads", u64(r->stats.reads));
        json_object_object_add(o, "writes", u64(r->stats.writes));
        json_object_object_add(o, "read_bytes", u64(r->stats.read_bytes));
        json_object_object_add(o, "write_bytes", u64(r->stats.write_bytes));
        json_object_object_add(o, "wait_cycles", u64(r->stats.wait_cycles));
        json_object_array_add(arr, o);
    }
    return arr;
}

static json_object *outputs_json(const machine_t *m)
{
    json_object *arr = json_object_new_array();
    machine_t *mm = (machine_t *)m;
    for (uint32_t i = 0; i < m->prof.nevents; i++) {
        const profport_event_t *e = &m->prof.events[i];
        struct etsim_pp_tensor t;
        if (e->code != ETSIM_EV_OUTPUT || !machine_read_bytes(mm, e->arg[1], &t, sizeof t) || t.ndim > 8)
            continue;
        json_object *o = json_object_new_object();
        json_object_object_add(o, "index", u64(e->arg[0]));
        const char *dtype = t.dtype == 1 ? "int8" : t.dtype == 0 ? "uint8" : t.dtype == 3 ? "int32"
                          : t.dtype == 6 ? "float32" : "other";
        json_object_object_add(o, "dtype", json_object_new_string(dtype));
        json_object *shape = json_object_new_array();
        uint64_t count = 1;
        for (uint32_t d = 0; d < t.ndim; d++) {
            json_object_array_add(shape, u64(t.sizes[d]));
            count *= t.sizes[d];
        }
        json_object_object_add(o, "shape", shape);
        unsigned esize = t.dtype == 6 || t.dtype == 3 ? 4 : 1;
        json_object *vals = json_object_new_array();
        if (count <= 4096 && count * esize <= t.nbytes) {
            for (uint64_t k = 0; k < count; k++) {
                uint8_t b[4] = {0};
                if (!machine_read_bytes(mm, t.data + (uint32_t)(k * esize), b, esize))
                    break;
                if (t.dtype == 6) {
                    float fv;
                    memcpy(&fv, b, 4);
                    json_object_array_add(vals, json_object_new_double(fv));
                } else if (t.dtype == 3) {
                    int32_t iv;
                    memcpy(&iv, b, 4);
                    json_object_array_add(vals, json_object_new_int(iv));
                } else {
                    json_object_array_add(vals, json_object_new_int(t.dtype == 1 ? (int8_t)b[0] : b[0]));
                }
            }
        }
        json_object_object_add(o, "values", vals);
        json_object_array_add(arr, o);
    }
    return arr;
}

bool report_write_json(const char *path, const machine_t *m, const run_info_t *ri, char *err, size_t errlen)
{
    const cpu_t *c = m->cpu;
    infer_stat_t st;
    collect(m, &st);
    json_object *root = json_object_new_object();
    json_object_object_add(root, "schema", json_object_new_string("etsim-report/1"));

    json_object *soc = json_object_new_object();
    json_object_object_add(soc, "name", json_object_new_string(m->desc.name));
    json_object_object_add(soc, "cpu", json_object_new_string(m->desc.cpu));
    json_object_object_add(soc, "cpu_mhz", json_object_new_double(m->desc.cpu_mhz));
    json_object_object_add(soc, "npu", NULL);
    json_object_object_add(root, "soc", soc);

    json_object *fw = json_object_new_object();
    json_object_object_add(fw, "path", json_object_new_string(ri->firmware_path));
    json_object_object_add(fw, "code_bytes", u64(ri->elf.code_bytes));
    json_object_object_add(fw, "rodata_bytes", u64(ri->elf.rodata_bytes));
    json_object_object_add(fw, "data_bytes", u64(ri->elf.data_bytes));
    json_object_object_add(fw, "bss_bytes", u64(ri->elf.bss_bytes));
    json_object_object_add(root, "firmware", fw);

    json_object *model = NULL;
    if (ri->model_path) {
        model = json_object_new_object();
        json_object_object_add(model, "path", json_object_new_string(ri->model_path));
        json_object_object_add(model, "bytes", u64(ri->model_bytes));
    }
    json_object_object_add(root, "model", model);

    json_object *run = json_object_new_object();
    json_object_object_add(run, "exit_code", json_object_new_int(ri->exit_code));
    json_object_object_add(run, "instructions", u64(c->instret));
    json_object_object_add(run, "cycles", u64(c->cycles));
    json_object_object_add(run, "sim_ms", json_object_new_double(ms_of(m, (double)c->cycles)));
    json_object_object_add(run, "host_seconds", json_object_new_double(ri->host_seconds));
    json_object_object_add(run, "host_mips", json_object_new_double(
        ri->host_seconds > 0 ? (double)c->instret / ri->host_seconds / 1e6 : 0));
    json_object_object_add(root, "run", run);

    json_object *inf = NULL;
    double per = st.iterations ? (double)st.cycles / st.iterations : 0;
    if (st.iterations) {
        inf = json_object_new_object();
        json_object_object_add(inf, "iterations", json_object_new_int((int)st.iterations));
        json_object_object_add(inf, "cycles", u64((uint64_t)(per + 0.5)));
        json_object_object_add(inf, "latency_ms", json_object_new_double(ms_of(m, per)));
    }
    json_object_object_add(root, "inference", inf);

    json_object *mem = json_object_new_object();
    json_object_object_add(mem, "flash_model_bytes", u64(ri->model_bytes));
    json_object_object_add(mem, "flash_code_bytes", u64(ri->elf.code_bytes + ri->elf.rodata_bytes + ri->elf.data_bytes));
    json_object_object_add(mem, "ram_peak_bytes", NULL);
    json_object_object_add(mem, "stack_peak_bytes", NULL);
    json_object_object_add(mem, "heap_peak_bytes", NULL);
    json_object_object_add(mem, "arena_bytes", u64(st.arena_bytes));
    json_object_object_add(mem, "regions", regions_json(m));
    json_object_object_add(root, "memory", mem);
    json_object_object_add(root, "power", NULL);

    json_object *ops = json_object_new_array();
    for (uint32_t i = 0; i < st.nops && st.iterations; i++) {
        const op_stat_t *o = &st.ops[i];
        if (!o->calls)
            continue;
        json_object *oj = json_object_new_object();
        json_object_object_add(oj, "index", json_object_new_int((int)i));
        json_object_object_add(oj, "name", json_object_new_string(o->name));
        json_object_object_add(oj, "engine", json_object_new_string(engine_name(o->engine)));
        json_object_object_add(oj, "cycles", u64((o->cycles + st.iterations / 2) / st.iterations));
        json_object_object_add(oj, "energy_uj", NULL);
        json_object_array_add(ops, oj);
    }
    json_object_object_add(root, "operators", ops);
    json_object_object_add(root, "outputs", outputs_json(m));
    free(st.ops);

    bool ok = json_object_to_file_ext(path, root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE) == 0;
    if (!ok)
        snprintf(err, errlen, "%s: cannot write the report", path);
    json_object_put(root);
    return ok;
}

bool report_write_csv(const char *path, const machine_t *m, const run_info_t *ri, char *err, size_t errlen)
{
    (void)ri;
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write", path);
        return false;
    }
    infer_stat_t st;
    collect(m, &st);
    fprintf(f, "index,name,engine,cycles,latency_ms,share\n");
    double per = st.iterations ? (double)st.cycles / st.iterations : 0;
    for (uint32_t i = 0; i < st.nops && st.iterations; i++) {
        const op_stat_t *o = &st.ops[i];
        if (!o->calls)
            continue;
        double oc = (double)o->cycles / st.iterations;
        fprintf(f, "%u,%s,%s,%.0f,%.6f,%.4f\n", i, o->name, engine_name(o->engine), oc, ms_of(m, oc),
                per > 0 ? oc / per : 0.0);
    }
    free(st.ops);
    bool ok = fclose(f) == 0;
    if (!ok)
        snprintf(err, errlen, "%s: write error", path);
    return ok;
}
