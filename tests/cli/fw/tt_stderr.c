/* The firmware's stderr: newlib opens the semihosting ":tt" handle in
 * append mode for it, and etsim (like QEMU) writes it to its own stderr,
 * not stdout (README).  tests/cli/output_streams.sh checks where each line
 * lands. */
#include <stdio.h>

int main(void)
{
    printf("firmware stdout line\n");
    fflush(stdout);
    fprintf(stderr, "firmware stderr line\n");
    return 0;
}
