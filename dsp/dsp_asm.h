/* The HLD assembler and disassembler (syntax: docs/dsp.md), and the image
 * format the M55 loads into the DSP's memories (dsp_image.c). */
#ifndef ETSIM_DSP_ASM_H
#define ETSIM_DSP_ASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dsp_core.h"

typedef struct dsp_section {
    uint32_t addr;           /* DSP address of the first byte */
    uint32_t size;           /* bytes */
    uint8_t *bytes;
} dsp_section_t;

typedef struct dsp_symbol {
    char name[48];
    uint32_t value;
} dsp_symbol_t;

typedef struct dsp_program {
    dsp_section_t text;      /* at DSP_IRAM_BASE */
    dsp_section_t data;      /* at DSP_DRAM_BASE */
    uint32_t entry;          /* .entry, or the start of .text */
    dsp_symbol_t *syms;
    unsigned nsyms;
} dsp_program_t;

/* Assemble src; name is used in messages ("name:line: what").  False with
 * the first error in err. */
bool dsp_assemble(const char *src, const char *name, dsp_program_t *out, char *err, size_t errlen);
void dsp_program_free(dsp_program_t *p);
bool dsp_program_symbol(const dsp_program_t *p, const char *name, uint32_t *value);

/* One bundle as text (canonical: it assembles back to the same bits). */
void dsp_disasm_bundle(uint64_t bits, uint32_t pc, char *buf, size_t len);

/* The image: a header, a section table and the section bytes (docs/dsp.md). */
#define DSP_IMAGE_MAGIC "HLDI"
#define DSP_IMAGE_VERSION 1
#define DSP_IMAGE_HEADER_BYTES 16
#define DSP_IMAGE_SECTION_BYTES 16
#define DSP_IMAGE_MAX_SECTIONS 16
#define DSP_IMAGE_FLAG_CODE 1u

/* A malloc'ed image of p; NULL if out of memory. */
uint8_t *dsp_image_build(const dsp_program_t *p, size_t *len);

typedef struct dsp_image_section {
    uint32_t addr, size, offset, flags;
} dsp_image_section_t;

/* Check an image and list its sections (bytes at buf + offset). */
bool dsp_image_parse(const uint8_t *buf, size_t len, uint32_t *entry, dsp_image_section_t *secs,
                     unsigned *nsecs, char *err, size_t errlen);
/* Parse and copy every section into the core's local memories. */
bool dsp_image_load(dsp_core_t *c, const uint8_t *buf, size_t len, uint32_t *entry, char *err, size_t errlen);

#endif
