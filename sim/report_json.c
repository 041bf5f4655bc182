/* The etsim-report/1 JSON report (docs/report.md), from the analysis. */
#include "report_format.h"

#include "../firmware/include/etsim_profport.h"

/* ---- JSON ------------------------------------------------------------------ */

static json_object *regions_json(const analysis_t *a)
{
    json_object *arr = json_object_new_array();
    for (int i = 0; i < a->nregions; i++) {
        const analysis_region_t *r = &a->regions[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "name", json_object_new_string(r->name));
        json_object_object_add(o, "kind", json_object_new_string(mem_kind_name(r->kind)));
        json_object_object_add(o, "reads", u64(r->stats.reads));
        json_object_object_add(o, "writes", u64(r->stats.writes));
        json_object_object_add(o, "read_bytes", u64(r->stats.read_bytes));
        json_object_object_add(o, "write_bytes", u64(r->stats.write_bytes));
        json_object_object_add(o, "wait_cycles", u64(r->stats.wait_cycles));
        json_object_object_add(o, "fetches", u64(r->stats.fetches));
        json_object_object_add(o, "fetch_bytes", u64(r->stats.fetch_bytes));
        if (a->npu) {
            /* The NPU's share of read_bytes / write_bytes. */
            json_object_object_add(o, "npu_read_bytes", u64(r->npu_read_bytes));
            json_object_object_add(o, "npu_write_bytes", u64(r->npu_write_bytes));
        }
        json_object_array_add(arr, o);
    }
    return arr;
}

static json_object *tiers_json(const ram_info_t *r)
{
    json_object *arr = json_object_new_array();
    for (int i = 0; i < r->ntiers; i++) {
        const ram_tier_t *t = &r->tiers[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "name", json_object_new_string(t->name));
        json_object_object_add(o, "kind", json_object_new_string(mem_kind_name(t->kind)));
        json_object_object_add(o, "size_bytes", u64(t->size));
        json_object_object_add(o, "code_bytes", u64(t->code_bytes));
        json_object_object_add(o, "data_bytes", u64(t->data_bytes));
        json_object_object_add(o, "bss_bytes", u64(t->bss_reserved));
        json_object_object_add(o, "bss_used_bytes", u64(t->bss_used));
        json_object_object_add(o, "arena_bytes", u64(t->arena_bytes));
        json_object_object_add(o, "stack_bytes", u64(t->stack_bytes));
        json_object_object_add(o, "heap_bytes", u64(t->heap_bytes));
        json_object_object_add(o, "ram_bytes", u64(t->ram_bytes));
        json_object_object_add(o, "touched_bytes", r->touched_known && t->kind != MEM_FLASH ? u64(t->touched_bytes) : NULL);
        json_object_array_add(arr, o);
    }
    return arr;
}

static json_object *memory_json(const analysis_t *a)
{
    json_object *mem = json_object_new_object();
    const ram_info_t *r = a->ri->ram;
    json_object_object_add(mem, "flash_model_bytes", u64(a->ri->model_bytes));
    json_object_object_add(mem, "flash_code_bytes", u64(a->ri->elf.code_bytes + a->ri->elf.rodata_bytes + a->ri->elf.data_bytes));
    json_object_object_add(mem, "ram_peak_bytes", r ? u64(r->ram_peak) : NULL);
    json_object_object_add(mem, "ram_touched_bytes", r && r->touched_known ? u64(r->ram_touched) : NULL);
    json_object_object_add(mem, "stack_peak_bytes", r && r->stack_known ? u64(r->stack_peak) : NULL);
    json_object_object_add(mem, "heap_peak_bytes", r && r->heap_known ? u64(r->heap_peak) : NULL);
    json_object_object_add(mem, "heap_peak_source", r && r->heap_known ? json_object_new_string(r->heap_source) : NULL);
    json_object_object_add(mem, "arena_bytes", u64(a->arena_bytes));
    json_object *parts = NULL;
    if (a->load_known && r) {
        parts = json_object_new_object();
        json_object_object_add(parts, "arena", u64(a->arena_bytes));
        json_object_object_add(parts, "metadata", u64(a->metadata_bytes));
        json_object_object_add(parts, "scratch", u64(a->scratch_bytes));
        json_object_object_add(parts, "stack", u64(r->stack_peak));
        json_object_object_add(parts, "heap", u64(r->heap_peak));
        json_object_object_add(parts, "statics", u64(ram_statics(r, a)));
    }
    json_object_object_add(mem, "ram_parts_bytes", parts);
    json_object_object_add(mem, "tiers", r ? tiers_json(r) : NULL);
    json_object_object_add(mem, "regions", regions_json(a));
    return mem;
}

static json_object *components_json(const analysis_t *a, const power_energy_t *e, double div)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "core", num(e->core_pj / div / 1e6));
    json_object_object_add(o, "datapath", num(e->datapath_pj / div / 1e6));
    json_object_object_add(o, "sleep", num(e->sleep_pj / div / 1e6));
    json_object_object_add(o, "static", num(e->static_pj / div / 1e6));
    json_object_object_add(o, "npu", num(e->npu_pj / div / 1e6));
    if (a->dsp.releases)   /* only when the DSP ran: reports without it keep their keys */
        json_object_object_add(o, "dsp", num(e->dsp_pj / div / 1e6));
    for (int i = 0; i < a->nregions; i++) {
        char key[SOC_NAME_LEN + 8];
        snprintf(key, sizeof key, "mem.%s", a->regions[i].name);
        json_object_object_add(o, key, num(e->mem_pj[i] / div / 1e6));
    }
    return o;
}

static json_object *power_json(const analysis_t *a)
{
    if (!a->ri->power || !a->ri->power->present)
        return NULL;
    json_object *p = json_object_new_object();
    double run_ms = ms_of(a, (double)a->run_cycles);
    if (a->have_power && a->iterations) {
        double ms = ms_of(a, (double)a->cycles);
        json_object_object_add(p, "energy_uj", num(per_inf(a, a->energy.total_pj) / 1e6));
        json_object_object_add(p, "avg_mw", num(ms > 0 ? a->energy.total_pj / 1e6 / ms : 0));
        json_object_object_add(p, "components", components_json(a, &a->energy, a->iterations));
    } else {
        json_object_object_add(p, "energy_uj", NULL);
        json_object_object_add(p, "avg_mw", NULL);
        json_object_object_add(p, "components", NULL);
    }
    json_object_object_add(p, "run_energy_uj", num(a->run_energy.total_pj / 1e6));
    json_object_object_add(p, "run_avg_mw", num(run_ms > 0 ? a->run_energy.total_pj / 1e6 / run_ms : 0));
    json_object_object_add(p, "run_components", components_json(a, &a->run_energy, 1));
    json_object *co = json_object_new_object();
    json_object_object_add(co, "core_active_uw_per_mhz", num(a->ri->power->core_pj_per_cycle));
    json_object *cls = json_object_new_object();
    for (int g = 0; g < POWER_CLASS_GROUPS; g++)
        json_object_object_add(cls, power_class_group_name[g], num(a->ri->power->class_pj[g]));
    json_object_object_add(co, "class_pj", cls);
    json_object_object_add(co, "core_sleep_uw_per_mhz", num(a->ri->power->sleep_pj_per_cycle));
    json_object_object_add(co, "static_uw", num(a->ri->power->static_uw));
    json_object_object_add(p, "coefficients", co);
    return p;
}

/* An operator's traffic per region (those it touched). */
static json_object *op_traffic_json(const analysis_t *a, const op_stat_t *o)
{
    json_object *arr = json_object_new_array();
    for (int r = 0; r < a->nregions && r < SOC_MAX_REGIONS; r++) {
        if (!o->read_bytes[r] && !o->write_bytes[r] && !o->wait_cycles[r])
            continue;
        json_object *t = json_object_new_object();
        json_object_object_add(t, "region", json_object_new_string(a->regions[r].name));
        json_object_object_add(t, "read_bytes", u64(per_inf_u64(a, o->read_bytes[r])));
        json_object_object_add(t, "write_bytes", u64(per_inf_u64(a, o->write_bytes[r])));
        json_object_object_add(t, "wait_cycles", u64(per_inf_u64(a, o->wait_cycles[r])));
        json_object_array_add(arr, t);
    }
    return arr;
}

static json_object *u64_pair(const analysis_t *a, const uint64_t v[2])
{
    json_object *arr = json_object_new_array();
    json_object_array_add(arr, u64(per_inf_u64(a, v[0])));
    json_object_array_add(arr, u64(per_inf_u64(a, v[1])));
    return arr;
}

/* An NPU operator's job: the NPU's PMU-style counts (means per inference). */
static json_object *op_npu_json(const analysis_t *a, const ethosu_counters_t *n)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "active_cycles", u64(per_inf_u64(a, n->active_cycles)));
    json_object_object_add(o, "mac_cycles", u64(per_inf_u64(a, n->mac_cycles)));
    json_object_object_add(o, "macs", u64(per_inf_u64(a, n->macs)));
    json_object_object_add(o, "axi_read_bytes", u64_pair(a, n->read_bytes));
    json_object_object_add(o, "axi_write_bytes", u64_pair(a, n->write_bytes));
    json_object_object_add(o, "commands", u64(per_inf_u64(a, n->commands)));
    json_object_object_add(o, "jobs", u64(per_inf_u64(a, n->jobs)));
    json_object_object_add(o, "contention_cpu_stall_cycles", u64(per_inf_u64(a, n->contention_cpu_cycles)));
    json_object_object_add(o, "contention_npu_cycles", u64(per_inf_u64(a, n->contention_npu_cycles)));
    return o;
}

static json_object *operators_json(const analysis_t *a)
{
    json_object *ops = json_object_new_array();
    for (uint32_t i = 0; i < a->nops && a->iterations; i++) {
        const op_stat_t *o = &a->ops[i];
        if (!o->calls)
            continue;
        json_object *oj = json_object_new_object();
        json_object_object_add(oj, "index", json_object_new_int((int)i));
        json_object_object_add(oj, "name", json_object_new_string(o->name));
        json_object_object_add(oj, "engine", json_object_new_string(report_engine_name(o->engine)));
        json_object_object_add(oj, "cycles", u64(per_inf_u64(a, o->cycles)));
        json_object_object_add(oj, "instructions", u64(per_inf_u64(a, o->instret)));
        json_object_object_add(oj, "latency_ms", num(ms_of(a, per_inf(a, (double)o->cycles))));
        json_object_object_add(oj, "energy_uj", a->have_power ? num(per_inf(a, o->energy_pj) / 1e6) : NULL);
        json_object_object_add(oj, "memory_energy_uj", a->have_power ? num(per_inf(a, o->mem_pj) / 1e6) : NULL);
        json_object_object_add(oj, "memory_stall_cycles", u64(per_inf_u64(a, op_stall_cycles(o))));
        json_object_object_add(oj, "memory", op_traffic_json(a, o));
        if (o->engine == ETSIM_ENGINE_NPU)
            json_object_object_add(oj, "npu", op_npu_json(a, &o->npu));
        if (o->engine == ETSIM_ENGINE_DSP) {
            json_object *d = json_object_new_object();
            json_object_object_add(d, "active_cycles", u64(per_inf_u64(a, o->dsp_active_cycles)));
            json_object_object_add(d, "energy_uj", a->have_power ? num(per_inf(a, o->dsp_pj) / 1e6) : NULL);
            json_object_object_add(oj, "dsp", d);
        }
        json_object_array_add(ops, oj);
    }
    return ops;
}

static const char *dtype_name(uint32_t d)
{
    return d == 1 ? "int8" : d == 0 ? "uint8" : d == 3 ? "int32" : d == 6 ? "float32" : "other";
}

static json_object *outputs_json(const analysis_t *a)
{
    json_object *arr = json_object_new_array();
    for (uint32_t i = 0; i < a->noutputs; i++) {
        const analysis_output_t *t = &a->outputs[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "index", u64(t->index));
        json_object_object_add(o, "dtype", json_object_new_string(dtype_name(t->dtype)));
        json_object *shape = json_object_new_array();
        for (uint32_t d = 0; d < t->ndim; d++)
            json_object_array_add(shape, u64(t->sizes[d]));
        json_object_object_add(o, "shape", shape);
        json_object *vals = json_object_new_array();
        for (uint32_t k = 0; k < t->nvalues; k++)
            json_object_array_add(vals, t->dtype == 6 ? json_object_new_double(t->values[k])
                                                      : json_object_new_int((int32_t)t->values[k]));
        json_object_object_add(o, "values", vals);
        json_object_array_add(arr, o);
    }
    return arr;
}

static json_object *header_json(const analysis_t *a, json_object *root)
{
    json_object_object_add(root, "schema", json_object_new_string("etsim-report/1"));
    json_object *soc = json_object_new_object();
    json_object_object_add(soc, "name", json_object_new_string(a->soc->name));
    json_object_object_add(soc, "cpu", json_object_new_string(a->soc->cpu));
    json_object_object_add(soc, "cpu_mhz", json_object_new_double(a->soc->cpu_mhz));
    json_object_object_add(soc, "npu", a->npu ? json_object_new_string(a->soc->npu.config) : NULL);
    json_object_object_add(root, "soc", soc);

    json_object *fw = json_object_new_object();
    json_object_object_add(fw, "path", json_object_new_string(a->ri->firmware_path));
    json_object_object_add(fw, "code_bytes", u64(a->ri->elf.code_bytes));
    json_object_object_add(fw, "rodata_bytes", u64(a->ri->elf.rodata_bytes));
    json_object_object_add(fw, "data_bytes", u64(a->ri->elf.data_bytes));
    json_object_object_add(fw, "bss_bytes", u64(a->ri->elf.bss_bytes));
    json_object_object_add(root, "firmware", fw);

    json_object *model = NULL;
    if (a->ri->model_path) {
        model = json_object_new_object();
        json_object_object_add(model, "path", json_object_new_string(a->ri->model_path));
        json_object_object_add(model, "bytes", u64(a->ri->model_bytes));
    }
    json_object_object_add(root, "model", model);

    json_object *run = json_object_new_object();
    json_object_object_add(run, "exit_code", json_object_new_int(a->ri->exit_code));
    json_object_object_add(run, "instructions", u64(a->run_instret));
    json_object_object_add(run, "cycles", u64(a->run_cycles));
    json_object_object_add(run, "sleep_cycles", u64(a->run_sleep_cycles));
    json_object_object_add(run, "sim_ms", json_object_new_double(ms_of(a, (double)a->run_cycles)));
    json_object_object_add(run, "timing_source", json_object_new_string(a->timing_source));
    json_object_object_add(run, "host_seconds", json_object_new_double(a->ri->host_seconds));
    json_object_object_add(run, "host_mips", json_object_new_double(
        a->ri->host_seconds > 0 ? (double)a->run_instret / a->ri->host_seconds / 1e6 : 0));
    json_object_object_add(root, "run", run);
    return root;
}

bool report_write_json(const char *path, const analysis_t *a,
                       char *err, size_t errlen)
{
    json_object *root = header_json(a, json_object_new_object());
    json_object *inf = NULL;
    if (a->iterations) {
        double per = per_inf(a, (double)a->cycles);
        inf = json_object_new_object();
        json_object_object_add(inf, "iterations", json_object_new_int((int)a->iterations));
        json_object_object_add(inf, "cycles", u64((uint64_t)(per + 0.5)));
        json_object_object_add(inf, "instructions", u64((a->instret + a->iterations / 2) / a->iterations));
        json_object_object_add(inf, "latency_ms", json_object_new_double(ms_of(a, per)));
    }
    json_object_object_add(root, "inference", inf);
    json_object *load = NULL;
    if (a->load_known) {
        load = json_object_new_object();
        json_object_object_add(load, "cycles", u64(a->load_cycles));
        json_object_object_add(load, "latency_ms", json_object_new_double(ms_of(a, (double)a->load_cycles)));
    }
    json_object_object_add(root, "load", load);
    json_object_object_add(root, "memory", memory_json(a));
    json_object_object_add(root, "power", power_json(a));
    json_object_object_add(root, "npu", report_npu_json(a));
    json_object_object_add(root, "operators", operators_json(a));
    json_object_object_add(root, "outputs", outputs_json(a));
    bool ok = json_object_to_file_ext(path, root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE) == 0;
    if (!ok)
        snprintf(err, errlen, "%s: cannot write the report", path);
    json_object_put(root);
    return ok;
}
