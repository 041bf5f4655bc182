#!/usr/bin/env python3
"""The cortex_m:: operators in the argument layout of each ExecuTorch
release (1.0.0 ... 1.4.1 and main): one small .pte per operator and layout,
written with tools/pte_write.py, its raw int8 inputs, and the expected
output computed here with CMSIS-NN's integer arithmetic as gemmlowp
defines it (written out below in Python, independently of the runtime).

The layouts are the schemas of backends/cortex_m/ops/operators.py at the
release tags of github.com/pytorch/executorch (runtime/README.md lists
them); a case's KernelCall has exactly that release's arguments, then out
and the return value.

  python3 tests/runtime/gen_release_ops.py OUTDIR

writes what tests/runtime/float_ops.sh runs (OUTDIR/NAME.pte,
NAME.in0.f32 (raw bytes, whatever the dtype), NAME.expect, cases.txt), and
for cases that must be refused NAME.error: the text the error names.
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_float_ops import Case  # noqa: E402

_seed = [2024]


def rnd_i8(n, lo=-128, hi=127):
    out = []
    for _ in range(n):
        _seed[0] = (_seed[0] * 1103515245 + 12345) % (1 << 31)
        out.append(lo + (_seed[0] >> 8) % (hi - lo + 1))
    return out


# ---- gemmlowp / CMSIS-NN integer arithmetic ------------------------------------
def wrap32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >= 1 << 31 else x


def srdhm(a, b):
    """saturating rounding doubling high multiply"""
    if a == b == -(1 << 31):
        return (1 << 31) - 1
    ab = a * b
    num = ab + ((1 << 30) if ab >= 0 else 1 - (1 << 30))
    q = abs(num) >> 31
    return q if num >= 0 else -q  # toward zero


def rdbpot(x, e):
    """rounding divide by 2^e, halves away from zero"""
    if e <= 0:
        return x
    mask = (1 << e) - 1
    rem, thr = x & mask, (mask >> 1) + (1 if x < 0 else 0)
    return (x >> e) + (1 if rem > thr else 0)


def requant(x, mult, shift):
    return rdbpot(srdhm(wrap32(x << max(shift, 0)), mult), max(-shift, 0))


def quant_mult(scale):
    """(multiplier, shift) with scale = multiplier * 2^shift / 2^31"""
    m, e = math.frexp(scale)
    q = int(round(m * (1 << 31)))
    if q == 1 << 31:
        q, e = q // 2, e + 1
    return q, e


def clamp(x, lo, hi):
    return max(lo, min(hi, x))


# ---- helpers --------------------------------------------------------------------
NHWC = [0, 2, 3, 1]


class QCase(Case):
    def inp_i8(self, shape, data, dim_order=None):
        t = {"dtype": "int8", "sizes": shape}
        if dim_order:
            t["dim_order"] = dim_order
        i = self.val({"tensor": t})
        self.inputs.append(i)
        self.feeds.append(data)
        return i

    def out_i8(self, shape, dim_order=None):
        t = {"dtype": "int8", "sizes": shape}
        if dim_order:
            t["dim_order"] = dim_order
        return self.val({"tensor": t})

    def i(self, n):
        return self.val({"int": n})

    def il(self, xs):
        return self.val({"int_list": xs})

    def write_raw(self, outdir, expect, outs, error=None):
        feeds, self.feeds = self.feeds, []
        self.write(outdir, expect, outs)
        self.feeds = feeds
        for k, data in enumerate(feeds):
            with open(os.path.join(outdir, "%s.in%d.f32" % (self.name, k)), "wb") as f:
                if any(isinstance(v, float) for v in data):
                    f.write(struct.pack("<%df" % len(data), *data))
                else:
                    f.write(bytes(v & 0xFF for v in data))
        if error:
            with open(os.path.join(outdir, self.name + ".error"), "w") as f:
                f.write(error + "\n")


# ---- operators ------------------------------------------------------------------
def conv_case(release, with_scratch):
    """quantized_conv2d: 1x4x4x2 NHWC input, 3 output channels, 3x3, stride 2, pad 1."""
    c = QCase("conv2d_" + release)
    H = W = 4
    IC, OC, K = 2, 3, 3
    xa, wa = rnd_i8(H * W * IC), rnd_i8(OC * K * K * IC, -60, 60)
    bias = [1000, -2000, 300]
    mults, shifts = zip(*[quant_mult(s) for s in (0.0021, 0.0017, 0.0034)])
    io, oo, amin, amax = 5, -3, -100, 110
    x = c.inp_i8([1, IC, H, W], xa, NHWC)
    o = c.out_i8([1, OC, 2, 2], NHWC)
    args = [x, c.const([OC, K, K, IC], wa, "int8"), c.const([OC], bias, "int32"), c.il([2, 2]), c.il([1, 1]),
            c.il([1, 1]), c.i(io), c.i(oo), c.const([OC], list(mults), "int32"), c.const([OC], list(shifts), "int32"),
            c.i(amin), c.i(amax)]
    if with_scratch:
        args.append(c.out_i8([64]))
    c.op("cortex_m::quantized_conv2d.out", args + [o, o])
    exp = []
    for oy in range(2):
        for ox in range(2):
            for oc in range(OC):
                acc = bias[oc]
                for ky in range(K):
                    for kx in range(K):
                        iy, ix = oy * 2 - 1 + ky, ox * 2 - 1 + kx
                        if 0 <= iy < H and 0 <= ix < W:
                            for ic in range(IC):
                                acc += (xa[(iy * W + ix) * IC + ic] + io) * wa[((oc * K + ky) * K + kx) * IC + ic]
                exp.append(clamp(requant(acc, mults[oc], shifts[oc]) + oo, amin, amax))
    return c, exp, [o]


def depthwise_case(release, with_scratch):
    """quantized_depthwise_conv2d: 1x5x5x2 NHWC input, depth multiplier 2, 3x3, stride 1, pad 1, dilation 2."""
    c = QCase("depthwise_conv2d_" + release)
    H = W = 5
    IC, DM, K = 2, 2, 3
    OC = IC * DM
    OH = OW = 3  # (5 + 2 - 2*(3-1) - 1) / 1 + 1
    xa, wa = rnd_i8(H * W * IC), rnd_i8(K * K * OC, -70, 70)
    bias = [-500, 700, 20, 0]
    mults, shifts = zip(*[quant_mult(s) for s in (0.004, 0.0031, 0.0052, 0.0027)])
    io, oo, amin, amax = -7, 4, -128, 127
    x = c.inp_i8([1, IC, H, W], xa, NHWC)
    o = c.out_i8([1, OC, OH, OW], NHWC)
    args = [x, c.const([1, K, K, OC], wa, "int8"), c.const([OC], bias, "int32"), c.il([1, 1]), c.il([1, 1]),
            c.il([2, 2]), c.i(DM), c.i(io), c.i(oo), c.const([OC], list(mults), "int32"),
            c.const([OC], list(shifts), "int32"), c.i(amin), c.i(amax)]
    if with_scratch:
        args.append(c.out_i8([64]))
    c.op("cortex_m::quantized_depthwise_conv2d.out", args + [o, o])
    exp = []
    for oy in range(OH):
        for ox in range(OW):
            for oc in range(OC):
                ic = oc // DM
                acc = bias[oc]
                for ky in range(K):
                    for kx in range(K):
                        iy, ix = oy - 1 + 2 * ky, ox - 1 + 2 * kx
                        if 0 <= iy < H and 0 <= ix < W:
                            acc += (xa[(iy * W + ix) * IC + ic] + io) * wa[(ky * K + kx) * OC + oc]
                exp.append(clamp(requant(acc, mults[oc], shifts[oc]) + oo, amin, amax))
    return c, exp, [o]


def avg_pool_case(release, layout, ceil_mode=False):
    """quantized_avg_pool2d: 1x5x5x3 NHWC, 2x2 windows, stride 2; ceil_mode adds the partial last row/column."""
    c = QCase("avg_pool2d_" + release + ("_ceil" if ceil_mode else ""))
    H = W = 5
    C = 3
    OH = 3 if ceil_mode else 2
    xa = rnd_i8(H * W * C)
    x = c.inp_i8([1, C, H, W], xa, NHWC)
    o = c.out_i8([1, C, OH, OH], NHWC)
    head = [x, c.il([2, 2]), c.il([2, 2]), c.il([0, 0])]
    quant = [c.i(-3), c.i(1 << 30), c.i(1)]  # zero point, multiplier, shift: unused (same quantization in and out)
    if layout == "1.1":
        args = head + quant
    elif layout == "1.4":
        args = head + quant + [c.out_i8([16])]
    else:
        args = head + [c.val({"bool": ceil_mode})] + quant + [c.out_i8([16])]
    c.op("cortex_m::quantized_avg_pool2d.out", args + [o, o])
    exp = []
    for oy in range(OH):
        for ox in range(OH):
            for ch in range(C):
                vals = [xa[(y * W + xx) * C + ch] for y in range(2 * oy, min(2 * oy + 2, H))
                        for xx in range(2 * ox, min(2 * ox + 2, W))]
                s, n = sum(vals), len(vals)
                q = (abs(s) * 2 + n) // (2 * n)  # |s|/n rounded half up, then the sign: half away from zero
                exp.append(clamp(q if s >= 0 else -q, -128, 127))
    return c, exp, [o]


def bmm_case(release, with_scratch):
    """quantized_batch_matmul: [2,2,5] x [2,3,5]^T -> [2,2,3]; zero point arguments are offsets added to the values."""
    c = QCase("batch_matmul_" + release)
    B, M, N, K = 2, 2, 3, 5
    la, ra = rnd_i8(B * M * K), rnd_i8(B * N * K)
    loff, roff, ooff = 3, -2, 7
    mult, shift = quant_mult(0.0007)
    x = c.inp_i8([B, M, K], la)
    o = c.out_i8([B, M, N])
    args = [x, c.i(loff), c.const([B, N, K], ra, "int8"), c.i(roff), c.i(ooff), c.i(mult), c.i(shift)]
    if with_scratch:
        args.append(c.out_i8([16]))
    c.op("cortex_m::quantized_batch_matmul.out", args + [o, o])
    exp = []
    for b in range(B):
        for m in range(M):
            for n in range(N):
                acc = sum((la[(b * M + m) * K + k] + loff) * (ra[(b * N + n) * K + k] + roff) for k in range(K))
                exp.append(clamp(requant(acc, mult, shift) + ooff, -128, 127))
    return c, exp, [o]


def add_case(release, with_activation):
    """quantized_add: TFLite/CMSIS int8 addition, inputs rescaled with a left shift of 20."""
    c = QCase("add_" + release)
    n = 24
    xa, ya = rnd_i8(n), rnd_i8(n)
    s1, s2, so = 0.05, 0.08, 0.09
    zp1, zp2, zpo = -4, 9, 2
    twice_max = 2 * max(s1, s2)
    m1, sh1 = quant_mult(s1 / twice_max)
    m2, sh2 = quant_mult(s2 / twice_max)
    mo, sho = quant_mult(twice_max / ((1 << 20) * so))
    amin, amax = (-90, 100) if with_activation else (-128, 127)
    x, y = c.inp_i8([2, 12], xa), c.inp_i8([2, 12], ya)
    o = c.out_i8([2, 12])
    args = [x, c.i(zp1), c.i(m1), c.i(sh1), y, c.i(zp2), c.i(m2), c.i(sh2), c.i(zpo), c.i(mo), c.i(sho)]
    if with_activation:
        args += [c.i(amin), c.i(amax)]
    c.op("cortex_m::quantized_add.out", args + [o, o])
    exp = []
    for a, b in zip(xa, ya):
        ra = requant((a - zp1) << 20, m1, sh1)
        rb = requant((b - zp2) << 20, m2, sh2)
        exp.append(clamp(requant(ra + rb, mo, sho) + zpo, amin, amax))
    return c, exp, [o]


def linear_kernel_sum_case():
    """quantized_linear with a kernel_sum as upstream's MVE lowering computes it,
    bias + input_offset * sum(w + filter_offset), and a filter offset other
    than 0: the result must be sum((x + io) * (w + fo)) + bias, requantized."""
    c = QCase("linear_kernel_sum_filter_offset")
    B, IN, OUT = 2, 20, 3
    xa, wa = rnd_i8(B * IN), rnd_i8(OUT * IN, -50, 50)
    bias = [300, -200, 50]
    io, fo, oo = 11, -3, -5
    mult, shift = quant_mult(0.0009)
    ksum = [bias[o] + io * sum(wa[o * IN + k] + fo for k in range(IN)) for o in range(OUT)]
    x = c.inp_i8([B, IN], xa)
    o = c.out_i8([B, OUT])
    c.op("cortex_m::quantized_linear.out",
         [x, c.const([OUT, IN], wa, "int8"), c.val({"null": None}), c.const([OUT], ksum, "int32"), c.i(io), c.i(fo),
          c.i(oo), c.il([mult]), c.il([shift]), c.i(127), c.i(-128), o, o])
    exp = []
    for b in range(B):
        for oc in range(OUT):
            acc = bias[oc] + sum((xa[b * IN + k] + io) * (wa[oc * IN + k] + fo) for k in range(IN))
            exp.append(clamp(requant(acc, mult, shift) + oo, -128, 127))
    return c, exp, [o]


def transpose_conv_case(release, with_scratch):
    """quantized_transpose_conv2d: 1x2x2x2 NHWC, 3 output channels, 3x3,
    stride 2, pad 1, output_padding 1 -> 4x4; the reference scatters every
    input pixel through every tap (PyTorch's conv_transpose2d)."""
    c = QCase("transpose_conv2d_" + release)
    H = W = 2
    IC, OC, K, S, P, OP = 2, 3, 3, 2, 1, 1
    OH = (H - 1) * S - 2 * P + (K - 1) + OP + 1
    xa, wa = rnd_i8(H * W * IC), rnd_i8(OC * K * K * IC, -60, 60)
    bias = [-300, 500, 70]
    mults, shifts = zip(*[quant_mult(s) for s in (0.006, 0.004, 0.009)])
    io, oo = 9, -4
    x = c.inp_i8([1, IC, H, W], xa, NHWC)
    o = c.out_i8([1, OC, OH, OH], NHWC)
    args = [x, c.const([OC, K, K, IC], wa, "int8"), c.const([OC], bias, "int32"), c.il([S, S]), c.il([P, P]),
            c.il([OP, OP]), c.il([1, 1]), c.i(io), c.i(oo), c.const([OC], list(mults), "int32"),
            c.const([OC], list(shifts), "int32"), c.i(-128), c.i(127)]
    if with_scratch:
        args += [c.out_i8([64]), c.out_i8([64])]
    c.op("cortex_m::quantized_transpose_conv2d.out", args + [o, o])
    acc = [[[bias[oc] for oc in range(OC)] for _ in range(OH)] for _ in range(OH)]
    for iy in range(H):
        for ix in range(W):
            for ky in range(K):
                for kx in range(K):
                    oy, ox = iy * S - P + ky, ix * S - P + kx
                    if 0 <= oy < OH and 0 <= ox < OH:
                        for oc in range(OC):
                            acc[oy][ox][oc] += sum((xa[(iy * W + ix) * IC + ic] + io) *
                                                   wa[((oc * K + ky) * K + kx) * IC + ic] for ic in range(IC))
    exp = [clamp(requant(acc[oy][ox][oc], mults[oc], shifts[oc]) + oo, -128, 127)
           for oy in range(OH) for ox in range(OH) for oc in range(OC)]
    return c, exp, [o]


def add_scalar_doubles_case():
    """1.0/1.1 typed quantized_add's zero points, multipliers and shifts
    `Scalar`: whole numbers written as Doubles must read as those ints."""
    c, exp, outs = add_case("1_0_to_1_2", False)
    c.name = "add_1_1_scalar_doubles"
    args = c.ops[0]["args"]
    for k in (1, 2, 3, 5, 6, 7, 8, 9, 10):
        c.values[args[k]] = {"double": float(c.values[args[k]]["int"])}
    return c, exp, outs


def pad_cases():
    """cortex_m::pad (1.2.0 on): pads per physical dim (N, H, W, C), with and
    without channel padding (the two copy paths)."""
    out = []
    for name, pre, post in (("pad_spatial", [0, 1, 2, 0], [0, 2, 1, 0]), ("pad_channels", [0, 1, 0, 1], [0, 0, 1, 2])):
        c = QCase(name)
        H, W, C = 2, 3, 2
        xa = rnd_i8(H * W * C)
        OH, OW, OC = H + pre[1] + post[1], W + pre[2] + post[2], C + pre[3] + post[3]
        x = c.inp_i8([1, C, H, W], xa, NHWC)
        o = c.out_i8([1, OC, OH, OW], NHWC)
        c.op("cortex_m::pad.out", [x, c.il(pre), c.il(post), c.i(-7), o, o])
        exp = []
        for y in range(OH):
            for xx in range(OW):
                for ch in range(OC):
                    iy, ix, ic = y - pre[1], xx - pre[2], ch - pre[3]
                    inside = 0 <= iy < H and 0 <= ix < W and 0 <= ic < C
                    exp.append(xa[(iy * W + ix) * C + ic] if inside else -7)
        out.append((c, exp, [o], None))
    return out


def unchanged_layout_cases():
    """The operators whose argument lists never changed, once each in that
    list: quantized_mul (1.1.0 on), quantized_max_pool2d (1.2.0 on),
    minimum/maximum and transpose (1.1.0 on), quantized_activation (1.4.0 on)."""
    out = []
    c = QCase("mul_1_1_to_main")
    xa, ya = rnd_i8(24), rnd_i8(24)
    zx, zy, zo = 5, -9, 3
    m, sh = quant_mult(0.0021)
    x, y, o = c.inp_i8([2, 12], xa), c.inp_i8([2, 12], ya), c.out_i8([2, 12])
    c.op("cortex_m::quantized_mul.out", [x, c.i(zx), y, c.i(zy), c.i(zo), c.i(m), c.i(sh), o, o])
    out.append((c, [clamp(requant((a - zx) * (b - zy), m, sh) + zo, -128, 127) for a, b in zip(xa, ya)], [o], None))

    c = QCase("max_pool2d_1_2_to_main")  # 3x3 windows, stride 2, pad 1, ceil_mode off, activation [-100, 100]
    H = W = 5
    C = 2
    xa = rnd_i8(H * W * C)
    x, o = c.inp_i8([1, C, H, W], xa, NHWC), c.out_i8([1, C, 3, 3], NHWC)
    c.op("cortex_m::quantized_max_pool2d.out", [x, c.il([3, 3]), c.il([2, 2]), c.il([1, 1]), c.il([1, 1]),
                                                c.val({"bool": False}), c.i(4), c.i(4), c.i(-100), c.i(100), o, o])
    exp = []
    for oy in range(3):
        for ox in range(3):
            for ch in range(C):
                v = max(xa[(yy * W + xx) * C + ch] for yy in range(max(oy * 2 - 1, 0), min(oy * 2 + 2, H))
                        for xx in range(max(ox * 2 - 1, 0), min(ox * 2 + 2, W)))
                exp.append(clamp(v, -100, 100))
    out.append((c, exp, [o], None))

    # 16 and 20 channels: whole and partial Helium channel groups over several pixels
    for C, (H, W, OH, OW) in ((16, (3, 3, 2, 2)), (20, (3, 5, 1, 2))):
        c = QCase("max_pool2d_%d_channels" % C)
        xa = rnd_i8(H * W * C)
        sy, sx, py, px = (2, 2, 1, 1) if C == 16 else (3, 2, 0, 0)
        x, o = c.inp_i8([1, C, H, W], xa, NHWC), c.out_i8([1, C, OH, OW], NHWC)
        c.op("cortex_m::quantized_max_pool2d.out", [x, c.il([3, 3]), c.il([sy, sx]), c.il([py, px]), c.il([1, 1]),
                                                    c.val({"bool": False}), c.i(0), c.i(0), c.i(-128), c.i(127), o, o])
        exp = [max(xa[(yy * W + xx) * C + ch] for yy in range(max(oy * sy - py, 0), min(oy * sy - py + 3, H))
                   for xx in range(max(ox * sx - px, 0), min(ox * sx - px + 3, W)))
               for oy in range(OH) for ox in range(OW) for ch in range(C)]
        out.append((c, exp, [o], None))

    c = QCase("avg_pool2d_20_channels")  # partial Helium channel group over two pixels
    C, H, W = 20, 3, 5
    xa = rnd_i8(H * W * C)
    x, o = c.inp_i8([1, C, H, W], xa, NHWC), c.out_i8([1, C, 1, 2], NHWC)
    c.op("cortex_m::quantized_avg_pool2d.out", [x, c.il([3, 3]), c.il([3, 2]), c.il([0, 0]), c.val({"bool": False}),
                                                c.i(0), c.i(1 << 30), c.i(1), c.out_i8([16]), o, o])
    exp = []
    for ox in range(2):
        for ch in range(C):
            sm = sum(xa[(yy * W + xx) * C + ch] for yy in range(3) for xx in range(ox * 2, ox * 2 + 3))
            q = (abs(sm) * 2 + 9) // 18
            exp.append(clamp(q if sm >= 0 else -q, -128, 127))
    out.append((c, exp, [o], None))

    for name, fn in (("minimum", min), ("maximum", max)):
        c = QCase(name + "_1_1_to_main")
        xa, ya = rnd_i8(12), rnd_i8(4)
        x, y, o = c.inp_i8([3, 4], xa), c.inp_i8([4], ya), c.out_i8([3, 4])
        c.op("cortex_m::%s.out" % name, [x, y, o, o])
        out.append((c, [fn(xa[i], ya[i % 4]) for i in range(12)], [o], None))

    c = QCase("transpose_1_1_to_main")
    xa = rnd_i8(24)
    x, o = c.inp_i8([2, 3, 4], xa), c.out_i8([4, 2, 3])
    c.op("cortex_m::transpose.out", [x, c.il([2, 0, 1]), o, o])
    out.append((c, [xa[(a * 3 + b) * 4 + k] for k in range(4) for a in range(2) for b in range(3)], [o], None))

    c = QCase("activation_lut_1_4_to_main")
    xa = rnd_i8(16)
    lut = [((i * 37) % 256) - 128 for i in range(256)]
    x, o = c.inp_i8([16], xa), c.out_i8([16])
    c.op("cortex_m::quantized_activation.out", [x, c.const([256], lut, "int8"), o, o])
    out.append((c, [lut[v + 128] for v in xa], [o], None))
    return out


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def div_case():
    """quantized_div (main): float quotient of the zero-point-corrected
    operands (0 for a zero divisor) times output_scale, rounded half away
    from zero, plus the output zero point, clamped; all in float32."""
    c = QCase("div_main")
    xa, ya = rnd_i8(32), rnd_i8(32, -20, 20)
    ya[3] = ya[7] = 4  # the divisor's zero point: quotient 0
    zx, zy, zo, scale = -3, 4, 6, 12.5
    x, y = c.inp_i8([4, 8], xa), c.inp_i8([4, 8], ya)
    o = c.out_i8([4, 8])
    c.op("cortex_m::quantized_div.out", [x, c.i(zx), y, c.i(zy), c.i(zo), c.val({"double": scale}), o, o])
    exp = []
    for a, b in zip(xa, ya):
        q = f32(f32(a - zx) / f32(b - zy)) if b != zy else 0.0
        v = f32(q * scale)
        r = math.floor(abs(v) + 0.5) * (1 if v >= 0 else -1)
        exp.append(clamp(int(r) + zo, -128, 127))
    return c, exp, [o]


def semantics_cases():
    """Where upstream's kernels make a choice: each case states it."""
    out = []
    # avg_pool2d over a window entirely in the padding: CMSIS-NN's argument error
    c = QCase("avg_pool2d_empty_window")
    x = c.inp_i8([1, 1, 2, 2], [1, 2, 3, 4], NHWC)
    o = c.out_i8([1, 1, 4, 4], NHWC)
    c.op("cortex_m::quantized_avg_pool2d.out",
         [x, c.il([1, 1]), c.il([1, 1]), c.il([1, 1]), c.i(0), c.i(1 << 30), c.i(1), c.out_i8([16]), o, o])
    out.append((c, [], [o], "a pooling window lies entirely in the padding"))

    # softmax with an input shift of 32 (upstream's lowering for input scales
    # of 16 and more): CMSIS-NN's diff * (1 << 32) is 0 in 32-bit registers, so
    # every element within diff_min gets exp(0): a uniform distribution, 1/4
    # of 256 = 64 above the zero point -128.
    c = QCase("softmax_shift_32")
    x = c.inp_i8([1, 4], [10, -20, 30, 5])
    o = c.out_i8([1, 4])
    c.op("cortex_m::softmax.out", [x, c.i(-1), c.i(0), c.i(-128), c.i(1 << 30), c.i(32), c.i(-100), o, o])
    out.append((c, [-64] * 4, [o], None))

    # quantized_add with broadcasting beyond upstream's (equal shapes or one
    # per-channel input): accepted here, each element of [1, 12] added to
    # both rows of [2, 12] (a superset; shapes upstream takes give the same).
    c = QCase("add_broadcast_rows")
    xa, ya = rnd_i8(24), rnd_i8(12)
    m1, sh1 = quant_mult(0.5)
    mo, sho = quant_mult(1.0 / (1 << 20))
    x, y = c.inp_i8([2, 12], xa), c.inp_i8([1, 12], ya)
    o = c.out_i8([2, 12])
    c.op("cortex_m::quantized_add.out", [x, c.i(0), c.i(m1), c.i(sh1), y, c.i(0), c.i(m1), c.i(sh1), c.i(0),
                                         c.i(mo), c.i(sho), c.i(-128), c.i(127), o, o])
    exp = [clamp(requant(requant(xa[i] << 20, m1, sh1) + requant(ya[i % 12] << 20, m1, sh1), mo, sho), -128, 127)
           for i in range(24)]
    out.append((c, exp, [o], None))

    # quantize_per_tensor: round half to even, then clamp (the portable
    # reference).  Upstream's Helium path narrows to int16 before clamping,
    # so 1e6 / scale wraps there; here it saturates.
    c = QCase("quantize_rounding_and_saturation")
    scale = 0.5
    xs = [1e6, -1e6, 1.25, 1.75, -1.25, 0.0]
    x = c.inp([6], xs)
    o = c.out_i8([6])
    c.op("cortex_m::quantize_per_tensor.out",
         [x, c.val({"double": scale}), c.i(3), c.i(-128), c.i(127), c.i(1), o, o])
    out.append((c, [127, -128, 3 + 2, 3 + 4, 3 - 2, 3], [o], None))

    # ties, infinities, NaN and values beyond int32 (the scalar loop and the
    # Helium one in the MVE runner must both give these)
    c = QCase("quantize_ties_and_extremes")
    xs = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 126.5, -127.5, float("inf"), float("-inf"), float("nan"), 3e9, -3e9,
          2147483520.0, 0.49999997, -0.0]
    x = c.inp([16], xs)
    o = c.out_i8([16])
    c.op("cortex_m::quantize_per_tensor.out", [x, c.val({"double": 1.0}), c.i(-1), c.i(-128), c.i(127), c.i(1), o, o])
    ties = [0, 2, 2, 0, -2, -2, 126, -128]
    out.append((c, [clamp(t - 1, -128, 127) for t in ties] + [127, -128, -1, 127, -128, 127, -1, -1], [o], None))
    return out


def cases():
    out = []
    for rel, scratch in (("1_1_to_1_3", False), ("1_4_to_main", True)):
        out.append(conv_case(rel, scratch) + (None,))
        out.append(depthwise_case(rel, scratch) + (None,))
    out.append(avg_pool_case("1_1_to_1_3", "1.1") + (None,))
    out.append(avg_pool_case("1_4", "1.4") + (None,))
    out.append(avg_pool_case("main", "main") + (None,))
    out.append(avg_pool_case("main", "main", ceil_mode=True) + (None,))
    out.append(bmm_case("1_2_to_1_3", False) + (None,))
    out.append(bmm_case("1_4_to_main", True) + (None,))
    out.append(add_case("1_0_to_1_2", False) + (None,))
    out.append(add_case("1_3_to_main", True) + (None,))
    out.append(linear_kernel_sum_case() + (None,))
    out.append(div_case() + (None,))
    out.append(add_scalar_doubles_case() + (None,))
    out += pad_cases()
    out += unchanged_layout_cases()
    out.append(transpose_conv_case("1_2_to_1_3", False) + (None,))
    out.append(transpose_conv_case("1_4_to_main", True) + (None,))
    out += semantics_cases()
    # An argument list no release had: a clear error, not a crash.
    c, _, outs = conv_case("bad_count", False)
    c.ops[0]["args"] = c.ops[0]["args"][:-3] + c.ops[0]["args"][-2:]
    out.append((c, [], outs, "13 arguments match no ExecuTorch release"))
    # The operators whose list never changed are checked the same way.
    c = QCase("transpose_bad_count")
    x, o = c.inp_i8([2, 3, 4], rnd_i8(24)), c.out_i8([4, 2, 3])
    c.op("cortex_m::transpose.out", [x, c.il([2, 0, 1]), c.i(0), o, o])
    out.append((c, [], [o], "5 arguments match no ExecuTorch release; known: 4 (1.1.0-main)"))
    return out


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    names = []
    for c, expect, outs, error in cases():
        c.write_raw(outdir, expect, outs, error)
        names.append("%s %d" % (c.name, len(c.feeds)))
    with open(os.path.join(outdir, "cases.txt"), "w") as f:
        f.write("\n".join(names) + "\n")


if __name__ == "__main__":
    main()
