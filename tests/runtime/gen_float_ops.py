#!/usr/bin/env python3
"""End-to-end tests of the portable float operators: builds one small .pte
per case with tools/pte_write.py, its raw float32 inputs, and the expected
output computed here, independently of the runtime, with plain loops in
double precision.

  python3 tests/runtime/gen_float_ops.py OUTDIR

writes OUTDIR/NAME.pte, OUTDIR/NAME.in0.f32 ..., OUTDIR/NAME.expect (the
output 0 values, one line) and OUTDIR/cases.txt (one NAME per line).
tests/runtime/float_ops.sh runs them on the host build and on QEMU.
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import pte_write  # noqa: E402

_seed = [12345]


def rnd(n, lo=-2.0, hi=2.0):
    """n values that are multiples of 1/8 (exact in float32)."""
    out = []
    for _ in range(n):
        _seed[0] = (_seed[0] * 1103515245 + 12345) % (1 << 31)
        steps = int((hi - lo) * 8)
        out.append(lo + (_seed[0] >> 8) % (steps + 1) / 8.0)
    return out


def numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def strides(shape):
    st, acc = [0] * len(shape), 1
    for d in range(len(shape) - 1, -1, -1):
        st[d] = acc
        acc *= shape[d]
    return st


def unravel(i, shape):
    idx = []
    for s in reversed(shape):
        idx.append(i % s)
        i //= s
    return idx[::-1]


def at(data, shape, idx):
    return data[sum(i * s for i, s in zip(idx, strides(shape)))]


def bcast(data, shape, out_shape, idx):
    """element of a right-aligned, size-1-broadcast input at out index idx"""
    off = len(out_shape) - len(shape)
    return at(data, shape, [0 if shape[d] == 1 else idx[d + off] for d in range(len(shape))])


class Case:
    def __init__(self, name):
        self.name, self.values, self.ops, self.inputs, self.outputs, self.feeds = name, [], [], [], [], []

    def val(self, v):
        self.values.append(v)
        return len(self.values) - 1

    def inp(self, shape, data):
        i = self.val({"tensor": {"dtype": "float32", "sizes": shape}})
        self.inputs.append(i)
        self.feeds.append(data)
        return i

    def const(self, shape, data, dtype="float32"):
        return self.val({"tensor": {"dtype": dtype, "sizes": shape, "data": data}})

    def tensor(self, shape, dtype="float32"):
        return self.val({"tensor": {"dtype": dtype, "sizes": shape}})

    def op(self, name, args):
        self.ops.append({"op": name, "args": args})

    def write(self, outdir, expect, outs):
        self.outputs = outs
        desc = {"values": self.values, "inputs": self.inputs, "outputs": self.outputs, "ops": self.ops}
        if getattr(self, "chains", None):
            desc["chains"] = self.chains
        with open(os.path.join(outdir, self.name + ".pte"), "wb") as f:
            f.write(pte_write.build(desc))
        for k, data in enumerate(self.feeds):
            with open(os.path.join(outdir, "%s.in%d.f32" % (self.name, k)), "wb") as f:
                f.write(struct.pack("<%df" % len(data), *data))
        if getattr(self, "error", None):
            with open(os.path.join(outdir, self.name + ".error"), "w") as f:
                f.write(self.error + "\n")
        assert len(expect) <= 64, "the runner prints every value only up to 64"
        with open(os.path.join(outdir, self.name + ".expect"), "w") as f:
            f.write(",".join("%.9g" % v for v in expect) + "\n")


def cases():
    out = []

    # ---- elementwise binary with broadcasting --------------------------------
    for name, fn, has_alpha in (("add", lambda x, y: x + y, True), ("sub", lambda x, y: x - y, True),
                                ("mul", lambda x, y: x * y, False), ("div", lambda x, y: x / y, False)):
        c = Case("binary_" + name)
        a, b = rnd(6), [v if v != 0 else 0.5 for v in rnd(3)]
        x, y, o = c.inp([2, 3], a), c.const([3], b), c.tensor([2, 3])
        args = [x, y] + ([c.val({"int": 1})] if has_alpha else []) + [o, o]
        c.op("aten::%s.out" % name, args)
        exp = [fn(a[i], b[i % 3]) for i in range(6)]
        out.append((c, exp, [o]))

    # ---- matrix products -------------------------------------------------------
    xa, wa, ba = rnd(8), rnd(12), rnd(3)
    c = Case("linear")
    x, w, b, o = c.inp([2, 4], xa), c.const([3, 4], wa), c.const([3], ba), c.tensor([2, 3])
    c.op("aten::linear.out", [x, w, b, o, o])
    out.append((c, [ba[n] + sum(xa[m * 4 + k] * wa[n * 4 + k] for k in range(4)) for m in range(2) for n in range(3)], [o]))

    c = Case("mm")
    x, w, o = c.inp([2, 4], xa), c.const([4, 3], wa), c.tensor([2, 3])
    c.op("aten::mm.out", [x, w, o, o])
    mm = [sum(xa[m * 4 + k] * wa[k * 3 + n] for k in range(4)) for m in range(2) for n in range(3)]
    out.append((c, mm, [o]))

    c = Case("addmm")
    bias, x, w, o = c.const([3], ba), c.inp([2, 4], xa), c.const([4, 3], wa), c.tensor([2, 3])
    c.op("aten::addmm.out", [bias, x, w, c.val({"double": 0.5}), c.val({"double": 2.0}), o, o])
    out.append((c, [0.5 * ba[i % 3] + 2.0 * mm[i] for i in range(6)], [o]))

    c = Case("bmm")
    ya, za = rnd(2 * 2 * 3), rnd(2 * 3 * 4)
    x, y, o = c.inp([2, 2, 3], ya), c.inp([2, 3, 4], za), c.tensor([2, 2, 4])
    c.op("aten::bmm.out", [x, y, o, o])
    out.append((c, [sum(ya[(b * 2 + m) * 3 + k] * za[(b * 3 + k) * 4 + n] for k in range(3))
                    for b in range(2) for m in range(2) for n in range(4)], [o]))

    # ---- activations -------------------------------------------------------------
    ua = rnd(10, -4, 4)
    unary = (
        ("relu", "aten::relu.out", [], lambda v: max(v, 0.0)),
        ("sigmoid", "aten::sigmoid.out", [], lambda v: 1 / (1 + math.exp(-v))),
        ("tanh", "aten::tanh.out", [], math.tanh),
        ("hardtanh", "aten::hardtanh.out", [{"double": -1.0}, {"double": 1.5}], lambda v: min(max(v, -1.0), 1.5)),
        ("clamp", "aten::clamp.out", [{"double": -0.5}, {"null": None}], lambda v: max(v, -0.5)),
        ("gelu", "aten::gelu.out", [{"string": "none"}], lambda v: 0.5 * v * (1 + math.erf(v / math.sqrt(2)))),
        ("gelu_tanh", "aten::gelu.out", [{"string": "tanh"}],
         lambda v: 0.5 * v * (1 + math.tanh(math.sqrt(2 / math.pi) * (v + 0.044715 * v ** 3)))),
    )
    for name, opname, extra, fn in unary:
        c = Case(name)
        x, o = c.inp([2, 5], ua), c.tensor([2, 5])
        c.op(opname, [x] + [c.val(e) for e in extra] + [o, o])
        out.append((c, [fn(v) for v in ua], [o]))

    # ---- softmax ---------------------------------------------------------------
    sa = rnd(8, -3, 3)
    for name, logit in (("_softmax", False), ("_log_softmax", True)):
        c = Case(name.strip("_"))
        x, o = c.inp([2, 4], sa), c.tensor([2, 4])
        c.op("aten::%s.out" % name, [x, c.val({"int": -1}), c.val({"bool": False}), o, o])
        exp = []
        for r in range(2):
            row = sa[r * 4:(r + 1) * 4]
            s = sum(math.exp(v) for v in row)
            exp += [(v - math.log(s)) if logit else math.exp(v) / s for v in row]
        out.append((c, exp, [o]))

    # ---- pooling (NCHW) ----------------------------------------------------------
    pa = rnd(2 * 5 * 5)
    ps = [1, 2, 5, 5]
    c = Case("max_pool2d")
    x, o, ind = c.inp(ps, pa), c.tensor([1, 2, 2, 2]), c.tensor([1, 2, 2, 2], "int64")
    c.op("aten::max_pool2d_with_indices.out",
         [x, c.val({"int_list": [2, 2]}), c.val({"int_list": [2, 2]}), c.val({"int_list": [0, 0]}),
          c.val({"int_list": [1, 1]}), c.val({"bool": False}), o, ind, c.val({"tensor_list": [o, ind]})])
    exp = [max(at(pa, ps, [0, ch, oy * 2 + ky, ox * 2 + kx]) for ky in range(2) for kx in range(2))
           for ch in range(2) for oy in range(2) for ox in range(2)]
    out.append((c, exp, [o, ind]))

    c = Case("avg_pool2d")
    x, o = c.inp(ps, pa), c.tensor([1, 2, 3, 3])
    c.op("aten::avg_pool2d.out",
         [x, c.val({"int_list": [3, 3]}), c.val({"int_list": [2, 2]}), c.val({"int_list": [1, 1]}),
          c.val({"bool": False}), c.val({"bool": True}), c.val({"null": None}), o, o])
    exp = []
    for ch in range(2):
        for oy in range(3):
            for ox in range(3):
                s = 0.0
                for ky in range(3):
                    for kx in range(3):
                        iy, ix = oy * 2 - 1 + ky, ox * 2 - 1 + kx
                        if 0 <= iy < 5 and 0 <= ix < 5:
                            s += at(pa, ps, [0, ch, iy, ix])
                exp.append(s / 9.0)  # count_include_pad: the whole 3x3 window
    out.append((c, exp, [o]))

    # ---- reductions --------------------------------------------------------------
    ra, rs = rnd(2 * 3 * 4), [2, 3, 4]
    c = Case("mean")
    x, o = c.inp(rs, ra), c.tensor([2, 3, 1])
    c.op("aten::mean.out", [x, c.val({"int_list": [-1]}), c.val({"bool": True}), c.val({"null": None}), o, o])
    out.append((c, [sum(ra[(i * 4):(i * 4 + 4)]) / 4 for i in range(6)], [o]))

    c = Case("sum")
    x, o = c.inp(rs, ra), c.tensor([3])
    c.op("aten::sum.IntList_out", [x, c.val({"int_list": [0, 2]}), c.val({"bool": False}), c.val({"null": None}), o, o])
    out.append((c, [sum(at(ra, rs, [a, j, k]) for a in range(2) for k in range(4)) for j in range(3)], [o]))

    # ---- shape and copy ops --------------------------------------------------------
    c = Case("view_copy")
    x, o = c.inp(rs, ra), c.tensor([4, 6])
    c.op("aten::view_copy.out", [x, c.val({"int_list": [4, 6]}), o, o])
    out.append((c, ra, [o]))

    c = Case("permute_copy")
    x, o = c.inp(rs, ra), c.tensor([4, 2, 3])
    c.op("aten::permute_copy.out", [x, c.val({"int_list": [2, 0, 1]}), o, o])
    out.append((c, [at(ra, rs, [a, b, k]) for k in range(4) for a in range(2) for b in range(3)], [o]))

    c = Case("clone")
    x, o = c.inp(rs, ra), c.tensor(rs)
    c.op("aten::clone.out", [x, c.val({"null": None}), o, o])
    out.append((c, ra, [o]))

    c = Case("unsqueeze_copy")
    x, o = c.inp(rs, ra), c.tensor([2, 1, 3, 4])
    c.op("aten::unsqueeze_copy.out", [x, c.val({"int": 1}), o, o])
    out.append((c, ra, [o]))

    c = Case("squeeze_copy")
    x, o = c.inp([2, 1, 3, 4], ra), c.tensor(rs)
    c.op("aten::squeeze_copy.dims_out", [x, c.val({"int_list": [1]}), o, o])
    out.append((c, ra, [o]))

    c = Case("cat")
    ca, cb = rnd(2 * 2), rnd(2 * 3)
    x, y, o = c.inp([2, 2], ca), c.inp([2, 3], cb), c.tensor([2, 5])
    c.op("aten::cat.out", [c.val({"tensor_list": [x, y]}), c.val({"int": 1}), o, o])
    out.append((c, ca[0:2] + cb[0:3] + ca[2:4] + cb[3:6], [o]))

    c = Case("slice_copy")
    x, o = c.inp(rs, ra), c.tensor([2, 3, 2])
    c.op("aten::slice_copy.Tensor_out",
         [x, c.val({"int": -1}), c.val({"int": 1}), c.val({"null": None}), c.val({"int": 2}), o, o])
    out.append((c, [at(ra, rs, [a, b, k]) for a in range(2) for b in range(3) for k in (1, 3)], [o]))

    c = Case("select_copy")
    x, o = c.inp(rs, ra), c.tensor([2, 4])
    c.op("aten::select_copy.int_out", [x, c.val({"int": 1}), c.val({"int": -1}), o, o])
    out.append((c, [at(ra, rs, [a, 2, k]) for a in range(2) for k in range(4)], [o]))

    c = Case("expand_copy")
    ea = rnd(3)
    x, o = c.inp([3, 1], ea), c.tensor([2, 3, 4])
    c.op("aten::expand_copy.out", [x, c.val({"int_list": [2, -1, 4]}), c.val({"bool": False}), o, o])
    out.append((c, [ea[j] for a in range(2) for j in range(3) for k in range(4)], [o]))

    # ---- convolution (NCHW, weight OIHW) -------------------------------------------
    for name, groups, ic, oc in (("convolution", 1, 2, 3), ("convolution_groups", 2, 2, 4)):
        c = Case(name)
        xs, ws = [1, ic, 4, 4], [oc, ic // groups, 3, 3]
        xa, wa, ba = rnd(numel(xs)), rnd(numel(ws)), rnd(oc)
        x, w, b, o = c.inp(xs, xa), c.const(ws, wa), c.const([oc], ba), c.tensor([1, oc, 2, 2])
        c.op("aten::convolution.out",
             [x, w, b, c.val({"int_list": [2, 2]}), c.val({"int_list": [1, 1]}), c.val({"int_list": [1, 1]}),
              c.val({"bool": False}), c.val({"int_list": [0, 0]}), c.val({"int": groups}), o, o])
        exp = []
        icg, ocg = ic // groups, oc // groups
        for o_ in range(oc):
            for oy in range(2):
                for ox in range(2):
                    s = ba[o_]
                    for i in range(icg):
                        for ky in range(3):
                            for kx in range(3):
                                iy, ix = oy * 2 - 1 + ky, ox * 2 - 1 + kx
                                if 0 <= iy < 4 and 0 <= ix < 4:
                                    s += at(xa, xs, [0, (o_ // ocg) * icg + i, iy, ix]) * at(wa, ws, [o_, i, ky, kx])
                    exp.append(s)
        out.append((c, exp, [o]))
    out.append(mobilenetv2_block())
    out.append(chains_and_state())
    out.append(prim_ops())
    out.append(wide_scalars())
    out += long_tail()
    c = Case("prim_int_division_by_zero")  # undefined in C: an error, not a crash
    x = c.inp([1], [1.0])
    q = c.val({"int": 0})
    c.ops = [{"op": "executorch_prim::floordiv.Scalar", "args": [c.val({"int": 7}), c.val({"int": 0}), q]}]
    c.error = "integer division by zero"
    out.append((c, [], [x]))
    return out


def long_tail():
    """The portable long tail, each against its definition in Python."""
    out = []
    xs = [2, 3, 4]
    xa = rnd(24)
    pos = [abs(v) + 0.125 for v in xa]
    unary = [
        ("exp", "aten::exp.out", [], pos, lambda v: math.exp(v)),
        ("sqrt", "aten::sqrt.out", [], pos, lambda v: math.sqrt(v)),
        ("rsqrt", "aten::rsqrt.out", [], pos, lambda v: 1 / math.sqrt(v)),
        ("hardswish", "aten::hardswish.out", [], [4 * v for v in xa], lambda v: v * min(max(v + 3, 0), 6) / 6),
        ("hardsigmoid", "aten::hardsigmoid.out", [], [4 * v for v in xa], lambda v: min(max(v + 3, 0), 6) / 6),
        ("leaky_relu", "aten::leaky_relu.out", [{"double": 0.1}], xa, lambda v: v if v > 0 else 0.1 * v),
        ("elu", "aten::elu.out", [{"double": 1.5}, {"double": 2.0}, {"double": 0.5}], xa,
         lambda v: 2.0 * v if v > 0 else 1.5 * 2.0 * math.expm1(0.5 * v)),
    ]
    for name, op, extra, data, fn in unary:
        c = Case(name)
        x, o = c.inp(xs, data), c.tensor(xs)
        c.op(op, [x] + [c.val(e) for e in extra] + [o, o])
        out.append((c, [fn(v) for v in data], [o]))

    for name, op, other, alpha, fn in (("add_scalar", "aten::add.Scalar_out", 2.5, 2, lambda v: v + 5.0),
                                       ("sub_scalar", "aten::sub.Scalar_out", 0.5, 3, lambda v: v - 1.5),
                                       ("mul_scalar", "aten::mul.Scalar_out", -1.5, None, lambda v: v * -1.5),
                                       ("div_scalar", "aten::div.Scalar_out", 4, None, lambda v: v / 4)):
        c = Case(name)
        x, o = c.inp(xs, xa), c.tensor(xs)
        args = [x, c.val({"double": other} if isinstance(other, float) else {"int": other})]
        if alpha is not None:
            args.append(c.val({"int": alpha}))
        c.op(op, args + [o, o])
        out.append((c, [fn(v) for v in xa], [o]))

    # integer dtypes in the portable kernels
    ia, ib = [int(8 * v) for v in xa], [int(40 * v) for v in rnd(4)]
    c = Case("add_int32_broadcast")
    x, o = c.inp([1], [0.0]), c.tensor(xs, "int32")
    c.op("aten::add.out", [c.const(xs, ia, "int32"), c.const([4], ib, "int32"), c.val({"int": 3}), o, o])
    out.append((c, [ia[i] + 3 * ib[i % 4] for i in range(24)], [o]))

    c = Case("mul_int8_wraps")  # int8 arithmetic wraps as upstream's C++ does
    x, o = c.inp([1], [0.0]), c.tensor(xs, "int8")
    c.op("aten::mul.out", [c.const(xs, ia, "int8"), c.const([4], [7, -9, 3, 11], "int8"), o, o])
    out.append((c, [((ia[i] * [7, -9, 3, 11][i % 4] + 128) % 256) - 128 for i in range(24)], [o]))

    c = Case("clamp_int32")
    x, o = c.inp([1], [0.0]), c.tensor(xs, "int32")
    c.op("aten::clamp.out", [c.const(xs, ia, "int32"), c.val({"int": -5}), c.val({"int": 6}), o, o])
    out.append((c, [min(6, max(-5, v)) for v in ia], [o]))

    ya = rnd(4)
    c = Case("gt_tensor_broadcast")
    x, y, o = c.inp(xs, xa), c.const([4], ya), c.tensor(xs, "bool")
    c.op("aten::gt.Tensor_out", [x, y, o, o])
    out.append((c, [1 if xa[i] > ya[i % 4] else 0 for i in range(24)], [o]))

    c = Case("le_scalar")
    x, o = c.inp(xs, xa), c.tensor(xs, "bool")
    c.op("aten::le.Scalar_out", [x, c.val({"double": 0.5}), o, o])
    out.append((c, [1 if v <= 0.5 else 0 for v in xa], [o]))

    cond = [(i * 7) % 3 == 0 for i in range(24)]
    c = Case("where")
    x, cv, y, o = c.inp(xs, xa), c.const(xs, cond, "bool"), c.const([4], ya), c.tensor(xs)
    c.op("aten::where.self_out", [cv, x, y, o, o])
    out.append((c, [xa[i] if cond[i] else ya[i % 4] for i in range(24)], [o]))

    c = Case("full")
    x, o = c.inp([1], [0.0]), c.tensor([2, 3])
    c.op("aten::full.out", [c.val({"int_list": [2, 3]}), c.val({"double": 7.25}), o, o])
    out.append((c, [7.25] * 6, [o]))

    c = Case("ones_int32")
    x, o = c.inp([1], [0.0]), c.tensor([4], "int32")
    c.op("aten::ones.out", [c.val({"int_list": [4]}), o, o])
    out.append((c, [1] * 4, [o]))

    c = Case("to_copy_int32")  # float -> int32 truncates toward zero, as a C cast
    x, o = c.inp(xs, [4 * v for v in xa]), c.tensor(xs, "int32")
    c.op("aten::_to_copy.out", [x, c.val({"bool": False}), c.val({"null": None}), o, o])
    out.append((c, [int(4 * v) for v in xa], [o]))

    c = Case("to_dim_order_copy_dtype")
    x, o = c.inp(xs, [4 * v for v in xa]), c.tensor(xs, "int8")
    c.op("dim_order_ops::_to_dim_order_copy.out", [x, c.val({"bool": False}), c.val({"null": None}), o, o])
    out.append((c, [int(4 * v) for v in xa], [o]))

    c = Case("constant_pad_nd")  # last dim (1, 2), dim 0 (0, 1)
    pa = rnd(6)
    x, o = c.inp([2, 3], pa), c.tensor([3, 6])
    c.op("aten::constant_pad_nd.out", [x, c.val({"int_list": [1, 2, 0, 1]}), c.val({"double": -1.0}), o, o])
    out.append((c, [pa[r * 3 + (k - 1)] if r < 2 and 1 <= k < 4 else -1.0 for r in range(3) for k in range(6)], [o]))

    c = Case("adaptive_avg_pool2d")
    ps, pa = [1, 2, 5, 5], rnd(50)
    x, o = c.inp(ps, pa), c.tensor([1, 2, 2, 3])
    c.op("aten::_adaptive_avg_pool2d.out", [x, c.val({"int_list": [2, 3]}), o, o])
    exp = []
    for ch in range(2):
        for oy in range(2):
            y0, y1 = oy * 5 // 2, -((-(oy + 1) * 5) // 2)
            for ox in range(3):
                x0, x1 = ox * 5 // 3, -((-(ox + 1) * 5) // 3)
                vals = [pa[ch * 25 + yy * 5 + xx] for yy in range(y0, y1) for xx in range(x0, x1)]
                exp.append(sum(vals) / len(vals))
    out.append((c, exp, [o]))

    c = Case("native_layer_norm")
    wa, ba = rnd(4, 0.5, 1.5), rnd(4)
    x, o, m, r = c.inp(xs, xa), c.tensor(xs), c.tensor([2, 3, 1]), c.tensor([2, 3, 1])
    outs = c.val({"tensor_list": [o, m, r]})
    c.op("aten::native_layer_norm.out", [x, c.val({"int_list": [4]}), c.const([4], wa), c.const([4], ba),
                                         c.val({"double": 1e-5}), o, m, r, outs])
    exp = []
    for row in range(6):
        v = xa[row * 4:row * 4 + 4]
        mean = sum(v) / 4
        var = sum((t - mean) ** 2 for t in v) / 4
        exp += [(v[i] - mean) / math.sqrt(var + 1e-5) * wa[i] + ba[i] for i in range(4)]
    out.append((c, exp, [o]))

    c = Case("amax")
    x, o = c.inp(xs, xa), c.tensor([2, 4])
    c.op("aten::amax.out", [x, c.val({"int_list": [1]}), c.val({"bool": False}), o, o])
    out.append((c, [max(xa[(a * 3 + b) * 4 + k] for b in range(3)) for a in range(2) for k in range(4)], [o]))

    c = Case("argmax")
    x, o = c.inp(xs, xa), c.tensor([2, 3, 1], "int64")
    c.op("aten::argmax.out", [x, c.val({"int": 2}), c.val({"bool": True}), o, o])
    exp = []
    for row in range(6):
        v = xa[row * 4:row * 4 + 4]
        exp.append(v.index(max(v)))
    out.append((c, exp, [o]))

    c = Case("embedding")
    ea = rnd(15)
    idx = [4, 0, 2, 4]
    x, o = c.inp([1], [0.0]), c.tensor([2, 2, 3])
    c.op("aten::embedding.out", [c.const([5, 3], ea), c.const([2, 2], idx, "int64"), c.val({"int": -1}),
                                 c.val({"bool": False}), c.val({"bool": False}), o, o])
    out.append((c, [ea[i * 3 + k] for i in idx for k in range(3)], [o]))

    c = Case("split_with_sizes_copy")
    sa = rnd(10)
    x, p0, p1 = c.inp([2, 5], sa), c.tensor([2, 2]), c.tensor([2, 3])
    lst = c.val({"tensor_list": [p0, p1]})
    c.op("aten::split_with_sizes_copy.out", [x, c.val({"int_list": [2, 3]}), c.val({"int": 1}), lst, lst])
    out.append((c, [sa[r * 5 + 2 + k] for r in range(2) for k in range(3)], [p1]))

    # quantized_decomposed with tensor parameters: per tensor and per channel
    qa = [v * 3 for v in rnd(24)]
    c = Case("quantize_per_channel")
    scales, zps = [0.05, 0.1, 0.2], [3, -7, 0]
    x, o = c.inp(xs, qa), c.tensor(xs, "int8")
    c.op("quantized_decomposed::quantize_per_channel.out",
         [x, c.const([3], scales), c.const([3], zps, "int64"), c.val({"int": 1}), c.val({"int": -128}),
          c.val({"int": 127}), c.val({"int": 1}), o, o])

    def q8(v, s, z):
        inv = struct.unpack("<f", struct.pack("<f", 1.0 / struct.unpack("<f", struct.pack("<f", s))[0]))[0]
        p = struct.unpack("<f", struct.pack("<f", v * inv))[0]
        return max(-128, min(127, z + round(p)))  # Python's round is half to even
    qexp = [q8(qa[i], scales[(i // 4) % 3], zps[(i // 4) % 3]) for i in range(24)]
    out.append((c, qexp, [o]))

    c = Case("dequantize_per_channel")
    x8 = c.const(xs, qexp, "int8")
    x, o = c.inp([1], [0.0]), c.tensor(xs)
    c.op("quantized_decomposed::dequantize_per_channel.out",
         [x8, c.const([3], scales), c.const([3], zps, "int64"), c.val({"int": 1}), c.val({"int": -128}),
          c.val({"int": 127}), c.val({"int": 1}), c.val({"null": None}), o, o])
    out.append((c, [(qexp[i] - zps[(i // 4) % 3]) * scales[(i // 4) % 3] for i in range(24)], [o]))

    c = Case("quantize_per_tensor_tensor_args")
    x, o = c.inp(xs, qa), c.tensor(xs, "int8")
    c.op("quantized_decomposed::quantize_per_tensor.Tensor_out",
         [x, c.const([1], [0.1]), c.const([1], [5], "int64"), c.val({"int": -128}), c.val({"int": 127}),
          c.val({"int": 1}), o, o])
    out.append((c, [q8(v, 0.1, 5) for v in qa], [o]))

    c = Case("dequantize_per_tensor_tensor_args")
    x8 = c.const(xs, qexp, "int8")
    x, o = c.inp([1], [0.0]), c.tensor(xs)
    c.op("quantized_decomposed::dequantize_per_tensor.Tensor_out",
         [x8, c.const([1], [0.25]), c.const([1], [-3], "int64"), c.val({"int": -128}), c.val({"int": 127}),
          c.val({"int": 1}), c.val({"null": None}), o, o])
    out.append((c, [(q + 3) * 0.25 for q in qexp], [o]))

    # resampling: PyTorch's rules written out
    ua = rnd(2 * 3 * 4)
    c = Case("upsample_nearest2d")
    x, o = c.inp([1, 2, 3, 4], ua), c.tensor([1, 2, 5, 6])
    c.op("aten::upsample_nearest2d.vec_out", [x, c.val({"int_list": [5, 6]}), c.val({"null": None}), o, o])
    out.append((c, [ua[ch * 12 + min(int(oy * 3 / 5), 2) * 4 + min(int(ox * 4 / 6), 3)]
                    for ch in range(2) for oy in range(5) for ox in range(6)], [o]))

    def bilinear(data, ih, iw, oh, ow, align):
        res = []
        for oy in range(oh):
            for ox in range(ow):
                def src(d, i, o):
                    if align:
                        s_ = d * (i - 1) / (o - 1) if o > 1 else 0.0
                    else:
                        s_ = max((d + 0.5) * i / o - 0.5, 0.0)
                    lo = min(int(s_), i - 1)
                    return lo, min(lo + 1, i - 1), s_ - lo
                y0, y1, wy = src(oy, ih, oh)
                x0, x1, wx = src(ox, iw, ow)
                top = data[y0 * iw + x0] * (1 - wx) + data[y0 * iw + x1] * wx
                bot = data[y1 * iw + x0] * (1 - wx) + data[y1 * iw + x1] * wx
                res.append(top * (1 - wy) + bot * wy)
        return res

    for align in (False, True):
        c = Case("upsample_bilinear2d" + ("_align_corners" if align else ""))
        x, o = c.inp([1, 2, 3, 4], ua), c.tensor([1, 2, 5, 6])
        c.op("aten::upsample_bilinear2d.vec_out",
             [x, c.val({"int_list": [5, 6]}), c.val({"bool": align}), c.val({"null": None}), o, o])
        out.append((c, bilinear(ua[:12], 3, 4, 5, 6, align) + bilinear(ua[12:], 3, 4, 5, 6, align), [o]))

    c = Case("index_tensor")  # x[:, idx] with idx of shape [2, 2], negative indices from the end
    idx = [3, -1, 0, 2]
    x, o = c.inp([3, 5], sa + sa[:5]), c.tensor([3, 2, 2])
    c.op("aten::index.Tensor_out", [x, c.val({"opt_tensor_list": [-1, c.const([2, 2], idx, "int64")]}), o, o])
    xi = sa + sa[:5]
    out.append((c, [xi[r * 5 + (i % 5)] for r in range(3) for i in idx], [o]))

    c = Case("split_with_sizes_too_long")  # sizes beyond the dim: an error, not a read past the input
    x, p0, p1 = c.inp([2, 5], sa), c.tensor([2, 2]), c.tensor([2, 4])
    lst = c.val({"tensor_list": [p0, p1]})
    c.op("aten::split_with_sizes_copy.out", [x, c.val({"int_list": [2, 4]}), c.val({"int": 1}), lst, lst])
    c.error = "the slices exceed the dim"
    out.append((c, [], [p1]))

    # Argument counts the operator's schema never had: refused at load time
    # with the known count (kernels/portable/arg_layouts.h), not read by
    # position (a view_copy without its size used to run).
    c = Case("add_one_argument_too_many")
    x, y, o = c.inp([2], [1.0, 2.0]), c.const([2], [3.0, 4.0]), c.tensor([2])
    c.op("aten::add.out", [x, y, c.val({"int": 1}), c.val({"int": 1}), o, o])
    c.error = "6 arguments match no ExecuTorch release; known: 5 (1.0.0-main)"
    out.append((c, [], [o]))

    c = Case("view_copy_without_size")
    x, o = c.inp([2, 2], [1.0, 2.0, 3.0, 4.0]), c.tensor([4])
    c.op("aten::view_copy.out", [x, o, o])
    c.error = "3 arguments match no ExecuTorch release; known: 4 (1.0.0-main)"
    out.append((c, [], [o]))

    c = Case("unbind_copy")
    x, u0, u1, u2 = c.inp([3, 4], sa + sa[:2]), c.tensor([4]), c.tensor([4]), c.tensor([4])
    lst = c.val({"tensor_list": [u0, u1, u2]})
    c.op("aten::unbind_copy.int_out", [x, c.val({"int": 0}), lst, lst])
    out.append((c, (sa + sa[:2])[4:8], [u1]))
    return out


def prim_ops():
    """executorch_prim / symbolic-shape operators driving tensor work:
    alpha = sym_size(x, 1) * 3 (12), x + alpha * y, et_view to [8], the row
    index round(5 / 2) = 2 (half to even), floordiv(-7, 2) = -4 and
    comparisons deciding two JumpFalseCalls, et_copy_index into a mutable
    [3, 8] buffer that starts as zeros."""
    c = Case("prim_ops")
    xa, ya = rnd(8), rnd(8)
    x, y = c.inp([2, 4], xa), c.const([2, 4], ya)
    i = lambda n: c.val({"int": n})  # noqa: E731
    one, three, zero, seven_neg, two, five = i(1), i(3), i(0), i(-7), i(2), i(5)
    n, m, idx, q, half = i(0), i(0), i(0), i(0), c.val({"double": 0.0})
    lt, gt = c.val({"bool": False}), c.val({"bool": False})
    s1, v = c.tensor([2, 4]), c.tensor([8])
    buf = c.val({"tensor": {"dtype": "float32", "sizes": [3, 8], "data": [0.0] * 24, "mutable": True}})
    c.ops = [
        {"op": "aten::sym_size.int", "args": [x, one, n]},
        {"op": "executorch_prim::mul.Scalar", "args": [n, three, m]},
        {"op": "aten::add.out", "args": [x, y, m, s1, s1]},
        {"op": "executorch_prim::et_view.default", "args": [s1, c.val({"int_list": [8]}), v]},
        {"op": "executorch_prim::truediv.Scalar", "args": [five, two, half]},
        {"op": "executorch_prim::round.Scalar", "args": [half, idx]},
        {"op": "executorch_prim::floordiv.Scalar", "args": [seven_neg, two, q]},
        {"op": "executorch_prim::lt.Scalar", "args": [q, zero, lt]},
        {"op": "executorch_prim::gt.Scalar", "args": [q, zero, gt]},
        {"jump_false": gt, "to": 11},
        {"op": "executorch_prim::et_copy_index.tensor", "args": [buf, v, zero]},
        {"jump_false": lt, "to": 13},
        {"op": "executorch_prim::et_copy_index.tensor", "args": [buf, v, idx]},
        {"op": "aten::sym_numel", "args": [buf, n]},
    ]
    return c, [0.0] * 16 + [xa[k] + 12 * ya[k] for k in range(8)], [buf]


def wide_scalars():
    """Numbers a value record does not hold (runtime/et_types.h: Ints
    outside 32 bits, Doubles that are not floats, kept in the method's
    boxes): 2^40 + 5 + 1 from a prim op, moved, then the source written
    again (the move copied the number, not the box), floordiv by 2^39 = 2
    (a 32-bit truncation would divide 6 by 0); 1/3 * 3 - 1 == 0 exactly in
    double (as a float, 1/3 would leave 3e-8 and the jump would skip the
    add).  out = x + 2 * y."""
    c = Case("wide_scalars")
    xa, ya = rnd(4), rnd(4)
    x, y = c.inp([4], xa), c.const([4], ya)
    i = lambda n: c.val({"int": n})  # noqa: E731
    d = lambda v: c.val({"double": v})  # noqa: E731
    big, one, half = i((1 << 40) + 5), i(1), i(1 << 39)
    big1, moved, k = i(0), i(0), i(0)
    third, three, one_d, zero_d = d(1.0 / 3.0), d(3.0), d(1.0), d(0.0)
    t, r, exact = d(0.0), d(0.0), c.val({"bool": False})
    out = c.tensor([4])
    c.ops = [
        {"op": "executorch_prim::add.Scalar", "args": [big, one, big1]},
        {"move": [big1, moved]},
        {"op": "executorch_prim::add.Scalar", "args": [half, one, big1]},
        {"op": "executorch_prim::floordiv.Scalar", "args": [moved, half, k]},
        {"op": "executorch_prim::mul.Scalar", "args": [third, three, t]},
        {"op": "executorch_prim::sub.Scalar", "args": [t, one_d, r]},
        {"op": "executorch_prim::eq.Scalar", "args": [r, zero_d, exact]},
        {"jump_false": exact, "to": 9},
        {"op": "aten::add.out", "args": [x, y, k, out, out]},
        {"op": "aten::sym_numel", "args": [out, big1]},
    ]
    return c, [xa[j] + 2 * ya[j] for j in range(4)], [out]


def chains_and_state():
    """Two chains run in order; a mutable buffer starts from its initial
    value in the mutable data segment; a JumpFalseCall in the second chain
    (destination counted within its chain) skips a multiplication by 100."""
    c = Case("chains_and_state")
    xa, st, k = rnd(4), [0.5, -1.0, 2.0, 0.25], rnd(4)
    x = c.inp([4], xa)
    state = c.val({"tensor": {"dtype": "float32", "sizes": [4], "data": st, "mutable": True}})
    kc, hundred = c.const([4], k), c.const([1], [100.0])
    s1, s2, s3 = c.tensor([4]), c.tensor([4]), c.tensor([4])
    one, false = c.val({"int": 1}), c.val({"bool": False})
    c.chains = [
        [{"op": "aten::add.out", "args": [x, state, one, s1, s1]}],
        [{"op": "aten::mul.out", "args": [s1, kc, s2, s2]},
         {"jump_false": false, "to": 3},
         {"op": "aten::mul.out", "args": [s2, hundred, s2, s2]},
         {"op": "aten::sub.out", "args": [s2, x, one, s3, s3]}],
    ]
    return c, [(xa[i] + st[i]) * k[i] - xa[i] for i in range(4)], [s3]


def conv2d_ref(xa, xs, wa, ws, bias, stride, pad, groups):
    """NCHW convolution, weight OIHW, in double precision"""
    n_, ic, h, w = xs
    oc, icg, kh, kw = ws
    oh, ow = (h + 2 * pad - kh) // stride + 1, (w + 2 * pad - kw) // stride + 1
    ocg = oc // groups
    res = []
    for o_ in range(oc):
        for oy in range(oh):
            for ox in range(ow):
                s = bias[o_] if bias else 0.0
                for i in range(icg):
                    for ky in range(kh):
                        for kx in range(kw):
                            iy, ix = oy * stride - pad + ky, ox * stride - pad + kx
                            if 0 <= iy < h and 0 <= ix < w:
                                s += at(xa, xs, [0, (o_ // ocg) * icg + i, iy, ix]) * at(wa, ws, [o_, i, ky, kx])
                res.append(s)
    return res, [n_, oc, oh, ow]


def mobilenetv2_block():
    """A float MobileNetV2-style network: stem conv + batch norm + ReLU6
    (hardtanh 0..6), an inverted residual block (1x1 expand, 3x3
    depthwise, 1x1 project, each with batch norm), the residual add, global
    mean, and the classifier as addmm; the batch norms stay as
    _native_batch_norm_legit_no_training, as when exported without
    folding them into the convolutions."""
    c = Case("mobilenetv2_block")
    null = c.val({"null": None})

    def conv(x, xs, xa, oc, k, stride, pad, groups):
        ws = [oc, xs[1] // groups, k, k]
        wa = rnd(numel(ws), -1.0, 1.0)
        ya, ys = conv2d_ref(xa, xs, wa, ws, None, stride, pad, groups)
        o = c.tensor(ys)
        c.op("aten::convolution.out",
             [x, c.const(ws, wa), null, c.val({"int_list": [stride, stride]}), c.val({"int_list": [pad, pad]}),
              c.val({"int_list": [1, 1]}), c.val({"bool": False}), c.val({"int_list": [0, 0]}),
              c.val({"int": groups}), o, o])
        return o, ys, ya

    def batch_norm(x, xs, xa):
        ch = xs[1]
        wt, bs, mean, var = rnd(ch, 0.5, 1.5), rnd(ch, -1.0, 1.0), rnd(ch, -1.0, 1.0), rnd(ch, 0.25, 2.0)
        eps = 1e-5
        o, sm, si = c.tensor(xs), c.tensor([0]), c.tensor([0])
        outs = c.val({"tensor_list": [o, sm, si]})
        c.op("aten::_native_batch_norm_legit_no_training.out",
             [x, c.const([ch], wt), c.const([ch], bs), c.const([ch], mean), c.const([ch], var),
              c.val({"double": 0.1}), c.val({"double": eps}), o, sm, si, outs])
        inner = numel(xs) // (xs[0] * ch)
        ya = [(v - mean[(i // inner) % ch]) / math.sqrt(var[(i // inner) % ch] + eps) * wt[(i // inner) % ch] +
              bs[(i // inner) % ch] for i, v in enumerate(xa)]
        return o, ya

    def relu6(x, xs, xa):
        o = c.tensor(xs)
        c.op("aten::hardtanh.out", [x, c.val({"double": 0.0}), c.val({"double": 6.0}), o, o])
        return o, [min(6.0, max(0.0, v)) for v in xa]

    xs = [1, 3, 8, 8]
    xa = rnd(numel(xs))
    x = c.inp(xs, xa)
    t, ts, ta = conv(x, xs, xa, 8, 3, 2, 1, 1)
    t, ta = batch_norm(t, ts, ta)
    stem, stem_a = relu6(t, ts, ta)
    stem_s = ts
    t, ts, ta = conv(stem, stem_s, stem_a, 16, 1, 1, 0, 1)
    t, ta = batch_norm(t, ts, ta)
    t, ta = relu6(t, ts, ta)
    t, ts, ta = conv(t, ts, ta, 16, 3, 1, 1, 16)
    t, ta = batch_norm(t, ts, ta)
    t, ta = relu6(t, ts, ta)
    t, ts, ta = conv(t, ts, ta, 8, 1, 1, 0, 1)
    t, ta = batch_norm(t, ts, ta)
    r = c.tensor(ts)
    c.op("aten::add.out", [stem, t, c.val({"int": 1}), r, r])
    ra = [p + q for p, q in zip(stem_a, ta)]
    m = c.tensor([1, 8, 1, 1])
    c.op("aten::mean.out", [r, c.val({"int_list": [-1, -2]}), c.val({"bool": True}), null, m, m])
    hw = ts[2] * ts[3]
    ma = [sum(ra[ch * hw:(ch + 1) * hw]) / hw for ch in range(8)]
    f = c.tensor([1, 8])
    c.op("aten::view_copy.out", [m, c.val({"int_list": [1, 8]}), f, f])
    wt, bs = rnd(8 * 5, -1.0, 1.0), rnd(5, -1.0, 1.0)
    o = c.tensor([1, 5])
    c.op("aten::addmm.out", [c.const([5], bs), f, c.const([8, 5], wt), c.val({"double": 1.0}),
                             c.val({"double": 1.0}), o, o])
    return c, [bs[n] + sum(ma[k] * wt[k * 5 + n] for k in range(8)) for n in range(5)], [o]


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    names = []
    for c, expect, outs in cases():
        c.write(outdir, expect, outs)
        names.append("%s %d" % (c.name, len(c.feeds)))
    with open(os.path.join(outdir, "cases.txt"), "w") as f:
        f.write("\n".join(names) + "\n")


if __name__ == "__main__":
    main()
