/* The Armv8-M MPU (PMSAv8, Armv8-M ARM DDI0553 "Protected Memory System
 * Architecture"): 16 regions of MPU_RBAR/MPU_RLAR, MAIR0/1, MPU_CTRL.  The
 * registers live here, in the core, because the data access path checks
 * them: while the MPU is on every data access takes the slow path (the
 * same page table the memory trace uses), so a firmware without the MPU
 * pays nothing.  An access no enabled region allows (wrong privilege, a
 * write to a read-only region, two regions overlapping, no region and
 * PRIVDEFENA clear or unprivileged) is a MemManage fault, DACCVIOL with
 * MMFAR.  Not checked (docs/platform.md): instruction fetches (XN, PXN),
 * exception stacking (MSTKERR/MUNSTKERR).  The data cache follows the
 * regions' memory attributes (cpu_mpu_attributes); instruction fetches
 * keep the default map's. */
#ifndef ETSIM_ISA_MPU_H
#define ETSIM_ISA_MPU_H

#include <stdbool.h>
#include <stdint.h>

#define MPU_REGIONS 16

typedef struct cpu_mpu {
    uint32_t ctrl;                 /* ENABLE 0, HFNMIENA 1, PRIVDEFENA 2 */
    uint32_t rnr;
    uint32_t mair[2];
    uint32_t rbar[MPU_REGIONS], rlar[MPU_REGIONS];
} cpu_mpu_t;

struct cpu;
/* The MPU registers changed (MPU_CTRL above all): switch the data path
 * between its fast page table and the checked slow path.  False when out
 * of memory (the MPU then stays unchecked). */
bool cpu_mpu_changed(struct cpu *cpu);
/* Whether the MPU checks accesses now (enabled, and not switched off for
 * HardFault/NMI by HFNMIENA = 0). */
bool cpu_mpu_active(const struct cpu *cpu);
/* Check a data access of size bytes at addr; a violation faults
 * (MemManage DACCVIOL, does not return). */
void cpu_mpu_check(struct cpu *cpu, uint32_t addr, unsigned size, bool write);
/* The data cache's view of addr while the MPU is active and addr lies in
 * exactly one enabled region: its MAIR attribute decides whether the
 * access is cacheable (Normal memory whose inner attribute is not
 * Non-cacheable) and whether writes allocate (inner Write-Back with write
 * allocation); otherwise *cacheable and *write_allocate are left as the
 * default map set them. */
void cpu_mpu_attributes(const struct cpu *cpu, uint32_t addr, bool *cacheable, bool *write_allocate);

#endif
