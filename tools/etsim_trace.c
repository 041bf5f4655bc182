/* etsim-trace: read the binary traces etsim --trace writes (docs/trace.md).
 *
 *   etsim-trace dump TRACE [--start N] [--count N]
 *                                           every record (instruction-level
 *                                           traces: the instructions from
 *                                           index N, disassembled)
 *   etsim-trace summary TRACE [--soc S]     per-operator means per inference,
 *                                           the NPU's operations (last job);
 *                                           instruction-level traces: also
 *                                           counts, hottest PCs, mnemonics;
 *                                           memory-level: traffic per region
 *                                           of SoC S, the worst stalls
 *   etsim-trace diff A B [--tolerance PCT]  0: B within PCT % of A (cycles and
 *                                           energy, per operator and in total;
 *                                           each NPU operation's cycles, start,
 *                                           MACs and bytes)
 *                                           and, for two instruction-level
 *                                           traces, the same instructions;
 *                                           1: something moved or the
 *                                           instructions diverge (printed);
 *                                           2: bad input or usage
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../isa/disasm.h"
#include "../sim/trace.h"
#include "etsim_trace_mem.h"

#define EXIT_MOVED 1
#define EXIT_BAD 2

static const char *engine_name(unsigned e)
{
    return e == 1 ? "npu" : e == 2 ? "dsp" : "cpu";
}

/* NPU operation kinds as npu/npu_core.h numbers them (trace kind 3). */
static const char *npu_kind_name(unsigned k)
{
    static const char *const names[] = {"reg", "conv", "depthwise", "pool", "elementwise", "dma"};
    return k < sizeof names / sizeof names[0] ? names[k] : "op";
}

/* "conv @0x1a4": an NPU operation by its kind and command-stream offset. */
static const char *npu_label(const trace_rec_t *r, char *buf, size_t len)
{
    snprintf(buf, len, "%s @0x%x", npu_kind_name(r->npu_kind), r->name);
    return buf;
}

static const char *level_name(unsigned level)
{
    return level == TRACE_LEVEL_MEMORY ? "memory" : level == TRACE_LEVEL_INSTRUCTION ? "instruction" : "operator";
}

static void print_header(const char *path, const trace_t *t)
{
    printf("%s: etsim trace v%u, %s level, soc %s @ %.3f MHz, model %s, firmware %s, %u records, "
           "run %llu cycles, energy %s\n",
           path, t->version, level_name(t->level), t->strings[0], t->cpu_khz / 1000.0,
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

/* ---- instruction records ------------------------------------------------ */

/* Disassembly per distinct PC (Capstone is slow; a trace repeats PCs). */
typedef struct disasm_cache {
    uint32_t *raw;
    char (*text)[80];
    uint32_t cap;
} disasm_cache_t;

static const char *disasm_of(disasm_cache_t *c, const trace_insn_t *r)
{
    if (r->pc_id >= c->cap) {
        uint32_t cap = c->cap ? c->cap : 1024;
        while (cap <= r->pc_id)
            cap *= 2;
        uint32_t *raw = realloc(c->raw, cap * sizeof *raw);
        if (raw)
            c->raw = raw;
        char(*text)[80] = raw ? realloc(c->text, cap * sizeof *text) : NULL;
        if (!text)
            return "(out of memory)";
        c->text = text;
        for (uint32_t i = c->cap; i < cap; i++)
            c->text[i][0] = '\0';
        c->cap = cap;
    }
    if (!c->text[r->pc_id][0] || c->raw[r->pc_id] != r->raw) {
        isa_disasm(r->raw, r->size, r->pc, c->text[r->pc_id], sizeof c->text[0]);
        if (!c->text[r->pc_id][0])
            snprintf(c->text[r->pc_id], sizeof c->text[0], "?");
        c->raw[r->pc_id] = r->raw;
    }
    return c->text[r->pc_id];
}

static void disasm_free(disasm_cache_t *c)
{
    free(c->raw);
    free(c->text);
}

static void print_encoding(const trace_insn_t *r)
{
    if (r->size == 4)
        printf("%04x %04x", r->raw >> 16, r->raw & 0xFFFFu);
    else
        printf("%04x     ", r->raw);
}

/* name=value for each slot in mask. */
static void print_slots(uint64_t mask, const uint32_t *state)
{
    for (; mask; mask &= mask - 1) {
        unsigned slot = (unsigned)__builtin_ctzll(mask);
        char nb[16];
        printf(" %s=0x%08x", trace_slot_name(slot, nb, sizeof nb), state[slot]);
    }
}

static void print_insn(disasm_cache_t *dc, const char *prefix, const trace_insn_t *r, bool changes)
{
    printf("%s%10" PRIu64 "  0x%08x %12" PRIu64 "  ", prefix, r->index, r->pc, r->cycles);
    print_encoding(r);
    printf("  %-36s", disasm_of(dc, r));
    if (changes)
        print_slots(r->changed, r->state);
    printf("\n");
}

static int iter_error(const char *path, const trace_iter_t *it)
{
    fprintf(stderr, "etsim-trace: %s: %s\n", path, it->err);
    return EXIT_BAD;
}

static int dump_insns(const char *path, const trace_t *t, uint64_t start, uint64_t count)
{
    trace_iter_t it;
    trace_insn_t r;
    disasm_cache_t dc = {0};
    if (!trace_iter_start(&it, t)) {
        fprintf(stderr, "etsim-trace: out of memory\n");
        return EXIT_BAD;
    }
    printf("instructions: %" PRIu64 " (index, pc, cycles when it retired, encoding, disassembly, the registers "
           "it changed%s)\n", t->ninsns,
           t->level >= TRACE_LEVEL_MEMORY ? "; then its memory accesses: R/W, address, bytes, value, stall" : "");
    uint64_t end = count > UINT64_MAX - start ? UINT64_MAX : start + count;
    while (it.index < end && trace_iter_next(&it, &r)) {
        if (r.index >= start) {
            print_insn(&dc, "", &r, true);
            mem_print("              ", &r);
        }
    }
    if (!it.err[0] && it.nmem && it.index < end) {
        /* Accesses no instruction retired after (a fault stopped the run). */
        trace_insn_t tail = {.mem = it.mem, .nmem = it.nmem};
        printf("memory accesses after the last instruction:\n");
        mem_print("              ", &tail);
    }
    int rc = it.err[0] ? iter_error(path, &it) : 0;
    trace_iter_free(&it);
    disasm_free(&dc);
    return rc;
}

/* The NPU operation records (the device's last job), if any. */
static void print_npu_ops(const trace_t *t)
{
    bool first = true;
    for (uint32_t i = 0; i < t->nrecs; i++) {
        const trace_rec_t *r = &t->recs[i];
        char label[48];
        if (r->kind != TRACE_REC_NPU_OP)
            continue;
        if (first)
            printf("npu operations of job %u:\n%-5s %-24s %12s %12s %12s %12s\n", r->iteration, "index", "operation",
                   "start", "cycles", "macs", "axi bytes");
        first = false;
        printf("%-5u %-24s %12llu %12llu %12llu %12llu\n", r->index, npu_label(r, label, sizeof label),
               (unsigned long long)r->start, (unsigned long long)r->cycles, (unsigned long long)r->instret,
               (unsigned long long)r->energy_pj);
    }
}

static int cmd_dump(const char *path, const trace_t *t, uint64_t start, uint64_t count)
{
    print_header(path, t);
    printf("%-5s %-4s %-5s %-44s %-6s %12s %12s %12s %12s\n", "kind", "iter", "index", "name", "engine", "start",
           "cycles", "instructions", "energy uJ");
    for (uint32_t i = 0; i < t->nrecs; i++) {
        const trace_rec_t *r = &t->recs[i];
        bool op = r->kind == TRACE_REC_OPERATOR;
        if (r->kind == TRACE_REC_NPU_OP)
            continue;
        printf("%-5s %-4u %-5u %-44s %-6s %12llu %12llu %12llu ", op ? "op" : "infer", r->iteration, r->index,
               op ? t->strings[r->name] : "-", op ? engine_name(r->engine) : "-", (unsigned long long)r->start,
               (unsigned long long)r->cycles, (unsigned long long)r->instret);
        print_energy(r->energy_pj);
        printf("\n");
    }
    print_npu_ops(t);
    return t->level >= TRACE_LEVEL_INSTRUCTION ? dump_insns(path, t, start, count) : 0;
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
        if (r->kind == TRACE_REC_NPU_OP)
            continue;
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

/* Per distinct PC. */
typedef struct pc_stat {
    uint32_t pc, raw, id;
    uint8_t size;
    uint64_t count, cycles;
} pc_stat_t;

typedef struct mnem_stat {
    char name[24];
    uint64_t count, cycles;
} mnem_stat_t;

static int by_count_desc(const void *a, const void *b)
{
    const pc_stat_t *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static int mnem_by_count_desc(const void *a, const void *b)
{
    const mnem_stat_t *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(x->name, y->name);
}

#define HOT_PCS 20
#define TOP_MNEMONICS 15

static int summary_insns(const char *path, const trace_t *t, const char *soc)
{
    trace_iter_t it;
    trace_insn_t r;
    pc_stat_t *pcs = NULL;
    uint32_t cap = 0;
    uint64_t prev_cycles = 0, n = 0;
    mem_summary_t *ms = NULL;
    if (t->level >= TRACE_LEVEL_MEMORY) {
        char err[256];
        /* The trace names its SoC: its regions, when it is a built-in one. */
        if (!soc && soc_builtin_json(t->strings[0]))
            soc = t->strings[0];
        if (!(ms = mem_summary_new(soc, err, sizeof err))) {
            fprintf(stderr, "etsim-trace: %s\n", err);
            return EXIT_BAD;
        }
    }
    if (!trace_iter_start(&it, t))
        goto oom;
    while (trace_iter_next(&it, &r)) {
        if (ms && !mem_summary_add(ms, &r))
            goto oom;
        if (r.pc_id >= cap) {
            uint32_t ncap = cap ? cap * 2 : 1024;
            pc_stat_t *np = realloc(pcs, ncap * sizeof *np);
            if (!np)
                goto oom;
            memset(np + cap, 0, (ncap - cap) * sizeof *np);
            pcs = np;
            cap = ncap;
        }
        pc_stat_t *p = &pcs[r.pc_id];
        p->id = r.pc_id;
        p->pc = r.pc;
        p->raw = r.raw;
        p->size = r.size;
        p->count++;
        p->cycles += r.cycles - prev_cycles;
        prev_cycles = r.cycles;
        n++;
    }
    if (it.err[0]) {
        int rc = iter_error(path, &it);
        trace_iter_free(&it);
        free(pcs);
        mem_summary_free(ms);
        return rc;
    }
    uint32_t npcs = trace_iter_npcs(&it);
    trace_iter_free(&it);
    printf("instructions %" PRIu64 ", %" PRIu64 " cycles (CPI %.2f), %u distinct PCs\n", n, prev_cycles,
           n ? (double)prev_cycles / (double)n : 0.0, npcs);
    if (!npcs) {
        free(pcs);
        mem_summary_free(ms);
        return 0;
    }
    /* The mnemonic mix, from each PC's disassembly (first word). */
    disasm_cache_t dc = {0};
    mnem_stat_t *mn = calloc(npcs, sizeof *mn);
    uint32_t nmn = 0;
    if (!mn) {
        disasm_free(&dc);
        goto oom;
    }
    for (uint32_t i = 0; i < npcs; i++) {
        trace_insn_t x = {.pc = pcs[i].pc, .raw = pcs[i].raw, .size = pcs[i].size, .pc_id = i};
        char word[24];
        if (sscanf(disasm_of(&dc, &x), "%23s", word) != 1)
            snprintf(word, sizeof word, "?");
        uint32_t k = 0;
        while (k < nmn && strcmp(mn[k].name, word) != 0)
            k++;
        if (k == nmn)
            snprintf(mn[nmn++].name, sizeof mn[0].name, "%s", word);
        mn[k].count += pcs[i].count;
        mn[k].cycles += pcs[i].cycles;
    }
    /* Sorting loses the pc_id order the cache is keyed by: copy the text. */
    char(*text)[80] = malloc((size_t)npcs * sizeof *text);
    if (!text) {
        free(mn);
        disasm_free(&dc);
        goto oom;
    }
    for (uint32_t i = 0; i < npcs; i++)
        memcpy(text[i], dc.text[i], sizeof text[i]);
    if (ms) {
        uint32_t *pc_of_id = malloc((size_t)npcs * sizeof *pc_of_id);
        bool ok = pc_of_id != NULL;
        for (uint32_t i = 0; ok && i < npcs; i++)
            pc_of_id[i] = pcs[i].pc;
        ok = ok && mem_summary_print(ms, pc_of_id, (const char(*)[80])text, npcs);
        free(pc_of_id);
        if (!ok) {
            free(text);
            free(mn);
            disasm_free(&dc);
            goto oom;
        }
    }
    qsort(pcs, npcs, sizeof *pcs, by_count_desc);
    qsort(mn, nmn, sizeof *mn, mnem_by_count_desc);
    printf("hottest PCs (cycles: those charged from the previous instruction's end to this one's)\n");
    printf("%-10s %12s %7s %12s %7s  %s\n", "pc", "count", "share", "cycles", "share", "instruction");
    for (uint32_t i = 0; i < npcs && i < HOT_PCS; i++)
        printf("0x%08x %12" PRIu64 " %6.2f%% %12" PRIu64 " %6.2f%%  %s\n", pcs[i].pc, pcs[i].count,
               100.0 * (double)pcs[i].count / (double)n, pcs[i].cycles,
               prev_cycles ? 100.0 * (double)pcs[i].cycles / (double)prev_cycles : 0.0, text[pcs[i].id]);
    printf("mnemonics\n%-10s %12s %7s %12s %7s\n", "mnemonic", "count", "share", "cycles", "share");
    for (uint32_t i = 0; i < nmn && i < TOP_MNEMONICS; i++)
        printf("%-10s %12" PRIu64 " %6.2f%% %12" PRIu64 " %6.2f%%\n", mn[i].name, mn[i].count,
               100.0 * (double)mn[i].count / (double)n, mn[i].cycles,
               prev_cycles ? 100.0 * (double)mn[i].cycles / (double)prev_cycles : 0.0);
    free(text);
    free(mn);
    disasm_free(&dc);
    free(pcs);
    mem_summary_free(ms);
    return 0;
oom:
    trace_iter_free(&it);
    free(pcs);
    mem_summary_free(ms);
    fprintf(stderr, "etsim-trace: out of memory\n");
    return EXIT_BAD;
}

static int cmd_summary(const char *path, const trace_t *t, const char *soc)
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
    print_npu_ops(t);
    return t->level >= TRACE_LEVEL_INSTRUCTION ? summary_insns(path, t, soc) : 0;
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

/* Two instruction streams, record by record: the first one whose PC,
 * encoding, cycle count or register state after it differs. */
#define DIFF_CONTEXT 4

static bool same_insn(const trace_insn_t *a, const trace_insn_t *b, bool memory)
{
    return a->pc == b->pc && a->raw == b->raw && a->size == b->size && a->cycles == b->cycles &&
           memcmp(a->state, b->state, TRACE_SLOTS * sizeof *a->state) == 0 && (!memory || mem_same(a, b));
}

static void print_registers(const trace_insn_t *a, const trace_insn_t *b)
{
    printf("  registers after it (* differs)     A            B\n");
    for (unsigned slot = 0; slot < TRACE_SLOTS; slot++) {
        bool differs = a->state[slot] != b->state[slot];
        if (slot >= TRACE_SLOT_S0 && !differs)
            continue;              /* FP/MVE: only those that differ */
        char nb[16];
        printf("  %c %-6s                  0x%08x   0x%08x\n", differs ? '*' : ' ',
               trace_slot_name(slot, nb, sizeof nb), a->state[slot], b->state[slot]);
    }
}

/* The DIFF_CONTEXT records of t before index (a second walk: cheaper than
 * keeping copies of every record on the way). */
static void print_context(const trace_t *t, uint64_t index, disasm_cache_t *dc)
{
    trace_iter_t it;
    trace_insn_t r;
    if (!trace_iter_start(&it, t))
        return;
    uint64_t from = index > DIFF_CONTEXT ? index - DIFF_CONTEXT : 0;
    if (from < index)
        printf("  before it (the same in both):\n");
    while (it.index < index && trace_iter_next(&it, &r)) {
        if (r.index >= from)
            print_insn(dc, "    ", &r, true);
    }
    trace_iter_free(&it);
}

static int diff_insns(const char *pa, const trace_t *ta, const char *pb, const trace_t *tb)
{
    trace_iter_t ia, ib;
    trace_insn_t ra, rb;
    if (!trace_iter_start(&ia, ta) || !trace_iter_start(&ib, tb)) {
        trace_iter_free(&ia);
        fprintf(stderr, "etsim-trace: out of memory\n");
        return EXIT_BAD;
    }
    /* Memory accesses are compared when both traces have them. */
    bool memory = ta->level >= TRACE_LEVEL_MEMORY && tb->level >= TRACE_LEVEL_MEMORY;
    bool ha, hb;
    for (;;) {
        ha = trace_iter_next(&ia, &ra);
        hb = trace_iter_next(&ib, &rb);
        if (!ha || !hb || !same_insn(&ra, &rb, memory))
            break;
    }
    int rc = 0;
    if (ia.err[0] || ib.err[0]) {
        rc = iter_error(ia.err[0] ? pa : pb, ia.err[0] ? &ia : &ib);
    } else if (!ha && !hb) {
        printf("instructions: the same %" PRIu64 " instructions, cycles and registers%s\n", ta->ninsns,
               memory ? " and memory accesses" : "");
    } else {
        disasm_cache_t da = {0}, db = {0};
        uint64_t at = ha ? ra.index : rb.index;
        printf("instructions: first divergence at instruction %" PRIu64 " (A has %" PRIu64 ", B %" PRIu64 ")\n",
               at, ta->ninsns, tb->ninsns);
        if (ha && hb) {
            printf("  differs:");
            if (ra.pc != rb.pc || ra.raw != rb.raw)
                printf(" pc/instruction");
            if (ra.cycles != rb.cycles)
                printf(" cycles (%+" PRId64 ")", (int64_t)(rb.cycles - ra.cycles));
            if (memory && !mem_same(&ra, &rb))
                printf(" memory accesses");
            for (unsigned slot = 0; slot < TRACE_SLOTS; slot++) {
                char nb[16];
                if (ra.state[slot] != rb.state[slot])
                    printf(" %s", trace_slot_name(slot, nb, sizeof nb));
            }
            printf("\n");
        }
        print_context(ta, at, &da);
        if (ha) {
            print_insn(&da, "  A ", &ra, true);
            if (memory)
                mem_print("                  ", &ra);
        } else {
            printf("  A ends after %" PRIu64 " instructions\n", ta->ninsns);
        }
        if (hb) {
            print_insn(&db, "  B ", &rb, true);
            if (memory)
                mem_print("                  ", &rb);
        } else
            printf("  B ends after %" PRIu64 " instructions\n", tb->ninsns);
        if (ha && hb)
            print_registers(&ra, &rb);
        disasm_free(&da);
        disasm_free(&db);
        rc = EXIT_MOVED;
    }
    trace_iter_free(&ia);
    trace_iter_free(&ib);
    return rc;
}

/* The i-th NPU operation record of a trace, or NULL. */
static const trace_rec_t *npu_op_at(const trace_t *t, uint32_t *pos)
{
    for (; *pos < t->nrecs; (*pos)++)
        if (t->recs[*pos].kind == TRACE_REC_NPU_OP)
            return &t->recs[(*pos)++];
    return NULL;
}

/* NPU operations in order: the same kind and command, and their cycles,
 * start, MACs and bytes within tol.  Returns the figures that moved. */
static int diff_npu_ops(const trace_t *ta, const trace_t *tb, double tol)
{
    int nmoved = 0;
    uint32_t pa = 0, pb = 0;
    for (uint32_t i = 0;; i++) {
        const trace_rec_t *x = npu_op_at(ta, &pa), *y = npu_op_at(tb, &pb);
        char lx[48], ly[48], label[80];
        if (!x && !y)
            break;
        if (!x || !y || x->npu_kind != y->npu_kind || x->name != y->name) {
            printf("  npu operation %u: %s -> %s\n", i, x ? npu_label(x, lx, sizeof lx) : "(absent)",
                   y ? npu_label(y, ly, sizeof ly) : "(absent)");
            nmoved++;
            continue;
        }
        snprintf(label, sizeof label, "npu operation %u %s", i, npu_label(x, lx, sizeof lx));
        nmoved += check("cycles", label, (double)x->cycles, (double)y->cycles, tol, 1, "");
        nmoved += check("start", label, (double)x->start, (double)y->start, tol, 1, "");
        nmoved += check("macs", label, (double)x->instret, (double)y->instret, tol, 1, "");
        nmoved += check("bytes", label, (double)x->energy_pj, (double)y->energy_pj, tol, 1, "");
    }
    return nmoved;
}

static int cmd_diff(const char *pa, const trace_t *ta, const char *pb, const trace_t *tb, double tol)
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
    nmoved += diff_npu_ops(ta, tb, tol);
    int rc = 0;
    if (nmoved) {
        printf("diff: %d figure%s moved by more than %.3f%%\n", nmoved, nmoved == 1 ? "" : "s", tol);
        rc = EXIT_MOVED;
    } else {
        printf("diff: within %.3f%%\n", tol);
    }
    if (ta->level >= TRACE_LEVEL_INSTRUCTION && tb->level >= TRACE_LEVEL_INSTRUCTION) {
        int irc = diff_insns(pa, ta, pb, tb);
        rc = irc > rc ? irc : rc;
    } else if (ta->level != tb->level) {
        printf("instructions: not compared (only one trace has them)\n");
    }
    return rc;
}

static void usage(FILE *f)
{
    fputs("usage: etsim-trace dump TRACE [--start N] [--count N]\n"
          "       etsim-trace summary TRACE [--soc NAME|FILE.json]\n"
          "       etsim-trace diff A B [--tolerance PCT]\n"
          "dump --start/--count select instruction records (instruction-level traces)\n"
          "summary --soc: the SoC whose regions memory-level traffic is counted in (default:\n"
          "the one the trace names, when it is built in)\n"
          "diff compares operator figures within PCT % (default 0) and, when both traces are\n"
          "instruction-level, the instructions exactly (the first divergence is printed)\n"
          "exit status: 0 ok (diff: the same); 1 diff: something moved or diverged; 2 bad input\n",
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
    uint64_t start = 0, count = UINT64_MAX;
    const char *soc = NULL;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--start") || !strcmp(argv[i], "--count")) {
            char *end;
            unsigned long long v = 0;
            if (i + 1 >= argc || argv[i + 1][0] == '-' || (v = strtoull(argv[i + 1], &end, 10), *end) ||
                !argv[i + 1][0]) {
                fprintf(stderr, "etsim-trace: %s needs a number >= 0\n", argv[i]);
                return EXIT_BAD;
            }
            *(argv[i][2] == 's' ? &start : &count) = v;
            i++;
        } else if (!strcmp(argv[i], "--tolerance")) {
            char *end;
            if (i + 1 >= argc || (tol = strtod(argv[i + 1], &end), *end) || !(tol >= 0 && tol < 1e6)) {
                fprintf(stderr, "etsim-trace: --tolerance needs a percentage (a number >= 0)\n");
                return EXIT_BAD;
            }
            i++;
        } else if (!strcmp(argv[i], "--soc")) {
            if (i + 1 >= argc || !argv[i + 1][0]) {
                fprintf(stderr, "etsim-trace: --soc needs a SoC name or JSON file\n");
                return EXIT_BAD;
            }
            soc = argv[++i];
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
    int rc = !strcmp(cmd, "dump") ? cmd_dump(files[0], &t[0], start, count)
           : !strcmp(cmd, "summary") ? cmd_summary(files[0], &t[0], soc)
           : cmd_diff(files[0], &t[0], files[1], &t[1], tol);
    for (int i = 0; i < nfiles; i++)
        trace_free(&t[i]);
    return rc;
}
