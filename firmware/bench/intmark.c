/* intmark: a CoreMark-like integer workload for the simulated Cortex-M55.
 *
 * NOT CoreMark.  Written from scratch for etsim; it mirrors the *kind* of work
 * EEMBC's CoreMark does (a 2000-byte data block shared equally by a linked
 * list, small int16 matrices and a text for a state machine, with a CRC-16
 * chaining every result), so that its iterations per second per MHz can be
 * set beside Arm's published CoreMark/MHz for the Cortex-M55 (4.2,
 * ../shared/reference/CALIBRATION.md section 2).  The code, the data, the
 * compiler (GCC 12, not armclang) and the amount of work per iteration are
 * ours, so the comparison is indicative, not a CoreMark score.
 *
 * One iteration:
 *   (a) the list kernel, twice (find by key, then by index): ITER_FINDS
 *       look-ups, each moving the node found to the front and reversing the
 *       list; a merge sort by key; a CRC over the sorted keys; a node removed,
 *       searched for and put back; a merge sort by index; a CRC of the list;
 *   (b) the matrix kernel, MATRIX_RUNS times (9x9 int16): add a constant,
 *       multiply by a constant, matrix-vector, matrix-matrix, matrix-matrix
 *       of bit fields extracted from each product, subtract the constant;
 *   (c) the state-machine kernel, STATE_RUNS times: scan a 666-byte text of
 *       comma-separated tokens classifying each as integer, decimal,
 *       scientific or invalid; corrupt some characters; scan again; repair;
 *   (d) a bitwise CRC-16 (reflected 0x8005, as CRC-16/ARC) over every
 *       kernel's results, chained: each kernel's input comes from the CRC so
 *       far, and the last CRC changes one list key for the next iteration.
 * Equal weights: each kernel has a third of the 2000-byte block, and the
 * repetition counts (ITER_FINDS, MATRIX_RUNS, STATE_RUNS) give (a), (b) and
 * (c) about a third of the time each on etsim (printed as "share").  The
 * total, about 2.4e5 instructions per iteration at -O3, is sized like a
 * CoreMark iteration: 1e6 / 4.2 = 2.4e5 cycles on an M55, which issues
 * about one instruction per cycle on such code (our estimate, not a
 * published figure).  Change any of these and the score means something
 * else.
 *
 * Built at -O3.  ITERATIONS run between two DWT CYCCNT reads; the program
 * prints the final CRC, the cycles, the cycles per iteration and the score
 * ITERATIONS / (cycles / 1e6) (iterations per second per MHz), and exits 0
 * only if the CRC is EXPECTED_CRC, the value the same source gives compiled
 * natively on the host:  gcc -O2 -DINTMARK_HOST intmark.c  (tests/bench/
 * intmark-check.sh compares host, QEMU and etsim).  QEMU has no DWT: the
 * cycle counter reads 0 there and no score is printed.  CYCCNT is also read
 * between the kernels (4 reads per iteration, a few cycles out of 10^5) to
 * print their shares.
 *
 * Portability of the CRC: only fixed-width types, text as uint8_t (char is
 * unsigned on Arm, signed on x86), no signed overflow (values are kept
 * small), nothing that depends on addresses or pointer sizes (the list has
 * LIST_N nodes on every machine: the count the 2000-byte block gives with
 * 32-bit pointers).
 */
#include <stdint.h>
#include <stdio.h>

#ifndef INTMARK_HOST
#include "an547.h"
#endif

#define ITERATIONS   25u
#define EXPECTED_CRC 0xdfbeu   /* gcc -O2 -DINTMARK_HOST on x86-64 */

#define BLOCK_BYTES  2000u
#define PART_BYTES   (BLOCK_BYTES / 3u)          /* 666: each kernel's share */
#define LIST_N       (PART_BYTES / 12u)          /* 8-byte node + 4-byte item (32-bit) */
#define MAT_N        9                           /* 2 int16 + 1 int32 NxN: 8*81 = 648 */
#define TEXT_BYTES   PART_BYTES

#define ITER_FINDS   20u
#define MATRIX_RUNS  7u
#define STATE_RUNS   3u

/* ------------------------------------------------------------------ */
/* CRC-16, bit by bit (reflected polynomial 0x8005 = 0xA001, init from the
 * caller), the way small firmware often computes it. */

static uint16_t crc8(uint8_t byte, uint16_t crc)
{
    crc ^= byte;
    for (int b = 0; b < 8; b++)
        crc = (crc & 1u) ? (uint16_t)((crc >> 1) ^ 0xA001u) : (uint16_t)(crc >> 1);
    return crc;
}

static uint16_t crc16(uint16_t v, uint16_t crc)
{
    return crc8((uint8_t)(v >> 8), crc8((uint8_t)v, crc));
}

/* ------------------------------------------------------------------ */
/* The data block: the three kernels' data side by side. */

typedef struct item {
    int16_t key;     /* what the list is sorted and searched by */
    int16_t idx;     /* original position */
} item_t;

typedef struct node {
    struct node *next;
    item_t *item;
} node_t;

static struct {
    node_t nodes[LIST_N];
    item_t items[LIST_N];
    int16_t a[MAT_N * MAT_N];
    int16_t b[MAT_N * MAT_N];
    int32_t c[MAT_N * MAT_N];
    uint8_t text[TEXT_BYTES];
} blk;

#ifndef INTMARK_HOST
_Static_assert(sizeof blk <= BLOCK_BYTES, "the data block must fit 2000 bytes");
#endif

static node_t *list_head;

/* The seeds: read through volatile so nothing is computed at compile time. */
static volatile uint16_t seed_list = 0x2c5d, seed_matrix = 0x7a31, seed_text = 0x0066;

static uint16_t lcg(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return (uint16_t)(*s >> 16);
}

/* ------------------------------------------------------------------ */
/* (a) linked list */

enum { BY_KEY, BY_IDX };

static void list_init(uint16_t seed)
{
    uint32_t s = seed;
    for (unsigned i = 0; i < LIST_N; i++) {
        blk.items[i].key = (int16_t)(lcg(&s) & 0x3fffu);
        blk.items[i].idx = (int16_t)i;
        blk.nodes[i].item = &blk.items[i];
    }
    /* Link the nodes in a scattered order (stride 17, coprime with LIST_N):
     * walking the list does not walk memory in order. */
    unsigned pos = 0;
    list_head = &blk.nodes[0];
    for (unsigned i = 1; i < LIST_N; i++) {
        unsigned nxt = (pos + 17u) % LIST_N;
        blk.nodes[pos].next = &blk.nodes[nxt];
        pos = nxt;
    }
    blk.nodes[pos].next = NULL;
}

/* The link (pointer to a next field, or to the head) of the first node
 * matching; the link holding NULL at the end if none does. */
static node_t **list_find(node_t **link, int by, int16_t want)
{
    if (by == BY_KEY) {
        while (*link && ((*link)->item->key & 0xff) != want)
            link = &(*link)->next;
    } else {
        while (*link && (*link)->item->idx != want)
            link = &(*link)->next;
    }
    return link;
}

static node_t *list_reverse(node_t *p)
{
    node_t *prev = NULL;
    while (p) {
        node_t *n = p->next;
        p->next = prev;
        prev = p;
        p = n;
    }
    return prev;
}

static int list_before(const node_t *x, const node_t *y, int by)
{
    if (by == BY_KEY && x->item->key != y->item->key)
        return x->item->key < y->item->key;
    return x->item->idx <= y->item->idx;
}

/* Bottom-up merge sort of a singly linked list: runs of width 1, 2, 4, ...
 * merged pairwise in place until one run is left.  Stable. */
static node_t *list_sort(node_t *list, int by)
{
    for (unsigned width = 1;; width *= 2) {
        node_t *left = list, *out = NULL, **tail = &out;
        unsigned merges = 0;
        while (left) {
            merges++;
            node_t *right = left;
            unsigned nl = 0, nr = width;
            while (nl < width && right) {
                nl++;
                right = right->next;
            }
            while (nl || (nr && right)) {
                node_t *take;
                if (nl && (!nr || !right || list_before(left, right, by))) {
                    take = left;
                    left = left->next;
                    nl--;
                } else {
                    take = right;
                    right = right->next;
                    nr--;
                }
                *tail = take;
                tail = &take->next;
            }
            left = right;
        }
        *tail = NULL;
        list = out;
        if (merges <= 1)
            return list;
    }
}

static uint16_t list_kernel(uint16_t seed, int by)
{
    node_t *list = list_head;
    uint16_t crc = seed, acc = 0;
    unsigned found = 0, missed = 0;

    for (unsigned i = 0; i < ITER_FINDS; i++) {
        int16_t want = by == BY_KEY ? (int16_t)((seed + i * 37u) & 0xffu)
                                    : (int16_t)((seed + i * 7u) % (LIST_N + LIST_N / 4u));
        node_t **link = list_find(&list, by, want);
        node_t *hit = *link;
        if (hit) {
            found++;
            acc = (uint16_t)(acc + ((uint16_t)hit->item->key >> (i & 7u)));
            *link = hit->next;          /* move to the front */
            hit->next = list;
            list = hit;
        } else {
            missed++;
            acc ^= (uint16_t)list->item->idx;
        }
        list = list_reverse(list);
    }
    crc = crc16((uint16_t)(found * 256u + missed), crc16(acc, crc));

    list = list_sort(list, BY_KEY);
    for (node_t *p = list; p; p = p->next)
        crc = crc16((uint16_t)p->item->key, crc);

    /* Take out the node at position 1 + seed % 8, look for another node
     * with the same low key byte, CRC from there on, put the node back. */
    node_t **link = &list;
    for (unsigned k = 1 + seed % 8u; k && (*link)->next; k--)
        link = &(*link)->next;
    node_t *out = *link;
    *link = out->next;
    node_t *from = *list_find(&list, BY_KEY, (int16_t)(out->item->key & 0xff));
    for (node_t *p = from ? from : list; p; p = p->next)
        crc = crc16((uint16_t)p->item->idx, crc);
    out->next = list;
    list = out;

    list = list_sort(list, BY_IDX);
    unsigned n = 0;
    for (node_t *p = list; p; p = p->next, n++)
        crc = crc16((uint16_t)(p->item->key ^ (p->item->idx << 8)), crc);
    crc = crc16((uint16_t)n, crc);

    list_head = list;
    return crc;
}

/* ------------------------------------------------------------------ */
/* (b) matrices: MAT_N x MAT_N int16 inputs, int32 results.  Inputs are in
 * [-256, 255] and constants in [0, 255], so no product or sum overflows. */

static void matrix_init(uint16_t seed)
{
    uint32_t s = seed;
    for (unsigned i = 0; i < MAT_N * MAT_N; i++) {
        blk.a[i] = (int16_t)((int)(lcg(&s) & 0x1ffu) - 256);
        blk.b[i] = (int16_t)((int)(lcg(&s) & 0x1ffu) - 256);
    }
}

/* A 16-bit summary of a result matrix. */
static uint16_t fold(const int32_t *c, unsigned n)
{
    uint16_t h = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = (uint32_t)c[i];
        h = (uint16_t)(((h << 3) | (h >> 13)) ^ (uint16_t)v ^ (uint16_t)(v >> 16));
    }
    return h;
}

static void mat_add_const(int16_t *a, int16_t k)
{
    for (unsigned i = 0; i < MAT_N * MAT_N; i++)
        a[i] = (int16_t)(a[i] + k);
}

static void mat_mul_const(int32_t *c, const int16_t *a, int16_t k)
{
    for (unsigned i = 0; i < MAT_N * MAT_N; i++)
        c[i] = (int32_t)a[i] * k;
}

static void mat_mul_vec(int32_t *c, const int16_t *a, const int16_t *b)
{
    /* The vector is B's diagonal. */
    for (unsigned i = 0; i < MAT_N; i++) {
        int32_t s = 0;
        for (unsigned j = 0; j < MAT_N; j++)
            s += (int32_t)a[i * MAT_N + j] * b[j * MAT_N + j];
        c[i] = s;
    }
}

static void mat_mul_mat(int32_t *c, const int16_t *a, const int16_t *b)
{
    for (unsigned i = 0; i < MAT_N; i++)
        for (unsigned j = 0; j < MAT_N; j++) {
            int32_t s = 0;
            for (unsigned k = 0; k < MAT_N; k++)
                s += (int32_t)a[i * MAT_N + k] * b[k * MAT_N + j];
            c[i * MAT_N + j] = s;
        }
}

/* Like mat_mul_mat, but each product contributes two of its bit fields
 * multiplied together. */
static void mat_mul_bits(int32_t *c, const int16_t *a, const int16_t *b)
{
    for (unsigned i = 0; i < MAT_N; i++)
        for (unsigned j = 0; j < MAT_N; j++) {
            int32_t s = 0;
            for (unsigned k = 0; k < MAT_N; k++) {
                uint32_t p = (uint32_t)((int32_t)a[i * MAT_N + k] * b[k * MAT_N + j]);
                s += (int32_t)(((p >> 3) & 0x1fu) * ((p >> 10) & 0x3fu));
            }
            c[i * MAT_N + j] = s;
        }
}

static uint16_t matrix_kernel(uint16_t seed)
{
    int16_t k = (int16_t)(seed & 0xffu);
    uint16_t crc = seed;
    mat_add_const(blk.a, k);
    mat_mul_const(blk.c, blk.a, k);
    crc = crc16(fold(blk.c, MAT_N * MAT_N), crc);
    mat_mul_vec(blk.c, blk.a, blk.b);
    crc = crc16(fold(blk.c, MAT_N), crc);
    mat_mul_mat(blk.c, blk.a, blk.b);
    crc = crc16(fold(blk.c, MAT_N * MAT_N), crc);
    mat_mul_bits(blk.c, blk.a, blk.b);
    crc = crc16(fold(blk.c, MAT_N * MAT_N), crc);
    mat_add_const(blk.a, (int16_t)-k);
    return crc;
}

/* ------------------------------------------------------------------ */
/* (c) a state machine classifying comma-separated number tokens */

static const char *const tokens[] = {
    "0", "17", "-4096", "+250", "31337", "2.5", "-0.125", ".5", "+3.", "6.02e23",
    "-1.6E-19", "4e+2", "1e", "12.3.4", "0x1F", "--5", "7-", "e5", "+.e1", "9..9",
    "100", "-7", "3.14159", "5E3",
};
#define NTOKENS (sizeof tokens / sizeof tokens[0])

static void text_init(uint16_t seed)
{
    uint32_t s = seed;
    unsigned n = 0;
    for (;;) {
        const char *t = tokens[lcg(&s) % NTOKENS];
        unsigned len = 0;
        while (t[len])
            len++;
        if (n + len + 1 > TEXT_BYTES)
            break;
        for (unsigned i = 0; i < len; i++)
            blk.text[n++] = (uint8_t)t[i];
        blk.text[n++] = ',';
    }
    while (n < TEXT_BYTES)
        blk.text[n++] = ',';
}

enum { S_START, S_SIGN, S_INT, S_DOT, S_FRAC, S_EXP, S_EXPSIGN, S_SCI, S_BAD, NSTATES };
enum { T_EMPTY, T_INT, T_DEC, T_SCI, T_BAD, NTYPES };

static unsigned next_state(unsigned s, uint8_t ch)
{
    int digit = (uint8_t)(ch - '0') < 10u;
    int sign = ch == '+' || ch == '-';
    int exp = ch == 'e' || ch == 'E';
    switch (s) {
    case S_START:   return digit ? S_INT : sign ? S_SIGN : ch == '.' ? S_DOT : S_BAD;
    case S_SIGN:    return digit ? S_INT : ch == '.' ? S_DOT : S_BAD;
    case S_INT:     return digit ? S_INT : ch == '.' ? S_FRAC : exp ? S_EXP : S_BAD;
    case S_DOT:     return digit ? S_FRAC : S_BAD;
    case S_FRAC:    return digit ? S_FRAC : exp ? S_EXP : S_BAD;
    case S_EXP:     return digit ? S_SCI : sign ? S_EXPSIGN : S_BAD;
    case S_EXPSIGN: return digit ? S_SCI : S_BAD;
    case S_SCI:     return digit ? S_SCI : S_BAD;
    default:        return S_BAD;
    }
}

static unsigned token_type(unsigned s)
{
    switch (s) {
    case S_START: return T_EMPTY;
    case S_INT:   return T_INT;
    case S_FRAC:  return T_DEC;
    case S_SCI:   return T_SCI;
    default:      return T_BAD;
    }
}

static uint16_t scan(uint16_t crc)
{
    unsigned entered[NSTATES] = {0}, types[NTYPES] = {0};
    unsigned s = S_START;
    for (unsigned i = 0; i < TEXT_BYTES; i++) {
        uint8_t ch = blk.text[i];
        if (ch == ',') {
            types[token_type(s)]++;
            s = S_START;
        } else {
            s = next_state(s, ch);
            entered[s]++;
        }
    }
    types[token_type(s)]++;
    for (unsigned i = 0; i < NSTATES; i++)
        crc = crc16((uint16_t)entered[i], crc);
    for (unsigned i = 0; i < NTYPES; i++)
        crc = crc16((uint16_t)types[i], crc);
    return crc;
}

static uint16_t state_kernel(uint16_t seed)
{
    uint16_t crc = scan(seed);
    /* Corrupt every step-th character (from a seed-dependent start) by an
     * XOR that can turn digits into letters, signs into dots, commas into
     * something else; scan again; undo. */
    unsigned start = seed % 13u, step = 5u + seed % 11u;
    uint8_t mask = (uint8_t)(1u << (seed % 7u));
    for (unsigned i = start; i < TEXT_BYTES; i += step)
        blk.text[i] ^= mask;
    crc = scan(crc);
    for (unsigned i = start; i < TEXT_BYTES; i += step)
        blk.text[i] ^= mask;
    return crc;
}

/* ------------------------------------------------------------------ */

static uint16_t do_list(uint16_t crc)
{
    crc = crc16(list_kernel((uint16_t)(seed_list ^ crc), BY_KEY), crc);
    return crc16(list_kernel((uint16_t)(seed_list + crc), BY_IDX), crc);
}

static uint16_t do_matrix(uint16_t crc)
{
    for (unsigned r = 0; r < MATRIX_RUNS; r++)
        crc = crc16(matrix_kernel((uint16_t)(crc ^ (r * 0x9e37u))), crc);
    return crc;
}

static uint16_t do_state(uint16_t crc)
{
    for (unsigned r = 0; r < STATE_RUNS; r++)
        crc = crc16(state_kernel((uint16_t)(crc + r * 0x3b1u)), crc);
    return crc;
}

#ifdef INTMARK_HOST
static uint32_t cycles(void) { return 0; }
static void cycles_start(void) {}
#else
static uint32_t cycles(void) { return DWT_CYCCNT; }
static void cycles_start(void)
{
    DCB_DEMCR |= DCB_DEMCR_TRCENA;
    DWT_CYCCNT = 0;
    DWT_CTRL |= DWT_CTRL_CYCCNTENA;
}
#endif

/* Cycles spent in each part, summed over the iterations. */
static uint32_t spent_list, spent_matrix, spent_state;

static uint16_t iteration(uint16_t crc)
{
    uint32_t c0 = cycles();
    crc = do_list(crc);
    uint32_t c1 = cycles();
    crc = do_matrix(crc);
    uint32_t c2 = cycles();
    crc = do_state(crc);
    uint32_t c3 = cycles();
    spent_list += c1 - c0;
    spent_matrix += c2 - c1;
    spent_state += c3 - c2;
    /* Feed the result back into one list key for the next iteration. */
    blk.items[crc % LIST_N].key ^= (int16_t)(crc & 0x0ff0u);
    return crc;
}

/* Arm's published CoreMark/MHz for the Cortex-M55 (CALIBRATION.md section 2). */
#define M55_COREMARK_PER_MHZ 4.2

int main(void)
{
    list_init(seed_list);
    matrix_init(seed_matrix);
    text_init(seed_text);
    cycles_start();

    uint16_t crc = 0;
    uint32_t t0 = cycles();
    for (unsigned i = 0; i < ITERATIONS; i++)
        crc = iteration(crc);
    uint32_t total = cycles() - t0;

    printf("intmark: a CoreMark-like integer workload (linked list, int16 matrices, state machine, CRC-16)\n");
    printf("         written for etsim; NOT CoreMark, so any comparison with CoreMark figures is indicative\n");
    printf("iterations        %u\n", ITERATIONS);
    printf("crc               0x%04x\n", crc);
    int ok = crc == EXPECTED_CRC;
    printf("expected crc      0x%04x (%s)\n", EXPECTED_CRC, ok ? "match" : "MISMATCH");
    printf("cycles            %lu\n", (unsigned long)total);
    if (total == 0) {
#ifdef INTMARK_HOST
        printf("cycles/iteration  n/a: host build (no cycle counter); no score\n");
#else
        printf("cycles/iteration  n/a: the cycle counter reads 0 (no DWT, e.g. QEMU); no score\n");
#endif
    } else {
        double per = (double)total / ITERATIONS;
        double score = ITERATIONS / ((double)total / 1e6);
        printf("cycles/iteration  %.0f\n", per);
        printf("score             %.3f iterations/s per MHz (vs Arm's CoreMark/MHz for the Cortex-M55: %.1f, %+.1f%%)\n",
               score, M55_COREMARK_PER_MHZ, 100.0 * (score - M55_COREMARK_PER_MHZ) / M55_COREMARK_PER_MHZ);
        double all = (double)spent_list + spent_matrix + spent_state;
        printf("share             list %.0f%%, matrix %.0f%%, state %.0f%%\n",
               100.0 * spent_list / all, 100.0 * spent_matrix / all, 100.0 * spent_state / all);
    }
    return ok ? 0 : 1;
}
