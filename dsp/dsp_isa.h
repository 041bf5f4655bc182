/* The HLD instruction set: bundle layout, operand kinds and the one table of
 * operations (dsp_isa.c) that the decoder, the assembler and the
 * disassembler all read.  dsp/ISA.md is the prose reference.
 *
 * A bundle is 64 bits, little endian in memory:
 *
 *    63   60 59          40 39          20 19           0
 *   +-------+--------------+--------------+--------------+
 *   | fmt:4 | slot A (20)  | slot B (20)  | slot C (20)  |
 *   +-------+--------------+--------------+--------------+
 *   fmt 0: three 20-bit operations A | B | C
 *   fmt 1: one 40-bit operation in A+B (bits 59..20) | C
 *   fmt 2..15: reserved (illegal bundle)
 *
 * A 20-bit operation: opcode bits 19..14, then fields:
 *   f1 = 13..10, f2 = 9..6, f3 = 5..2, sub = 1..0,
 *   imm6 = 5..0, imm10 = 9..0, imm14 = 13..0.
 * Slot value 0 is illegal, so an all-zero bundle (erased memory) faults. */
#ifndef ETSIM_DSP_ISA_H
#define ETSIM_DSP_ISA_H

#include <stdbool.h>
#include <stdint.h>

#define DSP_NUM_R 16
#define DSP_NUM_V 16
#define DSP_NUM_A 8
#define DSP_NUM_P 8
#define DSP_NUM_U 4
#define DSP_BUNDLE_BYTES 8
#define DSP_SLOTS 3

enum dsp_slot_bits {
    DSP_SLOT_A = 1, DSP_SLOT_B = 2, DSP_SLOT_C = 4,
    DSP_SLOT_AB = 8,   /* a 40-bit operation of format 1, using A and B together */
};

/* What an operand is and where its bits are. */
typedef enum dsp_operand_kind {
    DSP_OPND_NONE = 0,
    DSP_OPND_R,      /* scalar register r0..r15 */
    DSP_OPND_V,      /* vector register v0..v15 */
    DSP_OPND_VP,     /* vector pair vN:vN+1, N even (written as vN) */
    DSP_OPND_VQ,     /* vector quad vN..vN+3, N a multiple of 4 (written as vN) */
    DSP_OPND_A,      /* accumulator a0..a7 */
    DSP_OPND_AQ,     /* accumulator quad a0..a3 or a4..a7 (written as a0 / a4) */
    DSP_OPND_P,      /* predicate p0..p7 */
    DSP_OPND_U,      /* alignment register u0..u3 */
    DSP_OPND_SR,     /* special register number (written by name) */
    DSP_OPND_IMM,    /* immediate, signed or not, multiplied by scale */
    DSP_OPND_PCREL,  /* branch target: signed bundle offset from this bundle */
    DSP_OPND_LOOPEND,/* loop end: unsigned bundle offset from this bundle */
} dsp_operand_kind_t;

/* How an operation uses a register operand (for the scoreboard and the
 * one-writer-per-register rule of a bundle). */
typedef enum dsp_role {
    DSP_USE = 1,     /* read */
    DSP_DEF = 2,     /* written */
    DSP_MOD = 3,     /* read and written (post-increment base, vset) */
    DSP_ACC = 7,     /* accumulator read and written by a MAC: forwarded */
} dsp_role_t;

typedef struct dsp_operand {
    uint8_t kind;    /* dsp_operand_kind_t */
    uint8_t shift;   /* lowest bit of the field in the operation word */
    uint8_t width;   /* field width in bits */
    uint8_t role;    /* dsp_role_t for registers; 1 = signed for immediates */
    uint8_t scale;   /* immediates: value = field * scale */
    uint8_t max;     /* immediates/registers: largest field value allowed (0: all) */
} dsp_operand_t;

/* Timing and energy class of an operation (DSP.md "timing"). */
typedef enum dsp_class {
    DSP_CL_NOP = 0,
    DSP_CL_ALU,      /* scalar ALU, moves, special registers */
    DSP_CL_MUL,      /* scalar multiply */
    DSP_CL_LOAD,
    DSP_CL_STORE,
    DSP_CL_BRANCH,   /* branches, jumps, calls, loops, system */
    DSP_CL_VALU,     /* vector ALU, shuffles, compares */
    DSP_CL_MAC,      /* multiplies into an accumulator */
    DSP_CL_ACC,      /* accumulator extraction and requantize */
    DSP_CL_COUNT
} dsp_class_t;

struct dsp_core;
struct dsp_op;
typedef void (*dsp_exec_fn)(struct dsp_core *c, const struct dsp_op *op);

/* One row of the table: everything about one operation. */
typedef struct dsp_op_desc {
    const char *name;        /* mnemonic */
    uint64_t match;          /* the operation word with all operand fields 0 */
    uint8_t slots;           /* dsp_slot_bits */
    uint8_t cls;             /* dsp_class_t */
    uint8_t latency;         /* cycles until a result can be used */
    uint8_t mem_bytes;       /* bytes a load/store moves (0: none) */
    dsp_exec_fn exec;        /* semantics */
    const char *syntax;      /* operands: %0..%3 stand for operand[i] */
    dsp_operand_t opnd[4];
} dsp_op_desc_t;

extern const dsp_op_desc_t dsp_ops[];
extern const unsigned dsp_num_ops;

/* Special registers (rsr / wsr); names in dsp_sr_names. */
enum dsp_sr {
    DSP_SR_LBEG0, DSP_SR_LEND0, DSP_SR_LCOUNT0,
    DSP_SR_LBEG1, DSP_SR_LEND1, DSP_SR_LCOUNT1,
    DSP_SR_CB0, DSP_SR_CE0, DSP_SR_CB1, DSP_SR_CE1,
    DSP_SR_OVF, DSP_SR_CCOUNT, DSP_SR_IRQ_EN, DSP_SR_IRQ_PEND,
    DSP_SR_EPC, DSP_SR_PS, DSP_SR_IRQ_VEC,
    DSP_SR_DMA_SRC, DSP_SR_DMA_DST, DSP_SR_DMA_LEN, DSP_SR_DMA_STATUS,
    DSP_SR_DOORBELL,
    DSP_SR_COUNT
};
extern const char *const dsp_sr_names[DSP_SR_COUNT];

/* The bits of an operation word for operand o, and back. */
uint64_t dsp_operand_field(const dsp_operand_t *o, uint64_t word);
/* The operand's value from its field: register number, immediate value,
 * bundle offset (pcrel/loopend, unscaled). */
int64_t dsp_operand_value(const dsp_operand_t *o, uint64_t word);
/* Field bits for value v, or false if v does not fit. */
bool dsp_operand_encode(const dsp_operand_t *o, int64_t v, uint64_t *bits);

/* The bits the operand occupies. */
static inline uint64_t dsp_operand_mask(const dsp_operand_t *o)
{
    return ((((uint64_t)1) << o->width) - 1) << o->shift;
}

static inline bool dsp_operand_is_reg(const dsp_operand_t *o)
{
    return o->kind >= DSP_OPND_R && o->kind <= DSP_OPND_U;
}

/* The row matching word in a slot, or NULL; *why explains a failure. */
const dsp_op_desc_t *dsp_isa_lookup(uint64_t word, unsigned slot_bit, const char **why);

#endif
