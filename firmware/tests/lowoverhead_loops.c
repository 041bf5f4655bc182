/* Armv8.1-M low-overhead loops.  At -O2 and -Os GCC 12 turns counted
 * loops without calls into DLS/LE (the loop count lives in LR and LE
 * branches back without a compare); inline assembly adds WLS (which skips
 * the loop when the count is zero), a nested pair of loops, and the
 * tail-predicated MVE forms DLSTP/LETP, where the last iteration only
 * processes the elements that remain.  The C loops run with trip counts
 * 0, 1, 2, 3 and larger, through volatile counts so nothing is unrolled
 * away.
 */
#include <stdint.h>

#include "check.h"

#define N 203

static int32_t a[N], b[N], c[N];
static float fx[N], fy[N];

__attribute__((noinline)) static int32_t dot(const int32_t *p, const int32_t *q, int n)
{
    int32_t s = 0;
    for (int i = 0; i < n; i++)
        s += p[i] * q[i];
    return s;
}

__attribute__((noinline)) static void saxpy(float *y, const float *x, float k, int n)
{
    for (int i = 0; i < n; i++)
        y[i] = y[i] + k * x[i];
}

__attribute__((noinline)) static uint32_t crc32(const uint8_t *p, int n)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (int i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

__attribute__((noinline)) static void matmul4(int32_t *out, const int32_t *m, const int32_t *v, int rows)
{
    for (int r = 0; r < rows; r++) {
        int32_t s = 0;
        for (int k = 0; k < 4; k++)
            s += m[r * 4 + k] * v[k];
        out[r] = s;
    }
}

/* WLS/LE: sums 1..n, skipping the body entirely when n is 0. */
static uint32_t wls_sum(uint32_t n)
{
    uint32_t sum = 0, i = 0;
    __asm volatile("wls lr, %[n], 2f\n"
                   "1:\n\t"
                   "adds %[i], %[i], #1\n\t"
                   "add %[sum], %[sum], %[i]\n\t"
                   "le lr, 1b\n"
                   "2:"
                   : [sum] "+r"(sum), [i] "+r"(i)
                   : [n] "r"(n)
                   : "lr", "cc");
    return sum;
}

/* DLS/LE nested inside an ordinary counted loop: outer*inner iterations. */
static uint32_t dls_nested(uint32_t outer, uint32_t inner)
{
    uint32_t count = 0;
    __asm volatile("mov r4, %[outer]\n"
                   "3:\n\t"
                   "cbz r4, 5f\n\t"
                   "dls lr, %[inner]\n"
                   "4:\n\t"
                   "adds %[count], %[count], #1\n\t"
                   "le lr, 4b\n\t"
                   "subs r4, r4, #1\n\t"
                   "b 3b\n"
                   "5:"
                   : [count] "+r"(count)
                   : [outer] "r"(outer), [inner] "r"(inner)
                   : "r4", "lr", "cc");
    return count;
}

/* DLSTP.32/LETP: dst[i] = src[i] + 1 for n 32-bit elements, four per
 * iteration, the tail predicated.  Elements past n must stay untouched. */
static void mve_add1(int32_t *dst, const int32_t *src, uint32_t n)
{
    __asm volatile("vmov.i32 q1, #1\n\t"
                   "dlstp.32 lr, %[n]\n"
                   "1:\n\t"
                   "vldrw.u32 q0, [%[s]], #16\n\t"
                   "vadd.i32 q0, q0, q1\n\t"
                   "vstrw.32 q0, [%[d]], #16\n\t"
                   "letp lr, 1b"
                   : [s] "+r"(src), [d] "+r"(dst)
                   : [n] "r"(n)
                   : "q0", "q1", "lr", "memory");
}

/* DLSTP.8/LETP: sum of n bytes with VADDVA, sixteen per iteration.
 * (VADDV needs an even accumulator register, hence the fixed r2.) */
static uint32_t mve_sum_bytes(const uint8_t *p, uint32_t n)
{
    uint32_t sum;
    __asm volatile("movs r2, #0\n\t"
                   "dlstp.8 lr, %[n]\n"
                   "1:\n\t"
                   "vldrb.u8 q0, [%[p]], #16\n\t"
                   "vaddva.u8 r2, q0\n\t"
                   "letp lr, 1b\n\t"
                   "mov %[sum], r2"
                   : [p] "+r"(p), [sum] "=r"(sum)
                   : [n] "r"(n)
                   : "r2", "q0", "lr", "memory", "cc");
    return sum;
}

static volatile int trip[] = {0, 1, 2, 3, 4, 5, 7, 16, 17, 100, N};

int main(void)
{
    for (int i = 0; i < N; i++) {
        a[i] = i * 3 - 100;
        b[i] = 7 - i;
        fx[i] = (float)i * 0.5f;
    }
    printf("dot:");
    for (unsigned t = 0; t < sizeof trip / sizeof trip[0]; t++) {
        int n = trip[t];
        int32_t want = 0;
        for (int i = 0; i < n; i++)
            want += (i * 3 - 100) * (7 - i);
        int32_t got = dot(a, b, n);
        printf(" %ld", (long)got);
        CHECK_EQ(got, want);
    }
    printf("\n");

    for (int i = 0; i < N; i++)
        fy[i] = 1.0f;
    volatile int n_saxpy = 150;
    saxpy(fy, fx, 2.0f, n_saxpy);
    CHECK(fy[0] == 1.0f && fy[10] == 11.0f && fy[149] == 150.0f && fy[150] == 1.0f);

    uint32_t crc = crc32((const uint8_t *)"123456789", trip[5] + 4);
    printf("crc32(\"123456789\") = %08" PRIx32 "\n", crc);
    CHECK_EQ(crc, 0xCBF43926u);

    int32_t m[12] = {1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4}, v[4] = {1, 10, 100, 1000}, out[3];
    matmul4(out, m, v, trip[3]);
    CHECK(out[0] == 4321 && out[1] == 8765 && out[2] == -4321);

    uint32_t w0 = wls_sum(0), w1 = wls_sum(1), w100 = wls_sum(100);
    printf("wls: %" PRIu32 " %" PRIu32 " %" PRIu32 "\n", w0, w1, w100);
    CHECK_EQ(w0, 0);
    CHECK_EQ(w1, 1);
    CHECK_EQ(w100, 5050);
    CHECK_EQ(dls_nested(7, 13), 91);
    CHECK_EQ(dls_nested(0, 13), 0);

    /* Tail predication: every length 1..19, with guards after the end. */
    int bad = 0;
    for (uint32_t n = 1; n < 20; n++) {
        for (int i = 0; i < N; i++) {
            a[i] = i * 11;
            c[i] = -1;
        }
        mve_add1(c, a, n);
        for (uint32_t i = 0; i < 24; i++)
            bad += c[i] != (i < n ? (int32_t)i * 11 + 1 : -1);
    }
    printf("dlstp.32: %d wrong elements\n", bad);
    CHECK_EQ(bad, 0);

    static uint8_t bytes[64];
    for (int i = 0; i < 64; i++)
        bytes[i] = (uint8_t)(200 + i);
    uint32_t s1 = mve_sum_bytes(bytes, 1), s17 = mve_sum_bytes(bytes, 17), s64 = mve_sum_bytes(bytes, 64);
    printf("dlstp.8 sums: %" PRIu32 " %" PRIu32 " %" PRIu32 "\n", s1, s17, s64);
    CHECK_EQ(s1, 200);
    CHECK_EQ(s17, 17 * 200 + 136);
    CHECK_EQ(s64, 64 * 200 + 2016 - 256 * 8);  /* bytes wrap past 255 */

    return check_done("lowoverhead_loops");
}
