/* etsim-trace: read the binary traces etsim --trace writes (docs/trace.md).
 *
 *   etsim-trace dump TRACE                  every record
 *   etsim-trace summary TRACE               per-operator means per inference
 *   etsim-trace diff A B [--tolerance PCT]  0: B within PCT % of A (cycles and
 *                                           energy, per operator and in total);
 *                                           1: something moved (printed);
 *                                           2: bad input or usage
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/trace.h"

#define EXIT_MOVED 1
#define EXIT_BAD 2

static const char *engine_name(unsigned e)
{
    return e == 1 ? "npu" : e == 2 ? "dsp" : "cpu";
}

static void print_header(const char *path, const trace_t *t)
{
    printf("%s: etsim trace v%u, %s level, soc %s @ %.3f MHz, model %s, firmware %s, %u records, "
           "run %llu cycles, energy %s\n",
           path, t->version, t->level ? "instruction" : "operator", t->strings[0], t->cpu_khz / 1000.0,
           t->strings[1][0] ? t->strings[1] : "-", t->strings[2], t->nrecs, (unsigned long long)t->run_cycles,
           t->flags & TRACE_FLAG_ENERGY ? "yes" : "no");
}

static void print_energy(uint64_t pj)
{
    if (pj == TRACE_NO_ENERGY)
        printf("%12s", "-");
    else
        printf("%12.3f", pj / 1e6);
}

static int cmd_dump(const char *path, const trace_t *t)
{
    print_header(path, t);
    printf("%-5s %-4s %-5s %-44s %-6s %12s %12s %12s %12s\n", "kind", "iter", "index", "name", "engine", "start",
           "cycles", "instructions", "energy uJ");
    for (uint32_t i = 0; i < t->nrecs; i++) {
        const trace_rec_t *r = &t->recs[i];
        bool op = r->kind == TRACE_REC_OPERATOR;
        printf("%-5s %-4u %-5u %-44s %-6s %12llu %12llu %12llu ", op ? "op" : "infer", r->iteration, r->index,
               op ? t->strings[r->name] : "-", op ? engine_name(r->engine) : "-", (unsigned long long)r->start,
               (unsigned long long)r->cycles, (unsigned long long)r->instret);
        print_energy(r->energy_pj);
        printf("\n");
    }
    return 0;
}

/* Per operator index: means over the inferences. */
typedef struct agg {
    const char *name;
    unsigned engine;
    double cycles, energy;
    uint32_t calls;
    bool energy_known;
} agg_t;

typedef struct summary {
    agg_t *ops;
    uint32_t nops;
    uint32_t iterations;
    double cycles, energy;
    bool energy_known;
} summary_t;

static bool summarise(const trace_t *t, summary_t *s)
{
    memset(s, 0, sizeof *s);
    s->energy_known = (t->flags & TRACE_FLAG_ENERGY) != 0;
    for (uint32_t i = 0; i < t->nrecs; i++) {
        const trace_rec_t *r = &t->recs[i];
        if (r->kind == TRACE_REC_INFERENCE) {
            s->iterations++;
            s->cycles += (double)r->cycles;
            s->energy += r->energy_pj == TRACE_NO_ENERGY ? 0 : (double)r->energy_pj;
            continue;
        }
        if (r->index >= 65536)
            continue;
        if (r->index >= s->nops) {
            agg_t *n = realloc(s->ops, (r->index + 1) * sizeof *n);
            if (!n)
                return false;
            memset(n + s->nops, 0, (r->index + 1 - s->nops) * sizeof *n);
            s->ops = n;
            s->nops = r->index + 1;
        }
        agg_t *a = &s->ops[r->index];
        a->name = t->strings[r->name];
        a->engine = r->engine;
        a->cycles += (double)r->cycles;
        a->energy_known = r->energy_pj != TRACE_NO_ENERGY;
        a->energy += a->energy_known ? (double)r->energy_pj : 0;
        a->calls++;
    }
    double n = s->iterations ? s->iterations : 1;
    s->cycles /= n;
    s->energy /= n;
    for (uint32_t i = 0; i < s->nops; i++) {
        s->ops[i].cycles /= n;
        s->ops[i].energy /= n;
    }
    return true;
}

static int cmd_summary(const char *path, const trace_t *t)
{
    summary_t s;
    if (!summarise(t, &s)) {
        fprintf(stderr, "etsim-trace: out of memory\n");
        return EXIT_BAD;
    }
    print_header(path, t);
    printf("inferences %u, mean %.0f cycles = %.3f ms", s.iterations, s.cycles,
           t->cpu_khz ? s.cycles / t->cpu_khz : 0.0);
    if (s.energy_known)
        printf(", %.3f uJ", s.energy / 1e6);
    printf("\n%-5s %-44s %-6s %12s %7s %12s\n", "index", "operator", "engine", "cycles", "share", "energy uJ");
    for (uint32_t i = 0; i < s.nops; i++) {
        const agg_t *a = &s.ops[i];
        if (!a->calls)
            continue;
        printf("%-5u %-44s %-6s %12.0f %6.1f%% ", i, a->name, engine_name(a->engine), a->cycles,
               s.cycles > 0 ? 100 * a->cycles / s.cycles : 0.0);
        if (a->energy_known)
            printf("%12.3f\n", a->energy / 1e6);
        else
            printf("%12s\n", "-");
    }
    free(s.ops);
    return 0;
}

static double pct(double a, double b)
{
    if (a == 0)
        return b == 0 ? 0 : INFINITY;
    return 100.0 * (b - a) / a;
}

static bool moved(double a, double b, double tol)
{
    return fabs(pct(a, b)) > tol;
}

/* Compare one figure; print it when it moved. */
static bool check(const char *what, const char *label, double a, double b, double tol, double scale,
                  const char *unit)
{
    if (!moved(a, b, tol))
        return false;
    printf("  %-52s %-7s %14.3f -> %14.3f %s (%+.2f%%)\n", label, what, a / scale, b / scale, unit, pct(a, b));
    return true;
}

static int cmd_diff(const trace_t *ta, const trace_t *tb, double tol)
{
    summary_t a, b;
    if (!summarise(ta, &a) || !summarise(tb, &b)) {
        fprintf(stderr, "etsim-trace: out of memory\n");
        return EXIT_BAD;
    }
    bool energy = a.energy_known && b.energy_known;
    int nmoved = 0;
    printf("diff: tolerance %.3f%%%s\n", tol, energy ? "" : " (energy not compared: a trace has none)");
    if (ta->cpu_khz != tb->cpu_khz)
        printf("  note: clocks differ (%.3f MHz -> %.3f MHz)\n", ta->cpu_khz / 1000.0, tb->cpu_khz / 1000.0);
    nmoved += check("cycles", "inference", a.cycles, b.cycles, tol, 1, "");
    if (energy)
        nmoved += check("energy", "inference", a.energy, b.energy, tol, 1e6, "uJ");
    uint32_t n = a.nops > b.nops ? a.nops : b.nops;
    for (uint32_t i = 0; i < n; i++) {
        const agg_t *x = i < a.nops && a.ops[i].calls ? &a.ops[i] : NULL;
        const agg_t *y = i < b.nops && b.ops[i].calls ? &b.ops[i] : NULL;
        char label[128];
        if (!x && !y)
            continue;
        if (!x || !y || strcmp(x->name, y->name) != 0) {
            printf("  operator %u: %s -> %s\n", i, x ? x->name : "(absent)", y ? y->name : "(absent)");
            nmoved++;
            continue;
        }
        snprintf(label, sizeof label, "operator %u %s", i, x->name);
        nmoved += check("cycles", label, x->cycles, y->cycles, tol, 1, "");
        if (energy && x->energy_known && y->energy_known)
            nmoved += check("energy", label, x->energy, y->energy, tol, 1e6, "uJ");
    }
    free(a.ops);
    free(b.ops);
    if (nmoved) {
        printf("diff: %d figure%s moved by more than %.3f%%\n", nmoved, nmoved == 1 ? "" : "s", tol);
        return EXIT_MOVED;
    }
    printf("diff: within %.3f%%\n", tol);
    return 0;
}

static void usage(FILE *f)
{
    fputs("usage: etsim-trace dump TRACE\n"
          "       etsim-trace summary TRACE\n"
          "       etsim-trace diff A B [--tolerance PCT]\n"
          "exit status: 0 ok (diff: B within PCT %% of A, default 0); 1 diff: something moved; 2 bad input\n",
          f);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        usage(stdout);
        return 0;
    }
    const char *files[2];
    int nfiles = 0;
    double tol = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--tolerance")) {
            char *end;
            if (i + 1 >= argc || (tol = strtod(argv[i + 1], &end), *end) || !(tol >= 0 && tol < 1e6)) {
                fprintf(stderr, "etsim-trace: --tolerance needs a percentage (a number >= 0)\n");
                return EXIT_BAD;
            }
            i++;
        } else if (nfiles < 2 && argv[i][0] != '-') {
            files[nfiles++] = argv[i];
        } else {
            fprintf(stderr, "etsim-trace: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return EXIT_BAD;
        }
    }
    const char *cmd = argc >= 2 ? argv[1] : "";
    int want = !strcmp(cmd, "diff") ? 2 : (!strcmp(cmd, "dump") || !strcmp(cmd, "summary")) ? 1 : 0;
    if (!want || nfiles != want) {
        usage(stderr);
        return EXIT_BAD;
    }
    trace_t t[2];
    char err[512];
    for (int i = 0; i < nfiles; i++) {
        if (!trace_read(files[i], &t[i], err, sizeof err)) {
            fprintf(stderr, "etsim-trace: %s\n", err);
            if (i)
                trace_free(&t[0]);
            return EXIT_BAD;
        }
    }
    int rc = !strcmp(cmd, "dump") ? cmd_dump(files[0], &t[0])
           : !strcmp(cmd, "summary") ? cmd_summary(files[0], &t[0])
           : cmd_diff(&t[0], &t[1], tol);
    for (int i = 0; i < nfiles; i++)
        trace_free(&t[i]);
    return rc;
}
