/* Loads and stores: LDR/STR and their byte, halfword and signed forms in
 * every addressing mode (16-bit immediate, register, SP-relative and
 * literal; 32-bit imm12, imm8 with pre/post-index and writeback, register
 * with LSL #0-3, literal, unprivileged LDRT/STRT), LDRD/STRD, LDM/STM,
 * PUSH/POP, the exclusives and load-acquire/store-release, PLD/PLI.
 *
 * Decoded fields: rd = Rt, ra = Rt2 (LDRD/STRD) or the status register Rd
 * of a store-exclusive, rn = base, rm = index register, shift_n = its LSL
 * amount, imm = the signed byte offset (U already applied, two's
 * complement), esize = the access kind (enum access below), list = the
 * register list, aux[0] = 1 for the decrementing LDMDB/STMDB/PUSH forms,
 * aux[1] = the number of registers in the list.
 *
 * Every execute function does all of its memory accesses first and writes
 * registers afterwards, so an access that faults (and longjmps out) leaves
 * the registers untouched.
 */
#include "alu.h"
#include "fields.h"
#include "insn.h"

/* This family's entries of the hot path (isa/hot_path.h). */
#undef ISA_HOT_IN_ldst
#define ISA_HOT_IN_ldst(X, fn) X(fn)
ISA_DECLARE_HOT(ldst)

/* What one access reads or writes (in->esize).  Stores use the unsigned
 * kinds. */
enum access { ACC_U8, ACC_S8, ACC_U16, ACC_S16, ACC_32 };

/* ------------------------------------------------------------------ */
/* Memory and register helpers                                         */

/* Inlined into every caller: with a constant kind (the specialised
 * execute functions below) the switch folds away. */
static inline __attribute__((always_inline)) uint32_t load(cpu_t *cpu, unsigned kind,
                                                           uint32_t addr)
{
    switch (kind) {
    case ACC_U8: return cpu_read8(cpu, addr);
    case ACC_S8: return (uint32_t)alu_sext(cpu_read8(cpu, addr), 8);
    case ACC_U16: return cpu_read16(cpu, addr);
    case ACC_S16: return (uint32_t)alu_sext(cpu_read16(cpu, addr), 16);
    default: return cpu_read32(cpu, addr);
    }
}

static inline __attribute__((always_inline)) void store(cpu_t *cpu, unsigned kind,
                                                        uint32_t addr, uint32_t value)
{
    switch (kind) {
    case ACC_U8: cpu_write8(cpu, addr, value); break;
    case ACC_U16: cpu_write16(cpu, addr, value); break;
    default: cpu_write32(cpu, addr, value); break;
    }
}

/* Exclusives and acquire/release accesses must be naturally aligned
 * whatever CCR.UNALIGN_TRP says. */
static void check_natural_alignment(cpu_t *cpu, unsigned kind, uint32_t addr)
{
    uint32_t size = kind == ACC_32 ? 4u : kind == ACC_U16 ? 2u : 1u;
    if (addr & (size - 1u))
        cpu_fault(cpu, FAULT_UNALIGNED, addr);
}

static uint32_t load_aligned(cpu_t *cpu, unsigned kind, uint32_t addr)
{
    check_natural_alignment(cpu, kind, addr);
    return load(cpu, kind, addr);
}

static void store_aligned(cpu_t *cpu, unsigned kind, uint32_t addr, uint32_t value)
{
    check_natural_alignment(cpu, kind, addr);
    store(cpu, kind, addr, value);
}

/* The destination of a load: the PC is an interworking branch (LDR PC,
 * POP {pc}: may be an EXC_RETURN), the SP goes through the limit check. */
static void write_rt(cpu_t *cpu, unsigned t, uint32_t value)
{
    if (t == 15) {
        cpu_bx_write_pc(cpu, value);
        timing_loaded_branch(cpu);
    } else if (t == 13) {
        cpu_write_sp(cpu, value);
    } else {
        cpu->r[t] = value;
    }
}

/* Base register writeback. */
static void write_base(cpu_t *cpu, unsigned n, uint32_t value)
{
    if (n == 13)
        cpu_write_sp(cpu, value);
    else
        cpu->r[n] = value;
}

/* A store that lowers SP (PUSH, STR Rt, [SP, #-4]!) checks the stack limit
 * before writing memory, so a violating push writes nothing below the
 * limit.  cpu_write_sp() faults (and unwinds) on a violation; otherwise the
 * old SP is put back until the stores are done. */
static void check_sp_writeback(cpu_t *cpu, unsigned n, uint32_t new_sp)
{
    if (n != 13)
        return;
    uint32_t old = cpu->r[13];
    cpu_write_sp(cpu, new_sp);
    cpu->r[13] = old;
}

/* ------------------------------------------------------------------ */
/* Single loads and stores                                             */

static __attribute__((noinline)) void exec_ld_imm(cpu_t *cpu, const insn_t *in)
{
    uint32_t value = load(cpu, in->esize, cpu->r[in->rn] + in->imm);
    write_rt(cpu, in->rd, value);
}

static __attribute__((noinline)) void exec_ld_reg(cpu_t *cpu, const insn_t *in)
{
    uint32_t addr = cpu->r[in->rn] + (cpu->r[in->rm] << in->shift_n);
    write_rt(cpu, in->rd, load(cpu, in->esize, addr));
}

/* Literal: the base is Align(PC, 4). */
static void exec_ld_lit(cpu_t *cpu, const insn_t *in)
{
    uint32_t value = load(cpu, in->esize, (cpu->r[15] & ~3u) + in->imm);
    write_rt(cpu, in->rd, value);
}

/* Pre- or post-indexed with writeback (INSN_INDEX = pre-indexed). */
static __attribute__((noinline)) void exec_ld_wback(cpu_t *cpu, const insn_t *in)
{
    uint32_t base = cpu->r[in->rn];
    uint32_t offset_addr = base + in->imm;
    uint32_t addr = (in->flags & INSN_INDEX) ? offset_addr : base;
    uint32_t value = load(cpu, in->esize, addr);
    write_base(cpu, in->rn, offset_addr);
    write_rt(cpu, in->rd, value);
}

static __attribute__((noinline)) void exec_st_imm(cpu_t *cpu, const insn_t *in)
{
    store(cpu, in->esize, cpu->r[in->rn] + in->imm, cpu->r[in->rd]);
}

static __attribute__((noinline)) void exec_st_reg(cpu_t *cpu, const insn_t *in)
{
    uint32_t addr = cpu->r[in->rn] + (cpu->r[in->rm] << in->shift_n);
    store(cpu, in->esize, addr, cpu->r[in->rd]);
}

static __attribute__((noinline)) void exec_st_wback(cpu_t *cpu, const insn_t *in)
{
    uint32_t base = cpu->r[in->rn];
    uint32_t offset_addr = base + in->imm;
    uint32_t addr = (in->flags & INSN_INDEX) ? offset_addr : base;
    check_sp_writeback(cpu, in->rn, offset_addr);
    store(cpu, in->esize, addr, cpu->r[in->rd]);
    write_base(cpu, in->rn, offset_addr);
}

/* ------------------------------------------------------------------ */
/* Specialised forms of the common single loads and stores             */

/* The decoders pick these when the access kind is known and Rt (and for
 * writeback Rn) is an ordinary register (not SP or PC), so the execute
 * function has no switch on the kind and no check on the registers.  They
 * handle the fast case only, an aligned access to a host page
 * (mem_fast_read/mem_fast_write), and hand everything else to the row's
 * generic function, which then does the whole instruction: nothing has
 * been charged or changed when the fast case does not apply.  The hand-over
 * is a tail call, so the fast case needs no stack frame. */

/* The value of a load from host memory. */
static inline __attribute__((always_inline)) uint32_t host_load(const uint8_t *h, unsigned kind)
{
    switch (kind) {
    case ACC_U8: return h[0];
    case ACC_S8: return (uint32_t)(int32_t)(int8_t)h[0];
    case ACC_U16: {
        uint16_t v;
        memcpy(&v, h, 2);
        return v;
    }
    case ACC_S16: {
        uint16_t v;
        memcpy(&v, h, 2);
        return (uint32_t)(int32_t)(int16_t)v;
    }
    default: {
        uint32_t v;
        memcpy(&v, h, 4);
        return v;
    }
    }
}

static inline __attribute__((always_inline)) void host_store(uint8_t *h, unsigned kind,
                                                             uint32_t value)
{
    if (kind == ACC_U8) {
        h[0] = (uint8_t)value;
    } else if (kind == ACC_U16) {
        uint16_t v = (uint16_t)value;
        memcpy(h, &v, 2);
    } else {
        memcpy(h, &value, 4);
    }
}

static inline unsigned kind_bytes(unsigned kind)
{
    return kind == ACC_32 ? 4u : kind >= ACC_U16 ? 2u : 1u;
}

static inline uint32_t reg_address(const cpu_t *cpu, const insn_t *in)
{
    return cpu->r[in->rn] + (cpu->r[in->rm] << in->shift_n);
}

/* [Rn, #imm] */
static inline __attribute__((always_inline)) void load_imm(cpu_t *cpu, const insn_t *in,
                                                           unsigned kind)
{
    uint8_t *h = mem_fast_read(cpu, cpu->r[in->rn] + in->imm, kind_bytes(kind));
    if (__builtin_expect(h == NULL, 0)) {
        exec_ld_imm(cpu, in);
        return;
    }
    cpu->r[in->rd] = host_load(h, kind);
}

/* [Rn, Rm, LSL #n] */
static inline __attribute__((always_inline)) void load_reg(cpu_t *cpu, const insn_t *in,
                                                           unsigned kind)
{
    uint8_t *h = mem_fast_read(cpu, reg_address(cpu, in), kind_bytes(kind));
    if (__builtin_expect(h == NULL, 0)) {
        exec_ld_reg(cpu, in);
        return;
    }
    cpu->r[in->rd] = host_load(h, kind);
}

/* [Rn], #imm: access at the base, then base += imm. */
static inline __attribute__((always_inline)) void load_post(cpu_t *cpu, const insn_t *in,
                                                            unsigned kind)
{
    uint32_t base = cpu->r[in->rn];
    uint8_t *h = mem_fast_read(cpu, base, kind_bytes(kind));
    if (__builtin_expect(h == NULL, 0)) {
        exec_ld_wback(cpu, in);
        return;
    }
    cpu->r[in->rn] = base + in->imm;
    cpu->r[in->rd] = host_load(h, kind);
}

/* [Rn, #imm]!: base += imm, access there. */
static inline __attribute__((always_inline)) void load_pre(cpu_t *cpu, const insn_t *in,
                                                           unsigned kind)
{
    uint32_t addr = cpu->r[in->rn] + in->imm;
    uint8_t *h = mem_fast_read(cpu, addr, kind_bytes(kind));
    if (__builtin_expect(h == NULL, 0)) {
        exec_ld_wback(cpu, in);
        return;
    }
    cpu->r[in->rn] = addr;
    cpu->r[in->rd] = host_load(h, kind);
}

static inline __attribute__((always_inline)) void store_imm(cpu_t *cpu, const insn_t *in,
                                                            unsigned kind)
{
    uint8_t *h = mem_fast_write(cpu, cpu->r[in->rn] + in->imm, kind_bytes(kind));
    if (__builtin_expect(h == NULL, 0)) {
        exec_st_imm(cpu, in);
        return;
    }
    host_store(h, kind, cpu->r[in->rd]);
}

static inline __attribute__((always_inline)) void store_reg(cpu_t *cpu, const insn_t *in,
                                                            unsigned kind)
{
    uint8_t *h = mem_fast_write(cpu, reg_address(cpu, in), kind_bytes(kind));
    if (__builtin_expect(h == NULL, 0)) {
        exec_st_reg(cpu, in);
        return;
    }
    host_store(h, kind, cpu->r[in->rd]);
}

static inline __attribute__((always_inline)) void store_post(cpu_t *cpu, const insn_t *in,
                                                             unsigned kind)
{
    uint32_t base = cpu->r[in->rn];
    uint8_t *h = mem_fast_write(cpu, base, kind_bytes(kind));
    if (__builtin_expect(h == NULL, 0)) {
        exec_st_wback(cpu, in);
        return;
    }
    host_store(h, kind, cpu->r[in->rd]);
    cpu->r[in->rn] = base + in->imm;
}

static inline __attribute__((always_inline)) void store_pre(cpu_t *cpu, const insn_t *in,
                                                            unsigned kind)
{
    uint32_t addr = cpu->r[in->rn] + in->imm;
    uint8_t *h = mem_fast_write(cpu, addr, kind_bytes(kind));
    if (__builtin_expect(h == NULL, 0)) {
        exec_st_wback(cpu, in);
        return;
    }
    host_store(h, kind, cpu->r[in->rd]);
    cpu->r[in->rn] = addr;
}

static void exec_ldr_imm_u8(cpu_t *cpu, const insn_t *in) { load_imm(cpu, in, ACC_U8); }
static void exec_ldr_imm_s8(cpu_t *cpu, const insn_t *in) { load_imm(cpu, in, ACC_S8); }
static void exec_ldr_imm_u16(cpu_t *cpu, const insn_t *in) { load_imm(cpu, in, ACC_U16); }
static void exec_ldr_imm_s16(cpu_t *cpu, const insn_t *in) { load_imm(cpu, in, ACC_S16); }
static void exec_ldr_imm_32(cpu_t *cpu, const insn_t *in) { load_imm(cpu, in, ACC_32); }
static void exec_ldr_reg_u8(cpu_t *cpu, const insn_t *in) { load_reg(cpu, in, ACC_U8); }
static void exec_ldr_reg_s8(cpu_t *cpu, const insn_t *in) { load_reg(cpu, in, ACC_S8); }
static void exec_ldr_reg_u16(cpu_t *cpu, const insn_t *in) { load_reg(cpu, in, ACC_U16); }
static void exec_ldr_reg_s16(cpu_t *cpu, const insn_t *in) { load_reg(cpu, in, ACC_S16); }
static void exec_ldr_reg_32(cpu_t *cpu, const insn_t *in) { load_reg(cpu, in, ACC_32); }
static void exec_ldr_post_u8(cpu_t *cpu, const insn_t *in) { load_post(cpu, in, ACC_U8); }
static void exec_ldr_post_s8(cpu_t *cpu, const insn_t *in) { load_post(cpu, in, ACC_S8); }
static void exec_ldr_post_u16(cpu_t *cpu, const insn_t *in) { load_post(cpu, in, ACC_U16); }
static void exec_ldr_post_s16(cpu_t *cpu, const insn_t *in) { load_post(cpu, in, ACC_S16); }
static void exec_ldr_post_32(cpu_t *cpu, const insn_t *in) { load_post(cpu, in, ACC_32); }
static void exec_ldr_pre_u8(cpu_t *cpu, const insn_t *in) { load_pre(cpu, in, ACC_U8); }
static void exec_ldr_pre_s8(cpu_t *cpu, const insn_t *in) { load_pre(cpu, in, ACC_S8); }
static void exec_ldr_pre_u16(cpu_t *cpu, const insn_t *in) { load_pre(cpu, in, ACC_U16); }
static void exec_ldr_pre_s16(cpu_t *cpu, const insn_t *in) { load_pre(cpu, in, ACC_S16); }
static void exec_ldr_pre_32(cpu_t *cpu, const insn_t *in) { load_pre(cpu, in, ACC_32); }
static void exec_str_imm_8(cpu_t *cpu, const insn_t *in) { store_imm(cpu, in, ACC_U8); }
static void exec_str_imm_16(cpu_t *cpu, const insn_t *in) { store_imm(cpu, in, ACC_U16); }
static void exec_str_imm_32(cpu_t *cpu, const insn_t *in) { store_imm(cpu, in, ACC_32); }
static void exec_str_reg_8(cpu_t *cpu, const insn_t *in) { store_reg(cpu, in, ACC_U8); }
static void exec_str_reg_16(cpu_t *cpu, const insn_t *in) { store_reg(cpu, in, ACC_U16); }
static void exec_str_reg_32(cpu_t *cpu, const insn_t *in) { store_reg(cpu, in, ACC_32); }
static void exec_str_post_8(cpu_t *cpu, const insn_t *in) { store_post(cpu, in, ACC_U8); }
static void exec_str_post_16(cpu_t *cpu, const insn_t *in) { store_post(cpu, in, ACC_U16); }
static void exec_str_post_32(cpu_t *cpu, const insn_t *in) { store_post(cpu, in, ACC_32); }
static void exec_str_pre_8(cpu_t *cpu, const insn_t *in) { store_pre(cpu, in, ACC_U8); }
static void exec_str_pre_16(cpu_t *cpu, const insn_t *in) { store_pre(cpu, in, ACC_U16); }
static void exec_str_pre_32(cpu_t *cpu, const insn_t *in) { store_pre(cpu, in, ACC_32); }

/* Indexed by enum access (stores use the unsigned kinds only). */
static const isa_exec_fn ldr_imm_exec[5] = {
    exec_ldr_imm_u8, exec_ldr_imm_s8, exec_ldr_imm_u16, exec_ldr_imm_s16, exec_ldr_imm_32,
};
static const isa_exec_fn ldr_reg_exec[5] = {
    exec_ldr_reg_u8, exec_ldr_reg_s8, exec_ldr_reg_u16, exec_ldr_reg_s16, exec_ldr_reg_32,
};
static const isa_exec_fn ldr_post_exec[5] = {
    exec_ldr_post_u8, exec_ldr_post_s8, exec_ldr_post_u16, exec_ldr_post_s16, exec_ldr_post_32,
};
static const isa_exec_fn ldr_pre_exec[5] = {
    exec_ldr_pre_u8, exec_ldr_pre_s8, exec_ldr_pre_u16, exec_ldr_pre_s16, exec_ldr_pre_32,
};
static const isa_exec_fn str_imm_exec[5] = {
    exec_str_imm_8, NULL, exec_str_imm_16, NULL, exec_str_imm_32,
};
static const isa_exec_fn str_reg_exec[5] = {
    exec_str_reg_8, NULL, exec_str_reg_16, NULL, exec_str_reg_32,
};
static const isa_exec_fn str_post_exec[5] = {
    exec_str_post_8, NULL, exec_str_post_16, NULL, exec_str_post_32,
};
static const isa_exec_fn str_pre_exec[5] = {
    exec_str_pre_8, NULL, exec_str_pre_16, NULL, exec_str_pre_32,
};

/* Called by the decoders once the fields are filled: replace the row's
 * generic execute function by its specialised form where one applies. */
static bool specialise(insn_t *in)
{
    isa_exec_fn row = in->pat->exec;
    unsigned kind = in->esize;
    bool plain_rt = in->rd != 13 && in->rd != 15;
    bool plain_rn = in->rn != 13 && in->rn != 15;
    bool pre = (in->flags & INSN_INDEX) != 0;
    if (kind > ACC_32)
        return true;
    if (row == exec_ld_imm && plain_rt)
        in->exec = ldr_imm_exec[kind];
    else if (row == exec_ld_reg && plain_rt)
        in->exec = ldr_reg_exec[kind];
    else if (row == exec_ld_wback && plain_rt && plain_rn)
        in->exec = pre ? ldr_pre_exec[kind] : ldr_post_exec[kind];
    else if (row == exec_st_imm)
        in->exec = str_imm_exec[kind];
    else if (row == exec_st_reg)
        in->exec = str_reg_exec[kind];
    else if (row == exec_st_wback && plain_rn)
        in->exec = pre ? str_pre_exec[kind] : str_post_exec[kind];
    return true;
}

/* Memory hints (PLD, PLI, unallocated hints): no architectural effect. */
static void exec_hint(cpu_t *cpu, const insn_t *in)
{
    (void)cpu;
    (void)in;
}

/* ------------------------------------------------------------------ */
/* LDRD / STRD: two word accesses, both must be word aligned           */

static void exec_ldrd(cpu_t *cpu, const insn_t *in)
{
    uint32_t base = in->rn == 15 ? cpu->r[15] & ~3u : cpu->r[in->rn];
    uint32_t offset_addr = base + in->imm;
    uint32_t addr = (in->flags & INSN_INDEX) ? offset_addr : base;
    uint32_t lo = cpu_read32_aligned(cpu, addr);
    uint32_t hi = cpu_read32_aligned(cpu, addr + 4u);
    if (in->flags & INSN_WBACK)
        write_base(cpu, in->rn, offset_addr);
    cpu->r[in->rd] = lo;
    cpu->r[in->ra] = hi;
    timing_add(cpu, 1);
}

static void exec_strd(cpu_t *cpu, const insn_t *in)
{
    uint32_t base = cpu->r[in->rn];
    uint32_t offset_addr = base + in->imm;
    uint32_t addr = (in->flags & INSN_INDEX) ? offset_addr : base;
    if (in->flags & INSN_WBACK)
        check_sp_writeback(cpu, in->rn, offset_addr);
    cpu_write32_aligned(cpu, addr, cpu->r[in->rd]);
    cpu_write32_aligned(cpu, addr + 4u, cpu->r[in->ra]);
    if (in->flags & INSN_WBACK)
        write_base(cpu, in->rn, offset_addr);
    timing_add(cpu, 1);
}

/* ------------------------------------------------------------------ */
/* LDM / STM / PUSH / POP                                              */

/* Lowest address of the block and the written-back base. */
static uint32_t block_start(const cpu_t *cpu, const insn_t *in, uint32_t *final_base)
{
    uint32_t base = cpu->r[in->rn];
    uint32_t bytes = 4u * in->aux[1];
    *final_base = in->aux[0] ? base - bytes : base + bytes;
    return in->aux[0] ? base - bytes : base;
}

/* With writeback and the base in the list the loaded value wins (the
 * writeback happens first), as QEMU does; the decoders already excluded SP
 * from the list. */
static void exec_ldm(cpu_t *cpu, const insn_t *in)
{
    uint32_t final_base, values[16];
    uint32_t addr = block_start(cpu, in, &final_base);
    unsigned k = 0;
    for (unsigned i = 0; i < 16; i++) {
        if (in->list & (1u << i)) {
            values[k] = cpu_read32_aligned(cpu, addr + 4u * k);
            k++;
        }
    }
    if (in->flags & INSN_WBACK)
        write_base(cpu, in->rn, final_base);
    k = 0;
    for (unsigned i = 0; i < 15; i++) {
        if (in->list & (1u << i))
            cpu->r[i] = values[k++];
    }
    if (in->list & 0x8000u)
        write_rt(cpu, 15, values[k]);
    timing_add(cpu, in->aux[1] - 1u);
}

/* A base register in the list is stored with its original value. */
static void exec_stm(cpu_t *cpu, const insn_t *in)
{
    uint32_t final_base;
    uint32_t addr = block_start(cpu, in, &final_base);
    if (in->flags & INSN_WBACK)
        check_sp_writeback(cpu, in->rn, final_base);
    for (unsigned i = 0; i < 15; i++) {
        if (in->list & (1u << i)) {
            cpu_write32_aligned(cpu, addr, cpu->r[i]);
            addr += 4u;
        }
    }
    if (in->flags & INSN_WBACK)
        write_base(cpu, in->rn, final_base);
    timing_add(cpu, in->aux[1] - 1u);
}

/* ------------------------------------------------------------------ */
/* Exclusives, load-acquire / store-release                            */

static void exec_lda(cpu_t *cpu, const insn_t *in)
{
    cpu->r[in->rd] = load_aligned(cpu, in->esize, cpu->r[in->rn] + in->imm);
}

/* LDREX / LDAEX: the local monitor records the address. */
static void exec_ldrex(cpu_t *cpu, const insn_t *in)
{
    uint32_t addr = cpu->r[in->rn] + in->imm;
    uint32_t value = load_aligned(cpu, in->esize, addr);
    cpu->excl_valid = true;
    cpu->excl_addr = addr;
    cpu->r[in->rd] = value;
}

static void exec_stl(cpu_t *cpu, const insn_t *in)
{
    store_aligned(cpu, in->esize, cpu->r[in->rn] + in->imm, cpu->r[in->rd]);
}

/* STREX / STLEX: store only if the monitor is open for this address; the
 * status register gets 0 on success, 1 on failure.  The alignment check
 * comes first (ExclusiveMonitorsPass), and any store-exclusive returns the
 * monitor to the Open Access state. */
static void exec_strex(cpu_t *cpu, const insn_t *in)
{
    uint32_t addr = cpu->r[in->rn] + in->imm;
    check_natural_alignment(cpu, in->esize, addr);
    bool pass = cpu->excl_valid && cpu->excl_addr == addr;
    if (pass)
        store(cpu, in->esize, addr, cpu->r[in->rd]);
    cpu->excl_valid = false;
    cpu->r[in->ra] = pass ? 0u : 1u;
}

static void exec_clrex(cpu_t *cpu, const insn_t *in)
{
    (void)in;
    cpu->excl_valid = false;
}

/* ------------------------------------------------------------------ */
/* Decoders: 16-bit                                                    */

/* LDR/STR/LDRB/STRB/LDRH/STRH <Rt>, [<Rn>, #imm5 << scale]. */
static bool decode_imm5(insn_t *in, uint32_t raw)
{
    static const uint8_t kind[6] = {ACC_32, ACC_32, ACC_U8, ACC_U8, ACC_U16, ACC_U16};
    static const uint8_t scale[6] = {2, 2, 0, 0, 1, 1};
    unsigned op = field(raw, 11, 5) - 0x0Cu;   /* 01100 STR .. 10001 LDRH */
    in->esize = kind[op];
    in->rd = field(raw, 0, 3);
    in->rn = field(raw, 3, 3);
    in->imm = field(raw, 6, 5) << scale[op];
    return specialise(in);
}

/* 0101 opB Rm Rn Rt: STR STRH STRB LDRSB LDR LDRH LDRB LDRSH. */
static bool decode_reg16(insn_t *in, uint32_t raw)
{
    static const uint8_t kind[8] = {ACC_32, ACC_U16, ACC_U8, ACC_S8,
                                    ACC_32, ACC_U16, ACC_U8, ACC_S16};
    in->esize = kind[field(raw, 9, 3)];
    in->rd = field(raw, 0, 3);
    in->rn = field(raw, 3, 3);
    in->rm = field(raw, 6, 3);
    return specialise(in);
}

/* LDR/STR <Rt>, [SP, #imm8 << 2] and LDR <Rt>, [PC, #imm8 << 2]. */
static bool decode_sp_lit16(insn_t *in, uint32_t raw)
{
    in->esize = ACC_32;
    in->rd = field(raw, 8, 3);
    in->rn = (raw & 0x8000u) ? 13 : 15;   /* 1001x: SP; 01001: PC */
    in->imm = field(raw, 0, 8) << 2;
    return specialise(in);
}

static void set_block(insn_t *in, unsigned rn, uint32_t list, bool decrement, bool wback)
{
    unsigned count = 0;
    for (unsigned i = 0; i < 16; i++)
        count += (list >> i) & 1u;
    in->rn = (uint8_t)rn;
    in->list = (uint16_t)list;
    in->aux[0] = decrement;
    in->aux[1] = (uint8_t)count;
    in->flags = wback ? INSN_WBACK : 0;
}

/* STM <Rn>!, {list}: the 16-bit form always writes back. */
static bool decode_stm16(insn_t *in, uint32_t raw)
{
    unsigned rn = field(raw, 8, 3);
    uint32_t list = field(raw, 0, 8);
    set_block(in, rn, list, false, true);
    return list != 0;
}

/* LDM <Rn>{!}, {list}: writes back unless Rn is in the list. */
static bool decode_ldm16(insn_t *in, uint32_t raw)
{
    unsigned rn = field(raw, 8, 3);
    uint32_t list = field(raw, 0, 8);
    set_block(in, rn, list, false, !(list & (1u << rn)));
    return list != 0;
}

/* PUSH {list, lr} = STMDB SP!, POP {list, pc} = LDM SP!. */
static bool decode_push16(insn_t *in, uint32_t raw)
{
    uint32_t list = field(raw, 0, 8) | field(raw, 8, 1) << 14;
    set_block(in, 13, list, true, true);
    return list != 0;
}

static bool decode_pop16(insn_t *in, uint32_t raw)
{
    uint32_t list = field(raw, 0, 8) | field(raw, 8, 1) << 15;
    set_block(in, 13, list, false, true);
    return list != 0;
}

/* ------------------------------------------------------------------ */
/* Decoders: 32-bit                                                    */

/* hw1 = 1111 100 S x size L Rn: the access kind from S and size. */
static unsigned kind32(uint32_t raw)
{
    unsigned size = field(raw, 21, 2), sign = field(raw, 24, 1);
    if (size == 0)
        return sign ? ACC_S8 : ACC_U8;
    if (size == 1)
        return sign ? ACC_S16 : ACC_U16;
    return ACC_32;
}

/* SP and PC are UNPREDICTABLE as most operands of 32-bit loads/stores. */
static bool sp_or_pc(unsigned r)
{
    return r == 13 || r == 15;
}

static bool is_load32(uint32_t raw)
{
    return field(raw, 20, 1) != 0;
}

/* The fields every 32-bit single load/store has; rejects what is
 * UNPREDICTABLE or UNDEFINED for every addressing mode: a store to [PC]
 * or of PC, a byte/halfword access to SP or PC (PC with a load is a
 * memory hint, claimed by the hint rows before these). */
static bool decode_single32(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)kind32(raw);
    in->rd = field(raw, 12, 4);
    in->rn = field(raw, 16, 4);
    if (!is_load32(raw) && (in->rn == 15 || in->rd == 15))
        return false;
    if (in->esize != ACC_32 && sp_or_pc(in->rd))
        return false;
    return true;
}

/* <op>.W <Rt>, [<Rn>, #imm12]. */
static bool decode_imm12(insn_t *in, uint32_t raw)
{
    in->imm = field(raw, 0, 12);
    return decode_single32(in, raw) && in->rn != 15 && specialise(in);
}

/* <op> <Rt>, [<Rn>, #+/-imm8]{!} / [<Rn>], #+/-imm8 / <op>T: hw2 = Rt 1PUW imm8.
 * The row chooses the execute function (offset or writeback). */
static bool decode_imm8(insn_t *in, uint32_t raw)
{
    bool p = field(raw, 10, 1), u = field(raw, 9, 1), w = field(raw, 8, 1);
    uint32_t imm8 = field(raw, 0, 8);
    in->imm = u ? imm8 : 0u - imm8;
    in->flags = (uint8_t)((p ? INSN_INDEX : 0) | (u ? INSN_ADD : 0) | (w ? INSN_WBACK : 0));
    if (!decode_single32(in, raw) || in->rn == 15)
        return false;
    /* Writeback into the transfer register is UNPREDICTABLE. */
    return !(w && in->rn == in->rd) && specialise(in);
}

/* <op>.W <Rt>, [<Rn>, <Rm>{, LSL #imm2}]. */
static bool decode_reg32(insn_t *in, uint32_t raw)
{
    in->rm = field(raw, 0, 4);
    in->shift_n = (uint8_t)field(raw, 4, 2);
    return decode_single32(in, raw) && in->rn != 15 && in->rm != 13 && in->rm != 15 &&
           specialise(in);
}

/* <op>.W <Rt>, [PC, #+/-imm12]: U is hw1 bit 7. */
static bool decode_lit32(insn_t *in, uint32_t raw)
{
    uint32_t imm12 = field(raw, 0, 12);
    in->imm = field(raw, 23, 1) ? imm12 : 0u - imm12;
    return decode_single32(in, raw);
}

/* LDRD/STRD <Rt>, <Rt2>, [<Rn>, #+/-imm8 << 2] in every P/W mode and the
 * literal LDRD: hw1 = 1110 100P U1WL Rn, hw2 = Rt Rt2 imm8.  P = W = 0 is
 * the exclusives' space (their rows come first). */
static bool decode_dual(insn_t *in, uint32_t raw)
{
    bool p = field(raw, 24, 1), u = field(raw, 23, 1), w = field(raw, 21, 1);
    bool load = field(raw, 20, 1);
    uint32_t imm = field(raw, 0, 8) << 2;
    in->rn = field(raw, 16, 4);
    in->rd = field(raw, 12, 4);
    in->ra = field(raw, 8, 4);
    in->imm = u ? imm : 0u - imm;
    in->flags = (uint8_t)((p ? INSN_INDEX : 0) | (u ? INSN_ADD : 0) | (w ? INSN_WBACK : 0));
    if (!p && !w)
        return false;
    if (sp_or_pc(in->rd) || sp_or_pc(in->ra))
        return false;
    if (w && (in->rn == 15 || in->rn == in->rd || in->rn == in->ra))
        return false;
    if (load)
        return in->rd != in->ra;
    return in->rn != 15;
}

/* LDM/LDMDB/STM/STMDB (T2): hw1 = 1110 100 op 0W L Rn, hw2 = register list.
 * SP never in the list; PC only in loads, and not with LR (P and M). */
static bool decode_block32(insn_t *in, uint32_t raw)
{
    bool decrement = field(raw, 24, 1), load = field(raw, 20, 1);
    uint32_t list = field(raw, 0, 16);
    unsigned rn = field(raw, 16, 4);
    set_block(in, rn, list, decrement, field(raw, 21, 1));
    if (rn == 15 || list == 0 || (list & 0x2000u))
        return false;
    if (load)
        return (list & 0xC000u) != 0xC000u;
    return !(list & 0x8000u);
}

/* LDREX/STREX <Rd>, <Rt>, [<Rn>, #imm8 << 2]: hw2 = Rt Rd imm8 (LDREX:
 * Rd = 1111).  ra = Rd, the status register. */
static bool decode_ex_word(insn_t *in, uint32_t raw)
{
    in->esize = ACC_32;
    in->rn = field(raw, 16, 4);
    in->rd = field(raw, 12, 4);
    in->ra = field(raw, 8, 4);
    in->imm = field(raw, 0, 8) << 2;
    if (in->rn == 15 || sp_or_pc(in->rd))
        return false;
    if (is_load32(raw))
        return true;
    return !sp_or_pc(in->ra) && in->ra != in->rn && in->ra != in->rd;
}

/* Byte/halfword exclusives and every acquire/release form:
 * hw1 = 1110 1000 110L Rn, hw2 = Rt 1111 op(2) sz(2) Rd, where op is 01
 * (LDREX/STREX), 10 (LDA/STL) or 11 (LDAEX/STLEX), sz 00 byte, 01
 * halfword, 10 word; only the store-exclusives use Rd (hw2 bit 6 set). */
static bool decode_ex_other(insn_t *in, uint32_t raw)
{
    static const uint8_t kind[4] = {ACC_U8, ACC_U16, ACC_32, ACC_32};
    in->esize = kind[field(raw, 4, 2)];
    in->rn = field(raw, 16, 4);
    in->rd = field(raw, 12, 4);
    in->ra = field(raw, 0, 4);
    if (in->rn == 15 || sp_or_pc(in->rd))
        return false;
    /* Only the store-exclusives have a status register. */
    bool status = !is_load32(raw) && field(raw, 6, 1);
    if (status)
        return !sp_or_pc(in->ra) && in->ra != in->rn && in->ra != in->rd;
    return true;
}

/* ------------------------------------------------------------------ */
/* The table.  Hint rows (Rt = PC) come before the loads they alias, the
 * literal rows (Rn = PC) before the immediate ones, the named single
 * register PUSH/POP before the generic writeback rows. */

#define LD  TC_LOAD
#define ST  TC_STORE
#define LDM TC_LOAD_MULTI
#define STM TC_STORE_MULTI

const isa_pattern_t isa_patterns_ldst[] = {
    /* 16-bit */
    {"str",    0xF800, 0x6000, 2, ST, decode_imm5, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldr",    0xF800, 0x6800, 2, LD, decode_imm5, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"strb",   0xF800, 0x7000, 2, ST, decode_imm5, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldrb",   0xF800, 0x7800, 2, LD, decode_imm5, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"strh",   0xF800, 0x8000, 2, ST, decode_imm5, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldrh",   0xF800, 0x8800, 2, LD, decode_imm5, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"str",    0xFE00, 0x5000, 2, ST, decode_reg16, exec_st_reg, "{rd}, [{rn}, {rm}]", OP_NONE, OP_RD | OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"strh",   0xFE00, 0x5200, 2, ST, decode_reg16, exec_st_reg, "{rd}, [{rn}, {rm}]", OP_NONE, OP_RD | OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"strb",   0xFE00, 0x5400, 2, ST, decode_reg16, exec_st_reg, "{rd}, [{rn}, {rm}]", OP_NONE, OP_RD | OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldrsb",  0xFE00, 0x5600, 2, LD, decode_reg16, exec_ld_reg, "{rd}, [{rn}, {rm}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldr",    0xFE00, 0x5800, 2, LD, decode_reg16, exec_ld_reg, "{rd}, [{rn}, {rm}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldrh",   0xFE00, 0x5A00, 2, LD, decode_reg16, exec_ld_reg, "{rd}, [{rn}, {rm}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldrb",   0xFE00, 0x5C00, 2, LD, decode_reg16, exec_ld_reg, "{rd}, [{rn}, {rm}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldrsh",  0xFE00, 0x5E00, 2, LD, decode_reg16, exec_ld_reg, "{rd}, [{rn}, {rm}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"str",    0xF800, 0x9000, 2, ST, decode_sp_lit16, exec_st_imm, "{rd}, [sp, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldr",    0xF800, 0x9800, 2, LD, decode_sp_lit16, exec_ld_imm, "{rd}, [sp, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldr",    0xF800, 0x4800, 2, LD, decode_sp_lit16, exec_ld_lit, "{rd}, [pc, {imm}]", OP_RD, OP_NONE, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"stm",    0xF800, 0xC000, 2, STM, decode_stm16, exec_stm, "{rn}!, {list}", OP_RN, OP_RN | OP_LIST, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"ldm",    0xF800, 0xC800, 2, LDM, decode_ldm16, exec_ldm, "{rn}, {list}", OP_RN | OP_LIST, OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"push",   0xFE00, 0xB400, 2, STM, decode_push16, exec_stm, "{list}", OP_RN, OP_RN | OP_LIST, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},
    {"pop",    0xFE00, 0xBC00, 2, LDM, decode_pop16, exec_ldm, "{list}", OP_RN | OP_LIST, OP_RN, TL_CLASS, DUAL_PAIR, ISA_DIS_CAPSTONE, 0},

    /* 32-bit memory hints: loads whose Rt is PC */
    {"pld",    0xFF70F000, 0xF810F000, 4, TC_ALU, NULL, exec_hint, "[{rn}]", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"pli",    0xFF70F000, 0xF910F000, 4, TC_ALU, NULL, exec_hint, "[{rn}]", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"nop",    0xFE70F000, 0xF830F000, 4, TC_ALU, NULL, exec_hint, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},

    /* 32-bit literal loads (Rn = PC) */
    {"ldrb.w", 0xFF7F0000, 0xF81F0000, 4, LD, decode_lit32, exec_ld_lit, "{rd}, [pc, {imm}]", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsb",  0xFF7F0000, 0xF91F0000, 4, LD, decode_lit32, exec_ld_lit, "{rd}, [pc, {imm}]", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrh.w", 0xFF7F0000, 0xF83F0000, 4, LD, decode_lit32, exec_ld_lit, "{rd}, [pc, {imm}]", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsh",  0xFF7F0000, 0xF93F0000, 4, LD, decode_lit32, exec_ld_lit, "{rd}, [pc, {imm}]", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldr.w",  0xFF7F0000, 0xF85F0000, 4, LD, decode_lit32, exec_ld_lit, "{rd}, [pc, {imm}]", OP_RD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},

    /* 32-bit imm12 */
    {"strb.w", 0xFFF00000, 0xF8800000, 4, ST, decode_imm12, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strh.w", 0xFFF00000, 0xF8A00000, 4, ST, decode_imm12, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"str.w",  0xFFF00000, 0xF8C00000, 4, ST, decode_imm12, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldrb.w", 0xFFF00000, 0xF8900000, 4, LD, decode_imm12, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsb",  0xFFF00000, 0xF9900000, 4, LD, decode_imm12, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrh.w", 0xFFF00000, 0xF8B00000, 4, LD, decode_imm12, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsh",  0xFFF00000, 0xF9B00000, 4, LD, decode_imm12, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldr.w",  0xFFF00000, 0xF8D00000, 4, LD, decode_imm12, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},

    /* 32-bit register offset: hw2 = Rt 000000 imm2 Rm */
    {"strb.w", 0xFFF00FC0, 0xF8000000, 4, ST, decode_reg32, exec_st_reg, "{rd}, [{rn}, {rm}{shift}]", OP_NONE, OP_RD | OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strh.w", 0xFFF00FC0, 0xF8200000, 4, ST, decode_reg32, exec_st_reg, "{rd}, [{rn}, {rm}{shift}]", OP_NONE, OP_RD | OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"str.w",  0xFFF00FC0, 0xF8400000, 4, ST, decode_reg32, exec_st_reg, "{rd}, [{rn}, {rm}{shift}]", OP_NONE, OP_RD | OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldrb.w", 0xFFF00FC0, 0xF8100000, 4, LD, decode_reg32, exec_ld_reg, "{rd}, [{rn}, {rm}{shift}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsb.w",0xFFF00FC0, 0xF9100000, 4, LD, decode_reg32, exec_ld_reg, "{rd}, [{rn}, {rm}{shift}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrh.w", 0xFFF00FC0, 0xF8300000, 4, LD, decode_reg32, exec_ld_reg, "{rd}, [{rn}, {rm}{shift}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsh.w",0xFFF00FC0, 0xF9300000, 4, LD, decode_reg32, exec_ld_reg, "{rd}, [{rn}, {rm}{shift}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldr.w",  0xFFF00FC0, 0xF8500000, 4, LD, decode_reg32, exec_ld_reg, "{rd}, [{rn}, {rm}{shift}]", OP_RD, OP_RN | OP_RM, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},

    /* 32-bit imm8, hw2 = Rt 1PUW imm8: single-register PUSH/POP first, then
     * negative offset (1100), unprivileged (1110), pre-index (11x1) and
     * post-index (10x1).  The unprivileged forms access memory as the
     * normal ones do: there is no MPU to tell them apart yet. */
    {"push",   0xFFFF0FFF, 0xF84D0D04, 4, ST, decode_imm8, exec_st_wback, "{rd}", OP_RN, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"pop",    0xFFFF0FFF, 0xF85D0B04, 4, LD, decode_imm8, exec_ld_wback, "{rd}", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strb",   0xFFF00F00, 0xF8000C00, 4, ST, decode_imm8, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strh",   0xFFF00F00, 0xF8200C00, 4, ST, decode_imm8, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"str",    0xFFF00F00, 0xF8400C00, 4, ST, decode_imm8, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldrb",   0xFFF00F00, 0xF8100C00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsb",  0xFFF00F00, 0xF9100C00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrh",   0xFFF00F00, 0xF8300C00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsh",  0xFFF00F00, 0xF9300C00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldr",    0xFFF00F00, 0xF8500C00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"strbt",  0xFFF00F00, 0xF8000E00, 4, ST, decode_imm8, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strht",  0xFFF00F00, 0xF8200E00, 4, ST, decode_imm8, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strt",   0xFFF00F00, 0xF8400E00, 4, ST, decode_imm8, exec_st_imm, "{rd}, [{rn}, {imm}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldrbt",  0xFFF00F00, 0xF8100E00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsbt", 0xFFF00F00, 0xF9100E00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrht",  0xFFF00F00, 0xF8300E00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsht", 0xFFF00F00, 0xF9300E00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrt",   0xFFF00F00, 0xF8500E00, 4, LD, decode_imm8, exec_ld_imm, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"strb",   0xFFF00D00, 0xF8000D00, 4, ST, decode_imm8, exec_st_wback, "{rd}, [{rn}, {imm}]!", OP_RN, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strh",   0xFFF00D00, 0xF8200D00, 4, ST, decode_imm8, exec_st_wback, "{rd}, [{rn}, {imm}]!", OP_RN, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"str",    0xFFF00D00, 0xF8400D00, 4, ST, decode_imm8, exec_st_wback, "{rd}, [{rn}, {imm}]!", OP_RN, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrb",   0xFFF00D00, 0xF8100D00, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}, {imm}]!", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsb",  0xFFF00D00, 0xF9100D00, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}, {imm}]!", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrh",   0xFFF00D00, 0xF8300D00, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}, {imm}]!", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsh",  0xFFF00D00, 0xF9300D00, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}, {imm}]!", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldr",    0xFFF00D00, 0xF8500D00, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}, {imm}]!", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"strb",   0xFFF00D00, 0xF8000900, 4, ST, decode_imm8, exec_st_wback, "{rd}, [{rn}], {imm}", OP_RN, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strh",   0xFFF00D00, 0xF8200900, 4, ST, decode_imm8, exec_st_wback, "{rd}, [{rn}], {imm}", OP_RN, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"str",    0xFFF00D00, 0xF8400900, 4, ST, decode_imm8, exec_st_wback, "{rd}, [{rn}], {imm}", OP_RN, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldrb",   0xFFF00D00, 0xF8100900, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}], {imm}", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsb",  0xFFF00D00, 0xF9100900, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}], {imm}", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrh",   0xFFF00D00, 0xF8300900, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}], {imm}", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrsh",  0xFFF00D00, 0xF9300900, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}], {imm}", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldr",    0xFFF00D00, 0xF8500900, 4, LD, decode_imm8, exec_ld_wback, "{rd}, [{rn}], {imm}", OP_RD | OP_RN, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},

    /* Exclusives and acquire/release (before LDRD/STRD, whose P = W = 0
     * space they occupy).  hw1 = 1110 1000 010L Rn: word exclusives;
     * 1110 1000 110L Rn with hw2 = Rt 1111 op sz Rd: the others. */
    {"ldrex",  0xFFF00F00, 0xE8500F00, 4, LD, decode_ex_word, exec_ldrex, "{rd}, [{rn}, {imm}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strex",  0xFFF00000, 0xE8400000, 4, ST, decode_ex_word, exec_strex, "{ra}, {rd}, [{rn}, {imm}]", OP_RA, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrexb", 0xFFF00FFF, 0xE8D00F4F, 4, LD, decode_ex_other, exec_ldrex, "{rd}, [{rn}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldrexh", 0xFFF00FFF, 0xE8D00F5F, 4, LD, decode_ex_other, exec_ldrex, "{rd}, [{rn}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strexb", 0xFFF00FF0, 0xE8C00F40, 4, ST, decode_ex_other, exec_strex, "{ra}, {rd}, [{rn}]", OP_RA, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"strexh", 0xFFF00FF0, 0xE8C00F50, 4, ST, decode_ex_other, exec_strex, "{ra}, {rd}, [{rn}]", OP_RA, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldab",   0xFFF00FFF, 0xE8D00F8F, 4, LD, decode_ex_other, exec_lda, "{rd}, [{rn}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldah",   0xFFF00FFF, 0xE8D00F9F, 4, LD, decode_ex_other, exec_lda, "{rd}, [{rn}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"lda",    0xFFF00FFF, 0xE8D00FAF, 4, LD, decode_ex_other, exec_lda, "{rd}, [{rn}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldaexb", 0xFFF00FFF, 0xE8D00FCF, 4, LD, decode_ex_other, exec_ldrex, "{rd}, [{rn}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldaexh", 0xFFF00FFF, 0xE8D00FDF, 4, LD, decode_ex_other, exec_ldrex, "{rd}, [{rn}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldaex",  0xFFF00FFF, 0xE8D00FEF, 4, LD, decode_ex_other, exec_ldrex, "{rd}, [{rn}]", OP_RD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"stlb",   0xFFF00FFF, 0xE8C00F8F, 4, ST, decode_ex_other, exec_stl, "{rd}, [{rn}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"stlh",   0xFFF00FFF, 0xE8C00F9F, 4, ST, decode_ex_other, exec_stl, "{rd}, [{rn}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"stl",    0xFFF00FFF, 0xE8C00FAF, 4, ST, decode_ex_other, exec_stl, "{rd}, [{rn}]", OP_NONE, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"stlexb", 0xFFF00FF0, 0xE8C00FC0, 4, ST, decode_ex_other, exec_strex, "{ra}, {rd}, [{rn}]", OP_RA, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"stlexh", 0xFFF00FF0, 0xE8C00FD0, 4, ST, decode_ex_other, exec_strex, "{ra}, {rd}, [{rn}]", OP_RA, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"stlex",  0xFFF00FF0, 0xE8C00FE0, 4, ST, decode_ex_other, exec_strex, "{ra}, {rd}, [{rn}]", OP_RA, OP_RD | OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"clrex",  0xFFFFFFFF, 0xF3BF8F2F, 4, TC_ALU, NULL, exec_clrex, "", OP_NONE, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},

    /* LDRD/STRD: hw1 = 1110 100P U1WL Rn */
    {"ldrd",   0xFE7F0000, 0xE85F0000, 4, LDM, decode_dual, exec_ldrd, "{rd}, {ra}, [pc, {imm}]", OP_RD | OP_RA, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldrd",   0xFE500000, 0xE8500000, 4, LDM, decode_dual, exec_ldrd, "{rd}, {ra}, [{rn}, {imm}]", OP_RD | OP_RA | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"strd",   0xFE500000, 0xE8400000, 4, STM, decode_dual, exec_strd, "{rd}, {ra}, [{rn}, {imm}]", OP_WBACK, OP_RD | OP_RN | OP_RA, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},

    /* LDM/STM: hw1 = 1110 100 op 0W L Rn */
    {"push.w", 0xFFFF0000, 0xE92D0000, 4, STM, decode_block32, exec_stm, "{list}", OP_RN | OP_LIST, OP_RN | OP_LIST, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"pop.w",  0xFFFF0000, 0xE8BD0000, 4, LDM, decode_block32, exec_ldm, "{list}", OP_RN | OP_LIST, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"stm.w",  0xFFD00000, 0xE8800000, 4, STM, decode_block32, exec_stm, "{rn}, {list}", OP_WBACK, OP_RN | OP_LIST, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {"ldm.w",  0xFFD00000, 0xE8900000, 4, LDM, decode_block32, exec_ldm, "{rn}, {list}", OP_LIST | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"stmdb",  0xFFD00000, 0xE9000000, 4, STM, decode_block32, exec_stm, "{rn}, {list}", OP_WBACK, OP_RN | OP_LIST, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, ISA_ROW_SHADOWED},
    {"ldmdb",  0xFFD00000, 0xE9100000, 4, LDM, decode_block32, exec_ldm, "{rn}, {list}", OP_LIST | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_CAPSTONE, 0},
    {0},
};

/* The memory execute functions (isa_insn_memory()): the single loads and
 * stores, whose only effect on the flow would be a PC operand (a literal
 * base, a load to the PC), which isa_insn_memory() excludes by operand. */
const isa_exec_fn isa_memory_ldst[] = {
    exec_ldr_imm_u8, exec_ldr_imm_s8, exec_ldr_imm_u16, exec_ldr_imm_s16, exec_ldr_imm_32,
    exec_ldr_reg_u8, exec_ldr_reg_s8, exec_ldr_reg_u16, exec_ldr_reg_s16, exec_ldr_reg_32,
    exec_ldr_post_u8, exec_ldr_post_s8, exec_ldr_post_u16, exec_ldr_post_s16, exec_ldr_post_32,
    exec_ldr_pre_u8, exec_ldr_pre_s8, exec_ldr_pre_u16, exec_ldr_pre_s16, exec_ldr_pre_32,
    exec_str_imm_8, exec_str_imm_16, exec_str_imm_32,
    exec_str_reg_8, exec_str_reg_16, exec_str_reg_32,
    exec_str_post_8, exec_str_post_16, exec_str_post_32,
    exec_str_pre_8, exec_str_pre_16, exec_str_pre_32,
    exec_ldrd, exec_strd,
    NULL,
};

/* The family's dispatcher for the run loop (isa/hot_path.h). */
ISA_DEFINE_HOT_DISPATCH(ldst)
