# fft256: 256-point FFT of a real int32 signal, fixed point.
#
#   X[k] = (1/256) * sum_n x[n] * exp(-2 pi i n k / 256),  k = 0..131
#
# Call: r2 = x, int32[256] (8-byte aligned, 8 readable bytes after; best in
# data bank 1 with the buffers).  The result is in fft256_out (data bank 1,
# 0x110400): X[0..131] as (re, im) int32 pairs (bins 129..131 are the
# conjugates of 127..125, computed on the way).  |x| < 2^30 cannot
# overflow.  Returns with ret; clobbers r1-r13, v0-v15, a0-a3, p1, cb0, ce0.
#
# Method, the usual real-FFT packing: the 256 real samples are 128 complex
# ones z[n] = x[2n] + j x[2n+1] (the int32 pairs as they lie in memory);
#  1. copy z into fft256_buf in bit-reversed order;
#  2. a 128-point complex FFT in place, 7 radix-2 decimation-in-time stages:
#     butterfly t = W b (vcmac.wh, Q14 twiddles, asrs.w rounds t back),
#     a' = (a + t) / 2, b' = (a - t) / 2 (vaddh.w / vsubh.w), so Z = FFT/128
#     and nothing overflows;
#  3. the split: with A = Z[k], B = Z[128 - k] (both read with circular
#     post-increments over the buffer, one up, one down),
#     E = (A + conj B) / 2, O = (A - conj B) / 2, X[k] = (E + (-j W_256^k) O) / 2.
#
# Stage loops: each stage is an outer x inner pair of hardware loops; the
# inner loop runs over the longer dimension (the groups in stages 0-3, with
# a fixed twiddle; the butterflies of a group in stages 4-6), with the
# strides of fft256_stages.  The inner loop does 4 butterflies in 15
# bundles: their loads, MACs and adds, and the stores of the previous 4
# (the store port, slot A, is the bottleneck with 8 stores per 4
# butterflies); a copy without stores before the loop and the last stores
# after it.
#
# Registers in a stage: r1 a loads, r2 b loads, r3 twiddles, r4 a stores,
# r5 b stores, r6 data stride, r7 twiddle stride, r8 = 14, r9 data base,
# r10 twiddle base, r11 stage parameters, r12 stages left, r13 scratch;
# b in v0-v3, W in v4-v7, a and a' in v8-v11, t and b' in v12-v15.

        .equ fft256_buf, 0x110000
        .equ fft256_out, 0x110400
        .text
fft256:
        mov r1, r2
        li r3, fft256_brtab
        li r2, fft256_scratch                   # the first stores of the copy land here
        { mov r4, r2 ; addi r5, r3, 4 }         # r3: even entries, r5: odd ones
        movi r13, 64
        loop r13, fft256_copy_end
        { st.d v0, [r2+0] ; ld.d v0, [r1]+8 }
        { st.d v1, [r4+0] ; ld.w r2, [r3]+8 }
        { ld.d v1, [r1]+8 ; ld.w r4, [r5]+8 }
fft256_copy_end:
        { st.d v0, [r2+0] ; movi r12, 7 }
        { st.d v1, [r4+0] ; movi r8, 14 }
        li r11, fft256_stages
fft256_stage:
        { ld.w r6, [r11+8] ; ld.w r7, [r11+12] }
        { ld.w r13, [r11+0] ; ld.w r10, [r11+28] }
        li r9, fft256_buf
        loop r13, fft256_outer_end
        { ld.w r13, [r11+4] ; ld.w r5, [r11+24] }
        { mov r1, r9 ; mov r3, r10 }
        { add r5, r9, r5 ; mov r4, r9 }
        mov r2, r5
        # the first 4 butterflies: no stores yet
        { ld.bc.w v4, [r3]+r7 ; ld.d v0, [r2]+r6 }
        { ld.bc.w v5, [r3]+r7 ; ld.d v1, [r2]+r6 }
        { ld.bc.w v6, [r3]+r7 ; ld.d v2, [r2]+r6 ; vcmac.wh.z a0, v0, v4 }
        { ld.bc.w v7, [r3]+r7 ; ld.d v3, [r2]+r6 ; vcmac.wh.z a1, v1, v5 }
        { nop ; ld.d v8, [r1]+r6 ; vcmac.wh.z a2, v2, v6 }
        vcmac.wh.z a3, v3, v7
        { nop ; ld.d v9, [r1]+r6 ; asrs.w v12, a0, r8 }
        asrs.w v13, a1, r8
        ld.d v10, [r1]+r6
        { vaddh.w v8, v8, v12 ; vsubh.w v12, v8, v12 }
        { nop ; ld.d v11, [r1]+r6 ; asrs.w v14, a2, r8 }
        { vaddh.w v9, v9, v13 ; vsubh.w v13, v9, v13 }
        asrs.w v15, a3, r8
        { vaddh.w v10, v10, v14 ; vsubh.w v14, v10, v14 }
        { loop r13, fft256_inner_end ; vaddh.w v11, v11, v15 ; vsubh.w v15, v11, v15 }
        # 4 butterflies, and the stores of the 4 before
        { ld.bc.w v4, [r3]+r7 ; ld.d v0, [r2]+r6 }
        { ld.bc.w v5, [r3]+r7 ; ld.d v1, [r2]+r6 }
        { ld.bc.w v6, [r3]+r7 ; ld.d v2, [r2]+r6 ; vcmac.wh.z a0, v0, v4 }
        { ld.bc.w v7, [r3]+r7 ; ld.d v3, [r2]+r6 ; vcmac.wh.z a1, v1, v5 }
        { st.d v8, [r4]+r6 ; ld.d v8, [r1]+r6 ; vcmac.wh.z a2, v2, v6 }
        { st.d v12, [r5]+r6 ; nop ; vcmac.wh.z a3, v3, v7 }
        { st.d v9, [r4]+r6 ; ld.d v9, [r1]+r6 ; asrs.w v12, a0, r8 }
        { st.d v13, [r5]+r6 ; nop ; asrs.w v13, a1, r8 }
        { st.d v10, [r4]+r6 ; ld.d v10, [r1]+r6 }
        { st.d v14, [r5]+r6 ; vaddh.w v8, v8, v12 ; vsubh.w v12, v8, v12 }
        { st.d v11, [r4]+r6 ; ld.d v11, [r1]+r6 ; asrs.w v14, a2, r8 }
        { st.d v15, [r5]+r6 ; vaddh.w v9, v9, v13 ; vsubh.w v13, v9, v13 }
        asrs.w v15, a3, r8
        { vaddh.w v10, v10, v14 ; vsubh.w v14, v10, v14 }
        { vaddh.w v11, v11, v15 ; vsubh.w v15, v11, v15 }
fft256_inner_end:
        { st.d v8, [r4]+r6 ; ld.w r13, [r11+16] }
        { st.d v12, [r5]+r6 ; ld.w r2, [r11+20] }
        { st.d v9, [r4]+r6 ; add r9, r9, r13 }
        { st.d v13, [r5]+r6 ; add r10, r10, r2 }
        st.d v10, [r4]+r6
        st.d v14, [r5]+r6
        st.d v11, [r4]+r6
        st.d v15, [r5]+r6
fft256_outer_end:
        { addi r11, r11, 16 ; addi r12, r12, -1 }
        { bnez r12, fft256_stage ; addi r11, r11, 16 }

        # The split, 4 bins per iteration: A in v0-v3 (then D, E, X), B in
        # v4-v7, the factor in v8-v11 (then t), S then O in v12-v15.
fft256_split:
        li r1, fft256_buf
        li r2, fft256_buf+1024
        { wsr cb0, r1 ; movi r5, 1 }
        { wsr ce0, r2 ; vbcast.w v0, r5 ; vbcast.w v1, r0 }
        { mov r2, r1 ; vset.w v0, r0, 0 }        # v0 = (0, 1)
        vcmp.eq.w p1, v0, v1                     # p1: the bytes of lane 0
        li r3, fft256_split_tw
        li r4, fft256_out
        movi r13, 33
        loop r13, fft256_split_end
        { ld.d.c v0, [r1]+8 ; ld.bc.w v8, [r3]+4 }
        { ld.d.c v4, [r2]+-8 ; ld.bc.w v9, [r3]+4 }
        { ld.d.c v1, [r1]+8 ; ld.bc.w v10, [r3]+4 }
        { ld.d.c v5, [r2]+-8 ; ld.bc.w v11, [r3]+4 ; vaddh.w v12, v0, v4 }
        { ld.d.c v2, [r1]+8 ; vsubh.w v0, v0, v4 }
        { ld.d.c v6, [r2]+-8 ; vaddh.w v13, v1, v5 ; vsubh.w v1, v1, v5 }
        { ld.d.c v3, [r1]+8 ; vsel v0, v12, p1 ; vsel v12, v0, p1 }
        { ld.d.c v7, [r2]+-8 ; vsel v1, v13, p1 ; vsel v13, v1, p1 }
        { vaddh.w v14, v2, v6 ; vcmac.wh.z a0, v12, v8 }
        { vsubh.w v2, v2, v6 ; vcmac.wh.z a1, v13, v9 }
        { vaddh.w v15, v3, v7 ; vsubh.w v3, v3, v7 }
        { vsel v2, v14, p1 ; vsel v14, v2, p1 }
        { vsel v3, v15, p1 ; vsel v15, v3, p1 }
        { asrs.w v8, a0, r8 ; vcmac.wh.z a2, v14, v10 }
        { asrs.w v9, a1, r8 ; vcmac.wh.z a3, v15, v11 }
        { vaddh.w v0, v0, v8 ; asrs.w v10, a2, r8 }
        { st.d v0, [r4]+8 ; vaddh.w v1, v1, v9 ; asrs.w v11, a3, r8 }
        { st.d v1, [r4]+8 ; vaddh.w v2, v2, v10 }
        { st.d v2, [r4]+8 ; vaddh.w v3, v3, v11 }
        st.d v3, [r4]+8
fft256_split_end:
        ret

# BEGIN GENERATED by gen_fft256_tables.py
        .data
        .align 8
fft256_scratch: .dword 0
# destination of input pair n: fft256_buf + 8 * bitreverse7(n)
fft256_brtab:
        .word fft256_buf+0, fft256_buf+512, fft256_buf+256, fft256_buf+768, fft256_buf+128, fft256_buf+640, fft256_buf+384, fft256_buf+896
        .word fft256_buf+64, fft256_buf+576, fft256_buf+320, fft256_buf+832, fft256_buf+192, fft256_buf+704, fft256_buf+448, fft256_buf+960
        .word fft256_buf+32, fft256_buf+544, fft256_buf+288, fft256_buf+800, fft256_buf+160, fft256_buf+672, fft256_buf+416, fft256_buf+928
        .word fft256_buf+96, fft256_buf+608, fft256_buf+352, fft256_buf+864, fft256_buf+224, fft256_buf+736, fft256_buf+480, fft256_buf+992
        .word fft256_buf+16, fft256_buf+528, fft256_buf+272, fft256_buf+784, fft256_buf+144, fft256_buf+656, fft256_buf+400, fft256_buf+912
        .word fft256_buf+80, fft256_buf+592, fft256_buf+336, fft256_buf+848, fft256_buf+208, fft256_buf+720, fft256_buf+464, fft256_buf+976
        .word fft256_buf+48, fft256_buf+560, fft256_buf+304, fft256_buf+816, fft256_buf+176, fft256_buf+688, fft256_buf+432, fft256_buf+944
        .word fft256_buf+112, fft256_buf+624, fft256_buf+368, fft256_buf+880, fft256_buf+240, fft256_buf+752, fft256_buf+496, fft256_buf+1008
        .word fft256_buf+8, fft256_buf+520, fft256_buf+264, fft256_buf+776, fft256_buf+136, fft256_buf+648, fft256_buf+392, fft256_buf+904
        .word fft256_buf+72, fft256_buf+584, fft256_buf+328, fft256_buf+840, fft256_buf+200, fft256_buf+712, fft256_buf+456, fft256_buf+968
        .word fft256_buf+40, fft256_buf+552, fft256_buf+296, fft256_buf+808, fft256_buf+168, fft256_buf+680, fft256_buf+424, fft256_buf+936
        .word fft256_buf+104, fft256_buf+616, fft256_buf+360, fft256_buf+872, fft256_buf+232, fft256_buf+744, fft256_buf+488, fft256_buf+1000
        .word fft256_buf+24, fft256_buf+536, fft256_buf+280, fft256_buf+792, fft256_buf+152, fft256_buf+664, fft256_buf+408, fft256_buf+920
        .word fft256_buf+88, fft256_buf+600, fft256_buf+344, fft256_buf+856, fft256_buf+216, fft256_buf+728, fft256_buf+472, fft256_buf+984
        .word fft256_buf+56, fft256_buf+568, fft256_buf+312, fft256_buf+824, fft256_buf+184, fft256_buf+696, fft256_buf+440, fft256_buf+952
        .word fft256_buf+120, fft256_buf+632, fft256_buf+376, fft256_buf+888, fft256_buf+248, fft256_buf+760, fft256_buf+504, fft256_buf+1016
# per stage: outer count, inner iterations - 1 (4 butterflies each), data and twiddle
# stride per butterfly, data and twiddle step per outer iteration, b - a offset,
# twiddle block
fft256_stages:
        .word 1, 15, 16, 0, 8, 4, 8, fft256_tw+0
        .word 2, 7, 32, 0, 8, 4, 16, fft256_tw+4
        .word 4, 3, 64, 0, 8, 4, 32, fft256_tw+12
        .word 8, 1, 128, 0, 8, 4, 64, fft256_tw+28
        .word 4, 3, 8, 4, 256, 0, 128, fft256_tw+60
        .word 2, 7, 8, 4, 512, 0, 256, fft256_tw+124
        .word 1, 15, 8, 4, 1024, 0, 512, fft256_tw+252
# W_2h^j = exp(-2 pi i j / 2h) for each stage (h = 1, 2, .. 64), Q14 (re, im)
fft256_tw:
        .half 16384, 0
        .half 16384, 0, 0, -16384
        .half 16384, 0, 11585, -11585, 0, -16384, -11585, -11585
        .half 16384, 0, 15137, -6270, 11585, -11585, 6270, -15137, 0, -16384, -6270, -15137, -11585, -11585, -15137, -6270
        .half 16384, 0, 16069, -3196, 15137, -6270, 13623, -9102, 11585, -11585, 9102, -13623, 6270, -15137, 3196, -16069
        .half 0, -16384, -3196, -16069, -6270, -15137, -9102, -13623, -11585, -11585, -13623, -9102, -15137, -6270, -16069, -3196
        .half 16384, 0, 16305, -1606, 16069, -3196, 15679, -4756, 15137, -6270, 14449, -7723, 13623, -9102, 12665, -10394
        .half 11585, -11585, 10394, -12665, 9102, -13623, 7723, -14449, 6270, -15137, 4756, -15679, 3196, -16069, 1606, -16305
        .half 0, -16384, -1606, -16305, -3196, -16069, -4756, -15679, -6270, -15137, -7723, -14449, -9102, -13623, -10394, -12665
        .half -11585, -11585, -12665, -10394, -13623, -9102, -14449, -7723, -15137, -6270, -15679, -4756, -16069, -3196, -16305, -1606
        .half 16384, 0, 16364, -804, 16305, -1606, 16207, -2404, 16069, -3196, 15893, -3981, 15679, -4756, 15426, -5520
        .half 15137, -6270, 14811, -7005, 14449, -7723, 14053, -8423, 13623, -9102, 13160, -9760, 12665, -10394, 12140, -11003
        .half 11585, -11585, 11003, -12140, 10394, -12665, 9760, -13160, 9102, -13623, 8423, -14053, 7723, -14449, 7005, -14811
        .half 6270, -15137, 5520, -15426, 4756, -15679, 3981, -15893, 3196, -16069, 2404, -16207, 1606, -16305, 804, -16364
        .half 0, -16384, -804, -16364, -1606, -16305, -2404, -16207, -3196, -16069, -3981, -15893, -4756, -15679, -5520, -15426
        .half -6270, -15137, -7005, -14811, -7723, -14449, -8423, -14053, -9102, -13623, -9760, -13160, -10394, -12665, -11003, -12140
        .half -11585, -11585, -12140, -11003, -12665, -10394, -13160, -9760, -13623, -9102, -14053, -8423, -14449, -7723, -14811, -7005
        .half -15137, -6270, -15426, -5520, -15679, -4756, -15893, -3981, -16069, -3196, -16207, -2404, -16305, -1606, -16364, -804
# -j W_256^k = (sin a, -cos a), a = -2 pi k / 256, Q14: the split pass
fft256_split_tw:
        .half 0, -16384, -402, -16379, -804, -16364, -1205, -16340, -1606, -16305, -2006, -16261, -2404, -16207, -2801, -16143
        .half -3196, -16069, -3590, -15986, -3981, -15893, -4370, -15791, -4756, -15679, -5139, -15557, -5520, -15426, -5897, -15286
        .half -6270, -15137, -6639, -14978, -7005, -14811, -7366, -14635, -7723, -14449, -8076, -14256, -8423, -14053, -8765, -13842
        .half -9102, -13623, -9434, -13395, -9760, -13160, -10080, -12916, -10394, -12665, -10702, -12406, -11003, -12140, -11297, -11866
        .half -11585, -11585, -11866, -11297, -12140, -11003, -12406, -10702, -12665, -10394, -12916, -10080, -13160, -9760, -13395, -9434
        .half -13623, -9102, -13842, -8765, -14053, -8423, -14256, -8076, -14449, -7723, -14635, -7366, -14811, -7005, -14978, -6639
        .half -15137, -6270, -15286, -5897, -15426, -5520, -15557, -5139, -15679, -4756, -15791, -4370, -15893, -3981, -15986, -3590
        .half -16069, -3196, -16143, -2801, -16207, -2404, -16261, -2006, -16305, -1606, -16340, -1205, -16364, -804, -16379, -402
        .half -16384, 0, -16379, 402, -16364, 804, -16340, 1205, -16305, 1606, -16261, 2006, -16207, 2404, -16143, 2801
        .half -16069, 3196, -15986, 3590, -15893, 3981, -15791, 4370, -15679, 4756, -15557, 5139, -15426, 5520, -15286, 5897
        .half -15137, 6270, -14978, 6639, -14811, 7005, -14635, 7366, -14449, 7723, -14256, 8076, -14053, 8423, -13842, 8765
        .half -13623, 9102, -13395, 9434, -13160, 9760, -12916, 10080, -12665, 10394, -12406, 10702, -12140, 11003, -11866, 11297
        .half -11585, 11585, -11297, 11866, -11003, 12140, -10702, 12406, -10394, 12665, -10080, 12916, -9760, 13160, -9434, 13395
        .half -9102, 13623, -8765, 13842, -8423, 14053, -8076, 14256, -7723, 14449, -7366, 14635, -7005, 14811, -6639, 14978
        .half -6270, 15137, -5897, 15286, -5520, 15426, -5139, 15557, -4756, 15679, -4370, 15791, -3981, 15893, -3590, 15986
        .half -3196, 16069, -2801, 16143, -2404, 16207, -2006, 16261, -1606, 16305, -1205, 16340, -804, 16364, -402, 16379
        .half 0, 16384, 402, 16379, 804, 16364, 1205, 16340
# END GENERATED
