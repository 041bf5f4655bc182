/* A non-zero exit status: exit(3) must reach the host as the process exit
 * status (librdimon uses SYS_EXIT_EXTENDED with ADP_Stopped_ApplicationExit
 * and subcode 3, after finding the feature in ":semihosting-features").
 * On the way out newlib runs the atexit handlers (in reverse order of
 * registration) and flushes stdout, so everything printed here must
 * appear, in order.  The diff harness expects status 3 from this program.
 */
#include <stdlib.h>

#include "check.h"

static void first_registered(void)
{
    printf("atexit: first registered, runs last\n");
}

static void second_registered(void)
{
    printf("atexit: second registered, runs first\n");
}

int main(void)
{
    CHECK(atexit(first_registered) == 0);
    CHECK(atexit(second_registered) == 0);
    /* No newline: only the flush at exit pushes this out. */
    printf("partial line before exit...");
    if (check_failures != 0)
        return 1;
    exit(3);
}
