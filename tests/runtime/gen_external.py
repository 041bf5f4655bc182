#!/usr/bin/env python3
"""A program whose weights live in a separate .ptd file (EXTERNAL tensor
data), for tests/runtime/test_external.c: y = x @ W^T + b with W and b in
the .ptd (b copied into a planned tensor, W read in place).

  python3 tests/runtime/gen_external.py OUTDIR

writes OUTDIR/linear.pte, linear.ptd, linear.in.f32 and linear.expect.f32
(the output computed here in double precision, stored as float32), and
linear_inline.pte: the same model with W and b in the .pte (no .ptd), and
linear_mutable.pte: b a planned tensor initialised from the mutable data
segment, for the selective runners with and without those readers
(tests/ptd/run.sh --select); mul_add.pte: y = x * a + b with its constants
in a segment and the operators of ../shared/models/module_linear.pte,
whose constants are in the deprecated constant_buffer: a runner built for
it has every kernel that model needs but not that reader; mul_add_flow.pte,
mul_add_list.pte and mul_add_wide.pte: the same with a MoveCall, with a
tensor list value, and with an Int outside 32 bits (a box), which that
runner (built without them) must refuse by name."""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import pte_write  # noqa: E402


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    xa = [0.5, -1.25, 2.0, 0.75, -0.5, 1.5, -2.0, 0.25]   # [2, 4]
    wa = [0.125 * ((i * 5) % 11 - 5) for i in range(12)]  # [3, 4]
    ba = [1.0, -0.5, 0.25]
    desc = {
        "values": [
            {"tensor": {"dtype": "float32", "sizes": [2, 4]}},
            {"tensor": {"dtype": "float32", "sizes": [3, 4], "external": "linear.weight"}},
            {"tensor": {"dtype": "float32", "sizes": [3], "external": "linear.bias", "planned": True}},
            {"tensor": {"dtype": "float32", "sizes": [2, 3]}},
        ],
        "inputs": [0], "outputs": [3],
        "ops": [{"op": "aten::linear.out", "args": [0, 1, 2, 3, 3]}],
    }
    with open(os.path.join(out, "linear.pte"), "wb") as f:
        f.write(pte_write.build(desc))
    desc["values"][1] = {"tensor": {"dtype": "float32", "sizes": [3, 4], "data": wa}}
    desc["values"][2] = {"tensor": {"dtype": "float32", "sizes": [3], "data": ba}}
    with open(os.path.join(out, "linear_inline.pte"), "wb") as f:
        f.write(pte_write.build(desc))
    desc["values"][2]["tensor"]["mutable"] = True
    with open(os.path.join(out, "linear_mutable.pte"), "wb") as f:
        f.write(pte_write.build(desc))
    mul_add = {
        "values": [
            {"tensor": {"dtype": "float32", "sizes": [2, 2]}},
            {"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [1.0, 2.0, 3.0, 4.0]}},
            {"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [0.5, 0.5, 0.5, 0.5]}},
            {"tensor": {"dtype": "float32", "sizes": [2, 2]}},
            {"tensor": {"dtype": "float32", "sizes": [2, 2]}},
            {"int": 1},
        ],
        "inputs": [0], "outputs": [4],
        "ops": [{"op": "aten::mul.out", "args": [0, 1, 3, 3]},
                {"op": "aten::add.out", "args": [3, 2, 5, 4, 4]}],
    }
    with open(os.path.join(out, "mul_add.pte"), "wb") as f:
        f.write(pte_write.build(mul_add))
    flow = dict(mul_add, values=mul_add["values"] + [{"int": 2}], ops=mul_add["ops"] + [{"move": [5, 6]}])
    with open(os.path.join(out, "mul_add_flow.pte"), "wb") as f:
        f.write(pte_write.build(flow))
    lists = dict(mul_add, values=mul_add["values"] + [{"tensor_list": [0, 3]}])
    with open(os.path.join(out, "mul_add_list.pte"), "wb") as f:
        f.write(pte_write.build(lists))
    # 72 elements: above et_print's ET_PRINT_ALL_LIMIT (64), a top 5
    big = [{"tensor": dict(v["tensor"], sizes=[9, 8])} if "tensor" in v else v for v in mul_add["values"]]
    big[1]["tensor"]["data"] = [float(k % 7) for k in range(72)]
    big[2]["tensor"]["data"] = [0.5] * 72
    with open(os.path.join(out, "mul_add_big.pte"), "wb") as f:
        f.write(pte_write.build(dict(mul_add, values=big)))
    int_in = dict(mul_add, values=mul_add["values"] + [{"tensor": {"dtype": "int32", "sizes": [2]}}], inputs=[0, 6])
    with open(os.path.join(out, "mul_add_int_in.pte"), "wb") as f:
        f.write(pte_write.build(int_in))
    int_out = dict(mul_add, outputs=[4, 5])  # an Int output: not a float32 tensor
    with open(os.path.join(out, "mul_add_int_out.pte"), "wb") as f:
        f.write(pte_write.build(int_out))
    wide = dict(mul_add, values=mul_add["values"] + [{"int": 1 << 40}])
    with open(os.path.join(out, "mul_add_wide.pte"), "wb") as f:
        f.write(pte_write.build(wide))
    with open(os.path.join(out, "linear.ptd"), "wb") as f:
        f.write(pte_write.build_ptd({"linear.weight": ("float32", wa), "linear.bias": ("float32", ba)}))
    with open(os.path.join(out, "linear.in.f32"), "wb") as f:
        f.write(struct.pack("<8f", *xa))
    expect = [ba[n] + sum(xa[m * 4 + k] * wa[n * 4 + k] for k in range(4)) for m in range(2) for n in range(3)]
    with open(os.path.join(out, "linear.expect.f32"), "wb") as f:
        f.write(struct.pack("<6f", *expect))


if __name__ == "__main__":
    main()
