# avg_s8: int8 average pooling, any window, stride and padding,
# channels-last, input and output with one quantization:
#
#   out[oy][ox][c] = the mean of x over the window's positions inside the
#                    input, rounded half away from zero
#
# the arithmetic of runtime/kernels/cortex_m/quantized_avg_pool2d_s8.c.
#
# Call: r2 = descriptor (dw_s8's layout; 4-byte aligned), returns with ret.
# Clobbers r1, r3-r13, v3, v8, v10, v11, a0.
#   +0  x      int8[Hin][Win][C]   4-byte aligned
#   +20 out    int8[Hout][Wout][C]
#   +24 C (multiple of 4)  +28 Hin  +32 Win  +36 Hout  +40 Wout
#   +44 KH  +48 KW  +52 stride y  +56 stride x  +60 pad y  +64 pad x
#   (+4..+16 and +68.. are not used)
#
# Per output pixel the window is clipped to the input as in dw_s8 (count =
# its positions); per 4 channels vmac.h by 1 sums the window into a0's
# lanes, and a shift-and-subtract division gives each mean.

        .text
avg_s8:
        li r4, avg_scr
        st.w r15, [r4+28]              # lr: avg_div is called from here
        li r3, 0x00010001
        vbcast.w v3, r3                # 1 in each i16 lane
        ld.w r7, [r2+20]               # out cursor
        st.w r0, [r4+16]               # oy = 0
avg_oy:
        li r4, avg_scr
        ld.w r13, [r4+16]
        ld.w r5, [r2+36]
        blt r13, r5, avg_oy_go
        j avg_done
avg_oy_go:
        st.w r0, [r4+20]               # ox = 0
avg_ox:
        li r4, avg_scr
        ld.w r12, [r4+20]
        ld.w r13, [r4+16]
        ld.w r5, [r2+40]
        blt r12, r5, avg_ox_go
        j avg_ox_end
avg_ox_go:
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
        mul r1, r9, r3                 # count = nky * nkx
        li r4, avg_scr
        st.w r5, [r4+0]
        st.w r1, [r4+24]               # count
        st.w r9, [r4+8]
        st.w r3, [r4+12]
        movi r11, 0
avg_c:
        ld.w r6, [r2+24]
        blt r11, r6, avg_c_go
        j avg_c_end
avg_c_go:
        azero a0
        li r4, avg_scr
        ld.w r1, [r4+0]
        add r1, r1, r11
        ld.w r8, [r4+8]
        ld.w r10, [r4+12]
        ld.w r4, [r2+32]
        mul r9, r4, r6                 # x row step Win * C
        loop r8, avg_ky_end
        mov r4, r1
        loop r10, avg_kx_end
        ld.b4h v8, [r4]+0
        add r4, r4, r6
        vmac.h a0, v8, v3              # the window sums of 4 channels
avg_kx_end:
        add r1, r1, r9
avg_ky_end:
        amov.lo v10, a0
        amov.hi v11, a0
        li r4, avg_scr
        ld.w r5, [r4+24]               # count
        vget.w r4, v10, 0
        call avg_div
        st.b r4, [r7+0]
        vget.w r4, v10, 1
        call avg_div
        st.b r4, [r7+1]
        vget.w r4, v11, 0
        call avg_div
        st.b r4, [r7+2]
        vget.w r4, v11, 1
        call avg_div
        st.b r4, [r7+3]
        addi r7, r7, 4
        addi r11, r11, 4
        j avg_c
avg_c_end:
        li r4, avg_scr
        ld.w r12, [r4+20]
        addi r12, r12, 1
        st.w r12, [r4+20]
        j avg_ox
avg_ox_end:
        li r4, avg_scr
        ld.w r13, [r4+16]
        addi r13, r13, 1
        st.w r13, [r4+16]
        j avg_oy
avg_done:
        li r4, avg_scr
        ld.w r15, [r4+28]
        ret

# r4 = a window sum, r5 = count (> 0): r4 = the mean rounded half away
# from zero, as the runtime's rounded_mean ((|sum| + count/2) / count with
# the sum's sign; |mean| <= 128, so 8 quotient bits by shift and
# subtract).  Clobbers r8-r10, r13.
avg_div:
        srai r8, r5, 1
        mov r13, r4
        bgez r4, avg_div_pos
        neg r4, r4
avg_div_pos:
        add r9, r4, r8                 # n = |sum| + count / 2
        movi r10, 0                    # quotient
        slli r8, r5, 7                 # count << 7
        movi r4, 8
        loop r4, avg_div_end
        slli r10, r10, 1
        sub r4, r9, r8
        movgez r9, r4, r4              # n -= count << b when it fits
        srai r4, r4, 31
        addi r4, r4, 1
        or r10, r10, r4
        srli r8, r8, 1
avg_div_end:
        mov r4, r10
        bgez r13, avg_div_done
        neg r4, r4
avg_div_done:
        ret

        .data
        .align 8
avg_scr: .space 32                     # x row, -, nky, nkx, oy, ox, count, lr
