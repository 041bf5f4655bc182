/* Reports: per-operator figures come from the profiling-port events the
 * runner writes (firmware/include/etsim_profport.h), energy from the power
 * probe's snapshots at those events (sim/power.h), memory from sim/ram.h.
 * Values not measured are written as null, never guessed. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "../firmware/include/etsim_profport.h"
#include "dsp.h"
#include "report_format.h"

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
    sum->contention_cpu_cycles += b->contention_cpu_cycles - a->contention_cpu_cycles;
    sum->contention_npu_cycles += b->contention_npu_cycles - a->contention_npu_cycles;
}

/* The output tensors' values, read from memory now. */
static void read_outputs(const machine_t *m, analysis_t *a)
{
    machine_t *mm = (machine_t *)m;   /* reads only */
    for (uint32_t i = 0; i < m->prof.nevents; i++) {
        const profport_event_t *e = &m->prof.events[i];
        struct etsim_pp_tensor t;
        if (e->code != ETSIM_EV_OUTPUT || !machine_read_bytes(mm, e->arg[1], &t, sizeof t) || t.ndim > 8)
            continue;
        analysis_output_t *n = realloc(a->outputs, (a->noutputs + 1) * sizeof *n);
        if (!n)
            return;
        a->outputs = n;
        analysis_output_t *o = &a->outputs[a->noutputs++];
        memset(o, 0, sizeof *o);
        o->index = e->arg[0];
        o->dtype = t.dtype;
        o->ndim = t.ndim;
        uint64_t count = 1;
        for (uint32_t d = 0; d < t.ndim; d++) {
            o->sizes[d] = t.sizes[d];
            count *= t.sizes[d];
        }
        unsigned esize = t.dtype == 6 || t.dtype == 3 ? 4 : 1;
        if (count > 4096 || count * esize > t.nbytes || !(o->values = malloc((count ? count : 1) * sizeof *o->values)))
            continue;
        for (uint64_t k = 0; k < count; k++) {
            uint8_t b[4] = {0};
            if (!machine_read_bytes(mm, t.data + (uint32_t)(k * esize), b, esize))
                break;
            if (t.dtype == 6) {
                float fv;
                memcpy(&fv, b, 4);
                o->values[o->nvalues++] = fv;
            } else if (t.dtype == 3) {
                int32_t iv;
                memcpy(&iv, b, 4);
                o->values[o->nvalues++] = iv;
            } else {
                o->values[o->nvalues++] = t.dtype == 1 ? (int8_t)b[0] : b[0];
            }
        }
    }
}

/* The run as a whole: the machine's figures every format prints. */
static void describe_run(const machine_t *m, const run_info_t *ri, analysis_t *a)
{
    a->ri = ri;
    a->soc = &m->desc;
    a->run_instret = m->cpu->instret;
    a->run_cycles = m->cpu->cycles;
    a->run_sleep_cycles = m->cpu->sleep_cycles;
    a->timing_source = report_timing_source(m, ri);
    a->nregions = m->nregions;
    for (int i = 0; i < m->nregions && i < SOC_MAX_REGIONS; i++) {
        analysis_region_t *r = &a->regions[i];
        r->name = m->regions[i].desc->name;
        r->kind = m->regions[i].desc->kind;
        r->stats = m->regions[i].stats;
        r->npu_read_bytes = m->npu.stats[i].read_bytes;
        r->npu_write_bytes = m->npu.stats[i].write_bytes;
    }
    a->npu = m->npu.dev;
    a->npu_bus_errors = m->npu.bus_errors;
    a->dsp.mhz = m->desc.dsp.mhz;
    a->dsp.fault = "";
    if (m->dsp) {
        a->dsp.releases = m->dsp->releases;
        a->dsp.bundles = m->dsp->bundles;
        a->dsp.active_cycles = m->dsp->active_cycles;
        a->dsp.sleep_cycles = m->dsp->sleep_cycles;
        a->dsp.mailbox_jobs = m->dsp->mbox.a2d_rings;
        a->dsp.fault = m->dsp->fault;
    }
    read_outputs(m, a);
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
    /* After the snapshot: it brings the NPU and DSP up to the core's cycle. */
    describe_run(m, ri, a);
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
    for (uint32_t i = 0; i < a->noutputs; i++)
        free(a->outputs[i].values);
    free(a->outputs);
    free(a->ops);
    free(a->calls);
    free(a->infers);
    memset(a, 0, sizeof *a);
}
