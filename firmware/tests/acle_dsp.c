/* The DSP extension through the ACLE intrinsics of <arm_acle.h> and, for
 * the instructions GCC 12's ACLE lacks, inline assembly: saturating
 * arithmetic (QADD/QSUB/QDADD, SSAT/USAT and the Q flag), dual 16-bit
 * multiply-accumulate (SMLAD/SMUAD/SMUSD/SMLALD, SMLAxy, SMLAWB), SIMD on
 * 8- and 16-bit lanes with the GE flags and SEL, sum of absolute
 * differences, byte extension (SXTB16/UXTB16/SXTAB16), the most
 * significant word multiplies (SMMUL/SMMLA/SMMLS) and UMAAL.  These are the
 * instructions CMSIS-NN kernels are made of.
 *
 * Each result is compared with a plain C model of the instruction over
 * deterministic pseudo-random operands (biased towards the saturation
 * limits); the printed hash lets the diff catch any difference that the
 * models share by mistake.
 */
#include <arm_acle.h>
#include <stdint.h>

#include "check.h"

static int16_t lo16(uint32_t x) { return (int16_t)(x & 0xFFFFu); }
static int16_t hi16(uint32_t x) { return (int16_t)(x >> 16); }
static int8_t lane8(uint32_t x, int i) { return (int8_t)(x >> (8 * i)); }
static uint8_t ulane8(uint32_t x, int i) { return (uint8_t)(x >> (8 * i)); }

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static uint32_t pack16(int64_t lo, int64_t hi)
{
    return ((uint32_t)lo & 0xFFFFu) | ((uint32_t)hi << 16);
}

static uint32_t pack8(const int64_t v[4])
{
    return ((uint32_t)v[0] & 0xFFu) | ((uint32_t)v[1] & 0xFFu) << 8 | ((uint32_t)v[2] & 0xFFu) << 16 |
           ((uint32_t)v[3] & 0xFFu) << 24;
}

static int bad, q_bad;
static uint32_t hash = 2166136261u;

static void record(uint32_t got, uint32_t want)
{
    hash = (hash ^ got) * 16777619u;
    if (got != want)
        bad++;
}

/* Q flag: clear it, run the operation, compare with the model's verdict. */
#define WITH_Q(expr, want_sat)                                   \
    do {                                                         \
        __set_saturation_occurred(0);                            \
        uint32_t got_ = (uint32_t)(expr);                        \
        int q_ = __saturation_occurred();                        \
        (void)got_;                                              \
        if (q_ != (want_sat))                                    \
            q_bad++;                                             \
    } while (0)

static uint32_t interesting(uint32_t *seed)
{
    static const uint32_t edge[] = {0, 1, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u, 0x7FFF7FFFu,
                                    0x80008000u, 0x7F7F7F7Fu, 0x80808080u, 0xFFFF0001u};
    uint32_t r = check_rand(seed);
    return (r & 7u) == 0 ? edge[(r >> 3) % 10u] : check_rand(seed);
}

int main(void)
{
    uint32_t seed = 0xBADC0DEu;
    for (int iter = 0; iter < 1500; iter++) {
        uint32_t a = interesting(&seed), b = interesting(&seed), c = interesting(&seed);
        int32_t sa = (int32_t)a, sb = (int32_t)b, sc = (int32_t)c;

        /* 32-bit saturating */
        int64_t s = (int64_t)sa + sb;
        record((uint32_t)__qadd(sa, sb), (uint32_t)clamp64(s, INT32_MIN, INT32_MAX));
        WITH_Q(__qadd(sa, sb), s != clamp64(s, INT32_MIN, INT32_MAX));
        s = (int64_t)sa - sb;
        record((uint32_t)__qsub(sa, sb), (uint32_t)clamp64(s, INT32_MIN, INT32_MAX));
        WITH_Q(__qsub(sa, sb), s != clamp64(s, INT32_MIN, INT32_MAX));
        s = 2 * (int64_t)sa;
        record((uint32_t)__qdbl(sa), (uint32_t)clamp64(s, INT32_MIN, INT32_MAX));

        record((uint32_t)__ssat(sa >> (a & 7u), 8), (uint32_t)clamp64(sa >> (a & 7u), -128, 127));
        record((uint32_t)__ssat(sa, 16), (uint32_t)clamp64(sa, -32768, 32767));
        record((uint32_t)__usat(sa, 8), (uint32_t)clamp64(sa, 0, 255));
        record((uint32_t)__usat(sa, 31), (uint32_t)clamp64(sa, 0, 0x7FFFFFFF));
        WITH_Q(__ssat(sa, 16), sa != clamp64(sa, -32768, 32767));
        WITH_Q(__usat(sa, 8), sa != clamp64(sa, 0, 255));

        /* dual 16-bit multiplies */
        int64_t p = (int64_t)lo16(a) * lo16(b) + (int64_t)hi16(a) * hi16(b);
        record((uint32_t)__smuad((int32_t)a, (int32_t)b), (uint32_t)p);
        WITH_Q(__smuad((int32_t)a, (int32_t)b), p != (int32_t)p);
        record((uint32_t)__smlad((int32_t)a, (int32_t)b, sc), (uint32_t)(p + sc));
        WITH_Q(__smlad((int32_t)a, (int32_t)b, sc), (p + sc) != (int32_t)(p + sc));
        int64_t px = (int64_t)lo16(a) * hi16(b) + (int64_t)hi16(a) * lo16(b);
        record((uint32_t)__smladx((int32_t)a, (int32_t)b, sc), (uint32_t)(px + sc));
        int64_t d = (int64_t)lo16(a) * lo16(b) - (int64_t)hi16(a) * hi16(b);
        record((uint32_t)__smusd((int32_t)a, (int32_t)b), (uint32_t)d);
        record((uint32_t)__smlsd((int32_t)a, (int32_t)b, sc), (uint32_t)(d + sc));
        int64_t acc64 = ((int64_t)sc << 20) ^ (int64_t)b;
        int64_t l = __smlald((int32_t)a, (int32_t)b, acc64);
        int64_t lw = (int64_t)((uint64_t)acc64 + (uint64_t)p);
        record((uint32_t)l, (uint32_t)lw);
        record((uint32_t)((uint64_t)l >> 32), (uint32_t)((uint64_t)lw >> 32));
        record((uint32_t)__smlabb(sa, sb, sc), (uint32_t)((int64_t)lo16(a) * lo16(b) + sc));
        record((uint32_t)__smlatt(sa, sb, sc), (uint32_t)((int64_t)hi16(a) * hi16(b) + sc));
        record((uint32_t)__smlawb(sa, sb, sc), (uint32_t)((((int64_t)sa * lo16(b)) >> 16) + sc));

        /* 16-bit lanes */
        record(__sadd16((int32_t)a, (int32_t)b), pack16(lo16(a) + lo16(b), hi16(a) + hi16(b)));
        record(__ssub16((int32_t)a, (int32_t)b), pack16(lo16(a) - lo16(b), hi16(a) - hi16(b)));
        record(__qadd16((int32_t)a, (int32_t)b),
               pack16(clamp64(lo16(a) + lo16(b), -32768, 32767), clamp64(hi16(a) + hi16(b), -32768, 32767)));
        record(__qsub16((int32_t)a, (int32_t)b),
               pack16(clamp64(lo16(a) - lo16(b), -32768, 32767), clamp64(hi16(a) - hi16(b), -32768, 32767)));
        record(__qasx((int32_t)a, (int32_t)b),
               pack16(clamp64(lo16(a) - hi16(b), -32768, 32767), clamp64(hi16(a) + lo16(b), -32768, 32767)));
        record(__shadd16((int32_t)a, (int32_t)b), pack16((lo16(a) + lo16(b)) >> 1, (hi16(a) + hi16(b)) >> 1));
        record(__uqsub16(a, b), pack16(clamp64((int64_t)(a & 0xFFFF) - (b & 0xFFFF), 0, 0xFFFF),
                                       clamp64((int64_t)(a >> 16) - (b >> 16), 0, 0xFFFF)));
        record(__ssat16((int32_t)a, 9), pack16(clamp64(lo16(a), -256, 255), clamp64(hi16(a), -256, 255)));
        record(__usat16((int32_t)a, 7), pack16(clamp64(lo16(a), 0, 127), clamp64(hi16(a), 0, 127)));

        /* 8-bit lanes, GE flags and SEL */
        int64_t v[4];
        for (int i = 0; i < 4; i++)
            v[i] = clamp64(lane8(a, i) + lane8(b, i), -128, 127);
        record(__qadd8((int32_t)a, (int32_t)b), pack8(v));
        for (int i = 0; i < 4; i++)
            v[i] = clamp64((int64_t)ulane8(a, i) + ulane8(b, i), 0, 255);
        record(__uqadd8(a, b), pack8(v));
        for (int i = 0; i < 4; i++)
            v[i] = ((int64_t)ulane8(a, i) + ulane8(b, i)) >> 1;
        record(__uhadd8(a, b), pack8(v));
        /* USUB8 sets GE[i] when a[i] >= b[i]; SEL then takes a's byte. */
        (void)__usub8(a, b);
        uint32_t sel = __sel(c, ~c);
        for (int i = 0; i < 4; i++)
            v[i] = ulane8(a, i) >= ulane8(b, i) ? ulane8(c, i) : ulane8(~c, i);
        record(sel, pack8(v));
        (void)__sadd8((int32_t)a, (int32_t)b);
        sel = __sel(a, b);
        for (int i = 0; i < 4; i++)
            v[i] = lane8(a, i) + lane8(b, i) >= 0 ? ulane8(a, i) : ulane8(b, i);
        record(sel, pack8(v));
        uint32_t sad = 0;
        for (int i = 0; i < 4; i++)
            sad += (uint32_t)(ulane8(a, i) > ulane8(b, i) ? ulane8(a, i) - ulane8(b, i) : ulane8(b, i) - ulane8(a, i));
        record(__usad8(a, b), sad);
        record(__usada8(a, b, c), sad + c);

        /* byte extraction */
        record((uint32_t)__sxtb16((int32_t)a), pack16(lane8(a, 0), lane8(a, 2)));
        record(__uxtb16(a), pack16(ulane8(a, 0), ulane8(a, 2)));
        record((uint32_t)__sxtab16((int32_t)b, (int32_t)a), pack16(lo16(b) + lane8(a, 0), hi16(b) + lane8(a, 2)));

        /* most significant word multiplies and UMAAL (inline asm) */
        uint32_t r;
        __asm("smmul %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
        record(r, (uint32_t)(((int64_t)sa * sb) >> 32));
        __asm("smmulr %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
        record(r, (uint32_t)(((int64_t)sa * sb + 0x80000000LL) >> 32));
        __asm("smmla %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(c));
        record(r, (uint32_t)((((int64_t)sc << 32) + (int64_t)sa * sb) >> 32));
        __asm("smmls %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(c));
        record(r, (uint32_t)((((int64_t)sc << 32) - (int64_t)sa * sb) >> 32));
        uint32_t rlo = c, rhi = ~c;
        __asm("umaal %0, %1, %2, %3" : "+r"(rlo), "+r"(rhi) : "r"(a), "r"(b));
        uint64_t um = (uint64_t)a * b + c + ~c;
        record(rlo, (uint32_t)um);
        record(rhi, (uint32_t)(um >> 32));
        __asm("smulbb %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
        record(r, (uint32_t)(lo16(a) * lo16(b)));
        __asm("smultb %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
        record(r, (uint32_t)(hi16(a) * lo16(b)));
        __asm("smulwt %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
        record(r, (uint32_t)(((int64_t)sa * hi16(b)) >> 16));
    }
    printf("dsp: %d value mismatches, %d Q flag mismatches, hash %08" PRIx32 "\n", bad, q_bad, hash);
    CHECK_EQ(bad, 0);
    CHECK_EQ(q_bad, 0);

    /* Known answers */
    CHECK_EQ(__qadd(0x7FFFFFFF, 1), 0x7FFFFFFF);
    CHECK_EQ(__ssat(1000, 8), 127);
    CHECK_EQ(__usat(-5, 8), 0);
    CHECK_EQ(__smlad(0x00020003, 0x00040005, 10), 10 + 2 * 4 + 3 * 5);
    CHECK_EQ(__usad8(0x01020304u, 0x04030201u), 8);

    /* The Q flag is sticky until cleared. */
    __set_saturation_occurred(0);
    volatile int32_t big = 0x7FFFFFFF;
    int32_t t = __qadd(big, big);
    int q1 = __saturation_occurred();
    t = __qadd(t, -big);
    int q2 = __saturation_occurred();
    __set_saturation_occurred(0);
    int q3 = __saturation_occurred();
    printf("Q flag: %d %d %d (t=%ld)\n", q1, q2, q3, (long)t);
    CHECK(q1 == 1 && q2 == 1 && q3 == 0 && t == 0);

    return check_done("acle_dsp");
}
