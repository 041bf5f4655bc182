#include "cmdline.h"

#include <stdlib.h>
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

static int parse_u32(const char *s, char **end, uint32_t *out)
{
    unsigned long v = strtoul(s, end, 0);
    if (*end == s || v > 0xFFFFFFFFul)
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
    for (char *tok = strtok(line, " \t"); tok; tok = strtok(NULL, " \t")) {
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
