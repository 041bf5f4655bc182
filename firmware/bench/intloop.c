/* intloop: a long integer loop for `make bench` (tests/bench/run.sh), the
 * host speed of the simulator on plain scalar code.
 *
 * About 2e8 instructions of loads, stores, ALU operations, multiplies and
 * branches over a 1 KiB table (no library calls inside the loop), so that
 * both etsim's and QEMU's start-up costs vanish beside the loop and the two
 * CPU times can be set side by side.  It prints a checksum (the same on
 * every simulator) and exits 0; it checks nothing.
 */
#include <stdint.h>
#include <stdio.h>

#define ROUNDS 40000u
#define TABLE  256u

static uint32_t table[TABLE];

int main(void)
{
    uint32_t x = 0x12345678u, sum = 0;
    for (unsigned i = 0; i < TABLE; i++)
        table[i] = i * 2654435761u;
    for (unsigned r = 0; r < ROUNDS; r++) {
        for (unsigned i = 0; i < TABLE; i++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            uint32_t v = table[(x >> 8) & (TABLE - 1)];
            if (v & 1u)
                sum += v * 3u;
            else
                sum ^= v >> 2;
            table[i] = v + x;
        }
    }
    printf("intloop checksum %08lx\n", (unsigned long)sum);
    return 0;
}
