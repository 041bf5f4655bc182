/* Helpers for the NPU tests (npu_test_util.h). */
#include "npu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint8_t *nt_read_shared(const char *rel, size_t *size)
{
    char path[1024];
    const char *root = getenv("ETSIM_SHARED");
    snprintf(path, sizeof path, "%s/%s", root ? root : "../shared", rel);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf)
        *size = (size_t)n;
    return buf;
}

uint8_t *nt_mem_add(nt_mem_t *m, uint32_t base, uint32_t size)
{
    if (m->nwin >= 4)
        return NULL;
    m->win[m->nwin].base = base;
    m->win[m->nwin].size = size;
    m->win[m->nwin].bytes = calloc(size ? size : 1, 1);
    return m->win[m->nwin++].bytes;
}

void nt_mem_free(nt_mem_t *m)
{
    for (unsigned i = 0; i < m->nwin; i++)
        free(m->win[i].bytes);
    m->nwin = 0;
}

static uint8_t *lookup(nt_mem_t *m, uint32_t addr, uint32_t len)
{
    for (unsigned i = 0; i < m->nwin; i++) {
        if (addr >= m->win[i].base && (uint64_t)addr + len <= (uint64_t)m->win[i].base + m->win[i].size)
            return m->win[i].bytes + (addr - m->win[i].base);
    }
    return NULL;
}

static bool mem_read(void *ctx, uint32_t addr, void *dst, uint32_t len, unsigned axi_port)
{
    nt_mem_t *m = ctx;
    uint8_t *p = lookup(m, addr, len);
    if (!p)
        return false;
    memcpy(dst, p, len);
    m->reads += len;
    return true;
}

static bool mem_write(void *ctx, uint32_t addr, const void *src, uint32_t len, unsigned axi_port)
{
    nt_mem_t *m = ctx;
    uint8_t *p = lookup(m, addr, len);
    if (!p)
        return false;
    memcpy(p, src, len);
    m->writes += len;
    return true;
}

npu_port_t nt_mem_port(nt_mem_t *m)
{
    return (npu_port_t){.ctx = m, .read = mem_read, .write = mem_write};
}

npu_step_result_t nt_run(npu_core_t *c, const npu_bases_t *b, unsigned max_cmds, npu_op_info_t *last)
{
    uint32_t qread = 0;
    npu_step_result_t r = NPU_STEP_CONTINUE;
    for (unsigned i = 0; i < max_cmds; i++) {
        r = npu_core_step(c, b, &qread, last);
        if (r != NPU_STEP_CONTINUE && r != NPU_STEP_IRQ)
            return r;
    }
    return r;
}

void nt_cmd0(nt_stream_t *s, unsigned op, uint16_t param)
{
    if (s->n < 4096)
        s->w[s->n++] = (uint32_t)op | (uint32_t)param << 16;
}

void nt_cmd1(nt_stream_t *s, unsigned op, uint16_t param, uint32_t payload)
{
    if (s->n + 2 <= 4096) {
        s->w[s->n++] = (uint32_t)op | 0x4000u | (uint32_t)param << 16;
        s->w[s->n++] = payload;
    }
}
