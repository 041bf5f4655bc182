# fc_s8: int8 fully connected layer with the fused requantize.
#
#   out[o] = clamp(requantize(bias[o] + sum_k W[o][k] * x[k], mult[o], shift[o]) + zp, min, max)
#
# the arithmetic of runtime/kernels/cortex_m/quantized_linear_s8.c with the
# input offset folded into the bias (bias[o] = b[o] + input_offset * sum_k
# W[o][k], as the ExecuTorch export's kernel_sum and nnlib do; the filter
# offset is 0 for symmetric int8 weights).
#
# Call: r2 = descriptor (8-byte aligned), returns with ret.  Clobbers
# r1-r13, v0-v15, a0-a4.
#   +0  x       int8[K]                 8-byte aligned, 8 readable bytes after
#   +4  W       int8[N][K] row-major     8-byte aligned, 8 readable bytes after
#   +8  bias    int32[N]
#   +12 mult    int32[N]                 per output channel
#   +16 shift   int16[N]                 left-positive, as out_shift
#   +20 out     int8[N]
#   +24 N       multiple of 4
#   +28 K       multiple of 16
#   +32 zp, min, max (3 x int16), 0
# Put W in one data bank and everything else in the other: the inner loop
# then never loads twice from one bank in a bundle.
#
# Schedule: 4 output rows at a time into a0..a3 (vdot.b: 8 MACs per
# bundle, the MAC slot busy every cycle of the inner loop); the loads of
# the next 8 bytes of x and of the 4 rows run one step ahead in slots A
# and B.  Per group: asum4 reduces the 4 accumulators' lanes onto the
# bias, aqnt.b requantizes the 4 outputs, one st.w stores them.
#
# Registers: r1 x, r2 K, r3 out, r4 scratch, r5 bias, r6 mult, r7 shift,
# r8 x cursor, r9-r12 row cursors, r13 K/16; v12..v15 the aqnt.b quad.

        .text
fc_s8:
        { ld.w r1, [r2+0] ; ld.w r3, [r2+20] }
        { ld.w r12, [r2+4] ; ld.w r5, [r2+8] }
        { ld.w r6, [r2+12] ; ld.w r7, [r2+16] }
        { ld.w r4, [r2+24] ; ld.w r13, [r2+28] }
        { ld.d v15, [r2+32] ; addi r12, r12, 8 }    # row cursor convention: start + 8
        { srli r4, r4, 2 ; mov r2, r13 }            # groups = N / 4; r2 = K
        srli r13, r13, 4                            # inner iterations = K / 16
        loop r4, fc_group_end
        { addi r9, r12, -8 ; mov r8, r1 ; azero a0 }
        { add r10, r9, r2 ; ld.d v0, [r8]+8 ; azero a1 }
        { add r11, r10, r2 ; ld.d v1, [r9]+8 ; azero a2 }
        { add r12, r11, r2 ; ld.d v2, [r10]+8 ; azero a3 }
        { ld.d v3, [r11]+8 ; ld.d v10, [r5]+8 }
        { ld.d v4, [r12]+8 ; ld.d v11, [r5]+8 }
        { loop r13, fc_k_end ; ld.d v12, [r6]+8 }
        { ld.d v5, [r8]+8 ; ld.d v6, [r9]+8 ; vdot.b a0, v0, v1 }
        { ld.d v7, [r10]+8 ; vdot.b a1, v0, v2 }
        { ld.d v8, [r11]+8 ; vdot.b a2, v0, v3 }
        { ld.d v9, [r12]+8 ; vdot.b a3, v0, v4 }
        { ld.d v0, [r8]+8 ; ld.d v1, [r9]+8 ; vdot.b a0, v5, v6 }
        { ld.d v2, [r10]+8 ; vdot.b a1, v5, v7 }
        { ld.d v3, [r11]+8 ; vdot.b a2, v5, v8 }
        { ld.d v4, [r12]+8 ; vdot.b a3, v5, v9 }
fc_k_end:
        { ld.d v13, [r6]+8 ; ld.d v14, [r7]+8 ; aset a4, v10 }
        asum4 a4, a0
        aqnt.b v10, a4, v12
        vget.w r4, v10, 0
        st.w r4, [r3]+4
fc_group_end:
        ret
