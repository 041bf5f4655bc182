/* Output through the CMSDK APB UART0 at 0x49303000: set the baud divider,
 * enable the transmitter, write bytes to DATA after waiting for
 * STATE.TXFULL to clear.  QEMU (-nographic) sends UART0 to its stdout; etsim
 * prints UART bytes to its stdout as well, so the diff sees them.
 *
 * Semihosting stdout is a separate path, buffered by newlib (fully when
 * the host's stdout is not a terminal, line by line when it is), so every
 * switch from printf to the UART is preceded by fflush(stdout): then the
 * order of the two streams is fixed whatever the buffering.
 */
#include <stdint.h>

#include "an547.h"
#include "check.h"

static void uart_init(void)
{
    UART0_CTRL = 0;
    UART0_BAUDDIV = 16;  /* the smallest legal divider */
    UART0_CTRL = UART_CTRL_TXEN;
}

static void uart_putc(char c)
{
    while (UART0_STATE & UART_STATE_TXFULL) {
    }
    UART0_DATA = (uint8_t)c;
}

static void uart_puts(const char *s)
{
    while (*s)
        uart_putc(*s++);
}

static void uart_put_hex(uint32_t v)
{
    static const char digits[] = "0123456789abcdef";
    for (int shift = 28; shift >= 0; shift -= 4)
        uart_putc(digits[(v >> shift) & 15u]);
}

int main(void)
{
    uart_init();
    CHECK_EQ(UART0_BAUDDIV, 16);
    CHECK_EQ(UART0_CTRL & 0x7Fu, UART_CTRL_TXEN);

    printf("semihosting: before the UART\n");
    fflush(stdout);
    uart_puts("uart: hello from UART0\n");
    printf("semihosting: between UART lines\n");
    fflush(stdout);
    uart_puts("uart: value 0x");
    uart_put_hex(0xC0FFEE42u);
    uart_puts("\n");

    /* Every byte value that prints, in one line. */
    for (char c = ' '; c <= '~'; c++)
        uart_putc(c);
    uart_putc('\n');

    /* A longer burst: 40 lines. */
    uint32_t sum = 0;
    for (int i = 0; i < 40; i++) {
        uart_puts("uart line ");
        uart_putc((char)('0' + i / 10));
        uart_putc((char)('0' + i % 10));
        uart_putc('\n');
        sum += (uint32_t)i;
    }
    CHECK_EQ(sum, 780);
    printf("semihosting: after the UART\n");
    return check_done("uart_output");
}
