/* Whole networks, host side: the Vela-compiled VelaBinStream blobs in
 * ../shared/models run from the first command to STOP on the NPU core
 * alone (region 0 = weights, region 1 = scratch, behind a host port), and
 * their outputs are compared with the independent int8 reference
 * interpreter's (models/vela/expected, +-1 LSB) for every input, and for
 * ethos_u55_128_add with the documented x + y arithmetic (ETHOSU.md 8.3). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "npu_test_util.h"
#include "velabin.h"

#define WEIGHT_BASE  0x10000000u
#define SCRATCH_BASE 0x20000000u
#define CMD_BASE     0x30000000u

typedef struct net {
    uint8_t *blob;
    velabin_t v;
    nt_mem_t mem;
    uint8_t *scratch;
    npu_core_t *core;
    npu_bases_t bases;
} net_t;

static void net_open(net_t *n, const char *rel, unsigned macs)
{
    size_t size;
    char err[128];
    memset(n, 0, sizeof *n);
    n->blob = nt_read_shared(rel, &size);
    cr_assert(n->blob, "cannot read %s (set ETSIM_SHARED)", rel);
    cr_assert(velabin_parse(n->blob, size, &n->v, err, sizeof err), "%s: %s", rel, err);
    uint8_t *w = nt_mem_add(&n->mem, WEIGHT_BASE, n->v.weight_bytes);
    memcpy(w, n->v.weights, n->v.weight_bytes);
    n->scratch = nt_mem_add(&n->mem, SCRATCH_BASE, n->v.scratch_bytes);
    uint8_t *cmd = nt_mem_add(&n->mem, CMD_BASE, n->v.cmd_bytes);
    memcpy(cmd, n->v.cmd, n->v.cmd_bytes);
    npu_core_config_t cfg = {.macs_per_cycle = macs, .shram_kb = 0};
    n->core = npu_core_create(&cfg, nt_mem_port(&n->mem));
    cr_assert(n->core);
    /* The driver defaults (ETHOSU.md 1.1): commands and region 0 via AXI1. */
    n->bases = (npu_bases_t){.qbase = CMD_BASE, .qsize = n->v.cmd_bytes, .regioncfg = 3u, .qconfig = 2u};
    n->bases.basep[0] = WEIGHT_BASE;
    n->bases.basep[1] = SCRATCH_BASE;
}

static void net_close(net_t *n)
{
    npu_core_destroy(n->core);
    nt_mem_free(&n->mem);
    free(n->blob);
}

/* One inference: inputs in, run to STOP, the first output's bytes out. */
static void net_run(net_t *n, const uint8_t *const *inputs, uint8_t *out, size_t out_bytes, uint64_t *macs)
{
    memset(n->scratch, 0, n->v.scratch_bytes);
    for (unsigned i = 0; i < n->v.nin; i++) {
        size_t bytes = velabin_io_bytes(&n->v.in[i]);
        cr_assert_leq(n->v.in[i].offset + bytes, n->v.scratch_bytes);
        memcpy(n->scratch + n->v.in[i].offset, inputs[i], bytes);
    }
    npu_core_reset(n->core);
    uint32_t qread = 0;
    npu_op_info_t info;
    npu_step_result_t r;
    *macs = 0;
    for (unsigned steps = 0;; steps++) {
        cr_assert_lt(steps, 100000u, "no STOP");
        r = npu_core_step(n->core, &n->bases, &qread, &info);
        if (info.kind == NPU_OPK_CONV || info.kind == NPU_OPK_DEPTHWISE)
            *macs += info.macs;
        if (r != NPU_STEP_CONTINUE && r != NPU_STEP_IRQ)
            break;
    }
    cr_assert_eq(r, NPU_STEP_STOP, "stream ended with %d at 0x%x: %s", r, info.cmd_offset, info.message);
    cr_assert_eq(qread, n->v.cmd_bytes, "STOP is the last command");
    cr_assert_eq(out_bytes, velabin_io_bytes(&n->v.out[0]));
    memcpy(out, n->scratch + n->v.out[0].offset, out_bytes);
}

/* Every input of models/vela/inputs starting with prefix, against its
 * expected output (+-1); the convolution MACs against the sum of Vela's
 * per-layer MAC counts of its Conv2D, DepthwiseConv2D and FullyConnected
 * rows (*_per-layer.csv). */
static void check_network(const char *model, const char *prefix, unsigned want_inputs, uint64_t want_macs)
{
    char rel[512];
    snprintf(rel, sizeof rel, "models/vela/ethos-u55-128/%s/%s.velabin", model, model);
    net_t n;
    net_open(&n, rel, 128);
    cr_assert_eq(n.v.nin, 1);
    char dirpath[512];
    const char *root = getenv("ETSIM_SHARED");
    snprintf(dirpath, sizeof dirpath, "%s/models/vela/inputs", root ? root : "../shared");
    DIR *d = opendir(dirpath);
    cr_assert(d, "cannot open %s", dirpath);
    unsigned checked = 0, off_by_one = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, prefix, strlen(prefix)) || len < 4 || strcmp(e->d_name + len - 3, ".i8"))
            continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(len - 3), e->d_name);
        size_t in_size, want_size;
        snprintf(rel, sizeof rel, "models/vela/inputs/%s.i8", name);
        uint8_t *in = nt_read_shared(rel, &in_size);
        snprintf(rel, sizeof rel, "models/vela/expected/%s/%s.out.i8", model, name);
        uint8_t *want = nt_read_shared(rel, &want_size);
        cr_assert(in && want, "missing %s", name);
        cr_assert_eq(in_size, velabin_io_bytes(&n.v.in[0]), "%s: input size", name);
        uint8_t out[4096];
        uint64_t macs;
        const uint8_t *inputs[1] = {in};
        net_run(&n, inputs, out, want_size, &macs);
        for (size_t i = 0; i < want_size; i++) {
            int diff = (int8_t)out[i] - (int8_t)want[i];
            cr_assert(diff >= -1 && diff <= 1, "%s %s: output %zu is %d, want %d", model, name, i, (int8_t)out[i],
                      (int8_t)want[i]);
            off_by_one += diff != 0;
        }
        cr_assert_eq(macs, want_macs, "%s: %llu MACs", model, (unsigned long long)macs);
        checked++;
        free(in);
        free(want);
    }
    closedir(d);
    cr_log_info("%s: %u inputs, %u outputs off by one", model, checked, off_by_one);
    cr_assert_eq(checked, want_inputs);
    net_close(&n);
}

Test(npu_nets, kws_dscnn, .timeout = 120)
{
    check_network("kws_ref_model", "kws_", 14, 2656768);
}

Test(npu_nets, resnet8, .timeout = 240)
{
    check_network("pretrainedResnet_quant", "ic_", 4, 12501632);
}

/* x + y with int8 inputs of scale 1/255, zp -128 and output scale 2/255,
 * zp -128: out = round_half_up((x + y + 256) / 2) - 128 (ETHOSU.md 8.3). */
Test(npu_nets, ethos_u55_128_add)
{
    net_t n;
    net_open(&n, "models/decoded/ethos_u55_128_add.delegate0.vela.bin", 128);
    cr_assert_eq(n.v.nin, 2);
    cr_assert_eq(n.v.config, 0x1807u);
    for (int x = -128; x < 128; x += 5) {
        for (int y = -128; y < 128; y += 7) {
            uint8_t bx = (uint8_t)(int8_t)x, by = (uint8_t)(int8_t)y, out;
            const uint8_t *inputs[2] = {&bx, &by};
            uint64_t macs;
            net_run(&n, inputs, &out, 1, &macs);
            int s = x + y + 256;
            int want = (s + 1) / 2 - 128;
            cr_assert_eq((int8_t)out, want, "%d + %d gave %d, want %d", x, y, (int8_t)out, want);
        }
    }
    net_close(&n);
}
