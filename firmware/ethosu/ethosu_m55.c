/* The Ethos-U driver's platform on the AN547's Cortex-M55 (ethosu_platform.h):
 * device register access, a load that survives a BusFault, the NPU's
 * interrupt (IRQ 56) and D-cache maintenance by address through the SCB,
 * as CMSIS's SCB_CleanDCache_by_Addr / SCB_InvalidateDCache_by_Addr do. */
#include <stdint.h>

#include "an547.h"
#include "ethosu_driver.h"
#include "ethosu_platform.h"

#define SCB_DCIMVAC  AN547_REG32(0xE000EF5Cu)  /* invalidate D-cache line by address */
#define SCB_DCCMVAC  AN547_REG32(0xE000EF68u)  /* clean D-cache line by address */
#define SCB_DCCIMVAC AN547_REG32(0xE000EF70u)  /* clean and invalidate by address */
#define DCACHE_LINE  32u                       /* Cortex-M55 L1 D-cache line */
#define NPU_IRQ_PRIORITY 0x40u

/* The one driver the NPU's interrupt serves: the vector table has no
 * argument to pass, so the firmware keeps it here (as Arm's driver keeps
 * its list of registered drivers). */
static ethosu_drv *irq_driver;

uint32_t ethosu_plat_read(uintptr_t addr) { return AN547_REG32(addr); }
void ethosu_plat_write(uintptr_t addr, uint32_t value) { AN547_REG32(addr) = value; }

/* ---- a load that may BusFault ------------------------------------------
 * probe_load(addr) returns the word in r0 and 0 in r1; if the load faults,
 * the BusFault handler below sees its PC, makes r1 = 1 and resumes after
 * it.  Any other BusFault spins like the default handler, so a real crash
 * still shows as one. */
uint64_t ethosu_probe_load(uint32_t addr);
extern const char ethosu_probe_insn[], ethosu_probe_resume[];
__asm__(".text\n"
        ".balign 4\n"
        ".global ethosu_probe_load\n"
        ".thumb_func\n"
        ".type ethosu_probe_load, %function\n"
        "ethosu_probe_load:\n"
        "    movs r1, #0\n"
        ".global ethosu_probe_insn\n"
        "ethosu_probe_insn:\n"
        "    ldr r0, [r0]\n"
        ".global ethosu_probe_resume\n"
        "ethosu_probe_resume:\n"
        "    bx lr\n"
        ".size ethosu_probe_load, . - ethosu_probe_load\n");

/* frame: r0 r1 r2 r3 r12 lr pc xpsr (the hardware-stacked registers) */
void ethosu_busfault_dispatch(uint32_t *frame);
void ethosu_busfault_dispatch(uint32_t *frame)
{
    if (frame[6] != ((uint32_t)(uintptr_t)ethosu_probe_insn & ~1u)) {
        for (;;) {
        }
    }
    SCB_CFSR = SCB_CFSR & 0xFF00u;  /* clear the BusFault status (write one to clear) */
    frame[0] = 0;
    frame[1] = 1;
    frame[6] = (uint32_t)(uintptr_t)ethosu_probe_resume & ~1u;
}

__attribute__((naked)) void BusFault_Handler(void)
{
    __asm volatile("tst lr, #4\n\t"
                   "ite eq\n\t"
                   "mrseq r0, msp\n\t"
                   "mrsne r0, psp\n\t"
                   "push {r4, lr}\n\t"
                   "bl ethosu_busfault_dispatch\n\t"
                   "pop {r4, pc}");
}

bool ethosu_plat_probe(uintptr_t addr, uint32_t *value)
{
    /* A BusFault escalates to HardFault unless it is enabled. */
    uint32_t shcsr = SCB_SHCSR;
    SCB_SHCSR = shcsr | SCB_SHCSR_BUSFAULTENA;
    an547_dsb();
    an547_isb();
    uint64_t r = ethosu_probe_load((uint32_t)addr);
    SCB_SHCSR = shcsr;
    an547_dsb();
    an547_isb();
    *value = (uint32_t)r;
    return (uint32_t)(r >> 32) == 0;
}

/* ---- interrupt ------------------------------------------------------- */

void IRQ56_Handler(void);
void IRQ56_Handler(void)
{
    if (irq_driver != NULL)
        ethosu_drv_irq(irq_driver);
}

void ethosu_plat_irq_attach(ethosu_drv *d)
{
    irq_driver = d;
    an547_nvic_set_priority(ETHOSU_AN547_IRQ, NPU_IRQ_PRIORITY);
    an547_nvic_unpend(ETHOSU_AN547_IRQ);
    an547_nvic_enable(ETHOSU_AN547_IRQ);
}

/* Sleep until the interrupt, without missing one that comes between the
 * test and the WFI: with PRIMASK set a pending interrupt still ends WFI,
 * and it is taken when PRIMASK is cleared. */
void ethosu_plat_wait(ethosu_drv *d)
{
    uint32_t primask = an547_get_primask();
    an547_irq_disable();
    while (!d->irq_seen) {
        __asm volatile("wfi" ::: "memory");
        an547_irq_enable();
        an547_isb();
        an547_irq_disable();
    }
    if (!primask)
        an547_irq_enable();
}

/* ---- D-cache by address (to the point of coherency) ------------------- */

void ethosu_plat_clean_dcache(uintptr_t addr, size_t bytes)
{
    if (bytes == 0)
        return;
    an547_dsb();
    for (uintptr_t a = addr & ~(uintptr_t)(DCACHE_LINE - 1); a < addr + bytes; a += DCACHE_LINE)
        SCB_DCCMVAC = (uint32_t)a;
    an547_dsb();
    an547_isb();
}

/* A line only partly inside the range may hold someone else's dirty data:
 * clean it as well as invalidating it. */
void ethosu_plat_invalidate_dcache(uintptr_t addr, size_t bytes)
{
    if (bytes == 0)
        return;
    uintptr_t end = addr + bytes;
    an547_dsb();
    for (uintptr_t a = addr & ~(uintptr_t)(DCACHE_LINE - 1); a < end; a += DCACHE_LINE) {
        bool whole = a >= addr && a + DCACHE_LINE <= end;
        if (whole)
            SCB_DCIMVAC = (uint32_t)a;
        else
            SCB_DCCIMVAC = (uint32_t)a;
    }
    an547_dsb();
    an547_isb();
}
