/* Reading SoC descriptions (JSON, via json-c). */
#include "soc.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_io.h"
#include "soc_builtin.h"
#include "soc_parse.h"
#include "../npu/ethosu_device.h"

const char *mem_kind_name(mem_kind_t k)
{
    switch (k) {
    case MEM_TCM: return "tcm";
    case MEM_SRAM: return "sram";
    case MEM_FLASH: return "flash";
    case MEM_DRAM: return "dram";
    }
    return "?";
}

const char *soc_builtin_json(const char *name)
{
    for (size_t i = 0; soc_builtin_names[i]; i++)
        if (strcmp(soc_builtin_names[i], name) == 0)
            return soc_builtin_texts[i];
    return NULL;
}

bool soc_fail(parse_ctx_t *pc, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(pc->err, pc->errlen, "%s: ", pc->source);
    if (n < 0 || (size_t)n >= pc->errlen)
        return false;
    va_start(ap, fmt);
    vsnprintf(pc->err + n, pc->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

void soc_warn_unknown_keys(parse_ctx_t *pc, json_object *obj, const char *where,
                              const char *const *known)
{
    json_object_object_foreach(obj, key, val) {
        (void)val;
        size_t len = strlen(key);
        if ((len >= 6 && strcmp(key + len - 6, "source") == 0) || strcmp(key, "description") == 0)
            continue;
        bool ok = false;
        for (size_t i = 0; known[i] && !ok; i++)
            ok = strcmp(known[i], key) == 0;
        for (int i = 0; i < pc->nwarned && !ok; i++)
            ok = strncmp(pc->warned[i], key, SOC_NAME_LEN - 1) == 0;
        if (ok)
            continue;
        fprintf(stderr, "etsim: warning: %s: unknown key \"%s\" in %s (ignored)\n", pc->source, key, where);
        if (pc->nwarned < MAX_WARNED_KEYS)
            snprintf(pc->warned[pc->nwarned++], SOC_NAME_LEN, "%s", key);
    }
}

/* A number: a JSON integer, or a string "0x1000", "512K", "4M", "2G". */
static bool get_u64(parse_ctx_t *pc, json_object *obj, const char *what, uint64_t *out)
{
    if (json_object_is_type(obj, json_type_int)) {
        int64_t v = json_object_get_int64(obj);
        if (v < 0)
            return soc_fail(pc, "%s must not be negative", what);
        *out = (uint64_t)v;
        return true;
    }
    if (!json_object_is_type(obj, json_type_string))
        return soc_fail(pc, "%s must be a number or a string like \"0x1000\" or \"512K\"", what);
    const char *s = json_object_get_string(obj);
    /* strtoull would take "-64K" as 2^64 - 64 Ki. */
    if (s[strspn(s, " \t")] == '-')
        return soc_fail(pc, "%s must not be negative (\"%s\")", what, s);
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s)
        return soc_fail(pc, "%s: \"%s\" is not a number", what, s);
    uint64_t mult = 1;
    if (*end == 'K' || *end == 'k') mult = 1024, end++;
    else if (*end == 'M' || *end == 'm') mult = 1024 * 1024, end++;
    else if (*end == 'G' || *end == 'g') mult = 1024ull * 1024 * 1024, end++;
    if (*end)
        return soc_fail(pc, "%s: \"%s\" has trailing characters", what, s);
    *out = (uint64_t)v * mult;
    return true;
}

static bool get_u32_field(parse_ctx_t *pc, json_object *parent, const char *key, bool required,
                          uint32_t def, uint32_t *out)
{
    json_object *o;
    if (!json_object_object_get_ex(parent, key, &o)) {
        if (required)
            return soc_fail(pc, "missing \"%s\"", key);
        *out = def;
        return true;
    }
    uint64_t v;
    if (!get_u64(pc, o, key, &v))
        return false;
    if (v > UINT32_MAX)
        return soc_fail(pc, "\"%s\" is larger than 32 bits", key);
    *out = (uint32_t)v;
    return true;
}

static bool get_double_field(parse_ctx_t *pc, json_object *parent, const char *key, double def,
                             double *out)
{
    json_object *o;
    if (!json_object_object_get_ex(parent, key, &o)) {
        *out = def;
        return true;
    }
    if (!json_object_is_type(o, json_type_double) && !json_object_is_type(o, json_type_int))
        return soc_fail(pc, "\"%s\" must be a number", key);
    *out = json_object_get_double(o);
    return true;
}

static bool get_string_field(parse_ctx_t *pc, json_object *parent, const char *key, bool required,
                             char *out, size_t outlen)
{
    json_object *o;
    if (!json_object_object_get_ex(parent, key, &o)) {
        if (required)
            return soc_fail(pc, "missing \"%s\"", key);
        return true;
    }
    if (!json_object_is_type(o, json_type_string))
        return soc_fail(pc, "\"%s\" must be a string", key);
    const char *s = json_object_get_string(o);
    if (strlen(s) >= outlen)
        return soc_fail(pc, "\"%s\" is longer than %zu characters", key, outlen - 1);
    strcpy(out, s);
    return true;
}

static bool parse_kind(parse_ctx_t *pc, const char *s, mem_kind_t *k)
{
    static const struct { const char *name; mem_kind_t kind; } kinds[] = {
        {"tcm", MEM_TCM}, {"sram", MEM_SRAM}, {"flash", MEM_FLASH}, {"dram", MEM_DRAM},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(s, kinds[i].name) == 0) {
            *k = kinds[i].kind;
            return true;
        }
    }
    return soc_fail(pc, "memory kind \"%s\" is not one of tcm, sram, flash, dram", s);
}

static bool overlaps(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
    return a < b + blen && b < a + alen;
}

static bool parse_region(parse_ctx_t *pc, json_object *o, soc_region_t *r)
{
    char kind[16] = "";
    uint32_t v;
    uint64_t size;
    json_object *so;
    if (!json_object_is_type(o, json_type_object))
        return soc_fail(pc, "each memory region must be an object");
    if (!get_string_field(pc, o, "name", true, r->name, sizeof r->name) ||
        !get_string_field(pc, o, "kind", true, kind, sizeof kind) || !parse_kind(pc, kind, &r->kind) ||
        !get_u32_field(pc, o, "base", true, 0, &r->base))
        return false;
    if (!json_object_object_get_ex(o, "size", &so))
        return soc_fail(pc, "region %s: missing \"size\"", r->name);
    if (!get_u64(pc, so, "size", &size))
        return false;
    if (size == 0 || (uint64_t)r->base + size > 0x100000000ull)
        return soc_fail(pc, "region %s: base + size must lie inside the 4 GiB address space", r->name);
    r->size = size;
    static const char *const region_keys[] = {
        "name", "kind", "base", "size", "aliases", "read_wait", "write_wait", "fetch_wait",
        "width_bits", "cacheable", "read_pj_per_byte", "write_pj_per_byte", NULL};
    char where[SOC_NAME_LEN + 16];
    snprintf(where, sizeof where, "memory region %s", r->name);
    soc_warn_unknown_keys(pc, o, where, region_keys);
    if (!get_u32_field(pc, o, "read_wait", false, 0, &v))
        return false;
    r->read_wait = (uint16_t)(v > 1000 ? 1000 : v);
    if (!get_u32_field(pc, o, "write_wait", false, 0, &v))
        return false;
    r->write_wait = (uint16_t)(v > 1000 ? 1000 : v);
    if (!get_u32_field(pc, o, "fetch_wait", false, r->read_wait, &v))
        return false;
    r->fetch_wait = (uint16_t)(v > 200 ? 200 : v);
    if (!get_u32_field(pc, o, "width_bits", false, 32, &v))
        return false;
    if (v != 8 && v != 16 && v != 32 && v != 64 && v != 128)
        return soc_fail(pc, "region %s: width_bits must be 8, 16, 32, 64 or 128", r->name);
    r->width_bits = (uint16_t)v;
    json_object *co;
    r->cacheable = r->kind != MEM_TCM;
    if (json_object_object_get_ex(o, "cacheable", &co)) {
        if (!json_object_is_type(co, json_type_boolean))
            return soc_fail(pc, "region %s: \"cacheable\" must be true or false", r->name);
        r->cacheable = json_object_get_boolean(co);
    }
    if (!get_double_field(pc, o, "read_pj_per_byte", 0, &r->read_pj_per_byte) ||
        !get_double_field(pc, o, "write_pj_per_byte", 0, &r->write_pj_per_byte))
        return false;
    json_object *al;
    if (json_object_object_get_ex(o, "aliases", &al)) {
        if (!json_object_is_type(al, json_type_array))
            return soc_fail(pc, "region %s: \"aliases\" must be an array", r->name);
        size_t n = json_object_array_length(al);
        if (n > SOC_MAX_ALIASES)
            return soc_fail(pc, "region %s: at most %d aliases", r->name, SOC_MAX_ALIASES);
        for (size_t i = 0; i < n; i++) {
            uint64_t a;
            if (!get_u64(pc, json_object_array_get_idx(al, i), "alias", &a))
                return false;
            if (a + r->size > 0x100000000ull)
                return soc_fail(pc, "region %s: alias 0x%llx runs past 4 GiB", r->name, (unsigned long long)a);
            r->aliases[r->naliases++] = (uint32_t)a;
        }
    }
    return true;
}

static bool parse_device(parse_ctx_t *pc, json_object *o, soc_device_t *dev)
{
    if (!json_object_is_type(o, json_type_object))
        return soc_fail(pc, "each device must be an object");
    if (!get_string_field(pc, o, "type", true, dev->type, sizeof dev->type) ||
        !get_string_field(pc, o, "name", false, dev->name, sizeof dev->name) ||
        !get_u32_field(pc, o, "base", true, 0, &dev->base) ||
        !get_u32_field(pc, o, "size", false, 0x1000, &dev->size))
        return false;
    if (!dev->name[0])
        memcpy(dev->name, dev->type, sizeof dev->name);
    uint32_t irq;
    if (!get_u32_field(pc, o, "irq", false, UINT32_MAX, &irq))
        return false;
    if (irq != UINT32_MAX && irq >= 480)
        return soc_fail(pc, "device %s: irq %u is not an NVIC line (0..479)", dev->name, irq);
    dev->irq = irq == UINT32_MAX ? -1 : (int)irq;
    uint64_t clock = 0;
    json_object *co;
    if (json_object_object_get_ex(o, "clock_hz", &co) && (!get_u64(pc, co, "clock_hz", &clock) || clock == 0 ||
                                                          clock > 10000000000ull))
        return soc_fail(pc, "device %s: \"clock_hz\" must be a frequency from 1 Hz to 10 GHz", dev->name);
    dev->clock_hz = clock;
    json_object *al;
    if (json_object_object_get_ex(o, "aliases", &al)) {
        if (!json_object_is_type(al, json_type_array))
            return soc_fail(pc, "device %s: \"aliases\" must be an array", dev->name);
        size_t n = json_object_array_length(al);
        if (n > SOC_MAX_ALIASES)
            return soc_fail(pc, "device %s: at most %d aliases", dev->name, SOC_MAX_ALIASES);
        for (size_t i = 0; i < n; i++) {
            uint64_t a;
            if (!get_u64(pc, json_object_array_get_idx(al, i), "alias", &a))
                return false;
            if (a + dev->size > 0x100000000ull)
                return soc_fail(pc, "device %s: alias 0x%llx runs past 4 GiB", dev->name, (unsigned long long)a);
            dev->aliases[dev->naliases++] = (uint32_t)a;
        }
    }
    json_object *eot;
    if (json_object_object_get_ex(o, "shutdown_on_eot", &eot)) {
        if (!json_object_is_type(eot, json_type_boolean))
            return soc_fail(pc, "device %s: \"shutdown_on_eot\" must be true or false", dev->name);
        dev->shutdown_on_eot = json_object_get_boolean(eot);
    }
    static const char *const device_keys[] = {"type", "name", "base", "size", "aliases", "irq", "clock_hz",
                                              "shutdown_on_eot", NULL};
    char where[SOC_NAME_LEN + 8];
    snprintf(where, sizeof where, "device %s", dev->name);
    soc_warn_unknown_keys(pc, o, where, device_keys);
    static const char *const types[] = {"uart-cmsdk", "profport", "timer-cmsdk", "fpgaio", "reserved",
                                        "sse-counter", "sse-timer", NULL};
    bool known = false;
    for (int i = 0; types[i] && !known; i++)
        known = strcmp(dev->type, types[i]) == 0;
    if (!known)
        return soc_fail(pc, "device type \"%s\" is not one of uart-cmsdk, profport, timer-cmsdk, fpgaio, reserved, "
                    "sse-counter, sse-timer", dev->type);
    if (dev->shutdown_on_eot && strcmp(dev->type, "uart-cmsdk") != 0)
        return soc_fail(pc, "device %s: \"shutdown_on_eot\" is a uart-cmsdk setting", dev->name);
    return true;
}

static bool npu_config_known(parse_ctx_t *pc, const char *name)
{
    if (ethosu_config_find(name))
        return true;
    char list[160] = "";
    for (int i = 0; ethosu_config_names[i]; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", ethosu_config_names[i]);
    return soc_fail(pc, "npu config \"%s\" is not one of %s", name, list);
}

static void npu_defaults(soc_npu_t *n)
{
    n->base = SOC_NPU_DEFAULT_BASE;
    n->aliases[0] = SOC_NPU_DEFAULT_ALIAS;
    n->naliases = 1;
    n->irq = SOC_NPU_DEFAULT_IRQ;
    n->timing_adapters[0] = 0x48103000u;
    n->timing_adapters[1] = 0x48103200u;
    n->ntiming_adapters = 2;
    n->timing = ethosu_timing_default;
}

/* "axi": [AXI0, AXI1], each {"bytes_per_cycle", "read_latency",
 * "write_latency", "burst_bytes"}: the memory behind each NPU port in NPU
 * cycles (npu/ethosu_timing.h; defaults: Vela's High_End_Embedded SRAM and
 * flash). */
static bool parse_npu_axi(parse_ctx_t *pc, json_object *o, soc_npu_t *n)
{
    json_object *a;
    if (!json_object_object_get_ex(o, "axi", &a))
        return true;
    if (!json_object_is_type(a, json_type_array) || json_object_array_length(a) != 2)
        return soc_fail(pc, "npu \"axi\" must be an array of 2 objects (AXI0, AXI1)");
    for (int p = 0; p < 2; p++) {
        json_object *m = json_object_array_get_idx(a, (size_t)p);
        ethosu_mem_timing_t *t = &n->timing.axi[p];
        static const char *const axi_keys[] = {"memory", "bytes_per_cycle", "read_latency", "write_latency",
                                               "burst_bytes", NULL};
        uint32_t rl, wl, burst;
        if (!json_object_is_type(m, json_type_object))
            return soc_fail(pc, "npu axi[%d] must be an object", p);
        soc_warn_unknown_keys(pc, m, "npu axi", axi_keys);
        if (!get_double_field(pc, m, "bytes_per_cycle", t->bytes_per_cycle, &t->bytes_per_cycle) ||
            !get_u32_field(pc, m, "read_latency", false, t->read_latency, &rl) ||
            !get_u32_field(pc, m, "write_latency", false, t->write_latency, &wl) ||
            !get_u32_field(pc, m, "burst_bytes", false, t->burst_bytes, &burst))
            return false;
        if (!(t->bytes_per_cycle > 0 && t->bytes_per_cycle <= 1024))
            return soc_fail(pc, "npu axi[%d] bytes_per_cycle %g is not in (0, 1024]", p, t->bytes_per_cycle);
        if (burst < 1 || burst > 4096 || rl > 100000 || wl > 100000)
            return soc_fail(pc, "npu axi[%d]: burst_bytes 1..4096 and latencies up to 100000 cycles", p);
        t->read_latency = rl;
        t->write_latency = wl;
        t->burst_bytes = burst;
    }
    return true;
}

/* "aliases" or "timing_adapters": up to SOC_MAX_ALIASES 4 KiB or 512-byte
 * aligned addresses. */
static bool parse_npu_addresses(parse_ctx_t *pc, json_object *o, const char *key, uint32_t align, uint32_t *out,
                                int *n)
{
    json_object *al;
    if (!json_object_object_get_ex(o, key, &al))
        return true;
    if (!json_object_is_type(al, json_type_array))
        return soc_fail(pc, "npu \"%s\" must be an array", key);
    size_t cnt = json_object_array_length(al);
    if (cnt > SOC_MAX_ALIASES)
        return soc_fail(pc, "npu \"%s\": at most %d addresses", key, SOC_MAX_ALIASES);
    *n = 0;
    for (size_t i = 0; i < cnt; i++) {
        uint64_t a;
        if (!get_u64(pc, json_object_array_get_idx(al, i), key, &a))
            return false;
        if (a > 0x100000000ull - align || (a & (align - 1)))
            return soc_fail(pc, "npu %s address 0x%llx is not %u-byte aligned inside 4 GiB", key, (unsigned long long)a,
                        align);
        out[(*n)++] = (uint32_t)a;
    }
    return true;
}

/* "npu": {"config": "ethos-u55-128", "base": "0x48102000",
 * "aliases": ["0x58102000"], "irq": 56}, or null for none. */
static bool parse_npu(parse_ctx_t *pc, json_object *root, soc_npu_t *n)
{
    json_object *o;
    if (!json_object_object_get_ex(root, "npu", &o) || o == NULL)
        return true;
    if (!json_object_is_type(o, json_type_object))
        return soc_fail(pc, "\"npu\" must be an object or null");
    static const char *const npu_keys[] = {"config", "base", "aliases", "irq", "timing_adapters", "axi", NULL};
    soc_warn_unknown_keys(pc, o, "npu", npu_keys);
    npu_defaults(n);
    uint32_t irq;
    if (!get_string_field(pc, o, "config", true, n->config, sizeof n->config) || !npu_config_known(pc, n->config) ||
        !get_u32_field(pc, o, "base", false, SOC_NPU_DEFAULT_BASE, &n->base) ||
        !get_u32_field(pc, o, "irq", false, SOC_NPU_DEFAULT_IRQ, &irq))
        return false;
    if (irq >= 96)
        return soc_fail(pc, "npu irq %u: the NVIC has interrupts 0 to 95", irq);
    n->irq = (int)irq;
    if (n->base & 0xFFFu)
        return soc_fail(pc, "npu base 0x%08x is not 4 KiB aligned", n->base);
    if (!parse_npu_addresses(pc, o, "aliases", 0x1000u, n->aliases, &n->naliases) ||
        !parse_npu_addresses(pc, o, "timing_adapters", SOC_NPU_TIMING_ADAPTER_SIZE, n->timing_adapters,
                             &n->ntiming_adapters) ||
        !parse_npu_axi(pc, o, n))
        return false;
    n->present = true;
    return true;
}

/* "dsp": {"mhz": 500, "mailbox": "0x48104000", "irq": 57, "window":
 * "0x48200000", "iram": "64K", "dram": "128K", "dram_banks": 2, ...}, or
 * null for none.  The sizes are checked again by dsp_core_create. */
static bool parse_dsp(parse_ctx_t *pc, json_object *root, soc_dsp_t *d)
{
    json_object *o, *so;
    if (!json_object_object_get_ex(root, "dsp", &o) || o == NULL)
        return true;
    if (!json_object_is_type(o, json_type_object))
        return soc_fail(pc, "\"dsp\" must be an object or null");
    static const char *const dsp_keys[] = {"mhz", "mailbox", "irq", "window", "iram", "dram", "dram_banks",
                                           "iram_wait", "dram_wait", "dma_bytes_per_cycle", "dma_setup_cycles",
                                           "source", NULL};
    soc_warn_unknown_keys(pc, o, "dsp", dsp_keys);
    uint64_t iram = 64 * 1024, dram = 128 * 1024;
    uint32_t irq;
    if (!get_double_field(pc, o, "mhz", 500, &d->mhz) ||
        !get_u32_field(pc, o, "mailbox", false, SOC_DSP_DEFAULT_MAILBOX, &d->mailbox) ||
        !get_u32_field(pc, o, "irq", false, SOC_DSP_DEFAULT_IRQ, &irq) ||
        !get_u32_field(pc, o, "window", false, SOC_DSP_DEFAULT_WINDOW, &d->window) ||
        (json_object_object_get_ex(o, "iram", &so) && !get_u64(pc, so, "iram", &iram)) ||
        (json_object_object_get_ex(o, "dram", &so) && !get_u64(pc, so, "dram", &dram)) ||
        !get_u32_field(pc, o, "dram_banks", false, 2, &d->dram_banks) ||
        !get_u32_field(pc, o, "iram_wait", false, 0, &d->iram_wait) ||
        !get_u32_field(pc, o, "dram_wait", false, 0, &d->dram_wait) ||
        !get_u32_field(pc, o, "dma_bytes_per_cycle", false, 8, &d->dma_bytes_per_cycle) ||
        !get_u32_field(pc, o, "dma_setup_cycles", false, 4, &d->dma_setup_cycles))
        return false;
    if (!(d->mhz >= 1 && d->mhz <= 10000))
        return soc_fail(pc, "dsp mhz must be between 1 and 10000");
    if (irq >= 96)
        return soc_fail(pc, "dsp irq %u: the NVIC has interrupts 0 to 95", irq);
    d->irq = (int)irq;
    if (d->mailbox & 0xFFFu)
        return soc_fail(pc, "dsp mailbox 0x%08x is not 4 KiB aligned", d->mailbox);
    /* IRAM must end below DRAM's base in the DSP's map (dsp/dsp_core.h). */
    if (iram == 0 || iram > 0x100000u || dram == 0 || dram > 0x100000u)
        return soc_fail(pc, "dsp iram and dram must each be between 1 byte and 1M");
    d->iram_bytes = (uint32_t)iram;
    d->dram_bytes = (uint32_t)dram;
    if ((d->window & 0xFFFu) || (uint64_t)d->window + 0x100000u + d->dram_bytes > 0x100000000ull)
        return soc_fail(pc, "dsp window 0x%08x is not 4 KiB aligned inside 4 GiB", d->window);
    if (d->iram_wait > 100 || d->dram_wait > 100)
        return soc_fail(pc, "dsp iram_wait and dram_wait must be at most 100");
    if (d->dma_bytes_per_cycle < 1 || d->dma_bytes_per_cycle > 64 || d->dma_setup_cycles > 1000)
        return soc_fail(pc, "dsp dma_bytes_per_cycle must be 1 to 64, dma_setup_cycles at most 1000");
    d->present = true;
    return true;
}

bool soc_desc_set_npu(soc_desc_t *d, const char *config, char *err, size_t errlen)
{
    if (strcmp(config, "none") == 0) {
        d->npu.present = false;
        return true;
    }
    parse_ctx_t pc = {.source = "--npu", .err = err, .errlen = errlen};
    if (!npu_config_known(&pc, config))
        return false;
    if (!d->npu.present && !d->npu.base)
        npu_defaults(&d->npu);
    snprintf(d->npu.config, sizeof d->npu.config, "%s", config);
    d->npu.present = true;
    return true;
}

/* "icache": {"size": "32K", "ways": 2}: the Cortex-M55 offers 0 to 64 KiB
 * of each cache. */
static bool parse_cache(parse_ctx_t *pc, json_object *cpu, const char *key, uint32_t def_ways,
                        uint32_t *bytes, uint32_t *ways)
{
    json_object *o, *so;
    *bytes = 0;
    *ways = def_ways;
    if (!json_object_object_get_ex(cpu, key, &o))
        return true;
    if (!json_object_is_type(o, json_type_object))
        return soc_fail(pc, "cpu \"%s\" must be an object", key);
    static const char *const cache_keys[] = {"size", "ways", NULL};
    char where[16];
    snprintf(where, sizeof where, "cpu %s", key);
    soc_warn_unknown_keys(pc, o, where, cache_keys);
    uint64_t size = 0;
    if (json_object_object_get_ex(o, "size", &so) && !get_u64(pc, so, "size", &size))
        return false;
    if (size > 64 * 1024 || (size & (size - 1)) != 0)
        return soc_fail(pc, "cpu %s size must be 0 or a power of two up to 64K", key);
    if (!get_u32_field(pc, o, "ways", false, def_ways, ways))
        return false;
    if (*ways < 1 || *ways > 8)
        return soc_fail(pc, "cpu %s ways must be between 1 and 8", key);
    *bytes = (uint32_t)size;
    return true;
}

static bool parse_cpu(parse_ctx_t *pc, json_object *root, soc_desc_t *d)
{
    json_object *cpu;
    if (!json_object_object_get_ex(root, "cpu", &cpu) || !json_object_is_type(cpu, json_type_object))
        return soc_fail(pc, "missing \"cpu\" object");
    static const char *const cpu_keys[] = {"name", "mhz", "fpu", "mve", "prio_bits", "reset_vtor",
                                           "icache", "dcache", NULL};
    soc_warn_unknown_keys(pc, cpu, "cpu", cpu_keys);
    strcpy(d->cpu, "cortex-m55");
    if (!get_string_field(pc, cpu, "name", false, d->cpu, sizeof d->cpu) ||
        !get_double_field(pc, cpu, "mhz", 400, &d->cpu_mhz))
        return false;
    if (strcmp(d->cpu, "cortex-m55") != 0)
        return soc_fail(pc, "cpu \"%s\" is not supported (only cortex-m55)", d->cpu);
    if (!(d->cpu_mhz > 0))
        return soc_fail(pc, "cpu mhz must be greater than 0");
    if (!(d->cpu_mhz <= 10000))
        return soc_fail(pc, "cpu mhz must be at most 10000");
    uint32_t bits;
    if (!get_u32_field(pc, cpu, "prio_bits", false, 3, &bits) ||
        !get_u32_field(pc, cpu, "reset_vtor", false, 0, &d->reset_vtor))
        return false;
    if (bits < 2 || bits > 8)
        return soc_fail(pc, "prio_bits must be between 2 and 8");
    d->prio_bits = (int)bits;
    return parse_cache(pc, cpu, "icache", 2, &d->icache_bytes, &d->icache_ways) &&
           parse_cache(pc, cpu, "dcache", 4, &d->dcache_bytes, &d->dcache_ways);
}

static bool parse_root(parse_ctx_t *pc, json_object *root, soc_desc_t *d, power_coeffs_t *power)
{
    if (!json_object_is_type(root, json_type_object))
        return soc_fail(pc, "the description must be a JSON object");
    /* "power": sim/soc_power.c; "npu" and "dsp" describe engines. */
    static const char *const root_keys[] = {"schema", "name", "cpu", "memory", "devices", "power",
                                            "npu", "dsp", "model_address", "input_address", NULL};
    soc_warn_unknown_keys(pc, root, "the top level", root_keys);
    if (!get_string_field(pc, root, "name", true, d->name, sizeof d->name) || !parse_cpu(pc, root, d))
        return false;
    json_object *mem, *devs;
    if (!json_object_object_get_ex(root, "memory", &mem) || !json_object_is_type(mem, json_type_array))
        return soc_fail(pc, "missing \"memory\" array");
    size_t n = json_object_array_length(mem);
    if (n == 0 || n > SOC_MAX_REGIONS)
        return soc_fail(pc, "\"memory\" must list 1 to %d regions", SOC_MAX_REGIONS);
    for (size_t i = 0; i < n; i++) {
        soc_region_t *r = &d->regions[d->nregions];
        if (!parse_region(pc, json_object_array_get_idx(mem, i), r))
            return false;
        for (int j = 0; j < d->nregions; j++)
            if (overlaps(r->base, r->size, d->regions[j].base, d->regions[j].size))
                return soc_fail(pc, "regions %s and %s overlap", r->name, d->regions[j].name);
        d->nregions++;
    }
    if (json_object_object_get_ex(root, "devices", &devs)) {
        if (!json_object_is_type(devs, json_type_array))
            return soc_fail(pc, "\"devices\" must be an array");
        n = json_object_array_length(devs);
        if (n > SOC_MAX_DEVICES)
            return soc_fail(pc, "at most %d devices", SOC_MAX_DEVICES);
        for (size_t i = 0; i < n; i++)
            if (!parse_device(pc, json_object_array_get_idx(devs, i), &d->devices[d->ndevices++]))
                return false;
    }
    return parse_npu(pc, root, &d->npu) && parse_dsp(pc, root, &d->dsp) && soc_parse_power(pc, root, power) &&
           get_u32_field(pc, root, "model_address", false, 0x28000000u, &d->model_address) &&
           get_u32_field(pc, root, "input_address", false, 0x60000000u, &d->input_address);
}

bool soc_desc_load(soc_desc_t *d, const char *name_or_path, char *err, size_t errlen)
{
    return soc_desc_load_with_power(d, NULL, name_or_path, err, errlen);
}

bool soc_desc_load_with_power(soc_desc_t *d, power_coeffs_t *power, const char *name_or_path, char *err,
                              size_t errlen)
{
    power_coeffs_t unused;
    if (!power)
        power = &unused;
    memset(d, 0, sizeof *d);
    err[0] = '\0';
    const char *builtin = soc_builtin_json(name_or_path);
    char source[300];
    const char *text = builtin;
    file_data_t file = {0};
    if (builtin) {
        snprintf(source, sizeof source, "built-in SoC %s", name_or_path);
    } else {
        snprintf(source, sizeof source, "%s", name_or_path);
        if (!file_read(name_or_path, 16u << 20, "a SoC description", &file, err, errlen))
            return false;
        text = (const char *)file.bytes;
    }
    parse_ctx_t pc = {.source = source, .err = err, .errlen = errlen};
    json_tokener *tok = json_tokener_new();
    json_object *root = tok ? json_tokener_parse_ex(tok, text, (int)strlen(text)) : NULL;
    bool ok;
    if (!root) {
        enum json_tokener_error e = tok ? json_tokener_get_error(tok) : json_tokener_error_depth;
        ok = soc_fail(&pc, "not valid JSON (%s)", json_tokener_error_desc(e));
    } else if (tok && (size_t)json_tokener_get_parse_end(tok) < strlen(text) &&
               text[json_tokener_get_parse_end(tok) + strspn(text + json_tokener_get_parse_end(tok), " \t\r\n")]) {
        ok = soc_fail(&pc, "trailing text after the JSON object");
    } else {
        ok = parse_root(&pc, root, d, power);
    }
    json_object_put(root);
    if (tok)
        json_tokener_free(tok);
    file_data_free(&file);
    return ok;
}
