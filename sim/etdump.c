/* The ETDump encoder: a small forward flatbuffer writer of our own.
 *
 * Flatbuffer offsets (uoffset_t) point forward, so the buffer is laid out
 * parent first: a table's child (string, vector, table) is written after it
 * and the table's offset field patched then.  Each table's vtable is written
 * just before the table (the table's soffset is then positive).  Every
 * position is aligned from the start of the file and the file's size is a
 * multiple of 8, which is the alignment a back-to-front builder gives.
 *
 * Field ids follow ExecuTorch's etdump_schema_flatcc.fbs (see
 * tests/etdump/etdump.fbs, written from its documented fields). */
#include "etdump.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../firmware/include/etsim_profport.h"
#include "../npu/ethosu_device.h"
#include "dsp.h"
#include "machine.h"

typedef struct fb {
    uint8_t *buf;
    size_t len, cap;
    bool oom;
} fb_t;

/* Room for n more bytes, zeroed. */
static size_t fb_reserve(fb_t *b, size_t n)
{
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n)
            cap *= 2;
        uint8_t *p = realloc(b->buf, cap);
        if (!p) {
            b->oom = true;
            return b->len;
        }
        b->buf = p;
        b->cap = cap;
    }
    if (b->oom)
        return b->len;
    memset(b->buf + b->len, 0, n);
    size_t at = b->len;
    b->len += n;
    return at;
}

static void fb_align(fb_t *b, size_t align)
{
    size_t pad = (align - b->len % align) % align;
    fb_reserve(b, pad);
}

/* Little-endian stores, whatever the host. */
static void put_u16(fb_t *b, size_t at, uint16_t v)
{
    if (b->oom)
        return;
    b->buf[at] = (uint8_t)v;
    b->buf[at + 1] = (uint8_t)(v >> 8);
}

static void put_u32(fb_t *b, size_t at, uint32_t v)
{
    if (b->oom)
        return;
    for (int i = 0; i < 4; i++)
        b->buf[at + i] = (uint8_t)(v >> (8 * i));
}

static void put_u64(fb_t *b, size_t at, uint64_t v)
{
    if (b->oom)
        return;
    for (int i = 0; i < 8; i++)
        b->buf[at + i] = (uint8_t)(v >> (8 * i));
}

/* The uoffset at `at` refers to `target` (written after it). */
static void patch_offset(fb_t *b, size_t at, size_t target)
{
    put_u32(b, at, (uint32_t)(target - at));
}

#define FB_MAX_FIELDS 8

/* A table being written: where it starts and where each field lives. */
typedef struct fb_table {
    size_t pos;
    size_t field[FB_MAX_FIELDS];   /* absolute position; 0: absent */
} fb_table_t;

/* Writes the vtable and an empty table with room for the fields whose
 * size is not 0 (size 4 or 8; offsets are 4).  Fields are placed largest
 * first after the soffset so each is aligned to its size. */
static fb_table_t fb_table(fb_t *b, int nfields, const uint8_t *sizes)
{
    fb_table_t t = {0};
    uint16_t off[FB_MAX_FIELDS] = {0};
    size_t tsize = 4;
    for (int want = 8; want >= 1; want /= 2)
        for (int i = 0; i < nfields; i++)
            if (sizes[i] == want) {
                tsize = (tsize + want - 1) / (size_t)want * (size_t)want;
                off[i] = (uint16_t)tsize;
                tsize += want;
            }
    tsize = (tsize + 3) / 4 * 4;
    uint16_t vsize = (uint16_t)(4 + 2 * nfields);
    /* The vtable ends where the table starts; the table is 8-aligned. */
    fb_align(b, 2);
    size_t pad = (8 - (b->len + vsize) % 8) % 8;
    fb_reserve(b, pad);
    size_t vt = fb_reserve(b, vsize);
    put_u16(b, vt, vsize);
    put_u16(b, vt + 2, (uint16_t)tsize);
    for (int i = 0; i < nfields; i++)
        put_u16(b, vt + 4 + 2 * (size_t)i, off[i]);
    t.pos = fb_reserve(b, tsize);
    put_u32(b, t.pos, (uint32_t)(t.pos - vt));
    for (int i = 0; i < nfields; i++)
        t.field[i] = off[i] ? t.pos + off[i] : 0;
    return t;
}

/* A string: length, bytes, NUL.  Returns its position. */
static size_t fb_string(fb_t *b, const char *s)
{
    size_t n = strlen(s);
    fb_align(b, 4);
    size_t at = fb_reserve(b, 4 + n + 1);
    put_u32(b, at, (uint32_t)n);
    if (!b->oom)
        memcpy(b->buf + at + 4, s, n);
    return at;
}

/* A vector of n offsets (to tables written afterwards).  Returns the
 * position of its length; element i is at +4+4i. */
static size_t fb_offset_vector(fb_t *b, uint32_t n)
{
    fb_align(b, 4);
    size_t at = fb_reserve(b, 4 + 4 * (size_t)n);
    put_u32(b, at, n);
    return at;
}

/* ExecuTorch schema field ids. */
enum { ETDUMP_VERSION, ETDUMP_RUN_DATA, ETDUMP_NFIELDS };
enum { RUN_NAME, RUN_BUNDLED_INPUT_INDEX, RUN_ALLOCATORS, RUN_EVENTS, RUN_NFIELDS };
enum { EVENT_PROFILE, EVENT_ALLOCATION, EVENT_DEBUG, EVENT_NFIELDS };
enum {
    PE_NAME, PE_CHAIN_INDEX, PE_INSTRUCTION_ID, PE_DELEGATE_DEBUG_ID_INT, PE_DELEGATE_DEBUG_ID_STR,
    PE_DELEGATE_DEBUG_METADATA, PE_START_TIME, PE_END_TIME, PE_NFIELDS
};

/* The ETDump schema version ExecuTorch's writer stores. */
#define ETDUMP_SCHEMA_VERSION 0

/* A ProfileEvent; instruction -1: not an instruction (the whole run). */
static void write_profile_event(fb_t *b, size_t ref, const char *name, uint32_t chain, int32_t instruction,
                                uint64_t start, uint64_t end)
{
    /* Every field is written, also those equal to the schema's default
     * (instruction_id's default is -1, so 0 must be explicit). */
    static const uint8_t sizes[PE_NFIELDS] = {4, 4, 4, 0, 0, 0, 8, 8};
    fb_table_t t = fb_table(b, PE_NFIELDS, sizes);
    patch_offset(b, ref, t.pos);
    put_u32(b, t.field[PE_CHAIN_INDEX], chain);
    put_u32(b, t.field[PE_INSTRUCTION_ID], (uint32_t)instruction);
    put_u64(b, t.field[PE_START_TIME], start);
    put_u64(b, t.field[PE_END_TIME], end);
    patch_offset(b, t.field[PE_NAME], fb_string(b, name));
}

/* A delegate event: a job of the NPU or the DSP inside a delegate call.
 * As upstream's ETDumpGen writes one: no name, the delegate call's chain
 * and instruction, and one of the two debug ids (here the int). */
static void write_delegate_event(fb_t *b, size_t ref, uint32_t chain, int32_t instruction, int32_t id,
                                 uint64_t start, uint64_t end)
{
    static const uint8_t sizes[PE_NFIELDS] = {0, 4, 4, 4, 0, 0, 8, 8};
    fb_table_t t = fb_table(b, PE_NFIELDS, sizes);
    patch_offset(b, ref, t.pos);
    put_u32(b, t.field[PE_CHAIN_INDEX], chain);
    put_u32(b, t.field[PE_INSTRUCTION_ID], (uint32_t)instruction);
    put_u32(b, t.field[PE_DELEGATE_DEBUG_ID_INT], (uint32_t)id);
    put_u64(b, t.field[PE_START_TIME], start);
    put_u64(b, t.field[PE_END_TIME], end);
}

/* Job i of the engine that runs the delegate call c, in core cycles;
 * false past the engine's log. */
static bool engine_job(const machine_t *m, const op_call_t *c, uint32_t i, uint64_t *start, uint64_t *end)
{
    if (c->engine == ETSIM_ENGINE_NPU) {
        const ethosu_device_t *npu = m->npu.dev;
        if (!npu || i >= npu->njobs)
            return false;
        *start = npu->jobs[i].start;
        *end = npu->jobs[i].end;
        return true;
    }
    if (c->engine == ETSIM_ENGINE_DSP)
        return m->dsp && sim_dsp_job(m->dsp, i, start, end);
    return false;
}

/* Where the search of each engine's job log resumes: the calls are
 * written in time order, and so are the logs. */
typedef struct job_cursor {
    uint32_t next[ETSIM_ENGINE_DSP + 1];
} job_cursor_t;

/* The jobs that ran inside the delegate call c (OP_BEGIN..OP_END): the
 * first index of the engine's log and how many (a contiguous run, the log
 * being in time order); the cursor moves past them. */
static uint32_t call_jobs(const machine_t *m, const op_call_t *c, job_cursor_t *cur, uint32_t *first)
{
    if (c->engine > ETSIM_ENGINE_DSP)
        return 0;
    uint64_t s, e, end = c->start + c->cycles;
    uint32_t i = cur->next[c->engine], n = 0;
    while (engine_job(m, c, i, &s, &e) && s < c->start)
        i++;
    *first = i;
    while (engine_job(m, c, i + n, &s, &e) && s >= c->start && e <= end)
        n++;
    cur->next[c->engine] = i + n;
    return n;
}

/* An Event holding a ProfileEvent; returns where the ProfileEvent's
 * offset goes. */
static size_t write_event(fb_t *b, size_t ref)
{
    static const uint8_t ev_sizes[EVENT_NFIELDS] = {4, 0, 0};
    fb_table_t ev = fb_table(b, EVENT_NFIELDS, ev_sizes);
    patch_offset(b, ref, ev.pos);
    return ev.field[EVENT_PROFILE];
}

static void write_run(fb_t *b, size_t ref, const machine_t *m, const analysis_t *a, uint32_t iteration,
                      job_cursor_t *cur)
{
    static const uint8_t sizes[RUN_NFIELDS] = {4, 4, 0, 4};
    fb_table_t t = fb_table(b, RUN_NFIELDS, sizes);
    patch_offset(b, ref, t.pos);
    put_u32(b, t.field[RUN_BUNDLED_INPUT_INDEX], UINT32_MAX);  /* -1: no bundled input */
    patch_offset(b, t.field[RUN_NAME], fb_string(b, "Execute"));
    /* Events in the order upstream's runtime ends them: each delegate
     * call's NPU or DSP jobs, then the call, ..., and last the whole
     * inference, "Method::execute", after the calls it contains. */
    bool whole = iteration < a->ninfers;
    uint32_t n = whole, first;
    job_cursor_t count = *cur;
    for (uint32_t i = 0; i < a->ncalls; i++)
        if (a->calls[i].iteration == iteration)
            n += 1 + call_jobs(m, &a->calls[i], &count, &first);
    size_t vec = fb_offset_vector(b, n);
    patch_offset(b, t.field[RUN_EVENTS], vec);
    uint32_t k = 0;
    for (uint32_t i = 0; i < a->ncalls; i++) {
        const op_call_t *c = &a->calls[i];
        if (c->iteration != iteration)
            continue;
        uint32_t jobs = call_jobs(m, c, cur, &first);
        for (uint32_t j = 0; j < jobs; j++) {
            uint64_t s, e;
            engine_job(m, c, first + j, &s, &e);
            size_t ref = write_event(b, vec + 4 + 4 * (size_t)k++);
            write_delegate_event(b, ref, c->chain, (int32_t)c->instruction, (int32_t)j, s, e);
        }
        size_t ref = write_event(b, vec + 4 + 4 * (size_t)k++);
        write_profile_event(b, ref, c->name ? c->name : "?", c->chain, (int32_t)c->instruction, c->start,
                            c->start + c->cycles);
    }
    if (whole) {
        const infer_call_t *ic = &a->infers[iteration];
        size_t ref = write_event(b, vec + 4 + 4 * (size_t)k);
        write_profile_event(b, ref, "Method::execute", 0, -1, ic->begin, ic->begin + ic->cycles);
    }
}

bool etdump_write(const char *path, const machine_t *m, const analysis_t *a, char *err, size_t errlen)
{
    fb_t b = {0};
    /* Size prefix, root offset, file identifier. */
    size_t head = fb_reserve(&b, 12);
    if (!b.oom)
        memcpy(b.buf + 8, "ED00", 4);
    static const uint8_t sizes[ETDUMP_NFIELDS] = {4, 4};
    fb_table_t root = fb_table(&b, ETDUMP_NFIELDS, sizes);
    patch_offset(&b, head + 4, root.pos);
    put_u32(&b, root.field[ETDUMP_VERSION], ETDUMP_SCHEMA_VERSION);
    size_t runs = fb_offset_vector(&b, a->iterations);
    patch_offset(&b, root.field[ETDUMP_RUN_DATA], runs);
    job_cursor_t cur = {{0}};
    for (uint32_t it = 0; it < a->iterations; it++)
        write_run(&b, runs + 4 + 4 * (size_t)it, m, a, it, &cur);
    fb_align(&b, 8);
    put_u32(&b, head, (uint32_t)(b.len - 4));
    if (b.oom) {
        free(b.buf);
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(b.buf, 1, b.len, f) == b.len;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
    free(b.buf);
    return ok;
}
