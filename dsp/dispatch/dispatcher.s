# The dispatcher: the DSP's main loop when the M55 offloads operators to it
# (HIFI.md 5.6; the protocol is firmware/include/etsim_dsp.h's).  Built
# with the kernels it calls into one image (dsp/dsp.mk: build/dsp/offload.hld).
#
#   sleep in waiti until the M55 rings; the interrupt handler clears the
#   doorbell and returns to the bundle after waiti;
#   A2D_MSG0 = operation, A2D_MSG1 = descriptor address;
#   run the kernel (interrupts off: the M55 rings only when it is idle);
#   D2A_MSG0 = status, D2A_MSG1 = the kernel's cycles (CCOUNT), ring.
#
# An unknown operation answers ETSIM_DSP_BAD_OP without running anything; a
# descriptor that points outside memory makes the kernel's access fault,
# which stops the DSP and rings the M55 (sim/dsp.c).

        .equ MBOX, 0x48104000
        .equ OP_FC_S8, 1
        .equ OP_FC_S8_ROWS, 2
        .equ OP_DW_S8, 3
        .equ OP_AVG_S8, 4
        .equ BAD_OP, 1
        .text
        .entry dispatch

irq:    li r1, MBOX
        movi r2, 1
        st.w r2, [r1+0x24]         # A2D_CLR: the line drops
        rfi

dispatch:
        li r1, irq
        wsr irq_vec, r1
        movi r1, 1
        wsr irq_en, r1
idle:   waiti
        wsr ps, r0                 # no interrupt while a kernel runs
        li r1, MBOX
        ld.w r3, [r1+0]            # operation
        ld.w r2, [r1+4]            # descriptor
        # operations 5..31 (kern_ops, below): a table
        addi r4, r3, -5
        movi r5, 27
        bgeu r4, r5, not_kern
        j kern_ops
not_kern:
        # The audio front end (operations 32 and up): OP_MFCC runs mfcc on
        # its descriptor (in shared memory, read in place).
        .equ OP_MFCC, 32
        movi r4, OP_MFCC
        bne r3, r4, not_mfcc
        rsr r4, ccount
        li r5, t_start
        st.w r4, [r5+0]
        call mfcc
        j rows_done                # the cycles since t_start, status 0, reply
not_mfcc:
        movi r4, OP_FC_S8_ROWS
        beq r3, r4, rows
        movi r4, OP_DW_S8
        bne r3, r4, not_dw
        j dw
not_dw: movi r4, OP_AVG_S8
        bne r3, r4, not_avg
        j avg
not_avg:
        movi r4, OP_FC_S8
        bne r3, r4, bad_op
        rsr r4, ccount
        li r5, t_start
        st.w r4, [r5+0]
        call fc_s8
        rsr r4, ccount
        li r5, t_start
        ld.w r6, [r5+0]
        sub r4, r4, r6
        movi r3, 0
reply:  li r1, MBOX
        st.w r3, [r1+0x10]         # D2A_MSG0: status
        st.w r4, [r1+0x14]         # D2A_MSG1: cycles
        movi r5, 1
        wsr doorbell, r5
        j idle
bad_op: movi r3, BAD_OP
        movi r4, 0
        j reply

# OP_FC_S8_ROWS: fc_s8's descriptor, then +40 rows, +44 x stride, +48 out
# stride (bytes): fc_s8 once per row (a linear layer's batches, a
# pointwise convolution's pixels), advancing x and out.  The descriptor is
# copied into DRAM (bank 0) and the weights, when they fit, DMA'd into DRAM
# bank 1 (W_LOCAL: the image assumes the an547 DSP's 2 x 64 KiB), so that
# the inner loop reads only x from shared memory; the shared descriptor is
# left as the M55 wrote it.
        .equ W_LOCAL, 0x110000
        .equ W_LOCAL_MAX, 0xFFF0           # 8 readable bytes after W
rows:   rsr r4, ccount
        li r5, t_start
        st.w r4, [r5+0]
        li r6, local_desc
        wsr dma_src, r2
        wsr dma_dst, r6
        movi r7, 52
        wsr dma_len, r7
        dma.start
        dma.wait
        ld.w r7, [r6+24]                   # N
        ld.w r8, [r6+28]                   # K
        mul r9, r7, r8                     # bytes of W
        li r10, W_LOCAL_MAX
        bltu r10, r9, rows_go              # too big: W stays where it is
        ld.w r7, [r6+4]
        wsr dma_src, r7
        li r7, W_LOCAL
        wsr dma_dst, r7
        wsr dma_len, r9
        dma.start
        dma.wait
        st.w r7, [r6+4]
rows_go:
        st.w r6, [r5+4]                    # cur_desc: the local copy
rows_loop:
        li r5, t_start
        ld.w r2, [r5+4]
        ld.w r6, [r2+40]
        beq r6, r0, rows_done
        addi r6, r6, -1
        st.w r6, [r2+40]
        call fc_s8
        li r5, t_start
        ld.w r2, [r5+4]
        ld.w r6, [r2+0]
        ld.w r7, [r2+44]
        add r6, r6, r7
        st.w r6, [r2+0]
        ld.w r6, [r2+20]
        ld.w r7, [r2+48]
        add r6, r6, r7
        st.w r6, [r2+20]
        j rows_loop
rows_done:
        rsr r4, ccount
        li r5, t_start
        ld.w r6, [r5+0]
        sub r4, r4, r6
        movi r3, 0
        j reply

# OP_DW_S8: dw_s8's descriptor (80 bytes), copied into DRAM by DMA, the
# weights too when they fit (W_LOCAL), then dw_s8 on the copy.
dw:     rsr r4, ccount
        li r5, t_start
        st.w r4, [r5+0]
        li r6, local_desc
        wsr dma_src, r2
        wsr dma_dst, r6
        movi r7, 80
        wsr dma_len, r7
        dma.start
        dma.wait
        ld.w r7, [r6+24]                   # C
        ld.w r8, [r6+44]                   # KH
        mul r9, r7, r8
        ld.w r8, [r6+48]                   # KW
        mul r9, r9, r8                     # bytes of W
        li r10, W_LOCAL_MAX
        bltu r10, r9, dw_go
        ld.w r7, [r6+4]
        wsr dma_src, r7
        li r7, W_LOCAL
        wsr dma_dst, r7
        wsr dma_len, r9
        dma.start
        dma.wait
        st.w r7, [r6+4]
dw_go:  mov r2, r6
        call dw_s8
        rsr r4, ccount
        li r5, t_start
        ld.w r6, [r5+0]
        sub r4, r4, r6
        movi r3, 0
        j reply

# OP_AVG_S8: avg_s8's descriptor (dw_s8's layout, 80 bytes) copied into
# DRAM, then avg_s8 on the copy.
avg:    rsr r4, ccount
        li r5, t_start
        st.w r4, [r5+0]
        li r6, local_desc
        wsr dma_src, r2
        wsr dma_dst, r6
        movi r7, 80
        wsr dma_len, r7
        dma.start
        dma.wait
        mov r2, r6
        call avg_s8
        rsr r4, ccount
        li r5, t_start
        ld.w r6, [r5+0]
        sub r4, r4, r6
        movi r3, 0
        j reply

# Operations 5..31: kern_table gives each one's handler (bad_op: none yet)
# and its descriptor's size; the descriptor is copied into kern_desc by
# DMA, then the handler runs (jumped to) with r2 = the copy; it ends by
# jumping to kern_end, or to kern_fail with a status in r3.
kern_ops:
        rsr r6, ccount
        li r5, t_start
        st.w r6, [r5+0]
        slli r4, r4, 3
        li r5, kern_table
        add r5, r5, r4
        ld.w r6, [r5+0]                    # handler
        ld.w r7, [r5+4]                    # descriptor bytes
        li r8, kern_desc
        wsr dma_src, r2
        wsr dma_dst, r8
        wsr dma_len, r7
        dma.start
        dma.wait
        mov r2, r8
        jr r6
kern_end:
        rsr r4, ccount
        li r5, t_start
        ld.w r6, [r5+0]
        sub r4, r4, r6
        movi r3, 0
        j reply
kern_fail:
        movi r4, 0
        j reply

# OP_CONV_S8 (5): conv_s8's descriptor (112 bytes); the dispatcher gives
# the im2col row (kern_row, KERN_ROW_MAX bytes: a longer row answers
# BAD_DESC) and DMAs the weights into DRAM bank 1 when they fit.
        .equ BAD_DESC, 2
        .equ KERN_ROW_MAX, 4096
conv:   ld.w r7, [r2+28]                   # K16
        li r8, KERN_ROW_MAX
        bltu r8, r7, conv_bad
        li r8, kern_row
        st.w r8, [r2+100]
        ld.w r8, [r2+24]                   # OC
        mul r9, r7, r8                     # bytes of W
        call kern_w_local
        call conv_s8
        j kern_end
conv_bad:
        movi r3, BAD_DESC
        j kern_fail

# OP_EW_S8 (6): ew_s8's descriptor (112 bytes); the dispatcher gives the
# tables of the add (kern_tab).
ew:     li r8, kern_tab
        st.w r8, [r2+104]
        call ew_s8
        j kern_end

# OP_LUT_S8 (7): lut_s8's descriptor (16 bytes); the table is DMA'd into
# DRAM (kern_tab) first.
lut:    addi r8, r2, 4
        call kern_tab_load
        call lut_s8
        j kern_end

# OP_MAXP_S8 (8): maxp_s8's descriptor (72 bytes).
maxp:   call maxp_s8
        j kern_end

# OP_BMM_S8 (9): bmm_s8's descriptor (56 bytes).
bmm:    call bmm_s8
        j kern_end

# OP_SOFTMAX_S8 (10): softmax_s8's descriptor (32 bytes); a row of 0 or
# more than 256 (its e buffer) answers BAD_DESC.
softmax:
        ld.w r7, [r2+12]
        addi r7, r7, -1
        li r8, 256
        bgeu r7, r8, softmax_bad
        call softmax_s8
        j kern_end
softmax_bad:
        movi r3, BAD_DESC
        j kern_fail

# OP_ACT16_S16 (11): act16_s16's descriptor (16 bytes): int16 sigmoid or
# tanh (no runtime operator yet: for firmware that calls it directly).
act16:  call act16_s16
        j kern_end

# OP_GATE_S8 (12): gate_s8's descriptor (56 bytes): the table DMA'd into
# DRAM (kern_tab), the weights into bank 1 when they fit, as for conv.
gate:   addi r8, r2, 31
        addi r8, r8, 21                    # +52: the table
        call kern_tab_load
        ld.w r7, [r2+24]                   # N
        ld.w r8, [r2+28]                   # K
        mul r9, r7, r8
        call kern_w_local
        call gate_s8
        j kern_end

# The weights at [r2+4], r9 bytes, DMA'd into DRAM bank 1 when they fit
# (W_LOCAL; the descriptor's copy then points there).  Clobbers r7, r10.
kern_w_local:
        li r10, W_LOCAL_MAX
        bltu r10, r9, kern_w_stay
        ld.w r7, [r2+4]
        wsr dma_src, r7
        li r7, W_LOCAL
        wsr dma_dst, r7
        wsr dma_len, r9
        dma.start
        dma.wait
        st.w r7, [r2+4]
kern_w_stay:
        ret

# The 256-byte table whose address is at [r8] DMA'd into kern_tab, [r8]
# then pointing there.  Clobbers r7, r9.
kern_tab_load:
        ld.w r7, [r8+0]
        wsr dma_src, r7
        li r7, kern_tab
        wsr dma_dst, r7
        li r9, 256
        wsr dma_len, r9
        dma.start
        dma.wait
        st.w r7, [r8+0]
        ret

        .data
        .align 8
kern_table:
        .word conv, 112                    # 5 OP_CONV_S8
        .word ew, 112                      # 6 OP_EW_S8
        .word lut, 16                      # 7 OP_LUT_S8
        .word maxp, 72                     # 8 OP_MAXP_S8
        .word bmm, 56                      # 9 OP_BMM_S8
        .word softmax, 32                  # 10 OP_SOFTMAX_S8
        .word act16, 16                    # 11 OP_ACT16_S16
        .word gate, 56                     # 12 OP_GATE_S8
        .word bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0   # 13..19
        .word bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0   # 20..26
        .word bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0, bad_op, 0                         # 27..31
kern_desc: .space 128                      # the descriptor's copy (operations 5..31)
kern_row: .space 4104                      # conv_s8's im2col row (+8 readable bytes)
kern_tab: .space 2048                      # ew_s8's tables

        .data
t_start: .word 0                   # CCOUNT at the kernel's start
        .word 0                    # +4: the descriptor (OP_FC_S8_ROWS)
        .align 8
local_desc: .space 80              # the descriptor's copy (OP_FC_S8_ROWS, OP_DW_S8)

