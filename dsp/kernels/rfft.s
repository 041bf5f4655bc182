# rfft: FFTs of a real int32 signal, fixed point, 256, 512 and 640 points.
#
#   fft256: X[k] = (1/256)  * sum_n x[n] * exp(-2 pi i n k / 256),  k = 0..131
#   fft512: X[k] = (1/512)  * sum_n x[n] * exp(-2 pi i n k / 512),  k = 0..259
#   fft640: X[k] = (1/1024) * sum_n x[n] * exp(-2 pi i n k / 640),  k = 0..323
#
# Call: r2 = x, int32[N] (8-byte aligned, 8 readable bytes after; best in
# data bank 1 with the buffers, past rfft_buf + 16 N + 40).  The result is
# at rfft_buf + 4 N (data bank 1): X[0..] as (re, im) int32 pairs (the bins
# past N/2 are the conjugates of those below, computed on the way).
# |x| < 2^30 cannot overflow.  Returns with ret; clobbers r1-r13, v0-v15,
# a0-a4, p1, cb0, ce0.
#
# Method, the usual real-FFT packing: the N real samples are M = N/2
# complex ones z[n] = x[2n] + j x[2n+1] (the int32 pairs as they lie in
# memory); the plan of each size (rfft_plans below) holds the tables.
#  1. copy z into rfft_buf in bit-reversed order (an address per pair);
#  2. radix-2 decimation-in-time stages in place: butterfly t = W b
#     (vcmac.wh, Q14 twiddles, asrs.w rounds t back), a' = (a + t) / 2,
#     b' = (a - t) / 2 (vaddh.w / vsubh.w), so nothing overflows.  256 and
#     512: all log2 M stages, Z = FFT_M / M.  640 (M = 320 = 5 x 64): the
#     pair 5m + r goes to block r at bit-reversed m, and 6 stages make five
#     64-point FFTs F_r = FFT_64(z[5m + r]) / 64 side by side;
#  3. 640 only, the radix-5 pass, in place per k = 0..63:
#     Z[k + 64q] = sum_r W_320^(r (k + 64q)) F_r[k], the 25 factors per k
#     from a table, the sums shifted right by 17 (not 14: the 5 terms grow
#     by up to 5, so Z = FFT_320 / 512);
#  4. the split: with A = Z[k], B = Z[M - k] (both read with circular
#     post-increments over the buffer, one up, one down),
#     E = (A + conj B) / 2, O = (A - conj B) / 2, X[k] = (E + (-j W_N^k) O) / 2.
#
# Stage loops: each stage is an outer x inner pair of hardware loops; the
# inner loop runs over the longer dimension (the groups in the early
# stages, with a fixed twiddle; the butterflies of a group in the late
# ones), with the strides of the plan's stage table.  The inner loop does 4
# butterflies in 15 bundles: their loads, MACs and adds, and the stores of
# the previous 4 (the store port, slot A, is the bottleneck with 8 stores
# per 4 butterflies); a copy without stores before the loop and the last
# stores after it.
#
# Registers in a stage: r1 a loads, r2 b loads, r3 twiddles, r4 a stores,
# r5 b stores, r6 data stride, r7 twiddle stride, r8 = 14, r9 data base,
# r10 twiddle base, r11 stage parameters, r12 stages left, r13 scratch;
# b in v0-v3, W in v4-v7, a and a' in v8-v11, t and b' in v12-v15.

        .equ rfft_buf, 0x110000
        .text
fft256: li r3, fft256_plan
        j rfft
fft512: li r3, fft512_plan
        j rfft
fft640: li r3, fft640_plan
rfft:
        { ld.w r5, [r3+0] ; ld.w r13, [r3+4] }   # bit-reversal table, pairs / 2
        li r11, rfft_cur
        { st.w r3, [r11+0] ; mov r1, r2 }
        li r2, rfft_scratch                     # the first stores of the copy land here
        { mov r3, r5 ; addi r5, r5, 4 }         # r3: even entries, r5: odd ones
        mov r4, r2
        loop r13, rfft_copy_end
        { st.d v0, [r2+0] ; ld.d v0, [r1]+8 }
        { st.d v1, [r4+0] ; ld.w r2, [r3]+8 }
        { ld.d v1, [r1]+8 ; ld.w r4, [r5]+8 }
rfft_copy_end:
        { st.d v0, [r2+0] ; movi r8, 14 }
        st.d v1, [r4+0]
        li r13, rfft_cur
        ld.w r13, [r13+0]
        { ld.w r12, [r13+8] ; ld.w r11, [r13+12] }   # stages, stage table
rfft_stage:
        { ld.w r6, [r11+8] ; ld.w r7, [r11+12] }
        { ld.w r13, [r11+0] ; ld.w r10, [r11+28] }
        li r9, rfft_buf
        loop r13, rfft_outer_end
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
        { loop r13, rfft_inner_end ; vaddh.w v11, v11, v15 ; vsubh.w v15, v11, v15 }
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
rfft_inner_end:
        { st.d v8, [r4]+r6 ; ld.w r13, [r11+16] }
        { st.d v12, [r5]+r6 ; ld.w r2, [r11+20] }
        { st.d v9, [r4]+r6 ; add r9, r9, r13 }
        { st.d v13, [r5]+r6 ; add r10, r10, r2 }
        st.d v10, [r4]+r6
        st.d v14, [r5]+r6
        st.d v11, [r4]+r6
        st.d v15, [r5]+r6
rfft_outer_end:
        { addi r11, r11, 16 ; addi r12, r12, -1 }
        { bnez r12, rfft_stage ; addi r11, r11, 16 }

        # The radix-5 pass (a count of 0 skips it): per k, F_0..F_4 in
        # v0-v4 (stride r6 = one 64-point block), the 25 factors through
        # v5-v9, the sums in a0-a4, then Z in v10-v14 stored over the F's.
        li r13, rfft_cur
        ld.w r13, [r13+0]
        { ld.w r12, [r13+16] ; ld.w r3, [r13+20] }
        beqz r12, rfft_split
        li r1, rfft_buf
        { mov r4, r1 ; movi r9, 17 }
        li r6, 512
        li r7, 2552                             # 5 blocks back, one point on
        loop r12, rfft_r5_end
        { ld.d v0, [r1]+r6 ; ld.bc.w v5, [r3]+4 }
        { ld.d v1, [r1]+r6 ; ld.bc.w v6, [r3]+4 }
        { ld.d v2, [r1]+r6 ; ld.bc.w v7, [r3]+4 ; vcmac.wh.z a0, v0, v5 }
        { ld.d v3, [r1]+r6 ; ld.bc.w v8, [r3]+4 ; vcmac.wh a0, v1, v6 }
        { ld.d v4, [r1]+r6 ; ld.bc.w v9, [r3]+4 ; vcmac.wh a0, v2, v7 }
        { sub r1, r1, r7 ; ld.bc.w v5, [r3]+4 ; vcmac.wh a0, v3, v8 }
        { nop ; ld.bc.w v6, [r3]+4 ; vcmac.wh a0, v4, v9 }
        { nop ; ld.bc.w v7, [r3]+4 ; vcmac.wh.z a1, v0, v5 }
        { ld.bc.w v8, [r3]+4 ; asrs.w v10, a0, r9 ; vcmac.wh a1, v1, v6 }
        { nop ; ld.bc.w v9, [r3]+4 ; vcmac.wh a1, v2, v7 }
        { nop ; ld.bc.w v5, [r3]+4 ; vcmac.wh a1, v3, v8 }
        { st.d v10, [r4]+r6 ; ld.bc.w v6, [r3]+4 ; vcmac.wh a1, v4, v9 }
        { nop ; ld.bc.w v7, [r3]+4 ; vcmac.wh.z a2, v0, v5 }
        { ld.bc.w v8, [r3]+4 ; asrs.w v11, a1, r9 ; vcmac.wh a2, v1, v6 }
        { nop ; ld.bc.w v9, [r3]+4 ; vcmac.wh a2, v2, v7 }
        { nop ; ld.bc.w v5, [r3]+4 ; vcmac.wh a2, v3, v8 }
        { st.d v11, [r4]+r6 ; ld.bc.w v6, [r3]+4 ; vcmac.wh a2, v4, v9 }
        { nop ; ld.bc.w v7, [r3]+4 ; vcmac.wh.z a3, v0, v5 }
        { ld.bc.w v8, [r3]+4 ; asrs.w v12, a2, r9 ; vcmac.wh a3, v1, v6 }
        { nop ; ld.bc.w v9, [r3]+4 ; vcmac.wh a3, v2, v7 }
        { nop ; ld.bc.w v5, [r3]+4 ; vcmac.wh a3, v3, v8 }
        { st.d v12, [r4]+r6 ; ld.bc.w v6, [r3]+4 ; vcmac.wh a3, v4, v9 }
        { nop ; ld.bc.w v7, [r3]+4 ; vcmac.wh.z a4, v0, v5 }
        { ld.bc.w v8, [r3]+4 ; asrs.w v13, a3, r9 ; vcmac.wh a4, v1, v6 }
        { nop ; ld.bc.w v9, [r3]+4 ; vcmac.wh a4, v2, v7 }
        vcmac.wh a4, v3, v8
        { st.d v13, [r4]+r6 ; nop ; vcmac.wh a4, v4, v9 }
        asrs.w v14, a4, r9
        st.d v14, [r4]+r6
        sub r4, r4, r7
rfft_r5_end:

        # The split, 4 bins per iteration: A in v0-v3 (then D, E, X), B in
        # v4-v7, the factor in v8-v11 (then t), S then O in v12-v15.
rfft_split:
        li r13, rfft_cur
        ld.w r13, [r13+0]
        li r1, rfft_buf
        { ld.w r2, [r13+24] ; ld.w r3, [r13+28] }   # buffer end, factors
        { ld.w r12, [r13+32] ; ld.w r4, [r13+36] }  # iterations, output
        { wsr cb0, r1 ; movi r5, 1 }
        { wsr ce0, r2 ; vbcast.w v0, r5 ; vbcast.w v1, r0 }
        { mov r2, r1 ; vset.w v0, r0, 0 }        # v0 = (0, 1)
        vcmp.eq.w p1, v0, v1                     # p1: the bytes of lane 0
        loop r12, rfft_split_end
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
rfft_split_end:
        ret

# BEGIN GENERATED by gen_rfft_tables.py
        .data
        .align 8
rfft_scratch: .dword 0
rfft_cur: .word 0                       # the plan of the running call
# W_2h^j = exp(-2 pi i j / 2h) for h = 1, 2, .. 128, Q14 (re, im)
rfft_tw:
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
        .half 16384, 0, 16379, -402, 16364, -804, 16340, -1205, 16305, -1606, 16261, -2006, 16207, -2404, 16143, -2801
        .half 16069, -3196, 15986, -3590, 15893, -3981, 15791, -4370, 15679, -4756, 15557, -5139, 15426, -5520, 15286, -5897
        .half 15137, -6270, 14978, -6639, 14811, -7005, 14635, -7366, 14449, -7723, 14256, -8076, 14053, -8423, 13842, -8765
        .half 13623, -9102, 13395, -9434, 13160, -9760, 12916, -10080, 12665, -10394, 12406, -10702, 12140, -11003, 11866, -11297
        .half 11585, -11585, 11297, -11866, 11003, -12140, 10702, -12406, 10394, -12665, 10080, -12916, 9760, -13160, 9434, -13395
        .half 9102, -13623, 8765, -13842, 8423, -14053, 8076, -14256, 7723, -14449, 7366, -14635, 7005, -14811, 6639, -14978
        .half 6270, -15137, 5897, -15286, 5520, -15426, 5139, -15557, 4756, -15679, 4370, -15791, 3981, -15893, 3590, -15986
        .half 3196, -16069, 2801, -16143, 2404, -16207, 2006, -16261, 1606, -16305, 1205, -16340, 804, -16364, 402, -16379
        .half 0, -16384, -402, -16379, -804, -16364, -1205, -16340, -1606, -16305, -2006, -16261, -2404, -16207, -2801, -16143
        .half -3196, -16069, -3590, -15986, -3981, -15893, -4370, -15791, -4756, -15679, -5139, -15557, -5520, -15426, -5897, -15286
        .half -6270, -15137, -6639, -14978, -7005, -14811, -7366, -14635, -7723, -14449, -8076, -14256, -8423, -14053, -8765, -13842
        .half -9102, -13623, -9434, -13395, -9760, -13160, -10080, -12916, -10394, -12665, -10702, -12406, -11003, -12140, -11297, -11866
        .half -11585, -11585, -11866, -11297, -12140, -11003, -12406, -10702, -12665, -10394, -12916, -10080, -13160, -9760, -13395, -9434
        .half -13623, -9102, -13842, -8765, -14053, -8423, -14256, -8076, -14449, -7723, -14635, -7366, -14811, -7005, -14978, -6639
        .half -15137, -6270, -15286, -5897, -15426, -5520, -15557, -5139, -15679, -4756, -15791, -4370, -15893, -3981, -15986, -3590
        .half -16069, -3196, -16143, -2801, -16207, -2404, -16261, -2006, -16305, -1606, -16340, -1205, -16364, -804, -16379, -402
# fft256: brtab, pairs / 2, stages, stage table, radix-5 count and factors,
# buffer end, split factors, split iterations, output
fft256_plan:
        .word fft256_brtab, 64, 7, fft256_stages, 0, 0, rfft_buf+1024, fft256_split_tw, 33, rfft_buf+1024
fft256_brtab:
        .word rfft_buf+0, rfft_buf+512, rfft_buf+256, rfft_buf+768, rfft_buf+128, rfft_buf+640, rfft_buf+384, rfft_buf+896
        .word rfft_buf+64, rfft_buf+576, rfft_buf+320, rfft_buf+832, rfft_buf+192, rfft_buf+704, rfft_buf+448, rfft_buf+960
        .word rfft_buf+32, rfft_buf+544, rfft_buf+288, rfft_buf+800, rfft_buf+160, rfft_buf+672, rfft_buf+416, rfft_buf+928
        .word rfft_buf+96, rfft_buf+608, rfft_buf+352, rfft_buf+864, rfft_buf+224, rfft_buf+736, rfft_buf+480, rfft_buf+992
        .word rfft_buf+16, rfft_buf+528, rfft_buf+272, rfft_buf+784, rfft_buf+144, rfft_buf+656, rfft_buf+400, rfft_buf+912
        .word rfft_buf+80, rfft_buf+592, rfft_buf+336, rfft_buf+848, rfft_buf+208, rfft_buf+720, rfft_buf+464, rfft_buf+976
        .word rfft_buf+48, rfft_buf+560, rfft_buf+304, rfft_buf+816, rfft_buf+176, rfft_buf+688, rfft_buf+432, rfft_buf+944
        .word rfft_buf+112, rfft_buf+624, rfft_buf+368, rfft_buf+880, rfft_buf+240, rfft_buf+752, rfft_buf+496, rfft_buf+1008
        .word rfft_buf+8, rfft_buf+520, rfft_buf+264, rfft_buf+776, rfft_buf+136, rfft_buf+648, rfft_buf+392, rfft_buf+904
        .word rfft_buf+72, rfft_buf+584, rfft_buf+328, rfft_buf+840, rfft_buf+200, rfft_buf+712, rfft_buf+456, rfft_buf+968
        .word rfft_buf+40, rfft_buf+552, rfft_buf+296, rfft_buf+808, rfft_buf+168, rfft_buf+680, rfft_buf+424, rfft_buf+936
        .word rfft_buf+104, rfft_buf+616, rfft_buf+360, rfft_buf+872, rfft_buf+232, rfft_buf+744, rfft_buf+488, rfft_buf+1000
        .word rfft_buf+24, rfft_buf+536, rfft_buf+280, rfft_buf+792, rfft_buf+152, rfft_buf+664, rfft_buf+408, rfft_buf+920
        .word rfft_buf+88, rfft_buf+600, rfft_buf+344, rfft_buf+856, rfft_buf+216, rfft_buf+728, rfft_buf+472, rfft_buf+984
        .word rfft_buf+56, rfft_buf+568, rfft_buf+312, rfft_buf+824, rfft_buf+184, rfft_buf+696, rfft_buf+440, rfft_buf+952
        .word rfft_buf+120, rfft_buf+632, rfft_buf+376, rfft_buf+888, rfft_buf+248, rfft_buf+760, rfft_buf+504, rfft_buf+1016
# per stage: outer count, inner iterations - 1 (4 butterflies each), data and twiddle
# stride per butterfly, data and twiddle step per outer iteration, b - a offset,
# twiddle block
fft256_stages:
        .word 1, 15, 16, 0, 8, 4, 8, rfft_tw+0
        .word 2, 7, 32, 0, 8, 4, 16, rfft_tw+4
        .word 4, 3, 64, 0, 8, 4, 32, rfft_tw+12
        .word 8, 1, 128, 0, 8, 4, 64, rfft_tw+28
        .word 4, 3, 8, 4, 256, 0, 128, rfft_tw+60
        .word 2, 7, 8, 4, 512, 0, 256, rfft_tw+124
        .word 1, 15, 8, 4, 1024, 0, 512, rfft_tw+252
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
# fft512: brtab, pairs / 2, stages, stage table, radix-5 count and factors,
# buffer end, split factors, split iterations, output
fft512_plan:
        .word fft512_brtab, 128, 8, fft512_stages, 0, 0, rfft_buf+2048, fft512_split_tw, 65, rfft_buf+2048
fft512_brtab:
        .word rfft_buf+0, rfft_buf+1024, rfft_buf+512, rfft_buf+1536, rfft_buf+256, rfft_buf+1280, rfft_buf+768, rfft_buf+1792
        .word rfft_buf+128, rfft_buf+1152, rfft_buf+640, rfft_buf+1664, rfft_buf+384, rfft_buf+1408, rfft_buf+896, rfft_buf+1920
        .word rfft_buf+64, rfft_buf+1088, rfft_buf+576, rfft_buf+1600, rfft_buf+320, rfft_buf+1344, rfft_buf+832, rfft_buf+1856
        .word rfft_buf+192, rfft_buf+1216, rfft_buf+704, rfft_buf+1728, rfft_buf+448, rfft_buf+1472, rfft_buf+960, rfft_buf+1984
        .word rfft_buf+32, rfft_buf+1056, rfft_buf+544, rfft_buf+1568, rfft_buf+288, rfft_buf+1312, rfft_buf+800, rfft_buf+1824
        .word rfft_buf+160, rfft_buf+1184, rfft_buf+672, rfft_buf+1696, rfft_buf+416, rfft_buf+1440, rfft_buf+928, rfft_buf+1952
        .word rfft_buf+96, rfft_buf+1120, rfft_buf+608, rfft_buf+1632, rfft_buf+352, rfft_buf+1376, rfft_buf+864, rfft_buf+1888
        .word rfft_buf+224, rfft_buf+1248, rfft_buf+736, rfft_buf+1760, rfft_buf+480, rfft_buf+1504, rfft_buf+992, rfft_buf+2016
        .word rfft_buf+16, rfft_buf+1040, rfft_buf+528, rfft_buf+1552, rfft_buf+272, rfft_buf+1296, rfft_buf+784, rfft_buf+1808
        .word rfft_buf+144, rfft_buf+1168, rfft_buf+656, rfft_buf+1680, rfft_buf+400, rfft_buf+1424, rfft_buf+912, rfft_buf+1936
        .word rfft_buf+80, rfft_buf+1104, rfft_buf+592, rfft_buf+1616, rfft_buf+336, rfft_buf+1360, rfft_buf+848, rfft_buf+1872
        .word rfft_buf+208, rfft_buf+1232, rfft_buf+720, rfft_buf+1744, rfft_buf+464, rfft_buf+1488, rfft_buf+976, rfft_buf+2000
        .word rfft_buf+48, rfft_buf+1072, rfft_buf+560, rfft_buf+1584, rfft_buf+304, rfft_buf+1328, rfft_buf+816, rfft_buf+1840
        .word rfft_buf+176, rfft_buf+1200, rfft_buf+688, rfft_buf+1712, rfft_buf+432, rfft_buf+1456, rfft_buf+944, rfft_buf+1968
        .word rfft_buf+112, rfft_buf+1136, rfft_buf+624, rfft_buf+1648, rfft_buf+368, rfft_buf+1392, rfft_buf+880, rfft_buf+1904
        .word rfft_buf+240, rfft_buf+1264, rfft_buf+752, rfft_buf+1776, rfft_buf+496, rfft_buf+1520, rfft_buf+1008, rfft_buf+2032
        .word rfft_buf+8, rfft_buf+1032, rfft_buf+520, rfft_buf+1544, rfft_buf+264, rfft_buf+1288, rfft_buf+776, rfft_buf+1800
        .word rfft_buf+136, rfft_buf+1160, rfft_buf+648, rfft_buf+1672, rfft_buf+392, rfft_buf+1416, rfft_buf+904, rfft_buf+1928
        .word rfft_buf+72, rfft_buf+1096, rfft_buf+584, rfft_buf+1608, rfft_buf+328, rfft_buf+1352, rfft_buf+840, rfft_buf+1864
        .word rfft_buf+200, rfft_buf+1224, rfft_buf+712, rfft_buf+1736, rfft_buf+456, rfft_buf+1480, rfft_buf+968, rfft_buf+1992
        .word rfft_buf+40, rfft_buf+1064, rfft_buf+552, rfft_buf+1576, rfft_buf+296, rfft_buf+1320, rfft_buf+808, rfft_buf+1832
        .word rfft_buf+168, rfft_buf+1192, rfft_buf+680, rfft_buf+1704, rfft_buf+424, rfft_buf+1448, rfft_buf+936, rfft_buf+1960
        .word rfft_buf+104, rfft_buf+1128, rfft_buf+616, rfft_buf+1640, rfft_buf+360, rfft_buf+1384, rfft_buf+872, rfft_buf+1896
        .word rfft_buf+232, rfft_buf+1256, rfft_buf+744, rfft_buf+1768, rfft_buf+488, rfft_buf+1512, rfft_buf+1000, rfft_buf+2024
        .word rfft_buf+24, rfft_buf+1048, rfft_buf+536, rfft_buf+1560, rfft_buf+280, rfft_buf+1304, rfft_buf+792, rfft_buf+1816
        .word rfft_buf+152, rfft_buf+1176, rfft_buf+664, rfft_buf+1688, rfft_buf+408, rfft_buf+1432, rfft_buf+920, rfft_buf+1944
        .word rfft_buf+88, rfft_buf+1112, rfft_buf+600, rfft_buf+1624, rfft_buf+344, rfft_buf+1368, rfft_buf+856, rfft_buf+1880
        .word rfft_buf+216, rfft_buf+1240, rfft_buf+728, rfft_buf+1752, rfft_buf+472, rfft_buf+1496, rfft_buf+984, rfft_buf+2008
        .word rfft_buf+56, rfft_buf+1080, rfft_buf+568, rfft_buf+1592, rfft_buf+312, rfft_buf+1336, rfft_buf+824, rfft_buf+1848
        .word rfft_buf+184, rfft_buf+1208, rfft_buf+696, rfft_buf+1720, rfft_buf+440, rfft_buf+1464, rfft_buf+952, rfft_buf+1976
        .word rfft_buf+120, rfft_buf+1144, rfft_buf+632, rfft_buf+1656, rfft_buf+376, rfft_buf+1400, rfft_buf+888, rfft_buf+1912
        .word rfft_buf+248, rfft_buf+1272, rfft_buf+760, rfft_buf+1784, rfft_buf+504, rfft_buf+1528, rfft_buf+1016, rfft_buf+2040
# per stage: outer count, inner iterations - 1 (4 butterflies each), data and twiddle
# stride per butterfly, data and twiddle step per outer iteration, b - a offset,
# twiddle block
fft512_stages:
        .word 1, 31, 16, 0, 8, 4, 8, rfft_tw+0
        .word 2, 15, 32, 0, 8, 4, 16, rfft_tw+4
        .word 4, 7, 64, 0, 8, 4, 32, rfft_tw+12
        .word 8, 3, 128, 0, 8, 4, 64, rfft_tw+28
        .word 8, 3, 8, 4, 256, 0, 128, rfft_tw+60
        .word 4, 7, 8, 4, 512, 0, 256, rfft_tw+124
        .word 2, 15, 8, 4, 1024, 0, 512, rfft_tw+252
        .word 1, 31, 8, 4, 2048, 0, 1024, rfft_tw+508
# -j W_512^k = (sin a, -cos a), a = -2 pi k / 512, Q14: the split pass
fft512_split_tw:
        .half 0, -16384, -201, -16383, -402, -16379, -603, -16373, -804, -16364, -1005, -16353, -1205, -16340, -1406, -16324
        .half -1606, -16305, -1806, -16284, -2006, -16261, -2205, -16235, -2404, -16207, -2603, -16176, -2801, -16143, -2999, -16107
        .half -3196, -16069, -3393, -16029, -3590, -15986, -3786, -15941, -3981, -15893, -4176, -15843, -4370, -15791, -4563, -15736
        .half -4756, -15679, -4948, -15619, -5139, -15557, -5330, -15493, -5520, -15426, -5708, -15357, -5897, -15286, -6084, -15213
        .half -6270, -15137, -6455, -15059, -6639, -14978, -6823, -14896, -7005, -14811, -7186, -14724, -7366, -14635, -7545, -14543
        .half -7723, -14449, -7900, -14354, -8076, -14256, -8250, -14155, -8423, -14053, -8595, -13949, -8765, -13842, -8935, -13733
        .half -9102, -13623, -9269, -13510, -9434, -13395, -9598, -13279, -9760, -13160, -9921, -13039, -10080, -12916, -10238, -12792
        .half -10394, -12665, -10549, -12537, -10702, -12406, -10853, -12274, -11003, -12140, -11151, -12004, -11297, -11866, -11442, -11727
        .half -11585, -11585, -11727, -11442, -11866, -11297, -12004, -11151, -12140, -11003, -12274, -10853, -12406, -10702, -12537, -10549
        .half -12665, -10394, -12792, -10238, -12916, -10080, -13039, -9921, -13160, -9760, -13279, -9598, -13395, -9434, -13510, -9269
        .half -13623, -9102, -13733, -8935, -13842, -8765, -13949, -8595, -14053, -8423, -14155, -8250, -14256, -8076, -14354, -7900
        .half -14449, -7723, -14543, -7545, -14635, -7366, -14724, -7186, -14811, -7005, -14896, -6823, -14978, -6639, -15059, -6455
        .half -15137, -6270, -15213, -6084, -15286, -5897, -15357, -5708, -15426, -5520, -15493, -5330, -15557, -5139, -15619, -4948
        .half -15679, -4756, -15736, -4563, -15791, -4370, -15843, -4176, -15893, -3981, -15941, -3786, -15986, -3590, -16029, -3393
        .half -16069, -3196, -16107, -2999, -16143, -2801, -16176, -2603, -16207, -2404, -16235, -2205, -16261, -2006, -16284, -1806
        .half -16305, -1606, -16324, -1406, -16340, -1205, -16353, -1005, -16364, -804, -16373, -603, -16379, -402, -16383, -201
        .half -16384, 0, -16383, 201, -16379, 402, -16373, 603, -16364, 804, -16353, 1005, -16340, 1205, -16324, 1406
        .half -16305, 1606, -16284, 1806, -16261, 2006, -16235, 2205, -16207, 2404, -16176, 2603, -16143, 2801, -16107, 2999
        .half -16069, 3196, -16029, 3393, -15986, 3590, -15941, 3786, -15893, 3981, -15843, 4176, -15791, 4370, -15736, 4563
        .half -15679, 4756, -15619, 4948, -15557, 5139, -15493, 5330, -15426, 5520, -15357, 5708, -15286, 5897, -15213, 6084
        .half -15137, 6270, -15059, 6455, -14978, 6639, -14896, 6823, -14811, 7005, -14724, 7186, -14635, 7366, -14543, 7545
        .half -14449, 7723, -14354, 7900, -14256, 8076, -14155, 8250, -14053, 8423, -13949, 8595, -13842, 8765, -13733, 8935
        .half -13623, 9102, -13510, 9269, -13395, 9434, -13279, 9598, -13160, 9760, -13039, 9921, -12916, 10080, -12792, 10238
        .half -12665, 10394, -12537, 10549, -12406, 10702, -12274, 10853, -12140, 11003, -12004, 11151, -11866, 11297, -11727, 11442
        .half -11585, 11585, -11442, 11727, -11297, 11866, -11151, 12004, -11003, 12140, -10853, 12274, -10702, 12406, -10549, 12537
        .half -10394, 12665, -10238, 12792, -10080, 12916, -9921, 13039, -9760, 13160, -9598, 13279, -9434, 13395, -9269, 13510
        .half -9102, 13623, -8935, 13733, -8765, 13842, -8595, 13949, -8423, 14053, -8250, 14155, -8076, 14256, -7900, 14354
        .half -7723, 14449, -7545, 14543, -7366, 14635, -7186, 14724, -7005, 14811, -6823, 14896, -6639, 14978, -6455, 15059
        .half -6270, 15137, -6084, 15213, -5897, 15286, -5708, 15357, -5520, 15426, -5330, 15493, -5139, 15557, -4948, 15619
        .half -4756, 15679, -4563, 15736, -4370, 15791, -4176, 15843, -3981, 15893, -3786, 15941, -3590, 15986, -3393, 16029
        .half -3196, 16069, -2999, 16107, -2801, 16143, -2603, 16176, -2404, 16207, -2205, 16235, -2006, 16261, -1806, 16284
        .half -1606, 16305, -1406, 16324, -1205, 16340, -1005, 16353, -804, 16364, -603, 16373, -402, 16379, -201, 16383
        .half 0, 16384, 201, 16383, 402, 16379, 603, 16373
# fft640: brtab, pairs / 2, stages, stage table, radix-5 count and factors,
# buffer end, split factors, split iterations, output
fft640_plan:
        .word fft640_brtab, 160, 6, fft640_stages, 64, fft640_r5, rfft_buf+2560, fft640_split_tw, 81, rfft_buf+2560
fft640_brtab:
        .word rfft_buf+0, rfft_buf+512, rfft_buf+1024, rfft_buf+1536, rfft_buf+2048, rfft_buf+256, rfft_buf+768, rfft_buf+1280
        .word rfft_buf+1792, rfft_buf+2304, rfft_buf+128, rfft_buf+640, rfft_buf+1152, rfft_buf+1664, rfft_buf+2176, rfft_buf+384
        .word rfft_buf+896, rfft_buf+1408, rfft_buf+1920, rfft_buf+2432, rfft_buf+64, rfft_buf+576, rfft_buf+1088, rfft_buf+1600
        .word rfft_buf+2112, rfft_buf+320, rfft_buf+832, rfft_buf+1344, rfft_buf+1856, rfft_buf+2368, rfft_buf+192, rfft_buf+704
        .word rfft_buf+1216, rfft_buf+1728, rfft_buf+2240, rfft_buf+448, rfft_buf+960, rfft_buf+1472, rfft_buf+1984, rfft_buf+2496
        .word rfft_buf+32, rfft_buf+544, rfft_buf+1056, rfft_buf+1568, rfft_buf+2080, rfft_buf+288, rfft_buf+800, rfft_buf+1312
        .word rfft_buf+1824, rfft_buf+2336, rfft_buf+160, rfft_buf+672, rfft_buf+1184, rfft_buf+1696, rfft_buf+2208, rfft_buf+416
        .word rfft_buf+928, rfft_buf+1440, rfft_buf+1952, rfft_buf+2464, rfft_buf+96, rfft_buf+608, rfft_buf+1120, rfft_buf+1632
        .word rfft_buf+2144, rfft_buf+352, rfft_buf+864, rfft_buf+1376, rfft_buf+1888, rfft_buf+2400, rfft_buf+224, rfft_buf+736
        .word rfft_buf+1248, rfft_buf+1760, rfft_buf+2272, rfft_buf+480, rfft_buf+992, rfft_buf+1504, rfft_buf+2016, rfft_buf+2528
        .word rfft_buf+16, rfft_buf+528, rfft_buf+1040, rfft_buf+1552, rfft_buf+2064, rfft_buf+272, rfft_buf+784, rfft_buf+1296
        .word rfft_buf+1808, rfft_buf+2320, rfft_buf+144, rfft_buf+656, rfft_buf+1168, rfft_buf+1680, rfft_buf+2192, rfft_buf+400
        .word rfft_buf+912, rfft_buf+1424, rfft_buf+1936, rfft_buf+2448, rfft_buf+80, rfft_buf+592, rfft_buf+1104, rfft_buf+1616
        .word rfft_buf+2128, rfft_buf+336, rfft_buf+848, rfft_buf+1360, rfft_buf+1872, rfft_buf+2384, rfft_buf+208, rfft_buf+720
        .word rfft_buf+1232, rfft_buf+1744, rfft_buf+2256, rfft_buf+464, rfft_buf+976, rfft_buf+1488, rfft_buf+2000, rfft_buf+2512
        .word rfft_buf+48, rfft_buf+560, rfft_buf+1072, rfft_buf+1584, rfft_buf+2096, rfft_buf+304, rfft_buf+816, rfft_buf+1328
        .word rfft_buf+1840, rfft_buf+2352, rfft_buf+176, rfft_buf+688, rfft_buf+1200, rfft_buf+1712, rfft_buf+2224, rfft_buf+432
        .word rfft_buf+944, rfft_buf+1456, rfft_buf+1968, rfft_buf+2480, rfft_buf+112, rfft_buf+624, rfft_buf+1136, rfft_buf+1648
        .word rfft_buf+2160, rfft_buf+368, rfft_buf+880, rfft_buf+1392, rfft_buf+1904, rfft_buf+2416, rfft_buf+240, rfft_buf+752
        .word rfft_buf+1264, rfft_buf+1776, rfft_buf+2288, rfft_buf+496, rfft_buf+1008, rfft_buf+1520, rfft_buf+2032, rfft_buf+2544
        .word rfft_buf+8, rfft_buf+520, rfft_buf+1032, rfft_buf+1544, rfft_buf+2056, rfft_buf+264, rfft_buf+776, rfft_buf+1288
        .word rfft_buf+1800, rfft_buf+2312, rfft_buf+136, rfft_buf+648, rfft_buf+1160, rfft_buf+1672, rfft_buf+2184, rfft_buf+392
        .word rfft_buf+904, rfft_buf+1416, rfft_buf+1928, rfft_buf+2440, rfft_buf+72, rfft_buf+584, rfft_buf+1096, rfft_buf+1608
        .word rfft_buf+2120, rfft_buf+328, rfft_buf+840, rfft_buf+1352, rfft_buf+1864, rfft_buf+2376, rfft_buf+200, rfft_buf+712
        .word rfft_buf+1224, rfft_buf+1736, rfft_buf+2248, rfft_buf+456, rfft_buf+968, rfft_buf+1480, rfft_buf+1992, rfft_buf+2504
        .word rfft_buf+40, rfft_buf+552, rfft_buf+1064, rfft_buf+1576, rfft_buf+2088, rfft_buf+296, rfft_buf+808, rfft_buf+1320
        .word rfft_buf+1832, rfft_buf+2344, rfft_buf+168, rfft_buf+680, rfft_buf+1192, rfft_buf+1704, rfft_buf+2216, rfft_buf+424
        .word rfft_buf+936, rfft_buf+1448, rfft_buf+1960, rfft_buf+2472, rfft_buf+104, rfft_buf+616, rfft_buf+1128, rfft_buf+1640
        .word rfft_buf+2152, rfft_buf+360, rfft_buf+872, rfft_buf+1384, rfft_buf+1896, rfft_buf+2408, rfft_buf+232, rfft_buf+744
        .word rfft_buf+1256, rfft_buf+1768, rfft_buf+2280, rfft_buf+488, rfft_buf+1000, rfft_buf+1512, rfft_buf+2024, rfft_buf+2536
        .word rfft_buf+24, rfft_buf+536, rfft_buf+1048, rfft_buf+1560, rfft_buf+2072, rfft_buf+280, rfft_buf+792, rfft_buf+1304
        .word rfft_buf+1816, rfft_buf+2328, rfft_buf+152, rfft_buf+664, rfft_buf+1176, rfft_buf+1688, rfft_buf+2200, rfft_buf+408
        .word rfft_buf+920, rfft_buf+1432, rfft_buf+1944, rfft_buf+2456, rfft_buf+88, rfft_buf+600, rfft_buf+1112, rfft_buf+1624
        .word rfft_buf+2136, rfft_buf+344, rfft_buf+856, rfft_buf+1368, rfft_buf+1880, rfft_buf+2392, rfft_buf+216, rfft_buf+728
        .word rfft_buf+1240, rfft_buf+1752, rfft_buf+2264, rfft_buf+472, rfft_buf+984, rfft_buf+1496, rfft_buf+2008, rfft_buf+2520
        .word rfft_buf+56, rfft_buf+568, rfft_buf+1080, rfft_buf+1592, rfft_buf+2104, rfft_buf+312, rfft_buf+824, rfft_buf+1336
        .word rfft_buf+1848, rfft_buf+2360, rfft_buf+184, rfft_buf+696, rfft_buf+1208, rfft_buf+1720, rfft_buf+2232, rfft_buf+440
        .word rfft_buf+952, rfft_buf+1464, rfft_buf+1976, rfft_buf+2488, rfft_buf+120, rfft_buf+632, rfft_buf+1144, rfft_buf+1656
        .word rfft_buf+2168, rfft_buf+376, rfft_buf+888, rfft_buf+1400, rfft_buf+1912, rfft_buf+2424, rfft_buf+248, rfft_buf+760
        .word rfft_buf+1272, rfft_buf+1784, rfft_buf+2296, rfft_buf+504, rfft_buf+1016, rfft_buf+1528, rfft_buf+2040, rfft_buf+2552
# per stage: outer count, inner iterations - 1 (4 butterflies each), data and twiddle
# stride per butterfly, data and twiddle step per outer iteration, b - a offset,
# twiddle block
fft640_stages:
        .word 1, 39, 16, 0, 8, 4, 8, rfft_tw+0
        .word 2, 19, 32, 0, 8, 4, 16, rfft_tw+4
        .word 4, 9, 64, 0, 8, 4, 32, rfft_tw+12
        .word 8, 4, 128, 0, 8, 4, 64, rfft_tw+28
        .word 10, 3, 8, 4, 256, 0, 128, rfft_tw+60
        .word 5, 7, 8, 4, 512, 0, 256, rfft_tw+124
# -j W_640^k = (sin a, -cos a), a = -2 pi k / 640, Q14: the split pass
fft640_split_tw:
        .half 0, -16384, -161, -16383, -322, -16381, -482, -16377, -643, -16371, -804, -16364, -965, -16356, -1125, -16345
        .half -1285, -16333, -1446, -16320, -1606, -16305, -1766, -16289, -1926, -16270, -2085, -16251, -2245, -16229, -2404, -16207
        .half -2563, -16182, -2722, -16156, -2880, -16129, -3038, -16100, -3196, -16069, -3354, -16037, -3511, -16003, -3668, -15968
        .half -3825, -15931, -3981, -15893, -4137, -15853, -4292, -15812, -4447, -15769, -4602, -15724, -4756, -15679, -4910, -15631
        .half -5063, -15582, -5216, -15532, -5368, -15480, -5520, -15426, -5671, -15371, -5821, -15315, -5971, -15257, -6121, -15198
        .half -6270, -15137, -6418, -15075, -6566, -15011, -6713, -14946, -6859, -14879, -7005, -14811, -7150, -14741, -7295, -14671
        .half -7438, -14598, -7581, -14525, -7723, -14449, -7865, -14373, -8006, -14295, -8146, -14216, -8285, -14135, -8423, -14053
        .half -8561, -13970, -8697, -13885, -8833, -13799, -8968, -13712, -9102, -13623, -9236, -13533, -9368, -13441, -9500, -13349
        .half -9630, -13255, -9760, -13160, -9889, -13063, -10016, -12966, -10143, -12867, -10269, -12766, -10394, -12665, -10518, -12562
        .half -10641, -12458, -10762, -12353, -10883, -12247, -11003, -12140, -11121, -12031, -11239, -11921, -11356, -11810, -11471, -11698
        .half -11585, -11585, -11698, -11471, -11810, -11356, -11921, -11239, -12031, -11121, -12140, -11003, -12247, -10883, -12353, -10762
        .half -12458, -10641, -12562, -10518, -12665, -10394, -12766, -10269, -12867, -10143, -12966, -10016, -13063, -9889, -13160, -9760
        .half -13255, -9630, -13349, -9500, -13441, -9368, -13533, -9236, -13623, -9102, -13712, -8968, -13799, -8833, -13885, -8697
        .half -13970, -8561, -14053, -8423, -14135, -8285, -14216, -8146, -14295, -8006, -14373, -7865, -14449, -7723, -14525, -7581
        .half -14598, -7438, -14671, -7295, -14741, -7150, -14811, -7005, -14879, -6859, -14946, -6713, -15011, -6566, -15075, -6418
        .half -15137, -6270, -15198, -6121, -15257, -5971, -15315, -5821, -15371, -5671, -15426, -5520, -15480, -5368, -15532, -5216
        .half -15582, -5063, -15631, -4910, -15679, -4756, -15724, -4602, -15769, -4447, -15812, -4292, -15853, -4137, -15893, -3981
        .half -15931, -3825, -15968, -3668, -16003, -3511, -16037, -3354, -16069, -3196, -16100, -3038, -16129, -2880, -16156, -2722
        .half -16182, -2563, -16207, -2404, -16229, -2245, -16251, -2085, -16270, -1926, -16289, -1766, -16305, -1606, -16320, -1446
        .half -16333, -1285, -16345, -1125, -16356, -965, -16364, -804, -16371, -643, -16377, -482, -16381, -322, -16383, -161
        .half -16384, 0, -16383, 161, -16381, 322, -16377, 482, -16371, 643, -16364, 804, -16356, 965, -16345, 1125
        .half -16333, 1285, -16320, 1446, -16305, 1606, -16289, 1766, -16270, 1926, -16251, 2085, -16229, 2245, -16207, 2404
        .half -16182, 2563, -16156, 2722, -16129, 2880, -16100, 3038, -16069, 3196, -16037, 3354, -16003, 3511, -15968, 3668
        .half -15931, 3825, -15893, 3981, -15853, 4137, -15812, 4292, -15769, 4447, -15724, 4602, -15679, 4756, -15631, 4910
        .half -15582, 5063, -15532, 5216, -15480, 5368, -15426, 5520, -15371, 5671, -15315, 5821, -15257, 5971, -15198, 6121
        .half -15137, 6270, -15075, 6418, -15011, 6566, -14946, 6713, -14879, 6859, -14811, 7005, -14741, 7150, -14671, 7295
        .half -14598, 7438, -14525, 7581, -14449, 7723, -14373, 7865, -14295, 8006, -14216, 8146, -14135, 8285, -14053, 8423
        .half -13970, 8561, -13885, 8697, -13799, 8833, -13712, 8968, -13623, 9102, -13533, 9236, -13441, 9368, -13349, 9500
        .half -13255, 9630, -13160, 9760, -13063, 9889, -12966, 10016, -12867, 10143, -12766, 10269, -12665, 10394, -12562, 10518
        .half -12458, 10641, -12353, 10762, -12247, 10883, -12140, 11003, -12031, 11121, -11921, 11239, -11810, 11356, -11698, 11471
        .half -11585, 11585, -11471, 11698, -11356, 11810, -11239, 11921, -11121, 12031, -11003, 12140, -10883, 12247, -10762, 12353
        .half -10641, 12458, -10518, 12562, -10394, 12665, -10269, 12766, -10143, 12867, -10016, 12966, -9889, 13063, -9760, 13160
        .half -9630, 13255, -9500, 13349, -9368, 13441, -9236, 13533, -9102, 13623, -8968, 13712, -8833, 13799, -8697, 13885
        .half -8561, 13970, -8423, 14053, -8285, 14135, -8146, 14216, -8006, 14295, -7865, 14373, -7723, 14449, -7581, 14525
        .half -7438, 14598, -7295, 14671, -7150, 14741, -7005, 14811, -6859, 14879, -6713, 14946, -6566, 15011, -6418, 15075
        .half -6270, 15137, -6121, 15198, -5971, 15257, -5821, 15315, -5671, 15371, -5520, 15426, -5368, 15480, -5216, 15532
        .half -5063, 15582, -4910, 15631, -4756, 15679, -4602, 15724, -4447, 15769, -4292, 15812, -4137, 15853, -3981, 15893
        .half -3825, 15931, -3668, 15968, -3511, 16003, -3354, 16037, -3196, 16069, -3038, 16100, -2880, 16129, -2722, 16156
        .half -2563, 16182, -2404, 16207, -2245, 16229, -2085, 16251, -1926, 16270, -1766, 16289, -1606, 16305, -1446, 16320
        .half -1285, 16333, -1125, 16345, -965, 16356, -804, 16364, -643, 16371, -482, 16377, -322, 16381, -161, 16383
        .half 0, 16384, 161, 16383, 322, 16381, 482, 16377
# radix-5 pass: per k, per output q, per block r: W_320^(r (k + 64 q)), Q14 (re, im)
fft640_r5:
        .half 16384, 0, 16384, 0, 16384, 0, 16384, 0, 16384, 0
        .half 16384, 0, 5063, -15582, -13255, -9630, -13255, 9630, 5063, 15582
        .half 16384, 0, -13255, -9630, 5063, 15582, 5063, -15582, -13255, 9630
        .half 16384, 0, -13255, 9630, 5063, -15582, 5063, 15582, -13255, -9630
        .half 16384, 0, 5063, 15582, -13255, 9630, -13255, -9630, 5063, -15582
        .half 16384, 0, 16381, -322, 16371, -643, 16356, -965, 16333, -1285
        .half 16384, 0, 4756, -15679, -13623, -9102, -12665, 10394, 6270, 15137
        .half 16384, 0, -13441, -9368, 5671, 15371, 4137, -15853, -12458, 10641
        .half 16384, 0, -13063, 9889, 4447, -15769, 5971, 15257, -13970, -8561
        .half 16384, 0, 5368, 15480, -12867, 10143, -13799, -8833, 3825, -15931
        .half 16384, 0, 16371, -643, 16333, -1285, 16270, -1926, 16182, -2563
        .half 16384, 0, 4447, -15769, -13970, -8561, -12031, 11121, 7438, 14598
        .half 16384, 0, -13623, -9102, 6270, 15137, 3196, -16069, -11585, 11585
        .half 16384, 0, -12867, 10143, 3825, -15931, 6859, 14879, -14598, -7438
        .half 16384, 0, 5671, 15371, -12458, 10641, -14295, -8006, 2563, -16182
        .half 16384, 0, 16356, -965, 16270, -1926, 16129, -2880, 15931, -3825
        .half 16384, 0, 4137, -15853, -14295, -8006, -11356, 11810, 8561, 13970
        .half 16384, 0, -13799, -8833, 6859, 14879, 2245, -16229, -10641, 12458
        .half 16384, 0, -12665, 10394, 3196, -16069, 7723, 14449, -15137, -6270
        .half 16384, 0, 5971, 15257, -12031, 11121, -14741, -7150, 1285, -16333
        .half 16384, 0, 16333, -1285, 16182, -2563, 15931, -3825, 15582, -5063
        .half 16384, 0, 3825, -15931, -14598, -7438, -10641, 12458, 9630, 13255
        .half 16384, 0, -13970, -8561, 7438, 14598, 1285, -16333, -9630, 13255
        .half 16384, 0, -12458, 10641, 2563, -16182, 8561, 13970, -15582, -5063
        .half 16384, 0, 6270, 15137, -11585, 11585, -15137, -6270, 0, -16384
        .half 16384, 0, 16305, -1606, 16069, -3196, 15679, -4756, 15137, -6270
        .half 16384, 0, 3511, -16003, -14879, -6859, -9889, 13063, 10641, 12458
        .half 16384, 0, -14135, -8285, 8006, 14295, 322, -16381, -8561, 13970
        .half 16384, 0, -12247, 10883, 1926, -16270, 9368, 13441, -15931, -3825
        .half 16384, 0, 6566, 15011, -11121, 12031, -15480, -5368, -1285, -16333
        .half 16384, 0, 16270, -1926, 15931, -3825, 15371, -5671, 14598, -7438
        .half 16384, 0, 3196, -16069, -15137, -6270, -9102, 13623, 11585, 11585
        .half 16384, 0, -14295, -8006, 8561, 13970, -643, -16371, -7438, 14598
        .half 16384, 0, -12031, 11121, 1285, -16333, 10143, 12867, -16182, -2563
        .half 16384, 0, 6859, 14879, -10641, 12458, -15769, -4447, -2563, -16182
        .half 16384, 0, 16229, -2245, 15769, -4447, 15011, -6566, 13970, -8561
        .half 16384, 0, 2880, -16129, -15371, -5671, -8285, 14135, 12458, 10641
        .half 16384, 0, -14449, -7723, 9102, 13623, -1606, -16305, -6270, 15137
        .half 16384, 0, -11810, 11356, 643, -16371, 10883, 12247, -16333, -1285
        .half 16384, 0, 7150, 14741, -10143, 12867, -16003, -3511, -3825, -15931
        .half 16384, 0, 16182, -2563, 15582, -5063, 14598, -7438, 13255, -9630
        .half 16384, 0, 2563, -16182, -15582, -5063, -7438, 14598, 13255, 9630
        .half 16384, 0, -14598, -7438, 9630, 13255, -2563, -16182, -5063, 15582
        .half 16384, 0, -11585, 11585, 0, -16384, 11585, 11585, -16384, 0
        .half 16384, 0, 7438, 14598, -9630, 13255, -16182, -2563, -5063, -15582
        .half 16384, 0, 16129, -2880, 15371, -5671, 14135, -8285, 12458, -10641
        .half 16384, 0, 2245, -16229, -15769, -4447, -6566, 15011, 13970, 8561
        .half 16384, 0, -14741, -7150, 10143, 12867, -3511, -16003, -3825, 15931
        .half 16384, 0, -11356, 11810, -643, -16371, 12247, 10883, -16333, 1285
        .half 16384, 0, 7723, 14449, -9102, 13623, -16305, -1606, -6270, -15137
        .half 16384, 0, 16069, -3196, 15137, -6270, 13623, -9102, 11585, -11585
        .half 16384, 0, 1926, -16270, -15931, -3825, -5671, 15371, 14598, 7438
        .half 16384, 0, -14879, -6859, 10641, 12458, -4447, -15769, -2563, 16182
        .half 16384, 0, -11121, 12031, -1285, -16333, 12867, 10143, -16182, 2563
        .half 16384, 0, 8006, 14295, -8561, 13970, -16371, -643, -7438, -14598
        .half 16384, 0, 16003, -3511, 14879, -6859, 13063, -9889, 10641, -12458
        .half 16384, 0, 1606, -16305, -16069, -3196, -4756, 15679, 15137, 6270
        .half 16384, 0, -15011, -6566, 11121, 12031, -5368, -15480, -1285, 16333
        .half 16384, 0, -10883, 12247, -1926, -16270, 13441, 9368, -15931, 3825
        .half 16384, 0, 8285, 14135, -8006, 14295, -16381, 322, -8561, -13970
        .half 16384, 0, 15931, -3825, 14598, -7438, 12458, -10641, 9630, -13255
        .half 16384, 0, 1285, -16333, -16182, -2563, -3825, 15931, 15582, 5063
        .half 16384, 0, -15137, -6270, 11585, 11585, -6270, -15137, 0, 16384
        .half 16384, 0, -10641, 12458, -2563, -16182, 13970, 8561, -15582, 5063
        .half 16384, 0, 8561, 13970, -7438, 14598, -16333, 1285, -9630, -13255
        .half 16384, 0, 15853, -4137, 14295, -8006, 11810, -11356, 8561, -13970
        .half 16384, 0, 965, -16356, -16270, -1926, -2880, 16129, 15931, 3825
        .half 16384, 0, -15257, -5971, 12031, 11121, -7150, -14741, 1285, 16333
        .half 16384, 0, -10394, 12665, -3196, -16069, 14449, 7723, -15137, 6270
        .half 16384, 0, 8833, 13799, -6859, 14879, -16229, 2245, -10641, -12458
        .half 16384, 0, 15769, -4447, 13970, -8561, 11121, -12031, 7438, -14598
        .half 16384, 0, 643, -16371, -16333, -1285, -1926, 16270, 16182, 2563
        .half 16384, 0, -15371, -5671, 12458, 10641, -8006, -14295, 2563, 16182
        .half 16384, 0, -10143, 12867, -3825, -15931, 14879, 6859, -14598, 7438
        .half 16384, 0, 9102, 13623, -6270, 15137, -16069, 3196, -11585, -11585
        .half 16384, 0, 15679, -4756, 13623, -9102, 10394, -12665, 6270, -15137
        .half 16384, 0, 322, -16381, -16371, -643, -965, 16356, 16333, 1285
        .half 16384, 0, -15480, -5368, 12867, 10143, -8833, -13799, 3825, 15931
        .half 16384, 0, -9889, 13063, -4447, -15769, 15257, 5971, -13970, 8561
        .half 16384, 0, 9368, 13441, -5671, 15371, -15853, 4137, -12458, -10641
        .half 16384, 0, 15582, -5063, 13255, -9630, 9630, -13255, 5063, -15582
        .half 16384, 0, 0, -16384, -16384, 0, 0, 16384, 16384, 0
        .half 16384, 0, -15582, -5063, 13255, 9630, -9630, -13255, 5063, 15582
        .half 16384, 0, -9630, 13255, -5063, -15582, 15582, 5063, -13255, 9630
        .half 16384, 0, 9630, 13255, -5063, 15582, -15582, 5063, -13255, -9630
        .half 16384, 0, 15480, -5368, 12867, -10143, 8833, -13799, 3825, -15931
        .half 16384, 0, -322, -16381, -16371, 643, 965, 16356, 16333, -1285
        .half 16384, 0, -15679, -4756, 13623, 9102, -10394, -12665, 6270, 15137
        .half 16384, 0, -9368, 13441, -5671, -15371, 15853, 4137, -12458, 10641
        .half 16384, 0, 9889, 13063, -4447, 15769, -15257, 5971, -13970, -8561
        .half 16384, 0, 15371, -5671, 12458, -10641, 8006, -14295, 2563, -16182
        .half 16384, 0, -643, -16371, -16333, 1285, 1926, 16270, 16182, -2563
        .half 16384, 0, -15769, -4447, 13970, 8561, -11121, -12031, 7438, 14598
        .half 16384, 0, -9102, 13623, -6270, -15137, 16069, 3196, -11585, 11585
        .half 16384, 0, 10143, 12867, -3825, 15931, -14879, 6859, -14598, -7438
        .half 16384, 0, 15257, -5971, 12031, -11121, 7150, -14741, 1285, -16333
        .half 16384, 0, -965, -16356, -16270, 1926, 2880, 16129, 15931, -3825
        .half 16384, 0, -15853, -4137, 14295, 8006, -11810, -11356, 8561, 13970
        .half 16384, 0, -8833, 13799, -6859, -14879, 16229, 2245, -10641, 12458
        .half 16384, 0, 10394, 12665, -3196, 16069, -14449, 7723, -15137, -6270
        .half 16384, 0, 15137, -6270, 11585, -11585, 6270, -15137, 0, -16384
        .half 16384, 0, -1285, -16333, -16182, 2563, 3825, 15931, 15582, -5063
        .half 16384, 0, -15931, -3825, 14598, 7438, -12458, -10641, 9630, 13255
        .half 16384, 0, -8561, 13970, -7438, -14598, 16333, 1285, -9630, 13255
        .half 16384, 0, 10641, 12458, -2563, 16182, -13970, 8561, -15582, -5063
        .half 16384, 0, 15011, -6566, 11121, -12031, 5368, -15480, -1285, -16333
        .half 16384, 0, -1606, -16305, -16069, 3196, 4756, 15679, 15137, -6270
        .half 16384, 0, -16003, -3511, 14879, 6859, -13063, -9889, 10641, 12458
        .half 16384, 0, -8285, 14135, -8006, -14295, 16381, 322, -8561, 13970
        .half 16384, 0, 10883, 12247, -1926, 16270, -13441, 9368, -15931, -3825
        .half 16384, 0, 14879, -6859, 10641, -12458, 4447, -15769, -2563, -16182
        .half 16384, 0, -1926, -16270, -15931, 3825, 5671, 15371, 14598, -7438
        .half 16384, 0, -16069, -3196, 15137, 6270, -13623, -9102, 11585, 11585
        .half 16384, 0, -8006, 14295, -8561, -13970, 16371, -643, -7438, 14598
        .half 16384, 0, 11121, 12031, -1285, 16333, -12867, 10143, -16182, -2563
        .half 16384, 0, 14741, -7150, 10143, -12867, 3511, -16003, -3825, -15931
        .half 16384, 0, -2245, -16229, -15769, 4447, 6566, 15011, 13970, -8561
        .half 16384, 0, -16129, -2880, 15371, 5671, -14135, -8285, 12458, 10641
        .half 16384, 0, -7723, 14449, -9102, -13623, 16305, -1606, -6270, 15137
        .half 16384, 0, 11356, 11810, -643, 16371, -12247, 10883, -16333, -1285
        .half 16384, 0, 14598, -7438, 9630, -13255, 2563, -16182, -5063, -15582
        .half 16384, 0, -2563, -16182, -15582, 5063, 7438, 14598, 13255, -9630
        .half 16384, 0, -16182, -2563, 15582, 5063, -14598, -7438, 13255, 9630
        .half 16384, 0, -7438, 14598, -9630, -13255, 16182, -2563, -5063, 15582
        .half 16384, 0, 11585, 11585, 0, 16384, -11585, 11585, -16384, 0
        .half 16384, 0, 14449, -7723, 9102, -13623, 1606, -16305, -6270, -15137
        .half 16384, 0, -2880, -16129, -15371, 5671, 8285, 14135, 12458, -10641
        .half 16384, 0, -16229, -2245, 15769, 4447, -15011, -6566, 13970, 8561
        .half 16384, 0, -7150, 14741, -10143, -12867, 16003, -3511, -3825, 15931
        .half 16384, 0, 11810, 11356, 643, 16371, -10883, 12247, -16333, 1285
        .half 16384, 0, 14295, -8006, 8561, -13970, 643, -16371, -7438, -14598
        .half 16384, 0, -3196, -16069, -15137, 6270, 9102, 13623, 11585, -11585
        .half 16384, 0, -16270, -1926, 15931, 3825, -15371, -5671, 14598, 7438
        .half 16384, 0, -6859, 14879, -10641, -12458, 15769, -4447, -2563, 16182
        .half 16384, 0, 12031, 11121, 1285, 16333, -10143, 12867, -16182, 2563
        .half 16384, 0, 14135, -8285, 8006, -14295, -322, -16381, -8561, -13970
        .half 16384, 0, -3511, -16003, -14879, 6859, 9889, 13063, 10641, -12458
        .half 16384, 0, -16305, -1606, 16069, 3196, -15679, -4756, 15137, 6270
        .half 16384, 0, -6566, 15011, -11121, -12031, 15480, -5368, -1285, 16333
        .half 16384, 0, 12247, 10883, 1926, 16270, -9368, 13441, -15931, 3825
        .half 16384, 0, 13970, -8561, 7438, -14598, -1285, -16333, -9630, -13255
        .half 16384, 0, -3825, -15931, -14598, 7438, 10641, 12458, 9630, -13255
        .half 16384, 0, -16333, -1285, 16182, 2563, -15931, -3825, 15582, 5063
        .half 16384, 0, -6270, 15137, -11585, -11585, 15137, -6270, 0, 16384
        .half 16384, 0, 12458, 10641, 2563, 16182, -8561, 13970, -15582, 5063
        .half 16384, 0, 13799, -8833, 6859, -14879, -2245, -16229, -10641, -12458
        .half 16384, 0, -4137, -15853, -14295, 8006, 11356, 11810, 8561, -13970
        .half 16384, 0, -16356, -965, 16270, 1926, -16129, -2880, 15931, 3825
        .half 16384, 0, -5971, 15257, -12031, -11121, 14741, -7150, 1285, 16333
        .half 16384, 0, 12665, 10394, 3196, 16069, -7723, 14449, -15137, 6270
        .half 16384, 0, 13623, -9102, 6270, -15137, -3196, -16069, -11585, -11585
        .half 16384, 0, -4447, -15769, -13970, 8561, 12031, 11121, 7438, -14598
        .half 16384, 0, -16371, -643, 16333, 1285, -16270, -1926, 16182, 2563
        .half 16384, 0, -5671, 15371, -12458, -10641, 14295, -8006, 2563, 16182
        .half 16384, 0, 12867, 10143, 3825, 15931, -6859, 14879, -14598, 7438
        .half 16384, 0, 13441, -9368, 5671, -15371, -4137, -15853, -12458, -10641
        .half 16384, 0, -4756, -15679, -13623, 9102, 12665, 10394, 6270, -15137
        .half 16384, 0, -16381, -322, 16371, 643, -16356, -965, 16333, 1285
        .half 16384, 0, -5368, 15480, -12867, -10143, 13799, -8833, 3825, 15931
        .half 16384, 0, 13063, 9889, 4447, 15769, -5971, 15257, -13970, 8561
        .half 16384, 0, 13255, -9630, 5063, -15582, -5063, -15582, -13255, -9630
        .half 16384, 0, -5063, -15582, -13255, 9630, 13255, 9630, 5063, -15582
        .half 16384, 0, -16384, 0, 16384, 0, -16384, 0, 16384, 0
        .half 16384, 0, -5063, 15582, -13255, -9630, 13255, -9630, 5063, 15582
        .half 16384, 0, 13255, 9630, 5063, 15582, -5063, 15582, -13255, 9630
        .half 16384, 0, 13063, -9889, 4447, -15769, -5971, -15257, -13970, -8561
        .half 16384, 0, -5368, -15480, -12867, 10143, 13799, 8833, 3825, -15931
        .half 16384, 0, -16381, 322, 16371, -643, -16356, 965, 16333, -1285
        .half 16384, 0, -4756, 15679, -13623, -9102, 12665, -10394, 6270, 15137
        .half 16384, 0, 13441, 9368, 5671, 15371, -4137, 15853, -12458, 10641
        .half 16384, 0, 12867, -10143, 3825, -15931, -6859, -14879, -14598, -7438
        .half 16384, 0, -5671, -15371, -12458, 10641, 14295, 8006, 2563, -16182
        .half 16384, 0, -16371, 643, 16333, -1285, -16270, 1926, 16182, -2563
        .half 16384, 0, -4447, 15769, -13970, -8561, 12031, -11121, 7438, 14598
        .half 16384, 0, 13623, 9102, 6270, 15137, -3196, 16069, -11585, 11585
        .half 16384, 0, 12665, -10394, 3196, -16069, -7723, -14449, -15137, -6270
        .half 16384, 0, -5971, -15257, -12031, 11121, 14741, 7150, 1285, -16333
        .half 16384, 0, -16356, 965, 16270, -1926, -16129, 2880, 15931, -3825
        .half 16384, 0, -4137, 15853, -14295, -8006, 11356, -11810, 8561, 13970
        .half 16384, 0, 13799, 8833, 6859, 14879, -2245, 16229, -10641, 12458
        .half 16384, 0, 12458, -10641, 2563, -16182, -8561, -13970, -15582, -5063
        .half 16384, 0, -6270, -15137, -11585, 11585, 15137, 6270, 0, -16384
        .half 16384, 0, -16333, 1285, 16182, -2563, -15931, 3825, 15582, -5063
        .half 16384, 0, -3825, 15931, -14598, -7438, 10641, -12458, 9630, 13255
        .half 16384, 0, 13970, 8561, 7438, 14598, -1285, 16333, -9630, 13255
        .half 16384, 0, 12247, -10883, 1926, -16270, -9368, -13441, -15931, -3825
        .half 16384, 0, -6566, -15011, -11121, 12031, 15480, 5368, -1285, -16333
        .half 16384, 0, -16305, 1606, 16069, -3196, -15679, 4756, 15137, -6270
        .half 16384, 0, -3511, 16003, -14879, -6859, 9889, -13063, 10641, 12458
        .half 16384, 0, 14135, 8285, 8006, 14295, -322, 16381, -8561, 13970
        .half 16384, 0, 12031, -11121, 1285, -16333, -10143, -12867, -16182, -2563
        .half 16384, 0, -6859, -14879, -10641, 12458, 15769, 4447, -2563, -16182
        .half 16384, 0, -16270, 1926, 15931, -3825, -15371, 5671, 14598, -7438
        .half 16384, 0, -3196, 16069, -15137, -6270, 9102, -13623, 11585, 11585
        .half 16384, 0, 14295, 8006, 8561, 13970, 643, 16371, -7438, 14598
        .half 16384, 0, 11810, -11356, 643, -16371, -10883, -12247, -16333, -1285
        .half 16384, 0, -7150, -14741, -10143, 12867, 16003, 3511, -3825, -15931
        .half 16384, 0, -16229, 2245, 15769, -4447, -15011, 6566, 13970, -8561
        .half 16384, 0, -2880, 16129, -15371, -5671, 8285, -14135, 12458, 10641
        .half 16384, 0, 14449, 7723, 9102, 13623, 1606, 16305, -6270, 15137
        .half 16384, 0, 11585, -11585, 0, -16384, -11585, -11585, -16384, 0
        .half 16384, 0, -7438, -14598, -9630, 13255, 16182, 2563, -5063, -15582
        .half 16384, 0, -16182, 2563, 15582, -5063, -14598, 7438, 13255, -9630
        .half 16384, 0, -2563, 16182, -15582, -5063, 7438, -14598, 13255, 9630
        .half 16384, 0, 14598, 7438, 9630, 13255, 2563, 16182, -5063, 15582
        .half 16384, 0, 11356, -11810, -643, -16371, -12247, -10883, -16333, 1285
        .half 16384, 0, -7723, -14449, -9102, 13623, 16305, 1606, -6270, -15137
        .half 16384, 0, -16129, 2880, 15371, -5671, -14135, 8285, 12458, -10641
        .half 16384, 0, -2245, 16229, -15769, -4447, 6566, -15011, 13970, 8561
        .half 16384, 0, 14741, 7150, 10143, 12867, 3511, 16003, -3825, 15931
        .half 16384, 0, 11121, -12031, -1285, -16333, -12867, -10143, -16182, 2563
        .half 16384, 0, -8006, -14295, -8561, 13970, 16371, 643, -7438, -14598
        .half 16384, 0, -16069, 3196, 15137, -6270, -13623, 9102, 11585, -11585
        .half 16384, 0, -1926, 16270, -15931, -3825, 5671, -15371, 14598, 7438
        .half 16384, 0, 14879, 6859, 10641, 12458, 4447, 15769, -2563, 16182
        .half 16384, 0, 10883, -12247, -1926, -16270, -13441, -9368, -15931, 3825
        .half 16384, 0, -8285, -14135, -8006, 14295, 16381, -322, -8561, -13970
        .half 16384, 0, -16003, 3511, 14879, -6859, -13063, 9889, 10641, -12458
        .half 16384, 0, -1606, 16305, -16069, -3196, 4756, -15679, 15137, 6270
        .half 16384, 0, 15011, 6566, 11121, 12031, 5368, 15480, -1285, 16333
        .half 16384, 0, 10641, -12458, -2563, -16182, -13970, -8561, -15582, 5063
        .half 16384, 0, -8561, -13970, -7438, 14598, 16333, -1285, -9630, -13255
        .half 16384, 0, -15931, 3825, 14598, -7438, -12458, 10641, 9630, -13255
        .half 16384, 0, -1285, 16333, -16182, -2563, 3825, -15931, 15582, 5063
        .half 16384, 0, 15137, 6270, 11585, 11585, 6270, 15137, 0, 16384
        .half 16384, 0, 10394, -12665, -3196, -16069, -14449, -7723, -15137, 6270
        .half 16384, 0, -8833, -13799, -6859, 14879, 16229, -2245, -10641, -12458
        .half 16384, 0, -15853, 4137, 14295, -8006, -11810, 11356, 8561, -13970
        .half 16384, 0, -965, 16356, -16270, -1926, 2880, -16129, 15931, 3825
        .half 16384, 0, 15257, 5971, 12031, 11121, 7150, 14741, 1285, 16333
        .half 16384, 0, 10143, -12867, -3825, -15931, -14879, -6859, -14598, 7438
        .half 16384, 0, -9102, -13623, -6270, 15137, 16069, -3196, -11585, -11585
        .half 16384, 0, -15769, 4447, 13970, -8561, -11121, 12031, 7438, -14598
        .half 16384, 0, -643, 16371, -16333, -1285, 1926, -16270, 16182, 2563
        .half 16384, 0, 15371, 5671, 12458, 10641, 8006, 14295, 2563, 16182
        .half 16384, 0, 9889, -13063, -4447, -15769, -15257, -5971, -13970, 8561
        .half 16384, 0, -9368, -13441, -5671, 15371, 15853, -4137, -12458, -10641
        .half 16384, 0, -15679, 4756, 13623, -9102, -10394, 12665, 6270, -15137
        .half 16384, 0, -322, 16381, -16371, -643, 965, -16356, 16333, 1285
        .half 16384, 0, 15480, 5368, 12867, 10143, 8833, 13799, 3825, 15931
        .half 16384, 0, 9630, -13255, -5063, -15582, -15582, -5063, -13255, 9630
        .half 16384, 0, -9630, -13255, -5063, 15582, 15582, -5063, -13255, -9630
        .half 16384, 0, -15582, 5063, 13255, -9630, -9630, 13255, 5063, -15582
        .half 16384, 0, 0, 16384, -16384, 0, 0, -16384, 16384, 0
        .half 16384, 0, 15582, 5063, 13255, 9630, 9630, 13255, 5063, 15582
        .half 16384, 0, 9368, -13441, -5671, -15371, -15853, -4137, -12458, 10641
        .half 16384, 0, -9889, -13063, -4447, 15769, 15257, -5971, -13970, -8561
        .half 16384, 0, -15480, 5368, 12867, -10143, -8833, 13799, 3825, -15931
        .half 16384, 0, 322, 16381, -16371, 643, -965, -16356, 16333, -1285
        .half 16384, 0, 15679, 4756, 13623, 9102, 10394, 12665, 6270, 15137
        .half 16384, 0, 9102, -13623, -6270, -15137, -16069, -3196, -11585, 11585
        .half 16384, 0, -10143, -12867, -3825, 15931, 14879, -6859, -14598, -7438
        .half 16384, 0, -15371, 5671, 12458, -10641, -8006, 14295, 2563, -16182
        .half 16384, 0, 643, 16371, -16333, 1285, -1926, -16270, 16182, -2563
        .half 16384, 0, 15769, 4447, 13970, 8561, 11121, 12031, 7438, 14598
        .half 16384, 0, 8833, -13799, -6859, -14879, -16229, -2245, -10641, 12458
        .half 16384, 0, -10394, -12665, -3196, 16069, 14449, -7723, -15137, -6270
        .half 16384, 0, -15257, 5971, 12031, -11121, -7150, 14741, 1285, -16333
        .half 16384, 0, 965, 16356, -16270, 1926, -2880, -16129, 15931, -3825
        .half 16384, 0, 15853, 4137, 14295, 8006, 11810, 11356, 8561, 13970
        .half 16384, 0, 8561, -13970, -7438, -14598, -16333, -1285, -9630, 13255
        .half 16384, 0, -10641, -12458, -2563, 16182, 13970, -8561, -15582, -5063
        .half 16384, 0, -15137, 6270, 11585, -11585, -6270, 15137, 0, -16384
        .half 16384, 0, 1285, 16333, -16182, 2563, -3825, -15931, 15582, -5063
        .half 16384, 0, 15931, 3825, 14598, 7438, 12458, 10641, 9630, 13255
        .half 16384, 0, 8285, -14135, -8006, -14295, -16381, -322, -8561, 13970
        .half 16384, 0, -10883, -12247, -1926, 16270, 13441, -9368, -15931, -3825
        .half 16384, 0, -15011, 6566, 11121, -12031, -5368, 15480, -1285, -16333
        .half 16384, 0, 1606, 16305, -16069, 3196, -4756, -15679, 15137, -6270
        .half 16384, 0, 16003, 3511, 14879, 6859, 13063, 9889, 10641, 12458
        .half 16384, 0, 8006, -14295, -8561, -13970, -16371, 643, -7438, 14598
        .half 16384, 0, -11121, -12031, -1285, 16333, 12867, -10143, -16182, -2563
        .half 16384, 0, -14879, 6859, 10641, -12458, -4447, 15769, -2563, -16182
        .half 16384, 0, 1926, 16270, -15931, 3825, -5671, -15371, 14598, -7438
        .half 16384, 0, 16069, 3196, 15137, 6270, 13623, 9102, 11585, 11585
        .half 16384, 0, 7723, -14449, -9102, -13623, -16305, 1606, -6270, 15137
        .half 16384, 0, -11356, -11810, -643, 16371, 12247, -10883, -16333, -1285
        .half 16384, 0, -14741, 7150, 10143, -12867, -3511, 16003, -3825, -15931
        .half 16384, 0, 2245, 16229, -15769, 4447, -6566, -15011, 13970, -8561
        .half 16384, 0, 16129, 2880, 15371, 5671, 14135, 8285, 12458, 10641
        .half 16384, 0, 7438, -14598, -9630, -13255, -16182, 2563, -5063, 15582
        .half 16384, 0, -11585, -11585, 0, 16384, 11585, -11585, -16384, 0
        .half 16384, 0, -14598, 7438, 9630, -13255, -2563, 16182, -5063, -15582
        .half 16384, 0, 2563, 16182, -15582, 5063, -7438, -14598, 13255, -9630
        .half 16384, 0, 16182, 2563, 15582, 5063, 14598, 7438, 13255, 9630
        .half 16384, 0, 7150, -14741, -10143, -12867, -16003, 3511, -3825, 15931
        .half 16384, 0, -11810, -11356, 643, 16371, 10883, -12247, -16333, 1285
        .half 16384, 0, -14449, 7723, 9102, -13623, -1606, 16305, -6270, -15137
        .half 16384, 0, 2880, 16129, -15371, 5671, -8285, -14135, 12458, -10641
        .half 16384, 0, 16229, 2245, 15769, 4447, 15011, 6566, 13970, 8561
        .half 16384, 0, 6859, -14879, -10641, -12458, -15769, 4447, -2563, 16182
        .half 16384, 0, -12031, -11121, 1285, 16333, 10143, -12867, -16182, 2563
        .half 16384, 0, -14295, 8006, 8561, -13970, -643, 16371, -7438, -14598
        .half 16384, 0, 3196, 16069, -15137, 6270, -9102, -13623, 11585, -11585
        .half 16384, 0, 16270, 1926, 15931, 3825, 15371, 5671, 14598, 7438
        .half 16384, 0, 6566, -15011, -11121, -12031, -15480, 5368, -1285, 16333
        .half 16384, 0, -12247, -10883, 1926, 16270, 9368, -13441, -15931, 3825
        .half 16384, 0, -14135, 8285, 8006, -14295, 322, 16381, -8561, -13970
        .half 16384, 0, 3511, 16003, -14879, 6859, -9889, -13063, 10641, -12458
        .half 16384, 0, 16305, 1606, 16069, 3196, 15679, 4756, 15137, 6270
        .half 16384, 0, 6270, -15137, -11585, -11585, -15137, 6270, 0, 16384
        .half 16384, 0, -12458, -10641, 2563, 16182, 8561, -13970, -15582, 5063
        .half 16384, 0, -13970, 8561, 7438, -14598, 1285, 16333, -9630, -13255
        .half 16384, 0, 3825, 15931, -14598, 7438, -10641, -12458, 9630, -13255
        .half 16384, 0, 16333, 1285, 16182, 2563, 15931, 3825, 15582, 5063
        .half 16384, 0, 5971, -15257, -12031, -11121, -14741, 7150, 1285, 16333
        .half 16384, 0, -12665, -10394, 3196, 16069, 7723, -14449, -15137, 6270
        .half 16384, 0, -13799, 8833, 6859, -14879, 2245, 16229, -10641, -12458
        .half 16384, 0, 4137, 15853, -14295, 8006, -11356, -11810, 8561, -13970
        .half 16384, 0, 16356, 965, 16270, 1926, 16129, 2880, 15931, 3825
        .half 16384, 0, 5671, -15371, -12458, -10641, -14295, 8006, 2563, 16182
        .half 16384, 0, -12867, -10143, 3825, 15931, 6859, -14879, -14598, 7438
        .half 16384, 0, -13623, 9102, 6270, -15137, 3196, 16069, -11585, -11585
        .half 16384, 0, 4447, 15769, -13970, 8561, -12031, -11121, 7438, -14598
        .half 16384, 0, 16371, 643, 16333, 1285, 16270, 1926, 16182, 2563
        .half 16384, 0, 5368, -15480, -12867, -10143, -13799, 8833, 3825, 15931
        .half 16384, 0, -13063, -9889, 4447, 15769, 5971, -15257, -13970, 8561
        .half 16384, 0, -13441, 9368, 5671, -15371, 4137, 15853, -12458, -10641
        .half 16384, 0, 4756, 15679, -13623, 9102, -12665, -10394, 6270, -15137
        .half 16384, 0, 16381, 322, 16371, 643, 16356, 965, 16333, 1285
# END GENERATED
