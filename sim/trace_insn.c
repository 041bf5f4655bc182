/* Level-1 traces: one record per retired instruction (docs/trace.md,
 * "Instruction section").
 *
 * The writer is the core's on_insn hook.  Per instruction it appends a
 * record of 1 to ~10 bytes to a 1 MiB buffer: a tag byte, then only what
 * cannot be predicted: the cycles since the previous record when there are
 * more than 6, the PC when it is not the one after the previous
 * instruction, the encoding the first time a PC is seen (or when the code
 * there changed), and the registers whose value changed, found by
 * comparing with a copy of the state kept here.  The buffer is written out
 * (and its CRC taken) when it fills, so there is one write(2) per MiB.
 *
 * The reader walks the same records and rebuilds the state after each
 * instruction; it trusts nothing (every field is bounds-checked and a bad
 * one is an error naming its byte in the file). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../isa/insn.h"
#include "trace.h"

#define BLOCK_BYTES (1u << 20)
#define MAX_RECORD 256            /* 1 + 10 + 5 + 4 + 8 + 16 * 5 + 34 * 4 = 244 */

/* Tag byte. */
#define TAG_CYCLES 0x07u          /* 0..6: the cycle delta; 7: a varint follows */
#define TAG_JUMP 0x08u            /* a varint PC offset follows */
#define TAG_GPR 0x30u             /* 0 none, 1 one slot (a byte), 2 a 2-byte mask */
#define TAG_GPR_SHIFT 4
#define TAG_ENCODING 0x40u        /* the encoding follows: 1 or 2 halfwords */
#define TAG_FP 0x80u              /* FP/MVE state changed: a varint mask follows */

/* A level-2 memory record: bits 4-5 both set (TAG_GPR = 3), then: */
#define TAG_MEM 0x30u
#define MEM_SIZE 0x03u            /* 0: 1 byte, 1: 2, 2: 4, 3: 16 */
#define MEM_WRITE 0x04u
#define MEM_EXCEPTION 0x08u       /* stacking, unstacking, vector table */
#define MEM_WAIT 0x40u            /* a varint with the stall cycles follows */
#define MEM_JUMP 0x80u            /* a varint zigzag(address - expected) follows */
#define MAX_MEM_RECORD 32         /* 1 + 5 + 5 + 16 */
_Static_assert(MAX_MEM_RECORD <= MAX_RECORD, "a memory record fits the room left before a flush");

/* FP mask bits: one per Q register, then FPSCR and VPR. */
#define FPM_FPSCR (1u << 8)
#define FPM_VPR (1u << 9)

#define PCMAP_PAGES 65536u        /* per 64 KiB of address space */
#define PCMAP_ENTRIES 32768u      /* per halfword */

/* ---- writing ------------------------------------------------------------- */

struct itrace {
    uint8_t *pos, *limit;         /* in buf; flush when pos reaches limit */
    uint32_t expect;              /* PC after the previous instruction */
    uint32_t mem_expect;          /* address after the previous access */
    uint64_t cycles, count;
    uint32_t st[TRACE_SLOTS];     /* the state as the records so far describe it */
    cpu_t *cpu;
    uint8_t *buf;
    int fd;
    bool regular, failed;
    int why;                      /* errno of the failure */
    char *path;
    uint64_t written;             /* bytes in the file so far */
    uint32_t crc;
    trace_crc_t crc_tab;
    /* Encoding key last written per PC: 0 never, hw + 1 (16-bit), raw (32-bit). */
    uint32_t *pcmap[PCMAP_PAGES];
};

static inline uint8_t *put_varint(uint8_t *p, uint64_t v)
{
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    return p;
}

static inline uint32_t zigzag32(int32_t v)
{
    return ((uint32_t)v << 1) ^ (uint32_t)(v >> 31);
}

static inline int32_t unzigzag32(uint32_t v)
{
    return (int32_t)((v >> 1) ^ (0u - (v & 1u)));
}

/* xPSR changes are XORs rotated so the flags (bits 31..27) land in the low
 * bits of the varint. */
static inline uint32_t rotl5(uint32_t v)
{
    return v << 5 | v >> 27;
}

static inline uint32_t rotr5(uint32_t v)
{
    return v >> 5 | v << 27;
}

static inline uint8_t *put_u16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    return p + 2;
}

static inline uint8_t *put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
    return p + 4;
}

static void write_out(itrace_t *t, const uint8_t *p, size_t n)
{
    if (t->failed)
        return;
    t->crc = trace_crc_update(&t->crc_tab, t->crc, p, n);
    t->written += n;
    while (n) {
        ssize_t w = write(t->fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            t->failed = true;
            t->why = w < 0 ? errno : ENOSPC;
            /* Nothing after this can be kept: stop the run now rather than
             * simulate for nothing. */
            cpu_request_stop(t->cpu, STOP_REQUEST, 0);
            return;
        }
        p += w;
        n -= (size_t)w;
    }
}

static __attribute__((noinline)) void flush(itrace_t *t)
{
    write_out(t, t->buf, (size_t)(t->pos - t->buf));
    t->pos = t->buf;
}

/* Four registers compared at once (GCC vector extension: SIMD where the
 * host has it, plain code elsewhere). */
typedef uint32_t v4u __attribute__((vector_size(16)));

static inline v4u load4(const uint32_t *p)
{
    v4u v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Bit i of the result: a[i] != b[i], for 4 lanes, shifted left by sh. */
static inline v4u ne4(v4u a, v4u b, unsigned sh)
{
    const v4u bit = {1u, 2u, 4u, 8u};
    return ((v4u)(a != b) & bit) << sh;
}

static inline uint32_t or4(v4u v)
{
    return v[0] | v[1] | v[2] | v[3];
}

/* xPSR as cpu_xpsr() (isa/exception.c) builds it, inline: it runs after
 * every instruction. */
static inline uint32_t xpsr_of(const cpu_t *cpu)
{
    uint32_t it = cpu->itstate;
    return cpu->n << 31 | cpu->z << 30 | cpu->c << 29 | cpu->v << 28 | cpu->q << 27 | (it & 3u) << 25 |
           (uint32_t)cpu->epsr_t << 24 | (cpu->ge & 0xFu) << 16 | (it >> 2) << 10 | (cpu->ipsr & 0x1FFu);
}

/* Lanes of s0..s31 (bit i: s[i]) that differ from the copy. */
static inline uint32_t fp_lanes(const cpu_t *cpu, const uint32_t *st)
{
    v4u m = ne4(load4(&cpu->fp.s[0]), load4(&st[0]), 0) | ne4(load4(&cpu->fp.s[4]), load4(&st[4]), 4) |
            ne4(load4(&cpu->fp.s[8]), load4(&st[8]), 8) | ne4(load4(&cpu->fp.s[12]), load4(&st[12]), 12) |
            ne4(load4(&cpu->fp.s[16]), load4(&st[16]), 16) | ne4(load4(&cpu->fp.s[20]), load4(&st[20]), 20) |
            ne4(load4(&cpu->fp.s[24]), load4(&st[24]), 24) | ne4(load4(&cpu->fp.s[28]), load4(&st[28]), 28);
    return or4(m);
}

/* The FP/MVE part of a record: the Q mask, lane nibbles, values. */
static __attribute__((noinline)) uint8_t *put_fp(const cpu_t *cpu, uint32_t *st, uint32_t lanes, uint8_t *p)
{
    uint32_t qmask = 0;
    for (unsigned q = 0; q < 8; q++)
        qmask |= (uint32_t)(((lanes >> (4 * q)) & 0xFu) != 0) << q;
    qmask |= (cpu->fpscr != st[TRACE_SLOT_FPSCR] ? FPM_FPSCR : 0) | (cpu->vpr != st[TRACE_SLOT_VPR] ? FPM_VPR : 0);
    p = put_varint(p, qmask);
    unsigned half = 0;
    for (unsigned q = 0; q < 8; q++) {
        uint32_t nib = (lanes >> (4 * q)) & 0xFu;
        if (!nib)
            continue;
        if (half)
            p[-1] |= (uint8_t)(nib << 4);
        else
            *p++ = (uint8_t)nib;
        half ^= 1;
    }
    for (uint32_t l = lanes; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctz(l);
        p = put_u32(p, cpu->fp.s[i]);
        st[TRACE_SLOT_S0 + i] = cpu->fp.s[i];
    }
    if (qmask & FPM_FPSCR)
        p = put_u32(p, st[TRACE_SLOT_FPSCR] = cpu->fpscr);
    if (qmask & FPM_VPR)
        p = put_u32(p, st[TRACE_SLOT_VPR] = cpu->vpr);
    return p;
}

/* The hook: runs after every retired instruction. */
static void on_insn(void *ctx, const cpu_t *cpu, uint32_t pc, const insn_t *in)
{
    itrace_t *t = ((const machine_t *)ctx)->trace_ctx;
    uint8_t *p = t->pos + 1;
    unsigned tag;
    uint64_t dc = cpu->cycles - t->cycles;
    t->cycles = cpu->cycles;
    if (dc < 7) {
        tag = (unsigned)dc;
    } else {
        tag = 7;
        p = put_varint(p, dc);
    }
    bool jump = pc != t->expect;
    if (jump) {
        tag |= TAG_JUMP;
        p = put_varint(p, zigzag32((int32_t)(pc - t->expect) >> 1));
    }
    t->expect = pc + in->size;

    uint32_t raw = in->raw, key = in->size == 4 ? raw : raw + 1;
    uint32_t *page = t->pcmap[pc >> 16];
    if (!page)
        page = t->pcmap[pc >> 16] = calloc(PCMAP_ENTRIES, sizeof *page);   /* NULL: always write it */
    uint32_t *ent = page ? &page[(pc & 0xFFFFu) >> 1] : &key;
    if (*ent != key || !page) {
        *ent = key;
        tag |= TAG_ENCODING;
        p = in->size == 4 ? put_u16(put_u16(p, raw >> 16), raw) : put_u16(p, raw);
    }

    /* r0..r14 and xPSR. */
    uint32_t *st = t->st;
    uint32_t xpsr = xpsr_of(cpu);
    v4u hi = load4(&cpu->r[12]);
    hi[3] = xpsr;
    uint32_t mask = or4(ne4(load4(&cpu->r[0]), load4(&st[0]), 0) | ne4(load4(&cpu->r[4]), load4(&st[4]), 4) |
                        ne4(load4(&cpu->r[8]), load4(&st[8]), 8) | ne4(hi, load4(&st[12]), 12));
    if (mask) {
        if (!(mask & (mask - 1))) {
            tag |= 1u << TAG_GPR_SHIFT;
            *p++ = (uint8_t)__builtin_ctz(mask);
        } else {
            tag |= 2u << TAG_GPR_SHIFT;
            p = put_u16(p, mask);
        }
        if (mask & (1u << TRACE_SLOT_XPSR)) {
            mask &= ~(1u << TRACE_SLOT_XPSR);
            p = put_varint(p, rotl5(xpsr ^ st[TRACE_SLOT_XPSR]));
            st[TRACE_SLOT_XPSR] = xpsr;
        }
        for (; mask; mask &= mask - 1) {
            unsigned r = (unsigned)__builtin_ctz(mask);
            p = put_varint(p, zigzag32((int32_t)(cpu->r[r] - st[r])));
            st[r] = cpu->r[r];
        }
    }
    /* FP/MVE state: after every 32-bit instruction (not only the
     * coprocessor space writes it: VCTP, in the branch space, writes VPR)
     * and every jump (exception entry and return, handled after the
     * instruction before them, always jump).  No 16-bit instruction writes
     * it. */
    if (in->size == 4 || jump || !t->count) {
        uint32_t lanes = fp_lanes(cpu, st + TRACE_SLOT_S0);
        if (lanes || cpu->fpscr != st[TRACE_SLOT_FPSCR] || cpu->vpr != st[TRACE_SLOT_VPR]) {
            tag |= TAG_FP;
            p = put_fp(cpu, st, lanes, p);
        }
    }
    *t->pos = (uint8_t)tag;
    t->pos = p;
    t->count++;
    if (__builtin_expect(p >= t->limit, 0))
        flush(t);
}

/* The level-2 hook: runs after every data access of the core, before the
 * record of the instruction that made it. */
static void on_mem(void *ctx, const cpu_t *cpu, uint32_t addr, unsigned size, const void *bytes, unsigned flags,
                   uint32_t wait)
{
    itrace_t *t = ((const machine_t *)ctx)->trace_ctx;
    unsigned code = size == 16 ? 3u : size == 4 ? 2u : size == 2 ? 1u : 0u;
    if ((1u << code) != size && size != 16) {
        /* Not a size the core makes; kept exact as single bytes. */
        for (unsigned i = 0; i < size; i++)
            on_mem(ctx, cpu, addr + i, 1, (const uint8_t *)bytes + i, flags, i ? 0 : wait);
        return;
    }
    uint8_t *p = t->pos + 1;
    unsigned tag = TAG_MEM | code | (flags & CPU_MEM_WRITE ? MEM_WRITE : 0) |
                   (flags & CPU_MEM_EXCEPTION ? MEM_EXCEPTION : 0);
    if (addr != t->mem_expect) {
        tag |= MEM_JUMP;
        p = put_varint(p, zigzag32((int32_t)(addr - t->mem_expect)));
    }
    if (wait) {
        tag |= MEM_WAIT;
        p = put_varint(p, wait);
    }
    memcpy(p, bytes, size);
    p += size;
    *t->pos = (uint8_t)tag;
    t->pos = p;
    t->mem_expect = addr + size;
    if (__builtin_expect(p >= t->limit, 0))
        flush(t);
}

itrace_t *itrace_open(const char *path, machine_t *m, int level, char *err, size_t errlen)
{
    itrace_t *t = calloc(1, sizeof *t);
    uint8_t *buf = malloc(BLOCK_BYTES);
    char *name = strdup(path);
    if (!t || !buf || !name) {
        snprintf(err, errlen, "%s: out of memory", path);
        free(t);
        free(buf);
        free(name);
        return NULL;
    }
    t->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (t->fd < 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        free(t);
        free(buf);
        free(name);
        return NULL;
    }
    struct stat sb;
    t->regular = fstat(t->fd, &sb) == 0 && S_ISREG(sb.st_mode);
    t->buf = buf;
    t->path = name;
    t->cpu = m->cpu;
    t->limit = buf + BLOCK_BYTES - MAX_RECORD;
    trace_crc_init(&t->crc_tab);
    /* The header: what is known before the run. */
    uint8_t *p = buf;
    memcpy(p, TRACE_MAGIC, 8);
    p = put_u16(p + 8, TRACE_VERSION_BASE);
    *p++ = (uint8_t)level;
    *p++ = 0;
    p = put_u32(p, (uint32_t)(m->desc.cpu_mhz * 1000.0 + 0.5));
    memset(p, 0, 16);
    t->pos = p + 16;
    machine_set_on_insn(m, on_insn, t);
    if (level >= TRACE_LEVEL_MEMORY && !machine_set_on_mem(m, on_mem, t)) {
        snprintf(err, errlen, "%s: out of memory", path);
        machine_set_on_insn(m, NULL, NULL);
        itrace_abort(t);
        return NULL;
    }
    return t;
}

bool itrace_error(const itrace_t *t, char *err, size_t errlen)
{
    if (!t->failed)
        return false;
    snprintf(err, errlen, "%s: write error: %s (the run was stopped after %llu instructions)", t->path,
             strerror(t->why), (unsigned long long)t->count);
    return true;
}

uint64_t itrace_count(const itrace_t *t)
{
    return t->count;
}

static void itrace_free(itrace_t *t)
{
    for (unsigned i = 0; i < PCMAP_PAGES; i++)
        free(t->pcmap[i]);
    free(t->buf);
    free(t->path);
    free(t);
}

void itrace_abort(itrace_t *t)
{
    if (!t)
        return;
    if (t->fd >= 0)
        close(t->fd);
    if (t->regular)
        unlink(t->path);   /* a partial trace is useless; free the disk */
    itrace_free(t);
}

bool itrace_finish(itrace_t *t, const machine_t *m, const run_info_t *ri, const analysis_t *a, char *err,
                   size_t errlen)
{
    flush(t);
    uint64_t op_off = t->written;
    size_t len = 0;
    uint8_t *image = t->failed ? NULL : trace_operator_image(m, ri, a, &len);
    if (!t->failed && !image) {
        snprintf(err, errlen, "%s: out of memory", t->path);
        itrace_abort(t);
        return false;
    }
    write_out(t, image, len);
    free(image);
    uint8_t tail[TRACE_TRAILER_BYTES];
    put_u32(put_u32(put_u32(put_u32(tail, (uint32_t)op_off), (uint32_t)(op_off >> 32)), (uint32_t)t->count),
            (uint32_t)(t->count >> 32));
    write_out(t, tail, sizeof tail);
    uint8_t crc[4];
    put_u32(crc, t->crc);
    write_out(t, crc, sizeof crc);
    if (!t->failed && close(t->fd) != 0) {
        t->failed = true;
        t->why = errno;
    } else if (!t->failed) {
        t->fd = -1;
    }
    if (itrace_error(t, err, errlen)) {
        snprintf(err, errlen, "%s: write error: %s", t->path, strerror(t->why));
        itrace_abort(t);
        return false;
    }
    itrace_free(t);
    return true;
}

/* ---- reading ------------------------------------------------------------- */

/* PC -> (encoding key, dense id), open addressing.  Its size grows with the
 * PCs in the file, never with what a corrupt field claims. */
struct trace_pcmap {
    uint32_t *pc1;                /* pc + 1, 0 = empty slot */
    uint32_t *key, *id;
    uint32_t cap, n;
};

static uint32_t pc_hash(uint32_t pc, uint32_t cap)
{
    return ((pc >> 1) * 0x9E3779B1u) & (cap - 1);
}

static bool pcmap_grow(trace_pcmap_t *m)
{
    uint32_t cap = m->cap ? m->cap * 2 : 1024;
    trace_pcmap_t n = {calloc(cap, 4), calloc(cap, 4), calloc(cap, 4), cap, m->n};
    if (!n.pc1 || !n.key || !n.id || cap < m->cap) {
        free(n.pc1);
        free(n.key);
        free(n.id);
        return false;
    }
    for (uint32_t i = 0; i < m->cap; i++) {
        if (!m->pc1[i])
            continue;
        uint32_t h = pc_hash(m->pc1[i] - 1, cap);
        while (n.pc1[h])
            h = (h + 1) & (cap - 1);
        n.pc1[h] = m->pc1[i];
        n.key[h] = m->key[i];
        n.id[h] = m->id[i];
    }
    free(m->pc1);
    free(m->key);
    free(m->id);
    *m = n;
    return true;
}

/* The table slot for pc; inserted (key 0) when insert, else -1 if absent.
 * -2: out of memory. */
static int64_t pcmap_find(trace_pcmap_t *m, uint32_t pc, bool insert)
{
    if (m->cap) {
        uint32_t h = pc_hash(pc, m->cap);
        for (; m->pc1[h]; h = (h + 1) & (m->cap - 1))
            if (m->pc1[h] == pc + 1)
                return h;
    }
    if (!insert)
        return -1;
    if ((uint64_t)(m->n + 1) * 2 > m->cap && !pcmap_grow(m))
        return -2;
    uint32_t h = pc_hash(pc, m->cap);
    while (m->pc1[h])
        h = (h + 1) & (m->cap - 1);
    m->pc1[h] = pc + 1;
    m->key[h] = 0;
    m->id[h] = m->n++;
    return h;
}

bool trace_iter_start(trace_iter_t *it, const trace_t *t)
{
    memset(it, 0, sizeof *it);
    it->t = t;
    it->pcs = calloc(1, sizeof *it->pcs);
    return it->pcs != NULL;
}

void trace_iter_free(trace_iter_t *it)
{
    if (it->pcs) {
        free(it->pcs->pc1);
        free(it->pcs->key);
        free(it->pcs->id);
        free(it->pcs);
    }
    it->pcs = NULL;
    free(it->mem);
    it->mem = NULL;
}

uint32_t trace_iter_npcs(const trace_iter_t *it)
{
    return it->pcs ? it->pcs->n : 0;
}

static bool get_varint(const uint8_t *p, size_t end, size_t *pos, uint64_t *v, unsigned bits)
{
    uint64_t x = 0;
    for (unsigned shift = 0; shift < 70; shift += 7) {
        if (*pos >= end)
            return false;
        uint8_t b = p[(*pos)++];
        if (shift == 63 && (b & 0x7E))
            return false;            /* beyond 64 bits */
        x |= (uint64_t)(b & 0x7F) << shift;
        if (!(b & 0x80)) {
            *v = x;
            return bits >= 64 || x < (1ull << bits);
        }
    }
    return false;
}

static bool iter_fail(trace_iter_t *it, const char *what, size_t pos)
{
    snprintf(it->err, sizeof it->err, "corrupt: %s (instruction record %llu, at byte %zu)", what,
             (unsigned long long)it->index, it->t->insn_off + pos);
    return false;
}

static inline uint32_t get_u32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The FP/MVE part of a record (after TAG_FP). */
static bool get_fp(trace_iter_t *it, const uint8_t *p, size_t end, size_t *pos, uint64_t *changed)
{
    uint64_t qmask;
    if (!get_varint(p, end, pos, &qmask, 10) || !qmask)
        return false;
    uint32_t lanes = 0;
    unsigned half = 0, nib = 0;
    for (unsigned q = 0; q < 8; q++) {
        if (!(qmask >> q & 1))
            continue;
        if (!half) {
            if (*pos >= end)
                return false;
            nib = p[(*pos)++];
            if ((nib & 0xF) == 0)
                return false;
        } else {
            nib >>= 4;
            if (nib == 0)
                return false;
        }
        lanes |= (nib & 0xFu) << (4 * q);
        half ^= 1;
    }
    if (half && (nib >> 4))
        return false;              /* a spare high nibble must be zero */
    for (uint32_t l = lanes; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctz(l);
        if (end - *pos < 4)
            return false;
        it->state[TRACE_SLOT_S0 + i] = get_u32(p + *pos);
        *pos += 4;
    }
    *changed |= (uint64_t)lanes << TRACE_SLOT_S0;
    for (unsigned k = 0; k < 2; k++) {
        unsigned slot = k ? TRACE_SLOT_VPR : TRACE_SLOT_FPSCR;
        if (!(qmask & (k ? FPM_VPR : FPM_FPSCR)))
            continue;
        if (end - *pos < 4)
            return false;
        it->state[slot] = get_u32(p + *pos);
        *pos += 4;
        *changed |= 1ull << slot;
    }
    return true;
}

/* A level-2 memory record at p[*pos] (its tag already read), appended to
 * it->mem. */
static bool get_mem(trace_iter_t *it, unsigned tag, const uint8_t *p, size_t end, size_t *pos)
{
    if (it->nmem == it->mem_cap) {
        uint32_t cap = it->mem_cap ? 2 * it->mem_cap : 64;
        trace_mem_t *m = realloc(it->mem, cap * sizeof *m);
        if (!m)
            return false;
        it->mem = m;
        it->mem_cap = cap;
    }
    trace_mem_t *m = &it->mem[it->nmem];
    uint64_t v = 0;
    m->addr = it->mem_expect;
    if (tag & MEM_JUMP) {
        if (!get_varint(p, end, pos, &v, 32))
            return false;
        m->addr += (uint32_t)unzigzag32((uint32_t)v);
    }
    v = 0;
    if ((tag & MEM_WAIT) && (!get_varint(p, end, pos, &v, 32) || !v))
        return false;
    m->wait = (uint32_t)v;
    unsigned code = tag & MEM_SIZE;
    m->size = (uint8_t)(code == 3 ? 16 : 1u << code);
    m->flags = (uint8_t)((tag & MEM_WRITE ? TRACE_MEM_WRITE : 0) | (tag & MEM_EXCEPTION ? TRACE_MEM_EXCEPTION : 0));
    if (end - *pos < m->size)
        return false;
    memcpy(m->bytes, p + *pos, m->size);
    *pos += m->size;
    it->mem_expect = m->addr + m->size;
    it->nmem++;
    return true;
}

bool trace_iter_next(trace_iter_t *it, trace_insn_t *out)
{
    const trace_t *t = it->t;
    const uint8_t *p = t->insn;
    size_t end = t->insn_len, pos = it->pos, at = pos;
    it->err[0] = '\0';
    it->nmem = 0;
    /* Level 2: the memory records before the instruction's. */
    while (t->level >= TRACE_LEVEL_MEMORY && pos < end && (p[pos] & TAG_GPR) == TAG_MEM) {
        at = pos;
        unsigned tag = p[pos++];
        if (it->nmem >= TRACE_MAX_MEM_PER_INSN)
            return iter_fail(it, "too many memory accesses before one instruction", at);
        if (!get_mem(it, tag, p, end, &pos))
            return iter_fail(it, "bad memory access record", at);
        it->pos = pos;
    }
    at = pos;
    if (pos >= end) {
        if (it->index != t->ninsns)
            return iter_fail(it, "fewer instruction records than the trailer counts", end);
        return false;
    }
    if (it->index >= t->ninsns)
        return iter_fail(it, "more instruction records than the trailer counts", at);
    unsigned tag = p[pos++];
    unsigned gpr = (tag & TAG_GPR) >> TAG_GPR_SHIFT;
    if (gpr == 3)
        return iter_fail(it, "bad record tag", at);
    uint64_t dc = tag & TAG_CYCLES, v;
    if (dc == 7 && !get_varint(p, end, &pos, &dc, 64))
        return iter_fail(it, "bad cycle count", at);
    if (it->cycles + dc < it->cycles)
        return iter_fail(it, "cycle count overflows", at);
    uint32_t pc = it->expect;
    if (tag & TAG_JUMP) {
        if (!get_varint(p, end, &pos, &v, 32))
            return iter_fail(it, "bad PC", at);
        pc = it->expect + ((uint32_t)unzigzag32((uint32_t)v) << 1);
    }
    int64_t h = pcmap_find(it->pcs, pc, (tag & TAG_ENCODING) != 0);
    if (h == -2)
        return iter_fail(it, "out of memory", at);
    if (h < 0)
        return iter_fail(it, "an instruction whose encoding was never given", at);
    if (tag & TAG_ENCODING) {
        if (end - pos < 2)
            return iter_fail(it, "encoding runs past the end", at);
        uint32_t hw1 = p[pos] | (uint32_t)p[pos + 1] << 8, key = hw1 + 1;
        pos += 2;
        if (isa_is_32bit(hw1)) {
            if (end - pos < 2)
                return iter_fail(it, "encoding runs past the end", at);
            key = hw1 << 16 | p[pos] | (uint32_t)p[pos + 1] << 8;
            pos += 2;
        }
        it->pcs->key[h] = key;
    }
    uint32_t key = it->pcs->key[h];
    uint64_t changed = 0;
    if (gpr == 1) {
        if (pos >= end || p[pos] > TRACE_SLOT_XPSR)
            return iter_fail(it, "bad register number", at);
        changed = 1ull << p[pos++];
    } else if (gpr == 2) {
        if (end - pos < 2 || !(changed = p[pos] | (uint32_t)p[pos + 1] << 8))
            return iter_fail(it, "bad register mask", at);
        pos += 2;
    }
    if (changed & (1u << TRACE_SLOT_XPSR)) {
        if (!get_varint(p, end, &pos, &v, 32))
            return iter_fail(it, "bad xPSR value", at);
        it->state[TRACE_SLOT_XPSR] ^= rotr5((uint32_t)v);
    }
    for (uint64_t m = changed & 0x7FFFu; m; m &= m - 1) {
        unsigned r = (unsigned)__builtin_ctzll(m);
        if (!get_varint(p, end, &pos, &v, 32))
            return iter_fail(it, "bad register value", at);
        it->state[r] += (uint32_t)unzigzag32((uint32_t)v);
    }
    if ((tag & TAG_FP) && !get_fp(it, p, end, &pos, &changed))
        return iter_fail(it, "bad FP/MVE register change", at);
    it->cycles += dc;
    out->index = it->index++;
    out->cycles = it->cycles;
    out->pc = pc;
    out->size = key > 0x10000u ? 4 : 2;
    out->raw = key > 0x10000u ? key : key - 1;
    out->pc_id = it->pcs->id[h];
    out->changed = changed;
    out->state = it->state;
    out->mem = it->mem;
    out->nmem = it->nmem;
    it->expect = pc + out->size;
    it->pos = pos;
    return true;
}

bool trace_insn_check(const trace_t *t, char *err, size_t errlen)
{
    trace_iter_t it;
    trace_insn_t rec;
    if (!trace_iter_start(&it, t)) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    while (trace_iter_next(&it, &rec))
        ;
    bool ok = it.err[0] == '\0';
    if (!ok)
        snprintf(err, errlen, "%s", it.err);
    trace_iter_free(&it);
    return ok;
}

const char *trace_slot_name(unsigned slot, char *buf, size_t len)
{
    if (slot == 13)
        return "sp";
    if (slot == 14)
        return "lr";
    if (slot < 13)
        snprintf(buf, len, "r%u", slot);
    else if (slot == TRACE_SLOT_XPSR)
        return "xpsr";
    else if (slot < TRACE_SLOT_FPSCR)
        snprintf(buf, len, "s%u", slot - TRACE_SLOT_S0);
    else
        return slot == TRACE_SLOT_FPSCR ? "fpscr" : slot == TRACE_SLOT_VPR ? "vpr" : "?";
    return buf;
}
