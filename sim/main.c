/* etsim: run a Cortex-M55 firmware (and optionally a model) on the
 * simulated SoC and report what it cost.
 *
 *   etsim [options] FIRMWARE.elf [MODEL.pte]
 *
 * Firmware output goes to stdout unchanged; etsim's own messages and its
 * summary go to stderr.  Exit status: the firmware's semihosting exit
 * status; 2 usage or bad input file; 3 the firmware crashed (or can never
 * run again); 4 --max-cycles reached. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../isa/disasm.h"
#include "../npu/ethosu_device.h"
#include "elf_load.h"
#include "etdump.h"
#include "exec_symbols.h"
#include "gdb.h"
#include "machine.h"
#include "power.h"
#include "ram.h"
#include "report.h"
#include "soc.h"
#include "trace.h"

#define EXIT_USAGE 2
#define EXIT_CRASH 3
#define EXIT_MAX_CYCLES 4
#define MAX_INPUTS 16
#define MAX_DATA 16
/* Without --max-cycles a firmware that never exits is stopped after this
 * many cycles (10 s of simulated time at 400 MHz). */
#define DEFAULT_MAX_CYCLES 4000000000ull

typedef struct data_arg {
    const char *path;
    uint32_t addr;
} data_arg_t;

typedef struct options {
    const char *soc;
    const char *npu;          /* --npu, NULL: the SoC's */
    bool engine_dsp;          /* --engine dsp: the runner offloads to the DSP */
    double cpu_mhz;
    uint64_t max_cycles;
    const char *firmware, *model;
    data_arg_t data[MAX_DATA];
    int ndata;
    const char *inputs[MAX_INPUTS];
    int ninputs;
    unsigned iterations;
    const char *report, *csv, *html, *trace, *timeline, *etdump;
    const char *ptd;       /* --ptd: external tensor data of the model */
    int trace_level;          /* TRACE_LEVEL_OPERATOR, _INSTRUCTION or _MEMORY */
    bool trace_level_given;
    bool quiet;
    const char *semihost_root;   /* NULL: the working directory */
    int gdb_port;             /* --gdb, 0: no debugger */
    const char *semihosting_cmdline;   /* NULL: etsim writes the runner's */
    bool exit_on_eot;
    bool strict_mmio;
    bool strict;              /* --strict: passed to the runner */
    bool exec_interp;         /* --exec interp: the per-instruction core, not the block-level one (isa/block.h) */
} options_t;

static void usage(FILE *f)
{
    fputs("usage: etsim [options] FIRMWARE.elf [MODEL.pte]\n"
          "  --soc NAME|FILE.json   SoC description (default an547; see --print-soc)\n"
          "  --cpu-mhz N            core clock in MHz (default: the SoC's)\n"
          "  --npu CONFIG|none      NPU: ethos-u55-32, -64, -128, -256 or none (default: the SoC's)\n"
          "  --max-cycles N         stop with status 4 after N cycles (default 4e9)\n"
          "  --exec block|interp    block: block-level timing (default); interp: the per-instruction\n"
          "                         core, the reference (same cycles, reports and traces)\n"
          "  --data FILE@ADDR       load a raw file into memory at ADDR\n"
          "  --input FILE           raw bytes of the model's next input\n"
          "  --ptd FILE.ptd         the model's external tensor data, placed after it (16-aligned)\n"
          "  --iterations N         inferences for the runner to make (default 1)\n"
          "  --engine cpu|dsp       where the runner runs the operators that have a DSP kernel (default cpu)\n"
          "  --report FILE.json     write the etsim-report/1 JSON report\n"
          "  --csv FILE             per-operator table as CSV\n"
          "  --html FILE            one self-contained HTML page with charts\n"
          "  --etdump FILE.etdp     the operator calls as an ExecuTorch ETDump (docs/etdump.md)\n"
          "  --trace FILE           binary trace (docs/trace.md; read it with etsim-trace)\n"
          "  --trace-level op|insn|mem  op: operators and inferences (default); insn: also every\n"
          "                         instruction with its cycles and the registers it changed;\n"
          "                         mem: also every data memory access (address, bytes, stalls)\n"
          "  --timeline FILE        Chrome trace-event JSON timeline (Perfetto, chrome://tracing)\n"
          "  --semihost-root DIR    semihosting file access confined to DIR (default: the\n"
          "                         working directory; / allows every file, as QEMU)\n"
          "  --gdb [:]PORT          wait for GDB on 127.0.0.1:PORT before reset (docs/gdb.md)\n"
          "  --exit-on-eot          end with status 0 when UART0 prints EOT (0x04), as the FVP's\n"
          "                         -C mps3_board.uart0.shutdown_on_eot=1\n"
          "  --semihosting-cmdline STRING  what SYS_GET_CMDLINE returns (default: the firmware\n"
          "                         path and the model/input addresses), as the FVP's\n"
          "                         -C cpu0.semihosting-cmd_line=STRING\n"
          "  --strict-mmio          an undocumented offset of a known device is a bus error\n"
          "  --strict               the runner refuses what upstream ExecuTorch refuses (runtime/README.md)\n"
          "                         (default: accepted, reads zero, logged once per device)\n"
          "  -q                     no summary on stderr\n"
          "  --print-soc [NAME]     print a built-in SoC description as JSON and exit\n"
          "exit status: the firmware's; 2 usage or bad input; 3 firmware crash; 4 max cycles\n",
          f);
}

static bool parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    double d = strtod(s, &end);   /* accepts 4e9 as well as 4000000000 */
    if (errno || end == s || *end || d < 0 || d > 1.8e19)
        return false;
    if (strncmp(s, "0x", 2) == 0 || strncmp(s, "0X", 2) == 0) {
        unsigned long long v = strtoull(s, &end, 16);
        if (*end)
            return false;
        *out = v;
        return true;
    }
    *out = (uint64_t)d;
    return true;
}

static int print_soc(const char *name)
{
    const char *json = soc_builtin_json(name);
    if (!json) {
        fprintf(stderr, "etsim: --print-soc: no built-in SoC named '%s' (built-in:", name);
        for (int i = 0; soc_builtin_names[i]; i++)
            fprintf(stderr, " %s", soc_builtin_names[i]);
        fprintf(stderr, ")\n");
        return EXIT_USAGE;
    }
    fputs(json, stdout);
    return 0;
}

/* Returns -1 to go on, or an exit status. */
static int parse_args(int argc, char **argv, options_t *o)
{
    memset(o, 0, sizeof *o);
    o->soc = "an547";
    o->max_cycles = DEFAULT_MAX_CYCLES;
    o->iterations = 1;
    const char *positional[2];
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_VALUE()                                                          \
    do {                                                                      \
        if (!v) {                                                             \
            fprintf(stderr, "etsim: %s needs a value\n", a);                  \
            return EXIT_USAGE;                                                \
        }                                                                     \
        i++;                                                                  \
    } while (0)
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "-q")) {
            o->quiet = true;
        } else if (!strcmp(a, "--print-soc")) {
            return print_soc(v && v[0] != '-' ? v : "an547");
        } else if (!strcmp(a, "--soc")) {
            NEED_VALUE();
            o->soc = v;
        } else if (!strcmp(a, "--cpu-mhz")) {
            NEED_VALUE();
            char *end;
            o->cpu_mhz = strtod(v, &end);
            if (*end || !(o->cpu_mhz > 0 && o->cpu_mhz <= 10000)) {
                fprintf(stderr, "etsim: --cpu-mhz: '%s' is not a clock between 0 and 10000 MHz\n", v);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--npu")) {
            NEED_VALUE();
            if (strcmp(v, "none") != 0 && !ethosu_config_find(v)) {
                fprintf(stderr, "etsim: --npu: '%s' is not none or one of", v);
                for (int k = 0; ethosu_config_names[k]; k++)
                    fprintf(stderr, " %s", ethosu_config_names[k]);
                fprintf(stderr, "\n");
                return EXIT_USAGE;
            }
            o->npu = v;
        } else if (!strcmp(a, "--gdb")) {
            NEED_VALUE();
            if (!gdb_parse_port(v, &o->gdb_port)) {
                fprintf(stderr, "etsim: --gdb: '%s' is not PORT or :PORT (1-65535)\n", v);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--engine")) {
            NEED_VALUE();
            if (strcmp(v, "cpu") != 0 && strcmp(v, "dsp") != 0) {
                fprintf(stderr, "etsim: --engine: '%s' is not cpu or dsp\n", v);
                return EXIT_USAGE;
            }
            o->engine_dsp = !strcmp(v, "dsp");
        } else if (!strcmp(a, "--exec")) {
            NEED_VALUE();
            if (strcmp(v, "block") != 0 && strcmp(v, "interp") != 0) {
                fprintf(stderr, "etsim: --exec: '%s' is not block or interp\n", v);
                return EXIT_USAGE;
            }
            o->exec_interp = !strcmp(v, "interp");
        } else if (!strcmp(a, "--max-cycles")) {
            NEED_VALUE();
            if (!parse_u64(v, &o->max_cycles) || o->max_cycles == 0) {
                fprintf(stderr, "etsim: --max-cycles: '%s' is not a positive number\n", v);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "--data")) {
            NEED_VALUE();
            const char *at = strrchr(v, '@');
            uint64_t addr;
            if (!at || at == v || !parse_u64(at + 1, &addr) || addr > UINT32_MAX) {
                fprintf(stderr, "etsim: --data: '%s' is not FILE@ADDR\n", v);
                return EXIT_USAGE;
            }
            if (o->ndata == MAX_DATA) {
                fprintf(stderr, "etsim: at most %d --data options\n", MAX_DATA);
                return EXIT_USAGE;
            }
            size_t n = (size_t)(at - v);
            char *path = malloc(n + 1);
            if (!path)
                return EXIT_USAGE;
            memcpy(path, v, n);
            path[n] = '\0';
            o->data[o->ndata].path = path;
            o->data[o->ndata++].addr = (uint32_t)addr;
        } else if (!strcmp(a, "--input")) {
            NEED_VALUE();
            if (o->ninputs == MAX_INPUTS) {
                fprintf(stderr, "etsim: at most %d --input options\n", MAX_INPUTS);
                return EXIT_USAGE;
            }
            o->inputs[o->ninputs++] = v;
        } else if (!strcmp(a, "--iterations")) {
            NEED_VALUE();
            uint64_t n;
            if (!parse_u64(v, &n) || n == 0 || n > 1000000) {
                fprintf(stderr, "etsim: --iterations: '%s' is not a number from 1 to 1000000\n", v);
                return EXIT_USAGE;
            }
            o->iterations = (unsigned)n;
        } else if (!strcmp(a, "--report")) {
            NEED_VALUE();
            o->report = v;
        } else if (!strcmp(a, "--csv")) {
            NEED_VALUE();
            o->csv = v;
        } else if (!strcmp(a, "--html")) {
            NEED_VALUE();
            o->html = v;
        } else if (!strcmp(a, "--ptd")) {
            NEED_VALUE();
            o->ptd = v;
        } else if (!strcmp(a, "--etdump")) {
            NEED_VALUE();
            o->etdump = v;
        } else if (!strcmp(a, "--trace")) {
            NEED_VALUE();
            o->trace = v;
        } else if (!strcmp(a, "--trace-level")) {
            NEED_VALUE();
            if (!strcmp(v, "op")) {
                o->trace_level = TRACE_LEVEL_OPERATOR;
            } else if (!strcmp(v, "insn")) {
                o->trace_level = TRACE_LEVEL_INSTRUCTION;
            } else if (!strcmp(v, "mem")) {
                o->trace_level = TRACE_LEVEL_MEMORY;
            } else {
                fprintf(stderr, "etsim: --trace-level: '%s' is not op, insn or mem\n", v);
                return EXIT_USAGE;
            }
            o->trace_level_given = true;
        } else if (!strcmp(a, "--semihost-root")) {
            NEED_VALUE();
            o->semihost_root = v;
        } else if (!strcmp(a, "--strict-mmio")) {
            o->strict_mmio = true;
        } else if (!strcmp(a, "--strict")) {
            o->strict = true;
        } else if (!strcmp(a, "--exit-on-eot")) {
            o->exit_on_eot = true;
        } else if (!strcmp(a, "--semihosting-cmdline")) {
            NEED_VALUE();
            if (strlen(v) >= sizeof ((semihost_t *)0)->cmdline) {
                fprintf(stderr, "etsim: --semihosting-cmdline: longer than %zu bytes\n",
                        sizeof ((semihost_t *)0)->cmdline - 1);
                return EXIT_USAGE;
            }
            o->semihosting_cmdline = v;
        } else if (!strcmp(a, "--timeline")) {
            NEED_VALUE();
            o->timeline = v;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "etsim: unknown option '%s'\n", a);
            usage(stderr);
            return EXIT_USAGE;
        } else if (npos < 2) {
            positional[npos++] = a;
        } else {
            fprintf(stderr, "etsim: too many arguments ('%s')\n", a);
            return EXIT_USAGE;
        }
#undef NEED_VALUE
    }
    if (npos == 0) {
        fprintf(stderr, "etsim: no firmware given\n");
        usage(stderr);
        return EXIT_USAGE;
    }
    if (o->trace_level_given && !o->trace) {
        fprintf(stderr, "etsim: --trace-level needs --trace FILE\n");
        return EXIT_USAGE;
    }
    o->firmware = positional[0];
    o->model = npos > 1 ? positional[1] : NULL;
    if (o->ptd && !o->model) {
        fprintf(stderr, "etsim: --ptd needs a MODEL.pte\n");
        return EXIT_USAGE;
    }
    return -1;
}

/* Read a whole file (model, input, data). */
static uint8_t *read_file(const char *path, uint64_t *size, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0) {
        snprintf(err, errlen, "%s: not a regular file", path);
        fclose(f);
        return NULL;
    }
    long len = ftell(f);
    rewind(f);
    if (len < 0 || len > (1L << 31)) {
        snprintf(err, errlen, "%s: unreadable or larger than 2 GiB", path);
        fclose(f);
        return NULL;
    }
    uint8_t *buf = malloc(len ? (size_t)len : 1);
    if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
        snprintf(err, errlen, "%s: read error", path);
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *size = (uint64_t)len;
    return buf;
}

static bool load_file_at(machine_t *m, const char *path, uint32_t addr, uint64_t *size, char *err,
                         size_t errlen)
{
    uint8_t *buf = read_file(path, size, err, errlen);
    if (!buf)
        return false;
    bool ok = machine_load(m, addr, buf, *size, path, err, errlen);
    free(buf);
    return ok;
}

static void append(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#include <stdarg.h>
static void append(char *buf, size_t cap, const char *fmt, ...)
{
    size_t n = strlen(buf);
    if (n >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
}

/* Load model and inputs; tell the runner where they are (command line). */
static bool load_model_and_inputs(machine_t *m, const options_t *o, run_info_t *ri, char *err,
                                  size_t errlen)
{
    char *cmd = m->semi.cmdline;
    size_t cap = sizeof m->semi.cmdline;
    snprintf(cmd, cap, "%s", o->firmware);
    if (o->model) {
        if (!load_file_at(m, o->model, m->desc.model_address, &ri->model_bytes, err, errlen))
            return false;
        append(cmd, cap, " --model=0x%08x:%llu", m->desc.model_address,
               (unsigned long long)ri->model_bytes);
    }
    if (o->ptd) {
        /* Right after the model, 16-aligned (the runtime reads the .ptd's
         * tensors in place and wants them aligned). */
        uint64_t at = ((uint64_t)m->desc.model_address + ri->model_bytes + 15) & ~15ull;
        uint64_t size;
        if (at > UINT32_MAX) {
            snprintf(err, errlen, "%s: no room after the model", o->ptd);
            return false;
        }
        if (!load_file_at(m, o->ptd, (uint32_t)at, &size, err, errlen))
            return false;
        append(cmd, cap, " --ptd=0x%08x:%llu", (uint32_t)at, (unsigned long long)size);
    }
    uint32_t addr = m->desc.input_address;
    for (int i = 0; i < o->ninputs; i++) {
        uint64_t size;
        if (!load_file_at(m, o->inputs[i], addr, &size, err, errlen))
            return false;
        append(cmd, cap, " --input=0x%08x:%llu", addr, (unsigned long long)size);
        addr += (uint32_t)((size + 15) & ~15ull);
    }
    if (o->model || o->iterations != 1)
        append(cmd, cap, " --iterations=%u", o->iterations);
    if (o->engine_dsp)
        append(cmd, cap, " --engine=dsp");
    if (o->strict)
        append(cmd, cap, " --strict");
    if (o->semihosting_cmdline)   /* the user's, as given (the loads above still happen) */
        snprintf(cmd, cap, "%s", o->semihosting_cmdline);
    return true;
}

static void print_crash(const machine_t *m, enum cpu_stop stop)
{
    const cpu_crash_t *c = &m->cpu->crash;
    char dis[96] = "(instruction could not be fetched)";
    if (c->size)
        isa_disasm(c->raw, c->size, c->pc, dis, sizeof dis);
    const char *kind = stop == STOP_LOCKUP ? "firmware crashed (lockup)"
                     : stop == STOP_DEADLOCK ? "firmware can never run again"
                     : "firmware crashed";
    fprintf(stderr, "etsim: %s: %s\n", kind, c->why ? c->why : "");
    if (stop != STOP_DEADLOCK) {
        fprintf(stderr, "  fault: %s (taken as %s)\n", cpu_fault_name(c->fault),
                cpu_exception_name(c->exception));
        if (c->fault == FAULT_PRECISERR || c->fault == FAULT_UNALIGNED || c->fault == FAULT_DACCVIOL)
            fprintf(stderr, "  address: 0x%08x\n", c->addr);
    }
    if (c->size == 4)
        fprintf(stderr, "  pc: 0x%08x  %04x %04x  %s\n", c->pc, c->raw >> 16, c->raw & 0xFFFFu, dis);
    else if (c->size == 2)
        fprintf(stderr, "  pc: 0x%08x  %04x       %s\n", c->pc, c->raw, dis);
    else
        fprintf(stderr, "  pc: 0x%08x  %s\n", c->pc, dis);
    for (int i = 0; i < 16; i += 4)
        fprintf(stderr, "  r%-2d 0x%08x  r%-2d 0x%08x  r%-2d 0x%08x  r%-2d 0x%08x\n", i, c->r[i], i + 1,
                c->r[i + 1], i + 2, c->r[i + 2], i + 3, c->r[i + 3]);
    fprintf(stderr, "  xpsr 0x%08x  cfsr 0x%08x  hfsr 0x%08x\n", c->xpsr, m->cpu->scb.cfsr,
            m->cpu->scb.hfsr);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* `monitor report` in GDB: the summary of the run so far. */
typedef struct gdb_report_ctx {
    machine_t *m;
    const run_info_t *ri;
} gdb_report_ctx_t;

static void gdb_report(void *ctx, FILE *f)
{
    gdb_report_ctx_t *c = ctx;
    analysis_t an;
    analysis_build(c->m, c->ri, &an);
    report_summary(f, c->m, c->ri, &an);
    analysis_free(&an);
}

static int run(const options_t *o)
{
    char err[1024];
    soc_desc_t desc;
    if (!soc_desc_load(&desc, o->soc, err, sizeof err)) {
        fprintf(stderr, "etsim: %s\n", err);
        return EXIT_USAGE;
    }
    if (o->npu && !soc_desc_set_npu(&desc, o->npu, err, sizeof err)) {
        fprintf(stderr, "etsim: %s\n", err);
        return EXIT_USAGE;
    }
    if (o->engine_dsp && !desc.dsp.present) {
        fprintf(stderr, "etsim: --engine dsp: the SoC %s has no DSP (its \"dsp\" object)\n", desc.name);
        return EXIT_USAGE;
    }
    power_coeffs_t power;
    if (!power_load(&power, o->soc, err, sizeof err)) {
        fprintf(stderr, "etsim: %s\n", err);
        return EXIT_USAGE;
    }
    machine_t *m = machine_create(&desc, o->cpu_mhz, err, sizeof err);
    if (!m) {
        fprintf(stderr, "etsim: %s\n", err);
        return EXIT_USAGE;
    }
    m->strict_mmio = o->strict_mmio;
    m->cpu->exec_interp = o->exec_interp;
    run_info_t ri = {0};
    elf_info_t elf;
    int status = EXIT_USAGE;
    bool ok = !o->semihost_root || semihost_set_root(&m->semi, o->semihost_root, err, sizeof err);
    ok = ok && elf_load(m, o->firmware, &elf, err, sizeof err);
    for (int i = 0; ok && i < o->ndata; i++) {
        uint64_t size;
        ok = load_file_at(m, o->data[i].path, o->data[i].addr, &size, err, sizeof err);
    }
    ok = ok && load_model_and_inputs(m, o, &ri, err, sizeof err);
    if (ok && o->exit_on_eot && !machine_set_exit_on_eot(m)) {
        snprintf(err, sizeof err, "--exit-on-eot: SoC %s has no uart-cmsdk device", m->desc.name);
        ok = false;
    }
    if (!ok) {
        fprintf(stderr, "etsim: %s\n", err);
        machine_destroy(m);
        return EXIT_USAGE;
    }
    semihost_t *s = &m->semi;
    s->heap_base = elf.sym_heap_start;
    s->heap_limit = elf.sym_heap_limit;
    s->stack_base = elf.sym_stack_top;
    s->stack_limit = elf.sym_stack_limit;
    uint32_t entry_off;
    const sim_region_t *code_region = machine_region_at(m, elf.entry, &entry_off);
    power.fetch_region = code_region ? (int)(code_region - m->regions) : -1;
    ram_info_t ram;
    ram_prepare(m, &elf, &ram);
    if (!machine_track_writes(m)) {
        fprintf(stderr, "etsim: out of memory\n");
        machine_destroy(m);
        return EXIT_USAGE;
    }
    power_probe_t probe;
    power_probe_attach(&probe, m);
    /* The instruction trace is opened before the run, so that a file that
     * cannot be written fails at once. */
    itrace_t *itrace = NULL;
    if (o->trace && o->trace_level >= TRACE_LEVEL_INSTRUCTION) {
        itrace = itrace_open(o->trace, m, o->trace_level, err, sizeof err);
        if (!itrace) {
            fprintf(stderr, "etsim: %s\n", err);
            power_probe_free(&probe);
            machine_destroy(m);
            return EXIT_USAGE;
        }
    }

    /* Firmware without profiling-port markers: time ExecuTorch's runtime
     * from its symbols (after the trace, which it chains to). */
    exec_symbols_t *xsym = exec_symbols_open(o->firmware, err, sizeof err);
    if (!xsym && err[0]) {
        fprintf(stderr, "etsim: %s\n", err);
        if (itrace)
            itrace_abort(itrace);
        power_probe_free(&probe);
        machine_destroy(m);
        return EXIT_USAGE;
    }
    if (xsym)
        exec_symbols_attach(xsym, m, &probe);
    gdb_stub_t *gdb = NULL;
    if (o->gdb_port && !(gdb = gdb_open(o->gdb_port, err, sizeof err))) {
        fprintf(stderr, "etsim: %s\n", err);
        if (itrace)
            itrace_abort(itrace);
        exec_symbols_free(xsym);
        power_probe_free(&probe);
        machine_destroy(m);
        return EXIT_USAGE;
    }
    ri.firmware_path = o->firmware;
    ri.model_path = o->model;
    ri.elf = elf;
    ri.iterations = o->iterations;
    ri.runtime_symbols = xsym ? exec_symbols_describe(xsym) : NULL;
    ri.power = &power;
    ri.probe = &probe;

    double t0 = now_seconds();
    enum cpu_stop stop;
    if (!machine_reset(m))
        stop = STOP_LOCKUP;
    else if (gdb) {
        gdb_report_ctx_t rc = {m, &ri};
        stop = gdb_run(gdb, m, o->max_cycles, gdb_report, &rc);
    } else
        stop = cpu_run(m->cpu, o->max_cycles);
    gdb_close(gdb);
    ri.host_seconds = now_seconds() - t0;
    fflush(stdout);
    if (itrace && itrace_error(itrace, err, sizeof err)) {
        /* The trace could not be written (disk full): the run was stopped,
         * so nothing else it would report is true either. */
        fprintf(stderr, "etsim: %s\n", err);
        itrace_abort(itrace);
        exec_symbols_free(xsym);
        power_probe_free(&probe);
        machine_destroy(m);
        return EXIT_USAGE;
    }

    switch (stop) {
    case STOP_EXIT:
        status = m->cpu->exit_code & 0xFF;
        break;
    case STOP_REQUEST:
        fprintf(stderr, "etsim: the debugger ended the run at pc 0x%08x\n", m->cpu->pc);
        status = EXIT_MAX_CYCLES;
        break;
    case STOP_MAX_CYCLES:
        fprintf(stderr, "etsim: --max-cycles reached (%llu cycles) at pc 0x%08x; the firmware did not exit\n",
                (unsigned long long)o->max_cycles, m->cpu->pc);
        status = EXIT_MAX_CYCLES;
        break;
    default:
        print_crash(m, stop);
        status = EXIT_CRASH;
        break;
    }
    ri.exit_code = status;
    ri.runtime_symbols = xsym ? exec_symbols_describe(xsym) : NULL;
    ram_measure(m, o->firmware, &ram);
    ri.ram = &ram;
    analysis_t an;
    analysis_build(m, &ri, &an);
    if (!o->quiet)
        report_summary(stderr, m, &ri, &an);
    /* The instruction trace is finished (or removed) whatever else happens. */
    bool wrote = !itrace || itrace_finish(itrace, m, &ri, &an, err, sizeof err);
    wrote = wrote && (!o->report || report_write_json(o->report, m, &ri, &an, err, sizeof err)) &&
                 (!o->csv || report_write_csv(o->csv, m, &ri, &an, err, sizeof err)) &&
                 (!o->html || report_write_html(o->html, m, &ri, &an, err, sizeof err)) &&
                 (!o->etdump || etdump_write(o->etdump, m, &an, err, sizeof err)) &&
                 (!o->trace || itrace || trace_write(o->trace, m, &ri, &an, err, sizeof err)) &&
                 (!o->timeline || trace_write_timeline(o->timeline, m, &an, err, sizeof err));
    if (!wrote) {
        fprintf(stderr, "etsim: %s\n", err);
        status = status ? status : EXIT_USAGE;
    }
    analysis_free(&an);
    exec_symbols_free(xsym);
    power_probe_free(&probe);
    machine_destroy(m);
    return status;
}

int main(int argc, char **argv)
{
    options_t o;
    int rc = parse_args(argc, argv, &o);
    if (rc < 0)
        rc = run(&o);
    for (int i = 0; i < o.ndata; i++)
        free((char *)o.data[i].path);
    return rc;
}
