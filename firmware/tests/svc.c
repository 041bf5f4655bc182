/* Supervisor calls: SVC #imm with arguments in r0-r3 and a result in r0,
 * the handler finding the immediate in the SVC instruction through the
 * stacked return address, calls from the process stack (PSP, CONTROL.SPSEL
 * = 1) and from unprivileged thread mode (CONTROL.nPRIV = 1), where an SVC
 * is the way back to privilege.  EXC_RETURN bit 2 tells the handler which
 * stack the frame is on.
 */
#include <stdint.h>

#include "an547.h"
#include "check.h"

static volatile uint32_t last_exc_return;
static volatile uint32_t svc_calls;

/* The C part of the handler: frame = r0, r1, r2, r3, r12, lr, pc, xpsr. */
void svc_dispatch(uint32_t *frame, uint32_t exc_return)
{
    const uint8_t *pc = (const uint8_t *)(uintptr_t)frame[6];
    uint8_t imm = pc[-2];  /* SVC is 0xDFnn: the immediate is the low byte */
    last_exc_return = exc_return;
    svc_calls++;
    switch (imm) {
    case 0:
        frame[0] = frame[0] + frame[1];
        break;
    case 1:
        frame[0] = frame[0] * frame[1] + frame[2] - frame[3];
        break;
    case 42:
        frame[0] = 0x42424242u;
        break;
    case 100: {
        /* Drop privilege: from now on thread mode is unprivileged. */
        uint32_t control;
        __asm volatile("mrs %0, control" : "=r"(control));
        __asm volatile("msr control, %0\n\tisb" : : "r"(control | 1u) : "memory");
        break;
    }
    case 101: {
        /* Give privilege back. */
        uint32_t control;
        __asm volatile("mrs %0, control" : "=r"(control));
        __asm volatile("msr control, %0\n\tisb" : : "r"(control & ~1u) : "memory");
        break;
    }
    case 255:
        frame[0] = an547_get_ipsr();
        break;
    default:
        frame[0] = 0xFFFFFFFFu;
        break;
    }
}

/* The handler proper: picks MSP or PSP from EXC_RETURN bit 2. */
__attribute__((naked)) void SVC_Handler(void)
{
    __asm volatile("tst lr, #4\n\t"
                   "ite eq\n\t"
                   "mrseq r0, msp\n\t"
                   "mrsne r0, psp\n\t"
                   "mov r1, lr\n\t"
                   "push {r4, lr}\n\t"
                   "bl svc_dispatch\n\t"
                   "pop {r4, pc}");
}

static uint32_t svc0(uint32_t a, uint32_t b)
{
    register uint32_t r0 __asm("r0") = a;
    register uint32_t r1 __asm("r1") = b;
    __asm volatile("svc #0" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static uint32_t svc1(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    register uint32_t r0 __asm("r0") = a;
    register uint32_t r1 __asm("r1") = b;
    register uint32_t r2 __asm("r2") = c;
    register uint32_t r3 __asm("r3") = d;
    __asm volatile("svc #1" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r3) : "memory");
    return r0;
}

#define SVC_NOARG(n)                                                      \
    static uint32_t svc_##n(void)                                         \
    {                                                                     \
        register uint32_t r0 __asm("r0") = 0;                             \
        __asm volatile("svc #" #n : "+r"(r0) : : "memory");               \
        return r0;                                                        \
    }

SVC_NOARG(42)
SVC_NOARG(100)
SVC_NOARG(101)
SVC_NOARG(255)
SVC_NOARG(7)

static uint64_t process_stack[256] __attribute__((aligned(8)));

/* run_on_psp(fn, top): runs fn() in thread mode on the process stack (PSP =
 * top, CONTROL.SPSEL = 1), then goes back to the main stack.  Naked, so
 * that no C code runs while the stack pointer changes under it. */
__attribute__((naked)) static void run_on_psp(void (*fn)(void), uint64_t *top)
{
    (void)fn;
    (void)top;
    __asm volatile("push {r4, lr}\n\t"
                   "msr psp, r1\n\t"
                   "mrs r4, control\n\t"
                   "orr r4, r4, #2\n\t"
                   "msr control, r4\n\t"
                   "isb\n\t"
                   "blx r0\n\t"
                   "mrs r4, control\n\t"
                   "bic r4, r4, #2\n\t"
                   "msr control, r4\n\t"
                   "isb\n\t"
                   "pop {r4, pc}");
}

/* Results gathered on the process stack and while unprivileged, printed
 * and checked later from main. */
static volatile uint32_t psp_control, psp_sp_ok, psp_sum, psp_exc_return;
static volatile uint32_t unpriv_control, unpriv_sum, unpriv_exc_return, repriv_control;

static void on_process_stack(void)
{
    uint32_t sp;
    __asm volatile("mov %0, sp" : "=r"(sp));
    psp_control = an547_get_control();
    psp_sp_ok = sp > (uint32_t)(uintptr_t)process_stack && sp <= (uint32_t)(uintptr_t)&process_stack[256];
    psp_sum = svc0(1000, 234);
    psp_exc_return = last_exc_return;

    /* Unprivileged: MRS CONTROL shows nPRIV; SVC #101 brings privilege back. */
    svc_100();
    unpriv_control = an547_get_control();
    unpriv_sum = svc0(5, 6);
    unpriv_exc_return = last_exc_return;
    svc_101();
    repriv_control = an547_get_control();
}

int main(void)
{
    uint32_t r = svc0(40, 2);
    printf("svc #0 (40, 2) -> %" PRIu32 ", EXC_RETURN %08" PRIx32 "\n", r, last_exc_return);
    CHECK_EQ(r, 42);
    /* Thread mode, main stack: EXC_RETURN bit 2 (SPSEL) clear, bit 3 set. */
    CHECK_EQ(last_exc_return & 0xCu, 0x8u);

    r = svc1(6, 7, 100, 8);
    CHECK_EQ(r, 6 * 7 + 100 - 8);
    CHECK_EQ(svc_42(), 0x42424242u);
    CHECK_EQ(svc_255(), 11);  /* IPSR of SVCall */
    CHECK_EQ(svc_7(), 0xFFFFFFFFu);

    run_on_psp(on_process_stack, &process_stack[256]);
    printf("process stack: CONTROL %" PRIu32 ", sp ok %" PRIu32 ", svc result %" PRIu32
           ", EXC_RETURN %08" PRIx32 "\n", psp_control & 3u, psp_sp_ok, psp_sum, psp_exc_return);
    CHECK_EQ(psp_control & 3u, 2u);
    CHECK_EQ(psp_sp_ok, 1);
    CHECK_EQ(psp_sum, 1234);
    CHECK_EQ(psp_exc_return & 0xCu, 0xCu);  /* frame on PSP */
    printf("unprivileged: CONTROL %" PRIu32 ", svc result %" PRIu32 ", then CONTROL %" PRIu32 "\n",
           unpriv_control & 3u, unpriv_sum, repriv_control & 3u);
    CHECK_EQ(unpriv_control & 3u, 3u);
    CHECK_EQ(unpriv_sum, 11);
    CHECK_EQ(unpriv_exc_return & 0xCu, 0xCu);
    CHECK_EQ(repriv_control & 3u, 2u);
    CHECK_EQ(an547_get_control() & 3u, 0u);  /* back on MSP, privileged */

    printf("svc calls: %" PRIu32 "\n", svc_calls);
    CHECK_EQ(svc_calls, 9);

    return check_done("svc");
}
