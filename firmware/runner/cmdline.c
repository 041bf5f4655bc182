/* strtok_r: strtok keeps its position in newlib's per-thread data, which
 * the runner does not link (semihost.c) */
#define _POSIX_C_SOURCE 200809L

#include "cmdline.h"

#include <string.h>

#include "../../runtime/et_format.h"
#include "semihost.h"

#define SYS_GET_CMDLINE 0x15

int cmdline_fetch(char *buf, uint32_t size)
{
    struct {
        char *buf;
        uint32_t len;
    } block = {buf, size};
    buf[0] = '\0';
    if (semihost_call(SYS_GET_CMDLINE, &block) != 0)
        return -1;
    buf[block.len < size ? block.len : size - 1] = '\0';
    return 0;
}

static unsigned digit_value(char c)
{
    return c >= '0' && c <= '9' ? (unsigned)(c - '0')
           : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
           : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                  : 99u;
}

/* A number as strtoul(s, end, 0) reads one (0x... hex, 0... octal, else
 * decimal), without a sign, at most 0xFFFFFFFF.  Not strtoul itself:
 * newlib's sets errno in its per-thread data, which the runner does not
 * link (semihost.c). */
static int parse_u32(const char *s, char **end, uint32_t *out)
{
    unsigned base = 10;
    const char *p = s;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && digit_value(p[2]) < 16) {
        base = 16;
        p += 2;
    } else if (p[0] == '0') {
        base = 8;
    }
    const char *digits = p;
    uint64_t v = 0;
    for (; digit_value(*p) < base; p++) {
        v = v * base + digit_value(*p);
        if (v > 0xFFFFFFFFu)
            return -1;
    }
    *end = (char *)(uintptr_t)p;
    if (p == digits)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static int parse_region(const char *s, region *r)
{
    char *end;
    if (parse_u32(s, &end, &r->addr) != 0 || *end != ':' || parse_u32(end + 1, &end, &r->size) != 0 || *end)
        return -1;
    return 0;
}

int cmdline_parse(char *line, runner_config *cfg, char *err, uint32_t err_size)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->iterations = 1;
    int first = 1;
    char *rest;
    for (char *tok = strtok_r(line, " \t", &rest); tok; tok = strtok_r(NULL, " \t", &rest)) {
        char *end;
        if (first) {  /* argv[0], the program name */
            first = 0;
            if (tok[0] != '-')
                continue;
        }
        if (!strncmp(tok, "--model=", 8)) {
            if (parse_region(tok + 8, &cfg->model) != 0)
                goto bad;
        } else if (!strncmp(tok, "--ptd=", 6)) {
            if (parse_region(tok + 6, &cfg->ptd) != 0)
                goto bad;
        } else if (!strncmp(tok, "--input=", 8)) {
            if (cfg->ninputs == RUNNER_MAX_INPUTS) {
                et_format(err, err_size, "at most %d --input options", RUNNER_MAX_INPUTS);
                return -1;
            }
            if (parse_region(tok + 8, &cfg->inputs[cfg->ninputs++]) != 0)
                goto bad;
        } else if (!strncmp(tok, "--iterations=", 13)) {
            if (parse_u32(tok + 13, &end, &cfg->iterations) != 0 || *end || cfg->iterations == 0)
                goto bad;
        } else if (!strcmp(tok, "--strict")) {
            cfg->strict = 1;
        } else if (!strcmp(tok, "--plan=load") || !strcmp(tok, "--plan=pte")) {
            cfg->plan_pte = tok[7] == 'p';
        } else if (!strcmp(tok, "--engine=cpu") || !strcmp(tok, "--engine=dsp")) {
            cfg->engine = tok[9] == 'd' ? 2 : 0;
        } else {
            goto bad;
        }
        continue;
    bad:
        et_format(err, err_size, "bad option '%s' (expected --model=ADDR:SIZE, --ptd=ADDR:SIZE, --input=ADDR:SIZE, --iterations=N, "
                 "--engine=cpu|dsp, --strict, --plan=load|pte)",
                 tok);
        return -1;
    }
    if (cfg->model.size == 0) {
        et_format(err, err_size, "no model: give --model=ADDR:SIZE (e.g. --model=0x28000000:54192)");
        return -1;
    }
    return 0;
}
