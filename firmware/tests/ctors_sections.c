/* What the startup code and the linker script promise: static
 * constructors run before main in priority order, destructors and atexit
 * handlers after it; .data is initialised and .bss zeroed; code placed in
 * QSPI flash (.flash_text at 0x28400000) runs and is reached through the
 * long-branch veneers the linker makes (BL reaches only +-16 MiB, the flash
 * is 640 MiB away from the ITCM); constants in flash read back; SRAM
 * (0x21000000) buffers start zeroed or initialised; VTOR, CPACR and MSPLIM
 * hold what Reset_Handler set; the heap lies between .bss and the stack.
 */
#include <stdint.h>
#include <stdlib.h>

#include "an547.h"
#include "check.h"

static char order[16];
static int order_len;

static void note(char c)
{
    order[order_len++] = c;
}

__attribute__((constructor(101))) static void ctor_first(void) { note('a'); }
__attribute__((constructor(200))) static void ctor_second(void) { note('b'); }
__attribute__((constructor)) static void ctor_plain(void) { note('c'); }
__attribute__((destructor)) static void dtor(void) { printf("destructor ran after main\n"); }

static void at_exit(void)
{
    printf("atexit handler ran after main, before the destructor\n");
}

/* .data, .bss */
static uint32_t initialised[4] = {0xDEADBEEFu, 1, 2, 3};
static uint32_t zeroed[64];
static double dinit = 2.5;

/* Flash (QSPI) */
static const uint32_t flash_table[8] AN547_FLASH_RODATA = {2, 3, 5, 7, 11, 13, 17, 19};

AN547_FLASH_TEXT uint32_t flash_sum(const uint32_t *p, int n)
{
    uint32_t s = 0;
    for (int i = 0; i < n; i++)
        s += p[i] * flash_table[i & 7];
    return s;
}

/* Flash code calling back into ITCM code (printf), again through a veneer. */
AN547_FLASH_TEXT void flash_hello(void)
{
    printf("hello from flash at %08lx\n", (unsigned long)(uintptr_t)&flash_hello & ~1ul);
}

/* SRAM */
static uint8_t sram_buf[64 * 1024] AN547_SRAM_BSS;
static uint32_t sram_init[3] AN547_SRAM_DATA = {11, 22, 33};

extern char __HeapBase[], __HeapLimit[], __StackLimit[], __StackTop[];

int main(void)
{
    CHECK(atexit(at_exit) == 0);
    order[order_len] = 0;
    printf("constructors ran in order: %s\n", order);
    CHECK_STR(order, "abc");

    CHECK(initialised[0] == 0xDEADBEEFu && initialised[3] == 3 && dinit == 2.5);
    int nonzero = 0;
    for (int i = 0; i < 64; i++)
        nonzero += zeroed[i] != 0;
    CHECK_EQ(nonzero, 0);
    CHECK_EQ((uintptr_t)initialised >> 20, AN547_DTCM_BASE >> 20);
    CHECK_EQ((uintptr_t)zeroed >> 20, AN547_DTCM_BASE >> 20);

    /* Flash */
    uintptr_t fa = (uintptr_t)&flash_sum;
    printf("flash_sum at %08lx, table at %08lx\n", (unsigned long)(fa & ~1u), (unsigned long)(uintptr_t)flash_table);
    CHECK(fa >= 0x28400000u && fa < 0x28800000u);
    CHECK((uintptr_t)flash_table >= 0x28400000u && (uintptr_t)flash_table < 0x28800000u);
    uint32_t ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    CHECK_EQ(flash_sum(ones, 8), 77);
    CHECK_EQ(flash_sum(initialised + 1, 3), 1 * 2 + 2 * 3 + 3 * 5);
    flash_hello();

    /* SRAM */
    CHECK_EQ((uintptr_t)sram_buf >> 24, AN547_ISRAM_BASE >> 24);
    uint32_t sum = 0;
    for (unsigned i = 0; i < sizeof sram_buf; i += 512)
        sum += sram_buf[i];
    CHECK_EQ(sum, 0);
    for (unsigned i = 0; i < sizeof sram_buf; i++)
        sram_buf[i] = (uint8_t)(i ^ (i >> 8));
    for (unsigned i = 0; i < sizeof sram_buf; i++)
        sum += sram_buf[i];
    printf("sram buffer at %08lx checksum %lu, initialised %lu %lu %lu\n", (unsigned long)(uintptr_t)sram_buf,
           (unsigned long)sum, (unsigned long)sram_init[0], (unsigned long)sram_init[1], (unsigned long)sram_init[2]);
    CHECK_EQ(sum, 8355840);
    CHECK(sram_init[0] == 11 && sram_init[1] == 22 && sram_init[2] == 33);

    /* Core state left by Reset_Handler */
    uint32_t msplim, sp;
    __asm volatile("mrs %0, msplim" : "=r"(msplim));
    __asm volatile("mov %0, sp" : "=r"(sp));
    printf("VTOR %08lx CPACR cp10/11 %lx MSPLIM = stack limit: %s\n", (unsigned long)SCB_VTOR,
           (unsigned long)((SCB_CPACR >> 20) & 0xFu), msplim == (uint32_t)(uintptr_t)__StackLimit ? "yes" : "no");
    CHECK_EQ(SCB_VTOR, 0);
    CHECK_EQ((SCB_CPACR >> 20) & 0xFu, 0xFu);
    CHECK_EQ(msplim, (uint32_t)(uintptr_t)__StackLimit);
    CHECK(sp > (uint32_t)(uintptr_t)__StackLimit && sp <= (uint32_t)(uintptr_t)__StackTop);
    CHECK_EQ((uintptr_t)__StackTop, 0x20080000u);
    /* The vector table lives at address 0, which C calls a null pointer:
     * GCC would fold a comparison of its address with 0 to false, so the
     * address goes through a volatile first. */
    volatile uintptr_t vt = (uintptr_t)__vector_table;
    CHECK(vt == 0 && SCB_VTOR == vt);

    /* Heap: between the end of .bss and the stack. */
    void *p = malloc(1000);
    CHECK(p != NULL && (char *)p >= __HeapBase && (char *)p + 1000 <= __HeapLimit);
    CHECK((uintptr_t)__HeapLimit == (uintptr_t)__StackLimit);
    free(p);
    return check_done("ctors_sections");
}
