/* IT blocks: every condition code after CMP, CMN, ADDS and TST, each
 * evaluated through an ITE pair in inline assembly and compared with a C
 * model of the NZCV flags; IT blocks of 2 to 4 instructions with mixed
 * then/else slots, a 32-bit instruction and a branch inside the block;
 * and plain C (min/max/abs/clamp/select) that GCC turns into IT blocks at
 * -O2 and -Os.  Inside an IT block 16-bit ALU instructions do not set the
 * flags, which the 4-slot test depends on.
 */
#include <stdint.h>

#include "check.h"

struct flags {
    int n, z, c, v;
};

/* NZCV after CMP a, b (that is, a - b). */
static struct flags flags_sub(uint32_t a, uint32_t b)
{
    uint32_t r = a - b;
    struct flags f = {(int)(r >> 31), r == 0, a >= b, (int)(((a ^ b) & (a ^ r)) >> 31)};
    return f;
}

/* NZCV after CMN a, b / ADDS (a + b). */
static struct flags flags_add(uint32_t a, uint32_t b)
{
    uint32_t r = a + b;
    struct flags f = {(int)(r >> 31), r == 0, r < a, (int)((~(a ^ b) & (a ^ r)) >> 31)};
    return f;
}

/* NZ after TST a, b; C and V unchanged (we clear them first). */
static struct flags flags_tst(uint32_t a, uint32_t b)
{
    uint32_t r = a & b;
    struct flags f = {(int)(r >> 31), r == 0, 0, 0};
    return f;
}

static int cond_holds(int cc, struct flags f)
{
    switch (cc) {
    case 0: return f.z;                          /* eq */
    case 1: return !f.z;                         /* ne */
    case 2: return f.c;                          /* cs */
    case 3: return !f.c;                         /* cc */
    case 4: return f.n;                          /* mi */
    case 5: return !f.n;                         /* pl */
    case 6: return f.v;                          /* vs */
    case 7: return !f.v;                         /* vc */
    case 8: return f.c && !f.z;                  /* hi */
    case 9: return !f.c || f.z;                  /* ls */
    case 10: return f.n == f.v;                  /* ge */
    case 11: return f.n != f.v;                  /* lt */
    case 12: return !f.z && f.n == f.v;          /* gt */
    default: return f.z || f.n != f.v;           /* le */
    }
}

/* One function per condition and flag-setting instruction.  "msr apsr" to
 * zero first clears C and V so that TST leaves them at a known value. */
#define COND_FNS(cc, inv)                                                                    \
    static uint32_t cmp_##cc(uint32_t a, uint32_t b)                                         \
    {                                                                                        \
        uint32_t r;                                                                          \
        __asm("cmp %1, %2\n\tite " #cc "\n\tmov" #cc " %0, #1\n\tmov" #inv " %0, #0"         \
              : "=r"(r) : "r"(a), "r"(b) : "cc");                                            \
        return r;                                                                            \
    }                                                                                        \
    static uint32_t cmn_##cc(uint32_t a, uint32_t b)                                         \
    {                                                                                        \
        uint32_t r;                                                                          \
        __asm("cmn %1, %2\n\tite " #cc "\n\tmov" #cc " %0, #1\n\tmov" #inv " %0, #0"         \
              : "=r"(r) : "r"(a), "r"(b) : "cc");                                            \
        return r;                                                                            \
    }                                                                                        \
    static uint32_t tst_##cc(uint32_t a, uint32_t b)                                         \
    {                                                                                        \
        uint32_t r, zero = 0;                                                                \
        __asm("msr apsr_nzcvq, %3\n\ttst %1, %2\n\tite " #cc "\n\tmov" #cc " %0, #1\n\tmov" #inv \
              " %0, #0"                                                                      \
              : "=&r"(r) : "r"(a), "r"(b), "r"(zero) : "cc");                                \
        return r;                                                                            \
    }

COND_FNS(eq, ne)
COND_FNS(ne, eq)
COND_FNS(cs, cc)
COND_FNS(cc, cs)
COND_FNS(mi, pl)
COND_FNS(pl, mi)
COND_FNS(vs, vc)
COND_FNS(vc, vs)
COND_FNS(hi, ls)
COND_FNS(ls, hi)
COND_FNS(ge, lt)
COND_FNS(lt, ge)
COND_FNS(gt, le)
COND_FNS(le, gt)

typedef uint32_t (*cond_fn)(uint32_t, uint32_t);
static const cond_fn cmp_fns[14] = {cmp_eq, cmp_ne, cmp_cs, cmp_cc, cmp_mi, cmp_pl, cmp_vs,
                                    cmp_vc, cmp_hi, cmp_ls, cmp_ge, cmp_lt, cmp_gt, cmp_le};
static const cond_fn cmn_fns[14] = {cmn_eq, cmn_ne, cmn_cs, cmn_cc, cmn_mi, cmn_pl, cmn_vs,
                                    cmn_vc, cmn_hi, cmn_ls, cmn_ge, cmn_lt, cmn_gt, cmn_le};
static const cond_fn tst_fns[14] = {tst_eq, tst_ne, tst_cs, tst_cc, tst_mi, tst_pl, tst_vs,
                                    tst_vc, tst_hi, tst_ls, tst_ge, tst_lt, tst_gt, tst_le};

/* A 4-slot block: then, else, then, else.  The 16-bit ADDs inside do not
 * change the flags, so all four slots test the same comparison. */
static uint32_t itete(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    __asm("cmp %1, %2\n\t"
          "itete gt\n\t"
          "addgt %0, %0, #1\n\t"
          "addle %0, %0, #2\n\t"
          "addgt %0, %0, #4\n\t"
          "addle %0, %0, #8"
          : "+l"(r) : "l"(a), "l"(b) : "cc");
    return r;
}

/* ITT with a 32-bit load in the block and a conditional branch as the last
 * instruction. */
static uint32_t it_load_branch(const uint32_t *p, uint32_t k)
{
    uint32_t r = 100;
    __asm("cmp %2, #3\n\t"
          "itt hs\n\t"
          "ldrhs.w %0, [%1, #4]\n\t"
          "bhs 1f\n\t"
          "movs %0, #7\n"
          "1:"
          : "+r"(r) : "r"(p), "r"(k) : "cc");
    return r;
}

/* Plain C that becomes IT blocks (and SEL-like sequences) at -O2. */
__attribute__((noinline)) static int32_t clamp(int32_t x, int32_t lo, int32_t hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

__attribute__((noinline)) static uint32_t select_chain(uint32_t x)
{
    uint32_t r = x;
    if (x & 1)
        r += 3;
    if (x > 1000)
        r -= 1000;
    else
        r ^= 0x55;
    if ((int32_t)x < 0)
        r = ~r;
    return r;
}

static int32_t iabs(int32_t x)
{
    return x < 0 ? -x : x;
}

int main(void)
{
    static const uint32_t vals[] = {0, 1, 2, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFFu,
                                    0xFFFFFFFEu, 100, 0x40000000u, 0xC0000000u, 12345};
    const unsigned nv = sizeof vals / sizeof vals[0];
    int bad = 0, trues = 0;
    for (unsigned i = 0; i < nv; i++) {
        for (unsigned j = 0; j < nv; j++) {
            uint32_t a = vals[i], b = vals[j];
            struct flags fs = flags_sub(a, b), fa = flags_add(a, b), ft = flags_tst(a, b);
            for (int cc = 0; cc < 14; cc++) {
                uint32_t r1 = cmp_fns[cc](a, b), r2 = cmn_fns[cc](a, b), r3 = tst_fns[cc](a, b);
                bad += r1 != (uint32_t)cond_holds(cc, fs);
                bad += r2 != (uint32_t)cond_holds(cc, fa);
                bad += r3 != (uint32_t)cond_holds(cc, ft);
                trues += (int)(r1 + r2 + r3);
            }
        }
    }
    printf("conditions: %d mismatches, %d true\n", bad, trues);
    CHECK_EQ(bad, 0);

    CHECK_EQ(itete(5, 3), 5);
    CHECK_EQ(itete(3, 5), 10);
    CHECK_EQ(itete(3, 3), 10);
    static const uint32_t words[2] = {11, 22};
    CHECK_EQ(it_load_branch(words, 3), 22);
    CHECK_EQ(it_load_branch(words, 2), 7);

    int32_t csum = 0;
    uint32_t ssum = 0;
    uint32_t seed = 99;
    for (int i = 0; i < 1000; i++) {
        int32_t x = (int32_t)check_rand(&seed);
        csum += clamp(x >> 20, -1000, 1000) + iabs(x >> 24);
        ssum = ssum * 33u + select_chain((uint32_t)x);
    }
    printf("clamp sum %ld select hash %08" PRIx32 "\n", (long)csum, ssum);
    CHECK_EQ(clamp(-5000, -1000, 1000), -1000);
    CHECK_EQ(clamp(5000, -1000, 1000), 1000);
    CHECK_EQ(clamp(7, -1000, 1000), 7);
    CHECK_EQ(select_chain(1001), (uint32_t)4);
    CHECK_EQ(select_chain(0x80000000u), ~(0x80000000u - 1000u));
    /* From the same C code on the host. */
    CHECK_EQ(csum, 54772);
    CHECK_EQ(ssum, 0x27cc7a21u);

    return check_done("it_blocks");
}
