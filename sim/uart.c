/* CMSDK APB UART registers (Arm CMSDK TRM): DATA 0x00, STATE 0x04, CTRL
 * 0x08, INTSTATUS/INTCLEAR 0x0C, BAUDDIV 0x10.  Transmission is immediate,
 * to out (NULL: the bytes go nowhere, as on QEMU's unconnected UART1-5),
 * so the TX-full bit never sets; as on QEMU, a byte written while TX is
 * disabled is dropped.  With shutdown_on_eot, EOT (0x04) is written out
 * like any byte (QEMU prints it too) and then ends the run with status 0,
 * as the FVP's mps3_board.uart0.shutdown_on_eot does.  Offsets that are no
 * register return false: the bus applies the undocumented-address rule. */
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
    default: {
        /* Peripheral and component ID (CMSDK TRM: the APB UART's PID4,
         * PID5-7, PID0-3, CID0-3). */
        static const uint8_t id[12] = {0x04, 0, 0, 0, 0x21, 0xB8, 0x1B, 0x00, 0x0D, 0xF0, 0x05, 0xB1};
        if (off >= 0xFD0 && off <= 0xFFC) {
            *value = id[(off - 0xFD0) / 4];
            break;
        }
        *value = 0;
        return false;   /* not a register: the caller decides */
    }
    }
    return true;
}

bool uart_write(sim_uart_t *u, FILE *out, uint32_t off, uint32_t value)
{
    switch (off) {
    case 0x00:
        if ((u->ctrl & UART_CTRL_TX_EN) && out) {
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
    default:
        if (off >= 0xFD0 && off <= 0xFFC)
            break;   /* read-only IDs */
        return false;
    }
    return true;
}
