/* What the Ethos-U driver needs from the CPU around the NPU's registers.
 * ethosu_m55.c implements it for the Cortex-M55 of the AN547 (SCB cache
 * maintenance by address, WFI, NVIC, a BusFault-safe probe); a host test
 * may implement it over a fake register file. */
#ifndef ETHOSU_PLATFORM_H
#define ETHOSU_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ethosu_drv;

/* 32-bit register access (volatile, device memory on the target). */
uint32_t ethosu_plat_read(uintptr_t addr);
void ethosu_plat_write(uintptr_t addr, uint32_t value);

/* Reads a word where there may be nothing: false if the access raised a
 * bus error (the firmware must not crash when the NPU is absent). */
bool ethosu_plat_probe(uintptr_t addr, uint32_t *value);

/* Routes the NPU interrupt to ethosu_drv_irq(d) and enables it. */
void ethosu_plat_irq_attach(struct ethosu_drv *d);

/* Sleeps until d->irq_seen (set by the interrupt). */
void ethosu_plat_wait(struct ethosu_drv *d);

/* D-cache maintenance by address range: write dirty lines back before the
 * NPU reads memory; drop stale lines after it wrote. */
void ethosu_plat_clean_dcache(uintptr_t addr, size_t bytes);
void ethosu_plat_invalidate_dcache(uintptr_t addr, size_t bytes);

#endif
