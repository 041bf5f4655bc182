/* Dense switch statements, which GCC compiles to TBB (byte offsets) and,
 * when the case bodies are far apart, TBH (halfword offsets); a sparse
 * switch (compare-and-branch trees); and a character-driven state machine.
 * TBB/TBH read their table from just after the instruction (PC-relative,
 * with PC = instruction address + 4), a classic place for simulator bugs.
 * At -O0 GCC uses no TBB/TBH but a table of addresses loaded straight into
 * the PC (ADR + LDR.W PC, [Rn, Rm, LSL #2]), another interworking branch.
 */
#include <stdint.h>

#include "check.h"

/* Small bodies: TBB. */
__attribute__((noinline)) static uint32_t small_cases(uint32_t x, uint32_t k)
{
    switch (k) {
    case 0: return x + 1;
    case 1: return x * 3;
    case 2: return x ^ 0x5A5A5A5Au;
    case 3: return x >> 3;
    case 4: return x << 5;
    case 5: return ~x;
    case 6: return x - 77;
    case 7: return x | 0x100;
    case 8: return x & 0xFF00FF;
    case 9: return x * x;
    case 10: return x / 3;
    case 11: return x % 1000;
    case 12: return (x << 16) | (x >> 16);
    case 13: return x + 0x12345;
    case 14: return x - (x >> 1);
    case 15: return 15;
    case 17: return x * 17;
    case 18: return x ^ (x >> 7);
    case 19: return x + k * k;
    case 20: return 0xFFFFFFFFu - x;
    default: return 0xDEAD;
    }
}

/* Big bodies: the table entries do not fit in a byte, so TBH. */
#define BODY(n) { uint32_t v = x; for (int i = 0; i < (n) + 3; i++) { v = v * 2654435761u + (uint32_t)i * (n); v ^= v >> 13; v += (v << 3) ^ (uint32_t)(n); v ^= v >> (i & 7); } return v + (n); }

__attribute__((noinline)) static uint32_t big_cases(uint32_t x, uint32_t k)
{
    switch (k) {
    case 0: BODY(0)
    case 1: BODY(1)
    case 2: BODY(2)
    case 3: BODY(3)
    case 4: BODY(4)
    case 5: BODY(5)
    case 6: BODY(6)
    case 7: BODY(7)
    case 8: BODY(8)
    case 9: BODY(9)
    case 10: BODY(10)
    case 11: BODY(11)
    case 12: BODY(12)
    case 13: BODY(13)
    case 14: BODY(14)
    case 15: BODY(15)
    case 16: BODY(16)
    case 17: BODY(17)
    case 18: BODY(18)
    case 19: BODY(19)
    case 20: BODY(20)
    case 21: BODY(21)
    case 22: BODY(22)
    case 23: BODY(23)
    case 24: BODY(24)
    case 25: BODY(25)
    case 26: BODY(26)
    case 27: BODY(27)
    case 28: BODY(28)
    case 29: BODY(29)
    case 30: BODY(30)
    case 31: BODY(31)
    default: return 1;
    }
}

/* Sparse values: no table. */
__attribute__((noinline)) static int sparse(int v)
{
    switch (v) {
    case -1000000: return 1;
    case -5: return 2;
    case 0: return 3;
    case 7: return 4;
    case 100: return 5;
    case 4096: return 6;
    case 65537: return 7;
    case 0x7FFFFFFF: return 8;
    default: return 0;
    }
}

/* A tokenizer state machine driven by a switch on characters. */
enum { S_START, S_INT, S_IDENT, S_OP };

static int count_tokens(const char *s, int counts[4])
{
    int state = S_START, tokens = 0;
    for (;; s++) {
        char c = *s;
        int cls;
        switch (c) {
        case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
            cls = S_INT;
            break;
        case '+': case '-': case '*': case '/': case '=': case '<': case '>':
            cls = S_OP;
            break;
        case ' ': case '\t': case '\0':
            cls = S_START;
            break;
        default:
            cls = S_IDENT;
            break;
        }
        if (state == S_IDENT && cls == S_INT)
            cls = S_IDENT;  /* identifiers may contain digits */
        if (cls != state) {
            if (state != S_START) {
                counts[state]++;
                tokens++;
            }
            state = cls;
        } else if (cls == S_OP) {
            counts[S_OP]++;  /* each operator character is a token */
            tokens++;
        }
        if (c == '\0')
            break;
    }
    return tokens;
}

int main(void)
{
    uint32_t h = 0;
    for (uint32_t k = 0; k < 24; k++)
        for (uint32_t x = 1; x < 2000000000u; x = x * 7 + 3)
            h = h * 31u + small_cases(x, k);
    printf("small switch hash %08" PRIx32 "\n", h);
    CHECK_EQ(small_cases(10, 0), 11);
    CHECK_EQ(small_cases(10, 16), 0xDEAD);
    CHECK_EQ(small_cases(10, 19), 371);
    CHECK_EQ(small_cases(10, 99), 0xDEAD);
    CHECK_EQ(small_cases(0x12345678u, 12), 0x56781234u);

    uint32_t hb = 0;
    for (uint32_t k = 0; k < 34; k++)
        hb = hb * 31u + big_cases(0x9E3779B9u + k, k);
    printf("big switch hash %08" PRIx32 "\n", hb);
    CHECK_EQ(big_cases(5, 40), 1);

    static const int probes[] = {-1000000, -5, 0, 7, 100, 4096, 65537, 0x7FFFFFFF, 1, -6, 99, 65536};
    static const int sparse_want[] = {1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0};
    printf("sparse:");
    for (unsigned i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        int r = sparse(probes[i]);
        printf(" %d", r);
        CHECK_EQ(r, sparse_want[i]);
    }
    printf("\n");

    int counts[4] = {0, 0, 0, 0};
    int n = count_tokens("x1 = 42 + foo*bar - 7 <= baz99 >= 1000", counts);
    printf("tokens %d: ints %d idents %d ops %d\n", n, counts[S_INT], counts[S_IDENT], counts[S_OP]);
    CHECK_EQ(n, 15);
    CHECK_EQ(counts[S_INT], 3);
    CHECK_EQ(counts[S_IDENT], 4);
    CHECK_EQ(counts[S_OP], 8);

    /* From the same C code on the host. */
    CHECK_EQ(h, 0x09af031bu);
    CHECK_EQ(hb, 0xb2b8bdfcu);
    return check_done("switch_tables");
}
