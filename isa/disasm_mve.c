/* Helium (MVE) disassembly: the architectural mnemonic of each row's
 * encoding, with its variant suffixes (B/T halves, A accumulate, X
 * exchange, VPT masks, the preferred aliases VMLAV, VMLALV, VRMLALVH, VMOV
 * for VORR), its data type (.i/.s/.u/.p/.f or a bare size, as the
 * instruction takes), and, for the forms whose operands a row's fmt string
 * cannot express (loads and stores with their addressing modes, register
 * lists, lanes, predicate conditions, expanded immediates), the operands.
 *
 * Everything is read from the encoding (the Arm ARM's fields) or from the
 * fields the row's decoder filled; the rows themselves only say which
 * instruction it is.  tests/unit/test_disasm_mve.c checks every row against
 * GNU objdump.
 */
#include "disasm_mve.h"

#include <stdio.h>
#include <string.h>

#include "fields.h"
#include "fp_ops.h"
#include "insn.h"

#pragma weak isa_patterns_mve
#pragma weak isa_patterns_mve_int
#pragma weak isa_patterns_mve_fp

static const char *const gp_names[16] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                         "r8", "r9", "r10", "r11", "r12", "sp", "lr", "pc"};

static const char *gp(unsigned r)
{
    return gp_names[r & 15u];
}

static bool in_table(const isa_pattern_t *table, const isa_pattern_t *p)
{
    for (const isa_pattern_t *q = table; q && q->name; q++)
        if (q == p)
            return true;
    return false;
}

/* The data type suffix ".s16", ".u8", ".i32": kind 's', 'u', 'i' or 0 for a
 * bare size. */
static void dt(char *out, size_t len, char kind, unsigned bits)
{
    if (kind)
        snprintf(out, len, ".%c%u", kind, bits);
    else
        snprintf(out, len, ".%u", bits);
}

/* The signed offset of a load/store, imm7 scaled, U (bit 23) its sign. */
static int32_t offset7(uint32_t raw, unsigned scale)
{
    int32_t off = (int32_t)(field(raw, 0, 7) << scale);
    return bit(raw, 23) ? off : -off;
}

/* "[rn, #off]", "[rn, #off]!" or "[rn], #off" from P (bit 24) and W (21). */
static void address(char *out, size_t len, const char *base, uint32_t raw, int32_t off)
{
    const char *sign = !bit(raw, 23) && off == 0 ? "-" : "";
    if (!bit(raw, 24))
        snprintf(out, len, "[%s], #%s%d", base, sign, off);
    else
        snprintf(out, len, "[%s, #%s%d]%s", base, sign, off, bit(raw, 21) ? "!" : "");
}

/* ---- loads and stores ---- */

static const char msize_letter[4] = {'b', 'h', 'w', 'd'};

/* VLDR<B|H|W|D>.<dt> / VSTR<B|H|W|D>.<size>: contiguous (same size; widening
 * and narrowing), gather/scatter [Rn, Qm{, UXTW #s}], [Qm, #imm]{!}. */
static bool vldr_vstr(const insn_t *in, char *mn, size_t mlen, char *ops, size_t olen)
{
    uint32_t raw = in->raw, form = in->pat->match & ~0x00100000u;
    bool load = bit(raw, 20);
    unsigned esize, msize;
    char base[8], addr[40];
    switch (form) {
    case 0xEC001E00u:   /* contiguous, memory size = element size */
        esize = msize = field(raw, 7, 2);
        address(addr, sizeof addr, gp(field(raw, 16, 4)), raw, offset7(raw, msize));
        break;
    case 0xEC000E00u:   /* widening loads, narrowing stores: Rn is 3 bits */
        esize = field(raw, 7, 2);
        msize = bit(raw, 19);
        address(addr, sizeof addr, gp(field(raw, 16, 3)), raw, offset7(raw, msize));
        break;
    case 0xEC800E00u: { /* [Rn, Qm{, uxtw #os}] */
        esize = field(raw, 7, 2);
        msize = bit(raw, 6) << 1 | bit(raw, 4);
        int o = snprintf(addr, sizeof addr, "[%s, q%u", gp(field(raw, 16, 4)), field_qm(raw));
        if (bit(raw, 0))
            o += snprintf(addr + o, sizeof addr - (size_t)o, ", uxtw #%u", msize);
        snprintf(addr + o, sizeof addr - (size_t)o, "]");
        break;
    }
    case 0xFD001E00u:   /* [Qm, #imm]{!}: words or doublewords (P = 1) */
        esize = msize = bit(raw, 8) ? 3u : 2u;
        snprintf(base, sizeof base, "q%u", field_qn(raw));
        address(addr, sizeof addr, base, raw, offset7(raw, msize));
        break;
    default:
        return false;
    }
    char type[8];
    if (load)
        dt(type, sizeof type, (form == 0xEC000E00u || form == 0xEC800E00u) && !bit(raw, 28) ? 's' : 'u',
           8u << esize);
    else
        dt(type, sizeof type, 0, 8u << esize);
    snprintf(mn, mlen, "%s%c%s", load ? "vldr" : "vstr", msize_letter[msize & 3u], type);
    snprintf(ops, olen, "q%u, %s", field_qd(raw), addr);
    return true;
}

/* VLD2x/VLD4x/VST2x/VST4x {Qd, ...}, [Rn]{!}: pattern bits 6:5. */
static bool vld_struct(const insn_t *in, char *mn, size_t mlen, char *ops, size_t olen)
{
    uint32_t raw = in->raw;
    unsigned regs = bit(raw, 0) ? 4 : 2, qd = field_qd(raw);
    snprintf(mn, mlen, "%s%u%u.%u", bit(raw, 20) ? "vld" : "vst", regs, field(raw, 5, 2),
             8u << field(raw, 7, 2));
    int o = snprintf(ops, olen, "{");
    for (unsigned i = 0; i < regs && (size_t)o < olen; i++)
        o += snprintf(ops + o, olen - (size_t)o, "%sq%u", i ? ", " : "", qd + i);
    if ((size_t)o < olen)
        snprintf(ops + o, olen - (size_t)o, "}, [%s]%s", gp(field(raw, 16, 4)), bit(raw, 21) ? "!" : "");
    return true;
}

/* ---- predication ---- */

/* The t/e letters of a VPT/VPST mask (bit 22, bits 15:13): the block's
 * length is 4 minus the position of the lowest set bit; each bit above it
 * says whether the next instruction flips the predicate ("e" after "t"). */
static void vpt_letters(uint32_t raw, char *out)
{
    unsigned mask = bit(raw, 22) << 3 | field(raw, 13, 3), n = 0;
    char cur = 't';
    out[n++] = 't';
    for (int b = 3; b >= 0 && (mask & ((1u << b) - 1u)); b--) {
        if ((mask >> b) & 1u)
            cur = cur == 't' ? 'e' : 't';
        out[n++] = cur;
    }
    out[n] = '\0';
}

/* VCMP/VPT: the condition from the decoder (aux[1], VCMP's order). */
static bool vcmp_vpt(const insn_t *in, char *mn, size_t mlen, char *ops, size_t olen)
{
    static const char *const conds[8] = {"eq", "ne", "cs", "hi", "ge", "lt", "gt", "le"};
    static const char kinds[8] = {'i', 'i', 'u', 'u', 's', 's', 's', 's'};
    uint32_t raw = in->raw;
    unsigned c = in->aux[1] & 7u;
    char type[8], letters[6];
    if (in->dt == 2)
        dt(type, sizeof type, 'f', 8u << in->esize);
    else
        dt(type, sizeof type, kinds[c], 8u << in->esize);
    if (in->vpt_mask) {
        vpt_letters(raw, letters);
        snprintf(mn, mlen, "vp%s%s", letters, type);
    } else {
        snprintf(mn, mlen, "vcmp%s", type);
    }
    if (bit(raw, 6))
        snprintf(ops, olen, "%s, q%u, %s", conds[c], in->rn, gp(in->rm));
    else
        snprintf(ops, olen, "%s, q%u, q%u", conds[c], in->rn, in->rm);
    return true;
}

/* ---- moves ---- */

static bool vmov_lane(const insn_t *in, char *mn, size_t mlen, char *ops, size_t olen)
{
    bool to_lane = !bit(in->raw, 20);
    unsigned q = in->rd / 16u, lane = (in->rd % 16u) >> in->esize, bits = 8u << in->esize;
    if (to_lane || bits == 32)
        snprintf(mn, mlen, "vmov.%u", bits);
    else
        snprintf(mn, mlen, "vmov.%c%u", in->aux[0] ? 'u' : 's', bits);
    if (to_lane)
        snprintf(ops, olen, "q%u[%u], %s", q, lane, gp(in->rn));
    else
        snprintf(ops, olen, "%s, q%u[%u]", gp(in->rn), q, lane);
    return true;
}

static bool vmov_2lane(const insn_t *in, char *mn, size_t mlen, char *ops, size_t olen)
{
    unsigned idx = in->aux[1];
    snprintf(mn, mlen, "vmov");
    if (!bit(in->raw, 20))
        snprintf(ops, olen, "%s, %s, q%u[%u], q%u[%u]", gp(in->rn), gp(in->ra), in->rd, idx + 2,
                 in->rd, idx);
    else
        snprintf(ops, olen, "q%u[%u], q%u[%u], %s, %s", in->rd, idx + 2, in->rd, idx, gp(in->rn),
                 gp(in->ra));
    return true;
}

/* VMOV/VMVN/VORR/VBIC (immediate): the mnemonic and type by cmode and op,
 * the immediate as the instruction's element value (AdvSIMDExpandImm),
 * before VMVN/VBIC invert it. */
static bool vmov_imm(const insn_t *in, char *mn, size_t mlen, char *ops, size_t olen)
{
    uint32_t raw = in->raw;
    unsigned cmode = field(raw, 8, 4), op = bit(raw, 5);
    uint32_t imm8 = bit(raw, 28) << 7 | field(raw, 16, 3) << 4 | field(raw, 0, 4);
    unsigned q = field_qd(raw);
    const char *name = op ? "vmvn" : "vmov";
    if (cmode == 15) {
        snprintf(mn, mlen, "vmov.f32");
        float f;
        uint32_t bits = (uint32_t)fp_expand_imm(FP_F32, imm8);
        memcpy(&f, &bits, sizeof f);
        snprintf(ops, olen, "q%u, #%.7g", q, (double)f);
        return true;
    }
    if (cmode == 14) {
        if (!op) {
            snprintf(mn, mlen, "vmov.i8");
            snprintf(ops, olen, "q%u, #%u", q, imm8);
            return true;
        }
        uint64_t v = 0;
        for (unsigned i = 0; i < 8; i++)
            if ((imm8 >> i) & 1u)
                v |= 0xFFull << (8 * i);
        snprintf(mn, mlen, "vmov.i64");
        snprintf(ops, olen, "q%u, #0x%016llx", q, (unsigned long long)v);
        return true;
    }
    uint32_t value;
    unsigned bits = 32;
    if (cmode < 8) {
        value = imm8 << (8 * (cmode >> 1));
    } else if (cmode < 12) {
        bits = 16;
        value = imm8 << (8 * ((cmode >> 1) & 1u));
    } else {
        value = cmode == 12 ? (imm8 << 8 | 0xFFu) : (imm8 << 16 | 0xFFFFu);
    }
    if ((cmode & 1u) && cmode < 12)
        name = op ? "vbic" : "vorr";
    snprintf(mn, mlen, "%s.i%u", name, bits);
    snprintf(ops, olen, "q%u, #%u", q, value);
    return true;
}

/* VIDUP/VDDUP (Rm = 111) and the wrapping VIWDUP/VDWDUP. */
static bool vidup(const insn_t *in, char *mn, size_t mlen, char *ops, size_t olen)
{
    bool wrap = in->aux[0], down = in->aux[1];
    snprintf(mn, mlen, "v%s%sdup.u%u", down ? "d" : "i", wrap ? "w" : "", 8u << in->esize);
    if (wrap)
        snprintf(ops, olen, "q%u, %s, %s, #%u", in->rd, gp(in->rn), gp(in->ra), in->imm);
    else
        snprintf(ops, olen, "q%u, %s, #%u", in->rd, gp(in->rn), in->imm);
    return true;
}

/* ---- integer arithmetic: the mnemonic only, operands from the row ---- */

/* Suffix letters read from the encoding. */
static const char *bt(uint32_t raw)
{
    return bit(raw, 12) ? "t" : "b";
}

static const char *acc(uint32_t raw)
{
    return bit(raw, 5) ? "a" : "";
}

static const char *exch(uint32_t raw)
{
    return bit(raw, 12) ? "x" : "";
}

/* The integer family's mnemonics; false leaves the row's own. */
static bool int_mnemonic(const insn_t *in, char *mn, size_t mlen)
{
    const char *name = in->pat->name;
    uint32_t raw = in->raw;
    unsigned bits = 8u << in->esize;
    char su = in->aux[0] ? 'u' : 's';
    /* element-wise, same size: integer type (.i) */
    static const char *const itype[] = {"vadd", "vsub", "vmul", "vclz", "vcadd", NULL};
    for (size_t i = 0; itype[i]; i++)
        if (!strcmp(name, itype[i])) {
            snprintf(mn, mlen, "%s.i%u", name, bits);
            return true;
        }
    if (!strcmp(name, "vshl") && in->pat->match == 0xEF800550u) {
        snprintf(mn, mlen, "vshl.i%u", bits);
        return true;
    }
    if (!strcmp(name, "vsli") || !strcmp(name, "vsri")) {
        snprintf(mn, mlen, "%s.%u", name, bits);
        return true;
    }
    if (!strcmp(name, "vmla") || !strcmp(name, "vmlas")) {
        snprintf(mn, mlen, "%s.%c%u", name, bit(raw, 28) ? 'u' : 's', bits);
        return true;
    }
    if (!strcmp(name, "vadc") || !strcmp(name, "vadci") || !strcmp(name, "vsbc") ||
        !strcmp(name, "vsbci")) {
        snprintf(mn, mlen, "%s.i32", name);
        return true;
    }
    /* bottom/top halves */
    if (!strcmp(name, "vshll") || !strcmp(name, "vqmovn") || !strcmp(name, "vqshrn") ||
        !strcmp(name, "vqrshrn") || !strcmp(name, "vmull")) {
        snprintf(mn, mlen, "%s%s.%c%u", name, bt(raw), su, bits);
        return true;
    }
    if (!strcmp(name, "vmovn") || !strcmp(name, "vshrn") || !strcmp(name, "vrshrn")) {
        snprintf(mn, mlen, "%s%s.i%u", name, bt(raw), bits);
        return true;
    }
    if (!strcmp(name, "vqmovun") || !strcmp(name, "vqshrun") || !strcmp(name, "vqrshrun") ||
        !strcmp(name, "vqdmull")) {
        snprintf(mn, mlen, "%s%s.s%u", name, bt(raw), bits);
        return true;
    }
    if (!strcmp(name, "vmullp")) {
        snprintf(mn, mlen, "vmull%s.p%u", bt(raw), bits);
        return true;
    }
    /* exchange */
    if (!strcmp(name, "vqdmladh") || !strcmp(name, "vqrdmladh") || !strcmp(name, "vqdmlsdh") ||
        !strcmp(name, "vqrdmlsdh")) {
        snprintf(mn, mlen, "%s%s.s%u", name, exch(raw), bits);
        return true;
    }
    /* reductions: accumulate, exchange; without X the preferred aliases */
    if (!strcmp(name, "vaddv") || !strcmp(name, "vaddlv")) {
        snprintf(mn, mlen, "%s%s.%c%u", name, acc(raw), su, bits);
        return true;
    }
    static const struct { const char *row, *alias; } dav[] = {
        {"vmladav", "vmlav"},   {"vmlaldav", "vmlalv"},   {"vrmlaldavh", "vrmlalvh"},
        {"vmlsdav", NULL},      {"vmlsldav", NULL},       {"vrmlsldavh", NULL},
    };
    for (size_t i = 0; i < sizeof dav / sizeof dav[0]; i++)
        if (!strcmp(name, dav[i].row)) {
            if (bit(raw, 12) || !dav[i].alias)
                snprintf(mn, mlen, "%s%s%s.%c%u", name, acc(raw), exch(raw), su, bits);
            else
                snprintf(mn, mlen, "%s%s.%c%u", dav[i].alias, acc(raw), su, bits);
            return true;
        }
    return false;
}

bool isa_disasm_mve(const insn_t *in, char *mn, size_t mlen, char *ops, size_t olen)
{
    const isa_pattern_t *p = in->pat;
    const char *name = p ? p->name : NULL;
    ops[0] = '\0';
    if (!name)
        return false;
    /* The tail-predicated loop starts (branch table) carry MVE's element
     * size in hw1 bits 5:4. */
    if (!strcmp(name, "dlstp") || !strcmp(name, "wlstp")) {
        snprintf(mn, mlen, "%s.%u", name, 8u << field(in->raw, 20, 2));
        return true;
    }
    if (in_table(isa_patterns_mve, p)) {
        if (!strcmp(name, "vldr") || !strcmp(name, "vstr"))
            return vldr_vstr(in, mn, mlen, ops, olen);
        if (!strncmp(name, "vld", 3) || !strncmp(name, "vst", 3))
            return vld_struct(in, mn, mlen, ops, olen);
        if (!strcmp(name, "vctp")) {
            snprintf(mn, mlen, "vctp.%u", 8u << in->esize);
            snprintf(ops, olen, "%s", gp(in->rn));
            return true;
        }
        if (!strcmp(name, "vpst")) {
            char letters[6];
            vpt_letters(in->raw, letters);
            snprintf(mn, mlen, "vps%s", letters);
            return true;
        }
        if (!strcmp(name, "vcmp") || !strcmp(name, "vcmp.f"))
            return vcmp_vpt(in, mn, mlen, ops, olen);
        if (!strcmp(name, "vmov") && (p->match & 0xFFu) == 0x10u)
            return vmov_lane(in, mn, mlen, ops, olen);
        if (!strcmp(name, "vmov"))
            return vmov_2lane(in, mn, mlen, ops, olen);
        if (!strcmp(name, "vmov.imm"))
            return vmov_imm(in, mn, mlen, ops, olen);
        if (!strcmp(name, "vidup"))
            return vidup(in, mn, mlen, ops, olen);
        if (!strcmp(name, "vdup") || !strcmp(name, "vbrsr")) {
            snprintf(mn, mlen, "%s.%u", name, 8u << in->esize);
            return true;
        }
        if (!strcmp(name, "vrev")) {
            snprintf(mn, mlen, "vrev%u.%u", 8u << in->aux[1], 8u << in->esize);
            return true;
        }
        return false;
    }
    if (in_table(isa_patterns_mve_int, p)) {
        if (!strcmp(name, "vorr") && in->rn == in->rm) {
            snprintf(mn, mlen, "vmov");
            snprintf(ops, olen, "q%u, q%u", in->rd, in->rm);
            return true;
        }
        if (!strcmp(name, "vcadd") || !strcmp(name, "vhcadd")) {
            snprintf(mn, mlen, "%s.%c%u", name, !strcmp(name, "vcadd") ? 'i' : 's', 8u << in->esize);
            snprintf(ops, olen, "q%u, q%u, q%u, #%u", in->rd, in->rn, in->rm, in->imm);
            return true;
        }
        if (!strcmp(name, "vshll") && in->imm == 0) {   /* VMOVL: VSHLL by 0 */
            snprintf(mn, mlen, "vmovl%s.%c%u", bt(in->raw), in->aux[0] ? 'u' : 's', 8u << in->esize);
            snprintf(ops, olen, "q%u, q%u", in->rd, in->rm);
            return true;
        }
        return int_mnemonic(in, mn, mlen);
    }
    return false;
}
