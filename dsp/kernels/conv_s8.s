# conv_s8: int8 2-D convolution (one group), any kernel size, stride,
# padding and dilation, channels-last, per-channel requantize:
#
#   out[oy][ox][oc] = clamp(requantize(bias[oc] + sum over the taps inside
#                     the input of sum_ic (x[iy][ix][ic] + input_offset) *
#                     w[oc][ky][kx][ic], mult[oc], shift[oc]) + zp, min, max)
#
# the arithmetic of runtime/kernels/cortex_m/quantized_conv2d_s8.c (taps in
# the padding add nothing).  Per output pixel the window is copied into one
# row of K = KH * KW * IC bytes (im2col), the taps in the padding holding
# -input_offset, and fc_s8 (dsp/kernels/fc_s8.s, assembled with this file)
# multiplies the row by the weight matrix: with the bias taken as the
# kernel sum bias[oc] + input_offset * sum(w[oc]) over all taps, a padding
# tap adds (-io + io) * w = 0, so the result is the CPU loop's bit for bit
# (wrapping int32, as the CPU kernel's kernel sum; the accumulator's low
# 32 bits are requantized).  The row is K rounded up to 16 (fc_s8's step):
# the weight rows are padded with zeros there, so what the row holds past
# K does not count.
#
# Call: r2 = descriptor (8-byte aligned, writable: +0 and +20 are
# rewritten), returns with ret.  Clobbers r1-r13, v0-v15, a0-a4.
#   +0  .. +39   fc_s8's descriptor: +0 (set here: the row), +4 W
#                int8[OC][K16] (zero past K), +8 kernel sums int32[OC],
#                +12 mult int32[OC], +16 shift int16[OC], +20 out
#                int8[Hout][Wout][OC] (advanced by OC per pixel), +24 OC
#                (multiple of 4), +28 K16 (multiple of 16), +32 zp, min,
#                max (3 x int16), 0
#   +40 x    int8[Hin][Win][IC]     +44 IC
#   +48 Hin  +52 Win  +56 Hout  +60 Wout  +64 KH  +68 KW
#   +72 stride y  +76 stride x  +80 pad y  +84 pad x
#   +88 dilation y  +92 dilation x
#   +96 -input_offset (the padding byte, in the low 8 bits)
#   +100 row   K16 + 8 bytes of scratch, 8-byte aligned (DRAM: fc_s8
#              reads it at every output channel group)
#
# Per pixel the columns inside the input, kx0 <= kx < kx1, are found once
# (two clamps for dilation 1, else counted);
# per kernel row inside the input the row gets kx0 * IC padding bytes, the
# valid taps (one copy of (kx1 - kx0) * IC bytes when the dilation is 1,
# else IC bytes per tap) and (KW - kx1) * IC padding bytes; a kernel row
# outside the input is KW * IC padding bytes.  Copies move 8 bytes per
# ld.d/st.d and the rest by bytes (never reading past the input); fills
# store 8 bytes at a time and may write up to 7 bytes past their end,
# which the next piece (or the row's 8 spare bytes) takes.

        .text
conv_s8:
        li r4, cv_scr
        st.w r15, [r4+0]               # the return address (fc_s8 is called)
        st.w r2, [r4+4]
        ld.w r5, [r2+100]
        st.w r5, [r2+0]                # fc_s8's x: the row
        ld.w r5, [r2+96]
        li r6, 0xFF
        and r5, r5, r6
        slli r6, r5, 8
        or r5, r5, r6
        slli r6, r5, 16
        or r5, r5, r6
        st.w r5, [r4+16]               # the padding byte x 4
        st.w r0, [r4+8]                # oy = 0
cv_oy:
        li r4, cv_scr
        ld.w r2, [r4+4]
        ld.w r13, [r4+8]
        ld.w r5, [r2+56]
        blt r13, r5, cv_oy_go
        j cv_done
cv_oy_go:
        st.w r0, [r4+12]               # ox = 0
cv_ox:
        li r4, cv_scr
        ld.w r2, [r4+4]
        ld.w r12, [r4+12]
        ld.w r5, [r2+60]
        blt r12, r5, cv_ox_go
        j cv_ox_end
cv_ox_go:
        ld.w r13, [r4+8]
        ld.w r5, [r2+72]
        mul r6, r13, r5
        ld.w r5, [r2+80]
        sub r6, r6, r5                 # iy0 = oy * sy - py
        ld.w r5, [r2+76]
        mul r7, r12, r5
        ld.w r5, [r2+84]
        sub r7, r7, r5                 # ix0 = ox * sx - px
        ld.w r8, [r2+68]               # KW
        ld.w r9, [r2+92]               # dx
        ld.w r10, [r2+52]              # Win
        movi r11, 1
        bne r9, r11, cv_kx_count
        neg r11, r7                    # dilation 1: kx0 = clamp(-ix0, 0, KW),
        max r11, r11, r0
        min r11, r11, r8
        sub r13, r10, r7               # kx1 = clamp(Win - ix0, kx0, KW)
        min r13, r13, r8
        max r13, r13, r11
        j cv_kx1_end
cv_kx_count:
        movi r11, 0                    # kx0: the first tap with ix >= 0
        mov r12, r7
cv_kx0: bge r11, r8, cv_kx0_end
        bgez r12, cv_kx0_end
        addi r11, r11, 1
        add r12, r12, r9
        j cv_kx0
cv_kx0_end:
        mov r13, r11                   # kx1: the first tap after kx0 with ix >= Win
cv_kx1: bge r13, r8, cv_kx1_end
        bge r12, r10, cv_kx1_end
        addi r13, r13, 1
        add r12, r12, r9
        j cv_kx1
cv_kx1_end:
        ld.w r5, [r2+44]               # IC
        mul r1, r11, r5
        st.w r1, [r4+20]               # left padding bytes
        sub r3, r8, r13
        mul r3, r3, r5
        st.w r3, [r4+24]               # right padding bytes
        mul r3, r8, r5
        st.w r3, [r4+28]               # a whole row of padding
        sub r3, r13, r11               # valid taps
        movi r1, 1
        bne r9, r1, cv_dilated
        mul r3, r3, r5                 # dilation 1: one piece of (kx1 - kx0) * IC bytes
        st.w r3, [r4+32]
        st.w r1, [r4+36]
        j cv_pieces
cv_dilated:
        st.w r5, [r4+32]               # else one piece of IC bytes per tap
        st.w r3, [r4+36]
cv_pieces:
        mul r3, r9, r5
        st.w r3, [r4+40]               # bytes between pieces: dx * IC
        mul r3, r11, r9                # the first valid tap's input:
        add r3, r3, r7                 # x + ((iy0 * Win) + ix0 + kx0 * dx) * IC
        mul r1, r6, r10
        add r3, r3, r1
        mul r3, r3, r5
        ld.w r1, [r2+40]
        add r3, r3, r1
        st.w r3, [r4+44]
        ld.w r1, [r2+88]               # dy
        mul r3, r1, r10
        mul r3, r3, r5
        st.w r3, [r4+48]               # bytes between kernel rows: dy * Win * IC
        ld.w r5, [r4+16]
        vbcast.w v1, r5                # the padding byte in every lane
        ld.w r3, [r2+100]              # the row's cursor
        ld.w r7, [r2+64]               # kernel rows left
        ld.w r8, [r2+48]               # Hin
        li r9, cv_scr                  # (kept through the kernel rows)
cv_ky:  beqz r7, cv_ky_end
        bltu r6, r8, cv_ky_in
        ld.w r4, [r9+28]
        call cv_fill                   # the kernel row is in the padding
        j cv_ky_next
cv_ky_in:
        ld.w r4, [r9+20]
        beqz r4, cv_no_left            # (no padding: no call)
        call cv_fill
cv_no_left:
        ld.w r10, [r9+44]              # the piece's input
        ld.w r11, [r9+36]              # pieces
cv_piece:
        beqz r11, cv_piece_end
        mov r5, r10
        ld.w r4, [r9+32]
        srli r1, r4, 3                 # the piece: 8 bytes at a time,
        loop r1, cv_copy8_end
        ld.d v0, [r5]+8
        st.d v0, [r3]+8
cv_copy8_end:
        movi r1, 7
        and r1, r4, r1
        loop r1, cv_copy1_end          # then bytes (never reading past the input)
        ld.b r13, [r5+0]
        st.b r13, [r3+0]
        { addi r5, r5, 1 ; addi r3, r3, 1 }
cv_copy1_end:
        ld.w r4, [r9+40]
        add r10, r10, r4
        addi r11, r11, -1
        j cv_piece
cv_piece_end:
        ld.w r4, [r9+24]
        beqz r4, cv_ky_next
        call cv_fill
cv_ky_next:
        ld.w r4, [r9+44]
        ld.w r5, [r9+48]
        add r4, r4, r5
        st.w r4, [r9+44]               # the next kernel row's input
        ld.w r1, [r2+88]
        add r6, r6, r1                 # iy += dy
        addi r7, r7, -1
        j cv_ky
cv_ky_end:
        call fc_s8                     # the row times the weights: OC outputs
        li r4, cv_scr
        ld.w r2, [r4+4]
        ld.w r5, [r2+20]
        ld.w r6, [r2+24]
        add r5, r5, r6
        st.w r5, [r2+20]               # the next pixel's outputs
        ld.w r12, [r4+12]
        addi r12, r12, 1
        st.w r12, [r4+12]
        j cv_ox
cv_ox_end:
        ld.w r13, [r4+8]
        addi r13, r13, 1
        st.w r13, [r4+8]
        j cv_oy
cv_done:
        li r4, cv_scr
        ld.w r15, [r4+0]
        ret

# r4 bytes of the padding byte (v1) at r3, which advances by r4; writes up
# to 7 bytes more.  Clobbers r1.
cv_fill:
        addi r1, r4, 7
        srli r1, r1, 3
        mov r12, r3
        loop r1, cv_fill_end
        st.d v1, [r12]+8
cv_fill_end:
        add r3, r3, r4
        ret

        .data
        .align 8
cv_scr: .space 52      # lr, descriptor, oy, ox, pad x 4, left, right, row of
                       # padding, piece bytes, pieces, piece step, input, row step
