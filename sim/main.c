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
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../isa/disasm.h"
#include "../npu/ethosu_device.h"
#include "elf_load.h"
#include "etdump.h"
#include "exec_symbols.h"
#include "file_io.h"
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

/* ---- the options ----------------------------------------------------------
 * One table: each option's spelling, its value, where it goes and its help
 * line; parse_args and usage both read it, so they cannot disagree.  An
 * option whose value needs checking has a parse function: it stores the
 * value or writes the whole message (without "etsim: ") and returns false.
 * A new option: a field in options_t, a row in options[] (in the place
 * its help should take), and a parse_* function unless it is a flag or a
 * path taken as given. */

typedef bool option_parse_fn(options_t *o, const char *value, char *err, size_t errlen);

typedef struct option_def {
    const char *name;         /* "--soc" */
    const char *value;        /* shown in the help ("NAME|FILE.json"); NULL: a flag */
    size_t field;             /* offsetof(options_t, ...): the bool of a flag, or
                                 the const char * a value is stored in as given */
    option_parse_fn *parse;   /* or this checks and stores the value */
    const char *help;         /* lines after the first start with '\n' */
} option_def_t;

#define FIELD(f) offsetof(options_t, f)

static bool parse_cpu_mhz(options_t *o, const char *v, char *err, size_t errlen)
{
    char *end;
    o->cpu_mhz = strtod(v, &end);
    if (*end || !(o->cpu_mhz > 0 && o->cpu_mhz <= 10000)) {
        snprintf(err, errlen, "--cpu-mhz: '%s' is not a clock between 0 and 10000 MHz", v);
        return false;
    }
    return true;
}

static bool parse_npu(options_t *o, const char *v, char *err, size_t errlen)
{
    if (strcmp(v, "none") != 0 && !ethosu_config_find(v)) {
        int n = snprintf(err, errlen, "--npu: '%s' is not none or one of", v);
        for (int k = 0; ethosu_config_names[k] && n >= 0 && (size_t)n < errlen; k++)
            n += snprintf(err + n, errlen - (size_t)n, " %s", ethosu_config_names[k]);
        return false;
    }
    o->npu = v;
    return true;
}

static bool parse_gdb(options_t *o, const char *v, char *err, size_t errlen)
{
    if (!gdb_parse_port(v, &o->gdb_port)) {
        snprintf(err, errlen, "--gdb: '%s' is not PORT or :PORT (1-65535)", v);
        return false;
    }
    return true;
}

static bool parse_engine(options_t *o, const char *v, char *err, size_t errlen)
{
    if (strcmp(v, "cpu") != 0 && strcmp(v, "dsp") != 0) {
        snprintf(err, errlen, "--engine: '%s' is not cpu or dsp", v);
        return false;
    }
    o->engine_dsp = !strcmp(v, "dsp");
    return true;
}

static bool parse_exec(options_t *o, const char *v, char *err, size_t errlen)
{
    if (strcmp(v, "block") != 0 && strcmp(v, "interp") != 0) {
        snprintf(err, errlen, "--exec: '%s' is not block or interp", v);
        return false;
    }
    o->exec_interp = !strcmp(v, "interp");
    return true;
}

static bool parse_max_cycles(options_t *o, const char *v, char *err, size_t errlen)
{
    if (!parse_u64(v, &o->max_cycles) || o->max_cycles == 0) {
        snprintf(err, errlen, "--max-cycles: '%s' is not a positive number", v);
        return false;
    }
    return true;
}

static bool parse_data(options_t *o, const char *v, char *err, size_t errlen)
{
    const char *at = strrchr(v, '@');
    uint64_t addr;
    if (!at || at == v || !parse_u64(at + 1, &addr) || addr > UINT32_MAX) {
        snprintf(err, errlen, "--data: '%s' is not FILE@ADDR", v);
        return false;
    }
    if (o->ndata == MAX_DATA) {
        snprintf(err, errlen, "at most %d --data options", MAX_DATA);
        return false;
    }
    char *path = strndup(v, (size_t)(at - v));
    if (!path) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    o->data[o->ndata].path = path;
    o->data[o->ndata++].addr = (uint32_t)addr;
    return true;
}

static bool parse_input(options_t *o, const char *v, char *err, size_t errlen)
{
    if (o->ninputs == MAX_INPUTS) {
        snprintf(err, errlen, "at most %d --input options", MAX_INPUTS);
        return false;
    }
    o->inputs[o->ninputs++] = v;
    return true;
}

static bool parse_iterations(options_t *o, const char *v, char *err, size_t errlen)
{
    uint64_t n;
    if (!parse_u64(v, &n) || n == 0 || n > 1000000) {
        snprintf(err, errlen, "--iterations: '%s' is not a number from 1 to 1000000", v);
        return false;
    }
    o->iterations = (unsigned)n;
    return true;
}

static bool parse_trace_level(options_t *o, const char *v, char *err, size_t errlen)
{
    static const struct { const char *name; int level; } levels[] = {
        {"op", TRACE_LEVEL_OPERATOR}, {"insn", TRACE_LEVEL_INSTRUCTION}, {"mem", TRACE_LEVEL_MEMORY}};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        if (!strcmp(v, levels[i].name)) {
            o->trace_level = levels[i].level;
            o->trace_level_given = true;
            return true;
        }
    }
    snprintf(err, errlen, "--trace-level: '%s' is not op, insn or mem", v);
    return false;
}

static bool parse_cmdline(options_t *o, const char *v, char *err, size_t errlen)
{
    size_t cap = sizeof ((semihost_t *)0)->cmdline;
    if (strlen(v) >= cap) {
        snprintf(err, errlen, "--semihosting-cmdline: longer than %zu bytes", cap - 1);
        return false;
    }
    o->semihosting_cmdline = v;
    return true;
}

/* In the order of the help. */
static const option_def_t options[] = {
    {"--soc", "NAME|FILE.json", FIELD(soc), NULL, "SoC description (default an547; see --print-soc)"},
    {"--cpu-mhz", "N", 0, parse_cpu_mhz, "core clock in MHz (default: the SoC's)"},
    {"--npu", "CONFIG|none", 0, parse_npu,
     "NPU: ethos-u55-32, -64, -128, -256 or none (default: the SoC's)"},
    {"--max-cycles", "N", 0, parse_max_cycles, "stop with status 4 after N cycles (default 4e9)"},
    {"--exec", "block|interp", 0, parse_exec,
     "block: block-level timing (default); interp: the per-instruction\n"
     "core, the reference (same cycles, reports and traces)"},
    {"--data", "FILE@ADDR", 0, parse_data, "load a raw file into memory at ADDR"},
    {"--input", "FILE", 0, parse_input, "raw bytes of the model's next input"},
    {"--ptd", "FILE.ptd", FIELD(ptd), NULL,
     "the model's external tensor data, placed after it (16-aligned)"},
    {"--iterations", "N", 0, parse_iterations, "inferences for the runner to make (default 1)"},
    {"--engine", "cpu|dsp", 0, parse_engine,
     "where the runner runs the operators that have a DSP kernel (default cpu)"},
    {"--report", "FILE.json", FIELD(report), NULL, "write the etsim-report/1 JSON report"},
    {"--csv", "FILE", FIELD(csv), NULL, "per-operator table as CSV"},
    {"--html", "FILE", FIELD(html), NULL, "one self-contained HTML page with charts"},
    {"--etdump", "FILE.etdp", FIELD(etdump), NULL,
     "the operator calls as an ExecuTorch ETDump (docs/etdump.md)"},
    {"--trace", "FILE", FIELD(trace), NULL, "binary trace (docs/trace.md; read it with etsim-trace)"},
    {"--trace-level", "op|insn|mem", 0, parse_trace_level,
     "op: operators and inferences (default); insn: also every\n"
     "instruction with its cycles and the registers it changed;\n"
     "mem: also every data memory access (address, bytes, stalls)"},
    {"--timeline", "FILE", FIELD(timeline), NULL,
     "Chrome trace-event JSON timeline (Perfetto, chrome://tracing)"},
    {"--semihost-root", "DIR", FIELD(semihost_root), NULL,
     "semihosting file access confined to DIR (default: the\n"
     "working directory; / allows every file, as QEMU)"},
    {"--gdb", "[:]PORT", 0, parse_gdb, "wait for GDB on 127.0.0.1:PORT before reset (docs/gdb.md)"},
    {"--exit-on-eot", NULL, FIELD(exit_on_eot), NULL,
     "end with status 0 when UART0 prints EOT (0x04), as the FVP's\n"
     "-C mps3_board.uart0.shutdown_on_eot=1"},
    {"--semihosting-cmdline", "STRING", 0, parse_cmdline,
     "what SYS_GET_CMDLINE returns (default: the firmware\n"
     "path and the model/input addresses), as the FVP's\n"
     "-C cpu0.semihosting-cmd_line=STRING"},
    {"--strict-mmio", NULL, FIELD(strict_mmio), NULL,
     "an undocumented offset of a known device is a bus error\n"
     "(default: accepted, reads zero, logged once per device)"},
    {"--strict", NULL, FIELD(strict), NULL,
     "the runner refuses what upstream ExecuTorch refuses (runtime/README.md)"},
    {"-q", NULL, FIELD(quiet), NULL, "no summary on stderr"},
};

#define HELP_COLUMN 25

static void usage(FILE *f)
{
    fputs("usage: etsim [options] FIRMWARE.elf [MODEL.pte]\n", f);
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        const option_def_t *d = &options[i];
        int n = fprintf(f, "  %s%s%s", d->name, d->value ? " " : "", d->value ? d->value : "");
        /* Help beside the option, or two spaces after a long one. */
        fprintf(f, "%*s", n < HELP_COLUMN - 1 ? HELP_COLUMN - n : 2, "");
        for (const char *h = d->help; *h;) {
            size_t len = strcspn(h, "\n");
            fprintf(f, "%.*s\n", (int)len, h);
            h += len;
            if (*h == '\n' && *++h)
                fprintf(f, "%*s", HELP_COLUMN, "");
        }
    }
    fputs("  --print-soc [NAME]     print a built-in SoC description as JSON and exit\n"
          "  -h, --help             this help\n"
          "exit status: the firmware's; 2 usage or bad input; 3 firmware crash; 4 max cycles\n",
          f);
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

static const option_def_t *find_option(const char *name)
{
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        if (!strcmp(options[i].name, name))
            return &options[i];
    return NULL;
}

/* One option at argv[*i] (advanced past its value).  Returns false with
 * the message in err. */
static bool parse_option(const option_def_t *d, int argc, char **argv, int *i, options_t *o, char *err,
                         size_t errlen)
{
    if (!d->value) {
        *(bool *)((char *)o + d->field) = true;
        return true;
    }
    if (*i + 1 >= argc) {
        snprintf(err, errlen, "%s needs a value", d->name);
        return false;
    }
    const char *v = argv[++*i];
    if (d->parse)
        return d->parse(o, v, err, errlen);
    *(const char **)((char *)o + d->field) = v;
    return true;
}

/* Fills o, or returns an exit status in *status (help, --print-soc, a
 * usage error): false. */
static bool parse_args(int argc, char **argv, options_t *o, int *status)
{
    memset(o, 0, sizeof *o);
    o->soc = "an547";
    o->max_cycles = DEFAULT_MAX_CYCLES;
    o->iterations = 1;
    *status = EXIT_USAGE;
    const char *positional[2];
    int npos = 0;
    char err[512];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const option_def_t *d = find_option(a);
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            *status = 0;
            return false;
        } else if (!strcmp(a, "--print-soc")) {
            const char *v = i + 1 < argc ? argv[i + 1] : NULL;
            *status = print_soc(v && v[0] != '-' ? v : "an547");
            return false;
        } else if (d) {
            if (!parse_option(d, argc, argv, &i, o, err, sizeof err)) {
                fprintf(stderr, "etsim: %s\n", err);
                return false;
            }
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "etsim: unknown option '%s'\n", a);
            usage(stderr);
            return false;
        } else if (npos < 2) {
            positional[npos++] = a;
        } else {
            fprintf(stderr, "etsim: too many arguments ('%s')\n", a);
            return false;
        }
    }
    if (npos == 0) {
        fprintf(stderr, "etsim: no firmware given\n");
        usage(stderr);
        return false;
    }
    if (o->trace_level_given && !o->trace) {
        fprintf(stderr, "etsim: --trace-level needs --trace FILE\n");
        return false;
    }
    o->firmware = positional[0];
    o->model = npos > 1 ? positional[1] : NULL;
    if (o->ptd && !o->model) {
        fprintf(stderr, "etsim: --ptd needs a MODEL.pte\n");
        return false;
    }
    return true;
}

static bool load_file_at(machine_t *m, const char *path, uint32_t addr, uint64_t *size, char *err,
                         size_t errlen)
{
    file_data_t f;
    if (!file_read(path, 1ull << 31, "a file to load", &f, err, errlen))
        return false;
    *size = f.size;
    bool ok = machine_load(m, addr, f.bytes, f.size, path, err, errlen);
    file_data_free(&f);
    return ok;
}

static void append(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

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
    report_summary(f, &an);
    analysis_free(&an);
}

/* The SoC description of --soc and --npu, and its power coefficients. */
static bool load_soc(const options_t *o, soc_desc_t *desc, power_coeffs_t *power, char *err, size_t errlen)
{
    if (!soc_desc_load_with_power(desc, power, o->soc, err, errlen))
        return false;
    if (o->npu && !soc_desc_set_npu(desc, o->npu, err, errlen))
        return false;
    if (o->engine_dsp && !desc->dsp.present) {
        snprintf(err, errlen, "--engine dsp: the SoC %s has no DSP (its \"dsp\" object)", desc->name);
        return false;
    }
    return true;
}

/* Everything a run holds; run_free releases it whatever the run reached. */
typedef struct run_state {
    machine_t *m;
    elf_info_t elf;
    elf_tables_t elf_tables;
    power_coeffs_t power;
    power_probe_t probe;
    ram_info_t ram;
    itrace_t *itrace;          /* --trace-level insn|mem; NULL once finished */
    exec_symbols_t *xsym;
    gdb_stub_t *gdb;
    run_info_t ri;
} run_state_t;

/* What the process's exit would not do for a run: remove an unfinished
 * trace and close the debugger's socket now. */
static void run_close(run_state_t *r)
{
    itrace_abort(r->itrace);
    r->itrace = NULL;
    gdb_close(r->gdb);
    r->gdb = NULL;
}

static void run_free(run_state_t *r)
{
    run_close(r);
    exec_symbols_free(r->xsym);
    power_probe_free(&r->probe);
    elf_tables_free(&r->elf_tables);
    machine_destroy(r->m);
}

/* The machine with the firmware, model and inputs loaded and every
 * observer attached, ready for reset. */
static bool prepare(const options_t *o, run_state_t *r, char *err, size_t errlen)
{
    soc_desc_t desc;
    if (!load_soc(o, &desc, &r->power, err, errlen) ||
        !(r->m = machine_create(&desc, o->cpu_mhz, err, errlen)))
        return false;
    machine_t *m = r->m;
    m->strict_mmio = o->strict_mmio;
    m->cpu->exec_interp = o->exec_interp;
    bool ok = !o->semihost_root || semihost_set_root(&m->semi, o->semihost_root, err, errlen);
    ok = ok && elf_load(m, o->firmware, &r->elf, &r->elf_tables, err, errlen);
    for (int i = 0; ok && i < o->ndata; i++) {
        uint64_t size;
        ok = load_file_at(m, o->data[i].path, o->data[i].addr, &size, err, errlen);
    }
    ok = ok && load_model_and_inputs(m, o, &r->ri, err, errlen);
    if (ok && o->exit_on_eot && !machine_set_exit_on_eot(m)) {
        snprintf(err, errlen, "--exit-on-eot: SoC %s has no uart-cmsdk device", m->desc.name);
        ok = false;
    }
    if (!ok)
        return false;
    semihost_t *s = &m->semi;
    s->heap_base = r->elf.sym_heap_start;
    s->heap_limit = r->elf.sym_heap_limit;
    s->stack_base = r->elf.sym_stack_top;
    s->stack_limit = r->elf.sym_stack_limit;
    uint32_t entry_off;
    const sim_region_t *code_region = machine_region_at(m, r->elf.entry, &entry_off);
    r->power.fetch_region = code_region ? (int)(code_region - m->regions) : -1;
    ram_prepare(m, &r->elf, &r->ram);
    if (!machine_track_writes(m)) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    power_probe_attach(&r->probe, m);
    /* The instruction trace is opened before the run, so that a file that
     * cannot be written fails at once. */
    if (o->trace && o->trace_level >= TRACE_LEVEL_INSTRUCTION &&
        !(r->itrace = itrace_open(o->trace, m, o->trace_level, err, errlen)))
        return false;
    /* Firmware without profiling-port markers: time ExecuTorch's runtime
     * from its symbols (after the trace, which it chains to). */
    r->xsym = exec_symbols_open(&r->elf_tables, err, errlen);
    if (!r->xsym && err[0])
        return false;
    if (r->xsym)
        exec_symbols_attach(r->xsym, m, &r->probe);
    if (o->gdb_port && !(r->gdb = gdb_open(o->gdb_port, err, errlen)))
        return false;
    r->ri.firmware_path = o->firmware;
    r->ri.model_path = o->model;
    r->ri.elf = r->elf;
    r->ri.iterations = o->iterations;
    r->ri.runtime_symbols = r->xsym ? exec_symbols_describe(r->xsym) : NULL;
    r->ri.power = &r->power;
    r->ri.probe = &r->probe;
    return true;
}

/* The exit status of how the run stopped, with its message. */
static int stop_status(const options_t *o, const machine_t *m, enum cpu_stop stop)
{
    switch (stop) {
    case STOP_EXIT:
        return m->cpu->exit_code & 0xFF;
    case STOP_REQUEST:
        fprintf(stderr, "etsim: the debugger ended the run at pc 0x%08x\n", m->cpu->pc);
        return EXIT_MAX_CYCLES;
    case STOP_MAX_CYCLES:
        fprintf(stderr, "etsim: --max-cycles reached (%llu cycles) at pc 0x%08x; the firmware did not exit\n",
                (unsigned long long)o->max_cycles, m->cpu->pc);
        return EXIT_MAX_CYCLES;
    default:
        print_crash(m, stop);
        return EXIT_CRASH;
    }
}

/* The summary and every output file asked for.  False with err when one
 * could not be written. */
static bool write_outputs(const options_t *o, run_state_t *r, const analysis_t *an, char *err, size_t errlen)
{
    machine_t *m = r->m;
    const run_info_t *ri = &r->ri;
    if (!o->quiet)
        report_summary(stderr, an);
    /* The instruction trace is finished (or removed) whatever else happens. */
    itrace_t *itrace = r->itrace;
    r->itrace = NULL;
    bool wrote = !itrace || itrace_finish(itrace, m, ri, an, err, errlen);
    return wrote && (!o->report || report_write_json(o->report, an, err, errlen)) &&
           (!o->csv || report_write_csv(o->csv, an, err, errlen)) &&
           (!o->html || report_write_html(o->html, an, err, errlen)) &&
           (!o->etdump || etdump_write(o->etdump, m, an, err, errlen)) &&
           (!o->trace || itrace || trace_write(o->trace, m, ri, an, err, errlen)) &&
           (!o->timeline || trace_write_timeline(o->timeline, m, an, err, errlen));
}

/* The run from loading to the outputs; returns the exit status.  Whatever
 * it returns from, run() frees what r holds. */
static int run_to_end(const options_t *o, run_state_t *r)
{
    char err[1024] = "";
    if (!prepare(o, r, err, sizeof err)) {
        fprintf(stderr, "etsim: %s\n", err);
        return EXIT_USAGE;
    }
    machine_t *m = r->m;
    double t0 = now_seconds();
    enum cpu_stop stop;
    if (!machine_reset(m))
        stop = STOP_LOCKUP;
    else if (r->gdb) {
        gdb_report_ctx_t rc = {m, &r->ri};
        stop = gdb_run(r->gdb, m, o->max_cycles, gdb_report, &rc);
    } else
        stop = cpu_run(m->cpu, o->max_cycles);
    gdb_close(r->gdb);
    r->gdb = NULL;
    r->ri.host_seconds = now_seconds() - t0;
    fflush(stdout);
    if (r->itrace && itrace_error(r->itrace, err, sizeof err)) {
        /* The trace could not be written (disk full): the run was stopped,
         * so nothing else it would report is true either. */
        fprintf(stderr, "etsim: %s\n", err);
        return EXIT_USAGE;
    }
    int status = stop_status(o, m, stop);
    r->ri.exit_code = status;
    r->ri.runtime_symbols = r->xsym ? exec_symbols_describe(r->xsym) : NULL;
    ram_measure(m, &r->elf_tables, &r->ram);
    r->ri.ram = &r->ram;
    analysis_t an;
    analysis_build(m, &r->ri, &an);
    if (!write_outputs(o, r, &an, err, sizeof err)) {
        fprintf(stderr, "etsim: %s\n", err);
        status = status ? status : EXIT_USAGE;
    }
    analysis_free(&an);
    return status;
}

/* Whether run() leaves the run's memory to the process's exit.  Freeing
 * it first (machine_destroy(): some thirty munmap() calls, the block and
 * instruction tables, the regions) cost a short run 0.2 ms of its
 * 2.7 ms, which the exit, unmapping everything at once, does not.
 * Builds with AddressSanitizer free everything, so that every CLI test
 * run by them leak-checks the library's teardown as before. */
#if defined(__SANITIZE_ADDRESS__)
#define EXIT_RELEASES_RUN 0
#else
#define EXIT_RELEASES_RUN 1
#endif

static int run(const options_t *o)
{
    run_state_t r = {0};
    int status = run_to_end(o, &r);
    if (!EXIT_RELEASES_RUN) {
        run_free(&r);
        return status;
    }
    /* The firmware's semihosting files are closed too (fclose), so that
     * what it wrote is complete whatever the exit does with them. */
    run_close(&r);
    if (r.m)
        semihost_close_all(&r.m->semi);
    return status;
}

int main(int argc, char **argv)
{
    options_t o;
    int rc;
    if (parse_args(argc, argv, &o, &rc))
        rc = run(&o);
    for (int i = 0; i < o.ndata; i++)
        free((char *)o.data[i].path);
    return rc;
}
