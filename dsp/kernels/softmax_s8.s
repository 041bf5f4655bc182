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
# Every step is quant_math.h's integer definition written with HLD's
# scalar operations: srdhm (the saturating rounding doubling high
# multiply) from mul/mulh, rdivpot (rounding shift, halves away from
# zero), the saturating left shift, exp by its Taylor polynomial on
# [-1/4, 0) and the barrel of exp(-2^k) factors, the reciprocal by three
# Newton-Raphson steps.  A row's e values are kept (sm_e) for its second
# pass.
#
# Call: r2 = descriptor (4-byte aligned), returns with ret.  Clobbers
# r1-r13.
#   +0 x  +4 out  +8 rows  +12 n (row length, 1..256: the sum keeps 4 bits
#   of headroom)  +16 mult  +20 left shift (0..32; 32 gives 0, as the
#   32-bit product wraps)  +24 diff_min (<= 0)

        .equ SM_QUARTER_MASK, 0x00FFFFFF
        .equ SM_QUARTER, 0x01000000
        .equ SM_EXP_M18, 1895147668       # exp(-1/8) in Q0.31
        .equ SM_THIRD, 715827883          # 1/3 in Q0.31

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
        call sm_rdiv
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
        call sm_recip
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
        call sm_srdhm                  # recip * e
        li r1, sm_scr
        ld.w r3, [r1+36]
        call sm_rdiv
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
        call sm_srdhm
        li r1, sm_scr
        st.w r2, [r1+44]               # a (Q5.26, <= 0)
        li r3, SM_QUARTER_MASK
        and r4, r2, r3
        li r3, SM_QUARTER
        sub r4, r4, r3
        st.w r4, [r1+48]               # a mod 1/4 - 1/4
        slli r2, r4, 5                 # in Q0.31: exp on [-1/4, 0) by Taylor
        li r3, 0x10000000
        add r2, r2, r3
        st.w r2, [r1+52]               # x = a + 1/8
        mov r3, r2
        call sm_srdhm
        li r1, sm_scr
        st.w r2, [r1+56]               # x^2
        ld.w r3, [r1+52]
        call sm_srdhm
        li r1, sm_scr
        st.w r2, [r1+60]               # x^3
        ld.w r2, [r1+56]
        mov r3, r2
        call sm_srdhm                  # x^4
        movi r3, 2
        call sm_rdiv                   # x^4 / 4
        li r1, sm_scr
        ld.w r3, [r1+60]
        add r2, r2, r3
        li r3, SM_THIRD
        call sm_srdhm
        li r1, sm_scr
        ld.w r3, [r1+56]
        add r2, r2, r3
        movi r3, 1
        call sm_rdiv                   # ((x^4/4 + x^3) / 3 + x^2) / 2
        li r1, sm_scr
        ld.w r3, [r1+52]
        add r3, r2, r3
        li r2, SM_EXP_M18
        call sm_srdhm
        li r3, SM_EXP_M18
        add r2, r2, r3                 # exp(-1/8) (1 + x + poly)
        li r1, sm_scr
        ld.w r4, [r1+48]
        ld.w r5, [r1+44]
        sub r4, r4, r5
        st.w r4, [r1+48]               # the multiple of 1/4 left: its bits 24..30
        li r3, sm_exp_pow2
        st.w r3, [r1+52]
        li r3, SM_QUARTER
        st.w r3, [r1+56]               # the bit
sm_barrel:
        li r1, sm_scr
        ld.w r4, [r1+48]
        ld.w r5, [r1+56]
        and r4, r4, r5
        beqz r4, sm_barrel_next
        ld.w r3, [r1+52]
        ld.w r3, [r3+0]
        call sm_srdhm                  # * exp(-2^k)
sm_barrel_next:
        li r1, sm_scr
        ld.w r3, [r1+52]
        addi r3, r3, 4
        st.w r3, [r1+52]
        ld.w r5, [r1+56]
        slli r5, r5, 1
        st.w r5, [r1+56]
        li r4, 0x80000000
        bne r5, r4, sm_barrel
        ld.w r4, [r1+44]
        bnez r4, sm_se_ret
        li r2, 0x7FFFFFFF              # exp(0)
sm_se_ret:
        ld.w r15, [r1+40]
        ret

# r2 = one_over_one_plus_x(r2), r2 in [0, 2^31) (Q0.31).  Clobbers r1-r7.
sm_recip:
        li r1, sm_scr
        st.w r15, [r1+64]
        srli r2, r2, 1
        li r3, 0x40000000
        add r2, r2, r3
        st.w r2, [r1+68]               # (x + 1) / 2
        li r3, -1010580540             # 48/17 - 32/17 d
        call sm_srdhm
        li r3, 1515870810
        add r2, r2, r3
        li r1, sm_scr
        st.w r2, [r1+72]
        movi r3, 3
        st.w r3, [r1+60]               # Newton-Raphson steps left
sm_nr:
        li r1, sm_scr
        ld.w r2, [r1+68]
        ld.w r3, [r1+72]
        call sm_srdhm                  # d x
        li r3, 0x20000000
        sub r3, r3, r2                 # 1 - d x
        li r1, sm_scr
        ld.w r2, [r1+72]
        call sm_srdhm
        movi r3, 2
        call sm_satls
        li r1, sm_scr
        ld.w r3, [r1+72]
        add r2, r2, r3
        st.w r2, [r1+72]
        ld.w r3, [r1+60]
        addi r3, r3, -1
        st.w r3, [r1+60]
        bnez r3, sm_nr
        movi r3, 1
        call sm_satls
        li r1, sm_scr
        ld.w r15, [r1+64]
        ret

# r2 = srdhm(r2, r3): (r2 * r3 + 2^30) >> 31, INT_MIN * INT_MIN
# saturating.  Clobbers r4-r7.
sm_srdhm:
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
sm_rdiv:
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
sm_satls:
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
sm_scr: .space 80      # lr, descriptor, x row, out row, rows left, max, sum,
                       # i, recip, bits over unit, exp: lr, a, a mod, x, x^2,
                       # x^3 (and the steps left), recip: lr, half, x; n
sm_exp_pow2:           # exp(-2^k) in Q0.31, k = -2..4 (bits 24..30 of Q5.26)
        .word 1672461947, 1302514674, 790015084, 290630308, 39332535, 720401, 242
sm_e:   .space 1024    # a row's e values
