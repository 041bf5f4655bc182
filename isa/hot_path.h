/* The hot path: which execute functions the run loop (isa/cpu.c) calls
 * directly, in one list.  Edit ISA_HOT_PATH and nothing else: the family
 * dispatchers, the decoder's assignment (isa_assign_hot()) and the run
 * loop's dispatch are generated from it.
 *
 * Why: an indirect call is the one branch per instruction the host predicts
 * worst (and costs ~14 ns on a host that mitigates Spectre v2 with IBRS), so
 * the frequent instructions avoid it.  Each family file defines its own
 * execute functions `static`, named exec_*; at its end it defines its
 * dispatcher, isa_dispatch_<family>(), a switch compiled without a jump
 * table (an indirect jump costs what an indirect call does), one direct
 * call per case, the default the indirect call.  The run loop switches on
 * the family (insn_t.hot_family) and calls the dispatcher, which link-time
 * optimisation inlines.
 */
#ifndef ETSIM_ISA_HOT_PATH_H
#define ETSIM_ISA_HOT_PATH_H

/* The families that have hot execute functions: X(family, ENUM). */
#define ISA_HOT_FAMILIES(X) \
    X(ldst, LDST)           /* exec_ldst.c */    \
    X(dp, DP)               /* exec_dp.c */      \
    X(branch, BRANCH)       /* exec_branch.c */  \
    X(mul, MUL)             /* exec_mul.c */     \
    X(mve, MVE)             /* exec_mve.c */     \
    X(mve_int, MVE_INT)     /* exec_mve_int.c */ \
    X(fp, FP)               /* exec_fp.c */

/* The profile: HOT(family, execute function, tier), most frequent first
 * (the dynamic instruction mix of the scalar and Helium KWS and VWW
 * inferences and the test programs).  Tier INLINE: the function is inlined
 * into the run loop (the most frequent ones: the host saves the call);
 * CALL: called directly from the dispatcher (inlining every one would make
 * the run loop too big for the host's instruction cache). */
#define ISA_HOT_PATH(HOT) \
    HOT(ldst, exec_ldr_imm_32, INLINE)       /* LDR Rt, [Rn, #imm] */        \
    HOT(dp, exec_add_reg, INLINE)            /* ADD/SUB Rd, Rn, Rm */         \
    HOT(branch, exec_bcond, INLINE)          /* B<c> */                      \
    HOT(dp, exec_add_imm, INLINE)            /* ADD/SUB Rd, Rn, #imm */       \
    HOT(ldst, exec_str_imm_32, INLINE)       /* STR Rt, [Rn, #imm] */        \
    HOT(ldst, exec_ldr_pre_s8, INLINE)       /* LDRSB Rt, [Rn, #imm]! */     \
    HOT(mul, exec_mla, INLINE)               /* MLA */                       \
    HOT(branch, exec_le_plain, INLINE)       /* LE (not LETP) */             \
    HOT(dp, exec_cmp_imm, INLINE)            /* CMP/CMN Rn, #imm */          \
    HOT(dp, exec_mov_reg, INLINE)            /* MOV/MVN Rd, Rm */            \
    HOT(dp, exec_cmp_reg, INLINE)            /* CMP/CMN Rn, Rm */            \
    HOT(ldst, exec_ldr_imm_s8, INLINE)       /* LDRSB Rt, [Rn, #imm] */      \
    HOT(dp, exec_mov_imm, INLINE)            /* MOV/MVN Rd, #imm */          \
    HOT(mul, exec_mul, INLINE)               /* MUL */                       \
    HOT(branch, exec_b, INLINE)              /* B */                         \
    HOT(mve, exec_vldr, CALL)              /* VLDR{B,H,W} Qd */            \
    HOT(mve, exec_vstr, CALL)              /* VSTR{B,H,W} Qd */            \
    HOT(mve, exec_vstr_sg, CALL)           /* VSTR scatter */              \
    HOT(mve, exec_vdup, CALL)                                              \
    HOT(mve, exec_vpst, CALL)                                              \
    HOT(mve, exec_vpsel, CALL)                                             \
    HOT(mve, exec_vcmp_scalar, CALL)                                       \
    HOT(mve, exec_vcmp, CALL)                                              \
    HOT(mve_int, exec_vadd, CALL)                                          \
    HOT(mve_int, exec_vshll, CALL)                                         \
    HOT(mve_int, exec_vmladav, CALL)                                       \
    HOT(mve_int, exec_vmull, CALL)                                         \
    HOT(mve_int, exec_vshl, CALL)                                          \
    HOT(mve_int, exec_vmin, CALL)                                          \
    HOT(mve_int, exec_vmax, CALL)                                          \
    HOT(mve_int, exec_vqadd, CALL)                                         \
    HOT(mve_int, exec_vqrdmulh, CALL)                                      \
    HOT(mve_int, exec_vrshl, CALL)                                         \
    HOT(mve_int, exec_vmovn, CALL)                                         \
    HOT(mve_int, exec_vand, CALL)                                          \
    HOT(fp, exec_vmrs, CALL)                                               \
    HOT(fp, exec_vmsr, CALL)                                               \
    HOT(fp, exec_vmov_to_s, CALL)                                          \
    HOT(fp, exec_vldm, CALL)                                               \
    HOT(fp, exec_vldr, CALL)                                               \
    HOT(fp, exec_vstr, CALL)                                               \
    HOT(fp, exec_vadd, CALL)                                               \
    HOT(fp, exec_vcmp, CALL)                                               \
    HOT(ldst, exec_ldr_imm_u8, CALL)                                       \
    HOT(ldst, exec_ldr_reg_32, CALL)                                       \
    HOT(ldst, exec_ldrd, CALL)                                             \
    HOT(ldst, exec_ldr_post_32, CALL)                                      \
    HOT(ldst, exec_ldr_imm_u16, CALL)                                      \
    HOT(dp, exec_sxth, CALL)                                               \
    HOT(dp, exec_adc_reg, CALL)                                            \
    HOT(ldst, exec_ldr_reg_s8, CALL)         /* LDRSB Rt, [Rn, Rm] */

/* Selecting one family's entries: ISA_HOT_IN_<family>(X, fn) expands to
 * X(fn) in that family's file only.  A family file says, after its
 * includes:
 *     #undef ISA_HOT_IN_ldst
 *     #define ISA_HOT_IN_ldst(X, fn) X(fn)
 *     ISA_DECLARE_HOT(ldst)
 * and at its end ISA_DEFINE_HOT_DISPATCH(ldst).                          */
#define ISA_HOT_IN_NONE_(X, fn)
#define ISA_HOT_IN_ldst ISA_HOT_IN_NONE_
#define ISA_HOT_IN_dp ISA_HOT_IN_NONE_
#define ISA_HOT_IN_branch ISA_HOT_IN_NONE_
#define ISA_HOT_IN_mul ISA_HOT_IN_NONE_
#define ISA_HOT_IN_mve ISA_HOT_IN_NONE_
#define ISA_HOT_IN_mve_int ISA_HOT_IN_NONE_
#define ISA_HOT_IN_fp ISA_HOT_IN_NONE_

enum isa_hot_family {
    ISA_HOT_NONE = 0,
#define ISA_HOT_FAMILY_ENUM_(family, ENUM) ISA_HOT_##ENUM,
    ISA_HOT_FAMILIES(ISA_HOT_FAMILY_ENUM_)
#undef ISA_HOT_FAMILY_ENUM_
};

struct cpu;
struct insn;
#define ISA_HOT_FAMILY_DECL_(family, ENUM)                              \
    void isa_dispatch_##family(struct cpu *cpu, const struct insn *in); \
    extern void (*const isa_hot_##family[])(struct cpu *, const struct insn *);
ISA_HOT_FAMILIES(ISA_HOT_FAMILY_DECL_)
#undef ISA_HOT_FAMILY_DECL_

/* In a family file: the declarations of its hot functions (with their
 * tier's inlining), then at its end its dispatcher and its list (for
 * isa_assign_hot()). */
#define ISA_DECLARE_HOT(family) ISA_HOT_PATH(ISA_HOT_SEL_DECL_)
#define ISA_HOT_ENUM_(fn) HOT_##fn,
#define ISA_HOT_ENTRY_(fn) fn,
#define ISA_HOT_CASE_(fn) case HOT_##fn: fn(cpu, in); return;
#define ISA_HOT_SEL_ENUM_(family, fn, tier) ISA_HOT_IN_##family(ISA_HOT_ENUM_, fn)
#define ISA_HOT_SEL_ENTRY_(family, fn, tier) ISA_HOT_IN_##family(ISA_HOT_ENTRY_, fn)
#define ISA_HOT_SEL_CASE_(family, fn, tier) ISA_HOT_IN_##family(ISA_HOT_CASE_, fn)
#define ISA_HOT_SEL_DECL_(family, fn, tier) ISA_HOT_IN_##family(ISA_HOT_DECL_##tier##_, fn)
#define ISA_HOT_DECL_INLINE_(fn) static inline __attribute__((always_inline)) void fn(cpu_t *cpu, const insn_t *in);
#define ISA_HOT_DECL_CALL_(fn) static void fn(cpu_t *cpu, const insn_t *in);
#define ISA_DEFINE_HOT_DISPATCH(family)                                                   \
    enum {                                                                               \
        ISA_HOT_PATH(ISA_HOT_SEL_ENUM_) HOT_COUNT_                                     \
    };                                                                                   \
    void (*const isa_hot_##family[])(struct cpu *, const struct insn *) = {              \
        ISA_HOT_PATH(ISA_HOT_SEL_ENTRY_) NULL};                                        \
    __attribute__((optimize("no-jump-tables"), always_inline)) inline void isa_dispatch_##family( \
        cpu_t *cpu, const insn_t *in)                                                    \
    {                                                                                    \
        switch (in->hot_index) {                                                         \
            ISA_HOT_PATH(ISA_HOT_SEL_CASE_)                                            \
        default: in->exec(cpu, in); return;                                              \
        }                                                                                \
    }
#endif
