/* Fault handling as real firmware does it: our own HardFault, BusFault and
 * UsageFault handlers read CFSR, HFSR and BFAR, record them, step the
 * stacked PC over the faulting instruction (or, for a bad branch target,
 * back to the caller through the stacked LR) and return, and main prints
 * what each fault looked like:
 *   UDF (16- and 32-bit)           UsageFault UNDEFINSTR
 *   SDIV by 0 with CCR.DIV_0_TRP   UsageFault DIVBYZERO
 *   LDM from an unaligned address  UsageFault UNALIGNED (always)
 *   LDR unaligned, CCR.UNALIGN_TRP UsageFault UNALIGNED
 *   load from 0x00080000 (just     BusFault PRECISERR, BFAR = address
 *     past the ITCM: nothing there)
 *   the same with BusFault         HardFault FORCED, CFSR still PRECISERR
 *     disabled in SHCSR
 *   BX to an address with bit 0    UsageFault INVSTATE
 *     clear (ARM state)
 *   a call into the hole           BusFault IBUSERR (instruction fetch)
 */
#include <stdint.h>

#include "an547.h"
#include "check.h"

struct fault_record {
    uint32_t ipsr, cfsr, hfsr, bfar;
    uint16_t insn;   /* first halfword of the faulting instruction */
    int count;
};

static volatile struct fault_record rec;
/* How to resume: 0 = skip the faulting instruction, 1 = return to the
 * caller (stacked PC = stacked LR). */
static volatile int resume_at_lr;

/* frame: r0 r1 r2 r3 r12 lr pc xpsr */
void fault_dispatch(uint32_t *frame)
{
    uint32_t pc = frame[6];
    rec.ipsr = an547_get_ipsr();
    rec.cfsr = SCB_CFSR;
    rec.hfsr = SCB_HFSR;
    rec.bfar = (rec.cfsr & SCB_CFSR_BFARVALID) ? SCB_BFAR : 0;
    rec.count++;
    /* The status bits are write-one-to-clear. */
    SCB_CFSR = rec.cfsr;
    SCB_HFSR = rec.hfsr;
    if (resume_at_lr) {
        rec.insn = 0;
        frame[6] = frame[5] & ~1u;
        /* After an INVSTATE fault the stacked EPSR.T is 0: returning with
         * it would fault again, forever. */
        frame[7] |= 1u << 24;
        return;
    }
    uint16_t hw = *(const uint16_t *)(uintptr_t)pc;
    rec.insn = hw;
    /* 32-bit Thumb instructions start with 0b11101, 0b11110 or 0b11111. */
    frame[6] = pc + ((hw & 0xF800u) >= 0xE800u ? 4u : 2u);
}

/* One entry for all of them: find the frame from EXC_RETURN bit 2.
 * (Global, so that the handlers' branches can name it.) */
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
__attribute__((naked)) void BusFault_Handler(void) { __asm volatile("b fault_entry"); }
__attribute__((naked)) void UsageFault_Handler(void) { __asm volatile("b fault_entry"); }
__attribute__((naked)) void MemManage_Handler(void) { __asm volatile("b fault_entry"); }

static void report(const char *what)
{
    printf("%-22s count %d IPSR %2" PRIu32 " CFSR %08" PRIx32 " HFSR %08" PRIx32 " BFAR %08" PRIx32
           " insn %04x\n", what, rec.count, rec.ipsr, rec.cfsr, rec.hfsr, rec.bfar, rec.insn);
}

static void clear_record(void)
{
    rec.ipsr = rec.cfsr = rec.hfsr = rec.bfar = 0;
    rec.insn = 0;
    rec.count = 0;
}

#define HOLE 0x00080000u  /* first address past the 512 KiB ITCM */

int main(void)
{
    SCB_SHCSR |= SCB_SHCSR_USGFAULTENA | SCB_SHCSR_BUSFAULTENA | SCB_SHCSR_MEMFAULTENA;
    an547_dsb();
    an547_isb();

    clear_record();
    __asm volatile("udf #5" ::: "memory");
    report("udf #5");
    CHECK(rec.count == 1 && rec.ipsr == 6 && rec.cfsr == SCB_CFSR_UNDEFINSTR && rec.insn == 0xDE05);

    clear_record();
    __asm volatile("udf.w #0x1234" ::: "memory");
    report("udf.w #0x1234");
    CHECK(rec.count == 1 && rec.ipsr == 6 && rec.cfsr == SCB_CFSR_UNDEFINSTR && rec.insn == 0xF7F1);

    /* Divide by zero: 0 without the trap, a fault with it. */
    volatile int32_t num = 100, den = 0;
    int32_t q;
    clear_record();
    __asm volatile("sdiv %0, %1, %2" : "=r"(q) : "r"(num), "r"(den));
    CHECK(rec.count == 0 && q == 0);
    SCB_CCR |= SCB_CCR_DIV_0_TRP;
    an547_dsb();
    an547_isb();
    q = 77;
    __asm volatile("sdiv %0, %1, %2" : "+r"(q) : "r"(num), "r"(den));
    report("sdiv by 0 (trap on)");
    CHECK(rec.count == 1 && rec.ipsr == 6 && rec.cfsr == SCB_CFSR_DIVBYZERO && (rec.insn & 0xFFF0u) == 0xFB90u);
    CHECK_EQ(q, 77);  /* the destination was not written */
    SCB_CCR &= ~SCB_CCR_DIV_0_TRP;

    /* LDM needs word alignment whatever CCR says. */
    static uint32_t words[4] = {1, 2, 3, 4};
    clear_record();
    __asm volatile("mov r0, %0\n\tldm r0, {r1, r2}" : : "r"((uintptr_t)words + 2) : "r0", "r1", "r2", "memory");
    report("ldm unaligned");
    CHECK(rec.count == 1 && rec.ipsr == 6 && rec.cfsr == SCB_CFSR_UNALIGNED);

    /* A plain unaligned LDR is fine, until UNALIGN_TRP is set. */
    volatile uint8_t bytes[8] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
    uint32_t v = 0;
    clear_record();
    __asm volatile("ldr %0, [%1]" : "=r"(v) : "r"((uintptr_t)bytes + 1) : "memory");
    CHECK(rec.count == 0 && v == 0x55443322u);
    SCB_CCR |= SCB_CCR_UNALIGN_TRP;
    an547_dsb();
    an547_isb();
    __asm volatile("ldr %0, [%1]" : "=r"(v) : "r"((uintptr_t)bytes + 1) : "memory");
    report("ldr unaligned (trap)");
    CHECK(rec.count == 1 && rec.ipsr == 6 && rec.cfsr == SCB_CFSR_UNALIGNED);
    SCB_CCR &= ~SCB_CCR_UNALIGN_TRP;

    /* A load from nothing: precise BusFault with the address in BFAR. */
    clear_record();
    __asm volatile("ldr %0, [%1]" : "=r"(v) : "r"(HOLE + 0x10u) : "memory");
    report("load from the hole");
    CHECK(rec.count == 1 && rec.ipsr == 5 && rec.cfsr == (SCB_CFSR_PRECISERR | SCB_CFSR_BFARVALID));
    CHECK_EQ(rec.bfar, HOLE + 0x10u);

    /* BusFault disabled: escalates to HardFault (FORCED). */
    SCB_SHCSR &= ~SCB_SHCSR_BUSFAULTENA;
    an547_dsb();
    an547_isb();
    clear_record();
    __asm volatile("ldrb %0, [%1]" : "=r"(v) : "r"(HOLE + 0x123u) : "memory");
    report("escalated to HardFault");
    CHECK(rec.count == 1 && rec.ipsr == 3 && rec.hfsr == SCB_HFSR_FORCED);
    CHECK(rec.cfsr == (SCB_CFSR_PRECISERR | SCB_CFSR_BFARVALID) && rec.bfar == HOLE + 0x123u);
    SCB_SHCSR |= SCB_SHCSR_BUSFAULTENA;
    an547_dsb();
    an547_isb();

    /* BX to an even address: the Thumb bit is clear, INVSTATE.  Resume at
     * the caller. */
    resume_at_lr = 1;
    clear_record();
    void (*arm_state)(void) = (void (*)(void))((uintptr_t)&clear_record & ~1u);
    __asm volatile("blx %0" : : "r"(arm_state) : "r0", "r1", "r2", "r3", "r12", "lr", "memory", "cc");
    report("blx to ARM state");
    CHECK(rec.count == 1 && rec.ipsr == 6 && rec.cfsr == SCB_CFSR_INVSTATE);

    /* A call into the hole: instruction fetch BusFault (no BFAR). */
    clear_record();
    void (*nowhere)(void) = (void (*)(void))(HOLE | 1u);
    __asm volatile("blx %0" : : "r"(nowhere) : "r0", "r1", "r2", "r3", "r12", "lr", "memory", "cc");
    report("call into the hole");
    CHECK(rec.count == 1 && rec.ipsr == 5 && rec.cfsr == SCB_CFSR_IBUSERR);
    resume_at_lr = 0;

    CHECK_EQ(SCB_CFSR, 0);
    CHECK_EQ(SCB_HFSR, 0);
    return check_done("faults");
}
