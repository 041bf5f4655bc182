# gate_s8: the gate of an LSTM or GRU cell in int8, a fully connected layer
# followed by its activation: for each of `rows` inputs,
#
#   out[o] = lut[clamp(requantize(bias[o] + sum_k W[o][k] * x[k], ...)) + 128]
#
# composed of fc_s8 (the runtime's quantized_linear arithmetic, bias with
# the input offset folded in) and lut_s8 (quantized_activation: the int8
# sigmoid or tanh table the exporter bakes) on each row's N outputs in
# place; assembled with dsp/kernels/fc_s8.s and lut_s8.s.
#
# Call: r2 = descriptor (8-byte aligned, writable: +0, +20 and +40 advance),
# returns with ret.  Clobbers r1-r13, v0-v15, a0-a4.
#   +0 .. +39  fc_s8's descriptor (x, W, bias, mult, shift, out, N, K,
#              zp, min, max)
#   +40 rows  +44 x stride  +48 out stride (bytes)
#   +52 lut (256 bytes)

        .text
gate_s8:
        li r1, gt_scr
        st.w r15, [r1+0]
        st.w r2, [r1+4]
        ld.w r3, [r2+52]
        st.w r3, [r1+12]               # lut_s8's descriptor at +8: x, lut, out, n
        ld.w r3, [r2+24]
        st.w r3, [r1+20]
gt_row:
        li r1, gt_scr
        ld.w r2, [r1+4]
        ld.w r3, [r2+40]
        beqz r3, gt_done
        addi r3, r3, -1
        st.w r3, [r2+40]
        call fc_s8                     # the row's N pre-activations
        li r1, gt_scr
        ld.w r2, [r1+4]
        ld.w r3, [r2+20]
        st.w r3, [r1+8]
        st.w r3, [r1+16]
        addi r2, r1, 8
        call lut_s8                    # the activation, in place
        li r1, gt_scr
        ld.w r2, [r1+4]
        ld.w r3, [r2+0]
        ld.w r4, [r2+44]
        add r3, r3, r4
        st.w r3, [r2+0]
        ld.w r3, [r2+20]
        ld.w r4, [r2+48]
        add r3, r3, r4
        st.w r3, [r2+20]
        j gt_row
gt_done:
        li r1, gt_scr
        ld.w r15, [r1+0]
        ret

        .data
        .align 8
gt_scr: .space 24      # lr, descriptor, lut_s8's descriptor
