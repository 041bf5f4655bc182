/* Zeroed host memory for the simulator's big, sparsely touched tables
 * (the predecoded instruction chunks, the block arena, the bus page
 * descriptors of a large region).
 *
 * Each 4 KiB page the process touches first costs a page fault, and
 * where a cgroup charges memory a fault costs microseconds: a short
 * inference run touched ~4,000 such pages, a quarter of its CPU time in
 * the kernel.  These tables are mapped directly (no malloc headers in
 * them) and, where the kernel offers transparent huge pages on request
 * (madvise mode), advised to use them, so a run touches a few 2 MiB
 * pages instead of hundreds of small ones.  Host-side only: nothing the
 * simulation computes depends on it. */
#ifndef ETSIM_ISA_HOST_PAGES_H
#define ETSIM_ISA_HOST_PAGES_H

#include <stddef.h>

/* size bytes of zeroed memory, or NULL; free with host_pages_free(p, size). */
void *host_pages_alloc(size_t size);
/* The same for a table the caller will touch all of at once (a hash
 * table, say): its pages are allocated by the one call.  Touched one by
 * one, the first read of each maps the kernel's zero page and the first
 * write faults again to copy it: two faults a page. */
void *host_pages_alloc_dense(size_t size);
void host_pages_free(void *p, size_t size);

#endif
