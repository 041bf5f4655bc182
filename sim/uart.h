/* Arm CMSDK APB UART (the AN547's UART0..): transmit only; bytes written
 * to DATA with TX enabled go to the firmware output. */
#ifndef ETSIM_SIM_UART_H
#define ETSIM_SIM_UART_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct sim_uart;
bool uart_read(struct sim_uart *u, uint32_t off, uint32_t *value);
bool uart_write(struct sim_uart *u, FILE *out, uint32_t off, uint32_t value);

#endif
