/* The HLD disassembler: every operation printed from its table row's
 * syntax.  A bundle prints as one operation, or as `{ a ; b }` when the
 * assembler's packing puts its operations back into the same slots, or
 * else positionally as `{ A ; B ; C }`: the text always assembles back to
 * the same 64 bits. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dsp_asm.h"
#include "dsp_internal.h"

static void put_operand(const dsp_operand_t *o, uint64_t word, uint32_t pc, char *out, size_t len)
{
    int64_t v = dsp_operand_value(o, word);
    switch (o->kind) {
    case DSP_OPND_R: snprintf(out, len, "r%d", (int)v); break;
    case DSP_OPND_V: case DSP_OPND_VP: case DSP_OPND_VQ: snprintf(out, len, "v%d", (int)v); break;
    case DSP_OPND_A: case DSP_OPND_AQ: snprintf(out, len, "a%d", (int)v); break;
    case DSP_OPND_P: snprintf(out, len, "p%d", (int)v); break;
    case DSP_OPND_U: snprintf(out, len, "u%d", (int)v); break;
    case DSP_OPND_SR: snprintf(out, len, "%s", v < DSP_SR_COUNT ? dsp_sr_names[v] : "?"); break;
    case DSP_OPND_PCREL: case DSP_OPND_LOOPEND:
        snprintf(out, len, "0x%x", (unsigned)(pc + (uint32_t)(v * DSP_BUNDLE_BYTES)));
        break;
    default:
        if (o->role == 2 && (v < -4096 || v > 4096))   /* 32-bit immediates: addresses, masks */
            snprintf(out, len, "0x%x", (unsigned)v);
        else
            snprintf(out, len, "%" PRId64, v);
        break;
    }
}

/* Append to out (of size len, holding *n characters), truncating. */
static void append(char *out, size_t len, size_t *n, const char *s)
{
    while (*s && *n + 1 < len)
        out[(*n)++] = *s++;
    out[*n] = 0;
}

static void op_text(const dsp_op_desc_t *d, uint64_t word, uint32_t pc, char *out, size_t len)
{
    size_t n = 0;
    out[0] = 0;
    append(out, len, &n, d->name);
    if (d->syntax[0])
        append(out, len, &n, " ");
    for (const char *s = d->syntax; *s; s++) {
        char piece[32] = { *s, 0 };
        if (*s == '%' && s[1] >= '0' && s[1] <= '3') {
            put_operand(&d->opnd[s[1] - '0'], word, pc, piece, sizeof piece);
            s++;
        }
        append(out, len, &n, piece);
    }
}

/* Slots the assembler's packing gives ops (in the order given), the same
 * rule as dsp_asm.c: each op takes the first free slot it may use, with
 * backtracking. */
static bool pack(const dsp_op_desc_t *const *ops, unsigned n, unsigned k, unsigned used, unsigned *slot)
{
    if (k == n)
        return true;
    unsigned allowed = ops[k]->slots;
    if (allowed & DSP_SLOT_AB) {
        if (used & (DSP_SLOT_A | DSP_SLOT_B))
            return false;
        slot[k] = DSP_SLOT_AB;
        return pack(ops, n, k + 1, used | DSP_SLOT_A | DSP_SLOT_B, slot);
    }
    for (unsigned s = DSP_SLOT_A; s <= DSP_SLOT_C; s <<= 1)
        if ((allowed & s) && !(used & s)) {
            slot[k] = s;
            if (pack(ops, n, k + 1, used | s, slot))
                return true;
        }
    return false;
}

bool dsp_pack_slots(const dsp_op_desc_t *const *ops, unsigned n, unsigned *slot);
bool dsp_pack_slots(const dsp_op_desc_t *const *ops, unsigned n, unsigned *slot)
{
    return pack(ops, n, 0, 0, slot);
}

void dsp_disasm_bundle(uint64_t bits, uint32_t pc, char *buf, size_t len)
{
    unsigned fmt = (unsigned)(bits >> 60);
    uint64_t words[3];
    unsigned slot[3], n = fmt == 1 ? 2 : 3;
    const dsp_op_desc_t *ops[3];
    if (fmt == 0) {
        for (int s = 0; s < 3; s++) {
            words[s] = (bits >> (40 - 20 * s)) & 0xFFFFF;
            slot[s] = 1u << s;
        }
    } else if (fmt == 1) {
        words[0] = (bits >> 20) & 0xFFFFFFFFFFull;
        slot[0] = DSP_SLOT_AB;
        words[1] = bits & 0xFFFFF;
        slot[1] = DSP_SLOT_C;
    }
    for (unsigned i = 0; fmt <= 1 && i < n; i++) {
        const char *why;
        ops[i] = dsp_isa_lookup(words[i], slot[i], &why);
        if (!ops[i])
            fmt = 99;
    }
    if (fmt > 1) {
        snprintf(buf, len, ".dword 0x%016" PRIx64, bits);
        return;
    }
    /* Drop nops, see whether packing the rest reproduces the slots. */
    const dsp_op_desc_t *live[3];
    uint64_t live_words[3];
    unsigned live_slot[3], m = 0, packed[3];
    for (unsigned i = 0; i < n; i++)
        if (strcmp(ops[i]->name, "nop") != 0) {
            live[m] = ops[i];
            live_words[m] = words[i];
            live_slot[m++] = slot[i];
        }
    bool same = pack(live, m, 0, 0, packed);
    for (unsigned i = 0; same && i < m; i++)
        same = packed[i] == live_slot[i];
    char t[3][96];
    if (m == 0) {
        snprintf(buf, len, "nop");
    } else if (same && m == 1) {
        op_text(live[0], live_words[0], pc, buf, len);
    } else if (same) {
        for (unsigned i = 0; i < m; i++)
            op_text(live[i], live_words[i], pc, t[i], sizeof t[i]);
        if (m == 2)
            snprintf(buf, len, "{ %s ; %s }", t[0], t[1]);
        else
            snprintf(buf, len, "{ %s ; %s ; %s }", t[0], t[1], t[2]);
    } else {
        for (unsigned i = 0; i < n; i++)
            op_text(ops[i], words[i], pc, t[i], sizeof t[i]);
        if (n == 2)   /* format 1 packs unambiguously: A+B then C */
            snprintf(buf, len, "{ %s ; %s }", t[0], t[1]);
        else
            snprintf(buf, len, "{ %s ; %s ; %s }", t[0], t[1], t[2]);
    }
}
