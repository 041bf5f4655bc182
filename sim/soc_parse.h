/* Inside the SoC description reader (sim/soc.c, sim/soc_power.c): the
 * parse context, failing with a message that names the description, and
 * the typo check of an object's keys.  Not for other modules. */
#ifndef ETSIM_SIM_SOC_PARSE_H
#define ETSIM_SIM_SOC_PARSE_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "soc.h"

#define MAX_WARNED_KEYS 16

typedef struct parse_ctx {
    const char *source;   /* file name or "built-in NAME", for messages */
    char *err;
    size_t errlen;
    /* Unknown keys already warned about: each is named once, however many
     * objects carry it. */
    char warned[MAX_WARNED_KEYS][SOC_NAME_LEN];
    int nwarned;
} parse_ctx_t;

/* Writes "SOURCE: " and the message to pc->err; returns false. */
bool soc_fail(parse_ctx_t *pc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Keys nobody reads are most likely typos ("read_wiat"): warn on stderr,
 * once per key, naming it and where it is (known: NULL-terminated).  Keys
 * ending in "source" and "description" are documentation and always
 * allowed. */
void soc_warn_unknown_keys(parse_ctx_t *pc, json_object *obj, const char *where, const char *const *known);

/* The "power" object of root into p (sim/soc_power.c); none: p->present
 * false. */
bool soc_parse_power(parse_ctx_t *pc, json_object *root, power_coeffs_t *p);

#endif
