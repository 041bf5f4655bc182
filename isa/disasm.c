/* Disassembly: Capstone first, then our own decode table. */
#include "disasm.h"

#include <capstone/capstone.h>
#include <stdio.h>
#include <string.h>

#include "disasm_mve.h"
#include "insn.h"

static const char *const reg_names[16] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                          "r8", "r9", "r10", "r11", "r12", "sp", "lr", "pc"};
static const char *const cond_names[16] = {"eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc",
                                           "hi", "ls", "ge", "lt", "gt", "le", "", ""};

void isa_encoding_bytes(uint32_t raw, unsigned size, uint8_t bytes[4])
{
    if (size == 4) {
        bytes[0] = (uint8_t)(raw >> 16);
        bytes[1] = (uint8_t)(raw >> 24);
        bytes[2] = (uint8_t)raw;
        bytes[3] = (uint8_t)(raw >> 8);
    } else {
        bytes[0] = (uint8_t)raw;
        bytes[1] = (uint8_t)(raw >> 8);
    }
}

/* A Capstone handle per call, closed before returning: disassembly holds
 * no state between calls (it serves error messages and traces, never the
 * run loop, so opening one costs nothing that matters). */
static bool capstone_disasm(uint32_t raw, unsigned size, uint32_t pc, char *buf, size_t len)
{
    uint8_t bytes[4];
    isa_encoding_bytes(raw, size, bytes);
    csh h;
    if (cs_open(CS_ARCH_ARM, (cs_mode)(CS_MODE_THUMB | CS_MODE_MCLASS | CS_MODE_V8), &h) != CS_ERR_OK)
        return false;
    cs_insn *insn = NULL;
    size_t n = cs_disasm(h, bytes, size, pc, 1, &insn);
    bool ok = n == 1 && insn[0].size == size;
    if (ok)
        snprintf(buf, len, "%s%s%s", insn[0].mnemonic, insn[0].op_str[0] ? " " : "", insn[0].op_str);
    if (n)
        cs_free(insn, n);
    cs_close(&h);
    return ok;
}

static bool name_in(const char *name, const char *const *list)
{
    for (; name && *list; list++)
        if (!strcmp(name, *list))
            return true;
    return false;
}

/* CSEL, CSINC, CSINV, CSNEG read zero for register 1111 (ZR), not the PC. */
static const char *const zr_rows[] = {"csel", "csinc", "csinv", "csneg", NULL};
/* The low-overhead branches show their target, as objdump does: LE and
 * LETP branch back by imm from the PC (the instruction's address + 4), WLS
 * and WLSTP forward. */
static const char *const lob_back[] = {"le", "letp", NULL};
static const char *const lob_fwd[] = {"wls", "wlstp", NULL};

/* CLRM's list: r0-r12 (bits 0-12), LR (14), APSR (15), one by one. */
static void clrm_list(uint16_t list, char *out, size_t len)
{
    size_t o = (size_t)snprintf(out, len, "{");
    for (unsigned r = 0; r < 16 && o < len; r++)
        if ((list >> r) & 1u)
            o += (size_t)snprintf(out + o, len - o, "%s%s", o > 1 ? ", " : "",
                                  r == 15 ? "APSR" : reg_names[r]);
    if (o < len)
        snprintf(out + o, len - o, "}");
}

/* VSCCLRM's list: a range of S or D registers (the decoder gives the first
 * S register and the count of S registers), then VPR. */
static void vscclrm_list(const insn_t *in, char *out, size_t len)
{
    bool dp = (in->raw >> 8) & 1u;
    unsigned first = dp ? in->rd / 2u : in->rd, count = dp ? in->words / 2u : in->words;
    char kind = dp ? 'd' : 's';
    if (count == 0)
        snprintf(out, len, "{VPR}");
    else if (count == 1)
        snprintf(out, len, "{%c%u, VPR}", kind, first);
    else
        snprintf(out, len, "{%c%u-%c%u, VPR}", kind, first, kind, first + count - 1);
}

/* Append the operands of fmt, expanded with the decoded fields, at buf[o];
 * pc is the instruction's address. */
static size_t expand_operands(const insn_t *in, const char *f, char *buf, size_t o, size_t len,
                              uint32_t pc)
{
    const char *name = in->pat ? in->pat->name : NULL;
    bool zr = name_in(name, zr_rows);
    while (*f && o + 1 < len) {
        if (*f != '{') {
            buf[o++] = *f++;
            continue;
        }
        const char *end = strchr(f, '}');
        if (!end)
            break;
        char key[16] = "";
        size_t kl = (size_t)(end - f - 1);
        if (kl < sizeof key)
            memcpy(key, f + 1, kl);
        char val[96] = "";
        if (!strcmp(key, "rd")) snprintf(val, sizeof val, "%s", reg_names[in->rd & 15]);
        else if (!strcmp(key, "rn")) snprintf(val, sizeof val, "%s", zr && in->rn == 15 ? "zr" : reg_names[in->rn & 15]);
        else if (!strcmp(key, "rm")) snprintf(val, sizeof val, "%s", zr && in->rm == 15 ? "zr" : reg_names[in->rm & 15]);
        else if (!strcmp(key, "imm") && name_in(name, lob_back)) snprintf(val, sizeof val, "0x%x", pc + 4u - in->imm);
        else if (!strcmp(key, "imm") && name_in(name, lob_fwd)) snprintf(val, sizeof val, "0x%x", pc + 4u + in->imm);
        else if (!strcmp(key, "ra")) snprintf(val, sizeof val, "%s", reg_names[in->ra & 15]);
        else if (!strcmp(key, "imm")) snprintf(val, sizeof val, "#%d", (int32_t)in->imm);
        else if (!strcmp(key, "cond") || !strcmp(key, "c")) snprintf(val, sizeof val, "%s", cond_names[in->cond & 15]);
        else if (!strcmp(key, "s")) snprintf(val, sizeof val, "%s", (in->flags & INSN_SETFLAGS) ? "s" : "");
        else if (!strcmp(key, "list") && name && !strcmp(name, "clrm")) clrm_list(in->list, val, sizeof val);
        else if (!strcmp(key, "list") && name && !strcmp(name, "vscclrm")) vscclrm_list(in, val, sizeof val);
        else if (!strcmp(key, "list")) snprintf(val, sizeof val, "{0x%04x}", in->list);
        else if (!strcmp(key, "shift") && in->shift_n) snprintf(val, sizeof val, ", shift #%u", in->shift_n);
        else if (!strcmp(key, "qd")) snprintf(val, sizeof val, "q%u", in->rd & 7u);
        else if (!strcmp(key, "qn")) snprintf(val, sizeof val, "q%u", in->rn & 7u);
        else if (!strcmp(key, "qm")) snprintf(val, sizeof val, "q%u", in->rm & 7u);
        else if (!strcmp(key, "sd")) snprintf(val, sizeof val, "s%u", in->rd);
        else if (!strcmp(key, "sn")) snprintf(val, sizeof val, "s%u", in->rn);
        else if (!strcmp(key, "sm")) snprintf(val, sizeof val, "s%u", in->rm);
        else if (!strcmp(key, "dd")) snprintf(val, sizeof val, "d%u", in->rd);
        else if (!strcmp(key, "dn")) snprintf(val, sizeof val, "d%u", in->rn);
        else if (!strcmp(key, "dm")) snprintf(val, sizeof val, "d%u", in->rm);
        else if (!strcmp(key, "dt")) {
            static const char kind[3] = {'s', 'u', 'f'};
            snprintf(val, sizeof val, ".%c%u", kind[in->dt < 3 ? in->dt : 0], 8u << (in->esize & 3u));
        }
        size_t vl = strlen(val);
        if (o + vl >= len)
            break;
        memcpy(buf + o, val, vl);
        o += vl;
        f = end + 1;
    }
    return o;
}

/* Helium rows: isa/disasm_mve.c gives the mnemonic and, where the row's
 * fmt cannot say them, the operands. */
static bool mve_disasm(const insn_t *in, char *buf, size_t len, uint32_t pc)
{
    char mn[32], ops[64];
    if (!isa_disasm_mve(in, mn, sizeof mn, ops, sizeof ops))
        return false;
    size_t o = (size_t)snprintf(buf, len, "%s", mn);
    if (o >= len)
        return true;
    const char *f = in->pat->fmt ? in->pat->fmt : "";
    if (ops[0]) {
        snprintf(buf + o, len - o, " %s", ops);
        return true;
    }
    if (strncmp(f, "{dt}", 4) == 0)
        f += 4;   /* the mnemonic has its type already */
    while (*f == ' ')
        f++;
    if (*f && o + 1 < len)
        buf[o++] = ' ';
    o = expand_operands(in, f, buf, o, len, pc);
    buf[o < len ? o : len - 1] = '\0';
    return true;
}

/* The branch-future hints (their rows decode no operand: they run as
 * NOPs), as objdump shows them: the branch point as an offset (boff * 2,
 * hex without "0x"), the target address, for BFCSEL the else-point offset
 * and the condition.  Targets: PC (address + 4) + a signed offset of
 * immh:imml:J:'0', immh 5 bits (BF), 7 (BFL) or 1 (BFCSEL). */
static bool branch_future(const insn_t *in, char *buf, size_t len, uint32_t pc)
{
    const char *name = in->pat ? in->pat->name : "";
    uint32_t raw = in->raw;
    unsigned boff = ((raw >> 23) & 15u) * 2u;
    uint32_t low = ((raw >> 1) & 0x3FFu) << 2 | ((raw >> 11) & 1u) << 1;
    unsigned immh_bits = !strcmp(name, "bf") ? 5 : !strcmp(name, "bfl") ? 7 : 1;
    uint32_t off = ((raw >> 16) & ((1u << immh_bits) - 1u)) << 12 | low;
    unsigned width = immh_bits + 12;
    uint32_t target = pc + 4u + (off ^ (1u << (width - 1))) - (1u << (width - 1));
    if (!strcmp(name, "bfx") || !strcmp(name, "bflx"))
        snprintf(buf, len, "%s %x, %s", name, boff, reg_names[(raw >> 16) & 15u]);
    else if (!strcmp(name, "bfcsel")) {
        unsigned cond = (raw >> 18) & 15u;
        snprintf(buf, len, "bfcsel %x, 0x%x, %x, %s", boff, target,
                 boff + (((raw >> 17) & 1u) ? 4u : 2u),
                 cond == 14 ? "al" : cond == 15 ? "<und>" : cond_names[cond]);
    } else if (!strcmp(name, "bf") || !strcmp(name, "bfl"))
        snprintf(buf, len, "%s %x, 0x%x", name, boff, target);
    else
        return false;
    return true;
}

/* Expand a row's fmt string with the decoded fields. */
static void table_disasm(const insn_t *in, char *buf, size_t len, uint32_t pc)
{
    const isa_pattern_t *p = in->pat;
    if (mve_disasm(in, buf, len, pc) || branch_future(in, buf, len, pc))
        return;
    /* CSNEG Rd, ZR, ZR is CNEG Rd, ZR (the cneg row leaves Rn = 1111 to the
     * CSET forms, but CSNEG has none). */
    if (p && p->name && !strcmp(p->name, "csneg") && in->rn == in->rm) {
        snprintf(buf, len, "cneg %s, %s, %s", reg_names[in->rd & 15],
                 in->rn == 15 ? "zr" : reg_names[in->rn & 15], cond_names[(in->cond ^ 1u) & 15]);
        return;
    }
    size_t o = (size_t)snprintf(buf, len, "%s", p && p->name ? p->name : "?");
    const char *f = p && p->fmt ? p->fmt : "";
    /* A data type suffix belongs to the mnemonic: "vadd.s16 q0, ...". */
    if (strncmp(f, "{dt}", 4) == 0 && o < len) {
        static const char kind[3] = {'s', 'u', 'f'};
        o += (size_t)snprintf(buf + o, len - o, ".%c%u", kind[in->dt < 3 ? in->dt : 0],
                              8u << (in->esize & 3u));
        f += 4;
        while (*f == ' ')
            f++;
    }
    if (o >= len)
        o = len - 1;
    if (*f && *f != '.' && o < len)
        buf[o++] = ' ';   /* a further type suffix (".f32") joins the mnemonic */
    o = expand_operands(in, f, buf, o, len, pc);
    buf[o < len ? o : len - 1] = '\0';
}

bool isa_disasm_needs_table(const isa_pattern_t *p)
{
    return p && p->disasm == ISA_DIS_TABLE;
}

void isa_disasm(uint32_t raw, unsigned size, uint32_t pc, char *buf, size_t len)
{
    if (len == 0)
        return;
    insn_t in;
    isa_decode(&in, size == 4 ? raw >> 16 : raw, size == 4 ? raw & 0xFFFFu : 0);
    /* Our table for what Capstone 4 cannot know (v8.1-M, Helium); otherwise
     * Capstone, whose operand syntax is richer. */
    if (!isa_disasm_needs_table(in.pat) && capstone_disasm(raw, size, pc, buf, len))
        return;
    table_disasm(&in, buf, len, pc);
}
