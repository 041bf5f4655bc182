/* etsim-trace, the memory accesses of level-2 traces (docs/trace.md):
 * printing them under their instruction, comparing two instructions'
 * accesses, and the memory part of `summary` (traffic per memory region of
 * the SoC, the instructions that stall most on memory). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etsim_trace_mem.h"

void mem_print(const char *prefix, const trace_insn_t *r)
{
    for (uint32_t i = 0; i < r->nmem; i++) {
        const trace_mem_t *m = &r->mem[i];
        printf("%s%s 0x%08x %2u  ", prefix, m->flags & TRACE_MEM_WRITE ? "W" : "R", m->addr, m->size);
        if (m->size <= 4) {
            uint32_t v = 0;
            for (unsigned b = 0; b < m->size; b++)
                v |= (uint32_t)m->bytes[b] << (8 * b);
            printf("0x%0*x", 2 * m->size, v);
        } else {
            for (unsigned b = 0; b < m->size; b++)
                printf("%02x", m->bytes[b]);   /* memory order */
        }
        if (m->wait)
            printf("  stall %u", m->wait);
        if (m->flags & TRACE_MEM_EXCEPTION)
            printf("  (exception entry/return)");
        printf("\n");
    }
}

bool mem_same(const trace_insn_t *a, const trace_insn_t *b)
{
    if (a->nmem != b->nmem)
        return false;
    for (uint32_t i = 0; i < a->nmem; i++) {
        const trace_mem_t *x = &a->mem[i], *y = &b->mem[i];
        if (x->addr != y->addr || x->size != y->size || x->flags != y->flags || x->wait != y->wait ||
            memcmp(x->bytes, y->bytes, x->size) != 0)
            return false;
    }
    return true;
}

/* ---- summary ------------------------------------------------------------- */

typedef struct traffic {
    uint64_t reads, writes, read_bytes, write_bytes, stall;
} traffic_t;

static void traffic_add(traffic_t *t, const trace_mem_t *m)
{
    if (m->flags & TRACE_MEM_WRITE) {
        t->writes++;
        t->write_bytes += m->size;
    } else {
        t->reads++;
        t->read_bytes += m->size;
    }
    t->stall += m->wait;
}

struct mem_summary {
    soc_desc_t soc;
    bool have_soc;
    traffic_t total, other, exception;
    traffic_t region[SOC_MAX_REGIONS];
    uint64_t *stall_by_pc;         /* by pc_id */
    uint32_t cap;
    uint64_t *count_by_pc;
};

/* The region holding addr (through its aliases), or -1 (also for a
 * device: devices are mapped over memory, as the profiling port is over
 * the AN547's DDR window). */
static int region_of(const soc_desc_t *d, uint32_t addr)
{
    for (int i = 0; i < d->ndevices; i++)
        if (addr - d->devices[i].base < d->devices[i].size)
            return -1;
    for (int i = 0; i < d->nregions; i++) {
        const soc_region_t *r = &d->regions[i];
        if (addr - r->base < r->size)
            return i;
        for (int k = 0; k < r->naliases; k++)
            if (addr - r->aliases[k] < r->size)
                return i;
    }
    return -1;
}

mem_summary_t *mem_summary_new(const char *soc, char *err, size_t errlen)
{
    mem_summary_t *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (soc) {
        if (!soc_desc_load(&s->soc, soc, err, errlen)) {
            free(s);
            return NULL;
        }
        s->have_soc = true;
    }
    return s;
}

bool mem_summary_add(mem_summary_t *s, const trace_insn_t *r)
{
    if (r->pc_id >= s->cap) {
        uint32_t cap = s->cap ? s->cap : 1024;
        while (cap <= r->pc_id)
            cap *= 2;
        uint64_t *st = realloc(s->stall_by_pc, cap * sizeof *st);
        if (!st)
            return false;
        s->stall_by_pc = st;
        uint64_t *ct = realloc(s->count_by_pc, cap * sizeof *ct);
        if (!ct)
            return false;
        s->count_by_pc = ct;
        memset(st + s->cap, 0, (cap - s->cap) * sizeof *st);
        memset(ct + s->cap, 0, (cap - s->cap) * sizeof *ct);
        s->cap = cap;
    }
    for (uint32_t i = 0; i < r->nmem; i++) {
        const trace_mem_t *m = &r->mem[i];
        traffic_add(&s->total, m);
        if (m->flags & TRACE_MEM_EXCEPTION) {
            traffic_add(&s->exception, m);
        } else {
            s->stall_by_pc[r->pc_id] += m->wait;
            s->count_by_pc[r->pc_id]++;
        }
        int reg = s->have_soc ? region_of(&s->soc, m->addr) : -1;
        traffic_add(reg >= 0 ? &s->region[reg] : &s->other, m);
    }
    return true;
}

static void print_traffic(const char *name, const traffic_t *t)
{
    printf("%-16s %12" PRIu64 " %14" PRIu64 " %12" PRIu64 " %14" PRIu64 " %12" PRIu64 "\n", name, t->reads,
           t->read_bytes, t->writes, t->write_bytes, t->stall);
}

typedef struct pc_stall {
    uint32_t id;
    uint64_t stall, count;
} pc_stall_t;

static int by_stall_desc(const void *a, const void *b)
{
    const pc_stall_t *x = a, *y = b;
    if (x->stall != y->stall)
        return x->stall < y->stall ? 1 : -1;
    return x->id < y->id ? -1 : x->id > y->id;
}

#define TOP_STALLS 10

bool mem_summary_print(const mem_summary_t *s, const uint32_t *pc_of_id, const char (*text)[80], uint32_t npcs)
{
    printf("memory accesses (reads, bytes, writes, bytes, stall cycles)%s\n",
           s->have_soc ? "" : ": no SoC description, so not per region");
    printf("%-16s %12s %14s %12s %14s %12s\n", "region", "reads", "read bytes", "writes", "write bytes", "stall");
    for (int i = 0; s->have_soc && i < s->soc.nregions; i++)
        if (s->region[i].reads || s->region[i].writes)
            print_traffic(s->soc.regions[i].name, &s->region[i]);
    if (s->other.reads || s->other.writes)
        print_traffic(s->have_soc ? "(devices/other)" : "(all)", &s->other);
    print_traffic("total", &s->total);
    if (s->exception.reads || s->exception.writes)
        print_traffic("of which exc.", &s->exception);
    uint32_t n = npcs < s->cap ? npcs : s->cap;
    pc_stall_t *v = calloc(n ? n : 1, sizeof *v);
    if (!v)
        return false;
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        if (s->stall_by_pc[i])
            v[k++] = (pc_stall_t){i, s->stall_by_pc[i], s->count_by_pc[i]};
    qsort(v, k, sizeof *v, by_stall_desc);
    if (k) {
        printf("instructions that stall most on memory\n%-10s %12s %12s %7s  %s\n", "pc", "accesses", "stall",
               "share", "instruction");
        for (uint32_t i = 0; i < k && i < TOP_STALLS; i++)
            printf("0x%08x %12" PRIu64 " %12" PRIu64 " %6.2f%%  %s\n", pc_of_id[v[i].id], v[i].count, v[i].stall,
                   s->total.stall ? 100.0 * (double)v[i].stall / (double)s->total.stall : 0.0, text[v[i].id]);
    }
    free(v);
    return true;
}

void mem_summary_free(mem_summary_t *s)
{
    if (!s)
        return;
    free(s->stall_by_pc);
    free(s->count_by_pc);
    free(s);
}
