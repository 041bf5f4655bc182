/* Reports: per-operator figures come from the profiling-port events the
 * runner writes (firmware/include/etsim_profport.h), energy from the power
 * probe's snapshots at those events (sim/power.h), memory from sim/ram.h.
 * Values not measured are written as null, never guessed. */
#include "report.h"

#include <inttypes.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "../firmware/include/etsim_profport.h"
#include "dsp.h"

#define MAX_OPS 4096

const char *report_engine_name(uint32_t e)
{
    return e == ETSIM_ENGINE_NPU ? "npu" : e == ETSIM_ENGINE_DSP ? "dsp" : "cpu";
}

const char *report_timing_source(const machine_t *m, const run_info_t *ri)
{
    if (ri->runtime_symbols)
        return "executorch-symbols";
    for (uint32_t i = 0; i < m->prof.nevents; i++)
        if (m->prof.events[i].code == ETSIM_EV_INFER_BEGIN)
            return "profiling-port";
    return "none";
}

/* ---- analysis ------------------------------------------------------------- */

static void energy_add(power_energy_t *sum, const power_energy_t *e)
{
    sum->core_pj += e->core_pj;
    sum->datapath_pj += e->datapath_pj;
    sum->npu_pj += e->npu_pj;
    sum->dsp_pj += e->dsp_pj;
    sum->sleep_pj += e->sleep_pj;
    sum->static_pj += e->static_pj;
    sum->total_pj += e->total_pj;
    for (int i = 0; i < SOC_MAX_REGIONS; i++)
        sum->mem_pj[i] += e->mem_pj[i];
}

static double mem_total(const power_energy_t *e)
{
    double s = 0;
    for (int i = 0; i < SOC_MAX_REGIONS; i++)
        s += e->mem_pj[i];
    return s;
}

static op_stat_t *op_slot(analysis_t *a, uint32_t idx)
{
    if (idx >= MAX_OPS)
        return NULL;
    if (idx >= a->nops) {
        op_stat_t *n = realloc(a->ops, (idx + 1) * sizeof *n);
        if (!n)
            return NULL;
        memset(n + a->nops, 0, (idx + 1 - a->nops) * sizeof *n);
        a->ops = n;
        a->nops = idx + 1;
    }
    return &a->ops[idx];
}

static void add_call(analysis_t *a, const op_call_t *c)
{
    if ((a->ncalls & (a->ncalls - 1)) == 0) {   /* 0, 1, 2, 4...: grow */
        op_call_t *n = realloc(a->calls, (a->ncalls ? a->ncalls * 2 : 1) * sizeof *n);
        if (!n)
            return;
        a->calls = n;
    }
    a->calls[a->ncalls++] = *c;
}

static void add_infer(analysis_t *a, const profport_event_t *b, const profport_event_t *e, double pj)
{
    infer_call_t *n = realloc(a->infers, (a->ninfers + 1) * sizeof *n);
    if (!n)
        return;
    a->infers = n;
    infer_call_t ic = {b->cycle, e->cycle - b->cycle, e->instret - b->instret, pj};
    a->infers[a->ninfers++] = ic;
}

static void add_traffic(op_stat_t *o, const power_snap_t *b, const power_snap_t *e)
{
    for (int r = 0; r < SOC_MAX_REGIONS; r++) {
        o->read_bytes[r] += e->read_bytes[r] - b->read_bytes[r];
        o->write_bytes[r] += e->write_bytes[r] - b->write_bytes[r];
        o->wait_cycles[r] += e->wait_cycles[r] - b->wait_cycles[r];
    }
}

/* b - a of the NPU's counters, added to sum. */
static void npu_add(ethosu_counters_t *sum, const ethosu_counters_t *a, const ethosu_counters_t *b)
{
    sum->active_cycles += b->active_cycles - a->active_cycles;
    sum->mac_cycles += b->mac_cycles - a->mac_cycles;
    sum->macs += b->macs - a->macs;
    for (int p = 0; p < 2; p++) {
        sum->read_bytes[p] += b->read_bytes[p] - a->read_bytes[p];
        sum->write_bytes[p] += b->write_bytes[p] - a->write_bytes[p];
    }
    sum->commands += b->commands - a->commands;
    sum->jobs += b->jobs - a->jobs;
}

/* The cycles an operator waited for memory, all regions. */
static uint64_t op_stall_cycles(const op_stat_t *o)
{
    uint64_t n = 0;
    for (int r = 0; r < SOC_MAX_REGIONS; r++)
        n += o->wait_cycles[r];
    return n;
}

void analysis_build(const machine_t *m, const run_info_t *ri, analysis_t *a)
{
    memset(a, 0, sizeof *a);
    const profport_t *p = &m->prof;
    const power_snap_t *snaps = ri->probe ? ri->probe->snaps : NULL;
    a->have_power = ri->power && ri->power->present && snaps && ri->probe->nsnaps >= p->nevents;
    if (ri->power && ri->power->present) {
        power_snap_t zero, now;
        memset(&zero, 0, sizeof zero);
        power_snap_now(m, &now);
        power_between(m, ri->power, &zero, &now, &a->run_energy);
    }
    uint32_t infer_begin = 0, op_begin = 0;
    const profport_event_t *where = NULL;   /* the last OP_WHERE */
    const profport_event_t *load_begin = NULL;
    bool in_infer = false, in_op = false, seen_begin = false;
    for (uint32_t i = 0; i < p->nevents; i++) {
        const profport_event_t *e = &p->events[i];
        power_energy_t en;
        memset(&en, 0, sizeof en);
        switch (e->code) {
        case ETSIM_EV_INFER_BEGIN:
            infer_begin = i;
            in_infer = true;
            if (!seen_begin)
                a->first_begin = e->cycle;
            seen_begin = true;
            break;
        case ETSIM_EV_INFER_END:
            if (!in_infer)
                break;
            in_infer = false;
            a->iterations++;
            a->cycles += e->cycle - p->events[infer_begin].cycle;
            a->instret += e->instret - p->events[infer_begin].instret;
            if (a->have_power) {
                power_between(m, ri->power, &snaps[infer_begin], &snaps[i], &en);
                energy_add(&a->energy, &en);
            }
            add_infer(a, &p->events[infer_begin], e, en.total_pj);
            break;
        case ETSIM_EV_OP_BEGIN: {
            op_stat_t *o = op_slot(a, e->arg[0]);
            in_op = o != NULL;
            op_begin = i;
            if (o) {
                o->name = e->name;
                o->engine = e->arg[2];
            }
            break;
        }
        case ETSIM_EV_OP_END: {
            const profport_event_t *b = &p->events[op_begin];
            if (!in_op || e->arg[0] != b->arg[0] || e->arg[0] >= a->nops)
                break;
            in_op = false;
            op_call_t c = {a->iterations, e->arg[0], b->arg[2], b->name, b->cycle, e->cycle - b->cycle,
                           e->instret - b->instret, 0, 0, {0}, 0, e->arg[0]};
            if (where && where->arg[0] == e->arg[0]) {
                c.instruction = where->arg[1];
                c.chain = where->arg[2];
            }
            where = NULL;
            op_stat_t *o = &a->ops[e->arg[0]];
            if (a->have_power) {
                power_between(m, ri->power, &snaps[op_begin], &snaps[i], &en);
                c.energy_pj = en.total_pj;
                c.mem_pj = mem_total(&en);
                o->dsp_pj += en.dsp_pj;
            }
            if (snaps && ri->probe->nsnaps > i) {
                add_traffic(o, &snaps[op_begin], &snaps[i]);
                npu_add(&c.npu, &snaps[op_begin].npu, &snaps[i].npu);
                npu_add(&o->npu, &snaps[op_begin].npu, &snaps[i].npu);
                o->dsp_active_cycles += snaps[i].dsp_cycles - snaps[op_begin].dsp_cycles;
            }
            o->cycles += c.cycles;
            o->instret += c.instret;
            o->energy_pj += c.energy_pj;
            o->mem_pj += c.mem_pj;
            o->calls++;
            add_call(a, &c);
            break;
        }
        case ETSIM_EV_OP_WHERE: where = e; break;
        case ETSIM_EV_ARENA: a->arena_bytes += e->arg[2]; break;
        case ETSIM_EV_LOAD_BEGIN: load_begin = e; break;
        case ETSIM_EV_LOAD_END:
            if (!load_begin)
                break;
            a->load_known = true;
            a->load_cycles = e->cycle - load_begin->cycle;
            a->metadata_bytes = e->arg[0];
            a->scratch_bytes = e->arg[1];
            load_begin = NULL;
            break;
        default: break;
        }
    }
}

void analysis_free(analysis_t *a)
{
    free(a->ops);
    free(a->calls);
    free(a->infers);
    memset(a, 0, sizeof *a);
}

static double ms_of(const machine_t *m, double cycles)
{
    return cycles / (m->desc.cpu_mhz * 1000.0);
}

/* Mean per inference. */
static double per_inf(const analysis_t *a, double v)
{
    return a->iterations ? v / a->iterations : 0;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* ---- summary -------------------------------------------------------------- */

/* The engines the operators ran on ("cpu", "cpu + npu", ...; "cpu"
 * without operators), for the case-study row. */
static const char *engines_used(const analysis_t *a, char *buf, size_t len)
{
    bool used[3] = {a->nops == 0, false, false};
    for (uint32_t i = 0; i < a->nops; i++)
        if (a->ops[i].name && a->ops[i].engine < 3)
            used[a->ops[i].engine] = true;
    size_t n = 0;
    buf[0] = '\0';
    for (uint32_t e = 0; e < 3; e++)
        if (used[e])
            n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", n ? " + " : "", report_engine_name(e));
    return buf;
}

static void summary_case_study(FILE *f, const machine_t *m, const run_info_t *ri, const analysis_t *a)
{
    double per = per_inf(a, (double)a->cycles);
    char engines[32];
    fprintf(f, "  | model | hardware | flash (model) | flash (code) | RAM | latency | energy | avg power |\n");
    fprintf(f, "  | %s | %s (%s), %s | %.1f KiB | %.1f KiB | ", ri->model_path ? base_name(ri->model_path) : "-",
            m->desc.cpu, m->desc.name, engines_used(a, engines, sizeof engines), ri->model_bytes / 1024.0,
            (ri->elf.code_bytes + ri->elf.rodata_bytes + ri->elf.data_bytes) / 1024.0);
    if (ri->ram)
        fprintf(f, "%.1f KiB | ", ri->ram->ram_peak / 1024.0);
    else
        fprintf(f, "- | ");
    if (a->iterations)
        fprintf(f, "%.3f ms @ %.0f MHz | ", ms_of(m, per), m->desc.cpu_mhz);
    else
        fprintf(f, "- | ");
    if (a->have_power && a->iterations)
        fprintf(f, "%.1f uJ | %.2f mW |\n", per_inf(a, a->energy.total_pj) / 1e6,
                a->energy.total_pj / 1e6 / (ms_of(m, (double)a->cycles) * 1e3) * 1e3);
    else
        fprintf(f, "- | - |\n");
}

static void summary_ram(FILE *f, const run_info_t *ri)
{
    const ram_info_t *r = ri->ram;
    if (!r)
        return;
    fprintf(f, "  RAM peak      %llu bytes (%.1f KiB):", (unsigned long long)r->ram_peak, r->ram_peak / 1024.0);
    for (int i = 0; i < r->ntiers; i++)
        if (r->tiers[i].ram_bytes)
            fprintf(f, " %s %.1f KiB", r->tiers[i].name, r->tiers[i].ram_bytes / 1024.0);
    fputs("  (reserved by the image)", f);
    if (r->touched_known) {
        fprintf(f, "\n  RAM touched   %llu bytes (%.1f KiB):", (unsigned long long)r->ram_touched,
                r->ram_touched / 1024.0);
        for (int i = 0; i < r->ntiers; i++)
            if (r->tiers[i].touched_bytes)
                fprintf(f, " %s %.1f KiB", r->tiers[i].name, r->tiers[i].touched_bytes / 1024.0);
        fputs("  (changed by the firmware)", f);
    }
    fprintf(f, "\n  stack peak    %llu bytes, heap peak %llu bytes\n", (unsigned long long)r->stack_peak,
            (unsigned long long)r->heap_peak);
}

/* The RAM peak's part that is not the runtime's (arena, metadata,
 * scratch) nor stack and heap: the firmware's static data. */
static uint64_t ram_statics(const ram_info_t *r, const analysis_t *a)
{
    uint64_t known = a->arena_bytes + a->metadata_bytes + a->scratch_bytes + r->stack_peak + r->heap_peak;
    return r->ram_peak > known ? r->ram_peak - known : 0;
}

/* The method load and the runtime's share of the RAM peak, when the
 * firmware marked its load (docs/report.md). */
static void summary_runtime(FILE *f, const machine_t *m, const run_info_t *ri, const analysis_t *a)
{
    if (!a->load_known)
        return;
    fprintf(f, "  load          %llu cycles = %.3f ms (the method: program, values, kernels, scratch plan)\n",
            (unsigned long long)a->load_cycles, ms_of(m, (double)a->load_cycles));
    const ram_info_t *r = ri->ram;
    if (r)
        fprintf(f, "  RAM parts     arena %llu, metadata %llu, scratch %llu, stack %llu, heap %llu, statics %llu bytes\n",
                (unsigned long long)a->arena_bytes, (unsigned long long)a->metadata_bytes,
                (unsigned long long)a->scratch_bytes, (unsigned long long)r->stack_peak,
                (unsigned long long)r->heap_peak, (unsigned long long)ram_statics(r, a));
}

void report_summary(FILE *f, const machine_t *m, const run_info_t *ri, const analysis_t *a)
{
    const cpu_t *c = m->cpu;
    double mips = ri->host_seconds > 0 ? (double)c->instret / ri->host_seconds / 1e6 : 0;
    fprintf(f, "etsim: %s, %s @ %.0f MHz\n", m->desc.name, m->desc.cpu, m->desc.cpu_mhz);
    fprintf(f, "  instructions  %llu\n", (unsigned long long)c->instret);
    fprintf(f, "  cycles        %llu  (%.3f ms simulated, CPI %.2f)\n", (unsigned long long)c->cycles,
            ms_of(m, (double)c->cycles), c->instret ? (double)c->cycles / (double)c->instret : 0.0);
    fprintf(f, "  host          %.3f s, %.1f MIPS\n", ri->host_seconds, mips);
    const ethosu_device_t *npu = m->npu.dev;
    if (npu && npu->counters.jobs) {
        fprintf(f, "  npu           %s: %llu jobs, %llu commands, %llu active cycles, %llu MACs\n", npu->cfg->name,
                (unsigned long long)npu->counters.jobs, (unsigned long long)npu->counters.commands,
                (unsigned long long)npu->counters.active_cycles, (unsigned long long)npu->counters.macs);
        if (npu->last_error[0])
            fprintf(f, "  npu error     %s\n", npu->last_error);
    }
    const sim_dsp_t *dsp = m->dsp;
    if (dsp && dsp->releases) {
        fprintf(f, "  dsp           %.0f MHz: %llu releases, %llu bundles, %llu active cycles, %llu asleep, "
                "%llu mailbox jobs\n", m->desc.dsp.mhz, (unsigned long long)dsp->releases,
                (unsigned long long)dsp->bundles, (unsigned long long)dsp->active_cycles,
                (unsigned long long)dsp->sleep_cycles, (unsigned long long)dsp->mbox.a2d_rings);
        if (dsp->fault[0])
            fprintf(f, "  dsp fault     %s\n", dsp->fault);   /* names the bundle's address */
    }
    summary_ram(f, ri);
    summary_runtime(f, m, ri, a);
    if (a->have_power && a->iterations) {
        const power_energy_t *e = &a->energy;
        fprintf(f, "  energy        %.1f uJ per inference (core %.1f, datapath %.1f, memory %.1f, static %.1f, sleep %.1f, "
                "npu %.1f)\n",
                per_inf(a, e->total_pj) / 1e6, per_inf(a, e->core_pj) / 1e6, per_inf(a, e->datapath_pj) / 1e6,
                per_inf(a, mem_total(e)) / 1e6,
                per_inf(a, e->static_pj) / 1e6, per_inf(a, e->sleep_pj) / 1e6, per_inf(a, e->npu_pj) / 1e6);
        if (m->dsp && m->dsp->releases)
            fprintf(f, "  energy of DSP %.1f uJ per inference (in the total above)\n", per_inf(a, e->dsp_pj) / 1e6);
    }
    if (ri->runtime_symbols)
        fprintf(f, "  timing        from the firmware's symbols (%s)\n", ri->runtime_symbols);
    else if (!a->iterations)
        fprintf(f, "  timing        none: no profiling-port markers, and no ExecuTorch runtime recognised "
                "in the ELF's symbols\n");
    if (!a->iterations)
        return;
    double per = per_inf(a, (double)a->cycles);
    fprintf(f, "  inference     %.0f cycles = %.3f ms @ %.0f MHz (mean of %u)\n", per, ms_of(m, per),
            m->desc.cpu_mhz, a->iterations);
    fprintf(f, "  %-4s %-44s %-6s %12s %7s %6s %10s\n", "#", "operator", "engine", "cycles", "share", "stall",
            "energy uJ");
    for (uint32_t i = 0; i < a->nops; i++) {
        const op_stat_t *o = &a->ops[i];
        if (!o->calls)
            continue;
        double oc = per_inf(a, (double)o->cycles);
        /* stall: the share of the operator's cycles spent waiting for memory. */
        fprintf(f, "  %-4u %-44s %-6s %12.0f %6.1f%% %5.1f%% ", i, o->name, report_engine_name(o->engine), oc,
                per > 0 ? 100.0 * oc / per : 0.0, o->cycles ? 100.0 * (double)op_stall_cycles(o) / (double)o->cycles : 0.0);
        if (a->have_power)
            fprintf(f, "%10.2f\n", per_inf(a, o->energy_pj) / 1e6);
        else
            fprintf(f, "%10s\n", "-");
        if (o->engine == ETSIM_ENGINE_NPU) {
            const ethosu_counters_t *n = &o->npu;
            fprintf(f, "  %-4s npu: %.0f active cycles, %.0f MACs, AXI0 %.0f B read %.0f B written, "
                    "AXI1 %.0f B read %.0f B written\n", "", per_inf(a, (double)n->active_cycles),
                    per_inf(a, (double)n->macs), per_inf(a, (double)n->read_bytes[0]),
                    per_inf(a, (double)n->write_bytes[0]), per_inf(a, (double)n->read_bytes[1]),
                    per_inf(a, (double)n->write_bytes[1]));
        }
        if (o->engine == ETSIM_ENGINE_DSP)
            fprintf(f, "  %-4s dsp: %.0f active DSP cycles at %.0f MHz, %.2f uJ of DSP energy (in the operator's)\n", "",
                    per_inf(a, (double)o->dsp_active_cycles), m->desc.dsp.mhz, per_inf(a, o->dsp_pj) / 1e6);
    }
    summary_case_study(f, m, ri, a);
}

/* ---- JSON ------------------------------------------------------------------ */

static json_object *u64(uint64_t v)
{
    return json_object_new_int64((int64_t)v);
}

/* Doubles rounded to 6 significant decimals: stable text across hosts. */
static json_object *num(double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.6g", v);
    return json_object_new_double_s(strtod(buf, NULL), buf);
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
        json_object_object_add(o, "fetches", u64(r->stats.fetches));
        json_object_object_add(o, "fetch_bytes", u64(r->stats.fetch_bytes));
        if (m->npu.dev) {
            /* The NPU's share of read_bytes / write_bytes. */
            json_object_object_add(o, "npu_read_bytes", u64(m->npu.stats[i].read_bytes));
            json_object_object_add(o, "npu_write_bytes", u64(m->npu.stats[i].write_bytes));
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

static json_object *memory_json(const machine_t *m, const run_info_t *ri, const analysis_t *a)
{
    json_object *mem = json_object_new_object();
    const ram_info_t *r = ri->ram;
    json_object_object_add(mem, "flash_model_bytes", u64(ri->model_bytes));
    json_object_object_add(mem, "flash_code_bytes", u64(ri->elf.code_bytes + ri->elf.rodata_bytes + ri->elf.data_bytes));
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
    json_object_object_add(mem, "regions", regions_json(m));
    return mem;
}

static json_object *components_json(const machine_t *m, const power_energy_t *e, double div)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "core", num(e->core_pj / div / 1e6));
    json_object_object_add(o, "datapath", num(e->datapath_pj / div / 1e6));
    json_object_object_add(o, "sleep", num(e->sleep_pj / div / 1e6));
    json_object_object_add(o, "static", num(e->static_pj / div / 1e6));
    json_object_object_add(o, "npu", num(e->npu_pj / div / 1e6));
    if (m->dsp && m->dsp->releases)   /* only when the DSP ran: reports without it keep their keys */
        json_object_object_add(o, "dsp", num(e->dsp_pj / div / 1e6));
    for (int i = 0; i < m->nregions; i++) {
        char key[SOC_NAME_LEN + 8];
        snprintf(key, sizeof key, "mem.%s", m->regions[i].desc->name);
        json_object_object_add(o, key, num(e->mem_pj[i] / div / 1e6));
    }
    return o;
}

static json_object *power_json(const machine_t *m, const run_info_t *ri, const analysis_t *a)
{
    if (!ri->power || !ri->power->present)
        return NULL;
    json_object *p = json_object_new_object();
    double run_ms = ms_of(m, (double)m->cpu->cycles);
    if (a->have_power && a->iterations) {
        double ms = ms_of(m, (double)a->cycles);
        json_object_object_add(p, "energy_uj", num(per_inf(a, a->energy.total_pj) / 1e6));
        json_object_object_add(p, "avg_mw", num(ms > 0 ? a->energy.total_pj / 1e6 / ms : 0));
        json_object_object_add(p, "components", components_json(m, &a->energy, a->iterations));
    } else {
        json_object_object_add(p, "energy_uj", NULL);
        json_object_object_add(p, "avg_mw", NULL);
        json_object_object_add(p, "components", NULL);
    }
    json_object_object_add(p, "run_energy_uj", num(a->run_energy.total_pj / 1e6));
    json_object_object_add(p, "run_avg_mw", num(run_ms > 0 ? a->run_energy.total_pj / 1e6 / run_ms : 0));
    json_object_object_add(p, "run_components", components_json(m, &a->run_energy, 1));
    json_object *co = json_object_new_object();
    json_object_object_add(co, "core_active_uw_per_mhz", num(ri->power->core_pj_per_cycle));
    json_object *cls = json_object_new_object();
    for (int g = 0; g < POWER_CLASS_GROUPS; g++)
        json_object_object_add(cls, power_class_group_name[g], num(ri->power->class_pj[g]));
    json_object_object_add(co, "class_pj", cls);
    json_object_object_add(co, "core_sleep_uw_per_mhz", num(ri->power->sleep_pj_per_cycle));
    json_object_object_add(co, "static_uw", num(ri->power->static_uw));
    json_object_object_add(p, "coefficients", co);
    return p;
}

/* Means per inference of a per-operator counter, rounded. */
static uint64_t per_inf_u64(const analysis_t *a, uint64_t v)
{
    return (v + a->iterations / 2) / a->iterations;
}

/* An operator's traffic per region (those it touched). */
static json_object *op_traffic_json(const machine_t *m, const analysis_t *a, const op_stat_t *o)
{
    json_object *arr = json_object_new_array();
    for (int r = 0; r < m->nregions && r < SOC_MAX_REGIONS; r++) {
        if (!o->read_bytes[r] && !o->write_bytes[r] && !o->wait_cycles[r])
            continue;
        json_object *t = json_object_new_object();
        json_object_object_add(t, "region", json_object_new_string(m->regions[r].desc->name));
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
    return o;
}

static json_object *operators_json(const machine_t *m, const analysis_t *a)
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
        json_object_object_add(oj, "latency_ms", num(ms_of(m, per_inf(a, (double)o->cycles))));
        json_object_object_add(oj, "energy_uj", a->have_power ? num(per_inf(a, o->energy_pj) / 1e6) : NULL);
        json_object_object_add(oj, "memory_energy_uj", a->have_power ? num(per_inf(a, o->mem_pj) / 1e6) : NULL);
        json_object_object_add(oj, "memory_stall_cycles", u64(per_inf_u64(a, op_stall_cycles(o))));
        json_object_object_add(oj, "memory", op_traffic_json(m, a, o));
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

static json_object *tensor_values(machine_t *mm, const struct etsim_pp_tensor *t, uint64_t count)
{
    unsigned esize = t->dtype == 6 || t->dtype == 3 ? 4 : 1;
    json_object *vals = json_object_new_array();
    if (count > 4096 || count * esize > t->nbytes)
        return vals;
    for (uint64_t k = 0; k < count; k++) {
        uint8_t b[4] = {0};
        if (!machine_read_bytes(mm, t->data + (uint32_t)(k * esize), b, esize))
            break;
        if (t->dtype == 6) {
            float fv;
            memcpy(&fv, b, 4);
            json_object_array_add(vals, json_object_new_double(fv));
        } else if (t->dtype == 3) {
            int32_t iv;
            memcpy(&iv, b, 4);
            json_object_array_add(vals, json_object_new_int(iv));
        } else {
            json_object_array_add(vals, json_object_new_int(t->dtype == 1 ? (int8_t)b[0] : b[0]));
        }
    }
    return vals;
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
        json_object_object_add(o, "dtype", json_object_new_string(dtype_name(t.dtype)));
        json_object *shape = json_object_new_array();
        uint64_t count = 1;
        for (uint32_t d = 0; d < t.ndim; d++) {
            json_object_array_add(shape, u64(t.sizes[d]));
            count *= t.sizes[d];
        }
        json_object_object_add(o, "shape", shape);
        json_object_object_add(o, "values", tensor_values(mm, &t, count));
        json_object_array_add(arr, o);
    }
    return arr;
}

static const char *npu_kind_name(npu_op_kind_t k)
{
    switch (k) {
    case NPU_OPK_CONV: return "conv";
    case NPU_OPK_DEPTHWISE: return "depthwise";
    case NPU_OPK_POOL: return "pool";
    case NPU_OPK_ELEMENTWISE: return "elementwise";
    case NPU_OPK_DMA: return "dma";
    default: return "other";
    }
}

/* The last job, operation by operation: what each kernel operation and
 * DMA cost in the timing model and what it moved. */
static json_object *npu_last_job_json(const machine_t *m, const ethosu_device_t *d)
{
    json_object *arr = json_object_new_array();
    uint64_t kernel_free = 0;   /* when the kernel pipeline finished the operation before */
    for (uint32_t i = 0; i < d->nlog; i++) {
        const ethosu_cmd_rec_t *r = &d->log[i];
        json_object *o = json_object_new_object();
        if (r->kind != NPU_OPK_DMA) {
            /* The pipeline idle before this operation: waiting for the
             * command processor, held by a DMA_WAIT for its weights. */
            uint64_t idle = kernel_free && r->start > kernel_free ? r->start - kernel_free : 0;
            json_object_object_add(o, "stall_cycles", u64(idle));
            if (r->end > kernel_free)
                kernel_free = r->end;
        }
        json_object_object_add(o, "offset", json_object_new_int((int)r->offset));
        json_object_object_add(o, "kind", json_object_new_string(npu_kind_name(r->kind)));
        json_object_object_add(o, "mode", json_object_new_int(r->param));
        json_object_object_add(o, "start", u64(r->start));
        json_object_object_add(o, "cycles", u64(r->end - r->start));
        json_object_object_add(o, "compute_cycles", u64(r->cost.compute));
        json_object_object_add(o, "mac_cycles", u64(r->cost.mac_cycles));
        json_object_object_add(o, "macs", u64(r->macs));
        double util = r->end > r->start ? (double)r->macs / ((double)(r->end - r->start) * d->cfg->macs_per_cycle) : 0;
        json_object_object_add(o, "mac_utilisation", json_object_new_double(util));
        json_object *rd = json_object_new_array(), *wr = json_object_new_array(), *mc = json_object_new_array();
        for (int p = 0; p < 2; p++) {
            json_object_array_add(rd, u64(r->read_bytes[p]));
            json_object_array_add(wr, u64(r->write_bytes[p]));
            json_object_array_add(mc, u64(r->cost.mem[p]));
        }
        json_object_object_add(o, "axi_read_bytes", rd);
        json_object_object_add(o, "axi_write_bytes", wr);
        json_object_object_add(o, "axi_access_cycles", mc);
        json_object *mem = json_object_new_array();
        for (unsigned i = 0; i < r->nmem && i < (unsigned)m->nregions; i++) {
            if (!r->mem_read[i] && !r->mem_write[i])
                continue;
            json_object *mo = json_object_new_object();
            json_object_object_add(mo, "region", json_object_new_string(m->regions[i].desc->name));
            json_object_object_add(mo, "read_bytes", u64(r->mem_read[i]));
            json_object_object_add(mo, "write_bytes", u64(r->mem_write[i]));
            json_object_array_add(mem, mo);
        }
        json_object_object_add(o, "memory", mem);
        json_object *ofm = json_object_new_array();
        json_object_array_add(ofm, json_object_new_int(r->ofm_h));
        json_object_array_add(ofm, json_object_new_int(r->ofm_w));
        json_object_array_add(ofm, json_object_new_int(r->ofm_c));
        json_object_object_add(o, "ofm", ofm);
        json_object_array_add(arr, o);
    }
    return arr;
}

/* The NPU over the whole run (null without one). */
static json_object *npu_json(const machine_t *m)
{
    const ethosu_device_t *d = m->npu.dev;
    if (!d)
        return NULL;
    const ethosu_counters_t *n = &d->counters;
    json_object *o = json_object_new_object();
    json_object_object_add(o, "config", json_object_new_string(d->cfg->name));
    json_object_object_add(o, "macs_per_cycle", json_object_new_int((int)d->cfg->macs_per_cycle));
    json_object_object_add(o, "jobs", u64(n->jobs));
    json_object_object_add(o, "commands", u64(n->commands));
    json_object_object_add(o, "active_cycles", u64(n->active_cycles));
    json_object_object_add(o, "mac_cycles", u64(n->mac_cycles));
    json_object_object_add(o, "macs", u64(n->macs));
    json_object *rd = json_object_new_array(), *wr = json_object_new_array();
    for (int p = 0; p < 2; p++) {
        json_object_array_add(rd, u64(n->read_bytes[p]));
        json_object_array_add(wr, u64(n->write_bytes[p]));
    }
    json_object_object_add(o, "axi_read_bytes", rd);
    json_object_object_add(o, "axi_write_bytes", wr);
    json_object *rb = json_object_new_array(), *wb = json_object_new_array();
    for (int p = 0; p < 2; p++) {
        json_object_array_add(rb, u64(n->read_beats[p]));
        json_object_array_add(wb, u64(n->write_beats[p]));
    }
    json_object_object_add(o, "axi_read_beats", rb);
    json_object_object_add(o, "axi_write_beats", wb);
    json_object_object_add(o, "bus_errors", u64(m->npu.bus_errors));
    json_object_object_add(o, "last_error", d->last_error[0] ? json_object_new_string(d->last_error) : NULL);
    json_object_object_add(o, "stall_cycles", u64(d->stall_cycles));
    json_object_object_add(o, "wait_cycles", u64(d->wait_cycles));
    json_object_object_add(o, "last_job_operations", npu_last_job_json(m, d));
    return o;
}

static json_object *header_json(const machine_t *m, const run_info_t *ri, json_object *root)
{
    const cpu_t *c = m->cpu;
    json_object_object_add(root, "schema", json_object_new_string("etsim-report/1"));
    json_object *soc = json_object_new_object();
    json_object_object_add(soc, "name", json_object_new_string(m->desc.name));
    json_object_object_add(soc, "cpu", json_object_new_string(m->desc.cpu));
    json_object_object_add(soc, "cpu_mhz", json_object_new_double(m->desc.cpu_mhz));
    json_object_object_add(soc, "npu", m->npu.dev ? json_object_new_string(m->desc.npu.config) : NULL);
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
    json_object_object_add(run, "sleep_cycles", u64(c->sleep_cycles));
    json_object_object_add(run, "sim_ms", json_object_new_double(ms_of(m, (double)c->cycles)));
    json_object_object_add(run, "timing_source", json_object_new_string(report_timing_source(m, ri)));
    json_object_object_add(run, "host_seconds", json_object_new_double(ri->host_seconds));
    json_object_object_add(run, "host_mips", json_object_new_double(
        ri->host_seconds > 0 ? (double)c->instret / ri->host_seconds / 1e6 : 0));
    json_object_object_add(root, "run", run);
    return root;
}

bool report_write_json(const char *path, const machine_t *m, const run_info_t *ri, const analysis_t *a,
                       char *err, size_t errlen)
{
    json_object *root = header_json(m, ri, json_object_new_object());
    json_object *inf = NULL;
    if (a->iterations) {
        double per = per_inf(a, (double)a->cycles);
        inf = json_object_new_object();
        json_object_object_add(inf, "iterations", json_object_new_int((int)a->iterations));
        json_object_object_add(inf, "cycles", u64((uint64_t)(per + 0.5)));
        json_object_object_add(inf, "instructions", u64((a->instret + a->iterations / 2) / a->iterations));
        json_object_object_add(inf, "latency_ms", json_object_new_double(ms_of(m, per)));
    }
    json_object_object_add(root, "inference", inf);
    json_object *load = NULL;
    if (a->load_known) {
        load = json_object_new_object();
        json_object_object_add(load, "cycles", u64(a->load_cycles));
        json_object_object_add(load, "latency_ms", json_object_new_double(ms_of(m, (double)a->load_cycles)));
    }
    json_object_object_add(root, "load", load);
    json_object_object_add(root, "memory", memory_json(m, ri, a));
    json_object_object_add(root, "power", power_json(m, ri, a));
    json_object_object_add(root, "npu", npu_json(m));
    json_object_object_add(root, "operators", operators_json(m, a));
    json_object_object_add(root, "outputs", outputs_json(m));
    bool ok = json_object_to_file_ext(path, root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE) == 0;
    if (!ok)
        snprintf(err, errlen, "%s: cannot write the report", path);
    json_object_put(root);
    return ok;
}

/* ---- CSV ------------------------------------------------------------------- */

bool report_write_csv(const char *path, const machine_t *m, const run_info_t *ri, const analysis_t *a,
                      char *err, size_t errlen)
{
    (void)ri;
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
        fprintf(f, "%u,%s,%s,%.0f,%.6f,%.4f,%.0f,", i, o->name, report_engine_name(o->engine), oc, ms_of(m, oc),
                per > 0 ? oc / per : 0.0, per_inf(a, (double)o->instret));
        if (a->have_power)
            fprintf(f, "%.4f,%.4f,%.3f,", per_inf(a, o->energy_pj) / 1e6, per_inf(a, o->mem_pj) / 1e6,
                    oc > 0 ? per_inf(a, o->energy_pj) / 1e6 / ms_of(m, oc) : 0.0);
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

/* ---- HTML: one self-contained page, inline SVG charts ------------------------ */

static const char *engine_color(uint32_t e)
{
    return e == ETSIM_ENGINE_NPU ? "#d95f02" : e == ETSIM_ENGINE_DSP ? "#7570b3" : "#1b9e77";
}

static void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f); break;
        }
    }
}

/* A horizontal bar chart: one row per item, bar split into segments. */
typedef struct bar_seg {
    double value;
    const char *color;
    const char *what;
} bar_seg_t;

static void svg_row(FILE *f, int y, const char *label, const bar_seg_t *segs, int nsegs, double max,
                    const char *value_text)
{
    const int x0 = 330, width = 520;
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 6, y + 12);
    html_text(f, label);
    fputs("</text>\n", f);
    double x = x0;
    for (int s = 0; s < nsegs; s++) {
        double w = max > 0 ? segs[s].value / max * width : 0;
        fprintf(f, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"14\" fill=\"%s\"><title>", x, y, w,
                segs[s].color);
        html_text(f, segs[s].what);
        fputs("</title></rect>\n", f);
        x += w;
    }
    fprintf(f, "<text x=\"%.2f\" y=\"%d\">%s</text>\n", x + 4, y + 12, value_text);
}

static void svg_open(FILE *f, const char *title, int rows)
{
    fprintf(f, "<h2>%s</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\" height=\"%d\" "
            "font-family=\"sans-serif\" font-size=\"11\">\n", title, rows * 18 + 10);
}

static void html_operators(FILE *f, const machine_t *m, const analysis_t *a)
{
    double max = 0;
    int rows = 0;
    for (uint32_t i = 0; i < a->nops; i++) {
        if (a->ops[i].calls)
            rows++;
        if ((double)a->ops[i].cycles > max)
            max = (double)a->ops[i].cycles;
    }
    svg_open(f, "Latency per operator (ms per inference; colour = engine: cpu green, npu orange, dsp purple; "
             "grey = waiting for memory)", rows);
    int y = 4;
    for (uint32_t i = 0; i < a->nops; i++) {
        const op_stat_t *o = &a->ops[i];
        if (!o->calls)
            continue;
        char label[96], val[64], what[256], stall[64];
        uint64_t stalled = op_stall_cycles(o);
        stalled = stalled < o->cycles ? stalled : o->cycles;
        snprintf(label, sizeof label, "%u %s", i, o->name);
        snprintf(val, sizeof val, "%.3f ms", ms_of(m, per_inf(a, (double)o->cycles)));
        snprintf(what, sizeof what, "%s: %.0f cycles", report_engine_name(o->engine),
                 per_inf(a, (double)(o->cycles - stalled)));
        if (o->engine == ETSIM_ENGINE_NPU)
            snprintf(what + strlen(what), sizeof what - strlen(what),
                     "; NPU %.0f active cycles, %.0f MACs, AXI0 %.0f/%.0f B, AXI1 %.0f/%.0f B read/written",
                     per_inf(a, (double)o->npu.active_cycles), per_inf(a, (double)o->npu.macs),
                     per_inf(a, (double)o->npu.read_bytes[0]), per_inf(a, (double)o->npu.write_bytes[0]),
                     per_inf(a, (double)o->npu.read_bytes[1]), per_inf(a, (double)o->npu.write_bytes[1]));
        snprintf(stall, sizeof stall, "waiting for memory: %.0f cycles", per_inf(a, (double)stalled));
        bar_seg_t segs[] = {{(double)(o->cycles - stalled), engine_color(o->engine), what},
                            {(double)stalled, "#999999", stall}};
        svg_row(f, y, label, segs, 2, max, val);
        y += 18;
    }
    fputs("</svg>\n", f);
}

/* Lanes cpu / npu / dsp over the first inference (simulated microseconds). */
static void html_timeline(FILE *f, const machine_t *m, const analysis_t *a)
{
    uint64_t t0 = a->first_begin, t1 = t0;
    for (uint32_t i = 0; i < a->ncalls && a->calls[i].iteration == 0; i++)
        if (a->calls[i].start + a->calls[i].cycles > t1)
            t1 = a->calls[i].start + a->calls[i].cycles;
    double span = (double)(t1 - t0);
    fprintf(f, "<h2>Timeline of the first inference (%.1f us)</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
            "width=\"960\" height=\"90\" font-family=\"sans-serif\" font-size=\"11\">\n",
            span / m->desc.cpu_mhz);
    static const char *lanes[] = {"cpu", "npu", "dsp"};
    for (int l = 0; l < 3; l++)
        fprintf(f, "<text x=\"40\" y=\"%d\" text-anchor=\"end\">%s</text>"
                "<rect x=\"50\" y=\"%d\" width=\"880\" height=\"20\" fill=\"#f0f0f0\"/>\n", 16 + l * 26, lanes[l], 3 + l * 26);
    for (uint32_t i = 0; i < a->ncalls && a->calls[i].iteration == 0 && span > 0; i++) {
        const op_call_t *c = &a->calls[i];
        uint32_t lane = c->engine < 3 ? c->engine : 0;
        double x = 50 + (double)(c->start - t0) / span * 880, w = (double)c->cycles / span * 880;
        fprintf(f, "<rect x=\"%.2f\" y=\"%u\" width=\"%.2f\" height=\"20\" fill=\"%s\" stroke=\"#fff\" "
                "stroke-width=\"0.5\"><title>%u ", x, 3 + lane * 26, w < 0.5 ? 0.5 : w, engine_color(c->engine),
                c->index);
        html_text(f, c->name);
        fprintf(f, ": %.1f us</title></rect>\n", (double)c->cycles / m->desc.cpu_mhz);
    }
    fputs("</svg>\n", f);
}

/* Per tier: what the image reserves (stacked by kind) and, below it,
 * what the firmware changed (how small its pools could be). */
static void html_ram(FILE *f, const run_info_t *ri)
{
    const ram_info_t *r = ri->ram;
    if (!r)
        return;
    double max = 0;
    int rows = 0;
    for (int i = 0; i < r->ntiers; i++) {
        const ram_tier_t *t = &r->tiers[i];
        if (t->ram_bytes || t->touched_bytes) {
            rows += r->touched_known ? 2 : 1;
            max = (double)t->ram_bytes > max ? (double)t->ram_bytes : max;
            max = (double)t->touched_bytes > max ? (double)t->touched_bytes : max;
        }
    }
    svg_open(f, r->touched_known ? "RAM per memory tier: reserved by the image (data, bss used, arenas outside "
                                   "sections, stack, heap) and touched (32-byte lines the firmware changed)"
                                 : "RAM per memory tier (data, bss used, arenas outside sections, stack, heap)",
             rows ? rows : 1);
    int y = 4;
    for (int i = 0; i < r->ntiers; i++) {
        const ram_tier_t *t = &r->tiers[i];
        if (!t->ram_bytes && !t->touched_bytes)
            continue;
        bar_seg_t segs[] = {
            {(double)t->data_bytes, "#66a61e", "data"}, {(double)t->bss_used, "#e6ab02", "bss (used)"},
            {(double)t->arena_outside, "#a6761d", "arenas"}, {(double)t->stack_bytes, "#e7298a", "stack"},
            {(double)t->heap_bytes, "#1f78b4", "heap"},
        };
        char val[64];
        snprintf(val, sizeof val, "%.1f KiB reserved", t->ram_bytes / 1024.0);
        svg_row(f, y, t->name, segs, 5, max, val);
        y += 18;
        if (r->touched_known) {
            bar_seg_t seg = {(double)t->touched_bytes, "#7570b3", "touched"};
            char label[SOC_NAME_LEN + 12];
            snprintf(label, sizeof label, "%s touched", t->name);
            snprintf(val, sizeof val, "%.1f KiB touched", t->touched_bytes / 1024.0);
            svg_row(f, y, label, &seg, 1, max, val);
            y += 18;
        }
    }
    fputs("</svg>\n", f);
}

/* The last NPU job operation by operation (the timing model's view). */
static void html_npu_ops(FILE *f, const machine_t *m)
{
    const ethosu_device_t *d = m->npu.dev;
    if (!d || !d->nlog)
        return;
    fprintf(f, "<h2>NPU: the last job's operations (%s; docs/npu_device.md)</h2>\n<table><tr><th>#</th>"
            "<th>offset</th><th>kind</th><th>OFM</th><th>start</th><th>cycles</th><th>compute</th><th>MACs</th>"
            "<th>MAC util.</th><th>AXI0 read / write B</th><th>AXI1 read / write B</th></tr>\n", d->cfg->name);
    uint64_t t0 = d->log[0].start;
    for (uint32_t i = 0; i < d->nlog; i++) {
        const ethosu_cmd_rec_t *r = &d->log[i];
        uint64_t cyc = r->end - r->start;
        double util = cyc ? (double)r->macs / ((double)cyc * d->cfg->macs_per_cycle) : 0;
        fprintf(f, "<tr><td>%u</td><td>0x%x</td><td>%s</td><td>%ux%ux%u</td><td>%llu</td><td>%llu</td><td>%llu</td>"
                "<td>%llu</td><td>%.1f%%</td><td>%llu / %llu</td><td>%llu / %llu</td></tr>\n",
                i, r->offset, npu_kind_name(r->kind), r->ofm_h, r->ofm_w, r->ofm_c,
                (unsigned long long)(r->start - t0), (unsigned long long)cyc, (unsigned long long)r->cost.compute,
                (unsigned long long)r->macs, 100.0 * util, (unsigned long long)r->read_bytes[0],
                (unsigned long long)r->write_bytes[0], (unsigned long long)r->read_bytes[1],
                (unsigned long long)r->write_bytes[1]);
    }
    fputs("</table>\n", f);
}

static void html_energy(FILE *f, const machine_t *m, const analysis_t *a)
{
    if (!a->have_power || !a->iterations)
        return;
    const power_energy_t *e = &a->energy;
    const char *names[SOC_MAX_REGIONS + 5] = {"core", "static", "sleep", "datapath", "npu"};
    double vals[SOC_MAX_REGIONS + 5] = {e->core_pj, e->static_pj, e->sleep_pj, e->datapath_pj, e->npu_pj};
    char memnames[SOC_MAX_REGIONS][SOC_NAME_LEN + 8];
    int n = 5;
    for (int i = 0; i < m->nregions; i++) {
        snprintf(memnames[i], sizeof memnames[i], "mem.%s", m->regions[i].desc->name);
        names[n] = memnames[i];
        vals[n++] = e->mem_pj[i];
    }
    double max = 0;
    for (int i = 0; i < n; i++)
        max = vals[i] > max ? vals[i] : max;
    svg_open(f, "Energy per inference by component (uJ)", n);
    for (int i = 0; i < n; i++) {
        char val[64];
        snprintf(val, sizeof val, "%.2f uJ", per_inf(a, vals[i]) / 1e6);
        bar_seg_t seg = {vals[i], i == 0 || i == 3 ? "#1b9e77" : i == 4 ? "#d95f02" : i < 3 ? "#999999" : "#1f78b4",
                         names[i]};
        svg_row(f, 4 + i * 18, names[i], &seg, 1, max, val);
    }
    fputs("</svg>\n", f);
}

static void html_table(FILE *f, const machine_t *m, const run_info_t *ri, const analysis_t *a)
{
    fputs("<table><tr><th>model</th><th>hardware</th><th>flash (model)</th><th>flash (code)</th><th>RAM</th>"
          "<th>latency</th><th>energy</th><th>avg power</th></tr>\n<tr><td>", f);
    html_text(f, ri->model_path ? base_name(ri->model_path) : "-");
    fputs("</td><td>", f);
    html_text(f, m->desc.cpu);
    fprintf(f, " (%s)</td><td>%.1f KiB</td><td>%.1f KiB</td>", m->desc.name, ri->model_bytes / 1024.0,
            (ri->elf.code_bytes + ri->elf.rodata_bytes + ri->elf.data_bytes) / 1024.0);
    if (ri->ram && ri->ram->touched_known)
        fprintf(f, "<td>%.1f KiB reserved, %.1f KiB touched</td>", ri->ram->ram_peak / 1024.0,
                ri->ram->ram_touched / 1024.0);
    else if (ri->ram)
        fprintf(f, "<td>%.1f KiB</td>", ri->ram->ram_peak / 1024.0);
    else
        fputs("<td>-</td>", f);
    if (a->iterations)
        fprintf(f, "<td>%.3f ms @ %.0f MHz</td>", ms_of(m, per_inf(a, (double)a->cycles)), m->desc.cpu_mhz);
    else
        fputs("<td>-</td>", f);
    if (a->have_power && a->iterations)
        fprintf(f, "<td>%.1f uJ</td><td>%.2f mW</td>", per_inf(a, a->energy.total_pj) / 1e6,
                a->energy.total_pj / 1e6 / ms_of(m, (double)a->cycles));
    else
        fputs("<td>-</td><td>-</td>", f);
    fputs("</tr></table>\n", f);
}

bool report_write_html(const char *path, const machine_t *m, const run_info_t *ri, const analysis_t *a,
                       char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write", path);
        return false;
    }
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>etsim: ", f);
    html_text(f, ri->model_path ? base_name(ri->model_path) : base_name(ri->firmware_path));
    fputs("</title>\n<style>body{font-family:sans-serif;margin:20px;background:#fff;color:#222}"
          "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:3px 8px;font-size:13px}"
          "th{background:#eef}h2{font-size:15px;margin-top:22px}</style></head><body>\n<h1>etsim report</h1>\n<p>", f);
    html_text(f, ri->firmware_path);
    fprintf(f, " on %s, %s @ %.0f MHz; %llu instructions, %llu cycles (whole run)</p>\n", m->desc.name, m->desc.cpu,
            m->desc.cpu_mhz, (unsigned long long)m->cpu->instret, (unsigned long long)m->cpu->cycles);
    html_table(f, m, ri, a);
    if (a->iterations) {
        html_operators(f, m, a);
        html_timeline(f, m, a);
    }
    html_ram(f, ri);
    html_energy(f, m, a);
    html_npu_ops(f, m);
    fputs("<p>Energy figures rest on the assumptions in docs/power.md.</p>\n</body></html>\n", f);
    bool ok = fclose(f) == 0;
    if (!ok)
        snprintf(err, errlen, "%s: write error", path);
    return ok;
}
