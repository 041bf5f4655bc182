/* Traces (sim/trace.h, docs/trace.md). */
#include "trace.h"

#include "../firmware/include/etsim_profport.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- CRC-32 (IEEE 802.3, as zlib), slice-by-8 -------------------------- */

void trace_crc_init(trace_crc_t *c)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t v = i;
        for (int k = 0; k < 8; k++)
            v = (v >> 1) ^ (0xEDB88320u & (0u - (v & 1u)));
        c->table[0][i] = v;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int t = 1; t < 8; t++)
            c->table[t][i] = (c->table[t - 1][i] >> 8) ^ c->table[0][c->table[t - 1][i] & 0xFF];
}

uint32_t trace_crc_update(const trace_crc_t *c, uint32_t crc, const uint8_t *p, size_t n)
{
    uint32_t v = ~crc;
    for (; n >= 8; n -= 8, p += 8) {
        uint32_t lo = v ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        uint32_t hi = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;
        v = c->table[7][lo & 0xFF] ^ c->table[6][(lo >> 8) & 0xFF] ^ c->table[5][(lo >> 16) & 0xFF] ^
            c->table[4][lo >> 24] ^ c->table[3][hi & 0xFF] ^ c->table[2][(hi >> 8) & 0xFF] ^
            c->table[1][(hi >> 16) & 0xFF] ^ c->table[0][hi >> 24];
    }
    while (n--)
        v = (v >> 8) ^ c->table[0][(v ^ *p++) & 0xFF];
    return ~v;
}

static uint32_t crc32_of(const uint8_t *p, size_t n)
{
    trace_crc_t *c = malloc(sizeof *c);
    if (!c)
        return 0;   /* the file then reads as corrupt: never a crash */
    trace_crc_init(c);
    uint32_t crc = trace_crc_update(c, 0, p, n);
    free(c);
    return crc;
}

/* ---- writing ----------------------------------------------------------- */

typedef struct buf {
    uint8_t *p;
    size_t len, cap;
    bool failed;
} buf_t;

static void put(buf_t *b, const void *src, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n)
            cap *= 2;
        uint8_t *np = realloc(b->p, cap);
        if (!np) {
            b->failed = true;
            return;
        }
        b->p = np;
        b->cap = cap;
    }
    memcpy(b->p + b->len, src, n);
    b->len += n;
}

static void put_le(buf_t *b, uint64_t v, int bytes)
{
    uint8_t tmp[8];
    for (int i = 0; i < bytes; i++)
        tmp[i] = (uint8_t)(v >> (8 * i));
    put(b, tmp, (size_t)bytes);
}

static void put_string(buf_t *b, const char *s)
{
    size_t n = strlen(s);
    if (n > TRACE_MAX_STRING)
        n = TRACE_MAX_STRING;
    put_le(b, n, 2);
    put(b, s, n);
}

static const char *base_name(const char *path)
{
    const char *s = path ? strrchr(path, '/') : NULL;
    return s ? s + 1 : path ? path : "";
}

/* The operations an NPU record is written for: kernel operations and DMAs
 * (register commands and waits take no time of their own). */
static bool npu_op_traced(const ethosu_cmd_rec_t *r)
{
    return r->kind >= NPU_OPK_CONV && r->kind <= NPU_OPK_DMA;
}

static void put_record(buf_t *b, const trace_rec_t *r)
{
    put_le(b, r->kind, 1);
    put_le(b, r->engine, 1);
    put_le(b, r->npu_kind, 2);
    put_le(b, r->iteration, 4);
    put_le(b, r->index, 4);
    put_le(b, r->name, 4);
    put_le(b, r->start, 8);
    put_le(b, r->cycles, 8);
    put_le(b, r->instret, 8);
    put_le(b, r->energy_pj, 8);
}

static uint64_t pj_of(bool have, double pj)
{
    return have ? (uint64_t)llround(pj < 0 ? 0 : pj) : TRACE_NO_ENERGY;
}

uint8_t *trace_operator_image(const machine_t *m, const run_info_t *ri, const analysis_t *a, size_t *len)
{
    buf_t b = {0};
    /* Operator names become strings 3.. (one per operator index). */
    uint32_t nstrings = 3 + a->nops;
    uint32_t nrecs = a->ninfers;
    for (uint32_t i = 0; i < a->ncalls; i++)
        nrecs += a->calls[i].iteration < a->ninfers;
    /* The NPU's last job, operation by operation (kernel operations and
     * DMAs, as the per-operation breakdown): version 2 records.  A run
     * without them stays version 1, byte for byte what older etsims wrote. */
    const ethosu_device_t *npu = m->npu.dev;
    uint32_t nnpu = 0;
    for (uint32_t i = 0; npu && i < npu->nlog; i++)
        nnpu += npu_op_traced(&npu->log[i]);
    nrecs += nnpu;
    put(&b, TRACE_MAGIC, 8);
    put_le(&b, nnpu ? TRACE_VERSION_NPU : TRACE_VERSION_BASE, 2);
    put_le(&b, TRACE_LEVEL_OPERATOR, 1);
    put_le(&b, a->have_power ? TRACE_FLAG_ENERGY : 0, 1);
    put_le(&b, (uint64_t)llround(m->desc.cpu_mhz * 1000.0), 4);
    put_le(&b, nstrings, 4);
    put_le(&b, nrecs, 4);
    put_le(&b, m->cpu->cycles, 8);
    put_string(&b, m->desc.name);
    put_string(&b, base_name(ri->model_path));
    put_string(&b, base_name(ri->firmware_path));
    for (uint32_t i = 0; i < a->nops; i++)
        put_string(&b, a->ops[i].name ? a->ops[i].name : "");
    uint32_t c = 0;
    for (uint32_t it = 0; it < a->ninfers; it++) {
        const infer_call_t *ic = &a->infers[it];
        trace_rec_t r = {TRACE_REC_INFERENCE, 0, it, 0, 0, 0, ic->cycles, ic->instret,
                         pj_of(a->have_power, ic->energy_pj), 0};
        put_record(&b, &r);
        for (; c < a->ncalls && a->calls[c].iteration <= it; c++) {
            const op_call_t *oc = &a->calls[c];
            if (oc->iteration != it)
                continue;
            trace_rec_t o = {TRACE_REC_OPERATOR, (uint8_t)oc->engine, it, oc->index, 3 + oc->index,
                             oc->start >= ic->begin ? oc->start - ic->begin : 0, oc->cycles, oc->instret,
                             pj_of(a->have_power, oc->energy_pj), 0};
            put_record(&b, &o);
        }
    }
    if (nnpu) {
        uint64_t job = npu->counters.jobs ? npu->counters.jobs - 1 : 0;
        uint64_t t0 = UINT64_MAX;
        for (uint32_t i = 0; i < npu->nlog; i++)
            if (npu_op_traced(&npu->log[i]) && npu->log[i].start < t0)
                t0 = npu->log[i].start;
        for (uint32_t i = 0, n = 0; i < npu->nlog; i++) {
            const ethosu_cmd_rec_t *l = &npu->log[i];
            if (!npu_op_traced(l))
                continue;
            uint64_t bytes = l->read_bytes[0] + l->read_bytes[1] + l->write_bytes[0] + l->write_bytes[1];
            trace_rec_t o = {TRACE_REC_NPU_OP, ETSIM_ENGINE_NPU, (uint32_t)job, n++, l->offset, l->start - t0,
                             l->end - l->start, l->macs, bytes, (uint16_t)l->kind};
            put_record(&b, &o);
        }
    }
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    *len = b.len;
    return b.p;
}

bool trace_write(const char *path, const machine_t *m, const run_info_t *ri, const analysis_t *a, char *err,
                 size_t errlen)
{
    buf_t b = {0};
    b.p = trace_operator_image(m, ri, a, &b.len);
    b.cap = b.len;
    b.failed = !b.p;
    put_le(&b, b.failed ? 0 : crc32_of(b.p, b.len), 4);
    bool ok = !b.failed;
    FILE *f = ok ? fopen(path, "wb") : NULL;
    if (!f) {
        snprintf(err, errlen, "%s: cannot write: %s", path, b.failed ? "out of memory" : strerror(errno));
        free(b.p);
        return false;
    }
    int why = 0;
    if (fwrite(b.p, 1, b.len, f) != b.len || fflush(f) != 0)
        why = errno ? errno : EIO;
    if (fclose(f) != 0 && !why)
        why = errno ? errno : EIO;
    ok = !why;
    if (!ok)
        snprintf(err, errlen, "%s: write error: %s", path, strerror(why));
    free(b.p);
    return ok;
}

/* ---- reading ----------------------------------------------------------- */

/* A region of the buffer: pos and end are offsets in the whole file, so
 * messages name the byte of the file. */
typedef struct rd {
    const uint8_t *p;
    size_t end, pos;
} rd_t;

static bool get_le(rd_t *r, int bytes, uint64_t *v)
{
    if (r->end - r->pos < (size_t)bytes)
        return false;
    *v = 0;
    for (int i = 0; i < bytes; i++)
        *v |= (uint64_t)r->p[r->pos + i] << (8 * i);
    r->pos += (size_t)bytes;
    return true;
}

static bool parse_fail(char *err, size_t errlen, const char *what, size_t off)
{
    snprintf(err, errlen, "%s (at byte %zu)", what, off);
    return false;
}

/* Magic, version and the checksum of the whole file. */
static bool parse_envelope(const uint8_t *p, size_t len, trace_t *t, char *err, size_t errlen)
{
    if (len < TRACE_HEADER_BYTES + 4)
        return parse_fail(err, errlen, "truncated: shorter than a trace header", len);
    if (memcmp(p, TRACE_MAGIC, 8) != 0)
        return parse_fail(err, errlen, "not an etsim trace (bad magic)", 0);
    t->version = (uint16_t)(p[8] | p[9] << 8);
    if (t->version < TRACE_VERSION_BASE || t->version > TRACE_VERSION) {
        snprintf(err, errlen, "trace version %u is not supported: this reader knows %d to %d (at byte 8)",
                 t->version, TRACE_VERSION_BASE,
                 TRACE_VERSION);
        return false;
    }
    uint32_t stored = (uint32_t)p[len - 4] | (uint32_t)p[len - 3] << 8 | (uint32_t)p[len - 2] << 16 |
                      (uint32_t)p[len - 1] << 24;
    if (stored != crc32_of(p, len - 4))
        return parse_fail(err, errlen, "corrupt or truncated: checksum mismatch", len - 4);
    t->level = p[10];
    if (t->level > TRACE_LEVEL_MEMORY)
        return parse_fail(err, errlen, "corrupt: unknown level or flags", 10);
    return true;
}

/* The 32-byte header of a level-0 trace (at the start of a level-0 file,
 * and of the operator section of a level-1 file). */
static bool parse_header(rd_t *r, trace_t *t, uint64_t *nstr, uint64_t *nrec, char *err, size_t errlen)
{
    uint64_t v = 0;
    size_t at = r->pos;
    if (r->end - r->pos < TRACE_HEADER_BYTES)
        return parse_fail(err, errlen, "truncated: no room for the operator header", at);
    if (memcmp(r->p + at, TRACE_MAGIC, 8) != 0)
        return parse_fail(err, errlen, "corrupt: bad magic in the operator header", at);
    r->pos += 8;
    get_le(r, 2, &v);
    if (v < TRACE_VERSION_BASE || v > TRACE_VERSION)
        return parse_fail(err, errlen, "corrupt: bad version in the operator header", at + 8);
    /* A level-1 file's outer header is written before the run and says 1;
     * its operator section says 2 when it holds NPU records. */
    if (v > t->version)
        t->version = (uint16_t)v;
    get_le(r, 1, &v);
    uint64_t level = v;
    get_le(r, 1, &v);
    t->flags = (uint8_t)v;
    if (level != TRACE_LEVEL_OPERATOR || (t->flags & ~TRACE_FLAG_ENERGY))
        return parse_fail(err, errlen, "corrupt: unknown level or flags", at + 10);
    get_le(r, 4, &v);
    t->cpu_khz = (uint32_t)v;
    get_le(r, 4, nstr);
    get_le(r, 4, nrec);
    get_le(r, 8, &t->run_cycles);
    size_t room = r->end - r->pos;
    if (*nstr < 3 || *nstr > room / 2 || *nrec > room / TRACE_RECORD_BYTES)
        return parse_fail(err, errlen, "corrupt: string or record count larger than the file", at + 16);
    return true;
}

static bool parse_strings(rd_t *r, trace_t *t, uint64_t n, char *err, size_t errlen)
{
    t->strings = calloc((size_t)n, sizeof *t->strings);
    if (!t->strings)
        return parse_fail(err, errlen, "out of memory", r->pos);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t len;
        if (!get_le(r, 2, &len) || len > TRACE_MAX_STRING || r->end - r->pos < len)
            return parse_fail(err, errlen, "corrupt: string runs past the end", r->pos);
        char *s = malloc((size_t)len + 1);
        if (!s)
            return parse_fail(err, errlen, "out of memory", r->pos);
        memcpy(s, r->p + r->pos, (size_t)len);
        s[len] = '\0';
        if (memchr(s, '\0', (size_t)len)) {
            free(s);
            return parse_fail(err, errlen, "corrupt: NUL inside a string", r->pos);
        }
        t->strings[t->nstrings++] = s;
        r->pos += (size_t)len;
    }
    return true;
}

static bool parse_records(rd_t *r, trace_t *t, uint64_t n, char *err, size_t errlen)
{
    if ((r->end - r->pos) != n * TRACE_RECORD_BYTES)
        return parse_fail(err, errlen, "corrupt: record area size does not match the record count", r->pos);
    t->recs = calloc(n ? (size_t)n : 1, sizeof *t->recs);
    if (!t->recs)
        return parse_fail(err, errlen, "out of memory", r->pos);
    for (uint64_t i = 0; i < n; i++) {
        trace_rec_t *x = &t->recs[i];
        uint64_t kind = 0, eng = 0, pad = 0, it = 0, idx = 0, name = 0;
        size_t at = r->pos;
        get_le(r, 1, &kind);
        get_le(r, 1, &eng);
        get_le(r, 2, &pad);
        get_le(r, 4, &it);
        get_le(r, 4, &idx);
        get_le(r, 4, &name);
        get_le(r, 8, &x->start);
        get_le(r, 8, &x->cycles);
        get_le(r, 8, &x->instret);
        get_le(r, 8, &x->energy_pj);
        bool npu_op = kind == TRACE_REC_NPU_OP && t->version >= TRACE_VERSION_NPU;
        if (npu_op ? eng != 1 || pad < NPU_OPK_CONV || pad > NPU_OPK_DMA
                   : (kind != TRACE_REC_INFERENCE && kind != TRACE_REC_OPERATOR) || eng > 2 || pad ||
                         name >= t->nstrings || (kind == TRACE_REC_OPERATOR && name < 3))
            return parse_fail(err, errlen, "corrupt: bad record", at);
        x->npu_kind = (uint16_t)pad;
        x->kind = (uint8_t)kind;
        x->engine = (uint8_t)eng;
        x->iteration = (uint32_t)it;
        x->index = (uint32_t)idx;
        x->name = (uint32_t)name;
        t->nrecs++;
    }
    return true;
}

static bool parse_operators(rd_t *r, trace_t *t, char *err, size_t errlen)
{
    uint64_t nstr = 0, nrec = 0;
    return parse_header(r, t, &nstr, &nrec, err, errlen) && parse_strings(r, t, nstr, err, errlen) &&
           parse_records(r, t, nrec, err, errlen);
}

/* Levels 1 and 2: header, instruction section, operator section, trailer. */
static bool parse_level1(const uint8_t *buf, size_t len, trace_t *t, char *err, size_t errlen)
{
    if (len < TRACE_HEADER_BYTES + TRACE_HEADER_BYTES + TRACE_TRAILER_BYTES + 4)
        return parse_fail(err, errlen, "truncated: too short for an instruction-level trace", len);
    rd_t r = {buf, len - 4, 11};
    uint64_t flags = 0, khz = 0, rest = 0, op_off = 0, count = 0;
    get_le(&r, 1, &flags);
    get_le(&r, 4, &khz);
    if (flags)
        return parse_fail(err, errlen, "corrupt: unknown level or flags", 11);
    for (int i = 0; i < 2; i++) {
        get_le(&r, 8, &rest);
        if (rest)
            return parse_fail(err, errlen, "corrupt: reserved header bytes are not zero", 16 + 8 * (size_t)i);
    }
    size_t trailer = len - 4 - TRACE_TRAILER_BYTES;
    r.pos = trailer;
    r.end = len - 4;
    get_le(&r, 8, &op_off);
    get_le(&r, 8, &count);
    if (op_off < TRACE_HEADER_BYTES || op_off > trailer)
        return parse_fail(err, errlen, "corrupt: operator section offset outside the file", trailer);
    if (count > op_off - TRACE_HEADER_BYTES)
        return parse_fail(err, errlen, "corrupt: more instructions than bytes to hold them", trailer + 8);
    rd_t ops = {buf, trailer, (size_t)op_off};
    if (!parse_operators(&ops, t, err, errlen))
        return false;
    if (t->cpu_khz != khz)
        return parse_fail(err, errlen, "corrupt: the clocks of the two headers differ", 12);
    t->insn = buf + TRACE_HEADER_BYTES;
    t->insn_off = TRACE_HEADER_BYTES;
    t->insn_len = (size_t)op_off - TRACE_HEADER_BYTES;
    t->ninsns = count;
    return trace_insn_check(t, err, errlen);
}

bool trace_parse(const uint8_t *buf, size_t len, trace_t *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    bool ok = parse_envelope(buf, len, t, err, errlen);
    if (ok && t->level == TRACE_LEVEL_OPERATOR) {
        rd_t r = {buf, len - 4, 0};
        ok = parse_operators(&r, t, err, errlen);
    } else if (ok) {
        ok = parse_level1(buf, len, t, err, errlen);
    }
    if (!ok)
        trace_free(t);
    return ok;
}

bool trace_read(const char *path, trace_t *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    /* Mapped: level-1 traces run to gigabytes. */
    file_data_t file;
    if (!file_map(path, &file, err, errlen))
        return false;
    char why[256];
    if (!trace_parse(file.bytes, file.size, t, why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", path, why);
        file_data_free(&file);
        return false;
    }
    t->file = file;
    return true;
}

void trace_free(trace_t *t)
{
    for (uint32_t i = 0; i < t->nstrings; i++)
        free(t->strings[i]);
    free(t->strings);
    free(t->recs);
    file_data_free(&t->file);
    memset(t, 0, sizeof *t);
}

/* ---- Chrome trace-event timeline ---------------------------------------- */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20 || ch >= 0x7F)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

bool trace_write_timeline(const char *path, const machine_t *m, const analysis_t *a, char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write", path);
        return false;
    }
    double mhz = m->desc.cpu_mhz;
    fprintf(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"soc\":");
    json_str(f, m->desc.name);
    fprintf(f, ",\"cpu_mhz\":%.3f,\"time\":\"simulated microseconds\"},\"traceEvents\":[\n", mhz);
    fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":");
    json_str(f, m->desc.name);
    fprintf(f, "}}");
    static const char *lanes[] = {"inference", "cpu", "npu", "dsp", "npu dma"};
    for (int l = 0; l < 5; l++)
        fprintf(f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,\"args\":{\"name\":\"%s\"}}", l,
                lanes[l]);
    for (uint32_t i = 0; i < a->ninfers; i++)
        fprintf(f, ",\n{\"name\":\"inference %u\",\"cat\":\"inference\",\"ph\":\"X\",\"pid\":1,\"tid\":0,"
                "\"ts\":%.3f,\"dur\":%.3f,\"args\":{\"cycles\":%llu,\"energy_uj\":%.3f}}",
                i, a->infers[i].begin / mhz, a->infers[i].cycles / mhz, (unsigned long long)a->infers[i].cycles,
                a->infers[i].energy_pj / 1e6);
    /* The NPU's own activity on its lane: each job from CMD go to its stop. */
    const ethosu_device_t *npu = m->npu.dev;
    for (uint32_t i = 0; npu && i < npu->njobs; i++) {
        const ethosu_job_t *j = &npu->jobs[i];
        fprintf(f, ",\n{\"name\":\"npu job %u\",\"cat\":\"npu\",\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":%.3f,"
                "\"dur\":%.3f,\"args\":{\"cycles\":%llu,\"commands\":%llu,\"status\":\"0x%04x\","
                "\"contention_cpu_stall_cycles\":%llu,\"contention_npu_cycles\":%llu}}",
                i, j->start / mhz, (j->end - j->start) / mhz, (unsigned long long)(j->end - j->start),
                (unsigned long long)j->commands, j->status, (unsigned long long)j->contention_cpu_cycles,
                (unsigned long long)j->contention_npu_cycles);
    }
    /* The last job operation by operation, as the timing model placed
     * them: kernel operations on the npu lane, DMAs (which run beside
     * them) on the "npu dma" lane. */
    static const char *const kinds[] = {"reg", "conv", "depthwise", "pool", "elementwise", "dma"};
    for (uint32_t i = 0; npu && i < npu->nlog; i++) {
        const ethosu_cmd_rec_t *r = &npu->log[i];
        const char *kind = (unsigned)r->kind < sizeof kinds / sizeof kinds[0] ? kinds[r->kind] : "op";
        fprintf(f, ",\n{\"name\":\"%s @0x%x\",\"cat\":\"npu_op\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%.3f,"
                "\"dur\":%.3f,\"args\":{\"cycles\":%llu,\"compute_cycles\":%llu,\"macs\":%llu,"
                "\"axi_read_bytes\":[%llu,%llu],\"axi_write_bytes\":[%llu,%llu]}}",
                kind, r->offset, r->kind == NPU_OPK_DMA ? 4 : 2, r->start / mhz, (r->end - r->start) / mhz, (unsigned long long)(r->end - r->start),
                (unsigned long long)r->cost.compute, (unsigned long long)r->macs,
                (unsigned long long)r->read_bytes[0], (unsigned long long)r->read_bytes[1],
                (unsigned long long)r->write_bytes[0], (unsigned long long)r->write_bytes[1]);
    }
    for (uint32_t i = 0; i < a->ncalls; i++) {
        const op_call_t *c = &a->calls[i];
        fprintf(f, ",\n{\"name\":");
        json_str(f, c->name);
        fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f,"
                "\"args\":{\"index\":%u,\"iteration\":%u,\"cycles\":%llu,\"instructions\":%llu,\"energy_uj\":%.3f",
                report_engine_name(c->engine), (c->engine < 3 ? c->engine : 0) + 1, c->start / mhz, c->cycles / mhz,
                c->index, c->iteration, (unsigned long long)c->cycles, (unsigned long long)c->instret,
                c->energy_pj / 1e6);
        if (c->engine == ETSIM_ENGINE_NPU)
            fprintf(f, ",\"npu_active_cycles\":%llu,\"npu_macs\":%llu,\"npu_axi_read_bytes\":[%llu,%llu],"
                    "\"npu_axi_write_bytes\":[%llu,%llu]",
                    (unsigned long long)c->npu.active_cycles, (unsigned long long)c->npu.macs,
                    (unsigned long long)c->npu.read_bytes[0], (unsigned long long)c->npu.read_bytes[1],
                    (unsigned long long)c->npu.write_bytes[0], (unsigned long long)c->npu.write_bytes[1]);
        fprintf(f, "}}");
    }
    fprintf(f, "\n]}\n");
    bool ok = fclose(f) == 0;
    if (!ok)
        snprintf(err, errlen, "%s: write error", path);
    return ok;
}
