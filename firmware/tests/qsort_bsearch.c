/* qsort and bsearch from newlib on ints, structs and strings, with a
 * deterministic pseudo-random input.  Lots of indirect calls (BLX to the
 * comparison function), memory swaps of odd sizes and recursion.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

#define N 2000

static int32_t ints[N];

/* An odd-sized element (5 bytes, byte-aligned): the swaps in qsort then
 * cannot use word copies. */
struct rec {
    unsigned char key;
    unsigned char seq[2];  /* position before sorting, little endian */
    char tag[2];
};

static unsigned rec_seq(const struct rec *r)
{
    return r->seq[0] | (unsigned)r->seq[1] << 8;
}

static struct rec recs[N];

static int cmp_int(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static int cmp_rec(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    /* Break ties by original position, so the result is unique. */
    return (rec_seq(x) > rec_seq(y)) - (rec_seq(x) < rec_seq(y));
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(void)
{
    uint32_t seed = 12345;
    int64_t sum_before = 0, sum_after = 0;
    for (int i = 0; i < N; i++) {
        ints[i] = (int32_t)(check_rand(&seed) % 100000u) - 50000;
        sum_before += ints[i];
    }
    qsort(ints, N, sizeof ints[0], cmp_int);
    int sorted = 1;
    for (int i = 0; i < N; i++) {
        sum_after += ints[i];
        if (i > 0 && ints[i - 1] > ints[i])
            sorted = 0;
    }
    CHECK(sorted);
    CHECK_EQ(sum_before, sum_after);
    printf("ints: min %ld max %ld median %ld sum %lld\n", (long)ints[0], (long)ints[N - 1],
           (long)ints[N / 2], (long long)sum_after);
    CHECK_EQ(ints[0], -49982);
    CHECK_EQ(ints[N - 1], 49961);
    CHECK_EQ(sum_after, -403441);

    /* bsearch finds every element and misses absent ones. */
    int found = 0, missing = 0;
    for (int32_t k = -50000; k < 50000; k += 37) {
        int32_t *p = bsearch(&k, ints, N, sizeof ints[0], cmp_int);
        if (p) {
            CHECK_EQ(*p, k);
            found++;
        } else {
            missing++;
        }
    }
    printf("bsearch: %d found, %d missing\n", found, missing);
    CHECK_EQ(found, 63);
    CHECK_EQ(missing, 2640);

    for (int i = 0; i < N; i++) {
        recs[i].key = (unsigned char)(check_rand(&seed) % 50u);
        recs[i].seq[0] = (unsigned char)i;
        recs[i].seq[1] = (unsigned char)(i >> 8);
        recs[i].tag[0] = (char)('a' + i % 26);
        recs[i].tag[1] = (char)('A' + recs[i].key % 26);
    }
    qsort(recs, N, sizeof recs[0], cmp_rec);
    uint32_t h = 0;
    int ok = 1;
    for (int i = 0; i < N; i++) {
        h = h * 31u + rec_seq(&recs[i]);
        if (i > 0 && cmp_rec(&recs[i - 1], &recs[i]) >= 0)
            ok = 0;
        if (recs[i].tag[0] != (char)('a' + rec_seq(&recs[i]) % 26) || recs[i].tag[1] != (char)('A' + recs[i].key % 26))
            ok = 0;
    }
    CHECK(ok);
    printf("records: sizeof %u, first seq %u last seq %u hash %08lx\n", (unsigned)sizeof(struct rec),
           rec_seq(&recs[0]), rec_seq(&recs[N - 1]), (unsigned long)h);
    CHECK_EQ(sizeof(struct rec), 5);
    CHECK_EQ(h, 0x3fd8d304u);

    const char *words[] = {"pear", "apple", "fig", "banana", "cherry", "date", "elderberry",
                           "grape", "kiwi", "apricot", "lemon", "mango", "apple"};
    size_t nw = sizeof words / sizeof words[0];
    qsort(words, nw, sizeof words[0], cmp_str);
    printf("words:");
    for (size_t i = 0; i < nw; i++)
        printf(" %s", words[i]);
    printf("\n");
    CHECK_STR(words[0], "apple");
    CHECK_STR(words[2], "apricot");
    CHECK_STR(words[nw - 1], "pear");
    const char *key = "kiwi";
    const char **w = bsearch(&key, words, nw, sizeof words[0], cmp_str);
    CHECK(w != NULL && w - words == 9);

    return check_done("qsort_bsearch");
}
