/* Startup code for the Arm MPS3 AN547 (Corstone-300, Cortex-M55), for
 * programs built with -mcpu=cortex-m55 -mthumb -mfloat-abi=hard, GCC and
 * newlib, linked with an547.ld and librdimon (semihosting) and -nostartfiles.
 *
 * The core resets with VTOR = 0: it loads the main stack pointer and the
 * reset vector from the table below, which the linker script puts at
 * 0x00000000 (ITCM).  Reset_Handler then does what newlib's crt0 would do,
 * in the order the hardware needs:
 *   1. enable the FPU and MVE (the hard-float ABI lets the compiler use FP
 *      registers in any function, so this comes before anything else),
 *   2. set the stack limit (MSPLIM) and VTOR,
 *   3. copy .data (and .sram_data) from their load images, zero .bss
 *      (and .sram_bss),
 *   4. give librdimon's _sbrk the exact heap limit,
 *   5. open the semihosting stdin/stdout/stderr (initialise_monitor_handles),
 *   6. run static constructors (newlib's __libc_init_array), then main,
 *      then exit(main's return value), which flushes stdio, runs atexit
 *      handlers and destructors and ends with semihosting SYS_EXIT(_EXTENDED).
 *
 * It deliberately does not ask the debugger for SYS_HEAPINFO or
 * SYS_GET_CMDLINE (librdimon's crt0 does both): the memory layout comes from
 * the linker script alone, so it is the same on every host.
 */
#include <stdint.h>
#include <stdlib.h>

#include "an547.h"

/* From the linker script. */
extern uint32_t __StackTop;
extern uint32_t __StackLimit;
extern uint32_t __HeapLimit;
extern const uint32_t __copy_table_start[], __copy_table_end[];
extern const uint32_t __zero_table_start[], __zero_table_end[];

/* From librdimon: the heap limit its _sbrk checks (0xcafedead = none) and
 * the function that opens ":tt" for stdin, stdout and stderr. */
extern char *__heap_limit;
extern void initialise_monitor_handles(void);

/* Programs define int main(void). */
extern int main(void);

void Reset_Handler(void) __attribute__((noreturn));

/* Every exception the program does not handle itself lands here.  The
 * infinite loop is what real firmware does; the simulator recognises a
 * branch to itself in handler mode as a crash. */
__attribute__((naked)) void Default_Handler(void)
{
    __asm volatile("b .");
}

#define WEAK_DEFAULT __attribute__((weak, alias("Default_Handler")))

void NMI_Handler(void) WEAK_DEFAULT;
void HardFault_Handler(void) WEAK_DEFAULT;
void MemManage_Handler(void) WEAK_DEFAULT;
void BusFault_Handler(void) WEAK_DEFAULT;
void UsageFault_Handler(void) WEAK_DEFAULT;
void SecureFault_Handler(void) WEAK_DEFAULT;
void SVC_Handler(void) WEAK_DEFAULT;
void DebugMon_Handler(void) WEAK_DEFAULT;
void PendSV_Handler(void) WEAK_DEFAULT;
void SysTick_Handler(void) WEAK_DEFAULT;
void IRQ0_Handler(void) WEAK_DEFAULT;
void IRQ1_Handler(void) WEAK_DEFAULT;
void IRQ2_Handler(void) WEAK_DEFAULT;
void IRQ3_Handler(void) WEAK_DEFAULT;
void IRQ4_Handler(void) WEAK_DEFAULT;
void IRQ5_Handler(void) WEAK_DEFAULT;
void IRQ6_Handler(void) WEAK_DEFAULT;
void IRQ7_Handler(void) WEAK_DEFAULT;
void IRQ8_Handler(void) WEAK_DEFAULT;
void IRQ9_Handler(void) WEAK_DEFAULT;
void IRQ10_Handler(void) WEAK_DEFAULT;
void IRQ11_Handler(void) WEAK_DEFAULT;
void IRQ12_Handler(void) WEAK_DEFAULT;
void IRQ13_Handler(void) WEAK_DEFAULT;
void IRQ14_Handler(void) WEAK_DEFAULT;
void IRQ15_Handler(void) WEAK_DEFAULT;
void IRQ16_Handler(void) WEAK_DEFAULT;
void IRQ17_Handler(void) WEAK_DEFAULT;
void IRQ18_Handler(void) WEAK_DEFAULT;
void IRQ19_Handler(void) WEAK_DEFAULT;
void IRQ20_Handler(void) WEAK_DEFAULT;
void IRQ21_Handler(void) WEAK_DEFAULT;
void IRQ22_Handler(void) WEAK_DEFAULT;
void IRQ23_Handler(void) WEAK_DEFAULT;
void IRQ24_Handler(void) WEAK_DEFAULT;
void IRQ25_Handler(void) WEAK_DEFAULT;
void IRQ26_Handler(void) WEAK_DEFAULT;
void IRQ27_Handler(void) WEAK_DEFAULT;
void IRQ28_Handler(void) WEAK_DEFAULT;
void IRQ29_Handler(void) WEAK_DEFAULT;
void IRQ30_Handler(void) WEAK_DEFAULT;
void IRQ31_Handler(void) WEAK_DEFAULT;
void IRQ32_Handler(void) WEAK_DEFAULT;
void IRQ33_Handler(void) WEAK_DEFAULT;
void IRQ34_Handler(void) WEAK_DEFAULT;
void IRQ35_Handler(void) WEAK_DEFAULT;
void IRQ36_Handler(void) WEAK_DEFAULT;
void IRQ37_Handler(void) WEAK_DEFAULT;
void IRQ38_Handler(void) WEAK_DEFAULT;
void IRQ39_Handler(void) WEAK_DEFAULT;
void IRQ40_Handler(void) WEAK_DEFAULT;
void IRQ41_Handler(void) WEAK_DEFAULT;
void IRQ42_Handler(void) WEAK_DEFAULT;
void IRQ43_Handler(void) WEAK_DEFAULT;
void IRQ44_Handler(void) WEAK_DEFAULT;
void IRQ45_Handler(void) WEAK_DEFAULT;
void IRQ46_Handler(void) WEAK_DEFAULT;
void IRQ47_Handler(void) WEAK_DEFAULT;
void IRQ48_Handler(void) WEAK_DEFAULT;
void IRQ49_Handler(void) WEAK_DEFAULT;
void IRQ50_Handler(void) WEAK_DEFAULT;
void IRQ51_Handler(void) WEAK_DEFAULT;
void IRQ52_Handler(void) WEAK_DEFAULT;
void IRQ53_Handler(void) WEAK_DEFAULT;
void IRQ54_Handler(void) WEAK_DEFAULT;
void IRQ55_Handler(void) WEAK_DEFAULT;
void IRQ56_Handler(void) WEAK_DEFAULT;
void IRQ57_Handler(void) WEAK_DEFAULT;
void IRQ58_Handler(void) WEAK_DEFAULT;
void IRQ59_Handler(void) WEAK_DEFAULT;
void IRQ60_Handler(void) WEAK_DEFAULT;
void IRQ61_Handler(void) WEAK_DEFAULT;
void IRQ62_Handler(void) WEAK_DEFAULT;
void IRQ63_Handler(void) WEAK_DEFAULT;
void IRQ64_Handler(void) WEAK_DEFAULT;
void IRQ65_Handler(void) WEAK_DEFAULT;
void IRQ66_Handler(void) WEAK_DEFAULT;
void IRQ67_Handler(void) WEAK_DEFAULT;
void IRQ68_Handler(void) WEAK_DEFAULT;
void IRQ69_Handler(void) WEAK_DEFAULT;
void IRQ70_Handler(void) WEAK_DEFAULT;
void IRQ71_Handler(void) WEAK_DEFAULT;
void IRQ72_Handler(void) WEAK_DEFAULT;
void IRQ73_Handler(void) WEAK_DEFAULT;
void IRQ74_Handler(void) WEAK_DEFAULT;
void IRQ75_Handler(void) WEAK_DEFAULT;
void IRQ76_Handler(void) WEAK_DEFAULT;
void IRQ77_Handler(void) WEAK_DEFAULT;
void IRQ78_Handler(void) WEAK_DEFAULT;
void IRQ79_Handler(void) WEAK_DEFAULT;
void IRQ80_Handler(void) WEAK_DEFAULT;
void IRQ81_Handler(void) WEAK_DEFAULT;
void IRQ82_Handler(void) WEAK_DEFAULT;
void IRQ83_Handler(void) WEAK_DEFAULT;
void IRQ84_Handler(void) WEAK_DEFAULT;
void IRQ85_Handler(void) WEAK_DEFAULT;
void IRQ86_Handler(void) WEAK_DEFAULT;
void IRQ87_Handler(void) WEAK_DEFAULT;
void IRQ88_Handler(void) WEAK_DEFAULT;
void IRQ89_Handler(void) WEAK_DEFAULT;
void IRQ90_Handler(void) WEAK_DEFAULT;
void IRQ91_Handler(void) WEAK_DEFAULT;
void IRQ92_Handler(void) WEAK_DEFAULT;
void IRQ93_Handler(void) WEAK_DEFAULT;
void IRQ94_Handler(void) WEAK_DEFAULT;
void IRQ95_Handler(void) WEAK_DEFAULT;

/* The vector table: initial MSP, then the 15 system exceptions, then the
 * 96 external interrupts of the AN547. */
__attribute__((section(".vectors"), used))
const an547_vector __vector_table[16 + AN547_NUM_IRQS] = {
    (an547_vector)(uintptr_t)&__StackTop,
    Reset_Handler,
    NMI_Handler,
    HardFault_Handler,
    MemManage_Handler,
    BusFault_Handler,
    UsageFault_Handler,
    SecureFault_Handler,
    0,
    0,
    0,
    SVC_Handler,
    DebugMon_Handler,
    0,
    PendSV_Handler,
    SysTick_Handler,
    IRQ0_Handler,
    IRQ1_Handler,
    IRQ2_Handler,
    IRQ3_Handler,
    IRQ4_Handler,
    IRQ5_Handler,
    IRQ6_Handler,
    IRQ7_Handler,
    IRQ8_Handler,
    IRQ9_Handler,
    IRQ10_Handler,
    IRQ11_Handler,
    IRQ12_Handler,
    IRQ13_Handler,
    IRQ14_Handler,
    IRQ15_Handler,
    IRQ16_Handler,
    IRQ17_Handler,
    IRQ18_Handler,
    IRQ19_Handler,
    IRQ20_Handler,
    IRQ21_Handler,
    IRQ22_Handler,
    IRQ23_Handler,
    IRQ24_Handler,
    IRQ25_Handler,
    IRQ26_Handler,
    IRQ27_Handler,
    IRQ28_Handler,
    IRQ29_Handler,
    IRQ30_Handler,
    IRQ31_Handler,
    IRQ32_Handler,
    IRQ33_Handler,
    IRQ34_Handler,
    IRQ35_Handler,
    IRQ36_Handler,
    IRQ37_Handler,
    IRQ38_Handler,
    IRQ39_Handler,
    IRQ40_Handler,
    IRQ41_Handler,
    IRQ42_Handler,
    IRQ43_Handler,
    IRQ44_Handler,
    IRQ45_Handler,
    IRQ46_Handler,
    IRQ47_Handler,
    IRQ48_Handler,
    IRQ49_Handler,
    IRQ50_Handler,
    IRQ51_Handler,
    IRQ52_Handler,
    IRQ53_Handler,
    IRQ54_Handler,
    IRQ55_Handler,
    IRQ56_Handler,
    IRQ57_Handler,
    IRQ58_Handler,
    IRQ59_Handler,
    IRQ60_Handler,
    IRQ61_Handler,
    IRQ62_Handler,
    IRQ63_Handler,
    IRQ64_Handler,
    IRQ65_Handler,
    IRQ66_Handler,
    IRQ67_Handler,
    IRQ68_Handler,
    IRQ69_Handler,
    IRQ70_Handler,
    IRQ71_Handler,
    IRQ72_Handler,
    IRQ73_Handler,
    IRQ74_Handler,
    IRQ75_Handler,
    IRQ76_Handler,
    IRQ77_Handler,
    IRQ78_Handler,
    IRQ79_Handler,
    IRQ80_Handler,
    IRQ81_Handler,
    IRQ82_Handler,
    IRQ83_Handler,
    IRQ84_Handler,
    IRQ85_Handler,
    IRQ86_Handler,
    IRQ87_Handler,
    IRQ88_Handler,
    IRQ89_Handler,
    IRQ90_Handler,
    IRQ91_Handler,
    IRQ92_Handler,
    IRQ93_Handler,
    IRQ94_Handler,
    IRQ95_Handler,
};

/* newlib's __libc_init_array runs .preinit_array, _init and .init_array;
 * __libc_fini_array runs .fini_array and then _fini.  Like newlib's crt0 we
 * register the latter with atexit before running the constructors (so that
 * atexit handlers installed later, by constructors or main, run before the
 * destructors).  newlib's own register_fini constructor does nothing here:
 * it only acts when the symbol __libc_fini exists, and nothing defines it.
 * _init and _fini come from crti.o/crtn.o, which -nostartfiles leaves out:
 * they are empty here (everything lives in the arrays). */
extern void __libc_init_array(void);
extern void __libc_fini_array(void);
void _init(void) {}
void _fini(void) {}

/* The copy and zero loops must not become calls to memcpy/memset: at -O2
 * GCC would otherwise replace them (harmless here, but this keeps the
 * reset path self-contained and identical at every optimisation level). */
__attribute__((optimize("no-tree-loop-distribute-patterns")))
void Reset_Handler(void)
{
    SCB_CPACR |= SCB_CPACR_CP10_CP11_FULL;
    an547_dsb();
    an547_isb();

    /* A stack overflow now raises a UsageFault (STKOF) instead of silently
     * running into the heap. */
    __asm volatile("msr msplim, %0" : : "r"(&__StackLimit));
    SCB_VTOR = (uint32_t)(uintptr_t)__vector_table;
    an547_dsb();
    an547_isb();

    /* Turn the L1 caches on, as CMSIS SystemInit does for Cortex-M55
     * devices that have them: invalidate, then set CCR.IC and CCR.DC.
     * Code and data in the TCMs never go through them; the model in flash
     * and data in SRAM do.  (QEMU has no caches and ignores all this.) */
    SCB_ICIALLU = 0;
    SCB_DCISW = 0;
    an547_dsb();
    SCB_CCR |= SCB_CCR_IC | SCB_CCR_DC;
    an547_dsb();
    an547_isb();

    for (const uint32_t *p = __copy_table_start; p < __copy_table_end; p += 3) {
        const uint32_t *src = (const uint32_t *)(uintptr_t)p[0];
        uint32_t *dst = (uint32_t *)(uintptr_t)p[1];
        for (uint32_t n = p[2] / 4; n != 0; n--)
            *dst++ = *src++;
    }
    for (const uint32_t *p = __zero_table_start; p < __zero_table_end; p += 2) {
        uint32_t *dst = (uint32_t *)(uintptr_t)p[0];
        for (uint32_t n = p[1] / 4; n != 0; n--)
            *dst++ = 0;
    }

    __heap_limit = (char *)&__HeapLimit;
    initialise_monitor_handles();

    atexit(__libc_fini_array);
    __libc_init_array();

    exit(main());
}
