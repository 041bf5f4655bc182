/* CMSDK APB UART registers (Arm CMSDK TRM): DATA 0x00, STATE 0x04, CTRL
 * 0x08, INTSTATUS/INTCLEAR 0x0C, BAUDDIV 0x10.  Transmission is immediate,
 * so the TX-full bit never sets; as on QEMU, a byte written while TX is
 * disabled is dropped.  With shutdown_on_eot, EOT (0x04) is written out
 * like any byte (QEMU prints it too) and then ends the run with status 0,
 * as the FVP's mps3_board.uart0.shutdown_on_eot does. */
#include "uart.h"

#include "machine.h"

#define UART_CTRL_TX_EN 1u
#define UART_EOT 0x04u

bool uart_read(sim_uart_t *u, uint32_t off, uint32_t *value)
{
    switch (off) {
    case 0x00: *value = 0; break;            /* no receive data */
    case 0x04: *value = 0; break;            /* TX not full, RX empty */
    case 0x08: *value = u->ctrl; break;
    case 0x0C: *value = u->intstatus; break;
    case 0x10: *value = u->bauddiv; break;
    default: *value = 0; break;
    }
    return true;
}

bool uart_write(sim_uart_t *u, FILE *out, uint32_t off, uint32_t value)
{
    switch (off) {
    case 0x00:
        if (u->ctrl & UART_CTRL_TX_EN) {
            fputc((int)(value & 0xFFu), out);
            if ((value & 0xFFu) == '\n')
                fflush(out);
            if ((value & 0xFFu) == UART_EOT && u->shutdown_on_eot) {
                fflush(out);
                cpu_request_stop(u->m->cpu, STOP_EXIT, 0);
            }
        }
        break;
    case 0x08: u->ctrl = value & 0x7Fu; break;
    case 0x0C: u->intstatus &= ~value; break;
    case 0x10: u->bauddiv = value & 0xFFFFFu; break;
    default: break;
    }
    return true;
}
