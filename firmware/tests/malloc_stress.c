/* malloc/calloc/realloc/free stress with a deterministic pattern, then
 * allocation until the heap is exhausted.
 *
 * The heap is the DTCM between the end of .bss and the bottom of the stack
 * (an547.ld); startup.c sets librdimon's __heap_limit to that bottom, so
 * _sbrk fails at exactly the same place on every machine and the number of
 * blocks that fit is deterministic.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

#define SLOTS 64

static unsigned char *slot[SLOTS];
static size_t slot_size[SLOTS];
static unsigned char slot_fill[SLOTS];

extern char __HeapBase[], __HeapLimit[];

static int verify(int i)
{
    for (size_t k = 0; k < slot_size[i]; k++)
        if (slot[i][k] != (unsigned char)(slot_fill[i] + k))
            return 0;
    return 1;
}

static void fill(int i)
{
    for (size_t k = 0; k < slot_size[i]; k++)
        slot[i][k] = (unsigned char)(slot_fill[i] + k);
}

int main(void)
{
    uint32_t seed = 0xC0FFEEu;
    int bad = 0, reallocs = 0, frees = 0, allocs = 0, outside = 0;

    for (int round = 0; round < 3000; round++) {
        uint32_t r = check_rand(&seed);
        int i = (int)(r % SLOTS);
        size_t size = 1 + (check_rand(&seed) % ((r & 0x100) ? 4000u : 64u));
        if (slot[i] == NULL) {
            slot[i] = (r & 0x200) ? calloc(1, size) : malloc(size);
            if (slot[i] == NULL) {
                bad++;
                continue;
            }
            if (r & 0x200) {
                for (size_t k = 0; k < size; k++)
                    if (slot[i][k] != 0)
                        bad++;
            }
            slot_size[i] = size;
            slot_fill[i] = (unsigned char)r;
            fill(i);
            allocs++;
        } else if (r & 0x400) {
            /* realloc keeps the common prefix */
            if (!verify(i))
                bad++;
            unsigned char *p = realloc(slot[i], size);
            if (p == NULL) {
                bad++;
                continue;
            }
            size_t keep = size < slot_size[i] ? size : slot_size[i];
            for (size_t k = 0; k < keep; k++)
                if (p[k] != (unsigned char)(slot_fill[i] + k))
                    bad++;
            slot[i] = p;
            slot_size[i] = size;
            fill(i);
            reallocs++;
        } else {
            if (!verify(i))
                bad++;
            free(slot[i]);
            slot[i] = NULL;
            frees++;
        }
        /* Every block lies inside the heap and is 8-byte aligned. */
        if (slot[i] && ((char *)slot[i] < __HeapBase || (char *)slot[i] + slot_size[i] > __HeapLimit ||
                        ((uintptr_t)slot[i] & 7u) != 0))
            outside++;
    }
    for (int i = 0; i < SLOTS; i++) {
        if (slot[i]) {
            if (!verify(i))
                bad++;
            free(slot[i]);
            slot[i] = NULL;
        }
    }
    printf("stress: %d allocs, %d reallocs, %d frees, %d bad, %d outside\n", allocs, reallocs,
           frees, bad, outside);
    CHECK_EQ(bad, 0);
    CHECK_EQ(outside, 0);
    CHECK_EQ(allocs, 1026);
    CHECK_EQ(reallocs, 994);
    CHECK_EQ(frees, 980);

    /* Exhaust the heap in 1 KiB blocks: the count depends only on the heap
     * size in the linker script and on newlib's malloc. */
    void *head = NULL;
    int blocks = 0;
    for (;;) {
        void **p = malloc(1024);
        if (p == NULL)
            break;
        *p = head;
        head = p;
        blocks++;
    }
    int e = errno;
    size_t heap_bytes = (size_t)(__HeapLimit - __HeapBase);
    printf("heap %u bytes: %d blocks of 1 KiB, then errno %s\n", (unsigned)heap_bytes, blocks,
           e == ENOMEM ? "ENOMEM" : "other");
    CHECK_EQ(e, ENOMEM);
    /* Each block costs 1024 + 8 bytes of header; the first sbrk is aligned. */
    CHECK(blocks > 0 && (size_t)blocks * 1032u <= heap_bytes && (size_t)(blocks + 2) * 1032u > heap_bytes);
    while (head) {
        void *next = *(void **)head;
        free(head);
        head = next;
    }
    /* After freeing everything a big block fits again. */
    void *bigp = malloc(heap_bytes / 2);
    CHECK(bigp != NULL);
    free(bigp);
    CHECK(malloc(heap_bytes + 1) == NULL);

    return check_done("malloc_stress");
}
