/* A failed assert(): newlib prints "assertion ... failed" to stderr and
 * calls abort(), which raises SIGABRT; librdimon's _kill turns that into
 * SYS_EXIT_EXTENDED with reason ADP_Stopped_RunTimeErrorUnknown (0x20023),
 * and QEMU exits with status 1 for any reason other than ApplicationExit.
 * stdout printed before must still be there (abort does not flush stdio,
 * so we flush by hand, as firmware that wants its log must).  The diff
 * harness expects status 1 from this program.
 */
#undef NDEBUG
#include <assert.h>

#include "check.h"

static int triangle(int n)
{
    return n * (n + 1) / 2;
}

int main(void)
{
    volatile int n = 10;
    printf("triangle(10) = %d\n", triangle(n));
    CHECK_EQ(triangle(n), 55);
    assert(triangle(n) == 55);  /* holds */
    printf("about to fail an assertion\n");
    fflush(stdout);
    assert(triangle(n) == 56);  /* does not: abort */
    printf("not reached\n");
    return 0;
}
