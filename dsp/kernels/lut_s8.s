# lut_s8: an int8 -> int8 function as a 256-entry table, out[i] =
# lut[x[i] + 128]: runtime/kernels/cortex_m/quantized_activation_s8.c,
# which is how an exported model computes int8 sigmoid, tanh, SiLU...
# (the exporter bakes the function into the table; the DSP and the M55
# then give the same bytes by construction).
#
# Call: r2 = descriptor (4-byte aligned), returns with ret.  Clobbers
# r3-r13.
#   +0 x  +4 lut (256 bytes; best in DRAM)  +8 out  +12 n
#
# Four elements per iteration (4 loads of x, 4 table loads, 4 byte stores:
# the store port sets the pace), then the rest one at a time.

        .text
lut_s8:
        ld.w r3, [r2+0]
        ld.w r4, [r2+4]
        addi r4, r4, 31
        addi r4, r4, 31
        addi r4, r4, 31
        addi r4, r4, 31
        addi r4, r4, 4                 # lut + 128: indexed by the signed x
        ld.w r5, [r2+8]
        ld.w r6, [r2+12]
        srli r7, r6, 2
        loop r7, lut_4_end
        { ld.b r8, [r3+0] ; ld.b r9, [r3+1] }
        { ld.b r10, [r3+2] ; ld.b r11, [r3+3] }
        { ld.bu r8, [r4+r8] ; addi r3, r3, 4 }
        { ld.bu r9, [r4+r9] ; ld.bu r10, [r4+r10] }
        { st.b r8, [r5+0] ; ld.bu r11, [r4+r11] }
        st.b r9, [r5+1]
        st.b r10, [r5+2]
        { st.b r11, [r5+3] ; addi r5, r5, 4 }
lut_4_end:
        movi r7, 3
        and r7, r6, r7
        loop r7, lut_1_end
        ld.b r8, [r3+0]
        { ld.bu r8, [r4+r8] ; addi r3, r3, 1 }
        { st.b r8, [r5+0] ; addi r5, r5, 1 }
lut_1_end:
        ret
