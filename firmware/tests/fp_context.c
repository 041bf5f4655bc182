/* The floating-point context across an interrupt.  Thread code fills all
 * 32 single-precision registers and FPSCR (round-towards-zero mode, some
 * flags), then pends an interrupt; the handler uses the FPU with values of
 * its own and must find the default FPSCR (from FPDSCR); afterwards the
 * thread must find its registers and FPSCR unchanged.
 *
 * On the way it checks the Armv8-M machinery: EXC_RETURN.FType = 0 (an
 * extended frame) when the thread had used the FPU and 1 when CONTROL.FPCA
 * was clear; CONTROL.FPCA = 0 on handler entry; lazy state preservation
 * (FPCCR.LSPACT = 1 on entry, the space reserved at FPCAR = frame + 0x20,
 * filled with s0-s15 and FPSCR only when the handler first uses the FPU,
 * after which LSPACT = 0).
 */
#include <stdint.h>

#include "an547.h"
#include "check.h"

#define IRQ_FP 95
/* FPSCR bits other than LTPSIZE (18:16), which tail-predicated loops own. */
#define FPSCR_MASK 0xFFF8FFFFu
/* VMSR FPSCR writes LTPSIZE too, and it must stay 4 (no tail predication)
 * outside DLSTP/LETP loops: with the FPU active, an LE instruction raises
 * an INVSTATE UsageFault when LTPSIZE is not 4. */
#define FPSCR_LTPSIZE_4 0x00040000u

struct irq_view {
    uint32_t exc_return, control, fpccr_entry, fpccr_after, fpcar, frame;
    uint32_t fpscr_in_handler, third_bits;
    uint32_t saved[17];  /* s0-s15 and FPSCR from the lazy area */
    int runs;
};

static volatile struct irq_view view;
static const uint32_t pattern_handler[32] = {
    0x3F800000u, 0x40000000u, 0x40400000u, 0x40800000u, 0x40A00000u, 0x40C00000u, 0x40E00000u, 0x41000000u,
    0xBF800000u, 0xC0000000u, 0xC0400000u, 0xC0800000u, 0xC0A00000u, 0xC0C00000u, 0xC0E00000u, 0xC1000000u,
    0x3F000000u, 0x3E800000u, 0x3E000000u, 0x3D800000u, 0x3D000000u, 0x3C800000u, 0x3C000000u, 0x3B800000u,
    0x7F7FFFFFu, 0x00800000u, 0x00000001u, 0x80000001u, 0x7F800000u, 0xFF800000u, 0x00000000u, 0x80000000u};

/* Called from the naked handler with what it saw before any FP use. */
void fp_irq_body(uint32_t exc_return, uint32_t control, uint32_t frame, uint32_t fpccr)
{
    view.exc_return = exc_return;
    view.control = control;
    view.frame = frame;
    view.fpccr_entry = fpccr;
    view.fpcar = FPU_FPCAR;
    view.runs++;

    /* First FP instruction of the handler: triggers the lazy save. */
    uint32_t fpscr, third;
    __asm volatile("vldm %[p], {s0-s31}\n\t"
                   "vmrs %[fpscr], fpscr\n\t"
                   "vmov s1, %[one]\n\t"
                   "vmov s2, %[three]\n\t"
                   "vdiv.f32 s0, s1, s2\n\t"
                   "vmov %[third], s0"
                   : [fpscr] "=&r"(fpscr), [third] "=&r"(third)
                   : [p] "r"(pattern_handler), [one] "r"(0x3F800000u), [three] "r"(0x40400000u)
                   : "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12",
                     "s13", "s14", "s15", "s16", "s17", "s18", "s19", "s20", "s21", "s22", "s23",
                     "s24", "s25", "s26", "s27", "s28", "s29", "s30", "s31", "memory");
    view.fpscr_in_handler = fpscr;
    view.third_bits = third;
    view.fpccr_after = FPU_FPCCR;
    if (exc_return & 0x10u)
        return;  /* standard frame: nothing saved */
    const volatile uint32_t *area = (const volatile uint32_t *)(uintptr_t)view.fpcar;
    for (int i = 0; i < 17; i++)
        view.saved[i] = area[i];
}

__attribute__((naked)) void IRQ95_Handler(void)
{
    __asm volatile("mov r0, lr\n\t"
                   "mrs r1, control\n\t"
                   "mov r2, sp\n\t"
                   "ldr r3, =0xE000EF34\n\t"  /* FPCCR */
                   "ldr r3, [r3]\n\t"
                   "push {r4, lr}\n\t"
                   "bl fp_irq_body\n\t"
                   "pop {r4, pc}\n\t"
                   ".ltorg");
}

static uint32_t pattern_thread[32];
static uint32_t after[32];

/* Load s0-s31 and FPSCR, pend the interrupt, store s0-s31 and FPSCR. */
static uint32_t run_with_fp_live(uint32_t fpscr_in)
{
    uint32_t fpscr_out;
    __asm volatile("vldm %[a], {s0-s31}\n\t"
                   "vmsr fpscr, %[fi]\n\t"
                   "str %[bit], [%[ispr]]\n\t"
                   "dsb\n\t"
                   "isb\n\t"
                   "vstm %[out], {s0-s31}\n\t"
                   "vmrs %[fo], fpscr"
                   : [fo] "=&r"(fpscr_out)
                   : [a] "r"(pattern_thread), [fi] "r"(fpscr_in), [bit] "r"(NVIC_BIT(IRQ_FP)),
                     [ispr] "r"(&NVIC_ISPR(IRQ_FP)), [out] "r"(after)
                   : "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12",
                     "s13", "s14", "s15", "s16", "s17", "s18", "s19", "s20", "s21", "s22", "s23",
                     "s24", "s25", "s26", "s27", "s28", "s29", "s30", "s31", "memory");
    return fpscr_out;
}

int main(void)
{
    uint32_t seed = 0x5EED;
    for (int i = 0; i < 32; i++)
        pattern_thread[i] = check_rand(&seed);
    an547_nvic_set_priority(IRQ_FP, 0x40);
    an547_nvic_enable(IRQ_FP);

    CHECK((FPU_FPCCR & (FPU_FPCCR_ASPEN | FPU_FPCCR_LSPEN)) == (FPU_FPCCR_ASPEN | FPU_FPCCR_LSPEN));

    /* 1. FP live in the thread: extended frame, lazy save. */
    uint32_t fpscr_in = 0xA0C00010u | FPSCR_LTPSIZE_4;  /* N, C flags; RMode = RZ; IXC */
    uint32_t fpscr_out = run_with_fp_live(fpscr_in);
    int regs_ok = memcmp(after, pattern_thread, sizeof after) == 0;
    printf("thread: registers preserved %s, FPSCR %08" PRIx32 " -> %08" PRIx32 "\n", regs_ok ? "yes" : "no",
           fpscr_in, fpscr_out);
    CHECK(regs_ok);
    CHECK_EQ(fpscr_out, fpscr_in);
    CHECK_EQ(view.runs, 1);
    printf("handler: EXC_RETURN %08" PRIx32 " FType %" PRIu32 " CONTROL.FPCA %" PRIu32
           " LSPACT %" PRIu32 "->%" PRIu32 " FPCAR-frame %" PRId32 "\n",
           view.exc_return, (view.exc_return >> 4) & 1u, (view.control >> 2) & 1u,
           view.fpccr_entry & 1u, view.fpccr_after & 1u, (int32_t)(view.fpcar - view.frame));
    CHECK_EQ((view.exc_return >> 4) & 1u, 0);
    CHECK_EQ((view.control >> 2) & 1u, 0);
    CHECK_EQ(view.fpccr_entry & FPU_FPCCR_LSPACT, FPU_FPCCR_LSPACT);
    CHECK_EQ(view.fpccr_after & FPU_FPCCR_LSPACT, 0);
    CHECK_EQ(view.fpcar - view.frame, 0x20u);
    printf("handler: FPSCR %08" PRIx32 " 1/3 = %08" PRIx32 "\n", view.fpscr_in_handler & FPSCR_MASK,
           view.third_bits);
    CHECK_EQ(view.fpscr_in_handler & FPSCR_MASK, FPU_FPDSCR & FPSCR_MASK);
    CHECK_EQ(view.third_bits, 0x3EAAAAABu);  /* round to nearest, not RZ */
    int saved_ok = 1;
    for (int i = 0; i < 16; i++)
        saved_ok &= view.saved[i] == pattern_thread[i];
    saved_ok &= view.saved[16] == fpscr_in;
    printf("lazy area holds s0-s15 and FPSCR: %s\n", saved_ok ? "yes" : "no");
    CHECK(saved_ok);

    /* 2. FPCA cleared: the same interrupt gets a standard frame. */
    uint32_t exc;
    __asm volatile("mrs r0, control\n\t"
                   "bic r0, r0, #4\n\t"
                   "msr control, r0\n\t"
                   "isb\n\t"
                   "str %[bit], [%[ispr]]\n\t"
                   "dsb\n\t"
                   "isb"
                   :
                   : [bit] "r"(NVIC_BIT(IRQ_FP)), [ispr] "r"(&NVIC_ISPR(IRQ_FP))
                   : "r0", "memory");
    exc = view.exc_return;
    printf("without FP context: EXC_RETURN %08" PRIx32 " FType %" PRIu32 " LSPACT at entry %" PRIu32 "\n", exc,
           (exc >> 4) & 1u, view.fpccr_entry & 1u);
    CHECK_EQ(view.runs, 2);
    CHECK_EQ((exc >> 4) & 1u, 1);
    CHECK_EQ(view.fpccr_entry & FPU_FPCCR_LSPACT, 0);

    /* 3. Back in the thread, FP works and CONTROL.FPCA is set again. */
    volatile float x = 1.5f;
    float y = x * x;
    CHECK(y == 2.25f);
    CHECK((an547_get_control() & 4u) != 0);

    return check_done("fp_context");
}
