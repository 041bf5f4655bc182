# bmm_s8: int8 batch matrix product [B][M][K] x [B][N][K]^T -> [B][M][N]
# with one requantization, the arithmetic of
# runtime/kernels/cortex_m/quantized_batch_matmul_s8.c:
#
#   out[b][m][n] = sat8(requantize(sum_k (l[b][m][k] + lo) * (r[b][n][k] + ro),
#                  mult, shift) + zp)
#
# (the M55 gives min, max = -128, 127).  Any K, M, N and alignment.
#
# Call: r2 = descriptor (4-byte aligned), returns with ret.  Clobbers
# r1, r3-r13, v0-v6, v11-v15, a0-a5.
#   +0 lhs  +4 rhs (transposed: N rows of K)  +8 out
#   +12 B  +16 M  +20 N  +24 K
#   +28 lo  +32 ro (offsets added to the raw values)
#   +36 mult  +40 shift (left-positive, -31..31)  +44 0
#   +48 zp, min, max (int16), 0
#
# The sum is taken apart so that the 8-bit dot product does the work:
# sum (l + lo)(r + ro) = sum l r + ro sum l + lo sum r + K lo ro (in
# wrapping 32-bit arithmetic, as the CPU's int32 sum).  Per output, 8
# values of K per step: vdot.b gives sum l r, and with a vector of ones
# sum r and sum l (3 MAC-slot operations per 8); the K % 8 left are
# scalar; asum4 gathers the three sums, aqnt.b requantizes.

        .text
bmm_s8:
        li r1, bm_scr
        ld.w r3, [r2+36]
        vbcast.w v12, r3               # the aqnt.b quad: mult x 4,
        vbcast.w v13, r3
        ld.w r3, [r2+40]
        slli r3, r3, 16
        srli r4, r3, 16
        or r3, r3, r4
        vbcast.w v14, r3               # shift x 4,
        ld.d v15, [r2+48]              # zp, min, max
        li r3, 0x01010101
        vbcast.w v11, r3               # ones
        ld.w r3, [r2+24]               # K lo ro
        ld.w r4, [r2+28]
        mul r3, r3, r4
        ld.w r4, [r2+32]
        mul r3, r3, r4
        st.w r3, [r1+0]
        ld.w r3, [r2+0]
        st.w r3, [r1+4]                # the lhs row
        ld.w r3, [r2+4]
        st.w r3, [r1+8]                # this batch's rhs
        ld.w r13, [r2+8]               # out cursor
        ld.w r3, [r2+12]
        ld.w r4, [r2+16]
        mul r3, r3, r4
        st.w r3, [r1+12]               # rows left: B * M
        st.w r4, [r1+16]               # rows left in this batch
bm_row:
        ld.w r3, [r1+12]
        bnez r3, bm_row_go
        j bm_done
bm_row_go:
        addi r3, r3, -1
        st.w r3, [r1+12]
        ld.w r4, [r1+8]
        st.w r4, [r1+20]               # the rhs row
        ld.w r3, [r2+20]
        st.w r3, [r1+24]               # outputs left in the row: N
bm_col:
        ld.w r3, [r1+24]
        bnez r3, bm_col_go
        j bm_row_end
bm_col_go:
        addi r3, r3, -1
        st.w r3, [r1+24]
        ld.w r3, [r1+4]
        ld.w r4, [r1+20]
        ld.w r9, [r2+24]               # K
        srli r5, r9, 3
        { azero a0 ; azero a1 }
        { azero a2 ; azero a3 }
        azero a4
        loop r5, bm_k8_end
        { ld.d v0, [r3]+8 ; ld.d v1, [r4]+8 }
        vdot.b a0, v0, v1              # sum l r
        vdot.b a1, v1, v11             # sum r
        vdot.b a2, v0, v11             # sum l
bm_k8_end:
        movi r6, 0
        movi r7, 0
        movi r8, 0
        movi r10, 7
        and r9, r9, r10
        loop r9, bm_k1_end
        { ld.b r10, [r3+0] ; ld.b r11, [r4+0] }
        { addi r3, r3, 1 ; addi r4, r4, 1 }
        mul r12, r10, r11
        { add r6, r6, r12 ; add r7, r7, r11 }
        add r8, r8, r10
bm_k1_end:
        st.w r4, [r1+20]               # the next rhs row follows
        asum4 a4, a0                   # lanes: sum l r, sum r, sum l, 0
        amov.lo v2, a4
        amov.hi v3, a4
        vget.w r10, v2, 0
        add r6, r6, r10
        vget.w r10, v2, 1
        add r7, r7, r10
        vget.w r10, v3, 0
        add r8, r8, r10
        ld.w r10, [r2+32]
        mul r10, r10, r8
        add r6, r6, r10                # + ro sum l
        ld.w r10, [r2+28]
        mul r10, r10, r7
        add r6, r6, r10                # + lo sum r
        ld.w r10, [r1+0]
        add r6, r6, r10                # + K lo ro
        vset.w v4, r6, 0
        aset a5, v4
        aqnt.b v6, a5, v12
        vget.w r10, v6, 0
        st.b r10, [r13+0]
        addi r13, r13, 1
        j bm_col
bm_row_end:
        ld.w r3, [r1+4]                # the next lhs row
        ld.w r4, [r2+24]
        add r3, r3, r4
        st.w r3, [r1+4]
        ld.w r3, [r1+16]
        addi r3, r3, -1
        st.w r3, [r1+16]
        bnez r3, bm_next
        ld.w r3, [r2+16]               # the next batch: M rows, the next rhs
        st.w r3, [r1+16]
        ld.w r3, [r1+20]
        st.w r3, [r1+8]
bm_next:
        j bm_row
bm_done:
        ret

        .data
        .align 8
bm_scr: .space 28      # K lo ro, lhs row, batch rhs, rows left, rows left in
                       # the batch, rhs row, outputs left in the row
