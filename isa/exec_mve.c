/* Helium (MVE): vector loads and stores (contiguous, widening/narrowing,
 * gather/scatter, VLD2x/VLD4x/VST2x/VST4x), predication (VPT, VPST, VCMP,
 * VCTP, VPNOT, VPSEL), moves between core and vector registers, the
 * immediate moves (VMOV/VMVN/VORR/VBIC), VIDUP/VDDUP/VIWDUP/VDWDUP, VREV
 * and VBRSR.  Predication itself is in isa/mve.c.
 *
 * Decoded fields: rd = Qd, rn = Rn (core base/source register) or Qn, rm =
 * Qm or Rm, ra = a second core register (Rt2, the wrap register), esize =
 * the element size code (0 = 8-bit .. 3 = 64-bit), aux[0] = 0 signed, 1
 * unsigned, 2 float; aux[1] = the memory access size code (loads/stores),
 * the compare condition (VCMP/VPT) or the structure pattern (VLD2x/VLD4x);
 * imm = the signed byte offset (loads/stores) or the immediate; list = the
 * VPT/VPST mask; shift_n = the gather offset scale.
 *
 * Every load does all of its memory accesses before it writes a register,
 * VPR included (mve_begin advances the VPT state, so loads and stores
 * put the old VPR back until their accesses are done): a faulting access
 * leaves no trace.  MVE memory accesses must be aligned to their memory
 * element size (B: 1, H: 2, W and D: 4) or take an UNALIGNED UsageFault;
 * an element that is predicated off is not accessed at all.  Loads write
 * zero to predicated-off elements (QEMU does the same).
 */
#include "alu.h"
#include "cache.h"
#include "fields.h"
#include "fp_ops.h"
#include "insn.h"
#include "mve.h"

/* This family's entries of the hot path (isa/hot_path.h). */
#undef ISA_HOT_IN_mve
#define ISA_HOT_IN_mve(X, fn) X(fn)
ISA_DECLARE_HOT(mve)

/* Copy the bytes of src enabled in mask over dst. */
static inline void merge(uint8_t *dst, const uint8_t *src, uint16_t mask)
{
    if (mask == 0xFFFFu) {
        memcpy(dst, src, 16);
        return;
    }
    for (unsigned b = 0; b < 16; b++)
        if ((mask >> b) & 1u)
            dst[b] = src[b];
}

static inline void set_core(cpu_t *cpu, unsigned r, uint32_t v)
{
    if (r == 13)
        cpu_write_sp(cpu, v);
    else
        cpu->r[r] = v;
}

/* ------------------------------------------------------------------ */
/* Memory access                                                       */

/* The lane mask of a load/store, with VPR kept as it was until the
 * accesses are done (ldst_end).  *vpr_after receives the advanced VPR. */
static inline uint16_t ldst_begin(cpu_t *cpu, uint32_t *vpr_after)
{
    uint32_t before = cpu->vpr;
    uint16_t mask = mve_begin(cpu);
    *vpr_after = cpu->vpr;
    cpu->vpr = before;
    return mask;
}

static inline void ldst_end(cpu_t *cpu, uint32_t vpr_after)
{
    cpu->vpr = vpr_after;
}

static inline void check_align(cpu_t *cpu, uint32_t addr, unsigned ms)
{
    if (addr & (ms - 1u))
        cpu_fault(cpu, FAULT_UNALIGNED, addr);
}

/* One aligned memory element of ms bytes. */
static inline uint32_t mem_load(cpu_t *cpu, uint32_t addr, unsigned ms)
{
    check_align(cpu, addr, ms);
    if (ms == 1)
        return cpu_read8(cpu, addr);
    if (ms == 2)
        return cpu_read16(cpu, addr);
    return cpu_read32(cpu, addr);
}

static inline void mem_store(cpu_t *cpu, uint32_t addr, unsigned ms, uint32_t v)
{
    check_align(cpu, addr, ms);
    if (ms == 1)
        cpu_write8(cpu, addr, v);
    else if (ms == 2)
        cpu_write16(cpu, addr, v);
    else
        cpu_write32(cpu, addr, v);
}

/* The host bytes of a whole 16-byte vector inside one host page, counted
 * as one access and charged as one burst (isa/cache.c), or NULL: the
 * caller then goes element by element.  wdata: the bytes a store will
 * write, for the memory trace. */
static inline uint8_t *vector_host(cpu_t *cpu, uint32_t addr, bool write, const uint8_t *wdata)
{
    bus_page_t *p = cpu->dpage[addr >> BUS_PAGE_BITS];
    if (__builtin_expect(!p, 0))
        return cpu->mem_trace_pages ? cpu_vector_host_traced(cpu, addr, write, wdata) : NULL;
    return cpu_vector_host_page(cpu, p, addr, write);
}

/* A contiguous load/store done element by element is one access of the
 * byte span from its first to its last active element for timing
 * (cpu_t.vspan_size, isa/cache.c); each element is still counted and
 * traced as it is made.  The span ends with span_end() or a fault. */
static inline void span_begin(cpu_t *cpu, uint32_t addr, uint16_t mask, unsigned es, unsigned ms)
{
    unsigned first = 16, last = 0;
    for (unsigned e = 0; e < 16u / es; e++) {
        if (mve_active(mask, e, es)) {
            first = first < e ? first : e;
            last = e;
        }
    }
    if (first == 16)
        return;              /* no active element: no access at all */
    cpu->vspan_addr = addr + first * ms;
    cpu->vspan_size = (last - first + 1u) * ms;
    cpu->vspan_charged = false;
}

static inline void span_end(cpu_t *cpu)
{
    cpu->vspan_size = 0;
}

/* Sign- or zero-extend an ms-byte memory value. */
static inline uint32_t extend(uint32_t v, unsigned ms, bool is_unsigned)
{
    if (is_unsigned || ms == 4)
        return v;
    return (uint32_t)alu_sext(v, 8 * ms);
}

/* The address of a contiguous load/store and the base written back. */
static inline uint32_t ldst_addr(const cpu_t *cpu, const insn_t *in, uint32_t *wb)
{
    uint32_t base = cpu->r[in->rn];
    *wb = base + in->imm;
    return (in->flags & INSN_INDEX) ? *wb : base;
}

static inline void ldst_writeback(cpu_t *cpu, const insn_t *in, uint32_t wb)
{
    if (in->flags & INSN_WBACK)
        set_core(cpu, in->rn, wb);
}

/* ------------------------------------------------------------------ */
/* VLDR / VSTR, contiguous                                             */

/* The first byte lane of each element of es bytes (1, 2 or 4). */
static inline unsigned first_lanes(unsigned es)
{
    return es == 1 ? 0xFFFFu : es == 2 ? 0x5555u : 0x1111u;
}

/* The wait states of the n active elements of ms bytes whose span (first
 * to last active element) starts at addr and is span bytes long, in_first
 * of them in its first line, in one page with wait states, their lines (at
 * most two: the span is 16 bytes at most) not both the MRU lines of their
 * sets: what the per-element loop of a contiguous access does, in closed
 * form.  That loop tests each active element in order
 * (cpu_dcache_mru_hit(), an MRU hit counted) and the first that misses
 * charges the whole span (cpu_data_wait_slow(), cpu_t.vspan_size); the
 * elements after it hit where the charge left their line MRU (an
 * allocating access does; a write that does not allocate, or a page the
 * cache does not hold, does not), and a miss after the charge costs
 * nothing.  Elements are aligned to their size, so each lies in one line. */
static void charge_elements(cpu_t *cpu, bus_page_t *p, uint32_t addr, unsigned span, unsigned n,
                            unsigned in_first, bool write)
{
    const uint32_t *mru = cpu->dcache_mru;
    uint32_t m = cpu->dcache_set_mask;
    uint32_t first = addr >> CACHE_LINE_BITS, last = (addr + span - 1u) >> CACHE_LINE_BITS;
    /* Not both lines MRU: if the first is, the miss is the last line's
     * first active element (and the lines differ). */
    bool first_hit = mru && mru[first & m] == first + 1u;
    unsigned after_first = first_hit ? 0 : in_first - 1u;           /* tested after the charge */
    unsigned after_last = first_hit ? n - in_first - 1u : n - in_first;
    uint64_t hits = first_hit ? in_first : 0;
    cpu_data_wait_slow(cpu, p, addr, span, write);
    if (mru) {
        if (mru[first & m] == first + 1u)
            hits += after_first;
        if (last != first && mru[last & m] == last + 1u)
            hits += after_last;
    }
    cpu->dcache_mru_hits += hits;
}

/* The wait states of a contiguous access of the active elements of mask
 * (at least one), aligned, all in page p, which has wait states: every
 * active element an MRU hit when the span's lines are both MRU, else
 * charge_elements().  The same as the loop of span_begin(), a
 * cpu_dcache_mru_hit() / cpu_data_wait_slow() per active element and
 * span_end() that it replaces (for a VPT-predicated VSTRB.16 about half of
 * the general path's 450 host instructions). */
static __attribute__((noinline)) void charge_active(cpu_t *cpu, bus_page_t *p, uint32_t addr, uint16_t mask,
                                                    unsigned ms, unsigned es, bool write)
{
    unsigned active = mask & first_lanes(es);
    unsigned fe = (unsigned)__builtin_ctz(active) / es, le = (31u - (unsigned)__builtin_clz(active)) / es;
    unsigned n = (unsigned)__builtin_popcount(active), span = (le - fe + 1u) * ms;
    uint32_t lo = addr + fe * ms;
    if (cpu_dcache_span_mru(cpu, lo, span)) {
        cpu->dcache_mru_hits += n;
        return;
    }
    /* the active elements in lo's line: those below element fe + lim */
    unsigned lim = (CACHE_LINE_BYTES - (lo & (CACHE_LINE_BYTES - 1u))) / ms, below = (fe + lim) * es;
    unsigned in_first = (unsigned)__builtin_popcount(active & (below >= 16u ? 0xFFFFu : (1u << below) - 1u));
    charge_elements(cpu, p, lo, span, n, in_first, write);
}

/* The element-by-element access of a contiguous load/store, accounted at
 * once when all 16/es elements' bytes lie in one page backed by host
 * memory (for a store: writable, holding no code) and the address is
 * aligned to the memory element size: each active element counted as one
 * access of ms bytes and, when the page has wait states, charged as
 * cpu_data_wait() in element order within the span charges them
 * (charge_active()), exactly as the general path's cpu_read8/16/32 and
 * cpu_write8/16/32 do one by one (the same counts, cache state, MRU hits
 * and cycles).  Returns the host bytes
 * of the first element, or NULL (nothing charged: the general path then
 * does it, faults included). */
static inline __attribute__((always_inline)) uint8_t *elems_host(cpu_t *cpu, uint32_t addr, uint16_t mask,
                                                                 unsigned es, unsigned ms, bool write)
{
    bus_page_t *p = cpu->dpage[addr >> BUS_PAGE_BITS];
    uint32_t off = addr & (BUS_PAGE_SIZE - 1);
    unsigned count = 16u / es;
    if (__builtin_expect(!p || !p->host || (addr & (ms - 1u)) != 0 || off + count * ms > BUS_PAGE_SIZE ||
                             (write && (!p->writable || p->has_code)) || mask == 0, 0))
        return NULL;
    unsigned n = count;
    if (mask != 0xFFFFu)
        n = (unsigned)__builtin_popcount(mask & first_lanes(es));
    bus_stats_t *st = p->stats;
    uint32_t wait;
    if (write) {
        st->writes += n;
        st->write_bytes += n * ms;
        wait = p->write_wait;
    } else {
        st->reads += n;
        st->read_bytes += n * ms;
        wait = p->read_wait;
    }
    if (__builtin_expect(wait != 0, 0))
        charge_active(cpu, p, addr, mask, ms, es, write);
    return p->host + off;
}

/* Convert the vector of type FROM at src to type TO (of 16 bytes) at dst. */
#define CONVERT_(FROM, TO, dst, src)                 \
    do {                                             \
        FROM from_;                                  \
        memcpy(&from_, (src), sizeof from_);         \
        TO to_ = __builtin_convertvector(from_, TO); \
        memcpy((dst), &to_, sizeof to_);             \
    } while (0)

/* The 16/es elements of ms bytes at h, sign- or zero-extended (ms < es). */
static inline __attribute__((always_inline)) u64x2 widen(const uint8_t *h, unsigned ms, unsigned es, bool u)
{
    u64x2 v;
    if (ms == 1 && es == 2) {
        if (u)
            CONVERT_(u8x8, u16x8, &v, h);
        else
            CONVERT_(s8x8, s16x8, &v, h);
    } else if (ms == 1) {
        if (u)
            CONVERT_(u8x4, u32x4, &v, h);
        else
            CONVERT_(s8x4, s32x4, &v, h);
    } else {
        if (u)
            CONVERT_(u16x4, u32x4, &v, h);
        else
            CONVERT_(s16x4, s32x4, &v, h);
    }
    return v;
}

/* The low ms bytes of each of q's 16/es elements to h (ms < es). */
static inline __attribute__((always_inline)) void narrow(uint8_t *h, const uint8_t *q, unsigned ms, unsigned es)
{
    if (ms == 1 && es == 2)
        CONVERT_(u16x8, u8x8, h, q);
    else if (ms == 1)
        CONVERT_(u32x4, u8x4, h, q);
    else
        CONVERT_(u32x4, u16x4, h, q);
}
#undef CONVERT_

/* VLDRB/H/W with memory element size ms and vector element size es: the
 * same (.8/.16/.32) or widening (VLDRB.S16...), every case (vldr() below
 * takes the common one first). */
static inline __attribute__((always_inline)) void vldr_general(cpu_t *cpu, const insn_t *in, unsigned ms, unsigned es,
                                                               bool is_unsigned)
{
    uint32_t vpr, wb;
    uint16_t mask = ldst_begin(cpu, &vpr);
    uint32_t addr = ldst_addr(cpu, in, &wb);
    u64x2 v;
    uint8_t *h;
    if (ms == es && mask == 0xFFFFu && !(addr & 3u) && (h = vector_host(cpu, addr, false, NULL))) {
        memcpy(&v, h, 16);
    } else if ((h = elems_host(cpu, addr, mask, es, ms, false)) != NULL) {
        /* all 16/es elements lie in the page: read them all, then clear
         * the inactive ones (loads write zero there) */
        if (ms == es)
            memcpy(&v, h, 16);
        else
            v = widen(h, ms, es, is_unsigned);
        if (mask != 0xFFFFu) {
            uint16_t lanes = mve_elem_lanes(mask, es);
            u64x2 keep = {mve_lanes64(lanes), mve_lanes64(lanes >> 8u)};
            v &= keep;
        }
    } else {
        uint8_t b[16] = {0};
        span_begin(cpu, addr, mask, es, ms);
        for (unsigned e = 0; e < 16u / es; e++) {
            if (!mve_active(mask, e, es))
                continue;
            uint32_t x = mem_load(cpu, addr + e * ms, ms);
            x = extend(x, ms, is_unsigned);
            mve_set(b, e, es, x);
        }
        span_end(cpu);
        memcpy(&v, b, 16);
    }
    memcpy(mve_q(cpu, in->rd), &v, 16);
    ldst_writeback(cpu, in, wb);
    ldst_end(cpu, vpr);
}

/* VSTRB/H/W, the same size or narrowing (VSTRB.16: the low bytes). */
static inline __attribute__((always_inline)) void vstr_general(cpu_t *cpu, const insn_t *in, unsigned ms, unsigned es)
{
    uint32_t vpr, wb;
    uint16_t mask = ldst_begin(cpu, &vpr);
    uint32_t addr = ldst_addr(cpu, in, &wb);
    const uint8_t *q = mve_q(cpu, in->rd);
    uint8_t *h;
    if (ms == es && mask == 0xFFFFu && !(addr & 3u) && (h = vector_host(cpu, addr, true, q))) {
        memcpy(h, q, 16);
    } else if ((h = elems_host(cpu, addr, mask, es, ms, true)) != NULL) {
        if (ms == es && mask == 0xFFFFu)
            memcpy(h, q, 16);
        else if (mask == 0xFFFFu)
            narrow(h, q, ms, es);
        else
            for (unsigned e = 0; e < 16u / es; e++)
                if (mve_active(mask, e, es))
                    mve_set(h, e, ms, mve_get(q, e, es));
    } else {
        span_begin(cpu, addr, mask, es, ms);
        for (unsigned e = 0; e < 16u / es; e++)
            if (mve_active(mask, e, es))
                mem_store(cpu, addr + e * ms, ms, (uint32_t)mve_get(q, e, es));
        span_end(cpu);
    }
    ldst_writeback(cpu, in, wb);
    ldst_end(cpu, vpr);
}

/* The common case of a contiguous VLDR/VSTR, decided before anything is
 * charged: every lane on and no VPT block (mve_all_lanes()), every element
 * in one page backed by host memory (for a store: writable, holding no
 * code) and aligned to its memory size, no write-back to SP.  Counted as
 * the general path above counts it: one 16-byte access where that takes
 * vector_host() (same size, 4-byte aligned), else one access of ms bytes
 * per element.  On a page with wait states whose lines the vector touches
 * are both the MRU lines of their sets, each of those accesses is an MRU
 * hit that changes nothing (an access's lines are among the span's first
 * and last line); otherwise *charge is set and the caller calls
 * quick_charge() last (the wait states are charged after the data moved
 * and the base was written back: nothing in between reads the clock or
 * the statistics, and the execute function makes no call on its MRU-hit
 * path, so it saves no registers: pushes and pops were a fifth of
 * exec_vldr_s8_32's samples).  Returns the host bytes, or NULL with
 * nothing counted or changed: the caller then takes the general path. */
static inline __attribute__((always_inline)) uint8_t *quick_host(cpu_t *cpu, const insn_t *in, uint32_t addr,
                                                                 unsigned ms, unsigned es, bool write,
                                                                 bus_page_t **page, bool *charge)
{
    unsigned span = 16u / es * ms;
    if (__builtin_expect(!mve_all_lanes(cpu) || (addr & (ms - 1u)) != 0 ||
                             ((in->flags & INSN_WBACK) && in->rn == 13), 0))
        return NULL;
    bus_page_t *p = cpu->dpage[addr >> BUS_PAGE_BITS];
    uint32_t off = addr & (BUS_PAGE_SIZE - 1);
    if (__builtin_expect(!p || !p->host || off + span > BUS_PAGE_SIZE ||
                             (write && (!p->writable || p->has_code)), 0))
        return NULL;
    bool whole = ms == es && !(addr & 3u);
    unsigned n = whole ? 1u : 16u / es, size = whole ? 16u : ms;
    *page = p;
    *charge = false;
    if (__builtin_expect((write ? p->write_wait : p->read_wait) != 0, 0)) {
        *charge = !cpu_dcache_span_mru(cpu, addr, span);
        if (!*charge)
            cpu->dcache_mru_hits += n;
    }
    bus_stats_t *st = p->stats;
    if (write) {
        st->writes += n;
        st->write_bytes += n * size;
    } else {
        st->reads += n;
        st->read_bytes += n * size;
    }
    return p->host + off;
}

/* The wait states of a quick_host() access whose lines were not both MRU:
 * a whole vector as cpu_vector_host_page() charges it, elements as
 * elems_host() does (charge_active()). */
static __attribute__((noinline)) void quick_charge(cpu_t *cpu, bus_page_t *p, uint32_t addr, unsigned ms,
                                                   unsigned es, bool write)
{
    if (ms == es && !(addr & 3u))
        cpu_data_wait_slow(cpu, p, addr, 16, write);
    else
        charge_active(cpu, p, addr, 0xFFFFu, ms, es, write);
}

/* The common case (quick_host()) inline, anything else in the general
 * function of the same sizes, general (a tail call). */
static inline __attribute__((always_inline)) void vldr(cpu_t *cpu, const insn_t *in, unsigned ms, unsigned es,
                                                       bool is_unsigned, isa_exec_fn general)
{
    uint32_t wb;
    uint32_t addr = ldst_addr(cpu, in, &wb);
    bus_page_t *p;
    bool charge;
    const uint8_t *h = quick_host(cpu, in, addr, ms, es, false, &p, &charge);
    if (__builtin_expect(h == NULL, 0)) {
        general(cpu, in);
        return;
    }
    u64x2 v;
    if (ms == es)
        memcpy(&v, h, 16);
    else
        v = widen(h, ms, es, is_unsigned);
    memcpy(mve_q(cpu, in->rd), &v, 16);
    if (in->flags & INSN_WBACK)
        cpu->r[in->rn] = wb;
    if (__builtin_expect(charge, 0))
        quick_charge(cpu, p, addr, ms, es, false);
}

static inline __attribute__((always_inline)) void vstr(cpu_t *cpu, const insn_t *in, unsigned ms, unsigned es,
                                                       isa_exec_fn general)
{
    uint32_t wb;
    uint32_t addr = ldst_addr(cpu, in, &wb);
    bus_page_t *p;
    bool charge;
    uint8_t *h = quick_host(cpu, in, addr, ms, es, true, &p, &charge);
    if (__builtin_expect(h == NULL, 0)) {
        general(cpu, in);
        return;
    }
    const uint8_t *q = mve_q(cpu, in->rd);
    if (ms == es)
        memcpy(h, q, 16);
    else
        narrow(h, q, ms, es);
    if (in->flags & INSN_WBACK)
        cpu->r[in->rn] = wb;
    if (__builtin_expect(charge, 0))
        quick_charge(cpu, p, addr, ms, es, true);
}

/* The table rows' execute functions: sizes from the decoded fields
 * (memory element size aux[1], vector element size esize, aux[0] 1 =
 * unsigned).  The decoder picks the specialised one of the sizes instead
 * (vldr_exec/vstr_exec below), so the element loops have constant bounds
 * and no per-element switch. */
static void exec_vldr(cpu_t *cpu, const insn_t *in)
{
    vldr_general(cpu, in, 1u << in->aux[1], 1u << in->esize, in->aux[0] == 1);
}

static void exec_vstr(cpu_t *cpu, const insn_t *in)
{
    vstr_general(cpu, in, 1u << in->aux[1], 1u << in->esize);
}

/* Per size: the general body out of line (noinline: called only off the
 * common case), the execute function the common case inline. */
#define VLDR_FN_(name, MS, ES, U)                                                      \
    static __attribute__((noinline)) void vldr_general_##name(cpu_t *cpu, const insn_t *in) \
    {                                                                                  \
        vldr_general(cpu, in, MS, ES, U);                                              \
    }                                                                                  \
    static void exec_vldr_##name(cpu_t *cpu, const insn_t *in) { vldr(cpu, in, MS, ES, U, vldr_general_##name); }
VLDR_FN_(8, 1, 1, true)
VLDR_FN_(16, 2, 2, true)
VLDR_FN_(32, 4, 4, true)
VLDR_FN_(s8_16, 1, 2, false)
VLDR_FN_(u8_16, 1, 2, true)
VLDR_FN_(s8_32, 1, 4, false)
VLDR_FN_(u8_32, 1, 4, true)
VLDR_FN_(s16_32, 2, 4, false)
VLDR_FN_(u16_32, 2, 4, true)
#undef VLDR_FN_

#define VSTR_FN_(name, MS, ES)                                                         \
    static __attribute__((noinline)) void vstr_general_##name(cpu_t *cpu, const insn_t *in) \
    {                                                                                  \
        vstr_general(cpu, in, MS, ES);                                                 \
    }                                                                                  \
    static void exec_vstr_##name(cpu_t *cpu, const insn_t *in) { vstr(cpu, in, MS, ES, vstr_general_##name); }
VSTR_FN_(8, 1, 1)
VSTR_FN_(16, 2, 2)
VSTR_FN_(32, 4, 4)
VSTR_FN_(8_16, 1, 2)
VSTR_FN_(8_32, 1, 4)
VSTR_FN_(16_32, 2, 4)
#undef VSTR_FN_

/* [memory size code][element size code][unsigned]: the same-size loads
 * are the same either way (nothing to extend). */
static const isa_exec_fn vldr_exec[3][3][2] = {
    [0][0] = {exec_vldr_8, exec_vldr_8},
    [0][1] = {exec_vldr_s8_16, exec_vldr_u8_16},
    [0][2] = {exec_vldr_s8_32, exec_vldr_u8_32},
    [1][1] = {exec_vldr_16, exec_vldr_16},
    [1][2] = {exec_vldr_s16_32, exec_vldr_u16_32},
    [2][2] = {exec_vldr_32, exec_vldr_32},
};

/* [memory size code][element size code] */
static const isa_exec_fn vstr_exec[3][3] = {
    [0] = {exec_vstr_8, exec_vstr_8_16, exec_vstr_8_32},
    [1][1] = exec_vstr_16, [1][2] = exec_vstr_16_32,
    [2][2] = exec_vstr_32,
};

/* ------------------------------------------------------------------ */
/* Gather loads and scatter stores                                     */

/* The address of element word w (32-bit step) of a gather/scatter: the
 * offset comes from Qm's element (64-bit elements: its low word, and the
 * odd word is 4 bytes further). */
static inline uint32_t sg_offset(const uint8_t *qm, unsigned e, unsigned es)
{
    return es == 8 ? (uint32_t)mve_get(qm, 2 * e, 4) : (uint32_t)mve_get(qm, e, es);
}

/* VLDR<B|H|W|D> Qd, [Rn, Qm{, UXTW #os}]: element e from Rn + (Qm[e] <<
 * shift_n).  64-bit elements are two word accesses. */
static void exec_vldr_sg(cpu_t *cpu, const insn_t *in)
{
    uint32_t vpr;
    uint16_t mask = ldst_begin(cpu, &vpr);
    uint32_t base = cpu->r[in->rn];
    unsigned ms = 1u << in->aux[1], es = 1u << in->esize;
    const uint8_t *qm = mve_q(cpu, in->rm);
    uint8_t v[16] = {0};
    if (es == 8) {
        for (unsigned w = 0; w < 4; w++) {
            if (!((mask >> (4 * w)) & 1u))
                continue;
            uint32_t a = base + (sg_offset(qm, w / 2, 8) << in->shift_n) + 4u * (w & 1u);
            uint32_t x = mem_load(cpu, a, 4);
            memcpy(v + 4 * w, &x, 4);
        }
    } else {
        for (unsigned e = 0; e < 16u / es; e++) {
            if (!mve_active(mask, e, es))
                continue;
            uint32_t a = base + (sg_offset(qm, e, es) << in->shift_n);
            uint32_t x = extend(mem_load(cpu, a, ms), ms, in->aux[0] == 1);
            mve_set(v, e, es, x);
        }
    }
    memcpy(mve_q(cpu, in->rd), v, 16);
    ldst_end(cpu, vpr);
}

static void exec_vstr_sg(cpu_t *cpu, const insn_t *in)
{
    uint32_t vpr;
    uint16_t mask = ldst_begin(cpu, &vpr);
    uint32_t base = cpu->r[in->rn];
    unsigned ms = 1u << in->aux[1], es = 1u << in->esize;
    const uint8_t *qm = mve_q(cpu, in->rm), *qd = mve_q(cpu, in->rd);
    unsigned step = es == 8 ? 4u : es;   /* 64-bit: two word accesses */
    for (unsigned e = 0; e < 16u / step; e++) {
        if (!mve_active(mask, e, step))
            continue;
        uint32_t off = es == 8 ? sg_offset(qm, e / 2, 8) : sg_offset(qm, e, es);
        uint32_t a = base + (off << in->shift_n) + (es == 8 ? 4u * (e & 1u) : 0u);
        mem_store(cpu, a, es == 8 ? 4u : ms, (uint32_t)mve_get(qd, e, step));
    }
    ldst_end(cpu, vpr);
}

/* VLDRW/VLDRD Qd, [Qm, #imm]{!} and the stores: word w's address is
 * Qm's element + imm (+4 for the odd word of a 64-bit element).  With
 * writeback every element of Qm becomes its address, predicated or not. */
static void exec_vldr_qbase(cpu_t *cpu, const insn_t *in)
{
    uint32_t vpr;
    uint16_t mask = ldst_begin(cpu, &vpr);
    unsigned es = 1u << in->esize;
    uint8_t *qm = mve_q(cpu, in->rm);
    uint8_t v[16] = {0}, addrs[16];
    memcpy(addrs, qm, 16);
    for (unsigned e = 0; e < 16u / es; e++) {
        uint32_t a = (uint32_t)mve_get(qm, e * es / 4, 4) + in->imm;
        mve_put(addrs, e * es / 4, 4, a, 0xFFFFu);
        for (unsigned w = 0; w < es / 4; w++) {
            unsigned lane = e * es + 4 * w;
            if ((mask >> lane) & 1u) {
                uint32_t x = mem_load(cpu, a + 4 * w, 4);
                memcpy(v + lane, &x, 4);
            }
        }
    }
    memcpy(mve_q(cpu, in->rd), v, 16);
    if (in->flags & INSN_WBACK)
        memcpy(qm, addrs, 16);
    ldst_end(cpu, vpr);
}

static void exec_vstr_qbase(cpu_t *cpu, const insn_t *in)
{
    uint32_t vpr;
    uint16_t mask = ldst_begin(cpu, &vpr);
    unsigned es = 1u << in->esize;
    uint8_t *qm = mve_q(cpu, in->rm);
    const uint8_t *qd = mve_q(cpu, in->rd);
    uint8_t addrs[16];
    memcpy(addrs, qm, 16);
    for (unsigned e = 0; e < 16u / es; e++) {
        uint32_t a = (uint32_t)mve_get(qm, e * es / 4, 4) + in->imm;
        mve_put(addrs, e * es / 4, 4, a, 0xFFFFu);
        for (unsigned w = 0; w < es / 4; w++) {
            unsigned lane = e * es + 4 * w;
            if ((mask >> lane) & 1u)
                mem_store(cpu, a + 4 * w, 4, (uint32_t)mve_get(qd, lane / 4, 4));
        }
    }
    if (in->flags & INSN_WBACK)
        memcpy(qm, addrs, 16);
    ldst_end(cpu, vpr);
}

/* ------------------------------------------------------------------ */
/* VLD2x / VLD4x / VST2x / VST4x                                        */

/* Each of the 2 or 4 instructions of a group moves four of the 32-bit
 * words of the 32- or 64-byte structure array (the same words whatever
 * the element size): the pattern number selects which. */
static const uint8_t vld2_words[2][4] = { {0, 1, 6, 7}, {2, 3, 4, 5} };
static const uint8_t vld4_words[4][4] = {
    {0, 1, 10, 11}, {2, 3, 12, 13}, {4, 5, 14, 15}, {6, 7, 8, 9},
};

/* Byte o of the interleaved array belongs to register (o / es) % n at
 * byte (o / (n * es)) * es + o % es. */
static inline unsigned il_reg(unsigned o, unsigned es, unsigned n)
{
    return (o / es) % n;
}

static inline unsigned il_byte(unsigned o, unsigned es, unsigned n)
{
    return (o / (n * es)) * es + o % es;
}

/* A 32-bit word of a structure load/store: one access if word aligned,
 * else element-size accesses (the alignment rule is per element). */
static uint32_t vld_word(cpu_t *cpu, uint32_t addr, unsigned es)
{
    if (!(addr & 3u))
        return cpu_read32(cpu, addr);
    uint32_t x = 0;
    for (unsigned b = 0; b < 4; b += es)
        x |= mem_load(cpu, addr + b, es) << (8 * b);
    return x;
}

static void vst_word(cpu_t *cpu, uint32_t addr, unsigned es, uint32_t x)
{
    if (!(addr & 3u)) {
        cpu_write32(cpu, addr, x);
        return;
    }
    for (unsigned b = 0; b < 4; b += es)
        mem_store(cpu, addr + b, es, es == 4 ? x : (x >> (8 * b)) & ((1u << (8 * es)) - 1u));
}

static inline const uint8_t *vld_pattern(const insn_t *in)
{
    return in->ra == 2 ? vld2_words[in->aux[1]] : vld4_words[in->aux[1]];
}

/* VLD2x/VLD4x: not predicated (neither VPT nor tail predication). */
static void exec_vld_struct(cpu_t *cpu, const insn_t *in)
{
    uint32_t vpr;
    (void)ldst_begin(cpu, &vpr);
    uint32_t base = cpu->r[in->rn];
    unsigned es = 1u << in->esize, n = in->ra;
    const uint8_t *words = vld_pattern(in);
    check_align(cpu, base, es);
    uint32_t data[4];
    for (unsigned i = 0; i < 4; i++)
        data[i] = vld_word(cpu, base + 4u * words[i], es);
    for (unsigned i = 0; i < 4; i++)
        for (unsigned b = 0; b < 4; b++) {
            unsigned o = 4u * words[i] + b;
            mve_q(cpu, in->rd + il_reg(o, es, n))[il_byte(o, es, n)] = (uint8_t)(data[i] >> (8 * b));
        }
    if (in->flags & INSN_WBACK)
        set_core(cpu, in->rn, base + 16u * n);
    ldst_end(cpu, vpr);
}

static void exec_vst_struct(cpu_t *cpu, const insn_t *in)
{
    uint32_t vpr;
    (void)ldst_begin(cpu, &vpr);
    uint32_t base = cpu->r[in->rn];
    unsigned es = 1u << in->esize, n = in->ra;
    const uint8_t *words = vld_pattern(in);
    check_align(cpu, base, es);
    for (unsigned i = 0; i < 4; i++) {
        uint32_t x = 0;
        for (unsigned b = 0; b < 4; b++) {
            unsigned o = 4u * words[i] + b;
            x |= (uint32_t)mve_q(cpu, in->rd + il_reg(o, es, n))[il_byte(o, es, n)] << (8 * b);
        }
        vst_word(cpu, base + 4u * words[i], es, x);
    }
    if (in->flags & INSN_WBACK)
        set_core(cpu, in->rn, base + 16u * n);
    ldst_end(cpu, vpr);
}

/* ------------------------------------------------------------------ */
/* Predication: VPT/VCMP, VCTP, VPNOT, VPSEL, VPST                      */

#define VPR_P0 0xFFFFu

/* Write P0 as an instruction that wrote it before the VPT advance would:
 * mve_begin() already advanced (and maybe inverted P0 halves for an else
 * slot); the inversion applies on top of the value written. */
static inline void set_p0(cpu_t *cpu, uint32_t vpr_before, uint32_t p0)
{
    uint32_t inv = (cpu->vpr ^ vpr_before) & VPR_P0;
    cpu->vpr = (cpu->vpr & ~VPR_P0) | ((p0 ^ inv) & VPR_P0);
}

/* VPT: after the compare, the block's mask goes to MASK01 and MASK23. */
static inline void set_vpt_mask(cpu_t *cpu, unsigned mask)
{
    if (mask)
        cpu->vpr = (cpu->vpr & ~0x00FF0000u) | mask << 16 | mask << 20;
}

/* Compare conditions (aux[1]): the fc field. */
enum vcmp_cond { VC_EQ, VC_NE, VC_CS, VC_HI, VC_GE, VC_LT, VC_GT, VC_LE };

static inline bool int_cond(unsigned cond, uint32_t a, uint32_t b, unsigned bits)
{
    int32_t sa = alu_sext(a, bits), sb = alu_sext(b, bits);
    switch (cond) {
    case VC_EQ: return a == b;
    case VC_NE: return a != b;
    case VC_CS: return a >= b;
    case VC_HI: return a > b;
    case VC_GE: return sa >= sb;
    case VC_LT: return sa < sb;
    case VC_GT: return sa > sb;
    default:    return sa <= sb;
    }
}

/* The compare result as per-byte lanes, inactive elements 0. */
static uint32_t vcmp_int_lanes(cpu_t *cpu, const insn_t *in, uint16_t mask, bool scalar)
{
    unsigned es = 1u << in->esize, bits = 8 * es;
    const uint8_t *qn = mve_q(cpu, in->rn), *qm = mve_q(cpu, in->rm);
    uint32_t scal = scalar ? cpu->r[in->rm] & (uint32_t)((1ull << bits) - 1u) : 0;
    uint32_t p0 = 0;
    for (unsigned e = 0; e < 16u / es; e++) {
        uint32_t a = (uint32_t)mve_get(qn, e, es);
        uint32_t b = scalar ? scal : (uint32_t)mve_get(qm, e, es);
        if (int_cond(in->aux[1], a, b, bits))
            p0 |= ((1u << es) - 1u) << (e * es);
    }
    return p0 & mask;
}

/* MVE float arithmetic uses the "standard" FPSCR: flush to zero, default
 * NaN, round to nearest; AHP and FZ16 from FPSCR.  Flags go to FPSCR. */
static inline uint32_t std_fpscr(const cpu_t *cpu)
{
    return (cpu->fpscr & (FPSCR_AHP | FPSCR_FZ16)) | FPSCR_DN | FPSCR_FZ;
}

static inline bool fp_cond(unsigned cond, uint32_t nzcv)
{
    bool n = nzcv >> 31, z = (nzcv >> 30) & 1u, v = (nzcv >> 28) & 1u;
    switch (cond) {
    case VC_EQ: return z;
    case VC_NE: return !z;
    case VC_GE: return n == v;
    case VC_LT: return n != v;
    case VC_GT: return !z && n == v;
    default:    return z || n != v;   /* LE */
    }
}

/* Float compares: every condition signals Invalid Operation on any NaN
 * operand, quiet ones too (QEMU uses float*_compare for all of them);
 * unordered makes NE, LT and LE true.  Only active elements raise
 * flags. */
static uint32_t vcmp_fp_lanes(cpu_t *cpu, const insn_t *in, uint16_t mask, bool scalar)
{
    unsigned es = 1u << in->esize;
    enum fp_fmt f = es == 2 ? FP_F16 : FP_F32;
    const uint8_t *qn = mve_q(cpu, in->rn), *qm = mve_q(cpu, in->rm);
    uint32_t scal = scalar ? cpu->r[in->rm] & (es == 2 ? 0xFFFFu : 0xFFFFFFFFu) : 0;
    uint32_t p0 = 0, flags = 0;
    uint32_t emask = (1u << es) - 1u;
    for (unsigned e = 0; e < 16u / es; e++) {
        /* Byte-lane predication can leave part of an element active (a
         * VCTP.8 predicate, say): its result bytes still count, but only an
         * element whose first byte is active raises flags (as QEMU). */
        if (!((mask >> (e * es)) & emask))
            continue;
        uint32_t fpscr = std_fpscr(cpu);
        uint64_t a = mve_get(qn, e, es), b = scalar ? scal : mve_get(qm, e, es);
        uint32_t nzcv = fp_compare(f, a, b, true, &fpscr);
        if (mve_active(mask, e, es))
            flags |= fpscr;
        if (fp_cond(in->aux[1], nzcv))
            p0 |= ((1u << es) - 1u) << (e * es);
    }
    cpu->fpscr |= flags & (FPSCR_IDC | FPSCR_IXC | FPSCR_UFC | FPSCR_OFC | FPSCR_DZC | FPSCR_IOC);
    return p0 & mask;
}

/* VCMP / VPT (list = the VPT mask, 0 for VCMP), aux[0] == 2 float; the
 * second operand Qm or, scalar, Rm. */
static inline void vcmp(cpu_t *cpu, const insn_t *in, bool scalar)
{
    uint32_t before = cpu->vpr;
    uint16_t mask = mve_begin(cpu);
    uint32_t p0 = in->aux[0] == 2 ? vcmp_fp_lanes(cpu, in, mask, scalar)
                                   : vcmp_int_lanes(cpu, in, mask, scalar);
    set_p0(cpu, before, p0);
    set_vpt_mask(cpu, in->vpt_mask);
}

static void exec_vcmp(cpu_t *cpu, const insn_t *in)
{
    vcmp(cpu, in, false);
}

static void exec_vcmp_scalar(cpu_t *cpu, const insn_t *in)
{
    vcmp(cpu, in, true);
}

/* VCTP.<size> Rn: P0 = the first min(Rn, elements) elements. */
static void exec_vctp(cpu_t *cpu, const insn_t *in)
{
    uint32_t before = cpu->vpr;
    uint16_t mask = mve_begin(cpu);
    unsigned es = 1u << in->esize;
    uint32_t n = cpu->r[in->rn], elems = 16u / es;
    uint32_t lanes = (n < elems ? n : elems) * es;
    set_p0(cpu, before, ((1u << lanes) - 1u) & mask);
}

static void exec_vpnot(cpu_t *cpu, const insn_t *in)
{
    uint32_t before = cpu->vpr;
    uint16_t mask = mve_begin(cpu);
    set_p0(cpu, before, ~before & mask);
}

static void exec_vpst(cpu_t *cpu, const insn_t *in)
{
    mve_begin_unpredicated(cpu);
    set_vpt_mask(cpu, in->vpt_mask);
}

/* VPSEL Qd, Qn, Qm: Qn's bytes where P0 is set, Qm's elsewhere. */
static void exec_vpsel(cpu_t *cpu, const insn_t *in)
{
    uint32_t p0 = cpu->vpr & VPR_P0;
    uint16_t mask = mve_begin(cpu);
    const uint8_t *qn = mve_q(cpu, in->rn), *qm = mve_q(cpu, in->rm);
    uint8_t r[16];
    for (unsigned b = 0; b < 16; b++)
        r[b] = (p0 >> b) & 1u ? qn[b] : qm[b];
    merge(mve_q(cpu, in->rd), r, mask);
}

/* ------------------------------------------------------------------ */
/* Moves between core and vector registers                             */

/* VMOV.<size> Qd[x], Rt: rd = the lane's byte offset in the register
 * file.  Not predicated. */
static void exec_vmov_to_lane(cpu_t *cpu, const insn_t *in)
{
    mve_begin_unpredicated(cpu);
    uint32_t v = cpu->r[in->rn];
    memcpy(&cpu->fp.b[in->rd], &v, 1u << in->esize);
}

/* VMOV.<dt> Rt, Qn[x]: sign- or zero-extended (aux[0] = 1 unsigned). */
static void exec_vmov_from_lane(cpu_t *cpu, const insn_t *in)
{
    mve_begin_unpredicated(cpu);
    unsigned es = 1u << in->esize;
    uint32_t v = (uint32_t)mve_get(&cpu->fp.b[in->rd], 0, es);
    cpu->r[in->rn] = extend(v, es, in->aux[0] == 1);
}

/* VMOV Rt, Rt2, Qd[idx+2], Qd[idx] (aux[1] = idx) and the reverse.  Not
 * predicated.  Rt pairs with lane idx and Rt2 with lane idx + 2, as
 * QEMU does (the assembler syntax lists lane idx + 2 first: a doubt). */
static void exec_vmov_2lane_to_core(cpu_t *cpu, const insn_t *in)
{
    mve_begin_unpredicated(cpu);
    const uint8_t *q = mve_q(cpu, in->rd);
    cpu->r[in->rn] = (uint32_t)mve_get(q, in->aux[1], 4);
    cpu->r[in->ra] = (uint32_t)mve_get(q, in->aux[1] + 2u, 4);
}

static void exec_vmov_2lane_to_vec(cpu_t *cpu, const insn_t *in)
{
    mve_begin_unpredicated(cpu);
    uint8_t *q = mve_q(cpu, in->rd);
    mve_put(q, in->aux[1], 4, cpu->r[in->rn], 0xFFFFu);
    mve_put(q, in->aux[1] + 2u, 4, cpu->r[in->ra], 0xFFFFu);
}

/* The 16 bytes of a repeated 32-bit pattern. */
static inline void fill32(uint8_t *v, uint32_t x)
{
    for (unsigned w = 0; w < 4; w++)
        memcpy(v + 4 * w, &x, 4);
}

/* VDUP.<size> Qd, Rt. */
static void exec_vdup(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    uint32_t x = cpu->r[in->rn];
    if (in->esize == 0)
        x = (x & 0xFFu) * 0x01010101u;
    else if (in->esize == 1)
        x = (x & 0xFFFFu) * 0x00010001u;
    uint8_t v[16];
    fill32(v, x);
    merge(mve_q(cpu, in->rd), v, mask);
}

/* ------------------------------------------------------------------ */
/* VMOV / VMVN / VORR / VBIC (immediate)                               */

enum imm_op { IMM_MOV, IMM_ORR, IMM_BIC, IMM_MOV64 };

/* aux[1] = enum imm_op; imm = the expanded 32-bit pattern (inverted for
 * VMVN), or for VMOV.I64 the 8-bit immediate whose bits select bytes. */
static void exec_vmov_imm(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    uint8_t *q = mve_q(cpu, in->rd);
    uint8_t v[16];
    if (in->aux[1] == IMM_MOV64) {
        for (unsigned b = 0; b < 16; b++)
            v[b] = (in->imm >> (b % 8)) & 1u ? 0xFFu : 0x00u;
    } else {
        fill32(v, in->imm);
        for (unsigned b = 0; b < 16; b++) {
            if (in->aux[1] == IMM_ORR)
                v[b] |= q[b];
            else if (in->aux[1] == IMM_BIC)
                v[b] = (uint8_t)(q[b] & ~v[b]);
        }
    }
    merge(q, v, mask);
}

/* ------------------------------------------------------------------ */
/* VIDUP / VDDUP / VIWDUP / VDWDUP                                      */

/* Element e = the running offset (Rn); it steps by imm, wrapping at the
 * buffer size Rm (ra) for the wrapping forms (aux[0] = 1); aux[1] = 1
 * counts down.  Rn gets the final offset, whatever the predication. */
static void exec_vidup(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    unsigned es = 1u << in->esize;
    uint32_t off = cpu->r[in->rn], step = in->imm;
    uint32_t buf = in->aux[0] ? cpu->r[in->ra] : 0;
    uint8_t v[16];
    for (unsigned e = 0; e < 16u / es; e++) {
        mve_put(v, e, es, off, 0xFFFFu);
        if (in->aux[1]) {
            if (in->aux[0] && off == 0)
                off = buf;
            off -= step;
        } else {
            off += step;
            if (in->aux[0] && off == buf)
                off = 0;
        }
    }
    merge(mve_q(cpu, in->rd), v, mask);
    cpu->r[in->rn] = off;
}

/* ------------------------------------------------------------------ */
/* VREV16/32/64, VBRSR                                                 */

/* VREV<cs>.<size>: reverse the elements (esize) inside each container of
 * 1 << aux[1] bytes. */
static void exec_vrev(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    unsigned es = 1u << in->esize, cs = 1u << in->aux[1], per = cs / es;
    const uint8_t *qm = mve_q(cpu, in->rm);
    uint8_t v[16];
    for (unsigned b = 0; b < 16; b++) {
        unsigned c = b & ~(cs - 1u), p = b & (cs - 1u);
        v[b] = qm[c + (per - 1u - p / es) * es + p % es];
    }
    merge(mve_q(cpu, in->rd), v, mask);
}

static inline uint32_t bit_reverse(uint32_t x, unsigned bits)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < bits; i++)
        r |= ((x >> i) & 1u) << (bits - 1u - i);
    return r;
}

/* VBRSR.<size> Qd, Qn, Rm: the bottom Rm<7:0> bits of each element
 * reversed (all of them when Rm<7:0> >= the element size), 0 for 0. */
static void exec_vbrsr(cpu_t *cpu, const insn_t *in)
{
    uint16_t mask = mve_begin(cpu);
    unsigned es = 1u << in->esize, bits = 8 * es;
    uint32_t n = cpu->r[in->rm] & 0xFFu;
    const uint8_t *qn = mve_q(cpu, in->rn);
    uint8_t v[16];
    for (unsigned e = 0; e < 16u / es; e++) {
        uint32_t x = 0;
        if (n != 0) {
            x = bit_reverse((uint32_t)mve_get(qn, e, es), bits);
            if (n < bits)
                x >>= bits - n;
        }
        mve_put(v, e, es, x, 0xFFFFu);
    }
    merge(mve_q(cpu, in->rd), v, mask);
}

/* ------------------------------------------------------------------ */
/* Decoders                                                            */

/* Qd in bits 15:13; D (bit 22) must be 0: there are only Q0-Q7. */
static inline bool take_qd(insn_t *in, uint32_t raw)
{
    in->rd = field_qd(raw);
    return !bit(raw, 22);
}

/* The signed offset imm7 << scale, U (bit 23) giving the direction. */
static inline uint32_t offset7(uint32_t raw, unsigned scale)
{
    uint32_t off = field(raw, 0, 7) << scale;
    return bit(raw, 23) ? off : 0u - off;
}

/* P (bit 24) and W (bit 21) of the contiguous forms; P = 0 with W = 0 is
 * another instruction. */
static inline bool take_pw(insn_t *in, uint32_t raw)
{
    in->flags = (uint8_t)((bit(raw, 24) ? INSN_INDEX : 0u) | (bit(raw, 21) ? INSN_WBACK : 0u));
    return in->flags != 0;
}

/* VLDR/VSTR<B|H|W> Qd, [Rn, #imm]{!} / [Rn], #imm: size bits 8:7. */
static bool decode_vldr(insn_t *in, uint32_t raw)
{
    unsigned size = field(raw, 7, 2);
    in->rn = (uint8_t)field(raw, 16, 4);
    in->esize = in->aux[1] = (uint8_t)size;
    in->aux[0] = 1;
    in->imm = offset7(raw, size);
    if (size == 3)
        return false;
    in->exec = bit(raw, 20) ? vldr_exec[size][size][1] : vstr_exec[size][size];
    return take_qd(in, raw) && take_pw(in, raw) && in->rn != 15;
}

/* Widening loads / narrowing stores: memory size B or H (bit 19), vector
 * element size bits 8:7, Rn in bits 18:16, U (bit 28) unsigned. */
static bool decode_vldr_widen(insn_t *in, uint32_t raw)
{
    unsigned size = field(raw, 7, 2), msize = bit(raw, 19);
    in->rn = (uint8_t)field(raw, 16, 3);
    in->esize = (uint8_t)size;
    in->aux[1] = (uint8_t)msize;
    in->aux[0] = (uint8_t)bit(raw, 28);
    in->imm = offset7(raw, msize);
    if (!bit(raw, 20) && in->aux[0])
        return false;                       /* stores have no U */
    if (size <= msize || size == 3)
        return false;
    in->exec = bit(raw, 20) ? vldr_exec[msize][size][in->aux[0]] : vstr_exec[msize][size];
    return take_qd(in, raw) && take_pw(in, raw);
}

/* Gather/scatter [Rn, Qm{, UXTW #os}]: size bits 8:7, memory size bits
 * 6 and 4, Qm bits 3:1, os bit 0, U bit 28. */
static bool decode_vldr_sg(insn_t *in, uint32_t raw)
{
    unsigned size = field(raw, 7, 2), msize = (bit(raw, 6) << 1) | bit(raw, 4);
    bool load = bit(raw, 20), is_unsigned = bit(raw, 28);
    in->rn = (uint8_t)field(raw, 16, 4);
    in->rm = field_qm(raw);
    in->esize = (uint8_t)size;
    in->aux[1] = (uint8_t)msize;
    in->aux[0] = (uint8_t)is_unsigned;
    in->shift_n = (uint8_t)(bit(raw, 0) ? msize : 0u);
    if (!take_qd(in, raw) || in->rn == 15 || size < msize || (size == 3) != (msize == 3))
        return false;
    if (bit(raw, 0) && msize == 0)
        return false;                       /* byte offsets are not scaled */
    if (load)
        return is_unsigned || size != msize;
    return !is_unsigned;
}

/* VLDRW/VLDRD Qd, [Qm, #imm]{!}: Qm bits 19:17, bit 8 = D (64-bit). */
static bool decode_vldr_qbase(insn_t *in, uint32_t raw)
{
    unsigned size = bit(raw, 8) ? 3u : 2u;
    in->rm = (uint8_t)field(raw, 17, 3);
    in->esize = (uint8_t)size;
    in->aux[0] = 1;
    in->aux[1] = (uint8_t)size;
    in->imm = offset7(raw, size);
    in->flags = bit(raw, 21) ? INSN_WBACK : 0u;
    return take_qd(in, raw);
}

/* VLD2x/VLD4x/VST2x/VST4x {Qd..}, [Rn]{!}: size bits 8:7, pattern 6:5. */
static bool decode_vld_struct(insn_t *in, uint32_t raw)
{
    unsigned size = field(raw, 7, 2), pat = field(raw, 5, 2);
    in->ra = bit(raw, 0) ? 4 : 2;
    in->rn = (uint8_t)field(raw, 16, 4);
    in->esize = (uint8_t)size;
    in->aux[1] = (uint8_t)pat;
    in->flags = bit(raw, 21) ? INSN_WBACK : 0u;
    return take_qd(in, raw) && size != 3 && in->rn != 15 && pat < in->ra && in->rd + in->ra <= 8;
}

/* VCTP.<size> Rn. */
static bool decode_vctp(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)field(raw, 20, 2);
    in->rn = (uint8_t)field(raw, 16, 4);
    return in->rn != 13 && in->rn != 15;
}

/* The VPT mask: bit 22 and bits 15:13. */
static inline uint16_t vpt_mask(uint32_t raw)
{
    return (uint16_t)(bit(raw, 22) << 3 | field(raw, 13, 3));
}

static bool decode_vpst(insn_t *in, uint32_t raw)
{
    in->vpt_mask = vpt_mask(raw);
    return in->vpt_mask != 0;
}

/* VCMP/VPT: Qn bits 19:17; Qm bits 3:1 (bit 6 = 0) or Rm bits 3:0
 * (bit 6 = 1); condition from bits 12, 0 or 5, and 7.  Integer: bit 28 =
 * 1 and size bits 21:20 != 3; float: size 3, bit 28 = 1 for F16. */
static bool decode_vcmp(insn_t *in, uint32_t raw)
{
    bool scalar = bit(raw, 6), is_float = field(raw, 20, 2) == 3;
    unsigned fc0 = scalar ? bit(raw, 5) : bit(raw, 0);
    in->aux[1] = (uint8_t)(bit(raw, 12) << 2 | fc0 << 1 | bit(raw, 7));
    in->vpt_mask = vpt_mask(raw);
    in->rn = field_qn(raw);
    in->rd = 0;
    if (scalar) {
        in->rm = (uint8_t)field(raw, 0, 4);
        in->exec = exec_vcmp_scalar;
        if (in->rm == 13 || in->rm == 15)
            return false;
    } else {
        in->rm = field_qm(raw);
        if (bit(raw, 5))
            return false;
    }
    if (!is_float) {
        in->esize = (uint8_t)field(raw, 20, 2);
        in->aux[0] = 0;
        return bit(raw, 28);
    }
    in->esize = bit(raw, 28) ? 1 : 2;
    in->aux[0] = 2;
    return in->aux[1] != VC_CS && in->aux[1] != VC_HI;
}

/* VPSEL Qd, Qn, Qm. */
static bool decode_vpsel(insn_t *in, uint32_t raw)
{
    in->rn = field_qn(raw);
    in->rm = field_qm(raw);
    return take_qd(in, raw) && !bit(raw, 5);
}

/* VMOV between a core register (bits 15:12) and a lane: opc1 bits 22:21,
 * opc2 bits 6:5, the D register in bits 19:16 (bit 7 = its top bit,
 * must be 0).  rd = the lane's byte offset in the register file. */
static bool decode_vmov_lane(insn_t *in, uint32_t raw)
{
    unsigned opc1 = field(raw, 21, 2), opc2 = field(raw, 5, 2), index, es;
    if (opc1 & 2u) {
        in->esize = 0;
        index = (opc1 & 1u) << 2 | opc2;
    } else if (opc2 & 1u) {
        in->esize = 1;
        index = (opc1 & 1u) << 1 | opc2 >> 1;
    } else if (opc2 == 0) {
        in->esize = 2;
        index = opc1 & 1u;
    } else {
        return false;
    }
    es = 1u << in->esize;
    in->rd = (uint8_t)(8u * field(raw, 16, 4) + index * es);
    in->rn = (uint8_t)field(raw, 12, 4);
    in->aux[0] = (uint8_t)bit(raw, 23);
    if (in->aux[0] && in->esize == 2)
        return false;                       /* no VMOV.U32 */
    return !bit(raw, 7) && in->rn != 13 && in->rn != 15;
}

/* VMOV Rt, Rt2, Qd[idx+2], Qd[idx] and back: Rt2 bits 19:16, Rt 3:0. */
static bool decode_vmov_2lane(insn_t *in, uint32_t raw)
{
    in->rd = field_qd(raw);
    in->rn = (uint8_t)field(raw, 0, 4);
    in->ra = (uint8_t)field(raw, 16, 4);
    in->aux[1] = (uint8_t)bit(raw, 4);
    if (in->rn == 13 || in->rn == 15 || in->ra == 13 || in->ra == 15)
        return false;
    return bit(raw, 20) || in->rn != in->ra;
}

/* VDUP.<size> Qd, Rt: Qd bits 19:17, B:E (bits 22, 5) the size. */
static bool decode_vdup(insn_t *in, uint32_t raw)
{
    unsigned be = bit(raw, 22) << 1 | bit(raw, 5);
    in->rd = (uint8_t)field(raw, 17, 3);
    in->rn = (uint8_t)field(raw, 12, 4);
    in->esize = be == 2 ? 0 : be == 1 ? 1 : 2;
    return be != 3 && in->rn != 13 && in->rn != 15;
}

/* AdvSIMDExpandImm for the 32-bit-periodic cmodes. */
static uint32_t expand_imm32(unsigned cmode, uint32_t imm8)
{
    switch (cmode >> 1) {
    case 0: return imm8;
    case 1: return imm8 << 8;
    case 2: return imm8 << 16;
    case 3: return imm8 << 24;
    case 4: return imm8 * 0x00010001u;
    case 5: return (imm8 << 8) * 0x00010001u;
    case 6: return (cmode & 1u) ? (imm8 << 16 | 0xFFFFu) : (imm8 << 8 | 0xFFu);
    default: return (uint32_t)fp_expand_imm(FP_F32, imm8);  /* 1111, op 0 */
    }
}

/* VMOV/VMVN/VORR/VBIC (immediate): cmode bits 11:8, op bit 5, imm8 =
 * i:imm3:imm4 (bits 28, 18:16, 3:0), Vd bits 15:12 (even), Q bit 6. */
static bool decode_vmov_imm(insn_t *in, uint32_t raw)
{
    unsigned cmode = field(raw, 8, 4), op = bit(raw, 5);
    uint32_t imm8 = bit(raw, 28) << 7 | field(raw, 16, 3) << 4 | field(raw, 0, 4);
    unsigned vd = field(raw, 12, 4);
    bool logic = (cmode & 1u) && cmode < 12;   /* 0xx1, 10x1: VORR/VBIC */
    in->rd = (uint8_t)(vd >> 1);
    in->esize = cmode < 8 ? 2 : cmode < 12 ? 1 : cmode == 14 ? (op ? 3 : 0) : 2;
    if ((vd & 1u) || bit(raw, 22) || (cmode == 15 && op))
        return false;
    if (cmode == 14 && op) {
        in->aux[1] = IMM_MOV64;
        in->imm = imm8;
        return true;
    }
    in->imm = cmode == 14 ? imm8 * 0x01010101u : expand_imm32(cmode, imm8);
    if (logic)
        in->aux[1] = op ? IMM_BIC : IMM_ORR;
    else
        in->aux[1] = IMM_MOV;
    if (op && !logic)
        in->imm = ~in->imm;                 /* VMVN */
    return true;
}

/* VIDUP/VDDUP (Rm field 111) and VIWDUP/VDWDUP: size bits 21:20, Rn =
 * 2 * bits 19:17, Rm = 2 * bits 3:1 + 1, imm = 1 << (bit 7 : bit 0),
 * bit 12 = decrement. */
static bool decode_vidup(insn_t *in, uint32_t raw)
{
    unsigned rmf = field(raw, 1, 3);
    in->esize = (uint8_t)field(raw, 20, 2);
    in->rn = (uint8_t)(2u * field(raw, 17, 3));
    in->ra = (uint8_t)(2u * rmf + 1u);
    in->aux[0] = rmf != 7;
    in->aux[1] = (uint8_t)bit(raw, 12);
    in->imm = 1u << (bit(raw, 7) << 1 | bit(raw, 0));
    return take_qd(in, raw) && in->esize != 3 && in->ra != 13;
}

/* VREV16/32/64: op bits 8:7 (0 = 64, 1 = 32, 2 = 16), size 19:18. */
static bool decode_vrev(insn_t *in, uint32_t raw)
{
    unsigned op = field(raw, 7, 2);
    in->esize = (uint8_t)field(raw, 18, 2);
    in->aux[1] = (uint8_t)(3u - op);
    in->rm = field_qm(raw);
    return take_qd(in, raw) && op != 3 && in->esize < in->aux[1] && !bit(raw, 5);
}

/* VBRSR.<size> Qd, Qn, Rm. */
static bool decode_vbrsr(insn_t *in, uint32_t raw)
{
    in->esize = (uint8_t)field(raw, 20, 2);
    in->rn = field_qn(raw);
    in->rm = (uint8_t)field(raw, 0, 4);
    return take_qd(in, raw) && in->esize != 3 && in->rm != 13 && in->rm != 15;
}

/* ------------------------------------------------------------------ */
/* The table                                                           */

#define LD TC_MVE_LOAD
#define SG TC_MVE_GATHER
#define VI TC_MVE_INT

const isa_pattern_t isa_patterns_mve[] = {
    /* contiguous loads/stores: same size (hw1 bit 12 = 0, hw2 bit 12 = 1) */
    {"vldr",     0xFE101E00u, 0xEC101E00u, 4, LD, decode_vldr,       exec_vldr,       "{qd}, [{rn}, {imm}]", OP_QD | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vstr",     0xFE101E00u, 0xEC001E00u, 4, LD, decode_vldr,       exec_vstr,       "{qd}, [{rn}, {imm}]", OP_WBACK, OP_RN | OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* gathers/scatters with Rn + Qm (P = 0, A = 1, W = 0, hw2 bit 12 = 0) */
    {"vldr",     0xEFB01E20u, 0xEC900E00u, 4, SG, decode_vldr_sg,    exec_vldr_sg,    "{qd}, [{rn}, {qm}]", OP_QD, OP_RN | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vstr",     0xEFB01E20u, 0xEC800E00u, 4, SG, decode_vldr_sg,    exec_vstr_sg,    "{qd}, [{rn}, {qm}]", OP_NONE, OP_RN | OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* widening loads / narrowing stores (hw2 bit 12 = 0) */
    {"vldr",     0xEE101E00u, 0xEC100E00u, 4, LD, decode_vldr_widen, exec_vldr,       "{qd}, [{rn}, {imm}]", OP_QD | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vstr",     0xEE101E00u, 0xEC000E00u, 4, LD, decode_vldr_widen, exec_vstr,       "{qd}, [{rn}, {imm}]", OP_WBACK, OP_RN | OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* gathers/scatters with a vector of addresses [Qm, #imm]{!} */
    {"vldr",     0xFF111E80u, 0xFD101E00u, 4, SG, decode_vldr_qbase, exec_vldr_qbase, "{qd}, [{qm}, {imm}]", OP_QD | OP_WBACK, OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vstr",     0xFF111E80u, 0xFD001E00u, 4, SG, decode_vldr_qbase, exec_vstr_qbase, "{qd}, [{qm}, {imm}]", OP_WBACK, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* interleaving loads/stores */
    {"vld2",     0xFF901E1Fu, 0xFC901E00u, 4, LD, decode_vld_struct, exec_vld_struct, "{qd}, [{rn}]", OP_QD | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vld4",     0xFF901E1Fu, 0xFC901E01u, 4, LD, decode_vld_struct, exec_vld_struct, "{qd}, [{rn}]", OP_QD | OP_WBACK, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vst2",     0xFF901E1Fu, 0xFC801E00u, 4, LD, decode_vld_struct, exec_vst_struct, "{qd}, [{rn}]", OP_WBACK, OP_RN | OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vst4",     0xFF901E1Fu, 0xFC801E01u, 4, LD, decode_vld_struct, exec_vst_struct, "{qd}, [{rn}]", OP_WBACK, OP_RN | OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    /* predication */
    {"vctp",     0xFFC0FFFFu, 0xF000E801u, 4, VI, decode_vctp,       exec_vctp,       "{dt} {rn}", OP_VPR, OP_RN, TL_PREDICATE, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vpnot",    0xFFFFFFFFu, 0xFE310F4Du, 4, VI, NULL,              exec_vpnot,      "", OP_VPR, OP_VPR, TL_PREDICATE, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vpst",     0xFFBF1FFFu, 0xFE310F4Du, 4, VI, decode_vpst,       exec_vpst,       "", OP_VPR, OP_NONE, TL_PREDICATE, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vpsel",    0xFFF11FD1u, 0xFE310F01u, 4, VI, decode_vpsel,      exec_vpsel,      "{qd}, {qn}, {qm}", OP_QD, OP_QD | OP_QN | OP_QM | OP_VPR, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vcmp",     0xFF810F50u, 0xFE010F00u, 4, VI, decode_vcmp,       exec_vcmp,       "{dt} {qn}, {qm}", OP_VPR, OP_QN | OP_QM, TL_VCMP, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vcmp",     0xFF810F50u, 0xFE010F40u, 4, VI, decode_vcmp,       exec_vcmp,       "{dt} {qn}, {rm}", OP_VPR, OP_RM | OP_QN, TL_VCMP, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vcmp.f",   0xEFB10F50u, 0xEE310F00u, 4, VI, decode_vcmp,       exec_vcmp,       "{dt} {qn}, {qm}", OP_VPR, OP_QN | OP_QM, TL_VCMP, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vcmp.f",   0xEFB10F50u, 0xEE310F40u, 4, VI, decode_vcmp,       exec_vcmp,       "{dt} {qn}, {rm}", OP_VPR, OP_RM | OP_QN, TL_VCMP, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    /* moves */
    {"vmov",     0xFF900F1Fu, 0xEE000B10u, 4, VI, decode_vmov_lane,  exec_vmov_to_lane,   "{dt} {qd}, {rn}", OP_QD, OP_RN | OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmov",     0xFF100F1Fu, 0xEE100B10u, 4, VI, decode_vmov_lane,  exec_vmov_from_lane, "{dt} {rn}, {qd}", OP_RN, OP_RN | OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vdup",     0xFFB10FDFu, 0xEEA00B10u, 4, VI, decode_vdup,       exec_vdup,       "{dt} {qd}, {rn}", OP_QD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vmov",     0xFFF01FE0u, 0xEC000F00u, 4, VI, decode_vmov_2lane, exec_vmov_2lane_to_core, "{rn}, {ra}, {qd}", OP_RN | OP_RA, OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmov",     0xFFF01FE0u, 0xEC100F00u, 4, VI, decode_vmov_2lane, exec_vmov_2lane_to_vec,  "{qd}, {rn}, {ra}", OP_QD, OP_RN | OP_RA | OP_QD, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vmov.imm", 0xEFB800D0u, 0xEF800050u, 4, VI, decode_vmov_imm,   exec_vmov_imm,   "{dt} {qd}, {imm}", OP_QD, OP_NONE, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vidup",    0xFFC10F70u, 0xEE010F60u, 4, VI, decode_vidup,      exec_vidup,      "{dt} {qd}, {rn}, {imm}", OP_QD, OP_RN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, ISA_ROW_SHADOWED},
    {"vrev",     0xFFF31E51u, 0xFFB00040u, 4, VI, decode_vrev,       exec_vrev,       "{dt} {qd}, {qm}", OP_QD, OP_QD | OP_QM, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {"vbrsr",    0xFFC11FF0u, 0xFE011E60u, 4, VI, decode_vbrsr,      exec_vbrsr,      "{dt} {qd}, {qn}, {rm}", OP_QD, OP_RM | OP_QD | OP_QN, TL_CLASS, DUAL_NONE, ISA_DIS_TABLE, 0},
    {0},
};

/* The family's dispatcher for the run loop (isa/hot_path.h). */
ISA_DEFINE_HOT_DISPATCH(mve)
