# act16_s16: int16 sigmoid and tanh, input Q3.12, output Q0.15.  The
# runtime has no int16 sigmoid or tanh kernel (its int8 ones are tables,
# lut_s8), so this is the definition in quant_math's fixed-point terms
# that tests/unit/test_dsp_kernels.c's reference computes with
# runtime/kernels/quant_math.c (gemmlowp's logistic and tanh built on
# exp_on_negative_values and one_over_one_plus_x):
#
#   sigmoid: a = x << 14 (Q5.26); p = one_over_one_plus_x(exp(-|a|))
#            s = a >= 0 ? p : INT32_MAX - p;        out = sat16(rdivpot(s, 16))
#   tanh:    a = x << 15 (2x in Q5.26); p as above; t = (p - 2^30) << 1
#            s = a >= 0 ? t : -t;                   out = sat16(rdivpot(s, 16))
#
# The subroutines are dsp/kernels/qmath.s's (assembled with this file).
#
# Call: r2 = descriptor (4-byte aligned), returns with ret.  Clobbers
# r1-r13.
#   +0 x int16[n] (2-byte aligned)  +4 out int16[n] (2-byte aligned)
#   +8 n  +12 mode: 0 sigmoid, 1 tanh

        .text
act16_s16:
        li r1, a16_scr
        st.w r15, [r1+0]
        st.w r2, [r1+4]
        st.w r0, [r1+8]                # i
a16_next:
        li r1, a16_scr
        ld.w r2, [r1+4]
        ld.w r13, [r1+8]
        ld.w r3, [r2+8]
        blt r13, r3, a16_go
        j a16_done
a16_go:
        ld.w r3, [r2+0]
        slli r4, r13, 1
        add r3, r3, r4
        ld.h r3, [r3+0]                # x
        ld.w r5, [r2+12]
        slli r3, r3, 14
        sll r3, r3, r5                 # a: x << 14, or << 15 for tanh
        st.w r3, [r1+12]
        abs r2, r3
        neg r2, r2
        call qm_exp                    # exp(-|a|)
        call qm_recip                  # p = 1 / (1 + exp(-|a|))
        li r1, a16_scr
        ld.w r3, [r1+12]               # a
        ld.w r4, [r1+4]
        ld.w r5, [r4+12]
        bnez r5, a16_tanh
        li r4, 0x7FFFFFFF
        sub r4, r4, r2                 # 1 - p
        movltz r2, r4, r3
        j a16_out
a16_tanh:
        li r4, 0x40000000
        sub r2, r2, r4
        slli r2, r2, 1                 # t = 2p - 1
        neg r4, r2
        movltz r2, r4, r3
a16_out:
        movi r3, 16
        call qm_rdiv
        li r4, 32767
        min r2, r2, r4
        li r4, -32768
        max r2, r2, r4
        li r1, a16_scr
        ld.w r4, [r1+4]
        ld.w r4, [r4+4]
        ld.w r13, [r1+8]
        slli r5, r13, 1
        add r4, r4, r5
        st.h r2, [r4+0]
        addi r13, r13, 1
        st.w r13, [r1+8]
        j a16_next
a16_done:
        li r1, a16_scr
        ld.w r15, [r1+0]
        ret

        .data
        .align 8
a16_scr: .space 16     # lr, descriptor, i, a
