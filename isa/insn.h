/* Predecoded instructions and the encoding tables.
 *
 * Every instruction family (isa/exec_*.c) owns one table of patterns: mask and
 * match bits over the encoding, a decode function that pulls the operand
 * fields out once, and an execute function that runs the instruction from
 * those fields.  isa/decode.c searches the tables in a fixed order, first
 * match wins; the result is cached per address (cpu->icache), so decoding
 * happens once per instruction address, never in the hot loop.
 *
 * Encoding word: a 16-bit instruction is its halfword (bits 15:0, size 2); a
 * 32-bit instruction is (first halfword << 16) | second halfword (size 4),
 * so bit numbers follow the Arm ARM's "hw1 bit N" = raw bit 16+N.
 */
#ifndef ETSIM_ISA_INSN_H
#define ETSIM_ISA_INSN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpu.h"
#include "operands.h"
#include "timing.h"

typedef struct insn insn_t;
typedef void (*isa_exec_fn)(cpu_t *cpu, const insn_t *in);

/* Flags set by decode functions in insn_t.flags. */
#define INSN_SETFLAGS  0x01u   /* S bit: update NZCV (16-bit forms: only outside IT) */
#define INSN_SETFLAGS_OUTSIDE_IT 0x02u /* 16-bit forms that set flags only outside an IT block */
#define INSN_INDEX     0x04u   /* P: offset addressing (pre-index) */
#define INSN_ADD       0x08u   /* U: add the offset */
#define INSN_WBACK     0x10u   /* W: write the address back */
#define INSN_BRANCH    0x20u   /* may change the flow (for timing and traces) */
#define INSN_ACC       0x40u   /* accumulating form (VADDVA, VMLADAVA...): Rda is read */
/* Set at decode (isa_dp_writes_only_rd()): inside an IT block it writes
 * nothing but Rd (not SP or PC: no flags, no fault, no added cycle), so
 * the run loop may execute it whatever its condition and put Rd back when
 * the condition fails, without a host branch on the flags. */
#define INSN_IT_SELECT 0x80u

struct insn {
    isa_exec_fn exec;
    const struct isa_pattern *pat;  /* the table row that matched */
    uint32_t raw;          /* the encoding, see above */
    uint32_t imm;          /* immediate / offset / branch target, decoded */
    uint8_t size;          /* 2 or 4 bytes */
    uint8_t rd, rn, rm;    /* register numbers (for FP/MVE: S/D/Q numbers) */
    uint8_t ra;            /* fourth register: accumulator, RdHi, Rt2 */
    uint8_t shift_type;    /* SRType: 0 LSL, 1 LSR, 2 ASR, 3 ROR, 4 RRX */
    uint8_t shift_n;       /* shift amount */
    uint8_t cond;          /* condition for B<c>/CSEL/VSEL..., 14 = always */
    uint8_t flags;         /* INSN_* */
    uint8_t tclass;        /* timing class (isa/timing.h) */
    uint8_t esize;         /* element size / data type selector (FP, MVE) */
    union {                /* one 16-bit field, named by the row's shape: */
        uint16_t list;     /* LDM/STM/PUSH/POP, CLRM: core register list */
        uint16_t words;    /* VLDM/VSTM/VPUSH/VPOP, VSCCLRM: S registers from rd */
        uint16_t vpt_mask; /* VPT/VPST: the mask (bit 3 = the first condition) */
        uint16_t operand2; /* Helium element-wise: where the second operand comes from */
        uint16_t offset;   /* VLDR/VSTR of a system register: offset in bytes */
    };
    union {                /* two family-specific bytes; named where a shape has a view: */
        uint8_t aux[2];
        struct { uint8_t dt; };       /* Helium: {dt}'s element type: 0 signed, 1 unsigned, 2 float */
        struct { uint8_t rounding; }; /* FP conversions, VRINT: enum fp_rounding or FP_ROUND_BY_FPSCR */
        struct { uint8_t regs; };     /* VLDM/VSTM/VPUSH/VPOP: registers moved (their timing) */
    };
    /* Pipeline model (isa/timing.h), filled by timing_annotate(). */
    uint8_t issue;         /* front-end cycles */
    uint8_t latency;       /* result latency */
    uint8_t pipe;          /* enum timing_pipe */
    uint8_t occupancy;     /* cycles the pipe is held */
    uint8_t dual;          /* TIMING_DUAL_* */
    uint8_t fetch_wait;    /* uncached fetch cost; 0 from a TCM */
    uint8_t hot_family;    /* ISA_HOT_*: the family dispatcher that calls exec directly */
    uint8_t hot_index;     /* its case in that dispatcher */
    uint64_t src, dst;     /* register units read and written */
    uint64_t sb_dst;       /* dst if latency > 1 (a dependant can wait), else 0 */
};

typedef struct isa_pattern {
    const char *name;      /* mnemonic, lower case; NULL ends a table */
    uint32_t mask, match;  /* raw & mask == match */
    uint8_t size;          /* 2 or 4 */
    uint8_t tclass;        /* default timing class (isa/timing.h) */
    /* Fill the operand fields.  Return false when the encoding is not this
     * instruction after all (the search goes on with the next row); leave
     * in->exec NULL to use the row's exec, or set it to a specialised one. */
    bool (*decode)(insn_t *in, uint32_t raw);
    isa_exec_fn exec;
    /* Operands for our own disassembly, used where Capstone 4 cannot
     * disassemble (v8.1-M, MVE): {rd} {rn} {rm} {ra} {imm} {cond} {list}
     * {shift} {s} (an "s" when flags are set) {c} (condition suffix). */
    const char *fmt;
    /* The registers it writes and reads, as OP_* sets naming the decoded
     * fields that hold them (isa/operands.h): the pipeline model's
     * dependences, computed once per decoded instruction. */
    uint32_t writes, reads;
    uint8_t timing;        /* TL_*: where the row's cost differs from its class (isa/timing.h) */
    uint8_t dual;          /* DUAL_*: dual-issue class of a 16-bit row (isa/timing.h) */
    uint8_t disasm;        /* ISA_DIS_*: who disassembles it (isa/disasm.c) */
    /* ISA_ROW_SHADOWED: rows searched before this one match some of its
     * encodings, which are theirs (first match wins, or their decode
     * refuses them and the search reaches this row): an intended overlap,
     * checked by tests/unit/test_isa_table.c.  0: no earlier row overlaps. */
    uint8_t overlap;
} isa_pattern_t;

/* isa_pattern_t.disasm: Capstone 4 predates Armv8.1-M and shows some of
 * its instructions as something else rather than failing (CSEL as ORR.W,
 * LE as a branch), so those rows and every Helium row are disassembled
 * from the row's fmt; the others by Capstone, whose operand syntax is
 * richer (the row's fmt is the fallback when Capstone fails). */
enum isa_disasm_source { ISA_DIS_CAPSTONE = 1, ISA_DIS_TABLE = 2 };
#define ISA_ROW_SHADOWED 1u

/* The family tables, searched in this order by isa/decode.c (first match
 * wins, so a table may rely on the ones before it having claimed their
 * encodings: e.g. dsp's long shifts come before dp's ORR/MOV). */
extern const isa_pattern_t isa_patterns_sys[];     /* exec_sys.c: IT, hints, MRS/MSR, CPS, barriers, SVC, BKPT, UDF, BF* */
extern const isa_pattern_t isa_patterns_branch[];  /* exec_branch.c: B, BL, BX, BLX, CBZ, TBB/TBH, DLS/WLS/LE */
extern const isa_pattern_t isa_patterns_dsp[];     /* exec_dsp.c: SIMD32, saturating, DSP multiplies, long shifts */
extern const isa_pattern_t isa_patterns_mul[];     /* exec_mul.c: MUL/MLA/MLS, long multiplies, divides */
extern const isa_pattern_t isa_patterns_dp[];      /* exec_dp.c: data processing, shifts, bitfield, extend, CSEL */
extern const isa_pattern_t isa_patterns_ldst[];    /* exec_ldst.c: every load/store, LDM/STM, PUSH/POP, exclusives */
extern const isa_pattern_t isa_patterns_fp[];      /* exec_fp.c: FPv5 single and double precision */
extern const isa_pattern_t isa_patterns_mve[];     /* exec_mve.c: Helium loads/stores, predication, moves */
extern const isa_pattern_t isa_patterns_mve_int[]; /* exec_mve_int.c: Helium integer arithmetic */
extern const isa_pattern_t isa_patterns_mve_fp[];  /* exec_mve_fp.c: Helium floating point */

/* The family tables in search order (the array above, as decode.c sees
 * it: a family not linked in is NULL). */
const isa_pattern_t *const *isa_family_tables(size_t *count);

/* Check tables as tests/unit/test_isa_table.c wants every row: mask and
 * match consistent, every field filled (timing, dual issue, operands,
 * disassembly), and no row overlapping an earlier one (in search order)
 * unless it says so (ISA_ROW_SHADOWED), nor saying so without cause.
 * Returns the number of faults; the first is described in err. */
unsigned isa_check_tables(const isa_pattern_t *const *tables, size_t count, char *err, size_t len);

/* Decode the instruction at addr (whose halfwords are hw1, hw2) into *in.
 * An encoding no table knows becomes an UNDEFINED instruction. */
void isa_decode(insn_t *in, uint32_t hw1, uint32_t hw2);
/* True when hw1 is the first half of a 32-bit instruction. */
static inline bool isa_is_32bit(uint32_t hw1)
{
    return (hw1 & 0xF800u) >= 0xE800u;
}

#include "hot_path.h"   /* the execute functions the run loop calls directly */

/* Fill in->hot_family / hot_index from in->exec (decode time). */
void isa_assign_hot(insn_t *in);

/* True when in (decoded) is a data-processing instruction that inside an
 * IT block writes only Rd, and Rd is not SP or PC (isa/exec_dp.c). */
bool isa_dp_writes_only_rd(const insn_t *in);

/* Plain instructions (the block loop's cheap step, isa/block.h): outside
 * an IT block they change nothing but core registers other than SP and PC
 * and the flags (APSR.NZCV, Q, GE), take no added cycle, cannot fault, do
 * no memory or device access, and do not read the PC.  Each family file
 * that has some lists its plain execute functions, NULL-terminated; a
 * decoded instruction is plain when its execute function is listed and no
 * register operand of its row is the PC, nor SP where it is written (a
 * write to SP checks the stack limit).  tests/unit/test_plain.c runs every
 * encoding a plain instruction can have over random operands and checks
 * exactly that. */
extern const isa_exec_fn isa_plain_dp[];    /* exec_dp.c */
extern const isa_exec_fn isa_plain_mul[];   /* exec_mul.c */
extern const isa_exec_fn isa_plain_dsp[];   /* exec_dsp.c */
bool isa_insn_plain(const insn_t *in);

/* Memory instructions (the block loop's memory step, isa/block.h): a
 * single load or store (one register or a pair, any addressing form), or
 * a Helium instruction, that neither reads nor writes the PC: it may add
 * cycles, fault, save the lazy FP state or move an event through a device
 * access, but it never changes the flow nor reads r15, so the block loop
 * stores neither next_pc nor r15 for it.  The load/store family lists its
 * ones (NULL-terminated; their row must name a base register); of the
 * Helium tables (isa_patterns_mve*) every row whose operands are vector,
 * core registers, VPR, the flags or FPSCR; and in both no register operand
 * may be the PC.  tests/unit/test_plain.c runs every such encoding at two
 * PCs over random operands and memory, with and without the FP context
 * ready, and checks that. */
extern const isa_exec_fn isa_memory_ldst[]; /* exec_ldst.c */
bool isa_insn_memory(const insn_t *in);

/* True when in (at pc) is a loop's back edge with a static target (B,
 * B<c> or LE to *target, at or before pc; isa/exec_branch.c). */
bool isa_backward_branch(const insn_t *in, uint32_t pc, uint32_t *target);

/* Branch steps (isa/block.h): a B, B<c> or LE inside a block, outside an
 * IT block and not the block's last, whose outcome the block expects (it
 * falls through, or it is the back edge the block goes on across).  The
 * block loop tests the condition under which its execute function would
 * do exactly that and add no cycles (block_branch_step()), and only where
 * it fails runs it as a general step. */
enum isa_branch_step {
    ISA_BRANCH_STEP_NONE,
    ISA_BRANCH_STEP_FALL,       /* B<c> falling through: the condition fails, not predicted taken */
    ISA_BRANCH_STEP_BACK_COND,  /* backward B<c> taken: the condition passes, predicted taken */
    ISA_BRANCH_STEP_BACK,       /* backward B taken: predicted taken */
    ISA_BRANCH_STEP_LE,         /* LE taken: LR above 1, the loop's information held */
};
/* The kind of in as a branch step that is taken (or falls through) as
 * the block expects, ISA_BRANCH_STEP_NONE if it cannot be one. */
uint8_t isa_branch_step(const insn_t *in, bool taken);

/* IT: the encoding of an IT instruction (not a hint: its mask is not 0),
 * and ITAdvance(), the IT state of the instruction after one executed
 * inside an IT block. */
static inline bool isa_is_it(const insn_t *in)
{
    return in->size == 2 && (in->raw & 0xFF00u) == 0xBF00u && (in->raw & 0xFu) != 0;
}

static inline uint32_t isa_it_advance(uint32_t it)
{
    if ((it & 7u) == 0)
        return 0;
    return (it & 0xE0u) | ((it << 1) & 0x1Fu);
}

/* ------------------------------------------------------------------ */
/* Services for execute functions (isa/cpu.c, isa/exception.c).        */

/* Stop the current instruction and take a fault; never returns.  Execute
 * functions must do every access that can fault before they change any
 * register, so an aborted instruction leaves no trace. */
_Noreturn void cpu_fault(cpu_t *cpu, enum cpu_fault fault, uint32_t addr);
/* Unpredictable or unsupported behaviour we chose to treat as UNDEFINED. */
_Noreturn void cpu_undefined(cpu_t *cpu);

/* Data memory (isa/mem_access.h): cpu_read8/16/32, cpu_read32_aligned,
 * cpu_write8/16/32, cpu_write32_aligned.  Word and halfword accesses may be
 * unaligned (unless CCR.UNALIGN_TRP); the _aligned forms fault on unaligned
 * addresses, as LDM/STM, LDRD/STRD, exclusives and VLDM/VSTM require. */
#include "mem_access.h"

/* Writes to the PC (Arm ARM pseudocode names). */
void cpu_branch_write_pc(cpu_t *cpu, uint32_t addr);   /* B, CBZ, ALU writes */
void cpu_bx_write_pc(cpu_t *cpu, uint32_t addr);       /* BX, BLX, POP/LDM/LDR to PC */

/* cpu_branch_write_pc() inline, for the hot branch execute functions:
 * BranchWritePC is only the new next_pc (exception.c keeps the
 * out-of-line one for everything else). */
static inline void cpu_branch_write_pc_inline(cpu_t *cpu, uint32_t addr)
{
    cpu->next_pc = addr & ~1u;
}

/* SP writes go through here so MSPLIM/PSPLIM are checked. */
void cpu_write_sp(cpu_t *cpu, uint32_t value);

/* Special registers for MRS/MSR (SYSm encoding); false if SYSm is unknown. */
bool cpu_mrs(cpu_t *cpu, uint32_t sysm, uint32_t *value);
bool cpu_msr(cpu_t *cpu, uint32_t sysm, uint32_t mask, uint32_t value);
/* CPS: change PRIMASK/FAULTMASK (privileged only). */
void cpu_cps(cpu_t *cpu, bool disable, bool affect_i, bool affect_f);
/* SVC #imm: pend SVCall (taken after this instruction). */
void cpu_svc(cpu_t *cpu);
/* WFI / WFE / SEV. */
void cpu_wfi(cpu_t *cpu);
void cpu_wfe(cpu_t *cpu);
void cpu_sev(cpu_t *cpu);

/* Check that FP/MVE is enabled (CPACR), else NOCP UsageFault; also marks
 * CONTROL.FPCA so exception entry stacks the FP context. */
void cpu_fp_enter_slow(cpu_t *cpu);
static inline void cpu_fp_enter(cpu_t *cpu)
{
    if (__builtin_expect(CPU_FP_READY(cpu), 1))
        return;
    cpu_fp_enter_slow(cpu);
}

/* Is the current instruction inside an IT block (not counting the IT)?
 * The run loop has already advanced cpu->itstate to the next instruction's
 * state; cpu->it_cur is the state this instruction executes under. */
static inline bool cpu_in_it_block(const cpu_t *cpu)
{
    return (cpu->it_cur & 0xFu) != 0;
}

/* Is it the last instruction of an IT block (branches may only be there)? */
static inline bool cpu_last_in_it_block(const cpu_t *cpu)
{
    return (cpu->it_cur & 0xFu) == 0x8u;
}

/* True when execute functions of 16-bit data processing should set flags. */
static inline bool insn_sets_flags(const cpu_t *cpu, const insn_t *in)
{
    if (in->flags & INSN_SETFLAGS)
        return true;
    return (in->flags & INSN_SETFLAGS_OUTSIDE_IT) && !cpu_in_it_block(cpu);
}

#endif
