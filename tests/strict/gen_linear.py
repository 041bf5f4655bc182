#!/usr/bin/env python3
"""A cortex_m::quantized_linear without a kernel_sum, as an export for a core
without Helium writes it: an upstream build for an MVE core refuses it (its
MVE kernel needs the precomputed kernel sums), etsim's runtime computes the
sums and runs it with a warning, or refuses it with --strict.

  python3 tests/strict/gen_linear.py OUTDIR

writes OUTDIR/linear_no_kernel_sum.pte, .in0.f32 (raw int8) and .expect
(the int8 output computed here with CMSIS-NN's integer arithmetic)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "runtime"))
from gen_release_ops import QCase, clamp, quant_mult, requant, rnd_i8  # noqa: E402


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    c = QCase("linear_no_kernel_sum")
    B, IN, OUT = 2, 20, 3
    xa, wa = rnd_i8(B * IN), rnd_i8(OUT * IN, -50, 50)
    bias = [300, -200, 50]
    io, fo, oo = 11, 0, -5
    mult, shift = quant_mult(0.0009)
    x = c.inp_i8([B, IN], xa)
    o = c.out_i8([B, OUT])
    c.op("cortex_m::quantized_linear.out",
         [x, c.const([OUT, IN], wa, "int8"), c.const([OUT], bias, "int32"), c.val({"null": None}), c.i(io), c.i(fo),
          c.i(oo), c.il([mult]), c.il([shift]), c.i(127), c.i(-128), o, o])
    exp = []
    for b in range(B):
        for oc in range(OUT):
            acc = bias[oc] + sum((xa[b * IN + k] + io) * (wa[oc * IN + k] + fo) for k in range(IN))
            exp.append(clamp(requant(acc, mult, shift) + oo, -128, 127))
    c.write_raw(outdir, exp, [o])


if __name__ == "__main__":
    main()
