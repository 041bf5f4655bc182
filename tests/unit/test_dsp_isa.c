/* The HLD operation table (dsp/dsp_isa.c): well formed, one encoding per
 * operation, and assemble -> disassemble -> assemble gives identical
 * bytes for every row in every slot it may use, and for random bundles. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../dsp/dsp_asm.h"
#include "../../dsp/dsp_internal.h"

#define NOP20 0x04000u
#define RT_PC 0x8000u   /* where round-trip bundles are placed */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static unsigned op_width(const dsp_op_desc_t *d) { return d->slots & DSP_SLOT_AB ? 40 : 20; }

Test(hld_isa, rows_are_well_formed)
{
    for (unsigned i = 0; i < dsp_num_ops; i++) {
        const dsp_op_desc_t *d = &dsp_ops[i];
        uint64_t all = (((uint64_t)1) << op_width(d)) - 1, used = 0;
        cr_assert(d->exec && d->name && d->syntax, "row %u", i);
        cr_assert_eq(d->match & ~all, 0, "%s: match wider than the operation", d->name);
        for (int k = 0; k < 4 && d->opnd[k].kind; k++) {
            uint64_t m = dsp_operand_mask(&d->opnd[k]);
            cr_assert_eq(m & ~all, 0, "%s operand %d outside the word", d->name, k);
            cr_assert_eq(m & used, 0, "%s operand %d overlaps another", d->name, k);
            cr_assert_eq(m & d->match, 0, "%s operand %d overlaps the opcode bits", d->name, k);
            used |= m;
            /* Every encoded operand appears exactly once in the syntax. */
            char pat[3] = { '%', (char)('0' + k), 0 };
            const char *at = strstr(d->syntax, pat);
            if (d->opnd[k].width) {
                cr_assert(at && !strstr(at + 2, pat), "%s: operand %d not in its syntax once", d->name, k);
            } else {
                cr_assert(!at, "%s: implicit operand %d in the syntax", d->name, k);
            }
        }
        cr_assert(d->slots, "%s has no slot", d->name);
        cr_assert(!(d->cls == DSP_CL_STORE && (d->slots & ~DSP_SLOT_A)), "%s: stores only in slot A", d->name);
        cr_assert(!(d->cls == DSP_CL_MAC && d->slots != DSP_SLOT_C), "%s: MACs only in slot C", d->name);
        cr_assert(!(d->cls == DSP_CL_BRANCH && d->slots != DSP_SLOT_A), "%s: control only in slot A", d->name);
    }
}

/* A random valid word for row d; branch targets stay inside 0..64 KiB. */
static uint64_t random_word(const dsp_op_desc_t *d)
{
    uint64_t w = d->match;
    for (int k = 0; k < 4 && d->opnd[k].kind; k++) {
        const dsp_operand_t *o = &d->opnd[k];
        if (!o->width)
            continue;
        for (int tries = 0;; tries++) {
            cr_assert(tries < 1000, "%s: no valid value for operand %d", d->name, k);
            uint64_t f = rnd() & ((((uint64_t)1) << o->width) - 1);
            if (tries < 500 && (rnd() & 3) == 0)
                f = rnd() & 3;   /* small values too */
            uint64_t word = f << o->shift;
            int64_t v = dsp_operand_value(o, word), target;
            if (o->kind == DSP_OPND_PCREL || o->kind == DSP_OPND_LOOPEND) {
                target = (int64_t)RT_PC + v * 8;
                if (target < 0 || target >= 0x10000)
                    continue;
            }
            uint64_t bits;
            if (dsp_operand_encode(o, v, &bits) && bits == word) {
                w |= word;
                break;
            }
        }
    }
    return w;
}

static uint64_t bundle_with(uint64_t word, unsigned slot)
{
    if (slot == DSP_SLOT_AB)
        return (uint64_t)1 << 60 | word << 20 | NOP20;
    uint64_t f[3] = { NOP20, NOP20, NOP20 };
    f[slot == DSP_SLOT_A ? 0 : slot == DSP_SLOT_B ? 1 : 2] = word;
    return f[0] << 40 | f[1] << 20 | f[2];
}

/* Disassemble bits at RT_PC, assemble the text there, compare. */
static void round_trip(uint64_t bits)
{
    char text[400], src[512], err[512];
    dsp_disasm_bundle(bits, RT_PC, text, sizeof text);
    snprintf(src, sizeof src, ".space 0x%x\n%s\n", RT_PC, text);
    dsp_program_t p;
    cr_assert(dsp_assemble(src, "roundtrip", &p, err, sizeof err), "%016llx '%s': %s", (unsigned long long)bits, text, err);
    cr_assert_eq(p.text.size, RT_PC + 8, "'%s'", text);
    uint64_t back = 0;
    for (int i = 7; i >= 0; i--)
        back = back << 8 | p.text.bytes[RT_PC + (unsigned)i];
    dsp_program_free(&p);
    cr_assert_eq(back, bits, "'%s': %016llx -> %016llx", text, (unsigned long long)bits, (unsigned long long)back);
}

Test(hld_isa, every_row_round_trips_in_every_slot)
{
    unsigned done = 0;
    for (unsigned i = 0; i < dsp_num_ops; i++) {
        const dsp_op_desc_t *d = &dsp_ops[i];
        for (unsigned s = DSP_SLOT_A; s <= DSP_SLOT_AB; s <<= 1) {
            if (!(d->slots & s))
                continue;
            for (int n = 0, tries = 0; n < 20; tries++) {
                cr_assert_lt(tries, 200, "%s: no legal encoding found", d->name);
                uint64_t w = random_word(d);
                const char *why;
                cr_assert_eq(dsp_isa_lookup(w, s, &why), d, "%s: its word decodes as another row", d->name);
                uint64_t bits = bundle_with(w, s);
                dsp_bundle_t b;
                dsp_decode_bundle(bits, RT_PC, &b);
                if (b.state != 1) {   /* only a load into its own base register may be */
                    cr_assert(strstr(b.why, "written twice"), "%s alone is illegal: %s", d->name, b.why);
                    continue;
                }
                n++;
                round_trip(bits);
                done++;
            }
        }
    }
    cr_assert_gt(done, 2 * dsp_num_ops);
}

Test(hld_isa, random_legal_bundles_round_trip)
{
    unsigned legal = 0;
    for (int n = 0; n < 20000 && legal < 3000; n++) {
        uint64_t f[3];
        for (int s = 0; s < 3; s++) {
            const dsp_op_desc_t *d;
            do
                d = &dsp_ops[rnd() % dsp_num_ops];
            while (!(d->slots & (1u << s)));
            f[s] = random_word(d);
        }
        uint64_t bits = f[0] << 40 | f[1] << 20 | f[2];
        dsp_bundle_t b;
        dsp_decode_bundle(bits, RT_PC, &b);
        if (b.state != 1)
            continue;
        round_trip(bits);
        legal++;
    }
    cr_assert_geq(legal, 3000);
}

Test(hld_isa, operation_in_a_slot_it_may_not_use_is_illegal)
{
    const char *why;
    /* vdot.b (slot C only) in slot A; st.w (A only) in slot B. */
    uint64_t vdot = dsp_ops[0].match;
    for (unsigned i = 0; i < dsp_num_ops; i++)
        if (!strcmp(dsp_ops[i].name, "vdot.b"))
            vdot = dsp_ops[i].match;
    cr_assert_null(dsp_isa_lookup(vdot, DSP_SLOT_A, &why));
    cr_assert_str_eq(why, "operation not allowed in this slot");
    dsp_bundle_t b;
    dsp_decode_bundle(vdot << 40 | (uint64_t)NOP20 << 20 | NOP20, 0, &b);
    cr_assert_eq(b.state, 2);
    cr_assert(strstr(b.why, "slot A"), "%s", b.why);
    dsp_decode_bundle(0, 0, &b);
    cr_assert_eq(b.state, 2, "an all-zero bundle (erased memory) must be illegal");
    dsp_decode_bundle((uint64_t)7 << 60, 0, &b);
    cr_assert(strstr(b.why, "reserved bundle format 7"), "%s", b.why);
}
