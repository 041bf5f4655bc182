/* The PMSAv8 MPU enforced (isa/mpu.h, docs/platform.md): regions with
 * PRIVDEFENA (the default map behind them for privileged code):
 *   store to a read-only region          MemManage DACCVIOL + MMARVALID,
 *                                         MMFAR = the address; loads work
 *   load from two overlapping regions    MemManage DACCVIOL
 *   the same with MemManage disabled     HardFault FORCED, CFSR DACCVIOL
 *   PRIVDEFENA clear, outside regions    the handler's own stack is in a
 *                                         region, the access faults
 *   MPU off                               the store works
 * The handler records the fault and steps over the instruction.
 */
#include <stdint.h>

#include "an547.h"
#include "check.h"

#define MPU_CTRL AN547_REG32(0xE000ED94u)
#define MPU_RNR  AN547_REG32(0xE000ED98u)
#define MPU_RBAR AN547_REG32(0xE000ED9Cu)
#define MPU_RLAR AN547_REG32(0xE000EDA0u)
#define MPU_MAIR0 AN547_REG32(0xE000EDC0u)
#define CTRL_ENABLE 1u
#define CTRL_PRIVDEFENA 4u
#define AP_RW_PRIV 0u
#define AP_RO_ANY 6u

static volatile uint32_t ro_buf[16] __attribute__((aligned(32)));
static volatile uint32_t ov_buf[8] __attribute__((aligned(32)));
static volatile uint32_t rw_buf[8] __attribute__((aligned(32)));

static volatile struct { uint32_t ipsr, cfsr, hfsr, mmfar; int count; } rec;

void fault_dispatch(uint32_t *frame);
void fault_dispatch(uint32_t *frame)
{
    rec.ipsr = an547_get_ipsr();
    rec.cfsr = SCB_CFSR;
    rec.hfsr = SCB_HFSR;
    rec.mmfar = (rec.cfsr & SCB_CFSR_MMARVALID) ? SCB_MMFAR : 0;
    rec.count++;
    SCB_CFSR = rec.cfsr;
    SCB_HFSR = rec.hfsr;
    uint16_t hw = *(const uint16_t *)(uintptr_t)frame[6];
    frame[6] += (hw & 0xF800u) >= 0xE800u ? 4u : 2u;
}

void fault_entry(void);
__attribute__((naked)) void fault_entry(void)
{
    __asm volatile("tst lr, #4\n\t"
                   "ite eq\n\t"
                   "mrseq r0, msp\n\t"
                   "mrsne r0, psp\n\t"
                   "push {r4, lr}\n\t"
                   "bl fault_dispatch\n\t"
                   "pop {r4, pc}");
}

__attribute__((naked)) void HardFault_Handler(void) { __asm volatile("b fault_entry"); }
__attribute__((naked)) void MemManage_Handler(void) { __asm volatile("b fault_entry"); }

static void region(unsigned n, uintptr_t base, uintptr_t limit, uint32_t ap)
{
    MPU_RNR = n;
    MPU_RBAR = (uint32_t)base | ap;
    MPU_RLAR = ((uint32_t)limit & ~0x1Fu) | 1u;   /* AttrIndx 0, enabled */
}

static void mpu_on(uint32_t ctrl)
{
    an547_dsb();
    MPU_CTRL = ctrl;
    an547_dsb();
    an547_isb();
}

static void report(const char *what, uintptr_t base)
{
    printf("%-34s faults %d ipsr %2u cfsr %08x hfsr %08x mmfar %s+%u\n", what, rec.count,
           (unsigned)rec.ipsr, (unsigned)rec.cfsr, (unsigned)rec.hfsr, rec.mmfar ? "buf" : "none",
           rec.mmfar ? (unsigned)(rec.mmfar - (uint32_t)base) : 0u);
    rec.count = 0;
    rec.ipsr = rec.cfsr = rec.hfsr = rec.mmfar = 0;
}

int main(void)
{
    SCB_SHCSR |= SCB_SHCSR_MEMFAULTENA;
    MPU_MAIR0 = 0xFFu;   /* attribute 0: normal memory, write-back */
    uintptr_t ro = (uintptr_t)ro_buf, ov = (uintptr_t)ov_buf;
    region(0, ro + 32, ro + 63, AP_RO_ANY);          /* the second half of ro_buf */
    region(1, ov, ov + 31, AP_RW_PRIV);
    region(2, ov, ov + 31, AP_RW_PRIV);             /* overlaps region 1 */
    ro_buf[8] = 42;
    mpu_on(CTRL_ENABLE | CTRL_PRIVDEFENA);

    uint32_t v = ro_buf[8];
    report("load from read-only region", ro);
    CHECK_EQ(v, 42u);
    ro_buf[9] = 7;
    report("store to read-only region", ro);
    CHECK_EQ(ro_buf[9], 0u);
    ro_buf[0] = 5;
    report("store below the region", ro);
    v = ov_buf[0];
    report("load from overlapping regions", ov);
    rw_buf[0] = 1;
    report("store outside every region", (uintptr_t)rw_buf);

    SCB_SHCSR &= ~SCB_SHCSR_MEMFAULTENA;
    ro_buf[10] = 9;
    report("store, MemManage disabled", ro);
    SCB_SHCSR |= SCB_SHCSR_MEMFAULTENA;

    mpu_on(0);
    ro_buf[11] = 3;
    report("store with the MPU off", ro);
    CHECK_EQ(ro_buf[11], 3u);
    (void)v;
    printf("mpu: %s\n", check_failures ? "FAIL" : "ok");
    return check_failures ? 1 : 0;
}
