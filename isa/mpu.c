/* The PMSAv8 MPU checks (isa/mpu.h). */
#include "mpu.h"

#include "cpu.h"
#include "mem_access.h"

#define MPU_CTRL_ENABLE 1u
#define MPU_CTRL_HFNMIENA 2u
#define MPU_CTRL_PRIVDEFENA 4u
#define RLAR_EN 1u
#define RBAR_AP_RO 4u      /* AP[2]: read-only */
#define RBAR_AP_ANY 2u     /* AP[1]: unprivileged access too */
#define PPB_START 0xE0000000u

bool cpu_mpu_active(const cpu_t *cpu)
{
    if (!(cpu->mpu.ctrl & MPU_CTRL_ENABLE))
        return false;
    /* HardFault, NMI and FAULTMASK run with the MPU off unless HFNMIENA. */
    bool negative = cpu->ipsr == EXC_HARDFAULT || cpu->ipsr == EXC_NMI || cpu->faultmask;
    return !negative || (cpu->mpu.ctrl & MPU_CTRL_HFNMIENA);
}

static bool privileged(const cpu_t *cpu)
{
    return cpu->ipsr != 0 || (cpu->control & 1u) == 0;
}

/* Whether one byte address may be accessed. */
static bool allowed(const cpu_t *cpu, uint32_t addr, bool write)
{
    if (addr >= PPB_START)
        return true;   /* the PPB and vendor system space: the default map, always */
    int hit = -1;
    for (int n = 0; n < MPU_REGIONS; n++) {
        uint32_t rlar = cpu->mpu.rlar[n];
        if (!(rlar & RLAR_EN))
            continue;
        uint32_t base = cpu->mpu.rbar[n] & ~0x1Fu, limit = rlar | 0x1Fu;
        if (addr < base || addr > limit)
            continue;
        if (hit >= 0)
            return false;   /* in two regions: a fault in PMSAv8 */
        hit = n;
    }
    bool priv = privileged(cpu);
    if (hit < 0)
        return priv && (cpu->mpu.ctrl & MPU_CTRL_PRIVDEFENA);
    uint32_t ap = cpu->mpu.rbar[hit];
    if (!priv && !(ap & RBAR_AP_ANY))
        return false;
    return !(write && (ap & RBAR_AP_RO));
}

void cpu_mpu_check(cpu_t *cpu, uint32_t addr, unsigned size, bool write)
{
    if (!cpu_mpu_active(cpu))
        return;
    /* Regions are 32-byte granular: the first and last byte decide. */
    if (!allowed(cpu, addr, write))
        cpu_fault(cpu, FAULT_DACCVIOL, addr);
    if (size > 1 && !allowed(cpu, addr + size - 1, write))
        cpu_fault(cpu, FAULT_DACCVIOL, addr + size - 1);
}

void cpu_mpu_attributes(const cpu_t *cpu, uint32_t addr, bool *cacheable, bool *write_allocate)
{
    if (!cpu_mpu_active(cpu) || addr >= PPB_START)
        return;
    int hit = -1;
    for (int n = 0; n < MPU_REGIONS; n++) {
        uint32_t rlar = cpu->mpu.rlar[n];
        if ((rlar & RLAR_EN) && addr >= (cpu->mpu.rbar[n] & ~0x1Fu) && addr <= (rlar | 0x1Fu)) {
            if (hit >= 0)
                return;   /* overlapping regions fault before they are cached */
            hit = n;
        }
    }
    if (hit < 0)
        return;
    unsigned idx = (cpu->mpu.rlar[hit] >> 1) & 7u;
    uint8_t attr = (uint8_t)(cpu->mpu.mair[idx / 4] >> (8 * (idx % 4)));
    unsigned outer = attr >> 4, inner = attr & 0xFu;
    if (outer == 0) {   /* Device memory */
        *cacheable = *write_allocate = false;
        return;
    }
    /* Inner: 0b0100 Non-cacheable; 0b00RW / 0b10RW Write-Through; 0b01RW /
     * 0b11RW Write-Back (RW != 0 for the transient encodings); W: write
     * allocation (Armv8-M ARM, MAIR_ATTR). */
    if (inner == 0x4u || inner == 0) {
        *cacheable = *write_allocate = false;
        return;
    }
    bool write_back = (inner & 0x4u) != 0;
    *cacheable = true;
    *write_allocate = write_back && (inner & 1u);
}
