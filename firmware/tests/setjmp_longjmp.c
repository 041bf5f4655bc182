/* setjmp/longjmp: newlib's ARM setjmp saves r4-r11, sp and lr.  We longjmp
 * out of deep recursion, across frames that changed callee-saved registers,
 * and check that volatile locals survive and that longjmp(buf, 0) makes
 * setjmp return 1.
 *
 * Beware: the setjmp of Debian's newlib 3.3 for the v8-M hard-float
 * multilib does NOT save the callee-saved FP registers d8-d15 (it is a
 * plain STMIA of r4-r12, lr), so a double held in a register across setjmp
 * is lost after longjmp.  That is a library limitation, not tested here.
 */
#include <setjmp.h>
#include <stdint.h>

#include "check.h"

static jmp_buf env;
static int depth_reached;

static void dive(int depth, double x)
{
    /* Keep values live across the call so they sit in callee-saved
     * registers (r4-r11, d8-d15) at -O2. */
    volatile char pad[32];
    pad[depth % 32] = (char)depth;
    double y = x * 1.5 + depth;
    int z = depth * 7;
    if (depth == 200) {
        depth_reached = depth;
        longjmp(env, depth);
    }
    if (depth > 1000)  /* never: it only tells GCC the recursion ends */
        return;
    dive(depth + 1, y);
    printf("never printed %d %g %d\n", z, y, pad[0]);
}

/* int_setjmp_check(buf): puts known values in r5..r11, calls setjmp(buf),
 * overwrites r5..r11 and longjmps back; then returns a bit mask of the
 * registers that did not get their values back (0 = all restored).
 * Written in assembly because C cannot pin values in registers across
 * setjmp. */
int int_setjmp_check(jmp_buf buf);
__asm__(
    "    .text\n"
    "    .syntax unified\n"
    "    .thumb\n"
    "    .global int_setjmp_check\n"
    "    .type int_setjmp_check, %function\n"
    "    .thumb_func\n"
    "int_setjmp_check:\n"
    "    push {r4, r5, r6, r7, r8, r9, r10, r11, r12, lr}\n"
    "    mov r4, r0\n"
    "    movw r5, #0x5555\n"
    "    movw r6, #0x6666\n"
    "    movw r7, #0x7777\n"
    "    movw r8, #0x8888\n"
    "    movw r9, #0x9999\n"
    "    movw r10, #0xAAAA\n"
    "    movw r11, #0xBBBB\n"
    "    bl setjmp\n"
    "    cbnz r0, 1f\n"
    "    mvn r5, #0\n"
    "    mvn r6, #0\n"
    "    mvn r7, #0\n"
    "    mvn r8, #0\n"
    "    mvn r9, #0\n"
    "    mvn r10, #0\n"
    "    mvn r11, #0\n"
    "    mov r0, r4\n"
    "    movs r1, #1\n"
    "    bl longjmp\n"
    "1:  movs r0, #0\n"
    "    movw r1, #0x5555\n"
    "    cmp r5, r1\n"
    "    it ne\n"
    "    orrne r0, r0, #1\n"
    "    movw r1, #0x6666\n"
    "    cmp r6, r1\n"
    "    it ne\n"
    "    orrne r0, r0, #2\n"
    "    movw r1, #0x7777\n"
    "    cmp r7, r1\n"
    "    it ne\n"
    "    orrne r0, r0, #4\n"
    "    movw r1, #0x8888\n"
    "    cmp r8, r1\n"
    "    it ne\n"
    "    orrne r0, r0, #8\n"
    "    movw r1, #0x9999\n"
    "    cmp r9, r1\n"
    "    it ne\n"
    "    orrne r0, r0, #16\n"
    "    movw r1, #0xAAAA\n"
    "    cmp r10, r1\n"
    "    it ne\n"
    "    orrne r0, r0, #32\n"
    "    movw r1, #0xBBBB\n"
    "    cmp r11, r1\n"
    "    it ne\n"
    "    orrne r0, r0, #64\n"
    "    pop {r4, r5, r6, r7, r8, r9, r10, r11, r12, pc}\n"
    "    .size int_setjmp_check, . - int_setjmp_check\n");

int main(void)
{
    volatile int count = 0;
    volatile double acc = 0.25;

    int r = setjmp(env);
    if (r == 0) {
        count = 1;
        acc = 2.5;
        dive(0, 1.0);
        CHECK(0); /* not reached */
    }
    printf("returned from recursion: r=%d depth=%d count=%d acc=%g\n", r, depth_reached, count, acc);
    CHECK_EQ(r, 200);
    CHECK_EQ(count, 1);
    CHECK(acc == 2.5);

    /* longjmp with 0 makes setjmp return 1. */
    jmp_buf b2;
    volatile int passes = 0;
    r = setjmp(b2);
    passes++;
    if (passes == 1)
        longjmp(b2, 0);
    CHECK_EQ(r, 1);
    CHECK_EQ(passes, 2);

    /* Callee-saved integer registers r4-r11 are restored by longjmp. */
    jmp_buf b3;
    int lost = int_setjmp_check(b3);
    printf("registers not restored: mask %02x\n", lost);
    CHECK_EQ(lost, 0);

    /* Nested setjmp buffers: an inner jump does not disturb the outer. */
    jmp_buf outer, inner;
    volatile int trace = 0;
    if (setjmp(outer) == 0) {
        if (setjmp(inner) == 0) {
            trace = trace * 10 + 1;
            longjmp(inner, 1);
        }
        trace = trace * 10 + 2;
        longjmp(outer, 1);
    }
    trace = trace * 10 + 3;
    printf("nested trace %d\n", trace);
    CHECK_EQ(trace, 123);

    return check_done("setjmp_longjmp");
}
