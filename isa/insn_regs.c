/* Which registers an instruction reads and writes, for the pipeline model
 * (isa/timing.h): computed once per predecoded instruction.
 *
 * Capstone knows the operands of every Armv8-M scalar and FP instruction,
 * including implicit ones (PUSH writes SP, BL writes LR), so it answers for
 * those.  Capstone 4 predates Armv8.1-M: for Helium and the v8.1-M scalar
 * additions (the rows isa_disasm() disassembles from our own table) the
 * answer comes from the row's operand format: the first register operand
 * is the destination (except for stores, compares and predicate setters),
 * the others are sources.  The result is a dependency estimate, not an
 * architectural fact: a missing register only loses a stall, an extra one
 * only adds a false dependency, so neither changes what the program does.
 */
#include <capstone/capstone.h>
#include <string.h>

#include "disasm.h"
#include "insn.h"

static uint64_t core_reg(unsigned r)
{
    return r < 15 ? 1ull << r : 0;   /* the PC is not tracked */
}

static uint64_t s_reg(unsigned s)
{
    return s < 32 ? 1ull << (TIMING_UNIT_S0 + s) : 0;
}

static uint64_t d_reg(unsigned d)
{
    return d < 16 ? 3ull << (TIMING_UNIT_S0 + 2 * d) : 0;
}

static uint64_t q_reg(unsigned q)
{
    return q < 8 ? 0xFull << (TIMING_UNIT_S0 + 4 * q) : 0;
}

static uint64_t capstone_unit(unsigned reg)
{
    if (reg >= ARM_REG_R0 && reg <= ARM_REG_R12)
        return core_reg(reg - ARM_REG_R0);
    if (reg == ARM_REG_SP)
        return core_reg(13);
    if (reg == ARM_REG_LR)
        return core_reg(14);
    if (reg >= ARM_REG_S0 && reg <= ARM_REG_S31)
        return s_reg(reg - ARM_REG_S0);
    if (reg >= ARM_REG_D0 && reg <= ARM_REG_D31)
        return d_reg(reg - ARM_REG_D0);
    if (reg >= ARM_REG_Q0 && reg <= ARM_REG_Q0 + 7)
        return q_reg(reg - ARM_REG_Q0);
    if (reg == ARM_REG_APSR || reg == ARM_REG_APSR_NZCV || reg == ARM_REG_CPSR)
        return TIMING_MASK_FLAGS;
    if (reg == ARM_REG_FPSCR || reg == ARM_REG_FPSCR_NZCV)
        return TIMING_MASK_FPSCR;
    return 0;
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* One Capstone handle with operand details for the whole process (like the
 * decode index, it only depends on constant inputs). */
static bool capstone_regs(uint32_t raw, unsigned size, uint64_t *src, uint64_t *dst)
{
    static csh handle;
    static int state;   /* 0 not opened, 1 open, -1 failed */
    if (state == 0) {
        state = cs_open(CS_ARCH_ARM, (cs_mode)(CS_MODE_THUMB | CS_MODE_MCLASS | CS_MODE_V8),
                        &handle) == CS_ERR_OK ? 1 : -1;
        if (state == 1)
            cs_option(handle, CS_OPT_DETAIL, CS_OPT_ON);
    }
    if (state != 1)
        return false;
    uint8_t bytes[4];
    isa_encoding_bytes(raw, size, bytes);
    cs_insn *insn = NULL;
    size_t n = cs_disasm(handle, bytes, size, 0, 1, &insn);
    bool ok = n == 1 && insn[0].size == size;
    if (ok) {
        cs_regs rd, wr;
        uint8_t nrd = 0, nwr = 0;
        if (cs_regs_access(handle, &insn[0], rd, &nrd, wr, &nwr) == CS_ERR_OK) {
            for (unsigned i = 0; i < nrd; i++)
                *src |= capstone_unit(rd[i]);
            for (unsigned i = 0; i < nwr; i++)
                *dst |= capstone_unit(wr[i]);
        }
        const cs_arm *arm = &insn[0].detail->arm;
        const char *m = insn[0].mnemonic;
        if (arm->update_flags || starts_with(m, "cmp") || starts_with(m, "cmn") ||
            starts_with(m, "tst") || starts_with(m, "teq"))
            *dst |= TIMING_MASK_FLAGS;
        if ((arm->cc != ARM_CC_AL && arm->cc != ARM_CC_INVALID) || starts_with(m, "adc") ||
            starts_with(m, "sbc") || starts_with(m, "rrx") || starts_with(m, "it"))
            *src |= TIMING_MASK_FLAGS;
        if (starts_with(m, "vcmp"))
            *dst |= TIMING_MASK_FPSCR;
        if (starts_with(m, "vmrs"))
            *src |= TIMING_MASK_FPSCR;
    }
    if (n)
        cs_free(insn, n);
    return ok;
}

/* Names whose first operand is read, not written. */
static bool no_destination(const char *name)
{
    static const char *const names[] = {"vstr", "vst2", "vst4", "vcmp", "vpt", "vctp",
                                        "vpst", "vpnot", "dls", "wls", "le", "letp",
                                        "dlstp", "wlstp", "lctp", "bf"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0 || (i >= 3 && starts_with(name, names[i])))
            return true;
    return false;
}

/* A destination that is also read: accumulations, partial (narrowing,
 * lane or predicated) writes.  Loads, moves and duplications write the
 * whole register. */
static bool destination_is_read(const char *name)
{
    return !(starts_with(name, "vldr") || starts_with(name, "vld2") || starts_with(name, "vld4") ||
             strcmp(name, "vdup") == 0 || strcmp(name, "vmov.imm") == 0 ||
             starts_with(name, "vidup") || starts_with(name, "vddup") ||
             starts_with(name, "viwdup") || starts_with(name, "vdwdup"));
}

static void format_regs(const insn_t *in, uint64_t *src, uint64_t *dst)
{
    const isa_pattern_t *p = in->pat;
    const char *f = p->fmt ? p->fmt : "";
    bool first = !no_destination(p->name);
    bool mve = p->tclass >= TC_MVE_INT;
    bool read_dst = mve && destination_is_read(p->name);
    for (const char *k = strchr(f, '{'); k; k = strchr(k + 1, '{')) {
        uint64_t m = 0;
        if (!strncmp(k, "{rd}", 4)) m = core_reg(in->rd);
        else if (!strncmp(k, "{rn}", 4)) m = core_reg(in->rn);
        else if (!strncmp(k, "{rm}", 4)) m = core_reg(in->rm);
        else if (!strncmp(k, "{ra}", 4)) m = core_reg(in->ra);
        else if (!strncmp(k, "{qd}", 4)) m = q_reg(in->rd & 7u);
        else if (!strncmp(k, "{qn}", 4)) m = q_reg(in->rn & 7u);
        else if (!strncmp(k, "{qm}", 4)) m = q_reg(in->rm & 7u);
        else if (!strncmp(k, "{list}", 6)) m = in->list & 0x7FFFu;
        else continue;
        if (first) {
            *dst |= m;
            if (read_dst)
                *src |= m;
            first = false;
            /* A 64-bit result pair (VMLALDAV RdaLo, RdaHi, long shifts). */
            if (!strncmp(k, "{rd}", 4) && !strncmp(k + 4, ", {ra}", 6))
                *dst |= core_reg(in->ra), *src |= read_dst ? core_reg(in->ra) : 0;
        } else {
            *src |= m;
        }
    }
    if (in->flags & INSN_WBACK)
        *dst |= core_reg(in->rn);
    if (in->cond != 14)
        *src |= TIMING_MASK_FLAGS;
    if (starts_with(p->name, "vcmp") || starts_with(p->name, "vpt") || starts_with(p->name, "vctp") ||
        !strcmp(p->name, "vpst") || !strcmp(p->name, "vpnot"))
        *dst |= TIMING_MASK_VPR;
    if (!strcmp(p->name, "vpsel") || !strcmp(p->name, "vpnot"))
        *src |= TIMING_MASK_VPR;
}

void timing_insn_regs(const insn_t *in, uint64_t *src, uint64_t *dst)
{
    *src = *dst = 0;
    if (!in->pat || !in->pat->name)
        return;
    if (isa_disasm_needs_table(in->pat) || !capstone_regs(in->raw, in->size, src, dst))
        format_regs(in, src, dst);
}
