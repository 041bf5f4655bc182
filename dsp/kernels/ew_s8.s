# ew_s8: int8 elementwise add or multiply with broadcasting, the
# arithmetic of runtime/kernels/cortex_m/quantized_add_s8.c and
# quantized_mul_s8.c (quant_math.h):
#
#   add: out = clamp(requantize(A[x] + B[y], out_mult, out_shift) + zp, min, max)
#        A[x] = requantize((x + x_offset) << 20, x_mult, x_shift), B likewise
#   mul: out = clamp(requantize((x + x_offset) * (y + y_offset), out_mult,
#        out_shift) + zp, min, max)   (the M55 gives min, max = -128, 127)
#
# The output is walked as 4 dimensions d0..d3; each input has a stride per
# dimension in bytes (0 where it is broadcast), so any broadcasting of the
# CPU kernels (k_bcast) is one descriptor.
#
# Call: r2 = descriptor (4-byte aligned), returns with ret.  Clobbers
# r1, r3-r13, v0-v2, v12-v15, a0.
#   +0  x   +4 y   +8 out (int8, any alignment)
#   +12 mode: 0 add, 1 mul
#   +16 d0 +20 d1 +24 d2 +28 d3           the output's dimensions
#   +32 .. +44 x strides, +48 .. +60 y strides (bytes, per dimension)
#   +64 x offset, +68 x mult, +72 x shift (add only: mult and shift)
#   +76 y offset, +80 y mult, +84 y shift
#   +88 out mult, +92 out shift (int32; shifts left-positive, -31..31;
#       multipliers positive)
#   +96 zp, min, max (3 x int16), 0
#   +104 tables: 2 x 256 int32 of scratch (add), 4-byte aligned
#
# add: A and B for every int8 value are computed once per call (512
# requantizations, the scalar form of quant_math.h's: the doubling high
# multiply from mul/mulh, the rounding shift half away from zero), then
# each element is two table loads and an add.  Both modes write a row's
# 32-bit sums into ew_acc (up to 256 at a time), requantize them 4 at a
# time with aqnt.b and store the bytes to out (the last 1..3 of a chunk
# from one more group, whose other lanes are not stored).

        .equ EW_CHUNK, 256

        .text
ew_s8:
        li r1, ew_scr
        st.w r15, [r1+0]
        st.w r2, [r1+4]
        ld.w r3, [r2+88]
        vbcast.w v12, r3               # the aqnt.b quad: out mult x 4,
        vbcast.w v13, r3
        ld.w r3, [r2+92]
        li r4, 0xFFFF
        and r5, r3, r4
        slli r3, r3, 16
        or r3, r3, r5
        vbcast.w v14, r3               # out shift x 4,
        ld.d v15, [r2+96]              # zp, min, max
        ld.w r3, [r2+12]
        bnez r3, ew_tabs_done
        ld.w r3, [r2+104]
        ld.w r4, [r2+64]
        ld.w r5, [r2+68]
        ld.w r6, [r2+72]
        call ew_table                  # A
        li r1, ew_scr
        ld.w r2, [r1+4]
        ld.w r4, [r2+76]
        ld.w r5, [r2+80]
        ld.w r6, [r2+84]
        call ew_table                  # B
ew_tabs_done:
        li r1, ew_scr
        ld.w r2, [r1+4]
        st.w r0, [r1+8]                # i0
        st.w r0, [r1+12]               # i1
        st.w r0, [r1+16]               # i2
        ld.w r3, [r2+8]
        st.w r3, [r1+20]               # out cursor
ew_row:
        li r1, ew_scr
        ld.w r2, [r1+4]
        ld.w r9, [r1+8]
        ld.w r10, [r2+16]
        blt r9, r10, ew_row_go         # i0 < d0
        j ew_done
ew_row_go:
        ld.w r10, [r1+12]
        ld.w r11, [r1+16]
        ld.w r3, [r2+4]
        addi r13, r2, 16
        call ew_base                   # y + i0 * sy0 + i1 * sy1 + i2 * sy2
        mov r4, r3
        ld.w r3, [r2+0]
        mov r13, r2
        call ew_base                   # x likewise
        ld.w r5, [r2+44]               # sx3
        ld.w r6, [r2+60]               # sy3
        ld.w r7, [r2+28]
        st.w r7, [r1+24]               # elements left in the row
        ld.w r7, [r2+12]
        st.w r7, [r1+28]               # mode
        ld.w r7, [r2+104]              # add: the tables' middles (value 0)
        li r8, 512
        add r7, r7, r8                 # A + 128 entries
        li r8, 1024
        add r8, r7, r8                 # B + 128 entries
        ld.w r9, [r1+28]
        beqz r9, ew_chunk
        ld.w r7, [r2+64]               # mul: the offsets
        ld.w r8, [r2+76]
ew_chunk:
        li r1, ew_scr
        ld.w r11, [r1+24]
        beqz r11, ew_row_end
        li r12, EW_CHUNK
        min r11, r11, r12              # this chunk's elements
        ld.w r12, [r1+24]
        sub r12, r12, r11
        st.w r12, [r1+24]
        st.w r11, [r1+32]
        li r13, ew_acc
        ld.w r9, [r1+28]
        bnez r9, ew_mul
        srli r12, r11, 1               # two elements per iteration,
        loop r12, ew_add2_end          # the second's loads under the first's
        { ld.b r9, [r3+0] ; ld.b r10, [r4+0] }
        { add r3, r3, r5 ; add r4, r4, r6 }
        { ld.b r11, [r3+0] ; ld.b r12, [r4+0] }
        { slli r9, r9, 2 ; slli r10, r10, 2 }
        { ld.w r9, [r7+r9] ; ld.w r10, [r8+r10] }
        { slli r11, r11, 2 ; slli r12, r12, 2 }
        { ld.w r11, [r7+r11] ; ld.w r12, [r8+r12] }
        { add r9, r9, r10 ; add r3, r3, r5 }
        { st.w r9, [r13]+4 ; add r4, r4, r6 }
        add r11, r11, r12
        st.w r11, [r13]+4
ew_add2_end:
        li r1, ew_scr
        ld.w r11, [r1+32]
        movi r12, 1
        and r11, r11, r12              # then the odd one
        loop r11, ew_add_end
        { ld.b r9, [r3+0] ; ld.b r10, [r4+0] }
        { add r3, r3, r5 ; add r4, r4, r6 }
        { slli r9, r9, 2 ; slli r10, r10, 2 }
        { ld.w r9, [r7+r9] ; ld.w r10, [r8+r10] }
        add r9, r9, r10
        st.w r9, [r13]+4
ew_add_end:
        j ew_requant
ew_mul:
        loop r11, ew_mul_end
        { ld.b r9, [r3+0] ; ld.b r10, [r4+0] }
        { add r3, r3, r5 ; add r4, r4, r6 }
        { add r9, r9, r7 ; add r10, r10, r8 }
        mul r9, r9, r10
        st.w r9, [r13]+4
ew_mul_end:
ew_requant:
        li r1, ew_scr
        ld.w r11, [r1+32]
        srli r11, r11, 2               # whole groups of 4
        li r13, ew_acc
        ld.w r12, [r1+20]              # out cursor
        loop r11, ew_rq_end
        ld.d v0, [r13]+8
        ld.d v1, [r13]+8
        aset a0, v0
        aqnt.b v2, a0, v12
        vget.w r9, v2, 0               # 4 bytes, stored one by one (any alignment)
        { st.b r9, [r12+0] ; srli r10, r9, 8 }
        { st.b r10, [r12+1] ; srli r10, r9, 16 }
        { st.b r10, [r12+2] ; srli r10, r9, 24 }
        { st.b r10, [r12+3] ; addi r12, r12, 4 }
ew_rq_end:
        ld.w r11, [r1+32]
        movi r10, 3
        and r11, r11, r10              # the last 1..3, if any
        ld.d v0, [r13]+8
        ld.d v1, [r13]+8
        aset a0, v0
        aqnt.b v2, a0, v12
        vget.w r9, v2, 0
        loop r11, ew_tail_end
        st.b r9, [r12+0]
        { srli r9, r9, 8 ; addi r12, r12, 1 }
ew_tail_end:
        st.w r12, [r1+20]
        j ew_chunk
ew_row_end:
        ld.w r2, [r1+4]                # the next row: i2, else i1, else i0
        movi r9, 8                     # byte offset of i2 from i0
ew_next:
        add r11, r1, r9
        ld.w r12, [r11+8]
        addi r12, r12, 1
        st.w r12, [r11+8]
        add r13, r2, r9
        ld.w r13, [r13+16]             # its extent
        blt r12, r13, ew_next_row
        beqz r9, ew_done               # i0 ran out
        st.w r0, [r11+8]
        addi r9, r9, -4
        j ew_next
ew_next_row:
        j ew_row
ew_done:
        li r1, ew_scr
        ld.w r15, [r1+0]
        ret

# r3 += r9 * [r13+32] + r10 * [r13+36] + r11 * [r13+40] (r13: the
# descriptor, or 16 bytes on for y's strides).  Clobbers r12.
ew_base:
        ld.w r12, [r13+32]
        mul r12, r12, r9
        add r3, r3, r12
        ld.w r12, [r13+36]
        mul r12, r12, r10
        add r3, r3, r12
        ld.w r12, [r13+40]
        mul r12, r12, r11
        add r3, r3, r12
        ret

# 256 entries at r3 (r3 advances by 1024): entry v + 128 =
# requantize((v + r4) << 20, r5, r6), v = -128..127.  Clobbers r4, r6-r13.
ew_table:
        movi r7, -128
        add r7, r7, r4                 # v + offset
        movi r8, 0
        max r8, r6, r8                 # left shift
        neg r9, r6
        movi r10, 0
        max r9, r9, r10                # right shift
        li r4, 0x40000000
        movi r6, 1
        li r10, 256
        loop r10, ew_table_end
        slli r11, r7, 20
        sll r11, r11, r8               # x << left (wrapping)
        mul r12, r11, r5               # the doubling high multiply
        mulh r13, r11, r5              # (x * m + 2^30) >> 31 from lo, hi:
        slli r13, r13, 1
        srli r10, r12, 31
        or r13, r13, r10               # (x * m) >> 31
        slli r12, r12, 1
        srli r12, r12, 1
        add r12, r12, r4
        srli r12, r12, 31              # + carry of its low 31 bits + 2^30
        add r13, r13, r12
        sll r10, r6, r9                # the rounding shift right by e,
        addi r10, r10, -1              # halves away from zero:
        and r11, r13, r10              # (h >> e) + ((rem + 2^(e-1) - neg) >>> e)
        srli r10, r10, 1
        add r11, r11, r10
        add r11, r11, r6               # rem + 2^(e-1); e = 0: 1
        srli r10, r13, 31              # neg
        moveqz r10, r6, r9             # e = 0: 1, so that the term is 0
        sub r11, r11, r10
        sra r13, r13, r9
        srl r11, r11, r9
        add r13, r13, r11
        st.w r13, [r3]+4
        addi r7, r7, 1
ew_table_end:
        ret

        .data
        .align 8
ew_scr: .space 40      # lr, descriptor, i0, i1, i2, out, left in row, mode, chunk
ew_acc: .space 1040    # a chunk's 32-bit values (+ the tail group's reach)
