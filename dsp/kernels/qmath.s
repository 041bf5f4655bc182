# qmath: the fixed-point arithmetic of runtime/kernels/quant_math.h and
# quant_math.c (TFLite's / gemmlowp's integer definitions) as HLD scalar
# subroutines, for the kernels that need more than aqnt.b: assembled with
# them (dsp/dsp.mk).  Arguments in r2, r3, the result in r2.
#
#   qm_srdhm   saturating rounding doubling high multiply, from mul/mulh
#   qm_rdiv    rounding shift right (halves away from zero)
#   qm_satls   saturating shift left
#   qm_exp     exp_on_negative_values (Q5.26 -> Q0.31)
#   qm_recip   one_over_one_plus_x (Q0.31)

        .equ QM_QUARTER_MASK, 0x00FFFFFF
        .equ QM_QUARTER, 0x01000000
        .equ QM_EXP_M18, 1895147668       # exp(-1/8) in Q0.31
        .equ QM_THIRD, 715827883          # 1/3 in Q0.31

        .text
# r2 = exp_on_negative_values(r2): r2 <= 0 in Q5.26, the result in Q0.31
# (quant_math.c): exp on [-1/4, 0) by its Taylor polynomial around -1/8,
# times exp(-2^k) for each bit k of the multiple of 1/4 left.  Clobbers
# r1-r7.
qm_exp:
        li r1, qm_scr
        st.w r15, [r1+0]
        st.w r2, [r1+4]                # a
        li r3, QM_QUARTER_MASK
        and r4, r2, r3
        li r3, QM_QUARTER
        sub r4, r4, r3
        st.w r4, [r1+8]               # a mod 1/4 - 1/4
        slli r2, r4, 5                 # in Q0.31: exp on [-1/4, 0) by Taylor
        li r3, 0x10000000
        add r2, r2, r3
        st.w r2, [r1+12]               # x = a + 1/8
        mov r3, r2
        call qm_srdhm
        li r1, qm_scr
        st.w r2, [r1+16]               # x^2
        ld.w r3, [r1+12]
        call qm_srdhm
        li r1, qm_scr
        st.w r2, [r1+20]               # x^3
        ld.w r2, [r1+16]
        mov r3, r2
        call qm_srdhm                  # x^4
        movi r3, 2
        call qm_rdiv                   # x^4 / 4
        li r1, qm_scr
        ld.w r3, [r1+20]
        add r2, r2, r3
        li r3, QM_THIRD
        call qm_srdhm
        li r1, qm_scr
        ld.w r3, [r1+16]
        add r2, r2, r3
        movi r3, 1
        call qm_rdiv                   # ((x^4/4 + x^3) / 3 + x^2) / 2
        li r1, qm_scr
        ld.w r3, [r1+12]
        add r3, r2, r3
        li r2, QM_EXP_M18
        call qm_srdhm
        li r3, QM_EXP_M18
        add r2, r2, r3                 # exp(-1/8) (1 + x + poly)
        li r1, qm_scr
        ld.w r4, [r1+8]
        ld.w r5, [r1+4]
        sub r4, r4, r5
        st.w r4, [r1+8]               # the multiple of 1/4 left: its bits 24..30
        li r3, qm_exp_pow2
        st.w r3, [r1+12]
        li r3, QM_QUARTER
        st.w r3, [r1+16]               # the bit
qm_barrel:
        li r1, qm_scr
        ld.w r4, [r1+8]
        ld.w r5, [r1+16]
        and r4, r4, r5
        beqz r4, qm_barrel_next
        ld.w r3, [r1+12]
        ld.w r3, [r3+0]
        call qm_srdhm                  # * exp(-2^k)
qm_barrel_next:
        li r1, qm_scr
        ld.w r3, [r1+12]
        addi r3, r3, 4
        st.w r3, [r1+12]
        ld.w r5, [r1+16]
        slli r5, r5, 1
        st.w r5, [r1+16]
        li r4, 0x80000000
        bne r5, r4, qm_barrel
        ld.w r4, [r1+4]
        bnez r4, qm_exp_ret
        li r2, 0x7FFFFFFF              # exp(0)
qm_exp_ret:
        ld.w r15, [r1+0]
        ret

# r2 = one_over_one_plus_x(r2), r2 in [0, 2^31) (Q0.31).  Clobbers r1-r7.
qm_recip:
        li r1, qm_scr
        st.w r15, [r1+24]
        srli r2, r2, 1
        li r3, 0x40000000
        add r2, r2, r3
        st.w r2, [r1+28]               # (x + 1) / 2
        li r3, -1010580540             # 48/17 - 32/17 d
        call qm_srdhm
        li r3, 1515870810
        add r2, r2, r3
        li r1, qm_scr
        st.w r2, [r1+32]
        movi r3, 3
        st.w r3, [r1+20]               # Newton-Raphson steps left
qm_nr:
        li r1, qm_scr
        ld.w r2, [r1+28]
        ld.w r3, [r1+32]
        call qm_srdhm                  # d x
        li r3, 0x20000000
        sub r3, r3, r2                 # 1 - d x
        li r1, qm_scr
        ld.w r2, [r1+32]
        call qm_srdhm
        movi r3, 2
        call qm_satls
        li r1, qm_scr
        ld.w r3, [r1+32]
        add r2, r2, r3
        st.w r2, [r1+32]
        ld.w r3, [r1+20]
        addi r3, r3, -1
        st.w r3, [r1+20]
        bnez r3, qm_nr
        movi r3, 1
        call qm_satls
        li r1, qm_scr
        ld.w r15, [r1+24]
        ret

# r2 = srdhm(r2, r3): (r2 * r3 + 2^30) >> 31, INT_MIN * INT_MIN
# saturating.  Clobbers r4-r7.
qm_srdhm:
        mul r4, r2, r3
        mulh r5, r2, r3
        slli r5, r5, 1
        srli r6, r4, 31
        or r5, r5, r6
        slli r4, r4, 1
        srli r4, r4, 1
        li r6, 0x40000000
        add r4, r4, r6
        srli r4, r4, 31
        add r5, r5, r4
        li r6, 0x80000000
        xor r4, r2, r6
        xor r7, r3, r6
        or r4, r4, r7
        li r6, 0x7FFFFFFF
        moveqz r5, r6, r4
        mov r2, r5
        ret

# r2 = rdivpot(r2, r3): shift right by r3 (0..31), halves away from zero.
# Clobbers r4-r6.
qm_rdiv:
        movi r6, 1
        sll r4, r6, r3
        addi r4, r4, -1                # mask
        and r5, r2, r4                 # remainder
        srli r4, r4, 1
        add r5, r5, r4
        add r5, r5, r6                 # + 2^(e-1) (e = 0: 1)
        srli r4, r2, 31
        moveqz r4, r6, r3              # negative, or e = 0: - 1
        sub r5, r5, r4
        sra r2, r2, r3
        srl r5, r5, r3
        add r2, r2, r5
        ret

# r2 = r2 << r3 saturated to int32.  Clobbers r4-r7.
qm_satls:
        sll r4, r2, r3
        sra r5, r4, r3
        xor r5, r5, r2                 # non-zero: bits were lost
        srai r6, r2, 31
        li r7, 0x7FFFFFFF
        xor r6, r6, r7                 # INT_MAX, or INT_MIN when negative
        movnez r4, r6, r5
        mov r2, r4
        ret

        .data
        .align 8
qm_scr: .space 36      # exp: lr, a, a mod 1/4 (then what is left), x, x^2,
                       # x^3 (recip: steps left); recip: lr, half, x
qm_exp_pow2:           # exp(-2^k) in Q0.31, k = -2..4 (bits 24..30 of Q5.26)
        .word 1672461947, 1302514674, 790015084, 290630308, 39332535, 720401, 242
