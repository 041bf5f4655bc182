/* The HLD operation table: one row per operation with its encoding, slots,
 * timing class, latency, semantics, syntax and operands.  The decoder
 * (dsp_decode.c), the assembler (dsp_asm.c) and the disassembler
 * (dsp_disasm.c) all work from this table alone; dsp/ISA.md explains it.
 *
 * Encoding: `match` is the operation word with every operand field zero.
 * The bits not covered by an operand are fixed: a word matches a row when
 * it equals `match` outside the row's operand fields.  So every operation
 * has exactly one encoding and disassembly round-trips. */
#include <stddef.h>

#include "dsp_isa.h"
#include "dsp_exec.h"

/* Opcode (bits 19..14), sub-function (bits 1..0), and the extended
 * opcode of the two-operand group 60 (bits 5..0). */
#define OP(maj, sub) ((uint64_t)(maj) << 14 | (uint64_t)(sub))
#define OPL(maj) ((uint64_t)(maj) << 36)     /* 40-bit operations (format 1): op 39..36, r 35..32, imm 31..0 */

/* Field positions. */
#define F1 10
#define F2 6
#define F3 2

/* Operands. */
#define R(f, role)  { DSP_OPND_R, f, 4, role, 1, 0 }
#define RL(role)    { DSP_OPND_R, 32, 4, role, 1, 0 }        /* 40-bit ops */
#define R15(role)   { DSP_OPND_R, 15, 0, role, 1, 0 }        /* implicit link register */
#define V(f, role)  { DSP_OPND_V, f, 4, role, 1, 0 }
#define VP(f, role) { DSP_OPND_VP, f, 4, role, 1, 0 }
#define VQ(f, role) { DSP_OPND_VQ, f, 4, role, 1, 0 }
#define A(f, role)  { DSP_OPND_A, f, 4, role, 1, 7 }
#define AQ(f, role) { DSP_OPND_AQ, f, 4, role, 1, 7 }
#define P(f, role)  { DSP_OPND_P, f, 4, role, 1, 7 }
#define U(f, role)  { DSP_OPND_U, f, 4, role, 1, 3 }
#define SR          { DSP_OPND_SR, 0, 10, 0, 1, DSP_SR_COUNT - 1 }
#define SIMM(w, scale)  { DSP_OPND_IMM, 0, w, 1, scale, 0 }
#define UIMM(sh, w, max) { DSP_OPND_IMM, sh, w, 0, 1, max }
#define IMM32       { DSP_OPND_IMM, 0, 32, 2, 1, 0 }         /* signed or unsigned */
#define PCREL(w)    { DSP_OPND_PCREL, 0, w, 1, 8, 0 }
#define LOOPEND     { DSP_OPND_LOOPEND, 0, 10, 0, 8, 0 }

#define D DSP_DEF
#define S DSP_USE
#define M DSP_MOD
#define X DSP_ACC

#define SA DSP_SLOT_A
#define SAB (DSP_SLOT_A | DSP_SLOT_B)
#define SBC (DSP_SLOT_B | DSP_SLOT_C)
#define SC DSP_SLOT_C

/* name, match, slots, class, latency, memory bytes, exec, syntax, operands */
const dsp_op_desc_t dsp_ops[] = {
    /* System and control without operands (group 1: every bit fixed). */
    { "nop",       OP(1, 0), SAB | SC, DSP_CL_NOP, 1, 0, ex_nop, "", {{0}} },
    { "halt",      OP(1, 1), SA, DSP_CL_BRANCH, 1, 0, ex_halt, "", {{0}} },
    { "waiti",     OP(1, 2), SA, DSP_CL_BRANCH, 1, 0, ex_waiti, "", {{0}} },
    { "rfi",       OP(1, 3), SA, DSP_CL_BRANCH, 1, 0, ex_rfi, "", {{0}} },
    { "ret",       OP(1, 4), SA, DSP_CL_BRANCH, 1, 0, ex_ret, "", { R15(S) } },
    { "break",     OP(1, 5), SA, DSP_CL_BRANCH, 1, 0, ex_break, "", {{0}} },
    { "dma.start", OP(1, 6), SA, DSP_CL_BRANCH, 1, 0, ex_dma_start, "", {{0}} },
    { "dma.wait",  OP(1, 7), SA, DSP_CL_BRANCH, 1, 0, ex_dma_wait, "", {{0}} },

    /* Scalar ALU (A or B). */
    { "add",    OP(2, 0), SAB, DSP_CL_ALU, 1, 0, ex_add, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "sub",    OP(2, 1), SAB, DSP_CL_ALU, 1, 0, ex_sub, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "and",    OP(2, 2), SAB, DSP_CL_ALU, 1, 0, ex_and, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "or",     OP(2, 3), SAB, DSP_CL_ALU, 1, 0, ex_or, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "xor",    OP(3, 0), SAB, DSP_CL_ALU, 1, 0, ex_xor, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "sll",    OP(3, 1), SAB, DSP_CL_ALU, 1, 0, ex_sll, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "srl",    OP(3, 2), SAB, DSP_CL_ALU, 1, 0, ex_srl, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "sra",    OP(3, 3), SAB, DSP_CL_ALU, 1, 0, ex_sra, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "mul",    OP(4, 0), SAB, DSP_CL_MUL, 2, 0, ex_mul, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "mulh",   OP(4, 1), SAB, DSP_CL_MUL, 2, 0, ex_mulh, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "min",    OP(4, 2), SAB, DSP_CL_ALU, 1, 0, ex_min, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "max",    OP(4, 3), SAB, DSP_CL_ALU, 1, 0, ex_max, "%0, %1, %2", { R(F1, D), R(F2, S), R(F3, S) } },
    { "moveqz", OP(5, 0), SAB, DSP_CL_ALU, 1, 0, ex_moveqz, "%0, %1, %2", { R(F1, M), R(F2, S), R(F3, S) } },
    { "movnez", OP(5, 1), SAB, DSP_CL_ALU, 1, 0, ex_movnez, "%0, %1, %2", { R(F1, M), R(F2, S), R(F3, S) } },
    { "movltz", OP(5, 2), SAB, DSP_CL_ALU, 1, 0, ex_movltz, "%0, %1, %2", { R(F1, M), R(F2, S), R(F3, S) } },
    { "movgez", OP(5, 3), SAB, DSP_CL_ALU, 1, 0, ex_movgez, "%0, %1, %2", { R(F1, M), R(F2, S), R(F3, S) } },
    { "mov",    OP(6, 0), SAB, DSP_CL_ALU, 1, 0, ex_mov, "%0, %1", { R(F1, D), R(F2, S) } },
    { "abs",    OP(6, 1), SAB, DSP_CL_ALU, 1, 0, ex_abs, "%0, %1", { R(F1, D), R(F2, S) } },
    { "nsa",    OP(6, 2), SAB, DSP_CL_ALU, 1, 0, ex_nsa, "%0, %1", { R(F1, D), R(F2, S) } },
    { "neg",    OP(6, 3), SAB, DSP_CL_ALU, 1, 0, ex_neg, "%0, %1", { R(F1, D), R(F2, S) } },
    { "addi",   OP(7, 0), SAB, DSP_CL_ALU, 1, 0, ex_addi, "%0, %1, %2", { R(F1, D), R(F2, S), SIMM(6, 1) } },
    { "slli",   OP(8, 0), SAB, DSP_CL_ALU, 1, 0, ex_slli, "%0, %1, %2", { R(F1, D), R(F2, S), UIMM(0, 6, 31) } },
    { "srli",   OP(9, 0), SAB, DSP_CL_ALU, 1, 0, ex_srli, "%0, %1, %2", { R(F1, D), R(F2, S), UIMM(0, 6, 31) } },
    { "srai",   OP(10, 0), SAB, DSP_CL_ALU, 1, 0, ex_srai, "%0, %1, %2", { R(F1, D), R(F2, S), UIMM(0, 6, 31) } },
    { "movi",   OP(11, 0), SAB, DSP_CL_ALU, 1, 0, ex_movi, "%0, %1", { R(F1, D), SIMM(10, 1) } },
    { "li",     OPL(1), DSP_SLOT_AB, DSP_CL_ALU, 1, 0, ex_movi, "%0, %1", { RL(D), IMM32 } },

    /* Scalar loads (A or B) and stores (A only, the one store port). */
    { "ld.w",  OP(12, 0), SAB, DSP_CL_LOAD, 2, 4, ex_ld_w, "%0, [%1+%2]", { R(F1, D), R(F2, S), SIMM(6, 4) } },
    { "ld.h",  OP(13, 0), SAB, DSP_CL_LOAD, 2, 2, ex_ld_h, "%0, [%1+%2]", { R(F1, D), R(F2, S), SIMM(6, 2) } },
    { "ld.hu", OP(14, 0), SAB, DSP_CL_LOAD, 2, 2, ex_ld_hu, "%0, [%1+%2]", { R(F1, D), R(F2, S), SIMM(6, 2) } },
    { "ld.b",  OP(15, 0), SAB, DSP_CL_LOAD, 2, 1, ex_ld_b, "%0, [%1+%2]", { R(F1, D), R(F2, S), SIMM(6, 1) } },
    { "ld.bu", OP(16, 0), SAB, DSP_CL_LOAD, 2, 1, ex_ld_bu, "%0, [%1+%2]", { R(F1, D), R(F2, S), SIMM(6, 1) } },
    { "st.w",  OP(17, 0), SA, DSP_CL_STORE, 1, 4, ex_st_w, "%0, [%1+%2]", { R(F1, S), R(F2, S), SIMM(6, 4) } },
    { "st.h",  OP(18, 0), SA, DSP_CL_STORE, 1, 2, ex_st_h, "%0, [%1+%2]", { R(F1, S), R(F2, S), SIMM(6, 2) } },
    { "st.b",  OP(19, 0), SA, DSP_CL_STORE, 1, 1, ex_st_b, "%0, [%1+%2]", { R(F1, S), R(F2, S), SIMM(6, 1) } },
    { "ld.w",  OP(20, 0), SAB, DSP_CL_LOAD, 2, 4, ex_ld_w_pi, "%0, [%1]+%2", { R(F1, D), R(F2, M), SIMM(6, 4) } },
    { "st.w",  OP(21, 0), SA, DSP_CL_STORE, 1, 4, ex_st_w_pi, "%0, [%1]+%2", { R(F1, S), R(F2, M), SIMM(6, 4) } },
    { "ld.h",  OP(22, 0), SAB, DSP_CL_LOAD, 2, 2, ex_ld_h_pi, "%0, [%1]+%2", { R(F1, D), R(F2, M), SIMM(6, 2) } },
    { "st.h",  OP(23, 0), SA, DSP_CL_STORE, 1, 2, ex_st_h_pi, "%0, [%1]+%2", { R(F1, S), R(F2, M), SIMM(6, 2) } },
    { "ld.w",  OP(24, 0), SAB, DSP_CL_LOAD, 2, 4, ex_ld_w_x, "%0, [%1+%2]", { R(F1, D), R(F2, S), R(F3, S) } },
    { "ld.h",  OP(24, 1), SAB, DSP_CL_LOAD, 2, 2, ex_ld_h_x, "%0, [%1+%2]", { R(F1, D), R(F2, S), R(F3, S) } },
    { "ld.hu", OP(24, 2), SAB, DSP_CL_LOAD, 2, 2, ex_ld_hu_x, "%0, [%1+%2]", { R(F1, D), R(F2, S), R(F3, S) } },
    { "ld.bu", OP(24, 3), SAB, DSP_CL_LOAD, 2, 1, ex_ld_bu_x, "%0, [%1+%2]", { R(F1, D), R(F2, S), R(F3, S) } },

    /* Control (A only). */
    { "beqz",  OP(25, 0), SA, DSP_CL_BRANCH, 1, 0, ex_beqz, "%0, %1", { R(F1, S), PCREL(10) } },
    { "bnez",  OP(26, 0), SA, DSP_CL_BRANCH, 1, 0, ex_bnez, "%0, %1", { R(F1, S), PCREL(10) } },
    { "bltz",  OP(27, 0), SA, DSP_CL_BRANCH, 1, 0, ex_bltz, "%0, %1", { R(F1, S), PCREL(10) } },
    { "bgez",  OP(28, 0), SA, DSP_CL_BRANCH, 1, 0, ex_bgez, "%0, %1", { R(F1, S), PCREL(10) } },
    { "beq",   OP(29, 0), SA, DSP_CL_BRANCH, 1, 0, ex_beq, "%0, %1, %2", { R(F1, S), R(F2, S), PCREL(6) } },
    { "bne",   OP(30, 0), SA, DSP_CL_BRANCH, 1, 0, ex_bne, "%0, %1, %2", { R(F1, S), R(F2, S), PCREL(6) } },
    { "blt",   OP(31, 0), SA, DSP_CL_BRANCH, 1, 0, ex_blt, "%0, %1, %2", { R(F1, S), R(F2, S), PCREL(6) } },
    { "bge",   OP(32, 0), SA, DSP_CL_BRANCH, 1, 0, ex_bge, "%0, %1, %2", { R(F1, S), R(F2, S), PCREL(6) } },
    { "bltu",  OP(33, 0), SA, DSP_CL_BRANCH, 1, 0, ex_bltu, "%0, %1, %2", { R(F1, S), R(F2, S), PCREL(6) } },
    { "bgeu",  OP(34, 0), SA, DSP_CL_BRANCH, 1, 0, ex_bgeu, "%0, %1, %2", { R(F1, S), R(F2, S), PCREL(6) } },
    { "j",     OP(35, 0), SA, DSP_CL_BRANCH, 1, 0, ex_j, "%0", { PCREL(14) } },
    { "call",  OP(36, 0), SA, DSP_CL_BRANCH, 1, 0, ex_call, "%0", { PCREL(14), R15(D) } },
    { "rsr",   OP(37, 0), SA, DSP_CL_ALU, 1, 0, ex_rsr, "%0, %1", { R(F1, D), SR } },
    { "wsr",   OP(38, 0), SA, DSP_CL_ALU, 1, 0, ex_wsr, "%1, %0", { R(F1, S), SR } },
    { "jr",    OP(39, 0), SA, DSP_CL_BRANCH, 1, 0, ex_jr, "%0", { R(F1, S) } },
    { "callr", OP(39, 1), SA, DSP_CL_BRANCH, 1, 0, ex_callr, "%0", { R(F1, S), R15(D) } },
    { "loop",  OP(40, 0), SA, DSP_CL_BRANCH, 1, 0, ex_loop, "%0, %1", { R(F1, S), LOOPEND } },

    /* Vector loads (A or B) and stores (A). */
    { "ld.d",     OP(41, 0), SAB, DSP_CL_LOAD, 2, 8, ex_ld_d_pi, "%0, [%1]+%2", { V(F1, D), R(F2, M), SIMM(6, 8) } },
    { "ld.d",     OP(42, 0), SAB, DSP_CL_LOAD, 2, 8, ex_ld_d_off, "%0, [%1+%2]", { V(F1, D), R(F2, S), SIMM(6, 8) } },
    { "st.d",     OP(43, 0), SA, DSP_CL_STORE, 1, 8, ex_st_d_pi, "%0, [%1]+%2", { V(F1, S), R(F2, M), SIMM(6, 8) } },
    { "st.d",     OP(44, 0), SA, DSP_CL_STORE, 1, 8, ex_st_d_off, "%0, [%1+%2]", { V(F1, S), R(F2, S), SIMM(6, 8) } },
    { "ld.d.c",   OP(45, 0), SAB, DSP_CL_LOAD, 2, 8, ex_ld_d_c, "%0, [%1]+%2", { V(F1, D), R(F2, M), SIMM(6, 8) } },
    { "st.d.c",   OP(46, 0), SA, DSP_CL_STORE, 1, 8, ex_st_d_c, "%0, [%1]+%2", { V(F1, S), R(F2, M), SIMM(6, 8) } },
    { "ld.d",     OP(47, 0), SAB, DSP_CL_LOAD, 2, 8, ex_ld_d_xp, "%0, [%1]+%2", { V(F1, D), R(F2, M), R(F3, S) } },
    { "st.d",     OP(47, 1), SA, DSP_CL_STORE, 1, 8, ex_st_d_xp, "%0, [%1]+%2", { V(F1, S), R(F2, M), R(F3, S) } },
    { "ld.bc.w",  OP(47, 2), SAB, DSP_CL_LOAD, 2, 4, ex_ld_bc_w_xp, "%0, [%1]+%2", { V(F1, D), R(F2, M), R(F3, S) } },
    { "ld.b4h",   OP(48, 0), SAB, DSP_CL_LOAD, 2, 4, ex_ld_b4h, "%0, [%1]+%2", { V(F1, D), R(F2, M), SIMM(6, 4) } },
    { "ld.bc.w",  OP(49, 0), SAB, DSP_CL_LOAD, 2, 4, ex_ld_bc_w, "%0, [%1]+%2", { V(F1, D), R(F2, M), SIMM(6, 4) } },
    { "la.d",     OP(50, 0), SAB, DSP_CL_LOAD, 2, 8, ex_la_d, "%0, %1, [%2]+8", { V(F1, D), U(F2, M), R(F3, M) } },
    { "la.prime", OP(50, 1), SAB, DSP_CL_LOAD, 2, 8, ex_la_prime, "%0, %1", { U(F2, D), R(F3, S) } },

    /* Vector ALU (B or C). */
    { "vadd.h",   OP(51, 0), SBC, DSP_CL_VALU, 1, 0, ex_vadd_h, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vsub.h",   OP(51, 1), SBC, DSP_CL_VALU, 1, 0, ex_vsub_h, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vadd.w",   OP(51, 2), SBC, DSP_CL_VALU, 1, 0, ex_vadd_w, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vsub.w",   OP(51, 3), SBC, DSP_CL_VALU, 1, 0, ex_vsub_w, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vadd.h.s", OP(52, 0), SBC, DSP_CL_VALU, 1, 0, ex_vadd_h_s, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vsub.h.s", OP(52, 1), SBC, DSP_CL_VALU, 1, 0, ex_vsub_h_s, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vadd.w.s", OP(52, 2), SBC, DSP_CL_VALU, 1, 0, ex_vadd_w_s, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vsub.w.s", OP(52, 3), SBC, DSP_CL_VALU, 1, 0, ex_vsub_w_s, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vand",     OP(53, 0), SBC, DSP_CL_VALU, 1, 0, ex_vand, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vor",      OP(53, 1), SBC, DSP_CL_VALU, 1, 0, ex_vor, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vxor",     OP(53, 2), SBC, DSP_CL_VALU, 1, 0, ex_vxor, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vaddh.w",  OP(53, 3), SBC, DSP_CL_VALU, 1, 0, ex_vaddh_w, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vmin.h",   OP(54, 0), SBC, DSP_CL_VALU, 1, 0, ex_vmin_h, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vmax.h",   OP(54, 1), SBC, DSP_CL_VALU, 1, 0, ex_vmax_h, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vmin.w",   OP(54, 2), SBC, DSP_CL_VALU, 1, 0, ex_vmin_w, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vmax.w",   OP(54, 3), SBC, DSP_CL_VALU, 1, 0, ex_vmax_w, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vsra.h",   OP(55, 0), SBC, DSP_CL_VALU, 1, 0, ex_vsra_h, "%0, %1, %2", { V(F1, D), V(F2, S), R(F3, S) } },
    { "vsra.w",   OP(55, 1), SBC, DSP_CL_VALU, 1, 0, ex_vsra_w, "%0, %1, %2", { V(F1, D), V(F2, S), R(F3, S) } },
    { "vsll.h",   OP(55, 2), SBC, DSP_CL_VALU, 1, 0, ex_vsll_h, "%0, %1, %2", { V(F1, D), V(F2, S), R(F3, S) } },
    { "vsll.w",   OP(55, 3), SBC, DSP_CL_VALU, 1, 0, ex_vsll_w, "%0, %1, %2", { V(F1, D), V(F2, S), R(F3, S) } },
    { "vsubh.w",  OP(56, 0), SBC, DSP_CL_VALU, 1, 0, ex_vsubh_w, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vadd.b",   OP(56, 1), SBC, DSP_CL_VALU, 1, 0, ex_vadd_b, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vsub.b",   OP(56, 2), SBC, DSP_CL_VALU, 1, 0, ex_vsub_b, "%0, %1, %2", { V(F1, D), V(F2, S), V(F3, S) } },
    { "vrsra.w",  OP(56, 3), SBC, DSP_CL_VALU, 1, 0, ex_vrsra_w, "%0, %1, %2", { V(F1, D), V(F2, S), R(F3, S) } },
    { "vget.w",   OP(57, 0), SBC, DSP_CL_VALU, 1, 0, ex_vget_w, "%0, %1, %2", { R(F1, D), V(F2, S), UIMM(F3, 4, 1) } },
    { "vset.w",   OP(57, 1), SBC, DSP_CL_VALU, 1, 0, ex_vset_w, "%0, %1, %2", { V(F1, M), R(F2, S), UIMM(F3, 4, 1) } },
    { "vsel",     OP(57, 2), SBC, DSP_CL_VALU, 1, 0, ex_vsel, "%0, %1, %2", { V(F1, M), V(F2, S), P(F3, S) } },
    { "vbcast.w", OP(57, 3), SBC, DSP_CL_VALU, 1, 0, ex_vbcast_w, "%0, %1", { V(F1, D), R(F2, S) } },
    { "vcmp.eq.h", OP(58, 0), SBC, DSP_CL_VALU, 1, 0, ex_vcmp_eq_h, "%0, %1, %2", { P(F1, D), V(F2, S), V(F3, S) } },
    { "vcmp.lt.h", OP(58, 1), SBC, DSP_CL_VALU, 1, 0, ex_vcmp_lt_h, "%0, %1, %2", { P(F1, D), V(F2, S), V(F3, S) } },
    { "vcmp.eq.w", OP(58, 2), SBC, DSP_CL_VALU, 1, 0, ex_vcmp_eq_w, "%0, %1, %2", { P(F1, D), V(F2, S), V(F3, S) } },
    { "vcmp.lt.w", OP(58, 3), SBC, DSP_CL_VALU, 1, 0, ex_vcmp_lt_w, "%0, %1, %2", { P(F1, D), V(F2, S), V(F3, S) } },

    /* Two-operand group 60: extended opcode in bits 5..0. */
    { "vmov",       OP(60, 0), SBC, DSP_CL_VALU, 1, 0, ex_vmov, "%0, %1", { V(F1, D), V(F2, S) } },
    { "vswap.w",    OP(60, 1), SBC, DSP_CL_VALU, 1, 0, ex_vswap_w, "%0, %1", { V(F1, D), V(F2, S) } },
    { "vunpk.bh",   OP(60, 2), SBC, DSP_CL_VALU, 1, 0, ex_vunpk_bh, "%0, %1", { V(F1, D), V(F2, S) } },
    { "vpack.hb.s", OP(60, 3), SBC, DSP_CL_VALU, 1, 0, ex_vpack_hb_s, "%0, %1", { V(F1, D), V(F2, S) } },
    { "vpack.wh.s", OP(60, 4), SBC, DSP_CL_VALU, 1, 0, ex_vpack_wh_s, "%0, %1", { V(F1, D), VP(F2, S) } },
    { "vabs.h",     OP(60, 5), SBC, DSP_CL_VALU, 1, 0, ex_vabs_h, "%0, %1", { V(F1, D), V(F2, S) } },
    { "vabs.w",     OP(60, 6), SBC, DSP_CL_VALU, 1, 0, ex_vabs_w, "%0, %1", { V(F1, D), V(F2, S) } },
    { "vneg.w",     OP(60, 7), SBC, DSP_CL_VALU, 1, 0, ex_vneg_w, "%0, %1", { V(F1, D), V(F2, S) } },
    { "azero",      OP(60, 8), SBC, DSP_CL_ACC, 1, 0, ex_azero, "%0", { A(F1, D) } },
    { "aset",       OP(60, 9), SBC, DSP_CL_ACC, 1, 0, ex_aset, "%0, %1", { A(F1, D), VP(F2, S) } },
    { "asum4",      OP(60, 10), SBC, DSP_CL_ACC, 2, 0, ex_asum4, "%0, %1", { A(F1, M), AQ(F2, S) } },
    { "amov.lo",    OP(60, 11), SBC, DSP_CL_ACC, 2, 0, ex_amov_lo, "%0, %1", { V(F1, D), A(F2, S) } },
    { "amov.hi",    OP(60, 12), SBC, DSP_CL_ACC, 2, 0, ex_amov_hi, "%0, %1", { V(F1, D), A(F2, S) } },

    /* MAC (C only): .z zeroes the accumulator first, .n subtracts. */
    { "vdot.b",     OP(61, 0), SC, DSP_CL_MAC, 2, 0, ex_vdot_b, "%0, %1, %2", { A(F1, X), V(F2, S), V(F3, S) } },
    { "vdot.b.z",   OP(61, 1), SC, DSP_CL_MAC, 2, 0, ex_vdot_b_z, "%0, %1, %2", { A(F1, D), V(F2, S), V(F3, S) } },
    { "vmac.h",     OP(61, 2), SC, DSP_CL_MAC, 2, 0, ex_vmac_h, "%0, %1, %2", { A(F1, X), V(F2, S), V(F3, S) } },
    { "vmac.h.z",   OP(61, 3), SC, DSP_CL_MAC, 2, 0, ex_vmac_h_z, "%0, %1, %2", { A(F1, D), V(F2, S), V(F3, S) } },
    { "vcmac.wh",   OP(62, 0), SC, DSP_CL_MAC, 2, 0, ex_vcmac_wh, "%0, %1, %2", { A(F1, X), V(F2, S), V(F3, S) } },
    { "vcmac.wh.z", OP(62, 1), SC, DSP_CL_MAC, 2, 0, ex_vcmac_wh_z, "%0, %1, %2", { A(F1, D), V(F2, S), V(F3, S) } },
    { "vmac.wh",    OP(62, 2), SC, DSP_CL_MAC, 2, 0, ex_vmac_wh, "%0, %1, %2", { A(F1, X), V(F2, S), V(F3, S) } },
    { "vmac.wh.z",  OP(62, 3), SC, DSP_CL_MAC, 2, 0, ex_vmac_wh_z, "%0, %1, %2", { A(F1, D), V(F2, S), V(F3, S) } },
    { "vmac.w",     OP(59, 0), SC, DSP_CL_MAC, 2, 0, ex_vmac_w, "%0, %1, %2", { A(F1, X), V(F2, S), V(F3, S) } },
    { "vmac.w.z",   OP(59, 1), SC, DSP_CL_MAC, 2, 0, ex_vmac_w_z, "%0, %1, %2", { A(F1, D), V(F2, S), V(F3, S) } },
    { "vdot.b.n",   OP(59, 2), SC, DSP_CL_MAC, 2, 0, ex_vdot_b_n, "%0, %1, %2", { A(F1, X), V(F2, S), V(F3, S) } },
    { "vdot.bu",    OP(59, 3), SC, DSP_CL_MAC, 2, 0, ex_vdot_bu, "%0, %1, %2", { A(F1, X), V(F2, S), V(F3, S) } },

    /* Accumulator extraction (B or C). */
    { "asrs.w", OP(63, 0), SBC, DSP_CL_ACC, 2, 0, ex_asrs_w, "%0, %1, %2", { V(F1, D), A(F2, S), R(F3, S) } },
    { "asrs.h", OP(63, 1), SBC, DSP_CL_ACC, 2, 0, ex_asrs_h, "%0, %1, %2", { V(F1, D), A(F2, S), R(F3, S) } },
    { "asrs.b", OP(63, 2), SBC, DSP_CL_ACC, 2, 0, ex_asrs_b, "%0, %1, %2", { V(F1, D), A(F2, S), R(F3, S) } },
    { "aqnt.b", OP(63, 3), SBC, DSP_CL_ACC, 2, 0, ex_aqnt_b, "%0, %1, %2", { V(F1, D), A(F2, S), VQ(F3, S) } },
};

const unsigned dsp_num_ops = sizeof dsp_ops / sizeof dsp_ops[0];

const char *const dsp_sr_names[DSP_SR_COUNT] = {
    "lbeg0", "lend0", "lcount0", "lbeg1", "lend1", "lcount1",
    "cb0", "ce0", "cb1", "ce1", "ovf", "ccount", "irq_en", "irq_pend",
    "epc", "ps", "irq_vec", "dma_src", "dma_dst", "dma_len", "dma_status", "doorbell",
};

uint64_t dsp_operand_field(const dsp_operand_t *o, uint64_t word)
{
    return (word >> o->shift) & ((((uint64_t)1) << o->width) - 1);
}

int64_t dsp_operand_value(const dsp_operand_t *o, uint64_t word)
{
    if (o->width == 0)
        return o->shift;                 /* implicit register */
    uint64_t f = dsp_operand_field(o, word);
    bool is_signed = (o->kind == DSP_OPND_IMM && o->role == 1) || o->kind == DSP_OPND_PCREL;
    if (o->kind == DSP_OPND_IMM && o->role == 2)
        return (int64_t)(int32_t)(uint32_t)f;
    int64_t v = (int64_t)f;
    if (is_signed && (f >> (o->width - 1)) & 1)
        v -= (int64_t)1 << o->width;
    if (o->kind == DSP_OPND_IMM)
        v *= o->scale;
    return v;
}

bool dsp_operand_encode(const dsp_operand_t *o, int64_t v, uint64_t *bits)
{
    if (o->width == 0)
        return v == o->shift;
    if (o->kind == DSP_OPND_IMM && o->role == 2) {
        if (v < INT32_MIN || v > (int64_t)UINT32_MAX)
            return false;
        *bits = ((uint64_t)v & 0xFFFFFFFFu) << o->shift;
        return true;
    }
    if (o->kind == DSP_OPND_IMM) {
        if (v % o->scale != 0)
            return false;
        v /= o->scale;
    }
    bool is_signed = (o->kind == DSP_OPND_IMM && o->role == 1) || o->kind == DSP_OPND_PCREL;
    int64_t lo = is_signed ? -((int64_t)1 << (o->width - 1)) : 0;
    int64_t hi = is_signed ? ((int64_t)1 << (o->width - 1)) - 1 : ((int64_t)1 << o->width) - 1;
    if (o->max && hi > o->max)
        hi = o->max;
    if (o->kind == DSP_OPND_VP && (v & 1))
        return false;
    if ((o->kind == DSP_OPND_VQ || o->kind == DSP_OPND_AQ) && (v & 3))
        return false;
    if (v < lo || v > hi)
        return false;
    *bits = ((uint64_t)v & ((((uint64_t)1) << o->width) - 1)) << o->shift;
    return true;
}

/* An operand field holds a value the encoder could have produced. */
static bool operand_valid(const dsp_operand_t *o, uint64_t word)
{
    if (o->width == 0 || o->kind == DSP_OPND_NONE)
        return true;
    int64_t v = dsp_operand_value(o, word);
    uint64_t bits;
    return dsp_operand_encode(o, v, &bits) && bits == (word & dsp_operand_mask(o));
}

const dsp_op_desc_t *dsp_isa_lookup(uint64_t word, unsigned slot_bit, const char **why)
{
    const dsp_op_desc_t *wrong_slot = NULL;
    *why = "no operation has this encoding";
    for (unsigned i = 0; i < dsp_num_ops; i++) {
        const dsp_op_desc_t *d = &dsp_ops[i];
        bool wide = d->slots & DSP_SLOT_AB;
        if (wide != (slot_bit == DSP_SLOT_AB))
            continue;
        uint64_t fields = 0;
        for (int k = 0; k < 4 && d->opnd[k].kind; k++)
            fields |= dsp_operand_mask(&d->opnd[k]);
        if ((word & ~fields) != d->match)
            continue;
        bool ok = true;
        for (int k = 0; k < 4 && d->opnd[k].kind; k++)
            ok = ok && operand_valid(&d->opnd[k], word);
        if (!ok) {
            *why = "an operand field holds a value the operation does not allow";
            continue;
        }
        if (!(d->slots & slot_bit)) {
            wrong_slot = d;
            continue;
        }
        return d;
    }
    if (wrong_slot)
        *why = "operation not allowed in this slot";
    return NULL;
}
