/* Zeroed host memory for big tables, huge pages where offered
 * (isa/host_pages.h). */
#include "host_pages.h"

#include <stdint.h>
#include <sys/mman.h>

#define HUGE_PAGE (2u << 20)   /* x86-64's and arm64's transparent huge page */

/* What is mapped for size bytes: huge-page multiples from one huge page
 * up, so the kernel can back all of it with them. */
static size_t mapped_size(size_t size)
{
    return size >= HUGE_PAGE / 2 ? (size + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1) : size;
}

void *host_pages_alloc(size_t size)
{
    if (size == 0)
        return NULL;
    size_t n = mapped_size(size);
    if (n < HUGE_PAGE) {
        void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        return p == MAP_FAILED ? NULL : p;
    }
    /* A huge page must be aligned: map one more and trim both ends. */
    uint8_t *raw = mmap(NULL, n + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    uint8_t *p = (uint8_t *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (p > raw)
        munmap(raw, (size_t)(p - raw));
    munmap(p + n, (size_t)(raw + HUGE_PAGE - p));
#ifdef MADV_HUGEPAGE
    (void)madvise(p, n, MADV_HUGEPAGE);   /* advice: without it, small pages */
#endif
    return p;
}

void *host_pages_alloc_dense(size_t size)
{
    if (size == 0)
        return NULL;
    size_t n = mapped_size(size);
    if (n >= HUGE_PAGE)   /* huge pages: a few faults anyway */
        return host_pages_alloc(size);
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void host_pages_free(void *p, size_t size)
{
    if (p)
        munmap(p, mapped_size(size));
}
