/* etsim-dsp-as: the HLD assembler and disassembler (docs/dsp.md).
 *
 *   etsim-dsp-as [-o OUT.hld] IN.s    assemble into an image (default: IN.hld)
 *   etsim-dsp-as -d IMAGE.hld         disassemble an image's code
 *   etsim-dsp-as --isa                the operation table as Markdown
 *
 * Exit status: 0 done, 2 usage error or bad input (the message names the
 * file, the line and what is wrong). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dsp/dsp_asm.h"

static void usage(void)
{
    fprintf(stderr, "usage: etsim-dsp-as [-o OUT.hld] IN.s | -d IMAGE.hld | --isa\n");
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "etsim-dsp-as: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        char *nb = realloc(buf, 2 * cap + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        fprintf(stderr, "etsim-dsp-as: %s: cannot read\n", path);
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* The image as assembler source: code as bundles (address and bits in a
 * comment), data as .byte lines; it assembles back to the same image when
 * the sections start where the assembler puts them. */
static int disassemble(const char *path)
{
    size_t len;
    uint8_t *img = (uint8_t *)read_file(path, &len);
    if (!img)
        return 2;
    uint32_t entry;
    dsp_image_section_t secs[DSP_IMAGE_MAX_SECTIONS];
    unsigned n;
    char err[256];
    if (!dsp_image_parse(img, len, &entry, secs, &n, err, sizeof err)) {
        fprintf(stderr, "etsim-dsp-as: %s: %s\n", path, err);
        free(img);
        return 2;
    }
    printf("# %s: entry 0x%08x, %u sections\n", path, entry, n);
    bool entry_named = false;
    for (unsigned i = 0; i < n; i++) {
        bool code = secs[i].flags & DSP_IMAGE_FLAG_CODE;
        uint32_t base = code ? DSP_IRAM_BASE : DSP_DRAM_BASE;
        printf("\n        %s    # section %u: %u bytes at 0x%08x\n", code ? ".text" : ".data", i, secs[i].size, secs[i].addr);
        if (secs[i].addr < base || secs[i].addr - base > 0x100000u) {
            printf("# (does not start in its memory: not reassemblable)\n");
            continue;
        }
        if (secs[i].addr > base)
            printf("        .space 0x%x\n", secs[i].addr - base);
        const uint8_t *bytes = img + secs[i].offset;
        uint32_t off = 0;
        for (; code && off + 8 <= secs[i].size; off += 8) {
            uint64_t bits = 0;
            for (int k = 7; k >= 0; k--)
                bits = bits << 8 | bytes[off + (uint32_t)k];
            char text[320];
            uint32_t pc = secs[i].addr + off;
            dsp_disasm_bundle(bits, pc, text, sizeof text);
            if (pc == entry) {
                printf("entry:\n");
                entry_named = true;
            }
            printf("        %-64s # %08x %016llx\n", text, pc, (unsigned long long)bits);
        }
        for (; off < secs[i].size; off += 16) {
            printf("        .byte ");
            for (uint32_t k = off; k < off + 16 && k < secs[i].size; k++)
                printf("%s%u", k == off ? "" : ", ", bytes[k]);
            printf("\n");
        }
    }
    if (entry_named)
        printf("        .entry entry\n");
    free(img);
    return 0;
}

static const char *slot_text(unsigned s)
{
    static const char *const names[] = { "", "A", "B", "A B", "C", "A C", "B C", "A B C" };
    return s & DSP_SLOT_AB ? "A+B" : names[s & 7];
}

/* An operand as kind and field, e.g. "r.f1", "s6*4", "pc+-10". */
static void operand_text(const dsp_operand_t *o, char *out, size_t len)
{
    static const char *const kinds[] = { "", "r", "v", "vpair", "vquad", "a", "aquad", "p", "u" };
    const char *field = o->shift == 10 ? "f1" : o->shift == 6 ? "f2" : o->shift == 2 ? "f3" : o->shift == 32 ? "f40" : "?";
    switch (o->kind) {
    case DSP_OPND_SR: snprintf(out, len, "sr(imm10)"); break;
    case DSP_OPND_PCREL: snprintf(out, len, "target(s%u bundles)", o->width); break;
    case DSP_OPND_LOOPEND: snprintf(out, len, "end(u%u bundles)", o->width); break;
    case DSP_OPND_IMM:
        if (o->role == 2)
            snprintf(out, len, "imm32");
        else if (o->max)
            snprintf(out, len, "u%u(0..%u)@%u", o->width, o->max, o->shift);
        else
            snprintf(out, len, "%c%u%s", o->role == 1 ? 's' : 'u', o->width, o->scale == 8 ? "*8" : o->scale == 4 ? "*4" : o->scale == 2 ? "*2" : "");
        break;
    default: snprintf(out, len, "%s.%s", kinds[o->kind], field); break;
    }
}

static int print_isa(void)
{
    static const char *const classes[] = { "nop", "alu", "mul", "load", "store", "branch", "valu", "mac", "acc" };
    printf("| operation | operands | slots | class | latency | encoding (fixed bits) |\n");
    printf("|---|---|---|---|---|---|\n");
    for (unsigned i = 0; i < dsp_num_ops; i++) {
        const dsp_op_desc_t *d = &dsp_ops[i];
        bool wide = d->slots & DSP_SLOT_AB;
        char syntax[160];
        size_t n = 0;
        for (const char *c = d->syntax; *c && n < sizeof syntax - 40; c++) {
            if (*c == '%') {
                char o[40];
                operand_text(&d->opnd[*++c - '0'], o, sizeof o);
                n += (size_t)snprintf(syntax + n, sizeof syntax - n, "%s", o);
            } else {
                syntax[n++] = *c;
            }
        }
        syntax[n] = 0;
        if (!n)
            snprintf(syntax, sizeof syntax, "-");
        printf("| `%s` | `%s` | %s | %s | %u | %s 0x%0*llx |\n", d->name, syntax, slot_text(d->slots),
               classes[d->cls], d->latency, wide ? "40-bit" : "20-bit", wide ? 10 : 5, (unsigned long long)d->match);
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--isa"))
            return print_isa();
        if (!strcmp(argv[i], "-d") && i + 1 < argc)
            return disassemble(argv[i + 1]);
        if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (argv[i][0] == '-' || in) {
            usage();
            return 2;
        } else
            in = argv[i];
    }
    if (!in) {
        usage();
        return 2;
    }
    size_t len;
    char *src = read_file(in, &len);
    if (!src)
        return 2;
    if (strlen(src) != len) {
        fprintf(stderr, "etsim-dsp-as: %s: NUL byte in the source\n", in);
        free(src);
        return 2;
    }
    dsp_program_t p;
    char err[512];
    bool ok = dsp_assemble(src, in, &p, err, sizeof err);
    free(src);
    if (!ok) {
        fprintf(stderr, "etsim-dsp-as: %s\n", err);
        return 2;
    }
    char def[4096];
    if (!out) {
        snprintf(def, sizeof def, "%s", in);
        char *dot = strrchr(def, '.');
        if (dot && !strchr(dot, '/'))
            *dot = 0;
        strncat(def, ".hld", sizeof def - strlen(def) - 1);
        out = def;
    }
    size_t ilen;
    uint8_t *img = dsp_image_build(&p, &ilen);
    dsp_program_free(&p);
    FILE *f = img ? fopen(out, "wb") : NULL;
    if (!f || fwrite(img, 1, ilen, f) != ilen || fclose(f) != 0) {
        fprintf(stderr, "etsim-dsp-as: %s: cannot write\n", out);
        free(img);
        return 2;
    }
    free(img);
    return 0;
}
