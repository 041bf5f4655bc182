/* ExecuTorch's runtime found by its symbols, timed from outside: see
 * sim/exec_symbols.h and docs/report.md.  Covered: the C++ runtime as in
 * upstream commit cff6f4dd (namespace executorch::runtime,
 * Method::execute() and Method::execute_instruction(), the kernel registry
 * registered_kernels_data[] of struct Kernel {name_, kernel_key_, op_}),
 * the runners of ../shared/models/upstream-runner. */
#include "exec_symbols.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../firmware/include/etsim_profport.h"

#define SYM_EXECUTE "_ZN10executorch7runtime6Method7executeEv"
#define SYM_STEP "_ZN10executorch7runtime6Method19execute_instructionEv"
#define SYM_NUM_KERNELS "_ZN10executorch7runtime12_GLOBAL__N_122num_registered_kernelsE"
#define SYM_KERNELS "_ZN10executorch7runtime12_GLOBAL__N_123registered_kernels_dataE"
/* struct Kernel { const char *name_; KernelKey kernel_key_; OpFunction op_; } */
#define KERNEL_BYTES 12u
#define KERNEL_OP_OFFSET 8u
#define MAX_KERNELS 4096u
#define MAX_DELEGATES 32u
/* A bitmap over PC bits [16:1]: most instructions are dismissed by one
 * bit test; a set bit is checked exactly. */
#define FILTER_BITS 65536u

typedef struct target {
    uint32_t pc;
    char name[PROFPORT_NAME_LEN];
    uint32_t engine;
} target_t;

/* A function being executed: where it returns to, with which SP. */
typedef struct frame {
    bool active;
    uint32_t ret, sp;
} frame_t;

struct exec_symbols {
    uint32_t execute_pc, step_pc;
    uint32_t num_kernels_addr, kernels_addr, kernels_size;
    target_t *targets;             /* kernels (read at the first inference) and delegates */
    uint32_t ntargets, ndelegates;
    bool registry_read;
    uint8_t filter[FILTER_BITS / 8];
    frame_t execute, step;
    bool step_named;               /* the current instruction called a kernel or delegate */
    uint32_t iteration, op_index;
    machine_t *m;
    power_probe_t *probe;
    void (*prev)(void *ctx, const cpu_t *cpu, uint32_t pc, const struct insn *in);
    /* Events we recorded; more in the port means the firmware marks its
     * own inferences: then we stand down (no double marks). */
    uint32_t recorded;
    bool stood_down;
    char describe[160];
};

static void filter_add(exec_symbols_t *x, uint32_t pc)
{
    uint32_t b = (pc >> 1) & (FILTER_BITS - 1);
    x->filter[b >> 3] |= (uint8_t)(1u << (b & 7));
}

static bool filter_has(const exec_symbols_t *x, uint32_t pc)
{
    uint32_t b = (pc >> 1) & (FILTER_BITS - 1);
    return x->filter[b >> 3] & (1u << (b & 7));
}

/* A backend's execute(): BackendInterface::execute(BackendExecutionContext&,
 * DelegateHandle*, Span<EValue*>) const, overridden by each backend class
 * (e.g. EthosUBackend).  Its name for the report: "Class::execute". */
bool exec_symbols_delegate_name(const char *mangled, char *out, size_t cap)
{
    if (strncmp(mangled, "_ZNK", 4) != 0 || !strstr(mangled, "7executeER") ||
        !strstr(mangled, "23BackendExecutionContext"))
        return false;
    /* Nested name: <len><id>... ; the component before "7execute" is the class. */
    const char *p = mangled + 4, *cls = NULL;
    size_t cls_len = 0;
    while (*p >= '0' && *p <= '9') {
        char *end;
        unsigned long n = strtoul(p, &end, 10);
        if (n == 0 || strlen(end) < n)
            return false;
        if (n == 7 && strncmp(end, "execute", 7) == 0)
            break;
        cls = end;
        cls_len = n;
        p = end + n;
    }
    if (!cls || (cls_len == 16 && strncmp(cls, "BackendInterface", 16) == 0))
        return false;
    snprintf(out, cap, "%.*s::execute", (int)cls_len, cls);
    return true;
}

static bool add_target(exec_symbols_t *x, uint32_t pc, const char *name, uint32_t engine)
{
    if (x->ntargets % 64 == 0) {
        target_t *t = realloc(x->targets, (x->ntargets + 64) * sizeof *t);
        if (!t)
            return false;
        x->targets = t;
    }
    target_t *t = &x->targets[x->ntargets++];
    t->pc = pc & ~1u;
    snprintf(t->name, sizeof t->name, "%s", name);
    t->engine = engine;
    filter_add(x, t->pc);
    return true;
}

static bool read_symbols(exec_symbols_t *x, const elf_tables_t *elf)
{
    for (size_t i = 0; i < elf->nsymbols; i++) {
        const elf_symbol_t *s = &elf->symbols[i];
        const char *name = s->name;
        if (strncmp(name, "_Z", 2) != 0)
            continue;
        uint32_t v = s->value;
        char dname[PROFPORT_NAME_LEN];
        if (!strcmp(name, SYM_EXECUTE))
            x->execute_pc = v & ~1u;
        else if (!strcmp(name, SYM_STEP))
            x->step_pc = v & ~1u;
        else if (!strcmp(name, SYM_NUM_KERNELS))
            x->num_kernels_addr = v;
        else if (!strcmp(name, SYM_KERNELS)) {
            x->kernels_addr = v;
            x->kernels_size = s->size;
        } else if (s->type == STT_FUNC && x->ndelegates < MAX_DELEGATES &&
                   exec_symbols_delegate_name(name, dname, sizeof dname)) {
            /* An NPU backend's operators run on the NPU. */
            uint32_t engine = strstr(dname, "EthosU") ? ETSIM_ENGINE_NPU : ETSIM_ENGINE_CPU;
            if (!add_target(x, v, dname, engine))
                return false;
            x->ndelegates++;
        }
    }
    return true;
}

exec_symbols_t *exec_symbols_open(const elf_tables_t *elf, char *err, size_t errlen)
{
    err[0] = '\0';
    exec_symbols_t *x = calloc(1, sizeof *x);
    if (!x || !read_symbols(x, elf)) {
        snprintf(err, errlen, "out of memory");
        exec_symbols_free(x);
        return NULL;
    }
    if (!x->execute_pc) {
        exec_symbols_free(x);   /* no runtime recognised: not an error */
        return NULL;
    }
    /* Without the per-instruction step (inlined by LTO, say) the
     * inferences are still timed, without operators. */
    filter_add(x, x->execute_pc);
    if (x->step_pc)
        filter_add(x, x->step_pc);
    snprintf(x->describe, sizeof x->describe, "ExecuTorch C++ runtime: Method::execute%s%s%s",
             x->step_pc ? ", Method::execute_instruction" : " (no Method::execute_instruction: no operators)",
             x->kernels_addr && x->num_kernels_addr ? ", kernel registry" : "",
             x->ndelegates ? ", backend execute" : "");
    return x;
}

void exec_symbols_free(exec_symbols_t *x)
{
    if (!x)
        return;
    free(x->targets);
    free(x);
}

const char *exec_symbols_describe(const exec_symbols_t *x)
{
    return x->stood_down ? NULL : x->describe;
}

/* The registry is filled by static constructors before main(); it is read
 * once, at the first inference. */
static void read_registry(exec_symbols_t *x)
{
    x->registry_read = true;
    uint32_t n;
    if (!x->kernels_addr || !x->num_kernels_addr || !machine_read_bytes(x->m, x->num_kernels_addr, &n, 4))
        return;
    if (n > x->kernels_size / KERNEL_BYTES)
        n = x->kernels_size / KERNEL_BYTES;
    if (n > MAX_KERNELS)
        n = MAX_KERNELS;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k[KERNEL_BYTES / 4];
        char name[PROFPORT_NAME_LEN];
        if (!machine_read_bytes(x->m, x->kernels_addr + i * KERNEL_BYTES, k, sizeof k) ||
            !machine_read_string(x->m, k[0], name, sizeof name))
            continue;
        if (!add_target(x, k[KERNEL_OP_OFFSET / 4], name, ETSIM_ENGINE_CPU))
            return;
    }
}

static const target_t *find_target(const exec_symbols_t *x, uint32_t pc)
{
    for (uint32_t i = 0; i < x->ntargets; i++)
        if (x->targets[i].pc == pc)
            return &x->targets[i];
    return NULL;
}

/* Record an event as the profiling port does (cycle and instret now, a
 * power snapshot, the RAM scan at an inference end). */
static void record(exec_symbols_t *x, uint32_t code, uint32_t a0, uint32_t a2, const char *name)
{
    profport_t *p = &x->m->prof;
    uint32_t before = p->nevents;
    p->arg[0] = a0;
    p->arg[1] = 0;
    p->arg[2] = a2;
    profport_record(x->m, code);
    if (p->nevents == before)
        return;
    x->recorded = p->nevents;
    if (name)
        snprintf(p->events[p->nevents - 1].name, PROFPORT_NAME_LEN, "%s", name);
    if (x->probe)
        power_probe_sync(x->probe);
    if (code == ETSIM_EV_INFER_END && x->m->tracking_writes)
        machine_scan_writes(x->m);
}

/* Take back an OP_BEGIN: the instruction called no kernel (a move, a
 * jump or a free of the runtime's own). */
static void unrecord(exec_symbols_t *x)
{
    profport_t *p = &x->m->prof;
    if (p->nevents && p->events[p->nevents - 1].code == ETSIM_EV_OP_BEGIN) {
        p->nevents--;
        x->recorded = p->nevents;
        if (x->probe && x->probe->nsnaps > p->nevents)
            x->probe->nsnaps = p->nevents;
    }
}

static bool returned(const frame_t *f, const cpu_t *cpu, uint32_t pc)
{
    return f->active && pc == f->ret && cpu->r[13] == f->sp;
}

static void enter(exec_symbols_t *x, frame_t *f, const cpu_t *cpu)
{
    f->active = true;
    f->ret = cpu->r[14] & ~1u;
    f->sp = cpu->r[13];
    filter_add(x, f->ret);
}

static void at_watched_pc(exec_symbols_t *x, const cpu_t *cpu, uint32_t pc)
{
    if (x->m->prof.nevents != x->recorded) {
        x->stood_down = true;   /* the firmware has profiling-port markers */
        return;
    }
    if (returned(&x->step, cpu, pc)) {
        x->step.active = false;
        if (x->step_named)
            record(x, ETSIM_EV_OP_END, x->op_index++, 0, NULL);
        else
            unrecord(x);
    }
    if (returned(&x->execute, cpu, pc)) {
        x->execute.active = false;
        record(x, ETSIM_EV_INFER_END, x->iteration++, 0, NULL);
    }
    if (pc == x->execute_pc && !x->execute.active) {
        if (!x->registry_read)
            read_registry(x);
        enter(x, &x->execute, cpu);
        x->op_index = 0;
        record(x, ETSIM_EV_INFER_BEGIN, x->iteration, 0, NULL);
    } else if (x->step_pc && pc == x->step_pc && x->execute.active && !x->step.active) {
        enter(x, &x->step, cpu);
        x->step_named = false;
        record(x, ETSIM_EV_OP_BEGIN, x->op_index, ETSIM_ENGINE_CPU, "?");
    } else if (x->step.active && !x->step_named) {
        const target_t *t = find_target(x, pc);
        profport_t *p = &x->m->prof;
        if (t && p->nevents && p->events[p->nevents - 1].code == ETSIM_EV_OP_BEGIN) {
            profport_event_t *e = &p->events[p->nevents - 1];
            snprintf(e->name, sizeof e->name, "%s", t->name);
            e->arg[2] = t->engine;
            x->step_named = true;
        }
    }
}

static void on_insn(void *ctx, const cpu_t *cpu, uint32_t pc, const struct insn *in)
{
    machine_t *m = ctx;
    exec_symbols_t *x = m->exec_symbols;
    if (x->prev)
        x->prev(ctx, cpu, pc, in);
    uint32_t next = cpu->pc;
    if (filter_has(x, next) && !x->stood_down)
        at_watched_pc(x, cpu, next);
}

void exec_symbols_attach(exec_symbols_t *x, machine_t *m, power_probe_t *probe)
{
    x->m = m;
    x->probe = probe;
    x->prev = m->cpu->hooks.on_insn;
    m->exec_symbols = x;
    m->cpu->hooks.on_insn = on_insn;
}
