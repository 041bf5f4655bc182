# softmax_s8: int8 softmax over rows, output zero point -128 (scale 1/256),
# the fixed-point arithmetic of runtime/kernels/cortex_m/softmax_s8.c and
# quant_math.c (TFLite's / CMSIS-NN's, after gemmlowp):
#
#   per row: max; for each x with diff = x - max >= diff_min:
#     e = exp_on_negative_values(srdhm(diff << left_shift, mult))   (Q0.31)
#     sum += rdivpot(e, 12)
#   headroom = leading zeros of sum; recip = one_over_one_plus_x((sum <<
#   headroom) - 2^31); out = sat8(rdivpot(srdhm(recip, e), 35 - headroom)
#   - 128), or -128 where diff < diff_min.
#
# Every step is quant_math's integer definition, from dsp/kernels/qmath.s
# (assembled with this file): srdhm, rdivpot, exp, the reciprocal.  A
# row's e values are kept (sm_e) for its second pass.
#
# Call: r2 = descriptor (4-byte aligned), returns with ret.  Clobbers
# r1-r13.
#   +0 x  +4 out  +8 rows  +12 n (row length, 1..256: the sum keeps 4 bits
#   of headroom)  +16 mult  +20 left shift (0..32; 32 gives 0, as the
#   32-bit product wraps)  +24 diff_min (<= 0)

        .text
softmax_s8:
        li r1, sm_scr
        st.w r15, [r1+0]
        st.w r2, [r1+4]
        ld.w r3, [r2+0]
        st.w r3, [r1+8]                # x row
        ld.w r3, [r2+4]
        st.w r3, [r1+12]               # out row
        ld.w r3, [r2+8]
        st.w r3, [r1+16]               # rows left
sm_row:
        li r1, sm_scr
        ld.w r3, [r1+16]
        bnez r3, sm_row_go
        j sm_done
sm_row_go:
        addi r3, r3, -1
        st.w r3, [r1+16]
        ld.w r2, [r1+4]
        ld.w r8, [r2+12]
        st.w r8, [r1+76]               # n
        ld.w r9, [r1+8]
        ld.b r10, [r9+0]               # the row's maximum
        loop r8, sm_max_end
        ld.b r12, [r9+0]
        addi r9, r9, 1
        max r10, r10, r12
sm_max_end:
        st.w r10, [r1+20]
        st.w r0, [r1+24]               # sum
        st.w r0, [r1+28]               # i
sm_p1:
        li r1, sm_scr
        ld.w r13, [r1+28]
        ld.w r8, [r1+76]
        blt r13, r8, sm_p1_go
        j sm_p1_end
sm_p1_go:
        call sm_diff                   # r2 = diff, r4 = diff_min
        blt r2, r4, sm_p1_next
        call sm_scaled_exp
        li r1, sm_scr
        ld.w r13, [r1+28]
        slli r3, r13, 2
        li r4, sm_e
        add r4, r4, r3
        st.w r2, [r4+0]                # e
        movi r3, 12
        call qm_rdiv
        li r1, sm_scr
        ld.w r3, [r1+24]
        add r3, r3, r2
        st.w r3, [r1+24]               # sum += rdivpot(e, 12)
sm_p1_next:
        li r1, sm_scr
        ld.w r13, [r1+28]
        addi r13, r13, 1
        st.w r13, [r1+28]
        j sm_p1
sm_p1_end:
        ld.w r3, [r1+24]               # headroom: leading zeros of sum
        nsa r4, r3
        addi r4, r4, 1
        movltz r4, r0, r3
        movi r5, 35
        sub r5, r5, r4
        st.w r5, [r1+36]               # bits over unit: 12 - headroom + 31 - 8
        sll r2, r3, r4
        li r5, 0x80000000
        sub r2, r2, r5
        call qm_recip
        li r1, sm_scr
        st.w r2, [r1+32]
        st.w r0, [r1+28]               # i
sm_p2:
        li r1, sm_scr
        ld.w r13, [r1+28]
        ld.w r8, [r1+76]
        blt r13, r8, sm_p2_go
        j sm_p2_end
sm_p2_go:
        call sm_diff
        movi r5, -128
        blt r2, r4, sm_p2_store
        li r1, sm_scr
        ld.w r13, [r1+28]
        slli r3, r13, 2
        li r4, sm_e
        add r4, r4, r3
        ld.w r3, [r4+0]
        ld.w r2, [r1+32]
        call qm_srdhm                  # recip * e
        li r1, sm_scr
        ld.w r3, [r1+36]
        call qm_rdiv
        addi r5, r2, -32
        addi r5, r5, -32
        addi r5, r5, -32
        addi r5, r5, -32               # - 128
        movi r6, -128
        max r5, r5, r6
        movi r6, 127
        min r5, r5, r6
sm_p2_store:
        li r1, sm_scr
        ld.w r13, [r1+28]
        ld.w r6, [r1+12]
        add r6, r6, r13
        st.b r5, [r6+0]
        addi r13, r13, 1
        st.w r13, [r1+28]
        j sm_p2
sm_p2_end:
        ld.w r2, [r1+4]                # the next row
        ld.w r3, [r2+12]
        ld.w r4, [r1+8]
        add r4, r4, r3
        st.w r4, [r1+8]
        ld.w r4, [r1+12]
        add r4, r4, r3
        st.w r4, [r1+12]
        j sm_row
sm_done:
        li r1, sm_scr
        ld.w r15, [r1+0]
        ret

# r2 = x[i] - max, r4 = diff_min (i, the row and max in sm_scr).
# Clobbers r1-r4.
sm_diff:
        li r1, sm_scr
        ld.w r3, [r1+8]
        ld.w r4, [r1+28]
        add r3, r3, r4
        ld.b r2, [r3+0]
        ld.w r3, [r1+20]
        sub r2, r2, r3
        ld.w r3, [r1+4]
        ld.w r4, [r3+24]
        ret

# r2 = exp_on_negative_values(srdhm(wrap(r2 << left shift), mult)).
# Clobbers r1-r7.
sm_scaled_exp:
        li r1, sm_scr
        st.w r15, [r1+40]
        ld.w r3, [r1+4]
        ld.w r4, [r3+20]               # left shift
        sll r2, r2, r4
        movi r5, 32
        bne r4, r5, sm_se_1
        movi r2, 0                     # diff * 2^32 wraps to 0
sm_se_1:
        ld.w r3, [r3+16]
        call qm_srdhm
        call qm_exp
        li r1, sm_scr
        ld.w r15, [r1+40]
        ret

        .data
        .align 8
sm_scr: .space 80      # lr, descriptor, x row, out row, rows left, max, sum,
                       # i, recip, bits over unit, lr of sm_scaled_exp; n at +76
sm_e:   .space 1024    # a row's e values
