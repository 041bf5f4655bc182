/* The MPS3 FPGA I/O block of the AN547 (Application Note AN547, "FPGA
 * system control and I/O"): LEDs 0x00, buttons 0x08, the 1 Hz and 100 Hz
 * counters 0x10 / 0x14, the cycle up counter 0x18 with its prescaler
 * PRESCALE 0x1C / PSCNTR 0x20, switches 0x28, MISC 0x4C.  The counters
 * are derived from simulated time (the core's cycles), so runs are
 * deterministic; buttons and switches read 0 (nobody presses them). */
#ifndef ETSIM_SIM_FPGAIO_H
#define ETSIM_SIM_FPGAIO_H

#include <stdbool.h>
#include <stdint.h>

typedef struct fpgaio {
    uint64_t clock_hz, cpu_hz;   /* the counter's reference clock; the core's */
    uint32_t led, misc, prescale;
    /* Each counter is its value at its base cycle plus the time since. */
    uint32_t clk1hz0, clk100hz0, counter0;
    uint64_t clk1hz_base, clk100hz_base, counter_base;
} fpgaio_t;

void fpgaio_init(fpgaio_t *f, uint64_t clock_hz, uint64_t cpu_hz);
/* Register at offset off; false: not a register of the block (the caller
 * applies the undocumented-address rule). */
bool fpgaio_read(fpgaio_t *f, uint64_t now, uint32_t off, uint32_t *value);
bool fpgaio_write(fpgaio_t *f, uint64_t now, uint32_t off, uint32_t value);

#endif
