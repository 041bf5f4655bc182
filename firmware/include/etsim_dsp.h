/* The HLD DSP as the M55 firmware sees it on etsim's an547 (docs/dsp.md,
 * "The DSP on the SoC"): the mailbox and control registers, the window on
 * the DSP's memories, the interrupt, and the dispatcher's protocol
 * (dsp/dispatch/dispatcher.s).  Keep in step with sim/mailbox.h,
 * sim/dsp.h and sim/socs/an547.json. */
#ifndef ETSIM_DSP_H
#define ETSIM_DSP_H

#include <stdint.h>

#define ETSIM_DSP_MAILBOX   0x48104000u
#define ETSIM_DSP_IRQ       57u
#define ETSIM_DSP_WINDOW    0x48200000u   /* + DSP address: IRAM at 0, DRAM at 0x100000 */

/* Mailbox registers (32-bit) */
#define ETSIM_DSP_A2D_MSG(i) (0x00u + 4u * (i))   /* M55 -> DSP messages 0-3 */
#define ETSIM_DSP_D2A_MSG(i) (0x10u + 4u * (i))   /* DSP -> M55 messages 0-3 */
#define ETSIM_DSP_A2D_SET   0x20u   /* write 1: ring the DSP */
#define ETSIM_DSP_D2A_SET   0x28u   /* read bit 0: the DSP rang the M55 */
#define ETSIM_DSP_D2A_CLR   0x2Cu   /* write 1: clear it */
/* Control registers */
#define ETSIM_DSP_CTRL      0x40u   /* bit 0 RUN */
#define ETSIM_DSP_ENTRY     0x44u
#define ETSIM_DSP_STATUS    0x48u   /* bit 0 running, 1 halted, 2 faulted, 3 asleep */
#define ETSIM_DSP_CCOUNT_LO 0x4Cu
#define ETSIM_DSP_CCOUNT_HI 0x50u
#define ETSIM_DSP_FAULT_PC  0x54u

#define ETSIM_DSP_STATUS_RUNNING 1u
#define ETSIM_DSP_STATUS_HALTED  2u
#define ETSIM_DSP_STATUS_FAULTED 4u
#define ETSIM_DSP_STATUS_ASLEEP  8u

/* The dispatcher's protocol: the M55 writes the operation to A2D_MSG0 and
 * the descriptor's address (shared memory) to A2D_MSG1 and rings; the DSP
 * answers with a status in D2A_MSG0 and the kernel's DSP cycles in
 * D2A_MSG1 and rings back. */
#define ETSIM_DSP_OP_FC_S8   1u   /* dsp/kernels/fc_s8.s: its descriptor */
#define ETSIM_DSP_OP_FC_S8_ROWS 2u   /* the same + rows, x and out strides: fc_s8 per row */
#define ETSIM_DSP_OP_DW_S8   3u   /* dsp/kernels/dw_s8.s: its descriptor */
#define ETSIM_DSP_OP_AVG_S8  4u   /* dsp/kernels/avg_s8.s: its descriptor (dw_s8's layout) */
/* Operations 5..31: the kernels of dsp/dispatch/dispatcher.s's table */
#define ETSIM_DSP_OP_CONV_S8 5u   /* dsp/kernels/conv_s8.s: its descriptor (112 bytes) */
#define ETSIM_DSP_OP_EW_S8   6u   /* dsp/kernels/ew_s8.s: add or multiply (112 bytes) */
#define ETSIM_DSP_OP_LUT_S8  7u   /* dsp/kernels/lut_s8.s: an int8 table function (16 bytes) */
#define ETSIM_DSP_OP_MAXP_S8 8u   /* dsp/kernels/maxp_s8.s: max pooling (72 bytes) */
#define ETSIM_DSP_OP_BMM_S8  9u   /* dsp/kernels/bmm_s8.s: batch matrix product (56 bytes) */
#define ETSIM_DSP_OP_SOFTMAX_S8 10u   /* dsp/kernels/softmax_s8.s: int8 softmax (32 bytes) */
#define ETSIM_DSP_OP_ACT16_S16 11u    /* dsp/kernels/act16_s16.s: int16 sigmoid / tanh (16 bytes) */
#define ETSIM_DSP_OP_GATE_S8 12u   /* dsp/kernels/gate_s8.s: fc_s8 rows, then a table (56 bytes) */
/* The audio front end (operations 32 and up). */
#define ETSIM_DSP_OP_MFCC    32u  /* dsp/kernels/mfcc.s: etsim_dsp_mfcc_desc */
#define ETSIM_DSP_OK         0u
#define ETSIM_DSP_BAD_OP     1u
#define ETSIM_DSP_BAD_DESC   2u   /* a descriptor the dispatcher refuses (e.g. a row too long) */

/* ETSIM_DSP_OP_MFCC: the KWS model's MFCC features of frames first..end-1
 * of one second of 16 kHz audio (docs/dsp.md, "The MFCC front end"). */
struct etsim_dsp_mfcc_desc {
    uint32_t pcm;     /* int16[16000], 2-byte aligned */
    uint32_t out;     /* int32[49][10], 8-byte aligned: the features in Q8 */
    uint32_t first;   /* the first frame, 0..48 */
    uint32_t end;     /* the frame after the last, first + 1 .. 49 */
};

#endif
