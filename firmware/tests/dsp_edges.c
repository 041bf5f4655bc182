/* Every instruction of the Armv8-M DSP extension on edge operands, for the
 * differential suite: the list comes from the architecture (Armv8-M ARM,
 * the instructions that need the DSP extension, plus SSAT/USAT which share
 * their saturation logic), not from our decoder, so an instruction the
 * simulator lacks shows up as a crash here instead of in a CMSIS-NN kernel.
 *
 * Each instruction runs on every pair of the edge values below (and, for
 * the accumulating forms, every accumulator of a shorter list; for SEL,
 * every GE pattern), from an APSR cleared (NZCV, Q, GE = 0) in the same asm
 * block, and APSR is read right after it.  Nothing here knows the right
 * answers: QEMU does (tests/diff/run.sh compares stdout).  One line per
 * instruction and first operand holds a hash of its results and APSRs, the
 * OR of the APSRs and how many runs set Q, so a difference names the
 * instruction and the operand.  Immediate forms: every SSAT16/USAT16 width,
 * every SSAT/USAT width and a spread of their shifts, every PKHBT/PKHTB
 * shift (PKHTB's ASR #32 included), every rotation of the extends.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

/* Values at the edges of 8-, 16- and 32-bit lanes, signed and unsigned. */
static const uint32_t edges[] = {
    0x00000000u, 0x00000001u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u, 0x00008000u,
    0x00007FFFu, 0x0000FFFFu, 0x00000080u, 0x0000007Fu, 0x000000FFu, 0x80008000u,
    0x7FFF7FFFu, 0x80808080u, 0x7F7F7F7Fu, 0xFFFF0001u, 0x01FF807Fu,
};
#define NEDGES (sizeof edges / sizeof edges[0])

/* Accumulators (a shorter list: the product is already an edge case). */
static const uint32_t accs[] = {0x00000000u, 0x00000001u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u};
#define NACCS (sizeof accs / sizeof accs[0])

/* Per-line summary of the runs of one instruction and first operand. */
typedef struct {
    uint32_t hash, apsr_or, q_count;
} summary_t;

static void summary_add(summary_t *s, uint32_t value, uint32_t apsr)
{
    s->hash = (s->hash ^ value) * 16777619u;
    s->hash = (s->hash ^ apsr) * 16777619u;
    s->apsr_or |= apsr;
    s->q_count += (apsr >> 27) & 1u;
}

static void summary_print(const char *name, const char *n, const summary_t *s)
{
    printf("%-20s n=%-8s hash=%08" PRIx32 " apsr|=%08" PRIx32 " q=%" PRIu32 "\n", name, n,
           s->hash, s->apsr_or, s->q_count);
}

static const char *hex(uint32_t x, char buf[9])
{
    snprintf(buf, 9, "%08" PRIx32, x);
    return buf;
}

/* APSR_nzcvqg <- start; the instruction; APSR -> apsr. */
#define PROLOGUE "msr APSR_nzcvqg, %[g]\n\t"
#define EPILOGUE "\n\tmrs %[p], APSR"

/* Rd = op(Rn, Rm): start is the APSR to begin with (GE bits for SEL). */
typedef uint32_t (*op3_fn)(uint32_t n, uint32_t m, uint32_t start, uint32_t *apsr);
#define DEF3(id, text)                                                                       \
    static uint32_t id(uint32_t n, uint32_t m, uint32_t start, uint32_t *apsr)               \
    {                                                                                        \
        uint32_t d, p;                                                                       \
        __asm__ volatile(PROLOGUE text EPILOGUE                                              \
                         : [d] "=&r"(d), [p] "=&r"(p)                                        \
                         : [n] "r"(n), [m] "r"(m), [g] "r"(start)                            \
                         : "cc");                                                            \
        *apsr = p;                                                                           \
        return d;                                                                            \
    }

/* Rd = op(Rn, Rm, Ra). */
typedef uint32_t (*op4_fn)(uint32_t n, uint32_t m, uint32_t a, uint32_t *apsr);
#define DEF4(id, text)                                                                       \
    static uint32_t id(uint32_t n, uint32_t m, uint32_t a, uint32_t *apsr)                   \
    {                                                                                        \
        uint32_t d, p;                                                                       \
        __asm__ volatile(PROLOGUE text EPILOGUE                                              \
                         : [d] "=&r"(d), [p] "=&r"(p)                                        \
                         : [n] "r"(n), [m] "r"(m), [a] "r"(a), [g] "r"(0u)                   \
                         : "cc");                                                            \
        *apsr = p;                                                                           \
        return d;                                                                            \
    }

/* RdHi:RdLo = op(RdHi:RdLo, Rn, Rm). */
typedef void (*opl_fn)(uint32_t *lo, uint32_t *hi, uint32_t n, uint32_t m, uint32_t *apsr);
#define DEFL(id, text)                                                                       \
    static void id(uint32_t *lo, uint32_t *hi, uint32_t n, uint32_t m, uint32_t *apsr)       \
    {                                                                                        \
        uint32_t l = *lo, h = *hi, p;                                                        \
        __asm__ volatile(PROLOGUE text EPILOGUE                                              \
                         : [l] "+&r"(l), [h] "+&r"(h), [p] "=&r"(p)                          \
                         : [n] "r"(n), [m] "r"(m), [g] "r"(0u)                               \
                         : "cc");                                                            \
        *lo = l;                                                                             \
        *hi = h;                                                                             \
        *apsr = p;                                                                           \
    }

/* Rd = op(Rn) with immediates (saturation). */
typedef uint32_t (*op1_fn)(uint32_t n, uint32_t *apsr);
#define DEF1(id, text)                                                                       \
    static uint32_t id(uint32_t n, uint32_t *apsr)                                           \
    {                                                                                        \
        uint32_t d, p;                                                                       \
        __asm__ volatile(PROLOGUE text EPILOGUE                                              \
                         : [d] "=&r"(d), [p] "=&r"(p)                                        \
                         : [n] "r"(n), [g] "r"(0u)                                           \
                         : "cc");                                                            \
        *apsr = p;                                                                           \
        return d;                                                                            \
    }

typedef struct { const char *name; op3_fn fn; } op3_t;
typedef struct { const char *name; op4_fn fn; } op4_t;
typedef struct { const char *name; opl_fn fn; } opl_t;
typedef struct { const char *name; op1_fn fn; } op1_t;

/* ---- Rd, Rn, Rm ---- */

#define PARALLEL(X)                                                                          \
    X(sadd16) X(sadd8) X(sasx) X(ssax) X(ssub16) X(ssub8)                                    \
    X(qadd16) X(qadd8) X(qasx) X(qsax) X(qsub16) X(qsub8)                                    \
    X(shadd16) X(shadd8) X(shasx) X(shsax) X(shsub16) X(shsub8)                              \
    X(uadd16) X(uadd8) X(uasx) X(usax) X(usub16) X(usub8)                                    \
    X(uqadd16) X(uqadd8) X(uqasx) X(uqsax) X(uqsub16) X(uqsub8)                              \
    X(uhadd16) X(uhadd8) X(uhasx) X(uhsax) X(uhsub16) X(uhsub8)                              \
    X(qadd) X(qsub) X(qdadd) X(qdsub) X(usad8)                                               \
    X(smulbb) X(smulbt) X(smultb) X(smultt) X(smulwb) X(smulwt)                              \
    X(smuad) X(smuadx) X(smusd) X(smusdx) X(smmul) X(smmulr)
#define DEF_PLAIN3(op) DEF3(f_##op, #op " %[d], %[n], %[m]")
#define ROW_PLAIN3(op) {#op, f_##op},
PARALLEL(DEF_PLAIN3)

/* The extends with an addend, and the two-operand byte-pair extends
 * (their Rn unused), at each rotation. */
#define EXTENDS(X)                                                                           \
    X(sxtab) X(sxtah) X(sxtab16) X(uxtab) X(uxtah) X(uxtab16)
#define DEF_EXT(op)                                                                          \
    DEF3(f_##op##_0, #op " %[d], %[n], %[m]")                                                \
    DEF3(f_##op##_8, #op " %[d], %[n], %[m], ror #8")                                        \
    DEF3(f_##op##_16, #op " %[d], %[n], %[m], ror #16")                                      \
    DEF3(f_##op##_24, #op " %[d], %[n], %[m], ror #24")
#define ROW_EXT(op)                                                                          \
    {#op, f_##op##_0}, {#op " ror #8", f_##op##_8}, {#op " ror #16", f_##op##_16},           \
    {#op " ror #24", f_##op##_24},
EXTENDS(DEF_EXT)
#define PAIR_EXTENDS(X) X(sxtb16) X(uxtb16)
#define DEF_PEXT(op)                                                                         \
    DEF3(f_##op##_0, #op " %[d], %[m]")                                                      \
    DEF3(f_##op##_8, #op " %[d], %[m], ror #8")                                              \
    DEF3(f_##op##_16, #op " %[d], %[m], ror #16")                                            \
    DEF3(f_##op##_24, #op " %[d], %[m], ror #24")
PAIR_EXTENDS(DEF_PEXT)

/* PKHBT at every LSL amount, PKHTB at every ASR amount (#32 is imm 0). */
#define AMOUNTS_1_31(X)                                                                      \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16)   \
    X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)
#define DEF_PKH(s)                                                                           \
    DEF3(f_pkhbt_##s, "pkhbt %[d], %[n], %[m], lsl #" #s)                                    \
    DEF3(f_pkhtb_##s, "pkhtb %[d], %[n], %[m], asr #" #s)
#define ROW_PKH(s) {"pkhbt lsl #" #s, f_pkhbt_##s}, {"pkhtb asr #" #s, f_pkhtb_##s},
DEF3(f_pkhbt_0, "pkhbt %[d], %[n], %[m]")
DEF3(f_pkhtb_32, "pkhtb %[d], %[n], %[m], asr #32")
AMOUNTS_1_31(DEF_PKH)

static const op3_t ops3[] = {
    PARALLEL(ROW_PLAIN3)
    EXTENDS(ROW_EXT)
    PAIR_EXTENDS(ROW_EXT)
    {"pkhbt", f_pkhbt_0},
    AMOUNTS_1_31(ROW_PKH)
    {"pkhtb asr #32", f_pkhtb_32},
};

/* SEL reads GE: it runs from each of the 16 GE patterns. */
DEF3(f_sel, "sel %[d], %[n], %[m]")

/* ---- Rd, Rn, Rm, Ra ---- */

#define ACCUMULATING(X)                                                                      \
    X(smlabb) X(smlabt) X(smlatb) X(smlatt) X(smlawb) X(smlawt)                              \
    X(smlad) X(smladx) X(smlsd) X(smlsdx) X(smmla) X(smmlar) X(smmls) X(smmlsr) X(usada8)
#define DEF_PLAIN4(op) DEF4(f_##op, #op " %[d], %[n], %[m], %[a]")
#define ROW_PLAIN4(op) {#op, f_##op},
ACCUMULATING(DEF_PLAIN4)
static const op4_t ops4[] = {ACCUMULATING(ROW_PLAIN4)};

/* ---- RdLo, RdHi, Rn, Rm ---- */

#define LONG(X)                                                                              \
    X(smlalbb) X(smlalbt) X(smlaltb) X(smlaltt) X(smlald) X(smlaldx) X(smlsld) X(smlsldx)    \
    X(umaal)
#define DEF_LONG(op) DEFL(f_##op, #op " %[l], %[h], %[n], %[m]")
#define ROW_LONG(op) {#op, f_##op},
LONG(DEF_LONG)
static const opl_t opsl[] = {LONG(ROW_LONG)};

/* ---- saturation: Rd, #width, Rn {, shift} ---- */

#define WIDTHS_1_16(X)                                                                       \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16)
#define WIDTHS_17_31(X)                                                                      \
    X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)
#define WIDTHS_0_15(X) X(0) WIDTHS_1_16_BUT_16(X)
#define WIDTHS_1_16_BUT_16(X)                                                                \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
#define DEF_SSAT16(w) DEF1(f_ssat16_##w, "ssat16 %[d], #" #w ", %[n]")
#define DEF_USAT16(w) DEF1(f_usat16_##w, "usat16 %[d], #" #w ", %[n]")
#define ROW_SSAT16(w) {"ssat16 #" #w, f_ssat16_##w},
#define ROW_USAT16(w) {"usat16 #" #w, f_usat16_##w},
WIDTHS_1_16(DEF_SSAT16)
WIDTHS_0_15(DEF_USAT16)

#define DEF_SAT(w)                                                                           \
    DEF1(f_ssat_##w, "ssat %[d], #" #w ", %[n]")                                             \
    DEF1(f_usat_##w, "usat %[d], #" #w ", %[n]")
#define ROW_SAT(w) {"ssat #" #w, f_ssat_##w}, {"usat #" #w, f_usat_##w},
WIDTHS_1_16(DEF_SAT)
WIDTHS_17_31(DEF_SAT)
DEF1(f_ssat_32, "ssat %[d], #32, %[n]")
DEF1(f_usat_0, "usat %[d], #0, %[n]")

/* A spread of shift amounts at the widths CMSIS-NN uses (8, 16). */
#define SHIFTS(X) X(1) X(7) X(8) X(15) X(16) X(24) X(31)
#define DEF_SAT_SHIFT(s)                                                                     \
    DEF1(f_ssat8_lsl_##s, "ssat %[d], #8, %[n], lsl #" #s)                                   \
    DEF1(f_ssat16_asr_##s, "ssat %[d], #16, %[n], asr #" #s)                                 \
    DEF1(f_usat8_asr_##s, "usat %[d], #8, %[n], asr #" #s)                                   \
    DEF1(f_usat16_lsl_##s, "usat %[d], #16, %[n], lsl #" #s)
#define ROW_SAT_SHIFT(s)                                                                     \
    {"ssat #8 lsl #" #s, f_ssat8_lsl_##s}, {"ssat #16 asr #" #s, f_ssat16_asr_##s},          \
    {"usat #8 asr #" #s, f_usat8_asr_##s}, {"usat #16 lsl #" #s, f_usat16_lsl_##s},
SHIFTS(DEF_SAT_SHIFT)

static const op1_t ops1[] = {
    WIDTHS_1_16(ROW_SSAT16)
    WIDTHS_0_15(ROW_USAT16)
    WIDTHS_1_16(ROW_SAT) WIDTHS_17_31(ROW_SAT)
    {"ssat #32", f_ssat_32},
    {"usat #0", f_usat_0},
    SHIFTS(ROW_SAT_SHIFT)
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void)
{
    unsigned lines = 0;
    char buf[9];
    for (unsigned i = 0; i < COUNT(ops3); i++)
        for (unsigned n = 0; n < NEDGES; n++, lines++) {
            summary_t s = {2166136261u, 0, 0};
            for (unsigned m = 0; m < NEDGES; m++) {
                uint32_t apsr, d = ops3[i].fn(edges[n], edges[m], 0, &apsr);
                summary_add(&s, d, apsr);
            }
            summary_print(ops3[i].name, hex(edges[n], buf), &s);
        }
    for (unsigned n = 0; n < NEDGES; n++, lines++) {
        summary_t s = {2166136261u, 0, 0};
        for (unsigned m = 0; m < NEDGES; m++)
            for (uint32_t ge = 0; ge < 16; ge++) {
                uint32_t apsr, d = f_sel(edges[n], edges[m], ge << 16, &apsr);
                summary_add(&s, d, apsr);
            }
        summary_print("sel", hex(edges[n], buf), &s);
    }
    for (unsigned i = 0; i < COUNT(ops4); i++)
        for (unsigned n = 0; n < NEDGES; n++, lines++) {
            summary_t s = {2166136261u, 0, 0};
            for (unsigned m = 0; m < NEDGES; m++)
                for (unsigned a = 0; a < NACCS; a++) {
                    uint32_t apsr, d = ops4[i].fn(edges[n], edges[m], accs[a], &apsr);
                    summary_add(&s, d, apsr);
                }
            summary_print(ops4[i].name, hex(edges[n], buf), &s);
        }
    for (unsigned i = 0; i < COUNT(opsl); i++)
        for (unsigned n = 0; n < NEDGES; n++, lines++) {
            summary_t s = {2166136261u, 0, 0};
            for (unsigned m = 0; m < NEDGES; m++)
                for (unsigned a = 0; a < NACCS; a++)
                    for (unsigned b = 0; b < NACCS; b++) {
                        uint32_t lo = accs[a], hi = accs[b], apsr;
                        opsl[i].fn(&lo, &hi, edges[n], edges[m], &apsr);
                        summary_add(&s, lo, apsr);
                        summary_add(&s, hi, apsr);
                    }
            summary_print(opsl[i].name, hex(edges[n], buf), &s);
        }
    for (unsigned i = 0; i < COUNT(ops1); i++) {
        summary_t s = {2166136261u, 0, 0};
        for (unsigned n = 0; n < NEDGES; n++) {
            uint32_t apsr, d = ops1[i].fn(edges[n], &apsr);
            summary_add(&s, d, apsr);
        }
        summary_print(ops1[i].name, "*", &s);
        lines++;
    }
    printf("dsp_edges: %u lines\n", lines);
    return 0;
}
