/* The System Control Space (0xE000E000..0xE000EFFF) and its neighbours in
 * the Private Peripheral Bus: NVIC, SCB, SysTick, MPU and SAU registers,
 * FP control, the DWT cycle counter (0xE0001000), the PMU (0xE0003000,
 * sim/pmu.h; its cycle counter is DWT_CYCCNT) and DEMCR. */
#ifndef ETSIM_SIM_SCS_H
#define ETSIM_SIM_SCS_H

#include <stdbool.h>
#include <stdint.h>

#include "../isa/cpu.h"
#include "pmu.h"

#define SCS_BASE 0xE000E000u
#define DWT_BASE 0xE0001000u
#define PPB_BASE 0xE0000000u
#define PPB_SIZE 0x00100000u

typedef struct scs {
    /* SysTick: the counter is derived from the cycle count. */
    uint32_t systick_csr;         /* ENABLE, TICKINT (CLKSOURCE reads as 1) */
    uint32_t systick_rvr;
    uint64_t systick_zero;        /* cycle at which the counter next reaches 0 */
    uint32_t systick_cvr_stopped; /* counter value while disabled */
    bool systick_countflag;
    /* DWT */
    uint32_t dwt_ctrl;            /* CYCCNT is the PMU's cycle counter */
    pmu_t pmu;
    uint32_t demcr;
    uint32_t dfsr;                /* only its PMU bit (5) is set here */
    /* Registers kept so firmware reads back what it wrote (SAU...); the
     * MPU's are the core's (cpu_t.mpu, isa/mpu.h), which enforces them. */
    uint32_t sau_ctrl, sau_rnr, sau_rbar[8], sau_rlar[8];
    uint32_t nsacr, actlr, itns[4];
    bool reset_requested;         /* AIRCR.SYSRESETREQ written */
} scs_t;

void scs_reset(scs_t *s);
/* Register access; false is a bus error. */
bool scs_read(scs_t *s, cpu_t *cpu, uint32_t addr, unsigned size, uint32_t *value);
bool scs_write(scs_t *s, cpu_t *cpu, uint32_t addr, unsigned size, uint32_t value);
/* SysTick and the PMU's overflow interrupt: the cycle of their next event
 * (UINT64_MAX if none), and the event. */
uint64_t scs_next_event(const scs_t *s, const cpu_t *cpu);
void scs_event(scs_t *s, cpu_t *cpu);

#endif
