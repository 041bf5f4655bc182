/* The HLD image: what etsim-dsp-as writes and the M55 (later) or a test
 * loads into the DSP's local memories.  Little endian:
 *   header (16 bytes): "HLDI", u16 version (1), u16 section count,
 *                      u32 entry address, u32 0
 *   section table: per section u32 address, u32 size, u32 file offset,
 *                  u32 flags (bit 0: code, for instruction memory)
 *   section bytes, each at its offset. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "dsp_asm.h"

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

uint8_t *dsp_image_build(const dsp_program_t *p, size_t *len)
{
    const dsp_section_t *secs[2] = { &p->text, &p->data };
    unsigned n = 0;
    size_t total = DSP_IMAGE_HEADER_BYTES;
    for (int i = 0; i < 2; i++)
        if (secs[i]->size) {
            n++;
            total += DSP_IMAGE_SECTION_BYTES + secs[i]->size;
        }
    uint8_t *img = calloc(1, total);
    if (!img)
        return NULL;
    memcpy(img, DSP_IMAGE_MAGIC, 4);
    img[4] = DSP_IMAGE_VERSION;
    img[6] = (uint8_t)n;
    put32(img + 8, p->entry);
    size_t table = DSP_IMAGE_HEADER_BYTES, off = DSP_IMAGE_HEADER_BYTES + n * DSP_IMAGE_SECTION_BYTES;
    for (int i = 0; i < 2; i++) {
        if (!secs[i]->size)
            continue;
        put32(img + table, secs[i]->addr);
        put32(img + table + 4, secs[i]->size);
        put32(img + table + 8, (uint32_t)off);
        put32(img + table + 12, i == 0 ? DSP_IMAGE_FLAG_CODE : 0);
        memcpy(img + off, secs[i]->bytes, secs[i]->size);
        table += DSP_IMAGE_SECTION_BYTES;
        off += secs[i]->size;
    }
    *len = total;
    return img;
}

bool dsp_image_parse(const uint8_t *buf, size_t len, uint32_t *entry, dsp_image_section_t *secs,
                     unsigned *nsecs, char *err, size_t errlen)
{
    if (len < DSP_IMAGE_HEADER_BYTES || memcmp(buf, DSP_IMAGE_MAGIC, 4) != 0) {
        snprintf(err, errlen, "not an HLD image (no HLDI header)");
        return false;
    }
    unsigned version = buf[4] | buf[5] << 8, n = buf[6] | buf[7] << 8;
    if (version != DSP_IMAGE_VERSION) {
        snprintf(err, errlen, "HLD image version %u (this reader knows %u)", version, DSP_IMAGE_VERSION);
        return false;
    }
    if (n > DSP_IMAGE_MAX_SECTIONS || DSP_IMAGE_HEADER_BYTES + (size_t)n * DSP_IMAGE_SECTION_BYTES > len) {
        snprintf(err, errlen, "HLD image: %u sections do not fit in %zu bytes", n, len);
        return false;
    }
    *entry = get32(buf + 8);
    for (unsigned i = 0; i < n; i++) {
        const uint8_t *t = buf + DSP_IMAGE_HEADER_BYTES + i * DSP_IMAGE_SECTION_BYTES;
        dsp_image_section_t s = { get32(t), get32(t + 4), get32(t + 8), get32(t + 12) };
        if ((uint64_t)s.offset + s.size > len) {
            snprintf(err, errlen, "HLD image: section %u (%u bytes at offset %u) runs past the end of the file", i, s.size, s.offset);
            return false;
        }
        secs[i] = s;
    }
    *nsecs = n;
    return true;
}

bool dsp_image_load(dsp_core_t *c, const uint8_t *buf, size_t len, uint32_t *entry, char *err, size_t errlen)
{
    dsp_image_section_t secs[DSP_IMAGE_MAX_SECTIONS];
    unsigned n;
    if (!dsp_image_parse(buf, len, entry, secs, &n, err, errlen))
        return false;
    for (unsigned i = 0; i < n; i++)
        if (!dsp_core_write_local(c, secs[i].addr, buf + secs[i].offset, secs[i].size)) {
            snprintf(err, errlen, "HLD image: section %u (%u bytes at 0x%08x) is outside the DSP's memories", i, secs[i].size, secs[i].addr);
            return false;
        }
    return true;
}
