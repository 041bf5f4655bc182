/* Zeroed host memory for big tables (isa/host_pages.h): zero, writable
 * over its whole size, and huge-page aligned from a huge page up (else
 * the kernel cannot back it with huge pages). */
#include <criterion/criterion.h>
#include <stdint.h>

#include "../../isa/host_pages.h"

static void check_zero_and_writable_from(void *(*alloc)(size_t), size_t size)
{
    uint8_t *p = alloc(size);
    cr_assert_not_null(p);
    for (size_t i = 0; i < size; i += 4096)
        cr_assert_eq(p[i], 0, "byte %zu of %zu", i, size);
    cr_assert_eq(p[size - 1], 0);
    p[0] = 1;
    p[size - 1] = 2;
    cr_assert_eq(p[0] + p[size - 1], 3);
    host_pages_free(p, size);
}

static void check_zero_and_writable(size_t size)
{
    check_zero_and_writable_from(host_pages_alloc, size);
}

Test(host_pages, small_table_is_zero_and_writable)
{
    check_zero_and_writable(12345);
}

/* A dense table (allocated populated) is the same to its user. */
Test(host_pages, dense_table_is_zero_and_writable)
{
    check_zero_and_writable_from(host_pages_alloc_dense, 4096u * 72u);
    check_zero_and_writable_from(host_pages_alloc_dense, (3u << 20) + 5);
    cr_assert_null(host_pages_alloc_dense(0));
}

Test(host_pages, big_table_is_zero_writable_and_huge_page_aligned)
{
    size_t size = (5u << 20) + 777;   /* not a multiple of anything */
    uint8_t *p = host_pages_alloc(size);
    cr_assert_not_null(p);
    cr_assert_eq((uintptr_t)p % (2u << 20), 0, "a table of 5 MiB starts on a 2 MiB boundary");
    host_pages_free(p, size);
    check_zero_and_writable(size);
}

Test(host_pages, nothing_for_zero_bytes)
{
    cr_assert_null(host_pages_alloc(0));
    host_pages_free(NULL, 0);
}
