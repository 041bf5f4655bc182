/* Which registers an instruction reads and writes, for the pipeline model
 * (isa/timing.h): computed once per predecoded instruction from its row's
 * OP_* sets (isa/operands.h) and the decoded fields they name.
 */
#include "fp_ops.h"
#include "insn.h"
#include "operands.h"

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
    return 0xFull << (TIMING_UNIT_S0 + 4 * (q & 7u));
}

/* An FP register field: S, or D for a double-precision operation. */
static uint64_t fp_reg(const insn_t *in, unsigned r)
{
    return in->esize == FP_F64 ? d_reg(r) : s_reg(r);
}

static uint64_t s_range(unsigned first, unsigned count)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < count; i++)
        m |= s_reg(first + i);
    return m;
}

static uint64_t flags_if(bool c)
{
    return c ? TIMING_MASK_FLAGS : 0;
}

/* The units of one operand of in. */
static uint64_t operand_units(const insn_t *in, enum isa_operand op)
{
    bool acc = (in->flags & INSN_ACC) != 0;
    switch (op) {
    case OP_RD: return core_reg(in->rd);
    case OP_RN: return core_reg(in->rn);
    case OP_RM: return core_reg(in->rm);
    case OP_RA: return core_reg(in->ra);
    case OP_QD: return q_reg(in->rd);
    case OP_QN: return q_reg(in->rn);
    case OP_QM: return q_reg(in->rm);
    case OP_FD: return fp_reg(in, in->rd);
    case OP_FN: return fp_reg(in, in->rn);
    case OP_FM: return fp_reg(in, in->rm);
    case OP_SD: return s_reg(in->rd);
    case OP_SM: return s_reg(in->rm);
    case OP_DD: return d_reg(in->rd);
    case OP_DM: return d_reg(in->rm);
    case OP_LIST: return in->list & 0x7FFFu;
    case OP_LR: return core_reg(14);
    case OP_FLAGS: return TIMING_MASK_FLAGS;
    case OP_FPSCR: return TIMING_MASK_FPSCR;
    case OP_VPR: return TIMING_MASK_VPR;
    case OP_COND: return flags_if(in->cond != 14);
    case OP_WBACK: return (in->flags & INSN_WBACK) ? core_reg(in->rn) : 0;
    case OP_SETFLAGS: return flags_if(in->flags & INSN_SETFLAGS);
    case OP_SLIST: return s_range(in->rd, in->words);
    case OP_SPAIR: return s_reg(in->rd) | s_reg(in->rd + 1u);
    case OP_D_OF_S: return d_reg(in->rd / 2u);
    case OP_PSR: return flags_if(in->imm < 4);   /* APSR, IAPSR, EAPSR, XPSR */
    case OP_FPSCR_REG: return in->imm == 1 ? TIMING_MASK_FPSCR : 0;
    case OP_APSR_NZCV: return flags_if(in->rd == 15);
    case OP_ROUND_FPSCR: return in->rounding == FP_ROUND_BY_FPSCR ? TIMING_MASK_FPSCR : 0;
    case OP_RD_ACC: return acc ? core_reg(in->rd) : 0;
    case OP_RA_ACC: return acc ? core_reg(in->ra) : 0;
    }
    return 0;
}

static uint64_t operand_set_units(const insn_t *in, uint32_t set)
{
    uint64_t m = 0;
    for (uint32_t rest = set & ~OP_NONE; rest; rest &= rest - 1)
        m |= operand_units(in, (enum isa_operand)(rest & -rest));
    return m;
}

void timing_insn_regs(const insn_t *in, uint64_t *src, uint64_t *dst)
{
    const isa_pattern_t *p = in->pat;
    *src = p ? operand_set_units(in, p->reads) : 0;
    *dst = p ? operand_set_units(in, p->writes) : 0;
}
