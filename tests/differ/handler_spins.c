/* An undefined instruction with the startup code's default handler, which
 * spins (`b .`), as most firmware's do.  On hardware and QEMU the core
 * spins for ever; etsim sees a fault handler that can never return and
 * ends the run with status 3, naming the fault. */
#include <stdio.h>

int main(void)
{
    printf("about to execute UDF\n");
    fflush(stdout);
    __asm volatile("udf #7");
    printf("not reached\n");
    return 0;
}
