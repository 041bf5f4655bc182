/* The power model (sim/power.h). */
#include "power.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "../firmware/include/etsim_profport.h"
#include "../isa/timing.h"
#include "dsp.h"

/* ---- coefficients ------------------------------------------------------- */

const char *const power_class_group_name[POWER_CLASS_GROUPS] = {
    "alu", "mul", "load_store", "branch", "fp32", "fp64", "mve_beat",
};

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

static bool num_field(json_object *o, const char *key, double *out, const char *src, char *err,
                      size_t errlen);

const char *const dsp_class_pj_names[DSP_CL_COUNT] = {
    [DSP_CL_NOP] = "nop", [DSP_CL_ALU] = "alu", [DSP_CL_MUL] = "mul", [DSP_CL_LOAD] = "load",
    [DSP_CL_STORE] = "store", [DSP_CL_BRANCH] = "branch", [DSP_CL_VALU] = "valu", [DSP_CL_MAC] = "mac",
    [DSP_CL_ACC] = "acc",
};

/* The DSP's coefficients: "dsp_active_uw_per_mhz", "dsp_sleep_uw_per_mhz"
 * and "dsp_class_pj": {"alu": ..., "mac": ...}; all optional (0). */
static bool parse_dsp_power(power_coeffs_t *pc, json_object *p, const char *src, char *err, size_t errlen)
{
    json_object *o;
    if ((json_object_object_get_ex(p, "dsp_active_uw_per_mhz", &o) &&
         !num_field(p, "dsp_active_uw_per_mhz", &pc->dsp_pj_per_cycle, src, err, errlen)) ||
        (json_object_object_get_ex(p, "dsp_sleep_uw_per_mhz", &o) &&
         !num_field(p, "dsp_sleep_uw_per_mhz", &pc->dsp_sleep_pj_per_cycle, src, err, errlen)))
        return false;
    if (!json_object_object_get_ex(p, "dsp_class_pj", &o))
        return true;
    if (!json_object_is_type(o, json_type_object)) {
        snprintf(err, errlen, "%s: power: \"dsp_class_pj\" must be an object", src);
        return false;
    }
    json_object_object_foreach(o, key, val) {
        (void)val;
        int k = 0;
        while (k < DSP_CL_COUNT && strcmp(key, dsp_class_pj_names[k]) != 0)
            k++;
        if (k == DSP_CL_COUNT) {
            snprintf(err, errlen, "%s: power: dsp_class_pj: \"%s\" is not one of nop, alu, mul, load, store, "
                     "branch, valu, mac, acc", src, key);
            return false;
        }
        if (!num_field(o, key, &pc->dsp_class_pj[k], src, err, errlen))
            return false;
    }
    return true;
}

/* "class_pj": {"alu": 0.1, ...}: optional, every group defaults to 0. */
static bool parse_class_pj(power_coeffs_t *pc, json_object *p, const char *src, char *err, size_t errlen)
{
    json_object *o;
    if (!json_object_object_get_ex(p, "class_pj", &o))
        return true;
    if (!json_object_is_type(o, json_type_object)) {
        snprintf(err, errlen, "%s: power: \"class_pj\" must be an object", src);
        return false;
    }
    json_object_object_foreach(o, key, val) {
        (void)val;
        int g = 0;
        while (g < POWER_CLASS_GROUPS && strcmp(key, power_class_group_name[g]) != 0)
            g++;
        if (g == POWER_CLASS_GROUPS) {
            snprintf(err, errlen, "%s: power: class_pj: \"%s\" is not one of alu, mul, load_store, "
                     "branch, fp32, fp64, mve_beat", src, key);
            return false;
        }
        if (!num_field(o, key, &pc->class_pj[g], src, err, errlen))
            return false;
    }
    return true;
}

static bool num_field(json_object *o, const char *key, double *out, const char *src, char *err,
                      size_t errlen)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v)) {
        snprintf(err, errlen, "%s: power: missing \"%s\"", src, key);
        return false;
    }
    if (!json_object_is_type(v, json_type_double) && !json_object_is_type(v, json_type_int)) {
        snprintf(err, errlen, "%s: power: \"%s\" must be a number", src, key);
        return false;
    }
    *out = json_object_get_double(v);
    if (!(*out >= 0 && *out < 1e9)) {
        snprintf(err, errlen, "%s: power: \"%s\" must be between 0 and 1e9", src, key);
        return false;
    }
    return true;
}

static bool parse_power(power_coeffs_t *pc, json_object *root, const char *src, char *err, size_t errlen)
{
    json_object *p, *doms;
    if (!json_object_object_get_ex(root, "power", &p))
        return true;   /* no power model for this SoC */
    if (!json_object_is_type(p, json_type_object)) {
        snprintf(err, errlen, "%s: \"power\" must be an object", src);
        return false;
    }
    if (!num_field(p, "core_active_uw_per_mhz", &pc->core_pj_per_cycle, src, err, errlen) ||
        !num_field(p, "core_sleep_uw_per_mhz", &pc->sleep_pj_per_cycle, src, err, errlen))
        return false;
    if (!parse_class_pj(pc, p, src, err, errlen) || !parse_dsp_power(pc, p, src, err, errlen))
        return false;
    json_object *npu;
    if (json_object_object_get_ex(p, "npu", &npu)) {
        if (!json_object_is_type(npu, json_type_object)) {
            snprintf(err, errlen, "%s: power: \"npu\" must be an object", src);
            return false;
        }
        if (!num_field(npu, "pj_per_mac", &pc->npu_pj_per_mac, src, err, errlen) ||
            !num_field(npu, "pj_per_axi_byte", &pc->npu_pj_per_axi_byte, src, err, errlen) ||
            !num_field(npu, "active_uw_per_mhz", &pc->npu_active_pj_per_cycle, src, err, errlen) ||
            !num_field(npu, "idle_uw", &pc->npu_idle_uw, src, err, errlen))
            return false;
    }
    json_object *fb;
    pc->fetch_bytes_per_insn = 3.0;
    if (json_object_object_get_ex(p, "fetch_bytes_per_instruction", &fb) &&
        !num_field(p, "fetch_bytes_per_instruction", &pc->fetch_bytes_per_insn, src, err, errlen))
        return false;
    if (json_object_object_get_ex(p, "domains", &doms)) {
        if (!json_object_is_type(doms, json_type_array) ||
            json_object_array_length(doms) > POWER_MAX_DOMAINS) {
            snprintf(err, errlen, "%s: power: \"domains\" must be an array of at most %d", src,
                     POWER_MAX_DOMAINS);
            return false;
        }
        for (size_t i = 0; i < json_object_array_length(doms); i++) {
            json_object *d = json_object_array_get_idx(doms, i), *name;
            power_domain_t *pd = &pc->domains[pc->ndomains];
            if (!json_object_is_type(d, json_type_object) || !json_object_object_get_ex(d, "name", &name) ||
                !json_object_is_type(name, json_type_string) ||
                strlen(json_object_get_string(name)) >= sizeof pd->name) {
                snprintf(err, errlen, "%s: power: each domain needs a \"name\" (a short string)", src);
                return false;
            }
            strcpy(pd->name, json_object_get_string(name));
            if (!num_field(d, "static_uw", &pd->static_uw, src, err, errlen))
                return false;
            pc->static_uw += pd->static_uw;
            pc->ndomains++;
        }
    }
    pc->present = true;
    return true;
}

static char *slurp(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *nb = cap < (16u << 20) ? realloc(buf, cap * 2 + 1) : NULL;
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        snprintf(err, errlen, "%s: too large or out of memory", path);
    else
        buf[len] = '\0';
    return buf;
}

bool power_load(power_coeffs_t *pc, const char *soc, char *err, size_t errlen)
{
    memset(pc, 0, sizeof *pc);
    pc->fetch_region = -1;
    const char *text = soc_builtin_json(soc);
    char *owned = NULL;
    if (!text && !(text = owned = slurp(soc, err, errlen)))
        return false;
    json_object *root = json_tokener_parse(text);
    bool ok = root ? parse_power(pc, root, soc, err, errlen) : false;
    if (!root)
        snprintf(err, errlen, "%s: not valid JSON", soc);
    json_object_put(root);
    free(owned);
    return ok;
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
    return p->orig.read(p->orig.ctx, addr, size, value, wait);
}

static bool probe_write(void *ctx, uint32_t addr, unsigned size, uint32_t value, uint32_t *wait)
{
    power_probe_t *p = ctx;
    machine_t *m = p->m;
    uint32_t before = m->prof.nevents;
    bool ok = p->orig.write(p->orig.ctx, addr, size, value, wait);
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
    p->orig = m->bus;   /* only ctx/read/write are used from the copy */
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
