/* Recursion: Ackermann, naive Fibonacci, Towers of Hanoi, mutual
 * recursion, a recursive-descent expression parser, permutations by
 * backtracking and a deep recursion that uses most of the 64 KiB stack.
 * Lots of PUSH/POP with many registers, BL/BX LR and POP {pc} returns.
 */
#include <stdint.h>

#include "check.h"

static unsigned ackermann(unsigned m, unsigned n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static uint32_t fib(uint32_t n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static unsigned moves;
static uint32_t hanoi_hash;

static void hanoi(int n, int from, int to, int via)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves++;
    hanoi_hash = hanoi_hash * 3u + (uint32_t)(from * 4 + to);
    hanoi(n - 1, via, to, from);
}

static int is_odd(unsigned n);
static int is_even(unsigned n)
{
    return n == 0 ? 1 : is_odd(n - 1);
}
static int is_odd(unsigned n)
{
    return n == 0 ? 0 : is_even(n - 1);
}

/* expr := term (('+'|'-') term)* ; term := factor (('*'|'/') factor)* ;
 * factor := number | '(' expr ')' | '-' factor */
static const char *pos;
static long expr(void);

static long factor(void)
{
    if (*pos == '(') {
        pos++;
        long v = expr();
        pos++; /* ')' */
        return v;
    }
    if (*pos == '-') {
        pos++;
        return -factor();
    }
    long v = 0;
    while (*pos >= '0' && *pos <= '9')
        v = v * 10 + (*pos++ - '0');
    return v;
}

static long term(void)
{
    long v = factor();
    while (*pos == '*' || *pos == '/') {
        char op = *pos++;
        long r = factor();
        v = op == '*' ? v * r : v / r;
    }
    return v;
}

static long expr(void)
{
    long v = term();
    while (*pos == '+' || *pos == '-') {
        char op = *pos++;
        long r = term();
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

static long eval(const char *s)
{
    pos = s;
    return expr();
}

static int perm_count;
static uint32_t perm_hash;

static void permute(char *a, int k, int n)
{
    if (k == n) {
        perm_count++;
        for (int i = 0; i < n; i++)
            perm_hash = perm_hash * 7u + (uint32_t)a[i];
        return;
    }
    for (int i = k; i < n; i++) {
        char t = a[k]; a[k] = a[i]; a[i] = t;
        permute(a, k + 1, n);
        t = a[k]; a[k] = a[i]; a[i] = t;
    }
}

/* About 48 bytes of stack per level: 1000 levels stay well inside the
 * 64 KiB stack. */
static uint32_t deep(uint32_t n, uint32_t acc)
{
    volatile uint32_t local[6];
    local[n % 6] = acc;
    if (n == 0)
        return acc;
    return deep(n - 1, acc * 2654435761u + n) ^ local[n % 6];
}

int main(void)
{
    unsigned a = ackermann(2, 3), b = ackermann(3, 3);
    printf("ackermann(2,3)=%u ackermann(3,3)=%u\n", a, b);
    CHECK_EQ(a, 9);
    CHECK_EQ(b, 61);

    uint32_t f = fib(24);
    printf("fib(24)=%" PRIu32 "\n", f);
    CHECK_EQ(f, 46368);

    hanoi(12, 1, 3, 2);
    printf("hanoi(12): %u moves, hash %08" PRIx32 "\n", moves, hanoi_hash);
    CHECK_EQ(moves, 4095);

    CHECK(is_even(1000) && is_odd(777) && !is_odd(500));

    const char *exprs[] = {"1+2*3", "(1+2)*3", "-(4-10)*-(2+1)", "100/7/2", "2*(3+(4-1)*5)-8/(1+1)"};
    const long want[] = {7, 9, -18, 7, 32};
    for (int i = 0; i < 5; i++) {
        long v = eval(exprs[i]);
        printf("%s = %ld\n", exprs[i], v);
        CHECK_EQ(v, want[i]);
    }

    char letters[] = "abcdef";
    permute(letters, 0, 6);
    printf("permutations: %d hash %08" PRIx32 "\n", perm_count, perm_hash);
    CHECK_EQ(perm_count, 720);
    CHECK_STR(letters, "abcdef");

    uint32_t d = deep(1000, 1);
    printf("deep(1000) = %08" PRIx32 "\n", d);

    /* Expected hashes computed with the same C code on the host. */
    CHECK_EQ(hanoi_hash, 0x2262de5cu);
    CHECK_EQ(perm_hash, 0xf132a5c0u);
    CHECK_EQ(d, 0xe7796049u);
    return check_done("recursion");
}
