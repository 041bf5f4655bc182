/* Single-precision floating point on the FPv5 unit of the Cortex-M55:
 * VADD/VSUB/VMUL/VDIV/VSQRT/VFMA, conversions (VCVT, with saturation),
 * the FPv5 rounding instructions (VRINTA/N/P/M/Z/R/X) and VMINNM/VMAXNM,
 * the FPSCR rounding modes and cumulative exception flags, denormals, the
 * default NaN, half precision (VCVTB/VCVTT and FP16 arithmetic), and a few
 * single-precision libm functions.
 *
 * The table results are hashed bit for bit; the expected hashes come from
 * the same C code on an x86-64 host (SSE arithmetic is IEEE single
 * precision too), with NaNs folded to one pattern since the two
 * architectures make different default NaNs.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>

#include "check.h"

static volatile float vals[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.1f, 3.0f, -2.5f, 1e-3f, 7.0e5f,
                                3.4e38f, 1.17549435e-38f, 1.0e-40f, 16777216.0f, 0.33333334f,
                                123.456f, -9.87654e-5f};
#define NV (sizeof vals / sizeof vals[0])

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static uint32_t hash_f(uint32_t h, float f)
{
    uint32_t b = isnan(f) ? 0x7FC00000u : fbits(f);
    for (int i = 0; i < 4; i++) {
        h ^= (b >> (8 * i)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

static uint32_t arith_table(void)
{
    uint32_t h = 2166136261u;
    for (unsigned i = 0; i < NV; i++) {
        for (unsigned j = 0; j < NV; j++) {
            float a = vals[i], b = vals[j];
            h = hash_f(h, a + b);
            h = hash_f(h, a - b);
            h = hash_f(h, a * b);
            h = hash_f(h, a / b);
            h = hash_f(h, fmaf(a, b, vals[(i + j) % NV]));
            /* fmin/fmax of +0 and -0 may return either zero (VMINNM
             * orders -0 below +0, libraries need not): fold the sign. */
            h = hash_f(h, fminf(a, b) + 0.0f);
            h = hash_f(h, fmaxf(a, b) + 0.0f);
        }
        float a = vals[i];
        h = hash_f(h, sqrtf(fabsf(a)));
        h = hash_f(h, -a);
        h = hash_f(h, (float)(double)a);
        h = hash_f(h, (float)((double)a * 3.0));
        h = hash_f(h, floorf(a));
        h = hash_f(h, ceilf(a));
        h = hash_f(h, truncf(a));
        h = hash_f(h, roundf(a));
        h = hash_f(h, rintf(a));
        if (fabsf(a) < 2.0e9f)
            h = hash_f(h, (float)(int32_t)a);
    }
    return h;
}

static uint32_t get_fpscr(void)
{
    uint32_t v;
    __asm volatile("vmrs %0, fpscr" : "=r"(v));
    return v;
}

static void set_fpscr(uint32_t v)
{
    __asm volatile("vmsr fpscr, %0" : : "r"(v) : "memory");
}

/* FPSCR cumulative exception flags */
#define IOC 0x01u
#define DZC 0x02u
#define OFC 0x04u
#define UFC 0x08u
#define IXC 0x10u
#define IDC 0x80u
#define FLAGS (IOC | DZC | OFC | UFC | IXC | IDC)

/* Run one operation with the flags cleared and return the flags it set.
 * The operation is done in inline asm so the compiler can neither fold it
 * nor move it across the FPSCR accesses. */
static uint32_t flags_of_div(float a, float b, float *out)
{
    set_fpscr(get_fpscr() & ~FLAGS);
    float r;
    __asm volatile("vdiv.f32 %0, %1, %2" : "=t"(r) : "t"(a), "t"(b));
    *out = r;
    return get_fpscr() & FLAGS;
}

static uint32_t flags_of_mul(float a, float b, float *out)
{
    set_fpscr(get_fpscr() & ~FLAGS);
    float r;
    __asm volatile("vmul.f32 %0, %1, %2" : "=t"(r) : "t"(a), "t"(b));
    *out = r;
    return get_fpscr() & FLAGS;
}

static uint32_t flags_of_sqrt(float a, float *out)
{
    set_fpscr(get_fpscr() & ~FLAGS);
    float r;
    __asm volatile("vsqrt.f32 %0, %1" : "=t"(r) : "t"(a));
    *out = r;
    return get_fpscr() & FLAGS;
}

/* 1/3 under each FPSCR rounding mode (bits 23:22: RN, RP, RM, RZ). */
static uint32_t div_in_mode(uint32_t mode, float a, float b)
{
    uint32_t saved = get_fpscr();
    set_fpscr((saved & ~(3u << 22)) | (mode << 22));
    float r;
    __asm volatile("vdiv.f32 %0, %1, %2" : "=t"(r) : "t"(a), "t"(b));
    set_fpscr(saved);
    return fbits(r);
}

static int32_t cvt_s32(float f)
{
    int32_t r;
    float t;
    __asm volatile("vcvt.s32.f32 %1, %2\n\tvmov %0, %1" : "=r"(r), "=t"(t) : "t"(f));
    return r;
}

static uint32_t cvt_u32(float f)
{
    uint32_t r;
    float t;
    __asm volatile("vcvt.u32.f32 %1, %2\n\tvmov %0, %1" : "=r"(r), "=t"(t) : "t"(f));
    return r;
}

int main(void)
{
    volatile float one = 1.0f, three = 3.0f, zero = 0.0f, minus1 = -1.0f, big = 3.0e38f;
    volatile float tiny = 1.0e-40f;

    /* Simple known answers */
    CHECK_EQ(fbits(one / three), 0x3EAAAAABu);
    CHECK_EQ(fbits(sqrtf(2.0f * one)), 0x3FB504F3u);
    CHECK_EQ(fbits(fmaf(three, three, -9.0f * one)), 0x00000000u);
    /* fma keeps the exact product: 0.1f*10 - 1 is 2^-26 when fused, 0 when
     * the product is rounded first */
    volatile float tenth = 0.1f, ten = 10.0f;
    CHECK_EQ(fbits(fmaf(tenth, ten, -one)), 0x32800000u);
    CHECK_EQ(fbits(tenth * ten - one), 0u);
    CHECK_EQ(fbits(tiny * one), fbits(1.0e-40f));   /* denormals are kept (FZ=0) */
    CHECK(tiny * one != 0.0f);

    /* Default NaN and NaN comparisons */
    float nan_ = zero / zero;
    printf("0/0 bits %08" PRIx32 "\n", fbits(nan_));
    CHECK_EQ(fbits(nan_), 0x7FC00000u);
    CHECK(!(nan_ == nan_) && nan_ != nan_ && !(nan_ < one) && !(nan_ > one));
    CHECK(isnan(nan_) && !isinf(nan_) && isinf(one / zero));

    /* Cumulative exception flags in FPSCR */
    float r;
    uint32_t f_dz = flags_of_div(one, zero, &r);
    uint32_t f_inv = flags_of_sqrt(minus1, &r);
    uint32_t f_ovf = flags_of_mul(big, big, &r);
    uint32_t f_unf = flags_of_mul(1e-30f * one, 1e-30f * one, &r);
    uint32_t f_inx = flags_of_div(one, three, &r);
    uint32_t f_none = flags_of_mul(three, three, &r);
    printf("flags: 1/0 %02" PRIx32 " sqrt(-1) %02" PRIx32 " ovf %02" PRIx32 " unf %02" PRIx32
           " 1/3 %02" PRIx32 " 3*3 %02" PRIx32 "\n", f_dz, f_inv, f_ovf, f_unf, f_inx, f_none);
    CHECK_EQ(f_dz, DZC);
    CHECK_EQ(f_inv, IOC);
    CHECK_EQ(f_ovf, OFC | IXC);
    CHECK_EQ(f_unf, UFC | IXC);
    CHECK_EQ(f_inx, IXC);
    CHECK_EQ(f_none, 0);

    /* Rounding modes */
    uint32_t rn = div_in_mode(0, one, three), rp = div_in_mode(1, one, three);
    uint32_t rm = div_in_mode(2, one, three), rz = div_in_mode(3, one, three);
    uint32_t rmn = div_in_mode(2, minus1, three);
    printf("1/3 RN %08" PRIx32 " RP %08" PRIx32 " RM %08" PRIx32 " RZ %08" PRIx32 " -1/3 RM %08" PRIx32 "\n",
           rn, rp, rm, rz, rmn);
    CHECK_EQ(rn, 0x3EAAAAABu);
    CHECK_EQ(rp, 0x3EAAAAABu);
    CHECK_EQ(rm, 0x3EAAAAAAu);
    CHECK_EQ(rz, 0x3EAAAAAAu);
    CHECK_EQ(rmn, 0xBEAAAAABu);

    /* Float to integer conversions saturate; NaN gives 0. */
    CHECK_EQ(cvt_s32(1.0e10f * one), 0x7FFFFFFFu);
    CHECK_EQ(cvt_s32(-1.0e10f * one), INT32_MIN);
    CHECK_EQ(cvt_s32(nan_), 0);
    CHECK_EQ(cvt_s32(-2.75f * one), -2);   /* towards zero */
    CHECK_EQ(cvt_u32(-5.0f * one), 0);
    CHECK_EQ(cvt_u32(5.0e9f * one), 0xFFFFFFFFu);

    /* Rounding to integral: ties away (round), to even (rint), floor, ceil */
    volatile float h25 = 2.5f, hm25 = -2.5f, h35 = 3.5f;
    CHECK(roundf(h25) == 3.0f && roundf(hm25) == -3.0f && rintf(h25) == 2.0f && rintf(h35) == 4.0f);
    CHECK(floorf(hm25) == -3.0f && ceilf(hm25) == -2.0f && truncf(hm25) == -2.0f);
    CHECK_EQ(lrintf(h25), 2);
    CHECK_EQ(lroundf(h25), 3);
    CHECK(fminf(nan_, one) == 1.0f && fmaxf(one, nan_) == 1.0f);

    /* Half precision: storage format conversions and FP16 arithmetic */
    volatile __fp16 hf = (__fp16)(1.0f / 3.0f * one);
    uint16_t hb;
    memcpy(&hb, (const void *)&hf, 2);
    printf("fp16(1/3) bits %04x back %.9g\n", hb, (double)(float)hf);
    CHECK_EQ(hb, 0x3555u);
    volatile _Float16 ha = (_Float16)1.5f, hc = (_Float16)2.25f;
    _Float16 hsum = ha * hc + ha;
    CHECK((float)hsum == 4.875f);
    volatile __fp16 hbig = (__fp16)(70000.0f * one);  /* IEEE half: overflows to inf */
    CHECK(isinf((float)hbig));

    /* Single-precision libm (newlib's optimised sinf/cosf/expf/logf/powf) */
    volatile float x = 0.7f;
    float s = sinf(x), c = cosf(x), e = expf(x), l = logf(x), p = powf(x, 3.3f);
    printf("sinf %.9g cosf %.9g expf %.9g logf %.9g powf %.9g\n", (double)s, (double)c, (double)e,
           (double)l, (double)p);
    CHECK_NEAR(s, 0.644217687, 2e-7);
    CHECK_NEAR(c, 0.764842187, 2e-7);
    CHECK_NEAR(e, 2.013752707, 4e-7);
    CHECK_NEAR(l, -0.356674944, 2e-7);
    CHECK_NEAR(p, 0.308193528, 2e-7);
    CHECK_NEAR(s * s + c * c, 1.0, 2e-7);

    uint32_t h = arith_table();
    printf("arith table hash %08" PRIx32 "\n", h);
    CHECK_EQ(h, 0x04e7dbdcu);

    return check_done("float_math");
}
