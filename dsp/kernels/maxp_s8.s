# maxp_s8: int8 max pooling, any window, stride, padding and dilation,
# channels-last, then the activation clamp:
#
#   out[oy][ox][c] = clamp(max(-128, x over the window's taps inside the
#                    input), act_min, act_max)
#
# the arithmetic of runtime/kernels/cortex_m/quantized_max_pool2d_s8.c
# (input and output share their quantization; taps in the padding are
# skipped).
#
# Call: r2 = descriptor (4-byte aligned), returns with ret.  Clobbers
# r1, r3-r13, v0-v4.
#   +0 x    int8[Hin][Win][C]   4-byte aligned
#   +4 out  int8[Hout][Wout][C] 4-byte aligned
#   +8 C (multiple of 4)  +12 Hin  +16 Win  +20 Hout  +24 Wout
#   +28 KH  +32 KW  +36 stride y  +40 stride x  +44 pad y  +48 pad x
#   +52 dilation y  +56 dilation x  +60 act_min  +64 act_max (int32)
#
# Per output pixel the taps inside the input, ky0 <= ky < ky1 and
# kx0 <= kx < kx1, are counted once; per 4 channels two hardware loops walk
# them (ld.b4h widens 4 bytes to 4 x i16, vmax.h keeps the largest), then
# vmax.h / vmin.h clamp, vpack.hb.s narrows and one st.w stores.

        .text
maxp_s8:
        li r4, mp_scr
        st.w r15, [r4+0]               # lr: mp_half2 and mp_range are called
        li r3, 0xFF80FF80
        vbcast.w v2, r3                # -128 in each i16 lane
        ld.w r3, [r2+60]
        call mp_half2
        vbcast.w v3, r3                # act_min
        ld.w r3, [r2+64]
        call mp_half2
        vbcast.w v4, r3                # act_max
        li r4, mp_scr
        ld.w r7, [r2+4]                # out cursor
        st.w r0, [r4+4]                # oy = 0
mp_oy:
        li r4, mp_scr
        ld.w r13, [r4+4]
        ld.w r5, [r2+20]
        blt r13, r5, mp_oy_go
        j mp_done
mp_oy_go:
        st.w r0, [r4+8]                # ox = 0
mp_ox:
        li r4, mp_scr
        ld.w r12, [r4+8]
        ld.w r5, [r2+24]
        blt r12, r5, mp_ox_go
        j mp_ox_end
mp_ox_go:
        ld.w r13, [r4+4]
        ld.w r5, [r2+36]
        mul r6, r13, r5
        ld.w r5, [r2+44]
        sub r6, r6, r5                 # iy0 = oy * sy - py
        ld.w r5, [r2+40]
        mul r13, r12, r5
        ld.w r5, [r2+48]
        sub r13, r13, r5               # ix0 = ox * sx - px
        mov r3, r6
        ld.w r8, [r2+28]
        ld.w r9, [r2+52]
        ld.w r10, [r2+12]
        call mp_range                  # ky0 (r11), nky (r12)
        st.w r11, [r4+12]
        st.w r12, [r4+16]
        mov r3, r13
        ld.w r8, [r2+32]
        ld.w r9, [r2+56]
        ld.w r10, [r2+16]
        call mp_range                  # kx0 (r11), nkx (r12)
        st.w r12, [r4+20]
        ld.w r5, [r2+56]               # the first tap's input:
        mul r11, r11, r5
        add r13, r13, r11              # ix = ix0 + kx0 * dx
        ld.w r11, [r4+12]
        ld.w r5, [r2+52]
        mul r11, r11, r5
        add r6, r6, r11                # iy = iy0 + ky0 * dy
        ld.w r5, [r2+16]
        mul r6, r6, r5
        add r6, r6, r13
        ld.w r5, [r2+8]
        mul r6, r6, r5
        ld.w r5, [r2+0]
        add r1, r6, r5                 # x + (iy * Win + ix) * C
        ld.w r6, [r2+8]                # C
        ld.w r5, [r2+56]
        mul r12, r5, r6                # tap step dx * C
        ld.w r5, [r2+52]
        ld.w r9, [r2+16]
        mul r9, r9, r5
        mul r9, r9, r6                 # row step dy * Win * C
        ld.w r8, [r4+16]               # nky
        ld.w r10, [r4+20]              # nkx
        movi r11, 0                    # channel offset
mp_c:   bge r11, r6, mp_c_end
        vmov v0, v2
        add r3, r1, r11
        loop r8, mp_ky_end
        mov r5, r3
        loop r10, mp_kx_end
        ld.b4h v1, [r5]+0
        { add r5, r5, r12 ; vmax.h v0, v0, v1 }
mp_kx_end:
        add r3, r3, r9
mp_ky_end:
        vmax.h v0, v0, v3
        vmin.h v0, v0, v4
        vpack.hb.s v0, v0
        vget.w r5, v0, 0
        st.w r5, [r7]+4
        addi r11, r11, 4
        j mp_c
mp_c_end:
        ld.w r12, [r4+8]
        addi r12, r12, 1
        st.w r12, [r4+8]
        j mp_ox
mp_ox_end:
        ld.w r13, [r4+4]
        addi r13, r13, 1
        st.w r13, [r4+4]
        j mp_oy
mp_done:
        li r4, mp_scr
        ld.w r15, [r4+0]
        ret

# The taps of one window axis inside the input: o = r3 (the first tap's
# position), K = r8 taps, d = r9 apart, size r10: the first one inside,
# r11, and how many follow inside, r12.  Clobbers r5.
mp_range:
        movi r11, 0
        mov r5, r3
mp_r0:  bge r11, r8, mp_r0_end
        bgez r5, mp_r0_end
        addi r11, r11, 1
        add r5, r5, r9
        j mp_r0
mp_r0_end:
        mov r12, r11
mp_r1:  bge r12, r8, mp_r1_end
        bge r5, r10, mp_r1_end
        addi r12, r12, 1
        add r5, r5, r9
        j mp_r1
mp_r1_end:
        sub r12, r12, r11
        ret

# r3 = its low 16 bits in both halves (an i16 for vbcast.w).  Clobbers r5.
mp_half2:
        slli r3, r3, 16
        srli r5, r3, 16
        or r3, r3, r5
        ret

        .data
        .align 8
mp_scr: .space 24      # lr, oy, ox, ky0, nky, nkx
