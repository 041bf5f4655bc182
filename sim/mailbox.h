/* The mailbox between the M55 and the DSP (HIFI.md 5.6, after NXP RT600's
 * Messaging Unit and Arm's MHU): two directions, each with four 32-bit
 * message registers and a doorbell that raises the receiver's interrupt
 * line until the receiver clears it.  Both sides see the same register
 * map (the M55 at the SoC's mailbox base, the DSP over its bus port at the
 * same address); each register has one writer, and a write from the other
 * side is ignored.  Registers are 32-bit; another size or an offset
 * outside the map is a bus error.
 *
 * This file knows neither the SoC nor the DSP: the lines go through
 * callbacks (sim/dsp.c wires them to the NVIC and the DSP's input). */
#ifndef ETSIM_SIM_MAILBOX_H
#define ETSIM_SIM_MAILBOX_H

#include <stdbool.h>
#include <stdint.h>

/* Offsets (keep in step with firmware/include/etsim_dsp.h when it exists). */
#define MBOX_A2D_MSG0 0x00u   /* M55 -> DSP messages 0-3 (0x00-0x0C): M55 writes, both read */
#define MBOX_D2A_MSG0 0x10u   /* DSP -> M55 messages 0-3 (0x10-0x1C): DSP writes, both read */
#define MBOX_A2D_SET  0x20u   /* M55 writes 1: ring the DSP; reads: bit 0 the DSP's doorbell */
#define MBOX_A2D_CLR  0x24u   /* DSP writes 1: clear its doorbell (its line drops); reads as A2D_SET */
#define MBOX_D2A_SET  0x28u   /* DSP writes 1: ring the M55 (as `wsr doorbell`); reads: bit 0 the M55's doorbell */
#define MBOX_D2A_CLR  0x2Cu   /* M55 writes 1: clear its doorbell; reads as D2A_SET */
#define MBOX_REG_END  0x30u   /* the mailbox's registers end here (sim/dsp.c adds control registers) */

typedef enum mbox_side { MBOX_HOST, MBOX_DSP } mbox_side_t;

typedef struct mailbox {
    uint32_t a2d_msg[4], d2a_msg[4];
    bool a2d_bell, d2a_bell;
    uint64_t a2d_rings, d2a_rings;   /* doorbells rung (a ring while set counts too) */
    void *ctx;
    void (*dsp_line)(void *ctx, bool level);    /* the DSP's interrupt input */
    void (*host_line)(void *ctx, bool level);   /* the M55's interrupt (NVIC line) */
} mailbox_t;

/* Everything cleared and both lines low. */
void mailbox_reset(mailbox_t *mb);

/* A register access from one side at byte offset off < MBOX_REG_END;
 * false (bus error) for a size other than 4 or a misaligned offset. */
bool mailbox_read(const mailbox_t *mb, mbox_side_t side, uint32_t off, unsigned size, uint32_t *value);
bool mailbox_write(mailbox_t *mb, mbox_side_t side, uint32_t off, unsigned size, uint32_t value);

/* The DSP's `wsr doorbell` (and a fault, so that a waiting M55 wakes). */
void mailbox_ring_host(mailbox_t *mb);

#endif
