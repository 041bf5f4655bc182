/* WFI with interrupts masked and nothing that could ever wake the core:
 * hardware and QEMU sleep for ever; etsim ends the run with status 3. */
#include <stdio.h>

int main(void)
{
    printf("sleeping with nothing to wake me\n");
    fflush(stdout);
    __asm volatile("cpsid i\n\twfi" ::: "memory");
    printf("woke up\n");
    return 0;
}
