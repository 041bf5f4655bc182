/* The "power" object of a SoC description (docs/power.md), read with the
 * rest of the description (sim/soc.c), so that the file is parsed once and
 * its keys are checked for typos like every other object's. */
#include <stdio.h>
#include <string.h>

#include "soc_parse.h"

const char *const power_class_group_name[POWER_CLASS_GROUPS] = {
    "alu", "mul", "load_store", "branch", "fp32", "fp64", "mve_beat",
};

const char *const dsp_class_pj_names[DSP_CL_COUNT] = {
    [DSP_CL_NOP] = "nop", [DSP_CL_ALU] = "alu", [DSP_CL_MUL] = "mul", [DSP_CL_LOAD] = "load",
    [DSP_CL_STORE] = "store", [DSP_CL_BRANCH] = "branch", [DSP_CL_VALU] = "valu", [DSP_CL_MAC] = "mac",
    [DSP_CL_ACC] = "acc",
};

/* A coefficient: a number from 0 to 1e9. */
static bool num_field(parse_ctx_t *pc, json_object *o, const char *key, double *out)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v))
        return soc_fail(pc, "power: missing \"%s\"", key);
    if (!json_object_is_type(v, json_type_double) && !json_object_is_type(v, json_type_int))
        return soc_fail(pc, "power: \"%s\" must be a number", key);
    *out = json_object_get_double(v);
    if (!(*out >= 0 && *out < 1e9))
        return soc_fail(pc, "power: \"%s\" must be between 0 and 1e9", key);
    return true;
}

/* The same, 0 when absent. */
static bool optional_num_field(parse_ctx_t *pc, json_object *o, const char *key, double *out)
{
    json_object *v;
    return !json_object_object_get_ex(o, key, &v) || num_field(pc, o, key, out);
}

/* An object of coefficients by name ("class_pj": {"alu": 0.1, ...}): each
 * key one of names[0..n), each optional (0).  A wrong key is an error, not
 * a warning: it is a coefficient that would silently count as 0. */
static bool named_coeffs(parse_ctx_t *pc, json_object *p, const char *key, const char *const *names, int n,
                         double *out)
{
    json_object *o;
    if (!json_object_object_get_ex(p, key, &o))
        return true;
    if (!json_object_is_type(o, json_type_object))
        return soc_fail(pc, "power: \"%s\" must be an object", key);
    json_object_object_foreach(o, name, val) {
        (void)val;
        int k = 0;
        while (k < n && strcmp(name, names[k]) != 0)
            k++;
        if (k == n) {
            char list[160] = "";
            for (int i = 0; i < n; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", names[i]);
            return soc_fail(pc, "power: %s: \"%s\" is not one of %s", key, name, list);
        }
        if (!num_field(pc, o, name, &out[k]))
            return false;
    }
    return true;
}

/* The NPU's coefficients ("npu" inside "power"; all 0 without one). */
static bool parse_npu_power(parse_ctx_t *pc, json_object *p, power_coeffs_t *c)
{
    static const char *const npu_keys[] = {"pj_per_mac", "pj_per_axi_byte", "active_uw_per_mhz", "idle_uw",
                                           NULL};
    json_object *npu;
    if (!json_object_object_get_ex(p, "npu", &npu))
        return true;
    if (!json_object_is_type(npu, json_type_object))
        return soc_fail(pc, "power: \"npu\" must be an object");
    soc_warn_unknown_keys(pc, npu, "power npu", npu_keys);
    return num_field(pc, npu, "pj_per_mac", &c->npu_pj_per_mac) &&
           num_field(pc, npu, "pj_per_axi_byte", &c->npu_pj_per_axi_byte) &&
           num_field(pc, npu, "active_uw_per_mhz", &c->npu_active_pj_per_cycle) &&
           num_field(pc, npu, "idle_uw", &c->npu_idle_uw);
}

/* "domains": [{"name": "core", "static_uw": 20}, ...]: static power. */
static bool parse_domains(parse_ctx_t *pc, json_object *p, power_coeffs_t *c)
{
    static const char *const domain_keys[] = {"name", "static_uw", NULL};
    json_object *doms;
    if (!json_object_object_get_ex(p, "domains", &doms))
        return true;
    if (!json_object_is_type(doms, json_type_array) || json_object_array_length(doms) > POWER_MAX_DOMAINS)
        return soc_fail(pc, "power: \"domains\" must be an array of at most %d", POWER_MAX_DOMAINS);
    for (size_t i = 0; i < json_object_array_length(doms); i++) {
        json_object *d = json_object_array_get_idx(doms, i), *name;
        power_domain_t *pd = &c->domains[c->ndomains];
        if (!json_object_is_type(d, json_type_object) || !json_object_object_get_ex(d, "name", &name) ||
            !json_object_is_type(name, json_type_string) ||
            strlen(json_object_get_string(name)) >= sizeof pd->name)
            return soc_fail(pc, "power: each domain needs a \"name\" (a short string)");
        soc_warn_unknown_keys(pc, d, "a power domain", domain_keys);
        strcpy(pd->name, json_object_get_string(name));
        if (!num_field(pc, d, "static_uw", &pd->static_uw))
            return false;
        c->static_uw += pd->static_uw;
        c->ndomains++;
    }
    return true;
}

bool soc_parse_power(parse_ctx_t *pc, json_object *root, power_coeffs_t *c)
{
    static const char *const power_keys[] = {
        "core_active_uw_per_mhz", "core_sleep_uw_per_mhz", "class_pj", "dsp_active_uw_per_mhz",
        "dsp_sleep_uw_per_mhz", "dsp_class_pj", "npu", "fetch_bytes_per_instruction", "domains", NULL};
    memset(c, 0, sizeof *c);
    c->fetch_region = -1;
    json_object *p;
    if (!json_object_object_get_ex(root, "power", &p))
        return true;   /* no power model for this SoC */
    if (!json_object_is_type(p, json_type_object))
        return soc_fail(pc, "\"power\" must be an object");
    soc_warn_unknown_keys(pc, p, "power", power_keys);
    c->fetch_bytes_per_insn = 3.0;
    if (!num_field(pc, p, "core_active_uw_per_mhz", &c->core_pj_per_cycle) ||
        !num_field(pc, p, "core_sleep_uw_per_mhz", &c->sleep_pj_per_cycle) ||
        !named_coeffs(pc, p, "class_pj", power_class_group_name, POWER_CLASS_GROUPS, c->class_pj) ||
        !optional_num_field(pc, p, "dsp_active_uw_per_mhz", &c->dsp_pj_per_cycle) ||
        !optional_num_field(pc, p, "dsp_sleep_uw_per_mhz", &c->dsp_sleep_pj_per_cycle) ||
        !named_coeffs(pc, p, "dsp_class_pj", dsp_class_pj_names, DSP_CL_COUNT, c->dsp_class_pj) ||
        !parse_npu_power(pc, p, c) ||
        !optional_num_field(pc, p, "fetch_bytes_per_instruction", &c->fetch_bytes_per_insn) ||
        !parse_domains(pc, p, c))
        return false;
    c->present = true;
    return true;
}
