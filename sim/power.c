/* The power model (sim/power.h). */
#include "power.h"

#include <stdlib.h>
#include <string.h>

#include "../firmware/include/etsim_profport.h"
#include "../isa/timing.h"
#include "dsp.h"

/* ---- coefficients (read with the SoC description, sim/soc_power.c) ------ */

static int class_group(int tclass)
{
    switch (tclass) {
    case TC_MUL: case TC_MUL_LONG: case TC_DIV: return POWER_MUL;
    case TC_LOAD: case TC_STORE: case TC_LOAD_MULTI: case TC_STORE_MULTI:
    case TC_FP_LOAD: case TC_FP_STORE: case TC_FP_LOAD_MULTI: case TC_FP_STORE_MULTI:
        return POWER_LOAD_STORE;
    case TC_BRANCH: case TC_BRANCH_LINK: case TC_TABLE_BRANCH: return POWER_BRANCH;
    case TC_FP32: case TC_FP32_MLA: case TC_FP32_DIV: return POWER_FP32;
    case TC_FP64_ADD: case TC_FP64_MUL: case TC_FP64_FMA: case TC_FP64_DIV: return POWER_FP64;
    case TC_MVE_INT: case TC_MVE_MUL: case TC_MVE_FP: case TC_MVE_LOAD: case TC_MVE_GATHER:
        return POWER_MVE_BEAT;
    default: return POWER_ALU;
    }
}

/* ---- the probe ------------------------------------------------------------ */

void power_snap_now(const machine_t *m, power_snap_t *s)
{
    memset(s, 0, sizeof *s);
    s->cycles = m->cpu->cycles;
    s->sleep_cycles = m->cpu->sleep_cycles;
    s->instret = m->cpu->instret;
    memcpy(s->class_insns, m->cpu->pl.class_insns, sizeof s->class_insns);
    if (m->npu.dev) {
        /* The NPU is advanced lazily: bring it to the core's cycle first. */
        ethosu_advance(m->npu.dev, m->cpu->cycles);
        s->npu = m->npu.dev->counters;
    }
    if (m->dsp) {
        /* The DSP too runs lazily. */
        sim_dsp_advance(m->dsp, m->cpu->cycles);
        s->dsp_cycles = m->dsp->active_cycles;
        s->dsp_sleep_cycles = m->dsp->sleep_cycles;
        memcpy(s->dsp_class_ops, m->dsp->class_ops, sizeof s->dsp_class_ops);
    }
    for (int i = 0; i < m->nregions && i < SOC_MAX_REGIONS; i++) {
        const bus_stats_t *st = &m->regions[i].stats;
        const soc_region_t *d = m->regions[i].desc;
        s->mem_pj[i] = (double)(st->read_bytes + st->fetch_bytes) * d->read_pj_per_byte +
                       (double)st->write_bytes * d->write_pj_per_byte;
        s->read_bytes[i] = st->read_bytes;
        s->write_bytes[i] = st->write_bytes;
        s->wait_cycles[i] = st->wait_cycles;
    }
}

static bool probe_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value, uint32_t *wait)
{
    power_probe_t *p = ctx;
    return p->orig_read(p->orig_ctx, addr, size, value, wait);
}

static bool probe_write(void *ctx, uint32_t addr, unsigned size, uint32_t value, uint32_t *wait)
{
    power_probe_t *p = ctx;
    machine_t *m = p->m;
    uint32_t before = m->prof.nevents;
    bool ok = p->orig_write(p->orig_ctx, addr, size, value, wait);
    if (before < m->prof.nevents)
        power_probe_sync(p);
    return ok;
}

void power_probe_sync(power_probe_t *p)
{
    /* One snapshot per event the profiling port recorded. */
    while (p->nsnaps < p->m->prof.nevents) {
        if (p->nsnaps == p->cap) {
            uint32_t cap = p->cap ? p->cap * 2 : 256;
            power_snap_t *n = realloc(p->snaps, cap * sizeof *n);
            if (!n)
                break;
            p->snaps = n;
            p->cap = cap;
        }
        power_snap_now(p->m, &p->snaps[p->nsnaps++]);
    }
}

void power_probe_attach(power_probe_t *p, machine_t *m)
{
    memset(p, 0, sizeof *p);
    p->m = m;
    p->orig_ctx = m->bus.ctx;
    p->orig_read = m->bus.read;
    p->orig_write = m->bus.write;
    m->bus.ctx = p;
    m->bus.read = probe_read;
    m->bus.write = probe_write;
}

void power_probe_free(power_probe_t *p)
{
    free(p->snaps);
    p->snaps = NULL;
    p->nsnaps = p->cap = 0;
}

/* ---- energy --------------------------------------------------------------- */

void power_between(const machine_t *m, const power_coeffs_t *pc, const power_snap_t *a,
                   const power_snap_t *b, power_energy_t *out)
{
    memset(out, 0, sizeof *out);
    uint64_t cyc = b->cycles - a->cycles;
    uint64_t slp = b->sleep_cycles - a->sleep_cycles;
    if (slp > cyc)
        slp = cyc;
    out->core_pj = (double)(cyc - slp) * pc->core_pj_per_cycle;
    out->sleep_pj = (double)slp * pc->sleep_pj_per_cycle;
    out->static_pj = pc->static_uw * ((double)cyc / m->desc.cpu_mhz);   /* uW x us = pJ */
    out->datapath_pj = 0;
    for (int c = 0; c < TC_COUNT; c++) {
        int g = class_group(c);
        double per = pc->class_pj[g] * (g == POWER_MVE_BEAT ? 2.0 : 1.0);   /* two beats */
        out->datapath_pj += (double)(b->class_insns[c] - a->class_insns[c]) * per;
    }
    if (m->npu.dev) {
        const ethosu_counters_t *na = &a->npu, *nb = &b->npu;
        uint64_t active = nb->active_cycles - na->active_cycles;
        uint64_t bytes = 0;
        for (int p = 0; p < 2; p++)
            bytes += (nb->read_bytes[p] - na->read_bytes[p]) + (nb->write_bytes[p] - na->write_bytes[p]);
        uint64_t idle = cyc > active ? cyc - active : 0;
        out->npu_pj = (double)(nb->macs - na->macs) * pc->npu_pj_per_mac + (double)bytes * pc->npu_pj_per_axi_byte +
                      (double)active * pc->npu_active_pj_per_cycle +
                      pc->npu_idle_uw * ((double)idle / m->desc.cpu_mhz);
    }
    out->dsp_pj = (double)(b->dsp_cycles - a->dsp_cycles) * pc->dsp_pj_per_cycle +
                  (double)(b->dsp_sleep_cycles - a->dsp_sleep_cycles) * pc->dsp_sleep_pj_per_cycle;
    for (int k = 0; k < DSP_CL_COUNT; k++)
        out->dsp_pj += (double)(b->dsp_class_ops[k] - a->dsp_class_ops[k]) * pc->dsp_class_pj[k];
    out->total_pj = out->core_pj + out->sleep_pj + out->static_pj + out->datapath_pj + out->npu_pj + out->dsp_pj;
    uint64_t fetched = 0;
    for (int i = 0; i < m->nregions && i < SOC_MAX_REGIONS; i++) {
        out->mem_pj[i] = b->mem_pj[i] - a->mem_pj[i];
        fetched += m->regions[i].stats.fetch_bytes;
    }
    int fr = pc->fetch_region;
    if (!fetched && fr >= 0 && fr < m->nregions && fr < SOC_MAX_REGIONS) {
        out->mem_pj[fr] += (double)(b->instret - a->instret) * pc->fetch_bytes_per_insn *
                           m->regions[fr].desc->read_pj_per_byte;
        out->fetch_estimated = true;
    }
    for (int i = 0; i < m->nregions && i < SOC_MAX_REGIONS; i++)
        out->total_pj += out->mem_pj[i];
}
