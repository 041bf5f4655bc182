# dw_s8: int8 depthwise convolution (depth multiplier 1), any kernel size,
# stride and padding, channels-last, per-channel requantize:
#
#   out[oy][ox][c] = clamp(requantize(bias[c] + sum over the taps inside the
#                    input of (x[iy][ix][c] + input_offset) * w[ky][kx][c],
#                    mult[c], shift[c]) + zp, min, max)
#
# the arithmetic of runtime/kernels/cortex_m/quantized_depthwise_conv2d_s8.c
# (taps in the padding add nothing).
#
# Call: r2 = descriptor (4-byte aligned), returns with ret.  Clobbers
# r1, r3-r13, v0-v10, a0.
#   +0  x      int8[Hin][Win][C]   4-byte aligned
#   +4  w      int8[KH][KW][C]     4-byte aligned
#   +8  bias   int32[C]            +12 mult int32[C]    +16 shift int16[C]
#   +20 out    int8[Hout][Wout][C] 4-byte aligned
#   +24 C (multiple of 4)  +28 Hin  +32 Win  +36 Hout  +40 Wout
#   +44 KH  +48 KW  +52 stride y  +56 stride x  +60 pad y  +64 pad x
#   +68 input offset (int32)
#   +72 zp, min, max (3 x int16), 0
#
# Per output pixel the scalar code clips the window to the input (ky0,
# nky, kx0, nkx); per 4 channels the accumulator starts at the bias
# (aset), two hardware loops walk the taps (ld.b4h widens 4 bytes of x and
# of w to 4 x i16, vadd.h adds the input offset, vmac.h accumulates), and
# aqnt.b requantizes the 4 outputs, stored with one st.w.
#
# Registers: r2 descriptor, r6 C, r7 out cursor, r11 channel offset;
# r1/r3 the tap rows of x and w, r4/r5 their cursors, r8 nky, r10 nkx,
# r9 x row step, r12 w row step; v2 the input offset in 4 x i16, v0:v1
# bias, v4..v7 the aqnt.b quad; oy, ox and the window in dw_scr.

        .text
dw_s8:
        ld.w r3, [r2+68]
        li r4, 0xFFFF
        and r5, r3, r4
        slli r3, r3, 16
        or r3, r3, r5
        vbcast.w v2, r3                # input offset in each i16 lane
        ld.d v7, [r2+72]               # zp, min, max
        ld.w r7, [r2+20]               # out cursor
        li r4, dw_scr
        st.w r0, [r4+16]               # oy = 0
dw_oy:
        li r4, dw_scr
        ld.w r13, [r4+16]
        ld.w r5, [r2+36]
        blt r13, r5, dw_oy_go
        j dw_done
dw_oy_go:
        st.w r0, [r4+20]               # ox = 0
dw_ox:
        li r4, dw_scr
        ld.w r12, [r4+20]
        ld.w r13, [r4+16]
        ld.w r5, [r2+40]
        blt r12, r5, dw_ox_go
        j dw_ox_end
dw_ox_go:
        ld.w r4, [r2+52]
        mul r5, r13, r4
        ld.w r4, [r2+60]
        sub r5, r5, r4                 # iy0 = oy * sy - py
        ld.w r4, [r2+56]
        mul r6, r12, r4
        ld.w r4, [r2+64]
        sub r6, r6, r4                 # ix0 = ox * sx - px
        neg r8, r5
        max r8, r8, r0                 # ky0
        ld.w r4, [r2+28]
        sub r9, r4, r5
        ld.w r4, [r2+44]
        min r9, r9, r4                 # ky1 = min(KH, Hin - iy0)
        sub r9, r9, r8
        max r9, r9, r0                 # nky
        neg r10, r6
        max r10, r10, r0               # kx0
        ld.w r4, [r2+32]
        sub r3, r4, r6
        ld.w r4, [r2+48]
        min r3, r3, r4                 # kx1 = min(KW, Win - ix0)
        sub r3, r3, r10
        max r3, r3, r0                 # nkx
        add r5, r5, r8                 # x + ((iy0 + ky0) * Win + ix0 + kx0) * C
        ld.w r4, [r2+32]
        mul r5, r5, r4
        add r5, r5, r6
        add r5, r5, r10
        ld.w r4, [r2+24]
        mul r5, r5, r4
        ld.w r4, [r2+0]
        add r5, r5, r4
        ld.w r4, [r2+48]               # w + (ky0 * KW + kx0) * C
        mul r1, r8, r4
        add r1, r1, r10
        ld.w r4, [r2+24]
        mul r1, r1, r4
        ld.w r4, [r2+4]
        add r1, r1, r4
        li r4, dw_scr
        st.w r5, [r4+0]
        st.w r1, [r4+4]
        st.w r9, [r4+8]
        st.w r3, [r4+12]
        movi r11, 0
dw_c:
        ld.w r6, [r2+24]
        blt r11, r6, dw_c_go
        j dw_c_end
dw_c_go:
        slli r5, r11, 2
        ld.w r4, [r2+8]
        add r4, r4, r5
        ld.d v0, [r4+0]
        ld.d v1, [r4+8]
        aset a0, v0                    # the bias of 4 channels
        ld.w r4, [r2+12]
        add r4, r4, r5
        ld.d v4, [r4+0]
        ld.d v5, [r4+8]
        slli r5, r11, 1
        ld.w r4, [r2+16]
        add r4, r4, r5
        ld.d v6, [r4+0]
        li r4, dw_scr
        ld.w r1, [r4+0]
        add r1, r1, r11
        ld.w r3, [r4+4]
        add r3, r3, r11
        ld.w r8, [r4+8]
        ld.w r10, [r4+12]
        ld.w r4, [r2+32]
        mul r9, r4, r6                 # x row step Win * C
        ld.w r4, [r2+48]
        mul r12, r4, r6                # w row step KW * C
        loop r8, dw_ky_end
        mov r4, r1
        mov r5, r3
        loop r10, dw_kx_end
        { ld.b4h v8, [r4]+0 ; ld.b4h v9, [r5]+0 }
        { add r4, r4, r6 ; add r5, r5, r6 }
        vadd.h v8, v8, v2
        vmac.h a0, v8, v9
dw_kx_end:
        add r1, r1, r9
        add r3, r3, r12
dw_ky_end:
        aqnt.b v10, a0, v4
        vget.w r4, v10, 0
        st.w r4, [r7+0]
        addi r7, r7, 4
        addi r11, r11, 4
        j dw_c
dw_c_end:
        li r4, dw_scr
        ld.w r12, [r4+20]
        addi r12, r12, 1
        st.w r12, [r4+20]
        j dw_ox
dw_ox_end:
        li r4, dw_scr
        ld.w r13, [r4+16]
        addi r13, r13, 1
        st.w r13, [r4+16]
        j dw_oy
dw_done:
        ret

        .data
        .align 8
dw_scr: .space 24                      # x row, w row, nky, nkx, oy, ox
